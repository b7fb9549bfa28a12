//! The expansions of universe boards, each switched on by name in the
//! `expansions` parameter (none by default).
//!
//! The original's five:
//! - the node sets `nasty_nodes`, `nodes_of_knowledge` and `electric`:
//!   their node types join the dictionary's, and the board's types are a
//!   balanced set of them (`node_set`); Electric also numbers the centre;
//! - `extreme_expeditions`: an expedition with 1–3 join slots in each of
//!   the (at most ten) areas with room nearest the centre (`areas`,
//!   `inscribed`, `expeditions`);
//! - `sharp_scissors`: landmarks in the (at most five) areas with room
//!   nearest the centre when Extreme Expeditions is off, natural resources
//!   in the other areas (`resources`), tiny nodes on the edges between two
//!   nodes off the border that the original's walk reaches, at most
//!   `max_tiny_per_node` a node (`tiny`).
//!
//! boardwright's own: the node sets `deep_orbit`, `clockwork` and
//! `wildwood`; `expeditions` (an expedition or a landmark in every area with
//! room), `resources` and `tiny_nodes` (only where an edge's middle has
//! room), each with pieces of its own.
//!
//! What each expansion holds is data, `expansions.toml`, read once.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::Params;
use super::dictionary::{Builtin, NodeType};
use crate::overlay;
use crate::params::ParamError;

pub(crate) mod areas;
pub(crate) mod between;
pub(crate) mod expeditions;
pub(crate) mod inscribed;
pub(crate) mod node_set;
pub(crate) mod resources;
pub(crate) mod tiny;

/// The original's expansion that places expeditions.
pub const EXTREME_EXPEDITIONS: &str = "extreme_expeditions";
/// The original's expansion that places tiny nodes, natural resources and
/// landmarks.
pub const SHARP_SCISSORS: &str = "sharp_scissors";
/// boardwright's expansion that places expeditions and landmarks.
pub const EXPEDITIONS: &str = "expeditions";
/// boardwright's expansion that scatters natural resources.
pub const RESOURCES: &str = "resources";
/// boardwright's expansion that puts tiny nodes on edges.
pub const TINY_NODES: &str = "tiny_nodes";
/// The original's Extreme Expeditions places at most this many.
pub(crate) const MOST_EXPEDITIONS: usize = 10;
/// The original's Sharp Scissors places at most this many landmarks.
pub(crate) const MOST_LANDMARKS: usize = 5;

/// A node set: node types that join the dictionary's when it is on.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeSet {
    /// The name the `expansions` parameter knows it by.
    pub name: String,
    /// Its name in words.
    pub title: String,
    /// What it brings, in a line.
    pub about: String,
    /// Whether it is the original game's (else boardwright's own).
    pub original: bool,
    /// A rule of the whole set, in players' words, if it has one.
    pub rule: Option<String>,
    /// The type its balanced set starts from, if any.
    pub starts_with: Option<String>,
    /// The number it puts on the centre, if any.
    pub center_number: Option<CenterNumber>,
    /// Its node types, in the dictionary's format.
    pub node_types: Vec<NodeType>,
}

/// The original Electric expansion's number on the centre: `share` × the
/// board's energy ÷ players, rounded down, where each node of a type in
/// `energy` adds that much.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CenterNumber {
    /// Share of the energy per player.
    pub share: f64,
    /// Energy a node of each type brings.
    pub energy: std::collections::BTreeMap<String, f64>,
}

impl CenterNumber {
    /// The number for a board whose node types are counted in `counts`.
    pub fn of(&self, counts: &std::collections::BTreeMap<String, u32>, players: u32) -> u32 {
        let energy: f64 = self
            .energy
            .iter()
            .map(|(t, e)| e * f64::from(counts.get(t).copied().unwrap_or(0)))
            .sum();
        // The original rounds the energy down before sharing it out.
        (self.share * energy.floor() / f64::from(players.max(1))).floor() as u32
    }
}

/// One entry of a placing expansion's weighted list: an expedition,
/// landmark, natural resource or tiny node type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    /// Its name, as the board and the legend give it.
    pub name: String,
    /// The expansion whose list it is in.
    pub expansion: String,
    /// Its chance in the draws, against the others of its list.
    pub weight: f64,
    /// What it does in play.
    pub rule: String,
}

