//! `boardwright serve`, the real binary against the real command line: the
//! same bytes for the same request, a hexet game played through two servers
//! equal to the `--roads` replay of its log, one log line per request, and a
//! clean stop (exit 0) on SIGTERM or Ctrl-C.

#[path = "../../serve/tests/common/client.rs"]
mod client;

#[path = "common/dirs.rs"]
mod dirs;

use dirs::scratch;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use boardwright::Seed;
use boardwright::hexet::{self, Action, Game, Hex, HexSide, Hexet, RoadEntry, RoadType};

const BIN: &str = env!("CARGO_BIN_EXE_boardwright");

/// A server process and the lines it writes on stderr.
struct Server {
    child: Child,
    addr: SocketAddr,
    lines: Receiver<String>,
}

fn start() -> Server {
    start_with(&[])
}

/// A server started with `more` options after `--addr 127.0.0.1:0`.
fn start_with(more: &[&str]) -> Server {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(more)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let (send, lines) = channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = send.send(line);
        }
    });
    let first = lines.recv_timeout(Duration::from_secs(60)).expect("a first line on stderr");
    let addr = first
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("first line: {first:?}"))
        .parse()
        .expect("HOST:PORT");
    Server { child, addr, lines }
}

impl Server {
    /// Sends `signal`, waits for the exit, and returns it with the lines written since start.
    fn stop(mut self, signal: &str) -> (ExitStatus, Vec<String>) {
        let sent = Command::new("kill")
            .args(["-s", signal, &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "the server did not stop");
            std::thread::sleep(Duration::from_millis(20));
        };
        (status, self.lines.try_iter().collect())
    }
}

/// What the command line writes for `args` (then `-o FILE`).
fn cli(args: &[&str], file: &std::path::Path) -> Vec<u8> {
    let out = Command::new(BIN).args(args).arg("-o").arg(file).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    std::fs::read(file).unwrap()
}

/// A request as command-line options and as the equivalent query string.
struct Case {
    generator: &'static str,
    seed: &'static str,
    preset: Option<&'static str>,
    sets: &'static [&'static str],
    ink_friendly: bool,
    dpi: Option<&'static str>,
}

impl Case {
    fn args(&self) -> Vec<String> {
        let mut args = vec![self.generator.to_string(), "--seed".into(), self.seed.into()];
        if let Some(p) = self.preset {
            args.extend(["--preset".into(), p.into()]);
        }
        for set in self.sets {
            args.extend(["--set".into(), set.to_string()]);
        }
        if self.ink_friendly {
            args.push("--ink-friendly".into());
        }
        if let Some(dpi) = self.dpi {
            args.extend(["--dpi".into(), dpi.into()]);
        }
        args
    }

    fn query(&self) -> String {
        let mut q = form_urlencoded::Serializer::new(String::new());
        q.append_pair("seed", self.seed);
        if let Some(p) = self.preset {
            q.append_pair("preset", p);
        }
        for set in self.sets {
            let (k, v) = set.split_once('=').unwrap();
            q.append_pair(k, v);
        }
        if self.ink_friendly {
            q.append_pair("ink_friendly", "true");
        }
        if let Some(dpi) = self.dpi {
            q.append_pair("dpi", dpi);
        }
        q.finish()
    }
}

