//! The fair centre: the node nearest the paper's middle once relaxation is
//! done, moved (by at most [`WINDOW`] on each axis) to where the two quadrant
//! lines through it split the other nodes most evenly.
//!
//! The original takes the point laid out at the grid's middle. With an odd
//! number of grid rows that point sits half a row above the paper's middle,
//! so the lower quadrants hold a row more than the upper ones on every board.
//! The node nearest the middle removes that bias on average, but the
//! jittered grid still leaves a board's quadrants several nodes apart: which
//! of the middle column's and row's nodes fall on either side of the centre
//! is a coin toss for each. Moving the centre within the window chooses
//! those sides.
//!
//! Steps: take the node nearest the middle; the lines may only move within
//! the window, so every other node outside the window's cross keeps its
//! quadrant and only the nodes inside the cross's two strips are counted
//! again for each candidate position (by binary search on the strips sorted
//! along the axis that varies). Candidates are the middle and the points
//! halfway between two neighbouring strip nodes (the 31 nearest the middle
//! on each axis: on large boards every pair would cost more than the rest
//! of the board), each with no other node
//! closer than [`ROOM`], and the node's own position; the centre goes to the
//! one that leaves the smallest spread between the quadrants' counts (the
//! one nearest the middle among equals), so it never splits the board less
//! evenly than where relaxation left it.

use crate::geom::Point;

/// How far, on each axis, the centre may be moved from the paper's middle
/// (grid units).
pub const WINDOW: f64 = 0.5;

/// The distance a moved centre keeps from every other node (grid units).
pub const ROOM: f64 = 0.6;

/// Chooses the centre node, moves it into place and returns its id.
pub fn place(points: &mut [Point], middle: Point) -> u32 {
    let c = nearest(points, middle);
    let split = Split::new(points, c, middle);
    let near: Vec<Point> = points
        .iter()
        .enumerate()
        .filter(|&(v, p)| v as u32 != c && (p.x - middle.x).abs() < WINDOW + ROOM && (p.y - middle.y).abs() < WINDOW + ROOM)
        .map(|(_, &p)| p)
        .collect();
    let mut xs: Vec<f64> = split.strip_x().collect();
    let mut ys: Vec<f64> = split.strip_y().collect();
    xs.sort_by(f64::total_cmp);
    ys.sort_by(f64::total_cmp);
    // Where relaxation left it, room or not.
    let was = points[c as usize];
    let q = super::quadrants(points, c);
    let mut best = (super::spread(&q), was.dist2(middle), was);
    for &x in &candidates(&xs, middle.x) {
        for &y in &candidates(&ys, middle.y) {
            let at = Point::new(x, y);
            if near.iter().any(|p| p.dist2(at) < ROOM * ROOM) {
                continue;
            }
            let spread = super::spread(&split.count(x, y));
            let d = at.dist2(middle);
            if (spread, d) < (best.0, best.1) {
                best = (spread, d, at);
            }
        }
    }
    points[c as usize] = best.2;
    c
}

/// The point nearest `to`, the lower id among equals.
fn nearest(points: &[Point], to: Point) -> u32 {
    let mut best = (f64::INFINITY, 0);
    for (v, p) in points.iter().enumerate() {
        let d = p.dist2(to);
        if d < best.0 {
            best = (d, v as u32);
        }
    }
    best.1
}

/// Candidate places a side, at most: on the standard sheet a strip holds
/// about ten nodes; on a board of a million nodes about a thousand, and
/// trying every pair of places would cost more than the rest of the board.
const MOST_CANDIDATES: usize = 32;

/// Where a line may go: `middle`, and halfway between each two neighbouring
/// `values` (sorted, all strictly within the window of `middle`): the middle
/// and the `MOST_CANDIDATES − 1` midpoints nearest it (the lower among equals).
fn candidates(values: &[f64], middle: f64) -> Vec<f64> {
    let mut out: Vec<f64> = values.windows(2).map(|w| (w[0] + w[1]) / 2.0).filter(|&v| v != middle).collect();
    out.sort_by(|a, b| (a - middle).abs().total_cmp(&(b - middle).abs()).then(a.total_cmp(b)));
    out.truncate(MOST_CANDIDATES - 1);
    out.insert(0, middle);
    out
}

/// The other nodes, sorted by what a move of the centre can change.
///
/// A quadrant is `usize::from(x >= cx) + 2 * usize::from(y >= cy)`, as the
/// board's metrics count it.
struct Split {
    /// Nodes outside both strips, by quadrant.
    fixed: [u32; 4],
    /// The x of nodes in the vertical strip only, by their half (0 above, 1 below), sorted.
    vertical: [Vec<f64>; 2],
    /// The y of nodes in the horizontal strip only, by their half (0 left, 1 right), sorted.
    horizontal: [Vec<f64>; 2],
    /// Nodes in both strips.
    both: Vec<Point>,
}

impl Split {
    fn new(points: &[Point], center: u32, middle: Point) -> Split {
        let mut split = Split {
            fixed: [0; 4],
            vertical: [Vec::new(), Vec::new()],
            horizontal: [Vec::new(), Vec::new()],
            both: Vec::new(),
        };
        for (v, &p) in points.iter().enumerate() {
            if v as u32 == center {
                continue;
            }
            let in_x = (p.x - middle.x).abs() < WINDOW;
            let in_y = (p.y - middle.y).abs() < WINDOW;
            let (right, below) = (usize::from(p.x >= middle.x), usize::from(p.y >= middle.y));
            match (in_x, in_y) {
                (false, false) => split.fixed[right + 2 * below] += 1,
                (true, false) => split.vertical[below].push(p.x),
                (false, true) => split.horizontal[right].push(p.y),
                (true, true) => split.both.push(p),
            }
        }
        for list in split.vertical.iter_mut().chain(&mut split.horizontal) {
            list.sort_by(f64::total_cmp);
        }
        split
    }

