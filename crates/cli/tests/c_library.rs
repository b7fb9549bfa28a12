//! The C library (`boardwright-ffi`) makes the bytes the command line
//! writes: every generator, at its defaults and with a config of
//! parameters, as `-o board.json` writes it. (Its own tests hold its C
//! functions to [`board_json`].)

#[path = "common/dirs.rs"]
mod dirs;

use std::process::Command;

use boardwright_ffi::board_json;

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
        let file = dir.join(format!("{i}.json"));
        let out = Command::new(env!("CARGO_BIN_EXE_boardwright"))
            .args([generator, "--seed", "Tiamo", "--config"])
            .arg(&config)
            .arg("-o")
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let written = std::fs::read(&file).unwrap();
        assert!(
            board_json(generator, "Tiamo", params).unwrap() == written,
            "{generator} {params:?}: the C library's JSON differs"
        );
    }
}
