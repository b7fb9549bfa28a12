//! The rules card: a page (or more) after a witches board's sheets that
//! says in players' words how the game goes, what each special cell on
//! this board does (those present only, each led by the asterisk the board
//! marks it with), where to brew (this board's page on `boardwright serve`,
//! and the command), what its starting ingredients mean, the ingredients in
//! play, and the effects a potion may meet at the board's difficulty.
//!
//! The words are data: the effects' rules come from the puzzle
//! ([`Recipe::rules`], as the page's clue gives them), everything else from
//! `rules_card.toml`. Each line is a group tagged `rule` with what it is
//! about (`of`: `board`, `base`, `page`, `ingredients`, `start`, `special`,
//! `effect`, `no-effects`) and its `name`.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use scene::Page;
use serde::Deserialize;

use super::marks::Marks;
use crate::DrawOptions;
use crate::params::Params;
use crate::print::{Block, fill, flow};
use crate::seed::Seed;
use crate::witches::puzzle::Recipe;
use crate::witches::{Board, Face, INGREDIENTS};

/// What `rules_card.toml` holds.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Text {
    title: String,
    board: String,
    base: Vec<String>,
    base_2023: Vec<String>,
    ingredients: String,
    garden_start: String,
    cauldron_start: String,
    page: String,
    address: String,
    brew: String,
    command: String,
    no_effects: String,
    front: String,
    back: String,
    headings: Headings,
    special: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Headings {
    game: String,
    page: String,
    ingredients: String,
    specials: String,
    effects: String,
}

static TEXT: LazyLock<Text> = LazyLock::new(|| toml::from_str(include_str!("rules_card.toml")).expect("the rules card's words are TOML"));

/// The rules card of `board` on pages of `options.paper`, as many as its
/// lines take.
pub(crate) fn pages(board: &Board, options: &DrawOptions) -> Vec<Page> {
    let text = &*TEXT;
    let params = &board.header.params;
    let marks = Marks {
        ink_friendly: options.ink_friendly,
    };
    let values = [
        ("seed", board.header.seed.clone()),
        ("edition", params.edition.to_string()),
        ("players", params.players.to_string()),
        ("length", board.recipe_length.to_string()),
        ("count", params.ingredients.to_string()),
        ("difficulty", params.difficulty.to_string()),
    ];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();

    let mut blocks = vec![
        Block::title(&text.title),
        Block::rule("board", "board", None, fill(&text.board, &values)),
        Block::heading(&text.headings.game),
    ];
    let base = if params.is_2023() { &text.base_2023 } else { &text.base };
    for (i, sentence) in base.iter().enumerate() {
        blocks.push(Block::rule(
            "base",
            &(i + 1).to_string(),
            None,
            format!("\u{2022} {}", fill(sentence, &values)),
        ));
    }

    // The recipe the page answers for this board: its ingredients in the
    // board's order and the effects players may meet.
    let recipe = Recipe::new(params, &Seed::new(&board.header.seed)).ok();
    let names: Vec<&str> = match &recipe {
        Some(r) => r.ingredients().iter().map(|i| i.name).collect(),
        None => INGREDIENTS[..params.ingredients as usize].to_vec(),
    };

    // Where to brew: the page of this board, and the command line.
    let (query, args) = brewed_by(board);
    let potion = names
        .iter()
        .take(2)
        .zip([2, 1])
        .map(|(name, seeds)| format!("{name}:{seeds}"))
        .collect::<Vec<_>>()
        .join(",");
    blocks.push(Block::heading(&text.headings.page));
    blocks.push(Block::rule("page", "page", None, text.page.clone()));
    blocks.push(Block::rule("page", "address", None, fill(&text.address, &[("query", &query)])));
    blocks.push(Block::rule("page", "brew", None, text.brew.clone()));
    blocks.push(Block::rule(
        "page",
        "command",
        None,
        fill(&text.command, &[("args", &args), ("potion", &potion)]),
    ));
    blocks.push(Block::heading(&text.headings.ingredients));
    blocks.push(Block::rule(
        "ingredients",
        "ingredients",
        None,
        fill(&text.ingredients, &[("ingredients", &names.join(", "))]),
    ));
    // The starting ingredients, those in gardens then those in cauldrons,
    // each with the player and side it is on.
    let (mut in_gardens, mut in_cauldrons) = (Vec::new(), Vec::new());
    for i in &board.ingredients {
        let player = board.owner(i.side, i.x, i.y) + 1;
        let named = match (board.faces().len(), i.side) {
            (1, _) => format!("{} (Player {player})", i.name),
            (_, Face::Front) => format!("{} (Player {player}, {})", i.name, text.front),
            _ => format!("{} (Player {player}, {})", i.name, text.back),
        };
        let in_cauldron = board.cauldrons.iter().any(|c| c.cells().any(|cell| cell == (i.side, i.x, i.y)));
        if in_cauldron { &mut in_cauldrons } else { &mut in_gardens }.push(named);
    }
    for (name, template, list) in [
        ("garden", &text.garden_start, in_gardens),
        ("cauldron", &text.cauldron_start, in_cauldrons),
    ] {
        if !list.is_empty() {
            blocks.push(Block::rule("start", name, None, fill(template, &[("list", &list.join(", "))])));
        }
    }

    // Each kind of special cell on the board, once, in the order it is met.
    let mut kinds: Vec<&str> = Vec::new();
    for s in &board.special_cells {
        if !kinds.contains(&s.name.as_str()) {
            kinds.push(&s.name);
        }
    }
    if !kinds.is_empty() {
        blocks.push(Block::heading(&text.headings.specials));
    }
    for kind in kinds {
        let words = match text.special.get(kind) {
            Some(rule) => format!("{kind}: {rule}"),
            None => kind.to_string(),
        };
        blocks.push(Block::rule("special", kind, Some(marks.special_swatch()), words));
    }

    blocks.push(Block::heading(&text.headings.effects));
    let rules = recipe.as_ref().map(Recipe::rules).unwrap_or_default();
    if rules.is_empty() {
        blocks.push(Block::rule("no-effects", "none", None, text.no_effects.clone()));
    }
    for rule in rules {
        blocks.push(Block::rule("effect", rule.effect, None, format!("{}: {}", rule.effect, rule.rule)));
    }
    flow(&blocks, options.paper)
}

