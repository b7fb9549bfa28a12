//! The starship page: the ship, its parts and legend, measured.

use boardwright::starship::{Role, Starship};
use boardwright::{Generator, Paper, Seed};

use super::*;

/// The papers the margin and overlaps are checked on: every rule's papers,
/// and A5.
const ALL_PAPERS: [Paper; 4] = [Paper::A4, Paper::Letter, Paper::A3, Paper::A5];

/// A default ship of `size` × `size` tiles.
fn ship(size: u32, seed: &str) -> boardwright::starship::Board {
    let params = boardwright::starship::Params {
        width: size,
        height: size,
        ..boardwright::starship::Params::default()
    };
    Starship::generate(&params, &Seed::new(seed)).unwrap_or_else(|e| panic!("size {size}, seed {seed}: {e}"))
}

/// The page's SVG drawn on `paper`, in colour or ink-friendly.
fn page_svg(ship: &boardwright::starship::Board, paper: Paper, ink_friendly: bool) -> String {
    let doc = Starship::draw(
        ship,
        DrawOptions {
            paper,
            ink_friendly,
            ..DrawOptions::default()
        },
    );
    render::svg::page(&doc.pages[0], &doc.title)
}

/// The elements inside the page's `<g class="legend">`.
fn legend_elements(svg: &str) -> Vec<Element> {
    let mut inside = String::new();
    let mut depth = 0;
    for line in svg.lines() {
        let t = line.trim();
        if depth == 0 && t.starts_with("<g class=\"legend\"") {
            depth = 1;
            continue;
        }
        if depth > 0 {
            if t.starts_with("<g") {
                depth += 1;
            } else if t.starts_with("</g") {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            inside.push_str(line);
            inside.push('\n');
        }
    }
    elements(&inside).2
}

/// The box `[x0, y0, x1, y1]` round the bounds of `elements`.
fn bounds_of<'a>(elements: impl IntoIterator<Item = &'a Element>) -> [f64; 4] {
    elements.into_iter().filter_map(Element::bounds).fold(
        [f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY],
        |[a, b, c, d], [x0, y0, x1, y1]| [a.min(x0), b.min(y0), c.max(x1), d.max(y1)],
    )
}

/// Whether two boxes overlap by more than the SVG's rounding.
fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] < b[2] - EPS && b[0] < a[2] - EPS && a[1] < b[3] - EPS && b[1] < a[3] - EPS
}

/// Starship pages keep the margin on every paper, A5 included, in colour
/// and ink-friendly, and their legend names every part kind on the board in
/// words (`large weapon`, never `weapon_large`).
#[test]
fn starship_pages_keep_the_margin_and_name_every_kind_in_words() {
    for paper in ALL_PAPERS {
        for i in 0..5 {
            let ship = ship(40, &format!("ship-{i}"));
            for ink_friendly in [false, true] {
                let svg = page_svg(&ship, paper, ink_friendly);
                let (width, height, elements) = elements(&svg);
                inside_margin(width, height, &elements).unwrap_or_else(|e| panic!("{paper:?} ship-{i}: {e}"));
                let words: Vec<String> = legend_elements(&svg)
                    .iter()
                    .filter(|e| e.name == "text")
                    .map(|e| e.text.clone())
                    .collect();
                for kind in ship.parts.iter().map(|p| p.kind.as_str()) {
                    // `thruster_large` reads "large thruster", `crew_quarters` "crew quarters".
                    let mut parts: Vec<&str> = kind.split('_').collect();
                    if parts.len() == 2 && matches!(parts[0], "thruster" | "weapon") {
                        parts.reverse();
                    }
                    let said = parts.join(" ");
                    assert!(words.contains(&said), "{paper:?} ship-{i}: {said:?} not in the legend {words:?}");
                }
                for w in &words {
                    assert!(!w.contains('_'), "{paper:?} ship-{i}: a code name in the legend: {w:?}");
                }
            }
        }
    }
}

