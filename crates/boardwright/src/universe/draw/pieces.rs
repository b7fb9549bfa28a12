//! What the expansions place, on the page: tiny nodes on their edges,
//! expeditions and landmarks in their areas, natural resources.
//!
//! None of them hides an edge or touches a node:
//! - a tiny node lies along its edge, as long as the room the nodes leave
//!   it ([`super::sizes`]);
//! - an expedition or landmark is drawn as large as its area lets it, clear
//!   of the area's nodes (as drawn) and of its outline by the room a tiny
//!   node takes beside an edge, and of every node and edge line near it as
//!   drawn (an edge bent round a node, or the original's edges crossing); an expedition of the original shows its
//!   compass and, below it, its 1–3 join slots (empty circles, tagged
//!   `slot`) inside that circle;
//! - a resource is drawn as large as its room lets it (at most
//!   [`RESOURCE_MOST`](super::RESOURCE_MOST) of a grid unit), clear of its area's nodes and
//!   outline and of half the way to each other resource of its area.
//!
//! Each piece is a group tagged with its kind (`tiny`, `expedition`,
//! `resource`), its centre (`x`, `y`) and its reach (`r`); a tiny node also
//! with its edge's nodes (`a`, `b`) and its length along the edge (`len`).

use scene::{Color, Shape, Style, Tag};

use super::frame::Frame;
use super::look::Look;
use super::sizes::{Buckets, Sizes, Tiny, path_distance};
use super::{CLEARANCE, EDGE_WIDTH, EXPEDITION_MOST, Path, RESOURCE_MOST, node_most};
use crate::geom::sin_cos;
use crate::print::{INK, turned};
use crate::universe::expansions::Piece;
use crate::universe::{Board, ExpeditionKind, icons};

/// A tiny node's width across its edge, as a part of its length.
const TINY_WIDTH: f64 = 0.8;
/// The outline of an expedition or landmark, millimetres.
const PIECE_STROKE: f64 = 0.35;
/// The ring inside an expedition's rim, as a part of its radius.
const INNER_RING: f64 = 0.86;
/// An original expedition's compass: its centre's height over the
/// circle's and its reach, as parts of the circle's inner radius.
const COMPASS_UP: f64 = 0.36;
const COMPASS_REACH: f64 = 0.42;
/// How far the compass pictogram reaches in its unit box.
const COMPASS_ICON_REACH: f64 = 0.48;
/// A join slot's radius, and the circle its centres lie on, as parts of the
/// circle's inner radius; the angle between two neighbouring slots.
const SLOT: f64 = 0.27;
const SLOT_RING: f64 = 0.56;
const SLOT_SPREAD: f64 = 0.36 * std::f64::consts::PI;

/// The fill of an expedition, a landmark and a resource's disc.
fn expedition_fill() -> Color {
    Color::rgb(0xf6, 0xe7, 0xc8)
}

fn landmark_fill() -> Color {
    Color::rgb(0xdd, 0xe8, 0xf6)
}

fn resource_fill() -> Color {
    Color::rgb(0xd8, 0xef, 0xd0)
}

