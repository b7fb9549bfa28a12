//! How a dictionary entry (a node type, a mission kind) is declared once
//! ([`entry!`]) and from that declaration read from a partial table over
//! the entry it starts from, written back, and laid out as the table a
//! partial one is read over.
//!
//! Each field says how it is written out: `always`;
//! `or_none`, an optional field, its value or `"none"` where the entry it
//! would be read against has one; `if_changed`, only where it differs from
//! that entry; `changed_or_none`, the two together; `unless_zero`, a count
//! written unless it and that entry's are 0. An optional field reads
//! `"none"` as no value.

use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, de};

/// The word that clears an optional field.
pub(crate) const NONE: &str = "none";

/// Declares a dictionary entry: its doc and schema attributes, then its
/// `name` and each other field's doc, name, type, value in an entry with
/// only a name, how it is written, and its attributes. Gives the struct (every
/// field public), `blank(name)`, the entry with only a name, `table()`, the
/// entry as a TOML table (optional fields left out when empty), its
/// [`Fields`] and its `Serialize`, which writes the fields against
/// `Self::base(&self.name)`, the entry a table of that name is read over.
macro_rules! entry {
    (
        $(#[$meta:meta])*
        pub struct $entry:ident {
            $(#[doc = $name_doc:literal])+
            name;
            $(
                $(#[doc = $doc:literal])+
                $field:ident: $ty:ty = $default:expr, $written:ident $(, #[$attr:meta])*;
            )*
        }
    ) => {
        #[derive(Clone, Debug, PartialEq, schemars::JsonSchema)]
        $(#[$meta])*
        pub struct $entry {
            $(#[doc = $name_doc])+
            pub name: String,
            $(
                $(#[doc = $doc])+
                $(#[$attr])*
                pub $field: $ty,
            )*
        }

        impl $entry {
            /// The entry with only `name`, every other field its default.
            fn blank(name: String) -> $entry {
                $entry { name, $($field: $default,)* }
            }

            /// The entry as a table, its empty optional fields left out.
            fn table(self) -> toml::Table {
                let mut table = toml::Table::new();
                table.insert("name".into(), self.name.into());
                $(
                    if let Some(value) = $crate::universe::dictionary::entry::entry!(@value $written, self.$field) {
                        table.insert(stringify!($field).into(), value);
                    }
                )*
                table
            }
        }

        impl $crate::universe::dictionary::entry::Fields for $entry {
            const FIELDS: &'static [&'static str] = &["name", $(stringify!($field)),*];

            fn named(name: &str) -> $entry {
                $entry::blank(name.to_string())
            }

            fn set(&mut self, key: &str, value: toml::Value) -> Result<(), toml::de::Error> {
                match key {
                    $(stringify!($field) => self.$field = $crate::universe::dictionary::entry::entry!(@read $written, value),)*
                    _ => {}
                }
                Ok(())
            }
        }

        impl serde::Serialize for $entry {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeStruct as _;
                let base = $entry::base(&self.name);
                let fields = <$entry as $crate::universe::dictionary::entry::Fields>::FIELDS.len();
                let mut t = serializer.serialize_struct(stringify!($entry), fields)?;
                t.serialize_field("name", &self.name)?;
                $($crate::universe::dictionary::entry::entry!(@write $written, t, stringify!($field), &self.$field, &base.$field);)*
                t.end()
            }
        }
    };
    (@value or_none, $value:expr) => { $value.map(Into::into) };
    (@value changed_or_none, $value:expr) => { $value.map(Into::into) };
    (@value $other:ident, $value:expr) => { Some($value.into()) };
    (@read or_none, $value:expr) => { $crate::universe::dictionary::entry::OrNone::deserialize($value)?.0 };
    (@read changed_or_none, $value:expr) => { $crate::universe::dictionary::entry::OrNone::deserialize($value)?.0 };
    (@read $other:ident, $value:expr) => { serde::Deserialize::deserialize($value)? };
    (@write always, $t:ident, $key:expr, $value:expr, $base:expr) => { $t.serialize_field($key, $value)? };
    (@write or_none, $t:ident, $key:expr, $value:expr, $base:expr) => {
        $crate::universe::dictionary::entry::optional(&mut $t, $key, $value, $base.is_some())?
    };
    (@write if_changed, $t:ident, $key:expr, $value:expr, $base:expr) => {
        if $value != $base { $t.serialize_field($key, $value)? } else { $t.skip_field($key)? }
    };
    (@write changed_or_none, $t:ident, $key:expr, $value:expr, $base:expr) => {
        if $value != $base { $crate::universe::dictionary::entry::optional(&mut $t, $key, $value, true)? } else { $t.skip_field($key)? }
    };
    (@write unless_zero, $t:ident, $key:expr, $value:expr, $base:expr) => {
        if *$value != 0 || *$base != 0 { $t.serialize_field($key, $value)? } else { $t.skip_field($key)? }
    };
}
pub(crate) use entry;

/// A dictionary entry's table keys and how each is set.
pub(crate) trait Fields: Sized {
    /// The table's keys.
    const FIELDS: &'static [&'static str];
    /// An entry with only a name.
    fn named(name: &str) -> Self;
    /// Sets field `key` (one of [`Fields::FIELDS`] but `name`) to `value`.
    fn set(&mut self, key: &str, value: toml::Value) -> Result<(), toml::de::Error>;
}

/// Reads a complete table of a dictionary entry, key by key over a new name.
pub(crate) fn read_fields<T: Fields>(mut table: toml::Table) -> Result<T, String> {
    let Some(toml::Value::String(name)) = table.remove("name") else {
        return Err("missing field `name`".into());
    };
    let mut entry = T::named(&name);
    for (key, value) in table {
        if !T::FIELDS.contains(&key.as_str()) {
            return Err(format!("unknown field; known fields: {}", T::FIELDS.join(", ")));
        }
        entry.set(&key, value).map_err(|e| e.message().trim().to_string())?;
    }
    Ok(entry)
}

/// Writes an optional field: its value, `"none"` when the entry it would be
/// read against has one, or nothing.
pub(crate) fn optional<S: SerializeStruct, T: Serialize>(
    t: &mut S,
    key: &'static str,
    value: &Option<T>,
    base_has: bool,
) -> Result<(), S::Error> {
    match value {
        Some(v) => t.serialize_field(key, v),
        None if base_has => t.serialize_field(key, NONE),
        None => t.skip_field(key),
    }
}

/// A value, or `"none"` for no value.
pub(crate) struct OrNone<T>(pub(crate) Option<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OrNone<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<OrNone<T>, D::Error> {
        let value = toml::Value::deserialize(deserializer)?;
        if value.as_str() == Some(NONE) {
            return Ok(OrNone(None));
        }
        T::deserialize(value).map(|v| OrNone(Some(v))).map_err(de::Error::custom)
    }
}
