//! boardwright as a C library: a board made by the generator's name, a
//! seed and parameters (TOML), as the same JSON bytes the command line
//! writes; and a result drawn as SVG, PNG or PDF as the command line
//! draws it.
//!
//! The rules of the boundary:
//! - Text in is UTF-8, NUL-terminated (`const char*`); a null pointer or
//!   text that is not UTF-8 is refused, never read past.
//! - What a call gives is owned by the caller: a [`BwBytes`] buffer, freed
//!   with [`bw_bytes_free`] once, and by nothing else.
//! - Every call returns a [`BwStatus`]. When it is not [`BwStatus::Ok`],
//!   [`bw_last_error`] says what was wrong and what is allowed, in the
//!   command line's words, and [`bw_last_error_parameter`] names the
//!   parameter at fault, if one is. Both are the calling thread's own and
//!   stay valid until that thread's next call.
//! - No call unwinds into C: a panic is caught and answered
//!   [`BwStatus::Internal`].
//! - Any call may be made from several threads at once.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

use boardwright::params::{ParamError, Params as _};
use boardwright::{GENERATORS, Registered, Seed, Visit, with_generator};
use output::{Drawing, Format};

/// What a call came to.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BwStatus {
    /// Done; the output holds the result.
    Ok = 0,
    /// A pointer that must not be null was null.
    NullArgument = 1,
    /// Text that is not UTF-8.
    NotUtf8 = 2,
    /// No generator has that name.
    UnknownGenerator = 3,
    /// A parameter is unknown, out of range or malformed
    /// ([`bw_last_error_parameter`] names it).
    BadParameter = 4,
    /// The parameters are valid, but no board could be made of them.
    GenerationFailed = 5,
    /// A fault of the library's own, not of the input.
    Internal = 6,
    /// The result cannot be drawn as asked: a mark a player needs would be
    /// too small on that paper (the message names the sheets that print).
    NotDrawn = 7,
}

/// Bytes the library made, owned by the caller until [`bw_bytes_free`].
/// A NUL follows them (not counted in `len`), so that JSON can be passed
/// on as a C string (to [`bw_draw`]).
#[repr(C)]
#[derive(Debug)]
pub struct BwBytes {
    /// The first byte (null for none).
    pub ptr: *mut u8,
    /// How many bytes.
    pub len: usize,
}

impl BwBytes {
    /// No bytes.
    const EMPTY: BwBytes = BwBytes {
        ptr: std::ptr::null_mut(),
        len: 0,
    };

    /// `bytes` and a NUL after them, handed over to the caller.
    fn of(mut bytes: Vec<u8>) -> BwBytes {
        let len = bytes.len();
        bytes.push(0);
        BwBytes {
            ptr: Box::into_raw(bytes.into_boxed_slice()).cast::<u8>(),
            len,
        }
    }
}

/// Why the last call on this thread failed, and the parameter at fault.
struct LastError {
    message: CString,
    parameter: Option<CString>,
}

thread_local! {
    static LAST_ERROR: RefCell<LastError> = RefCell::new(LastError {
        message: CString::default(),
        parameter: None,
    });
}

/// A refusal: its status, its words and the parameter at fault.
#[derive(Debug)]
pub struct Refusal {
    /// What kind of refusal.
    pub status: BwStatus,
    /// What was wrong and what is allowed, in the command line's words.
    pub message: String,
    /// The parameter at fault, if one is.
    pub parameter: Option<String>,
}

impl Refusal {
    fn new(status: BwStatus, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
            parameter: None,
        }
    }

    /// A bad `parameter`, in `message`'s words.
    fn bad(parameter: &str, message: impl Into<String>) -> Refusal {
        Refusal {
            status: BwStatus::BadParameter,
            message: message.into(),
            parameter: Some(parameter.to_string()),
        }
    }
}

impl From<ParamError> for Refusal {
    fn from(e: ParamError) -> Refusal {
        Refusal {
            status: BwStatus::BadParameter,
            parameter: e.parameter().map(str::to_string),
            message: e.to_string(),
        }
    }
}

/// A text without its NUL bytes, which no C string can hold.
fn c_text(text: String) -> CString {
    CString::new(text.replace('\0', " ")).unwrap_or_default()
}

/// Runs `call`, records why it failed on this thread (or that nothing
/// failed), and never lets a panic cross into C.
fn answer(call: impl FnOnce() -> Result<(), Refusal>) -> BwStatus {
    let outcome = catch_unwind(AssertUnwindSafe(call)).unwrap_or_else(|_| {
        Err(Refusal::new(
            BwStatus::Internal,
            "the library failed on its own (a bug, not the input); please report it with the call that caused it",
        ))
    });
    let (status, message, parameter) = match outcome {
        Ok(()) => (BwStatus::Ok, String::new(), None),
        Err(r) => (r.status, r.message, r.parameter),
    };
    LAST_ERROR.with(|last| {
        *last.borrow_mut() = LastError {
            message: c_text(message),
            parameter: parameter.map(c_text),
        };
    });
    status
}

