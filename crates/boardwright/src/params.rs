//! Parameters: layered TOML tables resolved once into a generator's typed,
//! validated parameter struct.
//!
//! Each generator describes its parameters in a table of [`ParamInfo`]
//! (name, one-line doc, what is allowed). The same table drives validation and
//! `boardwright list`, so the two cannot disagree. Resolution merges the layers
//! (preset, config file, `--set`), rejects unknown keys, converts each value on
//! its own so a type error names its parameter, then checks every range.
//! [`Params::check`] holds a struct built in code to the same rules, with the same
//! messages; every generator's `generate` runs it first.

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

mod error;
mod layers;

pub use error::ParamError;
pub use layers::Layers;
pub(crate) use layers::read_value;
/// A TOML table and value, as layers of parameters are given: re-exported
/// so that a caller needs no `toml` dependency of its own.
use toml::{Table, Value};

/// What values a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Allowed {
    /// An integer in `min..=max`.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// A finite number in `min..=max`.
    Float {
        /// Smallest allowed value.
        min: f64,
        /// Largest allowed value.
        max: f64,
    },
    /// One of these integers.
    OneOf(&'static [i64]),
    /// `true` or `false`.
    Bool,
    /// Structured data (checked by the generator's own validation).
    Data(&'static str),
}

impl fmt::Display for Allowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Allowed::Int { min, max } => write!(f, "an integer from {min} to {max}"),
            Allowed::Float { min, max } => write!(f, "a number from {min} to {max}"),
            Allowed::OneOf(values) => {
                let list: Vec<String> = values.iter().map(i64::to_string).collect();
                write!(f, "one of {}", list.join(", "))
            }
            Allowed::Bool => f.write_str("true or false"),
            Allowed::Data(what) => f.write_str(what),
        }
    }
}

impl Allowed {
    /// What it allows in JSON Schema words: `minimum` and `maximum` of a
    /// range, `enum` of a choice; nothing for the others, whose type says it.
    pub fn bounds(self) -> serde_json::Map<String, serde_json::Value> {
        let mut bounds = serde_json::Map::new();
        match self {
            Allowed::Int { min, max } => {
                bounds.insert("minimum".into(), min.into());
                bounds.insert("maximum".into(), max.into());
            }
            Allowed::Float { min, max } => {
                bounds.insert("minimum".into(), min.into());
                bounds.insert("maximum".into(), max.into());
            }
            Allowed::OneOf(values) => {
                bounds.insert("enum".into(), values.into());
            }
            Allowed::Bool | Allowed::Data(_) => {}
        }
        bounds
    }
}

/// One parameter of a generator.
#[derive(Clone, Copy, Debug)]
pub struct ParamInfo {
    /// The key in TOML, `--set` and JSON.
    pub name: &'static str,
    /// One line saying what it does.
    pub doc: &'static str,
    /// What values it takes.
    pub allowed: Allowed,
}

/// An integer parameter's range, in [`declare!`] tables.
pub(crate) const fn int(min: i64, max: i64) -> Allowed {
    Allowed::Int { min, max }
}

/// A number parameter's range, in [`declare!`] tables.
pub(crate) const fn float(min: f64, max: f64) -> Allowed {
    Allowed::Float { min, max }
}

