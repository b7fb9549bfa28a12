//! What a node shows inside its outline, all of it in the band its power
//! dots keep out of (see [`Outline::band`]): its pictogram, and under it its
//! number and its name.
//!
//! Words a player reads are never smaller than [`MIN_TEXT`]: the names of
//! the node types, of the mission kinds and of the centre each appear on
//! every node of their kind at one font size, or, where that size would be
//! smaller, on none (the legend names every pictogram). A number is
//! [`NUMBER_FONT`] where there is room. The marks a player needs, a node's
//! pictogram and number, are never dropped: where they do not fit one above
//! the other they stand side by side ([`marks`]), in the band or, on the
//! smallest nodes, over the dots, the number on a white patch.

use scene::{Anchor, Shape, Style, Tag};

use super::look::{DOT_FILL, Look, category_color};
use super::marks::{self, LEAST_PICTURE};
use super::outline::{DOT_STROKE, INNER, Outline};
use super::sizes::Sizes;
use super::{EDGE_WIDTH, MIN_TEXT};
use crate::print::{self, INK};
use crate::universe::{Board, Node, NodeKind, icons};

/// A number's font where the node has room, millimetres: its digits stand
/// about 0.73 em, so 3 mm tall.
pub(super) const NUMBER_FONT: f64 = 4.2;
/// The least font of a number standing above its pictogram: digits 3 mm
/// tall. A number the band holds only smaller stands beside it where both
/// fit the band so.
const LEAST_STACKED: f64 = 3.0 / 0.73;
/// The white patch under a number drawn over the dots, beyond its digits'
/// ink on every side, in em.
const PATCH: f64 = 0.08;
/// A number's font where the node has room, as a part of the outline's size.
const NUMBER_SHARE: f64 = 0.5;
/// The largest font of a name, as a part of the outline's size.
const NAME_SHARE: f64 = 0.3;
/// The narrowest pictogram drawn above a name, as a part of the band.
const NAMED_PICTURE: f64 = 0.8;
/// The widest pictogram, as a part of the band (a disc holds at most a
/// square √2 of its radius wide).
const WIDEST_PICTURE: f64 = 1.6;
/// Room between the pictogram and the lines under it, as a part of the
/// outline's size.
const GAP: f64 = 0.06;
/// How far letters reach above and below the baseline, in em (DejaVu Sans:
/// capitals 0.73, ascenders 0.76, descenders 0.24).
const ASCENT: f64 = 0.77;
const DESCENT: f64 = 0.25;
/// Digits, in em: how far apart they stand, how wide one's ink is at most,
/// and how far it reaches above and below the baseline (0.73 tall, the
/// round ones a little more).
const DIGIT_ADVANCE: f64 = 0.64;
const DIGIT_INK: f64 = 0.56;
const DIGIT_ASCENT: f64 = 0.74;
const DIGIT_DESCENT: f64 = 0.02;

/// The font of the names on each kind of node, if they are shown.
pub(super) struct Fonts {
    types: Option<f64>,
    missions: Option<f64>,
    center: Option<f64>,
}

impl Fonts {
    /// The largest font at which every name of a kind fits on every node of
    /// that kind of `board`, drawn at `sizes`, if at least [`MIN_TEXT`].
    pub(super) fn new(board: &Board, sizes: &Sizes) -> Fonts {
        let fitting = |kind: NodeKind| {
            let r = sizes.of(kind);
            let band = Band::new(Outline(kind), r);
            // Nodes alike in name and number of digits fit alike.
            let mut faces: Vec<(&Node, usize)> = Vec::new();
            for n in board.nodes.iter().filter(|n| n.kind == kind) {
                let digits = n.number.map_or(0, |v| v.to_string().len());
                if !faces.iter().any(|&(m, d)| d == digits && m.node_type == n.node_type) {
                    faces.push((n, digits));
                }
            }
            faces
                .iter()
                .map(|&(n, digits)| {
                    let number = (digits > 0).then(|| {
                        let widest = "8".repeat(digits);
                        Line::number(&widest, number_font(&band, r, &widest))
                    });
                    band.name_font(&name(n), number, r)
                })
                .try_fold(f64::INFINITY, |most, font| font.map(|f| most.min(f)))
                .filter(|f| f.is_finite())
        };
        Fonts {
            types: fitting(NodeKind::Regular),
            missions: fitting(NodeKind::Mission),
            center: fitting(NodeKind::Center),
        }
    }

