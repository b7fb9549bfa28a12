//! How a stage table is read: it names its stage and gives any of its
//! fields; the rest are that stage's in the default pipeline.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};
use toml::{Table, Value};

use super::{Stage, default_pipeline};
use crate::starship::params::Variant;
use crate::starship::ship::Role;

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