#[test]
fn boards_and_configs_are_the_command_lines_bytes() {
    let server = start();
    let dir = scratch("bytes");
    let cases = [
        Case {
            generator: "universe",
            seed: "Tiamo",
            preset: None,
            sets: &[],
            ink_friendly: false,
            dpi: None,
        },
        Case {
            generator: "universe",
            seed: "-3",
            preset: Some("classic"),
            sets: &["players=5", "iterations=40"],
            ink_friendly: true,
            dpi: Some("72"),
        },
        Case {
            generator: "witches",
            seed: "Tiamo",
            preset: Some("hardest"),
            sets: &["players=3"],
            ink_friendly: false,
            dpi: None,
        },
        Case {
            generator: "starship",
            seed: "Tiamo",
            preset: None,
            sets: &["width=30", "height=36"],
            ink_friendly: false,
            dpi: Some("60"),
        },
        Case {
            generator: "starship",
            seed: "pipe",
            preset: None,
            sets: &[
                r#"pipeline=[{stage = "shape", min_modules = 3, max_modules = 4, circle_weight = 1.0, rectangle_weight = 2.0, min_size = 0.2, max_size = 0.4, mirror = true}, {stage = "cockpit", w = 3, h = 3}, {stage = "reactor", w = 3, h = 3}]"#,
            ],
            ink_friendly: false,
            dpi: None,
        },
        Case {
            generator: "hexet",
            seed: "Tiamo",
            preset: None,
            sets: &["players=3", "rivers=5"],
            ink_friendly: true,
            dpi: None,
        },
    ];
    for case in &cases {
        let args = case.args();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        for ext in ["json", "svg", "png", "pdf"] {
            let expected = cli(&args, &dir.join(format!("board.{ext}")));
            let path = format!("/api/{}/board.{ext}?{}", case.generator, case.query());
            let served = client::get(server.addr, &path);
            assert_eq!(served.status, 200, "{path}: {}", served.text());
            assert!(served.body == expected, "{path}: not the command line's bytes");
        }
        let printed = Command::new(BIN).args(&args).arg("--print-config").output().unwrap();
        assert!(printed.status.success());
        let path = format!("/api/{}/config.toml?{}", case.generator, case.query());
        assert_eq!(client::get(server.addr, &path).body, printed.stdout, "{path}");
        // The served config, read back with --config, gives the same board.
        let config = dir.join("config.toml");
        std::fs::write(&config, &printed.stdout).unwrap();
        let from_config = cli(
            &[case.generator, "--seed", case.seed, "--config", config.to_str().unwrap()],
            &dir.join("again.json"),
        );
        let served = client::get(server.addr, &format!("/api/{}/board.json?{}", case.generator, case.query()));
        assert!(served.body == from_config, "{path}: --config of the served TOML differs");
    }
    let (status, _) = server.stop("TERM");
    assert_eq!(status.code(), Some(0));
}

#[test]
fn it_logs_each_request_and_stops_cleanly_on_sigterm_and_ctrl_c() {
    for signal in ["TERM", "INT"] {
        let server = start();
        let addr = server.addr;
        assert_eq!(client::get(addr, "/api/generators").status, 200);
        assert_eq!(client::get(addr, "/api/witches/board.svg?seed=a").status, 200);
        assert_eq!(client::get(addr, "/api/witches/board.svg?seed=a&players=9").status, 400);
        // A request in flight when the signal comes still gets its answer.
        let slow = std::thread::spawn(move || client::get(addr, "/api/universe/board.json?seed=slow&resolution=200"));
        std::thread::sleep(Duration::from_millis(100));
        let (status, lines) = server.stop(signal);
        assert_eq!(status.code(), Some(0), "SIG{signal}: {lines:?}");
        assert_eq!(slow.join().unwrap().status, 200, "SIG{signal}");
        for expected in [
            "GET /api/generators 200 ",
            "GET /api/witches/board.svg 200 ",
            "GET /api/witches/board.svg 400 ",
        ] {
            let line = lines
                .iter()
                .find(|l| l.starts_with(expected))
                .unwrap_or_else(|| panic!("no line {expected:?} in {lines:?}"));
            assert!(line.ends_with("ms"), "{line}");
        }
        assert!(client::raw_connect_fails(addr), "still accepting after SIG{signal}");
    }
}

#[test]
fn hung_up_requests_and_refusals_at_the_connection_are_logged_too() {
    use std::io::Write;
    let server = start();
    let addr = server.addr;
    {
        let mut play = std::net::TcpStream::connect(addr).unwrap();
        write!(
            play,
            "GET /api/universe/play?seed=gone&players=9&games=2000 HTTP/1.1\r\nHost: {addr}\r\n\r\n"
        )
        .unwrap();
        std::thread::sleep(Duration::from_millis(300));
    }
    let long = format!("GET /{} HTTP/1.1\r\nHost: {addr}\r\n\r\n", "a".repeat(70_000));
    assert_eq!(client::raw(addr, long.as_bytes()).status, 414);
    let huge = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Big: {}\r\n\r\n", "b".repeat(100_000));
    assert_eq!(client::raw(addr, huge.as_bytes()).status, 431);
    std::thread::sleep(Duration::from_millis(500));
    let (_, lines) = server.stop("TERM");
    for expected in ["GET /api/universe/play hung-up ", "- - 414 ", "- - 431 "] {
        assert!(
            lines.iter().any(|l| l.starts_with(expected) && l.ends_with("ms")),
            "no line {expected:?} in {lines:?}"
        );
    }
}

#[test]
fn an_address_in_use_is_an_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = Command::new(BIN).args(["serve", "--addr", &addr]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&addr), "{err}");
    // An address that names nothing is bad usage.
    for bad in ["nonsense", "127.0.0.1:99999", "127.0.0.1"] {
        let out = Command::new(BIN).args(["serve", "--addr", bad]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("expected HOST:PORT"), "{bad}");
    }
}