/// The text at `ptr`, named `what` in a refusal.
///
/// # Safety
/// `ptr` is null or points to a NUL-terminated string that stays valid
/// during the call.
unsafe fn text<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, Refusal> {
    if ptr.is_null() {
        return Err(Refusal::new(BwStatus::NullArgument, format!("{what} is null; expected UTF-8 text")));
    }
    // SAFETY: not null, and NUL-terminated and valid by the caller's contract.
    let c = unsafe { CStr::from_ptr(ptr) };
    c.to_str()
        .map_err(|e| Refusal::new(BwStatus::NotUtf8, format!("{what} is not UTF-8 (at byte {})", e.valid_up_to())))
}

/// The text at `ptr`, or empty text for a null pointer.
///
/// # Safety
/// As [`text`].
unsafe fn text_or_empty<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, Refusal> {
    if ptr.is_null() {
        Ok("")
    } else {
        // SAFETY: not null; valid by the caller's contract.
        unsafe { text(ptr, what) }
    }
}

/// A call that gives bytes: `*out` is emptied first, then holds what
/// `make` made; a null `out` is refused before anything is made
/// (`what`: the bytes it was to hold, in the refusal).
///
/// # Safety
/// `out` is null or points to a `BwBytes` the call may write.
unsafe fn give(out: *mut BwBytes, what: &str, make: impl FnOnce() -> Result<Vec<u8>, Refusal>) -> BwStatus {
    answer(|| {
        if out.is_null() {
            return Err(Refusal::new(
                BwStatus::NullArgument,
                format!("out is null; expected a BwBytes to write {what} to"),
            ));
        }
        // SAFETY: not null, and writable by the caller's contract.
        unsafe { out.write(BwBytes::EMPTY) };
        let bytes = make()?;
        // SAFETY: as above.
        unsafe { out.write(BwBytes::of(bytes)) };
        Ok(())
    })
}

/// The library's version, as `boardwright --version` gives it: a static
/// string, never freed.
#[unsafe(no_mangle)]
pub extern "C" fn bw_version() -> *const c_char {
    const VERSION: &CStr = match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(version) => version,
        Err(_) => c"",
    };
    VERSION.as_ptr()
}

/// Why the last call on this thread failed, in words (empty after a call
/// that did not fail). Valid until this thread's next call; never freed.
#[unsafe(no_mangle)]
pub extern "C" fn bw_last_error() -> *const c_char {
    LAST_ERROR.with(|last| last.borrow().message.as_ptr())
}

/// The parameter at fault in the last call on this thread (`pipeline[2].w`),
/// or null when none is. Valid until this thread's next call; never freed.
#[unsafe(no_mangle)]
pub extern "C" fn bw_last_error_parameter() -> *const c_char {
    LAST_ERROR.with(|last| last.borrow().parameter.as_ref().map_or(std::ptr::null(), |p| p.as_ptr()))
}

/// Makes the board of `generator` (`"universe"`, `"witches"`, `"starship"`,
/// `"hexet"`) from `seed` and `params`, a TOML table of parameters (null or
/// empty: the defaults), and puts its JSON in `*out`: the bytes
/// `boardwright GENERATOR --seed SEED --config FILE -o board.json` writes.
/// On a refusal `*out` is empty.
///
/// # Safety
/// `generator`, `seed` and (unless null) `params` point to NUL-terminated
/// strings valid during the call; `out` is null or points to a `BwBytes`
/// the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_generate(generator: *const c_char, seed: *const c_char, params: *const c_char, out: *mut BwBytes) -> BwStatus {
    // SAFETY: valid strings (`params` may be null) and `out` null or
    // writable, by the caller's contract.
    unsafe {
        give(out, "the board", || {
            board_json(text(generator, "generator")?, text(seed, "seed")?, text_or_empty(params, "params")?)
        })
    }
}

/// What [`bw_generate`] gives, for Rust: the board's JSON, or the refusal.
pub fn board_json(generator: &str, seed: &str, params: &str) -> Result<Vec<u8>, Refusal> {
    with_generator(generator, Json { seed, params }).ok_or_else(|| {
        Refusal::new(
            BwStatus::UnknownGenerator,
            format!("unknown generator `{generator}`; generators: {}", GENERATORS.join(", ")),
        )
    })?
}

