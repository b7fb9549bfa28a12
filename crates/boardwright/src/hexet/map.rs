//! The static map: terrain, rivers along cell sides, lakes, cities spread
//! fairly, and the tower in the middle (this project's own design; the
//! original's was never published).
//!
//! 1. Terrain from value noise: random heights on a coarse lattice,
//!    interpolated per cell; the lowest `lake_share` of cells become lakes,
//!    the rest grassland, forest or hills by height.
//! 2. Rivers walk from vertex to vertex along cell sides, marking the side on
//!    both cells, until they reach the map's edge, a river or their length.
//! 3. The tower takes the centre cell (never a lake). Cities are placed only
//!    on cells reachable from the tower without crossing a lake (bridges
//!    cross rivers, so only lakes block), at least `city_spacing` apart. Each
//!    type puts its k-th city in the k-th angular sector around the tower
//!    (sectors turned a little per type), so every type spreads over the map.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::hex::{Cell, Grid, HexSide, SideMask};
use crate::seed::Rng;

/// What a cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    /// Open land.
    Grassland,
    /// Woods.
    Forest,
    /// High ground.
    Hills,
    /// Water: no road may enter.
    Lake,
}

/// The map's static facts.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Map {
    /// Shape.
    pub(crate) grid: Grid,
    /// Terrain by cell.
    pub(crate) terrain: Vec<Terrain>,
    /// River sides by cell.
    pub(crate) rivers: Vec<SideMask>,
    /// Cities as (cell, type), in placement order.
    pub(crate) cities: Vec<(Cell, u32)>,
    /// The tower's cell.
    pub(crate) tower: Cell,
}

/// What shapes a map.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MapSpec {
    /// Shape.
    pub(crate) grid: Grid,
    /// Share of cells that are lakes.
    pub(crate) lake_share: f64,
    /// Number of rivers.
    pub(crate) rivers: u32,
    /// City types.
    pub(crate) city_types: u32,
    /// Cities of each type.
    pub(crate) cities_per_type: u32,
    /// Smallest hex distance between two cities (and a city and the tower).
    pub(crate) city_spacing: u32,
}

/// Builds a map, or says why this attempt could not place every city.
pub(crate) fn generate(spec: &MapSpec, rng: &mut Rng) -> Result<Map, String> {
    let grid = spec.grid;
    let mut terrain = terrain(spec, rng);
    let tower = grid
        .at([
            grid.width as i32 / 2,
            grid.height as i32 / 2 - (grid.width as i32 / 2).div_euclid(2),
        ])
        .unwrap_or(grid.cell(0));
    terrain[tower.index()] = Terrain::Grassland;
    let rivers = rivers(grid, spec.rivers, rng);
    let cities = cities(spec, &terrain, tower, rng)?;
    Ok(Map {
        grid,
        terrain,
        rivers,
        cities,
        tower,
    })
}

fn terrain(spec: &MapSpec, rng: &mut Rng) -> Vec<Terrain> {
    let grid = spec.grid;
    const SPACING: f64 = 4.0;
    let (lw, lh) = (
        (f64::from(grid.width) * 1.5 / SPACING) as usize + 2,
        (f64::from(grid.height) * 1.8 / SPACING) as usize + 3,
    );
    let lattice: Vec<f64> = (0..lw * lh).map(|_| rng.unit()).collect();
    let at = |x: usize, y: usize| lattice[x.min(lw - 1) * lh + y.min(lh - 1)];
    let heights: Vec<f64> = grid
        .cells()
        .map(|c| {
            let (cx, cy) = grid.center(c);
            let (x, y) = (cx / SPACING, (cy + f64::from(grid.width)) / SPACING);
            let (x0, y0) = (x.max(0.0) as usize, y.max(0.0) as usize);
            let (fx, fy) = (x - x0 as f64, y - y0 as f64);
            let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
            let top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx;
            let bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx;
            top + (bottom - top) * sy
        })
        .collect();
    let mut order: Vec<usize> = (0..grid.len()).collect();
    order.sort_by(|&a, &b| heights[a].total_cmp(&heights[b]).then(a.cmp(&b)));
    let lakes = (spec.lake_share * grid.len() as f64) as usize;
    let mut terrain = vec![Terrain::Grassland; grid.len()];
    for (rank, &cell) in order.iter().enumerate() {
        let share = rank as f64 / grid.len() as f64;
        terrain[cell] = if rank < lakes {
            Terrain::Lake
        } else if share < 0.55 {
            Terrain::Grassland
        } else if share < 0.85 {
            Terrain::Forest
        } else {
            Terrain::Hills
        };
    }
    terrain
}

