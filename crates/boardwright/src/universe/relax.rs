//! Step 1: points on a jittered grid, pushed apart by relaxation, snapped onto
//! the paper's sides.
//!
//! Each iteration, every point is pushed by the points closer than the
//! equilibrium distance 1 (the original scans ±3 grid cells, whose farther
//! points add nothing) and by the obstacles, and then all points move at once.
//! The pushes on a point are added in ascending id order, then the obstacles'
//! in order: that defines every bit of the result, whatever the thread count
//! and however neighbours are found.
//!
//! Neighbours come from Verlet lists: each point's list holds the points that
//! were within `1 + SKIN` of it when the lists were built, from a grid index of
//! the positions then (the anchors). A pair closer than 1 now is in the lists
//! while neither point has moved `SKIN / 2` from its anchor. The few points
//! that have (movers) are patched each iteration: their neighbours are found
//! through the anchor grid, which is still close enough for every other point,
//! and they are added to the lists that miss them. When movers are many, the
//! lists are built again; while most points move far at every step (the first
//! few), they hold only the pairs that push and are built every step, and
//! then never written down: the step gathers each point's list from the grid
//! as it goes.
//!
//! Per iteration at a million points that is one pass over the lists (about
//! six neighbours a point) instead of rebucketing every point and scanning
//! nine cells; the test below checks every tuning against an all-pairs run.
//! Each parallel chunk sums its points' pushes in id order (down each column:
//! the three columns a point's neighbours lie in stream through the cache),
//! and then moves them in a second pass: two short loops whose iterations the
//! processor overlaps better than one long one (about 10% faster). Two
//! neighbours share one vector square root (about 6% faster). The
//! first step, from the jittered grid, needs no lists at all: a point's
//! pushing neighbours are among the eight around it on the grid.

use rayon::prelude::*;
use wide::f64x2;

use crate::Stop;
use crate::geom::Point;
use crate::grid::{CHUNK, IdLists, PointGrid};
use crate::seed::Rng;

use super::{Side, Sides};

/// Distance under which neighbours push each other apart.
const EQUILIBRIUM: f64 = 1.0;
/// A point closer than this to a paper side is snapped onto it.
pub const SNAP: f64 = 0.15;
/// How far beyond `EQUILIBRIUM` the neighbour lists reach.
const SKIN: f64 = 0.4;
/// The lists are built again when more than one point in this many is a mover.
const REBUILD_SHARE: usize = 32;
/// Points from which the lists reach [`LARGE_SKIN`] and are built again past
/// one mover in [`LARGE_REBUILD_SHARE`]. A step over this many points reads
/// memory far past the cache, and the longer lists cost it little, while
/// patching a mover costs about a microsecond: on a million points the
/// relaxation takes 0.78 s instead of 0.85 s, its movers falling from
/// thousands an iteration to tens; on ten thousand, where the step is
/// computation, the longer lists would make it a sixth slower
/// (`examples/steps` on 2 cores).
const LARGE_FROM: usize = 1 << 18;
/// [`SKIN`] of boards from [`LARGE_FROM`] points.
const LARGE_SKIN: f64 = 0.6;
/// [`REBUILD_SHARE`] of boards from [`LARGE_FROM`] points.
const LARGE_REBUILD_SHARE: usize = 128;

/// An invisible repulsor that makes holes.
#[derive(Clone, Copy, Debug)]
pub struct Obstacle {
    /// Centre.
    pub at: Point,
    /// Equilibrium distance.
    pub radius: f64,
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

/// Where a caller watching the relaxation receives the points: `every` k
/// iterations, `snapshot(iteration, points)` is called after iterations k,
/// 2k, … before the last one (`every` 0: never), with the number of
/// iterations done. The points after the last iteration are the caller's to
/// show, once [`merge_close`](super::merge::merge_close) has run on them.
pub struct Watch<'a> {
    /// Iterations between snapshots; 0 for none.
    pub every: u32,
    /// Receives the iterations done and the points then.
    pub snapshot: &'a mut dyn FnMut(u32, &[Point]),
}

impl Watch<'_> {
    /// Calls the snapshot if `done` iterations of `iterations` call for one.
    fn after(&mut self, done: u32, iterations: u32, points: &[Point]) {
        // The last snapshot, the nodes' positions, is the caller's to send
        // once close points are merged.
        if done < iterations && done.is_multiple_of(self.every) {
            (self.snapshot)(done, points);
        }
    }
}

