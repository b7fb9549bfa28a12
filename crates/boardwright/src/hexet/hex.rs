//! Hex cells in axial coordinates `(q, r)`, flat-topped, their sides, and the
//! rectangular maps they are stored in.
//!
//! Sides ([`HexSide`]) are numbered 0–5 going round the cell from the bottom
//! (0) clockwise on screen (y down): bottom, bottom-left, top-left, top,
//! top-right, bottom-right. Side `s` of a cell touches side `(s + 3) mod 6` of
//! the neighbour at `s.offset()`. A [`SideMask`] is a set of sides, as a
//! 6-bit number (bit `s`: side `s`).
//!
//! A `width × height` map holds columns `q = 0..width`, each `height` cells
//! tall starting at `r = −⌊q / 2⌋` (the offset layout), so the map is a
//! rectangle on screen. Cells ([`Cell`]) are storage indices, column by column.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Axial offsets `[dq, dr]` of the neighbours, by side number.
pub(crate) const DIRECTIONS: [[i32; 2]; 6] = [[0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0]];

/// One of a hex cell's six sides, 0 (bottom) to 5, clockwise on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HexSide(u8);

impl HexSide {
    /// Every side, in number order.
    pub const ALL: [HexSide; 6] = [HexSide(0), HexSide(1), HexSide(2), HexSide(3), HexSide(4), HexSide(5)];

    /// Side number `n`, if it is below 6.
    pub const fn new(n: u8) -> Option<HexSide> {
        if n < 6 { Some(HexSide(n)) } else { None }
    }

    /// The side number, 0–5.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The side of the neighbour that touches this side.
    pub const fn opposite(self) -> HexSide {
        self.turned(3)
    }

    /// The side `steps` places further clockwise.
    pub const fn turned(self, steps: u8) -> HexSide {
        HexSide(((self.0 as u32 + steps as u32) % 6) as u8)
    }

    /// The axial offset `[dq, dr]` of the neighbour across this side.
    pub const fn offset(self) -> [i32; 2] {
        DIRECTIONS[self.0 as usize]
    }
}

impl fmt::Display for HexSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A set of a cell's sides: a 6-bit number, bit `s` for side `s`. Written to
/// JSON as that number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub struct SideMask(u8);

impl SideMask {
    /// No side.
    pub const EMPTY: SideMask = SideMask(0);

    /// The mask of `bits`, if no bit above the sixth is set.
    pub const fn from_bits(bits: u8) -> Option<SideMask> {
        if bits < 64 { Some(SideMask(bits)) } else { None }
    }

    /// The 6-bit number.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `side` is in the set.
    pub const fn contains(self, side: HexSide) -> bool {
        self.0 & (1 << side.0) != 0
    }

    /// The set with `side` added.
    #[must_use]
    pub const fn with(self, side: HexSide) -> SideMask {
        SideMask(self.0 | 1 << side.0)
    }

    /// The set with `side` taken out.
    #[must_use]
    pub const fn without(self, side: HexSide) -> SideMask {
        SideMask(self.0 & !(1 << side.0))
    }

    /// Number of sides in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has no side.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The sides in the set, in number order.
    pub fn iter(self) -> SideMaskIter {
        SideMaskIter(self.0)
    }
}

impl From<SideMask> for u8 {
    fn from(mask: SideMask) -> u8 {
        mask.0
    }
}

impl TryFrom<u8> for SideMask {
    type Error = String;

    fn try_from(bits: u8) -> Result<SideMask, String> {
        SideMask::from_bits(bits).ok_or_else(|| format!("side mask {bits} has bits above the sixth set (allowed: 0 to 63)"))
    }
}

impl FromIterator<HexSide> for SideMask {
    fn from_iter<I: IntoIterator<Item = HexSide>>(sides: I) -> SideMask {
        sides.into_iter().fold(SideMask::EMPTY, SideMask::with)
    }
}

impl IntoIterator for SideMask {
    type Item = HexSide;
    type IntoIter = SideMaskIter;

    fn into_iter(self) -> SideMaskIter {
        self.iter()
    }
}

/// The sides of a [`SideMask`], in number order.
#[derive(Clone, Debug)]
pub struct SideMaskIter(u8);

impl Iterator for SideMaskIter {
    type Item = HexSide;

    fn next(&mut self) -> Option<HexSide> {
        if self.0 == 0 {
            return None;
        }
        let side = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(HexSide(side))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SideMaskIter {}

/// A cell of a map: its storage index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Cell(u32);

impl Cell {
    /// The storage index, for per-cell vectors.
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The shape of a rectangular hex map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    /// Columns.
    pub(crate) width: u32,
    /// Cells per column.
    pub(crate) height: u32,
}

impl Grid {
    /// Number of cells.
    pub(crate) fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Every cell, in storage order.
    pub(crate) fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.len() as u32).map(Cell)
    }

    /// The cell at storage index `i` (below [`Grid::len`] for a cell of the map).
    pub(crate) fn cell(self, i: usize) -> Cell {
        Cell(i as u32)
    }

