//! The witches sheets: cells, folds and cuts, labels, legend and type,
//! measured on the rendered pages.

use boardwright::witches::{self, Witches};
use boardwright::{DrawOptions, Generator, Paper, Printed, Seed, Tile};

use super::*;

/// Every paper a witches sheet is printed on: the rules' papers and A5,
/// on which everything stays inside the margin without overlapping.
const ALL_PAPERS: [Paper; 4] = [Paper::A4, Paper::Letter, Paper::A3, Paper::A5];

/// A cut line's least width, millimetres.
const CUT_AT_LEAST: f64 = 1.2;
/// A garden border's greatest width, millimetres.
const GARDEN_AT_MOST: f64 = 0.8;
/// The least font size of any words on the sheet, millimetres.
const TEXT_AT_LEAST: f64 = 2.0;

/// One element of a page with the groups it stands in, outermost first.
pub(super) struct Drawn {
    pub(super) element: Element,
    groups: Vec<Element>,
}

impl Drawn {
    /// The nearest group of `class` it stands in.
    pub(super) fn group(&self, class: &str) -> Option<&Element> {
        self.groups.iter().rev().find(|g| g.class() == class)
    }

    /// Its class, or else the nearest group's that has one.
    fn mark(&self) -> &str {
        if !self.element.class().is_empty() {
            return self.element.class();
        }
        self.groups.iter().rev().map(Element::class).find(|c| !c.is_empty()).unwrap_or("")
    }

    /// Whether it is part of the legend or the caption.
    fn in_legend(&self) -> bool {
        self.group("legend").is_some()
    }
}

/// A page's elements (the background first) with their groups, read line by
/// line from the SVG.
pub(super) fn drawn(svg: &str) -> Vec<Drawn> {
    let mut out = Vec::new();
    let mut stack: Vec<Element> = Vec::new();
    for line in svg.lines() {
        if line.trim().starts_with("</g") {
            stack.pop();
            continue;
        }
        let (_, _, mut one) = elements(line);
        let Some(element) = one.pop() else { continue };
        if element.name == "g" {
            stack.push(element);
        } else if !["", "svg", "title"].contains(&element.name.as_str()) {
            out.push(Drawn {
                element,
                groups: stack.iter().map(copy).collect(),
            });
        }
    }
    out
}

/// A copy of `e`.
fn copy(e: &Element) -> Element {
    Element {
        name: e.name.clone(),
        attrs: e.attrs.clone(),
        text: e.text.clone(),
        node: e.node,
    }
}

/// A rendered page: its size and what it draws.
struct Sheet {
    width: f64,
    height: f64,
    drawn: Vec<Drawn>,
}

/// The two pages of `board` drawn with `options`.
fn sheets(board: &witches::Board, options: &DrawOptions) -> Vec<Sheet> {
    let doc = Witches::draw(board, options.clone());
    doc.pages
        .iter()
        .map(|page| {
            let svg = render::svg::page(page, &doc.title);
            let (width, height, _) = elements(&svg);
            Sheet {
                width,
                height,
                drawn: drawn(&svg),
            }
        })
        .collect()
}

/// Whether boxes `a` and `b` overlap by more than the SVG's rounding.
fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] < b[2] - EPS && b[0] < a[2] - EPS && a[1] < b[3] - EPS && b[1] < a[3] - EPS
}

/// Whether box `b` touches the outline of rectangle `rect` (a painted ring
/// the stroke's width): it overlaps the rectangle with its stroke but does
/// not lie within the inside of the stroke.
fn crosses_outline(rect: &Element, b: [f64; 4]) -> bool {
    let Some(outer) = rect.bounds() else { return false };
    let h = rect.half_stroke();
    let inner = [outer[0] + 2.0 * h, outer[1] + 2.0 * h, outer[2] - 2.0 * h, outer[3] - 2.0 * h];
    let within = b[0] >= inner[0] - EPS && b[1] >= inner[1] - EPS && b[2] <= inner[2] + EPS && b[3] <= inner[3] + EPS;
    overlap(outer, b) && !within
}

/// The grey a colour prints as (0 black to 255 white).
fn grey(hex: &str) -> f64 {
    let rgb = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or_else(|_| panic!("colour {hex}"));
    let (r, g, b) = (f64::from(rgb >> 16), f64::from((rgb >> 8) & 0xff), f64::from(rgb & 0xff));
    0.299 * r + 0.587 * g + 0.114 * b
}

/// Witches boards to measure: every player count, default and hardest
/// (special cells), `seeds` seeds each.
fn boards(seeds: usize) -> Vec<(String, witches::Board)> {
    let mut out = Vec::new();
    for players in 1..=5 {
        for hardest in [false, true] {
            for i in 0..seeds {
                let params = witches::Params {
                    players,
                    recipe_length: if hardest { 6 } else { 4 },
                    special_cells: if hardest { 6 } else { 0 },
                    ..witches::Params::default()
                };
                let seed = format!("print-{i}");
                let board = Witches::generate(&params, &Seed::new(&seed)).unwrap();
                out.push((format!("players {players}, hardest {hardest}, seed {seed:?}"), board));
            }
        }
    }
    out
}

/// Runs `check` on the pages of every board of [`boards`] on `papers`, in
/// colour and ink-friendly, and fails naming every case that failed.
fn on_every_sheet(papers: &[Paper], seeds: usize, check: impl Fn(&witches::Board, &[Sheet], bool) -> Result<(), String>) {
    on_every_print(papers, &[Tile::ONE], seeds, check);
}

