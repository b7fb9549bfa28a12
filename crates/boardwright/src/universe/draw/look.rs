//! The colours and paints of one drawing: category fills in colour, white
//! fills and dark outlines on an ink-friendly page.

use std::collections::BTreeMap;

use scene::{Color, Shape};

use crate::DrawOptions;
use crate::print::INK;
use crate::universe::Board;
use crate::universe::icons::{self, Paint};

/// The fill of a node type's category (the original's colours).
pub(super) fn category_color(category: &str) -> Color {
    let hex = match category {
        "Plants" => "#7BF1A8",
        "Nature" => "#009FB7",
        "Magical" => "#FED766",
        "Enemies" => "#E08D79",
        "Resources" => "#EFF1F3",
        "Misc" => "#A882DD",
        "Technology" => "#8C7A6B",
        "Center" => "#FFD6E0",
        _ => "#D0D0D0",
    };
    Color::from_hex(hex).unwrap_or(Color::WHITE)
}

/// The edges' lines.
pub(super) const EDGE: Color = Color::rgb(0x44, 0x44, 0x44);
/// The quadrant lines.
pub(super) const LIGHT: Color = Color::rgb(0xbb, 0xbb, 0xbb);
/// The power dots' fill.
pub(super) const DOT_FILL: Color = Color::rgb(0x88, 0x88, 0x88);

/// The colours and paints of one drawing.
pub(super) struct Look<'a> {
    /// The node types the board may use: the dictionary's and the node
    /// sets' switched on.
    pub types: Vec<crate::universe::NodeType>,
    /// White fills and dark outlines only.
    pub ink_friendly: bool,
    /// How pictograms are painted.
    pub icon: Paint,
    /// Icon files' SVG text by node type.
    files: &'a BTreeMap<String, String>,
}

impl<'a> Look<'a> {
    pub(super) fn new(board: &'a Board, options: &'a DrawOptions) -> Look<'a> {
        let icon = if options.ink_friendly {
            Paint {
                ink: Color::WHITE,
                paper: INK,
                outline: Some(INK),
            }
        } else {
            Paint {
                ink: INK,
                paper: Color::WHITE,
                outline: None,
            }
        };
        Look {
            types: crate::universe::expansions::node_type_pool(&board.header.params),
            ink_friendly: options.ink_friendly,
            icon,
            files: &options.icons,
        }
    }

    /// `c`, or white on an ink-friendly page.
    pub(super) fn fill(&self, c: Color) -> Color {
        if self.ink_friendly { Color::WHITE } else { c }
    }

    /// The fill of node type `name`: its category's colour.
    pub(super) fn type_color(&self, name: &str) -> Color {
        let category = self.types.iter().find(|t| t.name == name).map(|t| t.category.as_str());
        self.fill(category.map_or(Color::WHITE, category_color))
    }

    /// The icon of node type `name` in the unit box: its file's, or its
    /// pictogram.
    pub(super) fn type_icon(&self, name: &str) -> Vec<Shape> {
        icons::node_type_or_file(name, self.icon, self.files)
    }
}
