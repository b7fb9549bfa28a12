//! Words set in columns, over as many pages as they take: a printed card.
//!
//! Each [`Block`] is a swatch (or none) and words beside it, broken into
//! lines that fit its column. Blocks run down a column, then on in the
//! next, then onto a new page: the words keep their size however many
//! there are. A page holds as many columns as are at least [`NARROWEST`]
//! wide; a block never starts a column when it asks to stay with the next
//! and the two would not fit together.

use scene::{Anchor, Page, Paper, Shape, Tag};

use super::{INK, LEGEND_TEXT, MARGIN, SMALL_TEXT, place, text, wrap_words};

/// The narrowest column, millimetres.
const NARROWEST: f64 = 90.0;
/// Room between columns, millimetres.
const COLUMN_GAP: f64 = 8.0;
/// From one line to the next, as a part of the font size.
const LEADING: f64 = 1.35;
/// Room below a block, millimetres.
const AFTER: f64 = 1.6;
/// Side of a block's swatch, and room between it and its words, millimetres.
const SWATCH: f64 = 5.6;
const SWATCH_GAP: f64 = 2.0;
/// Inset of a swatch's drawing in its square, so that strokes stay inside.
const INSET: f64 = 0.3;
/// Room kept at the foot of a page for its number, millimetres.
const FOOT: f64 = SMALL_TEXT * 2.0;

/// A card's title, headings and lines: font sizes, millimetres.
const CARD_TITLE: f64 = 5.0;
const CARD_HEADING: f64 = 3.4;
const CARD_WORDS: f64 = LEGEND_TEXT;
/// Room above a card's heading, millimetres.
const ABOVE_HEADING: f64 = 2.5;

/// A swatch and words, in a group tagged `tag`.
pub(crate) struct Block {
    /// Drawn in the unit box `[0,1]²`, beside the words' first line.
    pub swatch: Option<Vec<Shape>>,
    /// The words, broken into lines to fit the column.
    pub words: String,
    /// Their font size, millimetres.
    pub size: f64,
    /// Room above the block, millimetres, unless it starts a column.
    pub before: f64,
    /// Whether it starts a column rather than end one without the next.
    pub keep_with_next: bool,
    pub tag: Tag,
}

impl Block {
    /// A card's line about `name`, a thing of kind `of`, led by `swatch` if
    /// any: a group tagged `rule` with `of` and `name`.
    pub(crate) fn rule(of: &str, name: &str, swatch: Option<Vec<Shape>>, words: String) -> Block {
        Block {
            swatch,
            words,
            size: CARD_WORDS,
            before: 0.0,
            keep_with_next: false,
            tag: Tag::new("rule").with("of", of).with("name", name),
        }
    }

    /// A card's heading, kept with the line after it.
    pub(crate) fn heading(words: &str) -> Block {
        Block {
            swatch: None,
            words: words.to_string(),
            size: CARD_HEADING,
            before: ABOVE_HEADING,
            keep_with_next: true,
            tag: Tag::new("heading"),
        }
    }

    /// A card's title, at its top.
    pub(crate) fn title(words: &str) -> Block {
        Block {
            size: CARD_TITLE,
            before: 0.0,
            keep_with_next: false,
            tag: Tag::new("title"),
            ..Block::heading(words)
        }
    }

    /// Where the words start, from the left of the column.
    fn indent(&self) -> f64 {
        if self.swatch.is_some() { SWATCH + SWATCH_GAP } else { 0.0 }
    }

    /// The first line's baseline, below the block's top.
    fn first_baseline(&self) -> f64 {
        if self.swatch.is_some() {
            SWATCH / 2.0 + self.size * 0.36
        } else {
            self.size * 0.95
        }
    }

    /// Its lines in a column `width` wide.
    fn lines(&self, width: f64) -> Vec<String> {
        wrap_words(&self.words, width - self.indent(), self.size)
    }

    /// Its height in a column `width` wide, the room below it included.
    fn height(&self, width: f64) -> f64 {
        let lines = self.lines(width).len().max(1) as f64;
        let words = self.first_baseline() + (lines - 1.0) * LEADING * self.size + 0.3 * self.size;
        let swatch = if self.swatch.is_some() { SWATCH } else { 0.0 };
        words.max(swatch) + AFTER
    }

