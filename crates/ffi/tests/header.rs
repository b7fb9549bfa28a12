//! `bindings/c/boardwright.h` is the header cbindgen makes from this
//! crate: a C call changed in the code and not in the header fails here;
//! `BOARDWRIGHT_BLESS=1` writes the header anew.

use std::path::Path;

#[test]
fn the_header_is_the_code() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml reads");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads the crate");
    let mut made = Vec::new();
    bindings.write(&mut made);
    let header = dir.join("../../bindings/c/boardwright.h");
    if std::env::var_os("BOARDWRIGHT_BLESS").is_some() {
        std::fs::write(&header, &made).unwrap();
        return;
    }
    let kept = std::fs::read(&header).expect("bindings/c/boardwright.h; make it with BOARDWRIGHT_BLESS=1");
    assert!(
        kept == made,
        "bindings/c/boardwright.h differs from the code; review the difference and re-bless with BOARDWRIGHT_BLESS=1"
    );
}
