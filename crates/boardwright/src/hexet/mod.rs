//! Hexet: hex maps with cities and a tower, players' road networks tracked
//! as each road is placed or removed, and scores.
//!
//! [`Game`] is the way to play: made from [`Params`] and a [`Seed`], it takes
//! one road at a time ([`Game::apply`], which checks the road against the map
//! and the player's roads) and reads the networks, scores and the whole
//! result ([`Board`], the JSON contract) through `&self`. [`replay`] applies a
//! road log; [`generate_with_log`] does it all from parameters.
//!
//! Inside: `hex` (axial coordinates: [`Hex`], [`HexSide`], [`SideMask`],
//! the map's shape), `map` (terrain, rivers, lakes, cities, tower), `network` (one
//! player's roads and networks, incremental both ways), `draw`.
//!
//! ```
//! use boardwright::hexet::{Action, Game, Hex, HexSide, NetworkChange, Params, RoadEntry, RoadType, Terrain};
//! use boardwright::Seed;
//!
//! let mut game = Game::new(&Params::default(), &Seed::new("docs")).unwrap();
//! // The map alone: cells (terrain, rivers), cities, the tower.
//! let map = game.map_board();
//! let cell = |at: Hex| map.cells.iter().find(|c| c.hex() == at);
//!
//! // A road out of the tower to a neighbour that is no lake; a bridge if a
//! // river runs along that side.
//! let from = map.tower;
//! let side = HexSide::ALL
//!     .into_iter()
//!     .find(|&s| cell(from.neighbor(s)).is_some_and(|c| c.terrain != Terrain::Lake))
//!     .unwrap();
//! let bridge = cell(from).unwrap().rivers.contains(side);
//! let road_type = if bridge { RoadType::Bridge } else { RoadType::Normal };
//! let road = RoadEntry::new(0, from, from.neighbor(side), road_type, Action::Add);
//! assert_eq!(game.apply(&road), Ok(NetworkChange::Created));
//! assert!(game.networks().iter().any(|n| n.player == 0 && n.tower && n.cells.len() == 2));
//!
//! // The same road twice is refused, and the game is unchanged.
//! assert!(game.apply(&road).is_err());
//! let board = game.board();
//! assert_eq!(board.roads.len(), 1);
//! assert_eq!(board.scores, game.scores());
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::params::{Allowed, ParamError, ParamInfo, Params as ParamsTrait, info};
use crate::seed::Seed;
use crate::{DrawOptions, Error, GenerateError, Generator, Header, Watch};

mod draw;
mod hex;
mod map;
mod network;

pub use draw::{MAX_DRAWN_CELLS, draw};
pub use hex::{Hex, HexSide, SideMask, SideMaskIter};
pub use map::Terrain;
pub use network::NetworkChange;

use hex::{Cell, DIRECTIONS, Grid};
use map::{Map, MapSpec};
use network::Layer;

/// Parameters of a hexet map and its scoring.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Columns of cells.
    pub width: u32,
    /// Cells per column.
    pub height: u32,
    /// Players (road layers).
    pub players: u32,
    /// City types.
    pub city_types: u32,
    /// Cities of each type.
    pub cities_per_type: u32,
    /// Smallest hex distance between cities (and from the tower).
    pub city_spacing: u32,
    /// Share of cells that are lakes.
    pub lake_share: f64,
    /// Number of rivers.
    pub rivers: u32,
    /// Points per city in a player's largest group of one type (2 or more).
    pub type_points: u32,
    /// Points per city in a network that reaches the tower.
    pub tower_points: u32,
    /// Points for a type whose every city reaches the tower.
    pub completion_points: u32,
    /// Map attempts before giving up.
    pub max_attempts: u32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            width: 24,
            height: 18,
            players: 2,
            city_types: 4,
            cities_per_type: 3,
            city_spacing: 3,
            lake_share: 0.06,
            rivers: 3,
            type_points: 3,
            tower_points: 1,
            completion_points: 5,
            max_attempts: 50,
        }
    }
}

/// Largest width or height accepted.
pub const MAX_SIDE: u32 = 4000;

