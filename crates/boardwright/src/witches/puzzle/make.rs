//! How a recipe is made: drawn from the board's seed and difficulty, or
//! made by hand, and kept only when a potion can win; drawn again while it
//! is not as hard as its difficulty promises.

use std::ops::RangeInclusive;

use super::effects::{Category, Effect};
use super::recipe::{Decoy, Ingredient, Recipe};
use super::{clue, solve};
use crate::seed::{Rng, Seed};
use crate::witches::{INGREDIENTS, Params};
use crate::{Error, params};

/// Fewest ingredients in play.
const MIN_IN_PLAY: usize = 4;
/// Fewest ingredients in play for the 2023 edition to deal a complex effect.
pub(super) const COMPLEX_IN_PLAY_2023: usize = 7;
/// Recipes drawn before the fallback ([`Recipe::new`]).
const ATTEMPTS: u32 = 64;
/// Draws in which a recipe outside its difficulty's band is drawn again
/// ([`in_band`]).
const BAND_DRAWS: u32 = 16;

impl Recipe {
    /// The recipe of the board of `params` and `seed`: of the first
    /// `ingredients` names, `recipe_length` numbered 1 … n, the others
    /// decoys (all ignored below difficulty 3; there each is ignored,
    /// overachiever or imposter, 45, 35 and 20 times in 100), and the
    /// effects of `difficulty` and `edition`. Recipes no potion can win
    /// are drawn again; after 64 such, the last one loses the effects that
    /// made it so (`Cutoff`, `Enthusiastic`, `Spicy` and `Coward` before
    /// the last ingredient, `Resetter` on any of the recipe's), so that a
    /// recipe always comes back. In the first 16 draws, a recipe outside
    /// its difficulty's band is drawn again too (at difficulty 2 and 3 the
    /// simple strategy needs at least the potions of the same numbers
    /// without effects or other decoys, and at most twice as many); past
    /// them the first recipe a potion wins is kept, in band or not.
    pub fn new(params: &Params, seed: &Seed) -> Result<Recipe, Error> {
        params::Params::check(params)?;
        let (n, difficulty) = (params.recipe_length, params.difficulty);
        let deal = Deal {
            length: n,
            in_play: params.ingredients as usize,
            difficulty,
            second_edition: params.is_2023(),
        };
        let mut last = Vec::new();
        let mut out_of_band = None;
        for attempt in 0..ATTEMPTS {
            let ingredients = deal.draw(&mut seed.stream("recipe", attempt));
            if let Some(recipe) = Recipe::from_ingredients(n, difficulty, deal.second_edition, ingredients.clone(), seed) {
                if attempt >= BAND_DRAWS || in_band(&recipe) {
                    return Ok(recipe);
                }
                out_of_band = out_of_band.or(Some(recipe));
                continue;
            }
            last = ingredients;
        }
        if let Some(recipe) = out_of_band {
            return Ok(recipe);
        }
        for i in last.iter_mut().filter(|i| i.decoy.is_none()) {
            let before_last = i.number.is_some_and(|k| k < n);
            i.effects.retain(|e| match e {
                Effect::Cutoff | Effect::Enthusiastic | Effect::Spicy | Effect::Coward => !before_last,
                Effect::Resetter => false,
                _ => true,
            });
        }
        Ok(Recipe::from_ingredients(n, difficulty, deal.second_edition, last, seed).expect("the ingredients in their order win"))
    }

    /// A recipe made by hand: `ingredients` are the first of the board's
    /// ten in its order (4 to 10 of them, at least `length`), the recipe's
    /// numbered 1 … `length` (2 or more) once each. `None` when they are
    /// not, or when no potion wins.
    pub fn hand_made(length: u32, ingredients: Vec<Ingredient>, seed: &Seed) -> Option<Recipe> {
        let names_ok = (MIN_IN_PLAY.max(length as usize)..=INGREDIENTS.len()).contains(&ingredients.len())
            && ingredients.iter().zip(INGREDIENTS).all(|(i, name)| i.name == name);
        let mut numbers: Vec<u32> = ingredients.iter().filter(|i| i.decoy.is_none()).filter_map(|i| i.number).collect();
        numbers.sort_unstable();
        let kinds_ok = ingredients.iter().all(|i| match i.decoy {
            None => i.number.is_some(),
            Some(Decoy::Ignore) => i.number.is_none(),
            Some(Decoy::Overachiever) => i.number == Some(0) || i.number == Some(length + 1),
            Some(Decoy::Imposter) => i.number.is_some_and(|k| (1..=length).contains(&k)),
        });
        let ok = names_ok && kinds_ok && numbers == (1..=length).collect::<Vec<_>>() && length >= 2;
        if !ok {
            return None;
        }
        Recipe::from_ingredients(length, 0, false, ingredients, seed)
    }

