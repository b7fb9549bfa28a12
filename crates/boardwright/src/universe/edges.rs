//! Steps 2–3: the minimum spanning tree, the centre hub and the capped fill,
//! with every new edge kept planar and clear of other nodes.
//!
//! The tree is the exact Euclidean MST over the allowed pairs: no edge joins
//! two border points and, with `planar` on, none passes closer than
//! `clearance` to a node that is not its end (see [`crate::mst`]). Then the
//! centre joins every node within √2, and one pass over the points adds, for
//! each interior point with fewer than `max_connections` edges, an edge to
//! its nearest unconnected interior point within 2 units that is under the
//! cap too.
//!
//! With `planar` on, an edge is only added when it crosses no edge and passes
//! no node closer than `clearance` (see `Guard`). The tree keeps the
//! clearance by construction. [`violations`], run on the tree's edges (the
//! only ones the guard has not vetted), checks that independently, and that
//! no two of them cross (a plain EMST's edges never do; with pairs forbidden
//! no proof says so), and a layout that breaks either is rejected.
//!
//! Two nodes closer than the clearance would leave no planar board (every
//! edge of one passes the other): the layout merges such points before
//! (`merge`), and the fair centre keeps more room than the largest
//! clearance, so no layout that reaches this step has them.
//!
//! With `original_edges` on, `original` builds the original generator's
//! edges instead.

use rayon::prelude::*;

use crate::geom::{Point, segment_dist2, segments_cross};
use crate::graph::Graph;
use crate::grid::{CHUNK, IdChunk, PointGrid};
use crate::mst::constrained_emst;

mod original;

