"""LaserChess 98 on screen: beams animated step by step in their charge colours, explosions two
steps late, and the game's own controls driven by posted events."""

from __future__ import annotations

import pygame
import pytest

from game import Game, Player, Position
from game.variants import VARIANTS
from gui.art.beam import beam_colours
from gui.art.schemes import SCHEMES
from gui.widgets.board_view import BoardView

LC98 = VARIANTS["laserchess98"]


@pytest.fixture
def app(quick_app):
    return quick_app


def _fired(setup: str):
    pos = Position.from_fen(LC98.setups[setup], LC98)
    board_before = list(pos.board)
    effects = pos.push(next(m for m in pos.legal_moves if m.fire))
    return pos, board_before, effects


def test_a_struck_piece_stays_glowing_two_steps_and_then_bursts():
    pos, _before, effects = _fired("Charging corridor")
    view = BoardView(LC98)
    view.laser_speed = 1.0  # one step a second: update(dt) advances the clock by dt steps
    view.show_effects(pos.board, effects)
    b3, b8 = (LC98.geometry.parse_square(n) for n in ("b3", "b8"))
    struck = {r.square: r.step for r in effects.removed}
    assert struck == {b3: 11, b8: 24}  # as the setup's note says
    view.update(10.5)
    assert view.board[b3] and view.doomed() == []
    view.update(1.0)  # step 11.5: struck, still standing (it blocks beams for two steps)
    assert view.board[b3] and view.doomed() == [b3]
    view.update(1.0)  # 12.5
    assert view.board[b3] and view.doomed() == [b3]
    view.update(1.0)  # 13.5: two steps late, it bursts
    assert not view.board[b3] and view.doomed() == []
    view.update(11.0)  # 24.5: b8 struck by the charged beam
    assert view.board[b8] and view.doomed() == [b8]
    assert view.beam_running  # the show waits for the last explosion, after the last beam
    view.update(2.0)
    assert not view.board[b8] and view.board == pos.board
    assert not view.beam_running


def test_a_khet_piece_bursts_when_the_beam_strikes_it():
    khet = VARIANTS["khet"]
    pos = Position.setup("Classic")
    for text in ("j5j6", "c7d8", "j6j7", "h5g5", "d6d5", "d8L", "j7R", "e5d4", "f4g4", "g3f3"):
        pos.push_text(text)
    effects = pos.push_text("j4j5")
    (removal,) = effects.removed
    view = BoardView(khet)
    view.laser_speed = 1.0
    view.piece_animation = False
    view.show_effects(pos.board, effects)
    view.update(removal.step + 0.01)
    assert not view.board[removal.square]  # no delay in Khet


def test_charge_levels_have_three_distinct_colours_and_khet_keeps_its_own():
    for scheme in SCHEMES.values():
        normal, half, full = beam_colours(scheme, 2)
        assert len({normal, half, full}) == 3
        assert normal != scheme.beam or scheme.colour_blind_safe
        assert beam_colours(scheme, 0) == (scheme.beam,)


def test_the_animation_draws_each_beam_in_its_charge_colour(monkeypatch):
    import gui.widgets.board_view as board_view

    pos, _before, effects = _fired("Charging corridor")
    view = BoardView(LC98)
    view.laser_speed = 1.0
    view.show_effects(pos.board, effects)
    drawn: list[tuple[int, int, int]] = []
    real = board_view.draw_beam

    def spy(surface, points, progress, colour, *args, **kw):
        drawn.append(tuple(colour))
        return real(surface, points, progress, colour, *args, **kw)

    monkeypatch.setattr(board_view, "draw_beam", spy)
    surface = pygame.Surface((600, 600))
    view.set_area(surface.get_rect())
    view.update(25.0)  # every beam has started: normal, half-charged and charged ones
    view.draw(surface)
    assert set(drawn) == set(beam_colours(view.scheme, 2))


def test_the_game_screen_shows_a_shot_to_its_last_explosion(app):
    from gui.testing import run_frames

    game = Game.new("laserchess98", "Charging corridor", players=(Player("human"), Player("human")))
    app.settings.laser_speed = "fast"
    screen = app.screens.push("game", game=game)
    run_frames(app, 3)
    screen.play_move(next(m for m in screen.position.legal_moves if m.fire))
    b8 = LC98.geometry.parse_square("b8")
    run_frames(app, 3)
    assert screen.view.busy and screen.view.board[b8]
    run_frames(app, 120)
    assert not screen.view.busy and not screen.view.board[b8]
    assert screen.view.board == screen.position.board
