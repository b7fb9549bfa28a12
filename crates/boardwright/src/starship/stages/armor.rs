//! Armor: layers round the cockpit or reactor, the hull beside machines,
//! and every floor tile whose loss blocks no walk through it.

use super::fields::{Fields, NoParams, stage_table};
use super::supplies::protect_supply_walks;
use super::{Context, StageKind, Walks, widened};
use crate::params::ParamError;
use crate::starship::part::{Facing, Role};
use crate::starship::ship::{Ship, Tile};

/// Most armor layers round the cockpit or reactor.
pub(crate) const MAX_LAYERS: u32 = 8;

stage_table! {
    /// Parameters of an armor-around stage.
    pub struct ArmorParams {
        /// Layers of armor (0 to 8).
        layers: u32 = 1, int(0, MAX_LAYERS);
    }
}

/// Armor round the cockpit (`ArmorAround<true>`) or the reactor
/// (`ArmorAround<false>`).
pub(super) struct ArmorAround<const COCKPIT: bool>;

impl<const COCKPIT: bool> StageKind for ArmorAround<COCKPIT> {
    type Params = ArmorParams;

    fn default() -> ArmorParams {
        ArmorParams::default()
    }

    fn check(p: &ArmorParams, f: &Fields<'_>) -> Result<(), ParamError> {
        p.check_fields(f)
    }

    fn work(_p: &ArmorParams, _area: u64) -> u64 {
        8
    }

    fn run(p: &ArmorParams, ship: &mut Ship, cx: &mut Context<'_>) {
        let role = if COCKPIT { Role::Cockpit } else { Role::Reactor };
        armor_around(ship, cx, role, p.layers);
    }
}

/// The armor stages without parameters: on the hull beside machines
/// (`PlainArmor<false>`), or wherever it blocks no walk (`PlainArmor<true>`).
pub(super) struct PlainArmor<const FILL: bool>;

impl<const FILL: bool> StageKind for PlainArmor<FILL> {
    type Params = NoParams;

    fn default() -> NoParams {
        NoParams {}
    }

    fn check(_p: &NoParams, _f: &Fields<'_>) -> Result<(), ParamError> {
        Ok(())
    }

    /// A pass over the grid; filling, five path checks a tile at most, 32
    /// each pass.
    fn work(_p: &NoParams, _area: u64) -> u64 {
        if FILL { 160 } else { 8 }
    }

    fn run(_p: &NoParams, ship: &mut Ship, cx: &mut Context<'_>) {
        if FILL {
            fill_armor(ship, cx.max_detour, cx.walks);
        } else {
            exterior_armor(ship);
        }
    }
}

/// How many times the path check's detour filling with armor allows: the
/// corridors left may wind (at the default, 20 steps round a tile), so
/// that what is left is corridors a tile wide, not open floor.
pub(super) const FILL_DETOUR: u32 = 4;

pub(super) fn armor_around(ship: &mut Ship, cx: &mut Context<'_>, role: Role, layers: u32) {
    let Some(part) = ship.parts.iter().find(|p| p.role == role).cloned() else {
        return;
    };
    for layer in 1..=layers {
        let (x0, y0) = (i64::from(part.rect.x) - i64::from(layer), i64::from(part.rect.y) - i64::from(layer));
        let (x1, y1) = (
            i64::from(part.rect.x + part.rect.w) + i64::from(layer) - 1,
            i64::from(part.rect.y + part.rect.h) + i64::from(layer) - 1,
        );
        for y in y0..=y1 {
            for x in x0..=x1 {
                let on_ring = x == x0 || x == x1 || y == y0 || y == y1;
                if !on_ring || x < 0 || y < 0 || x >= i64::from(ship.width) || y >= i64::from(ship.height) {
                    continue;
                }
                let t = ship.at(x as u32, y as u32);
                let r = (x as u32, y as u32, 1, 1);
                if ship.tiles[t] == Tile::Floor && !ship.reserved[t] && ship.keeps_paths(r, cx.max_detour) {
                    ship.tiles[t] = Tile::Armor;
                }
            }
        }
    }
}

pub(super) fn exterior_armor(ship: &mut Ship) {
    // Keep every facing machine's line to the border clear.
    let mut lines = vec![false; ship.tiles.len()];
    for part in ship.parts.iter().filter(|p| p.facing.is_some()) {
        let (dx, dy) = part.facing.map_or((0, 0), Facing::step);
        for t in ship.footprint(part.footprint()).collect::<Vec<_>>() {
            let mut at = t;
            while let Some(n) = ship.offset(at, (dx, dy)) {
                lines[n] = true;
                at = n;
            }
        }
    }
    let mut add = Vec::new();
    for (t, &in_line) in lines.iter().enumerate() {
        if ship.tiles[t] != Tile::Space || in_line {
            continue;
        }
        let next_to_machine = ship
            .neighbors(t)
            .any(|n| matches!(ship.tiles[n], Tile::Part(p) if ship.parts[p as usize].role.is_machine()));
        if next_to_machine {
            add.push(t);
        }
    }
    for t in add {
        ship.tiles[t] = Tile::Armor;
    }
}

