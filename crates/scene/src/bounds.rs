//! Where a shape may paint: a rectangle sure to hold every mark it makes,
//! so that a window can leave out what it cannot show.

use crate::{Anchor, Shape};

/// An axis-aligned rectangle, millimetres: `[left, top, right, bottom]`.
pub type Bounds = [f64; 4];

impl Shape {
    /// A rectangle holding everything this shape paints, strokes and text
    /// included (text is given a full em per character, wider than any
    /// glyph of the font, and its descent below the baseline); `None` for a
    /// shape that paints nothing (an empty group or polygon).
    pub fn bounds(&self) -> Option<Bounds> {
        let grow = |[l, t, r, b]: Bounds, by: f64| [l - by, t - by, r + by, b + by];
        match self {
            Shape::Line { from, to, style } => Some(grow(
                [from.0.min(to.0), from.1.min(to.1), from.0.max(to.0), from.1.max(to.1)],
                style.stroke_width,
            )),
            Shape::Circle { center, radius, style } => Some(grow([center.0, center.1, center.0, center.1], radius + style.stroke_width)),
            Shape::Rect { origin, size, style } => {
                Some(grow([origin.0, origin.1, origin.0 + size.0, origin.1 + size.1], style.stroke_width))
            }
            Shape::Polygon { points, style } => points
                .iter()
                .map(|&(x, y)| [x, y, x, y])
                .reduce(union)
                // A sharp corner's mitre reaches past the stroke's half width.
                .map(|b| grow(b, 2.0 * style.stroke_width)),
            Shape::Text {
                at, content, size, anchor, ..
            } => {
                let width = content.chars().count() as f64 * size;
                let left = match anchor {
                    Anchor::Start => at.0,
                    Anchor::Middle => at.0 - width / 2.0,
                    Anchor::End => at.0 - width,
                };
                Some([left, at.1 - size, left + width, at.1 + 0.5 * size])
            }
            Shape::Image { origin, size, .. } | Shape::Window { origin, size, .. } => {
                Some([origin.0, origin.1, origin.0 + size.0, origin.1 + size.1])
            }
            Shape::Tagged { shape, .. } => shape.bounds(),
            Shape::Group { shapes, .. } => shapes.iter().filter_map(Shape::bounds).reduce(union),
        }
    }
}

/// The smallest rectangle holding both.
fn union(a: Bounds, b: Bounds) -> Bounds {
    [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])]
}

/// Whether the rectangles share any point.
pub fn overlap(a: Bounds, b: Bounds) -> bool {
    a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Style, Tag};

    #[test]
    fn bounds_hold_strokes_text_and_groups() {
        let line = Shape::Line {
            from: (10.0, 5.0),
            to: (2.0, 8.0),
            style: Style::stroke(Color::BLACK, 1.0),
        };
        assert_eq!(line.bounds(), Some([1.0, 4.0, 11.0, 9.0]));
        let text = Shape::Text {
            at: (10.0, 10.0),
            content: "abcd".into(),
            size: 2.0,
            anchor: Anchor::Middle,
            color: Color::BLACK,
        };
        assert_eq!(text.bounds(), Some([6.0, 8.0, 14.0, 11.0]));
        let group = Shape::Group {
            tag: Tag::new("g"),
            shapes: vec![line, text.tagged(Tag::new("t"))],
        };
        assert_eq!(group.bounds(), Some([1.0, 4.0, 14.0, 11.0]));
        let empty = Shape::Group {
            tag: Tag::new("g"),
            shapes: Vec::new(),
        };
        assert_eq!(empty.bounds(), None);
        assert!(overlap([0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 2.0, 2.0]));
        assert!(!overlap([0.0, 0.0, 1.0, 1.0], [1.5, 0.0, 2.0, 1.0]));
    }
}