    fn of(&self, kind: NodeKind) -> Option<f64> {
        match kind {
            NodeKind::Regular => self.types,
            NodeKind::Mission => self.missions,
            NodeKind::Center => self.center,
        }
    }
}

/// The words a node's name line says: its type, its mission kind, `Centre`.
fn name(node: &Node) -> String {
    match node.kind {
        NodeKind::Center => "Centre".to_string(),
        _ => node.node_type.clone().unwrap_or_default(),
    }
}

/// A line of text to lay out: its width, and how far it reaches above and
/// below its baseline, millimetres.
#[derive(Clone, Copy)]
struct Line {
    width: f64,
    above: f64,
    below: f64,
}

impl Line {
    fn words(text: &str, font: f64) -> Line {
        Line {
            width: print::text_width(text, font),
            above: ASCENT * font,
            below: DESCENT * font,
        }
    }

    fn number(digits: &str, font: f64) -> Line {
        Line {
            width: digits_width(digits) * font,
            above: DIGIT_ASCENT * font,
            below: DIGIT_DESCENT * font,
        }
    }
}

/// The band inside a node's dots, millimetres from the node's centre.
struct Band {
    /// A disc's radius, a square's half side.
    half: f64,
    /// The same of the inside of the outline's stroke.
    inside: f64,
    square: bool,
    /// Room between the pictogram and the lines under it.
    gap: f64,
}

/// Where a node's pictogram and lines go, from the node's centre: the
/// pictogram's top-left corner and side, and each line's baseline.
struct Layout {
    picture: Option<((f64, f64), f64)>,
    baselines: Vec<f64>,
}

impl Band {
    fn new(outline: Outline, r: f64) -> Band {
        Band {
            half: outline.band() * r,
            inside: (1.0 - outline.stroke() / 2.0) * r,
            square: outline.square(),
            gap: GAP * r,
        }
    }

    /// How far up or down from the centre a box `width` wide may reach
    /// within the band.
    fn room(&self, width: f64) -> Option<f64> {
        let half_width = width / 2.0;
        if half_width > self.half {
            None
        } else if self.square {
            Some(self.half)
        } else {
            Some((self.half * self.half - half_width * half_width).sqrt())
        }
    }

    /// The widest square whose bottom lies at `bottom` or above it (a
    /// disc's widest inscribed square when nothing is below it).
    fn widest_picture(&self, bottom: f64) -> f64 {
        let q = self.half;
        match (self.square, bottom.is_finite()) {
            (true, false) => 2.0 * q,
            (true, true) => (bottom + q).min(2.0 * q),
            (false, false) => std::f64::consts::SQRT_2 * q,
            // Its top corners on the circle; its bottom corners too when it
            // ends below the centre.
            (false, true) => {
                let top = 0.8 * bottom + 0.4 * (5.0 * q * q - bottom * bottom).max(0.0).sqrt();
                if bottom > 0.0 {
                    top.min(2.0 * (q * q - bottom * bottom).max(0.0).sqrt())
                } else {
                    top
                }
            }
        }
    }

    /// `lines` stacked from the band's foot upwards, the pictogram above
    /// them when it can be at least `narrowest` wide; `None` when the lines
    /// do not fit.
    fn layout(&self, lines: &[Line], narrowest: f64) -> Option<Layout> {
        let mut floor = f64::INFINITY;
        let mut baselines = vec![0.0; lines.len()];
        for (k, line) in lines.iter().enumerate().rev() {
            let room = self.room(line.width)?;
            let bottom = floor.min(room);
            let top = bottom - line.above - line.below;
            if top < -room - 1e-9 {
                return None;
            }
            baselines[k] = bottom - line.below;
            floor = top - self.gap;
        }
        let side = self.widest_picture(floor).min(WIDEST_PICTURE * self.half);
        if side < narrowest || side <= 0.0 {
            // No pictogram: the lines centred as one block, if they fit so.
            if let (Some(first), Some(last)) = (lines.first(), lines.last()) {
                let top = baselines[0] - first.above;
                let shift = -(top + baselines[lines.len() - 1] + last.below) / 2.0;
                let fits = lines.iter().zip(&baselines).all(|(l, &b)| {
                    self.room(l.width)
                        .is_some_and(|room| b + shift - l.above >= -room && b + shift + l.below <= room)
                });
                if fits {
                    baselines.iter_mut().for_each(|b| *b += shift);
                }
            }
            return Some(Layout { picture: None, baselines });
        }
        // Centred in the room left above the lines.
        let room = self.room(side).unwrap_or(0.0);
        let top = (-room + floor.min(room) - side) / 2.0;
        Some(Layout {
            picture: Some(((-side / 2.0, top), side)),
            baselines,
        })
    }

