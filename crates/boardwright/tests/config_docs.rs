//! docs/config.md's tables of the starship stages' fields are made from
//! the declarations: each kind's fields in the default pipeline's order,
//! with the default pipeline's value, the range the check holds it to and
//! the field's doc; then a machine variant's fields. A change of a stage's
//! fields shows as a change of the page, re-blessed with
//! `BOARDWRIGHT_BLESS=1`.

use std::path::Path;

use boardwright::params::{Params as _, TableField};
use boardwright::starship::Params;

#[test]
fn the_config_docs_stage_tables_are_the_declarations() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/config.md");
    let mut docs = std::fs::read_to_string(&path).unwrap();
    let bless = std::env::var_os("BOARDWRIGHT_BLESS").is_some();
    for (marker, made) in [
        ("<!-- stage fields: made from the declarations -->", stage_table()),
        ("<!-- variant fields: made from the declarations -->", variant_table()),
    ] {
        let at = docs.find(marker).unwrap_or_else(|| panic!("docs/config.md has no `{marker}`"));
        let start = at + marker.len() + "\n\n".len();
        let end = docs[start..].find("\n\n").map_or(docs.len(), |n| start + n + 1);
        if bless {
            docs.replace_range(start..end, &made);
        } else {
            assert_eq!(
                docs[start..end],
                made,
                "docs/config.md's table after `{marker}` differs from the declarations; re-bless with BOARDWRIGHT_BLESS=1"
            );
        }
    }
    if bless {
        std::fs::write(&path, docs).unwrap();
    }
}

/// A Markdown table of `header` and `rows`, a `|` in a cell escaped.
fn table(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let line = |cells: &[String]| {
        let cells: Vec<String> = cells.iter().map(|c| c.replace('|', "\\|")).collect();
        format!("| {} |", cells.join(" | "))
    };
    let mut lines = vec![format!("| {} |", header.join(" | ")), format!("|{}", "---|".repeat(header.len()))];
    lines.extend(rows.into_iter().map(|row| line(&row)));
    lines.join("\n") + "\n"
}

/// The pipeline's fields for a form, a machine variant's (`variants.FIELD`)
/// apart.
fn fields(variants: bool) -> impl Iterator<Item = TableField> {
    Params::table_fields("pipeline")
        .into_iter()
        .filter(move |f| f.name.starts_with("variants.") == variants)
}

/// `| Stage | Field | Default | Allowed | Meaning |`, a row per field of
/// each stage of the default pipeline (a stage without fields says so).
fn stage_table() -> String {
    let defaults = toml::Table::try_from(Params::default()).unwrap();
    let mut rows = Vec::new();
    for stage in defaults["pipeline"].as_array().unwrap() {
        let name = stage["stage"].as_str().unwrap();
        let own: Vec<TableField> = fields(false).filter(|f| f.table == name).collect();
        if own.is_empty() {
            rows.push(vec![
                format!("`{name}`"),
                "none".into(),
                String::new(),
                String::new(),
                String::new(),
            ]);
        }
        for field in own {
            let default = match stage.get(&field.name) {
                Some(toml::Value::Array(variants)) if field.name == "variants" => variants
                    .iter()
                    .map(|v| format!("`{}`", v["name"].as_str().unwrap()))
                    .collect::<Vec<_>>()
                    .join(", "),
                Some(value) => format!("`{value}`"),
                None => panic!("`{name}` has no default `{}`", field.name),
            };
            rows.push(vec![
                format!("`{name}`"),
                format!("`{}`", field.name),
                default,
                field.allowed,
                field.doc,
            ]);
        }
    }
    table(&["Stage", "Field", "Default", "Allowed", "Meaning"], rows)
}

/// `| Field | Allowed | Meaning |`, a row per field of a machine variant
/// (the thrusters' and the weapons' are one).
fn variant_table() -> String {
    let rows = fields(true).filter(|f| f.table == "thrusters").map(|field| {
        let name = field.name.trim_start_matches("variants.");
        vec![format!("`{name}`"), field.allowed, field.doc]
    });
    table(&["Field", "Allowed", "Meaning"], rows)
}
