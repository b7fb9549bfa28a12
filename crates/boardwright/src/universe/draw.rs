//! A universe board drawn on one A4 landscape page.
//!
//! The board fills the page inside a small printer margin, one grid unit to a
//! fixed number of millimetres. Nodes on the paper's border are drawn inward
//! by their radius so their icons stay on paper; edges follow them.
//!
//! Each node's shapes form a group tagged `node` with its id, the centre of
//! its outline (`x`, `y`) and the radius round that centre of its outline and
//! dots (`r`; labels lie inside the outline); each edge is tagged `edge` with
//! its two node ids (`a`, `b`).

use scene::{Anchor, Color, Document, Page, Shape, Style, Tag};

use super::{Board, NodeKind};
use crate::DrawOptions;
use crate::geom::sin_cos;

/// Boards with more nodes than this are not drawn (they would not be legible
/// on a sheet); write JSON instead.
pub const MAX_DRAWN_NODES: u64 = 20_000;

/// Printer margin around the board, millimetres.
const MARGIN: f64 = 6.0;
/// Node radius in grid units.
const NODE_RADIUS: f64 = 0.3;

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

const GREY: Color = Color::rgb(0x88, 0x88, 0x88);
const LIGHT: Color = Color::rgb(0xcc, 0xcc, 0xcc);
const INK: Color = Color::rgb(0x22, 0x22, 0x22);

/// Draws `board` as a one-page document.
pub fn draw(board: &Board, options: DrawOptions) -> Document {
    let mut page = Page::a4_landscape();
    let (w, h) = (f64::from(board.width), f64::from(board.height));
    let unit = ((page.width - 2.0 * MARGIN) / w).min((page.height - 2.0 * MARGIN) / h);
    let origin = ((page.width - w * unit) / 2.0, (page.height - h * unit) / 2.0);
    let fill = |c: Color| if options.ink_friendly { Color::WHITE } else { c };
    // Border nodes move inward so their icon stays on the paper.
    let drawn: Vec<(f64, f64)> = board
        .nodes
        .iter()
        .map(|n| {
            let x = n.x.clamp(NODE_RADIUS, w - NODE_RADIUS);
            let y = n.y.clamp(NODE_RADIUS, h - NODE_RADIUS);
            (origin.0 + x * unit, origin.1 + y * unit)
        })
        .collect();
    let r = NODE_RADIUS * unit;
    let thin = 0.012 * unit;
    let shapes = &mut page.shapes;

    shapes.push(Shape::Rect {
        origin,
        size: (w * unit, h * unit),
        style: Style::stroke(LIGHT, thin),
    });
    if let Some(center) = board.nodes.iter().find(|n| n.kind == NodeKind::Center) {
        let (cx, cy) = drawn[center.id as usize];
        let line = Style::stroke(LIGHT, thin * 1.5);
        shapes.push(Shape::Line {
            from: (cx, origin.1),
            to: (cx, origin.1 + h * unit),
            style: line,
        });
        shapes.push(Shape::Line {
            from: (origin.0, cy),
            to: (origin.0 + w * unit, cy),
            style: line,
        });
    }
    for &[a, b] in &board.edges {
        shapes.push(
            Shape::Line {
                from: drawn[a as usize],
                to: drawn[b as usize],
                style: Style::stroke(GREY, 0.02 * unit),
            }
            .tagged(Tag::new("edge").with("a", a).with("b", b)),
        );
    }
    let category = |name: &str| {
        board
            .header
            .params
            .node_types
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.category.as_str())
    };
    let text = |at: (f64, f64), content: String, size: f64| Shape::Text {
        at,
        content,
        size,
        anchor: Anchor::Middle,
        color: INK,
    };
    for node in &board.nodes {
        let (x, y) = drawn[node.id as usize];
        let label = node.node_type.clone().unwrap_or_default();
        let mut caption = None;
        let mut shapes = Vec::new();
        // How far the outline reaches from the centre, its stroke included.
        let outline = match node.kind {
            NodeKind::Center => {
                let rc = r * 1.4;
                shapes.push(Shape::Circle {
                    center: (x, y),
                    radius: rc,
                    style: Style::filled_outlined(fill(category_color("Center")), INK, thin * 2.0),
                });
                shapes.push(text((x, y + 0.035 * unit), "CENTER".into(), 0.1 * unit));
                // The seed under the centre captions the board, not the node.
                caption = Some(text((x, y + rc + 0.16 * unit), board.header.seed.clone(), 0.12 * unit));
                rc + thin
            }
            NodeKind::Mission => {
                shapes.push(Shape::Rect {
                    origin: (x - r, y - r),
                    size: (2.0 * r, 2.0 * r),
                    style: Style::filled_outlined(Color::WHITE, INK, thin * 2.0),
                });
                shapes.push(text((x, y + 0.03 * unit), label, 0.075 * unit));
                // The square's corner, its mitred stroke included.
                (r + thin) * std::f64::consts::SQRT_2
            }
            NodeKind::Regular => {
                let color = category(&label).map_or(Color::WHITE, category_color);
                shapes.push(Shape::Circle {
                    center: (x, y),
                    radius: r,
                    style: Style::filled_outlined(fill(color), INK, thin),
                });
                match node.number {
                    Some(n) => {
                        shapes.push(text((x, y - 0.02 * unit), label, 0.075 * unit));
                        shapes.push(text((x, y + 0.14 * unit), n.to_string(), 0.13 * unit));
                    }
                    None => shapes.push(text((x, y + 0.03 * unit), label, 0.085 * unit)),
                }
                r + thin / 2.0
            }
        };
        let rim = if node.kind == NodeKind::Center { r * 1.4 } else { r };
        let (dot_radius, dot_stroke) = (0.055 * unit, thin * 0.5);
        for &angle in &node.dots {
            let (s, c) = sin_cos(angle);
            shapes.push(Shape::Circle {
                center: (x + c * rim, y + s * rim),
                radius: dot_radius,
                style: Style::filled_outlined(GREY, INK, dot_stroke),
            });
        }
        let reach = if node.dots.is_empty() {
            outline
        } else {
            outline.max(rim + dot_radius + dot_stroke / 2.0)
        };
        let tag = Tag::new("node")
            .with("id", node.id)
            .with_mm("x", x)
            .with_mm("y", y)
            .with_mm("r", reach);
        page.shapes.push(Shape::Group { tag, shapes });
        page.shapes.extend(caption);
    }
    Document {
        title: format!("Universe board, seed {}", board.header.seed),
        pages: vec![page],
    }
}
