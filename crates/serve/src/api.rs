//! `GET /api/generators`, `GET /api/openapi.json` and `GET /api/{generator}/{file}`: a board in any
//! format, its resolved parameters as TOML, how large it prints, its steps
//! with snapshots, and a snapshot drawn.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use boardwright::params;
use boardwright::{Recorder, Registered, Seed, Stop, Visit};
use serde::Serialize;

use crate::error::ApiError;
use crate::file::File;
use crate::generators::{size_parameter, with_generator};
use crate::jobs::{Client, Size};
use crate::request::BoardQuery;
use crate::{App, cost, etag};
use output::{self, DrawError, Drawing, Format};

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
/// answers are kept for repeated requests, shared by identical requests in
/// flight, and tagged for HTTP caches. Everything a request asks is checked
/// before any work and before its tag is compared; `HEAD` does no work.
pub(crate) async fn generator_file(
    State(app): State<Arc<App>>,
    path: Result<Path<(String, String)>, PathRejection>,
    method: Method,
    headers: HeaderMap,
    client: Client,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    let Path((generator, file)) = path?;
    let request = FileRequest {
        app,
        raw,
        file,
        head: method == Method::HEAD,
        headers,
        client,
    };
    with_generator(&generator, request)?.await
}

/// An answer's media type and bytes.
pub(crate) type Answer = (&'static str, Bytes);

/// A request for one of a generator's files, answered once the generator
/// is known.
struct FileRequest {
    app: Arc<App>,
    /// The query string.
    raw: Option<String>,
    file: String,
    /// Whether only the headers are asked for.
    head: bool,
    headers: HeaderMap,
    client: Client,
}

impl Visit for FileRequest {
    type Output = Pin<Box<dyn Future<Output = Result<Response, ApiError>> + Send>>;

    fn visit<G: Registered>(self) -> Self::Output {
        let FileRequest {
            app,
            raw,
            file,
            head,
            headers,
            client,
        } = self;
        Box::pin(async move {
            let query = BoardQuery::parse::<G>(raw.as_deref())?;
            let file = File::parse(&file)?;
            let mut params: G::Params = query.params()?;
            let size = cost::size::<G>(&params, file, &query.drawing, query.every, app.limits.max_pixels)?;
            // As the command line does: a universe tiled 2x1 is laid out
            // wide, its address and its answer the board the sheets show
            // (after the size check: shaping lays out a few small boards).
            G::fit_to_sheets(&mut params, &query.drawing.options);
            // A config is the parameters alone: it needs no seed and replays no log.
            let board = file != File::Config;
            let work = Work::<G> {
                seed: if board { Some(query.seed()?) } else { None },
                log: if board {
                    query.log::<G>(&params, app.limits.max_log_letters)?
                } else {
                    G::Log::default()
                },
                params,
                file,
                size,
                client,
            };
            let address = query.address(G::NAME, file, &work.params);
            let asked = Asked {
                headers: &headers,
                head,
                client: work.client.clone(),
                size: work.size,
                media_type: work.media_type(),
            };
            asked.answer(&app, address, work.answer(&app, &query)).await
        })
    }
}

/// A request for an answer that is a pure function of its address, checked
/// in every other way.
pub(crate) struct Asked<'a> {
    pub(crate) headers: &'a HeaderMap,
    /// Whether only the headers are asked for.
    pub(crate) head: bool,
    pub(crate) client: Client,
    pub(crate) size: Size,
    /// The answer's media type, said to `HEAD`.
    pub(crate) media_type: &'static str,
}

impl Asked<'_> {
    /// The answer at `address`: 304 when the client holds it, the kept
    /// bytes, the headers alone to `HEAD`, or else made by `make` once for
    /// every identical request in flight (large work given up when its
    /// client has sent its last byte), kept and tagged.
    pub(crate) async fn answer(
        self,
        app: &App,
        address: String,
        make: impl Future<Output = Result<Answer, ApiError>>,
    ) -> Result<Response, ApiError> {
        let tag = etag::tag(&address);
        let kept = app.cache.get(&address);
        if etag::holds(self.headers, &tag, kept.is_some()) {
            return Ok(etag::not_modified(&tag));
        }
        if let Some((media_type, body)) = kept {
            return Ok(etag::answer(media_type, body, &tag));
        }
        if self.head {
            return Ok(etag::head(self.media_type, &tag));
        }
        let made = app.in_flight.share(&address, make);
        let (media_type, body) = self.client.unless_gone(self.size, made).await?;
        app.cache.put(address, media_type, body.clone());
        Ok(etag::answer(media_type, body, &tag))
    }
}

/// The work a checked request asks for.
struct Work<G: Registered> {
    params: G::Params,
    /// The seed (none for `config.toml` without one).
    seed: Option<Seed>,
    log: G::Log,
    file: File,
    size: Size,
    client: Client,
}

