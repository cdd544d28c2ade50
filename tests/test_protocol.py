"""The engine line protocol: scripted sessions in-process and through a child process; match with it."""

from __future__ import annotations

import gc
import io
import shlex
import sys
import threading
import time

import pytest

from game.chance import outcomes
from game.move import Move
from game.position import Position
from game.search import MATE, Limits
from game.search.match import PlayerSpec, run_match, sprt_llr, sprt_verdict
from game.search.protocol import (
    OVERHEAD,
    EngineProcess,
    EngineProcessError,
    EngineSession,
    Go,
    clock_plan,
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
    go = parse_go(["depth", "3", "movetime", "250"])
    assert go.movetime == 250 and go.depth == 3
    limits = go.limits(0, 10.0)
    assert limits.depth == 3 and 10.2 <= limits.deadline < 10.25
    assert parse_go(["infinite"]) == Go()
    with pytest.raises(ValueError):
        parse_go(["nodes"])
    with pytest.raises(ValueError):
        parse_go(["movestogo", "0"])
    clock = parse_go(["wtime", "60000", "btime", "1000", "winc", "1000", "binc", "0"])
    white, black = clock.limits(0, 0.0), clock.limits(1, 0.0)
    assert 2.0 < white.soft < white.deadline <= 15.0  # a share of a minute plus most of the increment
    assert black.soft < 0.05 and black.deadline <= 0.25  # a second left: a quick answer
    assert parse_go(["wtime", "-20"]).wtime == 0  # a clock already run out plans with nothing left
    pos = parse_position("position variant khet setup Imhotep moves j4j3")
    assert pos.ply == 1 and pos.variant.name == "khet"
    assert parse_position(position_line("khet", "Classic", None, [])).fen() == Position.setup("Classic").fen()
    for score in (35, -12, MATE - 3, -(MATE - 2)):
        assert parse_score(score_text(score).split()) == score
        assert parse_score(score_text(score, uci=True).split()) == score
    assert score_text(MATE - 3) == "win 3"
    assert score_text(MATE - 3, uci=True) == "mate 2" and score_text(-(MATE - 2), uci=True) == "mate -1"


def test_clock_plan_never_passes_the_clock():
    for left in (0.0, 0.02, 0.5, 5.0, 300.0):
        for inc in (0.0, 0.1, 2.0):
            for to_go in (None, 1, 40):
                soft, hard = clock_plan(left, inc, to_go)
                assert 0 <= soft <= hard <= max(0.0, left - OVERHEAD)


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


QUITTING_ENGINE = "print('protocolok', flush=True)"  # answers the handshake, then exits


def test_writing_to_an_engine_that_has_exited_says_it_exited_not_broken_pipe():
    engine = EngineProcess(f"{shlex.quote(sys.executable)} -c {shlex.quote(QUITTING_ENGINE)}", timeout=10)
    try:
        engine.proc.wait(timeout=10)
        with pytest.raises(EngineProcessError) as caught:
            engine.send("isready")
        assert "the engine exited (code 0)" in str(caught.value)
        assert "Broken pipe" not in str(caught.value) and "Errno" not in str(caught.value)
    finally:
        engine.close()


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


VARIANTS = ["khet", "leiserchess2017", "leiserchess2018", "lousychess", "laserchess87", "laserchess98"]


class TickingClock:
    """Seconds that pass by a fixed step each time the clock is read (the search reads it every
    few hundred nodes, more often near its hard stop), and the reading when each line was written."""

    def __init__(self, step: float) -> None:
        self.now = 100.0
        self.step = step
        self.lock = threading.Lock()

    def __call__(self) -> float:
        with self.lock:
            self.now += self.step
            return self.now


class TimedLines(Lines):
    def __init__(self, clock: TickingClock) -> None:
        super().__init__()
        self.clock = clock
        self.at: list[tuple[str, float, bool]] = []

    def write(self, s: str) -> int:
        self.at.append((s.strip(), self.clock.now, gc.isenabled()))
        return super().write(s)


@pytest.mark.parametrize("variant", VARIANTS)
def test_uci_session_in_every_rule_set(variant):
    """The UCI handshake, a clock, a movetime and stop: every rule set answers with a legal action."""
    out = Lines()
    session = EngineSession(out)
    for line in ("uci", "isready", f"setoption name UCI_Variant value {variant}", "ucinewgame"):
        session.handle(line)
    got = out.wait_for("readyok")
    assert got[0] == "id name Laser Chess engine" and "uciok" in got and got[-1] == "readyok"
    assert "option name UCI_Variant type string default khet" in got
    start = Position.setup(None, variant)
    first = start.move_text(Move.from_code(start.generate_codes()[0]))
    answers = []
    for go in ("go wtime 2000 btime 2000 winc 20 binc 20", "go movetime 200", "go infinite"):
        session.handle(f"position startpos moves {first}")
        session.handle(go)
        if go == "go infinite":
            time.sleep(0.2)
            session.handle("stop")
        session._wait()
        answers.append(out.lines()[-1])
    pos = Position.setup(None, variant)
    pos.push_text(first)
    for answer in answers:
        word, move = answer.split()
        assert word == "bestmove"
        # legal (a chance decision: one of its outcomes is)
        assert outcomes(pos, pos.variant.parse_move_text(move, pos.geometry))
    assert not session.handle("quit")


@pytest.mark.parametrize("variant", VARIANTS)
def test_movetime_is_used_and_never_passed(variant):
    """From the line read to the answer written: 90-98 % of the movetime (the clock advances 1 %
    of it at every reading, so a search that read it too seldom, or kept going, would be caught);
    the answer is written while the cycle collector is still paused."""
    movetime = 200
    clock = TickingClock(movetime / 1000 / 100)
    out = TimedLines(clock)
    session = EngineSession(out, clock=clock)
    session.handle(f"position variant {variant} startpos")
    received = clock.now
    session.handle(f"go movetime {movetime}")
    session._wait()
    ((line, at, collecting),) = [entry for entry in out.at if entry[0].startswith("bestmove")]
    assert line != "bestmove none" and not collecting
    assert 0.90 * movetime <= 1000 * (at - received) <= 0.98 * movetime
    assert gc.isenabled()


@pytest.mark.parametrize("variant", VARIANTS)
def test_match_against_the_engine_command_in_every_rule_set(variant):
    """match --white-cmd "python -m game engine" plays every rule set (no forfeit)."""
    ours = PlayerSpec.parse("Beginner", None, 1)
    theirs = PlayerSpec.parse("Beginner", 0.05, None, ENGINE_CMD)
    setup = next(iter(Position.setup(None, variant).variant.setups))
    _, _, _, games = run_match(ours, theirs, 2, (setup,), jobs=1, max_plies=6, variant=variant)
    assert all("failed" not in g.reason for g in games), [g.reason for g in games]
    assert all(g.plies == 6 or g.reason for g in games)
