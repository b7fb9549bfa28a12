//! Hexet, played: bots build roads on a map ([`Bot`]; `greedy`), a
//! road a turn, and a series of seeded games says how each seat scores and
//! wins and when each city type gets joined ([`Series::play`], [`Report`]).
//! `docs/play.md` gives the rules the bots play by.
//!
//! ```
//! use boardwright::Seed;
//! use boardwright::hexet::{Game, Params, play};
//!
//! let game = Game::new(&Params::default(), &Seed::new("Tiamo")).unwrap();
//! let series = play::Series { games: 4, ..Default::default() };
//! let report = series.play(&game).unwrap();
//! assert_eq!(report.seats.len(), 2);
//! assert_eq!(report.seats.iter().map(|s| s.rate.wins).sum::<u32>() + report.draws, 4);
//! ```

mod bots;
mod report;

use rayon::prelude::*;

pub use bots::Bot;
use bots::{BOTS, bot};
pub use report::{Outcome, Report, SeatScore, TypeJoined};

use super::{Board, Game, RoadEntry};
use crate::Rng;
use crate::seed::{Seed, hash_text};
use crate::stats::PlayError;

/// The largest map played, in cells times cities: the greedy bot keeps
/// every city's roads to every cell (4 bytes each).
pub(crate) const MOST_CELLS_TIMES_CITIES: u64 = 4_000_000;

/// A series of games on one map.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Games to play, 1 to [`Series::MOST_GAMES`].
    pub games: u32,
    /// The bot every seat plays (mirror play): `greedy`, the only one.
    pub bot: String,
}

impl Default for Series {
    fn default() -> Series {
        Series {
            games: 1000,
            bot: "greedy".to_string(),
        }
    }
}

/// A series' report with what it was played on: the JSON `boardwright
/// play hexet` writes.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct Played<'a> {
    /// Always `"hexet"`.
    pub generator: &'static str,
    /// The map's seed.
    pub seed: &'a str,
    /// The map's parameters (the scoring among them).
    pub params: &'a super::Params,
    /// The figures.
    #[serde(flatten)]
    pub report: &'a Report,
}

impl<'a> Played<'a> {
    /// The report of a series on `game`'s map.
    pub fn new(game: &'a Game, report: &'a Report) -> Played<'a> {
        Played {
            generator: "hexet",
            seed: game.seed().text(),
            params: game.params(),
            report,
        }
    }
}

impl Series {
    /// Most games one series may play.
    pub const MOST_GAMES: u32 = 10_000_000;

    /// Plays the series from `game` as it stands (its roads kept) with as many
    /// players as it has, every seat the same bot, and reports the seats'
    /// scores and wins and the rounds at which each city type was joined. The
    /// games are seeded from the map's seed, the bot and each game's index, so
    /// the same call gives the same report on any number of threads. Seats
    /// rotate: in each block of as many games as players, every seat gets
    /// each player's random stream once.
    ///
    /// A turn is one road (a bridge is one road); a game ends with the round
    /// in which a player has joined every city to the tower, or one in which
    /// no one placed a road, or after as many rounds as the map has cells.
    pub fn play(&self, game: &Game) -> Result<Report, PlayError> {
        self.play_with(game, &|_| {})
    }

    /// [`Series::play`], calling `done` with each game's index as it ends (from any
    /// thread, in no set order).
    pub fn play_with(&self, game: &Game, done: &(dyn Fn(u32) + Sync)) -> Result<Report, PlayError> {
        let (bot, streams) = prepare(game, self)?;
        let outcomes: Vec<Outcome> = (0..self.games)
            .into_par_iter()
            .map(|g| {
                let outcome = play_one(game, bot.as_ref(), &streams, g, None);
                done(g);
                outcome
            })
            .collect::<Result<_, _>>()?;
        Ok(Report::new(&outcomes, &self.bot, &game.map().type_roads))
    }

    /// Game `g` of the series from `game` (the same game [`Series::play`] plays): every
    /// road in the order placed, and how it ended.
    pub fn replay(&self, game: &Game, g: u32) -> Result<(Vec<RoadEntry>, Outcome), PlayError> {
        let (bot, streams) = prepare(game, self)?;
        if g >= self.games {
            return Err(PlayError(format!("game {g}: the series has games 0 to {}", self.games - 1)));
        }
        let mut roads = Vec::new();
        let outcome = play_one(
            game,
            bot.as_ref(),
            &streams,
            g,
            Some(&mut |road: &RoadEntry| roads.push(road.clone())),
        )?;
        Ok((roads, outcome))
    }
}

