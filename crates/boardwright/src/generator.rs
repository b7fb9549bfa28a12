//! The contract every generator meets: [`Generator`], its core, and the
//! capabilities only some generators use for more than their defaults
//! ([`Logged`]: a log its results replay; [`Printed`]: what to print beside
//! the drawing; [`Played`]: games played on its results). [`Registered`] is
//! all of them, what the command line, the web app and `analyze` run;
//! [`Visit`] is how the registry hands a generator over by name.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{DrawOptions, Error, Seed, Unprintable, Watch, fairness, metrics, params, print};

/// What every generator offers: its parameters, its result and the
/// result's metrics, how large its work may grow, generation (followed by
/// an optional [`Watch`]) and drawing.
///
/// ```
/// use boardwright::{Generator, Seed, universe::Universe};
///
/// let params = universe::Params { players: 5, ..Default::default() };
/// # use boardwright::universe;
/// let board = Universe::generate(&params, &Seed::new("Tiamo")).unwrap();
/// assert_eq!(Universe::metrics(&board).crossings, 0);
/// ```
pub trait Generator: 'static {
    /// The command name, also the `generator` field of the result.
    const NAME: &'static str;
    /// One line saying what it makes.
    const ABOUT: &'static str;
    /// The steps reported to [`Watch::step`], in order.
    const STEPS: &'static [&'static str];
    /// What fair means for its boards: targets over many seeds' metrics,
    /// which `boardwright analyze` measures (none by default).
    const FAIRNESS: &'static [fairness::Target] = &[];
    /// What [`Generator::work_size`] counts, and how much of it a shared
    /// server makes for one request.
    const LIMITS: Limits;
    /// Its parameters.
    type Params: params::Params + Send + Sync + 'static;
    /// Its result: the JSON contract, read back from its JSON as it was
    /// (a board loaded from a file draws the same).
    type Board: Serialize + DeserializeOwned + schemars::JsonSchema + Clone + PartialEq + std::fmt::Debug + Send + 'static;
    /// The figures of a result that `analyze` reads.
    type Metrics: Serialize + metrics::Described;
    /// What a [`Watch`] is shown of the work in progress.
    type Snapshot: Serialize + schemars::JsonSchema + Send + 'static;

    /// Generates a result.
    fn generate(params: &Self::Params, seed: &Seed) -> Result<Self::Board, Error> {
        Self::generate_with(params, seed, &mut ())
    }

    /// Generates a result, reporting to `watch` as it goes.
    fn generate_with(params: &Self::Params, seed: &Seed, watch: &mut dyn Watch<Self::Snapshot>) -> Result<Self::Board, Error>;

    /// A result's metrics.
    fn metrics(board: &Self::Board) -> &Self::Metrics;

    /// Draws a result: each page the whole board, one sheet of the paper
    /// or, when `options.tile` asks for several sheets, as large as they
    /// make together (see [`Printed::sheets`] for what to print).
    fn draw(board: &Self::Board, options: DrawOptions) -> scene::Document;

    /// The work `params` asks for, in [`Limits::work_unit`]: what the
    /// size parameters set.
    fn work_size(params: &Self::Params) -> u64;

    /// How many snapshots a [`Watch`] asking for one every `every`
    /// repetitions receives (each as large as the work).
    fn snapshot_count(_params: &Self::Params, _every: u32) -> u64 {
        1
    }

    /// Writes a result as compact JSON: the bytes `serde_json::to_writer`
    /// writes, which a generator may produce faster its own way.
    fn write_json(board: &Self::Board, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        serde_json::to_writer(out, board).map_err(std::io::Error::other)
    }
}

/// A log of moves a generator's results replay (hexet's road log); `()`
/// and [`Generator::generate_with`] where nothing is played.
pub trait Logged: Generator {
    /// Moves played on a generated result, in order.
    type Log: DeserializeOwned + schemars::JsonSchema + Default + Send + Sync + 'static;
    /// The log as the command line names it; `None` where nothing is
    /// played.
    const LOG: Option<LogFile> = None;

    /// Generates a result, plays `log` on it and reports to `watch` as it
    /// goes; without a [`Logged::LOG`], the log is `()` and this is
    /// [`Generator::generate_with`].
    fn generate_logged(
        params: &Self::Params,
        seed: &Seed,
        _log: &Self::Log,
        watch: &mut dyn Watch<Self::Snapshot>,
    ) -> Result<Self::Board, Error> {
        Self::generate_with(params, seed, watch)
    }

    /// The log a web address's code gives (hexet:
    /// [`crate::hexet::Hexet::encode_log`], a few letters a road), refused
    /// naming the entry at fault; without a [`Logged::LOG`], only the empty
    /// code is read.
    fn decode_log(_params: &Self::Params, code: &str) -> Result<Self::Log, Error> {
        if code.is_empty() {
            Ok(Self::Log::default())
        } else {
            Err(Error::Log {
                index: 0,
                reason: format!("{} replays no log", Self::NAME),
            })
        }
    }
}

