//! What the C boundary costs a call: a default universe board as JSON
//! made by the library directly (generate, then write the JSON as the
//! command line does), through `calls::board_json` (the generator found
//! by name, the parameters read from text) and through `bw_generate` (C
//! strings in, an owned buffer out and freed). The same seed every time,
//! so the three make the same bytes.

use std::hint::black_box;

use boardwright::universe::{Params, Universe};
use boardwright::{Generator, Seed};
use boardwright_ffi::calls::board_json;
use boardwright_ffi::{BwBytes, BwStatus, bw_bytes_free, bw_generate};
use criterion::{Criterion, criterion_group, criterion_main};

fn default_universe(c: &mut Criterion) {
    let params = Params::default();
    c.bench_function("abi/universe default, the library", |b| {
        b.iter(|| {
            let board = Universe::generate(&params, &Seed::new("bench")).expect("default boards generate");
            let mut json = Vec::new();
            output::write::<Universe>(&board, output::Format::Json, &output::Drawing::default(), &mut json).expect("writes");
            black_box(json.len())
        })
    });
    c.bench_function("abi/universe default, calls::board_json", |b| {
        b.iter(|| black_box(board_json("universe", "bench", "", None, None).expect("generates").len()))
    });
    c.bench_function("abi/universe default, bw_generate", |b| {
        b.iter(|| {
            let mut out = BwBytes {
                ptr: std::ptr::null_mut(),
                len: 0,
            };
            // SAFETY: static NUL-terminated strings, nulls, and a live BwBytes.
            let status = unsafe {
                bw_generate(
                    c"universe".as_ptr(),
                    c"bench".as_ptr(),
                    std::ptr::null(),
                    std::ptr::null(),
                    std::ptr::null(),
                    &mut out,
                )
            };
            assert_eq!(status, BwStatus::Ok);
            let len = out.len;
            // SAFETY: given by this call, freed once.
            unsafe { bw_bytes_free(out) };
            black_box(len)
        })
    });
}

criterion_group!(benches, default_universe);
criterion_main!(benches);
