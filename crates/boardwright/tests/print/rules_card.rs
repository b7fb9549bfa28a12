//! The universe rules card: every node type, mission and piece on the board
//! named with its pictogram, its words from the data, measured on the
//! rendered pages.

use boardwright::params::Params;
use boardwright::universe::{self, NodeKind, Universe};
use boardwright::{DrawOptions, Generator, Paper, Seed, Tile};

use super::*;

/// The least font of the card's words, millimetres.
const LEAST_TEXT: f64 = 2.0;

fn board(preset: Option<&str>, first_game: bool, seed: &str) -> universe::Board {
    let mut layers = Vec::new();
    if let Some(name) = preset {
        layers.push(universe::Params::preset(name).unwrap());
    }
    let params = universe::Params {
        first_game,
        ..universe::Params::resolve(&layers).unwrap()
    };
    Universe::generate(&params, &Seed::new(seed)).unwrap()
}

/// The card's pages: what the sheets hold beyond the board's.
fn card(board: &universe::Board, options: &DrawOptions) -> scene::Document {
    let without = Universe::sheets(board, options.clone()).pages.len();
    let mut doc = Universe::sheets(
        board,
        DrawOptions {
            rules_card: true,
            ..options.clone()
        },
    );
    doc.pages.drain(..without);
    doc
}

/// Each line of the card's SVG page, as (of, name, whether a pictogram of
/// the same thing leads it).
fn lines(svg: &str) -> Vec<(String, String, bool)> {
    svg.split("<g class=\"rule\"")
        .skip(1)
        .map(|chunk| {
            let attr = |name: &str| {
                let at = chunk.find(&format!("data-{name}=\"")).unwrap() + name.len() + 7;
                chunk[at..at + chunk[at..].find('"').unwrap()].to_string()
            };
            let (of, name) = (attr("of"), attr("name"));
            let pictogram = chunk.contains("class=\"pictogram\"") && chunk.contains(&format!("data-name=\"{name}\""));
            let name = name
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
            (of, name, pictogram)
        })
        .collect()
}

/// The card's promises for `board` drawn with `options`.
fn check_card(board: &universe::Board, options: &DrawOptions) -> Result<(), String> {
    let doc = card(board, options);
    if doc.pages.is_empty() {
        return Err("no rules card".into());
    }
    let (short, long) = options.paper.size();
    let mut found = Vec::new();
    for (k, page) in doc.pages.iter().enumerate() {
        if (page.width - long).abs() > EPS || (page.height - short).abs() > EPS {
            return Err(format!("card page {k} is {} x {}, not one sheet", page.width, page.height));
        }
        let svg = render::svg::page(page, &doc.title);
        let (w, h, elements) = elements(&svg);
        inside_margin(w, h, &elements).map_err(|e| format!("card page {k}: {e}"))?;
        if let Some(e) = elements.iter().find(|e| e.name == "text" && e.num("font-size") < LEAST_TEXT - EPS) {
            return Err(format!("card page {k}: {:?} in {} mm", e.text, e.num("font-size")));
        }
        found.extend(lines(&svg));
    }
    let has = |of: &str, name: &str| found.iter().find(|(o, n, _)| o == of && n == name);
    let led = |of: &str, name: &str| match has(of, name) {
        None => Err(format!("no {of} line for {name:?}")),
        Some((_, _, false)) => Err(format!("the {of} line for {name:?} has no pictogram")),
        Some(_) => Ok(()),
    };
    for n in &board.nodes {
        let name = n.node_type.as_deref().unwrap_or_default();
        match n.kind {
            NodeKind::Regular => led("type", name)?,
            NodeKind::Mission => led("mission", name)?,
            NodeKind::Center => led("centre", "centre")?,
        }
    }
    // The original's expeditions show one compass, its type counted in
    // play: the card names it once, then what each count brings.
    let compass = "Expedition".to_string();
    if board.expeditions.iter().any(|e| e.slots > 0) {
        for result in ["Research Race", "Second Chance"] {
            if has("result", result).is_none() {
                return Err(format!("no line for the expedition result {result:?}"));
            }
        }
    }
    for name in board
        .expeditions
        .iter()
        .map(|e| if e.slots > 0 { &compass } else { &e.name })
        .chain(board.resources.iter().map(|r| &r.name))
        .chain(board.tiny_nodes.iter().map(|t| &t.name))
    {
        led("piece", name)?;
    }
    Ok(())
}

#[test]
fn the_card_names_everything_on_the_board_with_its_pictogram() {
    let presets = [None, Some("original-expansions"), Some("all-expansions")];
    let mut failures = Vec::new();
    for (p, preset) in presets.into_iter().enumerate() {
        for i in 0..6 {
            let seed = format!("card-{i}");
            let first_game = i % 2 == 0;
            let b = board(preset, first_game, &seed);
            let paper = [Paper::A4, Paper::A5, Paper::Letter, Paper::A3][(i + p) % 4];
            let options = DrawOptions {
                paper,
                ink_friendly: i % 3 == 0,
                tile: if i == 5 { Tile { cols: 2, rows: 1 } } else { Tile::ONE },
                ..DrawOptions::default()
            };
            if let Err(e) = check_card(&b, &options) {
                failures.push(format!("{preset:?}, seed {seed:?}, first game {first_game}, {options:?}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_expansion_on_a5_flows_onto_more_card_pages_at_full_size() {
    let b = board(Some("all-expansions"), false, "card-a5");
    for ink_friendly in [false, true] {
        let options = DrawOptions {
            paper: Paper::A5,
            ink_friendly,
            ..DrawOptions::default()
        };
        check_card(&b, &options).unwrap();
        assert!(card(&b, &options).pages.len() > 1);
    }
}

#[test]
fn the_card_says_the_rules_the_data_gives() {
    let mut params = universe::Params::default();
    let oil = params.node_types.iter_mut().find(|t| t.name == "Oil").unwrap();
    oil.rule = Some("slick: a test rule for Oil".into());
    let fish = params.node_types.iter_mut().find(|t| t.name == "Fish").unwrap();
    fish.rule = None;
    for m in &mut params.missions {
        m.rule = Some(format!("the {} test mission rule", m.name));
    }
    let b = Universe::generate(&params, &Seed::new("Tiamo")).unwrap();
    let words = page_words(&card(&b, &DrawOptions::default())).concat().join(" ");
    assert!(words.contains("Oil (Resources): slick: a test rule for Oil"), "{words}");
    assert!(words.contains("Traveler: the Traveler test mission rule"), "{words}");
    // A type without a rule: its name and category only.
    assert!(words.contains("Fish (Nature)") && !words.contains("Fish (Nature):"), "{words}");
    // A numbered type says where its number comes from.
    assert!(words.contains("Critters: its number is the Stardust"), "{words}");
    // Without asking, no card.
    assert_eq!(Universe::sheets(&b, DrawOptions::default()).pages.len(), 1);
}
