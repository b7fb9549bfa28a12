//! The boardwright web app (`boardwright serve`): the pages, the HTTP API
//! (described in `docs/http.md` and, as OpenAPI, at `/api/openapi.json`),
//! and the limits that keep one request from knocking the server over.
//!
//! - answers in a format are written by the `boardwright-output` crate,
//!   which the command line writes through too;
//! - `api`: boards, configs, steps and drawn snapshots (a hexet game is its address: the
//!   road log rides in it and is replayed on each request, so the server
//!   holds no one's state); `pages`: the HTML, CSS and JavaScript inside
//!   the binary; `puzzle`: the witches recipe's routes (a potion brewed,
//!   the free clue, the reveal), the recipe made again on each request;
//!   `roads`: a hexet road log written as its address's code and read
//!   back; `play`: bots playing a universe board, one game replayed;
//!   `json`: the body check and answer of those routes;
//! - `request`: a query string read as the command line reads its options;
//!   `cache`: answers kept for repeated requests; `etag`: the tags and
//!   headers that let HTTP caches keep them too;
//! - `guard`: which requests the server answers (the `Host`, the
//!   `Origin`, CORS for allowed origins) and the security headers of every
//!   answer;
//! - `generators`: size caps and the generator listing; `openapi`: the
//!   API described from the same tables; `jobs`: the generation slots;
//!   `error`: the JSON refusal every handler returns; `refusal`: the
//!   same body for refusals no handler wrote;
//! - `conn`: the accept loop, the cap on connections and their timeouts.
//!
//! Generation runs on tokio's blocking pool, never on the async executor.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, post};

mod api;
mod cache;
mod conn;
mod cost;
mod error;
mod etag;
mod file;
mod fit;
mod generators;
mod guard;
mod inflight;
mod jobs;
mod json;
mod openapi;
mod pages;
mod play;
mod puzzle;
mod refusal;
mod request;
mod roads;

use error::ApiError;
pub use generators::STEPS_MAX_VALUES;
pub use guard::Origin;
pub use puzzle::MAX_POTION_BODY;

/// Largest request body accepted, in bytes (1 MiB); larger ones get 413.
pub const MAX_BODY: usize = 1 << 20;

/// The limits of one server. The timeouts and the connection cap keep
/// clients that send slowly, or not at all, from holding the server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Generations running at once (default: the number of cores).
    pub jobs: usize,
    /// How long a request waits for a generation slot before 503.
    pub queue_wait: Duration,
    /// Letters of a log's code in a board's address (hexet's `roads=`: 3
    /// to 6 letters a road).
    pub max_log_letters: usize,
    /// Bytes of answers kept for repeated requests (0: none).
    pub cache_bytes: usize,
    /// Most pixels of a PNG this server draws (a 600 dpi A4 sheet has 35
    /// million); a request for more is refused before any work.
    pub max_pixels: u64,
    /// Longest one generation and its drawing may take; then it is stopped
    /// and the request answered 503.
    pub time_limit: Duration,
    /// Origins whose pages may call the API (CORS), and whose hosts the
    /// server answers besides `localhost` and IP addresses (default: none).
    pub allowed_origins: Vec<Origin>,
    /// Time for a request head (request line and headers) to arrive whole,
    /// from its first byte (default 10 s); a head not whole by then is
    /// answered 408 and its connection closed.
    pub header_timeout: Duration,
    /// Time a connection may wait with no request in progress and no byte
    /// of the next one, from its opening or from the end of its last answer
    /// (default 30 s); it is then closed.
    pub idle_timeout: Duration,
    /// Time for a request body to arrive whole, from the end of its head
    /// (default 10 s); a handler reading a body not whole by then answers
    /// 408 and the connection is closed.
    pub body_timeout: Duration,
    /// Time an answer may wait for the client to take any more of it
    /// (default 30 s); the connection is then closed.
    pub send_timeout: Duration,
    /// Connections open at once (default 512), never more than the
    /// process's open-file limit less 64, and at least 2. When every place
    /// is taken, a new connection is accepted and the one that has waited
    /// longest for a request head is closed to make room; when every
    /// connection is busy with a request, new ones wait in the listener's
    /// backlog until one closes.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue_wait: Duration::from_secs(2),
            max_log_letters: 60_000,
            cache_bytes: 16 << 20,
            max_pixels: 50_000_000,
            time_limit: Duration::from_secs(20),
            allowed_origins: Vec::new(),
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            body_timeout: Duration::from_secs(10),
            send_timeout: Duration::from_secs(30),
            max_connections: 512,
        }
    }
}

