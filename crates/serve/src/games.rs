//! Hexet games held in memory: created from a seed and parameters, played one
//! road-log entry at a time, read back as the JSON `--roads` writes, ended.
//!
//! Bounded three ways (see [`Limits`]): at most `max_games` games and
//! `max_game_cells` map cells held at once, the least recently used dropped
//! first; at most `max_roads` entries in a game's log; a game idle for
//! `game_idle` is dropped.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use boardwright::hexet::{self, Game, Hexet, RoadEntry};
use boardwright::params;
use boardwright::{Generator as _, Seed};
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::generators::cap;
use crate::request::BoardQuery;
use crate::{App, Limits, body_error};
use output::{self, Drawing, Format};

/// One game: its map, roads and the log that made them.
struct Held {
    params: hexet::Params,
    game: Game,
    log: Vec<RoadEntry>,
}

/// Maps of at most this many cells have their roads applied without a
/// generation slot (the default map has 432).
const INLINE_CELLS: u64 = 4096;

impl Held {
    fn cells(&self) -> u64 {
        u64::from(self.params.width) * u64::from(self.params.height)
    }

    fn board(&self) -> hexet::Board {
        self.game.board()
    }
}

struct Slot {
    game: Arc<Mutex<Held>>,
    cells: u64,
    last_used: Instant,
}

/// Every game held, by id.
#[derive(Default)]
pub(crate) struct Games {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    next_id: u64,
    slots: BTreeMap<u64, Slot>,
}

impl Games {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic elsewhere leaves the map itself consistent.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Drops games idle for too long.
    fn expire(inner: &mut Inner, limits: &Limits) {
        let now = Instant::now();
        inner.slots.retain(|_, slot| now.duration_since(slot.last_used) < limits.game_idle);
    }

    /// Drops games idle for too long, then the least recently used until
    /// there is room for one more of `cells` cells.
    fn make_room(inner: &mut Inner, limits: &Limits, cells: u64) {
        Games::expire(inner, limits);
        loop {
            let held: u64 = inner.slots.values().map(|s| s.cells).sum();
            if inner.slots.len() < limits.max_games && held + cells <= limits.max_game_cells {
                return;
            }
            let Some((&oldest, _)) = inner.slots.iter().min_by_key(|(_, slot)| slot.last_used) else {
                return;
            };
            inner.slots.remove(&oldest);
        }
    }

    fn insert(&self, limits: &Limits, held: Held) -> u64 {
        let cells = held.cells();
        let mut inner = self.lock();
        Games::make_room(&mut inner, limits, cells);
        inner.next_id += 1;
        let id = inner.next_id;
        inner.slots.insert(
            id,
            Slot {
                game: Arc::new(Mutex::new(held)),
                cells,
                last_used: Instant::now(),
            },
        );
        id
    }

    /// The game `id`, marked as used now.
    fn get(&self, limits: &Limits, id: &str) -> Result<Arc<Mutex<Held>>, ApiError> {
        let mut inner = self.lock();
        Games::expire(&mut inner, limits);
        let slot = id
            .parse::<u64>()
            .ok()
            .and_then(|id| inner.slots.get_mut(&id))
            .ok_or_else(|| ApiError::not_found(format!("no game {id:?}: it ended, expired or never existed")))?;
        slot.last_used = Instant::now();
        Ok(Arc::clone(&slot.game))
    }

    fn remove(&self, id: &str) -> bool {
        id.parse::<u64>().is_ok_and(|id| self.lock().slots.remove(&id).is_some())
    }
}

fn lock(game: &Mutex<Held>) -> MutexGuard<'_, Held> {
    game.lock().unwrap_or_else(|e| e.into_inner())
}

/// Parses a JSON body, or says what is wrong with it.
fn json_body<T: serde::de::DeserializeOwned>(body: Result<Bytes, BytesRejection>, what: &str) -> Result<T, ApiError> {
    let body = body.map_err(body_error)?;
    serde_json::from_slice(&body).map_err(|e| ApiError::bad_request(format!("the body is not {what}: {e}")))
}

/// The body of `POST /api/hexet/games`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    seed: String,
    #[serde(default)]
    preset: Option<String>,
    #[serde(default)]
    params: serde_json::Map<String, Value>,
}

