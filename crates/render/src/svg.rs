//! Scene to SVG text.
//!
//! Numbers are written with at most three decimals (a micrometre on paper),
//! so the text is identical on every machine.

use std::fmt::Write;

use scene::{Anchor, Color, Document, Page, Shape, Style, Tag, Value};

/// Vertical gap between stacked pages, in millimetres.
const PAGE_GAP: f64 = 10.0;

/// The whole document as one SVG, pages stacked top to bottom.
pub fn document(doc: &Document) -> String {
    let width = doc.pages.iter().map(|p| p.width).fold(0.0, f64::max);
    let height = doc.pages.iter().map(|p| p.height).sum::<f64>() + PAGE_GAP * doc.pages.len().saturating_sub(1) as f64;
    let mut out = header(width, height, &doc.title);
    let mut y = 0.0;
    for page in &doc.pages {
        let _ = writeln!(out, r#"<g transform="translate(0 {})">"#, num(y));
        write_page(&mut out, page);
        out.push_str("</g>\n");
        y += page.height + PAGE_GAP;
    }
    out.push_str("</svg>\n");
    out
}

/// One page as a standalone SVG of the page's size.
pub fn page(page: &Page, title: &str) -> String {
    let mut out = header(page.width, page.height, title);
    write_page(&mut out, page);
    out.push_str("</svg>\n");
    out
}

fn header(width: f64, height: f64, title: &str) -> String {
    let (w, h) = (num(width), num(height));
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}mm\" height=\"{h}mm\" viewBox=\"0 0 {w} {h}\" font-family=\"{}\">\n<title>{}</title>\n",
        crate::FONT_FAMILY,
        escape(title)
    )
}

fn write_page(out: &mut String, page: &Page) {
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{}" height="{}" fill="{}"/>"#,
        num(page.width),
        num(page.height),
        hex(Color::WHITE)
    );
    for shape in &page.shapes {
        write_shape(out, shape, "");
    }
}

