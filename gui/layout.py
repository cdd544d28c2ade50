"""Layout helpers: one scale factor and one size tier per window size, so every screen grows and
shrinks the same way. The theme has font classes per tier (``@menu_s``, ``@menu_m``, ``@menu_l``)."""

from __future__ import annotations

from pygame_gui.core import ObjectID

REFERENCE_SIZE = (1280, 720)


def ui_scale(size: tuple[int, int]) -> float:
    """How big the layout is relative to a 1280 x 720 window (clamped to 0.6 .. 2.5)."""
    w, h = size
    return max(0.6, min(2.5, min(w / REFERENCE_SIZE[0], h / REFERENCE_SIZE[1])))


def tier(size: tuple[int, int]) -> str:
    """Font tier for this window: "s" (small windows), "m" or "l" (large / full screen)."""
    scale = ui_scale(size)
    if scale < 0.86:
        return "s"
    if scale < 1.3:
        return "m"
    return "l"


def style(name: str, size: tuple[int, int], object_id: str | None = None) -> ObjectID:
    """The theme class ``@{name}_{tier}`` for this window size, with an optional ``#object_id``."""
    return ObjectID(class_id=f"@{name}_{tier(size)}", object_id=object_id)


def px(value: float, size: tuple[int, int]) -> int:
    """A length given for the 1280 x 720 layout, scaled to this window."""
    return max(1, round(value * ui_scale(size)))
