//! The connections, over raw TCP: idle, half-sent heads and half-sent
//! bodies are closed by their timeouts; past the connection cap the oldest
//! connections waiting for a request make room for new ones; and what the
//! HTTP layer refuses (a malformed head, a long address, large headers, a
//! body in chunks over the limit) is answered with the JSON error body.

#[path = "common/client.rs"]
mod client;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use client::Response;
use serve::{Limits, Running};

/// Short timeouts, so that the tests are quick.
fn limits() -> Limits {
    Limits {
        header_timeout: Duration::from_secs(1),
        idle_timeout: Duration::from_secs(1),
        body_timeout: Duration::from_secs(1),
        ..Limits::default()
    }
}

fn start(limits: Limits) -> Running {
    Running::start("127.0.0.1:0", limits).expect("the server starts")
}

/// The most a timeout may be late by in these tests.
const MARGIN: Duration = Duration::from_secs(3);

fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).expect("the server accepts");
    stream.set_read_timeout(Some(Duration::from_millis(100))).unwrap();
    stream
}

/// Reads until the server closes `stream`, at most `within`: the bytes
/// read, or `None` when it is still open then.
fn read_until_closed(stream: &mut TcpStream, within: Duration) -> Option<Vec<u8>> {
    let deadline = Instant::now() + within;
    let mut bytes = Vec::new();
    let mut buf = [0u8; 4096];
    while Instant::now() < deadline {
        match stream.read(&mut buf) {
            Ok(0) => return Some(bytes),
            Ok(n) => bytes.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted) => {}
            // A reset closes it too.
            Err(_) => return Some(bytes),
        }
    }
    None
}

/// Whether the server has closed `stream` (nothing waiting to be read
/// counts as open).
fn is_closed(stream: &mut TcpStream) -> bool {
    read_until_closed(stream, Duration::from_millis(50)).is_some()
}

/// Asserts an answer with `status` and the JSON error body.
fn assert_json_refusal(r: &Response, status: u16, what: &str) -> String {
    assert_eq!(r.status, status, "{what}: {}", r.text());
    assert_eq!(r.header("content-type"), Some("application/json"), "{what}: {r:?}");
    // The security headers of every answer, on refusals at the connection too.
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"), "{what}: {r:?}");
    assert_eq!(r.header("x-frame-options"), Some("DENY"), "{what}: {r:?}");
    assert!(
        r.header("content-security-policy")
            .is_some_and(|p| p.contains("frame-ancestors 'none'")),
        "{what}: {r:?}"
    );
    let body = r.json();
    let message = body["error"].as_str().unwrap_or_else(|| panic!("{what}: no error message: {body}"));
    assert!(message.len() > 10, "{what}: {message}");
    message.to_string()
}

/// Reads what a closed connection received as one answer.
fn answer(bytes: &[u8]) -> Response {
    client::parse(bytes)
}

#[test]
fn a_connection_that_sends_nothing_is_closed_after_the_idle_timeout() {
    let server = start(limits());
    let start = Instant::now();
    let mut stream = connect(server.addr);
    let bytes = read_until_closed(&mut stream, Duration::from_secs(1) + MARGIN).expect("closed by the idle timeout");
    assert!(bytes.is_empty(), "nothing was asked: {:?}", String::from_utf8_lossy(&bytes));
    assert!(
        start.elapsed() >= Duration::from_millis(900),
        "closed before its timeout: {:?}",
        start.elapsed()
    );
    server.stop().unwrap();
}

