"""The CPU opponent: search engine, evaluation, difficulty levels and a worker process for the GUI.

>>> from game import Position
>>> from game.search import Engine, Limits
>>> Engine().search(Position.setup("Classic"), Limits(depth=2)).depth
2
"""

from game.search.engine import Engine, make_engine
from game.search.evaluate import Weights
from game.search.levels import LEVELS, Level, get_level
from game.search.limits import (
    MATE,
    MATE_BOUND,
    Limits,
    Progress,
    Randomness,
    SearchOptions,
    SearchResult,
    format_score,
)
from game.search.worker import GameState, SearchWorker, WorkerError

__all__ = [
    "LEVELS",
    "MATE",
    "MATE_BOUND",
    "Engine",
    "GameState",
    "Level",
    "Limits",
    "Progress",
    "Randomness",
    "SearchOptions",
    "SearchResult",
    "SearchWorker",
    "Weights",
    "WorkerError",
    "format_score",
    "get_level",
    "make_engine",
]
