//! A stronger strategy: fewest expected potions, by weighing every recipe
//! still possible. It knows what players know — the ingredients in play,
//! the recipe's length, the difficulty and edition, and so which decoys
//! and effects may be dealt and how many — and hears only the answers.
//!
//! Before each potion it lists the recipes ("worlds") that agree with
//! every answer so far, as likely each, and brews the potion whose answer
//! splits them best: the least expected number of worlds left (the sum of
//! the squares of the answers' classes, a win counted as none left),
//! among the winning potions of some worlds (with their seeds, so a miss
//! still counts the undergrown and overgrown) and random seeded potions
//! from a stream of the strategy's own (never the recipe's). A `Detective`
//! or `Liar` line agrees with every world that could say it.
//!
//! A world is the number or decoy kind of each ingredient and its
//! effects, as the rules deal them (how many, one of each first category,
//! 2023: one per ingredient), listed ingredient by ingredient, each
//! multi-ingredient potion checked once all of its have a role. Effects
//! multiply the worlds past listing, so while an ingredient that may carry
//! effects was never brewed alone, it brews the first such alone (seeds
//! half its possible numbers): alone an ingredient says all its effects,
//! or nothing when it carries `Resetter` (a decoy or a numbered one, its
//! other effects guessed none at first, more only when no world is left). Past [`MOST_WORLDS`] worlds, or [`MOST_STEPS`] steps of the
//! listing, it weighs an even sample of the worlds met (from its own
//! stream). Lost — the steps run out before any world is met, or none
//! agrees (a recipe drawn again past its attempts, whose effects were cut)
//! — it plays the simple strategy ([`Recipe::potions_needed`]) from the start,
//! its potions counted after those already brewed. So it does too after
//! [`HAND_OVER`] potions without a win, which only happens where the worlds
//! it weighs agree yet miss the recipe (a `Resetter` hiding more effects
//! than guessed; `docs/fairness.md` gives the `witches_bands` example's
//! figures).
//!
//! Recipes made by hand are weighed as difficulty 1 (no effects, every
//! decoy ignored). The strategy gives up after [`GIVE_UP`] potions.
//!
//! Cost (release, one core): about 5 ms a recipe of 4 among 6 ingredients
//! at difficulty 1 (360 worlds from the first potion), well under 1 ms at
//! difficulty 2, a few ms at 3; with 10 in play, tens of ms.

use super::brew::{Heard, Hearing};
use super::effects::{Category, Effect};
use super::make;
use super::potion::{Entry, MAX_POTION, Potion};
use super::recipe::{Decoy, Ingredient, Recipe};
use super::strategy::GIVE_UP;
use crate::seed::{Rng, Seed};

/// Most worlds weighed at once; past it, an even sample of them.
pub(crate) const MOST_WORLDS: usize = 6000;
/// Steps the listing of worlds may take before it counts as too many.
const MOST_STEPS: usize = 150_000;
/// Potions brewed without a win after which the strategy counts itself
/// lost: the worlds it weighs agree with every answer yet miss the recipe.
const HAND_OVER: usize = 40;
/// Answers worked out per choice of potion (worlds times potions tried).
const HEARINGS_PER_CHOICE: usize = 60_000;

impl Recipe {
    /// Potions the stronger strategy brews until one wins (the winning one
    /// included); `None` if it gives up.
    pub fn potions_searched(&self) -> Option<u32> {
        let rules = Rules::of(self);
        let mut heard: Vec<Brewed> = Vec::new();
        // Lost: the simple strategy from the start, after these.
        let lost = |brewed: usize| Some(brewed as u32 + self.potions_needed()?).filter(|&p| p <= GIVE_UP);
        while heard.len() < HAND_OVER {
            let Some(entries) = choose(&rules, &heard) else {
                return lost(heard.len());
            };
            let potion = Potion::of(&entries).expect("the strategy brews potions");
            let feedback = self.brew(&potion).expect("the strategy brews ingredients in play");
            if feedback.won {
                return Some(heard.len() as u32 + 1);
            }
            heard.push(Brewed {
                entries,
                undergrown: feedback.undergrown,
                overgrown: feedback.overgrown,
                lines: read_lines(&feedback.feedback),
            });
        }
        lost(heard.len())
    }
}

