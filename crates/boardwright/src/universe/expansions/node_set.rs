//! The balanced node set: with a node set switched on, the board's node
//! types are chosen from the pool (the dictionary's and the node sets')
//! before any is placed, so that every category and every action type is
//! in play, with enough to cut, and no more types than the board has room
//! for.
//!
//! 0. The types a node set starts from (the original's Electric expansion
//!    starts from Electricity, which brings in its many requirements at
//!    once).
//! 1. For each category still missing (in the pool's order), one random
//!    type of it (drawn by `prob`, as every random type here); then for each action type still missing, one random type
//!    that has it. A type added strikes its category and all its action
//!    types off the missing lists.
//! 2. Until at least [`CUTTING_TYPES`] types that cut are in the set (or
//!    the pool has no more), one more random type that cuts.
//! 3. While the sum over the set of `ceil((min + max) / 2) + 1` (its scaled
//!    counts; a type without a maximum counts its minimum twice), and 1 for
//!    the centre (its type counted once, as the original's collection
//!    counts it), is below the board's nodes less [`RESERVED`], one more
//!    type drawn by `prob` from those not yet in the set.
//! 4. Adding a type adds what it `requires` (and the type its number comes
//!    from), even past that sum.
//!
//! The set always holds a type without a maximum and with a weight, so that
//! the list of types can be filled to every node: if the steps chose none,
//! the heaviest such type of the pool joins last.

use crate::seed::Rng;
use crate::universe::dictionary::{ACTIONS, NodeType};

/// Types that cut a balanced set holds at least (where the pool has them).
pub const CUTTING_TYPES: usize = 3;
/// Nodes step 3 leaves aside: the twelve missions and five more.
pub const RESERVED: u64 = 12 + 5;

/// The balanced set of `pool` for a board of `points` nodes whose types
/// have the scaled counts `targets` (`(min, max)`, by pool index): the
/// indices of the types chosen, in the pool's order.
pub fn balanced(pool: &[NodeType], targets: &[(u32, Option<u32>)], starts: &[usize], points: usize, rng: &mut Rng) -> Vec<usize> {
    let mut set = Set {
        pool,
        chosen: vec![false; pool.len()],
        missing_categories: Vec::new(),
        missing_actions: Vec::new(),
    };
    for t in pool {
        if !set.missing_categories.contains(&t.category.as_str()) {
            set.missing_categories.push(&t.category);
        }
    }
    set.missing_actions = ACTIONS.iter().copied().filter(|a| pool.iter().any(|t| has(t, a))).collect();
    // 0. Where a node set starts.
    for &t in starts {
        set.add(t);
    }
    // 1. Every category, then every action type.
    // Adding a type strikes what it brings: the first still missing is next.
    while let Some(&category) = set.missing_categories.first() {
        set.add_random(rng, |t| t.category == category);
    }
    while let Some(&action) = set.missing_actions.first() {
        set.add_random(rng, |t| has(t, action));
    }
    // 2. Enough to cut.
    let cutting = |set: &Set| (0..pool.len()).filter(|&t| set.chosen[t] && has(&pool[t], "Cutting")).count();
    while cutting(&set) < CUTTING_TYPES && set.add_random(rng, |t| has(t, "Cutting")) {}
    // 3. More, by weight, while the board has room.
    let room = (points as u64).saturating_sub(RESERVED);
    let cost = |t: usize| {
        let (min, max) = targets[t];
        u64::from(min + max.unwrap_or(min)).div_ceil(2) + 1
    };
    /// What the centre's own type counts in the sum.
    const CENTRE: u64 = 1;
    let used = |set: &Set| CENTRE + (0..pool.len()).filter(|&t| set.chosen[t]).map(cost).sum::<u64>();
    while used(&set) < room {
        let weights: Vec<f64> = pool
            .iter()
            .enumerate()
            .map(|(t, ty)| if set.chosen[t] { 0.0 } else { ty.prob })
            .collect();
        let Some(t) = rng.weighted(&weights) else { break };
        set.add(t);
    }
    // A type that can fill the list.
    let fills = |t: &NodeType| t.max.is_none() && t.prob > 0.0;
    if !(0..pool.len()).any(|t| set.chosen[t] && fills(&pool[t])) {
        let heaviest = (0..pool.len())
            .filter(|&t| fills(&pool[t]))
            .fold(None, |best: Option<usize>, t| match best {
                Some(b) if pool[b].prob >= pool[t].prob => Some(b),
                _ => Some(t),
            });
        if let Some(t) = heaviest {
            set.add(t);
        }
    }
    (0..pool.len()).filter(|&t| set.chosen[t]).collect()
}

