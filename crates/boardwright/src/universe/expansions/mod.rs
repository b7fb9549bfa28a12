//! The expansions of universe boards, each switched on by name in the
//! `expansions` parameter (none by default):
//!
//! - three node sets of our own (`deep_orbit`, `clockwork`, `wildwood`):
//!   their node types join the dictionary's, and the board's types are a
//!   balanced set of them (`node_set`);
//! - `expeditions`: an expedition or a landmark at the middle of the largest
//!   circle each area with room holds (`areas`, `inscribed`,
//!   `expeditions`);
//! - `resources`: natural resources scattered in the other areas
//!   (`resources`);
//! - `tiny_nodes`: tiny nodes on the middle of edges (`tiny`).
//!
//! What each expansion holds is data, `expansions.toml`, read once.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::Params;
use super::dictionary::{Builtin, NodeType};
use crate::overlay;
use crate::params::ParamError;

pub(crate) mod areas;
pub(crate) mod expeditions;
pub(crate) mod inscribed;
pub(crate) mod node_set;
pub(crate) mod resources;
pub(crate) mod tiny;

/// The expansion that places expeditions and landmarks.
pub const EXPEDITIONS: &str = "expeditions";
/// The expansion that scatters natural resources.
pub const RESOURCES: &str = "resources";
/// The expansion that puts tiny nodes on edges.
pub const TINY_NODES: &str = "tiny_nodes";

/// A node set: node types that join the dictionary's when it is on.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeSet {
    /// The name the `expansions` parameter knows it by.
    pub name: String,
    /// Its name in words.
    pub title: String,
    /// What it brings, in a line.
    pub about: String,
    /// Its node types, in the dictionary's format.
    pub node_types: Vec<NodeType>,
}

/// One entry of a placing expansion's weighted list: an expedition,
/// landmark, natural resource or tiny node type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    /// Its name, as the board and the legend give it.
    pub name: String,
    /// Its chance in the draws, against the others of its list.
    pub weight: f64,
    /// What it does in play.
    pub rule: String,
}

/// Everything `expansions.toml` holds.
struct Catalogue {
    node_sets: Vec<NodeSet>,
    expeditions: Vec<Piece>,
    landmarks: Vec<Piece>,
    resources: Vec<Piece>,
    tiny_nodes: Vec<Piece>,
}

static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| {
    let mut table: toml::Table = include_str!("expansions.toml").parse().expect("the built-in expansions are TOML");
    let mut take = |key: &str| table.remove(key).expect("the built-in expansions have every list");
    let toml::Value::Array(sets) = take("node_sets") else {
        panic!("node_sets is a list")
    };
    let node_sets = sets
        .into_iter()
        .enumerate()
        .map(|(i, set)| {
            let toml::Value::Table(mut set) = set else {
                panic!("a node set is a table")
            };
            let mut text = |key: &str| {
                set.remove(key)
                    .and_then(|v| v.as_str().map(str::to_string))
                    .expect("a node set's words")
            };
            let (name, title, about) = (text("name"), text("title"), text("about"));
            let types = set.remove("node_types").expect("a node set's types");
            let node_types = overlay::read_list(types, &format!("node_sets[{i}].node_types"), &Builtin(true))
                .expect("the built-in node sets' types are valid");
            NodeSet {
                name,
                title,
                about,
                node_types,
            }
        })
        .collect();
    let mut pieces = |key: &str| -> Vec<Piece> { take(key).try_into().expect("the built-in pieces read") };
    Catalogue {
        node_sets,
        expeditions: pieces("expeditions"),
        landmarks: pieces("landmarks"),
        resources: pieces("resources"),
        tiny_nodes: pieces("tiny_nodes"),
    }
});

/// The built-in node sets.
pub fn node_sets() -> &'static [NodeSet] {
    &CATALOGUE.node_sets
}

/// The expedition types, by weight.
pub fn expedition_types() -> &'static [Piece] {
    &CATALOGUE.expeditions
}

/// The landmark types, by weight.
pub fn landmark_types() -> &'static [Piece] {
    &CATALOGUE.landmarks
}

/// The natural resource types, by weight.
pub fn resource_types() -> &'static [Piece] {
    &CATALOGUE.resources
}

/// The tiny node types, by weight.
pub fn tiny_node_types() -> &'static [Piece] {
    &CATALOGUE.tiny_nodes
}

/// Every expansion's name: the node sets', then the placing ones'.
pub fn names() -> Vec<&'static str> {
    let sets = node_sets().iter().map(|s| s.name.as_str());
    sets.chain([EXPEDITIONS, RESOURCES, TINY_NODES]).collect()
}

