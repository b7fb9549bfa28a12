//! The largest circle inside a polygon: its centre is the polygon's pole of
//! inaccessibility, the inside point farthest from the outline.
//!
//! A search over square cells (as the polylabel algorithm does): the
//! polygon's box is cut into squares as wide as its shorter side; a cell's
//! centre is `d` from the outline, so no point of the cell is farther than
//! `d + half · √2`. Cells are taken best bound first; one whose bound cannot
//! beat the best centre found by more than [`PRECISION`] is dropped, any
//! other cut into four. The result is within [`PRECISION`] of the largest
//! radius.
//!
//! Bit-stable: only `+ − × ÷ sqrt` on `f64`, the cells in a fixed order
//! (ties in the queue go to the cell made first).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::geom::{Point, segment_dist2};

/// How close to the largest radius the circle found is, grid units.
pub const PRECISION: f64 = 1e-3;
/// Most cells looked at for one polygon (never reached by a board's areas,
/// whose radius is found in a few hundred).
const MOST_CELLS: usize = 200_000;

/// A circle inside a polygon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    /// Its centre.
    pub center: Point,
    /// Its radius: the centre's distance to the outline.
    pub radius: f64,
}

/// Distance from `p` to the outline of `polygon` (closed: the last point
/// joins the first), positive inside, negative outside (even-odd rule, so a
/// dead end walked out and back leaves the inside as it was).
pub fn signed_distance(p: Point, polygon: &[Point]) -> f64 {
    let mut inside = false;
    let mut nearest = f64::INFINITY;
    for (i, &a) in polygon.iter().enumerate() {
        let b = polygon[(i + 1) % polygon.len()];
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
        nearest = nearest.min(segment_dist2(p, a, b));
    }
    let d = nearest.sqrt();
    if inside { d } else { -d }
}

/// A square cell: its centre, half its side, its centre's distance to the
/// outline, and the most any of its points may be from it.
#[derive(Clone, Copy)]
struct Cell {
    center: Point,
    half: f64,
    d: f64,
    bound: f64,
    made: usize,
}

impl Cell {
    fn new(center: Point, half: f64, polygon: &[Point], made: usize) -> Cell {
        let d = signed_distance(center, polygon);
        Cell {
            center,
            half,
            d,
            bound: d + half * std::f64::consts::SQRT_2,
            made,
        }
    }
}

impl PartialEq for Cell {
    fn eq(&self, other: &Cell) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Cell {}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Cell) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cell {
    /// Larger bound first; of equal bounds, the one made first.
    fn cmp(&self, other: &Cell) -> Ordering {
        self.bound.total_cmp(&other.bound).then(other.made.cmp(&self.made))
    }
}

/// The largest circle inside `polygon` (to within [`PRECISION`]; a
/// polygon with no inside gives a circle of radius 0 at its first point),
/// if its radius is at least `least`: the search ends as soon as no cell
/// left can hold a circle that large (most of a board's areas are ruled out
/// so, after a few cells).
pub fn largest_of_at_least(polygon: &[Point], least: f64) -> Option<Circle> {
    let none = |c: Circle| (c.radius >= least).then_some(c);
    let Some(&first) = polygon.first() else {
        return none(Circle {
            center: Point::new(0.0, 0.0),
            radius: 0.0,
        });
    };
    let (mut x0, mut y0, mut x1, mut y1) = (first.x, first.y, first.x, first.y);
    for p in polygon {
        (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
    }
    let side = (x1 - x0).min(y1 - y0);
    if side <= 0.0 {
        return none(Circle {
            center: first,
            radius: 0.0,
        });
    }
    let half = side / 2.0;
    let mut made = 0;
    let mut cell = |center: Point, half: f64| {
        made += 1;
        Cell::new(center, half, polygon, made)
    };
    let mut queue = BinaryHeap::new();
    let (cols, rows) = (((x1 - x0) / side).ceil() as usize, ((y1 - y0) / side).ceil() as usize);
    for i in 0..cols.max(1) {
        for j in 0..rows.max(1) {
            let c = Point::new(x0 + side * i as f64 + half, y0 + side * j as f64 + half);
            queue.push(cell(c, half));
        }
    }
    // A first guess: the centroid, or the box's middle.
    let mut best = cell(centroid(polygon).unwrap_or(first), 0.0);
    let middle = cell(Point::new((x0 + x1) / 2.0, (y0 + y1) / 2.0), 0.0);
    if middle.d > best.d {
        best = middle;
    }
    let mut looked = 0;
    while let Some(c) = queue.pop() {
        if c.d > best.d {
            best = c;
        }
        // Cells come largest bound first: none left reaches `least`.
        if c.bound < least && best.d < least {
            return None;
        }
        looked += 1;
        if c.bound - best.d <= PRECISION || looked >= MOST_CELLS {
            continue;
        }
        let h = c.half / 2.0;
        for (dx, dy) in [(-h, -h), (h, -h), (-h, h), (h, h)] {
            queue.push(cell(Point::new(c.center.x + dx, c.center.y + dy), h));
        }
    }
    none(Circle {
        center: best.center,
        radius: best.d.max(0.0),
    })
}

/// Whether `polygon`'s box is narrower than `2 × radius` one way: no
/// circle of `radius` fits inside it.
pub fn too_narrow(polygon: &[Point], radius: f64) -> bool {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    for p in polygon {
        (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
    }
    x1 - x0 < 2.0 * radius || y1 - y0 < 2.0 * radius
}

/// The centroid of the area `polygon` encloses; none when it encloses none.
fn centroid(polygon: &[Point]) -> Option<Point> {
    let (mut x, mut y, mut twice) = (0.0, 0.0, 0.0);
    for (i, &a) in polygon.iter().enumerate() {
        let b = polygon[(i + 1) % polygon.len()];
        let f = a.x * b.y - b.x * a.y;
        x += (a.x + b.x) * f;
        y += (a.y + b.y) * f;
        twice += f;
    }
    (twice != 0.0).then(|| Point::new(x / (3.0 * twice), y / (3.0 * twice)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_holds_a_circle_half_its_side() {
        let square = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 4.0),
            Point::new(0.0, 4.0),
        ];
        let c = largest_of_at_least(&square, 0.0).expect("a circle");
        assert_eq!(largest_of_at_least(&square, 2.1), None);
        assert!((c.radius - 2.0).abs() <= PRECISION, "{c:?}");
        assert!(c.center.dist(Point::new(2.0, 2.0)) <= 2.0 * PRECISION);
    }

    /// An L: its pole sits in the corner's square, not at the centroid.
    #[test]
    fn an_l_holds_its_circle_in_the_corner() {
        let l = [
            Point::new(0.0, 0.0),
            Point::new(6.0, 0.0),
            Point::new(6.0, 2.0),
            Point::new(2.0, 2.0),
            Point::new(2.0, 6.0),
            Point::new(0.0, 6.0),
        ];
        let c = largest_of_at_least(&l, 0.0).expect("a circle");
        // The largest circle of an L of arm width 2 touches the inner corner:
        // brute force over a fine grid never beats it.
        let mut most: f64 = 0.0;
        for i in 0..600 {
            for j in 0..600 {
                let p = Point::new(f64::from(i) / 100.0, f64::from(j) / 100.0);
                most = most.max(signed_distance(p, &l));
            }
        }
        assert!(c.radius >= most - PRECISION && c.radius <= most + 0.02, "{c:?} against {most}");
        assert!(signed_distance(c.center, &l) > 0.0);
    }
}