/// What to print of a generator's results beyond [`Generator::draw`]: the
/// sheets, a rules card, a mark too small to print, icon files, snapshots
/// drawn. The defaults print the drawing as it is.
pub trait Printed: Generator {
    /// Whether [`Printed::sheets`] adds a rules card after the board's
    /// sheets when [`DrawOptions::rules_card`] asks for one: a page (or
    /// more) of the paper saying what each thing on the board does.
    const RULES_CARD: bool = false;
    /// Each player's colour on the board, by player number (`#RRGGBB`),
    /// where the board shows what players did (hexet's roads); none by
    /// default.
    const PLAYER_COLORS: &'static [&'static str] = &[];

    /// What to print: the drawing, each page cut into `options.tile`
    /// sheets of the paper (row by row), which overlap by a strip marked
    /// with dashed lines and crosshairs and say where they go. The same as
    /// [`Generator::draw`] for one sheet.
    fn sheets(board: &Self::Board, options: DrawOptions) -> scene::Document {
        let (paper, tile) = (options.paper, options.tile);
        print::cut(Self::draw(board, options), paper, tile)
    }

    /// Draws the work as `snapshot`, taken during the generation of `board`,
    /// shows it, in the look of [`Generator::draw`] (starship: the ship after
    /// a stage, with the finished ship's key and colours); `None`, the
    /// default, where snapshots are not drawn.
    fn draw_snapshot(_board: &Self::Board, _snapshot: &Self::Snapshot, _options: DrawOptions) -> Option<scene::Document> {
        None
    }

    /// Sets what a drawing on `options` asks of the result itself, where
    /// `params` leave it to the generator: a universe printed over several
    /// sheets is laid out for the shape they make together.
    /// Nothing by default. Called before generating whatever is written,
    /// so that a board and its drawing stay one board.
    fn fit_to_sheets(_params: &mut Self::Params, _options: &DrawOptions) {}

    /// The icon files `params` name, as (name, path): the caller reads them
    /// into [`DrawOptions::icons`] under that name.
    fn icon_files(_params: &Self::Params) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Why a result of `params` could not be drawn on any paper, if it
    /// could not (too large: write JSON instead).
    fn check_drawable(_params: &Self::Params) -> Result<(), Unprintable> {
        Ok(())
    }

    /// Why `board` would lose a mark a player needs printed as `options`
    /// ask (universe: a node's number or pictogram), in words that name no
    /// command; none when it prints. Quick enough to be asked of every
    /// paper and tiling.
    fn unprintable(_board: &Self::Board, _options: &DrawOptions) -> Option<String> {
        None
    }

    /// Why `board` could not be printed as `options` ask without losing a
    /// mark a player needs ([`unprintable`](Printed::unprintable)), with
    /// the papers and sheets that would do; the drawing is then refused,
    /// never made without the mark.
    fn check_printable(board: &Self::Board, options: &DrawOptions) -> Result<(), Unprintable> {
        print::check_printable(options, |o| Self::unprintable(board, o))
    }
}

/// Games played on a generator's results, whose figures `analyze` reports
/// beside the metrics (`--play N`).
pub trait Played: Generator {
    /// What `analyze --play N` plays on each result, in words ("greedy
    /// games"); `None`, the default, where nothing is played.
    const PLAYED: Option<&'static str> = None;

    /// Figures measured beside `board`, the result of `params` and `seed`,
    /// that are no part of it, by name: witches' secret recipe's winning
    /// potions and the potions a simple strategy needs (with `games`, the
    /// search strategy's too); universe's and hexet's `games` greedy games
    /// (none for 0).
    fn extra_figures(_params: &Self::Params, _seed: &Seed, _board: &Self::Board, _games: u32) -> Vec<(String, f64)> {
        Vec::new()
    }
}

/// A generator as the registry holds it: its core and every capability,
/// what the command line, the web app and `analyze` run.
pub trait Registered: Logged + Printed + Played {}

impl<G: Logged + Printed + Played> Registered for G {}

/// How large a generator's work grows, and how much of it a shared server
/// makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// What [`Generator::work_size`] counts, in the plural ("nodes").
    pub work_unit: &'static str,
    /// The largest work (in `work_unit`) a shared server makes for one
    /// request; larger work is for the command line.
    pub served_work: u64,
}

/// A log a result replays ([`Logged::Log`]), as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogFile {
    /// The option that names the file (`roads`: `--roads FILE`).
    pub option: &'static str,
    /// What the file is, in messages ("road log").
    pub noun: &'static str,
    /// What the file holds.
    pub help: &'static str,
}

/// Something to do with a generator known by name: [`with_generator`](crate::with_generator)
/// calls [`Visit::visit`] with the generator's type.
pub trait Visit {
    /// What the visit gives.
    type Output;
    /// Does it with generator `G`.
    fn visit<G: Registered>(self) -> Self::Output;
}
