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
pub mod mst;
pub mod params;
pub mod seed;
pub mod universe;

/// The toolkit's version, written into every result.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