/// The ship fills the page: its tiles' bounding box covers at least 45 % of
/// the printable area beside (or above) the legend, on A4, Letter and A3, in
/// colour and ink-friendly; its tiles are square.
#[test]
fn the_ship_fills_the_page() {
    let mut least = f64::INFINITY;
    for paper in PAPERS {
        for i in 0..12 {
            let ship = ship(40, &format!("fill-{i}"));
            for ink_friendly in [false, true] {
                let svg = page_svg(&ship, paper, ink_friendly);
                let (width, height, elements) = elements(&svg);
                let tiles: Vec<&Element> = elements.iter().filter(|e| e.class() == "tile").collect();
                assert!(!tiles.is_empty(), "{paper:?} fill-{i}: no tiles");
                for t in &tiles {
                    let (w, h) = (t.num("width"), t.num("height"));
                    assert!((w - h).abs() <= EPS, "{paper:?} fill-{i}: a tile {w} x {h} mm");
                }
                let ship_box = bounds_of(tiles.iter().copied());
                let legend = bounds_of(&legend_elements(&svg));
                // The legend takes a band at the foot or a column at the right:
                // the printable area is what it leaves.
                let (area_w, area_h) = if legend[1] > height / 2.0 {
                    (width - 2.0 * MARGIN, legend[1] - MARGIN)
                } else {
                    (legend[0] - MARGIN, height - 2.0 * MARGIN)
                };
                let share = (ship_box[2] - ship_box[0]) * (ship_box[3] - ship_box[1]) / (area_w * area_h);
                least = least.min(share);
                assert!(
                    share >= 0.45,
                    "{paper:?} fill-{i} (ink-friendly {ink_friendly}): the ship covers {:.0} % of the printable area",
                    share * 100.0
                );
            }
        }
    }
    assert!(least.is_finite());
}

/// The ship is drawn nose to the right: a part further forward on the grid
/// (a smaller row) lies further right on the page, a part further to the
/// ship's right (a larger column) lower, each part turned a quarter turn
/// (its grid width runs down the page).
#[test]
fn the_nose_points_right() {
    for paper in PAPERS {
        for i in 0..4 {
            let ship = ship(40, &format!("nose-{i}"));
            let (_, _, elements) = elements(&page_svg(&ship, paper, false));
            let drawn: Vec<(&boardwright::starship::Part, [f64; 4])> = elements
                .iter()
                .filter(|e| e.class() == "part")
                .map(|e| {
                    let part = &ship.parts[e.num("data-id") as usize];
                    (part, [e.num("x"), e.num("y"), e.num("width"), e.num("height")])
                })
                .collect();
            assert_eq!(drawn.len(), ship.parts.len());
            let cell = drawn[0].1[2] / f64::from(drawn[0].0.rect.h);
            for (p, [x, y, w, h]) in &drawn {
                assert!(
                    (w - f64::from(p.rect.h) * cell).abs() < 0.01,
                    "{paper:?} nose-{i}: part {} is not turned",
                    p.id
                );
                assert!(
                    (h - f64::from(p.rect.w) * cell).abs() < 0.01,
                    "{paper:?} nose-{i}: part {} is not turned",
                    p.id
                );
                for (q, [qx, qy, qw, _]) in &drawn {
                    // Front edges: the grid's top row of a part is its page right edge.
                    if p.rect.y < q.rect.y {
                        assert!(
                            x + w > qx + qw,
                            "{paper:?} nose-{i}: part {} is ahead of {} but not right of it",
                            p.id,
                            q.id
                        );
                    }
                    if p.rect.x < q.rect.x {
                        assert!(y < qy, "{paper:?} nose-{i}: part {} is left of {} but not above it", p.id, q.id);
                    }
                }
            }
        }
    }
}

/// Every word and letter on the page, the caption's included, is at least
/// 2 mm on A4, Letter and A3, at the
/// default size and larger ships up to 128 × 128; each part's letter
/// lies inside its part up to 64 × 64 (past that, tiles are smaller than a
/// 2 mm letter needs). On A5 too, at the default size.
#[test]
fn all_text_is_legible_and_letters_sit_in_their_parts() {
    let mut smallest = f64::INFINITY;
    for (size, papers) in [(40, &ALL_PAPERS[..]), (64, &PAPERS[..]), (96, &PAPERS[..]), (128, &PAPERS[..])] {
        let ship = ship(size, "legible");
        for &paper in papers {
            let svg = page_svg(&ship, paper, false);
            let (_, _, elements) = elements(&svg);
            let legend = legend_elements(&svg);
            for e in elements.iter().filter(|e| e.name == "text") {
                let size_mm = e.num("font-size");
                smallest = smallest.min(size_mm);
                assert!(size_mm >= 2.0, "{size} x {size} on {paper:?}: {:?} at {size_mm} mm", e.text);
            }
            if size > 64 {
                continue;
            }
            let parts: Vec<[f64; 4]> = elements
                .iter()
                .filter(|e| e.class() == "part")
                .filter_map(Element::bounds)
                .collect();
            let legend_box = bounds_of(&legend);
            for e in elements.iter().filter(|e| e.name == "text") {
                let b = e.bounds().unwrap();
                if overlap(b, legend_box) {
                    continue;
                }
                assert!(
                    parts
                        .iter()
                        .any(|p| b[0] >= p[0] - EPS && b[2] <= p[2] + EPS && b[1] >= p[1] - EPS && b[3] <= p[3] + EPS),
                    "{size} x {size} on {paper:?}: letter {:?} at {b:?} leaves its part",
                    e.text
                );
            }
        }
    }
    assert!(smallest >= 2.0, "the smallest text is {smallest} mm");
}

