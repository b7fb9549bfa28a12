//! Partial tables over built-in entries: the one way a user's `[[pipeline]]`
//! stage, `[[node_types]]` type or `[[missions]]` kind (and a stage's
//! `variants`) is read.
//!
//! A table names its entry by a key field (`stage`, `name`) and gives any
//! of its other fields; the rest come from the entry that name starts from
//! ([`Entry::base`]: a built-in entry of that name, or what a new name
//! starts with). The whole entry is read; when it does not read, each given
//! key is read alone over a complete entry of the name ([`Entry::sample`]),
//! so that an unknown field or a value of the wrong kind is named by its
//! path as a user types it (`pipeline[2].min_score`, `node_types[3].prob`).
//! Errors are text, for the caller to wrap in its deserializer's error.

use toml::{Table, Value};

/// Every entry type's [`Entry::KEY`]: in a config, the one field a table
/// of a nested list must give.
pub(crate) const KEYS: &[&str] = &["name", "stage"];

/// An entry type a partial table is read into.
pub(crate) trait Entry: Sized {
    /// The field that names the entry (`stage`, `name`): one of [`KEYS`].
    const KEY: &'static str;
    /// What the base depends on beyond the name (a variant's stage; whether
    /// the built-in list itself is being read).
    type Context;

    /// The fields a table named `name` starts from: a built-in entry's, or
    /// those a new name starts with (which may leave fields to be given).
    /// Errors when the name must be a built-in one and is not.
    fn base(name: &str, cx: &Self::Context) -> Result<Table, String>;

    /// A complete entry of the name, each given key read alone over it;
    /// the base, unless that leaves fields out.
    fn sample(name: &str, cx: &Self::Context) -> Result<Table, String> {
        Self::base(name, cx)
    }

    /// Replaces the nested partial tables in `given` (a stage's `variants`)
    /// by complete ones; `at` is the entry's path. None by default.
    fn nested(_name: &str, _given: &mut Table, _at: &str, _cx: &Self::Context) -> Result<(), String> {
        Ok(())
    }

    /// What field `key` of an entry named `name` takes, where the kind of
    /// the sample's value does not say it (a field that also takes
    /// `"none"`, or has a range). None by default.
    fn expected(_name: &str, _key: &str) -> Option<String> {
        None
    }

    /// Reads a complete table (the key field included).
    fn read(table: Table) -> Result<Self, String>;
}

/// `at.key`, or `key` at the top.
pub(crate) fn path(at: &str, key: &str) -> String {
    if at.is_empty() { key.to_string() } else { format!("{at}.{key}") }
}

/// Reads a list of partial tables, `at[0]`, `at[1]`, ….
pub(crate) fn read_list<T: Entry>(value: Value, at: &str, cx: &T::Context) -> Result<Vec<T>, String> {
    let Value::Array(items) = value else {
        return Err(format!("{at}: {value} is not allowed; expected a list of tables"));
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| read_entry(item, &format!("{at}[{i}]"), cx))
        .collect()
}

/// Reads one partial table at path `at` (empty: at the top). The complete
/// entry is read at once; only an entry that does not read is gone over
/// again, each given field alone, to name the field at fault (a check of
/// the defaults reads each entry once).
pub(crate) fn read_entry<T: Entry>(value: Value, at: &str, cx: &T::Context) -> Result<T, String> {
    debug_assert!(KEYS.contains(&T::KEY), "{} is missing from overlay::KEYS", T::KEY);
    let (name, given, table) = complete::<T>(value, at, cx)?;
    T::read(table).or_else(|e| {
        fault::<T>(&name, &given, at, cx)?;
        Err(format!("{}: {e}", shown_at(at)))
    })
}

/// The table a partial one stands for: its name, the fields it gives, and
/// its base with those fields in place.
fn complete<T: Entry>(value: Value, at: &str, cx: &T::Context) -> Result<(String, Table, Table), String> {
    let Value::Table(mut given) = value else {
        return Err(format!("{}: {value} is not allowed; expected a table", shown_at(at)));
    };
    let name = match given.get(T::KEY) {
        Some(Value::String(name)) => name.clone(),
        Some(other) => {
            return Err(format!("{}: {other} is not allowed; expected a name", path(at, T::KEY)));
        }
        None => return Err(format!("{}: missing field `{}`", shown_at(at), T::KEY)),
    };
    let base = T::base(&name, cx).map_err(|e| format!("{}: {e}", path(at, T::KEY)))?;
    T::nested(&name, &mut given, at, cx)?;
    let mut table = base;
    table.extend(given.clone());
    Ok((name, given, table))
}

/// The first given field that does not read alone over a complete entry,
/// as an error naming its path.
fn fault<T: Entry>(name: &str, given: &Table, at: &str, cx: &T::Context) -> Result<(), String> {
    let sample = T::sample(name, cx).map_err(|e| format!("{}: {e}", path(at, T::KEY)))?;
    for (key, value) in given {
        let mut alone = sample.clone();
        alone.insert(key.clone(), value.clone());
        if let Err(e) = T::read(alone) {
            let numbers = |items: &[Value]| items.first().is_some_and(|v| v.is_integer() || v.is_float());
            let why = match (T::expected(name, key), sample.get(key)) {
                // A list of numbers: its length, then the range of each.
                (Some(expected), Some(like @ Value::Array(items))) if numbers(items) => {
                    format!("{value} is not allowed; expected {}: {expected}", kind(like))
                }
                (Some(expected), _) => format!("{value} is not allowed; expected {expected}"),
                (None, Some(like)) => format!("{value} is not allowed; expected {}", kind(like)),
                (None, None) => e,
            };
            return Err(format!("{}: {why}", path(at, key)));
        }
    }
    Ok(())
}

