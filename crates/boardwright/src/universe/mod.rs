//! Universe boards: the node-and-edge board of the paper-cutting race game
//! *Unstable Universe*.
//!
//! Files by concept: `params` (the parameters), `board` (the result, its
//! nodes and metrics), the steps, `draw` (the printed page) and `json` (the
//! fast writer); this module runs the steps and assembles the board.
//!
//! Steps, each a module, run in this order by [`Universe`]'s [`Generator::generate`]:
//! 1. `relax`: a jittered grid of points, obstacles, relaxation, snapping
//!    onto the paper's sides; `merge`: points left closer than the clearance
//!    merged; `center`: the fair centre;
//! 2. `edges`: the exact minimum spanning tree, the centre hub, the capped
//!    fill, all planar and clear of nodes (with `original_edges`, the
//!    original generator's tree, hub and fill instead);
//! 3. `missions`: twelve mission nodes, three per side, with fair hop
//!    distances to the centre;
//! 4. `types`: node types from the `dictionary`, and numbers;
//! 5. `dots`: power dots in the angular gaps between edges;
//! 6. with `expansions` on (`expansions/`): a node set's balanced set of
//!    types is chosen before step 4 assigns them; after it, the areas
//!    (faces) of the board, and in them expeditions and landmarks, natural
//!    resources, and tiny nodes on edges, each from a stream of its own.
//!
//! Missions and types walk the board one node at a time; the independent
//! check of the edges (`edges::violations`) needs only the edges, so it runs
//! beside them on the other threads. The power dots follow the types (a
//! type may set or add to its nodes' dots), node by node on every thread.
//!
//! A layout that cannot satisfy a guarantee (two nodes relaxed closer than
//! the clearance, points that no allowed pairs can join, a side without three
//! usable mission nodes) is dropped and the whole board is built again on
//! fresh random streams, up to `max_attempts`. The spanning tree itself keeps
//! the clearance (pairs that would pass too near a node are not allowed), so
//! it never costs a planar board an attempt once its points can be joined.
//!
//! [`Generator::generate_with`] also hands a watch the relaxing points every k-th
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

use crate::geom::Point;
use crate::seed::Seed;
use crate::{DrawOptions, Error, Generator, Header, Logged, Played, Printed, Stop, Unprintable, Watch};

mod board;
mod params;
// The steps, in the order they run.
mod center;
mod dots;
mod edges;
mod merge;
mod missions;
mod relax;
mod types;
// What the steps share, drawing and writing.
mod dictionary;
mod draw;
crate::internal! { mod expansions; }
mod icons;
mod json;
mod layouts;
pub mod play;
mod side;

pub use board::{Area, Board, BoardGraph, Expedition, ExpeditionKind, Metrics, Node, NodeKind, Resource, Snapshot, TinyNode};
use board::{degree_histogram, quadrant_edges, quadrants, side_mean_hops, spread};
pub use dictionary::{MissionKind, NodeType};
pub(crate) use draw::{draw, rules_card};
pub(crate) use json::write_json;
pub use params::Params;
pub use side::Side;
pub(crate) use side::Sides;

/// Points nearer than this, grid units, are one point even on a board
/// without the planarity guard (the `classic` preset): two points relaxed
/// onto one corner would otherwise print as two nodes in one place.
const COINCIDENT: f64 = 1e-6;

/// The generation steps, as reported to a progress callback.
pub(crate) const STEPS: [&str; 4] = [
    "relaxing points",
    "building edges",
    "choosing missions, types and dots",
    "assembling nodes",
];

/// A layout made as far as a board is chosen by: its points, edges, mission
/// nodes and node types, each from the streams of `attempt`.
/// [`LaidOut::finish`] places the power dots and what the expansions put
/// between the nodes, and assembles the board: the layouts a board does not
/// keep are never finished. (A board's only layout places most of its dots
/// beside its types, `untyped_dots`.)
struct LaidOut<'p> {
    params: &'p Params,
    seed: Seed,
    attempt: u32,
    size: (u32, u32),
    points: Vec<Point>,
    sides: Vec<Sides>,
    on_border: Vec<bool>,
    center: u32,
    graph: crate::graph::Graph,
    tree_edges: usize,
    switched: expansions::Switched,
    node_types: std::borrow::Cow<'p, [dictionary::NodeType]>,
    /// Crossings and clearance violations of the edges checked.
    checked: (u32, u32),
    chosen: Chosen,
    /// Power dots placed as if no node's type set their count, when this
    /// layout is the only one made (see [`dots::place_all`]).
    untyped_dots: Option<Vec<(Vec<f64>, u32)>>,
    /// Each node type's least and most count on this board.
    targets: Vec<(u32, Option<u32>)>,
    types_outside_bounds: u32,
}

