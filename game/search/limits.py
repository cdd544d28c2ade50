"""The search's value types: limits, options, progress reports and results (plain data).

They live apart from the engine as plain Python classes: they are pickled to and from the search
worker process.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

MATE = 100_000
MATE_BOUND = MATE - 1_000  # scores beyond this are wins/losses by distance


@dataclass(frozen=True)
class SearchOptions:
    """Feature switches; tests turn the selective parts off to compare with plain minimax."""

    quiescence: bool = True
    null_move: bool = True
    lmr: bool = True
    futility: bool = True
    extensions: bool = True
    aspiration: bool = True
    move_count_pruning: bool = True
    lmr_late: int = 12  # quiet moves after this many are reduced by two plies (three after 3x at depth 6+)
    lmr_hot_after: int = 3  # beam-touching moves are reduced (by one ply) only after this many moves
    qsearch_depth: int = 6
    tt_entries: int = 1_000_000


@dataclass(frozen=True)
class Limits:
    """When to stop: any limit that is set ends the search (the last completed depth counts)."""

    depth: int | None = None
    nodes: int | None = None
    movetime: float | None = None  # seconds for this move
    deadline: float | None = None  # absolute value of the engine's clock (time.monotonic() by default)
    stop: Any = None  # an Event-like object with is_set(), or a callable returning True to stop
    # Seconds the time plan aims at (a game clock's share): no iteration is begun that is not
    # expected to fit; without it the time up to the hard stop (movetime, deadline) is all used.
    soft: float | None = None

    def __post_init__(self) -> None:
        # None is the one spelling of "no limit": a 0 that the search read as falsy searched forever.
        for name in ("depth", "nodes"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
                raise ValueError(
                    f"Limits: {name} must be a whole number of at least 1 (None: no limit), not {value!r}"
                )
        for name in ("movetime", "deadline", "soft"):
            value = getattr(self, name)
            if value is None:
                continue
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
                raise ValueError(
                    f"Limits: {name} must be a finite number of seconds (None: no limit), not {value!r}"
                )
        for name in ("movetime", "soft"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise ValueError(f"Limits: {name} must not be negative, not {value!r}")


@dataclass(frozen=True)
class Randomness:
    """Controlled weakness: choose among root moves within ``margin`` of the best, weighted by
    ``exp((score - best) / temperature)``; moves that lose by force are never chosen if others exist."""

    margin: int = 0
    temperature: float = 1.0
    # Blind to set-ups: quiescence does not try the variant's threat actions (Laser Chess 1987's
    # move-then-fire), so the opponent's two-action shots are seen only by the search's own depth.
    blind: bool = False
    # Stops at its depth with the static evaluation: no quiescence at all.
    shallow: bool = False


@dataclass(frozen=True)
class Progress:
    """Reported after every completed depth."""

    depth: int
    score: int
    pv: tuple[str, ...]
    nodes: int
    seconds: float
    nps: int

    def describe(self) -> str:
        return (
            f"depth {self.depth:2d}  score {format_score(self.score):>8}  nodes {self.nodes:9,d}  "
            f"{self.seconds:7.2f} s  {self.nps:7,d} n/s  pv {' '.join(self.pv)}"
        )


@dataclass(frozen=True)
class SearchResult:
    """The chosen move (code and text; None only when there is no legal move) and how it was found."""

    move: int | None
    move_text: str | None
    score: int
    depth: int
    pv: tuple[str, ...]
    nodes: int
    seconds: float
    nps: int
    stopped: bool = False  # a limit other than depth ended the search mid-iteration
    best_move: int | None = None  # the search's own best (differs from move when randomness chose)
    root_scores: dict[int, int] = field(default_factory=dict)


def format_score(score: int) -> str:
    """``+1.25`` in Pyramids, or ``win in 3`` / ``loss in 2`` (plies) for decided positions."""
    if score >= MATE_BOUND:
        return f"win{MATE - score}"
    if score <= -MATE_BOUND:
        return f"loss{MATE + score}"
    return f"{score / 100:+.2f}"
