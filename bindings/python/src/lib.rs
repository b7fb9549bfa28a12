//! The native half of the `boardwright` Python package: each function takes
//! and gives JSON text (the package's Python half turns it into Python data)
//! or bytes, runs without the GIL, and raises `ValueError(message, what)`
//! for bad input: the command line's message and what was wrong (a
//! parameter's name, `"road"`, `"potion"`, or `""`), from which the Python
//! half raises its own exceptions. Results are made by the same library
//! calls and written by the same writers as `boardwright` on the command
//! line, so the bytes are the same.

use std::fmt::Display;

use boardwright::hexet::{self, RoadEntry};
use boardwright::params::{ParamError, Params};
use boardwright::{DrawOptions, Paper, Registered, Seed, Tile, Visit};
use boardwright::{starship, witches};
use boardwright_analyze::run::Outcome;
use output::{Drawing, Format};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::{Map, Value, json};

/// Bad input: the message, and what was wrong (a parameter's name,
/// `"road"`, `"potion"`, or empty).
struct Failure {
    message: String,
    what: String,
}

impl Failure {
    fn of(what: &str, e: impl Display) -> Failure {
        Failure {
            message: e.to_string(),
            what: what.to_string(),
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::of("", message)
    }
}

impl From<ParamError> for Failure {
    fn from(e: ParamError) -> Failure {
        Failure::of(e.parameter().unwrap_or_default(), &e)
    }
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        PyValueError::new_err((f.message, f.what))
    }
}

fn value_error(e: impl Display) -> PyErr {
    Failure::of("", e).into()
}

/// Runs `visit` with the generator named `name`, or says which there are.
fn with_generator<V: Visit<Output = Result<T, Failure>>, T>(name: &str, visit: V) -> Result<T, Failure> {
    boardwright::with_generator(name, visit).unwrap_or_else(|| {
        Err(Failure::of(
            "generator",
            format!("no generator {name:?}; there are {}", boardwright::GENERATORS.join(", ")),
        ))
    })
}

/// The parameters as the command line layers them: the preset, then
/// `params` (a JSON object, as `--set` items would be), over the defaults.
fn resolve<P: Params>(params: &str, preset: Option<&str>) -> Result<P, Failure> {
    let values: Map<String, Value> = serde_json::from_str(params).map_err(|e| format!("parameters: {e}"))?;
    Ok(P::resolve_json(preset, &values)?)
}

/// A result's JSON, exactly as the command line writes it.
fn json_of<G: Registered>(board: &G::Board) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    output::write::<G>(board, Format::Json, &Drawing::default(), &mut out).map_err(|e| e.to_string())?;
    Ok(out)
}

struct Generate<'a> {
    seed: &'a str,
    params: &'a str,
    preset: Option<&'a str>,
    log: Option<&'a str>,
}

impl Visit for Generate<'_> {
    type Output = Result<Vec<u8>, Failure>;
    fn visit<G: Registered>(self) -> Self::Output {
        let params = resolve::<G::Params>(self.params, self.preset)?;
        let log: G::Log = match (self.log, G::LOG) {
            (None, _) => G::Log::default(),
            (Some(text), Some(file)) => serde_json::from_str(text).map_err(|e| Failure::of("roads", format!("{}: {e}", file.noun)))?,
            (Some(_), None) => return Err(Failure::of("roads", format!("{} plays no log", G::NAME))),
        };
        let board = G::generate_logged(&params, &Seed::new(self.seed), &log, &mut ()).map_err(|e| e.to_string())?;
        Ok(json_of::<G>(&board)?)
    }
}

/// Generates the result of `generator` for `seed`, `params` (a JSON object)
/// over `preset`, with `log` (JSON: hexet's roads) played on it: its JSON.
#[pyfunction]
#[pyo3(signature = (generator, seed, params, preset=None, log=None))]
fn generate(py: Python<'_>, generator: &str, seed: &str, params: &str, preset: Option<&str>, log: Option<&str>) -> PyResult<String> {
    let bytes = py.allow_threads(|| with_generator(generator, Generate { seed, params, preset, log }))?;
    String::from_utf8(bytes).map_err(value_error)
}

struct Draw<'a> {
    result: &'a str,
    format: Format,
    drawing: Drawing,
}

impl Visit for Draw<'_> {
    type Output = Result<Vec<u8>, Failure>;
    fn visit<G: Registered>(self) -> Self::Output {
        let board: G::Board = serde_json::from_str(self.result).map_err(|e| format!("not a {} result: {e}", G::NAME))?;
        let mut out = Vec::new();
        output::write::<G>(&board, self.format, &self.drawing, &mut out).map_err(|e| e.to_string())?;
        Ok(out)
    }
}

