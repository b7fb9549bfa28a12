//! The stages a ship is built in, each a plain function over the ship, and
//! their parameters (data: a pipeline is a list of these, in order).
//!
//! Every parameter has a range ([`Stage::validate`]) and every stage an
//! estimate of its worst work ([`Stage::work`]), so that any accepted
//! pipeline finishes in bounded time.
//!
//! Ships look like ships: the shape stage draws a silhouette (a spine from a
//! tapering nose at the top to the tail, modules behind the nose, mirrored)
//! that fills between [`FILL_LOW`] and [`FILL_HIGH`] of its bounding box.
//! What fills a ship grows with it: machine budgets, supply rooms and crew
//! rooms each add a count per 1000 tiles of hull to their fixed part, so a
//! large ship is rooms, machines and corridors, not a slab of armor. The
//! default counts fit the hull: crew rooms by rate are placed as far as the
//! free floor holds them, and a machine stage draws only among sizes and
//! facings that may still fit; what a stage asked for and could not place
//! is a shortfall. Supply rooms go where their doors bring machines within
//! their walks ([`Walks`]), and more are added until every one is.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};
use toml::{Table, Value};

use super::ship::{Facing, Rect, Role, Ship, Tile};
use crate::params::{Allowed, ParamError};
use crate::seed::Rng;

/// Largest side of a room or machine, in tiles.
pub const MAX_PART_SIDE: u32 = 8;
/// Most brush modules in a shape stage.
pub const MAX_MODULES: u32 = 50;
/// Largest scan range and most passes of a fill-gaps stage.
pub const MAX_GAP_SCAN: u32 = 16;
/// Most armor layers round the cockpit or reactor.
pub const MAX_LAYERS: u32 = 8;
/// Largest score budget of a machine stage, and largest score of a variant.
pub const MAX_SCORE: u32 = 200;
/// Most variants in a machine stage.
pub const MAX_VARIANTS: usize = 16;
/// Longest variant name, in characters.
pub const MAX_NAME: usize = 64;
/// Most rooms a supply stage is asked for.
pub const MAX_SUPPLIES: u32 = 16;
/// Most crew quarters, and most bunk rooms, in a crew stage.
pub const MAX_CREW_ROOMS: u32 = 32;
/// Largest door threshold, in steps.
pub const MAX_DOOR_THRESHOLD: u32 = 200;
/// Largest per-1000-hull-tiles rate of a machine stage's score.
pub const MAX_SCORE_RATE: f64 = 200.0;
/// Largest per-1000-hull-tiles rate of a supply stage's or crew stage's rooms.
pub const MAX_ROOM_RATE: f64 = 100.0;
/// Largest weight (shape modules, variants, facings).
pub const MAX_WEIGHT: f64 = 1e6;
/// Places a machine stage may fail to find before it gives up.
const MACHINE_MISSES: u32 = 24;
/// Supply rooms a stage may add, beyond twice the number it plans, while a
/// consumer is still out of reach.
const EXTRA_SUPPLIES: u32 = 8;

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

fn variant(name: &str, role: Role, w: u32, h: u32, score: u32, weight: f64, symbol: char) -> Variant {
    Variant {
        name: name.to_string(),
        role,
        w,
        h,
        score,
        weight,
        symbol,
    }
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

/// `base` plus `rate` per 1000 of `tiles`, rounded down.
fn scaled(base: u32, rate: f64, tiles: u64) -> u64 {
    u64::from(base) + (rate * tiles as f64 / 1000.0) as u64
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

/// One stage of a pipeline, with its parameters.
///
/// A stage table names its stage (`stage = "weapons"`) and gives any subset
/// of its fields; the rest are that stage's in the default pipeline. A
/// machine variant without `role` takes the stage's (thruster or weapon).
/// Written out, a stage has every field.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// Brush modules painted as floor.
    Shape(ShapeParams),
    /// Gaps filled with floor.
    FillGaps(FillGapsParams),
    /// The cockpit, farthest from the perimeter.
    Cockpit(RoomParams),
    /// The reactor, nearest the centre of mass.
    Reactor(RoomParams),
    /// Armor around the cockpit.
    CockpitArmor(ArmorParams),
    /// Armor around the reactor.
    ReactorArmor(ArmorParams),
    /// Thrusters within a score budget.
    Thrusters(MachineParams),
    /// Weapons within a score budget, far out in their facing.
    Weapons(MachineParams),
    /// Armor on the hull beside machines.
    ExteriorArmor(NoParams),
    /// Ammo supplies near weapons.
    AmmoSupplies(SupplyParams),
    /// Power storage near thrusters and ammo supplies.
    PowerStorage(SupplyParams),
    /// Crew quarters and bunks.
    Crew(CrewParams),
    /// Armor wherever it blocks no path.
    FillArmor(NoParams),
    /// Doors where walls force long walks.
    ExtraDoors(DoorParams),
}

impl Stage {
    /// The stage's name, as in a pipeline file.
    pub fn name(&self) -> &'static str {
        match self {
            Stage::Shape(_) => "shape",
            Stage::FillGaps(_) => "fill_gaps",
            Stage::Cockpit(_) => "cockpit",
            Stage::Reactor(_) => "reactor",
            Stage::CockpitArmor(_) => "cockpit_armor",
            Stage::ReactorArmor(_) => "reactor_armor",
            Stage::Thrusters(_) => "thrusters",
            Stage::Weapons(_) => "weapons",
            Stage::ExteriorArmor(_) => "exterior_armor",
            Stage::AmmoSupplies(_) => "ammo_supplies",
            Stage::PowerStorage(_) => "power_storage",
            Stage::Crew(_) => "crew",
            Stage::FillArmor(_) => "fill_armor",
            Stage::ExtraDoors(_) => "extra_doors",
        }
    }
}

impl<'de> Deserialize<'de> for Stage {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Stage, D::Error> {
        let mut given = Table::deserialize(deserializer)?;
        let name = match given.remove("stage") {
            Some(Value::String(name)) => name,
            Some(other) => return Err(D::Error::custom(format!("`stage` must be a stage name, not {other}"))),
            None => return Err(D::Error::missing_field("stage")),
        };
        let defaults = default_pipeline();
        let Some(stage) = defaults.iter().find(|s| s.name() == name) else {
            let names: Vec<&str> = defaults.iter().map(Stage::name).collect();
            return Err(D::Error::custom(format!("unknown stage `{name}`; stages: {}", names.join(", "))));
        };
        stage
            .clone()
            .overlaid(given)
            .map_err(|e| D::Error::custom(format!("stage `{name}`: {}", e.message())))
    }
}

