//! `GET /api/generators`, `GET /api/openapi.json` and `GET /api/{generator}/{file}`: a board in any
//! format, its resolved parameters as TOML, its steps with snapshots, and a
//! snapshot drawn.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use boardwright::params;
use boardwright::{Error, Generator, Recorder, Visit};
use serde::Serialize;

use crate::error::ApiError;
use crate::generators::{cap, cap_steps, size_parameter, with_generator};
use crate::request::BoardQuery;
use crate::{App, etag};
use output::{self, Format};

/// `GET /api/generators`.
pub(crate) async fn generators(State(app): State<Arc<App>>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], app.listing.clone()).into_response()
}

/// `GET /api/openapi.json`: the API described as OpenAPI 3.1.
pub(crate) async fn openapi(State(app): State<Arc<App>>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], app.openapi.clone()).into_response()
}

/// `GET /api/{generator}/{file}`: `board.{json,svg,png,pdf}`, `config.toml`,
/// `steps` or `snapshot-K.svg` (the `K`-th snapshot of `steps`, from 0,
/// drawn by the server as the board is). The same normalised request always gets the same bytes, so
/// answers are kept for repeated requests and tagged for HTTP caches.
pub(crate) async fn generator_file(
    State(app): State<Arc<App>>,
    path: Result<Path<(String, String)>, PathRejection>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    let Path((generator, file)) = path?;
    let request = FileRequest { app, raw, file, headers };
    with_generator(&generator, request)?.await
}

/// An answer's media type and bytes.
type Answer = (&'static str, Vec<u8>);

/// A request for one of a generator's files, answered once the generator
/// is known.
struct FileRequest {
    app: Arc<App>,
    /// The query string.
    raw: Option<String>,
    file: String,
    headers: HeaderMap,
}

impl Visit for FileRequest {
    type Output = Pin<Box<dyn Future<Output = Result<Response, ApiError>> + Send>>;

    fn visit<G: Generator>(self) -> Self::Output {
        let FileRequest { app, raw, file, headers } = self;
        Box::pin(async move {
            let query = BoardQuery::parse::<G>(raw.as_deref())?;
            let format = file.strip_prefix("board.").and_then(Format::from_extension);
            let snapshot = snapshot_index(&file);
            if format.is_none() && snapshot.is_none() && file != "config.toml" && file != "steps" {
                return Err(ApiError::not_found(format!(
                    "no {file:?} here; there are board.json, board.svg, board.png, board.pdf, config.toml, steps and snapshot-K.svg"
                )));
            }
            let params: G::Params = query.params()?;
            let address = query.address(G::NAME, &file, &params);
            let tag = etag::tag(&address);
            if etag::holds(&headers, &tag) {
                return Ok(etag::not_modified(&tag));
            }
            if let Some((media_type, body)) = app.cache.get(&address) {
                return Ok(etag::answer(media_type, body, &tag));
            }
            let (media_type, body) = match (format, snapshot) {
                (Some(format), _) => board::<G>(&app, query, params, format).await?,
                (None, Some(index)) => snapshot_svg::<G>(&app, query, params, index).await?,
                (None, None) if file == "steps" => steps::<G>(&app, query, params).await?,
                (None, None) => config(&query, &params),
            };
            let body = Bytes::from(body);
            app.cache.put(address, media_type, body.clone());
            Ok(etag::answer(media_type, body, &tag))
        })
    }
}

/// Why a generation gave nothing, as a refusal: the input could not be
/// satisfied, so 422.
pub(crate) fn generation_error(e: Error) -> ApiError {
    ApiError::unprocessable(e.to_string())
}

async fn board<G: Generator>(app: &App, query: BoardQuery, params: G::Params, format: Format) -> Result<Answer, ApiError> {
    cap::<G>(&params)?;
    if format != Format::Json {
        G::check_drawable(&params).map_err(|why| ApiError::unprocessable(why).parameter(size_parameter::<G>(&params)))?;
    }
    let seed = query.seed()?;
    let log = query.log::<G>(&params, app.limits.max_log_letters)?;
    let drawing = query.drawing;
    let bytes = app
        .jobs
        .run(move || {
            let result = G::generate_with(&params, &seed, &log, &mut ()).map_err(generation_error)?;
            if format != Format::Json {
                G::check_printable(&result, &drawing.options).map_err(ApiError::unprocessable)?;
            }
            let mut bytes = Vec::new();
            output::write::<G>(&result, format, &drawing, &mut bytes)
                .map_err(|e| ApiError::internal(format!("could not write the {}: {e}", format.extension())))?;
            Ok::<_, ApiError>(bytes)
        })
        .await??;
    Ok((format.media_type(), bytes))
}

/// The resolved parameters as TOML, after the seed when the request names
/// one: what `--print-config` prints, and what `--config` reads back.
fn config<P: params::Params>(query: &BoardQuery, params: &P) -> Answer {
    let seed = query
        .seed_text()
        .map_or(String::new(), |text| format!("seed = {}\n", toml::Value::from(text)));
    let text = format!("{seed}{}", params.to_toml());
    ("application/toml; charset=utf-8", text.into_bytes())
}

/// The body of a steps answer: one generation followed step by step.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct Steps<'a, S> {
    /// The generator's name.
    generator: &'static str,
    /// The seed text.
    seed: &'a str,
    /// The toolkit's version.
    version: &'static str,
    /// The generation's steps, in order.
    steps: &'static [&'static str],
    /// Snapshots of a repeated step every this many repetitions.
    every: u32,
    /// The snapshots of the attempt that made the result, in order.
    snapshots: &'a [S],
}

