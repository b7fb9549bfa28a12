//! docs/http.md read against the server: its routes table names the
//! operations the OpenAPI document holds, and each example it gives (a
//! `curl` line with the answer printed under it, or a list of requests and
//! their refusals) is asked again and must be answered as written.

#[path = "common/client.rs"]
mod client;

use std::collections::BTreeSet;
use std::net::SocketAddr;

use serve::{Limits, Running};

const PAGE: &str = include_str!("../../../docs/http.md");

/// A fenced block: its language and its text.
struct Block<'a> {
    lang: &'a str,
    text: String,
}

fn blocks(page: &str) -> Vec<Block<'_>> {
    let mut out = Vec::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        let Some(lang) = line.strip_prefix("```") else { continue };
        let body: Vec<&str> = lines.by_ref().take_while(|l| !l.starts_with("```")).collect();
        out.push(Block {
            lang,
            text: body.join("\n"),
        });
    }
    out
}

/// Words of a shell line, with single and double quotes.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut open = false;
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                open = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if open {
                    out.push(std::mem::take(&mut word));
                    open = false;
                }
            }
            (_, c) => {
                word.push(c);
                open = true;
            }
        }
    }
    if open {
        out.push(word);
    }
    out
}

/// What `curl` prints for one command line run against `addr`, with the
/// status line and headers when `head` (as `-i` would).
fn curl(addr: SocketAddr, line: &str, mut head: bool) -> String {
    let words = words(line);
    assert_eq!(words[0], "curl", "{line}");
    let (mut body_shown, mut write_out) = (true, None);
    let (mut headers, mut data, mut url) = (Vec::new(), None, None);
    let mut rest = words[1..].iter();
    while let Some(word) = rest.next() {
        match word.as_str() {
            "-s" => {}
            "-si" | "-i" => head = true,
            "-o" => body_shown = rest.next().map(String::as_str) != Some("/dev/null"),
            "-D" => head = rest.next().map(String::as_str) == Some("-"),
            "-w" => write_out = rest.next().cloned(),
            "-H" => headers.push(rest.next().expect("-H takes a header").clone()),
            "-d" => data = rest.next().cloned(),
            w if w.starts_with("$H") => url = Some(w["$H".len()..].to_string()),
            w => panic!("this test does not know curl's {w} ({line})"),
        }
    }
    let path = url.unwrap_or_else(|| panic!("no address in {line}"));
    let headers: Vec<(&str, &str)> = headers.iter().map(|h| h.split_once(": ").expect("a header NAME: VALUE")).collect();
    let method = if data.is_some() { "POST" } else { "GET" };
    let r = client::send(addr, method, &path, &headers, data.as_deref().map(str::as_bytes));
    if let Some(format) = write_out {
        let redirect = r.header("location").map(|l| format!("http://{addr}{l}")).unwrap_or_default();
        return format
            .replace("%{http_code}", &r.status.to_string())
            .replace("%{redirect_url}", &redirect)
            .replace("\\n", "\n");
    }
    let mut out = String::new();
    if head {
        out.push_str(&format!("HTTP/1.1 {}\n", r.status));
        for (name, value) in &r.headers {
            out.push_str(&format!("{name}: {value}\n"));
        }
        if body_shown {
            out.push('\n');
        }
    }
    if body_shown {
        out.push_str(&r.text());
    }
    out
}

/// Whether `actual` is what `expected` shows: the same text, where `…`
/// stands for anything and a line break with its indent for nothing
/// (an excerpt laid out to be read). The error names the first part of
/// `expected` not found.
fn shows(expected: &str, actual: &str) -> Result<(), String> {
    let expected = expected.trim_end();
    let actual = actual.trim_end();
    if !expected.contains('…') {
        return if expected == actual {
            Ok(())
        } else {
            Err(format!("the answer was {actual}"))
        };
    }
    let joined: String = expected.lines().map(str::trim_start).collect();
    let parts: Vec<&str> = joined.split('…').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    let missing = |part: &str| Err(format!("`{part}` is not in the answer {actual}"));
    if !actual.starts_with(first) {
        return missing(first);
    }
    let mut at = first.len();
    for part in &parts[1..parts.len() - 1] {
        match actual[at..].find(part) {
            Some(i) => at += i + part.len(),
            None => return missing(part),
        }
    }
    if !actual.ends_with(last) || at > actual.len() - last.len() {
        return missing(last);
    }
    Ok(())
}

/// Whether a printed head and body (`HTTP/1.1 STATUS REASON`, headers, a
/// blank line, the body) is what was answered: the status, each header
/// shown with its value, and the body. Headers left out of the page (the
/// security headers, `date`) may be answered too.
fn shows_head(expected: &str, actual: &str) -> Result<(), String> {
    let (expected_head, expected_body) = expected.split_once("\n\n").unwrap_or((expected, ""));
    let (actual_head, actual_body) = actual.split_once("\n\n").unwrap_or((actual, ""));
    let mut expected_lines = expected_head.lines();
    let status = expected_lines.next().and_then(|l| l.split(' ').nth(1)).unwrap_or_default();
    let actual_status = actual_head.lines().next().and_then(|l| l.split(' ').nth(1)).unwrap_or_default();
    if status != actual_status {
        return Err(format!("status {actual_status}, the page says {status}"));
    }
    let answered: BTreeSet<&str> = actual_head.lines().skip(1).collect();
    for line in expected_lines {
        let line_lower = match line.split_once(": ") {
            Some((name, value)) => format!("{}: {value}", name.to_ascii_lowercase()),
            None => line.to_string(),
        };
        if !answered.contains(line_lower.as_str()) {
            return Err(format!("`{line}` was not answered; the headers were {answered:?}"));
        }
    }
    shows(expected_body, actual_body)
}

