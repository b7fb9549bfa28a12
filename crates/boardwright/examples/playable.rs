//! Whether universe boards can be played by the original's rulebook, over
//! many seeds per player count and preset: nodes without a power dot (the
//! centre, the starts, the others), centres without exactly one, and the
//! tiny nodes a board gets under Sharp Scissors.
//!
//! ```text
//! cargo run --release -p boardwright --example playable [boards per player count]
//! ```

use boardwright::params::Params as _;
use boardwright::universe::{NodeKind, Params, Universe};
use boardwright::{Generator, Seed};

fn main() {
    let boards: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    println!(
        "{:<20} {:>7} {:>8} {:>10} {:>12} {:>12} {:>13} {:>11}",
        "preset", "players", "boards", "nodes", "no dot: centre", "no dot: start", "no dot: other", "tiny/board"
    );
    for preset in ["default", "classic", "original-expansions", "sharp_scissors"] {
        let base = if preset == "default" {
            Params::default()
        } else {
            Params::resolve(&[Params::preset(preset).expect("a known preset")]).expect("presets resolve")
        };
        for players in 2..=9 {
            let params = Params { players, ..base.clone() };
            let (mut nodes, mut centre, mut start, mut other, mut tiny) = (0u64, 0u64, 0u64, 0u64, 0u64);
            for i in 0..boards {
                let b = Universe::generate(&params, &Seed::new(&format!("playable-{i}"))).expect("boards generate");
                nodes += b.nodes.len() as u64;
                tiny += b.tiny_nodes.len() as u64;
                for n in &b.nodes {
                    match n.kind {
                        NodeKind::Center if n.dots.len() != 1 => centre += 1,
                        NodeKind::Mission if n.dots.is_empty() => start += 1,
                        NodeKind::Regular if n.dots.is_empty() => other += 1,
                        _ => {}
                    }
                }
            }
            println!(
                "{preset:<20} {players:>7} {boards:>8} {nodes:>10} {centre:>12} {start:>12} {other:>13} {:>11.1}",
                tiny as f64 / boards as f64
            );
        }
    }
}
