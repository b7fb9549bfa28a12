//! The toolkit's calls with text in and text or bytes out, in Rust: what
//! every C function does once its pointers are read, and what an engine
//! binding written in Rust (Godot's) calls directly. Each gives its
//! result or a [`Refusal`] in the command line's words.

use boardwright::hexet::{self, RoadEntry};
use boardwright::params::{ParamError, Params};
use boardwright::universe::{self, play};
use boardwright::witches::puzzle::{self, Potion};
use boardwright::{GENERATORS, Registered, Seed, Visit, with_generator};
use boardwright_analyze::run::Outcome;
use output::{Drawing, Format};
use serde_json::{Map, Value, json};

/// What kind of refusal a call came to (its C status).
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
    /// A parameter or argument is unknown, out of range or malformed
    /// (`bw_last_error_parameter` names it where one is at fault).
    BadParameter = 4,
    /// The parameters are valid, but no board could be made of them.
    GenerationFailed = 5,
    /// A fault of the library's own, not of the input.
    Internal = 6,
    /// The result cannot be drawn as asked: a mark a player needs would be
    /// too small on that paper (the message names the sheets that print).
    NotDrawn = 7,
    /// A road the game refuses (off the map, not between neighbours, taken,
    /// or not there to remove); the game is unchanged.
    BadRoad = 8,
    /// A potion the recipe refuses (an ingredient not in play, too many
    /// seeds, too many ingredients).
    BadPotion = 9,
    /// A handle that is not a live one of its kind: freed already, never
    /// made, or a handle of another kind.
    BadHandle = 10,
}

/// A refusal: its status, its words and the parameter at fault.
#[derive(Debug)]
pub struct Refusal {
    /// What kind of refusal.
    pub status: BwStatus,
    /// What was wrong and what is allowed, in the command line's words.
    pub message: String,
    /// The parameter at fault, if one is (`road` and `potion` for a road or
    /// potion).
    pub parameter: Option<String>,
}

impl Refusal {
    /// A refusal of kind `status`, in `message`'s words.
    pub fn new(status: BwStatus, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
            parameter: None,
        }
    }

    /// A bad `parameter`, in `message`'s words.
    pub fn bad(parameter: &str, message: impl Into<String>) -> Refusal {
        Refusal::new(BwStatus::BadParameter, message).naming(parameter)
    }

    /// This refusal, naming `parameter` as the one at fault.
    pub fn naming(mut self, parameter: &str) -> Refusal {
        self.parameter = Some(parameter.to_string());
        self
    }

    /// The generator could not make a board of valid parameters.
    fn failed(e: impl ToString) -> Refusal {
        Refusal::new(BwStatus::GenerationFailed, e.to_string())
    }

    /// A fault in writing what was made.
    fn internal(what: &str, e: impl ToString) -> Refusal {
        Refusal::new(BwStatus::Internal, format!("could not write {what}: {}", e.to_string()))
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

/// Runs `visit` with the generator named `name`; `what` is the argument
/// that named it, in a refusal.
fn with_named<V: Visit<Output = Result<T, Refusal>>, T>(name: &str, what: &str, visit: V) -> Result<T, Refusal> {
    with_generator(name, visit).unwrap_or_else(|| {
        Err(Refusal::new(
            BwStatus::UnknownGenerator,
            format!("unknown generator `{name}`; generators: {}", GENERATORS.join(", ")),
        )
        .naming(what))
    })
}

/// `text` read as a JSON object when it starts with `{`, else as a TOML
/// table; `what` names it in a refusal.
fn json_or_toml<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, Refusal> {
    let expected = "expected a TOML table (`players = 3`) or a JSON object (`{\"players\": 3}`)";
    if text.trim_start().starts_with('{') {
        serde_json::from_str(text).map_err(|e| Refusal::bad(what, format!("{what}: {e}; {expected}")))
    } else {
        toml::from_str(text).map_err(|e| Refusal::bad(what, format!("{what}: {}; {expected}", e.message().trim())))
    }
}

/// The parameters `text` gives over `preset` (if any): `text` is a JSON
/// object (`{"players": 3}`) or a TOML table (`players = 3`, a config
/// file's text); empty text keeps the defaults (or the preset's). A `seed`
/// in it is refused: the seed is an argument of its own.
pub fn resolve<P: Params>(text: &str, preset: Option<&str>) -> Result<P, Refusal> {
    let values: Map<String, Value> = json_or_toml(text, "params")?;
    if values.contains_key("seed") {
        return Err(Refusal::bad(
            "seed",
            "params hold a `seed`, which is not a parameter: give the seed as the call's seed argument",
        ));
    }
    Ok(P::resolve_json(preset, &values)?)
}

/// A result's JSON, the bytes the command line writes to `-o board.json`.
fn json_of<G: Registered>(board: &G::Board) -> Result<Vec<u8>, Refusal> {
    let mut json = Vec::new();
    output::write::<G>(board, Format::Json, &Drawing::default(), &mut json).map_err(|e| Refusal::internal("the JSON", e))?;
    Ok(json)
}

/// The board of `generator` from `seed` and `params` (see [`resolve`]) over
/// `preset`, with `log` (hexet's road log, JSON) played on it: the JSON
/// bytes `boardwright GENERATOR --seed SEED [--preset P] [--config FILE]
/// [--roads LOG] -o board.json` writes.
pub fn board_json(generator: &str, seed: &str, params: &str, preset: Option<&str>, log: Option<&str>) -> Result<Vec<u8>, Refusal> {
    with_named(generator, "generator", Generate { seed, params, preset, log })
}

/// A board of the generator visited.
struct Generate<'a> {
    seed: &'a str,
    params: &'a str,
    preset: Option<&'a str>,
    log: Option<&'a str>,
}

