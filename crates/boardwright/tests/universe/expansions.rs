//! Universe expansions: the balanced node sets, the areas, expeditions and
//! landmarks, natural resources and tiny nodes, each guarantee checked by
//! brute force on finished boards over many seeds and every player count.

use super::*;
use boardwright::universe::{Area, ExpeditionKind, NodeType, expansions};

/// Boards per player count in the sweeps (the `print` tests draw more).
const SEEDS: usize = 120;
/// Boards per player count on the original's edges.
const CLASSIC_SEEDS: usize = 40;

/// Parameters with the expansions `names` on.
pub(super) fn with(players: u32, names: &[&str]) -> Params {
    Params {
        players,
        expansions: names.iter().map(|s| s.to_string()).collect(),
        ..Params::default()
    }
}

/// Every node set, with boardwright's placing expansions (the original's
/// are checked in `original`).
fn all(players: u32) -> Params {
    let originals = [expansions::EXTREME_EXPEDITIONS, expansions::SHARP_SCISSORS];
    let names: Vec<&str> = expansions::names().into_iter().filter(|n| !originals.contains(n)).collect();
    with(players, &names)
}

/// Runs `check` on a board with every expansion of every player count over
/// [`SEEDS`] seeds on our edges, and over [`CLASSIC_SEEDS`] on the
/// original's (`classic`); the failure names the board.
fn check_expanded(check: impl Fn(&Params, &Board) -> Result<(), String> + Sync) {
    let failures = crate::per_player_count(|players| {
        let ours = all(players);
        let classic = Params {
            expansions: ours.expansions.clone(),
            ..super::original::preset("classic", players)
        };
        let mut failures = super::failures_of(&ours, "expansions", SEEDS, "", &check);
        failures.extend(super::failures_of(&classic, "expansions", CLASSIC_SEEDS, "classic, ", &check));
        failures
    });
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

/// Whether `p` lies inside `polygon` (nonzero winding, counted on its own
/// here, not with the library's code).
pub(super) fn inside(p: (f64, f64), polygon: &[[f64; 2]]) -> bool {
    let mut winding = 0;
    for i in 0..polygon.len() {
        let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
        let side = (b[0] - a[0]) * (p.1 - a[1]) - (p.0 - a[0]) * (b[1] - a[1]);
        if a[1] <= p.1 && b[1] > p.1 && side > 0.0 {
            winding += 1;
        } else if a[1] > p.1 && b[1] <= p.1 && side < 0.0 {
            winding -= 1;
        }
    }
    winding != 0
}

/// Distance from `p` to the outline of `polygon`.
pub(super) fn to_outline(p: (f64, f64), polygon: &[[f64; 2]]) -> f64 {
    (0..polygon.len())
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
            segment_distance(p, (a[0], a[1]), (b[0], b[1]))
        })
        .fold(f64::INFINITY, f64::min)
}

/// Distance from `p` to the nearest node and edge of `b`, and the paper's
/// border.
fn clearance(b: &Board, p: (f64, f64)) -> f64 {
    let nodes = (0..b.nodes.len() as u32).map(|v| dist(p, pos(b, v)));
    let edges = b.edges.iter().map(|&[x, y]| segment_distance(p, pos(b, x), pos(b, y)));
    let (w, h) = (f64::from(b.width), f64::from(b.height));
    let border = p.0.min(w - p.0).min(p.1).min(h - p.1);
    nodes.chain(edges).fold(border, f64::min)
}

fn area_outline(a: &Area) -> &[[f64; 2]] {
    &a.outline
}

