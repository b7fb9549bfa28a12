//! Starship: enemy ships on a tile grid, built by a pipeline of stages
//! (after StarWright), every crew path kept open.
//!
//! - `ship`: tiles, parts, doors, walking, the path contiguity check;
//! - `stages`: the stages and their parameters; the default pipeline is the
//!   original's fourteen, and a pipeline is data (`pipeline = [...]` in TOML);
//! - this module: parameters, [`generate`] (run the pipeline, check every
//!   guarantee, retry on fresh streams if one fails), the JSON result.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::params::{Allowed, ParamError, ParamInfo, Params as ParamsTrait};
use crate::seed::Seed;
use crate::{DrawOptions, Error, Generator, Header, Watch};

mod draw;
mod ship;
mod stages;

pub use draw::draw;
pub use ship::{Facing, Part, Role};
use ship::{Ship, Tile};
pub use stages::{
    ArmorParams, CrewParams, DoorParams, FillGapsParams, MachineParams, NoParams, RoomParams, ShapeParams, Stage, SupplyParams, Variant,
};
use stages::{Context, Walks};

/// Parameters of a starship.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Grid width in tiles.
    pub width: u32,
    /// Grid height in tiles.
    pub height: u32,
    /// Path contiguity bound: tiles around a new part must still reach each other within this many steps.
    pub max_detour: u32,
    /// Walking distance within which every weapon has ammo and every thruster
    /// power (power storage or the reactor); none: [`AMMO_WALK`] for weapons
    /// and [`POWER_WALK`] for thrusters, at every size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supply_walk: Option<u32>,
    /// Whole-ship attempts before giving up.
    pub max_attempts: u32,
    /// The stages, in order.
    pub pipeline: Vec<Stage>,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            width: 40,
            height: 40,
            max_detour: 5,
            supply_walk: None,
            max_attempts: 30,
            pipeline: stages::default_pipeline(),
        }
    }
}

/// Largest grid side accepted.
pub const MAX_SIDE: u32 = 512;
/// Steps from a weapon to its nearest ammo supply at most, unless
/// `supply_walk` says otherwise.
pub const AMMO_WALK: u32 = 12;
/// Steps from a thruster to its nearest power storage or the reactor at
/// most, unless `supply_walk` says otherwise.
pub const POWER_WALK: u32 = 16;

/// Smallest grid side accepted: on a smaller grid the default stages find
/// no room for a ship (at 20 × 20 one seed in sixty failed every attempt, at
/// 16 × 16 nearly all; from 22 none of sixty).
pub const MIN_SIDE: u32 = 22;

impl ParamsTrait for Params {
    const INFO: &'static [ParamInfo] = &[
        ParamInfo {
            name: "width",
            doc: "grid width in tiles (the work grows with the area)",
            allowed: Allowed::Int {
                min: MIN_SIDE as i64,
                max: MAX_SIDE as i64,
            },
        },
        ParamInfo {
            name: "height",
            doc: "grid height in tiles (the work grows with the area)",
            allowed: Allowed::Int {
                min: MIN_SIDE as i64,
                max: MAX_SIDE as i64,
            },
        },
        ParamInfo {
            name: "max_detour",
            doc: "steps the tiles round a new part may need to reach each other",
            allowed: Allowed::Int { min: 2, max: 40 },
        },
        ParamInfo {
            name: "supply_walk",
            doc: "walking distance within which every weapon has ammo and every thruster power, storage or the reactor (none: 12 to ammo, 16 to power)",
            allowed: Allowed::Int { min: 1, max: 1000 },
        },
        ParamInfo {
            name: "max_attempts",
            doc: "whole-ship attempts before giving up (fewer for a costly pipeline: attempts times its work is bounded)",
            allowed: Allowed::Int { min: 1, max: 1000 },
        },
        ParamInfo {
            name: "pipeline",
            doc: "the stages in order ([[pipeline]] tables with `stage = \"name\"` and any of its parameters; 1 to 64 stages, their work times max_attempts bounded)",
            allowed: Allowed::Data("a list of stage tables"),
        },
    ];
    const SIZE: &'static [&'static str] = &["width", "height"];
    const PRESETS: &'static [(&'static str, &'static str)] = &[];

    fn validate(&self) -> Result<(), ParamError> {
        if !(1..=MAX_STAGES).contains(&self.pipeline.len()) {
            return Err(ParamError::invalid(
                "pipeline",
                format!("{} stages", self.pipeline.len()),
                format!("1 to {MAX_STAGES} stages"),
            ));
        }
        for (i, stage) in self.pipeline.iter().enumerate() {
            stage.validate(&format!("pipeline[{i}] ({})", stage.name()))?;
        }
        check_variants(&self.pipeline)?;
        let area = u64::from(self.width) * u64::from(self.height);
        let work = self.pipeline.iter().map(|s| s.work(area)).fold(0, u64::saturating_add);
        // The bound grows with the grid as the work of a unit does not:
        // counts per 1000 hull tiles grow with it.
        let max_work = MAX_WORK.saturating_mul(area.div_ceil(REFERENCE_AREA));
        if work > max_work {
            return Err(ParamError::invalid(
                "pipeline",
                format!("{work} units of work a ship"),
                format!("at most {max_work} at this size (fewer stages, smaller counts or rates, or smaller parts)"),
            ));
        }
        if u64::from(self.max_attempts).saturating_mul(work) > max_work {
            return Err(ParamError::invalid(
                "max_attempts",
                self.max_attempts,
                format!(
                    "at most {} with this pipeline ({work} units of work a ship, {max_work} over all attempts at this size)",
                    max_work / work
                ),
            ));
        }
        Ok(())
    }
}

