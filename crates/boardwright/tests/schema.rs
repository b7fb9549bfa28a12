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
