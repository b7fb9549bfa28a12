//! `GET /api/universe/play`: bots play the board of a query (its seed and
//! parameters, as the board's own address gives them) and the answer is the
//! report `boardwright play universe` writes, with the first game replayed
//! move by move (`replay`). The games run as large work, one client's at a
//! time, and stop between games when the client hangs up or the time limit
//! passes. The same query always gets the same bytes, so answers are kept,
//! shared by identical requests in flight and tagged like boards; `HEAD`
//! plays no game.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, Method};
use axum::response::Response;
use boardwright::Generator;
use boardwright::universe::{self, Universe, play};

use crate::App;
use crate::api::Asked;
use crate::error::ApiError;
use crate::file::File;
use crate::jobs::{Client, Size};
use crate::request::BoardQuery;

/// Most games one request may ask for.
pub const MAX_GAMES: u32 = 2000;
/// The largest board the server plays, in nodes (the default boards have
/// 88 to 140): a game costs about a millisecond on those, and more with
/// every node.
pub const MAX_PLAYED_NODES: u64 = 300;
/// The bots the server plays (search is too slow to serve).
pub(crate) const SERVED_BOTS: [&str; 3] = [play::Series::REFERENCE, "greedy", "random"];

/// `GET /api/universe/play?seed=…&games=N&bot=B`.
pub(crate) async fn games(
    State(app): State<Arc<App>>,
    method: Method,
    headers: HeaderMap,
    client: Client,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    let (games, bot, rest) = read(raw.as_deref())?;
    let query = BoardQuery::parse::<Universe>(Some(&rest))?;
    let params: universe::Params = query.params()?;
    crate::generators::cap::<Universe>(&params)?;
    if params.node_count() > MAX_PLAYED_NODES {
        return Err(ApiError::unprocessable(format!(
            "this server plays universe boards of at most {MAX_PLAYED_NODES} nodes (this one would have {}); for larger boards use `boardwright play`",
            params.node_count()
        ))
        .parameter(crate::generators::size_parameter::<Universe>(&params)));
    }
    let seed = query.seed()?;
    let address = format!(
        "{}\ngames={games} bot={bot}",
        query.address(ANSWER, File::Board(output::Format::Json), &params)
    );
    let asked = Asked {
        headers: &headers,
        head: method == Method::HEAD,
        client: client.clone(),
        size: Size::Large,
        media_type: MEDIA_TYPE,
    };
    let work = app.jobs.run(Size::Large, &client, move |stop| {
        let board = Universe::generate_with(&params, &seed, &mut stop.clone()).map_err(|e| ApiError::bad_request(e.to_string()))?;
        let series = play::Series {
            games,
            bots: vec![bot],
            ..Default::default()
        };
        let report = series
            .play_with(&board, &|_| {}, Some(stop))
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        let (turns, _) = series.replay(&board, 0).map_err(|e| ApiError::bad_request(e.to_string()))?;
        let answer = Played {
            played: play::Played::new(&board, &series, &report),
            replay: turns,
        };
        let body = serde_json::to_value(&answer)
            .and_then(|value| serde_json::to_vec(&value))
            .map_err(|e| ApiError::internal(format!("could not write the answer: {e}")))?;
        Ok((MEDIA_TYPE, body.into()))
    });
    asked.answer(&app, address, work).await
}

/// What the answers are kept under, beside the generators' files.
const ANSWER: &str = "universe-play";
const MEDIA_TYPE: &str = "application/json";

/// The answer: the report `boardwright play universe` writes, and the
/// first game move by move.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub(crate) struct Played<'a> {
    /// The report.
    #[serde(flatten)]
    played: play::Played<'a>,
    /// Game 0 of the series, move by move.
    replay: Vec<play::Turn>,
}

/// The games and the bot a query asks for, and the board's own query
/// without them.
fn read(raw: Option<&str>) -> Result<(u32, String, String), ApiError> {
    let mut games = 1000;
    let mut bot = play::Series::REFERENCE.to_string();
    // The board's own query, without the play's keys.
    let mut rest = form_urlencoded::Serializer::new(String::new());
    let mut seen: Vec<&str> = Vec::new();
    for (key, value) in form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
        if let Some(name) = ["games", "bot"].into_iter().find(|name| key == *name) {
            if seen.contains(&name) {
                return Err(ApiError::bad_request(format!("`{name}` is given twice; give each parameter once")).parameter(name));
            }
            seen.push(name);
        }
        match &*key {
            "games" => {
                games = value.trim().parse().ok().filter(|g| (1..=MAX_GAMES).contains(g)).ok_or_else(|| {
                    ApiError::bad_request(format!("games: {value:?} is not allowed; a whole number from 1 to {MAX_GAMES}"))
                        .parameter("games")
                })?;
            }
            "bot" => {
                if !SERVED_BOTS.contains(&value.trim()) {
                    return Err(ApiError::bad_request(format!(
                        "bot: {value:?} is not allowed; the server plays {} (the command line also plays search)",
                        SERVED_BOTS.join(" or ")
                    ))
                    .parameter("bot"));
                }
                bot = value.trim().to_string();
            }
            _ => {
                rest.append_pair(&key, &value);
            }
        }
    }
    Ok((games, bot, rest.finish()))
}
