//! One player's roads and the networks they form, kept current as roads come
//! and go.
//!
//! Each cell keeps a 6-bit mask of the sides its roads leave by. A cell's
//! network is `find(label[cell])` in a union–find over labels; 0 means no
//! road. Adding a road unites two labels (O(α)). Removing one searches from
//! both ends at once, a step from each in turn: if the searches meet, nothing
//! changed; if one runs out first, the cells it saw are split off under a
//! fresh label. The cost follows the smaller side, and no other network is
//! touched.
//!
//! [`flood_fill`] is the original's relabelling of everything from the masks:
//! the reference the tests hold the incremental networks to.

use std::collections::VecDeque;

use super::hex::{Grid, opposite};

/// One player's road layer.
#[derive(Clone, Debug)]
pub struct Layer {
    grid: Grid,
    masks: Vec<u8>,
    label: Vec<u32>,
    parent: Vec<u32>,
    rank: Vec<u8>,
    /// Search marks: `seen[c] == stamp` (side A) or `stamp + 1` (side B).
    seen: Vec<u32>,
    stamp: u32,
    queues: [VecDeque<u32>; 2],
    found: [Vec<u32>; 2],
}

impl Layer {
    /// A layer with no roads.
    pub fn new(grid: Grid) -> Layer {
        Layer {
            grid,
            masks: vec![0; grid.len()],
            label: vec![0; grid.len()],
            parent: vec![0],
            rank: vec![0],
            seen: vec![0; grid.len()],
            stamp: 0,
            queues: [VecDeque::new(), VecDeque::new()],
            found: [Vec::new(), Vec::new()],
        }
    }

    /// The sides of cell `c` that have a road.
    pub fn mask(&self, c: usize) -> u8 {
        self.masks[c]
    }

    /// All masks, by cell.
    pub fn masks(&self) -> &[u8] {
        &self.masks
    }

    /// Whether a road leaves `c` by `side`.
    pub fn has_road(&self, c: usize, side: usize) -> bool {
        self.masks[c] & (1 << side) != 0
    }

    fn find(&mut self, mut l: u32) -> u32 {
        while self.parent[l as usize] != l {
            let grand = self.parent[self.parent[l as usize] as usize];
            self.parent[l as usize] = grand;
            l = grand;
        }
        l
    }

    fn fresh_label(&mut self) -> u32 {
        let l = self.parent.len() as u32;
        self.parent.push(l);
        self.rank.push(0);
        l
    }

    /// The network of cell `c` (0: no road). Ids are stable until a road is
    /// added or removed.
    pub fn network(&mut self, c: usize) -> u32 {
        match self.label[c] {
            0 => 0,
            l => self.find(l),
        }
    }

