//! A simple deduction strategy, to measure how hard a recipe is: the
//! potions it brews before one wins, seeing only what players see.
//!
//! 1. Each ingredient alone, in the board's order, its number found by
//!    halving 1 … n with the seeds (undergrown: higher; overgrown: lower);
//!    when neither, one more seed tells a number from a decoy that claims
//!    none (ignored or overachiever: never undergrown or overgrown). The
//!    lines of a potion of one ingredient name its effects (an imposter
//!    says so).
//! 2. As soon as every number 1 … n has an ingredient, and after the last
//!    ingredient in any case, it brews the numbered ones in order (when it
//!    has them all), as if no effect mattered; then it imagines the recipe
//!    as it knows it (what it has not brewed yet an ignored decoy, a decoy
//!    that claims no number ignored) and brews the imagined recipe's
//!    winning potions, shortest first, each once.
//! 3. After the last ingredient, when none of those won, each of them with
//!    one ingredient put in anywhere, then with two (what an effect hidden
//!    by a reset, or an overachiever at an end, asks).
//!
//! It gives up after [`GIVE_UP`] potions (rare: recipes whose only wins
//! chain several effects it cannot hear).

use super::effects::Effect;
use super::potion::{Entry, MAX_POTION, Potion};
use super::recipe::{Decoy, Ingredient, Recipe};
use super::solve;

/// Potions brewed before the strategy gives up.
pub(crate) const GIVE_UP: u32 = 200;

/// Winning potions of an imagined recipe brewed before the repairs.
const IMAGINED_WINS: usize = 48;

/// What the strategy learnt of an ingredient.
#[derive(Clone, Copy, PartialEq)]
enum Known {
    Unknown,
    Number(u32),
    Ignored,
}

impl Recipe {
    /// Potions the simple strategy brews until one wins (the winning one included);
    /// `None` if it gives up.
    pub fn potions_needed(&self) -> Option<u32> {
        let n = self.length;
        let brewed = std::cell::Cell::new(0u32);
        let brew = |entries: &[Entry]| {
            brewed.set(brewed.get() + 1);
            self.brew(&Potion::of(entries).expect("the strategy brews potions"))
                .expect("the strategy brews ingredients in play")
        };
        let in_play = self.ingredients.len();
        let mut known = vec![Known::Unknown; in_play];
        let mut heard: Vec<Vec<Effect>> = vec![Vec::new(); in_play];
        let mut tried: Vec<Vec<usize>> = Vec::new();
        for i in 0..in_play {
            let (mut lo, mut hi) = (1u32, n);
            known[i] = loop {
                if lo > hi {
                    // Not reached by a drawn self: a number claims 1 … n.
                    break Known::Ignored;
                }
                let mid = (lo + hi) / 2;
                let alone = |seeds: u32| {
                    brew(&[Entry {
                        ingredient: i,
                        seeds: Some(seeds),
                    }])
                };
                let f = alone(mid);
                heard[i].clone_from(&f.effects);
                if f.undergrown > 0 {
                    lo = mid + 1;
                } else if f.overgrown > 0 {
                    hi = mid - 1;
                } else {
                    let again = alone(mid + 1);
                    break if again.overgrown > 0 { Known::Number(mid) } else { Known::Ignored };
                }
            };
            let complete = (1..=n).all(|k| known.contains(&Known::Number(k)));
            let last = i + 1 == in_play;
            if last || (complete && tried.is_empty()) {
                // The plain order first, as if no effect mattered (when every
                // number has an ingredient: a reset may hide one).
                let plain: Vec<usize> = (1..=n).filter_map(|k| known.iter().position(|&x| x == Known::Number(k))).collect();
                let wins: Vec<Vec<usize>> = complete
                    .then_some(plain)
                    .into_iter()
                    .chain(solve::winners(&imagined(self, &known, &heard), IMAGINED_WINS))
                    .collect();
                // The repairs, made only when the wins before them failed.
                let repairs = (1..=2)
                    .filter(|_| last)
                    .flat_map(|extra| wins.iter().flat_map(move |order| inserted(order, extra, in_play)));
                for order in wins.iter().cloned().chain(repairs) {
                    if tried.contains(&order) {
                        continue;
                    }
                    let entries: Vec<Entry> = order.iter().map(|&ingredient| Entry { ingredient, seeds: None }).collect();
                    let won = brew(&entries).won;
                    tried.push(order);
                    if won {
                        return Some(brewed.get());
                    }
                    if brewed.get() >= GIVE_UP {
                        return None;
                    }
                }
            }
        }
        None
    }
}

/// The recipe as the strategy knows it: numbers found, effects heard, an
/// imposter that said so an imposter; anything else an ignored decoy.
fn imagined(recipe: &Recipe, known: &[Known], heard: &[Vec<Effect>]) -> Recipe {
    let ingredients = recipe
        .ingredients
        .iter()
        .zip(known.iter().zip(heard))
        .map(|(ing, (known, heard))| {
            let effects: Vec<Effect> = heard.iter().copied().filter(|&e| e != Effect::Imposter).collect();
            match known {
                Known::Number(k) if heard.contains(&Effect::Imposter) => Ingredient::decoy(ing.name, Decoy::Imposter, Some(*k)),
                Known::Number(k) => Ingredient::numbered(ing.name, *k),
                _ => Ingredient::decoy(ing.name, Decoy::Ignore, None),
            }
            .with(&effects)
        })
        .collect();
    Recipe::imagined(recipe.length, recipe.difficulty, recipe.second_edition, ingredients)
}

/// `order` with `extra` ingredients put in at every place (and after it),
/// each potion once.
fn inserted(order: &[usize], extra: usize, in_play: usize) -> Vec<Vec<usize>> {
    let mut level = vec![order.to_vec()];
    for _ in 0..extra {
        let mut seen = std::collections::BTreeSet::new();
        let mut next = Vec::new();
        for o in level.iter().filter(|o| o.len() < MAX_POTION) {
            for e in 0..in_play {
                for at in 0..=o.len() {
                    let mut with = o.clone();
                    with.insert(at, e);
                    if seen.insert(with.clone()) {
                        next.push(with);
                    }
                }
            }
        }
        level = next;
    }
    level
}
