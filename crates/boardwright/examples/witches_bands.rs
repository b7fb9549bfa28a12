//! Potions to win per difficulty and edition, for both strategies: the
//! simple deduction (`Recipe::potions_needed`) and the search over the recipes
//! still possible (`Recipe::potions_searched`), over many recipes each.
//!
//! `cargo run --release -p boardwright --example witches_bands -- 10000`
//! draws the recipes of the seeds `band-1` … `band-10000` at the default
//! parameters (4 of 6 ingredients) for each edition and difficulty, prints
//! a progress line per set on stderr and a table on stdout: mean, median,
//! p95 and max potions, and whether the bands hold (difficulties strictly
//! ordered by mean; p95 at most twice the median). A second argument
//! `K,N` sets the ingredients in play and the recipe length (`10,6`).
//! A recipe a strategy gives up on counts as 200 potions.

use std::io::Write;
use std::time::Instant;

use boardwright::Seed;
use boardwright::witches::Params;
use boardwright::witches::puzzle::Recipe;
use rayon::prelude::*;

/// Potions to win on one recipe: the simple strategy's, the search's
/// (`None`: gave up).
type Potions = (Option<u32>, Option<u32>);

/// The statistics of one strategy over one set's recipes.
struct Stats {
    mean: f64,
    median: u32,
    p95: u32,
    max: u32,
    gave_up: usize,
}

fn stats(mut values: Vec<u32>, gave_up: usize) -> Stats {
    values.sort_unstable();
    let rank = |q: usize| values[(q * values.len()).div_ceil(100).max(1) - 1];
    Stats {
        mean: values.iter().map(|&v| f64::from(v)).sum::<f64>() / values.len() as f64,
        median: rank(50),
        p95: rank(95),
        max: *values.last().unwrap_or(&0),
        gave_up,
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let (in_play, length) = args
        .next()
        .and_then(|a| {
            let (k, n) = a.split_once(',')?;
            Some((k.parse().ok()?, n.parse().ok()?))
        })
        .unwrap_or((6, 4));
    println!("{count} recipes per set, {length} of {in_play} ingredients in play");
    println!(
        "| edition | difficulty | simple: mean | median | p95 | max | gave up | search: mean | median | p95 | max | gave up | seconds |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for edition in [2020, 2023] {
        let mut means = Vec::new();
        for difficulty in 1..=3 {
            let params = Params {
                edition,
                difficulty,
                ingredients: in_play,
                recipe_length: if edition == 2023 { 4 } else { length },
                ..Params::default()
            };
            let start = Instant::now();
            let done = std::sync::atomic::AtomicU32::new(0);
            let results: Vec<Potions> = (1..=count)
                .into_par_iter()
                .map(|i| {
                    let recipe = Recipe::new(&params, &Seed::new(&format!("band-{i}"))).expect("valid parameters");
                    let got = (recipe.potions_needed(), recipe.potions_searched());
                    let k = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    if k.is_multiple_of(500) || k == count {
                        eprint!(
                            "\r{edition} difficulty {difficulty}: {k}/{count} recipes, {:.0} s",
                            start.elapsed().as_secs_f64()
                        );
                        let _ = std::io::stderr().flush();
                    }
                    got
                })
                .collect();
            eprintln!();
            let of = |pick: fn(&Potions) -> Option<u32>| {
                let gave_up = results.iter().filter(|r| pick(r).is_none()).count();
                stats(results.iter().map(|r| pick(r).unwrap_or(200)).collect(), gave_up)
            };
            let (simple, search) = (of(|r| r.0), of(|r| r.1));
            println!(
                "| {edition} | {difficulty} | {:.2} | {} | {} | {} | {} | {:.2} | {} | {} | {} | {} | {:.1} |",
                simple.mean,
                simple.median,
                simple.p95,
                simple.max,
                simple.gave_up,
                search.mean,
                search.median,
                search.p95,
                search.max,
                search.gave_up,
                start.elapsed().as_secs_f64()
            );
            let stuck: Vec<String> = (1..=count)
                .zip(&results)
                .filter(|(_, r)| r.1.is_none())
                .take(5)
                .map(|(i, _)| format!("band-{i}"))
                .collect();
            if !stuck.is_empty() {
                println!("search gave up on {}", stuck.join(", "));
            }
            means.push((simple, search));
        }
        let ordered = |f: fn(&(Stats, Stats)) -> &Stats| means.windows(2).all(|w| f(&w[0]).mean < f(&w[1]).mean);
        let banded = |f: fn(&(Stats, Stats)) -> &Stats| means.iter().all(|m| f(m).p95 <= 2 * f(m).median);
        println!(
            "{edition}: simple strategy ordered {}, p95 within twice the median {}; search ordered {}, within {}",
            ordered(|m| &m.0),
            banded(|m| &m.0),
            ordered(|m| &m.1),
            banded(|m| &m.1)
        );
    }
}