/// Relaxes `points` in place for `iterations` steps and returns which sides
/// each point ended up snapped onto; a `watch` receives the points between
/// iterations (without one, nothing is copied or called). A `stop` that is
/// set ends the iterations early (the caller then throws the points away).
pub fn relax(
    points: &mut [Point],
    obstacles: &[Obstacle],
    (w, h): (u32, u32),
    iterations: u32,
    watch: Option<Watch<'_>>,
    stop: Option<&Stop>,
) -> Vec<Sides> {
    let tuning = if points.len() >= LARGE_FROM {
        (LARGE_SKIN, LARGE_REBUILD_SHARE)
    } else {
        (SKIN, REBUILD_SHARE)
    };
    relax_tuned(points, obstacles, (w, h), iterations, tuning, watch, stop)
}

/// [`relax`] with neighbour lists reaching `skin` beyond the equilibrium
/// distance, built again when more than one point in `rebuild_share` is a
/// mover. Any tuning gives the same result, only at a different speed.
fn relax_tuned(
    points: &mut [Point],
    obstacles: &[Obstacle],
    (w, h): (u32, u32),
    iterations: u32,
    (skin, rebuild_share): (f64, usize),
    mut watch: Option<Watch<'_>>,
    stop: Option<&Stop>,
) -> Vec<Sides> {
    let n = points.len();
    let size = (f64::from(w), f64::from(h));
    let mut sides = vec![Sides::default(); n];
    // The steps go back and forth between the caller's points and one more
    // buffer: no copy in, and none out after an even number of steps.
    let mut spare = vec![Point::default(); n];
    let (mut current, mut next): (&mut [Point], &mut [Point]) = (points, &mut spare);
    let mut steps = 0;
    let mut built: Option<Lists> = None;
    let mut movers: Vec<u32> = Vec::new();
    let mut is_mover = vec![false; n];
    let mut pushed = Vec::new();
    let rows = h as usize + 1;
    let obstacles = Columns::new(obstacles, w);
    for i in 0..iterations {
        if stop.is_some_and(Stop::stopped) {
            break;
        }
        let lists = if i == 0 && on_layout(current, rows, w as usize + 1) {
            None
        } else {
            Some(&*match built.as_mut() {
                // Lists without skin serve one step: every point is past them.
                Some(lists) if !lists.scanned() && movers.len() <= n / rebuild_share => lists,
                _ => {
                    // While most points move far every step, lists of the pushing
                    // pairs alone, built every step, cost less than long-lived ones.
                    // (`next` holds the points before the last step.)
                    let fast = if i == 0 { n } else { moved_more(next, current, skin / 2.0) };
                    let reach = if fast > n / rebuild_share { 0.0 } else { skin };
                    movers.clear();
                    let old = built.take();
                    built.insert(Lists::build(current, size, reach, old))
                }
            })
        };
        for &m in &movers {
            is_mover[m as usize] = true;
        }
        let patch = lists.map_or_else(Vec::new, |lists| lists.patch(current, &movers, &is_mover));
        let step = Step {
            points: current,
            lists,
            patch: &patch,
            is_mover: &is_mover,
            obstacles: &obstacles,
            step: 2.0 / (f64::from(i) + 1.0),
            size,
            rows,
        };
        // One chunk is stepped in place: a parallel loop would only cost.
        let found: Vec<Vec<u32>> = if n <= CHUNK {
            vec![step.chunk(0, next, &mut sides, &mut pushed)]
        } else {
            next.par_chunks_mut(CHUNK)
                .zip(sides.par_chunks_mut(CHUNK))
                .enumerate()
                .map_init(Vec::new, |pushed, (c, (out, sides))| step.chunk(c * CHUNK, out, sides, pushed))
                .collect()
        };
        for &m in &movers {
            is_mover[m as usize] = false;
        }
        movers = found.concat();
        std::mem::swap(&mut current, &mut next);
        steps += 1;
        if let Some(watch) = watch.as_mut() {
            watch.after(i + 1, iterations, current);
        }
    }
    if iterations == 0
        && let Some(watch) = watch.as_mut()
    {
        watch.after(0, 0, current);
    }
    if steps % 2 == 1 {
        next.copy_from_slice(current);
    }
    sides
}

