//! The exact count of a recipe's winning potions: every ordered choice of
//! different ingredients, 1 to [`MAX_POTION`] of them, each grown as
//! needed, searched depth first.
//!
//! Pruning that loses nothing:
//! - a considered ingredient that is wrong (a decoy, or a number that does
//!   not follow the last) ends the branch: whatever follows, the potion has
//!   a wrong ingredient and cannot win;
//! - after `Cutoff` nothing is evaluated, so every way of going on ends as
//!   the potion so far: they are counted at once (the ordered choices of
//!   0 to the room left among the unused ingredients), not walked.
//!
//! Seeds are as needed, so `Spicy` cannot change a win and is not
//! followed; whether a potion wins is decided by the same rules as
//! [`Recipe::brew`], written again here for the search (the tests compare
//! the two over every potion of many recipes).

use super::effects::Effect;
use super::potion::MAX_POTION;
use super::recipe::{Decoy, Recipe};
use crate::witches::INGREDIENTS;

/// What the search found.
pub(super) struct Found {
    /// Winning potions.
    pub(super) count: u64,
    /// The recipe's ingredients in their order when they win, otherwise
    /// the first shortest winning potion in search order.
    pub(super) shortest: Vec<usize>,
}

/// The state after a potion's prefix.
#[derive(Clone, Copy)]
struct State {
    used: u16,
    len: usize,
    /// The last considered number (0: none yet).
    last: u32,
    considered: u32,
    skip: bool,
}

/// Counts every winning potion of `recipe`.
pub(super) fn search(recipe: &Recipe) -> Found {
    let mut found = Found {
        count: 0,
        shortest: Vec::new(),
    };
    let mut path = Vec::with_capacity(MAX_POTION);
    let start = State {
        used: 0,
        len: 0,
        last: 0,
        considered: 0,
        skip: false,
    };
    node(recipe, start, &mut path, &mut found);
    let plain: Vec<usize> = (1..=recipe.length)
        .filter_map(|k| recipe.ingredients.iter().position(|i| i.decoy.is_none() && i.number == Some(k)))
        .collect();
    if found.count > 0
        && recipe.wins(
            &plain
                .iter()
                .map(|&ingredient| super::Entry { ingredient, seeds: None })
                .collect::<Vec<_>>(),
        )
    {
        found.shortest = plain;
    }
    found
}

fn node(recipe: &Recipe, s: State, path: &mut Vec<usize>, found: &mut Found) {
    if s.len == MAX_POTION {
        return;
    }
    for i in 0..INGREDIENTS.len() {
        if s.used & (1 << i) != 0 {
            continue;
        }
        let mut t = State {
            used: s.used | 1 << i,
            len: s.len + 1,
            skip: false,
            ..s
        };
        let mut stopped = false;
        if !s.skip {
            let ing = &recipe.ingredients[i];
            match ing.decoy {
                Some(Decoy::Ignore) => {}
                Some(_) => continue,
                None => {
                    let number = ing.number.unwrap_or(0);
                    if number != s.last + 1 {
                        continue;
                    }
                    t.last = number;
                    t.considered += 1;
                }
            }
            t.skip = ing.effects.contains(&Effect::Enthusiastic);
            stopped = ing.effects.contains(&Effect::Cutoff);
        }
        path.push(i);
        let wins = t.considered == recipe.length;
        if stopped {
            if wins {
                let ways = continuations(INGREDIENTS.len() - t.len, MAX_POTION - t.len);
                found.count += ways;
                record(path, found);
            }
        } else {
            if wins {
                found.count += 1;
                record(path, found);
            }
            node(recipe, t, path, found);
        }
        path.pop();
    }
}

fn record(path: &[usize], found: &mut Found) {
    if found.shortest.is_empty() || path.len() < found.shortest.len() {
        found.shortest = path.to_vec();
    }
}

/// Ordered choices of 0 to `room` of `left` things.
fn continuations(left: usize, room: usize) -> u64 {
    let (mut total, mut ways) = (1u64, 1u64);
    for k in 0..room.min(left) {
        ways *= (left - k) as u64;
        total += ways;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuations_count_ordered_choices() {
        assert_eq!(continuations(6, 0), 1);
        assert_eq!(continuations(6, 2), 1 + 6 + 30);
        assert_eq!(continuations(1, 3), 2);
    }
}
