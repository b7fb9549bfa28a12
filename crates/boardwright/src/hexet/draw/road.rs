//! Players' roads: a line from hex centre to hex centre in the player's
//! colour and a dash of their own (player 1 solid), so that players' roads
//! differ without colour too; a bridge is wider.

use scene::{Color, Shape, Style, Tag};

use super::super::{Road, RoadType};
use crate::print::INK;

/// The colours of players' roads, by player number (`#RRGGBB`): dark and
/// strong, so that none is taken for a city type's (light tints).
pub(crate) const PLAYER_COLORS: [&str; 8] = [
    "#B5122E", "#1F3F99", "#C2560C", "#5E2A84", "#00695C", "#6D4C1F", "#B0127A", "#111111",
];
/// Width of a road, in circumradii of the hexes.
pub(super) const ROAD_WIDTH: f64 = 0.12;
/// Width of a bridge, in circumradii of the hexes.
pub(super) const BRIDGE_WIDTH: f64 = 0.22;

/// `road` from the hex centre `from` to the hex centre `to` on a map of
/// `players` players and hexes of circumradius `radius`, tagged `road` with
/// its player and cells. Players' roads sit side by side, so that routes
/// they share stay visible.
pub(super) fn road(road: &Road, from: (f64, f64), to: (f64, f64), players: u32, radius: f64, ink_friendly: bool) -> Shape {
    let width = if road.road_type == RoadType::Bridge {
        BRIDGE_WIDTH
    } else {
        ROAD_WIDTH
    } * radius;
    let offset = (f64::from(road.player) - f64::from(players.saturating_sub(1)) / 2.0) * radius * 0.14;
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (nx, ny) = (-dy / length * offset, dx / length * offset);
    Shape::Line {
        from: (from.0 + nx, from.1 + ny),
        to: (to.0 + nx, to.1 + ny),
        style: style(road.player, width, radius, ink_friendly),
    }
    .tagged(
        Tag::new("road")
            .with("player", road.player)
            .with("from", format!("{},{}", road.from.q, road.from.r))
            .with("to", format!("{},{}", road.to.q, road.to.r)),
    )
}

/// A road's stroke for `player`, `width` wide on hexes of circumradius
/// `radius`: the player's colour (ink when ink-friendly) and dash.
pub(super) fn style(player: u32, width: f64, radius: f64, ink_friendly: bool) -> Style {
    const DASHES: [f64; 7] = [0.08, 0.16, 0.26, 0.38, 0.52, 0.7, 0.9];
    let color = if ink_friendly {
        INK
    } else {
        Color::from_hex(PLAYER_COLORS[player as usize % PLAYER_COLORS.len()]).unwrap_or(Color::BLACK)
    };
    let style = Style::stroke(color, width);
    match player as usize % PLAYER_COLORS.len() {
        0 => style,
        n => style.dashed(radius * DASHES[n - 1]),
    }
}
