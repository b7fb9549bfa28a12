//! The games and recipes C holds, by handle. A handle is a number, never
//! an address: the library looks it up among the live ones before every
//! use, so a handle freed twice, used after its free, never made, or of
//! the other kind is refused in words instead of read. Numbers are never
//! given twice, so a stale handle cannot reach a newer object.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::calls::{self, BwStatus, Refusal};

/// A hexet game held by the library (opaque to C): made by `bw_game_new`,
/// freed by `bw_game_free`.
pub struct BwGame {
    _opaque: [u8; 0],
}

/// A witches recipe held by the library (opaque to C): made by
/// `bw_recipe_new`, freed by `bw_recipe_free`.
pub struct BwRecipe {
    _opaque: [u8; 0],
}

/// What a live handle holds.
#[allow(clippy::large_enum_variant, reason = "each is held behind its own Arc")]
pub(crate) enum Held {
    Game(Mutex<calls::Game>),
    Recipe(Mutex<calls::Recipe>),
}

/// A kind of handle: the C type, what it holds, and its name in words.
pub(crate) trait Kind {
    /// The Rust value held.
    type Value;
    /// Its name in messages (`game`).
    const NOUN: &'static str;
    /// The call that makes one.
    const MAKER: &'static str;
    fn wrap(value: Self::Value) -> Held;
    fn open(held: &Held) -> Option<&Mutex<Self::Value>>;
}

impl Kind for BwGame {
    type Value = calls::Game;
    const NOUN: &'static str = "game";
    const MAKER: &'static str = "bw_game_new";
    fn wrap(value: calls::Game) -> Held {
        Held::Game(Mutex::new(value))
    }
    fn open(held: &Held) -> Option<&Mutex<calls::Game>> {
        match held {
            Held::Game(game) => Some(game),
            Held::Recipe(_) => None,
        }
    }
}

impl Kind for BwRecipe {
    type Value = calls::Recipe;
    const NOUN: &'static str = "recipe";
    const MAKER: &'static str = "bw_recipe_new";
    fn wrap(value: calls::Recipe) -> Held {
        Held::Recipe(Mutex::new(value))
    }
    fn open(held: &Held) -> Option<&Mutex<calls::Recipe>> {
        match held {
            Held::Recipe(recipe) => Some(recipe),
            Held::Game(_) => None,
        }
    }
}

/// The live handles, by number.
static LIVE: Mutex<BTreeMap<usize, Arc<Held>>> = Mutex::new(BTreeMap::new());
/// The next handle's number (from 1: null is no handle).
static NEXT: AtomicUsize = AtomicUsize::new(1);

fn live() -> MutexGuard<'static, BTreeMap<usize, Arc<Held>>> {
    // A panic while the table was locked leaves it whole (inserts and
    // removes do not panic halfway), so its lock is taken back.
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Holds `value`, giving its new handle; refused once every number has
/// been given (on a 32-bit machine, after four billion handles).
pub(crate) fn hold<K: Kind>(value: K::Value) -> Result<*mut K, Refusal> {
    let number = NEXT
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_add(1))
        .map_err(|_| Refusal::new(BwStatus::Internal, "every handle number has been given; start the program again"))?;
    live().insert(number, Arc::new(K::wrap(value)));
    Ok(std::ptr::without_provenance_mut(number))
}

/// Why `handle` is no live `K`.
fn stale<K: Kind>(handle: *const K) -> Refusal {
    if handle.is_null() {
        return Refusal::new(
            BwStatus::NullArgument,
            format!("the {} is null; expected a handle {} gave", K::NOUN, K::MAKER),
        );
    }
    Refusal::new(
        BwStatus::BadHandle,
        format!(
            "the {} handle is not a live one: freed already, never made by {}, or a handle of another kind",
            K::NOUN,
            K::MAKER
        ),
    )
}

/// Runs `call` on what `handle` holds.
pub(crate) fn with<K: Kind, T>(handle: *const K, call: impl FnOnce(&mut K::Value) -> Result<T, Refusal>) -> Result<T, Refusal> {
    let number = handle.addr();
    let held = live().get(&number).cloned().ok_or_else(|| stale(handle))?;
    let cell = K::open(&held).ok_or_else(|| stale(handle))?;
    let mut value = cell.lock().map_err(|_| {
        Refusal::new(
            BwStatus::Internal,
            format!(
                "the {} was left broken by a fault of the library's own; free it and make another",
                K::NOUN
            ),
        )
    })?;
    call(&mut value)
}

/// Stops holding what `handle` holds; a null handle is nothing to free.
pub(crate) fn free<K: Kind>(handle: *mut K) -> Result<(), Refusal> {
    if handle.is_null() {
        return Ok(());
    }
    let number = handle.addr();
    let mut live = live();
    match live.get(&number) {
        Some(held) if K::open(held).is_some() => {
            let held = live.remove(&number);
            drop(live);
            drop(held);
            Ok(())
        }
        _ => Err(stale(handle)),
    }
}
