//! The connection layer's own answers, written to the socket whole: the
//! HTTP layer's refusals of a request head, and a head that took too long.

use std::time::Duration;

use axum::http::StatusCode;

use super::MAX_HEAD;
use crate::guard::SECURITY_HEADERS;

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
