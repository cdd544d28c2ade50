"""The home button every screen but the main menu shows in its top-right corner."""

from __future__ import annotations

import pygame
from pygame_gui import UIManager
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton

from gui.layout import px


def home_button_rect(size: tuple[int, int]) -> pygame.Rect:
    """Where the home button sits for a window of ``size`` (screens keep this corner free)."""
    side = max(36, px(48, size))
    margin = max(10, px(18, size))
    return pygame.Rect(size[0] - side - margin, margin, side, side)


def make_home_button(manager: UIManager, container: UIContainer, size: tuple[int, int]) -> UIButton:
    """A home-icon button in the top-right corner (theme id ``#home_button``)."""
    return UIButton(
        home_button_rect(size),
        "",
        manager=manager,
        container=container,
        object_id=ObjectID(object_id="#home_button", class_id=None),
        tool_tip_text="Main menu",
    )
