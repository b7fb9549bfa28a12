//! The rules cards. Universe: every node type, mission and piece on the
//! board named with its pictogram, its words from the data. Witches: every
//! special cell kind on the board and no other, every effect a potion may
//! meet at the board's difficulty, the starting ingredients. Hexet: the
//! game, its scoring with the map's points, each city type's cost. All
//! measured on the rendered pages.

use boardwright::hexet::{self, Hexet};
use boardwright::params::Params;
use boardwright::universe::{self, NodeKind, Universe};
use boardwright::witches::{self, Witches};
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

/// The card's pages of a board of `G`: what the sheets hold beyond the board's.
fn card_of<G: Generator>(board: &G::Board, options: &DrawOptions) -> scene::Document {
    let without = G::sheets(board, options.clone()).pages.len();
    let mut doc = G::sheets(
        board,
        DrawOptions {
            rules_card: true,
            ..options.clone()
        },
    );
    assert!(doc.pages.len() > without, "no card pages");
    doc.pages.drain(..without);
    doc
}

/// A universe board's card pages.
fn card(board: &universe::Board, options: &DrawOptions) -> scene::Document {
    card_of::<Universe>(board, options)
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

/// The lines `read` finds on each page of the card `doc`, once every page
/// is one sheet of the paper, its words inside the margin and none smaller
/// than the least size.
fn card_lines<T>(doc: &scene::Document, options: &DrawOptions, read: fn(&str) -> Vec<T>) -> Result<Vec<T>, String> {
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
        found.extend(read(&svg));
    }
    Ok(found)
}

/// The card's promises for `board` drawn with `options`.
fn check_card(board: &universe::Board, options: &DrawOptions) -> Result<(), String> {
    let doc = card(board, options);
    if doc.pages.is_empty() {
        return Err("no rules card".into());
    }
    let found = card_lines(&doc, options, lines)?;
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
            let options = varied(i, p);
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
    let kind = b
        .nodes
        .iter()
        .find_map(|n| (n.kind == universe::NodeKind::Mission).then(|| n.node_type.clone().unwrap()))
        .unwrap();
    assert!(words.contains(&format!("{kind}: the {kind} test mission rule")), "{words}");
    // A type without a rule: its name and category only.
    assert!(words.contains("Fish (Nature)") && !words.contains("Fish (Nature):"), "{words}");
    // A numbered type says where its number comes from.
    assert!(words.contains("Critters: its number is the Stardust"), "{words}");
    // Without asking, no card.
    assert_eq!(Universe::sheets(&b, DrawOptions::default()).pages.len(), 1);
}

/// A witches board made from `preset` (or the defaults) at `difficulty`.
fn witches_board(preset: Option<&str>, difficulty: u32, seed: &str) -> witches::Board {
    let mut layers = Vec::new();
    if let Some(name) = preset {
        layers.push(witches::Params::preset(name).unwrap());
    }
    let params = witches::Params {
        difficulty,
        ..witches::Params::resolve(&layers).unwrap()
    };
    Witches::generate(&params, &Seed::new(seed)).unwrap()
}

/// A witches board's card pages.
fn witches_card(board: &witches::Board, options: &DrawOptions) -> scene::Document {
    card_of::<Witches>(board, options)
}

/// Each `rule` group of a card's SVG page, as (of, name, whether the
/// special cell's asterisk leads it).
fn witches_lines(svg: &str) -> Vec<(String, String, bool)> {
    let asterisk: Vec<bool> = svg
        .split("<g class=\"rule\"")
        .skip(1)
        .map(|chunk| {
            // The group's own shapes: up to the next line's group.
            chunk.contains("data-mark=\"special\"")
        })
        .collect();
    lines(svg)
        .into_iter()
        .zip(asterisk)
        .map(|((of, name, _), led)| (of, name, led))
        .collect()
}

