//! A hexet map drawn on one landscape page (A4 or Letter): hexes coloured by
//! terrain, each terrain but grassland with a mark of its own (so the map
//! reads in black and white), rivers on the sides their cells' river masks
//! name, roads in each player's colour and dash (bridges wider), cities by
//! type colour and one of eight shapes, and the tower, large and ringed. A
//! legend at the right names them all.
//!
//! A hex is tagged `cell` with its axial `q`, `r`; a road `road` with its
//! player and cells (`from`, `to` as `q,r`); a city `city` with its id.

use scene::{Anchor, Color, Document, Shape, Style, Tag};

use super::hex::{Grid, Hex, SQRT3};
use super::map::Terrain;
use super::{Board, RoadType};
use crate::DrawOptions;
use crate::print::{self, Entry, INK};

/// Maps with more cells than this are not drawn (they would not be legible).
pub(crate) const MAX_DRAWN_CELLS: u64 = 40_000;

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
    let mut page = print::page(&options);
    let entries = legend_entries(board, &options);
    let caption = print::Caption::new(
        "Hexet map",
        &board.header.seed,
        format!("{} players", board.header.params.players),
        &options,
        &board.header.params,
        &["players"],
    );
    let [ax0, ay0, ax1, ay1] = print::legend_at_right(&mut page, &entries, &caption);
    let grid = Grid {
        width: board.width,
        height: board.height,
    };
    // Extent in circumradii: centres span 1.5·(w−1) by √3·(h−½), plus a hex around.
    let (ext_w, ext_h) = (1.5 * f64::from(grid.width) + 0.5, SQRT3 * (f64::from(grid.height) + 0.5));
    let size = ((ax1 - ax0) / ext_w).min((ay1 - ay0) / ext_h);
    let origin = (
        (ax0 + ax1 - ext_w * size) / 2.0 + size,
        (ay0 + ay1 - ext_h * size) / 2.0 + size * SQRT3 / 2.0,
    );
    let at = |hex: Hex| {
        let (x, y) = hex.center(size);
        (origin.0 + x, origin.1 + y)
    };
    let corner = |c: (f64, f64), k: usize| (c.0 + CORNERS[k % 6].0 * size, c.1 + CORNERS[k % 6].1 * size);
    let shapes = &mut page.shapes;
    for cell in &board.cells {
        let c = at(cell.hex());
        let fill = if options.ink_friendly {
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
        shapes.extend(
            terrain_mark(cell.terrain, options.ink_friendly)
                .iter()
                .map(|s| print::place(s, (c.0 - size * 0.3, c.1 - size * 0.3), size * 0.6)),
        );
    }
    // Side s lies between corners s + 1 and s + 2. Rivers on sides 3–5 are
    // drawn from the neighbour, except at the map's edge.
    for cell in &board.cells {
        let hex = cell.hex();
        for s in cell.rivers.iter().filter(|&s| s.number() < 3 || grid.at(hex.neighbor(s)).is_none()) {
            let (c, s) = (at(hex), usize::from(s.number()));
            shapes.extend(river(corner(c, s + 1), corner(c, s + 2), size * 0.16, options.ink_friendly));
        }
    }
    for road in &board.roads {
        let (a, b) = (at(road.from), at(road.to));
        let color = player_color(road.player, options.ink_friendly);
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
                style: road_style(road.player, color, width, size),
            }
            .tagged(
                Tag::new("road")
                    .with("player", road.player)
                    .with("from", format!("{},{}", road.from.q, road.from.r))
                    .with("to", format!("{},{}", road.to.q, road.to.r)),
            ),
        );
    }
    for city in &board.cities {
        let c = at(city.hex());
        let shape = city_shape(city.city_type, options.ink_friendly);
        let r = size * 0.5;
        shapes.push(print::place(&shape, (c.0 - r, c.1 - r), 2.0 * r).tagged(Tag::new("city").with("id", city.id)));
    }
    let t = at(board.tower);
    let tower = tower_shapes(options.ink_friendly);
    shapes.push(print::place(
        &Shape::Group {
            tag: Tag::new("tower"),
            shapes: tower,
        },
        (t.0 - size * 0.8, t.1 - size * 0.8),
        size * 1.6,
    ));
    Document {
        title: format!("Hexet map, seed {}", board.header.seed),
        pages: vec![page],
    }
}

