//! The hexet map: cells, terrain, rivers, cities, the tower and the legend,
//! measured on the page as a player with a pen and a greyscale printer
//! would see them.

use boardwright::hexet::{Action, Board, Game, HexSide, Hexet, RoadEntry, RoadType, Terrain};
use boardwright::{Generator, Paper, Seed};

use super::*;

/// The terrains, in the order the tests report them.
const TERRAINS: [Terrain; 4] = [Terrain::Grassland, Terrain::Forest, Terrain::Hills, Terrain::Lake];
/// The disc around a hex centre, in circumradii, that pen roads start and
/// end in and no terrain glyph may reach into.
const CENTRE_DISC: f64 = 0.35;
/// Fills closer in grey than this look the same on a greyscale print.
const GREY_STEP: f64 = 0.08;

/// A drawn hexet page and what it was drawn from.
struct Drawn {
    /// Seed, size and paper, to name a failure.
    what: String,
    board: Board,
    width: f64,
    height: f64,
    elements: Vec<Element>,
    /// The SVG, for the elements of a group.
    svg: String,
}

/// Boards of several sizes, players and city types, drawn on `papers` in
/// colour and ink-friendly, seeds `seeds` each: the default map blank, the
/// others with roads.
fn drawn(papers: &[Paper], seeds: u32) -> Vec<Drawn> {
    // (width, height, players, city types, cities per type, spacing)
    let shapes = [
        (24, 18, 2, 4, 3, 3),
        (12, 9, 1, 2, 2, 2),
        (8, 6, 8, 3, 1, 2),
        (40, 30, 4, 8, 3, 3),
        (30, 12, 3, 5, 2, 3),
        (10, 24, 6, 4, 2, 2),
        (24, 18, 8, 8, 1, 3),
    ];
    let mut out = Vec::new();
    for (k, (width, height, players, city_types, cities_per_type, city_spacing)) in shapes.into_iter().enumerate() {
        let params = boardwright::hexet::Params {
            width,
            height,
            players,
            city_types,
            cities_per_type,
            city_spacing,
            ..Default::default()
        };
        for i in 0..seeds {
            let seed = format!("hexet-print-{i}");
            let board = if k == 0 {
                Hexet::generate(&params, &Seed::new(&seed)).unwrap()
            } else {
                with_roads(&params, &seed)
            };
            for &paper in papers {
                for ink_friendly in [false, true] {
                    let doc = Hexet::draw(
                        &board,
                        DrawOptions {
                            ink_friendly,
                            ..on_paper(paper)
                        },
                    );
                    let svg = render::svg::page(&doc.pages[0], &doc.title);
                    let (w, h, elements) = elements(&svg);
                    let mode = if ink_friendly { "ink-friendly" } else { "colour" };
                    out.push(Drawn {
                        what: format!(
                            "seed {seed}, {width}x{height}, {players} players, {city_types} city types, {} roads, {paper:?}, {mode}",
                            board.roads.len()
                        ),
                        board: board.clone(),
                        width: w,
                        height: h,
                        elements,
                        svg,
                    });
                }
            }
        }
    }
    out
}

/// The map of `params` from `seed` with a few roads of each player out of
/// the tower, a bridge wherever a plain road is refused.
fn with_roads(params: &boardwright::hexet::Params, seed: &str) -> Board {
    let mut game = Game::new(params, &Seed::new(seed)).unwrap();
    let tower = game.map_board().tower;
    for player in 0..params.players {
        let mut at = tower;
        for step in 0..6 {
            let side = HexSide::ALL[(player as usize + step) % 6];
            let to = at.neighbor(side);
            let placed = [RoadType::Normal, RoadType::Bridge]
                .into_iter()
                .any(|kind| game.apply(&RoadEntry::new(player, at, to, kind, Action::Add)).is_ok());
            if placed {
                at = to;
            }
        }
    }
    game.board()
}

/// The elements inside the first `<g class="{class}">` of `svg`, nested
/// groups included.
pub(super) fn group(svg: &str, class: &str) -> Vec<Element> {
    let open = format!("<g class=\"{class}\"");
    let mut depth = 0;
    let mut inside = Vec::new();
    for line in svg.lines().map(str::trim).skip_while(|l| !l.starts_with(&open)).skip(1) {
        if line.starts_with("<g") {
            depth += 1;
        } else if line.starts_with("</g") {
            if depth == 0 {
                break;
            }
            depth -= 1;
        }
        inside.push(line);
    }
    elements(&inside.join("\n")).2
}

