//! A progress bar on stderr for large work: one step of the generator's
//! steps at a time, with the step's name, the attempt when it is not the
//! first, and the time gone. Hidden for small work and when stderr is not a
//! terminal, so pipes and logs see nothing.

use std::time::Duration;

use boardwright::Watch;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Work from which the bar shows (for universe boards, nodes).
const SHOWN_FROM: u64 = 100_000;

/// The generator's steps as a bar; cleared when dropped.
pub struct Progress {
    bar: ProgressBar,
    steps: &'static [&'static str],
}

impl Progress {
    /// A bar over `steps`, shown when `work` is large and `terminal` (stderr
    /// is one).
    pub fn new(work: u64, terminal: bool, steps: &'static [&'static str]) -> Progress {
        let bar = if work >= SHOWN_FROM && terminal && !steps.is_empty() {
            let bar = ProgressBar::with_draw_target(Some(steps.len() as u64), ProgressDrawTarget::stderr());
            // The template is fixed: it parses, and the default would do if not.
            let style = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:24} {pos}/{len} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            // The spinner and the clock move while a long step runs.
            bar.enable_steady_tick(Duration::from_millis(120));
            bar
        } else {
            ProgressBar::hidden()
        };
        Progress { bar, steps }
    }
}

impl<S> Watch<S> for Progress {
    fn step(&mut self, attempt: u32, step: usize) {
        let name = self.steps.get(step).or(self.steps.last()).copied().unwrap_or_default();
        let retry = if attempt > 0 {
            format!(" (attempt {})", attempt + 1)
        } else {
            String::new()
        };
        // A step begins: the ones before it are done.
        self.bar.set_position(step as u64);
        self.bar.set_message(format!("{name}{retry}"));
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