/// Armor on every free floor tile whose loss leaves the tiles that step
/// onto it a walk of at most [`FILL_DETOUR`] times `max_detour` steps more
/// than the straight one (see [`widened`]; [`Ship::keeps_walks_through`]):
/// the same check as any part's, with a longer reach, so that floor is left
/// as corridors, not halls. A room beside the tile with no door there is
/// not asked, as it never walked through it. Every walk from a machine to
/// its supply is kept first. The tiles are tried in order, and a floor tile
/// beside one just filled is tried again (at most once per neighbour), so
/// that no dead end is left that a later tile made: at most five path
/// checks a tile.
pub(super) fn fill_armor(ship: &mut Ship, max_detour: u32, walks: Walks) {
    protect_supply_walks(ship, walks, &Role::SUPPLIED);
    let detour = widened(max_detour, FILL_DETOUR);
    // Every tile once in order, then again each floor tile beside one just
    // filled (a tile is queued again at most once per neighbour filled).
    let mut queue: std::collections::VecDeque<usize> = (0..ship.tiles.len()).collect();
    let mut queued = vec![true; ship.tiles.len()];
    while let Some(t) = queue.pop_front() {
        queued[t] = false;
        if ship.tiles[t] != Tile::Floor || ship.reserved[t] || !ship.keeps_walks_through(t, detour) {
            continue;
        }
        ship.tiles[t] = Tile::Armor;
        for n in ship.neighbors(t).collect::<Vec<_>>() {
            if ship.tiles[n] == Tile::Floor && !ship.reserved[n] && !queued[n] {
                queued[n] = true;
                queue.push_back(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::starship::stages::Profile;
    use crate::starship::stages::testing::{WALKS, built, connected, longest_walk, run_stage, stage};

    #[test]
    fn armor_round_the_cockpit_goes_on_its_ring_of_free_floor() {
        for i in 0..6 {
            let mut ship = built(32, &format!("cockpit armor {i}"), "cockpit_armor");
            let before = ship.clone();
            run_stage(&mut ship, &stage("cockpit_armor"), "armor");
            let cockpit = ship.parts.iter().find(|p| p.role == Role::Cockpit).expect("a cockpit").clone();
            let (x0, y0, x1, y1) = (
                cockpit.rect.x - 1,
                cockpit.rect.y - 1,
                cockpit.rect.x + cockpit.rect.w,
                cockpit.rect.y + cockpit.rect.h,
            );
            let added: Vec<usize> = (0..ship.tiles.len()).filter(|&t| ship.tiles[t] != before.tiles[t]).collect();
            assert!(!added.is_empty(), "seed {i}: no armor");
            for t in added {
                let (x, y) = ship.xy(t);
                assert!((x == x0 || x == x1 || y == y0 || y == y1) && (x0..=x1).contains(&x) && (y0..=y1).contains(&y));
                assert_eq!(
                    (before.tiles[t], before.reserved[t], ship.tiles[t]),
                    (Tile::Floor, false, Tile::Armor)
                );
            }
            assert!(connected(&ship), "seed {i}");
        }
    }

    #[test]
    fn exterior_armor_keeps_every_machine_line_clear() {
        for i in 0..6 {
            let mut ship = built(32, &format!("exterior {i}"), "exterior_armor");
            let armor = ship.tiles.iter().filter(|&&t| t == Tile::Armor).count();
            run_stage(&mut ship, &stage("exterior_armor"), "exterior");
            assert!(
                ship.tiles.iter().filter(|&&t| t == Tile::Armor).count() > armor,
                "seed {i}: no armor added"
            );
            let profile = Profile::of(&ship);
            for p in ship.parts.iter().filter(|p| p.role.is_machine()) {
                let facing = p.facing.expect("a machine faces");
                assert!(profile.clear_line(p.footprint(), facing), "seed {i}: {} {}", p.kind, p.id);
            }
        }
    }

    #[test]
    fn fill_armor_covers_free_floor_only_and_keeps_paths_and_walks() {
        for i in 0..4 {
            let mut ship = built(32, &format!("fill armor {i}"), "fill_armor");
            let (before, reserved) = (ship.clone(), ship.reserved.clone());
            run_stage(&mut ship, &stage("fill_armor"), "fill");
            assert!(connected(&ship), "seed {i}");
            for t in (0..ship.tiles.len()).filter(|&t| reserved[t]) {
                assert_ne!(ship.tiles[t], Tile::Armor, "seed {i}: reserved {:?} armored", ship.xy(t));
            }
            assert!(longest_walk(&ship, Role::Weapon) <= WALKS.ammo, "seed {i}");
            assert!(longest_walk(&ship, Role::Thruster) <= WALKS.power, "seed {i}");
            let armor = |s: &Ship| s.tiles.iter().filter(|&&t| t == Tile::Armor).count();
            assert!(armor(&ship) > armor(&before), "seed {i}: no armor added");
            // No dead end is left but a kept tile: one way in is no walk through.
            for t in (0..ship.tiles.len()).filter(|&t| ship.tiles[t] == Tile::Floor && !ship.reserved[t]) {
                let ways = ship.neighbors(t).filter(|&n| ship.can_step(t, n)).count();
                assert!(ways >= 2, "seed {i}: {:?} is a dead end", ship.xy(t));
            }
            for t in 0..ship.tiles.len() {
                if ship.tiles[t] != before.tiles[t] {
                    assert_eq!((before.tiles[t], ship.tiles[t]), (Tile::Floor, Tile::Armor), "seed {i}");
                }
            }
        }
    }
}