/// Most stages in a pipeline.
pub const MAX_STAGES: usize = 64;

/// Most work ([`Stage::work`]) over all attempts together, per
/// [`REFERENCE_AREA`] of grid (a 40 × 40 grid or less: some 4.5 s in a
/// release build for the costliest pipelines we could build; the default
/// pipeline may make 47 attempts). A unit's time grows
/// with the grid's area, and so do the counts of stages with per-hull rates
/// and this bound: a pipeline with rates may take time growing with the
/// square of the area, one without in proportion to it.
pub const MAX_WORK: u64 = 150_000;

/// The grid area [`MAX_WORK`] is given for.
pub const REFERENCE_AREA: u64 = 1600;

/// The legend's symbols that are not variants': tiles, then rooms.
fn fixed_symbols() -> impl Iterator<Item = (char, &'static str)> {
    TILE_SYMBOLS
        .into_iter()
        .chain(ROOM_SYMBOLS.into_iter().map(|(role, c)| (c, role.name())))
}

/// Each variant's symbol and name are its own: visible, not the legend's
/// for a tile or room, and a name always goes with the same symbol and role
/// (a variant may appear in several stages).
fn check_variants(pipeline: &[Stage]) -> Result<(), ParamError> {
    let mut seen: Vec<(String, &Variant)> = Vec::new();
    for (i, stage) in pipeline.iter().enumerate() {
        let (Stage::Thrusters(m) | Stage::Weapons(m)) = stage else {
            continue;
        };
        for (k, v) in m.variants.iter().enumerate() {
            let at = format!("pipeline[{i}] ({}).variants[{k}]", stage.name());
            let field = |name: &str| format!("{at}.{name}");
            if v.symbol.is_whitespace() || v.symbol.is_control() || fixed_symbols().any(|(c, _)| c == v.symbol) {
                let taken: Vec<String> = fixed_symbols().map(|(c, _)| format!("{c:?}")).collect();
                return Err(ParamError::invalid(
                    &field("symbol"),
                    format!("{:?}", v.symbol),
                    format!("a visible character other than {}", taken.join(", ")),
                ));
            }
            if fixed_symbols().any(|(_, meaning)| meaning == v.name) {
                let taken: Vec<&str> = fixed_symbols().map(|(_, meaning)| meaning).collect();
                return Err(ParamError::invalid(
                    &field("name"),
                    format!("\"{}\"", v.name),
                    format!("a name other than {}", taken.join(", ")),
                ));
            }
            if let Some((other, u)) = seen.iter().find(|(_, u)| u.symbol == v.symbol || u.name == v.name) {
                if u.name != v.name {
                    return Err(ParamError::invalid(
                        &field("symbol"),
                        format!("{:?}", v.symbol),
                        format!("a symbol of its own ({other}, \"{}\", has it)", u.name),
                    ));
                }
                if u.symbol != v.symbol {
                    return Err(ParamError::invalid(
                        &field("symbol"),
                        format!("{:?}", v.symbol),
                        format!("{:?}, the symbol of \"{}\" at {other}", u.symbol, u.name),
                    ));
                }
                if u.role != v.role {
                    return Err(ParamError::invalid(
                        &field("role"),
                        v.role.name(),
                        format!("{}, the role of \"{}\" at {other}", u.role.name(), u.name),
                    ));
                }
            }
            seen.push((at, v));
        }
    }
    Ok(())
}

/// A door: the two tiles `[[x1, y1], [x2, y2]]` it joins.
pub type Door = [[u32; 2]; 2];

