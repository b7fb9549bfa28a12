//! The exact Euclidean minimum spanning tree when some pairs may not be joined.
//!
//! Points are either free or *blocked* (for universe boards: snapped onto the
//! paper's border); two blocked points are never joined. With a *clearance*,
//! neither is a pair whose segment passes closer than that to another point
//! (planar universe boards: a tree edge may not graze a node). The answer is
//! the MST of the complete graph minus the forbidden pairs, Kruskal's
//! algorithm over the allowed pairs in order of length, ties by ids, so one
//! exact tree, the same on every machine.
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

//! # Candidates
//!
//! Most point sets are spread about evenly: then Kruskal's algorithm runs over
//! the allowed pairs within a radius found through a grid, a radius that
//! doubles until the tree spans (see [`phased_emst`]); that is exact for any
//! rule of forbidden pairs. Points too uneven for that (wide gaps, crowded
//! cells) take the Delaunay triangulation when only the border rule applies:
//!
//! * free–free: an edge of the MST is in the relative neighbourhood graph of the
//!   free points (a free point closer to both ends would close a cycle with
//!   two shorter allowed edges), which lies inside their Delaunay triangulation;
//! * blocked–free: by the same argument with free witnesses only, `e–i` is a
//!   Delaunay edge of the free points plus `e` alone. Those are the ends of the
//!   free hull's edges visible from `e` and the corners of the triangles whose
//!   circumcircle holds `e` (the Bowyer–Watson cavity), found by a walk from the
//!   hull edge facing `e`.
//!
//! With a clearance the triangulation is no longer a superset: the witness
//! pairs of that argument may themselves be forbidden, and the tree then needs
//! a pair the triangulation lacks (the tests find such sets). Uneven sets with
//! a clearance therefore grow the radius until it holds every pair.
//!
//! When the allowed pairs cannot join every point (two points closer than
//! the clearance, say, cut off each other), the result is the minimum
//! spanning forest, with fewer than `n − 1` edges, for the caller to refuse.
//!
//! # Complexity
//! Even points: O(n) pairs found in O(n), their sort, and O(n) clearance looks
//! of O(1) each, in parallel. The triangulation: O(n log n), then O(log h + local) per
//! blocked point, then a sort of about 3n candidates. Uneven points with a
//! clearance: each point left outside the largest component scans the points
//! within the growing radius, up to all of them: quadratic at worst, for sets
//! far from even (universe boards are even: their holes are a few units wide).

use delaunator::{EMPTY, next_halfedge, prev_halfedge, triangulate};
use rayon::prelude::*;

use crate::geom::{Point, in_circle, orient, pseudo_angle, segment_dist2};
use crate::graph::UnionFind;
use crate::grid::{CHUNK, PointGrid};

/// The minimum spanning forest of `points` over the allowed pairs, as
/// `[a, b]` pairs with `a < b` in order of length. A pair is allowed unless
/// both ends are `blocked` or, with a positive `clearance`, its segment passes
/// closer than `clearance` to another point. It has `n − 1` edges unless the
/// allowed pairs cannot connect every point.
pub fn constrained_emst(points: &[Point], blocked: &[bool], clearance: f64) -> Vec<[u32; 2]> {
    if let Some((tree, _)) = phased_emst(points, blocked, clearance, Reach::Even) {
        return tree;
    }
    if clearance > 0.0 {
        // The triangulation's candidates need not hold the tree once the
        // clearance forbids some of them: search every pair, by radius.
        return phased_emst(points, blocked, clearance, Reach::Whole).map_or_else(Vec::new, |(tree, _)| tree);
    }
    kruskal(points, candidate_edges(points, blocked))
}

/// The clearance rule, checked through a grid of the points: only the points
/// in the box of the segment widened by the clearance can be too close.
struct Clear<'a> {
    points: &'a [Point],
    grid: &'a PointGrid,
    /// Where the grid's corner lies in the points' coordinates.
    origin: Point,
    clearance: f64,
}

