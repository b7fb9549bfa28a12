//! A potion evaluated in one pass, first ingredient to last, and the
//! feedback the players see: the undergrown and overgrown counts and every
//! effect met, shuffled so that their order tells nothing, from a random
//! stream of the board's seed and the potion's text (the same potion on
//! the same board always gets the same answer).
//!
//! The rules, in the order they apply to each ingredient met:
//! - a skipped ingredient (after `Enthusiastic`) is passed over whole;
//! - a `Coward` met before the end of the potion says its line and moves
//!   to the end, once: cowards are evaluated after every other ingredient,
//!   in the order they were met (a `Spicy` seed owed to one goes with it);
//! - an ignored decoy is not considered, but its effects run;
//! - any other ingredient is considered, its number one more after a
//!   `Spicy` just before it: undergrown when its seeds are below its
//!   number, overgrown when above (as needed: neither), unless a
//!   `Fertilizer` met before spared it (the next considered ingredient's
//!   growth is not checked); an overachiever is never undergrown or
//!   overgrown; it is right when neither, when its number is one more than
//!   the last considered ingredient's (1 for the first; a raised number
//!   counts as raised on both sides), and when it is no decoy;
//! - then its effects run, in order; a reporting effect speaks of the
//!   whole potion (`Hugger` of the ingredient just before it);
//! - last, a `Resetter` forgets everything so far (counts, lines, the
//!   last number, a waiting `Fertilizer`): the evaluation starts again
//!   from the next ingredient.
//!
//! The potion wins when exactly n ingredients are considered and all are
//! right. The search for winning potions ([`super::solve`]) steps the
//! same [`Pass`].

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
    /// The last considered number (0: none yet).
    last: u32,
    /// What `Spicy` adds to the next ingredient's number.
    extra: u32,
    /// The next ingredient is skipped (`Enthusiastic`).
    skip: bool,
    /// The next considered ingredient's growth is not checked (`Fertilizer`).
    spared: bool,
    /// `Cutoff` stopped the evaluation.
    pub(super) stopped: bool,
    /// Cowards waiting at the end, with the raise each took along.
    waiting: [(Entry, u32); MAX_POTION],
    waiting_len: usize,
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
    /// The ingredients in the order they stand, up to the one met (moved
    /// cowards at their new place).
    placed: Vec<usize>,
    lines: Vec<String>,
    effects: Vec<Effect>,
    heard: Vec<(Effect, Heard)>,
    /// The seeds each considered ingredient needed (none when spared).
    needed: Vec<(usize, Option<u32>)>,
}

impl<'a> Sink<'a> {
    /// An empty sink for a potion of the ingredients `potion`.
    fn new(voice: Voice<'a>, potion: Vec<usize>) -> Sink<'a> {
        Sink {
            voice,
            placed: Vec::with_capacity(potion.len()),
            potion,
            lines: Vec::new(),
            effects: Vec::new(),
            heard: Vec::new(),
            needed: Vec::new(),
        }
    }
}

impl Pass {
    pub(super) fn new() -> Pass {
        let none = Entry {
            ingredient: 0,
            seeds: None,
        };
        Pass {
            undergrown: 0,
            overgrown: 0,
            considered: 0,
            wrong: false,
            last: 0,
            extra: 0,
            skip: false,
            spared: false,
            stopped: false,
            waiting: [(none, 0); MAX_POTION],
            waiting_len: 0,
        }
    }

    /// Whether the potion met so far, ended here, wins ([`Pass::finish`]
    /// first).
    pub(super) fn won(&self, recipe: &Recipe) -> bool {
        !self.wrong && self.considered == recipe.length
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
        self.waiting[..self.waiting_len]
            .iter()
            .any(|(e, _)| recipe.ingredients[e.ingredient].effects.contains(&Effect::Resetter))
    }

    /// Meets the next ingredient of the potion.
    pub(super) fn step(&mut self, recipe: &Recipe, entry: Entry) {
        self.meet(recipe, entry, false, 0, None);
    }

    /// The end of the potion: the waiting cowards are evaluated, in order.
    pub(super) fn finish(&mut self, recipe: &Recipe) {
        self.finish_into(recipe, None);
    }

    fn finish_into(&mut self, recipe: &Recipe, mut sink: Option<&mut Sink>) {
        let waiting = std::mem::take(&mut self.waiting_len);
        for k in 0..waiting {
            if self.stopped {
                break;
            }
            let (entry, carried) = self.waiting[k];
            self.meet(recipe, entry, true, carried, sink.as_deref_mut());
        }
    }

