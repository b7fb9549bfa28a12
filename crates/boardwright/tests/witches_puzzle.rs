//! The witches puzzle: each effect's and decoy kind's rule on its own, on
//! recipes made by hand with known answers; the exact count of winning
//! potions against a plain brute force over every potion; over many seeds
//! at every difficulty, every recipe solvable (by the brute force), its
//! revealed solution winning, its clue true; the feedback shuffled yet
//! the same for the same potion.

use boardwright::Seed;
use boardwright::witches::Params;
use boardwright::witches::puzzle::{Category, Decoy, Effect, Entry, Ingredient, Potion, Recipe};

const MAX_POTION: usize = Potion::MAX_INGREDIENTS;

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

/// Parsley 1, Sage 2, Chives 3, Rosemary 4, then Oregano, Mint and Dill
/// ignored decoys; `change` edits the list before the recipe is made.
fn hand(change: impl FnOnce(&mut Vec<Ingredient>)) -> Recipe {
    hand_made(change).expect("a solvable hand-made recipe")
}

/// The four first ingredients numbered 1 to 4, the next three ignored
/// decoys, changed by `change`: a recipe, or none when no potion would
/// win it.
fn hand_made(change: impl FnOnce(&mut Vec<Ingredient>)) -> Option<Recipe> {
    let mut ings: Vec<Ingredient> = NAMES[..7]
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
    Recipe::hand_made(4, ings, &Seed::new("hand"))
}

fn brew(recipe: &Recipe, text: &str) -> (u32, u32, Vec<String>, bool) {
    let f = recipe.brew(&Potion::parse(text, 10).unwrap()).unwrap();
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
    // An ignored decoy has no number (-1), so the one after it is out of
    // order; after the last it harms nothing.
    assert!(!brew(&r, "Parsley,Oregano,Sage,Chives,Rosemary").3);
    assert!(!brew(&r, "Oregano,Parsley,Sage,Chives,Rosemary").3);
    assert!(brew(&r, "Parsley,Sage,Chives,Rosemary,Oregano,Oregano").3);
    // An ingredient twice is out of order the second time.
    assert!(!brew(&r, "Parsley,Parsley,Sage,Chives,Rosemary").3);
    // 1…4 in order, then 0 to 2 of the 3 ignored decoys.
    assert_eq!(r.solutions(), 1 + 3 + 3 * 3);
    assert_eq!(r.solutions(), brute_force_count(&r));
}

#[test]
fn ignore_decoy_is_skipped_but_its_effects_run() {
    let r = hand(|i| i[4] = Ingredient::decoy("Oregano", Decoy::Ignore, None).with(&[Effect::Coward]));
    assert_eq!(brew(&r, "Oregano:9"), (0, 0, vec!["Coward was encountered".to_string()], false));
    assert!(brew(&r, "Parsley,Oregano:7,Sage,Chives,Rosemary").3);
}

#[test]
fn overachiever_is_given_away_only_by_the_order() {
    let r = hand(|i| {
        i[4] = Ingredient::decoy("Oregano", Decoy::Overachiever, Some(5));
        i[5] = Ingredient::decoy("Mint", Decoy::Overachiever, Some(0));
    });
    // As the original evaluates it: never undergrown or overgrown, and it
    // says nothing; it is considered, and right where its number follows
    // the one before: 0 first, 5 after the 4.
    for seeds in 0..=9 {
        assert_eq!(brew(&r, &format!("Oregano:{seeds}")), (0, 0, vec![], false));
        assert_eq!(brew(&r, &format!("Mint:{seeds}")), (0, 0, vec![], false));
    }
    assert!(brew(&r, "Parsley,Sage,Chives,Rosemary,Oregano").3);
    assert!(brew(&r, "Mint,Parsley,Sage,Chives,Rosemary").3);
    assert!(!brew(&r, "Parsley,Sage,Mint,Chives,Rosemary").3);
    assert!(!brew(&r, "Parsley,Sage,Chives,Rosemary,Oregano,Mint").3);
    // The first ingredient has none before it, so 2, 3, 4, 5 win too.
    assert!(brew(&r, "Sage,Chives,Rosemary,Oregano").3);
    assert_eq!(r.solutions(), brute_force_count(&r));
}