impl<'a> Clear<'a> {
    fn new(points: &'a [Point], grid: &'a PointGrid, origin: Point, clearance: f64) -> Clear<'a> {
        Clear {
            points,
            grid,
            origin,
            clearance,
        }
    }

    /// Whether the segment `a–b` keeps the clearance from every other point.
    fn allows(&self, a: u32, b: u32) -> bool {
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

/// Kruskal's algorithm over `candidates`, by length and then ids.
fn kruskal(points: &[Point], candidates: Vec<[u32; 2]>) -> Vec<[u32; 2]> {
    // Squared lengths are non-negative, so their bit patterns sort like the numbers.
    let mut candidates: Vec<(u64, u32, u32)> = candidates
        .into_par_iter()
        .map(|[a, b]| (points[a as usize].dist2(points[b as usize]).to_bits(), a, b))
        .collect();
    candidates.par_sort_unstable();
    let mut sets = UnionFind::new(points.len());
    let mut tree = Vec::with_capacity(points.len().saturating_sub(1));
    for (_, a, b) in candidates {
        if sets.union(a, b) {
            tree.push([a, b]);
            if tree.len() + 1 == points.len() {
                break;
            }
        }
    }
    tree
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
fn take(sets: &mut UnionFind, clear: &Clear<'_>, pairs: &[(u64, u32, u32)], tree: &mut Vec<[u32; 2]>, speculate: bool) {
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
enum Reach {
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
fn phased_emst(points: &[Point], blocked: &[bool], clearance: f64, reach: Reach) -> Option<(Vec<[u32; 2]>, u32)> {
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

/// A superset of the constrained MST's edges (see the module docs).
pub fn candidate_edges(points: &[Point], blocked: &[bool]) -> Vec<[u32; 2]> {
    let free: Vec<u32> = (0..points.len() as u32).filter(|&i| !blocked[i as usize]).collect();
    let outside: Vec<u32> = (0..points.len() as u32).filter(|&i| blocked[i as usize]).collect();
    part_candidates(points, &free, &outside).unwrap_or_else(|| all_allowed_pairs(points.len(), blocked))
}

/// The Delaunay edges of the points `free`, and for each point of `outside`
/// (outside their hull) its edges in the triangulation of `free` plus it;
/// `None` when the points of `free` are too degenerate to triangulate.
fn part_candidates(points: &[Point], free: &[u32], outside: &[u32]) -> Option<Vec<[u32; 2]>> {
    let free_points: Vec<delaunator::Point> = free
        .iter()
        .map(|&i| delaunator::Point {
            x: points[i as usize].x,
            y: points[i as usize].y,
        })
        .collect();
    let tri = triangulate(&free_points);
    if tri.triangles.is_empty() {
        return None;
    }
    let global = |local: usize| free[local];
    let mut out = Vec::with_capacity(tri.triangles.len() / 2 + 8 * outside.len());
    for (h, &twin) in tri.halfedges.iter().enumerate() {
        if twin == EMPTY || h < twin {
            let (a, b) = (global(tri.triangles[h]), global(tri.triangles[next_halfedge(h)]));
            out.push([a.min(b), a.max(b)]);
        }
    }
    let hull = Hull::new(&tri, &free_points);
    let mut near = Vec::new();
    for &e in outside {
        hull.delaunay_neighbors(&tri, &free_points, points[e as usize], &mut near);
        out.extend(near.iter().map(|&local| {
            let i = global(local);
            [e.min(i), e.max(i)]
        }));
    }
    Some(out)
}

/// Every allowed pair: only for triangulations too degenerate to use (all free
/// points on one line), which boards of real size never are.
fn all_allowed_pairs(n: usize, blocked: &[bool]) -> Vec<[u32; 2]> {
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if !(blocked[a] && blocked[b]) {
                out.push([a as u32, b as u32]);
            }
        }
    }
    out
}

/// The free points' convex hull, indexed for finding the edges a point sees.
struct Hull {
    /// Hull half-edge leaving each hull vertex (by local id), EMPTY elsewhere.
    leaving: Vec<usize>,
    /// Hull half-edge arriving at each hull vertex.
    arriving: Vec<usize>,
    /// Hull vertices in counter-clockwise order starting at the smallest angle.
    ring: Vec<usize>,
    /// Pseudo-angle of each `ring` vertex around `center` (increasing).
    angles: Vec<f64>,
    /// A point strictly inside the hull.
    center: Point,
}

impl Hull {
    fn new(tri: &delaunator::Triangulation, pts: &[delaunator::Point]) -> Hull {
        let mut leaving = vec![EMPTY; pts.len()];
        let mut arriving = vec![EMPTY; pts.len()];
        for (h, &twin) in tri.halfedges.iter().enumerate() {
            if twin == EMPTY {
                leaving[tri.triangles[h]] = h;
                arriving[tri.triangles[next_halfedge(h)]] = h;
            }
        }
        let n = tri.hull.len() as f64;
        let center = Point::new(
            tri.hull.iter().map(|&v| pts[v].x).sum::<f64>() / n,
            tri.hull.iter().map(|&v| pts[v].y).sum::<f64>() / n,
        );
        let angle = |v: usize| pseudo_angle(pts[v].x - center.x, pts[v].y - center.y);
        let first = (0..tri.hull.len())
            .min_by(|&a, &b| angle(tri.hull[a]).total_cmp(&angle(tri.hull[b])))
            .unwrap_or(0);
        let mut ring = tri.hull.clone();
        ring.rotate_left(first);
        let angles = ring.iter().map(|&v| angle(v)).collect();
        Hull {
            leaving,
            arriving,
            ring,
            angles,
            center,
        }
    }

    /// The local ids of `e`'s neighbours in the Delaunay triangulation of the
    /// free points plus `e`, which lies outside their hull. Written into `out`,
    /// sorted and without repeats.
    fn delaunay_neighbors(&self, tri: &delaunator::Triangulation, pts: &[delaunator::Point], e: Point, out: &mut Vec<usize>) {
        out.clear();
        let at = |v: usize| Point::new(pts[v].x, pts[v].y);
        let sees = |h: usize| {
            let (a, b) = (at(tri.triangles[h]), at(tri.triangles[next_halfedge(h)]));
            let inner = at(tri.triangles[prev_halfedge(h)]);
            let (side_e, side_in) = (orient(a, b, e), orient(a, b, inner));
            (side_e > 0.0 && side_in < 0.0) || (side_e < 0.0 && side_in > 0.0)
        };
        // The hull edge crossed by the ray from the centre towards `e` faces
        // `e`; search outwards from it in case rounding picked a neighbour.
        let a = pseudo_angle(e.x - self.center.x, e.y - self.center.y);
        let k = self.angles.partition_point(|&x| x <= a);
        let k = if k == 0 { self.ring.len() - 1 } else { k - 1 };
        let len = self.ring.len();
        let Some(start) = (0..len)
            .flat_map(|d| [(k + d) % len, (k + len - d % len) % len])
            .map(|i| self.leaving[self.ring[i]])
            .find(|&h| sees(h))
        else {
            return; // `e` sees no hull edge: it is not outside the hull.
        };
        let mut visible = vec![start];
        let mut h = start;
        loop {
            let next = self.leaving[tri.triangles[next_halfedge(h)]];
            if next == start || !sees(next) {
                break;
            }
            visible.push(next);
            h = next;
        }
        h = start;
        loop {
            let prev = self.arriving[tri.triangles[h]];
            if visible.contains(&prev) || !sees(prev) {
                break;
            }
            visible.push(prev);
            h = prev;
        }
        // Bowyer–Watson cavity: triangles whose circumcircle holds `e`,
        // reached across visible hull edges and then across each other.
        let mut stack = visible.clone();
        let mut seen: Vec<usize> = Vec::new();
        for &h in &visible {
            out.push(tri.triangles[h]);
            out.push(tri.triangles[next_halfedge(h)]);
        }
        while let Some(h) = stack.pop() {
            let t = h / 3;
            if seen.contains(&t) {
                continue;
            }
            seen.push(t);
            let corners = [tri.triangles[3 * t], tri.triangles[3 * t + 1], tri.triangles[3 * t + 2]];
            if !in_circle(at(corners[0]), at(corners[1]), at(corners[2]), e) {
                continue;
            }
            out.extend(corners);
            for side in [next_halfedge(h), prev_halfedge(h)] {
                let twin = tri.halfedges[side];
                if twin != EMPTY {
                    stack.push(twin);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Rng;

    /// Whether `a–b` is allowed, by brute force: not two blocked ends, and
    /// no other point closer than `clearance` to the segment.
    fn allowed(points: &[Point], blocked: &[bool], clearance: f64, a: usize, b: usize) -> bool {
        !(blocked[a] && blocked[b])
            && (0..points.len())
                .filter(|&w| w != a && w != b)
                .all(|w| segment_dist2(points[w], points[a], points[b]) >= clearance * clearance)
    }

    /// Prim's algorithm over every allowed pair, the O(n³) reference: the
    /// minimum spanning forest's weight and edge count (a new tree starts
    /// when nothing allowed reaches the points left).
    fn prim(points: &[Point], blocked: &[bool], clearance: f64) -> (f64, usize) {
        let n = points.len();
        let mut best = vec![f64::INFINITY; n];
        let mut done = vec![false; n];
        let (mut total, mut edges) = (0.0, 0);
        for _ in 0..n {
            let v = (0..n).filter(|&i| !done[i]).min_by(|&a, &b| best[a].total_cmp(&best[b])).unwrap();
            done[v] = true;
            if best[v].is_finite() {
                total += best[v];
                edges += 1;
            }
            for w in 0..n {
                if !done[w] && allowed(points, blocked, clearance, v, w) {
                    best[w] = best[w].min(points[v].dist(points[w]));
                }
            }
        }
        (total, edges)
    }

    fn weight(points: &[Point], tree: &[[u32; 2]]) -> f64 {
        tree.iter().map(|&[a, b]| points[a as usize].dist(points[b as usize])).sum()
    }

    /// A jittered grid of `w × h` cells with its outer ring pushed onto the
    /// border and blocked, and no points in the columns `gap`.
    fn board(w: u32, h: u32, gap: std::ops::Range<u32>, rng: &mut Rng) -> (Vec<Point>, Vec<bool>) {
        let (mut points, mut blocked) = (Vec::new(), Vec::new());
        for x in (0..=w).filter(|x| !gap.contains(x)) {
            for y in 0..=h {
                let mut p = Point::new(f64::from(x) + rng.uniform(-0.3, 0.3), f64::from(y) + rng.uniform(-0.3, 0.3));
                let on_border = x == 0 || y == 0 || x == w || y == h;
                if on_border {
                    p = Point::new(
                        if x == 0 {
                            0.0
                        } else if x == w {
                            f64::from(w)
                        } else {
                            p.x
                        },
                        if y == 0 {
                            0.0
                        } else if y == h {
                            f64::from(h)
                        } else {
                            p.y
                        },
                    );
                }
                points.push(p);
                blocked.push(on_border);
            }
        }
        (points, blocked)
    }

    /// The tree from the triangulation alone.
    fn triangulated(points: &[Point], blocked: &[bool]) -> Vec<[u32; 2]> {
        kruskal(points, candidate_edges(points, blocked))
    }

    #[test]
    fn phases_give_the_triangulation_s_tree() {
        let mut rng = Rng::new(12, 12);
        // Nearly even points, free: one phase.
        let even: Vec<Point> = (0..20_000)
            .map(|i| {
                Point::new(
                    f64::from(i / 100) + rng.uniform(-0.05, 0.05),
                    f64::from(i % 100) + rng.uniform(-0.05, 0.05),
                )
            })
            .collect();
        let mut cases = vec![(even, vec![false; 20_000], 1)];
        // Blocked borders (longer tree edges), and gaps of three and five
        // columns: from two phases to all four.
        for (gap, phases) in [(0..0, 2), (60..63, 3), (60..65, 4)] {
            let (points, blocked) = board(200, 140, gap, &mut rng);
            cases.push((points, blocked, phases));
        }
        for (points, blocked, phases) in cases {
            let whole = triangulated(&points, &blocked);
            assert_eq!(whole.len() + 1, points.len());
            let (tree, took) = phased_emst(&points, &blocked, 0.0, Reach::Even).expect("an even board");
            assert!(tree == whole && took == phases, "{took} phases, not {phases}");
        }
    }

    #[test]
    fn a_gap_wider_than_the_last_phase_falls_back_to_the_triangulation() {
        let mut rng = Rng::new(13, 13);
        let (points, blocked) = board(200, 140, 90..112, &mut rng);
        assert_eq!(phased_emst(&points, &blocked, 0.0, Reach::Even), None);
        let tree = constrained_emst(&points, &blocked, 0.0);
        assert_eq!(tree, triangulated(&points, &blocked));
        assert!(tree.iter().any(|&[a, b]| points[a as usize].dist(points[b as usize]) > 20.0));
    }

    #[test]
    fn a_crowded_cell_falls_back_to_the_triangulation() {
        let mut rng = Rng::new(14, 14);
        let mut points: Vec<Point> = (0..3000)
            .map(|_| Point::new(rng.uniform(0.0, 0.5), rng.uniform(0.0, 0.5)))
            .collect();
        points.extend([Point::new(100.0, 0.0), Point::new(0.0, 100.0), Point::new(100.0, 100.0)]);
        let blocked = vec![false; points.len()];
        assert_eq!(phased_emst(&points, &blocked, 0.0, Reach::Even), None);
        assert_eq!(constrained_emst(&points, &blocked, 0.0), triangulated(&points, &blocked));
    }

    #[test]
    fn points_far_from_the_origin_fall_back_to_the_triangulation() {
        let mut rng = Rng::new(15, 15);
        let (mut points, blocked) = board(60, 40, 0..0, &mut rng);
        assert!(phased_emst(&points, &blocked, 0.0, Reach::Even).is_some());
        for p in &mut points {
            *p = Point::new(p.x + 1e5, p.y + 1e5);
        }
        assert_eq!(phased_emst(&points, &blocked, 0.0, Reach::Even), None);
        assert_eq!(constrained_emst(&points, &blocked, 0.0), triangulated(&points, &blocked));
    }

    #[test]
    fn equals_prim_on_random_boards_with_blocked_borders() {
        for case in 0..60u64 {
            let mut rng = Rng::new(case, 11);
            let (w, h) = (rng.uniform(3.0, 12.0), rng.uniform(3.0, 9.0));
            let mut points = Vec::new();
            let mut blocked = Vec::new();
            for _ in 0..rng.range_inclusive(20, 150) {
                let mut p = Point::new(rng.uniform(0.2, w - 0.2), rng.uniform(0.2, h - 0.2));
                let on_border = rng.chance(0.3);
                if on_border {
                    match rng.below(4) {
                        0 => p.x = 0.0,
                        1 => p.x = w,
                        2 => p.y = 0.0,
                        _ => p.y = h,
                    }
                }
                points.push(p);
                blocked.push(on_border);
            }
            let tree = constrained_emst(&points, &blocked, 0.0);
            assert_eq!(tree.len(), points.len() - 1, "case {case}");
            assert!(tree.iter().all(|&[a, b]| !(blocked[a as usize] && blocked[b as usize])));
            let (weight, reference) = (weight(&points, &tree), prim(&points, &blocked, 0.0).0);
            assert!((weight - reference).abs() < 1e-9, "case {case}: {weight} vs {reference}");
        }
    }

    /// Random points in a box of random size, some on its border and
    /// blocked: even ones (a grid jittered by up to 0.4 each way, about one
    /// unit apart, points within 0.3 of a side snapped onto it, as boards
    /// are laid), or uniform ones about `spacing` apart with a fifth moved
    /// onto the border, which leave points close together everywhere.
    fn random_set(rng: &mut Rng, even: bool, spacing: f64) -> (Vec<Point>, Vec<bool>) {
        let (w, h) = (rng.uniform(3.0, 12.0), rng.uniform(3.0, 9.0));
        let (mut points, mut blocked) = (Vec::new(), Vec::new());
        if even {
            for x in 0..=w as u32 {
                for y in 0..=h as u32 {
                    let mut p = Point::new(f64::from(x) + rng.uniform(-0.4, 0.4), f64::from(y) + rng.uniform(-0.4, 0.4));
                    let snap = |v: f64, max: f64| {
                        if v < 0.3 {
                            0.0
                        } else if v > max - 0.3 {
                            max
                        } else {
                            v
                        }
                    };
                    p = Point::new(snap(p.x, w), snap(p.y, h));
                    blocked.push(p.x == 0.0 || p.y == 0.0 || p.x == w || p.y == h);
                    points.push(p);
                }
            }
            return (points, blocked);
        }
        let n = ((w * h) / (spacing * spacing)) as usize;
        for _ in 0..n.clamp(3, 160) {
            let mut p = Point::new(rng.uniform(0.0, w), rng.uniform(0.0, h));
            let on_border = rng.chance(0.2);
            if on_border {
                match rng.below(4) {
                    0 => p.x = 0.0,
                    1 => p.x = w,
                    2 => p.y = 0.0,
                    _ => p.y = h,
                }
            }
            points.push(p);
            blocked.push(on_border);
        }
        (points, blocked)
    }

    /// The tree is the minimum over the allowed pairs, when the clearance
    /// forbids a few pairs and when it forbids most of them; when the allowed
    /// pairs cannot span, no tree is claimed.
    #[test]
    fn equals_prim_over_the_pairs_the_clearance_allows() {
        let (mut refused, mut split, mut changed) = (0, 0, 0);
        for case in 0..400u64 {
            let mut rng = Rng::new(case, 31);
            // Even sets with a board's clearance or the largest; uniform
            // ones, with close points everywhere, with small clearances.
            let (even, spacing, clearance) = match case % 4 {
                0 => (true, 1.0, 0.3),
                1 => (true, 1.0, 0.45),
                2 => (false, 1.0, 0.03),
                _ => (false, 1.3, 0.08),
            };
            let (points, blocked) = random_set(&mut rng, even, spacing);
            let n = points.len();
            let (reference, edges) = prim(&points, &blocked, clearance);
            let spans = edges + 1 == n;
            let phases = phased_emst(&points, &blocked, clearance, Reach::Even).map(|(tree, _)| tree);
            assert!(spans || phases.is_none(), "case {case}: phases claim a tree that cannot exist");
            let whole = phased_emst(&points, &blocked, clearance, Reach::Whole).map(|(tree, _)| tree);
            let trees = [
                ("constrained", Some(constrained_emst(&points, &blocked, clearance))),
                ("even", phases),
                ("whole", whole),
            ];
            for (path, tree) in trees {
                let Some(tree) = tree else { continue };
                assert!(
                    tree.iter()
                        .all(|&[a, b]| allowed(&points, &blocked, clearance, a as usize, b as usize)),
                    "case {case} ({path})"
                );
                if !spans {
                    assert!(tree.len() + 1 < n, "case {case} ({path}): a tree where none can be");
                    continue;
                }
                let w = weight(&points, &tree);
                assert!(
                    (w - reference).abs() < 1e-9 && tree.len() == edges,
                    "case {case} ({path}): {} edges weighing {w}, Prim {edges} weighing {reference}",
                    tree.len()
                );
            }
            // Pairs as long as tree edges tend to be.
            let short: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .filter(|&(a, b)| !(blocked[a] && blocked[b]) && points[a].dist(points[b]) < 1.5)
                .collect();
            let forbidden = short.iter().filter(|&&(a, b)| !allowed(&points, &blocked, clearance, a, b)).count();
            refused += usize::from(forbidden * 3 > short.len());
            split += usize::from(!spans);
            changed += usize::from(spans && (prim(&points, &blocked, 0.0).0 - reference).abs() > 1e-9);
        }
        // The rule bites: it changes many trees that still span, forbids most
        // pairs of some sets and leaves others unable to span.
        assert!(
            changed > 25 && refused > 10 && split > 50,
            "{changed} changed, {refused} mostly refused, {split} split"
        );
    }

    /// Uneven sets with a clearance take every radius, not the triangulation:
    /// a gap wider than the last even phase, and points far from the origin.
    #[test]
    fn uneven_sets_with_a_clearance_search_every_radius() {
        let mut rng = Rng::new(16, 16);
        let (points, blocked) = board(40, 14, 8..24, &mut rng);
        let far: Vec<Point> = points.iter().map(|p| Point::new(p.x + 1e5, p.y + 1e5)).collect();
        for (points, clearance) in [(&points, 0.3), (&far, 0.3), (&points, 0.45)] {
            assert_eq!(phased_emst(points, &blocked, clearance, Reach::Even), None);
            let tree = constrained_emst(points, &blocked, clearance);
            let (reference, edges) = prim(points, &blocked, clearance);
            assert_eq!(tree.len(), edges);
            assert!(
                (weight(points, &tree) - reference).abs() < 1e-9,
                "{} vs {reference}",
                weight(points, &tree)
            );
            assert!(tree.iter().any(|&[a, b]| points[a as usize].dist(points[b as usize]) > 15.0));
        }
    }

    /// The parallel looks of [`take`] give what the serial pass gives, when
    /// the rule refuses none of the pairs plain Kruskal takes and when it
    /// refuses some (points planted closer than the clearance to others).
    #[test]
    fn speculative_looks_give_the_serial_pass() {
        let mut rng = Rng::new(17, 17);
        for planted in [0, 40] {
            let (mut points, mut blocked) = board(160, 110, 0..0, &mut rng);
            for _ in 0..planted {
                let p = points[rng.below(points.len() as u64) as usize];
                points.push(Point::new(p.x + rng.uniform(-0.2, 0.2), p.y + rng.uniform(-0.2, 0.2)));
                blocked.push(false);
            }
            let n = points.len();
            let grid = PointGrid::new(&points, 161.0, 111.0, 1.0);
            let clearance = if planted == 0 { 0.15 } else { 0.3 };
            let clear = Clear::new(&points, &grid, Point::new(0.0, 0.0), clearance);
            let mut pairs: Vec<(u64, u32, u32)> = (0..n as u32)
                .flat_map(|a| {
                    grid.within(&points, points[a as usize], 1.5)
                        .filter(move |&b| a < b)
                        .map(move |b| (a, b))
                })
                .filter(|&(a, b)| !(blocked[a as usize] && blocked[b as usize]))
                .map(|(a, b)| (points[a as usize].dist2(points[b as usize]).to_bits(), a, b))
                .collect();
            pairs.sort_unstable();
            let run = |speculate| {
                let (mut sets, mut tree) = (UnionFind::new(n), Vec::new());
                take(&mut sets, &clear, &pairs, &mut tree, speculate);
                tree
            };
            let serial = run(false);
            // Both ways through: plain Kruskal's pairs all allowed, or not.
            let mut plain = UnionFind::new(n);
            let refused = pairs.iter().filter(|&&(_, a, b)| plain.union(a, b) && !clear.allows(a, b)).count();
            assert_eq!(planted == 0, refused == 0, "{refused} refused");
            assert_eq!(run(true), serial, "{planted} planted");
            assert!(serial.len() > n / 2);
        }
    }
}
