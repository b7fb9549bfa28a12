//! Hexet maps, starships and witches boards printed over several sheets,
//! measured on the board the sheets make together (the drawing before it is
//! cut, its overlap strips read from the sheets' windows), on A4, Letter, A3
//! and A5 over 1x1, 2x1, 1x2, 2x2 and 3x3 sheets:
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
//!   cut by a strip's edge, and few of those within 5 mm of a strip; on a
//!   witches board no word at all, no badge, order box or special cell's
//!   mark, and no cut line along a strip (across one, as cells may run).
//!
//! `examples/print_seams.rs` runs the same measures over many more boards.

use boardwright::hexet::Hexet;
use boardwright::starship::Starship;
use boardwright::witches::Witches;
use boardwright::{Generator, Registered, Tile};
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
    /// The lines a player cuts along, each with its box and the axis
    /// across which it lies (`0`: an upright line, `1`: a level one):
    /// kept off the strips that run along it.
    cuts: Vec<(String, [f64; 4], usize)>,
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
        cuts: Vec::new(),
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
        cuts: Vec::new(),
    }
}

/// A witches board's pages measured together (the back's cells lie behind
/// the front's, so both share the area): every word on them is a word a
/// player needs kept off the seams, as are the badges, order boxes and
/// special cells' marks; the cut lines are lines to keep off the strips
/// along them.
fn witches_drawn(doc: &scene::Document) -> Drawn {
    let (mut page, mut cells, mut legend) = ((0.0, 0.0), Vec::new(), Vec::new());
    let (mut words, mut marks, mut cuts) = (Vec::new(), Vec::new(), Vec::new());
    let (mut labels, mut starters, mut legend_fonts) = (f64::INFINITY, f64::INFINITY, f64::INFINITY);
    for (k, p) in doc.pages.iter().enumerate() {
        let svg = render::svg::page(p, &doc.title);
        let (width, height, _) = elements(&svg);
        page = (width, height);
        for d in super::witches::drawn(&svg) {
            let e = &d.element;
            let Some(b) = e.bounds() else { continue };
            let font = || e.num("font-size");
            if e.class() == "cell" {
                cells.push(b);
            } else if e.class() == "cut" {
                let upright = (b[2] - b[0]) < (b[3] - b[1]);
                cuts.push((format!("page {} cut line", k + 1), b, if upright { 0 } else { 1 }));
            } else if e.name == "text" {
                if d.group("legend").is_some() {
                    legend.push(b);
                    legend_fonts = legend_fonts.min(font());
                } else if d.group("label").is_some() {
                    labels = labels.min(font());
                } else if d.group("ingredient").is_some() {
                    starters = starters.min(font());
                }
                words.push((format!("page {} {:?}", k + 1, e.text), b));
            } else if let Some(g) = ["player", "cauldron-cell", "special"].into_iter().find(|g| d.group(g).is_some()) {
                marks.push((format!("page {} {g} mark", k + 1), b));
            }
        }
    }
    let area = union(cells);
    let unit = (area[2] - area[0]) / 8.0;
    Drawn {
        page,
        area,
        legend: union(legend),
        unit,
        pad: 0.0,
        sizes: vec![
            ("mean cell width", unit),
            ("player's words", labels),
            ("starting ingredient", starters),
            ("legend words", legend_fonts),
        ],
        words,
        marks,
        cuts,
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
fn strips<G: Registered>(board: &G::Board, options: &DrawOptions) -> [Vec<(f64, f64)>; 2] {
    let tile = options.tile;
    if tile == Tile::ONE {
        return [Vec::new(), Vec::new()];
    }
    let doc = G::sheets(board, options.clone());
    // A double-sided board's sheets come each followed by its back.
    let back = |p: &&scene::Page| {
        p.shapes.iter().any(|s| match s {
            Shape::Tagged { tag, shape } if tag.class == "sheet-label" => {
                matches!(shape.as_ref(), Shape::Text { content, .. } if content.starts_with("Back"))
            }
            _ => false,
        })
    };
    let views: Vec<[f64; 4]> = doc
        .pages
        .iter()
        .filter(|p| !back(p))
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
fn check<G: Registered>(board: &G::Board, case: &str, measure: fn(&scene::Document) -> Drawn, found: &mut Found) {
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
            for (cut, b, axis) in &d.cuts {
                let strips = if *axis == 0 { &across } else { &down };
                let (lo, hi) = (b[*axis], b[*axis + 2]);
                if strips.iter().any(|&(a, z)| hi > a - SEAM_CLEAR + EPS && lo < z + SEAM_CLEAR - EPS) {
                    found
                        .failures
                        .push(format!("{what}: the {cut} at {b:.1?} runs within {SEAM_CLEAR} mm of a strip"));
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

/// Whether every cell of a witches board's back, turned over left to
/// right, lies behind the front's cell it mirrors (column `7 − x`, the same
/// row), cell lines moved off the seams included.
fn backs_behind_fronts(board: &boardwright::witches::Board, options: DrawOptions) -> Result<(), String> {
    let doc = Witches::draw(board, options);
    let mut sides = Vec::new();
    for page in &doc.pages {
        let svg = render::svg::page(page, &doc.title);
        let (width, _, elements) = elements(&svg);
        let cells: Vec<((i64, i64), [f64; 4])> = elements
            .iter()
            .filter(|e| e.class() == "cell")
            .map(|e| ((e.num("data-x") as i64, e.num("data-y") as i64), e.bounds().unwrap()))
            .collect();
        sides.push((width, cells));
    }
    let [(width, front), (_, back)] = &sides[..] else {
        return Err(format!("{} pages, not two", sides.len()));
    };
    for &((x, y), f) in front {
        let Some(&(_, b)) = back.iter().find(|(at, _)| *at == (7 - x, y)) else {
            return Err(format!("no back cell behind ({x}, {y})"));
        };
        let behind = [width - b[2], b[1], width - b[0], b[3]];
        if behind.iter().zip(&f).any(|(a, b)| (a - b).abs() > EPS) {
            return Err(format!(
                "the back of cell ({x}, {y}) at {behind:.1?} is not behind its front at {f:.1?}"
            ));
        }
    }
    Ok(())
}

/// Witches boards (every player count, the hardest preset's special cells)
/// fill the sheets, keep their sizes and keep every word, mark and cut line
/// off the seams, front and back.
#[test]
fn tiled_witches_boards_fill_the_sheets_and_keep_off_the_seams() {
    let mut found = Found::default();
    for players in 1..=5 {
        for (hardest, seed) in [(false, "seam-a"), (true, "Cobweb")] {
            let params = boardwright::witches::Params {
                players,
                recipe_length: if hardest { 6 } else { 4 },
                special_cells: if hardest { 6 } else { 0 },
                ..Default::default()
            };
            let board = Witches::generate(&params, &Seed::new(seed)).unwrap();
            for paper in Paper::ALL {
                for tile in TILES {
                    if let Err(e) = backs_behind_fronts(&board, DrawOptions { tile, ..on_paper(paper) }) {
                        found
                            .failures
                            .push(format!("witches seed {seed:?}, {players} players, {paper:?}, {tile}: {e}"));
                    }
                }
            }
            check::<Witches>(
                &board,
                &format!("witches seed {seed:?}, {players} players, hardest {hardest}"),
                witches_drawn,
                &mut found,
            );
        }
    }
    verdict("witches", &found);
}
