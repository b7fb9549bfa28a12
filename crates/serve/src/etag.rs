//! HTTP caching of answers that are pure functions of their address: the
//! same program version and the same normalised request (generator, file,
//! seed, resolved parameters, drawing options) always give the same bytes.
//! So every such answer carries an `ETag` made from them and
//! `Cache-Control: public, max-age=86400`, and a request whose
//! `If-None-Match` names the tag gets `304 Not Modified` without any work:
//! a browser, a reverse proxy or a CDN in front of any number of server
//! processes serves repeats.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// How long a cache may keep an answer, seconds (a day).
pub(crate) const MAX_AGE: u32 = 86_400;

/// The entity tag of the answer to the normalised request `address`: the
/// program's version and a 64-bit FNV-1a hash of the address, quoted.
pub(crate) fn tag(address: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in address.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("\"{}-{hash:016x}\"", boardwright::VERSION)
}

/// Whether `If-None-Match` in `headers` names `tag`: the client holds the
/// answer already. Weak tags (`W/"…"`) match too, as the header's
/// comparison is the weak one. `*` (any answer at all) matches only an
/// answer known to exist, one kept: a request not yet answered may still
/// be refused. Asked only of a request checked in every other way.
pub(crate) fn holds(headers: &HeaderMap, tag: &str, exists: bool) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|list| {
            list.split(',')
                .map(str::trim)
                .any(|t| (t == "*" && exists) || t.strip_prefix("W/").unwrap_or(t) == tag)
        })
}

/// The headers every cacheable answer carries.
fn headers(tag: &str) -> [(header::HeaderName, HeaderValue); 2] {
    [
        (
            header::ETAG,
            HeaderValue::from_str(tag).unwrap_or_else(|_| HeaderValue::from_static("\"\"")),
        ),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_str(&format!("public, max-age={MAX_AGE}")).unwrap_or_else(|_| HeaderValue::from_static("no-cache")),
        ),
    ]
}

/// `304 Not Modified` for `tag`.
pub(crate) fn not_modified(tag: &str) -> Response {
    (StatusCode::NOT_MODIFIED, headers(tag)).into_response()
}

/// The headers of an answer of `media_type` tagged `tag`, without its body
/// (`HEAD`: no work is done for it, so no length is given: the body is
/// one of unknown length, which `HEAD` never sends).
pub(crate) fn head(media_type: &'static str, tag: &str) -> Response {
    let unknown = axum::body::Body::new(UnknownLength);
    (headers(tag), [(header::CONTENT_TYPE, media_type)], unknown).into_response()
}

/// A body whose length is not known (and that holds nothing): its answer
/// says no `Content-Length`.
struct UnknownLength;

impl http_body::Body for UnknownLength {
    type Data = axum::body::Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        std::task::Poll::Ready(None)
    }
}

/// An answer of `media_type` with `body`, tagged `tag`.
pub(crate) fn answer(media_type: &'static str, body: axum::body::Bytes, tag: &str) -> Response {
    (headers(tag), [(header::CONTENT_TYPE, media_type)], body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_differ_by_address_and_are_quoted() {
        let a = tag("universe/board.svg?seed=a");
        assert!(a.starts_with('"') && a.ends_with('"') && a.contains(boardwright::VERSION));
        assert_eq!(a, tag("universe/board.svg?seed=a"));
        assert_ne!(a, tag("universe/board.svg?seed=b"));
    }

    #[test]
    fn if_none_match_lists_and_weak_tags_match() {
        let t = tag("x");
        let with = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::IF_NONE_MATCH, HeaderValue::from_str(v).unwrap());
            h
        };
        assert!(holds(&with(&t), &t, false));
        assert!(holds(&with(&format!("\"other\", W/{t}")), &t, false));
        assert!(holds(&with("*"), &t, true));
        assert!(!holds(&with("*"), &t, false), "* matches only an answer known to exist");
        assert!(!holds(&with("\"other\""), &t, true));
        assert!(!holds(&HeaderMap::new(), &t, true));
    }
}