/// Facts about a ship.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// Parts of each kind.
    pub part_counts: BTreeMap<String, u32>,
    /// Per machine stage: the score budget and what was placed.
    pub scores: Vec<StageScore>,
    /// Longest walk from a weapon to its nearest ammo supply.
    pub longest_weapon_to_ammo_walk: u32,
    /// Longest walk from a thruster to its nearest power storage (or the reactor).
    pub longest_thruster_to_power_walk: u32,
    /// What stages wanted but could not place.
    pub shortfalls: Vec<String>,
    /// Walkable tiles.
    pub walkable_tiles: u32,
    /// Doors.
    pub doors: u32,
    /// Whole-ship attempts made, this one included (1: the first succeeded).
    pub attempts: u32,
}

/// A machine stage's budget and result.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StageScore {
    /// The stage.
    pub stage: String,
    /// Points wanted.
    pub budget: u32,
    /// Points placed.
    pub placed: u32,
}

/// A generated starship: the JSON contract of `boardwright starship`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Board {
    /// `generator` (always `"starship"`), `seed`, `version`, `params`.
    #[serde(flatten)]
    pub header: Header<Params>,
    /// Facts about the ship.
    pub metrics: Metrics,
    /// Grid width.
    pub width: u32,
    /// Grid height.
    pub height: u32,
    /// One string per row, one character per tile (see `legend`).
    pub tiles: Vec<String>,
    /// Character → meaning.
    pub legend: BTreeMap<String, String>,
    /// The parts.
    pub parts: Vec<Part>,
    /// The doors.
    pub doors: Vec<Door>,
    /// The stage names in the order they ran.
    pub stages: Vec<String>,
}

/// The ship's tiles after one stage, for a stage-by-stage view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The stage that just ran.
    pub stage: String,
    /// The tile rows, as in [`Starship::tiles`].
    pub tiles: Vec<String>,
}

/// The character and meaning of each tile that is not a part.
const TILE_SYMBOLS: [(char, &str); 3] = [(' ', "space"), ('.', "floor"), ('#', "armor")];

/// The character of each room the stages place (a room's kind is its role's name).
const ROOM_SYMBOLS: [(Role, char); 6] = [
    (Role::Cockpit, 'C'),
    (Role::Reactor, 'R'),
    (Role::AmmoSupply, 'A'),
    (Role::PowerStorage, 'P'),
    (Role::CrewQuarters, 'Q'),
    (Role::Bunks, 'B'),
];

fn legend(params: &Params) -> BTreeMap<char, String> {
    let mut legend: BTreeMap<char, String> = fixed_symbols().map(|(c, m)| (c, m.to_string())).collect();
    for stage in &params.pipeline {
        if let Stage::Thrusters(m) | Stage::Weapons(m) = stage {
            for v in &m.variants {
                legend.insert(v.symbol, v.name.clone());
            }
        }
    }
    legend
}

fn rows(ship: &Ship, symbols: &BTreeMap<String, char>) -> Vec<String> {
    (0..ship.height)
        .map(|y| {
            (0..ship.width)
                .map(|x| match ship.tiles[ship.at(x, y)] {
                    Tile::Space => ' ',
                    Tile::Floor => '.',
                    Tile::Armor => '#',
                    Tile::Part(p) => symbols.get(&ship.parts[p as usize].kind).copied().unwrap_or('?'),
                })
                .collect()
        })
        .collect()
}

/// Generates a ship. Parameters that [`params::resolve`](crate::params::resolve)
/// would refuse give [`Error::Params`], before any work.
///
/// ```
/// use boardwright::{Seed, starship};
///
/// let ship = starship::generate(&starship::Params::default(), &Seed::new("Tiamo")).unwrap();
/// let cockpits = ship.parts.iter().filter(|p| p.role == starship::Role::Cockpit).count();
/// assert_eq!(cockpits, 1);
/// assert_eq!(ship.tiles.len() as u32, ship.height);
/// ```
pub fn generate(params: &Params, seed: &Seed) -> Result<Board, Error> {
    generate_watched(params, seed, &mut ())
}

