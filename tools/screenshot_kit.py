"""The shared start of the README screenshot scripts (tools/*_screenshots.py).

Each script needs the same things before it can stage its picture: headless SDL, the checkout on
the import path, an output folder and window size from the command line, a throw-away data folder
(so a picture never touches the player's settings or saves) and one App; written once here.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


@contextmanager
def screenshot_app(description: str, default_size: str) -> Iterator[tuple[Any, Callable[[str], None]]]:
    """An App in a temporary data folder and ``save(name)``, writing ``OUT/name.png``; shut down after."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("out", nargs="?", default="docs/screenshots")
    parser.add_argument("--size", default=default_size)
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        os.environ["LASERCHESS_DATA"] = data
        import pygame

        from gui.app import App

        app = App((w, h), sound=False, persist=False)

        def save(name: str) -> None:
            pygame.image.save(app.surface, str(out / f"{name}.png"))
            print(out / f"{name}.png")

        yield app, save
        app.shutdown()
