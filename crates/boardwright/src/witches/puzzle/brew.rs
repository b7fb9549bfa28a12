//! A potion evaluated in one pass, first ingredient to last, and the
//! feedback the players see: the undergrown and overgrown counts and every
//! effect met, shuffled so that their order tells nothing, from a random
//! stream of the board's seed and the potion's text (the same potion on
//! the same board always gets the same answer).
//!
//! The rules are the original game's evaluator's, slot by slot in the
//! order the ingredients stand (`docs/generators.md` cites each):
//! - a skipped ingredient (after `Enthusiastic`) is passed over whole, its
//!   number still the one the next is judged against;
//! - a `Coward` met in the first half of the potion says its line and
//!   moves to the last place, once: cowards are evaluated after every
//!   other ingredient, in the order they were met (a `Spicy` raise owed to
//!   one goes with it);
//! - every other ingredient is out of order unless its number is one more
//!   than the number of the ingredient placed just before it (the first
//!   has none before it and is in order; an ignored decoy's number is -1);
//!   a `Spicy` just before raises its number by one;
//! - an ingredient with a number (an ignored decoy has none, unless a
//!   `Spicy` raised its -1 to 0) is
//!   considered: undergrown when its seeds are below its number, overgrown
//!   when above (as needed: neither), unless a waiting `Fertilizer` spares
//!   it (the next undergrown or overgrown one counts as grown right); an
//!   overachiever is never undergrown or overgrown; it is wrong when out
//!   of order, badly grown, or an imposter;
//! - its effects say their lines, in order; then `Cutoff` ends the
//!   evaluation, or else `Enthusiastic` skips the next ingredient,
//!   `Fertilizer` waits for the next badly grown one, and `Resetter`
//!   forgets the counts and lines so far (the order is still judged
//!   against the ingredient placed before).
//!
//! The potion wins when at least n ingredients are considered and none is
//! wrong. The search for winning potions ([`super::solve`]) steps the same
//! [`Pass`].

use serde::Serialize;

use super::effects::Effect;
use super::potion::{Entry, MAX_POTION, Potion, PotionError, refuse};
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
    /// The effects met since the last reset (sorted): what the lines
    /// say, for a program that plays.
    #[serde(skip)]
    pub effects: Vec<Effect>,
}

/// Where a pass stands after some of a potion: what the search for
/// winning potions keeps at each step, and what [`Recipe::brew`] walks.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pass {
    pub(super) undergrown: u32,
    pub(super) overgrown: u32,
    /// Ingredients considered since the start or the last reset.
    pub(super) considered: u32,
    /// Whether a considered ingredient was wrong since then.
    pub(super) wrong: bool,
    /// The number of the ingredient placed just before (none at first).
    before: Option<i32>,
    /// What `Spicy` adds to the next ingredient's number.
    raise: i32,
    /// The next ingredient is skipped (`Enthusiastic`).
    skip: bool,
    /// The next badly grown ingredient is spared (`Fertilizer`).
    spared: bool,
    /// `Cutoff` stopped the evaluation.
    pub(super) stopped: bool,
    /// The potion's length, and the place the next ingredient stands at.
    len: u8,
    place: u8,
    /// Ingredients met so far, in the potion's order.
    met: u8,
    /// Cowards waiting at the end (a pass is copied at every step of the
    /// search, so it stays small).
    waiting: [Waiting; MAX_POTION],
    waiting_len: u8,
}

/// A coward waiting at the end: its place in the potion, its entry, and
/// the raise it took along.
#[derive(Clone, Copy, Debug, Default)]
struct Waiting {
    slot: u8,
    ingredient: u8,
    /// Seeds grown, or [`Waiting::AS_NEEDED`].
    seeds: u8,
    raise: i8,
}

impl Waiting {
    const AS_NEEDED: u8 = u8::MAX;

    fn entry(&self) -> Entry {
        Entry {
            ingredient: usize::from(self.ingredient),
            seeds: (self.seeds != Self::AS_NEEDED).then_some(u32::from(self.seeds)),
        }
    }
}

