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
use boardwright::{DrawOptions, Generator, Paper, Printed, Registered, Seed, Tile};

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
fn card_of<G: Registered>(board: &G::Board, options: &DrawOptions) -> scene::Document {
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

/// Each line of a card (every `rule` group of its pages' SVG): what it is
/// about (`of`, `name`) and its words, the lines it is broken into joined
/// by `join`.
fn card_texts(doc: &scene::Document, join: &str) -> Vec<(String, String, String)> {
    let decode = |s: &str| {
        s.replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&")
    };
    let mut found = Vec::new();
    for page in &doc.pages {
        let svg = render::svg::page(page, &doc.title);
        let mut rest = svg.as_str();
        while let Some(at) = rest.find("<g class=\"rule\"") {
            rest = &rest[at..];
            // The group runs to its own `</g>`, past any group inside it.
            let (mut depth, mut end) = (0usize, rest.len());
            let mut i = 0;
            while i < rest.len() {
                if rest[i..].starts_with("<g ") || rest[i..].starts_with("<g>") {
                    depth += 1;
                } else if rest[i..].starts_with("</g>") {
                    depth -= 1;
                    if depth == 0 {
                        end = i;
                        break;
                    }
                }
                i += rest[i..].chars().next().map_or(1, char::len_utf8);
            }
            let group = &rest[..end];
            let attr = |name: &str| {
                let key = format!("data-{name}=\"");
                let at = group.find(&key).unwrap() + key.len();
                decode(&group[at..at + group[at..].find('"').unwrap()])
            };
            let mut texts = Vec::new();
            let mut inner = group;
            while let Some(t) = inner.find("<text") {
                let open = t + inner[t..].find('>').unwrap() + 1;
                let close = open + inner[open..].find("</text>").unwrap();
                texts.push(decode(&inner[open..close]));
                inner = &inner[close..];
            }
            found.push((attr("of"), attr("name"), texts.join(join)));
            rest = &rest[end..];
        }
    }
    found
}

/// Whether `words` send players to read a rule elsewhere.
fn points_elsewhere(words: &str) -> bool {
    let lower = words.to_lowercase();
    ["rulebook", "see the rule", "rules page"].iter().any(|w| lower.contains(w))
}

/// A universe card's lines say what to do, each on its own: none sends
/// players to a rulebook, every node type, piece and node set has its rule,
/// and a rule that rests on a reading is marked, the mark explained once.
/// Every preset, colour and ink-friendly, a first game and not.
#[test]
fn the_universe_card_stands_alone() {
    let presets = std::iter::once(None).chain(<universe::Params as Params>::PRESETS.iter().map(|(name, _)| Some(*name)));
    let mut failures = Vec::new();
    let mut marked = std::collections::BTreeSet::new();
    for (k, preset) in presets.enumerate() {
        let b = board(preset, k % 2 == 0, &format!("alone-{k}"));
        for ink_friendly in [false, true] {
            let options = DrawOptions {
                ink_friendly,
                paper: if ink_friendly { Paper::A5 } else { Paper::A4 },
                ..DrawOptions::default()
            };
            let lines = card_texts(&card(&b, &options), " ");
            let mut fail = |e: String| failures.push(format!("{preset:?}, ink-friendly {ink_friendly}: {e}"));
            for (of, name, words) in &lines {
                if points_elsewhere(words) {
                    fail(format!("the {of} line {name:?} points elsewhere: {words:?}"));
                }
                if ["type", "piece", "set", "mission"].contains(&of.as_str()) && !words.contains(": ") {
                    fail(format!("the {of} line {name:?} says nothing to do: {words:?}"));
                }
                if words.contains("(reading)") && of != "reading" {
                    marked.insert(name.clone());
                }
            }
            let explained = lines.iter().filter(|(of, _, _)| of == "reading").count();
            let readings = lines.iter().any(|(of, _, w)| of != "reading" && w.contains("(reading)"));
            if explained != usize::from(readings) {
                fail(format!(
                    "{explained} lines explain the mark of a reading, with marked lines: {readings}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    // The base set's readings, and the expansions' where the sources say nothing.
    for name in [
        "Fish", "Water", "Wood", "Fruit", "Puppy", "Sun", "Moon", "Circle", "Pause", "Square", "Cross",
    ] {
        assert!(marked.contains(name), "{name} is not marked a reading on any card: {marked:?}");
    }
    // The built-in data itself, every entry whether or not a board drew it:
    // each node type, mission and piece with a rule of its own, and a node
    // set's rule, where it has one, pointing nowhere else either.
    let params = universe::Params::default();
    let mut rules: Vec<(String, Option<String>)> = params.node_types.iter().map(|t| (t.name.clone(), t.rule.clone())).collect();
    rules.extend(params.missions.iter().map(|m| (m.name.clone(), m.rule.clone())));
    for set in universe::expansions::node_sets() {
        rules.extend(set.node_types.iter().map(|t| (t.name.clone(), t.rule.clone())));
        if let Some(rule) = &set.rule {
            rules.push((set.title.clone(), Some(rule.clone())));
        }
    }
    for pieces in [
        universe::expansions::expedition_types(),
        universe::expansions::landmark_types(),
        universe::expansions::resource_types(),
        universe::expansions::tiny_node_types(),
    ] {
        rules.extend(pieces.iter().map(|p| (p.name.clone(), Some(p.rule.clone()))));
    }
    for (name, rule) in rules {
        let rule = rule.unwrap_or_else(|| panic!("{name} has no rule"));
        assert!(!rule.trim().is_empty() && !points_elsewhere(&rule), "{name}: {rule:?}");
    }
}

/// The witches card says where to brew: this board's page on the server's
/// default address, with its seed and every parameter set away from the
/// defaults (escaped), and the command that brews at the command line (the
/// seed quoted for a shell); its words hold in colour and ink-friendly
/// alike; the hardest preset meets effects.
#[test]
fn the_witches_card_says_where_to_brew() {
    let cases = [
        (None, "Tiamo", "seed=Tiamo", "--seed Tiamo"),
        (
            Some("hardest"),
            "night & day",
            "seed=night%20%26%20day&recipe_length=6&ingredients=10&special_cells=6&difficulty=3",
            "--seed 'night & day' --set recipe_length=6 --set ingredients=10 --set special_cells=6 --set difficulty=3",
        ),
        (
            Some("second-edition"),
            "Tiamo",
            "seed=Tiamo&edition=2023",
            "--seed Tiamo --set edition=2023",
        ),
        (
            Some("classic"),
            "it's",
            "seed=it%27s&fair_placement=false",
            "--seed 'it'\\''s' --set fair_placement=false",
        ),
    ];
    for (preset, seed, query, args) in cases {
        let layers: Vec<_> = preset.map(|p| witches::Params::preset(p).unwrap()).into_iter().collect();
        let b = Witches::generate(&witches::Params::resolve(&layers).unwrap(), &Seed::new(seed)).unwrap();
        for ink_friendly in [false, true] {
            for paper in [Paper::A4, Paper::A5] {
                let options = DrawOptions {
                    ink_friendly,
                    paper,
                    ..DrawOptions::default()
                };
                let doc = witches_card(&b, &options);
                let at = format!("{preset:?}, ink-friendly {ink_friendly}, {paper:?}");
                // The address is one word: its lines joined with nothing between.
                let address = card_texts(&doc, "")
                    .into_iter()
                    .find(|(of, name, _)| of == "page" && name == "address")
                    .map(|(_, _, words)| words);
                assert_eq!(
                    address.as_deref(),
                    Some(format!("http://127.0.0.1:8080/witches?{query}").as_str()),
                    "{at}"
                );
                let lines = card_texts(&doc, " ");
                let command = format!("boardwright witches {args} --potion \"");
                assert!(
                    lines
                        .iter()
                        .any(|(of, name, words)| of == "page" && name == "command" && words.contains(&command)),
                    "{at}: no {command:?} in {lines:#?}"
                );
                assert!(
                    lines
                        .iter()
                        .any(|(of, _, words)| of == "page" && words.contains("boardwright serve")),
                    "{at}"
                );
                for (of, name, words) in &lines {
                    assert!(!points_elsewhere(words), "{at}: the {of} line {name:?}: {words:?}");
                    // Garden cells are white on an ink-friendly sheet.
                    assert!(!words.contains("shaded"), "{at}: the {of} line {name:?}: {words:?}");
                }
                let effects = lines.iter().filter(|(of, _, _)| of == "effect").count();
                if preset == Some("hardest") {
                    assert!(effects > 0, "{at}: the hardest preset's card meets no effect");
                }
            }
        }
    }
}

/// The hexet card covers every terrain and a river, each led by its mark:
/// forest and hills change nothing, a lake takes no road, a river is
/// crossed by a bridge. No line points elsewhere; starship has no card.
#[test]
fn the_hexet_card_covers_every_terrain() {
    let b = Hexet::generate(&hexet::Params::default(), &Seed::new("Tiamo")).unwrap();
    for ink_friendly in [false, true] {
        let options = DrawOptions {
            ink_friendly,
            ..DrawOptions::default()
        };
        let doc = card_of::<Hexet>(&b, &options);
        let lines = card_texts(&doc, " ");
        let terrain: Vec<(&str, &str)> = lines
            .iter()
            .filter(|(of, _, _)| of == "terrain")
            .map(|(_, name, words)| (name.as_str(), words.as_str()))
            .collect();
        let names: Vec<&str> = terrain.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            names,
            ["grassland", "forest", "hills", "lake", "river"],
            "ink-friendly {ink_friendly}"
        );
        for (name, words) in &terrain {
            let says = match *name {
                "forest" | "hills" => "as through grassland",
                "lake" => "no road",
                "river" => "bridge",
                _ => "roads go",
            };
            assert!(words.contains(says), "{name}: {words:?}");
        }
        // Each led by its mark: a shape in its group besides the words.
        let svg: String = doc.pages.iter().map(|p| render::svg::page(p, &doc.title)).collect();
        for name in names {
            let at = svg.find(&format!("data-of=\"terrain\" data-name=\"{name}\"")).unwrap();
            let group = &svg[at..at + svg[at..].find("<text").unwrap()];
            assert!(
                ["<polygon", "<line", "<path", "<circle"].iter().any(|s| group.contains(s)),
                "{name} has no mark"
            );
        }
        for (of, name, words) in &lines {
            assert!(!points_elsewhere(words), "the {of} line {name:?}: {words:?}");
        }
    }
    const { assert!(!boardwright::starship::Starship::RULES_CARD) };
}
