//! Queries on a finished ship: [`Board::grid`] gives a [`Grid`], the tile
//! at each place, where crew can walk, and walking distances, measured
//! the way the guarantees and the metrics measure them (the walks of
//! `ship.rs`, not a copy).

use super::board::Board;
use super::part::Footprint;
use super::part::{Part, Role};
use super::ship::{Ship, Tile};

/// A finished ship's tiles, to query: made from its [`Board`], which it
/// does not borrow.
///
/// **Walking.** Crew step one tile at a time, up, down, left or right
/// (never diagonally), over floor and inside rooms; between a room and
/// anything else (floor, another room) they step only through a door.
/// Machines, armor and space are not walkable. A machine is operated from
/// the walkable tiles beside it (sharing an edge with it, outside it).
///
/// **Walks.** The walk from a part to a role ([`Grid::walk`]) is the fewest
/// steps from where crew stand at the part (beside a machine, inside a
/// room) to any tile of a part of that role. This is the walk the
/// guarantees bound and the metrics report: the largest walk from a weapon
/// to `Role::Weapon.suppliers()` (ammo) over a ship's weapons is its
/// [`Metrics::longest_weapon_to_ammo_walk`](super::Metrics::longest_weapon_to_ammo_walk),
/// and from a thruster to `Role::Thruster.suppliers()` (power storage or
/// the reactor) its `longest_thruster_to_power_walk`.
///
/// ```
/// use boardwright::{Generator, Seed};
/// use boardwright::starship::{self, Role, Starship};
///
/// let board = Starship::generate(&starship::Params::default(), &Seed::new("Tiamo")).unwrap();
/// let grid = board.grid();
/// assert_eq!(grid.size(), (board.width, board.height));
/// assert_eq!(grid.parts(), &board.parts[..]);
/// let weapons = board.parts.iter().filter(|p| p.role == Role::Weapon);
/// let longest = weapons.filter_map(|w| grid.walk(w, Role::Weapon.suppliers())).max().unwrap_or(0);
/// assert_eq!(longest, board.metrics.longest_weapon_to_ammo_walk);
/// ```
#[derive(Clone, Debug)]
pub struct Grid {
    ship: Ship,
}

impl Board {
    /// The ship's tiles as a [`Grid`] to query (built from `tiles`, `parts`
    /// and `doors`; a few passes over the grid).
    pub fn grid(&self) -> Grid {
        let mut ship = Ship::new(self.width, self.height);
        for (y, row) in self.tiles.iter().take(self.height as usize).enumerate() {
            for (x, c) in row.chars().take(self.width as usize).enumerate() {
                let t = ship.at(x as u32, y as u32);
                ship.tiles[t] = match c {
                    ' ' => Tile::Space,
                    '#' => Tile::Armor,
                    _ => Tile::Floor,
                };
            }
        }
        ship.parts = self.parts.clone();
        let mut grid = Grid { ship };
        for (k, part) in self.parts.iter().enumerate() {
            for t in grid.ship.footprint(grid.clipped(part)).collect::<Vec<_>>() {
                grid.ship.tiles[t] = Tile::Part(k as u32);
            }
        }
        for &[[ax, ay], [bx, by]] in &self.doors {
            if let (Some(a), Some(b)) = (grid.index(ax, ay), grid.index(bx, by)) {
                grid.ship.add_door(a, b);
            }
        }
        grid
    }
}

impl Grid {
    /// `part`'s footprint, cut to the grid.
    fn clipped(&self, part: &Part) -> Footprint {
        let (x, y, w, h) = part.footprint();
        (
            x,
            y,
            w.min(self.ship.width.saturating_sub(x)),
            h.min(self.ship.height.saturating_sub(y)),
        )
    }

    /// The index of `(x, y)`, if on the grid.
    fn index(&self, x: u32, y: u32) -> Option<usize> {
        (x < self.ship.width && y < self.ship.height).then(|| self.ship.at(x, y))
    }

    /// The grid's width and height, in tiles.
    pub fn size(&self) -> (u32, u32) {
        (self.ship.width, self.ship.height)
    }

    /// The ship's parts, by id.
    pub fn parts(&self) -> &[Part] {
        &self.ship.parts
    }

    /// The tile at `(x, y)`; none off the grid.
    pub fn tile(&self, x: u32, y: u32) -> Option<Tile> {
        self.index(x, y).map(|t| self.ship.tiles[t])
    }

    /// The part covering `(x, y)`, if any.
    pub fn part_at(&self, x: u32, y: u32) -> Option<&Part> {
        match self.tile(x, y)? {
            Tile::Part(k) => self.ship.parts.get(k as usize),
            _ => None,
        }
    }

    /// Whether crew can stand on `(x, y)`: floor, or inside a room.
    pub fn is_walkable(&self, x: u32, y: u32) -> bool {
        self.index(x, y).is_some_and(|t| self.ship.walkable(t))
    }

    /// The tiles crew at `(x, y)` reach in one step (none if it is not
    /// walkable), in the order up, down, left, right.
    pub fn walkable_neighbors(&self, x: u32, y: u32) -> Vec<(u32, u32)> {
        let Some(t) = self.index(x, y) else {
            return Vec::new();
        };
        self.ship
            .neighbors(t)
            .filter(|&n| self.ship.can_step(t, n))
            .map(|n| self.ship.xy(n))
            .collect()
    }

    /// Steps from `part` (from beside it for a machine, from its own tiles
    /// for a room) to every tile, row by row (`y × width + x`); none where
    /// crew cannot get.
    pub fn distances(&self, part: &Part) -> Vec<Option<u32>> {
        let fp = self.clipped(part);
        let starts: Vec<usize> = if part.role.is_machine() {
            self.ship.ring(fp)
        } else {
            self.ship.footprint(fp).collect()
        };
        self.ship
            .distances(&starts)
            .into_iter()
            .map(|d| (d != u32::MAX).then_some(d))
            .collect()
    }

    /// The walk from `part` to the nearest part of one of `roles` (see
    /// [`Grid`]); none when no such part can be walked to.
    pub fn walk(&self, part: &Part, roles: &[Role]) -> Option<u32> {
        let distances = self.distances(part);
        self.ship
            .parts
            .iter()
            .filter(|p| roles.contains(&p.role))
            .flat_map(|p| self.ship.footprint(self.clipped(p)).filter_map(|t| distances[t]))
            .min()
    }
}
