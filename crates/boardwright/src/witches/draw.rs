//! A witches board drawn on two landscape pages (A4 or Letter), front then
//! back, for folding into 8 × 4 panels.
//!
//! The cell lines lie on the folds: the sheet's eighths across and quarters
//! down; the outer cells end at the printable margin (8 mm in), so they are
//! a little narrower than the inner ones. Lines between two players' areas
//! are cut lines (solid, bold); the other cell lines are fold lines (dashed).
//!
//! The columns are symmetric about the page's middle, and each player's back
//! rectangle is their front one mirrored left to right, so printed
//! double-sided and flipped on the short edge (for a landscape page: turned
//! over left to right), every player's back lies behind their front and one
//! cut frees both. The legend and the printing instructions run in small
//! type along the bottom of the bottom row.
//!
//! Every cell of the grid is a rectangle tagged `cell` with its side and grid
//! position (unpainted outside gardens); a garden's cells are grouped and
//! tagged `garden`, a cauldron's rectangle `cauldron`, both with the player.

use scene::{Anchor, Color, Document, Page, Shape, Style, Tag};

use super::{Board, Face, HEIGHT, WIDTH};
use crate::DrawOptions;
use crate::print::{self, Entry, INK, MARGIN};

const PLAYER_COLORS: [&str; 5] = ["#D7263D", "#1B998B", "#F46036", "#2E294E", "#6A8D1F"];
const GARDEN: Color = Color::rgb(0xdf, 0xf2, 0xd8);
const GARDEN_EDGE: Color = Color::rgb(0x3d, 0x7a, 0x3a);

/// A garden's border and marks: green, or near black when ink-friendly (a
/// garden is then told by its bold border alone).
fn garden_edge(ink_friendly: bool) -> Color {
    if ink_friendly { INK } else { GARDEN_EDGE }
}
const CAULDRON: Color = Color::rgb(0xe8, 0xdc, 0xcb);
/// Width of a garden's border, millimetres.
const GARDEN_BORDER: f64 = 1.6;
const FOLD: Color = Color::rgb(0x77, 0x77, 0x77);

/// How to print, on every page.
const HOW_TO_PRINT: &str = "Print double-sided at actual size (100 %, no fit to page), flipping on the short edge: \
each player's back then lies behind their front. Fold along dashed lines, cut along solid bold lines.";

/// Where the cell lines lie on a page `width` × `height`: across, the
/// margin, the seven inner eighths and the far margin; down, the margin, the
/// three inner quarters and the far margin.
fn cell_lines(width: f64, height: f64) -> ([f64; WIDTH as usize + 1], [f64; HEIGHT as usize + 1]) {
    let mut xs = [0.0; WIDTH as usize + 1];
    let mut ys = [0.0; HEIGHT as usize + 1];
    for (i, x) in xs.iter_mut().enumerate() {
        *x = (width * i as f64 / f64::from(WIDTH)).clamp(MARGIN, width - MARGIN);
    }
    for (i, y) in ys.iter_mut().enumerate() {
        *y = (height * i as f64 / f64::from(HEIGHT)).clamp(MARGIN, height - MARGIN);
    }
    (xs, ys)
}

/// Draws `board` as a two-page document.
pub fn draw(board: &Board, options: DrawOptions) -> Document {
    Document {
        title: format!("Witches board, seed {}", board.header.seed),
        pages: Face::BOTH.iter().map(|&face| page(board, face, &options)).collect(),
    }
}

