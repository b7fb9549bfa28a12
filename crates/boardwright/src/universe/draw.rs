//! A universe board drawn on one landscape page (A4 or Letter) for cutting
//! along its edges.
//!
//! Layout: the legend takes the bottom of the printable area (8 mm in from
//! the paper's edge); the board fills the rest, one grid unit to a fixed
//! number of millimetres, inset by the largest node so that nodes on the
//! paper's border keep their true places and still stay inside the margin.
//!
//! Sizing (what makes the page cuttable): every node gets a reach, the radius
//! of everything drawn for it (outline, pictogram, words, power dots), at
//! most 0.3 grid units (the centre 0.42) and further capped by
//! - the printable area around it;
//! - every edge it is not on, passing near it (its reach stays short of the
//!   edge's line by a clearance);
//! - every edge it is on: the two ends' reaches leave at least
//!   [`EDGE_SHOWN`] of line between them;
//! - every other node near it: two reaches never meet.
//!
//! A pair's budget is shared without waste: a node already small for other
//! reasons leaves the rest of the budget to its partner (see [`share`]).
//! Neighbourhoods come from a bucket grid of the page, never all pairs.
//!
//! Each node's shapes form a group tagged `node` with its id, the centre of
//! its outline (`x`, `y`) and its reach (`r`); its power dots are tagged
//! `dot`; each edge is tagged `edge` with its two node ids (`a`, `b`).

use scene::{Anchor, Color, Document, Page, Shape, Style, Tag};

use super::icons::{self, Paint};
use super::{Board, NodeKind};
use crate::DrawOptions;
use crate::geom::{Point, segment_dist2, sin_cos};
use crate::print::{self, Entry, INK, MARGIN};

/// Boards with more nodes than this are not drawn (they would not be legible
/// on a sheet, and their drawing would run to tens of megabytes): [`draw`]
/// gives such a board a page that says so, with no node on it, and
/// [`Generator::check_drawable`](crate::Generator::check_drawable) refuses
/// parameters that lay out more points than this
/// ([`Params::node_count`](super::Params::node_count)). Write JSON instead.
pub const MAX_DRAWN_NODES: u64 = 20_000;

/// Why a board of `nodes` nodes is not drawn, if it is past [`MAX_DRAWN_NODES`].
pub(super) fn too_large(nodes: u64) -> Option<String> {
    (nodes > MAX_DRAWN_NODES).then(|| {
        format!("a board of {nodes} nodes is too large to draw (at most {MAX_DRAWN_NODES}); write .json instead, or lower `resolution`")
    })
}

/// Largest reach of a node, in grid units (the centre's is larger).
const REACH: f64 = 0.3;
/// Largest reach of the centre, in grid units.
const CENTER_REACH: f64 = 0.42;
/// Line every edge shows between its two nodes, millimetres (3 mm and a
/// little to spare for rounding in the SVG).
pub const EDGE_SHOWN: f64 = 3.05;
/// Room kept between a node and an edge it is not on, and between two
/// nodes, millimetres.
const CLEARANCE: f64 = 0.5;
/// Width of an edge's line, millimetres.
const EDGE_WIDTH: f64 = 0.45;
/// Space between the board and the legend, millimetres.
const LEGEND_GAP: f64 = 3.0;
/// A power dot's radius and stroke, and an outline's stroke, as parts of the
/// node's outline radius.
const DOT: f64 = 0.2;
const DOT_STROKE: f64 = 0.04;
const STROKE: f64 = 0.06;
const BOLD_STROKE: f64 = 0.1;
/// Smallest font of a number on a node, millimetres: its digits stand about
/// 0.73 em, so at least 3 mm tall.
pub const NUMBER_FONT: f64 = 4.2;