#[test]
fn allowed_origins_are_given_on_the_command_line() {
    let allowed = "http://localhost:3000";
    let server = start_with(&["--allow-origin", allowed, "--allow-origin", "https://boards.example.org"]);
    let addr = server.addr;
    let r = client::send(addr, "GET", "/api/generators", &[("Origin", allowed)], None);
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("access-control-allow-origin"), Some(allowed));
    assert_eq!(client::send(addr, "GET", "/", &[("Host", "boards.example.org")], None).status, 200);
    assert_eq!(
        client::send(addr, "GET", "/api/generators", &[("Origin", "http://localhost:3001")], None).status,
        403
    );
    assert_eq!(client::send(addr, "GET", "/", &[("Host", "evil.example")], None).status, 421);
    let (status, _) = server.stop("TERM");
    assert_eq!(status.code(), Some(0));
    // An origin that cannot be read is bad usage.
    for bad in ["boards.example.org", "https://boards.example.org/path", "ftp://boards.example.org"] {
        let out = Command::new(BIN)
            .args(["serve", "--addr", "127.0.0.1:0", "--allow-origin", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("SCHEME://HOST"), "{bad}");
    }
}

/// A valid road log of about `n` entries on the map of `params` and `seed`:
/// roads tried cell by cell and side by side (a bridge where an ordinary
/// road is refused), the players in turn, every fifth road taken away again.
fn valid_log(params: &hexet::Params, seed: &str, n: usize) -> Vec<RoadEntry> {
    let mut game = Game::new(params, &Seed::new(seed)).unwrap();
    let mut log = Vec::new();
    'cells: for column in 0..params.width as i32 {
        for row in 0..params.height as i32 {
            for side in HexSide::ALL {
                let from = Hex::from_offset(column, row);
                let player = log.len() as u32 % params.players;
                for kind in [RoadType::Normal, RoadType::Bridge] {
                    let entry = RoadEntry::new(player, from, from.neighbor(side), kind, Action::Add);
                    if game.apply(&entry).is_ok() {
                        log.push(entry.clone());
                        if log.len() % 5 == 0 {
                            let removal = RoadEntry {
                                action: Action::Remove,
                                ..entry
                            };
                            game.apply(&removal).unwrap();
                            log.push(removal);
                        }
                        break;
                    }
                }
                if log.len() >= n {
                    break 'cells;
                }
            }
        }
    }
    log
}

/// A hexet game is its address: played one road at a time through two
/// server processes in turn, each answer a replay of the address's road
/// code, the game ends equal to the command line's `--roads` replay of its
/// log, and both servers give the same bytes for every address.
#[test]
fn a_game_played_through_two_servers_in_turn_is_the_replay_of_its_log() {
    let servers = [start(), start()];
    let params = hexet::Params {
        players: 3,
        rivers: 6,
        ..Default::default()
    };
    let log = valid_log(&params, "-7", 60);
    assert!(log.len() >= 60 && log.iter().any(|e| e.action == Action::Remove));
    let address = |roads: &[RoadEntry]| {
        let code = Hexet::encode_log(&params, roads).unwrap();
        format!("/api/hexet/board.json?seed=-7&players=3&rivers=6&roads={code}")
    };
    let mut last = Vec::new();
    for k in 1..=log.len() {
        let path = address(&log[..k]);
        let answer = client::get(servers[k % 2].addr, &path);
        assert_eq!(answer.status, 200, "road {k}: {}", answer.text());
        if k % 10 == 0 {
            assert_eq!(
                client::get(servers[(k + 1) % 2].addr, &path).body,
                answer.body,
                "road {k}: the servers differ"
            );
        }
        last = answer.body;
    }
    let dir = scratch("two-servers");
    let file = dir.join("log.json");
    std::fs::write(&file, serde_json::to_vec(&log).unwrap()).unwrap();
    let replayed = cli(
        &[
            "hexet",
            "--seed",
            "-7",
            "--set",
            "players=3",
            "--set",
            "rivers=6",
            "--roads",
            file.to_str().unwrap(),
        ],
        &dir.join("replayed.json"),
    );
    assert!(
        last == replayed,
        "the game played through the servers differs from the --roads replay of its log"
    );
    for server in servers {
        let (status, _) = server.stop("TERM");
        assert_eq!(status.code(), Some(0));
    }
}

/// Most memory the server may hold while it makes the largest answers it
/// accepts, all asked at once (docs/http.md states it): one large request
/// at a time on two cores, a PNG of at most 50 million pixels.
const PEAK_MEMORY_BOUND_KB: u64 = 1_200_000;

/// The server's peak memory (`VmHWM`), in kB.
fn peak_kb(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).expect("the server's status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM")
}

