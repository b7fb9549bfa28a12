//! What a player needs kept off the seams of a board printed over several
//! sheets. A drawing that may be moved as a whole, and made a little
//! smaller, is placed where each mark a player needs (a word, a city, a
//! part's letter) lies at least [`SEAM_CLEAR`](super::sheets) from every
//! overlap strip; where no place does, where none is cut by a strip's edge
//! (the line a sheet is trimmed along), and as few as can be lie near one.
//!
//! The strips between columns stand across x and those between rows across
//! y, so the two axes are placed apart: a mark is clear when it is clear
//! along both. Along one axis a mark is a [`Span`]; a span with `lo > hi`
//! stands for a mark that may itself move inside a room from `hi − size`
//! to `lo + size` (a letter in its part): it meets a band only when the
//! band leaves no room for it on either side. A main mark (the tower) is
//! kept clear before the others.

use scene::Paper;

use super::Tile;
use super::sheets::{seams, strips};
use crate::DrawOptions;

/// The least share of the sheets' printable width or height that a tiled
/// drawing made smaller to keep its marks off the seams still spans.
pub(crate) const LEAST_SPAN: f64 = 0.851;
/// The least scale, against the largest its rectangle holds, a tiled
/// drawing is made to keep every mark whole where it cannot keep them clear.
const LOWEST_SCALE: f64 = 0.75;

/// The scales a tiled drawing is placed between ([`Seams::place`]).
pub(crate) struct Scales {
    /// The largest on one sheet.
    pub one: f64,
    /// The least it is made to keep its marks clear: where it spans
    /// [`LEAST_SPAN`] of the sheets, and never under one sheet's (unless
    /// one sheet's is larger than the sheets hold).
    pub least: f64,
    /// Smaller still, never under one sheet's, only where a mark would be
    /// cut by a strip's edge otherwise.
    pub lowest: f64,
}

impl Scales {
    /// For a drawing whose largest scale on the sheets of `options` is
    /// `most`, that spans [`LEAST_SPAN`] of them at `spanning`, and whose
    /// largest on the sheets of some options `largest` gives.
    pub(crate) fn new(options: &DrawOptions, most: f64, spanning: f64, largest: impl FnOnce(&DrawOptions) -> f64) -> Scales {
        let one = if options.tile == Tile::ONE {
            most
        } else {
            largest(&DrawOptions {
                tile: Tile::ONE,
                ..options.clone()
            })
        };
        let least = if one <= most { spanning.max(one) } else { spanning }.min(most);
        let lowest = (LOWEST_SCALE * most).max(if one <= most { one } else { 0.0 }).min(least);
        Scales { one, least, lowest }
    }
}

/// How well a place keeps marks off the seams, worst first: the marks cut
/// by a strip's edge, then the main marks nearer a strip than the
/// clearance, then the other marks that are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Faults {
    pub split: usize,
    pub main: usize,
    pub near: usize,
}

impl std::ops::Add for Faults {
    type Output = Faults;

    fn add(self, other: Faults) -> Faults {
        Faults {
            split: self.split + other.split,
            main: self.main + other.main,
            near: self.near + other.near,
        }
    }
}

/// The seams of a board drawn over `tile` sheets, along each axis (`0`:
/// x, the strips between columns; `1`: y, between rows).
pub(crate) struct Seams {
    /// The bands within the clearance of a strip, its own width included.
    bands: [Vec<(f64, f64)>; 2],
    /// The strips' edges.
    edges: [Vec<f64>; 2],
}

/// A mark along one axis: from `lo` to `hi`, and whether it is a main mark,
/// kept clear before the others (the tower before the cities).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Span {
    pub lo: f64,
    pub hi: f64,
    pub main: bool,
}

/// What a drawing placed at one scale shows of its marks: each axis's
/// spans where the drawing lies centred, and how far it may move from
/// there along each axis, `(least, most)`.
pub(crate) struct Marks {
    pub spans: [Vec<Span>; 2],
    pub room: [(f64, f64); 2],
}

/// Where a drawing goes: its scale, its move from the centre and what
/// faults remain there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Placed {
    pub scale: f64,
    pub shift: (f64, f64),
    pub faults: Faults,
}

/// Below a size in millimetres, a gap between two breaks is no gap.
const TINY: f64 = 1e-9;
/// How near a band or an edge a mark may come and be clear of it,
/// millimetres: past the rounding of a drawing's numbers.
const TOUCH: f64 = 0.01;
/// How far from a band or an edge a mark is placed when it is placed at
/// its end: a little more than [`TOUCH`], so that rounding cannot bring it
/// back.
const BESIDE: f64 = 0.011;
/// Each smaller scale tried is this much smaller than the one before.
const STEP: f64 = 0.005;