/// The bot of `series` for `game`'s map and the random streams its games
/// are drawn from; refused in words.
fn prepare(game: &Game, series: &Series) -> Result<(Box<dyn Bot>, Rng), PlayError> {
    if !(1..=Series::MOST_GAMES).contains(&series.games) {
        return Err(PlayError(format!(
            "games: {} is not allowed; a whole number from 1 to {}",
            series.games,
            Series::MOST_GAMES
        )));
    }
    let map = game.map();
    let size = map.grid.len() as u64 * map.cities.len() as u64;
    if size > MOST_CELLS_TIMES_CITIES {
        return Err(PlayError(format!(
            "a map of {} cells and {} cities is too large to play ({size} cells times cities; at most {MOST_CELLS_TIMES_CITIES})",
            map.grid.len(),
            map.cities.len()
        )));
    }
    let bot =
        bot(&series.bot, game).ok_or_else(|| PlayError(format!("bot: {:?} is not a bot; the bots are {}", series.bot, BOTS.join(", "))))?;
    let streams = Rng::new(hash_text(game.seed().text()) ^ hash_text(&series.bot), hash_text("hexet play"));
    Ok((bot, streams))
}

/// Game `g` of a series from `start`, or why the bot's road was refused;
/// `record`, when given, sees each road placed.
fn play_one(
    start: &Game,
    bot: &dyn Bot,
    streams: &Rng,
    g: u32,
    mut record: Option<&mut dyn FnMut(&RoadEntry)>,
) -> Result<Outcome, PlayError> {
    let n = start.players() as usize;
    let (block, turn) = (u64::from(g) / n as u64, g as usize % n);
    let block_streams = streams.substream(block);
    let mut rngs: Vec<Rng> = (0..n).map(|s| block_streams.substream(((s + turn) % n) as u64)).collect();
    let map = start.map();
    let types = start.params().city_types as usize;
    let mut game = start.clone();
    let mut joined: Vec<Vec<Option<u32>>> = vec![vec![None; types]; n];
    let most_rounds = map.grid.len() as u32;
    let mut rounds = 0;
    while rounds < most_rounds {
        rounds += 1;
        let mut placed = false;
        for (seat, rng) in rngs.iter_mut().enumerate() {
            let player = seat as u32;
            let Some(road) = bot.choose(&game, player, rng) else { continue };
            let refused = |why: String| {
                PlayError(format!(
                    "game {g}, round {rounds}: the {} bot's road for seat {}: {why}",
                    bot.name(),
                    seat + 1
                ))
            };
            if road.player != player {
                return Err(refused(format!("it names player {}", road.player)));
            }
            game.apply(&road).map_err(|e| refused(e.to_string()))?;
            if let Some(record) = record.as_mut() {
                record(&road);
            }
            placed = true;
            let tower = game.network(player, map.tower);
            for (t, at) in joined[seat].iter_mut().enumerate() {
                let whole = || {
                    tower != 0
                        && map
                            .cities
                            .iter()
                            .filter(|&&(_, ct)| ct as usize == t)
                            .all(|&(c, _)| game.network(player, c) == tower)
                };
                if at.is_none() && whole() {
                    *at = Some(rounds);
                }
            }
        }
        if !placed {
            rounds -= 1;
            break;
        }
        if joined.iter().any(|j| j.iter().all(Option::is_some)) {
            break;
        }
    }
    Ok(Outcome {
        scores: game.scores().iter().map(|s| s.score).collect(),
        rounds,
        joined,
    })
}

/// What `games` greedy games on a hexet map say (none for 0 games): each
/// seat's mean score and win rate (`play.seats.K.score`,
/// `play.seats.K.win_rate`, K from 1), the best minus the worst seat's
/// mean score (`play.score_spread`), the share of games no one won alone
/// (`play.draws`), the mean rounds (`play.turns`), each city type's mean
/// round joined (`play.city_types.T.turn`, T from 0) and the latest minus
/// the earliest (`play.joined_turn_spread`).
pub(crate) fn figures(board: &Board, games: u32) -> Vec<(String, f64)> {
    if games == 0 {
        return Vec::new();
    }
    let series = Series {
        games,
        ..Default::default()
    };
    let Ok(game) = Game::new(&board.header.params, &Seed::new(&board.header.seed)) else {
        return Vec::new();
    };
    let Ok(report) = series.play(&game) else {
        return Vec::new();
    };
    let mut figures = Vec::new();
    for s in &report.seats {
        figures.push((format!("play.seats.{}.score", s.seat), s.score.mean));
        figures.push((format!("play.seats.{}.win_rate", s.seat), s.rate.win_rate));
    }
    figures.extend(
        report
            .city_types
            .iter()
            .filter(|t| t.joined > 0)
            .map(|t| (format!("play.city_types.{}.turn", t.city_type), t.turn.mean)),
    );
    figures.extend([
        ("play.score_spread".to_string(), report.score_spread),
        ("play.draws".to_string(), f64::from(report.draws) / f64::from(games)),
        ("play.turns".to_string(), report.turns.mean),
        ("play.joined_turn_spread".to_string(), report.joined_turn_spread),
    ]);
    figures
}