fn page(board: &Board, face: Face, options: &DrawOptions) -> Page {
    let mut page = print::page(&options);
    let (xs, ys) = cell_lines(page.width, page.height);
    let at = |x: u32, y: u32| (xs[x as usize], ys[y as usize]);
    let size = |x: u32, y: u32, w: u32, h: u32| (xs[(x + w) as usize] - xs[x as usize], ys[(y + h) as usize] - ys[y as usize]);
    let fill = |c: Color| if options.ink_friendly { Color::WHITE } else { c };
    let text = |pos: (f64, f64), content: String, size: f64, color: Color, anchor: Anchor| Shape::Text {
        at: pos,
        content,
        size,
        anchor,
        color,
    };
    let side = if face == Face::Front { "front" } else { "back" };
    let entries = legend_entries(board, options);
    let legend_width = page.width - 2.0 * MARGIN - 4.0;
    let mut lines = print::Caption::new(
        &format!("Wondering Witches board, {side}"),
        &board.header.seed,
        format!("{} players", board.header.params.players),
        &options,
        &board.header.params,
        &["players"],
    )
    .flowing(legend_width);
    lines.push(HOW_TO_PRINT.to_string());
    let legend_height = print::legend_height(&entries, lines.len(), legend_width);
    let legend_at = (MARGIN + 2.0, page.height - MARGIN - legend_height - 1.0);
    let shapes = &mut page.shapes;

    let cell_rect = |x: u32, y: u32, style: Style| {
        Shape::Rect {
            origin: at(x, y),
            size: size(x, y, 1, 1),
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
                let unpainted = Style::none();
                shapes.push(cell_rect(x, y, unpainted));
            }
        }
    }
    for garden in board.gardens.iter().filter(|g| g.side == face) {
        let style = Style::fill(fill(GARDEN));
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
            let (x1, y1) = at(x + 1, y + 1);
            let (ix, iy) = (i64::from(x), i64::from(y));
            // Each border runs just inside the garden, so the cell line (a
            // fold or a cut) stays visible beside it.
            let i = GARDEN_BORDER / 2.0;
            for (open, from, to) in [
                (other(ix, iy - 1), (x0, y0 + i), (x1, y0 + i)),
                (other(ix + 1, iy), (x1 - i, y0), (x1 - i, y1)),
                (other(ix, iy + 1), (x0, y1 - i), (x1, y1 - i)),
                (other(ix - 1, iy), (x0 + i, y0), (x0 + i, y1)),
            ] {
                if open {
                    shapes.push(Shape::Line {
                        from,
                        to,
                        style: Style::stroke(garden_edge(options.ink_friendly), GARDEN_BORDER),
                    });
                }
            }
        }
    }
    for c in board.cauldrons.iter().filter(|c| c.side == face) {
        let (x, y) = at(c.x, c.y);
        let (w, h) = size(c.x, c.y, c.w, c.h);
        // In the bottom row the box stops above the legend.
        let bottom = if c.y + c.h == HEIGHT {
            (y + h - legend_at.1 + 1.0).max(2.5)
        } else {
            2.5
        };
        shapes.push(
            Shape::Rect {
                origin: (x + 2.5, y + 2.5),
                size: (w - 5.0, h - 2.5 - bottom),
                style: Style::filled_outlined(fill(CAULDRON), INK, 0.9),
            }
            .tagged(Tag::new("cauldron").with("player", c.player)),
        );
        shapes.push(text(
            (x + w / 2.0, y + 11.0),
            format!("Cauldron ({})", c.w * c.h),
            3.4,
            INK,
            Anchor::Middle,
        ));
    }
    fold_and_cut_lines(shapes, board, face, &xs, &ys);
    for p in &board.players {
        let [px, py, _, _] = p.rect(face);
        let (x, y) = at(px, py);
        let color = player_color(p.id, options.ink_friendly);
        shapes.push(text((x + 2.5, y + 6.0), format!("Player {}", p.id + 1), 3.4, color, Anchor::Start));
    }
    let centre = |x: u32, y: u32, dy: f64| {
        let (cx, cy) = at(x, y);
        let (w, h) = size(x, y, 1, 1);
        (cx + w / 2.0, cy + h / 2.0 + dy)
    };
    for i in board.ingredients.iter().filter(|i| i.side == face) {
        let font = print::fit(&i.name, size(i.x, i.y, 1, 1).0 - 4.0, 3.6);
        shapes.push(text(centre(i.x, i.y, 1.5), i.name.clone(), font, INK, Anchor::Middle));
    }
    for s in board.special_cells.iter().filter(|s| s.side == face) {
        shapes.push(special_mark(centre(s.x, s.y, -8.0), 2.6, options.ink_friendly));
        let font = print::fit(&s.name, size(s.x, s.y, 1, 1).0 - 4.0, 3.2);
        shapes.push(text(centre(s.x, s.y, -1.0), s.name.clone(), font, INK, Anchor::Middle));
        shapes.push(text(
            centre(s.x, s.y, 4.0),
            "special".to_string(),
            2.6,
            garden_edge(options.ink_friendly),
            Anchor::Middle,
        ));
    }
    if board.notes_cell.side == face {
        let (x, y) = at(board.notes_cell.x, board.notes_cell.y);
        let (w, h) = size(board.notes_cell.x, board.notes_cell.y, 1, 1);
        // Three writing lines, the last above the legend in the bottom row.
        let (first, last) = (y + h * 0.42, (y + h * 0.76).min(legend_at.1 - 2.0));
        shapes.push(Shape::Group {
            tag: Tag::new("notes"),
            shapes: (0..3)
                .map(|k| {
                    let ly = first + (last - first) * f64::from(k) / 2.0;
                    Shape::Line {
                        from: (x + 4.0, ly),
                        to: (x + w - 4.0, ly),
                        style: Style::stroke(FOLD, 0.2),
                    }
                })
                .collect(),
        });
        shapes.push(text(
            centre(board.notes_cell.x, board.notes_cell.y, -h / 4.0),
            "Notes".to_string(),
            3.6,
            INK,
            Anchor::Middle,
        ));
    }
    page.shapes.push(print::legend(&entries, &lines, legend_at, legend_width, true));
    page
}

