//! The static map: terrain, rivers along cell sides, lakes, cities spread
//! fairly, and the tower in the middle (this project's own design; the
//! original's was never published).
//!
//! 1. Terrain from fractal OpenSimplex2 noise (the `fastnoise-lite` crate)
//!    sampled at the cells' centres: smooth, the same in every direction, no
//!    lattice showing; the lowest `lake_share` of cells become lakes, the
//!    rest grassland, forest or hills by height.
//! 2. Rivers (`rivers`) run along cell sides, corner to corner, downhill
//!    from high ground until they reach a lake, the map's edge or an earlier
//!    river, never in a loop; one that reaches a hollow ends in a lake made
//!    there (so a map may have a few more lakes than `lake_share`).
//! 3. The tower takes the centre cell (never a lake). Cities are placed only
//!    on cells reachable from the tower without crossing a lake (bridges
//!    cross rivers, so only lakes block), at least `city_spacing` apart. Each
//!    type puts its k-th city in the k-th angular sector around the tower
//!    (sectors turned a little per type), so every type spreads over the map.
//! 4. With `fair_city_types`, the types are dealt out again among the cities
//!    of each sector ([`balance`]), so that joining one type's cities and
//!    the tower takes about as many roads as another's, counted exactly
//!    ([`steiner`]).

use std::collections::VecDeque;

use fastnoise_lite::{FastNoiseLite, FractalType, NoiseType};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::hex::{Cell, Grid, Hex, HexSide, SideMask};
use crate::seed::Rng;

mod balance;
mod rivers;
mod steiner;

/// What a cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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
    /// Each river's length in sides, in the order they were made.
    pub(crate) river_lengths: Vec<u32>,
    /// Cities as (cell, type), in placement order.
    pub(crate) cities: Vec<(Cell, u32)>,
    /// The tower's cell.
    pub(crate) tower: Cell,
    /// The fewest roads joining each city type's cities and the tower
    /// ([`Steiner`](steiner::Steiner)), by type; `None` where it was
    /// not worked out.
    pub(crate) type_roads: Vec<Option<u32>>,
    /// One tree of that many roads for each city type, as pairs of
    /// neighbouring cells; `None` as in `type_roads`.
    pub(crate) type_trees: Vec<Option<Vec<(Cell, Cell)>>>,
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
    /// Deal the types out by what joining them costs.
    pub(crate) fair_city_types: bool,
}

/// Builds a map, or says why this attempt could not place every city.
pub(crate) fn generate(spec: &MapSpec, rng: &mut Rng) -> Result<Map, String> {
    let grid = spec.grid;
    let heights = heights(grid, rng);
    let mut terrain = terrain(spec, &heights);
    let tower = grid
        .at(Hex::from_offset(grid.width as i32 / 2, grid.height as i32 / 2))
        .unwrap_or(grid.cell(0));
    terrain[tower.index()] = Terrain::Grassland;
    let mut drain = rivers::drainage(grid, &heights, &terrain);
    let (rivers, river_lengths) = rivers::rivers(grid, &mut drain, &heights, &mut terrain, tower, spec.rivers, rng);
    let placed = cities(spec, &terrain, tower, rng)?;
    let mut map = Map {
        grid,
        terrain,
        rivers,
        river_lengths,
        cities: placed,
        tower,
        type_roads: Vec::new(),
        type_trees: Vec::new(),
    };
    if !spec.fair_city_types {
        return Ok(with_trees(map, spec.city_types));
    }
    // The cities placed again, up to a few times, while the types' costs
    // still spread more than a little: the most even placement is kept.
    let mut best: Option<Dealt> = None;
    let mut budget = balance::MOST_WORK;
    for placing in 0..PLACINGS {
        if placing > 0 {
            // A placement with no room for every city ends the tries.
            let Ok(again) = cities(spec, &map.terrain, tower, rng) else { break };
            map.cities = again;
        }
        let Some(spread) = balance::deal_types(&mut map, spec.city_types, spec.cities_per_type, &mut budget) else {
            break;
        };
        if best.as_ref().is_none_or(|(b, _)| spread < *b) {
            best = Some((spread, map.cities.clone()));
        }
        if spread.0 <= EVEN_ENOUGH || budget == 0 {
            break;
        }
    }
    if let Some((_, cities)) = best {
        map.cities = cities;
    }
    Ok(with_trees(map, spec.city_types))
}

/// `map` with each of its `types` city types' cheapest tree and fewest roads.
fn with_trees(mut map: Map, types: u32) -> Map {
    map.type_trees = balance::type_trees(&map, types);
    map.type_roads = map.type_trees.iter().map(|t| t.as_ref().map(|roads| roads.len() as u32)).collect();
    map
}

