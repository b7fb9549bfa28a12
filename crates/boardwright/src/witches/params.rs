//! The parameters of a witches board, their ranges and presets.

use crate::params::{Allowed, declare, int};

declare! {
    /// Parameters of a witches board.
    pub struct Params {
        /// number of players; each owns a fixed rectangle on both sides
        players: u32 = 4, int(1, 5);
        /// ingredients in a recipe (4: a 2x2 cauldron; 6, the hardest level:
        /// a 3x2 cauldron); the board has a cauldron that holds them
        recipe_length: u32 = 4, Allowed::OneOf(&[4, 6]);
        /// starting ingredients placed on garden cells
        garden_ingredients: u32 = 3, int(0, 8);
        /// starting ingredients placed in cauldrons, to test a potion early
        cauldron_ingredients: u32 = 2, int(0, 4);
        /// special cells (harder levels), mostly helpful: at most a third of
        /// them hinder
        special_cells: u32 = 0, int(0, 6);
        /// whole-board attempts before giving up
        max_attempts: u32 = 200, int(1, 100_000);
        /// deal every player their share of the cauldron cells and a recipe,
        /// whatever the order of play, and keep the notes cell out of the
        /// gardens (false: the original's placement, round the players from
        /// the first)
        fair_placement: bool = true, Allowed::Bool;
        /// the secret recipe's difficulty: 1, every decoy ignored and no
        /// effects; 2, about half as many effects as ingredients; 3, about
        /// three quarters, the complex effects, and every kind of decoy
        /// (ignored, overachiever, imposter); the board itself is the same
        difficulty: u32 = 1, int(1, 3);
    }
    presets: [
        ("hardest", "# The hardest level: six-ingredient recipes and special cells.\nrecipe_length = 6\nspecial_cells = 6\n"),
        ("classic", "# The original's placement: round the players from the first, the notes cell in a garden.\nfair_placement = false\n"),
    ],
    size: [],
}
