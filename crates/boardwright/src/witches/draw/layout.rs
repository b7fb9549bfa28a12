//! Where things go inside a side's cells: each player's label, each
//! cauldron cell's order box, and the rooms left for what a cell holds;
//! and the one size every starting ingredient on the sheet is printed at.
//!
//! A player's label goes in the cell of their area where "Player N" fits
//! largest, and among those, a cell outside any cauldron first, then a
//! cauldron cell without a starting ingredient: a cauldron's cells keep
//! their room for their order boxes and what is brewed in them. The box
//! stands in its cell's top-left corner, a millimetre inside the lines
//! round the cell (under a label when the cell has one), [`ORDER_HALF`]
//! twice across; in a cell too short for that, smaller, its number never
//! under the smallest font size on the sheet. A starting
//! ingredient in a cauldron cell takes the room below its box or the room
//! beside it, whichever fits its name larger; its words keep clear of a
//! garden's border, a cauldron's outline and a cut line, and come nearer a
//! side along which the cell's garden or cauldron goes on.

use super::super::{Board, Face, HEIGHT, WIDTH};
use super::marks::{BADGE_RADIUS, ORDER_HALF, ORDER_TEXT};
use super::sheet::Sheet;
use super::{INSET, LABEL_TEXT, NAME_TEXT, SMALLEST_TEXT, STACK_GAP, Words, label_fits};

/// From a cell's side to what is drawn in the cell where only a fold line
/// or a line between cauldron cells runs along it (each 0.3 mm wide),
/// millimetres: a millimetre clear of it, as [`INSET`] is of a cauldron's
/// outline.
const OPEN_INSET: f64 = 1.15;
/// Half the side of the smallest order box: its number at the smallest
/// font size.
const SMALLEST_ORDER: f64 = ORDER_HALF * SMALLEST_TEXT / ORDER_TEXT;

/// A grid of one value per cell of a side.
type Grid<T> = [[T; WIDTH as usize]; HEIGHT as usize];

/// A cauldron cell's order box: the cell's place in its cauldron (from 1,
/// the cells row by row from the top, each row from the left: the order
/// its potion is entered in) and where the box is drawn.
pub(super) struct OrderBox {
    /// The cell's column.
    pub x: u32,
    /// The cell's row.
    pub y: u32,
    /// The cell's place in its cauldron, from 1.
    pub order: u32,
    /// The box's centre, millimetres.
    pub center: (f64, f64),
    /// Half the box's side, millimetres.
    pub half: f64,
}

/// A room in a cell for a name: its middle across, its width, and its top
/// and bottom, millimetres.
#[derive(Clone, Copy)]
pub(super) struct Room {
    pub cx: f64,
    pub width: f64,
    pub from: f64,
    pub to: f64,
}

/// The layout of one side's cells.
pub(super) struct Layout {
    /// Each player's label cell, `(x, y)`, in player order.
    pub labels: Vec<(u32, u32)>,
    /// The size of every "Player N" on the side.
    pub label_size: f64,
    /// Where each cell's free room starts down the page: below the top
    /// inset and a label.
    pub top: Grid<f64>,
    /// Every cauldron cell's order box, cauldron by cauldron.
    pub orders: Vec<OrderBox>,
    /// The index in `orders` of each cell's box.
    order_at: Grid<Option<usize>>,
    /// The garden (`false`) or cauldron (`true`) each cell is part of, by
    /// its index in the board's list.
    part_of: Grid<Option<(bool, usize)>>,
}

