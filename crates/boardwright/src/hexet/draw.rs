//! A hexet map drawn on one landscape page: hexes filled by terrain, each
//! terrain but grassland with a mark of its own (so the map reads in black
//! and white and in greyscale), rivers as double lines on the sides their
//! cells' river masks name, roads in each player's colour and dash (bridges
//! wider), cities by type colour and one of eight shapes, and the tower,
//! larger and ringed. A legend off the map, in a column at the right or a
//! band at the foot (whichever leaves the hexes larger), names each (the
//! roads only when some are drawn). Over several sheets the map is as large
//! as they hold it, and its tower and cities keep off the seams ([`layout`]).
//!
//! A hex is tagged `cell` with its axial `q`, `r`, and each of its terrain
//! marks `mark` with the same; a river's lines `river`; a road `road` with
//! its player and cells (`from`, `to` as `q,r`); a city `city` with its id.

mod city;
mod river;
mod road;
mod rules_card;
mod terrain;

pub(crate) use road::PLAYER_COLORS;
pub(crate) use rules_card::pages as rules_card;

use scene::{Document, Page, Shape, Style, Tag};

use super::hex::{Grid, Hex, SQRT3};
use super::map::Terrain;
use super::{Board, RoadType};
use crate::DrawOptions;
use crate::print::{self, Entry, INK, MARGIN};

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
    let entries = legend_entries(board, ink);
    let Layout { mut page, radius, origin } = layout(board, &entries, &options);
    let grid = Grid {
        width: board.width,
        height: board.height,
    };
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

/// Where the map lies on the page: the page with its legend, the hexes'
/// circumradius, and the page position of the centre of hex `(0, 0)`.
struct Layout {
    page: Page,
    radius: f64,
    origin: (f64, f64),
}

/// The map's extent in circumradii: centres span 1.5·(w−1) by √3·(h−½),
/// plus a hex around.
fn extent(board: &Board) -> (f64, f64) {
    (1.5 * f64::from(board.width) + 0.5, SQRT3 * (f64::from(board.height) + 0.5))
}

/// The caption under the legend.
fn caption(board: &Board, options: &DrawOptions) -> print::Caption {
    print::Caption::new(
        "Hexet map",
        &board.header.seed,
        format!("{} players", board.header.params.players),
        options,
        &board.header.params,
        &["players"],
    )
}

/// The page with its legend and the map's place on it: the legend in a
/// column at the right or in a band at the foot, whichever leaves the map
/// the larger hexes (the column when alike); on a tiled board the column
/// runs down the last column of sheets, its rows stepping past the seams,
/// and the band keeps to the first sheet of the last row, clear of its
/// seams. There the map, as large as the rest of the sheets hold it and
/// centred, is moved, and made smaller where it must be (while it spans
/// [`LEAST_SPAN`](print::LEAST_SPAN) of the sheets and its hexes are as large as one sheet's),
/// so that the tower and the cities lie clear of the seams; where no place
/// clears them all, so that none is cut by a strip's edge, then the tower
/// and as many cities as can be are clear ([`print::Seams`]).
fn layout(board: &Board, entries: &[Entry], options: &DrawOptions) -> Layout {
    let (paper, tile) = (options.paper, options.tile);
    let (ext_w, ext_h) = extent(board);
    let legend_placed =
        |options: &DrawOptions| print::legend_placed(entries, &caption(board, options), options, |area| radius_in(board, area));
    let (page, area) = legend_placed(options);
    let [ax0, ay0, ax1, ay1] = area;
    let most = radius_in(board, area);
    // Made smaller no further than it spans LEAST_SPAN of the sheets and
    // its hexes are one sheet's (unless one sheet's are larger still).
    let spanning = print::LEAST_SPAN / (ext_w / (page.width - 2.0 * MARGIN)).max(ext_h / (page.height - 2.0 * MARGIN));
    let print::Scales { least, lowest, .. } = print::Scales::new(options, most, spanning, |one| radius_in(board, legend_placed(one).1));
    // The centre of hex (0, 0) with the map centred in its rectangle.
    let centred = |radius: f64| {
        (
            (ax0 + ax1 - ext_w * radius) / 2.0 + radius,
            (ay0 + ay1 - ext_h * radius) / 2.0 + radius * SQRT3 / 2.0,
        )
    };
    // What a player needs on the map: each city and the tower (kept clear
    // before the cities), by its hex and the box it paints in, in
    // circumradii from the hex's centre.
    let reach = |shapes: Vec<Shape>, side: f64| {
        let [x0, y0, x1, y1] = Shape::Group {
            tag: Tag::new("mark"),
            shapes,
        }
        .bounds()
        .unwrap_or([0.0, 0.0, 1.0, 1.0]);
        [x0 - 0.5, y0 - 0.5, x1 - 0.5, y1 - 0.5].map(|v| v * side)
    };
    let ink = options.ink_friendly;
    let needed: Vec<(Hex, [f64; 4], bool)> = board
        .cities
        .iter()
        .map(|c| (c.hex(), reach(vec![city::city(c.city_type, ink)], CITY_SIDE), false))
        .chain([(board.tower, reach(city::tower(ink), TOWER_SIDE), true)])
        .collect();
    let placed = print::Seams::new(paper, tile).place(most, least, lowest, |radius| {
        let origin = centred(radius);
        let mut spans = [Vec::new(), Vec::new()];
        for &(hex, [x0, y0, x1, y1], main) in &needed {
            let (x, y) = hex.center(radius);
            let (x, y) = (origin.0 + x, origin.1 + y);
            spans[0].push(print::Span {
                lo: x + x0 * radius,
                hi: x + x1 * radius,
                main,
            });
            spans[1].push(print::Span {
                lo: y + y0 * radius,
                hi: y + y1 * radius,
                main,
            });
        }
        let slack = ((ax1 - ax0 - ext_w * radius) / 2.0, (ay1 - ay0 - ext_h * radius) / 2.0);
        print::Marks {
            spans,
            room: [(-slack.0, slack.0), (-slack.1, slack.1)],
        }
    });
    let origin = centred(placed.scale);
    Layout {
        page,
        radius: placed.scale,
        origin: (origin.0 + placed.shift.0, origin.1 + placed.shift.1),
    }
}

/// The largest circumradius at which the map fits the rectangle `[x0, y0,
/// x1, y1]`.
fn radius_in(board: &Board, [x0, y0, x1, y1]: [f64; 4]) -> f64 {
    let (ext_w, ext_h) = extent(board);
    ((x1 - x0) / ext_w).min((y1 - y0) / ext_h)
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