fn shown_at(at: &str) -> &str {
    if at.is_empty() { "the table" } else { at }
}

/// What a value like `like` is, as an error message says it. Whole numbers
/// in entries are never negative.
fn kind(like: &Value) -> String {
    match like {
        Value::Integer(_) => "a whole number, 0 or more".into(),
        Value::Float(_) => "a number".into(),
        Value::String(s) if s.chars().count() == 1 => "one character".into(),
        Value::String(_) => "a text".into(),
        Value::Boolean(_) => "true or false".into(),
        Value::Array(items) => match items.first() {
            Some(Value::Integer(_)) => format!("a list of {} whole numbers, 0 or more", items.len()),
            Some(Value::Float(_)) => format!("a list of {} numbers", items.len()),
            Some(Value::Table(_)) => "a list of tables".into(),
            Some(Value::String(_)) => "a list of texts".into(),
            _ => "a list".into(),
        },
        Value::Table(_) => "a table".into(),
        Value::Datetime(_) => "a date".into(),
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;

    /// A test entry: built-in `big` and `small`, new names start with `size = 1`
    /// and must give `label`.
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Thing {
        name: String,
        size: u32,
        label: char,
        weights: [f64; 2],
    }

    fn thing(name: &str, size: u32, label: char) -> Thing {
        Thing {
            name: name.into(),
            size,
            label,
            weights: [1.0, 2.0],
        }
    }

    impl Entry for Thing {
        const KEY: &'static str = "name";
        /// Whether new names are allowed.
        type Context = bool;

        fn base(name: &str, new_names: &bool) -> Result<Table, String> {
            match name {
                "big" => Ok(Table::try_from(thing("big", 9, 'B')).unwrap()),
                "small" => Ok(Table::try_from(thing("small", 2, 's')).unwrap()),
                _ if *new_names => {
                    let mut base = Table::new();
                    base.insert("name".into(), name.into());
                    base.insert("size".into(), 1.into());
                    base.insert("weights".into(), Value::Array(vec![0.0.into(), 0.0.into()]));
                    Ok(base)
                }
                _ => Err(format!("unknown thing `{name}`")),
            }
        }

        fn sample(name: &str, _: &bool) -> Result<Table, String> {
            Ok(Table::try_from(thing(name, 1, 'x')).unwrap())
        }

        fn read(table: Table) -> Result<Thing, String> {
            Thing::deserialize(Value::Table(table)).map_err(|e| e.message().to_string())
        }
    }

    fn list(text: &str, new_names: bool) -> Result<Vec<Thing>, String> {
        let mut table: Table = text.parse().unwrap();
        read_list(table.remove("things").unwrap(), "things", &new_names)
    }

    #[test]
    fn a_partial_entry_takes_the_built_in_entrys_other_fields() {
        let things = list("things = [{ name = \"big\", size = 3 }, { name = \"small\" }]", false).unwrap();
        assert_eq!(things, [thing("big", 3, 'B'), thing("small", 2, 's')]);
    }

    #[test]
    fn a_new_name_takes_the_base_and_must_give_the_rest() {
        let things = list("things = [{ name = \"odd\", label = \"o\" }]", true).unwrap();
        assert_eq!(
            things,
            [Thing {
                weights: [0.0, 0.0],
                ..thing("odd", 1, 'o')
            }]
        );
        let err = list("things = [{ name = \"odd\" }]", true).unwrap_err();
        assert!(err.starts_with("things[0]: missing field `label`"), "{err}");
        let err = list("things = [{ name = \"small\" }, { name = \"odd\" }]", false).unwrap_err();
        assert_eq!(err, "things[1].name: unknown thing `odd`");
    }

    #[test]
    fn an_unknown_field_is_named_by_its_path() {
        let err = list("things = [{ name = \"big\" }, { name = \"big\", colour = 1 }]", false).unwrap_err();
        assert!(err.starts_with("things[1].colour: unknown field `colour`"), "{err}");
    }

    #[test]
    fn an_ill_typed_field_is_named_by_its_path_and_what_it_should_be() {
        for (text, wanted) in [
            (
                "{ name = \"big\", size = -1 }",
                "things[0].size: -1 is not allowed; expected a whole number, 0 or more",
            ),
            (
                "{ name = \"big\", label = \"ab\" }",
                "things[0].label: \"ab\" is not allowed; expected one character",
            ),
            (
                "{ name = \"big\", weights = [1] }",
                "things[0].weights: [1] is not allowed; expected a list of 2 numbers",
            ),
            ("{ name = 3 }", "things[0].name: 3 is not allowed; expected a name"),
            ("{ size = 3 }", "things[0]: missing field `name`"),
        ] {
            assert_eq!(list(&format!("things = [{text}]"), true).unwrap_err(), wanted);
        }
        assert_eq!(
            list("things = 3", true).unwrap_err(),
            "things: 3 is not allowed; expected a list of tables"
        );
        assert_eq!(
            list("things = [3]", true).unwrap_err(),
            "things[0]: 3 is not allowed; expected a table"
        );
    }
}
