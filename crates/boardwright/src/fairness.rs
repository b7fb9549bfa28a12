//! What "fair" means for each generator, as data: targets over many boards'
//! metrics, which `boardwright analyze` measures and reports with a pass or
//! fail mark.
//!
//! A target names metrics as `analyze` flattens a result's `metrics`:
//! nested ones `outer.inner`, list entries by index (`quadrant_nodes.2`),
//! map entries by key (`side_mean_hops.left`), a list of texts by its length
//! (`shortfalls`). In a group, `*` stands for one such part: every index or
//! key there is (`quadrant_nodes.*`, `shares.*.cauldron_cells`).
//!
//! A generator's list is [`Generator::FAIRNESS`](crate::Generator::FAIRNESS);
//! the same targets hold at every player count and size, for the default
//! parameters (the starship walks are the default `supply_walk`'s 12 and 16
//! steps; a set that asks for other walks is measured against these).

use std::fmt;

/// One statement about a generator's boards, over many seeds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// What is measured, in plain words ("nodes per quadrant of the centre").
    pub figure: &'static str,
    /// The check the measured value must pass.
    pub check: Check,
}

/// How a target is measured over the boards, and the bound the measured
/// value must stay within (the value passes when it is at most the bound).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Check {
    /// A statistic of one metric over the boards that have it, at most `bound`.
    AtMost {
        /// The metric.
        metric: &'static str,
        /// Which statistic.
        statistic: Statistic,
        /// The largest value allowed.
        bound: f64,
    },
    /// The means of a group of metrics (a name with one `*`) within `bound`
    /// of each other: the value is the largest mean minus the smallest. A
    /// group of one member is within any bound of itself.
    MeansWithin {
        /// The group, `*` standing for the index or key.
        metrics: &'static str,
        /// The largest difference allowed.
        bound: f64,
    },
    /// Pairs of metrics, one pair per index or key of `metrics` (a name with
    /// one `*`): each one's mean within `bound` of its partner's in
    /// `against` (the same name pattern), so `shares.0.cauldron_cells`
    /// against `shares.0.cauldron_share`. The value is the largest
    /// difference of a pair.
    PairedMeansWithin {
        /// The metrics measured, `*` standing for the index or key.
        metrics: &'static str,
        /// What each is measured against, with its `*` at the same place.
        against: &'static str,
        /// The largest difference allowed.
        bound: f64,
    },
    /// The share of the boards having `metric` on which it is above `above`,
    /// at most `bound`: a fraction, 0.001 for 0.1 %.
    ShareAbove {
        /// The metric.
        metric: &'static str,
        /// A board counts when its value is greater than this.
        above: f64,
        /// The largest share of boards allowed (0 to 1).
        bound: f64,
    },
}

/// A statistic of one metric over many boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Statistic {
    /// The mean.
    Mean,
    /// The 95th percentile (nearest rank).
    P95,
    /// The largest value.
    Max,
    /// The 95th percentile over the median: how far the long tail reaches.
    P95OverMedian,
}

impl Check {
    /// The bound the measured value must stay within.
    pub fn bound(&self) -> f64 {
        match *self {
            Check::AtMost { bound, .. }
            | Check::MeansWithin { bound, .. }
            | Check::PairedMeansWithin { bound, .. }
            | Check::ShareAbove { bound, .. } => bound,
        }
    }

    /// The metric (or group) the check is about.
    pub fn metric(&self) -> &'static str {
        match *self {
            Check::AtMost { metric, .. } | Check::ShareAbove { metric, .. } => metric,
            Check::MeansWithin { metrics, .. } | Check::PairedMeansWithin { metrics, .. } => metrics,
        }
    }

    /// Whether the measured value is a share of boards (a fraction, shown as a percentage).
    pub fn is_share(&self) -> bool {
        matches!(self, Check::ShareAbove { .. })
    }
}

impl fmt::Display for Statistic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Statistic::Mean => "mean",
            Statistic::P95 => "p95",
            Statistic::Max => "max",
            Statistic::P95OverMedian => "p95 / median",
        })
    }
}

/// The check in words, ASCII only: "mean of quadrant_node_spread at most 4".
impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Check::AtMost { metric, statistic, bound } => write!(f, "{statistic} of {metric} at most {bound}"),
            Check::MeansWithin { metrics, bound } => write!(f, "means of {metrics} within {bound} of each other"),
            Check::PairedMeansWithin { metrics, against, bound } => {
                write!(f, "mean of each {metrics} within {bound} of the mean of its {against}")
            }
            Check::ShareAbove { metric, above, bound } => {
                write!(f, "{metric} above {above} on at most {} % of boards", bound * 100.0)
            }
        }
    }
}

const fn at_most(figure: &'static str, metric: &'static str, statistic: Statistic, bound: f64) -> Target {
    Target {
        figure,
        check: Check::AtMost { metric, statistic, bound },
    }
}

/// A second whole-board attempt on at most one board in 1,000.
const RARE_RETRIES: Target = Target {
    figure: "boards that needed a second attempt",
    check: Check::ShareAbove {
        metric: "attempts",
        above: 1.0,
        bound: 0.001,
    },
};

