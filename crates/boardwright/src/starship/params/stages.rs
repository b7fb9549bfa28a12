//! The stages' parameters: one struct per kind of stage, with the values
//! of the default pipeline, and the check of every field against its range.

use serde::{Deserialize, Serialize};

use crate::params::{Allowed, ParamError};
use crate::starship::Stage;
use crate::starship::part::Role;

/// Largest side of a room or machine, in tiles.
pub(crate) const MAX_PART_SIDE: u32 = 8;
/// Most brush modules in a shape stage.
pub(crate) const MAX_MODULES: u32 = 50;
/// Largest scan range and most passes of a fill-gaps stage.
pub(crate) const MAX_GAP_SCAN: u32 = 16;
/// Most armor layers round the cockpit or reactor.
pub(crate) const MAX_LAYERS: u32 = 8;
/// Largest score budget of a machine stage, and largest score of a variant.
pub(crate) const MAX_SCORE: u32 = 200;
/// Most variants in a machine stage.
pub(crate) const MAX_VARIANTS: usize = 16;
/// Longest variant name, in characters.
pub(crate) const MAX_NAME: usize = 64;
/// Most rooms a supply stage is asked for.
pub(crate) const MAX_SUPPLIES: u32 = 16;
/// Most crew quarters, and most bunk rooms, in a crew stage.
pub(crate) const MAX_CREW_ROOMS: u32 = 32;
/// Largest door threshold, in steps.
pub(crate) const MAX_DOOR_THRESHOLD: u32 = 200;
/// Largest per-1000-hull-tiles rate of a machine stage's score.
pub(crate) const MAX_SCORE_RATE: f64 = 200.0;
/// Largest per-1000-hull-tiles rate of a supply stage's or crew stage's rooms.
pub(crate) const MAX_ROOM_RATE: f64 = 100.0;
/// Largest weight (shape modules, variants, facings).
pub(crate) const MAX_WEIGHT: f64 = 1e6;

/// A machine variant (a thruster or weapon size).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// Part kind written in the JSON (`thruster_large`, `laser`, …): 1 to
    /// 64 characters, not a name the legend gives a tile or room.
    pub name: String,
    /// What the machine is (`thruster` or `weapon`): this, not the name,
    /// decides which supply it needs. A variant table without it takes its
    /// stage's role.
    pub role: Role,
    /// Width when facing up (1 to 8).
    pub w: u32,
    /// Height when facing up (1 to 8).
    pub h: u32,
    /// Score towards the stage's budget (1 to 200).
    pub score: u32,
    /// Chance of being picked, relative to the others (0 to 1e6; not all 0).
    pub weight: f64,
    /// The character that marks it in the tile rows: not white space and not
    /// one the legend gives a tile or room; one name, one symbol.
    pub symbol: char,
}

/// Parameters of the shape stage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShapeParams {
    /// Fewest brush modules (1 to 50).
    pub min_modules: u32,
    /// Most brush modules (`min_modules` to 50).
    pub max_modules: u32,
    /// Weight of circle modules (0 to 1e6).
    pub circle_weight: f64,
    /// Weight of rectangle modules (0 to 1e6; not 0 with `circle_weight`).
    pub rectangle_weight: f64,
    /// Smallest module, as a share of the grid's smaller side (0 to 1).
    pub min_size: f64,
    /// Largest module, as a share of the grid's smaller side (`min_size` to 1).
    pub max_size: f64,
    /// Mirror left to right.
    pub mirror: bool,
    /// Length of the tapering nose, as a share of the ship's length (0 to
    /// 0.8; 0: a blunt bow). Modules stay behind it.
    pub nose: f64,
    /// Width of the hull's central spine, as a share of the grid's width
    /// (0 to 1), which runs from the nose's tip to the tail.
    pub spine: f64,
}

impl Default for ShapeParams {
    fn default() -> Self {
        ShapeParams {
            min_modules: 3,
            max_modules: 6,
            circle_weight: 1.0,
            rectangle_weight: 1.0,
            min_size: 0.15,
            max_size: 0.3,
            mirror: true,
            nose: 0.3,
            spine: 0.3,
        }
    }
}

/// Parameters of the fill-gaps stage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FillGapsParams {
    /// How far to look for ship tiles in each direction (0 to 16).
    pub scan_range: u32,
    /// Passes (0 to 16).
    pub iterations: u32,
}

impl Default for FillGapsParams {
    fn default() -> Self {
        FillGapsParams {
            scan_range: 1,
            iterations: 1,
        }
    }
}

/// Parameters of a single-room stage (cockpit, reactor).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RoomParams {
    /// Width (1 to 8).
    pub w: u32,
    /// Height (1 to 8).
    pub h: u32,
}

impl Default for RoomParams {
    fn default() -> Self {
        RoomParams { w: 3, h: 3 }
    }
}

/// Parameters of an armor-around stage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ArmorParams {
    /// Layers of armor (0 to 8).
    pub layers: u32,
}

impl Default for ArmorParams {
    fn default() -> Self {
        ArmorParams { layers: 1 }
    }
}

