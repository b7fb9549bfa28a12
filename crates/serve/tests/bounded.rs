//! Every request's work is bounded: a drawing too large is refused before
//! any work, a request whose client goes away or whose time is up stops
//! and frees its slot, large work leaves room for small, identical
//! requests in flight are computed once, and a request's tag and
//! `If-None-Match` are read only once everything else is checked. Bots'
//! games (`/api/universe/play`) are held to the same rules. The times
//! bounded are what the server controls (a slot coming free, a limit
//! kept) or a ratio to a baseline measured in the same test, with margins
//! a loaded machine keeps.

#[path = "common/client.rs"]
mod client;

use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use serve::{Limits, Running};

/// These tests time their work: one at a time, so that none slows another.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

fn serve(limits: Limits) -> Running {
    Running::start("127.0.0.1:0", limits).expect("the server starts")
}

/// A drawing that keeps a slot busy for seconds: a large hexet map over 16 sheets as PDF.
const EXPENSIVE: &str = "/api/hexet/board.pdf?seed=long&width=200&height=200&tile=4x4&paper=a3";

/// Sends a GET for `path` and hangs up after `after`, reading nothing.
fn ask_and_hang_up(addr: SocketAddr, path: &str, after: Duration) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").expect("sends");
    std::thread::sleep(after);
}

#[test]
fn a_png_past_the_pixel_cap_is_refused_at_once_naming_the_dpi_that_fits() {
    let _serial = one_at_a_time();
    let server = serve(Limits::default());
    let asked = Instant::now();
    let r = client::get(server.addr, "/api/universe/board.png?seed=x&dpi=600&paper=a3&tile=4x4");
    assert!(asked.elapsed() < Duration::from_secs(1), "{:?}", asked.elapsed());
    assert_eq!(r.status, 422, "{}", r.text());
    let body = r.json();
    assert_eq!(body["parameter"], "dpi");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.contains("at most 50.0 million") && error.contains("dpi=127 or less"),
        "{error}"
    );
    // A board of more pages than sheets (witches: a front and a back) is
    // counted whole once drawn, before it is rasterised.
    let r = client::get(server.addr, "/api/witches/board.png?seed=x&dpi=127&paper=a3&tile=4x4");
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.json()["error"].as_str().unwrap().contains("dpi=89 or less"), "{}", r.text());
    // Too many sheets for any resolution: the tiling is named.
    let small = serve(Limits {
        max_pixels: 1_000_000,
        ..Limits::default()
    });
    let r = client::get(small.addr, "/api/universe/board.png?seed=x&dpi=30&paper=a3&tile=4x4");
    assert_eq!((r.status, r.json()["parameter"].as_str()), (422, Some("tile")), "{}", r.text());
    server.stop().unwrap();
    small.stop().unwrap();
}

#[test]
fn a_request_whose_client_hangs_up_frees_its_slot_within_a_second() {
    let _serial = one_at_a_time();
    let server = serve(Limits {
        jobs: 1,
        queue_wait: Duration::from_secs(5),
        ..Limits::default()
    });
    let addr = server.addr;
    ask_and_hang_up(addr, EXPENSIVE, Duration::from_millis(300));
    let hung_up = Instant::now();
    let probe = client::get(addr, "/api/witches/board.json?seed=probe");
    assert_eq!(probe.status, 200, "{}", probe.text());
    assert!(
        hung_up.elapsed() < Duration::from_secs(1),
        "the slot came free after {:?}",
        hung_up.elapsed()
    );
    server.stop().unwrap();
}

#[test]
fn work_past_the_time_limit_is_stopped_and_answered_503() {
    let _serial = one_at_a_time();
    let server = serve(Limits {
        time_limit: Duration::from_millis(300),
        ..Limits::default()
    });
    let start = Instant::now();
    let r = client::get(server.addr, EXPENSIVE);
    assert!(start.elapsed() < Duration::from_millis(1500), "{:?}", start.elapsed());
    assert_eq!(r.status, 503, "{}", r.text());
    assert!(r.json()["error"].as_str().unwrap().contains("0.3 s"), "{}", r.text());
    server.stop().unwrap();
}

