//! Config TOML through to a result, its JSON and its drawing.
#![no_main]

#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::config(data));
