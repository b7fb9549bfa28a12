//! Where things go on a witches page: the cell lines, on the folds, and the
//! bands the legend and the caption take, off the cells.
//!
//! Across, the cell lines lie on the sheet's eighths and the outer cells end
//! at the printable margin. Down, the inner lines lie on the sheet's
//! quarters; the legend's entries and the caption's lines take a band of
//! their own below the bottom row, which ends above it. When that would
//! leave the bottom row shorter than a cell must be to write in, and the top
//! row can spare the room better, the entries take a band above the top row
//! instead and the caption alone stays below. Both sides of the sheet share
//! one layout, so that every cell lies behind its mirror image on the other
//! side.
//!
//! Over several sheets the page is the sheets' together, its rows share the
//! height above the legend evenly, and nothing a player needs may lie near a
//! seam: a cell line that would fall within
//! 5 mm of an overlap strip moves just past that
//! band (so the back, whose columns mirror the front's, takes the front's
//! lines mirrored), and what a cell holds keeps to the part of the cell
//! clear of the bands ([`Sheet::room`]). The legend and the caption keep
//! to the first sheet of their row.

use super::super::{HEIGHT, WIDTH};
use scene::Paper;

use crate::Tile;
use crate::print::{self, Entry, MARGIN};

/// The shortest side a cell is written in, millimetres.
const SHORTEST_CELL: f64 = 25.0;
/// Between a band and the cells beside it, millimetres.
const BAND_GAP: f64 = 1.5;
/// How far past a seam's band a cell line moved off it lies, millimetres:
/// past half the widest (cut) line.
const PAST_SEAM: f64 = 1.0;

/// A page's layout: the cell lines and where the legend goes.
#[derive(Clone)]
pub(super) struct Sheet {
    /// The vertical cell lines, left to right (x, millimetres).
    pub xs: [f64; WIDTH as usize + 1],
    /// The horizontal cell lines, top to bottom (y, millimetres).
    pub ys: [f64; HEIGHT as usize + 1],
    /// The top-left corner of the legend's entries.
    pub entries_at: (f64, f64),
    /// The top-left corner of the caption's lines.
    pub caption_at: (f64, f64),
    /// Where across the legend's entries and the caption are laid out.
    pub bands: Bands,
    /// The bands near the seams of a board printed over several sheets
    /// (none on one sheet), `[across, down]`: intervals of x and of y.
    seams: [Vec<(f64, f64)>; 2],
}

/// Where across a page the legend's entries and the caption's lines go:
/// each block's left end and width, millimetres. On one sheet both take
/// the printable width, a millimetre in on each side, the caption below
/// the entries; over several sheets, each keeps to one sheet of the last
/// row, clear of its seams: the entries the first, the caption beside them
/// on the second (below them when the sheets are one column).
#[derive(Clone, Copy)]
pub(super) struct Bands {
    pub entries: (f64, f64),
    pub caption: (f64, f64),
}

impl Bands {
    /// The bands of a page `width` wide printed over `tile` sheets of `paper`.
    pub fn new(width: f64, paper: Paper, tile: Tile) -> Bands {
        let across = |[x0, _, x1, _]: [f64; 4]| (x0 + 1.0, x1 - x0 - 2.0);
        if tile == Tile::ONE {
            let whole = across([MARGIN, 0.0, width - MARGIN, 0.0]);
            return Bands {
                entries: whole,
                caption: whole,
            };
        }
        let last = tile.rows - 1;
        Bands {
            entries: across(print::sheet_room(paper, tile, 0, last)),
            caption: across(print::sheet_room(paper, tile, 1.min(tile.cols - 1), last)),
        }
    }

    /// Whether the caption stands beside the entries, not below them.
    fn side_by_side(&self) -> bool {
        self.entries.0 != self.caption.0
    }
}

