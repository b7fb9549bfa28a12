//! The result: a [`Board`] (the JSON contract), its [`Metrics`], the
//! snapshots a watch sees after each stage, and the tile rows and legend
//! they are written with.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::params::Params;
use super::part::{Part, fixed_symbols};
use super::ship::{Ship, Tile};
use super::stages::Stage;
use crate::Header;

/// A door: the two tiles `[[x1, y1], [x2, y2]]` it joins.
pub(crate) type Door = [[u32; 2]; 2];

crate::metrics::declare! {
    /// Facts about a ship.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    pub struct Metrics {
        /// Parts of each kind, by kind name.
        part_counts: BTreeMap<String, u32> => "Parts per kind", "parts";
        /// Per machine stage, its score budget (the points wanted) and the
        /// points placed.
        scores: Vec<StageScore> => "Machine budgets and parts placed", "";
        /// Longest walk from a weapon to its nearest ammo supply; 0 when the
        /// ship has no weapon.
        longest_weapon_to_ammo_walk: u32 => "Longest walk, weapon to ammo", "tiles";
        /// Longest walk from a thruster to its nearest power storage or the
        /// reactor; 0 when the ship has no thruster.
        longest_thruster_to_power_walk: u32 => "Longest walk, thruster to power", "tiles";
        /// What stages wanted but could not place, one line each.
        shortfalls: Vec<String> => "Parts that found no room", "";
        /// Tiles the crew can walk on.
        walkable_tiles: u32 => "Walkable tiles", "tiles";
        /// Doors in the ship.
        doors: u32 => "Doors", "doors";
        /// Whole-ship attempts made, this one included (1: the first succeeded).
        attempts: u32 => "Attempts", "attempts";
    }
}

/// A machine stage's budget and result.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StageScore {
    /// The machine stage's name.
    pub stage: String,
    /// Its score budget: the points wanted.
    pub budget: u32,
    /// The points placed.
    pub placed: u32,
}

/// A generated starship: the JSON contract of `boardwright starship`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Board {
    /// `generator` (always `"starship"`), `seed`, `version`, `params`.
    #[serde(flatten)]
    pub header: Header<Params>,
    /// Facts about the ship.
    pub metrics: Metrics,
    /// Grid width, in tiles.
    pub width: u32,
    /// Grid height, in tiles.
    pub height: u32,
    /// One string per row, from row 0; one character per tile, from column
    /// 0 (see `legend`). `tiles[y]` has `width` characters; the tile
    /// `[x, y]` is character `x` of `tiles[y]`.
    pub tiles: Vec<String>,
    /// Character → meaning, for every character `tiles` may use.
    pub legend: BTreeMap<String, String>,
    /// The placed parts, in id order: `parts[k].id == k`.
    pub parts: Vec<Part>,
    /// The doors, each the two neighbouring tiles it joins,
    /// `[[x1, y1], [x2, y2]]`.
    pub doors: Vec<Door>,
    /// The stage names in the order they ran.
    pub stages: Vec<String>,
}

/// The ship after one stage, for a stage-by-stage view: what of a
/// [`Board`] the stages change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Snapshot {
    /// The stage that just ran.
    pub stage: String,
    /// The tile rows, as in the ship's `tiles` ([`Board::tiles`]).
    pub tiles: Vec<String>,
    /// The parts placed so far.
    pub parts: Vec<Part>,
    /// The doors opened so far.
    pub doors: Vec<Door>,
}

impl Snapshot {
    /// `ship` as it stood after this stage of its generation: its tiles,
    /// parts and doors then, the rest as finished.
    pub(super) fn on(&self, ship: &Board) -> Board {
        Board {
            tiles: self.tiles.clone(),
            parts: self.parts.clone(),
            doors: self.doors.clone(),
            ..ship.clone()
        }
    }
}

pub(super) fn legend(params: &Params) -> BTreeMap<char, String> {
    let mut legend: BTreeMap<char, String> = fixed_symbols().map(|(c, m)| (c, m.to_string())).collect();
    for stage in &params.pipeline {
        if let Stage::Thrusters(m) | Stage::Weapons(m) = stage {
            for v in &m.variants {
                legend.insert(v.symbol, v.name.clone());
            }
        }
    }
    legend
}

/// The ship's doors, each as the two tiles it joins.
pub(super) fn doors(ship: &Ship) -> Vec<Door> {
    ship.doors
        .iter()
        .map(|&[a, b]| {
            let ((ax, ay), (bx, by)) = (ship.xy(a), ship.xy(b));
            [[ax, ay], [bx, by]]
        })
        .collect()
}

pub(super) fn rows(ship: &Ship, symbols: &BTreeMap<String, char>) -> Vec<String> {
    (0..ship.height)
        .map(|y| {
            (0..ship.width)
                .map(|x| match ship.tiles[ship.at(x, y)] {
                    Tile::Space => ' ',
                    Tile::Floor => '.',
                    Tile::Armor => '#',
                    Tile::Part(p) => symbols.get(&ship.parts[p as usize].kind).copied().unwrap_or('?'),
                })
                .collect()
        })
        .collect()
}
