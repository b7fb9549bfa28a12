//! Supply rooms (ammo, power storage), placed and added until every
//! consumer is within its walk, and the walks then kept clear.

use super::fields::{Fields, MAX_PART_SIDE, MAX_ROOM_RATE, stage_table};
use super::place::{candidates, place_room, place_room_at};
use super::{Context, StageKind, Walks, scaled, search_work};
use crate::params::ParamError;
use crate::starship::part::Footprint;
use crate::starship::part::Role;
use crate::starship::ship::{Ship, Tile};

/// Supply rooms a stage may add, beyond twice the number it plans, while a
/// consumer is still out of reach.
pub(super) const EXTRA_SUPPLIES: u32 = 8;
/// Most rooms a supply stage is asked for.
pub(crate) const MAX_SUPPLIES: u32 = 16;

stage_table! {
    /// Parameters of a supply stage (ammo, power).
    pub struct SupplyParams {
        /// Fewest rooms (0 to 16).
        min: u32 = 1, int(0, MAX_SUPPLIES);
        /// Most rooms (`min` to 16).
        max: u32 = 2, int(0, MAX_SUPPLIES);
        /// Width (1 to 8).
        w: u32 = 2, int(1, MAX_PART_SIDE);
        /// Height (1 to 8).
        h: u32 = 2, int(1, MAX_PART_SIDE);
        /// Rooms added per 1000 tiles of hull (0 to 100).
        per_1000_tiles: f64 = 3.0, float(0.0, MAX_ROOM_RATE);
    }
}

/// The ammo supplies stage (`Supplies<false>`), near weapons, or the power
/// storage stage (`Supplies<true>`), near thrusters and clear of the ammo
/// supplies' walks.
pub(super) struct Supplies<const POWER: bool>;

impl<const POWER: bool> StageKind for Supplies<POWER> {
    type Params = SupplyParams;

    /// Ammo: 1 to 2 rooms and 3 per 1000 hull tiles; power: one room and 2
    /// per 1000.
    fn default() -> SupplyParams {
        if POWER {
            SupplyParams {
                min: 1,
                max: 1,
                per_1000_tiles: 2.0,
                ..SupplyParams::default()
            }
        } else {
            SupplyParams::default()
        }
    }

    fn check(p: &SupplyParams, f: &Fields<'_>) -> Result<(), ParamError> {
        p.check_fields(f)?;
        f.ordered("min", p.min, "max", p.max)
    }

    /// A search for a room for each room it may place.
    fn work(p: &SupplyParams, area: u64) -> u64 {
        scaled(p.max.max(p.min), p.per_1000_tiles, area)
            .saturating_mul(2)
            .saturating_add(u64::from(EXTRA_SUPPLIES))
            .saturating_mul(search_work(p.w, p.h))
    }

    fn run(p: &SupplyParams, ship: &mut Ship, cx: &mut Context<'_>) {
        if POWER {
            supplies(ship, cx, p, Role::Thruster, &[Role::AmmoSupply]);
        } else {
            supplies(ship, cx, p, Role::Weapon, &[]);
        }
    }
}

