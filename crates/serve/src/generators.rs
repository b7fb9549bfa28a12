//! The generators as the server sees them: the size caps every request is
//! held to (each generator's [`Limits::served_work`](boardwright::Limits::served_work)), the listing of
//! `GET /api/generators`, and requests routed to a generator by name.

use boardwright::metrics::Described;
use boardwright::params::{self, Allowed, Params};
use boardwright::{Registered, Visit};
use serde_json::{Value, json};

use crate::error::ApiError;

/// Most values (points or tiles) the snapshots of one steps request may hold.
pub const STEPS_MAX_VALUES: u64 = 2_000_000;

/// Refuses parameters whose work is above the generator's server cap (422,
/// naming the size parameter the request set and the cap).
pub(crate) fn cap<G: Registered>(params: &G::Params) -> Result<(), ApiError> {
    let work = G::work_size(params);
    if work <= G::LIMITS.served_work {
        return Ok(());
    }
    let why = format!(
        "this server makes {} boards of at most {} {unit} (this one would have {work} {unit})",
        G::NAME,
        G::LIMITS.served_work,
        unit = G::LIMITS.work_unit,
    );
    Err(ApiError::unprocessable(format!("{why}; for larger work use the command line"))
        .parameter(size_parameter::<G>(params))
        .why(why))
}

/// The size parameter to name for `params`' size: the first one set away
/// from its default, or the first one.
pub(crate) fn size_parameter<G: Registered>(params: &G::Params) -> &'static str {
    let changed = params::Params::changed(params);
    let size = <G::Params as Params>::SIZE;
    size.iter()
        .find(|name| changed.iter().any(|(c, _)| c == *name))
        .or(size.first())
        .copied()
        .unwrap_or("parameters")
}

/// Refuses a steps request whose snapshots, taken every `every`
/// repetitions, would hold more than [`STEPS_MAX_VALUES`] values.
pub(crate) fn cap_steps<G: Registered>(params: &G::Params, every: u32) -> Result<(), ApiError> {
    let values = G::work_size(params).saturating_mul(G::snapshot_count(params, every));
    if values > STEPS_MAX_VALUES {
        return Err(ApiError::unprocessable(format!(
            "these steps would hold {values} values in their snapshots (every={every}); at most {STEPS_MAX_VALUES}: raise `every` or make the board smaller"
        ))
        .parameter("every"));
    }
    Ok(())
}

/// Runs `visit` with the generator named `name`, or answers 404 for a name
/// that is none.
pub(crate) fn with_generator<V: Visit>(name: &str, visit: V) -> Result<V::Output, ApiError> {
    boardwright::with_generator(name, visit).ok_or_else(|| {
        ApiError::not_found(format!("no generator {name:?}; there are {}", boardwright::GENERATORS.join(", "))).parameter("generator")
    })
}

/// The body of `GET /api/generators`: every generator with its parameters
/// (name, doc, what is allowed, default), presets (name, about, the
/// parameters it sets), fairness targets (figure, check, metric), metrics
/// (name, label, unit, meaning), how a board may be drawn (papers, tiles,
/// DPI), the size parameter `fit.json` searches and, for hexet, the
/// players' colours.
pub(crate) fn listing() -> Value {
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

fn describe<G: Registered>() -> Value {
    let params: Vec<Value> = <G::Params as Params>::INFO
        .iter()
        .map(|info| {
            let default = G::Params::default_value(info.name)
                .and_then(|v| serde_json::to_value(v).ok())
                .unwrap_or(Value::Null);
            let mut allowed = allowed(info.allowed);
            if let (Some(most), Allowed::Int { max, .. }) = (served_max::<G>(info.name, info.allowed), info.allowed)
                && most < max
            {
                allowed["max"] = json!(most);
                allowed["text"] = json!(format!("{}; this server makes boards up to {most}", info.allowed));
            }
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
        "keys": output::Drawing::KEYS,
        "papers": papers,
        "tile_max": boardwright::Tile::MAX,
        "dpi": { "min": *output::DPI_RANGE.start(), "max": *output::DPI_RANGE.end(), "default": output::DEFAULT_DPI },
    })
}

/// The largest value of the size parameter `name` that this server makes a
/// board of, the other parameters at their defaults (a value refused for
/// another reason, such as cities that do not fit, is no matter of size).
pub(crate) fn served_max<G: Registered>(name: &str, allowed: Allowed) -> Option<i64> {
    let Allowed::Int { min, max } = allowed else { return None };
    if !<G::Params as Params>::SIZE.contains(&name) {
        return None;
    }
    let served = |v: i64| {
        let layer: toml::Table = [(name.to_string(), toml::Value::Integer(v))].into_iter().collect();
        G::Params::resolve(&[layer]).map_or(true, |p| G::work_size(&p) <= G::LIMITS.served_work)
    };
    largest(min, max, min, served).or(Some(min))
}

/// The largest value in `min..=max` at which `holds` is true, searched from
/// `from`: up by halves while it holds, down by thirds until it does, then
/// halving the gap; none when it holds nowhere on the way down to `min`.
/// For a `holds` true up to a value and false past it, that value; a
/// `holds` that changes more than once gives one value where it does.
pub(crate) fn largest(min: i64, max: i64, from: i64, mut holds: impl FnMut(i64) -> bool) -> Option<i64> {
    let from = from.clamp(min, max);
    let (mut good, mut bad) = if holds(from) {
        let mut good = from;
        loop {
            if good == max {
                return Some(max);
            }
            let next = (good + (good / 2).max(1)).min(max);
            if !holds(next) {
                break (good, next);
            }
            good = next;
        }
    } else {
        let mut bad = from;
        loop {
            if bad == min {
                return None;
            }
            let next = (bad - (bad / 3).max(1)).max(min);
            if holds(next) {
                break (next, bad);
            }
            bad = next;
        }
    };
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if holds(mid) { good = mid } else { bad = mid }
    }
    Some(good)
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
