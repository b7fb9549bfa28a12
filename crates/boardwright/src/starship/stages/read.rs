//! How a stage table is read, through [`crate::overlay`]: it names its
//! stage (`stage = "weapons"`) and gives any of its fields; the rest are
//! that stage's in the default pipeline. A machine stage's `variants` are
//! read the same way: a variant table of a built-in name takes that
//! variant's other fields (so `{ name = "thruster_small", w = 2 }` is the
//! small thruster made wider), a new name gives every field, and a variant
//! without `role` takes its stage's.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};
use toml::{Table, Value};

use super::{Reader, Stage, Variant, default_pipeline};
use crate::overlay::{self, Entry};
use crate::starship::part::Role;

/// Reads `pipeline`: each stage table over its stage's defaults, errors
/// named by path (`pipeline[2].min_score`).
pub(crate) fn read_pipeline<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Stage>, D::Error> {
    overlay::read_list(Value::deserialize(deserializer)?, "pipeline", &()).map_err(D::Error::custom)
}

impl<'de> Deserialize<'de> for Stage {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Stage, D::Error> {
        overlay::read_entry(Value::deserialize(deserializer)?, "", &()).map_err(D::Error::custom)
    }
}

/// The default pipeline's stage called `name`.
fn default_stage(name: &str) -> Result<Stage, String> {
    default_pipeline()
        .into_iter()
        .find(|s| s.name() == name)
        .ok_or_else(|| unknown(name))
}

/// Why a stage called `name` is refused: no kind has that name.
fn unknown(name: &str) -> String {
    let names: Vec<&str> = default_pipeline().iter().map(Stage::name).collect();
    format!("unknown stage `{name}`; stages: {}", names.join(", "))
}

/// Parameters as a table.
fn table_of(value: &impl Serialize) -> Table {
    Table::try_from(value).expect("stage parameters serialize to a table")
}

/// Reads parameters from a complete table.
fn read<T: DeserializeOwned>(table: Table) -> Result<T, String> {
    T::deserialize(Value::Table(table)).map_err(|e| e.message().trim().to_string())
}

impl Entry for Stage {
    const KEY: &'static str = "stage";
    type Context = ();

    fn base(name: &str, _: &()) -> Result<Table, String> {
        default_stage(name).map(|stage| table_of(&stage))
    }

    /// A field's range, as the form shows it (`an integer from 1 to 50`).
    fn expected(name: &str, key: &str) -> Option<String> {
        super::stage_fields("pipeline")
            .into_iter()
            .find(|f| f.table == name && f.name == key && !f.allowed.is_empty())
            .map(|f| f.allowed)
    }

    fn nested(name: &str, given: &mut Table, at: &str, _: &()) -> Result<(), String> {
        let Some(variants) = given.get("variants") else {
            return Ok(());
        };
        let Some((role, builtin)) = default_stage(name).ok().and_then(|s| s.variants().map(|(r, v)| (r, v.to_vec()))) else {
            return Ok(());
        };
        let machine = Machine { role, builtin };
        let read: Vec<Variant> = overlay::read_list(variants.clone(), &overlay::path(at, "variants"), &machine)?;
        let tables = read.iter().map(|v| Value::Table(table_of(v))).collect();
        given.insert("variants".into(), Value::Array(tables));
        Ok(())
    }

    fn read(mut table: Table) -> Result<Stage, String> {
        let name = match table.remove(Self::KEY) {
            Some(Value::String(name)) => name,
            _ => return Err(format!("missing field `{}`", Self::KEY)),
        };
        Stage::read_as(&name, Given(table)).unwrap_or_else(|| Err(unknown(&name)))
    }
}

/// A stage table without its `stage` key, read as its kind's parameters.
struct Given(Table);

impl Reader<String> for Given {
    fn read<T: DeserializeOwned>(self) -> Result<T, String> {
        read(self.0)
    }
}

/// What a variant table is read against: its stage's role and built-in
/// variants.
pub(crate) struct Machine {
    role: Role,
    builtin: Vec<Variant>,
}

impl Machine {
    fn builtin(&self, name: &str) -> Option<&Variant> {
        self.builtin.iter().find(|v| v.name == name)
    }
}

impl Entry for Variant {
    const KEY: &'static str = "name";
    type Context = Machine;

    fn base(name: &str, machine: &Machine) -> Result<Table, String> {
        Ok(match machine.builtin(name) {
            Some(v) => table_of(v),
            None => Table::from_iter([
                ("name".to_string(), Value::from(name)),
                ("role".to_string(), Value::from(machine.role.name())),
            ]),
        })
    }

    fn sample(name: &str, machine: &Machine) -> Result<Table, String> {
        let like = machine.builtin(name).or(machine.builtin.first());
        Ok(like.map_or_else(Table::new, |v| {
            table_of(&Variant {
                name: name.to_string(),
                role: machine.role,
                ..v.clone()
            })
        }))
    }

    fn expected(_name: &str, key: &str) -> Option<String> {
        (key == "role").then(|| "\"thruster\" or \"weapon\"".to_string())
    }

    fn read(table: Table) -> Result<Variant, String> {
        read(table)
    }
}
