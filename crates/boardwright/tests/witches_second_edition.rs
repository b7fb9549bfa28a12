//! The 2023 edition's witches board, checked cell by cell over thousands of
//! seeds at every player count, fair and as the original places: one side,
//! no cauldrons or notes cell, gardens of at most 4 cells covering every
//! cell, at least two of exactly 4 (one per player when fair), at most 3
//! starting ingredients from the first four names; and its limits refused
//! in words.

use boardwright::witches::{Board, Face, Params, Witches};
use boardwright::{DrawOptions, Generator, Printed, Seed};

const SEEDS: usize = 500;
/// The first four ingredients: the only starting ones in the 2023 edition.
const STARTING: [&str; 4] = ["Parsley", "Sage", "Chives", "Rosemary"];
/// The players' rectangles on the front, by player count (the 2023 game's table).
const LAYOUTS: [&[[u32; 4]]; 4] = [
    &[[0, 0, 8, 4]],
    &[[0, 0, 4, 4], [4, 0, 4, 4]],
    &[[0, 0, 5, 2], [0, 2, 5, 2], [5, 0, 3, 4]],
    &[[0, 0, 4, 2], [4, 0, 4, 2], [0, 2, 4, 2], [4, 2, 4, 2]],
];

fn params(players: u32, fair_placement: bool) -> Params {
    Params {
        edition: 2023,
        players,
        special_cells: 6,
        fair_placement,
        ..Params::default()
    }
}

/// Everything a 2023 board promises, `fair` or not; the first broken
/// promise in words.
fn check(b: &Board, fair: bool) -> Result<(), String> {
    let players = b.players.len();
    if !b.cauldrons.is_empty() || b.notes_cell.is_some() || b.recipe_length != 4 || b.faces() != [Face::Front] {
        return Err("not a one-sided board without cauldrons or a notes cell".into());
    }
    let mut owner = [[None; 8]; 4];
    for (g, garden) in b.gardens.iter().enumerate() {
        if garden.side != Face::Front || garden.cells.is_empty() || garden.cells.len() > 4 {
            return Err(format!("garden {g} has {} cells on the {:?}", garden.cells.len(), garden.side));
        }
        let [rx, ry, rw, rh] = LAYOUTS[players - 1][garden.player as usize];
        for &[x, y] in &garden.cells {
            if !((rx..rx + rw).contains(&x) && (ry..ry + rh).contains(&y)) {
                return Err(format!("garden {g} leaves player {}'s rectangle at ({x}, {y})", garden.player + 1));
            }
            if owner[y as usize][x as usize].replace(g).is_some() {
                return Err(format!("cell ({x}, {y}) is in two gardens"));
            }
        }
        // Connected: every cell reaches the first through the garden.
        let mut reached = vec![garden.cells[0]];
        let mut k = 0;
        while k < reached.len() {
            let [x, y] = reached[k];
            for &c in &garden.cells {
                if x.abs_diff(c[0]) + y.abs_diff(c[1]) == 1 && !reached.contains(&c) {
                    reached.push(c);
                }
            }
            k += 1;
        }
        if reached.len() != garden.cells.len() {
            return Err(format!("garden {g} is not connected"));
        }
    }
    if owner.iter().flatten().any(Option::is_none) {
        return Err("a cell is in no garden".into());
    }
    let whole: Vec<u32> = b.gardens.iter().filter(|g| g.cells.len() == 4).map(|g| g.player).collect();
    if whole.len() < 2 {
        return Err(format!("{} garden(s) of 4 cells", whole.len()));
    }
    if fair && let Some(p) = (0..players as u32).find(|p| !whole.contains(p)) {
        return Err(format!("player {} has no garden of 4 cells", p + 1));
    }
    if b.ingredients.len() > 3 || b.ingredients.iter().any(|i| !STARTING.contains(&i.name.as_str())) {
        return Err(format!("starting ingredients {:?}", b.ingredients));
    }
    let mut used = Vec::new();
    for l in b.ingredients.iter().chain(&b.special_cells) {
        if l.side != Face::Front || used.contains(&(l.x, l.y)) {
            return Err(format!("{} at ({}, {}) shares or leaves the front", l.name, l.x, l.y));
        }
        used.push((l.x, l.y));
    }
    if fair {
        for labels in [&b.ingredients, &b.special_cells] {
            let mut per = vec![0; players];
            for l in labels {
                per[b.owner(Face::Front, l.x, l.y) as usize] += 1;
            }
            if per.iter().max().unwrap() - per.iter().min().unwrap() > 1 {
                return Err(format!("dealt unevenly: {per:?}"));
            }
        }
    }
    let m = &b.metrics;
    if m.gardens_over_cap != 0 || m.largest_garden > 4 || m.recipe_gardens as usize != whole.len() {
        return Err(format!("metrics {m:?}"));
    }
    if fair && m.players_without_recipe_room != 0 {
        return Err("a player without room for a recipe is reported".into());
    }
    Ok(())
}

