//! What a series of games says: win rates per seat, per start and per bot
//! with Wilson 95 % intervals, the gap between the best and the worst seat
//! with its interval, a chi-square test across seats, Balance, the first
//! player's advantage, stalls by cause, game length, how far the starts'
//! spread lies beyond what chance alone gives, and the verdict in words.

use serde::Serialize;

use super::remedy::Remedy;
use crate::Rng;
use crate::stats::spread;
use crate::stats::{ChiSquare, Rate, Turns};

/// One seat's results.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SeatRate {
    /// The seat in turn order, from 1.
    pub seat: u32,
    /// Its wins over every game.
    #[serde(flatten)]
    pub rate: Rate,
}

/// One starting node's results.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StartRate {
    /// Its label, as printed in its square (`"A"`, `"B"`, …).
    pub label: String,
    /// The mission node (its id).
    pub node: u32,
    /// Games in which a player started there.
    pub held: u32,
    /// Wins of the players who started there, over `held`.
    #[serde(flatten)]
    pub rate: Rate,
}

/// One bot's results in mixed games.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct BotRate {
    /// The bot.
    pub bot: String,
    /// Seats it played (a bot may sit in several seats of one game).
    pub played: u32,
    /// Its wins over `played`.
    #[serde(flatten)]
    pub rate: Rate,
}

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning seat; none for a stall.
    pub winner: Option<usize>,
    /// Whether the game ended with the centre cut off (else a stall ran
    /// to the round cap).
    pub cut_off: bool,
    /// Rounds played.
    pub rounds: u32,
    /// Each seat's starting node.
    pub starts: Vec<Option<u32>>,
    /// Each seat's bot (its index in the series' bots).
    pub bots: Vec<usize>,
}

/// What a series of games on one board says.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Report {
    /// Games played.
    pub games: u32,
    /// Players in each game.
    pub players: u32,
    /// The bots, by name (one: every seat played by it).
    pub bots: Vec<String>,
    /// Per seat in turn order.
    pub seats: Vec<SeatRate>,
    /// The verdict on the seats in words, at this many games.
    pub verdict: String,
    /// The verdict on the starts in words.
    pub start_verdict: String,
    /// How far the verdicts hold, in words: whose play they describe, and
    /// how closely a stronger player agrees.
    pub verdict_holds: String,
    /// The best seat's win rate less the worst's, with its interval.
    pub gap: Gap,
    /// Per starting node, by node id, from as many games again with the
    /// starts dealt round the seats, so that every start is held.
    pub starts: Vec<StartRate>,
    /// Per bot, when different bots played.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bot_rates: Vec<BotRate>,
    /// Games no one won.
    pub stalls: u32,
    /// The games no one won, by cause.
    pub stalls_by_cause: Stalls,
    /// 1 − the largest gap between two seats' win rates.
    pub balance: f64,
    /// The first seat's win rate minus an equal share of the games won.
    pub advantage_p1: f64,
    /// The seats' wins against equal shares.
    pub chi_square: ChiSquare,
    /// Best minus worst start's win rate (starts held in some game).
    pub start_spread: f64,
    /// The mean spread equal starts give with the same games held each.
    pub chance_start_spread: f64,
    /// `start_spread − chance_start_spread`: near 0 where starts are equal.
    pub excess_start_spread: f64,
    /// The length of the games someone won, in rounds.
    pub turns: Turns,
    /// With `--compensate`: each remedy tried, its seats' gap with its
    /// interval, in the catalogue's order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub remedies: Vec<RemedyRate>,
}

/// Games no one won, by cause.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Stalls {
    /// The centre cut off from every other node: everyone loses.
    pub centre_cut_off: u32,
    /// The rules' round cap reached.
    pub round_cap: u32,
}

/// The gap between the seats that won most and least often.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Gap {
    /// The seat that won most (from 1; the first of equals).
    pub best: u32,
    /// The seat that won least.
    pub worst: u32,
    /// Its win rate less the worst's.
    pub gap: f64,
    /// The 95 % interval of the gap (normal, from the two seats' shares of
    /// one set of games).
    pub interval: [f64; 2],
}