/// Declares a generator's parameters once: each field's name, type,
/// default, what it allows and its doc. From that one declaration come the
/// struct (serde: missing keys take the default, unknown keys are refused),
/// its `Default`, and its [`Params`] implementation, whose `INFO` table
/// drives validation, `boardwright list` and the web form alike.
///
/// ```ignore
/// declare! {
///     /// Parameters of a board.
///     pub struct Params {
///         /// Number of players; each owns a rectangle.
///         players: u32 = 4, int(1, 5);
///         /// Board width, overriding the player count's (a doc may run
///         /// over several lines: `list` joins them).
///         width: Option<u32> = None, int(10, 3000), #[serde(skip_serializing_if = "Option::is_none")];
///     }
///     presets: [("hardest", "# The hardest level.\nplayers = 5\n")],
///     size: ["players", "width"],
///     validate: Params::check_more,
/// }
/// ```
///
/// A field's doc is its rustdoc and, its lines joined, the line `list`
/// and the web form show, so it is written as plain text (no links or
/// backticks); attributes after its range go on the field; `size` names
/// the size parameters ([`Params::SIZE`]), `validate`, when given, the
/// checks across parameters ([`Params::validate`]) and `tables` the fields
/// of a data parameter's tables ([`Params::table_fields`]).
macro_rules! declare {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $field:ident: $ty:ty = $default:expr, $allowed:expr $(, #[$attr:meta])*;
            )*
        }
        presets: [$(($preset:literal, $text:expr $(,)?)),* $(,)?],
        size: [$($size:literal),* $(,)?]
        $(, validate: $validate:expr)?
        $(, tables: $tables:expr)?
        $(,)?
    ) => {
        $(#[$meta])*
        // A field's doc is plain text for `list` and the web form first: a
        // `[[table]]` in it is TOML, not a link.
        #[allow(rustdoc::broken_intra_doc_links)]
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(default, deny_unknown_fields)]
        #[schemars(transform = $crate::params::with_ranges::<$name>)]
        pub struct $name {
            $(
                $(#[doc = $doc])+
                // In the rustdoc only (the JSON Schemas carry the default as
                // a value of their own): the declaration's default and range.
                #[cfg_attr(doc, doc = "")]
                #[cfg_attr(doc, doc = concat!("Default: `", stringify!($default), "`; allowed: `", stringify!($allowed), "`."))]
                $(#[$attr])*
                pub $field: $ty,
            )*
        }

        impl Default for $name {
            fn default() -> $name {
                $name { $($field: $default,)* }
            }
        }

        impl $crate::params::Params for $name {
            const INFO: &'static [$crate::params::ParamInfo] = &[$(
                $crate::params::ParamInfo {
                    name: stringify!($field),
                    doc: $crate::params::trim_doc(concat!($($doc),+)),
                    allowed: $allowed,
                },
            )*];
            const PRESETS: &'static [(&'static str, &'static str)] = &[$(($preset, $text)),*];
            const SIZE: &'static [&'static str] = &[$($size),*];
            fn default_value(name: &str) -> Option<toml::Value> {
                $(
                    if name == stringify!($field) {
                        let default: $ty = $default;
                        return toml::Value::try_from(&default)
                            .ok()
                            .filter(|value| !matches!(value, toml::Value::Array(items) if items.is_empty()));
                    }
                )*
                None
            }
            $(
                fn validate(&self) -> Result<(), $crate::params::ParamError> {
                    ($validate)(self)
                }
            )?
            $(
                fn table_fields(name: &str) -> Vec<$crate::params::TableField> {
                    ($tables)(name)
                }
            )?
        }
    };
}
pub(crate) use declare;

/// A doc comment as one line of plain text: its lines joined by single
/// spaces, code marks dropped.
pub(crate) fn plain(doc: &str) -> String {
    doc.split_whitespace().collect::<Vec<_>>().join(" ").replace('`', "")
}

/// One field of the tables a data parameter is a list of (a starship
/// stage's `min_modules`), for a form: its table, what it means, what it
/// allows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableField {
    /// The kind of table it is a field of (a stage's name: `shape`).
    pub table: &'static str,
    /// Its name in the table; a field of a nested list of tables is
    /// `list.field` (`variants.w`).
    pub name: String,
    /// What it means, in one line of plain text.
    pub doc: String,
    /// Its smallest value, where it is a number (or numbers); of text,
    /// its fewest characters.
    pub min: Option<f64>,
    /// Its largest value, where it is a number (or numbers); of text, its
    /// most characters.
    pub max: Option<f64>,
    /// What is allowed, in words (empty where the doc says it all).
    pub allowed: String,
}

/// Adds to a parameter struct's schema what each parameter allows, from
/// its declaration ([`Params::INFO`]): the range of a number, the values
/// of a choice. The parameter macro calls it on every struct it declares.
#[doc(hidden)]
pub(crate) fn with_ranges<P: Params>(schema: &mut schemars::Schema) {
    let Some(properties) = schema.get_mut("properties").and_then(serde_json::Value::as_object_mut) else {
        return;
    };
    for info in P::INFO {
        if let Some(field) = properties.get_mut(info.name).and_then(serde_json::Value::as_object_mut) {
            field.extend(info.allowed.bounds());
        }
    }
}

