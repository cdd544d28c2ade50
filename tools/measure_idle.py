"""Measure the CPU the app uses on screens where nothing moves (the README quotes the result).

Runs the real main loop (``App.run``) headless on the SDL dummy driver at 1280x720 for a few
seconds per screen and reports the process CPU time divided by the wall time, i.e. the share of
one core. A timer posts the window-close event that ends each run. Usage:

    python tools/measure_idle.py [--seconds 10]

Screens measured: a two-player game with no clock (human to move, no animation), the New game
screen, and Past games with a few saved games.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def measure(screen: str, seconds: float) -> float:
    """Share of one core (0..1) the whole process used while ``screen`` stood still."""
    import pygame

    from game import Game, Player
    from gui.app import App
    from gui.testing import run_frames

    app = App((1280, 720), sound=False, persist=False)
    if screen == "game":
        app.screens.push("game", game=Game.new(players=(Player("human"), Player("human"))))
    else:
        app.screens.push(screen)
    run_frames(app, 30)  # settle: first-frame caches, fonts, the board image
    app.toasts.items.clear()
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), 1)
    wall, cpu = time.perf_counter(), time.process_time()
    app.run()
    return (time.process_time() - cpu) / (time.perf_counter() - wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        os.environ["LASERCHESS_DATA"] = data
        from game import Game
        from gui.paths import saves_dir

        for _ in range(3):
            Game.new().save(saves_dir())
        for screen in ("game", "config", "browser"):
            share = measure(screen, args.seconds)
            print(f"{screen:8s} {share * 100:5.1f} % of one core over {args.seconds:.0f} s")


if __name__ == "__main__":
    main()
