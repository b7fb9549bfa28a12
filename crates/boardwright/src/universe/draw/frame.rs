//! Where the board's grid lands on its page: one grid unit to `unit`
//! millimetres, the board centred in its area.
//!
//! On a board printed over several sheets each overlap strip, with 5 mm
//! each side (`print::seams`), is kept clear of every node, expedition and
//! resource. The page's room between the strips is shared out: the board
//! is cut across between two pieces into as many parts as there are rooms,
//! each room taking as many pieces as it holds, and each part, what its
//! pieces reach, is centred in its room; so a blank beside a strip is only
//! what the board's shape leaves. The unit is the largest at
//! which that fits; along an axis without strips, the largest at which
//! what is drawn (not the grid) fills the page. An edge across a cut
//! keeps its direction where it leaves each node and crosses the gap
//! level (or upright): the drawing is the board with a
//! strip let in, so no two edges that do not meet on the board meet on the
//! page. Where the cut passes close to a node, the edge bends a stroke past
//! the node's farthest reach instead; where two nodes across a cut are
//! closer than that, the piece across the gap slants back from one reach
//! to the other. On one sheet the frame is the plain scaling.

use super::{Area, CLEARANCE, EDGE_WIDTH, EXPEDITION_MOST, MISSION_REACH, RESOURCE_MOST, node_most};
use crate::universe::Board;

/// Grid coordinates to page millimetres.
pub(super) struct Frame {
    /// Millimetres to a grid unit.
    pub unit: f64,
    x: Axis,
    y: Axis,
    /// The page bands kept clear, `[across, down]`.
    bands: [Vec<(f64, f64)>; 2],
}

impl Frame {
    /// The frame of `board` in `area`, keeping its nodes, expeditions and
    /// resources out of `bands` (`[across, down]`, page intervals of x and
    /// of y, in order).
    pub fn new(board: &Board, area: &Area, bands: &[Vec<(f64, f64)>; 2]) -> Frame {
        let (w, h) = (f64::from(board.width), f64::from(board.height));
        let plain = ((area.x1 - area.x0) / (w + 2.0 * MISSION_REACH)).min((area.y1 - area.y0) / (h + 2.0 * MISSION_REACH));
        let nodes = board.nodes.iter().map(|n| ((n.x, n.y), node_most(n.kind)));
        let expeditions = board.expeditions.iter().map(|e| ((e.x, e.y), EXPEDITION_MOST));
        let resources = board.resources.iter().map(|r| ((r.x, r.y), RESOURCE_MOST));
        let pieces: Vec<((f64, f64), f64)> = nodes.chain(expeditions).chain(resources).collect();
        let xs: Vec<(f64, f64)> = pieces.iter().map(|&((x, _), m)| (x, m)).collect();
        let ys: Vec<(f64, f64)> = pieces.iter().map(|&((_, y), m)| (y, m)).collect();
        let (across, down) = (Rooms::new((area.x0, area.x1), &bands[0]), Rooms::new((area.y0, area.y1), &bands[1]));
        // Over several sheets an axis without strips is filled by what is
        // drawn, not by the grid: a board a few rows high, whose outer
        // points relaxed inwards, still spans its sheets.
        let tiled = bands.iter().any(|b| !b.is_empty());
        let plain = if tiled {
            let filled = |rooms: &Rooms, pieces: &[(f64, f64)]| {
                let (lo, hi) = extent(pieces);
                if rooms.plain() {
                    (rooms.whole.1 - rooms.whole.0) / (hi - lo)
                } else {
                    f64::INFINITY
                }
            };
            filled(&across, &xs).min(filled(&down, &ys))
        } else {
            plain
        };
        let most = (across.most_unit(&xs), down.most_unit(&ys));
        let unit = plain.min(most.0).min(most.1);
        Frame {
            unit,
            x: Axis::new(&xs, &across, w, (unit, most.0), tiled),
            y: Axis::new(&ys, &down, h, (unit, most.1), tiled),
            bands: bands.clone(),
        }
    }

    /// Where the grid point `(x, y)` lies on the page.
    pub fn at(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (self.x.at(x, self.x.part(x), self.unit), self.y.at(y, self.y.part(y), self.unit))
    }