impl Visit for Generate<'_> {
    type Output = Result<Vec<u8>, Refusal>;

    fn visit<G: Registered>(self) -> Self::Output {
        let params = resolve::<G::Params>(self.params, self.preset)?;
        let log: G::Log = match (self.log, G::LOG) {
            (None, _) => G::Log::default(),
            (Some(text), Some(file)) => {
                serde_json::from_str(text).map_err(|e| Refusal::new(BwStatus::BadRoad, format!("{}: {e}", file.noun)).naming("log"))?
            }
            (Some(_), None) => return Err(Refusal::bad("log", format!("{} plays no log; give none", G::NAME))),
        };
        let board = G::generate_logged(&params, &Seed::new(self.seed), &log, &mut ()).map_err(|e| match (&e, G::LOG) {
            (boardwright::Error::Log { .. }, Some(_)) => Refusal::new(BwStatus::BadRoad, e.to_string()).naming("log"),
            _ => Refusal::failed(e),
        })?;
        json_of::<G>(&board)
    }
}

/// `result` (a result's JSON) drawn as `format` (`svg`, `png`, `pdf` or
/// `json`) with the drawing options `drawing` as a web address writes them
/// (`paper=letter&tile=2x2&ink_friendly&dpi=300`; empty: A4, one sheet,
/// 150 dpi): the bytes the command line writes to `-o board.FORMAT`. A
/// result that would lose a mark a player needs on that paper is refused
/// ([`BwStatus::NotDrawn`]), naming the papers and sheets that print it.
pub fn drawn(result: &str, format: &str, drawing: &str) -> Result<Vec<u8>, Refusal> {
    let format = Format::from_extension(format.trim()).ok_or_else(|| {
        Refusal::bad(
            "format",
            format!("format {format:?} is not allowed; expected svg, png, pdf or json"),
        )
    })?;
    let mut options = Drawing::default();
    let drawing = drawing.trim().strip_prefix('?').unwrap_or(drawing);
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
    draw(result, format, options)
}

/// `result` (a result's JSON) drawn as `format` with `drawing`, as
/// [`drawn`] draws it once it has read the options.
pub fn draw(result: &str, format: Format, drawing: Drawing) -> Result<Vec<u8>, Refusal> {
    /// What every result begins with: the generator that made it.
    #[derive(serde::Deserialize)]
    struct Head {
        generator: String,
    }
    let Head { generator } =
        serde_json::from_str(result).map_err(|_| Refusal::bad("result", "result is not a boardwright result: it names no generator"))?;
    with_named(&generator, "result", Draw { result, format, drawing }).map_err(|r| match r.status {
        BwStatus::UnknownGenerator => Refusal::bad("result", format!("result names {}", r.message)),
        _ => r,
    })
}

/// Most pixels of a PNG the library draws (1.2 GB of colour): a larger one
/// is refused, naming `dpi`, before it is drawn.
const MOST_PNG_PIXELS: u64 = 300_000_000;

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
        let budget = output::Budget {
            max_pixels: MOST_PNG_PIXELS,
            stop: &|| false,
        };
        output::write_within::<G>(&board, self.format, &self.drawing, &budget, &mut bytes).map_err(|e| match e {
            output::DrawError::TooManyPixels { .. } => Refusal::bad("dpi", e.to_string()),
            _ => Refusal::internal("the drawing", e),
        })?;
        Ok(bytes)
    }
}

/// Every generator with its parameters, presets, fairness targets, metrics
/// and drawing options: JSON, as the web app's `GET /api/generators` lists
/// them without its server's size caps.
pub fn generators() -> Vec<u8> {
    output::listing::all().to_string().into_bytes()
}