impl ParamsTrait for Params {
    const INFO: &'static [ParamInfo] = &[
        info(
            "width",
            "columns of hex cells (work and output grow with width x height)",
            Allowed::Int {
                min: 4,
                max: MAX_SIDE as i64,
            },
        ),
        info(
            "height",
            "cells per column (work and output grow with width x height)",
            Allowed::Int {
                min: 4,
                max: MAX_SIDE as i64,
            },
        ),
        info("players", "players, each with their own roads", Allowed::Int { min: 1, max: 8 }),
        info("city_types", "city types (colour and shape)", Allowed::Int { min: 1, max: 8 }),
        info("cities_per_type", "cities of each type", Allowed::Int { min: 1, max: 12 }),
        info(
            "city_spacing",
            "smallest hex distance between cities",
            Allowed::Int { min: 1, max: 50 },
        ),
        info("lake_share", "share of cells that are lakes", Allowed::Float { min: 0.0, max: 0.4 }),
        info(
            "rivers",
            "rivers along cell sides (work grows with rivers x the longer side)",
            Allowed::Int { min: 0, max: 10_000 },
        ),
        info(
            "type_points",
            "points per city in a player's largest network group of one type (2 or more)",
            Allowed::Int { min: 0, max: 1000 },
        ),
        info(
            "tower_points",
            "points per city in a network that reaches the tower",
            Allowed::Int { min: 0, max: 1000 },
        ),
        info(
            "completion_points",
            "points for a city type entirely connected to the tower",
            Allowed::Int { min: 0, max: 1000 },
        ),
        info("max_attempts", "map attempts before giving up", Allowed::Int { min: 1, max: 1000 }),
    ];
    const PRESETS: &'static [(&'static str, &'static str)] = &[];
    const SIZE: &'static [&'static str] = &["width", "height", "rivers"];

    fn validate(&self) -> Result<(), ParamError> {
        // Each city keeps about a hex of radius spacing / 2 to itself; ask for
        // no more than half the map's cells that way.
        let cities = u64::from(self.city_types) * u64::from(self.cities_per_type) + 1;
        let room = 1 + 3 * u64::from(self.city_spacing) * u64::from(self.city_spacing) / 4;
        let cells = u64::from(self.width) * u64::from(self.height);
        if cities * room * 2 > cells {
            let most = (cells / (2 * room)).saturating_sub(1);
            return Err(ParamError::invalid(
                "cities_per_type",
                format!(
                    "{} ({} types, spacing {})",
                    self.cities_per_type, self.city_types, self.city_spacing
                ),
                format!(
                    "at most {most} cities in all on a {}x{} map at this spacing",
                    self.width, self.height
                ),
            ));
        }
        Ok(())
    }
}

/// Road kinds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RoadType {
    /// An ordinary road.
    #[default]
    Normal,
    /// A road that may cross a river.
    Bridge,
}

/// Add or remove.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Place a road.
    #[default]
    Add,
    /// Take a road away.
    Remove,
}

/// One entry of a road log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoadEntry {
    /// The player.
    pub player: u32,
    /// One end, axial `[q, r]` as the log writes it (any coordinates; see
    /// [`Hex`]).
    pub from: [i32; 2],
    /// The other end.
    pub to: [i32; 2],
    /// Normal or bridge.
    #[serde(rename = "type", default)]
    pub road_type: RoadType,
    /// Add (default) or remove.
    #[serde(default)]
    pub action: Action,
}

impl RoadEntry {
    /// `player`'s road between `from` and `to`, of `road_type`, to add or
    /// remove.
    pub fn new(player: u32, from: Hex, to: Hex, road_type: RoadType, action: Action) -> RoadEntry {
        RoadEntry {
            player,
            from: from.into(),
            to: to.into(),
            road_type,
            action,
        }
    }
}

/// Why a road was refused, naming the entry's cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoadError {
    /// No such player.
    Player {
        /// The player asked for.
        player: u32,
        /// How many players the game has (numbered from 0).
        players: u32,
    },
    /// An end off the map.
    OffMap(Hex),
    /// The ends are not neighbours.
    NotNeighbours(Hex, Hex),
    /// An end is a lake.
    Lake(Hex),
    /// A river lies between the cells and the road is no bridge.
    RiverWithoutBridge(Hex, Hex),
    /// The player already has this road.
    Exists(Hex, Hex),
    /// The player has no such road to remove.
    Missing(Hex, Hex),
}