#[test]
fn second_edition_boards_keep_its_rules() {
    let mut failures = Vec::new();
    for fair in [true, false] {
        for players in 1..=4 {
            for i in 0..SEEDS {
                let seed = format!("second-{i}");
                let b = Witches::generate(&params(players, fair), &Seed::new(&seed)).unwrap();
                if let Err(e) = check(&b, fair) {
                    failures.push(format!("{players} players, fair {fair}, seed {seed:?}: {e}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}

#[test]
fn the_original_placement_leaves_some_players_without_a_whole_garden() {
    // What the fair placement is for: without it, four players do not all
    // get a garden of 4 cells.
    let short = (0..200)
        .filter(|i| {
            let b = Witches::generate(&params(4, false), &Seed::new(&format!("second-{i}"))).unwrap();
            b.metrics.players_without_recipe_room > 0
        })
        .count();
    assert!(short > 20, "{short} of 200 boards");
}

/// The special cells' kinds: fair, exactly a third of a board's hinder;
/// placed as the original does, each of the eight kinds as often as any
/// other (a hindering one half the time), as the original's code draws them.
#[test]
fn special_cells_hinder_a_third_or_as_the_original_draws_them() {
    const HINDERING: [&str; 4] = ["Low Ceiling", "Fertile Ground", "Hard Ground", "Black Magic"];
    for fair in [true, false] {
        let mut kinds: std::collections::BTreeMap<String, u32> = Default::default();
        for i in 0..400 {
            let seed = format!("special-{i}");
            let b = Witches::generate(&params(2, fair), &Seed::new(&seed)).unwrap();
            let hindering = b.special_cells.iter().filter(|l| HINDERING.contains(&l.name.as_str())).count();
            assert!(
                !fair || hindering == b.special_cells.len() / 3,
                "seed {seed:?}: {hindering} of {} hinder",
                b.special_cells.len()
            );
            for l in &b.special_cells {
                *kinds.entry(l.name.clone()).or_default() += 1;
            }
        }
        assert_eq!(kinds.len(), 8, "fair {fair}: {kinds:?}");
        let total: u32 = kinds.values().sum();
        let hindering: u32 = HINDERING.iter().map(|k| kinds[*k]).sum();
        let share = f64::from(hindering) / f64::from(total);
        if fair {
            assert!((share - 1.0 / 3.0).abs() < 0.01, "fair: {share:.3} hinder");
        } else {
            // 2,400 cells: each kind's share within 0.03 of an eighth.
            for (kind, &n) in &kinds {
                let share = f64::from(n) / f64::from(total);
                assert!((share - 0.125).abs() < 0.03, "as the original: {kind} {share:.3} of {total}");
            }
        }
    }
}

#[test]
fn a_second_edition_board_prints_on_one_side() {
    let b = Witches::generate(&params(4, true), &Seed::new("Tiamo")).unwrap();
    let doc = Witches::draw(&b, DrawOptions::default());
    assert_eq!(doc.pages.len(), 1);
    let sheets = Witches::sheets(
        &b,
        DrawOptions {
            rules_card: true,
            ..DrawOptions::default()
        },
    );
    // The board, then the rules card.
    assert_eq!(sheets.pages.len(), 2);
}

#[test]
fn second_edition_limits_are_refused_in_words() {
    for (field, value, words) in [
        ("players", 5, "at most 4 in the 2023 edition"),
        ("garden_ingredients", 4, "at most 3 in the 2023 edition"),
        ("recipe_length", 6, "4 in the 2023 edition"),
    ] {
        let mut p = params(4, true);
        match field {
            "players" => p.players = value,
            "garden_ingredients" => p.garden_ingredients = value,
            _ => p.recipe_length = value,
        }
        let err = Witches::generate(&p, &Seed::new("x")).unwrap_err().to_string();
        assert!(err.contains(field) && err.contains(words), "{err}");
    }
    let too_few = Params {
        recipe_length: 6,
        ingredients: 5,
        ..Params::default()
    };
    let err = Witches::generate(&too_few, &Seed::new("x")).unwrap_err().to_string();
    assert!(err.contains("ingredients") && err.contains("at least recipe_length (6)"), "{err}");
}

#[test]
fn second_edition_golden_json() {
    let b = Witches::generate(&params(3, true), &Seed::new("golden")).unwrap();
    super::golden("witches-2023-golden.json", &serde_json::to_string_pretty(&b).unwrap());
}

/// The 2023 game deals its effects in order (a cauldron effect, an
/// investigative one, a player's ability, then a complex one with 7 or more
/// in play) and keeps the first 1 + ⌊u (m / 2 − 1)⌋ for m in play: at 7 in
/// play a third effect, always a player's ability, comes 1 time in 5, at 8
/// 1 in 3; a complex effect only as the fourth, at 9 and 10.
#[test]
fn the_2023_effects_come_in_the_games_order() {
    use boardwright::witches::puzzle::{Category, Effect, Recipe};
    for (in_play, third) in [(7u32, 0.2), (8, 1.0 / 3.0), (9, 2.0 / 7.0), (10, 0.25)] {
        let params = Params {
            edition: 2023,
            difficulty: 2,
            ingredients: in_play,
            ..Params::default()
        };
        let (mut three, mut four, seeds) = (0, 0, 200);
        for k in 0..seeds {
            let seed = format!("deal-{k}");
            let r = Recipe::new(&params, &Seed::new(&seed)).unwrap();
            let effects: Vec<Effect> = r
                .ingredients()
                .iter()
                .flat_map(|i| i.effects.iter().copied())
                .filter(|&e| e != Effect::Imposter)
                .collect();
            let of = |c: Category| effects.iter().filter(|e| e.category() == c).count();
            let what = format!("{in_play} in play, seed {seed:?}: {effects:?}");
            assert!(effects.len() <= 4, "{what}");
            if effects.len() >= 3 {
                assert_eq!(of(Category::Players), 1, "{what}");
            }
            assert_eq!(of(Category::Complex), usize::from(effects.len() == 4), "{what}");
            three += usize::from(effects.len() == 3);
            four += usize::from(effects.len() == 4);
        }
        let share = three as f64 / seeds as f64;
        assert!(
            (share - third).abs() < 0.1,
            "{in_play} in play: three effects on {share:.2} of recipes, {third:.2} expected"
        );
        assert_eq!(four > 0, in_play >= 9, "{in_play} in play: {four} recipes with four effects");
    }
}
