//! The universe page: cut lines, edges and nodes, pictograms, words and the
//! legend, measured on the rendered page.

use boardwright::universe::{self, NodeKind, Universe};
use boardwright::{DrawOptions, Generator, Paper, Printed, Seed, Tile};

use super::*;
use crate::{dist, segment_distance};

/// An edge as drawn: its nodes, its ends and half its stroke.
pub(super) type DrawnEdge = (usize, usize, (f64, f64), (f64, f64), f64);

/// The edges' lines on a universe page, piece by piece: their two nodes,
/// their two ends and half their stroke.
pub(super) fn drawn_edges(elements: &[Element]) -> Vec<DrawnEdge> {
    elements
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
        .collect()
}

/// The least font of words a player reads, and of the caption's lines,
/// millimetres.
const LEAST_TEXT: f64 = 2.0;
const LEAST_CAPTION: f64 = 1.5;

/// Which rules a page is held to: all of them, or (on A5, too small for the
/// largest boards) all but the 3 mm numbers clear of the power dots.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Rules {
    All,
    Fit,
}

/// A node as drawn: its centre, its reach (`data-r`), its outline's element.
struct DrawnNode<'a> {
    at: (f64, f64),
    reach: f64,
    outline: &'a Element,
}

impl DrawnNode<'_> {
    /// Where a line leaving the centre towards `to` comes out of the
    /// outline's stroke.
    fn exit(&self, to: (f64, f64)) -> f64 {
        let o = self.outline;
        match o.name.as_str() {
            "circle" => o.num("r") + o.half_stroke(),
            _ => {
                let d = dist(self.at, to).max(1e-12);
                let (ux, uy) = ((to.0 - self.at.0) / d, (to.1 - self.at.1) / d);
                (o.num("width") / 2.0 + o.half_stroke()) / ux.abs().max(uy.abs())
            }
        }
    }

    /// The outline's size: a circle's radius, a square's half side.
    fn size(&self) -> f64 {
        match self.outline.name.as_str() {
            "circle" => self.outline.num("r"),
            _ => self.outline.num("width") / 2.0,
        }
    }

    /// Whether the point `p` lies inside the outline.
    fn holds(&self, p: (f64, f64)) -> bool {
        let s = self.size() + EPS;
        match self.outline.name.as_str() {
            "circle" => dist(self.at, p) <= s,
            _ => (p.0 - self.at.0).abs() <= s && (p.1 - self.at.1).abs() <= s,
        }
    }
}

/// How far a node's drawing lies from something whose distance from a
/// point `far` gives: its outline (a circle's rim, a square's corners) and
/// each of its `dots` (node, centre, radius to the stroke's edge), each
/// where it lies, so that a dot facing away never counts.
fn drawing_gap(node: &DrawnNode, i: usize, dots: &[(usize, (f64, f64), f64)], far: impl Fn((f64, f64)) -> f64) -> f64 {
    let o = node.outline;
    let outline = match o.name.as_str() {
        "circle" => o.num("r") + o.half_stroke(),
        _ => (o.num("width") / 2.0 + o.half_stroke()) * std::f64::consts::SQRT_2,
    };
    dots.iter()
        .filter(|(n, ..)| *n == i)
        .fold(far(node.at) - outline, |gap, &(_, c, r)| gap.min(far(c) - r))
}