impl fmt::Display for RoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoadError::Player { player, players } => {
                write!(f, "there is no player {player} (this game has {players}, numbered from 0)")
            }
            RoadError::OffMap(at) => write!(f, "cell {at} is off the map"),
            RoadError::NotNeighbours(a, b) => write!(f, "the cells are not neighbours: {a} and {b}"),
            RoadError::Lake(at) => write!(f, "cell {at} is a lake"),
            RoadError::RiverWithoutBridge(a, b) => {
                write!(f, "a river lies between {a} and {b}: the road must be a bridge")
            }
            RoadError::Exists(a, b) => write!(f, "the player already has a road from {a} to {b}"),
            RoadError::Missing(a, b) => write!(f, "the player has no road from {a} to {b} to remove"),
        }
    }
}

impl std::error::Error for RoadError {}

/// A game: the map of a seed and every player's roads. Roads come one at a
/// time through [`Game::apply`]; everything else reads through `&self`.
#[derive(Clone, Debug)]
pub struct Game {
    params: Params,
    seed: Seed,
    /// Map attempts used.
    attempts: u32,
    map: Map,
    /// Per cell and road type (normal, bridge), the sides a new road may
    /// leave by: no lake at either end, and no river for a normal road. One
    /// read checks a road against the map.
    roadable: Vec<[SideMask; 2]>,
    layers: Vec<Layer>,
    /// Bridge sides per player and cell, kept at the end a road is listed
    /// from (the side numbered below 3): a subset of the road mask.
    bridges: Vec<Vec<SideMask>>,
}

impl Game {
    /// A game on the map of `params` and `seed`, with `params.players`
    /// players and no roads. Parameters that
    /// [`params::resolve`](crate::params::resolve) would refuse give
    /// [`Error::Params`], before any work; a map no attempt could make,
    /// [`Error::Generate`].
    pub fn new(params: &Params, seed: &Seed) -> Result<Game, Error> {
        crate::params::check(params)?;
        let (map, attempts) = generate_map(params, seed)?;
        let grid = map.grid;
        let land = |c: Cell| map.terrain[c.index()] != Terrain::Lake;
        let roadable = grid
            .cells()
            .map(|c| {
                let bridge: SideMask = HexSide::ALL
                    .into_iter()
                    .filter(|&s| land(c) && grid.neighbor(c, s).is_some_and(land))
                    .collect();
                let normal = bridge.iter().filter(|&s| !map.rivers[c.index()].contains(s)).collect();
                [normal, bridge]
            })
            .collect();
        Ok(Game {
            params: params.clone(),
            seed: seed.clone(),
            attempts,
            roadable,
            layers: (0..params.players).map(|_| Layer::new(grid)).collect(),
            bridges: vec![vec![SideMask::EMPTY; grid.len()]; params.players as usize],
            map,
        })
    }

    /// The parameters the game was made with.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Number of players.
    pub fn players(&self) -> u32 {
        self.layers.len() as u32
    }

    /// Checks an entry against the map and the player's roads: the cells and
    /// the side of the first that the road leaves by.
    fn check(&self, e: &RoadEntry) -> Result<(Cell, HexSide, Cell), RoadError> {
        let grid = self.map.grid;
        let layer = self.layers.get(e.player as usize).ok_or(RoadError::Player {
            player: e.player,
            players: self.players(),
        })?;
        let (from, to) = (Hex::from(e.from), Hex::from(e.to));
        let a = grid.at(from).ok_or(RoadError::OffMap(from))?;
        let b = grid.at(to).ok_or(RoadError::OffMap(to))?;
        let side = from.side_to(to).ok_or(RoadError::NotNeighbours(from, to))?;
        let exists = layer.has_road(a, side);
        match e.action {
            Action::Add => {
                let kind = match e.road_type {
                    RoadType::Normal => 0,
                    RoadType::Bridge => 1,
                };
                if !self.roadable[a.index()][kind].contains(side) {
                    let lake = [(a, from), (b, to)]
                        .into_iter()
                        .find(|&(cell, _)| self.map.terrain[cell.index()] == Terrain::Lake);
                    return Err(match lake {
                        Some((_, at)) => RoadError::Lake(at),
                        None => RoadError::RiverWithoutBridge(from, to),
                    });
                }
                if exists {
                    return Err(RoadError::Exists(from, to));
                }
            }
            Action::Remove if !exists => return Err(RoadError::Missing(from, to)),
            Action::Remove => {}
        }
        Ok((a, side, b))
    }