fn category_color(category: &str) -> Color {
    let hex = match category {
        "Plants" => "#7BF1A8",
        "Nature" => "#009FB7",
        "Magical" => "#FED766",
        "Enemies" => "#E08D79",
        "Resources" => "#EFF1F3",
        "Misc" => "#A882DD",
        "Technology" => "#8C7A6B",
        "Center" => "#FFD6E0",
        _ => "#D0D0D0",
    };
    Color::from_hex(hex).unwrap_or(Color::WHITE)
}

const EDGE: Color = Color::rgb(0x44, 0x44, 0x44);
const LIGHT: Color = Color::rgb(0xbb, 0xbb, 0xbb);
const DOT_FILL: Color = Color::rgb(0x88, 0x88, 0x88);

/// Draws `board` as a one-page document; a board of more than
/// [`MAX_DRAWN_NODES`] nodes as a page that says it is too large to draw,
/// and nothing else.
pub fn draw(board: &Board, options: DrawOptions) -> Document {
    let mut page = print::page(&options);
    let title = format!("Universe board, seed {}", board.header.seed);
    if let Some(why) = too_large(board.nodes.len() as u64) {
        page.shapes.push(print::text((MARGIN, MARGIN + 5.0), why, 3.5, Anchor::Start, INK));
        return Document { title, pages: vec![page] };
    }
    let style = Look::new(board, &options);
    let entries = style.legend_entries(board);
    let inner_w = page.width - 2.0 * MARGIN;
    // The board's `resolution` is filled in from `players` when not given:
    // the caption names it only when it is not what the players give.
    let params = &board.header.params;
    let from_players = super::Params {
        resolution: None,
        ..params.clone()
    };
    let given = if from_players.size() == params.size() {
        &from_players
    } else {
        params
    };
    let lines = print::Caption::new(
        "Unstable Universe board",
        &board.header.seed,
        format!("{} players", params.players),
        &options,
        given,
        &["players"],
    )
    .flowing(inner_w);
    let legend_h = print::legend_height(&entries, lines.len(), inner_w);
    let area = Area {
        x0: MARGIN,
        y0: MARGIN,
        x1: page.width - MARGIN,
        y1: page.height - MARGIN - legend_h - LEGEND_GAP,
    };
    let (w, h) = (f64::from(board.width), f64::from(board.height));
    let unit = ((area.x1 - area.x0) / (w + 2.0 * REACH)).min((area.y1 - area.y0) / (h + 2.0 * REACH));
    let origin = ((area.x0 + area.x1 - w * unit) / 2.0, (area.y0 + area.y1 - h * unit) / 2.0);
    let at: Vec<(f64, f64)> = board.nodes.iter().map(|n| (origin.0 + n.x * unit, origin.1 + n.y * unit)).collect();
    let reach = reaches(board, &at, unit, &area);

    draw_board(&mut page, board, &style, &at, &reach, origin, (w * unit, h * unit));
    page.shapes.push(print::legend(
        &entries,
        &lines,
        (MARGIN, page.height - MARGIN - legend_h),
        inner_w,
        false,
    ));
    Document { title, pages: vec![page] }
}

/// The printable rectangle the board is drawn in.
struct Area {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

/// The colours and paints of one drawing.
struct Look<'a> {
    board: &'a Board,
    ink_friendly: bool,
    icon: Paint,
    /// Icon files' SVG text by node type.
    files: &'a std::collections::BTreeMap<String, String>,
}

