"""Helpers for driving the app headlessly with posted pygame events (GUI tests, screenshots).

Everything goes through the real event queue, so pygame-gui and the screens see exactly what a
user's mouse and keyboard would produce.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

if TYPE_CHECKING:
    from gui.app import App
    from gui.screen import Screen

FRAME = 1 / 60
S = TypeVar("S", bound="Screen")


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


def open_screen(app: App, kind: type[S], frames: int = 2, **kwargs: Any) -> S:
    """Push the screen of class ``kind`` (by its registered name) with ``kwargs`` and run a few frames."""
    screen = app.screens.push(kind.name, **kwargs)
    if not isinstance(screen, kind):
        raise AssertionError(f"pushing {kind.name!r} opened {type(screen).__name__}")
    run_frames(app, frames)
    return screen


def wait_until(
    app: App, condition: Callable[[], object], seconds: float = 60.0, pause: float = 0.005
) -> None:
    """Run frames until ``condition()`` holds (work in another process, such as a search, takes a
    while); AssertionError if it still does not after ``seconds``."""
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        run_frames(app, 1)
        time.sleep(pause)
    if not condition():
        raise AssertionError(f"not reached within {seconds:g} s")
