"""The refutation of a wrong puzzle turn, found without freezing the window.

Most refutations take the prover a few milliseconds, so they are found at once within a small
budget; a larger one goes to a background process (spawned once, on first need) and the screen
polls for it each frame.
"""

from __future__ import annotations

import multiprocessing as mp
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from game.move import Move
from game.puzzles.prover import ProofTooLarge
from game.puzzles.trainer import Attempt, refutation

AT_ONCE = 12_000  # actions the prover may make in the frame (about 20 ms for Khet)


class Refuter:
    """Finds the reply that refutes the player's wrong turn; :meth:`poll` gives it once ready."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._future: Future[list[int]] | None = None
        self._ready: list[Move] | None = None

    def start(self, attempt: Attempt) -> None:
        """Look for the refutation of the turn just made on ``attempt.position``."""
        self.cancel()
        puzzle = attempt.puzzle
        args = (
            puzzle.variant,
            puzzle.fen,
            [m.code for m in attempt.position.history],
            puzzle.theme,
            attempt.solver_turns_left,
        )
        try:
            self._ready = [Move.from_code(c) for c in refutation(*args, budget=AT_ONCE, strict=True)]
            return
        except ProofTooLarge:
            pass
        try:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=mp.get_context("spawn"))
            self._future = self._pool.submit(refutation, *args)
        except (BrokenProcessPool, OSError, RuntimeError):
            self._ready = [Move.from_code(c) for c in refutation(*args, budget=AT_ONCE * 4)]

    def poll(self) -> list[Move] | None:
        """The refuting reply (possibly empty: nothing to show) once found, else None."""
        if self._ready is not None:
            ready, self._ready = self._ready, None
            return ready
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        try:
            return [Move.from_code(c) for c in future.result()]
        except Exception:  # the process died: the player still gets to retry
            self._pool = None
            return []

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._ready = None

    def close(self) -> None:
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
