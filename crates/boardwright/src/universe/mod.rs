//! Universe boards: the node-and-edge board of the paper-cutting race game
//! *Unstable Universe*.
//!
//! Steps, each a module, run in this order by [`generate`]:
//! 1. `relax`: a jittered grid of points, obstacles, relaxation, snapping
//!    onto the paper's sides; `center`: the fair centre;
//! 2. `edges`: the exact minimum spanning tree, the centre hub, the capped
//!    fill, all planar and clear of nodes;
//! 3. `missions`: twelve mission nodes, three per side, with fair hop
//!    distances to the centre;
//! 4. `types`: node types from the `dictionary`, and numbers;
//! 5. `dots`: power dots in the angular gaps between edges.
//!
//! Missions and types walk the board one node at a time; the power dots and
//! the independent check of the edges (`edges::violations`) need only the
//! edges, so they run beside them on the other threads.
//!
//! A layout that cannot satisfy a guarantee (two nodes relaxed closer than
//! the clearance, points that no allowed pairs can join, a side without three
//! usable mission nodes) is dropped and the whole board is built again on
//! fresh random streams, up to `max_attempts`. The spanning tree itself keeps
//! the clearance (pairs that would pass too near a node are not allowed), so
//! it never costs a planar board an attempt once its points can be joined.
//!
//! [`generate_watched`] also hands a caller the relaxing points every k-th
//! iteration, to animate the relaxation.
//!
//! # Work
//!
//! Every parameter has a range; at the sizes of the player-count table the
//! slowest accepted configuration found (a thousand iterations among a
//! hundred obstacles, a thousand node types, every attempt failing) ends in
//! a few seconds. The work grows with the node count (`resolution`) about
//! linearly, times the iterations for the relaxation and the node types for
//! their assignment.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::ser::Formatter;

use crate::params::{Allowed, ParamError, ParamInfo, Params as ParamsTrait, info};
use crate::seed::Seed;
use crate::{DrawOptions, Error, Generator, Header, Watch};

mod center;
mod dictionary;
mod dots;
mod draw;
mod edges;
mod icons;
mod missions;
mod relax;
mod side;
mod types;

use crate::geom::Point;
pub use dictionary::{MissionKind, NodeType};
pub use draw::{MAX_DRAWN_NODES, draw};
pub use side::Side;
pub(crate) use side::Sides;

/// Largest `resolution` accepted: about 6.4 million nodes, a few GiB of memory.
pub const MAX_RESOLUTION: u32 = 3000;

/// Largest `max_attempts` accepted. An attempt on a board of the default
/// sizes takes at most about 20 ms (a thousand iterations among a hundred
/// obstacles, a thousand node types), so failing every attempt ends within
/// a few seconds.
pub const MAX_ATTEMPTS: u32 = 100;

/// Parameters of a universe board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Number of players (2–9); sets the board size unless `resolution` is given.
    pub players: u32,
    /// Board width in grid units (10 to [`MAX_RESOLUTION`]), overriding the
    /// player-count table; the work grows with the node count,
    /// [`Params::node_count`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution: Option<u32>,
    /// Relaxation iterations (1–1000).
    pub iterations: u32,
    /// Invisible repulsors that make holes (0–100).
    pub obstacles: u32,
    /// Edges after which the fill leaves a node alone (1–12).
    pub max_connections: u32,
    /// All twelve missions the same kind, Traveler or Collector.
    pub first_game: bool,
    /// No crossing edges and no edge near a node that is not its end.
    pub planar: bool,
    /// The distance `planar` keeps between an edge and other nodes (0–0.45).
    pub clearance: f64,
    /// Mission nodes chosen for equal hop distances to the centre.
    pub fair_missions: bool,
    /// The centre is the node nearest the paper's middle once relaxation is
    /// done, moved (at most half a unit) to where the quadrant lines split
    /// the board most evenly; the original takes the point laid out at the
    /// grid's middle, half a row above the paper's on the standard sheet.
    pub fair_center: bool,
    /// Node types' counts scale with the board's nodes and their distances
    /// with its size (`min(w / 10, h / 7)`), so that every type's minimum
    /// has room on every board; the original's scaling leaves the types kept
    /// from the edge too little room at 9 players and on large boards.
    pub fair_scaling: bool,
    /// Whole-board attempts before giving up (1 to [`MAX_ATTEMPTS`]).
    pub max_attempts: u32,
    /// The node-type dictionary: 1 to 1000 types.
    #[serde(deserialize_with = "dictionary::read_node_types")]
    pub node_types: Vec<NodeType>,
    /// The mission kinds: 1 to 100.
    #[serde(deserialize_with = "dictionary::read_missions")]
    pub missions: Vec<MissionKind>,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            players: 4,
            resolution: None,
            iterations: 60,
            obstacles: 5,
            max_connections: 3,
            first_game: true,
            planar: true,
            clearance: 0.25,
            fair_missions: true,
            fair_center: true,
            fair_scaling: true,
            max_attempts: 25,
            node_types: dictionary::default_node_types(),
            missions: dictionary::default_missions(),
        }
    }
}

