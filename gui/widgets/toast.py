"""Notices: things the user should know but need not act on (a game copied, a file that could not
be read). Each screen has its own (:attr:`gui.screen.Screen.notices`) and shows them in its own
strip (:meth:`gui.screen.Screen.notice_rect`, the header band beside the title by default), so a
notice never covers a clock, a player's panel or a button, and never rides onto another screen.

The strip shows the newest notice until it times out (a click dismisses it); with no notice, it
shows the tool tip of the widget under the pointer, so tool tips cover nothing either.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from gui.art.fonts import font, wrap_text
from gui.colours import GOLD, MUTED, NOTICE_MARK, PANEL_SHADE, RED, TEXT
from gui.layout import px

INFO = "info"
ERROR = "error"
TOOL_TIP = "tool tip"  # a tool tip shown in the strip

_ACCENT = {INFO: GOLD, ERROR: RED}
FADE_IN = 0.2
FADE_OUT = 0.5
GROW_LIMIT = 3  # a notice too long for its strip may grow to this many strip heights (never cut)


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
    """One screen's notices; the newest is shown."""

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
                existing.seconds = max(existing.seconds, seconds)
                return existing
        self.items.append(toast)
        del self.items[:-4]
        return toast

    @property
    def current(self) -> Toast | None:
        return self.items[-1] if self.items else None

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

    def handle_event(self, event: pygame.event.Event, strip: pygame.Rect, size: tuple[int, int]) -> bool:
        """A click on the notice shown in ``strip`` (a window of ``size``) dismisses it."""
        toast = self.current
        if event.type != pygame.MOUSEBUTTONDOWN or toast is None:
            return False
        pos = getattr(event, "pos", None)
        if pos is None or not notice_box(toast.text, strip, size).collidepoint(pos):
            return False
        toast.seconds = min(toast.seconds, toast.age + FADE_OUT)
        return True

    def draw(self, surface: pygame.Surface, strip: pygame.Rect) -> None:
        toast = self.current
        if toast is not None and toast.alpha > 0:
            draw_notice(surface, strip, toast.text, toast.kind, toast.alpha)


MAX_NOTICE_CHARS = 600  # a notice is not a document: beyond this it ends with "…"


@lru_cache(maxsize=64)
def _layout(
    text: str, strip: tuple[int, int, int, int], size: tuple[int, int]
) -> tuple[pygame.Rect, int, tuple[str, ...]]:
    """Where a notice goes and how it reads: its box (the strip, grown only when the text cannot
    fit whole: down, or up from a strip at the bottom of the window), its font size and lines."""
    if len(text) > MAX_NOTICE_CHARS:
        text = text[: MAX_NOTICE_CHARS - 1] + "…"
    base = pygame.Rect(strip)
    box = pygame.Rect(base)
    upward = base.centery > size[1] // 2
    for grow in range(GROW_LIMIT):
        inner = _text_box(box, size)
        for points in range(max(12, px(16, size)), 9, -1):
            f = font(points)
            rows = wrap_text(f, text, inner.width, max(1, inner.height // f.get_linesize()) + 1)
            if len(rows) * f.get_linesize() <= inner.height:
                return box, points, tuple(rows)
        if grow < GROW_LIMIT - 1:
            box.height += base.height
            if upward:
                box.bottom = base.bottom
    f = font(10)
    inner = _text_box(box, size)
    return box, 10, tuple(wrap_text(f, text, inner.width, max(1, inner.height // f.get_linesize())))


def notice_box(text: str, strip: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """The rectangle a notice takes (see :func:`_layout`)."""
    return pygame.Rect(_layout(text, tuple(strip), tuple(size))[0])


def _text_box(box: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    pad = max(4, px(8, size))
    icon = max(14, min(box.height - 2 * pad, px(24, size)))
    return pygame.Rect(box.x + 2 * pad + icon, box.y + pad // 2, box.width - 3 * pad - icon, box.height - pad)


def draw_notice(
    surface: pygame.Surface, strip: pygame.Rect, text: str, kind: str = INFO, alpha: float = 1.0
) -> pygame.Rect:
    """A notice (or, ``kind`` TOOL_TIP, a tool tip) in ``strip``: an opaque pill with a badge and the
    whole text, in the largest font that fits (the pill grows downward only if 10 px is too big)."""
    size = surface.get_size()
    box, points, rows = _layout(text, tuple(strip), size)
    box = pygame.Rect(box)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    radius = max(4, px(10, size))
    accent = _ACCENT.get(kind, MUTED)
    pygame.draw.rect(layer, PANEL_SHADE, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*accent, 255), layer.get_rect(), max(1, px(2, size)), border_radius=radius)
    inner = _text_box(box, size).move(-box.x, -box.y)
    pad = max(4, px(8, size))
    icon = max(14, min(box.height - 2 * pad, px(24, size)))
    centre = (pad + icon // 2, min(box.height // 2, strip.height // 2))
    if kind != TOOL_TIP:
        pygame.draw.circle(layer, accent, centre, icon // 2)
        badge = font(max(10, int(icon * 0.75)), bold=True).render(
            "!" if kind == ERROR else "i", True, NOTICE_MARK
        )
        layer.blit(badge, badge.get_rect(center=centre))
    f = font(points)
    y = inner.y + (inner.height - len(rows) * f.get_linesize()) // 2
    for row in rows:
        layer.blit(f.render(row, True, TEXT if kind != TOOL_TIP else MUTED), (inner.x, y))
        y += f.get_linesize()
    layer.set_alpha(round(255 * max(0.0, min(1.0, alpha))))
    surface.blit(layer, box)
    return box