impl Sheet {
    /// The layout of a page `width` × `height` whose legend has `entries`
    /// and whose caption takes at most `caption_lines` lines (the larger
    /// count of the two sides), laid out across as `bands` says, the page's
    /// `seams` kept clear.
    pub fn new((width, height): (f64, f64), entries: &[Entry], caption_lines: usize, bands: Bands, seams: [Vec<(f64, f64)>; 2]) -> Sheet {
        let entries_height = print::legend_height(entries, 0, bands.entries.1);
        let caption_height = print::legend_height(&[], caption_lines, bands.caption.1);
        // Below the cells: the caption under the entries, or beside them.
        let foot = if bands.side_by_side() {
            entries_height.max(caption_height)
        } else {
            entries_height + caption_height
        };
        let mut xs = [0.0; WIDTH as usize + 1];
        for (i, x) in xs.iter_mut().enumerate() {
            *x = (width * i as f64 / f64::from(WIDTH)).clamp(MARGIN, width - MARGIN);
        }
        let mut ys = [0.0; HEIGHT as usize + 1];
        for (i, y) in ys.iter_mut().enumerate() {
            *y = (height * i as f64 / f64::from(HEIGHT)).clamp(MARGIN, height - MARGIN);
        }
        let last_fold = ys[HEIGHT as usize - 1];
        let first_fold = ys[1];
        // Everything below the cells.
        let below = height - MARGIN - foot - BAND_GAP;
        // The entries above, the caption below.
        let (above_top, above_bottom) = (MARGIN + entries_height + BAND_GAP, height - MARGIN - caption_height - BAND_GAP);
        let shortest_split = (first_fold - above_top).min(above_bottom - last_fold);
        // Over several sheets, whose folds are not the paper's, the rows
        // share the height above the legend evenly.
        let tiled = seams.iter().any(|axis| !axis.is_empty());
        let split = !tiled && below - last_fold < SHORTEST_CELL && shortest_split > (below - last_fold).min(first_fold - MARGIN);
        let (entries_at, caption_at) = if split {
            ys[0] = above_top;
            ys[HEIGHT as usize] = above_bottom;
            ((bands.entries.0, MARGIN), (bands.caption.0, height - MARGIN - caption_height))
        } else {
            ys[HEIGHT as usize] = below;
            if tiled {
                for (i, y) in ys.iter_mut().enumerate() {
                    *y = MARGIN + (below - MARGIN) * i as f64 / f64::from(HEIGHT);
                }
            }
            let top = height - MARGIN - foot;
            let under = if bands.side_by_side() { top } else { top + entries_height };
            ((bands.entries.0, top), (bands.caption.0, under))
        };
        off_seams(&mut xs, &seams[0]);
        off_seams(&mut ys, &seams[1]);
        Sheet {
            xs,
            ys,
            entries_at,
            caption_at,
            bands,
            seams,
        }
    }

    /// The layout of the other side of a `width` wide page: its cell lines
    /// the mirror image of these across, so that turned over left to right
    /// each cell lies behind the cell it mirrors.
    pub fn mirrored(&self, width: f64) -> Sheet {
        let mut xs = self.xs;
        for (x, &mirror) in xs.iter_mut().zip(self.xs.iter().rev()) {
            *x = width - mirror;
        }
        Sheet { xs, ..self.clone() }
    }

    /// The part of cell `(x, y)` what it holds is drawn in: its top-left
    /// corner and size, the whole cell less the part of any seam's band
    /// across it (the larger side kept).
    pub fn room(&self, x: u32, y: u32) -> ((f64, f64), (f64, f64)) {
        let (x, y) = (x as usize, y as usize);
        let (x0, x1) = clear_of((self.xs[x], self.xs[x + 1]), &self.seams[0]);
        let (y0, y1) = clear_of((self.ys[y], self.ys[y + 1]), &self.seams[1]);
        ((x0, y0), (x1 - x0, y1 - y0))
    }

    /// The top-left corner of cell `(x, y)`.
    pub fn at(&self, x: u32, y: u32) -> (f64, f64) {
        (self.xs[x as usize], self.ys[y as usize])
    }

    /// The size of the `w` × `h` cells from `(x, y)`.
    pub fn size(&self, x: u32, y: u32, w: u32, h: u32) -> (f64, f64) {
        (
            self.xs[(x + w) as usize] - self.xs[x as usize],
            self.ys[(y + h) as usize] - self.ys[y as usize],
        )
    }
}

/// Each inner line of `lines` (the first and last are the outline) that
/// lies within one of `bands` moved just past its nearer end.
fn off_seams(lines: &mut [f64], bands: &[(f64, f64)]) {
    let inner = lines.len() - 1;
    for line in &mut lines[1..inner] {
        if let Some(&(lo, hi)) = bands.iter().find(|&&(lo, hi)| *line > lo - PAST_SEAM && *line < hi + PAST_SEAM) {
            *line = if *line - lo < hi - *line { lo - PAST_SEAM } else { hi + PAST_SEAM };
        }
    }
}

/// The larger part of `(from, to)` outside `bands`, `(from, to)` itself
/// when none crosses it.
fn clear_of((from, to): (f64, f64), bands: &[(f64, f64)]) -> (f64, f64) {
    let mut parts = vec![(from, to)];
    for &(lo, hi) in bands {
        parts = parts
            .into_iter()
            .flat_map(|(a, b)| [(a, b.min(lo)), (a.max(hi), b)])
            .filter(|(a, b)| b > a)
            .collect();
    }
    parts
        .into_iter()
        .max_by(|p, q| (p.1 - p.0).total_cmp(&(q.1 - q.0)))
        .unwrap_or((from, to))
}
