"""Helpers for driving the app headlessly with posted pygame events (GUI tests, screenshots).

Everything goes through the real event queue, so pygame-gui and the screens see exactly what a
user's mouse and keyboard would produce.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from gui.app import App

FRAME = 1 / 60


def run_frames(app: App, frames: int = 2, dt: float = FRAME) -> None:
    for _ in range(frames):
        app.step(dt)


def post_click(app: App, pos: tuple[int, int], button: int = 1, frames: int = 3) -> None:
    """Press and release a mouse button at ``pos``, then run a few frames (pygame-gui answers a
    click with an event of its own, which the screen sees on the next frame)."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    run_frames(app, frames)


def click_element(app: App, element, frames: int = 3) -> None:
    """Click the middle of a pygame-gui element."""
    post_click(app, element.rect.center, frames=frames)


def post_key(app: App, key: int, mod: int = 0, frames: int = 2, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    run_frames(app, frames)


def post_resize(app: App, size: tuple[int, int], frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    run_frames(app, frames)