/// `POST /api/hexet/games` with `{"seed", "params", "preset"}`: a new game
/// on a fresh map; answers `{"id", ...the map's JSON}`.
pub(crate) async fn create(State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let new: NewGame = json_body(body, r#"{"seed": "...", "params": {...}}"#)?;
    let mut layers = Vec::new();
    if let Some(name) = &new.preset {
        layers.push(<hexet::Params as params::Params>::preset(name)?);
    }
    let mut table = toml::Table::new();
    for (key, value) in new.params {
        let value = toml::Value::try_from(&value)
            .map_err(|e| ApiError::bad_request(format!("parameter `{key}`: {value} cannot be a parameter value ({e})")).parameter(&key))?;
        table.insert(key, value);
    }
    layers.push(table);
    let params: hexet::Params = params::Params::resolve(&layers)?;
    cap::<Hexet>(&params)?;
    let seed = Seed::new(&new.seed);
    let (held, map_json) = app
        .jobs
        .run(move || {
            let game = Game::new(&params, &seed).map_err(|e| ApiError::unprocessable(e.to_string()))?;
            let held = Held {
                params,
                game,
                log: Vec::new(),
            };
            let json = board_json(&held.board())?;
            Ok::<_, ApiError>((held, json))
        })
        .await??;
    let id = app.games.insert(&app.limits, held);
    // `{"id": "N",` then the map's own fields.
    let mut body = format!(r#"{{"id":"{id}","#).into_bytes();
    body.extend_from_slice(&map_json[1..]);
    Ok((StatusCode::CREATED, [(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// The result's JSON, exactly as the command line writes it.
fn board_json(board: &hexet::Board) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    output::write::<Hexet>(board, Format::Json, &Drawing::default(), &mut bytes)
        .map_err(|e| ApiError::internal(format!("could not write the map: {e}")))?;
    Ok(bytes)
}

/// `POST /api/hexet/games/{id}/roads` with one road-log entry: applies it
/// and answers the roads, networks and scores; an invalid road is refused
/// (422, the reason) and changes nothing.
pub(crate) async fn road(
    State(app): State<Arc<App>>,
    path: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let entry: RoadEntry = json_body(body, r#"a road {"player", "from": [q, r], "to": [q, r], "type", "action"}"#)?;
    let game = app.games.get(&app.limits, &id)?;
    let max_roads = app.limits.max_roads;
    let small = lock(&game).cells() <= INLINE_CELLS;
    let play = move || play_road(&mut lock(&game), entry, max_roads);
    // A road on a small map takes well under a millisecond: it runs on the
    // request's own task, sparing two thread hand-offs; larger maps take a slot.
    let body = if small { play()? } else { app.jobs.run(play).await?? };
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// `GET /api/hexet/games/{id}` (and `.../board.json`): the JSON `boardwright hexet --roads` writes
/// for the game's seed, parameters and log.
pub(crate) async fn show(State(app): State<Arc<App>>, path: Result<Path<String>, PathRejection>) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let game = app.games.get(&app.limits, &id)?;
    let body = app
        .jobs
        .run(move || {
            // The game is locked only while its board is made, not while it is written.
            let board = lock(&game).board();
            board_json(&board)
        })
        .await??;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// Applies `entry` to the game and answers the roads, networks and scores after it.
fn play_road(held: &mut Held, entry: RoadEntry, max_roads: usize) -> Result<Vec<u8>, ApiError> {
    if held.log.len() >= max_roads {
        return Err(ApiError::unprocessable(format!(
            "this game's log holds {max_roads} entries, the most a game may hold; start a new game"
        )));
    }
    held.game
        .apply(&entry)
        .map_err(|e| ApiError::unprocessable(format!("road refused: {e}")))?;
    held.log.push(entry);
    let board = held.board();
    let after = json!({
        "roads": board.roads,
        "networks": board.networks,
        "scores": board.scores,
        "log_length": held.log.len(),
    });
    serde_json::to_vec(&after).map_err(|e| ApiError::internal(e.to_string()))
}

/// `GET /api/hexet/games/{id}/board.{json,svg,png,pdf}` (with `ink_friendly`,
/// `dpi`): the game drawn with its roads, as `boardwright hexet --roads`
/// draws it.
pub(crate) async fn file(
    State(app): State<Arc<App>>,
    path: Result<Path<(String, String)>, PathRejection>,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    let Path((id, file)) = path?;
    let drawing = BoardQuery::parse::<Hexet>(raw.as_deref())?.drawing_only()?;
    let format = file.strip_prefix("board.").and_then(Format::from_extension).ok_or_else(|| {
        ApiError::not_found(format!(
            "no {file:?} here; a game has board.json, board.svg, board.png, board.pdf and log"
        ))
    })?;
    let game = app.games.get(&app.limits, &id)?;
    if format != Format::Json {
        Hexet::check_drawable(&lock(&game).params).map_err(ApiError::unprocessable)?;
    }
    let body = app
        .jobs
        .run(move || {
            let board = lock(&game).board();
            let mut bytes = Vec::new();
            output::write::<Hexet>(&board, format, &drawing, &mut bytes)
                .map_err(|e| ApiError::internal(format!("could not write the {}: {e}", format.extension())))?;
            Ok::<_, ApiError>(bytes)
        })
        .await??;
    Ok(([(header::CONTENT_TYPE, format.media_type())], body).into_response())
}

/// `GET /api/hexet/games/{id}/log`: the road log, as `--roads` reads it.
pub(crate) async fn log(State(app): State<Arc<App>>, path: Result<Path<String>, PathRejection>) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let game = app.games.get(&app.limits, &id)?;
    let body = serde_json::to_vec(&lock(&game).log).map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// `DELETE /api/hexet/games/{id}`: ends the game.
pub(crate) async fn end(State(app): State<Arc<App>>, path: Result<Path<String>, PathRejection>) -> Result<Response, ApiError> {
    let Path(id) = path?;
    if app.games.remove(&id) {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(ApiError::not_found(format!("no game {id:?}")))
    }
}
