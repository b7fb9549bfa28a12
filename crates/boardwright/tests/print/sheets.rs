//! Boards printed over several sheets, measured on the sheets: each sheet
//! is its paper's size and shows a window onto the whole board inside the
//! margin; neighbouring windows share a 10 mm strip; every crosshair lies
//! whole on at least two sheets, so that the sheets can be laid crosshair on
//! crosshair; each sheet says where it goes; a double-sided board (witches)
//! has each back sheet behind its front; and a 9-player universe board
//! over 2 × 2 sheets is drawn about twice as large.

use boardwright::{Generator, Printed, Registered, Tile};

use super::*;

/// The strip neighbouring sheets share, millimetres.
const OVERLAP: f64 = 10.0;
/// Half the side of the square a crosshair is drawn in.
const CROSSHAIR: f64 = 3.5;

/// A sheet as printed: its column and row, its window's place on the sheet
/// and the part of the board it shows, `[x, y, width, height]`.
struct Sheet {
    at: (usize, usize),
    window: [f64; 4],
    view: [f64; 4],
    label: String,
    label_size: f64,
}

/// The sheets of `doc`, read back from their SVG.
fn sheets_of(doc: &scene::Document, paper: Paper) -> Result<Vec<Sheet>, String> {
    let (short, long) = paper.size();
    let mut sheets = Vec::new();
    for (i, page) in doc.pages.iter().enumerate() {
        let (width, height, elements) = elements(&render::svg::page(page, &doc.title));
        if (width, height) != (long, short) {
            return Err(format!("sheet {i} is {width} x {height}, not {paper:?} landscape"));
        }
        let window = elements.iter().find(|e| e.name == "svg" && e.class() == "sheet");
        let labels: Vec<&Element> = elements.iter().filter(|e| e.name == "text" && e.class() == "sheet-label").collect();
        let (Some(window), false) = (window, labels.is_empty()) else {
            return Err(format!("sheet {i} has no window or no label"));
        };
        let view: Vec<f64> = window
            .get("viewBox")
            .unwrap_or("")
            .split(' ')
            .filter_map(|v| v.parse().ok())
            .collect();
        let [vx, vy, vw, vh] = view[..] else {
            return Err(format!("sheet {i}: viewBox {:?}", window.get("viewBox")));
        };
        let at = (window.num("data-column") as usize, window.num("data-row") as usize);
        let place = [window.num("x"), window.num("y"), window.num("width"), window.num("height")];
        // Everything on the sheet within the margin: the window and its label.
        let [x, y, w, h] = place;
        if x < MARGIN - EPS || y < MARGIN - EPS || x + w > long - MARGIN + EPS || y + h > short - MARGIN + EPS {
            return Err(format!("sheet {i}: window {place:?} reaches into the margin"));
        }
        for line in &labels {
            match line.bounds() {
                Some([x0, y0, x1, y1]) if x0 >= MARGIN - EPS && y0 >= y + h && x1 <= long - MARGIN + EPS && y1 <= short - MARGIN + EPS => {}
                other => {
                    return Err(format!(
                        "sheet {i}: the label {:?} reaches {other:?}, not below the window inside the margin",
                        line.text
                    ));
                }
            }
        }
        if (w, h) != (vw, vh) {
            return Err(format!("sheet {i}: a window of {w} x {h} shows {vw} x {vh} of the board"));
        }
        sheets.push(Sheet {
            at,
            window: place,
            view: [vx, vy, vw, vh],
            label: labels.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join(" "),
            label_size: labels.iter().map(|l| l.num("font-size")).fold(f64::INFINITY, f64::min),
        });
    }
    Ok(sheets)
}

/// The crosshairs drawn on the whole board, `(x, y)`, read from the sheets
/// (each carries the part of the board its window shows): at each place as
/// many as the sheet with most of them there carries (two strips may cross
/// at one place).
fn crosshairs(doc: &scene::Document) -> Vec<(f64, f64)> {
    let mut marks: Vec<((f64, f64), usize)> = Vec::new();
    for page in &doc.pages {
        let (_, _, elements) = elements(&render::svg::page(page, &doc.title));
        let here: Vec<(f64, f64)> = elements
            .iter()
            .filter(|e| e.class() == "crosshair")
            .map(|e| (e.num("data-x"), e.num("data-y")))
            .collect();
        for &at in &here {
            let count = here.iter().filter(|&&other| other == at).count();
            match marks.iter_mut().find(|(place, _)| *place == at) {
                Some((_, most)) => *most = (*most).max(count),
                None => marks.push((at, count)),
            }
        }
    }
    marks.into_iter().flat_map(|(at, count)| std::iter::repeat_n(at, count)).collect()
}