#[test]
fn imposter_looks_like_its_number_but_never_wins() {
    let r = hand(|i| i[5] = Ingredient::decoy("Mint", Decoy::Imposter, Some(2)));
    // It says so, as the original's imposter does.
    let said = vec!["Imposter was encountered".to_string()];
    assert_eq!(brew(&r, "Parsley:1,Mint:2,Chives:3,Rosemary:4"), (0, 0, said.clone(), false));
    assert_eq!(brew(&r, "Mint:1"), (1, 0, said, false));
    assert!(brew(&r, "Parsley,Sage,Chives,Rosemary").3);
}

#[test]
fn spicy_raises_the_next_ingredients_number() {
    let r = hand(|i| i[0] = i[0].clone().with(&[Effect::Spicy]));
    // Sage (2) counts as 3: two seeds are too few, three are right ...
    assert_eq!(
        brew(&r, "Parsley:1,Sage:2"),
        (1, 0, vec!["Spicy was encountered".to_string()], false)
    );
    assert_eq!(brew(&r, "Parsley:1,Sage:3").0 + brew(&r, "Parsley:1,Sage:3").1, 0);
    // ... but 3 does not follow 1: the plain order never wins.
    assert!(!brew(&r, "Parsley:1,Sage:3,Chives:3,Rosemary:4").3);
    assert!(!brew(&r, "Parsley,Sage,Chives,Rosemary").3);
    // An ignored decoy after it is raised to 0, considered, and out of order.
    assert!(!brew(&r, "Parsley:1,Oregano,Sage:2,Chives:3,Rosemary:4").3);
    // Parsley twice: the second is raised to 2 and raises Sage to 3, then
    // Rosemary's 4 follows.
    assert!(brew(&r, "Parsley:1,Parsley:2,Sage:3,Rosemary:4").3);
    assert_eq!(r.solution().to_string(), "Parsley:1,Parsley:2,Sage:3,Rosemary:4");
    // On the last ingredient it raises nothing.
    let last = hand(|i| i[3] = i[3].clone().with(&[Effect::Spicy]));
    assert!(brew(&last, "Parsley:1,Sage:2,Chives:3,Rosemary:4").3);
    assert_eq!(r.solutions(), brute_force_count(&r));
    assert_eq!(last.solutions(), brute_force_count(&last));
}

#[test]
fn only_the_ingredients_in_play_are_brewed() {
    let six = hand(|i| i.truncate(6));
    assert_eq!(six.ingredients().len(), 6);
    // 1 … 4 in order, then 0 to 2 of the 2 ignored decoys.
    assert_eq!(six.solutions(), 1 + 2 + 2 * 2);
    assert_eq!(six.solutions(), brute_force_count(&six));
    let err = six.brew(&Potion::parse("Parsley,Thyme", 10).unwrap()).unwrap_err();
    assert_eq!(err.part, Some(2));
    assert!(
        err.to_string()
            .contains("Thyme is not in play on this board; its 6 ingredients are Parsley, Sage, Chives, Rosemary, Oregano, Mint"),
        "{err}"
    );
    assert!(!six.wins(&[Entry {
        ingredient: 8,
        seeds: None
    }]));
    // A recipe's ingredients are the first names, at least its length.
    assert!(hand_made(|i| i.truncate(3)).is_none());
    assert!(hand_made(|i| i.swap(4, 5)).is_none());
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
    assert!(hand_made(|i| i[1] = i[1].clone().with(&[Effect::Cutoff])).is_none());
}

#[test]
fn enthusiastic_skips_the_next_ingredient() {
    let r = hand(|i| i[0] = i[0].clone().with(&[Effect::Enthusiastic]));
    assert_eq!(brew(&r, "Parsley:1,Sage:0").0, 0);
    assert!(!brew(&r, "Parsley,Sage,Chives,Rosemary").3);
    // The skipped ingredient's number is still the one the next follows:
    // an ignored decoy's -1 breaks the order, Parsley's 1 again does not.
    assert!(!brew(&r, "Parsley,Oregano,Sage,Chives,Rosemary").3);
    assert!(brew(&r, "Parsley,Parsley,Sage,Chives,Rosemary").3);
    // The skipped ingredient's effects do not run.
    let r = hand(|i| {
        i[0] = i[0].clone().with(&[Effect::Enthusiastic]);
        i[4] = i[4].clone().with(&[Effect::Coward]);
    });
    assert_eq!(lines(&r, "Parsley,Oregano"), ["Enthusiastic was encountered"]);
    assert_eq!(r.solutions(), brute_force_count(&r));
}

