//! The witches puzzle: each effect's and decoy kind's rule on its own, on
//! recipes made by hand with known answers; the exact count of winning
//! potions against a plain brute force over every potion; over many seeds
//! at every difficulty, every recipe solvable (by the brute force), its
//! revealed solution winning, its clue true; the feedback shuffled yet
//! the same for the same potion.

use boardwright::Seed;
use boardwright::witches::Params;
use boardwright::witches::puzzle::{Decoy, Effect, Entry, Ingredient, MAX_POTION, Potion, Recipe, clue_holds, potions_needed};

const NAMES: [&str; 10] = [
    "Parsley",
    "Sage",
    "Chives",
    "Rosemary",
    "Oregano",
    "Mint",
    "Dill",
    "Basil",
    "Thyme",
    "Black Pepper",
];

/// Parsley 1, Sage 2, Chives 3, Rosemary 4, the others ignored decoys;
/// `change` edits the list before the recipe is made.
fn hand(change: impl FnOnce(&mut Vec<Ingredient>)) -> Recipe {
    let mut ings: Vec<Ingredient> = NAMES
        .iter()
        .enumerate()
        .map(|(i, &name)| {
            if i < 4 {
                Ingredient::numbered(name, i as u32 + 1)
            } else {
                Ingredient::decoy(name, Decoy::Ignore, None)
            }
        })
        .collect();
    change(&mut ings);
    Recipe::hand_made(4, ings, &Seed::new("hand")).expect("a solvable hand-made recipe")
}

fn brew(recipe: &Recipe, text: &str) -> (u32, u32, Vec<String>, bool) {
    let f = recipe.brew(&Potion::parse(text).unwrap());
    let mut lines = f.feedback.clone();
    lines.sort();
    (f.undergrown, f.overgrown, lines, f.won)
}

fn lines(recipe: &Recipe, text: &str) -> Vec<String> {
    brew(recipe, text).2
}

#[test]
fn plain_recipe_numbers_seeds_and_order() {
    let r = hand(|_| {});
    assert!(brew(&r, "Parsley,Sage,Chives,Rosemary").3);
    assert!(brew(&r, "Parsley:1,Sage:2,Chives:3,Rosemary:4").3);
    assert_eq!(brew(&r, "Parsley:0,Sage:3,Chives:3"), (1, 1, vec![], false));
    // Right seeds in the wrong order: nothing undergrown or overgrown, no win.
    assert_eq!(brew(&r, "Sage:2,Parsley:1,Chives:3,Rosemary:4"), (0, 0, vec![], false));
    // Short of the recipe's length: no win.
    assert!(!brew(&r, "Parsley,Sage,Chives").3);
    // 1…4 in order with 0 to 2 of the 6 ignored decoys anywhere.
    assert_eq!(r.solutions(), 1 + 6 * 5 + 6 * 5 * 15);
    assert_eq!(r.solutions(), brute_force_count(&r));
}

#[test]
fn ignore_decoy_is_skipped_but_its_effects_run() {
    let r = hand(|i| i[4] = Ingredient::decoy("Oregano", Decoy::Ignore, None).with(&[Effect::Coward]));
    assert_eq!(
        brew(&r, "Oregano:9"),
        (0, 0, vec![format!("Coward was encountered: {}", Effect::Coward.rule())], false)
    );
    assert!(brew(&r, "Parsley,Oregano:7,Sage,Chives,Rosemary").3);
}

#[test]
fn overachiever_is_always_under_or_overgrown() {
    let r = hand(|i| {
        i[4] = Ingredient::decoy("Oregano", Decoy::Overachiever, Some(5));
        i[5] = Ingredient::decoy("Mint", Decoy::Overachiever, Some(0));
    });
    for seeds in 0..=9 {
        assert_eq!(brew(&r, &format!("Oregano:{seeds}")).0, 1);
        assert_eq!(brew(&r, &format!("Mint:{seeds}")).1, 1);
    }
    assert_eq!(brew(&r, "Oregano,Mint").0 + brew(&r, "Oregano,Mint").1, 2);
    assert!(!brew(&r, "Parsley,Sage,Chives,Rosemary,Oregano").3);
}

