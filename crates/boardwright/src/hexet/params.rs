//! The parameters of a hexet map and its scoring, their ranges and the
//! check that the cities fit.

use crate::params::{Allowed, ParamError, declare, float, int};

/// Largest width or height accepted.
pub(crate) const MAX_SIDE: u32 = 4000;

declare! {
    /// Parameters of a hexet map and its scoring.
    pub struct Params {
        /// columns of hex cells (work and output grow with width x height)
        width: u32 = 24, int(4, MAX_SIDE as i64);
        /// cells per column (work and output grow with width x height)
        height: u32 = 18, int(4, MAX_SIDE as i64);
        /// players, each with their own roads
        players: u32 = 2, int(1, 8);
        /// city types (colour and shape)
        city_types: u32 = 4, int(1, 8);
        /// cities of each type
        cities_per_type: u32 = 3, int(1, 12);
        /// smallest hex distance between cities (and from the tower)
        city_spacing: u32 = 3, int(1, 50);
        /// city types dealt out so that joining one type's cities and the
        /// tower takes about as many roads as another's (false: each type's
        /// k-th city stays in its own turned sector, as placed)
        fair_city_types: bool = true, Allowed::Bool;
        /// share of cells that are lakes
        lake_share: f64 = 0.06, float(0.0, 0.4);
        /// rivers along cell sides (work grows with rivers x the longer side)
        rivers: u32 = 3, int(0, 10_000);
        /// points per city in a player's largest network group of one type
        /// (2 or more)
        type_points: u32 = 3, int(0, 1000);
        /// points per city in a network that reaches the tower
        tower_points: u32 = 1, int(0, 1000);
        /// points for a city type entirely connected to the tower
        completion_points: u32 = 5, int(0, 1000);
        /// map attempts before giving up
        max_attempts: u32 = 50, int(1, 1000);
    }
    presets: [
        ("sectors", "# Cities by sectors alone: each type's k-th city in its own turned sector, whatever it costs to join.\nfair_city_types = false\n"),
    ],
    size: ["width", "height", "rivers"],
    validate: Params::check_cities,
}

impl Params {
    /// Whether the cities fit: each keeps about a hex of radius spacing / 2
    /// to itself, and they may ask for no more than half the map's cells
    /// that way.
    fn check_cities(&self) -> Result<(), ParamError> {
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