impl Gap {
    /// The gap of `seat_wins` over `games`.
    pub fn of(seat_wins: &[u32], games: u32) -> Gap {
        let n = f64::from(games.max(1));
        let rate = |s: usize| f64::from(seat_wins[s]) / n;
        let best = (0..seat_wins.len()).fold(0, |b, s| if seat_wins[s] > seat_wins[b] { s } else { b });
        let worst = (0..seat_wins.len()).fold(0, |w, s| if seat_wins[s] < seat_wins[w] { s } else { w });
        let (p, q) = (rate(best), rate(worst));
        let gap = p - q;
        // Two shares of one multinomial: var(p̂ − q̂) = (p + q − (p − q)²) / n.
        let half = 1.96 * ((p + q - gap * gap).max(0.0) / n).sqrt();
        Gap {
            best: best as u32 + 1,
            worst: worst as u32 + 1,
            gap,
            interval: [gap - half, gap + half],
        }
    }

    /// Whether the gap is more than chance alone gives, at 95 %.
    pub fn real(&self) -> bool {
        self.interval[0] > 0.0
    }
}

/// One remedy tried by play.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RemedyRate {
    /// The remedy.
    pub remedy: Remedy,
    /// As the board prints it; absent for none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sentence: Option<String>,
    /// The seats' gap with it.
    pub gap: Gap,
    /// Per seat in turn order.
    pub seats: Vec<SeatRate>,
}

impl RemedyRate {
    /// The figures of `remedy` from games `outcomes` at `players`.
    pub fn new(remedy: Remedy, players: u32, outcomes: &[Outcome]) -> RemedyRate {
        let wins = seat_wins(outcomes, players as usize);
        let games = outcomes.len() as u32;
        RemedyRate {
            sentence: remedy.sentence(players),
            remedy,
            gap: Gap::of(&wins, games),
            seats: seat_rates(&wins, games),
        }
    }
}

/// Each seat's wins in `outcomes`.
fn seat_wins(outcomes: &[Outcome], players: usize) -> Vec<u32> {
    let mut wins = vec![0u32; players];
    for s in outcomes.iter().filter_map(|o| o.winner) {
        wins[s] += 1;
    }
    wins
}

/// Per seat, its rate of `wins` over `games`.
fn seat_rates(wins: &[u32], games: u32) -> Vec<SeatRate> {
    wins.iter()
        .enumerate()
        .map(|(s, &w)| SeatRate {
            seat: s as u32 + 1,
            rate: Rate::new(w, games),
        })
        .collect()
}

/// A share as whole percent.
fn percent(x: f64) -> String {
    format!("{:.0}", 100.0 * x)
}

/// A rate as "59 % [56–62]".
fn rate_words(rate: &Rate) -> String {
    format!(
        "{} % [{}\u{2013}{}]",
        percent(rate.win_rate),
        percent(rate.interval[0]),
        percent(rate.interval[1])
    )
}

/// A count with thousands set apart: 10,000.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The verdict on the seats, in words.
fn seat_verdict(seats: &[SeatRate], gap: &Gap, games: u32, bots: &str) -> String {
    let at = format!("{} games, {bots}", thousands(u64::from(games)));
    if seats.is_empty() {
        return String::new();
    }
    let (best, worst) = (&seats[gap.best as usize - 1], &seats[gap.worst as usize - 1]);
    if gap.real() {
        format!(
            "Seat {} is favoured: it wins {} against seat {}'s {} ({at}).",
            gap.best,
            rate_words(&best.rate),
            gap.worst,
            rate_words(&worst.rate)
        )
    } else {
        format!(
            "No seat measurably favoured at {at}: seats win {} % to {} %, a gap chance alone gives (up to {} points).",
            percent(worst.rate.win_rate),
            percent(best.rate.win_rate),
            percent(gap.interval[1])
        )
    }
}