/// [`on_every_sheet`] over each tiling of `tiles` too: the board drawn
/// whole, as large as its sheets make it together.
fn on_every_print(papers: &[Paper], tiles: &[Tile], seeds: usize, check: impl Fn(&witches::Board, &[Sheet], bool) -> Result<(), String>) {
    let mut failures = Vec::new();
    for (name, board) in boards(seeds) {
        for &paper in papers {
            for &tile in tiles {
                for ink_friendly in [false, true] {
                    let options = DrawOptions {
                        paper,
                        tile,
                        ink_friendly,
                        ..DrawOptions::default()
                    };
                    if let Err(e) = check(&board, &sheets(&board, &options), ink_friendly) {
                        failures.push(format!("{paper:?}, tile {tile}, ink-friendly {ink_friendly}, {name}: {e}"));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

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
    // Where the cells start and end down each page.
    let mut tops = Vec::new();
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
        let folds: Vec<&Element> = elements.iter().filter(|e| e.class() == "fold").collect();
        let cuts: Vec<&Element> = elements.iter().filter(|e| e.class() == "cut").collect();
        if folds.is_empty() || cuts.is_empty() {
            return Err("no fold or no cut lines".into());
        }
        if folds.iter().any(|f| f.get("stroke-dasharray").is_none()) || cuts.iter().any(|c| c.get("stroke-dasharray").is_some()) {
            return Err("fold lines are not dashed, or cut lines are".into());
        }
        let page_cells: Vec<Cell> = elements
            .iter()
            .filter(|e| e.class() == "cell")
            .map(|e| Cell {
                back: e.get("data-side") == Some("back"),
                grid: (e.num("data-x") as usize, e.num("data-y") as usize),
                rect: [e.num("x"), e.num("y"), e.num("width"), e.num("height")],
            })
            .collect();
        // The legend and the caption lie off every cell.
        for d in drawn(&svg).iter().filter(|d| d.in_legend()) {
            let Some(b) = d.element.bounds() else { continue };
            if let Some(c) = page_cells
                .iter()
                .find(|c| overlap(b, [c.rect[0], c.rect[1], c.rect[0] + c.rect[2], c.rect[1] + c.rect[3]]))
            {
                return Err(format!(
                    "the legend's {} {:?} lies on cell {:?}",
                    d.element.name, d.element.text, c.grid
                ));
            }
        }
        let top = page_cells.iter().map(|c| c.rect[1]).fold(f64::INFINITY, f64::min);
        let bottom = page_cells.iter().map(|c| c.rect[1] + c.rect[3]).fold(0.0, f64::max);
        tops.push((top, bottom));
        cells.extend(page_cells);
    }
    if cells.len() != 64 {
        return Err(format!("{} cells drawn, not 64", cells.len()));
    }
    // Both sides' cells start and end at the same heights.
    let (top, bottom) = tops[0];
    if tops.iter().any(|&t| t != tops[0]) {
        return Err(format!("the sides' cells span different heights: {tops:?}"));
    }
    let (short, long) = paper.size();
    // Cell lines on the sheet's eighths across and quarters down; the outer
    // cells end at the printable margin across, and at the legend's bands
    // (or the margin) down.
    let line = |i: usize, n: usize, length: f64, first: f64, last: f64| {
        if i == 0 {
            first
        } else if i == n {
            last
        } else {
            length * i as f64 / n as f64
        }
    };
    if top < MARGIN - EPS || bottom > short - MARGIN + EPS {
        return Err(format!("cells from {top:.1} to {bottom:.1} mm down"));
    }
    for c in &cells {
        let (i, j) = c.grid;
        let [x, y, w, h] = c.rect;
        let near = |a: f64, b: f64| (a - b).abs() <= EPS;
        if !near(x, line(i, 8, long, MARGIN, long - MARGIN))
            || !near(x + w, line(i + 1, 8, long, MARGIN, long - MARGIN))
            || !near(y, line(j, 4, short, top, bottom))
            || !near(y + h, line(j + 1, 4, short, top, bottom))
        {
            return Err(format!("cell {:?} (back {}) at {:?} is off the folds", c.grid, c.back, c.rect));
        }
        if paper != Paper::A5 && w.min(h) < 25.0 {
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

/// The cells lie on the folds on every paper, both sides line up, and the
/// legend and caption lie in bands of their own, off the cells; cells are
/// at least 25 mm on A4, Letter and A3, long seeds and special cells
/// included.
#[test]
fn witches_sheets_fold_on_their_cell_lines_and_line_up_back_to_front() {
    let mut failures = Vec::new();
    // Long seeds, of words and of the widest letters, take the most caption lines.
    let words = "The quick brown fox jumps over the lazy dog, twelve wizards hum; ".repeat(3)[..140].to_string();
    let widest = "MW@".repeat(47)[..140].to_string();
    for paper in ALL_PAPERS {
        for players in 1..=5 {
            for i in 0..14 {
                let hardest = i % 2 == 1;
                let params = witches::Params {
                    players,
                    recipe_length: if hardest { 6 } else { 4 },
                    special_cells: if hardest { 6 } else { 0 },
                    ..witches::Params::default()
                };
                let seed = match i {
                    12 => widest.clone(),
                    13 => words.clone(),
                    _ => format!("fold-{i}"),
                };
                let board = Witches::generate(&params, &Seed::new(&seed)).unwrap();
                if let Err(e) = check_witches(&board, paper) {
                    failures.push(format!("{paper:?}, players {players}, seed {seed:?}: {e}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

/// The cut line is the heaviest line on the sheet (at least 1.2 mm, solid,
/// dark), drawn after everything else on the cells so nothing prints over
/// it, with no fold dash along it; garden borders are at most 0.8 mm and at
/// most half as wide as the cut line.
#[test]
fn witches_cut_lines_are_the_heaviest_lines_and_drawn_last() {
    on_every_sheet(&PAPERS, 3, |board, sheets, _| {
        for sheet in sheets {
            let board_lines: Vec<&Drawn> = sheet
                .drawn
                .iter()
                .filter(|d| !d.in_legend() && d.element.get("stroke").is_some())
                .collect();
            let cuts: Vec<&Drawn> = board_lines.iter().copied().filter(|d| d.mark() == "cut").collect();
            if board.players.len() > 1 && cuts.len() <= 4 {
                return Err("no cut line between players".into());
            }
            let cut = cuts.iter().map(|d| d.element.num("stroke-width")).fold(f64::INFINITY, f64::min);
            if cut < CUT_AT_LEAST {
                return Err(format!("a cut line {cut} mm wide"));
            }
            if let Some(d) = cuts
                .iter()
                .find(|d| d.element.get("stroke-dasharray").is_some() || grey(d.element.get("stroke").unwrap()) > 64.0)
            {
                return Err(format!("a cut line dashed or light: {:?}", d.element.attrs));
            }
            if let Some(d) = board_lines
                .iter()
                .find(|d| d.mark() != "cut" && d.element.num("stroke-width") >= cut)
            {
                return Err(format!("a {} line as heavy as the cut line ({cut} mm)", d.mark()));
            }
            let garden = board_lines
                .iter()
                .filter(|d| d.mark() == "garden-border")
                .map(|d| d.element.num("stroke-width"))
                .fold(0.0, f64::max);
            if garden > GARDEN_AT_MOST || garden > cut / 2.0 {
                return Err(format!("a garden border {garden} mm wide beside {cut} mm cut lines"));
            }
            // Drawn last: after the first cut line, only cut lines and the legend.
            let first = sheet.drawn.iter().position(|d| d.mark() == "cut").unwrap_or(0);
            if let Some(d) = sheet.drawn[first..].iter().find(|d| d.mark() != "cut" && !d.in_legend()) {
                return Err(format!("a {} {} drawn over the cut lines", d.mark(), d.element.name));
            }
            // No fold dash runs along a cut line.
            for fold in board_lines.iter().filter(|d| d.mark() == "fold") {
                let f = &fold.element;
                let (a, b) = ((f.num("x1"), f.num("y1")), (f.num("x2"), f.num("y2")));
                for c in &cuts {
                    let c = &c.element;
                    let (p, q) = ((c.num("x1"), c.num("y1")), (c.num("x2"), c.num("y2")));
                    let along = segment_distance(a, p, q) < EPS && segment_distance(b, p, q) < EPS;
                    if along && dist(a, b) > EPS {
                        return Err(format!("a fold line {a:?}-{b:?} runs along a cut line"));
                    }
                }
            }
        }
        Ok(())
    });
}

/// The least distance between two outlines given as closed point lists
/// that do not cross: from each corner of one to each side of the other.
fn apart(a: &[(f64, f64)], b: &[(f64, f64)]) -> f64 {
    let to_side = |p: (f64, f64), s: &[(f64, f64)]| {
        (0..s.len())
            .map(|i| {
                let (u, v) = (s[i], s[(i + 1) % s.len()]);
                let (dx, dy) = (v.0 - u.0, v.1 - u.1);
                let t = (((p.0 - u.0) * dx + (p.1 - u.1) * dy) / (dx * dx + dy * dy).max(1e-12)).clamp(0.0, 1.0);
                (p.0 - u.0 - t * dx).hypot(p.1 - u.1 - t * dy)
            })
            .fold(f64::INFINITY, f64::min)
    };
    let one = a.iter().map(|&p| to_side(p, b)).fold(f64::INFINITY, f64::min);
    b.iter().map(|&p| to_side(p, a)).fold(one, f64::min)
}

/// A garden's paint stops at its border: the paint of two gardens, side by
/// side or corner to corner, stays apart by both borders' insets, so that
/// they never look like one garden.
#[test]
fn witches_garden_paint_keeps_to_its_border() {
    on_every_sheet(&ALL_PAPERS, 2, |_, sheets, _| {
        for sheet in sheets {
            let paint: Vec<(&str, Vec<(f64, f64)>)> = sheet
                .drawn
                .iter()
                .filter(|d| !d.in_legend() && d.element.name == "polygon")
                .filter_map(|d| {
                    let points = d.element.get("points")?.split_whitespace().filter_map(|p| {
                        let (x, y) = p.split_once(',')?;
                        Some((x.parse().ok()?, y.parse().ok()?))
                    });
                    Some((d.group("garden")?.get("data-garden")?, points.collect()))
                })
                .collect();
            if paint.is_empty() {
                return Err("no garden paint".into());
            }
            for (i, (a, pa)) in paint.iter().enumerate() {
                for (b, pb) in &paint[i + 1..] {
                    let gap = apart(pa, pb);
                    if a != b && gap < 4.0 {
                        return Err(format!(
                            "gardens {a} and {b}: their paint is {gap:.2} mm apart, at {:?} and {:?}",
                            pa[0], pb[0]
                        ));
                    }
                }
            }
        }
        Ok(())
    });
}

/// Each player's section is marked in one of its cells by a badge whose
/// number stands out from its disc in grey (so black-and-white printing
/// keeps it), with "Player N" in dark ink, every player's words on a page
/// the same size; no part of a label crosses a cauldron's outline, a line
/// between its cells, an order box, a garden's border, a fold or a cut line.
#[test]
fn witches_player_labels_cross_no_line_and_survive_black_and_white() {
    on_every_sheet(&ALL_PAPERS, 2, |board, sheets, _| {
        for (sheet, face) in sheets.iter().zip(witches::Face::BOTH) {
            let d = &sheet.drawn;
            let mut sizes: Option<f64> = None;
            let cell = |x: u32, y: u32| {
                d.iter().map(|d| &d.element).find(|e| {
                    e.class() == "cell"
                        && e.get("data-side") == Some(if face == witches::Face::Front { "front" } else { "back" })
                        && e.num("data-x") == f64::from(x)
                        && e.num("data-y") == f64::from(y)
                })
            };
            for p in &board.players {
                let label: Vec<&Element> = d
                    .iter()
                    .filter(|e| !e.in_legend() && e.group("label").is_some_and(|g| g.get("data-player") == Some(&p.id.to_string())))
                    .map(|e| &e.element)
                    .collect();
                let number = label
                    .iter()
                    .find(|e| e.name == "text" && e.text == (p.id + 1).to_string())
                    .ok_or_else(|| format!("player {} has no number", p.id + 1))?;
                let disc = label
                    .iter()
                    .find(|e| e.name == "circle")
                    .ok_or_else(|| format!("player {} has no badge", p.id + 1))?;
                let behind = disc.get("fill").map_or(255.0, grey);
                if (grey(number.get("fill").unwrap()) - behind).abs() < 100.0 || number.num("font-size") < 3.0 {
                    return Err(format!("player {}'s number does not stand out in grey", p.id + 1));
                }
                let words = label
                    .iter()
                    .find(|e| e.name == "text" && e.text.starts_with("Player "))
                    .ok_or_else(|| format!("player {} has no \"Player {}\" beside their badge", p.id + 1, p.id + 1))?;
                if words.text != format!("Player {}", p.id + 1) || grey(words.get("fill").unwrap()) > 64.0 {
                    return Err(format!("{:?} is not player {}'s label in dark ink", words.text, p.id + 1));
                }
                let size = words.num("font-size");
                if *sizes.get_or_insert(size) != size {
                    return Err(format!("player {}'s words are {size} mm, another player's {:?}", p.id + 1, sizes));
                }
                // The label lies in one cell of the player's area.
                let [px, py, w, h] = p.rect(face);
                let badge = disc.bounds().unwrap();
                let room = (py..py + h)
                    .flat_map(|y| (px..px + w).map(move |x| (x, y)))
                    .filter_map(|(x, y)| cell(x, y))
                    .map(|c| [c.num("x"), c.num("y"), c.num("x") + c.num("width"), c.num("y") + c.num("height")])
                    .find(|r| r[0] <= badge[0] && badge[2] <= r[2] && r[1] <= badge[1] && badge[3] <= r[3])
                    .ok_or_else(|| format!("player {}'s badge lies in no cell of their area", p.id + 1))?;
                for part in &label {
                    let b = part.bounds().unwrap();
                    if b[0] < room[0] || b[1] < room[1] || b[2] > room[2] || b[3] > room[3] {
                        return Err(format!("player {}'s {} leaves its cell", p.id + 1, part.name));
                    }
                    for other in d.iter().filter(|o| !o.in_legend()) {
                        let crossed = match (other.mark(), other.element.name.as_str()) {
                            ("cauldron" | "cauldron-cell", "rect") => crosses_outline(&other.element, b),
                            ("garden-border" | "fold" | "cut" | "cauldron-cells", _) => {
                                other.element.bounds().is_some_and(|o| overlap(o, b))
                            }
                            _ => false,
                        };
                        if crossed {
                            return Err(format!("player {}'s label crosses a {} line", p.id + 1, other.mark()));
                        }
                    }
                }
            }
        }
        Ok(())
    });
}

/// The paint of an element as the legend must show it: its stroke and fill
/// colours and whether dashed.
fn paint(e: &Element) -> (Option<&str>, Option<&str>, bool) {
    (
        e.get("stroke"),
        e.get("fill").filter(|f| *f != "none"),
        e.get("stroke-dasharray").is_some(),
    )
}

/// The mark an element of the board or of a swatch draws: a garden is its
/// cells and its border, a cauldron its outline and its cells' lines and
/// order boxes, a player's section their label.
fn mark_of(d: &Drawn) -> &str {
    if d.group("garden").is_some() || d.group("garden-border").is_some() {
        "garden"
    } else if d.group("cauldron-cells").is_some() {
        "cauldron"
    } else if d.group("label").is_some() || d.group("player").is_some() {
        "player"
    } else {
        d.mark()
    }
}

/// The legend has an entry for every mark on the sheet, its swatch painted
/// as the board paints it in the mode drawn (the same colours, fills and
/// dashes, lines as wide to a twentieth of a millimetre), and its words name
/// marks as a player would: no colour on an ink-friendly page, no code.
#[test]
fn witches_legends_show_every_mark_as_drawn() {
    let colours = ["green", "red", "blue", "orange", "brown", "beige", "grey", "colour", "color"];
    on_every_sheet(&PAPERS[..1], 3, |_, sheets, ink_friendly| {
        for sheet in sheets {
            let d = &sheet.drawn;
            let painted = |d: &&Drawn| d.element.name != "text" && (paint(&d.element).0.is_some() || paint(&d.element).1.is_some());
            // The board's marks; a player's own colour aside, the first player's.
            let board: Vec<&Drawn> = d
                .iter()
                .filter(painted)
                .filter(|d| !d.in_legend() && (d.group("garden").is_some() || !mark_of(d).is_empty() && d.element.class() != "cell"))
                .filter(|d| d.group("label").is_none_or(|g| g.get("data-player") == Some("0")))
                .collect();
            let swatches: Vec<(&str, &Drawn)> = d
                .iter()
                .filter(painted)
                .filter_map(|d| d.group("swatch").map(|s| (s.get("data-mark").unwrap_or(""), d)))
                .collect();
            for mark in ["cut", "fold", "garden", "cauldron", "player"] {
                if !board.iter().any(|d| mark_of(d) == mark) {
                    return Err(format!("no {mark} on the sheet"));
                }
            }
            let width = |e: &Element| e.get("stroke").map_or(0.0, |_| e.num("stroke-width"));
            for b in &board {
                let (mark, e) = (mark_of(b), &b.element);
                let alike = swatches
                    .iter()
                    .any(|(m, s)| *m == mark && paint(&s.element) == paint(e) && (width(&s.element) - width(e)).abs() <= 0.05);
                if !alike {
                    return Err(format!(
                        "the {mark}'s {} {:?} {} mm is not so in the legend",
                        e.name,
                        paint(e),
                        width(e)
                    ));
                }
            }
            for (mark, s) in &swatches {
                let shown = board.iter().any(|b| mark_of(b) == *mark);
                if shown && !board.iter().any(|b| mark_of(b) == *mark && paint(&b.element) == paint(&s.element)) {
                    return Err(format!(
                        "the {mark} swatch's {} {:?} is no mark on the board",
                        s.element.name,
                        paint(&s.element)
                    ));
                }
            }
            let words: Vec<&str> = d
                .iter()
                .filter(|d| d.in_legend() && d.element.name == "text" && d.group("swatch").is_none())
                .map(|d| d.element.text.as_str())
                .collect();
            for w in &words {
                if w.contains('_') && !w.contains('=') {
                    return Err(format!("legend words {w:?} read as code"));
                }
                if ink_friendly && colours.iter().any(|c| w.to_lowercase().contains(c)) {
                    return Err(format!("an ink-friendly legend says {w:?}"));
                }
            }
            for needed in ["cut", "fold", "garden", "cauldron", "notes", "player"] {
                if !words.iter().any(|w| w.contains(needed)) {
                    return Err(format!("no legend words name the {needed}"));
                }
            }
        }
        Ok(())
    });
}

/// Every word on the sheet, the caption's included, is at least 2 mm on A4,
/// Letter and A3, at every player count, in both modes.
#[test]
fn witches_text_is_at_least_two_millimetres() {
    on_every_sheet(&PAPERS, 3, |_, sheets, _| {
        for sheet in sheets {
            for e in sheet.drawn.iter().map(|d| &d.element).filter(|e| e.name == "text") {
                if e.num("font-size") < TEXT_AT_LEAST - 1e-9 {
                    return Err(format!("{:?} at {} mm", e.text, e.num("font-size")));
                }
            }
        }
        Ok(())
    });
}

/// On every paper, A5 included: everything inside the margin; no words
/// overlap other words, and none crosses a cut line, a garden's border, a
/// cauldron's outline, a line between its cells or an order box.
#[test]
fn witches_words_overlap_nothing_on_every_paper() {
    on_every_sheet(&ALL_PAPERS, 2, |_, sheets, _| {
        for sheet in sheets {
            let owned: Vec<Element> = sheet.drawn.iter().map(|d| copy(&d.element)).collect();
            inside_margin(sheet.width, sheet.height, &owned)?;
            let words: Vec<&Drawn> = sheet.drawn.iter().filter(|d| d.element.name == "text").collect();
            for (k, a) in words.iter().enumerate() {
                let ba = a.element.bounds().unwrap();
                if let Some(b) = words[k + 1..].iter().find(|b| overlap(ba, b.element.bounds().unwrap())) {
                    return Err(format!("{:?} overlaps {:?}", a.element.text, b.element.text));
                }
                if a.in_legend() || a.group("player").is_some() {
                    continue;
                }
                for other in sheet.drawn.iter().filter(|o| !o.in_legend()) {
                    let crossed = match (other.mark(), other.element.name.as_str()) {
                        ("cauldron" | "cauldron-cell", "rect") => crosses_outline(&other.element, ba),
                        ("garden-border" | "cut" | "cauldron-cells", _) => other.element.bounds().is_some_and(|o| overlap(o, ba)),
                        _ => false,
                    };
                    if crossed {
                        return Err(format!("{:?} crosses a {} line", a.element.text, other.mark()));
                    }
                }
            }
        }
        Ok(())
    });
}

/// The notes cell is a cell of its own: no garden's cell, no garden border
/// inside it, its title and writing lines within it.
#[test]
fn witches_notes_cell_is_a_cell_of_its_own() {
    on_every_sheet(&PAPERS, 4, |board, sheets, _| {
        let n = board.notes_cell.expect("a 2020 board has a notes cell");
        let sheet = &sheets[if n.side == witches::Face::Front { 0 } else { 1 }];
        let d = &sheet.drawn;
        let is_notes = |e: &Element| e.num("data-x") == f64::from(n.x) && e.num("data-y") == f64::from(n.y);
        let cell = d
            .iter()
            .find(|d| d.element.class() == "cell" && is_notes(&d.element))
            .ok_or("no notes cell drawn")?;
        if cell.group("garden").is_some() {
            return Err("the notes cell is drawn as a garden's cell".into());
        }
        let c = &cell.element;
        let room = [c.num("x"), c.num("y"), c.num("x") + c.num("width"), c.num("y") + c.num("height")];
        let inside = |b: [f64; 4]| b[0] >= room[0] && b[1] >= room[1] && b[2] <= room[2] && b[3] <= room[3];
        let lines: Vec<&Drawn> = d.iter().filter(|d| d.group("notes").is_some() && !d.in_legend()).collect();
        if lines.len() < 2 || lines.iter().any(|l| !inside(l.element.bounds().unwrap())) {
            return Err("the notes cell's writing lines are not within it".into());
        }
        let title = d
            .iter()
            .find(|d| d.element.text == "Notes" && !d.in_legend())
            .ok_or("no Notes title")?;
        if !inside(title.element.bounds().unwrap()) {
            return Err("the Notes title leaves its cell".into());
        }
        let shrunk = [room[0] + 0.5, room[1] + 0.5, room[2] - 0.5, room[3] - 0.5];
        if d.iter()
            .any(|d| d.mark() == "garden-border" && d.element.bounds().is_some_and(|b| overlap(b, shrunk)))
        {
            return Err("a garden border runs inside the notes cell".into());
        }
        Ok(())
    });
}

/// The least difference in luminance (0 black, 1 white, as a greyscale
/// print shows a colour) between a garden's fill and a cauldron's.
const GREY_APART: f64 = 0.15;

/// The side a page of `board` shows, as its cells name it.
fn side_name(face: witches::Face) -> &'static str {
    if face == witches::Face::Front { "front" } else { "back" }
}

/// The rectangle a `rect` element spans, `[x0, y0, x1, y1]`, less its
/// stroke: the room inside its outline.
fn inside_of(e: &Element) -> [f64; 4] {
    let h = e.half_stroke();
    let (x, y) = (e.num("x"), e.num("y"));
    [x + h, y + h, x + e.num("width") - h, y + e.num("height") - h]
}

/// Whether box `b` lies within `r`, to the SVG's rounding.
fn within(b: [f64; 4], r: [f64; 4]) -> bool {
    b[0] >= r[0] - EPS && b[1] >= r[1] - EPS && b[2] <= r[2] + EPS && b[3] <= r[3] + EPS
}

/// Whether `d` is tagged by its group `class` as standing in cell `(x, y)`
/// of `side`.
fn in_cell(d: &Drawn, class: &str, side: &str, x: u32, y: u32) -> bool {
    d.group(class)
        .is_some_and(|g| g.get("data-side") == Some(side) && g.num("data-x") == f64::from(x) && g.num("data-y") == f64::from(y))
}

/// A cauldron drawn on a page: its outline's inside, the lines between
/// its cells and the rectangle of each of its cells.
struct DrawnCauldron<'a> {
    inside: [f64; 4],
    lines: Vec<&'a Element>,
    cells: Vec<(u32, u32, [f64; 4])>,
}

/// Cauldron `c` as drawn on `sheet`, or why it is not.
fn drawn_cauldron<'a>(sheet: &'a Sheet, c: &witches::Cauldron) -> Result<DrawnCauldron<'a>, String> {
    let side = side_name(c.side);
    let at = |e: &Element, x: u32, y: u32| {
        e.get("data-side") == Some(side) && e.num("data-x") == f64::from(x) && e.num("data-y") == f64::from(y)
    };
    let outline = sheet
        .drawn
        .iter()
        .map(|d| &d.element)
        .find(|e| e.name == "rect" && e.class() == "cauldron" && at(e, c.x, c.y))
        .ok_or_else(|| format!("no outline of the cauldron at {:?} {},{}", c.side, c.x, c.y))?;
    let lines = sheet
        .drawn
        .iter()
        .filter(|d| d.element.name == "line" && d.group("cauldron-cells").is_some_and(|g| g.get("data-side") == Some(side)))
        .map(|d| &d.element)
        .collect();
    let cells = c
        .cells()
        .map(|(_, x, y)| {
            let cell = sheet
                .drawn
                .iter()
                .map(|d| &d.element)
                .find(|e| e.class() == "cell" && at(e, x, y))
                .ok_or_else(|| format!("no cell {x},{y} on the {side}"))?;
            Ok((x, y, inside_of(cell)))
        })
        .collect::<Result<_, String>>()?;
    Ok(DrawnCauldron {
        inside: inside_of(outline),
        lines,
        cells,
    })
}

/// Every cauldron is drawn as its cells: an order box in each of its cells
/// and in no other, as many as it has cells, numbered 1 up to its size in
/// the board's order (row by row from the top, each row from the left), each
/// number at least 2 mm and within its box, each box within its cell and
/// inside the cauldron's outline, clear of the lines between its cells: on
/// every paper, one sheet or two side by side, in colour and ink-friendly.
#[test]
fn witches_cauldrons_show_each_cell_and_its_place_in_the_order() {
    let tiles = [Tile::ONE, Tile { cols: 2, rows: 1 }];
    on_every_print(&ALL_PAPERS, &tiles, 2, |board, sheets, _| {
        for (sheet, &face) in sheets.iter().zip(board.faces()) {
            let side = side_name(face);
            let boxes = sheet.drawn.iter().filter(|d| d.group("cauldron-cell").is_some()).count();
            let mut found = 0;
            for c in board.cauldrons.iter().filter(|c| c.side == face) {
                let drawn = drawn_cauldron(sheet, c)?;
                let here = format!("the cauldron at {side} {},{}", c.x, c.y);
                if drawn.cells.len() != (c.w * c.h) as usize {
                    return Err(format!("{here} has {} cells, not {}", drawn.cells.len(), c.w * c.h));
                }
                for (k, &(x, y, cell)) in drawn.cells.iter().enumerate() {
                    let parts: Vec<&Drawn> = sheet.drawn.iter().filter(|d| in_cell(d, "cauldron-cell", side, x, y)).collect();
                    found += parts.len();
                    let order = k + 1;
                    let mut tags: Vec<&str> = parts
                        .iter()
                        .filter_map(|d| d.group("cauldron-cell"))
                        .map(|g| g.get("data-order").unwrap_or(""))
                        .collect();
                    tags.dedup();
                    let [tag] = tags[..] else {
                        return Err(format!("{here}: cell {x},{y} has no order box, or more than one"));
                    };
                    if tag != order.to_string() {
                        return Err(format!("{here}: cell {x},{y} is number {tag}, not {order}"));
                    }
                    let boxed: Vec<&Element> = parts.iter().map(|d| &d.element).filter(|e| e.name == "rect").collect();
                    let number: Vec<&Element> = parts.iter().map(|d| &d.element).filter(|e| e.name == "text").collect();
                    let ([b], [n]) = (&boxed[..], &number[..]) else {
                        return Err(format!("{here}: cell {x},{y}'s order box is not one box and one number"));
                    };
                    if n.text != order.to_string() || n.num("font-size") < TEXT_AT_LEAST - 1e-9 {
                        return Err(format!("{here}: cell {x},{y} reads {:?} at {} mm", n.text, n.num("font-size")));
                    }
                    let outer = b.bounds().unwrap();
                    if !within(n.bounds().unwrap(), inside_of(b)) {
                        return Err(format!("{here}: cell {x},{y}'s number {order} leaves its box"));
                    }
                    if !within(outer, cell) || !within(outer, drawn.inside) {
                        return Err(format!("{here}: cell {x},{y}'s order box leaves the cell or the cauldron"));
                    }
                    if drawn.lines.iter().any(|l| overlap(l.bounds().unwrap(), outer)) {
                        return Err(format!("{here}: cell {x},{y}'s order box lies on a line between cells"));
                    }
                }
            }
            if found != boxes {
                return Err(format!(
                    "{} parts of order boxes on the {side} stand in no cauldron cell",
                    boxes - found
                ));
            }
        }
        Ok(())
    });
}

/// A starting ingredient's font size on a page as tall as A4 or taller,
/// millimetres.
const STARTER_TEXT: f64 = 3.6;

/// Every starting ingredient is printed inside its own cell (in a
/// cauldron: inside the outline, clear of the lines between its cells and
/// of its cell's order box), its name whole, and every one on the board at
/// one size, at least 2 mm, and [`STARTER_TEXT`] on A4, Letter and A3: on
/// every paper, one sheet or two side by side, in colour and ink-friendly.
#[test]
fn witches_starting_ingredients_lie_in_their_cells_at_one_size() {
    let tiles = [Tile::ONE, Tile { cols: 2, rows: 1 }];
    on_every_print(&ALL_PAPERS, &tiles, 2, |board, sheets, _| {
        let mut sizes: Vec<(f64, &str)> = Vec::new();
        for i in &board.ingredients {
            let side = side_name(i.side);
            let sheet = &sheets[board.faces().iter().position(|&f| f == i.side).unwrap()];
            let words: Vec<&Element> = sheet
                .drawn
                .iter()
                .filter(|d| d.element.name == "text" && in_cell(d, "ingredient", side, i.x, i.y))
                .map(|d| &d.element)
                .collect();
            let here = format!("{} at {side} {},{}", i.name, i.x, i.y);
            let said: Vec<&str> = words.iter().map(|e| e.text.as_str()).collect();
            if said.join(" ") != i.name {
                return Err(format!("{here} reads {said:?}"));
            }
            let cell = sheet
                .drawn
                .iter()
                .map(|d| &d.element)
                .find(|e| {
                    e.class() == "cell"
                        && e.get("data-side") == Some(side)
                        && e.num("data-x") == f64::from(i.x)
                        && e.num("data-y") == f64::from(i.y)
                })
                .ok_or_else(|| format!("no cell under {here}"))?;
            let mut room = inside_of(cell);
            let mut clear: Vec<[f64; 4]> = Vec::new();
            let cauldron = board.cauldrons.iter().find(|c| c.cells().any(|cell| cell == (i.side, i.x, i.y)));
            if let Some(c) = cauldron {
                let drawn = drawn_cauldron(sheet, c)?;
                let r = drawn.inside;
                room = [room[0].max(r[0]), room[1].max(r[1]), room[2].min(r[2]), room[3].min(r[3])];
                clear.extend(drawn.lines.iter().filter_map(|l| l.bounds()));
                clear.extend(
                    sheet
                        .drawn
                        .iter()
                        .filter(|d| d.element.name == "rect" && in_cell(d, "cauldron-cell", side, i.x, i.y))
                        .filter_map(|d| d.element.bounds()),
                );
                if clear.len() == drawn.lines.len() {
                    return Err(format!("{here}: its cauldron cell has no order box"));
                }
            }
            for w in &words {
                let b = w.bounds().unwrap();
                if !within(b, room) {
                    return Err(format!("{here}: {:?} at {b:?} leaves its cell {room:?}", w.text));
                }
                if clear.iter().any(|&c| overlap(c, b)) {
                    return Err(format!("{here}: {:?} lies on a line or the order box of its cauldron cell", w.text));
                }
                sizes.push((w.num("font-size"), i.name.as_str()));
            }
        }
        let least = sizes.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
        if least < TEXT_AT_LEAST - 1e-9 {
            return Err(format!("a starting ingredient at {least} mm"));
        }
        if let Some((size, name)) = sizes.iter().find(|s| (s.0 - least).abs() > 1e-9) {
            return Err(format!("{name} at {size} mm, another starting ingredient at {least} mm"));
        }
        if sheets[0].height >= 200.0 && !sizes.is_empty() && least < STARTER_TEXT - 1e-9 {
            return Err(format!("starting ingredients at {least} mm on a page {} mm tall", sheets[0].height));
        }
        Ok(())
    });
}

/// Printed in greyscale, gardens and cauldrons stay clearly apart: on the
/// colour pages, every garden cell's fill and every cauldron's fill, on the
/// board and in the legend, differ in luminance by at least
/// [`GREY_APART`]. (Ink-friendly pages fill both white and tell them
/// apart by their lines: tufts along a garden's border, a cauldron's plain
/// outline with its cells' lines and numbers.)
#[test]
fn witches_gardens_and_cauldrons_differ_in_grey() {
    on_every_sheet(&ALL_PAPERS, 1, |_, sheets, ink_friendly| {
        if ink_friendly {
            return Ok(());
        }
        for sheet in sheets {
            // A swatch's paint counts as its mark's.
            let mark = |d: &Drawn| {
                d.group("swatch")
                    .map_or(mark_of(d).to_string(), |s| s.get("data-mark").unwrap_or("").to_string())
            };
            let fills = |of: &str| -> Vec<f64> {
                sheet
                    .drawn
                    .iter()
                    .filter(|d| mark(d) == of && ["rect", "polygon"].contains(&d.element.name.as_str()))
                    .filter_map(|d| d.element.get("fill").filter(|f| *f != "none"))
                    .map(|f| grey(f) / 255.0)
                    .collect()
            };
            let (gardens, cauldrons) = (fills("garden"), fills("cauldron"));
            if gardens.is_empty() || cauldrons.is_empty() {
                return Err("no garden or no cauldron fill on the page".into());
            }
            for g in &gardens {
                for c in &cauldrons {
                    if (g - c).abs() < GREY_APART {
                        return Err(format!(
                            "a garden's fill is {g:.3} in grey and a cauldron's {c:.3}: less than {GREY_APART} apart"
                        ));
                    }
                }
            }
        }
        Ok(())
    });
}

/// The 2023 edition's sheet says which edition it is and how to print one
/// side, and its legend names no cauldron, notes cell or fold; its rules
/// card tells the game where a garden is a potion.
#[test]
fn witches_second_edition_sheet_and_card_say_their_edition() {
    let params = witches::Params {
        edition: 2023,
        special_cells: 2,
        ..witches::Params::default()
    };
    let board = Witches::generate(&params, &Seed::new("Tiamo")).unwrap();
    let options = DrawOptions {
        rules_card: true,
        ..DrawOptions::default()
    };
    let pages = page_words(&Witches::sheets(&board, options.clone()));
    assert_eq!(pages.len(), 2, "the board, then the card");
    let sheet = pages[0].join(" ");
    assert!(sheet.contains("2023 edition") && sheet.contains("Print at actual size"), "{sheet}");
    assert!(!sheet.contains("double-sided"), "{sheet}");
    for absent in ["cauldron 1, 2\u{2026}", "notes", "fold line"] {
        assert!(!pages[0].iter().any(|w| w == absent), "{absent} in {:?}", pages[0]);
    }
    assert!(pages[0].iter().any(|w| w == "cell line"), "{:?}", pages[0]);
    let card = pages[1].join(" ");
    assert!(card.contains("A garden is a potion") && !card.contains("notes cell"), "{card}");
    // The 2020 card keeps its cauldrons.
    let first = Witches::generate(&witches::Params::default(), &Seed::new("Tiamo")).unwrap();
    let card = page_words(&Witches::sheets(&first, options)).pop().unwrap().join(" ");
    assert!(card.contains("cauldron") && !card.contains("A garden is a potion"), "{card}");
}
