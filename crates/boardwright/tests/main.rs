//! Invariant and snapshot tests of the generators, checked on their results
//! by code of their own, not by the code that built them.

mod fuzz_cases;
mod hexet;
mod limits;
mod print;
mod rng;
mod starship;
mod universe;
mod witches;

/// Compares `actual` with the file in `tests/golden/`; with
/// `BOARDWRIGHT_BLESS=1` writes it instead.
fn golden(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("BOARDWRIGHT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing {}; run with BOARDWRIGHT_BLESS=1", path.display()));
    assert!(
        expected == actual,
        "{name} changed; review the difference and re-bless with BOARDWRIGHT_BLESS=1"
    );
}
