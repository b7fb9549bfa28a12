//! Unstable Universe, played: the game on a board ([`Game`]: its state,
//! legal moves and what a move does), bots that play it ([`Bot`]; the
//! reference player, `reference`, among them), a series of seeded games with
//! the statistics of who wins ([`Series::play`], [`Report`]), and the remedies
//! for moving later tried by play ([`Remedy`], [`Series::compensate`]).
//! `docs/play.md` gives the rules and where each comes from.
//!
//! ```
//! use boardwright::{Generator, Seed, universe::{self, Universe, play}};
//!
//! let board = Universe::generate(&universe::Params::default(), &Seed::new("Tiamo")).unwrap();
//! let series = play::Series { games: 8, ..Default::default() };
//! let report = series.play(&board).unwrap();
//! assert_eq!(report.seats.len(), 4);
//! assert_eq!(report.seats.iter().map(|s| s.rate.wins).sum::<u32>() + report.stalls, 8);
//! assert_eq!(report.starts.len(), 12); // every start, dealt round the seats
//! println!("{}", report.verdict);
//! ```

mod bots;
mod game;
mod paper;
mod remedy;
mod report;
mod rules;

use std::ops::Range;

use rayon::prelude::*;

pub use bots::Bot;
use bots::{BOTS, bot};
pub use game::{Action, Game, Move};
pub use remedy::Remedy;
pub use report::{BotRate, Outcome, RemedyRate, Report, SeatRate, Stalls, StartRate};
pub use rules::{Effect, Mission, Rules, StartOrder};

use crate::seed::hash_text;
use crate::stats::PlayError;
use crate::universe::Board;
use crate::{Rng, Stop};

/// A series' report with what it was played on: the JSON `boardwright
/// play universe` writes.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct Played<'a> {
    /// Always `"universe"`.
    pub generator: &'static str,
    /// The board's seed.
    pub seed: &'a str,
    /// The board's parameters.
    pub params: &'a crate::universe::Params,
    /// The rules played by.
    pub rules: &'a Rules,
    /// The figures.
    #[serde(flatten)]
    pub report: &'a Report,
}

impl<'a> Played<'a> {
    /// The report of `series` on `board`.
    pub fn new(board: &'a Board, series: &'a Series, report: &'a Report) -> Played<'a> {
        Played {
            generator: "universe",
            seed: &board.header.seed,
            params: &board.header.params,
            rules: &series.rules,
            report,
        }
    }
}

/// A series of games on one board.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Games to play, 1 to [`Series::MOST_GAMES`].
    pub games: u32,
    /// One bot name for every seat (mirror play), or one per seat (mixed
    /// games; the bots move round the seats from game to game): `reference`,
    /// `random`, `greedy` or `search`.
    pub bots: Vec<String>,
    /// The rules.
    pub rules: Rules,
}

impl Default for Series {
    fn default() -> Series {
        Series {
            games: 1000,
            bots: vec![Series::REFERENCE.to_string()],
            rules: Rules::default(),
        }
    }
}

impl Series {
    /// The bot every figure and target is measured with unless another is
    /// named.
    pub const REFERENCE: &str = "reference";
    /// Most games one series may play.
    pub const MOST_GAMES: u32 = 10_000_000;

    /// Games [`Series::play`] plays in all: the series by its rules for the seats,
    /// and as many with the starts dealt for the starts (none more when
    /// the rules deal them already).
    pub fn total(&self) -> u64 {
        u64::from(self.games) * if self.rules.start_order == StartOrder::Dealt { 1 } else { 2 }
    }

    /// Games [`Series::play_compensated`] plays in all on a board of `players`:
    /// [`Series::total`], then the series with each remedy (and the games
    /// with the starts dealt again, where the series' own are not those).
    pub fn compensated(&self, players: u32) -> u64 {
        let again = u64::from(!self.deals_as_dealt());
        self.total() + u64::from(self.games) * (Remedy::catalogue(players).len() as u64 + 1 + again)
    }

    /// Whether the games [`Series::play`] measures the starts by are the series
    /// with the starts dealt ([`Series::dealt`]).
    fn deals_as_dealt(&self) -> bool {
        self.rules.start_order != StartOrder::Dealt || self.dealt() == *self
    }

