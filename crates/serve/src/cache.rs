//! Answers kept for repeated requests. A board is a pure function of its
//! address (generator, file and query string, for one version of the
//! toolkit), so the same address gets the same bytes from memory, without a
//! generation slot. Bounded in bytes; the least recently used go first.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};

use axum::body::Bytes;

/// The kept answers.
pub(crate) struct Cache {
    capacity: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    /// Bumped on every use: larger is more recent.
    tick: u64,
    bytes: usize,
    entries: BTreeMap<String, Entry>,
    /// Keys by last use, oldest first.
    order: BTreeMap<u64, String>,
}

struct Entry {
    media_type: &'static str,
    body: Bytes,
    used: u64,
}

impl Cache {
    /// A cache of at most `capacity` bytes of answers (0: none kept).
    pub(crate) fn new(capacity: usize) -> Cache {
        Cache {
            capacity,
            inner: Mutex::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The answer kept for `key`, if any.
    pub(crate) fn get(&self, key: &str) -> Option<(&'static str, Bytes)> {
        let mut inner = self.lock();
        inner.tick += 1;
        let tick = inner.tick;
        let entry = inner.entries.get_mut(key)?;
        let old = std::mem::replace(&mut entry.used, tick);
        let answer = (entry.media_type, entry.body.clone());
        inner.order.remove(&old);
        inner.order.insert(tick, key.to_string());
        Some(answer)
    }

    /// Keeps an answer, dropping the least recently used to make room. An
    /// answer over an eighth of the capacity is not kept.
    pub(crate) fn put(&self, key: String, media_type: &'static str, body: Bytes) {
        if body.len() > self.capacity / 8 {
            return;
        }
        let mut inner = self.lock();
        if inner.entries.contains_key(&key) {
            return;
        }
        while inner.bytes + body.len() > self.capacity {
            let Some((_, oldest)) = inner.order.pop_first() else { break };
            if let Some(entry) = inner.entries.remove(&oldest) {
                inner.bytes -= entry.body.len();
            }
        }
        inner.tick += 1;
        let used = inner.tick;
        inner.bytes += body.len();
        inner.order.insert(used, key.clone());
        inner.entries.insert(key, Entry { media_type, body, used });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(n: usize) -> Bytes {
        Bytes::from(vec![b'x'; n])
    }

    #[test]
    fn keeps_what_fits_and_drops_the_least_recently_used() {
        let cache = Cache::new(800);
        for key in ["a", "b", "c", "d"] {
            cache.put(key.to_string(), "text/plain", body(100));
        }
        // Using `a` makes `b` the oldest.
        assert!(cache.get("a").is_some());
        for key in ["e", "f", "g", "h", "i"] {
            cache.put(key.to_string(), "text/plain", body(100));
        }
        assert!(cache.get("b").is_none(), "the least recently used went first");
        for key in ["a", "c", "d", "e", "f", "g", "h", "i"] {
            assert_eq!(cache.get(key).map(|(_, b)| b.len()), Some(100), "{key}");
        }
        assert!(cache.lock().bytes <= 800);
        // Too large to keep.
        cache.put("big".to_string(), "text/plain", body(101));
        assert!(cache.get("big").is_none());
    }

    #[test]
    fn a_cache_of_no_bytes_keeps_nothing() {
        let cache = Cache::new(0);
        cache.put("a".to_string(), "text/plain", body(1));
        assert!(cache.get("a").is_none());
    }
}
