//! A witches board drawn on two landscape pages, front then back, for
//! folding into 8 × 4 panels (the 2023 edition's on one page, the front).
//!
//! The cell lines lie on the folds (see `sheet`); the legend and the caption
//! have a band of their own, off the cells. Lines between two players'
//! areas, and the sheet's outline, are cut lines: the heaviest lines on the
//! sheet, drawn last so that nothing prints over them. The other cell lines
//! are fold lines (thin, grey, dashed); a garden's border runs a little
//! inside the garden, thin and apart from the cell line.
//!
//! The columns are symmetric about the page's middle, and each player's back
//! rectangle is their front one mirrored left to right, so printed
//! double-sided and flipped on the short edge (for a landscape page: turned
//! over left to right), every player's back lies behind their front and one
//! cut frees both.
//!
//! Each player's section has their badge (their number, white on their
//! colour, or dark in a ring when ink-friendly) and "Player N" in dark ink,
//! at the top of a cell of their area, clear of every line (`layout` says
//! which). A cauldron is drawn as its cells: its outline around them, a thin
//! line between each two, and in each cell's top-left corner a small box
//! with the cell's place in the cauldron's order, the order its potion is
//! entered in. Below a label and an order box comes what the cell holds: a
//! starting ingredient (every one on the sheet at one size), a special
//! cell or the notes cell's writing lines.
//!
//! Every cell of the grid is an unpainted rectangle tagged `cell` with its
//! side and grid position; a garden's paint (each of its cells within the
//! garden's border) is grouped and tagged `garden` with the player and the
//! garden's index; a cauldron's rectangle is tagged `cauldron` with the
//! player, side and cells, and its lines and order boxes are grouped and
//! tagged `cauldron-cells`, each cell's box `cauldron-cell` with its side, grid
//! position and `order`; a starting ingredient's words are grouped and
//! tagged `ingredient` with its side and grid position; the marks are
//! tagged as `marks` names them.

use scene::{Anchor, Document, Page, Shape, Style, Tag};

use super::{Board, Cauldron, Face, HEIGHT, WIDTH};
use crate::DrawOptions;
use crate::print::{self, Entry, INK};

mod layout;
mod marks;
mod rules_card;
mod sheet;

pub(crate) use rules_card::pages as rules_card;

use layout::{Layout, starter_size};
use marks::{BADGE_RADIUS, CAULDRON_INSET, CUT_WIDTH, GARDEN_INSET, GARDEN_WIDTH, Marks, TUFT_STEP};
use sheet::{Bands, Sheet};

/// How to print the 2020 edition's sheet, on both its pages.
const HOW_TO_PRINT: &str = "Print double-sided at actual size (100 %, no fit to page), flipping on the short edge: \
each player's back then lies behind their front.";
/// How to print the 2023 edition's one-sided sheet.
const HOW_TO_PRINT_2023: &str = "Print at actual size (100 %, no fit to page).";
/// From a cell line to the words and marks inside the cell, millimetres:
/// clear of a cauldron's outline and a garden's border and tufts.
const INSET: f64 = 3.8;
/// The smallest font size on the sheet, millimetres.
const SMALLEST_TEXT: f64 = 2.0;
/// Font size of "Player N", at most, millimetres.
const LABEL_TEXT: f64 = 3.4;
/// Font size of an ingredient's or the notes cell's name, at most.
const NAME_TEXT: f64 = 3.6;
/// Font size of a special cell's name, at most.
const SPECIAL_TEXT: f64 = 3.2;
/// Radius of a special cell's asterisk, millimetres.
const SPECIAL_RADIUS: f64 = 2.6;
/// Radius of a special cell's asterisk in the shortest cells, millimetres.
const SMALLEST_SPECIAL: f64 = 1.0;
/// Between stacked things in a cell, millimetres.
const STACK_GAP: f64 = 1.0;
/// Line height of words over several lines, in font sizes.
const LEADING: f64 = 1.2;