    /// Applies one road log entry and says what it did to the player's
    /// networks, or refuses it and changes nothing.
    pub fn apply(&mut self, e: &RoadEntry) -> Result<NetworkChange, RoadError> {
        let (a, side, b) = self.check(e)?;
        let p = e.player as usize;
        let (listed, listed_side) = if side.number() < 3 { (a, side) } else { (b, side.opposite()) };
        let bridges = &mut self.bridges[p][listed.index()];
        Ok(match e.action {
            Action::Add => {
                if e.road_type == RoadType::Bridge {
                    *bridges = bridges.with(listed_side);
                }
                self.layers[p].add(a, side, b)
            }
            Action::Remove => {
                *bridges = bridges.without(listed_side);
                self.layers[p].remove(a, side, b)
            }
        })
    }

    /// Every player's roads, player by player, each road once (from the cell
    /// it leaves by a side numbered below 3), in cell order.
    pub fn roads(&self) -> Vec<Road> {
        let grid = self.map.grid;
        let mut roads = Vec::new();
        for (p, (layer, bridges)) in self.layers.iter().zip(&self.bridges).enumerate() {
            for c in grid.cells() {
                for side in layer.mask(c).iter().take_while(|s| s.number() < 3) {
                    let Some(n) = grid.neighbor(c, side) else { continue };
                    roads.push(Road {
                        player: p as u32,
                        from: grid.hex(c),
                        to: grid.hex(n),
                        road_type: if bridges[c.index()].contains(side) {
                            RoadType::Bridge
                        } else {
                            RoadType::Normal
                        },
                    });
                }
            }
        }
        roads
    }

    /// Every player's networks, player by player, numbered from 1 per player
    /// in order of each network's first cell (cells in storage order: by
    /// `q`, then `r`).
    pub fn networks(&self) -> Vec<NetworkOut> {
        let grid = self.map.grid;
        let mut networks = Vec::new();
        for (p, layer) in self.layers.iter().enumerate() {
            let ids = layer.canonical();
            let count = ids.iter().copied().max().unwrap_or(0);
            let mut nets: Vec<NetworkOut> = (1..=count)
                .map(|id| NetworkOut {
                    player: p as u32,
                    id,
                    cells: Vec::new(),
                    cities: Vec::new(),
                    tower: false,
                })
                .collect();
            for (c, &id) in grid.cells().zip(&ids) {
                if id != 0 {
                    nets[id as usize - 1].cells.push(grid.hex(c));
                }
            }
            for (k, &(c, _)) in self.map.cities.iter().enumerate() {
                if let Some(id) = ids[c.index()].checked_sub(1) {
                    nets[id as usize].cities.push(k as u32);
                }
            }
            if let Some(id) = ids[self.map.tower.index()].checked_sub(1) {
                nets[id as usize].tower = true;
            }
            networks.extend(nets);
        }
        networks
    }

    /// Every player's score under the game's parameters.
    pub fn scores(&self) -> Vec<Score> {
        (0..self.players()).map(|p| self.score(p)).collect()
    }

    /// Player `p`'s score (`p` below [`Game::players`]).
    fn score(&self, p: u32) -> Score {
        let layer = &self.layers[p as usize];
        let params = &self.params;
        let nets: Vec<u32> = self.map.cities.iter().map(|&(c, _)| layer.network(c)).collect();
        let tower = layer.network(self.map.tower);
        let types: Vec<u32> = self.map.cities.iter().map(|&(_, t)| t).collect();
        let at_tower = |k: usize| nets[k] != 0 && nets[k] == tower;
        let mut score = Score {
            player: p,
            ..Score::default()
        };
        for t in 0..params.city_types {
            let of_type: Vec<usize> = (0..types.len()).filter(|&k| types[k] == t).collect();
            let best = of_type
                .iter()
                .filter(|&&k| nets[k] != 0)
                .map(|&k| of_type.iter().filter(|&&o| nets[o] == nets[k]).count() as u32)
                .max()
                .unwrap_or(0);
            if best >= 2 {
                score.type_points += best * params.type_points;
            }
            if !of_type.is_empty() && of_type.iter().all(|&k| at_tower(k)) {
                score.completion_points += params.completion_points;
            }
        }
        score.tower_points = (0..types.len()).filter(|&k| at_tower(k)).count() as u32 * params.tower_points;
        score.score = score.type_points + score.tower_points + score.completion_points;
        score
    }