    /// Adds the road from `c` across `side` to `n` (the caller checked it is
    /// new and legal).
    pub fn add(&mut self, c: usize, side: usize, n: usize) {
        self.masks[c] |= 1 << side;
        self.masks[n] |= 1 << opposite(side);
        let (lc, ln) = (self.network(c), self.network(n));
        match (lc, ln) {
            (0, 0) => {
                let l = self.fresh_label();
                self.label[c] = l;
                self.label[n] = l;
            }
            (0, l) => self.label[c] = l,
            (l, 0) => self.label[n] = l,
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
            }
            _ => {}
        }
    }

    /// Removes the road from `c` across `side` to `n` (the caller checked it exists).
    pub fn remove(&mut self, c: usize, side: usize, n: usize) {
        self.masks[c] &= !(1 << side);
        self.masks[n] &= !(1 << opposite(side));
        let (c_alone, n_alone) = (self.masks[c] == 0, self.masks[n] == 0);
        if c_alone {
            self.label[c] = 0;
        }
        if n_alone {
            self.label[n] = 0;
        }
        if c_alone || n_alone {
            return; // a dead end went: the rest stays one network
        }
        if let Some(side_cells) = self.split_side(c, n) {
            let l = self.fresh_label();
            for cell in side_cells {
                self.label[cell as usize] = l;
            }
        }
    }

    /// Searches from `a` and `b` at once. `None` if they are still joined;
    /// otherwise the cells of the side whose search ran out first.
    fn split_side(&mut self, a: usize, b: usize) -> Option<Vec<u32>> {
        if self.stamp >= u32::MAX - 2 {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += 2;
        let marks = [self.stamp, self.stamp + 1];
        for (k, start) in [a, b].into_iter().enumerate() {
            self.queues[k].clear();
            self.found[k].clear();
            self.queues[k].push_back(start as u32);
            self.found[k].push(start as u32);
            self.seen[start] = marks[k];
        }
        loop {
            for k in 0..2 {
                let Some(cell) = self.queues[k].pop_front() else {
                    return Some(std::mem::take(&mut self.found[k]));
                };
                let cell = cell as usize;
                let mask = self.masks[cell];
                for side in 0..6 {
                    if mask & (1 << side) == 0 {
                        continue;
                    }
                    let Some(next) = self.grid.neighbor(cell, side) else { continue };
                    let mark = self.seen[next];
                    if mark == marks[1 - k] {
                        return None; // the searches met
                    }
                    if mark != marks[k] {
                        self.seen[next] = marks[k];
                        self.queues[k].push_back(next as u32);
                        self.found[k].push(next as u32);
                    }
                }
            }
        }
    }

    /// Every cell's network, renumbered 1, 2, … in order of each network's
    /// first cell (0: no road), so equal partitions give equal vectors.
    pub fn canonical(&mut self) -> Vec<u32> {
        let mut rename: std::collections::BTreeMap<u32, u32> = std::collections::BTreeMap::new();
        (0..self.masks.len())
            .map(|c| match self.network(c) {
                0 => 0,
                id => {
                    let next = rename.len() as u32 + 1;
                    *rename.entry(id).or_insert(next)
                }
            })
            .collect()
    }
}

/// The reference: every cell's network by flood fill over the masks, in the
/// same canonical numbering as [`Layer::canonical`].
pub fn flood_fill(grid: Grid, masks: &[u8]) -> Vec<u32> {
    let mut network = vec![0u32; masks.len()];
    let mut next = 0;
    let mut open = Vec::new();
    for start in 0..masks.len() {
        if masks[start] == 0 || network[start] != 0 {
            continue;
        }
        next += 1;
        network[start] = next;
        open.push(start);
        while let Some(cell) = open.pop() {
            for side in 0..6 {
                if masks[cell] & (1 << side) != 0
                    && let Some(n) = grid.neighbor(cell, side)
                    && network[n] == 0
                {
                    network[n] = next;
                    open.push(n);
                }
            }
        }
    }
    network
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Rng;

    #[test]
    fn random_adds_and_removals_match_the_flood_fill() {
        let mut rng = Rng::new(12, 12);
        for (w, h) in [(4, 3), (12, 9), (30, 20)] {
            let grid = Grid { width: w, height: h };
            let mut layer = Layer::new(grid);
            let mut roads: Vec<(usize, usize)> = Vec::new();
            for step in 0..6000 {
                let remove = !roads.is_empty() && rng.chance(0.45);
                if remove {
                    let (c, s) = roads.swap_remove(rng.index(roads.len()));
                    let n = grid.neighbor(c, s).unwrap();
                    layer.remove(c, s, n);
                } else {
                    let c = rng.index(grid.len());
                    let s = rng.index(6);
                    if let Some(n) = grid.neighbor(c, s)
                        && !layer.has_road(c, s)
                    {
                        layer.add(c, s, n);
                        roads.push((c, s));
                    }
                }
                assert_eq!(layer.canonical(), flood_fill(grid, layer.masks()), "{w}x{h}, step {step}");
            }
        }
    }
}