    /// The recipe of `ingredients`, when a potion wins.
    fn from_ingredients(length: u32, difficulty: u32, second_edition: bool, ingredients: Vec<Ingredient>, seed: &Seed) -> Option<Recipe> {
        let mut recipe = Recipe {
            length,
            difficulty,
            second_edition,
            ingredients,
            seed: seed.clone(),
            solutions: 0,
            solution: Vec::new(),
            clue: String::new(),
        };
        let found = solve::search(&recipe);
        if found.count == 0 {
            return None;
        }
        recipe.solutions = found.count;
        recipe.solution = found.shortest;
        recipe.clue = clue::clue(&recipe, &mut seed.stream("clue", 0));
        Some(recipe)
    }
}

/// Whether `recipe` is as hard as its difficulty promises, by the simple
/// strategy's potions ([`Recipe::potions_needed`]): at
/// difficulty 2 and 3, at least as many as the same numbers would take
/// with no effects and every decoy ignored (what difficulty 1 asks), and
/// at most twice that. (Difficulty 1 is that by itself.)
fn in_band(recipe: &Recipe) -> bool {
    if recipe.difficulty < 2 {
        return true;
    }
    let plain: Vec<Ingredient> = recipe
        .ingredients
        .iter()
        .map(|i| match (i.decoy, i.number) {
            (None, Some(k)) => Ingredient::numbered(i.name, k),
            _ => Ingredient::decoy(i.name, Decoy::Ignore, None),
        })
        .collect();
    let plain = Recipe::imagined(recipe.length, 1, recipe.second_edition, plain);
    match (plain.potions_needed(), recipe.potions_needed()) {
        (Some(floor), Some(potions)) => (floor..=2 * floor).contains(&potions),
        _ => false,
    }
}

/// The highest level of the effects dealt at `difficulty`: the 2023
/// edition deals from every effect once effects are on.
pub(super) fn effect_level(difficulty: u32, second_edition: bool) -> u32 {
    if second_edition && difficulty >= 2 { 3 } else { difficulty }
}

/// How many effects a recipe of `difficulty`, edition and `in_play`
/// ingredients is dealt: half as many as ingredients in play at 2, three
/// quarters at 3; the 2023 edition draws from 1 to less than half.
pub(super) fn effects_dealt(difficulty: u32, second_edition: bool, in_play: usize) -> RangeInclusive<usize> {
    match difficulty {
        0 | 1 => 0..=0,
        _ if second_edition => 1..=(in_play - 1) / 2,
        2 => in_play / 2..=in_play / 2,
        _ => in_play * 3 / 4..=in_play * 3 / 4,
    }
}

/// The categories dealt one effect each before any other, in order: those
/// with an effect at `level` (in the 2023 edition the complex one only with
/// 7 ingredients or more in play).
pub(super) fn first_categories(level: u32, second_edition: bool, in_play: usize) -> Vec<Category> {
    Category::ALL
        .into_iter()
        .filter(|&c| !(second_edition && c == Category::Complex && in_play < COMPLEX_IN_PLAY_2023))
        .filter(|&c| Effect::dealt_at(level, second_edition).any(|e| e.category() == c))
        .collect()
}

/// Every effect a recipe of `difficulty`, edition and `in_play`
/// ingredients may be dealt (the imposter's own not among them): past the
/// first categories ([`first_categories`]), any effect of its level when
/// more are dealt than they give, else only theirs.
pub(super) fn dealable(difficulty: u32, second_edition: bool, in_play: usize) -> Vec<Effect> {
    let level = effect_level(difficulty, second_edition);
    let most = *effects_dealt(difficulty, second_edition, in_play).end();
    let first = first_categories(level, second_edition, in_play);
    Effect::dealt_at(level, second_edition)
        .filter(|e| most > first.len() || first[..most].contains(&e.category()))
        .collect()
}

