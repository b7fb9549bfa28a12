//! Steps 2–3: the minimum spanning tree, the centre hub and the capped fill,
//! with every new edge kept planar and clear of other nodes.
//!
//! The tree is the exact Euclidean MST over the allowed pairs (no edge joins
//! two border points; see [`crate::mst`]). Then the centre joins every node
//! within √2, and one pass over the points adds, for each interior point with
//! fewer than `max_connections` edges, an edge to its nearest unconnected
//! interior point within 2 units that is under the cap too.
//!
//! With `planar` on, an edge is only added when it crosses no edge and passes
//! no node closer than `clearance`; the tree itself cannot be changed, so a tree
//! that breaks the rule fails the attempt.

use crate::geom::{Point, segment_dist2, segments_cross};
use crate::graph::Graph;
use crate::grid::PointGrid;
use crate::mst::constrained_emst;

/// Radius of the centre hub.
const HUB_RADIUS: f64 = std::f64::consts::SQRT_2;
/// Radius in which the fill looks for a partner.
const FILL_RADIUS: f64 = 2.0;

/// What the edge stage needs to know.
pub struct EdgeInput<'a> {
    /// Node positions.
    pub points: &'a [Point],
    /// Which nodes lie on the paper's border.
    pub on_border: &'a [bool],
    /// The centre node.
    pub center: u32,
    /// The fill's degree cap.
    pub max_connections: usize,
    /// Clearance to enforce, or `None` to allow crossings (the original's way).
    pub clearance: Option<f64>,
    /// Paper size.
    pub size: (f64, f64),
}

/// The edge stage's result.
pub struct Edges {
    /// All edges.
    pub graph: Graph,
    /// How many of them (the first ones) form the spanning tree.
    pub tree_edges: usize,
}

/// Builds the edges, or says why this layout cannot have them.
pub fn build(input: &EdgeInput<'_>) -> Result<Edges, String> {
    let points = input.points;
    let n = points.len();
    let tree = constrained_emst(points, input.on_border);
    if tree.len() + 1 != n {
        return Err("the points cannot all be joined without linking two border points".into());
    }
    let mut graph = Graph::new(n);
    let grid = PointGrid::new(points, input.size.0, input.size.1, 1.0);
    let mut guard = input.clearance.map(|c| Guard::new(points, &grid, input.size, c));
    for &[a, b] in &tree {
        graph.connect(a, b);
        if let Some(g) = guard.as_mut() {
            g.insert(a, b);
        }
    }
    if let Some(g) = &guard {
        for &[a, b] in &tree {
            if !g.allows(a, b) {
                return Err(format!("the spanning tree edge {a}–{b} crosses an edge or passes too close to a node"));
            }
        }
    }
    let mut add = |graph: &mut Graph, a: u32, b: u32| -> bool {
        match guard.as_mut() {
            Some(g) if !g.allows(a, b) => false,
            Some(g) => {
                g.insert(a, b);
                graph.connect(a, b);
                true
            }
            None => {
                graph.connect(a, b);
                true
            }
        }
    };
    let center = input.center;
    for v in nearest_first(&grid, points, points[center as usize], HUB_RADIUS) {
        if v != center && !graph.has_edge(center, v) && !(input.on_border[v as usize] && input.on_border[center as usize]) {
            add(&mut graph, center, v);
        }
    }
    let cap = input.max_connections;
    for p in 0..n as u32 {
        if input.on_border[p as usize] || graph.degree(p) >= cap {
            continue;
        }
        for q in nearest_first(&grid, points, points[p as usize], FILL_RADIUS) {
            let eligible = q != p && !input.on_border[q as usize] && graph.degree(q) < cap && !graph.has_edge(p, q);
            if eligible && add(&mut graph, p, q) {
                break;
            }
        }
    }
    Ok(Edges {
        graph,
        tree_edges: tree.len(),
    })
}

/// Points within `radius` of `at`, nearest first, ties by id.
fn nearest_first(grid: &PointGrid, points: &[Point], at: Point, radius: f64) -> Vec<u32> {
    let mut found: Vec<u32> = grid.within(points, at, radius).collect();
    found.sort_unstable_by(|&a, &b| points[a as usize].dist2(at).total_cmp(&points[b as usize].dist2(at)).then(a.cmp(&b)));
    found
}

