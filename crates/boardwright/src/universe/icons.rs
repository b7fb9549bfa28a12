//! Pictograms of the built-in node types, drawn in the unit box `[0,1]²`
//! (y down) from circles, polygons and lines, so that each reads in black and
//! white alone: a drop (Oil), a fish, waves (Water), a fir (Wood), a lobed
//! apple with a leaf (Fruit), a bundle of sticks with a fuse (Dynamite), a
//! star (Stardust), a beetle (Critters), a paw (Puppy); a four-point star
//! marks the centre and scissors where to start cutting the sheet. A type
//! without a pictogram shows its first letter. Each mission kind's
//! pictogram is in [`missions`], boardwright's expansions' node types and
//! pieces in [`expansions`], the original game's in [`original`].

use scene::{Anchor, Color, Shape, Style};

use crate::geom::sin_cos;

mod expansions;
mod missions;
mod original;

pub(crate) use missions::mission;
pub(crate) use original::compass;

/// How an icon is painted: `ink` for its body, `paper` for details cut out
/// of it (an eye, a highlight).
#[derive(Clone, Copy)]
pub(crate) struct Paint {
    pub ink: Color,
    pub paper: Color,
    /// Outline the body in `outline` (ink-friendly icons are outlines).
    pub outline: Option<Color>,
}

impl Paint {
    fn body(self) -> Style {
        match self.outline {
            Some(o) => Style::filled_outlined(self.ink, o, 0.06),
            None => Style::fill(self.ink),
        }
    }

    fn line(self, width: f64) -> Style {
        Style::stroke(self.outline.unwrap_or(self.ink), width)
    }
}

/// Points of an ellipse, `n` of them, from angle `from` turning `sweep`.
fn arc(c: (f64, f64), rx: f64, ry: f64, from: f64, sweep: f64, n: usize) -> Vec<(f64, f64)> {
    (0..n)
        .map(|i| {
            let (s, co) = sin_cos(from + sweep * i as f64 / (n - 1) as f64);
            (c.0 + rx * co, c.1 + ry * s)
        })
        .collect()
}

fn star(c: (f64, f64), outer: f64, inner: f64, points: usize, turn: f64) -> Vec<(f64, f64)> {
    (0..points * 2)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            let (s, co) = sin_cos(turn + std::f64::consts::PI * i as f64 / points as f64);
            (c.0 + r * co, c.1 + r * s)
        })
        .collect()
}

/// The node types with a pictogram of their own.
#[cfg(test)]
const BUILT_IN: [&str; 9] = ["Oil", "Fish", "Water", "Wood", "Fruit", "Dynamite", "Stardust", "Critters", "Puppy"];

/// The icon of node type `name` in the unit box: the SVG in `files` under
/// its name, else its pictogram, else its first letter.
pub(crate) fn node_type_or_file(name: &str, paint: Paint, files: &std::collections::BTreeMap<String, String>) -> Vec<Shape> {
    match files.get(name) {
        Some(svg) => vec![Shape::Image {
            origin: (0.0, 0.0),
            size: (1.0, 1.0),
            svg: svg.clone(),
        }],
        None => node_type(name, paint),
    }
}

