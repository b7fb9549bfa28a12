//! Where a generation runs. Splitting work between threads costs hand-offs
//! (a job queued to rayon's pool, the calling thread asleep on a latch until
//! a worker has done it), which a small board never earns back: a default
//! universe board of 88 nodes is made in about a millisecond, and split it
//! spends a fifth of a busy server's time waking threads. So a generation
//! smaller than [`SPLIT_FROM`] runs whole on one worker of a pool of one
//! thread that belongs to the calling thread (one hand-off in all), where
//! every parallel loop runs in order without waking anyone. Work already on
//! a rayon worker (boards made side by side by `analyze`, the server's
//! generations on its own pool) stays there.
//!
//! The result is the same either way: parallel work gathers in id order.
//! The benchmark `universe/threads` measures where splitting starts to pay.

/// The work (nodes, cells) from which a generation is split between threads.
pub const SPLIT_FROM: u64 = 4_000;

/// Runs `generate`, whose work is `work`, split between rayon's threads when
/// that pays and on one thread when it does not.
pub(crate) fn sized<R: Send>(work: u64, generate: impl FnOnce() -> R + Send) -> R {
    if work >= SPLIT_FROM || rayon::current_thread_index().is_some() {
        return generate();
    }
    thread_local! {
        static ONE: Option<rayon::ThreadPool> = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .thread_name(|_| "boardwright-one".into())
            .build()
            .ok();
    }
    let mut generate = Some(generate);
    let ran = ONE.with(|pool| pool.as_ref().map(|pool| pool.install(|| (generate.take().expect("run once"))())));
    match ran {
        Some(result) => result,
        // No thread could be started: the calling thread does the work.
        None => (generate.take().expect("not run"))(),
    }
}