/// Rooms of the first of `serves`' suppliers (ammo for weapons, power
/// storage for thrusters), each walk within its limit ([`Walks`]).
///
/// The number planned (drawn from `min..=max`, plus the rate's) goes near
/// the parts of role `serves` and `also` that no supplier reaches within the
/// walk yet; then, while a part of role `serves` is still out of reach, more
/// (at most as many again as planned plus [`EXTRA_SUPPLIES`]): the guarantee
/// comes first. Each room goes where its door brings the most of those
/// parts within the walk, the door on that side; the walks it brings within
/// reach are then kept clear, so later rooms cannot lengthen them.
pub(super) fn supplies(ship: &mut Ship, cx: &mut Context<'_>, p: &SupplyParams, serves: Role, also: &[Role]) {
    let drawn = cx.rng.range_inclusive(i64::from(p.min.min(p.max)), i64::from(p.max.max(p.min))) as u32;
    let want = u32::try_from(scaled(drawn, p.per_1000_tiles, ship.hull_tiles())).unwrap_or(u32::MAX);
    let most = want.saturating_mul(2).saturating_add(EXTRA_SUPPLIES);
    let suppliers = serves.suppliers();
    let Some(&role) = suppliers.first() else { return };
    let walk = cx.walks.limit(serves);
    let mut made = 0;
    loop {
        let extra = made >= want;
        // Consumers not yet within the walk of a supplier (for power, the
        // reactor counts); past the number planned, only those the
        // guarantee is about.
        let providers = ship.tiles_of(suppliers);
        let near_provider = ship.distances(&providers);
        let consumers_left: Vec<Vec<usize>> = ship
            .parts
            .iter()
            .filter(|q| q.role == serves || !extra && also.contains(&q.role))
            .map(|q| ship.ring(q.footprint()))
            .filter(|access| !access.iter().any(|&t| near_provider[t] <= walk))
            .collect();
        if extra && (consumers_left.is_empty() || made >= most) {
            break;
        }
        // `(tile, consumer)` for every tile within a walk of a consumer left,
        // one step short: a door there brings the consumer within it.
        let mut near: Vec<(usize, usize)> = Vec::new();
        for (c, access) in consumers_left.iter().enumerate() {
            near.extend(ship.within(access, walk.saturating_sub(1)).into_iter().map(|t| (t, c)));
        }
        near.sort_unstable();
        let at = |t: usize| {
            let first = near.partition_point(|&(u, _)| u < t);
            near[first..].iter().take_while(move |&&(u, _)| u == t).map(|&(_, c)| c)
        };
        let mut reach = vec![0u32; ship.tiles.len()];
        for &(t, _) in &near {
            reach[t] += 1;
        }
        let spots: Vec<(Footprint, Vec<usize>)> = candidates(ship, p.w, p.h).into_iter().map(|r| (r, ship.ring(r))).collect();
        // Past the number planned, the consumer left with the fewest places
        // that could serve it goes first: the places the others have are
        // many, and a room for them could take its last.
        let target = if extra {
            let mut options = vec![0u32; consumers_left.len()];
            let mut seen = vec![usize::MAX; consumers_left.len()];
            for (k, (_, ring)) in spots.iter().enumerate() {
                for &t in ring {
                    for c in at(t) {
                        if seen[c] != k {
                            seen[c] = k;
                            options[c] += 1;
                        }
                    }
                }
            }
            (0..options.len()).filter(|&c| options[c] > 0).min_by_key(|&c| (options[c], c))
        } else {
            None
        };
        if extra && target.is_none() {
            break;
        }
        // Each place with its best landing (reaching the target, if any,
        // and of those the most consumers left), those reaching the most
        // first.
        let mut ranked: Vec<(u32, Footprint, usize)> = spots
            .into_iter()
            .filter_map(|(r, ring)| {
                let landing = ring
                    .into_iter()
                    .filter(|&t| target.is_none_or(|c| at(t).any(|d| d == c)))
                    .max_by_key(|&t| (reach[t], std::cmp::Reverse(t)))?;
                Some((reach[landing], r, landing))
            })
            .collect();
        // Of places reaching as many, the one nearest the ship's centre: the
        // narrow nose and the tail, where machines crowd, keep their room
        // for the rooms that only they can hold.
        let (mx, my) = ship.center();
        let off = |r: &Footprint| {
            let (dx, dy) = (
                f64::from(r.0) + f64::from(r.2) / 2.0 - mx,
                f64::from(r.1) + f64::from(r.3) / 2.0 - my,
            );
            dx * dx + dy * dy
        };
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(off(&a.1).total_cmp(&off(&b.1))));
        let Some((n, best, landing)) = ranked.into_iter().find(|&(_, r, _)| ship.keeps_paths(r, cx.max_detour)) else {
            break;
        };
        if n > 0 {
            place_room_at(ship, role, best, landing);
        } else {
            place_room(ship, role, best, cx.rng);
        }
        made += 1;
    }
    // Keep the walks within reach from being lengthened by later stages (a
    // room placed in this stage that lengthened one was seen by the loop).
    protect_supply_walks(ship, cx.walks, &[serves]);
    if made < want {
        cx.shortfalls.push(format!("{}: placed {made} of {want}", role.name()));
    }
}

