//! Unstable Universe, played: the game on a board ([`Game`]: its state,
//! legal moves and what a move does), bots that play it ([`Bot`]), and a
//! series of seeded games with the statistics of who wins ([`play`],
//! [`Report`]). `docs/play.md` gives the rules and where each comes from.
//!
//! ```
//! use boardwright::{Generator, Seed, universe::{self, Universe, play}};
//!
//! let board = Universe::generate(&universe::Params::default(), &Seed::new("Tiamo")).unwrap();
//! let series = play::Series { games: 8, ..Default::default() };
//! let report = play::play(&board, &series).unwrap();
//! assert_eq!(report.seats.len(), 4);
//! assert_eq!(report.seats.iter().map(|s| s.rate.wins).sum::<u32>() + report.stalls, 8);
//! ```

mod bots;
mod game;
mod paper;
mod report;
mod rules;

use rayon::prelude::*;

pub use bots::{BOTS, Bot, GreedyBot, RandomBot, SearchBot, bot};
pub use game::{Action, Game, Move, PlayError};
pub use report::{BotRate, ChiSquare, Outcome, Rate, Report, SeatRate, StartRate, Turns, upper_gamma, wilson};
pub use rules::{Effect, Mission, Rules, StartOrder};

use crate::Rng;
use crate::seed::hash_text;
use crate::universe::Board;

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

/// Most games one series may play.
pub const MOST_GAMES: u32 = 10_000_000;

/// A series of games on one board.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Games to play, 1 to [`MOST_GAMES`].
    pub games: u32,
    /// One bot name for every seat (mirror play), or one per seat (mixed
    /// games; the bots move round the seats from game to game).
    pub bots: Vec<String>,
    /// The rules.
    pub rules: Rules,
}

impl Default for Series {
    fn default() -> Series {
        Series {
            games: 1000,
            bots: vec!["greedy".to_string()],
            rules: Rules::default(),
        }
    }
}

/// Plays `series` on `board` with as many players as the board was made
/// for, and reports who won. The games are seeded from the board's seed,
/// the bots and each game's index, so the same call gives the same report
/// on any number of threads. Seats rotate: in each block of as many games
/// as players, every seat gets each player's random stream once (and, in
/// mixed games, each bot once), so that turn order and start separate.
pub fn play(board: &Board, series: &Series) -> Result<Report, PlayError> {
    play_with(board, series, &|_| {})
}

/// [`play`], calling `done` with each game's index as it ends (from any
/// thread, in no set order).
pub fn play_with(board: &Board, series: &Series, done: &(dyn Fn(u32) + Sync)) -> Result<Report, PlayError> {
    let Setup { start, bots, streams } = prepare(board, series)?;
    let outcomes: Vec<Outcome> = (0..series.games)
        .into_par_iter()
        .map(|g| {
            let outcome = play_one(&start, &bots, &streams, g, None);
            done(g);
            outcome
        })
        .collect();
    Ok(Report::new(&outcomes, start.players(), &series.bots, &streams.substream(u64::MAX)))
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

/// Game `g` of `series` on `board` (the same game [`play`] plays), move by
/// move, and how it ended.
pub fn replay(board: &Board, series: &Series, g: u32) -> Result<(Vec<Turn>, Outcome), PlayError> {
    let Setup { start, bots, streams } = prepare(board, series)?;
    if g >= series.games {
        return Err(PlayError(format!("game {g}: the series has games 0 to {}", series.games - 1)));
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

/// What every game of a series starts from.
struct Setup {
    start: Game,
    bots: Vec<Box<dyn Bot>>,
    streams: Rng,
}

/// The game every game of `series` on `board` starts from, the bots, and
/// the random streams the games are drawn from; refused in words.
fn prepare(board: &Board, series: &Series) -> Result<Setup, PlayError> {
    let players = board.header.params.players as usize;
    let start = Game::new(board, players, &series.rules)?;
    if !(1..=MOST_GAMES).contains(&series.games) {
        return Err(PlayError(format!(
            "games: {} is not allowed; a whole number from 1 to {MOST_GAMES}",
            series.games
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
        rounds: game.rounds(),
        starts: game.starts().to_vec(),
        bots: seat_bots,
    }
}
