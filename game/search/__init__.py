"""The CPU opponent: search engine, evaluation, difficulty levels and a worker process for the GUI."""

from game.search.engine import (
    MATE,
    MATE_BOUND,
    Engine,
    Limits,
    Progress,
    Randomness,
    SearchOptions,
    SearchResult,
    format_score,
)

__all__ = [
    "MATE",
    "MATE_BOUND",
    "Engine",
    "Limits",
    "Progress",
    "Randomness",
    "SearchOptions",
    "SearchResult",
    "format_score",
]
