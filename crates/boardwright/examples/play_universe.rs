//! Plays greedy (and random) games on default universe boards at every
//! player count and prints the seats' and starts' figures:
//! `cargo run --release --example play_universe [GAMES] [BOARDS] [FAIR_PLAY]`
//! (`PLAYERS=4` for one player count, `CLASSIC=1` for the original's
//! choices). The excess start spread is measured with the starts dealt,
//! so that it is the starts', not the seats'.
//!
//! With FAIR_PLAY, each board is made with `fair_play = FAIR_PLAY` and
//! the games are drawn from other random streams than the ones it was
//! chosen by (the bot named once per seat), so that the figures measure
//! the board and not the luck of the screening.

use boardwright::universe::{self, Universe, play};
use boardwright::{Generator, Seed};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut arg = |default: u32| args.next().and_then(|a| a.parse().ok()).unwrap_or(default);
    let (games, boards, fair_play) = (arg(1000), arg(1), arg(0));
    let classic = std::env::var_os("CLASSIC").is_some();
    let bots: &[&str] = if fair_play > 0 { &["greedy"] } else { &["random", "greedy"] };
    for &bot in bots {
        let only: Option<u32> = std::env::var("PLAYERS").ok().and_then(|p| p.parse().ok());
        for players in (2..=9).filter(|p| only.is_none_or(|o| o == *p)) {
            let mut wins = vec![0u32; players as usize];
            let (mut excess, mut stalls, mut second_starts) = (0.0, 0, 0);
            let started = std::time::Instant::now();
            for b in 0..boards {
                let mut params = universe::Params {
                    players,
                    fair_play,
                    ..Default::default()
                };
                if classic {
                    params.planar = false;
                    params.original_edges = true;
                    params.fair_missions = false;
                    params.fair_center = false;
                    params.fair_scaling = false;
                    params.start_layouts = 1;
                }
                let board = Universe::generate(&params, &Seed::new(&format!("play-{b}"))).unwrap();
                second_starts += u32::from(board.remedy != play::Remedy::None);
                let series = play::Series {
                    games,
                    bots: vec![bot.to_string(); if fair_play > 0 { players as usize } else { 1 }],
                    ..Default::default()
                };
                let report = play::play(&board, &series).unwrap();
                for (seat, rate) in report.seats.iter().enumerate() {
                    wins[seat] += rate.rate.wins;
                }
                stalls += report.stalls;
                let dealt = play::Series {
                    rules: play::Rules {
                        start_order: play::StartOrder::Dealt,
                        ..Default::default()
                    },
                    ..series
                };
                excess += play::play(&board, &dealt).unwrap().excess_start_spread;
            }
            let secs = started.elapsed().as_secs_f64();
            let played = games * boards;
            let rates: Vec<play::Rate> = wins.iter().map(|&w| play::Rate::new(w, played)).collect();
            let (best, worst) = (
                rates.iter().max_by(|a, b| a.win_rate.total_cmp(&b.win_rate)).unwrap(),
                rates.iter().min_by(|a, b| a.win_rate.total_cmp(&b.win_rate)).unwrap(),
            );
            let shown: Vec<String> = rates.iter().map(|r| format!("{:.3}", r.win_rate)).collect();
            println!(
                "{bot} p{players}: seats {} | gap {:.3} (intervals {:.3}..{:.3}) | excess start spread {:.3} | stalls {:.3} | second starts on {second_starts} of {boards} boards | {:.1} s",
                shown.join(" "),
                best.win_rate - worst.win_rate,
                (best.interval[0] - worst.interval[1]).max(0.0),
                best.interval[1] - worst.interval[0],
                excess / f64::from(boards),
                f64::from(stalls) / f64::from(played),
                secs
            );
        }
    }
}
