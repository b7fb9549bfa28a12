//! The legend: a `<g class="legend">` of rows of entries, each a swatch
//! drawn in a small square and its words, then the caption's lines in small
//! type; under the board or in a column at its right.

use scene::{Anchor, Color, Page, Shape, Style, Tag};

use super::caption::Caption;
use super::text::{text, text_width};
use super::{INK, LEGEND_TEXT, MARGIN, SMALL_TEXT, place, seams, sheet_room};
use crate::DrawOptions;

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
    legend_past(entries, lines, at, width, backed, &[])
}

/// Where a row `height` tall that would start at `y` starts when it keeps
/// out of `gaps` (intervals of y, in order): below each it would meet.
fn past(mut y: f64, height: f64, gaps: &[(f64, f64)]) -> f64 {
    for &(g0, g1) in gaps {
        if y < g1 && y + height > g0 {
            y = g1;
        }
    }
    y
}

/// Where a legend of `entries` and `lines` lines of small type in a box
/// `width` wide, from `top` down, ends when its rows keep out of `gaps`.
fn bottom(entries: &[Entry], lines: usize, width: f64, top: f64, gaps: &[(f64, f64)]) -> f64 {
    let mut y = top;
    for _ in rows(entries, width) {
        y = past(y, ROW, gaps) + ROW;
    }
    for _ in 0..lines {
        y = past(y, SMALL_TEXT * 1.4, gaps) + SMALL_TEXT * 1.4;
    }
    y
}