impl ParamsTrait for Params {
    const INFO: &'static [ParamInfo] = &[
        info("players", "number of players; sets the board size", Allowed::Int { min: 2, max: 9 }),
        info(
            "resolution",
            "board width in grid units, overriding the player-count table (height = floor(210/297 x width))",
            Allowed::Int {
                min: 10,
                max: MAX_RESOLUTION as i64,
            },
        ),
        info("iterations", "relaxation iterations", Allowed::Int { min: 1, max: 1000 }),
        info(
            "obstacles",
            "invisible repulsors that make holes",
            Allowed::Int { min: 0, max: 100 },
        ),
        info(
            "max_connections",
            "edges after which the fill leaves a node alone",
            Allowed::Int { min: 1, max: 12 },
        ),
        info(
            "first_game",
            "all twelve missions the same kind (Traveler or Collector)",
            Allowed::Bool,
        ),
        info("planar", "no crossing edges and no edge passing near another node", Allowed::Bool),
        info(
            "clearance",
            "distance (grid units) planar boards keep between an edge and other nodes",
            Allowed::Float { min: 0.0, max: 0.45 },
        ),
        info(
            "fair_missions",
            "mission nodes chosen for equal hop distances to the centre",
            Allowed::Bool,
        ),
        info(
            "fair_center",
            "the centre is the node nearest the paper's middle after relaxation, moved up to half a unit to split the quadrants evenly (false: the point laid out at the grid's middle)",
            Allowed::Bool,
        ),
        info(
            "fair_scaling",
            "node-type counts scale with the board's nodes over the 10 x 7 sheet's 88, distances from the edge and group sizes with min(width / 10, height / 7) (false: the original's scaling)",
            Allowed::Bool,
        ),
        info(
            "max_attempts",
            "whole-board attempts before giving up",
            Allowed::Int {
                min: 1,
                max: MAX_ATTEMPTS as i64,
            },
        ),
        info(
            "node_types",
            "the node-type dictionary ([[node_types]] tables: name, min, max, prob, category, constraints); a table gives any of its fields but the name, the others come from the built-in type of that name",
            Allowed::Data(
                "1 to 1000 node-type tables: name (1-100 characters), min and max 0-10000, prob 0-1000000, distances 0-1000, max_sequence 1-1000, icon (an SVG file's path, 1-1000 characters, read by the command line); \"none\" clears an optional field",
            ),
        ),
        info(
            "missions",
            "the mission kinds ([[missions]] tables: name, needs, weight); a table gives any of its fields but the name, the others come from the built-in kind of that name",
            Allowed::Data("1 to 100 mission tables: name (1-100 characters), needs (up to 100 node-type names), weight 0-1000000"),
        ),
    ];
    const SIZE: &'static [&'static str] = &["players", "resolution"];
    const PRESETS: &'static [(&'static str, &'static str)] = &[(
        "classic",
        "# The original generator's choices: no planarity guard, farthest-first missions, the centre laid out at the grid's middle, its type scaling.\nplanar = false\nfair_missions = false\nfair_center = false\nfair_scaling = false\n",
    )];

    fn validate(&self) -> Result<(), ParamError> {
        dictionary::validate(&self.node_types, &self.missions, self.first_game)
    }
}

impl Params {
    /// Board size in grid units `(width, height)`.
    pub fn size(&self) -> (u32, u32) {
        let extra = [0, 0, 0, 0, 1, 1, 2, 2, 3];
        let w = self
            .resolution
            .unwrap_or_else(|| 10 + extra[(self.players.clamp(1, 9) - 1) as usize]);
        (w, w * 210 / 297)
    }

    /// Number of points laid out: the board's nodes, less any that
    /// relaxation left closer than the clearance to another (merged).
    pub fn node_count(&self) -> u64 {
        let (w, h) = self.size();
        (u64::from(w) + 1) * (u64::from(h) + 1)
    }
}