/// River sides, symmetric: a river on side `s` of a cell is on side `s + 3` of its neighbour.
fn rivers(grid: Grid, count: u32, rng: &mut Rng) -> Vec<SideMask> {
    let mut rivers = vec![SideMask::EMPTY; grid.len()];
    let longest = (grid.width.max(grid.height) as usize).max(4);
    for _ in 0..count {
        // A side, and the direction along it: clockwise means towards the
        // corner between sides `s` and `s + 1`.
        let (mut cell, mut side, mut clockwise) = (grid.cell(rng.index(grid.len())), HexSide::ALL[rng.index(6)], rng.chance(0.5));
        for _ in 0..rng.range_inclusive(longest as i64 / 2, longest as i64) {
            let Some(n) = grid.neighbor(cell, side) else { break };
            if rivers[cell.index()].contains(side) {
                break;
            }
            rivers[cell.index()] = rivers[cell.index()].with(side);
            rivers[n.index()] = rivers[n.index()].with(side.opposite());
            // At the corner ahead, either stay on this cell's next side or
            // take the side between the two neighbours meeting there.
            if rng.chance(0.5) {
                side = if clockwise { side.turned(1) } else { side.turned(5) };
            } else {
                (cell, side) = if clockwise { (n, side.turned(2)) } else { (n, side.turned(4)) };
                clockwise = !clockwise;
            }
        }
    }
    rivers
}

/// Cells reachable from `from` without entering a lake.
fn reachable(grid: Grid, terrain: &[Terrain], from: Cell) -> Vec<bool> {
    let mut seen = vec![false; grid.len()];
    let mut queue = VecDeque::from([from]);
    seen[from.index()] = true;
    while let Some(c) = queue.pop_front() {
        for s in HexSide::ALL {
            if let Some(n) = grid.neighbor(c, s)
                && !seen[n.index()]
                && terrain[n.index()] != Terrain::Lake
            {
                seen[n.index()] = true;
                queue.push_back(n);
            }
        }
    }
    seen
}

/// Places the cities type by type. A cell is a candidate while it is open
/// (reachable from the tower) and at least `city_spacing` from the tower and
/// every city placed so far: `free` keeps that, updated around each city
/// placed. Each type sorts the free cells into its sectors once, so an attempt
/// costs O(cells × types + cities × spacing²).
fn cities(spec: &MapSpec, terrain: &[Terrain], tower: Cell, rng: &mut Rng) -> Result<Vec<(Cell, u32)>, String> {
    let grid = spec.grid;
    let mut free = reachable(grid, terrain, tower);
    claim(grid, tower, spec.city_spacing, &mut free);
    let (tx, ty) = grid.center(tower);
    // Each cell's angle around the tower as a share of a turn, in [0, 1).
    let angle: Vec<f64> = grid
        .cells()
        .map(|c| {
            let (x, y) = grid.center(c);
            crate::geom::pseudo_angle(x - tx, y - ty) / 4.0
        })
        .collect();
    let sectors = spec.cities_per_type.max(1);
    let mut placed: Vec<(Cell, u32)> = Vec::new();
    for t in 0..spec.city_types {
        let turn = f64::from(t) / f64::from(spec.city_types.max(1) * sectors);
        // The free cells of each sector, in cell order.
        let mut by_sector: Vec<Vec<Cell>> = vec![Vec::new(); sectors as usize];
        for c in grid.cells().filter(|c| free[c.index()]) {
            let sector = (((angle[c.index()] + turn).fract() * f64::from(sectors)) as u32).min(sectors - 1);
            by_sector[sector as usize].push(c);
        }
        for (k, sector) in by_sector.iter().enumerate().take(spec.cities_per_type as usize) {
            let mut candidates: Vec<Cell> = sector.iter().copied().filter(|c| free[c.index()]).collect();
            if candidates.is_empty() {
                candidates = grid.cells().filter(|c| free[c.index()]).collect();
            }
            if candidates.is_empty() {
                return Err(format!("no room for city {} of type {}", k + 1, t + 1));
            }
            let city = candidates[rng.index(candidates.len())];
            claim(grid, city, spec.city_spacing, &mut free);
            placed.push((city, t));
        }
    }
    Ok(placed)
}

/// Marks every cell closer than `spacing` to `around` as taken: the hex of
/// radius `spacing − 1` around it, clipped to the map.
fn claim(grid: Grid, around: Cell, spacing: u32, free: &mut [bool]) {
    let reach = i64::from(spacing) - 1;
    let [q, r] = grid.axial(around).map(i64::from);
    for nq in (q - reach).max(0)..=(q + reach).min(i64::from(grid.width) - 1) {
        // Within reach: |dq|, |dr| and |dq + dr| at most `reach`; on the map:
        // the column's rows.
        let top = -nq.div_euclid(2);
        let low = (r - reach).max(r - (nq - q) - reach).max(top);
        let high = (r + reach).min(r - (nq - q) + reach).min(top + i64::from(grid.height) - 1);
        for nr in low..=high {
            if let Some(c) = grid.at([nq as i32, nr as i32]) {
                free[c.index()] = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_takes_exactly_the_cells_closer_than_the_spacing() {
        for (width, height) in [(4, 4), (7, 5), (24, 18)] {
            let grid = Grid { width, height };
            for around in grid.cells() {
                for spacing in [0, 1, 2, 3, 7, 60] {
                    let mut free = vec![true; grid.len()];
                    claim(grid, around, spacing, &mut free);
                    for c in grid.cells() {
                        assert_eq!(
                            !free[c.index()],
                            grid.distance(c, around) < spacing,
                            "{width}x{height}, {around:?}, {spacing}"
                        );
                    }
                }
            }
        }
    }
}
