//! The parameters of a witches board, their ranges and presets.

use serde::{Deserialize, Serialize};

use crate::params::{Allowed, ParamInfo, Params as ParamsTrait};

/// Parameters of a witches board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Number of players (1–5).
    pub players: u32,
    /// Ingredients in a recipe; the board has a cauldron that holds them.
    pub recipe_length: u32,
    /// Starting ingredients placed on garden cells.
    pub garden_ingredients: u32,
    /// Starting ingredients placed directly in cauldrons.
    pub cauldron_ingredients: u32,
    /// Special cells (harder levels); at most a third of them hinder.
    pub special_cells: u32,
    /// Whole-board attempts before giving up.
    pub max_attempts: u32,
    /// Deal the cauldrons so that every player gets their share whatever
    /// their place in the order of play, and keep the notes cell out of the
    /// gardens; `false` is the original's round of the players from the first.
    pub fair_placement: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            players: 4,
            recipe_length: 4,
            garden_ingredients: 3,
            cauldron_ingredients: 2,
            special_cells: 0,
            max_attempts: 200,
            fair_placement: true,
        }
    }
}

impl ParamsTrait for Params {
    const INFO: &'static [ParamInfo] = &[
        ParamInfo {
            name: "players",
            doc: "number of players; each owns a fixed rectangle on both sides",
            allowed: Allowed::Int { min: 1, max: 5 },
        },
        ParamInfo {
            name: "recipe_length",
            doc: "ingredients in a recipe (4: a 2x2 cauldron; 6, the hardest level: a 3x2 cauldron)",
            allowed: Allowed::OneOf(&[4, 6]),
        },
        ParamInfo {
            name: "garden_ingredients",
            doc: "starting ingredients placed on garden cells",
            allowed: Allowed::Int { min: 0, max: 8 },
        },
        ParamInfo {
            name: "cauldron_ingredients",
            doc: "starting ingredients placed in cauldrons, to test a potion early",
            allowed: Allowed::Int { min: 0, max: 4 },
        },
        ParamInfo {
            name: "special_cells",
            doc: "special cells (harder levels), mostly helpful",
            allowed: Allowed::Int { min: 0, max: 6 },
        },
        ParamInfo {
            name: "max_attempts",
            doc: "whole-board attempts before giving up",
            allowed: Allowed::Int { min: 1, max: 100_000 },
        },
        ParamInfo {
            name: "fair_placement",
            doc: "deal every player their share of the cauldron cells and a recipe, whatever the order of play, and keep the notes cell out of the gardens (false: the original's placement, round the players from the first)",
            allowed: Allowed::Bool,
        },
    ];
    const PRESETS: &'static [(&'static str, &'static str)] = &[
        (
            "hardest",
            "# The hardest level: six-ingredient recipes and special cells.\nrecipe_length = 6\nspecial_cells = 6\n",
        ),
        (
            "classic",
            "# The original's placement: round the players from the first, the notes cell in a garden.\nfair_placement = false\n",
        ),
    ];
}