/// The witches card's promises for `board` drawn with `options`.
fn check_witches_card(board: &witches::Board, options: &DrawOptions) -> Result<(), String> {
    let doc = witches_card(board, options);
    let found = card_lines(&doc, options, witches_lines)?;
    let words = page_words(&doc).concat().join(" ");
    // Every special cell kind on the board, led by its asterisk, once.
    let kinds: std::collections::BTreeSet<&str> = board.special_cells.iter().map(|s| s.name.as_str()).collect();
    for kind in &kinds {
        match found.iter().filter(|(o, n, _)| o == "special" && n == kind).collect::<Vec<_>>()[..] {
            [] => return Err(format!("no special line for {kind:?}")),
            [(_, _, false)] => return Err(format!("the special line for {kind:?} has no asterisk")),
            [_] => {}
            _ => return Err(format!("{kind:?} has more than one line")),
        }
    }
    // And none that is not on the board.
    if let Some((_, n, _)) = found.iter().find(|(o, n, _)| o == "special" && !kinds.contains(n.as_str())) {
        return Err(format!("a special line for {n:?}, which the board has not"));
    }
    // Every effect the puzzle says players may meet, with its rule.
    let recipe = witches::puzzle::Recipe::new(&board.header.params, &Seed::new(&board.header.seed)).unwrap();
    for rule in recipe.rules() {
        if !found.iter().any(|(o, n, _)| o == "effect" && n == rule.effect) {
            return Err(format!("no effect line for {:?}", rule.effect));
        }
        let said = format!("{}: {}", rule.effect, rule.rule);
        if !words.contains(&said) {
            return Err(format!("the card does not say {said:?}"));
        }
    }
    let effects = found.iter().filter(|(o, _, _)| o == "effect").count();
    if effects != recipe.rules().len() {
        return Err(format!("{effects} effect lines for {} rules", recipe.rules().len()));
    }
    // The starting ingredients and those in play, named.
    for i in &board.ingredients {
        if !words.contains(&i.name) || !found.iter().any(|(o, _, _)| o == "start") {
            return Err(format!("the starting ingredient {:?} is not on the card", i.name));
        }
    }
    for i in recipe.ingredients() {
        if !words.contains(i.name) {
            return Err(format!("the ingredient {:?} is not on the card", i.name));
        }
    }
    Ok(())
}

