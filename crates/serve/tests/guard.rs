//! Which requests the server answers, over HTTP: the `Host` it is addressed
//! by, the `Origin` and `Sec-Fetch-Site` a browser sends for another site's
//! page, the origins allowed to call the API (CORS), the potion's media
//! type, and the security headers on every answer.

#[path = "common/client.rs"]
mod client;

use std::net::SocketAddr;

use client::Response;
use serve::{Limits, Running};

/// A board drawn (work worth refusing to a foreign page).
const PNG: &str = "/api/witches/board.png?seed=Tiamo&dpi=30";
const POTION: &str = "/api/witches/potion";
const REVEAL: &str = "/api/witches/reveal?seed=Tiamo";
const POTION_BODY: &str = r#"{"seed": "Tiamo", "potion": [{"ingredient": "Sage", "seeds": 2}]}"#;
const ALLOWED: &str = "http://localhost:3000";

/// Runs `check` against a server allowing `origins`, then stops it.
fn with_server(origins: &[&str], check: impl FnOnce(SocketAddr)) {
    let limits = Limits {
        allowed_origins: origins.iter().map(|o| o.parse().expect("an origin")).collect(),
        ..Limits::default()
    };
    let server = Running::start("127.0.0.1:0", limits).expect("the server starts");
    check(server.addr);
    server.stop().expect("the server stops cleanly");
}

fn get(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Response {
    client::send(addr, "GET", path, headers, None)
}

fn post_potion(addr: SocketAddr, headers: &[(&str, &str)]) -> Response {
    client::send(addr, "POST", POTION, headers, Some(POTION_BODY.as_bytes()))
}

/// A refusal with `status` and a JSON body whose message holds `words`.
fn assert_refused(r: &Response, status: u16, words: &str, what: &str) {
    assert_eq!(r.status, status, "{what}: {}", r.text());
    assert_eq!(r.header("content-type"), Some("application/json"), "{what}");
    let message = r.json()["error"].as_str().unwrap_or_default().to_string();
    assert!(message.contains(words), "{what}: {message:?} does not say {words:?}");
}

fn assert_no_cors(r: &Response, what: &str) {
    let cors: Vec<_> = r.headers.iter().filter(|(name, _)| name.starts_with("access-control-")).collect();
    assert!(cors.is_empty(), "{what}: {cors:?}");
}

#[test]
fn only_ip_addresses_and_localhost_are_answered_as_hosts() {
    with_server(&[], |addr| {
        for host in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "localhost.evil.example",
        ] {
            let r = get(addr, "/", &[("Host", host)]);
            assert_refused(&r, 421, host, host);
            assert!(r.text().contains("--allow-origin"), "{host}: {}", r.text());
        }
        assert_refused(&get(addr, PNG, &[("Host", "evil.example")]), 421, "evil.example", "a board");
        let port = addr.port();
        for host in [
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
            format!("LocalHost:{port}"),
            "[::1]:80".to_string(),
            "10.0.0.7".to_string(),
        ] {
            assert_eq!(get(addr, "/api/generators", &[("Host", &host)]).status, 200, "{host}");
        }
        // HTTP/1.0 may leave the host out.
        let r = client::raw(addr, b"GET /api/generators HTTP/1.0\r\n\r\n");
        assert_eq!(r.status, 200, "{}", r.text());
    });
}

#[test]
fn an_allowed_origin_allows_its_host() {
    with_server(&["https://boards.example.org"], |addr| {
        assert_eq!(get(addr, "/", &[("Host", "boards.example.org")]).status, 200);
        assert_eq!(get(addr, "/", &[("Host", "boards.example.org:8443")]).status, 200);
        assert_refused(
            &get(addr, "/", &[("Host", "other.example.org")]),
            421,
            "other.example.org",
            "another name",
        );
    });
}

#[test]
fn a_foreign_origin_is_refused_on_a_board_and_a_potion() {
    with_server(&[], |addr| {
        for origin in ["http://localhost:3000", "https://evil.example", "null"] {
            let r = get(addr, PNG, &[("Origin", origin)]);
            assert_refused(&r, 403, origin, origin);
            assert_no_cors(&r, origin);
            let r = post_potion(addr, &[("Origin", origin), ("Content-Type", "application/json")]);
            assert_refused(&r, 403, origin, origin);
        }
        // The server's own origin is no foreign one.
        let own = format!("http://{addr}");
        let r = post_potion(addr, &[("Origin", &own), ("Content-Type", "application/json")]);
        assert_eq!(r.status, 200, "{}", r.text());
        assert_no_cors(&r, "own origin");
        let r = get(addr, REVEAL, &[("Origin", &own), ("Sec-Fetch-Site", "same-origin")]);
        assert_eq!(r.status, 200, "{}", r.text());
    });
}

