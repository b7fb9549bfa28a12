"""boardwright: fair, playable game boards from a seed.

Four generators (``universe``, ``witches``, ``starship``, ``hexet``) make a
board from a seed and a few parameters; the same seed and parameters give the
same board on every machine, byte for byte the board ``boardwright`` writes
on the command line.

    >>> import boardwright
    >>> board = boardwright.generate("universe", seed="Tiamo", players=5)
    >>> board["metrics"]["nodes"]
    ...
    >>> pdf = boardwright.draw(board, "pdf", paper="letter")

A parameter is a keyword argument named as in ``boardwright list`` (a
nested table, such as a universe node type, is a dict); ``preset=`` starts
from a named preset. Bad input raises :class:`Error` (a ``ValueError``)
with the command line's message: :class:`ParameterError` names the
parameter, :class:`RoadError` a refused hexet road, :class:`PotionError` a
potion the recipe cannot take. The work runs without the GIL, so threads
generate boards in parallel.

A witches board's secret recipe answers potions, as the game's app does:

    >>> recipe = boardwright.Recipe("Tiamo", players=4)
    >>> recipe.clue["clue"]
    ...
    >>> recipe.brew([("Sage", 2), ("Mint", None)])["feedback"]
    ...
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _native

__all__ = [
    "GENERATORS",
    "SCHEMAS",
    "Error",
    "Game",
    "Hex",
    "ParameterError",
    "PotionError",
    "Recipe",
    "RoadError",
    "analyze",
    "draw",
    "generate",
    "graph",
    "play",
    "ship_grid",
    "schema",
    "__version__",
]


class Error(ValueError):
    """Bad input: ``str(error)`` says what was wrong and what is allowed,
    as the command line says it."""


class ParameterError(Error):
    """A parameter (or the preset) that is unknown or out of range;
    ``parameter`` is its name (``"players"``, ``"pipeline"``, ``"preset"``)."""

    def __init__(self, message: str, parameter: str) -> None:
        super().__init__(message)
        self.parameter = parameter


class RoadError(Error):
    """A hexet road refused (off the map, into a lake, across a river
    without a bridge, a log that does not read); the game is unchanged."""


class PotionError(Error):
    """A potion the recipe cannot take (an ingredient not in play, too
    many seeds, more ingredients than the recipe has)."""


@contextlib.contextmanager
def _errors() -> Iterator[None]:
    """Raises the package's exceptions for the native half's ``ValueError(message, what)``."""
    try:
        yield
    except ValueError as e:
        if isinstance(e, Error) or len(e.args) != 2:
            raise
        message, what = e.args
        if what in ("road", "log"):
            raise RoadError(message) from None
        if what == "potion":
            raise PotionError(message) from None
        if what and what not in ("generator", "rules"):
            raise ParameterError(message, what) from None
        raise Error(message) from None


__version__: str = _native.VERSION

#: The generators, in the order they are listed.
GENERATORS: List[str] = list(_native.generators())
#: The JSON Schemas' names: each generator's result (``"universe"``) and
#: config file (``"universe-config"``), and hexet's road log
#: (``"hexet-road-log"``).
SCHEMAS: List[str] = json.loads(_native.schema())


def _params(params: Dict[str, Any]) -> str:
    """The parameters as a JSON object; a parameter given as None keeps its default."""
    return json.dumps({name: value for name, value in params.items() if value is not None})


def schema(name: str) -> Dict[str, Any]:
    """The JSON Schema (draft 2020-12) called ``name``, one of ``SCHEMAS``:
    what ``generate`` returns for a generator (``"universe"``), a config
    file (``"universe-config"``), a road log (``"hexet-road-log"``). Made
    from the types that write and read the JSON, the same as
    ``boardwright schema NAME`` prints."""
    return json.loads(_native.schema(str(name)))


def generate(generator: str, seed: str, *, preset: Optional[str] = None, roads: Optional[Iterable[Dict[str, Any]]] = None, **params: Any) -> Dict[str, Any]:
    """The board of ``generator`` for ``seed`` and ``params``, as Python data.

    The dict is the JSON contract: ``generator``, ``seed``, ``version``,
    ``params`` (every parameter resolved), ``metrics`` and the board itself.
    ``roads`` (hexet only) is a road log, a list of
    ``{"player", "from": [q, r], "to": [q, r], "type", "action"}``, played on
    the map as ``--roads`` plays it.
    """
    log = None if roads is None else json.dumps(list(roads))
    with _errors():
        return json.loads(_native.generate(generator, str(seed), _params(params), preset, log))


def draw(result: Dict[str, Any], format: str = "svg", *, paper: str = "a4", ink_friendly: bool = False, tile: str = "1x1", dpi: float = 150.0) -> bytes:
    """The bytes of ``result`` (from :func:`generate`, or a board's JSON read
    from a file) drawn as ``svg``, ``png`` or ``pdf`` (or written as ``json``):
    on ``paper`` (a4, letter, a3 or a5), over ``tile`` sheets (``"2x2"``),
    in colour or ink-friendly, a PNG at ``dpi`` pixels per inch. The same
    bytes as ``boardwright GENERATOR --seed ... -o board.FORMAT``."""
    text = json.dumps(result, ensure_ascii=False, separators=(",", ":"))
    with _errors():
        return _native.draw(text, format, paper, ink_friendly, tile, float(dpi))


def analyze(generator: str, *, boards: int = 100, base: str = "analyze", start: int = 1, preset: Optional[str] = None, **params: Any) -> List[Dict[str, Any]]:
    """One record per board, for a table: the seed (``BASE-i`` for ``i`` from
    ``start``, the seeds ``boardwright analyze GENERATOR --seed BASE`` reads) and
    every figure of its metrics flattened (``quadrant_nodes.0``,
    ``mission_hop_spread``, …), or ``failed`` with the reason.
    ``pandas.DataFrame(analyze("universe", boards=1000))`` takes it whole.
    The boards are made on every core."""
    if boards < 0 or start < 0:
        raise Error(f"boards and start are counts from 0, not {boards} and {start}")
    with _errors():
        return json.loads(_native.analyze(generator, _params(params), preset, base, start, boards))


def play(board: Dict[str, Any], *, games: int = 1000, bot: str = "reference", bots: Optional[List[str]] = None, rules: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """Bots play a universe ``board`` (from :func:`generate`) ``games``
    times: ``bot`` in every seat, or ``bots``, one per seat (``reference``,
    the default, ``random``, ``greedy``, ``search``); ``rules`` in place of
    the built-in rules (the
    fields of ``--rules``). Each seat's and each start's win rate with a 95 %
    interval, stalls, Balance and more: the same as
    ``boardwright play universe``, the same games on any machine."""
    if games < 1:
        raise Error(f"games: {games} is not allowed; a whole number from 1")
    text = json.dumps(board, ensure_ascii=False, separators=(",", ":"))
    names = list(bots) if bots is not None else [bot]
    with _errors():
        return json.loads(_native.play(text, games, names, None if rules is None else json.dumps(rules)))


class Game:
    """A hexet game: the map of a seed, and roads placed and removed on it
    one at a time, each player's networks and scores following.

        >>> game = boardwright.Game(seed="Tiamo", players=3)
        >>> game.apply({"player": 0, "from": [3, 4], "to": [3, 5]})
        'created'
        >>> game.scores()
    """

    def __init__(self, seed: str, *, preset: Optional[str] = None, **params: Any) -> None:
        with _errors():
            self._game = _native.Game(str(seed), _params(params), preset)
        self._log: List[Dict[str, Any]] = []

    def apply(self, road: Dict[str, Any]) -> str:
        """Places or removes one road (a road log entry; ``type`` is
        ``normal`` or ``bridge``, ``action`` ``add`` or ``remove``): what it
        did to its player's networks (``created``, ``extended``, ``merged``,
        ``unchanged``, ``trimmed``, ``split`` or ``removed``). A refused road
        raises :class:`RoadError` and changes nothing."""
        road = {key: [value.q, value.r] if isinstance(value, Hex) else value for key, value in road.items()}
        with _errors():
            change = self._game.apply(json.dumps(road))
        self._log.append(road)
        return change

    @property
    def log(self) -> List[Dict[str, Any]]:
        """The roads applied, in order: what ``--roads`` and ``generate(roads=...)`` replay."""
        return [dict(road) for road in self._log]

    def networks(self) -> List[Dict[str, Any]]:
        """Every player's networks: cells, cities reached, whether it reaches the tower."""
        return json.loads(self._game.networks())

    def scores(self) -> List[Dict[str, Any]]:
        """Every player's score."""
        return json.loads(self._game.scores())

    def result(self) -> Dict[str, Any]:
        """The map with its roads, networks and scores: what :func:`generate` gives with ``roads=game.log``."""
        return json.loads(self._game.result())