/// Everything `expansions.toml` holds.
struct Catalogue {
    node_sets: Vec<NodeSet>,
    original_expedition: Piece,
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
            let rule = set.remove("rule").and_then(|v| v.as_str().map(str::to_string));
            let starts_with = set.remove("starts_with").and_then(|v| v.as_str().map(str::to_string));
            let flag = |set: &mut toml::Table, key: &str| set.remove(key).and_then(|v| v.as_bool()).unwrap_or(false);
            let original = flag(&mut set, "original");
            let center_number = set
                .remove("center_number")
                .map(|v| v.try_into().expect("a node set's centre number reads"));
            let types = set.remove("node_types").expect("a node set's types");
            let node_types = overlay::read_list(types, &format!("node_sets[{i}].node_types"), &Builtin(true))
                .expect("the built-in node sets' types are valid");
            assert!(set.is_empty(), "unknown node set fields: {set:?}");
            NodeSet {
                name,
                title,
                about,
                original,
                rule,
                starts_with,
                center_number,
                node_types,
            }
        })
        .collect();
    let original_expedition = take("original_expedition").try_into().expect("the original's expedition reads");
    let mut pieces = |key: &str| -> Vec<Piece> { take(key).try_into().expect("the built-in pieces read") };
    Catalogue {
        node_sets,
        original_expedition,
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

/// Every expedition type, each naming its expansion.
pub fn expedition_types() -> &'static [Piece] {
    &CATALOGUE.expeditions
}

/// The original's expedition as the board shows it, a compass with join
/// slots: which of [`expedition_types`] it is, is counted in play.
pub(crate) fn original_expedition() -> &'static Piece {
    &CATALOGUE.original_expedition
}

/// Every landmark type, each naming its expansion.
pub fn landmark_types() -> &'static [Piece] {
    &CATALOGUE.landmarks
}

/// Every natural resource type, each naming its expansion.
pub fn resource_types() -> &'static [Piece] {
    &CATALOGUE.resources
}

/// Every tiny node type, each naming its expansion.
pub fn tiny_node_types() -> &'static [Piece] {
    &CATALOGUE.tiny_nodes
}

/// The pieces of `list` that `expansion` places.
pub(crate) fn of_expansion(list: &'static [Piece], expansion: &str) -> Vec<&'static Piece> {
    list.iter().filter(|p| p.expansion == expansion).collect()
}

/// Every expansion's name: the original's node sets and placing
/// expansions, then boardwright's.
pub fn names() -> Vec<&'static str> {
    let sets = |original: bool| node_sets().iter().filter(move |s| s.original == original).map(|s| s.name.as_str());
    let ours = [EXPEDITIONS, RESOURCES, TINY_NODES];
    sets(true)
        .chain([EXTREME_EXPEDITIONS, SHARP_SCISSORS])
        .chain(sets(false))
        .chain(ours)
        .collect()
}

/// Whether `name` is a node type of a built-in node set or a piece an
/// expansion places.
pub(crate) fn names_a_piece_or_type(name: &str) -> bool {
    let lists = [expedition_types(), landmark_types(), resource_types(), tiny_node_types()];
    builtin_node_type(name).is_some() || lists.iter().any(|l| l.iter().any(|p| p.name == name))
}

/// The node set type named `name`, if one has it.
pub(crate) fn builtin_node_type(name: &str) -> Option<NodeType> {
    node_sets().iter().flat_map(|s| &s.node_types).find(|t| t.name == name).cloned()
}

