//! What every printed page shares: the paper and its margin, shapes placed
//! from a unit box (icons, legend swatches), and the legend with the line
//! that says how to make the board again.
//!
//! A legend is a `<g class="legend">`: one row of entries after another, each
//! entry a swatch drawn in a small square and its words, then the caption
//! (generator, seed, players) in small type.

use scene::{Anchor, Color, Page, Paper, Shape, Style, Tag};
use toml::Value;

use crate::DrawOptions;
use crate::params::{Params, parse_set_value};

mod columns;
mod sheets;

pub(crate) use columns::{Block, fill, flow};
pub use sheets::Tile;
pub(crate) use sheets::{cut, cut_double_sided};

pub(crate) use scene::PRINT_MARGIN as MARGIN;

/// Dark ink for outlines and words.
pub(crate) const INK: Color = Color::rgb(0x22, 0x22, 0x22);
/// Font size of the legend's words, millimetres.
pub(crate) const LEGEND_TEXT: f64 = 2.8;
/// Font size of the caption and instructions, millimetres.
pub(crate) const SMALL_TEXT: f64 = 2.2;
/// Side of a legend swatch, millimetres.
const SWATCH: f64 = 4.5;
/// Inset of a swatch's drawing in its square, so that strokes stay inside.
const SWATCH_INSET: f64 = 0.3;
/// Side of the square a swatch's unit box is drawn into, millimetres: a
/// line of width `w` on the board is `w / SWATCH_SIDE` in the unit box.
pub(crate) const SWATCH_SIDE: f64 = SWATCH - 2.0 * SWATCH_INSET;
/// Space between a swatch and its words, and between entries.
const GAP: f64 = 1.5;
const ENTRY_GAP: f64 = 5.0;
/// Height of one legend row.
const ROW: f64 = 6.5;

/// An empty landscape page for a board drawn with `options`: one sheet of
/// its paper, or as large as its tile of sheets makes together.
pub(crate) fn page(options: &DrawOptions) -> Page {
    sheets::board_page(options.paper, options.tile)
}

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

/// `shape`, drawn in the unit box `[0,1]²`, moved so that box becomes the
/// square at `origin` of side `side` (stroke widths and text scale too).
pub(crate) fn place(shape: &Shape, origin: (f64, f64), side: f64) -> Shape {
    let p = |(x, y): (f64, f64)| (origin.0 + x * side, origin.1 + y * side);
    let style = |s: &scene::Style| scene::Style {
        stroke_width: s.stroke_width * side,
        dash: s.dash.map(|d| d * side),
        ..*s
    };
    match shape {
        Shape::Line { from, to, style: s } => Shape::Line {
            from: p(*from),
            to: p(*to),
            style: style(s),
        },
        Shape::Circle { center, radius, style: s } => Shape::Circle {
            center: p(*center),
            radius: radius * side,
            style: style(s),
        },
        Shape::Rect { origin: o, size, style: s } => Shape::Rect {
            origin: p(*o),
            size: (size.0 * side, size.1 * side),
            style: style(s),
        },
        Shape::Polygon { points, style: s } => Shape::Polygon {
            points: points.iter().map(|&q| p(q)).collect(),
            style: style(s),
        },
        Shape::Text {
            at,
            content,
            size,
            anchor,
            color,
        } => Shape::Text {
            at: p(*at),
            content: content.clone(),
            size: size * side,
            anchor: *anchor,
            color: *color,
        },
        Shape::Image { origin: o, size, svg } => Shape::Image {
            origin: p(*o),
            size: (size.0 * side, size.1 * side),
            svg: svg.clone(),
        },
        Shape::Tagged { tag, shape } => place(shape, origin, side).tagged(tag.clone()),
        Shape::Window {
            origin: o,
            size,
            view,
            shapes,
        } => Shape::Window {
            origin: p(*o),
            size: (size.0 * side, size.1 * side),
            view: *view,
            shapes: shapes.clone(),
        },
        Shape::Group { tag, shapes } => Shape::Group {
            tag: tag.clone(),
            shapes: shapes.iter().map(|s| place(s, origin, side)).collect(),
        },
    }
}

/// One entry of a legend: a swatch drawn in the unit box and what it means.
pub(crate) struct Entry {
    /// The swatch, in the unit box `[0,1]²`.
    pub swatch: Vec<Shape>,
    /// What it stands for.
    pub words: String,
}