    /// The page path of an edge from grid point `a` to `b`, whose nodes
    /// reach at most `reach` grid units: its ends, and where it crosses a
    /// cut, a bend on each side of the gap. Two points when it crosses none.
    pub fn path(&self, a: (f64, f64), b: (f64, f64), reach: (f64, f64)) -> Vec<(f64, f64)> {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = (dx * dx + dy * dy).sqrt();
        // Where along the edge (0 at a, 1 at b) it crosses each cut, and on which axis.
        let mut crossings: Vec<(f64, bool)> = Vec::new();
        for (axis, across, from, to) in [(&self.x, true, a.0, b.0), (&self.y, false, a.1, b.1)] {
            for &(cut, _) in &axis.cuts {
                if (cut < from) != (cut < to) {
                    crossings.push(((cut - from) / (to - from), across));
                }
            }
        }
        let (part_a, part_b) = ((self.x.part(a.0), self.y.part(a.1)), (self.x.part(b.0), self.y.part(b.1)));
        let page = |(x, y): (f64, f64), (px, py): (usize, usize)| (self.x.at(x, px, self.unit), self.y.at(y, py, self.unit));
        if crossings.is_empty() {
            return vec![page(a, part_a), page(b, part_b)];
        }
        crossings.sort_by(|p, q| p.0.total_cmp(&q.0));
        // Bends stay a stroke and the clearance outside both nodes' reach.
        // Where the nodes are closer than that, the edge goes on past the
        // cut to the first node's reach, and crosses the gap back to the
        // second's: the gap's piece slants, and neither node shrinks.
        let stroke = (EDGE_WIDTH / 2.0 + CLEARANCE) / self.unit;
        let (ra, rb) = (reach.0 + stroke, reach.1 + stroke);
        let (lo, hi) = (ra / length, 1.0 - rb / length);
        let last = crossings.len() - 1;
        let bends = |k: usize, t: f64| match lo <= hi {
            true => (t.clamp(lo, hi), t.clamp(lo, hi)),
            false => {
                let between = ra / (ra + rb);
                (if k == 0 { lo } else { between }, if k == last { hi } else { between })
            }
        };
        let at = |t: f64| (a.0 + t * dx, a.1 + t * dy);
        let mut path = vec![page(a, part_a)];
        let mut part = part_a;
        for (k, &(t, across)) in crossings.iter().enumerate() {
            let (before, after) = bends(k, t);
            path.push(page(at(before), part));
            if across {
                part.0 = if dx > 0.0 { part.0 + 1 } else { part.0 - 1 };
            } else {
                part.1 = if dy > 0.0 { part.1 + 1 } else { part.1 - 1 };
            }
            path.push(page(at(after), part));
        }
        path.push(page(b, part_b));
        path.dedup();
        path
    }

    /// The longest stretch of `path` that keeps `margin` millimetres from
    /// every band and leaves out `ends` millimetres at its two ends (the
    /// nodes'); `None` when no stretch is left.
    pub fn clear_stretch(&self, path: &[(f64, f64)], ends: (f64, f64), margin: f64) -> Option<Stretch> {
        let mut best: Option<Stretch> = None;
        let last = path.len() - 2;
        for (i, w) in path.windows(2).enumerate() {
            let (p, q) = (w[0], w[1]);
            let length = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
            if length <= 0.0 {
                continue;
            }
            // The parts of the piece (0 at p, 1 at q) kept out.
            let mut out: Vec<(f64, f64)> = Vec::new();
            if i == 0 {
                out.push((f64::NEG_INFINITY, ends.0 / length));
            }
            if i == last {
                out.push((1.0 - ends.1 / length, f64::INFINITY));
            }
            for (bands, from, to) in [(&self.bands[0], p.0, q.0), (&self.bands[1], p.1, q.1)] {
                for &(lo, hi) in bands {
                    let (lo, hi) = (lo - margin, hi + margin);
                    if from == to {
                        if lo < from && from < hi {
                            out.push((f64::NEG_INFINITY, f64::INFINITY));
                        }
                        continue;
                    }
                    let (t0, t1) = ((lo - from) / (to - from), (hi - from) / (to - from));
                    out.push((t0.min(t1), t0.max(t1)));
                }
            }
            out.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut from = 0.0_f64;
            for (a, b) in out.into_iter().chain([(1.0, f64::INFINITY)]) {
                let to = a.min(1.0);
                if to > from && best.as_ref().is_none_or(|b| (to - from) * length > b.length) {
                    let mid = (from + to) / 2.0;
                    best = Some(Stretch {
                        mid: (p.0 + mid * (q.0 - p.0), p.1 + mid * (q.1 - p.1)),
                        along: ((q.0 - p.0) / length, (q.1 - p.1) / length),
                        length: (to - from) * length,
                    });
                }
                from = from.max(b);
            }
        }
        best
    }
}

/// A stretch of a path: its middle, its direction (along the path) and
/// its length, millimetres.
pub(super) struct Stretch {
    pub mid: (f64, f64),
    pub along: (f64, f64),
    pub length: f64,
}

/// The room an axis of the page leaves between its bands: the page
/// interval with the bands taken out, in order.
struct Rooms {
    /// The whole interval, bands included.
    whole: (f64, f64),
    rooms: Vec<(f64, f64)>,
}