    /// The cell at axial `[q, r]`, or `None` off the map (any `q`, `r`).
    pub(crate) fn at(self, [q, r]: [i32; 2]) -> Option<Cell> {
        if q < 0 || q >= self.width as i32 {
            return None;
        }
        // In i64: `r` may be anything a road log holds, i32::MAX included.
        let row = i64::from(r) + i64::from(q.div_euclid(2));
        (0..i64::from(self.height))
            .contains(&row)
            .then(|| Cell(q as u32 * self.height + row as u32))
    }

    /// The axial coordinates `[q, r]` of `cell`.
    pub(crate) fn axial(self, cell: Cell) -> [i32; 2] {
        let q = (cell.0 / self.height) as i32;
        let row = (cell.0 % self.height) as i32;
        [q, row - q.div_euclid(2)]
    }

    /// The neighbour of `cell` across `side`, or `None` off the map.
    pub(crate) fn neighbor(self, cell: Cell, side: HexSide) -> Option<Cell> {
        let [q, r] = self.axial(cell);
        let [dq, dr] = side.offset();
        self.at([q + dq, r + dr])
    }

    /// The side of the cell at `a` that touches the cell at `b`, if they are
    /// neighbours (any coordinates).
    pub(crate) fn side_between(a: [i32; 2], b: [i32; 2]) -> Option<HexSide> {
        let d = [i64::from(b[0]) - i64::from(a[0]), i64::from(b[1]) - i64::from(a[1])];
        HexSide::ALL.into_iter().find(|s| s.offset().map(i64::from) == d)
    }

    /// The centre of `cell` in units of the hex's circumradius (x right, y down).
    pub(crate) fn center(self, cell: Cell) -> (f64, f64) {
        let [q, r] = self.axial(cell);
        let sqrt3 = 3f64.sqrt();
        (1.5 * f64::from(q), sqrt3 * (f64::from(r) + f64::from(q) / 2.0))
    }

    /// Hex distance between two cells (the reference the tests measure
    /// spacing by).
    #[cfg(test)]
    pub(crate) fn distance(self, a: Cell, b: Cell) -> u32 {
        let ([q1, r1], [q2, r2]) = (self.axial(a), self.axial(b));
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
        for c in g.cells() {
            assert_eq!(g.at(g.axial(c)), Some(c));
            for s in HexSide::ALL {
                if let Some(n) = g.neighbor(c, s) {
                    assert_eq!(g.neighbor(n, s.opposite()), Some(c));
                    assert_eq!(Grid::side_between(g.axial(c), g.axial(n)), Some(s));
                    assert_eq!(g.distance(c, n), 1);
                    // Neighbouring centres are √3 apart; side 0 points down.
                    let ((x1, y1), (x2, y2)) = (g.center(c), g.center(n));
                    assert!((((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt() - 3f64.sqrt()).abs() < 1e-9);
                    if s.number() == 0 {
                        assert!(y2 > y1 && (x2 - x1).abs() < 1e-9);
                    }
                }
            }
        }
        assert_eq!(g.at([-1, 0]), None);
        assert_eq!(g.at([0, 5]), None);
    }

    #[test]
    fn far_coordinates_are_off_the_map_and_never_neighbours() {
        let g = Grid { width: 7, height: 5 };
        for q in [i32::MIN, -1, 0, 3, 6, 7, i32::MAX] {
            for r in [i32::MIN, i32::MIN + 1, -4, 0, 4, i32::MAX - 1, i32::MAX] {
                let on = (0..7).contains(&q) && (0..5).contains(&(i64::from(r) + i64::from(q / 2)));
                assert_eq!(g.at([q, r]).is_some(), on, "[{q}, {r}]");
            }
        }
        assert_eq!(Grid::side_between([i32::MIN, 0], [i32::MAX, 0]), None);
        assert_eq!(Grid::side_between([0, i32::MAX], [0, i32::MIN]), None);
        assert_eq!(Grid::side_between([i32::MAX, i32::MIN], [i32::MAX, i32::MIN + 1]), HexSide::new(0));
    }

    #[test]
    fn sides_and_masks() {
        for s in HexSide::ALL {
            assert_eq!(s.opposite().opposite(), s);
            assert_ne!(s.opposite(), s);
            let [dq, dr] = s.offset();
            assert_eq!(s.opposite().offset(), [-dq, -dr]);
            assert_eq!(s.turned(1).turned(5), s);
        }
        assert_eq!(HexSide::new(6), None);
        let m = SideMask::EMPTY.with(HexSide::ALL[1]).with(HexSide::ALL[4]);
        assert_eq!(m.bits(), 0b1_0010);
        assert!(m.contains(HexSide::ALL[4]) && !m.contains(HexSide::ALL[0]));
        assert_eq!(m.count(), 2);
        assert_eq!(m.iter().collect::<Vec<_>>(), [HexSide::ALL[1], HexSide::ALL[4]]);
        assert_eq!(m.iter().collect::<SideMask>(), m);
        assert!(m.without(HexSide::ALL[1]).without(HexSide::ALL[4]).is_empty());
        assert_eq!(SideMask::from_bits(64), None);
        assert_eq!(serde_json::to_string(&m).unwrap(), "18");
        assert_eq!(serde_json::from_str::<SideMask>("18").unwrap(), m);
        assert!(serde_json::from_str::<SideMask>("64").is_err());
    }
}