/// Verlet lists: each point's neighbours then, ascending.
struct Lists {
    /// The anchors, bucketed in cells of `1 + skin`.
    grid: PointGrid,
    /// The anchors and their ids in grid order.
    sorted: Vec<(Point, u32)>,
    /// Paper size.
    size: (f64, f64),
    /// Positions when built, rounded to `f32` (half the memory traffic of
    /// the check every step makes; the rounding is taken off the threshold);
    /// none when [`Lists::scanned`].
    anchor: Vec<[f32; 2]>,
    /// Each point's list (none when [`Lists::scanned`]).
    near: IdLists,
    /// The square of how far the lists reach.
    reach2: f64,
    /// Squared distance from its anchor past which a point is a mover: a
    /// little under `(skin / 2)²`, for rounding; negative for lists without
    /// skin.
    mover_drift2: f64,
}

impl Lists {
    /// Lists of the points within `1 + skin` of each point, written into the
    /// memory of `old` (the lists built before) where there are some.
    fn build(points: &[Point], size: (f64, f64), skin: f64, old: Option<Lists>) -> Lists {
        let reach = EQUILIBRIUM + skin;
        let (grid, mut sorted, mut anchor, spare) = match old {
            Some(old) => (Some(old.grid), old.sorted, old.anchor, old.near),
            None => (None, Vec::new(), Vec::new(), IdLists::default()),
        };
        let grid = match grid {
            Some(mut grid) if grid.cell() == reach => {
                grid.rebuild(points);
                grid
            }
            _ => PointGrid::new(points, size.0, size.1, reach),
        };
        sorted.clear();
        sorted.par_extend(grid.order().par_iter().map(|&id| (points[id as usize], id)));
        // Rounding a coordinate below 2^k to `f32` moves it at most 2^(k − 24).
        let rounding = size.0.max(size.1).max(1.0) * 2.0 * f64::from(f32::EPSILON) * std::f64::consts::SQRT_2;
        let margin = skin / 2.0 - rounding - 1e-9;
        anchor.clear();
        let mut lists = Lists {
            grid,
            sorted,
            size,
            anchor,
            near: spare,
            reach2: reach * reach,
            // A negative margin (no skin) makes every point a mover.
            mover_drift2: if margin > 0.0 { margin * margin } else { -1.0 },
        };
        if !lists.scanned() {
            lists.anchor.par_extend(points.par_iter().map(|p| [p.x as f32, p.y as f32]));
            let near = std::mem::take(&mut lists.near);
            lists.near = IdLists::build(points.len(), near, |id, list| lists.gather(id, points[id], list));
        }
        lists
    }

    /// Whether the lists are only good for the step they were built for (no
    /// skin: every point is past them after it, and they are built again at
    /// the next step, with no movers listed and no anchors kept). They are
    /// then not written either: the step gathers each point's list from the
    /// grid as it goes, which saves writing and reading back a list per point.
    fn scanned(&self) -> bool {
        self.mover_drift2 < 0.0
    }

    /// Appends to `list` the points within the lists' reach of point `id`
    /// at `p` (where it was when they were built), ascending.
    fn gather(&self, id: usize, p: Point, list: &mut Vec<u32>) {
        let from = list.len();
        for range in self.grid.ranges_around(p, 1) {
            // Every candidate is written, and kept only when near: no
            // branch to mispredict.
            let candidates = &self.sorted[range];
            let mut kept = list.len();
            list.resize(kept + candidates.len(), 0);
            for &(q, j) in candidates {
                list[kept] = j;
                kept += usize::from(j as usize != id && q.dist2(p) <= self.reach2);
            }
            list.truncate(kept);
        }
        list[from..].sort_unstable();
    }

    /// The list of point `id`.
    fn of(&self, id: usize) -> &[u32] {
        self.near.of(id)
    }