/// What every handler shares.
struct App {
    limits: Limits,
    jobs: jobs::Jobs,
    cache: cache::Cache,
    /// Answers being computed, shared by identical requests.
    in_flight: inflight::InFlight<Result<(&'static str, axum::body::Bytes), ApiError>>,
    /// The body of `GET /api/generators`, made once.
    listing: String,
    /// The body of `GET /api/openapi.json`, made once.
    openapi: String,
}

/// Every route: its path and what answers it. `/api/openapi.json`
/// describes the same paths (a test holds the two together).
fn routes() -> Vec<(&'static str, MethodRouter<Arc<App>>)> {
    vec![
        ("/", get(pages::index)),
        ("/{page}", get(pages::tool)),
        ("/assets/{file}", get(pages::asset)),
        ("/api/generators", get(api::generators)),
        ("/api/openapi.json", get(api::openapi)),
        ("/api/witches/potion", post(puzzle::potion)),
        ("/api/witches/clue", get(puzzle::clue)),
        ("/api/witches/reveal", get(puzzle::reveal)),
        ("/api/hexet/roads", get(roads::read).post(roads::write)),
        ("/api/universe/play", get(play::games)),
        ("/api/{generator}/{file}", get(api::generator_file)),
    ]
}

/// The paths the router answers, as it matches them (`/api/{generator}/{file}`).
pub fn paths() -> Vec<&'static str> {
    routes().into_iter().map(|(path, _)| path).collect()
}

/// The routes, with the request log, the security headers, every refusal
/// as JSON, the host and origin checks, and the body limits.
pub fn router(limits: Limits) -> Router {
    let guard = Arc::new(guard::Guard::new(limits.allowed_origins.clone()));
    let app = Arc::new(App {
        jobs: jobs::Jobs::new(limits.jobs, limits.queue_wait, limits.time_limit),
        in_flight: inflight::InFlight::new(),
        cache: cache::Cache::new(limits.cache_bytes),
        listing: generators::listing().to_string(),
        openapi: openapi::document().to_string(),
        limits,
    });
    routes()
        .into_iter()
        .fold(Router::new(), |router, (path, answer)| router.route(path, answer))
        .fallback(pages::missing)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(app)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(refuse_large_bodies))
        .layer(middleware::from_fn_with_state(guard, guard::check))
        .layer(middleware::from_fn(refusal::as_json))
        .layer(middleware::from_fn(guard::secure))
        .layer(middleware::from_fn(log_request))
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "this method is not allowed here")
}

/// 413 for any request that announces a body over [`MAX_BODY`], whatever
/// its route. A body without a length is cut at the limit where a route
/// reads it (`POST`); on the routes that take none it is read here, to the
/// limit, and one over it refused the same way.
async fn refuse_large_bodies(request: Request, next: Next) -> Response {
    let length = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if length.is_some_and(|n| n > MAX_BODY as u64) {
        return too_large().into_response();
    }
    let unannounced = length.is_none() && request.headers().contains_key(header::TRANSFER_ENCODING);
    if unannounced && request.method() != axum::http::Method::POST {
        let (parts, body) = request.into_parts();
        return match drain(body, MAX_BODY).await {
            Ok(()) => next.run(Request::from_parts(parts, axum::body::Body::empty())).await,
            Err(Drained::TooLarge) => too_large().into_response(),
            Err(Drained::Unreadable) => ApiError::bad_request("the request body could not be read").into_response(),
        };
    }
    next.run(request).await
}

