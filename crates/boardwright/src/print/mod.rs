//! What every printed page shares: the paper and its margin, one file per
//! concept: `text` (measuring and breaking words), `place` (shapes drawn in
//! a unit box put on the page), `legend` (entries and the legend, under the
//! board or at its right), `caption` (the line that says how to make the
//! board again), `columns` (a rules card's blocks flowed into columns),
//! `sheets` (one board cut into overlapping sheets), `clear` (a drawing
//! placed so that what a player needs keeps off the sheets' seams) and
//! `unprintable` (why a board is not drawn, and on which sheets it would be).

use scene::{Color, Page};

use crate::DrawOptions;

mod caption;
mod clear;
mod columns;
mod legend;
mod place;
mod sheets;
mod text;
mod unprintable;

pub(crate) use caption::Caption;
pub(crate) use clear::{LEAST_SPAN, Marks, Scales, Seams, Span};
pub(crate) use columns::{Block, fill, flow};
pub(crate) use legend::{Entry, SWATCH_SIDE, legend, legend_height, legend_placed};
pub(crate) use place::{place, turned};
pub use sheets::Tile;
pub(crate) use sheets::{cut, cut_double_sided, seams, sheet_room};
pub(crate) use text::{fit, text, text_width, wrap_words};
pub(crate) use unprintable::check_printable;
pub use unprintable::{Sheets, Unprintable};

pub(crate) use scene::PRINT_MARGIN as MARGIN;

/// Dark ink for outlines and words.
pub(crate) const INK: Color = Color::rgb(0x22, 0x22, 0x22);
/// Font size of the legend's words, millimetres.
pub(crate) const LEGEND_TEXT: f64 = 2.8;
/// Font size of the caption and instructions, millimetres.
pub(crate) const SMALL_TEXT: f64 = 2.2;

/// An empty landscape page for a board drawn with `options`: one sheet of
/// its paper, or as large as its tile of sheets makes together.
pub(crate) fn page(options: &DrawOptions) -> Page {
    sheets::board_page(options.paper, options.tile)
}