    /// The block drawn with its top-left corner at `at` in a column `width` wide.
    fn draw(&self, at: (f64, f64), width: f64) -> Shape {
        let mut shapes: Vec<Shape> = self
            .swatch
            .iter()
            .flatten()
            .map(|s| place(s, (at.0 + INSET, at.1 + INSET), SWATCH - 2.0 * INSET))
            .collect();
        let x = at.0 + self.indent();
        for (i, line) in self.lines(width).into_iter().enumerate() {
            let y = at.1 + self.first_baseline() + i as f64 * LEADING * self.size;
            shapes.push(text((x, y), line, self.size, Anchor::Start, INK));
        }
        Shape::Group {
            tag: self.tag.clone(),
            shapes,
        }
    }
}

/// `template` with each `{key}` replaced by its value.
pub(crate) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(template.to_string(), |text, (key, value)| {
        text.replace(&format!("{{{key}}}"), value)
    })
}

/// `blocks` set in columns on landscape pages of `paper`, each page
/// numbered at its foot when there are several.
pub(crate) fn flow(blocks: &[Block], paper: Paper) -> Vec<Page> {
    let blank = Page::landscape(paper);
    let inner = blank.width - 2.0 * MARGIN;
    let columns = ((inner + COLUMN_GAP) / (NARROWEST + COLUMN_GAP)).floor().max(1.0);
    let width = (inner - (columns - 1.0) * COLUMN_GAP) / columns;
    let bottom = blank.height - MARGIN - FOOT;
    let mut pages: Vec<Vec<Shape>> = vec![Vec::new()];
    let (mut column, mut y, mut fresh) = (0.0, MARGIN, true);
    for (i, block) in blocks.iter().enumerate() {
        let height = block.height(width);
        let next = blocks.get(i + 1).filter(|_| block.keep_with_next);
        let needed = block.before + height + next.map_or(0.0, |n| n.before + n.height(width));
        if !fresh && y + needed > bottom {
            column += 1.0;
            if column == columns {
                column = 0.0;
                pages.push(Vec::new());
            }
            (y, fresh) = (MARGIN, true);
        }
        if !fresh {
            y += block.before;
        }
        let x = MARGIN + column * (width + COLUMN_GAP);
        if let Some(page) = pages.last_mut() {
            page.push(block.draw((x, y), width));
        }
        y += height;
        fresh = false;
    }
    let count = pages.len();
    pages
        .into_iter()
        .enumerate()
        .map(|(k, mut shapes)| {
            if count > 1 {
                let foot = format!("page {} of {count}", k + 1);
                let at = (blank.width - MARGIN, blank.height - MARGIN - SMALL_TEXT * 0.3);
                shapes.push(text(at, foot, SMALL_TEXT, Anchor::End, INK).tagged(Tag::new("page-number")));
            }
            Page { shapes, ..blank.clone() }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(words: &str) -> Block {
        Block {
            swatch: Some(Vec::new()),
            words: words.to_string(),
            size: 2.8,
            before: 0.0,
            keep_with_next: false,
            tag: Tag::new("block"),
        }
    }

    #[test]
    fn long_lists_flow_onto_more_pages_at_the_same_size() {
        let blocks: Vec<Block> = (0..400).map(|i| block(&format!("entry {i}, a few words long"))).collect();
        for paper in [Paper::A5, Paper::A4, Paper::A3] {
            let pages = flow(&blocks, paper);
            assert!(pages.len() > 1, "{paper:?}");
            let texts: usize = pages
                .iter()
                .flat_map(|p| &p.shapes)
                .filter(|s| matches!(s, Shape::Group { .. }))
                .count();
            assert_eq!(texts, blocks.len());
        }
        assert_eq!(flow(&blocks[..3], Paper::A4).len(), 1);
    }

    #[test]
    fn a_heading_stays_with_what_follows() {
        let mut blocks: Vec<Block> = (0..200).map(|i| block(&format!("entry {i}"))).collect();
        for (i, b) in blocks.iter_mut().enumerate() {
            b.keep_with_next = i % 7 == 0;
        }
        let pages = flow(&blocks, Paper::A5);
        let tops: Vec<f64> = pages
            .iter()
            .flat_map(|p| &p.shapes)
            .filter_map(|s| match s {
                Shape::Group { tag, shapes } if tag.class == "block" => match shapes.last() {
                    Some(Shape::Text { at, .. }) => Some(at.1),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        // A kept block is never the last of its column: the next is below it.
        for (i, pair) in tops.windows(2).enumerate() {
            if blocks[i].keep_with_next {
                assert!(pair[1] > pair[0], "block {i} ends a column without the next");
            }
        }
    }
}
