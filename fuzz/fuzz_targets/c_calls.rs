//! The C library's entry points, called with any bytes as their text.
#![no_main]

#[path = "../c_calls.rs"]
mod c_calls;

libfuzzer_sys::fuzz_target!(|data: &[u8]| c_calls::c_calls(data));
