//! The result of a universe board: its nodes, its edges and its metrics,
//! the JSON contract.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::play::Remedy;
use super::{Params, Side, missions};
use crate::Header;
use crate::geom::Point;
use crate::graph::Graph;

/// What a node is in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum NodeKind {
    /// The goal in the middle.
    Center,
    /// A starting node on the paper's border.
    Mission,
    /// Every other node.
    Regular,
}

/// One node of a board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Node {
    /// Index in `nodes`.
    pub id: u32,
    /// Position across the paper, grid units, growing to the right.
    pub x: f64,
    /// Position down the paper, grid units, growing down the page.
    pub y: f64,
    /// What the node is: the centre (the goal in the middle, exactly one),
    /// a mission node (a starting node on the paper's border: twelve, three
    /// per side) or a regular node.
    pub kind: NodeKind,
    /// For a regular node, its node type (`"Oil"`, `"Critters"`, …, from the
    /// `node_types` parameter); for a mission node, its mission kind
    /// (`"Traveler"`, …, from the `missions` parameter); `null` for the
    /// centre.
    #[serde(rename = "type")]
    pub node_type: Option<String>,
    /// The paper sides the node lies on, in this order: `"left"` (x = 0),
    /// `"top"` (y = 0), `"right"` (x = width) and `"bottom"` (y = height).
    /// Empty inside the paper; two at a corner.
    pub edge_sides: Vec<Side>,
    /// Angles of the node's power dots, in radians (x right, y down),
    /// placed in the gaps between its edges.
    pub dots: Vec<f64>,
    /// The number shown on the node: on a node whose type has a
    /// `number_from`, and on the centre with the `electric` expansion (the
    /// electricity it needs); `null` otherwise.
    pub number: Option<u32>,
    /// A mission node's start label, printed in its square: `"A"`, `"B"`, …
    /// clockwise round the paper from its top-left corner. Absent on other
    /// nodes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

