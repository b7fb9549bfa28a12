//! The `boardwright` command line: parses arguments, reads and writes files,
//! and leaves everything else to the library and the renderer.
//!
//! Error policy, all of it: bad usage or a bad parameter exits 2, a generation
//! or write that could not succeed exits 1, each with one message on stderr.
//! stdout carries data only. Output goes to a temporary file (a name of its
//! own, beside the file a link points to) renamed into place at the end, so a
//! failed command never leaves a partial file; a device or a pipe is written
//! into directly. A command stopped by SIGINT, SIGTERM or SIGHUP removes its
//! temporary files and exits with 128 and the signal's number
//! ([`interrupt`]). The files a user names are read only when they are
//! regular files, up to a cap each ([`input`]); a file refused is bad usage.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use boardwright::params::{Layers, ParamError, Params};
use boardwright::{DrawOptions, Error, GENERATORS, Paper, Registered, Seed, Tile, Visit, with_generator};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use output::Format;
use output::file::WriteError;

mod analyze;
mod input;
mod interrupt;
mod list;
mod play;
mod progress;
mod puzzle;

use progress::Progress;

/// A board is made of thousands of small vectors, a few hundred of them per
/// relaxation alone: mimalloc hands them out and takes them back in about
/// half the time of the system allocator (`analyze universe` 10 % faster,
/// the server's default board as SVG 19 % more requests a second).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The commands besides one per generator, which [`command`] adds from the
/// library's registry.
#[derive(Parser)]
#[command(name = "boardwright", version, about = "Fair, playable game boards from a seed.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every generator with its parameters, defaults, ranges and docs.
    List,
    /// The local web app: every generator's page, and its HTTP API.
    Serve(ServeArgs),
    /// Fairness and quality figures over many seeds, compared between parameter sets.
    Analyze(Box<analyze::AnalyzeArgs>),
    /// Bots play one board many times: who wins (and scores), by seat and by start, with 95 % intervals.
    Play(play::PlayArgs),
    /// A JSON Schema of what the toolkit writes or reads: a generator's result (`universe`), its config file (`universe-config`), hexet's road log (`hexet-road-log`). Without a name, lists them.
    Schema {
        /// The schema's name.
        name: Option<String>,
    },
}

/// The options that choose a generator's parameters, shared by every command
/// that generates.
#[derive(Args, Clone, Default)]
struct ParamArgs {
    /// Number of players (same as --set players=N).
    #[arg(long)]
    players: Option<String>,
    /// TOML file with any subset of the generator's parameters, and the seed (`seed = "..."`) used when --seed is not given.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// One parameter, KEY=VALUE (repeatable; applied after --config).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// A built-in parameter set (applied first).
    #[arg(long)]
    preset: Option<String>,
}

#[derive(Args)]
struct Common {
    /// Any text (it may start with a dash); without it the config file's `seed`, or else a random seed, printed on stderr.
    #[arg(long, allow_hyphen_values = true)]
    seed: Option<String>,
    #[command(flatten)]
    params: ParamArgs,
    /// Output file; the format comes from the extension. "-" or none: stdout.
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Output format (overrides the extension).
    #[arg(long, value_parser = format_parser())]
    format: Option<Format>,
    /// White fills and dark outlines only, to save ink (drawings only).
    #[arg(long)]
    ink_friendly: bool,
    /// Paper the drawing is made for: a4, letter, a3 or a5 (landscape).
    #[arg(long, value_name = "SIZE", default_value = "a4", value_parser = output::options::paper)]
    paper: Paper,
    /// Print one board over several sheets of the paper, COLSxROWS (2x1, 2x2, up to 4x4): they overlap by 10 mm strips with crosshairs to line them up.
    #[arg(long, value_name = "COLSxROWS", default_value = "1x1", value_parser = output::options::tile)]
    tile: Tile,
    /// N boards from the seeds "<SEED>-1" … "<SEED>-N": one PDF with each board on its own page(s), or JSON Lines.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_count)]
    count: u32,
    /// Pixels per inch of PNG output.
    #[arg(long, default_value_t = output::DEFAULT_DPI, value_parser = output::options::dpi)]
    dpi: f64,
    /// Print the resolved parameters as TOML (what --config reads back) and generate nothing.
    #[arg(long)]
    print_config: bool,
}

