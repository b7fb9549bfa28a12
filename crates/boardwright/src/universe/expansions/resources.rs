//! Natural resources (the original's Sharp Scissors, and boardwright's
//! resources expansion, each with its own pieces), scattered in the areas
//! that hold no expedition or landmark.
//!
//! An area where at least half the nodes are on the paper's border is left
//! alone. Any other takes 1 to 4 resources (1 or 2 where it has 4 nodes or
//! fewer), each at a random point of the area shrunk to [`SHRINK`] of its
//! size towards its middle, clear of the area's nodes, of its other
//! resources and of its outline by a [`Clearance`]. A resource gets
//! [`TRIES`] points to try. Types are drawn by weight; each lies turned at
//! random.
//!
//! Sharp Scissors follows the original's `addNaturalResources`: only the
//! areas its walk keeps ([`Face::original_nodes`](super::areas::Face::original_nodes)),
//! their nodes' outline shrunk towards their mean, its distances, and a
//! resource that finds no place skipped for the next; ours on top, each
//! clear of the outline by its own reach, so that none lies on an edge.
//! The resources expansion keeps `resource_radius` from nodes and from
//! each other and half of it from every edge and the paper's border, and
//! gives up an area's remaining resources once one finds no place.

use std::f64::consts::TAU;

use super::Piece;
use super::areas::Faces;
use super::expeditions::draw;
use super::inscribed::signed_distance;
use crate::geom::Point;
use crate::grid::PointGrid;
use crate::seed::Rng;
use crate::universe::Resource;

/// How much of an area, towards its middle, its resources lie in.
pub const SHRINK: f64 = 0.7;
/// Random points tried for one resource.
pub const TRIES: u32 = 200;

/// How far resources keep from what is round them, grid units, and whose
/// rules place them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clearance {
    /// From every node of the area.
    pub nodes: f64,
    /// From every node of the area past its reach as drawn.
    pub past_reach: f64,
    /// From every other resource of the area.
    pub apart: f64,
    /// From the area's outline.
    pub outline: f64,
    /// The original's rules: its areas, its outline of nodes, a resource
    /// with no place skipped (else the area's remaining ones given up).
    pub original: bool,
}

impl Clearance {
    /// The original's: a node's radius (0.3) and a resource's reach (0.09
    /// and a margin of 0.075) from every node, two reaches apart; ours on
    /// top, one reach from the outline and past a larger node's reach (a
    /// mission's frame, the centre's).
    pub const ORIGINAL: Clearance = Clearance {
        nodes: 0.465,
        past_reach: 0.165,
        apart: 0.33,
        outline: 0.165,
        original: true,
    };

    /// boardwright's resources expansion's, of `resource_radius`.
    pub fn ours(radius: f64) -> Clearance {
        Clearance {
            nodes: radius,
            past_reach: 0.0,
            apart: radius,
            outline: radius / 2.0,
            original: false,
        }
    }
}

/// The board's nodes as resources keep clear of them.
pub struct Nodes<'a> {
    /// Where each lies.
    at: &'a [Point],
    /// Whether each is on the paper's border.
    on_border: &'a [bool],
    /// How far each reaches as drawn, grid units.
    reach: &'a [f64],
    /// For boardwright's rules, every node bucketed and the farthest a
    /// resource keeps from one; the original's keep clear of the area's
    /// own nodes only.
    near: Option<(PointGrid, f64)>,
}

impl<'a> Nodes<'a> {
    /// The nodes `at` (on the border as `on_border` says, reaching `reach`
    /// as drawn) of a board `size` grid units, as resources `clear` of
    /// them see them.
    pub fn new(at: &'a [Point], on_border: &'a [bool], reach: &'a [f64], clear: Clearance, size: (f64, f64)) -> Nodes<'a> {
        let near = (!clear.original).then(|| {
            let farthest = reach.iter().fold(clear.nodes, |most, r| most.max(r + clear.past_reach));
            (PointGrid::new(at, size.0, size.1, farthest.max(1.0)), farthest)
        });
        Nodes {
            at,
            on_border,
            reach,
            near,
        }
    }
}

/// The resources of area `area` (its ring in `faces`), drawn from `kinds`,
/// kept `clear` of the `nodes`: the original's rules keep clear of the
/// area's own, ours of every node (on the original's edges, one of another
/// area may lie near an edge of this one).
pub fn scatter(faces: &Faces, area: usize, nodes: &Nodes, clear: Clearance, kinds: &[&Piece], rng: &mut Rng) -> Vec<Resource> {
    let Nodes {
        at: points,
        on_border,
        reach,
        ref near,
    } = *nodes;
    let n = points.len();
    let face = &faces.faces[area];
    // The area's outline as the board draws it (with the paper's corners).
    let drawn: Vec<Point> = face.ring.iter().map(|&v| faces.at(points, v)).collect();
    let (nodes, outline): (Vec<u32>, Vec<Point>) = if clear.original {
        let Some(nodes) = face.original_nodes(n, on_border) else {
            return Vec::new();
        };
        let outline = nodes.iter().map(|&v| points[v as usize]).collect();
        (nodes, outline)
    } else {
        let mut nodes: Vec<u32> = face.ring.iter().copied().filter(|&v| (v as usize) < n).collect();
        nodes.sort_unstable();
        nodes.dedup();
        (nodes, drawn.clone())
    };
    let border = nodes.iter().filter(|&&v| on_border[v as usize]).count();
    if nodes.is_empty() || 2 * border >= nodes.len() {
        return Vec::new();
    }
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
            let clear_of = |v: u32| points[v as usize].dist(p) > clear.nodes.max(reach[v as usize] + clear.past_reach);
            let fits = signed_distance(p, &shrunk) > 0.0
                && signed_distance(p, &drawn) > clear.outline
                && match near {
                    Some((grid, farthest)) => grid.within(points, p, *farthest).all(clear_of),
                    None => nodes.iter().all(|&v| clear_of(v)),
                }
                && placed.iter().all(|r| Point::new(r.x, r.y).dist(p) > clear.apart);
            fits.then_some(p)
        });
        let Some(p) = found else {
            if clear.original {
                continue;
            }
            break;
        };
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
