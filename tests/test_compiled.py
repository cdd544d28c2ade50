"""The optional compiled core (tools/build_compiled.py) searches exactly like the pure-Python source."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.compiled import MODULES, compiled_path

ROOT = Path(__file__).resolve().parent.parent
PROBE = r"""
import json
from game.compiled import active
from game.perft import perft
from game.position import Position
from game.search import Engine, Limits
from game.search.cli import BENCH_POSITIONS
nodes = [Engine().search(Position.from_fen(fen, "khet"), Limits(depth=3)).nodes for _, fen in BENCH_POSITIONS]
classic = Engine().search(Position.setup("Classic"), Limits(depth=5))
print(json.dumps({"active": active(), "nodes": nodes, "classic": [classic.nodes, classic.move_text],
                  "perft": perft(Position.setup("Classic"), 2)}))
"""


def probe(pure: bool) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("LASER_CHESS_PURE", None)
    if pure:
        env["LASER_CHESS_PURE"] = "1"
    command = [sys.executable, "-c", PROBE]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, check=True, timeout=600)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_pure_mode_loads_every_module_from_source():
    got = probe(pure=True)
    assert not any(got["active"].values())


@pytest.mark.skipif(
    any(compiled_path(m) is None for m in MODULES), reason="no compiled core: python tools/build_compiled.py"
)
def test_compiled_and_pure_give_identical_node_counts():
    compiled, pure = probe(pure=False), probe(pure=True)
    assert all(compiled["active"].values()), compiled["active"]
    assert compiled["nodes"] == pure["nodes"]
    assert compiled["classic"] == pure["classic"]
    assert compiled["perft"] == pure["perft"]