    /// The whole result: the map, every road, network and score.
    pub fn board(&self) -> Board {
        let roads = self.roads();
        let map = self.map_board();
        Board {
            metrics: Metrics {
                roads: roads.len() as u32,
                ..map.metrics
            },
            roads,
            networks: self.networks(),
            scores: self.scores(),
            ..map
        }
    }

    /// The result of the map alone, as if no road had been placed: no roads
    /// or networks, every score 0 (what [`Hexet`] generates).
    pub fn map_board(&self) -> Board {
        map_board(&self.params, &self.seed, &self.map, self.attempts)
    }
}

/// A player's score and its parts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// The player.
    pub player: u32,
    /// Total.
    pub score: u32,
    /// From the largest same-type group per type.
    pub type_points: u32,
    /// From cities whose network reaches the tower.
    pub tower_points: u32,
    /// From types entirely connected to the tower.
    pub completion_points: u32,
}

/// A cell of the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellOut {
    /// Axial q.
    pub q: i32,
    /// Axial r.
    pub r: i32,
    /// Terrain.
    pub terrain: Terrain,
    /// River sides (in JSON a 6-bit number, bit `s` for side `s`).
    pub rivers: SideMask,
}

impl CellOut {
    /// The cell's position.
    pub fn hex(&self) -> Hex {
        Hex::new(self.q, self.r)
    }
}

/// A city of the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct City {
    /// Index in `cities`.
    pub id: u32,
    /// Axial q.
    pub q: i32,
    /// Axial r.
    pub r: i32,
    /// City type, from 0.
    #[serde(rename = "type")]
    pub city_type: u32,
}

impl City {
    /// The city's cell.
    pub fn hex(&self) -> Hex {
        Hex::new(self.q, self.r)
    }
}

/// A road of the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Road {
    /// Owner.
    pub player: u32,
    /// One end.
    pub from: Hex,
    /// The other end.
    pub to: Hex,
    /// Normal or bridge.
    #[serde(rename = "type")]
    pub road_type: RoadType,
}

/// A network of the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetworkOut {
    /// Owner.
    pub player: u32,
    /// Id among the player's networks, from 1.
    pub id: u32,
    /// Its cells.
    pub cells: Vec<Hex>,
    /// Ids of its cities.
    pub cities: Vec<u32>,
    /// Whether it reaches the tower.
    pub tower: bool,
}

/// Facts about the map.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// Cells.
    pub cells: u32,
    /// Lake cells.
    pub lakes: u32,
    /// Lake cells over all cells.
    pub lakes_share: f64,
    /// Cell sides with a river (each counted once).
    pub river_sides: u32,
    /// Each river's length in cell sides, in the order they were made (a
    /// river that joins another ends where it meets it).
    pub river_lengths: Vec<u32>,
    /// Cities.
    pub cities: u32,
    /// Per city type (by type number), the farthest of its cities from the
    /// tower minus the nearest, in steps between cells: how unequal the
    /// type's cities are to link to the tower.
    pub tower_distance_spread: Vec<u32>,
    /// Roads after the log.
    pub roads: u32,
    /// Map attempts used.
    pub attempts: u32,
}

/// A hexet map with roads, networks and scores: the JSON contract.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Axial offsets by side number.
    pub directions: [[i32; 2]; 6],
    /// The cells.
    pub cells: Vec<CellOut>,
    /// The cities.
    pub cities: Vec<City>,
    /// The tower's cell.
    pub tower: Hex,
    /// Every road.
    pub roads: Vec<Road>,
    /// Every player's networks.
    pub networks: Vec<NetworkOut>,
    /// Every player's score.
    pub scores: Vec<Score>,
}

