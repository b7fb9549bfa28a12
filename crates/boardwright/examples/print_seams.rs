//! How hexet maps and starships fill the sheets they are tiled over, and
//! what a player needs that lies near a seam: for each paper and tiling,
//! over many seeds, the least span of the drawing over the assembled
//! printable area (the larger of its width's and height's shares), the
//! least size of its hexes or tiles against one sheet's, and how many
//! words and marks (hexet: legend and caption words, cities, the tower;
//! starship: part letters, legend and caption words) lie within 5 mm of an
//! overlap strip (words, the tower and other marks apart), how many of
//! those a strip's edge cuts, and on how many boards any does either.
//! Boards of several sizes take turns (hexet 24x18, 12x9, 40x14 and 20x24;
//! starship 40x40, 96x64, 24x24 and 64x40); `default` draws the default
//! size alone, `show` names every mark near a strip and every drawing that
//! spans less than 85 %.
//!
//! ```text
//! cargo run --release -p boardwright --example print_seams [seeds] [default] [show]
//! ```

use boardwright::params::Params as _;
use boardwright::{DrawOptions, Generator, Paper, Registered, Seed, Tile};
use scene::{Anchor, Document, Page, Shape};

/// Whether to name every fault.
static SHOW: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn show() -> bool {
    SHOW.load(std::sync::atomic::Ordering::Relaxed)
}

/// The paper's edge no drawing comes nearer than, millimetres.
const MARGIN: f64 = 8.0;
/// How far from an overlap strip a player's marks keep, millimetres.
const CLEAR: f64 = 5.0;

const TILES: [Tile; 5] = [
    Tile { cols: 1, rows: 1 },
    Tile { cols: 2, rows: 1 },
    Tile { cols: 1, rows: 2 },
    Tile { cols: 2, rows: 2 },
    Tile { cols: 3, rows: 3 },
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seeds: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(50);
    let default = args.iter().any(|a| a == "default");
    SHOW.store(args.iter().any(|a| a == "show"), std::sync::atomic::Ordering::Relaxed);
    println!(
        "{:<9} {:<7} {:>4} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}",
        "generator", "paper", "tile", "span", "size", "marks", "words", "main", "near", "cut", "boards"
    );
    let hexet_sizes = [(24, 18, 4), (12, 9, 2), (40, 14, 6), (20, 24, 8)];
    let hexets: Vec<_> = (0..seeds)
        .map(|i| {
            let (width, height, city_types) = hexet_sizes[if default { 0 } else { i % hexet_sizes.len() }];
            let mut layer = toml::Table::new();
            layer.insert("width".into(), toml::Value::Integer(width));
            layer.insert("height".into(), toml::Value::Integer(height));
            layer.insert("city_types".into(), toml::Value::Integer(city_types));
            let params = boardwright::hexet::Params::resolve(&[layer]).expect("valid parameters");
            boardwright::hexet::Hexet::generate(&params, &Seed::new(&format!("seam-{i}"))).expect("a map")
        })
        .collect();
    sweep::<boardwright::hexet::Hexet>("hexet", &hexets, hexet_marks);
    let ship_sizes = [(40, 40), (96, 64), (24, 24), (64, 40)];
    let ships: Vec<_> = (0..seeds)
        .map(|i| {
            let (width, height) = ship_sizes[if default { 0 } else { i % ship_sizes.len() }];
            let mut layer = toml::Table::new();
            layer.insert("width".into(), toml::Value::Integer(width));
            layer.insert("height".into(), toml::Value::Integer(height));
            let params = boardwright::starship::Params::resolve(&[layer]).expect("valid parameters");
            boardwright::starship::Starship::generate(&params, &Seed::new(&format!("seam-{i}"))).expect("a ship")
        })
        .collect();
    sweep::<boardwright::starship::Starship>("starship", &ships, starship_marks);
}