/// What a node is in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Node {
    /// Index in `nodes`.
    pub id: u32,
    /// Position, grid units.
    pub x: f64,
    /// Position, grid units (down the page).
    pub y: f64,
    /// Centre, mission or regular.
    pub kind: NodeKind,
    /// Node type, or mission kind for a mission node; none for the centre.
    #[serde(rename = "type")]
    pub node_type: Option<String>,
    /// Paper sides the node lies on.
    pub edge_sides: Vec<Side>,
    /// Angles (radians, x right, y down) of the node's power dots.
    pub dots: Vec<f64>,
    /// The number shown on the node, if its type has one.
    pub number: Option<u32>,
}

/// Facts about a board, for comparing and checking boards.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// Number of nodes.
    pub nodes: u32,
    /// Number of edges.
    pub edges: u32,
    /// Edges of the minimum spanning tree (always `nodes − 1`).
    pub tree_edges: u32,
    /// Nodes on the paper's border.
    pub border_nodes: u32,
    /// `degree_histogram[d]`: nodes with `d` edges.
    pub degree_histogram: Vec<u32>,
    /// Hop distance from each mission node (in `nodes` order) to the centre.
    pub mission_hops: Vec<u32>,
    /// Largest minus smallest of `mission_hops`.
    pub mission_hop_spread: u32,
    /// Mean of the three mission nodes' hop distances on each paper side
    /// (`left`, `top`, `right`, `bottom`): where a player starts.
    pub side_mean_hops: BTreeMap<Side, f64>,
    /// Nodes left-above, right-above, left-below, right-below the centre.
    pub quadrant_nodes: [u32; 4],
    /// Most minus fewest of `quadrant_nodes`: how evenly the board's four
    /// quarters are filled.
    pub quadrant_node_spread: u32,
    /// Edges in each quadrant as for `quadrant_nodes`, an edge counted where
    /// its midpoint lies.
    pub quadrant_edges: [u32; 4],
    /// Most minus fewest of `quadrant_edges`.
    pub quadrant_edge_spread: u32,
    /// Pairs of edges that cross (on planar boards, counted among the
    /// spanning tree's edges: the guard keeps every other edge from crossing).
    pub crossings: u32,
    /// (edge, node) pairs closer than `clearance` (on planar boards counted
    /// for the spanning tree's edges as above; on others, measured on every
    /// edge though not enforced).
    pub clearance_violations: u32,
    /// Nodes whose type breaks one of its constraints.
    pub constraint_violations: u32,
    /// Nodes of each type.
    pub type_counts: BTreeMap<String, u32>,
    /// Each type's minimum count on this board (its `min`, scaled to the board).
    pub type_min: BTreeMap<String, u32>,
    /// Each bounded type's maximum count on this board (its `max`, scaled);
    /// types without a maximum are absent.
    pub type_max: BTreeMap<String, u32>,
    /// Types whose count is below their minimum or above their maximum
    /// (fewer regular nodes than the minimums ask for).
    pub types_outside_bounds: u32,
    /// Power dots wanted and placed.
    pub dots_wanted: u32,
    /// Power dots placed (fewer than wanted where a node had no room).
    pub dots_placed: u32,
    /// Whole-board attempts used (1 when the first layout worked).
    pub attempts: u32,
}

/// A generated universe board: the JSON contract of `boardwright universe`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// The nodes, `id` = index.
    pub nodes: Vec<Node>,
    /// Each undirected edge once, as node ids.
    pub edges: Vec<[u32; 2]>,
}

/// The points of a board during relaxation: after iteration `iteration`
/// (0: the jittered grid), `[x, y]` in grid units, by node id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Iterations done.
    pub iteration: u32,
    /// Every point, by node id.
    pub points: Vec<[f64; 2]>,
}

/// The generation steps, as reported to a progress callback.
pub const STEPS: [&str; 4] = [
    "relaxing points",
    "building edges",
    "choosing missions, types and dots",
    "assembling nodes",
];

/// Generates a board. Parameters that [`params::resolve`](crate::params::resolve)
/// would refuse give [`Error::Params`], before any work.
pub fn generate(params: &Params, seed: &Seed) -> Result<Board, Error> {
    generate_watched(params, seed, &mut ())
}

/// Generates a board, telling `watch` as each of [`STEPS`] begins and, when
/// it asks for snapshots every k iterations, showing it the relaxing points:
/// the jittered grid (iteration 0), then after iterations k, 2k, … and
/// after the last one, once points left closer than the clearance are merged
/// (the earlier id stays), so the last snapshot of the attempt that succeeds
/// holds the board's node positions. A watch that takes no snapshots costs
/// nothing. Parameters are checked first, as [`generate`] does.
pub fn generate_watched(params: &Params, seed: &Seed, watch: &mut dyn Watch<Snapshot>) -> Result<Board, Error> {
    crate::params::check(params)?;
    Ok(crate::retry("universe", params.max_attempts, |attempt| {
        attempt_board(params, seed, attempt, watch)
    })?)
}

