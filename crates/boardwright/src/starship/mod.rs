//! Starship: enemy ships on a tile grid, built by a pipeline of stages
//! (after StarWright), every crew path kept open.
//!
//! - `params`: the parameters;
//! - `board`: the result, its metrics, the snapshots;
//! - `stages`: one file per kind of stage, each with its parameters, and
//!   the list of kinds that gives the [`Stage`] enum; the default pipeline
//!   is the original's fourteen, and a pipeline is data (`pipeline = [...]`
//!   in TOML);
//! - `part`: parts, their roles, rectangles and facings;
//! - `ship`: tiles, parts, doors, walking, the path contiguity check;
//! - `check`: the guarantees a finished ship is held to;
//! - `grid`: [`Board::grid`], a finished ship's tiles and walks to query;
//! - `draw`: the printed page;
//! - this module: generation (run the pipeline, check every guarantee,
//!   retry on fresh streams if one fails) and the [`Starship`] generator.

use std::collections::BTreeMap;

use crate::seed::Seed;
use crate::{DrawOptions, Error, Generator, Header, Logged, Played, Printed, Watch};

mod board;
mod check;
mod draw;
mod grid;
mod params;
mod part;
mod ship;
mod stages;

use board::Snapshot;
pub use board::{Board, Metrics};
use board::{StageScore, doors, legend, rows};
pub(crate) use draw::{draw, draw_stage};
pub use grid::Grid;
pub use params::Params;
use params::{AMMO_WALK, POWER_WALK};
pub use part::{Facing, Part, Rect, Role};
use ship::Ship;
pub use ship::Tile;
pub use stages::Stage;
use stages::{Context, Walks};

/// The stages' parameters, for pipelines written in code, what a machine
/// stage reports, and the tiles a watch sees after each stage.
///
/// ```
/// use boardwright::starship::pipeline::CrewParams;
/// use boardwright::starship::{Params, Stage};
///
/// let mut params = Params::default();
/// params.pipeline[11] = Stage::Crew(CrewParams { quarters: 2, ..CrewParams::default() });
/// ```
pub mod pipeline {
    pub use super::board::{Snapshot, StageScore};
    pub use super::stages::{
        ArmorParams, CrewParams, DoorParams, FillGapsParams, MachineParams, NoParams, RoomParams, ShapeParams, SupplyParams, Variant,
    };
}

/// The generation steps reported to a progress callback (the stage index, capped).
pub(crate) const STEPS: [&str; 1] = ["running the stages"];

/// The starship generator: [`Generator::generate`] makes a ship,
/// [`Generator::draw`] draws it. Parameters that
/// [`Params::resolve`](crate::params::Params::resolve) would refuse give
/// [`Error::Params`], before any work.
///
/// ```
/// use boardwright::{Generator, Seed, starship::{self, Starship}};
///
/// let ship = Starship::generate(&starship::Params::default(), &Seed::new("Tiamo")).unwrap();
/// let cockpits = ship.parts.iter().filter(|p| p.role == starship::Role::Cockpit).count();
/// assert_eq!(cockpits, 1);
/// assert_eq!(ship.tiles.len() as u32, ship.height);
/// ```
pub struct Starship;