/// The legend's entries: each entry's words and the elements of its swatch
/// (those drawn since the words before), the caption's lines left out.
fn legend_entries(svg: &str) -> Vec<(String, Vec<Element>)> {
    let mut entries = Vec::new();
    let mut swatch = Vec::new();
    for e in group(svg, "legend") {
        if e.name == "text" {
            if e.class() != "caption" {
                entries.push((e.text.clone(), std::mem::take(&mut swatch)));
            }
        } else if e.name != "g" {
            swatch.push(e);
        }
    }
    entries
}

/// The luminance of a `#rrggbb` colour as a greyscale print shows it (ITU-R
/// BT.601 weights), from 0 (black) to 1 (white).
fn luminance(color: &str) -> f64 {
    let rgb = u32::from_str_radix(color.trim_start_matches('#'), 16).unwrap_or_else(|_| panic!("colour {color}"));
    let channel = |shift: u32| f64::from((rgb >> shift) & 0xff) / 255.0;
    0.299 * channel(16) + 0.587 * channel(8) + 0.114 * channel(0)
}

/// A drawn hex: its centre and circumradius, from its corners.
fn hex_of(cell: &Element) -> ((f64, f64), f64) {
    let pts = cell.points();
    let c = (
        pts.iter().map(|p| p.0).sum::<f64>() / pts.len() as f64,
        pts.iter().map(|p| p.1).sum::<f64>() / pts.len() as f64,
    );
    (c, pts.iter().map(|&p| dist(c, p)).fold(0.0, f64::max))
}

/// The cells of a page by `(q, r)`: the cell element and its marks.
fn cells_and_marks(elements: &[Element]) -> std::collections::BTreeMap<(i64, i64), (&Element, Vec<&Element>)> {
    let at = |e: &Element| (e.num("data-q") as i64, e.num("data-r") as i64);
    let mut cells: std::collections::BTreeMap<(i64, i64), (&Element, Vec<&Element>)> = elements
        .iter()
        .filter(|e| e.class() == "cell")
        .map(|e| (at(e), (e, Vec::new())))
        .collect();
    for e in elements.iter().filter(|e| e.class() == "mark") {
        cells.get_mut(&at(e)).expect("a mark in a cell").1.push(e);
    }
    cells
}

/// The terrain of the cell at `(q, r)` of `board`.
fn terrain_at(board: &Board, (q, r): (i64, i64)) -> Terrain {
    board
        .cells
        .iter()
        .find(|c| i64::from(c.q) == q && i64::from(c.r) == r)
        .expect("a drawn cell is on the board")
        .terrain
}

/// The smallest box holding every box of `boxes`.
fn union(boxes: impl IntoIterator<Item = [f64; 4]>) -> Option<[f64; 4]> {
    boxes
        .into_iter()
        .reduce(|a, b| [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])])
}

