//! Around every other step: several layouts made from the seed, one kept.
//!
//! The mission nodes of one layout are chosen for equal hop distances to
//! the centre ([`super::missions`]), but a layout's shape may leave no
//! equal choice: on most default boards the nearest and farthest start
//! differ by 2 hops or more. So up to `start_layouts` layouts are made,
//! each from its own variant of the seed (the first is the seed itself, so
//! a board whose first layout is fair is the board it always was), and the
//! one whose mission hops spread least is kept, the first with a spread of
//! 1 or less at once. With `fair_play`, every layout is played that many
//! greedy games ([`super::play`]), and of those with a hop spread of 2 or
//! less (all, when none has) the one whose starts win most evenly is kept:
//! the least excess start spread plus share of stalled games (a game no
//! one wins is even for every start, and no evenness a player wants), then
//! the least hop spread, then the first.
//!
//! A watch sees every layout's steps, but only the kept layout's snapshots:
//! they are held until it is known.

use super::params::LAYOUT_NODES;
use super::play::{self, Series};
use super::{Board, Params, Snapshot};
use crate::{Error, Seed, Stop, Watch};

/// A hop spread at which a layout is kept at once.
const FAIR_ENOUGH: u32 = 1;
/// The largest hop spread a layout chosen by play may have, when one has it.
const FAIR_AT_MOST: u32 = 2;

/// Makes the layouts `make` builds from the seed's variants and keeps one,
/// as the module says.
pub(super) fn choose(
    params: &Params,
    seed: &Seed,
    watch: &mut dyn Watch<Snapshot>,
    make: impl Fn(&Seed, &mut dyn Watch<Snapshot>) -> Result<Board, Error>,
) -> Result<Board, Error> {
    let count = if params.node_count() <= LAYOUT_NODES {
        params.start_layouts
    } else {
        1
    };
    if count == 1 && params.fair_play == 0 {
        return make(seed, watch);
    }
    let mut kept: Option<Kept> = None;
    let mut made = 0;
    for k in 0..count {
        let mut held = Held {
            outer: watch,
            snapshots: Vec::new(),
        };
        let board = match make(&seed.variant(k), &mut held) {
            Ok(board) => board,
            Err(e) if k == 0 || matches!(e, Error::Stopped) => return Err(e),
            Err(_) => continue,
        };
        made += 1;
        let snapshots = held.snapshots;
        let spread = board.metrics.mission_hop_spread;
        // Starts fair on the map first; then, played, the least uneven.
        let unfair = u32::from(spread > FAIR_AT_MOST);
        if watch.stop().is_some_and(Stop::stopped) {
            return Err(Error::Stopped);
        }
        let excess = if params.fair_play > 0 {
            let series = Series {
                games: params.fair_play,
                ..Default::default()
            };
            play::play(&board, &series).map_or(f64::MAX, |r| r.excess_start_spread + f64::from(r.stalls) / f64::from(r.games))
        } else {
            0.0
        };
        let key = (unfair, excess, spread);
        // Tuples compare in order, field by field: the first layout wins ties.
        if kept.as_ref().is_none_or(|k| key < k.key) {
            kept = Some(Kept { key, board, snapshots });
        }
        if params.fair_play == 0 && spread <= FAIR_ENOUGH {
            break;
        }
    }
    let Kept { mut board, snapshots, .. } = kept.expect("the first layout is made or its error returned");
    for (attempt, snapshot) in snapshots {
        watch.snapshot(attempt, snapshot);
    }
    board.metrics.layouts = made;
    Ok(board)
}

/// The best layout so far.
struct Kept {
    /// Whether its mission hop spread is over [`FAIR_AT_MOST`], its
    /// unevenness in greedy games (0 without `fair_play`) and its hop spread.
    key: (u32, f64, u32),
    board: Board,
    /// Its snapshots, by attempt.
    snapshots: Vec<(u32, Snapshot)>,
}

/// Passes a layout's steps and the stop flag on, and holds its snapshots.
struct Held<'a> {
    outer: &'a mut dyn Watch<Snapshot>,
    snapshots: Vec<(u32, Snapshot)>,
}

impl Watch<Snapshot> for Held<'_> {
    fn step(&mut self, attempt: u32, step: usize) {
        self.outer.step(attempt, step);
    }

    fn every(&self) -> Option<u32> {
        self.outer.every()
    }

    fn snapshot(&mut self, attempt: u32, snapshot: Snapshot) {
        self.snapshots.push((attempt, snapshot));
    }

    fn stop(&self) -> Option<&Stop> {
        self.outer.stop()
    }
}
