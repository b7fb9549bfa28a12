//! The marks of a witches sheet, each in one place, drawn the same on the
//! board and in its legend: what a mark looks like in colour and
//! ink-friendly, its line widths in millimetres, and its legend entry.
//!
//! The cut line is the heaviest line on the sheet, solid and near black; a
//! garden's border is a thin line inside the garden, well apart from it,
//! with short tufts pointing into the garden; a cauldron is a plain dark
//! outline, thin dark lines between its cells and a small dark box round
//! each cell's number (square, unlike a player's round badge); a fold line is thin, grey and dashed. A garden's fill and
//! a cauldron's are far apart in grey as well as in hue, so a greyscale
//! print tells them apart by shade too. Each mark's shapes are tagged with its
//! name (`cut`, `fold`, `garden`, …), and its legend swatch is a group
//! `swatch` whose `data-mark` names the same mark, so that a page can be
//! checked for a legend entry of every mark it shows.

use scene::{Anchor, Color, Shape, Style, Tag};

use crate::print::{self, Entry, INK, SWATCH_SIDE};
use crate::witches::Board;

/// Width of a cut line, millimetres: the heaviest line on the sheet.
pub(super) const CUT_WIDTH: f64 = 1.4;
/// Width of a fold line, millimetres.
const FOLD_WIDTH: f64 = 0.3;
/// Length of a fold line's dashes and gaps, millimetres.
const FOLD_DASH: f64 = 1.2;
/// Colour of fold lines and the notes cell's writing lines.
const FOLD: Color = Color::rgb(0x77, 0x77, 0x77);
/// Width of a garden's border, millimetres: well under a cut line's.
pub(super) const GARDEN_WIDTH: f64 = 0.7;
/// From a cell line to the middle of a garden border beside it, inside the
/// garden, millimetres: clear of the cut line's half and of the sheet's
/// outline (a cut line drawn inside the outer cell lines).
pub(super) const GARDEN_INSET: f64 = 2.1;
/// Between a garden border's tufts, millimetres.
pub(super) const TUFT_STEP: f64 = 3.0;
/// Length of a tuft, from the border into the garden, millimetres.
const TUFT_LENGTH: f64 = 1.0;
/// Width of a tuft, millimetres.
const TUFT_WIDTH: f64 = 0.35;
const GARDEN: Color = Color::rgb(0xdf, 0xf2, 0xd8);
const GARDEN_EDGE: Color = Color::rgb(0x3d, 0x7a, 0x3a);
/// A cauldron's fill: a lavender about 0.16 darker in grey (luminance, 0
/// to 1) than a garden's green.
const CAULDRON: Color = Color::rgb(0xc9, 0xb8, 0xde);
/// Width of a cauldron's outline, millimetres.
const CAULDRON_WIDTH: f64 = 0.6;
/// Width of the lines between a cauldron's cells and of its order boxes,
/// millimetres: half its outline's, so the cauldron reads as one.
const CAULDRON_CELL_WIDTH: f64 = 0.3;
/// Half the side of a cauldron cell's order box, at most, millimetres.
pub(super) const ORDER_HALF: f64 = 2.2;
/// Font size of the number in an order box of [`ORDER_HALF`], millimetres.
pub(super) const ORDER_TEXT: f64 = 2.8;
/// From a cell line to the middle of a cauldron's outline, millimetres.
pub(super) const CAULDRON_INSET: f64 = 2.5;
/// Width of the notes cell's writing lines, millimetres.
const NOTES_WIDTH: f64 = 0.2;
/// Width of a special cell's asterisk, millimetres.
const SPECIAL_WIDTH: f64 = 0.6;
/// Radius of a player's number badge, millimetres.
pub(super) const BADGE_RADIUS: f64 = 2.8;
/// Font size of the number in a badge, millimetres.
const BADGE_TEXT: f64 = 3.4;
const PLAYER_COLORS: [&str; 5] = ["#D7263D", "#1B998B", "#F46036", "#2E294E", "#6A8D1F"];

/// The colours and fills of a sheet drawn in colour or ink-friendly.
#[derive(Clone, Copy)]
pub(super) struct Marks {
    /// White fills and dark outlines only.
    pub ink_friendly: bool,
}

