//! What a caller asks of a universe board beyond its JSON: the graph of
//! its nodes, the relaxation's snapshots, and drawing.

use super::*;
use boardwright::Printed;

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
                let got: Vec<u32> = graph.hops_from(from).into_iter().map(|h| h.expect("connected")).collect();
                assert_eq!(got, want, "players {players}, seed {seed:?}, from {from}");
            }
        }
    }
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
        obstacles: Vec<Vec<[f64; 3]>>,
    }
    impl Watch<universe::Snapshot> for Seen {
        fn every(&self) -> Option<u32> {
            Some(self.every)
        }
        fn snapshot(&mut self, attempt: u32, s: universe::Snapshot) {
            self.taken.push((attempt, s.iteration));
            self.points.push(s.points);
            self.obstacles.push(s.obstacles);
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
            obstacles: Vec::new(),
        };
        let b = Universe::generate_with(&params, &seed, &mut seen).unwrap();
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
        // The obstacles come with the first snapshot of each attempt, on the paper.
        for ((_, iteration), obstacles) in seen.taken.iter().zip(&seen.obstacles) {
            if *iteration > 0 {
                assert!(obstacles.is_empty(), "obstacles again after iteration {iteration}");
                continue;
            }
            assert_eq!(obstacles.len(), params.obstacles as usize);
            let (w, h) = params.size();
            for &[x, y, r] in obstacles {
                assert!(
                    (0.0..=f64::from(w)).contains(&x) && (0.0..=f64::from(h)).contains(&y) && (0.2..=0.6).contains(&r),
                    "obstacle {x}, {y}, {r}"
                );
            }
        }
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
    let b = Universe::generate(&params, &Seed::new("too large")).unwrap();
    let why = Universe::check_drawable(&params).unwrap_err();
    let doc = Universe::draw(&b, Default::default());
    assert_eq!(doc.pages.len(), 1);
    match doc.pages[0].shapes.as_slice() {
        [scene::Shape::Text { content, .. }] => assert_eq!(*content, why.to_string()),
        shapes => panic!("{} shapes drawn for a board of {} nodes", shapes.len(), b.nodes.len()),
    }
    let small = Params {
        resolution: Some(40),
        ..Params::default()
    };
    assert!(Universe::check_drawable(&small).is_ok());
    let drawn = Universe::draw(&Universe::generate(&small, &Seed::new("drawn")).unwrap(), Default::default());
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
        let b = Universe::generate(&params, &seed).unwrap();
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
    let b = Universe::generate_with(&params, &seed, &mut recorder).unwrap();
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

/// No two nodes of a board lie closer than the clearance, the largest too:
/// points relaxation left that close are merged, and the fair centre keeps
/// more room than that. The edges count on it (such a pair has no planar
/// board: every edge of one passes the other).
#[test]
fn no_two_nodes_lie_closer_than_the_clearance() {
    let mut boards: Vec<(Params, Seed)> = [0.25, 0.45]
        .into_iter()
        .flat_map(|clearance| {
            (0..100).map(move |i| {
                let params = Params {
                    clearance,
                    ..Params::default()
                };
                (params, Seed::new(&format!("apart-{i}")))
            })
        })
        .collect();
    boards.push(merging_seed(4, 0..2000).expect("a seed whose board merges points"));
    for (params, seed) in boards {
        let b = Universe::generate(&params, &seed).unwrap();
        let n = b.nodes.len() as u32;
        for u in 0..n {
            for v in u + 1..n {
                let d = dist(pos(&b, u), pos(&b, v));
                assert!(
                    d >= params.clearance,
                    "{seed:?}, clearance {}: nodes {u} and {v} lie {d} apart",
                    params.clearance
                );
            }
        }
    }
}
