//! boardwright: fair, playable game content from a seed.
//!
//! Four generators, each a module with the same shape: its `Params` (plain
//! data with defaults; [`params::Params::resolve`] validates them from TOML
//! layers), its `Board` (serde: the JSON contract) and its generator type,
//! whose [`Generator`] methods generate a board and draw it (a
//! [`scene::Document`] that the `render` crate turns into SVG, PNG or PDF).
//! [`GENERATORS`] lists them and [`with_generator`] finds one by name:
//!
//! - [`universe`]: node-and-edge boards for the paper-cutting race game
//!   *Unstable Universe*;
//! - [`witches`]: folded-paper boards for *Wondering Witches*, split fairly
//!   between players;
//! - [`starship`]: ships on a tile grid built in configurable stages;
//! - [`hexet`]: hex maps with cities and a tower, and [`hexet::Game`], which
//!   tracks players' road networks and scores as roads come and go.
//!
//! The same [`Seed`] and parameters give the same result, byte for byte, on
//! every machine.
//!
//! ```
//! use boardwright::{Generator, Seed, universe::{self, Universe}};
//!
//! let params = universe::Params { players: 5, ..universe::Params::default() };
//! let board = Universe::generate(&params, &Seed::new("Tiamo")).unwrap();
//! assert_eq!(board.metrics.crossings, 0);
//! let again = Universe::generate(&params, &Seed::new("Tiamo")).unwrap();
//! assert_eq!(board, again);
//! ```
//!
//! Code that handles every generator alike (the command line, the web app)
//! is generic over [`Generator`], and can follow the work step by step with
//! a [`Watch`]:
//!
//! ```
//! use boardwright::{Generator, Recorder, Seed, params::Params as _, starship::{self, Starship}};
//!
//! // Parameters from TOML layers, as a config file would give them.
//! let layer: toml::Table = "width = 32\nheight = 32".parse().unwrap();
//! let params = starship::Params::resolve(&[layer]).unwrap();
//! let mut stages = Recorder::new(1);
//! let ship = Starship::generate_with(&params, &Seed::new("Tiamo"), &(), &mut stages).unwrap();
//! // The ship after each stage; the last is the finished ship.
//! assert_eq!(stages.snapshots.len(), params.pipeline.len());
//! assert_eq!(stages.snapshots.last().unwrap().tiles, ship.tiles);
//! ```
//!
//! The library does no I/O, reads no clock and no environment, and does not
//! panic on user input: parameters have one set of rules, applied by
//! [`params::Params::resolve`] to TOML layers and by [`params::Params::check`] to a struct
//! built in code, which every `generate` runs first; bad parameters give
//! [`Error::Params`], naming the parameter, the value and what is allowed.
//! Every accepted value keeps the work bounded.
//!
//! ```
//! use boardwright::{Error, Generator, Seed, universe::{self, Universe}};
//!
//! let params = universe::Params { players: 50, ..universe::Params::default() };
//! let err = Universe::generate(&params, &Seed::new("Tiamo")).unwrap_err();
//! assert!(matches!(err, Error::Params(_)));
//! assert_eq!(err.to_string(), "parameter `players`: 50 is not allowed; expected an integer from 2 to 9");
//! ```

pub mod fairness;
mod geom;
mod graph;
mod grid;
pub mod hexet;
pub mod metrics;
mod mst;
mod overlay;
pub mod params;
mod print;
pub mod schema;
mod seed;
pub mod starship;
mod stop;
pub mod universe;
pub mod witches;

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub use print::Tile;
pub use scene::Paper;
pub use seed::Seed;
pub use stop::Stop;

/// The toolkit's version, written into every result.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The fields every result starts with: which generator made it, from what
/// seed, with which version of the toolkit and which parameters. Results
/// flatten it, so in the JSON these are the first four fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Header<P> {
    /// The generator's name.
    pub generator: String,
    /// The seed text.
    pub seed: String,
    /// The toolkit's version.
    pub version: String,
    /// Every parameter, resolved.
    pub params: P,
}

