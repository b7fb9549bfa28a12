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

use super::super::{HEIGHT, WIDTH};
use crate::print::{self, Entry, MARGIN};

/// The shortest side a cell is written in, millimetres.
const SHORTEST_CELL: f64 = 25.0;
/// Between a band and the cells beside it, millimetres.
const BAND_GAP: f64 = 1.5;

/// A page's layout: the cell lines and where the legend goes.
pub(super) struct Sheet {
    /// The vertical cell lines, left to right (x, millimetres).
    pub xs: [f64; WIDTH as usize + 1],
    /// The horizontal cell lines, top to bottom (y, millimetres).
    pub ys: [f64; HEIGHT as usize + 1],
    /// The top-left corner of the legend's entries.
    pub entries_at: (f64, f64),
    /// The top-left corner of the caption's lines.
    pub caption_at: (f64, f64),
    /// The width the legend and the caption are laid out in.
    pub band_width: f64,
}

impl Sheet {
    /// The layout of a page `width` × `height` whose legend has `entries`
    /// and whose caption takes at most `caption_lines` lines (the larger
    /// count of the two sides).
    pub fn new(width: f64, height: f64, entries: &[Entry], caption_lines: usize) -> Sheet {
        let band_width = band_width(width);
        let entries_height = print::legend_height(entries, 0, band_width);
        let caption_height = print::legend_height(&[], caption_lines, band_width);
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
        let below = height - MARGIN - entries_height - caption_height - BAND_GAP;
        // The entries above, the caption below.
        let (above_top, above_bottom) = (MARGIN + entries_height + BAND_GAP, height - MARGIN - caption_height - BAND_GAP);
        let shortest_split = (first_fold - above_top).min(above_bottom - last_fold);
        let split = below - last_fold < SHORTEST_CELL && shortest_split > (below - last_fold).min(first_fold - MARGIN);
        let left = MARGIN + 1.0;
        if split {
            ys[0] = above_top;
            ys[HEIGHT as usize] = above_bottom;
            Sheet {
                xs,
                ys,
                entries_at: (left, MARGIN),
                caption_at: (left, height - MARGIN - caption_height),
                band_width,
            }
        } else {
            ys[HEIGHT as usize] = below;
            let entries_at = (left, height - MARGIN - entries_height - caption_height);
            Sheet {
                xs,
                ys,
                entries_at,
                caption_at: (left, entries_at.1 + entries_height),
                band_width,
            }
        }
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

/// The width the legend and caption are laid out in on a page `width` wide:
/// the printable width, a millimetre in on each side.
pub(super) fn band_width(width: f64) -> f64 {
    width - 2.0 * MARGIN - 2.0
}
