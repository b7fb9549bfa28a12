//! Tiny nodes (the tiny_nodes expansion), on the middle of edges between two
//! nodes off the paper's border.
//!
//! The nodes are walked in a random order; for each edge of a node to a
//! node not yet walked, a tiny node goes on its midpoint while both ends
//! hold fewer than `max_tiny_per_node`, where the midpoint is farther than
//! [`NODE_ROOM`] from every node (its edge's own too: the edge is longer
//! than twice that) and than [`CLEAR`] from every other edge: room to be
//! drawn on its edge, seen between its nodes, touching no other. Types are drawn by weight; each points
//! one way along its edge, at random.

use super::areas::Faces;
use super::expeditions::draw;
use super::tiny_node_types;
use crate::geom::{Point, segment_dist2};
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

/// The tiny nodes of a board, at most `cap` per node.
pub fn place(board: &Edges<'_>, cap: u32, rng: &mut Rng) -> Vec<TinyNode> {
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
    for &v in &order {
        walked[v as usize] = true;
        for &e in &incident[v as usize] {
            let [a, b] = edges[e as usize];
            let u = if a == v { b } else { a };
            let (vi, ui) = (v as usize, u as usize);
            if walked[ui] || on_border[vi] || on_border[ui] || held[vi] >= cap || held[ui] >= cap {
                continue;
            }
            let (p, q) = (points[vi], points[ui]);
            let mid = Point::new((p.x + q.x) / 2.0, (p.y + q.y) / 2.0);
            let crowded = || grid.within(points, mid, NODE_ROOM).next().is_some();
            if crowded() || !clear(mid, e, board) {
                continue;
            }
            held[vi] += 1;
            held[ui] += 1;
            let (from, to) = if rng.chance(0.5) { (v, u) } else { (u, v) };
            placed.push(TinyNode {
                name: draw(tiny_node_types(), rng),
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
