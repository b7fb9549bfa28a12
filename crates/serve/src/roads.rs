//! A hexet road log in its two forms over HTTP, so that no page keeps a
//! copy of the code: `GET /api/hexet/roads?…&roads=CODE` reads a web
//! address's code, `POST /api/hexet/roads` writes a log (the JSON `--roads`
//! reads) as one. Both answer `{"code", "log"}` for the map the parameters
//! make; nothing is generated.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::HeaderMap;
use axum::response::Response;
use boardwright::hexet::{self, Hexet, RoadEntry};
use boardwright::params::Params as _;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::App;
use crate::error::ApiError;
use crate::json::{json, json_body};
use crate::request::BoardQuery;

/// A road log to write as a code.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LogRequest {
    /// A named parameter set, laid under `params`.
    #[serde(default)]
    preset: Option<String>,
    /// Parameter values by name, as in the board's address (the map's
    /// `width` and `height` set the code's length).
    #[serde(default)]
    params: Option<serde_json::Map<String, Value>>,
    /// The roads in the order they were built and removed.
    #[schemars(with = "Vec<RoadEntry>")]
    log: Value,
}

/// A road log in both its forms.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct Roads {
    /// The log as a web address's `roads=` writes it.
    code: String,
    /// The log as `--roads` reads it.
    log: Vec<RoadEntry>,
}

/// `GET /api/hexet/roads?…&roads=CODE`: the road log the code gives on the
/// map the query's parameters make.
pub(crate) async fn read(State(app): State<Arc<App>>, RawQuery(raw): RawQuery) -> Result<Response, ApiError> {
    let query = BoardQuery::parse::<Hexet>(raw.as_deref())?;
    let params: hexet::Params = query.params()?;
    let log = query.log::<Hexet>(&params, app.limits.max_log_letters)?;
    let code = Hexet::encode_log(&params, &log).map_err(|e| ApiError::internal(e.to_string()))?;
    json(&Roads { code, log })
}

/// `POST /api/hexet/roads`: `{"params"?, "preset"?, "log": [...]}` answered
/// with the log's code on that map. An entry the code cannot hold (ends not
/// neighbours, off the map, a player past the eighth) is refused by its
/// number, as the JSON is.
pub(crate) async fn write(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Result<Response, ApiError> {
    json_body(&headers, "a road log")?;
    let request: LogRequest = serde_json::from_slice(&body).map_err(|e| {
        ApiError::bad_request(format!(
            "the body is not a road log request ({e}); expected {{\"params\": {{...}}, \"log\": [{{\"player\": 0, \"from\": [q, r], \"to\": [q, r]}}]}}"
        ))
    })?;
    let refuse = |why: String| ApiError::bad_request(format!("roads: {why}")).parameter("log");
    let Value::Array(entries) = request.log else {
        return Err(refuse(
            "a road log is a list of roads: [{\"player\": 0, \"from\": [q, r], \"to\": [q, r]}, …]".to_string(),
        ));
    };
    let log = entries
        .into_iter()
        .enumerate()
        .map(|(i, entry)| serde_json::from_value(entry).map_err(|e| refuse(format!("entry {}: {e}", i + 1))))
        .collect::<Result<Vec<RoadEntry>, _>>()?;
    let preset = request.preset.as_deref().filter(|name| !name.trim().is_empty());
    let params = hexet::Params::resolve_json(preset, &request.params.unwrap_or_default())?;
    let code = Hexet::encode_log(&params, &log).map_err(|e| match e {
        boardwright::Error::Log { index, reason } => refuse(format!("entry {}: {reason}", index + 1)),
        other => refuse(other.to_string()),
    })?;
    if code.len() > app.limits.max_log_letters {
        return Err(refuse(format!(
            "the code is {} letters long; at most {} are replayed",
            code.len(),
            app.limits.max_log_letters
        )));
    }
    json(&Roads { code, log })
}
