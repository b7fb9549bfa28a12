//! The generators as the server sees them: the size caps every request is
//! held to (each generator's [`Limits::served_work`](boardwright::Limits::served_work)), the listing of
//! `GET /api/generators`, and requests routed to a generator by name.

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

/// The body of `GET /api/generators`: every generator as
/// [`output::listing`] describes it, each size parameter's most
/// (`allowed.max`, and its sentence) held to what this server makes.
pub(crate) fn listing() -> Value {
    struct Describe;
    impl Visit for Describe {
        type Output = Value;
        fn visit<G: Registered>(self) -> Value {
            let mut described = output::listing::describe::<G>();
            if let Some(params) = described["params"].as_array_mut() {
                for (param, info) in params.iter_mut().zip(<G::Params as Params>::INFO) {
                    if let (Some(most), Allowed::Int { max, .. }) = (served_max::<G>(info.name, info.allowed), info.allowed)
                        && most < max
                    {
                        param["allowed"]["max"] = json!(most);
                        param["allowed"]["text"] = json!(format!("{}; this server makes boards up to {most}", info.allowed));
                    }
                }
            }
            described
        }
    }
    boardwright::GENERATORS
        .iter()
        .filter_map(|name| boardwright::with_generator(name, Describe))
        .collect()
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