/// What a page shows: the drawing's box, the side of its hexes or tiles,
/// and the boxes of the marks a player needs, each of a kind.
struct Measured {
    drawing: [f64; 4],
    unit: f64,
    marks: Vec<(Kind, [f64; 4])>,
}

/// What a mark is: words, the main mark (the tower) or another mark.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Words,
    Main,
    Mark,
}

fn sweep<G: Registered>(name: &str, boards: &[G::Board], measure: fn(&Page) -> Measured) {
    for paper in [Paper::A4, Paper::A5, Paper::Letter, Paper::A3] {
        let one: Vec<Measured> = boards
            .iter()
            .map(|b| measure(&G::draw(b, options(paper, Tile::ONE)).pages[0]))
            .collect();
        for tile in TILES {
            let (mut span, mut size, mut marks, mut near, mut cut) = (f64::INFINITY, f64::INFINITY, 0, [0; 3], 0);
            let mut faulty = 0;
            for (board, one) in boards.iter().zip(&one) {
                let doc = G::draw(board, options(paper, tile));
                let page = &doc.pages[0];
                let m = measure(page);
                let [x0, y0, x1, y1] = m.drawing;
                let spanned = ((x1 - x0) / (page.width - 2.0 * MARGIN)).max((y1 - y0) / (page.height - 2.0 * MARGIN));
                if show() && spanned < 0.85 && tile != Tile::ONE {
                    println!("  {name} {} {tile} {}: spans {:.1} %", paper.name(), doc.title, spanned * 100.0);
                }
                span = span.min(spanned);
                size = size.min(m.unit / one.unit);
                let [across, down] = strips(&G::sheets(board, options(paper, tile)), tile);
                let mut fault = false;
                for (kind, b) in &m.marks {
                    marks += 1;
                    let near_any = |lo: f64, hi: f64, strips: &[(f64, f64)]| {
                        strips.iter().any(|&(a, z)| hi > a - CLEAR + 1e-6 && lo < z + CLEAR - 1e-6)
                    };
                    let cuts =
                        |lo: f64, hi: f64, strips: &[(f64, f64)]| strips.iter().any(|&(a, z)| [a, z].iter().any(|&e| lo < e && e < hi));
                    if near_any(b[0], b[2], &across) || near_any(b[1], b[3], &down) {
                        near[*kind as usize] += 1;
                        fault = true;
                        if show() {
                            println!(
                                "  {name} {} {tile} {}: near {b:?} strips {across:?} {down:?}",
                                paper.name(),
                                doc.title
                            );
                        }
                    }
                    if cuts(b[0], b[2], &across) || cuts(b[1], b[3], &down) {
                        cut += 1;
                        fault = true;
                        if show() {
                            println!(
                                "  {name} {} {tile} {}: cut {b:?} strips {across:?} {down:?}",
                                paper.name(),
                                doc.title
                            );
                        }
                    }
                }
                faulty += usize::from(fault);
            }
            println!(
                "{name:<9} {:<7} {tile:>4} {:>6.1}% {:>7.3} {marks:>7} {:>7} {:>7} {:>7} {cut:>7} {faulty:>7}",
                paper.name(),
                span * 100.0,
                size,
                near[0],
                near[1],
                near[2]
            );
        }
    }
}

fn options(paper: Paper, tile: Tile) -> DrawOptions {
    DrawOptions {
        paper,
        tile,
        ..DrawOptions::default()
    }
}

