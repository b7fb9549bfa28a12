//! The result of hexet, the JSON contract: the map (cells, cities, the
//! tower), roads, networks, scores and the metrics, and the result of a map
//! with no roads.

use serde::{Deserialize, Serialize};

use super::Params;
use super::hex::{DIRECTIONS, Hex, SideMask};
use super::map::{Map, Terrain};
use crate::Header;
use crate::seed::Seed;

/// A player's score and its parts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Score {
    /// The player.
    pub player: u32,
    /// Total: the sum of the three parts.
    pub score: u32,
    /// Points for groups of cities of one type: for each city type, the
    /// player's largest group of cities of that type in one network scores
    /// the `type_points` parameter per city, when it holds 2 or more.
    pub type_points: u32,
    /// Points for reaching the tower: the `tower_points` parameter per city
    /// in a network of the player's that reaches the tower.
    pub tower_points: u32,
    /// Points for whole types: the `completion_points` parameter for each
    /// city type whose cities are all in the player's network that reaches
    /// the tower.
    pub completion_points: u32,
}

/// A cell of the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CellOut {
    /// Axial column.
    pub q: i32,
    /// Axial row.
    pub r: i32,
    /// Terrain. No road may enter a lake.
    pub terrain: Terrain,
    /// The sides a river runs along, written as a 6-bit number: bit `s`
    /// (value `2^s`) is set when a river runs along side `s`. A river side
    /// shows on both cells it separates.
    pub rivers: SideMask,
}

impl CellOut {
    /// The cell's position.
    pub fn hex(&self) -> Hex {
        Hex::new(self.q, self.r)
    }
}

/// A city of the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct City {
    /// Index in `cities`.
    pub id: u32,
    /// Axial column.
    pub q: i32,
    /// Axial row.
    pub r: i32,
    /// City type, from 0 to `city_types − 1` (its colour and shape).
    #[serde(rename = "type")]
    pub city_type: u32,
}

impl City {
    /// The city's cell.
    pub fn hex(&self) -> Hex {
        Hex::new(self.q, self.r)
    }
}

/// Road kinds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RoadType {
    /// An ordinary road.
    #[default]
    Normal,
    /// A road across a river: the only road a river lets through, and
    /// only where a river lies between its cells.
    Bridge,
}

/// A road of the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Road {
    /// Owner, from 0.
    pub player: u32,
    /// One end, `[q, r]`: the end the road leaves by a side numbered 0, 1
    /// or 2.
    pub from: Hex,
    /// The other end, `[q, r]`, a neighbour of `from`.
    pub to: Hex,
    /// Normal or bridge. A bridge crosses a river: a road between two cells
    /// separated by a river must be a bridge, and a bridge must cross one.
    #[serde(rename = "type")]
    pub road_type: RoadType,
}

/// A network of the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct NetworkOut {
    /// Owner.
    pub player: u32,
    /// Id among that player's networks, from 1, in the order of each
    /// network's first cell (cells in storage order: by `q`, then `r`).
    pub id: u32,
    /// Its cells, `[q, r]` each.
    pub cells: Vec<Hex>,
    /// Ids of the cities on its cells.
    pub cities: Vec<u32>,
    /// Whether it reaches the tower.
    pub tower: bool,
}

crate::metrics::declare! {
    /// Facts about the map.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    pub struct Metrics {
        /// Cells on the map, lakes included.
        cells: u32 => "Cells", "cells";
        /// Lake cells.
        lakes: u32 => "Lake cells", "cells";
        /// Lake cells over all cells.
        lakes_share: f64 => "Share of lake cells", "share 0–1";
        /// Cell sides with a river (each counted once).
        river_sides: u32 => "River sides", "cell sides";
        /// Each river's length in cell sides, in the order they were made (a
        /// river that joins another ends where it meets it).
        river_lengths: Vec<u32> => "River lengths", "cell sides";
        /// Cities on the map.
        cities: u32 => "Cities", "cities";
        /// Per city type (by type number), the farthest of its cities from the
        /// tower minus the nearest, in steps between cells: how unequal the
        /// type's cities are to link to the tower.
        tower_distance_spread: Vec<u32> => "Spread of tower distance per city type", "steps";
        /// Per city type (by type number), the fewest roads that join all its
        /// cities and the tower (lakes closed, a river crossed by a bridge,
        /// one road like any), found exactly; null where they cannot be
        /// joined or the map is too large to work it out.
        city_type_roads: Vec<Option<u32>> => "Fewest roads joining each city type", "roads";
        /// The most minus the fewest of `city_type_roads`: how much more one
        /// type costs everyone than another (null when one is unknown).
        city_type_road_spread: Option<u32> => "Spread of roads per city type", "roads";
        /// Roads after the log.
        roads: u32 => "Roads", "roads";
        /// Map attempts used.
        attempts: u32 => "Attempts", "attempts";
    }
}

