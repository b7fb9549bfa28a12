//! Every input kept by the `c_calls` fuzz target (`fuzz/corpus/c_calls`:
//! seeds and what the fuzzer found) replayed through the target's own
//! harness, so the cases stay checked by `cargo test` on any toolchain.

#[path = "../../../fuzz/c_calls.rs"]
mod c_calls;

#[test]
fn kept_c_call_inputs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/c_calls");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 8, "too few kept inputs in {}", dir.display());
    for file in files {
        let data = std::fs::read(&file).unwrap();
        if std::panic::catch_unwind(|| c_calls::c_calls(&data)).is_err() {
            panic!("{} fails", file.display());
        }
    }
}