/// The operations the routes table names, `(METHOD, path)`, a generator's
/// routes once per generator, in the OpenAPI document's spelling.
fn routes_table() -> BTreeSet<(String, String)> {
    let section = PAGE.split("## Routes").nth(1).expect("a Routes section");
    let table = section.split("\n\n").nth(1).expect("the routes table");
    let mut out = BTreeSet::new();
    for row in table.lines().filter(|l| l.starts_with("| `")) {
        let cell = row.split('`').nth(1).unwrap();
        let (method, path) = cell.split_once(' ').unwrap();
        let path = path.replace("snapshot-K.svg", "snapshot-{k}.svg");
        if path.starts_with("/api/{generator}") {
            for g in boardwright::GENERATORS {
                out.insert((method.to_string(), path.replace("{generator}", g)));
            }
        } else {
            out.insert((method.to_string(), path.replace("{generator}", "{page}")));
        }
    }
    out
}

#[test]
fn the_routes_table_names_every_operation_of_the_api() {
    let server = Running::start("127.0.0.1:0", Limits::default()).expect("the server starts");
    let document = client::get(server.addr, "/api/openapi.json").json();
    server.stop().expect("a clean stop");
    let mut documented = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in ["get", "post"] {
            if item.get(method).is_some() {
                documented.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    let table = routes_table();
    let missing: Vec<_> = documented.difference(&table).collect();
    let extra: Vec<_> = table.difference(&documented).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "docs/http.md's routes table lacks {missing:?} and has {extra:?} that the API does not"
    );
}

#[test]
fn every_example_is_answered_as_the_page_shows() {
    let server = Running::start("127.0.0.1:0", Limits::default()).expect("the server starts");
    let addr = server.addr;
    let page = blocks(PAGE);
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (i, block) in page.iter().enumerate() {
        let lines: Vec<&str> = block.text.lines().collect();
        if block.lang == "sh" && lines.iter().all(|l| l.starts_with("curl ")) {
            let expected = &page.get(i + 1).unwrap_or_else(|| panic!("no answer under {lines:?}")).text;
            // One command: the block under it is its whole output. Several:
            // a line each, `STATUS BODY`.
            if let [line] = lines[..] {
                let actual = curl(addr, line, false);
                let fine = if expected.starts_with("HTTP/1.1") {
                    shows_head(expected, &actual)
                } else {
                    shows(&at_address(expected, addr), &actual)
                };
                if let Err(e) = fine {
                    wrong.push(format!("{line}: {e}"));
                }
                checked += 1;
            } else {
                let answers: Vec<&str> = expected.lines().collect();
                assert_eq!(answers.len(), lines.len(), "a line of answer per command under {lines:?}");
                for (line, answer) in lines.iter().zip(answers) {
                    let actual = curl(addr, line, true);
                    let status = actual.lines().next().unwrap_or_default().split(' ').nth(1).unwrap_or_default();
                    let body = actual.split_once("\n\n").map(|(_, b)| b).unwrap_or_default();
                    if let Err(e) = shows(answer, &format!("{status} {body}")) {
                        wrong.push(format!("{line}: {e}"));
                    }
                    checked += 1;
                }
            }
        } else if block.lang == "text" && lines.first().is_some_and(|l| l.starts_with("GET ") || l.starts_with("POST ")) {
            // Requests and their answers, a blank line between pairs.
            for pair in block.text.split("\n\n") {
                let (request, answer) = pair.split_once('\n').expect("a request and its answer");
                let (method, path) = request.split_once(' ').unwrap();
                let r = client::send(addr, method, path, &[], None);
                let actual = format!("{} {}", r.status, r.text());
                if let Err(e) = shows(answer, &actual) {
                    wrong.push(format!("{request}: {e}"));
                }
                checked += 1;
            }
        }
    }
    server.stop().expect("a clean stop");
    assert!(
        wrong.is_empty(),
        "docs/http.md shows answers the server does not give:\n{}",
        wrong.join("\n")
    );
    assert!(checked >= 20, "only {checked} examples were found in docs/http.md");
}

/// `expected` with the address of the server the page's examples were run
/// against (`http://127.0.0.1:PORT`) written as this server's.
fn at_address(expected: &str, addr: SocketAddr) -> String {
    const HOST: &str = "http://127.0.0.1:";
    let Some(at) = expected.find(HOST) else {
        return expected.to_string();
    };
    let port_end = expected[at + HOST.len()..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(expected.len(), |i| at + HOST.len() + i);
    format!("{}http://{addr}{}", &expected[..at], &expected[port_end..])
}

/// The `rules_card` row names the generators that draw a rules card, and
/// those that refuse the key, as the server answers them.
#[test]
fn the_rules_card_row_names_who_takes_it() {
    let row = PAGE.lines().find(|l| l.starts_with("| `rules_card` |")).expect("a rules_card row");
    let takers = row
        .split("(off). ")
        .nth(1)
        .and_then(|r| r.split(':').next())
        .expect("who takes it")
        .to_lowercase();
    let refusers = row
        .split("; ")
        .find(|part| part.contains("refuses"))
        .expect("who refuses it")
        .to_lowercase();
    let server = Running::start("127.0.0.1:0", Limits::default()).expect("the server starts");
    for name in boardwright::GENERATORS {
        let status = client::get(server.addr, &format!("/api/{name}/board.svg?seed=a&rules_card=true")).status;
        let said = (takers.contains(name), refusers.contains(name));
        assert_eq!(said, (status == 200, status == 400), "{name} answers {status}; the row says {row}");
    }
    server.stop().expect("a clean stop");
}