impl Entry {
    pub(crate) fn new(swatch: Vec<Shape>, words: impl Into<String>) -> Entry {
        Entry {
            swatch,
            words: words.into(),
        }
    }

    /// An entry whose swatch is a line of `style` across the box's middle.
    pub(crate) fn line(style: Style, words: impl Into<String>) -> Entry {
        let line = Shape::Line {
            from: (0.0, 0.5),
            to: (1.0, 0.5),
            style,
        };
        Entry::new(vec![line], words)
    }

    fn width(&self) -> f64 {
        SWATCH + GAP + text_width(&self.words, LEGEND_TEXT)
    }
}

/// The rows `entries` take in a box `width` wide: indices of each row's entries.
fn rows(entries: &[Entry], width: f64) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut used = f64::INFINITY;
    for (i, e) in entries.iter().enumerate() {
        let w = e.width();
        if used + ENTRY_GAP + w > width {
            rows.push(Vec::new());
            used = -ENTRY_GAP;
        }
        used += ENTRY_GAP + w;
        if let Some(row) = rows.last_mut() {
            row.push(i);
        }
    }
    rows
}

/// The height a legend of `entries` and `lines` lines of small type takes in
/// a box `width` wide.
pub(crate) fn legend_height(entries: &[Entry], lines: usize, width: f64) -> f64 {
    rows(entries, width).len() as f64 * ROW + lines as f64 * SMALL_TEXT * 1.4
}

/// The legend: `entries` in rows from the top-left corner `at` within a box
/// `width` wide, then `lines` in small type.
///
/// `backed` puts a white label behind each entry and line, for a legend that
/// lies over the board's own lines (the witches sheet, whose cells run to the
/// margin): the lines pass behind the words instead of through them.
pub(crate) fn legend(entries: &[Entry], lines: &[String], at: (f64, f64), width: f64, backed: bool) -> Shape {
    let mut shapes = Vec::new();
    let label = |shapes: &mut Vec<Shape>, origin: (f64, f64), size: (f64, f64)| {
        if backed {
            shapes.push(Shape::Rect {
                origin: (origin.0 - 0.8, origin.1 - 0.5),
                size: (size.0 + 1.6, size.1 + 1.0),
                style: scene::Style::fill(Color::WHITE),
            });
        }
    };
    let mut y = at.1;
    for row in rows(entries, width) {
        let mut x = at.0;
        for i in row {
            let e = &entries[i];
            let top = y + (ROW - SWATCH) / 2.0;
            label(&mut shapes, (x, top), (e.width(), SWATCH));
            shapes.extend(
                e.swatch
                    .iter()
                    .map(|s| place(s, (x + SWATCH_INSET, top + SWATCH_INSET), SWATCH_SIDE)),
            );
            shapes.push(text(
                (x + SWATCH + GAP, top + SWATCH / 2.0 + LEGEND_TEXT * 0.36),
                e.words.clone(),
                LEGEND_TEXT,
                Anchor::Start,
                INK,
            ));
            x += e.width() + ENTRY_GAP;
        }
        y += ROW;
    }
    for line in lines {
        y += SMALL_TEXT * 1.4;
        label(
            &mut shapes,
            (at.0, y - SMALL_TEXT * 1.1),
            (text_width(line, SMALL_TEXT), SMALL_TEXT * 1.1),
        );
        shapes.push(text((at.0, y - SMALL_TEXT * 0.3), line.clone(), SMALL_TEXT, Anchor::Start, INK).tagged(Tag::new("caption")));
    }
    Shape::Group {
        tag: Tag::new("legend"),
        shapes,
    }
}

/// What a printed board says so that it can be made again: the generator,
/// the seed, the players (or the size), the paper, and every parameter that
/// differs from the generator's defaults, as `key=value` the way `--set`
/// reads it.
pub(crate) struct Caption {
    /// The generator, as the page names it.
    pub generator: String,
    /// The seed text, in full.
    pub seed: String,
    /// How many players or how big: `4 players`, `24 x 24 tiles`.
    pub extent: String,
    /// The paper the page is laid out for.
    pub paper: Paper,
    /// The sheets of it the board is printed over.
    pub tile: Tile,
    /// The parameters that differ from the defaults (see [`changed_settings`]).
    pub settings: Vec<String>,
}

