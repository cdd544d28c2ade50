"""What the app does when a screen raises: the main loop survives.

:func:`handle_crash` (called by :meth:`gui.app.App.step` for any exception in a frame) writes the
traceback to ``logs/crash-*.log`` in the data folder, saves every game in progress (each screen
holding a ``session`` with ``save()``), and puts :class:`CrashScreen` on top: what happened, where
the log is, and the buttons *Back to menu* and *Copy details*. A failure of the crash screen itself
is not caught again: the program ends (the log is written first).
"""

from __future__ import annotations

import logging
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game.fileio import atomic_write_text
from gui import clipboard, paths
from gui.art.fonts import blit_wrapped, font
from gui.colours import TEXT
from gui.layout import px, style
from gui.screen import Screen
from gui.widgets.chrome import draw_background, draw_title, panel

if TYPE_CHECKING:
    from gui.app import App

log = logging.getLogger(__name__)


def crash_details(exc: BaseException, app: App | None = None) -> str:
    """The text of the log: when, versions, the screen stack, then the traceback."""
    lines = [
        f"Laser Chess crash report, {time.strftime('%Y-%m-%d %H:%M:%S')}",
        f"Python {sys.version.split()[0]} on {platform.platform()}; pygame-ce {pygame.version.ver}",
    ]
    if app is not None:
        lines.append("screens: " + " > ".join(app.screens.names()))
    lines.append("")
    lines.extend(traceback.format_exception(exc))
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def write_crash_log(details: str) -> Path | None:
    """Write ``details`` to a new file in ``logs/`` of the data folder; None if that fails."""
    folder = paths.data_dir() / "logs"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}.log"
    n = 1
    while path.exists():
        path = folder / f"crash-{stamp}-{n}.log"
        n += 1
    try:
        atomic_write_text(path, details)
    except OSError as exc:
        log.error("crash log not written to %s: %s", path, exc)
        return None
    return path


def save_games_in_progress(app: App) -> list[Path]:
    """Ask every screen's game session to save now; returns the files written."""
    saved: list[Path] = []
    for screen in app.screens.stack:
        session: Any = getattr(screen, "session", None)
        save = getattr(session, "save", None)
        if not callable(save):
            continue
        try:
            path = save()
        except Exception:  # noqa: BLE001 - the game may be what is broken; keep going
            log.exception("the game in progress could not be saved")
            continue
        if isinstance(path, Path):
            saved.append(path)
    return saved


def handle_crash(app: App, exc: Exception) -> bool:
    """Recover from ``exc`` raised during a frame. Returns False when it cannot (the crash screen
    itself failed): the caller then lets the exception end the program."""
    details = crash_details(exc, app)
    log_path = write_crash_log(details)
    log.error("a screen failed; details in %s\n%s", log_path, details)
    if isinstance(app.screens.top, CrashScreen):
        return False
    saved = save_games_in_progress(app)
    screen = CrashScreen(app, details=details, log_path=log_path, saved=saved, error=exc)
    try:
        app.screens.push(screen)
    except Exception:  # noqa: BLE001 - the failing screen may fail again while being suspended
        app.screens.stack.append(screen)
        screen.enter()
    return True


def back_to_menu(app: App) -> None:
    """Leave every screen (errors while leaving are only logged) and open a fresh main menu."""
    while app.screens.stack:
        screen = app.screens.stack.pop()
        try:
            screen.exit()
        except Exception:  # noqa: BLE001 - a broken screen must not stop the way back
            log.exception("screen %s failed while closing", screen.name)
    app.screens.push("menu")


class CrashScreen(Screen):
    """The error panel shown after a screen failed."""

    name = "crash"
    title = "Something went wrong"
    show_home_button = False

    def __init__(
        self,
        app: App,
        details: str = "",
        log_path: Path | None = None,
        saved: list[Path] | None = None,
        error: BaseException | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(app, **kw)
        self.details = details
        self.log_path = log_path
        self.saved = saved or []
        self.error = error
        self.menu_button: UIButton | None = None
        self.copy_button: UIButton | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def message(self) -> str:
        what = f"{type(self.error).__name__}: {self.error}" if self.error is not None else "an error"
        if len(what) > 120:
            what = what[:120] + "…"
        parts = [f"The screen stopped because of an error in the program ({what})."]
        if self.saved:
            parts.append(f"Your game was saved ({self.saved[-1].name}); Continue or Past games resumes it.")
        if self.log_path is not None:
            parts.append(f"The details were written to {self.log_path}.")
        else:
            parts.append(
                "The details could not be written to a file: Copy details puts them on the clipboard."
            )
        return "\n".join(parts)

    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        w, h = size
        width = min(w - 2 * px(40, size), px(760, size))
        height = min(h - 2 * px(90, size), px(360, size))
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.center = (w // 2, h // 2 + px(20, size))
        button_h = px(48, size)
        gap = px(16, size)
        button_w = (width - 3 * gap) // 2
        y = self.panel_rect.bottom - gap - button_h
        self.menu_button = UIButton(
            pygame.Rect(self.panel_rect.x + gap, y, button_w, button_h),
            "Back to menu",
            manager=self.app.ui,
            container=root,
            object_id=style("btn", size),
        )
        self.copy_button = UIButton(
            pygame.Rect(self.panel_rect.right - gap - button_w, y, button_w, button_h),
            "Copy details",
            manager=self.app.ui,
            container=root,
            object_id=style("btn", size),
        )

    def teardown(self) -> None:
        self.menu_button = self.copy_button = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.menu_button:
                back_to_menu(self.app)
                return True
            if event.ui_element is self.copy_button:
                self.copy()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            back_to_menu(self.app)
            return True
        return False

    def copy(self) -> bool:
        if clipboard.put_text(self.details):
            self.app.notify("The details are on the clipboard.")
            return True
        self.app.notify("The system clipboard is not available; the details were copied inside the app.")
        return False

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_background(surface, self.app.settings.board_scheme)
        draw_title(surface, self.title)
        panel(surface, self.panel_rect)
        pad = px(24, size)
        text_rect = self.panel_rect.inflate(-2 * pad, -2 * pad)
        text_rect.height -= px(48, size) + px(8, size)
        f = font(px(18, size))
        lines = max(1, text_rect.height // f.get_linesize())
        blit_wrapped(surface, self.message(), f, TEXT, text_rect, max_lines=lines, centred=False)