/// Draws `board` as a document of a page per side it uses.
pub fn draw(board: &Board, options: DrawOptions) -> Document {
    let marks = Marks {
        ink_friendly: options.ink_friendly,
    };
    let entries = marks.entries(board);
    let blank = print::page(&options);
    let (paper, tile) = (options.paper, options.tile);
    let bands = Bands::new(blank.width, paper, tile);
    let faces = board.faces();
    let captions: Vec<Vec<String>> = faces.iter().map(|&face| caption(board, face, &options, bands.caption.1)).collect();
    let lines = captions.iter().map(Vec::len).max().unwrap_or(0);
    let front = Sheet::new((blank.width, blank.height), &entries, lines, bands, print::seams(paper, tile));
    let sheets: Vec<Sheet> = faces
        .iter()
        .map(|&face| {
            if face == Face::Back {
                front.mirrored(blank.width)
            } else {
                front.clone()
            }
        })
        .collect();
    let layouts: Vec<Layout> = faces
        .iter()
        .zip(&sheets)
        .map(|(&face, sheet)| Layout::new(board, face, sheet))
        .collect();
    let look = Look {
        board,
        options: &options,
        marks,
        entries: &entries,
        starter: starter_size(board, faces, &layouts, &sheets),
    };
    Document {
        title: format!("Witches board, seed {}", board.header.seed),
        pages: faces
            .iter()
            .zip(&sheets)
            .zip(&layouts)
            .zip(&captions)
            .map(|(((&face, sheet), layout), caption)| page(&look, face, sheet, layout, caption))
            .collect(),
    }
}

/// The side's name, as its caption and cells say it.
fn side_name(face: Face) -> &'static str {
    if face == Face::Front { "front" } else { "back" }
}

/// The caption of `face`'s page and how to print, in lines `width` wide.
fn caption(board: &Board, face: Face, options: &DrawOptions, width: f64) -> Vec<String> {
    let second_edition = board.header.params.is_2023();
    let title = if second_edition {
        "Wondering Witches board, 2023 edition".to_string()
    } else {
        format!("Wondering Witches board, {}", side_name(face))
    };
    let mut lines = print::Caption::new(
        &title,
        &board.header.seed,
        format!("{} players", board.header.params.players),
        options,
        &board.header.params,
        &["players"],
    )
    .flowing(width);
    lines.push(if second_edition { HOW_TO_PRINT_2023 } else { HOW_TO_PRINT }.to_string());
    lines
}

/// What every page of a board shares: the board, how it is printed, the
/// legend's entries and the size of the starting ingredients' names.
struct Look<'a> {
    board: &'a Board,
    options: &'a DrawOptions,
    marks: Marks,
    entries: &'a [Entry],
    starter: f64,
}

