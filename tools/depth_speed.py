"""How deep the Python search gets from each rule set's start in CPU time (docs/engine.md).

    python tools/depth_speed.py [--seconds 1] [--variant laserchess87 ...] [--pure]

For each rule set: the CPU seconds (``time.process_time()``, so other load on the machine counts
little) at which each depth of an unlimited iterative deepening completed, with its nodes, until
``--seconds`` x 3; then the depth a timed search reaches with ``--seconds`` on the CPU clock
(``Limits(movetime=...)``, as ``bestmove --movetime`` on an idle machine: the time manager decides
whether a next depth fits). ``--pure`` asks for the Python engine also where the native core serves.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.native import make_native_engine  # noqa: E402
from game.position import Position  # noqa: E402
from game.search.engine import Engine  # noqa: E402
from game.search.limits import Limits, Progress  # noqa: E402
from game.variants import VARIANTS, get_variant  # noqa: E402


def _engine(variant: str, pure: bool) -> Engine:
    """The engine ``bestmove`` uses (native where it serves, unless ``pure``), on the CPU clock."""
    if pure:
        return Engine(clock=time.process_time)
    return make_native_engine(get_variant(variant), clock=time.process_time)


class _CpuStop:
    """A stop signal raised once the process has used ``seconds`` of CPU since ``start``."""

    def __init__(self, start: float, seconds: float) -> None:
        self.end = start + seconds

    def is_set(self) -> bool:
        return time.process_time() >= self.end


def depth_times(variant: str, seconds: float, pure: bool) -> list[tuple[int, float, int]]:
    """(depth, CPU seconds when it completed, nodes) of a search from the start until 3 x ``seconds``."""
    pos = Position.setup(variant=variant)
    engine = _engine(variant, pure)
    start = time.process_time()
    done: list[tuple[int, float, int]] = []

    def progress(p: Progress) -> None:
        done.append((p.depth, time.process_time() - start, p.nodes))

    engine.search(pos, Limits(stop=_CpuStop(start, 3 * seconds)), progress)
    return done


def timed_depth(variant: str, seconds: float, pure: bool) -> int:
    """The depth of a ``seconds`` movetime search from the start, timed on the CPU clock."""
    pos = Position.setup(variant=variant)
    return _engine(variant, pure).search(pos, Limits(movetime=seconds)).depth


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    parser.add_argument("--pure", action="store_true", help="the Python engine where native serves")
    args = parser.parse_args(argv)
    for variant in args.variant or sorted(VARIANTS):
        times = depth_times(variant, args.seconds, args.pure)
        within = max((d for d, t, _ in times if t <= args.seconds), default=0)
        steps = "  ".join(f"d{d} {t:.2f}s {n:,}" for d, t, n in times)
        timed = timed_depth(variant, args.seconds, args.pure)
        head = f"{variant:<16} depth {within} within {args.seconds:g} CPU s, timed search depth {timed}"
        print(f"{head}:  {steps}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
