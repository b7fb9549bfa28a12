//! One player's roads and the networks they form, kept current as roads come
//! and go.
//!
//! Each cell keeps a [`SideMask`] of the sides its roads leave by. A cell's
//! network is `find(label[cell])` in a union–find over labels; 0 means no
//! road. Adding a road unites two labels (union by rank, O(α) amortised).
//! Removing one searches from both ends at once, a step from each in turn:
//! if the searches meet, nothing changed; if one runs out first, the cells it
//! saw are split off under a fresh label. The cost follows the smaller side,
//! and no other network is touched.
//!
//! Reads take `&self`: a read's find walks up without shortening the path.
//! Union by rank bounds every path by the log of the number of labels, and
//! the finds of `add` halve the paths they walk and point the road's cells
//! straight at their root, so the paths reads meet stay short.
//!
//! The unit test holds the incremental networks to a flood fill over the
//! masks (the original's relabelling of everything) after every step.

use std::collections::VecDeque;

use super::hex::{Cell, Grid, HexSide, SideMask};

/// What a road did to its player's networks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetworkChange {
    /// A new network of the road's two cells (added).
    Created,
    /// A network gained a cell (added).
    Extended,
    /// Two networks became one (added).
    Merged,
    /// The road closed or opened a loop: every network keeps its cells.
    Unchanged,
    /// A network lost the cell at its dead end (removed).
    Trimmed,
    /// A network of two cells went away (removed).
    Removed,
    /// A network split in two (removed).
    Split,
}

/// One player's road layer.
#[derive(Clone, Debug)]
pub(crate) struct Layer {
    grid: Grid,
    masks: Vec<SideMask>,
    label: Vec<u32>,
    parent: Vec<u32>,
    rank: Vec<u8>,
    /// Search marks: `seen[c] == stamp` (side A) or `stamp + 1` (side B);
    /// empty until the first removal that searches.
    seen: Vec<u32>,
    stamp: u32,
    queues: [VecDeque<Cell>; 2],
    found: [Vec<Cell>; 2],
}

impl Layer {
    /// A layer with no roads.
    pub(crate) fn new(grid: Grid) -> Layer {
        Layer {
            grid,
            masks: vec![SideMask::EMPTY; grid.len()],
            label: vec![0; grid.len()],
            parent: vec![0],
            rank: vec![0],
            seen: Vec::new(),
            stamp: 0,
            queues: [VecDeque::new(), VecDeque::new()],
            found: [Vec::new(), Vec::new()],
        }
    }

    /// The sides of `cell` that have a road.
    pub(crate) fn mask(&self, cell: Cell) -> SideMask {
        self.masks[cell.index()]
    }

    /// Whether a road leaves `cell` by `side`.
    pub(crate) fn has_road(&self, cell: Cell, side: HexSide) -> bool {
        self.mask(cell).contains(side)
    }

    fn find(&self, mut l: u32) -> u32 {
        while self.parent[l as usize] != l {
            l = self.parent[l as usize];
        }
        l
    }

    /// The root label of `cell`'s network (0: no road), halving the path
    /// walked and pointing the cell at the root.
    fn root_mut(&mut self, cell: Cell) -> u32 {
        let mut l = self.label[cell.index()];
        while self.parent[l as usize] != l {
            let grand = self.parent[self.parent[l as usize] as usize];
            self.parent[l as usize] = grand;
            l = grand;
        }
        self.label[cell.index()] = l;
        l
    }

    fn fresh_label(&mut self) -> u32 {
        let l = self.parent.len() as u32;
        self.parent.push(l);
        self.rank.push(0);
        l
    }

    /// The network of `cell` (0: no road). Ids are stable until a road is
    /// added or removed.
    pub(crate) fn network(&self, cell: Cell) -> u32 {
        self.find(self.label[cell.index()])
    }

    /// Adds the road from `c` across `side` to `n` (the caller checked it is
    /// new and legal).
    pub(crate) fn add(&mut self, c: Cell, side: HexSide, n: Cell) -> NetworkChange {
        self.masks[c.index()] = self.masks[c.index()].with(side);
        self.masks[n.index()] = self.masks[n.index()].with(side.opposite());
        match (self.root_mut(c), self.root_mut(n)) {
            (0, 0) => {
                let l = self.fresh_label();
                self.label[c.index()] = l;
                self.label[n.index()] = l;
                NetworkChange::Created
            }
            (0, l) => {
                self.label[c.index()] = l;
                NetworkChange::Extended
            }
            (l, 0) => {
                self.label[n.index()] = l;
                NetworkChange::Extended
            }
            (a, b) if a != b => {
                // Union by rank keeps every find short.
                let (hi, lo) = if self.rank[a as usize] >= self.rank[b as usize] {
                    (a, b)
                } else {
                    (b, a)
                };
                self.parent[lo as usize] = hi;
                if self.rank[hi as usize] == self.rank[lo as usize] {
                    self.rank[hi as usize] += 1;
                }
                NetworkChange::Merged
            }
            _ => NetworkChange::Unchanged,
        }
    }