impl<'a> Look<'a> {
    fn new(board: &'a Board, options: &'a DrawOptions) -> Look<'a> {
        let icon = if options.ink_friendly {
            Paint {
                ink: Color::WHITE,
                paper: INK,
                outline: Some(INK),
            }
        } else {
            Paint {
                ink: INK,
                paper: Color::WHITE,
                outline: None,
            }
        };
        Look {
            board,
            ink_friendly: options.ink_friendly,
            icon,
            files: &options.icons,
        }
    }

    fn fill(&self, c: Color) -> Color {
        if self.ink_friendly { Color::WHITE } else { c }
    }

    fn type_color(&self, name: &str) -> Color {
        let category = self
            .board
            .header
            .params
            .node_types
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.category.as_str());
        self.fill(category.map_or(Color::WHITE, category_color))
    }

    /// One entry per node type and mission kind on the board, then the
    /// centre, dots, edges and lines.
    fn legend_entries(&self, board: &Board) -> Vec<Entry> {
        let mut entries = Vec::new();
        let used = |name: &str| board.nodes.iter().any(|n| n.node_type.as_deref() == Some(name));
        for t in board.header.params.node_types.iter().filter(|t| used(&t.name)) {
            let mut swatch = vec![Shape::Circle {
                center: (0.5, 0.5),
                radius: 0.48,
                style: Style::filled_outlined(self.type_color(&t.name), INK, 0.05),
            }];
            swatch.extend(
                icons::node_type_or_file(&t.name, self.icon, self.files)
                    .iter()
                    .map(|s| print::place(s, (0.2, 0.2), 0.6)),
            );
            let category = if self.ink_friendly {
                String::new()
            } else {
                format!(" ({})", t.category)
            };
            entries.push(Entry::new(swatch, format!("{}{category}", t.name)));
            let numbered = board
                .nodes
                .iter()
                .any(|n| n.number.is_some() && n.node_type.as_deref() == Some(t.name.as_str()));
            if let Some(from) = t.number_from.as_ref().filter(|_| numbered) {
                let swatch = vec![print::text((0.5, 0.9), "3", 1.1, Anchor::Middle, INK)];
                entries.push(Entry::new(swatch, format!("{} number (from {from})", t.name)));
            }
        }
        let mut missions: Vec<&str> = Vec::new();
        for n in board.nodes.iter().filter(|n| n.kind == NodeKind::Mission) {
            let kind = n.node_type.as_deref().unwrap_or("Mission");
            if !missions.contains(&kind) {
                missions.push(kind);
            }
        }
        let mission_kinds = &board.header.params.missions;
        missions.sort_by_key(|k| mission_kinds.iter().position(|m| m.name == *k));
        for kind in missions {
            let mut swatch = vec![Shape::Rect {
                origin: (0.03, 0.03),
                size: (0.94, 0.94),
                style: Style::filled_outlined(Color::WHITE, INK, 0.1),
            }];
            swatch.extend(icons::mission(self.icon).iter().map(|s| print::place(s, (0.2, 0.2), 0.6)));
            entries.push(Entry::new(swatch, format!("mission start: {kind}")));
        }
        let mut centre = vec![Shape::Circle {
            center: (0.5, 0.5),
            radius: 0.46,
            style: Style::filled_outlined(self.fill(category_color("Center")), INK, 0.08),
        }];
        centre.extend(icons::center(self.icon).iter().map(|s| print::place(s, (0.2, 0.2), 0.6)));
        entries.push(Entry::new(centre, "centre"));
        entries.push(Entry::new(
            vec![Shape::Circle {
                center: (0.5, 0.5),
                radius: 0.25,
                style: Style::filled_outlined(self.fill(DOT_FILL), INK, 0.05),
            }],
            "power dot",
        ));
        entries.push(Entry::line(Style::stroke(EDGE, 0.1), "edge: cut along it"));
        entries.push(Entry::line(Style::stroke(LIGHT, 0.07).dashed(0.12), "quadrant line"));
        entries.push(Entry::new(
            vec![Shape::Rect {
                origin: (0.0, 0.2),
                size: (1.0, 0.6),
                style: Style::stroke(LIGHT, 0.07),
            }],
            "board edge",
        ));
        entries
    }
}

