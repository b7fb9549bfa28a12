//! The JSON Schemas in `docs/schema/` are the ones the types make: a change
//! of the JSON contract shows as a change of these files, reviewed and
//! re-blessed with `BOARDWRIGHT_BLESS=1`. (`.ci/python` validates real
//! results against them with an independent validator.) docs/json.md's
//! field tables are made from them, and held to them here too.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use boardwright::metrics::{Described, Metric};
use boardwright::{Registered, Visit, schema};
use serde_json::Value;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schema")
}

#[test]
fn committed_schemas_are_the_generated_ones() {
    let bless = std::env::var_os("BOARDWRIGHT_BLESS").is_some();
    let mut made = BTreeSet::new();
    for (name, schema) in schema::all() {
        let file = format!("{name}.schema.json");
        let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        let path = folder().join(&file);
        if bless {
            std::fs::create_dir_all(folder()).unwrap();
            std::fs::write(&path, &text).unwrap();
        } else {
            let committed =
                std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing docs/schema/{file}; run with BOARDWRIGHT_BLESS=1"));
            assert!(
                committed == text,
                "docs/schema/{file} differs from the schema the types make; review and re-bless with BOARDWRIGHT_BLESS=1"
            );
        }
        made.insert(file);
    }
    let on_disk: BTreeSet<String> = std::fs::read_dir(folder())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".schema.json"))
        .collect();
    let stale: Vec<&String> = on_disk.difference(&made).collect();
    assert!(stale.is_empty(), "docs/schema holds schemas no type makes: {stale:?}");
}

/// docs/json.md's field tables are made from these schemas: a line
/// `<!-- fields: FILE#DEF -->` (`universe#Node`; `universe` alone for the
/// result's top level) is followed by the table of that object's fields,
/// each field's meaning its description, that is its doc comment. A field
/// added, renamed or dropped, or a doc changed, fails here until the tables
/// are re-blessed with `BOARDWRIGHT_BLESS=1`; so does an object a result
/// or a log holds (its parameters aside) with no table.
///
/// A table lists the fields of the object's `required` list in its order
/// (the order the type declares them), then the optional ones by name.
/// A generator's `Metrics` table also gives each figure's label and unit,
/// from its declaration ([`Described::METRICS`]).
#[test]
fn the_json_docs_tables_are_the_schemas() {
    let bless = std::env::var_os("BOARDWRIGHT_BLESS").is_some();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json.md");
    let docs = std::fs::read_to_string(&path).unwrap();
    let schemas: BTreeMap<String, Value> = schema::all()
        .into_iter()
        .map(|(name, schema)| (name, serde_json::to_value(schema).unwrap()))
        .collect();

    let lines: Vec<&str> = docs.lines().collect();
    let (mut out, mut stale, mut marked) = (Vec::new(), Vec::new(), BTreeSet::new());
    let mut i = 0;
    while i < lines.len() {
        out.push(lines[i].to_string());
        let target = marker(lines[i]);
        i += 1;
        let Some(target) = target else { continue };
        while i < lines.len() && lines[i].trim().is_empty() {
            out.push(lines[i].to_string());
            i += 1;
        }
        let start = i;
        while i < lines.len() && lines[i].starts_with('|') {
            i += 1;
        }
        let made = fields_table(&schemas, &target).unwrap_or_else(|e| panic!("docs/json.md, `<!-- fields: {target} -->`: {e}"));
        if lines[start..i].join("\n") != made {
            stale.push(target.clone());
        }
        out.push(made);
        if start == i && i < lines.len() {
            out.push(String::new());
        }
        marked.insert(target);
    }

    if bless {
        std::fs::write(&path, out.join("\n") + "\n").unwrap();
    } else {
        assert!(
            stale.is_empty(),
            "docs/json.md's tables of {stale:?} differ from the schemas' fields; re-bless with BOARDWRIGHT_BLESS=1"
        );
    }
    let unmarked: Vec<String> = schemas
        .iter()
        .filter(|(name, _)| !name.ends_with("-config"))
        .flat_map(|(name, schema)| documented_objects(schema).into_iter().map(move |def| target_name(name, &def)))
        .filter(|target| !marked.contains(target))
        .collect();
    assert!(
        unmarked.is_empty(),
        "docs/json.md has no `<!-- fields: … -->` table of {unmarked:?}"
    );
}

