"""Side-by-side engine speed of two checkouts, runs alternated: nodes/s at a fixed depth and the
depth reached in 1 s on the bench positions (docs/engine.md).

    python tools/engine_compare.py NEW_CHECKOUT OLD_CHECKOUT [--rounds 3] [--depth 5] [--seconds 1]

Each round runs one process per checkout (A, B, A, B, ...): every bench position is searched to
``--depth`` by a fresh engine (nodes / CPU seconds, so other load on the machine counts less) and
for ``--seconds`` of wall time (the depth completed). Prints per-round figures and the medians,
and the per-round ratio A/B of total nodes/s (machine speed drifts, the pairs cancel it).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

CHILD = r"""
import json, sys, time
from game.position import Position
from game.search import Engine, Limits
from game.search.cli import BENCH_POSITIONS
depth, seconds = int(sys.argv[1]), float(sys.argv[2])
out = {"nodes": 0, "cpu": 0.0, "depths": [], "timed_nps": []}
for name, fen in BENCH_POSITIONS:
    pos = Position.from_fen(fen, "khet")
    t0 = time.process_time()
    r = Engine().search(pos, Limits(depth=depth))
    out["cpu"] += time.process_time() - t0
    out["nodes"] += r.nodes
    if seconds > 0:
        r = Engine().search(pos, Limits(movetime=seconds))
        out["depths"].append(r.depth)
        out["timed_nps"].append(r.nps)
print(json.dumps(out))
"""


def run(checkout: str, depth: int, seconds: float) -> dict:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(checkout))
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(depth), str(seconds)],
        env=env,
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args(argv)
    rows: dict[str, list[dict]] = {"A": [], "B": []}
    ratios = []
    for i in range(args.rounds):
        for side, path in (("A", args.a), ("B", args.b)):
            r = run(path, args.depth, args.seconds)
            r["nps"] = r["nodes"] / r["cpu"]
            rows[side].append(r)
            print(
                f"round {i + 1} {side}: depth {args.depth}: {r['nodes']:,} nodes, {r['nps']:,.0f} nodes/s; "
                f"depth at {args.seconds:g} s: {r['depths']}",
                flush=True,
            )
        ratios.append(rows["A"][-1]["nps"] / rows["B"][-1]["nps"])
    for side, path in (("A", args.a), ("B", args.b)):
        rs = rows[side]
        depths = [statistics.median(r["depths"][k] for r in rs) for k in range(len(rs[0]["depths"]))]
        timed = statistics.median(statistics.mean(r["timed_nps"]) for r in rs) if depths else 0
        print(
            f"{side} {path}: median {statistics.median(r['nps'] for r in rs):,.0f} nodes/s at depth "
            f"{args.depth}; at {args.seconds:g} s: depths {depths} "
            f"(mean {statistics.mean(depths or [0]):.2f}), "
            f"{timed:,.0f} nodes/s"
        )
    print(
        f"nodes/s ratio A/B per round: {', '.join(f'{x:.2f}' for x in ratios)}; "
        f"median {statistics.median(ratios):.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
