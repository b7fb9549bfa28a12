//! What the expansions on place between a board's nodes: its areas, and in
//! them expeditions and landmarks, natural resources, and tiny nodes on the
//! edges.

use super::super::{Area, BuiltSoFar, Expedition, ExpeditionKind, NodeKind, Params, Resource, TinyNode, draw};
use rayon::prelude::*;

use crate::geom::Point;
use crate::seed::Seed;

/// What the expansions place between the nodes.
#[derive(Default)]
pub(crate) struct Between {
    pub(crate) areas: Vec<Area>,
    /// Areas with room for an expedition or landmark.
    pub(crate) suitable: u32,
    pub(crate) expeditions: Vec<Expedition>,
    pub(crate) resources: Vec<Resource>,
    pub(crate) tiny_nodes: Vec<TinyNode>,
}

/// The areas of the board, and the expeditions, landmarks, resources and
/// tiny nodes the expansions on place there; each from its own stream, the
/// areas' circles and resources area by area on any thread.
pub(crate) fn place(
    params: &Params,
    switched: &super::Switched,
    seed: &Seed,
    attempt: u32,
    board: &BuiltSoFar<'_>,
    on_border: &[bool],
) -> Between {
    use super::{areas, expeditions, inscribed, resources, tiny};
    let &BuiltSoFar {
        points,
        sides,
        graph,
        center,
        size,
    } = board;
    let size = (f64::from(size.0), f64::from(size.1));
    let faces = areas::walk(points, graph.edges(), sides, size);
    let outline = |f: &areas::Face| -> Vec<Point> { f.ring.iter().map(|&v| faces.at(points, v)).collect() };
    let mut suitable = 0;
    let expeditions = if switched.expeditions_or_landmarks() {
        // The largest circle of each area with room: for the expeditions
        // expansion, room for one of the radius (the others' search ends
        // early: no circle there); for the original's, room by its test.
        let n = points.len();
        let circles: Vec<Option<inscribed::Circle>> = faces
            .faces
            .par_iter()
            .map(|f| {
                let outline = outline(f);
                if !switched.expeditions {
                    let nodes = f.original_nodes(n, on_border)?;
                    let at: Vec<Point> = nodes.iter().map(|&v| points[v as usize]).collect();
                    expeditions::original_room(&at)
                        .then(|| inscribed::largest_of_at_least(&outline, 0.0))
                        .flatten()
                } else if inscribed::too_narrow(&outline, params.expedition_radius) {
                    None
                } else {
                    inscribed::largest_of_at_least(&outline, params.expedition_radius)
                }
            })
            .collect();
        suitable = circles.iter().flatten().count() as u32;
        let mut rng = seed.stream("expeditions", attempt);
        let c = points[center as usize];
        if switched.expeditions {
            expeditions::place(&circles, c, &mut rng)
        } else if switched.extreme_expeditions {
            let list = super::of_expansion(super::expedition_types(), super::EXTREME_EXPEDITIONS);
            let kind = ExpeditionKind::Expedition;
            expeditions::nearest(&circles, c, kind, &list, super::MOST_EXPEDITIONS, &mut rng)
        } else {
            let list = super::of_expansion(super::landmark_types(), super::SHARP_SCISSORS);
            let kind = ExpeditionKind::Landmark;
            expeditions::nearest(&circles, c, kind, &list, super::MOST_LANDMARKS, &mut rng)
        }
    } else {
        Vec::new()
    };
    // The expansion whose pieces a list's draws take.
    let placing = |ours: bool, ours_name: &'static str| if ours { ours_name } else { super::SHARP_SCISSORS };
    let resources = if switched.any_resources() {
        let kinds = super::of_expansion(super::resource_types(), placing(switched.resources, super::RESOURCES));
        let mut taken = vec![false; faces.faces.len()];
        for e in &expeditions {
            taken[e.area as usize] = true;
        }
        let rng = seed.stream("resources", attempt);
        // Each node's reach as drawn: the centre's, a mission's on the
        // border (where the missions are), a regular node's elsewhere.
        let reach: Vec<f64> = (0..points.len())
            .map(|v| {
                let kind = if v == center as usize {
                    NodeKind::Center
                } else if on_border[v] {
                    NodeKind::Mission
                } else {
                    NodeKind::Regular
                };
                draw::node_most(kind)
            })
            .collect();
        let clear = if switched.resources {
            resources::Clearance::ours(params.resource_radius)
        } else {
            resources::Clearance::ORIGINAL
        };
        let nodes = resources::Nodes::new(points, on_border, &reach, clear, size);
        let per_area: Vec<Vec<Resource>> = (0..faces.faces.len())
            .into_par_iter()
            .map(|a| {
                if taken[a] {
                    return Vec::new();
                }
                let mut rng = rng.substream(a as u64);
                resources::scatter(&faces, a, &nodes, clear, &kinds, &mut rng)
            })
            .collect();
        per_area.into_iter().flatten().collect()
    } else {
        Vec::new()
    };
    let tiny_nodes = if switched.any_tiny_nodes() {
        let kinds = super::of_expansion(super::tiny_node_types(), placing(switched.tiny_nodes, super::TINY_NODES));
        let edges = tiny::Edges {
            points,
            edges: graph.edges(),
            on_border,
            faces: &faces,
            size,
        };
        let roomy = switched.tiny_nodes || params.roomy_tiny_nodes;
        tiny::place(
            &edges,
            params.max_tiny_per_node,
            roomy,
            &kinds,
            &mut seed.stream("tiny nodes", attempt),
        )
    } else {
        Vec::new()
    };
    let areas = areas::to_areas(&faces, points);
    Between {
        areas,
        suitable,
        expeditions,
        resources,
        tiny_nodes,
    }
}
