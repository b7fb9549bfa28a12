//! boardwright in Godot 4: the C library's calls as GDScript sees them.
//! `Boardwright` (static functions) lists, generates, draws, analyzes and
//! plays; `BoardwrightGame` is a hexet game and `BoardwrightRecipe` a
//! witches recipe. Results are JSON text (`JSON.parse_string` reads it) or
//! bytes (`PackedByteArray`). A refusal gives an empty result and is
//! pushed to Godot's warnings; `Boardwright.last_error()`,
//! `last_error_parameter()` and `last_status()` then say what was wrong,
//! in the command line's words.

use std::cell::RefCell;

use boardwright_ffi::calls::{self, Refusal};
use godot::prelude::*;

struct Extension;

// SAFETY: the one entry point of the extension, as gdext declares it.
#[gdextension]
unsafe impl ExtensionLibrary for Extension {}

/// The last refusal on this thread: its status (as the C library numbers
/// it), its words and the parameter at fault.
#[derive(Clone, Default, Debug, PartialEq)]
pub struct LastError {
    /// The C library's status (0: none).
    pub status: i64,
    /// What was wrong and what is allowed.
    pub message: String,
    /// The parameter at fault, or empty.
    pub parameter: String,
}

thread_local! {
    static LAST: RefCell<LastError> = RefCell::new(LastError::default());
}

/// The value of `result`, recording its refusal (or that there was none)
/// as this thread's last error; `None` after a refusal.
pub fn record<T>(result: Result<T, Refusal>) -> Option<T> {
    let (value, last) = match result {
        Ok(value) => (Some(value), LastError::default()),
        Err(refusal) => (
            None,
            LastError {
                status: refusal.status as i64,
                message: refusal.message,
                parameter: refusal.parameter.unwrap_or_default(),
            },
        ),
    };
    LAST.with(|cell| *cell.borrow_mut() = last);
    value
}

/// As [`record`], and a refusal pushed to Godot's warnings (a fault of
/// the library's own to its errors), where the editor's debugger shows it.
fn kept<T>(result: Result<T, Refusal>) -> Option<T> {
    let value = record(result);
    if value.is_none() {
        let last = last_error();
        if last.status == calls::BwStatus::Internal as i64 {
            godot_error!("boardwright: {}", last.message);
        } else {
            godot_warn!("boardwright: {}", last.message);
        }
    }
    value
}

/// The last refusal on this thread.
pub fn last_error() -> LastError {
    LAST.with(|cell| cell.borrow().clone())
}

/// `text`, or none for empty text (an argument left out).
fn given(text: &GString) -> Option<String> {
    Some(text.to_string()).filter(|t| !t.is_empty())
}

/// JSON bytes as Godot text (empty after a refusal).
fn json(result: Result<Vec<u8>, Refusal>) -> GString {
    kept(result)
        .map(|bytes| GString::from(String::from_utf8_lossy(&bytes).as_ref()))
        .unwrap_or_default()
}

/// The toolkit's calls, as static functions.
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct Boardwright {
    base: Base<RefCounted>,
}

#[godot_api]
impl Boardwright {
    /// The library's version.
    #[func]
    fn version() -> GString {
        GString::from(env!("CARGO_PKG_VERSION"))
    }

    /// Every generator with its parameters, presets, fairness targets,
    /// metrics and drawing options: JSON.
    #[func]
    fn generators() -> GString {
        json(Ok(calls::generators()))
    }

    /// The JSON Schema called `name`; empty: the names of them all.
    #[func]
    fn schema(name: GString) -> GString {
        json(calls::schema(given(&name).as_deref()))
    }

    /// The board of `generator` from `seed` and `params` (a TOML table or a
    /// JSON object; empty: the defaults) over `preset`, with `log` (hexet's
    /// road log) played on it: its JSON.
    #[func]
    fn generate(generator: GString, seed: GString, params: GString, preset: GString, log: GString) -> GString {
        let (preset, log) = (given(&preset), given(&log));
        json(calls::board_json(
            &generator.to_string(),
            &seed.to_string(),
            &params.to_string(),
            preset.as_deref(),
            log.as_deref(),
        ))
    }

    /// `result` drawn as `format` (svg, png, pdf, json) with the drawing
    /// options as a web address writes them (`paper=letter&tile=2x2`).
    #[func]
    fn draw(result: GString, format: GString, drawing: GString) -> PackedByteArray {
        kept(calls::drawn(&result.to_string(), &format.to_string(), &drawing.to_string()))
            .map(|bytes| PackedByteArray::from(bytes.as_slice()))
            .unwrap_or_default()
    }

    /// The metrics of the boards `BASE-start` … of `generator`: JSON.
    #[func]
    fn analyze(generator: GString, params: GString, preset: GString, base: GString, start: i64, count: i64) -> GString {
        let preset = given(&preset);
        let base = given(&base).unwrap_or_else(|| "analyze".to_string());
        let (start, count) = match (u64::try_from(start), u64::try_from(count)) {
            (Ok(start), Ok(count)) => (start, count),
            (Err(_), _) => {
                return json(Err(Refusal::bad(
                    "start",
                    format!("start {start} is not allowed; expected 0 or more"),
                )));
            }
            (_, Err(_)) => {
                return json(Err(Refusal::bad(
                    "count",
                    format!("count {count} is not allowed; expected 0 or more"),
                )));
            }
        };
        json(calls::analyzed(
            &generator.to_string(),
            &params.to_string(),
            preset.as_deref(),
            &base,
            start,
            count,
        ))
    }

