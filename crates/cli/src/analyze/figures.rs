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

use std::sync::Arc;

use serde_json::Value;

/// One board's figures: the names (shared by every board with the same
/// names, which is nearly all of them) and the values, in the order of the
/// result's fields.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// The figures' names.
    pub names: Arc<[String]>,
    /// Their values.
    pub values: Vec<f64>,
}

/// Flattens metrics board after board, reusing the names of the board
/// before when they are the same (no name is allocated then).
#[derive(Default)]
pub struct Flattener {
    last: Option<Arc<[String]>>,
    /// The names so far when they differ from `last`'s.
    fresh: Option<Vec<String>>,
    path: String,
    at: usize,
    values: Vec<f64>,
}

impl Flattener {
    /// The figures of one result's metrics.
    pub fn flatten(&mut self, metrics: &Value) -> Figures {
        self.path.clear();
        self.at = 0;
        self.fresh = None;
        self.values = Vec::with_capacity(self.last.as_ref().map_or(16, |l| l.len()));
        self.walk(metrics, false);
        let names = match (self.fresh.take(), &self.last) {
            (None, Some(last)) if last.len() == self.at => Arc::clone(last),
            (fresh, last) => {
                let names: Arc<[String]> = fresh
                    .unwrap_or_else(|| last.as_ref().map_or_else(Vec::new, |l| l[..self.at].to_vec()))
                    .into();
                self.last = Some(Arc::clone(&names));
                names
            }
        };
        Figures {
            names,
            values: std::mem::take(&mut self.values),
        }
    }

    fn emit(&mut self, value: f64) {
        if self.fresh.is_none() {
            match &self.last {
                Some(last) if last.get(self.at).is_some_and(|n| *n == self.path) => {}
                last => self.fresh = Some(last.as_ref().map_or_else(Vec::new, |l| l[..self.at].to_vec())),
            }
        }
        if let Some(fresh) = &mut self.fresh {
            fresh.push(self.path.clone());
        }
        self.at += 1;
        self.values.push(value);
    }

    fn walk(&mut self, value: &Value, list_item: bool) {
        match value {
            Value::Number(n) => {
                if let Some(x) = n.as_f64().filter(|x| x.is_finite()) {
                    self.emit(x);
                }
            }
            Value::Object(fields) => {
                for (key, field) in fields {
                    if list_item && (key == "player" || key == "id") {
                        continue;
                    }
                    let len = self.push(key);
                    self.walk(field, false);
                    self.path.truncate(len);
                }
            }
            Value::Array(items) => {
                if items.iter().all(Value::is_string) {
                    self.emit(items.len() as f64);
                    return;
                }
                for (i, item) in items.iter().enumerate() {
                    let label = match item {
                        Value::Object(fields) => fields.values().find_map(Value::as_str),
                        _ => None,
                    };
                    let len = match label {
                        Some(label) => self.push(label),
                        None => self.push(&i.to_string()),
                    };
                    self.walk(item, true);
                    self.path.truncate(len);
                }
            }
            Value::String(_) | Value::Bool(_) | Value::Null => {}
        }
    }

    /// Appends `.segment` (or the first segment) to the path; returns the length before.
    fn push(&mut self, segment: &str) -> usize {
        let len = self.path.len();
        if len > 0 {
            self.path.push('.');
        }
        self.path.push_str(segment);
        len
    }
}

/// The figures of one result's metrics, as (name, value) pairs.
#[cfg(test)]
pub fn flatten(metrics: &Value) -> Vec<(String, f64)> {
    let f = Flattener::default().flatten(metrics);
    f.names.iter().cloned().zip(f.values).collect()
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
        // A second board with other names, then the first's again.
        let mut f = Flattener::default();
        let a = f.flatten(&metrics);
        let b = f.flatten(&serde_json::json!({"nodes": 3}));
        let c = f.flatten(&metrics);
        assert_eq!((&*b.names, b.values), (&["nodes".to_string()][..], vec![3.0]));
        assert_eq!(a, c);
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