#[test]
fn areas_satisfy_euler_and_hold_no_node_or_edge() {
    check_expanded(|_, b| {
        let n = b.nodes.len();
        let border = (0..n as u32).filter(|&v| on_border(b, v)).count();
        // V − E + F = 2 over the nodes, the paper's free corners, the edges,
        // the border ring's edges (as many as its vertices) and the outer
        // face: the corners cancel.
        if b.areas.len() + n != 1 + b.edges.len() + border {
            return Err(format!(
                "{} areas, {n} nodes, {} edges, {border} on the border: Euler's formula fails",
                b.areas.len(),
                b.edges.len()
            ));
        }
        crate::metric_agrees("areas", Some(b.areas.len() as u32), b.metrics.areas)?;
        if b.areas != b.enclosed_areas() {
            return Err("the board's areas are not what Board::enclosed_areas walks".into());
        }
        // Every edge lies between two areas (or twice on one, a dead end).
        let mut sides = std::collections::BTreeMap::new();
        for a in &b.areas {
            for i in 0..a.nodes.len() {
                let (x, y) = (a.nodes[i], a.nodes[(i + 1) % a.nodes.len()]);
                *sides.entry((x.min(y), x.max(y))).or_insert(0) += 1;
            }
        }
        for &[x, y] in &b.edges {
            let count = sides.get(&(x.min(y), x.max(y))).copied().unwrap_or(0);
            if count != 2 {
                return Err(format!("edge {x}-{y} borders {count} areas' sides, not 2"));
            }
        }
        let total: f64 = b.areas.iter().map(|a| a.size).sum();
        let paper = f64::from(b.width) * f64::from(b.height);
        if (total - paper).abs() > 1e-9 * paper {
            return Err(format!("areas add up to {total}, the paper is {paper}"));
        }
        for (k, a) in b.areas.iter().enumerate() {
            let outline = area_outline(a);
            let twice: f64 = (0..outline.len())
                .map(|i| {
                    let (p, q) = (outline[i], outline[(i + 1) % outline.len()]);
                    p[0] * q[1] - q[0] * p[1]
                })
                .sum();
            if (twice.abs() / 2.0 - a.size).abs() > 1e-9 || a.size <= 0.0 {
                return Err(format!("area {k}: size {} against {}", a.size, twice.abs() / 2.0));
            }
            let on_ring = |v: u32| a.nodes.contains(&v);
            if let Some(v) = (0..n as u32).find(|&v| !on_ring(v) && inside(pos(b, v), outline)) {
                return Err(format!("area {k} holds node {v}"));
            }
            for &[x, y] in &b.edges {
                let along = (0..a.nodes.len()).any(|i| {
                    [a.nodes[i], a.nodes[(i + 1) % a.nodes.len()]] == [x, y] || [a.nodes[i], a.nodes[(i + 1) % a.nodes.len()]] == [y, x]
                });
                if along {
                    continue;
                }
                let (p, q) = (pos(b, x), pos(b, y));
                let mid = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                let crosses = (0..outline.len()).any(|i| {
                    let (c, d) = (outline[i], outline[(i + 1) % outline.len()]);
                    let (c, d) = ((c[0], c[1]), (d[0], d[1]));
                    cross(p, q, c) * cross(p, q, d) < 0.0 && cross(c, d, p) * cross(c, d, q) < 0.0
                });
                if crosses || inside(mid, outline) {
                    return Err(format!("area {k} holds edge {x}-{y}"));
                }
            }
            let corner = outline.len() > a.nodes.len();
            let along_border = (0..a.nodes.len()).any(|i| on_border(b, a.nodes[i]) && on_border(b, a.nodes[(i + 1) % a.nodes.len()]));
            if a.border != (corner || along_border) {
                return Err(format!("area {k}: border {} is wrong", a.border));
            }
        }
        Ok(())
    });
}

