//! A river on a hex side: a pale band between two dark banks, a double line
//! in every mode, so that it never looks like a player's road (one line,
//! solid or dashed).

use scene::{Color, Shape, Style};

use crate::print::INK;

/// A river from `from` to `to`, `width` wide: the band (blue, or white when
/// ink-friendly, hiding the hex outline under it), then a bank along each edge.
pub(super) fn river(from: (f64, f64), to: (f64, f64), width: f64, ink_friendly: bool) -> Vec<Shape> {
    let (band, bank) = if ink_friendly {
        (Color::WHITE, INK)
    } else {
        (Color::rgb(0x9f, 0xd0, 0xf5), Color::rgb(0x1f, 0x5f, 0xa8))
    };
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(f64::MIN_POSITIVE);
    let (nx, ny) = (-dy / length * width * 0.4, dx / length * width * 0.4);
    let mut shapes = vec![Shape::Line {
        from,
        to,
        style: Style::stroke(band, width),
    }];
    shapes.extend([1.0, -1.0].iter().map(|k| Shape::Line {
        from: (from.0 + k * nx, from.1 + k * ny),
        to: (to.0 + k * nx, to.1 + k * ny),
        style: Style::stroke(bank, width * 0.2),
    }));
    shapes
}