/// Whether type `t` has action type `action`.
fn has(t: &NodeType, action: &str) -> bool {
    t.actions.iter().any(|a| a == action)
}

/// A set being built.
struct Set<'a> {
    pool: &'a [NodeType],
    chosen: Vec<bool>,
    missing_categories: Vec<&'a str>,
    missing_actions: Vec<&'static str>,
}

impl Set<'_> {
    /// Adds a type drawn by `prob` from those not chosen that `fits`
    /// (uniformly where none has weight); false when there is none.
    fn add_random(&mut self, rng: &mut Rng, fits: impl Fn(&NodeType) -> bool) -> bool {
        let open: Vec<usize> = (0..self.pool.len()).filter(|&t| !self.chosen[t] && fits(&self.pool[t])).collect();
        if open.is_empty() {
            // Nothing of it left to add: strike what was asked for, so
            // that the steps end.
            let pool = self.pool;
            self.missing_categories
                .retain(|c| !pool.iter().any(|t| t.category == *c && fits(t)));
            self.missing_actions.retain(|a| !pool.iter().any(|t| has(t, a) && fits(t)));
            return false;
        }
        let weights: Vec<f64> = open.iter().map(|&t| self.pool[t].prob).collect();
        let t = open[rng.weighted(&weights).unwrap_or_else(|| rng.index(open.len()))];
        self.add(t);
        true
    }

    /// Adds type `t` and what it requires, striking their categories and
    /// action types.
    fn add(&mut self, t: usize) {
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            if self.chosen[t] {
                continue;
            }
            self.chosen[t] = true;
            let ty = &self.pool[t];
            self.missing_categories.retain(|c| *c != ty.category);
            self.missing_actions.retain(|a| !has(ty, a));
            let needed = ty.requires.iter().chain(&ty.number_from);
            // In reverse, so that the first requirement is added first.
            let found: Vec<usize> = needed.filter_map(|name| self.pool.iter().position(|p| &p.name == name)).collect();
            stack.extend(found.into_iter().rev());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::universe::dictionary::default_node_types;
    use crate::universe::expansions::node_sets;

    #[test]
    fn sets_hold_every_category_action_and_requirement() {
        for set in node_sets() {
            let mut pool = default_node_types();
            pool.extend(set.node_types.iter().cloned());
            let targets: Vec<(u32, Option<u32>)> = pool.iter().map(|t| (t.min, t.max)).collect();
            for seed in 0..200 {
                let mut rng = Rng::new(seed, 7);
                let chosen = balanced(&pool, &targets, &[], 88, &mut rng);
                let types: Vec<&NodeType> = chosen.iter().map(|&t| &pool[t]).collect();
                for c in pool.iter().map(|t| &t.category) {
                    assert!(types.iter().any(|t| &t.category == c), "seed {seed}: no {c}");
                }
                for a in ACTIONS {
                    assert!(types.iter().any(|t| has(t, a)), "seed {seed}: no {a}");
                }
                assert!(types.iter().filter(|t| has(t, "Cutting")).count() >= CUTTING_TYPES, "seed {seed}");
                for t in &types {
                    for r in t.requires.iter().chain(&t.number_from) {
                        assert!(types.iter().any(|x| &x.name == r), "seed {seed}: {} without {r}", t.name);
                    }
                }
                assert!(types.iter().any(|t| t.max.is_none() && t.prob > 0.0));
            }
        }
    }

    /// Step 3 counts the centre's type once: on a pool of like types (one
    /// category, every action, 1 to 1 of each, so 2 a type), steps 1 and 2
    /// take three (6, and the centre's 1, is 7); with 9 nodes of room step
    /// 3 adds one more (9), where without the centre it would add two (6,
    /// 8, 10).
    #[test]
    fn the_centre_counts_once_towards_the_room() {
        let like = |k: usize| {
            let mut t = default_node_types()[0].clone();
            t.name = format!("Type {k}");
            t.category = "Misc".into();
            t.actions = ACTIONS.iter().map(|a| a.to_string()).collect();
            t.requires.clear();
            t.number_from = None;
            (t.min, t.max, t.prob) = (1, Some(1), 1.0);
            t
        };
        let pool: Vec<NodeType> = (0..10).map(like).collect();
        let targets: Vec<(u32, Option<u32>)> = pool.iter().map(|t| (t.min, t.max)).collect();
        for seed in 0..20 {
            let chosen = balanced(&pool, &targets, &[], RESERVED as usize + 9, &mut Rng::new(seed, 7));
            // Four like types, and the heaviest type without a maximum
            // (none here).
            assert_eq!(chosen.len(), 4, "seed {seed}");
        }
    }
}