#[test]
fn reporting_effects_speak_of_the_whole_potion() {
    let with = |i: usize, e: Effect| hand(move |ings| ings[i] = ings[i].clone().with(&[e]));
    // Hugger: the ingredient just before it in the potion, none for the first.
    let hugger = with(2, Effect::Hugger);
    assert_eq!(lines(&hugger, "Sage,Chives"), ["Hugger says yes"]);
    assert_eq!(lines(&hugger, "Parsley,Chives"), ["Hugger says no"]);
    assert_eq!(lines(&hugger, "Chives"), ["Hugger says no"]);
    assert_eq!(lines(&hugger, "Chives,Sage"), ["Hugger says no"]);
    // Within 1, as the original compares: the same number says yes; an
    // ignored decoy's -1 is far from 3.
    assert_eq!(lines(&hugger, "Chives,Chives").last().unwrap(), "Hugger says yes");
    assert_eq!(lines(&hugger, "Oregano,Chives"), ["Hugger says no"]);
    // The others see every ingredient in the potion, those after them too.
    let detective = with(0, Effect::Detective);
    assert_eq!(lines(&detective, "Parsley,Oregano"), ["Detective says 1"]);
    let says = lines(&detective, "Parsley,Sage,Chives");
    assert!(["Detective says 1", "Detective says 2", "Detective says 3"].contains(&says[0].as_str()));
    let detective = with(4, Effect::Detective);
    assert_eq!(lines(&detective, "Oregano,Rosemary"), ["Detective says 4"]);
    assert_eq!(lines(&detective, "Oregano,Mint"), ["Detective says nothing"]);
    let liar = with(0, Effect::Liar);
    assert_eq!(lines(&liar, "Parsley,Sage,Chives"), ["Liar says 4"]);
    assert_eq!(lines(&liar, "Parsley,Sage,Chives,Rosemary"), ["Liar says nothing"]);
    let calculator = with(0, Effect::Calculator);
    assert_eq!(lines(&calculator, "Parsley,Sage,Oregano,Rosemary"), ["Calculator says 7"]);
    let revealer = with(0, Effect::Revealer);
    assert_eq!(lines(&revealer, "Parsley,Oregano,Mint,Sage"), ["Revealer says 2"]);
    let counted = |e: Effect| {
        hand(move |ings| {
            ings[0] = ings[0].clone().with(&[Effect::Spicy, Effect::Fertilizer]);
            ings[1] = ings[1].clone().with(&[Effect::Hugger]);
            ings[3] = ings[3].clone().with(&[e]);
        })
    };
    // First in the potion, it counts its own effect and those after it.
    let general = lines(&counted(Effect::General), "Rosemary,Parsley,Sage");
    assert!(general.contains(&"General says 4".to_string()), "{general:?}");
    let inspector = lines(&counted(Effect::Inspector), "Rosemary,Parsley,Sage");
    assert!(inspector.contains(&"Inspector says 3".to_string()), "{inspector:?}");
}

