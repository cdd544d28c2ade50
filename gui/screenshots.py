"""``python main.py --screenshots DIR``: render every registered screen and save one PNG each.

Each screen is shown on top of the main menu and run for a fixed number of frames at a fixed frame
time, so animations are caught mid-flight and the pictures are the same from run to run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from gui.app import App
    from gui.screen import Screen

FRAME_TIME = 1 / 60
WARM_UP_FRAMES = 100  # 1.7 s of animation: beams are on their way


def take_screenshots(app: App, out_dir: Path, frames: int = WARM_UP_FRAMES) -> list[Path]:
    """Write ``<name>.png`` for every registered screen into ``out_dir``, and ``crash.png`` (the
    error panel a failing screen leaves, for a real exception; no log is written); returns the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    makers: list[tuple[str, Callable[[App], Screen] | None]] = [
        (entry.name, entry.screenshot or entry.factory) for entry in app.registry.entries()
    ]
    makers.append(("crash", crash_screen))
    for name, make in makers:
        app.screens.reset("menu")
        if name != "menu" and make is not None:
            app.screens.push(make(app))
        for _ in range(frames):
            app.step(FRAME_TIME)
        path = out_dir / f"{name}.png"
        tmp = out_dir / f".{name}.tmp.png"
        pygame.image.save(app.surface, str(tmp))
        os.replace(tmp, path)
        written.append(path)
    app.screens.reset("menu")
    return written


def crash_screen(app: App) -> Screen:
    """The error panel for a real exception with its traceback (nothing saved, no log file)."""
    from gui.crash import CrashScreen, crash_details

    try:
        raise RuntimeError("a screen failed (the picture of the error panel)")
    except RuntimeError as exc:
        return CrashScreen(app, details=crash_details(exc, app), log_path=None, error=exc)
