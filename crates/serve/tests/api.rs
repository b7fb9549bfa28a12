//! The server over HTTP, started in the test on 127.0.0.1 port 0: every
//! endpoint, the limits, and bad input answered 4xx with a JSON message.
//! (The command line's own bytes are compared in the CLI's tests, which run
//! both binaries.)

#[path = "common/client.rs"]
mod client;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::Duration;

use boardwright::hexet::{Hexet, RoadEntry};
use boardwright::params::{self, Params};
use boardwright::starship::Starship;
use boardwright::universe::Universe;
use boardwright::witches::Witches;
use boardwright::{Generator, Logged, Registered, Seed};
use client::Response;
use output::{self, Drawing, Format};
use serde_json::{Value, json};
use serve::{Limits, Running};

fn start(limits: Limits) -> Running {
    Running::start("127.0.0.1:0", limits).expect("the server starts")
}

/// Runs `check` against a server with the default limits, then stops it.
fn with_server(check: impl FnOnce(SocketAddr)) {
    let server = start(Limits::default());
    check(server.addr);
    server.stop().expect("the server stops cleanly");
}

/// Asserts a refusal: `status`, a JSON body with a message, and the
/// parameter named when one is given.
fn assert_refused(r: &Response, status: u16, parameter: Option<&str>, what: &str) {
    assert_eq!(r.status, status, "{what}: {}", r.text());
    assert_eq!(r.header("content-type"), Some("application/json"), "{what}");
    let body = r.json();
    let message = body["error"].as_str().unwrap_or_else(|| panic!("{what}: no error message: {body}"));
    assert!(message.len() > 10, "{what}: {message}");
    if let Some(p) = parameter {
        assert_eq!(body["parameter"], p, "{what}: {body}");
    }
}

/// The bytes the library writes for `G` with `layers`, seed and format:
/// what the server must answer.
fn expected<G: Registered>(layers: &[toml::Table], seed: &str, format: Format, drawing: &Drawing) -> Vec<u8> {
    let mut params: G::Params = params::Params::resolve(layers).unwrap();
    // As the command line does: a universe tiled 2x1 is laid out wide.
    G::fit_to_sheets(&mut params, &drawing.options);
    let result = G::generate_with(&params, &Seed::new(seed), &mut ()).unwrap();
    let mut bytes = Vec::new();
    output::write::<G>(&result, format, drawing, &mut bytes).unwrap();
    bytes
}

fn table(text: &str) -> toml::Table {
    text.parse().unwrap()
}

#[test]
fn generators_lists_every_parameter_and_preset() {
    with_server(|addr| {
        let r = client::get(addr, "/api/generators");
        assert_eq!(r.status, 200);
        let list = r.json();
        let names: Vec<&str> = list.as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["universe", "witches", "starship", "hexet"]);
        // The page's drawing options: the papers (the default first), the
        // most sheets a side, the DPI range.
        let drawing = &list[0]["drawing"];
        let papers: Vec<&str> = drawing["papers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(papers, boardwright::Paper::ALL.map(|p| p.name()));
        assert_eq!(drawing["papers"][1]["label"], "US Letter");
        assert_eq!(drawing["tile_max"], boardwright::Tile::MAX);
        assert_eq!(drawing["dpi"]["max"], *output::DPI_RANGE.end());
        // The page draws hexet's networks in the map's own colours.
        assert_eq!(
            list[3]["player_colours"],
            json!(<boardwright::hexet::Hexet as boardwright::Printed>::PLAYER_COLORS)
        );
        assert!(list[0].get("player_colours").is_none());
        fn check<G: Registered>(entry: &Value) {
            assert_eq!(entry["about"], G::ABOUT);
            let info = <G::Params as Params>::INFO;
            let params = entry["params"].as_array().unwrap();
            assert_eq!(params.len(), info.len());
            let defaults = G::Params::defaults();
            for (p, i) in params.iter().zip(info) {
                assert_eq!(p["name"], i.name);
                assert_eq!(p["doc"], i.doc);
                // A size parameter may say this server's cap after the range.
                let text = p["allowed"]["text"].as_str().unwrap();
                assert!(text.starts_with(&i.allowed.to_string()), "{}: {text}", i.name);
                let default = G::Params::default_value(i.name).map_or(Value::Null, |v| serde_json::to_value(v).unwrap());
                assert_eq!(p["default"], default, "{}", i.name);
                // Where the written defaults hold the parameter, its value there.
                if let Some(written) = defaults.get(i.name) {
                    assert_eq!(p["default"], serde_json::to_value(written).unwrap(), "{}", i.name);
                }
            }
            let presets: Vec<&str> = entry["presets"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["name"].as_str().unwrap())
                .collect();
            let expected: Vec<&str> = <G::Params as Params>::PRESETS.iter().map(|(n, _)| *n).collect();
            assert_eq!(presets, expected);
        }
        check::<Universe>(&list[0]);
        check::<Witches>(&list[1]);
        check::<Starship>(&list[2]);
        check::<Hexet>(&list[3]);
        assert!(list[0]["presets"][0]["about"].as_str().unwrap().len() > 5);
        // Whether the page's PDF asks for a rules card.
        let cards: Vec<bool> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["rules_card"].as_bool().unwrap())
            .collect();
        assert_eq!(cards, [true, true, false, true]);
        // A default left out of a written board (to keep its bytes) is still shown.
        let universe = list[0]["params"].as_array().unwrap();
        let default_of = |name: &str| universe.iter().find(|p| p["name"] == name).unwrap()["default"].clone();
        assert_eq!(default_of("expedition_radius"), serde_json::json!(0.55));
        assert_eq!(default_of("max_tiny_per_node"), serde_json::json!(2));
        assert_eq!(default_of("resolution"), Value::Null);
        assert_eq!(default_of("expansions"), Value::Null);
    });
}

#[test]
fn boards_in_every_format_are_the_library_bytes() {
    with_server(|addr| {
        fn check<G: Registered>(addr: SocketAddr, query: &str, layers: &[toml::Table], drawing: &Drawing) {
            for format in Format::ALL {
                let path = format!("/api/{}/board.{}?seed=Tiamo{query}", G::NAME, format.extension());
                let r = client::get(addr, &path);
                assert_eq!(r.status, 200, "{path}: {}", r.text());
                assert_eq!(r.header("content-type"), Some(format.media_type()), "{path}");
                assert!(
                    r.body == expected::<G>(layers, "Tiamo", format, drawing),
                    "{path}: not the library's bytes"
                );
            }
        }
        let plain = Drawing::default();
        check::<Universe>(addr, "", &[], &plain);
        check::<Witches>(addr, "&players=3", &[table("players = 3")], &plain);
        check::<Starship>(addr, "&width=24&height=30", &[table("width = 24\nheight = 30")], &plain);
        check::<Hexet>(addr, "&players=3", &[table("players = 3")], &plain);
        // A preset, then KEY=VALUE over it, and the drawing options.
        let inky = Drawing {
            options: boardwright::DrawOptions {
                ink_friendly: true,
                ..Default::default()
            },
            dpi: 40.0,
        };
        let layers = [
            <boardwright::universe::Params as params::Params>::preset("classic").unwrap(),
            table("planar = true\noriginal_edges = false"),
        ];
        check::<Universe>(
            addr,
            "&preset=classic&planar=true&original_edges=false&ink_friendly=true&dpi=40",
            &layers,
            &inky,
        );
        // Letter paper, as `--paper letter` draws it.
        let letter = Drawing {
            options: boardwright::DrawOptions {
                paper: boardwright::Paper::Letter,
                ..Default::default()
            },
            dpi: 40.0,
        };
        check::<Witches>(addr, "&paper=letter&dpi=40", &[], &letter);
        // A3 paper over two sheets, as `--paper a3 --tile 2x1` prints it.
        let sheets = Drawing {
            options: boardwright::DrawOptions {
                paper: boardwright::Paper::A3,
                tile: boardwright::Tile { cols: 2, rows: 1 },
                ..Default::default()
            },
            dpi: 40.0,
        };
        check::<Universe>(addr, "&paper=a3&tile=2x1&dpi=40", &[], &sheets);
        // The rules card on A5, as `--paper a5 --rules-card` prints it.
        let card = Drawing {
            options: boardwright::DrawOptions {
                paper: boardwright::Paper::A5,
                rules_card: true,
                ..Default::default()
            },
            dpi: 40.0,
        };
        check::<Universe>(addr, "&paper=a5&rules_card=true&dpi=40", &[], &card);
        // And a witches board's card, with special cells and effects.
        check::<Witches>(
            addr,
            "&paper=a5&preset=hardest&difficulty=3&rules_card=true&dpi=40",
            &[boardwright::witches::Params::preset("hardest").unwrap(), table("difficulty = 3")],
            &card,
        );
        // And a hexet map's card.
        check::<Hexet>(addr, "&paper=a5&rules_card=true&dpi=40", &[], &card);
        // A list parameter given inline, as `--set` takes it.
        let pipeline = r#"[{stage = "shape", min_modules = 2, max_modules = 3, circle_weight = 1.0, rectangle_weight = 1.0, min_size = 0.2, max_size = 0.4, mirror = false}, {stage = "cockpit", w = 3, h = 3}, {stage = "reactor", w = 3, h = 3}]"#;
        let query: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("pipeline", pipeline)
            .finish();
        check::<Starship>(addr, &format!("&{query}"), &[table(&format!("pipeline = {pipeline}"))], &plain);
    });
}