/// Distance from `p` to the nearest point of the box `b` (0 inside it).
fn box_distance(p: (f64, f64), b: [f64; 4]) -> f64 {
    let dx = (b[0] - p.0).max(p.0 - b[2]).max(0.0);
    let dy = (b[1] - p.1).max(p.1 - b[3]).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

/// Whether `p` lies inside the convex polygon `corners` (either turn).
fn inside_convex(p: (f64, f64), corners: &[(f64, f64)]) -> bool {
    let sides: Vec<f64> = (0..corners.len())
        .map(|k| {
            let (a, b) = (corners[k], corners[(k + 1) % corners.len()]);
            (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
        })
        .collect();
    sides.iter().all(|&s| s >= -EPS) || sides.iter().all(|&s| s <= EPS)
}

/// One mark of a signature: its element's name and defining numbers.
type Mark = (String, Vec<f64>);
/// The shape of a set of marks (see [`signature`]).
type Signature = Vec<Mark>;

/// The shape of a set of marks in a hex, as a greyscale print shows it:
/// each element's kind and defining numbers, relative to the hex centre in
/// circumradii.
fn signature(marks: &[&Element], center: (f64, f64), radius: f64) -> Signature {
    let x = |v: f64| (v - center.0) / radius;
    let y = |v: f64| (v - center.1) / radius;
    marks
        .iter()
        .map(|e| {
            let n = |name: &str| e.num(name);
            let numbers = match e.name.as_str() {
                "line" => vec![x(n("x1")), y(n("y1")), x(n("x2")), y(n("y2"))],
                "circle" => vec![x(n("cx")), y(n("cy")), n("r") / radius],
                "rect" => vec![x(n("x")), y(n("y")), n("width") / radius, n("height") / radius],
                "polygon" => e.points().iter().flat_map(|&(px, py)| [x(px), y(py)]).collect(),
                _ => Vec::new(),
            };
            (e.name.clone(), numbers)
        })
        .collect()
}

/// Whether two signatures are the same shape, to a fiftieth of a radius.
fn same_shape(a: &[Mark], b: &[Mark]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|((na, va), (nb, vb))| na == nb && va.len() == vb.len() && va.iter().zip(vb).all(|(p, q)| (p - q).abs() <= 0.02))
}

/// The bounding box of an element that paints.
fn bounds_of(e: &Element) -> [f64; 4] {
    e.bounds().unwrap_or_else(|| panic!("{} has no bounds", e.name))
}

/// A hexet map's cells are at least 8 mm across (between opposite sides) at
/// the default size on A4, Letter and A3; on A5 too nothing is drawn in the
/// margin (its cells are smaller: see `hexet_cells_on_a5`).
#[test]
fn hexet_cells_are_wide_enough_to_draw_in() {
    let params = boardwright::hexet::Params::default();
    for paper in Paper::ALL {
        for i in 0..5 {
            for ink_friendly in [false, true] {
                let board = Hexet::generate(&params, &Seed::new(&format!("hex-{i}"))).unwrap();
                let doc = Hexet::draw(
                    &board,
                    DrawOptions {
                        paper,
                        ink_friendly,
                        ..DrawOptions::default()
                    },
                );
                let (width, height, elements) = elements(&render::svg::page(&doc.pages[0], &doc.title));
                inside_margin(width, height, &elements).unwrap_or_else(|e| panic!("{paper:?} hex-{i}: {e}"));
                assert!(elements.iter().any(|e| e.class() == "legend"), "no legend");
                let cells: Vec<&Element> = elements.iter().filter(|e| e.class() == "cell").collect();
                assert_eq!(cells.len() as u32, params.width * params.height);
                if !PAPERS.contains(&paper) {
                    continue;
                }
                for cell in cells {
                    let pts = cell.points();
                    assert_eq!(pts.len(), 6);
                    // Across the flats: twice the distance from the centre to a side's middle.
                    let (c, _) = hex_of(cell);
                    let across = (0..6)
                        .map(|k| 2.0 * segment_distance(c, pts[k], pts[(k + 1) % 6]))
                        .fold(f64::INFINITY, f64::min);
                    assert!(across >= 8.0, "{paper:?}: a cell {across:.2} mm across");
                }
            }
        }
    }
}

/// On A5 the default map's cells are what the half sheet leaves: its 132 mm
/// of printable height hold 18 rows of hexes no more than 7 mm across, and
/// the legend's column (wide enough for eight players' roads and eight city
/// types to fit its height) takes a little more; they stay at least 6.5 mm
/// across, against the 8 mm the other papers give.
#[test]
fn hexet_cells_on_a5() {
    let board = Hexet::generate(&boardwright::hexet::Params::default(), &Seed::new("a5")).unwrap();
    let doc = Hexet::draw(&board, on_paper(Paper::A5));
    let (_, _, elements) = elements(&render::svg::page(&doc.pages[0], &doc.title));
    let cell = elements.iter().find(|e| e.class() == "cell").expect("cells");
    let (_, radius) = hex_of(cell);
    let across = radius * 3f64.sqrt();
    assert!(across >= 6.5, "A5: cells {across:.2} mm across");
}

/// Every page, at every size, player count and number of city types, on
/// every paper (A5 included) and in both modes, keeps inside the margin;
/// the legend and its caption lie in a column of their own, touching no hex.
#[test]
fn hexet_legend_lies_off_the_map() {
    let mut all = Paper::ALL.to_vec();
    all.retain(|p| !PAPERS.contains(p));
    let papers: Vec<Paper> = PAPERS.iter().copied().chain(all).collect();
    for page in drawn(&papers, 2) {
        inside_margin(page.width, page.height, &page.elements).unwrap_or_else(|e| panic!("{}: {e}", page.what));
        let legend: Vec<[f64; 4]> = group(&page.svg, "legend").iter().filter_map(Element::bounds).collect();
        assert!(!legend.is_empty(), "{}: no legend", page.what);
        let cells = union(page.elements.iter().filter(|e| e.class() == "cell").map(bounds_of)).expect("cells");
        for b in legend {
            assert!(
                b[0] >= cells[2] || b[2] <= cells[0] || b[1] >= cells[3] || b[3] <= cells[1],
                "{}: the legend at {b:?} lies on the map {cells:?}",
                page.what
            );
        }
    }
}

/// Every word a player reads on a hexet page is at least 2 mm tall, the
/// caption's lines at least 1.5 mm, at every size, player count and number
/// of city types, on every paper and in both modes.
#[test]
fn hexet_words_are_large_enough_to_read() {
    for page in drawn(&Paper::ALL, 1) {
        for e in page.elements.iter().filter(|e| e.name == "text") {
            let least = if e.class() == "caption" { 1.5 } else { 2.0 };
            assert!(
                e.num("font-size") >= least - EPS,
                "{}: {:?} in {} mm",
                page.what,
                e.text,
                e.num("font-size")
            );
        }
    }
}

/// Forest and hills glyphs stay inside their hex, off the disc around its
/// centre where pen roads start and end, and clear of any city; each is
/// well smaller than a city and no glyph has a city's shape. The tower is at
/// least half as large again as any city.
#[test]
fn terrain_glyphs_never_look_like_cities() {
    for page in drawn(&PAPERS, 2) {
        let cities: Vec<&Element> = page.elements.iter().filter(|e| e.class() == "city").collect();
        assert!(!cities.is_empty(), "{}: no cities", page.what);
        let city_size = |b: [f64; 4]| (b[2] - b[0]).min(b[3] - b[1]);
        let smallest_city = cities.iter().map(|e| city_size(bounds_of(e))).fold(f64::INFINITY, f64::min);
        let largest_city = cities
            .iter()
            .map(|e| bounds_of(e))
            .fold(0.0, |m: f64, b| m.max(b[2] - b[0]).max(b[3] - b[1]));
        // A city's or glyph's shape, in its own box's units.
        let shape_of = |marks: &[&Element]| {
            let b = union(marks.iter().map(|e| bounds_of(e))).unwrap();
            let side = (b[2] - b[0]).max(b[3] - b[1]);
            signature(marks, ((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0), side)
        };
        let city_shapes: Vec<Signature> = cities.iter().map(|e| shape_of(&[e])).collect();

        let tower = union(group(&page.svg, "tower").iter().filter_map(Element::bounds)).expect("a tower");
        let tower_size = (tower[2] - tower[0]).min(tower[3] - tower[1]);
        assert!(
            tower_size >= 1.5 * largest_city,
            "{}: the tower is {tower_size:.2} mm, a city {largest_city:.2} mm",
            page.what
        );

        for ((q, r), (cell, marks)) in cells_and_marks(&page.elements) {
            let terrain = terrain_at(&page.board, (q, r));
            if !matches!(terrain, Terrain::Forest | Terrain::Hills) {
                continue;
            }
            assert!(!marks.is_empty(), "{}: {terrain:?} at {q},{r} has no glyph", page.what);
            let (center, radius) = hex_of(cell);
            let glyph = union(marks.iter().map(|e| bounds_of(e))).unwrap();
            let clear = box_distance(center, glyph);
            assert!(
                clear >= CENTRE_DISC * radius,
                "{}: the {terrain:?} glyph at {q},{r} comes {clear:.2} mm from the centre (hex {radius:.2} mm)",
                page.what
            );
            let corners = [
                (glyph[0], glyph[1]),
                (glyph[2], glyph[1]),
                (glyph[2], glyph[3]),
                (glyph[0], glyph[3]),
            ];
            assert!(
                corners.iter().all(|&p| inside_convex(p, &cell.points())),
                "{}: the {terrain:?} glyph at {q},{r} {glyph:?} leaves its hex",
                page.what
            );
            for city in &cities {
                let b = bounds_of(city);
                assert!(
                    b[0] >= glyph[2] || b[2] <= glyph[0] || b[1] >= glyph[3] || b[3] <= glyph[1],
                    "{}: the {terrain:?} glyph at {q},{r} {glyph:?} touches a city {b:?}",
                    page.what
                );
            }
            let size = (glyph[2] - glyph[0]).max(glyph[3] - glyph[1]);
            assert!(
                size <= 0.6 * smallest_city,
                "{}: the {terrain:?} glyph at {q},{r} is {size:.2} mm, a city {smallest_city:.2} mm",
                page.what
            );
            assert!(
                !city_shapes.iter().any(|city| same_shape(city, &shape_of(&marks))),
                "{}: the {terrain:?} glyph at {q},{r} has a city's shape",
                page.what
            );
        }
    }
}

/// A lake reads as "no road here" in every mode: its hex is filled clearly
/// darker than grassland, or covered edge to edge with marks (their box
/// spans most of the hex, their lines cross it several times), not only a
/// small mark in the middle of a white hex.
#[test]
fn lakes_read_as_no_road_in_every_mode() {
    for page in drawn(&PAPERS, 2) {
        let cells = cells_and_marks(&page.elements);
        let fill_of = |terrain: Terrain| {
            cells
                .iter()
                .find(|(at, _)| terrain_at(&page.board, **at) == terrain)
                .map(|(_, (cell, _))| luminance(cell.get("fill").expect("a fill")))
        };
        let Some(grassland) = fill_of(Terrain::Grassland) else { continue };
        let mut lakes = 0;
        for (at, (cell, marks)) in &cells {
            if terrain_at(&page.board, *at) != Terrain::Lake {
                continue;
            }
            lakes += 1;
            let (_, radius) = hex_of(cell);
            let dark = luminance(cell.get("fill").unwrap()) <= grassland - 0.25;
            let span = union(marks.iter().map(|e| bounds_of(e))).unwrap_or([0.0; 4]);
            let length: f64 = marks
                .iter()
                .filter(|e| e.name == "line")
                .map(|e| dist((e.num("x1"), e.num("y1")), (e.num("x2"), e.num("y2"))))
                .sum();
            let hatched =
                span[2] - span[0] >= 0.7 * 2.0 * radius && span[3] - span[1] >= 0.7 * 3f64.sqrt() * radius && length >= 3.0 * 2.0 * radius;
            assert!(
                dark || hatched,
                "{}: the lake at {at:?} is neither dark nor hatched (marks {span:?}, {length:.1} mm of lines)",
                page.what
            );
        }
        assert!(lakes > 0 || page.board.metrics.lakes == 0, "{}: lakes not drawn", page.what);
    }
}

/// Printed in greyscale, every two terrains whose fills come out nearly the
/// same grey differ by their marks: ink-friendly (all white) by marks alone.
#[test]
fn terrains_differ_in_greyscale() {
    let mut seen = [[false; 4]; 2];
    for page in drawn(&PAPERS, 2) {
        let ink_friendly = page.what.ends_with("ink-friendly");
        // Each terrain's grey and the shape of its marks, one hex of it each.
        let mut looks: Vec<(Terrain, f64, Signature)> = Vec::new();
        for (at, (cell, marks)) in cells_and_marks(&page.elements) {
            let terrain = terrain_at(&page.board, at);
            let (center, radius) = hex_of(cell);
            let look = (luminance(cell.get("fill").unwrap()), signature(&marks, center, radius));
            match looks.iter().find(|l| l.0 == terrain) {
                Some(l) => assert!(
                    (l.1 - look.0).abs() < 1e-9 && same_shape(&l.2, &look.1),
                    "{}: {terrain:?} hexes drawn two ways",
                    page.what
                ),
                None => looks.push((terrain, look.0, look.1)),
            }
        }
        for (i, a) in looks.iter().enumerate() {
            seen[usize::from(ink_friendly)][TERRAINS.iter().position(|&t| t == a.0).unwrap()] = true;
            for b in &looks[i + 1..] {
                assert!(
                    (a.1 - b.1).abs() >= GREY_STEP || !same_shape(&a.2, &b.2),
                    "{}: {:?} and {:?} print the same grey ({:.3}, {:.3}) with the same marks",
                    page.what,
                    a.0,
                    b.0,
                    a.1,
                    b.1
                );
            }
        }
    }
    assert_eq!(seen, [[true; 4]; 2], "every terrain measured in both modes");
}

/// A river never looks like a road: in the legend its swatch differs from
/// every player's road by its number of lines, its width or its grey; on
/// the map each river side is drawn as its swatch is, with as many lines.
#[test]
fn rivers_never_look_like_roads() {
    for page in drawn(&PAPERS, 1) {
        let entries = legend_entries(&page.svg);
        let river = &entries.iter().find(|(words, _)| words.contains("river")).expect("a river entry").1;
        let lines = |swatch: &[Element]| -> Vec<(f64, f64)> {
            swatch
                .iter()
                .filter(|e| e.name == "line")
                .map(|e| (e.num("stroke-width"), luminance(e.get("stroke").unwrap())))
                .collect()
        };
        let river_lines = lines(river);
        let widest = |l: &[(f64, f64)]| l.iter().map(|x| x.0).fold(0.0, f64::max);
        let darkest = |l: &[(f64, f64)]| l.iter().map(|x| x.1).fold(1.0, f64::min);
        let roads: Vec<&(String, Vec<Element>)> = entries.iter().filter(|(w, _)| w.starts_with("player")).collect();
        for (words, swatch) in roads {
            let road = lines(swatch);
            let differs = road.len() != river_lines.len()
                || widest(&road).max(widest(&river_lines)) >= 1.5 * widest(&road).min(widest(&river_lines))
                || (darkest(&road) - darkest(&river_lines)).abs() >= 0.25;
            assert!(differs, "{}: the river looks like the {words:?}", page.what);
        }
        // On the map: the lines of one river side share their middle.
        let mut sides: Vec<((f64, f64), usize)> = Vec::new();
        let radius = hex_of(page.elements.iter().find(|e| e.class() == "cell").unwrap()).1;
        for e in page.elements.iter().filter(|e| e.class() == "river") {
            let middle = ((e.num("x1") + e.num("x2")) / 2.0, (e.num("y1") + e.num("y2")) / 2.0);
            match sides.iter_mut().find(|(m, _)| dist(*m, middle) < 0.3 * radius) {
                Some(side) => side.1 += 1,
                None => sides.push((middle, 1)),
            }
        }
        let expected: u64 = page.board.cells.iter().map(|c| u64::from(c.rivers.iter().count() as u32)).sum();
        assert!(sides.len() as u64 * 2 >= expected, "{}: rivers not drawn", page.what);
        for (middle, n) in sides {
            assert_eq!(n, river_lines.len(), "{}: the river side at {middle:?}", page.what);
        }
    }
}

/// The legend names what a player sees in their own words (no `snake_case`),
/// one entry per city type and per player; each terrain's swatch is its hex
/// as drawn on the map in this mode: the same fill and the same marks.
#[test]
fn hexet_legend_names_every_mark_as_drawn() {
    for page in drawn(&PAPERS, 1) {
        let entries = legend_entries(&page.svg);
        let words: Vec<&str> = entries.iter().map(|(w, _)| w.as_str()).collect();
        for w in &words {
            assert!(!w.contains('_'), "{}: {w:?}", page.what);
        }
        let bridges = page.board.roads.iter().any(|r| r.road_type == RoadType::Bridge);
        let things = ["grassland", "forest", "hills", "lake", "river", "tower"];
        for thing in things.into_iter().chain(bridges.then_some("bridge")) {
            assert!(
                words.iter().any(|w| w.split(|c: char| !c.is_alphabetic()).any(|x| x == thing)),
                "{}: no {thing} in {words:?}",
                page.what
            );
        }
        let params = &page.board.header.params;
        assert_eq!(words.iter().filter(|w| w.starts_with("city")).count() as u32, params.city_types);
        // A road entry for each player whose roads are drawn, and no other.
        let mut players: Vec<u32> = page.board.roads.iter().map(|r| r.player).collect();
        players.sort_unstable();
        players.dedup();
        let named: Vec<u32> = words
            .iter()
            .filter_map(|w| w.strip_prefix("player ")?.split(' ').next()?.parse::<u32>().ok())
            .collect();
        assert_eq!(named, players.iter().map(|p| p + 1).collect::<Vec<_>>(), "{}", page.what);
        assert!(
            words.iter().any(|w| w.contains("bridge:")) == bridges,
            "{}: a bridge entry without bridges, or none with",
            page.what
        );

        let cells = cells_and_marks(&page.elements);
        for (terrain, name) in TERRAINS.iter().zip(["grassland", "forest", "hills", "lake"]) {
            let Some((_, (cell, marks))) = cells.iter().find(|(at, _)| terrain_at(&page.board, **at) == *terrain) else {
                continue;
            };
            let swatch = &entries.iter().find(|(w, _)| w.starts_with(name)).unwrap().1;
            let hex = swatch
                .iter()
                .find(|e| e.name == "polygon" && e.points().len() == 6)
                .expect("a hex swatch");
            assert_eq!(hex.get("fill"), cell.get("fill"), "{}: the {name} swatch's fill", page.what);
            let kinds = |els: &mut dyn Iterator<Item = &Element>| {
                let mut k: Vec<(String, Option<String>, Option<String>)> = els
                    .map(|e| (e.name.clone(), e.get("fill").map(String::from), e.get("stroke").map(String::from)))
                    .collect();
                k.sort();
                k
            };
            let on_map = kinds(&mut marks.iter().copied());
            let in_legend = kinds(&mut swatch.iter().filter(|e| !std::ptr::eq(*e, hex)));
            assert_eq!(on_map, in_legend, "{}: the {name} swatch's marks", page.what);
        }
    }
}

/// A bridge is drawn as its player's road made wider, and the legend's
/// bridge, across a river, is wider than every player's road in it.
#[test]
fn bridges_are_wider_roads() {
    let mut bridges_seen = 0;
    for page in drawn(&PAPERS, 2) {
        let roads: Vec<&Element> = page.elements.iter().filter(|e| e.class() == "road").collect();
        let width_of = |road: &boardwright::hexet::Road| {
            let (from, to) = (format!("{},{}", road.from.q, road.from.r), format!("{},{}", road.to.q, road.to.r));
            roads
                .iter()
                .find(|e| e.get("data-from") == Some(&from) && e.get("data-to") == Some(&to))
                .map(|e| e.num("stroke-width"))
                .expect("every road is drawn")
        };
        let widths = |kind: RoadType| {
            page.board
                .roads
                .iter()
                .filter(|r| r.road_type == kind)
                .map(&width_of)
                .collect::<Vec<f64>>()
        };
        let (normal, bridge) = (widths(RoadType::Normal), widths(RoadType::Bridge));
        let widest_road = normal.iter().copied().fold(0.0, f64::max);
        for w in &bridge {
            assert!(
                *w >= 1.5 * widest_road,
                "{}: a bridge {w:.2} mm wide, a road {widest_road:.2} mm",
                page.what
            );
        }
        let entries = legend_entries(&page.svg);
        let Some((_, swatch)) = entries.iter().find(|(w, _)| w.starts_with("bridge")) else {
            assert!(bridge.is_empty(), "{}: bridges drawn, none in the legend", page.what);
            continue;
        };
        bridges_seen += 1;
        let widest = |swatch: &[Element]| {
            swatch
                .iter()
                .filter(|e| e.name == "line")
                .map(|e| e.num("stroke-width"))
                .fold(0.0, f64::max)
        };
        for (words, road) in entries.iter().filter(|(w, _)| w.starts_with("player")) {
            assert!(
                widest(swatch) >= 1.5 * widest(road),
                "{}: the legend's bridge is no wider than its {words:?}",
                page.what
            );
        }
    }
    assert!(bridges_seen > 0, "no bridge measured");
}
