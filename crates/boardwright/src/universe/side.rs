//! The paper's sides, and sets of them: which sides a node has been snapped
//! onto. A set is four bits, so the relaxation keeps one byte a point.

use serde::{Deserialize, Serialize};

/// A side of the paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// x = 0.
    Left,
    /// y = 0.
    Top,
    /// x = width.
    Right,
    /// y = height.
    Bottom,
}

impl Side {
    /// Every side: left, top, right, bottom.
    pub const ALL: [Side; 4] = [Side::Left, Side::Top, Side::Right, Side::Bottom];

    /// The side's bit in a [`Sides`] set.
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of paper sides: the sides a node lies on (none, one, or two at a
/// corner).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sides(u8);

impl Sides {
    /// No side.
    pub const NONE: Sides = Sides(0);

    /// This set with `side` added.
    #[must_use]
    pub const fn with(self, side: Side) -> Sides {
        Sides(self.0 | side.bit())
    }

    /// Adds `side`.
    #[inline]
    pub fn insert(&mut self, side: Side) {
        self.0 |= side.bit();
    }

    /// Whether `side` is in the set.
    #[inline]
    pub const fn contains(self, side: Side) -> bool {
        self.0 & side.bit() != 0
    }

    /// Whether the set holds any side: the node is on the paper's border.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The sides in the set, in the order of [`Side::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Side> {
        Side::ALL.into_iter().filter(move |&side| self.contains(side))
    }
}

impl FromIterator<Side> for Sides {
    fn from_iter<I: IntoIterator<Item = Side>>(sides: I) -> Sides {
        sides.into_iter().fold(Sides::NONE, Sides::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_what_was_added_and_lists_it_in_order() {
        for mask in 0..16u8 {
            let wanted: Vec<Side> = (0..4).filter(|i| mask >> i & 1 == 1).map(|i| Side::ALL[i]).collect();
            // Added in reverse: the listing order is the sides' own.
            let set: Sides = wanted.iter().rev().copied().collect();
            assert_eq!(set.iter().collect::<Vec<_>>(), wanted);
            assert_eq!(set.any(), !wanted.is_empty());
            for side in Side::ALL {
                assert_eq!(set.contains(side), wanted.contains(&side));
                let mut more = set;
                more.insert(side);
                assert_eq!(more, set.with(side));
                assert!(more.contains(side));
            }
        }
        assert!(!Sides::NONE.any() && Sides::default() == Sides::NONE);
    }
}
