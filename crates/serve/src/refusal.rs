//! Every refusal as the JSON error body, also those no handler wrote: the
//! body readers' rejections (a body in chunks over the limit, a malformed
//! chunk), a request body that did not arrive in time (the connection
//! layer writes its own refusals of a request head: `conn/answer.rs`).
//!
//! Pages stay pages: outside `/api/` and `/assets/` an answer is left as
//! it is (a mistyped page address gets the front page, status 404).

use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::conn::{BodyDeadline, seconds};
use crate::error::ApiError;

/// Bytes of a refusal's own words read to be quoted, at most.
const MAX_QUOTED: usize = 4096;

/// The layer: an answer of status 400 or more that is not JSON, under
/// `/api/` or `/assets/`, becomes the JSON error body with the same status
/// and headers; a request whose body ran out of time is answered 408 and
/// its connection closed.
pub(crate) async fn as_json(request: Request, next: Next) -> Response {
    let deadline = request.extensions().get::<BodyDeadline>().cloned();
    let scoped = matches!(
        request.uri().path().trim_start_matches('/').split('/').next(),
        Some("api" | "assets")
    );
    let response = next.run(request).await;
    if let Some(deadline) = deadline.filter(BodyDeadline::expired) {
        let message = format!("the request body did not arrive whole within {}", seconds(deadline.after));
        let mut refusal = ApiError::new(StatusCode::REQUEST_TIMEOUT, message).into_response();
        refusal.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        return refusal;
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !scoped || response.status().as_u16() < 400 || is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let mut refusal = if parts.status == StatusCode::PAYLOAD_TOO_LARGE {
        crate::too_large().into_response()
    } else {
        let said = axum::body::to_bytes(body, MAX_QUOTED).await.unwrap_or_default();
        ApiError::new(parts.status, in_words(parts.status, &String::from_utf8_lossy(&said))).into_response()
    };
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            refusal.headers_mut().append(name, value.clone());
        }
    }
    refusal
}

/// The message of a refusal that `said` words of its own (or none).
fn in_words(status: StatusCode, said: &str) -> String {
    let meaning = match status {
        StatusCode::BAD_REQUEST => "the request could not be read".to_string(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "the request body is not of a type this address takes".to_string(),
        _ => status.canonical_reason().unwrap_or("refused").to_lowercase(),
    };
    let said = said.trim();
    let mut chars = said.chars();
    match chars.next() {
        Some(first) => format!("{meaning}: {}{}", first.to_lowercase(), chars.as_str()),
        None => meaning,
    }
}
