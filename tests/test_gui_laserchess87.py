"""Laser Chess 1987 on the game screen, driven by posted events: the turn indicator."""

from __future__ import annotations

import pytest

from game import Game, Player
from game.variants import get_variant
from gui.screens.game import GameScreen
from gui.testing import post_click, run_frames


@pytest.fixture
def app(quick_app):
    return quick_app


def open_game(app, variant: str) -> GameScreen:
    game = Game.new(variant, players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    return screen


def click(app, screen: GameScreen, name: str) -> None:
    post_click(app, screen.view.square_rect(screen.variant.geometry.parse_square(name)).center)


def test_the_turn_indicator_counts_the_actions_left(app):
    screen = open_game(app, "laserchess87")
    assert screen.turn_note() == "2 actions left"
    assert screen.status_text()[0] == "Green to move · 2 actions left"
    click(app, screen, "c2")
    click(app, screen, "c3")  # one action: a one-square move
    assert screen.session.game.moves[-1].text == "c2c3"
    assert screen.turn_note() == "1 action left"
    assert screen.status_text()[0] == "Green to move · 1 action left"
    click(app, screen, "g2")
    click(app, screen, "g3")  # the second action ends Green's turn
    assert screen.position.turn == 1
    assert screen.status_text()[0] == "Red to move · 2 actions left"
    click(app, screen, "c8")
    click(app, screen, "c6")  # two squares straight cost both actions
    assert screen.position.turn == 0 and screen.turn_note() == "2 actions left"
    screen.browse(1)  # an earlier position on the board: no indicator for it
    assert screen.turn_note() is None
    screen.browse(None)
    assert screen.turn_note() == "2 actions left"


def test_the_indicator_is_drawn_on_the_card_of_the_side_to_move(app, monkeypatch):
    from gui.screens import game as game_screen

    seen: list[tuple[int, str | None]] = []
    real = game_screen.draw_player_card

    def spy(surface, rect, variant, scheme, color, label, **kw):
        seen.append((color, kw.get("turn_note")))
        return real(surface, rect, variant, scheme, color, label, **kw)

    monkeypatch.setattr(game_screen, "draw_player_card", spy)
    screen = open_game(app, "laserchess87")
    seen.clear()
    screen.draw(app.surface)
    assert sorted(seen) == [(0, "2 actions left"), (1, None)]


def test_one_move_turns_show_no_indicator(app):
    screen = open_game(app, "khet")
    assert get_variant("khet").turn_progress(screen.position) is None
    assert screen.turn_note() is None and screen.status_text()[0] == "Silver to move"


def test_no_screen_compares_rule_set_names():
    """The screens ask the rule set (hooks, data); none branches on a rule set's id."""
    from pathlib import Path

    import gui.screens

    folder = Path(gui.screens.__file__).parent
    for path in folder.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("laserchess87", "laserchess98"):
            assert name not in text, f"{path.name} names {name}"
