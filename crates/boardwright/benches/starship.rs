//! Starship benchmarks: a default 40 × 40 ship and a 128 × 128 ship, and
//! the check of the default parameters every ship begins with.

use boardwright::Generator;
use boardwright::starship::Starship;
use std::hint::black_box;

use boardwright::Seed;
use boardwright::starship::Params;
use criterion::{Criterion, criterion_group, criterion_main};

fn ships(c: &mut Criterion) {
    for size in [40, 128] {
        let params = Params {
            width: size,
            height: size,
            ..Params::default()
        };
        let mut i = 0u64;
        c.bench_function(&format!("starship/{size}x{size}"), |b| {
            b.iter(|| {
                i += 1;
                black_box(Starship::generate(&params, &Seed::new(&i.to_string())).expect("ships generate"))
            })
        });
    }
    // What `generate` spends checking its parameters (included above).
    c.bench_function("starship/default params check", |b| {
        b.iter(|| boardwright::params::Params::check(black_box(&Params::default())).expect("the defaults are valid"))
    });
}

criterion_group!(benches, ships);
criterion_main!(benches);
