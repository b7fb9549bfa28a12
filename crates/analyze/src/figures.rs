//! A result's `metrics` as a flat list of named numbers.
//!
//! - a number is one figure, named by its path: nested ones `outer.inner`;
//! - a list of numbers gives one figure per entry, `name.i` with `i` its index
//!   (a histogram's bin, a mission's or a player's place in the list); boards
//!   whose list is shorter count the missing tail entries as 0 (see
//!   [`super::report`]);
//! - a list of objects gives `name.KEY.field`, KEY being the object's text
//!   field that comes before its numbers (`scores.thrusters.budget`: a stage
//!   score's `stage`) or else its index (`shares.0.cauldron_cells`, player
//!   0's); an object's `player` and `id` fields name it and are no figures;
//! - a list of texts (or an empty list) is one figure: how many entries it has
//!   (`shortfalls`);
//! - other texts, booleans and nulls are no figures.

use std::sync::Arc;

use serde::Serialize;
use serde::ser;

/// Lists of names a [`Flattener`] keeps for reuse at most.
const KEPT_NAME_LISTS: usize = 64;

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
/// before when they are the same (no name is allocated then), and otherwise
/// those of an earlier board with the same names: boards hold one copy of
/// each list of names (a few lists: degree histograms of a few lengths),
/// not one each.
#[derive(Default)]
pub struct Flattener {
    last: Option<Arc<[String]>>,
    /// Every list of names made so far, up to [`KEPT_NAME_LISTS`].
    seen: Vec<Arc<[String]>>,
    /// The names so far when they differ from `last`'s.
    fresh: Option<Vec<String>>,
    path: String,
    at: usize,
    values: Vec<f64>,
}

impl Flattener {
    /// The figures of one result's metrics, read straight from the struct
    /// (nothing is built in between).
    pub fn flatten<T: Serialize + ?Sized>(&mut self, metrics: &T) -> Figures {
        self.path.clear();
        self.at = 0;
        self.fresh = None;
        self.values = Vec::with_capacity(self.last.as_ref().map_or(16, |l| l.len()));
        // Flat never fails: whatever it cannot read is no figure.
        let _ = metrics.serialize(Flat { f: self, item: None });
        let names = match (self.fresh.take(), &self.last) {
            (None, Some(last)) if last.len() == self.at => Arc::clone(last),
            (fresh, last) => {
                let fresh = fresh.unwrap_or_else(|| last.as_ref().map_or_else(Vec::new, |l| l[..self.at].to_vec()));
                let names = match self.seen.iter().find(|seen| seen[..] == fresh[..]) {
                    Some(seen) => Arc::clone(seen),
                    None => {
                        let names: Arc<[String]> = fresh.into();
                        if self.seen.len() < KEPT_NAME_LISTS {
                            self.seen.push(Arc::clone(&names));
                        }
                        names
                    }
                };
                self.last = Some(Arc::clone(&names));
                names
            }
        };
        Figures {
            names,
            values: std::mem::take(&mut self.values),
        }
    }

    /// `figures` followed by `extra`, figures measured beside the result
    /// ([`Played::extra_figures`](boardwright::Played::extra_figures)),
    /// the joined names shared as the result's own are.
    pub fn extend(&mut self, figures: Figures, extra: &[(&str, f64)]) -> Figures {
        let Figures { names: own, mut values } = figures;
        let joined = |names: &[String]| {
            names.len() == own.len() + extra.len()
                && names[..own.len()] == own[..]
                && names[own.len()..].iter().zip(extra).all(|(a, (b, _))| a == b)
        };
        let names = match self.seen.iter().find(|seen| joined(seen)) {
            Some(seen) => Arc::clone(seen),
            None => {
                let names: Arc<[String]> = own.iter().cloned().chain(extra.iter().map(|(name, _)| name.to_string())).collect();
                if self.seen.len() < KEPT_NAME_LISTS {
                    self.seen.push(Arc::clone(&names));
                }
                names
            }
        };
        values.extend(extra.iter().map(|&(_, value)| value));
        Figures { names, values }
    }

