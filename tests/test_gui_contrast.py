"""Every piece colour stands out on every board scheme, and so does the keyboard cursor: measured
as WCAG 2.1 measures graphical objects (contrast ratio at least 3:1 against adjacent colours)."""

from __future__ import annotations

import pygame
import pytest

from game.variants import VARIANTS, get_variant
from gui.art.contrast import MIN_GRAPHIC_CONTRAST, contrast_ratio
from gui.art.pieces import piece_surface
from gui.art.render import edge_colour
from gui.art.schemes import SCHEMES


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    yield


@pytest.mark.parametrize("scheme", list(SCHEMES))
@pytest.mark.parametrize("size", [34, 72])
def test_every_piece_of_every_rule_set_stands_out_on_every_scheme(scheme, size):
    """On Lapis the LaserChess 98 Blue army was blue on blue (its edge 1.2:1 against the squares)."""
    sch = SCHEMES[scheme]
    weak = []
    for name in VARIANTS:
        variant = get_variant(name)
        for kind in variant.pieces.kinds:
            for color in (0, 1):
                edge = edge_colour(piece_surface(kind, color, 0, size, sch))
                assert edge is not None
                for square in (sch.light, sch.dark):
                    ratio = contrast_ratio(edge, square)
                    if ratio < MIN_GRAPHIC_CONTRAST:
                        weak.append(f"{name} {kind.name} side {color} on {square}: {ratio:.2f}")
    assert not weak, weak


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_the_keyboard_cursor_stands_out_on_every_scheme(scheme):
    """The cursor was a light blue frame: 1.0:1 on Sandstone's light squares, blue on Lapis."""
    from game.variants import get_variant
    from gui.widgets.board_view import BoardView

    sch = SCHEMES[scheme]
    for square in (sch.light, sch.dark):
        assert contrast_ratio(sch.cursor, square) >= MIN_GRAPHIC_CONTRAST, (scheme, square)
    assert contrast_ratio(sch.cursor, sch.cursor_rim) >= 4.5
    view = BoardView(get_variant("khet"), scheme)
    view.set_area(pygame.Rect(0, 0, 640, 520))
    surface = pygame.Surface((640, 520))
    view.show_position([0] * view.variant.geometry.size)
    view.deco.hover = 44
    view.draw(surface)
    r = view.square_rect(44)
    frame = max(3, r.w // 14)
    assert tuple(surface.get_at((r.centerx, r.top + 1 + frame // 2)))[:3] == sch.cursor