#[test]
fn imposter_looks_like_its_number_but_never_wins() {
    let r = hand(|i| i[5] = Ingredient::decoy("Mint", Decoy::Imposter, Some(2)));
    assert_eq!(brew(&r, "Parsley:1,Mint:2,Chives:3,Rosemary:4"), (0, 0, vec![], false));
    assert_eq!(brew(&r, "Mint:1"), (1, 0, vec![], false));
    assert!(brew(&r, "Parsley,Sage,Chives,Rosemary").3);
}

#[test]
fn spicy_needs_one_more_seed_next() {
    let r = hand(|i| i[0] = i[0].clone().with(&[Effect::Spicy]));
    assert_eq!(
        brew(&r, "Parsley:1,Sage:2"),
        (1, 0, vec!["Spicy was encountered".to_string()], false)
    );
    assert!(brew(&r, "Parsley:1,Sage:3,Chives:3,Rosemary:4").3);
    assert!(!brew(&r, "Parsley:1,Sage:2,Chives:3,Rosemary:4").3);
    // The revealed solution writes the extra seed.
    assert_eq!(r.solution().to_string(), "Parsley:1,Sage:3,Chives:3,Rosemary:4");
}

#[test]
fn cutoff_stops_the_evaluation() {
    let r = hand(|i| i[4] = i[4].clone().with(&[Effect::Cutoff]));
    assert_eq!(
        brew(&r, "Oregano,Parsley:0"),
        (0, 0, vec!["Cutoff was encountered".to_string()], false)
    );
    // On the last ingredient: whatever follows, the potion wins.
    let last = hand(|i| i[3] = i[3].clone().with(&[Effect::Cutoff]));
    assert!(brew(&last, "Parsley,Sage,Chives,Rosemary,Mint:0,Dill:9").3);
    assert_eq!(last.solutions(), brute_force_count(&last));
    // Before the last, no potion wins: no such recipe.
    let mut ings: Vec<Ingredient> = (0..10)
        .map(|i| {
            if i < 4 {
                Ingredient::numbered(NAMES[i], i as u32 + 1)
            } else {
                Ingredient::decoy(NAMES[i], Decoy::Ignore, None)
            }
        })
        .collect();
    ings[1] = ings[1].clone().with(&[Effect::Cutoff]);
    assert!(Recipe::hand_made(4, ings, &Seed::new("hand")).is_none());
}

#[test]
fn enthusiastic_skips_the_next_ingredient() {
    let r = hand(|i| i[0] = i[0].clone().with(&[Effect::Enthusiastic]));
    assert_eq!(brew(&r, "Parsley:1,Sage:0").0, 0);
    assert!(!brew(&r, "Parsley,Sage,Chives,Rosemary").3);
    assert!(brew(&r, "Parsley,Oregano,Sage,Chives,Rosemary").3);
    // The skipped ingredient's effects do not run.
    let r = hand(|i| {
        i[0] = i[0].clone().with(&[Effect::Enthusiastic]);
        i[4] = i[4].clone().with(&[Effect::Coward]);
    });
    assert_eq!(lines(&r, "Parsley,Oregano"), ["Enthusiastic was encountered"]);
    assert_eq!(r.solutions(), brute_force_count(&r));
}

