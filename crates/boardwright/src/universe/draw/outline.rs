//! A node's outline as drawn: a circle (regular nodes, the centre) or a
//! square (missions) of one size per kind, its power dots centred on its rim,
//! and inside them the band that holds the node's pictogram, number and name,
//! which the dots keep out of.
//!
//! Every length here is a part of the outline's size `r`: a circle's radius,
//! a square's half side.

use crate::geom::sin_cos;
use crate::universe::NodeKind;

/// Stroke of a regular node's outline.
const STROKE: f64 = 0.06;
/// Stroke of the centre's and the missions' bolder outlines.
const BOLD_STROKE: f64 = 0.1;
/// A power dot's radius, large enough for a player's pen mark, and its
/// stroke.
pub(super) const DOT: f64 = 0.26;
pub(super) const DOT_STROKE: f64 = 0.04;
/// The least radius of a dot on a crowded node, where its edges leave too
/// close together for [`DOT`].
const LEAST_DOT: f64 = 0.2;
/// Room kept between a dot and its node's edges' lines.
const DOT_GAP: f64 = 0.03;
/// Where the centre's and the missions' inner ring or frame lies.
pub(super) const INNER: f64 = 0.84;
/// Room between the dots and the band inside them.
const BAND_GAP: f64 = 0.04;

/// The outline of one kind of node.
#[derive(Clone, Copy)]
pub(super) struct Outline(pub NodeKind);

impl Outline {
    /// Whether the outline is a square (missions) rather than a circle.
    pub(super) fn square(self) -> bool {
        self.0 == NodeKind::Mission
    }

    /// The outline's stroke width.
    pub(super) fn stroke(self) -> f64 {
        match self.0 {
            NodeKind::Regular => STROKE,
            NodeKind::Center | NodeKind::Mission => BOLD_STROKE,
        }
    }

    /// How far the outline's line lies from the centre in the direction
    /// `(cos, sin)`.
    pub(super) fn rim(self, (cos, sin): (f64, f64)) -> f64 {
        if self.square() { 1.0 / cos.abs().max(sin.abs()) } else { 1.0 }
    }

    /// How far the outline's outer edge (its stroke included) lies from the
    /// centre in the direction `(cos, sin)`: where an edge leaving that way
    /// comes out of the node.
    pub(super) fn along(self, direction: (f64, f64)) -> f64 {
        self.rim(direction) * (1.0 + self.stroke() / 2.0)
    }

    /// The centre of the dot at `angle` (radians, y down), from the node's centre.
    pub(super) fn dot(self, angle: f64) -> (f64, f64) {
        let (sin, cos) = sin_cos(angle);
        let d = self.rim((cos, sin));
        (cos * d, sin * d)
    }

    /// The radius of the dot at `angle` (see [`Outline::dot`]): [`DOT`],
    /// or less where one of the node's edges, leaving its centre along a
    /// unit vector of `leaving`, passes so close that a dot of that size
    /// would touch the edge's line (`edge_half` its half width, as a part
    /// of the outline's size); never less than [`LEAST_DOT`], the dots'
    /// size on every node before they grew (the dots module keeps a dot at
    /// least 40° from every edge, but one on a node with no such gap).
    pub(super) fn dot_radius(self, angle: f64, leaving: &[(f64, f64)], edge_half: f64) -> f64 {
        let (x, y) = self.dot(angle);
        let room = leaving.iter().fold(f64::INFINITY, |room: f64, &(ux, uy)| {
            let along = (x * ux + y * uy).max(0.0);
            room.min((x - along * ux).hypot(y - along * uy))
        });
        (room - edge_half - DOT_STROKE / 2.0 - DOT_GAP).clamp(LEAST_DOT, DOT)
    }

    /// How far the outline's corners reach from the centre, its stroke
    /// included (a circle's rim all round).
    fn corners(self) -> f64 {
        let corner = if self.square() { std::f64::consts::SQRT_2 } else { 1.0 };
        corner * (1.0 + self.stroke() / 2.0)
    }

    /// How far everything drawn for the node reaches from its centre: the
    /// outline's corners, or a dot at `angles`.
    pub(super) fn reach(self, angles: &[f64]) -> f64 {
        angles.iter().fold(self.corners(), |far, &angle| {
            let (x, y) = self.dot(angle);
            far.max((x * x + y * y).sqrt() + DOT + DOT_STROKE / 2.0)
        })
    }

    /// How far everything drawn for the node reaches along the unit
    /// vector `(ux, uy)`, dots at `angles`: the outline's corners (a
    /// circle's rim) wherever they lie, and a dot only on its side. A
    /// shape wholly beyond this along `(ux, uy)` cannot meet the node.
    pub(super) fn extent(self, angles: &[f64], (ux, uy): (f64, f64)) -> f64 {
        angles.iter().fold(self.corners(), |far, &angle| {
            let (x, y) = self.dot(angle);
            far.max(x * ux + y * uy + DOT + DOT_STROKE / 2.0)
        })
    }

    /// Half the size of the band inside the dots: a disc of this radius in
    /// a circle, a square of this half side in a square. A dot centred
    /// anywhere on the rim stays out of it.
    pub(super) fn band(self) -> f64 {
        1.0 - DOT - DOT_STROKE / 2.0 - BAND_GAP
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dot_is_full_size_away_from_edges_and_smaller_between_close_ones() {
        let outline = Outline(NodeKind::Regular);
        let half = 0.05;
        // The dots module keeps a dot 40.5° from every edge: full size.
        let edge = |degrees: f64| {
            let (sin, cos) = sin_cos(degrees.to_radians());
            (cos, sin)
        };
        assert_eq!(outline.dot_radius(0.0, &[edge(40.5), edge(-40.5)], half), DOT);
        assert_eq!(outline.dot_radius(0.0, &[], half), DOT);
        // Edges 20° either side: smaller, and clear of both lines.
        let close = [edge(20.0), edge(-20.0)];
        let r = outline.dot_radius(0.0, &close, half);
        assert!((LEAST_DOT..DOT).contains(&r), "{r}");
        let (x, y) = outline.dot(0.0);
        for &(ux, uy) in &close {
            let along = x * ux + y * uy;
            let gap = (x - along * ux).hypot(y - along * uy) - r - DOT_STROKE / 2.0 - half;
            assert!(gap > 0.0, "{gap}");
        }
        // Never below the least, however close.
        assert_eq!(outline.dot_radius(0.0, &[edge(2.0)], half), LEAST_DOT);
    }

    #[test]
    fn dots_stay_out_of_the_band() {
        for kind in [NodeKind::Regular, NodeKind::Center, NodeKind::Mission] {
            let outline = Outline(kind);
            let band = outline.band();
            for i in 0..360 {
                let angle = f64::from(i) * std::f64::consts::PI / 180.0;
                let (x, y) = outline.dot(angle);
                // The nearest point of the band to the dot's centre.
                let gap = if outline.square() {
                    (x.abs() - band).max(y.abs() - band)
                } else {
                    (x * x + y * y).sqrt() - band
                };
                assert!(gap > DOT + DOT_STROKE / 2.0, "{kind:?} at {i} degrees: {gap}");
                assert!(outline.reach(&[angle]) >= (x * x + y * y).sqrt() + DOT);
            }
        }
    }
}