/// A potion brewed and what its answer said.
#[derive(Clone, Debug)]
struct Brewed {
    entries: Vec<Entry>,
    undergrown: u32,
    overgrown: u32,
    /// Each line's effect and number (yes 1, no 0; none for "was
    /// encountered" and "says nothing"), sorted.
    lines: Vec<(Effect, Option<u32>)>,
}

/// The lines of an answer as a player reads them.
fn read_lines(lines: &[String]) -> Vec<(Effect, Option<u32>)> {
    let mut out: Vec<(Effect, Option<u32>)> = lines
        .iter()
        .filter_map(|line| {
            let effect = Effect::ALL.into_iter().find(|e| line.starts_with(e.name()))?;
            let said = line.rsplit(' ').next().unwrap_or_default();
            let value = match said {
                "yes" => Some(1),
                "no" => Some(0),
                _ => said.parse().ok(),
            };
            Some((effect, value))
        })
        .collect();
    out.sort_unstable();
    out
}

impl Brewed {
    /// Whether `world` answers this potion so.
    fn agrees(&self, world: &Recipe) -> bool {
        let h = world.hear(&self.entries);
        h.undergrown == self.undergrown
            && h.overgrown == self.overgrown
            && !h.won
            && h.heard.len() == self.lines.len()
            && h.heard.iter().zip(&self.lines).all(|(&(e, heard), &(f, value))| {
                e == f
                    && match (heard, value) {
                        (Heard::Met, None) => true,
                        (Heard::Told(n), Some(v)) => n == v,
                        (Heard::OneOf(numbers), None) => numbers.list().is_empty(),
                        (Heard::OneOf(numbers), Some(v)) => numbers.list().contains(&(v as u8)),
                        _ => false,
                    }
            })
    }

    /// The ingredient brewed alone, if so.
    fn alone(&self) -> Option<usize> {
        match self.entries[..] {
            [e] => Some(e.ingredient),
            _ => None,
        }
    }
}

/// What players know of the recipe before any potion.
struct Rules {
    length: u32,
    in_play: usize,
    difficulty: u32,
    second_edition: bool,
    /// Decoys may be overachievers or imposters.
    decoy_kinds: bool,
    /// Effects that may be dealt.
    pool: Vec<Effect>,
    /// How many are dealt.
    count: std::ops::RangeInclusive<usize>,
    /// Categories dealt one each first, in order.
    first: Vec<Category>,
}

impl Rules {
    fn of(recipe: &Recipe) -> Rules {
        let (length, in_play) = (recipe.length, recipe.ingredients.len());
        let difficulty = recipe.difficulty.max(1);
        let second_edition = recipe.second_edition;
        let level = make::effect_level(difficulty, second_edition);
        let count = make::effects_dealt(difficulty, second_edition, in_play);
        let first = make::first_categories(level, second_edition, in_play);
        let pool = make::dealable(difficulty, second_edition, in_play);
        Rules {
            length,
            in_play,
            difficulty,
            second_edition,
            decoy_kinds: difficulty >= 3,
            pool,
            count,
            first,
        }
    }

    /// What an ingredient may be, its effects aside.
    fn roles(&self, name: &'static str) -> Vec<Ingredient> {
        let n = self.length;
        let mut roles: Vec<Ingredient> = (1..=n).map(|k| Ingredient::numbered(name, k)).collect();
        roles.push(Ingredient::decoy(name, Decoy::Ignore, None));
        if self.decoy_kinds {
            for k in [0, n + 1] {
                roles.push(Ingredient::decoy(name, Decoy::Overachiever, Some(k)));
            }
            roles.extend((1..=n).map(|k| Ingredient::decoy(name, Decoy::Imposter, Some(k))));
        }
        roles
    }

    /// Whether the dealt effects of `ingredients` (all assigned) could
    /// have been dealt: their count, and one of each first category.
    fn dealt_ok(&self, ingredients: &[Ingredient]) -> bool {
        let dealt = || ingredients.iter().flat_map(|i| &i.effects).filter(|e| e.dealt());
        let total = dealt().count();
        self.count.contains(&total) && self.first.iter().take(total).all(|&c| dealt().any(|e| e.category() == c))
    }
}

