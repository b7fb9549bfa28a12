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
//! # Candidates
//!
//! Most point sets are spread about evenly: then Kruskal's algorithm runs over
//! the allowed pairs within a radius found through a grid, a radius that
//! doubles until the tree spans (`phased`); that is exact for any
//! rule of forbidden pairs. Points too uneven for that (wide gaps, crowded
//! cells) take the Delaunay triangulation when only the border rule applies
//! (`delaunay`).
//!
//! With a clearance the triangulation is no longer a superset: the witness
//! pairs of its argument (`delaunay`) may themselves be forbidden, and the tree then needs
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
//!
//! `grid_prim` is another tree, not an exact one: the original universe
//! generator's, Prim's algorithm with its search through a grid of cells.

use crate::geom::Point;

mod delaunay;
mod grid_prim;
mod phased;

use delaunay::{candidate_edges, kruskal};
pub use grid_prim::grid_prim;
use phased::{Reach, phased_emst};

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

#[cfg(test)]
mod tests;
