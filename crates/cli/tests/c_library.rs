//! The C library (`boardwright-ffi`) makes the bytes the command line
//! writes: every generator, at its defaults and with a config of
//! parameters, as `-o board.json` writes it, and those boards drawn as
//! `-o board.svg` and `-o board.pdf` draw them. (Its own tests hold its C
//! functions to [`board_json`] and [`drawn`].)

#[path = "common/dirs.rs"]
mod dirs;

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

use boardwright_ffi::{board_json, drawn};

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
        ("universe", ""),
        ("universe", "players = 3\nexpansions = [\"electric\"]\n"),
        ("witches", ""),
        ("witches", "edition = 2023\ndifficulty = 2\n"),
        ("starship", ""),
        ("starship", "width = 30\nheight = 34\n"),
        ("hexet", ""),
        ("hexet", "width = 20\nheight = 16\nplayers = 3\n"),
    ];
    for (i, (generator, params)) in cases.into_iter().enumerate() {
        let config = dir.join(format!("{i}.toml"));
        std::fs::write(&config, params).unwrap();
        let args = [OsStr::new("--config"), config.as_os_str()];
        let written = written_by_the_cli(generator, &args, &dir.join(format!("{i}.json")));
        assert!(
            board_json(generator, "Tiamo", params).unwrap() == written,
            "{generator} {params:?}: the C library's JSON differs"
        );
    }
}

#[test]
fn the_c_library_draws_what_the_command_line_draws() {
    let dir = dirs::scratch("c-library-draw");
    for (i, generator) in ["universe", "witches", "starship", "hexet"].into_iter().enumerate() {
        let json = board_json(generator, "Tiamo", "").unwrap();
        for (format, cli, options) in [
            (
                "svg",
                ["--paper", "letter", "--ink-friendly"].as_slice(),
                "paper=letter&ink_friendly",
            ),
            ("pdf", ["--paper", "a5"].as_slice(), "paper=a5"),
        ] {
            let args: Vec<&OsStr> = cli.iter().map(OsStr::new).collect();
            let written = written_by_the_cli(generator, &args, &dir.join(format!("{i}.{format}")));
            let from_c = drawn(std::str::from_utf8(&json).unwrap(), format, options).unwrap();
            assert!(from_c == written, "{generator} {format}: the C library's drawing differs");
        }
    }
}
