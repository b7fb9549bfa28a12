//! The 2023 edition's board: one side of the sheet, no cauldrons and no
//! notes cell; each player's rectangle grown into gardens of at most 4
//! cells (the recipe's length), then starting ingredients and special
//! cells on them.
//!
//! As the 2023 game builds it: the players' rectangles are taken in a
//! random order; in each, a random cell without a garden starts one, which
//! grows breadth first over free neighbours in its rectangle, up to 4
//! cells. While the sheet has fewer than two gardens of exactly 4 cells,
//! every free neighbour joins; after that, each joins with probability
//! 1 / (1.5 × size). Starting ingredients are among the first four names,
//! special cells any of the eight kinds.
//!
//! Ours on top, with `fair_placement` (the default): growth also takes
//! every neighbour while the rectangle's player has no garden of 4, so
//! every player can brew a whole recipe in a garden of their own; and the
//! starting ingredients and special cells are dealt round the players from
//! a random one, so no player has two more than another. Without it, the
//! original's counts: each rectangle draws 0 to 1 starting ingredients and
//! 0 to 2 special cells (one more of each with two players, two more with
//! one), up to the board's totals. Either way a sheet with fewer than two
//! gardens of 4 is drawn again.

use super::board::metrics;
use super::params::RECIPE_2023;
use super::{
    Board, Cell, CellSet, Face, Garden, HEIGHT, INGREDIENTS, Label, Params, Player, WIDTH, any_special_kind, gardens, label, special_kind,
};
use crate::seed::{Rng, Seed};
use crate::{Error, Header, Watch};

/// Gardens of exactly the recipe's length a sheet has at least.
const RECIPE_GARDENS: usize = 2;
/// Names a starting ingredient is drawn from: the first four.
const STARTING_NAMES: usize = 4;

/// Generates a 2023 board of `params` (checked) and `seed`.
pub(super) fn generate(params: &Params, seed: &Seed, watch: &mut dyn Watch<()>) -> Result<Board, Error> {
    let owners = super::players(params.players);
    let (attempt, order, gardens) = crate::retry("witches", params.max_attempts, watch.stop().cloned(), |attempt| {
        watch.step(attempt, 1);
        let mut rng = seed.stream("gardens 2023", attempt);
        let mut order: Vec<u32> = owners.iter().map(|p| p.id).collect();
        rng.shuffle(&mut order);
        let gardens = grow(&owners, &order, params.fair_placement, &mut rng);
        let whole = whole(&gardens, None);
        if whole >= RECIPE_GARDENS {
            Ok((attempt, order, gardens))
        } else {
            Err(format!("{whole} garden(s) of {RECIPE_2023} cells, fewer than {RECIPE_GARDENS}"))
        }
    })?;
    watch.step(attempt, 2);
    let mut rng = seed.stream("contents 2023", attempt);
    let mut free: Vec<Vec<Cell>> = owners
        .iter()
        .map(|p| {
            let mut cells: Vec<Cell> = gardens
                .iter()
                .filter(|g| g.player == p.id)
                .flat_map(|g| g.cells.iter().map(|&[x, y]| Cell { side: Face::Front, x, y }))
                .collect();
            rng.shuffle(&mut cells);
            cells
        })
        .collect();
    let players = owners.len() as u32;
    let bonus = u32::from(players <= 2) + u32::from(players == 1);
    let starting = counts(
        params.garden_ingredients,
        (bonus, 2 + bonus),
        &order,
        params.fair_placement,
        &mut rng,
    );
    let ingredients: Vec<Label> = take(&mut free, &starting)
        .into_iter()
        .map(|c| label(INGREDIENTS[rng.index(STARTING_NAMES)], c))
        .collect();
    let specials = counts(params.special_cells, (bonus, 3 + bonus), &order, params.fair_placement, &mut rng);
    let mut cells = take(&mut free, &specials);
    // Which of them hinder is drawn over the whole sheet, not by player: a
    // third of them, or, placed as the original does, any of the eight
    // kinds alike, as its code draws them (it means to draw a hindering
    // kind again once, but reads the wrong field, so never does).
    rng.shuffle(&mut cells);
    let hindering = cells.len() as u32 / 3;
    let special_cells: Vec<Label> = cells
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let kind = if params.fair_placement {
                special_kind((i as u32) < hindering, &mut rng)
            } else {
                any_special_kind(&mut rng)
            };
            label(kind, c)
        })
        .collect();
    let metrics = metrics(&owners, &[], &gardens, params, attempt + 1);
    Ok(Board {
        header: Header::new("witches", seed, params.clone()),
        metrics,
        width: WIDTH,
        height: HEIGHT,
        recipe_length: RECIPE_2023,
        players: owners,
        cauldrons: Vec::new(),
        gardens,
        ingredients,
        special_cells,
        notes_cell: None,
    })
}

