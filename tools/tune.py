"""Tune a rule set's evaluation weights by a Texel-style fit on self-play positions.

    python tools/tune.py --variant khet --games 60 --out tuned-khet.json          # play, fit, write
    python tools/tune.py --variant khet --positions tuned-khet.positions.json --out tuned-khet.json

Every rule set with an evaluation that has weights: khet, leiserchess2017, leiserchess2018
(the beam profile's :class:`Weights`), laserchess87 and laserchess98 (their profiles' weights).

1. **Self-play** (reproducible: seeds): the engine plays itself from the rule set's setups, ``--depth``
   plies a move with a little randomness so the games differ. Positions after the opening plies
   are kept with the game's result (from the side to move's view) and the game's number. For the
   beam profile a position where a beam is about to destroy a piece is not kept (not quiet: the
   static score says little there, ``Profile.is_quiet``); the other evaluations price the shots
   themselves, so all their positions are kept (``--every N`` keeps every N-th, their evaluation
   is slower). The positions are saved after every game (``OUT.positions.json``), so a long run can be stopped
   and the games so far fitted with ``--positions``; ``--sample N`` fits at most N of them, evenly
   spread (the fit evaluates every position once per trial).
2. **Fit**: the static evaluation ``e`` (side to move's view) predicts the result through
   ``1 / (1 + 10 ** (-e / K))``. Every ``--holdout``-th game is held out: its positions are never
   fitted, only used to check. K is fitted to the starting weights on the fitted games (golden
   section). Then, pass after pass, each weight is moved up and down by a step; a move is kept only
   when it lowers the error on the fitted games AND does not raise it on the held-out games
   (steps halve when neither direction is kept). The least valuable piece keeps its value (it is
   the unit: the scale is K's business), zero-valued pieces (royals, lasers) are not tuned, and no
   weight leaves ``[start / (1 + c), start * (1 + c)]`` (``--max-change c``, default 0.5).
3. **Accept**: tuned weights count only if they win. ``--out`` writes them (JSON with the rule set's
   name); play them against the current ones with an SPRT, both sides our engine, e.g.::

       python -m game match --variant khet --white Hard --black Hard --white-weights tuned-khet.json \\
           --movetime 100 --games 200 --sprt 0,40

Prints the errors (fitted and held-out games) before and after, every weight that changed, and
the command it ran with.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.chance import resolve  # noqa: E402
from game.fileio import atomic_write_text  # noqa: E402
from game.move import Move  # noqa: E402
from game.position import Position  # noqa: E402
from game.search import Limits, Randomness  # noqa: E402
from game.search.engine import make_engine  # noqa: E402
from game.search.profile import make_profile  # noqa: E402
from game.search.weights import default_weights, load_weights, weights_to_json  # noqa: E402
from game.variants import RuleOptions, get_variant  # noqa: E402

SKIP_PLIES = 6  # opening plies not kept (every game starts from the same few setups)
MAX_PLIES = 200  # a game still going is adjudicated a draw
NOT_TUNED = ("royal_threat_value", "king_shot")  # win-sized scores: the fit has no positions to set them

Record = tuple[str, float, int]  # position string, result for the side to move, game number


def self_play(
    variant: str,
    games: int,
    depth: int,
    seed: int,
    every: int = 1,
    setups: list[str] | None = None,
    on_game: Callable[[list[Record]], None] | None = None,
) -> list[Record]:
    """Positions of ``games`` self-play games with their results (see the module docs);
    ``on_game`` gets the positions so far after every game (a long run can be stopped)."""
    v = get_variant(variant)
    setups = setups or list(v.setups)
    profile = make_profile(v)
    out: list[Record] = []
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        chance_rng = random.Random(f"chance/{seed}/{g}")
        pos = Position.setup(setups[g % len(setups)], variant, RuleOptions(repetition="auto"))
        engines = (make_engine(v), make_engine(v))
        kept: list[tuple[str, int]] = []
        result = 0.5
        while True:
            outcome = pos.outcome()
            if outcome is not None:
                result = {"1-0": 1.0, "0-1": 0.0}.get(outcome.result, 0.5)
                break
            if pos.ply >= MAX_PLIES:
                break
            quiet = profile.is_quiet(pos)
            if pos.ply >= SKIP_PLIES and quiet and pos.ply % every == 0:
                kept.append((pos.fen(), pos.turn))
            r = engines[pos.turn].search(pos, Limits(depth=depth), None, Randomness(40, 15), rng)
            if r.move is None:
                break
            pos.push_code(resolve(pos, Move.from_code(r.move), chance_rng).code)  # chance picks outcomes
        out += [(fen, result if turn == 0 else 1.0 - result, g) for fen, turn in kept]
        print(f"game {g + 1}/{games}: {pos.ply} plies, result {result:g}, {len(out)} positions", flush=True)
        if on_game is not None:
            on_game(out)
    return out


def predicted(e: float, k: float) -> float:
    return 1 / (1 + 10 ** (-e / k))


class Fit:
    """Mean squared error of the predicted results, on the fitted games and on the held-out ones."""

    def __init__(self, variant: str, data: list[Record], holdout: int) -> None:
        self.variant = get_variant(variant)
        train = [(fen, r) for fen, r, g in data if not holdout or g % holdout != holdout - 1]
        check = [(fen, r) for fen, r, g in data if holdout and g % holdout == holdout - 1]
        self.train = ([Position.from_fen(f, variant) for f, _ in train], [r for _, r in train])
        self.check = ([Position.from_fen(f, variant) for f, _ in check], [r for _, r in check])
        self.k = 400.0

    def scores(self, w: Any, part: tuple[list[Position], list[float]]) -> list[int]:
        engine = make_engine(self.variant, w)
        return [engine.evaluate(p) for p in part[0]]

    def error(self, w: Any, held_out: bool = False, k: float | None = None) -> float:
        part = self.check if held_out else self.train
        if not part[1]:
            return 0.0
        return mse(self.scores(w, part), part[1], self.k if k is None else k)

    def fit_k(self, w: Any) -> float:
        """The K that best predicts the fitted games' results with ``w`` (golden section on log K)."""
        scores = self.scores(w, self.train)
        lo, hi = math.log(20.0), math.log(20000.0)
        g = (math.sqrt(5) - 1) / 2
        for _ in range(40):
            a, b = hi - g * (hi - lo), lo + g * (hi - lo)
            if mse(scores, self.train[1], math.exp(a)) < mse(scores, self.train[1], math.exp(b)):
                hi = b
            else:
                lo = a
        self.k = math.exp((lo + hi) / 2)
        return self.k


