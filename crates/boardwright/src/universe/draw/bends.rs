//! Edges bent round a node they pass too close to. Every regular node of a
//! board is drawn at one size, so an edge passing very near a node it is
//! not on would shrink them all (and a board of the original's edges, which
//! may pass a hair from a node, would be refused on any paper). Instead,
//! where an edge passes nearer a node than the node drawn at the size the
//! board allows without such edges needs, the edge is bent away from the
//! node at its nearest point, just far enough: a bend that would cross
//! another edge is not made, and what the bent edge passes near then limits
//! the sizes as any edge does ([`super::sizes`]).

use super::sizes::{Buckets, Sizes, clear_of};
use super::{EDGE_WIDTH, Path};
use crate::geom::{Point, segments_cross};
use crate::universe::Board;

/// Each try moves the bend this much farther out.
const FARTHER: f64 = 1.05;
/// The most tries for one bend.
const TRIES: u32 = 40;

/// `paths` (the edges' lines on the page, nodes at `at`) with each edge that
/// passes nearer a node than `goal`'s size for the node allows bent round
/// it; `buckets` hold the unbent paths.
pub(super) fn bent(board: &Board, at: &[(f64, f64)], mut paths: Vec<Path>, buckets: &Buckets, goal: &Sizes) -> Vec<Path> {
    for (i, node) in board.nodes.iter().enumerate() {
        let p = at[i];
        let size = goal.of(node.kind);
        let mut near: Vec<u32> = buckets.edges_near(p).collect();
        near.sort_unstable();
        near.dedup();
        for e in near {
            let e = e as usize;
            if board.edges[e].contains(&(i as u32)) || clear_of(node, p, &paths[e]) >= size {
                continue;
            }
            // The piece passing nearest, and its nearest point.
            let Some((k, q)) = nearest_piece(p, &paths[e]) else { continue };
            // Away from the node; across the piece when it runs through the
            // node's centre (three nodes in a line, the original's edges).
            let (dx, dy) = (q.0 - p.0, q.1 - p.1);
            let d = dx.hypot(dy);
            let (ux, uy) = if d > 0.0 {
                (dx / d, dy / d)
            } else {
                let (a, b) = (paths[e][k], paths[e][k + 1]);
                let length = (b.0 - a.0).hypot(b.1 - a.1);
                (-(b.1 - a.1) / length, (b.0 - a.0) / length)
            };
            let mut out = d.max(EDGE_WIDTH);
            for _ in 0..TRIES {
                out *= FARTHER;
                let bend = (p.0 + ux * out, p.1 + uy * out);
                let mut path = paths[e].clone();
                path.insert(k + 1, bend);
                if clear_of(node, p, &path) < size {
                    continue;
                }
                if !crosses(board, e, &path[k..k + 3], &paths, buckets, bend) {
                    paths[e] = path;
                }
                break;
            }
        }
    }
    paths
}

/// The piece of `path` nearest `p` (its index) and its point nearest `p`,
/// when that point lies inside the piece, not at an end.
fn nearest_piece(p: (f64, f64), path: &[(f64, f64)]) -> Option<(usize, (f64, f64))> {
    let mut best: Option<(f64, usize, (f64, f64))> = None;
    for (k, w) in path.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        if len2 == 0.0 {
            continue;
        }
        let t = ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2;
        let q = (a.0 + t.clamp(0.0, 1.0) * dx, a.1 + t.clamp(0.0, 1.0) * dy);
        let d = (q.0 - p.0).hypot(q.1 - p.1);
        if best.is_none_or(|(bd, _, _)| d < bd) {
            best = Some((d, k, if t > 0.0 && t < 1.0 { q } else { (f64::NAN, f64::NAN) }));
        }
    }
    best.filter(|(_, _, q)| q.0.is_finite()).map(|(_, k, q)| (k, q))
}

/// Whether the two pieces of `pieces` (three points: before, the bend,
/// after) of edge `e` cross another edge's line near `bend`.
fn crosses(board: &Board, e: usize, pieces: &[(f64, f64)], paths: &[Path], buckets: &Buckets, bend: (f64, f64)) -> bool {
    let point = |(x, y): (f64, f64)| Point::new(x, y);
    let [a, b] = board.edges[e];
    buckets
        .edges_near(bend)
        .chain(buckets.edges_near(pieces[0]))
        .chain(buckets.edges_near(pieces[2]))
        .map(|f| f as usize)
        .filter(|&f| f != e && !board.edges[f].iter().any(|n| *n == a || *n == b))
        .any(|f| {
            pieces.windows(2).any(|w| {
                paths[f]
                    .windows(2)
                    .any(|v| segments_cross(point(w[0]), point(w[1]), point(v[0]), point(v[1])))
            })
        })
}
