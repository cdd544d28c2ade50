"""Rows of a settings-style form: a label on the left, a control on the right, one per row.

The config, settings and editor screens lay out their options this way; this keeps the label
style and the vertical centring of controls identical everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui import UIManager
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel

from gui.layout import style


@dataclass(frozen=True)
class FormRows:
    ui: UIManager
    root: UIContainer
    size: tuple[int, int]
    column: pygame.Rect  # the form's column
    label_w: int  # width of the label part; controls start after it
    row_h: int
    ctrl_h: int
    label_gap: int = 8

    @property
    def ctrl_x(self) -> int:
        return self.column.x + self.label_w

    @property
    def ctrl_w(self) -> int:
        return self.column.right - self.ctrl_x

    def label(self, text: str, top: int) -> UILabel:
        rect = pygame.Rect(self.column.x, top, self.label_w - self.label_gap, self.row_h)
        return UILabel(rect, text, self.ui, container=self.root, object_id=style("label", self.size))

    def ctrl(self, top: int, x: int | None = None, width: int | None = None) -> pygame.Rect:
        """A control's rectangle in the row starting at ``top`` (by default the whole control part)."""
        x = self.ctrl_x if x is None else x
        width = self.ctrl_w if width is None else width
        return pygame.Rect(x, top + (self.row_h - self.ctrl_h) // 2, width, self.ctrl_h)


BUTTON_TEXT_PAD = 14  # border, shadow and padding either side of a button's text, in pixels


def make_button(
    ui: UIManager,
    root: UIContainer | None,
    size: tuple[int, int],
    rect: pygame.Rect,
    text: str,
    tip: str | None = None,
    kind: str = "btn",
) -> UIButton:
    """A button in the program's look: ``kind`` is its theme class ("btn", "segment", "danger", ...)
    at the font tier of window ``size``; ``tip`` its tool tip."""
    return UIButton(rect, text, ui, container=root, object_id=style(kind, size), tool_tip_text=tip)


def button_text_width(ui, size: tuple[int, int], text: str, kind: str = "btn") -> int:
    """The width a themed button needs to show ``text`` in full in a window of ``size``."""
    from gui.layout import tier

    font = ui.get_theme().get_font([f"@{kind}_{tier(size)}", "button"])
    return font.size(text)[0] + BUTTON_TEXT_PAD


def split_rows(needs: list[int], width: int, gap: int, max_rows: int = 3) -> list[list[int]]:
    """Indexes of buttons per row: as few rows as keep every button's text whole, the buttons
    kept in order and spread evenly over the rows."""
    n = len(needs)
    for rows in range(1, max_rows + 1):
        per = -(-n // rows)
        groups = [list(range(i, min(n, i + per))) for i in range(0, n, per)]
        if all(sum(needs[i] for i in g) + gap * (len(g) - 1) <= width for g in groups):
            return groups
    per = -(-n // max_rows)
    return [list(range(i, min(n, i + per))) for i in range(0, n, per)]


def row_rects(needs: list[int], x: int, y: int, width: int, height: int, gap: int) -> list[pygame.Rect]:
    """Rectangles for buttons side by side filling ``width``: each gets what its text needs and
    the rest is shared out evenly."""
    spare = max(0, width - sum(needs) - gap * (len(needs) - 1))
    extra = spare // max(1, len(needs))
    rects, cx = [], x
    for i, need in enumerate(needs):
        w = need + extra if i < len(needs) - 1 else x + width - cx
        rects.append(pygame.Rect(cx, y, w, height))
        cx += w + gap
    return rects
