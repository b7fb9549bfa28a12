//! boardwright as a C library: the toolkit's calls (list, schema,
//! generate, draw, analyze, play) with text in and JSON or drawing bytes
//! out, the same bytes the command line writes; and two handles, a hexet
//! game (roads placed and taken away, networks, scores) and a witches
//! recipe (clue, brew, reveal). [`calls`] is the same surface in Rust.
//!
//! The rules of the boundary:
//! - Text in is UTF-8, NUL-terminated (`const char*`); a null pointer or
//!   text that is not UTF-8 is refused, never read past.
//! - What a call gives is owned by the caller: a `BwBytes` buffer, freed
//!   with `bw_bytes_free` once; a handle, freed with its own free call.
//!   A handle freed twice, used after its free, or passed as the other
//!   kind is refused (`BW_STATUS_BAD_HANDLE`), never read.
//! - Every call returns a `BwStatus`. When it is not `BW_STATUS_OK`,
//!   `bw_last_error` says what was wrong and what is allowed, in the
//!   command line's words, and `bw_last_error_parameter` names the
//!   parameter at fault, if one is. Both are the calling thread's own and
//!   stay valid until that thread's next call (a free included).
//! - No call unwinds into C: a panic is caught and answered
//!   `BW_STATUS_INTERNAL`.
//! - Any call may be made from several threads at once; calls on one
//!   handle from several threads take turns.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

pub mod calls;
mod handles;

pub use calls::{BwStatus, Refusal};
pub use handles::{BwGame, BwRecipe};

/// Bytes the library made, owned by the caller until `bw_bytes_free`.
/// A NUL follows them (not counted in `len`), so that JSON can be passed
/// on as a C string (to `bw_draw`).
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
    // A call made while the thread's locals are torn down has no last
    // error to keep (and must not panic across the boundary).
    let _ = LAST_ERROR.try_with(|last| {
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
        return Err(Refusal::new(BwStatus::NullArgument, format!("{what} is null; expected UTF-8 text")).naming(what));
    }
    // SAFETY: not null, and NUL-terminated and valid by the caller's contract.
    let c = unsafe { CStr::from_ptr(ptr) };
    c.to_str()
        .map_err(|e| Refusal::new(BwStatus::NotUtf8, format!("{what} is not UTF-8 (at byte {})", e.valid_up_to())).naming(what))
}

/// The text at `ptr`, or empty text for a null pointer.
///
/// # Safety
/// As [`text`].
unsafe fn text_or_empty<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, Refusal> {
    // SAFETY: as the caller's contract.
    unsafe { text_or_none(ptr, what).map(Option::unwrap_or_default) }
}

/// The text at `ptr`, or none for a null pointer.
///
/// # Safety
/// As [`text`].
unsafe fn text_or_none<'a>(ptr: *const c_char, what: &str) -> Result<Option<&'a str>, Refusal> {
    if ptr.is_null() {
        Ok(None)
    } else {
        // SAFETY: not null; valid by the caller's contract.
        unsafe { text(ptr, what).map(Some) }
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
    LAST_ERROR.try_with(|last| last.borrow().message.as_ptr()).unwrap_or(c"".as_ptr())
}

/// The parameter at fault in the last call on this thread (`pipeline[2].w`),
/// or null when none is. Valid until this thread's next call; never freed.
#[unsafe(no_mangle)]
pub extern "C" fn bw_last_error_parameter() -> *const c_char {
    LAST_ERROR
        .try_with(|last| last.borrow().parameter.as_ref().map_or(std::ptr::null(), |p| p.as_ptr()))
        .unwrap_or(std::ptr::null())
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

/// Every generator with its parameters (name, doc, what is allowed,
/// default), presets, fairness targets, metrics and drawing options, as
/// JSON in `*out`.
///
/// # Safety
/// `out` is null or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_generators(out: *mut BwBytes) -> BwStatus {
    // SAFETY: `out` null or writable, by the caller's contract.
    unsafe { give(out, "the generators", || Ok(calls::generators())) }
}

/// The JSON Schema called `name` (`"universe"`, `"universe-config"`,
/// `"hexet-road-log"`, …) in `*out`; for a null `name`, the names of them
/// all as a JSON list.
///
/// # Safety
/// `name` is null or a NUL-terminated string valid during the call; `out`
/// is null or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_schema(name: *const c_char, out: *mut BwBytes) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe { give(out, "the schema", || calls::schema(text_or_none(name, "name")?)) }
}

