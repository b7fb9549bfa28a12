//! The exact Euclidean minimum spanning tree when some pairs may not be joined.
//!
//! Points are either free or *blocked* (for universe boards: snapped onto the
//! paper's border); two blocked points are never joined. Every allowed pair can
//! be joined, so the answer is the MST of the complete graph minus blocked–blocked
//! pairs, found from O(n) candidate edges:
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
//! Kruskal's algorithm then runs over the candidates sorted by length, ties by
//! ids, so the result is one exact tree, the same on every machine.
//!
//! The triangulation is the general way. Most point sets are spread about
//! evenly, and then a faster one gives the same tree: Kruskal's algorithm over
//! the allowed pairs within a radius found through a grid, a radius that
//! doubles until the tree spans (see [`phased_emst`]).
//!
//! # Complexity
//! O(n log n): the triangulation, then O(log h + local) per blocked point, then
//! a sort of about 3n candidates. The phased search: O(n) pairs found in
//! O(n) for evenly spread points, then their sort.

use delaunator::{EMPTY, next_halfedge, prev_halfedge, triangulate};
use rayon::prelude::*;

use crate::geom::{Point, in_circle, orient, pseudo_angle};
use crate::graph::UnionFind;
use crate::grid::{CHUNK, PointGrid};

/// The minimum spanning forest of `points` over all pairs except those with
/// both ends `blocked`, as `[a, b]` pairs with `a < b` in order of length.
/// It has `n − 1` edges unless the allowed pairs cannot connect every point.
pub fn constrained_emst(points: &[Point], blocked: &[bool]) -> Vec<[u32; 2]> {
    phased_emst(points, blocked).map_or_else(|| kruskal(points, candidate_edges(points, blocked)), |(tree, _)| tree)
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

/// The first phase of [`phased_emst`] joins pairs up to this many typical
/// spacings apart; each later phase reaches twice as far.
const FIRST_REACH: f64 = 1.1;
/// Phases before [`phased_emst`] gives way to a triangulation.
const PHASES: u32 = 4;
/// Most points one point may scan in a phase before [`phased_emst`] gives
/// way to a triangulation (points far denser in places than on average).
const MOST_SCANNED: usize = 1024;

/// Kruskal's algorithm over the allowed pairs no longer than a radius that
/// doubles, phase by phase, until the tree spans: `None` when it does not
/// within [`PHASES`], or the points are too unevenly spread to gain; with
/// the tree, how many phases it took.
///
/// A phase takes every allowed pair within its radius whose ends are in two
/// components of the forest so far, sorted, so the phases together are
/// Kruskal's algorithm over every allowed pair within the last radius. Once
/// that spans, it is the tree: a tree edge is the shortest allowed pair
/// across the cut it spans, and a spanning forest within the radius crosses
/// that cut too. Only the points outside the largest component look for
/// partners after the first phase, so later phases cost little.
fn phased_emst(points: &[Point], blocked: &[bool]) -> Option<(Vec<[u32; 2]>, u32)> {
    let n = points.len();
    let (lo, hi) = points.iter().fold(
        (
            Point::new(f64::INFINITY, f64::INFINITY),
            Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        ),
        |(lo, hi), p| (Point::new(lo.x.min(p.x), lo.y.min(p.y)), Point::new(hi.x.max(p.x), hi.y.max(p.y))),
    );
    let spacing = ((hi.x - lo.x) * (hi.y - lo.y) / n as f64).sqrt();
    let cell = FIRST_REACH * spacing;
    // The grid spans `[0, hi]`: points far from the origin would make it
    // mostly empty cells (points left of or below it land in the first
    // cells, still found, just crowded).
    if n < 2 || !(cell > 0.0 && cell.is_finite()) || (hi.x / cell + 1.0) * (hi.y / cell + 1.0) > 4.0 * n as f64 {
        return None;
    }
    let grid = PointGrid::new(points, hi.x, hi.y, cell);
    let mut sets = UnionFind::new(n);
    let mut tree = Vec::with_capacity(n - 1);
    // Each point's component, the largest one's label, and who looks.
    let mut component: Vec<u32> = (0..n as u32).collect();
    let mut largest = u32::MAX;
    let mut seekers: Vec<u32> = (0..n as u32).collect();
    for phase in 0..PHASES {
        let reach = 1 << phase;
        let r2 = (cell * f64::from(reach)).powi(2);
        let look = |seekers: &[u32]| {
            let mut pairs = Vec::new();
            for &a in seekers {
                let (p, mine) = (points[a as usize], component[a as usize]);
                let ranges = || grid.ranges_around(p, reach as usize);
                if ranges().map(|r| r.len()).sum::<usize>() > MOST_SCANNED {
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
        tree.extend(pairs.into_iter().filter(|&(_, a, b)| sets.union(a, b)).map(|(_, a, b)| [a, b]));
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
    None
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

    /// Prim's algorithm over every allowed pair: the O(n²) reference.
    fn prim_weight(points: &[Point], blocked: &[bool]) -> f64 {
        let n = points.len();
        let mut best = vec![f64::INFINITY; n];
        let mut done = vec![false; n];
        best[0] = 0.0;
        let mut total = 0.0;
        for _ in 0..n {
            let v = (0..n).filter(|&i| !done[i]).min_by(|&a, &b| best[a].total_cmp(&best[b])).unwrap();
            done[v] = true;
            total += best[v];
            for w in 0..n {
                if !(done[w] || blocked[v] && blocked[w]) {
                    best[w] = best[w].min(points[v].dist(points[w]));
                }
            }
        }
        total
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
            let (tree, took) = phased_emst(&points, &blocked).expect("an even board");
            assert!(tree == whole && took == phases, "{took} phases, not {phases}");
        }
    }

    #[test]
    fn a_gap_wider_than_the_last_phase_falls_back_to_the_triangulation() {
        let mut rng = Rng::new(13, 13);
        let (points, blocked) = board(200, 140, 90..112, &mut rng);
        assert_eq!(phased_emst(&points, &blocked), None);
        let tree = constrained_emst(&points, &blocked);
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
        assert_eq!(phased_emst(&points, &blocked), None);
        assert_eq!(constrained_emst(&points, &blocked), triangulated(&points, &blocked));
    }

    #[test]
    fn points_far_from_the_origin_fall_back_to_the_triangulation() {
        let mut rng = Rng::new(15, 15);
        let (mut points, blocked) = board(60, 40, 0..0, &mut rng);
        assert!(phased_emst(&points, &blocked).is_some());
        for p in &mut points {
            *p = Point::new(p.x + 1e5, p.y + 1e5);
        }
        assert_eq!(phased_emst(&points, &blocked), None);
        assert_eq!(constrained_emst(&points, &blocked), triangulated(&points, &blocked));
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
            let tree = constrained_emst(&points, &blocked);
            assert_eq!(tree.len(), points.len() - 1, "case {case}");
            assert!(tree.iter().all(|&[a, b]| !(blocked[a as usize] && blocked[b as usize])));
            let weight: f64 = tree.iter().map(|&[a, b]| points[a as usize].dist(points[b as usize])).sum();
            let reference = prim_weight(&points, &blocked);
            assert!((weight - reference).abs() < 1e-9, "case {case}: {weight} vs {reference}");
        }
    }
}