#[test]
fn large_work_leaves_a_slot_for_small_requests() {
    let _serial = one_at_a_time();
    let server = serve(Limits {
        jobs: 2,
        queue_wait: Duration::from_millis(100),
        ..Limits::default()
    });
    let addr = server.addr;
    let first = std::thread::spawn(move || client::get(addr, EXPENSIVE));
    std::thread::sleep(Duration::from_millis(200));
    // A second large request from the same client waits its turn (the
    // free slot is not given to it); a small one is answered meanwhile.
    let second = std::thread::spawn(move || {
        let r = client::get(addr, "/api/hexet/board.pdf?seed=other&width=200&height=200&tile=4x4&paper=a3");
        (r.status, Instant::now())
    });
    let small = client::get(addr, "/api/universe/board.svg?seed=small");
    assert_eq!(small.status, 200, "{}", small.text());
    assert!(!first.is_finished(), "the large request was still running");
    assert!(!second.is_finished(), "the client's second large request waits for its first");
    assert_eq!(first.join().unwrap().status, 200);
    let first_done = Instant::now();
    let (status, second_done) = second.join().unwrap();
    assert_eq!(status, 200);
    assert!(second_done >= first_done, "the second was made after the first");
    server.stop().unwrap();
}

#[test]
fn identical_requests_in_flight_are_computed_once() {
    let _serial = one_at_a_time();
    // One slot, a short wait: were each computed, most would be refused busy.
    let server = serve(Limits {
        jobs: 1,
        queue_wait: Duration::from_millis(50),
        cache_bytes: 0,
        ..Limits::default()
    });
    let addr = server.addr;
    let asks: Vec<_> = (0..100)
        .map(|_| std::thread::spawn(move || client::get(addr, "/api/starship/board.png?seed=det3")))
        .collect();
    let answers: Vec<client::Response> = asks.into_iter().map(|a| a.join().unwrap()).collect();
    let busy = answers.iter().filter(|r| r.status == 503).count();
    assert_eq!(busy, 0, "{busy} of 100 were refused busy");
    assert!(answers.iter().all(|r| r.status == 200 && r.body == answers[0].body));
    server.stop().unwrap();
}

#[test]
fn tags_come_after_every_check_and_name_the_bytes() {
    let _serial = one_at_a_time();
    let server = serve(Limits::default());
    let addr = server.addr;
    // `If-None-Match: *` never hides a refusal.
    for (path, status) in [
        ("/api/nowhere/board.svg?seed=a", 404),
        ("/api/universe/board.svg?seed=a&players=99", 400),
        ("/api/universe/board.json?seed=a&resolution=300", 422),
        ("/api/universe/board.png?seed=a&dpi=600&paper=a3&tile=4x4", 422),
        ("/api/universe/board.svg", 400),
    ] {
        assert_eq!(client::get_if_none_match(addr, path, "*").status, status, "{path}");
    }
    // A config makes no board: it is answered for any parameters allowed, tag and all.
    let r = client::get(addr, "/api/universe/config.toml?resolution=3000");
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.header("etag").is_some());
    // Once an answer is known to exist, `*` holds it.
    let r = client::get(addr, "/api/universe/board.svg?seed=a");
    assert_eq!(client::get_if_none_match(addr, "/api/universe/board.svg?seed=a", "*").status, 304);
    let tag = r.header("etag").unwrap().to_string();
    // A tag named for a refused request is refused all the same.
    let r = client::get_if_none_match(addr, "/api/universe/board.svg?seed=a&players=99", &tag);
    assert_eq!(r.status, 400);
    // The same bytes, the same tag: drawing options do not change JSON, nor
    // the dpi an SVG (a universe tiling does: the board is shaped for it).
    let tag_of = |path: &str| {
        let r = client::get(addr, path);
        assert_eq!(r.status, 200, "{path}: {}", r.text());
        (r.header("etag").unwrap().to_string(), r.body)
    };
    let pairs = [
        (
            "/api/universe/board.json?seed=a",
            "/api/universe/board.json?seed=a&paper=a3&dpi=300&tile=1x1&ink_friendly=true",
        ),
        ("/api/universe/board.svg?seed=a", "/api/universe/board.svg?seed=a&dpi=300"),
        ("/api/starship/snapshot-1.svg?seed=a", "/api/starship/snapshot-01.svg?seed=a"),
        ("/api/universe/config.toml", "/api/universe/config.toml?paper=a3&every=5"),
    ];
    for (a, b) in pairs {
        let (ta, ba) = tag_of(a);
        let (tb, bb) = tag_of(b);
        assert!(ba == bb, "{a} and {b} differ in bytes");
        assert_eq!(ta, tb, "{a} and {b}");
    }
    server.stop().unwrap();
}