#[test]
fn coward_moves_itself_to_the_end_of_the_potion() {
    // Rosemary (4) a coward: first in the potion, it is evaluated last.
    let r = hand(|i| i[3] = i[3].clone().with(&[Effect::Coward]));
    assert!(brew(&r, "Rosemary,Parsley,Sage,Chives").3);
    assert!(brew(&r, "Parsley,Rosemary,Sage,Chives").3);
    assert!(brew(&r, "Parsley,Sage,Chives,Rosemary").3);
    // In the second half of the potion it stays where it is.
    assert!(!brew(&r, "Parsley,Sage,Rosemary,Chives").3);
    // Its seeds are checked where it lands; it says so once.
    assert_eq!(
        brew(&r, "Rosemary:4,Parsley:0"),
        (1, 0, vec!["Coward was encountered".to_string()], false)
    );
    assert_eq!(brew(&r, "Rosemary:5,Parsley:1").1, 1);
    assert_eq!(r.solutions(), brute_force_count(&r));
    // Two cowards wait at the end in the order they were met: Chives (3)
    // then Rosemary (4) after Parsley and Sage.
    let two = hand(|i| {
        i[2] = i[2].clone().with(&[Effect::Coward]);
        i[3] = i[3].clone().with(&[Effect::Coward]);
    });
    assert!(brew(&two, "Chives,Parsley,Rosemary,Sage").3);
    assert!(!brew(&two, "Rosemary,Parsley,Chives,Sage").3);
    assert_eq!(two.solutions(), brute_force_count(&two));
    // Cut off before the end, a waiting coward is never evaluated.
    let cut = hand(|i| {
        i[3] = i[3].clone().with(&[Effect::Coward]);
        i[4] = i[4].clone().with(&[Effect::Cutoff]);
    });
    assert!(!brew(&cut, "Rosemary,Parsley,Sage,Chives,Oregano").3);
    assert_eq!(brew(&cut, "Rosemary:0,Parsley,Oregano").0, 0);
    assert_eq!(cut.solutions(), brute_force_count(&cut));
    // A coward on the recipe's first ingredient lands after the others:
    // no potion wins, so no such recipe.
    assert!(hand_made(|i| i[0] = i[0].clone().with(&[Effect::Coward])).is_none());
}

#[test]
fn fertilizer_spares_the_next_considered_ingredient() {
    let r = hand(|i| i[0] = i[0].clone().with(&[Effect::Fertilizer]));
    let said = vec!["Fertilizer was encountered".to_string()];
    // Sage's seven seeds count as right: neither overgrown nor wrong.
    assert_eq!(brew(&r, "Parsley:1,Sage:7,Chives:3,Rosemary:4"), (0, 0, said.clone(), true));
    assert_eq!(brew(&r, "Parsley:1,Sage:0"), (0, 0, said.clone(), false));
    // Only one: Chives is checked again.
    assert_eq!(brew(&r, "Parsley:1,Sage:0,Chives:0"), (1, 0, said.clone(), false));
    // Not itself.
    assert_eq!(brew(&r, "Parsley:3").1, 1);
    // It waits for the next badly grown ingredient: Sage grew right, so
    // Chives is spared.
    assert!(brew(&r, "Parsley:1,Sage:2,Chives:0,Rosemary:4").3);
    // The order is still checked.
    assert_eq!(brew(&r, "Parsley:1,Chives:9"), (0, 0, said, false));
    assert_eq!(r.solution().to_string(), "Parsley:1,Sage:2,Chives:3,Rosemary:4");
    assert_eq!(r.solutions(), brute_force_count(&r));
}

#[test]
fn resetter_starts_the_evaluation_again_from_the_next_ingredient() {
    // Mint, an overachiever (0), resets; Oregano is an imposter (2).
    let r = hand(|i| {
        i[4] = Ingredient::decoy("Oregano", Decoy::Imposter, Some(2));
        i[5] = Ingredient::decoy("Mint", Decoy::Overachiever, Some(0)).with(&[Effect::Resetter]);
    });
    // The wrong imposter and Mint's 0 after its 2 are forgotten, then
    // 1 … 4 follow Mint's 0 and win.
    assert!(brew(&r, "Oregano:2,Mint,Parsley,Sage,Chives,Rosemary").3);
    // Undergrown Parsley is forgotten; every line so far too, the
    // reset's own and the imposter's.
    assert_eq!(brew(&r, "Oregano:2,Parsley:0,Mint,Sage:2"), (0, 0, vec![], false));
    assert_eq!(
        brew(&r, "Mint,Oregano:2"),
        (0, 0, vec!["Imposter was encountered".to_string()], false)
    );
    // The order is still judged against the ingredient before: Sage (2)
    // after Mint (0) is wrong.
    assert!(!brew(&r, "Parsley,Mint,Sage,Chives,Rosemary").3);
    // Ingredients considered before the reset do not count towards n.
    assert!(!brew(&r, "Parsley,Sage,Mint,Chives,Rosemary").3);
    assert_eq!(r.solutions(), brute_force_count(&r));
    // A reset also forgets a fertilizer's gift.
    let f = hand(|i| {
        i[4] = i[4].clone().with(&[Effect::Fertilizer]);
        i[5] = i[5].clone().with(&[Effect::Resetter]);
    });
    assert_eq!(brew(&f, "Oregano,Mint,Parsley:5").1, 1);
    assert_eq!(brew(&f, "Oregano,Parsley:5").1, 0);
    assert_eq!(f.solutions(), brute_force_count(&f));
}

