//! Hex cells in axial coordinates `(q, r)` ([`Hex`]), flat-topped, their
//! sides, and the rectangular maps they are stored in.
//!
//! Sides ([`HexSide`]) are numbered 0–5 going round the cell from the bottom
//! (0) clockwise on screen (y down): bottom, bottom-left, top-left, top,
//! top-right, bottom-right. Side `s` of a cell touches side `(s + 3) mod 6` of
//! the neighbour at `s.offset()`. A [`SideMask`] is a set of sides, as a
//! 6-bit number (bit `s`: side `s`).
//!
//! A `width × height` map holds columns `q = 0..width`, each `height` cells
//! tall starting at `r = −⌊q / 2⌋` (the offset layout), so the map is a
//! rectangle on screen: the offset coordinates `(column, row)` of a hex are
//! `(q, r + ⌊q / 2⌋)` ([`Hex::to_offset`]). Cells ([`Cell`]) are storage
//! indices, column by column.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Axial offsets `[dq, dr]` of the neighbours, by side number.
pub(crate) const DIRECTIONS: [[i32; 2]; 6] = [[0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0]];

/// A hex cell's position in axial coordinates: column `q` and axial row `r`
/// (flat-topped hexes; `r` grows downwards, and each column starts half a
/// hex lower than the one before). Written to JSON as `[q, r]`, as the
/// result and the road log hold cells.
///
/// Any pair of `i32` is a hex; arithmetic on coordinates wraps at the `i32`
/// range (only coordinates near its ends, far off any map, wrap).
///
/// ```
/// use boardwright::hexet::{Hex, HexSide};
///
/// let a = Hex::new(2, -1);
/// let b = a.neighbor(HexSide::ALL[0]); // the hex below
/// assert_eq!(b, Hex::new(2, 0));
/// assert_eq!(a.distance(b), 1);
/// assert_eq!(a.side_to(b), HexSide::new(0));
/// assert_eq!(a.distance(Hex::new(-1, 3)), 4);
///
/// // Offset coordinates (column, row), as a map's grid stores cells.
/// assert_eq!(a.to_offset(), (2, 0));
/// assert_eq!(Hex::from_offset(2, 0), a);
///
/// // Laid out as the drawing lays hexes out, of circumradius 10: the
/// // centres of neighbours are √3 × 10 apart.
/// let ((x1, y1), (x2, y2)) = (a.center(10.0), b.center(10.0));
/// assert!(((x2 - x1).hypot(y2 - y1) - 10.0 * 3f64.sqrt()).abs() < 1e-9);
///
/// assert_eq!(serde_json::to_string(&a).unwrap(), "[2,-1]");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Hex {
    /// Axial column.
    pub q: i32,
    /// Axial row.
    pub r: i32,
}

impl Hex {
    /// The hex at axial `(q, r)`.
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The neighbour across `side`.
    #[must_use]
    pub const fn neighbor(self, side: HexSide) -> Hex {
        let [dq, dr] = side.offset();
        Hex::new(self.q.wrapping_add(dq), self.r.wrapping_add(dr))
    }

    /// The six neighbours, by side number.
    pub fn neighbors(self) -> [Hex; 6] {
        HexSide::ALL.map(|s| self.neighbor(s))
    }

    /// The hex distance: the fewest steps from neighbour to neighbour
    /// between the two (`u32::MAX` if more, which only hexes near the ends
    /// of the `i32` range are).
    pub fn distance(self, other: Hex) -> u32 {
        let dq = i64::from(self.q) - i64::from(other.q);
        let dr = i64::from(self.r) - i64::from(other.r);
        u32::try_from((dq.abs() + dr.abs() + (dq + dr).abs()) / 2).unwrap_or(u32::MAX)
    }

    /// The side of this hex that touches `other`, if they are neighbours.
    pub fn side_to(self, other: Hex) -> Option<HexSide> {
        let d = [i64::from(other.q) - i64::from(self.q), i64::from(other.r) - i64::from(self.r)];
        HexSide::ALL.into_iter().find(|s| s.offset().map(i64::from) == d)
    }