/// The pictogram of node type `name` in the unit box.
pub(crate) fn node_type(name: &str, paint: Paint) -> Vec<Shape> {
    use std::f64::consts::PI;
    let body = paint.body();
    let poly = |points: Vec<(f64, f64)>| Shape::Polygon { points, style: body };
    let circle = |center: (f64, f64), radius: f64, style: Style| Shape::Circle { center, radius, style };
    let line = |from: (f64, f64), to: (f64, f64), width: f64| Shape::Line {
        from,
        to,
        style: paint.line(width),
    };
    match name {
        "Oil" => {
            let mut points = vec![(0.5, 0.04)];
            points.extend(arc((0.5, 0.64), 0.3, 0.3, -PI / 6.0, PI * 4.0 / 3.0, 14));
            vec![poly(points), circle((0.4, 0.66), 0.07, Style::fill(paint.paper))]
        }
        "Fish" => {
            let mut body_points = arc((0.42, 0.5), 0.34, 0.22, 0.0, 2.0 * PI, 18);
            body_points.pop();
            vec![
                poly(vec![(0.66, 0.5), (0.97, 0.27), (0.97, 0.73)]),
                poly(body_points),
                circle((0.24, 0.45), 0.05, Style::fill(paint.paper)),
            ]
        }
        "Water" => [0.28, 0.52, 0.76]
            .iter()
            .flat_map(|&y| {
                let xs = [0.08, 0.29, 0.5, 0.71, 0.92];
                (0..4).map(move |i| {
                    let dy = if i % 2 == 0 { -0.08 } else { 0.08 };
                    ((xs[i], y - dy), (xs[i + 1], y + dy))
                })
            })
            .map(|(a, b)| line(a, b, 0.09))
            .collect(),
        "Wood" => vec![
            Shape::Rect {
                origin: (0.42, 0.68),
                size: (0.16, 0.28),
                style: body,
            },
            poly(vec![
                (0.5, 0.04),
                (0.75, 0.38),
                (0.64, 0.38),
                (0.88, 0.7),
                (0.12, 0.7),
                (0.36, 0.38),
                (0.25, 0.38),
            ]),
        ],
        // Two lobes with a dip at the stem and at the foot, and an almond
        // leaf: an apple, not a round bomb with a fuse beside Dynamite.
        "Fruit" => vec![
            line((0.5, 0.4), (0.46, 0.12), 0.07),
            poly(vec![(0.5, 0.24), (0.62, 0.1), (0.8, 0.04), (0.9, 0.08), (0.78, 0.2), (0.62, 0.26)]),
            circle((0.39, 0.62), 0.28, body),
            circle((0.61, 0.62), 0.28, body),
        ],
        "Dynamite" => {
            let mut shapes: Vec<Shape> = [0.16, 0.4, 0.64]
                .iter()
                .map(|&x| Shape::Rect {
                    origin: (x, 0.42),
                    size: (0.2, 0.54),
                    style: body,
                })
                .collect();
            shapes.push(line((0.5, 0.42), (0.62, 0.18), 0.06));
            shapes.push(poly(star((0.72, 0.14), 0.13, 0.05, 4, 0.0)));
            shapes
        }
        "Stardust" => vec![
            poly(star((0.45, 0.55), 0.42, 0.17, 5, -PI / 2.0)),
            poly(star((0.86, 0.16), 0.12, 0.04, 4, 0.0)),
        ],
        "Critters" => {
            let mut shapes: Vec<Shape> = [0.35, 0.55, 0.75]
                .iter()
                .flat_map(|&y| {
                    [
                        line((0.12, y - 0.06), (0.88, y + 0.06), 0.06),
                        line((0.12, y + 0.06), (0.88, y - 0.06), 0.06),
                    ]
                })
                .collect();
            shapes.push(line((0.44, 0.18), (0.32, 0.04), 0.05));
            shapes.push(line((0.56, 0.18), (0.68, 0.04), 0.05));
            shapes.push(circle((0.5, 0.2), 0.12, body));
            let mut body_points = arc((0.5, 0.6), 0.24, 0.32, 0.0, 2.0 * PI, 18);
            body_points.pop();
            shapes.push(poly(body_points));
            shapes.push(line((0.5, 0.32), (0.5, 0.9), 0.04).recolor(paint.paper));
            shapes
        }
        "Puppy" => {
            let mut pad = arc((0.5, 0.7), 0.24, 0.2, 0.0, 2.0 * PI, 18);
            pad.pop();
            let mut shapes = vec![poly(pad)];
            for &(x, y) in &[(0.18, 0.44), (0.38, 0.22), (0.62, 0.22), (0.82, 0.44)] {
                shapes.push(circle((x, y), 0.1, body));
            }
            shapes
        }
        _ => expansions::node_type(name, paint)
            .or_else(|| original::node_type(name, paint))
            .unwrap_or_else(|| vec![letter(name, paint)]),
    }
}

/// The pictogram of an expansion's placed piece `name` (an expedition,
/// landmark, natural resource or tiny node type) in the unit box, else its
/// first letter.
pub(crate) fn piece(name: &str, paint: Paint) -> Vec<Shape> {
    expansions::piece(name, paint)
        .or_else(|| original::piece(name, paint))
        .unwrap_or_else(|| vec![letter(name, paint)])
}

/// A name's first letter, for a node type or mission kind without a
/// pictogram.
fn letter(name: &str, paint: Paint) -> Shape {
    Shape::Text {
        at: (0.5, 0.84),
        content: name.chars().next().map(|c| c.to_uppercase().collect()).unwrap_or_default(),
        size: 0.9,
        anchor: Anchor::Middle,
        color: paint.outline.unwrap_or(paint.ink),
    }
}

