//! The spanning trees of both routes against Prim's algorithm over the
//! allowed pairs, found by brute force.

use super::delaunay::{candidate_edges, kruskal};
use super::phased::{Clear, Reach, phased_emst, take};
use super::*;
use crate::geom::segment_dist2;
use crate::graph::UnionFind;
use crate::grid::PointGrid;
use crate::seed::Rng;

/// Whether `a–b` is allowed, by brute force: not two blocked ends, and
/// no other point closer than `clearance` to the segment.
fn allowed(points: &[Point], blocked: &[bool], clearance: f64, a: usize, b: usize) -> bool {
    !(blocked[a] && blocked[b])
        && (0..points.len())
            .filter(|&w| w != a && w != b)
            .all(|w| segment_dist2(points[w], points[a], points[b]) >= clearance * clearance)
}

/// Prim's algorithm over every allowed pair, the O(n³) reference: the
/// minimum spanning forest's weight and edge count (a new tree starts
/// when nothing allowed reaches the points left).
fn prim(points: &[Point], blocked: &[bool], clearance: f64) -> (f64, usize) {
    let n = points.len();
    let mut best = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    let (mut total, mut edges) = (0.0, 0);
    for _ in 0..n {
        let v = (0..n).filter(|&i| !done[i]).min_by(|&a, &b| best[a].total_cmp(&best[b])).unwrap();
        done[v] = true;
        if best[v].is_finite() {
            total += best[v];
            edges += 1;
        }
        for w in 0..n {
            if !done[w] && allowed(points, blocked, clearance, v, w) {
                best[w] = best[w].min(points[v].dist(points[w]));
            }
        }
    }
    (total, edges)
}

fn weight(points: &[Point], tree: &[[u32; 2]]) -> f64 {
    tree.iter().map(|&[a, b]| points[a as usize].dist(points[b as usize])).sum()
}

/// A jittered grid of `w × h` cells with its outer ring pushed onto the
/// border and blocked, and no points in the columns `gap`.
fn board(w: u32, h: u32, gap: std::ops::Range<u32>, rng: &mut Rng) -> (Vec<Point>, Vec<bool>) {
    let (mut points, mut blocked) = (Vec::new(), Vec::new());
    for x in (0..=w).filter(|x| !gap.contains(x)) {
        for y in 0..=h {
            let mut p = Point::new(f64::from(x) + rng.uniform(-0.3, 0.3), f64::from(y) + rng.uniform(-0.3, 0.3));
            let on_border = x == 0 || y == 0 || x == w || y == h;
            if on_border {
                // Onto the side of the grid's first or last column or row.
                let onto = |at: u32, last: u32, v: f64| match at {
                    0 => 0.0,
                    _ if at == last => f64::from(last),
                    _ => v,
                };
                p = Point::new(onto(x, w, p.x), onto(y, h, p.y));
            }
            points.push(p);
            blocked.push(on_border);
        }
    }
    (points, blocked)
}

/// The tree from the triangulation alone.
fn triangulated(points: &[Point], blocked: &[bool]) -> Vec<[u32; 2]> {
    kruskal(points, candidate_edges(points, blocked))
}

#[test]
fn phases_give_the_triangulation_s_tree() {
    let mut rng = Rng::new(12, 12);
    // Nearly even points, free: one phase.
    let even: Vec<Point> = (0..20_000)
        .map(|i| {
            Point::new(
                f64::from(i / 100) + rng.uniform(-0.05, 0.05),
                f64::from(i % 100) + rng.uniform(-0.05, 0.05),
            )
        })
        .collect();
    let mut cases = vec![(even, vec![false; 20_000], 1)];
    // Blocked borders (longer tree edges), and gaps of three and five
    // columns: from two phases to all four.
    for (gap, phases) in [(0..0, 2), (60..63, 3), (60..65, 4)] {
        let (points, blocked) = board(200, 140, gap, &mut rng);
        cases.push((points, blocked, phases));
    }
    for (points, blocked, phases) in cases {
        let whole = triangulated(&points, &blocked);
        assert_eq!(whole.len() + 1, points.len());
        let (tree, took) = phased_emst(&points, &blocked, 0.0, Reach::Even).expect("an even board");
        assert!(tree == whole && took == phases, "{took} phases, not {phases}");
    }
}

#[test]
fn a_gap_wider_than_the_last_phase_falls_back_to_the_triangulation() {
    let mut rng = Rng::new(13, 13);
    let (points, blocked) = board(200, 140, 90..112, &mut rng);
    assert_eq!(phased_emst(&points, &blocked, 0.0, Reach::Even), None);
    let tree = constrained_emst(&points, &blocked, 0.0);
    assert_eq!(tree, triangulated(&points, &blocked));
    assert!(tree.iter().any(|&[a, b]| points[a as usize].dist(points[b as usize]) > 20.0));
}