#[test]
fn cowards_and_resetters_are_counted_exactly() {
    // Parsley skips the next; Rosemary (4) a coward; Oregano a coward that
    // resets; Mint, an overachiever (5), resets.
    let r = hand(|i| {
        i[4] = i[4].clone().with(&[Effect::Coward, Effect::Resetter]);
        i[5] = Ingredient::decoy("Mint", Decoy::Overachiever, Some(5)).with(&[Effect::Resetter]);
        i[3] = i[3].clone().with(&[Effect::Coward]);
        i[0] = i[0].clone().with(&[Effect::Enthusiastic]);
    });
    // Rosemary moves to the end, the second Parsley is skipped: 1, 2, 3, 4.
    assert!(brew(&r, "Rosemary,Parsley,Parsley,Sage,Chives").3);
    // Mint's 5 follows the 4, but its reset forgets all four.
    assert!(!brew(&r, "Parsley,Parsley,Sage,Chives,Rosemary,Mint").3);
    // Oregano waits at the end, resets there, and nothing follows it.
    assert!(!brew(&r, "Oregano,Parsley,Parsley,Sage,Chives,Rosemary").3);
    assert_eq!(r.solutions(), brute_force_count(&r));
}

#[test]
fn feedback_is_shuffled_yet_the_same_for_the_same_potion() {
    let effects = [Effect::Spicy, Effect::Fertilizer, Effect::Hugger];
    let in_order: Vec<String> = ["Spicy was encountered", "Fertilizer was encountered", "Hugger says yes"]
        .iter()
        .map(|line| line.to_string())
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
        let potion = Potion::parse("Parsley,Sage,Chives", 10).unwrap();
        let a = r.brew(&potion).unwrap();
        assert_eq!(a, r.brew(&potion).unwrap());
        assert_eq!(
            a,
            r.brew(&Potion::parse(" parsley, SAGE ,chives", 10).unwrap()).unwrap(),
            "the same potion, written otherwise"
        );
        orders.insert(a.feedback.clone());
    }
    assert!(orders.len() >= 4, "{orders:?}");
    assert!(orders.iter().any(|o| *o != in_order));
}