#[test]
fn head_answers_the_headers_without_the_work() {
    let _serial = one_at_a_time();
    let server = serve(Limits {
        jobs: 1,
        ..Limits::default()
    });
    let start = Instant::now();
    let r = client::request(server.addr, "HEAD", EXPENSIVE, None);
    assert!(start.elapsed() < Duration::from_millis(500), "{:?}", start.elapsed());
    assert_eq!(r.status, 200);
    assert!(r.body.is_empty());
    assert_eq!(r.header("content-type"), Some("application/pdf"));
    assert!(r.header("etag").is_some());
    // No work, so no length: none is said (not a length of 0).
    assert_eq!(r.header("content-length"), None, "{r:?}");
    // A refused request is refused to HEAD too.
    assert_eq!(
        client::request(server.addr, "HEAD", "/api/universe/board.svg?seed=a&players=99", None).status,
        400
    );
    server.stop().unwrap();
}

/// A play that keeps a slot busy for tens of seconds: 9 players, 2,000 games.
const LONG_PLAY: &str = "/api/universe/play?seed=long&players=9&games=2000";

#[test]
fn a_play_leaves_room_for_small_requests_and_stops_when_its_client_hangs_up() {
    let _serial = one_at_a_time();
    let server = serve(Limits {
        jobs: 2,
        queue_wait: Duration::from_secs(2),
        ..Limits::default()
    });
    let addr = server.addr;
    let mut play = TcpStream::connect(addr).expect("connects");
    write!(play, "GET {LONG_PLAY} HTTP/1.1\r\nHost: {addr}\r\n\r\n").expect("sends");
    std::thread::sleep(Duration::from_millis(300));
    // Small requests find their slot and their threads while the games run.
    for k in 0..5 {
        let asked = Instant::now();
        let r = client::get(addr, &format!("/api/witches/board.json?seed=probe-{k}"));
        assert_eq!(r.status, 200, "probe {k} during a play: {}", r.text());
        // A millisecond's work: answered at once, not after the games (a second: room for a loaded machine).
        assert!(asked.elapsed() < Duration::from_secs(1), "probe {k} took {:?}", asked.elapsed());
    }
    let clue = client::get(addr, "/api/witches/clue?seed=probe");
    assert_eq!(clue.status, 200, "{}", clue.text());
    // The client hangs up: its games stop, and its next large request is
    // made at once rather than after the 2,000 games.
    drop(play);
    let hung_up = Instant::now();
    let next = client::get(addr, "/api/universe/play?seed=next&players=3&games=4");
    assert_eq!(next.status, 200, "{}", next.text());
    assert!(
        hung_up.elapsed() < Duration::from_secs(3),
        "the play's slot came free after {:?}",
        hung_up.elapsed()
    );
    server.stop().unwrap();
}

