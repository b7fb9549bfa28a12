//! What the stages that place parts share: the free places of a size, the
//! first of them that keeps every path, and a room placed with its door.

use crate::seed::Rng;
use crate::starship::part::Footprint;
use crate::starship::part::Role;
use crate::starship::ship::Ship;

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
}
