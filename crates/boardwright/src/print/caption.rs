//! What a printed board says so that it can be made again, as running text
//! in lines that fit: under the board, or in the legend's column.

use scene::Paper;
use toml::Value;

use super::Tile;
use super::text::{break_words, extend, fits, fitting};
use crate::DrawOptions;
use crate::params::{Params, read_value};

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
            Some(Value::String(s)) if !s.is_empty() && !s.contains(char::is_whitespace) && read_value(&s) == Value::String(s.clone()) => {
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

#[cfg(test)]
mod tests {
    use super::super::text::caption_width;
    use super::*;

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
}
