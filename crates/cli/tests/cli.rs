//! End-to-end tests of the `boardwright` binary: outputs, determinism,
//! golden SVG, and bad input (exit 2, a message naming the problem, no file).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardwright"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardwright-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn json_on_stdout_by_default_with_the_contract_fields() {
    let out = run(&["universe", "--seed", "Tiamo"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON only");
    for field in [
        "generator",
        "seed",
        "version",
        "params",
        "metrics",
        "width",
        "height",
        "nodes",
        "edges",
    ] {
        assert!(v.get(field).is_some(), "missing {field}");
    }
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
    let out = run(&["spaceship"]);
    assert_eq!(out.status.code(), Some(2));
    let names: Vec<String> = files_in(&dir).into_iter().filter(|n| !n.ends_with(".toml")).collect();
    assert!(names.is_empty(), "files left behind: {names:?}");
}

#[test]
fn impossible_generation_exits_1_and_writes_nothing() {
    let dir = scratch("impossible");
    let path = dir.join("board.json");
    // One relaxation step leaves points too close for a clear spanning tree.
    let out = run(&[
        "universe",
        "--seed",
        "x",
        "--set",
        "iterations=1",
        "--set",
        "max_attempts=2",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("after 2 attempt(s)"), "{}", stderr(&out));
    assert!(files_in(&dir).is_empty());
}

/// The SVG of a small board, pinned: any change of drawing shows here.
#[test]
fn golden_svg() {
    let out = run(&["universe", "--seed", "golden", "--players", "2", "--format", "svg"]);
    assert!(out.status.success());
    golden_file("universe-2-golden.svg", &out.stdout);
}

/// Compares `actual` with `tests/golden/NAME`; with `BOARDWRIGHT_BLESS=1`
/// writes it instead.
fn golden_file(name: &str, actual: &[u8]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("BOARDWRIGHT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|_| panic!("missing {}; run with BOARDWRIGHT_BLESS=1", path.display()));
    assert!(
        expected == actual,
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
    let out = run(&["witches", "--seed", "Tiamo"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for field in [
        "width",
        "height",
        "recipe_length",
        "players",
        "cauldrons",
        "gardens",
        "ingredients",
        "special_cells",
        "notes_cell",
    ] {
        assert!(v.get(field).is_some(), "missing {field}");
    }
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
    let out = run(&["witches", "--seed", "golden", "--format", "svg", "--set", "special_cells=3"]);
    assert!(out.status.success());
    golden_file("witches-4-golden.svg", &out.stdout);
}

#[test]
fn hexet_replays_a_road_log_and_stops_at_a_bad_entry() {
    let dir = scratch("hexet");
    let map = run(&["hexet", "--seed", "roads"]);
    assert!(map.status.success(), "{}", stderr(&map));
    let v: serde_json::Value = serde_json::from_slice(&map.stdout).unwrap();
    for field in [
        "width",
        "height",
        "directions",
        "cells",
        "cities",
        "tower",
        "roads",
        "networks",
        "scores",
    ] {
        assert!(v.get(field).is_some(), "missing {field}");
    }
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
        format!(r#"[{{"player": 0, "from": [{tq}, {tr}], "to": [{aq}, {ar}], "type": "bridge"}}, {{"player": 0, "from": [{tq}, {tr}], "to": [{}, {tr}]}}]"#, tq + 5),
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
    assert!(stderr(&out).contains("entry 1: the cells are not neighbours"), "{}", stderr(&out));
    assert!(!target.exists());
    std::fs::write(&bad, "[{\"player\": 0}]").unwrap();
    let out = run(&["hexet", "--roads", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a valid list of roads"), "{}", stderr(&out));
}

/// The SVG of a hexet map, pinned.
#[test]
fn golden_hexet_svg() {
    let out = run(&[
        "hexet",
        "--seed",
        "golden",
        "--format",
        "svg",
        "--set",
        "width=12",
        "--set",
        "height=9",
        "--set",
        "cities_per_type=2",
        "--set",
        "city_types=2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    golden_file("hexet-12x9-golden.svg", &out.stdout);
}

#[test]
fn starship_outputs_and_bad_input() {
    let dir = scratch("starship");
    let out = run(&["starship", "--seed", "Tiamo"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for field in ["width", "height", "tiles", "legend", "parts", "doors", "stages", "metrics"] {
        assert!(v.get(field).is_some(), "missing {field}");
    }
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
    let out = run(&[
        "starship",
        "--seed",
        "golden",
        "--format",
        "svg",
        "--set",
        "width=24",
        "--set",
        "height=24",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    golden_file("starship-24-golden.svg", &out.stdout);
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