    fn meet(&mut self, recipe: &Recipe, entry: Entry, moved: bool, carried: u32, mut sink: Option<&mut Sink>) {
        if self.stopped {
            return;
        }
        let ing = &recipe.ingredients[entry.ingredient];
        if std::mem::take(&mut self.skip) {
            self.extra = 0;
            if let Some(sink) = sink {
                sink.placed.push(entry.ingredient);
            }
            return;
        }
        // (A potion holds at most `MAX_POTION` ingredients; a longer list
        // handed to `wins` evaluates its extra cowards in place.)
        if !moved && ing.effects.contains(&Effect::Coward) && self.waiting_len < MAX_POTION {
            let took = std::mem::take(&mut self.extra);
            self.waiting[self.waiting_len] = (entry, took);
            self.waiting_len += 1;
            if let Some(sink) = sink {
                match &mut sink.voice {
                    Voice::Silent => {}
                    Voice::Spoken(rng) => sink.lines.push(says(Effect::Coward, Heard::Met, rng)),
                    Voice::Heard => sink.heard.push((Effect::Coward, Heard::Met)),
                }
                sink.effects.push(Effect::Coward);
            }
            return;
        }
        let raise = std::mem::take(&mut self.extra) + carried;
        if ing.decoy != Some(Decoy::Ignore) {
            self.considered += 1;
            let number = ing.number.unwrap_or(0) + raise;
            let spared = std::mem::take(&mut self.spared);
            let (under, over) = match (ing.decoy, entry.seeds) {
                _ if spared => (false, false),
                (Some(Decoy::Overachiever), _) | (_, None) => (false, false),
                (_, Some(s)) => (s < number, s > number),
            };
            self.undergrown += u32::from(under);
            self.overgrown += u32::from(over);
            let right = !under && !over && ing.decoy.is_none() && number == self.last + 1;
            self.wrong |= !right;
            self.last = number;
            if let Some(sink) = sink.as_deref_mut() {
                let needs = (!spared).then_some(number);
                sink.needed.push((entry.ingredient, needs));
            }
        }
        if let Some(sink) = sink.as_deref_mut() {
            sink.placed.push(entry.ingredient);
        }
        let mut reset = false;
        for &effect in &ing.effects {
            match effect {
                Effect::Spicy => self.extra = 1,
                Effect::Cutoff => self.stopped = true,
                Effect::Enthusiastic => self.skip = true,
                Effect::Fertilizer => self.spared = true,
                Effect::Resetter => reset = true,
                // A coward at the end has moved already and said so.
                Effect::Coward => continue,
                _ => {}
            }
            if let Some(sink) = sink.as_deref_mut() {
                let heard = || hears(recipe, effect, &sink.placed, &sink.potion);
                match &mut sink.voice {
                    Voice::Silent => continue,
                    Voice::Spoken(rng) => sink.lines.push(says(effect, heard(), rng)),
                    Voice::Heard => sink.heard.push((effect, heard())),
                }
                sink.effects.push(effect);
            }
        }
        if reset {
            (self.undergrown, self.overgrown, self.considered) = (0, 0, 0);
            (self.wrong, self.last, self.spared) = (false, 0, false);
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
        let mut sink = Sink::new(Voice::Spoken(&mut rng), potion.entries().iter().map(|e| e.ingredient).collect());
        let mut pass = Pass::new();
        for &entry in potion.entries() {
            pass.meet(self, entry, false, 0, Some(&mut sink));
        }
        pass.finish_into(self, Some(&mut sink));
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
        let mut sink = Sink::new(Voice::Heard, entries.iter().map(|e| e.ingredient).collect());
        let mut pass = Pass::new();
        for &entry in entries {
            pass.meet(self, entry, false, 0, Some(&mut sink));
        }
        pass.finish_into(self, Some(&mut sink));
        sink.heard.sort_unstable();
        Hearing {
            undergrown: pass.undergrown,
            overgrown: pass.overgrown,
            won: pass.won(self),
            heard: sink.heard,
        }
    }

    /// Whether `entries` win, without the feedback's lines (the same
    /// pass); an ingredient not in play never does.
    pub fn wins(&self, entries: &[Entry]) -> bool {
        if entries.iter().any(|e| e.ingredient >= self.ingredients.len()) {
            return false;
        }
        let mut pass = Pass::new();
        for &entry in entries {
            pass.step(self, entry);
        }
        pass.finish(self);
        pass.won(self)
    }
}

/// What the line of `effect`, run by the last ingredient `placed` in a
/// potion of the ingredients `potion`, says.
fn hears(recipe: &Recipe, effect: Effect, placed: &[usize], potion: &[usize]) -> Heard {
    let ings = &recipe.ingredients;
    let numbers = || potion.iter().filter_map(|&i| ings[i].number);
    let count = |n: usize| Heard::Told(n as u32);
    match effect {
        Effect::Detective => Heard::OneOf(Numbers::of(numbers())),
        Effect::Liar => Heard::OneOf(Numbers::of((1..=recipe.length).filter(|&k| !numbers().any(|j| j == k)))),
        Effect::Hugger => {
            let close = match placed {
                [.., before, own] => ings[*before].number.zip(ings[*own].number).is_some_and(|(a, b)| a.abs_diff(b) <= 1),
                _ => false,
            };
            Heard::Told(u32::from(close))
        }
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
        | Effect::Imposter => Heard::Met,
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

/// The potion of the ingredients `order`, each with the seeds it needs
/// when it is considered (`None` when its seeds do not matter), found by
/// the same pass.
pub(super) fn with_needed_seeds(recipe: &Recipe, order: &[usize]) -> Potion {
    let mut sink = Sink::new(Voice::Silent, order.to_vec());
    let mut pass = Pass::new();
    for &ingredient in order {
        pass.meet(recipe, Entry { ingredient, seeds: None }, false, 0, Some(&mut sink));
    }
    pass.finish_into(recipe, Some(&mut sink));
    let entries: Vec<Entry> = order
        .iter()
        .map(|&ingredient| Entry {
            ingredient,
            // After a reset an ingredient is not met again, so its last
            // need is its only one.
            seeds: sink.needed.iter().rev().find(|(i, _)| *i == ingredient).and_then(|(_, s)| *s),
        })
        .collect();
    Potion::of(&entries).expect("a solution is a potion")
}
