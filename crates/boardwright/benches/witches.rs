//! Witches board benchmarks: one default board, JSON included, and the check
//! of its parameters every board begins with; the secret recipe drawn with
//! its exact count of winning potions, at the hardest level, and a potion
//! brewed.

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

fn recipe(c: &mut Criterion) {
    use boardwright::witches::puzzle::{Potion, Recipe};
    let hardest = Params {
        recipe_length: 6,
        ingredients: 10,
        difficulty: 3,
        ..Params::default()
    };
    let four = Params {
        difficulty: 3,
        ..Params::default()
    };
    let mut i = 0u64;
    // Drawn again until a potion wins, each draw counted exactly.
    c.bench_function("witches/recipe hardest (6 ingredients, difficulty 3)", |b| {
        b.iter(|| {
            i += 1;
            black_box(
                Recipe::new(&hardest, &Seed::new(&i.to_string()))
                    .expect("valid parameters")
                    .solutions(),
            )
        })
    });
    c.bench_function("witches/recipe difficulty 3, 4 ingredients", |b| {
        b.iter(|| {
            i += 1;
            black_box(
                Recipe::new(&four, &Seed::new(&i.to_string()))
                    .expect("valid parameters")
                    .solutions(),
            )
        })
    });
    let recipe = Recipe::new(&hardest, &Seed::new("bench")).expect("valid parameters");
    let potion = Potion::parse("Sage:2,Mint:1,Dill,Basil:3,Thyme,Parsley:4", 10).expect("a potion");
    c.bench_function("witches/brew a potion of 6", |b| {
        b.iter(|| black_box(recipe.brew(black_box(&potion)).unwrap()))
    });
}

criterion_group!(benches, default_board, recipe);
criterion_main!(benches);
