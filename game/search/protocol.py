"""The engine line protocol: a text conversation on stdin/stdout, UCI's commands for every rule set.

It is how outside programs drive the engine (``python -m game engine``) and how ``match`` plays
any program that speaks it (``--white-cmd``). One command per line; the engine answers only
where noted; unknown or malformed lines get an ``info string error ...`` line and change nothing.

================================================  ===============================================
client sends                                      engine answers
================================================  ===============================================
``uci`` (or ``protocol``)                         ``id name ...``, ``id author ...``,
                                                  ``option name UCI_Variant ...``, then ``uciok``
                                                  (``protocolok``)
``isready``                                       ``readyok`` (once any running command is done)
``ucinewgame`` (or ``newgame``)                   (forgets its tables)
``setoption name UCI_Variant value V``            (``position startpos``/``fen`` now mean rule set V)
``position [variant V] startpos|setup NAME|fen    (sets the position: the moves are played from
FEN... [moves M1 M2 ...]``                        the start, so repetitions and Ko are known)
``go [wtime MS] [btime MS] [winc MS] [binc MS]    ``info depth D score cp S ... nodes N time MS
[movestogo N] [movetime MS] [depth N] [nodes N]   nps N pv M1 M2 ...`` after every depth, then
[infinite]``                                      ``bestmove M`` (``bestmove none``: game over)
``stop``                                          ends a running ``go`` at once (its bestmove
                                                  follows)
``quit``                                          stops and exits
================================================  ===============================================

Scores: ``cp S`` in centi-units (a Pyramid or Pawn is about 100); a decided game is ``win N`` /
``loss N`` plies after ``protocol``, ``mate N`` / ``mate -N`` full moves after ``uci``.

Moves and positions are written as the game writes them (docs/rules/*.md and docs/engine.md list
every rule set's forms): ``i5j6``, ``j5R`` (Khet, Leiserchess), ``h2h3g4`` (Leiserchess 2018's
second square), ``d2-d4``, ``e7-e8=Q`` (Lousy Chess), ``d1*`` fire, ``c4>E`` rotate to (LaserChess 98,
Laser Chess 1987), ``e4e5@c7`` (a chance outcome: in a ``position`` line the outcome the game drew;
``bestmove`` names the decision ``e4e5`` and the game draws the outcome). A turn of several actions
(LaserChess 98, Laser Chess 1987) is asked for action by action: ``bestmove`` is the next action.

Time: ``movetime`` is used to 90-98 % and never passed; with a clock (``wtime``/``btime``) the
engine plans its share of the time left. ``bestmove`` is written before any clean-up (Python's cycle
collector runs after it). This module uses only the public API every version of the engine has
(``make_engine(variant)``, ``search``, ``Limits``, ``Position``), so ``tools/engine_from.py`` can
serve an older checkout with it. Each ``go`` first sends ``info string core native`` or ``info string
core python``: the core that searches (the C extension or pure Python; docs/engine.md).
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import queue
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from game.limits import is_ascii_digits, shown
from game.position import Position
from game.search import make_engine
from game.search.collector import collector_paused
from game.search.limits import MATE, MATE_BOUND, Limits, Progress
from game.search.timeman import safety_margin

NAME = "Laser Chess engine"
AUTHOR = "the Laser Chess project"
CLOCK_KEYS = ("wtime", "btime", "winc", "binc", "movestogo")
NUMBER_KEYS = ("depth", "nodes", "movetime", *CLOCK_KEYS)
MOVES_TO_GO = 30  # a clock without movestogo is planned as if this many moves were left
OVERHEAD = 0.03  # seconds kept back from a clock for reading, answering and the opponent's side


def score_text(score: int, uci: bool = False) -> str:
    """``cp 35``, ``win 3`` or ``loss 2`` (plies to the end); UCI's ``mate 2`` / ``mate -1`` (moves)."""
    if abs(score) < MATE_BOUND:
        return f"cp {score}"
    plies = MATE - abs(score)
    if uci:
        moves = (plies + 1) // 2
        return f"mate {moves if score > 0 else -moves}"
    return f"win {plies}" if score > 0 else f"loss {plies}"


def parse_score(words: list[str]) -> int:
    """The inverse of :func:`score_text` on its words (``["cp", "35"]``, ``["mate", "-2"]``)."""
    kind, value = words[0], int(words[1])
    if kind == "win":
        return MATE - value
    if kind == "loss":
        return -(MATE - value)
    if kind == "mate":
        return MATE - (2 * value - 1) if value > 0 else -(MATE - 2 * -value)
    return value


