//! What a series of games says: win rates per seat, per start and per bot
//! with Wilson 95 % intervals, a chi-square test across seats, Balance,
//! the first player's advantage, stalls, game length, and how far the
//! starts' spread lies beyond what chance alone gives.

use serde::Serialize;

use crate::Rng;
use crate::geom::{exp, ln};

/// The normal quantile of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval at 95 % of `wins` in `games` (`[0, 1]` for
/// no games).
pub fn wilson(wins: u32, games: u32) -> [f64; 2] {
    if games == 0 {
        return [0.0, 1.0];
    }
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The regularised upper incomplete gamma function `Q(a, x)`: the
/// chance that a chi-square variable of `2a` degrees of freedom exceeds
/// `2x`. Series below `a + 1`, continued fraction above.
pub fn upper_gamma(a: f64, x: f64) -> f64 {
    if x <= 0.0 || a < 0.5 {
        return 1.0;
    }
    let log_prefix = a * ln(x) - x - ln_gamma(a);
    if x < a + 1.0 {
        let (mut term, mut sum, mut k) = (1.0 / a, 1.0 / a, a);
        for _ in 0..1000 {
            k += 1.0;
            term *= x / k;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        (1.0 - sum * exp(log_prefix)).clamp(0.0, 1.0)
    } else {
        // Lentz's method for the continued fraction.
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -f64::from(i) * (f64::from(i) - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let step = d * c;
            h *= step;
            if (step - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (exp(log_prefix) * h).clamp(0.0, 1.0)
    }
}

/// `ln Γ(x)` for `x ≥ 1/2` (Lanczos, g = 7, error below 1e-13).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x - 1.0;
    let mut sum = G[0];
    for (i, &g) in G.iter().enumerate().skip(1) {
        sum += g / (x + i as f64);
    }
    let t = x + 7.5;
    0.5 * ln(2.0 * std::f64::consts::PI) + (x + 0.5) * ln(t) - t + ln(sum)
}

/// A win rate with its interval.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Rate {
    /// Games won.
    pub wins: u32,
    /// Won over played.
    pub win_rate: f64,
    /// The Wilson 95 % interval of the win rate, `[low, high]`.
    pub interval: [f64; 2],
}

impl Rate {
    fn new(wins: u32, games: u32) -> Rate {
        Rate {
            wins,
            win_rate: if games == 0 { 0.0 } else { f64::from(wins) / f64::from(games) },
            interval: wilson(wins, games),
        }
    }
}

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

/// A chi-square test of the seats' wins against equal shares.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ChiSquare {
    /// The statistic.
    pub statistic: f64,
    /// Degrees of freedom (seats − 1).
    pub degrees: u32,
    /// The chance of a statistic this large were the seats equal.
    pub p_value: f64,
}

/// Game length in rounds.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Turns {
    /// Mean rounds.
    pub mean: f64,
    /// The 95th percentile.
    pub p95: u32,
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
        let expected = f64::from(decided) / players as f64;
        let statistic = if expected > 0.0 {
            seat_wins.iter().map(|&w| (f64::from(w) - expected).powi(2) / expected).sum()
        } else {
            0.0
        };
        let degrees = players as u32 - 1;
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
        let mut rounds: Vec<u32> = outcomes.iter().map(|o| o.rounds).collect();
        rounds.sort_unstable();
        let turns = Turns {
            mean: rounds.iter().map(|&r| f64::from(r)).sum::<f64>() / f64::from(games.max(1)),
            p95: rounds
                .get(((rounds.len() as f64 * 0.95).ceil() as usize).saturating_sub(1))
                .copied()
                .unwrap_or(0),
        };
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
            chi_square: ChiSquare {
                statistic,
                degrees,
                p_value: upper_gamma(f64::from(degrees) / 2.0, statistic / 2.0),
            },
            excess_start_spread: start_spread - chance_start_spread,
            start_spread,
            chance_start_spread,
            starts,
            turns,
        }
    }
}

/// The best rate minus the worst (0 for none).
fn spread(rates: &[f64]) -> f64 {
    let (lo, hi) = rates.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    if rates.is_empty() { 0.0 } else { hi - lo }
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