/// Frees bytes a call gave. Freeing empty bytes does nothing.
///
/// # Safety
/// `bytes` is what a call of this library gave, not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_bytes_free(bytes: BwBytes) {
    if bytes.ptr.is_null() {
        return;
    }
    let slice = std::ptr::slice_from_raw_parts_mut(bytes.ptr, bytes.len + 1);
    // SAFETY: made by `BwBytes::of` from a boxed slice of `len` bytes and
    // its NUL, and not freed before, by the caller's contract.
    drop(unsafe { Box::from_raw(slice) });
}

/// Draws `result`, a result's JSON as [`bw_generate`] gives it, as
/// `format` (`"svg"`, `"png"`, `"pdf"` or `"json"`), with the drawing
/// options `drawing` as a web address writes them (`"paper=letter&tile=2x2&ink_friendly&dpi=300"`;
/// null or empty: A4, one sheet, 150 dpi), and puts the bytes in `*out`:
/// the bytes `boardwright` writes to `-o board.FORMAT` with those options.
/// A result that would lose a mark a player needs on that paper is refused
/// ([`BwStatus::NotDrawn`]), naming the papers and sheets that print it.
///
/// # Safety
/// `result`, `format` and (unless null) `drawing` point to NUL-terminated
/// strings valid during the call; `out` is null or points to a `BwBytes`
/// the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_draw(result: *const c_char, format: *const c_char, drawing: *const c_char, out: *mut BwBytes) -> BwStatus {
    // SAFETY: valid strings (`drawing` may be null) and `out` null or
    // writable, by the caller's contract.
    unsafe {
        give(out, "the drawing", || {
            drawn(text(result, "result")?, text(format, "format")?, text_or_empty(drawing, "drawing")?)
        })
    }
}

/// What [`bw_draw`] gives, for Rust: the drawing's bytes, or the refusal.
pub fn drawn(result: &str, format: &str, drawing: &str) -> Result<Vec<u8>, Refusal> {
    let format = Format::from_extension(format.trim()).ok_or_else(|| {
        Refusal::bad(
            "format",
            format!("format {format:?} is not allowed; expected svg, png, pdf or json"),
        )
    })?;
    let mut options = Drawing::default();
    for pair in drawing.split('&').filter(|p| !p.trim().is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let key = key.trim();
        match options.set(key, value) {
            Ok(true) => {}
            Ok(false) => {
                return Err(Refusal::bad(
                    key,
                    format!("unknown drawing option `{key}`; options: {}", Drawing::KEYS.join(", ")),
                ));
            }
            Err(why) => return Err(Refusal::bad(key, format!("drawing option `{key}`: {why}"))),
        }
    }
    let generator = serde_json::from_str::<serde_json::Value>(result)
        .ok()
        .and_then(|v| v.get("generator").and_then(|g| g.as_str()).map(str::to_string))
        .ok_or_else(|| Refusal::bad("result", "result is not a boardwright result: it names no generator"))?;
    with_generator(
        &generator,
        Draw {
            result,
            format,
            drawing: options,
        },
    )
    .ok_or_else(|| {
        Refusal::bad(
            "result",
            format!(
                "result names an unknown generator `{generator}`; generators: {}",
                GENERATORS.join(", ")
            ),
        )
    })?
}

/// A result of the generator visited, drawn.
struct Draw<'a> {
    result: &'a str,
    format: Format,
    drawing: Drawing,
}

impl Visit for Draw<'_> {
    type Output = Result<Vec<u8>, Refusal>;

    fn visit<G: Registered>(self) -> Self::Output {
        let board: G::Board =
            serde_json::from_str(self.result).map_err(|e| Refusal::bad("result", format!("result is not a {} result: {e}", G::NAME)))?;
        if self.format != Format::Json {
            G::check_printable(&board, &self.drawing.options).map_err(|e| Refusal::new(BwStatus::NotDrawn, e.to_string()))?;
        }
        let mut bytes = Vec::new();
        output::write::<G>(&board, self.format, &self.drawing, &mut bytes)
            .map_err(|e| Refusal::new(BwStatus::Internal, format!("could not draw the result: {e}")))?;
        Ok(bytes)
    }
}

/// A board of the generator visited, as the command line writes its JSON.
struct Json<'a> {
    seed: &'a str,
    params: &'a str,
}

impl Visit for Json<'_> {
    type Output = Result<Vec<u8>, Refusal>;

    fn visit<G: Registered>(self) -> Self::Output {
        let params = G::Params::from_toml(self.params)?;
        let board = G::generate(&params, &Seed::new(self.seed)).map_err(|e| Refusal::new(BwStatus::GenerationFailed, e.to_string()))?;
        let mut json = Vec::new();
        output::write::<G>(&board, output::Format::Json, &output::Drawing::default(), &mut json)
            .map_err(|e| Refusal::new(BwStatus::Internal, format!("could not write the JSON: {e}")))?;
        Ok(json)
    }
}