impl Stage {
    /// This stage with the fields in `given` in place of its own.
    fn overlaid(self, given: Table) -> Result<Stage, toml::de::Error> {
        Ok(match self {
            Stage::Shape(p) => Stage::Shape(overlay(p, given)?),
            Stage::FillGaps(p) => Stage::FillGaps(overlay(p, given)?),
            Stage::Cockpit(p) => Stage::Cockpit(overlay(p, given)?),
            Stage::Reactor(p) => Stage::Reactor(overlay(p, given)?),
            Stage::CockpitArmor(p) => Stage::CockpitArmor(overlay(p, given)?),
            Stage::ReactorArmor(p) => Stage::ReactorArmor(overlay(p, given)?),
            Stage::Thrusters(p) => {
                let given = with_variant_defaults(given, Role::Thruster, &p.variants);
                Stage::Thrusters(overlay(p, given)?)
            }
            Stage::Weapons(p) => {
                let given = with_variant_defaults(given, Role::Weapon, &p.variants);
                Stage::Weapons(overlay(p, given)?)
            }
            Stage::ExteriorArmor(p) => Stage::ExteriorArmor(overlay(p, given)?),
            Stage::AmmoSupplies(p) => Stage::AmmoSupplies(overlay(p, given)?),
            Stage::PowerStorage(p) => Stage::PowerStorage(overlay(p, given)?),
            Stage::Crew(p) => Stage::Crew(overlay(p, given)?),
            Stage::FillArmor(p) => Stage::FillArmor(overlay(p, given)?),
            Stage::ExtraDoors(p) => Stage::ExtraDoors(overlay(p, given)?),
        })
    }
}

/// `own` with the fields in `given` in its place; a field `own` does not
/// have is an error naming it (the structs deny unknown fields), and so is
/// a value of the wrong kind ([`check_kinds`]).
fn overlay<T: Serialize + DeserializeOwned>(own: T, given: Table) -> Result<T, toml::de::Error> {
    let mut table = Table::try_from(own).expect("stage parameters serialize to a table");
    check_kinds(&table, &given, "").map_err(toml::de::Error::custom)?;
    table.extend(given);
    T::deserialize(Value::Table(table))
}

/// Whether each value of `given` is of the kind of the value of its key in
/// `own` (a whole number of at least 0, a number, a text, a list of so many
/// numbers, a list of tables like the first of `own`'s): an error names the
/// field (`variants[1].w`), the value and what is allowed, where the
/// structs' own reading would only say what type it wanted. Keys `own`
/// lacks are left to that reading, which names them.
fn check_kinds(own: &Table, given: &Table, path: &str) -> Result<(), String> {
    for (key, value) in given {
        let Some(template) = own.get(key) else {
            continue;
        };
        let field = format!("{path}{key}");
        let bad = |expected: &str| Err(format!("`{field}`: {value} is not allowed; expected {expected}"));
        match (template, value) {
            (Value::Integer(_), Value::Integer(v)) if u32::try_from(*v).is_ok() => {}
            (Value::Integer(_), _) => return bad("a whole number, 0 or more"),
            (Value::Float(_), Value::Float(_) | Value::Integer(_)) => {}
            (Value::Float(_), _) => return bad("a number"),
            (Value::String(t), Value::String(v)) if t.chars().count() != 1 || v.chars().count() == 1 => {}
            (Value::String(t), _) if t.chars().count() == 1 => return bad("one character"),
            (Value::String(_), _) => return bad("a text"),
            (Value::Boolean(_), Value::Boolean(_)) => {}
            (Value::Boolean(_), _) => return bad("true or false"),
            (Value::Array(t), Value::Array(v)) => match t.first() {
                Some(Value::Table(first)) => {
                    for (k, item) in v.iter().enumerate() {
                        let Value::Table(item) = item else {
                            return bad("a list of tables");
                        };
                        check_kinds(first, item, &format!("{field}[{k}]."))?;
                    }
                }
                Some(Value::Integer(_))
                    if v.len() != t.len() || !v.iter().all(|x| x.as_integer().is_some_and(|x| u32::try_from(x).is_ok())) =>
                {
                    return bad(&format!("a list of {} whole numbers, 0 or more", t.len()));
                }
                Some(Value::Float(_)) if v.len() != t.len() || !v.iter().all(|x| x.is_float() || x.is_integer()) => {
                    return bad(&format!("a list of {} numbers", t.len()));
                }
                _ => {}
            },
            (Value::Array(_), _) => return bad("a list"),
            _ => {}
        }
    }
    Ok(())
}