#[test]
fn config_toml_is_the_seed_and_the_resolved_parameters_and_reads_back_to_the_same_board() {
    with_server(|addr| {
        let r = client::get(addr, "/api/universe/config.toml?seed=x&preset=classic&players=6&iterations=20");
        assert_eq!(r.status, 200, "{}", r.text());
        let layers = [
            <boardwright::universe::Params as params::Params>::preset("classic").unwrap(),
            table("players = 6\niterations = 20"),
        ];
        let resolved: boardwright::universe::Params = params::Params::resolve(&layers).unwrap();
        // The seed first, as `--config` reads it; then the parameters.
        let text = r.text();
        let parameters = text.strip_prefix("seed = \"x\"\n").expect("the seed comes first");
        assert_eq!(parameters, params::Params::to_toml(&resolved));
        let back = expected::<Universe>(&[table(parameters)], "x", Format::Json, &Drawing::default());
        let served = client::get(addr, "/api/universe/board.json?seed=x&preset=classic&players=6&iterations=20");
        assert!(served.body == back);
        // Every generator's config, including the starship pipeline, reads back.
        for name in ["witches", "starship", "hexet"] {
            let r = client::get(addr, &format!("/api/{name}/config.toml"));
            assert_eq!(r.status, 200, "{name}: {}", r.text());
            assert!(r.text().parse::<toml::Table>().is_ok(), "{name}");
        }
    });
}

#[test]
fn the_last_snapshot_of_steps_is_the_board() {
    with_server(|addr| {
        // Starship: the tiles after each stage; the last are the ship's.
        let steps = client::get(addr, "/api/starship/steps?seed=Tiamo").json();
        let ship = client::get(addr, "/api/starship/board.json?seed=Tiamo").json();
        let snapshots = steps["snapshots"].as_array().unwrap();
        assert_eq!(snapshots.len(), ship["stages"].as_array().unwrap().len());
        for (snapshot, stage) in snapshots.iter().zip(ship["stages"].as_array().unwrap()) {
            assert_eq!(&snapshot["stage"], stage);
        }
        assert_eq!(snapshots.last().unwrap()["tiles"], ship["tiles"]);
        assert_ne!(snapshots[0]["tiles"], ship["tiles"]);
        // Hexet: the map, which is the board before any road.
        let steps = client::get(addr, "/api/hexet/steps?seed=Tiamo").json();
        let map = client::get(addr, "/api/hexet/board.json?seed=Tiamo").json();
        assert_eq!(steps["snapshots"].as_array().unwrap().last().unwrap(), &map);
        // Universe: the points after every k-th relaxation iteration; the
        // last are the nodes' places.
        for every in [1, 7] {
            let steps = client::get(addr, &format!("/api/universe/steps?seed=Tiamo&iterations=30&every={every}")).json();
            assert_eq!(steps["every"], every);
            assert_eq!(steps["steps"], json!(<Universe as Generator>::STEPS));
            let board = client::get(addr, "/api/universe/board.json?seed=Tiamo&iterations=30").json();
            let snapshots = steps["snapshots"].as_array().unwrap();
            let last = snapshots.last().expect("universe steps have snapshots");
            let points: Vec<[f64; 2]> = serde_json::from_value(last["points"].clone()).unwrap();
            let nodes: Vec<[f64; 2]> = board["nodes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| [n["x"].as_f64().unwrap(), n["y"].as_f64().unwrap()])
                .collect();
            assert_eq!(points, nodes, "every={every}");
            // The jittered grid, every k-th iteration, and the last.
            let iterations: Vec<u64> = snapshots.iter().map(|s| s["iteration"].as_u64().unwrap()).collect();
            let mut wanted: Vec<u64> = (0..=30).filter(|i| i % every == 0).collect();
            if wanted.last() != Some(&30) {
                wanted.push(30);
            }
            assert_eq!(iterations, wanted, "every={every}");
        }
        let witches = client::get(addr, "/api/witches/steps?seed=Tiamo");
        assert_eq!(witches.status, 200);
        assert_eq!(witches.json()["generator"], "witches");
    });
}

/// Every cell of a map by `[q, r]`: (is a lake, river mask).
fn cells(map: &Value) -> BTreeMap<[i64; 2], (bool, u64)> {
    map["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let at = [c["q"].as_i64().unwrap(), c["r"].as_i64().unwrap()];
            (at, (c["terrain"] == "lake", c["rivers"].as_u64().unwrap()))
        })
        .collect()
}

/// Pairs of neighbouring land cells, each with whether a river lies between.
fn land_pairs(map: &Value) -> Vec<([i64; 2], [i64; 2], bool)> {
    let cells = cells(map);
    let directions: Vec<[i64; 2]> = serde_json::from_value(map["directions"].clone()).unwrap();
    let mut pairs = Vec::new();
    for (&[q, r], &(lake, rivers)) in &cells {
        for (side, [dq, dr]) in directions.iter().enumerate().take(3) {
            let to = [q + dq, r + dr];
            if let Some(&(other_lake, _)) = cells.get(&to)
                && !lake
                && !other_lake
            {
                pairs.push(([q, r], to, rivers & (1 << side) != 0));
            }
        }
    }
    pairs
}

fn road(player: u32, from: [i64; 2], to: [i64; 2], kind: &str) -> String {
    json!({"player": player, "from": from, "to": to, "type": kind}).to_string()
}

/// A road log on a large map (four letters a road) replays as on a small one.
#[test]
fn roads_on_a_large_map_play_as_on_a_small_one() {
    with_server(|addr| {
        let map = client::get(addr, "/api/hexet/board.json?seed=wide&width=90&height=60").json();
        let entries: Vec<RoadEntry> = land_pairs(&map)
            .iter()
            .step_by(97)
            .take(6)
            .map(|&(a, b, river)| serde_json::from_str(&road(0, a, b, if river { "bridge" } else { "normal" })).unwrap())
            .collect();
        let params: boardwright::hexet::Params = params::Params::resolve(&[table("width = 90\nheight = 60")]).unwrap();
        let code = boardwright::hexet::Hexet::encode_log(&params, &entries).unwrap();
        assert_eq!(code.len(), 4 * entries.len());
        let replayed = Hexet::generate_logged(&params, &Seed::new("wide"), &entries, &mut ()).unwrap();
        let mut expected = Vec::new();
        output::write::<Hexet>(&replayed, Format::Json, &Drawing::default(), &mut expected).unwrap();
        let r = client::get(addr, &format!("/api/hexet/board.json?seed=wide&width=90&height=60&roads={code}"));
        assert!(r.body == expected, "{}", r.text());
    });
}

