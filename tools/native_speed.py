"""The native core's speed against the Python core, in CPU time (so it holds on a busy machine).

    python tools/native_speed.py                  # Khet, Leiserchess 2017 and 2018: bench depth 5, 1 s
    python tools/native_speed.py --depth 6 --seconds 2 --variant khet

Per rule set: nodes/s of each core over the bench positions (Khet: the eight of ``python -m game
bench``; Leiserchess: the opening), each searched to ``--depth`` by a fresh engine and timed with
``time.process_time()``, whether both counted the same nodes, and the depth each reaches from the
start in ``--seconds`` of CPU time (the engine's clock is the process's CPU clock).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import native  # noqa: E402
from game.position import Position  # noqa: E402
from game.search.cli import BENCH_POSITIONS  # noqa: E402
from game.search.engine import Engine  # noqa: E402
from game.search.limits import Limits  # noqa: E402
from game.variants import get_variant  # noqa: E402


def bench(variant: str, depth: int, engine: type[Engine]) -> tuple[int, float]:
    """(nodes, CPU seconds) of the bench positions of ``variant`` at ``depth``."""
    v = get_variant(variant)
    positions = BENCH_POSITIONS if variant == "khet" else tuple(v.setups.items())
    nodes, seconds = 0, 0.0
    for _, fen in positions:
        pos = Position.from_fen(fen, v)
        start = time.process_time()
        nodes += engine().search(pos, Limits(depth=depth)).nodes
        seconds += time.process_time() - start
    return nodes, seconds


def depth_in(variant: str, seconds: float, engine: type[Engine]) -> int:
    """The depth a fresh engine completes from the start in ``seconds`` of CPU time."""
    setup = "Classic" if variant == "khet" else None
    pos = Position.setup(setup, variant)
    return engine(clock=time.process_time).search(pos, Limits(movetime=seconds)).depth


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--variant", action="append", choices=sorted(native.SERVED))
    args = parser.parse_args(argv)
    if not native.available():
        print(f"error: no native core: {native.why_not}", file=sys.stderr)
        return 2
    print(
        f"{'rule set':<16} {'Python n/s':>11} {'native n/s':>11} {'x':>5}  same nodes  "
        f"depth in {args.seconds:g} s: Python / native"
    )
    for variant in args.variant or sorted(native.SERVED):
        py_nodes, py_time = bench(variant, args.depth, Engine)
        c_nodes, c_time = bench(variant, args.depth, native.NativeEngine)
        py_rate, c_rate = py_nodes / max(py_time, 1e-9), c_nodes / max(c_time, 1e-9)
        depths = [depth_in(variant, args.seconds, kind) for kind in (Engine, native.NativeEngine)]
        print(
            f"{variant:<16} {py_rate:>11,.0f} {c_rate:>11,.0f} {c_rate / py_rate:>5.1f}  "
            f"{'yes' if py_nodes == c_nodes else 'NO':<10}  {depths[0]} / {depths[1]}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
