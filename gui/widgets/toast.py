"""Notices that slide in at the bottom of the window and go away by themselves (or on a click).

Used for things the user should know but need not act on: a settings file that could not be
read, a save that failed. Drawn over everything by the app.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gui.art.fonts import font, wrap_text
from gui.colours import GOLD, NOTICE_MARK, PANEL_SHADE, RED, SHADOW, TEXT
from gui.layout import px

INFO = "info"
ERROR = "error"

_ACCENT = {INFO: GOLD, ERROR: RED}
FADE_IN = 0.2
FADE_OUT = 0.5


@dataclass
class Toast:
    text: str
    kind: str = INFO
    seconds: float = 7.0
    age: float = 0.0

    @property
    def alpha(self) -> float:
        fade_in = min(1.0, self.age / FADE_IN)
        fade_out = min(1.0, max(0.0, (self.seconds - self.age) / FADE_OUT))
        return min(fade_in, fade_out)


class Toasts:
    """The stack of notices at the bottom centre of the window."""

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, text: str, kind: str = INFO, seconds: float | None = None) -> Toast:
        if seconds is None:
            seconds = max(5.0, min(14.0, 2.5 + len(text) / 16))
        toast = Toast(text, kind if kind in _ACCENT else INFO, seconds)
        # the same notice twice in a row just restarts its timer
        for existing in self.items:
            if existing.text == toast.text:
                existing.age = min(existing.age, FADE_IN)
                return existing
        self.items.append(toast)
        del self.items[:-4]
        return toast

    def next_change_in(self) -> float | None:
        """Seconds until a notice looks different (0 while one fades in or out; None: none shown)."""
        waits = []
        for toast in self.items:
            if toast.age < FADE_IN or toast.age >= toast.seconds - FADE_OUT:
                return 0.0
            waits.append(toast.seconds - FADE_OUT - toast.age)
        return min(waits, default=None)

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.age += dt
        self.items = [t for t in self.items if t.age < t.seconds]

    def _layout(self, size: tuple[int, int]) -> list[tuple[Toast, pygame.Rect, list[str], pygame.font.Font]]:
        w, h = size
        f = font(px(17, size))
        pad = px(14, size)
        icon = px(26, size)
        width = min(w - 2 * pad, max(px(420, size), int(w * 0.55)))
        text_width = max(40, width - 3 * pad - icon)
        bottom = h - px(22, size)
        out = []
        for toast in reversed(self.items):
            lines = wrap_text(f, toast.text, text_width)
            height = max(icon + pad, len(lines) * f.get_linesize() + 2 * pad)
            rect = pygame.Rect(0, 0, width, height)
            rect.midbottom = (w // 2, bottom)
            out.append((toast, rect, lines, f))
            bottom = rect.top - px(10, size)
        return out

    def handle_event(self, event: pygame.event.Event, size: tuple[int, int]) -> bool:
        """A click on a notice dismisses it."""
        if event.type != pygame.MOUSEBUTTONDOWN or not self.items:
            return False
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        for toast, rect, _, _ in self._layout(size):
            if rect.collidepoint(pos):
                toast.seconds = min(toast.seconds, toast.age + FADE_OUT)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        for toast, rect, lines, f in self._layout(size):
            alpha = toast.alpha
            if alpha <= 0:
                continue
            accent = _ACCENT[toast.kind]
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            radius = px(10, size)
            pygame.draw.rect(layer, SHADOW, layer.get_rect().move(0, 3), border_radius=radius)
            pygame.draw.rect(layer, PANEL_SHADE, layer.get_rect(), border_radius=radius)
            pygame.draw.rect(
                layer, (*accent, 255), layer.get_rect(), max(1, px(2, size)), border_radius=radius
            )
            pad = px(14, size)
            icon = px(26, size)
            centre = (pad + icon // 2, rect.height // 2)
            pygame.draw.circle(layer, accent, centre, icon // 2)
            mark = font(max(10, int(icon * 0.75)), bold=True).render(
                "!" if toast.kind == ERROR else "i", True, NOTICE_MARK
            )
            layer.blit(mark, mark.get_rect(center=centre))
            y = (rect.height - len(lines) * f.get_linesize()) // 2
            for line in lines:
                layer.blit(f.render(line, True, TEXT), (pad * 2 + icon, y))
                y += f.get_linesize()
            layer.set_alpha(round(255 * alpha))
            surface.blit(layer, rect)