/// Draws a result (its JSON) as `format` (svg, png, pdf or json) on `paper`,
/// over `tile` sheets (`COLSxROWS`), ink-friendly or not, a PNG at `dpi`.
#[pyfunction]
#[pyo3(signature = (result, format, paper="a4", ink_friendly=false, tile="1x1", dpi=output::DEFAULT_DPI))]
fn draw(py: Python<'_>, result: &str, format: &str, paper: &str, ink_friendly: bool, tile: &str, dpi: f64) -> PyResult<Py<PyBytes>> {
    let format = Format::from_extension(format).ok_or_else(|| value_error(format!("format {format:?}: svg, png, pdf or json")))?;
    let paper = Paper::from_name(paper).ok_or_else(|| value_error(format!("paper {paper:?}: {}", Paper::CHOICES)))?;
    let tile: Tile = tile.parse().map_err(|e| value_error(format!("tile {tile:?}: {e}")))?;
    if !output::DPI_RANGE.contains(&dpi) {
        return Err(value_error(format!(
            "dpi {dpi}: from {} to {}",
            output::DPI_RANGE.start(),
            output::DPI_RANGE.end()
        )));
    }
    let generator = serde_json::from_str::<Map<String, Value>>(result)
        .ok()
        .and_then(|m| m.get("generator").and_then(Value::as_str).map(str::to_string))
        .ok_or_else(|| value_error("not a boardwright result: it names no generator"))?;
    let drawing = Drawing {
        options: DrawOptions {
            ink_friendly,
            paper,
            tile,
            ..DrawOptions::default()
        },
        dpi,
    };
    let bytes = py.allow_threads(|| with_generator(&generator, Draw { result, format, drawing }))?;
    Ok(PyBytes::new(py, &bytes).unbind())
}

struct Analyze<'a> {
    params: &'a str,
    preset: Option<&'a str>,
    base: &'a str,
    indices: Vec<u64>,
}

impl Visit for Analyze<'_> {
    type Output = Result<Value, Failure>;
    fn visit<G: Registered>(self) -> Self::Output {
        let params = resolve::<G::Params>(self.params, self.preset)?;
        let rows = boardwright_analyze::rows::<G>(&params, self.base, &self.indices, 0, &|| ());
        let rows = rows.into_iter().map(|row| {
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
        });
        Ok(Value::Array(rows.collect()))
    }
}

/// The flattened metrics of the boards `BASE-start` … `BASE-(start+count-1)`
/// of `generator` (as `boardwright analyze` reads them), one record each,
/// on every core: JSON.
#[pyfunction]
#[pyo3(signature = (generator, params, preset=None, base="analyze", start=1, count=100))]
fn analyze(py: Python<'_>, generator: &str, params: &str, preset: Option<&str>, base: &str, start: u64, count: u64) -> PyResult<String> {
    if count > 10_000_000 {
        return Err(value_error(format!("count {count}: at most 10000000 boards at once")));
    }
    let indices: Vec<u64> = (start..start.saturating_add(count)).collect();
    let rows = py.allow_threads(|| {
        with_generator(
            generator,
            Analyze {
                params,
                preset,
                base,
                indices,
            },
        )
    })?;
    Ok(rows.to_string())
}

/// A hexet game: a map and the roads placed and removed on it, one at a time.
#[pyclass(module = "boardwright._native")]
struct Game {
    game: hexet::Game,
}

#[pymethods]
impl Game {
    /// The game on the map of `seed` and `params` (a JSON object) over `preset`.
    #[new]
    #[pyo3(signature = (seed, params, preset=None))]
    fn new(py: Python<'_>, seed: &str, params: &str, preset: Option<&str>) -> PyResult<Game> {
        let game = py.allow_threads(|| -> Result<hexet::Game, Failure> {
            let params = resolve::<hexet::Params>(params, preset)?;
            Ok(hexet::Game::new(&params, &Seed::new(seed)).map_err(|e| e.to_string())?)
        })?;
        Ok(Game { game })
    }

    /// Applies one road (a road log entry, JSON): what it did to its
    /// player's networks (`created`, `extended`, `merged`, `unchanged`,
    /// `trimmed`, `split`, `removed`); a refused road changes nothing.
    fn apply(&mut self, road: &str) -> PyResult<String> {
        let entry: RoadEntry = serde_json::from_str(road).map_err(|e| Failure::of("road", format!("road: {e}")))?;
        let change = self.game.apply(&entry).map_err(|e| Failure::of("road", e))?;
        Ok(format!("{change:?}").to_lowercase())
    }

