//! The legend of a universe page: every mark on it, drawn as on the board
//! and named in a player's words.

use scene::{Anchor, Color, Shape, Style, Tag};

use super::look::{DOT_FILL, Look, category_color};
use super::{board_edge_line, edge_line, quadrant_line};
use crate::print::{self, Entry, INK, SWATCH_SIDE};
use crate::universe::{Board, NodeKind, icons};

/// One entry per node type and mission kind on the board (and each type's
/// number), then the centre, dots, edges, quadrant lines, the board's edge
/// and where to start cutting it.
pub(super) fn entries(board: &Board, look: &Look) -> Vec<Entry> {
    let mut entries = Vec::new();
    for t in types_used(board, look) {
        entries.push(Entry::new(type_swatch(look, &t.name, None), format!("{} ({})", t.name, t.category)));
        if let Some(from) = t.number_from.as_ref().filter(|_| numbered(board, &t.name)) {
            entries.push(Entry::new(
                type_swatch(look, &t.name, Some("3")),
                format!("{} number (from {from})", t.name),
            ));
        }
    }
    let missions = missions_dealt(board);
    for &kind in &missions {
        entries.push(Entry::new(mission_swatch(look, kind), format!("mission start: {kind}")));
    }
    if let Some((first, last)) = start_labels(board) {
        entries.push(Entry::new(
            start_label_swatch(first),
            format!("start label: mission nodes {first} to {last}, clockwise from the top-left, as play reports name them"),
        ));
    }
    // The remedy, beside a square numbered for the players (a mission's
    // pictogram here would read as a second mission of that kind).
    if let Some(rule) = start_rule(board) {
        entries.push(Entry::new(start_label_swatch("1"), rule));
    }
    entries.extend(super::pieces::legend(board, look));
    entries.push(Entry::new(centre_swatch(look), "centre"));
    // The original's Electric expansion numbers the centre.
    if let Some(number) = board.nodes.iter().find(|n| n.kind == NodeKind::Center).and_then(|n| n.number) {
        let mut swatch = centre_swatch(look);
        swatch.pop();
        swatch.push(print::text((0.5, 0.72), number.to_string(), 0.62, Anchor::Middle, INK).tagged(Tag::new("number")));
        entries.push(Entry::new(swatch, "centre number: the electricity it needs to be entered"));
    }
    entries.push(Entry::new(dot_swatch(look), "power dot"));
    entries.push(Entry::line(in_swatch(edge_line()), "edge: cut along it during play"));
    entries.push(Entry::line(
        in_swatch(quadrant_line()),
        "quadrant line: marks the quarters, never cut",
    ));
    entries.push(Entry::line(
        in_swatch(board_edge_line()),
        "board edge: cut the sheet along it before play (the paper's edge in the rules)",
    ));
    let scissors = Shape::Group {
        tag: Tag::new("pictogram").with("of", "mark").with("name", "scissors"),
        shapes: icons::scissors(look.icon),
    };
    entries.push(Entry::new(vec![scissors], "start cutting the board edge here"));
    entries
}

/// The remedy the board prints, in a player's words ([`Board::remedy`]).
fn start_rule(board: &Board) -> Option<String> {
    board.remedy.sentence(board.header.params.players)
}

/// The node types of `look` that nodes of `board` have, in its order.
pub(super) fn types_used<'a>(board: &Board, look: &'a Look) -> Vec<&'a crate::universe::NodeType> {
    let used = |name: &str| board.nodes.iter().any(|n| n.node_type.as_deref() == Some(name));
    look.types.iter().filter(|t| used(&t.name)).collect()
}

/// Whether a node of type `name` on `board` shows a number.
pub(super) fn numbered(board: &Board, name: &str) -> bool {
    board
        .nodes
        .iter()
        .any(|n| n.number.is_some() && n.node_type.as_deref() == Some(name))
}