/// Between the pieces of a line of the caption.
const DOT: &str = " \u{b7} ";
/// Said before a seed too long for one line, whose lines are broken between
/// two of its characters, never at a space: joined, they give it back.
const SEED_SPLIT: &str = "seed (join its lines with no space) \"";

impl Caption {
    /// The caption of a board made with `params` from `seed`; the parameters
    /// named in `shown` are on the page already (in `extent`) and are not
    /// repeated among the settings.
    pub(crate) fn new<P: Params>(
        generator: &str,
        seed: &str,
        extent: String,
        options: &DrawOptions,
        params: &P,
        shown: &[&str],
    ) -> Caption {
        Caption {
            generator: generator.to_string(),
            seed: seed.to_string(),
            extent,
            paper: options.paper,
            tile: options.tile,
            settings: changed_settings(params, shown),
        }
    }

    /// The caption as running text, `generator · seed "…" · 4 players ·
    /// key=value · a4 paper · made with boardwright`, broken into lines no
    /// wider than `width` millimetres (in [`SMALL_TEXT`]).
    pub(crate) fn flowing(&self, width: f64) -> Vec<String> {
        let mut pieces = vec![Piece::Words(self.generator.clone()), Piece::Seed(self.seed.clone())];
        pieces.push(Piece::Words(self.extent.clone()));
        pieces.extend(self.settings.iter().cloned().map(Piece::Words));
        pieces.push(Piece::Words(self.paper_words()));
        pieces.push(Piece::Words("made with boardwright".to_string()));
        wrap(&pieces, width)
    }

    /// The caption stacked for a narrow column: the generator, the seed,
    /// `extent, paper`, the settings, `made with boardwright`, each starting
    /// a line and broken into lines no wider than `width` millimetres.
    pub(crate) fn stacked(&self, width: f64) -> Vec<String> {
        let mut lines = wrap(&[Piece::Words(self.generator.clone())], width);
        lines.extend(wrap(&[Piece::Seed(self.seed.clone())], width));
        lines.extend(wrap(&[Piece::Words(format!("{}, {}", self.extent, self.paper_words()))], width));
        if !self.settings.is_empty() {
            let settings: Vec<Piece> = self.settings.iter().cloned().map(Piece::Words).collect();
            lines.extend(wrap(&settings, width));
        }
        lines.push("made with boardwright".to_string());
        lines
    }

    /// `a4 paper`, or `2x2 sheets of a4 paper`.
    fn paper_words(&self) -> String {
        match self.tile {
            Tile::ONE => format!("{} paper", self.paper.name()),
            tile => format!("{tile} sheets of {} paper", self.paper.name()),
        }
    }
}

/// The parameters of `params` that differ from `P`'s defaults, in the order
/// of `P`'s parameter table, leaving out those in `shown`: `key=value` as
/// `--set key=value` reads it back, or, for a table or a list (a dictionary,
/// a pipeline), too long for a caption, `key: custom, see the JSON`; a
/// short list of words in full.
pub(crate) fn changed_settings<P: Params>(params: &P, shown: &[&str]) -> Vec<String> {
    crate::params::Params::changed(params)
        .into_iter()
        .filter(|(name, _)| !shown.contains(name))
        .map(|(name, value)| match value {
            None => format!("{name}: not set"),
            // A short list of words (the expansions, say) as `--set` reads it.
            Some(Value::Array(items)) if items.iter().all(|v| v.as_str().is_some_and(|s| s.len() <= 40)) && items.len() <= 8 => {
                format!("{name}={}", Value::Array(items))
            }
            Some(Value::Array(_) | Value::Table(_)) => format!("{name}: custom, see the JSON"),
            Some(Value::String(s))
                if !s.is_empty() && !s.contains(char::is_whitespace) && parse_set_value(&s) == Value::String(s.clone()) =>
            {
                format!("{name}={s}")
            }
            Some(other) => format!("{name}={other}"),
        })
        .collect()
}

/// A piece of a caption line: kept whole on a line when it fits.
enum Piece {
    /// Words: too long for a line, they break between words (or, a word too
    /// long itself, between letters).
    Words(String),
    /// The seed, written `seed "…"`: too long for a line, it breaks between
    /// two of its letters, never at a space, and says so.
    Seed(String),
}