/// What an effect's line says, before the random pick of `Detective`
/// and `Liar`: what a player who knows the rules makes of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Heard {
    /// "… was encountered".
    Met,
    /// "… says N" (`Hugger`: 1 for yes, 0 for no).
    Told(u32),
    /// "… says N" for one of these numbers, picked at random; "… says
    /// nothing" when there is none.
    OneOf(Numbers),
}

/// A few numbers in order, repeats kept (the pick weighs each as often as
/// it is there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Numbers {
    list: [u8; MAX_POTION],
    len: u8,
}

impl Numbers {
    fn of(numbers: impl Iterator<Item = u32>) -> Numbers {
        let mut out = Numbers {
            list: [0; MAX_POTION],
            len: 0,
        };
        for k in numbers {
            out.list[usize::from(out.len)] = k as u8;
            out.len += 1;
        }
        out
    }

    /// The numbers, in their order.
    pub(super) fn list(&self) -> &[u8] {
        &self.list[..usize::from(self.len)]
    }
}

/// An answer as [`Recipe::hear`] expects it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Hearing {
    pub(super) undergrown: u32,
    pub(super) overgrown: u32,
    pub(super) won: bool,
    /// Each line, sorted.
    pub(super) heard: Vec<(Effect, Heard)>,
}

/// What a pass writes down of the effects it meets.
enum Voice<'a> {
    /// Nothing: only the seeds needed are wanted.
    Silent,
    /// The players' lines, the random picks drawn from this stream.
    Spoken(&'a mut Rng),
    /// What each line may say ([`Heard`]), for a strategy weighing recipes.
    Heard,
}

/// What a pass writes for the players, when it is not only searching.
struct Sink<'a> {
    voice: Voice<'a>,
    /// The potion's ingredients, for the reporting effects.
    potion: Vec<usize>,
    /// Each ingredient's number as the evaluation has it (-1: none).
    numbers: Vec<i64>,
    lines: Vec<String>,
    effects: Vec<Effect>,
    heard: Vec<(Effect, Heard)>,
    /// The seeds each ingredient of the potion needs, as it was last
    /// considered (none when its seeds do not matter).
    needed: Vec<Option<u32>>,
}

impl<'a> Sink<'a> {
    /// An empty sink for a potion of the ingredients `potion`.
    fn new(voice: Voice<'a>, recipe: &Recipe, potion: Vec<usize>) -> Sink<'a> {
        Sink {
            voice,
            numbers: potion.iter().map(|&i| i64::from(number_of(recipe, i))).collect(),
            needed: vec![None; potion.len()],
            potion,
            lines: Vec::new(),
            effects: Vec::new(),
            heard: Vec::new(),
        }
    }

    /// Writes down `effect`'s line, hearing it as `heard` when it speaks.
    fn say(&mut self, effect: Effect, heard: impl FnOnce(&Sink) -> Heard) {
        let line = match &self.voice {
            Voice::Silent => return,
            Voice::Heard | Voice::Spoken(_) => heard(self),
        };
        match &mut self.voice {
            Voice::Silent => {}
            Voice::Spoken(rng) => self.lines.push(says(effect, line, rng)),
            Voice::Heard => self.heard.push((effect, line)),
        }
        self.effects.push(effect);
    }
}

/// `ingredient`'s number in `recipe`, -1 for none (an ignored decoy).
fn number_of(recipe: &Recipe, ingredient: usize) -> i32 {
    recipe.ingredients[ingredient].number.map_or(-1, |k| k as i32)
}

impl Pass {
    /// A pass over a potion of `len` ingredients.
    pub(super) fn new(len: usize) -> Pass {
        Pass {
            undergrown: 0,
            overgrown: 0,
            considered: 0,
            wrong: false,
            before: None,
            raise: 0,
            skip: false,
            spared: false,
            stopped: false,
            len: len as u8,
            place: 0,
            met: 0,
            waiting: [Waiting::default(); MAX_POTION],
            waiting_len: 0,
        }
    }