/// The page of `face`: its cells and their marks laid out by `sheet` and
/// `layout`, the cut lines over them, then the legend's entries and the
/// `caption` in their bands.
fn page(look: &Look, face: Face, sheet: &Sheet, layout: &Layout, caption: &[String]) -> Page {
    let Look { board, marks, .. } = *look;
    let mut page = print::page(look.options);
    let side = side_name(face);
    let shapes = &mut page.shapes;
    let cell_rect = |x: u32, y: u32, style: Style| {
        Shape::Rect {
            origin: sheet.at(x, y),
            size: sheet.size(x, y, 1, 1),
            style,
        }
        .tagged(Tag::new("cell").with("side", side).with("x", x).with("y", y))
    };
    let mut garden_of = [[None; WIDTH as usize]; HEIGHT as usize];
    for (g, garden) in board.gardens.iter().enumerate().filter(|(_, g)| g.side == face) {
        for &[x, y] in &garden.cells {
            garden_of[y as usize][x as usize] = Some(g);
        }
    }
    // Every cell, unpainted: they only say where they are.
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            shapes.push(cell_rect(x, y, Style::none()));
        }
    }
    // A garden's paint stops at its border, so that two gardens side by
    // side stay apart.
    for (g, garden) in board.gardens.iter().enumerate().filter(|(_, g)| g.side == face) {
        shapes.push(Shape::Group {
            tag: Tag::new("garden").with("player", garden.player).with("garden", g),
            shapes: garden
                .cells
                .iter()
                .map(|&[x, y]| Shape::Polygon {
                    points: inside_border(sheet, &garden_of, g, x, y),
                    style: marks.garden(),
                })
                .collect(),
        });
    }
    shapes.extend(garden_borders(sheet, &garden_of, marks));
    fold_lines(shapes, board, face, sheet, marks);
    for c in board.cauldrons.iter().filter(|c| c.side == face) {
        shapes.extend(cauldron(c, layout, sheet, marks));
    }
    for (&(cx, cy), p) in layout.labels.iter().zip(&board.players) {
        let ((x, y), _) = sheet.room(cx, cy);
        shapes.push(player_label(p.id, (x + INSET, y + INSET), layout.label_size, marks));
    }
    // A starting ingredient at the sheet's one size, centred in the
    // room of its cell where its name fits largest.
    for i in board.ingredients.iter().filter(|i| i.side == face) {
        let (room, _) = layout.starter_room(sheet, &i.name, i.x, i.y);
        let name = Words::at(&i.name, look.starter, room.width);
        let start = centred(room.from, room.to, name.height());
        let mut words = Vec::new();
        name.draw(&mut words, (room.cx, start));
        shapes.push(Shape::Group {
            tag: Tag::new("ingredient").with("side", side).with("x", i.x).with("y", i.y),
            shapes: words,
        });
    }
    for s in board.special_cells.iter().filter(|s| s.side == face) {
        let room = layout.room(sheet, s.x, s.y);
        let (from, to) = (room.from, room.to);
        let name = Words::fit(&s.name, (room.width, to - from - 2.0 * SMALLEST_SPECIAL - STACK_GAP), SPECIAL_TEXT);
        // The asterisk smaller in a cell too short for it and the name.
        let r = ((to - from - name.height() - STACK_GAP) / 2.0).clamp(SMALLEST_SPECIAL, SPECIAL_RADIUS);
        let start = centred(from, to, 2.0 * r + STACK_GAP + name.height());
        shapes.push(marks.special_on_board((room.cx, start + r), r));
        name.draw(shapes, (room.cx, start + 2.0 * r + STACK_GAP));
    }
    if let Some(n) = board.notes_cell.filter(|n| n.side == face) {
        let room = layout.room(sheet, n.x, n.y);
        let (cx, width) = (room.cx, room.width);
        let below = Words::fit("Notes", (width, (room.to - room.from) / 2.0), NAME_TEXT).draw(shapes, (cx, room.from)) + STACK_GAP;
        // Three writing lines, evenly down the rest of the cell.
        let step = (room.to - below) / 3.0;
        shapes.push(Shape::Group {
            tag: Tag::new("notes").with("side", side).with("x", n.x).with("y", n.y),
            shapes: (1..=3)
                .map(|k| {
                    let ly = below + step * f64::from(k);
                    Shape::Line {
                        from: (cx - width / 2.0, ly),
                        to: (cx + width / 2.0, ly),
                        style: marks.notes(),
                    }
                })
                .collect(),
        });
    }
    cut_lines(shapes, board, face, sheet, marks);
    shapes.push(print::legend(look.entries, &[], sheet.entries_at, sheet.bands.entries.1, false));
    shapes.push(print::legend(&[], caption, sheet.caption_at, sheet.bands.caption.1, false));
    page
}