/// A doc comment's text without the space `///` leaves before it.
#[doc(hidden)]
pub(crate) const fn trim_doc(doc: &'static str) -> &'static str {
    match doc.as_bytes() {
        [b' ', rest @ ..] => match std::str::from_utf8(rest) {
            Ok(rest) => rest,
            Err(_) => doc,
        },
        _ => doc,
    }
}

/// A generator's parameter struct.
pub trait Params: Serialize + DeserializeOwned + schemars::JsonSchema + Default + Clone + PartialEq + fmt::Debug + 'static {
    /// Every parameter, in the order `list` shows them.
    const INFO: &'static [ParamInfo];
    /// Named parameter sets, as TOML text.
    const PRESETS: &'static [(&'static str, &'static str)];
    /// The size parameters: the work grows with them, in proportion to the
    /// area or count they set. Every other parameter, at any allowed value,
    /// keeps the work at a given size within a few seconds. The first that
    /// is set is the one a refusal of the size names, so one that overrides
    /// another (universe `resolution` over `players`) comes first.
    const SIZE: &'static [&'static str] = &[];

    /// Checks that go beyond one parameter's range (run after the ranges).
    fn validate(&self) -> Result<(), ParamError> {
        Ok(())
    }

    /// The fields of the tables the data parameter `name` is a list of, for
    /// a form; none for other parameters.
    fn table_fields(_name: &str) -> Vec<TableField> {
        Vec::new()
    }

    /// Merges `layers` (later ones win, key by key) over the defaults and returns
    /// the validated parameters.
    fn resolve(layers: &[Table]) -> Result<Self, ParamError> {
        resolve(layers)
    }

    /// Parameters from TOML text (a config file's contents) over the
    /// defaults: [`Params::resolve`] of the one layer the text holds.
    ///
    /// ```
    /// use boardwright::params::{ParamError, Params as _};
    /// use boardwright::starship;
    ///
    /// let params = starship::Params::from_toml("width = 32\nheight = 48").unwrap();
    /// assert_eq!((params.width, params.height), (32, 48));
    /// let broken = starship::Params::from_toml("width = ").unwrap_err();
    /// assert!(matches!(broken, ParamError::Syntax { .. }), "{broken}");
    /// ```
    fn from_toml(text: &str) -> Result<Self, ParamError> {
        let layer: Table = text.parse().map_err(|e: toml::de::Error| ParamError::Syntax {
            reason: e.message().trim().to_string(),
        })?;
        Self::resolve(&[layer])
    }

    /// The TOML table of a named preset.
    fn preset(name: &str) -> Result<Table, ParamError> {
        preset::<Self>(name)
    }

    /// Resolves a preset (if any) under values given as a JSON object of
    /// parameter values, as [`Params::resolve`] resolves layers: how the web
    /// API's potion requests and the Python package read parameters. A
    /// `null` value keeps the parameter's default.
    fn resolve_json(preset: Option<&str>, values: &serde_json::Map<String, serde_json::Value>) -> Result<Self, ParamError> {
        let mut layers = Vec::new();
        if let Some(name) = preset {
            layers.push(Self::preset(name)?);
        }
        let mut table = Table::new();
        for (key, value) in values {
            known::<Self>(key)?;
            if !value.is_null() {
                let value = Value::try_from(value).map_err(|_| ParamError::invalid(key, value, "a value with no null inside"))?;
                table.insert(key.clone(), value);
            }
        }
        layers.push(table);
        Self::resolve(&layers)
    }

    /// Checks parameters built in code (a struct literal, say) by the rules
    /// [`Params::resolve`] applies to TOML: the struct is written as one TOML table (as
    /// [`Params::to_toml`] writes it) and that table checked as [`Params::resolve`] checks a
    /// layer, so a value outside its range, a nested table (a node type, a
    /// pipeline stage) with a bad field, or a combination [`Params::validate`]
    /// refuses gives the same [`ParamError`] the command line gives for that
    /// value under `--set`. Every generator's `generate` calls it first; it
    /// costs a few per cent of a default board (`cargo bench -p boardwright`,
    /// the `params check` benchmarks) and does not grow with the board.
    ///
    /// ```
    /// use boardwright::params::Params as _;
    /// use boardwright::witches;
    ///
    /// let bad = witches::Params { players: 7, ..witches::Params::default() };
    /// let err = bad.check().unwrap_err();
    /// assert_eq!(err.to_string(), "parameter `players`: 7 is not allowed; expected an integer from 1 to 5");
    /// assert!(witches::Params::default().check().is_ok());
    /// ```
    fn check(&self) -> Result<(), ParamError> {
        check(self)
    }

    /// These parameters as TOML text that [`Params::resolve`] reads back to equal parameters:
    /// every parameter, nested tables (a pipeline, a dictionary) written out in
    /// full.
    fn to_toml(&self) -> String {
        to_toml(self)
    }

    /// Parameter `name`'s default as a TOML value, also where a written
    /// table leaves it out (universe's `expedition_radius` at its default);
    /// `None` for an optional parameter unset by default, an empty list
    /// (universe's `expansions`), or no parameter.
    fn default_value(name: &str) -> Option<Value>;

    /// The defaults as a TOML table.
    fn defaults() -> Table {
        defaults::<Self>()
    }

    /// The parameters that differ from the defaults, in the order of the
    /// parameter table, with their values (`None`: unset where the
    /// default sets it): what a caption or a permalink names to make the same
    /// parameters again.
    fn changed(&self) -> Vec<(&'static str, Option<Value>)> {
        changed(self)
    }
}