    /// Whether the potion met so far, ended here, wins ([`Pass::finish`]
    /// first): at least n considered, none wrong.
    pub(super) fn won(&self, recipe: &Recipe) -> bool {
        !self.wrong && self.considered >= recipe.length
    }

    /// Whether the potion met so far wins if it ends here: [`Pass::won`]
    /// once the waiting cowards are met, on a copy only when some wait.
    pub(super) fn wins_if_ended(&self, recipe: &Recipe) -> bool {
        if self.waiting_len == 0 {
            return self.won(recipe);
        }
        let mut ended = *self;
        ended.finish(recipe);
        ended.won(recipe)
    }

    /// Whether a coward waiting at the end carries `Resetter`.
    pub(super) fn waits_to_reset(&self, recipe: &Recipe) -> bool {
        self.waiting[..usize::from(self.waiting_len)]
            .iter()
            .any(|w| recipe.ingredients[usize::from(w.ingredient)].effects.contains(&Effect::Resetter))
    }

    /// Cowards waiting at the end, to be evaluated there.
    pub(super) fn waiting(&self) -> usize {
        usize::from(self.waiting_len)
    }

    /// The whole of `entries`, written into `sink`.
    fn walk(recipe: &Recipe, entries: &[Entry], sink: &mut Sink) -> Pass {
        let mut pass = Pass::new(entries.len());
        for &entry in entries {
            pass.step_into(recipe, entry, Some(sink));
        }
        pass.finish_into(recipe, Some(sink));
        pass
    }

    /// Meets the next ingredient of the potion.
    pub(super) fn step(&mut self, recipe: &Recipe, entry: Entry) {
        self.step_into(recipe, entry, None);
    }

    /// [`Pass::step`], written into `sink` when there is one.
    fn step_into(&mut self, recipe: &Recipe, entry: Entry, sink: Option<&mut Sink>) {
        let slot = usize::from(self.met);
        self.met += 1;
        self.meet(recipe, slot, entry, false, 0, sink);
    }

    /// The end of the potion: the waiting cowards are evaluated, in order.
    pub(super) fn finish(&mut self, recipe: &Recipe) {
        self.finish_into(recipe, None);
    }

    fn finish_into(&mut self, recipe: &Recipe, mut sink: Option<&mut Sink>) {
        let waiting = std::mem::take(&mut self.waiting_len);
        for k in 0..usize::from(waiting) {
            let w = self.waiting[k];
            self.meet(
                recipe,
                usize::from(w.slot),
                w.entry(),
                true,
                i32::from(w.raise),
                sink.as_deref_mut(),
            );
        }
    }