/// `given` with each variant table completed: the fields it leaves out
/// come from the built-in variant of its name among `builtin` (so
/// `{ name = "thruster_small", w = 2 }` is the small thruster made wider),
/// and its `role` from the stage's `role`. A new name gives every field.
fn with_variant_defaults(mut given: Table, role: Role, builtin: &[Variant]) -> Table {
    if let Some(Value::Array(variants)) = given.get_mut("variants") {
        for variant in variants {
            if let Value::Table(t) = variant {
                let name = t.get("name").and_then(Value::as_str);
                if let Some(own) = builtin.iter().find(|v| Some(v.name.as_str()) == name)
                    && let Ok(own) = Table::try_from(own)
                {
                    for (key, value) in own {
                        t.entry(key).or_insert(value);
                    }
                }
                t.entry("role").or_insert_with(|| role.name().into());
            }
        }
    }
    given
}

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
    pub fn validate(&self, at: &str) -> Result<(), ParamError> {
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

    /// The most work the stage may do on a ship of a grid of `area` tiles,
    /// in units of about an eighth of the search for a place for a one-tile
    /// part (some 0.03 ms at 40 × 40 in a release build; it grows with the
    /// grid's area): a pass over the grid counts 8, a shape 8 more per 4
    /// modules (per silhouette drawn), filling with armor 32, and each search
    /// for a place for a `w × h` part `8 + w × h`, as many times as the stage
    /// may search (for a machine stage, once per point of its largest budget
    /// and once per miss it tolerates). The crew stage lists the places once
    /// per size and orientation (a pass each), path-checks each place at most
    /// once (`4 × w × h` a list; most fail at once, on the geometry alone),
    /// and counts `2 × w × h` per room (the rooms it touches). Counts that
    /// grow per 1000 tiles of hull count at a hull as large as the grid.
    pub fn work(&self, area: u64) -> u64 {
        let search = |w: u32, h: u32| 8 + u64::from(w) * u64::from(h);
        match self {
            Stage::Cockpit(p) | Stage::Reactor(p) => search(p.w, p.h),
            Stage::Thrusters(p) | Stage::Weapons(p) => {
                let largest = p.variants.iter().map(|v| search(v.w, v.h)).max().unwrap_or(0);
                let budget = scaled(p.max_score.max(p.min_score), p.score_per_1000_tiles, area);
                budget.saturating_add(u64::from(MACHINE_MISSES)).saturating_mul(largest)
            }
            Stage::AmmoSupplies(p) | Stage::PowerStorage(p) => scaled(p.max.max(p.min), p.per_1000_tiles, area)
                .saturating_mul(2)
                .saturating_add(u64::from(EXTRA_SUPPLIES))
                .saturating_mul(search(p.w, p.h)),
            Stage::Crew(p) => {
                let ([qw, qh], [bw, bh]) = (p.quarters_size, p.bunks_size);
                let rooms = |n: u64, w: u32, h: u32| n.saturating_mul(2 * u64::from(w) * u64::from(h));
                // Each place of a size is listed once and path-checked at most once.
                let places = |w: u32, h: u32| {
                    let orientations = if w == h { 1 } else { 2 };
                    orientations * (8 + 4 * u64::from(w) * u64::from(h))
                };
                let ([qn, bn], [qr, br]) = (
                    [u64::from(p.quarters), u64::from(p.bunks)],
                    [scaled(0, p.quarters_per_1000_tiles, area), scaled(0, p.bunks_per_1000_tiles, area)],
                );
                (32 + places(qw, qh) + places(bw, bh))
                    .saturating_add(rooms(qn.saturating_add(qr), qw, qh))
                    .saturating_add(rooms(bn.saturating_add(br), bw, bh))
            }
            Stage::FillArmor(_) => 32,
            Stage::Shape(p) => SHAPE_DRAWS * (8 + u64::from(p.max_modules.max(p.min_modules) / 4)),
            Stage::FillGaps(_) | Stage::CockpitArmor(_) | Stage::ReactorArmor(_) | Stage::ExteriorArmor(_) | Stage::ExtraDoors(_) => 8,
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

/// The default pipeline: the original's fourteen stages.
pub fn default_pipeline() -> Vec<Stage> {
    vec![
        Stage::Shape(ShapeParams::default()),
        Stage::FillGaps(FillGapsParams::default()),
        Stage::Cockpit(RoomParams::default()),
        Stage::Reactor(RoomParams::default()),
        Stage::CockpitArmor(ArmorParams::default()),
        Stage::ReactorArmor(ArmorParams::default()),
        Stage::Thrusters(MachineParams {
            min_score: 3,
            max_score: 6,
            variants: vec![
                variant("thruster_small", Role::Thruster, 1, 2, 1, 1.0, 't'),
                variant("thruster_medium", Role::Thruster, 2, 2, 2, 2.0, 'u'),
                variant("thruster_large", Role::Thruster, 2, 3, 4, 3.0, 'v'),
            ],
            facing_weights: [1.0, 5.0, 1.0, 1.0],
            score_per_1000_tiles: 30.0,
        }),
        Stage::Weapons(MachineParams {
            min_score: 2,
            max_score: 4,
            variants: vec![
                variant("weapon_small", Role::Weapon, 1, 2, 1, 2.0, 'w'),
                variant("weapon_large", Role::Weapon, 2, 3, 3, 1.0, 'W'),
            ],
            facing_weights: [5.0, 1.0, 1.0, 1.0],
            score_per_1000_tiles: 12.0,
        }),
        Stage::ExteriorArmor(NoParams {}),
        Stage::AmmoSupplies(SupplyParams::default()),
        Stage::PowerStorage(SupplyParams {
            min: 1,
            max: 1,
            per_1000_tiles: 2.0,
            ..SupplyParams::default()
        }),
        Stage::Crew(CrewParams::default()),
        Stage::FillArmor(NoParams {}),
        Stage::ExtraDoors(DoorParams::default()),
    ]
}

/// The longest walk from a weapon to its nearest ammo supply and from a
/// thruster to its nearest power storage or the reactor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walks {
    /// Steps from a weapon to ammo.
    pub ammo: u32,
    /// Steps from a thruster to power.
    pub power: u32,
}

impl Walks {
    /// The limit for parts of role `consumer` (none for roles that need no supply).
    pub fn limit(self, consumer: Role) -> u32 {
        match consumer {
            Role::Weapon => self.ammo,
            Role::Thruster => self.power,
            _ => u32::MAX,
        }
    }
}

/// What the stages share: settings and the shortfalls they report.
pub struct Context<'a> {
    /// Random stream of the running stage.
    pub rng: &'a mut Rng,
    /// Path contiguity bound.
    pub max_detour: u32,
    /// Walking distances within which supplies must serve their consumers.
    pub walks: Walks,
    /// Budget and placed score per machine stage, `(stage, budget, placed)`.
    pub scores: &'a mut Vec<(String, u32, u32)>,
    /// Things a stage wanted but could not place.
    pub shortfalls: &'a mut Vec<String>,
}

/// Runs one stage.
pub fn run(stage: &Stage, ship: &mut Ship, cx: &mut Context<'_>) {
    match stage {
        Stage::Shape(p) => shape(ship, p, cx.rng),
        Stage::FillGaps(p) => fill_gaps(ship, p),
        Stage::Cockpit(p) => core_room(ship, cx, Role::Cockpit, p, true),
        Stage::Reactor(p) => core_room(ship, cx, Role::Reactor, p, false),
        Stage::CockpitArmor(p) => armor_around(ship, cx, Role::Cockpit, p.layers),
        Stage::ReactorArmor(p) => armor_around(ship, cx, Role::Reactor, p.layers),
        Stage::Thrusters(p) => machines(ship, cx, "thrusters", p, false),
        Stage::Weapons(p) => machines(ship, cx, "weapons", p, true),
        Stage::ExteriorArmor(_) => exterior_armor(ship),
        Stage::AmmoSupplies(p) => supplies(ship, cx, p, Role::Weapon, &[]),
        Stage::PowerStorage(p) => supplies(ship, cx, p, Role::Thruster, &[Role::AmmoSupply]),
        Stage::Crew(p) => crew(ship, cx, p),
        Stage::FillArmor(_) => fill_armor(ship, cx.max_detour, cx.walks),
        Stage::ExtraDoors(p) => extra_doors(ship, p.door_threshold),
    }
}

/// Silhouettes a shape stage draws at most, keeping the first that fills
/// between [`FILL_LOW`] and [`FILL_HIGH`] of its bounding box (else the
/// nearest).
const SHAPE_DRAWS: u64 = 6;
/// Least share of its bounding box a silhouette should fill.
pub const FILL_LOW: f64 = 0.45;
/// Most share of its bounding box a silhouette should fill.
pub const FILL_HIGH: f64 = 0.72;

/// Share of the bounding box of `inside`'s true tiles that they fill.
pub fn box_fill(inside: &[bool], width: u32) -> f64 {
    let (mut x0, mut y0, mut x1, mut y1, mut n) = (u32::MAX, u32::MAX, 0, 0, 0u32);
    for (t, _) in inside.iter().enumerate().filter(|&(_, &i)| i) {
        let (x, y) = (t as u32 % width, t as u32 / width);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        n += 1;
    }
    if n == 0 {
        return 0.0;
    }
    f64::from(n) / (f64::from(x1 - x0 + 1) * f64::from(y1 - y0 + 1))
}

/// Paints a silhouette as floor on the space tiles: a spine from the nose's
/// tip (top) to the tail (bottom), tapering over the nose, with brush
/// modules joined to it behind the nose, then mirrored left to right.
/// Drawn up to [`SHAPE_DRAWS`] times until one fills its bounding box
/// between [`FILL_LOW`] and [`FILL_HIGH`]: an outline, not a box.
fn shape(ship: &mut Ship, p: &ShapeParams, rng: &mut Rng) {
    let mut best: Option<(f64, Vec<bool>)> = None;
    for _ in 0..SHAPE_DRAWS {
        let inside = silhouette(ship.width, ship.height, p, rng);
        let fill = box_fill(&inside, ship.width);
        let miss = (FILL_LOW - fill).max(fill - FILL_HIGH).max(0.0);
        if best.as_ref().is_none_or(|(m, _)| miss < *m) {
            best = Some((miss, inside));
        }
        if miss == 0.0 {
            break;
        }
    }
    let Some((_, inside)) = best else { return };
    for (tile, inside) in ship.tiles.iter_mut().zip(inside) {
        if inside && *tile == Tile::Space {
            *tile = Tile::Floor;
        }
    }
}

/// One silhouette draw: which tiles are inside (a one-tile margin of space
/// round the grid).
fn silhouette(width: u32, height: u32, p: &ShapeParams, rng: &mut Rng) -> Vec<bool> {
    let mut inside = vec![false; (width * height) as usize];
    let on_grid = |x: u32, y: u32| x > 0 && y > 0 && x + 1 < width && y + 1 < height;
    let side = f64::from(width.min(height));
    let cx = f64::from(width) / 2.0;
    let (top, bottom) = (1.0, f64::from(height) - 1.0);
    let length = bottom - top;
    let nose = (p.nose * length * rng.uniform(0.7, 1.0)).floor();
    let body = top + nose;
    let half = (p.spine * f64::from(width) / 2.0 * rng.uniform(0.6, 1.0)).max(1.0);
    // The spine: full width behind the nose, tapering to a point over it.
    for y in 1..height - 1 {
        let yc = f64::from(y) + 0.5;
        let reach = if yc < body { half * (yc - top) / nose.max(1.0) } else { half };
        for x in 1..width - 1 {
            if (f64::from(x) + 0.5 - cx).abs() <= reach.max(0.5) {
                inside[(y * width + x) as usize] = true;
            }
        }
    }
    let count = rng.range_inclusive(
        i64::from(p.min_modules.min(p.max_modules)),
        i64::from(p.max_modules.max(p.min_modules)),
    );
    for _ in 0..count {
        let size = (side * rng.uniform(p.min_size, p.max_size.max(p.min_size))).max(2.0);
        let circle = rng.weighted(&[p.circle_weight, p.rectangle_weight]) == Some(0);
        // Centred on a tile of the ship so far, behind the nose, so the
        // shape stays in one piece and the nose stays pointed.
        let hull: Vec<usize> = (0..inside.len())
            .filter(|&t| inside[t] && f64::from(t as u32 / width) + 0.5 >= body)
            .collect();
        if hull.is_empty() {
            break;
        }
        let t = hull[rng.index(hull.len())] as u32;
        let (mx, my) = (f64::from(t % width) + 0.5, f64::from(t / width) + 0.5);
        let (hw, hh) = if circle {
            (size / 2.0, size / 2.0)
        } else {
            (size / 2.0, rng.uniform(0.4, 1.0) * size / 2.0)
        };
        for y in 0..height {
            for x in 0..width {
                let (dx, dy) = (f64::from(x) + 0.5 - mx, f64::from(y) + 0.5 - my);
                let hit = if circle {
                    dx * dx + dy * dy <= hw * hw
                } else {
                    dx.abs() <= hw && dy.abs() <= hh
                };
                if hit && on_grid(x, y) && f64::from(y) + 0.5 >= body {
                    inside[(y * width + x) as usize] = true;
                }
            }
        }
    }
    if p.mirror {
        for y in 0..height {
            for x in 0..width / 2 {
                let (a, b) = ((y * width + x) as usize, (y * width + width - 1 - x) as usize);
                let either = inside[a] || inside[b];
                inside[a] = either;
                inside[b] = either;
            }
        }
    }
    inside
}

fn fill_gaps(ship: &mut Ship, p: &FillGapsParams) {
    for _ in 0..p.iterations {
        let mut fill = Vec::new();
        for t in 0..ship.tiles.len() {
            if ship.tiles[t] != Tile::Space {
                continue;
            }
            let sides = Facing::ALL
                .iter()
                .filter(|f| {
                    let mut at = t;
                    (0..p.scan_range).any(|_| match ship.offset(at, f.step()) {
                        Some(n) => {
                            at = n;
                            ship.tiles[n] != Tile::Space
                        }
                        None => false,
                    })
                })
                .count();
            let (x, y) = ship.xy(t);
            if sides >= 2 && x > 0 && y > 0 && x + 1 < ship.width && y + 1 < ship.height {
                fill.push(t);
            }
        }
        if fill.is_empty() {
            break;
        }
        for t in fill {
            ship.tiles[t] = Tile::Floor;
        }
    }
    keep_largest_piece(ship);
}

/// Drops floor not 4-connected to the largest piece of the ship.
fn keep_largest_piece(ship: &mut Ship) {
    let mut piece = vec![usize::MAX; ship.tiles.len()];
    let mut sizes = Vec::new();
    for start in 0..ship.tiles.len() {
        if ship.tiles[start] != Tile::Floor || piece[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut stack = vec![start];
        piece[start] = id;
        let mut size = 0;
        while let Some(t) = stack.pop() {
            size += 1;
            for n in ship.neighbors(t).collect::<Vec<_>>() {
                if ship.tiles[n] == Tile::Floor && piece[n] == usize::MAX {
                    piece[n] = id;
                    stack.push(n);
                }
            }
        }
        sizes.push(size);
    }
    let Some(best) = (0..sizes.len()).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i))) else {
        return;
    };
    for (tile, &id) in ship.tiles.iter_mut().zip(&piece) {
        if *tile == Tile::Floor && id != best {
            *tile = Tile::Space;
        }
    }
}

