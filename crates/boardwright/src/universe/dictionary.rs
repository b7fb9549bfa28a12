//! The node-type and mission dictionary: data, with the original's base set
//! built in (`dictionary.toml`) and replaceable through parameters.
//!
//! A `[[node_types]]` or `[[missions]]` table needs only its `name`: the
//! fields it leaves out take the values of the built-in entry of that name,
//! or, for a new name, the defaults of [`NodeType::new`] and
//! [`MissionKind::new`]. An optional field set to `"none"` is cleared (a
//! built-in type's `max`, say). Written out, an entry gives every field that
//! has a value, and `"none"` where it differs from the built-in entry, so
//! that it reads back to the same entry.

use std::sync::LazyLock;

use serde::de::{self, Deserializer};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::overlay::{self, Entry};
pub(crate) mod catalogue;
mod validate;

pub use validate::validate;

/// One node type of the dictionary.
///
/// In a `[[node_types]]` table only `name` is required: the fields left out
/// take the values of the built-in type of that name, or those of
/// a new type ([`NodeType::new`]) for a new name; `"none"` clears an
/// optional field.
#[derive(Clone, Debug, PartialEq, schemars::JsonSchema)]
#[schemars(deny_unknown_fields, transform = as_written)]
pub struct NodeType {
    /// Display name, unique in the dictionary: 1 to 100 characters, not
    /// `"none"`.
    pub name: String,
    /// Copies on a standard board (scaled up on larger boards), 0 to 10 000.
    /// Minimums that together ask for more than four list entries a node
    /// are cut in proportion.
    pub min: u32,
    /// At most this many copies on a standard board (scaled), `min` to
    /// 10 000; none: no cap.
    pub max: Option<u32>,
    /// Weight of this type in the draws that fill the list past the
    /// minimums, 0 to 1 000 000.
    pub prob: f64,
    /// Category, which picks the colour: at most 100 characters.
    pub category: String,
    /// Never on a node on the paper's border.
    pub forbidden_on_edge: bool,
    /// Only on nodes farther than this (× dscale) from every paper side, 0
    /// to 1000.
    pub min_distance_from_edge: Option<f64>,
    /// Only on nodes at most this far (× dscale) from the nearest paper
    /// side, 0 to 1000.
    pub max_distance_from_edge: Option<f64>,
    /// Largest connected group of this type (× dscale), 1 to 1000.
    pub max_sequence: u32,
    /// The type whose count sets this type's number; such nodes show a number.
    pub number_from: Option<String>,
    /// An SVG file drawn as this type's icon instead of the built-in
    /// pictogram (or, for a new type, its first letter): a path of at most
    /// 1000 characters. The library reads no files: the command line
    /// reads it (relative to the working directory) and hands the text to
    /// the drawing ([`crate::DrawOptions::icons`]); the web app ignores it.
    pub icon: Option<String>,
    /// What the type does in play: its action types, at most one of each
    /// ([`NodeType::ACTIONS`]). The balanced node sets of the expansions read them.
    #[schemars(extend("items" = { "type": "string", "enum": ACTIONS }))]
    pub actions: Vec<String>,
    /// Types a balanced node set brings in with this one (Critters, numbered
    /// by the Stardust on the board, needs Stardust): names of node types,
    /// at most 100, checked when a node set is on (nothing else reads them).
    pub requires: Vec<String>,
    /// The rule of thumb a player reads: at most 200 characters.
    pub rule: Option<String>,
    /// Power dots a node of this type wants instead of the player count's
    /// (fewer where its edges leave no room), 1 to 12 (the original's
    /// Village Ruins: 4); none: the player count's.
    pub dots: Option<u32>,
    /// Power dots a node of this type has beyond the player count's, 0 to
    /// 12 (the original's Chameleon: 2).
    pub extra_dots: u32,
}

impl NodeType {
    /// The action types a node type's `actions` are among.
    pub const ACTIONS: [&str; 7] = ACTIONS;

    /// A type with only a name, as a table with a new name starts: no
    /// minimum, no cap, weight 0 (so it appears only with a `min` or a
    /// `prob`), category `"Other"`, no placement rules, groups of up to 2.
    pub fn new(name: impl Into<String>) -> NodeType {
        NodeType {
            name: name.into(),
            min: 0,
            max: None,
            prob: 0.0,
            category: "Other".into(),
            forbidden_on_edge: false,
            min_distance_from_edge: None,
            max_distance_from_edge: None,
            max_sequence: 2,
            number_from: None,
            icon: None,
            actions: Vec::new(),
            requires: Vec::new(),
            rule: None,
            dots: None,
            extra_dots: 0,
        }
    }