/// Parameters of a machine stage (thrusters, weapons).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineParams {
    /// Smallest score budget (0 to 200).
    pub min_score: u32,
    /// Largest score budget (`min_score` to 200).
    pub max_score: u32,
    /// The sizes (1 to 16 of them).
    pub variants: Vec<Variant>,
    /// Weights of facing up, down, left, right (each 0 to 1e6; not all 0).
    pub facing_weights: [f64; 4],
    /// Points added to the budget per 1000 tiles of hull (0 to 200), so
    /// that a bigger ship carries more.
    #[serde(default)]
    pub score_per_1000_tiles: f64,
}

/// Parameters of a supply stage (ammo, power).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SupplyParams {
    /// Fewest rooms (0 to 16).
    pub min: u32,
    /// Most rooms (`min` to 16).
    pub max: u32,
    /// Width (1 to 8).
    pub w: u32,
    /// Height (1 to 8).
    pub h: u32,
    /// Rooms added per 1000 tiles of hull (0 to 100).
    pub per_1000_tiles: f64,
}

impl Default for SupplyParams {
    fn default() -> Self {
        SupplyParams {
            min: 1,
            max: 2,
            w: 2,
            h: 2,
            per_1000_tiles: 3.0,
        }
    }
}

/// Parameters of the crew stage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CrewParams {
    /// Crew quarters that must be placed (0 to 32): those that do not fit
    /// are a shortfall.
    pub quarters: u32,
    /// Bunk rooms that must be placed (0 to 32): those that do not fit are a
    /// shortfall.
    pub bunks: u32,
    /// Crew quarters' size `[w, h]` (either orientation; sides 1 to 8).
    pub quarters_size: [u32; 2],
    /// Bunk rooms' size `[w, h]` (either orientation; sides 1 to 8).
    pub bunks_size: [u32; 2],
    /// Crew quarters added per 1000 tiles of hull (0 to 100), as many of
    /// them as the free floor holds.
    pub quarters_per_1000_tiles: f64,
    /// Bunk rooms added per 1000 tiles of hull (0 to 100), as many of them
    /// as the free floor holds.
    pub bunks_per_1000_tiles: f64,
}

impl Default for CrewParams {
    fn default() -> Self {
        CrewParams {
            quarters: 0,
            bunks: 0,
            quarters_size: [3, 2],
            bunks_size: [2, 2],
            quarters_per_1000_tiles: 20.0,
            bunks_per_1000_tiles: 25.0,
        }
    }
}

/// Parameters of the extra-doors stage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DoorParams {
    /// A wall whose walk around is longer than this gets a door (1 to 200).
    pub door_threshold: u32,
}

impl Default for DoorParams {
    fn default() -> Self {
        DoorParams { door_threshold: 10 }
    }
}

/// Parameters of stages that have none.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

/// Names the fields of one stage in errors: `pipeline[11] (crew).bunks`.
struct Fields<'a>(&'a str);

impl Fields<'_> {
    fn name(&self, field: &str) -> String {
        format!("{}.{field}", self.0)
    }

    fn int(&self, field: &str, value: u32, min: u32, max: u32) -> Result<(), ParamError> {
        if (min..=max).contains(&value) {
            return Ok(());
        }
        let allowed = Allowed::Int {
            min: min.into(),
            max: max.into(),
        };
        Err(ParamError::invalid(&self.name(field), value, allowed))
    }

    fn float(&self, field: &str, value: f64, min: f64, max: f64) -> Result<(), ParamError> {
        if value.is_finite() && (min..=max).contains(&value) {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), value, Allowed::Float { min, max }))
    }

    /// `low` (named `low_field`) is at most `high` (named `high_field`).
    fn ordered<T: PartialOrd + std::fmt::Display>(&self, low_field: &str, low: T, high_field: &str, high: T) -> Result<(), ParamError> {
        if low <= high {
            return Ok(());
        }
        Err(ParamError::invalid(
            &self.name(low_field),
            low,
            format!("at most {high_field} ({high})"),
        ))
    }

    /// A room's `[w, h]`, each side 1 to [`MAX_PART_SIDE`].
    fn size(&self, field: &str, [w, h]: [u32; 2]) -> Result<(), ParamError> {
        if [w, h].iter().all(|side| (1..=MAX_PART_SIDE).contains(side)) {
            return Ok(());
        }
        Err(ParamError::invalid(
            &self.name(field),
            format!("[{w}, {h}]"),
            format!("two sides, each an integer from 1 to {MAX_PART_SIDE}"),
        ))
    }

    /// Weights that are each in range and not all zero.
    fn weights(&self, field: &str, weights: &[f64]) -> Result<(), ParamError> {
        if weights.iter().all(|w| w.is_finite() && (0.0..=MAX_WEIGHT).contains(w)) && weights.iter().any(|&w| w > 0.0) {
            return Ok(());
        }
        Err(ParamError::invalid(
            &self.name(field),
            format!("{weights:?}"),
            format!("numbers from 0 to {MAX_WEIGHT}, not all 0"),
        ))
    }
}