def parse_position(line: str, default_variant: str = "khet") -> Position:
    """The position a ``position ...`` line describes (raises ValueError or the game's errors)."""
    words = line.split()
    if not words or words[0] != "position":
        raise ValueError("not a position command")
    variant = default_variant
    i = 1
    if i < len(words) and words[i] == "variant":
        if i + 1 >= len(words):
            raise ValueError("variant needs a name")
        variant = words[i + 1]
        i += 2
    if i >= len(words):
        raise ValueError("position needs setup NAME, startpos or fen FEN")
    moves_at = words.index("moves") if "moves" in words[i:] else len(words)
    kind = words[i]
    if kind == "startpos":
        pos = Position.setup(None, variant)
    elif kind == "setup":
        name = " ".join(words[i + 1 : moves_at])
        if not name:
            raise ValueError("setup needs a name")
        pos = Position.setup(name, variant)
    elif kind == "fen":
        fen = " ".join(words[i + 1 : moves_at])
        if not fen:
            raise ValueError("fen needs a position string")
        pos = Position.from_fen(fen, variant)
    else:
        raise ValueError(f"unknown position kind {shown(kind, 20)}: use setup, startpos or fen")
    for text in words[moves_at + 1 :]:
        pos.push(pos.parse_move(text))
    return pos


@dataclass(frozen=True)
class Go:
    """The limits a ``go`` line names (milliseconds as given; None where not given)."""

    depth: int | None = None
    nodes: int | None = None
    movetime: int | None = None
    wtime: int | None = None
    btime: int | None = None
    winc: int | None = None
    binc: int | None = None
    movestogo: int | None = None

    def limits(self, turn: int, received: float, stop: Any = None) -> Limits:
        """The search limits for the side ``turn`` to move, timed from ``received`` (the clock
        value when the line was read: the time to answer counts from there)."""
        deadline = soft = None
        if self.movetime is not None:
            seconds = self.movetime / 1000
            deadline = received + max(0.0, seconds - safety_margin(seconds))
        own = self.wtime if turn == 0 else self.btime
        if own is not None:
            inc = (self.winc if turn == 0 else self.binc) or 0
            planned, hard = clock_plan(own / 1000, inc / 1000, self.movestogo)
            deadline = received + hard if deadline is None else min(deadline, received + hard)
            soft = planned
        return _limits(self.depth, self.nodes, deadline, soft, stop)


def clock_plan(left: float, inc: float, moves_to_go: int | None) -> tuple[float, float]:
    """(seconds to aim at, seconds never to pass) for one move with ``left`` on the clock: an even
    share of what is left over the moves to go plus most of the increment; the hard stop allows
    four times that share when the search is unsettled, but never a quarter of the clock."""
    usable = max(0.0, left - OVERHEAD)
    share = usable / max(1, moves_to_go or MOVES_TO_GO) + 0.8 * inc
    hard = min(4 * share, 0.25 * usable + 0.8 * inc, usable)
    return min(share, hard), hard


def _limits(
    depth: int | None, nodes: int | None, deadline: float | None, soft: float | None, stop: Any
) -> Limits:
    """Limits with a soft budget where this checkout's Limits has one (an older checkout served
    by tools/engine_from.py stops at the hard deadline only)."""
    if soft is not None and "soft" in {f.name for f in dataclasses.fields(Limits)}:
        return Limits(depth=depth, nodes=nodes, deadline=deadline, stop=stop, soft=soft)  # type: ignore[call-arg,unused-ignore]
    return Limits(depth=depth, nodes=nodes, deadline=deadline, stop=stop)


def parse_go(words: list[str]) -> Go:
    """The limits of a ``go`` line's words (after ``go``); no limit at all means until ``stop``."""
    values: dict[str, int] = {}
    i = 0
    while i < len(words):
        key = words[i]
        if key in ("infinite", "ponder"):
            i += 1
            continue
        if key not in NUMBER_KEYS or i + 1 >= len(words):
            raise ValueError(f"go: unknown or incomplete limit {shown(key, 20)}")
        number = words[i + 1]
        if not is_ascii_digits(number.removeprefix("-")) or len(number) > 12:
            raise ValueError(f"go: {key} needs a whole number, not {shown(number, 20)}")
        value = int(number)
        lowest = 1 if key in ("depth", "nodes", "movestogo") else 0
        if value < lowest and not (key in ("wtime", "btime") and value < 0):
            raise ValueError(f"go: {key} must be {'positive' if lowest else 'zero or more'}")
        values[key] = max(0, value)  # a clock already run out (negative) plans with nothing left
        i += 2
    return Go(**values)


