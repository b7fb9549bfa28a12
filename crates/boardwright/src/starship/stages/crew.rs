//! Crew quarters and bunks: the fixed counts, then as many as the rates ask
//! for and the free floor holds, the two kinds interleaved.

use super::fields::{Fields, MAX_ROOM_RATE, stage_table};
use super::place::{candidates, place_room_joined};
use super::supplies::protect_supply_walks;
use super::{Context, StageKind, scaled, widened};
use crate::params::ParamError;
use crate::starship::part::Footprint;
use crate::starship::part::Role;
use crate::starship::ship::{Ship, Tile};

/// Most crew quarters, and most bunk rooms, in a crew stage.
pub(crate) const MAX_CREW_ROOMS: u32 = 32;

stage_table! {
    /// Parameters of the crew stage.
    pub struct CrewParams {
        /// Crew quarters that must be placed (0 to 32): those that do not fit
        /// are a shortfall.
        quarters: u32 = 0, int(0, MAX_CREW_ROOMS);
        /// Bunk rooms that must be placed (0 to 32): those that do not fit are a
        /// shortfall.
        bunks: u32 = 0, int(0, MAX_CREW_ROOMS);
        /// Crew quarters' size `[w, h]` (either orientation; sides 1 to 8).
        quarters_size: [u32; 2] = [3, 2], size;
        /// Bunk rooms' size `[w, h]` (either orientation; sides 1 to 8).
        bunks_size: [u32; 2] = [2, 2], size;
        /// Crew quarters added per 1000 tiles of hull (0 to 100), as many of
        /// them as the free floor holds.
        quarters_per_1000_tiles: f64 = 24.0, float(0.0, MAX_ROOM_RATE);
        /// Bunk rooms added per 1000 tiles of hull (0 to 100), as many of them
        /// as the free floor holds.
        bunks_per_1000_tiles: f64 = 30.0, float(0.0, MAX_ROOM_RATE);
    }
}

/// The crew stage: quarters and bunks.
pub(super) struct Crew;

impl StageKind for Crew {
    type Params = CrewParams;

    fn default() -> CrewParams {
        CrewParams::default()
    }

    fn check(p: &CrewParams, f: &Fields<'_>) -> Result<(), ParamError> {
        p.check_fields(f)
    }

    /// The places are listed once per size and orientation (a pass each)
    /// and each path-checked at most once (`4 × w × h` a list; most fail at
    /// once, on the geometry alone); each room counts `2 × w × h` (the rooms
    /// it touches) and 8 more (a pass for its door).
    fn work(p: &CrewParams, area: u64) -> u64 {
        let ([qw, qh], [bw, bh]) = (p.quarters_size, p.bunks_size);
        let rooms = |n: u64, w: u32, h: u32| n.saturating_mul(8 + 2 * u64::from(w) * u64::from(h));
        let places = |w: u32, h: u32| {
            let orientations = if w == h { 1 } else { 2 };
            orientations * (8 + 4 * u64::from(w) * u64::from(h))
        };
        let ([qn, bn], [qr, br]) = (
            [u64::from(p.quarters), u64::from(p.bunks)],
            [scaled(0, p.quarters_per_1000_tiles, area), scaled(0, p.bunks_per_1000_tiles, area)],
        );
        (32 + places(qw, qh) + places(bw, bh))
            .saturating_add(rooms(qn.saturating_add(qr), qw, qh))
            .saturating_add(rooms(bn.saturating_add(br), bw, bh))
    }

    fn run(p: &CrewParams, ship: &mut Ship, cx: &mut Context<'_>) {
        crew(ship, cx, p);
    }
}

/// How many times the path check's detour a crew room may ask of the walks
/// round it: rooms pack closer than other parts, leaving corridors between
/// them instead of halls (and less of the hull to armor).
const CREW_DETOUR: u32 = 2;

/// Places a crew room chooses among: the next ones still free in its list.
const CREW_CHOICES: usize = 12;

/// The order in which rooms of kinds wanted `counts[kind]` times are placed:
/// room `k` of a kind with `n` goes at `(k + 1/2) / n` of the way, so the
/// kinds mix evenly.
fn interleaved(counts: &[u64]) -> Vec<usize> {
    let mut wanted: Vec<(f64, usize)> = Vec::new();
    for (kind, &n) in counts.iter().enumerate() {
        wanted.extend((0..n).map(|k| ((k as f64 + 0.5) / n as f64, kind)));
    }
    wanted.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    wanted.into_iter().map(|(_, kind)| kind).collect()
}

