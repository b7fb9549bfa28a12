//! Pictograms of the expansions, in the unit box `[0,1]²` (y down) like the
//! base types', each readable in black and white alone.
//!
//! Node sets: Deep Orbit's comet (a ball with a tail), satellite (a body
//! with two panels), moss (three mounds), meteor (a cratered rock), nebula
//! (a spiral of dots), ore (a faceted nugget), wormhole (rings in rings),
//! beacon (a mast sending waves); Clockwork's gear, spring (a zigzag), saw
//! (a toothed blade), copper (a coin), ivy (a vine of leaves), rain (drops
//! under a cloud), rune (a carved tablet), lock (a padlock); Wildwood's
//! mushroom, owl (a face of two eyes), bramble (a thorned stem), wolf (a
//! head with ears), amber (a stone with an insect caught in it), totem
//! (stacked blocks), lantern, nest (a bowl with eggs).
//!
//! Placed pieces: expeditions (summit, crater, ruins), landmarks (tower,
//! arch, monolith), natural resources (crystal, leaf, shell, bolt; drawn
//! turned, so of polygons, circles and lines only), tiny nodes (one-way: a
//! triangle along the edge; toll: a diamond; bridge: rails either side).

use std::f64::consts::PI;

use scene::{Shape, Style};

use super::{Paint, arc, star};

/// The node types of the node sets with a pictogram here.
#[cfg(test)]
pub(super) const NODE_TYPES: [&str; 24] = [
    "Comet",
    "Satellite",
    "Moss",
    "Meteor",
    "Nebula",
    "Ore",
    "Wormhole",
    "Beacon",
    "Gear",
    "Spring",
    "Saw",
    "Copper",
    "Ivy",
    "Rain",
    "Rune",
    "Lock",
    "Mushroom",
    "Owl",
    "Bramble",
    "Wolf",
    "Amber",
    "Totem",
    "Lantern",
    "Nest",
];

/// The placed pieces with a pictogram here.
#[cfg(test)]
pub(super) const PIECES: [&str; 13] = [
    "Summit", "Crater", "Ruins", "Tower", "Arch", "Monolith", "Crystal", "Leaf", "Shell", "Bolt", "One-way", "Toll", "Bridge",
];

/// An ellipse's outline as a polygon's points.
fn ellipse(c: (f64, f64), rx: f64, ry: f64) -> Vec<(f64, f64)> {
    let mut points = arc(c, rx, ry, 0.0, 2.0 * PI, 25);
    points.pop();
    points
}

