//! `boardwright list`: every generator with its parameters, defaults, ranges
//! and docs, from the same tables that validate them.

use std::fmt::Write;

use boardwright::params::{Allowed, Params};
use boardwright::{GENERATORS, Registered, Visit, with_generator};

/// The listing as text: every generator of the registry, in its order.
pub fn text() -> String {
    let mut out = String::new();
    for name in GENERATORS {
        with_generator(name, Section(&mut out));
    }
    out
}

/// One generator's section of the listing.
struct Section<'a>(&'a mut String);

impl Visit for Section<'_> {
    type Output = ();
    fn visit<G: Registered>(self) {
        section::<G>(self.0);
    }
}

fn section<G: Registered>(out: &mut String) {
    let _ = writeln!(out, "{}: {}", G::NAME, G::ABOUT);
    for info in <G::Params as Params>::INFO {
        let default = match (info.allowed, G::Params::default_value(info.name)) {
            (Allowed::Data(_), Some(toml::Value::Array(items))) => format!("{} built in", items.len()),
            (_, Some(value)) => value.to_string(),
            (_, None) => "none".to_string(),
        };
        let size = if <G::Params as Params>::SIZE.contains(&info.name) {
            "; a size parameter: the work grows with it"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "  {:<20} {} (default: {default}; allowed: {}{size})",
            info.name, info.doc, info.allowed
        );
    }
    for (preset, text) in <G::Params as Params>::PRESETS {
        let summary = text
            .lines()
            .find(|l| l.starts_with('#'))
            .map_or("", |l| l.trim_start_matches('#').trim());
        let _ = writeln!(out, "  preset {preset}: {summary}");
    }
    out.push('\n');
}