/// The universe page's promises, measured.
/// A page refused for want of room for its marks is never drawn (see
/// [`check_marks`]).
pub(super) fn check_universe(board: &universe::Board, options: &DrawOptions, rules: Rules) -> Result<(), String> {
    if Universe::check_printable(board, options).is_err() {
        return Ok(());
    }
    let doc = Universe::draw(board, options.clone());
    let page = &doc.pages[0];
    let (long, short) = (options.paper.size().1, options.paper.size().0);
    if options.tile == Tile::ONE && (page.width, page.height) != (long, short) {
        return Err(format!("page {} x {}, not {:?} landscape", page.width, page.height, options.paper));
    }
    let svg = render::svg::page(page, &doc.title);
    let (width, height, elements) = elements(&svg);
    inside_margin(width, height, &elements)?;
    let legend = enclosing(&svg, "legend");
    if !legend.iter().any(Option::is_some) {
        return Err("no legend".into());
    }
    let groups: Vec<&Element> = elements.iter().filter(|e| e.name == "g" && e.class() == "node").collect();
    if groups.len() != board.nodes.len() {
        return Err(format!("{} node groups for {} nodes", groups.len(), board.nodes.len()));
    }
    let mut nodes = Vec::new();
    for (i, g) in groups.iter().enumerate() {
        if g.num("data-id") as usize != i {
            return Err(format!("node group {i} has id {}", g.num("data-id")));
        }
        let outline = elements
            .iter()
            .find(|e| e.node == Some(i) && e.name != "g")
            .ok_or("an empty node")?;
        nodes.push(DrawnNode {
            at: (g.num("data-x"), g.num("data-y")),
            reach: g.num("data-r"),
            outline,
        });
    }
    // data-r is the radius of everything drawn for the node.
    for e in elements.iter().filter(|e| e.node.is_some() && e.name != "g") {
        let i = e.node.unwrap();
        let (c, r) = (nodes[i].at, nodes[i].reach);
        let far = match e.name.as_str() {
            "circle" => dist(c, (e.num("cx"), e.num("cy"))) + e.num("r") + e.half_stroke(),
            "polygon" => e.points().iter().map(|&p| dist(c, p) + e.half_stroke()).fold(0.0, f64::max),
            _ => corners(e.bounds().unwrap()).iter().map(|&p| dist(c, p)).fold(0.0, f64::max),
        };
        if far > r + 3.0 * EPS {
            return Err(format!("node {i}: its {} reaches {far:.3} mm, data-r is {r}", e.name));
        }
    }
    let edges = drawn_edges(&elements);
    // An edge is one line, or (bent across a seam of a tiled board) its
    // pieces one after another.
    let lines: Vec<&[DrawnEdge]> = edges.chunk_by(|x, y| (x.0, x.1) == (y.0, y.1)).collect();
    if lines.len() != board.edges.len() {
        return Err(format!("{} edges drawn of {}", lines.len(), board.edges.len()));
    }
    let pieces = drawn_pieces(board, &svg, &elements)?;
    // Each power dot: its node, its centre and its radius to the stroke's edge.
    let node_dots: Vec<(usize, (f64, f64), f64)> = elements
        .iter()
        .filter(|e| e.class() == "dot")
        .filter_map(|e| Some((e.node?, (e.num("cx"), e.num("cy")), e.num("r") + e.half_stroke())))
        .collect();
    // Each edge's line shows at least 3 mm between the two outlines (the
    // dots, checked below, keep off it), and the tiny node on it, if any.
    for line in &lines {
        let (a, b) = (line[0].0, line[0].1);
        let (p, q) = (line[0].2, line[line.len() - 1].3);
        if dist(p, nodes[a].at) > EPS || dist(q, nodes[b].at) > EPS || line.windows(2).any(|w| dist(w[0].3, w[1].2) > EPS) {
            return Err(format!("edge {a}-{b} does not join its nodes' centres"));
        }
        // Bent across a seam, it leaves each node in its own direction: every
        // bend lies outside both nodes, their dots and the stroke.
        for piece in &line[..line.len() - 1] {
            let bend = piece.3;
            if let Some(v) = [a, b]
                .into_iter()
                .find(|&v| drawing_gap(&nodes[v], v, &node_dots, |c| dist(bend, c)) < piece.4 - EPS)
            {
                return Err(format!("edge {a}-{b} bends at {bend:?}, inside node {v}'s drawing"));
            }
        }
        let tiny: f64 = pieces.iter().filter(|t| t.edge == Some((a.min(b), a.max(b)))).map(|t| t.len).sum();
        let length: f64 = line.iter().map(|piece| dist(piece.2, piece.3)).sum();
        let shown = length - nodes[a].exit(line[0].3) - nodes[b].exit(line[line.len() - 1].2) - tiny;
        if shown < 3.0 - EPS {
            return Err(format!("edge {a}-{b} shows {shown:.2} mm of line"));
        }
    }
    for i in 0..nodes.len() {
        for j in i + 1..nodes.len() {
            let gap = dist(nodes[i].at, nodes[j].at) - nodes[i].reach - nodes[j].reach;
            if gap <= 0.0 {
                return Err(format!("nodes {i} and {j} overlap by {:.2} mm", -gap));
            }
        }
        for &(a, b, p, q, half) in &edges {
            if a != i && b != i {
                let gap = drawing_gap(&nodes[i], i, &node_dots, |c| segment_distance(c, p, q)) - half;
                if gap <= 0.0 {
                    return Err(format!("node {i} touches edge {a}-{b} ({gap:.2} mm)"));
                }
            }
        }
    }
    // The expansions' pieces meet no node, no other piece, and no edge
    // but a tiny node's own.
    for (k, piece) in pieces.iter().enumerate() {
        for (i, n) in nodes.iter().enumerate() {
            let gap = dist(piece.at, n.at) - n.reach - piece.r;
            if gap <= 0.0 {
                return Err(format!("the {} {k} touches node {i} ({gap:.2} mm)", piece.class));
            }
        }
        for &(a, b, p, q, half) in &edges {
            if piece.edge == Some((a.min(b), a.max(b))) {
                continue;
            }
            let gap = segment_distance(piece.at, p, q) - half - piece.r;
            if gap <= 0.0 {
                return Err(format!("the {} {k} touches edge {a}-{b} ({gap:.2} mm)", piece.class));
            }
        }
        for (j, other) in pieces.iter().enumerate().skip(k + 1) {
            if dist(piece.at, other.at) - piece.r - other.r <= 0.0 {
                return Err(format!("the {} {k} and the {} {j} overlap", piece.class, other.class));
            }
        }
    }
    // Power dots clear of the node's own edges.
    let dots: Vec<(usize, &Element)> = elements.iter().enumerate().filter(|(_, e)| e.class() == "dot").collect();
    for (_, e) in &dots {
        let i = e.node.ok_or("a dot outside a node")?;
        let c = (e.num("cx"), e.num("cy"));
        for &(a, b, p, q, half) in edges.iter().filter(|x| x.0 == i || x.1 == i) {
            if segment_distance(c, p, q) <= e.num("r") + e.half_stroke() + half {
                return Err(format!("a dot of node {i} touches its edge {a}-{b}"));
            }
        }
    }
    // What a node shows (pictogram, number, name) lies inside its outline,
    // and no power dot covers any of it (on A5, the smallest nodes' marks
    // may lie over their dots, never under them).
    let pictogram = enclosing(&svg, "pictogram");
    for (k, e) in elements.iter().enumerate() {
        let Some(i) = e.node else { continue };
        let shown = pictogram[k].is_some() || e.class() == "label" || e.class() == "number";
        if !shown || e.name == "g" {
            continue;
        }
        let [x0, y0, x1, y1] = if e.name == "text" { ink(e) } else { e.bounds().unwrap() };
        if let Some(p) = corners([x0, y0, x1, y1]).into_iter().find(|&p| !nodes[i].holds(p)) {
            return Err(format!("node {i}: its {} {:?} reaches {p:?}, outside its outline", e.name, e.text));
        }
        for (_, dot) in dots
            .iter()
            .filter(|(d, dot)| dot.node == Some(i) && (rules == Rules::All || *d > k))
        {
            let c = (dot.num("cx"), dot.num("cy"));
            let near = (c.0.clamp(x0, x1), c.1.clamp(y0, y1));
            if dist(c, near) <= dot.num("r") + dot.half_stroke() {
                return Err(format!("a power dot of node {i} covers its {} {:?}", e.name, e.text));
            }
        }
    }
    // Every node of a kind is one size; the centre and the missions stand
    // out: no smaller, and bolder.
    let of_kind = |kind: NodeKind| board.nodes.iter().filter(move |n| n.kind == kind).map(|n| &nodes[n.id as usize]);
    let regular = of_kind(NodeKind::Regular).next().ok_or("no regular node")?;
    for kind in [NodeKind::Regular, NodeKind::Mission, NodeKind::Center] {
        let first = of_kind(kind).next().ok_or(format!("no {kind:?} node"))?;
        if let Some(other) = of_kind(kind).find(|n| (n.size() - first.size()).abs() > 2.0 * EPS) {
            return Err(format!("{kind:?} nodes of sizes {} and {} mm", first.size(), other.size()));
        }
        if first.size() < regular.size() - EPS {
            return Err(format!(
                "{kind:?} nodes ({} mm) smaller than the rest ({} mm)",
                first.size(),
                regular.size()
            ));
        }
        let bold = |n: &DrawnNode| n.outline.num("stroke-width") / n.size();
        if kind != NodeKind::Regular && bold(first) <= bold(regular) {
            return Err(format!("{kind:?} nodes are not drawn bolder than the rest"));
        }
    }
    // A node's name, where shown, is its own, at one font size on every
    // node of its kind.
    let mut fonts: Vec<(NodeKind, f64)> = Vec::new();
    for e in elements.iter().filter(|e| e.class() == "label") {
        let node = &board.nodes[e.node.ok_or("a label outside a node")?];
        let name = node.node_type.as_deref().unwrap_or("Centre");
        if e.text != name {
            return Err(format!("node {} is labelled {:?}, not {name:?}", node.id, e.text));
        }
        let size = e.num("font-size");
        match fonts.iter().find(|f| f.0 == node.kind) {
            Some(&(kind, other)) if (other - size).abs() > EPS => {
                return Err(format!("{kind:?} names at {other} and {size} mm"));
            }
            Some(_) => {}
            None => fonts.push((node.kind, size)),
        }
    }
    check_board_edge(&elements, &legend, &enclosing(&svg, "scissors"), &nodes)?;
    // A legend too long for the board's page has a page of its own.
    if let Some(legend_page) = doc.pages.get(1) {
        let both = format!("{svg}{}", render::svg::page(legend_page, &doc.title));
        let (_, _, all) = super::elements(&both);
        check_legend(board, &all, &enclosing(&both, "legend"), &enclosing(&both, "pictogram"))?;
    } else {
        check_legend(board, &elements, &legend, &pictogram)?;
    }
    for e in elements.iter().filter(|e| e.name == "text") {
        let (size, least) = (e.num("font-size"), if e.class() == "caption" { LEAST_CAPTION } else { LEAST_TEXT });
        if size < least - EPS {
            return Err(format!("{:?} at {size} mm", e.text));
        }
        // Numbers on nodes are at least 3 mm tall (digits stand 0.73 em in
        // the font), but beside their pictogram on a node too small for both
        // at that size; the centre's (the Electric expansion's electricity,
        // two digits on its inner ring) is text like the rest.
        let centre = e.node.is_some_and(|i| board.nodes[i].kind == NodeKind::Center);
        let beside = |e: &Element| {
            let [_, top, _, bottom] = ink(e);
            elements
                .iter()
                .zip(&pictogram)
                .any(|(p, g)| g.is_some() && p.node == e.node && p.bounds().is_some_and(|[_, y0, _, y1]| y0 < bottom && y1 > top))
        };
        if rules == Rules::All && e.class() == "number" && e.node.is_some() && !centre && size * 0.73 < 3.0 && !beside(e) {
            return Err(format!("number {} only {} mm tall", e.text, size * 0.73));
        }
    }
    Ok(())
}

