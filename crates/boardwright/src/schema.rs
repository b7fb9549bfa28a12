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

use crate::{GENERATORS, Generator, Logged, Registered, Visit, overlay, with_generator};

/// The schema called `name` (`docs/schema/NAME.schema.json`: each
/// generator's result, `universe`, and config, `universe-config`, and the
/// log it replays, `hexet-road-log`), or what the names are.
pub fn named(name: &str) -> Result<Schema, String> {
    let makers = makers();
    match makers.iter().find(|(n, _)| n == name) {
        Some((_, make)) => Ok(make()),
        None => {
            let names: Vec<&str> = makers.iter().map(|(n, _)| n.as_str()).collect();
            Err(format!("no schema `{name}`; schemas: {}", names.join(", ")))
        }
    }
}

/// Every schema, by name.
pub fn all() -> Vec<(String, Schema)> {
    makers().into_iter().map(|(name, make)| (name, make())).collect()
}

/// What makes each schema, by name.
fn makers() -> Vec<(String, fn() -> Schema)> {
    GENERATORS
        .iter()
        .filter_map(|name| with_generator(name, Makers))
        .flatten()
        .collect()
}

/// A generator's schema makers by name.
struct Makers;

impl Visit for Makers {
    type Output = Vec<(String, fn() -> Schema)>;

    fn visit<G: Registered>(self) -> Self::Output {
        let mut makers: Self::Output = vec![(G::NAME.to_string(), result::<G>), (format!("{}-config", G::NAME), config::<G>)];
        if let Some(file) = G::LOG {
            let log = || log::<G>().expect("a generator with a log file has a log schema");
            makers.push((format!("{}-{}", G::NAME, file.noun.replace(' ', "-")), log));
        }
        makers
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
/// read; `None` where nothing is played ([`Logged::LOG`]).
pub(crate) fn log<G: Logged>() -> Option<Schema> {
    let file = G::LOG?;
    let mut schema = read::<G::Log>();
    schema.insert("title".into(), format!("boardwright {} {}", G::NAME, file.noun).into());
    schema.insert("description".into(), file.help.into());
    Some(schema)
}

/// The schema of `T` as it is written (serialized), as these schemas are
/// made: for a caller's own answers (the web app's). What is written is
/// complete, so no field has a default; and objects are open, so that a
/// reader's schema takes the fields a later version adds.
pub fn written<T: JsonSchema>() -> Schema {
    let open = RecursiveTransform(|schema: &mut Schema| {
        if let Some(object) = schema.as_object_mut() {
            object.remove("default");
            if object.get("additionalProperties") == Some(&Value::Bool(false)) {
                object.remove("additionalProperties");
            }
        }
    });
    settings()
        .for_serialize()
        .with_transform(open)
        .into_generator()
        .into_root_schema_for::<T>()
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
pub(crate) fn config<G: Generator>() -> Schema {
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
/// Rust examples and its cross-references for Rust readers in parentheses
/// (`([`Board::areas`])`) left out, its other links into the Rust docs
/// (`[`Hex`]`) plain code (`Hex`).
fn readable(doc: &str) -> String {
    let prose: String = doc.split("```").step_by(2).collect();
    let paragraphs: Vec<String> = prose
        .split("\n\n")
        .filter(|paragraph| !paragraph.trim().is_empty())
        .map(|paragraph| paragraph.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let text = paragraphs.join("\n\n");
    let (mut out, mut rest) = (String::new(), text.as_str());
    while let Some(start) = rest.find("[`") {
        let Some(length) = rest[start..].find("`]") else { break };
        let end = start + length + 2;
        let (before, after) = (&rest[..start], &rest[end..]);
        if after.starts_with('(') {
            // A link with its own address: kept.
            out.push_str(&rest[..end]);
        } else if let (Some(before), Some(after)) = (before.strip_suffix(" ("), after.strip_prefix(')')) {
            out.push_str(before);
            rest = after;
            continue;
        } else {
            out.push_str(before);
            out.push_str(&rest[start + 1..end - 1]);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::readable;

    #[test]
    fn descriptions_read_without_rust() {
        let doc = " Index of its area in the board's `areas` ([`Board::areas`]).\n Each [`Hex`] is\n a cell; see [the article](https://example.org) and [`Seed`].\n\n ```\n let a = 1;\n ```\n\n Last.";
        assert_eq!(
            readable(doc),
            "Index of its area in the board's `areas`. Each `Hex` is a cell; see [the article](https://example.org) and `Seed`.\n\nLast."
        );
        // A link with its own address is kept, and the text after it read on.
        assert_eq!(readable("[`Hex`](crate::Hex) then [`Seed`]"), "[`Hex`](crate::Hex) then `Seed`");
    }
}
