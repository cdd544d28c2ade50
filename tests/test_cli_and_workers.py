"""The command line refuses limits that never end (depth 0, no nodes, no time, an empty position)
in its argument parser; search and match workers die with their parent; cancelling a search
that does not answer never blocks the caller (the GUI's frame)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.__main__ import main
from game.position import Position
from game.search.engine import Limits, SearchResult
from game.search.worker import SearchWorker

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(sys.platform == "win32" or not Path("/proc").is_dir(), reason="uses /proc")


@pytest.mark.parametrize(
    "argv, message",
    [
        ("bestmove --depth 0", "--depth: must be from 1 to 64, not 0"),
        ("bestmove --depth -2", "--depth: must be from 1 to 64, not -2"),
        ("bestmove --nodes 0", "--nodes: must be at least 1, not 0"),
        ("bestmove --movetime 0", "--movetime: must be from 1 to 3600000 ms, not 0"),
        ("bench --depth 0", "--depth: must be from 1 to 64, not 0"),
        ("perft --depth -3", "--depth: must be from 1 to 64, not -3"),
        ("perft --depth ²", "--depth: expected a whole number, got '²'"),
        ("perft --depth 9999999999999999999999", "--depth: expected a whole number"),
        ("match --games 0", "--games: must be from 1 to 1000000, not 0"),
        ("match --jobs 0", "--jobs: must be from 1 to 64, not 0"),
        ("match --time-scale nan", "--time-scale: expected a finite number"),
    ],
)
def test_limits_are_checked_by_the_argument_parser(capsys, argv, message):
    with pytest.raises(SystemExit) as info:
        main(argv.split())
    assert info.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("fen", ["", "   "])
def test_an_empty_position_string_is_refused_not_taken_for_classic(capsys, fen):
    with pytest.raises(SystemExit) as info:
        main(["perft", "--depth", "1", "--fen", fen])
    assert info.value.code == 2 and "the position string is empty" in capsys.readouterr().err


def test_the_smallest_limits_still_work(capsys):
    assert main(["bestmove", "--depth", "1", "--quiet"]) == 0
    assert main(["bestmove", "--nodes", "1", "--quiet"]) == 0
    assert main(["perft", "--depth", "1"]) == 0
    assert "bestmove" in capsys.readouterr().out


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_for(test, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(0.05)
    return test()


PARENT = """
import sys, time
from game.position import Position
from game.search.engine import Limits
from game.search.worker import SearchWorker
if __name__ == "__main__":
    w = SearchWorker()
    w.start(Position.setup("classic", "khet"), limits=Limits(movetime=120.0))
    while not w.poll():
        time.sleep(0.02)
    print(w.pid, flush=True)
    time.sleep(600)
"""


@posix_only
def test_a_searching_worker_dies_with_its_killed_parent(tmp_path):
    script = tmp_path / "parent.py"
    script.write_text(PARENT, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        worker_pid = int(parent.stdout.readline())
        assert _alive(worker_pid)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        assert _wait_for(lambda: not _alive(worker_pid), 5.0), "the search kept running"
    finally:
        parent.kill()


@posix_only
def test_match_workers_die_with_their_killed_parent():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "game", "match", "--games", "4", "--jobs", "2", "--movetime", "20000"]
    parent = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    try:
        assert _wait_for(lambda: len(_children(parent.pid)) >= 2, 30.0)
        time.sleep(2.0)  # the pool workers are importing, then playing
        kids = _children(parent.pid)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        assert _wait_for(lambda: not any(_alive(pid) for pid in kids), 8.0), "match workers kept running"
    finally:
        parent.kill()


@posix_only
def test_cancelling_a_search_that_does_not_answer_never_blocks():
    """A stopped worker (SIGSTOP: it cannot acknowledge, or even exit on SIGTERM) is replaced
    without the caller waiting; the starting code blocked in join() for a second."""
    pos = Position.setup("classic", "khet")
    with SearchWorker() as worker:
        worker.start(pos, limits=Limits(movetime=60.0))
        assert _wait_for(lambda: bool(worker.poll()), 30.0)
        stuck = worker.pid
        os.kill(stuck, signal.SIGSTOP)
        calls = []

        def timed(call, *args, **kwargs):
            start = time.perf_counter()
            out = call(*args, **kwargs)
            calls.append(time.perf_counter() - start)
            return out

        timed(worker.cancel)
        for _ in range(15):  # past the grace period: the process is replaced here
            timed(worker.poll)
            time.sleep(0.016)
        timed(worker.start, pos, limits=Limits(depth=1))
        results: list = []
        end = time.monotonic() + 30
        while not any(isinstance(r, SearchResult) for r in results) and time.monotonic() < end:
            results += timed(worker.poll)
            time.sleep(0.016)
        assert any(isinstance(r, SearchResult) for r in results)
        assert worker.pid != stuck
        assert max(calls) < 0.25, f"a call blocked {max(calls):.3f} s"
        assert _wait_for(lambda: not _alive(stuck), 5.0), "the stopped worker was never killed"
