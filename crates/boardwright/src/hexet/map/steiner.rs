//! The fewest roads that join a city type's cities and the tower: a Steiner
//! tree on the map's cells, found exactly by Dreyfus–Wagner.
//!
//! A road joins two neighbouring cells that are not lakes; a river side is
//! crossed by a bridge, which is one road like any other, so every road
//! costs one. For terminals `T` (the type's cities and the tower), the
//! cheapest tree joining a set `S ⊆ T` and a cell `v`, `cost[S][v]`, is
//! the cheaper of: splitting `S` at `v` into two smaller sets joined there,
//! and reaching `v` from the best such tree at another cell (a breadth-first
//! pass in order of cost, since each road costs one). The tree of all of
//! `T` is the tree of all but one terminal, read at that terminal. Time
//! `3^k × cells + 2^k × cells` for `k` terminals: a default map (432 cells,
//! 4 terminals) takes tens of microseconds; past [`MOST_WORK`] the cost is
//! not worked out. [`Steiner`] keeps the trees of the subsets it meets, so
//! the map's balancing, which tries many sets of cities, works each subset
//! out once.

use std::collections::BTreeMap;
use std::rc::Rc;

use super::super::hex::{Cell, HexSide};
use super::{Map, Terrain};

/// The most `3^k × cells` worked through for one set of terminals (about
/// a tenth of a second): larger maps, or more cities of a type, get no cost.
pub(crate) const MOST_WORK: u64 = 50_000_000;

/// The most costs kept for reuse, in cells (64 MB); past it they are
/// forgotten and worked out again when asked for.
const MOST_KEPT: usize = 16 << 20;

/// No neighbour.
const NONE: u32 = u32::MAX;

/// A cost not reached yet.
const FAR: u32 = u32::MAX / 4;

/// Steiner trees on one map. The cheapest trees of the sets of terminals
/// met on the way are kept, by their cells, so that trying one city type's
/// cities against another's (the map's balancing) works out each subset
/// once.
pub(crate) struct Steiner<'a> {
    map: &'a Map,
    /// Each cell's neighbours a road may reach (not lakes), [`NONE`] past
    /// the last.
    roads: Vec<[u32; 6]>,
    /// For a set of terminals (cell indices, ascending): the cheapest tree
    /// joining them and each cell.
    known: BTreeMap<Vec<u32>, Rc<Vec<u32>>>,
    /// Cells held in `known`.
    kept: usize,
    /// Cells worked through so far: each tree made adds its cells once for
    /// every split and once for its spread.
    work: u64,
}

