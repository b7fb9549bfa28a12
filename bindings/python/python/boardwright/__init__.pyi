from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from ._native import Graph as Graph, Hex as Hex, ShipGrid as ShipGrid

__version__: str
GENERATORS: List[str]
SCHEMAS: List[str]

class Error(ValueError):
    """Bad input, with the command line's message."""

class ParameterError(Error):
    """A parameter (or the preset) unknown or out of range."""
    parameter: str
    def __init__(self, message: str, parameter: str) -> None: ...

class RoadError(Error):
    """A hexet road refused; the game is unchanged."""

class PotionError(Error):
    """A potion the recipe cannot take."""

def schema(name: str) -> Dict[str, Any]:
    """The JSON Schema called ``name`` (one of ``SCHEMAS``): a generator's result, its config file, hexet's road log."""

def generate(generator: str, seed: str, *, preset: Optional[str] = ..., roads: Optional[Iterable[Dict[str, Any]]] = ..., **params: Any) -> Dict[str, Any]:
    """The board of ``generator`` for ``seed`` and ``params``, as Python data (the JSON contract)."""

def draw(result: Dict[str, Any], format: str = ..., *, paper: str = ..., ink_friendly: bool = ..., tile: str = ..., dpi: float = ...) -> bytes:
    """``result`` drawn as svg, png or pdf (or written as json): the command line's bytes."""

def analyze(generator: str, *, boards: int = ..., base: str = ..., start: int = ..., preset: Optional[str] = ..., **params: Any) -> List[Dict[str, Any]]:
    """One record per board: its seed and its flattened metrics, or ``failed``."""

def play(board: Dict[str, Any], *, games: int = ..., bot: str = ..., bots: Optional[List[str]] = ..., rules: Optional[Dict[str, Any]] = ...) -> Dict[str, Any]:
    """Bots play a universe board: each seat's and start's win rate, as ``boardwright play universe``."""

class Game:
    """A hexet game: roads placed and removed one at a time."""
    def __init__(self, seed: str, *, preset: Optional[str] = ..., **params: Any) -> None: ...
    def apply(self, road: Dict[str, Any]) -> str:
        """Places or removes one road: what it did to its player's networks."""
    @property
    def log(self) -> List[Dict[str, Any]]:
        """The roads applied, in order."""
    def networks(self) -> List[Dict[str, Any]]:
        """Every player's networks."""
    def scores(self) -> List[Dict[str, Any]]:
        """Every player's score."""
    def result(self) -> Dict[str, Any]:
        """The map with its roads, networks and scores."""

PotionPart = Union[Tuple[str, Optional[int]], Dict[str, Any]]

class Recipe:
    """A witches board's secret recipe: the clue, and potions brewed on it."""
    def __init__(self, seed: str, *, preset: Optional[str] = ..., **params: Any) -> None: ...
    @property
    def clue(self) -> Dict[str, Any]:
        """The free clue, the recipe's length, the seeds allowed, the ingredients and the effects' rules."""
    def brew(self, potion: Sequence[PotionPart]) -> Dict[str, Any]:
        """``undergrown``, ``overgrown``, ``feedback`` and ``won``."""
    def reveal(self) -> Dict[str, Any]:
        """The whole recipe, as ``--reveal`` prints it."""

def graph(board: Dict[str, Any]) -> Graph:
    """A universe board's nodes and edges as a graph."""

def ship_grid(board: Dict[str, Any]) -> ShipGrid:
    """A starship board's tile grid: tiles, parts, walkable tiles and walks."""
