"""``python main.py --screenshots DIR``: render every registered screen and save one PNG each.

Each screen is shown on top of the main menu and run for a fixed number of frames at a fixed frame
time, so animations are caught mid-flight and the pictures are the same from run to run.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from gui.app import App

FRAME_TIME = 1 / 60
WARM_UP_FRAMES = 100  # 1.7 s of animation: beams are on their way


def take_screenshots(app: App, out_dir: Path, frames: int = WARM_UP_FRAMES) -> list[Path]:
    """Write ``<name>.png`` for every registered screen into ``out_dir``; returns the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for entry in app.registry.entries():
        app.screens.reset("menu")
        if entry.name != "menu":
            screen = entry.screenshot(app) if entry.screenshot is not None else entry.factory(app)
            app.screens.push(screen)
        for _ in range(frames):
            app.step(FRAME_TIME)
        path = out_dir / f"{entry.name}.png"
        tmp = out_dir / f".{entry.name}.tmp.png"
        pygame.image.save(app.surface, str(tmp))
        os.replace(tmp, path)
        written.append(path)
    app.screens.reset("menu")
    return written