/// Edges registered in the unit cells their bounding boxes cover, to test a
/// new edge against its neighbourhood only.
struct Guard<'a> {
    points: &'a [Point],
    nodes: &'a PointGrid,
    clearance: f64,
    cols: usize,
    rows: usize,
    cells: Vec<Vec<[u32; 2]>>,
}

impl<'a> Guard<'a> {
    fn new(points: &'a [Point], nodes: &'a PointGrid, size: (f64, f64), clearance: f64) -> Guard<'a> {
        let cols = size.0.floor() as usize + 1;
        let rows = size.1.floor() as usize + 1;
        Guard {
            points,
            nodes,
            clearance,
            cols,
            rows,
            cells: vec![Vec::new(); cols * rows],
        }
    }

    /// The cells a segment's bounding box, grown by `margin`, covers.
    fn cells_of(&self, a: Point, b: Point, margin: f64) -> impl Iterator<Item = usize> + use<> {
        let cell = |v: f64, max: usize| (v.floor().max(0.0) as usize).min(max - 1);
        let (x0, x1) = (cell(a.x.min(b.x) - margin, self.cols), cell(a.x.max(b.x) + margin, self.cols));
        let (y0, y1) = (cell(a.y.min(b.y) - margin, self.rows), cell(a.y.max(b.y) + margin, self.rows));
        let rows = self.rows;
        (x0..=x1).flat_map(move |x| (y0..=y1).map(move |y| x * rows + y))
    }

    fn insert(&mut self, a: u32, b: u32) {
        let (pa, pb) = (self.points[a as usize], self.points[b as usize]);
        for c in self.cells_of(pa, pb, 0.0) {
            self.cells[c].push([a, b]);
        }
    }

    /// Whether `a–b` crosses no registered edge and keeps `clearance` from
    /// every node but its ends.
    fn allows(&self, a: u32, b: u32) -> bool {
        let (pa, pb) = (self.points[a as usize], self.points[b as usize]);
        let c2 = self.clearance * self.clearance;
        let mid = Point::new((pa.x + pb.x) / 2.0, (pa.y + pb.y) / 2.0);
        let reach = (pa.dist(pb) / 2.0 + self.clearance).ceil() as usize;
        let near_node = self.nodes.around(mid, reach).any(|w| w != a && w != b && segment_dist2(self.points[w as usize], pa, pb) < c2);
        if near_node {
            return false;
        }
        !self.cells_of(pa, pb, 0.0).any(|c| {
            self.cells[c].iter().any(|&[u, v]| {
                u != a && u != b && v != a && v != b && segments_cross(pa, pb, self.points[u as usize], self.points[v as usize])
            })
        })
    }
}

/// Pairs of edges that cross, and (edge, node) pairs closer than `clearance`
/// where the node is not an end of the edge: an independent check of the
/// finished board, through a grid of its own.
pub fn violations(points: &[Point], edges: &[[u32; 2]], size: (f64, f64), clearance: f64) -> (u32, u32) {
    let grid = PointGrid::new(points, size.0, size.1, 1.0);
    let mut index = Guard::new(points, &grid, size, clearance);
    for &[a, b] in edges {
        index.insert(a, b);
    }
    let mut crossings = 0;
    let mut too_close = 0;
    let c2 = clearance * clearance;
    for &[a, b] in edges {
        let (pa, pb) = (points[a as usize], points[b as usize]);
        let mut others: Vec<[u32; 2]> = index.cells_of(pa, pb, 0.0).flat_map(|c| index.cells[c].iter().copied()).collect();
        others.sort_unstable();
        others.dedup();
        crossings += others
            .iter()
            .filter(|&&[u, v]| u != a && u != b && v != a && v != b && segments_cross(pa, pb, points[u as usize], points[v as usize]))
            .count() as u32;
        let mid = Point::new((pa.x + pb.x) / 2.0, (pa.y + pb.y) / 2.0);
        let reach = (pa.dist(pb) / 2.0 + clearance).ceil() as usize;
        too_close += grid.around(mid, reach).filter(|&w| w != a && w != b && segment_dist2(points[w as usize], pa, pb) < c2).count() as u32;
    }
    // Each crossing was seen from both of its edges.
    (crossings / 2, too_close)
}
