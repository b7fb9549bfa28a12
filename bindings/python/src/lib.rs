//! The native half of the `boardwright` Python package: each function takes
//! and gives JSON text (the package's Python half turns it into Python data)
//! or bytes, runs without the GIL, and raises `ValueError(message, what)`
//! for bad input: the command line's message and what was wrong (a
//! parameter's name, `"road"`, `"potion"`, or `""`), from which the Python
//! half raises its own exceptions. Generating, drawing, analyzing, playing,
//! the hexet game and the witches recipe are the C library's calls
//! (`boardwright_ffi::calls`), which write what the command line writes, so
//! the bytes are the same in Python, in C and at the command line.

use std::fmt::Display;

use boardwright::hexet;
use boardwright::starship;
use boardwright_ffi::calls::{self, Refusal};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A refusal as the Python half reads it: `ValueError(message, what)`,
/// `what` the parameter at fault (`road`, `potion`, …) or empty.
fn refused(r: Refusal) -> PyErr {
    PyValueError::new_err((r.message, r.parameter.unwrap_or_default()))
}

/// Bad input that names nothing in particular.
fn value_error(e: impl Display) -> PyErr {
    PyValueError::new_err((e.to_string(), String::new()))
}

/// Bytes the library gave as text.
fn text(bytes: Vec<u8>) -> PyResult<String> {
    String::from_utf8(bytes).map_err(value_error)
}

/// Generates the result of `generator` for `seed`, `params` (a JSON object)
/// over `preset`, with `log` (JSON: hexet's roads) played on it: its JSON.
#[pyfunction]
#[pyo3(signature = (generator, seed, params, preset=None, log=None))]
fn generate(py: Python<'_>, generator: &str, seed: &str, params: &str, preset: Option<&str>, log: Option<&str>) -> PyResult<String> {
    text(py.allow_threads(|| calls::board_json(generator, seed, params, preset, log)).map_err(refused)?)
}

/// Draws a result (its JSON) as `format` (svg, png, pdf or json) on `paper`,
/// over `tile` sheets (`COLSxROWS`), ink-friendly or not, a PNG at `dpi`;
/// refused when a mark a player needs would be too small on that paper.
/// The options are read as a web address's query is.
#[pyfunction]
#[pyo3(signature = (result, format, paper="a4", ink_friendly=false, tile="1x1", dpi=output::DEFAULT_DPI))]
fn draw(py: Python<'_>, result: &str, format: &str, paper: &str, ink_friendly: bool, tile: &str, dpi: f64) -> PyResult<Py<PyBytes>> {
    let drawing = format!("paper={paper}&tile={tile}&dpi={dpi}&ink_friendly={ink_friendly}");
    let bytes = py.allow_threads(|| calls::drawn(result, format, &drawing)).map_err(refused)?;
    Ok(PyBytes::new(py, &bytes).unbind())
}

/// The flattened metrics of the boards `BASE-start` … `BASE-(start+count-1)`
/// of `generator` (as `boardwright analyze` reads them), one record each,
/// on every core: JSON.
#[pyfunction]
#[pyo3(signature = (generator, params, preset=None, base="analyze", start=1, count=100))]
fn analyze(py: Python<'_>, generator: &str, params: &str, preset: Option<&str>, base: &str, start: u64, count: u64) -> PyResult<String> {
    text(py.allow_threads(|| calls::analyzed(generator, params, preset, base, start, count)).map_err(refused)?)
}

/// A hexet game: a map and the roads placed and removed on it, one at a time.
#[pyclass(module = "boardwright._native")]
struct Game(calls::Game);

#[pymethods]
impl Game {
    /// The game on the map of `seed` and `params` (a JSON object) over `preset`.
    #[new]
    #[pyo3(signature = (seed, params, preset=None))]
    fn new(py: Python<'_>, seed: &str, params: &str, preset: Option<&str>) -> PyResult<Game> {
        Ok(Game(py.allow_threads(|| calls::Game::new(seed, params, preset)).map_err(refused)?))
    }

    /// Applies one road (a road log entry, JSON): what it did to its
    /// player's networks (`created`, `extended`, `merged`, `unchanged`,
    /// `trimmed`, `split`, `removed`); a refused road changes nothing.
    fn apply(&mut self, road: &str) -> PyResult<String> {
        self.0.apply(road).map_err(refused)
    }

    /// Every player's networks: JSON.
    fn networks(&self) -> PyResult<String> {
        text(self.0.networks().map_err(refused)?)
    }

    /// Every player's score: JSON.
    fn scores(&self) -> PyResult<String> {
        text(self.0.scores().map_err(refused)?)
    }

    /// The map with its roads, networks and scores: the JSON `--roads` writes.
    fn result(&self) -> PyResult<String> {
        text(self.0.result().map_err(refused)?)
    }
}

/// A Wondering Witches night: the secret recipe of a board, the free clue,
/// and potions brewed on it (the game's digital half).
#[pyclass(module = "boardwright._native")]
struct Recipe(calls::Recipe);

#[pymethods]
impl Recipe {
    /// The recipe of the witches board of `seed` and `params` (a JSON
    /// object) over `preset`.
    #[new]
    #[pyo3(signature = (seed, params, preset=None))]
    fn new(py: Python<'_>, seed: &str, params: &str, preset: Option<&str>) -> PyResult<Recipe> {
        Ok(Recipe(py.allow_threads(|| calls::Recipe::new(seed, params, preset)).map_err(refused)?))
    }

    /// The free clue and what a player needs to brew: JSON `{"clue",
    /// "recipe_length", "max_seeds", "ingredients", "rules"}`.
    fn clue(&self) -> PyResult<String> {
        text(self.0.clue())
    }

    /// Brews a potion (JSON: a list of `[ingredient, seeds or null]`):
    /// JSON `{"undergrown", "overgrown", "feedback", "won"}`.
    fn brew(&self, potion: &str) -> PyResult<String> {
        text(self.0.brew(potion).map_err(refused)?)
    }

    /// The whole recipe, as `--reveal` prints it: JSON.
    fn reveal(&self) -> PyResult<String> {
        text(self.0.reveal().map_err(refused)?)
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
    text(calls::schema(name).map_err(refused)?)
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
    let bots = bots.join(",");
    text(py.allow_threads(|| calls::played(result, games, &bots, rules.unwrap_or(""))).map_err(refused)?)
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