impl Seams {
    /// The seams of a board drawn over `tile` sheets of `paper` (none for
    /// one sheet).
    pub fn new(paper: Paper, tile: Tile) -> Seams {
        Seams {
            bands: seams(paper, tile),
            edges: strips(paper, tile).map(|axis| axis.into_iter().flat_map(|(a, b)| [a, b]).collect()),
        }
    }

    /// Whether the board has no seam (one sheet).
    pub fn is_empty(&self) -> bool {
        self.bands.iter().all(Vec::is_empty)
    }

    /// The faults of the marks `spans` along `axis`, each moved by `d`.
    pub fn faults(&self, axis: usize, spans: &[Span], d: f64) -> Faults {
        let mut faults = Faults::default();
        for s in spans {
            let (a, b) = (s.lo + d, s.hi + d);
            if self.bands[axis].iter().any(|&(lo, hi)| a < hi + TOUCH && b > lo - TOUCH) {
                if s.main {
                    faults.main += 1;
                } else {
                    faults.near += 1;
                }
            }
            if self.edges[axis].iter().any(|&e| a < e + TOUCH && b > e - TOUCH) {
                faults.split += 1;
            }
        }
        faults
    }

    /// The move within `room` (`least ≤ most`) of the marks `spans` along
    /// `axis` with the fewest faults, the nearest to `prefer` among those.
    ///
    /// The faults change only where a mark's end meets a band's or an
    /// edge: those places and the middles between them are every case.
    pub fn shift(&self, axis: usize, spans: &[Span], room: (f64, f64), prefer: f64) -> (f64, Faults) {
        // A room the wrong way round (a rounding's width) is its middle.
        let (least, most) = match room {
            (least, most) if least <= most => (least, most),
            (a, b) if (a + b).is_finite() => ((a + b) / 2.0, (a + b) / 2.0),
            _ => (0.0, 0.0),
        };
        let prefer = if prefer.is_finite() { prefer.clamp(least, most) } else { least };
        let mut breaks = vec![least, most];
        for &Span { lo: a, hi: b, .. } in spans {
            for &(lo, hi) in &self.bands[axis] {
                breaks.extend([lo - BESIDE - b, hi + BESIDE - a]);
            }
            for &e in &self.edges[axis] {
                breaks.extend([e - BESIDE - b, e + BESIDE - a]);
            }
        }
        breaks.retain(|d| (least..=most).contains(d));
        breaks.sort_by(f64::total_cmp);
        breaks.dedup_by(|a, b| (*a - *b).abs() < TINY);
        let mut best = (prefer, self.faults(axis, spans, prefer));
        let mut consider = |d: f64| {
            let faults = self.faults(axis, spans, d);
            if (faults, (d - prefer).abs()) < (best.1, (best.0 - prefer).abs()) {
                best = (d, faults);
            }
        };
        for (i, &d) in breaks.iter().enumerate() {
            consider(d);
            if let Some(&next) = breaks.get(i + 1) {
                // Between two breaks the faults are the same throughout:
                // the place nearest the preferred one, off the breaks.
                let inside = (next - d) * 1e-3;
                consider(prefer.clamp(d + inside, next - inside));
            }
        }
        best
    }

