//! The C library (`boardwright-ffi`) makes the bytes the command line
//! writes: every generator, at its defaults, with a config of parameters
//! (as TOML and as JSON) and with its presets, as `-o board.json` writes
//! it; those boards drawn as `-o board.svg` and `-o board.pdf` draw them;
//! a hexet game played road by road as `--roads` replays its log; a potion
//! answered as `--potion` answers it. (Its own tests hold its C functions
//! to these [`calls`].)

#[path = "common/dirs.rs"]
mod dirs;

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

use boardwright_ffi::calls::{self, board_json, drawn};

/// The bytes `boardwright GENERATOR --seed Tiamo ARGS -o FILE` writes.
fn written_by_the_cli(generator: &str, args: &[&OsStr], file: &Path) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_boardwright"))
        .args([generator, "--seed", "Tiamo"])
        .args(args)
        .arg("-o")
        .arg(file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read(file).unwrap()
}

#[test]
fn the_c_library_writes_the_json_the_command_line_writes() {
    let dir = dirs::scratch("c-library");
    let cases = [
        ("universe", "", None),
        ("universe", "players = 3\nexpansions = [\"electric\"]\n", None),
        ("universe", "", Some("classic")),
        ("universe", "players = 3", Some("nasty_nodes")),
        ("witches", "", None),
        ("witches", "edition = 2023\ndifficulty = 2\n", None),
        ("witches", "", Some("hardest")),
        ("witches", "players = 2", Some("second-edition")),
        ("starship", "", None),
        ("starship", "width = 30\nheight = 34\n", None),
        ("hexet", "", None),
        ("hexet", "width = 20\nheight = 16\nplayers = 3\n", None),
        ("hexet", "", Some("sectors")),
    ];
    for (i, (generator, params, preset)) in cases.into_iter().enumerate() {
        let config = dir.join(format!("{i}.toml"));
        std::fs::write(&config, params).unwrap();
        let mut args = vec![OsStr::new("--config"), config.as_os_str()];
        if let Some(preset) = preset {
            args.extend([OsStr::new("--preset"), OsStr::new(preset)]);
        }
        let written = written_by_the_cli(generator, &args, &dir.join(format!("{i}.json")));
        assert!(
            board_json(generator, "Tiamo", params, preset, None).unwrap() == written,
            "{generator} {params:?} {preset:?}: the C library's JSON differs"
        );
        // The same parameters as a JSON object.
        let table: toml::Table = params.parse().unwrap();
        let object = serde_json::to_string(&table).unwrap();
        assert!(
            board_json(generator, "Tiamo", &object, preset, None).unwrap() == written,
            "{generator} {object} {preset:?}: the C library's JSON from JSON parameters differs"
        );
    }
}

/// Two roads out of the tower of the hexet map `map`, one per player, and
/// the second player's taken away again: a road log.
fn roads_out_of_the_tower(map: &serde_json::Value) -> Vec<String> {
    let (q, r) = (map["tower"][0].as_i64().unwrap(), map["tower"][1].as_i64().unwrap());
    let tower = map["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["q"] == q && c["r"] == r)
        .unwrap();
    // Side 0 (below): a bridge where a river runs along it.
    let kind = if tower["rivers"].as_u64().unwrap() & 1 != 0 {
        "bridge"
    } else {
        "normal"
    };
    let road = |player: u32, action: &str| {
        format!(
            r#"{{"player":{player},"from":[{q},{r}],"to":[{q},{}],"type":"{kind}","action":"{action}"}}"#,
            r + 1
        )
    };
    vec![road(0, "add"), road(1, "add"), road(1, "remove")]
}

#[test]
fn a_game_played_road_by_road_ends_as_its_log_replays() {
    let dir = dirs::scratch("c-library-game");
    let map: serde_json::Value = serde_json::from_slice(&board_json("hexet", "Tiamo", "players = 3", None, None).unwrap()).unwrap();
    let mut game = calls::Game::new("Tiamo", "players = 3", None).unwrap();
    let mut changes = Vec::new();
    for road in roads_out_of_the_tower(&map) {
        changes.push(game.apply(&road).unwrap());
    }
    assert_eq!(changes, ["created", "created", "removed"]);
    let log = dir.join("roads.json");
    std::fs::write(&log, game.log().unwrap()).unwrap();
    let config = dir.join("players.toml");
    std::fs::write(&config, "players = 3").unwrap();
    let args = [OsStr::new("--config"), config.as_os_str(), OsStr::new("--roads"), log.as_os_str()];
    let written = written_by_the_cli("hexet", &args, &dir.join("map.json"));
    assert!(game.result().unwrap() == written, "the game's result differs from --roads");
    let log_text = std::fs::read_to_string(&log).unwrap();
    assert!(board_json("hexet", "Tiamo", "players = 3", None, Some(&log_text)).unwrap() == written);

    // A road off the map is refused and changes nothing.
    let before = game.result().unwrap();
    let refusal = game.apply(r#"{"player":0,"from":[900,900],"to":[900,901]}"#).unwrap_err();
    assert_eq!(refusal.status, calls::BwStatus::BadRoad);
    assert_eq!(refusal.parameter.as_deref(), Some("road"));
    assert!(game.result().unwrap() == before);
}

#[test]
fn a_potion_is_answered_as_the_command_line_answers_it() {
    let recipe = calls::Recipe::new("Tiamo", "", None).unwrap();
    let clue: serde_json::Value = serde_json::from_slice(&recipe.clue()).unwrap();
    let ingredients: Vec<&str> = clue["ingredients"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i.as_str().unwrap())
        .collect();
    let potion = format!("{}:2,{}", ingredients[0], ingredients[1]);
    let cli = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_boardwright"))
            .args(["witches", "--seed", "Tiamo"])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let answer: serde_json::Value = serde_json::from_slice(&recipe.brew(&potion).unwrap()).unwrap();
    assert_eq!(answer, cli(&["--potion", &potion]));
    let reveal: serde_json::Value = serde_json::from_slice(&recipe.reveal().unwrap()).unwrap();
    assert_eq!(reveal, cli(&["--reveal"]));

    let refusal = recipe.brew("Unicorn:1").unwrap_err();
    assert_eq!(refusal.status, calls::BwStatus::BadPotion);
    assert!(refusal.message.contains("Unicorn"), "{}", refusal.message);
}

#[test]
fn the_c_library_draws_what_the_command_line_draws() {
    let dir = dirs::scratch("c-library-draw");
    let boards = [
        ("universe", None),
        ("universe", Some("classic")),
        ("witches", None),
        ("witches", Some("second-edition")),
        ("starship", None),
        ("hexet", None),
        ("hexet", Some("sectors")),
    ];
    for (i, (generator, preset)) in boards.into_iter().enumerate() {
        let json = board_json(generator, "Tiamo", "", preset, None).unwrap();
        for (format, cli, options) in [
            (
                "svg",
                ["--paper", "letter", "--ink-friendly"].as_slice(),
                "paper=letter&ink_friendly",
            ),
            ("pdf", ["--paper", "a5"].as_slice(), "paper=a5"),
        ] {
            let mut args: Vec<&OsStr> = cli.iter().map(OsStr::new).collect();
            if let Some(preset) = preset {
                args.extend([OsStr::new("--preset"), OsStr::new(preset)]);
            }
            let written = written_by_the_cli(generator, &args, &dir.join(format!("{i}.{format}")));
            let from_c = drawn(std::str::from_utf8(&json).unwrap(), format, options).unwrap();
            assert!(
                from_c == written,
                "{generator} {preset:?} {format}: the C library's drawing differs"
            );
        }
    }
}
