//! Hexet: hex maps with cities and a tower, players' road networks tracked
//! as each road is placed or removed, and scores.
//!
//! - [`hex`]: axial coordinates, sides, the rectangular map shape;
//! - [`map`]: the static map (terrain, rivers, lakes, cities, tower);
//! - [`network`]: one player's roads and networks, incremental both ways;
//! - this module: parameters, [`Game`] (the map plus every player's layer,
//!   with road validation), scoring and the JSON result.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::params::{Allowed, ParamError, ParamInfo, Params as ParamsTrait, info};
use crate::seed::Seed;
use crate::{DrawOptions, Error, GenerateError, Generator, Header, Watch};

mod draw;
pub mod hex;
pub mod map;
pub mod network;

pub use draw::{MAX_DRAWN_CELLS, draw};
use hex::{DIRECTIONS, Grid, opposite};
use map::{Map, MapSpec, Terrain};
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
            "columns of hex cells",
            Allowed::Int {
                min: 4,
                max: MAX_SIDE as i64,
            },
        ),
        info(
            "height",
            "cells per column",
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
        info("rivers", "rivers along cell sides", Allowed::Int { min: 0, max: 10_000 }),
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

    fn validate(&self) -> Result<(), ParamError> {
        // Each city keeps about a hex of radius spacing / 2 to itself; ask for
        // no more than half the map's cells that way.
        let cities = u64::from(self.city_types * self.cities_per_type) + 1;
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
    /// One end, axial `[q, r]`.
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

/// Why a road was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoadError {
    /// No such player.
    Player(u32),
    /// An end off the map.
    OffMap([i32; 2]),
    /// The ends are not neighbours.
    NotNeighbours,
    /// An end is a lake.
    Lake([i32; 2]),
    /// A river lies between the cells and the road is no bridge.
    RiverWithoutBridge,
    /// The player already has this road.
    Exists,
    /// The player has no such road to remove.
    Missing,
}

impl fmt::Display for RoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoadError::Player(p) => write!(f, "there is no player {p}"),
            RoadError::OffMap([q, r]) => write!(f, "cell [{q}, {r}] is off the map"),
            RoadError::NotNeighbours => f.write_str("the cells are not neighbours"),
            RoadError::Lake([q, r]) => write!(f, "cell [{q}, {r}] is a lake"),
            RoadError::RiverWithoutBridge => f.write_str("a river lies between the cells: the road must be a bridge"),
            RoadError::Exists => f.write_str("the player already has this road"),
            RoadError::Missing => f.write_str("the player has no such road"),
        }
    }
}

impl std::error::Error for RoadError {}

/// The map and every player's roads.
#[derive(Clone, Debug)]
pub struct Game {
    /// The static map.
    pub map: Map,
    layers: Vec<Layer>,
    /// Bridge sides per player and cell (a subset of the road mask).
    bridges: Vec<Vec<u8>>,
}

impl Game {
    /// A game on `map` with `players` players and no roads.
    pub fn new(map: Map, players: u32) -> Game {
        let grid = map.grid;
        Game {
            layers: (0..players).map(|_| Layer::new(grid)).collect(),
            bridges: vec![vec![0; grid.len()]; players as usize],
            map,
        }
    }

    /// Number of players.
    pub fn players(&self) -> u32 {
        self.layers.len() as u32
    }

    /// Player `p`'s layer.
    pub fn layer(&mut self, p: u32) -> &mut Layer {
        &mut self.layers[p as usize]
    }

    /// Checks an entry against the map and the player's roads: the cells and
    /// the side of the first that the road leaves by.
    fn check(&self, e: &RoadEntry) -> Result<(usize, usize, usize), RoadError> {
        let grid = self.map.grid;
        let layer = self.layers.get(e.player as usize).ok_or(RoadError::Player(e.player))?;
        let a = grid.index(e.from[0], e.from[1]).ok_or(RoadError::OffMap(e.from))?;
        let b = grid.index(e.to[0], e.to[1]).ok_or(RoadError::OffMap(e.to))?;
        let side = grid.side_between(a, b).ok_or(RoadError::NotNeighbours)?;
        let exists = layer.has_road(a, side);
        match e.action {
            Action::Add => {
                for (cell, at) in [(a, e.from), (b, e.to)] {
                    if self.map.terrain[cell] == Terrain::Lake {
                        return Err(RoadError::Lake(at));
                    }
                }
                if self.map.rivers[a] & (1 << side) != 0 && e.road_type != RoadType::Bridge {
                    return Err(RoadError::RiverWithoutBridge);
                }
                if exists {
                    return Err(RoadError::Exists);
                }
            }
            Action::Remove if !exists => return Err(RoadError::Missing),
            Action::Remove => {}
        }
        Ok((a, side, b))
    }

    /// Applies an entry, or refuses it and changes nothing.
    pub fn apply(&mut self, e: &RoadEntry) -> Result<(), RoadError> {
        let (a, side, b) = self.check(e)?;
        let p = e.player as usize;
        match e.action {
            Action::Add => {
                self.layers[p].add(a, side, b);
                if e.road_type == RoadType::Bridge {
                    self.bridges[p][a] |= 1 << side;
                    self.bridges[p][b] |= 1 << opposite(side);
                }
            }
            Action::Remove => {
                self.layers[p].remove(a, side, b);
                self.bridges[p][a] &= !(1 << side);
                self.bridges[p][b] &= !(1 << opposite(side));
            }
        }
        Ok(())
    }

