//! What each universe expansion costs and places: for no expansion, each
//! one alone and all of them, the mean time to generate a default board
//! over many seeds, and the mean areas, suitable areas, resources and tiny
//! nodes.
//!
//! ```text
//! cargo run --release -p boardwright --example expansions [boards]
//! ```

use std::time::Instant;

use boardwright::universe::{Params, Universe, expansions};
use boardwright::{Generator, Seed};

fn main() {
    let boards: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(500);
    let mut sets: Vec<(String, Vec<String>)> = vec![("none".into(), Vec::new())];
    sets.extend(expansions::names().into_iter().map(|n| (n.to_string(), vec![n.to_string()])));
    // Every expansion that goes together: all but boardwright's placing ones.
    let ours = [expansions::EXPEDITIONS, expansions::RESOURCES, expansions::TINY_NODES];
    let all = expansions::names().into_iter().filter(|n| !ours.contains(n));
    sets.push(("all".into(), all.map(String::from).collect()));
    println!(
        "{:<14} {:>9} {:>7} {:>9} {:>10} {:>6}",
        "expansions", "ms/board", "areas", "suitable", "resources", "tiny"
    );
    for (name, on) in sets {
        let params = Params {
            expansions: on,
            ..Params::default()
        };
        let (mut areas, mut suitable, mut resources, mut tiny) = (0u64, 0u64, 0u64, 0u64);
        let start = Instant::now();
        for i in 0..boards {
            let b = Universe::generate(&params, &Seed::new(&format!("expansions-{i}"))).expect("default boards generate");
            areas += u64::from(b.metrics.areas.unwrap_or(0));
            suitable += u64::from(b.metrics.suitable_areas.unwrap_or(0));
            resources += u64::from(b.metrics.resources.unwrap_or(0));
            tiny += u64::from(b.metrics.tiny_nodes.unwrap_or(0));
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / boards as f64;
        let mean = |v: u64| v as f64 / boards as f64;
        println!(
            "{name:<14} {ms:>9.3} {:>7.1} {:>9.1} {:>10.1} {:>6.1}",
            mean(areas),
            mean(suitable),
            mean(resources),
            mean(tiny)
        );
    }
}
