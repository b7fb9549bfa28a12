//! Step 1: points on a jittered grid, pushed apart by relaxation, snapped onto
//! the paper's sides.
//!
//! Each iteration buckets the points into unit cells (a counting sort, so the
//! points of a cell sit together in memory), computes every velocity from the
//! 3 × 3 cells around the point, then moves all points at once. Only
//! neighbours closer than the equilibrium distance 1 push, so the 3 × 3 cells
//! hold every neighbour that matters (the original scans ±3 cells, whose extra
//! points add nothing). Velocities are computed in parallel, each point alone,
//! so the result does not depend on the number of threads.

use std::ops::Range;

use rayon::prelude::*;

use crate::geom::Point;
use crate::grid::PointGrid;
use crate::seed::Rng;

/// Distance under which neighbours push each other apart.
const EQUILIBRIUM: f64 = 1.0;
/// A point closer than this to a paper side is snapped onto it.
pub const SNAP: f64 = 0.15;
/// Cell columns per parallel work unit.
const COLUMNS_PER_TASK: usize = 16;

/// An invisible repulsor that makes holes.
#[derive(Clone, Copy, Debug)]
pub struct Obstacle {
    /// Centre.
    pub at: Point,
    /// Equilibrium distance.
    pub radius: f64,
}

/// Which paper sides a point has been snapped onto.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sides {
    /// On the left side (x = 0).
    pub left: bool,
    /// On the top side (y = 0).
    pub top: bool,
    /// On the right side (x = width).
    pub right: bool,
    /// On the bottom side (y = height).
    pub bottom: bool,
}

impl Sides {
    /// Whether the point is on any side.
    pub fn any(self) -> bool {
        self.left || self.top || self.right || self.bottom
    }
}

/// Points one per grid intersection of `[0, w] × [0, h]`, column by column,
/// each jittered by up to half a unit and clamped to the paper.
pub fn jittered_grid(w: u32, h: u32, rng: &mut Rng) -> Vec<Point> {
    let mut points = Vec::with_capacity((w as usize + 1) * (h as usize + 1));
    for x in 0..=w {
        for y in 0..=h {
            let px = f64::from(x) - 0.5 + rng.unit();
            let py = f64::from(y) - 0.5 + rng.unit();
            points.push(Point::new(px.clamp(0.0, f64::from(w)), py.clamp(0.0, f64::from(h))));
        }
    }
    points
}

/// `count` obstacles, uniform on the paper, radius 0.2–0.6.
pub fn obstacles(w: u32, h: u32, count: u32, rng: &mut Rng) -> Vec<Obstacle> {
    (0..count)
        .map(|_| {
            let at = Point::new(rng.uniform(0.0, f64::from(w)), rng.uniform(0.0, f64::from(h)));
            Obstacle {
                at,
                radius: 0.2 + 0.4 * rng.unit(),
            }
        })
        .collect()
}

/// Relaxes `points` in place for `iterations` steps and returns which sides
/// each point ended up snapped onto.
pub fn relax(points: &mut [Point], obstacles: &[Obstacle], w: u32, h: u32, iterations: u32) -> Vec<Sides> {
    let (wf, hf) = (f64::from(w), f64::from(h));
    let mut sides = vec![Sides::default(); points.len()];
    let mut velocity = vec![Point::default(); points.len()];
    let mut grid = PointGrid::new(points, wf, hf, EQUILIBRIUM);
    let mut sorted: Vec<Point> = Vec::with_capacity(points.len());
    let mut sorted_velocity = vec![Point::default(); points.len()];
    for i in 0..iterations {
        let step = 2.0 / (f64::from(i) + 1.0);
        if i > 0 {
            grid.rebuild(points);
        }
        sorted.clear();
        sorted.extend(grid.order().iter().map(|&id| points[id as usize]));
        // Work units of whole cell columns, each writing the velocities of its
        // points (a contiguous run in grid order) into its own slice.
        let (cols, rows) = grid.dims();
        let mut tasks: Vec<(Range<usize>, &mut [Point])> = Vec::with_capacity(cols / COLUMNS_PER_TASK + 1);
        let mut rest: &mut [Point] = &mut sorted_velocity;
        let mut done = 0;
        for first in (0..cols).step_by(COLUMNS_PER_TASK) {
            let columns = first..(first + COLUMNS_PER_TASK).min(cols);
            let end = grid.column_range(columns.end - 1, 0, rows - 1).end;
            let (mine, tail) = std::mem::take(&mut rest).split_at_mut(end - done);
            tasks.push((columns, mine));
            rest = tail;
            done = end;
        }
        tasks
            .into_par_iter()
            .for_each(|(columns, out)| column_velocities(&grid, &sorted, obstacles, columns, out));
        for (&id, v) in grid.order().iter().zip(&sorted_velocity) {
            velocity[id as usize] = *v;
        }
        for ((p, v), s) in points.iter_mut().zip(&velocity).zip(sides.iter_mut()) {
            let vx = if s.left || s.right { 0.0 } else { v.x };
            let vy = if s.top || s.bottom { 0.0 } else { v.y };
            p.x = (p.x + vx * step).clamp(0.0, wf);
            p.y = (p.y + vy * step).clamp(0.0, hf);
            snap(p, s, wf, hf);
        }
    }
    sides
}