/// The JSON Schema called `name` (`universe`, `universe-config`,
/// `hexet-road-log`, …); `None`: the names of them all, as a JSON list.
pub fn schema(name: Option<&str>) -> Result<Vec<u8>, Refusal> {
    let value = match name {
        None => json!(boardwright::schema::all().into_iter().map(|(name, _)| name).collect::<Vec<_>>()),
        Some(name) => serde_json::to_value(boardwright::schema::named(name).map_err(|e| Refusal::bad("name", e))?)
            .map_err(|e| Refusal::internal("the schema", e))?,
    };
    Ok(value.to_string().into_bytes())
}

/// Most boards one analysis makes.
const MOST_ANALYZED: u64 = 10_000_000;

/// The flattened metrics of the boards `BASE-start` … `BASE-(start+count-1)`
/// of `generator` (as `boardwright analyze` reads them), on every core:
/// JSON, a list of one record a board (`seed` and every figure, or
/// `failed` and why).
pub fn analyzed(generator: &str, params: &str, preset: Option<&str>, base: &str, start: u64, count: u64) -> Result<Vec<u8>, Refusal> {
    if count > MOST_ANALYZED {
        return Err(Refusal::bad(
            "count",
            format!("count {count} is not allowed; at most {MOST_ANALYZED} boards at once"),
        ));
    }
    if start.checked_add(count).is_none() {
        return Err(Refusal::bad(
            "start",
            format!("start {start} is not allowed; the last board's number must fit in 64 bits"),
        ));
    }
    let indices: Vec<u64> = (start..start + count).collect();
    with_named(
        generator,
        "generator",
        Analyze {
            params,
            preset,
            base,
            indices,
        },
    )
}

/// The boards of one analysis, of the generator visited.
struct Analyze<'a> {
    params: &'a str,
    preset: Option<&'a str>,
    base: &'a str,
    indices: Vec<u64>,
}

impl Visit for Analyze<'_> {
    type Output = Result<Vec<u8>, Refusal>;

    fn visit<G: Registered>(self) -> Self::Output {
        let params = resolve::<G::Params>(self.params, self.preset)?;
        let rows = boardwright_analyze::rows::<G>(&params, self.base, &self.indices, 0, &|| ());
        let records: Vec<Value> = rows
            .into_iter()
            .map(|row| {
                let mut record = Map::new();
                record.insert("seed".into(), json!(format!("{}-{}", self.base, row.index)));
                match row.outcome {
                    Outcome::Figures(figures) => {
                        for (name, value) in figures.names.iter().zip(figures.values) {
                            record.insert(name.clone(), json!(value));
                        }
                    }
                    Outcome::Failed(reason) => {
                        record.insert("failed".into(), json!(reason));
                    }
                }
                Value::Object(record)
            })
            .collect();
        Ok(Value::Array(records).to_string().into_bytes())
    }
}

/// Bots play `result` (a universe board's JSON) `games` times: `bots`
/// names the bot of every seat (`reference`) or one a seat, comma-separated
/// (`random,greedy`); `rules` (a JSON object or TOML table, empty for the
/// built-in rules) are the rules to play by. The JSON `boardwright play
/// universe` writes.
pub fn played(result: &str, games: u32, bots: &str, rules: &str) -> Result<Vec<u8>, Refusal> {
    let board: universe::Board =
        serde_json::from_str(result).map_err(|e| Refusal::bad("result", format!("result is not a universe board: {e}")))?;
    let rules: play::Rules = json_or_toml(rules, "rules")?;
    let bots: Vec<String> = match bots.trim() {
        "" => vec![play::Series::REFERENCE.to_string()],
        names => names.split(',').map(|b| b.trim().to_string()).collect(),
    };
    let series = play::Series { games, bots, rules };
    let report = series.play(&board).map_err(|e| {
        // The series says which of its settings it refuses first: `games:`,
        // `bot:` or `bots:`, else a rule.
        let refusal = Refusal::new(BwStatus::BadParameter, e.to_string());
        match e.0.split_once(':').map(|(head, _)| head) {
            Some("games") => refusal.naming("games"),
            Some("bot" | "bots") => refusal.naming("bots"),
            _ => refusal,
        }
    })?;
    serde_json::to_vec(&play::Played::new(&board, &series, &report)).map_err(|e| Refusal::internal("the games", e))
}

/// A hexet game: a map, and roads placed and taken away on it one at a time.
pub struct Game {
    game: hexet::Game,
    log: Vec<RoadEntry>,
}

impl Game {
    /// The game on the map of `seed` and `params` (see [`resolve`]) over `preset`.
    pub fn new(seed: &str, params: &str, preset: Option<&str>) -> Result<Game, Refusal> {
        let params = resolve::<hexet::Params>(params, preset)?;
        let game = hexet::Game::new(&params, &Seed::new(seed)).map_err(Refusal::failed)?;
        Ok(Game { game, log: Vec::new() })
    }

