//! Cities and the tower as drawn in the unit box: a city is its type's
//! colour and one of eight shapes with a black outline; the tower is a
//! castle tower inside a ring, larger than any city.

use scene::{Color, Shape, Style};

use crate::print::INK;

/// The colours of city types, by type number: light tints, so that no
/// player's colour (dark, see `road.rs`) is taken for a city's.
const CITY_COLORS: [&str; 8] = [
    "#F7A8B8", "#9CC9F5", "#FFF07A", "#CDB4F0", "#9EEBE0", "#FFC58F", "#FFFFFF", "#BDBDBD",
];

/// A city of type `t` in the unit box: its type's colour and one of eight shapes.
pub(super) fn city(t: u32, ink_friendly: bool) -> Shape {
    let fill = if ink_friendly {
        Color::WHITE
    } else {
        Color::from_hex(CITY_COLORS[t as usize % CITY_COLORS.len()]).unwrap_or(Color::BLACK)
    };
    let style = Style::filled_outlined(fill, Color::BLACK, 0.1);
    let polygon = |points: Vec<(f64, f64)>| Shape::Polygon { points, style };
    match t % 8 {
        0 => Shape::Circle {
            center: (0.5, 0.5),
            radius: 0.4,
            style,
        },
        1 => Shape::Rect {
            origin: (0.15, 0.15),
            size: (0.7, 0.7),
            style,
        },
        2 => polygon(vec![(0.5, 0.08), (0.92, 0.85), (0.08, 0.85)]),
        3 => polygon(vec![(0.5, 0.05), (0.95, 0.5), (0.5, 0.95), (0.05, 0.5)]),
        4 => polygon(vec![(0.08, 0.15), (0.92, 0.15), (0.5, 0.92)]),
        5 => polygon(vec![(0.5, 0.06), (0.93, 0.37), (0.77, 0.9), (0.23, 0.9), (0.07, 0.37)]),
        6 => polygon(vec![
            (0.35, 0.08),
            (0.65, 0.08),
            (0.65, 0.35),
            (0.92, 0.35),
            (0.92, 0.65),
            (0.65, 0.65),
            (0.65, 0.92),
            (0.35, 0.92),
            (0.35, 0.65),
            (0.08, 0.65),
            (0.08, 0.35),
            (0.35, 0.35),
        ]),
        _ => polygon(vec![
            (0.5, 0.04),
            (0.62, 0.36),
            (0.96, 0.38),
            (0.7, 0.6),
            (0.79, 0.94),
            (0.5, 0.75),
            (0.21, 0.94),
            (0.3, 0.6),
            (0.04, 0.38),
            (0.38, 0.36),
        ]),
    }
}

/// The tower in the unit box: a castle tower with battlements and a door,
/// dark (white when ink-friendly), inside a white ring.
pub(super) fn tower(ink_friendly: bool) -> Vec<Shape> {
    let (body, door) = if ink_friendly {
        (Color::WHITE, INK)
    } else {
        (Color::rgb(0x33, 0x33, 0x33), Color::WHITE)
    };
    let battlements = vec![
        (0.3, 0.8),
        (0.7, 0.8),
        (0.66, 0.4),
        (0.7, 0.4),
        (0.7, 0.22),
        (0.62, 0.22),
        (0.62, 0.3),
        (0.54, 0.3),
        (0.54, 0.22),
        (0.46, 0.22),
        (0.46, 0.3),
        (0.38, 0.3),
        (0.38, 0.22),
        (0.3, 0.22),
        (0.3, 0.4),
        (0.34, 0.4),
    ];
    vec![
        Shape::Circle {
            center: (0.5, 0.5),
            radius: 0.46,
            style: Style::filled_outlined(Color::WHITE, INK, 0.06),
        },
        Shape::Polygon {
            points: battlements,
            style: Style::filled_outlined(body, INK, 0.04),
        },
        Shape::Rect {
            origin: (0.45, 0.6),
            size: (0.1, 0.2),
            style: Style::fill(door),
        },
    ]
}