/// Over 30 default boards, the rank correlation of seat 1's advantage
/// with the reference bot and with the search bot, at 2 and at 4 players
/// (`cargo run --release --example play_universe`, `AGREE`).
const AGREEMENT: [(u32, f64); 2] = [(2, 0.29), (4, -0.08)];

/// How far a verdict of `bots` holds, in words.
fn verdict_holds(bots: &[&String]) -> String {
    let agreement: Vec<String> = AGREEMENT.iter().map(|(p, r)| format!("{r:.2} at {p} players")).collect();
    let measured = format!(
        "over 30 boards, the search bot's ranking of boards by seat 1's advantage follows the reference bot's only loosely (rank correlation {}), and it favours the first seat more",
        agreement.join(", ")
    );
    match bots {
        [one] if one.as_str() == super::Series::REFERENCE => format!(
            "These verdicts are the reference bot's: what players who play as it does would find. A stronger player may differ on one board: {measured}. The seats' gap pooled over many boards is firmer than one board's."
        ),
        _ => format!(
            "These verdicts are the {} bots': the reference bot's are the ones measured against a stronger player ({measured}).",
            bots.iter().map(|b| b.as_str()).collect::<Vec<_>>().join(" and ")
        ),
    }
}

/// The verdict on the starts, in words: the best and the worst start
/// apart when their spread is more than 19 in 20 draws of equal starts
/// give (`chance_p95`).
fn start_verdict(starts: &[StartRate], spread: f64, chance_p95: f64) -> String {
    let (Some(best), Some(worst)) = (
        starts
            .iter()
            .max_by(|a, b| a.rate.win_rate.total_cmp(&b.rate.win_rate).then(b.node.cmp(&a.node))),
        starts
            .iter()
            .min_by(|a, b| a.rate.win_rate.total_cmp(&b.rate.win_rate).then(a.node.cmp(&b.node))),
    ) else {
        return String::new();
    };
    if spread > chance_p95 {
        format!(
            "Starts differ more than chance gives: start {} wins {} when held, start {} {} (starts dealt round the seats).",
            best.label,
            rate_words(&best.rate),
            worst.label,
            rate_words(&worst.rate)
        )
    } else {
        format!(
            "No start measurably better: starts win {} % to {} % when held, a spread chance alone gives at this many games (starts dealt round the seats).",
            percent(worst.rate.win_rate),
            percent(best.rate.win_rate)
        )
    }
}

impl Report {
    /// The largest gap between two seats' win rates (`1 − balance`).
    pub fn seat_gap(&self) -> f64 {
        self.gap.gap
    }