/// Each node's reach in millimetres (see the module docs).
fn reaches(board: &Board, at: &[(f64, f64)], unit: f64, area: &Area) -> Vec<f64> {
    let n = at.len();
    // Caps a node has alone: its kind, the printable area, edges it is not on.
    let mut cap: Vec<f64> = board
        .nodes
        .iter()
        .zip(at)
        .map(|(node, &(x, y))| {
            let most = if node.kind == NodeKind::Center { CENTER_REACH } else { REACH } * unit;
            most.min(x - area.x0).min(area.x1 - x).min(y - area.y0).min(area.y1 - y)
        })
        .collect();
    let cell = 2.0 * CENTER_REACH * unit;
    let buckets = Buckets::new(at, &board.edges, cell);
    for (i, &p) in at.iter().enumerate() {
        for e in buckets.edges_near(p) {
            let [a, b] = board.edges[e as usize];
            if a as usize == i || b as usize == i {
                continue;
            }
            let d = segment_dist2(point(p), point(at[a as usize]), point(at[b as usize])).sqrt();
            cap[i] = cap[i].min(d - EDGE_WIDTH / 2.0 - CLEARANCE);
        }
    }
    // Pairs with a shared budget: every edge, and nodes near each other.
    let mut pairs: Vec<(usize, usize, f64)> = Vec::with_capacity(board.edges.len() + n * 3);
    for &[a, b] in &board.edges {
        let (a, b) = (a as usize, b as usize);
        pairs.push((a, b, point(at[a]).dist(point(at[b])) - EDGE_SHOWN));
    }
    for (i, &p) in at.iter().enumerate() {
        for j in buckets.nodes_near(p) {
            let j = j as usize;
            if j > i {
                pairs.push((i, j, point(p).dist(point(at[j])) - CLEARANCE));
            }
        }
    }
    let alone = cap.clone();
    for (a, b, budget) in pairs {
        let (ra, rb) = share(alone[a], alone[b], budget);
        cap[a] = cap[a].min(ra);
        cap[b] = cap[b].min(rb);
    }
    cap.into_iter().map(|c| c.max(0.05)).collect()
}

/// How two nodes whose reaches are at most `a` and `b` on their own share
/// `budget`: each may take half, or all the other leaves. Taken over any
/// number of pairs, each pair's two results sum to at most its budget.
fn share(a: f64, b: f64, budget: f64) -> (f64, f64) {
    let half = budget / 2.0;
    (half.max(budget - b), half.max(budget - a))
}

/// A page position as a point, for `geom`'s distances.
fn point((x, y): (f64, f64)) -> Point {
    Point::new(x, y)
}

/// Nodes and edges bucketed by square cells of the page: a node's cell, and
/// an edge's every cell its bounding box meets.
struct Buckets {
    cell: f64,
    cols: usize,
    rows: usize,
    nodes: Vec<Vec<u32>>,
    edges: Vec<Vec<u32>>,
}

impl Buckets {
    fn new(at: &[(f64, f64)], edges: &[[u32; 2]], cell: f64) -> Buckets {
        let max_x = at.iter().map(|p| p.0).fold(0.0, f64::max);
        let max_y = at.iter().map(|p| p.1).fold(0.0, f64::max);
        let (cols, rows) = ((max_x / cell) as usize + 1, (max_y / cell) as usize + 1);
        let mut b = Buckets {
            cell,
            cols,
            rows,
            nodes: vec![Vec::new(); cols * rows],
            edges: vec![Vec::new(); cols * rows],
        };
        for (i, &p) in at.iter().enumerate() {
            let (c, r) = b.cell_of(p);
            b.nodes[r * cols + c].push(i as u32);
        }
        for (e, &[u, v]) in edges.iter().enumerate() {
            let (p, q) = (at[u as usize], at[v as usize]);
            let (c0, r0) = b.cell_of((p.0.min(q.0), p.1.min(q.1)));
            let (c1, r1) = b.cell_of((p.0.max(q.0), p.1.max(q.1)));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    b.edges[r * cols + c].push(e as u32);
                }
            }
        }
        b
    }

    fn cell_of(&self, p: (f64, f64)) -> (usize, usize) {
        let c = ((p.0 / self.cell).max(0.0) as usize).min(self.cols - 1);
        let r = ((p.1 / self.cell).max(0.0) as usize).min(self.rows - 1);
        (c, r)
    }

    /// The cells around `p`'s (3 × 3).
    fn around(&self, p: (f64, f64)) -> impl Iterator<Item = usize> + '_ {
        let (c, r) = self.cell_of(p);
        (r.saturating_sub(1)..=(r + 1).min(self.rows - 1))
            .flat_map(move |r| (c.saturating_sub(1)..=(c + 1).min(self.cols - 1)).map(move |c| r * self.cols + c))
    }

    /// Nodes within one cell's side of `p` (and some farther).
    fn nodes_near(&self, p: (f64, f64)) -> impl Iterator<Item = u32> + '_ {
        self.around(p).flat_map(|i| self.nodes[i].iter().copied())
    }

    /// Edges passing within one cell's side of `p` (and some farther; an
    /// edge may come more than once).
    fn edges_near(&self, p: (f64, f64)) -> impl Iterator<Item = u32> + '_ {
        self.around(p).flat_map(|i| self.edges[i].iter().copied())
    }
}