/// Every footprint of size `w × h` on free floor with a walkable tile beside
/// it, in row order. The costly path check runs later, only on the
/// candidates a stage prefers, until one passes.
fn candidates(ship: &Ship, w: u32, h: u32) -> Vec<Rect> {
    let mut out = Vec::new();
    for y in 0..(ship.height + 1).saturating_sub(h) {
        for x in 0..(ship.width + 1).saturating_sub(w) {
            let r = (x, y, w, h);
            if ship.is_free_floor(r) && ship.has_ring(r) {
                out.push(r);
            }
        }
    }
    out
}

/// The first footprint, in the given order of preference, that passes the path contiguity check.
fn first_keeping(ship: &mut Ship, preferred: impl IntoIterator<Item = Rect>, max_detour: u32) -> Option<Rect> {
    preferred.into_iter().find(|&r| ship.keeps_paths(r, max_detour))
}

/// Places a room with one door, on a landing picked at random.
fn place_room(ship: &mut Ship, role: Role, r: Rect, rng: &mut Rng) -> u32 {
    let id = ship.place(role.name(), role, r, None);
    let spots = ship.door_spots(id);
    let (inside, landing) = spots[rng.index(spots.len())];
    ship.add_door(inside, landing);
    id
}

/// Places a room with one door, towards `landing`, a walkable tile beside it.
fn place_room_at(ship: &mut Ship, role: Role, r: Rect, landing: usize) -> u32 {
    let id = ship.place(role.name(), role, r, None);
    if let Some((inside, landing)) = ship.door_spots(id).into_iter().find(|&(_, l)| l == landing) {
        ship.add_door(inside, landing);
    }
    id
}