    /// The offset coordinates `(column, row)`: `(q, r + ⌊q / 2⌋)`, the
    /// column and the place in it of a rectangular map's cells.
    pub const fn to_offset(self) -> (i32, i32) {
        (self.q, self.r.wrapping_add(self.q.div_euclid(2)))
    }

    /// The hex at offset coordinates `(column, row)`; the inverse of
    /// [`Hex::to_offset`].
    pub const fn from_offset(column: i32, row: i32) -> Hex {
        Hex::new(column, row.wrapping_sub(column.div_euclid(2)))
    }

    /// The hex's centre where hexes of circumradius `size` are laid out
    /// flat-topped with hex `(0, 0)` centred at the origin, x right and y
    /// down: `(1.5 q, √3 (r + q / 2))`, times `size`. The drawing lays a
    /// map out so, shifted onto the page.
    pub fn center(self, size: f64) -> (f64, f64) {
        let (q, r) = (f64::from(self.q), f64::from(self.r));
        (1.5 * q * size, SQRT3 * (r + q / 2.0) * size)
    }
}

impl Hex {
    /// Every hex at most `radius` steps from this one, column by column
    /// (`3 r (r + 1) + 1` of them).
    ///
    /// ```
    /// use boardwright::hexet::Hex;
    ///
    /// let near: Vec<Hex> = Hex::new(0, 0).range(1).collect();
    /// assert_eq!(near.len(), 7);
    /// assert!(near.iter().all(|h| h.distance(Hex::new(0, 0)) <= 1));
    /// ```
    pub fn range(self, radius: u32) -> impl Iterator<Item = Hex> {
        let n = i32::try_from(radius).unwrap_or(i32::MAX);
        (-n..=n).flat_map(move |dq| {
            let (low, high) = ((-n).max(-dq - n), n.min(-dq + n));
            (low..=high).map(move |dr| self + Hex::new(dq, dr))
        })
    }

    /// The hexes exactly `radius` steps away, going round from the one
    /// straight below clockwise on screen (`6 r` of them; the hex itself
    /// for 0).
    ///
    /// ```
    /// use boardwright::hexet::Hex;
    ///
    /// let ring: Vec<Hex> = Hex::new(2, 1).ring(2).collect();
    /// assert_eq!(ring.len(), 12);
    /// assert!(ring.iter().all(|h| h.distance(Hex::new(2, 1)) == 2));
    /// ```
    pub fn ring(self, radius: u32) -> impl Iterator<Item = Hex> {
        let n = i32::try_from(radius).unwrap_or(i32::MAX);
        let [dq, dr] = DIRECTIONS[0];
        let start = self + Hex::new(dq.wrapping_mul(n), dr.wrapping_mul(n));
        let steps = if radius == 0 { 1 } else { 6 * radius as usize };
        // From below, the sides walked in turn, `radius` steps each:
        // bottom-left's next side round, and so on.
        (0..steps).scan(start, move |at, k| {
            let here = *at;
            let side = HexSide::ALL[(k / radius.max(1) as usize + 2) % 6];
            *at = at.neighbor(side);
            Some(here)
        })
    }

    /// The hexes a straight line from this hex's centre to `other`'s
    /// passes through, both ends included (`distance + 1` of them, each a
    /// neighbour of the one before); on a line along two hexes' shared
    /// side, the one nearer to the left on screen going down, always the
    /// same.
    ///
    /// ```
    /// use boardwright::hexet::Hex;
    ///
    /// let (a, b) = (Hex::new(0, 0), Hex::new(3, -1));
    /// let line = a.line_to(b);
    /// assert_eq!(line.len() as u32, a.distance(b) + 1);
    /// assert_eq!((line[0], line[line.len() - 1]), (a, b));
    /// assert!(line.windows(2).all(|w| w[0].distance(w[1]) == 1));
    /// ```
    pub fn line_to(self, other: Hex) -> Vec<Hex> {
        let n = self.distance(other);
        if n == 0 || n == u32::MAX {
            return vec![self];
        }
        // Cube coordinates along the line, nudged off ties by a hair.
        let (q0, r0) = (f64::from(self.q) + 1e-6, f64::from(self.r) + 2e-6);
        let (q1, r1) = (f64::from(other.q) + 1e-6, f64::from(other.r) + 2e-6);
        (0..=n)
            .map(|i| {
                let t = f64::from(i) / f64::from(n);
                let (q, r) = (q0 + (q1 - q0) * t, r0 + (r1 - r0) * t);
                cube_round(q, r, -q - r)
            })
            .collect()
    }
}