/// Lays out a board from the streams of `attempt`, as far as [`LaidOut`]
/// says, or says which guarantee the layout breaks.
fn lay_out<'p>(params: &'p Params, seed: &Seed, attempt: u32, watch: &mut dyn Watch<Snapshot>) -> Result<LaidOut<'p>, String> {
    let (w, h) = params.size();
    let size = (f64::from(w), f64::from(h));
    watch.step(attempt, 0);
    let mut points = relax::jittered_grid(w, h, &mut seed.stream("points", attempt));
    let obstacles = relax::obstacles(w, h, params.obstacles, &mut seed.stream("obstacles", attempt));
    let center = (w / 2) * (h + 1) + h / 2;
    let every = watch.every();
    // Held until the merge below is known, then shown by the final ids.
    let mut shown: Vec<Snapshot> = Vec::new();
    let mut show = |iteration: u32, points: &[Point]| shown.push(Snapshot::new(iteration, points));
    if every.is_some() {
        show(0, &points);
    }
    let relax_watch = every.map(|every| relax::Watch {
        every,
        snapshot: &mut show,
    });
    let stop = watch.stop().cloned();
    let mut sides = relax::relax(&mut points, &obstacles, (w, h), params.iterations, relax_watch, stop.as_ref());
    if stop.as_ref().is_some_and(Stop::stopped) {
        return Err("stopped while relaxing".to_string());
    }
    let clearance = if params.planar { params.clearance } else { COINCIDENT };
    let merged = merge::merge_close(&mut points, &mut sides, center, clearance, (w, h));
    let center = if params.fair_center {
        center::place(&mut points, Point::new(size.0 / 2.0, size.1 / 2.0))
    } else {
        merged.first
    };
    for (k, mut snapshot) in shown.into_iter().enumerate() {
        merged.apply(&mut snapshot.points);
        if k == 0 {
            snapshot.obstacles = obstacles.iter().map(|o| [o.at.x, o.at.y, o.radius]).collect();
        }
        watch.snapshot(attempt, snapshot);
    }
    if every.is_some() {
        watch.snapshot(attempt, Snapshot::new(params.iterations, &points));
    }
    let on_border: Vec<bool> = sides.iter().map(|s| s.any()).collect();

    watch.step(attempt, 1);
    let built = edges::build(&edges::EdgeInput {
        points: &points,
        on_border: &on_border,
        center,
        max_connections: params.max_connections as usize,
        clearance: params.planar.then_some(params.clearance),
        original: params.original_edges,
        size,
    })?;
    let (graph, tree_edges) = (built.graph, built.tree_edges);

    watch.step(attempt, 2);
    let switched = expansions::Switched::of(params);
    // The node types of this board: the dictionary's, or a balanced set of
    // the dictionary's and the node sets' when a node set is on.
    let node_types: std::borrow::Cow<'_, [dictionary::NodeType]> = if switched.node_sets.is_empty() {
        std::borrow::Cow::Borrowed(&params.node_types)
    } else {
        let pool = expansions::node_type_pool(params);
        let targets = types::targets(&pool, w, h, params.fair_scaling);
        let mut rng = seed.stream("node set", attempt);
        let starts: Vec<usize> = switched
            .node_sets
            .iter()
            .filter_map(|s| s.starts_with.as_ref())
            .filter_map(|name| pool.iter().position(|t| &t.name == name))
            .collect();
        let chosen = expansions::node_set::balanced(&pool, &targets, &starts, points.len(), &mut rng);
        std::borrow::Cow::Owned(chosen.into_iter().map(|t| pool[t].clone()).collect())
    };
    // The board check needs only the edges: it runs beside the missions and
    // types, which go one node at a time.
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
        (&graph.edges()[..tree_edges], params.clearance)
    } else {
        // Measured, not enforced: how far the original's way falls short.
        (graph.edges(), params.clearance)
    };
    // The one layout a board makes is the one finished: its power dots are
    // placed here, beside the types, as if no type set their count, and
    // only the nodes whose type does are placed again once types are known.
    let ((checked, untyped_dots), chosen) = rayon::join(
        || {
            let checked = edges::violations(&points, checked_edges, size, clearance);
            let dots = params
                .only_layout()
                .then(|| dots::place_all(params, seed, attempt, &so_far, |_| dots::TypeDots::default(), None));
            (checked, dots)
        },
        || starts_and_types(params, &node_types, &switched, seed, attempt, &so_far),
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
    // Without the planarity guard (the original's edges), the expansions
    // that place pieces between the edges need the edges not to cross: the
    // areas are the faces of the drawing. Such a layout is drawn again (on
    // the original's edges it hardly ever happens).
    if switched.places() && crossings > 0 {
        return Err(format!(
            "the edges cross ({crossings} crossing(s)), so the board has no areas for the expansions' pieces"
        ));
    }
    let chosen = chosen?;
    let targets = types::targets(&node_types, w, h, params.fair_scaling);
    let types_outside_bounds = node_types
        .iter()
        .zip(&targets)
        .filter(|&(t, &(min, max))| {
            let count = chosen.type_counts.get(&t.name).copied().unwrap_or(0);
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
    let regular = points.len() - chosen.missions.len() - 1;
    let minimums: u64 = targets.iter().map(|&(min, _)| u64::from(min)).sum();
    if params.fair_scaling && types_outside_bounds > 0 && minimums <= regular as u64 && attempt == 0 && params.max_attempts > 1 {
        return Err(format!(
            "{types_outside_bounds} node type(s) found no room for their minimum or went past their maximum"
        ));
    }
    Ok(LaidOut {
        params,
        seed: seed.clone(),
        attempt,
        size: (w, h),
        points,
        sides,
        on_border,
        center,
        graph,
        tree_edges,
        switched,
        node_types,
        checked,
        chosen,
        untyped_dots,
        targets,
        types_outside_bounds,
    })
}

impl LaidOut<'_> {
    /// How far apart the mission nodes' hop distances to the centre are.
    fn mission_hop_spread(&self) -> u32 {
        let Chosen { hops, missions, .. } = &self.chosen;
        spread(&missions.iter().map(|&m| hops[m as usize]).collect::<Vec<_>>())
    }

    /// The board of this layout: its power dots placed (from the layout's
    /// streams, node by node on every thread) and, with the expansions on,
    /// what they place between the nodes.
    fn finish(self, watch: &mut dyn Watch<Snapshot>) -> Board {
        let LaidOut {
            params,
            seed,
            attempt,
            size: (w, h),
            points,
            sides,
            on_border,
            center,
            graph,
            tree_edges,
            switched,
            node_types,
            checked: (crossings, clearance_violations),
            chosen,
            untyped_dots,
            targets,
            types_outside_bounds,
        } = self;
        let Chosen {
            hops,
            missions,
            assignment,
            type_counts,
            kinds,
        } = chosen;
        let (seed, points, sides, node_types) = (&seed, &points[..], &sides[..], &node_types[..]);
        let so_far = BuiltSoFar {
            points,
            sides,
            graph: &graph,
            center,
            size: (w, h),
        };
        // A node's type may set or add to its dots.
        let type_dots: Vec<dots::TypeDots> = node_types
            .iter()
            .map(|t| dots::TypeDots {
                fixed: t.dots,
                extra: t.extra_dots,
            })
            .collect();
        let of_type = |v: u32| assignment.types[v as usize].map(|t| type_dots[t]).unwrap_or_default();
        let placed = dots::place_all(params, seed, attempt, &so_far, of_type, untyped_dots);

        watch.step(attempt, 3);
        // The number a node set puts on the centre (the original's Electric).
        let center_number = switched
            .node_sets
            .iter()
            .find_map(|s| s.center_number.as_ref())
            .map(|n| n.of(&type_counts, params.players));
        // The count a numbered type's numbers come from, by type.
        let sources: Vec<Option<u32>> = node_types
            .iter()
            .map(|t| t.number_from.as_ref().map(|from| type_counts.get(from).copied().unwrap_or(0)))
            .collect();
        let numbers_rng = seed.stream("numbers", attempt);
        let mission_index: BTreeMap<u32, usize> = missions.iter().enumerate().map(|(k, &m)| (m, k)).collect();
        let dots_wanted = placed.iter().map(|&(_, want)| want).sum();
        let dots_placed = placed.iter().map(|(dots, _)| dots.len() as u32).sum();
        let mut nodes = Vec::new();
        placed
            .into_par_iter()
            .enumerate()
            .map(|(v, (dots, _))| {
                let (id, p) = (v as u32, points[v]);
                let (kind, node_type, number) = if id == center {
                    (NodeKind::Center, None, center_number)
                } else if let Some(&k) = mission_index.get(&id) {
                    (NodeKind::Mission, Some(kinds[k].clone()), None)
                } else {
                    let t = assignment.types[v];
                    // Each node draws from its own substream: any thread, same number.
                    let number = t.and_then(|t| sources[t]).map(|count| {
                        let mut rng = numbers_rng.substream(u64::from(id));
                        types::number(count, params.players, p, points[center as usize], (w, h), &mut rng)
                    });
                    (NodeKind::Regular, t.map(|t| node_types[t].name.clone()), number)
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
                    label: None,
                }
            })
            .collect_into_vec(&mut nodes);
        let places: Vec<f64> = mission_index
            .keys()
            .map(|&m| {
                let n = &nodes[m as usize];
                board::border_place(&n.edge_sides, n.x, n.y, f64::from(w), f64::from(h))
            })
            .collect();
        for (&m, label) in mission_index.keys().zip(board::start_labels(&places)) {
            nodes[m as usize].label = Some(label);
        }
        // The mission nodes' hops in the order of their ids, the nodes' order.
        let mission_hops: Vec<u32> = mission_index.keys().map(|&m| hops[m as usize]).collect();
        let type_min: BTreeMap<String, u32> = node_types
            .iter()
            .zip(&targets)
            .map(|(t, &(min, _))| (t.name.clone(), min))
            .collect();
        let type_max: BTreeMap<String, u32> = node_types
            .iter()
            .zip(&targets)
            .filter_map(|(t, &(_, max))| Some((t.name.clone(), max?)))
            .collect();
        let between = switched
            .places()
            .then(|| expansions::between::place(params, &switched, seed, attempt, &so_far, &on_border));
        let quadrant_nodes = quadrants(points, center);
        let quadrant_edges = quadrant_edges(points, graph.edges(), center);
        let mut metrics = Metrics {
            nodes: points.len() as u32,
            edges: graph.edges().len() as u32,
            tree_edges: tree_edges as u32,
            border_nodes: on_border.iter().filter(|&&b| b).count() as u32,
            degree_histogram: degree_histogram(&graph),
            mission_hop_spread: spread(&mission_hops),
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
            layouts: 1,
            ..Metrics::default()
        };
        let between = between.unwrap_or_default();
        if switched.places() {
            metrics.areas = Some(between.areas.len() as u32);
            metrics.tiny_nodes = switched.any_tiny_nodes().then_some(between.tiny_nodes.len() as u32);
            metrics.resources = switched.any_resources().then_some(between.resources.len() as u32);
            if switched.expeditions_or_landmarks() {
                metrics.suitable_areas = Some(between.suitable);
                let mut counts = [[0u32; 4]; 2];
                let c = points[center as usize];
                for e in &between.expeditions {
                    let q = expansions::expeditions::quadrant(Point::new(e.x, e.y), c);
                    counts[usize::from(e.kind == ExpeditionKind::Landmark)][q] += 1;
                }
                metrics.quadrant_expeditions = Some(counts[0]);
                metrics.quadrant_landmarks = Some(counts[1]);
            }
        }
        Board {
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
            areas: between.areas,
            expeditions: between.expeditions,
            resources: between.resources,
            tiny_nodes: between.tiny_nodes,
            remedy: play::Remedy::None,
        }
    }
}

/// The board as the edge stage leaves it: what missions, types and dots read.
pub(crate) struct BuiltSoFar<'a> {
    points: &'a [Point],
    sides: &'a [Sides],
    graph: &'a crate::graph::Graph,
    center: u32,
    size: (u32, u32),
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
fn starts_and_types(
    params: &Params,
    node_types: &[dictionary::NodeType],
    switched: &expansions::Switched,
    seed: &Seed,
    attempt: u32,
    board: &BuiltSoFar<'_>,
) -> Result<Chosen, String> {
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
    let assignment = types::assign(&layout, node_types, &regular, &mut seed.stream("types", attempt));
    let mut counts = vec![0u32; node_types.len()];
    for t in assignment.types.iter().flatten() {
        counts[*t] += 1;
    }
    let type_counts: BTreeMap<String, u32> = node_types.iter().zip(counts).map(|(t, c)| (t.name.clone(), c)).collect();
    let kinds = missions::deal_kinds(
        &params.missions,
        |name| type_counts.get(name).is_some_and(|&c| c > 0),
        |expansion| switched.is_on(expansion),
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

/// The universe generator: [`Generator::generate`] makes a board,
/// [`Generator::draw`] draws it. Parameters that
/// [`Params::resolve`](crate::params::Params::resolve) would refuse give
/// [`Error::Params`], before any work.
///
/// ```
/// use boardwright::{Generator, Seed, universe::{self, Universe}};
///
/// let params = universe::Params { players: 5, ..Default::default() };
/// let board = Universe::generate(&params, &Seed::new("Tiamo")).unwrap();
/// let hops = board.graph().hops_from(board.centre().id);
/// assert!(hops.iter().all(Option::is_some), "every node reaches the centre");
/// ```
pub struct Universe;

impl Generator for Universe {
    const NAME: &'static str = "universe";
    const ABOUT: &'static str = "node-and-edge boards for the paper-cutting race game Unstable Universe";
    const STEPS: &'static [&'static str] = &STEPS;
    const FAIRNESS: &'static [crate::fairness::Target] = crate::fairness::UNIVERSE;
    const LIMITS: crate::Limits = crate::Limits {
        work_unit: "nodes of work",
        served_work: 50_000,
    };
    type Params = Params;
    type Board = Board;
    type Metrics = Metrics;
    type Snapshot = Snapshot;

    /// Generates a board, telling `watch` as each of [`Universe`]'s
    /// [`STEPS`](Generator::STEPS) begins and, when
    /// it asks for snapshots every k iterations, showing it the relaxing points:
    /// the jittered grid (iteration 0), then after iterations k, 2k, … and
    /// after the last one, once points left closer than the clearance are merged
    /// (the earlier id stays), so the last snapshot of the attempt that succeeds
    /// holds the board's node positions. Every snapshot holds the points by the
    /// board's node ids (see [`Snapshot`]): they are held until the merge is
    /// known and handed over together when relaxation is done. A watch that
    /// takes no snapshots costs nothing. Parameters are checked first.
    fn generate_with(params: &Params, seed: &Seed, watch: &mut dyn Watch<Snapshot>) -> Result<Board, Error> {
        crate::params::Params::check(params)?;
        crate::threads::sized(params.work(), || {
            layouts::choose(params, seed, watch, |seed, watch| {
                crate::retry("universe", params.max_attempts, watch.stop().cloned(), |attempt| {
                    lay_out(params, seed, attempt, watch)
                })
            })
        })
    }

    fn draw(board: &Board, options: DrawOptions) -> scene::Document {
        draw(board, options)
    }

    fn work_size(params: &Params) -> u64 {
        params.work()
    }

    fn write_json(board: &Board, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        write_json(board, out)
    }

    fn metrics(board: &Board) -> &Metrics {
        &board.metrics
    }

    fn snapshot_count(params: &Params, every: u32) -> u64 {
        u64::from(params.iterations / every.max(1)) + 1
    }
}

impl Logged for Universe {
    type Log = ();
}

impl Printed for Universe {
    const RULES_CARD: bool = true;

    /// Over several sheets, `aspect` (when not given) becomes the shape the
    /// assembled sheets leave the board (the size nearest that shape, among
    /// those laid out and drawn, that fills it best): a wide board on 2x1,
    /// a tall one on 1x2.
    fn fit_to_sheets(params: &mut Params, options: &DrawOptions) {
        if params.aspect.is_none() && options.tile != crate::Tile::ONE {
            params.aspect = draw::sheets_aspect(params, options);
        }
    }

    /// The board's sheets, then the legend's page when it has one and the
    /// rules card's page(s) when `options.rules_card` asks for it, on one
    /// sheet of the paper each.
    fn sheets(board: &Board, options: DrawOptions) -> scene::Document {
        let card = if options.rules_card {
            rules_card(board, &options)
        } else {
            Vec::new()
        };
        let (paper, tile) = (options.paper, options.tile);
        let mut doc = draw(board, options);
        let legend = doc.pages.split_off(1);
        let mut doc = crate::print::cut(doc, paper, tile);
        doc.pages.extend(legend);
        doc.pages.extend(card);
        doc
    }

    fn icon_files(params: &Params) -> Vec<(String, String)> {
        params
            .node_types
            .iter()
            .filter_map(|t| t.icon.as_ref().map(|path| (t.name.clone(), path.clone())))
            .collect()
    }

    fn check_drawable(params: &Params) -> Result<(), Unprintable> {
        draw::too_large(params.node_count()).map_or(Ok(()), Err)
    }

    fn unprintable(board: &Board, options: &DrawOptions) -> Option<String> {
        draw::unprintable(board, options)
    }
}

impl Played for Universe {
    const PLAYED: Option<&'static str> = Some("greedy games");

    /// What `games` greedy games on the board say (`play.*`).
    fn extra_figures(_params: &Params, _seed: &Seed, board: &Board, games: u32) -> Vec<(String, f64)> {
        play::figures(board, games)
    }
}
