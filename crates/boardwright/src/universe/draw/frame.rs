//! Where the board's grid lands on its page: one grid unit to `unit`
//! millimetres, the board centred in its area.
//!
//! On a board printed over several sheets each overlap strip, with 5 mm
//! each side (`print::seams`), is kept clear of every node, expedition and
//! resource: the board is cut by a line across it where the strip falls, and
//! the two sides are drawn apart, each moved the least it must; the unit is
//! the largest that leaves room for it. An edge across a cut keeps its
//! direction where it leaves each node and crosses the gap level (or
//! upright): the drawing is the board with a strip let in, so no two edges
//! that do not meet on the board meet on the page. Where the cut passes
//! close to a node, the edge bends at the node's reach instead, outside
//! everything drawn for it. On one sheet the frame is the plain scaling.

use super::pieces::{EXPEDITION_MOST, RESOURCE_MOST};
use super::{Area, MISSION_REACH, node_most};
use crate::universe::Board;

/// How much smaller each try at a unit is than the one before, when the
/// nodes do not fit between the seams.
const SHRINK: f64 = 0.995;
/// The most tries: by then the unit is a tenth of the plain one.
const TRIES: usize = 460;

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
        let framed = |unit: f64, bands: &[Vec<(f64, f64)>; 2]| {
            let x = Axis::new(&xs, (area.x0, area.x1), w, unit, &bands[0])?;
            let y = Axis::new(&ys, (area.y0, area.y1), h, unit, &bands[1])?;
            Some(Frame {
                unit,
                x,
                y,
                bands: bands.clone(),
            })
        };
        let mut unit = plain;
        for _ in 0..TRIES {
            if let Some(frame) = framed(unit, bands) {
                return frame;
            }
            unit *= SHRINK;
        }
        // Pieces packed too closely to part anywhere: drawn as on one sheet.
        framed(plain, &[Vec::new(), Vec::new()]).expect("one part always fits")
    }

    /// Where the grid point `(x, y)` lies on the page.
    pub fn at(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (self.x.at(x, self.x.part(x), self.unit), self.y.at(y, self.y.part(y), self.unit))
    }

    /// The page path of an edge from grid point `a` to `b`, whose nodes
    /// reach `reach` grid units: its ends, and where it crosses a cut, the
    /// two sides of the gap. Two points when it crosses none.
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
        // Bends stay outside both nodes' reach.
        let (lo, hi) = (reach.0 / length, 1.0 - reach.1 / length);
        let clamp = |t: f64| if lo <= hi { t.clamp(lo, hi) } else { reach.0 / (reach.0 + reach.1) };
        let mut path = vec![page(a, part_a)];
        let mut part = part_a;
        for (t, across) in crossings {
            let t = clamp(t);
            let p = (a.0 + t * dx, a.1 + t * dy);
            path.push(page(p, part));
            if across {
                part.0 = if dx > 0.0 { part.0 + 1 } else { part.0 - 1 };
            } else {
                part.1 = if dy > 0.0 { part.1 + 1 } else { part.1 - 1 };
            }
            path.push(page(p, part));
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

/// One axis of a frame: the board cut where the bands fall into parts, each
/// moved as a whole, none moved back past the one before.
struct Axis {
    /// The page position of the grid's 0 in the first part.
    first: f64,
    /// Each cut, in grid units, and the page position of the grid's 0 in the
    /// part after it.
    cuts: Vec<(f64, f64)>,
}

impl Axis {
    /// The axis of pieces at grid coordinates `pieces` (each with its reach,
    /// grid units) on a board `extent` units long, drawn at `unit` in the
    /// page interval `(lo, hi)` clear of `bands`; `None` when they do not fit.
    fn new(pieces: &[(f64, f64)], (lo, hi): (f64, f64), extent: f64, unit: f64, bands: &[(f64, f64)]) -> Option<Axis> {
        let plain = (lo + hi - extent * unit) / 2.0;
        // Each band cuts the board where its middle falls in the plain drawing.
        let cuts: Vec<f64> = bands.iter().map(|b| ((b.0 + b.1) / 2.0 - plain) / unit).collect();
        let part = |c: f64| cuts.iter().filter(|&&cut| cut < c).count();
        let mut reach = vec![(f64::INFINITY, f64::NEG_INFINITY); bands.len() + 1];
        for &(c, m) in pieces {
            let r = &mut reach[part(c)];
            *r = (r.0.min(c - m), r.1.max(c + m));
        }
        let mut origins: Vec<f64> = Vec::with_capacity(reach.len());
        for (k, &(first, last)) in reach.iter().enumerate() {
            let before = origins.last().copied();
            if first > last {
                // Nothing here: the part only carries edges across.
                origins.push(before.unwrap_or(plain));
                continue;
            }
            // The room between the bands: part k lies after band k - 1 and before band k.
            let from = if k == 0 { lo } else { lo.max(bands[k - 1].1) };
            let to = bands.get(k).map_or(hi, |b| hi.min(b.0));
            let least = (from - first * unit).max(before.unwrap_or(f64::NEG_INFINITY));
            let most = to - last * unit;
            if least > most + 1e-9 {
                return None;
            }
            origins.push(if bands.is_empty() {
                plain
            } else {
                plain.clamp(least, most.max(least))
            });
        }
        Some(Axis {
            first: origins[0],
            cuts: cuts.into_iter().zip(origins[1..].iter().copied()).collect(),
        })
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
        let axis = Axis::new(&nodes, (10.0, 210.0), 10.0, 18.0, &[]).unwrap();
        for c in [0.0, 3.5, 10.0] {
            assert_eq!(axis.at(c, axis.part(c), 18.0), (10.0 + 210.0 - 180.0) / 2.0 + c * 18.0);
        }
    }

    #[test]
    fn pieces_move_off_a_band_to_its_nearer_side() {
        // Plain places 10 + c * 10: pieces at 100 and 110 fall in the band 95..125.
        let nodes: Vec<(f64, f64)> = [0.0, 5.0, 9.0, 10.0, 14.0, 20.0].iter().map(|&c| (c, 0.3)).collect();
        let band = [(95.0, 125.0)];
        assert!(
            Axis::new(&nodes, (10.0, 210.0), 20.0, 10.0, &band).is_none(),
            "no room for both sides at 10 mm"
        );
        let unit = 8.0;
        let axis = Axis::new(&nodes, (10.0, 210.0), 20.0, unit, &band).unwrap();
        let xs: Vec<f64> = nodes.iter().map(|&(c, _)| axis.at(c, axis.part(c), unit)).collect();
        for (&(c, m), &x) in nodes.iter().zip(&xs) {
            assert!(
                x + m * unit <= 95.0 || x - m * unit >= 125.0,
                "piece {c} at {x} reaches into the band"
            );
            assert!(x - m * unit >= 10.0 && x + m * unit <= 210.0, "piece {c} at {x} leaves the area");
        }
        // Pieces keep their order, and each side keeps its spacing.
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
        assert_eq!(xs[3] - xs[0], 10.0 * unit);
        assert_eq!(xs[5] - xs[4], 6.0 * unit);
    }
}