    /// The series with the starts dealt round the seats.
    fn dealt(&self) -> Series {
        let mut dealt = self.clone();
        dealt.rules.start_order = StartOrder::Dealt;
        dealt.rules.start_picks.clear();
        dealt
    }

    /// Plays the series on `board` with as many players as the board was made
    /// for, and reports who won. The seats' figures come from games played by
    /// the rules; the starts' from as many games with the starts dealt round
    /// the seats (game `g` gives seat `s` the `(s + g)`-th start), so that
    /// every start is measured, not only those players pick. The games are
    /// seeded from the board's seed, the bots and each game's index, so the
    /// same call gives the same report on any number of threads. Seats
    /// rotate: in each block of as many games as players, every seat gets
    /// each player's random stream once (and, in mixed games, each bot once),
    /// so that turn order and start separate.
    pub fn play(&self, board: &Board) -> Result<Report, PlayError> {
        self.play_with(board, &|_| {}, None)
    }

    /// [`Series::play`], calling `done` with each game's index as it ends (from any
    /// thread, in no set order; [`Series::total`] calls in all), and giving
    /// up once `stop` is set (no game starts after; the error says the
    /// games were stopped).
    pub fn play_with(&self, board: &Board, done: &(dyn Fn(u32) + Sync), stop: Option<&Stop>) -> Result<Report, PlayError> {
        played(board, self, done, stop).map(|(report, _)| report)
    }

    /// [`Series::play_with`], and with the report each remedy's seat gap
    /// ([`Series::compensate`]), the starts assigned from the games the report's
    /// starts were measured by; `done` sees [`Series::compensated`] games.
    pub fn play_compensated(&self, board: &Board, done: &(dyn Fn(u32) + Sync), stop: Option<&Stop>) -> Result<Report, PlayError> {
        let (mut report, start_games) = played(board, self, done, stop)?;
        let dealt = if self.deals_as_dealt() {
            start_games
        } else {
            dealt_outcomes(board, self, done, stop)?
        };
        report.remedies = remedies(board, self, &dealt, done, stop)?;
        Ok(report)
    }

    /// The seats' gap of the series on `board` with each remedy of the catalogue
    /// in place of the board's, in its order, then with the starts assigned
    /// from as many games with the starts dealt ([`Remedy::assigned`]); `done`
    /// sees every game, and `stop` ends the games as in [`Series::play_with`].
    pub fn compensate(&self, board: &Board, done: &(dyn Fn(u32) + Sync), stop: Option<&Stop>) -> Result<Vec<RemedyRate>, PlayError> {
        remedies(board, self, &dealt_outcomes(board, self, done, stop)?, done, stop)
    }

    /// The seats' figures of the series on `board` with `remedy` in place of the
    /// board's.
    pub fn try_remedy(&self, board: &Board, remedy: Remedy, stop: Option<&Stop>) -> Result<RemedyRate, PlayError> {
        remedy_with(board, self, remedy, &|_| {}, stop)
    }

    /// Game `g` of the series on `board` (the same game [`Series::play`] plays), move by
    /// move, and how it ended.
    pub fn replay(&self, board: &Board, g: u32) -> Result<(Vec<Turn>, Outcome), PlayError> {
        let Setup { start, bots, streams } = prepare(board, self)?;
        if g >= self.games {
            return Err(PlayError(format!("game {g}: the series has games 0 to {}", self.games - 1)));
        }
        let mut turns = Vec::new();
        let outcome = play_one(
            &start,
            &bots,
            &streams,
            g,
            Some(&mut |before: &Game, m: &Move, after: &Game| {
                let gone = (0..board.nodes.len() as u32)
                    .filter(|&v| before.on_board(v) && !after.on_board(v))
                    .collect();
                turns.push(Turn {
                    seat: before.to_move(),
                    played: m.clone(),
                    gone,
                });
            }),
        );
        Ok((turns, outcome))
    }
}