crate::metrics::declare! {
    /// Facts about a board, for comparing and checking boards.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    pub struct Metrics {
        /// Number of nodes.
        nodes: u32 => "Nodes", "nodes";
        /// Number of edges.
        edges: u32 => "Edges", "edges";
        /// Edges of the minimum spanning tree (always `nodes − 1`).
        tree_edges: u32 => "Spanning-tree edges", "edges";
        /// Nodes on the paper's border.
        border_nodes: u32 => "Nodes on the border", "nodes";
        /// Nodes with 0, 1, 2, … edges: the `d`-th number counts the nodes with
        /// `d` edges.
        degree_histogram: Vec<u32> => "Nodes by number of edges", "nodes";
        /// Hop distance (fewest edges) from each mission node to the centre,
        /// in `nodes` order.
        mission_hops: Vec<u32> => "Mission distances to the centre", "hops";
        /// Largest minus smallest hop distance of a mission node to the centre.
        mission_hop_spread: u32 => "Spread of mission distances", "hops";
        /// Mean of the three mission nodes' hop distances on each paper side
        /// (`left`, `top`, `right`, `bottom`): where a player starts.
        side_mean_hops: BTreeMap<Side, f64> => "Mean mission distance per side", "hops";
        /// Nodes left-above, right-above, left-below, right-below the centre
        /// (the centre itself not counted).
        quadrant_nodes: [u32; 4] => "Nodes per quadrant", "nodes";
        /// Most minus fewest nodes per quadrant: how evenly the board's four
        /// quarters are filled.
        quadrant_node_spread: u32 => "Spread of nodes per quadrant", "nodes";
        /// Edges in each quadrant, in the order of the nodes per quadrant, an
        /// edge counted where its midpoint lies.
        quadrant_edges: [u32; 4] => "Edges per quadrant", "edges";
        /// Most minus fewest edges per quadrant.
        quadrant_edge_spread: u32 => "Spread of edges per quadrant", "edges";
        /// Pairs of edges that cross (on planar boards, counted among the
        /// spanning tree's edges: the guard keeps every other edge from crossing).
        crossings: u32 => "Crossing edges", "pairs";
        /// (edge, node) pairs closer than `clearance` (on planar boards counted
        /// for the spanning tree's edges as above; on others, measured on every
        /// edge though not enforced).
        clearance_violations: u32 => "Edges too close to a node", "pairs";
        /// Nodes whose type breaks one of its placement rules (its
        /// constraints).
        constraint_violations: u32 => "Nodes breaking a type rule", "nodes";
        /// Nodes of each type, by type name.
        type_counts: BTreeMap<String, u32> => "Nodes per type", "nodes";
        /// Each type's minimum count on this board (its `min`, scaled to the board).
        type_min: BTreeMap<String, u32> => "Fewest nodes per type", "nodes";
        /// Each bounded type's maximum count on this board (its `max`, scaled);
        /// types without a maximum are absent.
        type_max: BTreeMap<String, u32> => "Most nodes per type", "nodes";
        /// Types whose count is below their minimum or above their maximum
        /// (fewer regular nodes than the minimums ask for).
        types_outside_bounds: u32 => "Types outside their bounds", "types";
        /// Power dots wanted on the nodes, in all.
        dots_wanted: u32 => "Power dots wanted", "dots";
        /// Power dots placed (fewer than wanted where a node had no room, but at least one a node).
        dots_placed: u32 => "Power dots placed", "dots";
        /// Whole-board attempts used for the layout kept (1 when its first
        /// attempt worked).
        attempts: u32 => "Attempts", "attempts";
        /// Layouts made before one was kept (`start_layouts`, `fair_play`):
        /// 1 when the first was fair enough.
        layouts: u32 => "Layouts made", "layouts", #[serde(default)];
        /// Enclosed areas between the edges, as in the board's `areas` (with
        /// an expansion that places things in them).
        areas: Option<u32> => "Areas", "areas", #[serde(default, skip_serializing_if = "Option::is_none")];
        /// Areas that hold a circle of `expedition_radius` (with an expansion
        /// that places expeditions or landmarks).
        suitable_areas: Option<u32> => "Suitable areas", "areas", #[serde(default, skip_serializing_if = "Option::is_none")];
        /// Expeditions in each quadrant, in the order of the nodes per quadrant
        /// (with an expansion that places expeditions or landmarks).
        quadrant_expeditions: Option<[u32; 4]> => "Expeditions per quadrant", "expeditions", #[serde(default, skip_serializing_if = "Option::is_none")];
        /// Landmarks in each quadrant, in the order of the nodes per quadrant
        /// (with an expansion that places expeditions or landmarks).
        quadrant_landmarks: Option<[u32; 4]> => "Landmarks per quadrant", "landmarks", #[serde(default, skip_serializing_if = "Option::is_none")];
        /// Natural resources placed (with `resources` or `sharp_scissors`).
        resources: Option<u32> => "Natural resources", "resources", #[serde(default, skip_serializing_if = "Option::is_none")];
        /// Tiny nodes placed (with `tiny_nodes` or `sharp_scissors`).
        tiny_nodes: Option<u32> => "Tiny nodes", "tiny nodes", #[serde(default, skip_serializing_if = "Option::is_none")];
    }
}

/// An enclosed area between the edges: a face of the board's drawing, the
/// paper's border closing the outer ones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Area {
    /// The nodes round it, in order (a dead end's node comes twice: the
    /// ring runs out along its edge and back).
    pub nodes: Vec<u32>,
    /// Its outline, grid units: the nodes' positions, and the paper's
    /// corners where the ring turns round one.
    pub outline: Vec<[f64; 2]>,
    /// Its area, grid units².
    pub size: f64,
    /// Whether the paper's border closes it.
    pub border: bool,
}

/// What stands in an area with room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ExpeditionKind {
    /// A place to reach and score.
    Expedition,
    /// A place that changes the rules near it.
    Landmark,
}

/// An expedition or landmark, at the centre of the largest circle its area
/// holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Expedition {
    /// Expedition or landmark.
    pub kind: ExpeditionKind,
    /// Its type, from the expansion's list.
    pub name: String,
    /// Index of its area in the board's `areas` ([`Board::areas`]).
    pub area: u32,
    /// Centre, grid units.
    pub x: f64,
    /// Centre, grid units.
    pub y: f64,
    /// The largest circle's radius: the distance to the nearest edge or
    /// node of its area, grid units.
    pub radius: f64,
    /// Join slots, 1 to 3, where players move to join it (the original's
    /// Extreme Expeditions); 0, and not written, for a landmark and for
    /// boardwright's expeditions.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub slots: u32,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// A natural resource lying in an area.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Resource {
    /// Its type, from the expansion's list.
    pub name: String,
    /// Index of its area in the board's `areas` ([`Board::areas`]).
    pub area: u32,
    /// Position, grid units.
    pub x: f64,
    /// Position, grid units.
    pub y: f64,
    /// How far it is turned, radians (x right, y down).
    pub rotation: f64,
}