/// What the listing of worlds found.
enum Worlds {
    /// This ingredient, which may carry effects, was never brewed alone.
    Unheard(usize),
    /// Worlds that agree: all of them, or when there are too many to list
    /// ([`MOST_WORLDS`], or [`MOST_STEPS`] taken), an even sample of those
    /// met.
    Listed { found: Vec<Recipe>, complete: bool },
}

/// The potion to brew next, after `heard`; `None` when no world agrees,
/// or none is met in the steps allowed.
fn choose(rules: &Rules, heard: &[Brewed]) -> Option<Vec<Entry>> {
    // Other effects of an ingredient silent alone (a `Resetter`'s): none
    // at first, then more, should no world agree.
    for extra in 0..=*rules.count.end() {
        match list(rules, heard, extra) {
            Worlds::Unheard(i) => {
                return Some(vec![Entry {
                    ingredient: i,
                    seeds: Some(rules.length.div_ceil(2)),
                }]);
            }
            Worlds::Listed { found, .. } if !found.is_empty() => return Some(best(rules, heard, &found)),
            Worlds::Listed { complete: false, .. } => return None,
            Worlds::Listed { .. } => {}
        }
    }
    None
}

/// The strategy's own random stream for `purpose` after `heard`.
fn stream(purpose: &str, heard: &[Brewed]) -> Rng {
    Seed::new("witches search").stream(purpose, heard.len() as u32)
}

/// Every world that agrees with `heard` (or a sample), ingredient by
/// ingredient; an ingredient silent alone may carry `Resetter` and up to
/// `extra` other effects.
fn list(rules: &Rules, heard: &[Brewed], extra: usize) -> Worlds {
    let mut options: Vec<Vec<Ingredient>> = Vec::with_capacity(rules.in_play);
    for (i, &name) in crate::witches::INGREDIENTS[..rules.in_play].iter().enumerate() {
        match local(rules, heard, i, name, extra) {
            Some(o) => options.push(o),
            None => return Worlds::Unheard(i),
        }
    }
    // Ingredients with fewer possibilities first; each potion of more than
    // one ingredient is checked once all of its have a role.
    let mut order: Vec<usize> = (0..rules.in_play).collect();
    order.sort_by_key(|&i| options[i].len());
    let mut due: Vec<Vec<&Brewed>> = vec![Vec::new(); rules.in_play];
    for h in heard.iter().filter(|h| h.alone().is_none()) {
        let last = h
            .entries
            .iter()
            .filter_map(|e| order.iter().position(|&i| i == e.ingredient))
            .max()
            .unwrap_or(0);
        due[last].push(h);
    }
    let placeholder = || Ingredient::decoy("", Decoy::Ignore, None);
    let mut world = Recipe::imagined(
        rules.length,
        rules.difficulty,
        rules.second_edition,
        vec![placeholder(); rules.in_play],
    );
    let mut walk = Walk {
        rules,
        options: &options,
        order: &order,
        due: &due,
        found: Vec::new(),
        met: 0,
        rng: stream("worlds", heard),
        steps: 0,
    };
    walk.step(&mut world, 0, 0, 0);
    Worlds::Listed {
        complete: walk.steps <= MOST_STEPS,
        found: walk.found,
    }
}

