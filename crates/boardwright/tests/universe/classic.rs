//! Classic boards' edges: the original's tree, hub and fill, checked by
//! replaying its hub and fill here from the board's tree.

use super::*;

/// The classic preset at `players`.
fn classic(players: u32) -> Params {
    Params {
        players,
        ..params::Params::resolve(&[<Params as params::Params>::preset("classic").unwrap()]).unwrap()
    }
}

/// The edges the original adds to `adj` (the tree so far) from `p`'s point
/// of view: the nearest node not joined to `p`, not `p`, and not a second
/// border node, at most one cell away, else at most two.
fn nearest_partner(b: &Board, adj: &[Vec<u32>], p: u32) -> Option<u32> {
    let cell = |v: u32| (b.nodes[v as usize].x.floor(), b.nodes[v as usize].y.floor());
    let apart = |u: u32, v: u32| {
        let ((ux, uy), (vx, vy)) = (cell(u), cell(v));
        (ux - vx).abs().max((uy - vy).abs())
    };
    [1.0, 2.0].into_iter().find_map(|reach| {
        (0..b.nodes.len() as u32)
            .filter(|&q| q != p && apart(p, q) <= reach && !adj[p as usize].contains(&q))
            .filter(|&q| !(on_border(b, p) && on_border(b, q)))
            .min_by(|&x, &y| dist(pos(b, x), pos(b, p)).total_cmp(&dist(pos(b, y), pos(b, p))).then(x.cmp(&y)))
    })
}

#[test]
fn classic_boards_have_the_original_edges() {
    let failures = crate::per_player_count(|players| {
        let params = classic(players);
        let (mut errors, mut under_cap) = (Vec::new(), 0);
        for k in 0..12 {
            let seed = format!("classic-edges-{k}");
            let b = Universe::generate(&params, &Seed::new(&seed)).unwrap();
            let mut say = |what: String| errors.push(format!("players {players}, seed {seed:?}: {what}"));
            let n = b.nodes.len();
            if hops(&neighbors(&b), 0).contains(&u32::MAX) {
                say("not connected".into());
            }
            if let Some(e) = b.edges.iter().find(|&&[u, v]| on_border(&b, u) && on_border(&b, v)) {
                say(format!("edge {e:?} joins two border nodes"));
            }
            let tree = b.metrics.tree_edges as usize;
            if tree + 1 != n {
                say(format!("{tree} tree edges for {n} nodes"));
                continue;
            }
            // The hub and the fill, replayed from the tree.
            let mut adj = vec![Vec::new(); n];
            let mut replayed = Vec::new();
            let mut join = |adj: &mut Vec<Vec<u32>>, u: u32, v: u32| {
                adj[u as usize].push(v);
                adj[v as usize].push(u);
                replayed.push([u.min(v), u.max(v)]);
            };
            for &[u, v] in &b.edges[..tree] {
                adj[u as usize].push(v);
                adj[v as usize].push(u);
            }
            let center = b.nodes.iter().find(|n| n.kind == NodeKind::Center).unwrap().id;
            while let Some(q) = nearest_partner(&b, &adj, center) {
                if dist(pos(&b, q), pos(&b, center)) >= 2f64.sqrt() {
                    break;
                }
                join(&mut adj, center, q);
            }
            let before_fill = adj.clone();
            let mut filled = vec![false; n];
            for p in 0..n as u32 {
                if on_border(&b, p) || adj[p as usize].len() >= 3 {
                    continue;
                }
                if let Some(q) = nearest_partner(&b, &adj, p) {
                    join(&mut adj, p, q);
                    filled[p as usize] = true;
                    filled[q as usize] = true;
                }
            }
            if b.edges[tree..] != replayed[..] {
                say(format!("hub and fill {:?}, replayed {replayed:?}", &b.edges[tree..]));
            }
            // Under the cap before the fill, with a node not joined to it
            // within two cells: it got a fill edge, its own or a partner's.
            for p in (0..n as u32).filter(|&p| !on_border(&b, p) && before_fill[p as usize].len() < 3) {
                if nearest_partner(&b, &before_fill, p).is_some() {
                    under_cap += 1;
                    if !filled[p as usize] {
                        say(format!("node {p} got no fill edge"));
                    }
                }
            }
        }
        if under_cap == 0 {
            errors.push(format!("players {players}: no node under the cap before the fill"));
        }
        errors
    });
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

/// Classic boards are the only ones with the original's edges, which ask
/// for a board without the planarity guard.
#[test]
fn original_edges_are_classic_and_not_planar() {
    assert!(classic(4).original_edges && !Params::default().original_edges);
    let err = crate::resolve_error::<Params>("original_edges = true");
    assert!(
        err.contains("`planar`") && err.contains("original_edges") && err.contains("planar = false"),
        "{err}"
    );
}

/// No two nodes of a classic board share a point: without the planarity
/// guard, two points relaxed onto one corner are still one node (seeds
/// "x595", "x898" and "x973" at 9 players had a mission and a regular node
/// at one corner).
#[test]
fn classic_nodes_never_share_a_point() {
    let params = classic(9);
    let seeds = ["x595", "x898", "x973"]
        .map(String::from)
        .into_iter()
        .chain((0..20).map(|k| format!("apart-{k}")));
    for seed in seeds {
        let b = Universe::generate(&params, &Seed::new(&seed)).unwrap();
        let mut at: Vec<(f64, f64, u32)> = b.nodes.iter().map(|n| (n.x, n.y, n.id)).collect();
        at.sort_by(|p, q| p.0.total_cmp(&q.0).then(p.1.total_cmp(&q.1)));
        for w in at.windows(2) {
            assert!(
                (w[0].0, w[0].1) != (w[1].0, w[1].1),
                "seed {seed:?}: nodes {} and {} both at ({}, {})",
                w[0].2,
                w[1].2,
                w[0].0,
                w[0].1
            );
        }
    }
}
