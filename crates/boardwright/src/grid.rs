//! A uniform bucket grid over points, for neighbourhood queries without an
//! all-pairs scan.
//!
//! The grid is built in one counting sort: `order` lists point ids cell by
//! cell and `start[c]..start[c + 1]` is cell `c`'s slice of it. Points of one
//! cell are contiguous in memory, so a neighbourhood scan reads a few short
//! runs. Cells are numbered column by column, the order the boards are laid.
//!
//! [`IdLists`] holds one list of ids per point (neighbours found through the
//! grid, say), built in parallel.
//!
//! # Complexity
//! Building is O(n + cells); a query of radius r visits O((r / cell + 1)²) cells.

use std::ops::Range;

use rayon::prelude::*;

use crate::geom::Point;

/// Points from which [`PointGrid::rebuild`] works in parallel.
const PARALLEL_FROM: usize = 16_384;

/// Points bucketed into square cells.
#[derive(Clone, Debug)]
pub struct PointGrid {
    cell: f64,
    cols: usize,
    rows: usize,
    start: Vec<u32>,
    order: Vec<u32>,
    /// Scratch for [`PointGrid::rebuild`]: each point's cell.
    cell_of_point: Vec<u32>,
}

impl PointGrid {
    /// Buckets `points`, which lie in `[0, width] × [0, height]`, into cells of
    /// side `cell`.
    pub fn new(points: &[Point], width: f64, height: f64, cell: f64) -> PointGrid {
        let cols = (width / cell).floor() as usize + 1;
        let rows = (height / cell).floor() as usize + 1;
        let mut grid = PointGrid {
            cell,
            cols,
            rows,
            start: Vec::new(),
            order: Vec::new(),
            cell_of_point: Vec::new(),
        };
        grid.rebuild(points);
        grid
    }

    /// Buckets `points` again (they moved), reusing the grid's memory.
    ///
    /// The cells are cut into runs of whole columns, one per thread, bucketed
    /// in parallel: each run counts and places only its own points, scanning
    /// the points' cells in id order, so every cell lists its points by
    /// ascending id however many runs there are.
    pub fn rebuild(&mut self, points: &[Point]) {
        // Small grids are bucketed on the calling thread: one run, no tasks.
        let parallel = points.len() >= PARALLEL_FROM;
        let cells = self.cols * self.rows;
        let mut cell = std::mem::take(&mut self.cell_of_point);
        cell.clear();
        let cell_of = |p: &Point| self.cell_of(*p) as u32;
        if parallel {
            cell.par_extend(points.par_iter().map(cell_of));
        } else {
            cell.extend(points.iter().map(cell_of));
        }
        self.start.clear();
        self.start.resize(cells + 1, 0);
        self.order.resize(points.len(), 0);
        let runs = if parallel { rayon::current_num_threads() } else { 1 };
        let run_cells = self.cols.div_ceil(runs).max(1) * self.rows;
        // Counts: cell `c` counted in `start[c + 1]`, each run in its own slice.
        let count = |(r, counts): (usize, &mut [u32])| {
            let first = r * run_cells;
            for &c in &cell {
                if let Some(n) = (c as usize).checked_sub(first).and_then(|k| counts.get_mut(k)) {
                    *n += 1;
                }
            }
        };
        if parallel {
            self.start[1..].par_chunks_mut(run_cells).enumerate().for_each(count);
        } else {
            self.start[1..].chunks_mut(run_cells).enumerate().for_each(count);
        }
        for c in 0..cells {
            self.start[c + 1] += self.start[c];
        }
        // Each run's points fill the part of `order` its cells own.
        let mut parts = Vec::new();
        let mut rest = self.order.as_mut_slice();
        for first in (0..cells).step_by(run_cells) {
            let last = (first + run_cells).min(cells);
            let len = (self.start[last] - self.start[first]) as usize;
            let (part, tail) = rest.split_at_mut(len);
            parts.push((first, last, part));
            rest = tail;
        }
        let start = &self.start;
        let place = |(first, last, part): (usize, usize, &mut [u32])| {
            let base = start[first];
            let mut next: Vec<u32> = start[first..last].iter().map(|&s| s - base).collect();
            for (i, &c) in cell.iter().enumerate() {
                if let Some(slot) = (c as usize).checked_sub(first).and_then(|k| next.get_mut(k)) {
                    part[*slot as usize] = i as u32;
                    *slot += 1;
                }
            }
        };
        if parallel {
            parts.into_par_iter().for_each(place);
        } else {
            parts.into_iter().for_each(place);
        }
        self.cell_of_point = cell;
    }