/// What ingredient `i` may be, as its potions alone say; `None` when
/// there is no telling yet (never brewed alone, effects possible).
fn local(rules: &Rules, heard: &[Brewed], i: usize, name: &'static str, extra: usize) -> Option<Vec<Ingredient>> {
    let alone: Vec<&Brewed> = heard.iter().filter(|h| h.alone() == Some(i)).collect();
    let mut effect_sets: Vec<Vec<Effect>> = vec![Vec::new()];
    if !rules.pool.is_empty() {
        if alone.is_empty() {
            return None;
        }
        if let Some(loud) = alone.iter().find(|h| !h.lines.is_empty()) {
            let mut said: Vec<Effect> = loud.lines.iter().map(|l| l.0).filter(|e| e.dealt()).collect();
            said.dedup();
            effect_sets = vec![said];
        } else if rules.pool.contains(&Effect::Resetter) {
            // Silent alone: no effect, or `Resetter` and what it hides.
            let others: Vec<Effect> = rules.pool.iter().copied().filter(|&e| e != Effect::Resetter).collect();
            let most = if rules.second_edition { 0 } else { extra };
            let sets = subsets(&others, most).into_iter().map(|mut set| {
                set.push(Effect::Resetter);
                set
            });
            effect_sets.extend(sets);
        }
    }
    let mut out = Vec::new();
    let mut world = Recipe::imagined(
        rules.length,
        rules.difficulty,
        rules.second_edition,
        vec![Ingredient::decoy("", Decoy::Ignore, None); rules.in_play],
    );
    for role in rules.roles(name) {
        for effects in &effect_sets {
            // The imposter carries its own effect (2023: one at most).
            if rules.second_edition && !effects.is_empty() && role.decoy == Some(Decoy::Imposter) {
                continue;
            }
            let mut option = role.clone().with(effects);
            option.effects.sort_unstable();
            world.ingredients[i] = option.clone();
            if alone.iter().all(|h| h.agrees(&world)) {
                out.push(option);
            }
        }
    }
    Some(out)
}

/// Every subset of `items` of at most `most` of them, each in their order.
fn subsets(items: &[Effect], most: usize) -> Vec<Vec<Effect>> {
    let mut out = vec![Vec::new()];
    let mut level: Vec<(usize, Vec<Effect>)> = vec![(0, Vec::new())];
    for _ in 0..most {
        let mut next = Vec::new();
        for (from, set) in &level {
            for (k, &e) in items.iter().enumerate().skip(*from) {
                let mut with = set.clone();
                with.push(e);
                out.push(with.clone());
                next.push((k + 1, with));
            }
        }
        level = next;
    }
    out
}

/// The depth-first listing of worlds.
struct Walk<'a> {
    rules: &'a Rules,
    options: &'a [Vec<Ingredient>],
    /// The ingredients in the order they are given roles.
    order: &'a [usize],
    /// The potions checked once the ingredient at each place has a role.
    due: &'a [Vec<&'a Brewed>],
    /// The worlds kept: every one met, or an even sample of
    /// [`MOST_WORLDS`] (each met kept with the same chance).
    found: Vec<Recipe>,
    met: u64,
    rng: Rng,
    steps: usize,
}

impl Walk<'_> {
    /// Gives the ingredient at place `at` of the order each of its roles in
    /// turn; `numbers` holds a bit per number 1 … n taken by an ingredient
    /// of the recipe, `dealt` the effects dealt so far.
    fn step(&mut self, world: &mut Recipe, at: usize, numbers: u32, dealt: usize) {
        if at == self.rules.in_play {
            let all = (1u32 << (self.rules.length + 1)) - 2;
            if numbers == all && self.rules.dealt_ok(&world.ingredients) {
                self.met += 1;
                if self.found.len() < MOST_WORLDS {
                    self.found.push(world.clone());
                } else {
                    let k = self.rng.below(self.met) as usize;
                    if k < MOST_WORLDS {
                        self.found[k] = world.clone();
                    }
                }
            }
            return;
        }
        let i = self.order[at];
        for option in &self.options[i] {
            if self.steps > MOST_STEPS {
                return;
            }
            self.steps += 1;
            let bit = match (option.decoy, option.number) {
                (None, Some(k)) => 1 << k,
                _ => 0,
            };
            let adds = option.effects.iter().filter(|e| e.dealt()).count();
            if numbers & bit != 0 || dealt + adds > *self.rules.count.end() {
                continue;
            }
            world.ingredients[i] = option.clone();
            if self.due[at].iter().all(|h| h.agrees(world)) {
                self.step(world, at + 1, numbers | bit, dealt + adds);
            }
        }
    }
}