/// The shapes of every piece on `board`: tiny nodes, expeditions and
/// landmarks, resources.
pub(super) fn shapes(
    board: &Board,
    at: &[(f64, f64)],
    paths: &[Path],
    frame: &Frame,
    sizes: &Sizes,
    tiny: &Tiny,
    look: &Look,
) -> Vec<Shape> {
    let mut shapes = Vec::new();
    let unit = frame.unit;
    let buckets = Buckets::new(at, paths, Buckets::cell_for(unit));
    for (k, (t, &mid)) in board.tiny_nodes.iter().zip(&tiny.at).enumerate() {
        let length = tiny.length[k];
        let along = tiny.along[k];
        let icon = icons::piece(&t.name, look.icon);
        let placed = icon.iter().map(|s| turned(s, mid, (length, length * TINY_WIDTH), along)).collect();
        let [a, b] = board.edges[t.edge as usize];
        let tag = Tag::new("tiny")
            .with("name", &t.name)
            .with("a", a)
            .with("b", b)
            .with_mm("x", mid.0)
            .with_mm("y", mid.1)
            .with_mm("r", tiny.reach(k))
            .with_mm("len", length);
        shapes.push(Shape::Group { tag, shapes: placed });
    }
    // The room a tiny node takes beside an edge, or the edge's own line.
    let beside = (EDGE_WIDTH / 2.0).max(tiny.widest()) + CLEARANCE;
    // Room left round a point of area `a`: to its nodes as drawn and to its
    // outline.
    let room = |a: usize, c: (f64, f64)| {
        let area = &board.areas[a];
        let nodes = area
            .nodes
            .iter()
            .map(|&v| {
                let (x, y) = at[v as usize];
                ((x - c.0).powi(2) + (y - c.1).powi(2)).sqrt() - sizes.reach(&board.nodes[v as usize]) - CLEARANCE
            })
            .fold(f64::INFINITY, f64::min);
        // The outline runs along the area's edges, drawn as the edges are
        // (bent where they cross a seam), and the paper's border.
        let reach = |p: &[f64; 2]| {
            let node = area.nodes.iter().map(|&v| &board.nodes[v as usize]).find(|n| [n.x, n.y] == *p);
            node.map_or(0.0, |n| node_most(n.kind))
        };
        let ring = &area.outline;
        let edges = (0..ring.len())
            .map(|i| {
                let (p, q) = (&ring[i], &ring[(i + 1) % ring.len()]);
                let path = frame.path((p[0], p[1]), (q[0], q[1]), (reach(p), reach(q)));
                path_distance(c, &path) - beside
            })
            .fold(f64::INFINITY, f64::min);
        // And every node and edge line near it as drawn: an edge bent
        // round a node, or one of the original's crossing another, may
        // pass into an area not its own.
        let near_nodes = buckets
            .nodes_near(c)
            .map(|v| {
                let (x, y) = at[v as usize];
                ((x - c.0).powi(2) + (y - c.1).powi(2)).sqrt() - sizes.reach(&board.nodes[v as usize]) - CLEARANCE
            })
            .fold(f64::INFINITY, f64::min);
        let near_edges = buckets
            .edges_near(c)
            .map(|e| path_distance(c, &paths[e as usize]) - beside)
            .fold(f64::INFINITY, f64::min);
        nodes.min(edges).min(near_nodes).min(near_edges)
    };
    for e in &board.expeditions {
        let c = frame.at((e.x, e.y));
        let r = room(e.area as usize, c).min(EXPEDITION_MOST * unit);
        if r <= PIECE_STROKE {
            continue;
        }
        let inner = r - PIECE_STROKE / 2.0;
        let fill = Style::filled_outlined(look.fill(expedition_fill()), INK, PIECE_STROKE);
        let mut group = match e.kind {
            ExpeditionKind::Expedition if e.slots > 0 => {
                let mut group = vec![expedition_outline(c, inner, fill)];
                group.extend(compass_and_slots(look, c, inner - PIECE_STROKE / 2.0, e.slots, PIECE_STROKE * 0.6));
                group
            }
            ExpeditionKind::Expedition => vec![
                expedition_outline(c, inner, fill),
                // A thin ring inside the rim: a stamp, not a node.
                expedition_outline(c, INNER_RING * inner, Style::stroke(INK, PIECE_STROKE / 2.0)),
            ],
            ExpeditionKind::Landmark => {
                let style = Style::filled_outlined(look.fill(landmark_fill()), INK, PIECE_STROKE);
                vec![landmark_outline(c, inner, style)]
            }
        };
        if e.slots == 0 {
            let side = r * 1.0;
            let icon = icons::piece(&e.name, look.icon);
            group.extend(
                icon.iter()
                    .map(|s| crate::print::place(s, (c.0 - side / 2.0, c.1 - side / 2.0), side)),
            );
        }
        let kind = match e.kind {
            ExpeditionKind::Expedition => "expedition",
            ExpeditionKind::Landmark => "landmark",
        };
        let tag = Tag::new("expedition")
            .with("kind", kind)
            .with("name", &e.name)
            .with_mm("x", c.0)
            .with_mm("y", c.1)
            .with_mm("r", r);
        let tag = if e.slots > 0 { tag.with("slots", e.slots) } else { tag };
        shapes.push(Shape::Group { tag, shapes: group });
    }
    // Each resource as large as its room lets it, clear of its area's nodes
    // and outline and of half the room to each other resource of its area.
    for (i, r) in board.resources.iter().enumerate() {
        let c = frame.at((r.x, r.y));
        let mut size = (RESOURCE_MOST * unit).min(room(r.area as usize, c));
        for (j, other) in board.resources.iter().enumerate() {
            if j != i && other.area == r.area {
                let d = ((other.x - r.x).powi(2) + (other.y - r.y).powi(2)).sqrt() * unit;
                size = size.min((d - CLEARANCE) / 2.0);
            }
        }
        if size <= PIECE_STROKE {
            continue;
        }
        let (s, co) = sin_cos(r.rotation);
        let icon = icons::piece(&r.name, look.icon);
        let side = size * 1.25;
        let mut group = vec![Shape::Circle {
            center: c,
            radius: size,
            style: Style::fill(look.fill(resource_fill())),
        }];
        if look.ink_friendly {
            group[0] = Shape::Circle {
                center: c,
                radius: size - 0.1,
                style: Style::filled_outlined(Color::WHITE, INK, 0.2),
            };
        }
        group.extend(icon.iter().map(|sh| turned(sh, c, (side, side), (co, s))));
        let tag = Tag::new("resource")
            .with("name", &r.name)
            .with_mm("x", c.0)
            .with_mm("y", c.1)
            .with_mm("r", size);
        shapes.push(Shape::Group { tag, shapes: group });
    }
    shapes
}

