//! Plane geometry: points, exact orientation tests, segments, and angle
//! functions that give the same bits on every machine.
//!
//! `f64::atan2`, `sin` and `cos` come from the platform's maths library and may
//! differ in the last bit between systems; output that depends on angles uses
//! [`atan2`], [`sin_cos`] here instead, built from `+ − × ÷` and `sqrt` only
//! (all correctly rounded by IEEE 754).

use std::f64::consts::{FRAC_PI_2, PI, TAU};

use wide::f64x2;

/// A point (or vector) in board units.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate (down the page).
    pub y: f64,
}

impl Point {
    /// A point from its coordinates.
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// Squared distance to `other`.
    pub fn dist2(self, other: Point) -> f64 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        dx * dx + dy * dy
    }

    /// Distance to `other`.
    pub fn dist(self, other: Point) -> f64 {
        self.dist2(other).sqrt()
    }
}

fn coord(p: Point) -> robust::Coord<f64> {
    robust::Coord { x: p.x, y: p.y }
}

/// Exact orientation: positive when `c` lies to the left of `a → b` (in
/// x-right, y-up terms), negative to the right, zero when collinear.
pub fn orient(a: Point, b: Point, c: Point) -> f64 {
    robust::orient2d(coord(a), coord(b), coord(c))
}

/// Exact in-circle test: positive when `d` lies strictly inside the circle
/// through `a`, `b`, `c` (in either orientation).
pub fn in_circle(a: Point, b: Point, c: Point, d: Point) -> bool {
    let v = robust::incircle(coord(a), coord(b), coord(c), coord(d));
    let o = orient(a, b, c);
    (v > 0.0 && o > 0.0) || (v < 0.0 && o < 0.0)
}

/// Whether segments `p1p2` and `q1q2` cross at a point interior to both.
/// Segments that only touch (an endpoint on the other segment, or a shared
/// endpoint) do not count; clearance checks catch those.
pub fn segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool {
    let d1 = orient(p1, p2, q1);
    let d2 = orient(p1, p2, q2);
    let d3 = orient(q1, q2, p1);
    let d4 = orient(q1, q2, p2);
    ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0)) && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
}

/// Squared distance from `p` to the segment `ab`.
pub fn segment_dist2(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return p.dist2(a);
    }
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0);
    p.dist2(Point::new(a.x + t * dx, a.y + t * dy))
}

/// A monotone stand-in for the angle of `(dx, dy)`, in `[0, 4)`; cheap and
/// exact enough for sorting directions.
pub fn pseudo_angle(dx: f64, dy: f64) -> f64 {
    let p = dx / (dx.abs() + dy.abs());
    if dy >= 0.0 { 1.0 - p } else { 3.0 + p }
}

/// The angle of `(x, y)` in `(−π, π]`, as `f64::atan2` but identical on every
/// machine (error below 1e-15).
pub fn atan2(y: f64, x: f64) -> f64 {
    atan2_pair([y, y], [x, x])[0]
}

/// [`atan2`] of two vectors at once, `(x[0], y[0])` and `(x[1], y[1])`, the
/// series of both run in one vector: each lane's bits are those of its vector
/// alone.
pub fn atan2_pair(y: [f64; 2], x: [f64; 2]) -> [f64; 2] {
    let ((s0, l0), (s1, l1)) = (octant(y[0], x[0]), octant(y[1], x[1]));
    // A zero vector's lane computes 0 / 0 and is then set aside.
    let [a0, a1] = atan_unit(f64x2::new([s0, s1]) / f64x2::new([l0, l1])).to_array();
    let one = |a: f64, y: f64, x: f64| if x == 0.0 && y == 0.0 { 0.0 } else { unfold(a, y, x) };
    [one(a0, y[0], x[0]), one(a1, y[1], x[1])]
}

/// The smaller and the larger of `|x|`, `|y|`: their ratio is the tangent of
/// the first-octant angle [`unfold`] starts from.
fn octant(y: f64, x: f64) -> (f64, f64) {
    let (ax, ay) = (x.abs(), y.abs());
    if ay <= ax { (ay, ax) } else { (ax, ay) }
}

/// The angle of `(x, y)` from `a`, the angle of its first-octant image.
fn unfold(a: f64, y: f64, x: f64) -> f64 {
    let mut a = a;
    if y.abs() > x.abs() {
        a = FRAC_PI_2 - a;
    }
    if x < 0.0 {
        a = PI - a;
    }
    if y < 0.0 { -a } else { a }
}

