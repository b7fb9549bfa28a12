//! A simple deduction strategy, to measure how hard a recipe is: the
//! potions it brews before one wins, seeing only what players see.
//!
//! 1. Each ingredient alone, in the board's order, its number found by
//!    halving 1 … n with the seeds (undergrown: higher; overgrown: lower);
//!    when neither, one more seed tells a number from an ignored decoy
//!    (which is never undergrown or overgrown). Past either end: an
//!    overachiever. The lines of a potion of one ingredient name its
//!    effects.
//! 2. As soon as every number 1 … n has an ingredient, and again after the
//!    last ingredient is known, it brews the numbered ones in order, as
//!    needed, after each `Enthusiastic` one an ingredient known to claim no
//!    number (it is skipped; when there is room), every choice among ingredients that claim the same
//!    number in turn (an imposter claims a number too), each choice once.
//!
//! It gives up after [`GIVE_UP`] potions (never seen on a recipe
//! [`Recipe::new`] draws).

use super::effects::Effect;
use super::potion::{Entry, MAX_POTION, Potion};
use super::recipe::Recipe;
use crate::witches::INGREDIENTS;

/// Potions brewed before the strategy gives up.
pub const GIVE_UP: u32 = 200;

/// What the strategy learnt of an ingredient.
#[derive(Clone, Copy, PartialEq)]
enum Known {
    Unknown,
    Number(u32),
    Ignored,
    Never,
}

/// Potions the strategy brews until one wins (the winning one included);
/// `None` if it gives up.
pub fn potions_needed(recipe: &Recipe) -> Option<u32> {
    let n = recipe.length;
    let brewed = std::cell::Cell::new(0u32);
    let brew = |entries: &[Entry]| {
        brewed.set(brewed.get() + 1);
        recipe.brew(&Potion::of(entries).expect("the strategy brews potions"))
    };
    let mut known = [Known::Unknown; INGREDIENTS.len()];
    let mut eager = [false; INGREDIENTS.len()];
    let mut tried: Vec<Vec<usize>> = Vec::new();
    for i in 0..INGREDIENTS.len() {
        let (mut lo, mut hi) = (1u32, n);
        let alone = |seeds: u32, eager: &mut bool| {
            let f = brew(&[Entry {
                ingredient: i,
                seeds: Some(seeds),
            }]);
            *eager |= f.effects.contains(&Effect::Enthusiastic);
            f
        };
        known[i] = loop {
            if lo > hi {
                break Known::Never;
            }
            let mid = (lo + hi) / 2;
            let f = alone(mid, &mut eager[i]);
            if f.undergrown > 0 {
                lo = mid + 1;
            } else if f.overgrown > 0 {
                hi = mid - 1;
            } else {
                let again = alone(mid + 1, &mut eager[i]);
                break if again.overgrown > 0 { Known::Number(mid) } else { Known::Ignored };
            }
        };
        let complete = (1..=n).all(|k| known.contains(&Known::Number(k)));
        if complete && (i + 1 == INGREDIENTS.len() || tried.is_empty()) {
            for order in candidates(n, &known, &eager) {
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

/// Every potion to try: one ingredient per number, in order, each choice
/// among claimants, with an ingredient that claims no number after an
/// `Enthusiastic` one.
fn candidates(n: u32, known: &[Known], eager: &[bool]) -> Vec<Vec<usize>> {
    let claim = |k: u32| -> Vec<usize> { (0..known.len()).filter(|&i| known[i] == Known::Number(k)).collect() };
    // A skipped ingredient is not evaluated: any that claims no number will do.
    let fillers: Vec<usize> = (0..known.len())
        .filter(|&i| matches!(known[i], Known::Ignored | Known::Never))
        .collect();
    let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
    for k in 1..=n {
        let mut next = Vec::new();
        for order in &orders {
            for i in claim(k) {
                let mut o = order.clone();
                o.push(i);
                if eager[i]
                    && k < n
                    && let Some(&filler) = fillers.iter().find(|f| !o.contains(f))
                {
                    o.push(filler);
                }
                next.push(o);
            }
        }
        orders = next;
    }
    orders.retain(|o| o.len() <= MAX_POTION);
    orders
}