    /// The network of each city for player `p` (0: none), and the tower's.
    fn city_networks(&mut self, p: u32) -> (Vec<u32>, u32) {
        let cells: Vec<usize> = self.map.cities.iter().map(|&(c, _)| c).collect();
        let tower = self.map.tower;
        let layer = self.layer(p);
        (cells.iter().map(|&c| layer.network(c)).collect(), layer.network(tower))
    }

    /// Player `p`'s score under `params`' weights.
    pub fn score(&mut self, p: u32, params: &Params) -> Score {
        let (nets, tower) = self.city_networks(p);
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
    /// River sides, 6-bit mask by side number.
    pub rivers: u8,
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

/// A road of the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Road {
    /// Owner.
    pub player: u32,
    /// One end.
    pub from: [i32; 2],
    /// The other end.
    pub to: [i32; 2],
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
    pub cells: Vec<[i32; 2]>,
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
    /// Cell sides with a river (each counted once).
    pub river_sides: u32,
    /// Cities.
    pub cities: u32,
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
    /// The tower, axial.
    pub tower: [i32; 2],
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
pub fn generate_map(params: &Params, seed: &Seed) -> Result<(Map, u32), GenerateError> {
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

/// The result for `game`, the map made on `attempts` attempts.
pub fn board(params: &Params, seed: &Seed, game: &mut Game, attempts: u32) -> Board {
    let grid = game.map.grid;
    let axial = |c: usize| {
        let (q, r) = grid.axial(c);
        [q, r]
    };
    let cells = (0..grid.len())
        .map(|c| {
            let [q, r] = axial(c);
            CellOut {
                q,
                r,
                terrain: game.map.terrain[c],
                rivers: game.map.rivers[c],
            }
        })
        .collect();
    let cities: Vec<City> = game
        .map
        .cities
        .iter()
        .enumerate()
        .map(|(id, &(c, t))| {
            let [q, r] = axial(c);
            City {
                id: id as u32,
                q,
                r,
                city_type: t,
            }
        })
        .collect();
    let mut roads = Vec::new();
    let mut networks = Vec::new();
    for p in 0..game.players() {
        let bridges = &game.bridges[p as usize];
        let layer = &mut game.layers[p as usize];
        for (c, &bridge) in bridges.iter().enumerate() {
            // Each road once: from the cell whose side number is below 3.
            for side in 0..3 {
                if layer.has_road(c, side)
                    && let Some(n) = grid.neighbor(c, side)
                {
                    let road_type = if bridge & (1 << side) != 0 {
                        RoadType::Bridge
                    } else {
                        RoadType::Normal
                    };
                    roads.push(Road {
                        player: p,
                        from: axial(c),
                        to: axial(n),
                        road_type,
                    });
                }
            }
        }
        let ids = layer.canonical();
        let count = ids.iter().copied().max().unwrap_or(0) as usize;
        let mut nets: Vec<NetworkOut> = (1..=count as u32)
            .map(|id| NetworkOut {
                player: p,
                id,
                cells: Vec::new(),
                cities: Vec::new(),
                tower: false,
            })
            .collect();
        for (c, &id) in ids.iter().enumerate() {
            if id != 0 {
                nets[id as usize - 1].cells.push(axial(c));
            }
        }
        for (k, &(c, _)) in game.map.cities.iter().enumerate() {
            if ids[c] != 0 {
                nets[ids[c] as usize - 1].cities.push(k as u32);
            }
        }
        if ids[game.map.tower] != 0 {
            nets[ids[game.map.tower] as usize - 1].tower = true;
        }
        networks.extend(nets);
    }
    let scores = (0..game.players()).map(|p| game.score(p, params)).collect();
    let metrics = Metrics {
        cells: grid.len() as u32,
        lakes: game.map.terrain.iter().filter(|&&t| t == Terrain::Lake).count() as u32,
        river_sides: game.map.rivers.iter().map(|m| m.count_ones()).sum::<u32>() / 2,
        cities: game.map.cities.len() as u32,
        roads: roads.len() as u32,
        attempts,
    };
    Board {
        header: Header::new("hexet", seed, params.clone()),
        metrics,
        width: grid.width,
        height: grid.height,
        directions: DIRECTIONS,
        cells,
        tower: axial(game.map.tower),
        cities,
        roads,
        networks,
        scores,
    }
}

/// Generates a map and replays `log` on it.
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
    let (map, attempts) = generate_map(params, seed)?;
    watch.step(attempts - 1, 1);
    let mut game = Game::new(map, params.players);
    if watch.every().is_some() {
        watch.snapshot(attempts - 1, board(params, seed, &mut game, attempts));
    }
    replay(&mut game, log).map_err(|e| Error::Log {
        index: e.index,
        reason: e.reason.to_string(),
    })?;
    Ok(board(params, seed, &mut game, attempts))
}

/// The hexet generator (a map with no roads), for code that handles every
/// generator alike.
pub struct Hexet;

impl Generator for Hexet {
    const NAME: &'static str = "hexet";
    const ABOUT: &'static str = "hex maps with cities and a tower, road networks and scores (The Way to Hexet)";
    const STEPS: &'static [&'static str] = &STEPS;
    type Params = Params;
    type Output = Board;
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