#[test]
fn a_play_past_the_time_limit_is_stopped_and_answered_503() {
    let _serial = one_at_a_time();
    let server = serve(Limits {
        time_limit: Duration::from_secs(1),
        ..Limits::default()
    });
    let start = Instant::now();
    let r = client::get(server.addr, LONG_PLAY);
    assert_eq!(r.status, 503, "{}", r.text());
    assert!(start.elapsed() < Duration::from_secs(4), "answered after {:?}", start.elapsed());
    // And the slot is free: a small play is made at once.
    assert_eq!(
        client::get(server.addr, "/api/universe/play?seed=after&players=3&games=4").status,
        200
    );
    server.stop().unwrap();
}

#[test]
fn identical_plays_in_flight_are_played_once_and_kept() {
    let _serial = one_at_a_time();
    let server = serve(Limits {
        cache_bytes: 0,
        ..Limits::default()
    });
    let addr = server.addr;
    // One play alone, then three identical ones at once (one client: were
    // each played, each would wait for the one before).
    let path = "/api/universe/play?seed=once&players=4&games=300";
    let start = Instant::now();
    let alone = client::get(addr, path);
    let one = start.elapsed();
    assert_eq!(alone.status, 200, "{}", alone.text());
    let start = Instant::now();
    let asks: Vec<_> = (0..3).map(|_| std::thread::spawn(move || client::get(addr, path))).collect();
    let answers: Vec<client::Response> = asks.into_iter().map(|a| a.join().unwrap()).collect();
    let three = start.elapsed();
    assert!(
        answers.iter().all(|r| r.status == 200 && r.body == alone.body),
        "the same bytes each time"
    );
    assert!(
        three < one * 2 + Duration::from_millis(500),
        "three identical plays took {three:?}, one {one:?}"
    );
    server.stop().unwrap();
    // Kept: the same play asked again is answered from the cache, tagged.
    let server = serve(Limits::default());
    let first = client::get(server.addr, path);
    let tag = first.header("etag").expect("a play is tagged").to_string();
    assert_eq!(client::get_if_none_match(server.addr, path, &tag).status, 304);
    let start = Instant::now();
    let again = client::get(server.addr, path);
    assert_eq!(again.body, first.body);
    assert!(
        start.elapsed() < one / 2 + Duration::from_millis(100),
        "a kept play took {:?}",
        start.elapsed()
    );
    server.stop().unwrap();
}

#[test]
fn head_on_a_play_plays_no_game() {
    let _serial = one_at_a_time();
    let server = serve(Limits::default());
    let start = Instant::now();
    let r = client::request(server.addr, "HEAD", LONG_PLAY, None);
    assert!(start.elapsed() < Duration::from_secs(1), "{:?}", start.elapsed());
    assert_eq!(r.status, 200);
    assert!(r.body.is_empty());
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert!(r.header("etag").is_some());
    assert_eq!(r.header("content-length"), None, "{r:?}");
    assert_eq!(
        client::request(server.addr, "HEAD", "/api/universe/play?seed=a&games=0", None).status,
        400
    );
    server.stop().unwrap();
}

#[test]
fn an_identical_play_waiting_is_answered_when_the_first_asker_hangs_up() {
    let _serial = one_at_a_time();
    let server = serve(Limits {
        cache_bytes: 0,
        ..Limits::default()
    });
    let addr = server.addr;
    let path = "/api/universe/play?seed=shared&players=3&games=1000";
    let mut first = TcpStream::connect(addr).expect("connects");
    write!(first, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").expect("sends");
    std::thread::sleep(Duration::from_millis(300));
    let second = std::thread::spawn(move || client::get(addr, path));
    std::thread::sleep(Duration::from_millis(300));
    drop(first);
    let r = second.join().unwrap();
    assert_eq!(r.status, 200, "the one still asking gets the games: {}", r.text());
    server.stop().unwrap();
}