fn core_room(ship: &mut Ship, cx: &mut Context<'_>, role: Role, p: &RoomParams, protected: bool) {
    let mut spots = candidates(ship, p.w, p.h);
    let depth = depth_inside(ship);
    let (mx, my) = ship.center();
    let score = |r: &Rect| -> f64 {
        if protected {
            // Farthest from the perimeter: the footprint's shallowest tile, as deep as can be.
            -f64::from(ship.footprint(*r).map(|t| depth[t]).min().unwrap_or(0))
        } else {
            let (fx, fy) = (f64::from(r.0) + f64::from(r.2) / 2.0, f64::from(r.1) + f64::from(r.3) / 2.0);
            (fx - mx) * (fx - mx) + (fy - my) * (fy - my)
        }
    };
    spots.sort_by(|a, b| score(a).total_cmp(&score(b)));
    match first_keeping(ship, spots, cx.max_detour) {
        Some(best) => {
            place_room(ship, role, best, cx.rng);
        }
        None => cx.shortfalls.push(format!("{}: no room", role.name())),
    }
}

/// Steps from each tile to the nearest space tile (or off-grid).
fn depth_inside(ship: &Ship) -> Vec<u32> {
    let mut depth = vec![u32::MAX; ship.tiles.len()];
    let mut queue = std::collections::VecDeque::new();
    for (t, d) in depth.iter_mut().enumerate() {
        let (x, y) = ship.xy(t);
        if ship.tiles[t] == Tile::Space || x == 0 || y == 0 || x + 1 == ship.width || y + 1 == ship.height {
            *d = 0;
            queue.push_back(t);
        }
    }
    while let Some(t) = queue.pop_front() {
        for n in ship.neighbors(t).collect::<Vec<_>>() {
            if depth[n] == u32::MAX {
                depth[n] = depth[t] + 1;
                queue.push_back(n);
            }
        }
    }
    depth
}

fn armor_around(ship: &mut Ship, cx: &mut Context<'_>, role: Role, layers: u32) {
    let Some(part) = ship.parts.iter().find(|p| p.role == role).cloned() else {
        return;
    };
    for layer in 1..=layers {
        let (x0, y0) = (i64::from(part.x) - i64::from(layer), i64::from(part.y) - i64::from(layer));
        let (x1, y1) = (
            i64::from(part.x + part.w) + i64::from(layer) - 1,
            i64::from(part.y + part.h) + i64::from(layer) - 1,
        );
        for y in y0..=y1 {
            for x in x0..=x1 {
                let on_ring = x == x0 || x == x1 || y == y0 || y == y1;
                if !on_ring || x < 0 || y < 0 || x >= i64::from(ship.width) || y >= i64::from(ship.height) {
                    continue;
                }
                let t = ship.at(x as u32, y as u32);
                let r = (x as u32, y as u32, 1, 1);
                if ship.tiles[t] == Tile::Floor && !ship.reserved[t] && ship.keeps_paths(r, cx.max_detour) {
                    ship.tiles[t] = Tile::Armor;
                }
            }
        }
    }
}

