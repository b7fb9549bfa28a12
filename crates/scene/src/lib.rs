//! The drawing vocabulary shared by every generator and every output format.
//!
//! A [`Document`] is a list of [`Page`]s; a page is a size in millimetres and a
//! list of [`Shape`]s painted in order (later shapes on top). Coordinates are
//! millimetres from the page's top-left corner, y pointing down.
//!
//! This crate knows no generator and no file format: generators build scenes,
//! the renderer turns them into bytes.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Color {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
}

impl Color {
    /// Pure white.
    pub const WHITE: Color = Color::rgb(255, 255, 255);
    /// Pure black.
    pub const BLACK: Color = Color::rgb(0, 0, 0);

    /// A colour from its three channels.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b }
    }

    /// Parses `#RRGGBB`; `None` for anything else.
    pub fn from_hex(text: &str) -> Option<Color> {
        let hex = text.strip_prefix('#')?;
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Color::rgb(channel(0)?, channel(2)?, channel(4)?))
    }
}

/// How a shape is filled and outlined.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// Interior colour; `None` leaves the interior transparent.
    pub fill: Option<Color>,
    /// Outline colour; `None` draws no outline.
    pub stroke: Option<Color>,
    /// Outline width in millimetres.
    pub stroke_width: f64,
}

impl Style {
    /// A filled shape with no outline.
    pub fn fill(color: Color) -> Style {
        Style {
            fill: Some(color),
            stroke: None,
            stroke_width: 0.0,
        }
    }

    /// An outline with no fill.
    pub fn stroke(color: Color, width: f64) -> Style {
        Style {
            fill: None,
            stroke: Some(color),
            stroke_width: width,
        }
    }

    /// A filled shape with an outline.
    pub fn filled_outlined(fill: Color, stroke: Color, width: f64) -> Style {
        Style {
            fill: Some(fill),
            stroke: Some(stroke),
            stroke_width: width,
        }
    }
}

/// Where a text's anchor point sits along its baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The anchor is the text's left end.
    Start,
    /// The anchor is the text's horizontal middle.
    Middle,
    /// The anchor is the text's right end.
    End,
}

/// One thing painted on a page.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A straight segment from `from` to `to`; only the style's stroke applies.
    Line {
        /// Start point.
        from: (f64, f64),
        /// End point.
        to: (f64, f64),
        /// Stroke colour and width.
        style: Style,
    },
    /// A circle.
    Circle {
        /// Centre point.
        center: (f64, f64),
        /// Radius.
        radius: f64,
        /// Fill and outline.
        style: Style,
    },
    /// An axis-aligned rectangle.
    Rect {
        /// Top-left corner.
        origin: (f64, f64),
        /// Width and height.
        size: (f64, f64),
        /// Fill and outline.
        style: Style,
    },
    /// A closed polygon through the points in order.
    Polygon {
        /// Corner points.
        points: Vec<(f64, f64)>,
        /// Fill and outline.
        style: Style,
    },
    /// A line of text in the document's one font.
    Text {
        /// Anchor point on the baseline.
        at: (f64, f64),
        /// The text itself.
        content: String,
        /// Font size (em height) in millimetres.
        size: f64,
        /// Horizontal alignment around `at`.
        anchor: Anchor,
        /// Text colour.
        color: Color,
    },
}

/// A page: a size and the shapes painted on it, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Width in millimetres.
    pub width: f64,
    /// Height in millimetres.
    pub height: f64,
    /// Shapes in painting order.
    pub shapes: Vec<Shape>,
}

impl Page {
    /// An empty A4 page in landscape orientation (297 × 210 mm).
    pub fn a4_landscape() -> Page {
        Page {
            width: 297.0,
            height: 210.0,
            shapes: Vec::new(),
        }
    }
}

/// Everything a generator draws: one or more pages.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Title recorded in output metadata (PDF title, SVG `<title>`).
    pub title: String,
    /// The pages, first to last.
    pub pages: Vec<Page>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_hex_colours() {
        assert_eq!(Color::from_hex("#7BF1A8"), Some(Color::rgb(0x7b, 0xf1, 0xa8)));
        assert_eq!(Color::from_hex("7BF1A8"), None);
        assert_eq!(Color::from_hex("#7BF1A"), None);
        assert_eq!(Color::from_hex("#GGGGGG"), None);
    }
}
