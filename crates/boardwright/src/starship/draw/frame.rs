//! Where the ship lies on the page: turned nose-right, so that its length
//! runs along the landscape page's long side, and as large as the drawing
//! area holds it with square tiles. The grid's nose points up (−y); the
//! page turns it a quarter turn clockwise, so the ship's right side (+x)
//! lies towards the page's foot.

use crate::starship::{Board, Facing};

/// Empty tiles' worth of room round the ship's tiles, on every side: the
/// facing marks of machines on the hull reach into it.
const PAD: f64 = 0.5;

/// The grid's tiles placed on the page.
pub(super) struct Frame {
    /// Side of a tile, millimetres.
    pub cell: f64,
    /// Page position of the left edge of the tail's row and the top edge of
    /// the ship's leftmost column.
    origin: (f64, f64),
    /// The ship's leftmost grid column and its tail row.
    x0: u32,
    tail: u32,
}

/// The bounding box of the ship's tiles, `(x0, y0, x1, y1)` inclusive (the
/// whole grid for a ship without tiles).
fn extent(ship: &Board) -> (u32, u32, u32, u32) {
    let mut used: Option<(u32, u32, u32, u32)> = None;
    for (y, row) in ship.tiles.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c != ' ' {
                let (x, y) = (x as u32, y as u32);
                used = Some(used.map_or((x, y, x, y), |(a, b, c, d)| (a.min(x), b.min(y), c.max(x), d.max(y))));
            }
        }
    }
    used.unwrap_or((0, 0, ship.width.saturating_sub(1), ship.height.saturating_sub(1)))
}

impl Frame {
    /// The side of the largest tile at which the ship, turned nose-right,
    /// fits the rectangle `[x0, y0, x1, y1]`.
    pub fn largest(ship: &Board, [ax0, ay0, ax1, ay1]: [f64; 4]) -> f64 {
        let (length, breadth) = Frame::tiles(ship);
        ((ax1 - ax0) / (length + 2.0 * PAD)).min((ay1 - ay0) / (breadth + 2.0 * PAD))
    }

    /// The ship's tiles of side `cell` centred in the rectangle `[x0, y0,
    /// x1, y1]` and moved by `shift`.
    pub fn at(ship: &Board, [ax0, ay0, ax1, ay1]: [f64; 4], cell: f64, shift: (f64, f64)) -> Frame {
        let (x0, _, _, y1) = extent(ship);
        let (length, breadth) = Frame::tiles(ship);
        let origin = (
            (ax0 + ax1 - cell * length) / 2.0 + shift.0,
            (ay0 + ay1 - cell * breadth) / 2.0 + shift.1,
        );
        Frame {
            cell,
            origin,
            x0,
            tail: y1,
        }
    }

    /// How far the ship of tiles of side `cell` centred in the rectangle
    /// `[x0, y0, x1, y1]` may move along the page and across it, each way,
    /// keeping within it.
    pub fn slack(ship: &Board, [ax0, ay0, ax1, ay1]: [f64; 4], cell: f64) -> (f64, f64) {
        let (length, breadth) = Frame::tiles(ship);
        (
            ((ax1 - ax0 - cell * (length + 2.0 * PAD)) / 2.0).max(0.0),
            ((ay1 - ay0 - cell * (breadth + 2.0 * PAD)) / 2.0).max(0.0),
        )
    }

    /// The side of the tile at which the ship's tiles, turned nose-right,
    /// span `share` of `width` or of `height`, whichever they span more of.
    pub fn spanning(ship: &Board, (width, height): (f64, f64), share: f64) -> f64 {
        let (length, breadth) = Frame::tiles(ship);
        share / (length / width).max(breadth / height)
    }

    /// The ship's length (rows, along the page) and breadth (columns,
    /// across), in tiles.
    fn tiles(ship: &Board) -> (f64, f64) {
        let (x0, y0, x1, y1) = extent(ship);
        (f64::from(y1 - y0 + 1), f64::from(x1 - x0 + 1))
    }

    /// The page rectangle `(origin, size)` of the grid rectangle of `w × h`
    /// tiles from column `x`, row `y`.
    pub fn rect(&self, x: u32, y: u32, w: u32, h: u32) -> ((f64, f64), (f64, f64)) {
        let front = y + h.max(1) - 1;
        let along = f64::from(self.tail) - f64::from(front);
        let across = f64::from(x) - f64::from(self.x0);
        (
            (self.origin.0 + along * self.cell, self.origin.1 + across * self.cell),
            (f64::from(h) * self.cell, f64::from(w) * self.cell),
        )
    }

    /// The page centre of tile `(x, y)`.
    pub fn center(&self, x: u32, y: u32) -> (f64, f64) {
        let ((px, py), (w, h)) = self.rect(x, y, 1, 1);
        (px + w / 2.0, py + h / 2.0)
    }

    /// The page direction a grid facing points to: forward is right.
    pub fn direction(facing: Facing) -> (f64, f64) {
        let (dx, dy) = facing.step();
        (-f64::from(dy), f64::from(dx))
    }
}
