//! The cauldron against the original game's evaluator: a port of its
//! logic (the 2020 game's potion evaluator, written here in our own words
//! as a plain list walked slot by slot, the way the original walks its
//! cauldron) answers thousands of random potions on recipes of every
//! edition, difficulty, length and count in play; ours must give the same
//! win, undergrown and overgrown counts on every one.
//!
//! The port runs the original's rules, with the readings `docs/generators.md`
//! documents where the original's code contradicts its own effect texts:
//! its five "direct" effects (Cutoff, Enthusiastic, Fertilizer, Resetter,
//! Coward) act, as their texts say, where the code's flag never fires; a
//! Fertilizer spares the next undergrown or overgrown ingredient (its
//! text), not merely the next one evaluated; a Coward in the first half
//! of the potion moves once to the last place (its text; the code would
//! move two cowards round for ever) and its effects run there; 0 seeds
//! are none grown (the code reads 0 as "as needed", a shortcut of its own
//! tests).

use crate::rng::Rng;
use boardwright::Seed;
use boardwright::witches::Params;
use boardwright::witches::puzzle::{Decoy, Effect, Entry, Potion, Recipe};

const MAX_POTION: usize = Potion::MAX_INGREDIENTS;
const MAX_SEEDS: u32 = Potion::MAX_SEEDS;

/// One slot of the original's cauldron: the ingredient as placed, its
/// number as the evaluation changes it (-1: none).
#[derive(Clone)]
struct Slot {
    number: i64,
    seeds: Option<i64>,
    decoy: Option<Decoy>,
    effects: Vec<Effect>,
    moved: bool,
}

/// The original's verdict on `entries`: won, undergrown, overgrown.
fn original(recipe: &Recipe, entries: &[Entry]) -> (bool, u32, u32) {
    let mut cauldron: Vec<Slot> = entries
        .iter()
        .map(|e| {
            let ing = &recipe.ingredients()[e.ingredient];
            Slot {
                number: ing.number.map_or(-1, i64::from),
                seeds: e.seeds.map(i64::from),
                decoy: ing.decoy,
                effects: ing.effects.clone(),
                moved: false,
            }
        })
        .collect();
    let len = cauldron.len();
    let (mut undergrown, mut overgrown, mut considered, mut wrong) = (0, 0, 0, 0);
    let (mut fertilizer, mut skip) = (false, false);
    let mut i = 0;
    while i < len {
        if std::mem::take(&mut skip) {
            i += 1;
            continue;
        }
        if cauldron[i].effects.contains(&Effect::Coward) && !cauldron[i].moved && i < len / 2 {
            let mut coward = cauldron.remove(i);
            coward.moved = true;
            cauldron.push(coward);
            continue;
        }
        let slot = cauldron[i].clone();
        // Out of order: the slot placed just before is not one below (the
        // first slot has none before it, and is in order).
        let mut is_wrong = i > 0 && cauldron[i - 1].number != slot.number - 1;
        is_wrong |= slot.decoy == Some(Decoy::Imposter);
        for e in &slot.effects {
            if *e == Effect::Spicy && i + 1 < len {
                cauldron[i + 1].number += 1;
            }
        }
        if slot.number >= 0 {
            considered += 1;
            let seeds = slot.seeds.unwrap_or(slot.number);
            let grows = matches!(slot.decoy, None | Some(Decoy::Imposter));
            let (under, over) = (grows && seeds < slot.number, grows && seeds > slot.number);
            if (under || over) && fertilizer {
                fertilizer = false;
            } else {
                undergrown += u32::from(under);
                overgrown += u32::from(over);
                is_wrong |= under || over;
            }
            wrong += u32::from(is_wrong);
        }
        let has = |e: Effect| slot.effects.contains(&e);
        if has(Effect::Cutoff) {
            break;
        }
        skip |= has(Effect::Enthusiastic);
        fertilizer |= has(Effect::Fertilizer);
        if has(Effect::Resetter) {
            (undergrown, overgrown, considered, wrong, fertilizer) = (0, 0, 0, 0, false);
        }
        i += 1;
    }
    (considered >= recipe.length() && wrong == 0, undergrown, overgrown)
}

/// A random potion of the ingredients in play (repeats allowed), seeds as
/// needed or 1 to one more than the recipe's length.
fn random_potion(recipe: &Recipe, stream: &mut Rng) -> Vec<Entry> {
    let in_play = recipe.ingredients().len();
    let len = 1 + stream.index(MAX_POTION);
    (0..len)
        .map(|_| Entry {
            ingredient: stream.index(in_play),
            seeds: match stream.index(recipe.length() as usize + 3) {
                0 => None,
                s => Some((s as u32).min(MAX_SEEDS)),
            },
        })
        .collect()
}

/// The recipe's revealed solution changed a little, so that many potions
/// come near a win or win: 0 to 2 changes, each a slot replaced, added,
/// repeated, or grown otherwise.
fn near_solution(recipe: &Recipe, stream: &mut Rng) -> Vec<Entry> {
    let mut entries = recipe.solution().entries().to_vec();
    let in_play = recipe.ingredients().len();
    for _ in 0..stream.index(3) {
        let at = stream.index(entries.len());
        let any = Entry {
            ingredient: stream.index(in_play),
            seeds: None,
        };
        match stream.index(4) {
            0 => entries[at] = any,
            1 if entries.len() < MAX_POTION => entries.insert(at, any),
            2 if entries.len() < MAX_POTION => entries.insert(at, entries[at]),
            _ => entries[at].seeds = Some(stream.index(recipe.length() as usize + 2) as u32),
        }
    }
    entries
}

/// The recipes compared: every edition, difficulty, length and count in
/// play, a few seeds each.
fn recipes(seeds: usize) -> Vec<(String, Recipe)> {
    let mut out = Vec::new();
    for edition in [2020, 2023] {
        for length in [4, 6] {
            for in_play in [4, 6, 8, 10].into_iter().filter(|&k| k >= length) {
                if edition == 2023 && length != 4 {
                    continue;
                }
                for difficulty in 1..=3 {
                    let params = Params {
                        edition,
                        recipe_length: length,
                        ingredients: in_play,
                        difficulty,
                        ..Params::default()
                    };
                    for k in 0..seeds {
                        let seed = format!("original-{k}");
                        let recipe = Recipe::new(&params, &Seed::new(&seed)).unwrap();
                        let what = format!("edition {edition}, difficulty {difficulty}, length {length}, {in_play} in play, seed {seed:?}");
                        out.push((what, recipe));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn every_potion_gets_the_original_evaluators_answer() {
    let mut stream = Rng::new(0x9e37_79b9_7f4a_7c15, 1);
    let (mut potions, mut winning) = (0, 0);
    for (what, recipe) in recipes(4) {
        for k in 0..120 {
            let entries = if k % 2 == 0 {
                random_potion(&recipe, &mut stream)
            } else {
                near_solution(&recipe, &mut stream)
            };
            let potion = Potion::of(&entries).expect("a potion the rules allow");
            let ours = recipe.brew(&potion).unwrap();
            let theirs = original(&recipe, &entries);
            assert_eq!(
                (ours.won, ours.undergrown, ours.overgrown),
                theirs,
                "{what}: potion {potion} (won, undergrown, overgrown)"
            );
            potions += 1;
            winning += u32::from(theirs.0);
        }
        // The revealed solution wins by the original's rules too.
        let solution = recipe.solution();
        assert!(original(&recipe, solution.entries()).0, "{what}: solution {solution}");
    }
    assert!(potions > 10_000, "{potions} potions compared");
    assert!(winning > 0, "no random potion won");
}