/// Writes into `out` the velocities of the points in cell columns `columns`,
/// in grid order. The 3 × 3 neighbourhood of a cell is three column ranges,
/// found once per cell.
fn column_velocities(grid: &PointGrid, sorted: &[Point], obstacles: &[Obstacle], columns: Range<usize>, out: &mut [Point]) {
    let (cols, rows) = grid.dims();
    // Only obstacles that reach these columns can push (the others add zero).
    let (lo, hi) = (columns.start as f64 - 1.0, columns.end as f64 + 1.0);
    let obstacles: Vec<Obstacle> = obstacles
        .iter()
        .copied()
        .filter(|o| o.at.x + o.radius >= lo && o.at.x - o.radius <= hi)
        .collect();
    let mut slots = out.iter_mut();
    for cx in columns {
        for cy in 0..rows {
            let own = grid.column_range(cx, cy, cy);
            if own.is_empty() {
                continue;
            }
            let (y0, y1) = (cy.saturating_sub(1), (cy + 1).min(rows - 1));
            let near =
                [cx.checked_sub(1), Some(cx), Some(cx + 1).filter(|&x| x < cols)].map(|x| x.map_or(0..0, |x| grid.column_range(x, y0, y1)));
            for &p in &sorted[own] {
                let mut vel = Point::default();
                for range in near.iter().cloned() {
                    for &q in &sorted[range] {
                        push(&mut vel, p, q.x, q.y, EQUILIBRIUM);
                    }
                }
                for o in &obstacles {
                    push(&mut vel, p, o.at.x, o.at.y, o.radius);
                }
                if let Some(slot) = slots.next() {
                    *slot = vel;
                }
            }
        }
    }
}

/// Adds the push of a neighbour at `(qx, qy)` on `p`: along `p − q`, scaled by
/// how far inside the equilibrium distance it is, and nothing from farther
/// away. Written without branches (most candidates sit near the equilibrium
/// distance, so a branch would be mispredicted often); a point's own entry has
/// a zero difference vector and adds nothing.
#[inline]
fn push(vel: &mut Point, p: Point, qx: f64, qy: f64, equilibrium: f64) {
    let (dx, dy) = (p.x - qx, p.y - qy);
    let force = (equilibrium - (dx * dx + dy * dy).sqrt()).max(0.0);
    vel.x += dx * force;
    vel.y += dy * force;
}

/// Snaps `p` onto any side closer than [`SNAP`] and marks it there for good.
fn snap(p: &mut Point, s: &mut Sides, w: f64, h: f64) {
    if !(s.left || s.right) {
        if p.x < SNAP {
            p.x = 0.0;
            s.left = true;
        } else if p.x > w - SNAP {
            p.x = w;
            s.right = true;
        }
    }
    if !(s.top || s.bottom) {
        if p.y < SNAP {
            p.y = 0.0;
            s.top = true;
        } else if p.y > h - SNAP {
            p.y = h;
            s.bottom = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_counts_follow_the_table() {
        let mut rng = Rng::new(1, 1);
        for (w, h, n) in [(10, 7, 88), (11, 7, 96), (12, 8, 117), (13, 9, 140)] {
            assert_eq!(jittered_grid(w, h, &mut rng).len(), n);
        }
    }

    #[test]
    fn relaxation_spreads_points_and_snaps_borders() {
        let mut rng = Rng::new(2, 2);
        let mut points = jittered_grid(10, 7, &mut rng);
        let before = min_gap(&points);
        let sides = relax(&mut points, &[], 10, 7, 60);
        assert!(min_gap(&points) > before.max(0.5), "{} -> {}", before, min_gap(&points));
        for (p, s) in points.iter().zip(&sides) {
            assert_eq!(s.left, p.x == 0.0);
            assert_eq!(s.right, p.x == 10.0);
            assert_eq!(s.top, p.y == 0.0);
            assert_eq!(s.bottom, p.y == 7.0);
            if !s.any() {
                assert!(p.x >= SNAP && p.x <= 10.0 - SNAP && p.y >= SNAP && p.y <= 7.0 - SNAP);
            }
        }
    }

    #[test]
    fn relaxation_does_not_depend_on_thread_count() {
        let mut rng = Rng::new(3, 3);
        let start = jittered_grid(120, 84, &mut rng);
        let obstacles = obstacles(120, 84, 5, &mut rng);
        let run = |threads: usize| {
            let mut points = start.clone();
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| relax(&mut points, &obstacles, 120, 84, 10));
            points
        };
        assert_eq!(run(1), run(2));
    }

    fn min_gap(points: &[Point]) -> f64 {
        let mut best = f64::INFINITY;
        for (i, a) in points.iter().enumerate() {
            for b in &points[i + 1..] {
                best = best.min(a.dist(*b));
            }
        }
        best
    }
}
