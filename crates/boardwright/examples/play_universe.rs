//! Measures play on default universe boards, with the reference bot:
//! `cargo run --release --example play_universe [GAMES] [BOARDS] [FAIR_PLAY]`
//! (`PLAYERS=4` or `PLAYERS=2,4` for some player counts).
//!
//! Per player count it prints the pooled gap between the best and the
//! worst seat without a remedy and with the one `fair_play` printed, the
//! share of boards whose gap with it is at most 0.10, the remedies chosen,
//! the mean excess start spread (starts dealt), the rounds of won games and
//! the games no one won by cause, and the CPU time `fair_play` took a
//! board. The games are drawn from other random streams than the ones the
//! board was chosen by (the bot named once per seat), so that the figures
//! measure the board and not the luck of the screening.
//!
//! With `AGREE=N` it instead measures, on BOARDS boards, each board's seat-1
//! advantage with GAMES reference games and with N search games, and their
//! rank correlation: whether a verdict survives a stronger player.
//!
//! With `STRONG=N` it instead measures, on BOARDS boards chosen with
//! FAIR_PLAY, the search bot's mean seat gap over N games a board with the
//! printed remedy and without one: whether the remedy holds for a
//! stronger player.
//!
//! With `SPREAD=1` it instead measures the excess start spread of BOARDS
//! default boards (no `fair_play`), GAMES games each with the starts
//! dealt: its least, median and share at most 0.05 over boards, which
//! bounds what choosing among a board's layouts can reach.
//!
//! With `EACH=1` it instead plays every remedy of the catalogue on BOARDS
//! boards chosen without play, GAMES games each, and prints per remedy the
//! pooled gap and the boards within 0.10 (and those of the best remedy per
//! board, as if it were known).

use std::collections::BTreeMap;

use boardwright::universe::{self, Universe, play};
use boardwright::{Generator, Seed};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut arg = |default: u32| args.next().and_then(|a| a.parse().ok()).unwrap_or(default);
    let (games, boards, fair_play) = (arg(1000), arg(20), arg(100));
    let only: Vec<u32> = std::env::var("PLAYERS")
        .ok()
        .map(|p| p.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_default();
    let agree: Option<u32> = std::env::var("AGREE").ok().and_then(|a| a.parse().ok());
    let each = std::env::var("EACH").is_ok();
    let strong: Option<u32> = std::env::var("STRONG").ok().and_then(|a| a.parse().ok());
    let spread = std::env::var("SPREAD").is_ok();
    for players in (2..=9).filter(|p| only.is_empty() || only.contains(p)) {
        match (agree, strong) {
            (Some(search_games), _) => agreement(players, games, boards, search_games),
            _ if each => every_remedy(players, games, boards),
            _ if spread => start_spreads(players, games, boards),
            (None, Some(search_games)) => stronger(players, search_games, boards, fair_play),
            (None, None) => remedies(players, games, boards, fair_play),
        }
    }
}

fn remedies(players: u32, games: u32, boards: u32, fair_play: u32) {
    let seats = players as usize;
    let (mut plain, mut remedied) = (vec![0u32; seats], vec![0u32; seats]);
    let (mut within, mut excess, mut cpu) = (0, 0.0, 0.0);
    let (mut rounds, mut won, mut cut_off, mut capped) = (0.0, 0u32, 0u32, 0u32);
    let mut chosen: BTreeMap<String, u32> = BTreeMap::new();
    for b in 0..boards {
        let started = cpu_seconds();
        let board = board(players, fair_play, b);
        cpu += cpu_seconds() - started;
        let name = board.remedy.sentence(players).unwrap_or_else(|| "none".to_string());
        *chosen.entry(name).or_default() += 1;
        let series = play::Series {
            games,
            bots: vec![play::Series::REFERENCE.to_string(); seats],
            ..Default::default()
        };
        let with = series.play(&board).unwrap();
        let without = series.try_remedy(&board, play::Remedy::None, None).unwrap();
        for s in 0..seats {
            remedied[s] += with.seats[s].rate.wins;
            plain[s] += without.seats[s].rate.wins;
        }
        within += u32::from(with.gap.gap <= 0.10);
        excess += with.excess_start_spread;
        let finished = with.games - with.stalls;
        rounds += with.turns.mean * f64::from(finished);
        won += finished;
        cut_off += with.stalls_by_cause.centre_cut_off;
        capped += with.stalls_by_cause.round_cap;
    }
    let played = games * boards;
    let pooled = |wins: &[u32]| {
        let rates: Vec<f64> = wins.iter().map(|&w| f64::from(w) / f64::from(played)).collect();
        rates.iter().copied().fold(0.0, f64::max) - rates.iter().copied().fold(1.0, f64::min)
    };
    let most = chosen
        .iter()
        .max_by_key(|(_, n)| **n)
        .map(|(r, n)| format!("{r} ({n})"))
        .unwrap_or_default();
    println!(
        "p{players}: pooled gap without {:.3}, with the printed remedy {:.3}; boards within 0.10: {within} of {boards}; \
         most chosen: {most}; excess start spread {:.3}; rounds of a won game {:.1}; no winner: centre cut off {:.3}, round cap {:.3}; \
         fair_play CPU {:.2} s a board",
        pooled(&plain),
        pooled(&remedied),
        excess / f64::from(boards),
        rounds / f64::from(won.max(1)),
        f64::from(cut_off) / f64::from(played),
        f64::from(capped) / f64::from(played),
        cpu / f64::from(boards)
    );
    println!("  remedies chosen: {chosen:?}");
}