    /// The narrowest pictogram a node shows: at least [`LEAST_PICTURE`];
    /// above a name alone, [`NAMED_PICTURE`] of the band, the node's main mark.
    fn narrowest(&self, number: bool, name: bool) -> f64 {
        if name && !number {
            (NAMED_PICTURE * self.half).max(LEAST_PICTURE)
        } else {
            LEAST_PICTURE
        }
    }

    /// The largest font, at most [`NAME_SHARE`] of `r`, at which `name`
    /// fits under a pictogram at least as wide as [`Band::narrowest`] says,
    /// below `number` if any; `None` when smaller than [`MIN_TEXT`].
    fn name_font(&self, name: &str, number: Option<Line>, r: f64) -> Option<f64> {
        let narrowest = self.narrowest(number.is_some(), true);
        let fits = |font: f64| {
            let lines: Vec<Line> = number.into_iter().chain([Line::words(name, font)]).collect();
            self.layout(&lines, narrowest).is_some_and(|l| l.picture.is_some())
        };
        let most = NAME_SHARE * r;
        if most < MIN_TEXT || !fits(MIN_TEXT) {
            return None;
        }
        if fits(most) {
            return Some(most);
        }
        let (mut lo, mut hi) = (MIN_TEXT, most);
        for _ in 0..12 {
            let mid = (lo + hi) / 2.0;
            if fits(mid) { lo = mid } else { hi = mid }
        }
        Some(lo)
    }
}

/// The font of `digits` on a node of size `r`: [`NUMBER_SHARE`] of it, at
/// least [`NUMBER_FONT`], and no larger than fits the band alone, nor
/// smaller than [`MIN_TEXT`] (the marks then stand side by side).
fn number_font(band: &Band, r: f64, digits: &str) -> f64 {
    let (width, height) = (digits_width(digits), DIGIT_ASCENT + DIGIT_DESCENT);
    let fits = |half: f64| {
        if band.square {
            (2.0 * half / width).min(2.0 * half / height)
        } else {
            half / ((width / 2.0) * (width / 2.0) + (height / 2.0) * (height / 2.0)).sqrt()
        }
    };
    (NUMBER_SHARE * r).max(NUMBER_FONT).min(fits(band.half)).max(MIN_TEXT)
}

/// The box of `digits` (none: no box) at a font, its ink and `pad` em
/// round it, millimetres.
fn number_box(digits: Option<&str>, pad: f64) -> impl Fn(f64) -> (f64, f64) + '_ {
    move |font| match digits {
        Some(d) => (
            (digits_width(d) + 2.0 * pad) * font,
            (DIGIT_ASCENT + DIGIT_DESCENT + 2.0 * pad) * font,
        ),
        None => (0.0, 0.0),
    }
}

/// The least size of a node of `node`'s kind that holds its marks (its
/// pictogram and number) at their least sizes, over the dots; `None` for
/// the centre without a number, whose pictogram is no mark a player needs.
pub(super) fn least_size(node: &Node) -> Option<f64> {
    let outline = Outline(node.kind);
    let digits = mark(node).map(|(m, _)| m);
    let half = marks::least_half(outline.square(), &number_box(digits.as_deref(), PATCH));
    // The centre's pictogram may shrink away, but not its number (the
    // Electric expansion's electricity).
    (node.kind != NodeKind::Center || node.number.is_some()).then(|| half / (1.0 - outline.stroke() / 2.0))
}