    /// Every player's networks: JSON.
    fn networks(&self) -> PyResult<String> {
        serde_json::to_string(&self.game.networks()).map_err(value_error)
    }

    /// Every player's score: JSON.
    fn scores(&self) -> PyResult<String> {
        serde_json::to_string(&self.game.scores()).map_err(value_error)
    }

    /// The map with its roads, networks and scores: the JSON `--roads` writes.
    fn result(&self) -> PyResult<String> {
        let bytes = json_of::<hexet::Hexet>(&self.game.board()).map_err(value_error)?;
        String::from_utf8(bytes).map_err(value_error)
    }
}

/// A Wondering Witches night: the secret recipe of a board, the free clue,
/// and potions brewed on it (the game's digital half).
#[pyclass(module = "boardwright._native")]
struct Recipe {
    recipe: witches::puzzle::Recipe,
}

#[pymethods]
impl Recipe {
    /// The recipe of the witches board of `seed` and `params` (a JSON
    /// object) over `preset`.
    #[new]
    #[pyo3(signature = (seed, params, preset=None))]
    fn new(py: Python<'_>, seed: &str, params: &str, preset: Option<&str>) -> PyResult<Recipe> {
        let recipe = py.allow_threads(|| -> Result<witches::puzzle::Recipe, Failure> {
            let params = resolve::<witches::Params>(params, preset)?;
            Ok(witches::puzzle::Recipe::new(&params, &Seed::new(seed)).map_err(|e| e.to_string())?)
        })?;
        Ok(Recipe { recipe })
    }

    /// The free clue and what a player needs to brew: JSON `{"clue",
    /// "recipe_length", "max_seeds", "ingredients", "rules"}`.
    fn clue(&self) -> PyResult<String> {
        let r = &self.recipe;
        let clue = json!({
            "clue": r.clue(),
            "recipe_length": r.length(),
            "max_seeds": witches::puzzle::Potion::MAX_SEEDS,
            "ingredients": r.ingredients().iter().map(|i| i.name).collect::<Vec<_>>(),
            "rules": r.rules(),
        });
        Ok(clue.to_string())
    }

    /// Brews a potion (JSON: a list of `[ingredient, seeds or null]`):
    /// JSON `{"undergrown", "overgrown", "feedback", "won"}`.
    fn brew(&self, potion: &str) -> PyResult<String> {
        let parts: Vec<(String, Option<i64>)> = serde_json::from_str(potion).map_err(|e| Failure::of("potion", format!("potion: {e}")))?;
        let in_play = self.recipe.ingredients().len();
        let potion = witches::puzzle::Potion::from_parts(parts.iter().map(|(name, seeds)| (name.as_str(), *seeds)), in_play)
            .map_err(|e| Failure::of("potion", e))?;
        let answer = self.recipe.brew(&potion).map_err(|e| Failure::of("potion", e))?;
        serde_json::to_string(&answer).map_err(value_error)
    }

    /// The whole recipe, as `--reveal` prints it: JSON.
    fn reveal(&self) -> PyResult<String> {
        serde_json::to_string(&self.recipe.reveal()).map_err(value_error)
    }
}

/// A universe board's nodes and edges as a graph, by node id.
#[pyclass(module = "boardwright._native", frozen)]
struct Graph(boardwright::universe::BoardGraph);

#[pymethods]
impl Graph {
    /// The graph of a universe board (its JSON).
    #[new]
    fn new(result: &str) -> PyResult<Graph> {
        let board: boardwright::universe::Board =
            serde_json::from_str(result).map_err(|e| value_error(format!("not a universe board: {e}")))?;
        if board.edges.iter().flatten().any(|&v| v as usize >= board.nodes.len()) {
            return Err(value_error("an edge names a node the board does not have"));
        }
        Ok(Graph(board.graph()))
    }

    /// The nodes joined to `node` by an edge.
    fn neighbors(&self, node: u32) -> PyResult<Vec<u32>> {
        Ok(self.0.neighbors(self.node(node)?).to_vec())
    }

    /// How many edges `node` has.
    fn degree(&self, node: u32) -> PyResult<usize> {
        Ok(self.0.degree(self.node(node)?))
    }

    /// The fewest edges from `node` to each node (`None` where none leads).
    fn hops_from(&self, node: u32) -> PyResult<Vec<Option<u32>>> {
        Ok(self.0.hops_from(self.node(node)?))
    }