#[derive(Args)]
struct ServeArgs {
    /// Where to listen; port 0 picks a free port.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    addr: String,
    /// An origin (SCHEME://HOST[:PORT]) whose pages may call the API, and whose host the server answers besides localhost and IP addresses; repeatable.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origin: Vec<serve::Origin>,
}

/// A failure, with its exit code.
enum Failure {
    /// Bad usage or a bad parameter: exit 2.
    Usage(String),
    /// Generation or output failed: exit 1.
    Failed(String),
}

impl From<ParamError> for Failure {
    fn from(e: ParamError) -> Failure {
        Failure::Usage(e.to_string())
    }
}

/// The id of the argument that names a generator's log file.
const LOG_ARG: &str = "log";
/// The id of `--rules-card`: on every generator's subcommand, shown in the
/// help of those that have a rules card and refused by the others.
const RULES_CARD_ARG: &str = "rules_card";

/// One subcommand per generator of the registry, first, then [`Cli`]'s.
fn command() -> clap::Command {
    struct Subcommand;
    impl Visit for Subcommand {
        type Output = clap::Command;
        fn visit<G: Registered>(self) -> clap::Command {
            let mut command = Common::augment_args(clap::Command::new(G::NAME)).about(capitalized(G::ABOUT) + ".");
            if G::NAME == puzzle::FOR {
                command = puzzle::args(command);
            }
            // Declared for every generator, so that one without a card
            // refuses it in words (`run`) rather than as an unknown argument.
            command = command.arg(
                clap::Arg::new(RULES_CARD_ARG)
                    .long("rules-card")
                    .action(clap::ArgAction::SetTrue)
                    .hide(!G::RULES_CARD)
                    .help("Add a rules card after the board: a page (more if it needs them) saying how to play and what everything on this board does (universe: node types, missions, pieces; witches: where to brew, special cells, starting ingredients, effects; hexet: terrain, scoring, each city type's cost). PDF: extra pages; SVG and PNG: stacked below the board"),
            );
            match G::LOG {
                Some(log) => command.arg(
                    clap::Arg::new(LOG_ARG)
                        .long(log.option)
                        .value_name("FILE")
                        .value_parser(clap::value_parser!(PathBuf))
                        .help(log.help),
                ),
                None => command,
            }
        }
    }
    let mut command = Cli::command();
    let others: Vec<String> = command.get_subcommands().map(|c| c.get_name().to_string()).collect();
    for (order, name) in others.iter().enumerate() {
        command = command.mut_subcommand(name, |c| c.display_order(GENERATORS.len() + order));
    }
    for (order, name) in GENERATORS.iter().enumerate() {
        let sub = with_generator(name, Subcommand).expect("a registered generator");
        command = command.subcommand(sub.display_order(order));
    }
    command.mut_subcommand("analyze", analyze::with_generators)
}

/// The generators that have a rules card, in the registry's order: `a, b
/// and c`.
fn with_rules_card() -> String {
    struct HasCard;
    impl Visit for HasCard {
        type Output = bool;
        fn visit<G: Registered>(self) -> bool {
            G::RULES_CARD
        }
    }
    let names: Vec<&str> = GENERATORS
        .iter()
        .copied()
        .filter(|name| with_generator(name, HasCard) == Some(true))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// `text` with its first letter a capital.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// Runs the generator a subcommand names with its options.
struct Run<'a>(&'a ArgMatches);

impl Visit for Run<'_> {
    type Output = Result<(), Failure>;
    fn visit<G: Registered>(self) -> Result<(), Failure> {
        let common = Common::from_arg_matches(self.0).map_err(|e| Failure::Usage(e.to_string()))?;
        let rules_card = self.0.get_flag(RULES_CARD_ARG);
        let log = self.0.try_get_one::<PathBuf>(LOG_ARG).ok().flatten().map(PathBuf::as_path);
        run::<G>(&common, log, rules_card)
    }
}