    /// The pairs `(p, q)`, sorted, that complete the lists for this
    /// iteration: every neighbour of each mover (its list is replaced), and
    /// each mover for the other points whose lists miss it.
    fn patch(&self, points: &[Point], movers: &[u32], is_mover: &[bool]) -> Vec<(u32, u32)> {
        // Movers bucketed by the unit cell they are in now, as sorted (cell, id).
        let rows = self.size.1 as u64 + 2;
        let cell = |p: Point| (p.x as u64, p.y as u64);
        let mut buckets: Vec<(u64, u32)> = movers
            .iter()
            .map(|&m| {
                let (cx, cy) = cell(points[m as usize]);
                (cx * rows + cy, m)
            })
            .collect();
        buckets.sort_unstable();
        let mut patch: Vec<(u32, u32)> = movers
            .par_chunks(256)
            .flat_map_iter(|movers| {
                let mut patch = Vec::new();
                for &m in movers {
                    let c = points[m as usize];
                    let close = |&q: &u32| q != m && points[q as usize].dist2(c) < EQUILIBRIUM * EQUILIBRIUM;
                    for q in self.grid.around(c, 1).filter(|&q| !is_mover[q as usize]).filter(close) {
                        patch.push((m, q));
                        if self.of(q as usize).binary_search(&m).is_err() {
                            patch.push((q, m));
                        }
                    }
                    let (cx, cy) = cell(c);
                    for x in cx.saturating_sub(1)..=cx + 1 {
                        let (lo, hi) = (x * rows + cy.saturating_sub(1), x * rows + cy + 1);
                        let from = buckets.partition_point(|&(k, _)| k < lo);
                        let to = buckets.partition_point(|&(k, _)| k <= hi);
                        patch.extend(buckets[from..to].iter().map(|&(_, q)| q).filter(close).map(|q| (m, q)));
                    }
                }
                patch
            })
            .collect();
        patch.par_sort_unstable();
        patch
    }
}

/// The obstacles by the unit columns of the paper their reach overlaps,
/// each column's in their order: an obstacle of another column than a
/// point's is a radius or more away from it along x.
struct Columns {
    /// Where each column's obstacles start in `obstacles`, and the end.
    start: Vec<u32>,
    obstacles: Vec<Obstacle>,
}

impl Columns {
    /// The columns `[c, c + 1]` of a paper `w` wide, `c` in `0..=w`.
    fn new(obstacles: &[Obstacle], w: u32) -> Columns {
        let mut start = vec![0];
        let mut by_column = Vec::new();
        for c in 0..=w {
            let (lo, hi) = (f64::from(c), f64::from(c) + 1.0);
            by_column.extend(obstacles.iter().filter(|o| o.at.x - o.radius <= hi && o.at.x + o.radius >= lo));
            start.push(by_column.len() as u32);
        }
        Columns {
            start,
            obstacles: by_column,
        }
    }

    /// The column holding `x` (on the paper, `0..=w`).
    #[inline(always)]
    fn column(&self, x: f64) -> usize {
        (x as usize).min(self.start.len() - 2)
    }

    /// The obstacles of the column holding `x`.
    #[inline(always)]
    fn near(&self, x: f64) -> &[Obstacle] {
        let c = self.column(x);
        &self.obstacles[self.start[c] as usize..self.start[c + 1] as usize]
    }

    /// Whether any column from the one holding `lo` to the one holding `hi`
    /// has an obstacle.
    fn any_between(&self, lo: f64, hi: f64) -> bool {
        self.start[self.column(lo)] < self.start[self.column(hi) + 1]
    }
}

/// One iteration's inputs.
struct Step<'a> {
    points: &'a [Point],
    /// The lists, or `None` for the points' neighbours on the jittered
    /// layout (see [`on_layout`]).
    lists: Option<&'a Lists>,
    patch: &'a [(u32, u32)],
    is_mover: &'a [bool],
    obstacles: &'a Columns,
    step: f64,
    size: (f64, f64),
    /// Points per column of the layout.
    rows: usize,
}

