//! The ship under construction: tiles, parts, doors, and the walks over them.
//!
//! Crew walk in four directions over floor tiles and inside rooms; they cross
//! between a room and anything else only through a door. Machines, armor and
//! space are not walkable.
//!
//! The path contiguity check is a bounded local search: before a footprint is
//! filled, the walkable tiles around it must still reach each other, without
//! crossing it, in at most `max_detour` steps more than the straight walk. A
//! search never looks farther than the footprint's size plus `max_detour`
//! steps from its start, so its cost does not grow with the grid.

use std::collections::VecDeque;

use super::part::{Facing, Footprint, Part, Rect, Role};

/// What fills a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    /// Outside the ship.
    Space,
    /// A corridor tile.
    Floor,
    /// Solid armor.
    Armor,
    /// Part number `n` (index into `parts`).
    Part(u32),
}

/// The ship.
#[derive(Clone, Debug)]
pub struct Ship {
    /// Grid width.
    pub width: u32,
    /// Grid height.
    pub height: u32,
    /// Tiles, row by row.
    pub tiles: Vec<Tile>,
    /// Parts, in placement order.
    pub parts: Vec<Part>,
    /// Doors, each an edge between two 4-adjacent tiles (`[a, b]`, `a < b` as
    /// indices), in the order they were added.
    pub doors: Vec<[usize; 2]>,
    /// The same doors per tile: bit `k` set when the tile has a door towards
    /// `Facing::ALL[k]`, so a step asks in constant time.
    door_sides: Vec<u8>,
    /// Tiles that must stay walkable: door landings and machine operator tiles.
    pub reserved: Vec<bool>,
    /// Search scratch: `mark[t] == stamp` means the last walk reached `t`,
    /// in `depth[t]` steps; `queue` is its visiting order.
    mark: Vec<u32>,
    depth: Vec<u32>,
    queue: Vec<usize>,
    stamp: u32,
}

impl Ship {
    /// An empty grid.
    pub fn new(width: u32, height: u32) -> Ship {
        let n = (width * height) as usize;
        Ship {
            width,
            height,
            tiles: vec![Tile::Space; n],
            parts: Vec::new(),
            doors: Vec::new(),
            door_sides: vec![0; n],
            reserved: vec![false; n],
            mark: vec![0; n],
            depth: vec![0; n],
            queue: Vec::new(),
            stamp: 0,
        }
    }

    /// Index of `(x, y)`.
    pub fn at(&self, x: u32, y: u32) -> usize {
        (y * self.width + x) as usize
    }

    /// Coordinates of index `i`.
    pub fn xy(&self, i: usize) -> (u32, u32) {
        (i as u32 % self.width, i as u32 / self.width)
    }

    /// The tile `(x + dx, y + dy)`, if on the grid.
    pub fn offset(&self, i: usize, (dx, dy): (i32, i32)) -> Option<usize> {
        let (x, y) = self.xy(i);
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        (nx >= 0 && ny >= 0 && nx < self.width as i32 && ny < self.height as i32).then(|| self.at(nx as u32, ny as u32))
    }

    /// The 4-neighbours of `i` on the grid.
    pub fn neighbors(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        Facing::ALL.into_iter().filter_map(move |f| self.offset(i, f.step()))
    }

    /// Whether crew can stand on `i`.
    pub fn walkable(&self, i: usize) -> bool {
        match self.tiles[i] {
            Tile::Floor => true,
            Tile::Part(p) => !self.parts[p as usize].role.is_machine(),
            _ => false,
        }
    }

    fn room_of(&self, i: usize) -> Option<u32> {
        match self.tiles[i] {
            Tile::Part(p) if !self.parts[p as usize].role.is_machine() => Some(p),
            _ => None,
        }
    }

    /// The side of `a` that `b` lies on, if they are 4-neighbours.
    fn side(&self, a: usize, b: usize) -> Option<usize> {
        Facing::ALL.iter().position(|f| self.offset(a, f.step()) == Some(b))
    }

    /// Whether there is a door between `a` and `b`.
    pub fn has_door(&self, a: usize, b: usize) -> bool {
        self.side(a, b).is_some_and(|k| self.door_sides[a] & (1 << k) != 0)
    }