    /// What a table named `name` starts from: the built-in type of that
    /// name, or [`NodeType::new`].
    pub(crate) fn base(name: &str) -> NodeType {
        builtin_or_new(
            &BUILTIN.node_types,
            |t| &t.name,
            name,
            || catalogue::builtin_node_type(name).unwrap_or_else(|| NodeType::new(name)),
        )
    }
}

/// One mission kind (the icon on a starting node).
///
/// In a `[[missions]]` table only `name` is required: the fields left out
/// take the values of the built-in kind of that name, or those of
/// a new kind ([`MissionKind::new`]) for a new name.
#[derive(Clone, Debug, PartialEq, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MissionKind {
    /// Display name, unique: 1 to 100 characters.
    pub name: String,
    /// Dealt only when a node of one of these types is on the board (empty:
    /// always); at most 100 names.
    pub needs: Vec<String>,
    /// Weight in the draws that fill the twelve missions, 0 to 1 000 000.
    pub weight: f64,
    /// Dealt only when one of these expansions is on (empty: always), as
    /// the original deals Explorer only with Extreme Expeditions.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub expansions: Vec<String>,
    /// What the player holding it must do, in players' words: at most 200
    /// characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

impl MissionKind {
    /// A kind with only a name, as a table with a new name starts: always
    /// available, weight 1.
    pub fn new(name: impl Into<String>) -> MissionKind {
        MissionKind {
            name: name.into(),
            needs: Vec::new(),
            weight: 1.0,
            expansions: Vec::new(),
            rule: None,
        }
    }

    /// What a table named `name` starts from: the built-in kind of that
    /// name, or [`MissionKind::new`].
    fn base(name: &str) -> MissionKind {
        builtin_or_new(&BUILTIN.missions, |m| &m.name, name, || MissionKind::new(name))
    }
}

/// The entry of `builtin` named `name`, or `new()` when there is none.
fn builtin_or_new<T: Clone>(builtin: &[T], name_of: impl Fn(&T) -> &String, name: &str, new: impl FnOnce() -> T) -> T {
    builtin.iter().find(|e| name_of(e) == name).cloned().unwrap_or_else(new)
}

/// The word that clears an optional field.
const NONE: &str = "none";

/// The action types a node type may have, in the order the balanced node
/// sets look for them.
pub(crate) const ACTIONS: [&str; 7] = ["Cutting", "Turn", "Modify", "Movement", "Progression", "Blocking", "Ownership"];
/// Longest rule of thumb, in characters.
pub const MAX_RULE: usize = 200;

/// Most node types a dictionary may hold.
pub const MAX_TYPES: usize = 1000;
/// Most mission kinds.
pub const MAX_MISSIONS: usize = 100;
/// Most node types one mission kind may need.
pub const MAX_NEEDS: usize = 100;
/// Largest `min` and `max` of a node type.
pub const MAX_COPIES: u32 = 10_000;
/// Largest `prob` of a node type and `weight` of a mission kind.
pub const MAX_WEIGHT: f64 = 1e6;
/// Largest distance from the paper's edge a node type may name.
pub const MAX_DISTANCE: f64 = 1000.0;
/// Largest `max_sequence`.
pub const MAX_SEQUENCE: u32 = 1000;
/// Longest name or category, in characters.
pub const MAX_NAME: usize = 100;
/// Most power dots a node type may set or add.
pub const MAX_DOTS: u32 = 12;
/// Longest icon file path, in characters.
pub const MAX_PATH: usize = 1000;

/// The built-in dictionary, read once. Its tables are read against the
/// defaults of a new name (they are what a built-in name starts from).
static BUILTIN: LazyLock<Dictionary> = LazyLock::new(|| {
    let mut table: toml::Table = include_str!("dictionary.toml").parse().expect("the built-in dictionary is TOML");
    let mut list = |key: &str| table.remove(key).expect("the built-in dictionary has both lists");
    let (types, missions) = (list("node_types"), list("missions"));
    Dictionary {
        node_types: overlay::read_list(types, "node_types", &Builtin(true)).expect("the built-in node types are valid"),
        missions: overlay::read_list(missions, "missions", &Builtin(true)).expect("the built-in missions are valid"),
    }
});

struct Dictionary {
    node_types: Vec<NodeType>,
    missions: Vec<MissionKind>,
}

/// The built-in node types.
pub fn default_node_types() -> Vec<NodeType> {
    BUILTIN.node_types.clone()
}

/// The built-in mission kinds.
pub fn default_missions() -> Vec<MissionKind> {
    BUILTIN.missions.clone()
}

