//! What every printed page shares: the paper and its margin, shapes placed
//! from a unit box (icons, legend swatches), and the legend with the line
//! that says how to make the board again.
//!
//! A legend is a `<g class="legend">`: one row of entries after another, each
//! entry a swatch drawn in a small square and its words, then the caption
//! (generator, seed, players) in small type.

use scene::{Anchor, Color, Page, Paper, Shape, Tag};

pub(crate) use scene::PRINT_MARGIN as MARGIN;

/// Dark ink for outlines and words.
pub(crate) const INK: Color = Color::rgb(0x22, 0x22, 0x22);
/// Font size of the legend's words, millimetres.
pub(crate) const LEGEND_TEXT: f64 = 2.8;
/// Font size of the caption and instructions, millimetres.
pub(crate) const SMALL_TEXT: f64 = 2.2;
/// Side of a legend swatch, millimetres.
const SWATCH: f64 = 4.5;
/// Space between a swatch and its words, and between entries.
const GAP: f64 = 1.5;
const ENTRY_GAP: f64 = 5.0;
/// Height of one legend row.
const ROW: f64 = 6.5;

/// An empty landscape page of `paper`.
pub(crate) fn page(paper: Paper) -> Page {
    Page::landscape(paper)
}

/// A generous estimate of the width of `text` at font size `size`: the
/// embedded font's widest common letters are about 0.7 em, most about 0.55.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' => 0.34,
            'm' | 'w' | 'M' | 'W' | '@' => 0.9,
            c if c.is_ascii_uppercase() || c.is_ascii_digit() => 0.7,
            _ => 0.62,
        })
        .sum::<f64>()
        * size
}

/// A line of text.
pub(crate) fn text(at: (f64, f64), content: impl Into<String>, size: f64, anchor: Anchor, color: Color) -> Shape {
    Shape::Text {
        at,
        content: content.into(),
        size,
        anchor,
        color,
    }
}

/// `shape`, drawn in the unit box `[0,1]²`, moved so that box becomes the
/// square at `origin` of side `side` (stroke widths and text scale too).
pub(crate) fn place(shape: &Shape, origin: (f64, f64), side: f64) -> Shape {
    let p = |(x, y): (f64, f64)| (origin.0 + x * side, origin.1 + y * side);
    let style = |s: &scene::Style| scene::Style {
        stroke_width: s.stroke_width * side,
        dash: s.dash.map(|d| d * side),
        ..*s
    };
    match shape {
        Shape::Line { from, to, style: s } => Shape::Line {
            from: p(*from),
            to: p(*to),
            style: style(s),
        },
        Shape::Circle { center, radius, style: s } => Shape::Circle {
            center: p(*center),
            radius: radius * side,
            style: style(s),
        },
        Shape::Rect { origin: o, size, style: s } => Shape::Rect {
            origin: p(*o),
            size: (size.0 * side, size.1 * side),
            style: style(s),
        },
        Shape::Polygon { points, style: s } => Shape::Polygon {
            points: points.iter().map(|&q| p(q)).collect(),
            style: style(s),
        },
        Shape::Text {
            at,
            content,
            size,
            anchor,
            color,
        } => Shape::Text {
            at: p(*at),
            content: content.clone(),
            size: size * side,
            anchor: *anchor,
            color: *color,
        },
        Shape::Image { origin: o, size, svg } => Shape::Image {
            origin: p(*o),
            size: (size.0 * side, size.1 * side),
            svg: svg.clone(),
        },
        Shape::Tagged { tag, shape } => place(shape, origin, side).tagged(tag.clone()),
        Shape::Group { tag, shapes } => Shape::Group {
            tag: tag.clone(),
            shapes: shapes.iter().map(|s| place(s, origin, side)).collect(),
        },
    }
}

/// One entry of a legend: a swatch drawn in the unit box and what it means.
pub(crate) struct Entry {
    /// The swatch, in the unit box `[0,1]²`.
    pub swatch: Vec<Shape>,
    /// What it stands for.
    pub words: String,
}

impl Entry {
    pub(crate) fn new(swatch: Vec<Shape>, words: impl Into<String>) -> Entry {
        Entry {
            swatch,
            words: words.into(),
        }
    }

    fn width(&self) -> f64 {
        SWATCH + GAP + text_width(&self.words, LEGEND_TEXT)
    }
}

/// The rows `entries` take in a box `width` wide: indices of each row's entries.
fn rows(entries: &[Entry], width: f64) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut used = f64::INFINITY;
    for (i, e) in entries.iter().enumerate() {
        let w = e.width();
        if used + ENTRY_GAP + w > width {
            rows.push(Vec::new());
            used = -ENTRY_GAP;
        }
        used += ENTRY_GAP + w;
        if let Some(row) = rows.last_mut() {
            row.push(i);
        }
    }
    rows
}

