//! Power dots (the original's devlog part 2): small dots on a node's rim, each
//! in an angular gap between the node's edges.
//!
//! A node wants `U{1 + ⌊p/4⌋ ..= 2 + ⌊p/4⌋}` dots for `p` players, the centre
//! exactly one; its type may set the count (the original's Village Ruins:
//! 4) or add to it (Chameleon: 2). Each dot picks a random gap wider than
//! `2r` (`r = 0.225π`), sits at a random angle at least `r` inside it, and
//! then blocks like an edge. On a border node the half-turn facing off the
//! paper is blocked too, so dots point into the paper. A node with no gap
//! left keeps fewer dots, but never none: as in the original, a node that
//! got no dot gets one anyway, here in the middle of its widest free gap,
//! where it overlaps its edges least (the drawing keeps it off their lines).
//!
//! Angles are radians in board coordinates (x right, y down), from
//! [`crate::geom::atan2`] so they are the same on every machine.

use std::f64::consts::{FRAC_PI_2, PI, TAU};

use crate::geom::{Point, atan2, atan2_pair, normalize_angle};
use rayon::prelude::*;

use crate::seed::{Rng, Seed};

use super::{BuiltSoFar, Params, Side, Sides};

/// Half the angular room a dot needs.
pub const DOT_ANGLE: f64 = 0.225 * PI;

/// What a node's type says of its dots: a count instead of the player
/// count's, and dots beyond it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TypeDots {
    /// The count, if the type sets it.
    pub fixed: Option<u32>,
    /// Dots added.
    pub extra: u32,
}

/// How many dots a node wants, drawn from `rng` (drawn for every node, so
/// that a type's count leaves the other nodes' dots alone).
pub fn wanted(players: u32, is_center: bool, of_type: TypeDots, rng: &mut Rng) -> u32 {
    let base = 1 + i64::from(players / 4);
    let drawn = rng.range_inclusive(base, base + 1) as u32;
    if is_center {
        return 1;
    }
    of_type.fixed.unwrap_or(drawn) + of_type.extra
}

/// Working space of [`place`], kept between calls so that placing dots on
/// a million nodes does not allocate twice for each.
#[derive(Default)]
pub struct Arcs {
    blocked: Vec<(f64, f64)>,
    free: Vec<(f64, f64)>,
}

/// Places up to `count` dots around the node at `at` whose edges go to
/// `neighbors`; returns their angles in placement order.
pub fn place(at: Point, neighbors: impl Iterator<Item = Point>, sides: Sides, count: u32, rng: &mut Rng, arcs: &mut Arcs) -> Vec<f64> {
    let Arcs { blocked, free } = arcs;
    // Blocked arcs as (start, length), angles in [0, 2π).
    blocked.clear();
    // The edges' directions, two at a time (see [`atan2_pair`]).
    let mut waiting: Option<(f64, f64)> = None;
    for q in neighbors {
        let (y, x) = (q.y - at.y, q.x - at.x);
        match waiting.take() {
            None => waiting = Some((y, x)),
            Some((y0, x0)) => {
                let [a, b] = atan2_pair([y0, y], [x0, x]);
                blocked.extend([(normalize_angle(a), 0.0), (normalize_angle(b), 0.0)]);
            }
        }
    }
    if let Some((y, x)) = waiting {
        blocked.push((normalize_angle(atan2(y, x)), 0.0));
    }
    // Off-paper half-turns: centred on the outward direction.
    for (side, outward) in [
        (Side::Right, 0.0),
        (Side::Bottom, FRAC_PI_2),
        (Side::Left, PI),
        (Side::Top, 3.0 * FRAC_PI_2),
    ] {
        if sides.contains(side) {
            blocked.push((normalize_angle(outward - FRAC_PI_2), PI));
        }
    }
    let mut dots = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let angle = if blocked.is_empty() {
            rng.uniform(0.0, TAU)
        } else {
            gaps(blocked, free);
            free.retain(|&(_, len)| len > 2.0 * DOT_ANGLE);
            if free.is_empty() {
                break;
            }
            let (start, len) = free[rng.index(free.len())];
            normalize_angle(start + DOT_ANGLE + rng.unit() * (len - 2.0 * DOT_ANGLE))
        };
        dots.push(angle);
        blocked.push((angle, 0.0));
    }
    if dots.is_empty() && count > 0 {
        // No gap was wide enough: the middle of the widest.
        gaps(blocked, free);
        let widest = free.iter().copied().reduce(|a, b| if b.1 > a.1 { b } else { a });
        dots.push(widest.map_or(0.0, |(start, len)| normalize_angle(start + len / 2.0)));
    }
    dots
}

/// The free arcs between the `blocked` arcs (sorted in place), as (start,
/// length), written into `out`.
fn gaps(blocked: &mut [(f64, f64)], out: &mut Vec<(f64, f64)>) {
    blocked.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    // Walk once around from the first arc's start, tracking how far the
    // blocked region reaches; a gap opens wherever the next arc starts beyond it.
    out.clear();
    let origin = blocked[0].0;
    let mut reach = blocked[0].1;
    for &(start, len) in &blocked[1..] {
        let s = start - origin;
        if s > reach {
            out.push((origin + reach, s - reach));
        }
        reach = reach.max(s + len);
    }
    if reach < TAU {
        out.push((origin + reach, TAU - reach));
    }
}

