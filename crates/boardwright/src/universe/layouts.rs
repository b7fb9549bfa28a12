//! Around every other step: several layouts made from the seed, one kept.
//!
//! The mission nodes of one layout are chosen for equal hop distances to
//! the centre ([`super::missions`]), but a layout's shape may leave no
//! equal choice: on most default boards the nearest and farthest start
//! differ by 2 hops or more. So up to `start_layouts` layouts are made,
//! each from its own variant of the seed (the first is the seed itself, so
//! a board whose first layout is fair is the board it always was), and the
//! one whose mission hops spread least is kept, the first with a spread of
//! 1 or less at once.
//!
//! With `fair_play`, every layout is made, and those with a hop spread of
//! 2 or less (the first, when none has) race by play ([`race`]): the
//! reference bot ([`super::play`]) plays up to `fair_play` games on each
//! with the starts dealt round the seats, and the one whose starts win most
//! evenly is kept: the least excess start spread plus share of stalled
//! games (a game no one wins is even for every start, and no evenness a
//! player wants), then the least hop spread, then the first. Then a remedy
//! for moving later is chosen by play too: moving first is an advantage no
//! layout removes. The remedies of [`play::Remedy::catalogue`] race the
//! same way, and the one whose seats win most evenly (the least gap
//! between the best and the worst seat) is printed on the board
//! ([`Board::remedy`]); the first in the catalogue, none, wins ties.
//!
//! A layout is made as far as its mission nodes and node types (all a
//! layout is chosen by without `fair_play`); only the kept one is finished
//! into a board (power dots, expansions, the nodes assembled), unless each
//! is played. A watch sees every layout's steps, but only the kept layout's
//! snapshots: they are held until it is known.

use std::ops::Range;

use super::play::{self, Series};
use super::{Board, LaidOut, Params, Snapshot};
use crate::stats::PlayError;
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
    let mut kept: Option<Kept<'p>> = None;
    // With `fair_play`: the layouts fair on the map, finished, to race.
    let mut fair: Vec<Racer> = Vec::new();
    let mut made = 0;
    for k in 0..params.layouts() {
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
        if held.stop().is_some_and(Stop::stopped) {
            return Err(Error::Stopped);
        }
        let spread = layout.mission_hop_spread();
        if params.fair_play > 0 {
            // Layouts fair on the map race; the first is kept in case none is.
            if spread <= FAIR_AT_MOST {
                let board = layout.finish(&mut held);
                fair.push(Racer {
                    board,
                    spread,
                    snapshots: held.snapshots,
                });
            } else if kept.is_none() {
                kept = Some(Kept {
                    spread,
                    candidate: Candidate::Laid(Box::new(layout)),
                    snapshots: held.snapshots,
                });
            }
            continue;
        }
        // The first layout wins ties.
        if kept.as_ref().is_none_or(|k| spread < k.spread) {
            kept = Some(Kept {
                spread,
                candidate: Candidate::Laid(Box::new(layout)),
                snapshots: held.snapshots,
            });
        }
        if spread <= FAIR_ENOUGH {
            break;
        }
    }
    // The kept layout's games with the starts dealt, when they raced.
    let mut dealt = Vec::new();
    if !fair.is_empty() {
        let stop = watch.stop();
        let won;
        (won, dealt) = race(
            fair.len(),
            params.fair_play,
            stop,
            |k, games| play::dealt_games(&fair[k].board, games, stop),
            |k, games| play::start_unevenness(&fair[k].board, games).unwrap_or(f64::MAX),
            |k| fair[k].spread,
        )?;
        let Racer { board, spread, snapshots } = fair.swap_remove(won);
        kept = Some(Kept {
            spread,
            candidate: Candidate::Played(Box::new(board)),
            snapshots,
        });
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
        let stop = watch.stop();
        if dealt.is_empty() {
            // A board whose games cannot be played is assigned no starts.
            dealt = play::dealt_games(&board, 0..params.fair_play, stop).unwrap_or_default();
        }
        board.remedy = remedy(&board, params.fair_play, &dealt, stop)?;
    }
    Ok(board)
}

/// The remedy whose seats win most evenly in a race of `games` games by
/// the reference bot: those of the catalogue, then the starts assigned
/// from the `dealt` games; none on ties.
fn remedy(board: &Board, games: u32, dealt: &[play::Outcome], stop: Option<&Stop>) -> Result<play::Remedy, Error> {
    let series = Series {
        games,
        ..Default::default()
    };
    let players = board.header.params.players;
    let mut catalogue = play::Remedy::catalogue(players);
    catalogue.extend(play::Remedy::assigned(dealt, &board.start_labels()));
    let (won, _) = race(
        catalogue.len(),
        games,
        stop,
        |k, range| play::remedy_games(board, &series, &catalogue[k], range, &|_| {}, stop),
        |k, games| play::RemedyRate::new(catalogue[k].clone(), players, games).gap.gap,
        |_| 0,
    )?;
    Ok(catalogue[won].clone())
}

