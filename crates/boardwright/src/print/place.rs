//! Shapes drawn in the unit box `[0,1]²` (icons, legend swatches, pieces)
//! put on the page: scaled into a square, or stretched and turned.

use scene::{Shape, Style};

/// `shape`, drawn in the unit box `[0,1]²`, moved so that box becomes the
/// square at `origin` of side `side` (stroke widths and text scale too).
pub(crate) fn place(shape: &Shape, origin: (f64, f64), side: f64) -> Shape {
    mapped(shape, &|(x, y)| (origin.0 + x * side, origin.1 + y * side), side, false)
}

/// `shape`, drawn in the unit box, placed with the box's middle at `c`,
/// `size` millimetres (along, across), its x axis turned to `along` (a unit
/// vector); strokes scale by the smaller side, rectangles become polygons.
pub(crate) fn turned(shape: &Shape, c: (f64, f64), size: (f64, f64), along: (f64, f64)) -> Shape {
    let point = |(x, y): (f64, f64)| {
        let (u, v) = ((x - 0.5) * size.0, (y - 0.5) * size.1);
        (c.0 + u * along.0 - v * along.1, c.1 + u * along.1 + v * along.0)
    };
    mapped(shape, &point, size.0.min(size.1), true)
}

/// `shape` with every point through `point` and every length (radius,
/// stroke, dash, font size, image and window size) times `scale`; a
/// rectangle becomes a polygon of its corners when `turns` (the map may
/// rotate it).
fn mapped(shape: &Shape, point: &dyn Fn((f64, f64)) -> (f64, f64), scale: f64, turns: bool) -> Shape {
    let style = |s: &Style| Style {
        stroke_width: s.stroke_width * scale,
        dash: s.dash.map(|d| d * scale),
        ..*s
    };
    let scaled = |(w, h): (f64, f64)| (w * scale, h * scale);
    match shape {
        Shape::Line { from, to, style: s } => Shape::Line {
            from: point(*from),
            to: point(*to),
            style: style(s),
        },
        Shape::Circle { center, radius, style: s } => Shape::Circle {
            center: point(*center),
            radius: radius * scale,
            style: style(s),
        },
        Shape::Rect { origin, size, style: s } if turns => {
            let ((x, y), (w, h)) = (*origin, *size);
            Shape::Polygon {
                points: [(x, y), (x + w, y), (x + w, y + h), (x, y + h)].into_iter().map(point).collect(),
                style: style(s),
            }
        }
        Shape::Rect { origin, size, style: s } => Shape::Rect {
            origin: point(*origin),
            size: scaled(*size),
            style: style(s),
        },
        Shape::Polygon { points, style: s } => Shape::Polygon {
            points: points.iter().map(|&q| point(q)).collect(),
            style: style(s),
        },
        Shape::Text {
            at,
            content,
            size,
            anchor,
            color,
        } => Shape::Text {
            at: point(*at),
            content: content.clone(),
            size: size * scale,
            anchor: *anchor,
            color: *color,
        },
        Shape::Image { origin, size, svg } => Shape::Image {
            origin: point(*origin),
            size: scaled(*size),
            svg: svg.clone(),
        },
        Shape::Tagged { tag, shape } => mapped(shape, point, scale, turns).tagged(tag.clone()),
        Shape::Window {
            origin,
            size,
            view,
            shapes,
        } => Shape::Window {
            origin: point(*origin),
            size: scaled(*size),
            view: *view,
            shapes: shapes.clone(),
        },
        Shape::Group { tag, shapes } => Shape::Group {
            tag: tag.clone(),
            shapes: shapes.iter().map(|s| mapped(s, point, scale, turns)).collect(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::INK;

    #[test]
    fn placing_scales_the_unit_box() {
        let c = Shape::Circle {
            center: (0.5, 0.5),
            radius: 0.5,
            style: scene::Style::stroke(INK, 0.1),
        };
        match place(&c, (10.0, 20.0), 4.0) {
            Shape::Circle { center, radius, style } => {
                assert_eq!(center, (12.0, 22.0));
                assert_eq!(radius, 2.0);
                assert!((style.stroke_width - 0.4).abs() < 1e-12);
            }
            other => panic!("{other:?}"),
        }
    }
}
