//! The one error a handler returns: a status and the JSON body
//! `{"error": "...", "parameter": "..."}` that every refusal carries.

use axum::extract::rejection::PathRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use boardwright::params::ParamError;
use boardwright::{Error, Unprintable};
use serde::Serialize;

/// A refused request.
#[derive(Clone, Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    body: Body,
    /// Seconds after which a busy server may be asked again.
    retry_after: Option<u32>,
    /// Whether the work was stopped because its client sent its last byte.
    client_gone: bool,
}

/// Marks an answer to a client that had sent its last byte when its work
/// was stopped: the log says `hung-up`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClientGone;

#[derive(Clone, Debug, Serialize)]
struct Body {
    error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    parameter: Option<String>,
    /// Why, in words that name no command nor the parameter (a page shows
    /// them beside its field): of a parameter not allowed, of a board not
    /// made or not drawn.
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<String>,
    /// Of a board not drawn: the papers and sheets that would draw it.
    #[serde(skip_serializing_if = "Option::is_none")]
    prints_on: Option<Vec<Sheets>>,
}

/// A paper and its sheets as a refusal names them.
#[derive(Clone, Debug, Serialize)]
struct Sheets {
    paper: &'static str,
    tile: String,
}

impl ApiError {
    /// An error with `status` and a message.
    pub(crate) fn new(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: Body {
                error: bounded_quotes(&error.into()),
                parameter: None,
                why: None,
                prints_on: None,
            },
            retry_after: None,
            client_gone: false,
        }
    }

    /// Names the parameter at fault (its first [`MAX_QUOTED`] characters:
    /// an unknown name may be anything a client sent).
    pub(crate) fn parameter(mut self, name: impl Into<String>) -> ApiError {
        self.body.parameter = Some(shortened(&name.into()));
        self
    }

    /// 400: the request is malformed or a value is not allowed.
    pub(crate) fn bad_request(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, error)
    }

    /// 404.
    pub(crate) fn not_found(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, error)
    }

    /// 422: well-formed, but refused (a size cap, a generation whose every
    /// attempt failed, a road the rules refuse).
    pub(crate) fn unprocessable(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, error)
    }

    /// 422: a board not drawn (too large, or a mark too small on the paper
    /// asked for), naming the size parameter `parameter`, why in words that
    /// name no command, and the papers and sheets that would draw it.
    pub(crate) fn unprintable(e: &Unprintable, parameter: &str) -> ApiError {
        let mut refusal = ApiError::unprocessable(e.to_string()).parameter(parameter).why(e.why.clone());
        let sheets = e.prints_on.iter().map(|s| Sheets {
            paper: s.paper.name(),
            tile: s.tile.to_string(),
        });
        refusal.body.prints_on = Some(sheets.collect());
        refusal
    }

    /// The same refusal with its reason in words that name no command (a
    /// page shows it instead of `error`).
    pub(crate) fn why(mut self, why: impl Into<String>) -> ApiError {
        self.body.why = Some(bounded_quotes(&why.into()));
        self
    }

    /// 503 with `Retry-After`: every generation slot stayed taken.
    pub(crate) fn busy(retry_after: u32) -> ApiError {
        ApiError {
            retry_after: Some(retry_after),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy with other generations; try again shortly",
            )
        }
    }

    /// 503: the work took longer than the server allows, and was stopped.
    pub(crate) fn too_long(limit: std::time::Duration) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "this request took more than {} s, this server's limit, and was stopped; ask for a smaller board or drawing, or use the command line",
                limit.as_secs_f64()
            ),
        )
    }

    /// 503: large work stopped because its client sent its last byte (hung
    /// up, or closed its side of the connection to wait, which looks the
    /// same).
    pub(crate) fn client_gone() -> ApiError {
        ApiError {
            client_gone: true,
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the connection was closed for sending, so this large request was stopped; keep the connection open until the answer comes",
            )
        }
    }

    /// The same refusal with another message.
    pub(crate) fn with_error(mut self, error: impl Into<String>) -> ApiError {
        self.body.error = error.into();
        self
    }

    /// Its status.
    #[cfg(test)]
    pub(crate) fn status(&self) -> StatusCode {
        self.status
    }

    /// 500: a fault of the server, never of the input.
    pub(crate) fn internal(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error)
    }
}

impl From<ParamError> for ApiError {
    fn from(e: ParamError) -> ApiError {
        // Text that does not read as TOML is the config's fault.
        let parameter = e.parameter().unwrap_or("config").to_string();
        let refusal = ApiError::bad_request(e.to_string()).parameter(parameter);
        match e.reason() {
            Some(why) => refusal.why(why),
            None => refusal,
        }
    }
}

/// Why a generation gave nothing: the input could not be satisfied, so 422
/// (or 503 when it was stopped, its client gone or its time up).
impl From<Error> for ApiError {
    fn from(e: Error) -> ApiError {
        match e {
            Error::Stopped => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
            e => ApiError::unprocessable(e.to_string()),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(e: PathRejection) -> ApiError {
        ApiError::new(e.status(), format!("the address could not be read: {}", e.body_text()))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_string(&self.body).unwrap_or_else(|_| String::from(r#"{"error":"unknown"}"#));
        let mut response = (self.status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        if self.client_gone {
            response.extensions_mut().insert(ClientGone);
        }
        response
    }
}

/// Characters of a client's input a refusal quotes, at most.
pub(crate) const MAX_QUOTED: usize = 100;

/// `message` with every quoted run (between `"` or `` ` ``) longer than
/// [`MAX_QUOTED`] characters cut to its first ones and `…`: a refusal
/// quotes what was wrong, not a megabyte of it.
fn bounded_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = rest.as_bytes()[open] as char;
        out.push_str(&rest[..=open]);
        let inside = &rest[open + 1..];
        // A Debug-quoted string escapes its own quotes.
        let mut escaped = false;
        let close = inside
            .char_indices()
            .find(|&(_, c)| {
                let ends = c == quote && !escaped;
                escaped = quote == '"' && c == '\\' && !escaped;
                ends
            })
            .map_or(inside.len(), |(i, _)| i);
        out.push_str(&shortened(&inside[..close]));
        rest = &inside[close..];
        if let Some(after) = rest.strip_prefix(quote) {
            out.push(quote);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// `text`'s first [`MAX_QUOTED`] characters, and `…` if there were more.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}
