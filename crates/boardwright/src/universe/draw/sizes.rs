//! How large each kind of node is drawn: one size for all the regular nodes
//! of a board (a bigger circle would read as special), one for the missions
//! and one for the centre, each the largest the whole board allows.
//!
//! What limits a node of outline size `r` (see [`Outline`]):
//! - alone: everything drawn for it stays within a part of a grid unit
//!   ([`REACH`](super::REACH), the centre [`CENTER_REACH`]), inside the board's edge
//!   line with room to spare, clear of every edge it is not on, and of its
//!   own edges' pieces past the first where they bend across a seam (an
//!   edge counts what the node draws on its side, [`Outline::extent`]: a
//!   dot facing away never shrinks the node);
//! - with an edge's other end: the two outlines leave at least
//!   [`EDGE_SHOWN`] of the edge's line between them (dots never lie on an
//!   edge, so the outlines alone hide it), and the length of the tiny node
//!   on it, if any, more;
//! - with a tiny node: the two never meet;
//! - with a node near it: the two never meet, dots included.
//!
//! A tiny node lies along its edge, as long as the room the nodes leave it
//! ([`Tiny::new`]); where that is less than [`TINY_LEAST`], the nodes are
//! sized again leaving every edge that holds one that much more line.
//!
//! The regular size is the largest every node meets at one common size;
//! the missions then grow into what that leaves them, and the centre into
//! what the missions leave. Each is at least the regular size, so the centre
//! and the missions stand out. Neighbourhoods come from a bucket grid of the
//! page, never all pairs.

use super::frame::{Frame, Stretch};
use super::outline::Outline;
use super::{Area, CENTER_REACH, CLEARANCE, EDGE_GAP, EDGE_SHOWN, EDGE_WIDTH, MISSION_REACH, Path};
use crate::geom::{Point, segment_dist2};
use crate::universe::{Board, Node, NodeKind};

/// The smallest outline drawn, millimetres, however crowded the board.
const SMALLEST: f64 = 0.02;

/// The outline size of each kind of node, millimetres, and how far each
/// node's drawing reaches.
pub(super) struct Sizes {
    regular: f64,
    mission: f64,
    center: f64,
    /// Each node's reach as a part of its outline's size.
    reach: Vec<f64>,
}

/// A tiny node's longest length along its edge, millimetres.
const TINY_MOST: f64 = 2.6;
/// A tiny node's longest length, as a part of a grid unit.
const TINY_SHARE: f64 = 0.12;
/// The shortest tiny node drawn, millimetres, however crowded the board.
const TINY_LEAST: f64 = 0.6;
/// How far a tiny node reaches from its middle, as a part of its length
/// (the corners of its box, `√(0.5² + 0.4²)`, rounded up).
pub(super) const TINY_REACH: f64 = 0.641;
/// Two nodes `a` and `b` whose outline sizes times `xa` and `xb` add up
/// to at most `budget` millimetres.
struct Pair {
    a: usize,
    b: usize,
    budget: f64,
    xa: f64,
    xb: f64,
}