/// Cauldron `c` drawn as its cells: its outline, filled, [`CAULDRON_INSET`]
/// inside the cell lines round it; a thin line on each cell line inside
/// it, from outline to outline; in each cell its order box from `layout`.
fn cauldron(c: &Cauldron, layout: &Layout, sheet: &Sheet, marks: Marks) -> Vec<Shape> {
    let side = side_name(c.side);
    let (x, y) = sheet.at(c.x, c.y);
    let (w, h) = sheet.size(c.x, c.y, c.w, c.h);
    let (x0, y0, x1, y1) = (
        x + CAULDRON_INSET,
        y + CAULDRON_INSET,
        x + w - CAULDRON_INSET,
        y + h - CAULDRON_INSET,
    );
    let outline = Shape::Rect {
        origin: (x0, y0),
        size: (x1 - x0, y1 - y0),
        style: marks.cauldron(),
    }
    .tagged(
        Tag::new("cauldron")
            .with("player", c.player)
            .with("side", side)
            .with("x", c.x)
            .with("y", c.y)
            .with("w", c.w)
            .with("h", c.h),
    );
    let mut cells = Vec::new();
    let line = |from, to| Shape::Line {
        from,
        to,
        style: marks.cauldron_cell(),
    };
    for i in c.x + 1..c.x + c.w {
        let lx = sheet.xs[i as usize];
        cells.push(line((lx, y0), (lx, y1)));
    }
    for j in c.y + 1..c.y + c.h {
        let ly = sheet.ys[j as usize];
        cells.push(line((x0, ly), (x1, ly)));
    }
    let inside = |r: &&layout::OrderBox| (c.x..c.x + c.w).contains(&r.x) && (c.y..c.y + c.h).contains(&r.y);
    for order in layout.orders.iter().filter(inside) {
        cells.push(Shape::Group {
            tag: Tag::new("cauldron-cell")
                .with("side", side)
                .with("x", order.x)
                .with("y", order.y)
                .with("order", order.order),
            shapes: marks.order(order.order, order.center, order.half),
        });
    }
    vec![
        outline,
        Shape::Group {
            tag: Tag::new("cauldron-cells").with("player", c.player).with("side", side),
            shapes: cells,
        },
    ]
}

/// The largest size, at most [`LABEL_TEXT`], at which "Player N" fits
/// beside player `id`'s badge in a room `width` wide.
fn label_fits(id: u32, width: f64) -> f64 {
    print::fit(&format!("Player {}", id + 1), width - 2.0 * BADGE_RADIUS - STACK_GAP, LABEL_TEXT).max(0.0)
}

/// Player `id`'s label, its top-left corner at `at`: their badge, then
/// "Player N" beside it in dark ink at `size` (the same for every player
/// on the page); left off under the smallest size.
fn player_label(id: u32, at: (f64, f64), size: f64, marks: Marks) -> Shape {
    let r = BADGE_RADIUS;
    let mut shapes = vec![marks.badge(id, (at.0 + r, at.1 + r), r)];
    if size >= SMALLEST_TEXT {
        shapes.push(print::text(
            (at.0 + 2.0 * r + STACK_GAP, at.1 + r + size * 0.36),
            format!("Player {}", id + 1),
            size,
            Anchor::Start,
            INK,
        ));
    }
    Shape::Group {
        tag: Tag::new("label").with("player", id),
        shapes,
    }
}

/// Words set to fit a room: in one line, or a word a line when that sets
/// them larger; never under the smallest font size.
struct Words {
    lines: Vec<String>,
    size: f64,
}

impl Words {
    /// `text` at the largest font size, at most `most`, at which its lines
    /// fit a room `width` × `height` millimetres.
    fn fit(text: &str, (width, height): (f64, f64), most: f64) -> Words {
        let size = |lines: &[String]| {
            let tall = height / (1.0 + LEADING * (lines.len() as f64 - 1.0) + 0.05);
            lines.iter().map(|l| print::fit(l, width, most)).fold(tall.min(most), f64::min)
        };
        let mut lines = vec![text.to_string()];
        let split: Vec<String> = text.split(' ').map(str::to_string).collect();
        if split.len() > 1 && size(&split) > size(&lines) {
            lines = split;
        }
        let size = size(&lines).max(SMALLEST_TEXT);
        Words { lines, size }
    }

    /// `text` at font size `size`: in one line when it fits `width` so,
    /// else a word a line.
    fn at(text: &str, size: f64, width: f64) -> Words {
        let lines = if print::fit(text, width, size) >= size {
            vec![text.to_string()]
        } else {
            text.split(' ').map(str::to_string).collect()
        };
        Words { lines, size }
    }

    /// From the top of the first line's capitals to below the last line.
    fn height(&self) -> f64 {
        self.size * (0.8 + LEADING * (self.lines.len() as f64 - 1.0) + 0.25)
    }

    /// Draws the lines centred on `top.0`, the first line's capitals from
    /// `top.1`; returns where the words end below.
    fn draw(self, shapes: &mut Vec<Shape>, top: (f64, f64)) -> f64 {
        let bottom = top.1 + self.height();
        for (k, line) in self.lines.into_iter().enumerate() {
            let baseline = top.1 + self.size * (0.8 + LEADING * k as f64);
            shapes.push(print::text((top.0, baseline), line, self.size, Anchor::Middle, INK));
        }
        bottom
    }
}

