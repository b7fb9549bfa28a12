//! `play -o report.html`: one self-contained page (no script, no network
//! resource) of a series of games on one universe board: the figures, and
//! per seat and per start a chart of win rates with their 95 % intervals
//! beside the equal share, then the same as tables.

use std::fmt::Write;

use boardwright::universe::play::{Played, Rate};
use scene::{Anchor, Color, Page, Shape, Style};

use super::fairness::decimals;
use super::html::{BOTTOM, COLORS, LEFT, RIGHT, STYLE, TOP, WIDTH, axes, axis_text, esc, scale};

const INK: Color = Color::rgb(0x22, 0x22, 0x22);

/// Chart height in millimetres; the width and margins are the analyze
/// report's.
const HEIGHT: f64 = 50.0;

/// The whole page.
pub fn page(played: &Played<'_>) -> String {
    let report = played.report;
    let mut out = String::new();
    let title = format!(
        "boardwright play: universe \u{201c}{}\u{201d}, {} players, {} games",
        played.seed, report.players, report.games
    );
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n<style>{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
        esc(&title),
        STYLE
    );
    let decided = report.games - report.stalls;
    let share = f64::from(decided) / f64::from(report.games.max(1)) / f64::from(report.players.max(1));
    let _ = writeln!(
        out,
        "<p>Bots: {}. The same games come back with <code>boardwright play universe --seed {}</code> and the board's parameters.</p>",
        esc(&report.bots.join(", ")),
        esc(played.seed)
    );
    out.push_str("<table class=\"figures\">\n");
    let rows = [
        ("games no one won (stalls)", format!("{} of {}", report.stalls, report.games)),
        ("Balance (1 − largest gap between seats)", decimals(report.balance, 3)),
        ("first seat's advantage over an equal share", decimals(report.advantage_p1, 3)),
        (
            "seats against equal shares (chi-square)",
            format!(
                "{} on {} degrees, p {}",
                decimals(report.chi_square.statistic, 2),
                report.chi_square.degrees,
                if report.chi_square.p_value < 1e-4 {
                    "below 0.0001".to_string()
                } else {
                    format!("= {}", decimals(report.chi_square.p_value, 4))
                }
            ),
        ),
        ("best minus worst start", decimals(report.start_spread, 3)),
        ("… what chance alone gives", decimals(report.chance_start_spread, 3)),
        ("… the excess over chance", decimals(report.excess_start_spread, 3)),
        (
            "game length in rounds",
            format!("mean {}, p95 {}", decimals(report.turns.mean, 1), report.turns.p95),
        ),
    ];
    for (what, value) in rows {
        let _ = writeln!(out, "<tr><th>{}</th><td>{}</td></tr>", esc(what), esc(&value));
    }
    out.push_str("</table>\n");

    let seats: Vec<(String, &Rate)> = report.seats.iter().map(|s| (s.seat.to_string(), &s.rate)).collect();
    section(&mut out, "By seat, in turn order", "seat", &seats, share, &[]);
    let held: Vec<u32> = report.starts.iter().map(|s| s.held).collect();
    let pooled = report.starts.iter().map(|s| s.rate.wins).sum::<u32>() as f64 / f64::from(held.iter().sum::<u32>().max(1));
    let starts: Vec<(String, &Rate)> = report.starts.iter().map(|s| (s.node.to_string(), &s.rate)).collect();
    section(&mut out, "By starting node", "node", &starts, pooled, &held);
    if !report.bot_rates.is_empty() {
        let bots: Vec<(String, &Rate)> = report.bot_rates.iter().map(|b| (b.bot.clone(), &b.rate)).collect();
        let played: Vec<u32> = report.bot_rates.iter().map(|b| b.played).collect();
        section(&mut out, "By bot", "bot", &bots, share, &played);
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// A chart and a table of `rates`, named by `what`, beside `share` (a
/// dashed line); `held`, when given, says in how many games each was played.
fn section(out: &mut String, title: &str, what: &str, rates: &[(String, &Rate)], share: f64, held: &[u32]) {
    let _ = writeln!(
        out,
        "<section>\n<h2>{}</h2>\n<p class=\"meaning\">Win rate with its 95 % interval (Wilson); the dashed line is an equal share, {}.</p>",
        esc(title),
        decimals(share, 3)
    );
    out.push_str("<div class=\"chart\">");
    out.push_str(&render::svg::page(&chart(rates, share), title));
    let extra = if held.is_empty() { "" } else { "<th>played</th>" };
    let _ = write!(
        out,
        "</div>\n<table class=\"figures\">\n<tr><th>{}</th>{extra}<th>wins</th><th>win rate</th><th>95 % interval</th></tr>\n",
        esc(what)
    );
    for (k, (name, rate)) in rates.iter().enumerate() {
        let played = held.get(k).map(|h| format!("<td>{h}</td>")).unwrap_or_default();
        let _ = writeln!(
            out,
            "<tr><td>{}</td>{played}<td>{}</td><td>{}</td><td>{} – {}</td></tr>",
            esc(name),
            rate.wins,
            decimals(rate.win_rate, 3),
            decimals(rate.interval[0], 3),
            decimals(rate.interval[1], 3)
        );
    }
    out.push_str("</table>\n</section>\n");
}

/// Bars of the win rates with whiskers for their intervals, over a scale
/// from 0 to the highest interval's end, and a dashed line at `share`.
fn chart(rates: &[(String, &Rate)], share: f64) -> Page {
    let (x0, x1, y0, y1) = (LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM);
    let top = rates.iter().map(|(_, r)| r.interval[1]).fold(share, f64::max).max(0.01);
    let y = |v: f64| y1 - v / top * (y1 - y0);
    let line = |from, to, style| Shape::Line { from, to, style };
    let mut shapes: Vec<Shape> = axes(HEIGHT).into_iter().chain(scale(HEIGHT, top)).collect();
    let step = (x1 - x0) / rates.len().max(8) as f64;
    let left = x0 + ((x1 - x0) - step * rates.len() as f64) / 2.0;
    for (k, (name, rate)) in rates.iter().enumerate() {
        let mid = left + (k as f64 + 0.5) * step;
        let half = step * 0.3;
        shapes.push(Shape::Rect {
            origin: (mid - half, y(rate.win_rate)),
            size: (2.0 * half, y1 - y(rate.win_rate)),
            style: Style::fill(COLORS[0]),
        });
        let [lo, hi] = rate.interval;
        shapes.push(line((mid, y(lo)), (mid, y(hi)), Style::stroke(INK, 0.35)));
        for end in [lo, hi] {
            shapes.push(line(
                (mid - half / 2.0, y(end)),
                (mid + half / 2.0, y(end)),
                Style::stroke(INK, 0.35),
            ));
        }
        shapes.push(axis_text((mid, y1 + 4.5), name.clone(), Anchor::Middle));
    }
    shapes.push(line(
        (x0, y(share)),
        (x1, y(share)),
        Style {
            dash: Some(1.5),
            ..Style::stroke(INK, 0.3)
        },
    ));
    Page {
        width: WIDTH,
        height: HEIGHT,
        shapes,
    }
}
