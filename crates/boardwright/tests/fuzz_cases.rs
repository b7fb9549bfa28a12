//! Every input kept by the fuzz targets (`fuzz/corpus/<target>`: seeds and
//! what the fuzzer found) replayed through the targets' own harness, so the
//! cases stay checked by `cargo test` on any toolchain.

#[path = "../../../fuzz/harness.rs"]
mod harness;
#[path = "../../../fuzz/replay.rs"]
mod replay;

#[test]
fn kept_config_inputs() {
    replay::each_case("config", 1, harness::config);
}

#[test]
fn kept_road_log_inputs() {
    replay::each_case("roads", 1, harness::roads);
}
