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
/// A power dot's radius and stroke.
pub(super) const DOT: f64 = 0.2;
pub(super) const DOT_STROKE: f64 = 0.04;
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

    /// How far everything drawn for the node reaches from its centre: the
    /// outline's corners, or a dot at `angles`.
    pub(super) fn reach(self, angles: &[f64]) -> f64 {
        let corner = if self.square() { std::f64::consts::SQRT_2 } else { 1.0 };
        angles.iter().fold(corner * (1.0 + self.stroke() / 2.0), |far, &angle| {
            let (x, y) = self.dot(angle);
            far.max((x * x + y * y).sqrt() + DOT + DOT_STROKE / 2.0)
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
