//! Times each generation step of a universe board, to see where the time of a
//! large board goes: `cargo run --release --example steps -- 1188`
//! (the argument is the resolution; 1188 makes about a million nodes).

use std::time::Instant;

use boardwright::seed::Seed;
use boardwright::universe::{self, Params};

fn main() {
    let resolution: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1188);
    let params = Params {
        resolution: Some(resolution),
        ..Params::default()
    };
    let start = Instant::now();
    let mut last: Option<(usize, Instant)> = None;
    let mut report = |step: usize, now: Instant| {
        if let Some((previous, since)) = last {
            eprintln!("{:>8.3} s  {}", (now - since).as_secs_f64(), universe::STEPS[previous]);
        }
        last = Some((step, now));
    };
    let board = universe::generate_with_progress(&params, &Seed::new("steps"), &mut |_, step| report(step, Instant::now()))
        .unwrap_or_else(|e| panic!("{e}"));
    report(0, Instant::now());
    let json_start = Instant::now();
    let mut json = Vec::new();
    universe::write_json(&board, &mut json).expect("writes to memory");
    eprintln!(
        "{:>8.3} s  writing {} bytes of JSON",
        json_start.elapsed().as_secs_f64(),
        json.len()
    );
    eprintln!("{:>8.3} s  in all, {} nodes", start.elapsed().as_secs_f64(), board.nodes.len());
}
