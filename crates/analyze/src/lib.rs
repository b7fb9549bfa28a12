//! `boardwright_analyze`: the work behind `boardwright analyze`, shared by
//! the command line (which adds the arguments, the progress bar, the files
//! and the exit codes) and the `fairness` example.
//!
//! The steps: generate a parameter set's boards from the seeds `BASE-i`
//! in parallel, each alone, and keep each board's flattened metrics
//! ([`figures`]) in seed order ([`rows`], a [`run`]'s rows, which a sharded
//! run writes as part files and merges back); then [`report`] turns those rows
//! into the figures per metric and [`fairness`] into the generator's
//! fairness targets met or not; the report is written as JSON, CSV or a
//! self-contained HTML page ([`html`]). [`play_page`] is the page of
//! `boardwright play universe`'s series of games.
//!
//! Cost: a board's metrics are read straight from the result's struct
//! through serde, the names shared with the board before
//! ([`figures::Flattener`]); nothing of the result is serialised. Measured
//! through the command (release build, 2 cores): per CPU-second about 2,600
//! default universe boards, 6,000 witches boards (each with its secret
//! recipe drawn, its winning potions counted and the simple strategy
//! played on it: most of the time), 16,000 hexet maps and 450 starships;
//! the analysis itself is a few per cent of that. Witches with `--play`
//! also play the search strategy on each recipe, some 200 recipes per
//! CPU-second.

pub mod fairness;
pub mod figures;
pub mod html;
pub mod play_page;
pub mod report;
pub mod run;
pub mod summary;

use boardwright::fairness::Target;
use boardwright::params::{self, Params};
use boardwright::{Error, Registered, Seed, Visit};
use rayon::prelude::*;

use run::{Outcome, Row, SetRun};

/// The fairness targets of the generator named `generator` (none for a
/// name that is no generator's).
pub fn targets(generator: &str) -> &'static [Target] {
    struct Targets;
    impl Visit for Targets {
        type Output = &'static [Target];
        fn visit<G: Registered>(self) -> &'static [Target] {
            G::FAIRNESS
        }
    }
    boardwright::with_generator(generator, Targets).unwrap_or(&[])
}

/// One board, from the seed `BASE-index`: its flattened metrics and the
/// generator's figures measured beside it, `play` games played where the
/// generator plays them ([`Played::extra_figures`](boardwright::Played::extra_figures)), or why every
/// attempt failed.
pub fn board<G: Registered>(params: &G::Params, base: &str, index: u64, play: u32, flattener: &mut figures::Flattener) -> Row {
    let seed = Seed::new(&format!("{base}-{index}"));
    let outcome = match G::generate_with(params, &seed, &mut ()) {
        Ok(board) => {
            let figures = flattener.flatten(G::metrics(&board));
            let extra = G::extra_figures(params, &seed, &board, play);
            let extra: Vec<(&str, f64)> = extra.iter().map(|(n, v)| (n.as_str(), *v)).collect();
            Outcome::Figures(if extra.is_empty() {
                figures
            } else {
                flattener.extend(figures, &extra)
            })
        }
        Err(Error::Generate { reason, .. }) => Outcome::Failed(reason),
        Err(e) => Outcome::Failed(e.to_string()),
    };
    Row { index, outcome }
}

/// The boards `indices` of one parameter set, on every core, each alone,
/// in the order of `indices`, universe boards and hexet maps each played
/// `play` times;
/// `done` is called as each board is finished (a progress bar's step).
pub fn rows<G: Registered>(params: &G::Params, base: &str, indices: &[u64], play: u32, done: &(dyn Fn() + Sync)) -> Vec<Row> {
    indices
        .par_iter()
        .map_init(figures::Flattener::default, |flattener, &index| {
            let row = board::<G>(params, base, index, play, flattener);
            done();
            row
        })
        .collect()
}

/// A parameter set's run before its boards: `label`, the parameters as JSON
/// and as the web app's query ([`permalink_query`]), no rows yet.
pub fn set_run<P: Params>(label: String, params: &P) -> Result<SetRun, serde_json::Error> {
    Ok(SetRun {
        label,
        params: serde_json::to_value(params)?,
        query: permalink_query(params),
        rows: Vec::new(),
    })
}

/// The web app's query for `params` (without the seed): `&KEY=VALUE` for
/// every parameter that differs from the default, in the parameter table's
/// order, the value as `--set` reads it.
pub fn permalink_query<P: Params>(params: &P) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (name, value) in params::Params::changed(params) {
        if let Some(value) = value {
            query.append_pair(name, &value.to_string());
        }
    }
    let query = query.finish();
    if query.is_empty() { query } else { format!("&{query}") }
}
