"""Where the native core is missing (no C compiler at install) or switched off, the program runs
unchanged on its pure-Python core and says so; where it is built, bench and bestmove say it ran."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import native

ROOT = Path(__file__).resolve().parent.parent
# Runs ``python -m game ARGS`` with the extension made unimportable, as on a machine without it.
WITHOUT_EXTENSION = (
    "import sys, runpy; sys.modules['game._native'] = None; sys.argv[0] = 'game'; "
    "runpy.run_module('game', run_name='__main__', alter_sys=True)"
)


def run(args: list[str], pure: bool = False, missing: bool = False) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("LASER_CHESS_PURE", None)
    if pure:
        env["LASER_CHESS_PURE"] = "1"
    command = (
        [sys.executable, "-c", WITHOUT_EXTENSION, *args] if missing else [sys.executable, "-m", "game", *args]
    )
    return subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("how", ["missing", "pure"])
def test_without_the_extension_the_program_runs_on_python(how):
    kwargs = {how: True}
    done = run(["bestmove", "--depth", "3", "--setup", "Classic"], **kwargs)
    assert done.returncode == 0, done.stderr
    assert "bestmove j4j3" in done.stdout and "core python" in done.stdout
    bench = run(["bench", "--depth", "2", "--variant", "leiserchess2018"], **kwargs)
    assert bench.returncode == 0, bench.stderr
    assert "core: python" in bench.stdout
    perft = run(["perft", "--depth", "2"], **kwargs)
    assert "perft(2) = 5920" in perft.stdout


def test_the_fallback_searches_like_the_native_core():
    python = run(["bestmove", "--depth", "4", "--setup", "Dynasty"], pure=True).stdout.split("core")[0]
    found = run(["bestmove", "--depth", "4", "--setup", "Dynasty"]).stdout.split("core")[0]
    strip = [line.split("time")[0] for line in (python, found)]  # the same move, score, depth and nodes
    assert strip[0] == strip[1]


def test_pure_mode_ignores_a_built_extension():
    done = subprocess.run(
        [sys.executable, "-c", "import game.native as n; print(n.available())"],
        env=dict(os.environ, PYTHONPATH=str(ROOT), LASER_CHESS_PURE="1"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.strip() == "False"


@pytest.mark.skipif(not native.available(), reason="the native core is not built (pip install .)")
def test_bench_and_bestmove_say_the_native_core_ran():
    bench = run(["bench", "--depth", "3"])
    assert "core: native" in bench.stdout
    assert "core native" in run(["bestmove", "--depth", "3"]).stdout


def test_an_extension_built_from_other_sources_is_not_used(monkeypatch):
    """A checkout whose native/ changed since the build runs on Python (and says how to rebuild)."""
    import types

    import game

    stale = types.ModuleType("game._native")
    stale.SOURCE_HASH = "built from other sources"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "game._native", stale)
    monkeypatch.setattr(game, "_native", stale, raising=False)
    monkeypatch.delenv("LASER_CHESS_PURE", raising=False)
    monkeypatch.setattr(native, "why_not", native.why_not)
    assert native._load() is None
    assert "older sources" in native.why_not and "build_ext" in native.why_not


@pytest.mark.parametrize("pure", [False, True])
def test_the_engine_protocol_says_which_core_searches(pure):
    env = dict(os.environ, PYTHONPATH=str(ROOT), LASER_CHESS_PURE="1" if pure else "0")
    probe = [sys.executable, "-c", "import game.native as n; print(n.available())"]
    built = subprocess.run(probe, env=env, capture_output=True, text=True, timeout=60).stdout.strip()
    done = subprocess.run(
        [sys.executable, "-m", "game", "engine"],
        input="position setup Classic\ngo depth 2\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    core = "native" if built == "True" else "python"
    assert f"info string core {core}" in done.stdout.splitlines()
    assert done.stdout.splitlines()[-1].startswith("bestmove ")
