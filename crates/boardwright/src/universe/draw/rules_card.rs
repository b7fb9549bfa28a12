//! The rules card: a page (or more) after a universe board's sheets that
//! says in players' words what every node type, mission and piece on this
//! board does, each line led by the pictogram the board draws it with, in
//! its category's colour where the board has one.
//!
//! The words are data: node types', missions', pieces' and node sets' own
//! `rule`, and for the rest (the base rules, headings, the board's marks)
//! `rules_card.toml`. A node type or mission without a rule is named, with
//! its category. A rule the original's sources leave open carries the
//! card's mark of a reading, which a line after the base rules explains
//! when any line has it. Each line is a group tagged `rule` with what it is
//! about (`of`: `type`, `number`, `mission`, `piece`, `set`, `centre`,
//! `dot`, `base`, `reading`) and its `name`.

use std::sync::LazyLock;

use scene::{Page, Shape};
use serde::Deserialize;

use super::legend::{centre_swatch, dot_swatch, mission_swatch, missions_dealt, numbered, type_swatch, types_used};
use super::look::Look;
use crate::DrawOptions;
use crate::print::{Block, fill, flow};
use crate::universe::Board;
use crate::universe::expansions::{self, Switched};

/// What `rules_card.toml` holds.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Text {
    title: String,
    board: String,
    base: Vec<String>,
    mark: String,
    reading: String,
    centre: String,
    power_dot: String,
    starts: String,
    numbered: String,
    headings: Headings,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Headings {
    game: String,
    board: String,
    types: String,
    missions: String,
    expansions: String,
}

static TEXT: LazyLock<Text> = LazyLock::new(|| toml::from_str(include_str!("rules_card.toml")).expect("the rules card's words are TOML"));

/// A line about `name`, a thing of kind `of`, led by `swatch` if any.
fn line(of: &str, name: &str, swatch: Option<Vec<Shape>>, words: String) -> Block {
    Block::rule(of, name, swatch, words)
}

/// A heading, kept with the line after it.
fn heading(words: &str) -> Block {
    Block::heading(words)
}

/// `name: rule`, or `name` alone when there is no rule.
fn with_rule(name: String, rule: Option<&str>) -> String {
    match rule {
        Some(rule) => format!("{name}: {rule}"),
        None => name,
    }
}

/// The rules card of `board` on pages of `options.paper`, as many as its
/// lines take.
pub(crate) fn pages(board: &Board, options: &DrawOptions) -> Vec<Page> {
    let text = &*TEXT;
    let look = Look::new(board, options);
    let players = board.header.params.players.to_string();
    let mut blocks = vec![
        Block::title(&text.title),
        line(
            "board",
            "board",
            None,
            fill(&text.board, &[("seed", &board.header.seed), ("players", &players)]),
        ),
        heading(&text.headings.game),
    ];
    for (i, sentence) in text.base.iter().enumerate() {
        blocks.push(line("base", &(i + 1).to_string(), None, format!("\u{2022} {sentence}")));
    }
    if let Some(sentence) = board.remedy.sentence(board.header.params.players) {
        blocks.push(line("remedy", "remedy", None, format!("\u{2022} {sentence}")));
    }
    // What the mark of a reading means goes here, once the card's lines
    // show whether any carries it.
    let reading_at = blocks.len();

    blocks.push(heading(&text.headings.board));
    blocks.push(line("centre", "centre", Some(centre_swatch(&look)), text.centre.clone()));
    blocks.push(line("dot", "power dot", Some(dot_swatch(&look)), text.power_dot.clone()));
    if let Some((first, last)) = super::legend::start_labels(board) {
        let words = fill(&text.starts, &[("first", first), ("last", last)]);
        blocks.push(line(
            "starts",
            "start labels",
            Some(super::legend::start_label_swatch(first)),
            words,
        ));
    }

    let types = types_used(board, &look);
    if !types.is_empty() {
        blocks.push(heading(&text.headings.types));
    }
    for t in types {
        let name = format!("{} ({})", t.name, t.category);
        let words = with_rule(name, t.rule.as_deref());
        blocks.push(line("type", &t.name, Some(type_swatch(&look, &t.name, None)), words));
        if let Some(from) = t.number_from.as_deref().filter(|_| numbered(board, &t.name)) {
            let words = fill(&text.numbered, &[("type", &t.name), ("from", from)]);
            blocks.push(line("number", &t.name, Some(type_swatch(&look, &t.name, Some("3"))), words));
        }
    }

    let missions = missions_dealt(board);
    if !missions.is_empty() {
        blocks.push(heading(&text.headings.missions));
    }
    for kind in missions {
        let rule = board
            .header
            .params
            .missions
            .iter()
            .find(|m| m.name == kind)
            .and_then(|m| m.rule.as_deref());
        blocks.push(line(
            "mission",
            kind,
            Some(mission_swatch(&look, kind)),
            with_rule(kind.to_string(), rule),
        ));
    }

    let sets = Switched::of(&board.header.params).node_sets;
    let pieces = super::pieces::placed(board, &look);
    if sets.iter().any(|s| s.rule.is_some()) || !pieces.is_empty() {
        blocks.push(heading(&text.headings.expansions));
    }
    for set in sets {
        if let Some(rule) = &set.rule {
            // A set that numbers the centre speaks of it: its line is led by the centre.
            let swatch = set.center_number.as_ref().map(|_| centre_swatch(&look));
            blocks.push(line("set", &set.name, swatch, format!("{}: {rule}", set.title)));
        }
    }
    for (piece, kind, swatch) in pieces {
        let words = format!("{} ({kind}): {}", piece.name, piece.rule);
        blocks.push(line("piece", &piece.name, Some(swatch), words));
        // The original's expedition: what each count means.
        if std::ptr::eq(piece, expansions::original_expedition()) {
            for result in expansions::of_expansion(expansions::expedition_types(), expansions::EXTREME_EXPEDITIONS) {
                blocks.push(line("result", &result.name, None, format!("{}: {}", result.name, result.rule)));
            }
        }
    }
    if blocks.iter().any(|b| b.words.contains(&text.mark)) {
        blocks.insert(reading_at, line("reading", "reading", None, text.reading.clone()));
    }
    flow(&blocks, options.paper)
}