    /// Plays `road`, one entry of a road log as JSON
    /// (`{"player":0,"from":[0,1],"to":[1,1]}`, `"action":"remove"` to take
    /// one away): what it did to its player's networks (`created`,
    /// `extended`, `merged`, `unchanged`, `trimmed`, `split`, `removed`). A
    /// refused road changes nothing.
    pub fn apply(&mut self, road: &str) -> Result<String, Refusal> {
        let refused = |why: String| Refusal::new(BwStatus::BadRoad, why).naming("road");
        let entry: RoadEntry = serde_json::from_str(road).map_err(|e| {
            refused(format!(
                "road: {e}; a road is one JSON object, {{\"player\":0,\"from\":[q,r],\"to\":[q,r]}}, between neighbouring cells"
            ))
        })?;
        let change = self.game.apply(&entry).map_err(|e| refused(format!("road: {e}")))?;
        self.log.push(entry);
        Ok(format!("{change:?}").to_lowercase())
    }

    /// Every player's networks: JSON.
    pub fn networks(&self) -> Result<Vec<u8>, Refusal> {
        serde_json::to_vec(&self.game.networks()).map_err(|e| Refusal::internal("the networks", e))
    }

    /// Every player's score: JSON.
    pub fn scores(&self) -> Result<Vec<u8>, Refusal> {
        serde_json::to_vec(&self.game.scores()).map_err(|e| Refusal::internal("the scores", e))
    }

    /// The map with its roads, networks and scores: the JSON `boardwright
    /// hexet --roads LOG -o map.json` writes for this game's log.
    pub fn result(&self) -> Result<Vec<u8>, Refusal> {
        json_of::<hexet::Hexet>(&self.game.board())
    }

    /// The roads played so far, in order: a road log (JSON) that `--roads`
    /// reads back to this game.
    pub fn log(&self) -> Result<Vec<u8>, Refusal> {
        serde_json::to_vec(&self.log).map_err(|e| Refusal::internal("the road log", e))
    }
}

/// A Wondering Witches night: the secret recipe of a board, its free clue,
/// and potions brewed on it (the game's digital half).
pub struct Recipe {
    recipe: puzzle::Recipe,
}

impl Recipe {
    /// The recipe of the witches board of `seed` and `params` (see
    /// [`resolve`]) over `preset`.
    pub fn new(seed: &str, params: &str, preset: Option<&str>) -> Result<Recipe, Refusal> {
        let params = resolve::<boardwright::witches::Params>(params, preset)?;
        let recipe = puzzle::Recipe::new(&params, &Seed::new(seed)).map_err(Refusal::failed)?;
        Ok(Recipe { recipe })
    }

    /// The free clue and what a player needs to brew: JSON `{"clue",
    /// "recipe_length", "max_seeds", "ingredients", "rules"}`.
    pub fn clue(&self) -> Vec<u8> {
        let r = &self.recipe;
        json!({
            "clue": r.clue(),
            "recipe_length": r.length(),
            "max_seeds": Potion::MAX_SEEDS,
            "ingredients": r.ingredients().iter().map(|i| i.name).collect::<Vec<_>>(),
            "rules": r.rules(),
        })
        .to_string()
        .into_bytes()
    }

    /// Brews `potion`, written as `--potion` reads it (`Sage:2,Mint:1,Chives`:
    /// ingredients in cauldron order, each with its seeds or as many as
    /// needed) or as JSON (`[["Sage", 2], ["Chives", null]]`): the
    /// cauldron's answer, the JSON `--potion` prints.
    pub fn brew(&self, potion: &str) -> Result<Vec<u8>, Refusal> {
        let refused = |why: String| Refusal::new(BwStatus::BadPotion, why).naming("potion");
        let in_play = self.recipe.ingredients().len();
        let potion = if potion.trim_start().starts_with('[') {
            let parts: Vec<(String, Option<i64>)> = serde_json::from_str(potion).map_err(|e| refused(format!("potion: {e}")))?;
            Potion::from_parts(parts.iter().map(|(name, seeds)| (name.as_str(), *seeds)), in_play)
        } else {
            Potion::parse(potion, in_play)
        }
        .map_err(|e| refused(e.to_string()))?;
        let answer = self.recipe.brew(&potion).map_err(|e| refused(e.to_string()))?;
        serde_json::to_vec(&answer).map_err(|e| Refusal::internal("the answer", e))
    }

    /// The whole recipe, as `--reveal` prints it: JSON.
    pub fn reveal(&self) -> Result<Vec<u8>, Refusal> {
        serde_json::to_vec(&self.recipe.reveal()).map_err(|e| Refusal::internal("the recipe", e))
    }
}
