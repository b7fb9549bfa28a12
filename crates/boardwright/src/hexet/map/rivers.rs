//! Rivers along cell sides that run downhill from high ground and end in a
//! lake or at the map's edge, never in a loop.
//!
//! The cells' corners are a river's vertices and the cells' sides its
//! edges; a corner's height is the mean of the cells' heights round it.
//!
//! 1. Outlets: corners on the map's edge (fewer than three cells round them)
//!    and corners touching a lake.
//! 2. Every corner drains to its lowest neighbouring corner, if that is
//!    lower (ties broken by id, so "lower" is a strict order): walking
//!    downstream never climbs and never comes back.
//! 3. Each river starts at a corner in the highest quarter (of a few drawn,
//!    the one with the longest walk) and follows the drainage until it
//!    reaches an outlet or joins an earlier river. A river that reaches a
//!    hollow (a corner with no lower neighbour) ends in a lake made there:
//!    the lowest cell round the hollow (never the tower) becomes one.
//!
//! # Complexity
//! O(c) to build the c corners (about twice the cells) and O(length) per
//! candidate source walked.

use super::super::hex::{Cell, Grid, Hex, HexSide, SideMask};
use super::Terrain;
use crate::seed::Rng;

/// No corner.
const NONE: u32 = u32::MAX;
/// Sources drawn per river, the longest walk kept.
const DRAWS: usize = 8;

/// Where water goes: every corner's height and the corner it drains to.
pub(crate) struct Drainage {
    /// Mean height of the cells round each corner (unused ids: 0).
    pub(crate) height: Vec<f64>,
    /// Cells round each corner (0: not a corner of the map).
    cells: Vec<u8>,
    /// Whether the corner is an outlet (map edge or lake).
    pub(crate) outlet: Vec<bool>,
    /// The lower corner each drains to ([`NONE`] where none is lower).
    pub(crate) parent: Vec<u32>,
    /// Per corner up to three `(neighbour corner, cell × 6 + side)` links
    /// along cell sides ([`NONE`] where there are fewer).
    links: Vec<[(u32, u32); 3]>,
    /// Per corner the cells round it.
    round: Vec<[u32; 3]>,
}

/// The id of a corner: corner `k` (0: east, 1: south-east) of the cell at
/// `hex`, which may lie one step off the map.
fn corner_id(grid: Grid, hex: Hex, k: usize) -> usize {
    let (column, row) = hex.to_offset();
    let e = (column + 1) as usize * (grid.height as usize + 2) + (row + 1) as usize;
    2 * e + k
}

/// The id of the corner of the cell at `hex` between its sides `j` and
/// `j + 1` (0 south-west, 1 west, 2 north-west, 3 north-east, 4 east, 5
/// south-east), each an east or south-east corner of it or of the neighbour
/// across side 1, 2 or 3. Side `s` runs from corner `s − 1` to corner `s`.
pub(crate) fn corner_of(grid: Grid, hex: Hex, j: usize) -> usize {
    let across = |side: usize| hex.neighbor(HexSide::ALL[side]);
    match j {
        0 => corner_id(grid, across(1), 0),
        1 => corner_id(grid, across(2), 1),
        2 => corner_id(grid, across(2), 0),
        3 => corner_id(grid, across(3), 1),
        4 => corner_id(grid, hex, 0),
        _ => corner_id(grid, hex, 1),
    }
}

/// The two corners side `s` of the cell at `hex` joins.
pub(crate) fn side_corners(grid: Grid, hex: Hex, s: HexSide) -> (usize, usize) {
    let s = usize::from(s.number());
    (corner_of(grid, hex, (s + 5) % 6), corner_of(grid, hex, s))
}

