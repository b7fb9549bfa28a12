//! Tiny nodes, on the middle of edges between two nodes off the paper's
//! border.
//!
//! The nodes off the border are walked in a random order, each node's
//! edges by angle; a tiny node goes on the midpoint of each edge to a node
//! off the border not yet walked. The original's rule (Sharp Scissors):
//! every such edge, until the node or the edge's other end holds
//! `max_tiny_per_node`, when the rest of the node's edges are passed over.
//! boardwright's (the tiny_nodes expansion, or `roomy_tiny_nodes`): only
//! where both ends hold fewer than that and the midpoint is farther than
//! [`NODE_ROOM`] from every node (its edge's own too: the edge is longer
//! than twice that) and than [`CLEAR`] from every other edge: room to be
//! drawn on its edge, seen between its nodes, touching no other. Types are
//! drawn by weight; each points one way along its edge, at random.

use super::Piece;
use super::areas::Faces;
use super::expeditions::draw;
use crate::geom::{Point, atan2, normalize_angle, segment_dist2};
use crate::grid::PointGrid;
use crate::seed::Rng;
use crate::universe::TinyNode;

/// Room a tiny node's midpoint keeps from every other edge, grid units.
pub const CLEAR: f64 = 0.15;
/// Room a tiny node's midpoint keeps from every node, grid units.
pub const NODE_ROOM: f64 = 0.5;

/// The board a tiny node is placed on.
pub struct Edges<'a> {
    /// Node positions.
    pub points: &'a [Point],
    /// The edges, as node ids.
    pub edges: &'a [[u32; 2]],
    /// Whether each node is on the paper's border.
    pub on_border: &'a [bool],
    /// The board's areas, for the edges near each midpoint.
    pub faces: &'a Faces,
    /// The paper, grid units.
    pub size: (f64, f64),
}

/// The tiny nodes of a board from `kinds`, at most `cap` per node, only
/// where the middle has room when `roomy`.
pub fn place(board: &Edges<'_>, cap: u32, roomy: bool, kinds: &[&Piece], rng: &mut Rng) -> Vec<TinyNode> {
    let &Edges {
        points, edges, on_border, ..
    } = board;
    let n = points.len();
    let mut incident: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (e, &[a, b]) in edges.iter().enumerate() {
        incident[a as usize].push(e as u32);
        incident[b as usize].push(e as u32);
    }
    let grid = PointGrid::new(points, board.size.0, board.size.1, NODE_ROOM);
    let mut order: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut order);
    let (mut walked, mut held) = (vec![false; n], vec![0u32; n]);
    let mut placed = Vec::new();
    let other = |e: u32, v: u32| {
        let [a, b] = edges[e as usize];
        if a == v { b } else { a }
    };
    for &v in &order {
        let vi = v as usize;
        walked[vi] = true;
        if on_border[vi] {
            continue;
        }
        let p = points[vi];
        let mut around = incident[vi].clone();
        let angle = |e: u32| {
            let q = points[other(e, v) as usize];
            normalize_angle(atan2(q.y - p.y, q.x - p.x))
        };
        around.sort_by(|&a, &b| angle(a).total_cmp(&angle(b)).then(a.cmp(&b)));
        for e in around {
            let u = other(e, v);
            let ui = u as usize;
            if held[vi] >= cap || held[ui] >= cap {
                if roomy {
                    continue;
                }
                break;
            }
            if walked[ui] || on_border[ui] {
                continue;
            }
            let q = points[ui];
            let mid = Point::new((p.x + q.x) / 2.0, (p.y + q.y) / 2.0);
            let crowded = || grid.within(points, mid, NODE_ROOM).next().is_some();
            if roomy && (crowded() || !clear(mid, e, board)) {
                continue;
            }
            held[vi] += 1;
            held[ui] += 1;
            let (from, to) = if rng.chance(0.5) { (v, u) } else { (u, v) };
            placed.push(TinyNode {
                name: draw(kinds, rng),
                edge: e,
                from,
                to,
                x: mid.x,
                y: mid.y,
            });
        }
    }
    placed.sort_by_key(|t| t.edge);
    placed
}

/// Whether `mid`, on edge `e`, is farther than [`CLEAR`] from every other
/// edge. The nearest other edge lies on one of the two areas beside `e` (a
/// line from the midpoint to any edge leaves through their outlines).
fn clear(mid: Point, e: u32, board: &Edges<'_>) -> bool {
    let [a, b] = board.edges[e as usize];
    board.faces.beside[e as usize].iter().all(|&f| {
        let Some(face) = board.faces.faces.get(f as usize) else {
            return true;
        };
        let ring = &face.ring;
        (0..ring.len()).all(|i| {
            let (u, v) = (ring[i], ring[(i + 1) % ring.len()]);
            if (u, v) == (a, b) || (u, v) == (b, a) {
                return true;
            }
            let (p, q) = (board.faces.at(board.points, u), board.faces.at(board.points, v));
            segment_dist2(mid, p, q) > CLEAR * CLEAR
        })
    })
}
