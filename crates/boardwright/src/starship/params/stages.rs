//! The stages' parameters: one struct per kind of stage, with the values
//! of the default pipeline, and the check of every field against its range.

use serde::{Deserialize, Serialize};

use std::cell::RefCell;

use crate::params::{Allowed, ParamError};
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

/// A stage's parameter struct whose fields' docs are kept for the web form
/// ([`stage_fields`](super::stage_list::stage_fields)): each field is `doc, pub name: type` and any field
/// attributes after its type, ending with `;`.
macro_rules! table {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                pub $field:ident: $ty:ty $(, #[$attr:meta])*;
            )*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $(
                $(#[doc = $doc])+
                $(#[$attr])*
                pub $field: $ty,
            )*
        }

        impl $name {
            /// Each field's name and doc.
            pub(super) const DOCS: &'static [(&'static str, &'static str)] = &[$((stringify!($field), concat!($($doc),+)),)*];
        }
    };
}

/// A stage's parameter struct declared once: each field's doc, name, type,
/// default and rule (`int(MIN, MAX)`, `float(MIN, MAX)`, `size` for a
/// room's `[w, h]`, `any`). From it come the struct (missing keys take the
/// default), its `Default`, its docs for the web form and the check of each
/// field against its rule (`check_fields`; rules across fields are the
/// stage's own, in [`Stage`]'s check).
macro_rules! stage_table {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $field:ident: $ty:ty = $default:expr, $rule:ident $(($($bound:expr),*))?;
            )*
        }
    ) => {
        table! {
            $(#[$meta])*
            #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
            #[serde(default, deny_unknown_fields)]
            pub struct $name {
                $(
                    $(#[doc = $doc])+
                    pub $field: $ty;
                )*
            }
        }

        impl Default for $name {
            fn default() -> Self {
                $name { $($field: $default,)* }
            }
        }

        impl $name {
            /// Checks (or records) each field against its own rule.
            pub(super) fn check_fields(&self, f: &Fields<'_>) -> Result<(), ParamError> {
                $(stage_table!(@rule f, stringify!($field), self.$field, $rule $(($($bound),*))?);)*
                Ok(())
            }
        }
    };
    (@rule $f:ident, $name:expr, $value:expr, int($min:expr, $max:expr)) => { $f.int($name, $value, $min, $max)? };
    (@rule $f:ident, $name:expr, $value:expr, float($min:expr, $max:expr)) => { $f.float($name, $value, $min, $max)? };
    (@rule $f:ident, $name:expr, $value:expr, size) => { $f.size($name, $value)? };
    (@rule $f:ident, $name:expr, $value:expr, any) => { let _ = &$value; };
}

table! {
    /// A machine variant (a thruster or weapon size).
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Variant {
        /// Part kind written in the JSON (`thruster_large`, `laser`, …): 1 to
        /// 64 characters, not a name the legend gives a tile or room.
        pub name: String;
        /// What the machine is (`thruster` or `weapon`): this, not the name,
        /// decides which supply it needs. A variant table without it takes its
        /// stage's role.
        pub role: Role;
        /// Width when facing up (1 to 8).
        pub w: u32;
        /// Height when facing up (1 to 8).
        pub h: u32;
        /// Score towards the stage's budget (1 to 200).
        pub score: u32;
        /// Chance of being picked, relative to the others (0 to 1e6; not all 0).
        pub weight: f64;
        /// The character that marks it in the tile rows: not white space and not
        /// one the legend gives a tile or room; one name, one symbol.
        pub symbol: char;
    }
}

stage_table! {
    /// Parameters of the shape stage.
    pub struct ShapeParams {
        /// Fewest brush modules (1 to 50).
        min_modules: u32 = 3, int(1, MAX_MODULES);
        /// Most brush modules (`min_modules` to 50).
        max_modules: u32 = 6, int(1, MAX_MODULES);
        /// Weight of circle modules (0 to 1e6).
        circle_weight: f64 = 1.0, float(0.0, MAX_WEIGHT);
        /// Weight of rectangle modules (0 to 1e6; not 0 with `circle_weight`).
        rectangle_weight: f64 = 1.0, float(0.0, MAX_WEIGHT);
        /// Smallest module, as a share of the grid's width across and its height along (0 to 1).
        min_size: f64 = 0.15, float(0.0, 1.0);
        /// Largest module, as a share of the grid's width across and its height along (`min_size` to 1).
        max_size: f64 = 0.3, float(0.0, 1.0);
        /// Mirror left to right.
        mirror: bool = true, any;
        /// Length of the tapering nose, as a share of the ship's length (0 to
        /// 0.8; 0: a blunt bow). Modules stay behind it.
        nose: f64 = 0.3, float(0.0, 0.8);
        /// Width of the hull's central spine, as a share of the grid's width
        /// (0 to 1), which runs from the nose's tip to the tail.
        spine: f64 = 0.3, float(0.0, 1.0);
    }
}

stage_table! {
    /// Parameters of the fill-gaps stage.
    pub struct FillGapsParams {
        /// How far to look for ship tiles in each direction (0 to 16).
        scan_range: u32 = 1, int(0, MAX_GAP_SCAN);
        /// Passes (0 to 16).
        iterations: u32 = 1, int(0, MAX_GAP_SCAN);
    }
}

stage_table! {
    /// Parameters of a single-room stage (cockpit, reactor).
    pub struct RoomParams {
        /// Width (1 to 8).
        w: u32 = 3, int(1, MAX_PART_SIDE);
        /// Height (1 to 8).
        h: u32 = 3, int(1, MAX_PART_SIDE);
    }
}

stage_table! {
    /// Parameters of an armor-around stage.
    pub struct ArmorParams {
        /// Layers of armor (0 to 8).
        layers: u32 = 1, int(0, MAX_LAYERS);
    }
}

table! {
    /// Parameters of a machine stage (thrusters, weapons).
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct MachineParams {
        /// Smallest score budget (0 to 200).
        pub min_score: u32;
        /// Largest score budget (`min_score` to 200).
        pub max_score: u32;
        /// The sizes (1 to 16 of them).
        pub variants: Vec<Variant>;
        /// Weights of facing up, down, left, right (each 0 to 1e6; not all 0).
        pub facing_weights: [f64; 4];
        /// Points added to the budget per 1000 tiles of hull (0 to 200), so
        /// that a bigger ship carries more.
        pub score_per_1000_tiles: f64, #[serde(default)];
    }
}

stage_table! {
    /// Parameters of a supply stage (ammo, power).
    pub struct SupplyParams {
        /// Fewest rooms (0 to 16).
        min: u32 = 1, int(0, MAX_SUPPLIES);
        /// Most rooms (`min` to 16).
        max: u32 = 2, int(0, MAX_SUPPLIES);
        /// Width (1 to 8).
        w: u32 = 2, int(1, MAX_PART_SIDE);
        /// Height (1 to 8).
        h: u32 = 2, int(1, MAX_PART_SIDE);
        /// Rooms added per 1000 tiles of hull (0 to 100).
        per_1000_tiles: f64 = 3.0, float(0.0, MAX_ROOM_RATE);
    }
}

stage_table! {
    /// Parameters of the crew stage.
    pub struct CrewParams {
        /// Crew quarters that must be placed (0 to 32): those that do not fit
        /// are a shortfall.
        quarters: u32 = 0, int(0, MAX_CREW_ROOMS);
        /// Bunk rooms that must be placed (0 to 32): those that do not fit are a
        /// shortfall.
        bunks: u32 = 0, int(0, MAX_CREW_ROOMS);
        /// Crew quarters' size `[w, h]` (either orientation; sides 1 to 8).
        quarters_size: [u32; 2] = [3, 2], size;
        /// Bunk rooms' size `[w, h]` (either orientation; sides 1 to 8).
        bunks_size: [u32; 2] = [2, 2], size;
        /// Crew quarters added per 1000 tiles of hull (0 to 100), as many of
        /// them as the free floor holds.
        quarters_per_1000_tiles: f64 = 24.0, float(0.0, MAX_ROOM_RATE);
        /// Bunk rooms added per 1000 tiles of hull (0 to 100), as many of them
        /// as the free floor holds.
        bunks_per_1000_tiles: f64 = 30.0, float(0.0, MAX_ROOM_RATE);
    }
}

stage_table! {
    /// Parameters of the extra-doors stage.
    pub struct DoorParams {
        /// A wall whose walk around is longer than this gets a door (1 to 200).
        door_threshold: u32 = 10, int(1, MAX_DOOR_THRESHOLD);
    }
}

/// Parameters of stages that have none.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

/// What a field allows, as the check of one stage records it for a form:
/// its name, bounds where it is a number, and the rule in words.
pub(super) type Rule = (String, Option<f64>, Option<f64>, String);

/// Checks the fields of one stage, naming them in errors
/// (`pipeline[11] (crew).bunks`); or, recording, passes every value and
/// writes down each field's rule instead ([`stage_fields`](super::stage_list::stage_fields)).
pub(super) struct Fields<'a> {
    pub(super) at: &'a str,
    pub(super) record: Option<&'a RefCell<Vec<Rule>>>,
}

