"""Run the search in a separate process so the GUI never waits for it.

Usage from the GUI (all calls return at once)::

    worker = SearchWorker()                      # the process starts on first use
    worker.start(GameState.from_position(pos), level="Hard", seed=7)
    ...every frame...
    for item in worker.poll():                   # Progress, SearchResult or WorkerError
        ...
    worker.cancel()                              # new game / undo / resign: stops within ~25 ms
    worker.close()                               # on quit

* The worker is a daemon process started with the ``spawn`` method (safe next to pygame); it keeps
  its engine (transposition table) between moves of a game; :meth:`SearchWorker.new_game` clears it.
* :meth:`poll` returns the :class:`~game.search.engine.Progress` reports of the current search
  (one per completed depth), then its :class:`~game.search.engine.SearchResult`; items of a
  cancelled search are never returned.
* If the process dies (crash, killed, out of memory) while searching, :meth:`poll` returns a
  :class:`WorkerError` instead of hanging, and the next :meth:`start` launches a fresh process.
* :meth:`cancel` tells the search to stop (it checks every 1024 nodes, i.e. every ~25 ms); a
  worker that has not acknowledged within 100 ms is terminated and replaced. No call waits for a
  process to exit (terminated ones are collected, or killed, on later calls), so a frame never
  blocks on a worker.
* The worker exits as soon as its parent does, however the parent ends (see ``lifeline``).
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import threading
import time
import traceback
from dataclasses import dataclass, field, replace
from typing import Any

from game.position import Position
from game.search.collector import collector_paused
from game.search.engine import make_engine
from game.search.levels import Level, get_level
from game.search.lifeline import die_with_parent
from game.search.limits import Limits, Progress, SearchResult
from game.variants import get_variant

CANCEL_GRACE = 0.1  # seconds a cancelled search may take to acknowledge before the process is replaced
KILL_AFTER = 2.0  # seconds a terminated process may take to exit before it is killed


def _finish_off(proc: Any) -> None:
    """In a background thread: wait for a terminated process to exit, kill it if it will not."""
    with contextlib.suppress(OSError, ValueError, AssertionError):
        proc.join(KILL_AFTER)
        if proc.is_alive():
            proc.kill()
            proc.join(KILL_AFTER)


@dataclass(frozen=True)
class GameState:
    """What the worker needs to rebuild the position with its full history (repetitions, Ko)."""

    variant: str
    start_fen: str
    moves: tuple[int, ...] = ()  # move codes played since the start position
    options: dict[str, Any] = field(default_factory=dict)  # RuleOptions.to_json()

    @classmethod
    def from_position(cls, pos: Position) -> GameState:
        """The start position and moves of ``pos`` (its undo history is walked back on a copy)."""
        codes = [m.code for m in pos.history]
        start = pos.copy(history=True)
        while start.ply:
            start.pop()
        return cls(pos.variant.name, start.fen(), tuple(codes), pos.options.to_json())

    @classmethod
    def from_game(cls, game: Any) -> GameState:
        """From a :class:`game.record.Game` (moves in notation are replayed and checked here)."""
        return cls.from_position(game.position_at())

    def position(self) -> Position:
        options = get_variant(self.variant).options_type.from_json(self.options)
        pos = Position.from_fen(self.start_fen, self.variant, options)
        for code in self.moves:
            pos.push_code(code)
        return pos


@dataclass(frozen=True)
class WorkerError:
    """The search could not finish: the worker died or raised. ``message`` is for the player."""

    message: str
    details: str = ""


def _worker_main(conn: Any, cancelled: Any) -> None:
    """The worker process: answer search requests until told to quit (or the pipe closes)."""
    die_with_parent()
    engines: list[Any] = []  # the one engine (made on the first search), which keeps its tables
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        kind = msg[0]
        if kind == "quit":
            return
        if kind == "new_game":
            for engine in engines:
                engine.clear()
            continue
        if kind != "search":
            continue
        _, job, state, level, limits, seed = msg

        def stopped(job: int = job) -> bool:
            return bool(cancelled.value >= job)

        def report(progress: Progress, job: int = job) -> None:
            conn.send(("progress", job, progress))

        try:
            pos = state.position()
            if not engines:
                engines.append(make_engine(pos.variant))
            engine = engines[0]
            randomness = None
            rng = None
            if level is not None:
                lv = level if isinstance(level, Level) else get_level(level)
                base = lv.limits(variant=pos.variant)
                randomness = lv.randomness(pos.variant)
                rng = lv.rng(seed)
                if limits is None:
                    limits = base
                else:  # explicit limits refine the level's
                    limits = replace(
                        limits,
                        depth=limits.depth or base.depth,
                        movetime=limits.movetime if limits.movetime is not None else base.movetime,
                    )
            limits = replace(limits or Limits(), stop=stopped)
            with collector_paused():  # the result is sent before the collector catches up
                result = engine.search(pos, limits, report, randomness, rng)
                conn.send(("result", job, result))
        except Exception as exc:  # report, keep serving
            try:
                conn.send(("error", job, f"{type(exc).__name__}: {exc}", traceback.format_exc()))
            except (OSError, ValueError):
                return


class SearchWorker:
    """A search running in a child process; every method returns immediately (see module docs)."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._proc: Any = None
        self._conn: Any = None
        self._cancelled: Any = None
        self._job = 0
        self._active: int | None = None  # job whose results poll() returns
        self._draining: tuple[int, float] | None = None  # cancelled job not yet acknowledged
        self._last_cancelled = 0  # highest job number cancelled so far
        self._request: tuple[Any, ...] | None = (
            None  # the active job's request (re-sent if the process is replaced)
        )

    # ------------------------------------------------------------ process life
    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    @property
    def busy(self) -> bool:
        """A search is running whose result has not been returned yet."""
        return self._active is not None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def _launch(self) -> None:
        self._discard_process()
        parent, child = self._ctx.Pipe(duplex=True)
        self._cancelled = self._ctx.RawValue("q", 0)
        self._cancelled.value = self._last_cancelled
        self._proc = self._ctx.Process(
            target=_worker_main, args=(child, self._cancelled), name="laser-chess-search", daemon=True
        )
        self._proc.start()
        child.close()
        self._conn = parent
        self._draining = None

    def _discard_process(self) -> None:
        """Stop the process without waiting for it: a frame must never block (a stuck or stopped
        process could take a second or more to exit); a background thread finishes the job."""
        if self._proc is not None:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                self._proc.terminate()
            threading.Thread(target=_finish_off, args=(self._proc,), daemon=True).start()
        if self._conn is not None:
            self._conn.close()
        self._proc = None
        self._conn = None

    # ------------------------------------------------------------ requests
    def start(
        self,
        state: GameState | Position | Any,
        level: str | Level | None = None,
        limits: Limits | None = None,
        seed: int | None = None,
    ) -> int:
        """Start searching (cancelling any search still running); returns the job number.

        ``state`` is a :class:`GameState`, a :class:`Position` (its history is sent along) or a
        :class:`game.record.Game`. Give a ``level`` name, explicit ``limits`` (no stop signal:
        use :meth:`cancel`), or both (the limits refine the level's).
        """
        if isinstance(state, Position):
            state = GameState.from_position(state)
        elif not isinstance(state, GameState):
            state = GameState.from_game(state)
        if limits is not None and limits.stop is not None:
            limits = replace(limits, stop=None)
        self.cancel()
        self._drain()  # settles (or replaces) a cancelled search before the new request goes out
        self._job += 1
        self._active = self._job
        self._request = ("search", self._job, state, level, limits, seed)
        if not self.alive:
            self._launch()
        self._send_request()
        return self._job

    def _send_request(self) -> None:
        try:
            self._conn.send(self._request)
        except (OSError, ValueError):
            self._launch()
            self._conn.send(self._request)

    def cancel(self) -> None:
        """Stop the current search; its progress and result will not be returned."""
        if self._active is None:
            return
        job = self._active
        self._active = None
        self._request = None
        self._last_cancelled = job
        if self._cancelled is not None:
            self._cancelled.value = job
        self._draining = (job, time.monotonic())

    def new_game(self) -> None:
        """Cancel any search and clear what the engine learned (transposition table, history)."""
        self.cancel()
        if self.alive:
            try:
                self._conn.send(("new_game",))
            except (OSError, ValueError):
                self._discard_process()

    def wait_idle(self, timeout: float = 1.0) -> bool:
        """Block until a cancelled search has acknowledged (True) or been replaced; for tests and quit."""
        end = time.monotonic() + timeout
        while self._draining is not None and time.monotonic() < end:
            self.poll()
            if self._draining is not None:
                time.sleep(0.005)
        return self._draining is None

    def close(self) -> None:
        """Stop everything and end the process (call on quit)."""
        self.cancel()
        if self.alive:
            with contextlib.suppress(OSError, ValueError):
                self._conn.send(("quit",))
        self._discard_process()
        self._active = None
        self._draining = None

    # ------------------------------------------------------------ results
    def _drain(self) -> list[tuple[Any, ...]]:
        """Read every waiting message: drop a cancelled job's, return the active job's.

        A cancelled search that has not acknowledged within CANCEL_GRACE gets its process
        replaced (and the active request, if any, is sent to the new one).
        """
        mine: list[tuple[Any, ...]] = []
        if self._conn is not None:
            try:
                while self._conn.poll():
                    msg = self._conn.recv()
                    job = msg[1]
                    if self._draining is not None and job == self._draining[0]:
                        if msg[0] in ("result", "error"):
                            self._draining = None
                    elif job == self._active:
                        mine.append(msg)
            except (EOFError, OSError):
                pass
        if self._draining is not None and (
            not self.alive or time.monotonic() - self._draining[1] > CANCEL_GRACE
        ):
            self._discard_process()
            self._draining = None
            if self._active is not None and self._request is not None:
                self._launch()
                self._send_request()
        return mine

    def poll(self) -> list[Progress | SearchResult | WorkerError]:
        """Everything the current search reported since the last call (never blocks)."""
        out: list[Progress | SearchResult | WorkerError] = []
        for msg in self._drain():
            kind = msg[0]
            if kind == "progress":
                out.append(msg[2])
            elif kind == "result":
                out.append(msg[2])
                self._active = None
            elif kind == "error":
                out.append(WorkerError(f"the CPU player failed: {msg[2]}", msg[3]))
                self._active = None
        if self._active is not None and not self.alive:
            code = self._proc.exitcode if self._proc is not None else None
            self._active = None
            self._request = None
            self._discard_process()
            out.append(WorkerError(f"the CPU player stopped unexpectedly (exit code {code})"))
        return out

    def __enter__(self) -> SearchWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()