impl<P> Header<P> {
    pub(crate) fn new(generator: &str, seed: &Seed, params: P) -> Header<P> {
        Header {
            generator: generator.to_string(),
            seed: seed.text().to_string(),
            version: VERSION.to_string(),
            params,
        }
    }
}

/// Follows a generation step by step: the steps as they begin and, when
/// [`Watch::every`] asks for them, snapshots of the work so far (universe:
/// the points after every k-th relaxation iteration; starship: the tiles
/// after each stage; hexet: the map). The last snapshot of an attempt shows
/// the state the result was made from.
///
/// `()` watches nothing; [`Recorder`] keeps the snapshots of the attempt
/// that succeeded.
pub trait Watch<S> {
    /// Step `step` (an index into [`Generator::STEPS`]) of attempt `attempt`
    /// (from 0) begins.
    fn step(&mut self, attempt: u32, step: usize) {
        let _ = (attempt, step);
    }

    /// Whether to take snapshots, and of a repeated step every how many
    /// repetitions (1: each); `None`, the default: no snapshots.
    fn every(&self) -> Option<u32> {
        None
    }

    /// A snapshot taken during attempt `attempt`.
    fn snapshot(&mut self, attempt: u32, snapshot: S) {
        let _ = (attempt, snapshot);
    }

    /// The flag that asks generation to give up, checked before each
    /// attempt ([`Error::Stopped`]); `None`, the default: never.
    fn stop(&self) -> Option<&Stop> {
        None
    }
}

impl<S> Watch<S> for () {}

/// A stop flag watches nothing but may end generation between attempts.
impl<S> Watch<S> for Stop {
    fn stop(&self) -> Option<&Stop> {
        Some(self)
    }
}

/// A [`Watch`] that records the snapshots of the last attempt (the one that
/// produced the result, when generation succeeds).
#[derive(Clone, Debug)]
pub struct Recorder<S> {
    every: u32,
    attempt: u32,
    stop: Option<Stop>,
    /// The snapshots, in the order they were taken.
    pub snapshots: Vec<S>,
}

impl<S> Recorder<S> {
    /// Records a snapshot every `every` repetitions of a repeated step (0 is taken as 1).
    pub fn new(every: u32) -> Recorder<S> {
        Recorder {
            every: every.max(1),
            attempt: 0,
            stop: None,
            snapshots: Vec::new(),
        }
    }

    /// This recorder, ending generation between attempts once `stop` is set.
    pub fn stopping(self, stop: Stop) -> Recorder<S> {
        Recorder { stop: Some(stop), ..self }
    }
}

impl<S> Watch<S> for Recorder<S> {
    fn every(&self) -> Option<u32> {
        Some(self.every)
    }

    fn snapshot(&mut self, attempt: u32, snapshot: S) {
        if attempt != self.attempt {
            self.snapshots.clear();
            self.attempt = attempt;
        }
        self.snapshots.push(snapshot);
    }

    fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }
}

