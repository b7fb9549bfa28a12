//! A starship drawn on one landscape page (A4 or Letter): every part kind in
//! its own colour and with its letter, armor hatched, floor, doors as bars
//! across the edges they open, machines' facing as a triangle on the edge
//! they face; a legend at the right names every kind, colour and mark.
//!
//! A part's outline is tagged `part` with its id and role, a door's bar
//! `door`.

use scene::{Anchor, Color, Document, Shape, Style, Tag};

use super::{Board, Role};
use crate::DrawOptions;
use crate::print::{self, Entry, INK};

/// Colours for a second, third… kind of the same role.
const MORE_COLORS: [&str; 8] = [
    "#38D9A9", "#FFA8A8", "#A9E34B", "#74C0FC", "#E8590C", "#9C36B5", "#5C940D", "#C2255C",
];
const DOOR: Color = Color::rgb(0x2b, 0x8a, 0x3e);
const FACING: Color = Color::rgb(0xf0, 0x3e, 0x3e);

/// Each part kind's letter, role and colour: the role's colour for the first
/// kind of a role, another for each further kind of it.
fn kinds(ship: &Board) -> Vec<(String, String, Role, Color)> {
    let mut out: Vec<(String, String, Role, Color)> = Vec::new();
    let mut extra = 0;
    for (letter, kind) in &ship.legend {
        let Some(part) = ship.parts.iter().find(|p| &p.kind == kind) else {
            continue;
        };
        let color = if out.iter().any(|k| k.2 == part.role) {
            extra += 1;
            Color::from_hex(MORE_COLORS[(extra - 1) % MORE_COLORS.len()]).unwrap_or(Color::WHITE)
        } else {
            color(Some(part.role), "")
        };
        out.push((letter.clone(), kind.clone(), part.role, color));
    }
    out
}

/// A tile's fill: by the role of the part on it, else by its legend
/// meaning (floor, armor).
fn color(role: Option<Role>, meaning: &str) -> Color {
    let hex = match (role, meaning) {
        (Some(Role::Cockpit), _) => "#4DABF7",
        (Some(Role::Reactor), _) => "#FFD43B",
        (Some(Role::AmmoSupply), _) => "#FF922B",
        (Some(Role::PowerStorage), _) => "#69DB7C",
        (Some(Role::CrewQuarters), _) => "#B197FC",
        (Some(Role::Bunks), _) => "#E599F7",
        (Some(Role::Thruster), _) => "#F03E3E",
        (Some(Role::Weapon), _) => "#868E96",
        (None, "floor") => "#E9ECEF",
        (None, "armor") => "#6C757D",
        _ => "#CED4DA",
    };
    Color::from_hex(hex).unwrap_or(Color::BLACK)
}

