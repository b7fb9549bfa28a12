//! Which requests this server answers, and the headers every answer
//! carries.
//!
//! A page of any web site, open in a browser on this machine, can make the
//! browser send requests here: an `<img>` of a 600 dpi board, a potion
//! posted as `text/plain` (a CORS "simple" request, sent without asking
//! first), or, through a name of its own that resolves to 127.0.0.1 (DNS
//! rebinding), anything at all, read back as if it came from that site. So:
//!
//! - the `Host` must be an IP address, `localhost`, or the host of an
//!   origin the operator allowed (`--allow-origin`); others get 421. A
//!   request without a host (HTTP/1.0) is answered.
//! - an `Origin` other than the server's own (the scheme-less `host:port`
//!   of its `Host`) or an allowed one gets 403; so does a request under
//!   `/api/` without an `Origin` whose `Sec-Fetch-Site` says another site
//!   asked (`cross-site`, or `same-site`: another port of the same host).
//!   Pages and their files stay loadable: the headers below keep them out
//!   of another site's frames and reads.
//! - an allowed origin gets CORS (`Access-Control-Allow-Origin`, and a
//!   preflight answered), except for the recipe, `/api/witches/reveal`,
//!   which no other site's page reads.
//!
//! Every answer, refusals included, carries the security headers of
//! [`SECURITY_HEADERS`]: a Content-Security-Policy that lets the page load
//! only its own files, never be framed, and post forms only here.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::str::FromStr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// The policy of every answer. The page's scripts are modules of its own
/// (no inline script, no `eval`), its styles one stylesheet (scripts set
/// styles through the CSSOM, which the policy does not govern), its images
/// its own drawings or images a script makes in the page (`data:`,
/// `blob:`).
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers every answer carries, whatever its status.
pub(crate) const SECURITY_HEADERS: [(HeaderName, &str); 6] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    // Scripts and styles only as the media type they are served as.
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    // Browsers without `frame-ancestors`.
    (header::X_FRAME_OPTIONS, "DENY"),
    // A board's address (its seed, a game's roads) goes to no other site.
    (header::REFERRER_POLICY, "same-origin"),
    // Another site's `<img>` or `<script>` of an answer is not loaded.
    (HeaderName::from_static("cross-origin-resource-policy"), "same-origin"),
    // A window opened from another site holds no handle on the page.
    (HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
];

/// The one path no other site's page may read: the witches recipe.
const SECRET: &str = "/api/witches/reveal";

/// A web origin, `SCHEME://HOST[:PORT]`, written as browsers send it in
/// `Origin`: lower case, the scheme's default port left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// `http` or `https`.
    scheme: &'static str,
    /// A name, an IPv4 address or a bracketed IPv6 address, lower case.
    host: String,
    /// The port, unless it is the scheme's default.
    port: Option<u16>,
}

impl Origin {
    fn default_port(&self) -> u16 {
        if self.scheme == "https" { 443 } else { 80 }
    }

    /// Whether this is the origin of a server addressed as `host`: the
    /// same host and port, a port left out being this scheme's default.
    fn serves(&self, host: &Authority) -> bool {
        self.host == host.host && self.port.unwrap_or(self.default_port()) == host.port.unwrap_or(self.default_port())
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.host)?;
        match self.port {
            Some(port) => write!(f, ":{port}"),
            None => Ok(()),
        }
    }
}

impl FromStr for Origin {
    type Err = String;

