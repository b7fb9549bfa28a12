//! The parameters of a witches board, their ranges and presets.

use crate::params::{Allowed, ParamError, declare, int};

declare! {
    /// Parameters of a witches board.
    pub struct Params {
        /// the rulebook the board is for: 2020, the first edition (cauldrons
        /// on both sides of a folded sheet); 2023, the second (one side, no
        /// cauldrons, gardens of at most 4 cells, 1 to 4 players, a recipe of
        /// 4)
        edition: u32 = 2020, Allowed::OneOf(&[2020, 2023]);
        /// number of players; each owns a fixed rectangle on both sides (at
        /// most 4 in the 2023 edition)
        players: u32 = 4, int(1, 5);
        /// ingredients in a recipe (4: a 2x2 cauldron; 6, the hardest level:
        /// a 3x2 cauldron); the board has a cauldron that holds them (4 in
        /// the 2023 edition)
        recipe_length: u32 = 4, Allowed::OneOf(&[4, 6]);
        /// ingredients in play, the first of Parsley, Sage, Chives,
        /// Rosemary, Oregano, Mint, Dill, Basil, Thyme and Black Pepper: the
        /// recipe's and decoys (6, as the original's first game: 4 of the
        /// recipe and 2 decoys); at least recipe_length
        ingredients: u32 = 6, int(4, 10);
        /// starting ingredients placed on garden cells (at most 3 in the
        /// 2023 edition, from its first four names)
        garden_ingredients: u32 = 3, int(0, 8);
        /// starting ingredients placed in cauldrons, to test a potion early
        /// (none in the 2023 edition, which has no cauldrons)
        cauldron_ingredients: u32 = 2, int(0, 4);
        /// special cells (harder levels), mostly helpful: at most a third of
        /// them hinder (in the 2023 edition placed as the original does, any
        /// of the eight kinds alike)
        special_cells: u32 = 0, int(0, 6);
        /// whole-board attempts before giving up
        max_attempts: u32 = 200, int(1, 100_000);
        /// deal every player their share of the cauldron cells and a recipe,
        /// whatever the order of play, and keep the notes cell out of the
        /// gardens (false: the original's placement, round the players from
        /// the first); in the 2023 edition, give every player a garden of 4
        /// and deal the starting ingredients and special cells evenly
        fair_placement: bool = true, Allowed::Bool;
        /// the secret recipe's difficulty: 1, every decoy ignored and no
        /// effects; 2, about half as many effects as ingredients in play; 3,
        /// about three quarters, the complex effects, and every kind of
        /// decoy (ignored, overachiever, imposter); the 2023 edition deals
        /// its own count of effects, 1 to half the ingredients in play less
        /// one, at 2 and 3; the board itself is the same
        difficulty: u32 = 1, int(1, 3);
    }
    presets: [
        ("hardest", "# The hardest level: six-ingredient recipes among all ten at difficulty 3, special cells.\nrecipe_length = 6\ningredients = 10\nspecial_cells = 6\ndifficulty = 3\n"),
        ("second-edition", "# The 2023 edition's board and puzzle: one side, no cauldrons, gardens of at most 4 cells.\nedition = 2023\n"),
        ("classic", "# The original's placement: round the players from the first, the notes cell in a garden.\nfair_placement = false\n"),
    ],
    size: [],
    validate: Params::check_edition,
}

/// The 2023 edition's most players.
pub(crate) const MAX_PLAYERS_2023: u32 = 4;
/// The 2023 edition's most starting ingredients on a board.
pub(crate) const MAX_STARTING_2023: u32 = 3;
/// The 2023 edition's recipe length: always 4 secret ingredients.
pub(crate) const RECIPE_2023: u32 = 4;

impl Params {
    /// Whether this is the 2023 edition's board and puzzle.
    pub fn is_2023(&self) -> bool {
        self.edition == 2023
    }

    /// The checks across parameters: enough ingredients in play for the
    /// recipe, and the 2023 edition's own limits.
    fn check_edition(&self) -> Result<(), ParamError> {
        if self.ingredients < self.recipe_length {
            return Err(ParamError::invalid(
                "ingredients",
                self.ingredients,
                format!(
                    "at least recipe_length ({}): every ingredient of the recipe is in play",
                    self.recipe_length
                ),
            ));
        }
        if !self.is_2023() {
            return Ok(());
        }
        let limit = |name: &str, value: u32, most: u32, why: &str| {
            if value > most {
                Err(ParamError::invalid(
                    name,
                    value,
                    format!("at most {most} in the 2023 edition ({why})"),
                ))
            } else {
                Ok(())
            }
        };
        limit("players", self.players, MAX_PLAYERS_2023, "its board has 1 to 4 players")?;
        limit(
            "garden_ingredients",
            self.garden_ingredients,
            MAX_STARTING_2023,
            "its board starts with at most 3",
        )?;
        if self.recipe_length != RECIPE_2023 {
            return Err(ParamError::invalid(
                "recipe_length",
                self.recipe_length,
                "4 in the 2023 edition (its recipe always has 4 secret ingredients)",
            ));
        }
        Ok(())
    }
}