#[test]
fn a_kept_alive_connection_is_closed_after_the_idle_timeout() {
    let server = start(limits());
    let mut stream = connect(server.addr);
    let head = format!("GET /api/generators HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    stream.write_all(head.as_bytes()).unwrap();
    let bytes = read_until_closed(&mut stream, Duration::from_secs(1) + MARGIN).expect("closed by the idle timeout");
    assert!(
        bytes.starts_with(b"HTTP/1.1 200 OK\r\n"),
        "{:?}",
        String::from_utf8_lossy(&bytes[..bytes.len().min(200)])
    );
    server.stop().unwrap();
}

#[test]
fn a_half_sent_head_is_closed_after_the_header_timeout() {
    let server = start(limits());
    let mut stream = connect(server.addr);
    stream.write_all(b"GET /api/generators HTTP/1.1\r\nHost: 127.0.0.1\r\n").unwrap();
    let bytes = read_until_closed(&mut stream, Duration::from_secs(1) + MARGIN).expect("closed by the header timeout");
    if !bytes.is_empty() {
        let r = answer(&bytes);
        assert_json_refusal(&r, 408, "a half-sent head");
    }
    server.stop().unwrap();
}

/// A head sent a byte at a time, each byte within the timeout, is still
/// held to the timeout as a whole.
#[test]
fn a_head_sent_a_byte_at_a_time_is_closed_after_the_header_timeout() {
    let server = start(limits());
    let mut stream = connect(server.addr);
    let start = Instant::now();
    let mut closed = false;
    for byte in b"GET /api/generators HTTP/1.1\r\nHost: 127.000.000.001.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\r\n"
        .iter()
        .cycle()
        .take(200)
    {
        if stream.write_all(&[*byte]).is_err() || is_closed(&mut stream) {
            closed = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
        assert!(
            start.elapsed() < Duration::from_secs(1) + MARGIN,
            "the trickled head was not cut off"
        );
    }
    assert!(closed, "the trickled head was not cut off");
    server.stop().unwrap();
}

#[test]
fn a_half_sent_body_is_answered_408_and_closed() {
    let server = start(limits());
    let mut stream = connect(server.addr);
    let head = format!(
        "POST /api/witches/potion HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"seed\": \"",
        server.addr
    );
    stream.write_all(head.as_bytes()).unwrap();
    let start = Instant::now();
    let bytes = read_until_closed(&mut stream, Duration::from_secs(1) + MARGIN).expect("closed by the body timeout");
    assert!(
        start.elapsed() >= Duration::from_millis(900),
        "answered before the timeout: {:?}",
        start.elapsed()
    );
    let message = assert_json_refusal(&answer(&bytes), 408, "a half-sent body");
    assert!(message.contains("body"), "{message}");
    server.stop().unwrap();
}

/// With a cap of 8 connections, 20 connections that never finish their
/// head: the oldest are closed to make room, the server never holds more
/// than 8, and a request arriving then is answered at once.
#[test]
fn past_the_connection_cap_the_oldest_waiting_connections_make_room() {
    let cap = 8;
    let server = start(Limits {
        max_connections: cap,
        header_timeout: Duration::from_secs(5),
        idle_timeout: Duration::from_secs(5),
        ..Limits::default()
    });
    let start = Instant::now();
    let mut streams: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut s = connect(server.addr);
            s.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n").unwrap();
            std::thread::sleep(Duration::from_millis(20));
            s
        })
        .collect();
    // Time for the server to close the oldest (each has waited a moment).
    std::thread::sleep(Duration::from_millis(1000));
    let open: Vec<usize> = (0..streams.len()).filter(|&i| !is_closed(&mut streams[i])).collect();
    assert!(
        open.len() <= cap,
        "{} connections held, over the cap of {cap}: {open:?}",
        open.len()
    );
    assert!(
        open.iter().all(|&i| i >= 20 - cap),
        "the newest were kept, not the oldest: {open:?}"
    );
    let r = client::get(server.addr, "/api/generators");
    assert_eq!(r.status, 200);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "answered only after the timeouts: {:?}",
        start.elapsed()
    );
    let open = streams.iter_mut().map(is_closed).filter(|closed| !closed).count();
    assert!(open < cap, "{open} connections held besides the answered one, cap {cap}");
    server.stop().unwrap();
}

/// Every connection is held for its request: the cap makes new ones wait,
/// and they are served as the timeouts free their places.
#[test]
fn past_the_connection_cap_with_every_connection_busy_new_ones_wait_their_turn() {
    let cap = 4;
    let server = start(Limits {
        max_connections: cap,
        body_timeout: Duration::from_secs(1),
        ..Limits::default()
    });
    // Each of these has sent its head and holds its place with a half-sent body.
    let mut streams: Vec<TcpStream> = (0..cap)
        .map(|_| {
            let mut s = connect(server.addr);
            let head = "POST /api/witches/potion HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{";
            s.write_all(head.as_bytes()).unwrap();
            s
        })
        .collect();
    let start = Instant::now();
    let r = client::get(server.addr, "/api/generators");
    assert_eq!(r.status, 200);
    assert!(start.elapsed() < Duration::from_secs(1) + MARGIN, "{:?}", start.elapsed());
    for s in &mut streams {
        let bytes = read_until_closed(s, MARGIN).expect("closed by the body timeout");
        assert_json_refusal(&answer(&bytes), 408, "a half-sent body");
    }
    server.stop().unwrap();
}

#[test]
fn headers_too_large_are_refused_431_with_json() {
    let server = start(limits());
    let head = format!(
        "GET /api/generators HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Large: {}\r\n\r\n",
        "a".repeat(90_000)
    );
    assert_json_refusal(&client::raw(server.addr, head.as_bytes()), 431, "large headers");
    let many: String = (0..200).map(|i| format!("X-Header-{i}: a\r\n")).collect();
    let head = format!("GET /api/generators HTTP/1.1\r\nHost: 127.0.0.1\r\n{many}\r\n");
    assert_json_refusal(&client::raw(server.addr, head.as_bytes()), 431, "many headers");
    server.stop().unwrap();
}