fn player_color(player: u32, ink_friendly: bool) -> Color {
    if ink_friendly {
        return INK;
    }
    hex_color(PLAYER_COLORS[player as usize % PLAYER_COLORS.len()])
}

/// A road's stroke: its player's colour, and a dash of its own (player 1
/// solid), so players' roads differ without colour too.
fn road_style(player: u32, color: Color, width: f64, size: f64) -> Style {
    const DASHES: [f64; 7] = [0.08, 0.16, 0.26, 0.38, 0.52, 0.7, 0.9];
    let style = Style::stroke(color, width);
    match player as usize % PLAYER_COLORS.len() {
        0 => style,
        n => style.dashed(size * DASHES[n - 1]),
    }
}

/// Rivers and a lake's waves: blue, or near black when ink-friendly.
fn river_color(ink_friendly: bool) -> Color {
    if ink_friendly { INK } else { Color::rgb(0x1f, 0x6f, 0xc4) }
}

/// A river from `from` to `to`, `width` wide: one blue line, or when
/// ink-friendly two thin dark lines along its edges, so that it is told from
/// a road by its shape (a lake is told by its waves).
fn river(from: (f64, f64), to: (f64, f64), width: f64, ink_friendly: bool) -> Vec<Shape> {
    if !ink_friendly {
        return vec![Shape::Line {
            from,
            to,
            style: Style::stroke(river_color(false), width),
        }];
    }
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = dx.hypot(dy).max(f64::MIN_POSITIVE);
    let (nx, ny) = (-dy / length * width * 0.4, dx / length * width * 0.4);
    [1.0, -1.0]
        .iter()
        .map(|k| Shape::Line {
            from: (from.0 + k * nx, from.1 + k * ny),
            to: (to.0 + k * nx, to.1 + k * ny),
            style: Style::stroke(river_color(true), width * 0.25),
        })
        .collect()
}

/// The mark of a terrain in the unit box (grassland: none).
fn terrain_mark(terrain: Terrain, ink_friendly: bool) -> Vec<Shape> {
    let ink = Color::rgb(0x55, 0x55, 0x55);
    match terrain {
        Terrain::Grassland => Vec::new(),
        Terrain::Forest => vec![Shape::Polygon {
            points: vec![(0.5, 0.1), (0.8, 0.75), (0.2, 0.75)],
            style: Style::stroke(ink, 0.08),
        }],
        Terrain::Hills => lines(
            [
                ((0.1, 0.75), (0.35, 0.3)),
                ((0.35, 0.3), (0.6, 0.75)),
                ((0.45, 0.75), (0.68, 0.4)),
                ((0.68, 0.4), (0.9, 0.75)),
            ],
            Style::stroke(ink, 0.08),
        ),
        Terrain::Lake => lines(
            [0.35, 0.65].iter().flat_map(|&y| {
                [
                    ((0.1, y), (0.3, y - 0.1)),
                    ((0.3, y - 0.1), (0.5, y)),
                    ((0.5, y), (0.7, y - 0.1)),
                    ((0.7, y - 0.1), (0.9, y)),
                ]
            }),
            Style::stroke(river_color(ink_friendly), 0.07),
        ),
    }
}

/// A line per `(from, to)` segment, each in `style`.
fn lines(segments: impl IntoIterator<Item = ((f64, f64), (f64, f64))>, style: Style) -> Vec<Shape> {
    segments.into_iter().map(|(from, to)| Shape::Line { from, to, style }).collect()
}

