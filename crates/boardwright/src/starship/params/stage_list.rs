//! The pipeline's stages: the [`Stage`] enum, each kind with its
//! parameters, and the default pipeline, the original's fourteen stages.
//! The stages themselves run in `starship::stages`.

use serde::Serialize;

use super::stages::{
    ArmorParams, CrewParams, DoorParams, FillGapsParams, MachineParams, NoParams, RoomParams, ShapeParams, SupplyParams, Variant,
};
use crate::starship::part::Role;

/// One stage of a pipeline, with its parameters.
///
/// A stage table names its stage (`stage = "weapons"`) and gives any subset
/// of its fields; the rest are that stage's in the default pipeline. A
/// machine variant without `role` takes the stage's (thruster or weapon).
/// Written out, a stage has every field.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
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

/// A machine stage's parameters: `(min_score, max_score,
/// score_per_1000_tiles)`, the facing weights and the variants.
fn machine(
    (min_score, max_score, score_per_1000_tiles): (u32, u32, f64),
    facing_weights: [f64; 4],
    variants: Vec<Variant>,
) -> MachineParams {
    MachineParams {
        min_score,
        max_score,
        variants,
        facing_weights,
        score_per_1000_tiles,
    }
}

/// The default pipeline: the original's fourteen stages.
pub(crate) fn default_pipeline() -> Vec<Stage> {
    vec![
        Stage::Shape(ShapeParams::default()),
        Stage::FillGaps(FillGapsParams::default()),
        Stage::Cockpit(RoomParams::default()),
        Stage::Reactor(RoomParams::default()),
        Stage::CockpitArmor(ArmorParams::default()),
        Stage::ReactorArmor(ArmorParams::default()),
        // Scores 3 to 6 and 30 per 1000 hull tiles, facing mostly down.
        Stage::Thrusters(machine(
            (3, 6, 30.0),
            [1.0, 5.0, 1.0, 1.0],
            vec![
                variant("thruster_small", Role::Thruster, 1, 2, 1, 1.0, 't'),
                variant("thruster_medium", Role::Thruster, 2, 2, 2, 2.0, 'u'),
                variant("thruster_large", Role::Thruster, 2, 3, 4, 3.0, 'v'),
            ],
        )),
        // Scores 2 to 4 and 12 per 1000 hull tiles, facing mostly up.
        Stage::Weapons(machine(
            (2, 4, 12.0),
            [5.0, 1.0, 1.0, 1.0],
            vec![
                variant("weapon_small", Role::Weapon, 1, 2, 1, 2.0, 'w'),
                variant("weapon_large", Role::Weapon, 2, 3, 3, 1.0, 'W'),
            ],
        )),
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