/// Chooses one of `count` candidates by play, the least `score` of its
/// games winning (then the least `tie`, then the earlier): each plays the
/// first half of `games` (`play` gives a candidate's games in a range),
/// the better half of them plays the rest, and the least score over all
/// `games` wins, given with its games. Each survivor is judged on the same
/// games as were every candidate played them all, at two thirds of the
/// cost or less (8 candidates: 4 × ½ + 4 × ½ = 6 candidates' worth); one
/// candidate is not played (no games). A candidate whose games cannot be
/// played scores worst.
fn race<G: Clone>(
    count: usize,
    games: u32,
    stop: Option<&Stop>,
    play: impl Fn(usize, Range<u32>) -> Result<Vec<G>, PlayError>,
    score: impl Fn(usize, &[G]) -> f64,
    tie: impl Fn(usize) -> u32,
) -> Result<(usize, Vec<G>), Error> {
    if count <= 1 {
        return Ok((0, Vec::new()));
    }
    let half = games / 2;
    let mut played: Vec<Option<Vec<G>>> = vec![Some(Vec::new()); count];
    let mut alive: Vec<usize> = (0..count).collect();
    for (round, range) in [0..half, half..games].into_iter().enumerate() {
        for &k in &alive {
            let more = play(k, range.clone());
            if stop.is_some_and(Stop::stopped) {
                return Err(Error::Stopped);
            }
            match (more, played[k].as_mut()) {
                (Ok(more), Some(outcomes)) => outcomes.extend(more),
                _ => played[k] = None,
            }
        }
        let key = |&k: &usize| {
            let judged = played[k]
                .as_deref()
                .filter(|games| !games.is_empty())
                .map_or(f64::MAX, |games| score(k, games));
            (judged, tie(k), k)
        };
        let mut ranked: Vec<((f64, u32, usize), usize)> = alive.iter().map(|k| (key(k), *k)).collect();
        ranked.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
        // After the first half, the better half goes on (all, if there was no first half).
        let keep = if round == 0 && half > 0 { count.div_ceil(2) } else { ranked.len() };
        alive = ranked.into_iter().take(keep).map(|(_, k)| k).collect();
    }
    let won = alive[0];
    Ok((won, played[won].take().unwrap_or_default()))
}

/// A layout kept so far, or racing.
struct Kept<'p> {
    /// Its mission hop spread.
    spread: u32,
    candidate: Candidate<'p>,
    /// Its snapshots, by attempt.
    snapshots: Vec<(u32, Snapshot)>,
}

/// A layout fair on the map, finished to race by play.
struct Racer {
    board: Board,
    spread: u32,
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    /// Candidates whose game `g` scores `rates[k](g)`: the mean over the
    /// games played is a candidate's score.
    fn run(rates: &[fn(u32) -> f64], games: u32, played: &RefCell<Vec<(usize, Range<u32>)>>) -> usize {
        race(
            rates.len(),
            games,
            None,
            |k, range: Range<u32>| {
                played.borrow_mut().push((k, range.clone()));
                Ok(range.map(rates[k]).collect())
            },
            |_, games: &[f64]| games.iter().sum::<f64>() / games.len() as f64,
            |_| 0,
        )
        .unwrap()
        .0
    }

    #[test]
    fn the_better_half_plays_on_and_the_least_over_all_games_wins() {
        let played = RefCell::new(Vec::new());
        // 1 is best over the first half, 2 over all games; 3 looks worst early and is dropped.
        let rates: [fn(u32) -> f64; 4] = [
            |_| 0.5,
            |g| if g < 50 { 0.1 } else { 0.9 },
            |g| if g < 50 { 0.3 } else { 0.0 },
            |g| if g < 50 { 0.8 } else { 0.0 },
        ];
        assert_eq!(run(&rates, 100, &played), 2);
        let played = played.into_inner();
        assert_eq!(
            played.iter().filter(|(_, r)| *r == (0..50)).count(),
            4,
            "every candidate plays the first half"
        );
        let on: Vec<usize> = played.iter().filter(|(_, r)| *r == (50..100)).map(|(k, _)| *k).collect();
        assert_eq!(on, [1, 2], "the better half plays on, best first");
        // Ties go to the earlier; one candidate is not played; one game is one round.
        let played = RefCell::new(Vec::new());
        assert_eq!(run(&[|_| 0.2, |_| 0.2], 10, &played), 0);
        assert_eq!(run(&[|_| 0.2], 10, &played), 0);
        assert_eq!(run(&[|_| 0.9, |_| 0.1, |_| 0.5], 1, &played), 1);
    }
}
