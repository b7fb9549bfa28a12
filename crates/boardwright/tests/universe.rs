//! Universe boards: every guarantee of the spec over many seeds and every
//! player count, checked by brute force on the finished board.

// The checks may use the platform's trigonometry: they compare, not produce.
#![allow(clippy::disallowed_methods)]

use std::f64::consts::{PI, TAU};

use boardwright::params::{self, Params as _};
use boardwright::universe::{self, Board, MissionKind, NodeKind, NodeType, Params, Side, Universe};
use boardwright::{Generator, Seed, Watch};

use super::{dist, segment_distance};

const SEEDS_PER_PLAYER_COUNT: usize = 500;

/// A default board, in one attempt (see [`once`]).
fn board(players: u32, seed: &str) -> Board {
    let params = Params {
        players,
        ..Params::default()
    };
    once(&params, &Seed::new(seed))
}

/// A board that must come in one attempt: the spanning tree keeps the
/// clearance, and points relaxation left closer than it (two snapped onto
/// one corner) are merged, so only a side without three mission nodes could
/// cost another.
fn once(params: &Params, seed: &Seed) -> Board {
    let b = universe::generate(params, seed).unwrap_or_else(|e| panic!("seed {seed:?}: {e}"));
    assert_eq!(b.metrics.attempts, 1, "seed {seed:?}");
    b
}