fn attempt_board(params: &Params, seed: &Seed, attempt: u32, watch: &mut dyn Watch<Snapshot>) -> Result<Board, String> {
    let (w, h) = params.size();
    let size = (f64::from(w), f64::from(h));
    watch.step(attempt, 0);
    let mut points = relax::jittered_grid(w, h, &mut seed.stream("points", attempt));
    let obstacles = relax::obstacles(w, h, params.obstacles, &mut seed.stream("obstacles", attempt));
    let center = (w / 2) * (h + 1) + h / 2;
    let every = watch.every();
    let mut show = |iteration: u32, points: &[Point]| {
        let points = points.iter().map(|p| [p.x, p.y]).collect();
        watch.snapshot(attempt, Snapshot { iteration, points });
    };
    if every.is_some() {
        show(0, &points);
    }
    let relax_watch = every.map(|every| relax::Watch {
        every,
        snapshot: &mut show,
    });
    let mut sides = relax::relax(&mut points, &obstacles, w, h, params.iterations, relax_watch);
    let clearance = if params.planar { params.clearance } else { 0.0 };
    let center = relax::merge_close(&mut points, &mut sides, center, clearance, (w, h));
    let center = if params.fair_center {
        center::place(&mut points, Point::new(size.0 / 2.0, size.1 / 2.0))
    } else {
        center
    };
    if every.is_some() {
        show(params.iterations, &points);
    }
    let on_border: Vec<bool> = sides.iter().map(|s| s.any()).collect();

    watch.step(attempt, 1);
    let built = edges::build(&edges::EdgeInput {
        points: &points,
        on_border: &on_border,
        center,
        max_connections: params.max_connections as usize,
        clearance: params.planar.then_some(params.clearance),
        size,
    })?;
    let graph = built.graph;

    watch.step(attempt, 2);
    // The board check and the power dots need only the edges: they run beside
    // the missions and types, which go one node at a time.
    let so_far = BuiltSoFar {
        points: &points,
        sides: &sides,
        graph: &graph,
        center,
        size: (w, h),
    };
    // On a planar board the guard has vetted every edge but the spanning
    // tree's against all the edges and nodes there were: only tree edges can
    // cross each other or pass too near a node, and only they need checking.
    let (checked_edges, clearance) = if params.planar {
        (&graph.edges()[..built.tree_edges], params.clearance)
    } else {
        // Measured, not enforced: how far the original's way falls short.
        (graph.edges(), params.clearance)
    };
    let ((checked, placed), chosen) = rayon::join(
        || {
            rayon::join(
                || edges::violations(&points, checked_edges, size, clearance),
                || place_dots(params, seed, attempt, &so_far),
            )
        },
        || starts_and_types(params, seed, attempt, &so_far),
    );
    // The spanning tree keeps the clearance by construction; this checks it
    // again, with crossings, and drops a layout whose tree breaks the rule.
    let (crossings, clearance_violations) = checked;
    if params.planar && crossings + clearance_violations > 0 {
        return Err(format!(
            "the spanning tree crosses an edge or passes closer than {} to a node ({crossings} crossing(s), {clearance_violations} too close)",
            params.clearance
        ));
    }
    let Chosen {
        hops,
        missions,
        assignment,
        type_counts,
        kinds,
    } = chosen?;

    watch.step(attempt, 3);
    // The count a numbered type's numbers come from, by type.
    let sources: Vec<Option<u32>> = params
        .node_types
        .iter()
        .map(|t| t.number_from.as_ref().map(|from| type_counts.get(from).copied().unwrap_or(0)))
        .collect();
    let numbers_rng = seed.stream("numbers", attempt);
    let mission_index: BTreeMap<u32, usize> = missions.iter().enumerate().map(|(k, &m)| (m, k)).collect();
    let dots_wanted = placed.iter().map(|&(_, want)| want).sum();
    let mut nodes = Vec::new();
    placed
        .into_par_iter()
        .enumerate()
        .map(|(v, (dots, _))| {
            let (id, p) = (v as u32, points[v]);
            let (kind, node_type, number) = if id == center {
                (NodeKind::Center, None, None)
            } else if let Some(&k) = mission_index.get(&id) {
                (NodeKind::Mission, Some(kinds[k].clone()), None)
            } else {
                let t = assignment.types[v];
                // Each node draws from its own substream: any thread, same number.
                let number = t.and_then(|t| sources[t]).map(|count| {
                    let mut rng = numbers_rng.substream(u64::from(id));
                    types::number(count, params.players, p, points[center as usize], (w, h), &mut rng)
                });
                (NodeKind::Regular, t.map(|t| params.node_types[t].name.clone()), number)
            };
            Node {
                id,
                x: p.x,
                y: p.y,
                kind,
                node_type,
                edge_sides: sides[v].iter().collect(),
                dots,
                number,
            }
        })
        .collect_into_vec(&mut nodes);
    let dots_placed = nodes.iter().map(|n| n.dots.len() as u32).sum();
    let mission_hops: Vec<u32> = nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Mission)
        .map(|n| hops[n.id as usize])
        .collect();
    let targets = types::targets(&params.node_types, w, h, params.fair_scaling);
    let type_min: BTreeMap<String, u32> = params
        .node_types
        .iter()
        .zip(&targets)
        .map(|(t, &(min, _))| (t.name.clone(), min))
        .collect();
    let type_max: BTreeMap<String, u32> = params
        .node_types
        .iter()
        .zip(&targets)
        .filter_map(|(t, &(_, max))| Some((t.name.clone(), max?)))
        .collect();
    let types_outside_bounds = params
        .node_types
        .iter()
        .zip(&targets)
        .filter(|&(t, &(min, max))| {
            let count = type_counts.get(&t.name).copied().unwrap_or(0);
            count < min || max.is_some_and(|max| count > max)
        })
        .count() as u32;
    // Fair scaling leaves every type's minimum room on every board, but a
    // layout can still crowd a type out (about one board in 10,000): such a
    // first layout is dropped like any other that breaks a guarantee, unless
    // the minimums cannot all fit (a dictionary's own choice). A second is
    // kept and reports the types outside their bounds, so that a dictionary
    // whose types crowd each other out on every layout costs one board more,
    // not every attempt.
    let regular = points.len() - missions.len() - 1;
    let minimums: u64 = targets.iter().map(|&(min, _)| u64::from(min)).sum();
    if params.fair_scaling && types_outside_bounds > 0 && minimums <= regular as u64 && attempt == 0 && params.max_attempts > 1 {
        return Err(format!(
            "{types_outside_bounds} node type(s) found no room for their minimum or went past their maximum"
        ));
    }
    let quadrant_nodes = quadrants(&points, center);
    let quadrant_edges = quadrant_edges(&points, graph.edges(), center);
    let metrics = Metrics {
        nodes: points.len() as u32,
        edges: graph.edges().len() as u32,
        tree_edges: built.tree_edges as u32,
        border_nodes: on_border.iter().filter(|&&b| b).count() as u32,
        degree_histogram: degree_histogram(&graph),
        mission_hop_spread: mission_hops.iter().max().unwrap_or(&0) - mission_hops.iter().min().unwrap_or(&0),
        mission_hops,
        side_mean_hops: side_mean_hops(&missions, &hops),
        quadrant_nodes,
        quadrant_node_spread: spread(&quadrant_nodes),
        quadrant_edges,
        quadrant_edge_spread: spread(&quadrant_edges),
        crossings,
        clearance_violations,
        constraint_violations: assignment.violations,
        type_counts,
        type_min,
        type_max,
        types_outside_bounds,
        dots_wanted,
        dots_placed,
        attempts: attempt + 1,
    };
    Ok(Board {
        header: Header::new(
            "universe",
            seed,
            Params {
                resolution: Some(w),
                ..params.clone()
            },
        ),
        metrics,
        width: w,
        height: h,
        nodes,
        edges: graph.edges().to_vec(),
    })
}

