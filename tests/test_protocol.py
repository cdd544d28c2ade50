"""The engine line protocol: scripted sessions in-process and through a child process; match with it."""

from __future__ import annotations

import io
import shlex
import sys
import threading
import time

import pytest

from game.position import Position
from game.search import MATE, Limits
from game.search.match import PlayerSpec, run_match, sprt_llr, sprt_verdict
from game.search.protocol import (
    EngineProcess,
    EngineProcessError,
    EngineSession,
    parse_go,
    parse_position,
    parse_score,
    position_line,
    score_text,
)

ENGINE_CMD = f"{shlex.quote(sys.executable)} -m game engine"


class Lines(io.StringIO):
    """An output stream whose lines can be awaited (the search answers from its own thread)."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()

    def lines(self) -> list[str]:
        with self.lock:
            return self.getvalue().splitlines()

    def write(self, s: str) -> int:
        with self.lock:
            return super().write(s)

    def wait_for(self, word: str, timeout: float = 30.0) -> list[str]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            got = self.lines()
            if any(line.split()[:1] == [word] for line in got):
                return got
            time.sleep(0.01)
        raise AssertionError(f"no {word!r} in {self.lines()}")


def test_scripted_session_position_go_stop():
    out = Lines()
    session = EngineSession(out)
    for line in ("protocol", "isready", "newgame", "position setup Classic moves j4j3", "go depth 2"):
        assert session.handle(line)
    got = out.wait_for("bestmove")
    assert got[:4] == [
        "id name Laser Chess engine",
        "id author the Laser Chess project",
        "protocolok",
        "readyok",
    ]
    infos = [line for line in got if line.startswith("info depth")]
    assert [int(line.split()[2]) for line in infos] == [1, 2]
    move = got[-1].split()[1]
    pos = Position.setup("Classic")
    pos.push_text("j4j3")
    pos.parse_move(move)  # legal in the position after j4j3

    # go without limits searches until stop, which answers at once with the best so far.
    session.handle("go infinite")
    time.sleep(0.3)
    start = time.monotonic()
    session.handle("stop")
    assert time.monotonic() - start < 2.0
    assert len([line for line in out.lines() if line.startswith("bestmove")]) == 2
    assert not session.handle("quit")


def test_bad_lines_get_an_error_and_change_nothing():
    out = Lines()
    session = EngineSession(out)
    session.handle("position fen sc9/10/4fc5/8Pc1/10/10/10/4Fa4Sa b")
    bad_lines = ("position setup Nowhere", "position fen", "go depth x", "go depth 0", "fly", "position x")
    for bad in bad_lines:
        assert session.handle(bad)
    errors = [line for line in out.lines() if line.startswith("info string error")]
    assert len(errors) == 6
    session.handle("go depth 2")
    assert out.wait_for("bestmove")[-1] == "bestmove i5j6"  # the kill in the position set before


def test_parsers_and_scores():
    assert parse_go(["depth", "3", "movetime", "250"]).movetime == 0.25
    assert parse_go(["infinite"]).depth is None
    with pytest.raises(ValueError):
        parse_go(["nodes"])
    pos = parse_position("position variant khet setup Imhotep moves j4j3")
    assert pos.ply == 1 and pos.variant.name == "khet"
    assert parse_position(position_line("khet", "Classic", None, [])).fen() == Position.setup("Classic").fen()
    for score in (35, -12, MATE - 3, -(MATE - 2)):
        assert parse_score(score_text(score).split()) == score
    assert score_text(MATE - 3) == "win 3"


def test_child_process_round_trip():
    with EngineProcess(ENGINE_CMD) as engine:
        assert engine.name == "Laser Chess engine"
        line = position_line("khet", None, "sc9/10/4fc5/8Pc1/10/10/10/4Fa4Sa b", [])
        move, _ = engine.search(line, Limits(movetime=0.2), timeout=10)
        assert move == "i5j6"  # the kill
        move, info = engine.search(position_line("khet", "Classic", None, ["j4j3"]), Limits(depth=3), 60)
        assert info["depth"] == "3" and int(info["nodes"]) > 0
        pos = Position.setup("Classic")
        pos.push_text("j4j3")
        pos.parse_move(move)
    assert engine.proc.poll() is not None  # quit on leaving the block


def test_a_program_that_is_not_an_engine_is_reported():
    with pytest.raises(EngineProcessError):
        EngineProcess(f"{shlex.quote(sys.executable)} -c pass", timeout=10)
    with pytest.raises(EngineProcessError):
        EngineProcess("/nonexistent/engine")


def test_match_against_an_outside_engine():
    ours = PlayerSpec.parse("Hard", None, 1)
    theirs = PlayerSpec.parse("Hard", None, 1, ENGINE_CMD)
    wins, draws, losses, games = run_match(ours, theirs, 2, ("Classic",), jobs=1, max_plies=16)
    assert wins + draws + losses == 2 and len(games) == 2
    assert all(g.plies <= 16 and "failed" not in g.reason for g in games)
    assert games[0].a_moves_first and not games[1].a_moves_first


def test_sprt():
    assert sprt_verdict(0, 0, 0, 0, 50) is None
    assert sprt_verdict(1, 0, 0, 0, 50) is None  # one game never decides
    assert sprt_verdict(40, 10, 10, 0, 50) == "H1"
    assert sprt_verdict(20, 20, 40, 0, 50) == "H0"
    assert sprt_llr(30, 40, 30, 0, 50) < 0
