//! Pictograms of the ten built-in mission kinds, drawn in the unit box
//! `[0,1]²` (y down) like the node types' own, so that a player tells on the
//! printed board which mission they start on, in black and white alone:
//! a suitcase on wheels (Traveler), a sack (Collector), a shield with a leaf
//! (Preserver), the peace sign (Peacemaker), crossed swords (Fighter), a
//! double helix (Biologist), a telescope on its stand (Explorer), a crown
//! (Conqueror), a spade (Digger), a lightning bolt (Destroyer). A kind
//! without a pictogram shows its first letter.

use std::f64::consts::PI;

use scene::{Shape, Style};

use super::{Paint, arc, letter};
use crate::geom::sin_cos;

/// The mission kinds with a pictogram of their own.
#[cfg(test)]
pub(super) const BUILT_IN: [&str; 10] = [
    "Traveler",
    "Collector",
    "Preserver",
    "Peacemaker",
    "Fighter",
    "Biologist",
    "Explorer",
    "Conqueror",
    "Digger",
    "Destroyer",
];

/// The pictogram of mission kind `kind` in the unit box.
pub(crate) fn mission(kind: &str, paint: Paint) -> Vec<Shape> {
    let body = paint.body();
    let poly = |points: Vec<(f64, f64)>| Shape::Polygon { points, style: body };
    let line = |from: (f64, f64), to: (f64, f64), width: f64| Shape::Line {
        from,
        to,
        style: paint.line(width),
    };
    let cut = |from: (f64, f64), to: (f64, f64), width: f64| Shape::Line {
        from,
        to,
        style: Style::stroke(paint.paper, width),
    };
    match kind {
        "Traveler" => vec![
            Shape::Rect {
                origin: (0.34, 0.1),
                size: (0.32, 0.2),
                style: paint.line(0.08),
            },
            Shape::Rect {
                origin: (0.08, 0.3),
                size: (0.84, 0.54),
                style: body,
            },
            cut((0.32, 0.34), (0.32, 0.8), 0.06),
            cut((0.68, 0.34), (0.68, 0.8), 0.06),
            Shape::Circle {
                center: (0.24, 0.91),
                radius: 0.06,
                style: body,
            },
            Shape::Circle {
                center: (0.76, 0.91),
                radius: 0.06,
                style: body,
            },
        ],
        "Collector" => {
            let mut sack = arc((0.5, 0.62), 0.38, 0.32, -PI / 3.0, PI * 5.0 / 3.0, 16);
            sack.extend([(0.4, 0.3), (0.26, 0.06), (0.74, 0.06), (0.6, 0.3)]);
            let mut coin = arc((0.5, 0.64), 0.13, 0.13, 0.0, 2.0 * PI, 13);
            coin.pop();
            vec![
                poly(sack),
                cut((0.36, 0.31), (0.64, 0.31), 0.06),
                Shape::Polygon {
                    points: coin,
                    style: Style::stroke(paint.paper, 0.06),
                },
            ]
        }
        "Preserver" => vec![
            poly(vec![(0.5, 0.04), (0.9, 0.18), (0.86, 0.54), (0.5, 0.96), (0.14, 0.54), (0.1, 0.18)]),
            Shape::Polygon {
                points: vec![(0.5, 0.24), (0.66, 0.46), (0.5, 0.76), (0.34, 0.46)],
                style: Style::fill(paint.paper),
            },
        ],
        "Peacemaker" => {
            let (s, c) = sin_cos(PI / 4.0);
            let foot = |side: f64| (0.5 + side * 0.4 * c, 0.5 + 0.4 * s);
            vec![
                Shape::Circle {
                    center: (0.5, 0.5),
                    radius: 0.4,
                    style: paint.line(0.1),
                },
                line((0.5, 0.1), (0.5, 0.9), 0.09),
                line((0.5, 0.5), foot(-1.0), 0.09),
                line((0.5, 0.5), foot(1.0), 0.09),
            ]
        }
        "Fighter" => vec![
            line((0.1, 0.1), (0.78, 0.78), 0.09),
            line((0.9, 0.1), (0.22, 0.78), 0.09),
            line((0.62, 0.84), (0.84, 0.62), 0.08),
            line((0.38, 0.84), (0.16, 0.62), 0.08),
            line((0.76, 0.76), (0.92, 0.92), 0.11),
            line((0.24, 0.76), (0.08, 0.92), 0.11),
        ],
        "Biologist" => {
            // One turn of two strands, with rungs between them.
            let at = |k: usize, side: f64| {
                let (s, _) = sin_cos(2.0 * PI * k as f64 / 8.0);
                (0.5 + side * 0.3 * s, 0.06 + 0.88 * k as f64 / 8.0)
            };
            let mut shapes: Vec<Shape> = [1, 2, 3, 5, 6, 7].iter().map(|&k| line(at(k, 1.0), at(k, -1.0), 0.05)).collect();
            for side in [1.0, -1.0] {
                shapes.extend((0..8).map(|k| line(at(k, side), at(k + 1, side), 0.09)));
            }
            shapes
        }
        "Explorer" => vec![
            line((0.5, 0.5), (0.28, 0.96), 0.07),
            line((0.5, 0.5), (0.72, 0.96), 0.07),
            line((0.5, 0.5), (0.5, 0.96), 0.07),
            poly(vec![(0.06, 0.52), (0.84, 0.1), (0.94, 0.3), (0.14, 0.68)]),
            cut((0.3, 0.4), (0.38, 0.55), 0.05),
        ],
        "Conqueror" => vec![
            poly(vec![
                (0.08, 0.28),
                (0.3, 0.5),
                (0.5, 0.18),
                (0.7, 0.5),
                (0.92, 0.28),
                (0.84, 0.76),
                (0.16, 0.76),
            ]),
            Shape::Rect {
                origin: (0.16, 0.8),
                size: (0.68, 0.12),
                style: body,
            },
            Shape::Circle {
                center: (0.08, 0.22),
                radius: 0.06,
                style: body,
            },
            Shape::Circle {
                center: (0.5, 0.11),
                radius: 0.06,
                style: body,
            },
            Shape::Circle {
                center: (0.92, 0.22),
                radius: 0.06,
                style: body,
            },
        ],
        "Digger" => vec![
            line((0.5, 0.1), (0.5, 0.56), 0.09),
            line((0.32, 0.08), (0.68, 0.08), 0.09),
            poly(vec![(0.28, 0.52), (0.72, 0.52), (0.72, 0.76), (0.5, 0.96), (0.28, 0.76)]),
        ],
        "Destroyer" => vec![poly(vec![
            (0.62, 0.04),
            (0.2, 0.56),
            (0.47, 0.56),
            (0.34, 0.96),
            (0.82, 0.4),
            (0.55, 0.4),
            (0.74, 0.04),
        ])],
        _ => vec![letter(kind, paint)],
    }
}
