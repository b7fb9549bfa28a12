//! The pipeline's stages: the [`Stage`] enum, each kind with its
//! parameters and the rules across them, and the default pipeline, the
//! original's fourteen stages.
//! The stages themselves run in `starship::stages`.

use std::cell::RefCell;

use serde::Serialize;

use super::stages::{
    ArmorParams, CrewParams, DoorParams, Fields, FillGapsParams, MAX_SCORE, MAX_SCORE_RATE, MAX_VARIANTS, MachineParams, NoParams,
    RoomParams, ShapeParams, SupplyParams, Variant,
};
use crate::params::{ParamError, TableField};
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

/// The fields of a `param`'s tables for a form (the pipeline's stages: each
/// kind's fields, with doc and rule, in order); none for another parameter.
/// The rules are those [`Stage::validate`] checks, recorded as it runs.
pub(crate) fn stage_fields(param: &str) -> Vec<TableField> {
    if param != "pipeline" {
        return Vec::new();
    }
    let mut fields = Vec::new();
    let mut seen = Vec::new();
    for stage in default_pipeline() {
        if seen.contains(&stage.name()) {
            continue;
        }
        seen.push(stage.name());
        let record = RefCell::new(Vec::new());
        let _ = stage.check(&Fields {
            at: "",
            record: Some(&record),
        });
        let rules = record.into_inner();
        let docs = stage.docs().iter().map(|&(name, doc)| (name.to_string(), doc));
        let nested = Variant::DOCS.iter().map(|&(name, doc)| (format!("variants.{name}"), doc));
        let nested = if matches!(stage, Stage::Thrusters(_) | Stage::Weapons(_)) {
            nested.collect()
        } else {
            Vec::new()
        };
        for (name, doc) in docs.chain(nested) {
            let rule = rules.iter().find(|rule| rule.0 == name);
            fields.push(TableField {
                table: stage.name(),
                doc: crate::params::plain(doc),
                min: rule.and_then(|r| r.1),
                max: rule.and_then(|r| r.2),
                allowed: rule.map(|r| r.3.clone()).unwrap_or_default(),
                name,
            });
        }
    }
    fields
}

impl Stage {
    /// Checks every parameter of the stage against its range; `at` names the
    /// stage in errors (`pipeline[11] (crew)`).
    pub(crate) fn validate(&self, at: &str) -> Result<(), ParamError> {
        self.check(&Fields::new(at))
    }

    /// Each field's own doc, by name.
    fn docs(&self) -> &'static [(&'static str, &'static str)] {
        match self {
            Stage::Shape(_) => ShapeParams::DOCS,
            Stage::FillGaps(_) => FillGapsParams::DOCS,
            Stage::Cockpit(_) | Stage::Reactor(_) => RoomParams::DOCS,
            Stage::CockpitArmor(_) | Stage::ReactorArmor(_) => ArmorParams::DOCS,
            Stage::Thrusters(_) | Stage::Weapons(_) => MachineParams::DOCS,
            Stage::AmmoSupplies(_) | Stage::PowerStorage(_) => SupplyParams::DOCS,
            Stage::Crew(_) => CrewParams::DOCS,
            Stage::ExtraDoors(_) => DoorParams::DOCS,
            Stage::ExteriorArmor(_) | Stage::FillArmor(_) => &[],
        }
    }

    fn check(&self, f: &Fields<'_>) -> Result<(), ParamError> {
        match self {
            Stage::Shape(p) => {
                p.check_fields(f)?;
                f.ordered("min_modules", p.min_modules, "max_modules", p.max_modules)?;
                f.weights("rectangle_weight", &[p.circle_weight, p.rectangle_weight])?;
                f.ordered("min_size", p.min_size, "max_size", p.max_size)
            }
            Stage::FillGaps(p) => p.check_fields(f),
            Stage::Cockpit(p) | Stage::Reactor(p) => p.check_fields(f),
            Stage::CockpitArmor(p) | Stage::ReactorArmor(p) => p.check_fields(f),
            Stage::Thrusters(p) | Stage::Weapons(p) => {
                f.int("min_score", p.min_score, 0, MAX_SCORE)?;
                f.int("max_score", p.max_score, 0, MAX_SCORE)?;
                f.ordered("min_score", p.min_score, "max_score", p.max_score)?;
                f.weights("facing_weights", &p.facing_weights)?;
                f.count("variants", p.variants.len(), 1, MAX_VARIANTS)?;
                for (k, v) in p.variants.iter().enumerate() {
                    let at = if f.record.is_some() {
                        f.name("variants")
                    } else {
                        f.name(&format!("variants[{k}]"))
                    };
                    v.validate(&f.nested(&at))?;
                }
                let weights: Vec<f64> = p.variants.iter().map(|v| v.weight).collect();
                f.weights("variants", &weights)?;
                f.float("score_per_1000_tiles", p.score_per_1000_tiles, 0.0, MAX_SCORE_RATE)
            }
            Stage::AmmoSupplies(p) | Stage::PowerStorage(p) => {
                p.check_fields(f)?;
                f.ordered("min", p.min, "max", p.max)
            }
            Stage::Crew(p) => p.check_fields(f),
            Stage::ExtraDoors(p) => p.check_fields(f),
            Stage::ExteriorArmor(_) | Stage::FillArmor(_) => Ok(()),
        }
    }
}
