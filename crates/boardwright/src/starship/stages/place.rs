//! What the stages that place parts share: the free places of a size, the
//! first of them that keeps every path, and a room placed with its door
//! (where a later corridor costs least, for rooms packed close).

use crate::seed::Rng;
use crate::starship::part::Footprint;
use crate::starship::part::Role;
use crate::starship::ship::{Ship, Tile};

/// Every footprint of size `w × h` on free floor with a walkable tile beside
/// it, in row order. The costly path check runs later, only on the
/// candidates a stage prefers, until one passes.
pub(super) fn candidates(ship: &Ship, w: u32, h: u32) -> Vec<Footprint> {
    let mut out = Vec::new();
    for y in 0..(ship.height + 1).saturating_sub(h) {
        for x in 0..(ship.width + 1).saturating_sub(w) {
            let r = (x, y, w, h);
            if ship.is_free_floor(r) && ship.has_ring(r) {
                out.push(r);
            }
        }
    }
    out
}

/// The first footprint, in the given order of preference, that passes the path contiguity check.
pub(super) fn first_keeping(ship: &mut Ship, preferred: impl IntoIterator<Item = Footprint>, max_detour: u32) -> Option<Footprint> {
    preferred.into_iter().find(|&r| ship.keeps_paths(r, max_detour))
}

/// Places a room with one door, on a landing picked at random.
pub(super) fn place_room(ship: &mut Ship, role: Role, r: Footprint, rng: &mut Rng) -> u32 {
    let id = ship.place(role.name(), role, r, None);
    let spots = ship.door_spots(id);
    let (inside, landing) = spots[rng.index(spots.len())];
    ship.add_door(inside, landing);
    id
}

/// Places a room with one door on the landing that costs the least new
/// corridor: a floor tile kept walkable already (a landing, an operator's
/// tile, a kept walk), else a neighbouring room (a door between the two),
/// else the floor tile the fewest steps from a kept one; of equals, one
/// picked at random. A door on a corridor that has to stay anyway leaves
/// filling with armor no branch to keep for this room alone.
pub(super) fn place_room_joined(ship: &mut Ship, role: Role, r: Footprint, rng: &mut Rng) -> u32 {
    let id = ship.place(role.name(), role, r, None);
    let rank = |s: &Ship, l: usize| match (s.tiles[l], s.reserved[l]) {
        (Tile::Floor, true) => 0,
        (Tile::Floor, false) => 2,
        _ => 1,
    };
    let spots = ship.door_spots(id);
    let best = spots.iter().map(|&(_, l)| rank(ship, l)).min().unwrap_or(2);
    let mut joined: Vec<(usize, usize)> = spots.into_iter().filter(|&(_, l)| rank(ship, l) == best).collect();
    if best == 2 {
        let kept: Vec<usize> = (0..ship.tiles.len())
            .filter(|&t| ship.reserved[t] && ship.tiles[t] == Tile::Floor)
            .collect();
        let steps = ship.distances(&kept);
        let nearest = joined.iter().map(|&(_, l)| steps[l]).min().unwrap_or(u32::MAX);
        joined.retain(|&(_, l)| steps[l] == nearest);
    }
    let (inside, landing) = joined[rng.index(joined.len())];
    ship.add_door(inside, landing);
    id
}

/// Places a room with one door, towards `landing`, a walkable tile beside it.
pub(super) fn place_room_at(ship: &mut Ship, role: Role, r: Footprint, landing: usize) -> u32 {
    let id = ship.place(role.name(), role, r, None);
    if let Some((inside, landing)) = ship.door_spots(id).into_iter().find(|&(_, l)| l == landing) {
        ship.add_door(inside, landing);
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Seed;
    use crate::starship::ship::{Tile, open};

    #[test]
    fn candidates_are_free_floor_beside_a_walkable_tile() {
        let mut ship = open(6, 5);
        // The 4 × 3 floor holds 2 × 2 places at x 1..=3, y 1..=2 but a place
        // covering it all has no walkable tile beside it.
        assert_eq!(candidates(&ship, 2, 2).len(), 6);
        assert!(candidates(&ship, 4, 3).is_empty());
        let mut rng = Seed::new("door").stream("place", 0);
        let id = place_room(&mut ship, Role::Cockpit, (1, 1, 2, 2), &mut rng);
        assert_eq!(ship.doors.len(), 1);
        let [a, b] = ship.doors[0];
        assert!(ship.tiles[a] == Tile::Part(id) || ship.tiles[b] == Tile::Part(id));
        let landing = ship.at(3, 3);
        let id = place_room_at(&mut ship, Role::Reactor, (3, 1, 2, 2), landing);
        assert_eq!(ship.doors.len(), 2);
        assert!(ship.doors[1].contains(&landing) && ship.doors[1].contains(&ship.at(3, 2)));
        assert_eq!(ship.tiles[ship.at(4, 2)], Tile::Part(id));
    }

    #[test]
    fn a_joined_door_opens_on_kept_floor_else_a_room_else_nearest_kept_floor() {
        let mut rng = Seed::new("joined").stream("place", 0);
        let mut ship = open(12, 8);
        let kept = ship.at(6, 4);
        ship.reserved[kept] = true;
        // Beside the kept tile: the door opens on it.
        let id = place_room_joined(&mut ship, Role::Bunks, (4, 3, 2, 2), &mut rng);
        assert_eq!(ship.doors.last(), Some(&[ship.at(5, 4), kept]));
        // Beside the first room and not the kept tile: into the room.
        place_room_joined(&mut ship, Role::Bunks, (2, 3, 2, 2), &mut rng);
        let [a, b] = *ship.doors.last().unwrap();
        assert!([a, b].iter().all(|&t| matches!(ship.tiles[t], Tile::Part(_))) && [a, b].iter().any(|&t| ship.tiles[t] == Tile::Part(id)));
        // Beside neither: on the floor fewest steps from the kept tile.
        place_room_joined(&mut ship, Role::Bunks, (9, 4, 2, 2), &mut rng);
        assert_eq!(ship.doors.last(), Some(&[ship.at(8, 4), ship.at(9, 4)]));
    }
}
