//! Where each open connection is in its round of request and answer, and
//! since when; and the table of open connections, which picks the one to
//! close when a new connection needs its place.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

/// How long a connection waits for a request head before it may be closed
/// to make room: time for a client to send its head once connected (or
/// its next one after an answer).
pub(super) const GRACE: Duration = Duration::from_millis(500);

/// Where a connection is in its round of request and answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// No request in progress and no byte of the next one (the idle
    /// timeout runs).
    Idle,
    /// Part of a request head has arrived (the header timeout runs).
    Head,
    /// A request is being answered: its body and its answer have timeouts
    /// of their own.
    Busy,
    /// The answer's body has ended; its last bytes are being sent.
    Sent,
    /// Chosen to be closed to make room for a new connection.
    Closing,
}

/// One open connection.
#[derive(Debug)]
pub(super) struct Conn {
    /// The phase and when it began.
    state: Mutex<(Phase, Instant)>,
    closing: Notify,
}

impl Conn {
    pub(super) fn new() -> Conn {
        Conn {
            state: Mutex::new((Phase::Idle, Instant::now())),
            closing: Notify::new(),
        }
    }

    fn state(&self) -> MutexGuard<'_, (Phase, Instant)> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The phase and when it began.
    pub(super) fn phase(&self) -> (Phase, Instant) {
        *self.state()
    }

    /// Moves from `from` to `to`, its clock starting now; whether it was in `from`.
    fn step(&self, from: &[Phase], to: Phase) -> bool {
        let mut state = self.state();
        let moved = from.contains(&state.0);
        if moved {
            *state = (to, Instant::now());
        }
        moved
    }

    /// Bytes arrived: an idle connection has begun a request head.
    pub(super) fn bytes_arrived(&self) {
        self.step(&[Phase::Idle], Phase::Head);
    }

    /// A request head is whole (it may have come with the one before, with
    /// no read of its own).
    pub(super) fn request_began(&self) {
        self.step(&[Phase::Idle, Phase::Head], Phase::Busy);
    }

    /// The answer's body has ended.
    pub(super) fn answer_ended(&self) {
        self.step(&[Phase::Busy], Phase::Sent);
    }

    /// Everything written is sent on: after an answer, the connection waits
    /// for the next request. Whether it was the end of an answer.
    pub(super) fn flushed(&self) -> bool {
        self.step(&[Phase::Sent], Phase::Idle)
    }

    /// Whether what is written now comes from no answer of a request: only
    /// the HTTP layer's own refusal of a head it could not read.
    pub(super) fn between_requests(&self) -> bool {
        matches!(self.state().0, Phase::Idle | Phase::Head)
    }

    /// Marks a connection waiting for a request head to be closed; whether
    /// it was waiting.
    fn close_if_waiting(&self) -> bool {
        let closed = self.step(&[Phase::Idle, Phase::Head], Phase::Closing);
        if closed {
            self.closing.notify_one();
        }
        closed
    }

    /// Completes once the connection is chosen to be closed.
    pub(super) async fn chosen_to_close(&self) {
        self.closing.notified().await;
    }
}

/// The open connections.
#[derive(Debug, Default)]
pub(super) struct Table {
    conns: Mutex<BTreeMap<u64, Arc<Conn>>>,
    next: AtomicU64,
}

/// A connection's place in the [`Table`], given up when dropped.
pub(super) struct Entry {
    table: Arc<Table>,
    id: u64,
}

impl Drop for Entry {
    fn drop(&mut self) {
        self.table.conns().remove(&self.id);
    }
}

impl Table {
    fn conns(&self) -> MutexGuard<'_, BTreeMap<u64, Arc<Conn>>> {
        self.conns.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Adds `conn` for as long as the entry is kept.
    pub(super) fn insert(self: &Arc<Table>, conn: Arc<Conn>) -> Entry {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        self.conns().insert(id, conn);
        Entry {
            table: Arc::clone(self),
            id,
        }
    }

    /// Closes the connection that has waited longest for a request head,
    /// if it has waited [`GRACE`] at least, unless one chosen before is
    /// still closing. Connections busy with a request are never chosen.
    pub(super) fn close_longest_waiting(&self) {
        let Some(waited) = Instant::now().checked_sub(GRACE) else {
            return;
        };
        let conns = self.conns();
        let mut waiting: Vec<_> = Vec::with_capacity(conns.len());
        for conn in conns.values() {
            match conn.phase() {
                (Phase::Closing, _) => return,
                (Phase::Idle | Phase::Head, since) if since <= waited => waiting.push((since, conn)),
                _ => {}
            }
        }
        waiting.sort_by_key(|(since, _)| *since);
        // A connection may begin a request between its look and its mark.
        waiting.into_iter().any(|(_, conn)| conn.close_if_waiting());
    }

    /// Closes every connection waiting for a request head.
    pub(super) fn close_all_waiting(&self) {
        for conn in self.conns().values() {
            conn.close_if_waiting();
        }
    }
}