    fn emit(&mut self, value: f64) {
        if !value.is_finite() {
            return;
        }
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

/// Where an object being read sits: an entry of a list, whose index segment
/// starts at `base` and may still give way to its first text field.
#[derive(Clone, Copy)]
struct Item {
    base: usize,
    at_start: usize,
    named: bool,
}

/// A serde serializer that flattens what it is given into its [`Flattener`].
struct Flat<'f> {
    f: &'f mut Flattener,
    item: Option<Item>,
}

/// What a value was, for its list: text (counted) or anything else.
#[derive(PartialEq)]
enum Seen {
    Text,
    Other,
}

type Error = serde_json::Error;

impl<'f> Flat<'f> {
    fn number(self, x: f64) -> Result<Seen, Error> {
        self.f.emit(x);
        Ok(Seen::Other)
    }
}

/// `serialize_i8` and its kin: each number emitted as an `f64`.
macro_rules! numbers {
    ($($method:ident: $t:ty),*) => {
        $(
            fn $method(self, v: $t) -> Result<Seen, Error> {
                self.number(v as f64)
            }
        )*
    };
}

impl<'f> ser::Serializer for Flat<'f> {
    type Ok = Seen;
    type Error = Error;
    type SerializeSeq = List<'f>;
    type SerializeTuple = List<'f>;
    type SerializeTupleStruct = List<'f>;
    type SerializeTupleVariant = List<'f>;
    type SerializeMap = Object<'f>;
    type SerializeStruct = Object<'f>;
    type SerializeStructVariant = Object<'f>;

    fn serialize_bool(self, _: bool) -> Result<Seen, Error> {
        Ok(Seen::Other)
    }
    numbers!(
        serialize_i8: i8,
        serialize_i16: i16,
        serialize_i32: i32,
        serialize_i64: i64,
        serialize_u8: u8,
        serialize_u16: u16,
        serialize_u32: u32,
        serialize_u64: u64,
        serialize_f32: f32
    );
    fn serialize_f64(self, v: f64) -> Result<Seen, Error> {
        self.number(v)
    }
    fn serialize_char(self, _: char) -> Result<Seen, Error> {
        Ok(Seen::Text)
    }
    fn serialize_str(self, _: &str) -> Result<Seen, Error> {
        Ok(Seen::Text)
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<Seen, Error> {
        Ok(Seen::Other)
    }
    fn serialize_none(self) -> Result<Seen, Error> {
        Ok(Seen::Other)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Seen, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Seen, Error> {
        Ok(Seen::Other)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Seen, Error> {
        Ok(Seen::Other)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<Seen, Error> {
        Ok(Seen::Text)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<Seen, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(self, _: &'static str, _: u32, _: &'static str, value: &T) -> Result<Seen, Error> {
        value.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<List<'f>, Error> {
        Ok(List {
            f: self.f,
            index: 0,
            texts: 0,
            others: 0,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<List<'f>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<List<'f>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(self, _: &'static str, _: u32, _: &'static str, len: usize) -> Result<List<'f>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Object<'f>, Error> {
        Ok(Object {
            f: self.f,
            item: self.item,
            key: String::new(),
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Object<'f>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(self, _: &'static str, _: u32, _: &'static str, len: usize) -> Result<Object<'f>, Error> {
        self.serialize_map(Some(len))
    }
}

/// A list being read: entries by index; a list of texts counts them.
struct List<'f> {
    f: &'f mut Flattener,
    index: usize,
    texts: usize,
    others: usize,
}

impl List<'_> {
    fn entry<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let base = self.f.push(&self.index.to_string());
        let item = Item {
            base,
            at_start: self.f.at,
            named: false,
        };
        match value.serialize(Flat {
            f: self.f,
            item: Some(item),
        })? {
            Seen::Text => self.texts += 1,
            Seen::Other => self.others += 1,
        }
        self.f.path.truncate(base);
        self.index += 1;
        Ok(())
    }

    fn finish(self) -> Result<Seen, Error> {
        if self.others == 0 {
            self.f.emit(self.texts as f64);
        }
        Ok(Seen::Other)
    }
}

/// The serde traits of a list's entries (a sequence, a tuple, tuple
/// structs and variants): each element an entry of the [`List`].
macro_rules! list_entries {
    ($($trait:ident :: $method:ident),*) => {
        $(
            impl ser::$trait for List<'_> {
                type Ok = Seen;
                type Error = Error;
                fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                    self.entry(value)
                }
                fn end(self) -> Result<Seen, Error> {
                    self.finish()
                }
            }
        )*
    };
}

list_entries!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// An object (struct or map) being read: fields by name.
struct Object<'f> {
    f: &'f mut Flattener,
    item: Option<Item>,
    key: String,
}

impl Object<'_> {
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        if let Some(item) = &mut self.item {
            if key == "player" || key == "id" {
                return Ok(());
            }
            // A list entry's first text field, before any of its numbers, names it.
            if !item.named
                && self.f.at == item.at_start
                && let Some(name) = text(value)
            {
                item.named = true;
                self.f.path.truncate(item.base);
                self.f.push(&name);
                return Ok(());
            }
        }
        let len = self.f.push(key);
        value.serialize(Flat { f: self.f, item: None })?;
        self.f.path.truncate(len);
        Ok(())
    }
}

impl ser::SerializeMap for Object<'_> {
    type Ok = Seen;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = match serde_json::to_value(key)? {
            serde_json::Value::String(s) => s,
            other => other.to_string(),
        };
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = std::mem::take(&mut self.key);
        self.field(&key, value)
    }
    fn end(self) -> Result<Seen, Error> {
        Ok(Seen::Other)
    }
}

/// The serde traits of a struct and a struct variant: each field one of
/// the [`Object`]'s.
macro_rules! object_fields {
    ($($trait:ident),*) => {
        $(
            impl ser::$trait for Object<'_> {
                type Ok = Seen;
                type Error = Error;
                fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
                    self.field(key, value)
                }
                fn end(self) -> Result<Seen, Error> {
                    Ok(Seen::Other)
                }
            }
        )*
    };
}