async fn steps<G: Generator>(app: &App, query: BoardQuery, params: G::Params) -> Result<Answer, ApiError> {
    cap::<G>(&params)?;
    cap_steps::<G>(&params, query.every)?;
    let seed = query.seed()?;
    // A log in the address is read and replayed as for the board (a bad one refused).
    let log = query.log::<G>(&params, app.limits.max_log_letters)?;
    let every = query.every;
    let body = app
        .jobs
        .run(move || {
            let mut recorder = Recorder::new(every);
            G::generate_with(&params, &seed, &log, &mut recorder).map_err(generation_error)?;
            let steps = Steps {
                generator: G::NAME,
                seed: seed.text(),
                version: boardwright::VERSION,
                steps: G::STEPS,
                every,
                snapshots: &recorder.snapshots,
            };
            serde_json::to_vec(&steps).map_err(|e| ApiError::internal(format!("could not write the steps: {e}")))
        })
        .await??;
    Ok(("application/json", body))
}

/// The snapshot index `K` of a `snapshot-K.svg` file name.
fn snapshot_index(file: &str) -> Option<usize> {
    file.strip_prefix("snapshot-")?.strip_suffix(".svg")?.parse().ok()
}

/// The `index`-th snapshot of the steps answer, drawn as SVG.
async fn snapshot_svg<G: Generator>(app: &App, query: BoardQuery, params: G::Params, index: usize) -> Result<Answer, ApiError> {
    cap::<G>(&params)?;
    cap_steps::<G>(&params, query.every)?;
    G::check_drawable(&params).map_err(|why| ApiError::unprocessable(why).parameter(size_parameter::<G>(&params)))?;
    let seed = query.seed()?;
    let log = query.log::<G>(&params, app.limits.max_log_letters)?;
    let (every, drawing) = (query.every, query.drawing);
    let body = app
        .jobs
        .run(move || {
            let mut recorder = Recorder::new(every);
            let board = G::generate_with(&params, &seed, &log, &mut recorder).map_err(generation_error)?;
            let count = recorder.snapshots.len();
            let snapshot = recorder.snapshots.get(index).ok_or_else(|| {
                ApiError::not_found(match count {
                    0 => format!("no snapshot {index}: {} records no snapshots", G::NAME),
                    _ => format!("no snapshot {index}: this generation has {count}, from 0 to {}", count - 1),
                })
            })?;
            let doc = G::draw_snapshot(&board, snapshot, drawing.options)
                .ok_or_else(|| ApiError::not_found(format!("{} does not draw its snapshots", G::NAME)))?;
            render::render(&doc, render::Format::Svg, render::Options { dpi: drawing.dpi })
                .map_err(|e| ApiError::internal(format!("could not write the svg: {e}")))
        })
        .await??;
    Ok((Format::Svg.media_type(), body))
}
