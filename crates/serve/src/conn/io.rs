//! A connection's socket as the HTTP layer sees it, with the timeouts
//! that need the socket: a connection idle too long or a request head too
//! slow is closed, and an answer the client stops reading is dropped. The
//! HTTP layer's own refusals of a head it could not read (400, 414, 431),
//! which it writes with no body, are written instead with the JSON error
//! body. A connection that closes first lets the client finish sending, so
//! that it reads the answer rather than a reset.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::http::StatusCode;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::{Instant, Sleep};

use super::Timeouts;
use super::answer;
use super::state::{Conn, Phase};

/// How long a closing connection keeps reading what the client still
/// sends, at most.
const LINGER: Duration = Duration::from_secs(2);

/// A connection's socket.
pub(super) struct Guarded {
    stream: TcpStream,
    conn: Arc<Conn>,
    timeouts: Timeouts,
    /// The idle or header deadline, while a read waits.
    read_timer: Pin<Box<Sleep>>,
    /// The send deadline, while a write waits.
    write_timer: Pin<Box<Sleep>>,
    write_waiting: bool,
    /// What the HTTP layer writes between requests: its own refusal of a
    /// head, to be written again with a body.
    refusal: Vec<u8>,
    /// Bytes to send before any other, and how many are sent.
    pending: Vec<u8>,
    sent: usize,
    /// Whether the sending side is shut, and until when the close lingers.
    lingering: Option<Pin<Box<Sleep>>>,
}

impl Guarded {
    pub(super) fn new(stream: TcpStream, conn: Arc<Conn>, timeouts: Timeouts) -> Guarded {
        let now = Instant::now();
        Guarded {
            stream,
            conn,
            timeouts,
            read_timer: Box::pin(tokio::time::sleep_until(now + timeouts.idle)),
            write_timer: Box::pin(tokio::time::sleep_until(now + timeouts.send)),
            write_waiting: false,
            refusal: Vec::new(),
            pending: Vec::new(),
            sent: 0,
            lingering: None,
        }
    }

    /// The refusal gathered so far, made into a whole answer to send.
    fn rewrite_refusal(&mut self) {
        if self.refusal.is_empty() {
            return;
        }
        let head = String::from_utf8_lossy(&self.refusal);
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|code| code.parse().ok())
            .and_then(|code| StatusCode::from_u16(code).ok())
            .unwrap_or(StatusCode::BAD_REQUEST);
        let date = head.split("\r\n").find_map(|line| line.strip_prefix("date: "));
        let answer = answer::whole_answer(status, &answer::head_refused(status), date);
        crate::log("-", "-", status.as_str(), std::time::Duration::ZERO);
        self.pending.extend_from_slice(&answer);
        self.refusal.clear();
    }

    /// Sends the pending bytes.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(self.poll_send(cx, None))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        self.pending.clear();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }

    /// One write to the socket (of `bytes`, or of the pending bytes when
    /// `None`), failing once the client has taken nothing for the send timeout.
    fn poll_send(&mut self, cx: &mut Context<'_>, bytes: Option<&[u8]>) -> Poll<io::Result<usize>> {
        let bytes = bytes.unwrap_or(&self.pending[self.sent..]);
        if let Poll::Ready(written) = Pin::new(&mut self.stream).poll_write(cx, bytes) {
            self.write_waiting = false;
            return Poll::Ready(written);
        }
        self.poll_write_deadline(cx)
    }

    /// While a write waits: pending until the send timeout, then an error.
    fn poll_write_deadline<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        if !self.write_waiting {
            self.write_waiting = true;
            self.write_timer.as_mut().reset(Instant::now() + self.timeouts.send);
        }
        ready!(self.write_timer.as_mut().poll(cx));
        Poll::Ready(Err(io::Error::new(
            io::ErrorKind::TimedOut,
            "the client took none of its answer within the send timeout",
        )))
    }
}

impl AsyncRead for Guarded {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        let before = buf.filled().len();
        if let Poll::Ready(read) = Pin::new(&mut this.stream).poll_read(cx, buf) {
            if buf.filled().len() > before {
                this.conn.bytes_arrived();
            }
            return Poll::Ready(read);
        }
        let (phase, since) = this.conn.phase();
        let deadline = match phase {
            Phase::Idle => since + this.timeouts.idle,
            Phase::Head => since + this.timeouts.header,
            Phase::Busy | Phase::Sent | Phase::Closing => return Poll::Pending,
        };
        if this.read_timer.deadline() != deadline {
            this.read_timer.as_mut().reset(deadline);
        }
        ready!(this.read_timer.as_mut().poll(cx));
        if phase == Phase::Head {
            // The HTTP layer closes without a word: say why, if the socket takes it at once.
            let message = format!(
                "the request head did not arrive whole within {}",
                answer::seconds(this.timeouts.header)
            );
            let answer = answer::whole_answer(StatusCode::REQUEST_TIMEOUT, &message, None);
            crate::log("-", "-", StatusCode::REQUEST_TIMEOUT.as_str(), this.timeouts.header);
            let _ = Pin::new(&mut this.stream).poll_write(cx, &answer);
        }
        Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "no request within the timeout")))
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.conn.between_requests() {
            this.refusal.extend_from_slice(buf);
            return Poll::Ready(Ok(buf.len()));
        }
        ready!(this.poll_pending(cx))?;
        this.poll_send(cx, Some(buf))
    }

    fn poll_write_vectored(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.conn.between_requests() {
            let mut n = 0;
            for buf in bufs {
                this.refusal.extend_from_slice(buf);
                n += buf.len();
            }
            return Poll::Ready(Ok(n));
        }
        ready!(this.poll_pending(cx))?;
        if let Poll::Ready(written) = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs) {
            this.write_waiting = false;
            return Poll::Ready(written);
        }
        this.poll_write_deadline(cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        this.rewrite_refusal();
        ready!(this.poll_pending(cx))?;
        ready!(Pin::new(&mut this.stream).poll_flush(cx))?;
        if this.conn.flushed() {
            // A read may have found the answer unfinished and set no timer:
            // have it look again, now that the idle timeout runs.
            cx.waker().wake_by_ref();
        }
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.lingering.is_none() {
            this.rewrite_refusal();
            ready!(this.poll_pending(cx))?;
            ready!(Pin::new(&mut this.stream).poll_shutdown(cx))?;
            this.lingering = Some(Box::pin(tokio::time::sleep(LINGER)));
        }
        // Read and drop what the client still sends, until it closes or the
        // time is up: closing with unread bytes would reset the connection,
        // and the client could lose the answer.
        let mut scratch = [0u8; 4096];
        loop {
            let mut buf = ReadBuf::new(&mut scratch);
            match Pin::new(&mut this.stream).poll_read(cx, &mut buf) {
                Poll::Ready(Ok(())) if !buf.filled().is_empty() => continue,
                Poll::Ready(_) => return Poll::Ready(Ok(())),
                Poll::Pending => break,
            }
        }
        match this.lingering.as_mut() {
            Some(timer) => timer.as_mut().poll(cx).map(Ok),
            None => Poll::Ready(Ok(())),
        }
    }
}