    /// Reads `http://HOST`, `https://HOST:PORT`, … (a trailing `/` is
    /// allowed; a path, query, user or wildcard is not).
    fn from_str(text: &str) -> Result<Origin, String> {
        let refuse = |why: &str| {
            format!(
                "{text:?} is not a web origin ({why}); expected SCHEME://HOST or SCHEME://HOST:PORT, such as https://boards.example.org or http://localhost:3000"
            )
        };
        let lower = text.trim().to_ascii_lowercase();
        let (scheme, rest) = lower.split_once("://").ok_or_else(|| refuse("no scheme"))?;
        let scheme = match scheme {
            "http" => "http",
            "https" => "https",
            _ => return Err(refuse("the scheme is neither http nor https")),
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.contains(['/', '?', '#', '@', '*']) {
            return Err(refuse("an origin has no path, query, user or wildcard"));
        }
        let authority = Authority::parse(rest).ok_or_else(|| refuse("the host or port cannot be read"))?;
        let is_name = authority.host.split('.').all(|label| {
            !label.is_empty()
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        });
        if !authority.is_ip_literal() && !is_name {
            return Err(refuse("the host is neither a name nor an IP address"));
        }
        let mut origin = Origin {
            scheme,
            host: authority.host,
            port: authority.port,
        };
        if origin.port == Some(origin.default_port()) {
            origin.port = None;
        }
        Ok(origin)
    }
}

/// A `Host` value read: the host in lower case and the port, if any.
#[derive(Debug, PartialEq, Eq)]
struct Authority {
    host: String,
    port: Option<u16>,
}

impl Authority {
    /// `HOST`, `HOST:PORT`, `[V6]` or `[V6]:PORT`; `None` for anything
    /// else (an empty host or port, a port over 65535, stray brackets).
    fn parse(text: &str) -> Option<Authority> {
        let (host, port) = if text.starts_with('[') {
            let end = text.find(']')?;
            match &text[end + 1..] {
                "" => (&text[..=end], None),
                rest => (&text[..=end], Some(rest.strip_prefix(':')?)),
            }
        } else {
            match text.rsplit_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (text, None),
            }
        };
        let port = match port {
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => Some(digits.parse().ok()?),
            Some(_) => return None,
            None => None,
        };
        if host.is_empty() || host.contains(['[', ']']) && !host.starts_with('[') {
            return None;
        }
        Some(Authority {
            host: host.to_ascii_lowercase(),
            port,
        })
    }

    /// An IPv4 address or a bracketed IPv6 address: no name for DNS to
    /// point elsewhere.
    fn is_ip_literal(&self) -> bool {
        match self.host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            Some(v6) => v6.parse::<Ipv6Addr>().is_ok(),
            None => self.host.parse::<Ipv4Addr>().is_ok(),
        }
    }
}

/// Which requests this server answers: its allowed origins.
#[derive(Debug, Default)]
pub(crate) struct Guard {
    allowed: Vec<Origin>,
}

/// What to do with a request.
#[derive(Debug, PartialEq)]
enum Verdict {
    /// Answer it; with CORS headers for this allowed origin.
    Answer { cors: Option<String> },
    /// Answer this allowed origin's preflight here.
    Preflight { origin: String },
}

impl Guard {
    pub(crate) fn new(allowed: Vec<Origin>) -> Guard {
        Guard { allowed }
    }

    /// Whether the server answers requests addressed to `host`.
    fn host_allowed(&self, host: &Authority) -> bool {
        host.is_ip_literal() || host.host == "localhost" || self.allowed.iter().any(|o| o.host == host.host)
    }

    /// Whether a request of `method` to `uri` with `headers` is answered,
    /// and how; or the refusal.
    fn judge(&self, method: &Method, uri: &Uri, headers: &HeaderMap) -> Result<Verdict, ApiError> {
        // The host: `Host`, or the request line's own (`GET http://host/…`).
        let mut named: Vec<&str> = headers
            .get_all(header::HOST)
            .iter()
            .map(|v| v.to_str().unwrap_or("\u{fffd}"))
            .collect();
        if let Some(authority) = uri.authority() {
            named.push(authority.as_str());
        }
        let mut host = None;
        for text in named {
            match Authority::parse(text).filter(|a| self.host_allowed(a)) {
                Some(authority) => host = Some(authority),
                None => return Err(foreign_host(text)),
            }
        }
        let path = uri.path();
        let api = path == "/api" || path.starts_with("/api/");
        let Some(origin_text) = headers.get(header::ORIGIN) else {
            // `<img>`, `<script>`, a link followed or a form sent from
            // another site carry no `Origin` on GET, but browsers say who asked.
            let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()).unwrap_or("");
            if api && matches!(site.to_ascii_lowercase().as_str(), "cross-site" | "same-site") {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    format!(
                        "a page or link of another site asked for {path}; this server answers its API only to its own pages, to the origins it was started with (--allow-origin), and to addresses typed in the browser"
                    ),
                ));
            }
            return Ok(Verdict::Answer { cors: None });
        };
        let origin_text = origin_text.to_str().unwrap_or("\u{fffd}");
        let origin = origin_text.parse::<Origin>().ok();
        if let (Some(origin), Some(host)) = (&origin, &host)
            && origin.serves(host)
        {
            return Ok(Verdict::Answer { cors: None });
        }
        if path == SECRET {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!("the recipe is given only to this server's own pages, never to a page of {origin_text}"),
            ));
        }
        match origin.as_ref().filter(|o| self.allowed.contains(o)) {
            Some(origin) if method == Method::OPTIONS && headers.contains_key(header::ACCESS_CONTROL_REQUEST_METHOD) => {
                Ok(Verdict::Preflight {
                    origin: origin.to_string(),
                })
            }
            Some(origin) => Ok(Verdict::Answer {
                cors: Some(origin.to_string()),
            }),
            None => Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "a page of {origin_text} may not use this server; to let it, start the server with --allow-origin {}",
                    origin.map_or_else(|| "ORIGIN".to_string(), |o| o.to_string())
                ),
            )),
        }
    }
}

