//! What the expansions bring, as data (`expansions.toml`, read once): the
//! node sets, whose types join the dictionary's, and the pieces the placing
//! expansions draw from, with every expansion's name.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::{Builtin, NodeType};
use crate::overlay;

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
