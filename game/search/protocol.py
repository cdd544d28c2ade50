"""The engine line protocol: a text conversation on stdin/stdout in the spirit of UCI and KEI.

It is how outside programs drive the engine (``python -m game engine``) and how ``match`` plays
any program that speaks it (``--white-cmd``). One command per line; the engine answers only
where noted; unknown or malformed lines get an ``info string error ...`` line and change nothing.

==============================================  ===============================================
client sends                                    engine answers
==============================================  ===============================================
``protocol``                                    ``id name ...``, ``id author ...``, ``protocolok``
``isready``                                     ``readyok`` (once any running command is done)
``newgame``                                     (forgets its tables)
``position [variant V] setup NAME|startpos|fen  (sets the position: the moves are played from
FEN... [moves M1 M2 ...]``                      the start, so repetitions are known)
``go [depth N] [nodes N] [movetime MS]          ``info depth D score cp S|win N|loss N nodes N
[infinite]``                                    time MS nps N pv M1 M2 ...`` after every depth,
                                                then ``bestmove M`` (``bestmove none`` when the
                                                game is over)
``stop``                                        ends a running ``go`` at once (its bestmove
                                                follows)
``quit``                                        stops and exits
==============================================  ===============================================

Moves are in the game's notation (``i5j6``, ``j5R``). ``go`` with no limit searches until ``stop``.
This module uses only the public API that every version of the engine has (``Engine.search``,
``Limits``, ``Position``), so ``tools/engine_from.py`` can serve an older checkout with it.
"""

from __future__ import annotations

import contextlib
import queue
import shlex
import subprocess
import sys
import threading
import time
from typing import IO

from game.limits import is_ascii_digits, shown
from game.position import Position
from game.search.engine import Engine
from game.search.limits import MATE, MATE_BOUND, Limits, Progress

NAME = "Laser Chess engine"
AUTHOR = "the Laser Chess project"


def score_text(score: int) -> str:
    """``cp 35``, ``win 3`` or ``loss 2`` (plies to the end)."""
    if score >= MATE_BOUND:
        return f"win {MATE - score}"
    if score <= -MATE_BOUND:
        return f"loss {MATE + score}"
    return f"cp {score}"


def parse_score(words: list[str]) -> int:
    """The inverse of :func:`score_text` on its words (``["cp", "35"]``)."""
    kind, value = words[0], int(words[1])
    if kind == "win":
        return MATE - value
    if kind == "loss":
        return -(MATE - value)
    return value


def parse_position(line: str) -> Position:
    """The position a ``position ...`` line describes (raises ValueError or the game's errors)."""
    words = line.split()
    if not words or words[0] != "position":
        raise ValueError("not a position command")
    variant = "khet"
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


def parse_go(words: list[str]) -> Limits:
    """The limits of a ``go`` line's words (after ``go``); no limit at all means until ``stop``."""
    depth = nodes = None
    movetime = None
    i = 0
    while i < len(words):
        key = words[i]
        if key == "infinite":
            i += 1
            continue
        if key not in ("depth", "nodes", "movetime") or i + 1 >= len(words):
            raise ValueError(f"go: unknown or incomplete limit {shown(key, 20)}")
        number = words[i + 1]
        if not is_ascii_digits(number.removeprefix("-")) or len(number) > 12:
            raise ValueError(f"go: {key} needs a whole number, not {shown(number, 20)}")
        value = int(number)
        if value < (0 if key == "movetime" else 1):
            raise ValueError(f"go: {key} must be positive")
        if key == "depth":
            depth = value
        elif key == "nodes":
            nodes = value
        else:
            movetime = value / 1000
        i += 2
    return Limits(depth=depth, nodes=nodes, movetime=movetime)


class EngineSession:
    """One protocol conversation: reads commands, runs searches in a thread, writes answers."""

    def __init__(self, out: IO[str] | None = None, engine: Engine | None = None) -> None:
        self.out = out if out is not None else sys.stdout
        self.engine = engine or Engine()
        self.position = Position.setup(None, "khet")
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

    def handle(self, line: str) -> bool:
        """Obey one line; False after ``quit``."""
        words = line.split()
        if not words:
            return True
        cmd = words[0]
        try:
            if cmd == "quit":
                self.stop()
                return False
            if cmd == "stop":
                self.stop()
            elif cmd == "isready":
                self.send("readyok")
            elif cmd == "protocol":
                self.send(f"id name {NAME}")
                self.send(f"id author {AUTHOR}")
                self.send("protocolok")
            elif cmd == "newgame":
                self.stop()
                self.engine.clear()
            elif cmd == "position":
                position = parse_position(line)
                self.stop()
                self.position = position
            elif cmd == "go":
                limits = parse_go(words[1:])
                self.stop()
                self._go(limits)
            else:
                self.send(f"info string error unknown command {shown(cmd, 20)}")
        except Exception as exc:  # a bad line never ends the session
            self.send(f"info string error {shlex.quote(str(exc))}")
        return True

    def _go(self, limits: Limits) -> None:
        self._stop.clear()
        self._bounded = limits.depth is not None or limits.nodes is not None or limits.movetime is not None
        pos = self.position.copy(history=True)
        limits = Limits(limits.depth, limits.nodes, limits.movetime, None, self._stop)

        def report(p: Progress) -> None:
            self.send(
                f"info depth {p.depth} score {score_text(p.score)} nodes {p.nodes} "
                f"time {int(p.seconds * 1000)} nps {p.nps} pv {' '.join(p.pv)}"
            )

        def run() -> None:
            try:
                result = self.engine.search(pos, limits, report)
                self.send(f"bestmove {result.move_text or 'none'}")
            except Exception as exc:  # the client must still get an answer
                self.send(f"info string error {shlex.quote(f'{type(exc).__name__}: {exc}')}")
                self.send("bestmove none")

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


def main() -> int:
    """``python -m game engine``: speak the protocol on stdin/stdout."""
    return EngineSession().run()


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
            raise EngineProcessError(f"{self.name}: cannot write to the engine ({exc})") from exc

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
        move = words[1] if len(words) > 1 and words[1] != "none" else None
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