impl Layout {
    /// The layout of `face` of `board` on `sheet`.
    pub fn new(board: &Board, face: Face, sheet: &Sheet) -> Layout {
        let mut part_of: Grid<Option<(bool, usize)>> = [[None; WIDTH as usize]; HEIGHT as usize];
        for (k, c) in board.cauldrons.iter().enumerate().filter(|(_, c)| c.side == face) {
            for (_, x, y) in c.cells() {
                part_of[y as usize][x as usize] = Some((true, k));
            }
        }
        for (k, g) in board.gardens.iter().enumerate().filter(|(_, g)| g.side == face) {
            for &[x, y] in &g.cells {
                part_of[y as usize][x as usize] = Some((false, k));
            }
        }
        let in_cauldron = |x: u32, y: u32| part_of[y as usize][x as usize].is_some_and(|(cauldron, _)| cauldron);
        let starter = |x: u32, y: u32| board.ingredients.iter().any(|i| i.side == face && i.x == x && i.y == y);
        // Where a label is least in the way: 0 outside a cauldron, 1 in an
        // empty cauldron cell, 2 beside a starting ingredient in one.
        let rank = |x: u32, y: u32| match (in_cauldron(x, y), starter(x, y)) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => 2,
        };
        // Each player's cell and the size their words fit at there: the
        // largest, then the least in the way, then the first row by row.
        let labels: Vec<(u32, u32, f64)> = board
            .players
            .iter()
            .map(|p| {
                let [px, py, w, h] = p.rect(face);
                let mut best: Option<(u32, u32, f64, u32)> = None;
                for (x, y) in (py..py + h).flat_map(|y| (px..px + w).map(move |x| (x, y))) {
                    let fits = label_fits(p.id, sheet.room(x, y).1.0 - 2.0 * INSET);
                    let r = rank(x, y);
                    if best.is_none_or(|(_, _, f, br)| fits > f || (fits == f && r < br)) {
                        best = Some((x, y, fits, r));
                    }
                }
                let (x, y, fits, _) = best.expect("every player's area has a cell");
                (x, y, fits)
            })
            .collect();
        // The words are one size on the page, the smallest of those, so
        // that no player's label is smaller than another's.
        let label_size = labels.iter().map(|&(_, _, fits)| fits).fold(LABEL_TEXT, f64::min);
        let mut top = [[0.0; WIDTH as usize]; HEIGHT as usize];
        for (y, row) in top.iter_mut().enumerate() {
            for (x, t) in row.iter_mut().enumerate() {
                *t = sheet.room(x as u32, y as u32).0.1 + INSET;
            }
        }
        for &(x, y, _) in &labels {
            top[y as usize][x as usize] += 2.0 * BADGE_RADIUS + STACK_GAP;
        }
        let mut orders = Vec::new();
        let mut order_at = [[None; WIDTH as usize]; HEIGHT as usize];
        for c in board.cauldrons.iter().filter(|c| c.side == face) {
            for (k, (_, x, y)) in c.cells().enumerate() {
                let ((x0, y0), (_, h)) = sheet.room(x, y);
                let left = x0 + inset(&part_of, x, y, -1, 0);
                let labelled = labels.iter().any(|&(lx, ly, _)| (lx, ly) == (x, y));
                let t = if labelled {
                    top[y as usize][x as usize]
                } else {
                    y0 + inset(&part_of, x, y, 0, -1)
                };
                let bottom = y0 + h - inset(&part_of, x, y, 0, 1);
                let half = ((bottom - t) / 2.0).clamp(SMALLEST_ORDER, ORDER_HALF);
                order_at[y as usize][x as usize] = Some(orders.len());
                orders.push(OrderBox {
                    x,
                    y,
                    order: k as u32 + 1,
                    center: (left + half, t + half),
                    half,
                });
            }
        }
        Layout {
            labels: labels.into_iter().map(|(x, y, _)| (x, y)).collect(),
            label_size,
            top,
            orders,
            order_at,
            part_of,
        }
    }

    /// The room below cell `(x, y)`'s top words: across the cell within
    /// the insets, down to the bottom inset.
    pub fn room(&self, sheet: &Sheet, x: u32, y: u32) -> Room {
        let ((x0, y0), (w, h)) = sheet.room(x, y);
        Room {
            cx: x0 + w / 2.0,
            width: w - 2.0 * INSET,
            from: self.top[y as usize][x as usize],
            to: y0 + h - INSET,
        }
    }

    /// The rooms a starting ingredient in cell `(x, y)` may take, each as
    /// wide and tall as the marks round it allow: the cell's room below a
    /// label, or in a cauldron cell the room below its order box and the
    /// room beside it.
    pub fn starter_rooms(&self, sheet: &Sheet, x: u32, y: u32) -> Vec<Room> {
        let ((x0, y0), (w, h)) = sheet.room(x, y);
        let (left, right) = (x0 + inset(&self.part_of, x, y, -1, 0), x0 + w - inset(&self.part_of, x, y, 1, 0));
        let to = y0 + h - inset(&self.part_of, x, y, 0, 1);
        let across = |left: f64, right: f64, from: f64| Room {
            cx: (left + right) / 2.0,
            width: right - left,
            from,
            to,
        };
        let Some(i) = self.order_at[y as usize][x as usize] else {
            let labelled = self.labels.contains(&(x, y));
            let from = if labelled {
                self.top[y as usize][x as usize]
            } else {
                y0 + inset(&self.part_of, x, y, 0, -1)
            };
            return vec![across(left, right, from)];
        };
        let order = &self.orders[i];
        let (box_right, box_bottom) = (order.center.0 + order.half, order.center.1 + order.half);
        vec![
            across(left, right, box_bottom + STACK_GAP),
            across(box_right + STACK_GAP, right, order.center.1 - order.half),
        ]
    }

    /// The room in which `name`, a starting ingredient in cell `(x, y)`,
    /// fits largest, and that size.
    pub fn starter_room(&self, sheet: &Sheet, name: &str, x: u32, y: u32) -> (Room, f64) {
        let mut best: Option<(Room, f64)> = None;
        for room in self.starter_rooms(sheet, x, y) {
            let size = Words::fit(name, (room.width, room.to - room.from), NAME_TEXT).size;
            if best.is_none_or(|(_, s)| size > s) {
                best = Some((room, size));
            }
        }
        best.expect("a cell has a room")
    }
}