impl Serialize for NodeType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let base = NodeType::base(&self.name);
        let mut t = serializer.serialize_struct("NodeType", 16)?;
        t.serialize_field("name", &self.name)?;
        t.serialize_field("min", &self.min)?;
        optional(&mut t, "max", &self.max, base.max.is_some())?;
        t.serialize_field("prob", &self.prob)?;
        t.serialize_field("category", &self.category)?;
        t.serialize_field("forbidden_on_edge", &self.forbidden_on_edge)?;
        let (min_d, max_d) = (&self.min_distance_from_edge, &self.max_distance_from_edge);
        optional(&mut t, "min_distance_from_edge", min_d, base.min_distance_from_edge.is_some())?;
        optional(&mut t, "max_distance_from_edge", max_d, base.max_distance_from_edge.is_some())?;
        t.serialize_field("max_sequence", &self.max_sequence)?;
        optional(&mut t, "number_from", &self.number_from, base.number_from.is_some())?;
        optional(&mut t, "icon", &self.icon, base.icon.is_some())?;
        // Written only where they differ from the entry they are read
        // against, so that a built-in type reads as it always has.
        if self.actions != base.actions {
            t.serialize_field("actions", &self.actions)?;
        } else {
            t.skip_field("actions")?;
        }
        if self.requires != base.requires {
            t.serialize_field("requires", &self.requires)?;
        } else {
            t.skip_field("requires")?;
        }
        if self.rule != base.rule {
            optional(&mut t, "rule", &self.rule, true)?;
        } else {
            t.skip_field("rule")?;
        }
        optional(&mut t, "dots", &self.dots, base.dots.is_some())?;
        if self.extra_dots != 0 || base.extra_dots != 0 {
            t.serialize_field("extra_dots", &self.extra_dots)?;
        } else {
            t.skip_field("extra_dots")?;
        }
        t.end()
    }
}

impl Serialize for MissionKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let base = MissionKind::base(&self.name);
        let mut t = serializer.serialize_struct("MissionKind", 5)?;
        t.serialize_field("name", &self.name)?;
        t.serialize_field("needs", &self.needs)?;
        t.serialize_field("weight", &self.weight)?;
        // Written only where they differ from the entry they are read
        // against, so that a built-in kind reads as it always has.
        if self.expansions != base.expansions {
            t.serialize_field("expansions", &self.expansions)?;
        } else {
            t.skip_field("expansions")?;
        }
        if self.rule != base.rule {
            optional(&mut t, "rule", &self.rule, true)?;
        } else {
            t.skip_field("rule")?;
        }
        t.end()
    }
}

/// A node type's schema as [`NodeType`]'s `Serialize` writes it: the
/// fields every type has are required, and an optional field is its value,
/// `"none"` or left out, never `null`.
fn as_written(schema: &mut schemars::Schema) {
    const ALWAYS: [&str; 6] = ["name", "min", "prob", "category", "forbidden_on_edge", "max_sequence"];
    schema.insert("required".into(), ALWAYS.into());
    let Some(properties) = schema.get_mut("properties").and_then(|p| p.as_object_mut()) else {
        return;
    };
    for field in properties.values_mut() {
        let Some(object) = field.as_object_mut() else { continue };
        let Some(types) = object.get_mut("type").and_then(|t| t.as_array_mut()) else {
            continue;
        };
        types.retain(|t| t != "null");
        let kind = types.first().cloned().unwrap_or_default();
        object.insert("type".into(), kind.clone());
        if kind != "string" {
            let description = object.remove("description");
            let value = std::mem::take(object);
            object.insert("anyOf".into(), serde_json::json!([value, { "const": NONE }]));
            if let Some(description) = description {
                object.insert("description".into(), description);
            }
        }
    }
}

/// Writes an optional field: its value, `"none"` when the entry it would be
/// read against has one, or nothing.
fn optional<S: SerializeStruct, T: Serialize>(t: &mut S, key: &'static str, value: &Option<T>, base_has: bool) -> Result<(), S::Error> {
    match value {
        Some(v) => t.serialize_field(key, v),
        None if base_has => t.serialize_field(key, NONE),
        None => t.skip_field(key),
    }
}

/// Whether the built-in dictionary itself is being read: its tables start
/// from new names ([`NodeType::new`], [`MissionKind::new`]); a user's start
/// from the built-in entry of their name.
pub(crate) struct Builtin(pub(crate) bool);

