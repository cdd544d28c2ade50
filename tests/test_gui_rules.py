"""The Rules screen: every page of every rule set draws, and its words come from the rule set's data."""

from __future__ import annotations

import pytest

from game.variants import VARIANTS
from gui.testing import run_frames


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_rules_section_of_every_rule_set_draws(quick_app, variant):
    """Rules → Pieces drew Lousy Chess, Laser Chess 1987 and LaserChess 98 pieces by a Khet kind
    number (KeyError: 9 in the piece art) and opened the crash panel."""
    app = quick_app
    app.screens.push("rules", variant=variant)
    run_frames(app, 2)
    screen = app.screens.top
    for i in range(len(screen.sections)):
        screen.choose_section(i)
        run_frames(app, 2)
        assert app.screens.top is screen, (variant, screen.section.key)