/// The height a legend of `entries` and `lines` lines of small type takes in
/// a box `width` wide.
pub(crate) fn legend_height(entries: &[Entry], lines: usize, width: f64) -> f64 {
    rows(entries, width).len() as f64 * ROW + lines as f64 * SMALL_TEXT * 1.4
}

/// The legend: `entries` in rows from the top-left corner `at` within a box
/// `width` wide, then `lines` in small type.
///
/// `backed` puts a white label behind each entry and line, for a legend that
/// lies over the board's own lines (the witches sheet, whose cells run to the
/// margin): the lines pass behind the words instead of through them.
pub(crate) fn legend(entries: &[Entry], lines: &[String], at: (f64, f64), width: f64, backed: bool) -> Shape {
    let mut shapes = Vec::new();
    let label = |shapes: &mut Vec<Shape>, origin: (f64, f64), size: (f64, f64)| {
        if backed {
            shapes.push(Shape::Rect {
                origin: (origin.0 - 0.8, origin.1 - 0.5),
                size: (size.0 + 1.6, size.1 + 1.0),
                style: scene::Style::fill(Color::WHITE),
            });
        }
    };
    let mut y = at.1;
    for row in rows(entries, width) {
        let mut x = at.0;
        for i in row {
            let e = &entries[i];
            let top = y + (ROW - SWATCH) / 2.0;
            label(&mut shapes, (x, top), (e.width(), SWATCH));
            // Inset a little so that swatches' strokes stay inside their square.
            shapes.extend(e.swatch.iter().map(|s| place(s, (x + 0.3, top + 0.3), SWATCH - 0.6)));
            shapes.push(text(
                (x + SWATCH + GAP, top + SWATCH / 2.0 + LEGEND_TEXT * 0.36),
                e.words.clone(),
                LEGEND_TEXT,
                Anchor::Start,
                INK,
            ));
            x += e.width() + ENTRY_GAP;
        }
        y += ROW;
    }
    for line in lines {
        y += SMALL_TEXT * 1.4;
        label(
            &mut shapes,
            (at.0, y - SMALL_TEXT * 1.1),
            (text_width(line, SMALL_TEXT), SMALL_TEXT * 1.1),
        );
        shapes.push(text((at.0, y - SMALL_TEXT * 0.3), line.clone(), SMALL_TEXT, Anchor::Start, INK));
    }
    Shape::Group {
        tag: Tag::new("legend"),
        shapes,
    }
}

/// The caption that lets a printed board be made again.
pub(crate) fn caption(generator: &str, seed: &str, players: u32, paper: Paper) -> String {
    format!(
        "{generator} \u{b7} seed \"{seed}\" \u{b7} {players} players \u{b7} {} paper \u{b7} made with boardwright",
        paper.name()
    )
}

/// A page with a legend in a column at its right: the legend, and the
/// printable rectangle left for the drawing `[x0, y0, x1, y1]`. The caption
/// `lines` are short; the column is as wide as its widest entry or line.
pub(crate) fn legend_at_right(page: &mut Page, entries: &[Entry], lines: &[String]) -> [f64; 4] {
    let widest = entries
        .iter()
        .map(Entry::width)
        .chain(lines.iter().map(|l| text_width(l, SMALL_TEXT)))
        .fold(0.0, f64::max);
    let width = widest.min(80.0);
    let x = page.width - MARGIN - width;
    let height = legend_height(entries, lines.len(), width);
    let y = MARGIN + ((page.height - 2.0 * MARGIN - height) / 2.0).max(0.0);
    page.shapes.push(legend(entries, lines, (x, y), width, false));
    // A millimetre inside the margin, so that outlines drawn on the
    // rectangle's edge keep their stroke off the margin.
    [MARGIN + 1.0, MARGIN + 1.0, x - 4.0, page.height - MARGIN - 1.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legend_rows_fit_their_box() {
        let entries: Vec<Entry> = (0..12).map(|i| Entry::new(Vec::new(), format!("entry number {i}"))).collect();
        for width in [60.0, 120.0, 260.0] {
            for row in rows(&entries, width) {
                let used: f64 = row.iter().map(|&i| entries[i].width()).sum::<f64>() + ENTRY_GAP * (row.len() - 1) as f64;
                assert!(row.len() == 1 || used <= width, "{used} > {width}");
            }
        }
        assert_eq!(rows(&entries, 1000.0).len(), 1);
    }

    #[test]
    fn placing_scales_the_unit_box() {
        let c = Shape::Circle {
            center: (0.5, 0.5),
            radius: 0.5,
            style: scene::Style::stroke(INK, 0.1),
        };
        match place(&c, (10.0, 20.0), 4.0) {
            Shape::Circle { center, radius, style } => {
                assert_eq!(center, (12.0, 22.0));
                assert_eq!(radius, 2.0);
                assert!((style.stroke_width - 0.4).abs() < 1e-12);
            }
            other => panic!("{other:?}"),
        }
    }
}
