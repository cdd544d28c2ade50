"""The search worker process (what the GUI uses) and the engine's command-line tools."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from game import Game
from game.position import Position
from game.search import Limits, Progress, SearchResult
from game.search.match import PlayerSpec, elo_difference, format_elo, play_game, schedule
from game.search.worker import GameState, SearchWorker, WorkerError

ROOT = pathlib.Path(__file__).resolve().parent.parent


def wait_for_result(worker: SearchWorker, timeout: float = 30.0) -> list:
    items: list = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        new = worker.poll()
        items += new
        if any(isinstance(i, (SearchResult, WorkerError)) for i in new):
            return items
        time.sleep(0.01)
    raise AssertionError(f"no result within {timeout} s: {items}")


def cpu_seconds(pid: int) -> float | None:
    """User+system CPU time of a process (Linux /proc), or None where unavailable."""
    try:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.fixture
def worker():
    w = SearchWorker()
    yield w
    w.close()


def test_game_state_round_trip():
    pos = Position.setup("Imhotep")
    for text in ("c1d2", "h8g7", "d2c1"):
        pos.push_text(text)
    state = GameState.from_position(pos)
    assert state.start_fen == Position.setup("Imhotep").fen() and len(state.moves) == 3
    again = state.position()
    assert again.fen() == pos.fen() and again.hashes == pos.hashes
    game = Game.new(setup="Imhotep")
    for text in ("c1d2", "h8g7", "d2c1"):
        game.add_move(text)
    assert GameState.from_game(game) == state


def test_worker_search_reports_progress_then_result(worker):
    pos = Position.setup("Classic")
    worker.start(pos, limits=Limits(depth=3))
    assert worker.busy
    items = wait_for_result(worker)
    progress = [i for i in items if isinstance(i, Progress)]
    result = items[-1]
    assert isinstance(result, SearchResult)
    assert [p.depth for p in progress] == [1, 2, 3]
    assert result.move in pos.generate_codes() and result.depth == 3
    assert not worker.busy and worker.poll() == []


def test_worker_level_and_seed(worker):
    pos = Position.setup("Dynasty")
    worker.start(pos, level="Easy", seed=4)
    first = wait_for_result(worker)[-1]
    worker.start(pos, level="Easy", seed=4)
    second = wait_for_result(worker)[-1]
    assert isinstance(first, SearchResult) and first.move == second.move
    assert first.depth <= 2


def test_cancel_really_stops_the_worker(worker):
    pos = Position.setup("Classic")
    worker.start(pos, limits=Limits(movetime=60))
    wait = time.monotonic() + 10
    while worker.poll() == [] and time.monotonic() < wait:  # wait until it is really searching
        time.sleep(0.01)
    pid = worker.pid
    t0 = time.monotonic()
    worker.cancel()
    assert not worker.busy
    assert worker.wait_idle(timeout=2.0)
    acknowledged = time.monotonic() - t0
    assert acknowledged < 1.0  # typically ~20 ms; generous for loaded CI machines
    # The process is idle now: it burns (almost) no CPU while we wait.
    before = cpu_seconds(pid)
    time.sleep(0.3)
    after = cpu_seconds(pid)
    if before is not None and after is not None and worker.pid == pid:
        assert after - before < 0.1
    # Nothing of the cancelled search comes out, and the worker serves the next request.
    assert all(not isinstance(i, SearchResult) for i in worker.poll())
    worker.start(pos, limits=Limits(depth=2))
    result = wait_for_result(worker)[-1]
    assert isinstance(result, SearchResult) and result.depth == 2


def test_new_search_replaces_a_running_one(worker):
    pos = Position.setup("Classic")
    first = worker.start(pos, limits=Limits(movetime=60))
    time.sleep(0.3)
    second = worker.start(Position.setup("Sophie"), limits=Limits(depth=2))
    assert second == first + 1
    result = wait_for_result(worker)[-1]
    assert isinstance(result, SearchResult) and result.depth == 2
    assert result.move in Position.setup("Sophie").generate_codes()


def test_worker_crash_gives_an_error_not_a_hang(worker):
    pos = Position.setup("Classic")
    worker.start(pos, limits=Limits(movetime=60))
    time.sleep(0.3)
    os.kill(worker.pid, signal.SIGKILL)
    items = wait_for_result(worker, timeout=5)
    assert isinstance(items[-1], WorkerError) and "stopped unexpectedly" in items[-1].message
    assert not worker.busy
    # A fresh process takes the next request.
    worker.start(pos, limits=Limits(depth=1))
    assert isinstance(wait_for_result(worker)[-1], SearchResult)


def test_bad_request_gives_an_error_and_the_worker_keeps_serving(worker):
    bad = GameState("khet", "not a position", ())
    worker.start(bad, limits=Limits(depth=1))
    error = wait_for_result(worker)[-1]
    assert isinstance(error, WorkerError) and "PositionError" in error.message
    worker.start(Position.setup("Classic"), limits=Limits(depth=1))
    assert isinstance(wait_for_result(worker)[-1], SearchResult)


# ---------------------------------------------------------------------------- match helpers
def test_elo_difference():
    est, low, high = elo_difference(10, 0, 10)
    assert est == 0 and low < 0 < high
    est, low, high = elo_difference(15, 2, 3)
    assert 150 < est < 400 and low < est < high
    assert "inf" in format_elo(20, 0, 0)


def test_schedule_alternates_setups_and_colours():
    a, b = PlayerSpec.parse("Hard"), PlayerSpec.parse("Easy")
    specs = schedule(a, b, 6, ("Classic", "Dynasty"))
    assert [s.setup for s in specs] == ["Classic", "Classic", "Dynasty", "Dynasty", "Classic", "Classic"]
    assert [s.a_moves_first for s in specs] == [True, False] * 3
    assert specs[1].first == b and specs[1].second == a


def test_play_game_to_the_ply_cap():
    a, b = PlayerSpec.parse("Beginner", 0.05, 1), PlayerSpec.parse("Beginner", 0.05, 1)
    spec = schedule(a, b, 1, ("Sophie",), max_plies=6)[0]
    r = play_game(spec)
    assert r.plies <= 6 and len(r.moves) == r.plies
    if r.plies == 6:
        assert r.result == "1/2-1/2" and "adjudicated" in r.reason


# ---------------------------------------------------------------------------- command line
def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_cli_bestmove_depth():
    out = run_cli("bestmove", "--setup", "Classic", "--depth", "3")
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("bestmove ") and "depth 3" in last and "nodes" in last and "time" in last
    assert out.stdout.count("info depth") == 3


def test_cli_bestmove_fen_moves_and_level():
    fen = "sc9/10/10/4fc4Pb/10/10/10/4Fa4Sa b"
    out = run_cli("bestmove", "--fen", fen, "--level", "beginner", "--quiet")
    assert out.returncode == 0 and out.stdout.startswith("bestmove j5R  score win1")
    out = run_cli("bestmove", "--setup", "Classic", "--moves", "d1d2 g8g7", "--movetime", "200")
    assert out.returncode == 0 and "bestmove" in out.stdout
    out = run_cli("bestmove", "--setup", "Classic", "--moves", "d1d5", "--depth", "1")
    assert out.returncode == 2 and "not legal" in out.stderr


def test_cli_bench_and_match():
    out = run_cli("bench", "--depth", "1")
    assert out.returncode == 0, out.stderr
    assert "Classic" in out.stdout and out.stdout.strip().splitlines()[-1].startswith("total")
    out = run_cli(
        "match", "--white", "beginner", "--black", "beginner", "--games", "2", "--movetime", "20",
        "--depth", "1", "--jobs", "1", "--max-plies", "8", "--setups", "Classic",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "+" in out.stdout and "Elo difference" in out.stdout
