"""Rows of a settings-style form: a label on the left, a control on the right, one per row.

The config, settings and editor screens lay out their options this way; this keeps the label
style and the vertical centring of controls identical everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui import UIManager
from pygame_gui.core import UIContainer
from pygame_gui.elements import UILabel

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
