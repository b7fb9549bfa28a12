//! The relaxation against an all-pairs run, every tuning, and its snapping.

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
    let sides = relax(&mut points, &[], (10, 7), 60, None, None);
    assert!(min_gap(&points) > before.max(0.5), "{} -> {}", before, min_gap(&points));
    for (p, s) in points.iter().zip(&sides) {
        assert_eq!(s.contains(Side::Left), p.x == 0.0);
        assert_eq!(s.contains(Side::Right), p.x == 10.0);
        assert_eq!(s.contains(Side::Top), p.y == 0.0);
        assert_eq!(s.contains(Side::Bottom), p.y == 7.0);
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
        pool.install(|| relax(&mut points, &obstacles, (120, 84), 10, None, None));
        points
    };
    assert_eq!(run(1), run(2));
}

/// The definition, all pairs: each point pushed by every other point in
/// ascending id order, then by the obstacles; all points moved at once.
fn reference(points: &mut [Point], obstacles: &[Obstacle], w: f64, h: f64, iterations: u32) -> Vec<Sides> {
    let mut sides = vec![Sides::default(); points.len()];
    for i in 0..iterations {
        let velocity: Vec<Point> = points
            .iter()
            .enumerate()
            .map(|(a, &p)| {
                let mut v = Point::default();
                for (b, q) in points.iter().enumerate() {
                    if a != b {
                        push(&mut v, p, q.x, q.y, EQUILIBRIUM);
                    }
                }
                for o in obstacles {
                    push(&mut v, p, o.at.x, o.at.y, o.radius);
                }
                v
            })
            .collect();
        let step = 2.0 / (f64::from(i) + 1.0);
        for ((p, v), s) in points.iter_mut().zip(velocity).zip(&mut sides) {
            *p = advance(*p, v, s, step, (w, h));
        }
    }
    sides
}

#[test]
fn every_skin_gives_the_all_pairs_result_bit_for_bit() {
    let mut rng = Rng::new(4, 4);
    let (w, h) = (30, 21);
    let start = jittered_grid(w, h, &mut rng);
    let obstacles = obstacles(w, h, 8, &mut rng);
    let mut want = start.clone();
    // An odd count: the result ends in the relaxation's own buffer and
    // is copied back (boards take 60 steps, and end in the caller's).
    let want_sides = reference(&mut want, &obstacles, f64::from(w), f64::from(h), 59);
    // Small skins make many movers, large ones long-lived lists; a share
    // of 1 never builds again (every mover is patched), one above the
    // point count builds again at the first mover.
    for skin in [0.0, 0.02, 0.1, SKIN, LARGE_SKIN, 1.0] {
        for share in [1, REBUILD_SHARE, LARGE_REBUILD_SHARE, start.len() + 1] {
            let mut got = start.clone();
            let sides = relax_tuned(&mut got, &obstacles, (w, h), 59, (skin, share), None, None);
            assert!(got == want && sides == want_sides, "skin {skin}, rebuild share {share}");
        }
    }
}

#[test]
fn a_column_holds_every_obstacle_that_reaches_its_points_in_order() {
    let mut rng = Rng::new(6, 6);
    let (w, h) = (12, 8);
    let all = obstacles(w, h, 40, &mut rng);
    let columns = Columns::new(&all, w);
    // Points anywhere on the paper, its sides and the columns' edges among them.
    let xs = (0..2000).map(|_| rng.uniform(0.0, f64::from(w))).chain((0..=w).map(f64::from));
    for x in xs {
        let near = columns.near(x);
        let reaching: Vec<usize> = (0..all.len()).filter(|&k| (x - all[k].at.x).abs() < all[k].radius).collect();
        let kept: Vec<usize> = (0..all.len()).filter(|&k| near.iter().any(|o| o.at == all[k].at)).collect();
        assert!(
            reaching.iter().all(|k| kept.contains(k)),
            "x = {x}: {reaching:?} not all in {kept:?}"
        );
        let order: Vec<Point> = kept.iter().map(|&k| all[k].at).collect();
        assert_eq!(near.iter().map(|o| o.at).collect::<Vec<_>>(), order, "x = {x}");
    }
}