/// The board as the edge stage leaves it: what missions, types and dots read.
struct BuiltSoFar<'a> {
    points: &'a [Point],
    sides: &'a [Sides],
    graph: &'a crate::graph::Graph,
    center: u32,
    size: (u32, u32),
}

/// The power dots of every node, and how many each wanted. Each node draws
/// from its own substream: any thread, same dots.
fn place_dots(params: &Params, seed: &Seed, attempt: u32, board: &BuiltSoFar<'_>) -> Vec<(Vec<f64>, u32)> {
    let &BuiltSoFar {
        points,
        sides,
        graph,
        center,
        ..
    } = board;
    let rng = seed.stream("dots", attempt);
    (0..points.len() as u32)
        .into_par_iter()
        .map_init(dots::Arcs::default, |arcs, id| {
            let mut rng = rng.substream(u64::from(id));
            let want = dots::wanted(params.players, id == center, &mut rng);
            let near = graph.neighbors(id).iter().map(|&q| points[q as usize]);
            let placed = dots::place(points[id as usize], near, sides[id as usize], want, &mut rng, arcs);
            (placed, want)
        })
        .collect()
}

/// The mission nodes, node types and mission kinds of a board.
struct Chosen {
    hops: Vec<u32>,
    missions: Vec<u32>,
    assignment: types::Assignment,
    /// Nodes of each type, by name.
    type_counts: BTreeMap<String, u32>,
    kinds: Vec<String>,
}