    /// Meets the ingredient `entry`, the potion's `slot`-th; `moved` when
    /// it is a coward met again at the end, with the raise it `carried`.
    fn meet(&mut self, recipe: &Recipe, slot: usize, entry: Entry, moved: bool, carried: i32, mut sink: Option<&mut Sink>) {
        if self.stopped {
            return;
        }
        let ing = &recipe.ingredients[entry.ingredient];
        let raise = std::mem::take(&mut self.raise) + carried;
        let number = number_of(recipe, entry.ingredient) + raise;
        if let Some(sink) = sink.as_deref_mut() {
            sink.numbers[slot] = i64::from(number);
        }
        if std::mem::take(&mut self.skip) {
            self.before = Some(number);
            self.place += 1;
            return;
        }
        let coward = ing.effects.contains(&Effect::Coward);
        if coward && !moved && self.place < self.len / 2 && usize::from(self.waiting_len) < MAX_POTION {
            self.waiting[usize::from(self.waiting_len)] = Waiting {
                slot: slot as u8,
                ingredient: entry.ingredient as u8,
                seeds: entry.seeds.map_or(Waiting::AS_NEEDED, |s| s as u8),
                raise: raise as i8,
            };
            self.waiting_len += 1;
            if let Some(sink) = sink {
                sink.say(Effect::Coward, |_| Heard::Met);
            }
            return;
        }
        let in_order = self.before.is_none_or(|b| b == number - 1);
        let close = self.before.is_some_and(|b| b.abs_diff(number) <= 1);
        if number >= 0 {
            self.considered += 1;
            let grows = matches!(ing.decoy, None | Some(Decoy::Imposter));
            let seeds = entry.seeds.map_or(number, |s| s as i32);
            let (mut under, mut over) = (grows && seeds < number, grows && seeds > number);
            if (under || over) && std::mem::take(&mut self.spared) {
                (under, over) = (false, false);
            }
            self.undergrown += u32::from(under);
            self.overgrown += u32::from(over);
            self.wrong |= !in_order || under || over || ing.decoy == Some(Decoy::Imposter);
            if let Some(sink) = sink.as_deref_mut() {
                sink.needed[slot] = grows.then_some(number as u32);
            }
        }
        self.before = Some(number);
        self.place += 1;
        for &effect in &ing.effects {
            if effect == Effect::Spicy {
                self.raise += 1;
            }
            // A coward that moved said so where it was met.
            if effect == Effect::Coward && moved {
                continue;
            }
            if let Some(sink) = sink.as_deref_mut() {
                sink.say(effect, |sink| hears(recipe, effect, close, sink));
            }
        }
        let has = |e: Effect| ing.effects.contains(&e);
        if has(Effect::Cutoff) {
            self.stopped = true;
            return;
        }
        self.skip |= has(Effect::Enthusiastic);
        self.spared |= has(Effect::Fertilizer);
        if has(Effect::Resetter) {
            (self.undergrown, self.overgrown, self.considered) = (0, 0, 0);
            (self.wrong, self.spared) = (false, false);
            if let Some(sink) = sink {
                sink.lines.clear();
                sink.effects.clear();
                sink.heard.clear();
            }
        }
    }
}

impl Recipe {
    /// Evaluates `potion` and answers; refuses an ingredient that is not
    /// in play, naming its part and those that are.
    pub fn brew(&self, potion: &Potion) -> Result<Feedback, PotionError> {
        let in_play = self.ingredients.len();
        if let Some(part) = potion.entries().iter().position(|e| e.ingredient >= in_play) {
            let names: Vec<&str> = self.ingredients.iter().map(|i| i.name).collect();
            return Err(refuse(
                Some(part + 1),
                format!(
                    "{} is not in play on this board; its {in_play} ingredients are {}",
                    potion.entries()[part].name(),
                    names.join(", ")
                ),
            ));
        }
        let mut rng = self.seed.stream(&format!("potion {potion}"), 0);
        let mut sink = Sink::new(
            Voice::Spoken(&mut rng),
            self,
            potion.entries().iter().map(|e| e.ingredient).collect(),
        );
        let pass = Pass::walk(self, potion.entries(), &mut sink);
        let Sink {
            mut lines, mut effects, ..
        } = sink;
        rng.shuffle(&mut lines);
        effects.sort_unstable();
        Ok(Feedback {
            undergrown: pass.undergrown,
            overgrown: pass.overgrown,
            won: pass.won(self),
            feedback: lines,
            effects,
        })
    }

    /// What a player who knows the rules may expect the cauldron to answer
    /// to `entries` (ingredients in play): the counts, the win, and each
    /// line as [`Heard`], sorted.
    pub(super) fn hear(&self, entries: &[Entry]) -> Hearing {
        let mut sink = Sink::new(Voice::Heard, self, entries.iter().map(|e| e.ingredient).collect());
        let pass = Pass::walk(self, entries, &mut sink);
        sink.heard.sort_unstable();
        Hearing {
            undergrown: pass.undergrown,
            overgrown: pass.overgrown,
            won: pass.won(self),
            heard: sink.heard,
        }
    }