impl Sizes {
    /// The sizes for `board` drawn with its nodes at `at` (millimetres),
    /// `unit` millimetres to a grid unit, inside `area`.
    /// The nodes and edges are bucketed in `buckets` (cells of
    /// [`Buckets::cell_for`] `unit`); the tiny nodes are `tiny`.
    pub(super) fn new(board: &Board, at: &[(f64, f64)], paths: &[Path], unit: f64, area: &Area, buckets: &Buckets, tiny: &Tiny) -> Sizes {
        let kinds: Vec<NodeKind> = board.nodes.iter().map(|n| n.kind).collect();
        let reach: Vec<f64> = board.nodes.iter().map(|n| Outline(n.kind).reach(&n.dots)).collect();
        let mut cap = alone(board, at, paths, unit, area, buckets, &reach);
        for (k, &t) in tiny.at.iter().enumerate() {
            for i in buckets.nodes_near(t).map(|i| i as usize) {
                cap[i] = cap[i].min((point(t).dist(point(at[i])) - tiny.reach(k) - CLEARANCE) / reach[i]);
            }
        }
        let mut pairs: Vec<Pair> = Vec::with_capacity(board.edges.len() + at.len() * 3);
        for (e, &[a, b]) in board.edges.iter().enumerate() {
            let (a, b) = (a as usize, b as usize);
            let path = &paths[e];
            // The edge leaves each node along its first (last) piece.
            let unit_vector = |p: (f64, f64), q: (f64, f64)| {
                let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                let d = (dx * dx + dy * dy).sqrt().max(1e-9);
                (dx / d, dy / d)
            };
            let d = if path.len() == 2 {
                let (dx, dy) = (at[b].0 - at[a].0, at[b].1 - at[a].1);
                (dx * dx + dy * dy).sqrt().max(1e-9)
            } else {
                path_length(path)
            };
            let (first, last) = (
                unit_vector(path[0], path[1]),
                unit_vector(path[path.len() - 1], path[path.len() - 2]),
            );
            if path.len() > 2 {
                // Bent across a seam: each node's drawing keeps clear of
                // its edge's pieces past the first.
                let n = path.len();
                cap[a] = cap[a].min(clear_of(&board.nodes[a], path[0], &path[1..]));
                cap[b] = cap[b].min(clear_of(&board.nodes[b], path[n - 1], &path[..n - 1]));
            }
            let tiny_length = tiny.on_edge[e];
            pairs.push(Pair {
                a,
                b,
                budget: d - EDGE_SHOWN - tiny_length,
                xa: Outline(kinds[a]).along(first),
                xb: Outline(kinds[b]).along(last),
            });
        }
        for (a, &p) in at.iter().enumerate() {
            for b in buckets.nodes_near(p).map(|b| b as usize).filter(|&b| b > a) {
                pairs.push(Pair {
                    a,
                    b,
                    budget: point(p).dist(point(at[b])) - CLEARANCE,
                    xa: reach[a],
                    xb: reach[b],
                });
            }
        }
        // One size for all.
        let common = pairs
            .iter()
            .map(|p| p.budget / (p.xa + p.xb))
            .chain(cap.iter().copied())
            .fold(f64::INFINITY, f64::min);
        let regular = if common.is_finite() { common.max(SMALLEST) } else { SMALLEST };
        // Then the missions, then the centre, each growing into what the
        // sizes already fixed leave it.
        let grow = |kind: NodeKind, fixed: &dyn Fn(NodeKind) -> f64| {
            let own = pairs.iter().filter_map(|p| match (kinds[p.a] == kind, kinds[p.b] == kind) {
                (true, true) => Some(p.budget / (p.xa + p.xb)),
                (true, false) => Some((p.budget - fixed(kinds[p.b]) * p.xb) / p.xa),
                (false, true) => Some((p.budget - fixed(kinds[p.a]) * p.xa) / p.xb),
                (false, false) => None,
            });
            let alone = (0..at.len()).filter(|&i| kinds[i] == kind).map(|i| cap[i]);
            let size = own.chain(alone).fold(f64::INFINITY, f64::min);
            if size.is_finite() { size.max(regular) } else { regular }
        };
        let mission = grow(NodeKind::Mission, &|_| regular);
        let center = grow(NodeKind::Center, &|kind| if kind == NodeKind::Mission { mission } else { regular });
        Sizes {
            regular,
            mission,
            center,
            reach,
        }
    }

    /// How far everything drawn for `node` reaches from its centre,
    /// millimetres.
    pub(super) fn reach(&self, node: &Node) -> f64 {
        self.reach[node.id as usize] * self.of(node.kind)
    }

    /// The outline size of a node of `kind`, millimetres.
    pub(super) fn of(&self, kind: NodeKind) -> f64 {
        match kind {
            NodeKind::Regular => self.regular,
            NodeKind::Mission => self.mission,
            NodeKind::Center => self.center,
        }
    }
}

/// The largest outline size each node may have on its own: its drawing
/// (reaching `reach` times the size) within its kind's most and inside the
/// board's edge line; and clear of every edge it is not on, measured along
/// the line from the node to the edge's nearest point (so that a close edge
/// limits the node by the outline and the dots on its side, not by a dot
/// facing away, [`Outline::extent`]).
fn alone(board: &Board, at: &[(f64, f64)], paths: &[Path], unit: f64, area: &Area, buckets: &Buckets, reach: &[f64]) -> Vec<f64> {
    let mut cap: Vec<f64> = board
        .nodes
        .iter()
        .zip(at)
        .zip(reach)
        .map(|((node, &(x, y)), &reach)| {
            let most = super::node_most(node.kind) * unit;
            let inside = (x - area.x0).min(area.x1 - x).min(y - area.y0).min(area.y1 - y) - EDGE_GAP;
            most.min(inside) / reach
        })
        .collect();
    for (i, &p) in at.iter().enumerate() {
        for e in buckets.edges_near(p) {
            let [a, b] = board.edges[e as usize];
            if a as usize != i && b as usize != i {
                cap[i] = cap[i].min(clear_of(&board.nodes[i], p, &paths[e as usize]));
            }
        }
    }
    cap
}

