//! The rules card: a page (or more) after a hexet map's sheets that says in
//! players' words how the game goes with pens on the printed map, how it is
//! scored (the map's own points), and what joining each city type costs on
//! this map (its exact fewest roads), each city type led by its city as the
//! map draws it.
//!
//! The words are data (`rules_card.toml`). Each line is a group tagged
//! `rule` with what it is about (`of`: `board`, `game`, `scoring`, `type`)
//! and its `name`.

use std::sync::LazyLock;

use scene::Page;
use serde::Deserialize;

use super::city;
use crate::DrawOptions;
use crate::hexet::Board;
use crate::print::{Block, fill, flow};

/// What `rules_card.toml` holds.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Text {
    title: String,
    board: String,
    game: Vec<String>,
    scoring: Vec<String>,
    city_type: String,
    city_type_unknown: String,
    headings: Headings,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Headings {
    game: String,
    scoring: String,
    map: String,
}

static TEXT: LazyLock<Text> = LazyLock::new(|| toml::from_str(include_str!("rules_card.toml")).expect("the rules card's words are TOML"));

/// The rules card of `board` on pages of `options.paper`, as many as its
/// lines take.
pub(crate) fn pages(board: &Board, options: &DrawOptions) -> Vec<Page> {
    let text = &*TEXT;
    let params = &board.header.params;
    let values = [
        ("seed", board.header.seed.clone()),
        ("players", params.players.to_string()),
        ("types", params.city_types.to_string()),
        ("per_type", params.cities_per_type.to_string()),
        ("type_points", params.type_points.to_string()),
        ("tower_points", params.tower_points.to_string()),
        ("completion_points", params.completion_points.to_string()),
    ];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut blocks = vec![
        Block::title(&text.title),
        Block::rule("board", "board", None, fill(&text.board, &values)),
    ];
    for (of, heading, lines) in [
        ("game", &text.headings.game, &text.game),
        ("scoring", &text.headings.scoring, &text.scoring),
    ] {
        blocks.push(Block::heading(heading));
        for (i, line) in lines.iter().enumerate() {
            blocks.push(Block::rule(
                of,
                &(i + 1).to_string(),
                None,
                format!("\u{2022} {}", fill(line, &values)),
            ));
        }
    }
    blocks.push(Block::heading(&text.headings.map));
    for (t, roads) in board.metrics.city_type_roads.iter().enumerate() {
        let cities = board.cities.iter().filter(|c| c.city_type == t as u32).count();
        let cities = if cities == 1 {
            "city".to_string()
        } else {
            format!("{cities} cities")
        };
        let number = (t + 1).to_string();
        let roads = roads.map(|r| r.to_string());
        let template = if roads.is_some() {
            &text.city_type
        } else {
            &text.city_type_unknown
        };
        let words = fill(
            template,
            &[("type", &number), ("cities", &cities), ("roads", roads.as_deref().unwrap_or(""))],
        );
        blocks.push(Block::rule(
            "type",
            &number,
            Some(vec![city::city(t as u32, options.ink_friendly)]),
            words,
        ));
    }
    flow(&blocks, options.paper)
}
