//! Extra doors where a wall between two walkable tiles forces a long walk.

use super::fields::{Fields, stage_table};
use super::{Context, StageKind};
use crate::params::ParamError;
use crate::starship::ship::{Ship, Tile};

/// Largest door threshold, in steps.
pub(crate) const MAX_DOOR_THRESHOLD: u32 = 200;

stage_table! {
    /// Parameters of the extra-doors stage.
    pub struct DoorParams {
        /// A wall whose walk around is longer than this gets a door (1 to 200).
        door_threshold: u32 = 10, int(1, MAX_DOOR_THRESHOLD);
    }
}

/// The extra-doors stage.
pub(super) struct ExtraDoors;

impl StageKind for ExtraDoors {
    type Params = DoorParams;

    fn default() -> DoorParams {
        DoorParams::default()
    }

    fn check(p: &DoorParams, f: &Fields<'_>) -> Result<(), ParamError> {
        p.check_fields(f)
    }

    fn work(_p: &DoorParams, _area: u64) -> u64 {
        8
    }

    fn run(p: &DoorParams, ship: &mut Ship, _cx: &mut Context<'_>) {
        extra_doors(ship, p.door_threshold);
    }
}

pub(super) fn extra_doors(ship: &mut Ship, threshold: u32) {
    for a in 0..ship.tiles.len() {
        for b in [ship.offset(a, (1, 0)), ship.offset(a, (0, 1))].into_iter().flatten() {
            if !ship.walkable(a) || !ship.walkable(b) || ship.can_step(a, b) {
                continue;
            }
            if !ship.reaches_within(a, b, threshold) {
                let (inside, landing) = if matches!(ship.tiles[a], Tile::Part(_)) { (a, b) } else { (b, a) };
                ship.add_door(inside, landing);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::starship::stages::testing::{built, connected, run_stage, stage};

    #[test]
    fn walls_between_walkable_tiles_force_no_walk_longer_than_the_threshold() {
        for i in 0..6 {
            let mut ship = built(32, &format!("doors {i}"), "extra_doors");
            let doors = ship.doors.len();
            run_stage(&mut ship, &stage("extra_doors"), "doors");
            assert!(ship.doors.len() >= doors);
            assert!(connected(&ship));
            for a in 0..ship.tiles.len() {
                for b in [ship.offset(a, (1, 0)), ship.offset(a, (0, 1))].into_iter().flatten() {
                    if ship.walkable(a) && ship.walkable(b) {
                        assert!(ship.reaches_within(a, b, 10), "seed {i}: {:?} to {:?}", ship.xy(a), ship.xy(b));
                    }
                }
            }
        }
    }
}