/// The pictogram of a node set's type `name`, if it has one.
pub(crate) fn node_type(name: &str, paint: Paint) -> Option<Vec<Shape>> {
    let body = paint.body();
    let poly = |points: Vec<(f64, f64)>| Shape::Polygon { points, style: body };
    let hole = |points: Vec<(f64, f64)>| Shape::Polygon {
        points,
        style: Style::fill(paint.paper),
    };
    let circle = |center: (f64, f64), radius: f64| Shape::Circle {
        center,
        radius,
        style: body,
    };
    let dot = |center: (f64, f64), radius: f64| Shape::Circle {
        center,
        radius,
        style: Style::fill(paint.paper),
    };
    let ring = |center: (f64, f64), radius: f64, width: f64| Shape::Circle {
        center,
        radius,
        style: paint.line(width),
    };
    let line = |from: (f64, f64), to: (f64, f64), width: f64| Shape::Line {
        from,
        to,
        style: paint.line(width),
    };
    let shapes = match name {
        "Comet" => vec![
            poly(vec![(0.62, 0.22), (0.04, 0.12), (0.78, 0.5), (0.14, 0.6), (0.7, 0.66)]),
            circle((0.7, 0.44), 0.24),
            dot((0.64, 0.38), 0.06),
        ],
        "Satellite" => vec![
            poly(vec![(0.04, 0.36), (0.3, 0.36), (0.3, 0.64), (0.04, 0.64)]),
            poly(vec![(0.7, 0.36), (0.96, 0.36), (0.96, 0.64), (0.7, 0.64)]),
            line((0.3, 0.5), (0.7, 0.5), 0.05),
            circle((0.5, 0.5), 0.15),
            line((0.5, 0.35), (0.5, 0.12), 0.05),
            circle((0.5, 0.1), 0.06),
        ],
        "Moss" => vec![
            poly(arc((0.28, 0.86), 0.24, 0.34, PI, PI, 12)),
            poly(arc((0.72, 0.86), 0.24, 0.3, PI, PI, 12)),
            poly(arc((0.5, 0.86), 0.22, 0.52, PI, PI, 12)),
        ],
        "Meteor" => vec![
            poly(vec![
                (0.5, 0.08),
                (0.82, 0.2),
                (0.94, 0.52),
                (0.78, 0.86),
                (0.42, 0.94),
                (0.12, 0.74),
                (0.08, 0.36),
            ]),
            dot((0.4, 0.4), 0.1),
            dot((0.66, 0.66), 0.08),
            dot((0.7, 0.32), 0.05),
        ],
        "Nebula" => (0..9)
            .map(|i| {
                let t = f64::from(i) / 8.0;
                let (s, c) = crate::geom::sin_cos(t * 3.4 * PI);
                let r = 0.06 + 0.36 * t;
                circle((0.5 + r * c, 0.5 + r * s), 0.04 + 0.05 * t)
            })
            .collect(),
        "Ore" => vec![
            poly(vec![
                (0.2, 0.4),
                (0.4, 0.16),
                (0.76, 0.2),
                (0.92, 0.5),
                (0.7, 0.84),
                (0.28, 0.82),
                (0.08, 0.6),
            ]),
            hole(vec![(0.4, 0.3), (0.6, 0.32), (0.52, 0.48)]),
            hole(vec![(0.6, 0.56), (0.74, 0.52), (0.68, 0.7)]),
        ],
        "Wormhole" => vec![ring((0.5, 0.5), 0.42, 0.07), ring((0.5, 0.5), 0.27, 0.07), circle((0.5, 0.5), 0.12)],
        "Beacon" => {
            let mut shapes = vec![
                poly(vec![(0.42, 0.48), (0.58, 0.48), (0.7, 0.96), (0.3, 0.96)]),
                circle((0.5, 0.4), 0.09),
            ];
            shapes.extend(polyline(arc((0.5, 0.4), 0.2, 0.2, -PI * 0.8, PI * 0.6, 8), 0.05, paint));
            shapes.extend(polyline(arc((0.5, 0.4), 0.33, 0.33, -PI * 0.8, PI * 0.6, 10), 0.05, paint));
            shapes
        }
        "Gear" => vec![poly(star((0.5, 0.5), 0.46, 0.34, 8, 0.0)), dot((0.5, 0.5), 0.14)],
        "Spring" => {
            let points: Vec<(f64, f64)> = (0..8)
                .map(|i| (if i % 2 == 0 { 0.22 } else { 0.78 }, 0.1 + 0.8 * f64::from(i) / 7.0))
                .collect();
            points.windows(2).map(|w| line(w[0], w[1], 0.08)).collect()
        }
        "Saw" => vec![poly(star((0.5, 0.5), 0.47, 0.36, 12, 0.0)), dot((0.5, 0.5), 0.1)],
        "Copper" => vec![
            circle((0.5, 0.5), 0.42),
            Shape::Circle {
                center: (0.5, 0.5),
                radius: 0.3,
                style: Style::stroke(paint.paper, 0.05),
            },
            hole(vec![(0.44, 0.32), (0.56, 0.32), (0.56, 0.68), (0.44, 0.68)]),
        ],
        "Ivy" => {
            let mut shapes = vec![line((0.5, 0.04), (0.5, 0.96), 0.05)];
            for (k, &y) in [0.22, 0.48, 0.74].iter().enumerate() {
                let side = if k % 2 == 0 { -1.0 } else { 1.0 };
                shapes.push(poly(ellipse((0.5 + side * 0.2, y), 0.18, 0.1)));
            }
            shapes
        }
        "Rain" => {
            let mut shapes = vec![
                circle((0.34, 0.32), 0.18),
                circle((0.6, 0.26), 0.22),
                poly(vec![(0.16, 0.32), (0.84, 0.32), (0.84, 0.46), (0.16, 0.46)]),
            ];
            for &x in &[0.26, 0.5, 0.74] {
                let mut drop = vec![(x, 0.58)];
                drop.extend(arc((x, 0.82), 0.08, 0.08, -PI / 6.0, PI * 4.0 / 3.0, 8));
                shapes.push(poly(drop));
            }
            shapes
        }
        "Rune" => vec![
            poly(vec![(0.2, 0.06), (0.8, 0.06), (0.86, 0.94), (0.14, 0.94)]),
            Shape::Line {
                from: (0.5, 0.2),
                to: (0.5, 0.8),
                style: Style::stroke(paint.paper, 0.07),
            },
            Shape::Line {
                from: (0.5, 0.3),
                to: (0.7, 0.46),
                style: Style::stroke(paint.paper, 0.07),
            },
            Shape::Line {
                from: (0.5, 0.5),
                to: (0.3, 0.66),
                style: Style::stroke(paint.paper, 0.07),
            },
        ],
        "Lock" => {
            let mut shapes = polyline(arc((0.5, 0.46), 0.2, 0.3, PI, PI, 10), 0.09, paint);
            shapes.extend([
                poly(vec![(0.18, 0.44), (0.82, 0.44), (0.82, 0.94), (0.18, 0.94)]),
                dot((0.5, 0.64), 0.07),
                hole(vec![(0.47, 0.66), (0.53, 0.66), (0.55, 0.82), (0.45, 0.82)]),
            ]);
            shapes
        }
        "Mushroom" => vec![
            poly(arc((0.5, 0.5), 0.44, 0.42, PI, PI, 14)),
            poly(vec![(0.4, 0.5), (0.6, 0.5), (0.64, 0.94), (0.36, 0.94)]),
            dot((0.34, 0.32), 0.07),
            dot((0.62, 0.22), 0.06),
        ],
        "Owl" => vec![
            poly(vec![
                (0.14, 0.04),
                (0.38, 0.2),
                (0.62, 0.2),
                (0.86, 0.04),
                (0.9, 0.6),
                (0.5, 0.96),
                (0.1, 0.6),
            ]),
            dot((0.33, 0.42), 0.14),
            dot((0.67, 0.42), 0.14),
            circle((0.33, 0.42), 0.06),
            circle((0.67, 0.42), 0.06),
            hole(vec![(0.44, 0.6), (0.56, 0.6), (0.5, 0.74)]),
        ],
        "Bramble" => {
            let mut shapes = vec![line((0.12, 0.9), (0.88, 0.1), 0.07)];
            for k in 0..4 {
                let t = 0.2 + 0.2 * f64::from(k);
                let (x, y) = (0.12 + 0.76 * t, 0.9 - 0.8 * t);
                let side = if k % 2 == 0 { 1.0 } else { -1.0 };
                shapes.push(poly(vec![
                    (x - 0.05, y - 0.05),
                    (x + 0.05, y + 0.05),
                    (x + side * 0.16, y + side * 0.14),
                ]));
            }
            shapes
        }
        "Wolf" => vec![
            poly(vec![
                (0.14, 0.06),
                (0.36, 0.3),
                (0.64, 0.3),
                (0.86, 0.06),
                (0.88, 0.52),
                (0.5, 0.96),
                (0.12, 0.52),
            ]),
            hole(vec![(0.26, 0.46), (0.42, 0.5), (0.3, 0.56)]),
            hole(vec![(0.74, 0.46), (0.58, 0.5), (0.7, 0.56)]),
            dot((0.5, 0.8), 0.06),
        ],
        "Amber" => vec![
            poly(vec![
                (0.3, 0.08),
                (0.72, 0.1),
                (0.94, 0.4),
                (0.84, 0.82),
                (0.46, 0.94),
                (0.1, 0.72),
                (0.06, 0.32),
            ]),
            hole(ellipse((0.5, 0.52), 0.1, 0.17)),
            Shape::Line {
                from: (0.3, 0.42),
                to: (0.7, 0.62),
                style: Style::stroke(paint.paper, 0.04),
            },
            Shape::Line {
                from: (0.3, 0.62),
                to: (0.7, 0.42),
                style: Style::stroke(paint.paper, 0.04),
            },
        ],
        "Totem" => vec![
            poly(vec![(0.3, 0.04), (0.7, 0.04), (0.7, 0.3), (0.3, 0.3)]),
            poly(vec![(0.24, 0.36), (0.76, 0.36), (0.76, 0.62), (0.24, 0.62)]),
            poly(vec![(0.3, 0.68), (0.7, 0.68), (0.7, 0.96), (0.3, 0.96)]),
            poly(vec![(0.06, 0.42), (0.24, 0.46), (0.24, 0.52), (0.06, 0.56)]),
            poly(vec![(0.94, 0.42), (0.76, 0.46), (0.76, 0.52), (0.94, 0.56)]),
            dot((0.42, 0.16), 0.04),
            dot((0.58, 0.16), 0.04),
        ],
        "Lantern" => [
            polyline(arc((0.5, 0.18), 0.12, 0.14, PI, PI, 8), 0.06, paint),
            vec![
                poly(vec![(0.26, 0.18), (0.74, 0.18), (0.66, 0.28), (0.34, 0.28)]),
                poly(vec![(0.3, 0.3), (0.7, 0.3), (0.7, 0.82), (0.3, 0.82)]),
                poly(vec![(0.24, 0.84), (0.76, 0.84), (0.76, 0.94), (0.24, 0.94)]),
                hole(ellipse((0.5, 0.56), 0.08, 0.16)),
            ],
        ]
        .concat(),
        "Nest" => vec![
            circle((0.36, 0.42), 0.13),
            circle((0.6, 0.38), 0.13),
            poly(arc((0.5, 0.5), 0.44, 0.4, 0.0, PI, 14)),
            Shape::Line {
                from: (0.14, 0.66),
                to: (0.86, 0.6),
                style: Style::stroke(paint.paper, 0.04),
            },
            Shape::Line {
                from: (0.22, 0.78),
                to: (0.78, 0.74),
                style: Style::stroke(paint.paper, 0.04),
            },
        ],
        _ => return None,
    };
    Some(shapes)
}

