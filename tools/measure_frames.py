"""Measure the frame rate while the CPU (Hard) thinks, while a beam animates, and while the replay
analyses a game (quick setting) in the worker process.

Runs the real app headless (SDL dummy driver) with the real 60 frames/s pacing and reports, for
each phase, the frames per second achieved and the slowest frames. Usage:

    python tools/measure_frames.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def run_phase(app, seconds: float, keep_going) -> list[float]:
    """Frame-to-frame intervals (ms) of the real loop for ``seconds`` or until keep_going() fails."""
    intervals: list[float] = []
    end = time.perf_counter() + seconds
    last = time.perf_counter()
    while time.perf_counter() < end and keep_going():
        app.step()
        app.clock.tick(60)
        now = time.perf_counter()
        intervals.append((now - last) * 1000)
        last = now
    return intervals


def report(name: str, intervals: list[float]) -> None:
    if not intervals:
        print(f"{name}: no frames")
        return
    fps = 1000 * len(intervals) / sum(intervals)
    ordered = sorted(intervals)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    print(
        f"{name}: {len(intervals)} frames, {fps:.1f} frames/s, median {statistics.median(intervals):.1f} ms, "
        f"99th percentile {p99:.1f} ms, slowest {max(intervals):.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        os.environ["LASERCHESS_DATA"] = data
        from game import Game, Player
        from gui.app import App

        app = App((1280, 720), sound=False, persist=False)
        app.settings.laser_speed = "slow"
        for _ in range(3):
            app.step(1 / 60)

        # 1. The CPU at Hard thinks (the human has just moved).
        game = Game.new("khet", "Classic", players=(Player("human"), Player("cpu", level="Hard")))
        screen = app.screens.push("game", game=game)
        screen.play_move(screen.position.parse_move("c1c2"))
        run_phase(app, 1.0, lambda: screen.view.busy)  # let the beam finish first
        thinking = run_phase(app, args.seconds, lambda: screen.session.turn == 1)
        depth = screen.deepest
        report(f"CPU (Hard) thinking (reached depth {depth})", thinking)

        # 2. Beams animating (slow laser speed) in a two-player game, move after move.
        app.screens.home()
        app.step(1 / 60)
        game = Game.new("khet", "Classic", players=(Player("human"), Player("human")))
        screen = app.screens.push("game", game=game)
        beams: list[float] = []
        for text in ("h2h3", "h8h7", "j1L", "h7h8", "j1R", "c7c6"):
            screen.play_move(screen.position.parse_move(text))
            beams += run_phase(app, 3.0, lambda: screen.view.busy)
        report("Beam animation (slow speed, 6 shots)", beams)

        # 3. The replay analysing a 60-ply game (quick setting) in the worker process.
        from game.analysis import engine_game

        app.screens.home()
        app.step(1 / 60)
        replay = app.screens.push("replay", game=engine_game(plies=60))
        run_phase(app, 0.5, lambda: True)  # the screen's first frames (fonts, widgets) are not the analysis
        replay.study.start("quick")
        analysing = run_phase(app, 120.0, lambda: replay.study.running)
        report(f"Replay analysing 60 plies (done: {replay.study.analysis is not None})", analysing)
        app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
