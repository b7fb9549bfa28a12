//! Plays greedy games on default hexet maps and prints, per player count,
//! the seats' pooled mean scores and win rates, the spread of the seats'
//! mean scores map by map, and the rounds at which city types are joined:
//! `cargo run --release --example play_hexet [GAMES] [MAPS]`
//! (`PLAYERS=2` for one player count; default 1,000 games on each of 100
//! maps, 2 to 4 players).

use boardwright::Seed;
use boardwright::hexet::{Game, Params, play};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut arg = |default: u32| args.next().and_then(|a| a.parse().ok()).unwrap_or(default);
    let (games, maps) = (arg(1000), arg(100));
    let only: Option<u32> = std::env::var("PLAYERS").ok().and_then(|p| p.parse().ok());
    for players in (2..=4).filter(|p| only.is_none_or(|o| o == *p)) {
        let params = Params {
            players,
            ..Default::default()
        };
        let mut scores = vec![0.0; players as usize];
        let mut wins = vec![0u32; players as usize];
        let (mut draws, mut spreads, mut turn_spreads, mut rounds) = (0, Vec::new(), Vec::new(), 0.0);
        let mut excess = 0u32;
        let (mut made, mut played) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
        for m in 0..maps {
            let started = std::time::Instant::now();
            let game = Game::new(&params, &Seed::new(&format!("play-{m}"))).unwrap();
            made += started.elapsed();
            let started = std::time::Instant::now();
            let series = play::Series {
                games,
                ..Default::default()
            };
            let report = series.play(&game).unwrap();
            played += started.elapsed();
            for (s, seat) in report.seats.iter().enumerate() {
                scores[s] += seat.score.mean / f64::from(maps);
                wins[s] += seat.rate.wins;
            }
            // Seats whose score intervals do not overlap the best seat's.
            let best = report.seats.iter().map(|s| s.score.interval[0]).fold(f64::MIN, f64::max);
            excess += u32::from(report.seats.iter().any(|s| s.score.interval[1] < best));
            draws += report.draws;
            spreads.push(report.score_spread);
            turn_spreads.push(report.joined_turn_spread);
            rounds += report.turns.mean / f64::from(maps);
        }
        let total = f64::from(games) * f64::from(maps);
        let (mean, p95, max) = summary(&mut spreads);
        let (turn_mean, turn_p95, turn_max) = summary(&mut turn_spreads);
        let shown = |v: &[f64]| v.iter().map(|x| format!("{x:.3}")).collect::<Vec<_>>().join(" ");
        let rates: Vec<f64> = wins.iter().map(|&w| f64::from(w) / total).collect();
        println!(
            "p{players}: mean score by seat {} | win rate by seat {} | draws {:.3} | rounds {rounds:.1}",
            shown(&scores),
            shown(&rates),
            f64::from(draws) / total
        );
        println!(
            "    seat score spread per map: mean {mean:.3}, p95 {p95:.3}, max {max:.3}; maps with a seat's interval below another's {excess} of {maps}"
        );
        println!("    joined round spread of the types per map: mean {turn_mean:.2}, p95 {turn_p95:.2}, max {turn_max:.2}");
        println!(
            "    {:.0} games a second ({} games in {:.2} s; maps made in {:.2} s)",
            total / played.as_secs_f64(),
            total,
            played.as_secs_f64(),
            made.as_secs_f64()
        );
    }
}

/// The mean, the 95th percentile (nearest rank) and the largest of `values`.
fn summary(values: &mut [f64]) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let p95 = values[((n as f64 * 0.95).ceil() as usize).max(1) - 1];
    (values.iter().sum::<f64>() / n as f64, p95, values[n - 1])
}
