//! Universe boards: every guarantee of the spec over many seeds and every
//! player count, checked by brute force on the finished board.

// The checks may use the platform's trigonometry: they compare, not produce.
#![allow(clippy::disallowed_methods)]

use std::f64::consts::{PI, TAU};

use boardwright::params::{self, Params as _};
use boardwright::universe::{self, Board, MissionKind, NodeKind, NodeType, Params, Side, Universe};
use boardwright::{Generator, Seed, Watch};

use super::{dist, on_threads, segment_distance};

mod caller;
mod classic;
mod expansions;
mod fairness;
mod original;
mod parameters;
mod play;

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
    let b = Universe::generate(params, seed).unwrap_or_else(|e| panic!("seed {seed:?}: {e}"));
    assert_eq!(b.metrics.attempts, 1, "seed {seed:?}");
    b
}

/// Runs `check` on boards of every player count over many seeds; the failure
/// message names the board.
fn check_all(check: impl Fn(&Board) -> Result<(), String> + Sync) {
    let failures = crate::per_player_count(|players| {
        (0..SEEDS_PER_PLAYER_COUNT)
            .filter_map(|i| {
                let seed = format!("check-{i}");
                check(&board(players, &seed))
                    .err()
                    .map(|e| format!("players {players}, seed {seed:?}: {e}"))
            })
            .collect::<Vec<_>>()
    });
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

/// The failures of `check` on the boards of `params` from the seeds
/// `{prefix}-0` … over `seeds` seeds, each naming the board: `what` (said
/// first), its players and its seed.
fn failures_of(
    params: &Params,
    prefix: &str,
    seeds: usize,
    what: &str,
    check: &(impl Fn(&Params, &Board) -> Result<(), String> + Sync),
) -> Vec<String> {
    (0..seeds)
        .filter_map(|i| {
            let seed = format!("{prefix}-{i}");
            let board = Universe::generate(params, &Seed::new(&seed)).unwrap_or_else(|e| panic!("{what}seed {seed:?}: {e}"));
            check(params, &board)
                .err()
                .map(|e| format!("{what}players {}, seed {seed:?}: {e}", params.players))
        })
        .collect()
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
        // The grid's points, less the few merged where relaxation left two
        // too close.
        let b = board(players, "counts");
        assert_eq!((b.width, b.height), (w, h), "players {players}");
        assert!(
            b.nodes.len() <= n && b.nodes.len() + 3 >= n,
            "players {players}: {} nodes",
            b.nodes.len()
        );
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
    crate::metric_agrees("types out of bounds", outside, b.metrics.types_outside_bounds)
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
        crate::metric_agrees("edges per quadrant", quadrants, b.metrics.quadrant_edges)?;
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
                crate::metric_agrees(&format!("{side:?}: mean hops"), mean, means[&side])?;
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
            if node.dots.is_empty() || node.dots.len() as u32 > limit {
                return Err(format!("node {} has {} dots", node.id, node.dots.len()));
            }
            // How far a dot at `a` keeps from the node's edges and from
            // the paper's side (negative: off the paper).
            let room = |a: f64| {
                let (s, c) = (a.sin(), a.cos());
                let paper = node.edge_sides.iter().map(|side| match side {
                    Side::Left => c.asin(),
                    Side::Right => (-c).asin(),
                    Side::Top => s.asin(),
                    Side::Bottom => (-s).asin(),
                });
                let edges = adj[node.id as usize].iter().map(|&q| {
                    let e = (b.nodes[q as usize].y - node.y).atan2(b.nodes[q as usize].x - node.x);
                    gap(a, e)
                });
                paper.chain(edges).fold(PI, f64::min)
            };
            for (i, &a) in node.dots.iter().enumerate() {
                if room(a) <= 0.0 {
                    return Err(format!("a dot of node {} points off the paper", node.id));
                }
                if room(a) < r - 1e-9 {
                    // Only the one dot of a node with no gap wide enough,
                    // where it keeps farthest from its edges.
                    let best = (0..3600).map(|k| room(f64::from(k) * TAU / 3600.0)).fold(0.0, f64::max);
                    if node.dots.len() != 1 || best >= r + 1e-3 || room(a) < best - 1e-3 {
                        return Err(format!("a dot of node {} sits on an edge (room {}, best {best})", node.id, room(a)));
                    }
                }
                if node.dots[..i].iter().any(|&o| gap(a, o) < r - 1e-9) {
                    return Err(format!("dots of node {} overlap", node.id));
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
    crate::same_seed_same_json(|seed| board(4, seed), "Tiamo", "Tiamo2");
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

/// The JSON of a small board, pinned: any change of output shows here.
#[test]
fn golden_json() {
    let json = serde_json::to_string_pretty(&board(2, "golden")).unwrap() + "\n";
    crate::golden("universe-2-golden.json", &json);
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
