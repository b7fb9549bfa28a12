//! Figures of one metric over one set's boards: its spread and the boards
//! farthest from its median.
//!
//! Over the boards that have the metric:
//! - `mean`: the sum in seed order over the count;
//! - `min`, `p5`, `p50`, `p95`, `max`: nearest-rank percentiles of the sorted
//!   values (the `⌈p·n/100⌉`-th smallest);
//! - `worst`: the [`WORST`] boards farthest from the median (ties: the lower
//!   seed index first), boards at the median left out.

/// Worst seeds kept per metric and set.
pub const WORST: usize = 5;

/// Figures of one metric over one set's boards.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Boards with the metric.
    pub count: u64,
    /// Mean.
    pub mean: f64,
    /// Smallest.
    pub min: f64,
    /// 5th percentile.
    pub p5: f64,
    /// Median.
    pub p50: f64,
    /// 95th percentile.
    pub p95: f64,
    /// Largest.
    pub max: f64,
    /// Boards farthest from the median: (index, value).
    pub worst: Vec<(u64, f64)>,
}

impl Stats {
    /// The figures of `values` ((index, value) in seed order); `None` when empty.
    pub fn of(values: &[(u64, f64)]) -> Option<Stats> {
        let n = values.len();
        if n == 0 {
            return None;
        }
        let mut sorted: Vec<f64> = values.iter().map(|&(_, v)| v).collect();
        let mean = sorted.iter().sum::<f64>() / n as f64;
        sorted.sort_unstable_by(f64::total_cmp);
        let rank = |p: usize| sorted[(p * n).div_ceil(100).max(1) - 1];
        let p50 = rank(50);
        // The farthest from the median, earlier seeds first among equals: one
        // pass keeping the WORST best so far, sorted.
        let farther = |a: &(u64, f64), b: &(u64, f64)| (b.1 - p50).abs().total_cmp(&(a.1 - p50).abs()).then(a.0.cmp(&b.0));
        let mut far: Vec<(u64, f64)> = Vec::with_capacity(WORST + 1);
        for &value in values.iter().filter(|&&(_, v)| v != p50) {
            if far.len() == WORST && farther(&value, &far[WORST - 1]).is_ge() {
                continue;
            }
            let at = far.partition_point(|x| farther(x, &value).is_lt());
            far.insert(at, value);
            far.truncate(WORST);
        }
        Some(Stats {
            count: n as u64,
            mean,
            min: sorted[0],
            p5: rank(5),
            p50,
            p95: rank(95),
            max: sorted[n - 1],
            worst: far,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles_and_worst_by_distance_from_the_median() {
        let values: Vec<(u64, f64)> = (1..=20).map(|i| (i, i as f64)).collect();
        let s = Stats::of(&values).unwrap();
        assert_eq!(
            (s.count, s.mean, s.min, s.p5, s.p50, s.p95, s.max),
            (20, 10.5, 1.0, 1.0, 10.0, 19.0, 20.0)
        );
        assert_eq!(s.worst, vec![(20, 20.0), (1, 1.0), (19, 19.0), (2, 2.0), (18, 18.0)]);
        let flat = Stats::of(&[(1, 3.0), (2, 3.0)]).unwrap();
        assert!(flat.worst.is_empty());
        assert_eq!(Stats::of(&[]), None);
    }
}