/// [`Series::play_with`]'s report, and the games it measured the starts by.
fn played(board: &Board, series: &Series, done: &(dyn Fn(u32) + Sync), stop: Option<&Stop>) -> Result<(Report, Vec<Outcome>), PlayError> {
    let setup = prepare(board, series)?;
    let seat_games = outcomes(&setup, 0..series.games, done, stop)?;
    let start_games = if series.rules.start_order == StartOrder::Dealt {
        seat_games.clone()
    } else {
        dealt_outcomes(board, series, done, stop)?
    };
    let labels = board.start_labels();
    let report = Report::new(
        &seat_games,
        &start_games,
        setup.start.players(),
        &series.bots,
        &labels,
        &setup.streams.substream(u64::MAX),
    );
    Ok((report, start_games))
}

/// The games of `series` with the starts dealt round the seats.
fn dealt_outcomes(board: &Board, series: &Series, done: &(dyn Fn(u32) + Sync), stop: Option<&Stop>) -> Result<Vec<Outcome>, PlayError> {
    outcomes(&prepare(board, &series.dealt())?, 0..series.games, done, stop)
}

/// [`Series::compensate`] with the starts assigned from `dealt`.
fn remedies(
    board: &Board,
    series: &Series,
    dealt: &[Outcome],
    done: &(dyn Fn(u32) + Sync),
    stop: Option<&Stop>,
) -> Result<Vec<RemedyRate>, PlayError> {
    let assigned = Remedy::assigned(dealt, &board.start_labels());
    Remedy::catalogue(board.header.params.players)
        .into_iter()
        .chain(assigned)
        .map(|remedy| remedy_with(board, series, remedy, done, stop))
        .collect()
}

fn remedy_with(
    board: &Board,
    series: &Series,
    remedy: Remedy,
    done: &(dyn Fn(u32) + Sync),
    stop: Option<&Stop>,
) -> Result<RemedyRate, PlayError> {
    let games = remedy_games(board, series, &remedy, 0..series.games, done, stop)?;
    Ok(RemedyRate::new(remedy, board.header.params.players, &games))
}

/// Games `range` of `series` on `board` with `remedy` in place of the
/// board's.
pub(crate) fn remedy_games(
    board: &Board,
    series: &Series,
    remedy: &Remedy,
    range: Range<u32>,
    done: &(dyn Fn(u32) + Sync),
    stop: Option<&Stop>,
) -> Result<Vec<Outcome>, PlayError> {
    let mut tried = series.clone();
    tried.rules.remedy = Some(remedy.clone());
    tried.rules.start_picks.clear();
    outcomes(&prepare(board, &tried)?, range, done, stop)
}

/// Games `range` of reference play on `board` with the starts dealt round
/// the seats, by which [`start_unevenness`] reckons.
pub(crate) fn dealt_games(board: &Board, range: Range<u32>, stop: Option<&Stop>) -> Result<Vec<Outcome>, PlayError> {
    outcomes(&prepare(board, &Series::default().dealt())?, range, &|_| {}, stop)
}

/// How unevenly the starts of `board` win in `dealt` games
/// ([`dealt_games`]): the excess start spread plus the share of games no
/// one won.
pub(crate) fn start_unevenness(board: &Board, dealt: &[Outcome]) -> Result<f64, PlayError> {
    let setup = prepare(board, &Series::default().dealt())?;
    let report = Report::new(
        dealt,
        dealt,
        setup.start.players(),
        &[Series::REFERENCE.to_string()],
        &board.start_labels(),
        &setup.streams.substream(u64::MAX),
    );
    Ok(report.excess_start_spread + f64::from(report.stalls) / f64::from(report.games))
}

/// What a series given up on says ([`Series::play_with`]).
pub(crate) const STOPPED: &str = "the games were stopped before the series was played";

/// The outcomes of games `range` of a series set up, unless `stop` is set
/// before they are all played.
pub(crate) fn outcomes(
    setup: &Setup,
    range: Range<u32>,
    done: &(dyn Fn(u32) + Sync),
    stop: Option<&Stop>,
) -> Result<Vec<Outcome>, PlayError> {
    range
        .into_par_iter()
        .map(|g| {
            if stop.is_some_and(Stop::stopped) {
                return Err(PlayError(STOPPED.to_string()));
            }
            let outcome = play_one(&setup.start, &setup.bots, &setup.streams, g, None);
            done(g);
            Ok(outcome)
        })
        .collect()
}