/// Radius of the centre hub.
const HUB_RADIUS: f64 = std::f64::consts::SQRT_2;
/// Radius in which the fill looks for a partner.
const FILL_RADIUS: f64 = 2.0;
/// Chunks of points whose fill partners are listed together, beside the
/// fill of the batch before.
const BATCH: usize = 16;

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
    /// The original's tree, hub and fill instead (see `original`); the
    /// clearance is then not looked at.
    pub original: bool,
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
    if input.original {
        return original::build(input);
    }
    let points = input.points;
    let n = points.len();
    let clearance = input.clearance.unwrap_or(0.0);
    let grid = PointGrid::new(points, input.size.0, input.size.1, 1.0);
    let mut tree = constrained_emst(points, input.on_border, clearance);
    if tree.len() + 1 != n {
        return Err(if clearance > 0.0 {
            format!(
                "the points cannot all be joined without linking two border points or passing closer than {clearance} to a node: {} groups of points stay apart",
                n - tree.len()
            )
        } else {
            "the points cannot all be joined without linking two border points".into()
        });
    }
    // In id order, which (ids follow the layout) visits the board's memory in
    // order rather than at random as the tree's length order would.
    tree.par_sort_unstable();
    let mut graph = Graph::new(n);
    let mut guard = input.clearance.map(|c| Guard::new(points, &grid, input.size, c));
    for &[a, b] in &tree {
        graph.connect(a, b);
        if let Some(g) = guard.as_mut() {
            g.insert(a, b);
        }
    }
    let mut add = |graph: &mut Graph, a: u32, b: u32| -> bool {
        match guard.as_mut() {
            Some(g) if !g.allows(graph, a, b) => false,
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
    // A point's partners are the interior points within the fill radius under
    // the cap, tried nearest first (ties by id). Degrees only grow: points at
    // the cap before the fill, like border points, never take part and are
    // left out of the lists; the cap and existing edges are checked as the
    // fill goes.
    let before: Vec<bool> = (0..n as u32).map(|v| graph.degree(v) < cap).collect();
    let open = |v: u32| before[v as usize] && !input.on_border[v as usize];
    let partners = |c: usize, chunk: &mut IdChunk| {
        chunk.fill(c * CHUNK..n.min((c + 1) * CHUNK), |p, ids| {
            let p = p as u32;
            if open(p) {
                // `for_each` rather than `extend`: it runs the grid's
                // nested loops directly, a fifth faster here.
                grid.within(points, points[p as usize], FILL_RADIUS)
                    .filter(|&q| q != p && open(q))
                    .for_each(|q| ids.push(q));
            }
        });
    };
    let mut found: Vec<(u64, u32)> = Vec::new();
    let fill = |c: usize, chunk: &IdChunk| {
        for k in 0..chunk.len() {
            let p = (c * CHUNK + k) as u32;
            if graph.degree(p) >= cap {
                continue;
            }
            // Nearest first: the first partner or two are all most points try.
            let at = points[p as usize];
            found.clear();
            found.extend(chunk.of(k).iter().map(|&q| (points[q as usize].dist2(at).to_bits(), q)));
            while let Some((i, &(_, q))) = found.iter().enumerate().min_by_key(|&(_, key)| *key) {
                if graph.degree(q) < cap && !graph.has_edge(p, q) && add(&mut graph, p, q) {
                    break;
                }
                found.swap_remove(i);
            }
        }
    };
    in_batches(n.div_ceil(CHUNK), BATCH, partners, fill);
    Ok(Edges {
        graph,
        tree_edges: tree.len(),
    })
}

/// Runs `consume` over chunks `0..chunks` in order, each made by `make` into
/// memory used again: `batch` chunks at a time, made in parallel beside the
/// consuming of the batch before, which then joins in making them.
fn in_batches<T: Default + Send + Sync>(
    chunks: usize,
    batch: usize,
    make: impl Fn(usize, &mut T) + Sync,
    mut consume: impl FnMut(usize, &T) + Send,
) {
    if chunks == 1 {
        // A small board: nothing to do beside it.
        let mut only = T::default();
        make(0, &mut only);
        consume(0, &only);
        return;
    }
    let batches = chunks.div_ceil(batch);
    let make_batch = |b: usize, out: &mut Vec<T>| {
        let range = b * batch..chunks.min((b + 1) * batch);
        out.resize_with(range.len(), T::default);
        out.par_iter_mut().zip(range).for_each(|(chunk, c)| make(c, chunk));
    };
    let (mut ready, mut next) = (Vec::new(), Vec::new());
    make_batch(0, &mut ready);
    for b in 0..batches {
        rayon::join(
            || {
                if b + 1 < batches {
                    make_batch(b + 1, &mut next);
                }
            },
            || {
                for (k, chunk) in ready.iter().enumerate() {
                    consume(b * batch + k, chunk);
                }
            },
        );
        std::mem::swap(&mut ready, &mut next);
    }
}

/// Points within `radius` of `at`, nearest first, ties by id.
fn nearest_first(grid: &PointGrid, points: &[Point], at: Point, radius: f64) -> Vec<u32> {
    let mut found: Vec<u32> = grid.within(points, at, radius).collect();
    found.sort_unstable_by(|&a, &b| {
        points[a as usize]
            .dist2(at)
            .total_cmp(&points[b as usize].dist2(at))
            .then(a.cmp(&b))
    });
    found
}

/// Edges no longer than this are found through the nodes near a new edge;
/// longer ones through a cell index. Most edges are about a unit long: a
/// little above that, the nodes to scan are few and so are the long edges.
const SHORT: f64 = 1.25;

/// Tests a new edge against the board around it.
///
/// If `a–b` crosses an edge `u–v` of length at most [`SHORT`], one of `u`, `v`
/// lies within `SHORT / 2` of the crossing point, hence of `a–b`: scanning the
/// edges of the nodes that close finds every such crossing, with no index of
/// edges to maintain. Long edges are registered in the unit cells their
/// bounding boxes cover: few cells hold any, so each cell keeps only the
/// head of a chain of entries (4 bytes a cell, not an empty list each).
struct Guard<'a> {
    points: &'a [Point],
    nodes: &'a PointGrid,
    clearance: f64,
    cols: usize,
    rows: usize,
    long: Vec<[u32; 2]>,
    /// Per cell, its latest entry in `entries`, or [`NO_ENTRY`].
    cell_head: Vec<u32>,
    /// (long edge, the cell's entry before) for each cell a long edge covers.
    entries: Vec<(u32, u32)>,
}

/// The end of a cell's chain of long edges.
const NO_ENTRY: u32 = u32::MAX;

