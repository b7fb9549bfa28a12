//! What the `c_calls` fuzz target runs on each input, shared with the
//! regression test (`crates/ffi/tests/fuzz_cases.rs`) that replays every
//! kept input under `cargo test`: the C library's entry points called as C
//! calls them, with any bytes as their text, null pointers among them, and
//! handles freed twice and used after their free. Every call must answer a
//! status: never a panic (which the library answers `BW_STATUS_INTERNAL`,
//! failed here), a stall or an overflow; a refusal leaves its output empty
//! and says why in words.

use std::ffi::{CString, c_char};

use boardwright::{Registered, Visit, with_generator};
use boardwright_ffi::*;

/// Largest work a generated board may ask for (as the config target).
const MAX_WORK: u64 = 4_000;

/// An input: the first byte picks the call, the second which arguments are
/// null (bit `i`: argument `i`), the third a number (games, count, start);
/// the rest, split at NUL bytes, are the call's text arguments in order
/// (missing ones empty).
pub fn c_calls(data: &[u8]) {
    let [call, nulls, number, rest @ ..] = data else { return };
    let texts: Vec<CString> = rest.split(|&b| b == 0).map(|t| CString::new(t).expect("split at NUL")).collect();
    let null = |i: usize| i < 8 && nulls & (1 << i) != 0;
    let arg = |i: usize| -> *const c_char {
        if null(i) {
            std::ptr::null()
        } else {
            texts.get(i).map_or(c"".as_ptr(), |t| t.as_ptr())
        }
    };
    // Argument `i` as the call reads it, for sizing the board it makes.
    let text = |i: usize| match texts.get(i) {
        Some(t) if !null(i) => String::from_utf8_lossy(t.as_bytes()).into_owned(),
        _ => String::new(),
    };
    let number = u64::from(*number);
    // SAFETY: every pointer is null or a NUL-terminated string alive for
    // the call, and every output a live one of its type.
    unsafe {
        match call % 8 {
            0 => {
                if small(&text(0), &text(2), &text(3)) {
                    giving(|out| bw_generate(arg(0), arg(1), arg(2), arg(3), arg(4), out));
                }
            }
            1 => {
                giving(|out| bw_draw(arg(0), arg(1), arg(2), out));
            }
            2 => {
                giving(|out| bw_schema(arg(0), out));
                giving(|out| bw_generators(out));
            }
            3 => {
                if small(&text(0), &text(1), &text(2)) {
                    giving(|out| bw_analyze(arg(0), arg(1), arg(2), arg(3), number, number % 3, out));
                }
            }
            4 => {
                giving(|out| bw_play(arg(0), (number % 3) as u32 + 1, arg(1), arg(2), out));
            }
            5 => game(&texts, &arg, *nulls),
            6 => recipe(&texts, &arg),
            _ => {
                // A board made from the text, then drawn with the rest.
                let mut board = BwBytes {
                    ptr: std::ptr::null_mut(),
                    len: 0,
                };
                if small(&text(0), "", "")
                    && answered(
                        bw_generate(
                            arg(0),
                            c"fuzz".as_ptr(),
                            std::ptr::null(),
                            std::ptr::null(),
                            std::ptr::null(),
                            &mut board,
                        ),
                        &board,
                    )
                {
                    giving(|out| bw_draw(board.ptr.cast(), arg(1), arg(2), out));
                }
                bw_bytes_free(board);
            }
        }
    }
}

/// A hexet game on a small map: each text a road, then freed twice and used.
unsafe fn game(texts: &[CString], arg: &dyn Fn(usize) -> *const c_char, nulls: u8) {
    let params = c"width = 8\nheight = 6\ncities_per_type = 1\nplayers = 3";
    let mut game = std::ptr::null_mut();
    // SAFETY: live strings or null, and a live handle pointer.
    let status = unsafe { bw_game_new(arg(0), params.as_ptr(), std::ptr::null(), &mut game) };
    assert_eq!(status == BwStatus::Ok, !game.is_null(), "a handle exactly when made");
    for i in 1..texts.len().max(2) {
        // SAFETY: a live game (or null), live strings or null, live outputs.
        unsafe {
            giving(|out| bw_game_apply(game, arg(i), out));
        }
    }
    // SAFETY: as above.
    unsafe {
        giving(|out| bw_game_networks(game, out));
        giving(|out| bw_game_log(game, out));
    }
    let first = bw_game_free(game);
    assert!(first == BwStatus::Ok, "a game frees once");
    if !game.is_null() {
        assert_eq!(bw_game_free(game), BwStatus::BadHandle, "a game freed twice is refused");
        // SAFETY: a freed game, which the call must refuse.
        let status = unsafe { giving(|out| bw_game_scores(game, out)) };
        assert_eq!(status, BwStatus::BadHandle);
        if nulls & 0x80 != 0 {
            // SAFETY: a freed game passed as a recipe, which the call must refuse.
            unsafe { giving(|out| bw_recipe_clue(game.cast(), out)) };
        }
    }
}

/// A witches recipe: each text a potion, then freed twice.
unsafe fn recipe(texts: &[CString], arg: &dyn Fn(usize) -> *const c_char) {
    let mut recipe = std::ptr::null_mut();
    // SAFETY: live strings or null, and a live handle pointer.
    let status = unsafe { bw_recipe_new(arg(0), std::ptr::null(), arg(1), &mut recipe) };
    assert_eq!(status == BwStatus::Ok, !recipe.is_null(), "a handle exactly when made");
    for i in 2..texts.len().max(3) {
        // SAFETY: a live recipe (or null), live strings or null, live outputs.
        unsafe {
            giving(|out| bw_recipe_brew(recipe, arg(i), out));
        }
    }
    assert_eq!(bw_recipe_free(recipe), BwStatus::Ok);
    if !recipe.is_null() {
        assert_eq!(bw_recipe_free(recipe), BwStatus::BadHandle);
    }
}

/// Calls `call` with a fresh output, checks its answer and frees what it gave.
unsafe fn giving(call: impl FnOnce(*mut BwBytes) -> BwStatus) -> BwStatus {
    let mut out = BwBytes {
        ptr: std::ptr::null_mut(),
        len: 99,
    };
    let status = call(&mut out);
    answered(status, &out);
    // SAFETY: what the call gave, freed once.
    unsafe { bw_bytes_free(out) };
    status
}

/// Whether `status` is ok; fails on a panic inside, or a refusal that
/// gave bytes or no words.
fn answered(status: BwStatus, out: &BwBytes) -> bool {
    assert_ne!(status, BwStatus::Internal, "the library failed on its own");
    if status == BwStatus::Ok {
        return true;
    }
    assert!(out.ptr.is_null() && out.len == 0, "a refusal gives no bytes");
    // SAFETY: the library's own NUL-terminated string.
    let words = unsafe { std::ffi::CStr::from_ptr(bw_last_error()) };
    assert!(!words.is_empty(), "a refusal says why");
    false
}

/// Whether the board `generator` makes of `params` over `preset` is small
/// enough to fuzz (an unknown generator or bad parameters are: they are
/// refused before any work).
fn small(generator: &str, params: &str, preset: &str) -> bool {
    struct Work<'a>(&'a str, Option<&'a str>);
    impl Visit for Work<'_> {
        type Output = u64;
        fn visit<G: Registered>(self) -> u64 {
            calls::resolve::<G::Params>(self.0, self.1).map_or(0, |p| G::work_size(&p))
        }
    }
    let preset = Some(preset).filter(|p| !p.is_empty());
    with_generator(generator, Work(params, preset)).unwrap_or(0) <= MAX_WORK
}
