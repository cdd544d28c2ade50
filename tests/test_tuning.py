"""Evaluation weights of every rule set as JSON, matches with weights, and the tuning script's fit."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.chance import resolve
from game.move import Move
from game.position import Position
from game.search.engine import make_engine
from game.search.evaluate import Weights
from game.search.weights import default_weights, load_weights, weights_from_json, weights_to_json

ROOT = Path(__file__).resolve().parent.parent
RULE_SETS = ("khet", "leiserchess2017", "leiserchess2018", "laserchess87", "laserchess98")


def tune_module():
    spec = importlib.util.spec_from_file_location("tune_tool", ROOT / "tools" / "tune.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def positions(variant: str, count: int, seed: int = 3) -> list[Position]:
    """Varied positions: seeded random legal actions from each setup."""
    rng = random.Random(seed)
    out: list[Position] = []
    setups = list(Position.setup(None, variant).variant.setups)
    while len(out) < count:
        pos = Position.setup(setups[len(out) % len(setups)], variant)
        for _ in range(rng.randrange(4, 30)):
            codes = pos.generate_codes()
            if not codes or pos.outcome() is not None:
                break
            pos.push_code(resolve(pos, Move.from_code(rng.choice(codes)), rng).code)
        if pos.outcome() is None:
            out.append(pos.copy(history=False))
    return out


# ---------------------------------------------------------------- weight files
@pytest.mark.parametrize("variant", RULE_SETS)
def test_every_rule_sets_weights_round_trip_and_change_its_evaluation(tmp_path, variant):
    default = default_weights(variant)
    path = tmp_path / "w.json"
    path.write_text(json.dumps(weights_to_json(default, variant)))
    assert load_weights(path, variant) == default
    # A partial file changes what it names; every other field keeps its default.
    present = Position.setup(None, variant).variant.pieces.by_number
    kinds = [k for k, v in default.values.items() if v > 0 and k in present]
    pos, kind = next((p, k) for p in positions(variant, 60) for k in kinds if _material_differs(p, k))
    changed = {"variant": variant, "values": {str(kind): default.values[kind] * 3}}
    path.write_text(json.dumps(changed))
    loaded = load_weights(path, variant)
    assert loaded == dataclasses.replace(default, values={**default.values, kind: default.values[kind] * 3})
    # The engine built with the loaded weights evaluates with them (material of that kind counts more).
    assert make_engine(pos.variant, loaded).evaluate(pos) != make_engine(pos.variant).evaluate(pos)
    assert make_engine(pos.variant, default).evaluate(pos) == make_engine(pos.variant).evaluate(pos)


def _material_differs(pos: Position, kind: int) -> bool:
    count = [0, 0]
    for code in pos.board:
        if code and code >> 3 == kind:
            count[code >> 2 & 1] += 1
    return count[0] != count[1]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"bogus": 1}', "unknown weights: bogus"),
        ('{"tempo": "high"}', "tempo must be a number"),
        ('{"tempo": true}', "tempo must be a number"),
        ('{"tempo": 2.5}', "tempo must be a whole number"),
        ('{"hanging": NaN}', "hanging must be a number"),
        ('{"values": {"9": 300}}', "no piece kind 9"),
        ('{"values": {"pyramid": 300}}', "not a piece kind number"),
        ('{"values": {"4": 99.5}}', "must have a whole number"),
        ('{"values": [1, 2]}', "values must map"),
        ('{"variant": "laserchess98", "pawn_step": 3}', "for laserchess98, not khet"),
        ('{"variant": "chess"}', "unknown variant"),
        ('{"variant": "lousychess"}', "has no weights to tune"),
        ("[1, 2]", "expected a JSON object"),
        ("[1", "cannot read weights"),
    ],
)
def test_bad_weight_files_are_refused_naming_the_file_and_the_reason(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(ValueError, match=message) as info:
        load_weights(path, None if '"chess"' in content or "lousy" in content else "khet")
    assert "bad.json" in str(info.value)
    with pytest.raises(ValueError, match="cannot read"):
        load_weights(tmp_path / "missing.json")


def test_a_file_without_a_variant_is_khets_as_before():
    w = Weights(tempo=5, values={**Weights().values, 4: 120})
    data = weights_to_json(w)
    assert "variant" not in data
    assert weights_from_json(json.loads(json.dumps(data))) == w


def test_match_refuses_a_bad_weights_file_and_plays_good_ones(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"variant": "khet", "tempo": "x"}')
    base = [sys.executable, "-m", "game", "match", "--variant", "leiserchess2017", "--games", "2"]
    done = subprocess.run(
        [*base, "--white-weights", str(bad)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    assert "these weights are for khet, not leiserchess2017" in done.stderr
    good = tmp_path / "pawns.json"
    good.write_text(json.dumps({"variant": "leiserchess2017", "tempo": 30}))
    done = subprocess.run(
        [*base, "--white-weights", str(good), "--depth", "1", "--jobs", "1", "--max-plies", "16"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "Medium[pawns]" in done.stdout or "Hard[pawns]" in done.stdout
    assert "+" in done.stdout.splitlines()[-2]


# ---------------------------------------------------------------- the fit
def synthetic(tune, variant: str, truth, k: float, count: int = 48):
    """Positions labelled with the result the weights ``truth`` predict (the fit should find them)."""
    engine = make_engine(Position.setup(None, variant).variant, truth)
    data = []
    for i, pos in enumerate(positions(variant, count)):
        data.append((pos.fen(), tune.predicted(engine.evaluate(pos), k), i))
    return data


def test_the_fit_finds_the_weights_that_made_a_synthetic_set():
    tune = tune_module()
    start = default_weights("khet")
    truth = dataclasses.replace(start, centre=5, values={**start.values, 5: 150})  # Anubis 110 -> 150
    fit = tune.Fit("khet", synthetic(tune, "khet", truth, 200.0), holdout=4)
    fit.k = 200.0
    assert len(fit.check[1]) == 12 and len(fit.train[1]) == 36
    before = fit.error(start)
    tuned = tune.tune(fit, start, passes=6, max_change=1.0)
    assert tuned.centre == 5
    assert 140 <= tuned.values[5] <= 160  # from 110; other weights share the rest
    assert fit.error(tuned) < before / 10
    assert fit.error(tuned, held_out=True) < fit.error(start, held_out=True)


class CentreFit:
    """A fit whose errors are known: the fitted games want ``centre`` = 6, the held-out ones 0 or
    anything (``agree``)."""

    def __init__(self, agree: bool) -> None:
        self.variant = Position.setup(None, "khet").variant
        self.agree = agree

    def error(self, w, held_out: bool = False) -> float:
        if held_out:
            return (w.centre - 6) ** 2 if self.agree else w.centre**2
        return (w.centre - 6) ** 2


def test_the_held_out_games_stop_a_move_that_only_helps_the_fitted_games():
    tune = tune_module()
    start = default_weights("khet")
    assert tune.tune(CentreFit(agree=False), start, passes=5, max_change=1.0).centre == start.centre
    assert tune.tune(CentreFit(agree=True), start, passes=5, max_change=1.0).centre == 6


def test_no_weight_leaves_its_bounds():
    tune = tune_module()
    start = default_weights("khet")
    assert tune.tune(CentreFit(agree=True), start, passes=5, max_change=0.5).centre == 4  # 3 * 1.5


def test_the_unit_piece_royals_and_win_sized_scores_are_not_tuned():
    tune = tune_module()
    names = {p.name for p in tune.params_of(default_weights("khet"), "khet")}
    assert "values[3]" in names and "values[5]" in names  # Scarab, Anubis
    assert "values[4]" not in names  # the Pyramid is the unit
    assert "values[1]" not in names and "values[2]" not in names  # Sphinx, Pharaoh: worth 0
    assert "royal_threat_value" not in names and "tempo" in names
    lc98 = {p.name for p in tune.params_of(default_weights("laserchess98"), "laserchess98")}
    assert "king_shot" not in lc98 and "own_threat" in lc98 and "values[9]" not in lc98  # Pawn: the unit
    leiser = {p.name for p in tune.params_of(default_weights("leiserchess2017"), "leiserchess2017")}
    assert not any(n.startswith("values") for n in leiser)  # only Pawns are worth anything


def test_k_is_fitted_to_the_results():
    tune = tune_module()
    start = default_weights("laserchess98")
    fit = tune.Fit("laserchess98", synthetic(tune, "laserchess98", start, 300.0, count=24), holdout=0)
    assert abs(fit.fit_k(start) - 300.0) < 3


def test_tuning_script_plays_fits_and_writes_weights(tmp_path):
    out = tmp_path / "tuned.json"
    cmd = [sys.executable, "tools/tune.py", "--games", "2", "--depth", "1", "--passes", "1"]
    cmd += ["--sample", "60", "--out", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600, check=True)
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("held-out error") and "weights written to" in last
    tuned = load_weights(out, "khet")
    assert isinstance(tuned, Weights)
    saved = json.loads((tmp_path / "tuned.positions.json").read_text())
    assert saved["variant"] == "khet" and len(saved["positions"]) > 60
    every = -(-len(saved["positions"]) // 60)
    assert f"fitting every {every}-th position: {len(saved['positions'][::every])}" in done.stdout
    session = "protocol\nposition setup Classic\ngo depth 2\n"
    cmd = [sys.executable, "-m", "game", "engine", "--weights", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, input=session, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].startswith("bestmove ")


def test_tuning_script_refuses_weights_of_another_rule_set(tmp_path):
    other = tmp_path / "lc98.json"
    other.write_text(json.dumps({"variant": "laserchess98"}))
    cmd = [sys.executable, "tools/tune.py", "--variant", "khet", "--weights", str(other), "--out", "x.json"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "for laserchess98, not khet" in done.stderr