impl Step<'_> {
    /// Moves points `first..first + out.len()` into `out` (their snapped
    /// sides in `sides`) and returns the ones that are now movers; `pushed`
    /// is working space, kept between chunks.
    fn chunk(&self, first: usize, out: &mut [Point], sides: &mut [Sides], pushed: &mut Vec<Point>) -> Vec<u32> {
        let len = out.len();
        let mine = &self.points[first..first + len];
        // On a large board most chunks meet no obstacle at all.
        let (lo, hi) = mine
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.x), hi.max(p.x)));
        let obstacles = (len > 0 && self.obstacles.any_between(lo, hi)).then_some(self.obstacles);
        let patch = &self.patch[self.patch.partition_point(|&(p, _)| (p as usize) < first)..];
        let patch = &patch[..patch.partition_point(|&(p, _)| (p as usize) < first + len)];
        let mut patched = vec![false; len];
        for &(q, _) in patch {
            patched[q as usize - first] = true;
        }
        let mut movers = Vec::new();
        match self.lists {
            Some(lists) if lists.scanned() => {
                // Built from these positions for this step: each point's
                // list is gathered where it is (the patch is empty, as
                // the lists are new; a patched point is stepped below).
                let mut near = Vec::new();
                for k in (0..len).filter(|&k| !patched[k]) {
                    near.clear();
                    lists.gather(first + k, mine[k], &mut near);
                    out[k] = self.visit(first + k, mine[k], &near, obstacles, &mut sides[k], &mut movers);
                }
            }
            // Step chunks are list chunks.
            Some(lists) => {
                // The pushes first, and then the moves: two short loops of
                // independent iterations, which the processor overlaps.
                let lists = lists.near.chunk(first / CHUNK);
                pushed.resize(len, Point::default());
                for k in 0..len {
                    if !patched[k] {
                        pushed[k] = self.pushes(mine[k], lists.of(k), obstacles);
                    }
                }
                for k in 0..len {
                    if !patched[k] {
                        out[k] = self.finish(first + k, mine[k], pushed[k], &mut sides[k], &mut movers);
                    }
                }
            }
            None => {
                let mut near = [0; 8];
                for k in 0..len {
                    let count = layout_neighbors(first + k, self.rows, self.points.len(), &mut near);
                    out[k] = self.visit(first + k, mine[k], &near[..count], obstacles, &mut sides[k], &mut movers);
                }
            }
        }
        let mut merged: Vec<u32> = Vec::new();
        for extra in patch.chunk_by(|a, b| a.0 == b.0) {
            let k = extra[0].0 as usize - first;
            merged.clear();
            if !self.is_mover[first + k] {
                merged.extend(self.lists.into_iter().flat_map(|lists| lists.of(first + k)));
            }
            merged.extend(extra.iter().map(|&(_, q)| q));
            merged.sort_unstable();
            out[k] = self.visit(first + k, mine[k], &merged, obstacles, &mut sides[k], &mut movers);
        }
        movers
    }

    /// Point `id` at `p` moved by the pushes of its neighbours `near` and of
    /// the `obstacles` (none: they reach none of the chunk's points); listed
    /// in `movers` if it is one.
    #[inline(always)]
    fn visit(&self, id: usize, p: Point, near: &[u32], obstacles: Option<&Columns>, side: &mut Sides, movers: &mut Vec<u32>) -> Point {
        self.finish(id, p, self.pushes(p, near, obstacles), side, movers)
    }

    /// The sum of the pushes on `p` of its neighbours `near` and of the `obstacles`.
    #[inline(always)]
    fn pushes(&self, p: Point, near: &[u32], obstacles: Option<&Columns>) -> Point {
        let mut v = Point::default();
        // Two neighbours at a time share one vector square root (the step's
        // costliest instruction); each lane is the scalar `push` (`fast_max`
        // is `f64::max` for the finite values here), and the pushes are still
        // added one by one, in order.
        let mut pairs = near.chunks_exact(2);
        for pair in &mut pairs {
            let (a, b) = (self.points[pair[0] as usize], self.points[pair[1] as usize]);
            let (ax, ay, bx, by) = (p.x - a.x, p.y - a.y, p.x - b.x, p.y - b.y);
            let distance = f64x2::new([ax * ax + ay * ay, bx * bx + by * by]).sqrt();
            let [fa, fb] = (f64x2::splat(EQUILIBRIUM) - distance).fast_max(f64x2::ZERO).to_array();
            v.x += ax * fa;
            v.y += ay * fa;
            v.x += bx * fb;
            v.y += by * fb;
        }
        for &q in pairs.remainder() {
            let q = self.points[q as usize];
            push(&mut v, p, q.x, q.y, EQUILIBRIUM);
        }
        for o in obstacles.map_or(&[][..], |o| o.near(p.x)) {
            // An obstacle a radius or more away along an axis is at least
            // that far (`sqrt(x * x) == |x|` in floating point) and pushes
            // by ±0, which leaves the sum as it is (the sum starts at +0 and
            // never becomes −0): skipping it changes no bit, and most are
            // far (those of other columns always are). Then a board with
            // many obstacles costs little more than one with few.
            if (p.x - o.at.x).abs() < o.radius && (p.y - o.at.y).abs() < o.radius {
                push(&mut v, p, o.at.x, o.at.y, o.radius);
            }
        }
        v
    }

    /// Point `id` at `p` moved by the pushes `v`; listed in `movers` if it is one.
    #[inline(always)]
    fn finish(&self, id: usize, p: Point, v: Point, side: &mut Sides, movers: &mut Vec<u32>) -> Point {
        let moved = advance(p, v, side, self.step, self.size);
        if let Some(lists) = self.lists.filter(|lists| !lists.scanned()) {
            let [ax, ay] = lists.anchor[id];
            if moved.dist2(Point::new(f64::from(ax), f64::from(ay))) > lists.mover_drift2 {
                movers.push(id as u32);
            }
        }
        moved
    }
}

