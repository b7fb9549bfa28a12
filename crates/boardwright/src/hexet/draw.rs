//! A hexet map drawn on one A4 landscape page: hexes coloured by terrain,
//! rivers on their sides, roads in each player's colour (bridges darker),
//! cities by type colour and shape, and the tower.
//!
//! A hex is tagged `cell` with its axial `q`, `r`; a road `road` with its
//! player and cells (`from`, `to` as `q,r`); a city `city` with its id.

use scene::{Anchor, Color, Document, Page, Shape, Style, Tag};

use super::hex::{Cell, Grid};
use super::map::Terrain;
use super::{Board, RoadType};
use crate::DrawOptions;

/// Maps with more cells than this are not drawn (they would not be legible).
pub const MAX_DRAWN_CELLS: u64 = 40_000;

const MARGIN: f64 = 8.0;
const SQRT3: f64 = 1.732_050_807_568_877_2;
/// Corner directions of a flat-topped hex, from 0° clockwise (y down).
const CORNERS: [(f64, f64); 6] = [
    (1.0, 0.0),
    (0.5, SQRT3 / 2.0),
    (-0.5, SQRT3 / 2.0),
    (-1.0, 0.0),
    (-0.5, -SQRT3 / 2.0),
    (0.5, -SQRT3 / 2.0),
];
const PLAYER_COLORS: [&str; 8] = [
    "#D7263D", "#1B4F9C", "#F49D37", "#6A2E8C", "#2A9D8F", "#8C564B", "#E377C2", "#111111",
];
const CITY_COLORS: [&str; 8] = [
    "#E63946", "#2A6FDB", "#F4B400", "#7B2CBF", "#2A9D8F", "#F77F00", "#8D99AE", "#3A5A40",
];

fn terrain_color(t: Terrain) -> Color {
    match t {
        Terrain::Grassland => Color::rgb(0xcf, 0xe8, 0xa9),
        Terrain::Forest => Color::rgb(0x8f, 0xc0, 0x7a),
        Terrain::Hills => Color::rgb(0xd9, 0xc2, 0x94),
        Terrain::Lake => Color::rgb(0x9c, 0xc9, 0xea),
    }
}

fn hex_color(text: &str) -> Color {
    Color::from_hex(text).unwrap_or(Color::BLACK)
}

/// Draws `board` as a one-page document.
pub fn draw(board: &Board, options: DrawOptions) -> Document {
    let mut page = Page::a4_landscape();
    let grid = Grid {
        width: board.width,
        height: board.height,
    };
    // Extent in circumradii: centres span 1.5·(w−1) by √3·(h−½), plus a hex around.
    let (ext_w, ext_h) = (1.5 * f64::from(grid.width) + 0.5, SQRT3 * (f64::from(grid.height) + 0.5));
    let size = ((page.width - 2.0 * MARGIN) / ext_w).min((page.height - 2.0 * MARGIN) / ext_h);
    let origin = (
        (page.width - ext_w * size) / 2.0 + size,
        (page.height - ext_h * size) / 2.0 + size * SQRT3 / 2.0,
    );
    let at = |c: Cell| {
        let (x, y) = grid.center(c);
        (origin.0 + x * size, origin.1 + y * size)
    };
    let cell_of = |q: i32, r: i32| grid.at([q, r]).unwrap_or(grid.cell(0));
    let corner = |c: (f64, f64), k: usize| (c.0 + CORNERS[k % 6].0 * size, c.1 + CORNERS[k % 6].1 * size);
    let shapes = &mut page.shapes;
    for (i, cell) in grid.cells().zip(&board.cells) {
        let c = at(i);
        let fill = if options.ink_friendly && cell.terrain != Terrain::Lake {
            Color::WHITE
        } else {
            terrain_color(cell.terrain)
        };
        shapes.push(
            Shape::Polygon {
                points: (0..6).map(|k| corner(c, k)).collect(),
                style: Style::filled_outlined(fill, Color::rgb(0x99, 0x99, 0x99), size * 0.03),
            }
            .tagged(Tag::new("cell").with("q", cell.q).with("r", cell.r)),
        );
    }
    // Side s lies between corners s + 1 and s + 2. Rivers on sides 3–5 are
    // drawn from the neighbour, except at the map's edge.
    for (i, cell) in grid.cells().zip(&board.cells) {
        for s in cell.rivers.iter().filter(|&s| s.number() < 3 || grid.neighbor(i, s).is_none()) {
            let (c, s) = (at(i), usize::from(s.number()));
            shapes.push(Shape::Line {
                from: corner(c, s + 1),
                to: corner(c, s + 2),
                style: Style::stroke(Color::rgb(0x1f, 0x6f, 0xc4), size * 0.16),
            });
        }
    }
    for road in &board.roads {
        let (a, b) = (at(cell_of(road.from[0], road.from[1])), at(cell_of(road.to[0], road.to[1])));
        let color = hex_color(PLAYER_COLORS[road.player as usize % PLAYER_COLORS.len()]);
        let width = if road.road_type == RoadType::Bridge {
            size * 0.22
        } else {
            size * 0.12
        };
        // Players' roads sit side by side so shared routes stay visible.
        let offset = (f64::from(road.player) - f64::from(board.header.params.players.saturating_sub(1)) / 2.0) * size * 0.14;
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (nx, ny) = (-dy / len * offset, dx / len * offset);
        shapes.push(
            Shape::Line {
                from: (a.0 + nx, a.1 + ny),
                to: (b.0 + nx, b.1 + ny),
                style: Style::stroke(color, width),
            }
            .tagged(
                Tag::new("road")
                    .with("player", road.player)
                    .with("from", format!("{},{}", road.from[0], road.from[1]))
                    .with("to", format!("{},{}", road.to[0], road.to[1])),
            ),
        );
    }
    for city in &board.cities {
        let c = at(cell_of(city.q, city.r));
        let color = hex_color(CITY_COLORS[city.city_type as usize % CITY_COLORS.len()]);
        let style = Style::filled_outlined(color, Color::BLACK, size * 0.05);
        let r = size * 0.45;
        shapes.push(
            match city.city_type % 4 {
                0 => Shape::Circle {
                    center: c,
                    radius: r,
                    style,
                },
                1 => Shape::Rect {
                    origin: (c.0 - r * 0.85, c.1 - r * 0.85),
                    size: (r * 1.7, r * 1.7),
                    style,
                },
                2 => Shape::Polygon {
                    points: vec![(c.0, c.1 - r), (c.0 + r, c.1 + r * 0.8), (c.0 - r, c.1 + r * 0.8)],
                    style,
                },
                _ => Shape::Polygon {
                    points: vec![(c.0, c.1 - r), (c.0 + r, c.1), (c.0, c.1 + r), (c.0 - r, c.1)],
                    style,
                },
            }
            .tagged(Tag::new("city").with("id", city.id)),
        );
    }
    let t = at(cell_of(board.tower[0], board.tower[1]));
    shapes.push(Shape::Polygon {
        points: (0..6)
            .map(|k| (t.0 + CORNERS[k].0 * size * 0.6, t.1 + CORNERS[k].1 * size * 0.6))
            .collect(),
        style: Style::filled_outlined(Color::rgb(0x33, 0x33, 0x33), Color::BLACK, size * 0.05),
    });
    shapes.push(Shape::Text {
        at: (t.0, t.1 + size * 0.2),
        content: "T".to_string(),
        size: size * 0.6,
        anchor: Anchor::Middle,
        color: Color::WHITE,
    });
    Document {
        title: format!("Hexet map, seed {}", board.header.seed),
        pages: vec![page],
    }
}
