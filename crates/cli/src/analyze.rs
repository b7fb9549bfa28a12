//! `boardwright analyze`, the command: its arguments, the parameter sets,
//! the memory check, the progress bar, the files and the exit code. The work
//! (boards, figures, fairness, the report's forms) is the
//! `boardwright_analyze` library (`crates/analyze`), which its `fairness`
//! example runs too.
//!
//! A `--shard K/M` run writes its rows as a part file instead of a report,
//! and `analyze merge` reads the parts back into the same rows, so the
//! report is the same bytes either way and whatever the thread count.
//!
//! Every board's figures are held until the report is written, so a run
//! (and a merge) first works out the memory they will take, from each set's
//! first board, and is refused when the machine has less free
//! ([`check_memory`]): better at once than killed hours in.
//!
//! The exit code says whether the report was written, not whether the
//! fairness targets were met: analyze measures, it does not judge. A line
//! per set on stderr says which targets were met.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use boardwright::params::Params;
use boardwright::{GENERATORS, Registered, Visit, with_generator};
use boardwright_analyze::fairness::Mark;
use boardwright_analyze::report;
use boardwright_analyze::run::{self as rows, Run, SetRun};
use boardwright_analyze::{figures, html, set_run};
use clap::{ArgMatches, Args, FromArgMatches, Subcommand, ValueEnum};

use crate::{Failure, ParamArgs, input, write_to};

/// Most boards one run may ask for.
const MAX_BOARDS: u64 = 100_000_000;

/// Where the HTML report's permalinks point by default: `boardwright serve`'s address.
const DEFAULT_LINK_BASE: &str = "http://127.0.0.1:8080";

/// What `--help` says of the exit code and the fairness summary.
const FAIRNESS_HELP: &str = "Fairness: the report has a section per parameter set measuring the generator's fairness targets \
(met, not met, or no data when a metric is missing); a line per set on stderr sums it up. \
The exit code is 0 whether or not the targets are met: analyze measures, it does not judge. \
2: bad usage; 1: a report that could not be written.";

/// `boardwright analyze …`: `merge`, and one subcommand per generator,
/// which [`with_generators`] adds from the registry.
#[derive(Args)]
#[command(after_help = FAIRNESS_HELP)]
pub struct AnalyzeArgs {
    #[command(subcommand)]
    what: What,
}

#[derive(Subcommand)]
enum What {
    /// Combines the part files of a sharded run into the report a single run writes.
    #[command(after_help = FAIRNESS_HELP)]
    Merge(MergeOpts),
}

#[derive(Args)]
struct Opts {
    /// Boards to generate, from the seeds BASE-1 … BASE-N.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_BOARDS))]
    boards: u64,
    /// The seeds' common start, BASE (it may start with a dash).
    #[arg(long, value_name = "BASE", default_value = "analyze", allow_hyphen_values = true)]
    seed: String,
    #[command(flatten)]
    params: ParamArgs,
    /// Compare with this built-in parameter set (the second set is built from the defaults and --players, as the first).
    #[arg(long, value_name = "NAME")]
    against_preset: Option<String>,
    /// Compare with the parameters of this TOML file.
    #[arg(long, value_name = "FILE")]
    against_config: Option<PathBuf>,
    /// Compare with this parameter changed in the second set (repeatable; applied last, after --players).
    #[arg(long = "against-set", value_name = "KEY=VALUE")]
    against_set: Vec<String>,
    /// Run only the boards whose index is K modulo M and write a part file for `analyze merge`.
    #[arg(long, value_name = "K/M")]
    shard: Option<String>,
    /// Universe and hexet: greedy games played on each board, adding the seats' win rates (and starts', or scores and city types' rounds joined) to the report (docs/play.md). Witches: any number plays the search strategy on each recipe too, adding recipe.search_potions (slower: about 5 ms a recipe).
    #[arg(long, value_name = "GAMES", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    play: u32,
    /// Where the HTML report's links to boards point (the web app's address).
    #[arg(long, value_name = "URL", default_value = DEFAULT_LINK_BASE)]
    link_base: String,
    /// Report file; the format comes from the extension (.json, .csv, .html). "-" or none: stdout.
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Report format (overrides the extension).
    #[arg(long, value_enum)]
    format: Option<ReportFormat>,
}

#[derive(Args)]
struct MergeOpts {
    /// The part files written by `--shard K/M` runs, one per K.
    #[arg(required = true, value_name = "PART.json")]
    parts: Vec<PathBuf>,
    /// Report file; the format comes from the extension (.json, .csv, .html). "-" or none: stdout.
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Report format (overrides the extension).
    #[arg(long, value_enum)]
    format: Option<ReportFormat>,
}