/// Every front cell grown into gardens of at most [`RECIPE_2023`] cells,
/// rectangle by rectangle in the players' `order`.
fn grow(owners: &[Player], order: &[u32], fair: bool, rng: &mut Rng) -> Vec<Garden> {
    let mut taken = CellSet::default();
    let mut gardens: Vec<Garden> = Vec::new();
    for p in order.iter().map(|&id| &owners[id as usize]) {
        let [x0, y0, w, h] = p.front;
        let inside = |x: u32, y: u32| (x0..x0 + w).contains(&x) && (y0..y0 + h).contains(&y);
        let mut cells: Vec<[u32; 2]> = (y0..y0 + h).flat_map(|y| (x0..x0 + w).map(move |x| [x, y])).collect();
        rng.shuffle(&mut cells);
        for [x, y] in cells {
            if taken.contains(Face::Front, x, y) {
                continue;
            }
            // Every neighbour joins while the sheet, or under fair
            // placement the player, lacks a garden of 4.
            let greedy = whole(&gardens, None) < RECIPE_GARDENS || (fair && whole(&gardens, Some(p.id)) == 0);
            let join = |size: usize, rng: &mut Rng| size < RECIPE_2023 as usize && (greedy || rng.chance(1.0 / (1.5 * size as f64)));
            gardens.push(Garden {
                player: p.id,
                side: Face::Front,
                cells: gardens::grow_from((Face::Front, x, y), inside, &mut taken, rng, join),
            });
        }
    }
    gardens
}

/// The gardens of exactly the recipe's length, all or `player`'s.
fn whole(gardens: &[Garden], player: Option<u32>) -> usize {
    gardens
        .iter()
        .filter(|g| g.cells.len() == RECIPE_2023 as usize && player.is_none_or(|p| g.player == p))
        .count()
}

/// How many of `total` things each player gets, by player: fair, round
/// the players from a random one; otherwise each draws from `range` (its
/// upper end excluded, as the original draws), in the rectangles' `order`,
/// until the total.
fn counts(total: u32, range: (u32, u32), order: &[u32], fair: bool, rng: &mut Rng) -> Vec<u32> {
    let players = order.len() as u32;
    let mut counts = vec![0; order.len()];
    if fair {
        let first = rng.below(u64::from(players)) as u32;
        for k in 0..total {
            counts[((first + k) % players) as usize] += 1;
        }
    } else {
        let mut left = total;
        for &p in order {
            let (lo, hi) = range;
            let c = (lo + rng.below(u64::from(hi - lo)) as u32).min(left);
            counts[p as usize] = c;
            left -= c;
        }
    }
    counts
}

/// The first `counts[p]` cells of each player's free cells, taken from
/// them (fewer when a player has no more).
fn take(free: &mut [Vec<Cell>], counts: &[u32]) -> Vec<Cell> {
    let mut taken = Vec::new();
    for (cells, &n) in free.iter_mut().zip(counts) {
        let n = (n as usize).min(cells.len());
        taken.extend(cells.drain(..n));
    }
    taken
}
