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
//! Then, with `fair_play`, the order starts are taken in is chosen by play
//! too: moving first is an advantage no layout removes, so later seats may
//! take a second start. Each way of giving a second start to at most two
//! seats after the first is played that many games, and the one whose
//! seats win most evenly (the least gap between the best and the worst
//! seat) is printed on the board ([`Board::start_picks`]); one start each
//! wins ties.
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
            let board = layout.finish(&mut held);
            let series = Series {
                games: params.fair_play,
                ..Default::default()
            };
            let excess = play::play(&board, &series).map_or(f64::MAX, |r| r.excess_start_spread + f64::from(r.stalls) / f64::from(r.games));
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
        if params.fair_play == 0 && spread <= FAIR_ENOUGH {
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
        board.start_picks = start_picks(&board, params.fair_play, watch)?;
    }
    Ok(board)
}

/// The start order, of those [`candidates`] gives, whose seats win most
/// evenly in `games` greedy games; empty when it is one start each.
fn start_picks(board: &Board, games: u32, watch: &dyn Watch<Snapshot>) -> Result<Vec<u32>, Error> {
    let mut kept = (f64::MAX, Vec::new());
    for picks in candidates(board.header.params.players) {
        if watch.stop().is_some_and(Stop::stopped) {
            return Err(Error::Stopped);
        }
        let series = Series {
            games,
            rules: play::Rules {
                start_picks: picks.clone(),
                ..Default::default()
            },
            ..Default::default()
        };
        let Ok(report) = play::play(board, &series) else { continue };
        let gap = report.seat_gap();
        if gap < kept.0 {
            kept = (gap, picks);
        }
    }
    let plain = kept.1.len() == board.header.params.players as usize;
    Ok(if plain { Vec::new() } else { kept.1 })
}

/// The start orders play chooses among for `players` players: one start
/// each in turn order, then a second start for one or two of the seats
/// after the first (the later seat picking first).
pub(super) fn candidates(players: u32) -> Vec<Vec<u32>> {
    let each: Vec<u32> = (1..=players).collect();
    let mut all = vec![each.clone()];
    for a in (2..=players).rev() {
        all.push([&each[..], &[a]].concat());
        for b in (2..a).rev() {
            all.push([&each[..], &[a, b]].concat());
        }
    }
    all
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