def mse(scores: list[int], results: list[float], k: float) -> float:
    total = sum((r - predicted(e, k)) ** 2 for e, r in zip(scores, results, strict=True))
    return total / max(1, len(results))


@dataclasses.dataclass
class Param:
    """One tunable number: a field of the weights or one piece kind's value."""

    name: str
    start: float
    step: float
    kind: int | None = None  # a piece kind (the weights' ``values``), else a field

    def get(self, w: Any) -> float:
        return w.values[self.kind] if self.kind is not None else getattr(w, self.name)

    def set(self, w: Any, value: float) -> Any:
        if self.kind is not None:
            return dataclasses.replace(w, values={**w.values, self.kind: int(value)})
        old = getattr(w, self.name)
        return dataclasses.replace(w, **{self.name: int(value) if isinstance(old, int) else value})

    def allowed(self, value: float, max_change: float) -> bool:
        if self.start == 0:
            return 0 <= value <= 4 * self.step  # a zero weight may grow a little, never turn negative
        low, high = sorted((self.start / (1 + max_change), self.start * (1 + max_change)))
        return low <= value <= high


def params_of(w: Any, variant: str) -> list[Param]:
    """The numbers the fit moves (see the module docs: the unit piece and win-sized scores stay)."""
    present = get_variant(variant).pieces.by_number
    out = []
    for f in dataclasses.fields(w):
        value = getattr(w, f.name)
        if f.name == "values" or f.name in NOT_TUNED or isinstance(value, bool):
            continue
        step = 0.05 if isinstance(value, float) else max(1, abs(int(value)) // 5)
        out.append(Param(f.name, value, step))
    positive = {k: v for k, v in w.values.items() if v > 0 and k in present}
    unit = min(positive, key=lambda k: (positive[k], k)) if positive else None
    for kind, value in sorted(positive.items()):
        if kind != unit:
            out.append(Param(f"values[{kind}]", value, max(1, value // 10), kind))
    return out


def tune(fit: Fit, start: Any, passes: int, max_change: float = 0.5) -> Any:
    """Coordinate descent kept honest by the held-out games (see the module docs)."""
    w = start
    err, held = fit.error(w), fit.error(w, held_out=True)
    params = params_of(w, fit.variant.name)
    for p in range(passes):
        moved = 0
        for param in params:
            for sign in (1, -1):
                value = param.get(w) + sign * param.step
                if isinstance(param.get(w), int):
                    value = int(value)
                if value == param.get(w) or not param.allowed(value, max_change):
                    continue
                trial = param.set(w, value)
                e = fit.error(trial)
                if e >= err:
                    continue
                h = fit.error(trial, held_out=True)
                if h > held:
                    continue
                w, err, held = trial, e, h
                moved += 1
                break
            else:
                param.step = param.step / 2 if isinstance(param.step, float) else max(1, int(param.step) // 2)
        print(f"pass {p + 1}: error {err:.5f}, held-out {held:.5f}, {moved} weights moved", flush=True)
        if not moved:
            break
    return w


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="khet")
    parser.add_argument("--games", type=int, default=40, help="self-play games")
    parser.add_argument("--depth", type=int, default=2, help="search depth of the self-play moves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--setups", help="comma-separated setups to play from (default: all)")
    parser.add_argument("--every", type=int, default=1, help="keep every N-th position of a game")
    parser.add_argument("--passes", type=int, default=4)
    parser.add_argument("--sample", type=int, default=0, help="fit at most this many positions (0: all)")
    parser.add_argument("--holdout", type=int, default=4, help="hold out every N-th game (0: none)")
    parser.add_argument("--max-change", type=float, default=0.5, help="how far a weight may move (fraction)")
    parser.add_argument("--positions", help="reuse positions saved by an earlier run instead of playing")
    parser.add_argument("--weights", help="start from these weights (JSON) instead of the current ones")
    parser.add_argument("--out", required=True, help="where to write the tuned weights (JSON)")
    args = parser.parse_args(argv)
    print("tools/tune.py " + " ".join(argv), flush=True)
    out = Path(args.out)
    start_time = time.monotonic()
    try:
        start = load_weights(args.weights, args.variant) if args.weights else default_weights(args.variant)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.positions:
        saved = json.loads(Path(args.positions).read_text(encoding="utf-8"))
        if saved.get("variant") != args.variant:
            print(f"error: {args.positions} holds {saved.get('variant')} positions", file=sys.stderr)
            return 2
        data: list[Record] = [(f, float(r), int(g)) for f, r, g in saved["positions"]]
    else:
        setups = [s.strip() for s in args.setups.split(",")] if args.setups else None
        saved_path = out.with_suffix(".positions.json")

        def save(data: list[Record]) -> None:
            write_json(saved_path, {"variant": args.variant, "command": argv, "positions": data})

        data = self_play(args.variant, args.games, args.depth, args.seed, args.every, setups, save)
        print(f"{len(data)} positions saved to {saved_path}")
    if args.sample and len(data) > args.sample:
        every = math.ceil(len(data) / args.sample)
        data = data[::every]  # evenly over the games
        print(f"fitting every {every}-th position: {len(data)}")
    fit = Fit(args.variant, data, args.holdout)
    k = fit.fit_k(start)
    before, held_before = fit.error(start), fit.error(start, held_out=True)
    print(
        f"{len(fit.train[1])} fitted positions, {len(fit.check[1])} held out, K = {k:.0f}, "
        f"error with the starting weights {before:.5f} (held-out {held_before:.5f})",
        flush=True,
    )
    tuned = tune(fit, start, args.passes, args.max_change)
    after, held_after = fit.error(tuned), fit.error(tuned, held_out=True)
    for param in params_of(start, args.variant):
        a, b = param.get(start), param.get(tuned)
        if a != b:
            print(f"  {param.name}: {a} -> {b}")
    write_json(out, weights_to_json(tuned, args.variant))
    print(
        f"held-out error {held_before:.5f} -> {held_after:.5f} "
        f"({(held_before - held_after) / max(held_before, 1e-12):.1%} lower); "
        f"fitted {before:.5f} -> {after:.5f}; {time.monotonic() - start_time:.0f} s; weights written to {out}"
    )
    return 0


def write_json(path: Path, data: object) -> None:
    """Written whole or not at all."""
    atomic_write_text(path, json.dumps(data, indent=1))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