    /// A shortest path from `from` to `to`, both ends included, or `None`.
    fn path(&self, from: u32, to: u32) -> PyResult<Option<Vec<u32>>> {
        Ok(self.0.path(self.node(from)?, self.node(to)?))
    }

    /// Every edge once, `(a, b)` with `a < b`.
    fn edges(&self) -> Vec<(u32, u32)> {
        self.0.edges().map(|[a, b]| (a, b)).collect()
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }
}

impl Graph {
    /// `node`, or an error when the board has no such node.
    fn node(&self, node: u32) -> PyResult<u32> {
        if (node as usize) < self.0.len() {
            Ok(node)
        } else {
            // A plain ValueError: the graph's methods are called on the
            // native object itself, not through the Python half.
            Err(PyValueError::new_err(format!(
                "node {node}: the board has nodes 0 to {}",
                self.0.len().saturating_sub(1)
            )))
        }
    }
}

/// A starship's tile grid: what stands on each tile, where crew walk, and
/// walking distances, measured as the ship's guarantees measure them.
#[pyclass(module = "boardwright._native", frozen)]
struct ShipGrid(starship::Grid);

#[pymethods]
impl ShipGrid {
    /// The grid of a starship board (its JSON).
    #[new]
    fn new(result: &str) -> PyResult<ShipGrid> {
        let board: starship::Board = serde_json::from_str(result).map_err(|e| value_error(format!("not a starship board: {e}")))?;
        Ok(ShipGrid(board.grid()))
    }

    /// What is at `(x, y)`: `"space"`, `"floor"`, `"armor"` or `"part"`;
    /// `None` off the grid.
    fn tile(&self, x: i64, y: i64) -> Option<&'static str> {
        let (x, y) = on_grid(x, y)?;
        self.0.tile(x, y).map(|t| match t {
            starship::Tile::Space => "space",
            starship::Tile::Floor => "floor",
            starship::Tile::Armor => "armor",
            starship::Tile::Part(_) => "part",
        })
    }

    /// The id of the part covering `(x, y)` (its index in the board's
    /// `parts`), or `None`.
    fn part_at(&self, x: i64, y: i64) -> Option<u32> {
        let (x, y) = on_grid(x, y)?;
        self.0.part_at(x, y).map(|p| p.id)
    }

    /// Whether crew can stand on `(x, y)`.
    fn is_walkable(&self, x: i64, y: i64) -> bool {
        on_grid(x, y).is_some_and(|(x, y)| self.0.is_walkable(x, y))
    }

    /// The tiles crew at `(x, y)` reach in one step.
    fn walkable_neighbors(&self, x: i64, y: i64) -> Vec<(u32, u32)> {
        on_grid(x, y).map(|(x, y)| self.0.walkable_neighbors(x, y)).unwrap_or_default()
    }

    /// Steps from part `part` to every tile, row by row (`y * width + x`);
    /// `None` where crew cannot get.
    fn distances(&self, part: u32) -> PyResult<Vec<Option<u32>>> {
        Ok(self.0.distances(self.part(part)?))
    }

    /// The fewest steps from part `part` to a part of one of `roles` (role
    /// names such as `"ammo_supply"`; by default the part's suppliers: ammo
    /// for a weapon, power for a thruster), or `None` when none is reached.
    #[pyo3(signature = (part, roles=None))]
    fn walk(&self, part: u32, roles: Option<Vec<String>>) -> PyResult<Option<u32>> {
        let part = self.part(part)?;
        let roles: Vec<starship::Role> = match roles {
            None => part.role.suppliers().to_vec(),
            Some(names) => names
                .iter()
                .map(|name| {
                    starship::Role::ALL.into_iter().find(|r| r.name() == name).ok_or_else(|| {
                        let known: Vec<&str> = starship::Role::ALL.iter().map(|r| r.name()).collect();
                        PyValueError::new_err(format!("no role {name:?}; there are {}", known.join(", ")))
                    })
                })
                .collect::<PyResult<_>>()?,
        };
        Ok(self.0.walk(part, &roles))
    }

    #[getter]
    fn width(&self) -> u32 {
        self.0.size().0
    }

    #[getter]
    fn height(&self) -> u32 {
        self.0.size().1
    }
}

impl ShipGrid {
    /// Part `id`, or an error naming the ids there are.
    fn part(&self, id: u32) -> PyResult<&starship::Part> {
        let parts = self.0.parts();
        parts
            .get(id as usize)
            .ok_or_else(|| PyValueError::new_err(format!("part {id}: the ship has parts 0 to {}", parts.len().saturating_sub(1))))
    }
}

