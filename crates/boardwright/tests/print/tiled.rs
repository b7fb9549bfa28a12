//! Hexet maps and starships printed over several sheets, measured on the
//! board the sheets make together (the drawing before it is cut, its
//! overlap strips read from the sheets' windows), on A4, Letter, A3 and A5
//! over 1x1, 2x1, 1x2, 2x2 and 3x3 sheets:
//!
//! - the map or ship spans at least 85 % of the sheets' printable width or
//!   height, or, where its legend leaves it less, all the room the legend
//!   leaves it (a drawing that would have a mark cut by a strip's edge at
//!   that size is made smaller still: a few boards in a hundred, none of
//!   these);
//! - its hexes or tiles, cities, tower and letters are as large as on one
//!   sheet, or as large as the sheets' printable area holds the drawing;
//! - nothing a player needs lies near a seam: no word of the legend or
//!   caption within 5 mm of an overlap strip, no city, tower or part letter
//!   cut by a strip's edge, and few of those within 5 mm of a strip.
//!
//! `examples/print_seams.rs` runs the same measures over many more boards.

use boardwright::hexet::Hexet;
use boardwright::starship::Starship;
use boardwright::{Generator, Tile};
use scene::Shape;

use super::*;

/// How far from an overlap strip a tiled board keeps what a player needs,
/// millimetres.
const SEAM_CLEAR: f64 = 5.0;
/// The least share of the sheets' printable width or height a drawing spans.
const SPAN: f64 = 0.85;
/// The most marks in a hundred (cities and the tower, or part letters)
/// that lie within the clearance of a strip, where no place clears them all.
const NEAR_PER_HUNDRED: f64 = 5.0;

const TILES: [Tile; 5] = [
    Tile { cols: 1, rows: 1 },
    Tile { cols: 2, rows: 1 },
    Tile { cols: 1, rows: 2 },
    Tile { cols: 2, rows: 2 },
    Tile { cols: 3, rows: 3 },
];