/// A placement with its types dealt: its spread and its cities.
type Dealt = (balance::Spread, Vec<(Cell, u32)>);

/// Placements of the cities tried at most for even costs.
const PLACINGS: u32 = 4;
/// A spread of the types' costs, in roads, at which a placement is kept at once.
const EVEN_ENOUGH: u32 = 2;

/// Frequency of the terrain noise, per hex circumradius: hills and valleys
/// some nine cells across, whatever the map's size.
const NOISE_FREQUENCY: f32 = 0.06;
/// Octaves of the terrain noise.
const NOISE_OCTAVES: i32 = 3;

/// Every cell's height, in `[-1, 1]`: fractal OpenSimplex2 noise (FastNoise
/// Lite) at the cell's centre.
///
/// Determinism: the crate's 2D OpenSimplex2 and its fractal sum use only
/// `+ − × ÷`, float-to-integer casts and integer hashing (its `sqrt`,
/// `trunc` and `abs` serve cellular noise, ping-pong and warping, which we do
/// not use), so the heights are the same bits on every machine. The noise
/// seed comes from our stream, below 2^30: the fractal sum adds one to the
/// seed per octave, which must not overflow. Cells are computed in parallel,
/// each alone.
pub(crate) fn heights(grid: Grid, rng: &mut Rng) -> Vec<f32> {
    let mut noise = FastNoiseLite::with_seed((rng.next_u32() >> 2) as i32);
    noise.set_noise_type(Some(NoiseType::OpenSimplex2));
    noise.set_fractal_type(Some(FractalType::FBm));
    noise.set_fractal_octaves(Some(NOISE_OCTAVES));
    noise.set_frequency(Some(NOISE_FREQUENCY));
    (0..grid.len())
        .into_par_iter()
        .with_min_len(4096)
        .map(|i| {
            let (x, y) = grid.hex(grid.cell(i)).center(1.0);
            noise.get_noise_2d(x, y)
        })
        .collect()
}

/// Terrain by height rank: the lowest `lake_share` of cells are lakes, then
/// grassland, forest and hills.
fn terrain(spec: &MapSpec, heights: &[f32]) -> Vec<Terrain> {
    let grid = spec.grid;
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
    let (tx, ty) = grid.hex(tower).center(1.0);
    // Each cell's angle around the tower as a share of a turn, in [0, 1).
    let angle: Vec<f64> = grid
        .cells()
        .map(|c| {
            let (x, y) = grid.hex(c).center(1.0);
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
    let around = grid.hex(around);
    let (q, r) = (i64::from(around.q), i64::from(around.r));
    for nq in (q - reach).max(0)..=(q + reach).min(i64::from(grid.width) - 1) {
        // Within reach: |dq|, |dr| and |dq + dr| at most `reach`; on the map:
        // the column's rows.
        let top = -nq.div_euclid(2);
        let low = (r - reach).max(r - (nq - q) - reach).max(top);
        let high = (r + reach).min(r - (nq - q) + reach).min(top + i64::from(grid.height) - 1);
        for nr in low..=high {
            if let Some(c) = grid.at(Hex::new(nq as i32, nr as i32)) {
                free[c.index()] = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The costs a map keeps are each type's fewest roads worked out afresh
    /// on its final cities, dealt by cost or placed by sectors alone.
    #[test]
    fn a_map_keeps_its_types_exact_costs() {
        for fair in [true, false] {
            let params = crate::hexet::Params {
                fair_city_types: fair,
                ..Default::default()
            };
            for k in 0..12 {
                let seed = crate::Seed::new(&format!("kept-{k}"));
                let (map, _) = crate::hexet::generate_map(&params, &seed, None).unwrap();
                assert_eq!(map.type_roads.len(), params.city_types as usize);
                assert!(map.type_roads.iter().all(Option::is_some), "seed kept-{k}: {:?}", map.type_roads);
                let mut steiner = steiner::Steiner::new(&map);
                let afresh: Vec<Option<u32>> = (0..params.city_types)
                    .map(|t| steiner.fewest_roads(&balance::terminals(&map, t)))
                    .collect();
                assert_eq!(map.type_roads, afresh, "seed kept-{k}, fair {fair}");
            }
        }
    }

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
                            grid.hex(c).distance(grid.hex(around)) < spacing,
                            "{width}x{height}, {around:?}, {spacing}"
                        );
                    }
                }
            }
        }
    }
}
