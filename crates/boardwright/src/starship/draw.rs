//! A starship drawn on one landscape page, nose to the right so that it
//! fills the page: every part kind in its own colour and with its letter,
//! armor hatched, floor, doors as bars across the edges they open,
//! machines' facing as a triangle on the edge they face. The legend takes
//! a column at the right or a band at the foot, whichever leaves the ship
//! the larger tiles; it never lies on the ship. Over several sheets the
//! ship is as large as they hold it, and its letters keep off the seams
//! ([`laid_out`]).
//!
//! Every tile is tagged `tile`, a part's outline `part` with its id and
//! role, a door's bar `door`.
//!
//! - `frame`: where the ship lies on the page (turned nose-right);
//! - `key`: each part kind's letter, colour and name in words.

use scene::{Anchor, Color, Document, Page, Shape, Style, Tag};

use super::{Board, Part};
use crate::DrawOptions;
use crate::print::{self, Entry, INK, MARGIN, Tile};

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
/// Largest font size of a part's letter on a tiled board, millimetres,
/// unless one sheet's are larger: a letter small enough to find room in
/// its part away from a seam, or else to lie within the strip.
const LETTER_TILED: f64 = 6.0;

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
    let (mut page, frame, letters) = laid_out(ship, &kinds, &entries, &options);
    draw_ship(&mut page.shapes, shown, &kinds, &frame, letters, &options);
    Document {
        title: format!("Starship, seed {}", ship.header.seed),
        pages: vec![page],
    }
}

/// The page with its legend, and the ship's frame: the legend in a column
/// at the right or in a band at the foot, whichever gives the ship the
/// larger tiles. On a tiled board the column runs down the last column of
/// sheets, its rows stepping past the seams, and the band keeps to the
/// first sheet of the last row, clear of its seams; the ship, as large as
/// the rest of the sheets hold it and centred, is moved, and made smaller
/// where it must be (while it spans [`LEAST_SPAN`](print::LEAST_SPAN) of the sheets and its
/// tiles are as large as one sheet's), so that its parts' letters, each
/// free to move inside its part and at most [`LETTER_TILED`] (or one
/// sheet's size), lie clear of the seams; where no place clears them all,
/// so that none is cut by a strip's edge and as many as can be are clear
/// ([`print::Seams`]). Returns the page, the frame and the letters' largest
/// size.
fn laid_out(ship: &Board, kinds: &[Kind], entries: &[Entry], options: &DrawOptions) -> (Page, Frame, f64) {
    let (paper, tile) = (options.paper, options.tile);
    let legend_placed =
        |options: &DrawOptions| print::legend_placed(entries, &caption(ship, options), options, |area| Frame::largest(ship, area));
    let (page, area) = legend_placed(options);
    let most = Frame::largest(ship, area);
    let spanning = Frame::spanning(ship, (page.width - 2.0 * MARGIN, page.height - 2.0 * MARGIN), print::LEAST_SPAN);
    let print::Scales { one, least, lowest } =
        print::Scales::new(options, most, spanning, |one| Frame::largest(ship, legend_placed(one).1));
    // Letters as large as one sheet's, or LETTER_TILED where that is larger.
    let letters = if tile == Tile::ONE {
        f64::INFINITY
    } else {
        (one * LETTER_SHARE).max(LETTER_TILED)
    };
    let placed = print::Seams::new(paper, tile).place(most, least, lowest, |cell| {
        let frame = Frame::at(ship, area, cell, (0.0, 0.0));
        let mut spans = [Vec::new(), Vec::new()];
        for p in &ship.parts {
            let letter = Letter::new(&frame, p, kinds, letters);
            for (axis, spans) in spans.iter_mut().enumerate() {
                spans.push(letter.span(axis));
            }
        }
        let slack = Frame::slack(ship, area, cell);
        print::Marks {
            spans,
            room: [(-slack.0, slack.0), (-slack.1, slack.1)],
        }
    });
    (page, Frame::at(ship, area, placed.scale, placed.shift), letters)
}

/// The caption under the legend.
fn caption(ship: &Board, options: &DrawOptions) -> print::Caption {
    print::Caption::new(
        "Starship",
        &ship.header.seed,
        format!("{} x {} tiles", ship.width, ship.height),
        options,
        &ship.header.params,
        &[],
    )
}

/// A part's letter on the page: what it says, its font size, its box
/// where it is centred on its part, and the room that box may move in,
/// `[x0, y0, x1, y1]`: its part inside the outline.
struct Letter {
    label: String,
    size: f64,
    centred: [f64; 4],
    room: [f64; 4],
}

impl Letter {
    /// The letter of part `p` on `frame`, at most `most` millimetres.
    fn new(frame: &Frame, p: &Part, kinds: &[Kind], most: f64) -> Letter {
        let cell = frame.cell;
        let ((x, y), (w, h)) = frame.rect(p.rect.x, p.rect.y, p.rect.w, p.rect.h);
        let label = kinds
            .iter()
            .find(|k| k.name == p.kind)
            .map(|k| k.letter.clone())
            .unwrap_or_default();
        let size = (cell * LETTER_SHARE).min(most).max(LETTER_MIN);
        // The words' box as measured on the page: from a little above a
        // capital to below the baseline, with air for the font's widths.
        let air = size * 0.1;
        let half = print::text_width(&label, size) / 2.0 + air;
        let (cx, baseline) = (x + w / 2.0, y + h / 2.0 + size * 0.36);
        let inset = cell * 0.04;
        Letter {
            label,
            size,
            centred: [cx - half, baseline - size * 0.8 - air, cx + half, baseline + size * 0.25 + air],
            room: [x + inset, y + inset, x + w - inset, y + h - inset],
        }
    }

    /// The letter along `axis` as a mark for [`print::Seams`]: its box
    /// where it can move in its part (a span from the room's far end less
    /// the box to its near end plus the box), or else where it is centred.
    fn span(&self, axis: usize) -> print::Span {
        let (lo, hi) = (self.centred[axis], self.centred[axis + 2]);
        let (room_lo, room_hi) = (self.room[axis], self.room[axis + 2]);
        let (lo, hi) = if room_hi - room_lo >= hi - lo {
            (room_hi - (hi - lo), room_lo + (hi - lo))
        } else {
            (lo, hi)
        };
        print::Span { lo, hi, main: false }
    }

    /// How far the letter moves from the centre of its part along `axis`
    /// to keep clear of the seams, within its part: none where the part
    /// leaves it no room.
    fn shift(&self, seams: &print::Seams, axis: usize) -> f64 {
        let (lo, hi) = (self.centred[axis], self.centred[axis + 2]);
        let (room_lo, room_hi) = (self.room[axis], self.room[axis + 2]);
        if seams.is_empty() || room_hi - room_lo < hi - lo {
            return 0.0;
        }
        let room = ((room_lo - lo).min(0.0), (room_hi - hi).max(0.0));
        seams.shift(axis, &[print::Span { lo, hi, main: false }], room, 0.0).0
    }
}

/// The ship's tiles, parts, facing marks, letters and doors.
fn draw_ship(shapes: &mut Vec<Shape>, ship: &Board, kinds: &[Kind], frame: &Frame, letters: f64, options: &DrawOptions) {
    let seams = &print::Seams::new(options.paper, options.tile);
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
        let letter = Letter::new(frame, p, kinds, letters);
        let (dx, dy) = (letter.shift(seams, 0), letter.shift(seams, 1));
        shapes.push(print::text(
            (x + w / 2.0 + dx, y + h / 2.0 + letter.size * 0.36 + dy),
            letter.label,
            letter.size,
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
