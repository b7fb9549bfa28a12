//! How a hex shows its terrain: a fill, and a mark that tells it without
//! colour. Grassland is bare; forest is a tree and hills two hills, small
//! and in the hex's left corner, away from the centre where pen roads start
//! and end; a lake is covered edge to edge with rows of waves, so that it
//! reads as "no road here" in ink-friendly and greyscale printing too.
//!
//! The fills step down in grey (grassland lightest, then hills, forest and
//! lake), so that a greyscale print tells them apart by shade as well as by
//! mark.

use scene::{Color, Shape, Style, Tag};

use super::super::hex::SQRT3;
use super::super::map::Terrain;
use crate::geom;
use crate::print::{self, INK};

/// Side of the square a tree or hills glyph is drawn in, in circumradii.
const GLYPH_SIDE: f64 = 0.4;
/// Distance from the hex centre to the middle of that square, towards the
/// hex's left corner, in circumradii: the square's near edge keeps 0.46
/// circumradii from the centre (clear of a city there), its far corners
/// stay inside the hex.
const GLYPH_OFFSET: f64 = 0.66;
/// Space between rows of a lake's waves, in circumradii.
const WAVE_ROWS: f64 = 0.3;
/// Height of a wave, in circumradii.
const WAVE_HEIGHT: f64 = 0.12;
/// Length of one wave (up and down again), in circumradii.
const WAVE_LENGTH: f64 = 0.3;
/// How far the waves keep from the hex's sides, in circumradii (clear of
/// the outline and of a river on the side).
const WAVE_INSET: f64 = 0.14;

/// The fill of a hex of `terrain`: white when ink-friendly.
pub(super) fn fill(terrain: Terrain, ink_friendly: bool) -> Color {
    if ink_friendly {
        return Color::WHITE;
    }
    match terrain {
        Terrain::Grassland => Color::rgb(0xd8, 0xed, 0xb4),
        Terrain::Hills => Color::rgb(0xe0, 0xc4, 0x8c),
        Terrain::Forest => Color::rgb(0x8c, 0xbf, 0x72),
        Terrain::Lake => Color::rgb(0x4f, 0x8f, 0xcc),
    }
}

/// The marks of a hex of `terrain` centred at `center` with circumradius
/// `radius`, each tagged `mark` with the hex's `q`, `r`: a glyph in the left
/// corner, a lake's waves, or nothing.
pub(super) fn marks(terrain: Terrain, ink_friendly: bool, center: (f64, f64), radius: f64, tag: &Tag) -> Vec<Shape> {
    let shapes = if terrain == Terrain::Lake {
        waves(center, radius, ink_friendly)
    } else {
        let side = GLYPH_SIDE * radius;
        let origin = (center.0 - GLYPH_OFFSET * radius - side / 2.0, center.1 - side / 2.0);
        glyph(terrain, ink_friendly).iter().map(|s| print::place(s, origin, side)).collect()
    };
    shapes.into_iter().map(|s| s.tagged(tag.clone())).collect()
}

/// The legend's swatch of `terrain`: a hex of its fill with its mark, the
/// glyph enlarged to the middle of the hex so that it reads at legend size.
pub(super) fn swatch(terrain: Terrain, ink_friendly: bool) -> Vec<Shape> {
    let mut shapes = vec![Shape::Polygon {
        points: hexagon((0.5, 0.5), 0.5),
        style: Style::filled_outlined(fill(terrain, ink_friendly), OUTLINE, 0.04),
    }];
    if terrain == Terrain::Lake {
        shapes.extend(waves((0.5, 0.5), 0.5, ink_friendly));
    } else {
        shapes.extend(glyph(terrain, ink_friendly).iter().map(|s| print::place(s, (0.2, 0.2), 0.6)));
    }
    shapes
}

/// The grey of a hex's outline.
pub(super) const OUTLINE: Color = Color::rgb(0x99, 0x99, 0x99);

/// The corners of a flat-topped hex centred at `center` with circumradius
/// `radius`, from the right corner clockwise (y down).
pub(super) fn hexagon(center: (f64, f64), radius: f64) -> Vec<(f64, f64)> {
    [
        (1.0, 0.0),
        (0.5, SQRT3 / 2.0),
        (-0.5, SQRT3 / 2.0),
        (-1.0, 0.0),
        (-0.5, -SQRT3 / 2.0),
        (0.5, -SQRT3 / 2.0),
    ]
    .iter()
    .map(|(x, y)| (center.0 + x * radius, center.1 + y * radius))
    .collect()
}