fn every_remedy(players: u32, games: u32, boards: u32) {
    // The catalogue, then the starts assigned (other starts on each board).
    let tried = play::Remedy::catalogue(players).len() + 1;
    let seats = players as usize;
    let mut wins = vec![vec![0u32; seats]; tried];
    let mut within = vec![0u32; tried];
    let mut names = vec![String::new(); tried];
    let (mut best_within, mut best_gaps) = (0u32, 0.0);
    for b in 0..boards {
        let board = board(players, 0, b);
        let series = play::Series {
            games,
            bots: vec![play::Series::REFERENCE.to_string(); seats],
            ..Default::default()
        };
        let rates = series.compensate(&board, &|_| {}, None).unwrap();
        for (k, rate) in rates.iter().enumerate() {
            names[k] = match &rate.remedy {
                play::Remedy::AssignedStarts { .. } => "starts assigned".to_string(),
                r => r.sentence(players).unwrap_or_else(|| "none".to_string()),
            };
            for (w, seat) in wins[k].iter_mut().zip(&rate.seats) {
                *w += seat.rate.wins;
            }
            within[k] += u32::from(rate.gap.gap <= 0.10);
        }
        let best = rates.iter().map(|r| r.gap.gap).fold(f64::MAX, f64::min);
        best_within += u32::from(best <= 0.10);
        best_gaps += best;
    }
    let played = f64::from(games * boards);
    println!("p{players}, {boards} boards x {games} games a remedy:");
    for (k, name) in names.iter().enumerate() {
        let rates: Vec<f64> = wins[k].iter().map(|&w| f64::from(w) / played).collect();
        let gap = rates.iter().copied().fold(0.0, f64::max) - rates.iter().copied().fold(1.0, f64::min);
        println!("  {gap:.3} pooled, {:>2} within 0.10, seats {rates:.3?}: {name}", within[k]);
    }
    println!(
        "  best per board: mean gap {:.3}, {best_within} within 0.10",
        best_gaps / f64::from(boards)
    );
}

fn start_spreads(players: u32, games: u32, boards: u32) {
    let mut excess: Vec<f64> = (0..boards)
        .map(|b| {
            let board = board(players, 0, b);
            let series = play::Series {
                games,
                rules: play::Rules {
                    start_order: play::StartOrder::Dealt,
                    ..Default::default()
                },
                ..Default::default()
            };
            series.play(&board).unwrap().excess_start_spread
        })
        .collect();
    excess.sort_by(f64::total_cmp);
    let even = excess.iter().filter(|&&e| e <= 0.05).count();
    println!(
        "p{players}: excess start spread over {boards} boards x {games} dealt games: least {:.3}, median {:.3}, {even} at most 0.05",
        excess[0],
        excess[excess.len() / 2]
    );
}

fn stronger(players: u32, games: u32, boards: u32, fair_play: u32) {
    let (mut with, mut without) = (0.0, 0.0);
    for b in 0..boards {
        let board = board(players, fair_play, b);
        let series = play::Series {
            games,
            bots: vec!["search".to_string()],
            ..Default::default()
        };
        with += series.try_remedy(&board, board.remedy.clone(), None).unwrap().gap.gap;
        without += series.try_remedy(&board, play::Remedy::None, None).unwrap().gap.gap;
    }
    let n = f64::from(boards);
    println!(
        "p{players}: search bot's mean seat gap over {boards} boards x {games} games: {:.3} with the printed remedy, {:.3} without",
        with / n,
        without / n
    );
}

fn agreement(players: u32, games: u32, boards: u32, search_games: u32) {
    let (mut reference, mut search) = (Vec::new(), Vec::new());
    for b in 0..boards {
        let board = board(players, 0, b);
        let advantage = |bot: &str, games: u32| {
            let series = play::Series {
                games,
                bots: vec![bot.to_string()],
                ..Default::default()
            };
            series.play(&board).unwrap().advantage_p1
        };
        reference.push(advantage(play::Series::REFERENCE, games));
        search.push(advantage("search", search_games));
    }
    println!(
        "p{players}: rank correlation of seat 1's advantage, reference ({games} games) against search ({search_games} games), over {boards} boards: {:.2}",
        spearman(&reference, &search)
    );
    println!("  reference {reference:.2?}\n  search    {search:.2?}");
}

/// Spearman's rank correlation (mean ranks for ties).
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let ranks = |x: &[f64]| {
        let mut order: Vec<usize> = (0..x.len()).collect();
        order.sort_by(|&i, &j| x[i].total_cmp(&x[j]));
        let mut r = vec![0.0; x.len()];
        let mut i = 0;
        while i < order.len() {
            let mut j = i;
            while j + 1 < order.len() && x[order[j + 1]] == x[order[i]] {
                j += 1;
            }
            for k in i..=j {
                r[order[k]] = (i + j) as f64 / 2.0;
            }
            i = j + 1;
        }
        r
    };
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma) * (x - ma)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb) * (y - mb)).sum();
    cov / (va * vb).sqrt()
}

/// Default board `b` of `players` made with `fair_play`, as every mode
/// measures them.
fn board(players: u32, fair_play: u32, b: u32) -> universe::Board {
    let params = universe::Params {
        players,
        fair_play,
        ..Default::default()
    };
    Universe::generate(&params, &Seed::new(&format!("play-{b}"))).unwrap()
}

/// CPU time of this process so far, in seconds (Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the name).
    (ticks(11) + ticks(12)) / 100.0
}
