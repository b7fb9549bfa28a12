//! A starship drawn on one landscape page, nose to the right so that it
//! fills the page: every part kind in its own colour and with its letter,
//! armor hatched, floor, doors as bars across the edges they open,
//! machines' facing as a triangle on the edge they face. The legend takes
//! a column at the right or a band at the foot, whichever leaves the ship
//! the larger tiles; it never lies on the ship.
//!
//! Every tile is tagged `tile`, a part's outline `part` with its id and
//! role, a door's bar `door`.
//!
//! - `frame`: where the ship lies on the page (turned nose-right);
//! - `key`: each part kind's letter, colour and name in words.

use scene::{Anchor, Color, Document, Page, Shape, Style, Tag};

use super::Board;
use crate::DrawOptions;
use crate::print::{self, Entry, INK, MARGIN};

mod frame;
mod key;

use frame::Frame;
use key::{ARMOR, FLOOR, Kind, kinds, words};

const DOOR: Color = Color::rgb(0x2b, 0x8a, 0x3e);
const FACING: Color = Color::rgb(0xf0, 0x3e, 0x3e);
/// Smallest font size of a part's letter, millimetres: a player reads it
/// on the smallest tiles too.
pub(crate) const LETTER_MIN: f64 = 2.0;
/// A part's letter's font size as a share of a tile, when that is larger
/// than [`LETTER_MIN`].
const LETTER_SHARE: f64 = 0.7;
/// Space between the legend's band and the drawing, millimetres.
const BAND_GAP: f64 = 3.0;

/// Draws `ship` as a one-page document.
pub fn draw(ship: &Board, options: DrawOptions) -> Document {
    draw_stage(ship, ship, options)
}

/// Draws `shown`, the finished `ship` as it stood after one of its stages,
/// with `ship`'s key, colours, caption and frame, so that a part looks the
/// same after every stage and the ship does not move on the page.
pub(crate) fn draw_stage(ship: &Board, shown: &Board, options: DrawOptions) -> Document {
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
    let (mut page, frame) = laid_out(ship, &entries, &caption, &options);
    draw_ship(&mut page.shapes, shown, &kinds, &frame, &options);
    Document {
        title: format!("Starship, seed {}", ship.header.seed),
        pages: vec![page],
    }
}

/// The page with its legend, and the ship's frame: the legend in a column
/// at the right or in a band at the foot, whichever gives the ship the
/// larger tiles.
fn laid_out(ship: &Board, entries: &[Entry], caption: &print::Caption, options: &DrawOptions) -> (Page, Frame) {
    let mut column = print::page(options);
    let beside = Frame::fit(ship, print::legend_at_right(&mut column, entries, caption));
    let mut band = print::page(options);
    let width = band.width - 2.0 * MARGIN;
    // Stacked as in the column: the caption reads the same either way.
    let lines = caption.stacked(width);
    let height = print::legend_height(entries, lines.len(), width);
    let top = band.height - MARGIN - height;
    band.shapes.push(print::legend(entries, &lines, (MARGIN, top), width, false));
    let below = Frame::fit(ship, [MARGIN + 1.0, MARGIN + 1.0, band.width - MARGIN - 1.0, top - BAND_GAP]);
    if below.cell > beside.cell {
        (band, below)
    } else {
        (column, beside)
    }
}

