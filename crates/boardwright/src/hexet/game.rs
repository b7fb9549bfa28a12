//! A game on a hexet map: road log entries, one at a time, checked against
//! the map and the player's roads, the networks and scores they make, the
//! result read through `&self`, and replaying a log.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::RoadType;
use super::board::{Board, Metrics, NetworkOut, Road, Score, map_board};
use super::hex::{Cell, Hex, HexSide, SideMask};
use super::map::{Map, Terrain};
use super::network::{Layer, NetworkChange};
use super::{Params, generate_map};
use crate::seed::Seed;
use crate::{Error, Stop};

/// Add or remove.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Place a road.
    #[default]
    Add,
    /// Take a road away.
    Remove,
}

/// One entry of a road log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoadEntry {
    /// The player, from 0.
    pub player: u32,
    /// One end, axial `[q, r]` in JSON: any two integers are read, and an
    /// end off the map is refused when the entry is played.
    pub from: Hex,
    /// The other end, a neighbour of `from`.
    pub to: Hex,
    /// A normal road (the default) or a bridge. A removal takes away the
    /// player's road between the two cells whatever its type: the type of
    /// a `"remove"` entry is not read.
    #[serde(rename = "type", default)]
    pub road_type: RoadType,
    /// Whether the entry places the road (`"add"`, the default) or takes it
    /// away (`"remove"`).
    #[serde(default)]
    pub action: Action,
}

impl RoadEntry {
    /// `player`'s road between `from` and `to`, of `road_type`, to add or
    /// remove.
    pub fn new(player: u32, from: Hex, to: Hex, road_type: RoadType, action: Action) -> RoadEntry {
        RoadEntry {
            player,
            from,
            to,
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
    /// The road is a bridge and no river lies between the cells.
    BridgeWithoutRiver(Hex, Hex),
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
            RoadError::Lake(at) => write!(f, "cell {at} is a lake, and no road enters a lake"),
            RoadError::RiverWithoutBridge(a, b) => {
                write!(f, "a river lies between {a} and {b}: the road must be a bridge")
            }
            RoadError::BridgeWithoutRiver(a, b) => {
                write!(
                    f,
                    "no river lies between {a} and {b}: a bridge must cross a river, so the road must be normal"
                )
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
    /// leave by: no lake at either end, and no river for a normal road, a
    /// river for a bridge. One read checks a road against the map.
    roadable: Vec<[SideMask; 2]>,
    layers: Vec<Layer>,
    /// Bridge sides per player and cell, kept at the end a road is listed
    /// from (the side numbered below 3): a subset of the road mask.
    bridges: Vec<Vec<SideMask>>,
}

impl Game {
    /// A game on the map of `params` and `seed`, with `params.players`
    /// players and no roads. Parameters that
    /// [`params::Params::resolve`](crate::params::Params::resolve) would refuse give
    /// [`Error::Params`], before any work; a map no attempt could make,
    /// [`Error::Generate`].
    pub fn new(params: &Params, seed: &Seed) -> Result<Game, Error> {
        Game::stoppable(params, seed, None)
    }

    /// [`Game::new`], giving up between map attempts once `stop` says so.
    pub(crate) fn stoppable(params: &Params, seed: &Seed, stop: Option<Stop>) -> Result<Game, Error> {
        crate::params::Params::check(params)?;
        let (map, attempts) = generate_map(params, seed, stop)?;
        let grid = map.grid;
        let land = |c: Cell| map.terrain[c.index()] != Terrain::Lake;
        let roadable = grid
            .cells()
            .map(|c| {
                let open: SideMask = HexSide::ALL
                    .into_iter()
                    .filter(|&s| land(c) && grid.neighbor(c, s).is_some_and(land))
                    .collect();
                let river = map.rivers[c.index()];
                let normal = open.iter().filter(|&s| !river.contains(s)).collect();
                let bridge = open.iter().filter(|&s| river.contains(s)).collect();
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

    /// Map attempts used.
    pub(super) fn attempts(&self) -> u32 {
        self.attempts
    }

    /// Number of players.
    pub fn players(&self) -> u32 {
        self.layers.len() as u32
    }

    /// The seed the map was made from.
    pub fn seed(&self) -> &Seed {
        &self.seed
    }

    /// The map.
    pub(crate) fn map(&self) -> &Map {
        &self.map
    }

    /// The id of `player`'s network at `cell` (0: no road there); ids are
    /// stable until the player's next road (`player` below
    /// [`Game::players`]).
    pub(crate) fn network(&self, player: u32, cell: Cell) -> u32 {
        self.layers[player as usize].network(cell)
    }

    /// Checks an entry against the map and the player's roads: the cells and
    /// the side of the first that the road leaves by.
    fn check(&self, e: &RoadEntry) -> Result<(Cell, HexSide, Cell), RoadError> {
        let grid = self.map.grid;
        let layer = self.layers.get(e.player as usize).ok_or(RoadError::Player {
            player: e.player,
            players: self.players(),
        })?;
        let (from, to) = (e.from, e.to);
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
                    return Err(match (lake, e.road_type) {
                        (Some((_, at)), _) => RoadError::Lake(at),
                        (None, RoadType::Normal) => RoadError::RiverWithoutBridge(from, to),
                        (None, RoadType::Bridge) => RoadError::BridgeWithoutRiver(from, to),
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

    /// Applies `log` in order, as [`Game::apply`] applies each entry;
    /// stops at the first entry refused, saying which and why (the entries
    /// before it stay applied).
    pub fn replay(&mut self, log: &[RoadEntry]) -> Result<(), ReplayError> {
        for (index, e) in log.iter().enumerate() {
            self.apply(e).map_err(|reason| ReplayError { index, reason })?;
        }
        Ok(())
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
    /// or networks, every score 0 (what [`Hexet`](super::Hexet) generates).
    pub fn map_board(&self) -> Board {
        map_board(&self.params, &self.seed, &self.map, self.attempts)
    }
}

/// Why a replay stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Index of the refused entry, from 0 (its message counts entries
    /// from 1, as a reader does).
    pub index: usize,
    /// Why it was refused.
    pub reason: RoadError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "road log entry {}: {}", self.index + 1, self.reason)
    }
}

impl std::error::Error for ReplayError {}
