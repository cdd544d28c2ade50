"""One asynchronous adapter over the :class:`game.opponents.Opponent` protocol, for the game screen.

``choose(position)`` is a call that may take seconds; a screen cannot wait for it. An
:class:`AsyncOpponent` is asked with :meth:`~AsyncOpponent.start` and answers through
:meth:`~AsyncOpponent.poll`, called every frame:

* our search (:class:`game.opponents.SearchOpponent`) runs in the controller's worker process
  (one per game: the CPU's turns and the hint share it), reporting each completed depth;
* any other opponent (a Lousy Chess scripted engine: instant) is asked in this process once its
  delay is over, so a person sees the reply arrive rather than appear with their own move.

The CPU sides of a game and the hint are all AsyncOpponents: one way to get a move, however it is made.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game.move import Move
from game.opponents import Opponent, SearchOpponent
from game.position import Position
from game.search.limits import Limits, Progress, SearchResult
from game.search.worker import SearchWorker, WorkerError


@dataclass(frozen=True)
class Reply:
    """What an opponent answered: a move (None: it has none), its score (our search's, from its
    own point of view), or why it could not answer."""

    move: Move | None
    score: int | None = None
    error: str | None = None


class AsyncOpponent:
    """An opponent asked without waiting (see the module docstring)."""

    def __init__(
        self,
        opponent: Opponent,
        worker: Callable[[], SearchWorker] | None = None,
        delay: float = 0.0,
        limits: Limits | None = None,
        seed: int | None = None,
    ) -> None:
        """``worker`` gives the shared search process (our search needs one); ``delay`` is the
        pause before an in-process opponent answers; ``limits`` refine a search level's."""
        self.opponent = opponent
        self._worker = worker
        self.delay = delay
        self.limits = limits
        self.rng = random.Random(seed)
        self.progress: Progress | None = None  # the search's last completed depth
        self._position: Position | None = None
        self._wait = 0.0
        self._searching = False

    @property
    def in_worker(self) -> bool:
        return isinstance(self.opponent, SearchOpponent) and self._worker is not None

    @property
    def busy(self) -> bool:
        """Asked and not yet answered."""
        return self._searching or self._position is not None

    def start(self, position: Position, delay: float | None = None) -> None:
        """Ask for the side to move's next action in ``position`` (a copy is kept)."""
        self.cancel()
        self.progress = None
        if self.in_worker:
            assert self._worker is not None and isinstance(self.opponent, SearchOpponent)
            seed = self.rng.randrange(2**30)
            self._worker().start(position, level=self.opponent.level, limits=self.limits, seed=seed)
            self._searching = True
        else:
            self._position = position.copy()
            self._wait = self.delay if delay is None else delay

    def poll(self, dt: float) -> Reply | None:
        """The answer once it has come (None while waiting); ``dt`` is the frame's time."""
        if self._position is not None:
            self._wait -= dt
            if self._wait > 0:
                return None
            position, self._position = self._position, None
            try:
                return Reply(self.opponent.choose(position))
            except Exception as exc:  # noqa: BLE001 - an opponent's failure is shown, not raised
                return Reply(None, error=f"{type(exc).__name__}: {exc}")
        if not self._searching or self._worker is None:
            return None
        for item in self._worker().poll():
            if isinstance(item, Progress):
                self.progress = item
            elif isinstance(item, SearchResult):
                self._searching = False
                move = Move.from_code(item.move) if item.move is not None else None
                return Reply(move, item.score)
            elif isinstance(item, WorkerError):
                self._searching = False
                return Reply(None, error=item.message)
        return None

    def cancel(self) -> None:
        """Forget the question (a search in the worker is stopped)."""
        if self._searching and self._worker is not None:
            self._worker().cancel()
        self._searching = False
        self._position = None
        self.progress = None
