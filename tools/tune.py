"""Tune the evaluation weights of a rule set by a Texel-style fit on self-play positions.

    python tools/tune.py --variant khet --games 60 --out tuned-khet.json      # play, fit, write
    python tools/tune.py --variant khet --positions tuned-khet.positions.json  # refit saved positions

1. **Self-play**: the engine plays itself from every setup of the rule set (``--depth`` plies a move,
   with a level's randomness so the games differ; seeds make it reproducible). Every position of
   every game after the opening plies is kept with the game's result, unless a beam is about to
   destroy a piece (not quiet: the static score says little there).
2. **Fit**: the static evaluation ``e`` of each position (side to move's view) predicts the result
   through ``1 / (1 + 10 ** (-e / K))``; K is fitted to the starting weights first, then each weight
   is moved up and down by a step while the mean squared error falls (steps halve when no move
   helps), a few passes over all weights.
3. **Accept**: the tuned weights only count if they win. ``--out`` writes them as JSON; play them
   against the defaults with an SPRT, e.g.::

       python -m game match --white-cmd "python -m game engine --weights tuned-khet.json" \\
           --black hard --movetime 200 --games 200 --sprt 0,30

Prints the error before and after, every weight that changed, and the commands it ran with.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.pieces import DESTROY  # noqa: E402
from game.position import Position  # noqa: E402
from game.search import Engine, Limits, Randomness  # noqa: E402
from game.search.evaluate import Evaluator, Weights, weights_for  # noqa: E402
from game.search.weights import load_weights, weights_to_json  # noqa: E402
from game.variants import RuleOptions, get_variant  # noqa: E402

SKIP_PLIES = 6  # opening plies not kept (every game starts from the same few setups)
TUNED_FIELDS = (
    "tempo",
    "royal_hanging",
    "royal_self_hit",
    "laser_line",
    "cross_line",
    "open_line",
    "shut_line",
    "enemy_mirror",
    "guard",
    "near_mirror",
    "far_mirror",
    "near_shield",
    "far_shield",
    "beam_control",
    "centre",
    "royal_advance",
    "free_capture",
    "hanging",
    "self_hit_to_move",
    "self_hit_waiting",
)


def self_play(variant: str, games: int, depth: int, seed: int) -> list[tuple[str, float]]:
    """(position string, result for the side to move) of the quiet positions of self-play games."""
    v = get_variant(variant)
    setups = list(v.setups)
    ev = Evaluator(v)
    out: list[tuple[str, float]] = []
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        pos = Position.setup(setups[g % len(setups)], variant, RuleOptions(repetition="auto"))
        engines = (Engine(), Engine())
        kept: list[tuple[str, int]] = []
        result = 0.5
        while True:
            outcome = pos.outcome()
            if outcome is not None:
                result = {"1-0": 1.0, "0-1": 0.0}.get(outcome.result, 0.5)
                break
            if pos.ply >= 160:
                break
            beams = ev.beams(pos.board, pos.lasers)
            if pos.ply >= SKIP_PLIES and all(b[1] != DESTROY for b in beams):
                kept.append((pos.fen(), pos.turn))
            r = engines[pos.turn].search(pos, Limits(depth=depth), None, Randomness(40, 15), rng)
            if r.move is None:
                break
            pos.push_code(r.move)
        out += [(fen, result if turn == 0 else 1.0 - result) for fen, turn in kept]
        print(f"game {g + 1}/{games}: {pos.ply} plies, result {result:g}, {len(out)} positions", flush=True)
    return out


class Fit:
    """Mean squared error of the predicted results for one set of weights."""

    def __init__(self, variant: str, data: list[tuple[str, float]]) -> None:
        self.variant = get_variant(variant)
        self.positions = [Position.from_fen(fen, variant) for fen, _ in data]
        self.results = [r for _, r in data]
        self.k = 400.0

    def scores(self, w: Weights) -> list[int]:
        engine = Engine(weights=w)
        return [engine.evaluate(p) for p in self.positions]

    def error(self, w: Weights, k: float | None = None) -> float:
        k = self.k if k is None else k
        total = 0.0
        for e, r in zip(self.scores(w), self.results, strict=True):
            total += (r - 1 / (1 + 10 ** (-e / k))) ** 2
        return total / max(1, len(self.results))

    def fit_k(self, w: Weights) -> float:
        scores = self.scores(w)
        best = (math.inf, self.k)
        for k in (100, 150, 200, 300, 400, 600, 800, 1200, 1600):
            err = sum((r - 1 / (1 + 10 ** (-e / k))) ** 2 for e, r in zip(scores, self.results, strict=True))
            best = min(best, (err, float(k)))
        self.k = best[1]
        return self.k


def step_of(value: float) -> float:
    if isinstance(value, float):
        return 0.05
    return max(1, abs(int(value)) // 5)


def tune(fit: Fit, start: Weights, passes: int) -> Weights:
    w = start
    err = fit.error(w)
    steps = {name: step_of(getattr(w, name)) for name in TUNED_FIELDS}
    piece_kinds = sorted(k for k, v in w.values.items() if v > 0)
    value_steps = {k: max(1, w.values[k] // 10) for k in piece_kinds}
    for p in range(passes):
        improved = 0
        for name in TUNED_FIELDS:
            for sign in (1, -1):
                value = getattr(w, name)
                new = value + sign * steps[name]
                if isinstance(value, int):
                    new = int(new)
                if new < 0:
                    continue
                trial = dataclasses.replace(w, **{name: new})
                e = fit.error(trial)
                if e < err:
                    w, err = trial, e
                    improved += 1
                    break
            else:
                steps[name] = steps[name] / 2 if isinstance(steps[name], float) else max(1, steps[name] // 2)
        for kind in piece_kinds:
            for sign in (1, -1):
                values = dict(w.values)
                values[kind] += sign * value_steps[kind]
                trial = dataclasses.replace(w, values=values)
                e = fit.error(trial)
                if e < err:
                    w, err = trial, e
                    improved += 1
                    break
        print(f"pass {p + 1}: error {err:.5f}, {improved} weights moved", flush=True)
        if not improved:
            break
    return w


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="khet")
    parser.add_argument("--games", type=int, default=40, help="self-play games")
    parser.add_argument("--depth", type=int, default=2, help="search depth of the self-play moves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--passes", type=int, default=4)
    parser.add_argument("--positions", help="reuse positions saved by an earlier run instead of playing")
    parser.add_argument("--weights", help="start from these weights (JSON) instead of the defaults")
    parser.add_argument("--out", required=True, help="where to write the tuned weights (JSON)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    start_time = time.monotonic()
    if args.positions:
        data = [tuple(x) for x in json.loads(Path(args.positions).read_text())]
    else:
        data = self_play(args.variant, args.games, args.depth, args.seed)
        saved = out.with_suffix(".positions.json")
        saved.write_text(json.dumps(data))
        print(f"{len(data)} positions saved to {saved}")
    start = load_weights(args.weights) if args.weights else weights_for(get_variant(args.variant))
    fit = Fit(args.variant, data)  # type: ignore[arg-type]
    k = fit.fit_k(start)
    before = fit.error(start)
    print(f"{len(data)} positions, K = {k:g}, error with the starting weights {before:.5f}")
    tuned = tune(fit, start, args.passes)
    after = fit.error(tuned)
    for f in dataclasses.fields(Weights):
        a, b = getattr(start, f.name), getattr(tuned, f.name)
        if a != b:
            print(f"  {f.name}: {a} -> {b}")
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(weights_to_json(tuned), indent=1))
    tmp.replace(out)
    print(
        f"error {before:.5f} -> {after:.5f} ({(before - after) / before:.1%} lower) in "
        f"{time.monotonic() - start_time:.0f} s; weights written to {out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