/// A hexet map with roads, networks and scores: the JSON contract.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Board {
    /// `generator` (always `"hexet"`), `seed`, `version`, `params`.
    #[serde(flatten)]
    pub header: Header<Params>,
    /// Facts about the map.
    pub metrics: Metrics,
    /// Columns.
    pub width: u32,
    /// Cells per column.
    pub height: u32,
    /// The axial offset `[dq, dr]` of the neighbour across each side, by
    /// side number: always `[[0,1],[-1,1],[-1,0],[0,-1],[1,-1],[1,0]]`.
    pub directions: [[i32; 2]; 6],
    /// Every cell of the map, column by column (by `q`, then `r`):
    /// `width × height` cells.
    pub cells: Vec<CellOut>,
    /// The cities, in id order: `cities[k].id == k`.
    pub cities: Vec<City>,
    /// The tower's cell, `[q, r]`.
    pub tower: Hex,
    /// Every road after the road log; empty without one.
    pub roads: Vec<Road>,
    /// Every player's road networks; empty without roads.
    pub networks: Vec<NetworkOut>,
    /// Every player's score, one per player, in player order (all 0 without
    /// roads).
    pub scores: Vec<Score>,
    /// Per city type (by type number), one cheapest way to join all its
    /// cities and the tower: `metrics.city_type_roads` roads, each a pair of
    /// neighbouring cells `[[q, r], [q, r]]` (a bridge where a river runs
    /// between them); null where that count is. Other trees may cost the
    /// same.
    pub city_type_trees: Vec<Option<Vec<[Hex; 2]>>>,
}

impl Board {
    /// The map's cell at `hex`, or `None` off the map.
    ///
    /// ```
    /// use boardwright::{Generator, Seed, hexet::{self, Hexet}};
    ///
    /// let board = Hexet::generate(&hexet::Params::default(), &Seed::new("Tiamo")).unwrap();
    /// let tower = board.cell(board.tower).unwrap();
    /// assert_eq!(tower.hex(), board.tower);
    /// assert!(board.cell(hexet::Hex::new(-5, -5)).is_none());
    /// ```
    pub fn cell(&self, hex: Hex) -> Option<&CellOut> {
        let (column, row) = hex.to_offset();
        let (column, row) = (u32::try_from(column).ok()?, u32::try_from(row).ok()?);
        if column >= self.width || row >= self.height {
            return None;
        }
        self.cells.get((column * self.height + row) as usize)
    }
}

/// The result for `map`, made on `attempts` attempts, with no roads.
pub(super) fn map_board(params: &Params, seed: &Seed, map: &Map, attempts: u32) -> Board {
    let grid = map.grid;
    let cells = grid
        .cells()
        .map(|c| {
            let Hex { q, r } = grid.hex(c);
            CellOut {
                q,
                r,
                terrain: map.terrain[c.index()],
                rivers: map.rivers[c.index()],
            }
        })
        .collect();
    let cities: Vec<City> = map
        .cities
        .iter()
        .enumerate()
        .map(|(id, &(c, t))| {
            let Hex { q, r } = grid.hex(c);
            City {
                id: id as u32,
                q,
                r,
                city_type: t,
            }
        })
        .collect();
    let lakes = map.terrain.iter().filter(|&&t| t == Terrain::Lake).count() as u32;
    let mut nearest_farthest = vec![(u32::MAX, 0u32); params.city_types as usize];
    let tower = grid.hex(map.tower);
    for &(c, t) in &map.cities {
        let d = grid.hex(c).distance(tower);
        let (near, far) = &mut nearest_farthest[t as usize];
        (*near, *far) = ((*near).min(d), (*far).max(d));
    }
    let city_type_roads = map.type_roads.clone();
    let known: Option<Vec<u32>> = city_type_roads.iter().copied().collect();
    let city_type_road_spread = known.and_then(|k| Some(k.iter().max()? - k.iter().min()?));
    let metrics = Metrics {
        cells: grid.len() as u32,
        lakes,
        lakes_share: f64::from(lakes) / grid.len() as f64,
        tower_distance_spread: nearest_farthest.iter().map(|&(near, far)| far.saturating_sub(near)).collect(),
        city_type_roads,
        city_type_road_spread,
        river_sides: map.rivers.iter().map(|m| m.count()).sum::<u32>() / 2,
        river_lengths: map.river_lengths.clone(),
        cities: map.cities.len() as u32,
        roads: 0,
        attempts,
    };
    Board {
        header: Header::new("hexet", seed, params.clone()),
        metrics,
        width: grid.width,
        height: grid.height,
        directions: DIRECTIONS,
        cells,
        tower,
        cities,
        roads: Vec::new(),
        networks: Vec::new(),
        scores: (0..params.players)
            .map(|player| Score {
                player,
                ..Score::default()
            })
            .collect(),
        city_type_trees: map
            .type_trees
            .iter()
            .map(|tree| {
                tree.as_ref()
                    .map(|roads| roads.iter().map(|&(a, b)| [grid.hex(a), grid.hex(b)]).collect())
            })
            .collect(),
    }
}
