//! The universe page: cut lines, edges and nodes, measured.

use boardwright::universe::{self, NodeKind, Universe};
use boardwright::{Generator, Paper, Seed};

use super::*;
use crate::{dist, segment_distance};

/// An edge as drawn: its nodes, its ends and half its stroke.
type DrawnEdge = (usize, usize, (f64, f64), (f64, f64), f64);

/// The universe page's promises, measured.
fn check_universe(board: &universe::Board, paper: Paper) -> Result<(), String> {
    let doc = Universe::draw(board, on_paper(paper));
    let page = &doc.pages[0];
    let (long, short) = (paper.size().1, paper.size().0);
    if (page.width, page.height) != (long, short) {
        return Err(format!("page {} x {}, not {paper:?} landscape", page.width, page.height));
    }
    let svg = render::svg::page(page, &doc.title);
    let (width, height, elements) = elements(&svg);
    inside_margin(width, height, &elements)?;
    if !elements.iter().any(|e| e.class() == "legend") {
        return Err("no legend".into());
    }
    let nodes: Vec<&Element> = elements.iter().filter(|e| e.name == "g" && e.class() == "node").collect();
    if nodes.len() != board.nodes.len() {
        return Err(format!("{} node groups for {} nodes", nodes.len(), board.nodes.len()));
    }
    let at: Vec<((f64, f64), f64)> = nodes
        .iter()
        .map(|n| ((n.num("data-x"), n.num("data-y")), n.num("data-r")))
        .collect();
    for (i, n) in nodes.iter().enumerate() {
        if n.num("data-id") as usize != i {
            return Err(format!("node group {i} has id {}", n.num("data-id")));
        }
    }
    // data-r is the radius of everything drawn for the node.
    for e in elements.iter().filter(|e| e.node.is_some() && e.name != "g") {
        let i = e.node.unwrap();
        let (c, r) = at[i];
        let far = match e.name.as_str() {
            "circle" => dist(c, (e.num("cx"), e.num("cy"))) + e.num("r") + e.half_stroke(),
            "text" => {
                let [x0, y0, x1, y1] = e.bounds().unwrap();
                [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
                    .iter()
                    .map(|&p| dist(c, p))
                    .fold(0.0, f64::max)
            }
            _ => {
                let [x0, y0, x1, y1] = e.bounds().unwrap();
                if e.name == "rect" || e.name == "line" || e.name == "image" {
                    [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
                        .iter()
                        .map(|&p| dist(c, p))
                        .fold(0.0, f64::max)
                } else {
                    e.points().iter().map(|&p| dist(c, p) + e.half_stroke()).fold(0.0, f64::max)
                }
            }
        };
        if far > r + 3.0 * EPS {
            return Err(format!("node {i}: its {} reaches {far:.3} mm, data-r is {r}", e.name));
        }
        // Numbers are at least 3 mm tall (digits stand 0.73 em in the font).
        if e.name == "text" && !e.text.is_empty() && e.text.chars().all(|c| c.is_ascii_digit()) && e.num("font-size") * 0.73 < 3.0 {
            return Err(format!("node {i}: number {} only {} mm tall", e.text, e.num("font-size") * 0.73));
        }
    }
    let edges: Vec<DrawnEdge> = elements
        .iter()
        .filter(|e| e.class() == "edge")
        .map(|e| {
            (
                e.num("data-a") as usize,
                e.num("data-b") as usize,
                (e.num("x1"), e.num("y1")),
                (e.num("x2"), e.num("y2")),
                e.half_stroke(),
            )
        })
        .collect();
    if edges.len() != board.edges.len() {
        return Err(format!("{} edges drawn of {}", edges.len(), board.edges.len()));
    }
    for &(a, b, p, q, _) in &edges {
        let shown = dist(p, q) - at[a].1 - at[b].1;
        if shown < 3.0 - EPS {
            return Err(format!("edge {a}-{b} shows {shown:.2} mm of line"));
        }
        if dist(p, at[a].0) > EPS || dist(q, at[b].0) > EPS {
            return Err(format!("edge {a}-{b} does not join its nodes' centres"));
        }
    }
    for i in 0..at.len() {
        for j in i + 1..at.len() {
            let gap = dist(at[i].0, at[j].0) - at[i].1 - at[j].1;
            if gap <= 0.0 {
                return Err(format!("nodes {i} and {j} overlap by {:.2} mm", -gap));
            }
        }
        for &(a, b, p, q, half) in &edges {
            if a != i && b != i {
                let gap = segment_distance(at[i].0, p, q) - at[i].1 - half;
                if gap <= 0.0 {
                    return Err(format!("node {i} touches edge {a}-{b} ({gap:.2} mm)"));
                }
            }
        }
    }
    // Power dots clear of the node's own edges.
    for e in elements.iter().filter(|e| e.class() == "dot") {
        let i = e.node.ok_or("a dot outside a node")?;
        let c = (e.num("cx"), e.num("cy"));
        for &(a, b, p, q, half) in edges.iter().filter(|x| x.0 == i || x.1 == i) {
            if segment_distance(c, p, q) <= e.num("r") + e.half_stroke() + half {
                return Err(format!("a dot of node {i} touches its edge {a}-{b}"));
            }
        }
    }
    // The centre and the mission nodes stand out: their outlines are bolder.
    let centre = board.nodes.iter().position(|n| n.kind == NodeKind::Center).ok_or("no centre")?;
    let outline = |i: usize| {
        elements
            .iter()
            .find(|e| e.node == Some(i) && e.name != "g")
            .map(|e| e.num("stroke-width") / at[i].1)
            .unwrap_or(0.0)
    };
    let regular = board
        .nodes
        .iter()
        .position(|n| n.kind == NodeKind::Regular)
        .ok_or("no regular node")?;
    let mission = board.nodes.iter().position(|n| n.kind == NodeKind::Mission).ok_or("no mission")?;
    if outline(centre) <= outline(regular) || outline(mission) <= outline(regular) {
        return Err("the centre and the missions are not drawn bolder than other nodes".into());
    }
    Ok(())
}

fn universe_board(players: u32, seed: &str) -> universe::Board {
    let params = universe::Params {
        players,
        ..universe::Params::default()
    };
    Universe::generate(&params, &Seed::new(seed)).unwrap()
}

#[test]
fn universe_pages_can_be_cut_along_every_edge() {
    let failures = crate::per_player_count(|players| {
        (0..500)
            .filter_map(|i| {
                let seed = format!("print-{i}");
                // Every board on A4, every tenth on Letter too.
                let papers: &[Paper] = if i % 10 == 0 { &PAPERS } else { &[Paper::A4] };
                let board = universe_board(players, &seed);
                papers.iter().find_map(|&paper| {
                    check_universe(&board, paper)
                        .err()
                        .map(|e| format!("players {players}, seed {seed:?}, {paper:?}: {e}"))
                })
            })
            .collect::<Vec<_>>()
    });
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

#[test]
fn the_default_board_shows_the_edges_the_issue_named() {
    let board = universe_board(4, "Tiamo");
    check_universe(&board, Paper::A4).unwrap();
}
