//! The four generators as the server sees them: their size caps and the
//! listing of `GET /api/generators`.

use boardwright::Generator;
use boardwright::hexet::Hexet;
use boardwright::params::{self, Allowed, Params};
use boardwright::starship::Starship;
use boardwright::universe::Universe;
use boardwright::witches::Witches;
use serde_json::{Value, json};

use crate::error::ApiError;

/// Largest universe board the server makes, in nodes.
pub const UNIVERSE_MAX_NODES: u64 = 50_000;
/// Largest hexet map side the server makes, in cells.
pub const HEXET_MAX_SIDE: u32 = 512;
/// Largest starship grid side the server makes, in tiles.
pub const STARSHIP_MAX_SIDE: u32 = 128;
/// Most values (points or tiles) the snapshots of one steps request may hold.
pub const STEPS_MAX_VALUES: u64 = 2_000_000;

/// A generator the server runs, with the caps it puts on the work.
pub(crate) trait Served: Generator {
    /// Refuses parameters above the server's size cap (422, saying the cap).
    fn cap(params: &Self::Params) -> Result<(), ApiError>;

    /// Refuses a steps request whose snapshots, taken every `every`
    /// repetitions, would hold more than [`STEPS_MAX_VALUES`] values.
    fn cap_steps(_params: &Self::Params, _every: u32) -> Result<(), ApiError> {
        Ok(())
    }
}

fn over_cap(parameter: &str, what: String) -> ApiError {
    ApiError::unprocessable(format!("{what}; for larger work use the command line")).parameter(parameter)
}

fn cap_sides(generator: &str, unit: &str, width: u32, height: u32, max: u32) -> Result<(), ApiError> {
    for (name, side) in [("width", width), ("height", height)] {
        if side > max {
            return Err(over_cap(
                name,
                format!("this server makes {generator} grids of at most {max} x {max} {unit} ({name} {side} asked)"),
            ));
        }
    }
    Ok(())
}

fn cap_values(parameter: &str, values: u64, every: u32) -> Result<(), ApiError> {
    if values > STEPS_MAX_VALUES {
        return Err(ApiError::unprocessable(format!(
            "these steps would hold {values} values in their snapshots (every={every}); at most {STEPS_MAX_VALUES}: raise `every` or make the board smaller"
        ))
        .parameter(parameter));
    }
    Ok(())
}

impl Served for Universe {
    fn cap(params: &Self::Params) -> Result<(), ApiError> {
        let nodes = Universe::work_size(params);
        if nodes > UNIVERSE_MAX_NODES {
            return Err(over_cap(
                "resolution",
                format!("this server makes universe boards of at most {UNIVERSE_MAX_NODES} nodes (this one would have {nodes})"),
            ));
        }
        Ok(())
    }

    fn cap_steps(params: &Self::Params, every: u32) -> Result<(), ApiError> {
        let snapshots = u64::from(params.iterations / every.max(1)) + 1;
        cap_values("every", Universe::work_size(params) * snapshots, every)
    }
}

impl Served for Witches {
    fn cap(_params: &Self::Params) -> Result<(), ApiError> {
        Ok(())
    }
}

impl Served for Starship {
    fn cap(params: &Self::Params) -> Result<(), ApiError> {
        cap_sides("starship", "tiles", params.width, params.height, STARSHIP_MAX_SIDE)
    }

    fn cap_steps(params: &Self::Params, every: u32) -> Result<(), ApiError> {
        let tiles = u64::from(params.width) * u64::from(params.height);
        cap_values("pipeline", tiles * params.pipeline.len() as u64, every)
    }
}

impl Served for Hexet {
    fn cap(params: &Self::Params) -> Result<(), ApiError> {
        cap_sides("hexet", "cells", params.width, params.height, HEXET_MAX_SIDE)
    }
}

/// Runs `$body` with `$g` standing for the generator named `$name`, or
/// answers 404 for a name that is none.
macro_rules! with_generator {
    ($name:expr, $g:ident => $body:expr) => {
        match $name {
            "universe" => {
                type $g = boardwright::universe::Universe;
                $body
            }
            "witches" => {
                type $g = boardwright::witches::Witches;
                $body
            }
            "starship" => {
                type $g = boardwright::starship::Starship;
                $body
            }
            "hexet" => {
                type $g = boardwright::hexet::Hexet;
                $body
            }
            other => Err($crate::error::ApiError::not_found(format!(
                "no generator {other:?}; there are universe, witches, starship and hexet"
            ))
            .parameter("generator")),
        }
    };
}
pub(crate) use with_generator;

/// The body of `GET /api/generators`: every generator with its parameters
/// (name, doc, what is allowed, default) and presets.
pub(crate) fn listing() -> Value {
    Value::Array(vec![
        describe::<Universe>(),
        describe::<Witches>(),
        describe::<Starship>(),
        describe::<Hexet>(),
    ])
}

fn describe<G: Generator>() -> Value {
    let defaults = params::defaults::<G::Params>();
    let params: Vec<Value> = <G::Params as Params>::INFO
        .iter()
        .map(|info| {
            let default = defaults
                .get(info.name)
                .and_then(|v| serde_json::to_value(v).ok())
                .unwrap_or(Value::Null);
            json!({
                "name": info.name,
                "doc": info.doc,
                "allowed": allowed(info.allowed),
                "default": default,
            })
        })
        .collect();
    let presets: Vec<Value> = <G::Params as Params>::PRESETS
        .iter()
        .map(|(name, text)| {
            let about = text
                .lines()
                .find(|l| l.starts_with('#'))
                .map_or("", |l| l.trim_start_matches('#').trim());
            json!({ "name": name, "about": about })
        })
        .collect();
    json!({
        "name": G::NAME,
        "about": G::ABOUT,
        "steps": G::STEPS,
        "params": params,
        "presets": presets,
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
