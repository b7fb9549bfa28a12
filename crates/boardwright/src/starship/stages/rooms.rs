//! The core rooms: the cockpit, farthest from the perimeter, and the
//! reactor, nearest the ship's centre.

use super::fields::{Fields, MAX_PART_SIDE, stage_table};
use super::place::{candidates, first_keeping, place_room};
use super::{Context, StageKind, search_work};
use crate::params::ParamError;
use crate::starship::part::Footprint;
use crate::starship::part::Role;
use crate::starship::ship::{Ship, Tile};

stage_table! {
    /// Parameters of a single-room stage (cockpit, reactor).
    pub struct RoomParams {
        /// Width (1 to 8).
        w: u32 = 3, int(1, MAX_PART_SIDE);
        /// Height (1 to 8).
        h: u32 = 3, int(1, MAX_PART_SIDE);
    }
}

/// The cockpit stage (`CoreRoom<true>`): farthest from the perimeter, its
/// walls kept; or the reactor stage (`CoreRoom<false>`): nearest the
/// centre of mass.
pub(super) struct CoreRoom<const COCKPIT: bool>;

impl<const COCKPIT: bool> StageKind for CoreRoom<COCKPIT> {
    type Params = RoomParams;

    fn default() -> RoomParams {
        RoomParams::default()
    }

    fn check(p: &RoomParams, f: &Fields<'_>) -> Result<(), ParamError> {
        p.check_fields(f)
    }

    fn work(p: &RoomParams, _area: u64) -> u64 {
        search_work(p.w, p.h)
    }

    fn run(p: &RoomParams, ship: &mut Ship, cx: &mut Context<'_>) {
        let role = if COCKPIT { Role::Cockpit } else { Role::Reactor };
        core_room(ship, cx, role, p, COCKPIT);
    }
}

pub(super) fn core_room(ship: &mut Ship, cx: &mut Context<'_>, role: Role, p: &RoomParams, protected: bool) {
    let mut spots = candidates(ship, p.w, p.h);
    let depth = depth_inside(ship);
    let (mx, my) = ship.center();
    let score = |r: &Footprint| -> f64 {
        if protected {
            // Farthest from the perimeter: the footprint's shallowest tile, as deep as can be.
            -f64::from(ship.footprint(*r).map(|t| depth[t]).min().unwrap_or(0))
        } else {
            let (fx, fy) = (f64::from(r.0) + f64::from(r.2) / 2.0, f64::from(r.1) + f64::from(r.3) / 2.0);
            (fx - mx) * (fx - mx) + (fy - my) * (fy - my)
        }
    };
    spots.sort_by(|a, b| score(a).total_cmp(&score(b)));
    match first_keeping(ship, spots, cx.max_detour) {
        Some(best) => {
            place_room(ship, role, best, cx.rng);
        }
        None => cx.shortfalls.push(format!("{}: no room", role.name())),
    }
}

/// Steps from each tile to the nearest space tile (or off-grid).
fn depth_inside(ship: &Ship) -> Vec<u32> {
    let mut depth = vec![u32::MAX; ship.tiles.len()];
    let mut queue = std::collections::VecDeque::new();
    for (t, d) in depth.iter_mut().enumerate() {
        let (x, y) = ship.xy(t);
        if ship.tiles[t] == Tile::Space || x == 0 || y == 0 || x + 1 == ship.width || y + 1 == ship.height {
            *d = 0;
            queue.push_back(t);
        }
    }
    while let Some(t) = queue.pop_front() {
        for n in ship.neighbors(t).collect::<Vec<_>>() {
            if depth[n] == u32::MAX {
                depth[n] = depth[t] + 1;
                queue.push_back(n);
            }
        }
    }
    depth
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::starship::ship::open;
    use crate::starship::stages::testing::{MAX_DETOUR, built, connected, run_stage, stage};

    /// The places of `w × h` that pass the path check.
    fn passing(ship: &Ship, w: u32, h: u32) -> Vec<Footprint> {
        candidates(ship, w, h)
            .into_iter()
            .filter(|&r| ship.clone().keeps_paths(r, MAX_DETOUR))
            .collect()
    }

    #[test]
    fn the_cockpit_goes_deepest_and_the_reactor_nearest_the_centre() {
        for i in 0..6 {
            let mut ship = built(32, &format!("rooms {i}"), "cockpit");
            let depth = depth_inside(&ship);
            let width = ship.width;
            let shallowest = |(x, y, w, h): Footprint| {
                let tiles = (y..y + h).flat_map(|ty| (x..x + w).map(move |tx| (ty * width + tx) as usize));
                tiles.map(|t| depth[t]).min().unwrap_or(0)
            };
            let deepest = passing(&ship, 3, 3).into_iter().map(shallowest).max();
            run_stage(&mut ship, &stage("cockpit"), "cockpit");
            let (mx, my) = ship.center();
            let off = |r: Footprint| {
                let (fx, fy) = (f64::from(r.0) + f64::from(r.2) / 2.0, f64::from(r.1) + f64::from(r.3) / 2.0);
                (fx - mx) * (fx - mx) + (fy - my) * (fy - my)
            };
            let nearest = passing(&ship, 3, 3).into_iter().map(off).min_by(f64::total_cmp);
            run_stage(&mut ship, &stage("reactor"), "reactor");
            let [cockpit, reactor] = &ship.parts[..] else {
                panic!("{:?}", ship.parts)
            };
            let rect = |p: &crate::starship::Part| p.footprint();
            assert_eq!((cockpit.role, reactor.role), (Role::Cockpit, Role::Reactor));
            assert_eq!(Some(shallowest(rect(cockpit))), deepest, "seed {i}");
            assert_eq!(Some(off(rect(reactor))), nearest, "seed {i}");
            assert_eq!(ship.doors.len(), 2, "seed {i}: one door each");
            assert!(connected(&ship), "seed {i}");
        }
    }

    #[test]
    fn depth_counts_steps_to_space() {
        let ship = open(7, 7);
        let depth = depth_inside(&ship);
        assert_eq!([depth[ship.at(1, 1)], depth[ship.at(2, 3)], depth[ship.at(3, 3)]], [1, 2, 3]);
    }
}