#[test]
fn expeditions_stand_at_the_largest_circle_of_every_area_with_room() {
    check_expanded(|params, b| {
        let radius = params.expedition_radius;
        let mut quadrants = [[0u32; 4]; 2];
        let centre = b.nodes.iter().find(|n| n.kind == NodeKind::Center).map(|n| (n.x, n.y)).unwrap();
        for e in &b.expeditions {
            let area = &b.areas[e.area as usize];
            if e.radius < radius {
                return Err(format!("an expedition in area {} of radius {} < {radius}", e.area, e.radius));
            }
            if !inside((e.x, e.y), &area.outline) {
                return Err(format!("the expedition of area {} lies outside it", e.area));
            }
            // Clear of every node and edge of the board, and of the paper's
            // border, by its radius.
            let clear = clearance(b, (e.x, e.y));
            if clear < e.radius - 1e-9 {
                return Err(format!("the circle of area {} (r {}) comes within {clear}", e.area, e.radius));
            }
            let q = usize::from(e.x >= centre.0) + 2 * usize::from(e.y >= centre.1);
            quadrants[usize::from(e.kind == ExpeditionKind::Landmark)][q] += 1;
        }
        let mut areas: Vec<u32> = b.expeditions.iter().map(|e| e.area).collect();
        areas.dedup();
        if areas.len() != b.expeditions.len() {
            return Err("two expeditions share an area".into());
        }
        // The circles are the largest (within a grid's step), and every
        // area that holds one of `radius` has its expedition.
        for (k, a) in b.areas.iter().enumerate() {
            let placed = b.expeditions.iter().find(|e| e.area as usize == k);
            // A box narrower than the circle holds none: no need to look.
            let narrow = |i: usize| {
                let (lo, hi) = a
                    .outline
                    .iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p[i]), hi.max(p[i])));
                hi - lo < 2.0 * radius
            };
            if placed.is_none() && (narrow(0) || narrow(1)) {
                continue;
            }
            let (x0, x1) = a
                .outline
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p[0]), hi.max(p[0])));
            let (y0, y1) = a
                .outline
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p[1]), hi.max(p[1])));
            let step = 0.05;
            let mut best: f64 = 0.0;
            let mut y = y0;
            while y <= y1 {
                let mut x = x0;
                while x <= x1 {
                    if inside((x, y), &a.outline) {
                        best = best.max(to_outline((x, y), &a.outline));
                    }
                    x += step;
                }
                y += step;
            }
            match placed {
                Some(e) if best > e.radius + 1e-3 => {
                    return Err(format!("area {k}: a circle of {best} fits, the expedition's is {}", e.radius));
                }
                None if best >= radius + 1e-3 => {
                    return Err(format!("area {k} holds a circle of {best} but no expedition"));
                }
                _ => {}
            }
        }
        crate::metric_agrees("suitable areas", Some(b.expeditions.len() as u32), b.metrics.suitable_areas)?;
        crate::metric_agrees("expeditions per quadrant", Some(quadrants[0]), b.metrics.quadrant_expeditions)?;
        crate::metric_agrees("landmarks per quadrant", Some(quadrants[1]), b.metrics.quadrant_landmarks)?;
        for (q, (&exp, &land)) in quadrants[0].iter().zip(&quadrants[1]).enumerate() {
            if exp < land || exp > land + 1 {
                return Err(format!("quadrant {q}: {exp} expeditions, {land} landmarks"));
            }
        }
        Ok(())
    });
}

#[test]
fn resources_lie_inside_their_areas_apart_and_clear_of_edges() {
    check_expanded(|params, b| {
        let r = params.resource_radius;
        let mut per_area = vec![0usize; b.areas.len()];
        for (i, res) in b.resources.iter().enumerate() {
            let p = (res.x, res.y);
            let area = &b.areas[res.area as usize];
            per_area[res.area as usize] += 1;
            if !inside(p, &area.outline) {
                return Err(format!("resource {i} lies outside area {}", res.area));
            }
            if b.expeditions.iter().any(|e| e.area == res.area) {
                return Err(format!("resource {i} shares area {} with an expedition", res.area));
            }
            let mut nodes = area.nodes.clone();
            nodes.sort_unstable();
            nodes.dedup();
            let border = nodes.iter().filter(|&&v| on_border(b, v)).count();
            if 2 * border >= nodes.len() {
                return Err(format!("resource {i} in area {}, half of whose nodes are on the border", res.area));
            }
            if let Some(v) = (0..b.nodes.len() as u32).find(|&v| dist(p, pos(b, v)) <= r) {
                return Err(format!("resource {i} within {r} of node {v}"));
            }
            if let Some(&[x, y]) = b.edges.iter().find(|&&[x, y]| segment_distance(p, pos(b, x), pos(b, y)) <= r / 2.0) {
                return Err(format!("resource {i} within {} of edge {x}-{y}", r / 2.0));
            }
            if let Some(j) = (i + 1..b.resources.len()).find(|&j| dist(p, (b.resources[j].x, b.resources[j].y)) <= r) {
                return Err(format!("resources {i} and {j} closer than {r}"));
            }
            let most = if nodes.len() <= 4 { 2 } else { 4 };
            if per_area[res.area as usize] > most {
                return Err(format!(
                    "area {} of {} nodes holds more than {most} resources",
                    res.area,
                    nodes.len()
                ));
            }
        }
        crate::metric_agrees("resources", Some(b.resources.len() as u32), b.metrics.resources)
    });
}