fn draw_board(page: &mut Page, board: &Board, look: &Look, at: &[(f64, f64)], reach: &[f64], origin: (f64, f64), size: (f64, f64)) {
    let shapes = &mut page.shapes;
    shapes.push(Shape::Rect {
        origin,
        size,
        style: Style::stroke(LIGHT, 0.3),
    });
    if let Some(center) = board.nodes.iter().find(|n| n.kind == NodeKind::Center) {
        let (cx, cy) = at[center.id as usize];
        let line = Style::stroke(LIGHT, 0.3).dashed(1.5);
        shapes.push(Shape::Line {
            from: (cx, origin.1),
            to: (cx, origin.1 + size.1),
            style: line,
        });
        shapes.push(Shape::Line {
            from: (origin.0, cy),
            to: (origin.0 + size.0, cy),
            style: line,
        });
    }
    for &[a, b] in &board.edges {
        shapes.push(
            Shape::Line {
                from: at[a as usize],
                to: at[b as usize],
                style: Style::stroke(EDGE, EDGE_WIDTH),
            }
            .tagged(Tag::new("edge").with("a", a).with("b", b)),
        );
    }
    for node in &board.nodes {
        let i = node.id as usize;
        let (shapes, drawn_reach) = node_shapes(node, look, at[i], reach[i]);
        let (x, y) = at[i];
        let tag = Tag::new("node")
            .with("id", node.id)
            .with_mm("x", x)
            .with_mm("y", y)
            .with_mm("r", drawn_reach);
        page.shapes.push(Shape::Group { tag, shapes });
    }
}

