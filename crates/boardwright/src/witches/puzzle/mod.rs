//! The puzzle, the game's digital half: the secret recipe a board's seed
//! and difficulty make ([`Recipe`]), the potions players brew and enter
//! ([`Potion`]), what the cauldron answers ([`Feedback`]), the free clue,
//! the reveal ([`Reveal`]), and two strategies that measure how many
//! potions a recipe takes: a simple deduction ([`Recipe::potions_needed`]) and a
//! search over the recipes still possible ([`Recipe::potions_searched`]).
//!
//! Files: `recipe` (drawing one), `effects` (with `effects.toml`: each
//! effect's category, level and rule), `potion` (reading one), `brew` (the
//! one-pass evaluation and its shuffled feedback), `solve` (the exact count
//! of winning potions), `clue`, `strategy`, `search`.
//!
//! Nothing here is part of a board: its JSON, SVG and PDF never hold the
//! recipe.

use serde::Serialize;

mod brew;
mod clue;
mod effects;
mod make;
mod potion;
mod recipe;
mod search;
mod solve;
mod strategy;

pub use brew::Feedback;
pub use effects::{Category, Effect};
pub use potion::{Entry, Potion, PotionError};
pub use recipe::{Decoy, Ingredient, Recipe};
pub(crate) use strategy::GIVE_UP;

/// The recipe revealed: the JSON of `boardwright witches --reveal`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Reveal<'a> {
    /// The ingredients in play: numbers, decoy kinds and effects.
    pub ingredients: &'a [Ingredient],
    /// A winning potion.
    pub solution: Vec<SolutionEntry>,
    /// How many potions win.
    pub solutions: u64,
    /// The free clue.
    pub clue: &'a str,
}

/// One ingredient of the revealed solution.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct SolutionEntry {
    /// Its name.
    pub ingredient: &'static str,
    /// Seeds to grow; none (`null`) when they do not matter.
    pub seeds: Option<u32>,
}

/// An effect and its rule, as a page lists them.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Rule {
    /// The effect's name.
    pub effect: &'static str,
    /// Its rule, in one line.
    pub rule: &'static str,
}

impl Recipe {
    /// The whole recipe, for the reveal.
    pub fn reveal(&self) -> Reveal<'_> {
        Reveal {
            ingredients: self.ingredients(),
            solution: self
                .solution()
                .entries()
                .iter()
                .map(|e| SolutionEntry {
                    ingredient: e.name(),
                    seeds: e.seeds,
                })
                .collect(),
            solutions: self.solutions(),
            clue: self.clue(),
        }
    }

    /// The rules of every effect this recipe's difficulty, edition and
    /// ingredients in play may deal, and the imposter's at the hardest:
    /// what players may meet. (The 2023 edition deals a player's ability
    /// only with 7 ingredients or more in play, a complex effect with 9.)
    pub fn rules(&self) -> Vec<Rule> {
        let dealable = make::dealable(self.difficulty, self.second_edition, self.ingredients.len());
        Effect::ALL
            .into_iter()
            .filter(|e| if e.dealt() { dealable.contains(e) } else { self.difficulty >= 3 })
            .map(|e| Rule {
                effect: e.name(),
                rule: e.rule(),
            })
            .collect()
    }
}
