"""How much of a ``go movetime`` an engine process uses, measured from outside.

    python tools/movetime_check.py [--movetime MS] [--answers N] [--variant V ...] [--cmd COMMAND]

For each rule set it starts the engine (``python -m game engine`` by default), sends positions
reached by a few random actions from the start, ``go movetime MS`` for each, and times from the
moment the ``go`` line is written to the moment the ``bestmove`` line is read (wall clock: run it
on a quiet machine). It prints, per rule set, the least, median and most share of the movetime
used and how many answers passed it.
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import sys
import time

from game.move import Move
from game.position import Position
from game.search.limits import Limits
from game.search.protocol import EngineProcess, position_line
from game.variants import VARIANTS


def positions(variant: str, count: int, seed: int) -> list[list[str]]:
    """``count`` move lists, each a few random legal actions from the variant's start."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        pos = Position.setup(None, variant)
        moves: list[str] = []
        for _ in range(rng.randrange(0, 8)):
            codes = pos.generate_codes()
            if not codes or pos.outcome() is not None:
                break
            move = Move.from_code(rng.choice(codes))
            moves.append(pos.move_text(move))
            pos.push(move)
            if pos.outcome() is not None:
                moves.pop()
                pos.pop()
                break
        out.append(moves)
    return out


def measure(command: str, variant: str, movetime: int, answers: int, seed: int) -> list[float]:
    """The share of the movetime each answer took (1.0 = all of it)."""
    shares = []
    setup = next(iter(Position.setup(None, variant).variant.setups))
    with EngineProcess(command) as engine:
        for moves in positions(variant, answers, seed):
            engine.send(position_line(variant, setup, None, moves))
            engine.send("isready")
            engine._until("readyok", 30)
            start = time.monotonic()
            engine.send(f"go movetime {movetime}")
            engine._until("bestmove", 10 + movetime / 100)
            shares.append((time.monotonic() - start) * 1000 / movetime)
    return shares


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--movetime", type=int, default=1000, help="milliseconds per answer")
    parser.add_argument("--answers", type=int, default=8, help="answers per rule set")
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS), help="(default: all)")
    parser.add_argument("--cmd", default=f"{shlex.quote(sys.executable)} -m game engine")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    Limits(movetime=args.movetime / 1000)  # checks the number
    print(f"{'rule set':<18} {'least':>6} {'median':>7} {'most':>6}  passed")
    for variant in args.variant or list(VARIANTS):
        shares = measure(args.cmd, variant, args.movetime, args.answers, args.seed)
        over = sum(1 for s in shares if s > 1.0)
        print(
            f"{variant:<18} {min(shares):6.1%} {statistics.median(shares):7.1%} {max(shares):6.1%}  "
            f"{over} of {len(shares)}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
