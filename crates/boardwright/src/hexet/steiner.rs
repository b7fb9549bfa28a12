//! The fewest roads that join a city type's cities and the tower: a Steiner
//! tree on the map's cells, found exactly by Dreyfus–Wagner.
//!
//! A road joins two neighbouring cells that are not lakes; a river side is
//! crossed by a bridge, which is one road like any other, so every road
//! costs one. For terminals `T` (the type's cities and the tower), the
//! cheapest tree joining a set `S ⊆ T` and a cell `v`, `cost[S][v]`, is
//! the cheaper of: splitting `S` at `v` into two smaller sets joined there,
//! and reaching `v` from the best such tree at another cell (a breadth-first
//! pass in order of cost, since each road costs one). The tree for all of
//! `T` is the cost at any terminal. Time `3^k × cells + 2^k × cells` for `k`
//! terminals: a default map (432 cells, 4 terminals) takes microseconds;
//! past [`MOST_WORK`] the cost is not worked out.

use super::hex::{Cell, Grid, HexSide};
use super::map::{Map, Terrain};

/// The most `3^k × cells` worked through for one city type (about a
/// tenth of a second): larger maps, or more cities of a type, get no cost.
pub(crate) const MOST_WORK: u64 = 50_000_000;

/// A cost not reached yet.
const FAR: u32 = u32::MAX / 4;

/// The fewest roads that join the cells `terminals` on `map` (lakes closed,
/// rivers bridged), or `None` when some cannot be joined or the work would
/// pass [`MOST_WORK`].
pub(crate) fn fewest_roads(map: &Map, terminals: &[Cell]) -> Option<u32> {
    let grid = map.grid;
    let n = grid.len();
    let k = terminals.len();
    if k <= 1 {
        return Some(0);
    }
    let work = 3u64.checked_pow(k as u32)?.saturating_mul(n as u64);
    if k > 20 || work > MOST_WORK {
        return None;
    }
    let open = |c: Cell| map.terrain[c.index()] != Terrain::Lake;
    let neighbours = |c: Cell| {
        HexSide::ALL
            .into_iter()
            .filter_map(move |s| grid.neighbor(c, s))
            .filter(|&m| open(m))
    };
    let full = (1usize << k) - 1;
    let mut cost = vec![vec![FAR; n]; full + 1];
    for (i, &t) in terminals.iter().enumerate() {
        cost[1 << i][t.index()] = 0;
        spread(&mut cost[1 << i], grid, &neighbours);
    }
    for set in 1..=full {
        if set.count_ones() < 2 {
            continue;
        }
        // Splits of `set` into `part` (holding its lowest terminal) and the rest.
        let low = set & set.wrapping_neg();
        let mut here = vec![FAR; n];
        let mut part = (set - 1) & set;
        while part > 0 {
            if part & low != 0 {
                let (a, b) = (&cost[part], &cost[set ^ part]);
                for v in 0..n {
                    here[v] = here[v].min(a[v].saturating_add(b[v]));
                }
            }
            part = (part - 1) & set;
        }
        spread(&mut here, grid, &neighbours);
        cost[set] = here;
    }
    let best = cost[full][terminals[0].index()];
    (best < FAR).then_some(best)
}

/// Lowers each cell's cost to a neighbour's plus one road, in order of cost
/// (a bucket per cost: each road costs one).
fn spread<I: Iterator<Item = Cell>>(cost: &mut [u32], grid: Grid, neighbours: &impl Fn(Cell) -> I) {
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
        for m in neighbours(grid.cell(v as usize)) {
            if c + 1 < cost[m.index()] {
                cost[m.index()] = c + 1;
                queue.push_back((c + 1, m.index() as u32));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hexet::hex::SideMask;

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
            assert_eq!(
                fewest_roads(&map, &terminals),
                brute_force(&map, &terminals),
                "map {w}x{h}, lakes {lakes:?}, terminals {:?}",
                terminals.iter().map(|t| t.index()).collect::<Vec<_>>()
            );
            compared += 1;
        }
        assert!(compared > 60, "{compared}");
    }

    #[test]
    fn a_lake_between_closes_the_way_and_too_much_work_is_not_done() {
        // A 3 × 1 strip with a lake in the middle: the ends cannot be joined.
        let strip = map(3, 1, &[1]);
        let ends = [strip.grid.cell(0), strip.grid.cell(2)];
        assert_eq!(fewest_roads(&strip, &ends), None);
        let open = map(3, 1, &[]);
        assert_eq!(fewest_roads(&open, &ends), Some(2));
        assert_eq!(fewest_roads(&open, &ends[..1]), Some(0));
        let wide = map(400, 400, &[]);
        let many: Vec<Cell> = (0..12).map(|i| wide.grid.cell(i * 1000)).collect();
        assert_eq!(fewest_roads(&wide, &many), None, "3^12 × 160,000 is past the work allowed");
    }
}
