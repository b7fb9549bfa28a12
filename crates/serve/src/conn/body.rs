//! The bodies that pass through the connection layer: a request body held
//! to the body timeout, and an answer's body that tells its connection
//! when it ends.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::body::Bytes;
use http_body::{Body, Frame, SizeHint};
use hyper::body::Incoming;
use tokio::time::{Instant, Sleep};

use super::state::Conn;

/// In a request's extensions: its body's time limit, and whether it ran
/// out (the handlers' body readers then fail, and the refusal says why).
#[derive(Clone, Debug)]
pub(crate) struct BodyDeadline {
    /// The body timeout.
    pub(crate) after: Duration,
    expired: Arc<AtomicBool>,
}

impl BodyDeadline {
    /// Whether the body did not arrive whole in time.
    pub(crate) fn expired(&self) -> bool {
        self.expired.load(Ordering::Relaxed)
    }
}

/// A request body that must arrive whole within the body timeout of the
/// end of its head.
pub(super) struct TimedBody {
    inner: Incoming,
    timer: Pin<Box<Sleep>>,
    deadline: BodyDeadline,
}

impl TimedBody {
    /// `inner`, held to `after` from now; and the deadline for the request's extensions.
    pub(super) fn new(inner: Incoming, after: Duration) -> (TimedBody, BodyDeadline) {
        let deadline = BodyDeadline {
            after,
            expired: Arc::new(AtomicBool::new(false)),
        };
        let timer = Box::pin(tokio::time::sleep_until(Instant::now() + after));
        (
            TimedBody {
                inner,
                timer,
                deadline: deadline.clone(),
            },
            deadline,
        )
    }
}

impl Body for TimedBody {
    type Data = Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        if let Poll::Ready(frame) = Pin::new(&mut self.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|frame| frame.map_err(Into::into)));
        }
        ready!(self.timer.as_mut().poll(cx));
        self.deadline.expired.store(true, Ordering::Relaxed);
        let seconds = self.deadline.after.as_secs_f64();
        Poll::Ready(Some(Err(format!("the request body did not arrive within {seconds} s").into())))
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// An answer's body; when it is done with (ended or dropped), its
/// connection knows that the answer's last bytes are on their way.
pub(super) struct AnswerBody {
    inner: axum::body::Body,
    conn: Arc<Conn>,
}

impl AnswerBody {
    pub(super) fn new(inner: axum::body::Body, conn: Arc<Conn>) -> AnswerBody {
        AnswerBody { inner, conn }
    }
}

impl Body for AnswerBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

impl Drop for AnswerBody {
    fn drop(&mut self) {
        self.conn.answer_ended();
    }
}
