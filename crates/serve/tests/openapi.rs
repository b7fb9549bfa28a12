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
const FILES: [&str; 7] = [
    "board.json",
    "board.svg",
    "board.png",
    "board.pdf",
    "config.toml",
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
        let r = client::get(addr, &format!("/api/{name}/board.json?seed=openapi&not_a_parameter=1"));
        assert_eq!(r.status, 400, "{name}: an undocumented parameter was taken");
    }
    server.stop().expect("a clean stop");
}
