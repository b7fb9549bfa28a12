//! The C functions called as C calls them: raw pointers in, owned bytes
//! out, a status and the thread's last error for every refusal.

use std::ffi::{CStr, CString, c_char};

use boardwright_ffi::{
    BwBytes, BwStatus, board_json, bw_bytes_free, bw_draw, bw_generate, bw_last_error, bw_last_error_parameter, bw_version, drawn,
};

/// Calls `bw_generate` with these texts (None: a null pointer) and gives
/// its status and bytes, freed through the library.
fn generate(generator: Option<&[u8]>, seed: Option<&[u8]>, params: Option<&[u8]>) -> (BwStatus, Vec<u8>) {
    let owned = |t: Option<&[u8]>| t.map(|t| CString::new(t).unwrap());
    let (g, s, p) = (owned(generator), owned(seed), owned(params));
    let ptr = |c: &Option<CString>| c.as_ref().map_or(std::ptr::null(), |c| c.as_ptr());
    let mut out = BwBytes {
        ptr: std::ptr::null_mut(),
        len: 7,
    };
    // SAFETY: every pointer is null or a live NUL-terminated string, and
    // `out` a live BwBytes.
    let status = unsafe { bw_generate(ptr(&g), ptr(&s), ptr(&p), &mut out) };
    let bytes = if out.ptr.is_null() {
        assert_eq!(out.len, 0, "no bytes, no length");
        Vec::new()
    } else {
        // SAFETY: the library's own buffer of `len` bytes and a NUL.
        let with_nul = unsafe { std::slice::from_raw_parts(out.ptr, out.len + 1) };
        assert_eq!(with_nul[out.len], 0, "a NUL follows the bytes");
        with_nul[..out.len].to_vec()
    };
    // SAFETY: given by this call, freed once.
    unsafe { bw_bytes_free(out) };
    (status, bytes)
}

/// The text at a pointer the library gave (None for null).
fn said(ptr: *const c_char) -> Option<String> {
    // SAFETY: the library's own NUL-terminated string, valid until this
    // thread's next call.
    (!ptr.is_null()).then(|| unsafe { CStr::from_ptr(ptr) }.to_str().unwrap().to_string())
}

#[test]
fn a_board_comes_back_as_json_and_the_error_is_cleared() {
    let (status, json) = generate(Some(b"witches"), Some(b"Tiamo"), None);
    assert_eq!(status, BwStatus::Ok);
    assert!(
        json.starts_with(b"{\"generator\":\"witches\"") && json.ends_with(b"}\n"),
        "{}",
        String::from_utf8_lossy(&json)
    );
    for (generator, params) in [("universe", "players = 3"), ("starship", "width = 30"), ("hexet", "")] {
        let (status, json) = generate(Some(generator.as_bytes()), Some(b"Tiamo"), Some(params.as_bytes()));
        assert_eq!(status, BwStatus::Ok);
        assert!(
            json == board_json(generator, "Tiamo", params).unwrap(),
            "{generator}: the C call's bytes differ"
        );
    }
    assert_eq!(said(bw_last_error()).as_deref(), Some(""));
    assert_eq!(said(bw_last_error_parameter()), None);
    assert_eq!(said(bw_version()).as_deref(), Some(env!("CARGO_PKG_VERSION")));
}

#[test]
fn bad_input_gets_a_status_and_words_never_a_crash() {
    let refused = |g, s, p, status: BwStatus, words: &str, parameter: Option<&str>| {
        let (got, bytes) = generate(g, s, p);
        assert_eq!(got, status, "{:?}", said(bw_last_error()));
        assert!(bytes.is_empty());
        let message = said(bw_last_error()).unwrap();
        assert!(message.contains(words), "{message:?} does not say {words:?}");
        assert_eq!(said(bw_last_error_parameter()).as_deref(), parameter);
    };
    refused(None, Some(b"s"), None, BwStatus::NullArgument, "generator is null", None);
    refused(Some(b"hexet"), None, None, BwStatus::NullArgument, "seed is null", None);
    refused(
        Some(b"univ\xffrse"),
        Some(b"s"),
        None,
        BwStatus::NotUtf8,
        "generator is not UTF-8 (at byte 4)",
        None,
    );
    refused(
        Some(b"tiles"),
        Some(b"s"),
        None,
        BwStatus::UnknownGenerator,
        "universe, witches, starship, hexet",
        None,
    );
    refused(
        Some(b"universe"),
        Some(b"s"),
        Some(b"players = 50"),
        BwStatus::BadParameter,
        "50 is not allowed",
        Some("players"),
    );
    refused(
        Some(b"universe"),
        Some(b"s"),
        Some(b"colour = 3"),
        BwStatus::BadParameter,
        "colour",
        Some("colour"),
    );
    refused(Some(b"starship"), Some(b"s"), Some(b"width = "), BwStatus::BadParameter, "", None);
    refused(
        Some(b"starship"),
        Some(b"s"),
        Some(b"[[pipeline]]\nstage = \"crew\"\nbunks = 99"),
        BwStatus::BadParameter,
        "99",
        Some("pipeline[0] (crew).bunks"),
    );
    // Freeing nothing does nothing.
    // SAFETY: empty bytes.
    unsafe {
        bw_bytes_free(BwBytes {
            ptr: std::ptr::null_mut(),
            len: 0,
        })
    };
    // A null output is refused before anything is written.
    let (g, s) = (CString::new("hexet").unwrap(), CString::new("s").unwrap());
    // SAFETY: live strings; a null output, which the call must refuse.
    let status = unsafe { bw_generate(g.as_ptr(), s.as_ptr(), std::ptr::null(), std::ptr::null_mut()) };
    assert_eq!(status, BwStatus::NullArgument);
}

