//! `play -o report.html`: one self-contained page (no script, no network
//! resource) of a series of games on one universe board: the verdicts in
//! words, the command line that plays the same games again, the figures
//! (stalls by cause, the seats' gap with its interval), per seat and per
//! start (by its printed label) a chart of win rates with their 95 %
//! intervals beside the equal share, then the same as tables, and with
//! `--compensate` each remedy's seat gap.

use std::fmt::Write;

use boardwright::stats::Rate;
use boardwright::universe;
use boardwright::universe::play::{Played, Rules};
use scene::{Anchor, Color, Page, Shape, Style};

use super::fairness::decimals;
use super::html::{BOTTOM, COLORS, LEFT, RIGHT, STYLE, TOP, WIDTH, axes, axis_text, esc, scale};

const INK: Color = Color::rgb(0x22, 0x22, 0x22);

/// Chart height in millimetres; the width and margins are the analyze
/// report's.
const HEIGHT: f64 = 50.0;

/// The play page's own styles, after the analyze report's.
const PLAY_STYLE: &str = "
.verdict { font-size: 1.1em; margin: 0.5em 0; padding: 0.4em 0.7em; border-left: 4px solid #4a7fb5; background: #f2f6fa; }
code.command { white-space: pre-wrap; word-break: break-word; }
";

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
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n<style>{STYLE}{PLAY_STYLE}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
        esc(&title)
    );
    let _ = writeln!(
        out,
        "<p class=\"verdict\"><strong>{}</strong></p>\n<p class=\"verdict\"><strong>{}</strong></p>\n<p>{}</p>",
        esc(&report.verdict),
        esc(&report.start_verdict),
        esc(&report.verdict_holds)
    );
    let decided = report.games - report.stalls;
    let share = f64::from(decided) / f64::from(report.games.max(1)) / f64::from(report.players.max(1));
    let (command, unsaid) = command(played);
    let _ = writeln!(
        out,
        "<p>Bots: {}. The same games come back with <code class=\"command\">{}</code>{}.</p>",
        esc(&report.bots.join(", ")),
        esc(&command),
        unsaid
    );
    out.push_str("<table class=\"figures\">\n");
    let rows = [
        (
            "games no one won (stalls)",
            format!(
                "{} of {}: the centre cut off in {}, the round cap reached in {}",
                report.stalls, report.games, report.stalls_by_cause.centre_cut_off, report.stalls_by_cause.round_cap
            ),
        ),
        (
            "seats' gap (best seat's win rate less the worst's)",
            format!(
                "seat {} less seat {}: {}",
                report.gap.best,
                report.gap.worst,
                gap_words(report.gap.gap, report.gap.interval)
            ),
        ),
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
            "length of the games won, in rounds",
            format!("mean {}, p95 {}", decimals(report.turns.mean, 1), report.turns.p95),
        ),
    ];
    for (what, value) in rows {
        let _ = writeln!(out, "<tr><th>{}</th><td>{}</td></tr>", esc(what), esc(&value));
    }
    out.push_str("</table>\n");

    let seats: Vec<Row<'_>> = report.seats.iter().map(|s| Row::new(s.seat.to_string(), &s.rate)).collect();
    section(&mut out, "By seat, in turn order", "seat", &seats, share, &[]);
    let held: Vec<u32> = report.starts.iter().map(|s| s.held).collect();
    let pooled = report.starts.iter().map(|s| s.rate.wins).sum::<u32>() as f64 / f64::from(held.iter().sum::<u32>().max(1));
    // The chart names a start by its label alone; the table adds its node.
    let starts: Vec<Row<'_>> = report
        .starts
        .iter()
        .map(|s| Row {
            name: format!("{} (node {})", s.label, s.node),
            ..Row::new(s.label.clone(), &s.rate)
        })
        .collect();
    section(&mut out, "By start (starts dealt round the seats)", "start", &starts, pooled, &held);
    if !report.bot_rates.is_empty() {
        let bots: Vec<Row<'_>> = report.bot_rates.iter().map(|b| Row::new(b.bot.clone(), &b.rate)).collect();
        let played: Vec<u32> = report.bot_rates.iter().map(|b| b.played).collect();
        section(&mut out, "By bot", "bot", &bots, share, &played);
    }
    remedies(&mut out, played);
    out.push_str("</body>\n</html>\n");
    out
}

/// One row of a section: its name in the chart, its name in the table,
/// and its rate.
struct Row<'a> {
    /// As the chart's axis names it (short).
    label: String,
    /// As the table names it.
    name: String,
    rate: &'a Rate,
}