impl<G: Registered> Work<G> {
    fn media_type(&self) -> &'static str {
        match self.file {
            File::Board(format) => format.media_type(),
            File::Config => CONFIG_TYPE,
            File::Steps | File::Fit => Format::Json.media_type(),
            File::Snapshot(_) => Format::Svg.media_type(),
        }
    }

    /// The answer, made in a generation slot (the config needs none).
    async fn answer(self, app: &App, query: &BoardQuery) -> Result<Answer, ApiError> {
        let media_type = self.media_type();
        let Work {
            params,
            seed,
            log,
            file,
            size,
            client,
        } = self;
        let seed = match (file, seed) {
            (File::Config, _) => return Ok((media_type, config(query, &params).into())),
            (_, Some(seed)) => seed,
            (_, None) => return Err(ApiError::internal("a board request without a seed")),
        };
        let (drawing, every, max_pixels) = (query.drawing.clone(), query.every, app.limits.max_pixels);
        let layers = query.layers::<G::Params>()?;
        let body = app
            .jobs
            .run(size, &client, move |stop| match file {
                File::Board(format) => board::<G>(&params, &seed, &log, format, &drawing, max_pixels, stop),
                File::Steps => steps::<G>(&params, &seed, &log, every, stop),
                File::Fit => crate::fit::fit::<G>(&layers, &seed, &drawing.options, stop),
                File::Snapshot(index) => snapshot_svg::<G>(&params, &seed, &log, every, index, &drawing, stop),
                File::Config => Err(ApiError::internal("a config made in a slot")),
            })
            .await?;
        Ok((media_type, body.into()))
    }
}

/// Why a drawing was not made, as a refusal.
fn drawing_error(e: DrawError, drawing: &Drawing, format: Format) -> ApiError {
    match e {
        DrawError::TooManyPixels { pixels, most } => cost::too_many_pixels(drawing, pixels, most),
        DrawError::Stopped => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
        DrawError::Failed(e) => ApiError::internal(format!("could not write the {}: {e}", format.extension())),
    }
}

fn board<G: Registered>(
    params: &G::Params,
    seed: &Seed,
    log: &G::Log,
    format: Format,
    drawing: &Drawing,
    max_pixels: u64,
    stop: &Stop,
) -> Result<Vec<u8>, ApiError> {
    let result = G::generate_logged(params, seed, log, &mut stop.clone()).map_err(ApiError::from)?;
    if format != Format::Json {
        G::check_printable(&result, &drawing.options).map_err(|e| ApiError::unprintable(&e, size_parameter::<G>(params)))?;
    }
    let mut bytes = Vec::new();
    let budget = output::Budget {
        max_pixels,
        stop: &|| stop.stopped(),
    };
    output::write_within::<G>(&result, format, drawing, &budget, &mut bytes).map_err(|e| drawing_error(e, drawing, format))?;
    Ok(bytes)
}

/// The media type of `config.toml`.
const CONFIG_TYPE: &str = "application/toml; charset=utf-8";

/// The resolved parameters as TOML, after the seed when the request names
/// one: what `--print-config` prints, and what `--config` reads back.
fn config<P: params::Params>(query: &BoardQuery, params: &P) -> Vec<u8> {
    let seed = query
        .seed_text()
        .map_or(String::new(), |text| format!("seed = {}\n", toml::Value::from(text)));
    format!("{seed}{}", params.to_toml()).into_bytes()
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

fn steps<G: Registered>(params: &G::Params, seed: &Seed, log: &G::Log, every: u32, stop: &Stop) -> Result<Vec<u8>, ApiError> {
    let mut recorder = Recorder::new(every).stopping(stop.clone());
    G::generate_logged(params, seed, log, &mut recorder).map_err(ApiError::from)?;
    let steps = Steps {
        generator: G::NAME,
        seed: seed.text(),
        version: boardwright::VERSION,
        steps: G::STEPS,
        every,
        snapshots: &recorder.snapshots,
    };
    serde_json::to_vec(&steps).map_err(|e| ApiError::internal(format!("could not write the steps: {e}")))
}

/// The `index`-th snapshot of the steps answer, drawn as SVG.
fn snapshot_svg<G: Registered>(
    params: &G::Params,
    seed: &Seed,
    log: &G::Log,
    every: u32,
    index: usize,
    drawing: &Drawing,
    stop: &Stop,
) -> Result<Vec<u8>, ApiError> {
    let mut recorder = Recorder::new(every).stopping(stop.clone());
    let board = G::generate_logged(params, seed, log, &mut recorder).map_err(ApiError::from)?;
    let count = recorder.snapshots.len();
    let snapshot = recorder.snapshots.get(index).ok_or_else(|| {
        ApiError::not_found(match count {
            0 => format!("no snapshot {index}: {} records no snapshots", G::NAME),
            _ => format!("no snapshot {index}: this generation has {count}, from 0 to {}", count - 1),
        })
    })?;
    let doc = G::draw_snapshot(&board, snapshot, drawing.options.clone())
        .ok_or_else(|| ApiError::not_found(format!("{} does not draw its snapshots", G::NAME)))?;
    render::render_until(&doc, render::Format::Svg, render::Options { dpi: drawing.dpi }, &|| stop.stopped()).map_err(|e| {
        let e = if e.stopped() {
            DrawError::Stopped
        } else {
            DrawError::Failed(std::io::Error::other(e))
        };
        drawing_error(e, drawing, Format::Svg)
    })
}