    /// The x of every node in the vertical strip.
    fn strip_x(&self) -> impl Iterator<Item = f64> + '_ {
        self.vertical.iter().flatten().copied().chain(self.both.iter().map(|p| p.x))
    }

    /// The y of every node in the horizontal strip.
    fn strip_y(&self) -> impl Iterator<Item = f64> + '_ {
        self.horizontal.iter().flatten().copied().chain(self.both.iter().map(|p| p.y))
    }

    /// Nodes per quadrant with the centre at `(x, y)`, inside the window.
    fn count(&self, x: f64, y: f64) -> [u32; 4] {
        let mut q = self.fixed;
        for (below, xs) in self.vertical.iter().enumerate() {
            let right = (xs.len() - xs.partition_point(|&v| v < x)) as u32;
            q[1 + 2 * below] += right;
            q[2 * below] += xs.len() as u32 - right;
        }
        for (right, ys) in self.horizontal.iter().enumerate() {
            let below = (ys.len() - ys.partition_point(|&v| v < y)) as u32;
            q[right + 2] += below;
            q[right] += ys.len() as u32 - below;
        }
        for p in &self.both {
            q[usize::from(p.x >= x) + 2 * usize::from(p.y >= y)] += 1;
        }
        q
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::quadrants;
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn the_middle_column_is_split_evenly() {
        // A 5 x 4 grid of nodes 1.5 apart, the middle column leaning: its
        // upper two nodes at x = 3.3, its lower two at x = 2.7. The node
        // nearest the middle (3, 2.25) is (3.3, 1.5); through it the
        // quadrants hold 2, 3, 8 and 6 nodes.
        let mut points: Vec<Point> = (0..4)
            .flat_map(|row| {
                (0..5).map(move |col| {
                    let lean = if col != 2 {
                        0.0
                    } else if row < 2 {
                        0.3
                    } else {
                        -0.3
                    };
                    p(f64::from(col) * 1.5 + lean, f64::from(row) * 1.5)
                })
            })
            .collect();
        assert_eq!(quadrants(&points, 7), [2, 3, 8, 6]);
        let c = place(&mut points, p(3.0, 2.25));
        assert_eq!(c, 7, "the node nearest the middle");
        // At the middle itself the lines split the rows 2 and 2, and the
        // middle column's nodes one and two a side.
        assert_eq!(points[7], p(3.0, 2.25));
        assert_eq!(quadrants(&points, c), [4, 5, 6, 4]);
    }

    #[test]
    fn a_moved_centre_is_never_less_even_and_keeps_its_room() {
        let mut rng = crate::seed::Rng::new(3, 3);
        for _ in 0..300 {
            // A jittered grid, as boards start.
            let mut points: Vec<Point> = (0..8)
                .flat_map(|y| (0..11).map(move |x| (x, y)))
                .map(|(x, y)| p(f64::from(x) - 0.5 + rng.unit(), f64::from(y) - 0.5 + rng.unit()))
                .collect();
            let middle = p(5.0, 3.5);
            let c = nearest(&points, middle);
            let before = quadrants(&points, c);
            let was = points[c as usize];
            assert_eq!(place(&mut points, middle), c);
            let at = points[c as usize];
            let after = quadrants(&points, c);
            let spread = |q: [u32; 4]| q.iter().max().unwrap() - q.iter().min().unwrap();
            assert!(spread(after) <= spread(before), "{before:?} -> {after:?}");
            if at != was {
                assert!((at.x - middle.x).abs() <= WINDOW && (at.y - middle.y).abs() <= WINDOW, "{at:?}");
                for (v, r) in points.iter().enumerate() {
                    assert!(
                        v as u32 == c || r.dist(at) >= ROOM,
                        "node {v} at {r:?} is {} from the centre",
                        r.dist(at)
                    );
                }
            }
        }
    }

    #[test]
    fn the_counts_by_strips_are_the_plain_counts() {
        let mut rng = crate::seed::Rng::new(7, 7);
        for _ in 0..200 {
            let points: Vec<Point> = (0..60).map(|_| p(rng.unit() * 8.0, rng.unit() * 6.0)).collect();
            let middle = p(4.0, 3.0);
            let c = nearest(&points, middle);
            let split = Split::new(&points, c, middle);
            for _ in 0..20 {
                let (x, y) = (middle.x + (rng.unit() - 0.5) * 0.99, middle.y + (rng.unit() - 0.5) * 0.99);
                let mut moved = points.clone();
                moved[c as usize] = p(x, y);
                assert_eq!(split.count(x, y), quadrants(&moved, c));
            }
        }
    }

    #[test]
    fn a_crowded_middle_leaves_the_centre_where_it_was() {
        // Nodes 0.3 apart everywhere near the middle: no place has room.
        let mut points: Vec<Point> = (0..15)
            .flat_map(|y| (0..15).map(move |x| p(f64::from(x) * 0.3, f64::from(y) * 0.3)))
            .collect();
        let before = points.clone();
        let c = place(&mut points, p(2.1, 2.1));
        assert_eq!(points, before);
        assert_eq!(before[c as usize], p(2.1, 2.1));
    }
}