/// The pictogram of a placed piece (expedition, landmark, resource or tiny
/// node) `name`, if it has one. Resources and tiny nodes are made of
/// polygons, circles and lines only, so that they can be drawn turned.
pub(crate) fn piece(name: &str, paint: Paint) -> Option<Vec<Shape>> {
    let body = paint.body();
    let poly = |points: Vec<(f64, f64)>| Shape::Polygon { points, style: body };
    let hole = |points: Vec<(f64, f64)>| Shape::Polygon {
        points,
        style: Style::fill(paint.paper),
    };
    let line = |from: (f64, f64), to: (f64, f64), width: f64| Shape::Line {
        from,
        to,
        style: paint.line(width),
    };
    let shapes = match name {
        "Summit" => vec![
            poly(vec![(0.02, 0.9), (0.36, 0.22), (0.52, 0.5), (0.66, 0.36), (0.98, 0.9)]),
            hole(vec![(0.36, 0.22), (0.46, 0.42), (0.4, 0.38), (0.32, 0.44), (0.27, 0.4)]),
            line((0.36, 0.22), (0.36, 0.04), 0.04),
            poly(vec![(0.36, 0.04), (0.54, 0.09), (0.36, 0.14)]),
        ],
        "Crater" => vec![
            poly(ellipse((0.5, 0.58), 0.46, 0.3)),
            hole(ellipse((0.5, 0.6), 0.3, 0.18)),
            poly(vec![(0.2, 0.3), (0.26, 0.16), (0.32, 0.3)]),
            poly(vec![(0.68, 0.3), (0.76, 0.12), (0.84, 0.32)]),
        ],
        "Ruins" => vec![
            poly(vec![(0.1, 0.9), (0.9, 0.9), (0.9, 0.98), (0.1, 0.98)]),
            poly(vec![(0.16, 0.2), (0.32, 0.2), (0.32, 0.9), (0.16, 0.9)]),
            poly(vec![(0.42, 0.44), (0.58, 0.38), (0.58, 0.9), (0.42, 0.9)]),
            poly(vec![(0.68, 0.6), (0.84, 0.52), (0.84, 0.9), (0.68, 0.9)]),
            poly(vec![(0.1, 0.12), (0.5, 0.12), (0.46, 0.2), (0.1, 0.2)]),
        ],
        "Tower" => vec![
            poly(vec![
                (0.26, 0.04),
                (0.36, 0.04),
                (0.36, 0.12),
                (0.46, 0.12),
                (0.46, 0.04),
                (0.56, 0.04),
                (0.56, 0.12),
                (0.66, 0.12),
                (0.66, 0.04),
                (0.76, 0.04),
                (0.76, 0.26),
                (0.68, 0.3),
                (0.72, 0.96),
                (0.3, 0.96),
                (0.34, 0.3),
                (0.26, 0.26),
            ]),
            hole(vec![(0.46, 0.42), (0.56, 0.42), (0.56, 0.56), (0.46, 0.56)]),
            hole(vec![(0.44, 0.78), (0.58, 0.78), (0.58, 0.96), (0.44, 0.96)]),
        ],
        "Arch" => {
            let mut points = vec![(0.06, 0.96), (0.06, 0.48)];
            points.extend(arc((0.5, 0.48), 0.44, 0.42, PI, PI, 12));
            points.extend([(0.94, 0.96), (0.72, 0.96), (0.72, 0.5)]);
            points.extend(arc((0.5, 0.5), 0.22, 0.2, 0.0, -PI, 10));
            points.push((0.28, 0.96));
            vec![poly(points)]
        }
        "Monolith" => vec![
            poly(vec![(0.34, 0.06), (0.66, 0.06), (0.7, 0.9), (0.3, 0.9)]),
            poly(vec![(0.1, 0.9), (0.9, 0.9), (0.9, 0.98), (0.1, 0.98)]),
            line((0.42, 0.24), (0.58, 0.24), 0.04).recolored(paint),
        ],
        "Crystal" => vec![
            poly(vec![(0.5, 0.02), (0.8, 0.3), (0.66, 0.98), (0.34, 0.98), (0.2, 0.3)]),
            hole(vec![(0.5, 0.14), (0.6, 0.32), (0.5, 0.82), (0.4, 0.32)]),
        ],
        "Leaf" => vec![
            poly(vec![
                (0.5, 0.02),
                (0.76, 0.24),
                (0.82, 0.54),
                (0.62, 0.84),
                (0.5, 0.9),
                (0.38, 0.84),
                (0.18, 0.54),
                (0.24, 0.24),
            ]),
            Shape::Line {
                from: (0.5, 0.18),
                to: (0.5, 0.98),
                style: Style::stroke(paint.paper, 0.06),
            },
        ],
        "Shell" => {
            let mut fan = vec![(0.5, 0.94)];
            fan.extend(arc((0.5, 0.58), 0.46, 0.52, PI * 1.05, PI * 0.9, 12));
            let mut shapes = vec![poly(fan)];
            for k in 0..5 {
                let (s, c) = crate::geom::sin_cos(PI * (1.2 + 0.15 * f64::from(k)));
                shapes.push(Shape::Line {
                    from: (0.5, 0.9),
                    to: (0.5 + 0.4 * c, 0.58 + 0.44 * s),
                    style: Style::stroke(paint.paper, 0.04),
                });
            }
            shapes
        }
        "Bolt" => {
            let mut nut = arc((0.5, 0.5), 0.46, 0.46, 0.0, 2.0 * PI, 7);
            nut.pop();
            vec![poly(nut), hole(ellipse((0.5, 0.5), 0.2, 0.2))]
        }
        // Tiny nodes: the edge runs left to right through the middle.
        "One-way" => vec![poly(vec![(0.02, 0.14), (0.98, 0.5), (0.02, 0.86)])],
        "Toll" => vec![
            poly(vec![(0.5, 0.06), (0.94, 0.5), (0.5, 0.94), (0.06, 0.5)]),
            Shape::Circle {
                center: (0.5, 0.5),
                radius: 0.14,
                style: Style::fill(paint.paper),
            },
        ],
        "Bridge" => vec![
            poly(vec![(0.04, 0.08), (0.96, 0.08), (0.96, 0.26), (0.04, 0.26)]),
            poly(vec![(0.04, 0.74), (0.96, 0.74), (0.96, 0.92), (0.04, 0.92)]),
        ],
        _ => return None,
    };
    Some(shapes)
}

/// Lines joining `points` one after the other.
fn polyline(points: Vec<(f64, f64)>, width: f64, paint: Paint) -> Vec<Shape> {
    points
        .windows(2)
        .map(|w| Shape::Line {
            from: w[0],
            to: w[1],
            style: paint.line(width),
        })
        .collect()
}

/// A line in the paper's colour.
trait Recolored {
    fn recolored(self, paint: Paint) -> Self;
}

impl Recolored for Shape {
    fn recolored(self, paint: Paint) -> Shape {
        match self {
            Shape::Line { from, to, style } => Shape::Line {
                from,
                to,
                style: Style {
                    stroke: Some(paint.paper),
                    ..style
                },
            },
            other => other,
        }
    }
}
