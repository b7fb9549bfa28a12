//! `boardwright play universe`: bots play one board many times, and the
//! per-seat and per-start figures are written as JSON or as a page with
//! charts.

use std::path::PathBuf;

use boardwright::universe::{self, Universe, play};
use boardwright::{Generator, Seed};
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
}

#[derive(Args)]
struct UniverseArgs {
    /// The board's seed (any text); without it, the config file's `seed`.
    #[arg(long, allow_hyphen_values = true)]
    seed: Option<String>,
    #[command(flatten)]
    params: ParamArgs,
    /// Games to play.
    #[arg(long, default_value_t = 1000, value_parser = parse_games)]
    games: u32,
    /// The bot every seat plays: random, greedy or search (a budgeted lookahead, slower).
    #[arg(long, default_value = "greedy", conflicts_with = "bots")]
    bot: String,
    /// One bot a seat, in seat order (random,greedy,…): mixed games, the bots moving round the seats from game to game.
    #[arg(long, value_delimiter = ',', value_name = "BOT,BOT,…")]
    bots: Vec<String>,
    /// TOML file of rules to play by instead of the built-in ones (mission, start_order, start_picks, max_rounds, optional_cuts, traveler_teleport, [effects.NAME] tables); docs/play.md describes them.
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// Threads to play on (default: one per core); the figures are the same on any number.
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
    /// Output file: .json, or .html (a page with charts); "-" or none: stdout (JSON).
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
}

pub fn run(args: PlayArgs) -> Result<(), Failure> {
    let Game::Universe(args) = args.game;
    let html = match args.output.as_deref().filter(|p| *p != std::path::Path::new("-")) {
        None => false,
        Some(path) => match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("json") => false,
            Some("html") => true,
            _ => {
                return Err(Failure::Usage(format!(
                    "-o {}: a play report is written as JSON (.json, or \"-\" for stdout) or as a page with charts (.html)",
                    path.display()
                )));
            }
        },
    };
    let seed = match &args.seed {
        Some(seed) => seed.clone(),
        None => args
            .params
            .config_seed()?
            .ok_or_else(|| Failure::Usage("play needs a board: give --seed TEXT (or a config file with seed = \"...\")".to_string()))?,
    };
    let params: universe::Params = boardwright::params::Params::resolve(&args.params.layers::<universe::Params>()?)?;
    let rules = match &args.rules {
        None => play::Rules::default(),
        Some(path) => {
            let text = input::read_text(&input::RULES, path).map_err(Failure::Usage)?;
            let rules: play::Rules = toml::from_str(&text)
                .map_err(|e| Failure::Usage(format!("rules file {} is not valid: {}", path.display(), e.to_string().trim_end())))?;
            rules
                .check()
                .map_err(|e| Failure::Usage(format!("rules file {}: {e}", path.display())))?;
            rules
        }
    };
    let bots = if args.bots.is_empty() {
        vec![args.bot.clone()]
    } else {
        args.bots.clone()
    };
    let board = Universe::generate(&params, &Seed::new(&seed)).map_err(|e| Failure::Failed(e.to_string()))?;
    let series = play::Series {
        games: args.games,
        bots,
        rules,
    };
    let bar = if args.games >= BAR_FROM && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        let bar = ProgressBar::with_draw_target(Some(u64::from(args.games)), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:24} {pos}/{len} games")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let played = || play::play_with(&board, &series, &|_| bar.inc(1));
    let report = match args.threads {
        None => played(),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| Failure::Failed(format!("could not start {n} threads: {e}")))?
            .install(played),
    };
    bar.finish_and_clear();
    let report = report.map_err(|e| Failure::Usage(e.to_string()))?;
    let played = play::Played::new(&board, &series, &report);
    crate::write_to(args.output.as_deref(), &|out| {
        if html {
            out.write_all(boardwright_analyze::play_page::page(&played).as_bytes())
        } else {
            serde_json::to_writer(&mut *out, &played)?;
            writeln!(out)
        }
    })
}

fn parse_games(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (1..=play::MOST_GAMES).contains(&n) => Ok(n),
        _ => Err(format!(
            "{text:?} is not allowed; expected a whole number from 1 to {}",
            play::MOST_GAMES
        )),
    }
}

fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=MOST_THREADS).contains(&n) => Ok(n),
        _ => Err(format!("{text:?} is not allowed; expected a whole number from 1 to {MOST_THREADS}")),
    }
}