/// Generates a ship, telling `watch` as each stage begins and, when it asks
/// for snapshots, showing it the tiles after every stage (of every attempt;
/// the last attempt's last snapshot holds the finished ship's tiles).
/// Parameters are checked first, as [`generate`] does.
pub fn generate_watched(params: &Params, seed: &Seed, watch: &mut dyn Watch<Snapshot>) -> Result<Board, Error> {
    crate::params::check(params)?;
    let legend = legend(params);
    let symbols: BTreeMap<String, char> = legend.iter().map(|(&c, m)| (m.clone(), c)).collect();
    let walks = Walks {
        ammo: params.supply_walk.unwrap_or(AMMO_WALK),
        power: params.supply_walk.unwrap_or(POWER_WALK),
    };
    let snapshots = watch.every().is_some();
    Ok(crate::retry("starship", params.max_attempts, |attempt| {
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
            stages::run(stage, &mut ship, &mut cx);
            if snapshots {
                let tiles = rows(&ship, &symbols);
                watch.snapshot(
                    attempt,
                    Snapshot {
                        stage: stage.name().to_string(),
                        tiles,
                    },
                );
            }
        }
        let (weapon_walk, thruster_walk) = check(&ship, walks)?;
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
        let doors = ship
            .doors
            .iter()
            .map(|&[a, b]| {
                let ((ax, ay), (bx, by)) = (ship.xy(a), ship.xy(b));
                [[ax, ay], [bx, by]]
            })
            .collect();
        Ok(Board {
            header: Header::new("starship", seed, params.clone()),
            metrics,
            width: ship.width,
            height: ship.height,
            tiles: rows(&ship, &symbols),
            legend: legend.iter().map(|(c, m)| (c.to_string(), m.clone())).collect(),
            parts: ship.parts.clone(),
            doors,
            stages: params.pipeline.iter().map(|s| s.name().to_string()).collect(),
        })
    })?)
}

/// Checks every guarantee; returns the longest weapon-to-ammo and
/// thruster-to-power walks.
fn check(ship: &Ship, walks: Walks) -> Result<(u32, u32), String> {
    let walkable: Vec<usize> = (0..ship.tiles.len()).filter(|&t| ship.walkable(t)).collect();
    let Some(&first) = walkable.first() else {
        return Err("the ship has no walkable tile".into());
    };
    let from_first = ship.distances(&[first]);
    if walkable.iter().any(|&t| from_first[t] == u32::MAX) {
        return Err("the crew network is split".into());
    }
    for role in [Role::Cockpit, Role::Reactor] {
        let n = ship.parts.iter().filter(|p| p.role == role).count();
        if n != 1 {
            return Err(format!("{n} {}s", role.name()));
        }
    }
    let profile = stages::Profile::of(ship);
    for p in &ship.parts {
        let r = (p.x, p.y, p.w, p.h);
        if p.role.is_machine() {
            if ship.ring(r).is_empty() {
                return Err(format!("{} {} cannot be operated", p.kind, p.id));
            }
        } else if !ship.footprint(r).any(|t| ship.has_any_door(t)) {
            return Err(format!("{} {} has no door", p.kind, p.id));
        }
        if let Some(f) = p.facing
            && !profile.clear_line(r, f)
        {
            return Err(format!("{} {} faces the hull", p.kind, p.id));
        }
    }
    // The longest walk from a part of role `consumer` to its nearest supplier.
    let walk = |consumer: Role| -> Result<u32, String> {
        let suppliers = consumer.suppliers();
        let sources: Vec<usize> = ship
            .parts
            .iter()
            .filter(|p| suppliers.contains(&p.role))
            .flat_map(|p| ship.footprint((p.x, p.y, p.w, p.h)).collect::<Vec<_>>())
            .collect();
        let first = suppliers.first().map_or("supplier", |s| s.name());
        let has_consumer = ship.parts.iter().any(|p| p.role == consumer);
        if has_consumer && !ship.parts.iter().any(|p| Some(&p.role) == suppliers.first()) {
            return Err(format!("{}s but no {first}", consumer.name()));
        }
        let dist = ship.distances(&sources);
        let mut longest = 0;
        for p in ship.parts.iter().filter(|p| p.role == consumer) {
            let best = ship.ring((p.x, p.y, p.w, p.h)).iter().map(|&t| dist[t]).min().unwrap_or(u32::MAX);
            if best > walks.limit(consumer) {
                return Err(format!("{} {} is {} steps from {first}", p.kind, p.id, best));
            }
            longest = longest.max(best);
        }
        Ok(longest)
    };
    Ok((walk(Role::Weapon)?, walk(Role::Thruster)?))
}

/// The generation steps reported to a progress callback (the stage index, capped).
pub const STEPS: [&str; 1] = ["running the stages"];

/// The starship generator, for code that handles every generator alike.
pub struct Starship;

impl Generator for Starship {
    const NAME: &'static str = "starship";
    const ABOUT: &'static str = "ships on a tile grid built in configurable stages, every crew path kept open (after StarWright)";
    const STEPS: &'static [&'static str] = &STEPS;
    const FAIRNESS: &'static [crate::fairness::Target] = crate::fairness::STARSHIP;
    const WORK_UNIT: &'static str = "tiles";
    const SERVED_WORK: u64 = 128 * 128;
    type Params = Params;
    type Board = Board;
    type Metrics = Metrics;
    type Snapshot = Snapshot;
    type Log = ();

    fn generate_with(params: &Params, seed: &Seed, _log: &(), watch: &mut dyn Watch<Snapshot>) -> Result<Board, Error> {
        generate_watched(params, seed, watch)
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