fn main() -> ExitCode {
    let matches = match command().try_get_matches() {
        Ok(matches) => matches,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    // Every command but these writes files, whose temporaries a signal to
    // stop removes; `serve` stops on signals its own way.
    if !matches!(matches.subcommand_name(), Some("serve" | "list" | "schema") | None) {
        interrupt::clean_up_on_signals();
    }
    // A generator's subcommand, or analyze's: run through the registry.
    let generated = match matches.subcommand() {
        Some(("analyze", sub)) => sub
            .subcommand()
            .and_then(|(name, opts)| with_generator(name, analyze::Analyze(opts))),
        Some((name, sub)) if name == puzzle::FOR && puzzle::asked(sub) => Some(puzzle::run(sub)),
        Some((name, sub)) => with_generator(name, Run(sub)),
        None => None,
    };
    if let Some(result) = generated {
        return exit(result);
    }
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    let result = match cli.command {
        Command::List => {
            print!("{}", list::text());
            Ok(())
        }
        Command::Serve(args) => {
            // An address that names nothing is bad usage; one that cannot be
            // listened on (taken, not this machine's) a failure.
            if std::net::ToSocketAddrs::to_socket_addrs(&args.addr).is_err() {
                Err(Failure::Usage(format!(
                    "--addr {:?}: expected HOST:PORT, such as 127.0.0.1:8080 (port 0: any free port)",
                    args.addr
                )))
            } else {
                let limits = serve::Limits {
                    allowed_origins: args.allow_origin,
                    ..serve::Limits::default()
                };
                serve::run(&args.addr, limits).map_err(|e| Failure::Failed(format!("cannot serve on {}: {e}", args.addr)))
            }
        }
        Command::Analyze(args) => analyze::run(*args),
        Command::Play(args) => play::run(args),
        Command::Schema { name } => schema(name.as_deref()),
    };
    exit(result)
}

/// `boardwright schema [NAME]`: the schema called `name` on stdout, or the
/// names and titles of them all.
fn schema(name: Option<&str>) -> Result<(), Failure> {
    let Some(name) = name else {
        for (name, schema) in boardwright::schema::all() {
            let title = schema.get("title").and_then(|t| t.as_str()).unwrap_or_default();
            println!("{name:<20} {title}");
        }
        return Ok(());
    };
    let schema = boardwright::schema::named(name).map_err(Failure::Usage)?;
    let text = serde_json::to_string_pretty(&schema).map_err(|e| Failure::Failed(format!("could not write the schema: {e}")))?;
    println!("{text}");
    Ok(())
}

/// The exit code of a command's result, its message on stderr.
fn exit(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
        Err(Failure::Failed(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}

/// Runs generator `G` with the common options, playing the log at
/// `log_path` (hexet's roads) on the result, its rules card after it when
/// `rules_card` asks.
fn run<G: Registered>(common: &Common, log_path: Option<&Path>, rules_card: bool) -> Result<(), Failure> {
    if rules_card && !G::RULES_CARD {
        return Err(Failure::Usage(format!(
            "--rules-card: {} boards have no rules card; {} have one",
            G::NAME,
            with_rules_card()
        )));
    }
    let log_noun = G::LOG.map_or("log", |log| log.noun);
    let mut params: G::Params = resolve_params(common)?;
    // A universe tiled 2x1 is laid out wide: the board, its JSON and its
    // printed config are the one the sheets show.
    let sheets = DrawOptions {
        paper: common.paper,
        tile: common.tile,
        ..Default::default()
    };
    G::fit_to_sheets(&mut params, &sheets);
    // `--seed`, or else the config file's `seed`.
    let seed = match &common.seed {
        Some(text) => Some(text.clone()),
        None => common.params.config_seed()?,
    };
    if common.print_config {
        // The seed first when one is given, as `--config` reads it back.
        if let Some(text) = &seed {
            println!("seed = {}", toml::Value::from(text.as_str()));
        }
        print!("{}", Params::to_toml(&params));
        return Ok(());
    }
    let log: G::Log = match log_path {
        None => G::Log::default(),
        Some(path) => {
            let text = input::read_text(&input::log(log_noun), path).map_err(Failure::Usage)?;
            serde_json::from_str(&text).map_err(|e| Failure::Usage(format!("{log_noun} {} is not valid: {e}", path.display())))?
        }
    };
    let format = output_format(common)?;
    if format != Format::Json {
        G::check_drawable(&params).map_err(|e| Failure::Usage(e.to_string()))?;
    } else if rules_card {
        return Err(Failure::Usage(
            "--rules-card: the rules card is printed with a drawing; write pdf, svg or png (json holds the board's data only)".to_string(),
        ));
    }
    let icons = if format == Format::Json {
        Default::default()
    } else {
        read_icons(&G::icon_files(&params))?
    };
    if common.count > 1 && matches!(format, Format::Svg | Format::Png) {
        return Err(Failure::Usage(format!(
            "--count {}: one {} holds one board; write several boards as pdf (a page or two each) or json (JSON Lines)",
            common.count,
            format.extension()
        )));
    }
    let drawing = output::Drawing {
        options: DrawOptions {
            ink_friendly: common.ink_friendly,
            paper: common.paper,
            tile: common.tile,
            icons,
            rules_card,
        },
        dpi: common.dpi,
    };
    if format == Format::Png {
        warn_of_a_large_png(&drawing);
    }
    let seed_text = seed.unwrap_or_else(random_seed);
    let seeds: Vec<String> = if common.count == 1 {
        vec![seed_text]
    } else {
        (1..=common.count).map(|i| format!("{seed_text}-{i}")).collect()
    };
    let mut progress = Progress::new(G::work_size(&params), std::io::stderr().is_terminal(), G::STEPS);
    let outputs = seeds
        .iter()
        .map(|seed| {
            G::generate_logged(&params, &Seed::new(seed), &log, &mut progress).map_err(|e| match e {
                Error::Params(e) => e.into(),
                // Of several boards, the one that failed is named.
                e @ Error::Generate { .. } if common.count > 1 => Failure::Failed(format!("seed {seed:?}: {e}")),
                e @ (Error::Generate { .. } | Error::Stopped) => Failure::Failed(e.to_string()),
                Error::Log { index, reason } => {
                    let path = log_path.map_or_else(String::new, |p| p.display().to_string());
                    Failure::Usage(format!("{path}: {log_noun} entry {}: {reason}", index + 1))
                }
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if format != Format::Json {
        for (seed, board) in seeds.iter().zip(&outputs) {
            G::check_printable(board, &drawing.options).map_err(|why| match common.count {
                1 => Failure::Usage(why.to_string()),
                _ => Failure::Usage(format!("seed {seed:?}: {why}")),
            })?;
        }
    }
    write_to(common.output.as_deref(), &|out| {
        output::write_many::<G>(&outputs, format, &drawing, out)
    })
}

/// Memory a PNG's pixels take while drawn (four bytes a pixel) past which
/// the command warns before it starts: 1 GiB.
const LARGE_PNG_BYTES: u64 = 1 << 30;

/// Warns on stderr, before any work, of a PNG whose pixels alone take more
/// than [`LARGE_PNG_BYTES`] of memory, saying how to make it smaller.
fn warn_of_a_large_png(drawing: &output::Drawing) {
    let pixels = drawing.least_pixels();
    let bytes = pixels.saturating_mul(4);
    if bytes > LARGE_PNG_BYTES {
        eprintln!(
            "warning: this PNG has at least {:.0} million pixels and needs about {:.1} GB of memory while it is drawn, \
             which may take minutes; lower --dpi or --tile, or write pdf",
            pixels as f64 / 1e6,
            bytes as f64 / 1e9
        );
    }
}

/// Reads the icon files the parameters name, each checked to be an SVG the
/// renderer can draw.
fn read_icons(files: &[(String, String)]) -> Result<std::collections::BTreeMap<String, String>, Failure> {
    let mut icons = std::collections::BTreeMap::new();
    for (name, path) in files {
        let fail = |why: String| Failure::Usage(format!("icon of node type {name:?}: {why}"));
        let text = input::read_text(&input::ICON, Path::new(path)).map_err(fail)?;
        render::check_svg(&text).map_err(|e| fail(format!("{path}: {e}; expected an SVG file")))?;
        icons.insert(name.clone(), text);
    }
    Ok(icons)
}

/// Preset, then config file, then `--set`, then `--players`, over the defaults.
fn resolve_params<P: Params>(common: &Common) -> Result<P, Failure> {
    Ok(common.params.layers::<P>()?.resolve()?)
}

impl ParamArgs {
    /// The config file's table, when `--config` names one.
    fn config_table(&self) -> Result<Option<toml::Table>, Failure> {
        let Some(path) = &self.config else { return Ok(None) };
        let text = input::read_text(&input::CONFIG, path).map_err(Failure::Usage)?;
        let table = text.parse::<toml::Table>().map_err(|e| {
            Failure::Usage(format!(
                "config file {} is not valid TOML: {}",
                path.display(),
                e.to_string().trim_end()
            ))
        })?;
        Ok(Some(table))
    }

    /// The seed the config file names (its `seed` key, text), if any.
    fn config_seed(&self) -> Result<Option<String>, Failure> {
        match self.config_table()?.and_then(|mut table| table.remove("seed")) {
            None => Ok(None),
            Some(toml::Value::String(text)) => Ok(Some(text)),
            Some(other) => Err(Failure::Usage(format!(
                "config file {}: seed must be text in quotes, not {other}",
                self.config.as_deref().unwrap_or(Path::new("")).display()
            ))),
        }
    }

    /// The parameter layers of the preset, the config file, the `--set`
    /// items and `--players`, in that order.
    fn layers<P: Params>(&self) -> Result<Layers, Failure> {
        let mut layers = Layers::default();
        if let Some(name) = &self.preset {
            layers.preset::<P>(name)?;
        }
        if let Some(mut table) = self.config_table()? {
            table.remove("seed");
            layers.table(table);
        }
        for item in &self.set {
            let Some((key, value)) = item.split_once('=') else {
                return Err(Failure::Usage(format!("--set {item:?}: expected KEY=VALUE")));
            };
            layers.set(key, value);
        }
        if let Some(players) = &self.players {
            layers.set("players", players);
        }
        Ok(layers)
    }
}

fn output_format(common: &Common) -> Result<Format, Failure> {
    if let Some(f) = common.format {
        return Ok(f);
    }
    let Some(path) = common.output.as_deref().filter(|p| *p != Path::new("-")) else {
        return Ok(Format::Json);
    };
    Format::from_path(path).ok_or_else(|| {
        Failure::Usage(format!(
            "cannot tell the format of {}: use a .json, .svg, .png or .pdf name, or --format",
            path.display()
        ))
    })
}

/// `--format`'s values: every format by its extension.
fn format_parser() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::ALL.map(Format::extension)).map(|name| Format::from_extension(&name).expect("a format's own name"))
}

/// A random seed, printed on stderr.
fn random_seed() -> String {
    let text = random_seed_text();
    eprintln!("seed: {text}");
    text
}

/// Eight letters from the clock and the process id; the only place that reads either.
fn random_seed_text() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // SplitMix64 steps: any well-mixed bits will do for a seed's name.
    let mut state = nanos ^ u64::from(std::process::id()).rotate_left(32);
    (0..8)
        .map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            char::from(b'a' + ((z ^ (z >> 31)) % 26) as u8)
        })
        .collect()
}

/// Writes through `produce` to `path` ("-" or none: stdout), whole or not
/// at all ([`output::file::write`]).
fn write_to(path: Option<&Path>, produce: output::file::Produce<'_>) -> Result<(), Failure> {
    output::file::write(path, produce).map_err(|e| match e {
        WriteError::BadPath(message) => Failure::Usage(message),
        WriteError::Failed(message) => Failure::Failed(message),
    })
}

/// Most boards one command makes.
const MAX_COUNT: u32 = 500;

fn parse_count(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (1..=MAX_COUNT).contains(&n) => Ok(n),
        _ => Err(format!("{text:?} is not allowed; expected a whole number from 1 to {MAX_COUNT}")),
    }
}
