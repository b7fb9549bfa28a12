//! A result's `metrics` as a flat list of named numbers.
//!
//! - a number is one figure, named by its path: nested ones `outer.inner`;
//! - a list of numbers gives one figure per entry, `name.i` with `i` its index
//!   (a histogram's bin, a mission's or a player's place in the list); boards
//!   whose list is shorter count the missing tail entries as 0 (see
//!   [`super::report`]);
//! - a list of objects gives `name.KEY.field`, KEY being the object's first
//!   text field (`scores.thrusters.budget`) or else its index
//!   (`shares.0.cauldron_cells`, player 0's); an object's `player` and `id`
//!   fields name it and are no figures;
//! - a list of texts (or an empty list) is one figure: how many entries it has
//!   (`shortfalls`);
//! - other texts, booleans and nulls are no figures.

use serde_json::Value;

/// The figures of one result's metrics, in the order of its fields.
pub fn flatten(metrics: &Value) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    walk(String::new(), metrics, false, &mut out);
    out
}

fn walk(name: String, value: &Value, list_item: bool, out: &mut Vec<(String, f64)>) {
    match value {
        Value::Number(n) => {
            if let Some(x) = n.as_f64().filter(|x| x.is_finite()) {
                out.push((name, x));
            }
        }
        Value::Object(fields) => {
            for (key, field) in fields {
                if list_item && (key == "player" || key == "id") {
                    continue;
                }
                walk(join(&name, key), field, false, out);
            }
        }
        Value::Array(items) => {
            if items.iter().all(Value::is_string) {
                out.push((name, items.len() as f64));
                return;
            }
            for (i, item) in items.iter().enumerate() {
                let key = match item {
                    Value::Object(fields) => fields
                        .values()
                        .find_map(Value::as_str)
                        .map_or_else(|| i.to_string(), str::to_string),
                    _ => i.to_string(),
                };
                walk(join(&name, &key), item, true, out);
            }
        }
        Value::String(_) | Value::Bool(_) | Value::Null => {}
    }
}

fn join(outer: &str, inner: &str) -> String {
    if outer.is_empty() {
        inner.to_string()
    } else {
        format!("{outer}.{inner}")
    }
}

/// The list a figure is an entry of, when it is an entry of a list of
/// numbers: `degree_histogram` for `degree_histogram.3`.
pub fn list_of(name: &str) -> Option<&str> {
    let (list, last) = name.rsplit_once('.')?;
    (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())).then_some(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_metrics_flatten_by_path() {
        let metrics = serde_json::json!({
            "nodes": 88,
            "hist": [1, 0, 5],
            "sides": {"left": 4.5},
            "shares": [{"player": 0, "cells": 3}, {"player": 1, "cells": 4}],
            "scores": [{"stage": "weapons", "budget": 16}],
            "shortfalls": ["a", "b"],
            "note": "text",
        });
        let names: Vec<(String, f64)> = flatten(&metrics);
        let expect = [
            ("hist.0", 1.0),
            ("hist.1", 0.0),
            ("hist.2", 5.0),
            ("nodes", 88.0),
            ("scores.weapons.budget", 16.0),
            ("shares.0.cells", 3.0),
            ("shares.1.cells", 4.0),
            ("shortfalls", 2.0),
            ("sides.left", 4.5),
        ];
        assert_eq!(names, expect.map(|(n, v)| (n.to_string(), v)));
        assert_eq!(list_of("hist.2"), Some("hist"));
        assert_eq!(list_of("shares.0.cells"), None);
        assert_eq!(list_of("nodes"), None);
    }
}