/// The ship's tiles, parts, facing marks, letters and doors.
fn draw_ship(shapes: &mut Vec<Shape>, ship: &Board, kinds: &[Kind], frame: &Frame, options: &DrawOptions) {
    let cell = frame.cell;
    // The fill of the part on each tile.
    let width = ship.width as usize;
    let mut fills = vec![None; width * ship.height as usize];
    for p in &ship.parts {
        let c = kinds.iter().find(|k| k.name == p.kind).map_or(Color::WHITE, |k| k.color);
        for y in p.rect.y..p.rect.y.saturating_add(p.rect.h).min(ship.height) {
            for x in p.rect.x..p.rect.x.saturating_add(p.rect.w).min(ship.width) {
                fills[y as usize * width + x as usize] = Some(c);
            }
        }
    }
    for (y, row) in ship.tiles.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == ' ' {
                continue;
            }
            let meaning = ship.legend.get(&c.to_string()).map_or("", String::as_str);
            let part = fills.get(y * width + x).copied().flatten();
            let fill = match (options.ink_friendly, part, meaning) {
                (true, _, _) => Color::WHITE,
                (false, Some(c), _) => c,
                (false, None, "armor") => ARMOR,
                (false, None, _) => FLOOR,
            };
            let (origin, size) = frame.rect(x as u32, y as u32, 1, 1);
            shapes.push(
                Shape::Rect {
                    origin,
                    size,
                    style: Style::filled_outlined(fill, grid_line(options.ink_friendly), cell * 0.03),
                }
                .tagged(Tag::new("tile")),
            );
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
    let letter_size = (cell * LETTER_SHARE).max(LETTER_MIN);
    for p in &ship.parts {
        let ((x, y), (w, h)) = frame.rect(p.rect.x, p.rect.y, p.rect.w, p.rect.h);
        shapes.push(
            Shape::Rect {
                origin: (x, y),
                size: (w, h),
                style: Style::stroke(Color::BLACK, cell * 0.08),
            }
            .tagged(Tag::new("part").with("id", p.id).with("role", p.role.name())),
        );
        if let Some(f) = p.facing {
            // A triangle on the facing edge, pointing out.
            let (cx, cy) = (x + w / 2.0, y + h / 2.0);
            let (dx, dy) = Frame::direction(f);
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
        let label = kinds
            .iter()
            .find(|k| k.name == p.kind)
            .map(|k| k.letter.clone())
            .unwrap_or_default();
        shapes.push(print::text(
            (x + w / 2.0, y + h / 2.0 + letter_size * 0.36),
            label,
            letter_size,
            Anchor::Middle,
            Color::BLACK,
        ));
    }
    for &[[ax, ay], [bx, by]] in &ship.doors {
        // Across the shared edge of two 4-adjacent tiles, a little short of its ends.
        let (a, b) = (frame.center(ax, ay), frame.center(bx, by));
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let along = ((b.1 - a.1) / cell, (a.0 - b.0) / cell);
        let half = cell * 0.3;
        shapes.push(
            Shape::Line {
                from: (mid.0 - along.0 * half, mid.1 - along.1 * half),
                to: (mid.0 + along.0 * half, mid.1 + along.1 * half),
                style: Style::stroke(if options.ink_friendly { INK } else { DOOR }, cell * 0.22),
            }
            .tagged(Tag::new("door")),
        );
    }
}

/// The legend: each part kind on the board as its tile and letter and its
/// name in words, then floor, armor, a door and a facing mark, each drawn
/// as on the board in the page's mode.
fn legend_entries(kinds: &[Kind], options: &DrawOptions) -> Vec<Entry> {
    let fill = |c: Color| if options.ink_friendly { Color::WHITE } else { c };
    let tile = |c: Color, edge: Color| Shape::Rect {
        origin: (0.0, 0.0),
        size: (1.0, 1.0),
        style: Style::filled_outlined(fill(c), edge, 0.06),
    };
    let mut entries: Vec<Entry> = kinds
        .iter()
        .map(|k| {
            Entry::new(
                vec![
                    tile(k.color, Color::BLACK),
                    print::text((0.5, 0.78), k.letter.clone(), 0.75, Anchor::Middle, Color::BLACK),
                ],
                words(&k.name, k.role),
            )
        })
        .collect();
    entries.push(Entry::new(vec![tile(FLOOR, grid_line(options.ink_friendly))], "floor (corridor)"));
    entries.push(Entry::new(
        vec![
            tile(ARMOR, grid_line(options.ink_friendly)),
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