/// A tiny node on the middle of an edge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TinyNode {
    /// Its type, from the expansion's list.
    pub name: String,
    /// Index of its edge in the board's `edges` ([`Board::edges`]).
    pub edge: u32,
    /// The node it points away from (a one-way edge runs `from` → `to`).
    pub from: u32,
    /// The node it points to.
    pub to: u32,
    /// Position (the edge's midpoint), grid units.
    pub x: f64,
    /// Position, grid units.
    pub y: f64,
}

/// A generated universe board: the JSON contract of `boardwright universe`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Board {
    /// `generator` (always `"universe"`), `seed`, `version`, and `params`,
    /// every parameter resolved (`resolution` filled in).
    #[serde(flatten)]
    pub header: Header<Params>,
    /// Facts about the board.
    pub metrics: Metrics,
    /// Paper width in grid units.
    pub width: u32,
    /// Paper height in grid units.
    pub height: u32,
    /// The nodes, in id order: `nodes[k].id == k`.
    pub nodes: Vec<Node>,
    /// Each undirected edge once, as the ids of its two nodes, `[a, b]`.
    pub edges: Vec<[u32; 2]>,
    /// The board's enclosed areas, with an expansion that places things in
    /// them (`expeditions`, `extreme_expeditions`, `resources`,
    /// `sharp_scissors`, `tiny_nodes`); absent otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<Area>,
    /// Expeditions and landmarks, with `expeditions`, `extreme_expeditions`
    /// or `sharp_scissors` (landmarks); absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expeditions: Vec<Expedition>,
    /// Natural resources, with `resources` or `sharp_scissors`; absent when
    /// there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<Resource>,
    /// Tiny nodes, with `tiny_nodes` or `sharp_scissors`; absent when there
    /// are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiny_nodes: Vec<TinyNode>,
    /// The rule printed to make up for moving later, when play chose one
    /// (`fair_play`); absent: none.
    #[serde(default, skip_serializing_if = "is_no_remedy")]
    pub remedy: Remedy,
}

impl Board {
    /// The board's nodes and edges as a graph, for the questions a game
    /// asks of a board: which nodes a node is joined to, and how many hops
    /// away every node is from one.
    ///
    /// ```
    /// use boardwright::{Generator, Seed, universe::{self, Universe}};
    ///
    /// let board = Universe::generate(&universe::Params::default(), &Seed::new("Tiamo")).unwrap();
    /// let graph = board.graph();
    /// let center = board.centre().id;
    /// let hops = graph.hops_from(center);
    /// assert_eq!(hops[center as usize], Some(0));
    /// for &next in graph.neighbors(center) {
    ///     assert_eq!(hops[next as usize], Some(1));
    /// }
    /// ```
    ///
    /// # Panics
    ///
    /// If an edge names a node id past `nodes` (a board `generate` made
    /// never does; one read from edited JSON may).
    pub fn graph(&self) -> BoardGraph {
        let mut graph = Graph::new(self.nodes.len());
        for &[a, b] in &self.edges {
            graph.connect(a, b);
        }
        BoardGraph(graph)
    }

    /// The centre node, the one every player races to.
    ///
    /// # Panics
    ///
    /// If the board has no centre (a board `generate` made always has one;
    /// one read from edited JSON may not).
    pub fn centre(&self) -> &Node {
        self.nodes
            .iter()
            .find(|n| n.kind == NodeKind::Center)
            .expect("a board has a centre node")
    }