/// How wide the ink of `mark` is, in em: digits by their advance, a start
/// label's capitals by the text's widths (a little more than a digit's).
fn digits_width(mark: &str) -> f64 {
    if mark.chars().all(|c| c.is_ascii_digit()) {
        DIGIT_INK + DIGIT_ADVANCE * (mark.chars().count().max(1) - 1) as f64
    } else {
        print::text_width(mark, 1.0)
    }
}

/// The mark a node carries beside its pictogram, and its tag: a type's
/// number (`number`), or a mission node's start label (`start-label`: A,
/// B, C … as play reports name the starts).
fn mark(node: &Node) -> Option<(String, &'static str)> {
    match (node.number, &node.label) {
        (Some(v), _) => Some((v.to_string(), "number")),
        (None, Some(label)) => Some((label.clone(), "start-label")),
        (None, None) => None,
    }
}

/// The shapes of `node` drawn at size `r` around `c`, its edges leaving
/// along the unit vectors `leaving`.
pub(super) fn node_shapes(node: &Node, look: &Look, fonts: &Fonts, c: (f64, f64), r: f64, leaving: &[(f64, f64)]) -> Vec<Shape> {
    let (x, y) = c;
    let outline = Outline(node.kind);
    let words = name(node);
    let mut shapes = Vec::new();
    let stroke = outline.stroke() * r;
    let inner = Style::stroke(INK, outline.stroke() * r / 2.0);
    let (picture, of) = match node.kind {
        NodeKind::Center => {
            let fill = look.fill(category_color("Center"));
            shapes.push(circle(c, r, Style::filled_outlined(fill, INK, stroke)));
            shapes.push(circle(c, INNER * r, inner));
            (icons::center(look.icon), "centre")
        }
        NodeKind::Mission => {
            shapes.push(square(c, r, Style::filled_outlined(look.fill(scene::Color::WHITE), INK, stroke)));
            shapes.push(square(c, INNER * r, inner));
            (icons::mission(&words, look.icon), "mission")
        }
        NodeKind::Regular => {
            let fill = look.type_color(&words);
            shapes.push(circle(c, r, Style::filled_outlined(fill, INK, stroke)));
            (look.type_icon(&words), "type")
        }
    };
    let band = Band::new(outline, r);
    let (digits, class) = mark(node).unzip();
    let class = class.unwrap_or("number");
    let number = digits.as_deref().map(|d| (d, number_font(&band, r, d)));
    let label = fonts.of(node.kind).map(|font| (words.as_str(), font));
    let mut lines: Vec<Line> = number.iter().map(|&(d, font)| Line::number(d, font)).collect();
    lines.extend(label.iter().map(|&(w, font)| Line::words(w, font)));
    let dots: Vec<Shape> = node
        .dots
        .iter()
        .map(|&angle| {
            let (dx, dy) = outline.dot(angle);
            let style = Style::filled_outlined(look.fill(DOT_FILL), INK, DOT_STROKE * r);
            let radius = outline.dot_radius(angle, leaving, EDGE_WIDTH / 2.0 / r);
            circle((x + dx * r, y + dy * r), radius * r, style).tagged(Tag::new("dot"))
        })
        .collect();
    let place_picture = |shapes: &mut Vec<Shape>, ((left, top), side): ((f64, f64), f64)| {
        let tag = Tag::new("pictogram").with("of", of).with("name", &words);
        let placed = picture.iter().map(|s| print::place(s, (x + left, y + top), side)).collect();
        shapes.push(Shape::Group { tag, shapes: placed });
    };
    let beside_fits = || marks::fit(band.half, band.square, NUMBER_FONT, &number_box(digits.as_deref(), 0.0)).is_some();
    // The centre's number (its electricity) stands in its ring.
    let stacks = node.kind == NodeKind::Center || number.is_none_or(|(_, font)| font >= LEAST_STACKED) || !beside_fits();
    let layout = band
        .layout(&lines, band.narrowest(number.is_some(), label.is_some()))
        .filter(|l| stacks && (l.picture.is_some() || node.kind == NodeKind::Center));
    if let Some(layout) = layout {
        if let Some(at) = layout.picture {
            place_picture(&mut shapes, at);
        }
        let texts = number
            .iter()
            .map(|&(d, font)| (d, font, class))
            .chain(label.iter().map(|&(w, font)| (w, font, "label")));
        for ((words, font, class), baseline) in texts.zip(layout.baselines) {
            shapes.push(print::text((x, y + baseline), words, font, Anchor::Middle, INK).tagged(Tag::new(class)));
        }
        shapes.extend(dots);
        return shapes;
    }
    // Crowded: the marks side by side, in the band or else over the dots.
    let most = number.map_or(NUMBER_FONT, |(_, font)| font);
    let in_band = marks::fit(band.half, band.square, most, &number_box(digits.as_deref(), 0.0));
    let over_dots = in_band.is_none();
    let patched = number_box(digits.as_deref(), PATCH);
    let marks = in_band
        .or_else(|| marks::fit(band.inside, band.square, most, &patched))
        .unwrap_or_else(|| marks::least(&patched));
    if over_dots {
        shapes.extend(dots.iter().cloned());
    }
    place_picture(&mut shapes, marks.picture);
    if let Some(d) = digits.as_deref() {
        let ([left, top, w, h], font) = marks.number;
        if over_dots {
            let patch = Style::fill(look.fill(scene::Color::WHITE));
            let rect = Shape::Rect {
                origin: (x + left, y + top),
                size: (w, h),
                style: patch,
            };
            shapes.push(rect.tagged(Tag::new("patch")));
        }
        let pad = if over_dots { PATCH * font } else { 0.0 };
        let baseline = y + top + pad + DIGIT_ASCENT * font;
        shapes.push(print::text((x + left + w / 2.0, baseline), d, font, Anchor::Middle, INK).tagged(Tag::new(class)));
    }
    if !over_dots {
        shapes.extend(dots);
    }
    shapes
}

