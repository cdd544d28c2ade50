"""How deep each level searches and how much of its time budget it uses, in the setups' openings.

    python tools/level_budget.py [--variant khet,laserchess98|all] [--setups Classic] [--levels Medium,Hard]

Each level searches every setup's start position with a fresh engine of the rule set (as in a new
game) using the level's own limits and randomness; prints the depth completed, the seconds used
against the budget and the CPU seconds. Run it from a checkout (PYTHONPATH) to measure that
checkout's engine. Without ``--setups`` a rule set's own setups are used (Khet: Classic, Imhotep,
Dynasty; LaserChess 98: its reconstructed start, the others being small demonstration layouts).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.position import Position  # noqa: E402
from game.search import LEVELS, get_level  # noqa: E402
from game.search.engine import make_engine  # noqa: E402
from game.search.weights import default_weights  # noqa: E402
from game.variants import VARIANTS, get_variant  # noqa: E402

OPENINGS = {"khet": "Classic,Imhotep,Dynasty", "laserchess98": "Reconstructed layout"}


def tunable_variants() -> list[str]:
    """The rule sets with an evaluation that has weights (the laser rule sets)."""
    out = []
    for name in VARIANTS:
        try:
            default_weights(name)
        except ValueError:
            continue
        out.append(name)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setups", help="comma-separated setups (default: the rule set's openings)")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--variant", default="khet", help="comma-separated rule sets, or all")
    args = parser.parse_args(argv)
    variants = tunable_variants() if args.variant == "all" else args.variant.split(",")
    print(
        f"{'rule set':<16} {'level':<9} {'budget':>7} {'cap':>4}  {'depth per setup':<16} "
        f"{'seconds per setup':<20} {'used':>5} {'CPU s':>6}"
    )
    for variant in variants:
        v = get_variant(variant)
        setups = (args.setups or OPENINGS.get(v.name) or ",".join(v.setups)).split(",")
        for name in args.levels.split(","):
            level = get_level(name)
            depths, seconds, cpu = [], [], 0.0
            for setup in setups:
                pos = Position.setup(setup.strip(), v.name)
                c0 = time.process_time()
                r = make_engine(v).search(
                    pos, level.limits(variant=v), None, level.randomness(v), level.rng(1)
                )
                cpu += time.process_time() - c0
                depths.append(r.depth)
                seconds.append(r.seconds)
            used = sum(seconds) / (len(seconds) * level.seconds)
            print(
                f"{v.name:<16} {level.name:<9} {level.seconds:>6g}s {level.depth_in(v):>4}  "
                f"{' '.join(map(str, depths)):<16} {' '.join(f'{x:.2f}' for x in seconds):<20} "
                f"{used:>5.0%} {cpu / len(setups):>6.2f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