/// The box holding every point within `margin` of the segment `a–b`.
fn segment_box(a: Point, b: Point, margin: f64) -> (Point, Point) {
    (
        Point::new(a.x.min(b.x) - margin, a.y.min(b.y) - margin),
        Point::new(a.x.max(b.x) + margin, a.y.max(b.y) + margin),
    )
}

/// A segment's bounding box in unit cells: `(x0, x1, y0, y1)`, inclusive
/// (`u32`: the paper has far fewer cells a side, and the board check keeps
/// one box per edge).
type CellBox = (u32, u32, u32, u32);

fn cell_box(a: Point, b: Point, cols: usize, rows: usize) -> CellBox {
    // Coordinates are never negative: `as usize` is `floor`.
    let cell = |v: f64, max: usize| (v as usize).min(max - 1) as u32;
    (
        cell(a.x.min(b.x), cols),
        cell(a.x.max(b.x), cols),
        cell(a.y.min(b.y), rows),
        cell(a.y.max(b.y), rows),
    )
}

fn cells_of((x0, x1, y0, y1): CellBox, rows: usize) -> impl Iterator<Item = usize> {
    (x0 as usize..=x1 as usize).flat_map(move |x| (y0 as usize..=y1 as usize).map(move |y| x * rows + y))
}

/// Whether `a–b` and `u–v`, sharing no end, cross.
fn crosses(points: &[Point], [a, b]: [u32; 2], [u, v]: [u32; 2]) -> bool {
    if u == a || u == b || v == a || v == b {
        return false;
    }
    let (pa, pb, pu, pv) = (points[a as usize], points[b as usize], points[u as usize], points[v as usize]);
    // Disjoint bounding boxes cannot cross: skip the exact test.
    let apart = pa.x.max(pb.x) < pu.x.min(pv.x)
        || pu.x.max(pv.x) < pa.x.min(pb.x)
        || pa.y.max(pb.y) < pu.y.min(pv.y)
        || pu.y.max(pv.y) < pa.y.min(pb.y);
    !apart && segments_cross(pa, pb, pu, pv)
}

impl<'a> Guard<'a> {
    fn new(points: &'a [Point], nodes: &'a PointGrid, size: (f64, f64), clearance: f64) -> Guard<'a> {
        let (cols, rows) = (size.0 as usize + 1, size.1 as usize + 1);
        Guard {
            points,
            nodes,
            clearance,
            cols,
            rows,
            long: Vec::new(),
            cell_head: vec![NO_ENTRY; cols * rows],
            entries: Vec::new(),
        }
    }

    /// Records a new edge (only long ones need recording).
    fn insert(&mut self, a: u32, b: u32) {
        let (pa, pb) = (self.points[a as usize], self.points[b as usize]);
        if pa.dist2(pb) > SHORT * SHORT {
            let id = self.long.len() as u32;
            self.long.push([a, b]);
            for c in cells_of(cell_box(pa, pb, self.cols, self.rows), self.rows) {
                self.entries.push((id, self.cell_head[c]));
                self.cell_head[c] = (self.entries.len() - 1) as u32;
            }
        }
    }

    /// Whether `a–b` crosses no edge of `graph` and keeps the clearance from
    /// every node but its ends.
    fn allows(&self, graph: &Graph, a: u32, b: u32) -> bool {
        let points = self.points;
        let (pa, pb) = (points[a as usize], points[b as usize]);
        let c2 = self.clearance * self.clearance;
        let half = SHORT / 2.0;
        let (lo, hi) = segment_box(pa, pb, self.clearance.max(half));
        for w in self.nodes.in_box(lo, hi) {
            if w == a || w == b {
                continue;
            }
            let d2 = segment_dist2(points[w as usize], pa, pb);
            if d2 < c2 {
                return false;
            }
            if d2 <= half * half
                && graph
                    .neighbors(w)
                    .iter()
                    .any(|&x| points[w as usize].dist2(points[x as usize]) <= SHORT * SHORT && crosses(points, [a, b], [w, x]))
            {
                return false;
            }
        }
        !cells_of(cell_box(pa, pb, self.cols, self.rows), self.rows).any(|c| self.long_in(c).any(|e| crosses(points, [a, b], e)))
    }

    /// The long edges registered in cell `c`, latest first.
    fn long_in(&self, c: usize) -> impl Iterator<Item = [u32; 2]> + '_ {
        let mut at = self.cell_head[c];
        std::iter::from_fn(move || {
            let &(edge, before) = self.entries.get(at as usize)?;
            at = before;
            Some(self.long[edge as usize])
        })
    }
}

