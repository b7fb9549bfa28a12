//! Hex cells in axial coordinates `(q, r)`, flat-topped, and the rectangular
//! maps they are stored in.
//!
//! Sides are numbered 0–5 going round the cell from the bottom (0) clockwise
//! on screen (y down): bottom, bottom-left, top-left, top, top-right,
//! bottom-right. Side `s` of a cell touches side `(s + 3) mod 6` of the
//! neighbour at `DIRECTIONS[s]`.
//!
//! A `width × height` map holds columns `q = 0..width`, each `height` cells
//! tall starting at `r = −⌊q / 2⌋` (the offset layout), so the map is a
//! rectangle on screen. Cells are stored column by column.

/// Axial offsets `[dq, dr]` of the neighbours, by side number.
pub const DIRECTIONS: [[i32; 2]; 6] = [[0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0]];

/// The side of the neighbour that touches side `side`.
pub const fn opposite(side: usize) -> usize {
    (side + 3) % 6
}

/// The shape of a rectangular hex map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Columns.
    pub width: u32,
    /// Cells per column.
    pub height: u32,
}

impl Grid {
    /// Number of cells.
    pub fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether the map has no cells.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The storage index of axial `(q, r)`, or `None` off the map.
    pub fn index(self, q: i32, r: i32) -> Option<usize> {
        if q < 0 || q >= self.width as i32 {
            return None;
        }
        let row = r + q.div_euclid(2);
        (0..self.height as i32)
            .contains(&row)
            .then(|| q as usize * self.height as usize + row as usize)
    }

    /// The axial coordinates of storage index `i`.
    pub fn axial(self, i: usize) -> (i32, i32) {
        let q = (i / self.height as usize) as i32;
        let row = (i % self.height as usize) as i32;
        (q, row - q.div_euclid(2))
    }

    /// The neighbour of cell `i` across `side`, or `None` off the map.
    pub fn neighbor(self, i: usize, side: usize) -> Option<usize> {
        let (q, r) = self.axial(i);
        let [dq, dr] = DIRECTIONS[side];
        self.index(q + dq, r + dr)
    }

    /// The side of `a` that touches `b`, if they are neighbours.
    pub fn side_between(self, a: usize, b: usize) -> Option<usize> {
        (0..6).find(|&s| self.neighbor(a, s) == Some(b))
    }

    /// The centre of cell `i` in units of the hex's circumradius (x right, y down).
    pub fn center(self, i: usize) -> (f64, f64) {
        let (q, r) = self.axial(i);
        let sqrt3 = 3f64.sqrt();
        (1.5 * f64::from(q), sqrt3 * (f64::from(r) + f64::from(q) / 2.0))
    }

    /// Hex distance between two cells.
    pub fn distance(self, a: usize, b: usize) -> u32 {
        let ((q1, r1), (q2, r2)) = (self.axial(a), self.axial(b));
        let (dq, dr) = (q1 - q2, r1 - r2);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip_and_neighbours_are_mutual() {
        let g = Grid { width: 7, height: 5 };
        for i in 0..g.len() {
            let (q, r) = g.axial(i);
            assert_eq!(g.index(q, r), Some(i));
            for s in 0..6 {
                if let Some(n) = g.neighbor(i, s) {
                    assert_eq!(g.neighbor(n, opposite(s)), Some(i));
                    assert_eq!(g.distance(i, n), 1);
                    // Neighbouring centres are √3 apart; side 0 points down.
                    let ((x1, y1), (x2, y2)) = (g.center(i), g.center(n));
                    assert!((((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt() - 3f64.sqrt()).abs() < 1e-9);
                    if s == 0 {
                        assert!(y2 > y1 && (x2 - x1).abs() < 1e-9);
                    }
                }
            }
        }
        assert_eq!(g.index(-1, 0), None);
        assert_eq!(g.index(0, 5), None);
    }
}
