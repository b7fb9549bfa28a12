//! Natural resources (the original's Sharp Scissors, and boardwright's
//! resources expansion, each with its own pieces), scattered in the areas
//! that hold no expedition or landmark, as the original scatters them and,
//! ours on top, clear of every edge.
//!
//! An area where at least half the nodes are on the paper's border is left
//! alone. Any other takes 1 to 4 resources (1 or 2 where it has 4 nodes or
//! fewer), each at a random point of the area shrunk to [`SHRINK`] of its
//! size towards the mean of its outline's points, farther than the
//! resource radius from every node and every other resource, and farther
//! than half of it from every edge and the paper's border. A resource gets
//! [`TRIES`] points to try, then the area's remaining ones are given up.
//! Types are drawn by weight; each lies turned at random.

use std::f64::consts::TAU;

use super::Piece;
use super::areas::Faces;
use super::expeditions::draw;
use super::inscribed::signed_distance;
use crate::geom::Point;
use crate::seed::Rng;
use crate::universe::Resource;

/// How much of an area, towards its middle, its resources lie in.
pub const SHRINK: f64 = 0.7;
/// Random points tried for one resource.
pub const TRIES: u32 = 200;

/// The resources of area `area` (its ring in `faces`), drawn from `kinds`,
/// with `radius` the distance they keep.
pub fn scatter(
    faces: &Faces,
    area: usize,
    points: &[Point],
    on_border: &[bool],
    radius: f64,
    kinds: &[&Piece],
    rng: &mut Rng,
) -> Vec<Resource> {
    let n = points.len();
    let ring = &faces.faces[area].ring;
    let mut nodes: Vec<u32> = ring.iter().copied().filter(|&v| (v as usize) < n).collect();
    nodes.sort_unstable();
    nodes.dedup();
    let border = nodes.iter().filter(|&&v| on_border[v as usize]).count();
    if nodes.is_empty() || 2 * border >= nodes.len() {
        return Vec::new();
    }
    let outline: Vec<Point> = ring.iter().map(|&v| faces.at(points, v)).collect();
    let mean = {
        let (sx, sy) = outline.iter().fold((0.0, 0.0), |(x, y), p| (x + p.x, y + p.y));
        Point::new(sx / outline.len() as f64, sy / outline.len() as f64)
    };
    let shrunk: Vec<Point> = outline
        .iter()
        .map(|p| Point::new(mean.x + SHRINK * (p.x - mean.x), mean.y + SHRINK * (p.y - mean.y)))
        .collect();
    let (mut x0, mut y0, mut x1, mut y1) = (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    for p in &shrunk {
        (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
    }
    let most = if nodes.len() <= 4 { 2 } else { 4 };
    let wanted = rng.range_inclusive(1, most);
    let mut placed: Vec<Resource> = Vec::new();
    for _ in 0..wanted {
        let found = (0..TRIES).find_map(|_| {
            let p = Point::new(rng.uniform(x0, x1), rng.uniform(y0, y1));
            let fits = signed_distance(p, &shrunk) > 0.0
                && signed_distance(p, &outline) > radius / 2.0
                && nodes.iter().all(|&v| points[v as usize].dist(p) > radius)
                && placed.iter().all(|r| Point::new(r.x, r.y).dist(p) > radius);
            fits.then_some(p)
        });
        let Some(p) = found else { break };
        placed.push(Resource {
            name: draw(kinds, rng),
            area: area as u32,
            x: p.x,
            y: p.y,
            rotation: rng.uniform(0.0, TAU),
        });
    }
    placed
}
