"""Evaluation weights as JSON, the engine command with tuned weights, and the tuning script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.search.evaluate import Weights
from game.search.weights import load_weights, weights_from_json, weights_to_json

ROOT = Path(__file__).resolve().parent.parent


def test_weights_round_trip_and_bad_files(tmp_path):
    w = Weights(tempo=5, values={**Weights().values, 4: 120})
    assert weights_from_json(json.loads(json.dumps(weights_to_json(w)))) == w
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"bogus": 1}))
    with pytest.raises(ValueError, match="bogus"):
        load_weights(path)
    path.write_text("[1")
    with pytest.raises(ValueError, match="cannot read"):
        load_weights(path)


def test_tuning_script_lowers_the_error_and_writes_weights(tmp_path):
    out = tmp_path / "tuned.json"
    done = subprocess.run(
        [sys.executable, "tools/tune.py", "--games", "2", "--depth", "1", "--passes", "1", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    last = done.stdout.strip().splitlines()[-1]
    before, after = (float(x) for x in last.split()[1:4:2])
    assert after <= before
    tuned = load_weights(out)
    assert isinstance(tuned, Weights)
    assert (tmp_path / "tuned.positions.json").is_file()
    session = "protocol\nposition setup Classic\ngo depth 2\n"
    cmd = [sys.executable, "-m", "game", "engine", "--weights", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, input=session, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].startswith("bestmove ")
