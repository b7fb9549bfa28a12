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
//! What each expansion holds is data, the dictionary's `expansions.toml`.

use super::Params;
use super::dictionary::NodeType;
pub use super::dictionary::catalogue::{
    EXPEDITIONS, EXTREME_EXPEDITIONS, NodeSet, Piece, RESOURCES, SHARP_SCISSORS, TINY_NODES, expedition_types,
    landmark_types, names, node_sets, resource_types, tiny_node_types,
};
pub(crate) use super::dictionary::catalogue::{of_expansion, original_expedition};
use crate::params::ParamError;

pub(crate) mod areas;
pub(crate) mod between;
pub(crate) mod expeditions;
pub(crate) mod inscribed;
pub(crate) mod node_set;
pub(crate) mod resources;
pub(crate) mod tiny;

/// The original's Extreme Expeditions places at most this many.
pub(crate) const MOST_EXPEDITIONS: usize = 10;
/// The original's Sharp Scissors places at most this many landmarks.
pub(crate) const MOST_LANDMARKS: usize = 5;

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
