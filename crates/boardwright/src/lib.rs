//! boardwright: fair, playable game content from a seed.
//!
//! Four generators, each a module with the same shape: its `Params` (plain
//! data with defaults; [`params::Params::resolve`] validates them from TOML
//! layers), its `Board` (serde: the JSON contract) and its generator type,
//! whose [`Generator`] methods generate a board and draw it (a
//! [`scene::Document`] of pages and shapes). [`draw::draw`] turns a board
//! into SVG, PNG or PDF bytes (feature `draw`, on by default; without it
//! the library builds without the renderer).
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
//! // Parameters from TOML text, as a config file would give them.
//! let params = starship::Params::from_toml("width = 32\nheight = 32").unwrap();
//! let mut stages = Recorder::new(1);
//! let ship = Starship::generate_with(&params, &Seed::new("Tiamo"), &mut stages).unwrap();
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

/// A module public only with the `internals` feature (for the library's
/// own tests, benchmarks and examples), the crate's own otherwise.
macro_rules! internal {
    ($(#[$meta:meta])* mod $name:ident;) => {
        #[cfg(feature = "internals")]
        $(#[$meta])*
        pub mod $name;
        #[cfg(not(feature = "internals"))]
        #[allow(dead_code)]
        $(#[$meta])*
        pub(crate) mod $name;
    };
}
pub(crate) use internal;

#[cfg(feature = "draw")]
pub mod draw;
pub mod fairness;
mod generator;
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
pub mod stats;
mod stop;
internal! { mod threads; }
pub mod universe;
mod watch;
pub mod witches;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use generator::{Generator, Limits, LogFile, Logged, Played, Printed, Registered, Visit};
pub use print::{Sheets, Tile, Unprintable};
pub use scene::Paper;
pub use seed::{Rng, Seed};
pub use stop::Stop;
pub use watch::{Recorder, Watch};

/// The toolkit's version, written into every result.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The fields every result starts with: which generator made it, from what
/// seed, with which version of the toolkit and which parameters. Results
/// flatten it, so in the JSON these are the first four fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Header<P> {
    /// The generator's name ([`Generator::NAME`]).
    pub generator: String,
    /// The seed text, exactly as given.
    pub seed: String,
    /// The toolkit's version: the `boardwright` crate's version, which
    /// `boardwright --version` prints.
    pub version: String,
    /// Every parameter, resolved: the defaults, the preset, the config file
    /// and the settings merged. Its keys are the parameter names that
    /// `boardwright list` prints.
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

/// The registry: every generator, in the order they are listed. Adding a
/// generator is its module and a line here.
macro_rules! registry {
    ($($generator:ty),* $(,)?) => {
        /// Every generator's name, in the order they are listed.
        pub const GENERATORS: &[&str] = &[$(<$generator>::NAME),*];

        $(
            impl GeneratedBoard for <$generator as Generator>::Board {
                type Generator = $generator;
            }
        )*

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

/// A board of one of the generators, which names the generator that made
/// it: what draws it and writes it is known from its type.
pub trait GeneratedBoard {
    /// The generator that makes boards of this type.
    type Generator: Registered<Board = Self>;
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
    /// fills it in ([`Printed::icon_files`] says which); a named icon
    /// missing here is drawn as if none were named.
    pub icons: std::collections::BTreeMap<String, String>,
    /// A rules card after the board's sheets, for a generator that has one
    /// ([`Printed::RULES_CARD`]; the others ignore it).
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