#[test]
fn a_crowded_cell_falls_back_to_the_triangulation() {
    let mut rng = Rng::new(14, 14);
    let mut points: Vec<Point> = (0..3000)
        .map(|_| Point::new(rng.uniform(0.0, 0.5), rng.uniform(0.0, 0.5)))
        .collect();
    points.extend([Point::new(100.0, 0.0), Point::new(0.0, 100.0), Point::new(100.0, 100.0)]);
    let blocked = vec![false; points.len()];
    assert_eq!(phased_emst(&points, &blocked, 0.0, Reach::Even), None);
    assert_eq!(constrained_emst(&points, &blocked, 0.0), triangulated(&points, &blocked));
}

#[test]
fn points_far_from_the_origin_fall_back_to_the_triangulation() {
    let mut rng = Rng::new(15, 15);
    let (mut points, blocked) = board(60, 40, 0..0, &mut rng);
    assert!(phased_emst(&points, &blocked, 0.0, Reach::Even).is_some());
    for p in &mut points {
        *p = Point::new(p.x + 1e5, p.y + 1e5);
    }
    assert_eq!(phased_emst(&points, &blocked, 0.0, Reach::Even), None);
    assert_eq!(constrained_emst(&points, &blocked, 0.0), triangulated(&points, &blocked));
}

#[test]
fn equals_prim_on_random_boards_with_blocked_borders() {
    for case in 0..60u64 {
        let mut rng = Rng::new(case, 11);
        let (w, h) = (rng.uniform(3.0, 12.0), rng.uniform(3.0, 9.0));
        let mut points = Vec::new();
        let mut blocked = Vec::new();
        for _ in 0..rng.range_inclusive(20, 150) {
            let p = Point::new(rng.uniform(0.2, w - 0.2), rng.uniform(0.2, h - 0.2));
            push_point(&mut rng, (&mut points, &mut blocked), p, (w, h), 0.3);
        }
        let tree = constrained_emst(&points, &blocked, 0.0);
        assert_eq!(tree.len(), points.len() - 1, "case {case}");
        assert!(tree.iter().all(|&[a, b]| !(blocked[a as usize] && blocked[b as usize])));
        let (weight, reference) = (weight(&points, &tree), prim(&points, &blocked, 0.0).0);
        assert!((weight - reference).abs() < 1e-9, "case {case}: {weight} vs {reference}");
    }
}

/// Random points in a box of random size, some on its border and
/// blocked: even ones (a grid jittered by up to 0.4 each way, about one
/// unit apart, points within 0.3 of a side snapped onto it, as boards
/// are laid), or uniform ones about `spacing` apart with a fifth moved
/// onto the border, which leave points close together everywhere.
fn random_set(rng: &mut Rng, even: bool, spacing: f64) -> (Vec<Point>, Vec<bool>) {
    let (w, h) = (rng.uniform(3.0, 12.0), rng.uniform(3.0, 9.0));
    let (mut points, mut blocked) = (Vec::new(), Vec::new());
    if even {
        for x in 0..=w as u32 {
            for y in 0..=h as u32 {
                let mut p = Point::new(f64::from(x) + rng.uniform(-0.4, 0.4), f64::from(y) + rng.uniform(-0.4, 0.4));
                let snap = |v: f64, max: f64| {
                    if v < 0.3 {
                        0.0
                    } else if v > max - 0.3 {
                        max
                    } else {
                        v
                    }
                };
                p = Point::new(snap(p.x, w), snap(p.y, h));
                blocked.push(p.x == 0.0 || p.y == 0.0 || p.x == w || p.y == h);
                points.push(p);
            }
        }
        return (points, blocked);
    }
    let n = ((w * h) / (spacing * spacing)) as usize;
    for _ in 0..n.clamp(3, 160) {
        let p = Point::new(rng.uniform(0.0, w), rng.uniform(0.0, h));
        push_point(rng, (&mut points, &mut blocked), p, (w, h), 0.2);
    }
    (points, blocked)
}

/// Adds `p` to a set; with probability `chance` moved onto a side of the
/// `w` × `h` box, chosen at random, and blocked.
fn push_point(rng: &mut Rng, (points, blocked): (&mut Vec<Point>, &mut Vec<bool>), mut p: Point, (w, h): (f64, f64), chance: f64) {
    let on_border = rng.chance(chance);
    if on_border {
        match rng.below(4) {
            0 => p.x = 0.0,
            1 => p.x = w,
            2 => p.y = 0.0,
            _ => p.y = h,
        }
    }
    points.push(p);
    blocked.push(on_border);
}

