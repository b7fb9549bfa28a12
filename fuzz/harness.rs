//! What the fuzz targets run on each input, shared with the regression test
//! (`crates/boardwright/tests/fuzz_cases.rs`) that replays every kept input
//! under `cargo test`. An input may be refused; it must never panic, stall
//! or overflow.

use boardwright::hexet::{Hexet, RoadEntry};
use boardwright::params::Params as _;
use boardwright::{DrawOptions, GENERATORS, Registered, Seed, Visit, with_generator};

/// Largest work (`Generator::work_size`) a fuzz input may ask for: size
/// parameters scale the work by design, so inputs stay near the default
/// sizes, where every other parameter must keep the work bounded.
const MAX_WORK: u64 = 4_000;

/// A config input: the first byte picks the generator (in the registry's
/// order), the rest is TOML taken as a `--config` file.
pub fn config(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let Ok(table) = text.parse::<toml::Table>() else { return };
    with_generator(GENERATORS[usize::from(which) % GENERATORS.len()], Config(table));
}

/// A config run on a generator with no log.
struct Config(toml::Table);

impl Visit for Config {
    type Output = ();
    fn visit<G: Registered>(self) {
        run::<G>(self.0, &G::Log::default());
    }
}

/// A road-log input: JSON, as `--roads` reads it, replayed on a small map.
pub fn roads(data: &[u8]) {
    let Ok(log) = serde_json::from_slice::<Vec<RoadEntry>>(data) else {
        return;
    };
    let table: toml::Table = "width = 8\nheight = 6\ncities_per_type = 1\nplayers = 3"
        .parse()
        .expect("valid TOML");
    run::<Hexet>(table, &log);
}

/// Resolves, generates, writes the JSON and draws the SVG, as the command
/// line would; a refusal anywhere is fine.
fn run<G: Registered>(table: toml::Table, log: &G::Log) {
    let Ok(params) = G::Params::resolve(&[table]) else {
        return;
    };
    if G::work_size(&params) > MAX_WORK {
        return;
    }
    let Ok(output) = G::generate_logged(&params, &Seed::new("fuzz"), log, &mut ()) else {
        return;
    };
    G::write_json(&output, &mut std::io::sink()).expect("writing JSON to a sink succeeds");
    if G::check_drawable(&params).is_ok() {
        let doc = G::draw(&output, DrawOptions::default());
        render::render(&doc, render::Format::Svg, render::Options { dpi: 150.0 }).expect("an SVG always renders");
    }
}
