//! `report.html`: one self-contained page (no script, no network resource):
//! the parameter sets, the generator's fairness targets met or not per set
//! (a table at the top, marked in words and symbols, not colour alone),
//! their failures, and per metric a histogram (the sets
//! overlaid: the first filled, the second outlined), the figures and the worst
//! seeds linked to the web app's permalinks. The histograms are scenes drawn
//! by the SVG renderer and inlined.

use std::fmt::Write;

use boardwright::metrics::{Described, Metric};
use boardwright::{Registered, Visit};
use scene::{Anchor, Color, Page, Shape, Style};

use super::fairness::{Mark, decimals};
use super::report::{Report, SetFigures};
use super::summary::Stats;

/// The sets' colours: the first set's bars are filled, the second's outlined.
pub(crate) const COLORS: [Color; 2] = [Color::rgb(0x4a, 0x7f, 0xb5), Color::rgb(0xd9, 0x5f, 0x0e)];
const AXIS: Color = Color::rgb(0x55, 0x55, 0x55);

/// Chart size and margins in millimetres (the play page's charts are taller).
pub(crate) const WIDTH: f64 = 170.0;
const HEIGHT: f64 = 40.0;
pub(crate) const LEFT: f64 = 14.0;
pub(crate) const RIGHT: f64 = 4.0;
pub(crate) const TOP: f64 = 4.0;
pub(crate) const BOTTOM: f64 = 9.0;

/// Bins of a histogram when the values are not few whole numbers.
const BINS: usize = 40;
/// Bins are at most this fraction of the chart wide (one over this).
const MIN_SLOTS: usize = 12;

/// The whole page.
pub fn page(report: &Report<'_>) -> String {
    let run = report.run;
    let mut out = String::new();
    let title = format!("boardwright analyze: {} over {} boards", run.generator, run.boards);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        esc(&title),
        STYLE,
        esc(&title)
    );
    let _ = writeln!(
        out,
        "<p>Seeds <code>{0}-1</code> … <code>{0}-{1}</code>, toolkit version {2}. Any board comes back with <code>boardwright {3} --seed SEED</code> and its set's parameters; the seeds below link to it in the web app.</p>",
        esc(&run.seed),
        run.boards,
        esc(&run.version),
        esc(&run.generator)
    );
    out.push_str("<table class=\"sets\">\n<tr><th>set</th><th>boards</th><th>failed</th><th>parameters unlike the defaults</th></tr>\n");
    for (k, set) in report.sets.iter().enumerate() {
        let query = set.run.query.trim_start_matches('&');
        let changes = form_urlencoded::parse(query.as_bytes())
            .map(|(key, value)| format!("{key} = {value}"))
            .collect::<Vec<_>>()
            .join("; ");
        let _ = writeln!(
            out,
            "<tr><td><span class=\"key set{k}\"></span>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
            esc(&set.run.label),
            set.run.rows.len(),
            set.failed,
            esc(if changes.is_empty() { "none" } else { &changes })
        );
    }
    out.push_str("</table>\n");
    fairness(&mut out, report);
    failures(&mut out, report);
    out.push_str("<nav><h2>Metrics</h2>\n<p>");
    for name in &report.columns {
        let _ = write!(out, "<a href=\"#{0}\">{1}</a> ", anchor(name), esc(name));
    }
    out.push_str("</p></nav>\n");
    for (c, name) in report.columns.iter().enumerate() {
        metric(&mut out, report, c, name);
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// The fairness targets: per target its figure, its check and, per set,
/// the measured value and whether it is met.
fn fairness(out: &mut String, report: &Report<'_>) {
    let Some(first) = report.sets.first().filter(|s| !s.fairness.is_empty()) else {
        return;
    };
    out.push_str("<h2>Fairness</h2>\n<table class=\"fairness\">\n<tr><th>figure</th><th>target</th>");
    for (k, set) in report.sets.iter().enumerate() {
        let _ = write!(
            out,
            "<th colspan=\"2\"><span class=\"key set{k}\"></span>{}</th>",
            esc(&set.run.label)
        );
    }
    out.push_str("</tr>\n");
    for (t, verdict) in first.fairness.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td>",
            esc(verdict.target.figure),
            esc(&verdict.target.check.to_string())
        );
        for set in &report.sets {
            let verdict = &set.fairness[t];
            let (class, mark) = match verdict.mark() {
                Mark::Pass => ("pass", "✓ met"),
                Mark::Fail => ("fail", "✗ not met"),
                Mark::NoData => ("nodata", "– no data"),
            };
            let value = if verdict.value.is_some() {
                verdict.value_text()
            } else {
                String::new()
            };
            let _ = write!(out, "<td>{}</td><td class=\"{class}\">{mark}</td>", esc(&value));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
}

fn failures(out: &mut String, report: &Report<'_>) {
    if report.sets.iter().all(|s| s.failed == 0) {
        out.push_str("<p>Every board was generated.</p>\n");
        return;
    }
    out.push_str("<h2>Failed boards</h2>\n<table class=\"failures\">\n<tr><th>set</th><th>boards</th><th>reason</th><th>seeds</th></tr>\n");
    for set in &report.sets {
        for f in &set.failures {
            let seeds: Vec<String> = f.indices.iter().map(|&i| link(report, set, i)).collect();
            let more = if f.count > f.indices.len() as u64 { " …" } else { "" };
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}{more}</td></tr>",
                esc(&set.run.label),
                f.count,
                esc(&f.reason),
                seeds.join(" ")
            );
        }
    }
    out.push_str("</table>\n");
}

