//! boardwright: fair, playable game content from a seed.
//!
//! The foundation every generator shares ([`seed`], [`params`], [`geom`],
//! [`grid`], [`graph`], [`mst`]) and the generators themselves ([`universe`]).
//! Each generator takes validated parameters and a [`seed::Seed`], returns a
//! serde result (its JSON contract) and can draw that result into a
//! [`scene::Document`].
//!
//! The library does no I/O, reads no clock and no environment, and does not
//! panic on user input: parameters are validated once, by [`params::resolve`].

pub mod geom;
pub mod graph;
pub mod grid;
pub mod hexet;
pub mod mst;
pub mod params;
pub mod seed;
pub mod starship;
pub mod universe;
pub mod witches;

use std::fmt;

/// The toolkit's version, written into every result.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What every generator offers, so the command line (and later the web page)
/// can treat them alike.
pub trait Generator {
    /// The command name, also the `generator` field of the result.
    const NAME: &'static str;
    /// One line saying what it makes.
    const ABOUT: &'static str;
    /// The steps reported to a progress callback, in order.
    const STEPS: &'static [&'static str];
    /// Its parameters.
    type Params: params::Params;
    /// Its result: the JSON contract.
    type Output: serde::Serialize;

    /// Generates, calling `progress(attempt, step)` as each step begins.
    fn generate(params: &Self::Params, seed: &seed::Seed, progress: &mut dyn FnMut(u32, usize)) -> Result<Self::Output, GenerateError>;

    /// Draws a result.
    fn draw(output: &Self::Output, options: DrawOptions) -> scene::Document;

    /// A rough measure of the work `params` asks for (items generated), for
    /// deciding whether to show progress.
    fn work_size(_params: &Self::Params) -> u64 {
        0
    }

    /// Writes a result as compact JSON: the bytes `serde_json::to_writer`
    /// writes, which a generator may produce faster its own way.
    fn write_json(output: &Self::Output, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        serde_json::to_writer(out, output).map_err(std::io::Error::other)
    }

    /// Why a result of `params` could not be drawn, if it could not.
    fn check_drawable(_params: &Self::Params) -> Result<(), String> {
        Ok(())
    }
}

/// How to draw a result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawOptions {
    /// White fills instead of colours, to save ink.
    pub ink_friendly: bool,
}

/// Why a generator produced nothing: every attempt failed.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateError {
    /// The generator.
    pub generator: &'static str,
    /// Attempts made.
    pub attempts: u32,
    /// Why the last attempt failed.
    pub reason: String,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no valid {} result after {} attempt(s): {} (try another seed, or raise max_attempts)",
            self.generator, self.attempts, self.reason
        )
    }
}

impl std::error::Error for GenerateError {}