/// The legend and caption never lie on the ship: nothing of the legend
/// overlaps a tile, a part, a door or a facing mark, on every paper.
#[test]
fn the_legend_keeps_off_the_ship() {
    for paper in ALL_PAPERS {
        for i in 0..6 {
            let ship = ship(40, &format!("apart-{i}"));
            let svg = page_svg(&ship, paper, false);
            let (_, _, elements) = elements(&svg);
            let legend = legend_elements(&svg);
            let legend_box = bounds_of(&legend);
            let board = elements.iter().filter(|e| {
                matches!(e.class(), "tile" | "part" | "door")
                    || e.name == "polygon" && !legend.iter().any(|l| l.get("points") == e.get("points"))
            });
            let ship_box = bounds_of(board);
            assert!(
                !overlap(ship_box, legend_box),
                "{paper:?} apart-{i}: the legend {legend_box:?} lies on the ship {ship_box:?}"
            );
        }
    }
}

/// Parts that could be confused differ in colour and letter: crew quarters
/// and bunks, a large weapon and armor; every part kind on the page has its
/// own letter, and in greyscale every part is lighter than armor.
#[test]
fn look_alike_parts_differ_in_colour_and_letter() {
    // A tile's fill as (r, g, b).
    let rgb = |e: &Element| {
        let hex = e.get("fill").unwrap().trim_start_matches('#');
        let v = u32::from_str_radix(hex, 16).unwrap();
        [(v >> 16) as f64, ((v >> 8) & 0xff) as f64, (v & 0xff) as f64]
    };
    let apart = |a: [f64; 3], b: [f64; 3]| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
    for i in 0..6 {
        let ship = ship(40, &format!("alike-{i}"));
        let (_, _, elements) = elements(&page_svg(&ship, Paper::A4, false));
        // Each part's fill (its first tile's) and letter, by kind.
        let mut seen: Vec<(String, [f64; 3], String)> = Vec::new();
        for e in elements.iter().filter(|e| e.class() == "part") {
            let p = &ship.parts[e.num("data-id") as usize];
            let b = e.bounds().unwrap();
            let inside = |q: &Element| {
                let c = q.bounds().unwrap();
                c[0] >= b[0] - EPS && c[2] <= b[2] + EPS && c[1] >= b[1] - EPS && c[3] <= b[3] + EPS
            };
            let tile = elements
                .iter()
                .find(|q| q.class() == "tile" && inside(q))
                .expect("a tile under the part");
            let letter = elements
                .iter()
                .find(|q| q.name == "text" && inside(q))
                .expect("a letter")
                .text
                .clone();
            if !seen.iter().any(|s| s.0 == p.kind) {
                seen.push((p.kind.clone(), rgb(tile), letter));
            }
        }
        for a in &seen {
            for b in &seen {
                assert!(a.0 == b.0 || a.2 != b.2, "alike-{i}: {} and {} share the letter {}", a.0, b.0, a.2);
            }
        }
        let find = |kind: &str| seen.iter().find(|s| s.0 == kind);
        if let (Some(q), Some(b)) = (find("crew_quarters"), find("bunks")) {
            assert!(
                apart(q.1, b.1) >= 100.0,
                "alike-{i}: crew quarters {:?} and bunks {:?} look alike",
                q.1,
                b.1
            );
        }
        // Armor: a tile with a hatching line across it, corner to corner.
        let hatched = |t: &Element| {
            let (x, y, side) = (t.num("x"), t.num("y"), t.num("width"));
            elements.iter().any(|l| {
                l.name == "line"
                    && l.class().is_empty()
                    && (l.num("x1") - x).abs() < EPS
                    && (l.num("y1") - (y + side)).abs() < EPS
                    && (l.num("x2") - (x + side)).abs() < EPS
            })
        };
        let armor = elements
            .iter()
            .filter(|e| e.class() == "tile")
            .find(|t| hatched(t))
            .map(rgb)
            .expect("an armor tile");
        for kind in ship.parts.iter().filter(|p| p.role == Role::Weapon).map(|p| p.kind.as_str()) {
            let weapon = find(kind).unwrap();
            assert!(
                apart(weapon.1, armor) >= 100.0,
                "alike-{i}: {kind} {:?} looks like armor {armor:?}",
                weapon.1
            );
        }
    }
}