/// Corner heights, outlets and where each corner drains.
pub(crate) fn drainage(grid: Grid, heights: &[f32], terrain: &[Terrain]) -> Drainage {
    let n = 2 * (grid.width as usize + 2) * (grid.height as usize + 2);
    let mut sum = vec![0.0f64; n];
    let mut cells = vec![0u8; n];
    let mut lake = vec![false; n];
    let mut links = vec![[(NONE, NONE); 3]; n];
    let mut round = vec![[NONE; 3]; n];
    let link = |links: &mut Vec<[(u32, u32); 3]>, a: usize, b: usize, mark: u32| {
        if let Some(slot) = links[a].iter_mut().find(|l| l.0 == NONE) {
            *slot = (b as u32, mark);
        }
    };
    for c in grid.cells() {
        let hex = grid.hex(c);
        for j in 0..6 {
            let v = corner_of(grid, hex, j);
            sum[v] += f64::from(heights[c.index()]);
            round[v][usize::from(cells[v])] = c.index() as u32;
            cells[v] += 1;
            lake[v] |= terrain[c.index()] == Terrain::Lake;
        }
        for s in HexSide::ALL {
            // A side between two cells is linked once, from the lower index.
            if grid.neighbor(c, s).is_some_and(|nb| nb < c) {
                continue;
            }
            let (a, b) = side_corners(grid, hex, s);
            let mark = (c.index() * 6 + usize::from(s.number())) as u32;
            link(&mut links, a, b, mark);
            link(&mut links, b, a, mark);
        }
    }
    let height: Vec<f64> = sum
        .iter()
        .zip(&cells)
        .map(|(&s, &k)| if k == 0 { 0.0 } else { s / f64::from(k) })
        .collect();
    let outlet: Vec<bool> = (0..n).map(|v| (1..3).contains(&cells[v]) || (cells[v] > 0 && lake[v])).collect();
    let lower = |a: usize, b: usize| height[a].total_cmp(&height[b]).then(a.cmp(&b)).is_lt();
    let parent = (0..n)
        .map(|v| {
            let mut best = v;
            for &(u, _) in &links[v] {
                if u != NONE && lower(u as usize, best) {
                    best = u as usize;
                }
            }
            if best == v { NONE } else { best as u32 }
        })
        .collect();
    Drainage {
        height,
        cells,
        outlet,
        parent,
        links,
        round,
    }
}

impl Drainage {
    /// Steps from `v` downstream to an outlet, a hollow or a corner `on_river`.
    fn walk(&self, mut v: usize, on_river: &[bool]) -> u32 {
        let mut steps = 0;
        loop {
            let stops = self.outlet[v] || (steps > 0 && on_river[v]) || self.parent[v] == NONE;
            if stops {
                break;
            }
            v = self.parent[v] as usize;
            steps += 1;
        }
        steps
    }
}

/// `count` rivers on the drainage: the river masks by cell and each river's
/// length in sides, in the order they were made. A river ending in a hollow
/// turns the lowest cell there (never `keep`) into a lake.
pub(crate) fn rivers(
    grid: Grid,
    drain: &mut Drainage,
    heights: &[f32],
    terrain: &mut [Terrain],
    keep: Cell,
    count: u32,
    rng: &mut Rng,
) -> (Vec<SideMask>, Vec<u32>) {
    let mut masks = vec![SideMask::EMPTY; grid.len()];
    let mut lengths = Vec::new();
    let n = drain.height.len();
    let mut sources: Vec<usize> = (0..n).filter(|&v| drain.cells[v] == 3 && !drain.outlet[v]).collect();
    sources.sort_by(|&a, &b| drain.height[b].total_cmp(&drain.height[a]).then(a.cmp(&b)));
    sources.truncate(sources.len().div_ceil(4));
    let mut on_river = vec![false; n];
    for _ in 0..count {
        let mut best: Option<(u32, usize)> = None;
        for _ in 0..DRAWS {
            let Some(&v) = sources.get(rng.index(sources.len().max(1))) else {
                break;
            };
            if on_river[v] || drain.outlet[v] {
                continue;
            }
            let steps = drain.walk(v, &on_river);
            if steps > 0 && best.is_none_or(|(most, _)| steps > most) {
                best = Some((steps, v));
            }
        }
        let Some((_, mut v)) = best else { continue };
        let mut length = 0;
        on_river[v] = true;
        while !drain.outlet[v] {
            let p = drain.parent[v];
            if p == NONE {
                // A hollow: the river ends in a lake made here.
                let cell = drain.round[v]
                    .into_iter()
                    .filter(|&c| c != NONE && c as usize != keep.index())
                    .min_by(|&a, &b| heights[a as usize].total_cmp(&heights[b as usize]).then(a.cmp(&b)));
                if let Some(c) = cell {
                    terrain[c as usize] = Terrain::Lake;
                    for j in 0..6 {
                        drain.outlet[corner_of(grid, grid.hex(grid.cell(c as usize)), j)] = true;
                    }
                }
                break;
            }
            let p = p as usize;
            let &(_, mark) = drain.links[v]
                .iter()
                .find(|l| l.0 as usize == p)
                .expect("a corner links to the corner it drains to");
            let (c, s) = (grid.cell(mark as usize / 6), HexSide::ALL[mark as usize % 6]);
            masks[c.index()] = masks[c.index()].with(s);
            if let Some(nb) = grid.neighbor(c, s) {
                masks[nb.index()] = masks[nb.index()].with(s.opposite());
            }
            length += 1;
            let joins = on_river[p];
            on_river[p] = true;
            v = p;
            if joins {
                break;
            }
        }
        lengths.push(length);
    }
    (masks, lengths)
}