/// Writes `shape`, with `attrs` (a tag's attributes, each with a leading
/// space, or nothing) on its element.
fn write_shape(out: &mut String, shape: &Shape, attrs: &str) {
    let _ = match shape {
        // A tag on a tag or group gets a `<g>` of its own.
        Shape::Tagged { .. } | Shape::Group { .. } if !attrs.is_empty() => {
            let _ = writeln!(out, "<g{attrs}>");
            write_shape(out, shape, "");
            writeln!(out, "</g>")
        }
        Shape::Tagged { tag, shape } => {
            write_shape(out, shape, &attributes(tag));
            Ok(())
        }
        Shape::Group { tag, shapes } => {
            let _ = writeln!(out, "<g{}>", attributes(tag));
            for shape in shapes {
                write_shape(out, shape, "");
            }
            writeln!(out, "</g>")
        }
        Shape::Window {
            origin,
            size,
            view,
            shapes,
        } => {
            let _ = writeln!(
                out,
                r#"<svg{attrs} x="{}" y="{}" width="{}" height="{}" viewBox="{} {} {} {}" preserveAspectRatio="none">"#,
                num(origin.0),
                num(origin.1),
                num(size.0),
                num(size.1),
                num(view[0]),
                num(view[1]),
                num(view[2]),
                num(view[3])
            );
            for shape in shapes {
                write_shape(out, shape, "");
            }
            writeln!(out, "</svg>")
        }
        Shape::Line { from, to, style } => writeln!(
            out,
            r#"<line{attrs} x1="{}" y1="{}" x2="{}" y2="{}"{}/>"#,
            num(from.0),
            num(from.1),
            num(to.0),
            num(to.1),
            paint(&Style { fill: None, ..*style })
        ),
        Shape::Circle { center, radius, style } => writeln!(
            out,
            r#"<circle{attrs} cx="{}" cy="{}" r="{}"{}/>"#,
            num(center.0),
            num(center.1),
            num(*radius),
            paint(style)
        ),
        Shape::Rect { origin, size, style } => writeln!(
            out,
            r#"<rect{attrs} x="{}" y="{}" width="{}" height="{}"{}/>"#,
            num(origin.0),
            num(origin.1),
            num(size.0),
            num(size.1),
            paint(style)
        ),
        Shape::Image { origin, size, svg } => writeln!(
            out,
            r#"<image{attrs} x="{}" y="{}" width="{}" height="{}" href="data:image/svg+xml;base64,{}"/>"#,
            num(origin.0),
            num(origin.1),
            num(size.0),
            num(size.1),
            base64(svg.as_bytes())
        ),
        Shape::Polygon { points, style } => {
            let _ = write!(out, r#"<polygon{attrs} points=""#);
            for (i, p) in points.iter().enumerate() {
                let gap = if i == 0 { "" } else { " " };
                let _ = write!(out, "{gap}{},{}", num(p.0), num(p.1));
            }
            writeln!(out, r#""{}/>"#, paint(style))
        }
        Shape::Text {
            at,
            content,
            size,
            anchor,
            color,
        } => {
            let anchor = match anchor {
                Anchor::Start => "start",
                Anchor::Middle => "middle",
                Anchor::End => "end",
            };
            writeln!(
                out,
                r#"<text{attrs} x="{}" y="{}" font-size="{}" text-anchor="{anchor}" fill="{}">{}</text>"#,
                num(at.0),
                num(at.1),
                num(*size),
                hex(*color),
                escape(content)
            )
        }
    };
}

/// A tag as ` class="…" data-NAME="…"…`, values escaped; any character of
/// a name other than a lowercase letter, digit or hyphen becomes a hyphen.
fn attributes(tag: &Tag) -> String {
    let mut s = format!(r#" class="{}""#, escape(&tag.class));
    for (name, value) in &tag.data {
        let name: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        let value = match value {
            Value::Text(text) => escape(text),
            Value::Mm(mm) => num(*mm).to_string(),
        };
        let _ = write!(s, r#" data-{name}="{value}""#);
    }
    s
}

/// A style's attributes, written where they are formatted.
fn paint(style: &Style) -> Paint {
    Paint(*style)
}

/// See [`paint`].
struct Paint(Style);

impl std::fmt::Display for Paint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let style = &self.0;
        match style.fill {
            Some(c) => write!(f, r#" fill="{}""#, hex(c))?,
            None => f.write_str(r#" fill="none""#)?,
        }
        if let Some(c) = style.stroke {
            write!(f, r#" stroke="{}" stroke-width="{}""#, hex(c), num(style.stroke_width))?;
            if let Some(len) = style.dash {
                write!(f, r#" stroke-dasharray="{0} {0}""#, num(len))?;
            }
        }
        Ok(())
    }
}

/// Standard base64 with padding (RFC 4648), for data URLs.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
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
    out
}

fn hex(c: Color) -> Hex {
    Hex(c)
}

/// A colour as `#rrggbb`, written where it is formatted.
struct Hex(Color);

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let Color { r, g, b } = self.0;
        let mut text = [b'#'; 7];
        for (i, v) in [r, g, b].into_iter().enumerate() {
            text[1 + 2 * i] = DIGITS[usize::from(v >> 4)];
            text[2 + 2 * i] = DIGITS[usize::from(v & 15)];
        }
        f.write_str(std::str::from_utf8(&text).unwrap_or("#000000"))
    }
}

/// A number with at most three decimals and no trailing zeros, written
/// where it is formatted (no string of its own: a page holds thousands).
fn num(v: f64) -> Num {
    Num(v)
}

/// See [`num`].
struct Num(f64);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let thousandths = (self.0 * 1000.0).round();
        if !thousandths.is_finite() || thousandths.abs() >= 1e15 {
            let text = format!("{:.3}", thousandths / 1000.0);
            return f.write_str(text.trim_end_matches('0').trim_end_matches('.'));
        }
        let m = thousandths as i64;
        if m < 0 {
            f.write_str("-")?;
        }
        let (whole, frac) = (m.unsigned_abs() / 1000, m.unsigned_abs() % 1000);
        write!(f, "{whole}")?;
        if frac != 0 {
            let digits = [b'0' + (frac / 100) as u8, b'0' + (frac / 10 % 10) as u8, b'0' + (frac % 10) as u8];
            let len = 3 - digits.iter().rev().take_while(|&&d| d == b'0').count();
            f.write_str(".")?;
            f.write_str(std::str::from_utf8(&digits[..len]).unwrap_or(""))?;
        }
        Ok(())
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
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
    out
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
            assert_eq!(num(v).to_string(), text, "{v}");
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
        let mut out = String::new();
        write_shape(&mut out, &dot.clone().tagged(tag.clone()), "");
        assert_eq!(
            out,
            "<circle class=\"a&amp;b\" data--ame-1=\"x&quot;&lt;y\" data-x=\"1.235\" cx=\"1\" cy=\"2\" r=\"0.5\" fill=\"#000000\"/>\n"
        );
        let mut out = String::new();
        let group = Shape::Group {
            tag: Tag::new("node").with("id", 3),
            shapes: vec![dot.clone(), dot.clone().tagged(Tag::new("dot"))],
        };
        write_shape(&mut out, &group.tagged(Tag::new("outer")), "");
        let plain = r##"cx="1" cy="2" r="0.5" fill="#000000"/>"##;
        assert_eq!(
            out,
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
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(escape("x\u{1}y"), "x\u{fffd}y");
    }
}