/// The potion that splits `worlds` best, among the winning potions of
/// some and random seeded ones.
fn best(rules: &Rules, heard: &[Brewed], worlds: &[Recipe]) -> Vec<Entry> {
    if let [only] = worlds
        && let Some(potion) = winning(only)
    {
        return potion;
    }
    let tries = (HEARINGS_PER_CHOICE / worlds.len()).clamp(6, 64);
    let guesses = (tries / 3).min(worlds.len());
    // (A world no potion wins is no recipe: it gives no guess.)
    let mut candidates: Vec<Vec<Entry>> = (0..guesses).filter_map(|g| winning(&worlds[g * worlds.len() / guesses])).collect();
    let mut rng = stream("potion", heard);
    while candidates.len() < tries {
        candidates.push(random_potion(rules, &mut rng));
    }
    let mut best: Option<(u64, Vec<Entry>)> = None;
    let mut answers: Vec<Hearing> = Vec::with_capacity(worlds.len());
    for candidate in candidates {
        answers.clear();
        answers.extend(worlds.iter().map(|w| w.hear(&candidate)));
        answers.sort_unstable();
        let score: u64 = answers
            .chunk_by(|a, b| a == b)
            .filter(|class| !class[0].won)
            .map(|class| (class.len() as u64).pow(2))
            .sum();
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            best = Some((score, candidate));
        }
    }
    best.map(|(_, c)| c).expect("a potion to try")
}

/// A winning potion of `world`, each ingredient's seeds written out
/// (none when no potion wins).
fn winning(world: &Recipe) -> Option<Vec<Entry>> {
    let found = super::solve::search(world);
    (found.count > 0).then(|| super::brew::with_needed_seeds(world, &found.shortest).entries().to_vec())
}

/// A potion of as many ingredients as a potion holds (or all in play),
/// in a random order, each with random seeds from 0 to n + 1.
fn random_potion(rules: &Rules, rng: &mut Rng) -> Vec<Entry> {
    let mut order: Vec<usize> = (0..rules.in_play).collect();
    rng.shuffle(&mut order);
    order
        .into_iter()
        .take(MAX_POTION)
        .map(|ingredient| Entry {
            ingredient,
            seeds: Some(rng.below(u64::from(rules.length) + 2) as u32),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::witches::Params;

    /// Played on drawn recipes of every difficulty and edition, the
    /// search never rules out the recipe itself: whenever the worlds are
    /// all listed, one of them is the recipe.
    #[test]
    fn the_recipe_is_always_among_the_worlds() {
        for (edition, difficulty) in [(2020, 1), (2020, 2), (2020, 3), (2023, 2), (2023, 3)] {
            let params = Params {
                edition,
                difficulty,
                ..Params::default()
            };
            for k in 0..6 {
                let recipe = Recipe::new(&params, &Seed::new(&format!("truth-{k}"))).unwrap();
                let rules = Rules::of(&recipe);
                let mut heard: Vec<Brewed> = Vec::new();
                loop {
                    if let Worlds::Listed { found, complete: true } = list(&rules, &heard, *rules.count.end()) {
                        let truth = found.iter().any(|w| w.ingredients == recipe.ingredients);
                        assert!(
                            truth || found.len() == MOST_WORLDS,
                            "{edition} {difficulty} truth-{k} after {}",
                            heard.len()
                        );
                    }
                    let Some(entries) = choose(&rules, &heard) else { break };
                    let f = recipe.brew(&Potion::of(&entries).unwrap()).unwrap();
                    if f.won || heard.len() > 30 {
                        break;
                    }
                    heard.push(Brewed {
                        entries,
                        undergrown: f.undergrown,
                        overgrown: f.overgrown,
                        lines: read_lines(&f.feedback),
                    });
                }
            }
        }
    }

    #[test]
    fn lines_are_read_as_players_read_them() {
        let lines = ["Hugger says yes", "Detective says 3", "Spicy was encountered", "Liar says nothing"].map(String::from);
        assert_eq!(
            read_lines(&lines),
            vec![
                (Effect::Spicy, None),
                (Effect::Detective, Some(3)),
                (Effect::Hugger, Some(1)),
                (Effect::Liar, None)
            ]
        );
    }
}