/// A dictionary entry's table keys and how each is set.
trait Fields: Sized {
    /// The table's keys.
    const FIELDS: &'static [&'static str];
    /// An entry with only a name.
    fn new(name: &str) -> Self;
    /// Sets field `key` (one of [`Fields::FIELDS`] but `name`) to `value`.
    fn set(&mut self, key: &str, value: toml::Value) -> Result<(), toml::de::Error>;
}

/// Reads a complete table of a dictionary entry, key by key over a new name.
fn read_fields<T: Fields>(mut table: toml::Table) -> Result<T, String> {
    let Some(toml::Value::String(name)) = table.remove("name") else {
        return Err("missing field `name`".into());
    };
    let mut entry = T::new(&name);
    for (key, value) in table {
        if !T::FIELDS.contains(&key.as_str()) {
            return Err(format!("unknown field; known fields: {}", T::FIELDS.join(", ")));
        }
        entry.set(&key, value).map_err(|e| e.message().trim().to_string())?;
    }
    Ok(entry)
}

impl Fields for NodeType {
    const FIELDS: &'static [&'static str] = &[
        "name",
        "min",
        "max",
        "prob",
        "category",
        "forbidden_on_edge",
        "min_distance_from_edge",
        "max_distance_from_edge",
        "max_sequence",
        "number_from",
        "icon",
        "actions",
        "requires",
        "rule",
        "dots",
        "extra_dots",
    ];

    fn new(name: &str) -> NodeType {
        NodeType::new(name)
    }

    fn set(&mut self, key: &str, value: toml::Value) -> Result<(), toml::de::Error> {
        match key {
            "min" => self.min = Deserialize::deserialize(value)?,
            "max" => self.max = OrNone::deserialize(value)?.0,
            "prob" => self.prob = Deserialize::deserialize(value)?,
            "category" => self.category = Deserialize::deserialize(value)?,
            "forbidden_on_edge" => self.forbidden_on_edge = Deserialize::deserialize(value)?,
            "min_distance_from_edge" => self.min_distance_from_edge = OrNone::deserialize(value)?.0,
            "max_distance_from_edge" => self.max_distance_from_edge = OrNone::deserialize(value)?.0,
            "max_sequence" => self.max_sequence = Deserialize::deserialize(value)?,
            "number_from" => self.number_from = OrNone::deserialize(value)?.0,
            "actions" => self.actions = Deserialize::deserialize(value)?,
            "requires" => self.requires = Deserialize::deserialize(value)?,
            "rule" => self.rule = OrNone::deserialize(value)?.0,
            "dots" => self.dots = OrNone::deserialize(value)?.0,
            "extra_dots" => self.extra_dots = Deserialize::deserialize(value)?,
            _ => self.icon = OrNone::deserialize(value)?.0,
        }
        Ok(())
    }
}

impl Fields for MissionKind {
    const FIELDS: &'static [&'static str] = &["name", "needs", "weight", "expansions", "rule"];

    fn new(name: &str) -> MissionKind {
        MissionKind::new(name)
    }

    fn set(&mut self, key: &str, value: toml::Value) -> Result<(), toml::de::Error> {
        match key {
            "needs" => self.needs = Deserialize::deserialize(value)?,
            "expansions" => self.expansions = Deserialize::deserialize(value)?,
            "rule" => self.rule = OrNone::deserialize(value)?.0,
            _ => self.weight = Deserialize::deserialize(value)?,
        }
        Ok(())
    }
}

impl Entry for NodeType {
    const KEY: &'static str = "name";
    type Context = Builtin;

    fn base(name: &str, builtin: &Builtin) -> Result<toml::Table, String> {
        let t = if builtin.0 { NodeType::new(name) } else { NodeType::base(name) };
        let mut table = toml::Table::new();
        let mut put = |key: &str, value: Option<toml::Value>| {
            if let Some(value) = value {
                table.insert(key.into(), value);
            }
        };
        put("name", Some(t.name.into()));
        put("min", Some(t.min.into()));
        put("max", t.max.map(Into::into));
        put("prob", Some(t.prob.into()));
        put("category", Some(t.category.into()));
        put("forbidden_on_edge", Some(t.forbidden_on_edge.into()));
        put("min_distance_from_edge", t.min_distance_from_edge.map(Into::into));
        put("max_distance_from_edge", t.max_distance_from_edge.map(Into::into));
        put("max_sequence", Some(t.max_sequence.into()));
        put("number_from", t.number_from.map(Into::into));
        put("icon", t.icon.map(Into::into));
        put("actions", Some(t.actions.into()));
        put("requires", Some(t.requires.into()));
        put("rule", t.rule.map(Into::into));
        put("dots", t.dots.map(Into::into));
        put("extra_dots", Some(t.extra_dots.into()));
        Ok(table)
    }