/// A circle of radius `r` round `c`, in the style given.
fn expedition_outline(c: (f64, f64), r: f64, style: Style) -> Shape {
    Shape::Circle {
        center: c,
        radius: r,
        style,
    }
}

/// Where an original expedition's compass pictogram goes in its circle of
/// inner radius `r` round `c`: its box's corner and side.
/// An original expedition's inside, a circle of radius `r` round `c`: its
/// compass (a pictogram) and its `n` join slots below it.
fn compass_and_slots(look: &Look, c: (f64, f64), r: f64, n: u32, stroke: f64) -> Vec<Shape> {
    let (corner, side) = compass_box(c, r);
    let compass = Shape::Group {
        tag: Tag::new("pictogram").with("of", "piece").with("name", "Expedition"),
        shapes: icons::compass(look.icon)
            .iter()
            .map(|s| crate::print::place(s, corner, side))
            .collect(),
    };
    let mut shapes = vec![compass];
    shapes.extend(slots(c, r, n, stroke));
    shapes
}

fn compass_box(c: (f64, f64), r: f64) -> ((f64, f64), f64) {
    let side = COMPASS_REACH * r / COMPASS_ICON_REACH;
    ((c.0 - side / 2.0, c.1 - COMPASS_UP * r - side / 2.0), side)
}

/// The `n` join slots of an original expedition in its circle of inner
/// radius `r` round `c`: empty circles on an arc below its compass, side
/// by side, outlined `stroke` wide (thinner in a small circle, so that
/// neighbouring slots never meet), each tagged `slot`.
fn slots(c: (f64, f64), r: f64, n: u32, stroke: f64) -> Vec<Shape> {
    // Neighbouring centres lie 2 SLOT_RING sin(SLOT_SPREAD / 2) r ≈ 0.6 r
    // apart, the slots 2 SLOT r = 0.54 r across: their strokes share the rest.
    let stroke = stroke.min(0.05 * r);
    (0..n)
        .map(|k| {
            let turn = SLOT_SPREAD * (f64::from(k) - f64::from(n - 1) / 2.0);
            let (s, co) = sin_cos(std::f64::consts::FRAC_PI_2 + turn);
            Shape::Circle {
                center: (c.0 + SLOT_RING * r * co, c.1 + SLOT_RING * r * s),
                radius: SLOT * r,
                style: Style::filled_outlined(Color::WHITE, INK, stroke),
            }
            .tagged(Tag::new("slot"))
        })
        .collect()
}

