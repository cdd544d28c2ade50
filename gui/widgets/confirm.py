"""The one press-twice confirmation used everywhere (leave a game, resign, offer a draw, delete a
game or a setup, overwrite a setup, restore default settings).

The first press arms it and shows a notice; a second press of the same thing within
:data:`CONFIRM_SECONDS` confirms. The notice lasts exactly as long as the confirmation is armed,
and it belongs to its screen: it shows in that screen's notice strip, the app draws only the top
screen's, and a screen that is covered or left disarms its own, so it never rides onto another.
"""

from __future__ import annotations

import pygame

from gui.widgets.toast import INFO, Toasts

CONFIRM_SECONDS = 3.0


class ConfirmTwice:
    """At most one armed confirmation for one screen."""

    def __init__(self, seconds: float = CONFIRM_SECONDS) -> None:
        self.seconds = seconds
        self.key: str | None = None
        self.left = 0.0
        self._notice = Toasts()

    def press(self, key: str, notice: str = "") -> bool:
        """A press of ``key``: True when it confirms an armed press, else arms it (and shows
        ``notice``) and returns False. Arming one key disarms any other."""
        if self.armed(key):
            self.cancel()
            return True
        self.cancel()
        self.key, self.left = key, self.seconds
        if notice:
            self._notice.show(notice, INFO, self.seconds)
        return False

    def armed(self, key: str | None = None) -> bool:
        """Is ``key`` (or anything, if None) armed right now?"""
        return self.left > 0 and (key is None or key == self.key)

    @property
    def notice(self) -> str | None:
        """The text shown while armed (None when nothing is)."""
        return self._notice.items[0].text if self.armed() and self._notice.items else None

    def cancel(self) -> None:
        self.key, self.left = None, 0.0
        self._notice.items.clear()

    def next_change_in(self) -> float | None:
        """Seconds until the armed press runs out or its notice fades (None when nothing is armed)."""
        if not self.armed():
            return None
        fade = self._notice.next_change_in()
        return self.left if fade is None else min(fade, self.left)

    def update(self, dt: float) -> bool:
        """Advance the timer; returns True when an armed press just ran out (labels to reset)."""
        if self.left <= 0:
            return False
        self.left -= dt
        self._notice.update(dt)
        if self.left <= 0:
            self.cancel()
            return True
        return False

    def draw(self, surface: pygame.Surface, strip: pygame.Rect) -> bool:
        """The armed press's notice in the screen's ``strip``; True when one was drawn."""
        if self.armed() and self._notice.current is not None:
            self._notice.draw(surface, strip)
            return True
        return False