/// The target of a marker line `<!-- fields: universe#Node -->`.
fn marker(line: &str) -> Option<String> {
    let inner = line.trim().strip_prefix("<!-- fields:")?.strip_suffix("-->")?;
    Some(inner.trim().to_string())
}

/// The marker target of object `def` of schema `name` (`""`: its top level).
fn target_name(name: &str, def: &str) -> String {
    if def.is_empty() {
        name.to_string()
    } else {
        format!("{name}#{def}")
    }
}

/// The objects a result or a log holds whose fields a reader needs, by
/// definition name (`""` for the top level): every object reached from the
/// top level, but for the parameters (`params`, described by the
/// parameters' own docs).
fn documented_objects(schema: &Value) -> BTreeSet<String> {
    /// Adds to `found` the objects `value` holds; `seen` is every
    /// definition walked.
    fn walk(value: &Value, defs: &Value, top: bool, seen: &mut BTreeSet<String>, found: &mut BTreeSet<String>) {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(reference)) = map.get("$ref") {
                    let def = reference.trim_start_matches("#/$defs/");
                    if seen.insert(def.to_string()) {
                        if defs[def].get("properties").is_some() {
                            found.insert(def.to_string());
                        }
                        walk(&defs[def], defs, false, seen, found);
                    }
                }
                for (key, value) in map {
                    match key.as_str() {
                        "$defs" => {}
                        "properties" => {
                            for (field, value) in value.as_object().unwrap() {
                                if !(top && field == "params") {
                                    walk(value, defs, false, seen, found);
                                }
                            }
                        }
                        _ => walk(value, defs, false, seen, found),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| walk(item, defs, false, seen, found)),
            _ => {}
        }
    }
    let mut found = BTreeSet::new();
    if schema.get("properties").is_some() {
        found.insert(String::new());
    }
    walk(schema, &schema["$defs"], true, &mut BTreeSet::new(), &mut found);
    found
}

/// A generator's metrics as its declaration describes them.
struct MetricList;

impl Visit for MetricList {
    type Output = &'static [Metric];

    fn visit<G: Registered>(self) -> Self::Output {
        <G::Metrics as Described>::METRICS
    }
}