    /// Bots play `result` (a universe board) `games` times: JSON.
    #[func]
    fn play(result: GString, games: i64, bots: GString, rules: GString) -> GString {
        // Past a u32, as many games as the series refuses.
        let games = u32::try_from(games.max(0)).unwrap_or(u32::MAX);
        json(calls::played(&result.to_string(), games, &bots.to_string(), &rules.to_string()))
    }

    /// Why the last call on this thread was refused (empty: it was not).
    #[func]
    fn last_error() -> GString {
        GString::from(last_error().message.as_str())
    }

    /// The parameter at fault in the last refusal, or empty.
    #[func]
    fn last_error_parameter() -> GString {
        GString::from(last_error().parameter.as_str())
    }

    /// The last refusal's status, numbered as the C library numbers it (0: none).
    #[func]
    fn last_status() -> i64 {
        last_error().status
    }
}

/// A hexet game: roads placed and taken away one at a time.
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct BoardwrightGame {
    game: Option<calls::Game>,
    base: Base<RefCounted>,
}

#[godot_api]
impl BoardwrightGame {
    /// Starts the game on the map of `seed`, `params` and `preset`; false
    /// when refused.
    #[func]
    fn start(&mut self, seed: GString, params: GString, preset: GString) -> bool {
        self.game = kept(calls::Game::new(&seed.to_string(), &params.to_string(), given(&preset).as_deref()));
        self.game.is_some()
    }

    /// Plays one road log entry (JSON): what it did to the player's
    /// networks (`created`, … `removed`); empty when refused.
    #[func]
    fn apply(&mut self, road: GString) -> GString {
        let change = match self.game.as_mut() {
            Some(game) => game.apply(&road.to_string()).map(String::into_bytes),
            None => Err(unstarted("game")),
        };
        json(change)
    }

    /// Every player's networks: JSON.
    #[func]
    fn networks(&self) -> GString {
        json(self.with(|game| game.networks()))
    }

    /// Every player's score: JSON.
    #[func]
    fn scores(&self) -> GString {
        json(self.with(|game| game.scores()))
    }

    /// The map with its roads, networks and scores: JSON (for `draw`).
    #[func]
    fn result(&self) -> GString {
        json(self.with(|game| game.result()))
    }

    /// The roads played so far: a road log (JSON).
    #[func]
    fn log(&self) -> GString {
        json(self.with(|game| game.log()))
    }
}

impl BoardwrightGame {
    fn with(&self, call: impl FnOnce(&calls::Game) -> Result<Vec<u8>, Refusal>) -> Result<Vec<u8>, Refusal> {
        self.game.as_ref().map_or_else(|| Err(unstarted("game")), call)
    }
}

/// A witches recipe: its clue, potions brewed on it, the whole recipe.
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct BoardwrightRecipe {
    recipe: Option<calls::Recipe>,
    base: Base<RefCounted>,
}

#[godot_api]
impl BoardwrightRecipe {
    /// Makes the recipe of the witches board of `seed`, `params` and
    /// `preset`; false when refused.
    #[func]
    fn start(&mut self, seed: GString, params: GString, preset: GString) -> bool {
        self.recipe = kept(calls::Recipe::new(
            &seed.to_string(),
            &params.to_string(),
            given(&preset).as_deref(),
        ));
        self.recipe.is_some()
    }

    /// The free clue and what a player needs to brew: JSON.
    #[func]
    fn clue(&self) -> GString {
        json(self.with(|recipe| Ok(recipe.clue())))
    }

    /// Brews a potion written as `--potion` reads it (`Sage:2,Mint:1`): the
    /// cauldron's answer, JSON; empty when refused.
    #[func]
    fn brew(&self, potion: GString) -> GString {
        json(self.with(|recipe| recipe.brew(&potion.to_string())))
    }

    /// The whole recipe: JSON.
    #[func]
    fn reveal(&self) -> GString {
        json(self.with(|recipe| recipe.reveal()))
    }
}

impl BoardwrightRecipe {
    fn with(&self, call: impl FnOnce(&calls::Recipe) -> Result<Vec<u8>, Refusal>) -> Result<Vec<u8>, Refusal> {
        self.recipe.as_ref().map_or_else(|| Err(unstarted("recipe")), call)
    }
}

/// The refusal of a call on a `noun` not yet made by `start`.
fn unstarted(noun: &str) -> Refusal {
    Refusal::new(
        calls::BwStatus::BadHandle,
        format!("this {noun} has not been made: call start(seed, params, preset) first, and check that it returned true"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_recorded_in_the_c_librarys_words_and_cleared_by_the_next_call() {
        let refused = record(calls::board_json("universe", "s", "players = 50", None, None));
        assert!(refused.is_none());
        let last = last_error();
        assert_eq!(last.status, calls::BwStatus::BadParameter as i64);
        assert_eq!(last.parameter, "players");
        assert!(last.message.contains("50 is not allowed"), "{}", last.message);

        let made = record(calls::board_json("hexet", "s", "", Some("sectors"), None)).unwrap();
        assert!(made.starts_with(b"{\"generator\":\"hexet\""));
        assert_eq!(last_error(), LastError::default());
    }

    #[test]
    fn a_call_before_start_is_refused_in_words() {
        let refusal = unstarted("game");
        assert_eq!(refusal.status, calls::BwStatus::BadHandle);
        assert!(refusal.message.contains("call start(seed, params, preset) first"));
        // Another thread's refusal is its own.
        record::<()>(Err(unstarted("recipe")));
        std::thread::spawn(|| assert_eq!(last_error(), LastError::default()))
            .join()
            .unwrap();
    }
}