/// Makes the board of `generator` (`"universe"`, `"witches"`, `"starship"`,
/// `"hexet"`) from `seed` and `params` over `preset`, with `log` played on
/// it, and puts its JSON in `*out`: the bytes `boardwright GENERATOR --seed
/// SEED --preset PRESET --config FILE --roads LOG -o board.json` writes.
/// - `params`: a TOML table (a config file's text) or a JSON object of
///   parameters; null or empty: the defaults (or the preset's).
/// - `preset`: a built-in parameter set's name, or null.
/// - `log`: hexet's road log as JSON (a road refused in it:
///   `BW_STATUS_BAD_ROAD`), or null.
///
/// On a refusal `*out` is empty.
///
/// # Safety
/// `generator` and `seed` point to NUL-terminated strings valid during the
/// call, and so do `params`, `preset` and `log` unless null; `out` is null
/// or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_generate(
    generator: *const c_char,
    seed: *const c_char,
    params: *const c_char,
    preset: *const c_char,
    log: *const c_char,
    out: *mut BwBytes,
) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe {
        give(out, "the board", || {
            calls::board_json(
                text(generator, "generator")?,
                text(seed, "seed")?,
                text_or_empty(params, "params")?,
                text_or_none(preset, "preset")?,
                text_or_none(log, "log")?,
            )
        })
    }
}

/// Draws `result`, a result's JSON as `bw_generate` gives it, as
/// `format` (`"svg"`, `"png"`, `"pdf"` or `"json"`), with the drawing
/// options `drawing` as a web address writes them (`"paper=letter&tile=2x2&ink_friendly&dpi=300"`;
/// null or empty: A4, one sheet, 150 dpi), and puts the bytes in `*out`:
/// the bytes `boardwright` writes to `-o board.FORMAT` with those options.
/// A result that would lose a mark a player needs on that paper is refused
/// (`BW_STATUS_NOT_DRAWN`), naming the papers and sheets that print it.
///
/// # Safety
/// `result`, `format` and (unless null) `drawing` point to NUL-terminated
/// strings valid during the call; `out` is null or points to a `BwBytes`
/// the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_draw(result: *const c_char, format: *const c_char, drawing: *const c_char, out: *mut BwBytes) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe {
        give(out, "the drawing", || {
            calls::drawn(text(result, "result")?, text(format, "format")?, text_or_empty(drawing, "drawing")?)
        })
    }
}

/// The metrics of `count` boards of `generator`, seeds `BASE-start` …
/// `BASE-(start+count-1)` (`base` null: `"analyze"`), with `params` over
/// `preset` as `bw_generate` reads them, made on every core: a JSON list
/// in `*out`, one record a board (`seed` and every figure, or `failed`
/// and why), the figures `boardwright analyze` reads.
///
/// # Safety
/// `generator` points to a NUL-terminated string valid during the call,
/// and so do `params`, `preset` and `base` unless null; `out` is null or
/// points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_analyze(
    generator: *const c_char,
    params: *const c_char,
    preset: *const c_char,
    base: *const c_char,
    start: u64,
    count: u64,
    out: *mut BwBytes,
) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe {
        give(out, "the figures", || {
            calls::analyzed(
                text(generator, "generator")?,
                text_or_empty(params, "params")?,
                text_or_none(preset, "preset")?,
                text_or_none(base, "base")?.unwrap_or("analyze"),
                start,
                count,
            )
        })
    }
}

/// Bots play `result`, a universe board's JSON, `games` times and the
/// JSON `boardwright play universe` writes goes to `*out`: who wins, by
/// seat and by start, with 95 % intervals, and the verdict.
/// - `bots`: the bot of every seat (`"reference"`, `"random"`, `"greedy"`,
///   `"search"`) or one a seat, comma-separated; null: the reference bot.
/// - `rules`: the rules to play by, a TOML table (a `--rules` file's text)
///   or a JSON object; null: the built-in rules.
///
/// # Safety
/// `result` points to a NUL-terminated string valid during the call, and
/// so do `bots` and `rules` unless null; `out` is null or points to a
/// `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_play(
    result: *const c_char,
    games: u32,
    bots: *const c_char,
    rules: *const c_char,
    out: *mut BwBytes,
) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe {
        give(out, "the games", || {
            calls::played(
                text(result, "result")?,
                games,
                text_or_empty(bots, "bots")?,
                text_or_empty(rules, "rules")?,
            )
        })
    }
}

/// Makes a handle: `*out` is null first, then the handle `make` made.
///
/// # Safety
/// `out` is null or points to a handle pointer the call may write.
unsafe fn hand<K: handles::Kind>(out: *mut *mut K, make: impl FnOnce() -> Result<K::Value, Refusal>) -> BwStatus {
    answer(|| {
        if out.is_null() {
            return Err(Refusal::new(
                BwStatus::NullArgument,
                format!("out is null; expected a place to write the {} handle to", K::NOUN),
            ));
        }
        // SAFETY: not null, and writable by the caller's contract.
        unsafe { out.write(std::ptr::null_mut()) };
        let handle = handles::hold::<K>(make()?)?;
        // SAFETY: as above.
        unsafe { out.write(handle) };
        Ok(())
    })
}

/// Starts a hexet game on the map of `seed` and `params` over `preset`
/// (read as `bw_generate` reads them) and puts its handle in `*out`;
/// free it with `bw_game_free`.
///
/// # Safety
/// `seed` points to a NUL-terminated string valid during the call, and so
/// do `params` and `preset` unless null; `out` is null or points to a
/// `BwGame*` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_game_new(seed: *const c_char, params: *const c_char, preset: *const c_char, out: *mut *mut BwGame) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe {
        hand(out, || {
            calls::Game::new(
                text(seed, "seed")?,
                text_or_empty(params, "params")?,
                text_or_none(preset, "preset")?,
            )
        })
    }
}