/// What a report is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ReportFormat {
    Json,
    Csv,
    Html,
}

/// The `analyze` command with a subcommand per generator of the registry,
/// before `merge`.
pub(crate) fn with_generators(analyze: clap::Command) -> clap::Command {
    struct Subcommand;
    impl Visit for Subcommand {
        type Output = clap::Command;
        fn visit<G: Registered>(self) -> clap::Command {
            let command = Opts::augment_args(clap::Command::new(G::NAME));
            let name = crate::capitalized(G::NAME);
            if G::FAIRNESS.is_empty() {
                command.about(format!("{name} boards (no fairness targets)."))
            } else {
                command.about(format!("{name} boards.")).after_help(FAIRNESS_HELP)
            }
        }
    }
    let mut analyze = analyze.mut_subcommand("merge", |merge| merge.display_order(GENERATORS.len()));
    for (order, name) in GENERATORS.iter().enumerate() {
        let sub = with_generator(name, Subcommand).expect("a registered generator");
        analyze = analyze.subcommand(sub.display_order(order));
    }
    analyze
}

/// Runs `boardwright analyze` for the generator a subcommand names.
pub(crate) struct Analyze<'a>(pub(crate) &'a ArgMatches);

impl Visit for Analyze<'_> {
    type Output = Result<(), Failure>;
    fn visit<G: Registered>(self) -> Result<(), Failure> {
        let opts = Opts::from_arg_matches(self.0).map_err(|e| Failure::Usage(e.to_string()))?;
        analyze::<G>(&opts)
    }
}

/// Each generator whose results are played, with what `--play` plays on
/// them: "hexet (greedy games)".
fn played() -> Vec<String> {
    struct Played;
    impl Visit for Played {
        type Output = Option<String>;
        fn visit<G: Registered>(self) -> Option<String> {
            G::PLAYED.map(|what| format!("{} ({what})", G::NAME))
        }
    }
    GENERATORS
        .iter()
        .filter_map(|name| with_generator(name, Played).flatten())
        .collect()
}

/// Runs `boardwright analyze merge`.
pub(crate) fn run(args: AnalyzeArgs) -> Result<(), Failure> {
    match args.what {
        What::Merge(opts) => merge(&opts),
    }
}

fn analyze<G: Registered>(opts: &Opts) -> Result<(), Failure> {
    let shard = opts.shard.as_deref().map(parse_shard).transpose()?;
    let format = report_format(opts.output.as_deref(), opts.format)?;
    if shard.is_some() && format != ReportFormat::Json {
        return Err(Failure::Usage(
            "--shard writes a part file (JSON): name it .json, and merge the parts into a CSV or HTML report with `analyze merge`".into(),
        ));
    }
    check_link_base(&opts.link_base)?;
    if opts.play > 0 && G::PLAYED.is_none() {
        return Err(Failure::Usage(format!(
            "--play: nothing is played on {} results yet; played: {}",
            G::NAME,
            played().join(", ")
        )));
    }
    let base = ParamSet::<G::Params>::resolve(&opts.params, &[])?;
    let comparing = opts.against_preset.is_some() || opts.against_config.is_some() || !opts.against_set.is_empty();
    let mut sets = vec![base];
    if comparing {
        let against = ParamArgs {
            preset: opts.against_preset.clone(),
            config: opts.against_config.clone(),
            set: Vec::new(),
            players: opts.params.players.clone(),
        };
        let mut against = ParamSet::<G::Params>::resolve(&against, &opts.against_set)?;
        if against.run.label == sets[0].run.label {
            against.run.label.push_str(" (against)");
        }
        sets.push(against);
    }

    let (k, m) = shard.unwrap_or((0, 1));
    // Board i (from 1) belongs to shard i mod M. Refused before any work
    // when its figures would not fit in memory: each set's first board
    // tells how many figures a board has.
    let first = if k == 0 { m } else { k };
    if first <= opts.boards {
        let figures: Vec<u64> = sets
            .iter()
            .map(|set| {
                let board = boardwright_analyze::board::<G>(&set.params, &opts.seed, first, opts.play, &mut figures::Flattener::default());
                rows::figure_count(&[board])
            })
            .collect();
        check_memory((opts.boards - first) / m + 1, &figures, memory_available())?;
    }
    let indices: Vec<u64> = (1..=opts.boards).filter(|i| i % m == k).collect();
    let bar = progress_bar(indices.len() as u64 * sets.len() as u64);
    let sets = sets
        .into_iter()
        .map(|set| {
            let rows = boardwright_analyze::rows::<G>(&set.params, &opts.seed, &indices, opts.play, &|| bar.inc(1));
            SetRun { rows, ..set.run }
        })
        .collect();
    bar.finish_and_clear();
    let run = Run {
        generator: G::NAME.to_string(),
        version: boardwright::VERSION.to_string(),
        seed: opts.seed.clone(),
        boards: opts.boards,
        link_base: opts.link_base.trim_end_matches('/').to_string(),
        shard: shard.map(|(k, m)| rows::Shard { k, m }),
        sets,
    };
    if run.shard.is_some() {
        return write_to(opts.output.as_deref(), &|out| rows::write_part(&run, out));
    }
    write_report(&run, format, opts.output.as_deref())
}

