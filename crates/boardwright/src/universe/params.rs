//! The parameters of a universe board: the struct, its defaults, and the
//! table of names, ranges and docs that validation, `list` and the web form
//! read.

use serde::{Deserialize, Serialize};

use super::dictionary::{self, MissionKind, NodeType};
use crate::params::{Allowed, ParamError, ParamInfo, Params as ParamsTrait, info};

/// Largest `resolution` accepted: about 6.4 million nodes, a few GiB of memory.
pub(crate) const MAX_RESOLUTION: u32 = 3000;

/// Largest `max_attempts` accepted. An attempt on a board of the default
/// sizes takes at most about 20 ms (a thousand iterations among a hundred
/// obstacles, a thousand node types), so failing every attempt ends within
/// a few seconds.
pub(crate) const MAX_ATTEMPTS: u32 = 100;

/// Parameters of a universe board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Number of players (2–9); sets the board size unless `resolution` is given.
    pub players: u32,
    /// Board width in grid units (10 to 3000), overriding the
    /// player-count table; the work grows with the node count,
    /// [`Params::node_count`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution: Option<u32>,
    /// Relaxation iterations (1–1000).
    pub iterations: u32,
    /// Invisible repulsors that make holes (0–100).
    pub obstacles: u32,
    /// Edges after which the fill leaves a node alone (1–12).
    pub max_connections: u32,
    /// All twelve missions the same kind, Traveler or Collector.
    pub first_game: bool,
    /// No crossing edges and no edge near a node that is not its end.
    pub planar: bool,
    /// The distance `planar` keeps between an edge and other nodes (0–0.45).
    pub clearance: f64,
    /// Mission nodes chosen for equal hop distances to the centre.
    pub fair_missions: bool,
    /// The centre is the node nearest the paper's middle once relaxation is
    /// done, moved (at most half a unit) to where the quadrant lines split
    /// the board most evenly; the original takes the point laid out at the
    /// grid's middle, half a row above the paper's on the standard sheet.
    pub fair_center: bool,
    /// Node types' counts scale with the board's nodes and their distances
    /// with its size (`min(w / 10, h / 7)`), so that every type's minimum
    /// has room on every board; the original's scaling leaves the types kept
    /// from the edge too little room at 9 players and on large boards.
    pub fair_scaling: bool,
    /// Whole-board attempts before giving up (1 to 100).
    pub max_attempts: u32,
    /// The node-type dictionary: 1 to 1000 types.
    #[serde(deserialize_with = "dictionary::read_node_types")]
    pub node_types: Vec<NodeType>,
    /// The mission kinds: 1 to 100.
    #[serde(deserialize_with = "dictionary::read_missions")]
    pub missions: Vec<MissionKind>,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            players: 4,
            resolution: None,
            iterations: 60,
            obstacles: 5,
            max_connections: 3,
            first_game: true,
            planar: true,
            clearance: 0.25,
            fair_missions: true,
            fair_center: true,
            fair_scaling: true,
            max_attempts: 25,
            node_types: dictionary::default_node_types(),
            missions: dictionary::default_missions(),
        }
    }
}