#[test]
fn eight_threads_make_the_bytes_one_makes() {
    let one = generate(Some(b"universe"), Some(b"threads"), Some(b"players = 5")).1;
    let each: Vec<Vec<u8>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..8)
            .map(|_| scope.spawn(|| generate(Some(b"universe"), Some(b"threads"), Some(b"players = 5")).1))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(each.iter().all(|b| *b == one));
    // Each thread keeps its own last error.
    std::thread::scope(|scope| {
        scope.spawn(|| generate(Some(b"nope"), Some(b"s"), None));
    });
    generate(Some(b"hexet"), Some(b"s"), None);
    assert_eq!(said(bw_last_error()).as_deref(), Some(""));
}

/// Calls `bw_draw` on `result` and gives its status and bytes.
fn draw(result: &[u8], format: &str, drawing: Option<&str>) -> (BwStatus, Vec<u8>) {
    let (r, f) = (CString::new(result).unwrap(), CString::new(format).unwrap());
    let d = drawing.map(|d| CString::new(d).unwrap());
    let mut out = BwBytes {
        ptr: std::ptr::null_mut(),
        len: 0,
    };
    // SAFETY: live NUL-terminated strings (or null) and a live BwBytes.
    let status = unsafe {
        bw_draw(
            r.as_ptr(),
            f.as_ptr(),
            d.as_ref().map_or(std::ptr::null(), |d| d.as_ptr()),
            &mut out,
        )
    };
    let bytes = if out.ptr.is_null() {
        Vec::new()
    } else {
        // SAFETY: the library's own buffer of `len` bytes.
        unsafe { std::slice::from_raw_parts(out.ptr, out.len) }.to_vec()
    };
    // SAFETY: given by this call, freed once.
    unsafe { bw_bytes_free(out) };
    (status, bytes)
}

#[test]
fn a_result_is_drawn_and_bad_drawings_are_refused_in_words() {
    let (_, json) = generate(Some(b"starship"), Some(b"Tiamo"), None);
    let (status, svg) = draw(&json, "svg", Some("paper=letter&ink_friendly"));
    assert_eq!(status, BwStatus::Ok, "{:?}", said(bw_last_error()));
    assert!(svg.starts_with(b"<svg") || svg.starts_with(b"<?xml"));
    assert!(svg == drawn(std::str::from_utf8(&json).unwrap(), "svg", "paper=letter&ink_friendly").unwrap());
    let (status, png) = draw(&json, "png", Some("dpi=40"));
    assert_eq!(status, BwStatus::Ok);
    assert!(png.starts_with(b"\x89PNG"));

    let refused = |result: &[u8], format: &str, drawing: &str, status: BwStatus, words: &str, parameter: &str| {
        let (got, bytes) = draw(result, format, Some(drawing));
        assert_eq!(got, status, "{:?}", said(bw_last_error()));
        assert!(bytes.is_empty());
        let message = said(bw_last_error()).unwrap();
        assert!(message.contains(words), "{message:?} does not say {words:?}");
        assert_eq!(
            said(bw_last_error_parameter()).as_deref(),
            Some(parameter).filter(|p| !p.is_empty())
        );
    };
    refused(&json, "gif", "", BwStatus::BadParameter, "svg, png, pdf or json", "format");
    refused(
        &json,
        "svg",
        "colour=red",
        BwStatus::BadParameter,
        "ink_friendly, rules_card, paper, tile, dpi",
        "colour",
    );
    refused(&json, "png", "dpi=5000", BwStatus::BadParameter, "a number from 30 to 600", "dpi");
    refused(&json, "svg", "paper=b5", BwStatus::BadParameter, "letter", "paper");
    refused(
        b"{\"seed\":\"x\"}",
        "svg",
        "",
        BwStatus::BadParameter,
        "names no generator",
        "result",
    );
    refused(
        b"{\"generator\":\"starship\"}",
        "svg",
        "",
        BwStatus::BadParameter,
        "not a starship result",
        "result",
    );
    // A board whose pictograms would be too small on A5: refused, naming the sheets that print it.
    let (_, dense) = generate(Some(b"universe"), Some(b"Tiamo"), Some(b"resolution = 30"));
    refused(&dense, "svg", "paper=a5", BwStatus::NotDrawn, "tile", "");
}