    /// Removes the road from `c` across `side` to `n` (the caller checked it exists).
    pub(crate) fn remove(&mut self, c: Cell, side: HexSide, n: Cell) -> NetworkChange {
        self.masks[c.index()] = self.masks[c.index()].without(side);
        self.masks[n.index()] = self.masks[n.index()].without(side.opposite());
        let (c_alone, n_alone) = (self.mask(c).is_empty(), self.mask(n).is_empty());
        if c_alone {
            self.label[c.index()] = 0;
        }
        if n_alone {
            self.label[n.index()] = 0;
        }
        // A dead end went: the rest stays one network.
        match (c_alone, n_alone) {
            (true, true) => return NetworkChange::Removed,
            (true, false) | (false, true) => return NetworkChange::Trimmed,
            (false, false) => {}
        }
        match self.split_side(c, n) {
            None => NetworkChange::Unchanged,
            Some(side_cells) => {
                let l = self.fresh_label();
                for cell in side_cells {
                    self.label[cell.index()] = l;
                }
                NetworkChange::Split
            }
        }
    }

    /// Searches from `a` and `b` at once. `None` if they are still joined;
    /// otherwise the cells of the side whose search ran out first.
    fn split_side(&mut self, a: Cell, b: Cell) -> Option<Vec<Cell>> {
        if self.seen.is_empty() || self.stamp >= u32::MAX - 2 {
            self.seen = vec![0; self.grid.len()];
            self.stamp = 0;
        }
        self.stamp += 2;
        let marks = [self.stamp, self.stamp + 1];
        for (k, start) in [a, b].into_iter().enumerate() {
            self.queues[k].clear();
            self.found[k].clear();
            self.queues[k].push_back(start);
            self.found[k].push(start);
            self.seen[start.index()] = marks[k];
        }
        loop {
            for k in 0..2 {
                let Some(cell) = self.queues[k].pop_front() else {
                    return Some(std::mem::take(&mut self.found[k]));
                };
                for side in self.mask(cell).iter() {
                    let Some(next) = self.grid.neighbor(cell, side) else { continue };
                    let mark = self.seen[next.index()];
                    if mark == marks[1 - k] {
                        return None; // the searches met
                    }
                    if mark != marks[k] {
                        self.seen[next.index()] = marks[k];
                        self.queues[k].push_back(next);
                        self.found[k].push(next);
                    }
                }
            }
        }
    }

    /// Every cell's network, renumbered 1, 2, … in order of each network's
    /// first cell (0: no road), so equal partitions give equal vectors.
    pub(crate) fn canonical(&self) -> Vec<u32> {
        let mut rename = vec![0u32; self.parent.len()];
        let mut count = 0;
        self.grid
            .cells()
            .map(|c| match self.network(c) {
                0 => 0,
                root => {
                    if rename[root as usize] == 0 {
                        count += 1;
                        rename[root as usize] = count;
                    }
                    rename[root as usize]
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Rng;

    /// The reference: every cell's network by flood fill over the masks, in
    /// the same canonical numbering as [`Layer::canonical`].
    fn flood_fill(grid: Grid, layer: &Layer) -> Vec<u32> {
        let mut network = vec![0u32; grid.len()];
        let mut next = 0;
        let mut open = Vec::new();
        for start in grid.cells() {
            if layer.mask(start).is_empty() || network[start.index()] != 0 {
                continue;
            }
            next += 1;
            network[start.index()] = next;
            open.push(start);
            while let Some(cell) = open.pop() {
                for side in HexSide::ALL {
                    if layer.has_road(cell, side)
                        && let Some(n) = grid.neighbor(cell, side)
                        && network[n.index()] == 0
                    {
                        network[n.index()] = next;
                        open.push(n);
                    }
                }
            }
        }
        network
    }

    /// The change a road made, told from the number of networks and of cells
    /// in them before and after.
    fn expected_change(before: &[u32], after: &[u32]) -> NetworkChange {
        let networks = |v: &[u32]| i64::from(v.iter().copied().max().unwrap_or(0));
        let cells = |v: &[u32]| v.iter().filter(|&&id| id != 0).count() as i64;
        match (networks(after) - networks(before), cells(after) - cells(before)) {
            (1, 2) => NetworkChange::Created,
            (0, 1) => NetworkChange::Extended,
            (-1, 0) => NetworkChange::Merged,
            (0, 0) => NetworkChange::Unchanged,
            (0, -1) => NetworkChange::Trimmed,
            (-1, -2) => NetworkChange::Removed,
            (1, 0) => NetworkChange::Split,
            other => panic!("no change explains {other:?}"),
        }
    }

    #[test]
    fn random_adds_and_removals_match_the_flood_fill() {
        let mut rng = Rng::new(12, 12);
        for (w, h) in [(4, 3), (12, 9), (30, 20)] {
            let grid = Grid { width: w, height: h };
            let mut layer = Layer::new(grid);
            let mut roads: Vec<(Cell, HexSide)> = Vec::new();
            let mut seen = [false; 7];
            let mut before = flood_fill(grid, &layer);
            for step in 0..6000 {
                let remove = !roads.is_empty() && rng.chance(0.45);
                let change = if remove {
                    let (c, s) = roads.swap_remove(rng.index(roads.len()));
                    layer.remove(c, s, grid.neighbor(c, s).unwrap())
                } else {
                    let c = grid.cell(rng.index(grid.len()));
                    let s = HexSide::ALL[rng.index(6)];
                    let Some(n) = grid.neighbor(c, s).filter(|_| !layer.has_road(c, s)) else {
                        continue;
                    };
                    roads.push((c, s));
                    layer.add(c, s, n)
                };
                let after = flood_fill(grid, &layer);
                assert_eq!(layer.canonical(), after, "{w}x{h}, step {step}");
                assert_eq!(change, expected_change(&before, &after), "{w}x{h}, step {step}");
                seen[change as usize] = true;
                before = after;
            }
            assert!(seen.iter().all(|&s| s), "{w}x{h}: some change never happened: {seen:?}");
        }
    }
}
