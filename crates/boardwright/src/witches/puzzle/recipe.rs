//! The secret recipe: which ingredients are numbered 1 to n, which are
//! decoys and of what kind, the effects each carries, how many potions
//! win and the free clue ([`make`](super::make) draws one).

use serde::Serialize;

use super::effects::Effect;
use crate::seed::Seed;

/// What kind of decoy an ingredient is (an ingredient of the recipe is none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Decoy {
    /// Skipped when a potion is evaluated; its effects still run.
    Ignore,
    /// Considered like an ingredient of the recipe with its number, 0 or
    /// n + 1, but never undergrown or overgrown: it is wrong only out of
    /// order (so an n + 1 after the n, or a 0 first, does no harm).
    Overachiever,
    /// A number in 1 … n like an ingredient of the recipe, and the imposter
    /// effect ([`Effect::Imposter`]): never right.
    Imposter,
}

/// An ingredient in play, as the recipe sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Ingredient {
    /// Its name.
    pub name: &'static str,
    /// Its number: 1 … n in the recipe; 0 or n + 1 for an overachiever,
    /// 1 … n for an imposter; none (`null`) for an ignored decoy.
    pub number: Option<u32>,
    /// None (`null`) for an ingredient of the recipe.
    pub decoy: Option<Decoy>,
    /// Its effects, in the order they run.
    pub effects: Vec<Effect>,
}

impl Ingredient {
    /// An ingredient of the recipe with `number`.
    pub fn numbered(name: &'static str, number: u32) -> Ingredient {
        Ingredient {
            name,
            number: Some(number),
            decoy: None,
            effects: Vec::new(),
        }
    }

    /// A decoy of `kind` with `number` (`None` for [`Decoy::Ignore`]).
    pub fn decoy(name: &'static str, kind: Decoy, number: Option<u32>) -> Ingredient {
        let effects = if kind == Decoy::Imposter {
            vec![Effect::Imposter]
        } else {
            Vec::new()
        };
        Ingredient {
            name,
            number,
            decoy: Some(kind),
            effects,
        }
    }

    /// The same with `effects` added.
    pub fn with(mut self, effects: &[Effect]) -> Ingredient {
        self.effects.extend_from_slice(effects);
        self
    }
}

/// A board's secret recipe: its ingredients in play (the first of the
/// board's order, Parsley to Black Pepper), how many potions win, and the
/// free clue.
///
/// ```
/// use boardwright::Seed;
/// use boardwright::witches::{Params, puzzle::{Potion, Recipe}};
///
/// let params = Params { difficulty: 2, ..Params::default() };
/// let recipe = Recipe::new(&params, &Seed::new("Tiamo")).unwrap();
/// assert!(recipe.solutions() > 0);
/// // The revealed solution always wins.
/// assert!(recipe.brew(&recipe.solution()).unwrap().won);
/// // The same potion always gets the same answer.
/// let potion = Potion::parse("Sage:2,Mint:1,Chives", 6).unwrap();
/// assert_eq!(recipe.brew(&potion), recipe.brew(&potion));
/// // Only the ingredients in play (6 by default) may be brewed.
/// assert!(recipe.brew(&Potion::parse("Sage,Thyme", 10).unwrap()).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Recipe {
    pub(super) length: u32,
    pub(super) difficulty: u32,
    /// Drawn as the 2023 edition draws effects.
    pub(super) second_edition: bool,
    pub(super) ingredients: Vec<Ingredient>,
    pub(super) seed: Seed,
    pub(super) solutions: u64,
    pub(super) solution: Vec<usize>,
    pub(super) clue: String,
}

impl Recipe {
    /// A recipe of `ingredients` as a player may imagine it, drawn at
    /// `difficulty` and edition, neither solved nor given a clue: what a
    /// strategy weighs potions against.
    pub(super) fn imagined(length: u32, difficulty: u32, second_edition: bool, ingredients: Vec<Ingredient>) -> Recipe {
        Recipe {
            length,
            difficulty,
            second_edition,
            ingredients,
            seed: Seed::new(""),
            solutions: 0,
            solution: Vec::new(),
            clue: String::new(),
        }
    }

    /// Ingredients in the recipe (n).
    pub fn length(&self) -> u32 {
        self.length
    }

    /// The difficulty it was drawn at (0 for a recipe made by hand).
    pub fn difficulty(&self) -> u32 {
        self.difficulty
    }

    /// The ingredients in play, in the board's order.
    pub fn ingredients(&self) -> &[Ingredient] {
        &self.ingredients
    }

    /// How many potions win, each ingredient grown as needed: every
    /// ordered list of 1 to [`Potion::MAX_INGREDIENTS`](super::Potion::MAX_INGREDIENTS) ingredients
    /// in play (repeats allowed), counted exactly.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The free clue given at the start.
    pub fn clue(&self) -> &str {
        &self.clue
    }
}
