//! `fit.json`: how large a board of these settings is made and printed on
//! the paper and sheets asked for. The largest value of the size
//! parameter at which this seed's board prints with every mark a player
//! needs, and the largest this server makes at all (as JSON only); a page
//! shows them as the field's range.

use std::collections::BTreeMap;

use boardwright::params::{Allowed, Layers, Params};
use boardwright::{DrawOptions, Registered, Seed, Stop};
use serde::Serialize;

use crate::error::ApiError;
use crate::generators::largest;

/// How many sizes below a value that is not drawn are tried for one that is.
const BELOW: i64 = 8;

/// The body of `fit.json`.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct Fit {
    /// The size parameter searched: the generator's first (universe's
    /// `resolution`, hexet's and starship's `width`).
    parameter: &'static str,
    /// Its value in the request (its default's when left out or "none").
    value: Option<i64>,
    /// The largest value at which this seed's board is drawn on the paper
    /// and sheets asked for, every mark a player needs at its least size,
    /// the other parameters as asked, searched from the parameter's default
    /// (so the same whatever value is asked); none when none is found.
    prints: Option<i64>,
    /// Of a value asked that is not drawn there: the nearest below it that
    /// is, within a few steps; none past them.
    below: Option<i64>,
    /// The largest value at which this server makes the board at all (as
    /// JSON; a drawing may need a larger paper or more sheets).
    served: Option<i64>,
}

/// `fit.json` for `layers` (the request's preset and settings), `seed`,
/// drawn as `options`. Each value tried is a board made and checked, so
/// the search steps by halves, as few boards as it can; a board that
/// prints at one size and not at the next is taken to print below it
/// (a few sizes below may not: `below` then names the nearest that does).
pub(crate) fn fit<G: Registered>(layers: &Layers, seed: &Seed, options: &DrawOptions, stop: &Stop) -> Result<Vec<u8>, ApiError> {
    let asked: G::Params = layers.resolve()?;
    let size = <G::Params as Params>::INFO
        .iter()
        .find(|i| <G::Params as Params>::SIZE.first() == Some(&i.name));
    let Some((parameter, Allowed::Int { min, max })) = size.map(|i| (i.name, i.allowed)) else {
        return Err(ApiError::unprocessable(format!(
            "{} boards have no size parameter: every board prints on every paper",
            G::NAME
        )));
    };
    let value = asked
        .changed()
        .into_iter()
        .find(|(name, _)| *name == parameter)
        .and_then(|(_, v)| v)
        .or_else(|| G::Params::default_value(parameter))
        .and_then(|v| v.as_integer());
    let with = |v: i64| {
        let mut layers = layers.clone();
        layers.set(parameter, &v.to_string());
        layers
            .resolve::<G::Params>()
            .ok()
            .filter(|p| G::work_size(p) <= G::LIMITS.served_work)
    };
    let from = G::Params::default_value(parameter).and_then(|v| v.as_integer()).unwrap_or(min);
    let served = largest(min, max, value.unwrap_or(from), |v| with(v).is_some());
    let mut stopped = None;
    // Each size's answer, kept: `below` asks again of sizes the search tried.
    let mut known = BTreeMap::new();
    let mut drawn = |v: i64| {
        if let Some(&answer) = known.get(&v) {
            return answer;
        }
        let Some(mut params) = with(v).filter(|p| G::check_drawable(p).is_ok()) else {
            return false;
        };
        if stopped.is_some() {
            return false;
        }
        G::fit_to_sheets(&mut params, options);
        let answer = match G::generate_with(&params, seed, &mut stop.clone()) {
            Ok(board) => G::unprintable(&board, options).is_none(),
            Err(e @ boardwright::Error::Stopped) => {
                stopped = Some(e);
                return false;
            }
            // No board at this size (cities that do not fit): none printed.
            Err(_) => false,
        };
        known.insert(v, answer);
        answer
    };
    let prints = largest(min, max, from, &mut drawn);
    let below = match value {
        Some(value) if !drawn(value) => (value.saturating_sub(BELOW).max(min)..value).rev().find(|&v| drawn(v)),
        _ => None,
    };
    if let Some(e) = stopped {
        return Err(ApiError::from(e));
    }
    let fit = Fit {
        parameter,
        value,
        prints,
        below,
        served,
    };
    serde_json::to_vec(&fit).map_err(|e| ApiError::internal(format!("could not write the fit: {e}")))
}