#[test]
fn tiny_nodes_sit_on_midpoints_at_most_two_a_node() {
    check_expanded(|params, b| {
        let mut held = vec![0u32; b.nodes.len()];
        let mut edges = std::collections::BTreeSet::new();
        for (i, t) in b.tiny_nodes.iter().enumerate() {
            let [x, y] = b.edges[t.edge as usize];
            if !((t.from, t.to) == (x, y) || (t.from, t.to) == (y, x)) {
                return Err(format!("tiny node {i} points along {}-{}, not its edge {x}-{y}", t.from, t.to));
            }
            let (p, q) = (pos(b, x), pos(b, y));
            if (t.x, t.y) != ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0) {
                return Err(format!("tiny node {i} is not at its edge's midpoint"));
            }
            if let Some(v) = (0..b.nodes.len() as u32).find(|&v| dist((t.x, t.y), pos(b, v)) <= 0.5) {
                return Err(format!("tiny node {i} within 0.5 of node {v}"));
            }
            if on_border(b, x) || on_border(b, y) {
                return Err(format!("tiny node {i} on an edge of a border node"));
            }
            if !edges.insert(t.edge) {
                return Err(format!("two tiny nodes on edge {x}-{y}"));
            }
            held[x as usize] += 1;
            held[y as usize] += 1;
            for &[c, d] in b.edges.iter().filter(|&&e| e != [x, y]) {
                if segment_distance((t.x, t.y), pos(b, c), pos(b, d)) <= 0.15 {
                    return Err(format!("tiny node {i} within 0.15 of edge {c}-{d}"));
                }
            }
        }
        if let Some(v) = held.iter().position(|&h| h > params.max_tiny_per_node) {
            return Err(format!("node {v} holds {} tiny nodes", held[v]));
        }
        crate::metric_agrees("tiny nodes", Some(b.tiny_nodes.len() as u32), b.metrics.tiny_nodes)
    });
}

/// With each node set, the board's types (the keys of `type_min`) hold
/// every category and action type of the pool, at least three that cut,
/// and what each requires.
#[test]
fn balanced_node_sets_hold_every_category_and_action_type() {
    for set in expansions::node_sets() {
        let failures = crate::per_player_count(|players| {
            let params = with(players, &[&set.name]);
            let pool = expansions::node_type_pool(&params);
            (0..SEEDS / 2)
                .filter_map(|i| {
                    let seed = format!("node-set-{i}");
                    let b = Universe::generate(&params, &Seed::new(&seed)).unwrap();
                    let types: Vec<&NodeType> = pool.iter().filter(|t| b.metrics.type_min.contains_key(&t.name)).collect();
                    let has = |a: &str| types.iter().filter(|t| t.actions.iter().any(|x| x == a)).count();
                    let problem = if let Some(c) = pool.iter().map(|t| &t.category).find(|c| !types.iter().any(|t| &t.category == *c)) {
                        Some(format!("no {c}"))
                    } else if let Some(a) = NodeType::ACTIONS.iter().find(|a| has(a) == 0) {
                        Some(format!("no {a}"))
                    } else if has("Cutting") < 3 {
                        Some(format!("{} types that cut", has("Cutting")))
                    } else if let Some(t) = types
                        .iter()
                        .find(|t| t.requires.iter().any(|r| !b.metrics.type_min.contains_key(r)))
                    {
                        Some(format!("{} without what it requires", t.name))
                    } else if b
                        .nodes
                        .iter()
                        .any(|n| n.kind == NodeKind::Regular && !b.metrics.type_min.contains_key(n.node_type.as_deref().unwrap_or("")))
                    {
                        Some("a node of a type outside the set".to_string())
                    } else {
                        None
                    };
                    problem.map(|p| format!("{}, players {players}, seed {seed:?}: {p}", set.name))
                })
                .collect::<Vec<_>>()
        });
        assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
    }
}

#[test]
fn boards_without_expansions_carry_none_of_their_fields() {
    let b = board(4, "plain");
    assert!(b.areas.is_empty() && b.expeditions.is_empty() && b.resources.is_empty() && b.tiny_nodes.is_empty());
    let json: serde_json::Value = serde_json::to_value(&b).unwrap();
    for key in ["areas", "expeditions", "resources", "tiny_nodes"] {
        assert!(json.get(key).is_none(), "{key} in a plain board's JSON");
    }
    for key in ["areas", "suitable_areas", "resources", "tiny_nodes", "quadrant_expeditions"] {
        assert!(json["metrics"].get(key).is_none(), "metrics.{key} in a plain board's JSON");
    }
    assert!(
        json["params"].get("expansions").is_none(),
        "params.expansions in a plain board's JSON"
    );
}