/// The promises of `tile` sheets of `paper` for one board of `G`, printed
/// on one side or, `double_sided`, on both.
fn check<G: Registered>(board: &G::Board, paper: Paper, tile: Tile, double_sided: bool) -> Result<(), String> {
    let options = DrawOptions {
        paper,
        tile,
        ..DrawOptions::default()
    };
    let whole = G::draw(board, options.clone());
    let mut printed = G::sheets(board, options);
    // Pages printed whole (a universe legend of its own) follow the sheets.
    let is_sheet = |p: &scene::Page| {
        p.shapes
            .iter()
            .any(|s| matches!(s, scene::Shape::Tagged { tag, .. } if tag.class == "sheet"))
    };
    let cut = printed.pages.iter().take_while(|p| is_sheet(p)).count();
    let loose = printed.pages.split_off(cut);
    if loose.iter().any(is_sheet) || loose.len() > whole.pages.len() {
        return Err(format!("{} pages printed whole among the sheets", loose.len()));
    }
    let sheets = sheets_of(&printed, paper)?;
    let n = tile.count() as usize;
    if sheets.len() != (whole.pages.len() - loose.len()) * n {
        return Err(format!(
            "{} sheets for {} pages, {} printed whole",
            sheets.len(),
            whole.pages.len(),
            loose.len()
        ));
    }
    let board_page = &whole.pages[0];
    // A double-sided board: each front sheet followed by the back sheet
    // behind it, which, turned over left to right, shows the mirrored window.
    let first: Vec<&Sheet> = if double_sided {
        for pair in sheets[..2 * n].chunks(2) {
            let (front, back) = (&pair[0], &pair[1]);
            let mirrored = board_page.width - front.view[0] - front.view[2];
            if (back.view[0] - mirrored).abs() > EPS || back.view[1] != front.view[1] || !back.label.starts_with("Back of sheet") {
                return Err(format!(
                    "the back {:?} ({:?}) is not behind the front {:?}",
                    back.view, back.label, front.view
                ));
            }
        }
        sheets.iter().step_by(2).take(n).collect()
    } else {
        sheets.iter().take(n).collect()
    };
    for (k, sheet) in first.iter().enumerate() {
        let (c, r) = (k % tile.cols as usize + 1, k / tile.cols as usize + 1);
        if sheet.at != (c, r) {
            return Err(format!("sheet {k} is column {}, row {}; expected {c}, {r}", sheet.at.0, sheet.at.1));
        }
        // Which sheet it is, and how to trim and lay it.
        let says = [
            "Trim the blank margin off each side that meets another sheet",
            "crosshairs on crosshairs",
        ];
        if !sheet.label.starts_with(&format!("Sheet {} of {n}", k + 1))
            || !says.iter().all(|w| sheet.label.contains(w))
            || sheet.label_size < 2.0
        {
            return Err(format!("sheet {k}: label {:?} at {} mm", sheet.label, sheet.label_size));
        }
    }
    // Windows tile the board's printable area, each overlapping the next by the strip.
    let view = |c: usize, r: usize| first[r * tile.cols as usize + c].view;
    for r in 0..tile.rows as usize {
        for c in 0..tile.cols as usize {
            let v = view(c, r);
            if c + 1 < tile.cols as usize && (v[0] + v[2] - view(c + 1, r)[0] - OVERLAP).abs() > EPS {
                return Err(format!("columns {c} and {} overlap by {}", c + 1, v[0] + v[2] - view(c + 1, r)[0]));
            }
            if r + 1 < tile.rows as usize && (v[1] + v[3] - view(c, r + 1)[1] - OVERLAP).abs() > EPS {
                return Err(format!("rows {r} and {} overlap by {}", r + 1, v[1] + v[3] - view(c, r + 1)[1]));
            }
        }
    }
    let last = first[n - 1].view;
    let covered = [first[0].view[0], first[0].view[1], last[0] + last[2], last[1] + last[3]];
    let printable = [MARGIN, MARGIN, board_page.width - MARGIN, board_page.height - MARGIN];
    if covered.iter().zip(printable).any(|(a, b)| (a - b).abs() > EPS) {
        return Err(format!("the sheets show {covered:?} of a board printed on {printable:?}"));
    }
    // Every crosshair whole on two sheets or more; at least two to a strip.
    let marks = crosshairs(&printed);
    let seams = (tile.cols - 1) * tile.rows + (tile.rows - 1) * tile.cols;
    if marks.len() < 2 * seams as usize {
        return Err(format!("{} crosshairs for {seams} overlaps", marks.len()));
    }
    for &(x, y) in &marks {
        let on = first
            .iter()
            .filter(|s| {
                let [vx, vy, vw, vh] = s.view;
                x - CROSSHAIR >= vx && x + CROSSHAIR <= vx + vw && y - CROSSHAIR >= vy && y + CROSSHAIR <= vy + vh
            })
            .count();
        if on < 2 {
            return Err(format!("the crosshair at ({x:.1}, {y:.1}) is whole on {on} sheet(s)"));
        }
    }
    // The window is the same size on every sheet.
    if first.iter().any(|s| s.window != first[0].window) {
        return Err("windows differ in size".into());
    }
    Ok(())
}