/// Draws `ship` as a one-page document.
pub fn draw(ship: &Board, options: DrawOptions) -> Document {
    let mut page = print::page(&options);
    let kinds = kinds(ship);
    let entries = legend_entries(&kinds, &options);
    let caption = print::Caption::new(
        "Starship",
        &ship.header.seed,
        format!("{} x {} tiles", ship.width, ship.height),
        &options,
        &ship.header.params,
        &[],
    );
    let [ax0, ay0, ax1, ay1] = print::legend_at_right(&mut page, &entries, &caption);
    // Frame the ship, not the whole grid: its tiles' bounding box plus one tile.
    let mut used = (u32::MAX, u32::MAX, 0, 0);
    for (y, row) in ship.tiles.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c != ' ' {
                used = (
                    used.0.min(x as u32),
                    used.1.min(y as u32),
                    used.2.max(x as u32),
                    used.3.max(y as u32),
                );
            }
        }
    }
    let (x0, y0) = (used.0.min(used.2).saturating_sub(1), used.1.min(used.3).saturating_sub(1));
    let (span_w, span_h) = (f64::from(used.2.max(used.0) - x0 + 2), f64::from(used.3.max(used.1) - y0 + 2));
    let cell = ((ax1 - ax0) / span_w).min((ay1 - ay0) / span_h);
    let origin = (
        (ax0 + ax1 - cell * span_w) / 2.0 - f64::from(x0) * cell,
        (ay0 + ay1 - cell * span_h) / 2.0 - f64::from(y0) * cell,
    );
    let at = |x: u32, y: u32| (origin.0 + f64::from(x) * cell, origin.1 + f64::from(y) * cell);
    // The role of the part on each tile.
    let width = ship.width as usize;
    let mut colors = vec![None; width * ship.height as usize];
    for p in &ship.parts {
        let c = kinds.iter().find(|k| k.1 == p.kind).map_or(Color::WHITE, |k| k.3);
        for y in p.rect.y..p.rect.y.saturating_add(p.rect.h).min(ship.height) {
            for x in p.rect.x..p.rect.x.saturating_add(p.rect.w).min(ship.width) {
                colors[y as usize * width + x as usize] = Some(c);
            }
        }
    }
    let color_at = |x: usize, y: usize| {
        if x < width {
            colors.get(y * width + x).copied().flatten()
        } else {
            None
        }
    };
    let shapes = &mut page.shapes;
    for (y, row) in ship.tiles.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == ' ' {
                continue;
            }
            let meaning = ship.legend.get(&c.to_string()).map_or("", String::as_str);
            let part = color_at(x, y);
            let fill = match (options.ink_friendly, part) {
                (true, _) => Color::WHITE,
                (false, Some(c)) => c,
                (false, None) => color(None, meaning),
            };
            let origin = at(x as u32, y as u32);
            shapes.push(Shape::Rect {
                origin,
                size: (cell, cell),
                style: Style::filled_outlined(fill, grid_line(options.ink_friendly), cell * 0.03),
            });
            if part.is_none() && meaning == "armor" {
                // Hatched, so armor reads without colour.
                shapes.push(Shape::Line {
                    from: (origin.0, origin.1 + cell),
                    to: (origin.0 + cell, origin.1),
                    style: Style::stroke(INK, cell * 0.06),
                });
            }
        }
    }
    for p in &ship.parts {
        let (x, y) = at(p.rect.x, p.rect.y);
        let (w, h) = (f64::from(p.rect.w) * cell, f64::from(p.rect.h) * cell);
        shapes.push(
            Shape::Rect {
                origin: (x, y),
                size: (w, h),
                style: Style::stroke(Color::BLACK, cell * 0.08),
            }
            .tagged(Tag::new("part").with("id", p.id).with("role", p.role.name())),
        );
        if let Some(f) = p.facing {
            // A triangle on the facing edge.
            let (cx, cy) = (x + w / 2.0, y + h / 2.0);
            let (dx, dy) = f.step();
            let (dx, dy) = (f64::from(dx), f64::from(dy));
            let tip = (cx + dx * (w / 2.0 + cell * 0.35), cy + dy * (h / 2.0 + cell * 0.35));
            let base = (cx + dx * w / 2.0, cy + dy * h / 2.0);
            let half = cell * 0.3;
            shapes.push(Shape::Polygon {
                points: vec![
                    tip,
                    (base.0 - dy * half, base.1 - dx * half),
                    (base.0 + dy * half, base.1 + dx * half),
                ],
                style: Style::filled_outlined(if options.ink_friendly { Color::WHITE } else { FACING }, INK, cell * 0.04),
            });
        }
        let label = kinds.iter().find(|k| k.1 == p.kind).map(|k| k.0.clone()).unwrap_or_default();
        shapes.push(Shape::Text {
            at: (x + w / 2.0, y + h / 2.0 + cell * 0.25),
            content: label,
            size: cell * 0.7,
            anchor: Anchor::Middle,
            color: Color::BLACK,
        });
    }
    for &[[ax, ay], [bx, by]] in &ship.doors {
        // The shared edge of two 4-adjacent tiles.
        let (x0, y0) = at(ax.max(bx), ay.max(by));
        let (from, to) = if ax != bx {
            ((x0, y0), (x0, y0 + cell))
        } else {
            ((x0, y0), (x0 + cell, y0))
        };
        let inset = cell * 0.2;
        let (from, to) = if ax != bx {
            ((from.0, from.1 + inset), (to.0, to.1 - inset))
        } else {
            ((from.0 + inset, from.1), (to.0 - inset, to.1))
        };
        shapes.push(
            Shape::Line {
                from,
                to,
                style: Style::stroke(if options.ink_friendly { INK } else { DOOR }, cell * 0.22),
            }
            .tagged(Tag::new("door")),
        );
    }
    Document {
        title: format!("Starship, seed {}", ship.header.seed),
        pages: vec![page],
    }
}

fn legend_entries(kinds: &[(String, String, Role, Color)], options: &DrawOptions) -> Vec<Entry> {
    let fill = |c: Color| if options.ink_friendly { Color::WHITE } else { c };
    let tile = |c: Color| Shape::Rect {
        origin: (0.0, 0.0),
        size: (1.0, 1.0),
        style: Style::filled_outlined(fill(c), INK, 0.06),
    };
    let mut entries: Vec<Entry> = kinds
        .iter()
        .map(|(letter, kind, role, c)| {
            let words = if kind == role.name() {
                kind.replace('_', " ")
            } else {
                format!("{kind} ({})", role.name().replace('_', " "))
            };
            Entry::new(
                vec![
                    tile(*c),
                    print::text((0.5, 0.8), letter.clone(), 0.75, Anchor::Middle, Color::BLACK),
                ],
                words,
            )
        })
        .collect();
    entries.push(Entry::new(vec![tile(color(None, "floor"))], "floor"));
    entries.push(Entry::new(
        vec![
            tile(color(None, "armor")),
            Shape::Line {
                from: (0.0, 1.0),
                to: (1.0, 0.0),
                style: Style::stroke(INK, 0.08),
            },
        ],
        "armor",
    ));
    entries.push(Entry::new(
        vec![Shape::Line {
            from: (0.5, 0.1),
            to: (0.5, 0.9),
            style: Style::stroke(if options.ink_friendly { INK } else { DOOR }, 0.25),
        }],
        "door",
    ));
    entries.push(Entry::new(
        vec![Shape::Polygon {
            points: vec![(0.9, 0.5), (0.2, 0.1), (0.2, 0.9)],
            style: Style::filled_outlined(fill(FACING), INK, 0.06),
        }],
        "a machine faces this way",
    ));
    entries
}

/// The tile grid's lines: blue-grey, or plain grey when ink-friendly.
fn grid_line(ink_friendly: bool) -> Color {
    if ink_friendly {
        Color::rgb(0xaa, 0xaa, 0xaa)
    } else {
        Color::rgb(0xad, 0xb5, 0xbd)
    }
}