/// The overlap strips of a tiled drawing, read from its sheets' windows:
/// `[across, down]`, intervals of x (between columns) and of y (between rows).
fn strips(doc: &Document, tile: Tile) -> [Vec<(f64, f64)>; 2] {
    let views: Vec<[f64; 4]> = doc.pages[..tile.count() as usize]
        .iter()
        .filter_map(|p| {
            p.shapes.iter().find_map(|s| match s {
                Shape::Tagged { tag, shape } if tag.class == "sheet" => match shape.as_ref() {
                    Shape::Window { view, .. } => Some(*view),
                    _ => None,
                },
                _ => None,
            })
        })
        .collect();
    if views.len() < 2 {
        return [Vec::new(), Vec::new()];
    }
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

/// The box of a line of words as printed: its letters' advances in the
/// embedded font, from a little above a capital to below the baseline.
fn words_box(at: (f64, f64), content: &str, size: f64, anchor: Anchor) -> [f64; 4] {
    static FACE: std::sync::OnceLock<ttf_parser::Face<'static>> = std::sync::OnceLock::new();
    let face = FACE.get_or_init(|| ttf_parser::Face::parse(render::FONT, 0).expect("the embedded font parses"));
    let em: u32 = content
        .chars()
        .map(|c| {
            u32::from(
                face.glyph_hor_advance(face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0)))
                    .unwrap_or(0),
            )
        })
        .sum();
    let width = f64::from(em) / f64::from(face.units_per_em()) * size;
    let left = match anchor {
        Anchor::Start => at.0,
        Anchor::Middle => at.0 - width / 2.0,
        Anchor::End => at.0 - width,
    };
    [left, at.1 - size * 0.8, left + width, at.1 + size * 0.25]
}

/// Every line of words among `shapes`, groups and tags looked into, of
/// the kind `kind`.
fn words(shapes: &[Shape], kind: Kind, out: &mut Vec<(Kind, [f64; 4])>) {
    for s in shapes {
        match s {
            Shape::Text {
                at, content, size, anchor, ..
            } => out.push((kind, words_box(*at, content, *size, *anchor))),
            Shape::Group { shapes, .. } => words(shapes, kind, out),
            Shape::Tagged { shape, .. } => words(std::slice::from_ref(shape.as_ref()), kind, out),
            _ => {}
        }
    }
}

/// The union of two boxes.
fn union(a: [f64; 4], b: [f64; 4]) -> [f64; 4] {
    [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])]
}

/// The shapes among `shapes` (one level, tags looked through) of class `class`.
fn tagged<'a>(shapes: &'a [Shape], class: &'a str) -> impl Iterator<Item = &'a Shape> + 'a {
    shapes.iter().filter(move |s| match s {
        Shape::Tagged { tag, .. } | Shape::Group { tag, .. } => tag.class == class,
        _ => false,
    })
}

fn hexet_marks(page: &Page) -> Measured {
    let cells: Vec<[f64; 4]> = tagged(&page.shapes, "cell").filter_map(Shape::bounds).collect();
    let drawing = cells.iter().copied().reduce(union).unwrap_or_default();
    let unit = cells.first().map_or(0.0, |c| c[2] - c[0]);
    let mut marks: Vec<(Kind, [f64; 4])> = tagged(&page.shapes, "city")
        .filter_map(Shape::bounds)
        .map(|b| (Kind::Mark, b))
        .collect();
    // The tower: a group placed from the unit box, tagged `tower` inside.
    for s in &page.shapes {
        if let Shape::Group { tag, shapes } = s
            && (tag.class == "tower" || shapes.iter().any(|s| matches!(s, Shape::Group { tag, .. } if tag.class == "tower")))
        {
            marks.extend(s.bounds().map(|b| (Kind::Main, b)));
        }
    }
    words(&page.shapes, Kind::Words, &mut marks);
    Measured { drawing, unit, marks }
}

fn starship_marks(page: &Page) -> Measured {
    let tiles: Vec<[f64; 4]> = tagged(&page.shapes, "tile").filter_map(Shape::bounds).collect();
    let drawing = tiles.iter().copied().reduce(union).unwrap_or_default();
    let unit = tiles.first().map_or(0.0, |c| c[2] - c[0]);
    // The parts' letters stand on the page, the legend's words in its group.
    let mut marks = Vec::new();
    for s in &page.shapes {
        let kind = if matches!(s, Shape::Group { tag, .. } if tag.class == "legend") {
            Kind::Words
        } else {
            Kind::Mark
        };
        words(std::slice::from_ref(s), kind, &mut marks);
    }
    Measured { drawing, unit, marks }
}