#[test]
fn reporting_effects_say_what_came_before() {
    let with = |i: usize, e: Effect| hand(move |ings| ings[i] = ings[i].clone().with(&[e]));
    let hugger = with(2, Effect::Hugger);
    assert_eq!(lines(&hugger, "Sage,Chives"), ["Hugger says yes"]);
    assert_eq!(lines(&hugger, "Parsley,Chives"), ["Hugger says no"]);
    assert_eq!(lines(&hugger, "Chives"), ["Hugger says no"]);
    let detective = with(3, Effect::Detective);
    assert_eq!(lines(&detective, "Parsley,Rosemary"), ["Detective says 1"]);
    assert_eq!(lines(&detective, "Oregano,Rosemary"), ["Detective says nothing"]);
    let says = lines(&detective, "Parsley,Sage,Chives,Rosemary");
    assert!(["Detective says 1", "Detective says 2", "Detective says 3"].contains(&says[0].as_str()));
    let liar = with(3, Effect::Liar);
    assert_eq!(lines(&liar, "Parsley,Sage,Chives,Rosemary"), ["Liar says 4"]);
    let calculator = with(3, Effect::Calculator);
    assert_eq!(lines(&calculator, "Parsley,Sage,Oregano,Rosemary"), ["Calculator says 3"]);
    let revealer = with(3, Effect::Revealer);
    assert_eq!(lines(&revealer, "Oregano,Mint,Sage,Rosemary"), ["Revealer says 2"]);
    let counted = |e: Effect| {
        hand(move |ings| {
            ings[0] = ings[0].clone().with(&[Effect::Coward, Effect::Fertilizer]);
            ings[1] = ings[1].clone().with(&[Effect::Resetter]);
            ings[3] = ings[3].clone().with(&[e]);
        })
    };
    let general = lines(&counted(Effect::General), "Parsley,Sage,Chives,Rosemary");
    assert!(general.contains(&"General says 3".to_string()), "{general:?}");
    let inspector = lines(&counted(Effect::Inspector), "Parsley,Sage,Chives,Rosemary");
    assert!(inspector.contains(&"Inspector says 2".to_string()), "{inspector:?}");
    for e in [Effect::Coward, Effect::Fertilizer, Effect::Resetter] {
        assert_eq!(
            lines(&with(0, e), "Parsley"),
            [format!("{} was encountered: {}", e.name(), e.rule())]
        );
    }
}

#[test]
fn feedback_is_shuffled_yet_the_same_for_the_same_potion() {
    let effects = [Effect::Coward, Effect::Fertilizer, Effect::Resetter];
    let in_order: Vec<String> = effects
        .iter()
        .map(|e| format!("{} was encountered: {}", e.name(), e.rule()))
        .collect();
    let mut orders = std::collections::BTreeSet::new();
    for k in 0..40 {
        let mut ings: Vec<Ingredient> = (0..10)
            .map(|i| {
                if i < 4 {
                    Ingredient::numbered(NAMES[i], i as u32 + 1)
                } else {
                    Ingredient::decoy(NAMES[i], Decoy::Ignore, None)
                }
            })
            .collect();
        for (i, e) in effects.iter().enumerate() {
            ings[i] = ings[i].clone().with(&[*e]);
        }
        let r = Recipe::hand_made(4, ings, &Seed::new(&format!("board {k}"))).unwrap();
        let potion = Potion::parse("Parsley,Sage,Chives").unwrap();
        let a = r.brew(&potion);
        assert_eq!(a, r.brew(&potion));
        assert_eq!(
            a,
            r.brew(&Potion::parse(" parsley, SAGE ,chives").unwrap()),
            "the same potion, written otherwise"
        );
        orders.insert(a.feedback.clone());
    }
    assert!(orders.len() >= 4, "{orders:?}");
    assert!(orders.iter().any(|o| *o != in_order));
}

/// Every potion of 1 to 6 different ingredients, as needed, brewed.
fn brute_force_count(recipe: &Recipe) -> u64 {
    fn go(recipe: &Recipe, path: &mut Vec<Entry>, count: &mut u64) {
        if !path.is_empty() && recipe.wins(path) {
            *count += 1;
        }
        if path.len() == MAX_POTION {
            return;
        }
        for ingredient in 0..10 {
            if path.iter().all(|e| e.ingredient != ingredient) {
                path.push(Entry { ingredient, seeds: None });
                go(recipe, path, count);
                path.pop();
            }
        }
    }
    let mut count = 0;
    go(recipe, &mut Vec::new(), &mut count);
    count
}

/// The first winning potion, shortest first, by plain enumeration.
fn brute_force_solvable(recipe: &Recipe) -> bool {
    fn go(recipe: &Recipe, path: &mut Vec<Entry>, len: usize) -> bool {
        if path.len() == len {
            return recipe.wins(path);
        }
        for ingredient in 0..10 {
            if path.iter().all(|e| e.ingredient != ingredient) {
                path.push(Entry { ingredient, seeds: None });
                let won = go(recipe, path, len);
                path.pop();
                if won {
                    return true;
                }
            }
        }
        false
    }
    (1..=MAX_POTION).any(|len| go(recipe, &mut Vec::new(), len))
}

