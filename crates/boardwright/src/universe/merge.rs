//! Step 1, after the relaxation: points left closer than the clearance are
//! merged, the earlier id staying.

use rayon::prelude::*;

use super::Sides;
use crate::geom::Point;
use crate::grid::PointGrid;

/// Merges points that relaxation left closer than `distance` (in practice two
/// points snapped onto the same corner, where both are frozen and nothing can
/// part them): of each such pair the later one goes, `first` (the centre)
/// counting as earliest of all, and a point already gone parts nothing.
/// Returns `first`'s id among the points kept, and which points went.
///
/// Such a pair leaves no planar board (every edge of one passes the other),
/// so without this step the whole board would be made again.
pub fn merge_close(points: &mut Vec<Point>, sides: &mut Vec<Sides>, first: u32, distance: f64, (w, h): (u32, u32)) -> Merged {
    let none = Merged { first, gone: Vec::new() };
    if distance <= 0.0 {
        return none;
    }
    let rank = |id: u32| if id == first { 0 } else { u64::from(id) + 1 };
    let grid = PointGrid::new(points, f64::from(w), f64::from(h), 1.0);
    // (earlier, later) by rank: rare, found in parallel, then settled in order.
    let mut pairs: Vec<(u32, u32)> = (0..points.len() as u32)
        .into_par_iter()
        .flat_map_iter(|a| {
            let p = points[a as usize];
            let grid = &grid;
            let points = &*points;
            grid.within(points, p, distance)
                .filter(move |&b| rank(b) < rank(a) && points[b as usize].dist2(p) < distance * distance)
                .map(move |b| (b, a))
        })
        .collect();
    if pairs.is_empty() {
        return none;
    }
    // By the later point's rank, so that whether the earlier one stays is
    // settled before it decides anything.
    pairs.sort_unstable_by_key(|&(earlier, later)| (rank(later), rank(earlier)));
    let mut gone = vec![false; points.len()];
    for (earlier, later) in pairs {
        if !gone[earlier as usize] {
            gone[later as usize] = true;
        }
    }
    let merged = Merged {
        first: gone[..first as usize].iter().filter(|&&g| !g).count() as u32,
        gone,
    };
    merged.apply(points);
    merged.apply(sides);
    merged
}

/// What [`merge_close`] did.
pub struct Merged {
    /// `first`'s id among the points kept.
    pub first: u32,
    /// By the ids before the merge, the points that went; empty when none did.
    pub gone: Vec<bool>,
}

impl Merged {
    /// Drops from `items`, one per point before the merge, those of the
    /// points that went: what is left is by the ids after the merge.
    pub fn apply<T>(&self, items: &mut Vec<T>) {
        if self.gone.is_empty() {
            return;
        }
        let mut id = 0;
        items.retain(|_| {
            id += 1;
            !self.gone[id - 1]
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Rng;
    use crate::universe::Side;

    /// Against a plain reading of the rule: in rank order (the first point,
    /// then ids), a point goes when it lies closer than the distance to a
    /// point that stays; the sides go with their points.
    #[test]
    fn merging_keeps_the_earlier_of_close_points() {
        let mut rng = Rng::new(7, 3);
        for case in 0..200 {
            let (w, h) = (6u32, 4u32);
            let n = rng.range_inclusive(2, 40) as usize;
            let mut points: Vec<Point> = (0..n)
                .map(|_| Point::new(rng.uniform(0.0, f64::from(w)), rng.uniform(0.0, f64::from(h))))
                .collect();
            // Stacked points, as two snapped onto one corner.
            for _ in 0..rng.range_inclusive(0, 3) {
                let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
                points[b] = points[a];
            }
            let mut sides: Vec<Sides> = (0..n)
                .map(|i| {
                    let mut s = Sides::default();
                    if i % 3 == 0 {
                        s.insert(Side::Left);
                    }
                    s
                })
                .collect();
            let first = rng.below(n as u64) as u32;
            let distance = 0.4;
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by_key(|&i| (i != first as usize, i));
            let mut kept: Vec<usize> = Vec::new();
            for &i in &order {
                if kept.iter().all(|&k| points[k].dist(points[i]) >= distance) {
                    kept.push(i);
                }
            }
            kept.sort_unstable();
            let expected: Vec<(Point, Sides)> = kept.iter().map(|&i| (points[i], sides[i])).collect();
            let new_first = merge_close(&mut points, &mut sides, first, distance, (w, h)).first;
            let got: Vec<(Point, Sides)> = points.iter().copied().zip(sides.iter().copied()).collect();
            assert_eq!(got, expected, "case {case}");
            let was = kept.iter().position(|&i| i == first as usize).expect("the first point stays");
            assert_eq!(new_first as usize, was, "case {case}");
        }
    }
}
