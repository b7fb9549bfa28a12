//! `boardwright play`: bots play one board many times. `play universe`
//! writes the per-seat and per-start figures and the verdict as JSON, as a
//! text table (at a terminal, or `.txt`) or as a page with charts, and
//! with `--compensate` every remedy's seat gap; `play hexet` the per-seat
//! scores and wins and the rounds at which city types are joined, as JSON
//! or as a text table.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use boardwright::universe::{self, Universe, play};
use boardwright::{Generator, Seed, hexet};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::{Failure, ParamArgs, input};

/// Games from which a progress bar shows.
const BAR_FROM: u32 = 2000;
/// Most threads a run may ask for.
const MOST_THREADS: usize = 256;

#[derive(Args)]
pub struct PlayArgs {
    #[command(subcommand)]
    game: Game,
}

#[derive(Subcommand)]
enum Game {
    /// Unstable Universe: bots race to the centre, cutting as they go.
    Universe(UniverseArgs),
    /// Hexet: bots build roads, one a turn, joining cities to the tower.
    Hexet(HexetArgs),
}

/// What every game's series reads.
#[derive(Args)]
struct Series {
    /// The board's seed (any text); without it, the config file's `seed`.
    #[arg(long, allow_hyphen_values = true)]
    seed: Option<String>,
    #[command(flatten)]
    params: ParamArgs,
    /// Games to play.
    #[arg(long, default_value_t = 1000, value_parser = parse_games)]
    games: u32,
    /// Threads to play on (default: one per core); the figures are the same on any number.
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
    /// Output file: .json, .txt (a table); universe also .html (a page with charts); "-" or none: stdout (universe: a table at a terminal, else JSON; hexet: JSON).
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
}

#[derive(Args)]
struct UniverseArgs {
    #[command(flatten)]
    series: Series,
    /// The bot every seat plays: reference (greedy's reckoning with chance, the one every figure is measured with), random, greedy or search (a budgeted lookahead, slower).
    #[arg(long, default_value = play::Series::REFERENCE, conflicts_with = "bots")]
    bot: String,
    /// One bot a seat, in seat order (random,greedy,…): mixed games, the bots moving round the seats from game to game.
    #[arg(long, value_delimiter = ',', value_name = "BOT,BOT,…")]
    bots: Vec<String>,
    /// TOML file of rules to play by instead of the built-in ones (mission, start_order, start_picks, remedy, shared_starts, cut_drawn_edges, max_rounds, optional_cuts, traveler_teleport, [effects.NAME] tables); docs/play.md describes them.
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// Also play every remedy for moving later (second starts, start order, the first move without its action, an extra teleport) as many games each, and report each one's seat gap.
    #[arg(long)]
    compensate: bool,
}

#[derive(Args)]
struct HexetArgs {
    #[command(flatten)]
    series: Series,
    /// The bot every seat plays: greedy.
    #[arg(long, default_value = "greedy")]
    bot: String,
}

/// How a report is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Json,
    Html,
    Text,
}

impl Series {
    /// The format `-o` asks for, of those `allowed` (JSON always), or a
    /// usage error naming them (`said`).
    fn format(&self, allowed: &[Format], said: &str) -> Result<Format, Failure> {
        let Some(path) = self.output.as_deref().filter(|p| *p != Path::new("-")) else {
            let table = allowed.contains(&Format::Text) && self.output.is_none() && std::io::stdout().is_terminal();
            return Ok(if table { Format::Text } else { Format::Json });
        };
        let format = match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("json") => Some(Format::Json),
            Some("html") => Some(Format::Html),
            Some("txt") => Some(Format::Text),
            _ => None,
        };
        match format {
            Some(f) if f == Format::Json || allowed.contains(&f) => Ok(f),
            _ => Err(Failure::Usage(format!("-o {}: {said}", path.display()))),
        }
    }

    /// The seed: `--seed`, else the config file's.
    fn seed(&self) -> Result<Seed, Failure> {
        let text = match &self.seed {
            Some(seed) => seed.clone(),
            None => self
                .params
                .config_seed()?
                .ok_or_else(|| Failure::Usage("play needs a board: give --seed TEXT (or a config file with seed = \"...\")".to_string()))?,
        };
        Ok(Seed::new(&text))
    }

    /// Runs `games` (given the progress bar's step; `total` games in all)
    /// on `--threads` threads, with a progress bar on a terminal for long
    /// series.
    fn play<T: Send>(&self, total: u64, games: impl FnOnce(&(dyn Fn(u32) + Sync)) -> T + Send) -> Result<T, Failure> {
        let bar = if total >= u64::from(BAR_FROM) && std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:24} {pos}/{len} games")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        } else {
            ProgressBar::hidden()
        };
        let played = || games(&|_| bar.inc(1));
        let result = match self.threads {
            None => played(),
            Some(n) => rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| Failure::Failed(format!("could not start {n} threads: {e}")))?
                .install(played),
        };
        bar.finish_and_clear();
        Ok(result)
    }
}

