//! JSON Schemas (draft 2020-12) of the JSON the toolkit writes and reads,
//! made from the very types that write and read it: a generator's result
//! as it is written, the log it replays (hexet's road log) as it is read,
//! and its config file (TOML, which editors check against a JSON Schema).
//! Each field's description is its doc; each parameter's range is the one
//! its declaration gives. `docs/schema/` holds them as files, and a test
//! fails when they drift from these.

use schemars::generate::SchemaSettings;
use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, Schema};
use serde_json::Value;

use crate::params::{Allowed, Params};
use crate::{GENERATORS, Generator, Visit, overlay, with_generator};

/// Every schema, by name (`docs/schema/NAME.schema.json`): each
/// generator's result (`universe`) and config (`universe-config`), and the
/// log it replays (`hexet-road-log`).
pub fn all() -> Vec<(String, Schema)> {
    GENERATORS.iter().filter_map(|name| with_generator(name, Named)).flatten().collect()
}

/// A generator's schemas by name.
struct Named;

impl Visit for Named {
    type Output = Vec<(String, Schema)>;

    fn visit<G: Generator>(self) -> Self::Output {
        let mut named = vec![(G::NAME.to_string(), result::<G>()), (format!("{}-config", G::NAME), config::<G>())];
        if let (Some(file), Some(schema)) = (G::LOG, log::<G>()) {
            named.push((format!("{}-{}", G::NAME, file.noun.replace(' ', "-")), schema));
        }
        named
    }
}

/// The schema of `G`'s result, as its JSON is written.
pub fn result<G: Generator>() -> Schema {
    let mut schema = written::<G::Board>();
    schema.insert("title".into(), format!("boardwright {} result", G::NAME).into());
    schema.insert("description".into(), G::ABOUT.into());
    if let Some(generator) = schema.pointer_mut("/properties/generator").and_then(Value::as_object_mut) {
        generator.insert("const".into(), G::NAME.into());
    }
    schema
}

/// The schema of the log `G`'s results replay (hexet's road log), as it is
/// read; `None` where nothing is played ([`Generator::LOG`]).
pub fn log<G: Generator>() -> Option<Schema> {
    let file = G::LOG?;
    let mut schema = read::<G::Log>();
    schema.insert("title".into(), format!("boardwright {} {}", G::NAME, file.noun).into());
    schema.insert("description".into(), file.help.into());
    Some(schema)
}

/// The schema of `T` as it is written (serialized), as these schemas are
/// made: for a caller's own answers (the web app's).
pub fn written<T: JsonSchema>() -> Schema {
    settings().for_serialize().into_generator().into_root_schema_for::<T>()
}

/// The schema of `T` as it is read (deserialized), as these schemas are
/// made.
pub fn read<T: JsonSchema>() -> Schema {
    settings().for_deserialize().into_generator().into_root_schema_for::<T>()
}

/// The schema of a config file for `G` (`--config FILE`, TOML): any of the
/// parameters and a `seed`; in a nested list (universe `node_types`,
/// starship `pipeline`), a table gives the key that names its entry and any
/// of the entry's other fields, the rest coming from the built-in entry.
pub fn config<G: Generator>() -> Schema {
    // An entry's table needs only its key, and its other fields default to
    // the entry its name starts from, not to one value.
    let partial = RecursiveTransform(|schema: &mut Schema| {
        if let Some(Value::Array(required)) = schema.get_mut("required") {
            required.retain(|key| key.as_str().is_some_and(|key| overlay::KEYS.contains(&key)));
        }
        let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
            return;
        };
        if overlay::KEYS.iter().any(|key| properties.contains_key(*key)) {
            for field in properties.values_mut().filter_map(Value::as_object_mut) {
                field.remove("default");
            }
        }
    });
    let mut schema = settings()
        .for_deserialize()
        .with_transform(partial)
        .into_generator()
        .into_root_schema_for::<G::Params>();
    schema.insert("title".into(), format!("boardwright {} config", G::NAME).into());
    schema.insert(
        "description".into(),
        format!("A config file of {} parameters (TOML): {}", G::NAME, G::ABOUT).into(),
    );
    if let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        let seed = serde_json::json!({ "description": "The seed used when the command line gives none.", "type": "string" });
        properties.insert("seed".into(), seed);
    }
    schema
}

/// Draft 2020-12, every description as a reader needs it.
fn settings() -> SchemaSettings {
    SchemaSettings::draft2020_12().with_transform(RecursiveTransform(|schema: &mut Schema| {
        if let Some(Value::String(doc)) = schema.get_mut("description") {
            *doc = readable(doc);
        }
    }))
}

/// A doc comment as a description: its lines joined into paragraphs, its
/// links into the Rust docs (`[`Hex`]`) plain code (`Hex`), its Rust
/// examples left out.
fn readable(doc: &str) -> String {
    let prose: String = doc.split("```").step_by(2).collect();
    let paragraphs: Vec<String> = prose
        .split("\n\n")
        .filter(|paragraph| !paragraph.trim().is_empty())
        .map(|paragraph| paragraph.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let mut text = paragraphs.join("\n\n");
    while let Some(start) = text.find("[`") {
        let Some(length) = text[start..].find("`]") else { break };
        let end = start + length + 2;
        if text[end..].starts_with('(') {
            break;
        }
        text.replace_range(end - 1..end, "");
        text.replace_range(start..start + 1, "");
    }
    text
}

/// Adds to a parameter struct's schema what each parameter allows, from
/// its declaration ([`Params::INFO`]): the range of a number, the values
/// of a choice. The parameter macro calls it on every struct it declares.
#[doc(hidden)]
pub fn with_ranges<P: Params>(schema: &mut Schema) {
    let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
        return;
    };
    for info in P::INFO {
        let Some(field) = properties.get_mut(info.name).and_then(Value::as_object_mut) else {
            continue;
        };
        match info.allowed {
            Allowed::Int { min, max } => {
                field.insert("minimum".into(), min.into());
                field.insert("maximum".into(), max.into());
            }
            Allowed::Float { min, max } => {
                field.insert("minimum".into(), min.into());
                field.insert("maximum".into(), max.into());
            }
            Allowed::OneOf(values) => {
                field.insert("enum".into(), values.into());
            }
            Allowed::Bool | Allowed::Data(_) => {}
        }
    }
}