#[test]
fn another_sites_image_of_a_board_is_refused_the_servers_own_answered() {
    with_server(&[], |addr| {
        for site in ["cross-site", "same-site"] {
            let r = get(
                addr,
                PNG,
                &[("Sec-Fetch-Site", site), ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image")],
            );
            assert_refused(&r, 403, "another site", site);
            assert_refused(&get(addr, REVEAL, &[("Sec-Fetch-Site", site)]), 403, "another site", site);
        }
        for site in ["same-origin", "none"] {
            let r = get(addr, PNG, &[("Sec-Fetch-Site", site)]);
            assert_eq!(r.status, 200, "{site}: {}", r.text());
            assert_eq!(r.header("content-type"), Some("image/png"), "{site}");
        }
        // Pages and their files stay loadable; the headers keep them out of frames.
        assert_eq!(get(addr, "/witches", &[("Sec-Fetch-Site", "cross-site")]).status, 200);
        assert_eq!(get(addr, "/assets/style.css", &[("Sec-Fetch-Site", "same-site")]).status, 200);
    });
}

#[test]
fn an_allowed_origin_gets_cors_and_its_preflight_but_never_the_recipe() {
    with_server(&[ALLOWED], |addr| {
        let r = get(addr, PNG, &[("Origin", ALLOWED), ("Sec-Fetch-Site", "same-site")]);
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.header("access-control-allow-origin"), Some(ALLOWED));
        assert!(r.header("vary").is_some_and(|v| v.contains("Origin")), "{:?}", r.headers);

        let preflight = |path: &str, origin: &str| {
            let asks = [
                ("Origin", origin),
                ("Access-Control-Request-Method", "POST"),
                ("Access-Control-Request-Headers", "content-type"),
            ];
            client::send(addr, "OPTIONS", path, &asks, None)
        };
        let r = preflight(POTION, ALLOWED);
        assert_eq!(r.status, 204, "{}", r.text());
        assert_eq!(r.header("access-control-allow-origin"), Some(ALLOWED));
        let methods = r.header("access-control-allow-methods").unwrap_or_default();
        assert!(methods.contains("GET") && methods.contains("POST"), "{methods}");
        assert!(
            r.header("access-control-allow-headers")
                .is_some_and(|h| h.eq_ignore_ascii_case("content-type"))
        );
        let r = post_potion(addr, &[("Origin", ALLOWED), ("Content-Type", "application/json")]);
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.header("access-control-allow-origin"), Some(ALLOWED));

        // Another origin: refused, and no CORS headers.
        let r = preflight(POTION, "http://localhost:3001");
        assert_refused(&r, 403, "http://localhost:3001", "another origin's preflight");
        assert_no_cors(&r, "another origin's preflight");

        // The recipe is never read by another site's page, allowed or not.
        let r = get(addr, REVEAL, &[("Origin", ALLOWED)]);
        assert_refused(&r, 403, "recipe", "reveal from an allowed origin");
        assert_no_cors(&r, "reveal");
        let r = preflight(REVEAL, ALLOWED);
        assert_refused(&r, 403, "recipe", "reveal's preflight");
        assert_no_cors(&r, "reveal's preflight");
        // The clue is the player's: an allowed origin reads it.
        let r = get(addr, "/api/witches/clue?seed=Tiamo", &[("Origin", ALLOWED)]);
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.header("access-control-allow-origin"), Some(ALLOWED));
    });
}

#[test]
fn a_potion_is_json_or_refused_415() {
    with_server(&[], |addr| {
        for media_type in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/jsonp",
        ] {
            let r = post_potion(addr, &[("Content-Type", media_type)]);
            assert_refused(&r, 415, "application/json", media_type);
        }
        assert_refused(&post_potion(addr, &[]), 415, "application/json", "no media type");
        for media_type in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON;charset=UTF-8",
        ] {
            let r = post_potion(addr, &[("Content-Type", media_type)]);
            assert_eq!(r.status, 200, "{media_type}: {}", r.text());
        }
    });
}

/// The security headers every answer carries.
fn assert_secure(r: &Response, what: &str) {
    let csp = r
        .header("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no Content-Security-Policy"));
    for directive in [
        "default-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
    ] {
        assert!(csp.contains(directive), "{what}: {csp}");
    }
    assert!(!csp.contains("unsafe"), "{what}: {csp}");
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"), "{what}");
    assert_eq!(r.header("x-frame-options"), Some("DENY"), "{what}");
    assert!(matches!(r.header("referrer-policy"), Some("no-referrer" | "same-origin")), "{what}");
    assert_eq!(r.header("cross-origin-resource-policy"), Some("same-origin"), "{what}");
    assert_eq!(r.header("cross-origin-opener-policy"), Some("same-origin"), "{what}");
}

#[test]
fn every_answer_carries_the_security_headers() {
    with_server(&[ALLOWED], |addr| {
        let page = client::get(addr, "/witches");
        assert_eq!(page.status, 200);
        assert_secure(&page, "a page");
        assert_secure(&client::get(addr, "/nowhere"), "the home page as a 404");
        let asset = client::get(addr, "/assets/app.js");
        assert_eq!(asset.status, 200);
        assert_secure(&asset, "an asset");
        let board = client::get(addr, "/api/witches/board.svg?seed=Tiamo");
        assert_eq!(board.status, 200);
        assert_secure(&board, "a board");
        let tag = board.header("etag").expect("a board's tag").to_string();
        assert!(
            board.header("cache-control").is_some_and(|c| c.contains("max-age")),
            "{:?}",
            board.headers
        );
        let again = client::get_if_none_match(addr, "/api/witches/board.svg?seed=Tiamo", &tag);
        assert_eq!(again.status, 304);
        assert_eq!(again.header("etag"), Some(tag.as_str()));
        assert_secure(&again, "a 304");
        let error = client::get(addr, "/api/witches/board.svg?seed=Tiamo&players=99");
        assert_eq!(error.status, 400);
        assert_secure(&error, "a JSON error");
        assert_secure(&get(addr, "/", &[("Host", "evil.example")]), "a foreign host refused");
        assert_secure(&get(addr, PNG, &[("Origin", "https://evil.example")]), "a foreign origin refused");
        let preflight = [("Origin", ALLOWED), ("Access-Control-Request-Method", "GET")];
        assert_secure(&client::send(addr, "OPTIONS", PNG, &preflight, None), "a preflight");
    });
}
