//! A request to give up: set by whoever waits for a result (a web server
//! whose client went away, or whose time limit passed), read by generation
//! between attempts. A result is never changed by it, only not made.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A shared flag: once [`Stop::stop`] is called, every clone of it says
/// [`Stop::stopped`].
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not yet set.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the work that holds a clone of this flag to give up.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether giving up was asked for.
    pub fn stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