/// Chooses the mission nodes, then the node types, then the mission kinds.
fn starts_and_types(params: &Params, seed: &Seed, attempt: u32, board: &BuiltSoFar<'_>) -> Result<Chosen, String> {
    let &BuiltSoFar {
        points,
        sides,
        graph,
        center,
        size,
    } = board;
    let hops = graph.hops_from(center);
    let missions = missions::choose(graph, points, sides, center, &hops, params.fair_missions)
        .ok_or("a paper side has fewer than three usable mission nodes")?;
    let mut is_mission = vec![false; points.len()];
    for &m in &missions {
        is_mission[m as usize] = true;
    }
    let layout = types::Layout {
        points,
        sides,
        graph,
        is_mission: &is_mission,
        size,
        fair_scaling: params.fair_scaling,
    };
    let regular: Vec<u32> = (0..points.len() as u32)
        .filter(|&v| v != center && !is_mission[v as usize])
        .collect();
    let assignment = types::assign(&layout, &params.node_types, &regular, &mut seed.stream("types", attempt));
    let mut counts = vec![0u32; params.node_types.len()];
    for t in assignment.types.iter().flatten() {
        counts[*t] += 1;
    }
    let type_counts: BTreeMap<String, u32> = params.node_types.iter().zip(counts).map(|(t, c)| (t.name.clone(), c)).collect();
    let kinds = missions::deal_kinds(
        &params.missions,
        |name| type_counts.get(name).is_some_and(|&c| c > 0),
        missions.len(),
        params.first_game,
        &mut seed.stream("mission kinds", attempt),
    );
    Ok(Chosen {
        hops,
        missions,
        assignment,
        type_counts,
        kinds,
    })
}