/// A hexagon of circumradius `r` round `c`, flat at top and bottom.
fn landmark_outline(c: (f64, f64), r: f64, style: Style) -> Shape {
    let points = (0..6)
        .map(|k| {
            let (s, co) = sin_cos(std::f64::consts::PI / 3.0 * f64::from(k));
            (c.0 + r * co, c.1 + r * s)
        })
        .collect();
    Shape::Polygon { points, style }
}

/// The legend's entries of the pieces on `board`: each expedition,
/// landmark, resource and tiny node type on it, drawn as on the board.
pub(super) fn legend(board: &Board, look: &Look) -> Vec<crate::print::Entry> {
    placed(board, look)
        .into_iter()
        .map(|(piece, kind, swatch)| crate::print::Entry::new(swatch, format!("{} ({kind})", piece.name)))
        .collect()
}

/// The pieces on `board`, each type once, with what kind of piece it is
/// (`expedition`, `landmark`, `resource`, `tiny node`) and its swatch,
/// drawn as on the board in the unit box.
pub(super) fn placed(board: &Board, look: &Look) -> Vec<(&'static Piece, &'static str, Vec<Shape>)> {
    use crate::universe::expansions::{expedition_types, landmark_types, resource_types, tiny_node_types};
    let mut entries = Vec::new();
    let icon = |name: &str, side: f64| {
        let corner = (1.0 - side) / 2.0;
        Shape::Group {
            tag: Tag::new("pictogram").with("of", "piece").with("name", name),
            shapes: icons::piece(name, look.icon)
                .iter()
                .map(|s| crate::print::place(s, (corner, corner), side))
                .collect(),
        }
    };
    let stroke = Style::filled_outlined(look.fill(expedition_fill()), INK, 0.06);
    // The original's expeditions: one entry, their type decided in play.
    if board.expeditions.iter().any(|e| e.slots > 0) {
        let mut swatch = vec![expedition_outline((0.5, 0.5), 0.46, stroke)];
        swatch.extend(compass_and_slots(look, (0.5, 0.5), 0.43, 3, 0.04));
        entries.push((crate::universe::expansions::original_expedition(), "1–3 join slots", swatch));
    }
    for p in expedition_types().iter().filter(|p| {
        board
            .expeditions
            .iter()
            .any(|e| e.kind == ExpeditionKind::Expedition && e.slots == 0 && e.name == p.name)
    }) {
        let swatch = vec![
            expedition_outline((0.5, 0.5), 0.46, stroke),
            expedition_outline((0.5, 0.5), 0.46 * INNER_RING, Style::stroke(INK, 0.03)),
            icon(&p.name, 0.5),
        ];
        entries.push((p, "expedition", swatch));
    }
    let stroke = Style::filled_outlined(look.fill(landmark_fill()), INK, 0.06);
    for p in landmark_types().iter().filter(|p| {
        board
            .expeditions
            .iter()
            .any(|e| e.kind == ExpeditionKind::Landmark && e.name == p.name)
    }) {
        let swatch = vec![landmark_outline((0.5, 0.5), 0.47, stroke), icon(&p.name, 0.5)];
        entries.push((p, "landmark", swatch));
    }
    for p in resource_types().iter().filter(|p| board.resources.iter().any(|r| r.name == p.name)) {
        let disc = if look.ink_friendly {
            Style::filled_outlined(Color::WHITE, INK, 0.04)
        } else {
            Style::fill(resource_fill())
        };
        let swatch = vec![
            Shape::Circle {
                center: (0.5, 0.5),
                radius: 0.46,
                style: disc,
            },
            icon(&p.name, 0.58),
        ];
        entries.push((p, "resource", swatch));
    }
    for p in tiny_node_types()
        .iter()
        .filter(|p| board.tiny_nodes.iter().any(|t| t.name == p.name))
    {
        let line = Shape::Line {
            from: (0.0, 0.5),
            to: (1.0, 0.5),
            style: Style::stroke(super::look::EDGE, 0.06),
        };
        let glyph = Shape::Group {
            tag: Tag::new("pictogram").with("of", "piece").with("name", &p.name),
            shapes: icons::piece(&p.name, look.icon)
                .iter()
                .map(|s| turned(s, (0.5, 0.5), (0.5, 0.5 * TINY_WIDTH), (1.0, 0.0)))
                .collect(),
        };
        entries.push((p, "tiny node", vec![line, glyph]));
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::universe::{Params, Universe};
    use crate::{DrawOptions, Generator, Seed};

    /// Every expedition of the original holds its compass and exactly its
    /// join slots, each inside its circle and clear of the others and of
    /// the compass; the other expeditions and landmarks hold none.
    #[test]
    fn original_expeditions_hold_their_join_slots() {
        let mut seen = [0; 4];
        for (players, seed) in [(2, "slots-a"), (4, "Tiamo"), (6, "slots-b"), (9, "slots-c")] {
            for expansions in [&["extreme_expeditions"][..], &["expeditions"], &["sharp_scissors"]] {
                let params = Params {
                    players,
                    expansions: expansions.iter().map(|s| s.to_string()).collect(),
                    ..Params::default()
                };
                let board = Universe::generate(&params, &Seed::new(seed)).unwrap();
                for ink_friendly in [false, true] {
                    let options = DrawOptions {
                        ink_friendly,
                        ..DrawOptions::default()
                    };
                    let doc = Universe::draw(&board, options);
                    let groups: Vec<&Vec<Shape>> = doc.pages[0]
                        .shapes
                        .iter()
                        .filter_map(|s| match s {
                            Shape::Group { tag, shapes } if tag.class == "expedition" => Some(shapes),
                            _ => None,
                        })
                        .collect();
                    assert_eq!(groups.len(), board.expeditions.len(), "{seed}");
                    for (e, shapes) in board.expeditions.iter().zip(groups) {
                        let Shape::Circle { center, radius, style } = &shapes[0] else {
                            assert_ne!(e.kind, ExpeditionKind::Expedition, "{seed}: no circle");
                            continue;
                        };
                        let inside = radius - style.stroke_width / 2.0;
                        let slots: Vec<((f64, f64), f64)> = shapes
                            .iter()
                            .filter_map(|s| match s {
                                Shape::Tagged { tag, shape } if tag.class == "slot" => match **shape {
                                    Shape::Circle { center, radius, style } => Some((center, radius + style.stroke_width / 2.0)),
                                    _ => None,
                                },
                                _ => None,
                            })
                            .collect();
                        assert_eq!(slots.len(), e.slots as usize, "{seed}: {} slots drawn for {}", slots.len(), e.slots);
                        seen[slots.len()] += 1;
                        let dist = |a: (f64, f64), b: (f64, f64)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
                        let compass = (center.0, center.1 - COMPASS_UP * (inside - PIECE_STROKE / 2.0));
                        let compass_reach = COMPASS_REACH * (inside - PIECE_STROKE / 2.0);
                        for (k, &(c, r)) in slots.iter().enumerate() {
                            assert!(dist(c, *center) + r < inside, "{seed}: a slot leaves its circle");
                            assert!(dist(c, compass) > r + compass_reach, "{seed}: a slot on the compass");
                            assert!(slots[k + 1..].iter().all(|&(d, s)| dist(c, d) > r + s), "{seed}: slots meet");
                        }
                    }
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "not every count of slots drawn: {seen:?}");
    }
}
