//! The connections: the accept loop, the cap on open connections, and the
//! timeouts that close a connection nobody uses, so that no client can
//! hold the server's sockets or file descriptors.
//!
//! - `state`: where a connection is in its round of request and answer;
//!   the table that picks the connection to close when the cap is reached;
//! - `io`: the socket under the HTTP layer: the idle, header and send
//!   timeouts, and the HTTP layer's own refusals written as JSON;
//! - `body`: the request body's timeout, and the answer's end;
//! - `answer`: the answers the connection layer writes itself.
//!
//! HTTP/1.1 is served by hyper's connection, with its own header timer
//! off: in hyper 1.12 it starts when the connection waits for a head,
//! counting the keep-alive wait after an answer, so one timer cannot give
//! an idle connection longer than a slow head.

mod answer;
mod body;
mod io;
mod state;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tower_service::Service;

pub(crate) use answer::seconds;
pub(crate) use body::BodyDeadline;

/// Tells a request's work when its client has sent its last byte: a client
/// that hung up, or one that closed its side to wait for the answer
/// (HTTP/1.1 clients may; the two look alike until an answer is written).
/// It looks at the connection's socket through a second handle, without
/// taking what it reads.
#[derive(Clone, Debug)]
pub(crate) struct ClientGone(Option<Arc<TcpStream>>);

impl ClientGone {
    /// A second handle on `stream`'s socket; none when the system gives
    /// none (a hang-up then goes unseen until the answer is written).
    fn watch(stream: &TcpStream) -> ClientGone {
        #[cfg(unix)]
        let watcher = {
            use std::os::fd::AsFd;
            // The copy shares the socket, non-blocking as it is.
            let copy = stream.as_fd().try_clone_to_owned().ok();
            copy.and_then(|fd| TcpStream::from_std(std::net::TcpStream::from(fd)).ok())
        };
        #[cfg(not(unix))]
        let watcher = None;
        ClientGone(watcher.map(Arc::new))
    }

    /// Completes once the client has sent its last byte; never while it
    /// has sent more than the server has read (a next request), or when
    /// the socket cannot be watched.
    pub(crate) async fn wait(&self) {
        let mut byte = [0u8; 1];
        match &self.0 {
            Some(socket) if !matches!(socket.peek(&mut byte).await, Ok(n) if n > 0) => {}
            _ => std::future::pending().await,
        }
    }
}

use crate::Limits;
use state::{Conn, Table};

/// Bytes of a request head (request line and headers), at most: a larger
/// head is refused 431. Above hyper's longest address (65,534 bytes, 414
/// beyond), so that a long address is told as such.
pub(crate) const MAX_HEAD: usize = 80 << 10;

/// Open files kept for the process besides its connections.
const FILE_MARGIN: usize = 64;

/// The timeouts a connection is held to (see [`Limits`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timeouts {
    pub(crate) idle: Duration,
    pub(crate) header: Duration,
    pub(crate) body: Duration,
    pub(crate) send: Duration,
}

impl Timeouts {
    fn new(limits: &Limits) -> Timeouts {
        Timeouts {
            idle: limits.idle_timeout,
            header: limits.header_timeout,
            body: limits.body_timeout,
            send: limits.send_timeout,
        }
    }
}

/// Connections open at once: `asked`, but no more than the open-file limit
/// allows besides the process's own files, and at least 2.
pub(crate) fn connection_cap(asked: usize) -> usize {
    let allowed = open_file_limit().map_or(asked, |files| asked.min(files.saturating_sub(FILE_MARGIN)));
    allowed.clamp(2, Semaphore::MAX_PERMITS.min(u32::MAX as usize))
}

/// The process's (soft) open-file limit, from `/proc/self/limits`; `None`
/// where it cannot be read or there is none.
fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find_map(|line| line.strip_prefix("Max open files"))?;
    line.split_whitespace().next()?.parse().ok()
}

/// Serves `router` on `listener` until `shutdown` completes, then stops
/// accepting and returns once the requests in flight are answered.
///
/// A connection takes one of the cap's places until it closes. When every
/// place is taken, a new connection is accepted and the one that has
/// waited longest for a request head is closed to make room; when every
/// open connection is busy with a request, new connections wait in the
/// listener's backlog until one closes.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let cap = connection_cap(limits.max_connections);
    let timeouts = Timeouts::new(limits);
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(None)
        .max_header_size(MAX_HEAD)
        .max_buf_size(MAX_HEAD)
        // A client that closes its side once its request is sent is still
        // answered (large work takes it for a hang-up: see `ClientGone`).
        .half_close(true);
    let table = Arc::new(Table::default());
    // The accept loop holds the last place for the connection it accepts.
    let serving = cap - 1;
    let places = Arc::new(Semaphore::new(serving));
    let (stop, stopped) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    // Out of files or memory for a moment, or a connection
                    // reset before it was accepted: try again shortly.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        // Answers go out at once, not held back to be joined with later writes.
        let _ = stream.set_nodelay(true);
        limit_send_buffer(&stream);
        let place = tokio::select! {
            () = &mut shutdown => break,
            place = make_room(&places, &table) => place,
        };
        let task = connection(stream, http.clone(), router.clone(), timeouts, &table, stopped.clone(), place);
        tokio::spawn(task);
    }
    drop(listener);
    table.close_all_waiting();
    let _ = stop.send(true);
    // Every place back: every connection closed.
    let _ = places.acquire_many(serving as u32).await;
    Ok(())
}

