//! JSON in and out of the routes that take a body or answer a computed
//! value: the media-type check a posted body passes first, and the answer.

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::ApiError;

/// 415 unless the body is said to be JSON (`application/json`, with any
/// parameters): another site's page may post `text/plain` without asking
/// first, never `application/json`. `what` names the body in the refusal.
pub(crate) fn json_body(headers: &HeaderMap, what: &str) -> Result<(), ApiError> {
    let given = headers
        .get(header::CONTENT_TYPE)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let media_type = given.as_deref().map(|v| v.split(';').next().unwrap_or_default().trim());
    if media_type.is_some_and(|m| m.eq_ignore_ascii_case("application/json")) {
        return Ok(());
    }
    Err(ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        format!(
            "{what} is sent with Content-Type: application/json, not {}",
            given.map_or_else(|| "without one".to_string(), |v| format!("{v:?}"))
        ),
    ))
}

/// `value` as a JSON answer, never cached (it is made again on each request).
pub(crate) fn json<T: Serialize>(value: &T) -> Result<Response, ApiError> {
    let body = serde_json::to_vec(value).map_err(|e| ApiError::internal(format!("could not write the answer: {e}")))?;
    Ok((
        [(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-store")],
        body,
    )
        .into_response())
}