/// `(x, y)` as tile coordinates, when both are whole numbers a grid can have
/// (the grid itself answers for those past its edge).
fn on_grid(x: i64, y: i64) -> Option<(u32, u32)> {
    Some((u32::try_from(x).ok()?, u32::try_from(y).ok()?))
}

/// A hex cell in axial coordinates `(q, r)`, as a hexet map and its road
/// log hold cells.
#[pyclass(module = "boardwright._native", name = "Hex", frozen, eq, hash, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct PyHex(hexet::Hex);

#[pymethods]
impl PyHex {
    #[new]
    fn new(q: i32, r: i32) -> PyHex {
        PyHex(hexet::Hex::new(q, r))
    }

    #[getter]
    fn q(&self) -> i32 {
        self.0.q
    }

    #[getter]
    fn r(&self) -> i32 {
        self.0.r
    }

    /// The six neighbours, by side number (0: below, then clockwise on screen).
    fn neighbors(&self) -> Vec<PyHex> {
        self.0.neighbors().into_iter().map(PyHex).collect()
    }

    /// The fewest steps from neighbour to neighbour to `other`.
    fn distance(&self, other: PyHex) -> u32 {
        self.0.distance(other.0)
    }

    /// Every hex at most `radius` steps away.
    fn range(&self, radius: u32) -> Vec<PyHex> {
        self.0.range(radius).map(PyHex).collect()
    }

    /// The hexes exactly `radius` steps away, from the one below, clockwise.
    fn ring(&self, radius: u32) -> Vec<PyHex> {
        self.0.ring(radius).map(PyHex).collect()
    }

    /// The hexes a straight line to `other` passes through, both ends included.
    fn line_to(&self, other: PyHex) -> Vec<PyHex> {
        self.0.line_to(other.0).into_iter().map(PyHex).collect()
    }

    fn __add__(&self, other: PyHex) -> PyHex {
        PyHex(self.0 + other.0)
    }

    fn __sub__(&self, other: PyHex) -> PyHex {
        PyHex(self.0 - other.0)
    }

    fn __repr__(&self) -> String {
        format!("Hex({}, {})", self.0.q, self.0.r)
    }
}

/// The JSON Schema called `name` (`universe`, `universe-config`,
/// `hexet-road-log`, …), as JSON text; `None` for the names of them all.
#[pyfunction]
#[pyo3(signature = (name=None))]
fn schema(name: Option<&str>) -> PyResult<String> {
    match name {
        None => serde_json::to_string(&boardwright::schema::all().into_iter().map(|(name, _)| name).collect::<Vec<_>>()),
        Some(name) => serde_json::to_string(&boardwright::schema::named(name).map_err(value_error)?),
    }
    .map_err(value_error)
}

/// The generators, in the order they are listed.
#[pyfunction]
fn generators() -> Vec<&'static str> {
    boardwright::GENERATORS.to_vec()
}

/// Bots play `result` (a universe board's JSON) `games` times: `bots`,
/// one name for every seat or one per seat; `rules` (a JSON object) in
/// place of the built-in rules. The JSON `boardwright play universe`
/// writes.
#[pyfunction]
#[pyo3(signature = (result, games=1000, bots=vec![boardwright::universe::play::Series::REFERENCE.to_string()], rules=None))]
fn play(py: Python<'_>, result: &str, games: u32, bots: Vec<String>, rules: Option<&str>) -> PyResult<String> {
    use boardwright::universe::{self, play};
    let board: universe::Board = serde_json::from_str(result).map_err(|e| value_error(format!("not a universe board: {e}")))?;
    let rules: play::Rules = match rules {
        None => play::Rules::default(),
        Some(text) => serde_json::from_str(text).map_err(|e| Failure::of("rules", format!("rules: {e}")))?,
    };
    let series = play::Series { games, bots, rules };
    py.allow_threads(|| {
        let report = series.play(&board).map_err(value_error)?;
        serde_json::to_string(&play::Played::new(&board, &series, &report)).map_err(value_error)
    })
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(draw, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(play, m)?)?;
    m.add_function(wrap_pyfunction!(generators, m)?)?;
    m.add_function(wrap_pyfunction!(schema, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<Recipe>()?;
    m.add_class::<PyHex>()?;
    m.add_class::<Graph>()?;
    m.add_class::<ShipGrid>()?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