/// The board's seed and the parameters that differ from the defaults, as
/// the witches page's address reads them (`seed=…&difficulty=3`, the seed
/// escaped) and as the command line does (`--seed … --set difficulty=3`,
/// the seed quoted for a shell where it needs it): the page and the command
/// then make this board and its recipe again.
fn brewed_by(board: &Board) -> (String, String) {
    let seed = &board.header.seed;
    let mut query = format!("seed={}", escaped(seed));
    let mut args = format!("--seed {}", quoted(seed));
    for (name, value) in Params::changed(&board.header.params) {
        let value = match value {
            Some(toml::Value::String(s)) => s,
            Some(other) => other.to_string(),
            None => continue,
        };
        query.push_str(&format!("&{name}={}", escaped(&value)));
        args.push_str(&format!(" --set {}", quoted(&format!("{name}={value}"))));
    }
    (query, args)
}

/// `text` as a part of an address's query: letters, digits and `-_.~` as
/// they are, every other byte of its UTF-8 as `%XX`.
fn escaped(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// `text` as one word of a shell command: as it is when it holds only
/// letters, digits and `-_.,:/=+`, else in single quotes (a quote inside
/// written `'\''`).
fn quoted(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.,:/=+".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::witches::{HELPFUL_SPECIALS, HINDERING_SPECIALS};

    #[test]
    fn every_special_cell_has_its_meaning_and_no_other() {
        let kinds: Vec<&str> = HELPFUL_SPECIALS.iter().chain(&HINDERING_SPECIALS).copied().collect();
        for kind in &kinds {
            assert!(TEXT.special.contains_key(*kind), "{kind}");
        }
        assert_eq!(TEXT.special.len(), kinds.len());
    }

    #[test]
    fn a_seed_is_escaped_for_the_address_and_quoted_for_a_shell() {
        assert_eq!(escaped("Tiamo"), "Tiamo");
        assert_eq!(escaped("a b&c=d/é"), "a%20b%26c%3Dd%2F%C3%A9");
        assert_eq!(quoted("Tiamo-2"), "Tiamo-2");
        assert_eq!(quoted("difficulty=3"), "difficulty=3");
        assert_eq!(quoted(""), "''");
        assert_eq!(quoted("it's $HOME"), "'it'\\''s $HOME'");
    }
}