    fn expected(_name: &str, key: &str) -> Option<String> {
        let expected = match key {
            "max" => Some("a whole number, 0 or more, or \"none\""),
            "min_distance_from_edge" | "max_distance_from_edge" => Some("a number, or \"none\""),
            "number_from" => Some("the name of a node type, or \"none\""),
            "icon" => Some("the path of an SVG file, or \"none\""),
            "actions" => Some("a list of action types (Cutting, Turn, Modify, Movement, Progression, Blocking, Ownership)"),
            "requires" => Some("a list of node-type names"),
            "rule" => Some("a rule of thumb (text), or \"none\""),
            "dots" => Some("a whole number of power dots, or \"none\""),
            _ => None,
        };
        expected.map(str::to_string)
    }

    fn read(table: toml::Table) -> Result<NodeType, String> {
        read_fields(table)
    }
}

impl Entry for MissionKind {
    const KEY: &'static str = "name";
    type Context = Builtin;

    fn base(name: &str, builtin: &Builtin) -> Result<toml::Table, String> {
        let m = if builtin.0 {
            MissionKind::new(name)
        } else {
            MissionKind::base(name)
        };
        let mut table = toml::Table::new();
        table.insert("name".into(), m.name.into());
        table.insert("needs".into(), m.needs.into());
        table.insert("weight".into(), m.weight.into());
        table.insert("expansions".into(), m.expansions.into());
        if let Some(rule) = m.rule {
            table.insert("rule".into(), rule.into());
        }
        Ok(table)
    }

    fn read(table: toml::Table) -> Result<MissionKind, String> {
        read_fields(table)
    }
}

/// A value, or `"none"` for no value.
struct OrNone<T>(Option<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OrNone<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<OrNone<T>, D::Error> {
        let value = toml::Value::deserialize(deserializer)?;
        if value.as_str() == Some(NONE) {
            return Ok(OrNone(None));
        }
        T::deserialize(value).map(|v| OrNone(Some(v))).map_err(de::Error::custom)
    }
}

/// Reads `node_types`, each table over the entry its name starts from.
pub(super) fn read_node_types<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<NodeType>, D::Error> {
    overlay::read_list(toml::Value::deserialize(deserializer)?, "node_types", &Builtin(false)).map_err(de::Error::custom)
}

/// Reads `missions`, each table over the entry its name starts from.
pub(super) fn read_missions<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<MissionKind>, D::Error> {
    overlay::read_list(toml::Value::deserialize(deserializer)?, "missions", &Builtin(false)).map_err(de::Error::custom)
}

impl<'de> Deserialize<'de> for NodeType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<NodeType, D::Error> {
        overlay::read_entry(toml::Value::deserialize(deserializer)?, "", &Builtin(false)).map_err(de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for MissionKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MissionKind, D::Error> {
        overlay::read_entry(toml::Value::deserialize(deserializer)?, "", &Builtin(false)).map_err(de::Error::custom)
    }
}

/// The kinds a first game deals (all twelve missions the same one of these).
pub const FIRST_GAME_KINDS: [&str; 2] = ["Traveler", "Collector"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_dictionary_is_the_base_set() {
        let types = default_node_types();
        let names: Vec<&str> = types.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            ["Oil", "Fish", "Water", "Wood", "Fruit", "Dynamite", "Stardust", "Critters", "Puppy"]
        );
        let critters = &types[7];
        assert!(critters.forbidden_on_edge);
        assert_eq!(critters.min_distance_from_edge, Some(2.0));
        assert_eq!(critters.number_from.as_deref(), Some("Stardust"));
        assert_eq!(types.iter().map(|t| t.min).sum::<u32>(), 39);
        assert_eq!(default_missions().len(), 10);
        assert!(validate(&types, &default_missions(), true).is_ok());
    }

    #[test]
    fn rejects_broken_dictionaries() {
        let mut types = default_node_types();
        types[1].name = "Oil".into();
        let err = validate(&types, &default_missions(), true).unwrap_err().to_string();
        assert!(err.contains("node_types[1].name"), "{err}");
        let mut types = default_node_types();
        types[7].number_from = Some("Gold".into());
        let err = validate(&types, &default_missions(), true).unwrap_err().to_string();
        assert!(err.contains("number_from"), "{err}");
        let types: Vec<NodeType> = default_node_types()
            .into_iter()
            .map(|t| NodeType { max: Some(t.min + 1), ..t })
            .collect();
        assert!(validate(&types, &default_missions(), true).is_err());
    }
}
