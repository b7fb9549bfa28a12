//! Kruskal's algorithm over the allowed pairs found through a grid, within
//! a radius that doubles until the tree spans: exact for any rule of
//! forbidden pairs, and the route of points spread about evenly.
//!
//! # The clearance, cheaply
//!
//! Kruskal's algorithm over the allowed pairs sorted is Kruskal's algorithm
//! over all candidate pairs sorted that skips the forbidden ones. A pair
//! whose ends are already joined is skipped whether allowed or not, so the
//! clearance is only looked at for a pair about to join two components:
//! about one pair a point, not the two or three candidates a point has. A
//! refused pair is passed over and the next one tried, which keeps the
//! minimum over the allowed pairs.
//!
//! The look is a grid query (the grid the pairs were found with): the points
//! of the cells under the segment's box widened by the clearance, those
//! outside the box dropped by four comparisons, the rest tested by their
//! distance to the segment exactly as the board's own check
//! (`universe::edges::violations`) tests it. The looks would still be a
//! serial pass as long as the tree's, so the first phase finds the pairs
//! plain Kruskal would take (union–find alone, cheap), looks at them all in
//! parallel, and only when one is refused runs again, lazily (see `take`).
//! The looks go in the order of the pairs' lower ends, which follows the
//! points' layout, not in the order of length: a look then reads memory the
//! look before it read, and a million looks take a sixth of the time.
//! A whole million-node board then takes about 4 % longer than with the
//! clearance 0, which skips the looks (2.07 s against 2.00 s on two cores;
//! the benchmark `1M board json, clearance 0` sets the two side by side).

use rayon::prelude::*;

use crate::geom::{Point, segment_dist2};
use crate::graph::UnionFind;
use crate::grid::{CHUNK, PointGrid};

/// The clearance rule, checked through a grid of the points: only the points
/// in the box of the segment widened by the clearance can be too close.
pub(super) struct Clear<'a> {
    points: &'a [Point],
    grid: &'a PointGrid,
    /// Where the grid's corner lies in the points' coordinates.
    origin: Point,
    clearance: f64,
}

impl<'a> Clear<'a> {
    pub(super) fn new(points: &'a [Point], grid: &'a PointGrid, origin: Point, clearance: f64) -> Clear<'a> {
        Clear {
            points,
            grid,
            origin,
            clearance,
        }
    }

    /// Whether the segment `a–b` keeps the clearance from every other point.
    pub(super) fn allows(&self, a: u32, b: u32) -> bool {
        // `segment_dist2 < 0` never holds: no clearance, nothing to look at.
        if self.clearance <= 0.0 {
            return true;
        }
        let points = self.points;
        let (pa, pb) = (points[a as usize], points[b as usize]);
        let c = self.clearance;
        // The cells cover several times the box; a point outside the box
        // (widened a hair against rounding) is farther than `c` from the
        // segment, found without the division of `segment_dist2`.
        let m = c * (1.0 + 1e-9);
        let (lo, hi) = (
            Point::new(pa.x.min(pb.x) - m, pa.y.min(pb.y) - m),
            Point::new(pa.x.max(pb.x) + m, pa.y.max(pb.y) + m),
        );
        let shift = |p: Point| Point::new(p.x - self.origin.x, p.y - self.origin.y);
        !self.grid.in_box(shift(lo), shift(hi)).any(|w| {
            let p = points[w as usize];
            w != a && w != b && p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y && segment_dist2(p, pa, pb) < c * c
        })
    }
}

/// The lower-left and upper-right corners of the points' bounding box.
fn bounds(points: &[Point]) -> (Point, Point) {
    points.iter().fold(
        (
            Point::new(f64::INFINITY, f64::INFINITY),
            Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        ),
        |(lo, hi), p| (Point::new(lo.x.min(p.x), lo.y.min(p.y)), Point::new(hi.x.max(p.x), hi.y.max(p.y))),
    )
}

/// Pairs from which [`take`] looks at the clearance in parallel.
const SPECULATE_FROM: usize = 4096;

