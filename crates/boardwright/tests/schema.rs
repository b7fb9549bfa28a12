//! The JSON Schemas in `docs/schema/` are the ones the types make: a change
//! of the JSON contract shows as a change of these files, reviewed and
//! re-blessed with `BOARDWRIGHT_BLESS=1`. (`.ci/python` validates real
//! results against them with an independent validator.)

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use boardwright::schema;

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

/// docs/json.md's table of each result's top-level fields names exactly the
/// fields its schema has: a field added, renamed or dropped fails here
/// until the prose says so too.
#[test]
fn the_json_docs_name_every_top_level_field() {
    let docs = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json.md")).unwrap();
    for generator in boardwright::GENERATORS {
        let section = docs
            .split(&format!("\n## {generator}\n"))
            .nth(1)
            .unwrap_or_else(|| panic!("docs/json.md has no section {generator}"));
        let named: BTreeSet<String> = section
            .lines()
            .skip_while(|l| *l != "### Top-level fields")
            .skip_while(|l| !l.starts_with("| Field"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .flat_map(|l| l.trim_start_matches('|').split(" | ").next().unwrap().split(", "))
            .map(|name| name.trim().trim_matches('`').to_string())
            .collect();
        let text = std::fs::read_to_string(folder().join(format!("{generator}.schema.json"))).unwrap();
        let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
        let fields: BTreeSet<String> = schema["properties"].as_object().unwrap().keys().cloned().collect();
        assert_eq!(
            named, fields,
            "docs/json.md's {generator} table against docs/schema/{generator}.schema.json"
        );
    }
}
