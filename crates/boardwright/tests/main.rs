//! Invariant and snapshot tests of the generators, checked on their results
//! by code of their own, not by the code that built them.

mod config_docs;
mod fuzz_cases;
mod hexet;
mod limits;
mod metrics;
mod params_check;
mod print;
mod read_back;
mod rng;
mod schema;
mod starship;
mod universe;
mod witches;
mod witches_original;
mod witches_puzzle;
mod witches_second_edition;

/// Compares `actual` with the file in `tests/golden/`; with
/// `BOARDWRIGHT_BLESS=1` writes it instead.
fn golden(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("BOARDWRIGHT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing {}; run with BOARDWRIGHT_BLESS=1", path.display()));
    assert!(
        expected == actual,
        "{name} changed; review the difference and re-bless with BOARDWRIGHT_BLESS=1"
    );
}

/// `work` run on a pool of `threads` threads.
fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(work)
}

/// Distance between two points.
fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// Distance from `p` to the segment `a`–`b` (a point, if they coincide).
fn segment_distance(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    dist(p, (a.0 + t * dx, a.1 + t * dy))
}

/// The message with which resolving the TOML `text` into `P` fails.
fn resolve_error<P: boardwright::params::Params>(text: &str) -> String {
    P::resolve(&[text.parse().unwrap()]).unwrap_err().to_string()
}

/// The same seed gives the same JSON, another seed other JSON.
fn same_seed_same_json<T: serde::Serialize>(generate: impl Fn(&str) -> T, seed: &str, other: &str) {
    let json = |seed: &str| serde_json::to_string(&generate(seed)).unwrap();
    let a = json(seed);
    assert_eq!(a, json(seed));
    assert_ne!(a, json(other));
}

/// `Ok` if the value a board's metrics report is the one counted from the
/// board, else an error naming both.
fn metric_agrees<T: PartialEq + std::fmt::Debug>(what: &str, counted: T, reported: T) -> Result<(), String> {
    if counted == reported {
        Ok(())
    } else {
        Err(format!("{what} {counted:?}, metrics say {reported:?}"))
    }
}

/// Resolving each TOML text into `P` fails with a message containing the
/// text's wanted part.
fn assert_refused<P: boardwright::params::Params>(cases: &[(&str, &str)]) {
    for &(text, wanted) in cases {
        let message = resolve_error::<P>(text);
        assert!(message.contains(wanted), "{text}: {message}");
    }
}

/// The messages `check` gives for each universe player count (2 to 9), the
/// counts checked on threads of their own.
fn per_player_count(check: impl Fn(u32) -> Vec<String> + Sync) -> Vec<String> {
    std::thread::scope(|scope| {
        let check = &check;
        let handles: Vec<_> = (2..=9u32).map(|players| scope.spawn(move || check(players))).collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    })
}
