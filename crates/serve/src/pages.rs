//! The page: HTML, one stylesheet, JavaScript modules and the font, all
//! inside the binary (no CDN, no network, no build step).

use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// `(name, media type, bytes)` of every file under `/assets/`.
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("style.css", "text/css; charset=utf-8", include_bytes!("../assets/style.css")),
    ("app.js", "text/javascript; charset=utf-8", include_bytes!("../assets/app.js")),
    ("home.js", "text/javascript; charset=utf-8", include_bytes!("../assets/home.js")),
    ("form.js", "text/javascript; charset=utf-8", include_bytes!("../assets/form.js")),
    ("toml.js", "text/javascript; charset=utf-8", include_bytes!("../assets/toml.js")),
    (
        "universe.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../assets/universe.js"),
    ),
    (
        "starship.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../assets/starship.js"),
    ),
    ("hexet.js", "text/javascript; charset=utf-8", include_bytes!("../assets/hexet.js")),
    ("favicon.svg", "image/svg+xml", include_bytes!("../assets/favicon.svg")),
    // The font the drawings name, so the page shows their text as the PDF does.
    ("DejaVuSans.ttf", "font/ttf", render::FONT),
];

const INDEX: &str = include_str!("../assets/index.html");
const TOOL: &str = include_str!("../assets/tool.html");

/// The generators that have a tool page.
const TOOLS: [&str; 4] = ["universe", "witches", "starship", "hexet"];

fn html(text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], text).into_response()
}

/// `GET /`: the four generators.
pub(crate) async fn index() -> Response {
    html(INDEX)
}

/// `GET /{generator}`: the tool page (its script reads the generator from the address).
pub(crate) async fn tool(path: Result<Path<String>, PathRejection>) -> Result<Response, ApiError> {
    let Path(name) = path?;
    if TOOLS.contains(&name.as_str()) {
        Ok(html(TOOL))
    } else {
        Err(ApiError::not_found(format!("no page {name:?}")))
    }
}

/// `GET /assets/{file}`.
pub(crate) async fn asset(path: Result<Path<String>, PathRejection>) -> Result<Response, ApiError> {
    let Path(name) = path?;
    let (_, media_type, bytes) = ASSETS
        .iter()
        .find(|(n, _, _)| *n == name)
        .ok_or_else(|| ApiError::not_found(format!("no asset {name:?}")))?;
    Ok(([(header::CONTENT_TYPE, *media_type), (header::CACHE_CONTROL, "no-cache")], *bytes).into_response())
}