    /// The largest scale from `most` down to `least` (in steps of half a
    /// per cent) at which the marks `at(scale)` can be moved clear of every
    /// seam, and the move nearest the centre that clears them; where no
    /// scale can, the scale and move with the fewest faults (the largest
    /// scale among those); where a mark is cut by a strip's edge at every
    /// scale down to `least`, the largest scale down to `lowest` at which
    /// none is. Unscaled and centred on one sheet.
    pub fn place(&self, most: f64, least: f64, lowest: f64, at: impl Fn(f64) -> Marks) -> Placed {
        let mut best = Placed {
            scale: most,
            shift: (0.0, 0.0),
            faults: Faults::default(),
        };
        if self.is_empty() {
            return best;
        }
        // As many steps as reach `least`, then `lowest` (none when it is
        // not below `most`).
        let steps = |least: f64| ((1.0 - least / most) / STEP).clamp(0.0, 1.0 / STEP) as u32;
        let (clearing, whole) = (steps(least), steps(lowest.min(least)));
        for k in 0..=whole {
            let scale = most * (1.0 - STEP * f64::from(k));
            let marks = at(scale);
            let (x, fx) = self.shift(0, &marks.spans[0], marks.room[0], 0.0);
            let (y, fy) = self.shift(1, &marks.spans[1], marks.room[1], 0.0);
            let placed = Placed {
                scale,
                shift: (x, y),
                faults: fx + fy,
            };
            let better = if k <= clearing {
                placed.faults < best.faults
            } else {
                placed.faults.split == 0
            };
            if k == 0 || better {
                best = placed;
            }
            if best.faults == Faults::default() || k >= clearing && best.faults.split == 0 {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(lo: f64, hi: f64) -> Span {
        Span { lo, hi, main: false }
    }

    fn seams() -> Seams {
        // One strip from 100 to 110 across x, none across y.
        Seams {
            bands: [vec![(95.0, 115.0)], Vec::new()],
            edges: [vec![100.0, 110.0], Vec::new()],
        }
    }

    #[test]
    fn a_mark_moves_the_least_way_clear() {
        let s = seams();
        // A mark at 104–108 clears the band by moving 11 right or 13 left.
        // (placed a hair beyond the band, past the drawing's rounding).
        let (d, f) = s.shift(0, &[span(104.0, 108.0)], (-20.0, 20.0), 0.0);
        assert!((d - 11.0).abs() < 0.02 && f == Faults::default(), "{d} {f:?}");
        let (d, f) = s.shift(0, &[span(104.0, 108.0)], (-20.0, 5.0), 0.0);
        assert!((d + 13.0).abs() < 0.02 && f == Faults::default(), "{d} {f:?}");
        // Two marks 18 apart: one of them always meets the band (20 wide)
        // within 5 either way; in the strip or clear of it, neither is cut.
        let (d, f) = s.shift(0, &[span(90.0, 92.0), span(111.0, 113.0)], (-5.0, 5.0), 0.0);
        assert_eq!(
            f,
            Faults {
                split: 0,
                main: 0,
                near: 1
            }
        );
        assert!(s.faults(0, &[span(90.0, 92.0), span(111.0, 113.0)], d).split == 0);
    }

    #[test]
    fn the_main_mark_is_cleared_before_the_others() {
        let s = seams();
        // The tower 104–108 between cities at 84–88 and 112–116: within 15
        // either way one of them meets the band; the tower is cleared.
        let tower = Span {
            lo: 104.0,
            hi: 108.0,
            main: true,
        };
        let (d, f) = s.shift(0, &[span(84.0, 88.0), tower, span(112.0, 116.0)], (-15.0, 15.0), 0.0);
        assert_eq!((f.main, f.near), (0, 1), "{d} {f:?}");
        // But no mark is cut by an edge to clear it: here only a move of 8
        // or more to the left leaves both whole, the tower near the band.
        let wide = span(96.0, 106.0);
        let (d, f) = s.shift(0, &[wide, tower], (-10.0, 10.0), 0.0);
        assert_eq!((f.split, f.main), (0, 1), "{d} {f:?}");
        assert!(d <= -8.0, "{d}");
    }

    #[test]
    fn a_mark_with_room_meets_a_band_only_when_it_cannot_leave_it() {
        let s = seams();
        // A letter 4 wide in a part from 90 to 120: room either side of the band.
        let free = span(120.0 - 4.0, 90.0 + 4.0);
        assert_eq!(s.faults(0, &[free], 0.0), Faults::default());
        // In a part from 93 to 117, no room on either side.
        let held = span(117.0 - 4.0, 93.0 + 4.0);
        assert_eq!(s.faults(0, &[held], 0.0).near, 1);
    }

    #[test]
    fn placing_shrinks_only_as_far_as_it_must() {
        let s = seams();
        // A drawing 100 wide in a room 100 wide, centred at 100: its mark
        // at the middle meets the strip; at 90 % it has 10 each way to move.
        let at = |scale: f64| Marks {
            spans: [vec![span(100.0 * scale, 102.0 * scale)], Vec::new()],
            room: [(-50.0 * (1.0 - scale), 50.0 * (1.0 - scale)), (0.0, 0.0)],
        };
        let placed = s.place(1.0, 0.5, 0.5, at);
        assert_eq!(placed.faults, Faults::default());
        assert!(placed.scale < 1.0 && placed.scale > 0.8, "{placed:?}");
        let none = Seams {
            bands: [Vec::new(), Vec::new()],
            edges: [Vec::new(), Vec::new()],
        };
        assert_eq!(none.place(1.0, 0.5, 0.5, at).scale, 1.0);
    }
}