/// What the generator's metrics declare of the figure `column` (a list's
/// entry, `quadrant_nodes.2`, is its list's figure): label, unit, meaning.
fn described(generator: &str, column: &str) -> Option<(&'static str, &'static str, String)> {
    struct Metrics;
    impl Visit for Metrics {
        type Output = &'static [Metric];
        fn visit<G: Registered>(self) -> &'static [Metric] {
            <G::Metrics as Described>::METRICS
        }
    }
    let metrics = boardwright::with_generator(generator, Metrics)?;
    let top = column.split('.').next()?;
    let m = metrics.iter().find(|m| m.name == top)?;
    Some((m.label, m.unit, m.meaning()))
}

/// One metric's section, headed by its label in words when the generator
/// declares one, its key beside it.
fn metric(out: &mut String, report: &Report<'_>, c: usize, name: &str) {
    match described(&report.run.generator, name) {
        Some((label, unit, meaning)) => {
            let entry = name.split_once('.').map(|(_, rest)| format!(" {rest}")).unwrap_or_default();
            let unit = if unit.is_empty() { String::new() } else { format!(" ({unit})") };
            let _ = writeln!(
                out,
                "<section id=\"{}\">\n<h2>{}{}{} <code>{}</code></h2>\n<p class=\"meaning\">{}</p>",
                anchor(name),
                esc(label),
                esc(&entry),
                esc(&unit),
                esc(name),
                esc(&meaning)
            );
        }
        None => {
            let _ = writeln!(out, "<section id=\"{}\">\n<h2>{}</h2>", anchor(name), esc(name));
        }
    }
    let sets: Vec<Vec<f64>> = report
        .sets
        .iter()
        .map(|s| s.values[c].iter().flatten().copied().collect())
        .collect();
    out.push_str("<div class=\"chart\">");
    out.push_str(&render::svg::page(&histogram(&sets), name));
    out.push_str("</div>\n<table class=\"figures\">\n<tr><th>set</th><th>count</th><th>mean</th><th>min</th><th>p5</th><th>p50</th><th>p95</th><th>max</th><th>worst seeds (farthest from the median)</th></tr>\n");
    for (k, set) in report.sets.iter().enumerate() {
        let _ = write!(out, "<tr><td><span class=\"key set{k}\"></span>{}</td>", esc(&set.run.label));
        match &set.stats[c] {
            None => out.push_str("<td>0</td><td colspan=\"7\">no board has it</td>"),
            Some(st) => stats_cells(out, report, set, st),
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n</section>\n");
}

fn stats_cells(out: &mut String, report: &Report<'_>, set: &SetFigures<'_>, st: &Stats) {
    let _ = write!(out, "<td>{}</td>", st.count);
    for v in [st.mean, st.min, st.p5, st.p50, st.p95, st.max] {
        let _ = write!(out, "<td>{}</td>", short(v));
    }
    let worst: Vec<String> = st
        .worst
        .iter()
        .map(|&(i, v)| format!("{} ({})", link(report, set, i), short(v)))
        .collect();
    let _ = write!(
        out,
        "<td>{}</td>",
        if worst.is_empty() { "none".to_string() } else { worst.join(", ") }
    );
}

/// A link to board `index` of `set` in the web app.
fn link(report: &Report<'_>, set: &SetFigures<'_>, index: u64) -> String {
    let seed = report.seed(index);
    let query: String = form_urlencoded::Serializer::new(String::new()).append_pair("seed", &seed).finish();
    format!(
        "<a href=\"{}/{}?{}{}\">{}</a>",
        esc(&report.run.link_base),
        esc(&report.run.generator),
        esc(&query),
        esc(&set.run.query),
        esc(&seed)
    )
}

/// The histogram of each set's values, as the share of the set's boards per
/// bin, the sets over one another.
fn histogram(sets: &[Vec<f64>]) -> Page {
    let all = || sets.iter().flatten().copied();
    let lo = all().fold(f64::INFINITY, f64::min);
    let hi = all().fold(f64::NEG_INFINITY, f64::max);
    let mut shapes = axes(HEIGHT).to_vec();
    let (x0, x1, y0, y1) = (LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM);
    if lo.is_finite() {
        let whole = all().all(|v| v.fract() == 0.0) && hi - lo <= 60.0;
        // Whole numbers: one bin each; otherwise BINS equal bins over [lo, hi].
        let (bins, width) = if whole {
            ((hi - lo) as usize + 1, 1.0)
        } else if hi > lo {
            (BINS, (hi - lo) / BINS as f64)
        } else {
            (1, 1.0)
        };
        let bin = |v: f64| (((v - lo) / width) as usize).min(bins - 1);
        let shares: Vec<Vec<f64>> = sets
            .iter()
            .map(|values| {
                let mut counts = vec![0u64; bins];
                for &v in values {
                    counts[bin(v)] += 1;
                }
                counts.iter().map(|&c| c as f64 / values.len().max(1) as f64).collect()
            })
            .collect();
        let top = shares.iter().flatten().copied().fold(0.0, f64::max).max(f64::MIN_POSITIVE);
        // Few bins stay narrow, centred.
        let step = (x1 - x0) / bins.max(MIN_SLOTS) as f64;
        let x0 = x0 + ((x1 - x0) - step * bins as f64) / 2.0;
        let x1 = x0 + step * bins as f64;
        for (k, set) in shares.iter().enumerate() {
            let color = COLORS[k % COLORS.len()];
            for (b, &share) in set.iter().enumerate() {
                if share == 0.0 {
                    continue;
                }
                let h = share / top * (y1 - y0);
                let style = if k == 0 { Style::fill(color) } else { Style::stroke(color, 0.5) };
                let inset = if k == 0 { step * 0.08 } else { step * 0.2 };
                shapes.push(Shape::Rect {
                    origin: (x0 + b as f64 * step + inset, y1 - h),
                    size: ((step - 2.0 * inset).max(0.1), h),
                    style,
                });
            }
        }
        // Whole numbers label the first and last bins' middles, others the range's ends.
        if whole {
            shapes.push(axis_text((x0 + step / 2.0, y1 + 4.5), short(lo), Anchor::Middle));
            if bins > 1 {
                shapes.push(axis_text((x1 - step / 2.0, y1 + 4.5), short(hi), Anchor::Middle));
            }
        } else {
            shapes.push(axis_text((x0, y1 + 4.5), short(lo), Anchor::Start));
            shapes.push(axis_text((x1, y1 + 4.5), short(hi), Anchor::End));
        }
        shapes.extend(scale(HEIGHT, top));
    }
    Page {
        width: WIDTH,
        height: HEIGHT,
        shapes,
    }
}

/// The axes of a chart `height` millimetres high: along the bottom and up
/// the left margin.
pub(crate) fn axes(height: f64) -> [Shape; 2] {
    let (x0, x1, y0, y1) = (LEFT, WIDTH - RIGHT, TOP, height - BOTTOM);
    let line = |from, to| Shape::Line {
        from,
        to,
        style: Style::stroke(AXIS, 0.3),
    };
    [line((x0, y1), (x1, y1)), line((x0, y0), (x0, y1))]
}

/// The left scale of a chart `height` millimetres high whose top is `top`
/// (a share): its top as a percentage and its foot, 0.
pub(crate) fn scale(height: f64, top: f64) -> [Shape; 2] {
    [
        axis_text((LEFT - 1.0, TOP + 2.5), percent(top), Anchor::End),
        axis_text((LEFT - 1.0, height - BOTTOM), "0".to_string(), Anchor::End),
    ]
}

/// A 3 mm label in the axes' colour.
pub(crate) fn axis_text(at: (f64, f64), content: String, anchor: Anchor) -> Shape {
    Shape::Text {
        at,
        content,
        size: 3.0,
        anchor,
        color: AXIS,
    }
}

/// A share as a percentage with at most one decimal: short enough for the
/// chart's left margin ("20.7%", "100%").
fn percent(share: f64) -> String {
    format!("{}%", decimals(share * 100.0, 1))
}

/// A number for people: at most four significant decimals.
fn short(v: f64) -> String {
    decimals(v, 4)
}

/// An element id for a metric name.
fn anchor(name: &str) -> String {
    let id: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("m-{id}")
}

pub(crate) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

pub(crate) const STYLE: &str = "
body { font-family: sans-serif; margin: 2em auto; max-width: 62em; padding: 0 1em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin: 1.6em 0 0.4em; }
table { border-collapse: collapse; font-size: 0.9em; margin: 0.4em 0; }
th, td { border-bottom: 1px solid #ddd; padding: 0.2em 0.6em; text-align: left; vertical-align: top; }
td { font-variant-numeric: tabular-nums; }
nav a { margin-right: 0.6em; white-space: nowrap; }
.chart svg { width: 100%; height: auto; max-width: 48em; }
.meaning { color: #555; margin-top: -0.4em; }
h2 code { font-size: 0.7em; color: #555; font-weight: normal; }
.key { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.4em; vertical-align: -0.1em; }
.key.set0 { background: #4a7fb5; }
.key.set1 { border: 2px solid #d95f0e; box-sizing: border-box; }
.fairness .pass { color: #1a6e2e; } .fairness .fail { color: #b3261e; font-weight: bold; } .fairness .nodata { color: #666; }
";

#[cfg(test)]
mod tests {
    use super::*;

    /// The scale's label stays short: its widest, "99.9%", fits the chart's
    /// left margin at 3 mm text (about 0.6 of the size a character).
    #[test]
    fn the_scale_label_fits_the_left_margin() {
        assert_eq!(percent(0.206_666), "20.7%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.005), "0.5%");
        for share in [0.999, 0.123_456, 0.066_667] {
            let text = percent(share);
            assert!(text.chars().count() as f64 * 3.0 * 0.6 <= LEFT - 1.0, "{text}");
        }
    }
}
