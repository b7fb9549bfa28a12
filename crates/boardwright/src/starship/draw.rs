//! A starship drawn on one A4 landscape page: a colour per part role, armor,
//! floor, doors as bars across the edges they open, and facing marks.
//!
//! A part's outline is tagged `part` with its id and role, a door's bar
//! `door`.

use scene::{Anchor, Color, Document, Page, Shape, Style, Tag};

use super::{Role, Starship};
use crate::DrawOptions;

const MARGIN: f64 = 10.0;

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
        (Some(Role::Weapon), _) => "#343A40",
        (None, "floor") => "#E9ECEF",
        (None, "armor") => "#6C757D",
        _ => "#CED4DA",
    };
    Color::from_hex(hex).unwrap_or(Color::BLACK)
}

/// Draws `ship` as a one-page document.
pub fn draw(ship: &Starship, options: DrawOptions) -> Document {
    let mut page = Page::a4_landscape();
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
    let cell = ((page.width - 2.0 * MARGIN) / span_w).min((page.height - 2.0 * MARGIN) / span_h);
    let origin = (
        (page.width - cell * span_w) / 2.0 - f64::from(x0) * cell,
        (page.height - cell * span_h) / 2.0 - f64::from(y0) * cell,
    );
    let at = |x: u32, y: u32| (origin.0 + f64::from(x) * cell, origin.1 + f64::from(y) * cell);
    // The role of the part on each tile.
    let width = ship.width as usize;
    let mut roles = vec![None; width * ship.height as usize];
    for p in &ship.parts {
        for y in p.y..p.y.saturating_add(p.h).min(ship.height) {
            for x in p.x..p.x.saturating_add(p.w).min(ship.width) {
                roles[y as usize * width + x as usize] = Some(p.role);
            }
        }
    }
    let role_at = |x: usize, y: usize| {
        if x < width {
            roles.get(y * width + x).copied().flatten()
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
            let role = role_at(x, y);
            let keep = (role.is_none() && meaning == "armor") || role == Some(Role::Weapon);
            let fill = if options.ink_friendly && !keep {
                Color::WHITE
            } else {
                color(role, meaning)
            };
            shapes.push(Shape::Rect {
                origin: at(x as u32, y as u32),
                size: (cell, cell),
                style: Style::filled_outlined(fill, Color::rgb(0xad, 0xb5, 0xbd), cell * 0.03),
            });
        }
    }
    for p in &ship.parts {
        let (x, y) = at(p.x, p.y);
        let (w, h) = (f64::from(p.w) * cell, f64::from(p.h) * cell);
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
                style: Style::fill(Color::rgb(0xf0, 0x3e, 0x3e)),
            });
        } else {
            let label = ship
                .legend
                .iter()
                .find(|(_, m)| **m == p.kind)
                .map(|(c, _)| c.clone())
                .unwrap_or_default();
            shapes.push(Shape::Text {
                at: (x + w / 2.0, y + h / 2.0 + cell * 0.25),
                content: label,
                size: cell * 0.7,
                anchor: Anchor::Middle,
                color: Color::BLACK,
            });
        }
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
                style: Style::stroke(Color::rgb(0x2b, 0x8a, 0x3e), cell * 0.22),
            }
            .tagged(Tag::new("door")),
        );
    }
    Document {
        title: format!("Starship, seed {}", ship.header.seed),
        pages: vec![page],
    }
}
