//! The result of witches, the JSON contract: the players' areas, cauldrons,
//! gardens, labels, the notes cell and the fairness report, with what the
//! metrics are computed from.

use serde::{Deserialize, Serialize};

use super::params::RECIPE_2023;
use super::{CAULDRON_CELLS, HEIGHT, Params, WIDTH};
use crate::Header;

/// A side of the folded paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    /// The front.
    Front,
    /// The back.
    Back,
}

impl Face {
    /// Both sides, front first.
    pub const BOTH: [Face; 2] = [Face::Front, Face::Back];

    /// 0 for the front, 1 for the back.
    pub(super) fn index(self) -> usize {
        match self {
            Face::Front => 0,
            Face::Back => 1,
        }
    }
}

/// A player's area.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Player {
    /// Player number, from 0.
    pub id: u32,
    /// The player's rectangle on the front, `[x, y, w, h]`.
    pub front: [u32; 4],
    /// The player's rectangle on the back, `[x, y, w, h]`: the front one
    /// mirrored (`x = 8 − x − w`, the same `y`, `w` and `h`).
    pub back: [u32; 4],
}

impl Player {
    /// Cells the player owns, front and back.
    pub fn cells(&self) -> u32 {
        2 * self.front[2] * self.front[3]
    }

    /// The player's fair share of the board's 32 cauldron cells: the same part of
    /// them as of the paper (32 × own cells / 64, rounded; exact for every
    /// layout: the area of the front rectangle).
    pub fn cauldron_share(&self) -> u32 {
        let paper = 2 * WIDTH * HEIGHT;
        (CAULDRON_CELLS * self.cells() + paper / 2) / paper
    }

    /// The rectangle on `face`.
    pub fn rect(&self, face: Face) -> [u32; 4] {
        match face {
            Face::Front => self.front,
            Face::Back => self.back,
        }
    }
}

/// A cauldron.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Cauldron {
    /// Owner.
    pub player: u32,
    /// Side of the paper.
    pub side: Face,
    /// Left column.
    pub x: u32,
    /// Top row.
    pub y: u32,
    /// Width in cells.
    pub w: u32,
    /// Height in cells.
    pub h: u32,
}

impl Cauldron {
    /// The cauldron's cells as `(side, x, y)`, row by row from the top, each
    /// row from the left.
    pub fn cells(&self) -> impl Iterator<Item = (Face, u32, u32)> + use<> {
        let Cauldron { side, x, y, w, h, .. } = *self;
        (y..y + h).flat_map(move |row| (x..x + w).map(move |column| (side, column, row)))
    }
}

/// A garden: connected cells of one player on one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Garden {
    /// Owner.
    pub player: u32,
    /// Side of the paper.
    pub side: Face,
    /// The cells `[x, y]`, in the order the garden grew.
    pub cells: Vec<[u32; 2]>,
}

/// Something written in one cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Label {
    /// What it says: an ingredient such as `"Chives"`, or a special cell
    /// such as `"Efficiency"`.
    pub name: String,
    /// Side of the paper.
    pub side: Face,
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
}

/// A cell position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Cell {
    /// Side of the paper.
    pub side: Face,
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
}

/// One player's share of the board.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Share {
    /// The player.
    pub player: u32,
    /// Cauldrons owned (a count of cauldrons, not of cells).
    pub cauldrons: u32,
    /// Cauldron cells, front and back.
    pub cauldron_cells: u32,
    /// The player's fair share of the 32 cauldron cells: 32 × own cells /
    /// 64, rounded (the area of the player's front rectangle). The share of
    /// the other 32 cells is the same.
    pub cauldron_share: u32,
    /// Cauldron cells on the front.
    pub cauldron_cells_front: u32,
    /// Cauldron cells on the back.
    pub cauldron_cells_back: u32,
    /// Garden cells, front and back. Under fair placement (the
    /// `fair_placement` parameter) the notes cell is never one of them;
    /// under the original's placement (the `classic` preset), it is.
    pub garden_cells: u32,
    /// Garden cells on the front.
    pub garden_cells_front: u32,
    /// Garden cells on the back.
    pub garden_cells_back: u32,
}

crate::metrics::declare! {
    /// The fairness report.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    pub struct Metrics {
        /// Each player's share of the board, one record per player.
        shares: Vec<Share> => "Each player's share", "";
        /// Most minus fewest, among players, of cauldron cells less share (for
        /// equal rectangles: most minus fewest cauldron cells).
        cauldron_cells_spread: u32 => "Spread of cauldron cells", "cells";
        /// The largest gap, among players, between cauldron cells and share.
        cauldron_share_gap: u32 => "Largest cauldron gap to share", "cells";
        /// Most minus fewest, among players, of garden cells less their share of
        /// the non-cauldron cells (which equals `cauldron_share`; for equal
        /// rectangles: most minus fewest garden cells).
        garden_cells_spread: u32 => "Spread of garden cells", "cells";
        /// Cauldrons on the board.
        cauldrons: u32 => "Cauldrons", "cauldrons";
        /// Cells of the largest cauldron.
        largest_cauldron: u32 => "Largest cauldron", "cells";
        /// Cauldrons that hold a whole recipe: at least `recipe_length` cells.
        recipe_cauldrons: u32 => "Cauldrons holding a recipe", "cauldrons";
        /// Gardens on the board, all players together.
        gardens: u32 => "Gardens", "gardens";
        /// Cells of the largest garden.
        largest_garden: u32 => "Largest garden", "cells";
        /// Gardens larger than the edition allows (the 2023 edition: 4
        /// cells; the 2020 edition has no cap).
        gardens_over_cap: u32 => "Gardens over the cap", "gardens";
        /// Gardens of exactly `recipe_length` cells (the 2023 rulebook asks
        /// for at least two).
        recipe_gardens: u32 => "Gardens of a recipe's length", "gardens";
        /// Players with nowhere of their own to brew a whole recipe: in the
        /// 2020 edition, neither their largest cauldron nor their two
        /// largest together hold one; in the 2023, no garden of theirs has
        /// exactly 4 cells.
        players_without_recipe_room: u32 => "Players with no room for a recipe", "players";
        /// Whole-board attempts used.
        attempts: u32 => "Attempts", "attempts";
    }
}