/// Kruskal's algorithm over `pairs` (sorted by length, then ids) from the
/// forest `sets`, taking a pair only if `clear` allows it; the pairs taken go
/// to `tree`.
///
/// With `speculate`, the pairs that Kruskal's algorithm would take without
/// the rule are found first, on a copy of the sets (union–find only, a
/// serial pass that costs little), and the rule is looked at for them in
/// parallel. If it allows them all, they are the answer: the rule is only
/// asked about a pair about to join two components, and up to the first
/// refusal both runs are the same run. Otherwise the pass runs again with the
/// rule, reusing every answer found; on boards refusals are rare.
pub(super) fn take(sets: &mut UnionFind, clear: &Clear<'_>, pairs: &[(u64, u32, u32)], tree: &mut Vec<[u32; 2]>, speculate: bool) {
    if !speculate || clear.clearance <= 0.0 {
        for &(_, a, b) in pairs {
            if join(sets, clear, a, b) {
                tree.push([a, b]);
            }
        }
        return;
    }
    let mut trial = sets.clone();
    let taken: Vec<usize> = (0..pairs.len()).filter(|&i| trial.union(pairs[i].1, pairs[i].2)).collect();
    // Looked at in the order of their lower ends, which follow the points'
    // layout: one look reads the memory the look before read, where the
    // order of length would jump across the whole set at every look.
    let mut by_place: Vec<(u32, u32, usize)> = taken.iter().map(|&i| (pairs[i].1, pairs[i].2, i)).collect();
    by_place.par_sort_unstable();
    let refused: Vec<usize> = by_place
        .par_iter()
        .filter(|&&(a, b, _)| !clear.allows(a, b))
        .map(|&(_, _, i)| i)
        .collect();
    if refused.is_empty() {
        *sets = trial;
        tree.extend(taken.iter().map(|&i| [pairs[i].1, pairs[i].2]));
        return;
    }
    let mut known = vec![None; pairs.len()];
    for &i in &taken {
        known[i] = Some(true);
    }
    for &i in &refused {
        known[i] = Some(false);
    }
    for (&(_, a, b), known) in pairs.iter().zip(known) {
        if sets.find(a) != sets.find(b) && known.unwrap_or_else(|| clear.allows(a, b)) && sets.union(a, b) {
            tree.push([a, b]);
        }
    }
}

/// Kruskal's step: joins the components of `a` and `b` if they are two and
/// `clear` allows the pair. The clearance is looked at only then, for about
/// one pair a point rather than for every candidate.
fn join(sets: &mut UnionFind, clear: &Clear<'_>, a: u32, b: u32) -> bool {
    sets.find(a) != sets.find(b) && clear.allows(a, b) && sets.union(a, b)
}

/// The first phase of [`phased_emst`] joins pairs up to this many typical
/// spacings apart; each later phase reaches twice as far.
const FIRST_REACH: f64 = 1.1;
/// Phases before [`phased_emst`] gives up on evenly spread points.
const PHASES: u32 = 4;
/// Most points one point may scan in a phase before [`phased_emst`] gives up
/// on evenly spread points (points far denser in places than on average).
const MOST_SCANNED: usize = 1024;

/// How far [`phased_emst`] goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Reach {
    /// Points spread about evenly: at most [`PHASES`] phases, at most
    /// [`MOST_SCANNED`] points scanned by one point, on a grid from the origin.
    Even,
    /// Any points, on a grid from their lower-left corner: phases until one
    /// covers every pair, however many points that scans.
    Whole,
}

