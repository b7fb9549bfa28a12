//! The node-type and mission dictionary: data, with the original's base set
//! built in (`dictionary.toml`) and replaceable through parameters.

use serde::{Deserialize, Serialize};

use crate::params::ParamError;

/// One node type of the dictionary.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeType {
    /// Display name, unique in the dictionary.
    pub name: String,
    /// Copies on a standard board (scaled up on larger boards).
    #[serde(default)]
    pub min: u32,
    /// At most this many copies on a standard board (scaled); none: no cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
    /// Weight of this type in the draws that fill the list past the minimums.
    #[serde(default)]
    pub prob: f64,
    /// Category, which picks the colour.
    pub category: String,
    /// Never on a node on the paper's border.
    #[serde(default)]
    pub forbidden_on_edge: bool,
    /// Only on nodes farther than this (× dscale) from every paper side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_distance_from_edge: Option<f64>,
    /// Only on nodes at most this far (× dscale) from the nearest paper side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_distance_from_edge: Option<f64>,
    /// Largest connected group of this type (× dscale).
    #[serde(default = "default_max_sequence")]
    pub max_sequence: u32,
    /// The type whose count sets this type's number; such nodes show a number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number_from: Option<String>,
}

fn default_max_sequence() -> u32 {
    2
}

/// One mission kind (the icon on a starting node).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionKind {
    /// Display name, unique.
    pub name: String,
    /// Dealt only when a node of one of these types is on the board (empty: always).
    #[serde(default)]
    pub needs: Vec<String>,
    /// Weight in the draws that fill the twelve missions.
    #[serde(default = "default_weight")]
    pub weight: f64,
}

fn default_weight() -> f64 {
    1.0
}

#[derive(Deserialize)]
struct Dictionary {
    node_types: Vec<NodeType>,
    missions: Vec<MissionKind>,
}

fn builtin() -> Dictionary {
    toml::from_str(include_str!("dictionary.toml")).expect("the built-in dictionary is valid")
}

/// The built-in node types.
pub fn default_node_types() -> Vec<NodeType> {
    builtin().node_types
}

/// The built-in mission kinds.
pub fn default_missions() -> Vec<MissionKind> {
    builtin().missions
}

/// Checks a dictionary: unique names, sane numbers, references that resolve,
/// and at least one uncapped type with weight so the list can always be filled.
pub fn validate(types: &[NodeType], missions: &[MissionKind], first_game: bool) -> Result<(), ParamError> {
    let bad = |field: &str, value: String, allowed: &str| Err(ParamError::invalid(field, value, allowed));
    if types.is_empty() || types.len() > MAX_TYPES {
        return bad(
            "node_types",
            format!("{} types", types.len()),
            &format!("from 1 to {MAX_TYPES} node types"),
        );
    }
    for (i, t) in types.iter().enumerate() {
        let field = format!("node_types[{i}]");
        if t.name.trim().is_empty() || types[..i].iter().any(|o| o.name == t.name) {
            return bad(&format!("{field}.name"), format!("{:?}", t.name), "a non-empty name used once");
        }
        if t.max.is_some_and(|max| max < t.min) {
            return bad(&format!("{field}.max"), format!("{:?}", t.max), "at least `min`");
        }
        if !(t.prob.is_finite() && t.prob >= 0.0) {
            return bad(&format!("{field}.prob"), t.prob.to_string(), "a number 0 or above");
        }
        for (name, d) in [
            ("min_distance_from_edge", t.min_distance_from_edge),
            ("max_distance_from_edge", t.max_distance_from_edge),
        ] {
            if let Some(d) = d.filter(|d| !(d.is_finite() && *d >= 0.0)) {
                return bad(&format!("{field}.{name}"), d.to_string(), "a number 0 or above");
            }
        }
        if t.max_sequence == 0 {
            return bad(&format!("{field}.max_sequence"), "0".into(), "1 or more");
        }
        if let Some(from) = &t.number_from
            && !types.iter().any(|o| &o.name == from)
        {
            return bad(&format!("{field}.number_from"), format!("{from:?}"), "the name of a node type");
        }
    }
    if !types.iter().any(|t| t.max.is_none() && t.prob > 0.0) {
        return bad(
            "node_types",
            "every type capped or weightless".into(),
            "at least one type without `max` and with `prob` above 0",
        );
    }
    if missions.is_empty() {
        return bad("missions", "an empty list".into(), "at least one mission kind");
    }
    for (i, m) in missions.iter().enumerate() {
        let field = format!("missions[{i}]");
        if m.name.trim().is_empty() || missions[..i].iter().any(|o| o.name == m.name) {
            return bad(&format!("{field}.name"), format!("{:?}", m.name), "a non-empty name used once");
        }
        if !(m.weight.is_finite() && m.weight >= 0.0) {
            return bad(&format!("{field}.weight"), m.weight.to_string(), "a number 0 or above");
        }
        if let Some(n) = m.needs.iter().find(|n| !types.iter().any(|t| &t.name == *n)) {
            return bad(&format!("{field}.needs"), format!("{n:?}"), "names of node types");
        }
    }
    if !missions.iter().any(|m| m.weight > 0.0 && m.needs.is_empty()) {
        return bad(
            "missions",
            "no mission kind that is always available".into(),
            "at least one kind without `needs` and with `weight` above 0",
        );
    }
    if first_game {
        for name in FIRST_GAME_KINDS {
            if !missions.iter().any(|m| m.name == name) {
                return bad(
                    "missions",
                    format!("no {name:?}"),
                    "the kinds \"Traveler\" and \"Collector\" when `first_game` is on",
                );
            }
        }
    }
    Ok(())
}

/// Most node types a dictionary may hold.
pub const MAX_TYPES: usize = 1000;

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
