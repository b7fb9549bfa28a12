//! Expeditions and landmarks, at the centre of the largest circle an area
//! holds.
//!
//! - The original's way ([`nearest`], with its own test of room,
//!   [`original_room`]): the areas with room nearest the centre, at most
//!   ten expeditions with 1–3 join slots each (Extreme Expeditions) or,
//!   without them, at most five landmarks (Sharp Scissors). The original
//!   finds room from the mean of an area's nodes and relaxes the point
//!   away from them; the piece stands here at the centre of the area's
//!   largest circle, the same idea, exact, which keeps it clear of every
//!   edge as it is drawn.
//! - boardwright's ([`place`], the expeditions expansion): an area has
//!   room when its largest circle's radius is at least `expedition_radius`
//!   (clear of the area's nodes and edges and of the paper's border); one
//!   in every area with room, taken in a random order; each takes an
//!   expedition where its quadrant has no more expeditions than landmarks,
//!   else a landmark, so that every quadrant holds about as many of each.
//!
//! Types are drawn by weight from their expansion's lists.

use super::inscribed::Circle;
use super::{EXPEDITIONS, Piece, expedition_types, landmark_types, of_expansion};
use crate::geom::Point;
use crate::seed::Rng;
use crate::universe::{Expedition, ExpeditionKind};

/// The expeditions and landmarks of the areas whose largest circles are
/// `circles` (by area; none where it is smaller than the expedition
/// radius), with quadrants counted round `center`.
pub fn place(circles: &[Option<Circle>], center: Point, rng: &mut Rng) -> Vec<Expedition> {
    let mut roomy: Vec<(u32, Circle)> = (0..circles.len() as u32)
        .filter_map(|a| circles[a as usize].map(|c| (a, c)))
        .collect();
    rng.shuffle(&mut roomy);
    let mut counts = [[0u32; 4]; 2];
    let mut placed: Vec<Expedition> = roomy
        .into_iter()
        .map(|(area, c)| {
            let q = quadrant(c.center, center);
            let kind = if counts[0][q] <= counts[1][q] {
                ExpeditionKind::Expedition
            } else {
                ExpeditionKind::Landmark
            };
            let list = match kind {
                ExpeditionKind::Expedition => of_expansion(expedition_types(), EXPEDITIONS),
                ExpeditionKind::Landmark => of_expansion(landmark_types(), EXPEDITIONS),
            };
            counts[usize::from(kind == ExpeditionKind::Landmark)][q] += 1;
            Expedition {
                kind,
                name: draw(&list, rng),
                area,
                x: c.center.x,
                y: c.center.y,
                radius: c.radius,
                slots: 0,
            }
        })
        .collect();
    placed.sort_by_key(|e| e.area);
    placed
}

/// The original's way: pieces of `kind` from `list` in the (at most
/// `most`) areas with room nearest `center` (ties by area), each
/// expedition with 1–3 join slots.
pub fn nearest(
    circles: &[Option<Circle>],
    center: Point,
    kind: ExpeditionKind,
    list: &[&Piece],
    most: usize,
    rng: &mut Rng,
) -> Vec<Expedition> {
    let mut roomy: Vec<(f64, u32, Circle)> = (0..circles.len() as u32)
        .filter_map(|a| circles[a as usize].map(|c| (c.center.dist2(center), a, c)))
        .collect();
    roomy.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    roomy.truncate(most);
    let mut placed: Vec<Expedition> = roomy
        .into_iter()
        .map(|(_, area, c)| Expedition {
            kind,
            name: draw(list, rng),
            area,
            x: c.center.x,
            y: c.center.y,
            radius: c.radius,
            slots: match kind {
                ExpeditionKind::Expedition => rng.range_inclusive(1, 3) as u32,
                ExpeditionKind::Landmark => 0,
            },
        })
        .collect();
    placed.sort_by_key(|e| e.area);
    placed
}

/// The quadrant of `p` round `center`: left-above, right-above, left-below,
/// right-below (as the board's node counts).
pub fn quadrant(p: Point, center: Point) -> usize {
    usize::from(p.x >= center.x) + 2 * usize::from(p.y >= center.y)
}

/// How far (grid units) the point the original tries keeps from every node
/// of the area: a node's radius and an expedition's, 0.3 each.
pub const ORIGINAL_ROOM: f64 = 0.6;

/// Whether an area whose nodes are `nodes` (in the order its ring walks
/// them, each once) has room by the original's test: the mean of its
/// first nodes lies farther than [`ORIGINAL_ROOM`] from every one of its
/// nodes, the last of them left out one by one while three remain.
pub fn original_room(nodes: &[Point]) -> bool {
    let mut first = nodes.len();
    while first >= 3 {
        let (sx, sy) = nodes[..first].iter().fold((0.0, 0.0), |(x, y), p| (x + p.x, y + p.y));
        let mean = Point::new(sx / first as f64, sy / first as f64);
        if nodes.iter().all(|p| p.dist(mean) > ORIGINAL_ROOM) {
            return true;
        }
        first -= 1;
    }
    false
}

/// A name drawn by weight from `list` (which has a positive weight).
pub(super) fn draw(list: &[&Piece], rng: &mut Rng) -> String {
    let weights: Vec<f64> = list.iter().map(|p| p.weight).collect();
    list[rng.weighted(&weights).unwrap_or(0)].name.clone()
}