/// What every generator offers, so the command line, the web app and
/// `analyze` run them all the same way: its parameters, its result and the
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
    /// What [`Generator::work_size`] counts, in the plural ("nodes").
    const WORK_UNIT: &'static str;
    /// The largest work (in [`Generator::WORK_UNIT`]) a shared server makes
    /// for one request; larger work is for the command line.
    const SERVED_WORK: u64;
    /// The log a result can replay (hexet's road log), as the command line
    /// names it; `None` where nothing is played.
    const LOG: Option<LogFile> = None;

    /// Whether [`Generator::sheets`] adds a rules card after the board's
    /// sheets when [`DrawOptions::rules_card`] asks for one: a page (or
    /// more) of the paper saying what each thing on the board does.
    const RULES_CARD: bool = false;
    /// Its parameters.
    type Params: params::Params + Send + Sync + 'static;
    /// Its result: the JSON contract, read back from its JSON as it was
    /// (a board loaded from a file draws the same).
    type Board: Serialize + DeserializeOwned + schemars::JsonSchema + Send + 'static;
    /// The figures of a result that `analyze` reads.
    type Metrics: Serialize + metrics::Described;
    /// What a [`Watch`] is shown of the work in progress.
    type Snapshot: Serialize + schemars::JsonSchema + Send + 'static;
    /// Moves played on a generated result, in order (hexet's road log); `()`
    /// where nothing is played.
    type Log: DeserializeOwned + schemars::JsonSchema + Default + Send + Sync + 'static;

    /// Generates a result.
    fn generate(params: &Self::Params, seed: &Seed) -> Result<Self::Board, Error> {
        Self::generate_with(params, seed, &Self::Log::default(), &mut ())
    }

    /// Generates a result, plays `log` on it and reports to `watch` as it goes.
    fn generate_with(
        params: &Self::Params,
        seed: &Seed,
        log: &Self::Log,
        watch: &mut dyn Watch<Self::Snapshot>,
    ) -> Result<Self::Board, Error>;

    /// The log a web address's code gives (hexet: [`hexet::road_code`], a
    /// few letters a road), refused naming the entry at fault; without a
    /// [`Generator::LOG`], only the empty code is read.
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

    /// A result's metrics.
    fn metrics(board: &Self::Board) -> &Self::Metrics;

    /// Draws a result: each page the whole board, one sheet of the paper
    /// or, when `options.tile` asks for several sheets, as large as they
    /// make together (see [`Generator::sheets`] for what to print).
    fn draw(board: &Self::Board, options: DrawOptions) -> scene::Document;

    /// Draws the work as `snapshot`, taken during the generation of `board`,
    /// shows it, in the look of [`Generator::draw`] (starship: the ship after
    /// a stage, with the finished ship's key and colours); `None`, the
    /// default, where snapshots are not drawn.
    fn draw_snapshot(_board: &Self::Board, _snapshot: &Self::Snapshot, _options: DrawOptions) -> Option<scene::Document> {
        None
    }

    /// What to print: the drawing, each page cut into `options.tile`
    /// sheets of the paper (row by row), which overlap by a strip marked
    /// with dashed lines and crosshairs and say where they go. The same as
    /// [`Generator::draw`] for one sheet.
    fn sheets(board: &Self::Board, options: DrawOptions) -> scene::Document {
        let (paper, tile) = (options.paper, options.tile);
        print::cut(Self::draw(board, options), paper, tile)
    }

    /// The work `params` asks for, in [`Generator::WORK_UNIT`]: what the
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

    /// The icon files `params` name, as (name, path): the caller reads them
    /// into [`DrawOptions::icons`] under that name.
    fn icon_files(_params: &Self::Params) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Figures measured beside the result of `params` and `seed` that are
    /// no part of it, by name: witches' secret recipe's winning potions and
    /// the potions a simple strategy needs. `analyze` reports them with the
    /// metrics.
    fn extra_figures(_params: &Self::Params, _seed: &Seed) -> Vec<(&'static str, f64)> {
        Vec::new()
    }

    /// Why a result of `params` could not be drawn, if it could not.
    fn check_drawable(_params: &Self::Params) -> Result<(), String> {
        Ok(())
    }

    /// Why `board` could not be printed as `options` ask without losing a
    /// mark a player needs (universe: a node's number or pictogram), naming
    /// a paper or tiling that would do; the drawing is then refused, never
    /// made without the mark.
    fn check_printable(_board: &Self::Board, _options: &DrawOptions) -> Result<(), String> {
        Ok(())
    }
}

/// A log a result replays ([`Generator::Log`]), as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogFile {
    /// The option that names the file (`roads`: `--roads FILE`).
    pub option: &'static str,
    /// What the file is, in messages ("road log").
    pub noun: &'static str,
    /// What the file holds.
    pub help: &'static str,
}

