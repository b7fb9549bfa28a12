//! A potion evaluated in one pass, first ingredient to last, and the
//! feedback the players see: the undergrown and overgrown counts and every
//! effect met, shuffled so that their order tells nothing, from a random
//! stream of the board's seed and the potion's text (the same potion on
//! the same board always gets the same answer).
//!
//! The rules, in the order they apply to each ingredient met:
//! - a skipped ingredient (after `Enthusiastic`) is passed over whole;
//! - an ignored decoy is not considered, but its effects run;
//! - any other ingredient is considered: undergrown when its seeds are
//!   below what it needs (its number, one more after `Spicy`), overgrown
//!   when above (as needed: neither); an overachiever is undergrown
//!   (number n + 1) or overgrown (number 0) whatever its seeds; it is right
//!   when neither, when its number is one more than the last considered
//!   ingredient's (1 for the first), and when it is no decoy;
//! - then its effects run, in order; an effect reports only on the
//!   ingredients met before it and changes only those after it.
//!
//! The potion wins when exactly n ingredients are considered and all are
//! right.

use serde::Serialize;

use super::effects::Effect;
use super::potion::{Entry, Potion};
use super::recipe::{Decoy, Recipe};
use crate::seed::Rng;

/// What the cauldron answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Feedback {
    /// Considered ingredients with too few seeds.
    pub undergrown: u32,
    /// Considered ingredients with too many seeds.
    pub overgrown: u32,
    /// One line per effect met (`Spicy was encountered`, `Detective says
    /// 4`), in a shuffled order.
    pub feedback: Vec<String>,
    /// Whether the potion wins.
    pub won: bool,
    /// The effects met (sorted, silent ones included): what the lines
    /// say, for a program that plays.
    #[serde(skip)]
    pub effects: Vec<Effect>,
}

/// One pass over a potion.
#[derive(Default)]
struct Walk {
    undergrown: u32,
    overgrown: u32,
    considered: u32,
    all_right: bool,
    lines: Vec<String>,
    effects: Vec<Effect>,
}

impl Recipe {
    /// Evaluates `potion` and answers.
    pub fn brew(&self, potion: &Potion) -> Feedback {
        let mut rng = self.seed.stream(&format!("potion {potion}"), 0);
        let mut walk = walk(self, potion.entries(), Some(&mut rng));
        rng.shuffle(&mut walk.lines);
        walk.effects.sort_unstable();
        Feedback {
            undergrown: walk.undergrown,
            overgrown: walk.overgrown,
            won: walk.all_right && walk.considered == self.length,
            feedback: walk.lines,
            effects: walk.effects,
        }
    }

    /// Whether `entries` win, without the feedback's lines (the same pass).
    pub fn wins(&self, entries: &[Entry]) -> bool {
        let walk = walk(self, entries, None);
        walk.all_right && walk.considered == self.length
    }
}

/// The pass; the lines are written only when `rng` is given.
fn walk(recipe: &Recipe, entries: &[Entry], mut rng: Option<&mut Rng>) -> Walk {
    let n = recipe.length;
    let mut w = Walk {
        all_right: true,
        ..Walk::default()
    };
    // The ingredients met so far, by their place in the recipe.
    let mut met: Vec<usize> = Vec::with_capacity(entries.len());
    let (mut last, mut extra, mut skip) = (0u32, 0u32, false);
    for entry in entries {
        if skip {
            skip = false;
            extra = 0;
            continue;
        }
        let ing = &recipe.ingredients[entry.ingredient];
        let needs_extra = std::mem::take(&mut extra);
        if ing.decoy != Some(Decoy::Ignore) {
            w.considered += 1;
            let number = ing.number.unwrap_or(0);
            let (under, over) = match ing.decoy {
                Some(Decoy::Overachiever) => (number > n, number <= n),
                _ => match entry.seeds {
                    None => (false, false),
                    Some(s) => (s < number + needs_extra, s > number + needs_extra),
                },
            };
            w.undergrown += u32::from(under);
            w.overgrown += u32::from(over);
            let right = !under && !over && ing.decoy.is_none() && number == last + 1;
            w.all_right &= right;
            last = number;
        }
        let mut stop = false;
        for &effect in &ing.effects {
            w.effects.push(effect);
            match effect {
                Effect::Spicy => extra = 1,
                Effect::Cutoff => stop = true,
                Effect::Enthusiastic => skip = true,
                _ => {}
            }
            if let Some(rng) = rng.as_deref_mut()
                && let Some(line) = says(recipe, effect, entry.ingredient, &met, rng)
            {
                w.lines.push(line);
            }
        }
        met.push(entry.ingredient);
        if stop {
            break;
        }
    }
    w
}

/// The line `effect` of ingredient `own` says, after the ingredients `met`.
fn says(recipe: &Recipe, effect: Effect, own: usize, met: &[usize], rng: &mut Rng) -> Option<String> {
    let ings = &recipe.ingredients;
    let name = effect.name();
    let numbers = || met.iter().filter_map(|&i| ings[i].number);
    let line = match effect {
        Effect::Imposter => return None,
        Effect::Detective => {
            let known: Vec<u32> = numbers().collect();
            match known.len() {
                0 => format!("{name} says nothing"),
                len => format!("{name} says {}", known[rng.index(len)]),
            }
        }
        Effect::Liar => {
            let known: Vec<u32> = numbers().collect();
            let absent: Vec<u32> = (1..=recipe.length).filter(|k| !known.contains(k)).collect();
            match absent.len() {
                0 => format!("{name} says nothing"),
                len => format!("{name} says {}", absent[rng.index(len)]),
            }
        }
        Effect::Hugger => {
            let close = met
                .last()
                .and_then(|&before| Some(ings[before].number?.abs_diff(ings[own].number?) <= 1))
                .unwrap_or(false);
            format!("{name} says {}", if close { "yes" } else { "no" })
        }
        Effect::General => format!("{name} says {}", met.iter().map(|&i| ings[i].effects.len()).sum::<usize>()),
        Effect::Inspector => format!("{name} says {}", met.iter().filter(|&&i| !ings[i].effects.is_empty()).count()),
        Effect::Calculator => format!("{name} says {}", numbers().sum::<u32>()),
        Effect::Revealer => format!("{name} says {}", met.iter().filter(|&&i| ings[i].decoy.is_some()).count()),
        Effect::Coward | Effect::Fertilizer | Effect::Resetter => format!("{name} was encountered: {}", effect.rule()),
        Effect::Spicy | Effect::Cutoff | Effect::Enthusiastic => format!("{name} was encountered"),
    };
    Some(line)
}

/// The potion of the ingredients `order`, each with the seeds it needs
/// when it is considered (`None` when its seeds do not matter).
pub(super) fn with_needed_seeds(recipe: &Recipe, order: &[usize]) -> Potion {
    let mut entries = Vec::with_capacity(order.len());
    let (mut extra, mut skip, mut stopped) = (0u32, false, false);
    for &i in order {
        let ing = &recipe.ingredients[i];
        let seeds = if stopped || skip || ing.decoy == Some(Decoy::Ignore) {
            None
        } else {
            ing.number.map(|k| k + extra)
        };
        entries.push(Entry { ingredient: i, seeds });
        if stopped {
            continue;
        }
        if skip {
            (skip, extra) = (false, 0);
            continue;
        }
        extra = 0;
        for e in &ing.effects {
            match e {
                Effect::Spicy => extra = 1,
                Effect::Enthusiastic => skip = true,
                Effect::Cutoff => stopped = true,
                _ => {}
            }
        }
    }
    Potion::of(&entries).expect("a solution is a potion")
}