/// The one size every starting ingredient of `board` is printed at, on
/// both sides: the largest at which each fits its room, at most
/// [`NAME_TEXT`] and never under the smallest font size.
pub(super) fn starter_size(board: &Board, faces: &[Face], layouts: &[Layout], sheets: &[Sheet]) -> f64 {
    board
        .ingredients
        .iter()
        .filter_map(|i| {
            let k = faces.iter().position(|&f| f == i.side)?;
            Some(layouts[k].starter_room(&sheets[k], &i.name, i.x, i.y).1)
        })
        .fold(NAME_TEXT, f64::min)
        .max(SMALLEST_TEXT)
}

/// From the side of cell `(x, y)` towards `(dx, dy)` to what is drawn in
/// the cell, the cells being parts of gardens and cauldrons as `part_of`
/// says: [`OPEN_INSET`] where the cell across is of the same cauldron, or
/// of the same garden beside it (only a fold line or a line between
/// cauldron cells lies between them), else [`INSET`] (clear of a garden's
/// border and its tufts, a cauldron's outline, a cut line). Above and below
/// a garden cell it is always [`INSET`]: a garden's border turning a corner
/// reaches into its cells' corners, which words centred down the cell stay
/// clear of.
fn inset(part_of: &Grid<Option<(bool, usize)>>, x: u32, y: u32, dx: i64, dy: i64) -> f64 {
    let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
    let on_grid = (0..i64::from(WIDTH)).contains(&nx) && (0..i64::from(HEIGHT)).contains(&ny);
    let here = part_of[y as usize][x as usize];
    let along = dy == 0 || here.is_some_and(|(cauldron, _)| cauldron);
    if along && on_grid && here.is_some() && part_of[ny as usize][nx as usize] == here {
        OPEN_INSET
    } else {
        INSET
    }
}