/// For each column the first and last ship row, and for each row the first
/// and last ship column (`None` where empty): whether a footprint has a clear
/// line to the border is then a look-up per column or row.
pub struct Profile {
    cols: Vec<Option<(u32, u32)>>,
    rows: Vec<Option<(u32, u32)>>,
}

impl Profile {
    /// The profile of the ship as it stands.
    pub fn of(ship: &Ship) -> Profile {
        let mut cols = vec![None; ship.width as usize];
        let mut rows = vec![None; ship.height as usize];
        for t in 0..ship.tiles.len() {
            if ship.tiles[t] == Tile::Space {
                continue;
            }
            let (x, y) = ship.xy(t);
            let widen = |span: &mut Option<(u32, u32)>, v: u32| *span = Some(span.map_or((v, v), |(a, b)| (a.min(v), b.max(v))));
            widen(&mut cols[x as usize], y);
            widen(&mut rows[y as usize], x);
        }
        Profile { cols, rows }
    }

    /// Whether every tile from the footprint's `facing` edge to the grid's border is space.
    pub fn clear_line(&self, (x, y, w, h): Rect, facing: Facing) -> bool {
        let span = |v: &Option<(u32, u32)>| v.unwrap_or((u32::MAX, 0));
        match facing {
            Facing::Up => (x..x + w).all(|c| span(&self.cols[c as usize]).0 >= y),
            Facing::Down => (x..x + w).all(|c| span(&self.cols[c as usize]).1 < y + h || self.cols[c as usize].is_none()),
            Facing::Left => (y..y + h).all(|r| span(&self.rows[r as usize]).0 >= x),
            Facing::Right => (y..y + h).all(|r| span(&self.rows[r as usize]).1 < x + w || self.rows[r as usize].is_none()),
        }
    }
}

fn machines(ship: &mut Ship, cx: &mut Context<'_>, stage: &str, p: &MachineParams, outward: bool) {
    let drawn = cx
        .rng
        .range_inclusive(i64::from(p.min_score.min(p.max_score)), i64::from(p.max_score.max(p.min_score))) as u32;
    let budget = u32::try_from(scaled(drawn, p.score_per_1000_tiles, ship.hull_tiles())).unwrap_or(u32::MAX);
    let mut placed = 0;
    let mut misses = 0;
    let (mx, my) = ship.center();
    // Footprints `(w, h, facing)` that found no place: machines placed
    // since only take room, so they are not drawn again, and the stage
    // draws among what may still fit until nothing does.
    let mut no_place: Vec<(u32, u32, Facing)> = Vec::new();
    let dims = |v: &Variant, facing: Facing| {
        if matches!(facing, Facing::Left | Facing::Right) {
            (v.h, v.w)
        } else {
            (v.w, v.h)
        }
    };
    while placed < budget && misses < MACHINE_MISSES {
        let facing_weights = |v: &Variant, no_place: &[(u32, u32, Facing)]| -> [f64; 4] {
            std::array::from_fn(|f| {
                let (w, h) = dims(v, Facing::ALL[f]);
                if no_place.contains(&(w, h, Facing::ALL[f])) {
                    0.0
                } else {
                    p.facing_weights[f]
                }
            })
        };
        let weights: Vec<f64> = p
            .variants
            .iter()
            .map(|v| {
                let open = facing_weights(v, &no_place).iter().any(|&w| w > 0.0);
                if v.score <= budget - placed && open { v.weight } else { 0.0 }
            })
            .collect();
        let Some(k) = cx.rng.weighted(&weights) else { break };
        let v = &p.variants[k];
        let Some(f) = cx.rng.weighted(&facing_weights(v, &no_place)) else {
            break;
        };
        let facing = Facing::ALL[f];
        let (w, h) = dims(v, facing);
        let profile = Profile::of(ship);
        let mut spots: Vec<Rect> = candidates(ship, w, h)
            .into_iter()
            .filter(|&r| profile.clear_line(r, facing))
            .collect();
        if outward {
            // Farthest from the centre in the facing direction first.
            let (dx, dy) = facing.step();
            let reach = |r: &Rect| {
                (f64::from(r.0) + f64::from(r.2) / 2.0 - mx) * f64::from(dx) + (f64::from(r.1) + f64::from(r.3) / 2.0 - my) * f64::from(dy)
            };
            spots.sort_by(|a, b| reach(b).total_cmp(&reach(a)));
        } else {
            // Uniform among the places that pass: a random order, first passing.
            cx.rng.shuffle(&mut spots);
        }
        let Some(r) = first_keeping(ship, spots, cx.max_detour) else {
            no_place.push((w, h, facing));
            misses += 1;
            continue;
        };
        ship.place(&v.name, v.role, r, Some(facing));
        let ring = ship.ring(r);
        let operator = ring[cx.rng.index(ring.len())];
        ship.reserved[operator] = true;
        placed += v.score;
    }
    if placed < budget {
        cx.shortfalls.push(format!("{stage}: placed {placed} of {budget} points"));
    }
    cx.scores.push((stage.to_string(), budget, placed));
}

fn exterior_armor(ship: &mut Ship) {
    // Keep every facing machine's line to the border clear.
    let mut lines = vec![false; ship.tiles.len()];
    for part in ship.parts.iter().filter(|p| p.facing.is_some()) {
        let (dx, dy) = part.facing.map_or((0, 0), Facing::step);
        for t in ship.footprint((part.x, part.y, part.w, part.h)).collect::<Vec<_>>() {
            let mut at = t;
            while let Some(n) = ship.offset(at, (dx, dy)) {
                lines[n] = true;
                at = n;
            }
        }
    }
    let mut add = Vec::new();
    for (t, &in_line) in lines.iter().enumerate() {
        if ship.tiles[t] != Tile::Space || in_line {
            continue;
        }
        let next_to_machine = ship
            .neighbors(t)
            .any(|n| matches!(ship.tiles[n], Tile::Part(p) if ship.parts[p as usize].role.is_machine()));
        if next_to_machine {
            add.push(t);
        }
    }
    for t in add {
        ship.tiles[t] = Tile::Armor;
    }
}