/// Plays `road`, one entry of a road log as JSON
/// (`{"player":0,"from":[0,1],"to":[1,1]}`; `"type":"bridge"` for a
/// bridge; `"action":"remove"` takes the player's road there away), and
/// puts what it did to the player's networks in `*out` as a word:
/// `created`, `extended`, `merged`, `unchanged`, `trimmed`, `split` or
/// `removed`. A refused road (`BW_STATUS_BAD_ROAD`) changes nothing.
///
/// # Safety
/// `road` points to a NUL-terminated string valid during the call; `out`
/// is null or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_game_apply(game: *mut BwGame, road: *const c_char, out: *mut BwBytes) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe {
        give(out, "the change", || {
            let road = text(road, "road")?;
            handles::with(game, |g| g.apply(road)).map(String::into_bytes)
        })
    }
}

/// Every player's networks (cities joined, the tower, roads), as JSON in `*out`.
///
/// # Safety
/// `out` is null or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_game_networks(game: *const BwGame, out: *mut BwBytes) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe { give(out, "the networks", || handles::with(game, |g| g.networks())) }
}

/// Every player's score, as JSON in `*out`.
///
/// # Safety
/// `out` is null or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_game_scores(game: *const BwGame, out: *mut BwBytes) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe { give(out, "the scores", || handles::with(game, |g| g.scores())) }
}

/// The map with the game's roads, networks and scores in `*out`: the JSON
/// `boardwright hexet --roads LOG -o map.json` writes for the game's log,
/// which `bw_draw` draws.
///
/// # Safety
/// `out` is null or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_game_result(game: *const BwGame, out: *mut BwBytes) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe { give(out, "the result", || handles::with(game, |g| g.result())) }
}

/// The roads played so far, in order, as a road log (JSON) in `*out`: what
/// `--roads` and `bw_generate`'s `log` read back to this game.
///
/// # Safety
/// `out` is null or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_game_log(game: *const BwGame, out: *mut BwBytes) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe { give(out, "the road log", || handles::with(game, |g| g.log())) }
}

/// Ends a game. Freeing null does nothing; freeing a game twice is refused
/// (`BW_STATUS_BAD_HANDLE`).
#[unsafe(no_mangle)]
pub extern "C" fn bw_game_free(game: *mut BwGame) -> BwStatus {
    answer(|| handles::free(game))
}

/// The secret recipe of the witches board of `seed` and `params` over
/// `preset` (read as `bw_generate` reads them), its handle in `*out`;
/// free it with `bw_recipe_free`.
///
/// # Safety
/// `seed` points to a NUL-terminated string valid during the call, and so
/// do `params` and `preset` unless null; `out` is null or points to a
/// `BwRecipe*` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_recipe_new(
    seed: *const c_char,
    params: *const c_char,
    preset: *const c_char,
    out: *mut *mut BwRecipe,
) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe {
        hand(out, || {
            calls::Recipe::new(
                text(seed, "seed")?,
                text_or_empty(params, "params")?,
                text_or_none(preset, "preset")?,
            )
        })
    }
}

/// The free clue and what a player needs to brew, as JSON in `*out`:
/// `{"clue", "recipe_length", "max_seeds", "ingredients", "rules"}`.
///
/// # Safety
/// `out` is null or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_recipe_clue(recipe: *const BwRecipe, out: *mut BwBytes) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe { give(out, "the clue", || handles::with(recipe, |r| Ok(r.clue()))) }
}

/// Brews `potion`, written as `boardwright witches --potion` reads it
/// (`"Sage:2,Mint:1,Chives"`: ingredients in cauldron order, each with its
/// seeds or as many as needed) or as JSON (`[["Sage",2],["Chives",null]]`),
/// and puts the cauldron's answer in `*out`,
/// the JSON `--potion` prints. A potion the recipe refuses:
/// `BW_STATUS_BAD_POTION`.
///
/// # Safety
/// `potion` points to a NUL-terminated string valid during the call; `out`
/// is null or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_recipe_brew(recipe: *const BwRecipe, potion: *const c_char, out: *mut BwBytes) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe {
        give(out, "the answer", || {
            let potion = text(potion, "potion")?;
            handles::with(recipe, |r| r.brew(potion))
        })
    }
}

/// The whole recipe, as `boardwright witches --reveal` prints it: JSON in `*out`.
///
/// # Safety
/// `out` is null or points to a `BwBytes` the call may write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bw_recipe_reveal(recipe: *const BwRecipe, out: *mut BwBytes) -> BwStatus {
    // SAFETY: as the contract above.
    unsafe { give(out, "the recipe", || handles::with(recipe, |r| r.reveal())) }
}

/// Ends a recipe. Freeing null does nothing; freeing a recipe twice is
/// refused (`BW_STATUS_BAD_HANDLE`).
#[unsafe(no_mangle)]
pub extern "C" fn bw_recipe_free(recipe: *mut BwRecipe) -> BwStatus {
    answer(|| handles::free(recipe))
}
