//! The fairness section of a report: each of the generator's targets
//! ([`boardwright::fairness`]) measured on one parameter set's figures,
//! met, not met, or without data.
//!
//! The measured value, per kind of check:
//! - a statistic of one metric: that statistic, as the report gives it;
//! - a group (`quadrant_nodes.*`): the largest of the members' means minus
//!   the smallest (0 for a group of one);
//! - pairs (`shares.*.cauldron_cells` against `shares.*.cauldron_share`):
//!   the largest difference between a member's mean and its partner's;
//! - a share: the boards whose value is above the threshold over the boards
//!   that have the metric (a failed board has no metrics; failures are
//!   counted apart).
//!
//! A target is met when the value is at most its bound. It has no data when
//! the run lacks what it names (a metric no board has, a group without
//! members, a member without its partner): a dictionary without that node
//! type, or a generator older than the target. That is neither met nor
//! failed, and said so.

use boardwright::fairness::{Check, Statistic, Target};

use super::summary::Stats;

/// A target measured on one parameter set.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The target.
    pub target: Target,
    /// The measured value; `None`: no data.
    pub value: Option<f64>,
}

/// Whether a target is met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The value is at most the bound.
    Pass,
    /// The value is above the bound.
    Fail,
    /// Nothing to measure: the run lacks a metric the target names.
    NoData,
}

impl Mark {
    /// `pass`, `fail` or `no data`, as the JSON and the CSV say it.
    pub fn word(self) -> &'static str {
        match self {
            Mark::Pass => "pass",
            Mark::Fail => "fail",
            Mark::NoData => "no data",
        }
    }
}

impl Verdict {
    /// Met, not met, or nothing measured.
    pub fn mark(&self) -> Mark {
        match self.value {
            None => Mark::NoData,
            Some(v) if v <= self.target.check.bound() => Mark::Pass,
            Some(_) => Mark::Fail,
        }
    }

    /// The measured value for people: a share as a percentage ("0.05 %"),
    /// others with at most three decimals; "no data" without one.
    pub fn value_text(&self) -> String {
        match self.value {
            None => "no data".to_string(),
            Some(v) if self.target.check.is_share() => format!("{} %", decimals(v * 100.0, 3)),
            Some(v) => decimals(v, 3),
        }
    }
}

