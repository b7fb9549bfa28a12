//! The original universe generator's spanning tree: Prim's algorithm whose
//! search for the next pair goes through a grid of unit cells.
//!
//! # The rule
//!
//! A point's cell is `(floor(x), floor(y))`; two points are `k` cells apart
//! when their cells are `k` apart along the farther axis. From the first
//! point, Prim's algorithm grows the tree one pair at a time: it looks at the
//! pairs (tree point, point outside) at most `r` cells apart, `r` from 1 up
//! until some pair is allowed (not both ends blocked), and takes the shortest
//! of those. A shorter pair farther out in cells is not seen while a pair
//! within one cell is, so the tree is not the exact minimum spanning tree.
//!
//! # Computed as Kruskal's algorithm
//!
//! Give each pair the key (`max(1, cells apart)`, length, ids). The pairs the
//! search sees at its smallest `r` are exactly those whose first key part is
//! the least over the cut, so each step takes the least key across the cut:
//! Prim's algorithm under that order, a strict one (ties by the pair's ids,
//! lower ends first). Its tree is the one minimum spanning tree under that
//! order, whatever the start, and Kruskal's algorithm finds it too. Round 1
//! takes the pairs at most one cell apart, sorted by length; round `k > 1`
//! the pairs exactly `k` cells apart, from the points outside the largest
//! component only (a pair inside it joins nothing). The rounds stop when the
//! tree spans, or past the grid, with a forest for the caller to refuse.
//!
//! # Work
//!
//! Round 1 looks at the nine cells around each point; on boards, whose points
//! relaxation spreads about one a cell, a few points are left for the later
//! rounds, each of which looks at a ring of `8k` cells around them.

use rayon::prelude::*;

use crate::geom::Point;
use crate::graph::UnionFind;
use crate::grid::{CHUNK, PointGrid};

/// The original's spanning tree of `points` (lying in `[0, size.0] ×
/// [0, size.1]`), two `blocked` points never joined: `[a, b]` pairs with
/// `a < b`, in the order taken. It has `n − 1` edges unless the allowed pairs
/// cannot join every point.
pub fn grid_prim(points: &[Point], blocked: &[bool], size: (f64, f64)) -> Vec<[u32; 2]> {
    let n = points.len();
    let mut tree = Vec::with_capacity(n.saturating_sub(1));
    if n < 2 {
        return tree;
    }
    let grid = PointGrid::new(points, size.0, size.1, 1.0);
    let (cols, rows) = grid.dims();
    let mut sets = UnionFind::new(n);
    let mut component: Vec<u32> = (0..n as u32).collect();
    let mut largest = u32::MAX;
    let mut seekers: Vec<u32> = (0..n as u32).collect();
    for round in 1..=cols.max(rows) {
        let rings = if round == 1 { 0..=1 } else { round..=round };
        let look = |seekers: &[u32]| {
            let mut pairs = Vec::new();
            for &a in seekers {
                let (p, mine) = (points[a as usize], component[a as usize]);
                for b in rings.clone().flat_map(|r| ring(&grid, grid.coords(p), r)) {
                    let theirs = component[b as usize];
                    // A pair of two seekers is taken from its lower end.
                    if theirs != mine && (a < b || theirs == largest) && !(blocked[a as usize] && blocked[b as usize]) {
                        pairs.push((points[b as usize].dist2(p).to_bits(), a.min(b), a.max(b)));
                    }
                }
            }
            pairs
        };
        // Squared lengths are not negative: their bits sort like the numbers.
        let mut pairs: Vec<(u64, u32, u32)> = seekers.par_chunks(CHUNK).flat_map_iter(look).collect();
        pairs.par_sort_unstable();
        for (_, a, b) in pairs {
            if sets.union(a, b) {
                tree.push([a, b]);
            }
        }
        if tree.len() + 1 == n {
            break;
        }
        component = (0..n as u32).map(|v| sets.find(v)).collect();
        largest = (0..n as u32)
            .filter(|&v| component[v as usize] == v)
            .max_by_key(|&v| sets.set_size(v))
            .unwrap_or(u32::MAX);
        seekers = (0..n as u32).filter(|&v| component[v as usize] != largest).collect();
    }
    tree
}