fn preset<P: Params>(name: &str) -> Result<Table, ParamError> {
    let Some((_, text)) = P::PRESETS.iter().find(|(n, _)| *n == name) else {
        return Err(ParamError::UnknownPreset {
            name: name.to_string(),
            known: P::PRESETS.iter().map(|(n, _)| *n).collect(),
        });
    };
    Ok(text.parse::<Table>().expect("built-in presets are valid TOML"))
}

/// Whether `key` is a parameter of `P`.
fn known<P: Params>(key: &str) -> Result<(), ParamError> {
    if P::INFO.iter().any(|info| info.name == key) {
        Ok(())
    } else {
        Err(ParamError::Unknown {
            name: key.to_string(),
            known: P::INFO.iter().map(|info| info.name).collect(),
        })
    }
}

fn resolve<P: Params>(layers: &[Table]) -> Result<P, ParamError> {
    let mut merged = defaults::<P>();
    for layer in layers {
        for (key, value) in layer {
            known::<P>(key)?;
            // Each value alone over the defaults: a type error then names its key.
            let mut single = defaults::<P>();
            single.insert(key.clone(), value.clone());
            if let Err(e) = P::deserialize(Value::Table(single)) {
                let info = P::INFO.iter().find(|info| info.name == key).expect("checked above");
                let detail = e.message().trim();
                // A structured parameter's reader names the field at fault
                // by its path (`pipeline[0].min_score: ...`).
                if let Some((path, reason)) = detail.split_once(": ").filter(|(path, _)| is_path_in(path, key)) {
                    return Err(ParamError::Field {
                        parameter: key.clone(),
                        path: path.to_string(),
                        reason: reason.to_string(),
                    });
                }
                // A number or word of the wrong kind: what is allowed says
                // enough, without the reader's own words (`expected u32`).
                let shown = match value {
                    Value::Table(_) | Value::Array(_) => format!("{} ({detail})", show(value)),
                    _ => show(value),
                };
                return Err(ParamError::invalid(key, shown, info.allowed));
            }
            merged.insert(key.clone(), value.clone());
        }
    }
    let params =
        P::deserialize(Value::Table(merged.clone())).map_err(|e| ParamError::invalid("parameters", e.message(), "valid values"))?;
    check_ranges::<P>(&merged)?;
    params.validate()?;
    Ok(params)
}

fn check<P: Params>(params: &P) -> Result<(), ParamError> {
    // The parameters checked last on this thread, when they passed: the
    // same again (a server's default board, a sweep of seeds) pass without
    // the round trip through TOML, which costs about a tenth of a default
    // universe board.
    thread_local! {
        static PASSED: std::cell::RefCell<Option<Box<dyn std::any::Any>>> = const { std::cell::RefCell::new(None) };
    }
    let passed_before = PASSED.with(|last| last.borrow().as_ref().and_then(|p| p.downcast_ref::<P>()) == Some(params));
    if passed_before {
        return Ok(());
    }
    check_anew(params)?;
    PASSED.with(|last| *last.borrow_mut() = Some(Box::new(params.clone())));
    Ok(())
}

fn check_anew<P: Params>(params: &P) -> Result<(), ParamError> {
    let table = table_of(params)?;
    // `resolve` first reads each key alone over the defaults, so that a
    // value of the wrong type is named. A struct's table holds no unknown
    // key, and when the whole table reads, each key reads alone too (no
    // generator reads a key by another's value): that pass would find
    // nothing, so it runs only when the whole table does not read, to name
    // the key. Otherwise `resolve`'s last steps, in its order: the reading,
    // the ranges, `Params::validate`.
    let ranges = check_ranges::<P>(&table);
    match P::deserialize(Value::Table(table)) {
        Ok(read) => {
            ranges?;
            read.validate()
        }
        Err(_) => resolve::<P>(&[table_of(params)?]).map(|_| ()),
    }
}

/// `params` as one TOML table.
fn table_of<P: Params>(params: &P) -> Result<Table, ParamError> {
    Table::try_from(params).map_err(|e| ParamError::invalid("parameters", e, "values a TOML table can hold"))
}

fn to_toml<P: Params>(params: &P) -> String {
    toml::to_string(params).expect("parameter structs serialize to TOML")
}