/// Runs `check` on boards of every player count over many seeds; the failure
/// message names the board.
fn check_all(check: impl Fn(&Board) -> Result<(), String> + Sync) {
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (2..=9u32)
            .map(|players| {
                let check = &check;
                scope.spawn(move || {
                    (0..SEEDS_PER_PLAYER_COUNT)
                        .filter_map(|i| {
                            let seed = format!("check-{i}");
                            check(&board(players, &seed))
                                .err()
                                .map(|e| format!("players {players}, seed {seed:?}: {e}"))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

fn pos(b: &Board, v: u32) -> (f64, f64) {
    (b.nodes[v as usize].x, b.nodes[v as usize].y)
}

fn on_border(b: &Board, v: u32) -> bool {
    !b.nodes[v as usize].edge_sides.is_empty()
}

fn neighbors(b: &Board) -> Vec<Vec<u32>> {
    let mut adj = vec![Vec::new(); b.nodes.len()];
    for &[x, y] in &b.edges {
        adj[x as usize].push(y);
        adj[y as usize].push(x);
    }
    adj
}

fn hops(adj: &[Vec<u32>], from: u32) -> Vec<u32> {
    let mut d = vec![u32::MAX; adj.len()];
    let mut queue = std::collections::VecDeque::from([from]);
    d[from as usize] = 0;
    while let Some(v) = queue.pop_front() {
        for &w in &adj[v as usize] {
            if d[w as usize] == u32::MAX {
                d[w as usize] = d[v as usize] + 1;
                queue.push_back(w);
            }
        }
    }
    d
}

/// `Board::graph` answers as a breadth-first search of its own over the
/// edges read back from the board's JSON: each node's neighbours, in the
/// order of the edges, and hop distances from several nodes.
#[test]
fn board_graph_answers_as_a_search_over_the_json_edges() {
    for players in 2..=9 {
        for i in 0..25 {
            let seed = format!("graph-{i}");
            let b = board(players, &seed);
            let json: serde_json::Value = serde_json::from_slice(&{
                let mut out = Vec::new();
                Universe::write_json(&b, &mut out).unwrap();
                out
            })
            .unwrap();
            let n = json["nodes"].as_array().unwrap().len();
            let mut adj = vec![Vec::new(); n];
            for edge in json["edges"].as_array().unwrap() {
                let (x, y) = (edge[0].as_u64().unwrap() as u32, edge[1].as_u64().unwrap() as u32);
                adj[x as usize].push(y);
                adj[y as usize].push(x);
            }
            let graph = b.graph();
            for (v, near) in adj.iter().enumerate() {
                assert_eq!(
                    graph.neighbors(v as u32),
                    near.as_slice(),
                    "players {players}, seed {seed:?}, node {v}"
                );
                assert_eq!(graph.degree(v as u32), near.len());
            }
            let center = b.nodes.iter().find(|n| n.kind == NodeKind::Center).unwrap().id;
            let mission = b.nodes.iter().find(|n| n.kind == NodeKind::Mission).unwrap().id;
            for from in [center, mission, 0, n as u32 - 1, (i * 7 % n) as u32] {
                let want = hops(&adj, from);
                assert!(want.iter().all(|&d| d != u32::MAX), "players {players}, seed {seed:?}: connected");
                assert_eq!(graph.hops_from(from), want, "players {players}, seed {seed:?}, from {from}");
            }
        }
    }
}

fn cross(o: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

#[test]
fn node_counts_follow_the_player_table() {
    for (players, n, w, h) in [
        (2, 88, 10, 7),
        (3, 88, 10, 7),
        (4, 88, 10, 7),
        (5, 96, 11, 7),
        (6, 96, 11, 7),
        (7, 117, 12, 8),
        (8, 117, 12, 8),
        (9, 140, 13, 9),
    ] {
        let b = board(players, "counts");
        assert_eq!((b.nodes.len(), b.width, b.height), (n, w, h), "players {players}");
        assert!(b.nodes.iter().enumerate().all(|(i, node)| node.id as usize == i));
    }
}

#[test]
fn graph_is_connected_and_contains_the_exact_spanning_tree() {
    check_all(|b| {
        let adj = neighbors(b);
        if hops(&adj, 0).contains(&u32::MAX) {
            return Err("not connected".into());
        }
        // Prim over every allowed pair: the reference tree. A pair is allowed
        // unless both ends are border nodes or, on planar boards, another node
        // is closer than the clearance to it (looked at only for a pair that
        // would improve a node's best).
        let n = b.nodes.len();
        let clearance = if b.header.params.planar { b.header.params.clearance } else { 0.0 };
        let clear = |v: usize, w: usize| {
            let (p, q) = (pos(b, v as u32), pos(b, w as u32));
            (0..n)
                .filter(|&x| x != v && x != w)
                .all(|x| segment_distance(pos(b, x as u32), p, q) >= clearance)
        };
        let mut best = vec![(f64::INFINITY, u32::MAX); n];
        let mut done = vec![false; n];
        best[0].0 = 0.0;
        for _ in 0..n {
            let v = (0..n)
                .filter(|&i| !done[i])
                .min_by(|&x, &y| best[x].0.total_cmp(&best[y].0))
                .unwrap();
            done[v] = true;
            let parent = best[v].1;
            if parent != u32::MAX && !adj[v].contains(&parent) {
                return Err(format!("spanning tree edge {parent}-{v} missing"));
            }
            for w in 0..n {
                let allowed = !(on_border(b, v as u32) && on_border(b, w as u32));
                let d = dist(pos(b, v as u32), pos(b, w as u32));
                if !done[w] && allowed && d < best[w].0 && clear(v, w) {
                    best[w] = (d, v as u32);
                }
            }
        }
        Ok(())
    });
}

#[test]
fn edges_are_planar_clear_of_nodes_and_never_join_two_border_nodes() {
    check_all(|b| {
        let clearance = b.header.params.clearance;
        for (i, &[u, v]) in b.edges.iter().enumerate() {
            if on_border(b, u) && on_border(b, v) {
                return Err(format!("edge {u}-{v} joins two border nodes"));
            }
            let (pu, pv) = (pos(b, u), pos(b, v));
            for w in 0..b.nodes.len() as u32 {
                if w != u && w != v && segment_distance(pos(b, w), pu, pv) < clearance {
                    return Err(format!("edge {u}-{v} passes node {w} closer than {clearance}"));
                }
            }
            for &[x, y] in &b.edges[i + 1..] {
                if [x, y].iter().any(|z| *z == u || *z == v) {
                    continue;
                }
                let (px, py) = (pos(b, x), pos(b, y));
                let straddles = |a: f64, c: f64| (a > 0.0 && c < 0.0) || (a < 0.0 && c > 0.0);
                if straddles(cross(pu, pv, px), cross(pu, pv, py)) && straddles(cross(px, py, pu), cross(px, py, pv)) {
                    return Err(format!("edges {u}-{v} and {x}-{y} cross"));
                }
            }
        }
        if b.metrics.crossings != 0 || b.metrics.clearance_violations != 0 {
            return Err(format!("metrics report {} crossings", b.metrics.crossings));
        }
        Ok(())
    });
}

#[test]
fn twelve_missions_three_per_side_each_with_a_neighbour_of_its_own() {
    check_all(|b| {
        let adj = neighbors(b);
        let missions: Vec<u32> = b.nodes.iter().filter(|n| n.kind == NodeKind::Mission).map(|n| n.id).collect();
        if missions.len() != 12 {
            return Err(format!("{} mission nodes", missions.len()));
        }
        // Corner nodes may serve either of their sides: fill single-side ones first.
        let mut per_side = [0; 4];
        let side_index = |s: Side| {
            [Side::Left, Side::Right, Side::Top, Side::Bottom]
                .iter()
                .position(|&x| x == s)
                .unwrap()
        };
        let mut corners = Vec::new();
        for &m in &missions {
            match b.nodes[m as usize].edge_sides.as_slice() {
                [] => return Err(format!("mission {m} is not on the border")),
                [s] => per_side[side_index(*s)] += 1,
                sides => corners.push(sides.to_vec()),
            }
        }
        // Try every way of giving each corner mission one of its two sides.
        let fits = (0..1u32 << corners.len()).any(|choice| {
            let mut counts = per_side;
            for (k, sides) in corners.iter().enumerate() {
                counts[side_index(sides[((choice >> k) & 1) as usize % sides.len()])] += 1;
            }
            counts == [3; 4]
        });
        if !fits {
            return Err(format!(
                "missions per side (left, right, top, bottom) {per_side:?} plus corners {corners:?}"
            ));
        }
        for &m in &missions {
            let own = adj[m as usize]
                .iter()
                .any(|w| missions.iter().all(|&o| o == m || !adj[o as usize].contains(w)));
            if !own {
                return Err(format!("mission {m} has no neighbour of its own"));
            }
        }
        let center = b.nodes.iter().find(|n| n.kind == NodeKind::Center).unwrap().id;
        let d = hops(&adj, center);
        let mh: Vec<u32> = missions.iter().map(|&m| d[m as usize]).collect();
        if mh != b.metrics.mission_hops || mh.iter().max().unwrap() - mh.iter().min().unwrap() != b.metrics.mission_hop_spread {
            return Err("mission hop metrics disagree with the board".into());
        }
        Ok(())
    });
}

#[test]
fn node_types_respect_counts_and_constraints() {
    check_all(types_hold);
}

/// Nodes with more edges than the type walk keeps inline read theirs from
/// the graph: the rules hold for them too.
#[test]
fn node_types_respect_constraints_on_crowded_nodes() {
    let mut crowded = 0;
    for i in 0..40 {
        let params = Params {
            players: 2 + i % 8,
            max_connections: 9,
            ..Params::default()
        };
        let b = once(&params, &Seed::new(&format!("crowded-{i}")));
        types_hold(&b).unwrap_or_else(|e| panic!("seed crowded-{i}: {e}"));
        let adj = neighbors(&b);
        crowded += (0..b.nodes.len())
            .filter(|&v| adj[v].len() > 5 && b.nodes[v].kind == NodeKind::Regular)
            .count();
    }
    assert!(crowded > 100, "only {crowded} regular nodes with more than five edges");
}

/// Type counts within their scaled maximum, every placement rule and group
/// size kept, no violations reported.
fn types_hold(b: &Board) -> Result<(), String> {
    let adj = neighbors(b);
    let (w, h) = (f64::from(b.width), f64::from(b.height));
    let (scale, dscale) = if b.header.params.fair_scaling {
        // In proportion to the 10 x 7 sheet: counts by its 88 nodes, distances by its size.
        (((w + 1.0) * (h + 1.0) / 88.0).max(1.0), (w / 10.0).min(h / 7.0).max(1.0))
    } else {
        // The original's: added area over 15, added whole units.
        let extra = (w - 10.0) * h + (h - 7.0) * w - (w - 10.0) * (h - 7.0);
        ((extra / 15.0).max(1.0), (w - 10.0).min(h - 7.0).max(1.0))
    };
    let type_of = |v: u32| {
        b.nodes[v as usize]
            .node_type
            .as_deref()
            .filter(|_| b.nodes[v as usize].kind == NodeKind::Regular)
    };
    for t in &b.header.params.node_types {
        let nodes: Vec<u32> = (0..b.nodes.len() as u32).filter(|&v| type_of(v) == Some(t.name.as_str())).collect();
        let count = nodes.len() as f64;
        if let Some(max) = t.max
            && count > (f64::from(max) * scale).round()
        {
            return Err(format!("{} {}s, more than the scaled max", count, t.name));
        }
        for &v in &nodes {
            let node = &b.nodes[v as usize];
            let edge_d = node.x.min(w - node.x).min(node.y).min(h - node.y);
            let broken = (t.forbidden_on_edge && !node.edge_sides.is_empty())
                || t.min_distance_from_edge.is_some_and(|m| edge_d <= m * dscale)
                || t.max_distance_from_edge.is_some_and(|m| edge_d > m * dscale)
                || (t.number_from.is_some() && adj[v as usize].iter().any(|&x| b.nodes[x as usize].kind == NodeKind::Mission));
            if broken {
                return Err(format!("{} at node {v} breaks a placement rule", t.name));
            }
            if t.number_from.is_some() != node.number.is_some() || node.number == Some(0) {
                return Err(format!("node {v} has number {:?}", node.number));
            }
            // Same-type group through this node.
            let mut group = vec![v];
            let mut k = 0;
            while k < group.len() {
                for &x in &adj[group[k] as usize] {
                    if type_of(x) == Some(t.name.as_str()) && !group.contains(&x) {
                        group.push(x);
                    }
                }
                k += 1;
            }
            if group.len() as f64 > f64::from(t.max_sequence) * dscale {
                return Err(format!("a group of {} {}s", group.len(), t.name));
            }
        }
    }
    if b.metrics.constraint_violations != 0 {
        return Err("metrics report constraint violations".into());
    }
    // The bounds in the metrics are the scaled min and max, and a type out of them is counted.
    let mut outside = 0;
    for t in &b.header.params.node_types {
        let min = (f64::from(t.min) * scale).round() as u32;
        let max = t.max.map(|m| (f64::from(m) * scale).round() as u32);
        if b.metrics.type_min.get(&t.name) != Some(&min) || b.metrics.type_max.get(&t.name) != max.as_ref() {
            return Err(format!(
                "{}: metrics bounds disagree with the scaled min {min} and max {max:?}",
                t.name
            ));
        }
        let count = b.metrics.type_counts[&t.name];
        outside += u32::from(count < min || max.is_some_and(|m| count > m));
    }
    if outside != b.metrics.types_outside_bounds {
        return Err(format!(
            "{outside} types out of bounds, metrics say {}",
            b.metrics.types_outside_bounds
        ));
    }
    Ok(())
}

/// Edges per quadrant by their midpoints, and each side's mean mission hop
/// distance, recomputed from the nodes and edges.
#[test]
fn quadrant_edges_and_side_hops_agree_with_the_board() {
    check_all(|b| {
        let center = b.nodes.iter().find(|n| n.kind == NodeKind::Center).unwrap();
        let mut quadrants = [0; 4];
        for &[x, y] in &b.edges {
            let (p, q) = (pos(b, x), pos(b, y));
            let (mx, my) = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
            quadrants[usize::from(mx >= center.x) + 2 * usize::from(my >= center.y)] += 1;
        }
        if quadrants != b.metrics.quadrant_edges {
            return Err(format!(
                "edges per quadrant {quadrants:?}, metrics say {:?}",
                b.metrics.quadrant_edges
            ));
        }
        let spread = |q: [u32; 4]| q.iter().max().unwrap() - q.iter().min().unwrap();
        if spread(quadrants) != b.metrics.quadrant_edge_spread || spread(b.metrics.quadrant_nodes) != b.metrics.quadrant_node_spread {
            return Err("quadrant spreads disagree with the counts".into());
        }
        let d = hops(&neighbors(b), center.id);
        let missions: Vec<&universe::Node> = b.nodes.iter().filter(|n| n.kind == NodeKind::Mission).collect();
        let total: u32 = missions.iter().map(|n| d[n.id as usize]).sum();
        let means = &b.metrics.side_mean_hops;
        if means.len() != 4 || (means.values().sum::<f64>() * 3.0 - f64::from(total)).abs() > 1e-9 {
            return Err(format!("side means {means:?} do not add up to the {total} hops of all missions"));
        }
        // A side none of whose missions sits on a corner has exactly its own three.
        for side in Side::ALL {
            let on: Vec<&&universe::Node> = missions.iter().filter(|n| n.edge_sides.contains(&side)).collect();
            if on.len() == 3 && on.iter().all(|n| n.edge_sides.len() == 1) {
                let mean = f64::from(on.iter().map(|n| d[n.id as usize]).sum::<u32>()) / 3.0;
                if means[&side] != mean {
                    return Err(format!("{side:?}: mean hops {mean}, metrics say {}", means[&side]));
                }
            }
        }
        Ok(())
    });
}

#[test]
fn standard_sheets_meet_every_minimum() {
    // On boards of scale 1 (2–6 players) every type reaches its minimum.
    for players in 2..=6 {
        for i in 0..200 {
            let b = board(players, &format!("min-{i}"));
            for t in &b.header.params.node_types {
                let count = b.metrics.type_counts[&t.name];
                assert!(count >= t.min, "players {players}, seed min-{i}: {count} {}", t.name);
            }
        }
    }
}

#[test]
fn power_dots_are_in_range_and_in_the_gaps() {
    check_all(|b| {
        let adj = neighbors(b);
        let r = 0.225 * PI;
        let most = 2 + b.header.params.players / 4;
        let gap = |a: f64, c: f64| {
            let d = (a - c).abs() % TAU;
            d.min(TAU - d)
        };
        for node in &b.nodes {
            let limit = if node.kind == NodeKind::Center { 1 } else { most };
            if node.dots.len() as u32 > limit {
                return Err(format!("node {} has {} dots", node.id, node.dots.len()));
            }
            for (i, &a) in node.dots.iter().enumerate() {
                for &q in &adj[node.id as usize] {
                    let e = (b.nodes[q as usize].y - node.y).atan2(b.nodes[q as usize].x - node.x);
                    if gap(a, e) < r - 1e-9 {
                        return Err(format!("a dot of node {} sits on an edge", node.id));
                    }
                }
                if node.dots[..i].iter().any(|&o| gap(a, o) < r - 1e-9) {
                    return Err(format!("dots of node {} overlap", node.id));
                }
                let (s, c) = (a.sin(), a.cos());
                let inward = node.edge_sides.iter().all(|side| match side {
                    Side::Left => c > 0.0,
                    Side::Right => c < 0.0,
                    Side::Top => s > 0.0,
                    Side::Bottom => s < 0.0,
                });
                if !inward {
                    return Err(format!("a dot of node {} points off the paper", node.id));
                }
            }
        }
        let placed: u32 = b.nodes.iter().map(|n| n.dots.len() as u32).sum();
        if placed != b.metrics.dots_placed || placed == 0 {
            return Err(format!("{placed} dots placed"));
        }
        Ok(())
    });
}

#[test]
fn same_seed_same_bytes_other_seed_other_board() {
    let a = serde_json::to_string(&board(4, "Tiamo")).unwrap();
    assert_eq!(a, serde_json::to_string(&board(4, "Tiamo")).unwrap());
    assert_ne!(a, serde_json::to_string(&board(4, "Tiamo2")).unwrap());
}

#[test]
fn written_json_is_serde_json_byte_for_byte() {
    // Every player count: numbered nodes, corners with two sides, all kinds.
    for players in 2..=9 {
        for seed in ["json-a", "json-b"] {
            let b = board(players, seed);
            let mut json = Vec::new();
            Universe::write_json(&b, &mut json).unwrap();
            assert!(json == serde_json::to_vec(&b).unwrap(), "players {players}, seed {seed}");
        }
    }
    // Names that need escaping, and no dots, sides or numbers at all.
    let mut b = board(4, "json-c");
    assert!(b.nodes.iter().any(|n| n.number.is_some()) && b.nodes.iter().any(|n| n.edge_sides.len() == 2));
    for node in &mut b.nodes {
        node.node_type = node.node_type.take().map(|t| format!("{t} \"quoted\" \\ \u{7} é"));
        node.dots.clear();
    }
    let mut json = Vec::new();
    Universe::write_json(&b, &mut json).unwrap();
    assert!(json == serde_json::to_vec(&b).unwrap());
}

#[test]
fn classic_preset_follows_the_original() {
    let params: Params = params::resolve(&[params::preset::<Params>("classic").unwrap()]).unwrap();
    assert!(!params.planar && !params.fair_missions && !params.fair_center && !params.fair_scaling);
    let fair = board(4, "compare");
    let classic = once(&params, &Seed::new("compare"));
    // Relaxation is shared: only the fair centre moves, at most half a unit
    // a side from the paper's middle.
    let center = fair.nodes.iter().find(|n| n.kind == NodeKind::Center).unwrap().id as usize;
    for (i, (f, c)) in fair.nodes.iter().zip(&classic.nodes).enumerate() {
        assert!(i == center || (f.x, f.y) == (c.x, c.y), "node {i}");
    }
    let (mx, my) = (f64::from(fair.width) / 2.0, f64::from(fair.height) / 2.0);
    let c = &fair.nodes[center];
    assert!(
        (c.x - mx).abs() <= 0.5 + 1e-12 && (c.y - my).abs() <= 0.5 + 1e-12,
        "centre at ({}, {})",
        c.x,
        c.y
    );
}

/// The fairness targets, over 300 default boards per player count, every
/// figure counted here from the nodes and edges: no quadrant and no side
/// favoured, every type within its bounds, second attempts rare. The
/// missions' hop spread is held to what fair starts reach under the
/// neighbour rule (mean 1.7 to 2.1 over 10,000 boards), short of the 1.2
/// aimed at.
#[test]
fn boards_are_fair_over_many_seeds() {
    const SEEDS: usize = 300;
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (2..=9u32)
            .map(|players| {
                scope.spawn(move || {
                    let mut errors = Vec::new();
                    let (mut quadrant_sums, mut side_sums, mut side_counts) = ([0u64; 4], [0u64; 4], [0u64; 4]);
                    let (mut spreads, mut hop_spreads, mut retried) = (Vec::new(), Vec::new(), Vec::new());
                    for i in 0..SEEDS {
                        let seed = format!("fair-{i}");
                        let b = universe::generate(
                            &Params {
                                players,
                                ..Params::default()
                            },
                            &Seed::new(&seed),
                        )
                        .unwrap();
                        let center = b.nodes.iter().find(|n| n.kind == NodeKind::Center).unwrap();
                        let mut q = [0u32; 4];
                        for n in b.nodes.iter().filter(|n| n.id != center.id) {
                            q[usize::from(n.x >= center.x) + 2 * usize::from(n.y >= center.y)] += 1;
                        }
                        for k in 0..4 {
                            quadrant_sums[k] += u64::from(q[k]);
                        }
                        spreads.push(q.iter().max().unwrap() - q.iter().min().unwrap());
                        let d = hops(&neighbors(&b), center.id);
                        let missions: Vec<&universe::Node> = b.nodes.iter().filter(|n| n.kind == NodeKind::Mission).collect();
                        let mh: Vec<u32> = missions.iter().map(|m| d[m.id as usize]).collect();
                        hop_spreads.push(mh.iter().max().unwrap() - mh.iter().min().unwrap());
                        // A corner's mission counts for both its sides.
                        for (m, &h) in missions.iter().zip(&mh) {
                            for (k, side) in [Side::Left, Side::Right, Side::Top, Side::Bottom].into_iter().enumerate() {
                                if m.edge_sides.contains(&side) {
                                    side_sums[k] += u64::from(h);
                                    side_counts[k] += 1;
                                }
                            }
                        }
                        let outside = b.header.params.node_types.iter().filter(|t| {
                            let count = b.metrics.type_counts[&t.name];
                            count < b.metrics.type_min[&t.name] || b.metrics.type_max.get(&t.name).is_some_and(|&max| count > max)
                        });
                        if let Some(t) = outside.map(|t| t.name.clone()).next() {
                            errors.push(format!("players {players}, seed {seed:?}: {t} outside its bounds"));
                        }
                        if b.metrics.attempts > 1 {
                            retried.push(seed);
                        }
                    }
                    let n = SEEDS as f64;
                    let means = |sums: [u64; 4], per: f64| sums.map(|s| s as f64 / n / per);
                    let range = |m: [f64; 4]| m.iter().cloned().fold(f64::MIN, f64::max) - m.iter().cloned().fold(f64::MAX, f64::min);
                    let quadrants = means(quadrant_sums, 1.0);
                    let sides: [f64; 4] = std::array::from_fn(|k| side_sums[k] as f64 / side_counts[k] as f64);
                    let mean = |v: &[u32]| v.iter().sum::<u32>() as f64 / n;
                    let p95 = |v: &mut Vec<u32>| {
                        v.sort_unstable();
                        v[(0.95 * n).ceil() as usize - 1]
                    };
                    let worst = |v: &[u32]| format!("fair-{}", (0..v.len()).max_by_key(|&i| (v[i], std::cmp::Reverse(i))).unwrap());
                    let mut say = |ok: bool, what: String| {
                        if !ok {
                            errors.push(format!("players {players}: {what}"));
                        }
                    };
                    say(range(quadrants) <= 1.0, format!("quadrant means {quadrants:?}"));
                    say(range(sides) <= 0.5, format!("side mean hops (left, right, top, bottom) {sides:?}"));
                    say(
                        mean(&spreads) <= 4.0,
                        format!("quadrant spread mean {}, worst {}", mean(&spreads), worst(&spreads)),
                    );
                    say(
                        mean(&hop_spreads) <= 2.4,
                        format!("mission hop spread mean {}, worst {}", mean(&hop_spreads), worst(&hop_spreads)),
                    );
                    let (w_spread, w_hops) = (worst(&spreads), worst(&hop_spreads));
                    say(p95(&mut spreads) <= 8, format!("quadrant spread p95 over 8, worst {w_spread}"));
                    say(p95(&mut hop_spreads) <= 4, format!("mission hop spread p95 over 4, worst {w_hops}"));
                    // At most one board in a thousand: none expected among 300.
                    say(retried.len() <= 1, format!("second attempts on {retried:?}"));
                    errors
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{} failures: {failures:#?}", failures.len());
}

/// The classic preset gives the boards the original's rules gave before the
/// fair centre and scaling existed, byte for byte but for the parameters it
/// names (2 players: the centre; 9 players: the scaling as well).
#[test]
fn classic_preset_keeps_the_original_boards() {
    for players in [2, 9] {
        let name = format!("universe-classic-{players}-golden.json");
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(&name);
        let mut expected: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let params = Params {
            players,
            ..params::resolve(&[params::preset::<Params>("classic").unwrap()]).unwrap()
        };
        // Both read from text, so that their numbers are parsed alike.
        let text = serde_json::to_string(&universe::generate(&params, &Seed::new("golden")).unwrap()).unwrap();
        let mut actual: serde_json::Value = serde_json::from_str(&text).unwrap();
        let (expected_params, actual_params) = (expected["params"].take(), actual["params"].take());
        assert!(actual == expected, "{name}: the board differs");
        let mut added = actual_params.as_object().unwrap().clone();
        assert_eq!(added.remove("fair_center"), Some(false.into()));
        assert_eq!(added.remove("fair_scaling"), Some(false.into()));
        assert_eq!(serde_json::Value::Object(added), expected_params, "{name}: the parameters differ");
    }
}

/// Classic boards enforce neither rule, but their metrics measure both: the
/// crossings and the (edge, node) pairs closer than the clearance, counted
/// here pair by pair.
#[test]
fn classic_boards_measure_their_crossings_and_near_misses() {
    let params: Params = params::resolve(&[params::preset::<Params>("classic").unwrap()]).unwrap();
    let mut seen = (0, 0);
    for k in 0..40 {
        let b = once(&params, &Seed::new(&format!("classic-{k}")));
        let (mut crossings, mut near) = (0, 0);
        for (i, &[u, v]) in b.edges.iter().enumerate() {
            let (pu, pv) = (pos(&b, u), pos(&b, v));
            near += (0..b.nodes.len() as u32)
                .filter(|&w| w != u && w != v && segment_distance(pos(&b, w), pu, pv) < params.clearance)
                .count() as u32;
            for &[x, y] in &b.edges[i + 1..] {
                if [x, y].iter().any(|z| *z == u || *z == v) {
                    continue;
                }
                let (px, py) = (pos(&b, x), pos(&b, y));
                let straddles = |a: f64, c: f64| (a > 0.0 && c < 0.0) || (a < 0.0 && c > 0.0);
                if straddles(cross(pu, pv, px), cross(pu, pv, py)) && straddles(cross(px, py, pu), cross(px, py, pv)) {
                    crossings += 1;
                }
            }
        }
        assert_eq!(
            (b.metrics.crossings, b.metrics.clearance_violations),
            (crossings, near),
            "seed classic-{k}"
        );
        seen = (seen.0 + crossings, seen.1 + near);
    }
    assert!(seen.0 > 0 && seen.1 > 0, "classic boards should show both: {seen:?}");
}

#[test]
fn fair_missions_are_never_less_fair_than_classic_on_average() {
    let classic: Params = params::resolve(&[params::preset::<Params>("classic").unwrap()]).unwrap();
    let (mut fair_total, mut classic_total) = (0, 0);
    for i in 0..100 {
        let seed = Seed::new(&format!("fair-{i}"));
        fair_total += once(&Params::default(), &seed).metrics.mission_hop_spread;
        classic_total += once(&classic, &seed).metrics.mission_hop_spread;
    }
    assert!(fair_total < classic_total, "fair {fair_total} vs classic {classic_total}");
}

#[test]
fn large_boards_keep_the_guarantees() {
    let params = Params {
        resolution: Some(60),
        ..Params::default()
    };
    let b = once(&params, &Seed::new("large"));
    assert_eq!(b.nodes.len(), 61 * 43);
    assert_eq!(b.metrics.tree_edges as usize, b.nodes.len() - 1);
    assert_eq!((b.metrics.crossings, b.metrics.clearance_violations), (0, 0));
    assert!(!hops(&neighbors(&b), 0).contains(&u32::MAX));
}

#[test]
fn bad_parameters_name_what_is_wrong() {
    let err = |text: &str| params::resolve::<Params>(&[text.parse().unwrap()]).unwrap_err().to_string();
    assert!(err("players = 12").contains("`players`: 12 is not allowed; expected an integer from 2 to 9"));
    assert!(err("players = \"four\"").contains("`players`"));
    assert!(err("colour = 3").contains("unknown parameter `colour`"));
    assert!(err("resolution = 100000").contains("`resolution`"));
    assert!(err("clearance = -1.0").contains("`clearance`"));
    assert!(Params::INFO.iter().any(|i| i.name == "resolution"));
}

/// Errors inside the dictionary name the table and the field, and what is allowed.
#[test]
fn bad_dictionary_entries_name_their_path() {
    let err = |text: &str| params::resolve::<Params>(&[text.parse().unwrap()]).unwrap_err().to_string();
    for (text, wanted) in [
        (
            "node_types = [{ name = \"Oil\" }, { name = \"Fish\", min = -1 }]",
            "node_types[1].min",
        ),
        (
            "node_types = [{ name = \"Oil\", min = 20000 }]",
            "node_types[0].min`: 20000 is not allowed; expected an integer from 0 to 10000",
        ),
        ("node_types = [{ name = \"Oil\", prob = \"a\" }]", "node_types[0].prob"),
        (
            "node_types = [{ name = \"Oil\", colour = 1 }]",
            "node_types[0].colour: unknown field",
        ),
        (
            "node_types = [{ name = \"Oil\" }, { min = 1 }]",
            "node_types[1]: missing field `name`",
        ),
        ("node_types = [{ name = \"Oil\", max = \"few\" }]", "node_types[0].max"),
        (
            "node_types = [{ name = \"Oil\", max = 6 }, { name = \"Fish\", max_sequence = 0 }]",
            "node_types[1].max_sequence",
        ),
        (
            "node_types = [{ name = \"Oil\", min_distance_from_edge = 1e9 }]",
            "node_types[0].min_distance_from_edge",
        ),
        ("node_types = [{ name = \"none\", prob = 1.0 }]", "node_types[0].name"),
        (
            "node_types = [{ name = \"Oil\", number_from = \"Gold\" }]",
            "node_types[0].number_from",
        ),
        (
            "missions = [{ name = \"Traveler\" }, { name = \"Collector\", weight = -1.0 }]",
            "missions[1].weight",
        ),
        ("missions = [{ name = \"Traveler\", needs = [\"Gold\"] }]", "missions[0].needs"),
        ("missions = [{ name = \"Traveler\", needs = 3 }]", "missions[0].needs"),
    ] {
        let message = err(text);
        assert!(message.contains(wanted), "{text}: {message}");
    }
    // A built-in mission needing a type left out says which mission, the
    // types there are, and what to do.
    let message = err("node_types = [{ name = \"Oil\" }, { name = \"Water\" }]");
    assert!(
        message.contains("missions[2].needs")
            && message.contains("\"Preserver\"")
            && message.contains("(Oil, Water)")
            && message.contains("left out of `missions`"),
        "{message}"
    );
    // A long name is cut short in the message.
    let message = err(&format!("node_types = [{{ name = \"{}\" }}]", "x".repeat(10_000)));
    assert!(message.contains("node_types[0].name") && message.len() < 400, "{message}");
}

fn builtin_type(name: &str) -> NodeType {
    Params::default().node_types.into_iter().find(|t| t.name == name).unwrap()
}

/// A table gives only some fields: a built-in name keeps the built-in
/// entry's other values, a new name the generic defaults, and "none" clears.
#[test]
fn partial_dictionary_tables_take_their_defaults() {
    let text = r#"
        node_types = [
            { name = "Oil", max = 8 },
            { name = "Water" },
            { name = "Dynamite", max = "none", prob = 1.5 },
            { name = "Critters", number_from = "none", min_distance_from_edge = "none" },
            { name = "Gold", min = 2, max_distance_from_edge = 1.5 },
        ]
        missions = [{ name = "Traveler" }, { name = "Collector", weight = 3.0 }, { name = "Fighter", weight = 0.5 }, { name = "Hoarder", needs = ["Gold"] }]
    "#;
    let p: Params = params::resolve(&[text.parse().unwrap()]).unwrap();
    let types = &p.node_types;
    assert_eq!(
        types[0],
        NodeType {
            max: Some(8),
            ..builtin_type("Oil")
        }
    );
    assert_eq!(types[1], builtin_type("Water"));
    assert_eq!(
        types[2],
        NodeType {
            max: None,
            prob: 1.5,
            ..builtin_type("Dynamite")
        }
    );
    let critters = builtin_type("Critters");
    assert!(critters.number_from.is_some() && critters.min_distance_from_edge.is_some());
    assert_eq!(
        types[3],
        NodeType {
            number_from: None,
            min_distance_from_edge: None,
            ..critters
        }
    );
    assert_eq!(
        types[4],
        NodeType {
            min: 2,
            max_distance_from_edge: Some(1.5),
            ..NodeType::new("Gold")
        }
    );
    assert_eq!((types[4].category.as_str(), types[4].prob, types[4].max), ("Other", 0.0, None));
    let builtin_kind = |name: &str| Params::default().missions.into_iter().find(|m| m.name == name).unwrap();
    assert_eq!(p.missions[0], builtin_kind("Traveler"));
    assert_eq!(
        p.missions[1],
        MissionKind {
            weight: 3.0,
            ..builtin_kind("Collector")
        }
    );
    assert_eq!(
        p.missions[2],
        MissionKind {
            weight: 0.5,
            ..builtin_kind("Fighter")
        }
    );
    assert!(!p.missions[2].needs.is_empty());
    assert_eq!(
        p.missions[3],
        MissionKind {
            needs: vec!["Gold".into()],
            ..MissionKind::new("Hoarder")
        }
    );
    assert_eq!(p.missions[3].weight, 1.0);
    once(&p, &Seed::new("partial"));
}

/// The parameters written as TOML or JSON read back to the same parameters,
/// cleared optional fields of built-in names included.
#[test]
fn parameters_round_trip_through_toml_and_json() {
    let mut changed = Params {
        players: 7,
        resolution: Some(40),
        first_game: false,
        ..Params::default()
    };
    for t in &mut changed.node_types {
        t.max = None;
        t.min_distance_from_edge = None;
        t.max_distance_from_edge = Some(3.25);
        t.number_from = None;
        t.min += 1;
    }
    changed.node_types.push(NodeType {
        max: Some(9),
        prob: 0.1,
        forbidden_on_edge: true,
        number_from: Some("Oil".into()),
        ..NodeType::new("Gold \"quoted\"")
    });
    changed.missions[2].needs.clear();
    changed.missions.push(MissionKind::new("Hoarder"));
    let classic: Params = params::resolve(&[params::preset::<Params>("classic").unwrap()]).unwrap();
    for p in [Params::default(), classic, changed] {
        p.validate().unwrap();
        let toml_text = toml::to_string(&p).unwrap();
        assert_eq!(toml::from_str::<Params>(&toml_text).unwrap(), p, "{toml_text}");
        let resolved: Params = params::resolve(&[toml_text.parse().unwrap()]).unwrap();
        assert_eq!(resolved, p);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Params>(&json).unwrap(), p, "{json}");
    }
}

/// The JSON of a small board, pinned: any change of output shows here.
#[test]
fn golden_json() {
    let json = serde_json::to_string_pretty(&board(2, "golden")).unwrap() + "\n";
    crate::golden("universe-2-golden.json", &json);
}

/// `work` run on a pool of `threads` threads.
fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(work)
}

#[test]
fn output_does_not_depend_on_the_thread_count() {
    let params = Params {
        resolution: Some(80),
        ..Params::default()
    };
    let run = |threads: usize| on_threads(threads, || serde_json::to_string(&once(&params, &Seed::new("threads"))).unwrap());
    assert_eq!(run(1), run(3));
}

/// A board big enough for the large-board paths (two half triangulations,
/// patched relaxation lists, JSON in chunks): the guarantees, the thread
/// count, and a pinned fingerprint of its JSON.
#[test]
fn a_large_board_keeps_its_guarantees_and_its_bytes() {
    let params = Params {
        resolution: Some(200),
        ..Params::default()
    };
    let run = |threads: usize| {
        on_threads(threads, || {
            let b = once(&params, &Seed::new("large board"));
            let mut json = Vec::new();
            Universe::write_json(&b, &mut json).unwrap();
            (b, json)
        })
    };
    let (b, json) = run(2);
    assert_eq!(json, run(1).1);
    assert_eq!(json, serde_json::to_vec(&b).unwrap());
    assert_eq!(b.nodes.len(), 201 * 142);
    assert_eq!(b.metrics.tree_edges as usize, b.nodes.len() - 1);
    assert_eq!((b.metrics.crossings, b.metrics.clearance_violations), (0, 0));
    assert!(!hops(&neighbors(&b), 0).contains(&u32::MAX));
    // FNV-1a, 64 bits: enough to notice any change of a byte.
    let fingerprint = json.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &byte| {
        (h ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    crate::golden(
        "universe-200-fingerprint.txt",
        &format!("{} bytes of JSON, FNV-1a 64 {fingerprint:016x}\n", json.len()),
    );
}

/// Snapshots of the relaxation: the jittered grid, then after iterations
/// k, 2k, … and the last, in every attempt; the last one holds the board's
/// node positions; watching changes nothing.
#[test]
fn relaxation_snapshots_come_every_k_iterations_and_end_at_the_nodes() {
    /// Records (attempt, iteration) of every snapshot and the points of each.
    struct Seen {
        every: u32,
        taken: Vec<(u32, u32)>,
        points: Vec<Vec<[f64; 2]>>,
    }
    impl Watch<universe::Snapshot> for Seen {
        fn every(&self) -> Option<u32> {
            Some(self.every)
        }
        fn snapshot(&mut self, attempt: u32, s: universe::Snapshot) {
            self.taken.push((attempt, s.iteration));
            self.points.push(s.points);
        }
    }
    for (seed, iterations, every) in [("watch-a", 60, 7), ("watch-b", 60, 15), ("watch-c", 12, 0), ("watch-d", 3, 5)] {
        let params = Params {
            iterations,
            ..Params::default()
        };
        let seed = Seed::new(seed);
        let mut seen = Seen {
            every,
            taken: Vec::new(),
            points: Vec::new(),
        };
        let b = universe::generate_watched(&params, &seed, &mut seen).unwrap();
        assert_eq!(b, once(&params, &seed));
        let mut wanted: Vec<u32> = (0..=iterations).filter(|&i| i == 0 || (every > 0 && i % every == 0)).collect();
        if wanted.last() != Some(&iterations) {
            wanted.push(iterations);
        }
        let wanted: Vec<(u32, u32)> = (0..b.metrics.attempts).flat_map(|a| wanted.iter().map(move |&i| (a, i))).collect();
        assert_eq!(seen.taken, wanted, "iterations {iterations}, every {every}");
        let nodes: Vec<[f64; 2]> = b.nodes.iter().map(|n| [n.x, n.y]).collect();
        let (first, last) = (
            &seen.points[seen.points.len() - wanted.len() / b.metrics.attempts as usize],
            seen.points.last().unwrap(),
        );
        assert!(*last == nodes && *first != nodes, "the points move, and end where the nodes are");
    }
}

/// A board past the drawing limit is not drawn: its page says so and holds
/// nothing else, in the words the generator's `check_drawable` refuses its
/// parameters with; a smaller board is drawn.
#[test]
fn boards_past_the_drawing_limit_are_not_drawn() {
    let params = Params {
        resolution: Some(200),
        ..Params::default()
    };
    let b = universe::generate(&params, &Seed::new("too large")).unwrap();
    assert!(b.nodes.len() as u64 > universe::MAX_DRAWN_NODES);
    let why = Universe::check_drawable(&params).unwrap_err();
    let doc = universe::draw(&b, Default::default());
    assert_eq!(doc.pages.len(), 1);
    match doc.pages[0].shapes.as_slice() {
        [scene::Shape::Text { content, .. }] => assert_eq!(*content, why),
        shapes => panic!("{} shapes drawn for a board of {} nodes", shapes.len(), b.nodes.len()),
    }
    let small = Params {
        resolution: Some(40),
        ..Params::default()
    };
    assert!(small.node_count() <= universe::MAX_DRAWN_NODES && Universe::check_drawable(&small).is_ok());
    let drawn = universe::draw(&universe::generate(&small, &Seed::new("drawn")).unwrap(), Default::default());
    assert!(drawn.pages[0].shapes.len() > 1);
}

/// The first of `seeds` whose default board of `players` merged points
/// relaxation left closer than the clearance: fewer nodes than laid out.
fn merging_seed(players: u32, seeds: std::ops::Range<u32>) -> Option<(Params, Seed)> {
    let params = Params {
        players,
        ..Params::default()
    };
    seeds.map(|i| Seed::new(&format!("merge-{i}"))).find_map(|seed| {
        let b = universe::generate(&params, &seed).unwrap();
        (u64::from(b.metrics.nodes) < params.node_count()).then(|| (params.clone(), seed))
    })
}

/// When relaxation leaves two points too close and one is merged away, every
/// snapshot still holds the board's nodes by their final ids: as many points
/// as nodes, each node's trajectory moving by small steps to its position.
#[test]
fn snapshots_of_a_board_that_merged_points_keep_the_final_ids() {
    let (params, seed) = merging_seed(4, 0..2000).expect("a seed whose board merges points");
    let mut recorder = boardwright::Recorder::new(1);
    let b = universe::generate_watched(&params, &seed, &mut recorder).unwrap();
    assert!(u64::from(b.metrics.nodes) < params.node_count());
    let snapshots = recorder.snapshots;
    assert_eq!(snapshots.len() as u32, params.iterations + 1);
    for s in &snapshots {
        assert_eq!(s.points.len(), b.nodes.len(), "iteration {}", s.iteration);
    }
    let nodes: Vec<[f64; 2]> = b.nodes.iter().map(|n| [n.x, n.y]).collect();
    assert_eq!(snapshots.last().unwrap().points, nodes);
    // The last iteration moves a point by a hundredth of a unit at most, the
    // fair centre by half a unit: a node whose id shifted would jump by about
    // one grid unit, to its neighbour's place.
    let before = &snapshots[snapshots.len() - 2].points;
    for (id, (p, q)) in before.iter().zip(&nodes).enumerate() {
        let moved = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
        assert!(moved <= 0.55, "node {id} jumps {moved} in the last snapshot");
    }
}

/// Minimums far past the node count (the largest accepted, on the default
/// board and a larger one) are cut to the board: every regular node is
/// typed, within the rules.
#[test]
fn huge_minimums_are_cut_to_the_board() {
    for (min, resolution) in [(10_000, None), (10_000, Some(40))] {
        let mut params = Params {
            resolution,
            ..Params::default()
        };
        for t in &mut params.node_types {
            t.min = min;
            t.max = t.max.map(|_| min);
        }
        let b = once(&params, &Seed::new("huge minimums"));
        types_hold(&b).unwrap();
        let regular = b.nodes.iter().filter(|n| n.kind == NodeKind::Regular).count();
        assert_eq!(b.metrics.type_counts.values().sum::<u32>() as usize, regular, "min {min}");
    }
    // Past the largest minimum the parameters are refused, not cut.
    let mut params = Params::default();
    params.node_types[0].min = u32::MAX;
    let err = universe::generate(&params, &Seed::new("huge minimums")).unwrap_err().to_string();
    assert!(err.contains("`node_types[0].min`: 4294967295 is not allowed"), "{err}");
}
