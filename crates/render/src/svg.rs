//! Scene to SVG text.
//!
//! Numbers are written with at most three decimals (a micrometre on paper),
//! so the text is identical on every machine.
//!
//! The writer pushes straight into one `String`: numbers as integer
//! thousandths turned into digits by hand, colours from a table, a tag's
//! attributes written into the element they sit on, with no `fmt` machinery
//! and no string of its own for any part. A default universe board's page
//! is about 90 kB of text; the benchmark `universe/draw` measures it.

use scene::{Anchor, Color, Document, Page, Shape, Style, Tag, Value};

/// Vertical gap between stacked pages, in millimetres.
const PAGE_GAP: f64 = 10.0;

/// Bytes of text a shape takes, about: the first guess of the buffer's size.
const BYTES_PER_SHAPE: usize = 96;

/// The whole document as one SVG, pages stacked top to bottom.
pub fn document(doc: &Document) -> String {
    let width = doc.pages.iter().map(|p| p.width).fold(0.0, f64::max);
    let height = doc.pages.iter().map(|p| p.height).sum::<f64>() + PAGE_GAP * doc.pages.len().saturating_sub(1) as f64;
    let shapes: usize = doc.pages.iter().map(|p| p.shapes.len()).sum();
    let mut out = Svg(String::with_capacity(1024 + shapes * BYTES_PER_SHAPE));
    out.header(width, height, &doc.title);
    let mut y = 0.0;
    for page in &doc.pages {
        out.s("<g transform=\"translate(0 ");
        out.num(y);
        out.s(")\">\n");
        out.page(page);
        out.s("</g>\n");
        y += page.height + PAGE_GAP;
    }
    out.s("</svg>\n");
    out.0
}

/// One page as a standalone SVG of the page's size.
pub fn page(page: &Page, title: &str) -> String {
    let mut out = Svg(String::with_capacity(1024 + page.shapes.len() * BYTES_PER_SHAPE));
    out.header(page.width, page.height, title);
    out.page(page);
    out.s("</svg>\n");
    out.0
}

/// SVG text being written.
struct Svg(String);

impl Svg {
    fn s(&mut self, text: &str) {
        self.0.push_str(text);
    }

