//! The generation slots: work runs on a pool of rayon threads of its own, one
//! per slot, at most [`Limits::jobs`](crate::Limits::jobs) at once; a request that cannot get a
//! slot within [`Limits::queue_wait`](crate::Limits::queue_wait) is answered
//! 503 with `Retry-After`.
//!
//! Large work (see [`crate::cost`]) takes at most all slots but one, so a
//! small request always finds room, and one client runs one large piece at
//! a time (its others wait their turn, up to the time limit). Large work
//! runs on threads of its own (one fewer than the slots): its parallel
//! loops, a play's games among them, never take the threads small work
//! runs on, which would otherwise wait for the loop's end. Every piece of work holds a [`Stop`] that is set when its
//! request is dropped (the client went away) or its time is up
//! ([`Limits::time_limit`](crate::Limits::time_limit)); generation and
//! drawing give up at their next check, so the slot is free again soon.

use std::collections::BTreeMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use boardwright::Stop;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::conn::ClientGone;
use crate::error::ApiError;

/// The client asking, as the connection knows it: its address, and when
/// it has sent its last byte.
#[derive(Clone, Debug, Default)]
pub(crate) struct Client {
    pub(crate) addr: Option<IpAddr>,
    gone: Option<ClientGone>,
}

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Self::Rejection> {
        Ok(Client {
            addr: parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip()),
            gone: parts.extensions.get::<ClientGone>().cloned(),
        })
    }
}

impl Client {
    /// `answer`, unless `size` is large and the client sends its last byte
    /// first: a hang-up looks like a client that closed its side to wait,
    /// so small work answers both, but large work is not kept going for a
    /// client that may be gone. Dropped, `answer` stops its work (and an
    /// identical request waiting for it takes the work over).
    pub(crate) async fn unless_gone<T>(&self, size: Size, answer: impl Future<Output = Result<T, ApiError>>) -> Result<T, ApiError> {
        let gone = async {
            match &self.gone {
                Some(gone) if size == Size::Large => gone.wait().await,
                _ => std::future::pending().await,
            }
        };
        tokio::select! {
            answer = answer => answer,
            () = gone => Err(ApiError::client_gone()),
        }
    }
}

/// The slots, shared by every request.
pub(crate) struct Jobs {
    slots: Arc<Semaphore>,
    /// Slots large work may take: one fewer than all (at least one).
    large: Arc<Semaphore>,
    /// Each client's turn at large work, by address (while anyone holds or
    /// waits for it).
    clients: Mutex<BTreeMap<IpAddr, Arc<Semaphore>>>,
    wait: Duration,
    time_limit: Duration,
    /// A thread per slot. On one of them, a generation's parallel loops run
    /// in place, or shared with the other threads of the pool when they are
    /// idle; from a thread outside a pool, each loop would be handed to one
    /// inside and back. `None` when the threads could not be started: work
    /// then runs on tokio's blocking threads.
    pool: Option<rayon::ThreadPool>,
    /// The threads of large work, as many as its slots.
    large_pool: Option<rayon::ThreadPool>,
}

/// Whether work is large (a big board, many sheets or a big PNG).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Size {
    Small,
    Large,
}

/// Sets its flag when dropped: the request that waits for the work is gone
/// (or done, when it no longer matters).
struct StopOnDrop(Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// One client's turn at large work, given back when dropped.
struct Claim<'a> {
    jobs: &'a Jobs,
    client: IpAddr,
    turn: Arc<Semaphore>,
    permit: Option<OwnedSemaphorePermit>,
}

impl Drop for Claim<'_> {
    fn drop(&mut self) {
        let mut clients = self.jobs.clients.lock().unwrap_or_else(|e| e.into_inner());
        self.permit = None;
        // Held by the table and this claim alone: nobody waits for a turn.
        if Arc::strong_count(&self.turn) == 2 {
            clients.remove(&self.client);
        }
    }
}

