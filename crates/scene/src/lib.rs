//! The drawing vocabulary shared by every generator and every output format.
//!
//! A [`Document`] is a list of [`Page`]s; a page is a size in millimetres and a
//! list of [`Shape`]s painted in order (later shapes on top). Coordinates are
//! millimetres from the page's top-left corner, y pointing down. A shape, or
//! a group of shapes, may carry a [`Tag`] saying what it draws.
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
    /// Dashes: `Some(len)` draws the outline as dashes of `len` millimetres
    /// with gaps as long; `None` draws it solid.
    pub dash: Option<f64>,
}

impl Style {
    /// A filled shape with no outline.
    pub fn fill(color: Color) -> Style {
        Style {
            fill: Some(color),
            stroke: None,
            stroke_width: 0.0,
            dash: None,
        }
    }

    /// An outline with no fill.
    pub fn stroke(color: Color, width: f64) -> Style {
        Style {
            fill: None,
            stroke: Some(color),
            stroke_width: width,
            dash: None,
        }
    }

    /// A filled shape with an outline.
    pub fn filled_outlined(fill: Color, stroke: Color, width: f64) -> Style {
        Style {
            fill: Some(fill),
            stroke: Some(stroke),
            stroke_width: width,
            dash: None,
        }
    }

    /// Nothing painted: a shape that only says where it is.
    pub fn none() -> Style {
        Style {
            fill: None,
            stroke: None,
            stroke_width: 0.0,
            dash: None,
        }
    }

    /// This style with its outline dashed (dashes and gaps `len` mm long).
    pub fn dashed(self, len: f64) -> Style {
        Style { dash: Some(len), ..self }
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
    /// An SVG image (an icon a user supplied) drawn into a rectangle, its
    /// aspect ratio kept and centred. The text is a whole SVG document; the
    /// renderer embeds it as data, never as markup of its own page.
    Image {
        /// Top-left corner.
        origin: (f64, f64),
        /// Width and height.
        size: (f64, f64),
        /// The SVG document.
        svg: String,
    },
    /// One shape that says what it draws: the tag's class and data ride on
    /// the shape itself (in SVG, attributes of its element).
    Tagged {
        /// What the shape stands for.
        tag: Tag,
        /// The shape drawn.
        shape: Box<Shape>,
    },
    /// Several shapes that together draw one thing (in SVG, a `<g>` element
    /// carrying the tag); painted in order, as if they stood in the page's list.
    Group {
        /// What the shapes stand for.
        tag: Tag,
        /// The shapes, in painting order.
        shapes: Vec<Shape>,
    },
    /// A window onto a drawing of its own: the part of `shapes` (in their
    /// own millimetres) inside the rectangle `view`, `[x, y, width,
    /// height]`, painted into the rectangle at `origin` of `size` (scaled
    /// when the sizes differ), and nothing outside it (in SVG, a nested
    /// `<svg>` element). One sheet of a board printed over several is a
    /// window onto the whole board.
    Window {
        /// Top-left corner on the page.
        origin: (f64, f64),
        /// Width and height on the page.
        size: (f64, f64),
        /// The part of the shapes seen.
        view: [f64; 4],
        /// The shapes, in painting order.
        shapes: Vec<Shape>,
    },
}

impl Shape {
    /// This shape, tagged with what it draws.
    pub fn tagged(self, tag: Tag) -> Shape {
        Shape::Tagged {
            tag,
            shape: Box::new(self),
        }
    }
}

/// What a shape draws, for scripts and style sheets: a class name and named
/// values (in SVG, `class="…"` and one `data-NAME="…"` each). Painting
/// ignores it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tag {
    /// The kind of thing drawn, e.g. `node` or `cell`.
    pub class: String,
    /// Named values in the order written; names without any `data-` prefix,
    /// lowercase letters, digits and hyphens.
    pub data: Vec<(String, Value)>,
}

impl Tag {
    /// A tag of class `class` with no data yet.
    pub fn new(class: impl Into<String>) -> Tag {
        Tag {
            class: class.into(),
            data: Vec::new(),
        }
    }

    /// This tag with one more value, written as text.
    pub fn with(mut self, name: impl Into<String>, value: impl ToString) -> Tag {
        self.data.push((name.into(), Value::Text(value.to_string())));
        self
    }

    /// This tag with one more value, a length in millimetres.
    pub fn with_mm(mut self, name: impl Into<String>, mm: f64) -> Tag {
        self.data.push((name.into(), Value::Mm(mm)));
        self
    }
}

/// A value in a [`Tag`].
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Text, written as it is.
    Text(String),
    /// A length in millimetres, written as the renderer writes coordinates.
    Mm(f64),
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
        Page::landscape(Paper::A4)
    }

    /// An empty page of `paper` in landscape orientation.
    pub fn landscape(paper: Paper) -> Page {
        let (short, long) = paper.size();
        Page {
            width: long,
            height: short,
            shapes: Vec::new(),
        }
    }
}

/// A paper size a drawing is made for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
    /// ISO A3, 297 × 420 mm: twice A4.
    A3,
    /// ISO A5, 148 × 210 mm: half A4.
    A5,
}

impl Paper {
    /// Every paper size.
    pub const ALL: [Paper; 4] = [Paper::A4, Paper::Letter, Paper::A3, Paper::A5];

    /// The names [`Paper::from_name`] reads, for messages.
    pub const CHOICES: &'static str = "a4, letter, a3 or a5";

    /// The short and the long side, in millimetres.
    pub fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A3 => (297.0, 420.0),
            Paper::A5 => (148.0, 210.0),
        }
    }

    /// Its name on the command line and in the web app: `a4`, `letter`, `a3` or `a5`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::A3 => "a3",
            Paper::A5 => "a5",
        }
    }

    /// Its name in words: `A4`, `US Letter`, `A3`, `A5`.
    pub fn label(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "US Letter",
            Paper::A3 => "A3",
            Paper::A5 => "A5",
        }
    }

    /// The paper called `name` (`a4`, `letter`, `a3`, `a5`, any case).
    pub fn from_name(name: &str) -> Option<Paper> {
        Paper::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(name))
    }
}

/// How close to the paper's edge anything is drawn, in millimetres: most
/// printers cannot print nearer.
pub const PRINT_MARGIN: f64 = 8.0;

/// Everything a generator draws: one or more pages.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Title recorded in output metadata (PDF title, SVG `<title>`).
    pub title: String,
    /// The pages, first to last.
    pub pages: Vec<Page>,
}

mod bounds;
pub use bounds::{Bounds, overlap};

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

    #[test]
    fn tags_keep_their_values_in_order() {
        let tag = Tag::new("node").with("id", 7).with_mm("x", 1.5);
        assert_eq!(tag.class, "node");
        assert_eq!(
            tag.data,
            vec![("id".to_string(), Value::Text("7".into())), ("x".to_string(), Value::Mm(1.5))]
        );
        let shape = Shape::Circle {
            center: (0.0, 0.0),
            radius: 1.0,
            style: Style::fill(Color::BLACK),
        };
        assert_eq!(
            shape.clone().tagged(tag.clone()),
            Shape::Tagged {
                tag,
                shape: Box::new(shape)
            }
        );
    }
}