fn degree_histogram(graph: &crate::graph::Graph) -> Vec<u32> {
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

/// Most minus fewest of four quadrants' counts.
fn spread(q: &[u32; 4]) -> u32 {
    q.iter().max().unwrap_or(&0) - q.iter().min().unwrap_or(&0)
}

fn quadrants(points: &[Point], center: u32) -> [u32; 4] {
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
fn quadrant_edges(points: &[Point], edges: &[[u32; 2]], center: u32) -> [u32; 4] {
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
fn side_mean_hops(missions: &[u32], hops: &[u32]) -> BTreeMap<Side, f64> {
    missions
        .chunks(missions::PER_SIDE)
        .zip(missions::SIDE_ORDER)
        .map(|(ids, side)| {
            let total: u32 = ids.iter().map(|&m| hops[m as usize]).sum();
            (side, f64::from(total) / ids.len() as f64)
        })
        .collect()
}

/// Nodes or edges written as JSON by one parallel task.
const JSON_CHUNK: usize = 16_384;
/// Chunks rendered at once, while the chunks before are written out.
const JSON_GROUP: usize = 16;

/// Writes `board` as compact JSON, the bytes `serde_json::to_writer` writes,
/// with the nodes and edges rendered in parallel chunks (a million-node
/// board is about 200 MB of JSON).
pub fn write_json(board: &Board, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    fn json<T: Serialize + ?Sized>(out: &mut dyn std::io::Write, value: &T) -> std::io::Result<()> {
        serde_json::to_writer(out, value).map_err(std::io::Error::other)
    }
    let header = &board.header;
    out.write_all(b"{\"generator\":")?;
    json(out, &header.generator)?;
    out.write_all(b",\"seed\":")?;
    json(out, &header.seed)?;
    out.write_all(b",\"version\":")?;
    json(out, &header.version)?;
    out.write_all(b",\"params\":")?;
    json(out, &header.params)?;
    out.write_all(b",\"metrics\":")?;
    json(out, &board.metrics)?;
    write!(out, ",\"width\":{},\"height\":{},\"nodes\":", board.width, board.height)?;
    json_array(&board.nodes, JSON_CHUNK, out)?;
    out.write_all(b",\"edges\":")?;
    json_array(&board.edges, JSON_CHUNK, out)?;
    out.write_all(b"}")
}

/// Writes `items` as a JSON array, rendering `chunk` of them at a time in
/// parallel, [`JSON_GROUP`] chunks at a time; a group is written out while
/// the next one renders, and the buffers of one group serve the one after
/// the next.
fn json_array<T: JsonItem>(items: &[T], chunk: usize, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let render = |group: &[T], parts: &mut Vec<Vec<u8>>| -> std::io::Result<()> {
        parts.resize_with(group.len().div_ceil(chunk), Vec::new);
        group.par_chunks(chunk).zip(parts.par_iter_mut()).try_for_each(|(items, buf)| {
            buf.clear();
            json_joined(buf, items, |buf, item| item.write(buf))
        })
    };
    out.write_all(b"[")?;
    let mut groups = items.chunks(chunk * JSON_GROUP);
    let (mut ready, mut spare) = (Vec::new(), Vec::new());
    let mut current = groups.next();
    if let Some(group) = current {
        render(group, &mut ready)?;
    }
    let mut first = true;
    while current.is_some() {
        let next = groups.next();
        let (mut rendered, mut written) = (Ok(()), Ok(()));
        rayon::in_place_scope(|s| {
            if let Some(group) = next {
                s.spawn(|_| rendered = render(group, &mut spare));
            }
            written = ready.iter().try_for_each(|part| {
                if !std::mem::take(&mut first) {
                    out.write_all(b",")?;
                }
                out.write_all(part)
            });
        });
        written?;
        rendered?;
        std::mem::swap(&mut ready, &mut spare);
        current = next;
    }
    out.write_all(b"]")
}

/// An item of a large JSON array, written by hand: the same bytes as
/// `serde_json` writes for it (a test compares them), without going through
/// the derived serializer field by field.
trait JsonItem: Sync {
    fn write(&self, buf: &mut Vec<u8>) -> std::io::Result<()>;
}

/// `serde_json`'s number formats.
fn json_u32(buf: &mut Vec<u8>, v: u32) -> std::io::Result<()> {
    serde_json::ser::CompactFormatter.write_u32(buf, v)
}

fn json_f64(buf: &mut Vec<u8>, v: f64) -> std::io::Result<()> {
    if v.is_finite() {
        serde_json::ser::CompactFormatter.write_f64(buf, v)
    } else {
        buf.extend_from_slice(b"null");
        Ok(())
    }
}

/// `items` as a JSON list, each written by `one`.
fn json_list<T>(
    buf: &mut Vec<u8>,
    items: impl IntoIterator<Item = T>,
    one: impl FnMut(&mut Vec<u8>, T) -> std::io::Result<()>,
) -> std::io::Result<()> {
    buf.push(b'[');
    json_joined(buf, items, one)?;
    buf.push(b']');
    Ok(())
}

/// `items`, each written by `one`, separated by commas.
fn json_joined<T>(
    buf: &mut Vec<u8>,
    items: impl IntoIterator<Item = T>,
    mut one: impl FnMut(&mut Vec<u8>, T) -> std::io::Result<()>,
) -> std::io::Result<()> {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        one(buf, item)?;
    }
    Ok(())
}

impl JsonItem for [u32; 2] {
    fn write(&self, buf: &mut Vec<u8>) -> std::io::Result<()> {
        json_list(buf, *self, json_u32)
    }
}

impl JsonItem for Node {
    fn write(&self, buf: &mut Vec<u8>) -> std::io::Result<()> {
        buf.extend_from_slice(b"{\"id\":");
        json_u32(buf, self.id)?;
        buf.extend_from_slice(b",\"x\":");
        json_f64(buf, self.x)?;
        buf.extend_from_slice(b",\"y\":");
        json_f64(buf, self.y)?;
        buf.extend_from_slice(match self.kind {
            NodeKind::Center => b",\"kind\":\"center\",\"type\":",
            NodeKind::Mission => b",\"kind\":\"mission\",\"type\":",
            NodeKind::Regular => b",\"kind\":\"regular\",\"type\":",
        });
        match &self.node_type {
            // A name may hold characters to escape.
            Some(name) => serde_json::to_writer(&mut *buf, name).map_err(std::io::Error::other)?,
            None => buf.extend_from_slice(b"null"),
        }
        buf.extend_from_slice(b",\"edge_sides\":");
        json_list(buf, &self.edge_sides, |buf, side| {
            buf.extend_from_slice(match side {
                Side::Left => b"\"left\"",
                Side::Top => b"\"top\"",
                Side::Right => b"\"right\"",
                Side::Bottom => b"\"bottom\"",
            });
            Ok(())
        })?;
        buf.extend_from_slice(b",\"dots\":");
        json_list(buf, self.dots.iter().copied(), json_f64)?;
        buf.extend_from_slice(b",\"number\":");
        match self.number {
            Some(n) => json_u32(buf, n)?,
            None => buf.extend_from_slice(b"null"),
        }
        buf.push(b'}');
        Ok(())
    }
}

/// The universe generator, for code that handles every generator alike.
pub struct Universe;

impl Generator for Universe {
    const NAME: &'static str = "universe";
    const ABOUT: &'static str = "node-and-edge boards for the paper-cutting race game Unstable Universe";
    const STEPS: &'static [&'static str] = &STEPS;
    const FAIRNESS: &'static [crate::fairness::Target] = crate::fairness::UNIVERSE;
    const WORK_UNIT: &'static str = "nodes";
    const SERVED_WORK: u64 = 50_000;
    type Params = Params;
    type Board = Board;
    type Metrics = Metrics;
    type Snapshot = Snapshot;
    type Log = ();

    fn generate_with(params: &Params, seed: &Seed, _log: &(), watch: &mut dyn Watch<Snapshot>) -> Result<Board, Error> {
        generate_watched(params, seed, watch)
    }

    fn draw(board: &Board, options: DrawOptions) -> scene::Document {
        draw(board, options)
    }

    fn work_size(params: &Params) -> u64 {
        params.node_count()
    }

    fn write_json(board: &Board, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        write_json(board, out)
    }

    fn icon_files(params: &Params) -> Vec<(String, String)> {
        params
            .node_types
            .iter()
            .filter_map(|t| t.icon.as_ref().map(|path| (t.name.clone(), path.clone())))
            .collect()
    }

    fn check_drawable(params: &Params) -> Result<(), String> {
        if params.node_count() > MAX_DRAWN_NODES {
            return Err(format!(
                "a board of {} nodes is too large to draw (at most {MAX_DRAWN_NODES}); write .json instead, or lower `resolution`",
                params.node_count()
            ));
        }
        Ok(())
    }

    fn metrics(board: &Board) -> &Metrics {
        &board.metrics
    }

    fn snapshot_count(params: &Params, every: u32) -> u64 {
        u64::from(params.iterations / every.max(1)) + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `list` shows of the dictionary's ranges is what is checked.
    #[test]
    fn dictionary_ranges_shown_are_the_checked_ones() {
        use dictionary::*;
        let shown = |name: &str| match Params::INFO.iter().find(|i| i.name == name).map(|i| i.allowed) {
            Some(Allowed::Data(text)) => text,
            other => panic!("{name}: {other:?}"),
        };
        for wanted in [
            format!("1 to {MAX_TYPES} node-type tables"),
            format!("name (1-{MAX_NAME} characters)"),
            format!("min and max 0-{MAX_COPIES}"),
            format!("prob 0-{MAX_WEIGHT}"),
            format!("distances 0-{MAX_DISTANCE}"),
            format!("max_sequence 1-{MAX_SEQUENCE}"),
            format!("icon (an SVG file's path, 1-{MAX_PATH} characters"),
        ] {
            assert!(shown("node_types").contains(&wanted), "{wanted}");
        }
        for wanted in [
            format!("1 to {MAX_MISSIONS} mission tables"),
            format!("name (1-{MAX_NAME} characters)"),
            format!("up to {MAX_NEEDS} node-type names"),
            format!("weight 0-{MAX_WEIGHT}"),
        ] {
            assert!(shown("missions").contains(&wanted), "{wanted}");
        }
    }

    #[test]
    fn chunked_json_is_what_serde_json_writes() {
        let board = generate(&Params::default(), &Seed::new("json")).unwrap();
        let mut ours = Vec::new();
        write_json(&board, &mut ours).unwrap();
        assert_eq!(ours, serde_json::to_vec(&board).unwrap());
        for chunk in [1, 2, 5, 7, 1000] {
            for items in [
                &board.nodes[..0],
                &board.nodes[..1],
                &board.nodes[..],
                &board.nodes[..(16 * chunk + 3).min(board.nodes.len())],
            ] {
                let mut ours = Vec::new();
                json_array(items, chunk, &mut ours).unwrap();
                assert_eq!(ours, serde_json::to_vec(items).unwrap(), "chunk {chunk}, {} items", items.len());
            }
        }
    }
}
