//! What each part kind looks like on the page and what the legend calls it:
//! its letter, its colour and its name in a player's words.
//!
//! Colours are far apart in hue and lightness where parts could be
//! confused (crew quarters and bunks, a weapon and armor), and every part
//! also carries its own letter, so that a greyscale or ink-friendly print
//! loses nothing.

use scene::Color;

use crate::starship::{Board, Role};

/// A part kind as the page shows it.
pub(super) struct Kind {
    /// Its letter on the board and in the legend.
    pub letter: String,
    /// Its name in the board's JSON (`thruster_large`).
    pub name: String,
    /// What it is for.
    pub role: Role,
    /// Its fill in colour.
    pub color: Color,
}

/// Fills for the kinds of each role, lightest first: one hue a role, the
/// kinds of a machine role from light (the smallest) to darker (the
/// largest), none as dark as armor in greyscale; hues far apart where parts
/// could be confused (crew quarters and bunks, a weapon and armor).
fn shades(role: Role) -> &'static [Color] {
    const COCKPIT: [Color; 1] = [Color::rgb(0x4d, 0xab, 0xf7)];
    const REACTOR: [Color; 1] = [Color::rgb(0xff, 0xd4, 0x3b)];
    const AMMO: [Color; 1] = [Color::rgb(0xff, 0x92, 0x2b)];
    const POWER: [Color; 1] = [Color::rgb(0x69, 0xdb, 0x7c)];
    const QUARTERS: [Color; 1] = [Color::rgb(0xb1, 0x97, 0xfc)];
    const BUNKS: [Color; 1] = [Color::rgb(0xc0, 0xeb, 0x75)];
    const THRUSTERS: [Color; 3] = [
        Color::rgb(0xff, 0xc9, 0xc9),
        Color::rgb(0xff, 0x87, 0x87),
        Color::rgb(0xff, 0x6b, 0x6b),
    ];
    const WEAPONS: [Color; 3] = [
        Color::rgb(0xfc, 0xc2, 0xd7),
        Color::rgb(0xf7, 0x83, 0xac),
        Color::rgb(0xf0, 0x65, 0x95),
    ];
    const ROOMS: [Color; 1] = [Color::rgb(0xe6, 0xc9, 0x9a)];
    match role {
        Role::Cockpit => &COCKPIT,
        Role::Reactor => &REACTOR,
        Role::AmmoSupply => &AMMO,
        Role::PowerStorage => &POWER,
        Role::CrewQuarters => &QUARTERS,
        Role::Bunks => &BUNKS,
        Role::Thruster => &THRUSTERS,
        Role::Weapon => &WEAPONS,
        Role::Room => &ROOMS,
    }
}

/// Floor's fill.
pub(super) const FLOOR: Color = Color::rgb(0xf1, 0xf3, 0xf5);
/// Armor's fill, under its hatching.
pub(super) const ARMOR: Color = Color::rgb(0x6c, 0x75, 0x7d);

/// Each part kind on the board, in the legend's letter order, with its
/// colour: the kinds of a role take its shades in order of their size,
/// smallest first (by name among equals), round again past the last.
pub(super) fn kinds(ship: &Board) -> Vec<Kind> {
    let mut out: Vec<Kind> = Vec::new();
    for (letter, name) in &ship.legend {
        let Some(part) = ship.parts.iter().find(|p| &p.kind == name) else {
            continue;
        };
        out.push(Kind {
            letter: letter.clone(),
            name: name.clone(),
            role: part.role,
            color: Color::WHITE,
        });
    }
    let area = |name: &str| ship.parts.iter().find(|p| p.kind == name).map_or(0, |p| p.rect.w * p.rect.h);
    for k in 0..out.len() {
        let role = out[k].role;
        let rank = out
            .iter()
            .filter(|o| o.role == role && (area(&o.name), &o.name) < (area(&out[k].name), &out[k].name))
            .count();
        let shades = shades(role);
        out[k].color = shades[rank % shades.len()];
    }
    out
}

/// A part kind's name in a player's words: `thruster_large` is "large
/// thruster", `ammo_supply` "ammo supply", and a kind named otherwise than
/// its role says what it is: "laser (weapon)".
pub(super) fn words(name: &str, role: Role) -> String {
    let role_words = role.name().replace('_', " ");
    if name == role.name() {
        return role_words;
    }
    match name.strip_prefix(role.name()).and_then(|rest| rest.strip_prefix('_')) {
        Some(size) if !size.is_empty() => format!("{} {role_words}", size.replace('_', " ")),
        _ => format!("{} ({role_words})", name.replace('_', " ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_read_as_players_say_them() {
        assert_eq!(words("thruster_large", Role::Thruster), "large thruster");
        assert_eq!(words("weapon_small", Role::Weapon), "small weapon");
        assert_eq!(words("crew_quarters", Role::CrewQuarters), "crew quarters");
        assert_eq!(words("ion_drive", Role::Thruster), "ion drive (thruster)");
    }
}
