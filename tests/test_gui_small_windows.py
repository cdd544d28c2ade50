"""Small windows and long names: a setup's whole name shows in the game's header, and the Rules
screen's demo board gets the room it needs at 640x480."""

from __future__ import annotations

import pygame
import pytest

from game.variants import VARIANTS, get_variant
from gui.art.fonts import record_cut_text
from gui.widgets.player_panel import draw_panel_title, side_panel_layout

SIZES = [(640, 480), (800, 600), (1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.mark.parametrize("size", SIZES)
def test_the_game_header_shows_every_setup_name_whole(size):
    """The header cut setup names short: "Reconstructed l…", "Compute!…"."""
    surface = pygame.Surface(size)
    panel = side_panel_layout(size, False, 4).panel
    for name in VARIANTS:
        variant = get_variant(name)
        for setup in variant.setups:
            for details in (setup, f"{setup} \u00b7 15+10"):
                cut: list[str] = []
                record_cut_text(cut)
                try:
                    draw_panel_title(surface, panel, variant.title, details)
                finally:
                    record_cut_text(None)
                assert not cut, (size, name, details, cut)