    fn header(&mut self, width: f64, height: f64, title: &str) {
        self.s("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"");
        self.num(width);
        self.s("mm\" height=\"");
        self.num(height);
        self.s("mm\" viewBox=\"0 0 ");
        self.num(width);
        self.s(" ");
        self.num(height);
        self.s("\" font-family=\"");
        self.s(crate::FONT_FAMILY);
        self.s("\">\n<title>");
        self.escaped(title);
        self.s("</title>\n");
    }

    fn page(&mut self, page: &Page) {
        self.s("<rect x=\"0\" y=\"0\"");
        self.attr("width", page.width);
        self.attr("height", page.height);
        self.s(" fill=\"");
        self.hex(Color::WHITE);
        self.s("\"/>\n");
        for shape in &page.shapes {
            self.shape(shape, None);
        }
    }

    /// ` name="v"`.
    fn attr(&mut self, name: &str, v: f64) {
        self.s(" ");
        self.s(name);
        self.s("=\"");
        self.num(v);
        self.s("\"");
    }

    /// `<name` and the tag's attributes, if it has one.
    fn open(&mut self, name: &str, tag: Option<&Tag>) {
        self.s("<");
        self.s(name);
        if let Some(tag) = tag {
            self.tag(tag);
        }
    }

    /// Writes `shape`, with `tag`'s attributes on its element.
    fn shape(&mut self, shape: &Shape, tag: Option<&Tag>) {
        match shape {
            // A tag on a tag or group gets a `<g>` of its own.
            Shape::Tagged { .. } | Shape::Group { .. } if tag.is_some() => {
                self.open("g", tag);
                self.s(">\n");
                self.shape(shape, None);
                self.s("</g>\n");
            }
            Shape::Tagged { tag, shape } => self.shape(shape, Some(tag)),
            Shape::Group { tag, shapes } => {
                self.open("g", Some(tag));
                self.s(">\n");
                for shape in shapes {
                    self.shape(shape, None);
                }
                self.s("</g>\n");
            }
            Shape::Window {
                origin,
                size,
                view,
                shapes,
            } => {
                self.open("svg", tag);
                self.attr("x", origin.0);
                self.attr("y", origin.1);
                self.attr("width", size.0);
                self.attr("height", size.1);
                self.s(" viewBox=\"");
                for (i, &v) in view.iter().enumerate() {
                    if i > 0 {
                        self.s(" ");
                    }
                    self.num(v);
                }
                self.s("\" preserveAspectRatio=\"none\">\n");
                for shape in shapes {
                    self.shape(shape, None);
                }
                self.s("</svg>\n");
            }
            Shape::Line { from, to, style } => {
                self.open("line", tag);
                self.attr("x1", from.0);
                self.attr("y1", from.1);
                self.attr("x2", to.0);
                self.attr("y2", to.1);
                self.paint(&Style { fill: None, ..*style });
                self.s("/>\n");
            }
            Shape::Circle { center, radius, style } => {
                self.open("circle", tag);
                self.attr("cx", center.0);
                self.attr("cy", center.1);
                self.attr("r", *radius);
                self.paint(style);
                self.s("/>\n");
            }
            Shape::Rect { origin, size, style } => {
                self.open("rect", tag);
                self.attr("x", origin.0);
                self.attr("y", origin.1);
                self.attr("width", size.0);
                self.attr("height", size.1);
                self.paint(style);
                self.s("/>\n");
            }
            Shape::Image { origin, size, svg } => {
                self.open("image", tag);
                self.attr("x", origin.0);
                self.attr("y", origin.1);
                self.attr("width", size.0);
                self.attr("height", size.1);
                self.s(" href=\"data:image/svg+xml;base64,");
                base64(&mut self.0, svg.as_bytes());
                self.s("\"/>\n");
            }
            Shape::Polygon { points, style } => {
                self.open("polygon", tag);
                self.s(" points=\"");
                for (i, p) in points.iter().enumerate() {
                    if i > 0 {
                        self.s(" ");
                    }
                    self.num(p.0);
                    self.s(",");
                    self.num(p.1);
                }
                self.s("\"");
                self.paint(style);
                self.s("/>\n");
            }
            Shape::Text {
                at,
                content,
                size,
                anchor,
                color,
            } => {
                self.open("text", tag);
                self.attr("x", at.0);
                self.attr("y", at.1);
                self.attr("font-size", *size);
                self.s(" text-anchor=\"");
                self.s(match anchor {
                    Anchor::Start => "start",
                    Anchor::Middle => "middle",
                    Anchor::End => "end",
                });
                self.s("\" fill=\"");
                self.hex(*color);
                self.s("\">");
                self.escaped(content);
                self.s("</text>\n");
            }
        }
    }

    /// A tag as ` class="…" data-NAME="…"…`, values escaped; any character
    /// of a name other than a lowercase letter, digit or hyphen becomes a
    /// hyphen.
    fn tag(&mut self, tag: &Tag) {
        self.s(" class=\"");
        self.escaped(&tag.class);
        self.s("\"");
        for (name, value) in &tag.data {
            self.s(" data-");
            self.0.extend(name.chars().map(|c| {
                if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' {
                    c
                } else {
                    '-'
                }
            }));
            self.s("=\"");
            match value {
                Value::Text(text) => self.escaped(text),
                Value::Mm(mm) => self.num(*mm),
            }
            self.s("\"");
        }
    }

    /// A style's attributes.
    fn paint(&mut self, style: &Style) {
        match style.fill {
            Some(c) => {
                self.s(" fill=\"");
                self.hex(c);
                self.s("\"");
            }
            None => self.s(" fill=\"none\""),
        }
        if let Some(c) = style.stroke {
            self.s(" stroke=\"");
            self.hex(c);
            self.s("\"");
            self.attr("stroke-width", style.stroke_width);
            if let Some(len) = style.dash {
                self.s(" stroke-dasharray=\"");
                self.num(len);
                self.s(" ");
                self.num(len);
                self.s("\"");
            }
        }
    }

    /// A colour as `#rrggbb`.
    fn hex(&mut self, c: Color) {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        self.0.push('#');
        for v in [c.r, c.g, c.b] {
            self.0.push(char::from(DIGITS[usize::from(v >> 4)]));
            self.0.push(char::from(DIGITS[usize::from(v & 15)]));
        }
    }

    /// A number with at most three decimals and no trailing zeros.
    fn num(&mut self, v: f64) {
        num_into(&mut self.0, v);
    }