/// The heaviest requests the server accepts, each made while small
/// requests are answered beside it: its memory stays under the bound, and
/// the refused 600 dpi A3 PNG over 4 x 4 sheets costs nothing.
#[test]
fn the_largest_answers_keep_the_server_under_its_memory_bound() {
    let server = start();
    let addr = server.addr;
    let heaviest = [
        ("/api/universe/board.png?seed=big&dpi=500&paper=a3&players=9", 200),
        ("/api/hexet/board.svg?seed=big&width=200&height=200&tile=4x4&paper=a3", 200),
        ("/api/hexet/board.json?seed=big&width=512&height=512", 200),
        ("/api/universe/board.json?seed=big&resolution=264", 200),
        ("/api/universe/steps?seed=big&resolution=264&every=2", 200),
        ("/api/universe/board.png?seed=big&dpi=600&paper=a3&tile=4x4", 422),
    ];
    for (path, expected) in heaviest {
        let heavy = std::thread::spawn(move || client::get(addr, path).status);
        let small: Vec<_> = (0..4)
            .map(|k| std::thread::spawn(move || client::get(addr, &format!("/api/witches/board.svg?seed=small-{k}")).status))
            .collect();
        for ask in small {
            assert_eq!(ask.join().unwrap(), 200, "a small request beside {path}");
        }
        assert_eq!(heavy.join().unwrap(), expected, "{path}");
    }
    let peak = peak_kb(&server.child);
    server.stop("TERM");
    assert!(peak < PEAK_MEMORY_BOUND_KB, "the server's memory peaked at {peak} kB");
    eprintln!("the server's memory peaked at {peak} kB");
}

/// The words of the witches rules card's `name` line in `svg`, its
/// printed lines joined by `join`.
fn card_line(svg: &str, name: &str, join: &str) -> String {
    let at = svg
        .find(&format!("data-of=\"page\" data-name=\"{name}\""))
        .unwrap_or_else(|| panic!("no {name} line on the card"));
    let group = &svg[at..at + svg[at..].find("</g>").unwrap()];
    let mut texts = Vec::new();
    let mut rest = group;
    while let Some(t) = rest.find("<text") {
        let open = t + rest[t..].find('>').unwrap() + 1;
        let close = open + rest[open..].find("</text>").unwrap();
        texts.push(
            rest[open..close]
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&"),
        );
        rest = &rest[close..];
    }
    texts.join(join)
}

/// `line` split into words as a POSIX shell splits a simple command:
/// single quotes, double quotes and a backslash outside them.
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut in_word) = (Vec::new(), String::new(), false);
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == c {
                        break;
                    }
                    word.push(q);
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The witches rules card says where to brew, and both ways work: its
/// address is `serve`'s default address (as `serve --help` gives it) on the
/// witches page's route, which the server answers with the page, and whose
/// query makes the printed board; the command it prints, seed quotes and
/// all, brews a potion.
#[test]
fn the_witches_card_names_a_page_and_a_command_that_brew_on_its_board() {
    let dir = scratch("card-brew");
    let seed = "night & day";
    let board = ["witches", "--seed", seed, "--preset", "hardest"];
    let out = Command::new(BIN)
        .args(board)
        .args(["--rules-card", "--format", "svg"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = String::from_utf8(out.stdout).unwrap();

    let help = Command::new(BIN).args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let addr = &help[help.find("--addr").expect("serve has --addr")..];
    let default = addr
        .split_once("[default: ")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(d, _)| d)
        .expect("--addr has a default");
    let address = card_line(&svg, "address", "");
    let page = address
        .strip_prefix(&format!("http://{default}"))
        .unwrap_or_else(|| panic!("{address:?} is not on serve's default address {default}"));
    assert!(page.starts_with("/witches?seed=night%20%26%20day&"), "{page}");
    let server = start();
    let served = client::get(server.addr, page);
    assert_eq!(served.status, 200, "{page}");
    assert!(served.header("content-type").is_some_and(|t| t.starts_with("text/html")), "{page}");
    let query = page.split_once('?').unwrap().1;
    let json = client::get(server.addr, &format!("/api/witches/board.json?{query}"));
    assert!(
        json.body == cli(&board, &dir.join("board.json")),
        "the page's query makes another board than the printed one: {query}"
    );
    let (status, _) = server.stop("TERM");
    assert_eq!(status.code(), Some(0));

    let line = card_line(&svg, "command", " ");
    let command = shell_words(&line[line.find("boardwright witches").expect("a command on the card")..]);
    let out = Command::new(BIN).args(&command[1..]).output().unwrap();
    assert!(out.status.success(), "{command:?}: {}", String::from_utf8_lossy(&out.stderr));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(answer.get("undergrown").is_some() && answer.get("won").is_some(), "{answer}");
}