/// The glyph of `terrain` in the unit box: a tree for forest, two hills for
/// hills, nothing for grassland or a lake.
fn glyph(terrain: Terrain, ink_friendly: bool) -> Vec<Shape> {
    match terrain {
        Terrain::Forest => tree(ink_friendly),
        Terrain::Hills => hills(ink_friendly),
        Terrain::Grassland | Terrain::Lake => Vec::new(),
    }
}

/// A leafy tree: a trunk under a crown of four overlapping discs, outlined
/// as one cloud (all the outlines first, then all the fills over them).
fn tree(ink_friendly: bool) -> Vec<Shape> {
    let (crown, trunk, edge) = if ink_friendly {
        (Color::WHITE, Color::WHITE, INK)
    } else {
        (
            Color::rgb(0x3f, 0x7f, 0x38),
            Color::rgb(0x6b, 0x4a, 0x2a),
            Color::rgb(0x1e, 0x40, 0x1a),
        )
    };
    const WIDTH: f64 = 0.08;
    let discs = [((0.5, 0.27), 0.22), ((0.28, 0.45), 0.19), ((0.72, 0.45), 0.19), ((0.5, 0.5), 0.2)];
    let mut shapes = vec![Shape::Rect {
        origin: (0.43, 0.5),
        size: (0.14, 0.44),
        style: Style::filled_outlined(trunk, edge, WIDTH),
    }];
    shapes.extend(discs.iter().map(|&(center, radius)| Shape::Circle {
        center,
        radius,
        style: Style::stroke(edge, 2.0 * WIDTH),
    }));
    shapes.extend(discs.iter().map(|&(center, radius)| Shape::Circle {
        center,
        radius,
        style: Style::fill(crown),
    }));
    shapes
}

/// Two rounded hills, a small one behind a large one.
fn hills(ink_friendly: bool) -> Vec<Shape> {
    let (body, edge) = if ink_friendly {
        (Color::WHITE, INK)
    } else {
        (Color::rgb(0xa4, 0x7b, 0x45), Color::rgb(0x4f, 0x35, 0x18))
    };
    let style = Style::filled_outlined(body, edge, 0.08);
    [(0.64, 0.32, 0.42), (0.38, 0.36, 0.54)]
        .iter()
        .map(|&(middle, half_width, height)| Shape::Polygon {
            points: mound(middle, half_width, height, 0.8),
            style,
        })
        .collect()
}

/// A hill's outline: half an ellipse `2 × half_width` wide and `height`
/// tall standing on the line `y = base`, centred on `x = middle`.
fn mound(middle: f64, half_width: f64, height: f64, base: f64) -> Vec<(f64, f64)> {
    const STEPS: u32 = 10;
    (0..=STEPS)
        .map(|k| {
            let (sin, cos) = geom::sin_cos(std::f64::consts::PI * f64::from(k) / f64::from(STEPS));
            (middle - half_width * cos, base - height * sin)
        })
        .collect()
}

/// A lake's waves: rows of zigzags across the whole hex centred at `center`
/// with circumradius `radius`, each row kept inside the hex's sides.
fn waves(center: (f64, f64), radius: f64, ink_friendly: bool) -> Vec<Shape> {
    let color = if ink_friendly { INK } else { Color::rgb(0xe8, 0xf4, 0xff) };
    let style = Style::stroke(color, 0.055 * radius);
    let mut shapes = Vec::new();
    let rows = ((SQRT3 / 2.0 - WAVE_INSET) * 2.0 / WAVE_ROWS) as i32;
    for row in 0..=rows {
        // Rows centred on the hex's middle; a wave's troughs at `base`.
        let base = (f64::from(row) - f64::from(rows) / 2.0) * WAVE_ROWS + WAVE_HEIGHT / 2.0;
        let top = base - WAVE_HEIGHT;
        let farthest = base.abs().max(top.abs());
        if farthest > SQRT3 / 2.0 - WAVE_INSET {
            continue;
        }
        // Half the hex's width at that height, less the inset.
        let half = 1.0 - farthest / SQRT3 - WAVE_INSET;
        let steps = (2.0 * half / (WAVE_LENGTH / 2.0)) as i32;
        let start = -f64::from(steps) * WAVE_LENGTH / 4.0;
        let point = |k: i32| {
            let y = if k % 2 == 0 { base } else { top };
            (
                center.0 + (start + f64::from(k) * WAVE_LENGTH / 2.0) * radius,
                center.1 + y * radius,
            )
        };
        shapes.extend((0..steps).map(|k| Shape::Line {
            from: point(k),
            to: point(k + 1),
            style,
        }));
    }
    shapes
}
