//! The C functions called as C calls them: raw pointers in, owned bytes
//! out, a status and the thread's last error for every refusal.

use std::ffi::{CStr, CString, c_char};

use boardwright_ffi::calls::{board_json, drawn};
use boardwright_ffi::*;

/// A C string of `text`, or none (a null pointer).
fn c(text: Option<&[u8]>) -> Option<CString> {
    text.map(|t| CString::new(t).unwrap())
}

/// The pointer C passes for `text`.
fn ptr(text: &Option<CString>) -> *const c_char {
    text.as_ref().map_or(std::ptr::null(), |c| c.as_ptr())
}

/// Runs `call` with an output the library writes, and gives its status
/// and bytes, freed through the library.
fn giving(call: impl FnOnce(*mut BwBytes) -> BwStatus) -> (BwStatus, Vec<u8>) {
    let mut out = BwBytes {
        ptr: std::ptr::null_mut(),
        len: 7,
    };
    let status = call(&mut out);
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

/// Calls `bw_generate` with these texts (None: a null pointer), no preset
/// and no log.
fn generate(generator: Option<&[u8]>, seed: Option<&[u8]>, params: Option<&[u8]>) -> (BwStatus, Vec<u8>) {
    let (g, s, p) = (c(generator), c(seed), c(params));
    // SAFETY: every pointer is null or a live NUL-terminated string, and
    // `out` a live BwBytes.
    giving(|out| unsafe { bw_generate(ptr(&g), ptr(&s), ptr(&p), std::ptr::null(), std::ptr::null(), out) })
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
            json == board_json(generator, "Tiamo", params, None, None).unwrap(),
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
    refused(
        None,
        Some(b"s"),
        None,
        BwStatus::NullArgument,
        "generator is null",
        Some("generator"),
    );
    refused(Some(b"hexet"), None, None, BwStatus::NullArgument, "seed is null", Some("seed"));
    refused(
        Some(b"univ\xffrse"),
        Some(b"s"),
        None,
        BwStatus::NotUtf8,
        "generator is not UTF-8 (at byte 4)",
        Some("generator"),
    );
    refused(
        Some(b"tiles"),
        Some(b"s"),
        None,
        BwStatus::UnknownGenerator,
        "universe, witches, starship, hexet",
        Some("generator"),
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
    refused(
        Some(b"starship"),
        Some(b"s"),
        Some(b"width = "),
        BwStatus::BadParameter,
        "expected a TOML table (`players = 3`) or a JSON object",
        Some("params"),
    );
    refused(
        Some(b"starship"),
        Some(b"s"),
        Some(b"seed = \"x\"\nwidth = 30"),
        BwStatus::BadParameter,
        "give the seed as the call's seed argument",
        Some("seed"),
    );
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
    let status = unsafe {
        bw_generate(
            g.as_ptr(),
            s.as_ptr(),
            std::ptr::null(),
            std::ptr::null(),
            std::ptr::null(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!(status, BwStatus::NullArgument);
}

#[test]
fn eight_threads_make_the_bytes_one_makes() {
    // A board and its drawing, made on one thread, then on eight at once.
    let made = || {
        let (_, json) = generate(Some(b"universe"), Some(b"threads"), Some(b"players = 5"));
        let (_, svg) = draw(&json, "svg", Some("paper=letter"));
        (json, svg)
    };
    let one = made();
    assert!(!one.0.is_empty() && !one.1.is_empty());
    let each: Vec<(Vec<u8>, Vec<u8>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..8).map(|_| scope.spawn(made)).collect();
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
    let (r, f, d) = (c(Some(result)), c(Some(format.as_bytes())), c(drawing.map(str::as_bytes)));
    // SAFETY: live NUL-terminated strings (or null) and a live BwBytes.
    giving(|out| unsafe { bw_draw(ptr(&r), ptr(&f), ptr(&d), out) })
}

#[test]
fn a_result_is_drawn_and_bad_drawings_are_refused_in_words() {
    let (_, json) = generate(Some(b"starship"), Some(b"Tiamo"), None);
    let (status, svg) = draw(&json, "svg", Some("paper=letter&ink_friendly"));
    assert_eq!(status, BwStatus::Ok, "{:?}", said(bw_last_error()));
    assert!(svg.starts_with(b"<svg") || svg.starts_with(b"<?xml"));
    assert!(svg == drawn(std::str::from_utf8(&json).unwrap(), "svg", "paper=letter&ink_friendly").unwrap());
    // Options as a web address writes them, its `?` included.
    let (status, png) = draw(&json, "png", Some("?dpi=40"));
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

/// Whether the last error on this thread says `words` and names `parameter`.
fn refused_with(status: BwStatus, expected: BwStatus, words: &str, parameter: Option<&str>) {
    let message = said(bw_last_error()).unwrap();
    assert_eq!(status, expected, "{message}");
    assert!(message.contains(words), "{message:?} does not say {words:?}");
    assert_eq!(said(bw_last_error_parameter()).as_deref(), parameter);
}

#[test]
fn presets_logs_and_json_parameters_reach_the_board() {
    let (g, s) = (c(Some(b"witches")), c(Some(b"Tiamo")));
    let with = |params: Option<&[u8]>, preset: Option<&[u8]>, log: Option<&[u8]>| {
        let (p, pr, l) = (c(params), c(preset), c(log));
        // SAFETY: live strings or null, and a live BwBytes.
        giving(|out| unsafe { bw_generate(ptr(&g), ptr(&s), ptr(&p), ptr(&pr), ptr(&l), out) })
    };
    let (status, hardest) = with(None, Some(b"hardest"), None);
    assert_eq!(status, BwStatus::Ok);
    assert!(hardest == board_json("witches", "Tiamo", "", Some("hardest"), None).unwrap());
    assert!(hardest != generate(Some(b"witches"), Some(b"Tiamo"), None).1);
    let (_, as_toml) = with(Some(b"players = 2\ndifficulty = 1"), None, None);
    let (_, as_json) = with(Some(br#"{"players": 2, "difficulty": 1}"#), None, None);
    assert!(!as_toml.is_empty() && as_toml == as_json);

    let (status, _) = with(None, Some(b"easiest"), None);
    refused_with(status, BwStatus::BadParameter, "hardest", Some("preset"));
    let (status, _) = with(Some(br#"{"players": 9}"#), None, None);
    refused_with(status, BwStatus::BadParameter, "9 is not allowed", Some("players"));
    let (status, _) = with(Some(br#"{"players": "#), None, None);
    refused_with(status, BwStatus::BadParameter, "EOF while parsing", Some("params"));
    let (status, _) = with(None, None, Some(b"[]"));
    refused_with(status, BwStatus::BadParameter, "witches plays no log", Some("log"));

    // Hexet plays a log; a road off the map in it is refused in the command line's words.
    let (g, s, l) = (
        c(Some(b"hexet")),
        c(Some(b"Tiamo")),
        c(Some(br#"[{"player":0,"from":[900,900],"to":[900,901]}]"#)),
    );
    // SAFETY: live strings or null, and a live BwBytes.
    let (status, bytes) = giving(|out| unsafe { bw_generate(ptr(&g), ptr(&s), std::ptr::null(), std::ptr::null(), ptr(&l), out) });
    assert!(bytes.is_empty());
    refused_with(status, BwStatus::BadRoad, "entry 1", Some("log"));
}

#[test]
fn the_generators_their_schemas_figures_and_games_come_back_as_json() {
    // SAFETY: a live BwBytes.
    let (status, listing) = giving(|out| unsafe { bw_generators(out) });
    assert_eq!(status, BwStatus::Ok);
    let listing: serde_json::Value = serde_json::from_slice(&listing).unwrap();
    let names: Vec<&str> = listing.as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["universe", "witches", "starship", "hexet"]);
    assert!(listing[1]["presets"].as_array().unwrap().iter().any(|p| p["name"] == "hardest"));

    // SAFETY: a null name (allowed) and a live BwBytes.
    let (_, names) = giving(|out| unsafe { bw_schema(std::ptr::null(), out) });
    let names: Vec<String> = serde_json::from_slice(&names).unwrap();
    assert!(names.contains(&"hexet-road-log".to_string()), "{names:?}");
    let name = c(Some(b"hexet-road-log"));
    // SAFETY: a live string and a live BwBytes.
    let (status, schema) = giving(|out| unsafe { bw_schema(ptr(&name), out) });
    assert_eq!(status, BwStatus::Ok);
    assert_eq!(serde_json::from_slice::<serde_json::Value>(&schema).unwrap()["type"], "array");
    let name = c(Some(b"chess"));
    // SAFETY: as above.
    let (status, _) = giving(|out| unsafe { bw_schema(ptr(&name), out) });
    refused_with(status, BwStatus::BadParameter, "chess", Some("name"));

    let (g, b) = (c(Some(b"starship")), c(Some(b"ffi")));
    // SAFETY: live strings or null, and a live BwBytes.
    let (status, rows) = giving(|out| unsafe { bw_analyze(ptr(&g), std::ptr::null(), std::ptr::null(), ptr(&b), 3, 2, out) });
    assert_eq!(status, BwStatus::Ok, "{:?}", said(bw_last_error()));
    let rows: serde_json::Value = serde_json::from_slice(&rows).unwrap();
    assert_eq!(rows[0]["seed"], "ffi-3");
    assert_eq!(rows[1]["seed"], "ffi-4");
    // SAFETY: as above.
    let (status, _) = giving(|out| unsafe { bw_analyze(ptr(&g), std::ptr::null(), std::ptr::null(), ptr(&b), u64::MAX, 2, out) });
    refused_with(status, BwStatus::BadParameter, "64 bits", Some("start"));

    let (_, board) = generate(Some(b"universe"), Some(b"Tiamo"), None);
    let (r, bots) = (c(Some(&board)), c(Some(b"random,greedy,greedy,greedy")));
    // SAFETY: live strings or null, and a live BwBytes.
    let (status, played) = giving(|out| unsafe { bw_play(ptr(&r), 20, ptr(&bots), std::ptr::null(), out) });
    assert_eq!(status, BwStatus::Ok, "{:?}", said(bw_last_error()));
    let played: serde_json::Value = serde_json::from_slice(&played).unwrap();
    assert_eq!(played["games"], 20);
    let bots = c(Some(b"genius"));
    // SAFETY: as above.
    let (status, _) = giving(|out| unsafe { bw_play(ptr(&r), 20, ptr(&bots), std::ptr::null(), out) });
    refused_with(status, BwStatus::BadParameter, "genius", Some("bots"));
    // SAFETY: as above.
    let (status, _) = giving(|out| unsafe { bw_play(ptr(&r), 0, std::ptr::null(), std::ptr::null(), out) });
    refused_with(status, BwStatus::BadParameter, "games", Some("games"));
}

/// Makes a game on `seed` through the C call.
fn new_game(seed: &[u8]) -> *mut BwGame {
    let s = c(Some(seed));
    let mut game = std::ptr::null_mut();
    // SAFETY: a live string, nulls, and a live handle pointer.
    let status = unsafe { bw_game_new(ptr(&s), std::ptr::null(), std::ptr::null(), &mut game) };
    assert_eq!(status, BwStatus::Ok, "{:?}", said(bw_last_error()));
    assert!(!game.is_null());
    game
}

#[test]
fn a_game_handle_plays_roads_and_refuses_to_be_freed_twice() {
    let game = new_game(b"handles");
    // SAFETY: a live game and a live BwBytes.
    let (_, result) = giving(|out| unsafe { bw_game_result(game, out) });
    let map: serde_json::Value = serde_json::from_slice(&result).unwrap();
    let (q, r) = (map["tower"][0].as_i64().unwrap(), map["tower"][1].as_i64().unwrap());
    let cells = map["cells"].as_array().unwrap();
    let rivers = cells.iter().find(|cell| cell["q"] == q && cell["r"] == r).unwrap()["rivers"]
        .as_u64()
        .unwrap();
    let kind = if rivers & 1 != 0 { "bridge" } else { "normal" };
    let apply = |road: String| {
        let road = c(Some(road.as_bytes()));
        // SAFETY: a live game, a live string and a live BwBytes.
        giving(|out| unsafe { bw_game_apply(game, ptr(&road), out) })
    };
    let (status, change) = apply(format!(r#"{{"player":0,"from":[{q},{r}],"to":[{q},{}],"type":"{kind}"}}"#, r + 1));
    assert_eq!(status, BwStatus::Ok, "{:?}", said(bw_last_error()));
    assert_eq!(change, b"created");
    let (status, _) = apply(r#"{"player":0,"from":[900,900],"to":[900,901]}"#.to_string());
    refused_with(status, BwStatus::BadRoad, "road", Some("road"));
    // A road log where one road belongs: the words say what a road is.
    let (status, _) = apply(format!(r#"[{{"player":0,"from":[{q},{r}],"to":[{q},{}]}}]"#, r + 1));
    refused_with(
        status,
        BwStatus::BadRoad,
        r#"a road is one JSON object, {"player":0,"from":[q,r],"to":[q,r]}"#,
        Some("road"),
    );
    // SAFETY: a live game and a live BwBytes.
    let (_, log) = giving(|out| unsafe { bw_game_log(game, out) });
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&log).unwrap().as_array().unwrap().len(),
        1
    );
    // SAFETY: as above.
    let (status, scores) = giving(|out| unsafe { bw_game_scores(game, out) });
    assert_eq!(status, BwStatus::Ok);
    assert!(serde_json::from_slice::<serde_json::Value>(&scores).unwrap().is_array());
    // SAFETY: as above.
    let (_, networks) = giving(|out| unsafe { bw_game_networks(game, out) });
    assert_eq!(serde_json::from_slice::<serde_json::Value>(&networks).unwrap()[0]["player"], 0);

    assert_eq!(bw_game_free(game), BwStatus::Ok);
    // Freed twice, used after its free: refused in words, never read.
    refused_with(bw_game_free(game), BwStatus::BadHandle, "freed already", None);
    // SAFETY: a freed game (refused) and a live BwBytes.
    let (status, bytes) = giving(|out| unsafe { bw_game_scores(game, out) });
    assert!(bytes.is_empty());
    refused_with(status, BwStatus::BadHandle, "not a live one", None);
    // A made-up handle, and a game passed as a recipe.
    refused_with(
        bw_game_free(std::ptr::without_provenance_mut(0xdead_beef)),
        BwStatus::BadHandle,
        "game",
        None,
    );
    let other = new_game(b"other");
    // SAFETY: a game where a recipe belongs (refused), and a live BwBytes.
    let (status, _) = giving(|out| unsafe { bw_recipe_clue(other.cast::<BwRecipe>(), out) });
    refused_with(status, BwStatus::BadHandle, "recipe handle", None);
    assert_eq!(bw_game_free(other), BwStatus::Ok);
    assert_eq!(bw_game_free(std::ptr::null_mut()), BwStatus::Ok, "freeing null does nothing");
    // SAFETY: a null game (refused) and a live BwBytes.
    let (status, _) = giving(|out| unsafe { bw_game_result(std::ptr::null(), out) });
    refused_with(status, BwStatus::NullArgument, "game is null", None);
}

#[test]
fn a_recipe_handle_gives_its_clue_answers_potions_and_reveals_itself() {
    let s = c(Some(b"Tiamo"));
    let mut recipe = std::ptr::null_mut();
    // SAFETY: a live string, nulls, and a live handle pointer.
    let status = unsafe { bw_recipe_new(ptr(&s), std::ptr::null(), std::ptr::null(), &mut recipe) };
    assert_eq!(status, BwStatus::Ok);
    // SAFETY: a live recipe and a live BwBytes.
    let (_, clue) = giving(|out| unsafe { bw_recipe_clue(recipe, out) });
    let clue: serde_json::Value = serde_json::from_slice(&clue).unwrap();
    let first = clue["ingredients"][0].as_str().unwrap().to_string();
    let brew = |potion: &[u8]| {
        let p = c(Some(potion));
        // SAFETY: a live recipe, a live string and a live BwBytes.
        giving(|out| unsafe { bw_recipe_brew(recipe, ptr(&p), out) })
    };
    let (status, answer) = brew(format!("{first}:1").as_bytes());
    assert_eq!(status, BwStatus::Ok, "{:?}", said(bw_last_error()));
    assert!(serde_json::from_slice::<serde_json::Value>(&answer).unwrap().get("won").is_some());
    let (status, _) = brew(b"Unicorn:1");
    refused_with(status, BwStatus::BadPotion, "Unicorn", Some("potion"));
    let (status, _) = brew(b"Sage:\xff");
    refused_with(status, BwStatus::NotUtf8, "potion is not UTF-8", Some("potion"));
    // SAFETY: a live recipe and a live BwBytes.
    let (status, _) = giving(|out| unsafe { bw_recipe_reveal(recipe, out) });
    assert_eq!(status, BwStatus::Ok);
    assert_eq!(bw_recipe_free(recipe), BwStatus::Ok);
    refused_with(bw_recipe_free(recipe), BwStatus::BadHandle, "recipe", None);
    // A bad preset makes no handle.
    let preset = c(Some(b"easiest"));
    let mut none = std::ptr::without_provenance_mut(1);
    // SAFETY: live strings or null, and a live handle pointer.
    let status = unsafe { bw_recipe_new(ptr(&s), std::ptr::null(), ptr(&preset), &mut none) };
    refused_with(status, BwStatus::BadParameter, "hardest", Some("preset"));
    assert!(none.is_null(), "a refused call leaves no handle");
}