pub fn run(args: PlayArgs) -> Result<(), Failure> {
    match args.game {
        Game::Universe(args) => run_universe(args),
        Game::Hexet(args) => run_hexet(args),
    }
}

fn run_universe(args: UniverseArgs) -> Result<(), Failure> {
    let format = args.series.format(
        &[Format::Html, Format::Text],
        "a play report is written as JSON (.json, or \"-\" for stdout), as a text table (.txt) or as a page with charts (.html)",
    )?;
    let seed = args.series.seed()?;
    let params: universe::Params = args.series.params.layers::<universe::Params>()?.resolve()?;
    let rules = match &args.rules {
        None => play::Rules::default(),
        Some(path) => {
            let text = input::read_text(&input::RULES, path).map_err(Failure::Usage)?;
            let rules: play::Rules = toml::from_str(&text)
                .map_err(|e| Failure::Usage(format!("rules file {} is not valid: {}", path.display(), e.to_string().trim_end())))?;
            let names: Vec<&str> = params.node_types.iter().map(|t| t.name.as_str()).collect();
            rules
                .check(&names)
                .map_err(|e| Failure::Usage(format!("rules file {}: {e}", path.display())))?;
            rules
        }
    };
    let bots = if args.bots.is_empty() {
        vec![args.bot.clone()]
    } else {
        args.bots.clone()
    };
    let board = Universe::generate(&params, &seed).map_err(|e| Failure::Failed(e.to_string()))?;
    let series = play::Series {
        games: args.series.games,
        bots,
        rules,
    };
    let total = if args.compensate {
        series.compensated(params.players)
    } else {
        series.total()
    };
    let report = args
        .series
        .play(total, |done| match args.compensate {
            true => series.play_compensated(&board, done, None),
            false => series.play_with(&board, done, None),
        })?
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let played = play::Played::new(&board, &series, &report);
    crate::write_to(args.series.output.as_deref(), &|out| match format {
        Format::Html => out.write_all(boardwright_analyze::play_page::page(&played).as_bytes()),
        Format::Text => out.write_all(universe_table(&played, &board).as_bytes()),
        Format::Json => {
            serde_json::to_writer(&mut *out, &played)?;
            writeln!(out)
        }
    })
}

/// A universe report as a text table: the verdicts in words, the seats,
/// the starts by their printed labels, and the remedies tried.
fn universe_table(played: &play::Played<'_>, board: &universe::Board) -> String {
    let r = played.report;
    let mut t = String::new();
    let range = |[low, high]: [f64; 2]| format!("{low:.3}–{high:.3}");
    let _ = writeln!(
        t,
        "universe, seed {:?}, {} players: {} games, {}; {:.1} rounds a won game (p95 {})",
        played.seed,
        r.players,
        r.games,
        r.bots.join(", "),
        r.turns.mean,
        r.turns.p95
    );
    if let Some(sentence) = board.remedy.sentence(r.players) {
        let _ = writeln!(t, "the board prints: {sentence}");
    }
    let _ = writeln!(t, "\n{}\n{}\n{}\n", r.verdict, r.start_verdict, r.verdict_holds);
    let _ = writeln!(t, "seat  wins  win rate  95 % interval");
    for s in &r.seats {
        let _ = writeln!(
            t,
            "{:<4}  {:>4}  {:>8.3}  {:>13}",
            s.seat,
            s.rate.wins,
            s.rate.win_rate,
            range(s.rate.interval)
        );
    }
    let _ = writeln!(
        t,
        "\ngap {:.3} ({}) seat {} less seat {}; chi-square p {:.3}; no winner in {} (centre cut off {}, round cap {})\n",
        r.gap.gap,
        range(r.gap.interval),
        r.gap.best,
        r.gap.worst,
        r.chi_square.p_value,
        r.stalls,
        r.stalls_by_cause.centre_cut_off,
        r.stalls_by_cause.round_cap
    );
    let _ = writeln!(
        t,
        "start  node  held  wins  win rate  95 % interval   (starts dealt round the seats)"
    );
    for s in &r.starts {
        let _ = writeln!(
            t,
            "{:<5}  {:>4}  {:>4}  {:>4}  {:>8.3}  {:>13}",
            s.label,
            s.node,
            s.held,
            s.rate.wins,
            s.rate.win_rate,
            range(s.rate.interval)
        );
    }
    let _ = writeln!(
        t,
        "\nstart spread {:.3}, of which chance alone gives {:.3}: excess {:.3}",
        r.start_spread, r.chance_start_spread, r.excess_start_spread
    );
    if !r.remedies.is_empty() {
        let _ = writeln!(t, "\nremedy gap  95 % interval  rule printed");
        for m in &r.remedies {
            let _ = writeln!(
                t,
                "{:>10.3}  {:>13}  {}",
                m.gap.gap,
                range(m.gap.interval),
                m.sentence.as_deref().unwrap_or("none: one start each, in turn order")
            );
        }
    }
    t
}