/// Where a block `height` tall starts, centred between `from` and `to`, or
/// at `from` when it is taller than the room.
fn centred(from: f64, to: f64, height: f64) -> f64 {
    from + ((to - from - height) / 2.0).max(0.0)
}

/// The part of cell `(x, y)` of garden `g` inside the garden's border: the
/// cell less [`GARDEN_INSET`] along each side that parts it from another
/// garden (or none), and less a square of that side at each inner corner
/// (where the cell's two neighbours round it are the garden's and the one
/// across the corner is not), clockwise from the top left.
fn inside_border(
    sheet: &Sheet,
    garden_of: &[[Option<usize>; WIDTH as usize]; HEIGHT as usize],
    g: usize,
    x: u32,
    y: u32,
) -> Vec<(f64, f64)> {
    let same = |dx: i64, dy: i64| {
        let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
        (0..i64::from(WIDTH)).contains(&nx) && (0..i64::from(HEIGHT)).contains(&ny) && garden_of[ny as usize][nx as usize] == Some(g)
    };
    let i = GARDEN_INSET;
    let (x0, y0) = sheet.at(x, y);
    let (w, h) = sheet.size(x, y, 1, 1);
    let (x1, y1) = (x0 + w, y0 + h);
    let inset = |dx: i64, dy: i64| if same(dx, dy) { 0.0 } else { i };
    let (left, right, top, bottom) = (x0 + inset(-1, 0), x1 - inset(1, 0), y0 + inset(0, -1), y1 - inset(0, 1));
    let mut points = Vec::with_capacity(12);
    // Each corner: where the sides meet, or the three points round its
    // notch, in the order the outline passes them.
    for (dx, dy) in [(-1, -1), (1, -1), (1, 1), (-1, 1)] {
        let (cx, cy) = (if dx < 0 { left } else { right }, if dy < 0 { top } else { bottom });
        if same(dx, 0) && same(0, dy) && !same(dx, dy) {
            let (nx, ny) = (cx - dx as f64 * i, cy - dy as f64 * i);
            // Clockwise: along a vertical side into the top left and
            // bottom right corners, along a horizontal one into the others.
            if dx == dy {
                points.extend([(cx, ny), (nx, ny), (nx, cy)]);
            } else {
                points.extend([(nx, cy), (nx, ny), (cx, ny)]);
            }
        } else {
            points.push((cx, cy));
        }
    }
    points
}

/// The borders of the gardens whose index each cell holds in `garden_of`:
/// along every cell side whose neighbour is in another garden (or none, or
/// off the grid), [`GARDEN_INSET`] inside the garden, meeting square at its
/// corners, with tufts pointing into the garden: a border no cauldron's
/// plain outline is mistaken for, in black and white too.
fn garden_borders(sheet: &Sheet, garden_of: &[[Option<usize>; WIDTH as usize]; HEIGHT as usize], marks: Marks) -> Vec<Shape> {
    let mut lines = Vec::new();
    let (i, half) = (GARDEN_INSET, GARDEN_WIDTH / 2.0);
    for y in 0..HEIGHT as i64 {
        for x in 0..WIDTH as i64 {
            let Some(g) = garden_of[y as usize][x as usize] else { continue };
            let same = |nx: i64, ny: i64| {
                (0..i64::from(WIDTH)).contains(&nx)
                    && (0..i64::from(HEIGHT)).contains(&ny)
                    && garden_of[ny as usize][nx as usize] == Some(g)
            };
            let (x0, y0) = sheet.at(x as u32, y as u32);
            let (w, h) = sheet.size(x as u32, y as u32, 1, 1);
            let (cx, cy) = (x0 + w / 2.0, y0 + h / 2.0);
            for (nx, ny) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                if same(x + nx, y + ny) {
                    continue;
                }
                // The side's middle, moved into the cell; along it, (tx, ty).
                let (n, t) = ((nx as f64, ny as f64), (ny.abs(), nx.abs()));
                let mid = (cx + n.0 * (w / 2.0 - i), cy + n.1 * (h / 2.0 - i));
                let half_len = if t.0 == 1 { w / 2.0 } else { h / 2.0 };
                // How far the line runs from the middle towards end `e`:
                // short of an outer corner, past an inner one, to the cell's
                // side where the border goes straight on.
                let reach = |e: i64| {
                    let (ex, ey) = (e * t.0, e * t.1);
                    if !same(x + ex, y + ey) {
                        half_len - i + half
                    } else if same(x + ex + nx, y + ey + ny) {
                        half_len + i + half
                    } else {
                        half_len
                    }
                };
                let (tx, ty) = (t.0 as f64, t.1 as f64);
                let (back, on) = (reach(-1), reach(1));
                let mut shapes = vec![Shape::Line {
                    from: (mid.0 - tx * back, mid.1 - ty * back),
                    to: (mid.0 + tx * on, mid.1 + ty * on),
                    style: marks.garden_border(),
                }];
                // Tufts every TUFT_STEP from the middle, inward, clear of
                // the border across at an outer corner.
                let room = half_len - i - half - TUFT_STEP / 4.0;
                let steps = (room / TUFT_STEP) as i32;
                for k in -steps..=steps {
                    let along = f64::from(k) * TUFT_STEP;
                    let base = (mid.0 + tx * along, mid.1 + ty * along);
                    shapes.push(marks.tuft(base, (-n.0, -n.1)));
                }
                lines.push(Shape::Group {
                    tag: Tag::new("garden-border"),
                    shapes,
                });
            }
        }
    }
    lines
}