/// A width of `text` in [`SMALL_TEXT`] no letter of the embedded font (DejaVu
/// Sans) exceeds, more generous than [`text_width`]: a seed may be any text,
/// a run of its widest letters (`W`, `@`: a full em) or of letters outside
/// ASCII (up to a full em) included. The caption's lines are broken by it.
fn caption_width(text: &str) -> f64 {
    text.chars().map(caption_em).sum::<f64>() * SMALL_TEXT
}

/// [`caption_width`]'s width of one letter, in em: at least DejaVu Sans'
/// advance for every ASCII letter.
fn caption_em(c: char) -> f64 {
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
fn fits(text: &str, width: f64) -> bool {
    caption_width(text) <= width + 1e-9
}

/// Puts `piece` at the end of `line`, after `sep`, when the line still fits
/// in `width` (true); else moves `line`, unless empty, to `lines` and leaves
/// it empty (false).
fn extend(lines: &mut Vec<String>, line: &mut String, sep: &str, piece: &str, width: f64) -> bool {
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

/// `pieces` joined by ` · ` into lines no wider than `width` millimetres: a
/// piece goes on the line so far when it fits there, else starts a line; a
/// piece too wide for a line of its own is broken over several.
fn wrap(pieces: &[Piece], width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for piece in pieces {
        let whole = match piece {
            Piece::Words(words) => words.clone(),
            Piece::Seed(seed) => format!("seed \"{seed}\""),
        };
        if extend(&mut lines, &mut line, DOT, &whole, width) {
            continue;
        }
        if fits(&whole, width) {
            line = whole;
            continue;
        }
        let mut parts = match piece {
            Piece::Words(words) => break_words(words, width),
            Piece::Seed(seed) => break_seed(seed, width),
        };
        line = parts.pop().unwrap_or_default();
        lines.extend(parts);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `words` in lines no wider than `width` millimetres at font size `size`,
/// by the same generous measure as the caption's lines.
pub(crate) fn wrap_words(words: &str, width: f64, size: f64) -> Vec<String> {
    break_words(words, width * SMALL_TEXT / size)
}

/// `words` in lines no wider than `width`, broken at spaces, a word too
/// long for a line between its letters.
fn break_words(words: &str, width: f64) -> Vec<String> {
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
fn fitting(head: &str, chars: &[char], width: f64) -> usize {
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

/// The seed over several lines no wider than `width`: the first says how to
/// read it, each break falls between two letters that are not spaces (when
/// the seed has any such place in reach), and the last closes the quote.
fn break_seed(seed: &str, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut head = SEED_SPLIT.to_string();
    let mut rest: Vec<char> = seed.chars().collect();
    if fitting(&head, &rest, width) == 0 {
        // Too narrow for the note and a letter: the note on lines of its own.
        lines.extend(break_words(SEED_SPLIT.trim_end_matches('"').trim_end(), width));
        head = "\"".to_string();
    }
    loop {
        // The last line carries the closing quote.
        let closing = format!("{head}{}\"", rest.iter().collect::<String>());
        if fits(&closing, width) {
            lines.push(closing);
            return lines;
        }
        let most = fitting(&head, &rest, width).max(1).min(rest.len() - 1);
        // Back off to a place between two letters neither of which is a space.
        let cut = (1..=most)
            .rev()
            .find(|&k| !rest[k - 1].is_whitespace() && !rest[k].is_whitespace())
            .unwrap_or(most);
        let chunk: String = rest.drain(..cut).collect();
        lines.push(format!("{head}{chunk}"));
        head = String::new();
    }
}

/// A page with a legend in a column at its right: the legend, and the
/// printable rectangle left for the drawing `[x0, y0, x1, y1]`. The column is
/// as wide as its widest entry or caption line, at most 80 mm, and wider when
/// the legend would not fit the page's height otherwise; longer caption
/// lines are broken to fit it.
pub(crate) fn legend_at_right(page: &mut Page, entries: &[Entry], caption: &Caption) -> [f64; 4] {
    let widest = entries
        .iter()
        .map(Entry::width)
        .chain(caption.stacked(f64::INFINITY).iter().map(|l| caption_width(l)))
        .fold(0.0, f64::max);
    // As narrow as the widest entry (at most 80 mm), widened step by step
    // while the entries, two or more to a row then, and the caption do not
    // fit the page's height (up to half the page).
    let room = page.height - 2.0 * MARGIN;
    let fits = |width: f64| legend_height(entries, caption.stacked(width).len(), width) <= room;
    let mut width = widest.min(80.0);
    while !fits(width) && width + 5.0 <= page.width / 2.0 {
        width += 5.0;
    }
    let lines = caption.stacked(width);
    let x = page.width - MARGIN - width;
    let height = legend_height(entries, lines.len(), width);
    let y = MARGIN + ((page.height - 2.0 * MARGIN - height) / 2.0).max(0.0);
    page.shapes.push(legend(entries, &lines, (x, y), width, false));
    // A millimetre inside the margin, so that outlines drawn on the
    // rectangle's edge keep their stroke off the margin.
    [MARGIN + 1.0, MARGIN + 1.0, x - 4.0, page.height - MARGIN - 1.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legend_rows_fit_their_box() {
        let entries: Vec<Entry> = (0..12).map(|i| Entry::new(Vec::new(), format!("entry number {i}"))).collect();
        for width in [60.0, 120.0, 260.0] {
            for row in rows(&entries, width) {
                let used: f64 = row.iter().map(|&i| entries[i].width()).sum::<f64>() + ENTRY_GAP * (row.len() - 1) as f64;
                assert!(row.len() == 1 || used <= width, "{used} > {width}");
            }
        }
        assert_eq!(rows(&entries, 1000.0).len(), 1);
    }

    #[test]
    fn long_seeds_break_between_letters_and_join_back() {
        let seed = "a seed of many words, W@W@ and more words, as long as a line or three ".repeat(2);
        for width in [40.0, 80.0, 150.0] {
            assert!(caption_width(&seed) > width);
            let lines = wrap(&[Piece::Words("Map".into()), Piece::Seed(seed.clone())], width);
            assert_eq!(lines[0], "Map");
            for line in &lines {
                assert!(caption_width(line) <= width + 1e-9, "{line:?} wider than {width}");
                assert!(!line.starts_with(' ') && !line.ends_with(' '), "{line:?}");
            }
            // The note, on lines of its own when too narrow to share one.
            let quote = lines.iter().position(|l| l.starts_with('"')).unwrap_or(1);
            let note = lines[1..quote].join(" ");
            let joined = format!("{note}{}", lines[quote..].concat());
            assert_eq!(
                joined,
                format!("{SEED_SPLIT}{seed}\"")
                    .replace(") \"", ")\"")
                    .replacen(")\"", if quote > 1 { ")\"" } else { ") \"" }, 1)
            );
        }
    }

    #[test]
    fn pieces_share_a_line_while_they_fit() {
        let pieces: Vec<Piece> = ["one", "two", "three"].iter().map(|w| Piece::Words(w.to_string())).collect();
        assert_eq!(wrap(&pieces, 100.0), ["one \u{b7} two \u{b7} three"]);
        let narrow = caption_width("one \u{b7} two");
        assert_eq!(wrap(&pieces, narrow), ["one \u{b7} two", "three"]);
        let text = "a few words here, and a word longer than a line: abcdefghijklmnopqrstuvwxyz";
        let width = caption_width("a few words");
        let lines = wrap(&[Piece::Words(text.into())], width);
        assert!(
            lines.len() > 3 && lines.iter().all(|l| caption_width(l) <= width + 1e-9),
            "{lines:?}"
        );
        assert_eq!(lines[0], "a few words");
        // Nothing lost: the same letters in the same order.
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
    }

    #[test]
    fn placing_scales_the_unit_box() {
        let c = Shape::Circle {
            center: (0.5, 0.5),
            radius: 0.5,
            style: scene::Style::stroke(INK, 0.1),
        };
        match place(&c, (10.0, 20.0), 4.0) {
            Shape::Circle { center, radius, style } => {
                assert_eq!(center, (12.0, 22.0));
                assert_eq!(radius, 2.0);
                assert!((style.stroke_width - 0.4).abs() < 1e-12);
            }
            other => panic!("{other:?}"),
        }
    }
}