#[test]
fn an_address_too_long_is_refused_414_with_json() {
    let server = start(limits());
    let head = format!(
        "GET /api/universe/board.json?seed={} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "a".repeat(70_000)
    );
    assert_json_refusal(&client::raw(server.addr, head.as_bytes()), 414, "a long address");
    server.stop().unwrap();
}

#[test]
fn a_malformed_head_is_refused_400_with_json() {
    let server = start(limits());
    for (what, head) in [
        ("a request line with no version", "GET /api/generators\r\nHost: 127.0.0.1\r\n\r\n"),
        ("a method with a space", "G ET /api/generators HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
        ("a header with no colon", "GET /api/generators HTTP/1.1\r\nHost x\r\n\r\n"),
        (
            "a Content-Length that is no number",
            "POST /api/witches/potion HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n",
        ),
        (
            "two Content-Lengths",
            "POST /api/witches/potion HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}",
        ),
        (
            "a Transfer-Encoding not ending in chunked",
            "POST /api/witches/potion HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n",
        ),
    ] {
        assert_json_refusal(&client::raw(server.addr, head.as_bytes()), 400, what);
    }
    server.stop().unwrap();
}

/// What the handlers' body readers refuse is JSON too, with the status's
/// meaning in the message; a page address that is none stays HTML.
#[test]
fn bodies_in_chunks_over_the_limit_or_malformed_are_refused_with_json() {
    let server = start(limits());
    let chunk = "a".repeat(1 << 16);
    let mut chunked =
        String::from("POST /api/witches/potion HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
    for _ in 0..48 {
        chunked.push_str(&format!("{:x}\r\n{chunk}\r\n", chunk.len()));
    }
    chunked.push_str("0\r\n\r\n");
    let message = assert_json_refusal(&client::raw(server.addr, chunked.as_bytes()), 413, "a large chunked body");
    assert!(message.contains("1 MiB"), "{message}");
    let bad = "POST /api/witches/potion HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nab\r\n0\r\n\r\n";
    assert_json_refusal(&client::raw(server.addr, bad.as_bytes()), 400, "a malformed chunk");
    // A route that reads no body refuses one over the limit too; a small one is let be.
    let get = chunked.replacen("POST /api/witches/potion", "GET /api/witches/board.json?seed=a", 1);
    let message = assert_json_refusal(&client::raw(server.addr, get.as_bytes()), 413, "a GET with a large chunked body");
    assert!(message.contains("1 MiB"), "{message}");
    let small = "GET /api/witches/board.json?seed=a HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\nab\r\n0\r\n\r\n";
    assert_eq!(client::raw(server.addr, small.as_bytes()).status, 200);
    let page = client::get(server.addr, "/no-such-page");
    assert_eq!(page.status, 404);
    assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
    server.stop().unwrap();
}

/// Requests sent one after another on one connection, without waiting
/// for the answers, are answered in order; a malformed one among them is
/// refused with JSON after the answers before it.
#[test]
fn requests_on_one_connection_are_answered_in_order() {
    let server = start(limits());
    let mut stream = connect(server.addr);
    let requests = "GET /api/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n\
        HEAD /assets/favicon.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n\
        GET /assets/favicon.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n\
        GET /api/generators HTTP/1.1\r\nHost x\r\n\r\n";
    stream.write_all(requests.as_bytes()).unwrap();
    let bytes = read_until_closed(&mut stream, MARGIN).expect("closed after the malformed request");
    let text = String::from_utf8_lossy(&bytes);
    let statuses: Vec<&str> = text.match_indices("HTTP/1.1 ").map(|(i, _)| &text[i + 9..i + 12]).collect();
    assert_eq!(statuses, ["404", "200", "200", "400"], "{text}");
    let last = &bytes[text.rfind("HTTP/1.1 400").unwrap()..];
    assert_json_refusal(&answer(last), 400, "a malformed request after others");
    server.stop().unwrap();
}

/// A client may close its side once its request is sent and wait for the
/// answer: every such GET, of a page, a clue or a board, is answered whole.
#[test]
fn clients_that_half_close_after_their_request_are_answered_in_full() {
    use std::io::{Read, Write};
    let server = start(Limits::default());
    let addr = server.addr;
    for path in ["/", "/api/witches/clue?seed=half", "/api/witches/board.json?seed=half"] {
        for k in 0..20 {
            let mut stream = TcpStream::connect(addr).expect("the server accepts");
            stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
            write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
            stream.shutdown(std::net::Shutdown::Write).unwrap();
            let mut bytes = Vec::new();
            let _ = stream.read_to_end(&mut bytes);
            let r = client::parse(&bytes);
            assert_eq!(
                r.status,
                200,
                "{path}, try {k}: {:?}",
                String::from_utf8_lossy(&bytes[..bytes.len().min(200)])
            );
            let length: usize = r.header("content-length").expect("a length").parse().unwrap();
            assert_eq!(r.body.len(), length, "{path}, try {k}: the whole answer");
        }
    }
    server.stop().unwrap();
}