/// The hex nearest cube coordinates `(q, r, s)` (with `q + r + s = 0`).
fn cube_round(q: f64, r: f64, s: f64) -> Hex {
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

impl std::ops::Add for Hex {
    type Output = Hex;

    /// Coordinates added (wrapping at the `i32` range): `a + (b − c)` is
    /// `a` moved as `c` to `b`.
    fn add(self, other: Hex) -> Hex {
        Hex::new(self.q.wrapping_add(other.q), self.r.wrapping_add(other.r))
    }
}

impl std::ops::Sub for Hex {
    type Output = Hex;

    /// Coordinates subtracted (wrapping at the `i32` range): the step from
    /// `other` to this hex.
    fn sub(self, other: Hex) -> Hex {
        Hex::new(self.q.wrapping_sub(other.q), self.r.wrapping_sub(other.r))
    }
}

/// √3, correctly rounded.
pub(crate) const SQRT3: f64 = 1.732_050_807_568_877_2;

impl From<[i32; 2]> for Hex {
    fn from([q, r]: [i32; 2]) -> Hex {
        Hex::new(q, r)
    }
}

impl From<Hex> for [i32; 2] {
    fn from(h: Hex) -> [i32; 2] {
        [h.q, h.r]
    }
}

impl fmt::Display for Hex {
    /// `[q, r]`, as messages name cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.q, self.r)
    }
}

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(into = "u8", try_from = "u8")]
#[schemars(extend("maximum" = 63))]
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
    pub fn iter(self) -> impl ExactSizeIterator<Item = HexSide> + use<> {
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

/// The sides of a [`SideMask`], in number order.
#[derive(Clone, Debug)]
pub(crate) struct SideMaskIter(u8);

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

    /// The cell at `hex`, or `None` off the map (any coordinates).
    pub(crate) fn at(self, hex: Hex) -> Option<Cell> {
        if hex.q < 0 || hex.q >= self.width as i32 {
            return None;
        }
        // With `q` on the map the row wraps only for `r` near `i32::MAX`,
        // and then to a negative row.
        let (column, row) = hex.to_offset();
        (0..self.height as i32)
            .contains(&row)
            .then(|| Cell(column as u32 * self.height + row as u32))
    }

    /// The hex of `cell`.
    pub(crate) fn hex(self, cell: Cell) -> Hex {
        Hex::from_offset((cell.0 / self.height) as i32, (cell.0 % self.height) as i32)
    }

    /// The neighbour of `cell` across `side`, or `None` off the map.
    pub(crate) fn neighbor(self, cell: Cell, side: HexSide) -> Option<Cell> {
        self.at(self.hex(cell).neighbor(side))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hexes near the origin, near the map and at the ends of the `i32` range.
    fn sample() -> Vec<Hex> {
        let values = [i32::MIN, i32::MIN + 1, -7, -2, -1, 0, 1, 2, 5, i32::MAX - 1, i32::MAX];
        values.iter().flat_map(|&q| values.iter().map(move |&r| Hex::new(q, r))).collect()
    }

    #[test]
    fn distance_is_symmetric_and_zero_only_to_itself() {
        let hexes = sample();
        for &a in &hexes {
            assert_eq!(a.distance(a), 0);
            for &b in &hexes {
                assert_eq!(a.distance(b), b.distance(a), "{a} {b}");
                assert_eq!(a.distance(b) == 0, a == b, "{a} {b}");
            }
        }
        assert_eq!(Hex::new(0, 0).distance(Hex::new(3, -1)), 3);
        assert_eq!(Hex::new(0, 0).distance(Hex::new(2, 2)), 4);
        assert_eq!(Hex::new(i32::MIN, 0).distance(Hex::new(i32::MAX, 0)), u32::MAX);
    }

    #[test]
    fn six_distinct_neighbours_at_distance_one_across_opposite_sides() {
        for a in sample()
            .into_iter()
            .filter(|h| h.q.unsigned_abs() < 1000 && h.r.unsigned_abs() < 1000)
        {
            let ns = a.neighbors();
            for (s, &n) in HexSide::ALL.iter().zip(&ns) {
                assert_eq!(n, a.neighbor(*s));
                assert_eq!(a.distance(n), 1, "{a} {n}");
                assert_eq!(a.side_to(n), Some(*s));
                assert_eq!(n.neighbor(s.opposite()), a);
            }
            for (i, x) in ns.iter().enumerate() {
                assert!(ns[i + 1..].iter().all(|y| x != y), "{a}: {ns:?}");
            }
            assert_eq!(a.side_to(a), None);
        }
        assert_eq!(Hex::new(i32::MIN, 0).side_to(Hex::new(i32::MAX, 0)), None);
        assert_eq!(Hex::new(0, i32::MAX).side_to(Hex::new(0, i32::MIN)), None);
        assert_eq!(
            Hex::new(i32::MAX, i32::MIN).side_to(Hex::new(i32::MAX, i32::MIN + 1)),
            HexSide::new(0)
        );
    }

    #[test]
    fn offset_coordinates_round_trip() {
        for a in sample() {
            let (column, row) = a.to_offset();
            assert_eq!(Hex::from_offset(column, row), a, "{a}");
        }
        for column in -5..5 {
            for row in -5..5 {
                assert_eq!(Hex::from_offset(column, row).to_offset(), (column, row));
            }
        }
        // A column's cells are one below the other.
        let top = Hex::from_offset(3, 0);
        assert_eq!(Hex::from_offset(3, 1), top.neighbor(HexSide::ALL[0]));
    }

    #[test]
    fn neighbours_centres_are_equally_far_and_side_0_points_down() {
        for a in [Hex::new(0, 0), Hex::new(3, -1), Hex::new(-4, 7), Hex::new(11, 2)] {
            let (x, y) = a.center(2.5);
            for (s, n) in HexSide::ALL.into_iter().zip(a.neighbors()) {
                let (nx, ny) = n.center(2.5);
                assert!(((nx - x).hypot(ny - y) - 2.5 * SQRT3).abs() < 1e-9, "{a} {n}");
                if s.number() == 0 {
                    assert!(ny > y && (nx - x).abs() < 1e-12);
                }
            }
        }
        assert_eq!(SQRT3, 3f64.sqrt());
        assert_eq!(serde_json::to_string(&Hex::new(-3, 7)).unwrap(), "[-3,7]");
        assert_eq!(serde_json::from_str::<Hex>("[-3,7]").unwrap(), Hex::new(-3, 7));
    }

    #[test]
    fn map_cells_round_trip_and_neighbours_are_mutual() {
        let g = Grid { width: 7, height: 5 };
        for c in g.cells() {
            assert_eq!(g.at(g.hex(c)), Some(c));
            for s in HexSide::ALL {
                if let Some(n) = g.neighbor(c, s) {
                    assert_eq!(g.neighbor(n, s.opposite()), Some(c));
                    assert_eq!(g.hex(c).side_to(g.hex(n)), Some(s));
                }
            }
        }
        assert_eq!(g.at(Hex::new(-1, 0)), None);
        assert_eq!(g.at(Hex::new(0, 5)), None);
    }

    #[test]
    fn far_coordinates_are_off_the_map() {
        let g = Grid { width: 7, height: 5 };
        for q in [i32::MIN, -1, 0, 3, 6, 7, i32::MAX] {
            for r in [i32::MIN, i32::MIN + 1, -4, 0, 4, i32::MAX - 1, i32::MAX] {
                let on = (0..7).contains(&q) && (0..5).contains(&(i64::from(r) + i64::from(q / 2)));
                assert_eq!(g.at(Hex::new(q, r)).is_some(), on, "[{q}, {r}]");
            }
        }
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
