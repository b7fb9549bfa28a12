//! The witches puzzle over HTTP: `POST /api/witches/potion` brews a potion
//! on a board's secret recipe; `GET /api/witches/clue` gives the free clue
//! and the rules of the effects players may meet; `GET /api/witches/reveal`
//! the whole recipe. The recipe is made again from the seed and parameters
//! on each request (about 10 µs), so the server holds no
//! one's game.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use boardwright::Seed;
use boardwright::params::Params as _;
use boardwright::witches::{self, Witches, puzzle};
use serde::Deserialize;
use serde::Serialize;
use serde_json::Value;

use crate::App;
use crate::error::ApiError;
use crate::jobs::{Client, Size};
use crate::json::{json, json_body};
use crate::request::BoardQuery;

/// Largest potion request body, in bytes.
pub const MAX_POTION_BODY: usize = 16 << 10;
/// Longest seed a potion request may name, in bytes.
const MAX_SEED: usize = 1000;

/// A potion to brew on a witches board's secret recipe.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PotionRequest {
    /// The board's seed (the server refuses a very long one, saying its
    /// limit in bytes).
    seed: String,
    /// A named parameter set, laid under `params`.
    #[serde(default)]
    preset: Option<String>,
    /// Parameter values by name, as in the board's address.
    #[serde(default)]
    params: Option<serde_json::Map<String, Value>>,
    /// The potion: its ingredients in order (one may come more than once).
    #[schemars(length(min = 1, max = puzzle::Potion::MAX_INGREDIENTS))]
    potion: Vec<PotionPart>,
}

/// One ingredient of the request's potion.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct PotionPart {
    /// One of the board's ingredients in play, by name.
    ingredient: String,
    /// A whole number from 0 to 9, or none (null): as many as needed.
    #[serde(default)]
    #[schemars(with = "Option<u32>", range(max = puzzle::Potion::MAX_SEEDS))]
    seeds: Value,
}

/// `POST /api/witches/potion`: `{"seed", "params"?, "preset"?, "potion":
/// [{"ingredient", "seeds"?}]}` answered `{"undergrown", "overgrown",
/// "feedback", "won"}`.
pub(crate) async fn potion(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Result<Response, ApiError> {
    json_body(&headers, "a potion request")?;
    if body.len() > MAX_POTION_BODY {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the potion request is {} bytes; at most {MAX_POTION_BODY}", body.len()),
        ));
    }
    let request: PotionRequest = serde_json::from_slice(&body).map_err(|e| {
        ApiError::bad_request(format!(
            "the body is not a potion request ({e}); expected {{\"seed\": \"...\", \"params\": {{...}}, \"potion\": [{{\"ingredient\": \"Sage\", \"seeds\": 2}}]}}"
        ))
    })?;
    if request.seed.len() > MAX_SEED {
        return Err(ApiError::bad_request(format!("the seed is {} bytes; at most {MAX_SEED}", request.seed.len())).parameter("seed"));
    }
    let mut parts = Vec::with_capacity(request.potion.len().min(puzzle::Potion::MAX_INGREDIENTS + 1));
    if request.potion.len() <= puzzle::Potion::MAX_INGREDIENTS {
        for (i, part) in request.potion.iter().enumerate() {
            let seeds = match &part.seeds {
                Value::Null => None,
                Value::Number(n) if n.as_i64().is_some() => n.as_i64(),
                other => {
                    return Err(ApiError::bad_request(format!(
                        "potion part {}: seeds {other} is not a whole number from 0 to {}; leave it out for as many as needed",
                        i + 1,
                        puzzle::Potion::MAX_SEEDS
                    ))
                    .parameter("potion"));
                }
            };
            parts.push((part.ingredient.as_str(), seeds));
        }
    } else {
        parts.extend(request.potion.iter().map(|p| (p.ingredient.as_str(), None)));
    }
    let preset = request.preset.as_deref().filter(|name| !name.trim().is_empty());
    let params = witches::Params::resolve_json(preset, &request.params.unwrap_or_default())?;
    let potion = puzzle::Potion::from_parts(parts.into_iter(), params.ingredients as usize)
        .map_err(|e| ApiError::bad_request(e.to_string()).parameter("potion"))?;
    let seed = Seed::new(&request.seed);
    let answer = app
        .jobs
        .run(Size::Small, &Client::default(), move |_| {
            let recipe = puzzle::Recipe::new(&params, &seed).map_err(|e| ApiError::bad_request(e.to_string()))?;
            recipe
                .brew(&potion)
                .map_err(|e| ApiError::bad_request(e.to_string()).parameter("potion"))
        })
        .await?;
    json(&answer)
}

/// The recipe a board query names (`seed=…`, the preset, `KEY=VALUE`).
async fn recipe(app: &App, raw: Option<&str>) -> Result<puzzle::Recipe, ApiError> {
    let query = BoardQuery::parse::<Witches>(raw)?;
    let params: witches::Params = query.params()?;
    let seed = query.seed()?;
    app.jobs
        .run(Size::Small, &Client::default(), move |_| {
            puzzle::Recipe::new(&params, &seed).map_err(|e| ApiError::bad_request(e.to_string()))
        })
        .await
}

/// The free clue of a witches board's recipe, and what a player needs to
/// brew: the recipe's length, the ingredients and the effects' rules.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct Clue<'a> {
    /// The clue, in one line.
    clue: &'a str,
    /// Ingredients in the recipe.
    recipe_length: u32,
    /// Most seeds an ingredient may be given in a potion.
    max_seeds: u32,
    /// The ingredients in play, in the board's order: what a potion is made of.
    ingredients: Vec<&'static str>,
    /// The effects players may meet at this difficulty, with their rules.
    rules: Vec<puzzle::Rule>,
}

/// `GET /api/witches/clue?seed=…`: `{"clue", "recipe_length",
/// "max_seeds", "ingredients", "rules": [{"effect", "rule"}]}`.
pub(crate) async fn clue(State(app): State<Arc<App>>, RawQuery(raw): RawQuery) -> Result<Response, ApiError> {
    let recipe = recipe(&app, raw.as_deref()).await?;
    json(&Clue {
        clue: recipe.clue(),
        recipe_length: recipe.length(),
        max_seeds: puzzle::Potion::MAX_SEEDS,
        ingredients: recipe.ingredients().iter().map(|i| i.name).collect(),
        rules: recipe.rules(),
    })
}

/// `GET /api/witches/reveal?seed=…`: the recipe, as `--reveal` prints it.
pub(crate) async fn reveal(State(app): State<Arc<App>>, RawQuery(raw): RawQuery) -> Result<Response, ApiError> {
    let recipe = recipe(&app, raw.as_deref()).await?;
    json(&recipe.reveal())
}