impl Rooms {
    fn new((lo, hi): (f64, f64), bands: &[(f64, f64)]) -> Rooms {
        let mut rooms = Vec::new();
        let mut from = lo;
        for &(b0, b1) in bands {
            if b0 > from {
                rooms.push((from, b0.min(hi)));
            }
            from = from.max(b1);
        }
        if hi > from {
            rooms.push((from, hi));
        }
        rooms.retain(|r| r.1 > r.0);
        Rooms { whole: (lo, hi), rooms }
    }

    /// Whether nothing is taken out.
    fn plain(&self) -> bool {
        self.rooms.len() == 1 && self.rooms[0] == self.whole
    }

    /// The largest unit at which `pieces` (grid coordinate and reach) fit
    /// the rooms, the board cut between two of them ([`Rooms::parts`]).
    fn most_unit(&self, pieces: &[(f64, f64)]) -> f64 {
        if self.plain() {
            return f64::INFINITY;
        }
        let sorted = by_coordinate(pieces);
        let longest = self.rooms.iter().map(|r| r.1 - r.0).fold(0.0, f64::max);
        let smallest = pieces.iter().map(|p| 2.0 * p.1).fold(f64::INFINITY, f64::min).max(1e-9);
        // Halved until it fits, then narrowed down between what fits and
        // what does not.
        let (mut fits, mut not) = (0.0, longest / smallest);
        for _ in 0..UNIT_STEPS {
            let mid = (fits + not) / 2.0;
            if self.parts(&sorted, mid).is_some() {
                fits = mid;
            } else {
                not = mid;
            }
        }
        fits
    }

    /// The board's parts at `unit`, each `(room, first)`: the room it is
    /// drawn in and the index in `sorted` (pieces in order of coordinate)
    /// of its first piece, so that each part's pieces, reaches included,
    /// fit its room; `None` when they do not. Each room takes as many
    /// pieces as it holds, a cut never parting two pieces at one
    /// coordinate; a room that holds none is left empty.
    fn parts(&self, sorted: &[(f64, f64)], unit: f64) -> Option<Vec<(usize, usize)>> {
        let mut parts = Vec::new();
        let mut next = 0;
        for (k, room) in self.rooms.iter().enumerate() {
            let start = next;
            let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
            while let Some(&(c, m)) = sorted.get(next) {
                let (l, h) = (lo.min(c - m), hi.max(c + m));
                if (h - l) * unit > room.1 - room.0 {
                    break;
                }
                (lo, hi) = (l, h);
                next += 1;
            }
            while next > start && next < sorted.len() && sorted[next - 1].0 == sorted[next].0 {
                next -= 1;
            }
            if next > start {
                parts.push((k, start));
            }
            if next == sorted.len() {
                return Some(parts);
            }
        }
        None
    }
}

/// `pieces` in order of their coordinate.
fn by_coordinate(pieces: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut sorted = pieces.to_vec();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    sorted
}

/// Halvings [`Rooms::most_unit`] narrows the unit by.
const UNIT_STEPS: u32 = 50;

/// The least and most grid coordinate `pieces` reach.
fn extent(pieces: &[(f64, f64)]) -> (f64, f64) {
    pieces.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &(c, m)| {
        (lo.min(c - m), hi.max(c + m))
    })
}

/// One axis of a frame: the board cut into parts, one to a room, each
/// moved as a whole, each after the one before.
struct Axis {
    /// The page position of the grid's 0 in the first part.
    first: f64,
    /// Each cut, in grid units, and the page position of the grid's 0 in the
    /// part after it.
    cuts: Vec<(f64, f64)>,
}

impl Axis {
    /// The axis of `pieces` (grid coordinate and reach) on a board `extent`
    /// units long, drawn at `unit` in `rooms`, at most `most`, the rooms'
    /// [`Rooms::most_unit`]. The board is cut as it parts at `most`, so
    /// that each room takes its share, each cut halfway between
    /// the pieces either side of it, and each part is centred in its room.
    /// Without cuts the grid's `extent_units` are centred, or what
    /// `pieces` reach when `by_pieces`.
    fn new(pieces: &[(f64, f64)], rooms: &Rooms, extent_units: f64, (unit, most): (f64, f64), by_pieces: bool) -> Axis {
        if rooms.plain() {
            // One sheet: the plain scaling, as the page was always drawn.
            let (lo, hi) = rooms.whole;
            let (from, to) = if by_pieces { extent(pieces) } else { (0.0, extent_units) };
            return Axis {
                first: (lo + hi - (from + to) * unit) / 2.0,
                cuts: Vec::new(),
            };
        }
        let sorted = by_coordinate(pieces);
        let parts = rooms.parts(&sorted, most).unwrap_or_else(|| vec![(0, 0)]);
        let mut first = 0.0;
        let mut cuts = Vec::with_capacity(parts.len().saturating_sub(1));
        for (i, &(k, start)) in parts.iter().enumerate() {
            let end = parts.get(i + 1).map_or(sorted.len(), |p| p.1);
            let (lo, hi) = extent(&sorted[start..end]);
            let room = rooms.rooms[k];
            let origin = (room.0 + room.1 - (lo + hi) * unit) / 2.0;
            if i == 0 {
                first = origin;
            } else {
                cuts.push(((sorted[start - 1].0 + sorted[start].0) / 2.0, origin));
            }
        }
        Axis { first, cuts }
    }