#[test]
fn bad_input_is_refused_with_a_json_message_never_a_server_error() {
    with_server(|addr| {
        // GET requests refused with 400 for one parameter: (path, parameter).
        let bad_queries = [
            ("/api/universe/board.json", "seed"),
            ("/api/universe/board.json?seed=a&players=99", "players"),
            ("/api/universe/board.json?seed=a&players=two", "players"),
            ("/api/universe/board.json?seed=a&players=99999999999999999999999", "players"),
            ("/api/universe/board.json?seed=a&colour=red", "colour"),
            ("/api/universe/board.svg?seed=a&preset=modern", "preset"),
            ("/api/universe/board.png?seed=a&dpi=5000", "dpi"),
            ("/api/universe/board.png?seed=a&dpi=NaN", "dpi"),
            ("/api/universe/board.pdf?seed=a&paper=b5", "paper"),
            ("/api/universe/board.pdf?seed=a&tile=5x1", "tile"),
            ("/api/universe/board.pdf?seed=a&tile=big", "tile"),
            ("/api/universe/board.json?seed=a&seed=b", "seed"),
            ("/api/hexet/board.json?seed=a&preset=fast", "preset"),
            ("/api/witches/board.json?seed=a&players=3&players=5", "players"),
            ("/api/universe/board.svg?seed=a&ink_friendly=maybe", "ink_friendly"),
            ("/api/universe/board.pdf?seed=a&rules_card=maybe", "rules_card"),
            ("/api/starship/board.pdf?seed=a&rules_card=true", "rules_card"),
            ("/api/universe/steps?seed=a&every=0", "every"),
            ("/api/universe/board.json?seed=a&clearance=1e308", "clearance"),
            ("/api/universe/board.json?seed=a&node_types=[1,2]", "node_types[0]"),
            ("/api/witches/board.json?seed=a&recipe_length=5", "recipe_length"),
            ("/api/starship/board.json?seed=a&pipeline=[{stage=%22warp%22}]", "pipeline[0].stage"),
            ("/api/starship/board.json?seed=a&width=-1", "width"),
            ("/api/hexet/board.json?seed=a&lake_share=2", "lake_share"),
        ];
        // GET paths there is nothing at, and paths that are not UTF-8 once decoded.
        let not_found = [
            "/api/universe/board.gif?seed=a",
            "/api/universe/board?seed=a",
            "/api",
            "/assets/secret.txt",
            "/assets/..%2f..%2fCargo.toml",
        ];
        let undecodable = ["/api/%FF/board.json?seed=a", "/assets/%FF"];
        // (method, path, body, status, parameter at fault)
        type Case<'a> = (&'a str, &'a str, Option<&'a str>, u16, Option<&'a str>);
        let others: &[Case] = &[
            ("GET", "/api/chess/board.json?seed=a", None, 404, Some("generator")),
            ("DELETE", "/api/generators", None, 405, None),
            ("POST", "/api/hexet/board.json?seed=a", Some("{}"), 405, None),
        ];
        let queries = bad_queries.map(|(path, parameter)| ("GET", path, None, 400, Some(parameter)));
        let missing = not_found.map(|path| ("GET", path, None, 404, None));
        let garbled = undecodable.map(|path| ("GET", path, None, 400, None));
        let cases = [&queries[..], &missing, &garbled, others].concat();
        for (method, path, body, status, parameter) in cases {
            let r = client::request(addr, method, path, body.map(str::as_bytes));
            assert_refused(&r, status, parameter, &format!("{method} {path}"));
        }
        // Odd query strings: refused or answered, never a server error.
        for query in [
            "seed=%FF%FE",
            "seed=a&players=",
            "seed=a&=3",
            "seed=a&players=[",
            "seed=a&players=3&players=4",
            "seed=a&iterations=1",
            "seed=a&max_attempts=1",
            "seed=a&resolution=10&obstacles=100",
            "seed=a&first_game=%22yes%22",
            "seed=a&%00=1",
            &format!("seed={}", "x".repeat(100_000)),
            &format!("seed=a&{}", "players=3&".repeat(5_000)),
            &format!("seed=a&node_types={}", "[".repeat(10_000)),
        ] {
            for file in ["board.json", "board.svg", "config.toml", "steps"] {
                let r = client::get(addr, &format!("/api/universe/{file}?{query}"));
                assert!(r.status < 500, "{file}?{query}: {} {}", r.status, r.text());
            }
        }
    });
}

#[test]
fn a_generation_whose_every_attempt_fails_is_refused_422() {
    with_server(|addr| {
        let layers = [table("width = 22\nheight = 22\nmax_attempts = 1\nsupply_walk = 6")];
        let params: boardwright::starship::Params = params::Params::resolve(&layers).unwrap();
        let mut failed = 0;
        for k in 0..12 {
            let seed = format!("tight-{k}");
            let fails = Starship::generate_with(&params, &Seed::new(&seed), &mut ()).is_err();
            let r = client::get(
                addr,
                &format!("/api/starship/board.json?seed={seed}&width=22&height=22&max_attempts=1&supply_walk=6"),
            );
            if fails {
                failed += 1;
                assert_refused(&r, 422, None, &seed);
                assert!(r.json()["error"].as_str().unwrap().contains("attempt"));
            } else {
                assert_eq!(r.status, 200, "{seed}");
            }
        }
        assert!(failed > 0, "no seed failed: pick a tighter setting for this test");
    });
}

