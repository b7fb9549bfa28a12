//! End-to-end tests of the `boardwright` binary: outputs, determinism,
//! golden SVG, and bad input (exit 2, a message naming the problem, no file).

#[path = "common/dirs.rs"]
mod dirs;

use dirs::{files_in, scratch};
use std::path::Path;
use std::process::{Command, Output};

mod analyze;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardwright"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The JSON a successful run of `args` prints, checked to have every one of
/// `fields`.
fn json_with(args: &[&str], fields: &[&str]) -> serde_json::Value {
    let out = run(args);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON only");
    for field in fields {
        assert!(v.get(field).is_some(), "missing {field}");
    }
    v
}

#[test]
fn json_on_stdout_by_default_with_the_contract_fields() {
    let v = json_with(
        &["universe", "--seed", "Tiamo"],
        &[
            "generator",
            "seed",
            "version",
            "params",
            "metrics",
            "width",
            "height",
            "nodes",
            "edges",
        ],
    );
    assert_eq!(v["generator"], "universe");
    assert_eq!(v["seed"], "Tiamo");
    let node = &v["nodes"][0];
    for field in ["id", "x", "y", "kind", "type", "edge_sides", "dots", "number"] {
        assert!(node.get(field).is_some(), "node lacks {field}");
    }
    assert_eq!(v["nodes"].as_array().unwrap().len(), 88);
    assert_eq!(v["metrics"]["crossings"], 0);
}