    /// The report of `outcomes` with `players` seats and these bots, its
    /// starts' figures from `dealt` (games with the starts dealt) and the
    /// board's start `labels` (`(node, label)`).
    pub fn new(outcomes: &[Outcome], dealt: &[Outcome], players: usize, bots: &[String], labels: &[(u32, String)], rng: &Rng) -> Report {
        let games = outcomes.len() as u32;
        let seat_wins = seat_wins(outcomes, players);
        let mut starts: std::collections::BTreeMap<u32, (u32, u32)> = labels.iter().map(|&(node, _)| (node, (0, 0))).collect();
        // Bots by name, in the order first named: one seat's bot is its index in `bots`.
        let mut names: Vec<&String> = Vec::new();
        for name in bots {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        let name_of: Vec<usize> = bots.iter().map(|b| names.iter().position(|n| *n == b).unwrap_or(0)).collect();
        let mut bot_played = vec![0u32; names.len()];
        let mut bot_wins = vec![0u32; names.len()];
        let mut stalls_by_cause = Stalls::default();
        for o in outcomes.iter().filter(|o| o.winner.is_none()) {
            match o.cut_off {
                true => stalls_by_cause.centre_cut_off += 1,
                false => stalls_by_cause.round_cap += 1,
            }
        }
        let stalls = stalls_by_cause.centre_cut_off + stalls_by_cause.round_cap;
        for o in dealt {
            for (s, start) in o.starts.iter().enumerate() {
                if let Some(node) = start {
                    let entry = starts.entry(*node).or_default();
                    entry.0 += 1;
                    entry.1 += u32::from(o.winner == Some(s));
                }
            }
        }
        for o in outcomes {
            for (s, &b) in o.bots.iter().enumerate() {
                let b = name_of.get(b).copied().unwrap_or(0);
                bot_played[b] += 1;
                bot_wins[b] += u32::from(o.winner == Some(s));
            }
        }
        let seats = seat_rates(&seat_wins, games);
        let rates: Vec<f64> = seats.iter().map(|s| s.rate.win_rate).collect();
        let decided = games - stalls;
        let share = f64::from(decided) / f64::from(games.max(1)) / players as f64;
        let starts: Vec<StartRate> = starts
            .into_iter()
            .map(|(node, (held, wins))| StartRate {
                label: labels
                    .iter()
                    .find(|(n, _)| *n == node)
                    .map_or_else(|| format!("node {node}"), |(_, l)| l.clone()),
                node,
                held,
                rate: Rate::new(wins, held),
            })
            .collect();
        let start_rates: Vec<f64> = starts.iter().map(|s| s.rate.win_rate).collect();
        let start_spread = spread(&start_rates);
        let (chance_start_spread, chance_p95) = chance_spread(&starts, rng);
        let rounds: Vec<u32> = outcomes.iter().filter(|o| o.winner.is_some()).map(|o| o.rounds).collect();
        let turns = Turns::of(&rounds);
        let gap = Gap::of(&seat_wins, games);
        let who = match names.as_slice() {
            [one] => format!("{one} bots"),
            _ => "mixed bots".to_string(),
        };
        Report {
            verdict: seat_verdict(&seats, &gap, games, &who),
            start_verdict: start_verdict(&starts, start_spread, chance_p95),
            verdict_holds: verdict_holds(&names),
            gap,
            stalls_by_cause,
            remedies: Vec::new(),
            games,
            players: players as u32,
            bots: bots.to_vec(),
            balance: 1.0 - spread(&rates),
            advantage_p1: rates.first().copied().unwrap_or(0.0) - share,
            seats,
            bot_rates: if names.len() > 1 {
                names
                    .iter()
                    .enumerate()
                    .map(|(b, name)| BotRate {
                        bot: (*name).clone(),
                        played: bot_played[b],
                        rate: Rate::new(bot_wins[b], bot_played[b]),
                    })
                    .collect()
            } else {
                Vec::new()
            },
            stalls,
            chi_square: ChiSquare::of(&seat_wins),
            excess_start_spread: start_spread - chance_start_spread,
            start_spread,
            chance_start_spread,
            starts,
            turns,
        }
    }
}

/// Replicates of equal starts drawn for [`chance_spread`].
const REPLICATES: u64 = 200;

/// The best-minus-worst win rate of starts that all win at the same rate
/// (the pooled one), each held as often as `starts` says: what chance alone
/// spreads them by, its mean and its 95th percentile.
fn chance_spread(starts: &[StartRate], rng: &Rng) -> (f64, f64) {
    let held: u32 = starts.iter().map(|s| s.held).sum();
    if starts.len() < 2 || held == 0 {
        return (0.0, 0.0);
    }
    let pooled = f64::from(starts.iter().map(|s| s.rate.wins).sum::<u32>()) / f64::from(held);
    let mut spreads = Vec::with_capacity(REPLICATES as usize);
    for r in 0..REPLICATES {
        let mut stream = rng.substream(r);
        let (mut lo, mut hi) = (f64::MAX, f64::MIN);
        for s in starts {
            let wins = (0..s.held).filter(|_| stream.chance(pooled)).count();
            let rate = wins as f64 / f64::from(s.held);
            lo = lo.min(rate);
            hi = hi.max(rate);
        }
        spreads.push(hi - lo);
    }
    let mean = spreads.iter().sum::<f64>() / REPLICATES as f64;
    spreads.sort_by(f64::total_cmp);
    (mean, spreads[(REPLICATES as usize * 19).div_ceil(20) - 1])
}