impl Marks {
    /// `color` as a fill: white when ink-friendly.
    fn fill(self, color: Color) -> Color {
        if self.ink_friendly { Color::WHITE } else { color }
    }

    /// A cut line's style.
    pub fn cut(self) -> Style {
        Style::stroke(INK, CUT_WIDTH)
    }

    /// A fold line's style.
    pub fn fold(self) -> Style {
        Style::stroke(FOLD, FOLD_WIDTH).dashed(FOLD_DASH)
    }

    /// A garden cell's fill.
    pub fn garden(self) -> Style {
        Style::fill(self.fill(GARDEN))
    }

    /// A garden border's style: green, or near black when ink-friendly.
    pub fn garden_border(self) -> Style {
        Style::stroke(self.garden_edge(), GARDEN_WIDTH)
    }

    /// A tuft of a garden border: a short stroke from `base` on the border
    /// `TUFT_LENGTH` along the unit vector `inward`, into the garden.
    pub fn tuft(self, base: (f64, f64), inward: (f64, f64)) -> Shape {
        self.tuft_sized(base, inward, TUFT_LENGTH, TUFT_WIDTH)
    }

    fn tuft_sized(self, base: (f64, f64), inward: (f64, f64), length: f64, width: f64) -> Shape {
        Shape::Line {
            from: base,
            to: (base.0 + inward.0 * length, base.1 + inward.1 * length),
            style: Style::stroke(self.garden_edge(), width),
        }
    }

    fn garden_edge(self) -> Color {
        if self.ink_friendly { INK } else { GARDEN_EDGE }
    }

    /// A cauldron's style.
    pub fn cauldron(self) -> Style {
        Style::filled_outlined(self.fill(CAULDRON), INK, CAULDRON_WIDTH)
    }

    /// The style of the lines between a cauldron's cells and of its order
    /// boxes.
    pub fn cauldron_cell(self) -> Style {
        Style::stroke(INK, CAULDRON_CELL_WIDTH)
    }

    /// A cauldron cell's order box about `c`, `half` its side across each
    /// way, `order` in it, its number as much smaller than [`ORDER_TEXT`]
    /// as the box is than [`ORDER_HALF`].
    pub fn order(self, order: u32, c: (f64, f64), half: f64) -> Vec<Shape> {
        let size = half * ORDER_TEXT / ORDER_HALF;
        vec![
            Shape::Rect {
                origin: (c.0 - half, c.1 - half),
                size: (2.0 * half, 2.0 * half),
                style: self.cauldron_cell(),
            },
            print::text((c.0, c.1 + size * 0.36), order.to_string(), size, Anchor::Middle, INK),
        ]
    }

    /// The notes cell's writing lines' style.
    pub fn notes(self) -> Style {
        Style::stroke(FOLD, NOTES_WIDTH)
    }

    /// A special cell's asterisk of radius `r` about `c`, its strokes
    /// `width` wide.
    pub fn special(self, c: (f64, f64), r: f64, width: f64) -> Shape {
        let h = r * 0.866;
        Shape::Group {
            tag: Tag::new("special"),
            shapes: [
                ((0.0, -r), (0.0, r)),
                ((-h, -r / 2.0), (h, r / 2.0)),
                ((-h, r / 2.0), (h, -r / 2.0)),
            ]
            .iter()
            .map(|&(a, b)| Shape::Line {
                from: (c.0 + a.0, c.1 + a.1),
                to: (c.0 + b.0, c.1 + b.1),
                style: Style::stroke(self.garden_edge(), width),
            })
            .collect(),
        }
    }

    /// A special cell's asterisk on the board.
    pub fn special_on_board(self, c: (f64, f64), r: f64) -> Shape {
        self.special(c, r, SPECIAL_WIDTH)
    }

    /// Player `id`'s badge of radius `r` about `c`: their number, white on
    /// their colour, or dark in a dark ring when ink-friendly, so that it
    /// reads the same printed in black and white.
    pub fn badge(self, id: u32, c: (f64, f64), r: f64) -> Shape {
        let (disc, number) = if self.ink_friendly {
            (Style::filled_outlined(Color::WHITE, INK, r * 0.18), INK)
        } else {
            let color = Color::from_hex(PLAYER_COLORS[id as usize % PLAYER_COLORS.len()]).unwrap_or(INK);
            (Style::fill(color), Color::WHITE)
        };
        let size = r * BADGE_TEXT / BADGE_RADIUS;
        Shape::Group {
            tag: Tag::new("player").with("player", id),
            shapes: vec![
                Shape::Circle {
                    center: c,
                    radius: r,
                    style: disc,
                },
                print::text((c.0, c.1 + size * 0.36), (id + 1).to_string(), size, Anchor::Middle, number),
            ],
        }
    }

