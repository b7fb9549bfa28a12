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

use serde::Deserialize;
use serde::de::{self, Deserializer};

use self::entry::{NONE, entry};
use crate::overlay::{self, Entry};
pub(crate) mod catalogue;
pub(crate) mod entry;
mod validate;

pub use validate::validate;

entry! {
    /// One node type of the dictionary.
    ///
    /// In a `[[node_types]]` table only `name` is required: the fields left out
    /// take the values of the built-in type of that name, or those of
    /// a new type ([`NodeType::new`]) for a new name; `"none"` clears an
    /// optional field.
    #[schemars(deny_unknown_fields, transform = as_written)]
    pub struct NodeType {
        /// Display name, unique in the dictionary: 1 to 100 characters, not
        /// `"none"`.
        name;
        /// Copies on a standard board (scaled up on larger boards), 0 to 10 000.
        /// Minimums that together ask for more than four list entries a node
        /// are cut in proportion.
        min: u32 = 0, always;
        /// At most this many copies on a standard board (scaled), `min` to
        /// 10 000; none: no cap.
        max: Option<u32> = None, or_none;
        /// Weight of this type in the draws that fill the list past the
        /// minimums, 0 to 1 000 000.
        prob: f64 = 0.0, always;
        /// Category, which picks the colour: at most 100 characters.
        category: String = "Other".into(), always;
        /// Never on a node on the paper's border.
        forbidden_on_edge: bool = false, always;
        /// Only on nodes farther than this (× dscale) from every paper side, 0
        /// to 1000.
        min_distance_from_edge: Option<f64> = None, or_none;
        /// Only on nodes at most this far (× dscale) from the nearest paper
        /// side, 0 to 1000.
        max_distance_from_edge: Option<f64> = None, or_none;
        /// Largest connected group of this type (× dscale), 1 to 1000.
        max_sequence: u32 = 2, always;
        /// The type whose count sets this type's number; such nodes show a number.
        number_from: Option<String> = None, or_none;
        /// An SVG file drawn as this type's icon instead of the built-in
        /// pictogram (or, for a new type, its first letter): a path of at most
        /// 1000 characters. The library reads no files: the command line
        /// reads it (relative to the working directory) and hands the text to
        /// the drawing ([`crate::DrawOptions::icons`]); the web app ignores it.
        icon: Option<String> = None, or_none;
        /// What the type does in play: its action types, at most one of each
        /// ([`NodeType::ACTIONS`]). The balanced node sets of the expansions read them.
        actions: Vec<String> = Vec::new(), if_changed, #[schemars(extend("items" = { "type": "string", "enum": ACTIONS }))];
        /// Types a balanced node set brings in with this one (Critters, numbered
        /// by the Stardust on the board, needs Stardust): names of node types,
        /// at most 100, checked when a node set is on (nothing else reads them).
        requires: Vec<String> = Vec::new(), if_changed;
        /// The rule of thumb a player reads: at most 200 characters.
        rule: Option<String> = None, changed_or_none;
        /// Power dots a node of this type wants instead of the player count's
        /// (fewer where its edges leave no room), 1 to 12 (the original's
        /// Village Ruins: 4); none: the player count's.
        dots: Option<u32> = None, or_none;
        /// Power dots a node of this type has beyond the player count's, 0 to
        /// 12 (the original's Chameleon: 2).
        extra_dots: u32 = 0, unless_zero;
    }
}

impl NodeType {
    /// The action types a node type's `actions` are among.
    pub const ACTIONS: [&str; 7] = ACTIONS;

    /// A type with only a name, as a table with a new name starts: no
    /// minimum, no cap, weight 0 (so it appears only with a `min` or a
    /// `prob`), category `"Other"`, no placement rules, groups of up to 2.
    pub fn new(name: impl Into<String>) -> NodeType {
        NodeType::blank(name.into())
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

entry! {
    /// One mission kind (the icon on a starting node).
    ///
    /// In a `[[missions]]` table only `name` is required: the fields left out
    /// take the values of the built-in kind of that name, or those of
    /// a new kind ([`MissionKind::new`]) for a new name.
    #[schemars(deny_unknown_fields)]
    pub struct MissionKind {
        /// Display name, unique: 1 to 100 characters.
        name;
        /// Dealt only when a node of one of these types is on the board (empty:
        /// always); at most 100 names.
        needs: Vec<String> = Vec::new(), always;
        /// Weight in the draws that fill the twelve missions, 0 to 1 000 000.
        weight: f64 = 1.0, always;
        /// Dealt only when one of these expansions is on (empty: always), as
        /// the original deals Explorer only with Extreme Expeditions.
        expansions: Vec<String> = Vec::new(), if_changed, #[serde(skip_serializing_if = "Vec::is_empty")];
        /// What the player holding it must do, in players' words: at most 200
        /// characters.
        rule: Option<String> = None, changed_or_none, #[serde(skip_serializing_if = "Option::is_none")];
    }
}

impl MissionKind {
    /// A kind with only a name, as a table with a new name starts: always
    /// available, weight 1.
    pub fn new(name: impl Into<String>) -> MissionKind {
        MissionKind::blank(name.into())
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

/// Whether the built-in dictionary itself is being read: its tables start
/// from new names ([`NodeType::new`], [`MissionKind::new`]); a user's start
/// from the built-in entry of their name.
pub(crate) struct Builtin(pub(crate) bool);

impl Entry for NodeType {
    const KEY: &'static str = "name";
    type Context = Builtin;

    fn base(name: &str, builtin: &Builtin) -> Result<toml::Table, String> {
        let t = if builtin.0 { NodeType::new(name) } else { NodeType::base(name) };
        Ok(t.table())
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
        entry::read_fields(table)
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
        Ok(m.table())
    }

    fn read(table: toml::Table) -> Result<MissionKind, String> {
        entry::read_fields(table)
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