#[test]
fn only_points_on_their_grid_cells_skip_the_first_lists() {
    let mut rng = Rng::new(5, 5);
    let mut points = jittered_grid(12, 8, &mut rng);
    assert!(on_layout(&points, 9, 13));
    assert!(!on_layout(&points[1..], 9, 13));
    points[40].x += 0.6;
    assert!(!on_layout(&points, 9, 13));
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

#[test]
fn a_move_is_each_axis_moved_on_its_own_bit_for_bit() {
    let mut rng = Rng::new(12, 12);
    let (w, h) = (7.0, 5.0);
    // Positions and moves that land inside, near and past every side.
    let coordinate = |rng: &mut Rng, size: f64| match rng.index(4) {
        0 => rng.uniform(-0.5, size + 0.5),
        1 => SNAP + rng.uniform(-1e-12, 1e-12),
        2 => size - SNAP + rng.uniform(-1e-12, 1e-12),
        _ => rng.uniform(SNAP, size - SNAP),
    };
    for _ in 0..20_000 {
        let p = Point::new(coordinate(&mut rng, w), coordinate(&mut rng, h));
        let still = rng.index(4) == 0;
        let v = if still {
            Point::default()
        } else {
            Point::new(rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3))
        };
        let step = [1.0, 0.5, 2.0 / 3.0][rng.index(3)];
        let sides: Sides = Side::ALL.into_iter().filter(|_| rng.index(8) == 0).collect();
        let (mut got_sides, mut want_sides) = (sides, sides);
        let got = advance(p, v, &mut got_sides, step, (w, h));
        let want = Point::new(
            advance_axis(p.x, v.x, step, w, &mut want_sides, (Side::Left, Side::Right)),
            advance_axis(p.y, v.y, step, h, &mut want_sides, (Side::Top, Side::Bottom)),
        );
        assert_eq!(
            (got.x.to_bits(), got.y.to_bits(), got_sides),
            (want.x.to_bits(), want.y.to_bits(), want_sides),
            "{p:?} {v:?} {sides:?}"
        );
    }
}

#[test]
fn paired_pushes_are_the_scalar_pushes_bit_for_bit() {
    let mut rng = Rng::new(11, 11);
    let p = Point::new(5.0, 5.0);
    // Neighbours at every distance around the equilibrium one, exactly
    // on it, on `p` itself, and just inside and outside.
    let mut points = vec![p, Point::new(6.0, 5.0), Point::new(5.0, 4.0)];
    points.push(Point::new(5.0 + f64::from_bits(1.0f64.to_bits() - 1), 5.0));
    points.push(Point::new(5.0, 5.0 + f64::from_bits(1.0f64.to_bits() + 1)));
    points.extend((0..200).map(|_| {
        let (r, a) = (rng.uniform(0.0, 1.5), rng.uniform(0.0, std::f64::consts::TAU));
        let (s, c) = crate::geom::sin_cos(a);
        Point::new(5.0 + r * c, 5.0 + r * s)
    }));
    let step = Step {
        points: &points,
        lists: None,
        patch: &[],
        is_mover: &[],
        obstacles: &Columns::new(&[], 10),
        step: 1.0,
        size: (10.0, 10.0),
        rows: 1,
    };
    for _ in 0..500 {
        let len = rng.range_inclusive(0, 11) as usize;
        let mut near: Vec<u32> = (0..len).map(|_| rng.index(points.len()) as u32).collect();
        near.sort_unstable();
        let mut want = Point::default();
        for &q in &near {
            let q = points[q as usize];
            push(&mut want, p, q.x, q.y, EQUILIBRIUM);
        }
        let got = step.pushes(p, &near, None);
        assert_eq!((got.x.to_bits(), got.y.to_bits()), (want.x.to_bits(), want.y.to_bits()), "{near:?}");
    }
}