/// The generation steps, as reported to a progress callback.
pub const STEPS: [&str; 2] = ["generating the map", "scoring"];

/// Generates a map (no roads).
pub(crate) fn generate_map(params: &Params, seed: &Seed) -> Result<(Map, u32), GenerateError> {
    let spec = MapSpec {
        grid: Grid {
            width: params.width,
            height: params.height,
        },
        lake_share: params.lake_share,
        rivers: params.rivers,
        city_types: params.city_types,
        cities_per_type: params.cities_per_type,
        city_spacing: params.city_spacing,
    };
    crate::retry("hexet", params.max_attempts, |attempt| {
        map::generate(&spec, &mut seed.stream("map", attempt)).map(|m| (m, attempt + 1))
    })
}

/// Why a replay stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Index of the refused entry.
    pub index: usize,
    /// Why it was refused.
    pub reason: RoadError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "road log entry {}: {}", self.index, self.reason)
    }
}

impl std::error::Error for ReplayError {}

/// Applies `log` in order; stops at the first invalid entry.
pub fn replay(game: &mut Game, log: &[RoadEntry]) -> Result<(), ReplayError> {
    for (index, e) in log.iter().enumerate() {
        game.apply(e).map_err(|reason| ReplayError { index, reason })?;
    }
    Ok(())
}

/// The result for `map`, made on `attempts` attempts, with no roads.
fn map_board(params: &Params, seed: &Seed, map: &Map, attempts: u32) -> Board {
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
    let metrics = Metrics {
        cells: grid.len() as u32,
        lakes,
        lakes_share: f64::from(lakes) / grid.len() as f64,
        tower_distance_spread: nearest_farthest.iter().map(|&(near, far)| far.saturating_sub(near)).collect(),
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
    }
}

/// Generates a map and replays `log` on it. Parameters are checked first,
/// as [`Game::new`] does.
///
/// ```
/// use boardwright::{Seed, hexet};
///
/// let params = hexet::Params::default();
/// let board = hexet::generate_with_log(&params, &Seed::new("Tiamo"), &[]).unwrap();
/// assert_eq!(board.cities.len() as u32, params.city_types * params.cities_per_type);
/// assert!(board.roads.is_empty());
/// ```
pub fn generate_with_log(params: &Params, seed: &Seed, log: &[RoadEntry]) -> Result<Board, Error> {
    generate_watched(params, seed, log, &mut ())
}

/// Generates a map, shows it to `watch`, and replays `log` on it.
pub fn generate_watched(params: &Params, seed: &Seed, log: &[RoadEntry], watch: &mut dyn Watch<Board>) -> Result<Board, Error> {
    watch.step(0, 0);
    let mut game = Game::new(params, seed)?;
    watch.step(game.attempts - 1, 1);
    if watch.every().is_some() {
        watch.snapshot(game.attempts - 1, game.map_board());
    }
    replay(&mut game, log).map_err(|e| Error::Log {
        index: e.index,
        reason: e.reason.to_string(),
    })?;
    Ok(game.board())
}

/// The hexet generator (a map with no roads), for code that handles every
/// generator alike.
pub struct Hexet;

impl Generator for Hexet {
    const NAME: &'static str = "hexet";
    const ABOUT: &'static str = "hex maps with cities and a tower, road networks and scores (The Way to Hexet)";
    const STEPS: &'static [&'static str] = &STEPS;
    type Params = Params;
    type Board = Board;
    type Snapshot = Board;
    type Log = Vec<RoadEntry>;

    fn generate(params: &Params, seed: &Seed, log: &Vec<RoadEntry>, watch: &mut dyn Watch<Board>) -> Result<Board, Error> {
        generate_watched(params, seed, log, watch)
    }

    fn draw(board: &Board, options: DrawOptions) -> scene::Document {
        draw(board, options)
    }

    fn work_size(params: &Params) -> u64 {
        u64::from(params.width) * u64::from(params.height)
    }

    fn check_drawable(params: &Params) -> Result<(), String> {
        let cells = u64::from(params.width) * u64::from(params.height);
        if cells > MAX_DRAWN_CELLS {
            return Err(format!(
                "a map of {cells} cells is too large to draw (at most {MAX_DRAWN_CELLS}); write .json instead"
            ));
        }
        Ok(())
    }
}