impl<'a> Row<'a> {
    /// A row named `name` in the chart and the table.
    fn new(name: String, rate: &'a Rate) -> Row<'a> {
        Row {
            label: name.clone(),
            name,
            rate,
        }
    }
}

/// A chart and a table of `rates`, named by `what`, beside `share` (a
/// dashed line); `held`, when given, says in how many games each was played.
fn section(out: &mut String, title: &str, what: &str, rates: &[Row<'_>], share: f64, held: &[u32]) {
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
    for (k, row) in rates.iter().enumerate() {
        let played = held.get(k).map(|h| format!("<td>{h}</td>")).unwrap_or_default();
        let _ = writeln!(
            out,
            "<tr><td>{}</td>{played}<td>{}</td><td>{}</td><td>{} – {}</td></tr>",
            esc(&row.name),
            row.rate.wins,
            decimals(row.rate.win_rate, 3),
            decimals(row.rate.interval[0], 3),
            decimals(row.rate.interval[1], 3)
        );
    }
    out.push_str("</table>\n</section>\n");
}

/// A seats' gap with its 95 % interval: "0.172 (95 % interval 0.12 – 0.224)".
fn gap_words(gap: f64, [low, high]: [f64; 2]) -> String {
    format!("{} (95 % interval {} – {})", decimals(gap, 3), decimals(low, 3), decimals(high, 3))
}

/// With `--compensate`: each remedy tried, as the board would print it,
/// with its seats' gap and interval and the seats' win rates.
fn remedies(out: &mut String, played: &Played<'_>) {
    let report = played.report;
    if report.remedies.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "<section>\n<h2>Remedies for moving later</h2>\n<p class=\"meaning\">Each remedy played in as many games ({}), in place of the board's: the seats' gap (the best seat's win rate less the worst's) with its 95 % interval; an interval that reaches 0 is a gap chance alone gives.</p>",
        report.games
    );
    out.push_str(
        "<table class=\"figures\">\n<tr><th>remedy (as the board prints it)</th><th>seats' gap</th><th>95 % interval</th><th>seats' win rates, in turn order</th></tr>\n",
    );
    for remedy in &report.remedies {
        let rates: Vec<String> = remedy.seats.iter().map(|s| decimals(s.rate.win_rate, 3)).collect();
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>seat {} less seat {}: {}</td><td>{} – {}</td><td>{}</td></tr>",
            esc(remedy.sentence.as_deref().unwrap_or("None: one start each, in turn order.")),
            remedy.gap.best,
            remedy.gap.worst,
            decimals(remedy.gap.gap, 3),
            decimals(remedy.gap.interval[0], 3),
            decimals(remedy.gap.interval[1], 3),
            esc(&rates.join(", "))
        );
    }
    out.push_str("</table>\n</section>\n");
}

/// The command line that plays the same games again (not escaped for
/// HTML), and, escaped, what it cannot say in words ("" when it says
/// everything): the seed, the players, every other parameter unlike the
/// default as `--set`, the games, the bots, and `--compensate`.
fn command(played: &Played<'_>) -> (String, String) {
    let report = played.report;
    let mut words = vec![
        "boardwright".to_string(),
        "play".to_string(),
        "universe".to_string(),
        "--seed".to_string(),
        shell(played.seed),
        "--players".to_string(),
        played.params.players.to_string(),
    ];
    // The board's header holds the resolution the players gave it: said
    // again only when it is not theirs.
    let implied = universe::Params {
        resolution: None,
        ..played.params.clone()
    };
    let own_resolution = implied.size() == played.params.size();
    let mut unset = Vec::new();
    for (name, value) in boardwright::params::Params::changed(played.params) {
        match value {
            _ if name == "players" || (name == "resolution" && own_resolution) => {}
            Some(value) => {
                words.push("--set".to_string());
                words.push(shell(&format!("{name}={value}")));
            }
            None => unset.push(name),
        }
    }
    words.push("--games".to_string());
    words.push(report.games.to_string());
    match report.bots.as_slice() {
        [one] => {
            words.push("--bot".to_string());
            words.push(shell(one));
        }
        bots => {
            words.push("--bots".to_string());
            words.push(shell(&bots.join(",")));
        }
    }
    if !report.remedies.is_empty() {
        words.push("--compensate".to_string());
    }
    let mut unsaid = Vec::new();
    if *played.rules != Rules::default() {
        unsaid.push("<code>--rules</code> with the file of rules they were played by".to_string());
    }
    if !unset.is_empty() {
        unsaid.push(format!("{} left unset", esc(&unset.join(", "))));
    }
    let unsaid = if unsaid.is_empty() {
        String::new()
    } else {
        format!(", and {}", unsaid.join(" and "))
    };
    (words.join(" "), unsaid)
}

/// `word` as a POSIX shell reads it back: as it is when it holds nothing
/// the shell would read otherwise, else in single quotes.
fn shell(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.,:/=+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Bars of the win rates with whiskers for their intervals, over a scale
/// from 0 to the highest interval's end, and a dashed line at `share`.
fn chart(rates: &[Row<'_>], share: f64) -> Page {
    let (x0, x1, y0, y1) = (LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM);
    let top = rates.iter().map(|r| r.rate.interval[1]).fold(share, f64::max).max(0.01);
    let y = |v: f64| y1 - v / top * (y1 - y0);
    let line = |from, to, style| Shape::Line { from, to, style };
    let mut shapes: Vec<Shape> = axes(HEIGHT).into_iter().chain(scale(HEIGHT, top)).collect();
    let step = (x1 - x0) / rates.len().max(8) as f64;
    let left = x0 + ((x1 - x0) - step * rates.len() as f64) / 2.0;
    for (k, Row { label, rate, .. }) in rates.iter().enumerate() {
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
        shapes.push(axis_text((mid, y1 + 4.5), label.clone(), Anchor::Middle));
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