/// A piece of an expansion as drawn: its kind, centre and reach, and for a
/// tiny node its edge (node ids, the smaller first) and length along it.
struct DrawnPiece {
    class: String,
    at: (f64, f64),
    r: f64,
    edge: Option<(usize, usize)>,
    len: f64,
}

/// The expansions' pieces on the page, one group for each of the board's,
/// everything drawn for each within its reach (`data-r`).
fn drawn_pieces(board: &universe::Board, svg: &str, elements: &[Element]) -> Result<Vec<DrawnPiece>, String> {
    let mut pieces = Vec::new();
    for (class, count) in [
        ("tiny", board.tiny_nodes.len()),
        ("expedition", board.expeditions.len()),
        ("resource", board.resources.len()),
    ] {
        let groups: Vec<(usize, &Element)> = elements
            .iter()
            .enumerate()
            .filter(|(_, e)| e.name == "g" && e.class() == class)
            .collect();
        if groups.len() != count {
            return Err(format!("{} {class} groups drawn for {count}", groups.len()));
        }
        let within = enclosing(svg, class);
        for (k, g) in groups {
            let piece = DrawnPiece {
                class: class.to_string(),
                at: (g.num("data-x"), g.num("data-y")),
                r: g.num("data-r"),
                edge: (class == "tiny").then(|| {
                    let (a, b) = (g.num("data-a") as usize, g.num("data-b") as usize);
                    (a.min(b), a.max(b))
                }),
                len: if class == "tiny" { g.num("data-len") } else { 0.0 },
            };
            for e in elements
                .iter()
                .zip(&within)
                .filter(|(e, w)| **w == within[k] && e.name != "g")
                .map(|(e, _)| e)
            {
                let far = match e.name.as_str() {
                    "circle" => dist(piece.at, (e.num("cx"), e.num("cy"))) + e.num("r") + e.half_stroke(),
                    "polygon" => e.points().iter().map(|&p| dist(piece.at, p) + e.half_stroke()).fold(0.0, f64::max),
                    _ => corners(e.bounds().unwrap()).iter().map(|&p| dist(piece.at, p)).fold(0.0, f64::max),
                };
                if far > piece.r + 3.0 * EPS {
                    return Err(format!("a {class}'s {} reaches {far:.3} mm, data-r is {}", e.name, piece.r));
                }
            }
            if piece.r <= 0.0 {
                return Err(format!("a {class} of reach {}", piece.r));
            }
            pieces.push(piece);
        }
    }
    Ok(pieces)
}