/// The mission kinds dealt on `board`, in the order of its `missions`.
pub(super) fn missions_dealt(board: &Board) -> Vec<&str> {
    let mut missions: Vec<&str> = Vec::new();
    for n in board.nodes.iter().filter(|n| n.kind == NodeKind::Mission) {
        let kind = n.node_type.as_deref().unwrap_or_default();
        if !missions.contains(&kind) {
            missions.push(kind);
        }
    }
    let kinds = &board.header.params.missions;
    missions.sort_by_key(|k| kinds.iter().position(|m| m.name == *k));
    missions
}

/// A node of type `name` as the board draws it: its category's colour and
/// its pictogram, with `number` below it if given.
pub(super) fn type_swatch(look: &Look, name: &str, number: Option<&str>) -> Vec<Shape> {
    let node = Shape::Circle {
        center: (0.5, 0.5),
        radius: 0.48,
        style: Style::filled_outlined(look.type_color(name), INK, 0.05),
    };
    match number {
        None => vec![node, pictogram(look.type_icon(name), "type", name, 0.68)],
        Some(number) => vec![
            node,
            print::text((0.5, 0.72), number, 0.62, Anchor::Middle, INK).tagged(Tag::new("number")),
        ],
    }
}

/// A mission node of kind `kind`: a white square with its pictogram.
pub(super) fn mission_swatch(look: &Look, kind: &str) -> Vec<Shape> {
    vec![
        Shape::Rect {
            origin: (0.03, 0.03),
            size: (0.94, 0.94),
            style: Style::filled_outlined(Color::WHITE, INK, 0.08),
        },
        pictogram(icons::mission(kind, look.icon), "mission", kind, 0.76),
    ]
}

/// The first and last start labels of `board`'s mission nodes, if lettered
/// (A … Z, then AA …).
pub(super) fn start_labels(board: &Board) -> Option<(&str, &str)> {
    let labels = || board.missions().filter_map(|n| n.label.as_deref());
    let order = |l: &&str| (l.len(), l.to_string());
    Some((labels().min_by_key(order)?, labels().max_by_key(order)?))
}

/// A mission node lettered `label`, as the board draws a start label.
pub(super) fn start_label_swatch(label: &str) -> Vec<Shape> {
    vec![
        Shape::Rect {
            origin: (0.03, 0.03),
            size: (0.94, 0.94),
            style: Style::filled_outlined(Color::WHITE, INK, 0.08),
        },
        print::text((0.5, 0.74), label, 0.62, Anchor::Middle, INK).tagged(Tag::new("start-label")),
    ]
}

/// The centre.
pub(super) fn centre_swatch(look: &Look) -> Vec<Shape> {
    vec![
        Shape::Circle {
            center: (0.5, 0.5),
            radius: 0.46,
            style: Style::filled_outlined(look.fill(category_color("Center")), INK, 0.08),
        },
        pictogram(icons::center(look.icon), "centre", "Centre", 0.68),
    ]
}

/// A power dot.
pub(super) fn dot_swatch(look: &Look) -> Vec<Shape> {
    vec![Shape::Circle {
        center: (0.5, 0.5),
        radius: 0.25,
        style: Style::filled_outlined(look.fill(DOT_FILL), INK, 0.05),
    }]
}

/// `icon`, a pictogram of `of` named `name`, in the middle of a swatch,
/// `side` of it wide.
fn pictogram(icon: Vec<Shape>, of: &str, name: &str, side: f64) -> Shape {
    let corner = (1.0 - side) / 2.0;
    Shape::Group {
        tag: Tag::new("pictogram").with("of", of).with("name", name),
        shapes: icon.iter().map(|s| print::place(s, (corner, corner), side)).collect(),
    }
}

/// A line style of the board as a swatch draws it in its unit box, so
/// that it prints as wide as on the board.
fn in_swatch(style: Style) -> Style {
    Style {
        stroke_width: style.stroke_width / SWATCH_SIDE,
        dash: style.dash.map(|d| d / SWATCH_SIDE),
        ..style
    }
}
