"""Finds widgets whose text does not fit (clipped labels) or that lie outside the window.

Used by the layout tests over the supported window sizes, and handy while designing a screen:
``clipped_widgets(app)`` lists what a person would see cut off on the current screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel

if TYPE_CHECKING:
    from gui.app import App

SIZES = ((640, 480), (800, 600), (1280, 720), (1920, 1080))


def _in_scrolling_container(element) -> bool:
    container = getattr(element, "ui_container", None)
    while container is not None:
        if type(container).__name__ in ("UIScrollingContainer", "UISelectionList", "UITextBox"):
            return True
        if getattr(container, "ui_container", None) is container:
            break
        container = getattr(container, "ui_container", None)
    return False


def _text_width_available(element) -> tuple[int, int]:
    """(width, height) a widget has for its text, inside its border and padding."""
    shape = getattr(element, "drawable_shape", None)
    layout = getattr(shape, "text_box_layout", None) if shape is not None else None
    pad = layout.layout_rect.x if layout is not None else 0
    return element.rect.width - 2 * pad, element.rect.height


def clipped_widgets(app: App) -> list[str]:
    """Descriptions of every visible widget whose text is cut off or that leaves the window."""
    window = pygame.Rect((0, 0), app.window_size)
    problems: list[str] = []
    for element in app.ui.get_sprite_group().sprites():
        if isinstance(element, UIContainer) or not getattr(element, "visible", False):
            continue
        if getattr(element, "_tool_tip", None) is element:  # pragma: no cover - defensive
            continue
        name = type(element).__name__
        if name in ("UITooltip",):
            continue
        scrolled = _in_scrolling_container(element)
        if not scrolled and not window.contains(element.rect) and element.rect.width > 0:
            problems.append(f"{name} {getattr(element, 'text', '')!r} at {element.rect} leaves the window")
        if not isinstance(element, UIButton | UILabel):
            continue
        text = element.text if isinstance(element.text, str) else ""
        if not text or element.font is None:
            continue
        width, height = _text_width_available(element)
        need_w, need_h = element.font.size(text)
        if need_w > width or need_h > height + 2:
            problems.append(f"{name} {text!r}: needs {need_w}x{need_h}, has {width}x{height}")
    return problems