/// The board's edge line runs round every node with room to spare and no
/// further than the board; the quadrant lines lie under the nodes (whose
/// outlines are filled) and end on it; the scissors lie outside it, at its
/// bottom-left corner; nothing of the legend lies on the board.
fn check_board_edge(elements: &[Element], legend: &[Option<usize>], scissors: &[Option<usize>], nodes: &[DrawnNode]) -> Result<(), String> {
    let lines: Vec<&Element> = elements.iter().filter(|e| e.class() == "board-edge").collect();
    let [line] = lines[..] else {
        return Err(format!("{} board edge lines", lines.len()));
    };
    let half = line.half_stroke();
    let (x0, y0) = (line.num("x"), line.num("y"));
    let (x1, y1) = (x0 + line.num("width"), y0 + line.num("height"));
    for (i, n) in nodes.iter().enumerate() {
        let (x, y) = n.at;
        let room = (x - x0).min(x1 - x).min(y - y0).min(y1 - y) - half - n.reach;
        if room <= 0.0 {
            return Err(format!("node {i} meets the board's edge line ({room:.2} mm)"));
        }
    }
    let first_node = elements.iter().position(|e| e.class() == "node").ok_or("no node")?;
    let quadrants: Vec<(usize, &Element)> = elements.iter().enumerate().filter(|(_, e)| e.class() == "quadrant").collect();
    if quadrants.len() != 2 {
        return Err(format!("{} quadrant lines", quadrants.len()));
    }
    for (k, q) in quadrants {
        let ends = [(q.num("x1"), q.num("y1")), (q.num("x2"), q.num("y2"))];
        let on_edge = |(x, y): (f64, f64)| {
            ((x - x0).abs() < EPS || (x - x1).abs() < EPS || (y - y0).abs() < EPS || (y - y1).abs() < EPS)
                && (x0 - EPS..=x1 + EPS).contains(&x)
                && (y0 - EPS..=y1 + EPS).contains(&y)
        };
        if k > first_node || !ends.iter().all(|&p| on_edge(p)) {
            return Err("a quadrant line over the nodes or past the board's edge line".into());
        }
    }
    if let Some(n) = nodes.iter().find(|n| n.outline.get("fill").is_none_or(|f| f == "none")) {
        return Err(format!("a node at {:?} is not filled: lines beneath show through", n.at));
    }
    let scissors: Vec<&Element> = elements
        .iter()
        .zip(scissors)
        .filter(|(e, s)| s.is_some() && e.name != "g")
        .map(|(e, _)| e)
        .collect();
    if scissors.is_empty() {
        return Err("no scissors".into());
    }
    for e in scissors {
        let [sx0, sy0, sx1, sy1] = e.bounds().unwrap();
        let outside = sx1 <= x0 - half + EPS || sx0 >= x1 + half - EPS || sy1 <= y0 - half + EPS || sy0 >= y1 + half - EPS;
        let near_corner = dist(((sx0 + sx1) / 2.0, (sy0 + sy1) / 2.0), (x0, y1)) < 6.0;
        if !outside || !near_corner {
            return Err(format!(
                "scissors at [{sx0:.1}, {sy0:.1}, {sx1:.1}, {sy1:.1}], not beside the bottom-left corner"
            ));
        }
    }
    for (e, _) in elements.iter().zip(legend).filter(|(_, l)| l.is_some()) {
        if let Some([_, top, _, _]) = e.bounds().filter(|_| e.name != "g")
            && top < y1 + half - EPS
        {
            return Err(format!("the legend's {} {:?} lies on the board", e.name, e.text));
        }
    }
    Ok(())
}

/// The legend names every mark of the page, shows each mission kind's and
/// node type's pictogram as the nodes show it, and the pictograms of two
/// kinds differ.
fn check_legend(
    board: &universe::Board,
    elements: &[Element],
    legend: &[Option<usize>],
    pictogram: &[Option<usize>],
) -> Result<(), String> {
    let words: Vec<&str> = elements
        .iter()
        .zip(legend)
        .filter(|(e, l)| l.is_some() && e.name == "text")
        .map(|(e, _)| e.text.as_str())
        .collect();
    let mut needed = vec![
        "centre".to_string(),
        "power dot".to_string(),
        "edge: cut along it".to_string(),
        "quadrant line".to_string(),
        "board edge: cut the sheet along it before play".to_string(),
        "start cutting".to_string(),
    ];
    for n in &board.nodes {
        let name = n.node_type.clone().unwrap_or_else(|| "centre".into());
        match n.kind {
            NodeKind::Mission => needed.push(format!("mission start: {name}")),
            NodeKind::Regular => needed.push(name.clone()),
            NodeKind::Center => {}
        }
        if n.number.is_some() {
            needed.push(format!("{name} number"));
        }
    }
    if let Some(missing) = needed.iter().find(|w| !words.iter().any(|l| l.starts_with(w.as_str()))) {
        return Err(format!("the legend does not say {missing:?}: {words:?}"));
    }
    // Each pictogram drawn, by what it shows, and whether in the legend.
    let mut drawn: Vec<(String, String, bool, Vec<Vec<f64>>)> = Vec::new();
    for (k, g) in elements
        .iter()
        .enumerate()
        .filter(|(_, e)| e.name == "g" && e.class() == "pictogram")
    {
        let group = pictogram[k];
        let shapes: Vec<&Element> = elements
            .iter()
            .zip(pictogram)
            .filter(|(e, p)| **p == group && e.name != "g")
            .map(|(e, _)| e)
            .collect();
        let of = g.get("data-of").unwrap_or("").to_string();
        let name = g.get("data-name").unwrap_or("").to_string();
        drawn.push((of, name, legend[k].is_some(), normalised(&shapes)));
    }
    for n in board.nodes.iter().filter(|n| n.kind != NodeKind::Center) {
        let of = if n.kind == NodeKind::Mission { "mission" } else { "type" };
        let name = n.node_type.as_deref().unwrap_or_default();
        let on_node = drawn.iter().find(|d| !d.2 && d.0 == of && d.1 == name);
        let in_legend = drawn.iter().find(|d| d.2 && d.0 == of && d.1 == name);
        let Some(in_legend) = in_legend else {
            return Err(format!("no pictogram of {of} {name:?} in the legend"));
        };
        match on_node {
            Some(on_node) if !alike(&on_node.3, &in_legend.3) => {
                return Err(format!("the {of} {name:?} looks different on the board and in the legend"));
            }
            None if n.kind == NodeKind::Mission || n.number.is_none() => {
                return Err(format!("a {of} {name:?} node without its pictogram"));
            }
            _ => {}
        }
    }
    let in_legend: Vec<_> = drawn.iter().filter(|d| d.2).collect();
    for (i, a) in in_legend.iter().enumerate() {
        if let Some(b) = in_legend[i + 1..].iter().find(|b| alike(&a.3, &b.3)) {
            return Err(format!("{} {:?} and {} {:?} have the same pictogram", a.0, a.1, b.0, b.1));
        }
    }
    Ok(())
}

/// A pictogram's shapes, each as its element's name (a number standing for
/// it) and its coordinates in the pictogram's own box scaled to 1.
fn normalised(shapes: &[&Element]) -> Vec<Vec<f64>> {
    let boxes: Vec<[f64; 4]> = shapes.iter().filter_map(|e| e.bounds()).collect();
    let x0 = boxes.iter().map(|b| b[0]).fold(f64::INFINITY, f64::min);
    let y0 = boxes.iter().map(|b| b[1]).fold(f64::INFINITY, f64::min);
    let side = boxes.iter().map(|b| (b[2] - x0).max(b[3] - y0)).fold(1e-9, f64::max);
    shapes
        .iter()
        .map(|e| {
            let kind = ["line", "circle", "rect", "polygon", "text", "image"]
                .iter()
                .position(|n| *n == e.name)
                .unwrap_or(9) as f64;
            let mut v = vec![kind * 10.0];
            let [a, b, c, d] = e.bounds().unwrap_or([0.0; 4]);
            v.extend([(a - x0) / side, (b - y0) / side, (c - x0) / side, (d - y0) / side]);
            v.extend(e.points().iter().flat_map(|&(x, y)| [(x - x0) / side, (y - y0) / side]));
            v
        })
        .collect()
}

