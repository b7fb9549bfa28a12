//! The page: HTML, one stylesheet, JavaScript modules and the font, all
//! inside the binary (no CDN, no network, no build step).
//!
//! The HTML names the generators of the registry (navigation, the front
//! page's cards, titles); what describes them (about lines, parameters,
//! presets) the scripts read from `GET /api/generators`.

use std::sync::LazyLock;

use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};

use crate::error::ApiError;

const JS: &str = "text/javascript; charset=utf-8";

/// `(name, media type, bytes)` of a file under `assets/`.
macro_rules! asset {
    ($file:literal, $media_type:expr) => {
        ($file, $media_type, include_bytes!(concat!("../assets/", $file)))
    };
}

/// `(name, media type, bytes)` of every file under `/assets/`. A script
/// named after a generator (`hexet.js`) is that generator's own part of its
/// tool page: the page loads it (see [`tool_page`]).
const ASSETS: &[(&str, &str, &[u8])] = &[
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("app.js", JS),
    asset!("api.js", JS),
    asset!("svg.js", JS),
    asset!("zoom.js", JS),
    asset!("home.js", JS),
    asset!("form.js", JS),
    asset!("toml.js", JS),
    asset!("universe.js", JS),
    asset!("starship.js", JS),
    asset!("witches.js", JS),
    asset!("hexet.js", JS),
    asset!("favicon.svg", "image/svg+xml"),
    // The font the drawings name, so the page shows their text as the PDF does.
    ("DejaVuSans.ttf", "font/ttf", render::FONT),
];

/// What every page shares: the head, with `{{title}}`, `{{script}}`,
/// `{{head}}` (more of the head) and `{{body}}` to fill.
const SHELL: &str = include_str!("../assets/page.html");
/// The front page's body, with `{{cards}}`.
const INDEX: &str = include_str!("../assets/index.html");
/// A tool page's body, with `{{nav}}` and `{{title}}`.
const TOOL: &str = include_str!("../assets/tool.html");

/// The pages, made once: the front page and one tool page per generator.
struct Pages {
    index: String,
    /// The front page saying there is no page at `{{path}}`.
    missing: String,
    tools: Vec<(&'static str, String)>,
}

static PAGES: LazyLock<Pages> = LazyLock::new(|| Pages {
    index: index_page("boardwright", ""),
    missing: index_page(
        "No such page · boardwright",
        "  <p class=\"notice\" role=\"alert\" id=\"no-such-page\">There is no page at <code>{{path}}</code>. \
         Pick a generator below, or go back to <a href=\"/\">the front page</a>.</p>\n",
    ),
    tools: boardwright::GENERATORS.iter().map(|name| (*name, tool_page(name))).collect(),
});

/// `template` with each `{{key}}` replaced by its value.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(template.to_string(), |text, (key, value)| {
        text.replace(&format!("{{{{{key}}}}}"), value)
    })
}

fn page(title: &str, script: &str, head: &str, body: &str) -> String {
    fill(SHELL, &[("title", title), ("script", script), ("head", head), ("body", body)])
}

/// A generator's name as a title: "hexet" → "Hexet".
fn title(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// The front page: a card per generator, its about line filled by
/// `home.js`, titled `title`, with `notice` above its heading.
fn index_page(title_text: &str, notice: &str) -> String {
    let cards: String = boardwright::GENERATORS
        .iter()
        .map(|name| {
            format!(
                r#"    <li class="card" data-generator="{name}">
      <a href="/{name}">
        <img src="/api/{name}/board.svg?seed=Tiamo" alt="A {name} board" width="297" height="210">
        <h2>{title}</h2>
        <p class="about"></p>
      </a>
    </li>
"#,
                title = title(name)
            )
        })
        .collect();
    page(title_text, "home.js", "", &fill(INDEX, &[("notice", notice), ("cards", &cards)]))
}

/// The tool page of generator `name`: the navigation marks it, and its own
/// script, when there is an asset of its name, is loaded with `app.js`.
fn tool_page(name: &str) -> String {
    let nav: String = boardwright::GENERATORS
        .iter()
        .map(|other| {
            let current = if *other == name { r#" aria-current="page""# } else { "" };
            format!("    <a href=\"/{other}\"{current}>{}</a>\n", title(other))
        })
        .collect();
    let script = format!("{name}.js");
    let head = if ASSETS.iter().any(|(file, _, _)| *file == script) {
        format!("<link rel=\"modulepreload\" id=\"generator-module\" href=\"/assets/{script}\">\n")
    } else {
        String::new()
    };
    let title = title(name);
    let body = fill(TOOL, &[("nav", &nav), ("title", &title)]);
    page(&format!("{title} · boardwright"), "app.js", &head, &body)
}

fn html(text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], text).into_response()
}

/// `GET /`: every generator.
pub(crate) async fn index() -> Response {
    html(&PAGES.index)
}

/// `GET /{generator}`: the tool page of a generator of the registry (its
/// script reads the generator from the address); any other page name is a
/// near miss (see [`missing`]).
pub(crate) async fn tool(uri: Uri) -> Response {
    let name = uri.path().trim_start_matches('/');
    match PAGES.tools.iter().find(|(n, _)| *n == name) {
        Some((_, text)) => html(text),
        None => missing(uri).await,
    }
}

/// A page address that is none: a generator's name written another way
/// (`/universe/`, `/Universe`) is sent on to its page, the query kept, and
/// anything else outside the API gets the home page with status 404 and a
/// notice naming the address, so that a mistyped link still reaches the
/// app and says why. Under `/api/` and `/assets/`, a JSON 404.
pub(crate) async fn missing(uri: Uri) -> Response {
    let path = uri.path();
    if matches!(path.trim_start_matches('/').split('/').next(), Some("api" | "assets")) {
        return ApiError::not_found("no such page or API endpoint").into_response();
    }
    let name = path.trim_matches('/').to_ascii_lowercase();
    if let Some((tool, _)) = PAGES.tools.iter().find(|(n, _)| **n == name) {
        let query = uri.query().map_or(String::new(), |q| format!("?{q}"));
        return Redirect::permanent(&format!("/{tool}{query}")).into_response();
    }
    let page = PAGES.missing.replace("{{path}}", &render::svg::escape(path));
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
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