fn tiles() -> [Tile; 4] {
    [
        Tile { cols: 2, rows: 1 },
        Tile { cols: 1, rows: 2 },
        Tile { cols: 2, rows: 2 },
        Tile { cols: 3, rows: 3 },
    ]
}

#[test]
fn every_generator_prints_over_sheets_that_line_up() {
    let seed = Seed::new("sheets");
    let universe = Universe::generate(&boardwright::universe::Params::default(), &seed).unwrap();
    let witches = Witches::generate(&boardwright::witches::Params::default(), &seed).unwrap();
    let starship = Starship::generate(&boardwright::starship::Params::default(), &seed).unwrap();
    let hexet = Hexet::generate(&boardwright::hexet::Params::default(), &seed).unwrap();
    let mut failures = Vec::new();
    for paper in Paper::ALL {
        for tile in tiles() {
            let results = [
                ("universe", check::<Universe>(&universe, paper, tile, false)),
                ("witches", check::<Witches>(&witches, paper, tile, true)),
                ("starship", check::<Starship>(&starship, paper, tile, false)),
                ("hexet", check::<Hexet>(&hexet, paper, tile, false)),
            ];
            for (name, result) in results {
                if let Err(why) = result {
                    failures.push(format!("{name}, {paper:?}, {tile}: {why}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

/// One sheet is the page as drawn, untouched.
#[test]
fn one_sheet_is_the_drawing_itself() {
    let board = Universe::generate(&boardwright::universe::Params::default(), &Seed::new("one")).unwrap();
    for paper in Paper::ALL {
        let options = on_paper(paper);
        assert_eq!(Universe::sheets(&board, options.clone()), Universe::draw(&board, options));
    }
}

/// The median of the nodes' reaches (`data-r`) on a universe page, and how
/// many words are written on its nodes.
fn universe_sizes(doc: &scene::Document) -> (f64, usize) {
    let (_, _, elements) = elements(&render::svg::page(&doc.pages[0], &doc.title));
    let mut reaches: Vec<f64> = elements.iter().filter(|e| e.class() == "node").map(|e| e.num("data-r")).collect();
    reaches.sort_by(f64::total_cmp);
    let words = elements.iter().filter(|e| e.name == "text" && e.node.is_some()).count();
    (reaches[reaches.len() / 2], words)
}

/// The 9-player universe board over 2 × 2 sheets: its nodes nearly twice as
/// large as on one sheet (the overlap strips and margins let the drawing's
/// scale grow 1.73 times on A4, and nodes held by that scale grow as much),
/// with room for more words on them (type names, which one sheet leaves to
/// the legend).
#[test]
fn a_universe_board_over_four_sheets_is_twice_as_large() {
    let params = boardwright::universe::Params {
        players: 9,
        ..Default::default()
    };
    for seed in ["large-1", "large-2", "large-3"] {
        let board = Universe::generate(&params, &Seed::new(seed)).unwrap();
        let one = universe_sizes(&Universe::draw(&board, on_paper(Paper::A4)));
        let four = universe_sizes(&Universe::draw(
            &board,
            DrawOptions {
                tile: Tile { cols: 2, rows: 2 },
                ..on_paper(Paper::A4)
            },
        ));
        assert!(
            four.0 >= 1.7 * one.0 && four.1 > one.1,
            "seed {seed}: reach {:.2} -> {:.2} mm, words on nodes {} -> {}",
            one.0,
            four.0,
            one.1,
            four.1
        );
    }
}

/// A node of the universe board in the SVG of `page`: its id and centre.
fn nodes_on(page: &scene::Page, title: &str) -> Vec<(String, f64, f64)> {
    let (_, _, elements) = elements(&render::svg::page(page, title));
    elements
        .iter()
        .filter(|e| e.class() == "node")
        .map(|e| (e.get("data-id").unwrap_or_default().to_string(), e.num("data-x"), e.num("data-y")))
        .collect()
}

/// Each sheet carries what its window shows and leaves the rest of the
/// board out: over 4 × 4 sheets every node is on a sheet whose window
/// holds it, no sheet carries a node far outside its window, and the
/// sheets together are written in far fewer bytes than sixteen boards.
#[test]
fn a_sheet_carries_only_what_its_window_shows() {
    let board = Universe::generate(&boardwright::universe::Params::default(), &Seed::new("cull")).unwrap();
    let tile = Tile { cols: 4, rows: 4 };
    let options = DrawOptions {
        tile,
        ..on_paper(Paper::A4)
    };
    let whole = Universe::draw(&board, options.clone());
    let ids: std::collections::BTreeSet<String> = nodes_on(&whole.pages[0], &whole.title).into_iter().map(|(id, _, _)| id).collect();
    let printed = Universe::sheets(&board, options);
    let sheets = sheets_of(&printed, Paper::A4).unwrap();
    let mut shown = std::collections::BTreeSet::new();
    for (sheet, page) in sheets.iter().zip(&printed.pages).take(tile.count() as usize) {
        let [vx, vy, vw, vh] = sheet.view;
        let carried = nodes_on(page, &printed.title);
        assert!(
            carried.len() * 3 < ids.len(),
            "sheet {:?} carries {} of the board's {} nodes",
            sheet.at,
            carried.len(),
            ids.len()
        );
        for (id, x, y) in carried {
            // A node and its words reach some millimetres: one carried far outside its window is waste.
            let near = x > vx - 60.0 && x < vx + vw + 60.0 && y > vy - 60.0 && y < vy + vh + 60.0;
            assert!(
                near,
                "sheet {:?} carries node {id} at ({x:.1}, {y:.1}), outside its window {:?}",
                sheet.at, sheet.view
            );
            if x >= vx && x <= vx + vw && y >= vy && y <= vy + vh {
                shown.insert(id);
            }
        }
    }
    assert_eq!(shown, ids, "every node is on a sheet whose window holds it");
    let bytes = |doc: &scene::Document| render::svg::document(doc).len();
    let (sheets_bytes, board_bytes) = (bytes(&printed), bytes(&whole));
    assert!(
        sheets_bytes < 3 * board_bytes,
        "16 sheets take {sheets_bytes} bytes of SVG, the whole board {board_bytes}"
    );
}

/// How far from an overlap strip a tiled universe board keeps what a
/// player needs, millimetres.
const SEAM_CLEAR: f64 = 5.0;

/// Whether segments `p`–`q` and `r`–`s` cross or touch.
fn segments_meet(p: (f64, f64), q: (f64, f64), r: (f64, f64), s: (f64, f64)) -> bool {
    let side = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum();
    side(p, q, r) * side(p, q, s) <= 0.0 && side(r, s, p) * side(r, s, q) <= 0.0
}

/// Over many boards, papers, player counts and tilings, nothing a player
/// needs on a tiled universe board (a node, a tiny node, an expedition, a
/// resource, a word of the legend or caption) comes within 5 mm of an
/// overlap strip: none lies under a strip, the tape or a trimmed edge. The
/// board is parted at the strips, still spans at least 70 % of the sheets
/// along one side, edges meet only at their nodes, and on 3x3 sheets every
/// rule of the one-sheet page holds.
#[test]
fn nothing_a_player_needs_lies_within_5_mm_of_a_seam() {
    use boardwright::params::Params;
    // The default, every expansion, and nodes as close as the relaxation
    // lets them (`clearance = 0`).
    let presets = [(None, None), (Some("all-expansions"), None), (None, Some(0.0))];
    let mut failures = Vec::new();
    let mut checked = 0;
    for (i, (preset, clearance)) in presets.into_iter().enumerate() {
        for players in [2, 5, 9] {
            for (k, paper) in Paper::ALL.into_iter().enumerate() {
                let seed = format!("seam-{i}-{players}-{k}");
                let mut layers: Vec<toml::Table> = preset
                    .map(|p| boardwright::universe::Params::preset(p).unwrap())
                    .into_iter()
                    .collect();
                layers.push(toml::toml! { players = players });
                if let Some(clearance) = clearance {
                    layers.push(toml::toml! { clearance = clearance });
                }
                let params = boardwright::universe::Params::resolve(&layers).unwrap();
                let board = Universe::generate(&params, &Seed::new(&seed)).unwrap();
                for tile in tiles() {
                    let options = DrawOptions { tile, ..on_paper(paper) };
                    let case = format!("seed {seed:?}, {preset:?}, clearance {clearance:?}, {players} players, {paper:?} tiled {tile}");
                    if tile.cols == 3 {
                        // Every drawing rule holds on the most parted boards.
                        if let Err(e) = super::universe::check_universe(&board, &options, super::universe::Rules::Fit) {
                            failures.push(format!("{case}: {e}"));
                        }
                    }
                    let mut printed = Universe::sheets(&board, options.clone());
                    printed.pages.truncate(tile.count() as usize);
                    let sheets = sheets_of(&printed, paper).unwrap();
                    let view = |c: u32, r: u32| sheets[(r * tile.cols + c) as usize].view;
                    // The strips, as intervals of x (between columns) and of y (between rows).
                    let across: Vec<(f64, f64)> = (1..tile.cols)
                        .map(|c| (view(c, 0)[0], view(c - 1, 0)[0] + view(c - 1, 0)[2]))
                        .collect();
                    let down: Vec<(f64, f64)> = (1..tile.rows)
                        .map(|r| (view(0, r)[1], view(0, r - 1)[1] + view(0, r - 1)[3]))
                        .collect();
                    let near = |lo: f64, hi: f64, strips: &[(f64, f64)]| {
                        strips.iter().any(|&(a, b)| hi > a - SEAM_CLEAR + EPS && lo < b + SEAM_CLEAR - EPS)
                    };
                    let whole = Universe::draw(&board, options);
                    let (width, height, elements) = elements(&render::svg::page(&whole.pages[0], &whole.title));
                    // Parted, the board still fills the sheets along one side.
                    let mut span = [f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY];
                    for e in elements.iter().filter(|e| e.class() == "node") {
                        let (x, y, r) = (e.num("data-x"), e.num("data-y"), e.num("data-r"));
                        span = [span[0].min(x - r), span[1].min(y - r), span[2].max(x + r), span[3].max(y + r)];
                    }
                    let fill = ((span[2] - span[0]) / (width - 2.0 * MARGIN)).max((span[3] - span[1]) / (height - 2.0 * MARGIN));
                    if fill < 0.7 {
                        failures.push(format!("{case}: the nodes span {:.0} % of the sheets", fill * 100.0));
                    }
                    for e in &elements {
                        let what = match e.class() {
                            "node" | "tiny" | "expedition" | "resource" => {
                                let (x, y, r) = (e.num("data-x"), e.num("data-y"), e.num("data-r"));
                                let name = e.get("data-id").or(e.get("data-name")).unwrap_or("");
                                Some((format!("{} {name}", e.class()), [x - r, y - r, x + r, y + r]))
                            }
                            _ if e.name == "text" && e.node.is_none() => e.bounds().map(|b| (format!("the words {:?}", e.text), b)),
                            _ => None,
                        };
                        if let Some((what, [x0, y0, x1, y1])) = what {
                            checked += 1;
                            if near(x0, x1, &across) || near(y0, y1, &down) {
                                failures.push(format!("{case}: {what} at [{x0:.1}, {y0:.1}, {x1:.1}, {y1:.1}]"));
                            }
                        }
                    }
                    let lines = super::universe::drawn_edges(&elements);
                    // Edges meet only at their nodes: two pieces meet only
                    // where both end, at a node they share.
                    for (m, &(a, b, p, q, _)) in lines.iter().enumerate() {
                        for &(c, d, r, s, _) in &lines[m + 1..] {
                            if (a, b) == (c, d) || [r, s].contains(&p) || [r, s].contains(&q) {
                                continue;
                            }
                            if segments_meet(p, q, r, s) {
                                failures.push(format!("{case}: edges {a}-{b} and {c}-{d} cross"));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} things measured");
    assert!(
        failures.is_empty(),
        "{} failures, first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(8)]
    );
}