/// Something to do with a generator known by name: [`with_generator`]
/// calls [`Visit::visit`] with the generator's type.
pub trait Visit {
    /// What the visit gives.
    type Output;
    /// Does it with generator `G`.
    fn visit<G: Generator>(self) -> Self::Output;
}

/// The registry: every generator, in the order they are listed. Adding a
/// generator is its module and a line here.
macro_rules! registry {
    ($($generator:ty),* $(,)?) => {
        /// Every generator's name, in the order they are listed.
        pub const GENERATORS: &[&str] = &[$(<$generator>::NAME),*];

        /// Visits the generator named `name` with `visit`; `None` when no
        /// generator has that name.
        pub fn with_generator<V: Visit>(name: &str, visit: V) -> Option<V::Output> {
            $(
                if name == <$generator>::NAME {
                    return Some(visit.visit::<$generator>());
                }
            )*
            None
        }
    };
}

registry!(universe::Universe, witches::Witches, starship::Starship, hexet::Hexet);

/// How to draw a result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DrawOptions {
    /// White fills and dark outlines only, to save ink.
    pub ink_friendly: bool,
    /// The paper drawn for.
    pub paper: scene::Paper,
    /// The sheets of that paper one board is printed over (one by default).
    pub tile: Tile,
    /// SVG text of icons named by the parameters (a universe node type's
    /// `icon` file), by the name they were given under: whoever reads files
    /// fills it in ([`Generator::icon_files`] says which); a named icon
    /// missing here is drawn as if none were named.
    pub icons: std::collections::BTreeMap<String, String>,
    /// A rules card after the board's sheets, for a generator that has one
    /// ([`Generator::RULES_CARD`]; the others ignore it).
    pub rules_card: bool,
}

/// Runs `attempt(0)`, `attempt(1)`, … until one succeeds, at most
/// `max_attempts` times; the error carries the last attempt's reason.
/// Before each attempt, `stop` (when there is one) may end it all.
pub(crate) fn retry<T>(
    generator: &'static str,
    max_attempts: u32,
    stop: Option<Stop>,
    mut attempt: impl FnMut(u32) -> Result<T, String>,
) -> Result<T, Error> {
    let mut reason = String::from("no attempt was made");
    for k in 0..max_attempts {
        if stop.as_ref().is_some_and(Stop::stopped) {
            return Err(Error::Stopped);
        }
        match attempt(k) {
            Ok(result) => return Ok(result),
            Err(why) => reason = why,
        }
    }
    Err(Error::Generate {
        generator,
        attempts: max_attempts,
        reason,
    })
}

/// Why a generator gave no result: what every `generate` (and
/// [`Generator::generate`], [`hexet::Game::new`]) returns.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// The parameters break a rule of [`params::Params::resolve`] (checked by
    /// [`params::Params::check`] before any work): the error names the parameter,
    /// the value and what is allowed, as the command line does.
    Params(params::ParamError),
    /// Every attempt failed (a seed or parameters that could not be satisfied).
    Generate {
        /// The generator.
        generator: &'static str,
        /// Attempts made.
        attempts: u32,
        /// Why the last attempt failed.
        reason: String,
    },
    /// An entry of the log was refused: nothing was produced.
    Log {
        /// Index of the refused entry, from 0 (its message counts entries
        /// from 1, as a reader does).
        index: usize,
        /// Why it was refused.
        reason: String,
    },
    /// The watch's [`Stop`] asked generation to give up: no result, and no
    /// fault of the parameters.
    Stopped,
}

impl From<params::ParamError> for Error {
    fn from(e: params::ParamError) -> Error {
        Error::Params(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Params(e) => e.fmt(f),
            Error::Generate {
                generator,
                attempts,
                reason,
            } => write!(
                f,
                "no valid {generator} result after {attempts} attempt(s): {reason} (try another seed, or raise max_attempts)"
            ),
            Error::Log { index, reason } => write!(f, "log entry {}: {reason}", index + 1),
            Error::Stopped => f.write_str("generation was stopped before it was finished"),
        }
    }
}

impl std::error::Error for Error {}
