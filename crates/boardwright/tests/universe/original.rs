//! Playable by the original's rulebook: a dot on every node, the original's
//! dictionary, missions and expansions, each checked on finished boards
//! against facts written here from the original game's dictionary.

use std::collections::BTreeMap;

use super::expansions::with;
use super::*;
use boardwright::universe::{ExpeditionKind, expansions};

/// Boards per player count and preset in the sweeps.
const SEEDS: usize = 25;

pub(super) fn preset(name: &str, players: u32) -> Params {
    Params {
        players,
        ..Params::resolve(&[Params::preset(name).unwrap()]).unwrap_or_else(|e| panic!("{name}: {e}"))
    }
}

/// Runs `check` over every player count and [`SEEDS`] seeds of `params`;
/// the failure names the board.
fn sweep(what: &str, params: impl Fn(u32) -> Params + Sync, check: impl Fn(&Params, &Board) -> Result<(), String> + Sync) {
    let what = format!("{what}, ");
    let failures = crate::per_player_count(|players| super::failures_of(&params(players), "original", SEEDS, &what, &check));
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

/// Every node has a power dot and the centre exactly one, on every preset.
#[test]
fn every_node_has_a_dot_and_the_centre_one() {
    for name in ["classic", "original-expansions", "all-expansions", "expeditions", "tiny_nodes"] {
        sweep(name, |players| preset(name, players), dots_hold);
    }
    sweep("default", |players| with(players, &[]), dots_hold);
}

fn dots_hold(_: &Params, b: &Board) -> Result<(), String> {
    for n in &b.nodes {
        let dots = n.dots.len();
        let most = match n.node_type.as_deref() {
            Some("Village Ruins") => 4,
            _ => usize::MAX,
        };
        if dots == 0 || dots > most || (n.kind == NodeKind::Center && dots != 1) {
            return Err(format!("node {} ({:?}, {:?}) has {dots} dots", n.id, n.kind, n.node_type));
        }
    }
    Ok(())
}

/// A board that makes one layout places its dots beside its node types, as
/// if no type set their count, and places again those of nodes whose type
/// does (Village Ruins: 4; Chameleon: 2 more; both Nodes of Knowledge).
/// Where the first of several
/// layouts is kept (the same layout, whose dots are placed once its types
/// are known), every node's dots are the same; the seeds compared hold both
/// kinds of node.
#[test]
fn dots_placed_beside_the_types_are_the_dots_placed_after_them() {
    let several = with(4, &["nodes_of_knowledge"]);
    let one = Params {
        start_layouts: 1,
        ..several.clone()
    };
    let (mut compared, mut typed) = (0, 0);
    for i in 0..40 {
        let seed = Seed::new(&format!("dots-{i}"));
        let first = Universe::generate(&several, &seed).unwrap();
        if first.metrics.layouts != 1 {
            continue;
        }
        let single = Universe::generate(&one, &seed).unwrap();
        for (a, b) in single.nodes.iter().zip(&first.nodes) {
            assert_eq!(
                (a.id, &a.node_type, &a.dots),
                (b.id, &b.node_type, &b.dots),
                "seed dots-{i}, node {}",
                a.id
            );
        }
        compared += 1;
        typed += single
            .nodes
            .iter()
            .filter(|n| matches!(n.node_type.as_deref(), Some("Village Ruins" | "Chameleon")))
            .count();
    }
    assert!(compared >= 10 && typed >= 10, "{compared} boards, {typed} nodes with typed dots");
}

/// A node type as the original's dictionary gives it: name, min, max, prob,
/// category, action types, requirements.
type Row = (
    &'static str,
    u32,
    Option<u32>,
    f64,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

/// The original's base dictionary.
const BASE: [Row; 9] = [
    ("Oil", 5, None, 5.0, "Resources", &["Cutting"], &[]),
    ("Fish", 3, None, 3.0, "Nature", &["Turn"], &[]),
    ("Water", 5, None, 5.0, "Nature", &["Movement"], &[]),
    ("Wood", 3, None, 3.0, "Technology", &["Cutting"], &[]),
    ("Fruit", 6, None, 3.0, "Plants", &["Cutting"], &["Dynamite"]),
    ("Dynamite", 4, Some(7), 3.0, "Enemies", &["Modify"], &[]),
    ("Stardust", 6, None, 3.0, "Magical", &["Progression"], &["Critters"]),
    ("Critters", 5, None, 5.0, "Enemies", &["Progression"], &["Stardust"]),
    ("Puppy", 2, Some(5), 3.0, "Misc", &["Blocking"], &[]),
];

/// The original's three node sets, type by type.
const SETS: [(&str, &[Row]); 3] = [
    (
        "nasty_nodes",
        &[
            ("Clock", 3, Some(5), 3.0, "Magical", &["Turn"], &[]),
            ("Critter Boss", 1, Some(3), 3.0, "Enemies", &["Progression"], &["Critters"]),
            ("Leapfrog", 3, None, 4.0, "Nature", &["Movement"], &["Clock"]),
            ("Stone", 2, None, 2.0, "Resources", &["Ownership"], &[]),
            ("Shield", 1, Some(3), 3.0, "Misc", &["Blocking"], &[]),
            ("Fire", 1, Some(4), 3.0, "Technology", &["Cutting", "Modify"], &["Wood", "Oil"]),
            ("Poison", 1, Some(5), 3.0, "Plants", &["Blocking"], &["Healing"]),
            ("Healing", 1, Some(5), 3.0, "Plants", &["Cutting"], &["Poison"]),
            ("Parasite", 2, Some(5), 4.0, "Nature", &["Cutting"], &[]),
        ],
    ),
    (
        "nodes_of_knowledge",
        &[
            ("Sun", 4, Some(7), 5.0, "Technology", &["Cutting", "Progression"], &["Moon"]),
            ("Moon", 4, Some(7), 5.0, "Resources", &["Cutting", "Progression"], &["Sun"]),
            ("Knowledge", 2, Some(4), 3.0, "Misc", &["Turn"], &[]),
            ("Black Matter", 3, Some(6), 5.0, "Magical", &["Modify", "Movement"], &[]),
            ("Chameleon", 2, Some(5), 3.0, "Nature", &["Ownership"], &[]),
            ("Night Owl", 2, Some(5), 5.0, "Enemies", &["Cutting"], &["Sun", "Moon"]),
            ("Curse", 2, Some(4), 4.0, "Magical", &["Turn"], &["Wall Plant"]),
            ("Wall Plant", 2, Some(4), 4.0, "Plants", &["Modify", "Blocking"], &["Curse"]),
            ("Village Ruins", 2, Some(4), 4.0, "Misc", &["Ownership"], &[]),
        ],
    ),
    (
        "electric",
        &[
            (
                "Electricity",
                6,
                Some(10),
                3.0,
                "Technology",
                &["Progression"],
                &["Battery", "Shovel", "Factory"],
            ),
            (
                "Battery",
                3,
                Some(5),
                4.0,
                "Magical",
                &["Progression"],
                &["Electricity", "Shovel", "Factory"],
            ),
            (
                "Shovel",
                6,
                Some(10),
                4.0,
                "Magical",
                &["Progression"],
                &["Electricity", "Battery", "Factory"],
            ),
            (
                "Factory",
                3,
                Some(5),
                4.0,
                "Misc",
                &["Turn", "Movement", "Ownership", "Modify"],
                &["Electricity", "Battery", "Shovel"],
            ),
            ("Electric Shield", 3, Some(5), 4.0, "Misc", &["Blocking"], &[]),
            ("Wind", 3, Some(5), 4.0, "Misc", &["Movement", "Cutting"], &[]),
            ("Dragon Dino", 1, Some(3), 4.0, "Enemies", &["Progression"], &["Electricity"]),
            ("Untamed Wildlands", 2, Some(5), 2.0, "Nature", &["Cutting", "Blocking"], &[]),
            ("Biomass", 3, Some(6), 4.0, "Plants", &["Cutting", "Turn"], &["Electricity"]),
        ],
    ),
];

fn same_as_table(t: &NodeType, row: &Row) {
    let &(name, min, max, prob, category, actions, requires) = row;
    assert_eq!(
        (t.name.as_str(), t.min, t.max, t.prob, t.category.as_str()),
        (name, min, max, prob, category)
    );
    assert_eq!(t.actions, actions, "{name}: action types");
    assert_eq!(t.requires, requires, "{name}: requirements");
    assert!(t.rule.as_deref().is_some_and(|r| !r.is_empty()), "{name}: a rule for players");
}

#[test]
fn the_dictionary_and_node_sets_are_the_originals() {
    let types = universe::Params::default().node_types;
    assert_eq!(types.len(), BASE.len());
    for (t, row) in types.iter().zip(&BASE) {
        same_as_table(t, row);
    }
    for (name, rows) in SETS {
        let set = expansions::node_sets().iter().find(|s| s.name == name).unwrap();
        assert!(set.original, "{name}");
        assert_eq!(set.node_types.len(), rows.len(), "{name}");
        for (t, row) in set.node_types.iter().zip(rows) {
            same_as_table(t, row);
        }
    }
    let node_sets = expansions::node_sets();
    let find = |name: &str| node_sets.iter().flat_map(|s| &s.node_types).find(|t| t.name == name).unwrap();
    assert_eq!(find("Village Ruins").dots, Some(4));
    assert_eq!(find("Chameleon").extra_dots, 2);
    assert_eq!(find("Critter Boss").number_from.as_deref(), Some("Critters"));
    assert_eq!(find("Dragon Dino").number_from.as_deref(), Some("Electricity"));
    // The original's pieces, by their names and weights.
    let pieces = |list: &[expansions::Piece], expansion: &str| -> Vec<(String, f64)> {
        list.iter()
            .filter(|p| p.expansion == expansion)
            .map(|p| (p.name.clone(), p.weight))
            .collect()
    };
    let named = |names: &[(&str, f64)]| -> Vec<(String, f64)> { names.iter().map(|&(n, w)| (n.to_string(), w)).collect() };
    assert_eq!(
        pieces(expansions::tiny_node_types(), "sharp_scissors"),
        named(&[("Circle", 4.0), ("Pause", 2.0), ("Square", 3.0), ("Triangle", 1.5), ("Cross", 2.0)])
    );
    let even = |names: &[&'static str], w: f64| -> Vec<(String, f64)> { names.iter().map(|n| (n.to_string(), w)).collect() };
    assert_eq!(
        pieces(expansions::resource_types(), "sharp_scissors"),
        even(&["Coal", "Diamonds", "Gold", "Minerals", "Gas"], 2.0)
    );
    assert_eq!(
        pieces(expansions::landmark_types(), "sharp_scissors"),
        even(&["Mountain", "Forest", "Lake", "Capital", "Caves"], 2.0)
    );
    let trips = [
        "Research Race",
        "Trap",
        "Follow the Leader",
        "Whirlpool",
        "Refurbished Objects",
        "Underground Disaster",
        "Second Chance",
    ];
    assert_eq!(pieces(expansions::expedition_types(), "extreme_expeditions"), even(&trips, 1.0));
}

/// Mission kinds of an expansion are dealt only with it; the original's
/// needs decide Peacemaker and Fighter.
#[test]
fn missions_come_with_their_expansions() {
    let gated = [
        ("Explorer", "extreme_expeditions"),
        ("Conqueror", "nodes_of_knowledge"),
        ("Digger", "sharp_scissors"),
        ("Destroyer", "nasty_nodes"),
    ];
    let dealt = |names: &[&str], seed: usize| -> Vec<String> {
        let params = Params {
            first_game: false,
            ..with(4, names)
        };
        let b = Universe::generate(&params, &Seed::new(&format!("missions-{seed}"))).unwrap();
        b.nodes
            .iter()
            .filter(|n| n.kind == NodeKind::Mission)
            .filter_map(|n| n.node_type.clone())
            .collect()
    };
    for seed in 0..40 {
        let base = dealt(&[], seed);
        assert_eq!(base.len(), 12);
        for (kind, _) in gated {
            assert!(!base.iter().any(|k| k == kind), "seed {seed}: {kind} dealt on a base board");
        }
    }
    for (kind, expansion) in gated {
        let with_it = dealt(&[expansion], 0);
        assert!(with_it.iter().any(|k| k == kind), "{kind} not dealt with {expansion}: {with_it:?}");
    }
    let missions = universe::Params::default().missions;
    let needs = |name: &str| missions.iter().find(|m| m.name == name).unwrap().needs.clone();
    assert_eq!(needs("Peacemaker"), ["Dynamite", "Fire", "Gas"]);
    assert_eq!(needs("Fighter"), ["Critters", "Critter Boss", "Night Owl", "Dragon Dino"]);
    for m in &missions {
        assert!(m.rule.is_some(), "{}: a rule for players", m.name);
        if !["Peacemaker", "Fighter"].contains(&m.name.as_str()) {
            assert!(m.needs.is_empty(), "{} needs {:?}", m.name, m.needs);
        }
    }
}

/// The largest circle the outline `polygon` holds, by a grid search: its
/// radius, and the points where a circle within a grid step of it fits
/// (the largest circle's centre lies near one of them); `None` when its box
/// is narrower than `radius`.
fn largest_circle(polygon: &[[f64; 2]], radius: f64) -> Option<(f64, Vec<(f64, f64)>)> {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    for p in polygon {
        (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
    }
    if x1 - x0 < 2.0 * radius || y1 - y0 < 2.0 * radius {
        return None;
    }
    let step = 0.05;
    let mut fits: Vec<((f64, f64), f64)> = Vec::new();
    let mut y = y0;
    while y <= y1 {
        let mut x = x0;
        while x <= x1 {
            if super::expansions::inside((x, y), polygon) {
                fits.push(((x, y), super::expansions::to_outline((x, y), polygon)));
            }
            x += step;
        }
        y += step;
    }
    let best = fits.iter().map(|f| f.1).fold(0.0, f64::max);
    let near = fits.into_iter().filter(|f| f.1 >= best - step).map(|f| f.0).collect();
    Some((best, near))
}

/// Whether the pieces of `b` stand in the (at most `most`) areas with room
/// by the original's test nearest the centre.
fn nearest_areas_taken(b: &Board, most: usize) -> Result<(), String> {
    let centre = b.nodes.iter().find(|n| n.kind == NodeKind::Center).map(|n| (n.x, n.y)).unwrap();
    if b.expeditions.len() > most {
        return Err(format!("{} pieces, at most {most}", b.expeditions.len()));
    }
    let farthest = b.expeditions.iter().map(|e| dist((e.x, e.y), centre)).fold(0.0, f64::max);
    let mut roomy = 0;
    for (k, nodes, _) in original_areas(b) {
        if !original_suitable(&nodes) {
            continue;
        }
        let Some((r, near)) = largest_circle(&b.areas[k].outline, 0.0) else {
            continue;
        };
        roomy += 1;
        let taken = b.expeditions.iter().any(|e| e.area as usize == k);
        // An area with room left out lies no nearer than the farthest
        // taken (within the grid search's step).
        let reach = near.iter().map(|&p| dist(p, centre)).fold(0.0, f64::max);
        if !taken && (b.expeditions.len() < most || reach < farthest - 0.1) {
            return Err(format!("area {k} has room {r} at {reach:.2} from the centre, and no piece"));
        }
    }
    if b.expeditions.len() < roomy.min(most) {
        return Err(format!("{} pieces for {roomy} areas with room", b.expeditions.len()));
    }
    Ok(())
}

/// Extreme Expeditions: at most ten expeditions, in the areas with room by
/// the original's test nearest the centre, 1–3 join slots each, no
/// landmarks.
#[test]
fn extreme_expeditions_take_the_areas_nearest_the_centre() {
    sweep(
        "extreme_expeditions",
        |players| with(players, &["extreme_expeditions"]),
        |_, b| {
            if let Some(e) = b
                .expeditions
                .iter()
                .find(|e| e.kind != ExpeditionKind::Expedition || !(1..=3).contains(&e.slots))
            {
                return Err(format!("area {}: {:?} with {} slots", e.area, e.kind, e.slots));
            }
            nearest_areas_taken(b, 10)
        },
    );
}

/// Sharp Scissors: at most five landmarks nearest the centre without
/// Extreme Expeditions, none with it; tiny nodes on the edges between nodes
/// off the border, at most two a node, on every such edge the original's
/// walk reaches; its own pieces.
#[test]
fn sharp_scissors_places_the_originals_pieces() {
    let tiny: Vec<String> = ["Circle", "Pause", "Square", "Triangle", "Cross"].map(String::from).into();
    let resources: Vec<String> = ["Coal", "Diamonds", "Gold", "Minerals", "Gas"].map(String::from).into();
    let landmarks: Vec<String> = ["Mountain", "Forest", "Lake", "Capital", "Caves"].map(String::from).into();
    let counts = std::sync::Mutex::new(Vec::new());
    sweep(
        "sharp_scissors",
        |players| with(players, &["sharp_scissors"]),
        |params, b| {
            if b.expeditions.len() > 5
                || b.expeditions
                    .iter()
                    .any(|e| e.kind != ExpeditionKind::Landmark || !landmarks.contains(&e.name))
            {
                return Err(format!(
                    "landmarks: {:?}",
                    b.expeditions.iter().map(|e| &e.name).collect::<Vec<_>>()
                ));
            }
            if let Some(r) = b.resources.iter().find(|r| !resources.contains(&r.name)) {
                return Err(format!("resource {:?}", r.name));
            }
            let mut held = vec![0u32; b.nodes.len()];
            let mut on_edge = vec![false; b.edges.len()];
            for t in &b.tiny_nodes {
                let [x, y] = b.edges[t.edge as usize];
                if on_border(b, x) || on_border(b, y) || !tiny.contains(&t.name) || on_edge[t.edge as usize] {
                    return Err(format!("tiny node {:?} on edge {x}-{y}", t.name));
                }
                on_edge[t.edge as usize] = true;
                held[x as usize] += 1;
                held[y as usize] += 1;
            }
            let cap = params.max_tiny_per_node;
            if let Some(v) = held.iter().position(|&h| h > cap) {
                return Err(format!("node {v} holds {} tiny nodes", held[v]));
            }
            // An edge between two nodes off the border is left bare only where
            // the walk stopped: one of its ends, or a neighbour of one, is full.
            let full = |v: u32| held[v as usize] >= cap;
            let neighbours = |v: u32| {
                b.edges
                    .iter()
                    .filter_map(move |&[p, q]| (p == v).then_some(q).or((q == v).then_some(p)))
            };
            for (e, &[x, y]) in b.edges.iter().enumerate() {
                if on_edge[e] || on_border(b, x) || on_border(b, y) {
                    continue;
                }
                let stopped = |v: u32| full(v) || neighbours(v).any(full);
                if !stopped(x) && !stopped(y) {
                    return Err(format!("edge {x}-{y}: no tiny node, and nothing full near it"));
                }
            }
            counts.lock().unwrap().push(b.tiny_nodes.len());
            Ok(())
        },
    );
    let counts = counts.into_inner().unwrap();
    let mean = counts.iter().sum::<usize>() as f64 / counts.len() as f64;
    // About 42 a board in the original, against 11 under boardwright's rule.
    assert!(mean > 30.0, "{mean} tiny nodes a board");
    sweep(
        "sharp_scissors with expeditions",
        |players| with(players, &["sharp_scissors", "extreme_expeditions"]),
        |_, b| match b.expeditions.iter().find(|e| e.kind == ExpeditionKind::Landmark) {
            Some(e) => Err(format!("a landmark ({}) beside Extreme Expeditions", e.name)),
            None => Ok(()),
        },
    );
}

/// The Electric expansion numbers the centre: two thirds (0.66) of the
/// board's energy a player, rounded down, where Fire and Wood count half.
#[test]
fn electric_numbers_the_centre() {
    let energy: BTreeMap<&str, f64> = [
        ("Oil", 1.0),
        ("Fire", 0.5),
        ("Wood", 0.5),
        ("Sun", 1.0),
        ("Moon", 1.0),
        ("Wind", 1.0),
        ("Biomass", 1.0),
        ("Electricity", 1.0),
        ("Battery", 1.0),
    ]
    .into();
    sweep(
        "electric",
        |players| with(players, &["electric", "nodes_of_knowledge"]),
        |params, b| {
            let mut sum = 0.0;
            for n in &b.nodes {
                if let Some(e) = n.node_type.as_deref().and_then(|t| energy.get(t)) {
                    sum += e;
                }
            }
            let expected = (0.66 * f64::floor(sum) / f64::from(params.players)).floor() as u32;
            let centre = b.nodes.iter().find(|n| n.kind == NodeKind::Center).unwrap();
            match centre.number {
                Some(k) if k == expected => Ok(()),
                other => Err(format!("centre number {other:?}, energy {sum}: expected {expected}")),
            }
        },
    );
    let plain = Universe::generate(&Params::default(), &Seed::new("plain")).unwrap();
    assert!(plain.nodes.iter().all(|n| n.kind != NodeKind::Center || n.number.is_none()));
    // The rules card names every energy node the centre counts.
    let set = boardwright::universe::expansions::node_sets()
        .iter()
        .find(|s| s.name == "electric")
        .unwrap();
    let rule = set.rule.as_deref().unwrap();
    for name in energy.keys() {
        assert!(
            rule.contains(name),
            "{name} counts towards the centre's number but the card does not name it: {rule}"
        );
    }
}

/// The areas the original's walk keeps, as their nodes' positions in ring
/// order: no node twice (its walk gives up at a dead end), one node off the
/// border (its walk starts only there). With the index of each.
fn original_areas(b: &Board) -> Vec<(usize, Vec<[f64; 2]>, usize)> {
    b.areas
        .iter()
        .enumerate()
        .filter_map(|(a, area)| {
            let nodes = &area.nodes;
            let twice = nodes.iter().enumerate().any(|(i, v)| nodes[..i].contains(v));
            let on_border = |v: &u32| !b.nodes[*v as usize].edge_sides.is_empty();
            let border = nodes.iter().filter(|v| on_border(v)).count();
            (!twice && border < nodes.len()).then(|| {
                (
                    a,
                    nodes.iter().map(|&v| [b.nodes[v as usize].x, b.nodes[v as usize].y]).collect(),
                    border,
                )
            })
        })
        .collect()
}

/// The original's `findSuitableAreas` test: the mean of the first nodes
/// (all, then one fewer while three remain) farther than 0.6 from every
/// node of the area.
fn original_suitable(nodes: &[[f64; 2]]) -> bool {
    (3..=nodes.len()).rev().any(|first| {
        let (sx, sy) = nodes[..first].iter().fold((0.0, 0.0), |(x, y), p| (x + p[0], y + p[1]));
        let mean = [sx / first as f64, sy / first as f64];
        nodes
            .iter()
            .all(|p| ((p[0] - mean[0]).powi(2) + (p[1] - mean[1]).powi(2)).sqrt() > 0.6)
    })
}

/// Whether `p` lies inside `polygon` (a ray cast to the right).
fn inside(p: [f64; 2], polygon: &[[f64; 2]]) -> bool {
    let mut inside = false;
    for i in 0..polygon.len() {
        let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
        if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]) {
            inside = !inside;
        }
    }
    inside
}

/// The original's `addNaturalResources` on the areas `areas` (nodes and
/// border count), once, with random numbers from `next`: how many it
/// places.
fn original_resources(areas: &[(Vec<[f64; 2]>, usize)], next: &mut impl FnMut() -> f64) -> usize {
    let dist = |p: [f64; 2], q: [f64; 2]| ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
    let mut total = 0;
    for (nodes, border) in areas {
        let mut wanted = (next() * 4.0).floor() as usize + 1;
        if *border >= (0.5 * nodes.len() as f64).round() as usize {
            continue;
        }
        if nodes.len() <= 4 {
            wanted = (next() * 2.0).floor() as usize + 1;
        }
        let n = nodes.len() as f64;
        let mean = [
            nodes.iter().map(|p| p[0]).sum::<f64>() / n,
            nodes.iter().map(|p| p[1]).sum::<f64>() / n,
        ];
        let shrunk: Vec<[f64; 2]> = nodes
            .iter()
            .map(|p| [mean[0] + 0.7 * (p[0] - mean[0]), mean[1] + 0.7 * (p[1] - mean[1])])
            .collect();
        let (x0, x1) = shrunk.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p[0]), b.max(p[0])));
        let (y0, y1) = shrunk.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p[1]), b.max(p[1])));
        let mut placed: Vec<[f64; 2]> = Vec::new();
        for _ in 0..wanted {
            for _ in 0..200 {
                let p = [x0 + next() * (x1 - x0), y0 + next() * (y1 - y0)];
                if inside(p, &shrunk) && nodes.iter().all(|&q| dist(p, q) > 0.465) && placed.iter().all(|&q| dist(p, q) > 0.33) {
                    placed.push(p);
                    break;
                }
            }
        }
        total += placed.len();
    }
    total
}

