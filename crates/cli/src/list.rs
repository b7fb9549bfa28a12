//! `boardwright list`: every generator with its parameters, defaults, ranges
//! and docs, from the same tables that validate them.

use std::fmt::Write;

use boardwright::params::{self, Allowed, Params};
use boardwright::universe;

/// The listing as text.
pub fn text() -> String {
    let mut out = String::new();
    section::<universe::Params>(
        &mut out,
        "universe",
        "node-and-edge boards for the paper-cutting race game Unstable Universe",
    );
    out
}

fn section<P: Params>(out: &mut String, name: &str, doc: &str) {
    let defaults = params::defaults::<P>();
    let _ = writeln!(out, "{name}: {doc}");
    for info in P::INFO {
        let default = match (info.allowed, defaults.get(info.name)) {
            (Allowed::Data(_), Some(toml::Value::Array(items))) => format!("{} built in", items.len()),
            (_, Some(value)) => value.to_string(),
            (_, None) => "none".to_string(),
        };
        let _ = writeln!(
            out,
            "  {:<16} {} (default: {default}; allowed: {})",
            info.name, info.doc, info.allowed
        );
    }
    for (preset, text) in P::PRESETS {
        let summary = text
            .lines()
            .find(|l| l.starts_with('#'))
            .map_or("", |l| l.trim_start_matches('#').trim());
        let _ = writeln!(out, "  preset {preset}: {summary}");
    }
}
