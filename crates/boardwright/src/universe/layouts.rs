//! Around every other step: several layouts made from the seed, one kept.
//!
//! The mission nodes of one layout are chosen for equal hop distances to
//! the centre ([`super::missions`]), but a layout's shape may leave no
//! equal choice: on most default boards the nearest and farthest start
//! differ by 2 hops or more. So up to `start_layouts` layouts are made,
//! each from its own variant of the seed (the first is the seed itself, so
//! a board whose first layout is fair is the board it always was), and the
//! one whose mission hops spread least is kept, the first with a spread of
//! 1 or less at once. With `fair_play`, the layouts with a hop spread of
//! 2 or less (the first, when none has) are played that many games by the
//! reference bot ([`super::play`]) with the starts dealt round the seats,
//! and the one whose starts win most evenly is kept: the least excess
//! start spread plus share of stalled games (a game no one wins is even
//! for every start, and no evenness a player wants), then the least hop
//! spread, then the first; a layout whose starts are even within chance
//! is kept at once.
//!
//! Then, with `fair_play`, a remedy for moving later is chosen by play
//! too: moving first is an advantage no layout removes. Each remedy of
//! [`play::Remedy::catalogue`] is played that many games, and the one whose
//! seats win most evenly (the least gap between the best and the worst
//! seat) is printed on the board ([`Board::remedy`]); none wins ties.
//!
//! A layout is made as far as its mission nodes and node types (all a
//! layout is chosen by without `fair_play`); only the kept one is finished
//! into a board (power dots, expansions, the nodes assembled), unless each
//! is played. A watch sees every layout's steps, but only the kept layout's
//! snapshots: they are held until it is known.

use super::play::{self, Series};
use super::{Board, LaidOut, Params, Snapshot};
use crate::{Error, Seed, Stop, Watch};

/// A hop spread at which a layout is kept at once.
const FAIR_ENOUGH: u32 = 1;
/// The largest hop spread a layout chosen by play may have, when one has it.
const FAIR_AT_MOST: u32 = 2;
/// A layout's start unevenness at which play keeps it at once.
const EVEN_ENOUGH: f64 = 0.02;

/// Makes the layouts `make` builds from the seed's variants and keeps one,
/// as the module says.
pub(super) fn choose<'p>(
    params: &'p Params,
    seed: &Seed,
    watch: &mut dyn Watch<Snapshot>,
    make: impl Fn(&Seed, &mut dyn Watch<Snapshot>) -> Result<LaidOut<'p>, Error>,
) -> Result<Board, Error> {
    if params.only_layout() {
        return make(seed, watch).map(|layout| layout.finish(watch));
    }
    let count = params.layouts();
    let mut kept: Option<Kept> = None;
    let mut made = 0;
    for k in 0..count {
        let mut held = Held {
            outer: watch,
            snapshots: Vec::new(),
        };
        let layout = match make(&seed.variant(k), &mut held) {
            Ok(layout) => layout,
            Err(e) if k == 0 || matches!(e, Error::Stopped) => return Err(e),
            Err(_) => continue,
        };
        made += 1;
        let spread = layout.mission_hop_spread();
        // Starts fair on the map first; then, played, the least uneven.
        let unfair = u32::from(spread > FAIR_AT_MOST);
        if held.stop().is_some_and(Stop::stopped) {
            return Err(Error::Stopped);
        }
        let (candidate, excess) = if params.fair_play > 0 {
            // Only layouts fair on the map are played, once one is.
            if unfair == 1 && kept.is_some() {
                continue;
            }
            let board = layout.finish(&mut held);
            let excess = play::start_unevenness(&board, params.fair_play, held.stop()).unwrap_or(f64::MAX);
            if held.stop().is_some_and(Stop::stopped) {
                return Err(Error::Stopped);
            }
            (Candidate::Played(Box::new(board)), excess)
        } else {
            (Candidate::Laid(Box::new(layout)), 0.0)
        };
        let key = (unfair, excess, spread);
        // Tuples compare in order, field by field: the first layout wins ties.
        if kept.as_ref().is_none_or(|k| key < k.key) {
            let snapshots = held.snapshots;
            kept = Some(Kept { key, candidate, snapshots });
        }
        let even = params.fair_play > 0 && unfair == 0 && excess <= EVEN_ENOUGH;
        if params.fair_play == 0 && spread <= FAIR_ENOUGH || even {
            break;
        }
    }
    let Kept { candidate, snapshots, .. } = kept.expect("the first layout is made or its error returned");
    let mut board = match candidate {
        Candidate::Laid(layout) => layout.finish(watch),
        Candidate::Played(board) => *board,
    };
    for (attempt, snapshot) in snapshots {
        watch.snapshot(attempt, snapshot);
    }
    board.metrics.layouts = made;
    if params.fair_play > 0 {
        board.remedy = remedy(&board, params.fair_play, watch)?;
    }
    Ok(board)
}

/// The remedy of the catalogue whose seats win most evenly in `games`
/// games by the reference bot; none on ties.
fn remedy(board: &Board, games: u32, watch: &dyn Watch<Snapshot>) -> Result<play::Remedy, Error> {
    let series = Series {
        games,
        ..Default::default()
    };
    let stop = watch.stop();
    let mut kept = (f64::MAX, play::Remedy::None);
    for remedy in play::Remedy::catalogue(board.header.params.players) {
        let tried = play::try_remedy(board, &series, remedy, stop);
        if stop.is_some_and(Stop::stopped) {
            return Err(Error::Stopped);
        }
        let Ok(tried) = tried else {
            continue;
        };
        if tried.gap.gap < kept.0 {
            kept = (tried.gap.gap, tried.remedy);
        }
    }
    Ok(kept.1)
}

/// The best layout so far.
struct Kept<'p> {
    /// Whether its mission hop spread is over [`FAIR_AT_MOST`], its
    /// unevenness in greedy games (0 without `fair_play`) and its hop spread.
    key: (u32, f64, u32),
    candidate: Candidate<'p>,
    /// Its snapshots, by attempt.
    snapshots: Vec<(u32, Snapshot)>,
}

/// A layout as made, or its board when it was finished to be played.
enum Candidate<'p> {
    Laid(Box<LaidOut<'p>>),
    Played(Box<Board>),
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
