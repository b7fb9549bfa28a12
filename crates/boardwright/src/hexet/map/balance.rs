//! City types dealt out by cost. Every player scores every type, so a type
//! whose cities take many more roads to join (to each other and the tower)
//! than another's is worth less to everyone. The cities stay where they
//! were placed; only their types move, and only between cities of the same
//! sector (the k-th city of one type and the k-th of another), so every
//! type still has a city in each sector and spreads over the map.
//!
//! Starting from the placement, two cities of one sector swap types when
//! that lowers the spread of the types' exact costs ([`Steiner`]: the most
//! minus the fewest roads), or keeps it and lowers the dearest type's cost;
//! passes over every such pair, in order, until one changes nothing. The
//! costs of the subsets of cities met are kept between tries.

use super::super::hex::Cell;
use super::Map;
use super::steiner::Steiner;

/// The most cells of a map whose types are dealt out: on a larger one each
/// try walks the whole map a few times, and dealing would take longer than
/// making it (about a second at 20,000 cells), so it keeps its sector types.
pub(crate) const MOST_CELLS: usize = 5_000;

/// How uneven the types' costs are: the most minus the fewest roads, then
/// the most (lower is better).
pub(crate) type Spread = (u32, u32);

/// Cells the costs of one map's tries may work through in all (about a
/// tenth of a second; a default map takes a few hundred thousand): past it
/// the types are left as the last improvement made them.
pub(crate) const MOST_WORK: u64 = 30_000_000;

/// Passes over the pairs at most: each pass that changes something lowers
/// the spread or the dearest cost, and a few suffice.
const MOST_PASSES: u32 = 12;

/// Deals the types of `map`'s cities (`types` of `per_type` each, in
/// placement order: type by type) out again by cost, as the module says.
/// Answers the spread reached; a map whose costs cannot all be worked out
/// keeps its types and answers `None`. The work
/// done is taken from `budget`; none left, the swaps stop where they are.
pub(crate) fn deal_types(map: &mut Map, types: u32, per_type: u32, budget: &mut u64) -> Option<Spread> {
    let (types, per_type) = (types as usize, per_type as usize);
    if types < 2 || map.cities.len() != types * per_type || map.grid.len() > MOST_CELLS {
        return None;
    }
    let mut slots: Vec<Vec<Cell>> = map
        .cities
        .chunks(per_type)
        .map(|c| c.iter().map(|&(cell, _)| cell).collect())
        .collect();
    let tower = map.tower;
    let mut steiner = Steiner::new(map);
    let cost = |steiner: &mut Steiner, cities: &[Cell]| {
        let mut terminals = cities.to_vec();
        terminals.push(tower);
        steiner.fewest_roads(&terminals)
    };
    let mut costs = slots.iter().map(|s| cost(&mut steiner, s)).collect::<Option<Vec<u32>>>()?;
    let key = |costs: &[u32]| {
        let (most, least) = (costs.iter().max().copied().unwrap_or(0), costs.iter().min().copied().unwrap_or(0));
        (most - least, most)
    };
    'passes: for _ in 0..MOST_PASSES {
        let mut changed = false;
        for k in 0..per_type {
            for a in 0..types {
                for b in a + 1..types {
                    if steiner.work() > *budget {
                        break 'passes;
                    }
                    let before = key(&costs);
                    let (ka, kb) = (slots[a][k], slots[b][k]);
                    slots[a][k] = kb;
                    slots[b][k] = ka;
                    let (ca, cb) = (cost(&mut steiner, &slots[a])?, cost(&mut steiner, &slots[b])?);
                    let (old_a, old_b) = (costs[a], costs[b]);
                    (costs[a], costs[b]) = (ca, cb);
                    if key(&costs) < before {
                        changed = true;
                    } else {
                        (costs[a], costs[b]) = (old_a, old_b);
                        slots[a][k] = ka;
                        slots[b][k] = kb;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    *budget = budget.saturating_sub(steiner.work());
    let reached = key(&costs);
    map.cities = slots
        .iter()
        .enumerate()
        .flat_map(|(t, cells)| cells.iter().map(move |&c| (c, t as u32)))
        .collect();
    Some(reached)
}

/// One cheapest tree of roads joining each of the `types` city types of
/// `map` and its tower, by type (`None` where the cost is past the Steiner
/// search's limit).
pub(crate) fn type_trees(map: &Map, types: u32) -> Vec<Option<Vec<(Cell, Cell)>>> {
    let mut steiner = Steiner::new(map);
    (0..types).map(|t| steiner.cheapest_tree(&terminals(map, t))).collect()
}

/// The cells city type `t` joins: its cities and the tower.
pub(crate) fn terminals(map: &Map, t: u32) -> Vec<Cell> {
    let mut cells: Vec<Cell> = map.cities.iter().filter(|&&(_, ct)| ct == t).map(|&(c, _)| c).collect();
    cells.push(map.tower);
    cells
}
