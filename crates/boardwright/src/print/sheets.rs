//! One board printed over several sheets: a home printer's way to a bigger
//! board. The board is drawn once, on a page as large as the sheets make
//! together, and each sheet is a window onto it. Neighbouring sheets share a
//! strip [`OVERLAP`] wide, marked by dotted lines (broken round words),
//! with crosshairs along it printed on both sheets, none where four sheets
//! meet: each trimmed along the dotted line at the edge of its print where
//! it meets another, and laid one over the other, crosshairs on crosshairs,
//! the sheets give the whole board. Below its window each sheet says which
//! it is ("sheet 2 of 4, top right") and how to trim and lay them.

use std::fmt;
use std::str::FromStr;

use scene::{Anchor, Bounds, Color, Document, Page, Paper, Shape, Style, Tag, overlap};

use super::text::text_width;
use super::{INK, MARGIN, SMALL_TEXT, text};

/// How many sheets a board is printed over: columns × rows (`2x1` is two
/// sheets side by side). `1x1`, the default, is one sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    /// Sheets side by side.
    pub cols: u32,
    /// Sheets one above the other.
    pub rows: u32,
}

impl Tile {
    /// One sheet.
    pub const ONE: Tile = Tile { cols: 1, rows: 1 };
    /// The most sheets along either side.
    pub const MAX: u32 = 4;

    /// How many sheets in all.
    pub fn count(self) -> u32 {
        self.cols * self.rows
    }
}

