"""What one search may spend, read once from its :class:`Limits`, and the randomised choice at the
end: the search's bookkeeping of its limits (game/search/engine.py)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.search.limits import MATE_BOUND, Limits, Randomness
from game.search.timeman import TimeManager, unsettled

CHECK_EVERY = 256  # nodes between two looks at the clock and the stop signal
FIRST_LOOK = 16  # a timed search reads the clock this early (a slow rule set's 256 nodes take long)


def stop_callable(stop: Any) -> Callable[[], bool] | None:
    """``Limits.stop`` as a callable: an Event-like object's ``is_set`` or the callable itself."""
    if stop is None:
        return None
    if hasattr(stop, "is_set"):
        is_set: Callable[[], bool] = stop.is_set
        return is_set
    if callable(stop):
        call: Callable[[], bool] = stop
        return call
    raise TypeError("stop must be an Event-like object or a callable")


@dataclass
class Budget:
    """The time plan, the stop signal, the node limit and the deepest iteration of one search."""

    timer: TimeManager
    stop: Callable[[], bool] | None
    nodes: int | None
    max_depth: int

    @classmethod
    def of(cls, limits: Limits | None, clock: Callable[[], float], deepest: int) -> Budget:
        """The budget of ``limits`` (None: no limit at all) for a search that can go ``deepest`` plies."""
        limits = limits or Limits()
        return cls(
            TimeManager(clock, limits.movetime, limits.deadline, limits.soft),
            stop_callable(limits.stop),
            limits.nodes,
            min(limits.depth or deepest, deepest),
        )

    @property
    def first_check(self) -> int:
        """Nodes before the first look at the limits (at once under a smaller node limit; soon when
        timed, then as often as the speed seen so far says, see Engine._check)."""
        first = CHECK_EVERY if self.timer.deadline is None else FIRST_LOOK
        return first if self.nodes is None else min(first, self.nodes)

    def another_depth(self, nodes: int, was: tuple[int, int] | None, now: tuple[int, int]) -> bool:
        """After a completed depth (``was`` and ``now``: best move and score before and after it):
        may the next one start? Not when the time plan says no or the nodes are spent."""
        if not self.timer.next_iteration(unsettled(was, now)):
            return False
        return self.nodes is None or nodes < self.nodes

    def elapsed(self) -> float:
        return self.timer.clock() - self.timer.start


def per_second(nodes: int, seconds: float) -> int:
    """Nodes a second (never a division by zero)."""
    return int(nodes / max(seconds, 1e-6))


def choose(
    scores: dict[int, int],
    best_move: int,
    best: int,
    randomness: Randomness | None,
    rng: random.Random | None,
) -> int:
    """The move to play: the best, or with ``randomness`` (and a score that is not a forced result)
    one within its margin chosen with softmax weights (deterministic per ``rng``)."""
    if not randomness or not scores or abs(best) >= MATE_BOUND:
        return best_move
    candidates = sorted(c for c, s in scores.items() if s >= best - randomness.margin and s > -MATE_BOUND)
    if not candidates:
        return max(scores, key=lambda c: scores[c])
    weights = [math.exp((scores[c] - best) / max(randomness.temperature, 1e-6)) for c in candidates]
    return (rng or random.Random()).choices(candidates, weights)[0]