class EngineSession:
    """One protocol conversation: reads commands, runs searches in a thread, writes answers."""

    def __init__(
        self,
        out: IO[str] | None = None,
        engine: Any = None,
        clock: Callable[[], float] = time.monotonic,
        weights: Any = None,
    ) -> None:
        self.out = out if out is not None else sys.stdout
        self.engines: dict[str, Any] = {}  # one engine per rule set, each keeps its tables
        self.fixed_engine = engine  # a given engine plays every rule set (tests)
        self.weights = weights  # (rule set, its evaluation weights) for that rule set's engine
        self.clock = clock
        self.variant = "khet"  # what startpos and fen mean (setoption name UCI_Variant)
        self.position = Position.setup(None, "khet")
        self.uci = False  # UCI's score words (mate N) after a ``uci`` handshake
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._bounded = False  # the running search has a limit of its own (EOF waits for it)

    def send(self, line: str) -> None:
        with self._lock:
            self.out.write(line + "\n")
            self.out.flush()

    def _wait(self) -> None:
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def stop(self) -> None:
        """End a running search (its bestmove is sent) and wait for it."""
        self._stop.set()
        self._wait()

    def engine(self, position: Position) -> Any:
        """The engine that plays ``position``'s rule set (made on first use)."""
        if self.fixed_engine is not None:
            return self.fixed_engine
        name = position.variant.name
        if name not in self.engines:
            own = self.weights is not None and self.weights[0] == name
            engine = make_engine(position.variant, self.weights[1] if own else None)
            engine.clock = self.clock  # deadlines are read on the session's clock
            self.engines[name] = engine
        return self.engines[name]

    def handle(self, line: str) -> bool:
        """Obey one line; False after ``quit``."""
        received = self.clock()
        words = line.split()
        if not words:
            return True
        cmd = words[0]
        try:
            if cmd == "quit":
                self.stop()
                return False
            self._command(cmd, words, line, received)
        except Exception as exc:  # a bad line never ends the session
            self.send(f"info string error {shlex.quote(str(exc))}")
        return True

    def _command(self, cmd: str, words: list[str], line: str, received: float) -> None:
        if cmd == "stop":
            self.stop()
        elif cmd == "isready":
            self.send("readyok")
        elif cmd in ("uci", "protocol"):
            self.uci = cmd == "uci"
            self.send(f"id name {NAME}")
            self.send(f"id author {AUTHOR}")
            if self.uci:
                self.send(f"option name UCI_Variant type string default {self.variant}")
            self.send("uciok" if self.uci else "protocolok")
        elif cmd in ("ucinewgame", "newgame"):
            self.stop()
            for engine in [*self.engines.values(), self.fixed_engine]:
                if engine is not None:
                    engine.clear()
        elif cmd == "setoption":
            self._set_option(words)
        elif cmd == "position":
            position = parse_position(line, self.variant)
            self.stop()
            self.position = position
        elif cmd == "go":
            go = parse_go(words[1:])
            self.stop()
            self._go(go, received)
        else:
            self.send(f"info string error unknown command {shown(cmd, 20)}")

    def _set_option(self, words: list[str]) -> None:
        """``setoption name UCI_Variant value V``: the rule set ``startpos`` and ``fen`` mean."""
        if len(words) != 5 or words[1] != "name" or words[3] != "value":
            raise ValueError("setoption: write setoption name NAME value VALUE")
        if words[2].lower() != "uci_variant":
            raise ValueError(f"setoption: unknown option {shown(words[2], 20)} (there is UCI_Variant)")
        position = Position.setup(None, words[4])  # checks the name (KeyError names the rule sets)
        self.stop()
        self.variant = position.variant.name
        self.position = position

    def _go(self, go: Go, received: float) -> None:
        self._stop.clear()
        self._bounded = any(v is not None for v in dataclasses.astuple(go))
        pos = self.position.copy(history=True)
        limits = go.limits(pos.turn, received, self._stop)
        engine = self.engine(pos)

        def report(p: Progress) -> None:
            self.send(
                f"info depth {p.depth} score {score_text(p.score, self.uci)} nodes {p.nodes} "
                f"time {int(p.seconds * 1000)} nps {p.nps} pv {' '.join(p.pv)}"
            )

        def run() -> None:
            with collector_paused():  # (bestmove first; the collector's work after it)
                try:
                    self.send(f"info string core {getattr(engine, 'core', 'python')}")
                    result = engine.search(pos, limits, report)
                    self.send(f"bestmove {result.move_text or 'none'}")
                except Exception as exc:  # the client must still get an answer
                    self.send(f"info string error {shlex.quote(f'{type(exc).__name__}: {exc}')}")
                    self.send("bestmove none")
            gc.collect()  # while the opponent thinks, not during our next answer

        self._thread = threading.Thread(target=run, name="engine-search", daemon=True)
        self._thread.start()

    def run(self, lines: IO[str] | None = None) -> int:
        """Serve until ``quit`` or the end of input."""
        source = lines if lines is not None else sys.stdin
        for line in source:
            if not self.handle(line.strip()):
                return 0
        if self._bounded:
            self._wait()  # a scripted session piped in: let its last search finish
        self.stop()
        return 0