impl<'a> Steiner<'a> {
    pub(crate) fn new(map: &'a Map) -> Steiner<'a> {
        Steiner {
            map,
            roads: Vec::new(),
            known: BTreeMap::new(),
            kept: 0,
            work: 0,
        }
    }

    /// Cells worked through so far.
    pub(crate) fn work(&self) -> u64 {
        self.work
    }

    /// Each cell's neighbours a road may reach, made when first needed (a
    /// map too large to work out never needs them).
    fn roads(&mut self) {
        if !self.roads.is_empty() {
            return;
        }
        let (grid, terrain) = (self.map.grid, &self.map.terrain);
        let open = |c: Cell| terrain[c.index()] != Terrain::Lake;
        self.roads = grid
            .cells()
            .map(|c| {
                let mut near = [NONE; 6];
                if open(c) {
                    let reached = HexSide::ALL.into_iter().filter_map(|s| grid.neighbor(c, s)).filter(|&m| open(m));
                    for (slot, m) in near.iter_mut().zip(reached) {
                        *slot = m.index() as u32;
                    }
                }
                near
            })
            .collect();
    }

    /// The fewest roads that join the cells `terminals` (lakes closed,
    /// rivers bridged), or `None` when some cannot be joined or the work
    /// would pass [`MOST_WORK`].
    pub(crate) fn fewest_roads(&mut self, terminals: &[Cell]) -> Option<u32> {
        let mut set: Vec<u32> = terminals.iter().map(|c| c.index() as u32).collect();
        set.sort_unstable();
        set.dedup();
        if set.len() <= 1 {
            return Some(0);
        }
        let work = 3u64.checked_pow(set.len() as u32)?.saturating_mul(self.map.grid.len() as u64);
        if set.len() > 20 || work > MOST_WORK {
            return None;
        }
        self.roads();
        // The cheapest tree joining the others and the first is the tree
        // of them all.
        let best = self.tree(&set[1..])[set[0] as usize];
        (best < FAR).then_some(best)
    }

    /// The roads of one tree of [`Steiner::fewest_roads`] roads joining
    /// `terminals`, each a pair of neighbouring cells; `None` where
    /// `fewest_roads` is.
    pub(crate) fn cheapest_tree(&mut self, terminals: &[Cell]) -> Option<Vec<(Cell, Cell)>> {
        self.fewest_roads(terminals)?;
        let mut set: Vec<u32> = terminals.iter().map(|c| c.index() as u32).collect();
        set.sort_unstable();
        set.dedup();
        let mut roads = Vec::new();
        if set.len() > 1 {
            self.trace(&set[1..], set[0], &mut roads);
        }
        let grid = self.map.grid;
        Some(
            roads
                .into_iter()
                .map(|(a, b)| (grid.cell(a as usize), grid.cell(b as usize)))
                .collect(),
        )
    }

    /// Adds to `roads` a cheapest tree joining `set` and cell `v`: the road
    /// to a neighbour one road cheaper, or the two trees of a split that
    /// add up to its cost.
    fn trace(&mut self, set: &[u32], v: u32, roads: &mut Vec<(u32, u32)>) {
        let cost = self.tree(set);
        let here = cost[v as usize];
        if here == 0 {
            return;
        }
        if let Some(&m) = self.roads[v as usize]
            .iter()
            .take_while(|&&m| m != NONE)
            .find(|&&m| cost[m as usize] + 1 == here)
        {
            roads.push((v, m));
            return self.trace(set, m, roads);
        }
        let full = (1u32 << set.len()) - 1;
        let pick = |mask: u32| -> Vec<u32> { (0..set.len()).filter(|i| mask >> i & 1 == 1).map(|i| set[i]).collect() };
        let mut part = full - 1;
        while part > 0 {
            if part & 1 == 1 {
                let (a, b) = (pick(part), pick(full ^ part));
                if self.tree(&a)[v as usize] + self.tree(&b)[v as usize] == here {
                    self.trace(&a, v, roads);
                    return self.trace(&b, v, roads);
                }
            }
            part = (part - 1) & full;
        }
        unreachable!("a reached cost comes from a neighbour or a split");
    }

    /// Per cell, the cheapest tree joining `set` and that cell.
    fn tree(&mut self, set: &[u32]) -> Rc<Vec<u32>> {
        if let Some(known) = self.known.get(set) {
            return Rc::clone(known);
        }
        let n = self.roads.len();
        let mut cost = vec![FAR; n];
        if let [only] = set {
            cost[*only as usize] = 0;
        } else {
            // Splits of `set` into a part holding its first terminal and the rest.
            let full = (1u32 << set.len()) - 1;
            let mut part = full - 1;
            while part > 0 {
                if part & 1 == 1 {
                    let pick = |mask: u32| -> Vec<u32> { (0..set.len()).filter(|i| mask >> i & 1 == 1).map(|i| set[i]).collect() };
                    let (a, b) = (self.tree(&pick(part)), self.tree(&pick(full ^ part)));
                    for v in 0..n {
                        cost[v] = cost[v].min(a[v].saturating_add(b[v]));
                    }
                    self.work += n as u64;
                }
                part = (part - 1) & full;
            }
        }
        spread(&mut cost, &self.roads);
        self.work += n as u64;
        if self.kept + n > MOST_KEPT {
            self.known.clear();
            self.kept = 0;
        }
        let cost = Rc::new(cost);
        self.known.insert(set.to_vec(), Rc::clone(&cost));
        self.kept += n;
        cost
    }
}

/// Lowers each cell's cost to a neighbour's plus one road, in order of cost
/// (a bucket per cost: each road costs one), over `roads`.
fn spread(cost: &mut [u32], roads: &[[u32; 6]]) {
    let mut order: Vec<(u32, u32)> = cost
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c < FAR)
        .map(|(v, &c)| (c, v as u32))
        .collect();
    order.sort_unstable();
    let mut queue = std::collections::VecDeque::new();
    let mut seeds = order.into_iter().peekable();
    loop {
        // The next cell in cost order: from the queue or the seeds.
        let next = match (queue.front(), seeds.peek()) {
            (Some(&(qc, _)), Some(&(sc, _))) if sc < qc => seeds.next(),
            (Some(_), _) => queue.pop_front(),
            (None, Some(_)) => seeds.next(),
            (None, None) => break,
        };
        let Some((c, v)) = next else { break };
        if c > cost[v as usize] {
            continue;
        }
        for &m in roads[v as usize].iter().take_while(|&&m| m != NONE) {
            if c + 1 < cost[m as usize] {
                cost[m as usize] = c + 1;
                queue.push_back((c + 1, m));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hexet::hex::{Grid, SideMask};

    /// A `w × h` map with lakes at `lakes` (cell indices), no rivers, no cities.
    fn map(w: u32, h: u32, lakes: &[usize]) -> Map {
        let grid = Grid { width: w, height: h };
        let mut terrain = vec![Terrain::Grassland; grid.len()];
        for &l in lakes {
            terrain[l] = Terrain::Lake;
        }
        Map {
            grid,
            terrain,
            rivers: vec![SideMask::EMPTY; grid.len()],
            river_lengths: Vec::new(),
            cities: Vec::new(),
            tower: grid.cell(0),
            type_roads: Vec::new(),
            type_trees: Vec::new(),
        }
    }

    /// The fewest edges of a tree joining `terminals`, by trying every set
    /// of other open cells with them and keeping the smallest connected one
    /// (a connected set of `m` cells has a spanning tree of `m − 1` edges).
    fn brute_force(map: &Map, terminals: &[Cell]) -> Option<u32> {
        let grid = map.grid;
        let n = grid.len();
        let others: Vec<usize> = (0..n)
            .filter(|&v| map.terrain[v] != Terrain::Lake && !terminals.iter().any(|t| t.index() == v))
            .collect();
        let mut best: Option<u32> = None;
        for pick in 0u64..(1 << others.len()) {
            let mut chosen = vec![false; n];
            for t in terminals {
                chosen[t.index()] = true;
            }
            for (i, &v) in others.iter().enumerate() {
                chosen[v] |= pick >> i & 1 == 1;
            }
            let size = chosen.iter().filter(|&&c| c).count() as u32;
            if best.is_some_and(|b| size > b) {
                continue;
            }
            // Connected?
            let mut seen = vec![false; n];
            let mut stack = vec![terminals[0].index()];
            seen[terminals[0].index()] = true;
            let mut reached = 1;
            while let Some(v) = stack.pop() {
                for s in HexSide::ALL {
                    if let Some(m) = grid.neighbor(grid.cell(v), s)
                        && chosen[m.index()]
                        && !seen[m.index()]
                    {
                        seen[m.index()] = true;
                        reached += 1;
                        stack.push(m.index());
                    }
                }
            }
            if reached == size {
                best = Some(size - 1);
            }
        }
        best
    }

    #[test]
    fn costs_match_a_search_of_every_tree_on_small_maps() {
        let mut rng = crate::seed::Rng::new(7, 11);
        let mut compared = 0;
        for round in 0..120 {
            let (w, h) = (3 + round % 3, 3 + round / 3 % 2);
            let n = (w * h) as usize;
            let lakes: Vec<usize> = (0..n).filter(|_| rng.unit() < 0.2).collect();
            let map = map(w, h, &lakes);
            let open: Vec<usize> = (0..n).filter(|v| !lakes.contains(v)).collect();
            if open.len() < 2 || open.len() > 16 {
                continue;
            }
            let k = 2 + (rng.next_u32() % 3) as usize;
            let mut terminals: Vec<Cell> = Vec::new();
            while terminals.len() < k.min(open.len()) {
                let c = map.grid.cell(open[(rng.next_u32() as usize) % open.len()]);
                if !terminals.contains(&c) {
                    terminals.push(c);
                }
            }
            let want = brute_force(&map, &terminals);
            let case = format!(
                "map {w}x{h}, lakes {lakes:?}, terminals {:?}",
                terminals.iter().map(|t| t.index()).collect::<Vec<_>>()
            );
            assert_eq!(Steiner::new(&map).fewest_roads(&terminals), want, "{case}");
            // The tree traced back has that many roads and reaches every terminal.
            let tree = Steiner::new(&map).cheapest_tree(&terminals);
            assert_eq!(tree.as_ref().map(|t| t.len() as u32), want, "{case}");
            let touched = |c: Cell| tree.as_ref().is_some_and(|t| t.iter().any(|&(a, b)| a == c || b == c));
            assert!(want.is_none() || terminals.iter().all(|&c| touched(c)), "{case}: {tree:?}");
            compared += 1;
        }
        assert!(compared > 60, "{compared}");
    }

    #[test]
    fn a_lake_between_closes_the_way_and_too_much_work_is_not_done() {
        // A 3 × 1 strip with a lake in the middle: the ends cannot be joined.
        let strip = map(3, 1, &[1]);
        let ends = [strip.grid.cell(0), strip.grid.cell(2)];
        assert_eq!(Steiner::new(&strip).fewest_roads(&ends), None);
        let open = map(3, 1, &[]);
        assert_eq!(Steiner::new(&open).fewest_roads(&ends), Some(2));
        assert_eq!(Steiner::new(&open).fewest_roads(&ends[..1]), Some(0));
        let wide = map(400, 400, &[]);
        let many: Vec<Cell> = (0..12).map(|i| wide.grid.cell(i * 1000)).collect();
        assert_eq!(
            Steiner::new(&wide).fewest_roads(&many),
            None,
            "3^12 × 160,000 is past the work allowed"
        );
    }
}