/// The shapes of one node within `reach` of its centre `c`, and the reach
/// they really take.
fn node_shapes(node: &super::Node, look: &Look, c: (f64, f64), reach: f64) -> (Vec<Shape>, f64) {
    let (x, y) = c;
    let mut shapes = Vec::new();
    let icon_at = |shapes: &mut Vec<Shape>, icon: Vec<Shape>, top_left: (f64, f64), side: f64| {
        shapes.extend(icon.iter().map(|s| print::place(s, top_left, side)));
    };
    // How far the outline and each dot direction reach, per unit of the
    // outline's size `r` (a circle's radius, a square's half side).
    let square = node.kind == NodeKind::Mission;
    let rim = |angle: f64| {
        let (s, co) = sin_cos(angle);
        if square { 1.0 / co.abs().max(s.abs()) } else { 1.0 }
    };
    let outline = match node.kind {
        NodeKind::Regular => 1.0 + STROKE / 2.0,
        NodeKind::Center => 1.0 + BOLD_STROKE / 2.0,
        NodeKind::Mission => (1.0 + BOLD_STROKE / 2.0) * std::f64::consts::SQRT_2,
    };
    let per_unit = node.dots.iter().map(|&a| rim(a) + DOT + DOT_STROKE / 2.0).fold(outline, f64::max);
    let r = reach / per_unit;
    let name = node.node_type.clone().unwrap_or_default();
    // Words under the icon, `below` (times `r`) down from the centre, fitted
    // into `width` at a font of at most `most`.
    let label = |words: &str, below: f64, width: f64, most: f64| {
        print::text(
            (x, y + below * r),
            words,
            print::fit(words, width * r, most * r),
            Anchor::Middle,
            INK,
        )
    };
    match node.kind {
        NodeKind::Center => {
            shapes.push(Shape::Circle {
                center: c,
                radius: r,
                style: Style::filled_outlined(look.fill(category_color("Center")), INK, BOLD_STROKE * r),
            });
            shapes.push(Shape::Circle {
                center: c,
                radius: 0.84 * r,
                style: Style::stroke(INK, STROKE * r / 2.0),
            });
            icon_at(&mut shapes, icons::center(look.icon), (x - 0.45 * r, y - 0.72 * r), 0.9 * r);
            let words = "Centre";
            shapes.push(label(words, 0.58, 1.1, 0.26));
        }
        NodeKind::Mission => {
            shapes.push(Shape::Rect {
                origin: (x - r, y - r),
                size: (2.0 * r, 2.0 * r),
                style: Style::filled_outlined(Color::WHITE, INK, BOLD_STROKE * r),
            });
            shapes.push(Shape::Rect {
                origin: (x - 0.84 * r, y - 0.84 * r),
                size: (1.68 * r, 1.68 * r),
                style: Style::stroke(INK, STROKE * r / 2.0),
            });
            icon_at(&mut shapes, icons::mission(look.icon), (x - 0.42 * r, y - 0.76 * r), 0.84 * r);
            shapes.push(label(&name, 0.62, 1.5, 0.36));
        }
        NodeKind::Regular => {
            shapes.push(Shape::Circle {
                center: c,
                radius: r,
                style: Style::filled_outlined(look.type_color(&name), INK, STROKE * r),
            });
            match node.number {
                Some(number) => {
                    icon_at(
                        &mut shapes,
                        icons::node_type_or_file(&name, look.icon, look.files),
                        (x - 0.22 * r, y - 0.9 * r),
                        0.44 * r,
                    );
                    let size = (0.72 * r).max(NUMBER_FONT);
                    shapes.push(print::text((x, y + 0.36 * size), number.to_string(), size, Anchor::Middle, INK));
                    shapes.push(label(&name, 0.78, 1.1, 0.2));
                }
                None => {
                    icon_at(
                        &mut shapes,
                        icons::node_type_or_file(&name, look.icon, look.files),
                        (x - 0.46 * r, y - 0.8 * r),
                        0.92 * r,
                    );
                    shapes.push(label(&name, 0.64, 1.36, 0.3));
                }
            }
        }
    }
    for &angle in &node.dots {
        let (s, co) = sin_cos(angle);
        let d = rim(angle) * r;
        shapes.push(
            Shape::Circle {
                center: (x + co * d, y + s * d),
                radius: DOT * r,
                style: Style::filled_outlined(look.fill(DOT_FILL), INK, DOT_STROKE * r),
            }
            .tagged(Tag::new("dot")),
        );
    }
    (shapes, r * per_unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_budgets_never_overspend() {
        for &(a, b, budget) in &[(1.0, 1.0, 1.0), (0.2, 5.0, 3.0), (5.0, 0.2, 3.0), (2.0, 2.0, 3.0), (0.1, 0.1, 3.0)] {
            let (ra, rb) = share(a, b, budget);
            assert!(ra.min(a) + rb.min(b) <= budget + 1e-12, "{a} {b} {budget}");
        }
        assert_eq!(share(0.5, 5.0, 3.0).1, 2.5, "the partner takes what a small node leaves");
    }
}
