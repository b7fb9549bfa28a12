//! What a ship is made of: its parts, each with its [`Role`] (what it is
//! for), its [`Rect`] of tiles and, for machines, its [`Facing`].

use serde::{Deserialize, Serialize};

/// A direction on the grid; the ship's nose points up (−y).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Facing {
    /// Forward (−y).
    Up,
    /// Backward (+y).
    Down,
    /// −x.
    Left,
    /// +x.
    Right,
}

impl Facing {
    /// All four, in weight-table order.
    pub const ALL: [Facing; 4] = [Facing::Up, Facing::Down, Facing::Left, Facing::Right];

    /// The unit step.
    pub fn step(self) -> (i32, i32) {
        match self {
            Facing::Up => (0, -1),
            Facing::Down => (0, 1),
            Facing::Left => (-1, 0),
            Facing::Right => (1, 0),
        }
    }
}

/// What a part is for. The guarantees and the stages follow the role, never
/// the part's name (a user may call a weapon `laser`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The cockpit: one per ship.
    Cockpit,
    /// The reactor: one per ship; it powers thrusters near it.
    Reactor,
    /// A thruster: a machine that needs power within a walk.
    Thruster,
    /// A weapon: a machine that needs ammo within a walk.
    Weapon,
    /// An ammo supply: serves weapons.
    AmmoSupply,
    /// Power storage: powers thrusters.
    PowerStorage,
    /// Crew quarters.
    CrewQuarters,
    /// Bunks.
    Bunks,
    /// Any other room.
    Room,
}

impl Role {
    /// The roles that need a supplier within a walk, in the order the
    /// stages and the check serve them.
    pub const SUPPLIED: [Role; 2] = [Role::Weapon, Role::Thruster];

    /// Every role, in the order of the JSON Schema.
    pub const ALL: [Role; 9] = [
        Role::Cockpit,
        Role::Reactor,
        Role::Thruster,
        Role::Weapon,
        Role::AmmoSupply,
        Role::PowerStorage,
        Role::CrewQuarters,
        Role::Bunks,
        Role::Room,
    ];

    /// The role's name, as in the JSON (`ammo_supply`, …).
    pub fn name(self) -> &'static str {
        match self {
            Role::Cockpit => "cockpit",
            Role::Reactor => "reactor",
            Role::Thruster => "thruster",
            Role::Weapon => "weapon",
            Role::AmmoSupply => "ammo_supply",
            Role::PowerStorage => "power_storage",
            Role::CrewQuarters => "crew_quarters",
            Role::Bunks => "bunks",
            Role::Room => "room",
        }
    }

    /// Whether the part is a machine: solid, operated from a walkable tile
    /// beside it. Every other part is a room, walked in and entered through
    /// doors.
    pub fn is_machine(self) -> bool {
        matches!(self, Role::Thruster | Role::Weapon)
    }

    /// The parts that serve this one within a walk: ammo for a weapon, power
    /// storage or the reactor for a thruster (the first is the one a ship
    /// must have); none for the rest.
    pub fn suppliers(self) -> &'static [Role] {
        match self {
            Role::Weapon => &[Role::AmmoSupply],
            Role::Thruster => &[Role::PowerStorage, Role::Reactor],
            _ => &[],
        }
    }
}

/// A placed part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Part {
    /// Index in `parts`.
    pub id: u32,
    /// Part kind: the room's role name or the machine variant's own name
    /// (`"cockpit"`, `"thruster_large"`, `"laser"`, …). The legend maps the
    /// part's symbol to this name.
    pub kind: String,
    /// What the part is for. The role, not the `kind`, decides how a part
    /// behaves.
    pub role: Role,
    /// The tiles it covers (written as `x`, `y`, `w`, `h` among the part's
    /// own fields).
    #[serde(flatten)]
    pub rect: Rect,
    /// The way a machine (a thruster or a weapon) faces; `null` for rooms.
    pub facing: Option<Facing>,
}

impl Part {
    /// The part's tiles as the stages handle them.
    pub(crate) fn footprint(&self) -> Footprint {
        let Rect { x, y, w, h } = self.rect;
        (x, y, w, h)
    }
}

/// A rectangle as the stages handle it: `(x, y, w, h)`.
pub(crate) type Footprint = (u32, u32, u32, u32);

/// A rectangle of tiles: `w` columns from column `x`, `h` rows from row `y`
/// (row 0 at the nose end, the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Rect {
    /// Left column.
    pub x: u32,
    /// Top row.
    pub y: u32,
    /// Width in tiles, as placed: a machine's width and height are turned
    /// with its facing.
    pub w: u32,
    /// Height in tiles, as placed (turned with a machine's facing).
    pub h: u32,
}

impl Rect {
    /// Whether tile `(x, y)` is inside.
    pub fn contains(self, x: u32, y: u32) -> bool {
        (self.x..self.x.saturating_add(self.w)).contains(&x) && (self.y..self.y.saturating_add(self.h)).contains(&y)
    }
}

/// The character and meaning of each tile that is not a part.
const TILE_SYMBOLS: [(char, &str); 3] = [(' ', "space"), ('.', "floor"), ('#', "armor")];

/// The character of each room the stages place (a room's kind is its role's name).
const ROOM_SYMBOLS: [(Role, char); 6] = [
    (Role::Cockpit, 'C'),
    (Role::Reactor, 'R'),
    (Role::AmmoSupply, 'A'),
    (Role::PowerStorage, 'P'),
    (Role::CrewQuarters, 'Q'),
    (Role::Bunks, 'B'),
];

/// The legend's symbols that are not variants': tiles, then rooms.
pub(crate) fn fixed_symbols() -> impl Iterator<Item = (char, &'static str)> {
    TILE_SYMBOLS
        .into_iter()
        .chain(ROOM_SYMBOLS.into_iter().map(|(role, c)| (c, role.name())))
}