fn merge(opts: &MergeOpts) -> Result<(), Failure> {
    let format = report_format(opts.output.as_deref(), opts.format)?;
    let mut parts = Vec::new();
    for path in &opts.parts {
        let mut file = input::open(&input::PART, path).map_err(Failure::Usage)?;
        let run = rows::read_part(&mut file).map_err(|e| match file.over() {
            Some(over) => Failure::Usage(over.to_string()),
            None => Failure::Usage(format!("{}: {e}", path.display())),
        })?;
        if parts.is_empty() {
            // The first part tells what the whole run holds: refused now
            // rather than once the other parts are read.
            let figures: Vec<u64> = run.sets.iter().map(|set| rows::figure_count(&set.rows)).collect();
            check_memory(run.boards, &figures, memory_available())?;
        }
        parts.push((path.display().to_string(), run));
    }
    let run = rows::merge(parts).map_err(Failure::Usage)?;
    write_report(&run, format, opts.output.as_deref())
}

fn write_report(run: &Run, format: ReportFormat, output: Option<&Path>) -> Result<(), Failure> {
    let figures = report::Report::of(run);
    write_to(output, &|out: &mut dyn Write| match format {
        ReportFormat::Json => figures.write_json(out),
        ReportFormat::Csv => figures.write_csv(out),
        ReportFormat::Html => out.write_all(html::page(&figures).as_bytes()),
    })?;
    for line in fairness_summary(&figures) {
        eprintln!("{line}");
    }
    Ok(())
}

/// A line per set saying how many fairness targets were met, and naming
/// those that were not (none for a generator without targets).
fn fairness_summary(report: &report::Report<'_>) -> Vec<String> {
    let comparing = report.sets.len() > 1;
    report
        .sets
        .iter()
        .filter(|set| !set.fairness.is_empty())
        .map(|set| {
            let label = if comparing { format!(", {}", set.run.label) } else { String::new() };
            let met = set.fairness.iter().filter(|v| v.mark() == Mark::Pass).count();
            let mut line = format!("fairness{label}: {met} of {} targets met", set.fairness.len());
            for (mark, name) in [(Mark::Fail, "failing"), (Mark::NoData, "no data")] {
                let these: Vec<String> = set
                    .fairness
                    .iter()
                    .filter(|v| v.mark() == mark)
                    .map(|v| match mark {
                        Mark::Fail => format!("{} (measured {})", v.target.check, v.value_text()),
                        _ => v.target.check.to_string(),
                    })
                    .collect();
                if !these.is_empty() {
                    line.push_str(&format!("; {name}: {}", these.join(", ")));
                }
            }
            line
        })
        .collect()
}

/// One resolved parameter set: its parameters, and its run before the
/// boards (a label for people, the parameters as JSON for the report and as
/// a permalink query).
struct ParamSet<P> {
    params: P,
    run: SetRun,
}

impl<P: Params> ParamSet<P> {
    /// Preset, config file, `--set` items, `--players`, then `after` (the
    /// `--against-set` items), over the defaults.
    fn resolve(args: &ParamArgs, after: &[String]) -> Result<ParamSet<P>, Failure> {
        let mut layers = args.layers::<P>()?;
        if !after.is_empty() {
            let after = ParamArgs {
                set: after.to_vec(),
                ..ParamArgs::default()
            };
            layers.then(after.layers::<P>()?);
        }
        let params = layers.resolve()?;
        let mut label: Vec<String> = Vec::new();
        if let Some(name) = &args.preset {
            label.push(format!("preset {name}"));
        }
        if let Some(path) = &args.config {
            label.push(format!("config {}", path.display()));
        }
        label.extend(args.set.iter().cloned());
        if let Some(players) = &args.players {
            label.push(format!("players={}", players.trim()));
        }
        label.extend(after.iter().cloned());
        let label = if label.is_empty() {
            "default".to_string()
        } else {
            label.join(", ")
        };
        let run = set_run(label, &params).map_err(|e| Failure::Failed(format!("parameters as JSON: {e}")))?;
        Ok(ParamSet { params, run })
    }
}

