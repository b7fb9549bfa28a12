//! The Delaunay route: candidates from the triangulation, a superset of the
//! tree's edges when only the border rule applies, for points too uneven
//! for the growing radius; then Kruskal's algorithm over them.
//!
//! * free–free: an edge of the MST is in the relative neighbourhood graph of the
//!   free points (a free point closer to both ends would close a cycle with
//!   two shorter allowed edges), which lies inside their Delaunay triangulation;
//! * blocked–free: by the same argument with free witnesses only, `e–i` is a
//!   Delaunay edge of the free points plus `e` alone. Those are the ends of the
//!   free hull's edges visible from `e` and the corners of the triangles whose
//!   circumcircle holds `e` (the Bowyer–Watson cavity), found by a walk from the
//!   hull edge facing `e`.

use delaunator::{EMPTY, next_halfedge, prev_halfedge, triangulate};
use rayon::prelude::*;

use crate::geom::{Point, in_circle, orient, pseudo_angle};
use crate::graph::UnionFind;

/// Kruskal's algorithm over `candidates`, by length and then ids.
pub(super) fn kruskal(points: &[Point], candidates: Vec<[u32; 2]>) -> Vec<[u32; 2]> {
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

/// A superset of the constrained MST's edges (see the module docs).
pub(super) fn candidate_edges(points: &[Point], blocked: &[bool]) -> Vec<[u32; 2]> {
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
