"""Finds widgets whose text does not fit (clipped labels, text entries too small for their
hint or their font) or that lie outside the window. Custom-drawn text is checked through
``gui.art.fonts.record_cut_text``: every text shortened to fit, or overflowing its box, is noted.

Used by the layout tests over the supported window sizes, and handy while designing a screen:
``clipped_widgets(app)`` lists what a person would see cut off on the current screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UITextEntryLine,
)

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
        if isinstance(element, UITextEntryLine):
            problems.extend(_entry_problems(element))
            continue
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


def _entry_problems(entry: UITextEntryLine) -> list[str]:
    """A text entry scrolls its text, but its placeholder (the hint shown while it is empty) and
    one line of its font must fit."""
    f = entry.font
    if f is None:
        return []
    width, height = _text_width_available(entry)
    problems = []
    line_h = f.size("Ag")[1]
    if line_h > height:
        problems.append(f"UITextEntryLine: a line needs {line_h} px, has {height}")
    hint = entry.placeholder_text if not entry.get_text() else ""
    if hint and f.size(hint)[0] > width:
        problems.append(f"UITextEntryLine placeholder {hint!r}: needs {f.size(hint)[0]}, has {width}")
    return problems


def overlapping_widgets(app: App) -> list[str]:
    """Pairs of visible controls (buttons, check boxes, entries, sliders, drop-downs) drawn over
    each other: one would hide or steal the clicks of the other."""
    kinds = (UIButton, UICheckBox, UITextEntryLine, UIHorizontalSlider, UIDropDownMenu)
    controls = [
        e
        for e in app.ui.get_sprite_group().sprites()
        if isinstance(e, kinds)
        and getattr(e, "visible", False)
        and getattr(e, "parent_element", None) is None
        and e.rect.width > 0
    ]
    problems = []
    for i, a in enumerate(controls):
        for b in controls[i + 1 :]:
            if a.rect.clip(b.rect).width > 1 and a.rect.clip(b.rect).height > 1:
                problems.append(f"{_describe(a)} and {_describe(b)} overlap")
    return problems


def _describe(element) -> str:
    text = getattr(element, "text", "") or getattr(element, "selected_option", "")
    return f"{type(element).__name__} {text!r} at {tuple(element.rect)}"
