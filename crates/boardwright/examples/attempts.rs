//! Whole-board attempts of large universe boards, seed by seed:
//! `cargo run --release --example attempts -- 1188 20` generates boards of
//! resolution 1188 (about a million nodes) for the seeds `s0` to `s19` and
//! prints, for each, the attempts it took and its time. A third argument
//! names the seeds' prefix, or lists seeds separated by commas (`big,c,`); a fourth,
//! `baseline`, also times delaunator plus Kruskal's algorithm on the board's
//! own node positions, the floor a board's spanning tree is compared with.

use boardwright::Generator;
use boardwright::universe::Universe;
use std::time::Instant;

use boardwright::Seed;
use boardwright::universe::Params;

#[path = "../benches/common/baseline.rs"]
mod baseline;
use baseline::delaunator_kruskal;

fn main() {
    let mut args = std::env::args().skip(1);
    let resolution: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1188);
    let count: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let prefix = args.next().unwrap_or_else(|| "s".into());
    let baseline = args.next().as_deref() == Some("baseline");
    let seeds: Vec<String> = if prefix.contains(',') {
        prefix.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect()
    } else {
        (0..count).map(|k| format!("{prefix}{k}")).collect()
    };
    let params = Params {
        resolution: Some(resolution),
        ..Params::default()
    };
    println!("resolution {resolution}, {} nodes", params.node_count());
    println!("{:>8} {:>8} {:>8} {:>10}", "seed", "attempts", "seconds", "baseline");
    for seed in seeds {
        let start = Instant::now();
        match Universe::generate(&params, &Seed::new(&seed)) {
            Ok(board) => {
                let seconds = start.elapsed().as_secs_f64();
                let floor = if baseline {
                    let points: Vec<delaunator::Point> = board.nodes.iter().map(|n| delaunator::Point { x: n.x, y: n.y }).collect();
                    drop(board.nodes);
                    let start = Instant::now();
                    let edges = delaunator_kruskal(&points);
                    assert_eq!(edges + 1, points.len());
                    format!("{:.2}", start.elapsed().as_secs_f64())
                } else {
                    "-".into()
                };
                println!("{seed:>8} {:>8} {seconds:>8.2} {floor:>10}", board.metrics.attempts);
            }
            Err(e) => println!("{seed:>8} failed: {e}"),
        }
    }
}
