//! The fairness table of docs/fairness.md: every fairness target of universe boards
//! (2 to 9 players) and witches boards (1 to 5 players), the defaults
//! against the `classic` preset, measured over 10,000 seeds per player
//! count by `boardwright analyze`'s own code (the `boardwright_analyze`
//! library).
//!
//! ```sh
//! cargo run --release --example fairness > fairness.md
//! cargo run --release --example fairness -- --boards 500 --seed other
//! ```
//!
//! stdout is exactly the Markdown to paste into docs/fairness.md; progress goes
//! to stderr. A preset the generator does not have is reported as not
//! available rather than stopping the run. The boards are the seeds
//! `BASE-1 … BASE-N` (BASE `analyze`, as the command's default), so any
//! figure comes back with `boardwright analyze GENERATOR --boards N
//! --players P [--preset classic]`.

use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::time::Instant;

use boardwright::Registered;
use boardwright::params::{self, Params as _};
use boardwright::universe::Universe;
use boardwright::witches::Witches;
use boardwright_analyze::fairness::{Mark, Verdict};
use boardwright_analyze::report::Report;
use boardwright_analyze::run::{Run, SetRun};
use boardwright_analyze::{rows, set_run};

/// The preset each generator is compared with.
const AGAINST: &str = "classic";

/// What one parameter set gave at one player count: its targets measured
/// and its failed boards, or why it could not run.
type Measured = Result<(Vec<Verdict>, u64), String>;

fn main() -> ExitCode {
    let (boards, seed) = match arguments() {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("usage: fairness [--boards N] [--seed BASE]   (defaults: 10000 boards, seeds analyze-1 …)");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let universe = table::<Universe>("Universe", 2..=9, boards, &seed);
    let witches = table::<Witches>("Witches", 1..=5, boards, &seed);
    print!("{universe}\n{witches}");
    ExitCode::SUCCESS
}

/// `--boards N` and `--seed BASE`; `None` for `--help`.
fn arguments() -> Result<Option<(u64, String)>, String> {
    let (mut boards, mut seed) = (10_000, "analyze".to_string());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--boards" => {
                let text = value()?;
                boards = match text.parse::<u64>() {
                    Ok(n) if (1..=10_000_000).contains(&n) => n,
                    _ => return Err(format!("--boards {text:?}: expected a whole number from 1 to 10000000")),
                };
            }
            "--seed" => seed = value()?,
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument {other:?} (expected --boards N or --seed BASE)")),
        }
    }
    Ok(Some((boards, seed)))
}

/// One generator's Markdown table: a row per target, a column per player
/// count, each cell the default's value and mark, then the compared preset's.
fn table<G: Registered>(title: &str, players: RangeInclusive<u32>, boards: u64, seed: &str) -> String {
    let counts: Vec<u32> = players.collect();
    let measured: Vec<[Measured; 2]> = counts
        .iter()
        .map(|&p| [None, Some(AGAINST)].map(|preset| measure::<G>(preset, p, boards, seed)))
        .collect();
    let mut out = format!(
        "**{title}**, {} boards per player count (seeds `{seed}-1` … `{seed}-{boards}`); each cell: default / `--preset {AGAINST}`, ✓ met, ✗ not met.\n\n",
        thousands(boards)
    );
    out.push_str("| target |");
    for p in &counts {
        out.push_str(&format!(" {p} {} |", if *p == 1 { "player" } else { "players" }));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(counts.len()));
    out.push('\n');
    for (t, target) in G::FAIRNESS.iter().enumerate() {
        // A group's `*` is no emphasis.
        out.push_str(&format!("| {} |", target.check.to_string().replace('*', "\\*")));
        for sets in &measured {
            let cells = sets.each_ref().map(|set| match set {
                Ok((verdicts, _)) => cell(&verdicts[t]),
                Err(_) => "n/a".to_string(),
            });
            out.push_str(&format!(" {} / {} |", cells[0], cells[1]));
        }
        out.push('\n');
    }
    out.push_str("| boards that failed |");
    for sets in &measured {
        let cells = sets.each_ref().map(|set| match set {
            Ok((_, failed)) => failed.to_string(),
            Err(_) => "n/a".to_string(),
        });
        out.push_str(&format!(" {} / {} |", cells[0], cells[1]));
    }
    out.push('\n');
    // Why a set is missing, once per reason.
    let mut reasons: Vec<&String> = measured.iter().flatten().filter_map(|set| set.as_ref().err()).collect();
    reasons.sort();
    reasons.dedup();
    for reason in reasons {
        out.push_str(&format!("\nn/a: {reason}\n"));
    }
    out
}

/// A measured target as a table cell: its value and mark.
fn cell(verdict: &Verdict) -> String {
    match verdict.mark() {
        Mark::Pass => format!("{} ✓", verdict.value_text()),
        Mark::Fail => format!("{} ✗", verdict.value_text()),
        Mark::NoData => "no data".to_string(),
    }
}

/// The targets of `G` measured over `boards` boards of `players` players,
/// with `preset` (or the defaults).
fn measure<G: Registered>(preset: Option<&str>, players: u32, boards: u64, seed: &str) -> Measured {
    let label = preset.map_or_else(|| "default".to_string(), |p| format!("preset {p}"));
    let mut layers = Vec::new();
    if let Some(name) = preset {
        layers.push(G::Params::preset(name).map_err(|e| format!("{} {label}: {e}", G::NAME))?);
    }
    let mut players_layer = toml::Table::new();
    players_layer.insert("players".into(), toml::Value::Integer(players.into()));
    layers.push(players_layer);
    let params: G::Params = params::Params::resolve(&layers).map_err(|e| format!("{} {label}, {players} players: {e}", G::NAME))?;
    let start = Instant::now();
    let indices: Vec<u64> = (1..=boards).collect();
    let run = Run {
        generator: G::NAME.to_string(),
        version: boardwright::VERSION.to_string(),
        seed: seed.to_string(),
        boards,
        link_base: String::new(),
        shard: None,
        sets: vec![SetRun {
            rows: rows::<G>(&params, seed, &indices, 0, &|| {}),
            ..set_run(label.clone(), &params).map_err(|e| format!("{} {label}: parameters as JSON: {e}", G::NAME))?
        }],
    };
    let report = Report::of(&run);
    let set = &report.sets[0];
    let met = set.fairness.iter().filter(|v| v.mark() == Mark::Pass).count();
    eprintln!(
        "{} {players} player{}, {label}: {boards} boards in {:.1} s, {met} of {} targets met",
        G::NAME,
        if players == 1 { "" } else { "s" },
        start.elapsed().as_secs_f64(),
        set.fairness.len()
    );
    Ok((set.fairness.clone(), set.failed))
}

/// `10000` as `10,000`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