#[test]
fn bad_expansions_name_the_field_and_what_is_allowed() {
    crate::assert_refused::<Params>(&[
        (
            "expansions = [\"wildwood\", \"moonbase\"]",
            "`expansions[1]`: \"moonbase\" is not allowed; expected expansion names from nasty_nodes, nodes_of_knowledge, electric, extreme_expeditions, sharp_scissors, deep_orbit, clockwork, wildwood, expeditions, resources, tiny_nodes",
        ),
        (
            "expansions = [\"sharp_scissors\", \"tiny_nodes\"]",
            "`expansions[1]`: \"tiny_nodes\" beside \"sharp_scissors\" is not allowed; expected one of sharp_scissors (the original's) and tiny_nodes (boardwright's own)",
        ),
        ("expansions = [\"resources\", \"resources\"]", "expansions[1]"),
        ("expansions = \"resources\"", "`expansions`"),
        ("expedition_radius = 9.0", "`expedition_radius`"),
        ("resource_radius = 0.0", "`resource_radius`"),
        ("max_tiny_per_node = 0", "`max_tiny_per_node`"),
        (
            "roomy_tiny_nodes = true",
            "expected sharp_scissors among them with roomy_tiny_nodes = true",
        ),
        (
            "node_types = [{ name = \"Oil\", actions = [\"Jumping\"] }]",
            "node_types[0].actions",
        ),
        (
            "node_types = [{ name = \"Oil\", requires = [\"Gold\"] }]\nmissions = [{ name = \"Traveler\" }, { name = \"Collector\" }]\nexpansions = [\"wildwood\"]",
            "node_types[0].requires",
        ),
    ]);
}

/// Each preset of an expansion switches it on, and the presets of all of
/// them switch every one on.
#[test]
fn every_expansion_has_its_preset() {
    for name in expansions::names() {
        let p = Params::resolve(&[Params::preset(name).unwrap()]).unwrap();
        assert_eq!(p.expansions, [name]);
    }
    let ours = [expansions::EXPEDITIONS, expansions::RESOURCES, expansions::TINY_NODES];
    let together: Vec<&str> = expansions::names().into_iter().filter(|n| !ours.contains(n)).collect();
    let p = Params::resolve(&[Params::preset("all-expansions").unwrap()]).unwrap();
    assert_eq!(p.expansions, together);
    let p = Params::resolve(&[Params::preset("original-expansions").unwrap()]).unwrap();
    assert_eq!(p.expansions, together[..5]);
    assert!(
        p.expansions
            .iter()
            .all(|n| expansions::node_sets().iter().all(|s| &s.name != n || s.original))
    );
}

/// One board per expansion, pinned.
#[test]
fn golden_json_per_expansion() {
    for name in expansions::names() {
        let b = once(&with(2, &[name]), &Seed::new("golden"));
        let json = serde_json::to_string_pretty(&b).unwrap() + "\n";
        crate::golden(&format!("universe-{name}-golden.json"), &json);
    }
}

#[test]
fn expanded_output_does_not_depend_on_the_thread_count() {
    let params = Params {
        resolution: Some(60),
        ..all(4)
    };
    let run = |threads: usize| {
        on_threads(threads, || {
            let b = Universe::generate(&params, &Seed::new("threads")).unwrap();
            let mut json = Vec::new();
            Universe::write_json(&b, &mut json).unwrap();
            assert_eq!(json, serde_json::to_vec(&b).unwrap());
            json
        })
    };
    assert_eq!(run(1), run(3));
}

/// Every expansion parameter at each end of its range, on a standard and a
/// larger board, generates (and within the time a board takes).
#[test]
fn expansion_parameters_at_their_extremes() {
    for (radius, resource, tiny) in [(0.2, 0.2, 1), (5.0, 2.0, 12), (0.2, 2.0, 12), (5.0, 0.2, 1)] {
        for resolution in [None, Some(60)] {
            let params = Params {
                resolution,
                expedition_radius: radius,
                resource_radius: resource,
                max_tiny_per_node: tiny,
                ..all(9)
            };
            let start = std::time::Instant::now();
            let b = Universe::generate(&params, &Seed::new("extremes")).unwrap_or_else(|e| panic!("{params:?}: {e}"));
            assert!(start.elapsed().as_secs() < 20, "{radius} {resource} {tiny} {resolution:?}");
            if radius == 5.0 {
                assert!(b.expeditions.is_empty());
            }
            assert_eq!(b.metrics.tiny_nodes, Some(b.tiny_nodes.len() as u32));
        }
    }
}