/// Every potion of 1 to 6 ingredients in play (repeats allowed), as
/// needed, brewed.
fn brute_force_count(recipe: &Recipe) -> u64 {
    fn go(recipe: &Recipe, path: &mut Vec<Entry>, count: &mut u64) {
        if !path.is_empty() && recipe.wins(path) {
            *count += 1;
        }
        if path.len() == MAX_POTION {
            return;
        }
        for ingredient in 0..recipe.ingredients().len() {
            path.push(Entry { ingredient, seeds: None });
            go(recipe, path, count);
            path.pop();
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
        for ingredient in 0..recipe.ingredients().len() {
            path.push(Entry { ingredient, seeds: None });
            let won = go(recipe, path, len);
            path.pop();
            if won {
                return true;
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
        ingredients: 10,
        ..Params::default()
    };
    Recipe::new(&params, &Seed::new(seed)).unwrap()
}

/// Every recipe at every difficulty, edition and count of ingredients in
/// play over `seeds` seeds: solvable by brute force, its solution
/// winning, its clue true, its effects as many as its edition deals.
/// Returns the recipes the simple strategy gave up on, and how many
/// recipes were made.
fn sweep(seeds: usize, counted: usize) -> (Vec<String>, usize) {
    let mut gave_up = Vec::new();
    let mut kinds = Vec::new();
    for edition in [2020, 2023] {
        for length in [4, 6] {
            for in_play in [4, 5, 6, 7, 8, 10].into_iter().filter(|&k| k >= length) {
                if edition == 2023 && length != 4 {
                    continue;
                }
                for difficulty in 1..=3 {
                    kinds.push(Params {
                        edition,
                        recipe_length: length,
                        ingredients: in_play,
                        difficulty,
                        ..Params::default()
                    });
                }
            }
        }
    }
    let mut recipes = 0;
    for params in &kinds {
        let (in_play, length, difficulty) = (params.ingredients as usize, params.recipe_length, params.difficulty);
        for k in 0..seeds {
            let seed = format!("sweep-{k}");
            let r = Recipe::new(params, &Seed::new(&seed)).unwrap();
            recipes += 1;
            let what = format!(
                "edition {}, difficulty {difficulty}, length {length}, {in_play} in play, seed {seed:?}",
                params.edition
            );
            assert_eq!(r.length(), length, "{what}");
            let names: Vec<&str> = r.ingredients().iter().map(|i| i.name).collect();
            assert_eq!(names, NAMES[..in_play], "{what}");
            assert!(r.solutions() > 0, "{what}");
            assert!(brute_force_solvable(&r), "{what}");
            assert!(r.brew(&r.solution()).unwrap().won, "{what}");
            assert!(r.clue_holds(r.clue()), "{what}: {}", r.clue());
            if r.potions_needed().is_none() {
                gave_up.push(what.clone());
            }
            if k < counted {
                assert_eq!(r.solutions(), brute_force_count(&r), "{what}");
            }
            let decoys = r.ingredients().iter().filter(|i| i.decoy.is_some()).count();
            assert_eq!(decoys, in_play - length as usize, "{what}");
            if difficulty < 3 {
                assert!(
                    r.ingredients().iter().all(|i| i.decoy.is_none() || i.decoy == Some(Decoy::Ignore)),
                    "{what}"
                );
            }
            let dealt = |i: &Ingredient| i.effects.iter().filter(|&&e| e != Effect::Imposter).count();
            let effects: usize = r.ingredients().iter().map(dealt).sum();
            let most = match (params.edition, difficulty) {
                (_, 1) => 0,
                // 1 + ⌊u (in_play / 2 − 1)⌋ for u in [0, 1).
                (2023, _) => in_play.div_ceil(2) - 1,
                (_, 2) => in_play / 2,
                _ => in_play * 3 / 4,
            };
            assert!(effects <= most, "{what}: {effects} effects");
            if params.edition == 2023 && difficulty > 1 {
                assert!(effects >= 1, "{what}");
            }
            if params.edition == 2023 {
                // At most one effect each, and complex ones only with 7 or more in play.
                assert!(r.ingredients().iter().all(|i| dealt(i) <= 1), "{what}");
                if in_play < 7 {
                    let complex = r
                        .ingredients()
                        .iter()
                        .flat_map(|i| &i.effects)
                        .any(|e| e.category() == Category::Complex);
                    assert!(!complex, "{what}");
                }
            }
        }
    }
    assert_eq!(recipes, kinds.len() * seeds);
    (gave_up, recipes)
}

#[test]
fn every_recipe_is_solvable_and_counted_exactly() {
    let (gave_up, _) = sweep(20, 2);
    assert!(gave_up.is_empty(), "the strategy gave up on {gave_up:?}");
}

/// The long sweep, 2,000 seeds of each kind of recipe: `cargo test -p
/// boardwright --test main -- --ignored thousands`.
#[test]
#[ignore]
fn thousands_of_recipes_are_solvable() {
    // The simple strategy may give up on a recipe whose only wins chain
    // several effects; at most 1 in 1,000.
    let (gave_up, recipes) = sweep(2000, 20);
    println!("the strategy gave up on {} of {recipes} recipes: {gave_up:?}", gave_up.len());
    assert!(gave_up.len() * 1000 <= recipes, "{} give-ups: {gave_up:?}", gave_up.len());
}

#[test]
fn hardest_decoys_are_mostly_ignored_then_overachievers_then_imposters() {
    // The original's drama decoys: each ignored 45 in 100, overachiever
    // 35, imposter 20.
    let mut kinds = [0u32; 3];
    for k in 0..100 {
        for i in recipe(3, 4, &format!("decoys-{k}")).ingredients() {
            match i.decoy {
                Some(Decoy::Ignore) => kinds[0] += 1,
                Some(Decoy::Overachiever) => kinds[1] += 1,
                Some(Decoy::Imposter) => kinds[2] += 1,
                None => {}
            }
        }
    }
    assert_eq!(kinds.iter().sum::<u32>(), 600);
    assert!(kinds[0] > kinds[1] && kinds[1] > kinds[2] && kinds[2] > 60, "{kinds:?}");
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
        match Potion::parse(&text, 10) {
            Ok(p) => {
                read += 1;
                assert_eq!(Potion::parse(&p.to_string(), 10).as_ref(), Ok(&p), "{text:?}");
                // An ingredient not in play is refused, never a panic.
                let in_play = p.entries().iter().all(|e| e.ingredient < r.ingredients().len());
                assert_eq!(r.brew(&p).is_ok(), in_play, "{text:?}");
            }
            Err(e) => assert!(!e.reason.is_empty(), "{text:?}"),
        }
    }
    // Some are potions: the test reaches the brewing.
    assert!(read > 0);
    for name in ["Sage", "Mint:1", "Dill,Sage:0"] {
        assert!(Potion::parse(name, 10).is_ok());
    }
}

#[test]
fn the_rules_listed_are_those_the_edition_deals() {
    let rules_of = |edition: u32, difficulty: u32, ingredients: u32| -> Vec<&'static str> {
        let params = Params {
            edition,
            difficulty,
            ingredients,
            ..Params::default()
        };
        Recipe::new(&params, &Seed::new("rules"))
            .unwrap()
            .rules()
            .iter()
            .map(|r| r.effect)
            .collect()
    };
    let rules = |edition: u32, difficulty: u32| rules_of(edition, difficulty, 7);
    // 2020: the complex effects and the imposter only at the hardest level.
    assert!(!rules(2020, 2).contains(&"Coward") && rules(2020, 3).contains(&"Coward"));
    assert!(rules(2020, 3).contains(&"Imposter"));
    assert!(rules_of(2020, 3, 6).contains(&"Coward"));
    // 2023: the game's order, as far as as many effects reach: a cauldron
    // and an investigative effect, a player's ability from 7 in play, a
    // complex one from 9; the imposter with drama decoys. 2020 deals no
    // player's ability.
    assert!(rules(2023, 2).contains(&"Poison") && !rules(2023, 2).contains(&"Coward"));
    assert!(rules_of(2023, 2, 9).contains(&"Coward") && rules_of(2023, 2, 9).contains(&"Resetter"));
    assert!(!rules_of(2023, 2, 6).contains(&"Poison") && !rules_of(2023, 3, 6).contains(&"Resetter"));
    assert!(rules_of(2023, 2, 6).contains(&"Spicy"));
    assert!(!rules_of(2020, 3, 10).contains(&"Poison"));
    assert!(!rules(2023, 2).contains(&"Imposter") && rules(2023, 3).contains(&"Imposter"));
    assert!(rules(2023, 1).is_empty() && rules(2020, 1).is_empty());
}

/// Every recipe of `length` numbered among the first four ingredients (the
/// others ignored), made by hand: each ordered choice once.
fn every_plain_recipe(length: u32) -> Vec<Recipe> {
    let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..length {
        orders = orders
            .iter()
            .flat_map(|o| (0..4).filter(|i| !o.contains(i)).map(move |i| [o.clone(), vec![i]].concat()))
            .collect();
    }
    orders
        .into_iter()
        .map(|order| {
            let ings = NAMES[..4]
                .iter()
                .enumerate()
                .map(|(i, &name)| match order.iter().position(|&j| j == i) {
                    Some(k) => Ingredient::numbered(name, k as u32 + 1),
                    None => Ingredient::decoy(name, Decoy::Ignore, None),
                })
                .collect();
            Recipe::hand_made(length, ings, &Seed::new("hand")).expect("a plain recipe wins")
        })
        .collect()
}

/// The search strategy on every plain recipe of 4 ingredients, 2 or 4 of
/// them numbered: it always wins, the same every time, in no more
/// potions than there are recipes, and in fewer on average than the simple
/// strategy. Its first potion is the same for all, and by hand it wins
/// few: with all 4 numbered only the one order it names; with 2, a recipe
/// whose first has 1 seed in it and whose second comes later with 2, so
/// at most k × (4 − k) ≤ 4 recipes for k ingredients grown with 1 seed.
#[test]
fn the_search_wins_every_plain_recipe_in_few_potions() {
    for length in [2, 4] {
        let recipes = every_plain_recipe(length);
        let worlds = recipes.len() as u32;
        let (mut searched, mut simple) = (Vec::new(), Vec::new());
        for r in &recipes {
            let order: Vec<&str> = r.solution().entries().iter().map(|e| e.name()).collect();
            let got = r.potions_searched().unwrap_or_else(|| panic!("the search gave up on {order:?}"));
            assert!((1..=worlds).contains(&got), "{order:?}: {got} potions");
            assert_eq!(r.potions_searched(), Some(got), "{order:?}: the same every time");
            searched.push(got);
            simple.push(r.potions_needed().unwrap());
        }
        let first_wins = searched.iter().filter(|&&p| p == 1).count();
        assert!(first_wins <= if length == 4 { 1 } else { 4 }, "{searched:?}");
        let (a, b): (u32, u32) = (searched.iter().sum(), simple.iter().sum());
        assert!(a < b, "length {length}: search {searched:?}, simple {simple:?}");
    }
}

/// Potions to win by the simple strategy at each difficulty, over `seeds`
/// default recipes of each edition: each recipe of difficulty 2 or 3 in
/// its band (at least the potions of the same numbers without effects,
/// at most twice as many), the difficulties strictly ordered by mean, and
/// each difficulty's p95 at most twice its median.
#[test]
fn recipes_keep_to_their_difficultys_band() {
    for edition in [2020, 2023] {
        let mut means = Vec::new();
        for difficulty in 1..=3 {
            let params = Params {
                edition,
                difficulty,
                ..Params::default()
            };
            let mut potions: Vec<u32> = (0..150)
                .map(|k| {
                    let seed = format!("band-{k}");
                    let r = Recipe::new(&params, &Seed::new(&seed)).unwrap();
                    let got = r
                        .potions_needed()
                        .unwrap_or_else(|| panic!("{edition} difficulty {difficulty} seed {seed:?}: gave up"));
                    if difficulty >= 2 {
                        let plain: Vec<Ingredient> = r
                            .ingredients()
                            .iter()
                            .map(|i| match (i.decoy, i.number) {
                                (None, Some(k)) => Ingredient::numbered(i.name, k),
                                _ => Ingredient::decoy(i.name, Decoy::Ignore, None),
                            })
                            .collect();
                        let floor = Recipe::hand_made(r.length(), plain, &Seed::new(&seed))
                            .unwrap()
                            .potions_needed()
                            .unwrap();
                        assert!(
                            (floor..=2 * floor).contains(&got),
                            "{edition} difficulty {difficulty} seed {seed:?}: {got} potions, band {floor} to {}",
                            2 * floor
                        );
                    }
                    got
                })
                .collect();
            potions.sort_unstable();
            let rank = |q: usize| potions[(q * potions.len()).div_ceil(100) - 1];
            assert!(
                rank(95) <= 2 * rank(50),
                "{edition} difficulty {difficulty}: p95 {} median {}",
                rank(95),
                rank(50)
            );
            means.push(potions.iter().sum::<u32>() as f64 / potions.len() as f64);
        }
        assert!(means.windows(2).all(|w| w[0] < w[1]), "{edition}: means {means:?}");
    }
}

/// The search never gives up on a difficulty-3 recipe: where the recipes
/// it weighs miss the true one, it hands over to the simple strategy, and
/// so wins within its 40 potions and the simple strategy's.
#[test]
fn the_search_never_gives_up_at_difficulty_3() {
    for edition in [2020, 2023] {
        let params = Params {
            edition,
            difficulty: 3,
            ..Params::default()
        };
        for k in 0..250 {
            let seed = format!("hand-over-{k}");
            let r = Recipe::new(&params, &Seed::new(&seed)).unwrap();
            let got = r
                .potions_searched()
                .unwrap_or_else(|| panic!("{edition} seed {seed:?}: the search gave up"));
            let most = 40 + r.potions_needed().unwrap();
            assert!(got <= most, "{edition} seed {seed:?}: {got} potions, more than {most}");
        }
    }
}