    fn escaped(&mut self, text: &str) {
        escape_into(&mut self.0, text);
    }
}

/// Writes `v` with at most three decimals and no trailing zeros.
fn num_into(out: &mut String, v: f64) {
    let thousandths = (v * 1000.0).round();
    if !thousandths.is_finite() || thousandths.abs() >= 1e15 {
        let text = format!("{:.3}", thousandths / 1000.0);
        out.push_str(text.trim_end_matches('0').trim_end_matches('.'));
        return;
    }
    let m = thousandths as i64;
    if m < 0 {
        out.push('-');
    }
    let (mut whole, frac) = (m.unsigned_abs() / 1000, m.unsigned_abs() % 1000);
    // The whole part's digits, last first, into a buffer read forwards.
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (whole % 10) as u8;
        whole /= 10;
        if whole == 0 {
            break;
        }
    }
    out.extend(digits[at..].iter().map(|&d| char::from(d)));
    if frac != 0 {
        let decimals = [b'0' + (frac / 100) as u8, b'0' + (frac / 10 % 10) as u8, b'0' + (frac % 10) as u8];
        let len = 3 - decimals.iter().rev().take_while(|&&d| d == b'0').count();
        out.push('.');
        out.extend(decimals[..len].iter().map(|&d| char::from(d)));
    }
}

/// Standard base64 with padding (RFC 4648), for data URLs.
fn base64(out: &mut String, bytes: &[u8]) {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    out.reserve(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
}

/// `text` with XML's special characters escaped, control characters
/// replaced: safe as text or an attribute's value in SVG or HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

/// Writes `text` with XML's special characters escaped, control
/// characters replaced.
fn escape_into(out: &mut String, text: &str) {
    // Most text needs no escape: copied whole.
    if !text
        .bytes()
        .any(|b| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\'') || (b < 0x20 && b != b'\t' && b != b'\n'))
    {
        out.push_str(text);
        return;
    }
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        for (v, text) in [
            (1.0, "1"),
            (1.23456, "1.235"),
            (-0.0001, "0"),
            (-0.0005, "-0.001"),
            (148.5, "148.5"),
            (0.05, "0.05"),
            (-12.3004, "-12.3"),
            (279.4, "279.4"),
            (2e15, "2000000000000000"),
            (123456789.0004, "123456789"),
        ] {
            let mut out = String::new();
            num_into(&mut out, v);
            assert_eq!(out, text, "{v}");
        }
    }

    #[test]
    fn tags_become_class_and_data_attributes() {
        let dot = Shape::Circle {
            center: (1.0, 2.0),
            radius: 0.5,
            style: Style::fill(Color::BLACK),
        };
        let tag = Tag::new("a&b").with("Name_1", "x\"<y").with_mm("x", 1.23456);
        let mut out = Svg(String::new());
        out.shape(&dot.clone().tagged(tag.clone()), None);
        assert_eq!(
            out.0,
            "<circle class=\"a&amp;b\" data--ame-1=\"x&quot;&lt;y\" data-x=\"1.235\" cx=\"1\" cy=\"2\" r=\"0.5\" fill=\"#000000\"/>\n"
        );
        let mut out = Svg(String::new());
        let group = Shape::Group {
            tag: Tag::new("node").with("id", 3),
            shapes: vec![dot.clone(), dot.clone().tagged(Tag::new("dot"))],
        };
        out.shape(&group.tagged(Tag::new("outer")), None);
        let plain = r##"cx="1" cy="2" r="0.5" fill="#000000"/>"##;
        assert_eq!(
            out.0,
            format!("<g class=\"outer\">\n<g class=\"node\" data-id=\"3\">\n<circle {plain}\n<circle class=\"dot\" {plain}\n</g>\n</g>\n")
        );
    }

    #[test]
    fn base64_matches_the_rfc_examples() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            let mut out = String::new();
            base64(&mut out, plain.as_bytes());
            assert_eq!(out, coded);
        }
    }

    #[test]
    fn text_is_escaped() {
        for (text, escaped) in [
            ("a<b & \"c\"", "a&lt;b &amp; &quot;c&quot;"),
            ("x\u{1}y", "x\u{fffd}y"),
            ("plain", "plain"),
        ] {
            let mut out = String::new();
            escape_into(&mut out, text);
            assert_eq!(out, escaped);
        }
    }
}
