//! `boardwright witches --reveal` and `--potion`: the board's secret
//! recipe, and what its cauldron answers a potion, as JSON on stdout (or
//! the `--output` file). Neither is ever part of the board's own output.

use boardwright::witches::{self, puzzle};
use boardwright::{Generator, Seed};
use clap::{Arg, ArgAction, ArgMatches, FromArgMatches};

use crate::{Common, Failure, resolve_params, write_to};

/// The generator whose boards have the puzzle: its subcommand takes the
/// options here.
pub(crate) const FOR: &str = witches::Witches::NAME;

const REVEAL: &str = "reveal";
const POTION: &str = "potion";

/// The witches subcommand with `--reveal` and `--potion`.
pub(crate) fn args(command: clap::Command) -> clap::Command {
    command
        .arg(
            Arg::new(REVEAL)
                .long(REVEAL)
                .action(ArgAction::SetTrue)
                .conflicts_with(POTION)
                .help("Print the board's secret recipe as JSON (ingredients, numbers, decoys, effects, a solution, the number of solutions, the free clue) instead of the board"),
        )
        .arg(
            Arg::new(POTION)
                .long(POTION)
                .value_name("POTION")
                .allow_hyphen_values(true)
                .help(format!(
                    "Brew a potion on the board's recipe and print the cauldron's answer as JSON: ingredients in cauldron order, comma-separated, each NAME:SEEDS (0 to {}) or NAME (as many as needed), at most {}; e.g. \"Sage:2,Mint:1,Chives\"; only the ingredients in play",
                    puzzle::Potion::MAX_SEEDS,
                    puzzle::Potion::MAX_INGREDIENTS
                )),
        )
}

/// Whether the witches command asks for the puzzle rather than a board.
pub(crate) fn asked(matches: &ArgMatches) -> bool {
    matches.get_flag(REVEAL) || matches.contains_id(POTION)
}

/// Prints the recipe or a potion's answer.
pub(crate) fn run(matches: &ArgMatches) -> Result<(), Failure> {
    let common = Common::from_arg_matches(matches).map_err(|e| Failure::Usage(e.to_string()))?;
    let params: witches::Params = resolve_params(&common)?;
    let seed = match &common.seed {
        Some(text) => text.clone(),
        None => common.params.config_seed()?.ok_or_else(|| {
            Failure::Usage("--reveal and --potion need the board's seed: give --seed (or a config file's seed)".to_string())
        })?,
    };
    // The potion is read before any work, so that a bad one costs nothing.
    let potion = match matches.get_one::<String>(POTION) {
        Some(text) => Some(puzzle::Potion::parse(text, params.ingredients as usize).map_err(|e| Failure::Usage(format!("--potion: {e}")))?),
        None => None,
    };
    let recipe = puzzle::Recipe::new(&params, &Seed::new(&seed)).map_err(|e| Failure::Usage(e.to_string()))?;
    let json = match &potion {
        Some(potion) => serde_json::to_string_pretty(&recipe.brew(potion).map_err(|e| Failure::Usage(format!("--potion: {e}")))?),
        None => serde_json::to_string_pretty(&recipe.reveal()),
    }
    .map_err(|e| Failure::Failed(format!("could not write the JSON: {e}")))?;
    write_to(common.output.as_deref(), &|out| {
        out.write_all(json.as_bytes())?;
        out.write_all(b"\n")
    })
}