/// One drawing as measured.
struct Drawn {
    /// The page's size.
    page: (f64, f64),
    /// The play area's box: the hexes' or the ship's tiles'.
    area: [f64; 4],
    /// The legend's box.
    legend: [f64; 4],
    /// A hex's circumradius or a tile's side.
    unit: f64,
    /// Empty units round the play area on each side (the room of the
    /// ship's facing marks), which its rectangle holds too.
    pad: f64,
    /// The sizes of the marks a player reads, by name.
    sizes: Vec<(&'static str, f64)>,
    /// The words of the legend and the caption, each with its box.
    words: Vec<(String, [f64; 4])>,
    /// The marks a player needs (cities and the tower, or part letters),
    /// each with its box.
    marks: Vec<(String, [f64; 4])>,
}

/// The box round `boxes`.
fn union(boxes: impl IntoIterator<Item = [f64; 4]>) -> [f64; 4] {
    boxes.into_iter().fold(
        [f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY],
        |[a, b, c, d], [x0, y0, x1, y1]| [a.min(x0), b.min(y0), c.max(x1), d.max(y1)],
    )
}

/// The words of the `<g class="legend">` in `svg`, each with its box.
fn legend_words(svg: &str) -> Vec<(String, [f64; 4])> {
    super::hexet::group(svg, "legend")
        .iter()
        .filter(|e| e.name == "text")
        .filter_map(|e| Some((e.text.clone(), e.bounds()?)))
        .collect()
}

/// A hexet page measured.
fn hexet_drawn(doc: &scene::Document) -> Drawn {
    let svg = render::svg::page(&doc.pages[0], &doc.title);
    let (width, height, elements) = elements(&svg);
    let cells: Vec<[f64; 4]> = elements
        .iter()
        .filter(|e| e.class() == "cell")
        .filter_map(Element::bounds)
        .collect();
    // A flat-topped hex is two circumradii wide, its outline's half stroke each side.
    let cell = elements.iter().find(|e| e.class() == "cell").expect("a hex");
    let unit = (cell.bounds().unwrap()[2] - cell.bounds().unwrap()[0] - 2.0 * cell.half_stroke()) / 2.0;
    let mut marks: Vec<(String, [f64; 4])> = elements
        .iter()
        .filter(|e| e.class() == "city")
        .map(|e| (format!("city {}", e.get("data-id").unwrap_or("?")), e.bounds().unwrap()))
        .collect();
    let cities = marks.iter().map(|m| m.1[2] - m.1[0]).fold(0.0, f64::max);
    let tower = union(super::hexet::group(&svg, "tower").iter().filter_map(Element::bounds));
    marks.push(("the tower".to_string(), tower));
    let words = legend_words(&svg);
    let legend = union(super::hexet::group(&svg, "legend").iter().filter_map(Element::bounds));
    Drawn {
        page: (width, height),
        area: union(cells.iter().copied()),
        legend,
        unit,
        pad: 0.0,
        sizes: vec![
            ("hex", unit),
            ("widest city", cities),
            ("tower", tower[2] - tower[0]),
            ("legend words", legend_font(&svg)),
        ],
        words,
        marks,
    }
}

/// A starship page measured: the letters are the words outside the legend.
fn starship_drawn(doc: &scene::Document) -> Drawn {
    let svg = render::svg::page(&doc.pages[0], &doc.title);
    let (width, height, elements) = elements(&svg);
    let tiles: Vec<[f64; 4]> = elements
        .iter()
        .filter(|e| e.class() == "tile")
        .filter_map(Element::bounds)
        .collect();
    let tile = elements.iter().find(|e| e.class() == "tile").expect("a tile");
    let unit = tile.num("width");
    let words = legend_words(&svg);
    let in_legend = |e: &Element| words.iter().any(|(w, b)| *w == e.text && Some(*b) == e.bounds());
    let letters: Vec<&Element> = elements.iter().filter(|e| e.name == "text" && !in_legend(e)).collect();
    let legend = union(super::hexet::group(&svg, "legend").iter().filter_map(Element::bounds));
    Drawn {
        page: (width, height),
        area: union(tiles.iter().copied()),
        legend,
        unit,
        pad: 0.5,
        sizes: vec![
            ("tile", unit),
            (
                "smallest letter",
                letters.iter().map(|e| e.num("font-size")).fold(f64::INFINITY, f64::min),
            ),
            ("legend words", legend_font(&svg)),
        ],
        words,
        marks: letters
            .iter()
            .map(|e| (format!("letter {:?}", e.text), e.bounds().unwrap()))
            .collect(),
    }
}

/// The smallest font of the legend's entries in `svg` (the caption's lines
/// left out).
fn legend_font(svg: &str) -> f64 {
    super::hexet::group(svg, "legend")
        .iter()
        .filter(|e| e.name == "text" && e.class() != "caption")
        .map(|e| e.num("font-size"))
        .fold(f64::INFINITY, f64::min)
}

/// The overlap strips of `board` printed over `tile` sheets, read from the
/// windows of its sheets: `[across, down]`, intervals of x (between
/// columns) and of y (between rows).
fn strips<G: Generator>(board: &G::Board, options: &DrawOptions) -> [Vec<(f64, f64)>; 2] {
    let tile = options.tile;
    if tile == Tile::ONE {
        return [Vec::new(), Vec::new()];
    }
    let doc = G::sheets(board, options.clone());
    let views: Vec<[f64; 4]> = doc.pages[..tile.count() as usize]
        .iter()
        .map(|p| {
            p.shapes
                .iter()
                .find_map(|s| match s {
                    Shape::Tagged { tag, shape } if tag.class == "sheet" => match shape.as_ref() {
                        Shape::Window { view, .. } => Some(*view),
                        _ => None,
                    },
                    _ => None,
                })
                .expect("each sheet is a window onto the board")
        })
        .collect();
    let view = |c: u32, r: u32| views[(r * tile.cols + c) as usize];
    [
        (1..tile.cols)
            .map(|c| (view(c, 0)[0], view(c - 1, 0)[0] + view(c - 1, 0)[2]))
            .collect(),
        (1..tile.rows)
            .map(|r| (view(0, r)[1], view(0, r - 1)[1] + view(0, r - 1)[3]))
            .collect(),
    ]
}

/// What the sweep found: failures, and the marks within the clearance of
/// a strip among all measured.
#[derive(Default)]
struct Found {
    failures: Vec<String>,
    near: Vec<String>,
    marks: usize,
}

/// Every promise for `board` of `G` over every paper and tiling; `case`
/// names the board, `measure` reads a page.
fn check<G: Generator>(board: &G::Board, case: &str, measure: fn(&scene::Document) -> Drawn, found: &mut Found) {
    for paper in Paper::ALL {
        let one = measure(&G::draw(board, on_paper(paper)));
        for tile in TILES {
            let options = DrawOptions { tile, ..on_paper(paper) };
            let what = format!("{case}, {paper:?}, {tile}");
            let d = measure(&G::draw(board, options.clone()));
            let (pw, ph) = (d.page.0 - 2.0 * MARGIN, d.page.1 - 2.0 * MARGIN);
            let [x0, y0, x1, y1] = d.area;
            // (a) The span, over the whole printable area, or over the room
            // beside or above the legend where the drawing stops at it.
            let span = ((x1 - x0) / pw).max((y1 - y0) / ph);
            let beside = d.legend[0] >= x1;
            let room = if beside {
                ((x1 - x0) / (d.legend[0] - MARGIN - 5.0)).max((y1 - y0) / ph)
            } else {
                ((x1 - x0) / pw).max((y1 - y0) / (d.legend[1] - MARGIN - 5.0))
            };
            if tile != Tile::ONE && span < SPAN && room < 0.95 {
                found.failures.push(format!(
                        "{what}: the drawing spans {:.1} % of the sheets' printable {pw:.0} x {ph:.0} mm, {:.1} % of the room its legend leaves",
                        span * 100.0,
                        room * 100.0
                    ),
                );
            }
            // (b) As large as on one sheet, or as large as the sheets hold it.
            let (ext_w, ext_h) = ((x1 - x0) / d.unit + 2.0 * d.pad, (y1 - y0) / d.unit + 2.0 * d.pad);
            let holds = (pw / ext_w).min(ph / ext_h);
            let least = (0.97 * holds / one.unit).min(1.0);
            for ((name, tiled), (_, single)) in d.sizes.iter().zip(&one.sizes) {
                if *tiled < single * least - EPS {
                    found.failures.push(format!(
                        "{what}: the {name} is {tiled:.2} mm over the sheets, {single:.2} mm on one sheet (the sheets hold {:.0} % of it)",
                        holds / one.unit * 100.0
                    ));
                }
            }
            // (c) Nothing a player needs near a seam.
            let [across, down] = strips::<G>(board, &options);
            let near = |b: [f64; 4]| {
                across
                    .iter()
                    .any(|&(a, z)| b[2] > a - SEAM_CLEAR + EPS && b[0] < z + SEAM_CLEAR - EPS)
                    || down
                        .iter()
                        .any(|&(a, z)| b[3] > a - SEAM_CLEAR + EPS && b[1] < z + SEAM_CLEAR - EPS)
            };
            let cut = |b: [f64; 4]| {
                across.iter().flat_map(|&(a, z)| [a, z]).any(|e| b[0] < e - EPS && b[2] > e + EPS)
                    || down.iter().flat_map(|&(a, z)| [a, z]).any(|e| b[1] < e - EPS && b[3] > e + EPS)
            };
            for (words, b) in &d.words {
                if near(*b) {
                    found.failures.push(format!(
                        "{what}: the words {words:?} at {b:.1?} lie within {SEAM_CLEAR} mm of a strip"
                    ));
                }
            }
            for (mark, b) in &d.marks {
                found.marks += 1;
                if cut(*b) {
                    found.failures.push(format!("{what}: a strip's edge cuts {mark} at {b:.1?}"));
                } else if near(*b) {
                    found.near.push(format!("{what}: {mark} at {b:.1?}"));
                }
            }
        }
    }
}

/// The verdict on a sweep: no failure, and few marks near a strip.
fn verdict(name: &str, found: &Found) {
    let share = found.near.len() as f64 * 100.0 / found.marks.max(1) as f64;
    eprintln!(
        "{name}: {} marks, {} near a strip, {} failures",
        found.marks,
        found.near.len(),
        found.failures.len()
    );
    assert!(
        found.failures.is_empty() && share <= NEAR_PER_HUNDRED,
        "{name}: {} failures, first: {:#?}; {} of {} marks ({share:.1} in a hundred) within {SEAM_CLEAR} mm of a strip, first: {:#?}",
        found.failures.len(),
        &found.failures[..found.failures.len().min(6)],
        found.near.len(),
        found.marks,
        &found.near[..found.near.len().min(6)]
    );
}

/// Hexet maps (the default, a small one with large marks and a wide one
/// with many cities) fill the sheets, keep their sizes and keep what a
/// player needs off the seams.
#[test]
fn tiled_hexet_maps_fill_the_sheets_and_keep_off_the_seams() {
    let mut found = Found::default();
    let shapes = [
        (24, 18, 4, "seam-a"),
        (24, 18, 4, "seam-b"),
        (12, 9, 2, "seam-c"),
        (40, 14, 6, "seam-d"),
    ];
    for (width, height, city_types, seed) in shapes {
        let params = boardwright::hexet::Params {
            width,
            height,
            city_types,
            ..Default::default()
        };
        let board = Hexet::generate(&params, &Seed::new(seed)).unwrap();
        check::<Hexet>(&board, &format!("hexet seed {seed:?}, {width}x{height}"), hexet_drawn, &mut found);
    }
    verdict("hexet", &found);
}

/// Starships (the default size, a wide 96 x 64 and a small 24 x 24) fill
/// the sheets, keep their sizes and keep what a player needs off the seams.
#[test]
fn tiled_starships_fill_the_sheets_and_keep_off_the_seams() {
    let mut found = Found::default();
    for (width, height, seed) in [(40, 40, "seam-a"), (96, 64, "Nebulae"), (24, 24, "seam-c")] {
        let params = boardwright::starship::Params {
            width,
            height,
            ..Default::default()
        };
        let board = Starship::generate(&params, &Seed::new(seed)).unwrap();
        check::<Starship>(
            &board,
            &format!("starship seed {seed:?}, {width}x{height}"),
            starship_drawn,
            &mut found,
        );
    }
    verdict("starship", &found);
}