/// Sharp Scissors and Extreme Expeditions find their areas as the
/// original does: as many landmarks (at most 5) or expeditions (at most
/// 10) as the original's test finds suitable areas, and as many natural
/// resources as the original's `addNaturalResources` places on the same
/// areas in one of 2,000 runs of its own randomness, less at most a tenth
/// (ours also keeps each resource off the edges). On 2, 4 and 9 players,
/// 8 boards each, on our edges and on the original's (`classic`, whose
/// boards with these expansions never cross an edge).
#[test]
fn resources_and_expedition_areas_as_the_original_finds_them() {
    let mut failures = Vec::new();
    for (expansion, most) in [("sharp_scissors", 5), ("extreme_expeditions", 10)] {
        for (players, classic) in [2, 4, 9].into_iter().flat_map(|p| [(p, false), (p, true)]) {
            let params = if classic {
                Params {
                    expansions: vec![expansion.to_string()],
                    ..preset("classic", players)
                }
            } else {
                with(players, &[expansion])
            };
            for i in 0..8 {
                let seed = format!("original-{i}");
                let b = Universe::generate(&params, &Seed::new(&seed)).unwrap();
                let what = format!("{expansion}, classic {classic}, players {players}, seed {seed:?}");
                if b.metrics.crossings != 0 {
                    failures.push(format!("{what}: {} crossings", b.metrics.crossings));
                }
                let areas = original_areas(&b);
                let suitable = areas.iter().filter(|(_, nodes, _)| original_suitable(nodes)).count();
                if b.expeditions.len() != suitable.min(most) {
                    failures.push(format!(
                        "{what}: {} pieces, {suitable} suitable areas by the original's test",
                        b.expeditions.len()
                    ));
                }
                if expansion != "sharp_scissors" {
                    continue;
                }
                let free: Vec<(Vec<[f64; 2]>, usize)> = areas
                    .into_iter()
                    .filter(|(a, _, _)| b.expeditions.iter().all(|e| e.area as usize != *a))
                    .map(|(_, nodes, border)| (nodes, border))
                    .collect();
                let mut rng = crate::rng::Rng::new(0x2545_f491_4f6c_dd1d, 1);
                let mut next = || rng.unit();
                let runs: Vec<usize> = (0..2000).map(|_| original_resources(&free, &mut next)).collect();
                let (lo, hi) = (*runs.iter().min().unwrap(), *runs.iter().max().unwrap());
                let ours = b.resources.len();
                if ours * 10 < lo * 9 || ours > hi {
                    failures.push(format!(
                        "{what}: {ours} resources; the original's places {lo} to {hi} on the same areas"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