/// What a board's `expansions` switch on.
pub(crate) struct Switched {
    /// The node sets on, in the catalogue's order.
    pub node_sets: Vec<&'static NodeSet>,
    pub extreme_expeditions: bool,
    pub sharp_scissors: bool,
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
            extreme_expeditions: on(EXTREME_EXPEDITIONS),
            sharp_scissors: on(SHARP_SCISSORS),
            expeditions: on(EXPEDITIONS),
            resources: on(RESOURCES),
            tiny_nodes: on(TINY_NODES),
        }
    }

    /// Whether the expansion named `name` is on.
    pub fn is_on(&self, name: &str) -> bool {
        match name {
            EXTREME_EXPEDITIONS => self.extreme_expeditions,
            SHARP_SCISSORS => self.sharp_scissors,
            EXPEDITIONS => self.expeditions,
            RESOURCES => self.resources,
            TINY_NODES => self.tiny_nodes,
            set => self.node_sets.iter().any(|s| s.name == set),
        }
    }

    /// Whether an expansion places things between the nodes, which needs
    /// the board's areas.
    pub fn places(&self) -> bool {
        self.extreme_expeditions || self.sharp_scissors || self.expeditions || self.resources || self.tiny_nodes
    }

    /// Whether expeditions or landmarks go in the areas with room.
    pub fn expeditions_or_landmarks(&self) -> bool {
        self.extreme_expeditions || self.sharp_scissors || self.expeditions
    }

    /// Whether natural resources go in the other areas.
    pub fn any_resources(&self) -> bool {
        self.sharp_scissors || self.resources
    }

    /// Whether tiny nodes go on edges.
    pub fn any_tiny_nodes(&self) -> bool {
        self.sharp_scissors || self.tiny_nodes
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

/// Checks the expansions: known names, each once; with a node set on (the balanced set
/// reads them), every type's `requires` naming a type of the pool.
pub(crate) fn validate(params: &Params) -> Result<(), ParamError> {
    let known = names();
    let allowed = || format!("expansion names from {}, each once", known.join(", "));
    for (i, name) in params.expansions.iter().enumerate() {
        if !known.contains(&name.as_str()) || params.expansions[..i].contains(name) {
            return Err(ParamError::invalid(&format!("expansions[{i}]"), format!("{name:?}"), allowed()));
        }
    }
    // The original's and boardwright's placing expansions put their pieces
    // in the same places: one of each pair at a time.
    for (ours, original) in [
        (EXPEDITIONS, EXTREME_EXPEDITIONS),
        (RESOURCES, SHARP_SCISSORS),
        (TINY_NODES, SHARP_SCISSORS),
    ] {
        let on = |name: &str| params.expansions.iter().position(|e| e == name);
        if let (Some(i), Some(_)) = (on(ours), on(original)) {
            return Err(ParamError::invalid(
                &format!("expansions[{i}]"),
                format!("{ours:?} beside {original:?}"),
                format!("one of {original} (the original's) and {ours} (boardwright's own): both place their pieces in the same places"),
            ));
        }
    }
    let switched = Switched::of(params);
    if params.roomy_tiny_nodes && !switched.sharp_scissors {
        return Err(ParamError::invalid(
            "expansions",
            format!("{:?}", params.expansions),
            "sharp_scissors among them with roomy_tiny_nodes = true (it chooses how Sharp Scissors places its tiny nodes)",
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
        assert_eq!(node_sets().len(), 6);
        for set in node_sets().iter().filter(|s| !s.original) {
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
        for set in node_sets() {
            assert!(
                set.node_types.iter().all(|t| t.rule.is_some()),
                "{}: a type without a rule",
                set.name
            );
        }
        for list in [expedition_types(), landmark_types(), resource_types(), tiny_node_types()] {
            assert!(!list.is_empty() && list.iter().all(|p| p.weight > 0.0));
            assert!(list.iter().all(|p| names().contains(&p.expansion.as_str())));
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
        let err = validate(&with(&["sharp_scissors", "tiny_nodes"])).unwrap_err().to_string();
        assert!(err.contains("expansions[1]") && err.contains("sharp_scissors"), "{err}");
        // The original's edges take them too, as the original does.
        let classic = Params {
            planar: false,
            original_edges: true,
            ..with(&["extreme_expeditions", "sharp_scissors"])
        };
        assert!(validate(&classic).is_ok());
        let every_original: Vec<&str> = names()
            .into_iter()
            .filter(|n| ![EXPEDITIONS, RESOURCES, TINY_NODES].contains(n))
            .collect();
        assert!(validate(&with(&every_original)).is_ok());
    }
}