/// What a board takes in memory through a run, about: its row and seed
/// index, and the sorting of a figure's percentiles (bytes a board); and per
/// figure, its number in the row and again in the report's column (bytes a
/// figure). Measured (peak memory over 60,000 universe boards, 200,000
/// witches boards): 1.96 KB a universe board (65 figures) and 0.95 KB a
/// witches board (35) against 1.95 KB and 1.11 KB by these.
const BOARD_BYTES: u64 = 128;
const FIGURE_BYTES: u64 = 28;

/// Refuses a run of `boards` boards per set, whose sets' boards have
/// `figures` figures each, when it would need more memory than `available`
/// (`None`: not known, nothing refused): it would otherwise be killed once
/// out of memory, its work lost.
fn check_memory(boards: u64, figures: &[u64], available: Option<u64>) -> Result<(), Failure> {
    let per_board: u64 = figures.iter().map(|&f| BOARD_BYTES + FIGURE_BYTES * f).sum();
    let Some(available) = available else {
        return Ok(());
    };
    let needed = boards.saturating_mul(per_board);
    if needed <= available {
        return Ok(());
    }
    let gib = |bytes: u64| bytes as f64 / f64::from(1 << 30);
    Err(Failure::Usage(format!(
        "{boards} boards would hold about {:.1} GiB of figures in memory, more than the {:.1} GiB free here: \
         ask for at most about {} boards, or shard the run (--shard K/M) and merge the parts on a machine with more memory",
        gib(needed),
        gib(available),
        available / per_board.max(1)
    )))
}

/// The memory the system can still give (Linux's `MemAvailable`), when it says.
fn memory_available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line
        .trim_start_matches("MemAvailable:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// `K/M` with `0 ≤ K < M`.
fn parse_shard(text: &str) -> Result<(u64, u64), Failure> {
    let bad = || {
        Failure::Usage(format!(
            "--shard {text:?}: expected K/M, two whole numbers with 0 <= K < M (e.g. 0/4)"
        ))
    };
    let (k, m) = text.split_once('/').ok_or_else(bad)?;
    let (k, m) = (
        k.trim().parse::<u64>().map_err(|_| bad())?,
        m.trim().parse::<u64>().map_err(|_| bad())?,
    );
    if k >= m {
        return Err(bad());
    }
    Ok((k, m))
}

/// The permalinks' base must be an address, with nothing a page would load.
fn check_link_base(base: &str) -> Result<(), Failure> {
    let ok = base.is_empty() || base.starts_with("http://") || base.starts_with("https://") || base.starts_with('/');
    if !ok || base.contains(['"', '<', '>', ' ', '?', '#']) {
        return Err(Failure::Usage(format!(
            "--link-base {base:?}: expected an http(s) address such as {DEFAULT_LINK_BASE}, a path starting with /, or nothing"
        )));
    }
    Ok(())
}

fn report_format(output: Option<&Path>, format: Option<ReportFormat>) -> Result<ReportFormat, Failure> {
    if let Some(f) = format {
        return Ok(f);
    }
    let Some(path) = output.filter(|p| *p != Path::new("-")) else {
        return Ok(ReportFormat::Json);
    };
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("json") => Ok(ReportFormat::Json),
        Some("csv") => Ok(ReportFormat::Csv),
        Some("html" | "htm") => Ok(ReportFormat::Html),
        _ => Err(Failure::Usage(format!(
            "cannot tell the report format of {}: use a .json, .csv or .html name, or --format",
            path.display()
        ))),
    }
}

/// A bar on stderr when it is a terminal; hidden otherwise.
fn progress_bar(total: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::with_draw_target(Some(total), indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} boards, {per_sec}, {eta} left") {
        bar.set_style(style);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(boards: u64, figures: &[u64], available: Option<u64>) -> Option<String> {
        match check_memory(boards, figures, available) {
            Ok(()) => None,
            Err(Failure::Usage(message) | Failure::Failed(message)) => Some(message),
        }
    }

    #[test]
    fn runs_whose_figures_would_not_fit_in_memory_are_refused() {
        // 1000 boards of 10 figures: 1000 × (128 + 10 × 28) = 408,000 bytes.
        assert_eq!(refused(1000, &[10], Some(408_000)), None);
        let message = refused(1000, &[10], Some(407_999)).expect("a byte short");
        assert!(message.contains("at most about 999 boards"), "{message}");
        // Both sets of a comparison are held.
        assert!(refused(1000, &[10, 10], Some(408_000)).is_some());
        assert_eq!(refused(500, &[10, 10], Some(408_000)), None);
        // Unknown memory refuses nothing; a product past u64 saturates.
        assert_eq!(refused(u64::MAX, &[10], None), None);
        assert!(refused(u64::MAX, &[10], Some(u64::MAX - 1)).is_some());
    }
}