    /// The mission (starting) nodes, in id order.
    pub fn missions(&self) -> impl Iterator<Item = &Node> + '_ {
        self.nodes.iter().filter(|n| n.kind == NodeKind::Mission)
    }

    /// The mission nodes' printed labels, by node id: `(node, label)`.
    pub fn start_labels(&self) -> Vec<(u32, String)> {
        self.missions().filter_map(|n| Some((n.id, n.label.clone()?))).collect()
    }

    /// The enclosed areas between the edges: the faces of the board's
    /// drawing, the paper's border closing the outer ones, as the
    /// expansions that place things put them in [`Board::areas`] (on a
    /// planar board: where edges cross, the faces are not areas). Each
    /// edge is walked once each way: the work is linear in the edges.
    ///
    /// ```
    /// use boardwright::{Generator, Seed, universe::{self, Universe}};
    ///
    /// let board = Universe::generate(&universe::Params::default(), &Seed::new("Tiamo")).unwrap();
    /// let areas = board.enclosed_areas();
    /// // Euler's formula, the paper's corners and border counted in.
    /// let border = board.nodes.iter().filter(|n| !n.edge_sides.is_empty()).count();
    /// assert_eq!(areas.len() + board.nodes.len(), 1 + board.edges.len() + border);
    /// ```
    ///
    /// # Panics
    ///
    /// If an edge names a node id past `nodes` (never on a board `generate`
    /// made).
    pub fn enclosed_areas(&self) -> Vec<Area> {
        use super::expansions::areas;
        let points: Vec<Point> = self.nodes.iter().map(|n| Point::new(n.x, n.y)).collect();
        let sides: Vec<super::Sides> = self
            .nodes
            .iter()
            .map(|n| n.edge_sides.iter().fold(super::Sides::NONE, |s, &side| s.with(side)))
            .collect();
        let size = (f64::from(self.width), f64::from(self.height));
        areas::to_areas(&areas::walk(&points, &self.edges, &sides, size), &points)
    }
}

/// A board's edges as adjacency lists, made by [`Board::graph`]: nodes are
/// known by their `id`, the index in [`Board::nodes`].
#[derive(Clone, Debug)]
pub struct BoardGraph(Graph);

impl BoardGraph {
    /// The nodes joined to `node` by an edge, in the order of
    /// [`Board::edges`]. Panics if `node` is not a node's id.
    pub fn neighbors(&self, node: u32) -> &[u32] {
        self.0.neighbors(node)
    }

    /// How many edges `node` has. Panics if `node` is not a node's id.
    pub fn degree(&self, node: u32) -> usize {
        self.0.degree(node)
    }

    /// The fewest edges from `node` to each node, by id (`None` where none
    /// leads, which a generated board never has). Panics if `node` is not a
    /// node's id.
    pub fn hops_from(&self, node: u32) -> Vec<Option<u32>> {
        self.0.hops_from(node).into_iter().map(|h| (h != u32::MAX).then_some(h)).collect()
    }

    /// A shortest path from `from` to `to` along edges, both ends included
    /// (`[from]` when they are one node), or `None` when none leads. Of
    /// equally short paths, each step goes to the first neighbour (in the
    /// order of [`Board::edges`]) that is one hop nearer. Panics if either
    /// is not a node's id.
    ///
    /// ```
    /// use boardwright::{Generator, Seed, universe::{self, Universe}};
    ///
    /// let board = Universe::generate(&universe::Params::default(), &Seed::new("Tiamo")).unwrap();
    /// let graph = board.graph();
    /// let (start, centre) = (board.missions().next().unwrap().id, board.centre().id);
    /// let path = graph.path(start, centre).unwrap();
    /// assert_eq!((path[0], path[path.len() - 1]), (start, centre));
    /// assert_eq!(Some(path.len() as u32 - 1), graph.hops_from(start)[centre as usize]);
    /// assert!(path.windows(2).all(|w| graph.neighbors(w[0]).contains(&w[1])));
    /// ```
    pub fn path(&self, from: u32, to: u32) -> Option<Vec<u32>> {
        let hops = self.0.hops_from(to);
        if hops[from as usize] == u32::MAX {
            return None;
        }
        let mut path = vec![from];
        let mut at = from;
        while at != to {
            at = *self.0.neighbors(at).iter().find(|&&n| hops[n as usize] + 1 == hops[at as usize])?;
            path.push(at);
        }
        Some(path)
    }

    /// Every edge once, as `[a, b]` with `a < b`, in the order of
    /// [`Board::edges`].
    pub fn edges(&self) -> impl ExactSizeIterator<Item = [u32; 2]> + '_ {
        self.0.edges().iter().copied()
    }

    /// How many nodes the graph has.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the graph has no node.
    pub fn is_empty(&self) -> bool {
        self.0.len() == 0
    }
}

pub(super) fn degree_histogram(graph: &Graph) -> Vec<u32> {
    let mut hist = Vec::new();
    for v in 0..graph.len() as u32 {
        let d = graph.degree(v);
        if hist.len() <= d {
            hist.resize(d + 1, 0);
        }
        hist[d] += 1;
    }
    hist
}

/// Most minus fewest of `counts` (four quadrants', say); 0 for none.
pub(super) fn spread(counts: &[u32]) -> u32 {
    counts.iter().max().unwrap_or(&0) - counts.iter().min().unwrap_or(&0)
}