def graph(board: Dict[str, Any]) -> "_native.Graph":
    """A universe ``board``'s nodes and edges as a graph, by node id:
    ``neighbors(node)``, ``degree(node)``, ``hops_from(node)`` (``None``
    where no edge leads), ``path(a, b)`` (a shortest path, both ends
    included, or ``None``), ``edges()`` and ``len``. A node the board does
    not have raises ``ValueError``; a board that is not a universe board,
    :class:`Error`."""
    with _errors():
        return _native.Graph(json.dumps(board, ensure_ascii=False, separators=(",", ":")))


def ship_grid(board: Dict[str, Any]) -> "_native.ShipGrid":
    """A starship ``board``'s tile grid: ``tile(x, y)`` (``"space"``,
    ``"floor"``, ``"armor"``, ``"part"``, or ``None`` off the grid),
    ``part_at(x, y)`` (a part's id or ``None``), ``is_walkable(x, y)``,
    ``walkable_neighbors(x, y)``, ``distances(part)`` (steps to every tile,
    row by row, ``None`` where crew cannot get) and ``walk(part, roles)``:
    the fewest steps from a part to one of ``roles`` (by default its
    suppliers, ammo for a weapon and power for a thruster), the walk the
    ship's metrics report. A board that is not a starship board raises
    :class:`Error`."""
    with _errors():
        return _native.ShipGrid(json.dumps(board, ensure_ascii=False, separators=(",", ":")))


