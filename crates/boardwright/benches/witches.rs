//! Witches board benchmarks: one default board, JSON included, and the check
//! of its parameters every board begins with.

use boardwright::Generator;
use boardwright::witches::Witches;
use std::hint::black_box;

use boardwright::Seed;
use boardwright::witches::Params;
use criterion::{Criterion, criterion_group, criterion_main};

fn default_board(c: &mut Criterion) {
    let params = Params::default();
    let mut i = 0u64;
    c.bench_function("witches/default board", |b| {
        b.iter(|| {
            i += 1;
            black_box(Witches::generate(&params, &Seed::new(&i.to_string())).expect("default boards generate"))
        })
    });
    c.bench_function("witches/default board json", |b| {
        b.iter(|| {
            let board = Witches::generate(&params, &Seed::new("bench")).expect("default boards generate");
            black_box(serde_json::to_vec(&board).expect("serialises").len())
        })
    });
    // What `generate` spends checking its parameters (included above).
    c.bench_function("witches/default params check", |b| {
        b.iter(|| boardwright::params::Params::check(black_box(&params)).expect("the defaults are valid"))
    });
}

criterion_group!(benches, default_board);
criterion_main!(benches);
