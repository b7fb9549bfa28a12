//! Why a board is not drawn on the paper and sheets asked for, and on
//! which it would be: what a page offers as choices and the command line
//! says in words.

use std::fmt;

use super::Tile;
use crate::{DrawOptions, Paper};

/// A paper and how many sheets of it make the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sheets {
    /// The paper.
    pub paper: Paper,
    /// How many sheets of it, columns × rows.
    pub tile: Tile,
}

/// A board not drawn because a player would lose something on the paper
/// asked for (a mark too small to read), or because it is too large to
/// draw on any.
#[derive(Clone, Debug, PartialEq)]
pub struct Unprintable {
    /// Why, in words that name no command: "Traveler pictograms need nodes
    /// of at least 3.9 mm across; on A4 these nodes are 2.0 mm across".
    pub why: String,
    /// The papers and sheets on which the board is drawn whole, the choice
    /// nearest the one asked for first: a larger paper cut the same way,
    /// then this paper over more sheets; else the smallest that does. None
    /// when no paper does (the board can still be written as JSON).
    pub prints_on: Vec<Sheets>,
    /// The paper and sheets asked for.
    asked: Sheets,
}

impl Unprintable {
    /// A board that does not print as `options` ask, for `why`, and does on
    /// `prints_on` (see the field).
    pub(crate) fn on(why: String, options: &DrawOptions, prints_on: Vec<Sheets>) -> Unprintable {
        let asked = Sheets {
            paper: options.paper,
            tile: options.tile,
        };
        Unprintable { why, prints_on, asked }
    }

    /// A board too large to draw on any paper, for `why`.
    pub(crate) fn too_large(why: String) -> Unprintable {
        Unprintable::on(why, &DrawOptions::default(), Vec::new())
    }

    /// `sheets` in the command line's words, beside the paper asked for.
    fn named(&self, sheets: Sheets) -> String {
        match sheets.tile {
            Tile::ONE => format!("print on {}", sheets.paper.name()),
            tile if sheets.paper == self.asked.paper => format!("tile {tile}"),
            tile => format!("print on {} tiled {tile}", sheets.paper.name()),
        }
    }
}

/// The reason and what to do, in the command line's words: "…: tile 2x3",
/// "…: print on a3, or tile 2x2", "…: no paper or tiling prints it; write
/// .json instead".
impl fmt::Display for Unprintable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let named: Vec<String> = self.prints_on.iter().map(|&s| self.named(s)).collect();
        match named.as_slice() {
            [] => write!(f, "{}: no paper or tiling prints it; write .json instead", self.why),
            names => write!(f, "{}: {}", self.why, names.join(", or ")),
        }
    }
}

impl std::error::Error for Unprintable {}

/// Why a board does not print as `options` ask (`why` of each paper and
/// sheets: none where it prints), with the papers and sheets that would
/// do: of those with more room, least first, the first larger paper cut the
/// same way and the first tiling of this paper, else the first of all.
pub(crate) fn check_printable(options: &DrawOptions, why: impl Fn(&DrawOptions) -> Option<String>) -> Result<(), Unprintable> {
    let Some(reason) = why(options) else { return Ok(()) };
    let area = |s: &Sheets| s.paper.size().0 * s.paper.size().1 * f64::from(s.tile.count());
    let asked = Sheets {
        paper: options.paper,
        tile: options.tile,
    };
    let mut larger: Vec<Sheets> = Paper::ALL
        .into_iter()
        .flat_map(|paper| {
            (1..=Tile::MAX).flat_map(move |cols| {
                (1..=Tile::MAX).map(move |rows| Sheets {
                    paper,
                    tile: Tile { cols, rows },
                })
            })
        })
        .filter(|s| area(s) > area(&asked))
        .collect();
    larger.sort_by(|a, b| area(a).total_cmp(&area(b)).then(a.tile.rows.cmp(&b.tile.rows)));
    let fits = |s: Sheets| {
        let o = DrawOptions {
            paper: s.paper,
            tile: s.tile,
            ..options.clone()
        };
        why(&o).is_none()
    };
    // The most room first: where that does not print, nothing does.
    if larger.last().is_none_or(|&most| !fits(most)) {
        return Err(Unprintable::on(reason, options, Vec::new()));
    }
    let first = |keep: &dyn Fn(Sheets) -> bool| larger.iter().copied().find(|&s| keep(s) && fits(s));
    let paper = first(&|s| s.tile == options.tile);
    let tile = first(&|s| s.paper == options.paper);
    let prints_on = match (paper, tile) {
        (None, None) => first(&|_| true).into_iter().collect(),
        (paper, tile) => paper.into_iter().chain(tile).collect(),
    };
    Err(Unprintable::on(reason, options, prints_on))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_are_named_beside_the_paper_asked_for() {
        let options = DrawOptions::default();
        let a3 = Sheets {
            paper: Paper::A3,
            tile: Tile::ONE,
        };
        let tiled = |paper, cols, rows| Sheets {
            paper,
            tile: Tile { cols, rows },
        };
        let both = Unprintable::on("small".into(), &options, vec![a3, tiled(Paper::A4, 2, 2)]);
        assert_eq!(both.to_string(), "small: print on a3, or tile 2x2");
        let far = Unprintable::on("small".into(), &options, vec![tiled(Paper::A3, 3, 3)]);
        assert_eq!(far.to_string(), "small: print on a3 tiled 3x3");
        let none = Unprintable::too_large("large".into());
        assert_eq!(none.to_string(), "large: no paper or tiling prints it; write .json instead");
    }
}