/// Kruskal's algorithm over the allowed pairs no longer than a radius that
/// doubles, phase by phase, until the tree spans: with the tree (a forest
/// when nothing spans), how many phases it took. `None` when `reach` is
/// [`Reach::Even`] and the tree does not span within its limits, or the
/// points are too unevenly spread to gain.
///
/// A phase takes every allowed pair within its radius whose ends are in two
/// components of the forest so far, sorted, so the phases together are
/// Kruskal's algorithm over every allowed pair within the last radius. Once
/// that spans, it is the tree: a tree edge is the shortest allowed pair
/// across the cut it spans, and a spanning forest within the radius crosses
/// that cut too. A radius past the points' bounding box holds every pair,
/// so [`Reach::Whole`] ends in the minimum forest over all allowed pairs.
/// Only the points outside the largest component look for partners after the
/// first phase, so later phases cost little when few points are left out.
pub(super) fn phased_emst(points: &[Point], blocked: &[bool], clearance: f64, reach: Reach) -> Option<(Vec<[u32; 2]>, u32)> {
    let n = points.len();
    let (lo, hi) = bounds(points);
    let (w, h) = (hi.x - lo.x, hi.y - lo.y);
    let spacing = (w * h / n as f64).sqrt();
    let (grid, origin, cell) = match reach {
        Reach::Even => {
            let cell = FIRST_REACH * spacing;
            // The grid spans `[0, hi]`: points far from the origin would make
            // it mostly empty cells (points left of or below it land in the
            // first cells, still found, just crowded).
            if n < 2 || !(cell > 0.0 && cell.is_finite()) || (hi.x / cell + 1.0) * (hi.y / cell + 1.0) > 4.0 * n as f64 {
                return None;
            }
            (PointGrid::new(points, hi.x, hi.y, cell), Point::new(0.0, 0.0), cell)
        }
        Reach::Whole => {
            // Points on a line (zero area) or all in one place still get
            // cells, at most about two per point.
            let cell = (FIRST_REACH * spacing).max(w.max(h) / n as f64);
            let cell = if cell > 0.0 && cell.is_finite() { cell } else { 1.0 };
            let shifted: Vec<Point> = points.iter().map(|p| Point::new(p.x - lo.x, p.y - lo.y)).collect();
            (PointGrid::new(&shifted, w.max(0.0), h.max(0.0), cell), lo, cell)
        }
    };
    if n < 2 {
        return Some((Vec::new(), 0));
    }
    let clear = Clear::new(points, &grid, origin, clearance);
    let mut sets = UnionFind::new(n);
    let mut tree = Vec::with_capacity(n - 1);
    // Each point's component, the largest one's label, and who looks.
    let mut component: Vec<u32> = (0..n as u32).collect();
    let mut largest = u32::MAX;
    let mut seekers: Vec<u32> = (0..n as u32).collect();
    let (phases, most_scanned) = match reach {
        Reach::Even => (PHASES, MOST_SCANNED),
        // Enough phases for a radius past the bounding box's diagonal.
        Reach::Whole => (((w + h) / cell + 2.0).log2().ceil().max(1.0) as u32 + 1, usize::MAX),
    };
    for phase in 0..phases {
        let reach = 1usize << phase;
        let r2 = (cell * reach as f64).powi(2);
        let look = |seekers: &[u32]| {
            let mut pairs = Vec::new();
            for &a in seekers {
                let (p, mine) = (points[a as usize], component[a as usize]);
                let ranges = || grid.ranges_around(Point::new(p.x - origin.x, p.y - origin.y), reach);
                if most_scanned < usize::MAX && ranges().map(|r| r.len()).sum::<usize>() > most_scanned {
                    return None;
                }
                for b in ranges().flat_map(|r| grid.order()[r].iter().copied()) {
                    let theirs = component[b as usize];
                    let d2 = points[b as usize].dist2(p);
                    // A pair between two seekers is taken from its lower end.
                    if theirs != mine && (a < b || theirs == largest) && d2 <= r2 && !(blocked[a as usize] && blocked[b as usize]) {
                        pairs.push((d2.to_bits(), a.min(b), a.max(b)));
                    }
                }
            }
            Some(pairs)
        };
        // Few seekers (small sets, later phases) look on the calling thread.
        let pairs = if seekers.len() <= CHUNK {
            let mut pairs = look(&seekers)?;
            pairs.sort_unstable();
            pairs
        } else {
            let found: Option<Vec<Vec<(u64, u32, u32)>>> = seekers.par_chunks(CHUNK).map(look).collect();
            let mut pairs = found?.concat();
            pairs.par_sort_unstable();
            pairs
        };
        let speculate = pairs.len() >= SPECULATE_FROM;
        take(&mut sets, &clear, &pairs, &mut tree, speculate);
        if tree.len() + 1 == n {
            return Some((tree, phase + 1));
        }
        component = (0..n as u32).map(|v| sets.find(v)).collect();
        // Any label would do; the largest component's leaves the fewest seekers.
        largest = (0..n as u32)
            .filter(|&v| component[v as usize] == v)
            .max_by_key(|&v| sets.set_size(v))?;
        seekers = (0..n as u32).filter(|&v| component[v as usize] != largest).collect();
    }
    (reach == Reach::Whole).then_some((tree, phases))
}