fn foreign_host(host: &str) -> ApiError {
    let name = host.split(':').next().unwrap_or(host);
    ApiError::new(
        StatusCode::MISDIRECTED_REQUEST,
        format!(
            "this server answers requests addressed to localhost or to an IP address, not to {host:?}; to serve it under that name, start it with --allow-origin http://{host} (or https://{name} behind a proxy that serves HTTPS)"
        ),
    )
}

/// Refuses the requests [`Guard`] refuses, answers an allowed origin's
/// preflight, and adds CORS headers for an allowed origin.
pub(crate) async fn check(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    let mut response = match guard.judge(request.method(), request.uri(), request.headers()) {
        Err(refusal) => refusal.into_response(),
        Ok(Verdict::Preflight { origin }) => {
            let mut response = StatusCode::NO_CONTENT.into_response();
            let headers = response.headers_mut();
            allow(headers, &origin);
            headers.insert(header::ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static("GET, POST"));
            headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, HeaderValue::from_static("Content-Type"));
            headers.insert(header::ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static("600"));
            response
        }
        Ok(Verdict::Answer { cors }) => {
            let mut response = next.run(request).await;
            if let Some(origin) = cors {
                allow(response.headers_mut(), &origin);
            }
            response
        }
    };
    // Where some origins get CORS headers, an answer kept by a cache
    // depends on the asking origin.
    if !guard.allowed.is_empty() {
        response.headers_mut().append(header::VARY, HeaderValue::from_static("Origin"));
    }
    response
}

fn allow(headers: &mut HeaderMap, origin: &str) {
    if let Ok(value) = HeaderValue::from_str(origin) {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, value);
    }
}