#[test]
fn the_witches_card_explains_what_is_on_the_board() {
    let mut failures = Vec::new();
    let mut specials_seen = std::collections::BTreeSet::new();
    for (p, preset) in [Some("hardest"), None, Some("classic")].into_iter().enumerate() {
        for i in 0..6 {
            let seed = format!("card-{i}");
            let difficulty = 1 + (i as u32 + p as u32) % 3;
            let b = witches_board(preset, difficulty, &seed);
            specials_seen.extend(b.special_cells.iter().map(|s| s.name.clone()));
            let options = varied(i, p);
            if let Err(e) = check_witches_card(&b, &options) {
                failures.push(format!("{preset:?}, seed {seed:?}, difficulty {difficulty}, {options:?}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    // The boards tried hold special cells of several kinds.
    assert!(specials_seen.len() >= 4, "{specials_seen:?}");
}

#[test]
fn the_witches_card_is_pages_of_the_paper_after_the_sheets() {
    let b = witches_board(Some("hardest"), 3, "Tiamo");
    for paper in [Paper::A4, Paper::A5, Paper::Letter] {
        let options = DrawOptions {
            paper,
            ..DrawOptions::default()
        };
        let plain = Witches::sheets(&b, options.clone());
        let with = Witches::sheets(
            &b,
            DrawOptions {
                rules_card: true,
                ..options.clone()
            },
        );
        assert!(with.pages.len() > plain.pages.len(), "{paper:?}");
        let (short, long) = paper.size();
        for page in &with.pages[plain.pages.len()..] {
            assert!((page.width - long).abs() < EPS && (page.height - short).abs() < EPS, "{paper:?}");
        }
        // The board's own sheets are the same with or without the card.
        for (a, b) in plain.pages.iter().zip(&with.pages) {
            assert_eq!(render::svg::page(a, &plain.title), render::svg::page(b, &with.title));
        }
    }
    // Difficulty 1: no effects, and the card says so.
    let easy = witches_board(Some("hardest"), 1, "Tiamo");
    let words = page_words(&witches_card(&easy, &DrawOptions::default())).concat().join(" ");
    assert!(words.contains("no ingredient carries an effect"), "{words}");
    // Without special cells, no heading for them.
    let plain = witches_board(None, 2, "Tiamo");
    assert!(plain.special_cells.is_empty());
    let words = page_words(&witches_card(&plain, &DrawOptions::default())).concat().join(" ");
    assert!(!words.contains("Special cells"), "{words}");
}

/// The drawing options of the `i`-th board of the `p`-th set: every paper,
/// ink-friendly and tiled among them.
fn varied(i: usize, p: usize) -> DrawOptions {
    DrawOptions {
        paper: [Paper::A4, Paper::A5, Paper::Letter, Paper::A3][(i + p) % 4],
        ink_friendly: i.is_multiple_of(3),
        tile: if i == 5 { Tile { cols: 2, rows: 1 } } else { Tile::ONE },
        ..DrawOptions::default()
    }
}

/// The hexet card's promises for `board` drawn with `options`: one sheet a
/// page, the game and its scoring with the map's own points, and each city
/// type led by its city, with the fewest roads the map's metrics give.
fn check_hexet_card(board: &hexet::Board, options: &DrawOptions) -> Result<(), String> {
    let doc = card_of::<Hexet>(board, options);
    let found = card_lines(&doc, options, |svg| {
        let led: Vec<bool> = svg
            .split("<g class=\"rule\"")
            .skip(1)
            .map(|chunk| chunk.contains("<circle") || chunk.contains("<rect") || chunk.contains("<polygon"))
            .collect();
        lines(svg)
            .into_iter()
            .zip(led)
            .map(|((of, name, _), led)| (of, name, led))
            .collect()
    })?;
    let words = page_words(&doc).concat().join(" ");
    let p = &board.header.params;
    for said in [
        format!("scores {} per city", p.type_points),
        format!("Tower: {} per city", p.tower_points),
        format!("Completion: {} for each city type", p.completion_points),
        format!("seed \"{}\"", board.header.seed),
    ] {
        if !words.contains(&said) {
            return Err(format!("the card does not say {said:?}"));
        }
    }
    if !["bridge", "lake", "one road"].iter().all(|w| words.contains(w)) {
        return Err("the card does not say how roads, bridges and lakes go".into());
    }
    let types: Vec<&(String, String, bool)> = found.iter().filter(|(of, _, _)| of == "type").collect();
    if types.len() != p.city_types as usize {
        return Err(format!("{} city type lines for {} types", types.len(), p.city_types));
    }
    for (t, (_, name, led)) in types.iter().enumerate() {
        if *name != (t + 1).to_string() || !led {
            return Err(format!("city type line {t} is {name:?}, led by its city: {led}"));
        }
        if let Some(roads) = board.metrics.city_type_roads[t] {
            let said = format!(
                "City type {}: its {} cities and the tower can be joined with {roads} roads",
                t + 1,
                p.cities_per_type
            );
            if !words.contains(&said) {
                return Err(format!("the card does not say {said:?}"));
            }
        }
    }
    Ok(())
}

#[test]
fn the_hexet_card_says_the_game_its_scoring_and_each_type_cost() {
    let mut failures = Vec::new();
    for i in 0..8 {
        let seed = format!("card-{i}");
        let params = hexet::Params {
            players: 1 + i as u32 % 4,
            city_types: 2 + i as u32 % 5,
            type_points: 1 + i as u32,
            tower_points: 2 * i as u32,
            completion_points: 10 - i as u32,
            ..hexet::Params::default()
        };
        let b = Hexet::generate(&params, &Seed::new(&seed)).unwrap();
        let options = varied(i, 0);
        if let Err(e) = check_hexet_card(&b, &options) {
            failures.push(format!("seed {seed:?}, {options:?}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