impl Default for Tile {
    fn default() -> Tile {
        Tile::ONE
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

impl FromStr for Tile {
    type Err = String;

    /// `COLSxROWS`, each from 1 to [`Tile::MAX`]: `2x2`, `3x1`.
    fn from_str(text: &str) -> Result<Tile, String> {
        let bad = || {
            format!(
                "{text:?} is not allowed; expected COLSxROWS with each from 1 to {}, such as 2x1 or 2x2",
                Tile::MAX
            )
        };
        let (cols, rows) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let side = |s: &str| s.trim().parse::<u32>().ok().filter(|n| (1..=Tile::MAX).contains(n));
        match (side(cols), side(rows)) {
            (Some(cols), Some(rows)) => Ok(Tile { cols, rows }),
            _ => Err(bad()),
        }
    }
}

/// The strip two neighbouring sheets share, millimetres.
pub const OVERLAP: f64 = 10.0;
/// How far from an overlap strip a board keeps what a player needs,
/// millimetres: out from under the strip, the tape and the trimmed edges.
pub(crate) const SEAM_CLEAR: f64 = 5.0;
/// The band at the foot of a sheet for its position and how to lay it.
const BAND: f64 = 6.0;
/// The dots of a strip's lines, millimetres.
const STRIP_DOT: f64 = 0.4;
/// Half the length of a crosshair's arms.
const ARM: f64 = 3.0;

/// Where one sheet's window lies on the whole board: its printable
/// rectangle's size, and the step from one sheet to the next.
struct Layout {
    window: (f64, f64),
    step: (f64, f64),
}

impl Layout {
    fn new(paper: Paper, tile: Tile) -> Layout {
        let (short, long) = paper.size();
        let window = if tile == Tile::ONE {
            (long - 2.0 * MARGIN, short - 2.0 * MARGIN)
        } else {
            (long - 2.0 * MARGIN, short - 2.0 * MARGIN - BAND)
        };
        Layout {
            window,
            step: (window.0 - OVERLAP, window.1 - OVERLAP),
        }
    }

    /// The top-left corner on the board of the window of the sheet in
    /// column `c`, row `r`.
    fn corner(&self, c: u32, r: u32) -> (f64, f64) {
        (MARGIN + f64::from(c) * self.step.0, MARGIN + f64::from(r) * self.step.1)
    }
}

/// An empty landscape page as large as the board `tile` sheets of `paper`
/// make, the margin kept around it: one sheet's page when `tile` is one.
pub(crate) fn board_page(paper: Paper, tile: Tile) -> Page {
    if tile == Tile::ONE {
        return Page::landscape(paper);
    }
    let layout = Layout::new(paper, tile);
    let span = |n: u32, window: f64, step: f64| window + f64::from(n - 1) * step + 2.0 * MARGIN;
    Page {
        width: span(tile.cols, layout.window.0, layout.step.0),
        height: span(tile.rows, layout.window.1, layout.step.1),
        shapes: Vec::new(),
    }
}

/// The bands of a board drawn on [`board_page`] that lie within
/// [`SEAM_CLEAR`] of an overlap strip, `[across, down]`: each an interval of
/// x (strips between columns) or of y (between rows), in order; none for
/// one sheet. A board keeping what a player needs out of them has nothing
/// under a strip or on a seam.
pub(crate) fn seams(paper: Paper, tile: Tile) -> [Vec<(f64, f64)>; 2] {
    strips(paper, tile).map(|axis| axis.into_iter().map(|(a, b)| (a - SEAM_CLEAR, b + SEAM_CLEAR)).collect())
}

/// The overlap strips of a board drawn on [`board_page`], `[across, down]`:
/// each an interval of x (strips between columns) or of y (between rows),
/// [`OVERLAP`] wide, in order, its ends where sheets are trimmed; none for
/// one sheet.
pub(crate) fn strips(paper: Paper, tile: Tile) -> [Vec<(f64, f64)>; 2] {
    let layout = Layout::new(paper, tile);
    let strip = |a: f64| (a, a + OVERLAP);
    [
        (1..tile.cols).map(|c| strip(layout.corner(c, 0).0)).collect(),
        (1..tile.rows).map(|r| strip(layout.corner(0, r).1)).collect(),
    ]
}

/// The part of the window of the sheet in column `c`, row `r` of a board
/// drawn on [`board_page`] that lies clear of the [`seams`],
/// `[x0, y0, x1, y1]`: what is drawn there lies whole on that one sheet,
/// away from every strip. One sheet's is its printable area.
pub(crate) fn sheet_room(paper: Paper, tile: Tile, c: u32, r: u32) -> [f64; 4] {
    let layout = Layout::new(paper, tile);
    let (x, y) = layout.corner(c, r);
    let inner = |inner: bool| if inner { OVERLAP + SEAM_CLEAR } else { 0.0 };
    [
        x + inner(c > 0),
        y + inner(r > 0),
        x + layout.window.0 - inner(c + 1 < tile.cols),
        y + layout.window.1 - inner(r + 1 < tile.rows),
    ]
}

/// `doc`, whose pages are boards drawn on [`board_page`], cut into `tile`
/// sheets of `paper` each, row by row; unchanged when `tile` is one sheet.
pub(crate) fn cut(mut doc: Document, paper: Paper, tile: Tile) -> Document {
    if tile == Tile::ONE {
        return doc;
    }
    let layout = Layout::new(paper, tile);
    let mut sheets = Vec::new();
    for board in std::mem::take(&mut doc.pages) {
        let board = with_marks(board, &layout, tile);
        for k in 0..tile.count() {
            let label = format!("Sheet {} of {}, {}.", k + 1, tile.count(), position(k, tile));
            sheets.push(sheet(&board, paper, &layout, tile, k, &label));
        }
    }
    doc.pages = sheets;
    doc
}

/// `doc`, whose pages come in pairs, each the front and back of one
/// double-sided board (the back drawn to be turned over left to right), cut
/// as [`cut`] does, and ordered for double-sided printing: each front sheet
/// followed by the back sheet that lies behind it (the back's sheets in
/// mirrored columns).
pub(crate) fn cut_double_sided(mut doc: Document, paper: Paper, tile: Tile) -> Document {
    if tile == Tile::ONE {
        return doc;
    }
    let layout = Layout::new(paper, tile);
    let mut sheets = Vec::new();
    let pages = std::mem::take(&mut doc.pages);
    for pair in pages.chunks(2) {
        let faces: Vec<Page> = pair.iter().map(|p| with_marks(p.clone(), &layout, tile)).collect();
        for k in 0..tile.count() {
            let label = format!("Sheet {} of {}, {}.", k + 1, tile.count(), position(k, tile));
            sheets.push(sheet(&faces[0], paper, &layout, tile, k, &label));
            if let Some(back) = faces.get(1) {
                let behind = (k / tile.cols) * tile.cols + (tile.cols - 1 - k % tile.cols);
                let label = format!("Back of sheet {} of {}.", k + 1, tile.count());
                sheets.push(sheet(back, paper, &layout, tile, behind, &label));
            }
        }
    }
    doc.pages = sheets;
    doc
}

/// `board` with the overlap strips' marks drawn over it.
fn with_marks(mut board: Page, layout: &Layout, tile: Tile) -> Page {
    let marks = marks(&board, layout, tile);
    board.shapes.push(marks);
    board
}

/// Sheet `k` (row by row) of `board`: its window, and below it `label` and
/// how to lay the sheets.
fn sheet(board: &Page, paper: Paper, layout: &Layout, tile: Tile, k: u32, label: &str) -> Page {
    let (c, r) = (k % tile.cols, k / tile.cols);
    let mut sheet = Page::landscape(paper);
    let (x, y) = layout.corner(c, r);
    sheet.shapes.push(
        Shape::Window {
            origin: (MARGIN, MARGIN),
            size: layout.window,
            view: [x, y, layout.window.0, layout.window.1],
            shapes: seen(&board.shapes, [x, y, x + layout.window.0, y + layout.window.1]),
        }
        .tagged(Tag::new("sheet").with("column", c + 1).with("row", r + 1)),
    );
    // Two lines in the band: which sheet, and how to join it to the others.
    let lines = [
        format!("{label} Trim the blank margin off each side that meets another sheet, along the dotted line at the print's edge."),
        format!(
            "Then lay the sheets so that their {OVERLAP} mm strips between the dotted lines overlap, crosshairs on crosshairs, and tape them."
        ),
    ];
    let size = lines
        .iter()
        .map(|l| super::fit(l, layout.window.0, SMALL_TEXT))
        .fold(SMALL_TEXT, f64::min);
    let top = sheet.height - MARGIN - BAND;
    for (i, words) in lines.into_iter().enumerate() {
        let baseline = top + size * (1.05 + 1.25 * i as f64);
        sheet
            .shapes
            .push(text((MARGIN, baseline), words, size, Anchor::Start, INK).tagged(Tag::new("sheet-label")));
    }
    sheet
}

/// The shapes that paint inside `view`: those wholly outside it are left
/// out (a sheet would hide them), and a group reaching past it keeps only
/// its members that do, so that a board cut into many sheets is not
/// written out whole on every one.
fn seen(shapes: &[Shape], view: Bounds) -> Vec<Shape> {
    let inside = |b: Bounds| b[0] >= view[0] && b[1] >= view[1] && b[2] <= view[2] && b[3] <= view[3];
    shapes
        .iter()
        .filter_map(|shape| match (shape, shape.bounds()) {
            (_, Some(b)) if !overlap(b, view) => None,
            (Shape::Group { tag, shapes }, Some(b)) if !inside(b) => Some(Shape::Group {
                tag: tag.clone(),
                shapes: seen(shapes, view),
            }),
            _ => Some(shape.clone()),
        })
        .collect()
}

/// Where sheet `k` (row by row) lies, in words: `top right`, `left`,
/// `middle`, or `row 2, column 3` on a grid wider than three.
fn position(k: u32, tile: Tile) -> String {
    let (c, r) = (k % tile.cols, k / tile.cols);
    let word = |i: u32, n: u32, ends: [&'static str; 2]| -> Option<String> {
        match (n, i) {
            (1, _) => None,
            (_, 0) => Some(ends[0].to_string()),
            (n, i) if i + 1 == n => Some(ends[1].to_string()),
            (3, _) => Some("middle".to_string()),
            _ => None,
        }
    };
    if tile.cols > 3 || tile.rows > 3 {
        return format!("row {}, column {}", r + 1, c + 1);
    }
    let words: Vec<String> = [word(r, tile.rows, ["top", "bottom"]), word(c, tile.cols, ["left", "right"])]
        .into_iter()
        .flatten()
        .collect();
    match words.as_slice() {
        [a, b] if a == b => a.clone(),
        _ => words.join(" "),
    }
}

/// The overlap strips' dotted edges and the crosshairs near their corners,
/// drawn on the whole board so that both sheets of a strip carry them.
fn marks(board: &Page, layout: &Layout, tile: Tile) -> Shape {
    // Fine black dots: unlike any line of a board (the universe's quadrant
    // lines and the witches' folds are grey 1.2 mm dashes).
    let edge = Style::stroke(Color::BLACK, 0.3).dashed(STRIP_DOT);
    let hair = Style::stroke(Color::BLACK, 0.25);
    let mut shapes = Vec::new();
    let line = |from, to| Shape::Line { from, to, style: edge }.tagged(Tag::new("overlap-edge"));
    let cross = |(x, y): (f64, f64)| Shape::Group {
        tag: Tag::new("crosshair").with_mm("x", x).with_mm("y", y),
        shapes: vec![
            Shape::Circle {
                center: (x, y),
                radius: ARM * 0.5,
                style: hair,
            },
            Shape::Line {
                from: (x - ARM, y),
                to: (x + ARM, y),
                style: hair,
            },
            Shape::Line {
                from: (x, y - ARM),
                to: (x, y + ARM),
                style: hair,
            },
        ],
    };
    let (bottom, right) = (board.height - MARGIN, board.width - MARGIN);
    let mut words = Vec::new();
    words_on(&board.shapes, &mut words);
    // A strip's edge from `from` to `to` (level or upright), broken where it
    // would run through words: they stay legible, and the sheet's own edge
    // still shows where to trim.
    let edge_line = |shapes: &mut Vec<Shape>, from: (f64, f64), to: (f64, f64)| {
        let upright = from.0 == to.0;
        let (at, start, end) = if upright { (from.0, from.1, to.1) } else { (from.1, from.0, to.0) };
        let mut gaps: Vec<(f64, f64)> = words
            .iter()
            .filter(|b| {
                if upright {
                    b[0] <= at && at <= b[2]
                } else {
                    b[1] <= at && at <= b[3]
                }
            })
            .map(|b| if upright { (b[1], b[3]) } else { (b[0], b[2]) })
            .collect();
        gaps.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut from = start;
        for (g0, g1) in gaps.into_iter().chain([(end, end)]) {
            if g0 > from {
                let (a, b) = if upright {
                    ((at, from), (at, g0.min(end)))
                } else {
                    ((from, at), (g0.min(end), at))
                };
                shapes.push(line(a, b));
            }
            from = from.max(g1);
        }
    };
    // Crosshairs along each strip, two or three on every sheet it runs
    // along: near an end that meets the paper's edge, and in the middle;
    // never near a strip across it, where four sheets meet (the middle of
    // the board, and its centre).
    let along = |start: f64, length: f64, first: bool, last: bool| -> Vec<f64> {
        let middle = start + length / 2.0;
        match (first, last) {
            (true, true) => vec![start + OVERLAP / 2.0, middle, start + length - OVERLAP / 2.0],
            (true, false) => vec![start + OVERLAP / 2.0, middle],
            (false, true) => vec![middle, start + length - OVERLAP / 2.0],
            (false, false) => vec![middle - length / 4.0, middle + length / 4.0],
        }
    };
    // Between columns c and c + 1: the strip from where sheet c + 1 begins
    // to where sheet c ends.
    for c in 1..tile.cols {
        let a = layout.corner(c, 0).0;
        let b = a + OVERLAP;
        edge_line(&mut shapes, (a, MARGIN), (a, bottom));
        edge_line(&mut shapes, (b, MARGIN), (b, bottom));
        for r in 0..tile.rows {
            for y in along(layout.corner(c, r).1, layout.window.1, r == 0, r + 1 == tile.rows) {
                shapes.push(cross(((a + b) / 2.0, y)));
            }
        }
    }
    for r in 1..tile.rows {
        let a = layout.corner(0, r).1;
        let b = a + OVERLAP;
        edge_line(&mut shapes, (MARGIN, a), (right, a));
        edge_line(&mut shapes, (MARGIN, b), (right, b));
        for c in 0..tile.cols {
            for x in along(layout.corner(c, r).0, layout.window.0, c == 0, c + 1 == tile.cols) {
                shapes.push(cross((x, (a + b) / 2.0)));
            }
        }
    }
    Shape::Group {
        tag: Tag::new("overlap"),
        shapes,
    }
}

/// The room the words among `shapes` take, with a little air round them.
fn words_on(shapes: &[Shape], out: &mut Vec<Bounds>) {
    const AIR: f64 = 0.8;
    for shape in shapes {
        match shape {
            Shape::Group { shapes, .. } => words_on(shapes, out),
            Shape::Text {
                at, content, size, anchor, ..
            } => {
                let width = text_width(content, *size);
                let left = match anchor {
                    Anchor::Start => at.0,
                    Anchor::Middle => at.0 - width / 2.0,
                    Anchor::End => at.0 - width,
                };
                out.push([left - AIR, at.1 - size * 0.8 - AIR, left + width + AIR, at.1 + size * 0.25 + AIR]);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_read_as_columns_by_rows() {
        assert_eq!("2x1".parse(), Ok(Tile { cols: 2, rows: 1 }));
        assert_eq!(" 3X4 ".parse(), Ok(Tile { cols: 3, rows: 4 }));
        for bad in ["", "2", "0x1", "5x1", "2x", "x2", "2x2x2", "-1x2", "2 x banana"] {
            let err = bad.parse::<Tile>().unwrap_err();
            assert!(err.contains("COLSxROWS") && err.contains("1 to 4"), "{bad}: {err}");
        }
        assert_eq!(Tile { cols: 2, rows: 3 }.to_string(), "2x3");
    }

    #[test]
    fn positions_read_as_a_player_says_them() {
        let t = |cols, rows| Tile { cols, rows };
        assert_eq!(position(1, t(2, 2)), "top right");
        assert_eq!(position(2, t(2, 2)), "bottom left");
        assert_eq!(position(1, t(2, 1)), "right");
        assert_eq!(position(1, t(1, 3)), "middle");
        assert_eq!(position(4, t(3, 3)), "middle");
        assert_eq!(position(7, t(3, 3)), "bottom middle");
        assert_eq!(position(3, t(4, 1)), "row 1, column 4");
    }

    #[test]
    fn sheets_cover_the_board_and_overlap_by_the_strip() {
        for paper in Paper::ALL {
            for tile in [Tile { cols: 2, rows: 1 }, Tile { cols: 2, rows: 2 }, Tile { cols: 3, rows: 4 }] {
                let board = board_page(paper, tile);
                let layout = Layout::new(paper, tile);
                let (x, y) = layout.corner(tile.cols - 1, tile.rows - 1);
                // The last window ends where the board's printable area does.
                assert!((x + layout.window.0 - (board.width - MARGIN)).abs() < 1e-9);
                assert!((y + layout.window.1 - (board.height - MARGIN)).abs() < 1e-9);
                let (c0, c1) = (layout.corner(0, 0), layout.corner(1, 0));
                assert!((c0.0 + layout.window.0 - c1.0 - OVERLAP).abs() < 1e-9);
                let doc = cut(
                    Document {
                        title: "t".into(),
                        pages: vec![board],
                    },
                    paper,
                    tile,
                );
                assert_eq!(doc.pages.len() as u32, tile.count());
                let (short, long) = paper.size();
                assert!(doc.pages.iter().all(|p| p.width == long && p.height == short));
            }
        }
    }

    /// The marks' shapes of `class`, flattened.
    fn marked<'a>(shape: &'a Shape, class: &str, out: &mut Vec<&'a Shape>) {
        if let Shape::Group { tag, shapes } = shape {
            if tag.class == class {
                out.push(shape);
            }
            for s in shapes {
                marked(s, class, out);
            }
        }
    }

    #[test]
    fn no_crosshair_lies_where_four_sheets_meet_and_no_strip_line_runs_through_words() {
        for tile in [Tile { cols: 2, rows: 2 }, Tile { cols: 3, rows: 4 }, Tile { cols: 2, rows: 1 }] {
            let paper = Paper::A4;
            let mut board = board_page(paper, tile);
            let layout = Layout::new(paper, tile);
            // A word across the first upright strip.
            let x = layout.corner(1, 0).0 + OVERLAP / 2.0;
            board.shapes.push(text((x, 40.0), "tower and city", 3.0, Anchor::Middle, INK));
            let word = [
                x - text_width("tower and city", 3.0) / 2.0,
                40.0 - 2.4,
                x + text_width("tower and city", 3.0) / 2.0,
                40.75,
            ];
            let marks = marks(&board, &layout, tile);
            let mut crosses = Vec::new();
            marked(&marks, "crosshair", &mut crosses);
            assert!(!crosses.is_empty());
            for cross in crosses {
                let b = cross.bounds().unwrap();
                let centre = ((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0);
                let in_upright = (1..tile.cols).any(|c| (layout.corner(c, 0).0..layout.corner(c, 0).0 + OVERLAP).contains(&centre.0));
                let in_level = (1..tile.rows).any(|r| {
                    let a = layout.corner(0, r).1;
                    (a - ARM..a + OVERLAP + ARM).contains(&centre.1)
                });
                let in_level_strip = (1..tile.rows).any(|r| (layout.corner(0, r).1..layout.corner(0, r).1 + OVERLAP).contains(&centre.1));
                let in_upright_near = (1..tile.cols).any(|c| {
                    let a = layout.corner(c, 0).0;
                    (a - ARM..a + OVERLAP + ARM).contains(&centre.0)
                });
                assert!(
                    !(in_upright && in_level || in_level_strip && in_upright_near),
                    "{tile}: a crosshair at {centre:?} lies where sheets meet"
                );
            }
            let Shape::Group { shapes, .. } = &marks else {
                panic!("the marks are a group")
            };
            for line in shapes {
                if let Shape::Tagged { tag, shape } = line
                    && tag.class == "overlap-edge"
                {
                    let b = shape.bounds().unwrap();
                    assert!(!overlap(b, word), "{tile}: a strip line {b:?} runs through the word at {word:?}");
                }
            }
        }
    }
}
