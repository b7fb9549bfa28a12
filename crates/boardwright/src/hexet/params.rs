//! The parameters of a hexet map and its scoring, their ranges and the
//! check that the cities fit.

use serde::{Deserialize, Serialize};

use crate::params::{Allowed, ParamError, ParamInfo, Params as ParamsTrait, info};

/// Parameters of a hexet map and its scoring.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Columns of cells.
    pub width: u32,
    /// Cells per column.
    pub height: u32,
    /// Players (road layers).
    pub players: u32,
    /// City types.
    pub city_types: u32,
    /// Cities of each type.
    pub cities_per_type: u32,
    /// Smallest hex distance between cities (and from the tower).
    pub city_spacing: u32,
    /// Share of cells that are lakes.
    pub lake_share: f64,
    /// Number of rivers.
    pub rivers: u32,
    /// Points per city in a player's largest group of one type (2 or more).
    pub type_points: u32,
    /// Points per city in a network that reaches the tower.
    pub tower_points: u32,
    /// Points for a type whose every city reaches the tower.
    pub completion_points: u32,
    /// Map attempts before giving up.
    pub max_attempts: u32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            width: 24,
            height: 18,
            players: 2,
            city_types: 4,
            cities_per_type: 3,
            city_spacing: 3,
            lake_share: 0.06,
            rivers: 3,
            type_points: 3,
            tower_points: 1,
            completion_points: 5,
            max_attempts: 50,
        }
    }
}

/// Largest width or height accepted.
pub(crate) const MAX_SIDE: u32 = 4000;

impl ParamsTrait for Params {
    const INFO: &'static [ParamInfo] = &[
        info(
            "width",
            "columns of hex cells (work and output grow with width x height)",
            Allowed::Int {
                min: 4,
                max: MAX_SIDE as i64,
            },
        ),
        info(
            "height",
            "cells per column (work and output grow with width x height)",
            Allowed::Int {
                min: 4,
                max: MAX_SIDE as i64,
            },
        ),
        info("players", "players, each with their own roads", Allowed::Int { min: 1, max: 8 }),
        info("city_types", "city types (colour and shape)", Allowed::Int { min: 1, max: 8 }),
        info("cities_per_type", "cities of each type", Allowed::Int { min: 1, max: 12 }),
        info(
            "city_spacing",
            "smallest hex distance between cities",
            Allowed::Int { min: 1, max: 50 },
        ),
        info("lake_share", "share of cells that are lakes", Allowed::Float { min: 0.0, max: 0.4 }),
        info(
            "rivers",
            "rivers along cell sides (work grows with rivers x the longer side)",
            Allowed::Int { min: 0, max: 10_000 },
        ),
        info(
            "type_points",
            "points per city in a player's largest network group of one type (2 or more)",
            Allowed::Int { min: 0, max: 1000 },
        ),
        info(
            "tower_points",
            "points per city in a network that reaches the tower",
            Allowed::Int { min: 0, max: 1000 },
        ),
        info(
            "completion_points",
            "points for a city type entirely connected to the tower",
            Allowed::Int { min: 0, max: 1000 },
        ),
        info("max_attempts", "map attempts before giving up", Allowed::Int { min: 1, max: 1000 }),
    ];
    const PRESETS: &'static [(&'static str, &'static str)] = &[];
    const SIZE: &'static [&'static str] = &["width", "height", "rivers"];

    fn validate(&self) -> Result<(), ParamError> {
        // Each city keeps about a hex of radius spacing / 2 to itself; ask for
        // no more than half the map's cells that way.
        let cities = u64::from(self.city_types) * u64::from(self.cities_per_type) + 1;
        let room = 1 + 3 * u64::from(self.city_spacing) * u64::from(self.city_spacing) / 4;
        let cells = u64::from(self.width) * u64::from(self.height);
        if cities * room * 2 > cells {
            let most = (cells / (2 * room)).saturating_sub(1);
            return Err(ParamError::invalid(
                "cities_per_type",
                format!(
                    "{} ({} types, spacing {})",
                    self.cities_per_type, self.city_types, self.city_spacing
                ),
                format!(
                    "at most {most} cities in all on a {}x{} map at this spacing",
                    self.width, self.height
                ),
            ));
        }
        Ok(())
    }
}