impl ParamsTrait for Params {
    const INFO: &'static [ParamInfo] = &[
        info("players", "number of players; sets the board size", Allowed::Int { min: 2, max: 9 }),
        info(
            "resolution",
            "board width in grid units, overriding the player-count table (height = floor(210/297 x width))",
            Allowed::Int {
                min: 10,
                max: MAX_RESOLUTION as i64,
            },
        ),
        info("iterations", "relaxation iterations", Allowed::Int { min: 1, max: 1000 }),
        info(
            "obstacles",
            "invisible repulsors that make holes",
            Allowed::Int { min: 0, max: 100 },
        ),
        info(
            "max_connections",
            "edges after which the fill leaves a node alone",
            Allowed::Int { min: 1, max: 12 },
        ),
        info(
            "first_game",
            "all twelve missions the same kind (Traveler or Collector)",
            Allowed::Bool,
        ),
        info("planar", "no crossing edges and no edge passing near another node", Allowed::Bool),
        info(
            "clearance",
            "distance (grid units) planar boards keep between an edge and other nodes",
            Allowed::Float { min: 0.0, max: 0.45 },
        ),
        info(
            "fair_missions",
            "mission nodes chosen for equal hop distances to the centre",
            Allowed::Bool,
        ),
        info(
            "fair_center",
            "the centre is the node nearest the paper's middle after relaxation, moved up to half a unit to split the quadrants evenly (false: the point laid out at the grid's middle)",
            Allowed::Bool,
        ),
        info(
            "fair_scaling",
            "node-type counts scale with the board's nodes over the 10 x 7 sheet's 88, distances from the edge and group sizes with min(width / 10, height / 7) (false: the original's scaling)",
            Allowed::Bool,
        ),
        info(
            "max_attempts",
            "whole-board attempts before giving up",
            Allowed::Int {
                min: 1,
                max: MAX_ATTEMPTS as i64,
            },
        ),
        info(
            "node_types",
            "the node-type dictionary ([[node_types]] tables: name, min, max, prob, category, constraints); a table gives any of its fields but the name, the others come from the built-in type of that name",
            Allowed::Data(
                "1 to 1000 node-type tables: name (1-100 characters), min and max 0-10000, prob 0-1000000, distances 0-1000, max_sequence 1-1000, icon (an SVG file's path, 1-1000 characters, read by the command line); \"none\" clears an optional field",
            ),
        ),
        info(
            "missions",
            "the mission kinds ([[missions]] tables: name, needs, weight); a table gives any of its fields but the name, the others come from the built-in kind of that name",
            Allowed::Data("1 to 100 mission tables: name (1-100 characters), needs (up to 100 node-type names), weight 0-1000000"),
        ),
    ];
    const SIZE: &'static [&'static str] = &["players", "resolution"];
    const PRESETS: &'static [(&'static str, &'static str)] = &[(
        "classic",
        "# The original generator's choices: no planarity guard, farthest-first missions, the centre laid out at the grid's middle, its type scaling.\nplanar = false\nfair_missions = false\nfair_center = false\nfair_scaling = false\n",
    )];

    fn validate(&self) -> Result<(), ParamError> {
        dictionary::validate(&self.node_types, &self.missions, self.first_game)
    }
}

impl Params {
    /// Board size in grid units `(width, height)`.
    pub fn size(&self) -> (u32, u32) {
        let extra = [0, 0, 0, 0, 1, 1, 2, 2, 3];
        let w = self
            .resolution
            .unwrap_or_else(|| 10 + extra[(self.players.clamp(1, 9) - 1) as usize]);
        (w, w * 210 / 297)
    }

    /// Number of points laid out: the board's nodes, less any that
    /// relaxation left closer than the clearance to another (merged).
    pub fn node_count(&self) -> u64 {
        let (w, h) = self.size();
        (u64::from(w) + 1) * (u64::from(h) + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `list` shows of the dictionary's ranges is what is checked.
    #[test]
    fn dictionary_ranges_shown_are_the_checked_ones() {
        use dictionary::*;
        let shown = |name: &str| match Params::INFO.iter().find(|i| i.name == name).map(|i| i.allowed) {
            Some(Allowed::Data(text)) => text,
            other => panic!("{name}: {other:?}"),
        };
        for wanted in [
            format!("1 to {MAX_TYPES} node-type tables"),
            format!("name (1-{MAX_NAME} characters)"),
            format!("min and max 0-{MAX_COPIES}"),
            format!("prob 0-{MAX_WEIGHT}"),
            format!("distances 0-{MAX_DISTANCE}"),
            format!("max_sequence 1-{MAX_SEQUENCE}"),
            format!("icon (an SVG file's path, 1-{MAX_PATH} characters"),
        ] {
            assert!(shown("node_types").contains(&wanted), "{wanted}");
        }
        for wanted in [
            format!("1 to {MAX_MISSIONS} mission tables"),
            format!("name (1-{MAX_NAME} characters)"),
            format!("up to {MAX_NEEDS} node-type names"),
            format!("weight 0-{MAX_WEIGHT}"),
        ] {
            assert!(shown("missions").contains(&wanted), "{wanted}");
        }
    }
}