def main(weights: Any = None) -> int:
    """``python -m game engine``: speak the protocol on stdin/stdout."""
    return EngineSession(weights=weights).run()


class EngineProcessError(Exception):
    """The engine program died, said something unexpected or did not answer in time."""


class EngineProcess:
    """A program that speaks this protocol, run as a child process (``match --white-cmd``).

    Every wait has a timeout; the process is killed on :meth:`close` (also on ``with`` exit).
    """

    def __init__(self, command: str, timeout: float = 30.0) -> None:
        self.command = command
        try:
            self.proc = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except (OSError, ValueError) as exc:
            raise EngineProcessError(f"cannot start {command!r}: {exc}") from exc
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.name = command
        self.send("protocol")
        for line in self._until("protocolok", timeout):
            if line.startswith("id name "):
                self.name = line[8:].strip()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def send(self, line: str) -> None:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError) as exc:
            code = self._exit_code()
            if code is not None:  # a broken pipe: the program is gone, say so in those words
                raise EngineProcessError(f"{self.name}: the engine exited (code {code})") from exc
            raise EngineProcessError(f"{self.name}: cannot write to the engine ({exc})") from exc

    def _exit_code(self) -> int | None:
        """The program's exit status once it has exited (waiting a moment for it), else None."""
        try:
            return self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return None

    def _until(self, word: str, timeout: float) -> list[str]:
        end = time.monotonic() + timeout
        got: list[str] = []
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                raise EngineProcessError(f"{self.name}: no {word!r} within {timeout:g} s") from None
            if line is None:
                raise EngineProcessError(f"{self.name}: the engine exited (code {self.proc.poll()})")
            got.append(line)
            if line.split()[:1] == [word]:
                return got

    def search(self, position_line: str, limits: Limits, timeout: float) -> tuple[str | None, dict[str, str]]:
        """Send the position and ``go``; return the best move text (None: no move) and the last info."""
        self.send(position_line)
        go = ["go"]
        if limits.depth is not None:
            go += ["depth", str(limits.depth)]
        if limits.nodes is not None:
            go += ["nodes", str(limits.nodes)]
        if limits.movetime is not None:
            go += ["movetime", str(int(limits.movetime * 1000))]
        self.send(" ".join(go))
        lines = self._until("bestmove", timeout)
        info: dict[str, str] = {}
        for line in lines:
            words = line.split()
            if words[:1] == ["info"] and "depth" in words:
                info = {words[i]: words[i + 1] for i in range(1, len(words) - 1) if words[i] in INFO_KEYS}
        words = lines[-1].split()
        move = words[1] if len(words) > 1 and words[1] not in ("none", "(none)", "0000") else None
        return move, info

    def close(self) -> None:
        """Ask the program to quit; kill it if it has not within a second."""
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=1.0)
            except (EngineProcessError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait(timeout=5.0)
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def __enter__(self) -> EngineProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


INFO_KEYS = frozenset({"depth", "nodes", "time", "nps"})


def position_line(variant: str, setup: str | None, fen: str | None, moves: list[str]) -> str:
    """The ``position`` command for a game started from a setup (or a position string) and its moves."""
    start = f"setup {setup}" if setup is not None else f"fen {fen}"
    line = f"position variant {variant} {start}"
    return line + (" moves " + " ".join(moves) if moves else "")
