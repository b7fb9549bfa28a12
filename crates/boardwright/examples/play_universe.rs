//! Plays greedy and random games on default universe boards at every
//! player count and prints the seats' and starts' figures:
//! `cargo run --release --example play_universe [GAMES] [BOARDS]`.

use boardwright::universe::{self, Universe, play};
use boardwright::{Generator, Seed};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let boards: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    for bot in ["random", "greedy"] {
        for players in 2..=9 {
            let mut seat_gap = 0.0;
            let mut excess = 0.0;
            let mut stalls = 0;
            let started = std::time::Instant::now();
            for b in 0..boards {
                let params = universe::Params {
                    players,
                    ..Default::default()
                };
                let board = Universe::generate(&params, &Seed::new(&format!("play-{b}"))).unwrap();
                let series = play::Series {
                    games,
                    bots: vec![bot.to_string()],
                    ..Default::default()
                };
                let report = play::play(&board, &series).unwrap();
                seat_gap += 1.0 - report.balance;
                excess += report.excess_start_spread;
                stalls += report.stalls;
                if b == 0 {
                    let rates: Vec<String> = report.seats.iter().map(|s| format!("{:.3}", s.rate.win_rate)).collect();
                    println!(
                        "{bot} p{players}: seats {} turns {:.1}/{} chi p {:.3}",
                        rates.join(" "),
                        report.turns.mean,
                        report.turns.p95,
                        report.chi_square.p_value
                    );
                }
            }
            let secs = started.elapsed().as_secs_f64();
            println!(
                "{bot} p{players}: mean seat gap {:.3}, mean excess start spread {:.3}, stalls {stalls}, {:.0} games/s",
                seat_gap / f64::from(boards),
                excess / f64::from(boards),
                f64::from(games * boards) / secs
            );
        }
    }
}