impl<'a> Fields<'a> {
    pub(super) fn new(at: &'a str) -> Fields<'a> {
        Fields { at, record: None }
    }

    /// The fields of a table nested in this one (`variants[0]`), checked or
    /// recorded as this one is.
    pub(super) fn nested<'b>(&self, at: &'b str) -> Fields<'b>
    where
        'a: 'b,
    {
        Fields { at, record: self.record }
    }

    pub(super) fn name(&self, field: &str) -> String {
        if self.at.is_empty() {
            field.to_string()
        } else {
            format!("{}.{field}", self.at)
        }
    }

    /// Records `field`'s rule (once: a field of every variant is one field of
    /// the form) and says whether the check is only being recorded.
    fn recorded(&self, field: &str, bounds: Option<(f64, f64)>, allowed: impl FnOnce() -> String) -> bool {
        let Some(record) = self.record else { return false };
        let name = self.name(field);
        let mut rules = record.borrow_mut();
        if !rules.iter().any(|rule| rule.0 == name) {
            rules.push((name, bounds.map(|b| b.0), bounds.map(|b| b.1), allowed()));
        }
        true
    }

    pub(super) fn int(&self, field: &str, value: u32, min: u32, max: u32) -> Result<(), ParamError> {
        let allowed = Allowed::Int {
            min: min.into(),
            max: max.into(),
        };
        if self.recorded(field, Some((min.into(), max.into())), || allowed.to_string()) || (min..=max).contains(&value) {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), value, allowed))
    }

    pub(super) fn float(&self, field: &str, value: f64, min: f64, max: f64) -> Result<(), ParamError> {
        let allowed = Allowed::Float { min, max };
        if self.recorded(field, Some((min, max)), || allowed.to_string()) || value.is_finite() && (min..=max).contains(&value) {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), value, allowed))
    }

    /// A list of `len` tables, `min` to `max` of them.
    pub(super) fn count(&self, field: &str, len: usize, min: usize, max: usize) -> Result<(), ParamError> {
        let allowed = || format!("{min} to {max} {field}");
        if self.recorded(field, None, allowed) || (min..=max).contains(&len) {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), format!("{len} {field}"), allowed()))
    }

    /// A string of 1 to `max` characters.
    pub(super) fn text(&self, field: &str, value: &str, max: usize) -> Result<(), ParamError> {
        let allowed = || format!("1 to {max} characters");
        let length = value.chars().count();
        if self.recorded(field, Some((1.0, max as f64)), allowed) || (1..=max).contains(&length) {
            return Ok(());
        }
        let shown: String = value.chars().take(max).collect();
        Err(ParamError::invalid(
            &self.name(field),
            format!("\"{shown}\" ({length} characters)"),
            allowed(),
        ))
    }

    /// One of the words `allowed`, as `holds` says of the value.
    pub(super) fn word(&self, field: &str, value: &str, holds: bool, allowed: &'static str) -> Result<(), ParamError> {
        if self.recorded(field, None, || allowed.to_string()) || holds {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), value, allowed))
    }

    /// `low` (named `low_field`) is at most `high` (named `high_field`).
    pub(super) fn ordered<T: PartialOrd + std::fmt::Display>(
        &self,
        low_field: &str,
        low: T,
        high_field: &str,
        high: T,
    ) -> Result<(), ParamError> {
        if let Some(record) = self.record {
            let name = self.name(low_field);
            if let Some(rule) = record.borrow_mut().iter_mut().find(|rule| rule.0 == name) {
                rule.3 = format!("{}, at most {high_field}", rule.3);
            }
            return Ok(());
        }
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
    pub(super) fn size(&self, field: &str, [w, h]: [u32; 2]) -> Result<(), ParamError> {
        let allowed = || format!("two sides, each an integer from 1 to {MAX_PART_SIDE}");
        let bounds = Some((1.0, f64::from(MAX_PART_SIDE)));
        if self.recorded(field, bounds, allowed) || [w, h].iter().all(|side| (1..=MAX_PART_SIDE).contains(side)) {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), format!("[{w}, {h}]"), allowed()))
    }

    /// Weights that are each in range and not all zero.
    pub(super) fn weights(&self, field: &str, weights: &[f64]) -> Result<(), ParamError> {
        let allowed = || format!("numbers from 0 to {MAX_WEIGHT}, not all 0");
        let fine = || weights.iter().all(|w| w.is_finite() && (0.0..=MAX_WEIGHT).contains(w)) && weights.iter().any(|&w| w > 0.0);
        if self.recorded(field, Some((0.0, MAX_WEIGHT)), allowed) || fine() {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), format!("{weights:?}"), allowed()))
    }
}

impl Variant {
    pub(super) fn validate(&self, f: &Fields<'_>) -> Result<(), ParamError> {
        f.text("name", &self.name, MAX_NAME)?;
        f.word("role", self.role.name(), self.role.is_machine(), "thruster or weapon")?;
        f.int("w", self.w, 1, MAX_PART_SIDE)?;
        f.int("h", self.h, 1, MAX_PART_SIDE)?;
        f.int("score", self.score, 1, MAX_SCORE)?;
        f.float("weight", self.weight, 0.0, MAX_WEIGHT)
    }
}
