//! What the series of games that bots play share (universe and hexet):
//! Wilson intervals of win rates, a normal interval of a mean, the
//! chi-square test across seats, the spread of a list, game lengths, and
//! [`PlayError`], why a series cannot be played.

use serde::Serialize;

use crate::geom::{exp, ln};

/// Why a board cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError(pub String);

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlayError {}

/// The normal quantile of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval at 95 % of `wins` in `games` (`[0, 1]` for
/// no games).
pub(crate) fn wilson(wins: u32, games: u32) -> [f64; 2] {
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
pub(crate) fn upper_gamma(a: f64, x: f64) -> f64 {
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
    /// `wins` of `games`, with its interval.
    pub fn new(wins: u32, games: u32) -> Rate {
        Rate {
            wins,
            win_rate: if games == 0 { 0.0 } else { f64::from(wins) / f64::from(games) },
            interval: wilson(wins, games),
        }
    }
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

impl ChiSquare {
    /// The seats' `wins` against equal shares of the games won.
    pub fn of(wins: &[u32]) -> ChiSquare {
        let expected = f64::from(wins.iter().sum::<u32>()) / wins.len().max(1) as f64;
        let statistic = if expected > 0.0 {
            wins.iter().map(|&w| (f64::from(w) - expected).powi(2) / expected).sum()
        } else {
            0.0
        };
        let degrees = (wins.len() as u32).saturating_sub(1);
        ChiSquare {
            statistic,
            degrees,
            p_value: upper_gamma(f64::from(degrees) / 2.0, statistic / 2.0),
        }
    }
}

/// Game length in rounds.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Turns {
    /// Mean rounds.
    pub mean: f64,
    /// The 95th percentile.
    pub p95: u32,
}

impl Turns {
    /// The mean and the 95th percentile (nearest rank) of `rounds`, each
    /// game's length.
    pub fn of(rounds: &[u32]) -> Turns {
        let mut sorted = rounds.to_vec();
        sorted.sort_unstable();
        Turns {
            mean: sorted.iter().map(|&r| f64::from(r)).sum::<f64>() / sorted.len().max(1) as f64,
            p95: sorted
                .get(((sorted.len() as f64 * 0.95).ceil() as usize).saturating_sub(1))
                .copied()
                .unwrap_or(0),
        }
    }
}

/// A mean with its 95 % interval.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Mean {
    /// The mean.
    pub mean: f64,
    /// The mean ± 1.96 standard errors (the sample's standard deviation
    /// over the square root of its size), `[low, high]`: the normal
    /// approximation, good from some 30 values on; one value or none gives
    /// `[mean, mean]`.
    pub interval: [f64; 2],
}

impl Mean {
    /// The mean of `values` and its interval (0 and `[0, 0]` for none).
    pub fn of(values: &[f64]) -> Mean {
        let n = values.len() as f64;
        if values.is_empty() {
            return Mean {
                mean: 0.0,
                interval: [0.0, 0.0],
            };
        }
        let mean = values.iter().sum::<f64>() / n;
        let half = if values.len() < 2 {
            0.0
        } else {
            let variance = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
            Z95 * (variance / n).sqrt()
        };
        Mean {
            mean,
            interval: [mean - half, mean + half],
        }
    }
}

/// The best rate minus the worst (0 for none).
pub(crate) fn spread(rates: &[f64]) -> f64 {
    let (lo, hi) = rates.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    if rates.is_empty() { 0.0 } else { hi - lo }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    // The platform's `exp` is the reference here, within 1e-12.
    #[allow(clippy::disallowed_methods)]
    fn wilson_intervals_and_chi_square_tails_match_published_values() {
        let close = |a: f64, b: f64, tol: f64| (a - b).abs() < tol;
        let [lo, hi] = wilson(5, 10);
        assert!(close(lo, 0.2366, 1e-4) && close(hi, 0.7634, 1e-4), "{lo} {hi}");
        let [lo, hi] = wilson(0, 10);
        assert!(lo == 0.0 && close(hi, 0.2775, 1e-4), "{hi}");
        let [lo, hi] = wilson(81, 263);
        assert!(close(lo, 0.2553, 1e-4) && close(hi, 0.3662, 1e-4), "{lo} {hi}");
        // The 95 % critical values of chi-square at 1, 3, 8 and 20 degrees.
        for (df, x) in [(1.0, 3.841_459), (3.0, 7.814_728), (8.0, 15.507_313), (20.0, 31.410_433)] {
            let p = upper_gamma(df / 2.0, x / 2.0);
            assert!(close(p, 0.05, 1e-6), "df {df}: {p}");
        }
        // Two degrees: the tail is e^(−x/2).
        for x in [0.5f64, 2.0, 9.0, 40.0] {
            let p = upper_gamma(1.0, x / 2.0);
            assert!(close(p, (-x / 2.0).exp(), 1e-12), "{x}: {p}");
        }
    }
}
