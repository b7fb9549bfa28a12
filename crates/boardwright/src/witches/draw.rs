//! A witches board drawn on two A4 landscape pages, front then back.
//!
//! Both pages put the grid at the same place. Each player's back rectangle is
//! their front one mirrored left to right, so printed double-sided with the
//! sheet turned over left to right (flip on the short edge for a landscape
//! page), every player's back lies behind their front and one cut frees both.
//!
//! Every cell of the grid is a rectangle tagged `cell` with its side and grid
//! position (unpainted outside gardens); a garden's cells are grouped and
//! tagged `garden`, a cauldron's rectangle `cauldron`, both with the player.

use scene::{Anchor, Color, Document, Page, Shape, Style, Tag};

use super::{Board, Face, HEIGHT, WIDTH};
use crate::DrawOptions;

const PLAYER_COLORS: [&str; 5] = ["#D7263D", "#1B998B", "#F46036", "#2E294E", "#6A8D1F"];
const GARDEN: Color = Color::rgb(0xdf, 0xf2, 0xd8);
const GARDEN_EDGE: Color = Color::rgb(0x3d, 0x7a, 0x3a);
const CAULDRON: Color = Color::rgb(0xe8, 0xdc, 0xcb);
const INK: Color = Color::rgb(0x22, 0x22, 0x22);
const GRID: Color = Color::rgb(0xbb, 0xbb, 0xbb);

/// Draws `board` as a two-page document.
pub fn draw(board: &Board, options: DrawOptions) -> Document {
    Document {
        title: format!("Witches board, seed {}", board.header.seed),
        pages: Face::BOTH.iter().map(|&face| page(board, face, options)).collect(),
    }
}

fn page(board: &Board, face: Face, options: DrawOptions) -> Page {
    let mut page = Page::a4_landscape();
    let cell = ((page.width - 40.0) / f64::from(WIDTH)).min((page.height - 60.0) / f64::from(HEIGHT));
    let origin = (
        (page.width - cell * f64::from(WIDTH)) / 2.0,
        (page.height - cell * f64::from(HEIGHT)) / 2.0 + 6.0,
    );
    let at = |x: u32, y: u32| (origin.0 + f64::from(x) * cell, origin.1 + f64::from(y) * cell);
    let fill = |c: Color| if options.ink_friendly { Color::WHITE } else { c };
    let text = |pos: (f64, f64), content: String, size: f64, color: Color, anchor: Anchor| Shape::Text {
        at: pos,
        content,
        size,
        anchor,
        color,
    };
    let shapes = &mut page.shapes;
    let side = if face == Face::Front { "front" } else { "back" };
    shapes.push(text(
        (origin.0, origin.1 - 14.0),
        format!("Wondering Witches, {side} (seed {})", board.header.seed),
        5.0,
        INK,
        Anchor::Start,
    ));

    let cell_rect = |x: u32, y: u32, style: Style| {
        Shape::Rect {
            origin: at(x, y),
            size: (cell, cell),
            style,
        }
        .tagged(Tag::new("cell").with("side", side).with("x", x).with("y", y))
    };
    let mut garden_of = [[usize::MAX; WIDTH as usize]; HEIGHT as usize];
    for (g, garden) in board.gardens.iter().enumerate().filter(|(_, g)| g.side == face) {
        for &[x, y] in &garden.cells {
            garden_of[y as usize][x as usize] = g;
        }
    }
    // The cells outside gardens, unpainted: they only say where they are.
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            if garden_of[y as usize][x as usize] == usize::MAX {
                let unpainted = Style {
                    fill: None,
                    stroke: None,
                    stroke_width: 0.0,
                };
                shapes.push(cell_rect(x, y, unpainted));
            }
        }
    }
    for garden in board.gardens.iter().filter(|g| g.side == face) {
        let style = Style::filled_outlined(fill(GARDEN), GRID, 0.2);
        shapes.push(Shape::Group {
            tag: Tag::new("garden").with("player", garden.player),
            shapes: garden.cells.iter().map(|&[x, y]| cell_rect(x, y, style)).collect(),
        });
    }
    // Garden outlines: every cell side whose neighbour is in another garden (or off the grid).
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let g = garden_of[y as usize][x as usize];
            if g == usize::MAX {
                continue;
            }
            let other = |nx: i64, ny: i64| {
                nx < 0 || ny < 0 || nx >= i64::from(WIDTH) || ny >= i64::from(HEIGHT) || garden_of[ny as usize][nx as usize] != g
            };
            let (x0, y0) = at(x, y);
            let (x1, y1) = (x0 + cell, y0 + cell);
            let (ix, iy) = (i64::from(x), i64::from(y));
            for (open, from, to) in [
                (other(ix, iy - 1), (x0, y0), (x1, y0)),
                (other(ix + 1, iy), (x1, y0), (x1, y1)),
                (other(ix, iy + 1), (x0, y1), (x1, y1)),
                (other(ix - 1, iy), (x0, y0), (x0, y1)),
            ] {
                if open {
                    shapes.push(Shape::Line {
                        from,
                        to,
                        style: Style::stroke(GARDEN_EDGE, 0.8),
                    });
                }
            }
        }
    }
    for c in board.cauldrons.iter().filter(|c| c.side == face) {
        let (x, y) = at(c.x, c.y);
        let (w, h) = (f64::from(c.w) * cell, f64::from(c.h) * cell);
        shapes.push(
            Shape::Rect {
                origin: (x + 1.5, y + 1.5),
                size: (w - 3.0, h - 3.0),
                style: Style::filled_outlined(fill(CAULDRON), INK, 0.9),
            }
            .tagged(Tag::new("cauldron").with("player", c.player)),
        );
        shapes.push(text(
            (x + w / 2.0, y + 8.0),
            format!("Cauldron ({})", c.w * c.h),
            3.6,
            INK,
            Anchor::Middle,
        ));
    }
    for p in &board.players {
        let [px, py, pw, ph] = p.rect(face);
        let (x, y) = at(px, py);
        let color = Color::from_hex(PLAYER_COLORS[p.id as usize % PLAYER_COLORS.len()]).unwrap_or(INK);
        shapes.push(Shape::Rect {
            origin: (x + 0.8, y + 0.8),
            size: (f64::from(pw) * cell - 1.6, f64::from(ph) * cell - 1.6),
            style: Style::stroke(color, 1.4),
        });
        shapes.push(text(
            (x + 3.0, y + f64::from(ph) * cell - 3.0),
            format!("Player {}", p.id + 1),
            3.8,
            color,
            Anchor::Start,
        ));
    }
    let centre = |x: u32, y: u32, dy: f64| {
        let (cx, cy) = at(x, y);
        (cx + cell / 2.0, cy + cell / 2.0 + dy)
    };
    for i in board.ingredients.iter().filter(|i| i.side == face) {
        shapes.push(text(centre(i.x, i.y, 1.5), i.name.clone(), 3.6, INK, Anchor::Middle));
    }
    for s in board.special_cells.iter().filter(|s| s.side == face) {
        shapes.push(text(centre(s.x, s.y, -1.0), format!("* {}", s.name), 3.2, INK, Anchor::Middle));
        shapes.push(text(centre(s.x, s.y, 4.0), "special".to_string(), 2.6, GARDEN_EDGE, Anchor::Middle));
    }
    if board.notes_cell.side == face {
        shapes.push(text(
            centre(board.notes_cell.x, board.notes_cell.y, 1.5),
            "Notes".to_string(),
            3.6,
            INK,
            Anchor::Middle,
        ));
    }
    page
}