/// Bytes of an answer the system holds for a client that does not read
/// it (Linux keeps twice this): without a bound a connection's buffer
/// grows to megabytes, and hundreds of clients that ask and never read
/// would hold hundreds of megabytes until the send timeout.
const SEND_BUFFER: usize = 128 << 10;

/// Bounds `stream`'s send buffer to [`SEND_BUFFER`] (where the system lets it).
fn limit_send_buffer(stream: &TcpStream) {
    let _ = socket2::SockRef::from(stream).set_send_buffer_size(SEND_BUFFER);
}

/// A free place, closing the connection that has waited longest for a
/// request head if there is none.
async fn make_room(places: &Arc<Semaphore>, table: &Table) -> OwnedSemaphorePermit {
    loop {
        if let Ok(place) = Arc::clone(places).try_acquire_owned() {
            return place;
        }
        table.close_longest_waiting();
        // Closed places come back at once; a busy connection may begin to
        // wait for its next request meanwhile: look again shortly.
        if let Ok(Ok(place)) = tokio::time::timeout(Duration::from_millis(50), Arc::clone(places).acquire_owned()).await {
            return place;
        }
    }
}

/// Serves one connection until it closes, is chosen to make room, or, once
/// the server stops, has answered the request in flight.
fn connection(
    stream: TcpStream,
    http: http1::Builder,
    router: Router,
    timeouts: Timeouts,
    table: &Arc<Table>,
    mut stopped: watch::Receiver<bool>,
    place: OwnedSemaphorePermit,
) -> impl Future<Output = ()> + Send + 'static {
    let conn = Arc::new(Conn::new());
    let entry = table.insert(Arc::clone(&conn));
    let gone = ClientGone::watch(&stream);
    // The client's address, for the slots' share of large work.
    let peer = stream.peer_addr().ok().map(axum::extract::ConnectInfo);
    let io = TokioIo::new(io::Guarded::new(stream, Arc::clone(&conn), timeouts));
    let service = {
        let conn = Arc::clone(&conn);
        hyper::service::service_fn(move |request: Request<Incoming>| {
            conn.request_began();
            let (parts, incoming) = request.into_parts();
            let (body, deadline) = body::TimedBody::new(incoming, timeouts.body);
            let mut request = Request::from_parts(parts, axum::body::Body::new(body));
            request.extensions_mut().insert(deadline);
            if let Some(peer) = peer {
                request.extensions_mut().insert(peer);
            }
            request.extensions_mut().insert(gone.clone());
            // The router is always ready: it needs no `poll_ready` first.
            let answer = router.clone().call(request);
            let conn = Arc::clone(&conn);
            async move {
                let answer = answer.await?;
                Ok::<_, std::convert::Infallible>(answer.map(|body| body::AnswerBody::new(body, conn)))
            }
        })
    };
    async move {
        let mut served = Box::pin(http.serve_connection(io, service));
        let mut stopping = false;
        loop {
            tokio::select! {
                _ = served.as_mut() => break,
                () = conn.chosen_to_close() => break,
                _ = stopped.wait_for(|stop| *stop), if !stopping => {
                    served.as_mut().graceful_shutdown();
                    stopping = true;
                }
            }
        }
        // The socket closes before its place is given back.
        drop(served);
        drop(entry);
        drop(place);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_accepted_connection_holds_a_bounded_send_buffer() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
            let client = TcpStream::connect(listener.local_addr().unwrap()).await.unwrap();
            let (stream, _) = listener.accept().await.unwrap();
            limit_send_buffer(&stream);
            // Set, so no longer grown by the system (Linux says twice the size set).
            let size = socket2::SockRef::from(&stream).send_buffer_size().unwrap();
            assert_eq!(
                size,
                if cfg!(target_os = "linux") {
                    2 * SEND_BUFFER
                } else {
                    size.min(SEND_BUFFER)
                }
            );
            drop(client);
        });
    }

    #[test]
    fn the_cap_leaves_room_for_the_process_files() {
        assert_eq!(connection_cap(0), 2);
        assert_eq!(connection_cap(8), 8);
        let most = connection_cap(usize::MAX);
        if let Some(files) = open_file_limit() {
            assert_eq!(most, files.saturating_sub(FILE_MARGIN).max(2));
        }
    }
}