    /// Whether `entries` win, without the feedback's lines (the same
    /// pass); an ingredient not in play, or more than a cauldron holds,
    /// never does.
    pub fn wins(&self, entries: &[Entry]) -> bool {
        if entries.len() > MAX_POTION || entries.iter().any(|e| e.ingredient >= self.ingredients.len()) {
            return false;
        }
        let mut pass = Pass::new(entries.len());
        for &entry in entries {
            pass.step(self, entry);
        }
        pass.finish(self);
        pass.won(self)
    }
}

/// What the line of `effect` says, run where the ingredient placed just
/// before has a number within 1 of its own (`close`), in the potion of
/// `sink`, its numbers as the evaluation has them so far.
fn hears(recipe: &Recipe, effect: Effect, close: bool, sink: &Sink) -> Heard {
    let ings = &recipe.ingredients;
    let numbers = || sink.numbers.iter().filter(|&&k| k >= 0).map(|&k| k as u32);
    let count = |n: usize| Heard::Told(n as u32);
    let potion = &sink.potion;
    match effect {
        Effect::Detective => Heard::OneOf(Numbers::of(numbers())),
        Effect::Liar => Heard::OneOf(Numbers::of((1..=recipe.length).filter(|&k| !numbers().any(|j| j == k)))),
        Effect::Hugger => Heard::Told(u32::from(close)),
        Effect::General => count(potion.iter().map(|&i| ings[i].effects.len()).sum()),
        Effect::Inspector => count(potion.iter().filter(|&&i| !ings[i].effects.is_empty()).count()),
        Effect::Calculator => Heard::Told(numbers().sum()),
        Effect::Revealer => count(potion.iter().filter(|&&i| ings[i].decoy.is_some()).count()),
        Effect::Spicy
        | Effect::Cutoff
        | Effect::Enthusiastic
        | Effect::Coward
        | Effect::Fertilizer
        | Effect::Resetter
        | Effect::Imposter
        | Effect::Poison
        | Effect::GreenFingers
        | Effect::Piggyback
        | Effect::Allergies
        | Effect::Distracted
        | Effect::Genius
        | Effect::Sharer
        | Effect::Minimalist
        | Effect::Copycat => Heard::Met,
    }
}

/// The line `effect` says when it hears `heard`: a `Detective` or `Liar`
/// picks one of its numbers from `rng`.
fn says(effect: Effect, heard: Heard, rng: &mut Rng) -> String {
    let name = effect.name();
    match heard {
        Heard::Met => format!("{name} was encountered"),
        Heard::Told(yes) if effect == Effect::Hugger => format!("{name} says {}", if yes == 1 { "yes" } else { "no" }),
        Heard::Told(n) => format!("{name} says {n}"),
        Heard::OneOf(numbers) => match numbers.list() {
            [] => format!("{name} says nothing"),
            list => format!("{name} says {}", list[rng.index(list.len())]),
        },
    }
}

impl Recipe {
    /// A winning potion, seeds written out (none for an ingredient whose
    /// seeds do not matter): the recipe's ingredients in their order when
    /// that wins, otherwise a shortest winning potion.
    pub fn solution(&self) -> Potion {
        with_needed_seeds(self, &self.solution)
    }
}

/// The potion of the ingredients `order`, each with the seeds it needs
/// when it is considered (`None` when its seeds do not matter), found by
/// the same pass.
pub(super) fn with_needed_seeds(recipe: &Recipe, order: &[usize]) -> Potion {
    let entries: Vec<Entry> = order.iter().map(|&ingredient| Entry { ingredient, seeds: None }).collect();
    let mut sink = Sink::new(Voice::Silent, recipe, order.to_vec());
    Pass::walk(recipe, &entries, &mut sink);
    let entries: Vec<Entry> = order
        .iter()
        .zip(sink.needed)
        .map(|(&ingredient, seeds)| Entry { ingredient, seeds })
        .collect();
    Potion::of(&entries).expect("a solution is a potion")
}