/// The compass star of the centre.
pub(crate) fn center(paint: Paint) -> Vec<Shape> {
    vec![Shape::Polygon {
        points: star((0.5, 0.5), 0.48, 0.14, 4, -std::f64::consts::FRAC_PI_2),
        style: paint.body(),
    }]
}

/// Scissors pointing right, their blades open: where to start cutting.
pub(crate) fn scissors(paint: Paint) -> Vec<Shape> {
    let ring = |center: (f64, f64)| Shape::Circle {
        center,
        radius: 0.15,
        style: paint.line(0.07),
    };
    let blade = |from: (f64, f64), to: (f64, f64)| Shape::Line {
        from,
        to,
        style: paint.line(0.08),
    };
    vec![
        ring((0.2, 0.28)),
        ring((0.2, 0.72)),
        blade((0.32, 0.36), (0.98, 0.62)),
        blade((0.32, 0.64), (0.98, 0.38)),
    ]
}

trait Recolor {
    fn recolor(self, color: Color) -> Self;
}

impl Recolor for Shape {
    /// The same line in another colour.
    fn recolor(self, color: Color) -> Shape {
        match self {
            Shape::Line { from, to, style } => Shape::Line {
                from,
                to,
                style: Style {
                    stroke: Some(color),
                    ..style
                },
            },
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(shape: &Shape) -> Vec<(f64, f64)> {
        match shape {
            Shape::Line { from, to, .. } => vec![*from, *to],
            Shape::Circle { center, radius, .. } => vec![(center.0 - radius, center.1 - radius), (center.0 + radius, center.1 + radius)],
            Shape::Rect { origin, size, .. } | Shape::Image { origin, size, .. } | Shape::Window { origin, size, .. } => {
                vec![*origin, (origin.0 + size.0, origin.1 + size.1)]
            }
            Shape::Polygon { points, .. } => points.clone(),
            Shape::Text { at, .. } => vec![*at],
            Shape::Tagged { shape, .. } => points(shape),
            Shape::Group { shapes, .. } => shapes.iter().flat_map(points).collect(),
        }
    }

    #[test]
    fn icons_stay_in_their_box_and_differ() {
        let paint = Paint {
            ink: Color::BLACK,
            paper: Color::WHITE,
            outline: None,
        };
        let mut seen = Vec::new();
        let types = BUILT_IN.iter().map(|&name| (name, node_type(name, paint)));
        let kinds = missions::BUILT_IN.iter().map(|&kind| (kind, mission(kind, paint)));
        let sets = expansions::NODE_TYPES.iter().map(|&name| (name, node_type(name, paint)));
        let pieces = expansions::PIECES.iter().map(|&name| (name, piece(name, paint)));
        let originals = original::NODE_TYPES.iter().map(|&name| (name, node_type(name, paint)));
        let original_pieces = original::PIECES.iter().map(|&name| (name, piece(name, paint)));
        let kinds = kinds.chain(sets).chain(pieces).chain(originals).chain(original_pieces);
        let marks = [
            ("centre", center(paint)),
            ("scissors", scissors(paint)),
            ("compass", original::compass(paint)),
        ];
        for (name, icon) in types.chain(kinds).chain(marks) {
            for (x, y) in icon.iter().flat_map(points) {
                assert!((-0.01..=1.01).contains(&x) && (-0.01..=1.01).contains(&y), "{name}: ({x}, {y})");
            }
            assert!(!seen.contains(&icon), "{name} looks like another icon");
            seen.push(icon);
        }
        assert!(matches!(&node_type("gold", paint)[0], Shape::Text { content, .. } if content == "G"));
        // Every type and piece of the built-in expansions has its pictogram.
        use crate::universe::expansions as x;
        let sets = x::node_sets().iter().flat_map(|s| &s.node_types).map(|t| node_type(&t.name, paint));
        let lists = [
            x::expedition_types(),
            x::landmark_types(),
            x::resource_types(),
            x::tiny_node_types(),
        ];
        let pieces = lists.iter().flat_map(|l| l.iter()).map(|p| piece(&p.name, paint));
        for icon in sets.chain(pieces) {
            assert!(!matches!(icon[0], Shape::Text { .. }), "a letter for a built-in expansion");
        }
        assert!(matches!(&mission("hoarder", paint)[0], Shape::Text { content, .. } if content == "H"));
        // The original's expeditions all show the compass.
        for e in x::expedition_types().iter().filter(|e| e.expansion == "extreme_expeditions") {
            assert_eq!(piece(&e.name, paint), original::compass(paint), "{}", e.name);
        }
    }
}
