//! Times each generation step of a universe board, to see where the time of a
//! large board goes: `cargo run --release --example steps -- 1188`
//! (the argument is the resolution; 1188 makes about a million nodes).

use std::time::Instant;

use boardwright::universe::{self, Params, Universe};
use boardwright::{Generator, Seed, Watch};

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
            eprintln!("{:>8.3} s  {}", (now - since).as_secs_f64(), Universe::STEPS[previous]);
        }
        last = Some((step, now));
    };
    struct Steps<F>(F);
    impl<F: FnMut(usize) + Send> Watch<universe::Snapshot> for Steps<F> {
        fn step(&mut self, _attempt: u32, step: usize) {
            (self.0)(step);
        }
    }
    let board = Universe::generate_with(&params, &Seed::new("steps"), &mut Steps(|step| report(step, Instant::now())))
        .unwrap_or_else(|e| panic!("{e}"));
    report(0, Instant::now());
    let json_start = Instant::now();
    let mut json = Vec::new();
    Universe::write_json(&board, &mut json).expect("writes to memory");
    eprintln!(
        "{:>8.3} s  writing {} bytes of JSON",
        json_start.elapsed().as_secs_f64(),
        json.len()
    );
    eprintln!("{:>8.3} s  in all, {} nodes", start.elapsed().as_secs_f64(), board.nodes.len());
}