#[cfg(test)]
mod tests {
    use super::super::{MapSpec, heights, terrain};
    use super::*;
    use crate::seed::Seed;

    /// Over 200 maps: every river side joins a corner to the lower corner it
    /// drains to, and every river's last corner is an outlet.
    #[test]
    fn rivers_run_downhill_to_an_outlet() {
        for i in 0..200 {
            let grid = Grid {
                width: 10 + i % 30,
                height: 8 + (i * 7) % 25,
            };
            let spec = MapSpec {
                grid,
                lake_share: [0.0, 0.06, 0.2][i as usize % 3],
                rivers: 1 + i % 8,
                city_types: 1,
                cities_per_type: 1,
                city_spacing: 1,
                fair_city_types: false,
            };
            let mut rng = Seed::new(&format!("downhill-{i}")).stream("map", 0);
            let h = heights(grid, &mut rng);
            let mut t = terrain(&spec, &h);
            let mut drain = drainage(grid, &h, &t);
            let (masks, lengths) = rivers(grid, &mut drain, &h, &mut t, grid.cell(0), spec.rivers, &mut rng);
            assert!(!lengths.is_empty() && lengths.iter().all(|&l| l > 0), "map {i}: {lengths:?}");
            let mut degree = vec![0u32; drain.height.len()];
            for c in grid.cells() {
                for s in masks[c.index()].iter() {
                    let (a, b) = side_corners(grid, grid.hex(c), s);
                    let (from, to) = if drain.parent[a] == b as u32 { (a, b) } else { (b, a) };
                    assert_eq!(drain.parent[from], to as u32, "map {i}: a river side against the flow");
                    assert!(drain.height[from] >= drain.height[to], "map {i}: a river climbs");
                    degree[from] += 1;
                }
            }
            // Each river side is seen from both its cells (none lies on the edge).
            for (v, &d) in degree.iter().enumerate() {
                assert!(d == 0 || d == 2, "map {i}: corner {v} drains along {d} half-sides");
            }
        }
    }

    /// The heights vary alike in every direction and every column: the
    /// mean squared difference between neighbours across each of the three
    /// axes, and the height variance of even and odd columns, agree.
    #[test]
    fn terrain_noise_has_no_direction_or_column_artefacts() {
        let grid = Grid { width: 60, height: 50 };
        let (mut axes, mut columns) = ([0.0f64; 3], [0.0f64; 2]);
        let mut counts = ([0u32; 3], [0u32; 2]);
        for i in 0..40 {
            let h = heights(grid, &mut Seed::new(&format!("noise-{i}")).stream("map", 0));
            let mean = h.iter().map(|&x| f64::from(x)).sum::<f64>() / h.len() as f64;
            for c in grid.cells() {
                let x = f64::from(h[c.index()]);
                let q = grid.hex(c).q as usize;
                columns[q % 2] += (x - mean) * (x - mean);
                counts.1[q % 2] += 1;
                for (k, s) in [0u8, 4, 5].into_iter().enumerate() {
                    if let Some(n) = grid.neighbor(c, HexSide::new(s).unwrap()) {
                        axes[k] += (x - f64::from(h[n.index()])).powi(2);
                        counts.0[k] += 1;
                    }
                }
            }
        }
        let axes: Vec<f64> = (0..3).map(|k| axes[k] / f64::from(counts.0[k])).collect();
        let columns: Vec<f64> = (0..2).map(|k| columns[k] / f64::from(counts.1[k])).collect();
        let spread = |v: &[f64]| v.iter().copied().fold(f64::MIN, f64::max) / v.iter().copied().fold(f64::MAX, f64::min);
        assert!(spread(&axes) < 1.1, "neighbour differences by axis: {axes:?}");
        assert!(spread(&columns) < 1.1, "variance of even and odd columns: {columns:?}");
        // Smooth: neighbours differ far less than cells do overall.
        assert!(axes[0] < 0.35 * 2.0 * columns[0], "{axes:?} against {columns:?}");
    }
}
