//! Replays the inputs a fuzz target kept (`fuzz/corpus/<target>`: seeds
//! and what the fuzzer found) through its harness, for the tests that keep
//! them checked by `cargo test` on any toolchain.

/// Runs `run` on every input kept for `target` (at least `least` of them),
/// naming the file of the first that panics.
pub fn each_case(target: &str, least: usize, run: fn(&[u8])) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= least, "too few kept inputs in {}", dir.display());
    for file in files {
        let data = std::fs::read(&file).unwrap();
        if std::panic::catch_unwind(|| run(&data)).is_err() {
            panic!("{} fails", file.display());
        }
    }
}