    /// A special cell's asterisk as a swatch in the unit box, drawn as on
    /// the board (the legend's and the rules card's).
    pub fn special_swatch(self) -> Vec<Shape> {
        vec![Shape::Group {
            tag: Tag::new("swatch").with("mark", "special"),
            shapes: vec![self.special((0.5, 0.5), 0.45, SPECIAL_WIDTH / SWATCH_SIDE)],
        }]
    }

    /// The legend's entries: every mark the sheet shows, its swatch drawn
    /// as on the board; the cauldron's, the notes cell's and the special
    /// cell's only when the board has one.
    pub fn entries(self, board: &Board) -> Vec<Entry> {
        let s = |width: f64| width / SWATCH_SIDE;
        let swatch = |mark: &str, shapes: Vec<Shape>| {
            vec![Shape::Group {
                tag: Tag::new("swatch").with("mark", mark),
                shapes,
            }]
        };
        let line = |style: Style| Shape::Line {
            from: (0.0, 0.5),
            to: (1.0, 0.5),
            style,
        };
        let width = |style: Style, board: f64| Style {
            stroke_width: s(board),
            dash: style.dash.map(s),
            ..style
        };
        // A garden's edge: its border along the top, tufts pointing in.
        let inset = 0.25;
        let mut entries = vec![
            Entry::new(swatch("player", vec![self.badge(0, (0.5, 0.5), s(BADGE_RADIUS))]), "player's area"),
            Entry::new(
                swatch(
                    "garden",
                    vec![
                        Shape::Rect {
                            origin: (0.0, 0.0),
                            size: (1.0, 1.0),
                            style: self.garden(),
                        },
                        Shape::Line {
                            from: (0.0, inset),
                            to: (1.0, inset),
                            style: width(self.garden_border(), GARDEN_WIDTH),
                        },
                        self.tuft_sized((0.3, inset), (0.0, 1.0), s(TUFT_LENGTH), s(TUFT_WIDTH)),
                        self.tuft_sized((0.7, inset), (0.0, 1.0), s(TUFT_LENGTH), s(TUFT_WIDTH)),
                    ],
                ),
                "garden",
            ),
        ];
        // A cauldron of two cells, and the order its numbers give.
        if !board.cauldrons.is_empty() {
            entries.push(Entry::new(
                swatch(
                    "cauldron",
                    vec![
                        Shape::Rect {
                            origin: (0.1, 0.1),
                            size: (0.8, 0.8),
                            style: width(self.cauldron(), CAULDRON_WIDTH),
                        },
                        Shape::Line {
                            from: (0.5, 0.1),
                            to: (0.5, 0.9),
                            style: width(self.cauldron_cell(), CAULDRON_CELL_WIDTH),
                        },
                    ],
                ),
                "cauldron 1, 2\u{2026}",
            ));
        }
        if board.notes_cell.is_some() {
            entries.push(Entry::new(
                swatch(
                    "notes",
                    [0.3, 0.55, 0.8]
                        .iter()
                        .map(|&y| Shape::Line {
                            from: (0.1, y),
                            to: (0.9, y),
                            style: width(self.notes(), NOTES_WIDTH),
                        })
                        .collect(),
                ),
                "notes",
            ));
        }
        if !board.special_cells.is_empty() {
            entries.push(Entry::new(self.special_swatch(), "special cell"));
        }
        // The 2023 edition's sheet is not folded: its dashed lines only part the cells.
        let dashed = if board.faces().len() == 2 { "fold line" } else { "cell line" };
        entries.push(Entry::new(swatch("fold", vec![line(width(self.fold(), FOLD_WIDTH))]), dashed));
        entries.push(Entry::new(
            swatch("cut", vec![line(width(self.cut(), CUT_WIDTH))]),
            "cut line, cut first",
        ));
        entries
    }
}
