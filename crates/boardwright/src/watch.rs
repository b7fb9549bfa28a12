//! Following a generation as it goes: [`Watch`] and the [`Recorder`] that
//! keeps its snapshots.

use crate::Stop;
#[cfg(doc)]
use crate::{Error, Generator};

/// Follows a generation step by step: the steps as they begin and, when
/// [`Watch::every`] asks for them, snapshots of the work so far (universe:
/// the points after every k-th relaxation iteration; starship: the tiles
/// after each stage; hexet: the map). The last snapshot of an attempt shows
/// the state the result was made from.
///
/// `()` watches nothing; [`Recorder`] keeps the snapshots of the attempt
/// that succeeded.
pub trait Watch<S>: Send {
    /// Step `step` (an index into [`Generator::STEPS`]) of attempt `attempt`
    /// (from 0) begins.
    fn step(&mut self, attempt: u32, step: usize) {
        let _ = (attempt, step);
    }

    /// Whether to take snapshots, and of a repeated step every how many
    /// repetitions (1: each); `None`, the default: no snapshots.
    fn every(&self) -> Option<u32> {
        None
    }

    /// A snapshot taken during attempt `attempt`.
    fn snapshot(&mut self, attempt: u32, snapshot: S) {
        let _ = (attempt, snapshot);
    }

    /// The flag that asks generation to give up, checked before each
    /// attempt ([`Error::Stopped`]); `None`, the default: never.
    fn stop(&self) -> Option<&Stop> {
        None
    }
}

impl<S> Watch<S> for () {}

/// A stop flag watches nothing but may end generation between attempts.
impl<S> Watch<S> for Stop {
    fn stop(&self) -> Option<&Stop> {
        Some(self)
    }
}

/// A [`Watch`] that records the snapshots of the last attempt (the one that
/// produced the result, when generation succeeds).
#[derive(Clone, Debug)]
pub struct Recorder<S> {
    every: u32,
    attempt: u32,
    stop: Option<Stop>,
    /// The snapshots, in the order they were taken.
    pub snapshots: Vec<S>,
}

impl<S> Recorder<S> {
    /// Records a snapshot every `every` repetitions of a repeated step (0 is taken as 1).
    pub fn new(every: u32) -> Recorder<S> {
        Recorder {
            every: every.max(1),
            attempt: 0,
            stop: None,
            snapshots: Vec::new(),
        }
    }

    /// This recorder, ending generation between attempts once `stop` is set.
    pub fn stopping(self, stop: Stop) -> Recorder<S> {
        Recorder { stop: Some(stop), ..self }
    }
}

impl<S: Send> Watch<S> for Recorder<S> {
    fn every(&self) -> Option<u32> {
        Some(self.every)
    }

    fn snapshot(&mut self, attempt: u32, snapshot: S) {
        if attempt != self.attempt {
            self.snapshots.clear();
            self.attempt = attempt;
        }
        self.snapshots.push(snapshot);
    }

    fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }
}