impl Stage {
    /// Checks every parameter of the stage against its range; `at` names the
    /// stage in errors (`pipeline[11] (crew)`).
    pub(crate) fn validate(&self, at: &str) -> Result<(), ParamError> {
        let f = Fields(at);
        match self {
            Stage::Shape(p) => {
                f.int("min_modules", p.min_modules, 1, MAX_MODULES)?;
                f.int("max_modules", p.max_modules, 1, MAX_MODULES)?;
                f.ordered("min_modules", p.min_modules, "max_modules", p.max_modules)?;
                f.float("circle_weight", p.circle_weight, 0.0, MAX_WEIGHT)?;
                f.float("rectangle_weight", p.rectangle_weight, 0.0, MAX_WEIGHT)?;
                f.weights("rectangle_weight", &[p.circle_weight, p.rectangle_weight])?;
                f.float("min_size", p.min_size, 0.0, 1.0)?;
                f.float("max_size", p.max_size, 0.0, 1.0)?;
                f.ordered("min_size", p.min_size, "max_size", p.max_size)?;
                f.float("nose", p.nose, 0.0, 0.8)?;
                f.float("spine", p.spine, 0.0, 1.0)
            }
            Stage::FillGaps(p) => {
                f.int("scan_range", p.scan_range, 0, MAX_GAP_SCAN)?;
                f.int("iterations", p.iterations, 0, MAX_GAP_SCAN)
            }
            Stage::Cockpit(p) | Stage::Reactor(p) => {
                f.int("w", p.w, 1, MAX_PART_SIDE)?;
                f.int("h", p.h, 1, MAX_PART_SIDE)
            }
            Stage::CockpitArmor(p) | Stage::ReactorArmor(p) => f.int("layers", p.layers, 0, MAX_LAYERS),
            Stage::Thrusters(p) | Stage::Weapons(p) => {
                f.int("min_score", p.min_score, 0, MAX_SCORE)?;
                f.int("max_score", p.max_score, 0, MAX_SCORE)?;
                f.ordered("min_score", p.min_score, "max_score", p.max_score)?;
                f.weights("facing_weights", &p.facing_weights)?;
                if !(1..=MAX_VARIANTS).contains(&p.variants.len()) {
                    return Err(ParamError::invalid(
                        &f.name("variants"),
                        format!("{} variants", p.variants.len()),
                        format!("1 to {MAX_VARIANTS} variants"),
                    ));
                }
                for (k, v) in p.variants.iter().enumerate() {
                    v.validate(&Fields(&f.name(&format!("variants[{k}]"))))?;
                }
                let weights: Vec<f64> = p.variants.iter().map(|v| v.weight).collect();
                f.weights("variants", &weights)?;
                f.float("score_per_1000_tiles", p.score_per_1000_tiles, 0.0, MAX_SCORE_RATE)
            }
            Stage::AmmoSupplies(p) | Stage::PowerStorage(p) => {
                f.int("min", p.min, 0, MAX_SUPPLIES)?;
                f.int("max", p.max, 0, MAX_SUPPLIES)?;
                f.ordered("min", p.min, "max", p.max)?;
                f.int("w", p.w, 1, MAX_PART_SIDE)?;
                f.int("h", p.h, 1, MAX_PART_SIDE)?;
                f.float("per_1000_tiles", p.per_1000_tiles, 0.0, MAX_ROOM_RATE)
            }
            Stage::Crew(p) => {
                f.int("quarters", p.quarters, 0, MAX_CREW_ROOMS)?;
                f.int("bunks", p.bunks, 0, MAX_CREW_ROOMS)?;
                f.size("quarters_size", p.quarters_size)?;
                f.size("bunks_size", p.bunks_size)?;
                f.float("quarters_per_1000_tiles", p.quarters_per_1000_tiles, 0.0, MAX_ROOM_RATE)?;
                f.float("bunks_per_1000_tiles", p.bunks_per_1000_tiles, 0.0, MAX_ROOM_RATE)
            }
            Stage::ExtraDoors(p) => f.int("door_threshold", p.door_threshold, 1, MAX_DOOR_THRESHOLD),
            Stage::ExteriorArmor(_) | Stage::FillArmor(_) => Ok(()),
        }
    }
}

impl Variant {
    fn validate(&self, f: &Fields<'_>) -> Result<(), ParamError> {
        let length = self.name.chars().count();
        if !(1..=MAX_NAME).contains(&length) {
            let shown: String = self.name.chars().take(MAX_NAME).collect();
            return Err(ParamError::invalid(
                &f.name("name"),
                format!("\"{shown}\" ({length} characters)"),
                format!("1 to {MAX_NAME} characters"),
            ));
        }
        if !self.role.is_machine() {
            return Err(ParamError::invalid(&f.name("role"), self.role.name(), "thruster or weapon"));
        }
        f.int("w", self.w, 1, MAX_PART_SIDE)?;
        f.int("h", self.h, 1, MAX_PART_SIDE)?;
        f.int("score", self.score, 1, MAX_SCORE)?;
        f.float("weight", self.weight, 0.0, MAX_WEIGHT)
    }
}
