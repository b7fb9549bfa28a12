//! The files the binary reads and the files it leaves: a file it is named
//! is refused, unread, when it is no regular file (a device, a named pipe),
//! and refused when it is over its cap; a command stopped by a signal
//! leaves no temporary file, and one killed outright leaves one that the
//! next write of the same file removes.

#[path = "common/dirs.rs"]
mod dirs;

use dirs::{files_in, scratch};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_boardwright");

/// The binary with `args`, its output kept.
fn start(args: &[&str]) -> Child {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Waits for `child` to end, for at most `limit`; past it, the child is
/// killed and the test fails, rather than hang.
fn finish_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().expect("its output")
}

/// Runs the binary with `args`, which must end within `limit`.
fn run_within(args: &[&str], limit: Duration) -> Output {
    finish_within(start(args), limit, &format!("{args:?}"))
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `args` and checks that it is refused, quickly, with exit 2 and a
/// message holding `message`.
fn refused(args: &[&str], message: &str) {
    let out = run_within(args, Duration::from_secs(10));
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
}

/// A named pipe at `path`, which no one writes: opening it for reading
/// would wait for ever.
fn named_pipe(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

#[test]
fn a_device_a_pipe_or_a_directory_is_refused_unread() {
    let dir = scratch("devices");
    let pipe = dir.join("pipe.toml");
    named_pipe(&pipe);
    let pipe = pipe.to_str().unwrap();
    let dir_name = dir.to_str().unwrap();
    refused(
        &["universe", "--config", "/dev/zero"],
        "config file /dev/zero is not a regular file (a character device); name a TOML file",
    );
    refused(
        &["universe", "--config", pipe],
        &format!("config file {pipe} is not a regular file (a named pipe); name a TOML file"),
    );
    refused(&["witches", "--reveal", "--seed", "x", "--config", pipe], "(a named pipe)");
    refused(
        &["universe", "--config", dir_name],
        &format!("config file {dir_name} is not a regular file (a directory)"),
    );
    refused(
        &["analyze", "universe", "--boards", "2", "--against-config", "/dev/zero"],
        "config file /dev/zero is not a regular file",
    );
    refused(
        &["hexet", "--roads", "/dev/zero"],
        "road log /dev/zero is not a regular file (a character device); name a JSON file",
    );
    refused(&["hexet", "--roads", pipe], "(a named pipe)");
    refused(
        &["analyze", "merge", pipe],
        &format!("part file {pipe} is not a regular file (a named pipe)"),
    );
    assert_eq!(files_in(&dir), ["pipe.toml"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One mebibyte, the cap of a config file and of an icon.
const MIB: usize = 1 << 20;

#[test]
fn a_config_over_its_cap_is_refused() {
    let dir = scratch("config-cap");
    // A comment: valid TOML of any length.
    let comment = |bytes: usize| format!("#{}\n", "x".repeat(bytes - 2));
    let (fits, over) = (dir.join("fits.toml"), dir.join("over.toml"));
    std::fs::write(&fits, comment(MIB)).unwrap();
    std::fs::write(&over, comment(MIB + 1)).unwrap();
    let out = run_within(
        &["universe", "--config", fits.to_str().unwrap(), "--print-config"],
        Duration::from_secs(10),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    refused(
        &["universe", "--config", over.to_str().unwrap(), "--print-config"],
        &format!("config file {} is over 1 MiB, the limit for config files", over.display()),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_icon_that_is_a_device_or_over_its_cap_is_refused() {
    let dir = scratch("icons");
    let big = dir.join("big.svg");
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>"#;
    // A drawable SVG, made longer than the cap by a comment.
    std::fs::write(&big, format!("{svg}<!--{}-->", "x".repeat(MIB))).unwrap();
    let board = dir.join("board.png");
    for (icon, message) in [
        (
            Path::new("/dev/zero"),
            "icon file /dev/zero is not a regular file (a character device); name an SVG file".to_string(),
        ),
        (
            big.as_path(),
            format!("icon file {} is over 1 MiB, the limit for icon files", big.display()),
        ),
    ] {
        let mut config: String = ["Oil", "Fish", "Water", "Wood", "Fruit", "Dynamite", "Stardust", "Critters", "Puppy"]
            .iter()
            .map(|n| format!("[[node_types]]\nname = \"{n}\"\n\n"))
            .collect();
        config.push_str(&format!(
            "[[node_types]]\nname = \"Gold\"\nmin = 8\nicon = {:?}\n",
            icon.to_str().unwrap()
        ));
        let path = dir.join("icons.toml");
        std::fs::write(&path, config).unwrap();
        refused(
            &[
                "universe",
                "--seed",
                "gold",
                "--config",
                path.to_str().unwrap(),
                "-o",
                board.to_str().unwrap(),
            ],
            &format!("icon of node type \"Gold\": {message}"),
        );
        assert!(!board.exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The name of the temporary file in `dir`, once there is one: `child`
/// writing into it must make one within a minute and not end before.
fn temporary_in(dir: &Path, child: &mut Child) -> String {
    let start = Instant::now();
    loop {
        if let Some(name) = files_in(dir).into_iter().find(|n| n.ends_with(".tmp-boardwright")) {
            return name;
        }
        if let Some(status) = child.try_wait().expect("waits") {
            panic!("the command ended ({status}) before its temporary file was seen");
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("no temporary file after a minute");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Sends `signal` (a name `kill -s` knows) to `child`.
fn signal(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .args(["-s", signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -s {signal}");
}

/// Starts writing 500 boards into one PDF in `dir`, a few seconds' work,
/// and waits until its temporary file is there.
fn writing_many(dir: &Path) -> (Child, String) {
    let target = dir.join("c500.pdf");
    let mut child = start(&["universe", "--seed", "stop", "--count", "500", "-o", target.to_str().unwrap()]);
    let temporary = temporary_in(dir, &mut child);
    (child, temporary)
}

#[test]
fn a_command_stopped_by_a_signal_leaves_no_file() {
    for (name, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let dir = scratch(&format!("stopped-{name}"));
        let (child, _) = writing_many(&dir);
        signal(&child, name);
        let out = finish_within(child, Duration::from_secs(30), &format!("SIG{name}"));
        let status: ExitStatus = out.status;
        assert_eq!(status.code(), Some(code), "SIG{name}: {status}; {}", stderr(&out));
        assert_eq!(
            stderr(&out).trim_end(),
            format!("error: stopped by SIG{name}; the unfinished output was removed"),
            "SIG{name}"
        );
        assert!(files_in(&dir).is_empty(), "SIG{name} left {:?}", files_in(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_temporary_left_by_kill_9_is_removed_by_the_next_write() {
    let dir = scratch("killed");
    let (mut child, temporary) = writing_many(&dir);
    assert_eq!(temporary, format!(".c500.pdf.{}-0.tmp-boardwright", child.id()));
    signal(&child, "KILL");
    child.wait().unwrap();
    // Nothing could remove it.
    assert_eq!(files_in(&dir), [temporary.as_str()]);
    let target = dir.join("c500.pdf");
    let out = run_within(
        &["universe", "--seed", "again", "-o", target.to_str().unwrap()],
        Duration::from_secs(60),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(files_in(&dir), ["c500.pdf"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A PNG whose pixels alone take gigabytes is announced before any work,
/// in words that say how to make it smaller; stopped then, it leaves
/// nothing, even when nobody reads its stderr any more.
#[test]
fn a_png_of_gigabytes_is_announced_before_the_work() {
    use std::io::{BufRead, BufReader};
    let dir = scratch("large-png");
    let target = dir.join("large.png");
    let mut child = start(&[
        "witches",
        "--seed",
        "x",
        "--dpi",
        "600",
        "--paper",
        "a3",
        "--tile",
        "4x4",
        "-o",
        target.to_str().unwrap(),
    ]);
    let mut lines = BufReader::new(child.stderr.take().expect("its stderr"));
    let mut first = String::new();
    let read = std::thread::spawn(move || {
        lines.read_line(&mut first).expect("reads stderr");
        // The reader goes here: nothing reads the command's stderr any more.
        first
    });
    let start = Instant::now();
    while !read.is_finished() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(read.is_finished(), "no word on stderr within 30 s");
    let warning = read.join().unwrap();
    signal(&child, "TERM");
    let out = finish_within(child, Duration::from_secs(30), "SIGTERM");
    assert_eq!(out.status.code(), Some(143));
    assert!(
        warning.starts_with("warning: this PNG has at least 1114 million pixels") && warning.contains("lower --dpi or --tile"),
        "{warning}"
    );
    assert!(files_in(&dir).is_empty(), "{:?}", files_in(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A PNG of ordinary size is made without a word.
#[test]
fn an_ordinary_png_is_made_without_a_warning() {
    let dir = scratch("small-png");
    let target = dir.join("small.png");
    let out = run_within(&["witches", "--seed", "x", "-o", target.to_str().unwrap()], Duration::from_secs(60));
    assert!(out.status.success() && stderr(&out).is_empty(), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}