/// Rooms of the first of `serves`' suppliers (ammo for weapons, power
/// storage for thrusters), each walk within its limit ([`Walks`]).
///
/// The number planned (drawn from `min..=max`, plus the rate's) goes near
/// the parts of role `serves` and `also` that no supplier reaches within the
/// walk yet; then, while a part of role `serves` is still out of reach, more
/// (at most as many again as planned plus [`EXTRA_SUPPLIES`]): the guarantee
/// comes first. Each room goes where its door brings the most of those
/// parts within the walk, the door on that side; the walks it brings within
/// reach are then kept clear, so later rooms cannot lengthen them.
fn supplies(ship: &mut Ship, cx: &mut Context<'_>, p: &SupplyParams, serves: Role, also: &[Role]) {
    let drawn = cx.rng.range_inclusive(i64::from(p.min.min(p.max)), i64::from(p.max.max(p.min))) as u32;
    let want = u32::try_from(scaled(drawn, p.per_1000_tiles, ship.hull_tiles())).unwrap_or(u32::MAX);
    let most = want.saturating_mul(2).saturating_add(EXTRA_SUPPLIES);
    let suppliers = serves.suppliers();
    let Some(&role) = suppliers.first() else { return };
    let walk = cx.walks.limit(serves);
    let mut made = 0;
    loop {
        let extra = made >= want;
        // Consumers not yet within the walk of a supplier (for power, the
        // reactor counts); past the number planned, only those the
        // guarantee is about.
        let providers: Vec<usize> = ship
            .parts
            .iter()
            .filter(|q| suppliers.contains(&q.role))
            .flat_map(|q| ship.footprint((q.x, q.y, q.w, q.h)).collect::<Vec<_>>())
            .collect();
        let near_provider = ship.distances(&providers);
        let consumers_left: Vec<Vec<usize>> = ship
            .parts
            .iter()
            .filter(|q| q.role == serves || !extra && also.contains(&q.role))
            .map(|q| ship.ring((q.x, q.y, q.w, q.h)))
            .filter(|access| !access.iter().any(|&t| near_provider[t] <= walk))
            .collect();
        if extra && (consumers_left.is_empty() || made >= most) {
            break;
        }
        // `(tile, consumer)` for every tile within a walk of a consumer left,
        // one step short: a door there brings the consumer within it.
        let mut near: Vec<(usize, usize)> = Vec::new();
        for (c, access) in consumers_left.iter().enumerate() {
            near.extend(ship.within(access, walk.saturating_sub(1)).into_iter().map(|t| (t, c)));
        }
        near.sort_unstable();
        let at = |t: usize| {
            let first = near.partition_point(|&(u, _)| u < t);
            near[first..].iter().take_while(move |&&(u, _)| u == t).map(|&(_, c)| c)
        };
        let mut reach = vec![0u32; ship.tiles.len()];
        for &(t, _) in &near {
            reach[t] += 1;
        }
        let spots: Vec<(Rect, Vec<usize>)> = candidates(ship, p.w, p.h).into_iter().map(|r| (r, ship.ring(r))).collect();
        // Past the number planned, the consumer left with the fewest places
        // that could serve it goes first: the places the others have are
        // many, and a room for them could take its last.
        let target = if extra {
            let mut options = vec![0u32; consumers_left.len()];
            let mut seen = vec![usize::MAX; consumers_left.len()];
            for (k, (_, ring)) in spots.iter().enumerate() {
                for &t in ring {
                    for c in at(t) {
                        if seen[c] != k {
                            seen[c] = k;
                            options[c] += 1;
                        }
                    }
                }
            }
            (0..options.len()).filter(|&c| options[c] > 0).min_by_key(|&c| (options[c], c))
        } else {
            None
        };
        if extra && target.is_none() {
            break;
        }
        // Each place with its best landing (reaching the target, if any,
        // and of those the most consumers left), those reaching the most
        // first.
        let mut ranked: Vec<(u32, Rect, usize)> = spots
            .into_iter()
            .filter_map(|(r, ring)| {
                let landing = ring
                    .into_iter()
                    .filter(|&t| target.is_none_or(|c| at(t).any(|d| d == c)))
                    .max_by_key(|&t| (reach[t], std::cmp::Reverse(t)))?;
                Some((reach[landing], r, landing))
            })
            .collect();
        // Of places reaching as many, the one nearest the ship's centre: the
        // narrow nose and the tail, where machines crowd, keep their room
        // for the rooms that only they can hold.
        let (mx, my) = ship.center();
        let off = |r: &Rect| {
            let (dx, dy) = (
                f64::from(r.0) + f64::from(r.2) / 2.0 - mx,
                f64::from(r.1) + f64::from(r.3) / 2.0 - my,
            );
            dx * dx + dy * dy
        };
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(off(&a.1).total_cmp(&off(&b.1))));
        let Some((n, best, landing)) = ranked.into_iter().find(|&(_, r, _)| ship.keeps_paths(r, cx.max_detour)) else {
            break;
        };
        if n > 0 {
            place_room_at(ship, role, best, landing);
        } else {
            place_room(ship, role, best, cx.rng);
        }
        made += 1;
    }
    // Keep the walks within reach from being lengthened by later stages (a
    // room placed in this stage that lengthened one was seen by the loop).
    protect_supply_walks(ship, cx.walks, &[serves]);
    if made < want {
        cx.shortfalls.push(format!("{}: placed {made} of {want}", role.name()));
    }
}

/// Places a crew room chooses among: the next ones still free in its list.
const CREW_CHOICES: usize = 4;

/// The order in which rooms of kinds wanted `counts[kind]` times are placed:
/// room `k` of a kind with `n` goes at `(k + 1/2) / n` of the way, so the
/// kinds mix evenly.
fn interleaved(counts: &[u64]) -> Vec<usize> {
    let mut wanted: Vec<(f64, usize)> = Vec::new();
    for (kind, &n) in counts.iter().enumerate() {
        wanted.extend((0..n).map(|k| ((k as f64 + 0.5) / n as f64, kind)));
    }
    wanted.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    wanted.into_iter().map(|(_, kind)| kind).collect()
}