/// How many points moved more than `distance` from `before` to `after`
/// (counted when the lists are built, rather than by every step).
fn moved_more(before: &[Point], after: &[Point], distance: f64) -> usize {
    before
        .par_chunks(CHUNK)
        .zip(after.par_chunks(CHUNK))
        .map(|(before, after)| before.iter().zip(after).filter(|(b, a)| a.dist2(**b) > distance * distance).count())
        .sum()
}

/// Whether every point lies within half a unit (each way) of the grid
/// intersection it was made at, `rows` to a column, as [`jittered_grid`]
/// makes them. Then two points closer than the equilibrium distance are
/// at most one row and one column apart: the first step needs no lists.
fn on_layout(points: &[Point], rows: usize, columns: usize) -> bool {
    points.len() == rows * columns
        && points.par_iter().enumerate().all(|(id, p)| {
            let (x, y) = ((id / rows) as f64, (id % rows) as f64);
            (p.x - x).abs() <= 0.5 && (p.y - y).abs() <= 0.5
        })
}

/// The ids of the points one column and one row around `id` on the layout
/// of [`on_layout`], ascending, written into `near`; how many there are.
fn layout_neighbors(id: usize, rows: usize, n: usize, near: &mut [u32; 8]) -> usize {
    let (x, y) = (id / rows, id % rows);
    let mut count = 0;
    for column in x.saturating_sub(1)..=(x + 1).min(n / rows - 1) {
        for row in y.saturating_sub(1)..=(y + 1).min(rows - 1) {
            let other = column * rows + row;
            if other != id {
                near[count] = other as u32;
                count += 1;
            }
        }
    }
    count
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

/// Moves `p` by `step` times its velocity `v` (not along an axis it is
/// snapped on), keeps it on the paper, and snaps it onto any side closer than
/// [`SNAP`], marking it there for good.
#[inline(always)]
fn advance(p: Point, v: Point, s: &mut Sides, step: f64, (w, h): (f64, f64)) -> Point {
    // Nearly every point is on no side and lands clear of them all: then
    // both axes keep the moved position as it is (the clamp only acts past
    // a side, where the point snaps anyway), decided by one branch.
    let (x, y) = (p.x + v.x * step, p.y + v.y * step);
    if !(s.any() | (x < SNAP) | (y < SNAP) | (x > w - SNAP) | (y > h - SNAP)) {
        return Point::new(x, y);
    }
    Point::new(
        advance_axis(p.x, v.x, step, w, s, (Side::Left, Side::Right)),
        advance_axis(p.y, v.y, step, h, s, (Side::Top, Side::Bottom)),
    )
}

/// [`advance`] along one axis of length `size`, whose low and high sides are
/// `low` and `high`.
#[inline(always)]
fn advance_axis(at: f64, v: f64, step: f64, size: f64, s: &mut Sides, (low, high): (Side, Side)) -> f64 {
    if s.contains(low) || s.contains(high) {
        // Frozen on this axis, at 0 or `size`.
        return at;
    }
    let moved = (at + v * step).clamp(0.0, size);
    if moved < SNAP {
        s.insert(low);
        0.0
    } else if moved > size - SNAP {
        s.insert(high);
        size
    } else {
        moved
    }
}

#[cfg(test)]
mod tests;