/// The points in the cells exactly `r` cells from the cell `(cx, cy)`
/// (`r = 0`: that cell), by column.
fn ring(grid: &PointGrid, (cx, cy): (usize, usize), r: usize) -> impl Iterator<Item = u32> + '_ {
    let (cols, rows) = grid.dims();
    let (y0, y1) = (cy.saturating_sub(r), (cy + r).min(rows - 1));
    (cx.saturating_sub(r)..=(cx + r).min(cols - 1)).flat_map(move |x| {
        // The ring's two sides are whole columns; between them, its top and
        // bottom cells, where the grid has them.
        let spans = if x + r == cx || x == cx + r {
            [Some((y0, y1)), None]
        } else {
            [cy.checked_sub(r).map(|y| (y, y)), (cy + r < rows).then_some((cy + r, cy + r))]
        };
        spans
            .into_iter()
            .flatten()
            .flat_map(move |(a, b)| grid.order()[grid.column_range(x, a, b)].iter().copied())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Rng;

    /// The rule as told, step by step: from point 0, the shortest allowed
    /// pair (tree point, point outside) within `r` cells, `r` from 1 up;
    /// ties by the pair's ids. A forest when nothing allowed is left.
    fn literal(points: &[Point], blocked: &[bool], size: (f64, f64)) -> Vec<[u32; 2]> {
        let n = points.len();
        let cell = |p: Point| (p.x.floor() as i64, p.y.floor() as i64);
        let apart = |a: usize, b: usize| {
            let (ca, cb) = (cell(points[a]), cell(points[b]));
            (ca.0 - cb.0).abs().max((ca.1 - cb.1).abs())
        };
        let mut visited = vec![false; n];
        visited[0] = true;
        let mut tree = Vec::new();
        for _ in 1..n {
            let mut r = 1;
            let best = loop {
                let mut best: Option<(f64, usize, usize)> = None;
                for p in (0..n).filter(|&p| visited[p]) {
                    for q in (0..n).filter(|&q| !visited[q] && apart(p, q) <= r && !(blocked[p] && blocked[q])) {
                        let key = (points[p].dist2(points[q]), p.min(q), p.max(q));
                        if best.is_none_or(|b| key.0.total_cmp(&b.0).then((key.1, key.2).cmp(&(b.1, b.2))).is_lt()) {
                            best = Some(key);
                        }
                    }
                }
                if best.is_some() || r > (size.0 + size.1) as i64 {
                    break best;
                }
                r += 1;
            };
            let Some((_, a, b)) = best else { break };
            visited[a] = true;
            visited[b] = true;
            tree.push([a as u32, b as u32]);
        }
        tree.sort_unstable();
        tree
    }

    fn sorted(mut tree: Vec<[u32; 2]>) -> Vec<[u32; 2]> {
        tree.sort_unstable();
        tree
    }

    /// Random sets, some crowded, some with wide holes (rounds past 1), some
    /// with many blocked points (on the border, or anywhere): the same tree
    /// as the rule followed step by step.
    #[test]
    fn the_tree_is_the_step_by_step_rule() {
        let mut rng = Rng::new(31, 7);
        let mut later_rounds = 0;
        for case in 0..300 {
            let (w, h) = (rng.range_inclusive(1, 8) as f64, rng.range_inclusive(1, 6) as f64);
            let n = rng.range_inclusive(2, 40) as usize;
            let holes = case % 3 == 0;
            let points: Vec<Point> = (0..n)
                .map(|_| {
                    // With holes: points only in the first and last columns.
                    let x = match (holes, rng.below(2)) {
                        (true, 0) => rng.uniform(0.0, 1.0),
                        (true, _) => rng.uniform(w - 1.0, w),
                        (false, _) => rng.uniform(0.0, w),
                    };
                    let y = rng.uniform(0.0, h);
                    // Some on the border, as snapping puts them.
                    match rng.below(6) {
                        0 => Point::new(0.0, y),
                        1 => Point::new(w, y),
                        2 => Point::new(x, 0.0),
                        _ => Point::new(x, y),
                    }
                })
                .collect();
            let blocked: Vec<bool> = points
                .iter()
                .map(|p| {
                    if case % 4 == 1 {
                        rng.below(3) == 0
                    } else {
                        p.x == 0.0 || p.x == w || p.y == 0.0 || p.y == h
                    }
                })
                .collect();
            let want = literal(&points, &blocked, (w, h));
            let got = grid_prim(&points, &blocked, (w, h));
            assert_eq!(got.len(), want.len(), "case {case}");
            assert_eq!(sorted(got.clone()), want, "case {case}");
            let cell = |v: u32| (points[v as usize].x.floor(), points[v as usize].y.floor());
            later_rounds += usize::from(got.iter().any(|&[a, b]| {
                let ((ax, ay), (bx, by)) = (cell(a), cell(b));
                (ax - bx).abs().max((ay - by).abs()) > 1.0
            }));
        }
        assert!(later_rounds > 10, "pairs two or more cells apart: {later_rounds} cases");
    }

    /// The search has no bound: a point eight cells from the rest is still
    /// joined. Border points alone have no allowed pair: no edge, in
    /// bounded time.
    #[test]
    fn far_points_are_joined_and_border_points_alone_are_not() {
        let points = [
            Point::new(0.0, 0.0),
            Point::new(0.0, 3.0),
            Point::new(9.0, 6.0),
            Point::new(0.5, 2.5),
        ];
        let tree = grid_prim(&points, &[true, true, true, false], (9.0, 6.0));
        assert_eq!(sorted(tree), vec![[0, 3], [1, 3], [2, 3]]);
        assert!(grid_prim(&points, &[true; 4], (9.0, 6.0)).is_empty());
        assert!(grid_prim(&points[..1], &[false], (9.0, 6.0)).is_empty());
    }
}