#: A hex cell in axial coordinates, ``Hex(q, r)``: ``q``, ``r``,
#: ``neighbors()``, ``distance(other)``, ``range(radius)``, ``ring(radius)``,
#: ``line_to(other)``, ``+`` and ``-``; hashable and ordered. A road's ends
#: may be given as hexes to :meth:`Game.apply`.
Hex = _native.Hex


#: One part of a potion: an ingredient's name, and its seeds (``None``: as
#: many as needed), or a dict ``{"ingredient", "seeds"}``.
PotionPart = Union[Tuple[str, Optional[int]], Dict[str, Any]]


class Recipe:
    """The secret recipe of a Wondering Witches board (the board of the same
    seed and parameters), the free clue, and potions brewed on it: what the
    game's app does, so a night can be played or simulated from Python.

        >>> recipe = boardwright.Recipe("Tiamo", players=4)
        >>> answer = recipe.brew([("Sage", 2), ("Mint", None)])
        >>> answer["won"], answer["feedback"]
    """

    def __init__(self, seed: str, *, preset: Optional[str] = None, **params: Any) -> None:
        with _errors():
            self._recipe = _native.Recipe(str(seed), _params(params), preset)

    @property
    def clue(self) -> Dict[str, Any]:
        """The free clue and what a player needs to brew: ``clue``,
        ``recipe_length``, ``max_seeds``, ``ingredients`` (in the board's
        order) and ``rules`` (each effect players may meet, with its rule)."""
        return json.loads(self._recipe.clue())

    def brew(self, potion: Sequence[PotionPart]) -> Dict[str, Any]:
        """Brews ``potion``, its ingredients in the order they go in:
        ``undergrown`` and ``overgrown`` (the ingredients given too few or
        too many seeds), ``feedback`` (what the potion does, in the game's
        words) and ``won``. A potion the recipe cannot take raises
        :class:`PotionError`."""
        parts = []
        for part in potion:
            if isinstance(part, dict):
                parts.append([part.get("ingredient"), part.get("seeds")])
            else:
                name, seeds = part
                parts.append([name, seeds])
        with _errors():
            return json.loads(self._recipe.brew(json.dumps(parts)))

    def reveal(self) -> Dict[str, Any]:
        """The whole recipe, as ``boardwright witches --reveal`` prints it."""
        return json.loads(self._recipe.reveal())