/// The node set type named `name`, if one has it.
pub(crate) fn builtin_node_type(name: &str) -> Option<NodeType> {
    node_sets().iter().flat_map(|s| &s.node_types).find(|t| t.name == name).cloned()
}

/// What a board's `expansions` switch on.
pub(crate) struct Switched {
    /// The node sets on, in the parameter's order.
    pub node_sets: Vec<&'static NodeSet>,
    pub expeditions: bool,
    pub resources: bool,
    pub tiny_nodes: bool,
}

impl Switched {
    /// The expansions `params` switch on (names not known are left out:
    /// [`validate`] refuses them first).
    pub fn of(params: &Params) -> Switched {
        let on = |name: &str| params.expansions.iter().any(|e| e == name);
        Switched {
            node_sets: node_sets().iter().filter(|s| on(&s.name)).collect(),
            expeditions: on(EXPEDITIONS),
            resources: on(RESOURCES),
            tiny_nodes: on(TINY_NODES),
        }
    }

    /// Whether an expansion places things between the nodes, which needs
    /// the board's areas.
    pub fn places(&self) -> bool {
        self.expeditions || self.resources || self.tiny_nodes
    }
}

/// The node types a board with `params` may use: the dictionary's, then
/// those of each node set on that the dictionary does not already name.
pub fn node_type_pool(params: &Params) -> Vec<NodeType> {
    let mut pool = params.node_types.clone();
    for set in Switched::of(params).node_sets {
        for t in &set.node_types {
            if !pool.iter().any(|p| p.name == t.name) {
                pool.push(t.clone());
            }
        }
    }
    pool
}

/// Checks the expansions: known names, each once; a planar board for those
/// that place things in its areas; with a node set on (the balanced set
/// reads them), every type's `requires` naming a type of the pool.
pub(crate) fn validate(params: &Params) -> Result<(), ParamError> {
    let known = names();
    let allowed = || format!("expansion names from {}, each once", known.join(", "));
    for (i, name) in params.expansions.iter().enumerate() {
        if !known.contains(&name.as_str()) || params.expansions[..i].contains(name) {
            return Err(ParamError::invalid(&format!("expansions[{i}]"), format!("{name:?}"), allowed()));
        }
    }
    let switched = Switched::of(params);
    if switched.places() && !params.planar {
        return Err(ParamError::invalid(
            "planar",
            "false",
            "true when an expansion places things between the edges (expeditions, resources, tiny_nodes): the areas are the faces of a planar board",
        ));
    }
    if switched.node_sets.is_empty() {
        return Ok(());
    }
    let pool = node_type_pool(params);
    for (i, t) in pool.iter().enumerate() {
        if let Some(r) = t.requires.iter().find(|r| !pool.iter().any(|p| &p.name == *r)) {
            let field = if i < params.node_types.len() {
                format!("node_types[{i}].requires")
            } else {
                "expansions".to_string()
            };
            return Err(ParamError::invalid(
                &field,
                format!("{r:?} (required by {:?})", t.name),
                "names of node types in node_types or in a node set switched on (or `requires = []`)",
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::universe::dictionary::ACTIONS;

    #[test]
    fn every_node_set_holds_every_category_and_action_type() {
        let categories = ["Plants", "Nature", "Magical", "Enemies", "Resources", "Misc", "Technology"];
        assert_eq!(node_sets().len(), 3);
        for set in node_sets() {
            for c in categories {
                assert!(set.node_types.iter().any(|t| t.category == c), "{}: no {c}", set.name);
            }
            for a in ACTIONS {
                assert!(
                    set.node_types.iter().any(|t| t.actions.iter().any(|x| x == a)),
                    "{}: no {a}",
                    set.name
                );
            }
            for t in &set.node_types {
                assert!(t.rule.is_some(), "{} has no rule", t.name);
            }
        }
        for list in [expedition_types(), landmark_types(), resource_types(), tiny_node_types()] {
            assert!(!list.is_empty() && list.iter().all(|p| p.weight > 0.0));
        }
    }

    #[test]
    fn unknown_and_repeated_names_are_refused() {
        let with = |names: &[&str]| Params {
            expansions: names.iter().map(|s| s.to_string()).collect(),
            ..Params::default()
        };
        let err = validate(&with(&["wildwood", "moon"])).unwrap_err().to_string();
        assert!(err.contains("expansions[1]") && err.contains("tiny_nodes"), "{err}");
        assert!(validate(&with(&["resources", "resources"])).is_err());
        let classic = Params {
            planar: false,
            ..with(&["expeditions"])
        };
        assert!(validate(&classic).unwrap_err().to_string().contains("planar"));
        assert!(validate(&with(&names())).is_ok());
    }
}