/// The power dots of every node, and how many each wanted, where
/// `type_dots` tells what a node's type says of them; with `untyped`, the
/// dots placed as if every `type_dots` were the default, only the nodes
/// whose `type_dots` is not are placed again.
pub(super) fn place_all(
    params: &Params,
    seed: &Seed,
    attempt: u32,
    board: &BuiltSoFar<'_>,
    type_dots: impl Fn(u32) -> TypeDots + Sync,
    untyped: Option<Vec<(Vec<f64>, u32)>>,
) -> Vec<(Vec<f64>, u32)> {
    let &BuiltSoFar {
        points,
        sides,
        graph,
        center,
        ..
    } = board;
    let rng = seed.stream("dots", attempt);
    // Each node draws from its own substream: any thread, same dots, and a
    // node placed again places them as it would have the first time.
    let place = |arcs: &mut Arcs, id: u32| {
        let mut rng = rng.substream(u64::from(id));
        let want = wanted(params.players, id == center, type_dots(id), &mut rng);
        let near = graph.neighbors(id).iter().map(|&q| points[q as usize]);
        let placed = place(points[id as usize], near, sides[id as usize], want, &mut rng, arcs);
        (placed, want)
    };
    match untyped {
        None => (0..points.len() as u32).into_par_iter().map_init(Arcs::default, place).collect(),
        Some(mut placed) => {
            placed.par_iter_mut().enumerate().for_each_init(Arcs::default, |arcs, (id, node)| {
                if type_dots(id as u32) != TypeDots::default() {
                    *node = place(arcs, id as u32);
                }
            });
            placed
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn angular_distance(a: f64, b: f64) -> f64 {
        let d = (a - b).abs() % TAU;
        d.min(TAU - d)
    }

    #[test]
    fn gaps_cover_the_free_circle() {
        let gaps = |mut arcs: Vec<(f64, f64)>| {
            let mut out = Vec::new();
            gaps(&mut arcs, &mut out);
            out
        };
        let g = gaps(vec![(0.0, 0.0), (PI, 0.0)]);
        assert_eq!(g.len(), 2);
        assert!((g[0].1 - PI).abs() < 1e-12 && (g[1].1 - PI).abs() < 1e-12);
        // An arc wrapping past 2π hides the start of the circle.
        let g = gaps(vec![(1.5 * PI, PI)]);
        assert_eq!(g.len(), 1);
        assert!((g[0].0 - 2.5 * PI).abs() < 1e-12 && (g[0].1 - PI).abs() < 1e-12);
    }

    #[test]
    fn a_crowded_node_still_gets_one_dot_in_its_widest_gap() {
        // Eight edges a quarter-turn apart or closer: no gap of 2r.
        let at = Point::new(5.0, 5.0);
        let angles = [0.0, 0.7, 1.4, 2.1, 2.8, 3.5, 4.2, 5.0];
        let neighbors: Vec<Point> = angles
            .iter()
            .map(|&a| {
                let (s, c) = crate::geom::sin_cos(a);
                Point::new(5.0 + c, 5.0 + s)
            })
            .collect();
        let mut rng = Rng::new(1, 1);
        let dots = place(at, neighbors.into_iter(), Sides::NONE, 3, &mut rng, &mut Arcs::default());
        assert_eq!(dots.len(), 1);
        // The widest gap runs from 5.0 round to 0.0 (2π − 5.0 ≈ 1.28).
        assert!((dots[0] - (5.0 + (TAU - 5.0) / 2.0)).abs() < 1e-6, "{}", dots[0]);
        assert_eq!(
            place(at, std::iter::empty(), Sides::NONE, 0, &mut rng, &mut Arcs::default()).len(),
            0
        );
    }

    #[test]
    fn dots_keep_clear_of_edges_each_other_and_the_paper() {
        let mut rng = Rng::new(9, 9);
        for _ in 0..500 {
            let at = Point::new(5.0, 0.0);
            let neighbors: Vec<Point> = (0..rng.range_inclusive(1, 3))
                .map(|_| Point::new(rng.uniform(3.0, 7.0), rng.uniform(0.5, 2.0)))
                .collect();
            let sides = Sides::NONE.with(Side::Top);
            let dots = place(at, neighbors.iter().copied(), sides, 3, &mut rng, &mut Arcs::default());
            assert!(!dots.is_empty());
            // Room from the edges and the paper's half-turn off it.
            let room = |d: f64| {
                let edges = neighbors
                    .iter()
                    .map(|q| angular_distance(d, normalize_angle(atan2(q.y - at.y, q.x - at.x))));
                let paper = if d <= PI { d.min(PI - d) } else { 0.0 };
                edges.fold(paper, f64::min)
            };
            if room(dots[0]) < DOT_ANGLE - 1e-9 {
                // The one dot a node gets when no gap is wide enough.
                assert_eq!(dots.len(), 1);
                let best = (0..3600).map(|k| room(f64::from(k) * TAU / 3600.0)).fold(0.0, f64::max);
                assert!(best < DOT_ANGLE + 1e-3, "a gap had room: {best}");
                continue;
            }
            for (i, &d) in dots.iter().enumerate() {
                // Into the paper: y grows downwards, so sin(angle) > 0.
                assert!(d > DOT_ANGLE - 1e-9 && d < PI - DOT_ANGLE + 1e-9, "{d}");
                for q in &neighbors {
                    let edge = normalize_angle(atan2(q.y - at.y, q.x - at.x));
                    assert!(angular_distance(d, edge) >= DOT_ANGLE - 1e-9);
                }
                for &e in &dots[..i] {
                    assert!(angular_distance(d, e) >= DOT_ANGLE - 1e-9);
                }
            }
        }
    }
}
