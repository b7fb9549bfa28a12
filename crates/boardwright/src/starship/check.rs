//! The guarantees every finished ship is held to: one connected crew
//! network, one cockpit and one reactor, every machine operable and every
//! room entered by a door, facing parts clear to the border, every
//! consumer within its walk of a supplier.

use super::part::Role;
use super::ship::Ship;
use super::stages::{Profile, Walks};

/// Checks every guarantee; returns the longest weapon-to-ammo and
/// thruster-to-power walks.
pub(super) fn check(ship: &Ship, walks: Walks) -> Result<(u32, u32), String> {
    let walkable: Vec<usize> = (0..ship.tiles.len()).filter(|&t| ship.walkable(t)).collect();
    let Some(&first) = walkable.first() else {
        return Err("the ship has no walkable tile".into());
    };
    let from_first = ship.distances(&[first]);
    if walkable.iter().any(|&t| from_first[t] == u32::MAX) {
        return Err("the crew network is split".into());
    }
    for role in [Role::Cockpit, Role::Reactor] {
        let n = ship.parts.iter().filter(|p| p.role == role).count();
        if n != 1 {
            return Err(format!("{n} {}s", role.name()));
        }
    }
    let profile = Profile::of(ship);
    for p in &ship.parts {
        let r = p.footprint();
        if p.role.is_machine() {
            if ship.ring(r).is_empty() {
                return Err(format!("{} {} cannot be operated", p.kind, p.id));
            }
        } else if !ship.footprint(r).any(|t| ship.has_any_door(t)) {
            return Err(format!("{} {} has no door", p.kind, p.id));
        }
        if let Some(f) = p.facing
            && !profile.clear_line(r, f)
        {
            return Err(format!("{} {} faces the hull", p.kind, p.id));
        }
    }
    // The longest walk from a part of role `consumer` to its nearest supplier.
    let walk = |consumer: Role| -> Result<u32, String> {
        let suppliers = consumer.suppliers();
        let sources = ship.tiles_of(suppliers);
        let first = suppliers.first().map_or("supplier", |s| s.name());
        let has_consumer = ship.parts.iter().any(|p| p.role == consumer);
        if has_consumer && !ship.parts.iter().any(|p| Some(&p.role) == suppliers.first()) {
            return Err(format!("{}s but no {first}", consumer.name()));
        }
        let dist = ship.distances(&sources);
        let mut longest = 0;
        for p in ship.parts.iter().filter(|p| p.role == consumer) {
            let best = ship.ring(p.footprint()).iter().map(|&t| dist[t]).min().unwrap_or(u32::MAX);
            if best > walks.limit(consumer) {
                return Err(format!("{} {} is {} steps from {first}", p.kind, p.id, best));
            }
            longest = longest.max(best);
        }
        Ok(longest)
    };
    Ok((walk(Role::Weapon)?, walk(Role::Thruster)?))
}
