//! Every input kept by the `c_calls` fuzz target (`fuzz/corpus/c_calls`:
//! seeds and what the fuzzer found) replayed through the target's own
//! harness, so the cases stay checked by `cargo test` on any toolchain.

#[path = "../../../fuzz/c_calls.rs"]
mod c_calls;
#[path = "../../../fuzz/replay.rs"]
mod replay;

#[test]
fn kept_c_call_inputs() {
    replay::each_case("c_calls", 8, c_calls::c_calls);
}