/// A city of type `t` in the unit box: its type's colour and one of eight shapes.
fn city_shape(t: u32, ink_friendly: bool) -> Shape {
    let fill = if ink_friendly {
        Color::WHITE
    } else {
        hex_color(CITY_COLORS[t as usize % CITY_COLORS.len()])
    };
    let style = Style::filled_outlined(fill, Color::BLACK, 0.1);
    let polygon = |points: Vec<(f64, f64)>| Shape::Polygon { points, style };
    match t % 8 {
        0 => Shape::Circle {
            center: (0.5, 0.5),
            radius: 0.4,
            style,
        },
        1 => Shape::Rect {
            origin: (0.15, 0.15),
            size: (0.7, 0.7),
            style,
        },
        2 => polygon(vec![(0.5, 0.08), (0.92, 0.85), (0.08, 0.85)]),
        3 => polygon(vec![(0.5, 0.05), (0.95, 0.5), (0.5, 0.95), (0.05, 0.5)]),
        4 => polygon(vec![(0.08, 0.15), (0.92, 0.15), (0.5, 0.92)]),
        5 => polygon(vec![(0.5, 0.06), (0.93, 0.37), (0.77, 0.9), (0.23, 0.9), (0.07, 0.37)]),
        6 => polygon(vec![
            (0.35, 0.08),
            (0.65, 0.08),
            (0.65, 0.35),
            (0.92, 0.35),
            (0.92, 0.65),
            (0.65, 0.65),
            (0.65, 0.92),
            (0.35, 0.92),
            (0.35, 0.65),
            (0.08, 0.65),
            (0.08, 0.35),
            (0.35, 0.35),
        ]),
        _ => polygon(vec![
            (0.5, 0.04),
            (0.62, 0.36),
            (0.96, 0.38),
            (0.7, 0.6),
            (0.79, 0.94),
            (0.5, 0.75),
            (0.21, 0.94),
            (0.3, 0.6),
            (0.04, 0.38),
            (0.38, 0.36),
        ]),
    }
}

/// The tower in the unit box: a dark hexagon with a white T inside a ring.
fn tower_shapes(ink_friendly: bool) -> Vec<Shape> {
    let (body, letter) = if ink_friendly {
        (Color::WHITE, INK)
    } else {
        (Color::rgb(0x33, 0x33, 0x33), Color::WHITE)
    };
    vec![
        Shape::Circle {
            center: (0.5, 0.5),
            radius: 0.46,
            style: Style::filled_outlined(Color::WHITE, INK, 0.06),
        },
        Shape::Polygon {
            points: CORNERS.iter().map(|&(x, y)| (0.5 + x * 0.36, 0.5 + y * 0.36)).collect(),
            style: Style::filled_outlined(body, INK, 0.05),
        },
        Shape::Text {
            at: (0.5, 0.64),
            content: "T".to_string(),
            size: 0.4,
            anchor: Anchor::Middle,
            color: letter,
        },
    ]
}

fn legend_entries(board: &Board, options: &DrawOptions) -> Vec<Entry> {
    let ink = options.ink_friendly;
    let hexagon = |terrain: Terrain| {
        let fill = if ink { Color::WHITE } else { terrain_color(terrain) };
        let mut shapes = vec![Shape::Polygon {
            points: CORNERS.iter().map(|&(x, y)| (0.5 + x * 0.5, 0.5 + y * 0.5)).collect(),
            style: Style::filled_outlined(fill, Color::rgb(0x99, 0x99, 0x99), 0.04),
        }];
        shapes.extend(terrain_mark(terrain, ink).iter().map(|s| print::place(s, (0.2, 0.2), 0.6)));
        shapes
    };
    let mut entries = vec![
        Entry::new(hexagon(Terrain::Grassland), "grassland"),
        Entry::new(hexagon(Terrain::Forest), "forest"),
        Entry::new(hexagon(Terrain::Hills), "hills"),
        Entry::new(hexagon(Terrain::Lake), "lake"),
        Entry::new(river((0.1, 0.5), (0.9, 0.5), 0.16, ink), "river (on a hex side)"),
        Entry::new(tower_shapes(ink), "tower"),
    ];
    for t in 0..board.header.params.city_types {
        entries.push(Entry::new(vec![city_shape(t, ink)], format!("city, type {}", t + 1)));
    }
    for p in 0..board.header.params.players {
        entries.push(Entry::line(
            road_style(p, player_color(p, ink), 0.14, 1.0),
            format!("player {} road", p + 1),
        ));
    }
    entries.push(Entry::line(Style::stroke(INK, 0.24), "bridge (wider road)"));
    entries
}