    /// The cell index of `p` (points outside the grid land in the border cells).
    pub fn cell_of(&self, p: Point) -> usize {
        let (cx, cy) = self.coords(p);
        cx * self.rows + cy
    }

    /// The column and row of `p`'s cell (clamped onto the grid like [`PointGrid::cell_of`]).
    pub fn coords(&self, p: Point) -> (usize, usize) {
        // `as usize` truncates towards zero and saturates negatives to 0, which
        // is `floor` for the coordinates that matter, without a libm call.
        let cx = ((p.x / self.cell) as usize).min(self.cols - 1);
        let cy = ((p.y / self.cell) as usize).min(self.rows - 1);
        (cx, cy)
    }

    /// Columns and rows of cells.
    pub fn dims(&self) -> (usize, usize) {
        (self.cols, self.rows)
    }

    /// The side of a cell.
    pub fn cell(&self) -> f64 {
        self.cell
    }

    /// The range of [`PointGrid::order`] holding cells `y0..=y1` of column `x`.
    pub fn column_range(&self, x: usize, y0: usize, y1: usize) -> Range<usize> {
        self.start[x * self.rows + y0] as usize..self.start[x * self.rows + y1 + 1] as usize
    }

    /// Point ids cell by cell (see the module docs).
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// Index ranges into [`PointGrid::order`] covering the cells within
    /// `reach` cells of `p`'s cell (one range per column of cells).
    pub fn ranges_around(&self, p: Point, reach: usize) -> impl Iterator<Item = Range<usize>> + '_ {
        let (cx, cy) = self.coords(p);
        let (x0, x1) = (cx.saturating_sub(reach), (cx + reach).min(self.cols - 1));
        let (y0, y1) = (cy.saturating_sub(reach), (cy + reach).min(self.rows - 1));
        // Cells of one column are consecutive: one range per column.
        (x0..=x1).map(move |x| self.column_range(x, y0, y1))
    }

    /// The ids of the points in the cells that meet the box from `lo` to
    /// `hi`: every point in the box, and some near it.
    pub fn in_box(&self, lo: Point, hi: Point) -> impl Iterator<Item = u32> + '_ {
        let ((x0, y0), (x1, y1)) = (self.coords(lo), self.coords(hi));
        (x0..=x1).flat_map(move |x| self.order[self.column_range(x, y0, y1)].iter().copied())
    }

    /// The ids of the points in cells within `reach` cells of `p`'s cell.
    pub fn around(&self, p: Point, reach: usize) -> impl Iterator<Item = u32> + '_ {
        self.ranges_around(p, reach).flat_map(|r| self.order[r].iter().copied())
    }

    /// Every point id within distance `radius` of `p` (unordered by distance),
    /// from the cells that meet the square around the circle.
    pub fn within<'a>(&'a self, points: &'a [Point], p: Point, radius: f64) -> impl Iterator<Item = u32> + 'a {
        let r2 = radius * radius;
        self.in_box(Point::new(p.x - radius, p.y - radius), Point::new(p.x + radius, p.y + radius))
            .filter(move |&i| points[i as usize].dist2(p) <= r2)
    }
}

/// Items per chunk of [`IdLists`], the unit of parallel work.
pub const CHUNK: usize = 4096;

/// One list of ids per item `0..n`: item `i`'s list is in chunk `i / CHUNK`,
/// so the chunks are built in parallel, each in its own memory.
#[derive(Default)]
pub struct IdLists {
    chunks: Vec<IdChunk>,
}

/// The lists of one chunk's items.
#[derive(Default)]
pub struct IdChunk {
    start: Vec<u32>,
    ids: Vec<u32>,
}

impl IdChunk {
    /// Fills the chunk with the lists of `items`, in its own memory:
    /// `fill(i, ids)` appends item `i`'s list to `ids` (which holds the
    /// lists before it and must be left so).
    pub fn fill(&mut self, items: Range<usize>, mut fill: impl FnMut(usize, &mut Vec<u32>)) {
        self.start.clear();
        self.ids.clear();
        self.start.push(0);
        for i in items {
            fill(i, &mut self.ids);
            self.start.push(self.ids.len() as u32);
        }
    }

