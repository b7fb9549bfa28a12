//! A hexet map drawn on one landscape page: hexes filled by terrain, each
//! terrain but grassland with a mark of its own (so the map reads in black
//! and white and in greyscale), rivers as double lines on the sides their
//! cells' river masks name, roads in each player's colour and dash (bridges
//! wider), cities by type colour and one of eight shapes, and the tower,
//! larger and ringed. A legend in a column at the right, off the map, names
//! each (the roads only when some are drawn).
//!
//! A hex is tagged `cell` with its axial `q`, `r`, and each of its terrain
//! marks `mark` with the same; a river's lines `river`; a road `road` with
//! its player and cells (`from`, `to` as `q,r`); a city `city` with its id.

mod city;
mod river;
mod road;
mod rules_card;
mod terrain;

pub use road::PLAYER_COLORS;
pub(crate) use rules_card::pages as rules_card;

use scene::{Document, Shape, Style, Tag};

use super::hex::{Grid, Hex, SQRT3};
use super::map::Terrain;
use super::{Board, RoadType};
use crate::DrawOptions;
use crate::print::{self, Entry, INK};

/// Maps with more cells than this are not drawn (they would not be legible).
pub(crate) const MAX_DRAWN_CELLS: u64 = 40_000;

/// Width of a river, in circumradii of the hexes.
const RIVER_WIDTH: f64 = 0.2;
/// Side of the box a city is drawn in, in circumradii: its shape keeps
/// within 0.45 of the centre, clear of the terrain glyph in the corner.
const CITY_SIDE: f64 = 0.9;
/// Side of the box the tower is drawn in, in circumradii: its ring stays
/// inside its own hex and is well over half as large again as a city.
const TOWER_SIDE: f64 = 1.6;
/// Circumradius of a hex, in swatch boxes, that the legend draws roads for:
/// about a hex's on an A4 page, so that widths and dashes look alike.
const LEGEND_RADIUS: f64 = 1.25;

/// Draws `board` as a one-page document.
pub fn draw(board: &Board, options: DrawOptions) -> Document {
    let ink = options.ink_friendly;
    let mut page = print::page(&options);
    let entries = legend_entries(board, ink);
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
    let radius = ((ax1 - ax0) / ext_w).min((ay1 - ay0) / ext_h);
    let origin = (
        (ax0 + ax1 - ext_w * radius) / 2.0 + radius,
        (ay0 + ay1 - ext_h * radius) / 2.0 + radius * SQRT3 / 2.0,
    );
    let at = |hex: Hex| {
        let (x, y) = hex.center(radius);
        (origin.0 + x, origin.1 + y)
    };
    let shapes = &mut page.shapes;
    for cell in &board.cells {
        let c = at(cell.hex());
        let tag = Tag::new("cell").with("q", cell.q).with("r", cell.r);
        shapes.push(
            Shape::Polygon {
                points: terrain::hexagon(c, radius),
                style: Style::filled_outlined(terrain::fill(cell.terrain, ink), terrain::OUTLINE, radius * 0.03),
            }
            .tagged(tag),
        );
        let tag = Tag::new("mark").with("q", cell.q).with("r", cell.r);
        shapes.extend(terrain::marks(cell.terrain, ink, c, radius, &tag));
    }
    // Side s lies between corners s + 1 and s + 2. Rivers on sides 3–5 are
    // drawn from the neighbour, except at the map's edge.
    for cell in &board.cells {
        let hex = cell.hex();
        for s in cell.rivers.iter().filter(|&s| s.number() < 3 || grid.at(hex.neighbor(s)).is_none()) {
            let corners = terrain::hexagon(at(hex), radius);
            let s = usize::from(s.number());
            let lines = river::river(corners[(s + 1) % 6], corners[(s + 2) % 6], radius * RIVER_WIDTH, ink);
            shapes.extend(lines.into_iter().map(|l| l.tagged(Tag::new("river"))));
        }
    }
    let players = board.header.params.players;
    for r in &board.roads {
        shapes.push(road::road(r, at(r.from), at(r.to), players, radius, ink));
    }
    for c in &board.cities {
        let (x, y) = at(c.hex());
        let side = CITY_SIDE * radius;
        let shape = print::place(&city::city(c.city_type, ink), (x - side / 2.0, y - side / 2.0), side);
        shapes.push(shape.tagged(Tag::new("city").with("id", c.id)));
    }
    let (x, y) = at(board.tower);
    shapes.push(print::place(
        &Shape::Group {
            tag: Tag::new("tower"),
            shapes: city::tower(ink),
        },
        (x - TOWER_SIDE * radius / 2.0, y - TOWER_SIDE * radius / 2.0),
        TOWER_SIDE * radius,
    ));
    Document {
        title: format!("Hexet map, seed {}", board.header.seed),
        pages: vec![page],
    }
}

/// The legend: each terrain as its hex is drawn, rivers, the tower and each
/// city type, in the words players use; then the roads the board has drawn
/// on it: each player's who has any, and a bridge if one is drawn (a
/// player's road made wider). A blank map draws no roads, so its legend
/// shows none: players draw their own.
///
/// The river's words are the longest, so they set the column's width: wide
/// enough for two players' roads to share a row, and for the legend of eight
/// players' roads and eight city types to fit the height of an A5 page.
fn legend_entries(board: &Board, ink: bool) -> Vec<Entry> {
    let mut entries = vec![
        Entry::new(terrain::swatch(Terrain::Grassland, ink), "grassland"),
        Entry::new(terrain::swatch(Terrain::Forest, ink), "forest"),
        Entry::new(terrain::swatch(Terrain::Hills, ink), "hills"),
        Entry::new(terrain::swatch(Terrain::Lake, ink), "lake: no roads"),
        Entry::new(
            river::river((0.0, 0.5), (1.0, 0.5), RIVER_WIDTH * LEGEND_RADIUS, ink),
            "river: cross it by a bridge",
        ),
        Entry::new(city::tower(ink), "tower"),
    ];
    for t in 0..board.header.params.city_types {
        entries.push(Entry::new(vec![city::city(t, ink)], format!("city type {}", t + 1)));
    }
    for p in (0..board.header.params.players).filter(|&p| board.roads.iter().any(|r| r.player == p)) {
        let style = road::style(p, road::ROAD_WIDTH * LEGEND_RADIUS, LEGEND_RADIUS, ink);
        entries.push(Entry::line(style, format!("player {}", p + 1)));
    }
    if board.roads.iter().any(|r| r.road_type == RoadType::Bridge) {
        // A bridge across a river: solid and dark, as wide as a bridge, for
        // every player's bridges are their road made wider.
        let mut bridge = river::river((0.5, 0.0), (0.5, 1.0), RIVER_WIDTH * LEGEND_RADIUS, ink);
        bridge.push(Shape::Line {
            from: (0.0, 0.5),
            to: (1.0, 0.5),
            style: Style::stroke(INK, road::BRIDGE_WIDTH * LEGEND_RADIUS),
        });
        entries.push(Entry::new(bridge, "bridge: wider road"));
    }
    entries
}