impl Jobs {
    pub(crate) fn new(jobs: usize, wait: Duration, time_limit: Duration) -> Jobs {
        let jobs = jobs.max(1);
        let large = (jobs - 1).max(1);
        let pool = |threads: usize, name: &'static str| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(move |k| format!("boardwright-{name}-{k}"))
                .build()
                .ok()
        };
        Jobs {
            slots: Arc::new(Semaphore::new(jobs)),
            large: Arc::new(Semaphore::new(large)),
            clients: Mutex::default(),
            wait,
            time_limit,
            pool: pool(jobs, "job"),
            large_pool: pool(large, "large-job"),
        }
    }

    /// A slot (and, for large work, a large slot), waited for at most the
    /// queue's wait.
    async fn permits(&self, size: Size) -> Result<Vec<OwnedSemaphorePermit>, ApiError> {
        let take = |slots: &Arc<Semaphore>| tokio::time::timeout(self.wait, Arc::clone(slots).acquire_owned());
        let mut permits = Vec::with_capacity(2);
        if size == Size::Large {
            match take(&self.large).await {
                Ok(Ok(permit)) => permits.push(permit),
                _ => return Err(ApiError::busy(1)),
            }
        }
        match take(&self.slots).await {
            Ok(Ok(permit)) => permits.push(permit),
            _ => return Err(ApiError::busy(1)),
        }
        Ok(permits)
    }

    /// `client`'s turn at large work: after its large work running already,
    /// waited for at most the time limit.
    async fn claim(&self, client: IpAddr) -> Result<Claim<'_>, ApiError> {
        let turn = {
            let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(clients.entry(client).or_insert_with(|| Arc::new(Semaphore::new(1))))
        };
        let mut claim = Claim {
            jobs: self,
            client,
            turn: Arc::clone(&turn),
            permit: None,
        };
        match tokio::time::timeout(self.time_limit, turn.acquire_owned()).await {
            Ok(Ok(permit)) => claim.permit = Some(permit),
            _ => {
                return Err(
                    ApiError::busy(2).with_error("your other large drawings or boards are still being made; ask again once they are done")
                );
            }
        }
        Ok(claim)
    }

    /// Runs `work` in a slot off the async executor, handing it the stop
    /// flag to check. When the request is dropped or the time limit passes
    /// the flag is set; the slot stays taken until `work` returns.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        size: Size,
        client: &Client,
        work: impl FnOnce(&Stop) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let _claim = match (size, client.addr) {
            (Size::Large, Some(client)) => Some(self.claim(client).await?),
            _ => None,
        };
        let permits = self.permits(size).await?;
        let stop = Stop::new();
        let _stop_on_drop = StopOnDrop(stop.clone());
        let flag = stop.clone();
        let (done, mut handle) = tokio::sync::oneshot::channel();
        let job = move || {
            let _slots = permits;
            // A panic is this request's internal error, not the server's end.
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&flag)));
            let _ = done.send(result);
        };
        let pool = if size == Size::Large { &self.large_pool } else { &self.pool };
        match pool {
            Some(pool) => pool.spawn(job),
            None => drop(tokio::task::spawn_blocking(job)),
        }
        let done = tokio::select! {
            done = &mut handle => done,
            () = tokio::time::sleep(self.time_limit) => {
                stop.stop();
                let _ = handle.await;
                return Err(ApiError::too_long(self.time_limit));
            }
        };
        match done {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(ApiError::internal("the generation stopped unexpectedly: it panicked")),
            Err(_) => Err(ApiError::internal("the generation stopped unexpectedly")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap()
    }

    /// Work that runs until its flag is set, checking it every millisecond.
    fn until_stopped(stop: &Stop) -> Result<(), ApiError> {
        while !stop.stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
        Err(ApiError::internal("stopped"))
    }

    impl Client {
        fn at(addr: IpAddr) -> Client {
            Client {
                addr: Some(addr),
                gone: None,
            }
        }
    }

    #[test]
    fn work_past_its_time_is_stopped_and_refused() {
        let jobs = Jobs::new(2, Duration::from_secs(1), Duration::from_millis(100));
        let start = Instant::now();
        let result = runtime().block_on(jobs.run(Size::Small, &Client::default(), until_stopped));
        let error = result.expect_err("stopped");
        assert_eq!(error.status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert!(start.elapsed() < Duration::from_secs(1), "{:?}", start.elapsed());
    }

    #[test]
    fn work_that_panics_is_an_internal_error_and_frees_its_slot() {
        let rt = runtime();
        let jobs = Jobs::new(1, Duration::from_secs(1), Duration::from_secs(60));
        let panicked = rt.block_on(jobs.run(Size::Small, &Client::default(), |_| -> Result<(), ApiError> { panic!("a bug") }));
        let error = panicked.expect_err("a panic is an error");
        assert_eq!(error.status(), axum::http::StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(rt.block_on(jobs.run(Size::Small, &Client::default(), |_| Ok(7))).ok(), Some(7));
    }

    #[test]
    fn a_dropped_request_frees_its_slot() {
        let rt = runtime();
        let jobs = Arc::new(Jobs::new(1, Duration::from_secs(2), Duration::from_secs(60)));
        rt.block_on(async {
            let running = {
                let jobs = Arc::clone(&jobs);
                tokio::spawn(async move { jobs.run(Size::Small, &Client::default(), until_stopped).await })
            };
            tokio::time::sleep(Duration::from_millis(50)).await;
            running.abort();
            let start = Instant::now();
            let answer = jobs.run(Size::Small, &Client::default(), |_| Ok(7)).await;
            assert_eq!(answer.ok(), Some(7));
            assert!(start.elapsed() < Duration::from_secs(1), "{:?}", start.elapsed());
        });
    }

    #[test]
    fn large_work_leaves_a_slot_and_one_client_runs_one() {
        let rt = runtime();
        let jobs = Arc::new(Jobs::new(2, Duration::from_millis(200), Duration::from_secs(60)));
        let client = Client::at([10, 0, 0, 1].into());
        rt.block_on(async {
            let first = {
                let (jobs, client) = (Arc::clone(&jobs), client.clone());
                tokio::spawn(async move { jobs.run(Size::Large, &client, until_stopped).await })
            };
            tokio::time::sleep(Duration::from_millis(50)).await;
            // The same client's second large piece waits for its first.
            let again = {
                let (jobs, client) = (Arc::clone(&jobs), client.clone());
                tokio::spawn(async move { jobs.run(Size::Large, &client, |_| Ok(1)).await })
            };
            // Another client's large piece waits for the one large slot, and gives up.
            let other = jobs.run(Size::Large, &Client::at([10, 0, 0, 2].into()), |_| Ok(2)).await;
            assert!(other.is_err());
            // A small piece finds the slot large work leaves.
            assert_eq!(jobs.run(Size::Small, &client, |_| Ok(3)).await.ok(), Some(3));
            assert!(!again.is_finished(), "the client's second large piece waits");
            first.abort();
            assert_eq!(again.await.unwrap().ok(), Some(1), "then it is made");
            assert!(jobs.clients.lock().unwrap().is_empty(), "turns forgotten once no one holds them");
        });
    }
}
