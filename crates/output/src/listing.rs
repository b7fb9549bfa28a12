//! What the toolkit offers, as data: every generator with its parameters
//! (name, doc, what is allowed, default), presets, fairness targets,
//! metrics and how its boards may be drawn. The web app's form is built
//! from it, and the C library lists it.

use boardwright::metrics::Described;
use boardwright::params::{Allowed, Params};
use boardwright::{Registered, Visit};
use serde_json::{Value, json};

/// Every generator with its parameters
/// (name, doc, what is allowed, default), presets (name, about, the
/// parameters it sets), fairness targets (figure, check, metric), metrics
/// (name, label, unit, meaning), how a board may be drawn (papers, tiles,
/// DPI), the size parameter `fit.json` searches and, for hexet, the
/// players' colours.
pub fn all() -> Value {
    struct Describe;
    impl Visit for Describe {
        type Output = Value;
        fn visit<G: Registered>(self) -> Value {
            describe::<G>()
        }
    }
    boardwright::GENERATORS
        .iter()
        .filter_map(|name| boardwright::with_generator(name, Describe))
        .collect()
}

/// One generator, described as [`all`] lists it.
pub fn describe<G: Registered>() -> Value {
    let params: Vec<Value> = <G::Params as Params>::INFO
        .iter()
        .map(|info| {
            let default = G::Params::default_value(info.name)
                .and_then(|v| serde_json::to_value(v).ok())
                .unwrap_or(Value::Null);
            let allowed = allowed(info.allowed);
            let mut param = json!({
                "name": info.name,
                "doc": info.doc,
                "allowed": allowed,
                "default": default,
            });
            // A list of tables (starship's stages): each kind's fields with doc and range.
            let fields = <G::Params as Params>::table_fields(info.name);
            if !fields.is_empty() {
                param["fields"] = json!(fields);
            }
            param
        })
        .collect();
    let presets: Vec<Value> = <G::Params as Params>::PRESETS
        .iter()
        .map(|(name, text)| {
            let about = text
                .lines()
                .find(|l| l.starts_with('#'))
                .map_or("", |l| l.trim_start_matches('#').trim());
            // The names it sets (its top-level keys): choosing it changes only these.
            let sets: Vec<String> = text.parse::<toml::Table>().map(|t| t.keys().cloned().collect()).unwrap_or_default();
            json!({ "name": name, "about": about, "sets": sets })
        })
        .collect();
    // What fair means for the generator's boards: each target in words and
    // the metric it names, so that a page shows those first.
    let fairness: Vec<Value> = G::FAIRNESS
        .iter()
        .map(|target| json!({ "figure": target.figure, "check": target.check.to_string(), "metric": target.check.metric() }))
        .collect();
    // Every figure of a board's metrics in words: label, unit, meaning.
    let metrics: Vec<Value> = <G::Metrics as Described>::METRICS
        .iter()
        .map(|m| json!({ "name": m.name, "label": m.label, "unit": m.unit, "meaning": m.meaning() }))
        .collect();
    let mut described = json!({
        "name": G::NAME,
        "about": G::ABOUT,
        "steps": G::STEPS,
        "rules_card": G::RULES_CARD,
        "params": params,
        "presets": presets,
        "fairness": fairness,
        "metrics": metrics,
    });
    described["drawing"] = drawing();
    // The size parameter `fit.json` searches, when the generator has one.
    if let Some(size) = <G::Params as Params>::SIZE.first() {
        described["size"] = json!(size);
    }
    // What a generator's own page draws as the board does: the players'
    // colours (hexet's), for the networks it shows.
    if !G::PLAYER_COLORS.is_empty() {
        described["player_colours"] = json!(G::PLAYER_COLORS);
    }
    described
}

/// How a board may be drawn, for the page's drawing options: the query
/// keys that set them, the papers (the first the default), the most sheets
/// a side of a tiled board, and a PNG's pixels per inch.
fn drawing() -> Value {
    let papers: Vec<Value> = boardwright::Paper::ALL
        .iter()
        .map(|p| json!({ "name": p.name(), "label": p.label() }))
        .collect();
    json!({
        "keys": crate::Drawing::KEYS,
        "papers": papers,
        "tile_max": boardwright::Tile::MAX,
        "dpi": { "min": *crate::DPI_RANGE.start(), "max": *crate::DPI_RANGE.end(), "default": crate::DEFAULT_DPI },
    })
}

/// What a parameter allows, for building a form: a kind, its bounds or
/// values, and the sentence `list` shows.
fn allowed(allowed: Allowed) -> Value {
    let text = allowed.to_string();
    match allowed {
        Allowed::Int { min, max } => json!({ "kind": "int", "min": min, "max": max, "text": text }),
        Allowed::Float { min, max } => json!({ "kind": "float", "min": min, "max": max, "text": text }),
        Allowed::OneOf(values) => json!({ "kind": "one_of", "values": values, "text": text }),
        Allowed::Bool => json!({ "kind": "bool", "text": text }),
        Allowed::Data(_) => json!({ "kind": "data", "text": text }),
    }
}
