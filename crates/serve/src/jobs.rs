//! The generation slots: work runs on tokio's blocking pool, at most
//! [`Limits::jobs`](crate::Limits::jobs) at once; a request that cannot get a
//! slot within [`Limits::queue_wait`](crate::Limits::queue_wait) is answered
//! 503 with `Retry-After`.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The slots, shared by every request.
pub(crate) struct Jobs {
    slots: Arc<Semaphore>,
    wait: Duration,
}

impl Jobs {
    pub(crate) fn new(jobs: usize, wait: Duration) -> Jobs {
        Jobs {
            slots: Arc::new(Semaphore::new(jobs.max(1))),
            wait,
        }
    }

    /// Runs `work` in a slot off the async executor. The slot stays taken
    /// until the work ends, even when the client has gone away.
    pub(crate) async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let permit = match tokio::time::timeout(self.wait, Arc::clone(&self.slots).acquire_owned()).await {
            Ok(Ok(permit)) => permit,
            _ => return Err(ApiError::busy(1)),
        };
        tokio::task::spawn_blocking(move || {
            let _slot = permit;
            work()
        })
        .await
        .map_err(|e| ApiError::internal(format!("the generation stopped unexpectedly: {e}")))
    }
}