fn player_color(id: u32, ink_friendly: bool) -> Color {
    if ink_friendly {
        return INK;
    }
    Color::from_hex(PLAYER_COLORS[id as usize % PLAYER_COLORS.len()]).unwrap_or(INK)
}

/// A special cell's mark: a six-pointed asterisk of radius `r`.
fn special_mark(c: (f64, f64), r: f64, ink_friendly: bool) -> Shape {
    let h = r * 0.866;
    Shape::Group {
        tag: Tag::new("special"),
        shapes: [
            ((0.0, -r), (0.0, r)),
            ((-h, -r / 2.0), (h, r / 2.0)),
            ((-h, r / 2.0), (h, -r / 2.0)),
        ]
        .iter()
        .map(|&(a, b)| Shape::Line {
            from: (c.0 + a.0, c.1 + a.1),
            to: (c.0 + b.0, c.1 + b.1),
            style: Style::stroke(garden_edge(ink_friendly), 0.6),
        })
        .collect(),
    }
}

/// The grid's outline, then every inner cell line: a cut line where it parts
/// two players' areas, else a fold line.
fn fold_and_cut_lines(shapes: &mut Vec<Shape>, board: &Board, face: Face, xs: &[f64], ys: &[f64]) {
    let owner = |x: u32, y: u32| board.owner(face, x, y);
    let (w, h) = (WIDTH as usize, HEIGHT as usize);
    // The outline inside the printable area, stroke included.
    shapes.push(Shape::Rect {
        origin: (xs[0] + 0.25, ys[0] + 0.25),
        size: (xs[w] - xs[0] - 0.5, ys[h] - ys[0] - 0.5),
        style: Style::stroke(INK, 0.5),
    });
    let fold = Style::stroke(FOLD, 0.3).dashed(2.0);
    let cut = Style::stroke(INK, 0.9);
    // Vertical lines, one cell long each, then horizontal ones.
    for x in 1..WIDTH {
        for y in 0..HEIGHT {
            let style = if owner(x - 1, y) != owner(x, y) { cut } else { fold };
            let line = Shape::Line {
                from: (xs[x as usize], ys[y as usize]),
                to: (xs[x as usize], ys[y as usize + 1]),
                style,
            };
            shapes.push(if style == cut {
                line.tagged(Tag::new("cut"))
            } else {
                line.tagged(Tag::new("fold"))
            });
        }
    }
    for y in 1..HEIGHT {
        for x in 0..WIDTH {
            let style = if owner(x, y - 1) != owner(x, y) { cut } else { fold };
            let line = Shape::Line {
                from: (xs[x as usize], ys[y as usize]),
                to: (xs[x as usize + 1], ys[y as usize]),
                style,
            };
            shapes.push(if style == cut {
                line.tagged(Tag::new("cut"))
            } else {
                line.tagged(Tag::new("fold"))
            });
        }
    }
}

fn legend_entries(board: &Board, options: &DrawOptions) -> Vec<Entry> {
    let fill = |c: Color| if options.ink_friendly { Color::WHITE } else { c };
    let mut entries = vec![
        Entry::new(
            vec![Shape::Rect {
                origin: (0.0, 0.0),
                size: (1.0, 1.0),
                style: Style::filled_outlined(fill(GARDEN), garden_edge(options.ink_friendly), 0.2),
            }],
            "garden (bold green border)",
        ),
        Entry::new(
            vec![Shape::Rect {
                origin: (0.05, 0.05),
                size: (0.9, 0.9),
                style: Style::filled_outlined(fill(CAULDRON), INK, 0.14),
            }],
            "cauldron (cells to fill)",
        ),
    ];
    if !board.special_cells.is_empty() {
        entries.push(Entry::new(
            vec![special_mark((0.5, 0.5), 0.45, options.ink_friendly)],
            "special cell",
        ));
    }
    entries.push(Entry::line(Style::stroke(FOLD, 0.08).dashed(0.2), "fold line"));
    entries.push(Entry::line(Style::stroke(INK, 0.2), "cut line"));
    for p in &board.players {
        let words = format!("Player {}", p.id + 1);
        entries.push(Entry::new(
            vec![print::text(
                (0.5, 0.85),
                "P",
                1.0,
                Anchor::Middle,
                player_color(p.id, options.ink_friendly),
            )],
            words,
        ));
    }
    entries
}
