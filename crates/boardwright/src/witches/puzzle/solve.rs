//! The exact count of a recipe's winning potions: every ordered choice of
//! different ingredients, 1 to [`MAX_POTION`] of them, each grown as
//! needed, searched depth first.
//!
//! Pruning that loses nothing:
//! - a considered ingredient that is wrong (a decoy, or a number that does
//!   not follow the last) ends the branch unless a `Resetter` may still be
//!   met (an unused ingredient, or a coward waiting at the end, carries
//!   one): without a reset the potion has a wrong ingredient and cannot
//!   win;
//! - after `Cutoff` nothing is evaluated, so every way of going on ends as
//!   the potion so far: they are counted at once (the ordered choices of
//!   0 to the room left among the unused ingredients), not walked.
//!
//! Seeds are as needed, so `Fertilizer` cannot change a win (`Spicy` can:
//! the raised number is judged in the order).
//! Each step is the same [`Pass`] as [`Recipe::brew`]'s, so the search
//! and the answer never disagree (the tests also compare the count with a
//! brute force over every potion of many recipes).

use super::brew::Pass;
use super::effects::Effect;
use super::potion::MAX_POTION;
use super::recipe::Recipe;

/// What the search found.
pub(super) struct Found {
    /// Winning potions.
    pub(super) count: u64,
    /// The recipe's ingredients in their order when they win, otherwise
    /// the first shortest winning potion in search order.
    pub(super) shortest: Vec<usize>,
}

/// Counts every winning potion of `recipe`.
pub(super) fn search(recipe: &Recipe) -> Found {
    let mut found = Found {
        count: 0,
        shortest: Vec::new(),
    };
    let mut path = Vec::with_capacity(MAX_POTION);
    node(recipe, 0, Pass::new(), &mut path, &mut found);
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

fn node(recipe: &Recipe, used: u16, pass: Pass, path: &mut Vec<usize>, found: &mut Found) {
    if path.len() == MAX_POTION {
        return;
    }
    let in_play = recipe.ingredients.len();
    let resets = |i: usize| recipe.ingredients[i].effects.contains(&Effect::Resetter);
    for i in 0..in_play {
        if used & (1 << i) != 0 {
            continue;
        }
        let used = used | 1 << i;
        let mut next = pass;
        next.step(
            recipe,
            super::Entry {
                ingredient: i,
                seeds: None,
            },
        );
        let may_reset = next.waits_to_reset(recipe) || (0..in_play).any(|j| used & (1 << j) == 0 && resets(j));
        if next.wrong && !next.stopped && !may_reset {
            continue;
        }
        path.push(i);
        let wins = next.wins_if_ended(recipe);
        if next.stopped {
            if wins {
                let ways = continuations(in_play - path.len(), MAX_POTION - path.len());
                found.count += ways;
                record(path, found);
            }
        } else {
            if wins {
                found.count += 1;
                record(path, found);
            }
            node(recipe, used, next, path, found);
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