fn recipe(difficulty: u32, recipe_length: u32, seed: &str) -> Recipe {
    let params = Params {
        difficulty,
        recipe_length,
        ..Params::default()
    };
    Recipe::new(&params, &Seed::new(seed)).unwrap()
}

/// Every recipe at every difficulty over `seeds` seeds: solvable by brute
/// force, its solution winning, its clue true, the strategy winning.
fn sweep(seeds: usize, counted: usize) {
    for difficulty in 1..=3 {
        for length in [4, 6] {
            for k in 0..seeds {
                let seed = format!("sweep-{k}");
                let r = recipe(difficulty, length, &seed);
                let what = format!("difficulty {difficulty}, length {length}, seed {seed:?}");
                assert!(r.solutions() > 0, "{what}");
                assert!(brute_force_solvable(&r), "{what}");
                assert!(r.brew(&r.solution()).won, "{what}");
                assert!(clue_holds(&r, r.clue()), "{what}: {}", r.clue());
                assert!(potions_needed(&r).is_some(), "{what}");
                if k < counted {
                    assert_eq!(r.solutions(), brute_force_count(&r), "{what}");
                }
                let decoys = r.ingredients().iter().filter(|i| i.decoy.is_some()).count();
                assert_eq!(decoys, 10 - length as usize, "{what}");
                if difficulty < 3 {
                    assert!(
                        r.ingredients().iter().all(|i| i.decoy.is_none() || i.decoy == Some(Decoy::Ignore)),
                        "{what}"
                    );
                }
                let effects: usize = r
                    .ingredients()
                    .iter()
                    .map(|i| i.effects.iter().filter(|&&e| e != Effect::Imposter).count())
                    .sum();
                assert!(effects <= [0, 5, 7][difficulty as usize - 1], "{what}");
            }
        }
    }
}

#[test]
fn every_recipe_is_solvable_and_counted_exactly() {
    sweep(60, 3);
}

/// The long sweep, 2,000 seeds at each difficulty and length (12,000
/// recipes, 80 s in the test profile on two cores): `cargo test -p
/// boardwright --test main -- --ignored thousands`.
#[test]
#[ignore]
fn thousands_of_recipes_are_solvable() {
    sweep(2000, 20);
}

#[test]
fn the_same_seed_gives_the_same_recipe_and_difficulty_changes_it() {
    let a = recipe(3, 6, "Tiamo");
    assert_eq!(a.ingredients(), recipe(3, 6, "Tiamo").ingredients());
    assert_eq!(a.clue(), recipe(3, 6, "Tiamo").clue());
    assert_ne!(a.ingredients(), recipe(3, 6, "tiamo").ingredients());
    assert!(recipe(1, 4, "x").ingredients().iter().all(|i| i.effects.is_empty()));
}

#[test]
fn bad_parameters_are_refused() {
    let params = Params {
        difficulty: 4,
        ..Params::default()
    };
    let err = Recipe::new(&params, &Seed::new("x")).unwrap_err().to_string();
    assert!(err.contains("difficulty") && err.contains("1 to 3"), "{err}");
}

/// Garbage never panics: random texts of the characters a potion is made
/// of (and others) are read or refused, and whatever is read brews and
/// reads back from its own text.
#[test]
fn garbage_potions_are_read_or_refused() {
    let alphabet: Vec<char> = "SageMintDillBasilThymeParsley ,:-+0123456789é\u{0}\n\t;".chars().collect();
    let r = recipe(3, 4, "garbage");
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut read = 0;
    for _ in 0..20_000 {
        let len = (next() % 40) as usize;
        let text: String = (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect();
        match Potion::parse(&text) {
            Ok(p) => {
                read += 1;
                assert_eq!(Potion::parse(&p.to_string()).as_ref(), Ok(&p), "{text:?}");
                let _ = r.brew(&p);
            }
            Err(e) => assert!(!e.reason.is_empty(), "{text:?}"),
        }
    }
    // Some are potions: the test reaches the brewing.
    assert!(read > 0);
    for name in ["Sage", "Mint:1", "Dill,Sage:0"] {
        assert!(Potion::parse(name).is_ok());
    }
}