/// Adds [`SECURITY_HEADERS`] to every answer.
pub(crate) async fn secure(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(text: &str) -> Result<String, String> {
        text.parse::<Origin>().map(|o| o.to_string())
    }

    #[test]
    fn origins_are_read_as_browsers_write_them() {
        assert_eq!(origin("https://Boards.Example.org/").as_deref(), Ok("https://boards.example.org"));
        assert_eq!(
            origin("https://boards.example.org:443").as_deref(),
            Ok("https://boards.example.org")
        );
        assert_eq!(origin("http://localhost:3000").as_deref(), Ok("http://localhost:3000"));
        assert_eq!(origin("http://[::1]:8080").as_deref(), Ok("http://[::1]:8080"));
        assert_eq!(origin("http://10.0.0.7:80").as_deref(), Ok("http://10.0.0.7"));
        for bad in [
            "boards.example.org",
            "ftp://x.org",
            "https://x.org/path",
            "https://*.x.org",
            "https://u@x.org",
            "http://x.org:99999",
            "http://x.org:",
            "null",
            "http://",
            "http://-x.org",
        ] {
            let e = origin(bad).expect_err(bad);
            assert!(e.contains("SCHEME://HOST"), "{bad}: {e}");
        }
    }

    #[test]
    fn hosts_are_split_from_their_port() {
        let a = |host: &str, port| {
            Some(Authority {
                host: host.to_string(),
                port,
            })
        };
        assert_eq!(Authority::parse("LocalHost:8080"), a("localhost", Some(8080)));
        assert_eq!(Authority::parse("[::1]"), a("[::1]", None));
        assert_eq!(Authority::parse("[::1]:80"), a("[::1]", Some(80)));
        for bad in ["", ":80", "x:", "x:8o", "[::1", "[::1]x", "a]b"] {
            assert_eq!(Authority::parse(bad), None, "{bad:?}");
        }
        assert!(Authority::parse("127.0.0.1:1").unwrap().is_ip_literal());
        assert!(Authority::parse("[::ffff:7f00:1]").unwrap().is_ip_literal());
        assert!(!Authority::parse("127.0.0.1.nip.io").unwrap().is_ip_literal());
        assert!(!Authority::parse("[evil.example]").unwrap().is_ip_literal());
    }

    #[test]
    fn the_own_origin_is_the_hosts_with_the_schemes_port() {
        let host = |text: &str| Authority::parse(text).unwrap();
        let o = |text: &str| text.parse::<Origin>().unwrap();
        assert!(o("http://127.0.0.1:8080").serves(&host("127.0.0.1:8080")));
        assert!(o("https://boards.example.org").serves(&host("boards.example.org")));
        assert!(o("https://boards.example.org").serves(&host("boards.example.org:443")));
        assert!(!o("http://127.0.0.1:3000").serves(&host("127.0.0.1:8080")));
        assert!(!o("http://localhost:8080").serves(&host("127.0.0.1:8080")));
    }

    fn judge(guard: &Guard, method: Method, path: &str, headers: &[(&str, &str)]) -> Result<Verdict, StatusCode> {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.append(
                HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(value).unwrap(),
            );
        }
        guard
            .judge(&method, &path.parse().unwrap(), &map)
            .map_err(|e| e.into_response().status())
    }

    #[test]
    fn requests_are_judged_by_host_origin_and_site() {
        let guard = Guard::new(vec!["http://localhost:3000".parse().unwrap()]);
        let answer = Ok(Verdict::Answer { cors: None });
        let host = ("Host", "127.0.0.1:8080");
        assert_eq!(judge(&guard, Method::GET, "/", &[]), answer);
        assert_eq!(judge(&guard, Method::GET, "/", &[("Host", "localhost")]), answer);
        assert_eq!(judge(&guard, Method::GET, "/", &[("Host", "localhost:3000")]), answer);
        assert_eq!(
            judge(&guard, Method::GET, "/", &[("Host", "evil.example")]),
            Err(StatusCode::MISDIRECTED_REQUEST)
        );
        assert_eq!(
            judge(&guard, Method::GET, "/", &[host, ("Host", "evil.example")]),
            Err(StatusCode::MISDIRECTED_REQUEST)
        );
        assert_eq!(
            judge(&guard, Method::GET, "http://evil.example/", &[host]),
            Err(StatusCode::MISDIRECTED_REQUEST)
        );
        assert_eq!(
            judge(&guard, Method::GET, "/api/x", &[host, ("Sec-Fetch-Site", "Cross-Site")]),
            Err(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            judge(&guard, Method::GET, "/api", &[host, ("Sec-Fetch-Site", "same-site")]),
            Err(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            judge(&guard, Method::GET, "/apis", &[host, ("Sec-Fetch-Site", "same-site")]),
            answer
        );
        assert_eq!(
            judge(&guard, Method::GET, "/api/x", &[host, ("Sec-Fetch-Site", "same-origin")]),
            answer
        );
        assert_eq!(
            judge(&guard, Method::GET, SECRET, &[host, ("Origin", "http://127.0.0.1:8080")]),
            answer
        );
        assert_eq!(
            judge(&guard, Method::GET, SECRET, &[host, ("Origin", "http://localhost:3000")]),
            Err(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            judge(&guard, Method::GET, "/api/x", &[("Origin", "http://127.0.0.1:8080")]),
            Err(StatusCode::FORBIDDEN)
        );
        let cors = Ok(Verdict::Answer {
            cors: Some("http://localhost:3000".to_string()),
        });
        assert_eq!(
            judge(&guard, Method::GET, "/api/x", &[host, ("Origin", "http://localhost:3000")]),
            cors
        );
        assert_eq!(
            judge(&guard, Method::OPTIONS, "/api/x", &[host, ("Origin", "http://localhost:3000")]),
            cors
        );
        let asks = ("Access-Control-Request-Method", "POST");
        let preflight = Ok(Verdict::Preflight {
            origin: "http://localhost:3000".to_string(),
        });
        assert_eq!(
            judge(
                &guard,
                Method::OPTIONS,
                "/api/x",
                &[host, ("Origin", "http://localhost:3000"), asks]
            ),
            preflight
        );
        assert_eq!(
            judge(
                &guard,
                Method::OPTIONS,
                "/api/x",
                &[host, ("Origin", "http://localhost:3001"), asks]
            ),
            Err(StatusCode::FORBIDDEN)
        );
    }
}