#[test]
fn every_format_is_byte_identical_across_runs() {
    let dir = scratch("formats");
    for ext in ["json", "svg", "png", "pdf"] {
        let a = dir.join(format!("a.{ext}"));
        let b = dir.join(format!("b.{ext}"));
        for path in [&a, &b] {
            let out = run(&["universe", "--seed", "same", "--players", "5", "-o", path.to_str().unwrap()]);
            assert!(out.status.success(), "{ext}: {}", stderr(&out));
        }
        let (x, y) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
        assert!(!x.is_empty() && x == y, "{ext} differs between runs");
    }
    let png = std::fs::read(dir.join("a.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let pdf = std::fs::read(dir.join("a.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    // A4 landscape: 842 x 595 points.
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("841.8") && text.contains("595.2"), "page is not A4 landscape");
    assert!(!text.contains("CreationDate"), "the PDF carries a date");
    assert_eq!(files_in(&dir).iter().filter(|n| n.contains("tmp")).count(), 0);
}

#[test]
fn ink_friendly_drops_the_colour_fills() {
    let colored = run(&["universe", "--seed", "ink", "--format", "svg"]);
    let ink = run(&["universe", "--seed", "ink", "--format", "svg", "--ink-friendly"]);
    let (colored, ink) = (String::from_utf8(colored.stdout).unwrap(), String::from_utf8(ink.stdout).unwrap());
    assert!(colored.contains("#7bf1a8") || colored.contains("#009fb7"));
    for color in ["#7bf1a8", "#009fb7", "#fed766", "#e08d79", "#a882dd", "#8c7a6b"] {
        assert!(!ink.contains(color), "{color} in ink-friendly output");
    }
}

#[test]
fn config_set_and_preset_layer_in_order() {
    let dir = scratch("layers");
    let config = dir.join("c.toml");
    std::fs::write(&config, "players = 7\nfirst_game = false\n").unwrap();
    let out = run(&[
        "universe",
        "--seed",
        "x",
        "--preset",
        "classic",
        "--config",
        config.to_str().unwrap(),
        "--set",
        "players=9",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["params"]["players"], 9);
    assert_eq!(v["params"]["first_game"], false);
    assert_eq!(v["params"]["planar"], false);
    assert_eq!(v["width"], 13);
}

#[test]
fn random_seed_is_printed_on_stderr() {
    let out = run(&["universe"]);
    assert!(out.status.success());
    let err = stderr(&out);
    let seed = err.lines().find_map(|l| l.strip_prefix("seed: ")).expect("seed line");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["seed"], seed);
}

#[test]
fn list_shows_every_parameter_with_default_and_range() {
    let out = run(&["list"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("universe"));
    assert!(text.contains("players") && text.contains("an integer from 2 to 9") && text.contains("default: 4"));
    assert!(text.contains("preset classic"));
    // Defaults a written board leaves out are still shown.
    let line = |name: &str| text.lines().find(|l| l.trim_start().starts_with(name)).unwrap().to_string();
    assert!(
        line("expedition_radius").contains("(default: 0.55;"),
        "{}",
        line("expedition_radius")
    );
    assert!(line("max_tiny_per_node").contains("(default: 2;"));
    assert!(line("resolution").contains("(default: none;"));
    assert!(line("expansions").contains("(default: none;"));
}

#[test]
fn schema_lists_and_prints_the_schemas_in_docs() {
    let out = run(&["schema"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let names: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| line.split_whitespace().next().unwrap().to_string())
        .collect();
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schema");
    let mut files: Vec<String> = files_in(&docs)
        .into_iter()
        .filter_map(|f| f.strip_suffix(".schema.json").map(str::to_string))
        .collect();
    files.sort();
    let mut listed = names.clone();
    listed.sort();
    assert_eq!(listed, files);
    assert!(names.contains(&"hexet-road-log".to_string()) && names.contains(&"universe-config".to_string()));
    for name in &names {
        let out = run(&["schema", name]);
        assert!(out.status.success(), "{}", stderr(&out));
        let committed = std::fs::read(docs.join(format!("{name}.schema.json"))).unwrap();
        assert!(out.stdout == committed, "`boardwright schema {name}` differs from docs/schema");
    }
    let out = run(&["schema", "universe-roads"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no schema `universe-roads`; schemas: universe, universe-config"),
        "{}",
        stderr(&out)
    );
}

/// Bad input: exit 2, a message naming the problem, and no file written.
#[test]
fn bad_input_exits_2_names_the_problem_and_writes_nothing() {
    let dir = scratch("bad");
    let out_path = dir.join("board.pdf");
    let missing = dir.join("missing.toml");
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, "players = [\n").unwrap();
    let unknown_key = dir.join("unknown.toml");
    std::fs::write(&unknown_key, "colour = \"red\"\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--players", "1"],
            "`players`: 1 is not allowed; expected an integer from 2 to 9",
        ),
        (vec!["--players", "10"], "expected an integer from 2 to 9"),
        (vec!["--players", "four"], "`players`"),
        (vec!["--set", "colour=red"], "unknown parameter `colour`"),
        (vec!["--set", "players"], "expected KEY=VALUE"),
        (vec!["--set", "resolution=100000"], "`resolution`: 100000 is not allowed"),
        (vec!["--set", "resolution=2000"], "too large to draw"),
        (vec!["--config", missing.to_str().unwrap()], "cannot read config file"),
        (vec!["--config", broken.to_str().unwrap()], "not valid TOML"),
        (vec!["--config", unknown_key.to_str().unwrap()], "unknown parameter `colour`"),
        (vec!["--preset", "modern"], "unknown preset `modern`"),
        (vec!["--format", "gif"], "invalid value 'gif'"),
        (vec!["--dpi", "5"], "from 30 to 600"),
        (
            vec!["--set", "expansions=[\"moonbase\"]"],
            "`expansions[0]`: \"moonbase\" is not allowed; expected expansion names from nasty_nodes",
        ),
        (
            vec!["--set", "expansions=[\"expeditions\", \"extreme_expeditions\"]"],
            "one of extreme_expeditions (the original's) and expeditions",
        ),
    ];
    for (extra, message) in cases {
        let mut args = vec!["universe", "--seed", "bad", "-o", out_path.to_str().unwrap()];
        args.extend(extra.iter().copied());
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{extra:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{extra:?} wrote to stdout");
    }
    let out = run(&["universe", "-o", dir.join("board.xyz").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot tell the format"));
    let out = run(&["starship", "--preset", "fast"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown preset `fast`; this generator has no presets"),
        "{}",
        stderr(&out)
    );
    let out = run(&["spaceship"]);
    assert_eq!(out.status.code(), Some(2));
    let names: Vec<String> = files_in(&dir).into_iter().filter(|n| !n.ends_with(".toml")).collect();
    assert!(names.is_empty(), "files left behind: {names:?}");
}

/// `-o` through a link writes the file linked to and keeps the link; into
/// what is no regular file (a device) it writes directly, the device
/// staying a device; a file written over keeps its permissions; a
/// directory is refused; no temporary file is left anywhere.
#[test]
fn output_follows_links_and_writes_into_devices() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let dir = scratch("output-targets");
    let (link, target) = (dir.join("link.json"), dir.join("target.json"));
    std::os::unix::fs::symlink("target.json", &link).unwrap();
    let out = run(&["universe", "--seed", "x", "-o", link.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read(&target).unwrap(), run(&["universe", "--seed", "x"]).stdout);
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
    let out = run(&["universe", "--seed", "y", "-o", target.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(std::fs::read(&target).unwrap(), run(&["universe", "--seed", "y"]).stdout);
    let out = run(&["universe", "--format", "json", "-o", "/dev/null"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    if Path::new("/dev/full").exists() {
        let out = run(&["universe", "--format", "json", "-o", "/dev/full"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("could not write /dev/full"), "{}", stderr(&out));
        assert!(std::fs::metadata("/dev/full").unwrap().file_type().is_char_device());
    }
    let out = run(&["universe", "--format", "json", "-o", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is a directory"), "{}", stderr(&out));
    assert_eq!(files_in(&dir), ["link.json", "target.json"]);
}

#[test]
fn impossible_generation_exits_1_and_writes_nothing() {
    let dir = scratch("impossible");
    let path = dir.join("board.json");
    // Three relaxation steps leave this seed's points too close for a
    // spanning tree that keeps the widest clearance.
    let out = run(&[
        "universe",
        "--seed",
        "analyze-10",
        "--set",
        "iterations=3",
        "--set",
        "clearance=0.45",
        "--set",
        "max_attempts=1",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("after 1 attempt(s)"), "{}", stderr(&out));
    assert!(files_in(&dir).is_empty());
}

/// The SVG of a small board, pinned: any change of drawing shows here.
/// A board with every expansion, through its preset: its areas and pieces
/// in the JSON, and a PDF.
#[test]
fn the_all_expansions_preset_places_every_piece() {
    let v = json_with(
        &["universe", "--seed", "Tiamo", "--preset", "all-expansions"],
        &["areas", "expeditions", "resources", "tiny_nodes"],
    );
    assert_eq!(v["params"]["expansions"].as_array().map(Vec::len), Some(8));
    assert!(v["metrics"]["suitable_areas"].as_u64().is_some_and(|n| n > 0));
    let dir = scratch("expansions");
    let pdf = dir.join("x.pdf");
    let out = run(&[
        "universe",
        "--seed",
        "Tiamo",
        "--preset",
        "all-expansions",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
}

#[test]
fn golden_svg() {
    golden_file("universe-2-golden.svg", &["universe", "--players", "2"]);
}

/// Compares the SVG of `generator` with the seed `golden` and `args` with
/// `tests/golden/NAME`; with `BOARDWRIGHT_BLESS=1` writes it instead.
fn golden_file(name: &str, args: &[&str]) {
    let mut all = vec![args[0], "--seed", "golden", "--format", "svg"];
    all.extend_from_slice(&args[1..]);
    let out = run(&all);
    assert!(out.status.success(), "{}", stderr(&out));
    let actual = &out.stdout;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("BOARDWRIGHT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|_| panic!("missing {}; run with BOARDWRIGHT_BLESS=1", path.display()));
    assert!(
        expected == *actual,
        "{name} changed; review the difference and re-bless with BOARDWRIGHT_BLESS=1"
    );
}

#[test]
fn witches_board_two_pages_and_bad_input() {
    let dir = scratch("witches");
    let pdf = dir.join("w.pdf");
    let out = run(&["witches", "--seed", "Tiamo", "--players", "3", "-o", pdf.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(
        String::from_utf8_lossy(&bytes).contains("/Count 2"),
        "the PDF does not have two pages"
    );
    json_with(
        &["witches", "--seed", "Tiamo"],
        &[
            "width",
            "height",
            "recipe_length",
            "players",
            "cauldrons",
            "gardens",
            "ingredients",
            "special_cells",
            "notes_cell",
        ],
    );
    let bad = dir.join("bad.json");
    for (args, message) in [
        (vec!["--players", "0"], "expected an integer from 1 to 5"),
        (vec!["--players", "6"], "expected an integer from 1 to 5"),
        (vec!["--set", "recipe_length=5"], "expected one of 4, 6"),
        (vec!["--set", "recipe_length=7"], "expected one of 4, 6"),
        (vec!["--set", "cauldrons=3"], "unknown parameter `cauldrons`"),
    ] {
        let mut full = vec!["witches", "--seed", "x", "-o", bad.to_str().unwrap()];
        full.extend(args.iter().copied());
        let out = run(&full);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
    assert!(!bad.exists());
}

/// The SVG of a witches board, pinned.
#[test]
fn golden_witches_svg() {
    golden_file("witches-4-golden.svg", &["witches", "--set", "special_cells=3"]);
}

#[test]
fn hexet_replays_a_road_log_and_stops_at_a_bad_entry() {
    let dir = scratch("hexet");
    let v = json_with(
        &["hexet", "--seed", "roads"],
        &[
            "width",
            "height",
            "directions",
            "cells",
            "cities",
            "tower",
            "roads",
            "networks",
            "scores",
        ],
    );
    // Two roads out of the tower, towards side 0 and then side 1 of that cell,
    // as normal roads where no river lies between, else bridges.
    let (tq, tr) = (v["tower"][0].as_i64().unwrap(), v["tower"][1].as_i64().unwrap());
    let cells = v["cells"].as_array().unwrap();
    let cell = |q: i64, r: i64| cells.iter().find(|c| c["q"] == q && c["r"] == r).unwrap().clone();
    let kind = |q: i64, r: i64, side: u32| {
        if cell(q, r)["rivers"].as_u64().unwrap() & (1 << side) != 0 {
            "bridge"
        } else {
            "normal"
        }
    };
    let (aq, ar) = (tq, tr + 1);
    let good = format!(
        r#"[{{"player": 0, "from": [{tq}, {tr}], "to": [{aq}, {ar}], "type": "{}"}},
            {{"player": 1, "from": [{tq}, {tr}], "to": [{aq}, {ar}], "type": "{}"}},
            {{"player": 1, "from": [{tq}, {tr}], "to": [{aq}, {ar}], "action": "remove"}}]"#,
        kind(tq, tr, 0),
        kind(tq, tr, 0)
    );
    let log = dir.join("good.json");
    std::fs::write(&log, good).unwrap();
    let out = run(&["hexet", "--seed", "roads", "--roads", log.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["roads"].as_array().unwrap().len(), 1);
    let net = v["networks"].as_array().unwrap().iter().find(|n| n["player"] == 0).unwrap();
    assert_eq!(net["tower"], true);
    assert_eq!(net["cells"].as_array().unwrap().len(), 2);

    let bad = dir.join("bad.json");
    let target = dir.join("out.json");
    std::fs::write(
        &bad,
        format!(
            r#"[{{"player": 0, "from": [{tq}, {tr}], "to": [{aq}, {ar}], "type": "{}"}}, {{"player": 0, "from": [{tq}, {tr}], "to": [{}, {tr}]}}]"#,
            kind(tq, tr, 0),
            tq + 5
        ),
    )
    .unwrap();
    let out = run(&[
        "hexet",
        "--seed",
        "roads",
        "--roads",
        bad.to_str().unwrap(),
        "-o",
        target.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("entry 2: the cells are not neighbours"), "{}", stderr(&out));
    assert!(!target.exists());
    std::fs::write(&bad, "[{\"player\": 0}]").unwrap();
    let out = run(&["hexet", "--roads", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is not valid: "), "{}", stderr(&out));
}

/// The SVG of a hexet map, pinned.
#[test]
fn golden_hexet_svg() {
    golden_file(
        "hexet-12x9-golden.svg",
        &[
            "hexet",
            "--set",
            "width=12",
            "--set",
            "height=9",
            "--set",
            "cities_per_type=2",
            "--set",
            "city_types=2",
        ],
    );
}

#[test]
fn starship_outputs_and_bad_input() {
    let dir = scratch("starship");
    let v = json_with(
        &["starship", "--seed", "Tiamo"],
        &["width", "height", "tiles", "legend", "parts", "doors", "stages", "metrics"],
    );
    assert_eq!(v["stages"].as_array().unwrap().len(), 14);
    let pipeline = dir.join("lean.toml");
    std::fs::write(
        &pipeline,
        "[[pipeline]]\nstage = \"shape\"\n[[pipeline]]\nstage = \"cockpit\"\n[[pipeline]]\nstage = \"reactor\"\n",
    )
    .unwrap();
    let out = run(&["starship", "--seed", "x", "--config", pipeline.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["stages"], serde_json::json!(["shape", "cockpit", "reactor"]));

    let unknown_stage = dir.join("warp.toml");
    std::fs::write(&unknown_stage, "[[pipeline]]\nstage = \"warp_drive\"\n").unwrap();
    let unknown_param = dir.join("wobble.toml");
    std::fs::write(&unknown_param, "[[pipeline]]\nstage = \"shape\"\nwobble = 2\n").unwrap();
    let target = dir.join("ship.pdf");
    for (args, message) in [
        (vec!["--set", "width=0"], "`width`"),
        (vec!["--set", "height=100000"], "`height`"),
        (vec!["--config", unknown_stage.to_str().unwrap()], "warp_drive"),
        (vec!["--config", unknown_param.to_str().unwrap()], "wobble"),
        (vec!["--set", "hull=3"], "unknown parameter `hull`"),
    ] {
        let mut full = vec!["starship", "--seed", "x", "-o", target.to_str().unwrap()];
        full.extend(args.iter().copied());
        let out = run(&full);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
    assert!(!target.exists());
}

/// The SVG of a small ship, pinned.
#[test]
fn golden_starship_svg() {
    golden_file("starship-24-golden.svg", &["starship", "--set", "width=24", "--set", "height=24"]);
}

/// `--print-config` of every generator and preset, read back with
/// `--config`, gives the same board byte for byte; and printing the read-back
/// configuration again gives the same text.
#[test]
fn print_config_round_trips_for_every_generator_and_preset() {
    let dir = scratch("print-config");
    let cases: [(&str, &[&str]); 7] = [
        ("universe", &[]),
        ("universe", &["--preset", "classic", "--players", "6"]),
        ("witches", &[]),
        ("witches", &["--preset", "hardest"]),
        ("starship", &["--set", "width=32"]),
        ("hexet", &[]),
        ("hexet", &["--set", "players=3"]),
    ];
    for (k, (generator, extra)) in cases.iter().enumerate() {
        let mut args = vec![*generator, "--seed", "round trip"];
        args.extend_from_slice(extra);
        let direct = run(&args);
        assert!(direct.status.success(), "{generator} {extra:?}: {}", stderr(&direct));
        args.push("--print-config");
        let printed = run(&args);
        assert!(printed.status.success(), "{generator} {extra:?}: {}", stderr(&printed));
        let text = String::from_utf8(printed.stdout).unwrap();
        assert!(text.parse::<toml::Table>().is_ok(), "{generator}: not TOML:\n{text}");
        let file = dir.join(format!("{k}.toml"));
        std::fs::write(&file, &text).unwrap();
        let file = file.to_str().unwrap();
        let back = run(&[generator, "--seed", "round trip", "--config", file]);
        assert!(back.status.success(), "{generator} {extra:?}: {}", stderr(&back));
        assert!(
            back.stdout == direct.stdout,
            "{generator} {extra:?}: the read-back config makes another board"
        );
        let again = run(&[generator, "--config", file, "--print-config"]);
        assert_eq!(String::from_utf8(again.stdout).unwrap(), text, "{generator} {extra:?}");
    }
    // The built-in pipeline and dictionary are written out in full.
    let ship = String::from_utf8(run(&["starship", "--print-config"]).stdout).unwrap();
    assert_eq!(ship.matches("[[pipeline]]").count(), 14, "{ship}");
    let universe = String::from_utf8(run(&["universe", "--print-config"]).stdout).unwrap();
    assert_eq!(universe.matches("[[node_types]]").count(), 9, "{universe}");
    assert!(universe.contains("[[missions]]"), "{universe}");
}

#[test]
fn a_seed_may_start_with_a_dash() {
    let out = run(&["witches", "--seed", "-3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["seed"], "-3");
    let other = run(&["witches", "--seed", "3"]);
    assert_ne!(out.stdout, other.stdout, "\"-3\" is its own seed");
}

/// One start tag of an SVG: its name, its attributes, and the index of the
/// innermost `<g>` around it that has a class.
struct Element {
    name: String,
    attrs: Vec<(String, String)>,
    group: Option<usize>,
}

impl Element {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn num(&self, name: &str) -> f64 {
        let text = self.attr(name).unwrap_or_else(|| panic!("<{}> lacks {name}", self.name));
        text.parse().unwrap_or_else(|_| panic!("{name}={text:?} is not a number"))
    }

    fn class(&self) -> Option<&str> {
        self.attr("class")
    }
}

/// The start tags of `svg`, in order, read by plain scanning.
fn svg_elements(svg: &str) -> Vec<Element> {
    let mut out: Vec<Element> = Vec::new();
    let mut open: Vec<Option<usize>> = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = start + rest[start..].find('>').expect("every tag closes");
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag == "/g" {
            open.pop().expect("a </g> closes an open <g>");
            continue;
        }
        if tag.starts_with('/') {
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name = tag.split_whitespace().next().unwrap_or_default().to_string();
        let mut attrs = Vec::new();
        let mut text = &tag[name.len()..];
        while let Some(eq) = text.find("=\"") {
            let key = text[..eq].trim().to_string();
            let value_end = eq + 2 + text[eq + 2..].find('"').expect("attribute values close");
            attrs.push((key, text[eq + 2..value_end].to_string()));
            text = &text[value_end + 1..];
        }
        let group = open.iter().rev().flatten().next().copied();
        out.push(Element { name, attrs, group });
        if out.last().unwrap().name == "g" && !self_closing {
            let tagged = out.last().unwrap().class().is_some();
            open.push(tagged.then_some(out.len() - 1));
        }
    }
    assert!(open.is_empty(), "every <g> closes");
    out
}

/// The elements of `svg` of this name and class.
fn classed<'a>(elements: &'a [Element], name: &str, class: &str) -> Vec<&'a Element> {
    elements.iter().filter(|e| e.name == name && e.class() == Some(class)).collect()
}

fn svg_and_json(args: &[&str]) -> (Vec<Element>, serde_json::Value) {
    let svg = run(&[args, &["--format", "svg"]].concat());
    assert!(svg.status.success(), "{}", stderr(&svg));
    let json = run(args);
    assert!(json.status.success(), "{}", stderr(&json));
    (
        svg_elements(&String::from_utf8(svg.stdout).unwrap()),
        serde_json::from_slice(&json.stdout).unwrap(),
    )
}

fn sorted<T: Ord>(mut items: Vec<T>) -> Vec<T> {
    items.sort();
    items
}

#[test]
fn universe_svg_tags_nodes_and_edges() {
    let (svg, v) = svg_and_json(&["universe", "--seed", "attrs", "--players", "3"]);
    let nodes = v["nodes"].as_array().unwrap();
    let groups = classed(&svg, "g", "node");
    assert_eq!(groups.len(), nodes.len());
    let ids = |items: Vec<u64>| sorted(items);
    assert_eq!(
        ids(groups.iter().map(|g| g.num("data-id") as u64).collect()),
        ids(nodes.iter().map(|n| n["id"].as_u64().unwrap()).collect())
    );
    let edges = sorted(
        classed(&svg, "line", "edge")
            .iter()
            .map(|e| (e.num("data-a") as u64, e.num("data-b") as u64))
            .collect(),
    );
    let expected: Vec<(u64, u64)> = v["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e[0].as_u64().unwrap(), e[1].as_u64().unwrap()))
        .collect();
    assert_eq!(edges, sorted(expected));

    // Away from the board's border (where icons are pulled inward), the page
    // position is the board position under one scale and offset, fitted from
    // the leftmost and rightmost such nodes.
    let (w, h) = (v["width"].as_f64().unwrap(), v["height"].as_f64().unwrap());
    let group_of = |id: u64| *groups.iter().find(|g| g.num("data-id") as u64 == id).unwrap();
    let inner: Vec<(f64, f64, &Element)> = nodes
        .iter()
        .map(|n| {
            (
                n["x"].as_f64().unwrap(),
                n["y"].as_f64().unwrap(),
                group_of(n["id"].as_u64().unwrap()),
            )
        })
        .filter(|&(x, y, _)| x >= 0.5 && x <= w - 0.5 && y >= 0.5 && y <= h - 0.5)
        .collect();
    let left = inner.iter().min_by(|a, b| a.0.total_cmp(&b.0)).unwrap();
    let right = inner.iter().max_by(|a, b| a.0.total_cmp(&b.0)).unwrap();
    let scale = (right.2.num("data-x") - left.2.num("data-x")) / (right.0 - left.0);
    assert!(scale > 1.0, "a grid unit is some millimetres, not {scale}");
    let offset = (left.2.num("data-x") - left.0 * scale, left.2.num("data-y") - left.1 * scale);
    assert!(inner.len() > nodes.len() / 3, "{} of {} nodes inside", inner.len(), nodes.len());
    for &(x, y, g) in &inner {
        let id = g.num("data-id");
        assert!((g.num("data-x") - (offset.0 + x * scale)).abs() < 0.01, "node {id} x");
        assert!((g.num("data-y") - (offset.1 + y * scale)).abs() < 0.01, "node {id} y");
    }

    // data-r: every circle and square drawn in the node's group lies within
    // it, and the farthest one touches it.
    for (index, g) in svg.iter().enumerate().filter(|(_, e)| e.name == "g" && e.class() == Some("node")) {
        let (cx, cy, r) = (g.num("data-x"), g.num("data-y"), g.num("data-r"));
        let reach = svg
            .iter()
            .filter(|e| e.group == Some(index))
            .filter_map(|e| {
                let half = e.attr("stroke-width").map_or(0.0, |s| s.parse::<f64>().unwrap() / 2.0);
                match e.name.as_str() {
                    "circle" => Some((e.num("cx") - cx).hypot(e.num("cy") - cy) + e.num("r") + half),
                    "rect" => {
                        let (x, y) = (e.num("x"), e.num("y"));
                        let (x1, y1) = (x + e.num("width"), y + e.num("height"));
                        let corner = [(x, y), (x1, y), (x, y1), (x1, y1)]
                            .iter()
                            .map(|&(px, py)| (px - cx).hypot(py - cy))
                            .fold(0.0, f64::max);
                        Some(corner + half * std::f64::consts::SQRT_2)
                    }
                    _ => None,
                }
            })
            .fold(0.0, f64::max);
        assert!(
            (reach - r).abs() < 0.01,
            "node {}: data-r {r}, drawn out to {reach}",
            g.num("data-id")
        );
    }
}

#[test]
fn hexet_svg_tags_cells_roads_and_cities() {
    let dir = scratch("hexet-attrs");
    let map = run(&["hexet", "--seed", "roads"]);
    assert!(map.status.success(), "{}", stderr(&map));
    let v: serde_json::Value = serde_json::from_slice(&map.stdout).unwrap();
    let (tq, tr) = (v["tower"][0].as_i64().unwrap(), v["tower"][1].as_i64().unwrap());
    let cells = v["cells"].as_array().unwrap();
    let cell = cells.iter().find(|c| c["q"] == tq && c["r"] == tr).unwrap();
    // Out of the tower towards side 0, a bridge where a river lies between.
    let kind = if cell["rivers"].as_u64().unwrap() & 1 != 0 {
        "bridge"
    } else {
        "normal"
    };
    let log = dir.join("log.json");
    std::fs::write(
        &log,
        format!(
            r#"[{{"player": 0, "from": [{tq}, {tr}], "to": [{tq}, {}], "type": "{kind}"}},
                {{"player": 1, "from": [{tq}, {tr}], "to": [{tq}, {}], "type": "{kind}"}}]"#,
            tr + 1,
            tr + 1
        ),
    )
    .unwrap();
    let (svg, v) = svg_and_json(&["hexet", "--seed", "roads", "--roads", log.to_str().unwrap()]);

    let pair = |e: &Element, a: &str, b: &str| (e.num(a) as i64, e.num(b) as i64);
    let json_pair = |c: &serde_json::Value| (c["q"].as_i64().unwrap(), c["r"].as_i64().unwrap());
    let drawn = classed(&svg, "polygon", "cell");
    assert_eq!(drawn.len(), cells.len());
    assert_eq!(
        sorted(drawn.iter().map(|e| pair(e, "data-q", "data-r")).collect()),
        sorted(v["cells"].as_array().unwrap().iter().map(json_pair).collect())
    );

    let roads = v["roads"].as_array().unwrap();
    assert_eq!(roads.len(), 2);
    let at = |c: &serde_json::Value| format!("{},{}", c[0], c[1]);
    let expected = sorted(
        roads
            .iter()
            .map(|r| (r["player"].to_string(), at(&r["from"]), at(&r["to"])))
            .collect(),
    );
    let drawn: Vec<(String, String, String)> = classed(&svg, "line", "road")
        .iter()
        .map(|e| {
            let get = |n: &str| e.attr(n).unwrap().to_string();
            (get("data-player"), get("data-from"), get("data-to"))
        })
        .collect();
    assert_eq!(sorted(drawn), expected);

    let cities: Vec<u64> = svg
        .iter()
        .filter(|e| e.class() == Some("city"))
        .map(|e| e.num("data-id") as u64)
        .collect();
    let expected: Vec<u64> = v["cities"].as_array().unwrap().iter().map(|c| c["id"].as_u64().unwrap()).collect();
    assert!(!expected.is_empty());
    assert_eq!(sorted(cities), sorted(expected));
}

#[test]
fn witches_svg_tags_cells_gardens_and_cauldrons() {
    let (svg, v) = svg_and_json(&["witches", "--seed", "attrs", "--players", "4"]);
    let (w, h) = (v["width"].as_u64().unwrap(), v["height"].as_u64().unwrap());
    let cells = classed(&svg, "rect", "cell");
    assert_eq!(cells.len() as u64, 2 * w * h);
    for side in ["front", "back"] {
        let on: Vec<&&Element> = cells.iter().filter(|e| e.attr("data-side") == Some(side)).collect();
        let grid: Vec<(u64, u64)> = on.iter().map(|e| (e.num("data-x") as u64, e.num("data-y") as u64)).collect();
        let all: Vec<(u64, u64)> = (0..w).flat_map(|x| (0..h).map(move |y| (x, y))).collect();
        assert_eq!(sorted(grid), all, "{side}");
        // Each rectangle sits at its grid place: a column shares its x and
        // width, a row its y and height, and each starts where the one
        // before it ends (the outer ones are narrower: they end at the margin).
        let at = |x: u64, y: u64| {
            on.iter()
                .find(|e| e.num("data-x") as u64 == x && e.num("data-y") as u64 == y)
                .unwrap()
        };
        for x in 0..w {
            for y in 0..h {
                let (e, first) = (at(x, y), at(x, 0));
                assert!(
                    (e.num("x") - first.num("x")).abs() < 0.001 && (e.num("width") - first.num("width")).abs() < 0.001,
                    "{side} column {x}"
                );
                let row = at(0, y);
                assert!(
                    (e.num("y") - row.num("y")).abs() < 0.001 && (e.num("height") - row.num("height")).abs() < 0.001,
                    "{side} row {y}"
                );
                if x > 0 {
                    let left = at(x - 1, y);
                    assert!(
                        (left.num("x") + left.num("width") - e.num("x")).abs() < 0.002,
                        "{side} cell {x},{y}"
                    );
                }
                if y > 0 {
                    let up = at(x, y - 1);
                    assert!((up.num("y") + up.num("height") - e.num("y")).abs() < 0.002, "{side} cell {x},{y}");
                }
            }
        }
    }
    let players = |items: &[serde_json::Value]| sorted(items.iter().map(|i| i["player"].as_u64().unwrap()).collect::<Vec<_>>());
    let gardens = classed(&svg, "g", "garden");
    assert_eq!(
        sorted(gardens.iter().map(|g| g.num("data-player") as u64).collect()),
        players(v["gardens"].as_array().unwrap())
    );
    let cauldrons = classed(&svg, "rect", "cauldron");
    assert_eq!(
        sorted(cauldrons.iter().map(|c| c.num("data-player") as u64).collect()),
        players(v["cauldrons"].as_array().unwrap())
    );
}

#[test]
fn starship_svg_tags_parts_and_doors() {
    let (svg, v) = svg_and_json(&["starship", "--seed", "attrs"]);
    let parts: Vec<(u64, String)> = classed(&svg, "rect", "part")
        .iter()
        .map(|e| (e.num("data-id") as u64, e.attr("data-role").unwrap().to_string()))
        .collect();
    let expected: Vec<(u64, String)> = v["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_u64().unwrap(), p["role"].as_str().unwrap().to_string()))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(sorted(parts), sorted(expected));
    assert_eq!(classed(&svg, "line", "door").len(), v["doors"].as_array().unwrap().len());
}

#[test]
fn every_svg_page_has_a_title() {
    for generator in ["universe", "witches", "starship", "hexet"] {
        let out = run(&[generator, "--seed", "attrs", "--format", "svg"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let svg = String::from_utf8(out.stdout).unwrap();
        let title = svg.split("<title>").nth(1).and_then(|t| t.split("</title>").next());
        assert!(title.is_some_and(|t| t.contains("seed attrs")), "{generator}: {title:?}");
    }
}

/// The page sizes of a PDF in points, `(width, height)` each, read from its
/// media boxes (krilla writes them uncompressed, as `/MediaBox[0 0 W H]`).
fn pdf_pages(pdf: &[u8]) -> Vec<(f64, f64)> {
    let text = String::from_utf8_lossy(pdf).replace("/MediaBox [", "/MediaBox[");
    text.split("/MediaBox[")
        .skip(1)
        .map(|rest| {
            let nums: Vec<f64> = rest
                .split(']')
                .next()
                .unwrap()
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect();
            (nums[2] - nums[0], nums[3] - nums[1])
        })
        .collect()
}

#[test]
fn letter_paper_gives_letter_pages_drawn_landscape() {
    let dir = scratch("letter");
    for generator in ["universe", "witches", "starship", "hexet"] {
        let svg = run(&[generator, "--seed", "paper", "--paper", "letter", "--format", "svg"]);
        assert!(svg.status.success(), "{}", stderr(&svg));
        let text = String::from_utf8(svg.stdout).unwrap();
        assert!(text.contains("width=\"279.4mm\""), "{generator}: the SVG is not Letter wide");
        let path = dir.join(format!("{generator}.pdf"));
        let out = run(&[generator, "--seed", "paper", "--paper", "LETTER", "-o", path.to_str().unwrap()]);
        assert!(out.status.success(), "{}", stderr(&out));
        let pages = pdf_pages(&std::fs::read(&path).unwrap());
        assert_eq!(pages.len(), if generator == "witches" { 2 } else { 1 }, "{generator}");
        for (w, h) in pages {
            // 279.4 x 215.9 mm is 792 x 612 points.
            assert!(
                (w - 792.0).abs() < 0.05 && (h - 612.0).abs() < 0.05,
                "{generator}: page {w} x {h} pt"
            );
        }
    }
    let bad = run(&["universe", "--paper", "b5"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("a4, letter, a3 or a5"), "{}", stderr(&bad));
}

/// `--paper a3` and `a5` give pages of those sizes; `--tile` prints one
/// board over several sheets of the paper, each sheet its own page and
/// saying where it goes; a bad tile is refused with what is allowed, and
/// nothing is written.
#[test]
fn boards_print_on_a3_a5_and_over_several_sheets() {
    let dir = scratch("sheets");
    // A3 landscape is 420 x 297 mm, A5 210 x 148 mm: in points, 1190.55 x 841.89 and 595.28 x 419.53.
    for (paper, size) in [("a3", [1190.55, 841.89]), ("a5", [595.28, 419.53])] {
        for (tile, sheets) in [("1x1", 1), ("2x1", 2), ("2x2", 4)] {
            for (generator, faces) in [("universe", 1), ("witches", 2), ("starship", 1), ("hexet", 1)] {
                let path = dir.join(format!("{generator}-{paper}-{tile}.pdf"));
                let out = run(&[
                    generator,
                    "--seed",
                    "sheets",
                    "--paper",
                    paper,
                    "--tile",
                    tile,
                    "-o",
                    path.to_str().unwrap(),
                ]);
                assert!(out.status.success(), "{generator} {paper} {tile}: {}", stderr(&out));
                let pages = pdf_pages(&std::fs::read(&path).unwrap());
                // One A5 sheet, or one row of them, leaves the universe legend a page of its own.
                let legend = usize::from(generator == "universe" && paper == "a5" && tile != "2x2");
                assert_eq!(pages.len(), faces * sheets + legend, "{generator} {paper} {tile}");
                for (w, h) in pages {
                    assert!(
                        (w - size[0]).abs() < 0.05 && (h - size[1]).abs() < 0.05,
                        "{generator} {paper} {tile}: page {w} x {h} pt"
                    );
                }
            }
        }
    }
    let svg = run(&["universe", "--seed", "sheets", "--tile", "2x1", "--format", "svg"]);
    let text = String::from_utf8(svg.stdout).unwrap();
    for label in ["Sheet 1 of 2, left.", "Sheet 2 of 2, right."] {
        assert!(text.contains(label), "no {label:?} in the SVG");
    }
    assert!(
        text.contains("2x1 sheets of a4 paper"),
        "the caption does not say how the board is printed"
    );
    for bad in ["2", "0x1", "5x5", "2x2x2", "axb"] {
        let path = dir.join("bad.pdf");
        let out = run(&["universe", "--tile", bad, "-o", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "--tile {bad}");
        assert!(
            stderr(&out).contains("COLSxROWS") && stderr(&out).contains("1 to 4"),
            "{}",
            stderr(&out)
        );
        assert!(!path.exists());
    }
}

#[test]
fn count_makes_that_many_different_boards() {
    let out = run(&["universe", "--seed", "night", "--count", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let boards: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(boards.len(), 5);
    for (i, b) in boards.iter().enumerate() {
        assert_eq!(b["seed"], format!("night-{}", i + 1));
        let single = run(&["universe", "--seed", &format!("night-{}", i + 1)]);
        assert_eq!(
            serde_json::from_slice::<serde_json::Value>(&single.stdout).unwrap(),
            *b,
            "board {i} is not its seed's board"
        );
        for other in &boards[..i] {
            assert_ne!(other["nodes"], b["nodes"], "two boards alike");
        }
    }
    let dir = scratch("count");
    for (generator, pages_each) in [("universe", 1), ("witches", 2)] {
        let path = dir.join(format!("{generator}.pdf"));
        let out = run(&[generator, "--seed", "night", "--count", "5", "-o", path.to_str().unwrap()]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(pdf_pages(&std::fs::read(&path).unwrap()).len(), 5 * pages_each, "{generator}");
    }
    for format in ["svg", "png"] {
        let path = dir.join(format!("many.{format}"));
        let out = run(&["universe", "--count", "3", "-o", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert!(stderr(&out).contains("pdf") && stderr(&out).contains("json"), "{}", stderr(&out));
        assert!(!path.exists());
    }
    // A board of several that fails is named, and nothing is written.
    let path = dir.join("failing.pdf");
    let args = [
        "--count",
        "12",
        "--set",
        "max_attempts=1",
        "--set",
        "clearance=0.45",
        "--set",
        "obstacles=100",
    ];
    let out = run(&[&["universe", "--seed", "q", "-o", path.to_str().unwrap()][..], &args].concat());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("error: seed \"q-10\": no valid universe result"),
        "{}",
        stderr(&out)
    );
    assert!(!path.exists());
    for bad in ["0", "501", "x"] {
        let out = run(&["universe", "--count", bad]);
        assert_eq!(out.status.code(), Some(2), "--count {bad}");
        assert!(stderr(&out).contains("1 to 500"), "{}", stderr(&out));
    }
}

/// What a PDF check is given: the file, the generator, the arguments it
/// was written with and the pages it should have.
type PdfCheck<'a> = &'a mut dyn FnMut(&Path, &str, &[&str], usize);

/// Writes every generator's PDF, on both papers and with several boards to
/// a file, into a scratch directory named `name`, and hands each to `check`
/// with what it was asked for and the pages it should have: universe,
/// starship and hexet draw one page a board, witches two (front and back).
fn each_pdf(name: &str, check: PdfCheck<'_>) {
    let dir = scratch(name);
    for (generator, pages) in [("universe", 1), ("witches", 2), ("starship", 1), ("hexet", 1)] {
        for (args, boards) in [
            (&["--paper", "a4"][..], 1),
            (&["--paper", "letter", "--ink-friendly"], 1),
            (&["--count", "3"], 3),
        ] {
            let path = dir.join(format!("{generator}.pdf"));
            let mut all = vec![generator, "--seed", "pdf", "-o", path.to_str().unwrap()];
            all.extend_from_slice(args);
            let out = run(&all);
            assert!(out.status.success(), "{}", stderr(&out));
            check(&path, generator, args, pages * boards);
        }
    }
}

/// Every PDF loads (a PDF parser in Rust, no tool needed), with the pages
/// asked for, each the paper's size in points, and the font embedded as a
/// TrueType program (`/FontFile2`).
#[test]
fn pdfs_load_with_their_pages_and_the_font_embedded() {
    each_pdf("pdf", &mut |path, generator, args, pages| {
        let doc = lopdf::Document::load(path).unwrap_or_else(|e| panic!("{generator} {args:?}: {e}"));
        let found = doc.get_pages();
        assert_eq!(found.len(), pages, "{generator} {args:?}");
        // A4 landscape, 297 × 210 mm; Letter landscape, 11 × 8.5 in.
        let size = if args.contains(&"letter") {
            [792.0, 612.0]
        } else {
            [841.89, 595.28]
        };
        for (number, id) in found {
            let page = doc.get_dictionary(id).unwrap();
            let media = page.get(b"MediaBox").and_then(lopdf::Object::as_array).unwrap();
            let media: Vec<f32> = media.iter().map(|v| v.as_float().unwrap()).collect();
            let (w, h) = (media[2] - media[0], media[3] - media[1]);
            assert!(
                (f64::from(w) - size[0]).abs() < 0.5 && (f64::from(h) - size[1]).abs() < 0.5,
                "{generator} {args:?}: page {number} is {w} × {h} pt"
            );
        }
        let programs: Vec<usize> = doc
            .objects
            .values()
            .filter_map(|object| object.as_dict().ok())
            .filter(|dict| {
                dict.get(b"Type")
                    .and_then(lopdf::Object::as_name)
                    .is_ok_and(|n| n == b"FontDescriptor")
            })
            .filter_map(|dict| dict.get(b"FontFile2").and_then(lopdf::Object::as_reference).ok())
            .map(|id| doc.get_object(id).and_then(lopdf::Object::as_stream).map_or(0, |s| s.content.len()))
            .collect();
        assert!(!programs.is_empty(), "{generator} {args:?}: no /FontFile2");
        assert!(
            programs.iter().all(|&bytes| bytes > 0),
            "{generator} {args:?}: an empty font program"
        );
    });
}

/// Every PDF passes `qpdf --check`. qpdf is a tool outside Rust, so this test
/// runs only when asked for, and then fails without it:
/// `cargo test -p boardwright-cli --test cli -- --ignored qpdf` (`.ci/run`
/// installs qpdf and runs it).
#[test]
#[ignore = "needs qpdf: cargo test -p boardwright-cli --test cli -- --ignored qpdf"]
fn pdfs_pass_qpdf_check() {
    let version = Command::new("qpdf").arg("--version").output();
    assert!(
        version.is_ok_and(|v| v.status.success()),
        "qpdf is not installed (apt-get install qpdf); this test needs it"
    );
    each_pdf("qpdf", &mut |path, generator, args, _| {
        let check = Command::new("qpdf").arg("--check").arg(path).output().unwrap();
        assert!(
            check.status.success(),
            "{generator} {args:?}: {}",
            String::from_utf8_lossy(&check.stdout)
        );
    });
}

#[test]
fn a_node_type_may_name_its_own_svg_icon() {
    let dir = scratch("icons");
    let icon = dir.join("gold.svg");
    std::fs::write(
        &icon,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c90"/></svg>"##,
    )
    .unwrap();
    std::fs::write(dir.join("bad.svg"), "<svg").unwrap();
    let config = |icon_path: &Path| {
        let mut text: String = ["Oil", "Fish", "Water", "Wood", "Fruit", "Dynamite", "Stardust", "Critters", "Puppy"]
            .iter()
            .map(|n| format!("[[node_types]]\nname = \"{n}\"\n\n"))
            .collect();
        text.push_str(&format!(
            "[[node_types]]\nname = \"Gold\"\nmin = 8\nicon = {:?}\n",
            icon_path.to_str().unwrap()
        ));
        let path = dir.join("dictionary.toml");
        std::fs::write(&path, text).unwrap();
        path
    };
    // A universe board of the seed `gold` with the node types of `config`.
    let gold = |config: &Path, args: &[&str]| {
        let mut all = vec!["universe", "--seed", "gold", "--config", config.to_str().unwrap()];
        all.extend_from_slice(args);
        run(&all)
    };
    let path = config(&icon);
    let out = gold(&path, &["--format", "svg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(
        svg.contains("<image") && svg.contains("href=\"data:image/svg+xml;base64,"),
        "the icon is not drawn"
    );
    let pdf = dir.join("gold.pdf");
    let out = gold(&path, &["-o", pdf.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    // JSON reads no icon; the path is kept in the parameters.
    let missing = config(&dir.join("missing.svg"));
    let out = gold(&missing, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("missing.svg"));
    for (file, why) in [("missing.svg", "cannot read"), ("bad.svg", "not a usable SVG")] {
        let path = config(&dir.join(file));
        let png = dir.join("gold.png");
        let out = gold(&path, &["-o", png.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(stderr(&out).contains("\"Gold\"") && stderr(&out).contains(why), "{}", stderr(&out));
        assert!(!png.exists());
    }
}

/// A config file's `seed` is the seed when `--seed` is not given (the web
/// page's TOML download starts with it): the file alone gives the board back.
#[test]
fn a_config_files_seed_is_the_seed_without_seed() {
    let dir = scratch("config-seed");
    let printed = run(&["universe", "--players", "6", "--print-config"]);
    assert!(printed.status.success(), "{}", stderr(&printed));
    let text = format!("seed = \"Tiamo\"\n{}", String::from_utf8(printed.stdout).unwrap());
    let file = dir.join("tiamo.toml");
    std::fs::write(&file, &text).unwrap();
    let file = file.to_str().unwrap();
    let direct = run(&["universe", "--seed", "Tiamo", "--players", "6"]);
    let from_file = run(&["universe", "--config", file]);
    assert!(from_file.status.success(), "{}", stderr(&from_file));
    assert!(from_file.stdout == direct.stdout, "the config's seed makes another board");
    assert!(!stderr(&from_file).contains("seed:"), "no random seed is chosen");
    // --seed wins over the file's.
    let other = run(&["universe", "--seed", "Other", "--config", file]);
    let v: serde_json::Value = serde_json::from_slice(&other.stdout).unwrap();
    assert_eq!(v["seed"], "Other");
    // --print-config of that file gives it back, seed first.
    let again = run(&["universe", "--config", file, "--print-config"]);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
    let given = run(&["universe", "--seed", "Other", "--print-config"]);
    assert!(String::from_utf8(given.stdout).unwrap().starts_with("seed = \"Other\"\n"));
    // A seed that is not text is refused, naming the file.
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "seed = 7\n").unwrap();
    let out = run(&["universe", "--config", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("seed must be text"), "{}", stderr(&out));
}

/// `--reveal` prints the recipe, `--potion` the cauldron's answer: the
/// revealed solution wins, the same potion gets the same answer, an
/// ingredient may go in twice, and a bad potion exits 2 naming the part at
/// fault.
#[test]
fn witches_reveal_and_potion() {
    let base = ["witches", "--seed", "Tiamo", "--set", "difficulty=3"];
    fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
        base.iter().chain(more).copied().collect()
    }
    let args = |more: &[&'static str]| with(&base, more);
    let reveal = json_with(&args(&["--reveal"]), &["ingredients", "solution", "solutions", "clue"]);
    // The default: 6 in play, as the original's first game.
    assert_eq!(reveal["ingredients"].as_array().unwrap().len(), 6);
    for i in reveal["ingredients"].as_array().unwrap() {
        for field in ["name", "number", "decoy", "effects"] {
            assert!(i.get(field).is_some(), "{field} in {i}");
        }
    }
    assert!(reveal["solutions"].as_u64().unwrap() > 0);
    let solution: Vec<String> = reveal["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| match e["seeds"].as_u64() {
            Some(s) => format!("{}:{s}", e["ingredient"].as_str().unwrap()),
            None => e["ingredient"].as_str().unwrap().to_string(),
        })
        .collect();
    let potion = solution.join(",");
    let answer = json_with(
        &with(&base, &["--potion", &potion]),
        &["undergrown", "overgrown", "feedback", "won"],
    );
    assert_eq!(answer["won"], true, "{potion}: {answer}");
    let tried = args(&["--potion", "Sage:2,Mint:1,Chives"]);
    let once = run(&tried);
    assert!(once.status.success(), "{}", stderr(&once));
    assert_eq!(once.stdout, run(&tried).stdout, "the same potion, the same answer");
    // An ingredient may go in twice, as in the original.
    let twice = run(&args(&["--potion", "Sage,Sage:3"]));
    assert!(twice.status.success(), "{}", stderr(&twice));
    for (potion, message) in [
        (
            "Nettle",
            "potion part 1: \"Nettle\" is not in play on this board; its 6 ingredients are Parsley, Sage, Chives, Rosemary, Oregano, Mint",
        ),
        (
            "Sage,Mint,Dill,Basil,Thyme,Chives,Parsley",
            "7 ingredients; a cauldron holds at most 6",
        ),
        ("Sage:-1", "potion part 1: Sage: -1 seeds is negative"),
        ("Sage,Mint:lots", "potion part 2: Mint: seeds \"lots\" is not a whole number"),
        ("", "no ingredients"),
        (",,,", "potion part 1: no ingredient named"),
        (
            "Sage,Thyme",
            "potion part 2: Thyme is not in play on this board; its 6 ingredients are Parsley, Sage, Chives, Rosemary, Oregano, Mint",
        ),
    ] {
        let out = run(&args(&["--potion", potion]));
        assert_eq!(out.status.code(), Some(2), "{potion:?}");
        assert!(stderr(&out).contains(message), "{potion:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
    let out = run(&["witches", "--potion", "Sage"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("need the board's seed"), "{}", stderr(&out));
    let out = run(&args(&["--reveal", "--potion", "Sage"]));
    assert_eq!(out.status.code(), Some(2));
}

/// The recipe is no part of the board: its JSON, SVG and PDF name no
/// decoy, effect, solution or clue, at every difficulty.
#[test]
fn witches_board_never_holds_the_recipe() {
    let dir = scratch("witches-secret");
    for difficulty in ["1", "3"] {
        let set = format!("difficulty={difficulty}");
        let base = ["witches", "--seed", "Tiamo", "--set", &set];
        let reveal = json_with(&[&base[..], &["--reveal"]].concat(), &["clue"]);
        let clue = reveal["clue"].as_str().unwrap().to_string();
        let mut words: Vec<String> = [
            "decoy",
            "overachiever",
            "imposter",
            "solution",
            "effects",
            "Spicy",
            "Cutoff",
            "Enthusiastic",
            "Detective",
            "General",
            "Inspector",
            "Calculator",
            "Revealer",
            "Coward",
            "Fertilizer",
            "Resetter",
            "Hugger",
            "Liar",
        ]
        .iter()
        .map(|w| w.to_string())
        .collect();
        words.push(clue);
        for ext in ["json", "svg", "pdf"] {
            let path = dir.join(format!("board-{difficulty}.{ext}"));
            let out = run(&[&base[..], &["-o", path.to_str().unwrap()]].concat());
            assert!(out.status.success(), "{}", stderr(&out));
            let bytes = std::fs::read(&path).unwrap();
            let mut text = String::from_utf8_lossy(&bytes).into_owned();
            if ext == "pdf" {
                let doc = lopdf::Document::load_mem(&bytes).unwrap();
                for object in doc.objects.values() {
                    if let Ok(stream) = object.as_stream() {
                        let content = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
                        text.push_str(&String::from_utf8_lossy(&content));
                    }
                }
            }
            let lower = text.to_lowercase();
            for w in &words {
                assert!(!lower.contains(&w.to_lowercase()), "{ext} at difficulty {difficulty} holds {w:?}");
            }
        }
    }
}

/// `--rules-card` adds the card after the board's sheets: a PDF one page
/// more (or more than one on small paper with every expansion), read back
/// with lopdf, each page one sheet of the paper; SVG stacks it below the
/// board; JSON refuses it; universe and witches have the option.
#[test]
fn rules_card_adds_pages_after_the_board() {
    let dir = scratch("rules-card");
    let pages = |args: &[&str], name: &str| {
        let path = dir.join(name);
        let mut all = vec!["universe", "--seed", "card"];
        all.extend(args);
        all.extend(["-o", path.to_str().unwrap()]);
        let out = run(&all);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let doc = lopdf::Document::load(&path).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        (doc.get_pages().len(), pdf_pages(&std::fs::read(&path).unwrap()))
    };
    assert_eq!(pages(&[], "plain.pdf").0, 1);
    let (count, sizes) = pages(&["--rules-card"], "card.pdf");
    assert_eq!(count, 2);
    assert!(
        sizes.iter().all(|&(w, h)| (w - 841.89).abs() < 0.1 && (h - 595.28).abs() < 0.1),
        "{sizes:?}"
    );
    // Two sheets of board, then the card on one sheet.
    assert_eq!(pages(&["--rules-card", "--tile", "2x1"], "tiled.pdf").0, 3);
    let (count, sizes) = pages(
        // Tiled: every expansion's marks need more than one A5 sheet.
        &[
            "--rules-card",
            "--paper",
            "a5",
            "--tile",
            "2x1",
            "--preset",
            "all-expansions",
            "--ink-friendly",
        ],
        "a5.pdf",
    );
    assert!(count >= 4, "{count} pages");
    // 210 x 148 mm is 595.28 x 419.53 points.
    assert!(
        sizes.iter().all(|&(w, h)| (w - 595.28).abs() < 0.1 && (h - 419.53).abs() < 0.1),
        "{sizes:?}"
    );

    let svg = run(&["universe", "--seed", "card", "--rules-card", "--format", "svg"]);
    assert!(svg.status.success(), "{}", stderr(&svg));
    let text = String::from_utf8(svg.stdout).unwrap();
    assert!(text.contains("class=\"rule\"") && text.contains("How to play this board"));
    let json = run(&["universe", "--seed", "card", "--rules-card", "--format", "json"]);
    assert_eq!(json.status.code(), Some(2));
    assert!(
        stderr(&json).contains("--rules-card") && stderr(&json).contains("pdf"),
        "{}",
        stderr(&json)
    );
    // Witches: the card after the front and back sheets, on one sheet.
    let path = dir.join("witches.pdf");
    let witches = run(&[
        "witches",
        "--seed",
        "card",
        "--preset",
        "hardest",
        "--rules-card",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(witches.status.success(), "{}", stderr(&witches));
    let doc = lopdf::Document::load(&path).unwrap();
    assert_eq!(doc.get_pages().len(), 3);
    let sizes = pdf_pages(&std::fs::read(&path).unwrap());
    assert!(
        sizes.iter().all(|&(w, h)| (w - 841.89).abs() < 0.1 && (h - 595.28).abs() < 0.1),
        "{sizes:?}"
    );
    // Hexet: the card after the map's sheet.
    let path = dir.join("hexet.pdf");
    let hexet = run(&["hexet", "--seed", "card", "--rules-card", "-o", path.to_str().unwrap()]);
    assert!(hexet.status.success(), "{}", stderr(&hexet));
    assert_eq!(lopdf::Document::load(&path).unwrap().get_pages().len(), 2);
    // Starship has no card.
    let starship = run(&["starship", "--seed", "card", "--rules-card", "--format", "pdf"]);
    assert_eq!(starship.status.code(), Some(2));
    assert!(files_in(&dir).iter().all(|f| f.ends_with(".pdf")));
}

/// `--rules-card` on a generator without a card (starship) is refused in a
/// plain sentence that names the generators with one, exit 2 and no file,
/// not as an argument clap does not know; the option is in the help of the
/// generators with a card only.
#[test]
fn rules_card_without_a_card_is_refused_in_words() {
    let dir = scratch("no-card");
    let path = dir.join("ship.pdf");
    let out = run(&["starship", "--seed", "card", "--rules-card", "-o", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(!message.contains("unexpected argument"), "{message}");
    assert!(
        message.starts_with("error: --rules-card: starship") && message.contains("no rules card"),
        "{message}"
    );
    for name in ["universe", "witches", "hexet"] {
        assert!(message.contains(name), "{name} is not named: {message}");
    }
    assert_eq!(message.trim_end().lines().count(), 1, "{message}");
    assert!(files_in(&dir).is_empty(), "{:?}", files_in(&dir));
    for (generator, shown) in [("universe", true), ("witches", true), ("hexet", true), ("starship", false)] {
        let help = run(&[generator, "--help"]);
        assert!(help.status.success());
        let help = String::from_utf8(help.stdout).unwrap();
        assert_eq!(help.contains("--rules-card"), shown, "{generator} --help:\n{help}");
    }
}

/// `play universe`: the contract's fields, the same bytes on one thread and
/// two and on every run, a report file written whole, and bad input refused
/// with exit 2 and no file.
#[test]
fn play_reports_seats_and_starts_the_same_on_any_thread_count() {
    let args = ["play", "universe", "--seed", "Tiamo", "--games", "16"];
    let fields = [
        "games",
        "bots",
        "seats",
        "starts",
        "stalls",
        "balance",
        "advantage_p1",
        "excess_start_spread",
        "turns",
        "chi_square",
        "seed",
        "params",
        "rules",
    ];
    let report = json_with(&args, &fields);
    assert_eq!(report["games"], 16);
    let seats = report["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    for (i, seat) in seats.iter().enumerate() {
        assert_eq!(seat["seat"], i + 1);
        let [lo, hi] = [seat["interval"][0].as_f64().unwrap(), seat["interval"][1].as_f64().unwrap()];
        let rate = seat["win_rate"].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi, "{seat}");
    }
    let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins + report["stalls"].as_u64().unwrap(), 16);
    let one = run(&[&args[..], &["--threads", "1"]].concat());
    let two = run(&[&args[..], &["--threads", "2"]].concat());
    assert!(one.status.success() && two.status.success());
    assert_eq!(one.stdout, two.stdout, "the thread count changes nothing");
    assert_eq!(serde_json::from_slice::<serde_json::Value>(&one.stdout).unwrap(), report);

    let dir = scratch("play");
    let file = dir.join("report.json");
    let out = run(&[&args[..], &["-o", file.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(&file).unwrap(), one.stdout);

    let page = dir.join("report.html");
    let out = run(&[&args[..], &["-o", page.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>") && text.contains("By seat") && text.contains("By start (starts dealt"));
    assert_eq!(text.matches("<svg").count(), 2, "a chart of the seats and one of the starts");
    assert!(!text.contains("<script") && !text.contains("src="), "self-contained");

    let mixed = json_with(
        &[
            "play",
            "universe",
            "--seed",
            "T",
            "--players",
            "2",
            "--games",
            "8",
            "--bots",
            "greedy,random",
        ],
        &["bot_rates"],
    );
    assert_eq!(mixed["bot_rates"].as_array().unwrap().len(), 2);

    // Every remedy of the catalogue, then the starts assigned, each a
    // start the report names.
    let two = ["play", "universe", "--seed", "T", "--players", "2", "--games", "8"];
    let compensated = json_with(&[&two[..], &["--compensate"]].concat(), &["remedies", "starts"]);
    let remedies = compensated["remedies"].as_array().unwrap();
    assert_eq!(remedies.len(), 7, "{remedies:?}");
    assert_eq!(remedies[0]["remedy"]["kind"], "none");
    let assigned = &remedies[6]["remedy"];
    assert_eq!(assigned["kind"], "assigned_starts", "{assigned}");
    let labels: Vec<&str> = compensated["starts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["label"].as_str().unwrap())
        .collect();
    let given = assigned["starts"].as_array().unwrap();
    assert!(
        given.len() == 2 && given.iter().all(|l| labels.contains(&l.as_str().unwrap())),
        "{assigned}"
    );
    let sentence = remedies[6]["sentence"].as_str().unwrap();
    assert!(sentence.starts_with("Starts: player 1 on "), "{sentence}");

    let rules = dir.join("rules.toml");
    std::fs::write(&rules, "mission = \"race\"\n[effects.Oil]\ncut = 4\n").unwrap();
    let raced = json_with(&[&args[..], &["--rules", rules.to_str().unwrap()]].concat(), &["rules"]);
    assert_eq!(raced["rules"]["mission"], "race");
    assert_eq!(raced["rules"]["effects"]["Oil"]["cut"], 4);

    let bad_rules = dir.join("bad.toml");
    std::fs::write(&bad_rules, "max_rounds = 0\n").unwrap();
    let unknown = dir.join("unknown.toml");
    std::fs::write(&unknown, "[effects.Oil]\nsaw = 2\n").unwrap();
    let misspelt = dir.join("misspelt.toml");
    std::fs::write(&misspelt, "[effects.oil]\ncut = 0\n").unwrap();
    let elsewhere = dir.join("elsewhere.toml");
    std::fs::write(
        &elsewhere,
        "[remedy]\nkind = \"assigned_starts\"\nstarts = [\"A\", \"B\", \"C\", \"ZZ\"]\n",
    )
    .unwrap();
    let missing = dir.join("nowhere.json");
    let html = dir.join("report.csv");
    let cases = [
        (vec!["--bot", "clever"], "random, greedy, search"),
        (vec!["--games", "0"], "1 to"),
        (vec!["--threads", "0"], "1 to"),
        (vec!["--bots", "greedy,random,random"], "3 bots"),
        (vec!["--set", "players=12"], "players"),
        (vec!["--rules", bad_rules.to_str().unwrap()], "max_rounds"),
        (vec!["--rules", unknown.to_str().unwrap()], "saw"),
        (
            vec!["--rules", misspelt.to_str().unwrap()],
            "effects.oil: the board has no node type of that name",
        ),
        (vec!["--rules", elsewhere.to_str().unwrap()], "\"ZZ\" is not a start on this board"),
        (vec!["-o", html.to_str().unwrap()], ".json"),
    ];
    refused_writing_nothing(&args[..4], &cases, &missing, &html);
    let no_seed = run(&["play", "universe", "--games", "2"]);
    assert_eq!(no_seed.status.code(), Some(2));
    assert!(stderr(&no_seed).contains("--seed"), "{}", stderr(&no_seed));
}

/// `play hexet`: the report's fields, the same bytes on one thread and two,
/// the scores the games' own figures agree with, the text table, and bad
/// input refused with exit 2 and no file.
#[test]
fn play_hexet_reports_seats_scores_and_city_types() {
    let args = ["play", "hexet", "--seed", "Tiamo", "--games", "12", "--players", "3"];
    let fields = [
        "generator",
        "seed",
        "params",
        "games",
        "players",
        "bots",
        "seats",
        "draws",
        "balance",
        "advantage_p1",
        "chi_square",
        "score_spread",
        "city_types",
        "joined_turn",
        "joined_turn_spread",
        "turns",
    ];
    let report = json_with(&args, &fields);
    assert_eq!((report["generator"].as_str(), report["games"].as_u64()), (Some("hexet"), Some(12)));
    let seats = report["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    for (i, seat) in seats.iter().enumerate() {
        assert_eq!(seat["seat"], i + 1);
        let score = &seat["score"];
        let (mean, lo, hi) = (
            score["mean"].as_f64().unwrap(),
            score["interval"][0].as_f64().unwrap(),
            score["interval"][1].as_f64().unwrap(),
        );
        assert!(lo <= mean && mean <= hi && mean > 0.0, "{seat}");
    }
    let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins + report["draws"].as_u64().unwrap(), 12);
    let types = report["city_types"].as_array().unwrap();
    assert_eq!(types.len(), 4);
    assert!(
        types
            .iter()
            .all(|t| t["roads"].as_u64().is_some() && t["turn"]["mean"].as_f64().is_some()),
        "{types:?}"
    );
    let one = run(&[&args[..], &["--threads", "1"]].concat());
    let two = run(&[&args[..], &["--threads", "2"]].concat());
    assert!(one.status.success() && two.status.success());
    assert_eq!(one.stdout, two.stdout, "the thread count changes nothing");

    let dir = scratch("play-hexet");
    let table = dir.join("report.txt");
    let out = run(&[&args[..], &["-o", table.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&table).unwrap();
    assert!(
        text.contains("12 games, 3 players") && text.contains("mean score") && text.contains("city type"),
        "{text}"
    );
    let score = format!("{:.2}", seats[0]["score"]["mean"].as_f64().unwrap());
    assert!(text.lines().any(|l| l.starts_with("1 ") && l.contains(&score)), "{text}");

    let missing = dir.join("nowhere.json");
    let page = dir.join("report.html");
    let cases = [
        (vec!["--bot", "clever"], "greedy"),
        (vec!["--games", "0"], "1 to"),
        (vec!["--set", "players=9"], "players"),
        (
            vec!["--set", "width=800", "--set", "height=800", "--set", "fair_city_types=false"],
            "too large to play",
        ),
        (vec!["-o", page.to_str().unwrap()], ".txt"),
    ];
    refused_writing_nothing(&args[..4], &cases, &missing, &page);
}

/// Each case (arguments after `base`, words its error must hold) exits 2
/// and writes no file: neither `missing`, its output where it names none,
/// nor `other`, the output a case may name itself.
fn refused_writing_nothing(base: &[&str], cases: &[(Vec<&str>, &str)], missing: &Path, other: &Path) {
    for (extra, words) in cases {
        let out = if extra.contains(&"-o") {
            run(&[base, &extra[..]].concat())
        } else {
            run(&[base, &extra[..], &["-o", missing.to_str().unwrap()]].concat())
        };
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(words), "{extra:?}: {}", stderr(&out));
        assert!(!missing.exists() && !other.exists(), "{extra:?} wrote a file");
    }
}