/// A generated witches board: the JSON contract of `boardwright witches`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Board {
    /// `generator` (always `"witches"`), `seed`, `version`, `params`.
    #[serde(flatten)]
    pub header: Header<Params>,
    /// The fairness report.
    pub metrics: Metrics,
    /// Cells across a side (8).
    pub width: u32,
    /// Cells down a side (4).
    pub height: u32,
    /// Ingredients in a recipe: 4 or 6, from the parameter (4 in the 2023
    /// edition).
    pub recipe_length: u32,
    /// The players' areas, in id order: `players[k].id == k`.
    pub players: Vec<Player>,
    /// The cauldrons, largest first.
    pub cauldrons: Vec<Cauldron>,
    /// The gardens.
    pub gardens: Vec<Garden>,
    /// Starting ingredients.
    pub ingredients: Vec<Label>,
    /// Special cells (empty unless the `special_cells` parameter asks for
    /// some).
    pub special_cells: Vec<Label>,
    /// The cell kept free for notes; none (`null`) in the 2023 edition.
    pub notes_cell: Option<Cell>,
}

impl Board {
    /// The sides of the sheet the board uses: both for the 2020 edition's
    /// folded sheet, the front alone for the 2023 edition's.
    pub fn faces(&self) -> &'static [Face] {
        if self.header.params.is_2023() {
            &[Face::Front]
        } else {
            &Face::BOTH
        }
    }

    /// The player who owns cell `(x, y)` of `side` (every cell has one).
    pub fn owner(&self, side: Face, x: u32, y: u32) -> u32 {
        super::owner(&self.players, side, x, y)
    }
}

/// The fairness report of cauldrons `placed` and `gardens` among `owners`,
/// on a board of `params` made on `attempts` attempts.
pub(super) fn metrics(owners: &[Player], placed: &[Cauldron], gardens: &[Garden], params: &Params, attempts: u32) -> Metrics {
    let (recipe_length, second_edition) = (params.recipe_length, params.is_2023());
    let mut shares: Vec<Share> = owners
        .iter()
        .map(|p| Share {
            player: p.id,
            // The 2023 edition has no cauldrons.
            cauldron_share: if second_edition { 0 } else { p.cauldron_share() },
            ..Share::default()
        })
        .collect();
    for c in placed {
        let s = &mut shares[c.player as usize];
        s.cauldrons += 1;
        match c.side {
            Face::Front => s.cauldron_cells_front += c.w * c.h,
            Face::Back => s.cauldron_cells_back += c.w * c.h,
        }
    }
    for g in gardens {
        let s = &mut shares[g.player as usize];
        match g.side {
            Face::Front => s.garden_cells_front += g.cells.len() as u32,
            Face::Back => s.garden_cells_back += g.cells.len() as u32,
        }
    }
    for s in &mut shares {
        s.cauldron_cells = s.cauldron_cells_front + s.cauldron_cells_back;
        s.garden_cells = s.garden_cells_front + s.garden_cells_back;
    }
    // Each player's cells less their share: the spreads and the gap.
    let spread = |f: &dyn Fn(&Share) -> i64| {
        let most = shares.iter().map(f).max().unwrap_or(0);
        let fewest = shares.iter().map(f).min().unwrap_or(0);
        (most - fewest) as u32
    };
    let over = |cells: u32, s: &Share| i64::from(cells) - i64::from(s.cauldron_share);
    let size = |g: &Garden| g.cells.len() as u32;
    let cap = if second_edition { RECIPE_2023 } else { u32::MAX };
    let has_room = |p: &Player| {
        if second_edition {
            return gardens.iter().any(|g| g.player == p.id && size(g) == recipe_length);
        }
        let mut areas: Vec<u32> = placed.iter().filter(|c| c.player == p.id).map(|c| c.w * c.h).collect();
        areas.sort_unstable_by(|a, b| b.cmp(a));
        areas.iter().take(2).sum::<u32>() >= recipe_length
    };
    Metrics {
        largest_garden: gardens.iter().map(size).max().unwrap_or(0),
        gardens_over_cap: gardens.iter().filter(|g| size(g) > cap).count() as u32,
        recipe_gardens: gardens.iter().filter(|g| size(g) == recipe_length).count() as u32,
        players_without_recipe_room: owners.iter().filter(|p| !has_room(p)).count() as u32,
        cauldron_cells_spread: spread(&|s| over(s.cauldron_cells, s)),
        cauldron_share_gap: shares
            .iter()
            .map(|s| s.cauldron_cells.abs_diff(s.cauldron_share))
            .max()
            .unwrap_or(0),
        garden_cells_spread: spread(&|s| over(s.garden_cells, s)),
        cauldrons: placed.len() as u32,
        largest_cauldron: placed.iter().map(|c| c.w * c.h).max().unwrap_or(0),
        recipe_cauldrons: placed.iter().filter(|c| c.w * c.h >= recipe_length).count() as u32,
        gardens: gardens.len() as u32,
        attempts,
        shares,
    }
}
