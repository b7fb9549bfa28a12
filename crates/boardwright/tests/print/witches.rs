//! The witches sheets: cells, folds and cuts, measured.

use boardwright::witches::{self, Witches};
use boardwright::{Generator, Paper, Seed};

use super::*;

/// A witches cell as drawn: its side, grid place and rectangle in mm.
struct Cell {
    back: bool,
    grid: (usize, usize),
    rect: [f64; 4],
}

fn check_witches(board: &witches::Board, paper: Paper) -> Result<(), String> {
    let doc = Witches::draw(board, on_paper(paper));
    if doc.pages.len() != 2 {
        return Err(format!("{} pages", doc.pages.len()));
    }
    let mut cells = Vec::new();
    for page in &doc.pages {
        let svg = render::svg::page(page, &doc.title);
        let (width, height, elements) = elements(&svg);
        if (width, height) != (paper.size().1, paper.size().0) {
            return Err(format!("page {width} x {height}, not {paper:?} landscape"));
        }
        inside_margin(width, height, &elements)?;
        let legend = elements.iter().any(|e| e.class() == "legend");
        let how = elements
            .iter()
            .any(|e| e.text.contains("double-sided") && e.text.contains("short edge"));
        if !legend || !how {
            return Err("a page without its legend or printing instructions".into());
        }
        // The notes cell's writing lines (thin, solid, level) are all above
        // the legend, whose backing is the first thing its group draws.
        let legend_top = elements
            .iter()
            .position(|e| e.class() == "legend")
            .and_then(|i| elements.get(i + 1))
            .map_or(f64::INFINITY, |backing| backing.num("y"));
        let lowest_note = elements
            .iter()
            .filter(|e| e.name == "line" && e.get("stroke-width") == Some("0.2") && e.get("stroke-dasharray").is_none())
            .filter(|e| e.num("y1") == e.num("y2"))
            .fold(f64::NEG_INFINITY, |low, e| low.max(e.num("y1")));
        if lowest_note >= legend_top {
            return Err(format!(
                "a notes line at {lowest_note:.1} mm runs under the legend (from {legend_top:.1} mm)"
            ));
        }
        let folds: Vec<&Element> = elements.iter().filter(|e| e.class() == "fold").collect();
        let cuts: Vec<&Element> = elements.iter().filter(|e| e.class() == "cut").collect();
        if folds.is_empty() || (board.players.len() > 1 && cuts.is_empty()) {
            return Err("no fold or no cut lines".into());
        }
        if folds.iter().any(|f| f.get("stroke-dasharray").is_none()) || cuts.iter().any(|c| c.get("stroke-dasharray").is_some()) {
            return Err("fold lines are not dashed, or cut lines are".into());
        }
        for e in elements.iter().filter(|e| e.class() == "cell") {
            cells.push(Cell {
                back: e.get("data-side") == Some("back"),
                grid: (e.num("data-x") as usize, e.num("data-y") as usize),
                rect: [e.num("x"), e.num("y"), e.num("width"), e.num("height")],
            });
        }
    }
    if cells.len() != 64 {
        return Err(format!("{} cells drawn, not 64", cells.len()));
    }
    let (short, long) = paper.size();
    // Cell lines on the sheet's eighths across and quarters down; the outer
    // cells end at the printable margin.
    let line = |i: usize, n: usize, length: f64| {
        if i == 0 {
            MARGIN
        } else if i == n {
            length - MARGIN
        } else {
            length * i as f64 / n as f64
        }
    };
    for c in &cells {
        let (i, j) = c.grid;
        let [x, y, w, h] = c.rect;
        let near = |a: f64, b: f64| (a - b).abs() <= EPS;
        if !near(x, line(i, 8, long))
            || !near(x + w, line(i + 1, 8, long))
            || !near(y, line(j, 4, short))
            || !near(y + h, line(j + 1, 4, short))
        {
            return Err(format!("cell {:?} (back {}) at {:?} is off the folds", c.grid, c.back, c.rect));
        }
        if w.min(h) < 25.0 {
            return Err(format!("cell {:?} is only {:.1} mm on its short side", c.grid, w.min(h)));
        }
        // Turned over on the short edge, the back cell behind it mirrors it left to right.
        let behind = cells
            .iter()
            .find(|o| o.back != c.back && o.grid == (7 - i, j))
            .ok_or_else(|| format!("no cell behind {:?}", c.grid))?;
        let [bx, by, bw, bh] = behind.rect;
        if !near(bx, long - x - w) || !near(by, y) || !near(bw, w) || !near(bh, h) {
            return Err(format!("cell {:?} and the cell behind it do not line up", c.grid));
        }
    }
    // Each player's back area lies behind their front area.
    for p in &board.players {
        let [fx, fy, fw, fh] = p.front;
        let [bx, by, bw, bh] = p.back;
        if (bx, by, bw, bh) != (8 - fx - fw, fy, fw, fh) {
            return Err(format!("player {}'s back is not behind their front", p.id + 1));
        }
    }
    Ok(())
}

#[test]
fn witches_sheets_fold_on_their_cell_lines_and_line_up_back_to_front() {
    let mut failures = Vec::new();
    for paper in PAPERS {
        for players in 1..=5 {
            for i in 0..20 {
                let params = witches::Params {
                    players,
                    ..witches::Params::default()
                };
                let seed = format!("fold-{i}");
                let board = Witches::generate(&params, &Seed::new(&seed)).unwrap();
                if let Err(e) = check_witches(&board, paper) {
                    failures.push(format!("{paper:?}, players {players}, seed {seed:?}: {e}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}