/// One move of a replayed game.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct Turn {
    /// The seat that moved (from 0).
    pub seat: usize,
    /// The move.
    #[serde(flatten)]
    pub played: Move,
    /// Nodes that came off the board with it (a piece cut loose).
    pub gone: Vec<u32>,
}

/// What every game of a series starts from.
pub(crate) struct Setup {
    start: Game,
    bots: Vec<Box<dyn Bot>>,
    streams: Rng,
}

/// The game every game of `series` on `board` starts from, the bots, and
/// the random streams the games are drawn from; refused in words.
pub(crate) fn prepare(board: &Board, series: &Series) -> Result<Setup, PlayError> {
    let players = board.header.params.players as usize;
    let start = Game::new(board, players, &series.rules)?;
    if !(1..=Series::MOST_GAMES).contains(&series.games) {
        return Err(PlayError(format!(
            "games: {} is not allowed; a whole number from 1 to {}",
            series.games,
            Series::MOST_GAMES
        )));
    }
    let bots = series
        .bots
        .iter()
        .map(|name| bot(name).ok_or_else(|| PlayError(format!("bot: {name:?} is not a bot; the bots are {}", BOTS.join(", ")))))
        .collect::<Result<Vec<_>, _>>()?;
    if bots.len() != 1 && bots.len() != players {
        return Err(PlayError(format!(
            "bots: {} bots named for {players} players; name one for every seat, or one per seat",
            bots.len()
        )));
    }
    let streams = Rng::new(hash_text(&board.header.seed) ^ hash_text(&series.bots.join(",")), hash_text("play"));
    Ok(Setup { start, bots, streams })
}

/// What sees each move of a game, with the game before and after it.
type Record<'a> = dyn FnMut(&Game, &Move, &Game) + 'a;

/// Game `g` of a series from `start`; `record`, when given, sees each move
/// with the game before and after it.
fn play_one(start: &Game, bots: &[Box<dyn Bot>], streams: &Rng, g: u32, mut record: Option<&mut Record<'_>>) -> Outcome {
    let n = start.players();
    let (block, turn) = (u64::from(g) / n as u64, g as usize % n);
    let block_streams = streams.substream(block);
    let mut rngs: Vec<Rng> = (0..n).map(|s| block_streams.substream(((s + turn) % n) as u64)).collect();
    let seat_bots: Vec<usize> = (0..n).map(|s| if bots.len() == 1 { 0 } else { (s + turn) % n }).collect();
    let mut game = start.clone();
    game.deal(g);
    while !game.is_over() {
        let moves = game.moves();
        let seat = game.to_move();
        let pick = bots[seat_bots[seat]].choose(&game, &moves, &mut rngs[seat]);
        let chosen = &moves[pick.min(moves.len() - 1)];
        let before = record.is_some().then(|| game.clone());
        game.play_unchecked(chosen);
        if let (Some(record), Some(before)) = (record.as_mut(), before) {
            record(&before, chosen, &game);
        }
    }
    Outcome {
        winner: game.winner(),
        cut_off: game.centre_cut_off(),
        rounds: game.rounds(),
        starts: game.starts().to_vec(),
        bots: seat_bots,
    }
}

/// What `games` greedy games on a universe board say (none for 0 games):
/// each seat's win rate (`play.seats.K.win_rate`, K from 1), the starts'
/// spread of win rates and its excess over chance
/// (`play.start_spread`, `play.excess_start_spread`), the share of games
/// with no winner (`play.stalls`) and the mean rounds (`play.turns`).
pub(crate) fn figures(board: &Board, games: u32) -> Vec<(String, f64)> {
    if games == 0 {
        return Vec::new();
    }
    let series = Series {
        games,
        ..Default::default()
    };
    let Ok(report) = series.play(board) else {
        return Vec::new();
    };
    let mut figures: Vec<(String, f64)> = report
        .seats
        .iter()
        .map(|s| (format!("play.seats.{}.win_rate", s.seat), s.rate.win_rate))
        .collect();
    figures.extend([
        ("play.start_spread".to_string(), report.start_spread),
        ("play.excess_start_spread".to_string(), report.excess_start_spread),
        ("play.stalls".to_string(), f64::from(report.stalls) / f64::from(games)),
        ("play.turns".to_string(), report.turns.mean),
    ]);
    figures
}