/// Crew quarters and bunks: first the fixed counts (`quarters`, `bunks`),
/// which the stage must place (what does not fit is a shortfall), then the
/// rooms the per-1000-tiles rates ask for, as many of them as the free floor
/// holds: the rates plan from the room the hull has, never more. Each phase
/// interleaves the two kinds.
///
/// The places of each size are listed once, in random order; each room
/// looks at the next [`CREW_CHOICES`] still free and takes, of those that
/// keep every path, the one whose sides touch the most rooms and kept floor
/// (edges lined up with their neighbours, rooms packed along the corridors
/// that must stay); when none of them does, the next few, until the list
/// runs out (then no room of that kind fits any more). Each room's door
/// opens where it costs the least new corridor (`place_room_joined`).
/// Rooms spread over the whole hull, with the corridors the path check
/// leaves between them, so no part of a large ship is left to armor. A
/// place passed over is not tried again, so the stage costs a pass per size
/// plus at most one path check per place, and a pass per room for its door.
pub(super) fn crew(ship: &mut Ship, cx: &mut Context<'_>, p: &CrewParams) {
    // Many rooms, each keeping only local detours, could add up to long
    // walks between machines and their supplies: keep those walks clear.
    protect_supply_walks(ship, cx.walks, &Role::SUPPLIED);
    let hull = ship.hull_tiles();
    let kinds = [(Role::CrewQuarters, p.quarters_size), (Role::Bunks, p.bunks_size)];
    let required = [u64::from(p.quarters), u64::from(p.bunks)];
    let by_rate = [scaled(0, p.quarters_per_1000_tiles, hull), scaled(0, p.bunks_per_1000_tiles, hull)];
    let mut lists: Vec<Vec<Footprint>> = Vec::new();
    for &(_, [w, h]) in &kinds {
        let mut spots = candidates(ship, w, h);
        if w != h {
            spots.extend(candidates(ship, h, w));
        }
        cx.rng.shuffle(&mut spots);
        lists.push(spots);
    }
    // Places passed over for good (taken, or failing the path check).
    let mut gone: Vec<Vec<bool>> = lists.iter().map(|l| vec![false; l.len()]).collect();
    let mut next = vec![0; kinds.len()];
    let mut placed = [0u64; 2];
    // What a room packs against: another room, or floor kept walkable (a
    // landing, an operator's tile, a kept walk), which its door may open on.
    let packs = |ship: &Ship, n: usize| match ship.tiles[n] {
        Tile::Part(q) => !ship.parts[q as usize].role.is_machine(),
        Tile::Floor => ship.reserved[n],
        _ => false,
    };
    for kind in interleaved(&required).into_iter().chain(interleaved(&by_rate)) {
        let spots = &lists[kind];
        // The next few places still free, those whose sides touch the most
        // rooms and kept floor first: edges line up where they can.
        let mut k = next[kind];
        'room: loop {
            let mut near: Vec<(usize, usize)> = Vec::new();
            while k < spots.len() && near.len() < CREW_CHOICES {
                if !gone[kind][k] {
                    if ship.is_free_floor(spots[k]) && ship.has_ring(spots[k]) {
                        let touch = ship
                            .footprint(spots[k])
                            .map(|t| ship.neighbors(t).filter(|&n| packs(ship, n)).count())
                            .sum();
                        near.push((touch, k));
                    } else {
                        gone[kind][k] = true;
                    }
                }
                k += 1;
            }
            if near.is_empty() {
                break;
            }
            near.sort_by_key(|&(touch, k)| (std::cmp::Reverse(touch), k));
            for (_, k) in near {
                gone[kind][k] = true;
                if ship.keeps_paths(spots[k], widened(cx.max_detour, CREW_DETOUR)) {
                    place_room_joined(ship, kinds[kind].0, spots[k], cx.rng);
                    placed[kind] += 1;
                    break 'room;
                }
            }
        }
        while next[kind] < spots.len() && gone[kind][next[kind]] {
            next[kind] += 1;
        }
    }
    for ((&(role, _), &n), &made) in kinds.iter().zip(&required).zip(&placed) {
        if made < n {
            cx.shortfalls.push(format!("{}: placed {made} of {n}", role.name()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::starship::stages::testing::{WALKS, built, connected, longest_walk, run_stage, stage};

    #[test]
    fn interleaving_spreads_each_kind_evenly() {
        assert_eq!(interleaved(&[2, 1]), [0, 1, 0]);
        assert_eq!(interleaved(&[1, 3]), [1, 0, 1, 1]);
        assert_eq!(interleaved(&[0, 2]), [1, 1]);
        assert!(interleaved(&[0, 0]).is_empty());
    }

    #[test]
    fn crew_rooms_have_doors_and_keep_every_walk() {
        for i in 0..6 {
            let mut ship = built(40, &format!("crew {i}"), "crew");
            let parts = ship.parts.len();
            let (_, shortfalls) = run_stage(&mut ship, &stage("crew"), "crew");
            let rooms: Vec<_> = ship.parts[parts..].iter().collect();
            assert!(!rooms.is_empty(), "seed {i}: no crew room");
            assert!(shortfalls.is_empty(), "seed {i}: {shortfalls:?}");
            for room in rooms {
                assert!(matches!(room.role, Role::CrewQuarters | Role::Bunks));
                let r = room.footprint();
                assert!(ship.footprint(r).any(|t| ship.has_any_door(t)), "seed {i}: {} has no door", room.id);
            }
            assert!(connected(&ship), "seed {i}");
            assert!(longest_walk(&ship, Role::Weapon) <= WALKS.ammo, "seed {i}");
            assert!(longest_walk(&ship, Role::Thruster) <= WALKS.power, "seed {i}");
        }
    }

    #[test]
    fn required_rooms_that_do_not_fit_are_a_shortfall() {
        let mut ship = built(24, "crowded", "crew");
        let p = CrewParams {
            quarters: 32,
            quarters_size: [8, 8],
            ..CrewParams::default()
        };
        let (_, shortfalls) = run_stage(&mut ship, &crate::starship::Stage::Crew(p), "crowded");
        assert!(shortfalls.iter().any(|s| s.starts_with("crew_quarters: placed")), "{shortfalls:?}");
    }
}
