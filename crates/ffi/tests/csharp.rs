//! The C# bindings (`bindings/csharp`) hold to the C header: every C
//! function is bound once, by its name; every status has its number; and
//! the .NET project's version is the library's. (Mono runs the bindings'
//! own tests in CI: `.ci/csharp`.)

use std::collections::BTreeMap;
use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)).unwrap()
}

/// `BwStatusName` or `Name` as the header spells a status: `NOT_UTF8`.
fn screaming(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

#[test]
fn the_csharp_bindings_bind_every_c_function_and_status() {
    let header = read("bindings/c/boardwright.h");
    let csharp = read("bindings/csharp/Boardwright.cs");

    // The name before the first `(` of each line that declares a function.
    let functions = |lines: Vec<&str>| -> Vec<String> {
        let mut names: Vec<String> = lines
            .into_iter()
            .filter_map(|l| l.split_once('(').map(|(head, _)| head))
            .filter_map(|head| head.rsplit([' ', '*']).next())
            .filter(|name| name.starts_with("bw_"))
            .map(str::to_string)
            .collect();
        names.sort();
        names
    };
    let in_c = functions(header.lines().filter(|l| !l.starts_with([' ', '/', '#'])).collect());
    let bound = functions(
        csharp
            .lines()
            .filter_map(|l| l.split_once("static extern ").map(|(_, rest)| rest))
            .collect(),
    );
    assert!(in_c.len() >= 20, "{in_c:?}");
    assert_eq!(bound, in_c, "the C# bindings and the header name different functions");

    let c_statuses: BTreeMap<String, u32> = header
        .lines()
        .filter_map(|l| l.trim().strip_prefix("BW_STATUS_"))
        .filter_map(|l| l.trim_end_matches(',').split_once(" = "))
        .map(|(name, n)| (name.to_string(), n.parse().unwrap()))
        .collect();
    let enum_body = csharp.split("public enum Status").nth(1).unwrap().split('}').next().unwrap();
    let cs_statuses: BTreeMap<String, u32> = enum_body
        .lines()
        .filter_map(|l| l.trim().trim_end_matches(',').split_once(" = "))
        .map(|(name, n)| (screaming(name), n.parse().unwrap()))
        .collect();
    assert!(c_statuses.len() >= 11);
    assert_eq!(cs_statuses, c_statuses, "the C# statuses differ from the header's");

    let project = read("bindings/csharp/Boardwright.csproj");
    assert!(
        project.contains(&format!("<Version>{}</Version>", env!("CARGO_PKG_VERSION"))),
        "bindings/csharp/Boardwright.csproj's version is not the library's"
    );
}
