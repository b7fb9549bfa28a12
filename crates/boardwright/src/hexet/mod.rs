//! Hexet: hex maps with cities and a tower, players' road networks tracked
//! as each road is placed or removed, and scores.
//!
//! [`Game`] is the way to play: made from [`Params`] and a [`Seed`], it takes
//! one road at a time ([`Game::apply`], which checks the road against the map
//! and the player's roads) and reads the networks, scores and the whole
//! result ([`Board`], the JSON contract) through `&self`. [`Game::replay`]
//! applies a road log; [`Hexet`]'s [`Generator::generate`] makes the map
//! alone and [`Generator::generate_with`] plays a log on it, both from
//! parameters.
//!
//! Inside: `params` ([`Params`]), `board` (the result), `game` ([`Game`],
//! road log entries and why one is refused), `hex` (axial coordinates:
//! [`Hex`], [`HexSide`], [`SideMask`], the map's shape), `map` (terrain,
//! rivers, lakes, cities, tower), `network` (one player's roads and
//! networks, incremental both ways), `draw`, [`play`] (bots that build
//! roads, and the report of a series of games); here, generation.
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

use crate::seed::Seed;
use crate::{DrawOptions, Error, Generator, Logged, Played, Printed, Stop, Unprintable, Watch};

mod board;
mod draw;
mod game;
mod hex;
mod map;
mod network;
mod params;
pub mod play;
mod road_code;

pub use board::{Board, CellOut, City, Metrics, NetworkOut, Road, RoadType, Score};
pub(crate) use draw::draw;
pub use game::{Action, Game, ReplayError, RoadEntry, RoadError};
pub use hex::{Hex, HexSide, SideMask};
pub use map::Terrain;
pub use network::NetworkChange;
pub use params::Params;

use draw::MAX_DRAWN_CELLS;
use hex::Grid;
use map::{Map, MapSpec};

/// The generation steps, as reported to a progress callback.
pub(crate) const STEPS: [&str; 2] = ["generating the map", "scoring"];

/// Generates a map (no roads).
pub(crate) fn generate_map(params: &Params, seed: &Seed, stop: Option<Stop>) -> Result<(Map, u32), Error> {
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
        fair_city_types: params.fair_city_types,
    };
    crate::retry("hexet", params.max_attempts, stop, |attempt| {
        map::generate(&spec, &mut seed.stream("map", attempt)).map(|m| (m, attempt + 1))
    })
}

/// The hexet generator: [`Generator::generate`] makes a map with no roads,
/// [`Generator::generate_with`] replays a road log on it ([`Game`] plays
/// one road at a time), [`Generator::draw`] draws it. Parameters that
/// [`Params::resolve`](crate::params::Params::resolve) would refuse give
/// [`Error::Params`], before any work; a map no attempt could make,
/// [`Error::Generate`].
///
/// ```
/// use boardwright::{Generator, Seed, hexet::{self, Hexet}};
///
/// let params = hexet::Params::default();
/// let board = Hexet::generate(&params, &Seed::new("Tiamo")).unwrap();
/// let tower = board.cells.iter().find(|c| c.hex() == board.tower).unwrap();
/// assert_ne!(tower.terrain, hexet::Terrain::Lake);
/// assert_eq!(board.cities.len() as u32, params.city_types * params.cities_per_type);
/// assert!(board.roads.is_empty() && board.scores.iter().all(|s| s.score == 0));
/// ```
pub struct Hexet;

impl Hexet {
    /// `log` as the road code of a web address (`roads=CODE`), which
    /// [`Logged::decode_log`] reads back: a few letters of the URL-safe
    /// base64 alphabet a road, as few as the map's size needs. Refused,
    /// naming the entry: a road whose ends are not neighbours, off the map,
    /// or a player past 8.
    pub fn encode_log(params: &Params, log: &[RoadEntry]) -> Result<String, Error> {
        road_code::encode(params, log)
    }
}

impl Generator for Hexet {
    const NAME: &'static str = "hexet";
    const ABOUT: &'static str = "hex maps with cities and a tower, road networks and scores (The Way to Hexet)";
    const STEPS: &'static [&'static str] = &STEPS;
    const FAIRNESS: &'static [crate::fairness::Target] = crate::fairness::HEXET;
    const LIMITS: crate::Limits = crate::Limits {
        work_unit: "cells",
        served_work: 512 * 512,
    };
    type Params = Params;
    type Board = Board;
    type Metrics = Metrics;
    type Snapshot = Board;

    /// Generates a map with no roads on it ([`Logged::generate_logged`]
    /// replays a road log).
    fn generate_with(params: &Params, seed: &Seed, watch: &mut dyn Watch<Board>) -> Result<Board, Error> {
        Self::generate_logged(params, seed, &Vec::new(), watch)
    }

    fn draw(board: &Board, options: DrawOptions) -> scene::Document {
        draw(board, options)
    }

    fn work_size(params: &Params) -> u64 {
        u64::from(params.width) * u64::from(params.height)
    }

    fn metrics(board: &Board) -> &Metrics {
        &board.metrics
    }
}

impl Logged for Hexet {
    const LOG: Option<crate::LogFile> = Some(crate::LogFile {
        option: "roads",
        noun: "road log",
        help: "A road log (JSON list of {player, from, to, type, action}) to replay on the map.",
    });
    type Log = Vec<RoadEntry>;

    /// Generates a map, shows it to `watch`, and replays `log` on it.
    fn generate_logged(params: &Params, seed: &Seed, log: &Vec<RoadEntry>, watch: &mut dyn Watch<Board>) -> Result<Board, Error> {
        watch.step(0, 0);
        let mut game = Game::stoppable(params, seed, watch.stop().cloned())?;
        watch.step(game.attempts() - 1, 1);
        if watch.every().is_some() {
            watch.snapshot(game.attempts() - 1, game.map_board());
        }
        game.replay(log).map_err(|e| Error::Log {
            index: e.index,
            reason: e.reason.to_string(),
        })?;
        Ok(game.board())
    }

    fn decode_log(params: &Params, code: &str) -> Result<Vec<RoadEntry>, Error> {
        road_code::decode(params, code)
    }
}

impl Printed for Hexet {
    const RULES_CARD: bool = true;
    const PLAYER_COLORS: &'static [&'static str] = &draw::PLAYER_COLORS;

    /// The map's sheets, then the rules card's page(s) when
    /// `options.rules_card` asks for it, on one sheet of the paper each.
    fn sheets(board: &Board, options: DrawOptions) -> scene::Document {
        let card = if options.rules_card {
            draw::rules_card(board, &options)
        } else {
            Vec::new()
        };
        let (paper, tile) = (options.paper, options.tile);
        let mut doc = crate::print::cut(draw(board, options), paper, tile);
        doc.pages.extend(card);
        doc
    }

    fn check_drawable(params: &Params) -> Result<(), Unprintable> {
        let cells = u64::from(params.width) * u64::from(params.height);
        if cells > MAX_DRAWN_CELLS {
            return Err(Unprintable::too_large(format!(
                "a map of {cells} cells is too large to draw (at most {MAX_DRAWN_CELLS})"
            )));
        }
        Ok(())
    }
}

impl Played for Hexet {
    const PLAYED: Option<&'static str> = Some("greedy games");

    /// What `games` greedy games on the board say (`play.*`).
    fn extra_figures(_params: &Params, _seed: &Seed, board: &Board, games: u32) -> Vec<(String, f64)> {
        play::figures(board, games)
    }
}