/// Whether two normalised pictograms are the same drawing.
fn alike(a: &[Vec<f64>], b: &[Vec<f64>]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(p, q)| p.len() == q.len() && p.iter().zip(q).all(|(x, y)| (x - y).abs() < 0.03))
}

/// For each of `elements(svg)`, the ordinal of the innermost group of class
/// `class` it stands in (a group of that class: its own).
fn enclosing(svg: &str, class: &str) -> Vec<Option<usize>> {
    let opening = format!("<g class=\"{class}\"");
    let mut out = Vec::new();
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut count = 0;
    for line in svg.lines().map(str::trim) {
        if line.starts_with("</g") {
            stack.pop();
            continue;
        }
        if !line.starts_with('<') {
            continue;
        }
        let mut inside = stack.last().copied().flatten();
        if line.starts_with("<g") {
            if line.starts_with(&opening) {
                inside = Some(count);
                count += 1;
            }
            stack.push(inside);
        }
        out.push(inside);
    }
    out
}

/// The four corners of a box.
fn corners([x0, y0, x1, y1]: [f64; 4]) -> [(f64, f64); 4] {
    [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
}

/// The box a text element's letters cover with ink, from the glyphs'
/// outlines in the font the renderer embeds.
fn ink(e: &Element) -> [f64; 4] {
    static FACE: std::sync::OnceLock<ttf_parser::Face<'static>> = std::sync::OnceLock::new();
    let face = FACE.get_or_init(|| ttf_parser::Face::parse(render::FONT, 0).expect("the embedded font parses"));
    let (x, y, size) = (e.num("x"), e.num("y"), e.num("font-size"));
    let scale = size / f64::from(face.units_per_em());
    let width = text_width(&e.text) * size;
    let mut pen = match e.get("text-anchor") {
        Some("middle") => x - width / 2.0,
        Some("end") => x - width,
        _ => x,
    };
    let mut b = [f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY];
    for c in e.text.chars() {
        let glyph = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
        if let Some(r) = face.glyph_bounding_box(glyph) {
            b[0] = b[0].min(pen + f64::from(r.x_min) * scale);
            b[2] = b[2].max(pen + f64::from(r.x_max) * scale);
            b[1] = b[1].min(y - f64::from(r.y_max) * scale);
            b[3] = b[3].max(y - f64::from(r.y_min) * scale);
        }
        pen += f64::from(face.glyph_hor_advance(glyph).unwrap_or(0)) * scale;
    }
    b
}

fn universe_board(players: u32, seed: &str, first_game: bool) -> universe::Board {
    let params = universe::Params {
        players,
        first_game,
        ..universe::Params::default()
    };
    Universe::generate(&params, &Seed::new(seed)).unwrap()
}

fn drawn_on(paper: Paper, ink_friendly: bool) -> DrawOptions {
    DrawOptions {
        ink_friendly,
        ..on_paper(paper)
    }
}

#[test]
fn universe_pages_can_be_cut_along_every_edge() {
    let failures = crate::per_player_count(|players| {
        (0..500)
            .filter_map(|i| {
                let seed = format!("print-{i}");
                // Every board on A4, every tenth on each paper too, every
                // fifth ink-friendly; half of them with a mission of each kind.
                let mut pages = vec![(Paper::A4, i % 5 == 0, Rules::All)];
                if i % 10 == 0 {
                    pages.extend(PAPERS.iter().map(|&p| (p, i % 20 == 0, Rules::All)));
                    pages.push((Paper::A5, i % 20 == 0, Rules::Fit));
                }
                let board = universe_board(players, &seed, i % 2 == 0);
                pages.iter().find_map(|&(paper, ink, rules)| {
                    check_universe(&board, &drawn_on(paper, ink), rules)
                        .err()
                        .map(|e| format!("players {players}, seed {seed:?}, {paper:?}, ink-friendly {ink}: {e}"))
                })
            })
            .collect::<Vec<_>>()
    });
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

/// Boards with every expansion keep every rule of the page: their pieces
/// hide no edge and meet no node.
#[test]
fn expansion_pages_can_be_cut_along_every_edge() {
    use universe::expansions::{EXPEDITIONS, EXTREME_EXPEDITIONS, RESOURCES, SHARP_SCISSORS, TINY_NODES, names};
    // The original's placing expansions on even seeds, boardwright's on odd
    // ones, every node set on both.
    let with = |players: u32, leave_out: &[&str]| universe::Params {
        players,
        expansions: names().into_iter().filter(|n| !leave_out.contains(n)).map(String::from).collect(),
        ..universe::Params::default()
    };
    let failures = crate::per_player_count(|players| {
        let original = with(players, &[EXPEDITIONS, RESOURCES, TINY_NODES]);
        let ours = with(players, &[EXTREME_EXPEDITIONS, SHARP_SCISSORS]);
        (0..100)
            .filter_map(|i| {
                let seed = format!("print-expansions-{i}");
                let params = if i % 2 == 0 { &original } else { &ours };
                let mut pages = vec![(Paper::A4, i % 5 == 0, Rules::All)];
                if i % 10 == 0 {
                    pages.extend(PAPERS.iter().map(|&p| (p, i % 20 == 0, Rules::All)));
                    // A5 leaves a nine-player board with every expansion too
                    // little room beside its legend: its nodes shrink below
                    // a millimetre and their dots meet their edges.
                    if players < 9 {
                        pages.push((Paper::A5, i % 20 == 0, Rules::Fit));
                    }
                }
                let board = Universe::generate(params, &Seed::new(&seed)).unwrap();
                pages.iter().find_map(|&(paper, ink, rules)| {
                    check_universe(&board, &drawn_on(paper, ink), rules)
                        .err()
                        .map(|e| format!("players {players}, seed {seed:?}, {paper:?}, ink-friendly {ink}: {e}"))
                })
            })
            .collect::<Vec<_>>()
    });
    assert!(
        failures.is_empty(),
        "{} failures, first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(12)]
    );
}

#[test]
fn the_default_board_shows_the_edges_the_issue_named() {
    let board = universe_board(4, "Tiamo", true);
    check_universe(&board, &on_paper(Paper::A4), Rules::All).unwrap();
}

/// The outline size of the regular nodes of `board` drawn with `options`.
fn regular_size(board: &universe::Board, options: DrawOptions) -> f64 {
    let doc = Universe::draw(board, options);
    let (_, _, elements) = elements(&render::svg::page(&doc.pages[0], &doc.title));
    let i = board.nodes.iter().position(|n| n.kind == NodeKind::Regular).unwrap();
    elements.iter().find(|e| e.node == Some(i) && e.name == "circle").unwrap().num("r")
}

/// Printed over 2 × 2 sheets, a nine-player board keeps every rule, its
/// nodes about twice as large as on one sheet, each named (the sheets'
/// overlap strips and margins leave the assembled page less than twice as
/// wide: on A3 and A4 the drawing's scale grows 1.73 to 1.76 times, and
/// nodes held by that scale on both grow as much).
#[test]
fn tiled_boards_are_larger_and_keep_every_rule() {
    let tile: Tile = "2x2".parse().unwrap();
    for i in 0..20 {
        let seed = format!("tile-{i}");
        let board = universe_board(9, &seed, false);
        for paper in PAPERS {
            let options = DrawOptions { tile, ..on_paper(paper) };
            check_universe(&board, &options, Rules::All).unwrap_or_else(|e| panic!("seed {seed:?}, {paper:?} 2x2: {e}"));
            let (one, four) = (regular_size(&board, on_paper(paper)), regular_size(&board, options));
            assert!(
                four > 1.7 * one,
                "seed {seed:?}, {paper:?}: nodes {one} mm on one sheet, {four} mm on 2x2"
            );
        }
    }
}

/// Over several sheets (2x1, 1x2, 3x1, 1x3, 2x2, 3x3), a board is laid
/// out for their assembled shape (`Printed::fit_to_sheets`): it keeps
/// every rule, its nodes span at least 85 % of the printable width and of
/// the height above the legend, no blank beside a strip is wider than
/// [`SEAM_BLANK`] of the sheets, and its nodes are larger than the same
/// seed's on one sheet.
#[test]
fn boards_tiled_fill_the_sheets() {
    let mut failures = Vec::new();
    for tile in ["2x1", "1x2", "3x1", "1x3", "2x2", "3x3"] {
        let tile: Tile = tile.parse().unwrap();
        for paper in PAPERS {
            for (players, i) in [(2, 0), (4, 1), (5, 2), (9, 3)] {
                let seed = format!("sheets-{i}");
                let options = DrawOptions { tile, ..on_paper(paper) };
                let mut params = universe::Params {
                    players,
                    ..universe::Params::default()
                };
                let one = Universe::generate(&params, &Seed::new(&seed)).unwrap();
                Universe::fit_to_sheets(&mut params, &options);
                let board = Universe::generate(&params, &Seed::new(&seed)).unwrap();
                let at = format!("seed {seed:?}, {players} players, {paper:?} {tile}, aspect {:?}", params.aspect);
                if Universe::check_printable(&board, &options).is_err() {
                    failures.push(format!("{at}: refused"));
                    continue;
                }
                if let Err(e) = check_universe(&board, &options, Rules::All) {
                    failures.push(format!("{at}: {e}"));
                }
                let doc = Universe::draw(&board, options.clone());
                let page = &doc.pages[0];
                let svg = render::svg::page(page, &doc.title);
                let (_, _, elements) = elements(&svg);
                let legend_top = legend_top(&svg, &elements).min(page.height - MARGIN);
                let nodes = elements
                    .iter()
                    .filter(|e| e.node.is_some() && e.name != "g")
                    .filter_map(Element::bounds)
                    .fold([f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY], |b, e| {
                        [b[0].min(e[0]), b[1].min(e[1]), b[2].max(e[2]), b[3].max(e[3])]
                    });
                let outlines: Vec<[f64; 4]> = elements
                    .iter()
                    .filter(|e| e.node.is_some() && e.name != "g")
                    .filter_map(Element::bounds)
                    .collect();
                let across = (nodes[2] - nodes[0]) / (page.width - 2.0 * MARGIN);
                let down = (nodes[3] - nodes[1]) / (legend_top - MARGIN);
                // No wide blank beside a strip: the board is cut between
                // nodes and drawn up to the strip's clear band either side.
                let lengths = [page.width - 2.0 * MARGIN, legend_top - MARGIN];
                for (axis, sheets) in [(0, tile.cols), (1, tile.rows)] {
                    let gap = widest_gap(outlines.iter().map(|b| (b[axis], b[axis + 2])));
                    if sheets > 1 && gap > SEAM_BLANK * lengths[axis] {
                        failures.push(format!(
                            "{at}: a blank {gap:.1} mm wide {} the nodes, over {:.0} mm of sheets",
                            ["across", "down"][axis],
                            lengths[axis]
                        ));
                    }
                }
                if across < 0.85 || down < 0.85 {
                    failures.push(format!("{at}: nodes span {across:.2} of the width, {down:.2} of the height"));
                }
                let (alone, tiled) = (regular_size(&one, on_paper(paper)), regular_size(&board, options));
                if tiled <= alone {
                    failures.push(format!("{at}: nodes {tiled:.2} mm, {alone:.2} mm on one sheet"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failures: {failures:#?}", failures.len());
}

/// The widest blank between the nodes of a board over several sheets along
/// an axis with strips (each strip's 10 mm and the 5 mm kept clear either
/// side included), as a share of the sheets' printable length.
const SEAM_BLANK: f64 = 0.11;

/// The widest stretch that none of `spans` covers between the least and
/// the most of them.
fn widest_gap(spans: impl Iterator<Item = (f64, f64)>) -> f64 {
    let mut spans: Vec<(f64, f64)> = spans.collect();
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut reached = f64::NEG_INFINITY;
    let mut widest: f64 = 0.0;
    for (lo, hi) in spans {
        if reached > f64::NEG_INFINITY {
            widest = widest.max(lo - reached);
        }
        reached = reached.max(hi);
    }
    widest
}

/// The top of the legend's ink on a page's `svg` (its `elements`);
/// infinite when it has no legend.
fn legend_top(svg: &str, elements: &[Element]) -> f64 {
    elements
        .iter()
        .zip(&enclosing(svg, "legend"))
        .filter(|(e, l)| l.is_some() && e.name != "g")
        .filter_map(|(e, _)| e.bounds())
        .map(|b| b[1])
        .fold(f64::INFINITY, f64::min)
}

/// The least font of a node's number, and the least width or height of the
/// ink of a node's pictogram (drawn in a box at least 1.8 mm wide),
/// millimetres.
const LEAST_NUMBER: f64 = 2.0;
const LEAST_PICTOGRAM_INK: f64 = 1.2;

/// Every mark a player needs is on the page at its least size: each node
/// with a number shows that number, each node but the centre its pictogram,
/// and no power dot is painted over either. Or else the page is refused,
/// naming a paper or a tiling (`Ok(Some)`), or saying none would do, which
/// the largest does not.
fn check_marks(board: &universe::Board, options: &DrawOptions) -> Result<Option<DrawOptions>, String> {
    if let Err(why) = Universe::check_printable(board, options) {
        if let Some(first) = why.prints_on.first() {
            return Ok(Some(DrawOptions {
                tile: first.tile,
                ..on_paper(first.paper)
            }));
        }
        let largest = DrawOptions {
            tile: "4x4".parse().unwrap(),
            ..on_paper(Paper::A3)
        };
        if Universe::check_printable(board, &largest).is_ok() {
            return Err(format!("refused naming no paper or tiling, yet a3 4x4 would do: {why}"));
        }
        return Ok(None);
    }
    let doc = Universe::draw(board, options.clone());
    let svg = render::svg::page(&doc.pages[0], &doc.title);
    let (_, _, elements) = elements(&svg);
    let pictogram = enclosing(&svg, "pictogram");
    for node in &board.nodes {
        let i = node.id as usize;
        let at = |k: usize| elements[k].node == Some(i);
        if let Some(n) = node.number {
            let shown = elements
                .iter()
                .any(|e| e.node == Some(i) && e.class() == "number" && e.text == n.to_string() && e.num("font-size") >= LEAST_NUMBER - EPS);
            if !shown {
                return Err(format!("node {i} ({:?}) shows no number {n} at {LEAST_NUMBER} mm", node.node_type));
            }
        }
        // A mission node's start label, as the JSON and the play reports
        // name it, in its square at a size a player reads.
        let labels: Vec<&Element> = elements
            .iter()
            .filter(|e| e.node == Some(i) && e.class() == "start-label")
            .collect();
        let printed: Vec<&str> = labels.iter().map(|e| e.text.as_str()).collect();
        if printed != node.label.as_deref().into_iter().collect::<Vec<_>>() || labels.iter().any(|e| e.num("font-size") < LEAST_TEXT - EPS)
        {
            return Err(format!(
                "node {i} ({:?}) is lettered {printed:?} on paper and {:?} in its JSON",
                node.node_type, node.label
            ));
        }
        if node.kind == NodeKind::Center {
            continue;
        }
        let drawn: Vec<[f64; 4]> = (0..elements.len())
            .filter(|&k| at(k) && pictogram[k].is_some() && elements[k].name != "g")
            .filter_map(|k| elements[k].bounds())
            .collect();
        let [x0, y0, x1, y1] = drawn
            .iter()
            .fold([f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY], |b, e| {
                [b[0].min(e[0]), b[1].min(e[1]), b[2].max(e[2]), b[3].max(e[3])]
            });
        if drawn.is_empty() || (x1 - x0).max(y1 - y0) < LEAST_PICTOGRAM_INK - EPS {
            return Err(format!(
                "node {i} ({:?}) shows no pictogram {LEAST_PICTOGRAM_INK} mm wide",
                node.node_type
            ));
        }
        // A dot painted after a mark covers it where they meet.
        let marks: Vec<usize> = (0..elements.len())
            .filter(|&k| at(k) && (elements[k].class() == "number" || pictogram[k].is_some()) && elements[k].name != "g")
            .collect();
        for d in (0..elements.len()).filter(|&k| at(k) && elements[k].class() == "dot") {
            let dot = &elements[d];
            let c = (dot.num("cx"), dot.num("cy"));
            let reach = dot.num("r") + dot.half_stroke();
            for &k in marks.iter().filter(|&&k| k < d) {
                let [x0, y0, x1, y1] = if elements[k].name == "text" {
                    ink(&elements[k])
                } else {
                    elements[k].bounds().unwrap()
                };
                if dist(c, (c.0.clamp(x0, x1), c.1.clamp(y0, y1))) < reach - EPS {
                    return Err(format!("a power dot of node {i} is painted over its {}", elements[k].name));
                }
            }
        }
    }
    Ok(None)
}

#[test]
fn every_mark_a_player_needs_is_printed_or_the_page_refused() {
    use boardwright::params::Params as _;
    let mut presets: Vec<Option<&str>> = vec![None];
    presets.extend(universe::Params::PRESETS.iter().map(|(name, _)| Some(*name)));
    let failures = crate::per_player_count(|players| {
        let mut failures = Vec::new();
        for &preset in &presets {
            let mut layers: Vec<toml::Table> = preset.map(|p| universe::Params::preset(p).unwrap()).into_iter().collect();
            let mut table = toml::Table::new();
            table.insert("players".into(), toml::Value::Integer(players.into()));
            layers.push(table);
            let params = universe::Params::resolve(&layers).unwrap();
            for i in 0..10 {
                let seed = format!("marks-{i}");
                let board = Universe::generate(&params, &Seed::new(&seed)).unwrap();
                for paper in [Paper::A5, Paper::A4] {
                    let options = on_paper(paper);
                    // The paper or tiling a refusal names prints every mark.
                    let checked = check_marks(&board, &options).and_then(|named| match named {
                        None => Ok(()),
                        Some(named) => match check_marks(&board, &named)? {
                            None => Ok(()),
                            Some(_) => Err(format!("refused again on {:?} {}, which it named", named.paper, named.tile)),
                        },
                    });
                    if let Err(e) = checked {
                        let preset = preset.unwrap_or("default");
                        failures.push(format!("seed {seed:?}, {paper:?}, players {players}, preset {preset}: {e}"));
                    }
                }
            }
        }
        failures
    });
    assert!(
        failures.is_empty(),
        "{} failures: {:#?}",
        failures.len(),
        &failures[..failures.len().min(12)]
    );
}

/// The board keeps its page: the legend takes at most a quarter of the
/// printable height beside it (a longer one is on a page of its own, the
/// board's page saying so), and the board's edge line encloses at least
/// half of the printable area, on every paper, with and without every
/// expansion, at 2, 4 and 9 players; the default boards print the longest
/// remedy, a start assigned to every player, and keep every rule of the
/// page with it.
#[test]
fn the_board_keeps_its_page() {
    let all = universe::Params {
        expansions: universe::expansions::names()
            .into_iter()
            .filter(|n| ![universe::expansions::EXTREME_EXPEDITIONS, universe::expansions::SHARP_SCISSORS].contains(n))
            .map(String::from)
            .collect(),
        ..universe::Params::default()
    };
    let mut failures = Vec::new();
    for players in [2, 4, 9] {
        for (what, params) in [("default", universe::Params::default()), ("every expansion", all.clone())] {
            let params = universe::Params { players, ..params };
            let mut board = Universe::generate(&params, &Seed::new(&format!("page-{players}"))).unwrap();
            if what == "default" {
                let labels = board.start_labels();
                board.remedy = universe::play::Remedy::AssignedStarts {
                    starts: labels.into_iter().rev().take(players as usize).map(|(_, l)| l).collect(),
                };
            }
            for paper in Paper::ALL {
                let options = on_paper(paper);
                // On A5 the smallest nodes' marks may lie over their dots.
                let rules = if paper == Paper::A5 { Rules::Fit } else { Rules::All };
                if let Err(e) = check_universe(&board, &options, rules) {
                    failures.push(format!("{players} players, {what}, {paper:?}: {e}"));
                }
                let doc = Universe::draw(&board, options.clone());
                let (width, height) = (doc.pages[0].width - 2.0 * MARGIN, doc.pages[0].height - 2.0 * MARGIN);
                let svg = render::svg::page(&doc.pages[0], &doc.title);
                let (_, _, elements) = elements(&svg);
                let legend_top = legend_top(&svg, &elements);
                let legend_share = (height + MARGIN - legend_top) / height;
                let edge = elements
                    .iter()
                    .find(|e| e.class() == "board-edge")
                    .and_then(Element::bounds)
                    .unwrap();
                let board_share = (edge[2] - edge[0]) * (edge[3] - edge[1]) / (width * height);
                let words = svg.contains("The legend is on the next page.");
                let at = format!("{players} players, {what}, {paper:?}");
                if legend_share > 0.25 + 0.02 {
                    failures.push(format!("{at}: the legend takes {legend_share:.2} of the height"));
                }
                if board_share < 0.5 {
                    failures.push(format!("{at}: the board takes {board_share:.2} of the printable area"));
                }
                if words != (doc.pages.len() == 2) {
                    failures.push(format!("{at}: {} pages, the board's page saying so: {words}", doc.pages.len()));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// An edge of the original's (the `classic` preset's edges may pass a hair
/// from a node) is bent round a node it passes too near, so that it does
/// not shrink every node: seed "pp30" was refused on A4 ("these nodes are
/// 1.3 mm across") and prints, keeping every rule of the page, with an edge
/// drawn in more than one piece on one sheet.
#[test]
fn an_edge_passing_a_node_bends_round_it() {
    let params = resolved::<universe::Params>(Some("classic"), &[]);
    let board = Universe::generate(&params, &Seed::new("pp30")).unwrap();
    let options = on_paper(Paper::A4);
    Universe::check_printable(&board, &options).expect("prints on A4");
    check_universe(&board, &options, Rules::All).unwrap();
    let doc = Universe::draw(&board, options);
    let svg = render::svg::page(&doc.pages[0], &doc.title);
    let (_, _, elements) = elements(&svg);
    let mut pieces = std::collections::BTreeMap::new();
    for e in elements.iter().filter(|e| e.class() == "edge") {
        *pieces
            .entry((e.get("data-a").unwrap_or(""), e.get("data-b").unwrap_or("")))
            .or_insert(0) += 1;
    }
    assert!(pieces.values().any(|&n| n > 1), "no edge bent on one sheet");
}

/// Every preset at 2, 5 and 9 players prints on A4: no board refused
/// (`PRESETS=1 cargo run --profile test -p boardwright --example
/// print_marks` counts over many more).
#[test]
fn every_preset_prints_on_a4() {
    let mut refused = Vec::new();
    for &(preset, _) in <universe::Params as boardwright::params::Params>::PRESETS {
        for players in [2, 5, 9] {
            let params = resolved::<universe::Params>(Some(preset), &[("players", &players.to_string())]);
            for i in 0..40 {
                let seed = format!("presets-{i}");
                let board = Universe::generate(&params, &Seed::new(&seed)).unwrap();
                if let Err(why) = Universe::check_printable(&board, &on_paper(Paper::A4)) {
                    refused.push(format!("{preset}, {players} players, seed {seed:?}: {why}"));
                }
            }
        }
    }
    assert!(refused.is_empty(), "{} refused: {refused:#?}", refused.len());
}

/// A refusal's tiling prints the board the command line then makes: over
/// several sheets the board is shaped for them (`fit_to_sheets`), so the
/// tiling named must print that board, not only the refused one.
#[test]
fn a_refusals_tiling_prints_the_board_shaped_for_it() {
    let mut failures = Vec::new();
    let mut refused = 0;
    for i in 0..16 {
        let seed = format!("x{i}");
        let mut params = resolved::<universe::Params>(Some("all-expansions"), &[("players", "9")]);
        let board = Universe::generate(&params, &Seed::new(&seed)).unwrap();
        let Err(why) = Universe::check_printable(&board, &on_paper(Paper::A5)) else {
            continue;
        };
        refused += 1;
        let Some(tile) = why.prints_on.iter().find(|s| s.paper == Paper::A5).map(|s| s.tile) else {
            failures.push(format!("seed {seed:?}: no tiling named in {why:?}"));
            continue;
        };
        let options = DrawOptions {
            tile,
            ..on_paper(Paper::A5)
        };
        Universe::fit_to_sheets(&mut params, &options);
        let shaped = Universe::generate(&params, &Seed::new(&seed)).unwrap();
        if let Err(e) = Universe::check_printable(&shaped, &options) {
            failures.push(format!("seed {seed:?}, tile {tile}: {e}"));
        }
    }
    assert!(refused > 0, "no board refused on A5: the test measures nothing");
    assert!(failures.is_empty(), "{failures:#?}");
}

/// On a classic board with the original's expansions, an expedition or
/// resource keeps clear of every node and edge line near it as drawn, an
/// edge bent round a node included (these seeds had a resource under a
/// bent edge), and the page keeps every rule.
#[test]
fn pieces_keep_clear_of_edges_bent_round_a_node() {
    use universe::expansions::{EXPEDITIONS, RESOURCES, TINY_NODES, names};
    for (players, seed) in [(2, "print-expansions-67"), (5, "print-expansions-35"), (9, "print-expansions-36")] {
        let params = universe::Params {
            players,
            expansions: names()
                .into_iter()
                .filter(|n| ![EXPEDITIONS, RESOURCES, TINY_NODES].contains(n))
                .map(String::from)
                .collect(),
            ..resolved::<universe::Params>(Some("classic"), &[])
        };
        let board = Universe::generate(&params, &Seed::new(seed)).unwrap();
        check_universe(&board, &on_paper(Paper::A4), Rules::All).unwrap_or_else(|e| panic!("{players} players, seed {seed:?}: {e}"));
    }
}
