"""What every full screen draws around its content: the floor, a glowing title, glass panels.

One place for it, so the config, game, editor and browser screens look like one app.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from gui.art.fonts import font
from gui.art.schemes import get_scheme
from gui.colours import RULE, TITLE_FACE, TITLE_GLOW, TITLE_HALO
from gui.layout import px
from gui.widgets.backdrop import draw_glass_panel, floor_surface, glow_text
from gui.widgets.home_button import home_button_rect


@lru_cache(maxsize=24)
def title_image(text: str, size: tuple[int, int]) -> pygame.Surface:
    return glow_text(text, font(px(40, size), bold=True), TITLE_FACE, TITLE_GLOW, TITLE_HALO)


def header_rect(size: tuple[int, int]) -> pygame.Rect:
    """The band at the top of a screen, level with the home button."""
    margin = max(14, px(28, size))
    home = home_button_rect(size)
    return pygame.Rect(margin, home.top, size[0] - 2 * margin, home.height)


def draw_background(surface: pygame.Surface, scheme_name: str) -> None:
    surface.blit(floor_surface(surface.get_size(), get_scheme(scheme_name)), (0, 0))


def draw_title(surface: pygame.Surface, text: str) -> pygame.Rect:
    size = surface.get_size()
    head = header_rect(size)
    img = title_image(text, size)
    rect = img.get_rect(midleft=(head.x - img.get_height() // 6, head.centery))
    surface.blit(img, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215) -> None:
    draw_glass_panel(surface, rect, radius=px(18, surface.get_size()), alpha=alpha)


def draw_section_rule(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The thin gold rule under a section heading."""
    y = rect.bottom - 3
    pygame.draw.line(surface, RULE, (rect.x, y), (rect.right, y), 1)