/// The inner cell lines, one cell long each, `(from, to)`, vertical ones
/// first: those that part two players' areas when `cut`, else the others.
fn inner_lines(board: &Board, face: Face, sheet: &Sheet, cut: bool) -> Vec<((f64, f64), (f64, f64))> {
    let owner = |x: u32, y: u32| board.owner(face, x, y);
    let (xs, ys) = (&sheet.xs, &sheet.ys);
    let mut lines = Vec::new();
    for x in 1..WIDTH {
        for y in 0..HEIGHT {
            if (owner(x - 1, y) != owner(x, y)) == cut {
                lines.push(((xs[x as usize], ys[y as usize]), (xs[x as usize], ys[y as usize + 1])));
            }
        }
    }
    for y in 1..HEIGHT {
        for x in 0..WIDTH {
            if (owner(x, y - 1) != owner(x, y)) == cut {
                lines.push(((xs[x as usize], ys[y as usize]), (xs[x as usize + 1], ys[y as usize])));
            }
        }
    }
    lines
}

/// The fold lines: every inner cell line within one player's area.
fn fold_lines(shapes: &mut Vec<Shape>, board: &Board, face: Face, sheet: &Sheet, marks: Marks) {
    for (from, to) in inner_lines(board, face, sheet, false) {
        shapes.push(
            Shape::Line {
                from,
                to,
                style: marks.fold(),
            }
            .tagged(Tag::new("fold")),
        );
    }
}

/// The cut lines: the sheet's outline, drawn just inside the outer cell
/// lines, and every inner cell line between two players' areas.
fn cut_lines(shapes: &mut Vec<Shape>, board: &Board, face: Face, sheet: &Sheet, marks: Marks) {
    let (w, h) = (WIDTH as usize, HEIGHT as usize);
    let (x0, x1) = (sheet.xs[0] + CUT_WIDTH / 2.0, sheet.xs[w] - CUT_WIDTH / 2.0);
    let (y0, y1) = (sheet.ys[0] + CUT_WIDTH / 2.0, sheet.ys[h] - CUT_WIDTH / 2.0);
    let (left, right, top, bottom) = (sheet.xs[0], sheet.xs[w], sheet.ys[0], sheet.ys[h]);
    let outline = [
        ((left, y0), (right, y0)),
        ((x1, top), (x1, bottom)),
        ((left, y1), (right, y1)),
        ((x0, top), (x0, bottom)),
    ];
    for (from, to) in outline.into_iter().chain(inner_lines(board, face, sheet, true)) {
        shapes.push(
            Shape::Line {
                from,
                to,
                style: marks.cut(),
            }
            .tagged(Tag::new("cut")),
        );
    }
}
