"""Time the analysis of a 60-ply Khet game at the quick setting, in this process and in the worker.

The game is played here by the engine (depth 2 with the Easy level's randomness, seed 3), so every
run measures the same game. Run: ``python tools/bench_analysis.py [--strength quick] [--plies 60]``.
"""

from __future__ import annotations

import argparse
import time

from game.analysis import BackgroundAnalysis, analyse_game, engine_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--strength", default="quick")
    parser.add_argument("--plies", type=int, default=60)
    args = parser.parse_args()
    game = engine_game(plies=args.plies)
    print(f"game: {len(game.moves)} plies, Khet Classic")
    t0 = time.perf_counter()
    analyse_game(game, args.strength)
    print(f"in this process: {time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    job = BackgroundAnalysis(game, args.strength)
    while not job.poll():
        time.sleep(0.005)
    if job.error:
        raise SystemExit(job.error)
    seconds = time.perf_counter() - t0
    print(f"in the worker process (the replay screen's way, process start included): {seconds:.1f} s")


if __name__ == "__main__":
    main()