/// Crew quarters and bunks: first the fixed counts (`quarters`, `bunks`),
/// which the stage must place (what does not fit is a shortfall), then the
/// rooms the per-1000-tiles rates ask for, as many of them as the free floor
/// holds: the rates plan from the room the hull has, never more. Each phase
/// interleaves the two kinds.
///
/// The places of each size are listed once, in random order; each room
/// looks at the next [`CREW_CHOICES`] still free and takes, of those that
/// keep every path, the one whose sides touch the most rooms (edges lined
/// up with their neighbours); when none of them does, the next few, until
/// the list runs out (then no room of that kind fits any more). Rooms
/// spread over the whole hull, with the corridors the path check leaves
/// between them, so no part of a large ship is left to armor. A place
/// passed over is not tried again, so the stage costs a pass per size plus
/// at most one path check per place.
fn crew(ship: &mut Ship, cx: &mut Context<'_>, p: &CrewParams) {
    // Many rooms, each keeping only local detours, could add up to long
    // walks between machines and their supplies: keep those walks clear.
    protect_supply_walks(ship, cx.walks, &Role::SUPPLIED);
    let hull = ship.hull_tiles();
    let kinds = [(Role::CrewQuarters, p.quarters_size), (Role::Bunks, p.bunks_size)];
    let required = [u64::from(p.quarters), u64::from(p.bunks)];
    let by_rate = [scaled(0, p.quarters_per_1000_tiles, hull), scaled(0, p.bunks_per_1000_tiles, hull)];
    let mut lists: Vec<Vec<Rect>> = Vec::new();
    for &(_, [w, h]) in &kinds {
        let mut spots = candidates(ship, w, h);
        if w != h {
            spots.extend(candidates(ship, h, w));
        }
        cx.rng.shuffle(&mut spots);
        lists.push(spots);
    }
    // Places passed over for good (taken, or failing the path check).
    let mut gone: Vec<Vec<bool>> = lists.iter().map(|l| vec![false; l.len()]).collect();
    let mut next = vec![0; kinds.len()];
    let mut placed = [0u64; 2];
    let is_room = |ship: &Ship, n: usize| matches!(ship.tiles[n], Tile::Part(q) if !ship.parts[q as usize].role.is_machine());
    for kind in interleaved(&required).into_iter().chain(interleaved(&by_rate)) {
        let spots = &lists[kind];
        // The next few places still free, those whose sides touch the most
        // rooms first: edges line up where they can.
        let mut k = next[kind];
        'room: loop {
            let mut near: Vec<(usize, usize)> = Vec::new();
            while k < spots.len() && near.len() < CREW_CHOICES {
                if !gone[kind][k] {
                    if ship.is_free_floor(spots[k]) && ship.has_ring(spots[k]) {
                        let touch = ship
                            .footprint(spots[k])
                            .map(|t| ship.neighbors(t).filter(|&n| is_room(ship, n)).count())
                            .sum();
                        near.push((touch, k));
                    } else {
                        gone[kind][k] = true;
                    }
                }
                k += 1;
            }
            if near.is_empty() {
                break;
            }
            near.sort_by_key(|&(touch, k)| (std::cmp::Reverse(touch), k));
            for (_, k) in near {
                gone[kind][k] = true;
                if ship.keeps_paths(spots[k], cx.max_detour) {
                    place_room(ship, kinds[kind].0, spots[k], cx.rng);
                    placed[kind] += 1;
                    break 'room;
                }
            }
        }
        while next[kind] < spots.len() && gone[kind][next[kind]] {
            next[kind] += 1;
        }
    }
    for ((&(role, _), &n), &made) in kinds.iter().zip(&required).zip(&placed) {
        if made < n {
            cx.shortfalls.push(format!("{}: placed {made} of {n}", role.name()));
        }
    }
}

/// Reserves one shortest walk from every weapon to ammo and every thruster to
/// power that is within its limit, so that later rooms, filling with armor
/// or supplies placed later cannot lengthen it: local detours, each small,
/// would otherwise add up to a maze. Of the shortest walks, each takes the
/// one that joins earlier walks soonest. Walks over the limit are left
/// free: a supply placed later may still bring them within it.
fn protect_supply_walks(ship: &mut Ship, walks: Walks, consumers: &[Role]) {
    for &consumer in consumers {
        let sources: Vec<usize> = ship
            .parts
            .iter()
            .filter(|q| consumer.suppliers().contains(&q.role))
            .flat_map(|q| ship.footprint((q.x, q.y, q.w, q.h)).collect::<Vec<_>>())
            .collect();
        if sources.is_empty() {
            continue;
        }
        let dist = ship.distances(&sources);
        let starts: Vec<usize> = ship
            .parts
            .iter()
            .filter(|q| q.role == consumer)
            .filter_map(|q| {
                ship.ring((q.x, q.y, q.w, q.h))
                    .into_iter()
                    .filter(|&t| dist[t] <= walks.limit(consumer))
                    .min_by_key(|&t| (dist[t], t))
            })
            .collect();
        for mut t in starts {
            while dist[t] > 0 {
                if ship.tiles[t] == Tile::Floor {
                    ship.reserved[t] = true;
                }
                // Of the shortest steps, one onto a walk kept already, else a
                // sideways one: walks join into a few corridors instead of
                // running side by side.
                let row = ship.xy(t).1;
                let Some(next) = ship
                    .neighbors(t)
                    .filter(|&n| dist[n] == dist[t] - 1 && ship.can_step(t, n))
                    .min_by_key(|&n| (!ship.reserved[n], ship.xy(n).1 != row, n))
                else {
                    break;
                };
                t = next;
            }
        }
    }
}

fn fill_armor(ship: &mut Ship, max_detour: u32, walks: Walks) {
    protect_supply_walks(ship, walks, &Role::SUPPLIED);
    for t in 0..ship.tiles.len() {
        let (x, y) = ship.xy(t);
        if ship.tiles[t] == Tile::Floor && !ship.reserved[t] && ship.keeps_paths((x, y, 1, 1), max_detour) {
            ship.tiles[t] = Tile::Armor;
        }
    }
}

fn extra_doors(ship: &mut Ship, threshold: u32) {
    for a in 0..ship.tiles.len() {
        for b in [ship.offset(a, (1, 0)), ship.offset(a, (0, 1))].into_iter().flatten() {
            if !ship.walkable(a) || !ship.walkable(b) || ship.can_step(a, b) {
                continue;
            }
            if !ship.reaches_within(a, b, threshold) {
                let (inside, landing) = if matches!(ship.tiles[a], Tile::Part(_)) { (a, b) } else { (b, a) };
                ship.add_door(inside, landing);
            }
        }
    }
}
