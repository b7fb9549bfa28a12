//! Every input kept by the fuzz targets (`fuzz/corpus/<target>`: seeds and
//! what the fuzzer found) replayed through the targets' own harness, so the
//! cases stay checked by `cargo test` on any toolchain.

#[path = "../../../fuzz/harness.rs"]
mod harness;

fn each_case(target: &str, run: fn(&[u8])) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no kept inputs in {}", dir.display());
    for file in files {
        let data = std::fs::read(&file).unwrap();
        if std::panic::catch_unwind(|| run(&data)).is_err() {
            panic!("{} fails", file.display());
        }
    }
}

#[test]
fn kept_config_inputs() {
    each_case("config", harness::config);
}

#[test]
fn kept_road_log_inputs() {
    each_case("roads", harness::roads);
}