/// The legend as [`legend`] draws it, each of its rows moved down past the
/// `gaps` (intervals of y, in order) it would meet: a legend kept out of a
/// tiled board's seams.
fn legend_past(entries: &[Entry], lines: &[String], at: (f64, f64), width: f64, backed: bool, gaps: &[(f64, f64)]) -> Shape {
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
        y = past(y, ROW, gaps);
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
        y = past(y, SMALL_TEXT * 1.4, gaps) + SMALL_TEXT * 1.4;
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

/// A page with a legend in a column at the right of `room` (`[x0, y0, x1,
/// y1]`: the page's printable area, or on a tiled board the part of its
/// last column of sheets clear of the seams between columns): the legend,
/// and the printable rectangle left for the drawing `[x0, y0, x1, y1]`,
/// the page's full height beside the column. The column is centred in the
/// room's height, or, where `gaps` are given (the bands about the seams
/// between rows, intervals of y in order), starts at its top and moves each
/// row down past the gaps it would meet. It is as wide as its widest entry,
/// at most 80 mm, with one entry to a row; it is widened, and the entries
/// set two or more to a row, only when the legend would not fit the room's
/// height otherwise, up to half the sheet. The caption runs in lines as
/// wide as the column.
fn legend_at_right(page: &mut Page, entries: &[Entry], caption: &Caption, room: [f64; 4], gaps: &[(f64, f64)]) -> [f64; 4] {
    let widest_entry = entries.iter().map(Entry::width).fold(0.0, f64::max);
    // The column's width and the width its entries are set in: one to a row
    // (0) until the room's height runs out, then as wide as the column,
    // widened step by step up to half the sheet (the room and its margins).
    let tall = room[3] - room[1];
    let half = (room[2] - room[0]) / 2.0 + MARGIN;
    let fits = |width: f64, row: f64| {
        let lines = caption.flowing(width).len();
        if gaps.is_empty() {
            legend_height(entries, lines, row) <= tall
        } else {
            bottom(entries, lines, row, room[1], gaps) <= room[3]
        }
    };
    let mut width = widest_entry.min(80.0);
    let mut row = 0.0;
    while !fits(width, row) && width + 5.0 <= half {
        width += 5.0;
        row = width;
    }
    let lines = caption.flowing(width);
    let x = room[2] - width;
    let y = if gaps.is_empty() {
        room[1] + ((tall - legend_height(entries, lines.len(), row)) / 2.0).max(0.0)
    } else {
        room[1]
    };
    page.shapes.push(legend_past(entries, &lines, (x, y), row, false, gaps));
    // A millimetre inside the margin, so that outlines drawn on the
    // rectangle's edge keep their stroke off the margin.
    [MARGIN + 1.0, MARGIN + 1.0, x - 4.0, page.height - MARGIN - 1.0]
}

/// A page with a legend in a band at the foot of `room` (as for
/// [`legend_at_right`]), as wide as it, `lines` of small type under its
/// entries: the printable rectangle left for the drawing above it, `gap`
/// from it, the page's full width; `None`, and the page untouched, when
/// the band is taller than the room.
fn legend_at_foot(page: &mut Page, entries: &[Entry], lines: &[String], room: [f64; 4], gap: f64) -> Option<[f64; 4]> {
    let width = room[2] - room[0];
    let top = room[3] - legend_height(entries, lines.len(), width);
    if top < room[1] {
        return None;
    }
    page.shapes.push(legend(entries, lines, (room[0], top), width, false));
    Some([MARGIN + 1.0, MARGIN + 1.0, page.width - MARGIN - 1.0, top - gap])
}

/// Space between a legend's band and the drawing above it, millimetres.
const BAND_GAP: f64 = 3.0;

/// A page of `options` with its legend where it leaves the drawing
/// largest, and the printable rectangle left for the drawing: in a band at
/// the foot, the caption running under the entries, or in a column at the
/// right, the caption running as wide as the column (the column when the
/// two are alike). `size`
/// is how large the drawing comes out in a rectangle. On a tiled board the
/// column runs down the last column of sheets, its rows stepping past the
/// seams, and the band keeps to the first sheet of the last row, clear of
/// its seams.
pub(crate) fn legend_placed(
    entries: &[Entry],
    caption: &Caption,
    options: &DrawOptions,
    size: impl Fn([f64; 4]) -> f64,
) -> (Page, [f64; 4]) {
    let (paper, tile) = (options.paper, options.tile);
    let mut column = super::page(options);
    let (top, foot) = (
        sheet_room(paper, tile, tile.cols - 1, 0),
        sheet_room(paper, tile, tile.cols - 1, tile.rows - 1),
    );
    let [_, down] = seams(paper, tile);
    let beside = legend_at_right(&mut column, entries, caption, [top[0], top[1], foot[2], foot[3]], &down);
    let mut band = super::page(options);
    let room = sheet_room(paper, tile, 0, tile.rows - 1);
    let lines = caption.flowing(room[2] - room[0]);
    match legend_at_foot(&mut band, entries, &lines, room, BAND_GAP) {
        Some(below) if size(below) > size(beside) => (band, below),
        _ => (column, beside),
    }
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
    fn a_legend_steps_its_rows_past_gaps() {
        let entries: Vec<Entry> = (0..20).map(|i| Entry::new(Vec::new(), format!("entry {i}"))).collect();
        let lines = ["a caption line".to_string(), "and another".to_string()];
        let gaps = [(40.0, 60.0), (100.0, 125.0)];
        let Shape::Group { shapes, .. } = legend_past(&entries, &lines, (10.0, 20.0), 0.0, false, &gaps) else {
            panic!("a legend is a group")
        };
        let mut last = 0.0;
        for s in &shapes {
            let b = s.bounds().unwrap();
            assert!(gaps.iter().all(|&(g0, g1)| b[3] <= g0 || b[1] >= g1), "{s:?} meets a gap");
            last = f64::max(last, b[3]);
        }
        // The rows all drawn, ending where the flow says.
        assert_eq!(shapes.len(), 22);
        let end = bottom(&entries, lines.len(), 0.0, 20.0, &gaps);
        assert!((last - end).abs() < ROW, "{last} {end}");
        assert!((bottom(&entries, 2, 0.0, 20.0, &[]) - 20.0 - legend_height(&entries, 2, 0.0)).abs() < 1e-9);
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
        let room = [MARGIN, MARGIN, page.width - MARGIN, page.height - MARGIN];
        legend_at_right(&mut page, &short(6), &caption, room, &[]);
        let lines = baselines(&page.shapes[0]);
        let entries: Vec<f64> = lines.iter().filter(|(t, _)| t.starts_with('e')).map(|l| l.1).collect();
        assert_eq!(entries.len(), 6);
        assert!(entries.windows(2).all(|w| w[1] > w[0]), "two entries share a row: {lines:?}");
        // With more entries than rows fit the page's height, they pair up.
        let mut page = Page::landscape(scene::Paper::A4);
        legend_at_right(&mut page, &short(60), &caption, room, &[]);
        let rows: std::collections::BTreeSet<u64> = baselines(&page.shapes[0]).iter().map(|l| l.1.to_bits()).collect();
        assert!(rows.len() < 60, "60 entries in {} rows", rows.len());
    }
}