fn run_hexet(args: HexetArgs) -> Result<(), Failure> {
    let format = args.series.format(
        &[Format::Text],
        "a hexet play report is written as JSON (.json, or \"-\" for stdout) or as a text table (.txt)",
    )?;
    let seed = args.series.seed()?;
    let params: hexet::Params = args.series.params.layers::<hexet::Params>()?.resolve()?;
    let game = hexet::Game::new(&params, &seed).map_err(|e| Failure::Failed(e.to_string()))?;
    let series = hexet::play::Series {
        games: args.series.games,
        bot: args.bot.clone(),
    };
    let report = args
        .series
        .play(u64::from(series.games), |done| series.play_with(&game, done))?
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let played = hexet::play::Played::new(&game, &report);
    crate::write_to(args.series.output.as_deref(), &|out| {
        if format == Format::Text {
            out.write_all(hexet_table(&played).as_bytes())
        } else {
            serde_json::to_writer(&mut *out, &played)?;
            writeln!(out)
        }
    })
}

/// A hexet report as a text table: the seats, the figures across them,
/// and the city types.
fn hexet_table(played: &hexet::play::Played<'_>) -> String {
    let r = played.report;
    let mut t = String::new();
    let range = |[low, high]: [f64; 2], digits: usize| format!("{low:.digits$}–{high:.digits$}");
    let _ = writeln!(
        t,
        "hexet, seed {:?}: {} games, {} players, every seat {}; {:.1} rounds a game (p95 {})\n",
        played.seed,
        r.games,
        r.players,
        r.bots.join(", "),
        r.turns.mean,
        r.turns.p95
    );
    let _ = writeln!(t, "seat  mean score  95 % interval  wins  win rate  95 % interval");
    for s in &r.seats {
        let _ = writeln!(
            t,
            "{:<4}  {:>10.2}  {:>13}  {:>4}  {:>8.3}  {:>13}",
            s.seat,
            s.score.mean,
            range(s.score.interval, 2),
            s.rate.wins,
            s.rate.win_rate,
            range(s.rate.interval, 3)
        );
    }
    let _ = writeln!(
        t,
        "\ndraws {} ({:.3}); score spread {:.2}; balance {:.3}; advantage_p1 {:+.3}; chi-square p {:.3}\n",
        r.draws,
        f64::from(r.draws) / f64::from(r.games.max(1)),
        r.score_spread,
        r.balance,
        r.advantage_p1,
        r.chi_square.p_value
    );
    let _ = writeln!(t, "city type  fewest roads  joined  mean round  95 % interval");
    for c in &r.city_types {
        let roads = c.roads.map_or_else(|| "-".to_string(), |n| n.to_string());
        let _ = writeln!(
            t,
            "{:<9}  {:>12}  {:>6}  {:>10.2}  {:>13}",
            c.city_type,
            roads,
            c.joined,
            c.turn.mean,
            range(c.turn.interval, 2)
        );
    }
    let _ = writeln!(
        t,
        "\na type is joined in round {:.2} on average; the latest type {:.2} rounds after the earliest",
        r.joined_turn, r.joined_turn_spread
    );
    t
}

fn parse_games(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (1..=play::Series::MOST_GAMES).contains(&n) => Ok(n),
        _ => Err(format!(
            "{text:?} is not allowed; expected a whole number from 1 to {}",
            play::Series::MOST_GAMES
        )),
    }
}

fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=MOST_THREADS).contains(&n) => Ok(n),
        _ => Err(format!("{text:?} is not allowed; expected a whole number from 1 to {MOST_THREADS}")),
    }
}