/// `atan(t)` in each lane, for `t` in `[0, 1]`.
fn atan_unit(t: f64x2) -> f64x2 {
    // Halve the argument twice (atan(t) = 2·atan(t / (1 + sqrt(1 + t²)))),
    // leaving |t| ≤ tan(π/16) ≈ 0.199, then sum the odd Taylor series.
    let one = f64x2::splat(1.0);
    let mut t = t;
    let mut scale = one;
    for _ in 0..2 {
        t /= one + (one + t * t).sqrt();
        scale *= f64x2::splat(2.0);
    }
    let t2 = t * t;
    let mut term = t;
    let mut sum = f64x2::ZERO;
    let mut k = one;
    // 0.199^(2·12+1) / 25 < 1e-18: twelve terms suffice.
    for _ in 0..12 {
        sum += term / k;
        term *= -t2;
        k += f64x2::splat(2.0);
    }
    scale * sum
}

/// `(sin θ, cos θ)`, identical on every machine (error below 1e-15).
pub fn sin_cos(theta: f64) -> (f64, f64) {
    // Reduce to [−π/4, π/4] by quarter turns, then Taylor series.
    let turns = (theta / FRAC_PI_2).round();
    let r = theta - turns * FRAC_PI_2;
    let r2 = r * r;
    let (mut s, mut c) = (0.0, 0.0);
    let (mut ts, mut tc) = (r, 1.0);
    for k in 0..11 {
        s += ts;
        c += tc;
        let k = f64::from(2 * k + 2);
        tc *= -r2 / (k * (k - 1.0));
        ts *= -r2 / (k * (k + 1.0));
    }
    match (turns as i64).rem_euclid(4) {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

/// `2^k` for `k` in the normal range of `f64` (−1022 to 1023), exactly.
fn two_to(k: i64) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// `e^x`, identical on every machine (relative error below 1e-15); 0
/// below −708 and infinite above 709.
pub fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < -708.0 {
        return 0.0;
    }
    if x > 709.0 {
        return f64::INFINITY;
    }
    // x = k ln 2 + r with |r| ≤ ln 2 / 2, then Taylor series of e^r.
    // ln 2 in two parts (the high one with its low bits zero), so that
    // k times the high part is exact.
    let ln2_high = f64::from_bits(0x3fe6_2e42_fee0_0000);
    let ln2_low = f64::from_bits(0x3dea_39ef_3579_3c76);
    let k = (x / std::f64::consts::LN_2).round();
    let r = (x - k * ln2_high) - k * ln2_low;
    let (mut sum, mut term) = (1.0, 1.0);
    for n in 1..24 {
        term *= r / f64::from(n);
        sum += term;
    }
    // Split the power of two so each half stays in the normal range.
    let k = k as i64;
    sum * two_to(k / 2) * two_to(k - k / 2)
}

/// The natural logarithm of a positive `x`, identical on every machine
/// (error below 1e-15); NaN for a negative `x`, −∞ for 0.
pub fn ln(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if x.is_infinite() {
        return x;
    }
    // x = m 2^e with m in [1/√2, √2), then ln m = 2 atanh((m − 1)/(m + 1)).
    let (mut m, mut e) = (x, 0i64);
    if m < f64::MIN_POSITIVE {
        m *= two_to(60);
        e -= 60;
    }
    let bits = m.to_bits();
    e += ((bits >> 52) & 0x7ff) as i64 - 1023;
    m = f64::from_bits((bits & !(0x7ff << 52)) | (1023 << 52));
    if m > std::f64::consts::SQRT_2 {
        m /= 2.0;
        e += 1;
    }
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let (mut sum, mut power) = (0.0, t);
    for n in 0..30 {
        sum += power / f64::from(2 * n + 1);
        power *= t2;
    }
    2.0 * sum + e as f64 * std::f64::consts::LN_2
}

/// `theta` folded into `[0, 2π)`.
pub fn normalize_angle(theta: f64) -> f64 {
    // `%` leaves a `theta` under 2π in size as it is: skip its slow path.
    let t = if theta.abs() < TAU { theta } else { theta % TAU };
    if t < 0.0 { t + TAU } else { t }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods)] // compares with the platform's results
mod tests {
    use super::*;

    /// The portable `exp` and `ln` against the platform's, over many
    /// magnitudes, and each other's inverse.
    #[test]
    #[allow(clippy::disallowed_methods)]
    fn exp_and_ln_match_the_platforms_within_rounding() {
        for k in -4000..4000 {
            let x = f64::from(k) * 0.17;
            let (ours, theirs) = (exp(x), x.exp());
            assert!((ours - theirs).abs() <= 4e-15 * theirs, "exp({x}): {ours} against {theirs}");
        }
        for k in -300..300 {
            for m in [1.0, 1.3, 1.41, 1.42, 1.9, 2.7, 7.5] {
                let x = m * 10f64.powi(k);
                let (ours, theirs) = (ln(x), x.ln());
                assert!(
                    (ours - theirs).abs() <= 4e-15 * theirs.abs().max(1.0),
                    "ln({x}): {ours} against {theirs}"
                );
            }
        }
        assert_eq!(ln(1.0), 0.0);
        assert!(ln(-1.0).is_nan());
        assert_eq!(ln(0.0), f64::NEG_INFINITY);
        assert!((ln(f64::MIN_POSITIVE / 8.0) - (f64::MIN_POSITIVE / 8.0).ln()).abs() < 1e-12);
        assert_eq!(exp(-800.0), 0.0);
        assert_eq!(exp(800.0), f64::INFINITY);
    }