impl Generator for Starship {
    const NAME: &'static str = "starship";
    const ABOUT: &'static str = "ships on a tile grid built in configurable stages, every crew path kept open (after StarWright)";
    const STEPS: &'static [&'static str] = &STEPS;
    const FAIRNESS: &'static [crate::fairness::Target] = crate::fairness::STARSHIP;
    const LIMITS: crate::Limits = crate::Limits {
        work_unit: "tiles",
        served_work: 128 * 128,
    };
    type Params = Params;
    type Board = Board;
    type Metrics = Metrics;
    type Snapshot = Snapshot;

    /// Generates a ship, telling `watch` as each stage begins and, when it asks
    /// for snapshots, showing it the tiles after every stage (of every attempt;
    /// the last attempt's last snapshot holds the finished ship's tiles).
    /// Parameters are checked first. Code outside the crate watches through
    /// [`Starship`]'s [`Generator::generate_with`].
    fn generate_with(params: &Params, seed: &Seed, watch: &mut dyn Watch<Snapshot>) -> Result<Board, Error> {
        crate::params::Params::check(params)?;
        let legend = legend(params);
        let symbols: BTreeMap<String, char> = legend.iter().map(|(&c, m)| (m.clone(), c)).collect();
        let walks = Walks {
            ammo: params.supply_walk.unwrap_or(AMMO_WALK),
            power: params.supply_walk.unwrap_or(POWER_WALK),
        };
        let snapshots = watch.every().is_some();
        crate::retry("starship", params.max_attempts, watch.stop().cloned(), |attempt| {
            let mut ship = Ship::new(params.width, params.height);
            let (mut scores, mut shortfalls) = (Vec::new(), Vec::new());
            for (i, stage) in params.pipeline.iter().enumerate() {
                watch.step(attempt, i.min(STEPS.len() - 1));
                let mut rng = seed.stream(&format!("stage {i} {}", stage.name()), attempt);
                let mut cx = Context {
                    rng: &mut rng,
                    max_detour: params.max_detour,
                    walks,
                    scores: &mut scores,
                    shortfalls: &mut shortfalls,
                };
                stage.run(&mut ship, &mut cx);
                if snapshots {
                    let tiles = rows(&ship, &symbols);
                    watch.snapshot(
                        attempt,
                        Snapshot {
                            stage: stage.name().to_string(),
                            tiles,
                            parts: ship.parts.clone(),
                            doors: doors(&ship),
                        },
                    );
                }
            }
            let (weapon_walk, thruster_walk) = check::check(&ship, walks)?;
            let mut part_counts = BTreeMap::new();
            for p in &ship.parts {
                *part_counts.entry(p.kind.clone()).or_insert(0) += 1;
            }
            let metrics = Metrics {
                part_counts,
                scores: scores
                    .into_iter()
                    .map(|(stage, budget, placed)| StageScore { stage, budget, placed })
                    .collect(),
                longest_weapon_to_ammo_walk: weapon_walk,
                longest_thruster_to_power_walk: thruster_walk,
                shortfalls,
                walkable_tiles: (0..ship.tiles.len()).filter(|&t| ship.walkable(t)).count() as u32,
                doors: ship.doors.len() as u32,
                attempts: attempt + 1,
            };
            Ok(Board {
                header: Header::new("starship", seed, params.clone()),
                metrics,
                width: ship.width,
                height: ship.height,
                tiles: rows(&ship, &symbols),
                legend: legend.iter().map(|(c, m)| (c.to_string(), m.clone())).collect(),
                parts: ship.parts.clone(),
                doors: doors(&ship),
                stages: params.pipeline.iter().map(|s| s.name().to_string()).collect(),
            })
        })
    }

    fn draw(ship: &Board, options: DrawOptions) -> scene::Document {
        draw(ship, options)
    }

    fn work_size(params: &Params) -> u64 {
        u64::from(params.width) * u64::from(params.height)
    }

    fn metrics(board: &Board) -> &Metrics {
        &board.metrics
    }

    fn snapshot_count(params: &Params, _every: u32) -> u64 {
        params.pipeline.len() as u64
    }
}

impl Logged for Starship {
    type Log = ();
}

impl Printed for Starship {
    /// The ship after the snapshot's stage, drawn with the finished ship's
    /// key, colours and frame: after the last stage, the finished drawing.
    fn draw_snapshot(ship: &Board, snapshot: &Snapshot, options: DrawOptions) -> Option<scene::Document> {
        Some(draw_stage(ship, &snapshot.on(ship), options))
    }
}

impl Played for Starship {}
