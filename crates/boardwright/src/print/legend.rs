//! The legend: a `<g class="legend">` of rows of entries, each a swatch
//! drawn in a small square and its words, then the caption's lines in small
//! type; under the board or in a column at its right.

use scene::{Anchor, Color, Page, Shape, Style, Tag};

use super::caption::Caption;
use super::text::{caption_width, text, text_width};
use super::{INK, LEGEND_TEXT, MARGIN, SMALL_TEXT, place};

/// Side of a legend swatch, millimetres.
const SWATCH: f64 = 4.5;

/// Inset of a swatch's drawing in its square, so that strokes stay inside.
const SWATCH_INSET: f64 = 0.3;

/// Side of the square a swatch's unit box is drawn into, millimetres: a
/// line of width `w` on the board is `w / SWATCH_SIDE` in the unit box.
pub(crate) const SWATCH_SIDE: f64 = SWATCH - 2.0 * SWATCH_INSET;

/// Space between a swatch and its words, and between entries.
const GAP: f64 = 1.5;

const ENTRY_GAP: f64 = 5.0;

/// Height of one legend row.
const ROW: f64 = 6.5;

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

    /// An entry whose swatch is a line of `style` across the box's middle.
    pub(crate) fn line(style: Style, words: impl Into<String>) -> Entry {
        let line = Shape::Line {
            from: (0.0, 0.5),
            to: (1.0, 0.5),
            style,
        };
        Entry::new(vec![line], words)
    }

    fn width(&self) -> f64 {
        SWATCH + GAP + text_width(&self.words, LEGEND_TEXT)
    }
}

/// The rows `entries` take in a box `width` wide: indices of each row's
/// entries (a width of 0: one entry to a row).
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
            shapes.extend(
                e.swatch
                    .iter()
                    .map(|s| place(s, (x + SWATCH_INSET, top + SWATCH_INSET), SWATCH_SIDE)),
            );
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
        shapes.push(text((at.0, y - SMALL_TEXT * 0.3), line.clone(), SMALL_TEXT, Anchor::Start, INK).tagged(Tag::new("caption")));
    }
    Shape::Group {
        tag: Tag::new("legend"),
        shapes,
    }
}

/// A page with a legend in a column at its right: the legend, and the
/// printable rectangle left for the drawing `[x0, y0, x1, y1]`. The column is
/// as wide as its widest entry or caption line, at most 80 mm, with one
/// entry to a row; it is widened, and the entries set two or more to a row,
/// only when the legend would not fit the page's height otherwise. Longer
/// caption lines are broken to fit it.
pub(crate) fn legend_at_right(page: &mut Page, entries: &[Entry], caption: &Caption) -> [f64; 4] {
    let widest_entry = entries.iter().map(Entry::width).fold(0.0, f64::max);
    let widest_line = caption.stacked(f64::INFINITY).iter().map(|l| caption_width(l)).fold(0.0, f64::max);
    // The column's width and the width its entries are set in: one to a row
    // (0) until the page's height runs out, then as wide as the column,
    // widened step by step up to half the page.
    let room = page.height - 2.0 * MARGIN;
    let fits = |width: f64, row: f64| legend_height(entries, caption.stacked(width).len(), row) <= room;
    let mut width = widest_entry.max(widest_line).min(80.0);
    let mut row = 0.0;
    while !fits(width, row) && width + 5.0 <= page.width / 2.0 {
        width += 5.0;
        row = width;
    }
    let lines = caption.stacked(width);
    let x = page.width - MARGIN - width;
    let height = legend_height(entries, lines.len(), row);
    let y = MARGIN + ((page.height - 2.0 * MARGIN - height) / 2.0).max(0.0);
    page.shapes.push(legend(entries, &lines, (x, y), row, false));
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

    /// The words' baselines of a drawn legend, by entry.
    fn baselines(legend: &Shape) -> Vec<(String, f64)> {
        let Shape::Group { shapes, .. } = legend else {
            panic!("a legend is a group")
        };
        shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { at, content, .. } => Some((content.clone(), at.1)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_legend_column_sets_one_entry_to_a_row_while_the_page_has_room() {
        let caption = Caption {
            generator: "A generator whose name is wider than any two entries".to_string(),
            seed: "seed".to_string(),
            extent: "4 players".to_string(),
            paper: scene::Paper::A4,
            tile: crate::print::Tile::default(),
            settings: Vec::new(),
        };
        let short = |n: usize| (0..n).map(|i| Entry::new(Vec::new(), format!("e{i}"))).collect::<Vec<Entry>>();
        let mut page = Page::landscape(scene::Paper::A4);
        legend_at_right(&mut page, &short(6), &caption);
        let lines = baselines(&page.shapes[0]);
        let entries: Vec<f64> = lines.iter().filter(|(t, _)| t.starts_with('e')).map(|l| l.1).collect();
        assert_eq!(entries.len(), 6);
        assert!(entries.windows(2).all(|w| w[1] > w[0]), "two entries share a row: {lines:?}");
        // With more entries than rows fit the page's height, they pair up.
        let mut page = Page::landscape(scene::Paper::A4);
        legend_at_right(&mut page, &short(60), &caption);
        let rows: std::collections::BTreeSet<u64> = baselines(&page.shapes[0]).iter().map(|l| l.1.to_bits()).collect();
        assert!(rows.len() < 60, "60 entries in {} rows", rows.len());
    }
}