/// Pairs of `edges` that cross, and (edge, node) pairs closer than
/// `clearance` where the node is not an end of the edge, found through an
/// index of their own rather than the guard's. Every edge is listed in each
/// unit cell its bounding box covers (one counting sort); pairs are tested
/// cell by cell and counted in the first cell of their common box only.
pub fn violations(points: &[Point], edges: &[[u32; 2]], size: (f64, f64), clearance: f64) -> (u32, u32) {
    let (cols, rows) = (size.0 as usize + 1, size.1 as usize + 1);
    let boxes: Vec<CellBox> = edges
        .iter()
        .map(|&[a, b]| cell_box(points[a as usize], points[b as usize], cols, rows))
        .collect();
    let mut start = vec![0u32; cols * rows + 1];
    for &bx in &boxes {
        for c in cells_of(bx, rows) {
            start[c + 1] += 1;
        }
    }
    for c in 0..cols * rows {
        start[c + 1] += start[c];
    }
    let mut fill = start.clone();
    let mut listed = vec![0u32; start[cols * rows] as usize];
    for (i, &bx) in boxes.iter().enumerate() {
        for c in cells_of(bx, rows) {
            listed[fill[c] as usize] = i as u32;
            fill[c] += 1;
        }
    }
    let crossings = (0..cols * rows)
        .into_par_iter()
        .map(|c| {
            let here = &listed[start[c] as usize..start[c + 1] as usize];
            let mut found = 0;
            for (k, &i) in here.iter().enumerate() {
                for &j in &here[k + 1..] {
                    let (bi, bj) = (boxes[i as usize], boxes[j as usize]);
                    let first = bi.0.max(bj.0) as usize * rows + bi.2.max(bj.2) as usize;
                    if first == c && crosses(points, edges[i as usize], edges[j as usize]) {
                        found += 1;
                    }
                }
            }
            found
        })
        .sum();
    let grid = PointGrid::new(points, size.0, size.1, 1.0);
    let c2 = clearance * clearance;
    let too_close = edges
        .par_iter()
        .map(|&[a, b]| {
            let (pa, pb) = (points[a as usize], points[b as usize]);
            let (lo, hi) = segment_box(pa, pb, clearance);
            grid.in_box(lo, hi)
                .filter(|&w| w != a && w != b && segment_dist2(points[w as usize], pa, pb) < c2)
                .count() as u32
        })
        .sum();
    (crossings, too_close)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Rng;

    /// The guard's answer by brute force: no edge crossed, no other node
    /// closer than the clearance.
    fn allowed(points: &[Point], graph: &Graph, [a, b]: [u32; 2], clearance: f64) -> bool {
        let (pa, pb) = (points[a as usize], points[b as usize]);
        !graph.edges().iter().any(|&e| crosses(points, [a, b], e))
            && (0..points.len() as u32)
                .filter(|&w| w != a && w != b)
                .all(|w| segment_dist2(points[w as usize], pa, pb) >= clearance * clearance)
    }

    #[test]
    fn batches_are_consumed_in_order_each_chunk_once() {
        for (chunks, batch) in [(0, 3), (1, 3), (7, 3), (9, 3), (10, 1), (5, 16)] {
            let mut seen = Vec::new();
            in_batches(
                chunks,
                batch,
                |c, out: &mut Vec<usize>| *out = vec![c; c % 3 + 1],
                |c, got| seen.push((c, got.clone())),
            );
            let want: Vec<(usize, Vec<usize>)> = (0..chunks).map(|c| (c, vec![c; c % 3 + 1])).collect();
            assert_eq!(seen, want, "{chunks} chunks in batches of {batch}");
        }
    }

    #[test]
    fn the_guard_agrees_with_brute_force_on_short_and_long_edges() {
        let mut rng = Rng::new(21, 21);
        let (w, h) = (24.0, 16.0);
        let points: Vec<Point> = (0..400).map(|_| Point::new(rng.uniform(0.0, w), rng.uniform(0.0, h))).collect();
        let grid = PointGrid::new(&points, w, h, 1.0);
        let pair = |rng: &mut Rng, reach: f64| loop {
            let (a, b) = (rng.below(400) as u32, rng.below(400) as u32);
            let d = points[a as usize].dist(points[b as usize]);
            if a != b && d <= reach {
                return [a.min(b), a.max(b)];
            }
        };
        for clearance in [0.05, 0.25, 0.6] {
            let mut graph = Graph::new(points.len());
            let mut guard = Guard::new(&points, &grid, (w, h), clearance);
            // Edges up to 4 long: many above `SHORT`, found through the cell index.
            for _ in 0..50 {
                let [a, b] = pair(&mut rng, 4.0);
                if !graph.has_edge(a, b) {
                    graph.connect(a, b);
                    guard.insert(a, b);
                }
            }
            let (mut yes, mut no) = (0, 0);
            for _ in 0..3000 {
                let e = pair(&mut rng, 2.5);
                let want = allowed(&points, &graph, e, clearance);
                assert_eq!(guard.allows(&graph, e[0], e[1]), want, "edge {e:?}, clearance {clearance}");
                if want { yes += 1 } else { no += 1 }
            }
            assert!(yes > 50 && no > 50, "both answers come up: {yes} allowed, {no} refused");
        }
    }

    #[test]
    fn the_board_check_counts_what_brute_force_counts() {
        let mut rng = Rng::new(22, 22);
        let (w, h) = (20.0, 12.0);
        let points: Vec<Point> = (0..300).map(|_| Point::new(rng.uniform(0.0, w), rng.uniform(0.0, h))).collect();
        // Edges up to 3 long, crossing freely: pairs share cells in many ways.
        let mut edges: Vec<[u32; 2]> = Vec::new();
        while edges.len() < 400 {
            let (a, b) = (rng.below(300) as u32, rng.below(300) as u32);
            if a != b && points[a as usize].dist(points[b as usize]) <= 3.0 && !edges.contains(&[a.min(b), a.max(b)]) {
                edges.push([a.min(b), a.max(b)]);
            }
        }
        for clearance in [0.0, 0.1, 0.4] {
            let mut crossings = 0;
            for (i, &e) in edges.iter().enumerate() {
                crossings += edges[i + 1..].iter().filter(|&&f| crosses(&points, e, f)).count() as u32;
            }
            let too_close = edges
                .iter()
                .map(|&[a, b]| {
                    (0..300u32)
                        .filter(|&v| v != a && v != b)
                        .filter(|&v| segment_dist2(points[v as usize], points[a as usize], points[b as usize]) < clearance * clearance)
                        .count() as u32
                })
                .sum();
            assert!(crossings > 50, "the sample has crossings to count: {crossings}");
            assert!(clearance == 0.0 || too_close > 0, "and nodes too close at {clearance}");
            assert_eq!(
                violations(&points, &edges, (w, h), clearance),
                (crossings, too_close),
                "clearance {clearance}"
            );
        }
    }

    /// Two nodes closer than the clearance cut each other off: every pair
    /// from one passes too near the other. The attempt fails and says why
    /// (layouts merge such points first); without the clearance the same
    /// points join.
    #[test]
    fn points_no_allowed_pairs_can_join_fail_the_attempt_with_the_reason() {
        let mut points: Vec<Point> = (0..7)
            .flat_map(|x| (0..5).map(move |y| Point::new(f64::from(x), f64::from(y))))
            .collect();
        points.push(Point::new(3.1, 2.0));
        let on_border: Vec<bool> = points
            .iter()
            .map(|p| p.x == 0.0 || p.y == 0.0 || p.x == 6.0 || p.y == 4.0)
            .collect();
        let input = |clearance| EdgeInput {
            points: &points,
            on_border: &on_border,
            center: 17,
            max_connections: 3,
            clearance,
            original: false,
            size: (6.0, 4.0),
        };
        let err = build(&input(Some(0.25))).err().expect("cut off");
        assert!(
            err.contains("cannot all be joined without linking two border points or passing closer than 0.25 to a node: 2 groups"),
            "{err}"
        );
        assert_eq!(build(&input(None)).map(|e| e.tree_edges).ok(), Some(points.len() - 1));
    }
}
