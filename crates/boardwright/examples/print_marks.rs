//! How many universe boards lose a mark a player needs on the printed
//! page: for each paper, player count and preset, over many seeds, the
//! boards drawn with a numbered node showing no number (or one under the
//! least font), with a node showing no pictogram, and the boards refused;
//! and the smallest power dot's diameter on the boards drawn (the least and
//! the median over the boards), where players draw their icons.
//!
//! ```text
//! cargo run --profile test -p boardwright --example print_marks [boards]
//! ```
//!
//! With `PRESETS=1` it runs every preset at 9 players on A4 and A5
//! instead: how many boards of each are refused.

use boardwright::params::Params as _;
use boardwright::universe::{Board, Params, Universe};
use boardwright::{DrawOptions, Generator, Paper, Printed, Seed};
use scene::Shape;

/// The least font of a number, millimetres.
const LEAST_NUMBER: f64 = 2.0;

fn main() {
    let boards: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let runs: Vec<(Paper, i64, Option<&str>)> = if std::env::var("PRESETS").is_ok() {
        Params::PRESETS
            .iter()
            .flat_map(|&(name, _)| [(Paper::A4, 9, Some(name)), (Paper::A5, 9, Some(name))])
            .collect()
    } else {
        vec![
            (Paper::A4, 2, None),
            (Paper::A4, 4, None),
            (Paper::A4, 9, None),
            (Paper::A5, 2, None),
            (Paper::A5, 4, None),
            (Paper::A5, 6, None),
            (Paper::A5, 9, None),
            (Paper::A4, 9, Some("all-expansions")),
        ]
    };
    println!(
        "{:<6} {:>7} {:<15} {:>7} {:>10} {:>13} {:>8} {:>14} {:>12}",
        "paper", "players", "preset", "boards", "no number", "no pictogram", "refused", "dot mm min/med", "dots under"
    );
    for (paper, players, preset) in runs {
        let mut layers = preset.map(|p| vec![Params::preset(p).expect("a preset")]).unwrap_or_default();
        let mut table = toml::Table::new();
        table.insert("players".into(), toml::Value::Integer(players));
        layers.push(table);
        let params = Params::resolve(&layers).expect("valid parameters");
        let options = DrawOptions {
            paper,
            ..DrawOptions::default()
        };
        let (mut numbers, mut pictograms, mut refused) = (0, 0, 0);
        let mut dots: Vec<f64> = Vec::new();
        let (mut all, mut under) = (0usize, 0usize);
        let target = if paper == Paper::A4 && players <= 6 { 3.0 } else { 2.5 };
        for i in 0..boards {
            let board = Universe::generate(&params, &Seed::new(&format!("x{i}"))).expect("a board");
            if Universe::check_printable(&board, &options).is_err() {
                refused += 1;
                continue;
            }
            let shapes = &Universe::draw(&board, options.clone()).pages[0].shapes;
            let (number, pictogram) = missing(&board, shapes);
            let mut diameters = Vec::new();
            dot_diameters(shapes, false, &mut diameters);
            all += diameters.len();
            under += diameters.iter().filter(|&&d| d < target - 1e-9).count();
            dots.push(diameters.into_iter().fold(f64::INFINITY, f64::min));
            numbers += usize::from(number);
            pictograms += usize::from(pictogram);
        }
        dots.sort_by(f64::total_cmp);
        let (least, median) = (
            dots.first().copied().unwrap_or(0.0),
            dots.get(dots.len() / 2).copied().unwrap_or(0.0),
        );
        println!(
            "{:<6} {:>7} {:<15} {:>7} {:>10} {:>13} {:>8} {:>14} {:>12}",
            paper.name(),
            players,
            preset.unwrap_or("default"),
            boards,
            numbers,
            pictograms,
            refused,
            format!("{least:.2}/{median:.2}"),
            format!("{:.1} % < {target}", 100.0 * under as f64 / all.max(1) as f64)
        );
    }
}

/// Whether a numbered node of `board` shows no number at the least font,
/// and whether a node but the centre shows no pictogram, on a page of `shapes`.
fn missing(board: &Board, shapes: &[Shape]) -> (bool, bool) {
    let (mut number, mut pictogram) = (false, false);
    for shape in shapes {
        let Shape::Group { tag, shapes } = shape else { continue };
        if tag.class != "node" {
            continue;
        }
        let id = tag.data.iter().find_map(|(k, v)| match v {
            scene::Value::Text(t) if k == "id" => t.parse::<usize>().ok(),
            _ => None,
        });
        let Some(node) = id.and_then(|i| board.nodes.get(i)) else {
            continue;
        };
        let shown = |class: &str| {
            shapes.iter().any(|s| match s {
                Shape::Tagged { tag, shape } if tag.class == class => {
                    matches!(**shape, Shape::Text { size, .. } if size >= LEAST_NUMBER - 1e-9)
                }
                Shape::Group { tag, .. } => tag.class == class,
                _ => false,
            })
        };
        number |= node.number.is_some() && !shown("number");
        pictogram |= node.node_type.is_some() && !shown("pictogram");
    }
    (number, pictogram)
}

/// Appends the diameter of every power dot among `shapes` (inside a shape
/// tagged `dot` when `dot`), millimetres.
fn dot_diameters(shapes: &[Shape], dot: bool, out: &mut Vec<f64>) {
    for shape in shapes {
        match shape {
            Shape::Group { shapes, .. } => dot_diameters(shapes, dot, out),
            Shape::Tagged { tag, shape } => dot_diameters(std::slice::from_ref(shape), dot || tag.class == "dot", out),
            Shape::Circle { radius, .. } if dot => out.push(2.0 * radius),
            _ => {}
        }
    }
}
