//! What a series of games says: win rates per seat, per start and per bot
//! with Wilson 95 % intervals, a chi-square test across seats, Balance,
//! the first player's advantage, stalls, game length, and how far the
//! starts' spread lies beyond what chance alone gives.

use serde::Serialize;

use crate::Rng;
use crate::stats::spread;
pub use crate::stats::{ChiSquare, Rate, Turns, upper_gamma, wilson};

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
    /// Per starting node taken in some game, by node id.
    pub starts: Vec<StartRate>,
    /// Per bot, when different bots played.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bot_rates: Vec<BotRate>,
    /// Games no one won within the rounds allowed.
    pub stalls: u32,
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
    /// Game length.
    pub turns: Turns,
}

impl Report {
    /// The largest gap between two seats' win rates (`1 − balance`).
    pub fn seat_gap(&self) -> f64 {
        spread(&self.seats.iter().map(|s| s.rate.win_rate).collect::<Vec<_>>())
    }

    /// The report of `outcomes` with `players` seats and these bots.
    pub fn new(outcomes: &[Outcome], players: usize, bots: &[String], rng: &Rng) -> Report {
        let games = outcomes.len() as u32;
        let mut seat_wins = vec![0u32; players];
        let mut starts: std::collections::BTreeMap<u32, (u32, u32)> = std::collections::BTreeMap::new();
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
        let mut stalls = 0;
        for o in outcomes {
            match o.winner {
                Some(s) => seat_wins[s] += 1,
                None => stalls += 1,
            }
            for (s, start) in o.starts.iter().enumerate() {
                if let Some(node) = start {
                    let entry = starts.entry(*node).or_default();
                    entry.0 += 1;
                    entry.1 += u32::from(o.winner == Some(s));
                }
            }
            for (s, &b) in o.bots.iter().enumerate() {
                let b = name_of.get(b).copied().unwrap_or(0);
                bot_played[b] += 1;
                bot_wins[b] += u32::from(o.winner == Some(s));
            }
        }
        let seats: Vec<SeatRate> = seat_wins
            .iter()
            .enumerate()
            .map(|(s, &w)| SeatRate {
                seat: s as u32 + 1,
                rate: Rate::new(w, games),
            })
            .collect();
        let rates: Vec<f64> = seats.iter().map(|s| s.rate.win_rate).collect();
        let decided = games - stalls;
        let share = f64::from(decided) / f64::from(games.max(1)) / players as f64;
        let starts: Vec<StartRate> = starts
            .into_iter()
            .map(|(node, (held, wins))| StartRate {
                node,
                held,
                rate: Rate::new(wins, held),
            })
            .collect();
        let start_rates: Vec<f64> = starts.iter().map(|s| s.rate.win_rate).collect();
        let start_spread = spread(&start_rates);
        let chance_start_spread = chance_spread(&starts, rng);
        let rounds: Vec<u32> = outcomes.iter().map(|o| o.rounds).collect();
        let turns = Turns::of(&rounds);
        Report {
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

/// The mean best-minus-worst win rate of starts that all win at the same
/// rate (the pooled one), each held as often as `starts` says: what chance
/// alone spreads them by.
fn chance_spread(starts: &[StartRate], rng: &Rng) -> f64 {
    let held: u32 = starts.iter().map(|s| s.held).sum();
    if starts.len() < 2 || held == 0 {
        return 0.0;
    }
    let pooled = f64::from(starts.iter().map(|s| s.rate.wins).sum::<u32>()) / f64::from(held);
    let mut total = 0.0;
    for r in 0..REPLICATES {
        let mut stream = rng.substream(r);
        let (mut lo, mut hi) = (f64::MAX, f64::MIN);
        for s in starts {
            let wins = (0..s.held).filter(|_| stream.chance(pooled)).count();
            let rate = wins as f64 / f64::from(s.held);
            lo = lo.min(rate);
            hi = hi.max(rate);
        }
        total += hi - lo;
    }
    total / REPLICATES as f64
}
