//! Every refusal as the JSON error body, also those no handler wrote: the
//! body readers' rejections (a body in chunks over the limit, a malformed
//! chunk), a request body that did not arrive in time, and, written by
//! the connection layer, the HTTP layer's own refusals of a request head.
//!
//! Pages stay pages: outside `/api/` and `/assets/` an answer is left as
//! it is (a mistyped page address gets the front page, status 404).

use std::time::Duration;

use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::conn::{BodyDeadline, MAX_HEAD};
use crate::error::ApiError;
use crate::guard::SECURITY_HEADERS;

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

/// The message of the HTTP layer's own refusal of a request head.
pub(crate) fn head_refused(status: StatusCode) -> String {
    match status {
        StatusCode::BAD_REQUEST => {
            "the request could not be read: its request line or a header (Content-Length, Transfer-Encoding among them) is not valid HTTP/1.1".to_string()
        }
        StatusCode::URI_TOO_LONG => "the address is over 65534 bytes".to_string(),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => format!(
            "the request head is too large: at most {MAX_HEAD} bytes ({} KiB) for the request line and headers, and at most 100 headers",
            MAX_HEAD >> 10
        ),
        _ => format!("the request was refused: {}", status.canonical_reason().unwrap_or("no reason given").to_lowercase()),
    }
}

/// A whole HTTP/1.1 answer with the JSON error body and the security
/// headers every answer carries, closing the connection, for the
/// connection layer to write itself.
pub(crate) fn whole_answer(status: StatusCode, message: &str, date: Option<&str>) -> Vec<u8> {
    let body = serde_json::json!({ "error": message }).to_string();
    let reason = status.canonical_reason().unwrap_or("");
    let date = date.map_or(String::new(), |date| format!("date: {date}\r\n"));
    let security: String = SECURITY_HEADERS
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    format!(
        "HTTP/1.1 {} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n{security}{date}\r\n{body}",
        status.as_u16(),
        body.len()
    )
    .into_bytes()
}

/// A time in seconds, as a message says it: "10 s", "0.5 s".
pub(crate) fn seconds(time: Duration) -> String {
    format!("{} s", time.as_secs_f64())
}