fn defaults<P: Params>() -> Table {
    Table::try_from(P::default()).expect("parameter structs serialize to TOML tables")
}

fn changed<P: Params>(params: &P) -> Vec<(&'static str, Option<Value>)> {
    let defaults = defaults::<P>();
    let Ok(resolved) = Table::try_from(params) else {
        return Vec::new();
    };
    P::INFO
        .iter()
        .filter(|info| resolved.get(info.name) != defaults.get(info.name))
        .map(|info| (info.name, resolved.get(info.name).cloned()))
        .collect()
}

fn check_ranges<P: Params>(table: &Table) -> Result<(), ParamError> {
    for info in P::INFO {
        let Some(value) = table.get(info.name) else { continue };
        let ok = match (info.allowed, value) {
            (Allowed::Int { min, max }, Value::Integer(v)) => (min..=max).contains(v),
            (Allowed::OneOf(values), Value::Integer(v)) => values.contains(v),
            (Allowed::Float { min, max }, Value::Float(v)) => v.is_finite() && (min..=max).contains(v),
            (Allowed::Float { min, max }, Value::Integer(v)) => (min..=max).contains(&(*v as f64)),
            _ => true,
        };
        if !ok {
            return Err(ParamError::invalid(info.name, show(value), info.allowed));
        }
    }
    Ok(())
}

/// Whether `path` names a field inside parameter `key` (`key[2].field`).
fn is_path_in(path: &str, key: &str) -> bool {
    path.strip_prefix(key)
        .is_some_and(|rest| rest.starts_with('[') && !rest.contains(' '))
}

/// A value as a user would type it.
fn show(value: &Value) -> String {
    match value {
        Value::String(s) => format!("\"{s}\""),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Deserializer, de::Error as _};

    use super::*;

    declare! {
        /// Parameters whose `name` reads back only when short: a struct that
        /// writes a table that does not read, as no generator's does today.
        pub struct Toy {
            /// a size
            size: u32 = 0, int(1, 9);
            /// a name, which a doc
            /// may spread over lines
            name: String = String::new(), Allowed::Data("up to 3 characters"), #[serde(deserialize_with = "short")];
        }
        presets: [("big", "# A big toy.\nsize = 9\n")],
        size: ["size"],
        validate: |toy: &Toy| if toy.size == 7 { Err(ParamError::invalid("size", 7, "not 7")) } else { Ok(()) },
    }

    fn short<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        let s = String::deserialize(d)?;
        if s.len() > 3 {
            return Err(D::Error::custom("longer than 3"));
        }
        Ok(s)
    }

    #[test]
    fn one_declaration_gives_struct_default_and_table() {
        assert_eq!(
            Toy::default(),
            Toy {
                size: 0,
                name: String::new()
            }
        );
        let names: Vec<&str> = Toy::INFO.iter().map(|i| i.name).collect();
        assert_eq!(names, ["size", "name"]);
        assert_eq!(Toy::INFO[0].doc, "a size");
        assert_eq!(Toy::INFO[1].doc, "a name, which a doc may spread over lines");
        assert_eq!(Toy::INFO[0].allowed, int(1, 9));
        assert_eq!(Toy::SIZE, ["size"]);
        assert_eq!(preset::<Toy>("big").unwrap().get("size"), Some(&Value::Integer(9)));
        assert!(resolved("size = 7").unwrap_err().to_string().contains("not 7"));
        assert!(
            resolved("size = 3\nwidth = 2")
                .unwrap_err()
                .to_string()
                .contains("unknown parameter `width`")
        );
    }

    fn resolved(text: &str) -> Result<(), ParamError> {
        resolve::<Toy>(&[text.parse().unwrap()]).map(|_| ())
    }

    #[test]
    fn check_gives_resolves_errors() {
        let toy = |size, name: &str| Toy { size, name: name.into() };
        assert_eq!(check(&toy(5, "abc")), Ok(()));
        // Out of range: found on the one reading.
        let err = check(&toy(0, "abc")).unwrap_err();
        assert_eq!(err, resolved("size = 0\nname = \"abc\"").unwrap_err());
        assert!(err.to_string().contains("`size`: 0 is not allowed"), "{err}");
        // A table that does not read: resolve's key-by-key pass names the key,
        // even before a range error elsewhere.
        for size in [5, 0] {
            let err = check(&toy(size, "abcd")).unwrap_err();
            assert_eq!(err, resolved(&format!("size = {size}\nname = \"abcd\"")).unwrap_err());
            assert!(err.to_string().contains("`name`: \"abcd\""), "{err}");
            assert!(err.to_string().contains("up to 3 characters"), "{err}");
        }
    }
}