    /// The part grid coordinate `c` lies in.
    fn part(&self, c: f64) -> usize {
        self.cuts.iter().filter(|cut| cut.0 < c).count()
    }

    /// Where grid coordinate `c` lies on the page, taken in part `k`.
    fn at(&self, c: f64, k: usize, unit: f64) -> f64 {
        let origin = if k == 0 { self.first } else { self.cuts[k - 1].1 };
        origin + c * unit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_bands_the_axis_is_the_plain_scaling() {
        let nodes = [(0.0, 0.4), (3.5, 0.3), (10.0, 0.4)];
        let rooms = Rooms::new((10.0, 210.0), &[]);
        assert_eq!(rooms.most_unit(&nodes), f64::INFINITY);
        let axis = Axis::new(&nodes, &rooms, 10.0, (18.0, f64::INFINITY), false);
        for c in [0.0, 3.5, 10.0] {
            assert_eq!(axis.at(c, axis.part(c), 18.0), (10.0 + 210.0 - 180.0) / 2.0 + c * 18.0);
        }
    }

    /// Pieces `(c, reach)` drawn on an axis: each clear of every band and
    /// inside the interval, in order, and every part keeping its spacing.
    fn check(pieces: &[(f64, f64)], (lo, hi): (f64, f64), bands: &[(f64, f64)], unit: f64) {
        let rooms = Rooms::new((lo, hi), bands);
        let axis = Axis::new(pieces, &rooms, 0.0, (unit, rooms.most_unit(pieces)), true);
        let xs: Vec<f64> = pieces.iter().map(|&(c, _)| axis.at(c, axis.part(c), unit)).collect();
        for (&(c, m), &x) in pieces.iter().zip(&xs) {
            let (x0, x1) = (x - m * unit, x + m * unit);
            assert!(x0 >= lo - 1e-9 && x1 <= hi + 1e-9, "piece {c} at {x} leaves {lo}..{hi}");
            for &(b0, b1) in bands {
                assert!(
                    x1 <= b0 + 1e-9 || x0 >= b1 - 1e-9,
                    "piece {c} at {x} reaches into the band {b0}..{b1}"
                );
            }
        }
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
        for (k, w) in pieces.windows(2).enumerate() {
            if axis.part(w[0].0) == axis.part(w[1].0) {
                assert!((xs[k + 1] - xs[k] - (w[1].0 - w[0].0) * unit).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn pieces_part_at_a_band_and_keep_clear_of_it() {
        let pieces: Vec<(f64, f64)> = [0.0, 5.0, 9.0, 10.0, 14.0, 20.0].iter().map(|&c| (c, 0.3)).collect();
        let rooms = Rooms::new((10.0, 210.0), &[(95.0, 125.0)]);
        let most = rooms.most_unit(&pieces);
        // 85 mm of room each side for at most 10.6 units of board.
        assert!((most - 85.0 / 10.6).abs() < 1e-9, "{most}");
        for unit in [most, 0.8 * most, 0.3 * most] {
            check(&pieces, (10.0, 210.0), &[(95.0, 125.0)], unit);
        }
    }

    /// A board with nodes every half unit over three columns of sheets:
    /// the middle part gets its share too, so the board keeps most of its
    /// size (the bands and the pieces' reach at the cuts are all it loses).
    #[test]
    fn a_dense_board_over_three_columns_keeps_its_size() {
        let pieces: Vec<(f64, f64)> = (0..=20).map(|k| (f64::from(k) * 0.5, 0.42)).collect();
        let (lo, hi) = (12.5, 570.0);
        let bands = [(187.0, 207.0), (371.0, 391.0)];
        let unit = Rooms::new((lo, hi), &bands).most_unit(&pieces);
        let plain = (hi - lo) / 10.84;
        assert!(unit > 0.78 * plain, "{unit} mm a unit against {plain} on one sheet");
        check(&pieces, (lo, hi), &bands, unit);
        // A room too small for anything is left empty.
        let bands = [(30.0, 50.0), (300.0, 320.0)];
        let unit = Rooms::new((lo, hi), &bands).most_unit(&pieces);
        check(&pieces, (lo, hi), &bands, unit);
    }
}