/// The Markdown table of the fields of the object `target` names
/// (`universe#Node`): `| Field | Type | Meaning |`, and for a generator's
/// `Metrics` `| Key | Label | Unit | Type | Meaning |`.
fn fields_table(schemas: &BTreeMap<String, Value>, target: &str) -> Result<String, String> {
    let (name, def) = target.split_once('#').unwrap_or((target, ""));
    let schema = schemas.get(name).ok_or_else(|| format!("no schema `{name}`"))?;
    let defs = &schema["$defs"];
    let object = if def.is_empty() { schema } else { &defs[def] };
    let properties = object
        .get("properties")
        .and_then(Value::as_object)
        .ok_or_else(|| format!("`{target}` is not an object with fields"))?;
    let required: Vec<&str> = object
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut optional: Vec<&str> = properties
        .keys()
        .map(String::as_str)
        .filter(|field| !required.contains(field))
        .collect();
    optional.sort_unstable();

    let metrics = if def == "Metrics" {
        boardwright::with_generator(name, MetricList)
    } else {
        None
    };
    if let Some(metrics) = metrics {
        let declared: BTreeSet<&str> = metrics.iter().map(|m| m.name).collect();
        let fields: BTreeSet<&str> = properties.keys().map(String::as_str).collect();
        if declared != fields {
            return Err(format!("the metrics declared {declared:?} are not the schema's {fields:?}"));
        }
    }

    let mut rows = vec![match metrics {
        Some(_) => "| Key | Label | Unit | Type | Meaning |\n|---|---|---|---|---|".to_string(),
        None => "| Field | Type | Meaning |\n|---|---|---|".to_string(),
    }];
    for field in required.iter().chain(&optional) {
        let property = properties.get(*field).ok_or_else(|| format!("required `{field}` has no schema"))?;
        let meaning = property
            .get("description")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("field `{field}` has no description (doc comment)"))?;
        let mut kind = type_words(property, defs);
        if !required.contains(field) {
            kind += &match property.get("default") {
                Some(default) => format!(" (optional, default `{default}`)"),
                None => " (optional)".to_string(),
            };
        }
        let mut cells = vec![format!("`{field}`")];
        if let Some(metrics) = metrics {
            let metric = metrics.iter().find(|m| m.name == *field).unwrap();
            cells.extend([metric.label.to_string(), metric.unit.to_string()]);
        }
        cells.extend([kind, meaning.split_whitespace().collect::<Vec<_>>().join(" ")]);
        let cells: Vec<String> = cells
            .iter()
            .map(|cell| {
                if cell.is_empty() {
                    " ".to_string()
                } else {
                    format!(" {} ", cell.replace('|', "\\|"))
                }
            })
            .collect();
        rows.push(format!("|{}|", cells.join("|")));
    }
    Ok(rows.join("\n"))
}

/// A field's type in plain words: `integer`, `string or null`, `array of
/// Node` (an object by its definition's name), `"left"`, `"top"`,
/// `"right"` or `"bottom"` (strings by their values), `[number, number]`
/// (an array of a fixed length up to 4), `object of number` (a map).
fn type_words(schema: &Value, defs: &Value) -> String {
    let mut words = alternatives(schema, defs);
    match words.len() {
        0 | 1 => words.pop().unwrap_or_default(),
        n => format!("{} or {}", words[..n - 1].join(", "), words[n - 1]),
    }
}

/// The values a schema allows, each in words.
fn alternatives(schema: &Value, defs: &Value) -> Vec<String> {
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference.trim_start_matches("#/$defs/");
        let def = &defs[name];
        return if def.get("properties").is_some() {
            vec![name.to_string()]
        } else {
            alternatives(def, defs)
        };
    }
    if let Some(value) = schema.get("const") {
        return vec![format!("`{value}`")];
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values.iter().map(|value| format!("`{value}`")).collect();
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(list) = schema.get(key).and_then(Value::as_array) {
            return list.iter().flat_map(|one| alternatives(one, defs)).collect();
        }
    }
    match schema.get("type") {
        Some(Value::Array(types)) => types
            .iter()
            .flat_map(|one| {
                let mut schema = schema.clone();
                schema["type"] = one.clone();
                alternatives(&schema, defs)
            })
            .collect(),
        Some(Value::String(kind)) if kind == "array" => {
            let items = type_words(&schema["items"], defs);
            let length = |key: &str| schema.get(key).and_then(Value::as_u64);
            vec![match (length("minItems"), length("maxItems")) {
                (Some(n), Some(m)) if n == m && n <= 4 => format!("[{}]", vec![items; n as usize].join(", ")),
                (Some(n), Some(m)) if n == m => format!("array of {n} {items}"),
                _ => format!("array of {items}"),
            }]
        }
        Some(Value::String(kind)) if kind == "object" => vec![match schema.get("additionalProperties") {
            Some(values @ Value::Object(_)) => format!("object of {}", type_words(values, defs)),
            _ => "object".to_string(),
        }],
        Some(Value::String(kind)) => vec![kind.clone()],
        _ => panic!("no words for the type of {schema}"),
    }
}