/// No route reads a body: one announced over 1 MiB is refused 413 before
/// it is read, whatever the address; one sent in chunks with no length is
/// refused unread.
#[test]
fn bodies_over_one_mebibyte_are_refused_413() {
    with_server(|addr| {
        let big = "x".repeat(serve::MAX_BODY + 1);
        assert_refused(&client::post(addr, "/api/hexet/board.json?seed=a", &big), 413, None, "large body");
        let head = format!(
            "GET /api/hexet/board.json?seed=a HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 5000000000\r\nConnection: close\r\n\r\n{{"
        );
        assert_refused(&client::raw(addr, head.as_bytes()), 413, None, "announced large body");
        let chunk = "a".repeat(1 << 16);
        let mut chunked = format!(
            "POST /api/hexet/board.json?seed=a HTTP/1.1\r\nHost: {addr}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        );
        for _ in 0..20 {
            chunked.push_str(&format!("{:x}\r\n{chunk}\r\n", chunk.len()));
        }
        chunked.push_str("0\r\n\r\n");
        assert_refused(&client::raw(addr, chunked.as_bytes()), 405, None, "chunked large body");
    });
}

#[test]
fn work_above_the_size_caps_is_refused_422_naming_the_cap() {
    with_server(|addr| {
        let r = client::get(addr, "/api/universe/board.json?seed=a&resolution=300");
        assert_refused(&r, 422, Some("resolution"), "universe");
        assert!(r.json()["error"].as_str().unwrap().contains("at most 50000 nodes"));
        // The caps are on the work, the area of a grid: a side may be long
        // when the other is short.
        assert_eq!(client::get(addr, "/api/starship/board.json?seed=a&width=300&height=24").status, 200);
        for (path, parameter, cap) in [
            ("/api/hexet/board.json?seed=a&width=4000&height=100", "width", "262144 cells"),
            ("/api/hexet/steps?seed=a&height=3000&width=100", "width", "262144 cells"),
            ("/api/starship/board.svg?seed=a&width=512", "width", "16384 tiles"),
            ("/api/starship/board.json?seed=a&height=512", "height", "16384 tiles"),
        ] {
            let r = client::get(addr, path);
            assert_refused(&r, 422, Some(parameter), path);
            assert!(r.json()["error"].as_str().unwrap().contains(&format!("at most {cap}")), "{path}");
        }
        // Steps hold at most so many values: a board near the node cap asks for a larger `every`.
        let r = client::get(addr, "/api/universe/steps?seed=a&resolution=250&iterations=1000");
        assert_refused(&r, 422, Some("every"), "steps");
    });
}

/// A request that keeps a generation slot busy for a while: a universe
/// board just under the node cap.
const SLOW: &str = "/api/universe/board.json?seed=slow&resolution=264";

/// Waits until a request for a board not asked before is answered 503 while
/// `slow` holds the only generation slot; answers that 503.
fn busy_answer(addr: SocketAddr, slow: &std::thread::JoinHandle<Response>) -> Response {
    for k in 0.. {
        assert!(!slow.is_finished(), "no request was refused while the only slot was taken");
        let r = client::get(addr, &format!("/api/witches/board.json?seed=quick-{k}"));
        if r.status == 503 {
            return r;
        }
        assert_eq!(r.status, 200, "{}", r.text());
    }
    unreachable!()
}

#[test]
fn past_the_concurrency_limit_requests_wait_then_get_503_with_retry_after() {
    let server = start(Limits {
        jobs: 1,
        queue_wait: Duration::from_millis(30),
        ..Limits::default()
    });
    let addr = server.addr;
    let seen = client::get(addr, "/api/witches/board.svg?seed=seen");
    assert_eq!(seen.status, 200);
    let slow = std::thread::spawn(move || client::get(addr, SLOW));
    let busy = busy_answer(addr, &slow);
    assert_refused(&busy, 503, None, "busy");
    let retry: u32 = busy.header("retry-after").expect("Retry-After").parse().unwrap();
    assert!(retry >= 1);
    // A board asked for before is answered from memory, slot or no slot.
    let again = client::get(addr, "/api/witches/board.svg?seed=seen");
    assert!(!slow.is_finished(), "the slot was still taken");
    assert_eq!(again.status, 200);
    assert!(again.body == seen.body);
    assert_eq!(again.header("content-type"), Some("image/svg+xml"));
    assert_eq!(slow.join().unwrap().status, 200);
    // The slot is free again.
    assert_eq!(client::get(addr, "/api/witches/board.json?seed=quick").status, 200);
    server.stop().unwrap();
}

#[test]
fn without_a_cache_every_answer_needs_a_slot() {
    let server = start(Limits {
        jobs: 1,
        queue_wait: Duration::from_millis(30),
        cache_bytes: 0,
        ..Limits::default()
    });
    let addr = server.addr;
    assert_eq!(client::get(addr, "/api/witches/board.svg?seed=seen").status, 200);
    let slow = std::thread::spawn(move || client::get(addr, SLOW));
    busy_answer(addr, &slow);
    let again = client::get(addr, "/api/witches/board.svg?seed=seen");
    assert!(!slow.is_finished(), "the slot was still taken");
    assert_refused(&again, 503, None, "nothing kept");
    assert_eq!(slow.join().unwrap().status, 200);
    server.stop().unwrap();
}

#[test]
fn stopping_lets_the_request_in_flight_finish() {
    let server = start(Limits::default());
    let addr = server.addr;
    // Games that take seconds: well under way when the stop comes, however
    // busy the machine is with other tests.
    let slow = std::thread::spawn(move || client::get(addr, "/api/universe/play?seed=slow&games=2000"));
    std::thread::sleep(Duration::from_millis(800));
    server.stop().expect("a clean stop");
    let answer = slow.join().unwrap();
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(std::net::TcpStream::connect(addr).is_err(), "still accepting after stop");
}
#[test]
fn pages_and_assets_are_served_from_the_binary() {
    with_server(|addr| {
        let index = client::get(addr, "/");
        assert_eq!(index.status, 200);
        assert!(index.header("content-type").unwrap().starts_with("text/html"));
        for page in ["universe", "witches", "starship", "hexet"] {
            assert!(index.text().contains(&format!("href=\"/{page}\"")), "{page}");
            let r = client::get(addr, &format!("/{page}?seed=Tiamo"));
            assert_eq!(r.status, 200, "{page}");
            assert!(r.text().contains("<script type=\"module\""), "{page}");
        }
        for (asset, kind) in [
            ("style.css", "text/css"),
            ("app.js", "text/javascript"),
            ("home.js", "text/javascript"),
            ("form.js", "text/javascript"),
            ("toml.js", "text/javascript"),
            ("universe.js", "text/javascript"),
            ("starship.js", "text/javascript"),
            ("hexet.js", "text/javascript"),
            ("DejaVuSans.ttf", "font/ttf"),
        ] {
            let r = client::get(addr, &format!("/assets/{asset}"));
            assert_eq!(r.status, 200, "{asset}");
            assert!(r.header("content-type").unwrap().starts_with(kind), "{asset}");
            assert!(r.body.len() > 100, "{asset} is empty");
        }
        // Every module an HTML page or module imports is served; a
        // generator's module uses the API client, never the page that loads it.
        for file in [
            "app.js",
            "api.js",
            "svg.js",
            "zoom.js",
            "universe.js",
            "starship.js",
            "hexet.js",
            "witches.js",
            "form.js",
        ] {
            let text = client::get(addr, &format!("/assets/{file}")).text();
            assert!(!text.contains("from \"./app.js\""), "{file} imports the page");
            for import in text.lines().filter_map(|l| l.split("from \"./").nth(1)) {
                let name = import.split('"').next().unwrap();
                assert_eq!(client::get(addr, &format!("/assets/{name}")).status, 200, "{file} imports {name}");
            }
        }
    });
}

#[test]
fn an_empty_preset_is_no_preset() {
    with_server(|addr| {
        let none = client::get(addr, "/api/witches/board.json?seed=a");
        let empty = client::get(addr, "/api/witches/board.json?seed=a&preset=");
        assert_eq!((none.status, empty.status), (200, 200));
        assert_eq!(none.text(), empty.text());
    });
}

/// Board answers are pure functions of their address: each carries an
/// `ETag` and `Cache-Control: public, max-age=86400`; asking again with the
/// tag in `If-None-Match` gets 304 with no body; the same request written
/// another way (pairs reordered, a default given) has the same tag, another
/// request another tag; refusals carry no tag.
#[test]
fn answers_carry_an_etag_and_repeats_get_304() {
    with_server(|addr| {
        for file in ["board.json", "board.svg", "board.png", "board.pdf", "config.toml", "steps"] {
            let path = format!("/api/witches/{file}?seed=etag&players=3&dpi=40");
            let first = client::get(addr, &path);
            assert_eq!(first.status, 200, "{path}: {}", first.text());
            let tag = first.header("etag").unwrap_or_else(|| panic!("{path}: no ETag")).to_string();
            assert!(tag.starts_with('"') && tag.ends_with('"'), "{tag}");
            assert_eq!(first.header("cache-control"), Some("public, max-age=86400"), "{path}");
            let again = client::get_if_none_match(addr, &path, &tag);
            assert_eq!(again.status, 304, "{path}");
            assert!(again.body.is_empty(), "{path}: a 304 with a body");
            assert_eq!(again.header("etag"), Some(tag.as_str()));
            let weak = client::get_if_none_match(addr, &path, &format!("\"stale\", W/{tag}"));
            assert_eq!(weak.status, 304, "{path}");
            // The same request, written another way.
            let same = format!("/api/witches/{file}?dpi=40&players=3&seed=etag&fair_placement=true");
            assert_eq!(client::get(addr, &same).header("etag"), Some(tag.as_str()), "{same}");
            // Another request.
            let other = client::get(addr, &format!("/api/witches/{file}?seed=etag&players=4&dpi=40"));
            assert_ne!(other.header("etag"), Some(tag.as_str()), "{file}");
            let stale = client::get_if_none_match(addr, &format!("/api/witches/{file}?seed=other&players=3&dpi=40"), &tag);
            assert_eq!(stale.status, 200, "{file}: a stale tag answered 304");
        }
        let refused = client::get(addr, "/api/witches/board.json?seed=etag&players=99");
        assert_eq!(refused.status, 400);
        assert_eq!(refused.header("etag"), None);
    });
}

/// A board this server makes but does not draw (past the drawing limit) is
/// served as JSON; its drawing is refused naming the size parameter, so the
/// page shows why beside that control.
#[test]
fn a_board_too_large_to_draw_names_its_size_parameter() {
    with_server(|addr| {
        let r = client::get(addr, "/api/universe/board.json?seed=big&resolution=200");
        assert_eq!(r.status, 200, "{}", r.text());
        let r = client::get(addr, "/api/universe/board.svg?seed=big&resolution=200");
        assert_refused(&r, 422, Some("resolution"), "a drawing past the limit");
        // The resolution, which sets the size, not the players, which it overrides.
        let r = client::get(addr, "/api/universe/board.svg?seed=big&players=2&resolution=200");
        assert_refused(&r, 422, Some("resolution"), "a drawing past the limit, players given too");
    });
}

/// A board whose marks would be too small on the paper asked for is
/// refused naming its size parameter, why in words that name no command,
/// and the papers and sheets that do print it; `fit.json` says the largest
/// size that prints there, and that size prints while the next larger
/// sizes, as far as the search went, do not all print.
#[test]
fn a_board_too_small_to_read_names_what_prints_it_and_fit_says_how_large_prints() {
    with_server(|addr| {
        let r = client::get(addr, "/api/universe/board.svg?seed=Kiwi3&players=2&resolution=40");
        assert_refused(&r, 422, Some("resolution"), "marks too small on A4");
        let body = r.json();
        let why = body["why"].as_str().unwrap();
        assert!(
            why.contains("mm across") && !why.contains(".json") && body["error"].as_str().unwrap().starts_with(why),
            "{body}"
        );
        let sheets = body["prints_on"].as_array().unwrap();
        assert!(!sheets.is_empty(), "{body}");
        for s in sheets {
            let path = format!(
                "/api/universe/board.svg?seed=Kiwi3&players=2&resolution=40&paper={}&tile={}",
                s["paper"].as_str().unwrap(),
                s["tile"].as_str().unwrap()
            );
            assert_eq!(client::get(addr, &path).status, 200, "{path}");
        }
        for (paper, tile) in [("a4", "1x1"), ("a3", "1x1"), ("a4", "2x2")] {
            let query = format!("seed=Kiwi3&players=2&paper={paper}&tile={tile}");
            let r = client::get(addr, &format!("/api/universe/fit.json?{query}"));
            assert_eq!(r.status, 200, "{}", r.text());
            let fit = r.json();
            assert_eq!(
                (fit["parameter"].as_str(), fit["value"].as_i64()),
                (Some("resolution"), None),
                "{fit}"
            );
            let prints = fit["prints"].as_i64().unwrap();
            let served = fit["served"].as_i64().unwrap();
            assert!(prints < served, "{query}: {fit}");
            let at = |v: i64| client::get(addr, &format!("/api/universe/board.svg?{query}&resolution={v}")).status;
            assert_eq!(at(prints), 200, "{query}: resolution {prints}");
            assert!(
                (prints + 1..=prints + 3).any(|v| at(v) == 422),
                "{query}: sizes past {prints} all print"
            );
        }
        // A size too large to draw at all: none of the sheets, and a fit from it.
        let r = client::get(addr, "/api/hexet/board.svg?seed=a&width=500&height=100");
        assert_refused(&r, 422, Some("width"), "a map past the drawing cap");
        assert_eq!(r.json()["prints_on"], json!([]));
        let fit = client::get(addr, "/api/hexet/fit.json?seed=a&width=500&height=100").json();
        assert_eq!(
            fit,
            json!({ "parameter": "width", "value": 500, "prints": 400, "below": null, "served": 2621 })
        );
        let r = client::get(addr, "/api/witches/fit.json?seed=a");
        assert_refused(&r, 422, None, "no size to fit");
    });
}

/// The steps and drawn snapshots of a hexet address read its road code as
/// the board does: a bad code is refused naming `roads`; a generator that
/// records no snapshots says so.
#[test]
fn steps_read_the_road_code_and_say_when_there_are_no_snapshots() {
    with_server(|addr| {
        for file in ["steps", "snapshot-0.svg"] {
            let r = client::get(addr, &format!("/api/hexet/{file}?seed=code&roads=!!"));
            assert_refused(&r, 400, Some("roads"), file);
        }
        let r = client::get(addr, "/api/hexet/steps?seed=code&roads=");
        assert_eq!(r.status, 200, "{}", r.text());
        let r = client::get(addr, "/api/witches/snapshot-0.svg?seed=code");
        assert_refused(&r, 404, None, "witches snapshot");
        assert!(r.text().contains("records no snapshots"), "{}", r.text());
    });
}

/// A hexet board's address may carry its road log as a code (`roads=`):
/// the answer is the map with the log replayed, as the library makes it; a
/// bad code is refused naming `roads` and the road at fault; a code past
/// the limit is refused before any work, and a long valid log is answered
/// in bounded time; a generator without a log knows no `roads`.
#[test]
fn a_hexet_address_carries_its_road_log() {
    with_server(|addr| {
        let params = boardwright::hexet::Params::default();
        let mut game = boardwright::hexet::Game::new(&params, &Seed::new("code")).unwrap();
        let mut log = Vec::new();
        for column in 0..params.width as i32 {
            let from = boardwright::hexet::Hex::from_offset(column, 3);
            let entry = RoadEntry::new(
                column as u32 % 2,
                from,
                from.neighbor(boardwright::hexet::HexSide::ALL[0]),
                boardwright::hexet::RoadType::Normal,
                boardwright::hexet::Action::Add,
            );
            if game.apply(&entry).is_ok() {
                log.push(entry);
            }
        }
        assert!(log.len() > 5);
        let code = boardwright::hexet::Hexet::encode_log(&params, &log).unwrap();
        let r = client::get(addr, &format!("/api/hexet/board.json?seed=code&roads={code}"));
        assert_eq!(r.status, 200, "{}", r.text());
        let expected = Hexet::generate_logged(&params, &Seed::new("code"), &log, &mut ()).unwrap();
        let mut bytes = Vec::new();
        output::write::<Hexet>(&expected, Format::Json, &Drawing::default(), &mut bytes).unwrap();
        assert!(r.body == bytes, "the answer is not the replay of the code's log");
        assert_eq!(r.json()["roads"].as_array().unwrap().len(), log.len());
        for (query, words) in [("roads=AAAA", "cut short"), ("roads=AA!", "not a letter"), ("roads=___", "no road")] {
            let r = client::get(addr, &format!("/api/hexet/board.json?seed=code&{query}"));
            assert_refused(&r, 400, Some("roads"), query);
            assert!(r.text().contains(words) && r.text().contains("entry"), "{query}: {}", r.text());
        }
        // The same road twice: refused by the replay, naming the entry.
        let twice = format!("{code}{}", &code[..3]);
        let r = client::get(addr, &format!("/api/hexet/board.json?seed=code&roads={twice}"));
        assert!(
            r.status == 422 && r.text().contains(&format!("entry {}", log.len() + 1)),
            "{}",
            r.text()
        );
        let long = "A".repeat(60_003);
        let start = std::time::Instant::now();
        let r = client::get(addr, &format!("/api/hexet/board.json?seed=code&roads={long}"));
        assert!(r.status == 400 || r.status == 414, "{}", r.status);
        // Toggling one road 9,000 times: the longest log the limit lets
        // through on this map, answered, and in bounded time.
        let toggle = boardwright::hexet::Hexet::encode_log(&params, &log[..1]).unwrap();
        let removal = RoadEntry {
            action: boardwright::hexet::Action::Remove,
            ..log[0].clone()
        };
        let undo = boardwright::hexet::Hexet::encode_log(&params, &[removal]).unwrap();
        let hostile = format!("{toggle}{undo}").repeat(9_000);
        let r = client::get(addr, &format!("/api/hexet/board.json?seed=code&roads={hostile}"));
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(start.elapsed() < Duration::from_secs(60), "{:?}", start.elapsed());
        let r = client::get(addr, "/api/universe/board.json?seed=code&roads=AAA");
        assert_refused(&r, 400, Some("roads"), "universe roads");
    });
}

/// The listing's range of a size parameter is what this server makes: the
/// largest value it shows is not refused for its size, one more is.
#[test]
fn the_listing_shows_the_sizes_this_server_makes() {
    with_server(|addr| {
        let list = client::get(addr, "/api/generators").json();
        let mut capped = Vec::new();
        for generator in list.as_array().unwrap() {
            for p in generator["params"].as_array().unwrap() {
                let text = p["allowed"]["text"].as_str().unwrap();
                if let Some(most) = text.split("this server makes boards up to ").nth(1) {
                    let most: u64 = most.parse().unwrap();
                    assert_eq!(p["allowed"]["max"], most, "{text}");
                    capped.push((
                        generator["name"].as_str().unwrap().to_string(),
                        p["name"].as_str().unwrap().to_string(),
                        most,
                    ));
                }
            }
        }
        let names: Vec<String> = capped.iter().map(|(g, p, _)| format!("{g}/{p}")).collect();
        assert_eq!(
            names,
            ["universe/resolution", "universe/fair_play", "starship/width", "starship/height"]
        );
        for (generator, name, most) in capped {
            // Made, or refused for another reason than its size (a long,
            // thin starship may not find a layout).
            let at = client::get(addr, &format!("/api/{generator}/board.json?seed=cap&{name}={most}"));
            assert!(
                at.status == 200 || (at.status == 422 && !at.text().contains("this server makes")),
                "{generator} {name}={most}: {}",
                at.text()
            );
            let past = client::get(addr, &format!("/api/{generator}/board.json?seed=cap&{name}={}", most + 1));
            assert_refused(&past, 422, Some(&name), &format!("{generator} {name}={}", most + 1));
        }
    });
}

/// A page address that misses is never a raw JSON error: a generator's
/// name written another way is sent on to its page with the query kept,
/// anything else gets the home page (status 404, HTML) with every
/// generator's link and a notice naming the address, its markup escaped.
#[test]
fn near_misses_reach_the_pages() {
    with_server(|addr| {
        for (path, to) in [
            ("/universe/", "/universe"),
            ("/Universe?seed=a&players=5", "/universe?seed=a&players=5"),
            ("/HEXET/?seed=b", "/hexet?seed=b"),
            ("//witches//", "/witches"),
        ] {
            let r = client::get(addr, path);
            assert_eq!(r.status, 308, "{path}");
            assert_eq!(r.header("location"), Some(to), "{path}");
        }
        for path in ["/nowhere", "/universe/extra", "/%FF", "/universe.html"] {
            let r = client::get(addr, path);
            assert_eq!(r.status, 404, "{path}");
            assert!(r.header("content-type").unwrap().starts_with("text/html"), "{path}");
            for generator in boardwright::GENERATORS {
                assert!(
                    r.text().contains(&format!("href=\"/{generator}\"")),
                    "{path}: no link to {generator}"
                );
            }
            assert!(r.text().contains(&format!("There is no page at <code>{path}</code>")), "{path}");
        }
        let r = client::get(addr, "/x&y'z");
        assert_eq!(r.status, 404);
        assert!(r.text().contains("no page at <code>/x&amp;y&apos;z</code>"), "{}", r.text());
        // The front page itself has no notice.
        assert!(!client::get(addr, "/").text().contains("no-such-page"));
    });
}

/// Each preset in the listing names the parameters it sets (its table's
/// keys), so that choosing it changes only those.
#[test]
fn presets_name_the_parameters_they_set() {
    with_server(|addr| {
        let list = client::get(addr, "/api/generators").json();
        fn check<G: Registered>(entry: &Value) {
            for (p, (name, text)) in entry["presets"].as_array().unwrap().iter().zip(<G::Params as Params>::PRESETS) {
                let sets: Vec<&str> = p["sets"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
                let preset = table(text);
                let keys: Vec<&str> = preset.keys().map(String::as_str).collect();
                assert!(!sets.is_empty(), "{name}");
                assert_eq!(sets, keys, "{name}");
            }
        }
        check::<Universe>(&list[0]);
        check::<Witches>(&list[1]);
        check::<Starship>(&list[2]);
        check::<Hexet>(&list[3]);
        let classic = &list[0]["presets"][0];
        assert!(classic["sets"].as_array().unwrap().iter().any(|s| s == "planar"), "{classic}");
        assert!(!classic["sets"].as_array().unwrap().iter().any(|s| s == "players"), "{classic}");
    });
}

/// The listing carries each generator's fairness targets (figure, check in
/// words, the metric named), so that the page shows those figures first.
#[test]
fn the_listing_names_each_fairness_target() {
    with_server(|addr| {
        let list = client::get(addr, "/api/generators").json();
        fn check<G: Registered>(entry: &Value) {
            let targets = entry["fairness"].as_array().unwrap();
            assert_eq!(targets.len(), G::FAIRNESS.len(), "{}", G::NAME);
            for (t, target) in targets.iter().zip(G::FAIRNESS) {
                assert_eq!(t["figure"], target.figure);
                assert_eq!(t["check"], target.check.to_string());
                assert_eq!(t["metric"], target.check.metric());
            }
        }
        check::<Universe>(&list[0]);
        check::<Witches>(&list[1]);
        check::<Starship>(&list[2]);
        check::<Hexet>(&list[3]);
    });
}

/// A starship snapshot is drawn by the server as the board is: after the
/// last stage it is `board.svg` byte for byte (in colour and ink-friendly),
/// after the first it is the bare hull in the same frame; each is tagged
/// and kept like any answer. A snapshot that is not there, or of a
/// generator that does not draw its snapshots, is not found.
#[test]
fn starship_snapshots_are_drawn_as_the_board_is() {
    with_server(|addr| {
        let snapshots = client::get(addr, "/api/starship/steps?seed=Tiamo").json()["snapshots"]
            .as_array()
            .unwrap()
            .len();
        for query in ["seed=Tiamo", "seed=Tiamo&ink_friendly=true"] {
            let board = client::get(addr, &format!("/api/starship/board.svg?{query}"));
            let path = format!("/api/starship/snapshot-{}.svg?{query}", snapshots - 1);
            let last = client::get(addr, &path);
            assert_eq!(last.status, 200, "{path}: {}", last.text());
            assert_eq!(last.header("content-type"), board.header("content-type"), "{path}");
            assert!(last.body == board.body, "{path}: not the finished drawing");
            let tag = last.header("etag").unwrap_or_else(|| panic!("{path}: no ETag")).to_string();
            assert_eq!(client::get_if_none_match(addr, &path, &tag).status, 304, "{path}");
        }
        let first = client::get(addr, "/api/starship/snapshot-0.svg?seed=Tiamo").text();
        assert!(first.contains(r#"class="tile""#), "the hull's tiles are drawn");
        assert!(!first.contains(r#"class="part""#), "no part after the first stage");
        let r = client::get(addr, &format!("/api/starship/snapshot-{snapshots}.svg?seed=Tiamo"));
        assert_refused(&r, 404, None, "a snapshot past the last");
        let r = client::get(addr, "/api/witches/snapshot-0.svg?seed=Tiamo");
        assert_refused(&r, 404, None, "witches do not draw snapshots");
        let r = client::get(
            addr,
            "/api/starship/snapshot-0.svg?seed=a&pipeline=[{stage=%22shape%22,max_modules=0}]",
        );
        assert_refused(&r, 400, Some("pipeline[0] (shape).max_modules"), "a bad stage setting");
    });
}

/// `POST /api/witches/potion` answers what the library's recipe answers;
/// the clue and the reveal are the library's too; bad potions and bodies
/// are refused 4xx with the usual error body.
#[test]
fn witches_potion_clue_and_reveal() {
    use boardwright::witches::puzzle::{Potion, Recipe};
    with_server(|addr| {
        let params = boardwright::witches::Params {
            difficulty: 3,
            ..Default::default()
        };
        let recipe = Recipe::new(&params, &Seed::new("Tiamo")).unwrap();
        let body = json!({
            "seed": "Tiamo",
            "params": {"difficulty": 3},
            "potion": [{"ingredient": "Sage", "seeds": 2}, {"ingredient": "mint", "seeds": 1}, {"ingredient": "Chives"}]
        });
        let r = client::post(addr, "/api/witches/potion", &body.to_string());
        assert_eq!(r.status, 200, "{}", r.text());
        let expected = recipe.brew(&Potion::parse("Sage:2,Mint:1,Chives", 10).unwrap()).unwrap();
        assert_eq!(r.json(), serde_json::to_value(&expected).unwrap());
        assert_eq!(client::post(addr, "/api/witches/potion", &body.to_string()).text(), r.text());
        // The revealed solution wins; a preset may be named.
        let reveal = client::get(addr, "/api/witches/reveal?seed=Tiamo&difficulty=3");
        assert_eq!(reveal.status, 200);
        assert_eq!(reveal.json(), serde_json::to_value(recipe.reveal()).unwrap());
        let solution = json!({"seed": "Tiamo", "params": {"difficulty": 3}, "potion": reveal.json()["solution"]});
        let won = client::post(addr, "/api/witches/potion", &solution.to_string());
        assert_eq!(won.json()["won"], true, "{}", won.text());
        let clue = client::get(addr, "/api/witches/clue?seed=Tiamo&difficulty=3");
        assert_eq!(clue.status, 200);
        assert_eq!(clue.json()["clue"], recipe.clue());
        assert_eq!(clue.json()["recipe_length"], 4);
        assert_eq!(clue.json()["max_seeds"], boardwright::witches::puzzle::Potion::MAX_SEEDS);
        assert!(clue.json()["rules"].as_array().unwrap().len() >= 10);
        let hardest = json!({"seed": "Tiamo", "preset": "hardest", "potion": [{"ingredient": "Sage"}]});
        assert_eq!(client::post(addr, "/api/witches/potion", &hardest.to_string()).status, 200);
        // An ingredient may go in twice, as in the original.
        let twice = json!({"seed": "Tiamo", "potion": [{"ingredient": "Sage"}, {"ingredient": "sage", "seeds": 3}]});
        assert_eq!(client::post(addr, "/api/witches/potion", &twice.to_string()).status, 200);
        // A null value keeps the default: the same answer as without it.
        let with_null = json!({"seed": "Tiamo", "params": {"difficulty": 3, "players": null}, "potion": body["potion"]});
        assert_eq!(client::post(addr, "/api/witches/potion", &with_null.to_string()).text(), r.text());

        for (body, parameter, what) in [
            (
                json!({"seed": "T", "potion": [{"ingredient": "Nettle"}]}).to_string(),
                Some("potion"),
                "\"Nettle\" is not in play on this board; its 6 ingredients are Parsley, Sage, Chives, Rosemary, Oregano, Mint",
            ),
            (json!({"seed": "T", "potion": []}).to_string(), Some("potion"), "no ingredients"),
            (
                json!({"seed": "T", "potion": [{"ingredient": "Sage", "seeds": -1}]}).to_string(),
                Some("potion"),
                "negative",
            ),
            (
                json!({"seed": "T", "potion": [{"ingredient": "Sage", "seeds": "two"}]}).to_string(),
                Some("potion"),
                "not a whole number",
            ),
            (
                json!({"seed": "T", "potion": [{"ingredient": "Sage", "seeds": 2.5}]}).to_string(),
                Some("potion"),
                "not a whole number",
            ),
            (
                json!({"seed": "T", "potion": [{"ingredient": "Sage", "seeds": 10}]}).to_string(),
                Some("potion"),
                "too many",
            ),
            (
                json!({"seed": "T", "potion": vec![json!({"ingredient": "Sage"}); 7]}).to_string(),
                Some("potion"),
                "at most 6",
            ),
            (
                json!({"seed": "T", "params": {"difficulty": 9}, "potion": [{"ingredient": "Sage"}]}).to_string(),
                Some("difficulty"),
                "1 to 3",
            ),
            (
                json!({"seed": "T", "params": {"cauldrons": 1}, "potion": [{"ingredient": "Sage"}]}).to_string(),
                Some("cauldrons"),
                "unknown parameter",
            ),
            (
                json!({"seed": "T", "preset": "nope", "potion": [{"ingredient": "Sage"}]}).to_string(),
                Some("preset"),
                "preset",
            ),
            (
                json!({"seed": "T", "params": {"players": [null]}, "potion": [{"ingredient": "Sage"}]}).to_string(),
                Some("players"),
                "no null inside",
            ),
            (
                json!({"seed": "T", "params": {"colour": null}, "potion": [{"ingredient": "Sage"}]}).to_string(),
                Some("colour"),
                "unknown parameter",
            ),
            (
                json!({"seed": 5, "potion": [{"ingredient": "Sage"}]}).to_string(),
                None,
                "not a potion request",
            ),
            (
                json!({"potion": [{"ingredient": "Sage"}]}).to_string(),
                None,
                "missing field `seed`",
            ),
            ("garbage{".to_string(), None, "not a potion request"),
            (
                json!({"seed": "x".repeat(2000), "potion": [{"ingredient": "Sage"}]}).to_string(),
                Some("seed"),
                "at most 1000",
            ),
        ] {
            let r = client::post(addr, "/api/witches/potion", &body);
            assert_refused(&r, 400, parameter, what);
            assert!(r.json()["error"].as_str().unwrap().contains(what), "{what}: {}", r.text());
        }
        let big = json!({"seed": "T", "potion": [{"ingredient": "x".repeat(serve::MAX_POTION_BODY)}]}).to_string();
        assert_refused(&client::post(addr, "/api/witches/potion", &big), 413, None, "a large body");
        assert_refused(&client::get(addr, "/api/witches/potion"), 405, None, "GET on the potion route");
        assert_refused(
            &client::get(addr, "/api/witches/reveal"),
            400,
            Some("seed"),
            "a reveal without a seed",
        );
        assert_refused(
            &client::get(addr, "/api/witches/clue?seed=T&difficulty=0"),
            400,
            Some("difficulty"),
            "a bad difficulty",
        );
        // The board routes are unchanged beside them.
        assert_eq!(client::get(addr, "/api/witches/board.json?seed=Tiamo").status, 200);
    });
}

/// `/api/hexet/roads` writes a road log as the code a board's address
/// holds and reads it back, as the library's road code does; the code it
/// writes replays on the board route; bad logs and codes are refused by
/// the entry at fault.
#[test]
fn hexet_road_log_and_code() {
    use boardwright::hexet::{Action, Hex, Hexet, RoadType};
    with_server(|addr| {
        let params = boardwright::hexet::Params {
            width: 16,
            height: 12,
            ..Default::default()
        };
        let log = vec![
            RoadEntry::new(0, Hex::new(2, 1), Hex::new(3, 1), RoadType::Normal, Action::Add),
            RoadEntry::new(1, Hex::new(4, 0), Hex::new(4, 1), RoadType::Normal, Action::Add),
            RoadEntry::new(0, Hex::new(2, 1), Hex::new(3, 1), RoadType::Normal, Action::Remove),
        ];
        let code = Hexet::encode_log(&params, &log).unwrap();
        let body = json!({"params": {"width": 16, "height": 12}, "log": log});
        let written = client::post(addr, "/api/hexet/roads", &body.to_string());
        assert_eq!(written.status, 200, "{}", written.text());
        assert_eq!(written.json()["code"], code);
        assert_eq!(written.json()["log"], serde_json::to_value(&log).unwrap());
        let read = client::get(addr, &format!("/api/hexet/roads?width=16&height=12&roads={code}"));
        assert_eq!(read.status, 200, "{}", read.text());
        assert_eq!(read.json(), written.json());
        // The board the code names is the board the log makes.
        let board = client::get(addr, &format!("/api/hexet/board.json?seed=T&width=16&height=12&roads={code}"));
        let expected = Hexet::generate_logged(&params, &Seed::new("T"), &log, &mut ()).unwrap();
        assert_eq!(board.json()["roads"], serde_json::to_value(&expected.roads).unwrap());
        // Defaults fill what an entry leaves out; an empty log is the empty code.
        let short = json!({"log": [{"player": 2, "from": [0, 0], "to": [1, 0]}]});
        let r = client::post(addr, "/api/hexet/roads", &short.to_string());
        assert_eq!(r.json()["log"][0]["type"], "normal", "{}", r.text());
        assert_eq!(r.json()["log"][0]["action"], "add");
        assert_eq!(client::post(addr, "/api/hexet/roads", r#"{"log": []}"#).json()["code"], "");

        for (body, parameter, what) in [
            (json!({"log": {"player": 0}}), Some("log"), "a list of roads"),
            (
                json!({"log": [{"player": 0, "from": [0, 0], "to": [1, 0]}, {"player": 0, "from": [0, 0]}]}),
                Some("log"),
                "entry 2: missing field `to`",
            ),
            (
                json!({"log": [{"player": 0, "from": [0, 0], "to": [1, 0], "colour": 1}]}),
                Some("log"),
                "entry 1: unknown field `colour`",
            ),
            (
                json!({"log": [{"player": 0, "from": [0, 0], "to": [0, 0], "type": "tunnel"}]}),
                Some("log"),
                "entry 1: unknown variant `tunnel`",
            ),
            (
                json!({"log": [{"player": 0, "from": [0, 0], "to": [3, 0]}]}),
                Some("log"),
                "entry 1: cells",
            ),
            (
                json!({"log": [{"player": 0, "from": [-5, 0], "to": [-4, 0]}]}),
                Some("log"),
                "off the map",
            ),
            (
                json!({"log": [{"player": 8, "from": [0, 0], "to": [1, 0]}]}),
                Some("log"),
                "player 8",
            ),
            (json!({"params": {"width": 5000}, "log": []}), Some("width"), "width"),
            (json!({"params": {"colour": 1}, "log": []}), Some("colour"), "unknown parameter"),
            (json!({"roads": []}), None, "not a road log request"),
        ] {
            let r = client::post(addr, "/api/hexet/roads", &body.to_string());
            assert_refused(&r, 400, parameter, what);
            assert!(r.json()["error"].as_str().unwrap().contains(what), "{what}: {}", r.text());
        }
        let many = json!({"log": vec![json!({"player": 0, "from": [0, 0], "to": [1, 0]}); 25_000]});
        assert_refused(
            &client::post(addr, "/api/hexet/roads", &many.to_string()),
            400,
            Some("log"),
            "a log past the replay cap",
        );
        for (path, what) in [
            ("/api/hexet/roads?roads=AB", "cut short"),
            ("/api/hexet/roads?roads=A%21A", "not a letter"),
            ("/api/hexet/roads?roads=___", "no road on this map"),
        ] {
            let r = client::get(addr, path);
            assert_refused(&r, 400, Some("roads"), what);
            assert!(r.json()["error"].as_str().unwrap().contains(what), "{what}: {}", r.text());
        }
        let plain = client::send(
            addr,
            "POST",
            "/api/hexet/roads",
            &[("Content-Type", "text/plain")],
            Some(br#"{"log": []}"#),
        );
        assert_eq!(plain.status, 415, "{}", plain.text());
    });
}

/// `GET /api/universe/play` answers the library's report of the query's
/// board with its first game replayed, and refuses bad games, bots and
/// parameters by name.
#[test]
fn universe_play_is_the_librarys_report_and_replay() {
    use boardwright::universe::play;
    with_server(|addr| {
        let r = client::get(addr, "/api/universe/play?seed=Tiamo&players=3&games=12");
        assert_eq!(r.status, 200, "{}", r.text());
        let params = boardwright::universe::Params {
            players: 3,
            ..Default::default()
        };
        let board = Universe::generate(&params, &Seed::new("Tiamo")).unwrap();
        let series = play::Series {
            games: 12,
            ..Default::default()
        };
        let report = series.play(&board).unwrap();
        let mut expected = serde_json::to_value(play::Played::new(&board, &series, &report)).unwrap();
        let (turns, _) = series.replay(&board, 0).unwrap();
        expected["replay"] = serde_json::to_value(&turns).unwrap();
        assert_eq!(r.text(), serde_json::to_string(&expected).unwrap(), "the same bytes");
        for (path, parameter) in [
            ("/api/universe/play?seed=T&games=0", "games"),
            ("/api/universe/play?seed=T&games=5000", "games"),
            ("/api/universe/play?seed=T&bot=search", "bot"),
            ("/api/universe/play?seed=T&players=12", "players"),
            ("/api/universe/play?seed=T&colour=red", "colour"),
            ("/api/universe/play?games=4", "seed"),
            ("/api/universe/play?seed=T&games=1&games=3", "games"),
            ("/api/universe/play?seed=T&bot=greedy&bot=random", "bot"),
            ("/api/universe/play?seed=T&seed=U", "seed"),
        ] {
            assert_refused(&client::get(addr, path), 400, Some(parameter), path);
        }
        // Boards past the plays' cap, and fair_play past the work cap, are refused before any work.
        assert_refused(
            &client::get(addr, "/api/universe/play?seed=T&resolution=40"),
            422,
            Some("resolution"),
            "a large board played",
        );
        assert_refused(
            &client::get(addr, "/api/universe/board.json?seed=T&fair_play=1000"),
            422,
            Some("fair_play"),
            "fair_play past the work cap",
        );
        assert_eq!(client::get(addr, "/api/universe/board.json?seed=T&fair_play=20").status, 200);
    });
}

/// A refusal quotes at most 100 characters of what was sent: a megabyte
/// preset or a 60,000-letter parameter name is refused in under a
/// kilobyte, still naming what was wrong.
#[test]
fn refusals_quote_input_briefly() {
    with_server(|addr| {
        let preset = "p".repeat(1_000_000);
        let body = serde_json::json!({ "preset": preset, "log": [] }).to_string();
        let r = client::post(addr, "/api/hexet/roads", &body);
        assert_eq!(r.status, 400, "{}", &r.text()[..200.min(r.text().len())]);
        assert!(r.body.len() < 1024, "a {}-byte refusal", r.body.len());
        assert!(
            r.json()["error"].as_str().unwrap().contains(&format!("{}…", "p".repeat(100))),
            "{}",
            r.text()
        );
        let name = "q".repeat(60_000);
        let r = client::get(addr, &format!("/api/universe/board.json?seed=a&{name}=1"));
        assert_eq!(r.status, 400);
        assert!(r.body.len() < 1024, "a {}-byte refusal", r.body.len());
        assert!(r.json()["error"].as_str().unwrap().contains("unknown parameter"), "{}", r.text());
        assert_eq!(r.json()["parameter"], format!("{}…", "q".repeat(100)));
    });
}
