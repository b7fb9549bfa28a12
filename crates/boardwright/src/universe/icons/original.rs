//! Pictograms of the original game's expansions, in the unit box `[0,1]²`
//! (y down) like the base types', each readable in black and white alone.
//!
//! Nasty Nodes: a clock face (Clock), a crowned beetle (Critter Boss), a
//! frog's face (Leapfrog), a cairn (Stone), a quartered shield (Shield), a
//! flame (Fire), a skull (Poison), a plus (Healing), a leech (Parasite).
//! Nodes of Knowledge: a sun, a crescent moon, an open book (Knowledge), a
//! core pulling arrows in (Black Matter), a lizard with a curled tail
//! (Chameleon), an owl with ear tufts (Night Owl), a pentagram in a ring
//! (Curse), a sprout on a brick wall (Wall Plant), a broken house (Village
//! Ruins). The Electric Expansion: a bolt cut out of a disc (Electricity), a
//! battery, a shovel, a factory, a shield with a bolt (Electric Shield),
//! curling gusts (Wind), a spiked dinosaur (Dragon Dino), tall grass
//! (Untamed Wildlands), a leaf with a bolt (Biomass).
//!
//! Pieces: one compass for every expedition (which one happens is counted in
//! play); landmarks (two peaks, three firs, a lake with reeds, a domed
//! capital, a cave mouth); natural resources (coal lumps, a cut diamond,
//! gold bars, a mineral cluster, gas bubbles; polygons, circles and lines
//! only, so that they can be drawn turned); tiny nodes, plain shapes across
//! their edge that still read half cut off (a disc, two bars, a square, a
//! triangle pointing from the edge's first node to its second, an X).

use std::f64::consts::PI;

use scene::{Shape, Style};

use super::{Paint, arc, star};
use crate::geom::sin_cos;

/// The node types with a pictogram here.
#[cfg(test)]
pub(super) const NODE_TYPES: [&str; 27] = [
    "Clock",
    "Critter Boss",
    "Leapfrog",
    "Stone",
    "Shield",
    "Fire",
    "Poison",
    "Healing",
    "Parasite",
    "Sun",
    "Moon",
    "Knowledge",
    "Black Matter",
    "Chameleon",
    "Night Owl",
    "Curse",
    "Wall Plant",
    "Village Ruins",
    "Electricity",
    "Battery",
    "Shovel",
    "Factory",
    "Electric Shield",
    "Wind",
    "Dragon Dino",
    "Untamed Wildlands",
    "Biomass",
];

/// The pieces with a pictogram of their own here (every expedition shows
/// [`compass`]).
#[cfg(test)]
pub(super) const PIECES: [&str; 15] = [
    "Mountain", "Forest", "Lake", "Capital", "Caves", "Coal", "Diamonds", "Gold", "Minerals", "Gas", "Circle", "Pause", "Square",
    "Triangle", "Cross",
];

/// The shapes a pictogram is made of, in one paint.
#[derive(Clone, Copy)]
struct Pen(Paint);

impl Pen {
    fn poly(self, points: Vec<(f64, f64)>) -> Shape {
        Shape::Polygon {
            points,
            style: self.0.body(),
        }
    }

    /// A polygon cut out of the body.
    fn hole(self, points: Vec<(f64, f64)>) -> Shape {
        Shape::Polygon {
            points,
            style: Style::fill(self.0.paper),
        }
    }