    /// How many items the chunk holds.
    pub fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// The list of the chunk's item `k`.
    pub fn of(&self, k: usize) -> &[u32] {
        &self.ids[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

impl IdLists {
    /// The lists of items `0..n`, in the memory of `old`: `fill(i, ids)`
    /// appends item `i`'s list to `ids` (which holds the chunk's lists before
    /// it and must be left so).
    pub fn build(n: usize, old: IdLists, fill: impl Fn(usize, &mut Vec<u32>) + Sync) -> IdLists {
        let mut chunks = old.chunks;
        chunks.resize_with(n.div_ceil(CHUNK), IdChunk::default);
        chunks
            .par_iter_mut()
            .enumerate()
            .for_each(|(c, chunk)| chunk.fill(c * CHUNK..n.min((c + 1) * CHUNK), &fill));
        IdLists { chunks }
    }

    /// The list of item `i`.
    pub fn of(&self, i: usize) -> &[u32] {
        self.chunks[i / CHUNK].of(i % CHUNK)
    }

    /// The lists of items `c * CHUNK..`.
    pub fn chunk(&self, c: usize) -> &IdChunk {
        &self.chunks[c]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Rng;

    /// 500 points scattered over a 20 × 10 paper, and their grid.
    fn scattered(rng: &mut Rng) -> (Vec<Point>, PointGrid) {
        let points: Vec<Point> = (0..500)
            .map(|_| Point::new(rng.uniform(0.0, 20.0), rng.uniform(0.0, 10.0)))
            .collect();
        let grid = PointGrid::new(&points, 20.0, 10.0, 1.0);
        (points, grid)
    }

    #[test]
    fn boxes_hold_every_point_inside() {
        let mut rng = Rng::new(6, 6);
        let (points, grid) = scattered(&mut rng);
        for _ in 0..200 {
            let (a, b) = (
                Point::new(rng.uniform(-1.0, 21.0), rng.uniform(-1.0, 11.0)),
                Point::new(rng.uniform(-1.0, 21.0), rng.uniform(-1.0, 11.0)),
            );
            let (lo, hi) = (Point::new(a.x.min(b.x), a.y.min(b.y)), Point::new(a.x.max(b.x), a.y.max(b.y)));
            let found: Vec<u32> = grid.in_box(lo, hi).collect();
            for (i, p) in points.iter().enumerate() {
                if (lo.x..=hi.x).contains(&p.x) && (lo.y..=hi.y).contains(&p.y) {
                    assert!(found.contains(&(i as u32)));
                }
            }
        }
    }

    #[test]
    fn cells_list_their_points_by_id_whatever_the_thread_count() {
        let mut rng = Rng::new(7, 7);
        // Enough points for the parallel runs; some off the paper too: they
        // land in the border cells.
        let points: Vec<Point> = (0..PARALLEL_FROM + 3000)
            .map(|_| Point::new(rng.uniform(-2.0, 42.0), rng.uniform(-2.0, 22.0)))
            .collect();
        let mut want: Vec<Vec<u32>> = Vec::new();
        for threads in [1, 2, 3, 8] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let grid = pool.install(|| PointGrid::new(&points, 40.0, 20.0, 1.5));
            let (cols, rows) = (grid.cols, grid.rows);
            let cells: Vec<Vec<u32>> = (0..cols)
                .flat_map(|x| (0..rows).map(move |y| (x, y)))
                .map(|(x, y)| grid.order()[grid.column_range(x, y, y)].to_vec())
                .collect();
            if want.is_empty() {
                // The reference: every point in its cell, by ascending id.
                want = vec![Vec::new(); cols * rows];
                for (i, p) in points.iter().enumerate() {
                    want[grid.cell_of(*p)].push(i as u32);
                }
            }
            assert_eq!(cells, want, "{threads} threads");
        }
    }

    #[test]
    fn within_matches_a_scan() {
        let mut rng = Rng::new(5, 5);
        // Some points off the paper too: they land in the border cells.
        let points: Vec<Point> = (0..600)
            .map(|_| Point::new(rng.uniform(-1.5, 21.5), rng.uniform(-1.5, 11.5)))
            .collect();
        let grid = PointGrid::new(&points, 20.0, 10.0, 1.0);
        let mut queries: Vec<Point> = points.iter().take(50).copied().collect();
        queries.extend((0..150).map(|_| Point::new(rng.uniform(-1.0, 21.0), rng.uniform(-1.0, 11.0))));
        // On cell corners and sides.
        queries.extend((0..40).map(|i| Point::new(f64::from(i % 21), f64::from(i % 11) * 0.5)));
        for q in queries {
            for radius in [0.25, 0.5, 1.0, 1.7, 2.0, 2.5] {
                let mut got: Vec<u32> = grid.within(&points, q, radius).collect();
                got.sort_unstable();
                let want: Vec<u32> = (0..points.len() as u32)
                    .filter(|&i| points[i as usize].dist2(q) <= radius * radius)
                    .collect();
                assert_eq!(got, want, "around {q:?}, radius {radius}");
            }
        }
    }
}