/// Universe boards, every player count.
pub(crate) const UNIVERSE: &[Target] = &[
    Target {
        figure: "nodes per quadrant of the centre, quadrant against quadrant",
        check: Check::MeansWithin {
            metrics: "quadrant_nodes.*",
            bound: 1.0,
        },
    },
    at_most("most minus fewest nodes per quadrant", "quadrant_node_spread", Statistic::Mean, 4.0),
    at_most("most minus fewest nodes per quadrant", "quadrant_node_spread", Statistic::P95, 8.0),
    at_most(
        "most minus fewest mission hops to the centre",
        "mission_hop_spread",
        Statistic::Mean,
        1.2,
    ),
    at_most(
        "most minus fewest mission hops to the centre",
        "mission_hop_spread",
        Statistic::P95,
        2.0,
    ),
    at_most(
        "most minus fewest mission hops to the centre",
        "mission_hop_spread",
        Statistic::Max,
        3.0,
    ),
    Target {
        figure: "mean mission hops to the centre, side against side",
        check: Check::MeansWithin {
            metrics: "side_mean_hops.*",
            bound: 0.5,
        },
    },
    at_most("node types outside their bounds", "types_outside_bounds", Statistic::Max, 0.0),
    RARE_RETRIES,
    // Measured only when boards are played (`analyze universe --play N`).
    Target {
        figure: "win rate by seat in greedy games, seat against seat",
        check: Check::MeansWithin {
            metrics: "play.seats.*.win_rate",
            bound: 0.02,
        },
    },
    at_most(
        "spread of the starts' win rates beyond chance, in greedy games",
        "play.excess_start_spread",
        Statistic::Mean,
        0.01,
    ),
];

/// Witches boards, every player count.
pub(crate) const WITCHES: &[Target] = &[
    Target {
        figure: "each player's cauldron cells against their share of the 32",
        check: Check::PairedMeansWithin {
            metrics: "shares.*.cauldron_cells",
            against: "shares.*.cauldron_share",
            bound: 0.3,
        },
    },
    at_most(
        "largest gap between a player's cauldron cells and their share",
        "cauldron_share_gap",
        Statistic::Max,
        2.0,
    ),
    at_most(
        "most minus fewest cauldron cells among players",
        "cauldron_cells_spread",
        Statistic::P95,
        2.0,
    ),
    at_most(
        "most minus fewest cauldron cells among players",
        "cauldron_cells_spread",
        Statistic::Max,
        4.0,
    ),
    at_most(
        "players with nowhere of their own to brew a whole recipe",
        "players_without_recipe_room",
        Statistic::Max,
        0.0,
    ),
    at_most("gardens larger than the edition allows", "gardens_over_cap", Statistic::Max, 0.0),
    at_most(
        "potions the simple strategy needs, the long tail against the middle",
        "recipe.strategy_potions",
        Statistic::P95OverMedian,
        2.0,
    ),
    at_most(
        "potions the search strategy needs (analyze --play), the long tail against the middle",
        "recipe.search_potions",
        Statistic::P95OverMedian,
        2.0,
    ),
    at_most(
        "recipes on which the simple strategy gives up",
        "recipe.strategy_potions",
        Statistic::Max,
        199.0,
    ),
    RARE_RETRIES,
];

/// Starship, every size.
pub(crate) const STARSHIP: &[Target] = &[
    Target {
        figure: "ships with parts their stages could not place",
        check: Check::ShareAbove {
            metric: "shortfalls",
            above: 0.0,
            bound: 0.01,
        },
    },
    at_most(
        "longest walk from a weapon to its nearest ammo supply",
        "longest_weapon_to_ammo_walk",
        Statistic::Max,
        12.0,
    ),
    at_most(
        "longest walk from a thruster to its nearest power",
        "longest_thruster_to_power_walk",
        Statistic::Max,
        16.0,
    ),
];

/// Hexet: every player scores every city type, so no type should cost
/// everyone many more roads than another (the exact Steiner cost of each).
pub(crate) const HEXET: &[Target] = &[
    at_most(
        "most minus fewest roads joining a city type's cities and the tower",
        "city_type_road_spread",
        Statistic::Mean,
        2.0,
    ),
    at_most(
        "most minus fewest roads joining a city type's cities and the tower",
        "city_type_road_spread",
        Statistic::P95,
        4.0,
    ),
    // Measured only when maps are played (`analyze hexet --play N`).
    Target {
        figure: "mean score by seat in greedy games, seat against seat",
        check: Check::MeansWithin {
            metrics: "play.seats.*.score",
            bound: 0.25,
        },
    },
    Target {
        figure: "win rate by seat in greedy games, seat against seat",
        check: Check::MeansWithin {
            metrics: "play.seats.*.win_rate",
            bound: 0.02,
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every group names one `*`, and a pair's two names put it at the same place.
    #[test]
    fn groups_have_one_wildcard_and_pairs_line_up() {
        for target in UNIVERSE.iter().chain(WITCHES).chain(STARSHIP).chain(HEXET) {
            let stars = |name: &str| name.split('.').filter(|s| *s == "*").count();
            match target.check {
                Check::AtMost { metric, .. } | Check::ShareAbove { metric, .. } => assert_eq!(stars(metric), 0, "{metric}"),
                Check::MeansWithin { metrics, .. } => assert_eq!(stars(metrics), 1, "{metrics}"),
                Check::PairedMeansWithin { metrics, against, .. } => {
                    assert_eq!(stars(metrics), 1, "{metrics}");
                    let at = |name: &str| name.split('.').position(|s| s == "*");
                    assert_eq!(at(metrics), at(against), "{metrics} against {against}");
                }
            }
            let share = matches!(target.check, Check::ShareAbove { .. });
            assert!(!share || (0.0..=1.0).contains(&target.check.bound()), "a share is a fraction");
        }
    }

    #[test]
    fn checks_read_as_words() {
        assert_eq!(UNIVERSE[1].check.to_string(), "mean of quadrant_node_spread at most 4");
        assert_eq!(RARE_RETRIES.check.to_string(), "attempts above 1 on at most 0.1 % of boards");
        assert_eq!(UNIVERSE[0].check.to_string(), "means of quadrant_nodes.* within 1 of each other");
    }
}