fn circle(center: (f64, f64), radius: f64, style: Style) -> Shape {
    Shape::Circle { center, radius, style }
}

/// A square of half side `half` around `c`.
fn square(c: (f64, f64), half: f64, style: Style) -> Shape {
    Shape::Rect {
        origin: (c.0 - half, c.1 - half),
        size: (2.0 * half, 2.0 * half),
        style,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every corner of every box a layout makes lies in its band.
    #[test]
    fn layouts_stay_in_their_band() {
        for square in [false, true] {
            let band = Band {
                half: 3.0,
                inside: 4.0,
                square,
                gap: 0.2,
            };
            let inside = |x: f64, y: f64| {
                if square {
                    x.abs() <= 3.0 + 1e-9 && y.abs() <= 3.0 + 1e-9
                } else {
                    x * x + y * y <= 9.0 + 1e-9
                }
            };
            for lines in [
                vec![],
                vec![Line::number("7", 4.2)],
                vec![Line::number("12", 3.0), Line::words("Oil", 1.0)],
            ] {
                let layout = band.layout(&lines, 0.0).expect("fits");
                let ((left, top), side) = layout.picture.expect("a pictogram");
                for (px, py) in [(left, top), (left + side, top), (left, top + side), (left + side, top + side)] {
                    assert!(inside(px, py), "{square} {px} {py}");
                }
                for (line, b) in lines.iter().zip(&layout.baselines) {
                    let half = line.width / 2.0;
                    assert!(inside(half, b - line.above) && inside(half, b + line.below), "{square}");
                    assert!(b - line.above >= top + side, "a line over the pictogram");
                }
            }
            assert!(band.layout(&[Line::words("a name far too long", 2.0)], 0.0).is_none());
        }
    }

    #[test]
    fn names_are_never_smaller_than_the_least_font() {
        let roomy = Band {
            half: 10.0,
            inside: 13.0,
            square: false,
            gap: 0.5,
        };
        let font = roomy.name_font("Critters", None, 14.0).expect("room for a name");
        assert!((MIN_TEXT..=NAME_SHARE * 14.0).contains(&font));
        let tight = Band {
            half: 2.5,
            inside: 3.3,
            square: false,
            gap: 0.2,
        };
        assert_eq!(tight.name_font("Critters", None, 3.4), None);
    }
}