pub(super) fn quadrants(points: &[Point], center: u32) -> [u32; 4] {
    let c = points[center as usize];
    let mut q = [0; 4];
    for (v, p) in points.iter().enumerate() {
        if v as u32 != center {
            q[usize::from(p.x >= c.x) + 2 * usize::from(p.y >= c.y)] += 1;
        }
    }
    q
}

/// Edges per quadrant of the centre, by the edge's midpoint (see [`quadrants`]).
pub(super) fn quadrant_edges(points: &[Point], edges: &[[u32; 2]], center: u32) -> [u32; 4] {
    let c = points[center as usize];
    let mut q = [0; 4];
    for &[a, b] in edges {
        let (p, r) = (points[a as usize], points[b as usize]);
        // Twice the midpoint against twice the centre: no division.
        let (x, y) = (p.x + r.x, p.y + r.y);
        q[usize::from(x >= 2.0 * c.x) + 2 * usize::from(y >= 2.0 * c.y)] += 1;
    }
    q
}

/// The mean hop distance of each side's missions: `missions` holds
/// [`missions::PER_SIDE`] nodes per side, in [`missions::SIDE_ORDER`].
pub(super) fn side_mean_hops(missions: &[u32], hops: &[u32]) -> BTreeMap<Side, f64> {
    missions
        .chunks(missions::PER_SIDE)
        .zip(missions::SIDE_ORDER)
        .map(|(ids, side)| {
            let total: u32 = ids.iter().map(|&m| hops[m as usize]).sum();
            (side, f64::from(total) / ids.len() as f64)
        })
        .collect()
}

/// Whether a board prints no remedy (serde leaves it out).
fn is_no_remedy(remedy: &Remedy) -> bool {
    *remedy == Remedy::None
}

/// The start labels of mission nodes at `places` (their distance
/// clockwise round the paper's border from its top-left corner), in the
/// order given: `"A"`, `"B"`, … by place, then `"AA"`, `"AB"`, … past 26.
pub(crate) fn start_labels(places: &[f64]) -> Vec<String> {
    let mut order: Vec<usize> = (0..places.len()).collect();
    order.sort_by(|&a, &b| places[a].total_cmp(&places[b]).then(a.cmp(&b)));
    let mut labels = vec![String::new(); places.len()];
    for (rank, &i) in order.iter().enumerate() {
        let letter = |k: usize| char::from(b'A' + (k % 26) as u8);
        labels[i] = if rank < 26 {
            letter(rank).to_string()
        } else {
            format!("{}{}", letter(rank / 26 - 1), letter(rank))
        };
    }
    labels
}

/// How far clockwise round a `w` × `h` paper's border from its top-left
/// corner the point `(x, y)` on sides `sides` lies (inside the paper: past
/// every border point, by its distance from the top).
pub(crate) fn border_place(sides: &[Side], x: f64, y: f64, w: f64, h: f64) -> f64 {
    let on = |side: Side| sides.contains(&side);
    if on(Side::Top) {
        x
    } else if on(Side::Right) {
        w + y
    } else if on(Side::Bottom) {
        w + h + (w - x)
    } else if on(Side::Left) {
        2.0 * w + h + (h - y)
    } else {
        2.0 * (w + h) + y
    }
}

/// The points of a board during relaxation: after iteration `iteration`
/// (0: the jittered grid), `[x, y]` in grid units, by node id.
///
/// Every snapshot of an attempt holds the same points by the same ids, the
/// ids of the board's nodes: a point that relaxation left closer than the
/// clearance to an earlier one, merged away once relaxation is done, is
/// left out of the snapshots before too, and `points[id]` over the
/// snapshots is the path of node `id` to its place on the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Snapshot {
    /// Iterations done.
    pub iteration: u32,
    /// Every point, by node id.
    pub points: Vec<[f64; 2]>,
    /// The invisible obstacles that push points away, making holes, as
    /// `[x, y, radius]` (the radius is how far they push): in the first
    /// snapshot of an attempt, empty (and not written) in the others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub obstacles: Vec<[f64; 3]>,
}

impl Snapshot {
    pub(super) fn new(iteration: u32, points: &[Point]) -> Snapshot {
        let points = points.iter().map(|p| [p.x, p.y]).collect();
        Snapshot {
            iteration,
            points,
            obstacles: Vec::new(),
        }
    }
}