/// How a recipe is drawn.
struct Deal {
    /// Ingredients numbered 1 … n.
    length: u32,
    /// Ingredients in play: the first names.
    in_play: usize,
    difficulty: u32,
    /// The 2023 edition's count of effects, at most one per ingredient.
    second_edition: bool,
}

impl Deal {
    /// One draw of a recipe.
    fn draw(&self, rng: &mut Rng) -> Vec<Ingredient> {
        let n = self.length;
        let mut order: Vec<usize> = (0..self.in_play).collect();
        rng.shuffle(&mut order);
        let mut ingredients: Vec<Ingredient> = INGREDIENTS[..self.in_play]
            .iter()
            .map(|&name| Ingredient::decoy(name, Decoy::Ignore, None))
            .collect();
        for (k, &i) in order[..n as usize].iter().enumerate() {
            ingredients[i] = Ingredient::numbered(INGREDIENTS[i], k as u32 + 1);
        }
        if self.difficulty >= 3 {
            // Each decoy on its own, as the original's "drama decoys" are
            // drawn: ignored 45 in 100, overachiever 35, imposter 20.
            for &i in &order[n as usize..] {
                let kind = match rng.below(20) {
                    0..9 => Decoy::Ignore,
                    9..16 => Decoy::Overachiever,
                    _ => Decoy::Imposter,
                };
                let number = match kind {
                    Decoy::Ignore => None,
                    Decoy::Overachiever => Some(if rng.below(2) == 0 { 0 } else { n + 1 }),
                    Decoy::Imposter => Some(1 + rng.below(u64::from(n)) as u32),
                };
                ingredients[i] = Ingredient::decoy(INGREDIENTS[i], kind, number);
            }
        }
        for (i, effect) in self.effects(&ingredients, rng) {
            ingredients[i].effects.push(effect);
        }
        for i in &mut ingredients {
            i.effects.sort_unstable();
        }
        ingredients
    }

    /// The effects dealt and the ingredient each goes to: one of each
    /// category first (in the 2023 edition the complex one only with 7
    /// ingredients or more), then any, each to a random ingredient that
    /// does not carry it yet (2020) or carries no effect yet (2023).
    fn effects(&self, ingredients: &[Ingredient], rng: &mut Rng) -> Vec<(usize, Effect)> {
        let count = if self.difficulty >= 2 && self.second_edition {
            // As the 2023 game draws it: 1 + ⌊u (m − 1)⌋ for half the
            // ingredients in play m and u uniform in [0, 1).
            let half = self.in_play as f64 / 2.0;
            1 + (rng.unit() * (half - 1.0)).floor() as usize
        } else {
            *effects_dealt(self.difficulty, false, self.in_play).start()
        };
        let level = effect_level(self.difficulty, self.second_edition);
        let pool: Vec<Effect> = Effect::dealt_at(level, self.second_edition).collect();
        let mut dealt = Vec::with_capacity(count);
        for category in first_categories(level, self.second_edition, self.in_play) {
            let of: Vec<Effect> = pool.iter().copied().filter(|e| e.category() == category).collect();
            if dealt.len() < count {
                dealt.push(of[rng.index(of.len())]);
            }
        }
        while dealt.len() < count {
            dealt.push(pool[rng.index(pool.len())]);
        }
        let mut carried: Vec<Vec<Effect>> = ingredients.iter().map(|i| i.effects.clone()).collect();
        let mut placed = Vec::with_capacity(count);
        for effect in dealt {
            let free: Vec<usize> = (0..self.in_play)
                .filter(|&i| {
                    if self.second_edition {
                        carried[i].is_empty()
                    } else {
                        !carried[i].contains(&effect)
                    }
                })
                .collect();
            if free.is_empty() {
                continue;
            }
            let i = free[rng.index(free.len())];
            carried[i].push(effect);
            placed.push((i, effect));
        }
        placed
    }
}