object_fields!(SerializeStruct, SerializeStructVariant);

/// `value` when it is a text.
fn text<T: Serialize + ?Sized>(value: &T) -> Option<String> {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => Some(s),
        _ => None,
    }
}

/// The figures of one result's metrics, as (name, value) pairs.
#[cfg(test)]
pub fn flatten<T: Serialize>(metrics: &T) -> Vec<(String, f64)> {
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

    /// A stage score: its name first, as in the starship's metrics.
    #[derive(serde::Serialize)]
    struct Score {
        stage: &'static str,
        budget: u32,
    }

    #[test]
    fn nested_metrics_flatten_by_path() {
        let metrics = serde_json::json!({
            "nodes": 88,
            "hist": [1, 0, 5],
            "sides": {"left": 4.5},
            "shares": [{"player": 0, "cells": 3}, {"player": 1, "cells": 4}],
            "unnamed": [{"budget": 1, "stage": "late"}],
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
        // The first board's names again are the first board's list, not a copy.
        assert!(Arc::ptr_eq(&a.names, &c.names));
        let expect = [
            ("hist.0", 1.0),
            ("hist.1", 0.0),
            ("hist.2", 5.0),
            ("nodes", 88.0),
            ("shares.0.cells", 3.0),
            ("shares.1.cells", 4.0),
            ("shortfalls", 2.0),
            ("sides.left", 4.5),
            ("unnamed.0.budget", 1.0),
        ];
        assert_eq!(names, expect.map(|(n, v)| (n.to_string(), v)));
        // A list entry named by its text field, which comes before its numbers.
        #[derive(serde::Serialize)]
        struct Ship {
            scores: Vec<Score>,
        }
        let ship = Ship {
            scores: vec![Score {
                stage: "weapons",
                budget: 16,
            }],
        };
        assert_eq!(flatten(&ship), [("scores.weapons.budget".to_string(), 16.0)]);
        assert_eq!(list_of("hist.2"), Some("hist"));
        assert_eq!(list_of("shares.0.cells"), None);
        assert_eq!(list_of("nodes"), None);
    }
}
