"""Measure the share of one core the app uses on its own window (the README quotes the result).

Runs the real main loop (``App.run``) for a few seconds per scene and reports the process CPU time
divided by the wall time. Measure on a real window — an X server, e.g. Xvfb — because the SDL dummy
driver skips the cost of showing each frame:

    xvfb-run -s "-screen 0 1920x1080x24" python tools/measure_cpu.py --size 1280x720

Without a display it falls back to the dummy driver (and says so). ``--checkout DIR`` measures the
app of another checkout (side-by-side comparisons). Scenes:

- ``still``: a two-player game with no clock, nothing moving (a human to move);
- ``clock``: a two-player game with a 5-minute clock running for the side to move;
- ``menu``: the main menu with its laser show;
- ``rules``: the Rules screen waiting on its first page.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCENES = ("still", "clock", "menu", "rules")


def _open_scene(app, scene: str) -> None:
    from game import Game, Player, TimeControl

    humans = (Player("human"), Player("human"))
    if scene == "still":
        app.screens.push("game", game=Game.new(players=humans))
    elif scene == "clock":
        app.update_settings(clock_after_first_move=False)
        app.screens.push("game", game=Game.new(players=humans, time_control=TimeControl(300.0)))
    elif scene == "rules":
        app.screens.push("rules")


def x_server_seconds() -> float | None:
    """CPU seconds used so far by the Xvfb serving $DISPLAY (None when there is none to find):
    work SDL hands to the X server, such as showing frames, counts too."""
    display = os.environ.get("DISPLAY", "").encode()
    if not display:
        return None
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if not args[0].endswith(b"Xvfb") or display not in args:
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return None


def measure(scene: str, size: tuple[int, int], seconds: float) -> tuple[float, float, float | None]:
    """(share of one core 0..1, frames drawn per second, the X server's share or None) over
    ``seconds`` of ``scene``."""
    import pygame

    from gui.app import App
    from gui.testing import run_frames

    app = App(size, sound=False, persist=False, fullscreen=False)
    _open_scene(app, scene)
    run_frames(app, 100)  # settle: first-frame caches, fonts, the board image, a piece card due
    app.toasts.items.clear()
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), 1)
    frames = app.frames
    server = x_server_seconds()
    wall, cpu = time.perf_counter(), time.process_time()
    app.run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    after = x_server_seconds()
    share = None if server is None or after is None else (after - server) / wall
    return cpu / wall, (app.frames - frames) / wall, share


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--size", type=_size, action="append", help="WxH (repeatable; default 1280x720)")
    parser.add_argument("--scene", choices=SCENES, action="append", help="(repeatable; default all)")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout whose app is measured")
    args = parser.parse_args()
    sys.path.insert(0, str(args.checkout.resolve()))
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        print("no display: measuring on the SDL dummy driver (not a real window)")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as data:
        os.environ["LASERCHESS_DATA"] = data
        for size in args.size or [(1280, 720)]:
            for scene in args.scene or SCENES:
                share, fps, server = measure(scene, size, args.seconds)
                extra = "" if server is None else f" (X server {server * 100:4.1f} %)"
                print(
                    f"{scene:6s} {size[0]}x{size[1]}: {share * 100:5.1f} % of one core{extra}, "
                    f"{fps:5.1f} frames/s over {args.seconds:.0f} s"
                )


if __name__ == "__main__":
    main()