/// Why a body was not read to its end.
enum Drained {
    TooLarge,
    Unreadable,
}

/// Reads `body` to its end, keeping nothing, unless it runs past `most` bytes.
async fn drain(mut body: axum::body::Body, most: usize) -> Result<(), Drained> {
    use http_body::Body as _;
    let mut read = 0;
    loop {
        match std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx)).await {
            None => return Ok(()),
            Some(Err(_)) => return Err(Drained::Unreadable),
            Some(Ok(frame)) => {
                read += frame.data_ref().map_or(0, |data| data.len());
                if read > most {
                    return Err(Drained::TooLarge);
                }
            }
        }
    }
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request body is over {MAX_BODY} bytes (1 MiB)"),
    )
}

/// One line per request on stderr: method, path, status, milliseconds; a
/// request whose client hung up before its answer has `hung-up` for its
/// status (the connection layer logs the refusals it writes itself, with
/// `-` for what it could not read).
async fn log_request(request: Request, next: Next) -> Response {
    let mut line = LogLine {
        start: Instant::now(),
        method: request.method().to_string(),
        path: request.uri().path().to_string(),
        status: None,
    };
    let response = next.run(request).await;
    let gone = response.extensions().get::<error::ClientGone>().is_some();
    line.status = (!gone).then(|| response.status().as_u16());
    response
}

/// A request's log line, written when the request is answered or dropped.
struct LogLine {
    start: Instant,
    method: String,
    path: String,
    status: Option<u16>,
}

impl Drop for LogLine {
    fn drop(&mut self) {
        let status = self.status.map_or_else(|| "hung-up".to_string(), |s| s.to_string());
        log(&self.method, &self.path, &status, self.start.elapsed());
    }
}

/// Writes one request's line.
pub(crate) fn log(method: &str, path: &str, status: &str, took: Duration) {
    eprintln!("{method} {path} {status} {:.1}ms", took.as_secs_f64() * 1000.0);
}

/// Serves on `listener` until `shutdown` completes; requests in flight
/// then finish. The connections are held to the timeouts and the cap of
/// `limits`.
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    conn::serve(listener, router(limits.clone()), &limits, shutdown).await
}

fn runtime() -> io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build()
}

/// Runs the server on `addr` until Ctrl-C or SIGTERM, printing
/// `listening on http://HOST:PORT` on stderr once it accepts connections.
pub fn run(addr: &str, limits: Limits) -> io::Result<()> {
    let listener = std::net::TcpListener::bind(addr)?;
    listener.set_nonblocking(true)?;
    let runtime = runtime()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        eprintln!("listening on http://{}", listener.local_addr()?);
        serve(listener, limits, stop_signal()).await
    })?;
    // Generations whose clients went away may still run: give them a moment.
    runtime.shutdown_timeout(Duration::from_secs(10));
    Ok(())
}

/// Ctrl-C (SIGINT) or, on Unix, SIGTERM.
async fn stop_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// A server running on threads of its own (for tests and embedding).
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    stop: tokio::sync::oneshot::Sender<()>,
    thread: std::thread::JoinHandle<io::Result<()>>,
}

impl Running {
    /// Binds `addr` (port 0 picks a free port) and serves in the background.
    pub fn start(addr: &str, limits: Limits) -> io::Result<Running> {
        let listener = std::net::TcpListener::bind(addr)?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let runtime = runtime()?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async {
                let listener = tokio::net::TcpListener::from_std(listener)?;
                serve(listener, limits, async {
                    let _ = stopped.await;
                })
                .await
            })
        });
        Ok(Running { addr, stop, thread })
    }

    /// Stops accepting, lets requests in flight finish, and returns how the
    /// server ended.
    pub fn stop(self) -> io::Result<()> {
        let _ = self.stop.send(());
        self.thread
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the server thread panicked")))
    }
}