/// The largest outline size at which `node`, drawn at `p`, keeps clear of
/// the line along `path`: for each of its pieces, measured along the line
/// from `p` to the piece's nearest point, the node's extent that way
/// ([`Outline::extent`]) and the line's half width kept apart.
pub(super) fn clear_of(node: &Node, p: (f64, f64), path: &[(f64, f64)]) -> f64 {
    path.windows(2).fold(f64::INFINITY, |cap, piece| {
        let q = nearest(p, piece[0], piece[1]);
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let d = dx.hypot(dy);
        if d <= 0.0 {
            return 0.0;
        }
        let extent = Outline(node.kind).extent(&node.dots, (dx / d, dy / d));
        cap.min((d - EDGE_WIDTH / 2.0 - CLEARANCE) / extent)
    })
}

/// The point of the segment from `a` to `b` nearest `p`.
fn nearest(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return a;
    }
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
    (a.0 + t * dx, a.1 + t * dy)
}

/// How far `p` is from `path`, millimetres.
pub(super) fn path_distance(p: (f64, f64), path: &[(f64, f64)]) -> f64 {
    path.windows(2)
        .map(|w| segment_dist2(point(p), point(w[0]), point(w[1])))
        .fold(f64::INFINITY, f64::min)
        .sqrt()
}

/// The tiny nodes of a page: where each is, how long, and which edges hold
/// one.
pub(super) struct Tiny {
    /// Each tiny node's middle, millimetres.
    pub at: Vec<(f64, f64)>,
    /// Each tiny node's direction, from its `from` node towards its `to`.
    pub along: Vec<(f64, f64)>,
    /// Each tiny node's length along its edge, millimetres.
    pub length: Vec<f64>,
    /// The length of the tiny node each edge (by index) holds, 0 for none.
    pub on_edge: Vec<f64>,
    /// Whether a tiny node found less room than [`TINY_LEAST`]: the nodes
    /// are then sized again, leaving it that.
    pub forced: bool,
}

impl Tiny {
    /// No tiny nodes, on a board of `edges` edges: what the nodes are sized
    /// against first.
    pub(super) fn none(edges: usize) -> Tiny {
        Tiny {
            at: Vec::new(),
            along: Vec::new(),
            length: Vec::new(),
            on_edge: vec![0.0; edges],
            forced: false,
        }
    }

    /// The tiny nodes of `board` drawn with its nodes at `at` and of
    /// `sizes`, `unit` millimetres to a grid unit: each as long as
    /// [`TINY_MOST`] and [`TINY_SHARE`] allow, and no longer than leaves its
    /// edge [`EDGE_SHOWN`] of line and keeps it clear of every node and
    /// every other edge; but at least [`TINY_LEAST`] long, which some nodes
    /// may then have to shrink for ([`Tiny::forced`]).
    pub(super) fn new(board: &Board, at: &[(f64, f64)], paths: &[Path], frame: &Frame, buckets: &Buckets, sizes: &Sizes) -> Tiny {
        let reach = |v: u32| sizes.reach(&board.nodes[v as usize]);
        let unit = frame.unit;
        let mut tiny = Tiny::none(board.edges.len());
        for t in &board.tiny_nodes {
            let e = t.edge as usize;
            let [a, b] = board.edges[e];
            let (p, q) = (at[a as usize], at[b as usize]);
            let path = &paths[e];
            // How long the tiny node may be along its edge: on a straight
            // edge what the nodes leave of it less the line kept shown; on
            // one bent across a seam, its longest stretch clear of the
            // seams and of its nodes, placed at that stretch's middle.
            let (mid, along, room) = match path.len() {
                2 => {
                    let (from, to) = (at[t.from as usize], at[t.to as usize]);
                    let d = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2)).sqrt().max(1e-9);
                    let along = ((to.0 - from.0) / d, (to.1 - from.1) / d);
                    (((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0), along, d - EDGE_SHOWN - reach(a) - reach(b))
                }
                n => {
                    let ends = (reach(a), reach(b));
                    let margin = TINY_REACH * TINY_MOST;
                    let s = frame.clear_stretch(path, ends, margin).unwrap_or_else(|| {
                        // No stretch is clear: the bend in the middle, along its piece.
                        let (u, v) = (path[n / 2 - 1], path[n / 2]);
                        let d = point(u).dist(point(v)).max(1e-9);
                        Stretch {
                            mid: v,
                            along: ((v.0 - u.0) / d, (v.1 - u.1) / d),
                            length: 0.0,
                        }
                    });
                    let along = if t.from == a { s.along } else { (-s.along.0, -s.along.1) };
                    (s.mid, along, s.length)
                }
            };
            let mut length = TINY_MOST.min(TINY_SHARE * unit).min(room);
            for other in buckets.edges_near(mid).filter(|&o| o as usize != e) {
                let gap = path_distance(mid, &paths[other as usize]);
                length = length.min((gap - EDGE_WIDTH / 2.0 - CLEARANCE) / TINY_REACH);
            }
            for v in buckets.nodes_near(mid) {
                let gap = point(mid).dist(point(at[v as usize]));
                length = length.min((gap - reach(v) - CLEARANCE) / TINY_REACH);
            }
            if length < TINY_LEAST {
                tiny.forced = true;
                length = TINY_LEAST;
            }
            tiny.on_edge[e] = length;
            tiny.at.push(mid);
            tiny.along.push(along);
            tiny.length.push(length);
        }
        tiny
    }

    /// How far tiny node `k` reaches from its middle, millimetres.
    pub(super) fn reach(&self, k: usize) -> f64 {
        TINY_REACH * self.length[k]
    }

    /// How far the largest tiny node reaches, millimetres (0 for none).
    pub(super) fn widest(&self) -> f64 {
        self.length.iter().fold(0.0, |most: f64, &l| most.max(TINY_REACH * l))
    }
}