    /// Whether tile `t` has a door on any side.
    pub fn has_any_door(&self, t: usize) -> bool {
        self.door_sides[t] != 0
    }

    /// Whether crew can step from `a` to its neighbour `b`.
    pub fn can_step(&self, a: usize, b: usize) -> bool {
        if !self.walkable(a) || !self.walkable(b) {
            return false;
        }
        match (self.room_of(a), self.room_of(b)) {
            (None, None) => true,
            (Some(x), Some(y)) if x == y => true,
            _ => self.has_door(a, b),
        }
    }

    /// Tiles of a footprint.
    pub fn footprint(&self, (x, y, w, h): Footprint) -> impl Iterator<Item = usize> + '_ {
        (y..y + h).flat_map(move |ty| (x..x + w).map(move |tx| self.at(tx, ty)))
    }

    /// Whether every tile of the footprint is floor and not reserved.
    pub fn is_free_floor(&self, r: Footprint) -> bool {
        r.0 + r.2 <= self.width && r.1 + r.3 <= self.height && self.footprint(r).all(|t| self.tiles[t] == Tile::Floor && !self.reserved[t])
    }

    /// Whether a walkable tile is 4-adjacent to the footprint, outside it
    /// ([`Ship::ring`] is not empty).
    pub fn has_ring(&self, (x, y, w, h): Footprint) -> bool {
        let outside = |t: Option<usize>| t.is_some_and(|t| self.walkable(t));
        let (left, right) = (x.checked_sub(1), x + w);
        let (top, bottom) = (y.checked_sub(1), y + h);
        (x..x + w).any(|tx| outside(top.map(|ty| self.at(tx, ty))) || outside((bottom < self.height).then(|| self.at(tx, bottom))))
            || (y..y + h).any(|ty| outside(left.map(|tx| self.at(tx, ty))) || outside((right < self.width).then(|| self.at(right, ty))))
    }

    /// Walkable tiles 4-adjacent to the footprint, outside it.
    pub fn ring(&self, (x, y, w, h): Footprint) -> Vec<usize> {
        let mut out = Vec::new();
        let inside = |tx: i64, ty: i64| tx >= i64::from(x) && tx < i64::from(x + w) && ty >= i64::from(y) && ty < i64::from(y + h);
        for t in self.footprint((x, y, w, h)) {
            for n in self.neighbors(t) {
                let (nx, ny) = self.xy(n);
                if !inside(i64::from(nx), i64::from(ny)) && self.walkable(n) && !out.contains(&n) {
                    out.push(n);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// The path contiguity check: with the footprint blocked, every walkable
    /// tile next to it still reaches every other in at most `max_detour`
    /// steps more than the straight (Manhattan) walk between them. A detour,
    /// not a distance: going round even a 3 × 3 room costs 4 extra steps.
    pub fn keeps_paths(&mut self, r: Footprint, max_detour: u32) -> bool {
        let ring = self.ring(r);
        self.keeps_paths_among(r, ring, max_detour)
    }

    /// Whether floor tile `t` may be filled: with it blocked, the walkable
    /// tiles from which crew can step onto it (the only walks through it)
    /// still reach each other in at most `max_detour` steps more than the
    /// straight walk. A room beside it without a door there never walked
    /// through it, so it is not asked.
    pub fn keeps_walks_through(&mut self, t: usize, max_detour: u32) -> bool {
        let (x, y) = self.xy(t);
        let mut ring: Vec<usize> = self.neighbors(t).filter(|&n| self.can_step(t, n)).collect();
        ring.sort_unstable();
        self.keeps_paths_among((x, y, 1, 1), ring, max_detour)
    }

    /// [`Ship::keeps_paths`] over the given tiles beside the footprint.
    fn keeps_paths_among(&mut self, r: Footprint, mut ring: Vec<usize>, max_detour: u32) -> bool {
        if self.detour_across(r, &ring) > max_detour {
            return false;
        }
        // Every pair is checked whatever the order; the walk round a part is
        // longest between the middles of opposite sides, so those go first
        // and a footprint that fails tends to fail on the first walk.
        let corner_distance = |t: usize| {
            let (x, y) = self.xy(t);
            let along = |v: u32, lo: u32, len: u32| v.saturating_sub(lo).min((lo + len).saturating_sub(v + 1));
            along(x, r.0, r.2).max(along(y, r.1, r.3))
        };
        ring.sort_by_key(|&t| (std::cmp::Reverse(corner_distance(t)), t));
        let blocked = |s: &Ship, t: usize| {
            let (tx, ty) = s.xy(t);
            tx >= r.0 && tx < r.0 + r.2 && ty >= r.1 && ty < r.1 + r.3
        };
        let manhattan = |s: &Ship, a: usize, b: usize| {
            let ((ax, ay), (bx, by)) = (s.xy(a), s.xy(b));
            ax.abs_diff(bx) + ay.abs_diff(by)
        };
        // Reaching is symmetric: search from each tile to the ones after it.
        let mut targets = Vec::with_capacity(ring.len());
        for (k, &from) in ring.iter().enumerate().take(ring.len().saturating_sub(1)) {
            targets.clear();
            targets.extend(ring[k + 1..].iter().map(|&b| (b, manhattan(self, from, b) + max_detour)));
            if !self.bounded_walk(from, &blocked, &targets) {
                return false;
            }
        }
        true
    }

    /// A lower bound, from geometry alone, on the detour between two `ring`
    /// tiles on opposite sides of the footprint: a walk from above it to
    /// below it (or from left to right) must go round one of its ends and
    /// come back, at least twice the way from the nearer of the two tiles to
    /// that end.
    fn detour_across(&self, (x, y, w, h): Footprint, ring: &[usize]) -> u32 {
        let (mut above, mut below, mut left, mut right) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for &t in ring {
            let (tx, ty) = self.xy(t);
            if ty + 1 == y {
                above.push(tx);
            } else if ty == y + h {
                below.push(tx);
            } else if tx + 1 == x {
                left.push(ty);
            } else if tx == x + w {
                right.push(ty);
            }
        }
        // Tiles at `a` and `b` along a side spanning `start..start + len`.
        let across = |near: &[u32], far: &[u32], start: u32, len: u32| {
            let mut most = 0;
            for &a in near {
                for &b in far {
                    let round_start = a.min(b) + 1 - start;
                    let round_end = start + len - a.max(b);
                    most = most.max(2 * round_start.min(round_end));
                }
            }
            most
        };
        across(&above, &below, x, w).max(across(&left, &right, y, h))
    }

    /// Walks from `from`, never entering `blocked` tiles, until every
    /// `(tile, steps)` of `targets` is reached within its steps (true), or
    /// one cannot be (false). The walk goes in order of steps, so it stops
    /// as soon as the answer is known, and never goes farther than the
    /// largest `steps`.
    fn bounded_walk(&mut self, from: usize, blocked: &dyn Fn(&Ship, usize) -> bool, targets: &[(usize, u32)]) -> bool {
        self.stamp += 1;
        let stamp = self.stamp;
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        queue.push(from);
        self.mark[from] = stamp;
        self.depth[from] = 0;
        let limit = targets.iter().map(|&(_, steps)| steps).max().unwrap_or(0);
        // Once the first tile `depth` steps away leaves the queue, every tile
        // at most `depth` steps away is marked: an unmarked target is farther.
        let known = |s: &Ship, depth: u32| {
            let mut all_marked = true;
            for &(b, steps) in targets {
                if s.mark[b] != stamp {
                    if steps <= depth {
                        return true;
                    }
                    all_marked = false;
                }
            }
            all_marked
        };
        let mut k = 0;
        let mut level = 0;
        while k < queue.len() {
            let t = queue[k];
            k += 1;
            let d = self.depth[t];
            if d > level {
                level = d;
                if known(self, d) {
                    break;
                }
            }
            if d == limit {
                continue;
            }
            for f in Facing::ALL {
                let Some(n) = self.offset(t, f.step()) else { continue };
                if self.mark[n] != stamp && !blocked(self, n) && self.can_step(t, n) {
                    self.mark[n] = stamp;
                    self.depth[n] = d + 1;
                    queue.push(n);
                }
            }
        }
        self.queue = queue;
        targets.iter().all(|&(b, steps)| self.walked(b).is_some_and(|d| d <= steps))
    }

    /// Steps the last walk took to reach `t`, if it did.
    fn walked(&self, t: usize) -> Option<u32> {
        (self.mark[t] == self.stamp).then_some(self.depth[t])
    }

    /// Whether crew at `from` can walk to `to` within `limit` steps.
    pub fn reaches_within(&mut self, from: usize, to: usize, limit: u32) -> bool {
        self.bounded_walk(from, &|_, _| false, &[(to, limit)])
    }

    /// The tiles crew reach from the walkable tiles of `from` in at most
    /// `steps` steps, `from` included: [`Ship::distances`] at most `steps`,
    /// at a cost that grows with the tiles reached, not with the grid.
    pub fn within(&mut self, from: &[usize], steps: u32) -> Vec<usize> {
        self.stamp += 1;
        let stamp = self.stamp;
        let mut queue = Vec::new();
        for &f in from {
            if self.walkable(f) && self.mark[f] != stamp {
                self.mark[f] = stamp;
                self.depth[f] = 0;
                queue.push(f);
            }
        }
        let mut k = 0;
        while k < queue.len() {
            let t = queue[k];
            k += 1;
            let d = self.depth[t];
            if d == steps {
                continue;
            }
            for f in Facing::ALL {
                let Some(n) = self.offset(t, f.step()) else { continue };
                if self.mark[n] != stamp && self.can_step(t, n) {
                    self.mark[n] = stamp;
                    self.depth[n] = d + 1;
                    queue.push(n);
                }
            }
        }
        queue
    }

    /// Walking distance from any of `from` to every tile (u32::MAX: unreachable).
    pub fn distances(&self, from: &[usize]) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.tiles.len()];
        let mut queue = VecDeque::new();
        for &f in from {
            if self.walkable(f) && dist[f] == u32::MAX {
                dist[f] = 0;
                queue.push_back(f);
            }
        }
        while let Some(t) = queue.pop_front() {
            for n in self.neighbors(t) {
                if dist[n] == u32::MAX && self.can_step(t, n) {
                    dist[n] = dist[t] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Tiles of the parts whose role is one of `roles`.
    pub fn tiles_of(&self, roles: &[Role]) -> Vec<usize> {
        self.parts
            .iter()
            .filter(|p| roles.contains(&p.role))
            .flat_map(|p| self.footprint(p.footprint()))
            .collect()
    }

    /// Places a part over floor tiles and returns its id.
    pub fn place(&mut self, kind: &str, role: Role, r: Footprint, facing: Option<Facing>) -> u32 {
        let id = self.parts.len() as u32;
        let tiles: Vec<usize> = self.footprint(r).collect();
        for t in tiles {
            self.tiles[t] = Tile::Part(id);
        }
        self.parts.push(Part {
            id,
            kind: kind.to_string(),
            role,
            rect: Rect {
                x: r.0,
                y: r.1,
                w: r.2,
                h: r.3,
            },
            facing,
        });
        id
    }

    /// Adds a door between a room tile and a walkable neighbour, reserving the landing.
    pub fn add_door(&mut self, inside: usize, landing: usize) {
        let (Some(out), Some(back)) = (self.side(inside, landing), self.side(landing, inside)) else {
            return;
        };
        if !self.has_door(inside, landing) {
            self.doors.push([inside.min(landing), inside.max(landing)]);
            self.door_sides[inside] |= 1 << out;
            self.door_sides[landing] |= 1 << back;
        }
        if self.room_of(landing).is_none() {
            self.reserved[landing] = true;
        }
    }

    /// The (room tile, landing) pairs where a door for part `p` could go.
    pub fn door_spots(&self, p: u32) -> Vec<(usize, usize)> {
        let part = &self.parts[p as usize];
        let mut out = Vec::new();
        for t in self.footprint(part.footprint()) {
            for n in self.neighbors(t) {
                if self.tiles[n] != Tile::Part(p) && self.walkable(n) {
                    out.push((t, n));
                }
            }
        }
        out
    }

    /// Tiles of the ship (not space).
    pub fn hull_tiles(&self) -> u64 {
        self.tiles.iter().filter(|&&t| t != Tile::Space).count() as u64
    }

    /// Bounding box centre of the ship's tiles (not space).
    pub fn center(&self) -> (f64, f64) {
        let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
        for (i, t) in self.tiles.iter().enumerate() {
            if *t != Tile::Space {
                let (x, y) = self.xy(i);
                sx += f64::from(x);
                sy += f64::from(y);
                n += 1.0;
            }
        }
        if n == 0.0 {
            (f64::from(self.width) / 2.0, f64::from(self.height) / 2.0)
        } else {
            (sx / n, sy / n)
        }
    }
}

/// A `w × h` grid of floor inside a one-tile margin of space.
#[cfg(test)]
pub(crate) fn open(w: u32, h: u32) -> Ship {
    let mut ship = Ship::new(w, h);
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let t = ship.at(x, y);
            ship.tiles[t] = Tile::Floor;
        }
    }
    ship
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn going_round_a_three_by_three_block_is_a_detour_of_four() {
        let mut ship = open(12, 12);
        assert!(!ship.keeps_paths((4, 4, 3, 3), 3));
        assert!(ship.keeps_paths((4, 4, 3, 3), 4));
        // A wall across the whole floor splits it, however long the detour.
        assert!(!ship.keeps_paths((5, 1, 1, 10), 40));
    }

    #[test]
    fn a_room_without_a_door_beside_a_tile_never_walked_through_it() {
        let mut ship = open(10, 8);
        ship.place("cockpit", Role::Cockpit, (3, 3, 2, 2), None);
        ship.add_door(ship.at(3, 3), ship.at(2, 3));
        // From the room's tile (4, 3) to (6, 3) round (5, 3) is 8 steps
        // through the door, 6 more than the straight walk; the floor round
        // (5, 3) goes round it in 2 more.
        let t = ship.at(5, 3);
        assert!(!ship.keeps_paths((5, 3, 1, 1), 5));
        assert!(ship.keeps_walks_through(t, 2));
        assert!(!ship.keeps_walks_through(t, 1));
    }

    #[test]
    fn walks_count_steps_and_go_through_doors_only() {
        let mut ship = open(10, 8);
        let (from, to) = (ship.at(1, 1), ship.at(5, 1));
        assert!(!ship.reaches_within(from, to, 3));
        assert!(ship.reaches_within(from, to, 4));
        ship.place("cockpit", Role::Cockpit, (3, 3, 2, 2), None);
        let (inside, landing) = (ship.at(3, 3), ship.at(2, 3));
        assert!(!ship.can_step(landing, inside));
        assert!(!ship.reaches_within(landing, inside, 20));
        ship.add_door(inside, landing);
        ship.add_door(landing, inside);
        assert_eq!(ship.doors.len(), 1);
        assert!(ship.has_door(inside, landing) && ship.has_door(landing, inside));
        assert!(ship.can_step(landing, inside) && ship.reserved[landing]);
        assert!(ship.reaches_within(landing, ship.at(4, 4), 3));
        assert!(!ship.has_door(ship.at(3, 4), ship.at(2, 4)));
        assert!(ship.has_any_door(inside) && !ship.has_any_door(ship.at(4, 4)));
        // The ends of two rows are not neighbours.
        assert!(!ship.has_door(ship.at(9, 2), ship.at(0, 3)));
    }

    #[test]
    fn has_ring_agrees_with_ring() {
        let mut ship = open(9, 8);
        ship.place("thruster", Role::Thruster, (2, 2, 2, 1), Some(Facing::Down));
        ship.place("cockpit", Role::Cockpit, (5, 4, 2, 2), None);
        let t = ship.at(4, 6);
        ship.tiles[t] = Tile::Armor;
        for (w, h) in [(1, 1), (2, 1), (1, 3), (3, 3)] {
            for y in 0..=8 - h {
                for x in 0..=9 - w {
                    let r = (x, y, w, h);
                    assert_eq!(ship.has_ring(r), !ship.ring(r).is_empty(), "{r:?}");
                }
            }
        }
    }
}