    #[test]
    fn normalize_angle_is_the_remainder_bit_for_bit() {
        let plain = |theta: f64| {
            let t = theta % TAU;
            if t < 0.0 { t + TAU } else { t }
        };
        let edges = [
            0.0,
            -0.0,
            TAU,
            -TAU,
            PI,
            -PI,
            TAU.next_down(),
            (-TAU).next_up(),
            3.0 * TAU,
            -5.5 * TAU,
        ];
        let spread = (0..4000).map(|i| -20.0 + 40.0 * f64::from(i) / 4000.0);
        for theta in edges.into_iter().chain(spread) {
            assert_eq!(normalize_angle(theta).to_bits(), plain(theta).to_bits(), "{theta}");
        }
    }

    #[test]
    fn paired_atan2_lanes_are_independent() {
        let mut rng = crate::seed::Rng::new(23, 23);
        let special = [0.0, -0.0, 1.0, -1.0, 1e-300, -3.5, 2.0];
        for i in 0..20_000 {
            let pick = |rng: &mut crate::seed::Rng| {
                if i % 7 == 0 {
                    special[rng.index(special.len())]
                } else {
                    rng.uniform(-3.0, 3.0)
                }
            };
            let (y, x) = ([pick(&mut rng), pick(&mut rng)], [pick(&mut rng), pick(&mut rng)]);
            let got = atan2_pair(y, x);
            for lane in 0..2 {
                assert_eq!(got[lane].to_bits(), atan2(y[lane], x[lane]).to_bits(), "({}, {})", x[lane], y[lane]);
            }
        }
    }

    #[test]
    fn atan2_and_sin_cos_agree_with_std() {
        let mut worst: f64 = 0.0;
        for i in 0..2000 {
            let theta = -7.0 + 14.0 * f64::from(i) / 2000.0;
            let (s, c) = sin_cos(theta);
            worst = worst.max((s - theta.sin()).abs()).max((c - theta.cos()).abs());
            let (y, x) = (theta.sin() * 3.0, theta.cos() * 3.0);
            worst = worst.max((atan2(y, x) - y.atan2(x)).abs());
        }
        for (y, x) in [(0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0), (1.0, 1.0), (-2.0, -2.0)] {
            worst = worst.max((atan2(y, x) - f64::atan2(y, x)).abs());
        }
        assert!(worst < 1e-14, "worst error {worst}");
    }

    #[test]
    fn crossing_needs_interiors_to_meet() {
        let p = Point::new;
        assert!(segments_cross(p(0.0, 0.0), p(2.0, 2.0), p(0.0, 2.0), p(2.0, 0.0)));
        assert!(!segments_cross(p(0.0, 0.0), p(1.0, 1.0), p(1.0, 1.0), p(2.0, 0.0)));
        assert!(!segments_cross(p(0.0, 0.0), p(1.0, 0.0), p(0.0, 1.0), p(1.0, 1.0)));
        // An endpoint resting on the other segment touches but does not cross.
        assert!(!segments_cross(p(0.0, 0.0), p(2.0, 0.0), p(1.0, 0.0), p(1.0, 1.0)));
    }

    #[test]
    fn segment_distance() {
        let p = Point::new;
        assert_eq!(segment_dist2(p(1.0, 1.0), p(0.0, 0.0), p(2.0, 0.0)), 1.0);
        assert_eq!(segment_dist2(p(3.0, 0.0), p(0.0, 0.0), p(2.0, 0.0)), 1.0);
        assert_eq!(segment_dist2(p(0.0, 2.0), p(0.0, 0.0), p(0.0, 0.0)), 4.0);
    }

    #[test]
    fn pseudo_angle_is_monotone() {
        let mut last = -1.0;
        for i in 0..360 {
            let (s, c) = sin_cos(-PI + TAU * f64::from(i) / 360.0 + 1e-9);
            let a = pseudo_angle(c, s);
            if i > 0 {
                assert!(a > last || (i == 180 && a < last), "step {i}");
            }
            last = a;
        }
    }

    #[test]
    fn in_circle_ignores_orientation() {
        let p = Point::new;
        let (a, b, c) = (p(0.0, 0.0), p(2.0, 0.0), p(0.0, 2.0));
        assert!(in_circle(a, b, c, p(1.0, 1.0)));
        assert!(in_circle(a, c, b, p(1.0, 1.0)));
        assert!(!in_circle(a, b, c, p(3.0, 3.0)));
    }
}
