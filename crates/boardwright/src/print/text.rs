//! Words on paper: a generous measure of their width, a font size that
//! fits, a line of text, and words broken into lines by the caption's
//! still more generous measure (no letter of the embedded font wider).

use scene::{Anchor, Color, Shape};

use super::SMALL_TEXT;

/// A generous estimate of the width of `text` at font size `size`: the
/// embedded font's widest common letters are about 0.7 em, most about 0.55.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' => 0.34,
            'm' | 'w' | 'M' | 'W' | '@' => 0.9,
            c if c.is_ascii_uppercase() || c.is_ascii_digit() => 0.7,
            _ => 0.62,
        })
        .sum::<f64>()
        * size
}

/// A font size for `words` to fit `width` millimetres, at most `most`.
pub(crate) fn fit(words: &str, width: f64, most: f64) -> f64 {
    most.min(width / text_width(words, 1.0).max(1e-9))
}

/// A line of text.
pub(crate) fn text(at: (f64, f64), content: impl Into<String>, size: f64, anchor: Anchor, color: Color) -> Shape {
    Shape::Text {
        at,
        content: content.into(),
        size,
        anchor,
        color,
    }
}

/// A width of `text` in [`SMALL_TEXT`] no letter of the embedded font (DejaVu
/// Sans) exceeds, more generous than [`text_width`]: a seed may be any text,
/// a run of its widest letters (`W`, `@`: a full em) or of letters outside
/// ASCII (up to a full em) included. The caption's lines are broken by it.
pub(super) fn caption_width(text: &str) -> f64 {
    text.chars().map(caption_em).sum::<f64>() * SMALL_TEXT
}

/// [`caption_width`]'s width of one letter, in em: at least DejaVu Sans'
/// advance for every ASCII letter.
pub(super) fn caption_em(c: char) -> f64 {
    match c {
        ' ' | 'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' => 0.4,
        'm' | 'M' | 'W' | '@' | '%' => 1.0,
        'w' | '&' | '#' | '~' | '+' | '=' | '<' | '>' => 0.85,
        c if c.is_ascii_uppercase() => 0.8,
        c if c.is_ascii() => 0.65,
        _ => 1.0,
    }
}

/// Whether `text` fits in `width` millimetres by [`caption_width`].
pub(super) fn fits(text: &str, width: f64) -> bool {
    caption_width(text) <= width + 1e-9
}

/// Puts `piece` at the end of `line`, after `sep`, when the line still fits
/// in `width` (true); else moves `line`, unless empty, to `lines` and leaves
/// it empty (false).
pub(super) fn extend(lines: &mut Vec<String>, line: &mut String, sep: &str, piece: &str, width: f64) -> bool {
    let joined = if line.is_empty() {
        piece.to_string()
    } else {
        format!("{line}{sep}{piece}")
    };
    if fits(&joined, width) {
        *line = joined;
        return true;
    }
    if !line.is_empty() {
        lines.push(std::mem::take(line));
    }
    false
}

/// `words` in lines no wider than `width` millimetres at font size `size`,
/// by the same generous measure as the caption's lines.
pub(crate) fn wrap_words(words: &str, width: f64, size: f64) -> Vec<String> {
    break_words(words, width * SMALL_TEXT / size)
}

/// `words` in lines no wider than `width`, broken at spaces, a word too
/// long for a line between its letters.
pub(super) fn break_words(words: &str, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in words.split(' ') {
        if extend(&mut lines, &mut line, " ", word, width) {
            continue;
        }
        let mut rest: Vec<char> = word.chars().collect();
        while !rest.is_empty() {
            let n = fitting("", &rest, width).max(1);
            let chunk: String = rest.drain(..n.min(rest.len())).collect();
            if rest.is_empty() {
                line = chunk;
            } else {
                lines.push(chunk);
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// How many of `chars` fit after `head` in `width`.
pub(super) fn fitting(head: &str, chars: &[char], width: f64) -> usize {
    let mut used = caption_width(head) / SMALL_TEXT;
    let mut n = 0;
    for &c in chars {
        used += caption_em(c);
        if used * SMALL_TEXT > width + 1e-9 {
            break;
        }
        n += 1;
    }
    n
}
