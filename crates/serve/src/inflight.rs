//! Identical requests in flight share one computation: the first to ask
//! for an address computes its answer and the others wait for it. When
//! the one computing goes away (its client hung up), one of those waiting
//! takes over; once the answer is known, every waiter gets it, refusals
//! included, and the address is forgotten here (the answer cache keeps
//! what is worth keeping).

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use tokio::sync::OnceCell;

/// Answers being computed, by address.
pub(crate) struct InFlight<T> {
    computing: Mutex<BTreeMap<String, Arc<OnceCell<T>>>>,
}

impl<T: Clone> InFlight<T> {
    pub(crate) fn new() -> InFlight<T> {
        InFlight {
            computing: Mutex::default(),
        }
    }

    /// The answer for `address`: computed by `compute` unless an identical
    /// request is computing it already, whose answer is then shared.
    pub(crate) async fn share(&self, address: &str, compute: impl Future<Output = T>) -> T {
        let cell = {
            let mut computing = self.computing.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(computing.entry(address.to_string()).or_default())
        };
        let answer = cell.get_or_init(|| compute).await.clone();
        let mut computing = self.computing.lock().unwrap_or_else(|e| e.into_inner());
        if computing.get(address).is_some_and(|c| Arc::ptr_eq(c, &cell)) {
            computing.remove(address);
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn identical_requests_at_once_are_computed_once() {
        let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        let flight = Arc::new(InFlight::<u32>::new());
        let runs = Arc::new(AtomicUsize::new(0));
        let answers: Vec<u32> = rt.block_on(async {
            let asks: Vec<_> = (0..100)
                .map(|_| {
                    let (flight, runs) = (Arc::clone(&flight), Arc::clone(&runs));
                    tokio::spawn(async move {
                        flight
                            .share("a", async {
                                runs.fetch_add(1, Ordering::SeqCst);
                                tokio::time::sleep(Duration::from_millis(100)).await;
                                42
                            })
                            .await
                    })
                })
                .collect();
            let mut answers = Vec::new();
            for ask in asks {
                answers.push(ask.await.unwrap());
            }
            answers
        });
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        assert!(answers.iter().all(|&a| a == 42));
        assert!(flight.computing.lock().unwrap().is_empty(), "forgotten once answered");
        // Asked again later: computed again.
        assert_eq!(rt.block_on(flight.share("a", async { 7 })), 7);
    }
}