/// The tree is the minimum over the allowed pairs, when the clearance
/// forbids a few pairs and when it forbids most of them; when the allowed
/// pairs cannot span, no tree is claimed.
#[test]
fn equals_prim_over_the_pairs_the_clearance_allows() {
    let (mut refused, mut split, mut changed) = (0, 0, 0);
    for case in 0..400u64 {
        let mut rng = Rng::new(case, 31);
        // Even sets with a board's clearance or the largest; uniform
        // ones, with close points everywhere, with small clearances.
        let (even, spacing, clearance) = match case % 4 {
            0 => (true, 1.0, 0.3),
            1 => (true, 1.0, 0.45),
            2 => (false, 1.0, 0.03),
            _ => (false, 1.3, 0.08),
        };
        let (points, blocked) = random_set(&mut rng, even, spacing);
        let n = points.len();
        let (reference, edges) = prim(&points, &blocked, clearance);
        let spans = edges + 1 == n;
        let phases = phased_emst(&points, &blocked, clearance, Reach::Even).map(|(tree, _)| tree);
        assert!(spans || phases.is_none(), "case {case}: phases claim a tree that cannot exist");
        let whole = phased_emst(&points, &blocked, clearance, Reach::Whole).map(|(tree, _)| tree);
        let trees = [
            ("constrained", Some(constrained_emst(&points, &blocked, clearance))),
            ("even", phases),
            ("whole", whole),
        ];
        for (path, tree) in trees {
            let Some(tree) = tree else { continue };
            assert!(
                tree.iter()
                    .all(|&[a, b]| allowed(&points, &blocked, clearance, a as usize, b as usize)),
                "case {case} ({path})"
            );
            if !spans {
                assert!(tree.len() + 1 < n, "case {case} ({path}): a tree where none can be");
                continue;
            }
            let w = weight(&points, &tree);
            assert!(
                (w - reference).abs() < 1e-9 && tree.len() == edges,
                "case {case} ({path}): {} edges weighing {w}, Prim {edges} weighing {reference}",
                tree.len()
            );
        }
        // Pairs as long as tree edges tend to be.
        let short: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .filter(|&(a, b)| !(blocked[a] && blocked[b]) && points[a].dist(points[b]) < 1.5)
            .collect();
        let forbidden = short.iter().filter(|&&(a, b)| !allowed(&points, &blocked, clearance, a, b)).count();
        refused += usize::from(forbidden * 3 > short.len());
        split += usize::from(!spans);
        changed += usize::from(spans && (prim(&points, &blocked, 0.0).0 - reference).abs() > 1e-9);
    }
    // The rule bites: it changes many trees that still span, forbids most
    // pairs of some sets and leaves others unable to span.
    assert!(
        changed > 25 && refused > 10 && split > 50,
        "{changed} changed, {refused} mostly refused, {split} split"
    );
}

/// Uneven sets with a clearance take every radius, not the triangulation:
/// a gap wider than the last even phase, and points far from the origin.
#[test]
fn uneven_sets_with_a_clearance_search_every_radius() {
    let mut rng = Rng::new(16, 16);
    let (points, blocked) = board(40, 14, 8..24, &mut rng);
    let far: Vec<Point> = points.iter().map(|p| Point::new(p.x + 1e5, p.y + 1e5)).collect();
    for (points, clearance) in [(&points, 0.3), (&far, 0.3), (&points, 0.45)] {
        assert_eq!(phased_emst(points, &blocked, clearance, Reach::Even), None);
        let tree = constrained_emst(points, &blocked, clearance);
        let (reference, edges) = prim(points, &blocked, clearance);
        assert_eq!(tree.len(), edges);
        assert!(
            (weight(points, &tree) - reference).abs() < 1e-9,
            "{} vs {reference}",
            weight(points, &tree)
        );
        assert!(tree.iter().any(|&[a, b]| points[a as usize].dist(points[b as usize]) > 15.0));
    }
}

/// The parallel looks of [`take`] give what the serial pass gives, when
/// the rule refuses none of the pairs plain Kruskal takes and when it
/// refuses some (points planted closer than the clearance to others).
#[test]
fn speculative_looks_give_the_serial_pass() {
    let mut rng = Rng::new(17, 17);
    for planted in [0, 40] {
        let (mut points, mut blocked) = board(160, 110, 0..0, &mut rng);
        for _ in 0..planted {
            let p = points[rng.below(points.len() as u64) as usize];
            points.push(Point::new(p.x + rng.uniform(-0.2, 0.2), p.y + rng.uniform(-0.2, 0.2)));
            blocked.push(false);
        }
        let n = points.len();
        let grid = PointGrid::new(&points, 161.0, 111.0, 1.0);
        let clearance = if planted == 0 { 0.15 } else { 0.3 };
        let clear = Clear::new(&points, &grid, Point::new(0.0, 0.0), clearance);
        let mut pairs: Vec<(u64, u32, u32)> = (0..n as u32)
            .flat_map(|a| {
                grid.within(&points, points[a as usize], 1.5)
                    .filter(move |&b| a < b)
                    .map(move |b| (a, b))
            })
            .filter(|&(a, b)| !(blocked[a as usize] && blocked[b as usize]))
            .map(|(a, b)| (points[a as usize].dist2(points[b as usize]).to_bits(), a, b))
            .collect();
        pairs.sort_unstable();
        let run = |speculate| {
            let (mut sets, mut tree) = (UnionFind::new(n), Vec::new());
            take(&mut sets, &clear, &pairs, &mut tree, speculate);
            tree
        };
        let serial = run(false);
        // Both ways through: plain Kruskal's pairs all allowed, or not.
        let mut plain = UnionFind::new(n);
        let refused = pairs.iter().filter(|&&(_, a, b)| plain.union(a, b) && !clear.allows(a, b)).count();
        assert_eq!(planted == 0, refused == 0, "{refused} refused");
        assert_eq!(run(true), serial, "{planted} planted");
        assert!(serial.len() > n / 2);
    }
}
