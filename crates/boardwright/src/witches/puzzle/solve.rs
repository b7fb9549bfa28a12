//! The exact count of a recipe's winning potions: every ordered list of
//! 1 to [`MAX_POTION`] ingredients in play (repeats allowed, as the
//! original allows them), each grown as needed, searched depth first: in
//! one pass over every length, or one length at a time where a coward is
//! in play (its move depends on the potion's length).
//!
//! Pruning that loses nothing:
//! - a considered ingredient that is wrong ends the branch unless a
//!   `Resetter` may still be met with room after it for a whole recipe (an
//!   ingredient in play carries one, or a coward waiting at the end does):
//!   without a reset the potion has a wrong ingredient and cannot win;
//! - after `Cutoff` nothing is evaluated, so every way of going on ends as
//!   the potion so far: they are counted at once, not walked.
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
    walk_once(recipe, &mut |path, ways| {
        found.count += ways;
        record(path, &mut found);
        true
    });
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

/// Up to `most` winning potions of `recipe`, shortest first (one that
/// wins whatever follows a `Cutoff` is given once, at its own length).
pub(super) fn winners(recipe: &Recipe, most: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    walk(recipe, &mut |path, ways| {
        if ways == 1 {
            out.push(path.to_vec());
        }
        out.len() < most
    });
    out
}

/// Every winning potion, by length and then in the board's order, handed
/// to `win` with the number of potions it stands for (those that go on
/// after a `Cutoff`); the walk ends when `win` says false.
fn walk(recipe: &Recipe, win: &mut dyn FnMut(&[usize], u64) -> bool) {
    let resets = recipe.ingredients.iter().any(|i| i.effects.contains(&Effect::Resetter));
    for len in 1..=MAX_POTION {
        let mut path = Vec::with_capacity(len);
        if !node(recipe, resets, len, false, Pass::new(len), &mut path, win) {
            return;
        }
    }
}

/// [`walk`] in one pass over every length at once, each potion in the
/// board's order after the potions it begins: where no ingredient in play
/// is a coward, whose move alone hangs on the potion's length.
fn walk_once(recipe: &Recipe, win: &mut dyn FnMut(&[usize], u64) -> bool) {
    if recipe.ingredients.iter().any(|i| i.effects.contains(&Effect::Coward)) {
        return walk(recipe, win);
    }
    let resets = recipe.ingredients.iter().any(|i| i.effects.contains(&Effect::Resetter));
    let mut path = Vec::with_capacity(MAX_POTION);
    node(recipe, resets, MAX_POTION, true, Pass::new(MAX_POTION), &mut path, win);
}

/// The potions of `len` ingredients (with `every`, of any length up to
/// `len`) that begin with `path` (met by `pass`); `resets` when an
/// ingredient in play carries `Resetter`. False once `win` asks to stop.
fn node(
    recipe: &Recipe,
    resets: bool,
    len: usize,
    every: bool,
    pass: Pass,
    path: &mut Vec<usize>,
    win: &mut dyn FnMut(&[usize], u64) -> bool,
) -> bool {
    let in_play = recipe.ingredients.len();
    // Potions that go on from one of `k` ingredients with anything.
    let ways = |k: usize| {
        let room = (len - k) as u32;
        if every {
            (0..=room).map(|r| (in_play as u64).pow(r)).sum()
        } else {
            (in_play as u64).pow(room)
        }
    };
    for i in 0..in_play {
        let mut next = pass;
        next.step(
            recipe,
            super::Entry {
                ingredient: i,
                seeds: None,
            },
        );
        path.push(i);
        // Evaluations still to come: the ingredients not yet placed and
        // the cowards waiting at the end.
        let to_come = len - path.len() + next.waiting();
        let may_reset = next.waits_to_reset(recipe) || (resets && to_come > recipe.length as usize);
        let go_on = if next.wrong && !next.stopped && !may_reset {
            true
        } else if next.stopped || path.len() == len {
            !next.wins_if_ended(recipe) || win(path, ways(path.len()))
        } else {
            (!every || !next.wins_if_ended(recipe) || win(path, 1)) && node(recipe, resets, len, every, next, path, win)
        };
        path.pop();
        if !go_on {
            return false;
        }
    }
    true
}

fn record(path: &[usize], found: &mut Found) {
    if found.shortest.is_empty() || path.len() < found.shortest.len() {
        found.shortest = path.to_vec();
    }
}