    /// A rectangle from `(x0, y0)` to `(x1, y1)`, as a polygon (it turns).
    fn rect(self, x0: f64, y0: f64, x1: f64, y1: f64) -> Shape {
        self.poly(vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    }

    fn rect_hole(self, x0: f64, y0: f64, x1: f64, y1: f64) -> Shape {
        self.hole(vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    }

    fn disc(self, center: (f64, f64), radius: f64) -> Shape {
        Shape::Circle {
            center,
            radius,
            style: self.0.body(),
        }
    }

    /// A disc cut out of the body.
    fn dot(self, center: (f64, f64), radius: f64) -> Shape {
        Shape::Circle {
            center,
            radius,
            style: Style::fill(self.0.paper),
        }
    }

    fn ring(self, center: (f64, f64), radius: f64, width: f64) -> Shape {
        Shape::Circle {
            center,
            radius,
            style: self.0.line(width),
        }
    }

    fn line(self, from: (f64, f64), to: (f64, f64), width: f64) -> Shape {
        Shape::Line {
            from,
            to,
            style: self.0.line(width),
        }
    }

    /// A line cut out of the body.
    fn cut(self, from: (f64, f64), to: (f64, f64), width: f64) -> Shape {
        Shape::Line {
            from,
            to,
            style: Style::stroke(self.0.paper, width),
        }
    }

    /// Lines through `points` one after the other.
    fn path(self, points: &[(f64, f64)], width: f64) -> Vec<Shape> {
        points.windows(2).map(|w| self.line(w[0], w[1], width)).collect()
    }

    fn cut_path(self, points: &[(f64, f64)], width: f64) -> Vec<Shape> {
        points.windows(2).map(|w| self.cut(w[0], w[1], width)).collect()
    }
}

/// An ellipse's outline as a polygon's points.
fn ellipse(c: (f64, f64), rx: f64, ry: f64) -> Vec<(f64, f64)> {
    let mut points = arc(c, rx, ry, 0.0, 2.0 * PI, 25);
    points.pop();
    points
}

/// A shield's outline.
fn shield() -> Vec<(f64, f64)> {
    vec![(0.5, 0.04), (0.88, 0.16), (0.84, 0.56), (0.5, 0.96), (0.16, 0.56), (0.12, 0.16)]
}

/// A lightning bolt in the box of upper left corner `(x, y)`, `w` wide and
/// `h` high.
fn bolt((x, y): (f64, f64), w: f64, h: f64) -> Vec<(f64, f64)> {
    [
        (0.6, 0.0),
        (0.0, 0.55),
        (0.45, 0.55),
        (0.25, 1.0),
        (1.0, 0.4),
        (0.55, 0.4),
        (0.9, 0.0),
    ]
    .iter()
    .map(|&(u, v)| (x + u * w, y + v * h))
    .collect()
}

/// The outline of a band along `spine`, each point with the band's half
/// width there.
fn ribbon(spine: &[((f64, f64), f64)]) -> Vec<(f64, f64)> {
    let side = |sign: f64| {
        spine.windows(2).map(move |w| {
            let ((a, half), (b, _)) = (w[0], w[1]);
            let d = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
            (a.0 - sign * half * (b.1 - a.1) / d, a.1 + sign * half * (b.0 - a.0) / d)
        })
    };
    let mut points: Vec<(f64, f64)> = side(1.0).collect();
    points.extend(side(-1.0).collect::<Vec<_>>().into_iter().rev());
    points
}

/// A point at `radius` from `c`, `angle` round from the right (y down).
fn polar(c: (f64, f64), radius: f64, angle: f64) -> (f64, f64) {
    let (s, co) = sin_cos(angle);
    (c.0 + radius * co, c.1 + radius * s)
}

/// The pictogram of the original's node type `name`, if it has one.
pub(crate) fn node_type(name: &str, paint: Paint) -> Option<Vec<Shape>> {
    let p = Pen(paint);
    let shapes = match name {
        "Clock" => vec![
            p.disc((0.5, 0.5), 0.45),
            p.cut((0.5, 0.5), (0.5, 0.18), 0.09),
            p.cut((0.5, 0.5), (0.74, 0.62), 0.09),
        ],
        "Critter Boss" => {
            let mut shapes: Vec<Shape> = [0.56, 0.72, 0.88].iter().map(|&y| p.line((0.12, y), (0.88, y), 0.06)).collect();
            shapes.extend([
                p.poly(vec![
                    (0.24, 0.34),
                    (0.2, 0.04),
                    (0.36, 0.18),
                    (0.5, 0.02),
                    (0.64, 0.18),
                    (0.8, 0.04),
                    (0.76, 0.34),
                ]),
                p.poly(ellipse((0.5, 0.68), 0.26, 0.28)),
                p.cut((0.5, 0.44), (0.5, 0.94), 0.04),
            ]);
            shapes
        }
        "Leapfrog" => {
            let mut shapes = vec![
                p.poly(ellipse((0.5, 0.64), 0.44, 0.28)),
                p.disc((0.28, 0.34), 0.15),
                p.disc((0.72, 0.34), 0.15),
                p.dot((0.28, 0.32), 0.06),
                p.dot((0.72, 0.32), 0.06),
            ];
            shapes.extend(p.cut_path(&arc((0.5, 0.6), 0.24, 0.14, 0.15 * PI, 0.7 * PI, 8), 0.05));
            shapes
        }
        "Stone" => vec![
            p.poly(ellipse((0.5, 0.82), 0.44, 0.13)),
            p.poly(ellipse((0.48, 0.54), 0.31, 0.11)),
            p.poly(ellipse((0.52, 0.3), 0.18, 0.09)),
        ],
        "Shield" => vec![
            p.poly(shield()),
            p.cut((0.5, 0.12), (0.5, 0.86), 0.06),
            p.cut((0.16, 0.4), (0.84, 0.4), 0.06),
        ],
        "Fire" => {
            let mut outer = vec![(0.46, 0.02), (0.7, 0.3), (0.8, 0.14)];
            outer.extend(arc((0.5, 0.64), 0.32, 0.32, -PI / 6.0, PI * 4.0 / 3.0, 14));
            outer.extend([(0.2, 0.28), (0.34, 0.36)]);
            let mut inner = vec![(0.5, 0.5)];
            inner.extend(arc((0.5, 0.76), 0.14, 0.14, -PI / 6.0, PI * 4.0 / 3.0, 8));
            vec![p.poly(outer), p.hole(inner)]
        }
        "Poison" => vec![
            p.disc((0.5, 0.42), 0.36),
            p.rect(0.32, 0.6, 0.68, 0.92),
            p.dot((0.36, 0.44), 0.1),
            p.dot((0.64, 0.44), 0.1),
            p.hole(vec![(0.5, 0.56), (0.45, 0.66), (0.55, 0.66)]),
            p.cut((0.44, 0.76), (0.44, 0.92), 0.04),
            p.cut((0.56, 0.76), (0.56, 0.92), 0.04),
        ],
        "Healing" => vec![p.poly(vec![
            (0.38, 0.08),
            (0.62, 0.08),
            (0.62, 0.38),
            (0.92, 0.38),
            (0.92, 0.62),
            (0.62, 0.62),
            (0.62, 0.92),
            (0.38, 0.92),
            (0.38, 0.62),
            (0.08, 0.62),
            (0.08, 0.38),
            (0.38, 0.38),
        ])],
        "Parasite" => {
            // A body along a wave, thickening towards its sucker.
            let spine: Vec<((f64, f64), f64)> = (0..=12)
                .map(|i| {
                    let t = f64::from(i) / 12.0;
                    let (s, _) = sin_cos(1.5 * PI * t);
                    ((0.04 + 0.7 * t, 0.56 - 0.14 * s), 0.045 + 0.075 * t)
                })
                .collect();
            vec![p.poly(ribbon(&spine)), p.disc((0.8, 0.68), 0.15), p.dot((0.86, 0.7), 0.06)]
        }
        "Sun" => {
            let mut shapes = vec![p.disc((0.5, 0.5), 0.24)];
            for k in 0..8 {
                let a = PI / 4.0 * f64::from(k);
                shapes.push(p.line(polar((0.5, 0.5), 0.32, a), polar((0.5, 0.5), 0.47, a), 0.08));
            }
            shapes
        }
        "Moon" => {
            let mut points = arc((0.5, 0.5), 0.42, 0.42, 0.07 * PI, 1.4 * PI, 18);
            points.extend(arc((0.66, 0.36), 0.34, 0.34, 1.3 * PI, -1.06 * PI, 14));
            vec![p.poly(points)]
        }
        "Knowledge" => {
            let mut shapes = vec![
                p.poly(vec![(0.04, 0.2), (0.46, 0.28), (0.46, 0.9), (0.04, 0.82)]),
                p.poly(vec![(0.54, 0.28), (0.96, 0.2), (0.96, 0.82), (0.54, 0.9)]),
            ];
            for y in [0.42, 0.56, 0.7] {
                shapes.push(p.cut((0.12, y - 0.02), (0.38, y + 0.02), 0.04));
                shapes.push(p.cut((0.62, y + 0.02), (0.88, y - 0.02), 0.04));
            }
            shapes
        }
        "Black Matter" => {
            let mut shapes = vec![p.disc((0.5, 0.5), 0.2)];
            for k in 0..4 {
                let a = PI / 2.0 * f64::from(k);
                let tip = polar((0.5, 0.5), 0.27, a);
                let (l, r) = (polar((0.5, 0.5), 0.47, a - 0.22), polar((0.5, 0.5), 0.47, a + 0.22));
                shapes.push(p.poly(vec![tip, l, r]));
            }
            shapes
        }
        "Chameleon" => {
            // The tail curls inwards from the body's end.
            let tail: Vec<((f64, f64), f64)> = (0..=20)
                .map(|i| {
                    let t = f64::from(i) / 20.0;
                    (polar((0.22, 0.66), 0.18 - 0.1 * t, -0.5 * PI - 1.8 * PI * t), 0.05 - 0.025 * t)
                })
                .collect();
            let mut shapes = vec![p.poly(ribbon(&tail))];
            shapes.extend(p.path(&[(0.42, 0.5), (0.36, 0.66), (0.44, 0.8)], 0.07));
            shapes.extend(p.path(&[(0.66, 0.5), (0.72, 0.66), (0.64, 0.8)], 0.07));
            shapes.extend([
                p.poly(ellipse((0.52, 0.44), 0.28, 0.15)),
                p.poly(vec![(0.72, 0.28), (0.98, 0.44), (0.74, 0.56)]),
                p.dot((0.82, 0.42), 0.06),
                p.disc((0.83, 0.42), 0.025),
            ]);
            shapes
        }
        "Night Owl" => vec![
            p.poly(vec![(0.2, 0.34), (0.22, 0.04), (0.42, 0.22)]),
            p.poly(vec![(0.8, 0.34), (0.78, 0.04), (0.58, 0.22)]),
            p.poly(ellipse((0.5, 0.58), 0.32, 0.38)),
            p.dot((0.37, 0.44), 0.12),
            p.dot((0.63, 0.44), 0.12),
            p.disc((0.37, 0.44), 0.05),
            p.disc((0.63, 0.44), 0.05),
            p.hole(vec![(0.45, 0.58), (0.55, 0.58), (0.5, 0.68)]),
        ],
        "Curse" => {
            let points: Vec<(f64, f64)> = (0..5)
                .map(|k| polar((0.5, 0.5), 0.44, -PI / 2.0 + 0.4 * PI * f64::from(k)))
                .collect();
            let mut shapes = vec![p.ring((0.5, 0.5), 0.44, 0.06)];
            shapes.extend((0..5).map(|k| p.line(points[k], points[(k + 2) % 5], 0.06)));
            shapes
        }
        "Wall Plant" => vec![
            p.rect(0.06, 0.54, 0.34, 0.7),
            p.rect(0.38, 0.54, 0.62, 0.7),
            p.rect(0.66, 0.54, 0.94, 0.7),
            p.rect(0.06, 0.74, 0.18, 0.9),
            p.rect(0.22, 0.74, 0.48, 0.9),
            p.rect(0.52, 0.74, 0.78, 0.9),
            p.rect(0.82, 0.74, 0.94, 0.9),
            p.line((0.5, 0.54), (0.5, 0.16), 0.06),
            p.poly(ellipse((0.33, 0.22), 0.16, 0.08)),
            p.poly(ellipse((0.67, 0.32), 0.16, 0.08)),
        ],
        "Village Ruins" => vec![
            p.poly(vec![
                (0.08, 0.94),
                (0.08, 0.48),
                (0.46, 0.1),
                (0.62, 0.26),
                (0.56, 0.38),
                (0.74, 0.46),
                (0.7, 0.58),
                (0.92, 0.64),
                (0.92, 0.94),
            ]),
            p.rect_hole(0.2, 0.68, 0.34, 0.94),
            p.rect_hole(0.44, 0.56, 0.58, 0.7),
        ],
        "Electricity" => vec![p.disc((0.5, 0.5), 0.46), p.hole(bolt((0.28, 0.1), 0.44, 0.8))],
        "Battery" => vec![
            p.rect(0.04, 0.28, 0.84, 0.74),
            p.rect(0.84, 0.4, 0.96, 0.62),
            p.rect_hole(0.12, 0.36, 0.28, 0.66),
            p.rect_hole(0.34, 0.36, 0.5, 0.66),
            p.rect_hole(0.56, 0.36, 0.72, 0.66),
        ],
        "Shovel" => vec![
            p.line((0.1, 0.3), (0.3, 0.1), 0.08),
            p.line((0.2, 0.2), (0.62, 0.62), 0.08),
            p.poly(vec![(0.5, 0.7), (0.7, 0.5), (0.88, 0.68), (0.92, 0.92), (0.68, 0.88)]),
        ],
        "Factory" => vec![
            p.poly(vec![
                (0.04, 0.94),
                (0.04, 0.5),
                (0.3, 0.32),
                (0.3, 0.5),
                (0.56, 0.32),
                (0.56, 0.5),
                (0.72, 0.5),
                (0.72, 0.08),
                (0.86, 0.08),
                (0.86, 0.5),
                (0.96, 0.5),
                (0.96, 0.94),
            ]),
            p.rect_hole(0.12, 0.62, 0.24, 0.76),
            p.rect_hole(0.36, 0.62, 0.48, 0.76),
            p.rect_hole(0.6, 0.62, 0.72, 0.76),
        ],
        "Electric Shield" => vec![p.poly(shield()), p.hole(bolt((0.32, 0.16), 0.36, 0.66))],
        "Wind" => [
            ((0.04, 0.3), (0.62, 0.2), 1.0),
            ((0.04, 0.52), (0.78, 0.42), 1.0),
            ((0.14, 0.74), (0.56, 0.84), -1.0),
        ]
        .iter()
        .map(|&(start, curl, turn)| {
            // A gust: a line ending in a curl round `curl`.
            let mut spine = vec![(start, 0.035)];
            let from = PI / 2.0 * turn;
            spine.extend(arc(curl, 0.1, 0.1, from, -1.5 * PI * turn, 12).into_iter().map(|q| (q, 0.035)));
            p.poly(ribbon(&spine))
        })
        .collect(),
        "Dragon Dino" => vec![
            p.poly(vec![(0.28, 0.52), (0.3, 0.34), (0.42, 0.47)]),
            p.poly(vec![(0.42, 0.46), (0.48, 0.26), (0.56, 0.4)]),
            p.poly(vec![(0.55, 0.4), (0.62, 0.22), (0.66, 0.34)]),
            p.poly(vec![
                (0.04, 0.7),
                (0.3, 0.5),
                (0.5, 0.44),
                (0.64, 0.34),
                (0.66, 0.14),
                (0.8, 0.08),
                (0.96, 0.16),
                (0.96, 0.28),
                (0.78, 0.3),
                (0.76, 0.5),
                (0.74, 0.72),
                (0.72, 0.96),
                (0.62, 0.96),
                (0.6, 0.78),
                (0.44, 0.78),
                (0.42, 0.96),
                (0.32, 0.96),
                (0.3, 0.74),
            ]),
            p.dot((0.8, 0.16), 0.03),
            p.line((0.76, 0.54), (0.88, 0.62), 0.05),
        ],
        "Untamed Wildlands" => [
            (0.14, 0.02, 0.44),
            (0.32, 0.24, 0.14),
            (0.5, 0.54, 0.04),
            (0.68, 0.78, 0.2),
            (0.86, 0.98, 0.5),
        ]
        .iter()
        .map(|&(x, tip, top)| p.poly(vec![(x - 0.08, 0.94), (tip, top), (x + 0.08, 0.94)]))
        .collect(),
        "Biomass" => vec![
            p.poly(vec![
                (0.06, 0.94),
                (0.12, 0.56),
                (0.3, 0.3),
                (0.6, 0.12),
                (0.94, 0.06),
                (0.88, 0.4),
                (0.7, 0.7),
                (0.42, 0.88),
            ]),
            p.hole(bolt((0.34, 0.24), 0.3, 0.52)),
        ],
        _ => return None,
    };
    Some(shapes)
}

/// The pictogram of the original's piece `name` (expedition, landmark,
/// natural resource or tiny node), if it has one.
pub(crate) fn piece(name: &str, paint: Paint) -> Option<Vec<Shape>> {
    // The original's expeditions, all drawn as the compass.
    use crate::universe::expansions::{EXTREME_EXPEDITIONS, expedition_types};
    if expedition_types()
        .iter()
        .any(|e| e.expansion == EXTREME_EXPEDITIONS && e.name == name)
    {
        return Some(compass(paint));
    }
    let p = Pen(paint);
    let shapes = match name {
        "Mountain" => vec![
            p.poly(vec![(0.44, 0.9), (0.7, 0.4), (0.98, 0.9)]),
            p.poly(vec![(0.02, 0.9), (0.4, 0.14), (0.78, 0.9)]),
            p.hole(vec![(0.4, 0.14), (0.5, 0.34), (0.45, 0.3), (0.4, 0.36), (0.35, 0.3), (0.3, 0.34)]),
        ],
        "Forest" => {
            let fir = |x: f64, top: f64, bottom: f64, half: f64| {
                vec![
                    p.rect(x - 0.04, bottom - 0.02, x + 0.04, 0.96),
                    p.poly(vec![(x, top), (x + half, bottom), (x - half, bottom)]),
                ]
            };
            [fir(0.2, 0.3, 0.8, 0.17), fir(0.8, 0.3, 0.8, 0.17), fir(0.5, 0.04, 0.84, 0.2)].concat()
        }
        "Lake" => {
            let mut shapes = vec![p.poly(vec![
                (0.04, 0.56),
                (0.12, 0.34),
                (0.34, 0.24),
                (0.56, 0.3),
                (0.76, 0.2),
                (0.94, 0.36),
                (0.96, 0.6),
                (0.82, 0.8),
                (0.56, 0.8),
                (0.3, 0.86),
                (0.1, 0.76),
            ])];
            shapes.extend(p.cut_path(&[(0.2, 0.5), (0.3, 0.43), (0.4, 0.5), (0.5, 0.43), (0.6, 0.5)], 0.05));
            shapes.extend(p.cut_path(&[(0.42, 0.66), (0.52, 0.59), (0.62, 0.66), (0.72, 0.59), (0.82, 0.66)], 0.05));
            shapes
        }
        "Capital" => {
            let mut shapes = vec![
                p.line((0.5, 0.24), (0.5, 0.08), 0.05),
                p.disc((0.5, 0.07), 0.05),
                p.poly(arc((0.5, 0.44), 0.24, 0.22, PI, PI, 12)),
                p.rect(0.12, 0.44, 0.88, 0.52),
                p.rect(0.06, 0.84, 0.94, 0.94),
            ];
            shapes.extend([0.2, 0.38, 0.56, 0.74].map(|x| p.rect(x, 0.52, x + 0.08, 0.84)));
            shapes
        }
        "Caves" => vec![
            p.poly(vec![
                (0.02, 0.92),
                (0.12, 0.5),
                (0.3, 0.22),
                (0.5, 0.12),
                (0.72, 0.2),
                (0.88, 0.46),
                (0.98, 0.92),
            ]),
            p.hole(arc((0.5, 0.92), 0.24, 0.4, PI, PI, 12)),
            p.poly(vec![(0.38, 0.56), (0.46, 0.54), (0.43, 0.68)]),
            p.poly(vec![(0.52, 0.52), (0.6, 0.54), (0.56, 0.64)]),
        ],
        "Coal" => vec![
            p.poly(vec![
                (0.08, 0.8),
                (0.14, 0.56),
                (0.34, 0.48),
                (0.48, 0.62),
                (0.44, 0.88),
                (0.2, 0.92),
            ]),
            p.poly(vec![
                (0.54, 0.9),
                (0.52, 0.66),
                (0.68, 0.52),
                (0.9, 0.6),
                (0.92, 0.84),
                (0.74, 0.94),
            ]),
            p.poly(vec![
                (0.3, 0.4),
                (0.38, 0.16),
                (0.6, 0.08),
                (0.74, 0.28),
                (0.64, 0.46),
                (0.42, 0.48),
            ]),
            p.dot((0.26, 0.64), 0.04),
            p.dot((0.72, 0.66), 0.04),
            p.dot((0.52, 0.22), 0.04),
        ],
        "Diamonds" => vec![
            p.poly(vec![(0.24, 0.14), (0.76, 0.14), (0.96, 0.38), (0.5, 0.92), (0.04, 0.38)]),
            p.cut((0.06, 0.38), (0.94, 0.38), 0.04),
            p.cut((0.32, 0.38), (0.5, 0.86), 0.03),
            p.cut((0.68, 0.38), (0.5, 0.86), 0.03),
            p.cut((0.38, 0.16), (0.32, 0.38), 0.03),
            p.cut((0.62, 0.16), (0.68, 0.38), 0.03),
        ],
        "Gold" => vec![
            p.poly(vec![(0.04, 0.92), (0.12, 0.7), (0.44, 0.7), (0.48, 0.92)]),
            p.poly(vec![(0.52, 0.92), (0.56, 0.7), (0.88, 0.7), (0.96, 0.92)]),
            p.poly(vec![(0.28, 0.64), (0.34, 0.42), (0.66, 0.42), (0.72, 0.64)]),
            p.poly(star((0.82, 0.2), 0.15, 0.045, 4, 0.0)),
        ],
        "Minerals" => {
            // A prism from its base's middle `b` towards `a`, `len` long.
            let prism = |b: (f64, f64), a: f64, len: f64, half: f64| {
                let (s, c) = sin_cos(a);
                let at = |u: f64, v: f64| (b.0 + u * c - v * s, b.1 + u * s + v * c);
                p.poly(vec![
                    at(0.0, -half),
                    at(len - 1.5 * half, -half),
                    at(len, 0.0),
                    at(len - 1.5 * half, half),
                    at(0.0, half),
                ])
            };
            vec![
                prism((0.38, 0.9), -0.66 * PI, 0.6, 0.09),
                prism((0.62, 0.9), -0.34 * PI, 0.56, 0.09),
                prism((0.5, 0.9), -0.5 * PI, 0.86, 0.11),
                p.cut((0.5, 0.28), (0.5, 0.84), 0.03),
                p.poly(vec![(0.1, 0.97), (0.2, 0.84), (0.8, 0.84), (0.9, 0.97)]),
            ]
        }
        "Gas" => vec![
            p.ring((0.38, 0.64), 0.26, 0.06),
            p.ring((0.72, 0.34), 0.18, 0.06),
            p.ring((0.3, 0.2), 0.1, 0.05),
            p.disc((0.78, 0.8), 0.08),
        ],
        // Tiny nodes: the edge runs left to right through the middle, and
        // the box is drawn 0.8 times as high as long.
        "Circle" => vec![p.disc((0.5, 0.5), 0.46)],
        "Pause" => vec![p.rect(0.2, 0.04, 0.42, 0.96), p.rect(0.58, 0.04, 0.8, 0.96)],
        "Square" => vec![p.rect(0.14, 0.05, 0.86, 0.95)],
        "Triangle" => vec![p.poly(vec![(0.1, 0.04), (0.92, 0.5), (0.1, 0.96)])],
        "Cross" => vec![p.line((0.14, 0.06), (0.86, 0.94), 0.22), p.line((0.14, 0.94), (0.86, 0.06), 0.22)],
        _ => return None,
    };
    Some(shapes)
}

/// The compass every expedition of the original shows: a ring, the needle's
/// north half filled, its south half the paper's, ticks east and west.
pub(crate) fn compass(paint: Paint) -> Vec<Shape> {
    let p = Pen(paint);
    let south = Style::filled_outlined(paint.paper, paint.outline.unwrap_or(paint.ink), 0.05);
    vec![
        p.ring((0.5, 0.5), 0.44, 0.08),
        p.line((0.06, 0.5), (0.2, 0.5), 0.07),
        p.line((0.8, 0.5), (0.94, 0.5), 0.07),
        Shape::Polygon {
            points: vec![(0.37, 0.5), (0.63, 0.5), (0.5, 0.86)],
            style: south,
        },
        p.poly(vec![(0.5, 0.12), (0.63, 0.5), (0.37, 0.5)]),
    ]
}
