//! The rules card: a page (or more) after a hexet map's sheets that says in
//! players' words how the game goes with pens on the printed map, what each
//! terrain and a river mean for roads (each led by its mark on the map;
//! forest and hills change nothing), how it is scored (the map's own
//! points), and what joining each city type costs on this map (its exact
//! fewest roads), each city type led by its city as the map draws it.
//!
//! The words are data (`rules_card.toml`). Each line is a group tagged
//! `rule` with what it is about (`of`: `board`, `game`, `terrain`,
//! `scoring`, `type`) and its `name`.

use std::sync::LazyLock;

use scene::Page;
use serde::Deserialize;

use super::{LEGEND_RADIUS, RIVER_WIDTH, city, river, terrain};
use crate::DrawOptions;
use crate::hexet::Board;
use crate::hexet::map::Terrain;
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
    terrain: TerrainText,
}

/// What each terrain and a river mean for roads.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TerrainText {
    grassland: String,
    forest: String,
    hills: String,
    lake: String,
    river: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Headings {
    game: String,
    terrain: String,
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
    let ink = options.ink_friendly;
    // The bulleted lines of a section.
    let section = |blocks: &mut Vec<Block>, of: &str, heading: &str, lines: &[String]| {
        blocks.push(Block::heading(heading));
        for (i, line) in lines.iter().enumerate() {
            blocks.push(Block::rule(
                of,
                &(i + 1).to_string(),
                None,
                format!("\u{2022} {}", fill(line, &values)),
            ));
        }
    };
    section(&mut blocks, "game", &text.headings.game, &text.game);
    // The land the game is played on: each terrain and a river, led by the
    // mark the map draws.
    blocks.push(Block::heading(&text.headings.terrain));
    let land = &text.terrain;
    for (t, name, words) in [
        (Terrain::Grassland, "grassland", &land.grassland),
        (Terrain::Forest, "forest", &land.forest),
        (Terrain::Hills, "hills", &land.hills),
        (Terrain::Lake, "lake", &land.lake),
    ] {
        blocks.push(Block::rule("terrain", name, Some(terrain::swatch(t, ink)), words.clone()));
    }
    let swatch = river::river((0.0, 0.5), (1.0, 0.5), RIVER_WIDTH * LEGEND_RADIUS, ink);
    blocks.push(Block::rule("terrain", "river", Some(swatch), land.river.clone()));
    section(&mut blocks, "scoring", &text.headings.scoring, &text.scoring);
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
        blocks.push(Block::rule("type", &number, Some(vec![city::city(t as u32, ink)]), words));
    }
    flow(&blocks, options.paper)
}
