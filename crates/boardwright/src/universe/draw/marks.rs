//! A crowded node's marks: where its pictogram cannot stand above its
//! number, the two stand side by side, the pictogram on the left, centred
//! in a disc (or a square), each at least its least size ([`LEAST_PICTURE`],
//! [`LEAST_NUMBER`]). A player cannot play a node without them, so they are
//! never dropped: where even this does not fit inside the outline, the page
//! is refused ([`super::check`]).

/// The least side of a pictogram a player needs, millimetres.
pub(super) const LEAST_PICTURE: f64 = 1.8;
/// The least font of a number, millimetres: the least font of words a
/// player reads, digits about 1.5 mm tall.
pub(super) const LEAST_NUMBER: f64 = super::MIN_TEXT;
/// Room between the pictogram and the number, millimetres.
const GAP: f64 = 0.1;

/// The marks laid out, from the node's centre: the pictogram's top-left
/// corner and side, and the number's box (left, top, width, height) and font.
#[derive(Clone, Copy, Debug)]
pub(super) struct Marks {
    pub picture: ((f64, f64), f64),
    pub number: ([f64; 4], f64),
}

/// The width and height of a number's box at a font, millimetres; nothing
/// for a node without a number.
pub(super) type NumberBox<'a> = &'a dyn Fn(f64) -> (f64, f64);

/// The half size of the disc (square) that holds a pictogram of side `p`
/// beside a box `w` by `h`, both centred.
fn need(square: bool, p: f64, (w, h): (f64, f64)) -> f64 {
    let wide = p + if w > 0.0 { GAP } else { 0.0 } + w;
    let tall = p.max(h);
    if square {
        wide.max(tall) / 2.0
    } else {
        ((wide / 2.0) * (wide / 2.0) + (tall / 2.0) * (tall / 2.0)).sqrt()
    }
}

/// The narrowest pictogram beside a number at `font`: [`LEAST_PICTURE`],
/// and, above the least font, no less than the number is tall.
fn narrowest(number: NumberBox, font: f64) -> f64 {
    if font > LEAST_NUMBER {
        LEAST_PICTURE.max(number(font).1)
    } else {
        LEAST_PICTURE
    }
}

/// The marks with a pictogram of side `side` beside the number at `font`.
fn placed(number: NumberBox, side: f64, font: f64) -> Marks {
    let (w, h) = number(font);
    let gap = if w > 0.0 { GAP } else { 0.0 };
    let left = -(side + gap + w) / 2.0;
    Marks {
        picture: ((left, -side / 2.0), side),
        number: ([left + side + gap, -h / 2.0, w, h], font),
    }
}

/// The half size of the disc (square) the marks need at their least sizes.
pub(super) fn least_half(square: bool, number: NumberBox) -> f64 {
    need(square, narrowest(number, LEAST_NUMBER), number(LEAST_NUMBER))
}

/// The marks at their least sizes, wherever they reach.
pub(super) fn least(number: NumberBox) -> Marks {
    placed(number, narrowest(number, LEAST_NUMBER), LEAST_NUMBER)
}

/// Where the marks go in a disc of radius `half` (a square of half side
/// `half`): the number as large as fits, up to `most`, beside a pictogram at
/// least as wide as the number is tall (at the least font, at least
/// [`LEAST_PICTURE`]), then as wide as fits. `None` when
/// even the least sizes do not fit.
pub(super) fn fit(half: f64, square: bool, most: f64, number: NumberBox) -> Option<Marks> {
    let fits = |side: f64, font: f64| need(square, side, number(font)) <= half;
    let room = |font: f64| fits(narrowest(number, font), font);
    let font = if room(most) {
        most
    } else if room(LEAST_NUMBER) {
        largest(LEAST_NUMBER, most, room)
    } else {
        return None;
    };
    let side = largest(narrowest(number, font), 2.0 * half, |side| fits(side, font));
    Some(placed(number, side, font))
}

/// The largest value from `lo` (which passes) up to `hi` that passes `ok`,
/// to within a millionth of the range.
fn largest(mut lo: f64, mut hi: f64, ok: impl Fn(f64) -> bool) -> f64 {
    for _ in 0..20 {
        let mid = (lo + hi) / 2.0;
        if ok(mid) { lo = mid } else { hi = mid }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digit(font: f64) -> (f64, f64) {
        (0.56 * font, 0.76 * font)
    }

    #[test]
    fn marks_stay_in_their_disc_at_least_their_least_sizes() {
        for half in [1.8, 2.0, 2.5, 4.0] {
            for square in [false, true] {
                let m = fit(half, square, 4.2, &digit).expect("room");
                let ((x, y), side) = m.picture;
                let ([nx, ny, w, h], font) = m.number;
                assert!(side >= LEAST_PICTURE && font >= LEAST_NUMBER);
                for (px, py) in [(x, y), (x, y + side), (nx + w, ny), (nx + w, ny + h)] {
                    let inside = if square {
                        px.abs().max(py.abs()) <= half + 1e-9
                    } else {
                        px * px + py * py <= half * half + 1e-9
                    };
                    assert!(inside, "{half} {square}: ({px}, {py})");
                }
                assert!(x + side < nx, "the pictogram meets the number");
            }
        }
        assert!(fit(1.2, false, 4.2, &digit).is_none());
    }
}