/// `v` with at most `places` decimals, trailing zeros dropped.
pub fn decimals(v: f64, places: usize) -> String {
    let text = format!("{v:.places$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    if text == "-0" { "0".to_string() } else { text.to_string() }
}

/// Each target measured on one set: `columns` the report's metric names,
/// `stats` and `values` the set's figures and per-board values by column.
pub fn evaluate(targets: &[Target], columns: &[String], stats: &[Option<Stats>], values: &[Vec<Option<f64>>]) -> Vec<Verdict> {
    let column = |name: &str| columns.iter().position(|c| c == name);
    let stats_of = |name: &str| column(name).and_then(|c| stats[c].as_ref());
    targets
        .iter()
        .map(|&target| {
            let value = match target.check {
                Check::AtMost { metric, statistic, .. } => stats_of(metric).map(|s| match statistic {
                    Statistic::Mean => s.mean,
                    Statistic::P95 => s.p95,
                    Statistic::Max => s.max,
                    Statistic::P95OverMedian => s.p95 / s.p50,
                }),
                Check::MeansWithin { metrics, .. } => {
                    let means: Vec<f64> = columns
                        .iter()
                        .zip(stats)
                        .filter(|(name, _)| key(metrics, name).is_some())
                        .filter_map(|(_, s)| s.as_ref().map(|s| s.mean))
                        .collect();
                    let lo = means.iter().copied().fold(f64::INFINITY, f64::min);
                    let hi = means.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    (!means.is_empty()).then_some(hi - lo)
                }
                Check::PairedMeansWithin { metrics, against, .. } => {
                    let gaps: Option<Vec<f64>> = columns
                        .iter()
                        .zip(stats)
                        .filter_map(|(name, s)| Some((key(metrics, name)?, s.as_ref()?)))
                        .map(|(k, s)| stats_of(&against.replacen('*', k, 1)).map(|partner| (s.mean - partner.mean).abs()))
                        .collect();
                    gaps.filter(|g| !g.is_empty()).map(|g| g.into_iter().fold(0.0, f64::max))
                }
                Check::ShareAbove { metric, above, .. } => column(metric).and_then(|c| {
                    let present = values[c].iter().flatten();
                    let (boards, over) = present.fold((0u64, 0u64), |(n, k), &v| (n + 1, k + u64::from(v > above)));
                    (boards > 0).then(|| over as f64 / boards as f64)
                }),
            };
            Verdict { target, value }
        })
        .collect()
}

/// What `pattern`'s `*` stands for in `name`, when `name` is one of the
/// group: the same parts, one of them any (`quadrant_nodes.*` and
/// `quadrant_nodes.2`: `2`).
pub fn key<'a>(pattern: &str, name: &'a str) -> Option<&'a str> {
    let mut parts = name.split('.');
    let mut found = None;
    for want in pattern.split('.') {
        let part = parts.next()?;
        if want == "*" {
            found = Some(part);
        } else if want != part {
            return None;
        }
    }
    if parts.next().is_some() {
        return None;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run's figures made by hand: per metric, its values on each board.
    struct Figures {
        columns: Vec<String>,
        values: Vec<Vec<Option<f64>>>,
        stats: Vec<Option<Stats>>,
    }

    fn figures(metrics: &[(&str, &[f64])]) -> Figures {
        let columns = metrics.iter().map(|(n, _)| n.to_string()).collect();
        let values: Vec<Vec<Option<f64>>> = metrics.iter().map(|(_, v)| v.iter().map(|&v| Some(v)).collect()).collect();
        let stats = values
            .iter()
            .map(|column| {
                let present: Vec<(u64, f64)> = column.iter().enumerate().filter_map(|(i, v)| Some((i as u64 + 1, (*v)?))).collect();
                Stats::of(&present)
            })
            .collect();
        Figures { columns, values, stats }
    }

    fn check(f: &Figures, check: Check) -> Verdict {
        let target = Target { figure: "test", check };
        let verdicts = evaluate(&[target], &f.columns, &f.stats, &f.values);
        verdicts[0].clone()
    }

    fn at_most(metric: &'static str, statistic: Statistic, bound: f64) -> Check {
        Check::AtMost { metric, statistic, bound }
    }

    #[test]
    fn a_statistic_at_most_its_bound() {
        // Twenty boards 1..=20: mean 10.5, p95 19, max 20.
        let ramp: Vec<f64> = (1..=20).map(f64::from).collect();
        let f = figures(&[("spread", &ramp)]);
        let v = check(&f, at_most("spread", Statistic::Mean, 10.5));
        assert_eq!((v.value, v.mark()), (Some(10.5), Mark::Pass), "the bound itself passes");
        assert_eq!(check(&f, at_most("spread", Statistic::Mean, 10.4)).mark(), Mark::Fail);
        assert_eq!(check(&f, at_most("spread", Statistic::P95, 19.0)).value, Some(19.0));
        assert_eq!(check(&f, at_most("spread", Statistic::P95, 18.0)).mark(), Mark::Fail);
        let max = check(&f, at_most("spread", Statistic::Max, 20.0));
        assert_eq!((max.value, max.mark()), (Some(20.0), Mark::Pass));
        assert_eq!(check(&f, at_most("spread", Statistic::Max, 19.5)).mark(), Mark::Fail);
        let missing = check(&f, at_most("other", Statistic::Max, 1.0));
        assert_eq!((missing.value, missing.mark()), (None, Mark::NoData));
    }

    #[test]
    fn a_group_of_means_within_a_bound_of_each_other() {
        let f = figures(&[
            ("q.0", &[19.0, 19.0]),
            ("q.1", &[19.0, 20.0]),
            ("q.2", &[24.0, 25.0]),
            ("q.2.x", &[100.0, 100.0]),
            ("qq.0", &[-100.0, -100.0]),
            ("lone.left", &[3.0, 4.0]),
        ]);
        let group = |metrics, bound| check(&f, Check::MeansWithin { metrics, bound });
        // Means 19, 19.5, 24.5: 5.5 apart; deeper or other names are no members.
        assert_eq!(group("q.*", 5.5).value, Some(5.5));
        assert_eq!(group("q.*", 5.5).mark(), Mark::Pass);
        assert_eq!(group("q.*", 5.0).mark(), Mark::Fail);
        let lone = group("lone.*", 0.0);
        assert_eq!((lone.value, lone.mark()), (Some(0.0), Mark::Pass), "a group of one");
        assert_eq!(group("none.*", 1.0).mark(), Mark::NoData);
    }

    #[test]
    fn pairs_of_means_each_within_a_bound() {
        let f = figures(&[
            ("shares.0.cells", &[9.0, 10.0]),
            ("shares.0.share", &[10.0, 10.0]),
            ("shares.1.cells", &[6.0, 6.0]),
            ("shares.1.share", &[6.0, 6.0]),
        ]);
        let pairs = |metrics, against, bound| check(&f, Check::PairedMeansWithin { metrics, against, bound });
        // Player 0: 9.5 against 10; player 1: 6 against 6.
        assert_eq!(pairs("shares.*.cells", "shares.*.share", 0.5).value, Some(0.5));
        assert_eq!(pairs("shares.*.cells", "shares.*.share", 0.5).mark(), Mark::Pass);
        assert_eq!(pairs("shares.*.cells", "shares.*.share", 0.3).mark(), Mark::Fail);
        // Without the partners (a generator older than the target): no data.
        assert_eq!(pairs("shares.*.cells", "shares.*.fair", 9.0).mark(), Mark::NoData);
        assert_eq!(pairs("players.*.cells", "players.*.share", 9.0).mark(), Mark::NoData);
        // A partner missing for one member: no data either, not a partial verdict.
        let partial = figures(&[("s.0.a", &[1.0]), ("s.0.b", &[1.0]), ("s.1.a", &[5.0])]);
        let v = check(
            &partial,
            Check::PairedMeansWithin {
                metrics: "s.*.a",
                against: "s.*.b",
                bound: 9.0,
            },
        );
        assert_eq!(v.mark(), Mark::NoData);
    }

    #[test]
    fn a_share_of_boards_above_a_value() {
        // 1 of 1000 boards needed a second attempt; a failed board (None) is not counted.
        let mut attempts = vec![1.0; 1000];
        attempts[500] = 2.0;
        let mut f = figures(&[("attempts", &attempts)]);
        f.values[0].push(None);
        let share = |above, bound| {
            check(
                &f,
                Check::ShareAbove {
                    metric: "attempts",
                    above,
                    bound,
                },
            )
        };
        assert_eq!(share(1.0, 0.001).value, Some(0.001));
        assert_eq!(share(1.0, 0.001).mark(), Mark::Pass);
        assert_eq!(share(1.0, 0.0009).mark(), Mark::Fail);
        assert_eq!(share(2.0, 0.0).value, Some(0.0), "above, not at");
        assert_eq!(share(0.0, 0.5).value, Some(1.0));
        assert_eq!(share(1.0, 0.001).value_text(), "0.1 %");
        // A metric no board has.
        let none = check(
            &f,
            Check::ShareAbove {
                metric: "retries",
                above: 0.0,
                bound: 1.0,
            },
        );
        assert_eq!((none.mark(), none.value_text().as_str()), (Mark::NoData, "no data"));
    }

    #[test]
    fn group_members_by_their_wildcard() {
        assert_eq!(key("shares.*.cells", "shares.12.cells"), Some("12"));
        assert_eq!(key("side.*", "side.left"), Some("left"));
        assert_eq!(key("side.*", "side.left.x"), None);
        assert_eq!(key("side.*", "side"), None);
        assert_eq!(key("shares.*.cells", "shares.1.cells_front"), None);
        assert_eq!(key("nodes", "nodes"), None, "no wildcard, no group");
        assert_eq!(decimals(1.16666, 3), "1.167");
        assert_eq!(decimals(4.0, 3), "4");
        assert_eq!(decimals(-0.0001, 3), "0");
    }
}
