"""How deep each level searches and how much of its time budget it uses, in the setups' openings.

    python tools/level_budget.py [--setups Classic,Imhotep] [--levels Medium,Hard]

Each level searches every setup's start position with a fresh engine (as in a new game) using
the level's own limits and randomness; prints the depth completed and the seconds used against
the budget. Run it from a checkout (PYTHONPATH) to measure that checkout's engine.
"""

from __future__ import annotations

import argparse
import sys

from game.position import Position
from game.search import LEVELS, Engine, get_level


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setups", default="Classic,Imhotep,Dynasty")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--variant", default="khet")
    args = parser.parse_args(argv)
    print(f"{'level':<9} {'budget':>7} {'cap':>4}  {'depth per setup':<22} {'seconds per setup':<26} used")
    for name in args.levels.split(","):
        level = get_level(name)
        depths, seconds = [], []
        for setup in args.setups.split(","):
            pos = Position.setup(setup.strip(), args.variant)
            r = Engine().search(pos, level.limits(), None, level.randomness(), level.rng(1))
            depths.append(r.depth)
            seconds.append(r.seconds)
        used = sum(seconds) / (len(seconds) * level.seconds)
        print(
            f"{level.name:<9} {level.seconds:>6g}s {level.depth:>4}  {' '.join(map(str, depths)):<22} "
            f"{' '.join(f'{x:.2f}' for x in seconds):<26} {used:.0%}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