/// Reserves one shortest walk from every weapon to ammo and every thruster to
/// power that is within its limit, so that later rooms, filling with armor
/// or supplies placed later cannot lengthen it: local detours, each small,
/// would otherwise add up to a maze. Of the shortest walks, each takes the
/// one that joins earlier walks soonest. Walks over the limit are left
/// free: a supply placed later may still bring them within it.
pub(super) fn protect_supply_walks(ship: &mut Ship, walks: Walks, consumers: &[Role]) {
    for &consumer in consumers {
        let sources = ship.tiles_of(consumer.suppliers());
        if sources.is_empty() {
            continue;
        }
        let dist = ship.distances(&sources);
        let starts: Vec<usize> = ship
            .parts
            .iter()
            .filter(|q| q.role == consumer)
            .filter_map(|q| {
                ship.ring(q.footprint())
                    .into_iter()
                    .filter(|&t| dist[t] <= walks.limit(consumer))
                    .min_by_key(|&t| (dist[t], t))
            })
            .collect();
        for mut t in starts {
            while dist[t] > 0 {
                if ship.tiles[t] == Tile::Floor {
                    ship.reserved[t] = true;
                }
                // Of the shortest steps, one onto a walk kept already, else a
                // sideways one: walks join into a few corridors instead of
                // running side by side.
                let row = ship.xy(t).1;
                let Some(next) = ship
                    .neighbors(t)
                    .filter(|&n| dist[n] == dist[t] - 1 && ship.can_step(t, n))
                    .min_by_key(|&n| (!ship.reserved[n], ship.xy(n).1 != row, n))
                else {
                    break;
                };
                t = next;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::starship::stages::testing::{WALKS, built, connected, longest_walk, run_stage, stage};

    #[test]
    fn every_weapon_is_within_its_walk_of_ammo() {
        for i in 0..10 {
            let size = [32, 40][i % 2];
            let mut ship = built(size, &format!("ammo {i}"), "ammo_supplies");
            assert!(ship.parts.iter().any(|p| p.role == Role::Weapon), "seed {i}: no weapon");
            run_stage(&mut ship, &stage("ammo_supplies"), "ammo");
            assert!(ship.parts.iter().any(|p| p.role == Role::AmmoSupply), "seed {i}: no ammo");
            let walk = longest_walk(&ship, Role::Weapon);
            assert!(walk <= WALKS.ammo, "seed {i}: a weapon is {walk} steps from ammo");
            assert!(connected(&ship), "seed {i}");
        }
    }

    #[test]
    fn every_thruster_is_within_its_walk_of_power() {
        for i in 0..10 {
            let mut ship = built(40, &format!("power {i}"), "power_storage");
            run_stage(&mut ship, &stage("power_storage"), "power");
            let walk = longest_walk(&ship, Role::Thruster);
            assert!(walk <= WALKS.power, "seed {i}: a thruster is {walk} steps from power");
            assert!(ship.parts.iter().filter(|p| p.role == Role::AmmoSupply).count() >= 1);
        }
    }

    #[test]
    fn protected_walks_are_reserved_floor() {
        let mut ship = built(32, "protect", "crew");
        let reserved = ship.reserved.iter().filter(|&&r| r).count();
        protect_supply_walks(&mut ship, WALKS, &Role::SUPPLIED);
        assert!(ship.reserved.iter().filter(|&&r| r).count() >= reserved);
        for t in (0..ship.tiles.len()).filter(|&t| ship.reserved[t]) {
            assert!(ship.walkable(t), "{:?} is reserved but not walkable", ship.xy(t));
        }
    }
}
