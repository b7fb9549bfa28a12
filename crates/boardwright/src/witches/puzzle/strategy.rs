//! A simple deduction strategy, to measure how hard a recipe is: the
//! potions it brews before one wins, seeing only what players see.
//!
//! 1. Each ingredient alone, in the board's order, its number found by
//!    halving 1 … n with the seeds (undergrown: higher; overgrown: lower);
//!    when neither, one more seed tells a number from a decoy that claims
//!    none (ignored or overachiever: never undergrown or overgrown). The
//!    lines of a potion of one ingredient name its effects.
//! 2. As soon as every number 1 … n has an ingredient, and again after the
//!    last ingredient is known, it brews the numbered ones in order, as
//!    needed, after each `Enthusiastic` or `Spicy` one an ingredient known
//!    to claim no number (skipped, or taking the raise; when there is
//!    room), every choice among ingredients that claim the same number or
//!    none in turn (an imposter claims a number too, an overachiever
//!    none), each choice once.
//! 3. After the last ingredient, when none of those won, every plain order
//!    with one other ingredient put in anywhere, then every one with two
//!    (what a coward that takes a raise, or a filler between, asks).
//!
//! It gives up after [`GIVE_UP`] potions (rare: recipes whose only wins
//! chain several effects).

use super::effects::Effect;
use super::potion::{Entry, MAX_POTION, Potion};
use super::recipe::Recipe;

/// Potions brewed before the strategy gives up.
pub(crate) const GIVE_UP: u32 = 200;

/// What the strategy learnt of an ingredient.
#[derive(Clone, Copy, PartialEq)]
enum Known {
    Unknown,
    Number(u32),
    Ignored,
}

/// Potions the strategy brews until one wins (the winning one included);
/// `None` if it gives up.
pub fn potions_needed(recipe: &Recipe) -> Option<u32> {
    let n = recipe.length;
    let brewed = std::cell::Cell::new(0u32);
    let brew = |entries: &[Entry]| {
        brewed.set(brewed.get() + 1);
        recipe
            .brew(&Potion::of(entries).expect("the strategy brews potions"))
            .expect("the strategy brews ingredients in play")
    };
    let in_play = recipe.ingredients.len();
    let mut known = vec![Known::Unknown; in_play];
    let mut after = vec![After::Nothing; in_play];
    let mut tried: Vec<Vec<usize>> = Vec::new();
    for i in 0..in_play {
        let (mut lo, mut hi) = (1u32, n);
        let alone = |seeds: u32, after: &mut After| {
            let f = brew(&[Entry {
                ingredient: i,
                seeds: Some(seeds),
            }]);
            if f.effects.contains(&Effect::Enthusiastic) {
                *after = After::Skip;
            } else if f.effects.contains(&Effect::Spicy) {
                *after = After::Raise;
            }
            f
        };
        known[i] = loop {
            if lo > hi {
                // Not reached by a drawn recipe: a number claims 1 … n.
                break Known::Ignored;
            }
            let mid = (lo + hi) / 2;
            let f = alone(mid, &mut after[i]);
            if f.undergrown > 0 {
                lo = mid + 1;
            } else if f.overgrown > 0 {
                hi = mid - 1;
            } else {
                let again = alone(mid + 1, &mut after[i]);
                break if again.overgrown > 0 { Known::Number(mid) } else { Known::Ignored };
            }
        };
        let complete = (1..=n).all(|k| known.contains(&Known::Number(k)));
        if complete && (i + 1 == in_play || tried.is_empty()) {
            let last = i + 1 == in_play;
            let plain = vec![After::Nothing; in_play];
            let bases = if last { candidates(n, &known, &plain) } else { Vec::new() };
            let repairs = (1..=2).flat_map(|extra| bases.iter().flat_map(move |order| inserted(order, extra, in_play)));
            for order in candidates(n, &known, &after).into_iter().chain(repairs) {
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

/// What an ingredient does to the one after it, as its lines said.
#[derive(Clone, Copy, PartialEq)]
enum After {
    Nothing,
    /// `Enthusiastic`: the next is skipped, whatever it is.
    Skip,
    /// `Spicy`: the next counts one higher, unless it is an ignored decoy.
    Raise,
}

/// Every potion to try: one ingredient per number, in order, each choice
/// among claimants, and after an `Enthusiastic` or `Spicy` one (when
/// there is room) each choice of an ingredient to skip or to take the
/// raise: those that claim no number first, and for a skip any other; a
/// filler that acts on the next one itself gets a filler in turn.
fn candidates(n: u32, known: &[Known], after: &[After]) -> Vec<Vec<usize>> {
    let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
    for k in 1..=n {
        let mut next = Vec::new();
        for order in &orders {
            for i in (0..known.len()).filter(|&i| known[i] == Known::Number(k) && !order.contains(&i)) {
                let mut o = order.clone();
                o.push(i);
                if k < n {
                    fill(o, known, after, &mut next);
                } else {
                    next.push(o);
                }
            }
        }
        orders = next;
    }
    orders.retain(|o| o.len() <= MAX_POTION);
    orders
}

/// `order` with `extra` of the ingredients it lacks put in at every place
/// (and after it), each potion once.
fn inserted(order: &[usize], extra: usize, in_play: usize) -> Vec<Vec<usize>> {
    let mut level = vec![order.to_vec()];
    for _ in 0..extra {
        let mut seen = std::collections::BTreeSet::new();
        let mut next = Vec::new();
        for o in level.iter().filter(|o| o.len() < MAX_POTION) {
            for e in (0..in_play).filter(|e| !o.contains(e)) {
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

/// `order` as it is when its last ingredient leaves the next one alone,
/// otherwise followed by each filler (and the fillers' own), into `out`.
fn fill(order: Vec<usize>, known: &[Known], after: &[After], out: &mut Vec<Vec<usize>>) {
    let last = *order.last().expect("an order to fill");
    let claims_none = |j: usize| known[j] == Known::Ignored;
    let unused = |j: &usize| !order.contains(j);
    let mut fillers: Vec<usize> = (0..known.len()).filter(|&j| claims_none(j)).filter(unused).collect();
    if after[last] == After::Skip {
        fillers.extend((0..known.len()).filter(|&j| !claims_none(j)).filter(unused));
    }
    if after[last] == After::Nothing || fillers.is_empty() || order.len() >= MAX_POTION {
        out.push(order);
        return;
    }
    for filler in fillers {
        let mut with = order.clone();
        with.push(filler);
        // A skipped filler does nothing; one that takes a raise acts in turn.
        if after[last] == After::Raise {
            fill(with, known, after, out);
        } else {
            out.push(with);
        }
    }
}