/// The length of `path`, millimetres.
fn path_length(path: &[(f64, f64)]) -> f64 {
    path.windows(2).map(|w| point(w[0]).dist(point(w[1]))).sum()
}

/// A page position as a point, for `geom`'s distances.
fn point((x, y): (f64, f64)) -> Point {
    Point::new(x, y)
}

/// Nodes and edges bucketed by square cells of the page: a node's cell, and
/// an edge's every cell its bounding box meets.
pub(super) struct Buckets {
    cell: f64,
    cols: usize,
    rows: usize,
    nodes: Vec<Vec<u32>>,
    edges: Vec<Vec<u32>>,
}

impl Buckets {
    /// The side of the cells for a page of `unit` millimetres to a grid
    /// unit: a node's widest reach twice, and the room between.
    pub(super) fn cell_for(unit: f64) -> f64 {
        2.0 * CENTER_REACH.max(MISSION_REACH) * unit + CLEARANCE
    }

    pub(super) fn new(at: &[(f64, f64)], paths: &[Path], cell: f64) -> Buckets {
        let max_x = at.iter().map(|p| p.0).fold(0.0, f64::max);
        let max_y = at.iter().map(|p| p.1).fold(0.0, f64::max);
        let (cols, rows) = ((max_x / cell) as usize + 1, (max_y / cell) as usize + 1);
        let mut b = Buckets {
            cell,
            cols,
            rows,
            nodes: vec![Vec::new(); cols * rows],
            edges: vec![Vec::new(); cols * rows],
        };
        for (i, &p) in at.iter().enumerate() {
            let (c, r) = b.cell_of(p);
            b.nodes[r * cols + c].push(i as u32);
        }
        for (e, path) in paths.iter().enumerate() {
            for w in path.windows(2) {
                let (p, q) = (w[0], w[1]);
                let (c0, r0) = b.cell_of((p.0.min(q.0), p.1.min(q.1)));
                let (c1, r1) = b.cell_of((p.0.max(q.0), p.1.max(q.1)));
                for r in r0..=r1 {
                    for c in c0..=c1 {
                        b.edges[r * cols + c].push(e as u32);
                    }
                }
            }
        }
        b
    }

    fn cell_of(&self, p: (f64, f64)) -> (usize, usize) {
        let c = ((p.0 / self.cell).max(0.0) as usize).min(self.cols - 1);
        let r = ((p.1 / self.cell).max(0.0) as usize).min(self.rows - 1);
        (c, r)
    }

    /// The cells around `p`'s (3 × 3).
    fn around(&self, p: (f64, f64)) -> impl Iterator<Item = usize> + '_ {
        let (c, r) = self.cell_of(p);
        (r.saturating_sub(1)..=(r + 1).min(self.rows - 1))
            .flat_map(move |r| (c.saturating_sub(1)..=(c + 1).min(self.cols - 1)).map(move |c| r * self.cols + c))
    }

    /// Nodes within one cell's side of `p` (and some farther).
    pub(super) fn nodes_near(&self, p: (f64, f64)) -> impl Iterator<Item = u32> + '_ {
        self.around(p).flat_map(|i| self.nodes[i].iter().copied())
    }

    /// Edges passing within one cell's side of `p` (and some farther; an
    /// edge may come more than once).
    pub(super) fn edges_near(&self, p: (f64, f64)) -> impl Iterator<Item = u32> + '_ {
        self.around(p).flat_map(|i| self.edges[i].iter().copied())
    }
}
