//! `/api/openapi.json` against the router: the same paths; every method it
//! documents answered and every other refused 405; every query parameter
//! it documents for a generator's files taken at an allowed value, and one
//! it does not list refused.

#[path = "common/client.rs"]
mod client;

use std::collections::BTreeSet;

use serde_json::Value;
use serve::{Limits, Running};

/// The kinds of file of `/api/{generator}/{file}`, each documented as an
/// operation of its own.
const FILES: [&str; 8] = [
    "board.json",
    "board.svg",
    "board.png",
    "board.pdf",
    "config.toml",
    "fit.json",
    "steps",
    "snapshot-{k}.svg",
];

/// A path with its path parameters filled in with values that exist.
fn concrete(path: &str) -> String {
    path.replace("{file}", "app.js").replace("{page}", "universe").replace("{k}", "0")
}

/// The query text of a JSON value, as an address carries it.
fn text(value: &Value) -> Option<String> {
    match value {
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// A value a documented query parameter allows, from its schema.
fn allowed_value(parameter: &Value) -> Option<String> {
    let schema = &parameter["schema"];
    if let Some(first) = schema["enum"].as_array().and_then(|e| e.first()) {
        return text(first);
    }
    match schema["type"].as_str()? {
        "boolean" => Some("true".into()),
        "integer" | "number" => text(&schema["minimum"]),
        _ if parameter["name"] == "tile" => Some("2x1".into()),
        _ => None,
    }
}

#[test]
fn the_document_describes_the_routes_the_server_answers() {
    let server = Running::start("127.0.0.1:0", Limits::default()).expect("the server starts");
    let addr = server.addr;
    let doc = client::get(addr, "/api/openapi.json").json();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().expect("paths");
    let documented: BTreeSet<String> = paths.keys().cloned().collect();
    let routed: BTreeSet<String> = serve::paths()
        .iter()
        .flat_map(|path| {
            if path.contains("{generator}") {
                // A generator's files: an operation per kind of file.
                let files: &[&str] = if path.ends_with("{file}") { &FILES } else { &["{file}"] };
                boardwright::GENERATORS
                    .iter()
                    .flat_map(|g| files.iter().map(move |f| path.replace("{generator}", g).replace("{file}", f)))
                    .collect()
            } else {
                vec![path.to_string()]
            }
        })
        .collect();
    assert_eq!(documented, routed, "the documented paths and the routed ones differ");

    for (path, item) in paths {
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] {
            let r = client::request(addr, method, &concrete(path), (method != "GET").then_some(b"{}".as_slice()));
            if item.get(method.to_lowercase()).is_some() {
                assert!(
                    ![404, 405].contains(&r.status) || path == "/{page}" && r.status == 404,
                    "{method} {path}: {}",
                    r.status
                );
            } else {
                assert_eq!(r.status, 405, "{method} {path} is not documented, yet answered {}", r.status);
            }
        }
    }

    for name in boardwright::GENERATORS {
        let item = &paths[&format!("/api/{name}/board.json")]["get"];
        let parameters = item["parameters"].as_array().unwrap();
        let mut tried = 0;
        for parameter in parameters.iter().filter(|p| p["in"] == "query" && p["name"] != "seed") {
            let pname = parameter["name"].as_str().unwrap();
            let Some(value) = allowed_value(parameter) else { continue };
            let file = if pname == "every" { "steps" } else { "board.json" };
            let query = format!("seed=openapi&{pname}={value}");
            let r = client::get(addr, &format!("/api/{name}/{file}?{}", query.replace(' ', "%20")));
            // Taken: a board, or one the parameters cannot make at this
            // extreme (422), or refused by a rule naming another parameter.
            let other = r.status == 400 && r.json()["parameter"].as_str().is_some_and(|p| p != pname);
            assert!(
                [200, 422].contains(&r.status) || other,
                "{name}: {pname}={value} is documented as allowed, yet: {}",
                r.text()
            );
            tried += 1;
        }
        assert!(tried >= 6, "{name}: only {tried} parameters tried");
        if *name == "universe" {
            // Bots' games take the board's parameters, the preset, games and bot.
            let play = paths["/api/universe/play"]["get"]["parameters"].as_array().unwrap();
            for pname in ["preset", "games", "bot", "players"] {
                assert!(play.iter().any(|p| p["name"] == pname), "play does not document {pname}");
            }
            for parameter in play.iter().filter(|p| p["in"] == "query" && p["name"] != "seed") {
                let pname = parameter["name"].as_str().unwrap();
                let Some(value) = allowed_value(parameter) else { continue };
                let games = if pname == "games" { String::new() } else { "&games=1".to_string() };
                let r = client::get(
                    addr,
                    &format!("/api/universe/play?seed=openapi{games}&{pname}={}", value.replace(' ', "%20")),
                );
                let other = r.status == 400 && r.json()["parameter"].as_str().is_some_and(|p| p != pname);
                assert!(
                    [200, 422].contains(&r.status) || other,
                    "play: {pname}={value} is documented as allowed, yet: {}",
                    r.text()
                );
            }
            assert_eq!(
                client::get(addr, "/api/universe/play?seed=openapi&games=1&not_a_parameter=1").status,
                400
            );
        }
        let r = client::get(addr, &format!("/api/{name}/board.json?seed=openapi&not_a_parameter=1"));
        assert_eq!(r.status, 400, "{name}: an undocumented parameter was taken");
    }
    server.stop().expect("a clean stop");
}

/// A request made to draw out a status: the operation's path, its method,
/// the request's path, its headers and its body.
type Probe<'a> = (&'a str, &'a str, String, &'a [(&'a str, &'a str)], Option<&'a str>);

/// Each status the server answers is documented for the operation that
/// answered it: requests made to draw out every status of every route
/// (answers, refusals of values, of methods, of sizes, of other sites and
/// hosts), each checked against the document's responses.
#[test]
fn every_status_answered_is_documented() {
    let server = Running::start("127.0.0.1:0", Limits::default()).expect("the server starts");
    let addr = server.addr;
    let doc = client::get(addr, "/api/openapi.json").json();
    let big = "x".repeat(2 << 20);
    let foreign = [("Origin", "http://elsewhere.example")];
    let other_host = [("Host", "elsewhere.example")];
    let json = [("Content-Type", "application/json")];
    let probes: Vec<Probe> = vec![
        ("/api/generators", "get", "/api/generators".into(), &[], None),
        ("/api/generators", "get", "/api/generators".into(), &other_host, None),
        ("/api/openapi.json", "get", "/api/openapi.json".into(), &[], None),
        (
            "/api/universe/board.json",
            "get",
            "/api/universe/board.json?seed=a".into(),
            &[],
            None,
        ),
        (
            "/api/universe/board.json",
            "get",
            "/api/universe/board.json?seed=a&players=99".into(),
            &[],
            None,
        ),
        (
            "/api/universe/board.json",
            "get",
            "/api/universe/board.json?seed=a&resolution=3000".into(),
            &[],
            None,
        ),
        (
            "/api/universe/board.json",
            "get",
            "/api/universe/board.json?seed=a".into(),
            &foreign,
            None,
        ),
        (
            "/api/universe/play",
            "get",
            "/api/universe/play?seed=a&players=2&games=2".into(),
            &[],
            None,
        ),
        (
            "/api/universe/play",
            "get",
            "/api/universe/play?seed=a&preset=classic&games=2".into(),
            &[],
            None,
        ),
        ("/api/universe/play", "get", "/api/universe/play?seed=a&games=0".into(), &[], None),
        (
            "/api/universe/play",
            "get",
            "/api/universe/play?seed=a&resolution=40".into(),
            &[],
            None,
        ),
        (
            "/api/universe/play",
            "get",
            "/api/universe/play?seed=a&games=2".into(),
            &foreign,
            None,
        ),
        (
            "/api/universe/play",
            "get",
            "/api/universe/play?seed=a&games=2".into(),
            &other_host,
            None,
        ),
        ("/api/witches/clue", "get", "/api/witches/clue?seed=a".into(), &[], None),
        ("/api/witches/clue", "get", "/api/witches/clue?seed=a&players=99".into(), &[], None),
        ("/api/witches/reveal", "get", "/api/witches/reveal?seed=a".into(), &[], None),
        ("/api/witches/reveal", "get", "/api/witches/reveal".into(), &[], None),
        (
            "/api/witches/potion",
            "post",
            "/api/witches/potion".into(),
            &json,
            Some(r#"{"seed":"a","potion":[{"ingredient":"nothing"}]}"#),
        ),
        ("/api/witches/potion", "post", "/api/witches/potion".into(), &[], Some("{}")),
        (
            "/api/witches/potion",
            "post",
            "/api/witches/potion".into(),
            &json,
            Some(big.as_str()),
        ),
        ("/api/hexet/roads", "get", "/api/hexet/roads?roads=AAA".into(), &[], None),
        ("/api/hexet/roads", "get", "/api/hexet/roads?roads=A!A".into(), &[], None),
        ("/api/hexet/roads", "post", "/api/hexet/roads".into(), &json, Some(r#"{"log":[]}"#)),
        ("/api/hexet/roads", "post", "/api/hexet/roads".into(), &json, Some(r#"{"log":{}}"#)),
        ("/api/hexet/roads", "post", "/api/hexet/roads".into(), &[], Some(r#"{"log":[]}"#)),
        ("/api/hexet/roads", "post", "/api/hexet/roads".into(), &json, Some(big.as_str())),
        ("/assets/{file}", "get", "/assets/app.js".into(), &[], None),
        ("/assets/{file}", "get", "/assets/none.js".into(), &[], None),
        ("/", "get", "/".into(), &[], None),
        ("/{page}", "get", "/universe".into(), &[], None),
        ("/{page}", "get", "/nowhere".into(), &[], None),
    ];
    let mut undocumented = Vec::new();
    let mut seen = BTreeSet::new();
    for (operation, method, path, headers, body) in &probes {
        let r = client::send(addr, &method.to_uppercase(), path, headers, body.map(str::as_bytes));
        let responses = &doc["paths"][*operation][*method]["responses"];
        assert!(responses.is_object(), "{method} {operation} is not documented");
        if responses.get(r.status.to_string()).is_none() {
            undocumented.push(format!("{method} {path:.80} answered {} ({:.120})", r.status, r.text()));
        }
        seen.insert(r.status);
    }
    assert!(undocumented.is_empty(), "answered but not documented:\n{}", undocumented.join("\n"));
    // The probes drew out the statuses they are for.
    for status in [200, 400, 403, 404, 413, 415, 421, 422] {
        assert!(seen.contains(&status), "no probe was answered {status}");
    }
    server.stop().expect("a clean stop");
}
