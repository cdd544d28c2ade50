"""The replay screen driven headlessly: stepping to the end and back with the board equal to the
record at every ply, each forward step re-firing its shot, Home/End, clicks in the move list,
autoplay with its speed, flipping, "play from here", Leiserchess records and damaged ones."""

from __future__ import annotations

from functools import cache

import pygame
import pytest

from game import Game
from game.line import GameLine
from gui import samples
from gui.app import App
from gui.screen import Screen
from gui.screens.replay import SPEEDS, ReplayScreen
from gui.testing import click_element, open_screen, post_click, post_key, run_frames


@cache
def sample(index: int) -> Game:
    return samples.make_sample_games(index + 1, seed=5)[index]


def long_game() -> Game:
    """A Khet sample game with a good number of moves, ended by a destroyed Pharaoh."""
    game = sample(0)
    assert game.variant == "khet" and len(game.moves) >= 20
    return game


@pytest.fixture
def app(quick_app):
    return quick_app


def open_replay(app: App, game: Game, **kwargs) -> ReplayScreen:
    return open_screen(app, ReplayScreen, game=game, **kwargs)


def test_stepping_to_the_end_and_back_matches_the_record_at_every_ply(app):
    game = long_game()
    expected = [game.start_position().fen()]
    pos = game.start_position()
    for record in game.moves:
        pos.push(pos.parse_move(record.text))
        expected.append(pos.fen())
    screen = open_replay(app, game)
    assert screen.ply == 0 and screen.fen() == expected[0]
    for ply in range(1, len(game.moves) + 1):
        post_key(app, pygame.K_RIGHT, frames=1)
        assert screen.ply == ply
        assert screen.fen() == expected[ply] == game.position_at(ply).fen()
        assert screen.view.board == game.position_at(ply).board
        assert screen.moves.current == ply
    post_key(app, pygame.K_RIGHT)  # nothing after the end
    assert screen.ply == len(game.moves)
    for ply in range(len(game.moves) - 1, -1, -1):
        post_key(app, pygame.K_LEFT, frames=1)
        assert screen.fen() == expected[ply]
        assert screen.view.board == game.position_at(ply).board
    post_key(app, pygame.K_LEFT)
    assert screen.ply == 0


def test_forward_steps_fire_the_shot_again_and_backward_steps_do_not(app):
    app.settings.laser_speed = "normal"
    app.settings.piece_animation = True
    game = long_game()
    screen = open_replay(app, game)
    post_key(app, pygame.K_RIGHT, frames=1)
    assert screen.view.animating and screen.view.shown_beams  # the beam is on its way
    assert screen.view.shown_beams == screen.line[0].effects.beams
    run_frames(app, 120)
    assert not screen.view.animating
    post_key(app, pygame.K_RIGHT, frames=1)
    post_key(app, pygame.K_LEFT, frames=1)
    assert not screen.view.shown_beams and screen.view.board == game.position_at(1).board
    # stepping on while a shot is still flying finishes it at once and shows the next move
    post_key(app, pygame.K_RIGHT, frames=1)
    post_key(app, pygame.K_RIGHT, frames=1)
    assert screen.ply == 3 and screen.view.board == game.position_at(3).board
    run_frames(app, 120)
    assert screen.view.board == game.position_at(3).board


def test_home_end_and_clicks_in_the_move_list(app):
    game = long_game()
    screen = open_replay(app, game)
    post_key(app, pygame.K_END)
    assert screen.ply == len(game.moves)
    assert screen.status_lines()[1] == game.outcome.describe(screen.variant.side_names, "Pharaoh")
    post_key(app, pygame.K_HOME)
    assert screen.ply == 0 and screen.status_lines()[0] == "Start position"
    for ply in (5, 2, 11):
        screen.moves.set_current(ply)  # scroll it into view, as stepping would
        post_click(app, screen.moves.move_rect(ply).center)
        assert screen.ply == ply and screen.fen() == game.position_at(ply).fen()
    click_element(app, screen.buttons["first"])
    assert screen.ply == 0 and not screen.buttons["prev"].is_enabled
    click_element(app, screen.buttons["next"])
    assert screen.ply == 1
    click_element(app, screen.buttons["last"])
    assert screen.ply == len(game.moves) and not screen.buttons["next"].is_enabled
    click_element(app, screen.buttons["prev"])
    assert screen.ply == len(game.moves) - 1
    # the mouse wheel over the board steps too
    pygame.mouse.set_pos(screen.view.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    run_frames(app, 2)
    assert screen.ply == len(game.moves) - 2


def test_autoplay_runs_to_the_end_at_the_chosen_speed(app):
    game = long_game()
    screen = open_replay(app, game)
    click_element(app, screen.speed_buttons["4×"])
    assert screen.speed == "4×" and screen.speed_buttons["4×"].is_selected
    post_key(app, pygame.K_SPACE)
    assert screen.playing
    run_frames(app, 60)  # one second at 4x: a few moves
    fast = screen.ply
    assert 2 <= fast < len(game.moves)
    click_element(app, screen.speed_buttons["½×"])
    start = screen.ply
    run_frames(app, 60)
    assert screen.ply - start < fast  # slower now
    assert screen.fen() == game.position_at(screen.ply).fen()
    click_element(app, screen.buttons["play"])  # pause
    assert not screen.playing
    paused = screen.ply
    run_frames(app, 120)
    assert screen.ply == paused
    click_element(app, screen.speed_buttons["4×"])
    post_key(app, pygame.K_SPACE)
    run_frames(app, int(60 * len(game.moves) * 1.2 / SPEEDS["4×"]) + 60)
    assert screen.ply == len(game.moves) and not screen.playing
    post_key(app, pygame.K_SPACE)  # at the end, play starts again from the beginning
    assert screen.playing and screen.ply == 0


def test_flip_keeps_the_position(app):
    game = long_game()
    screen = open_replay(app, game, ply=7)
    flipped = screen.view.flipped
    post_key(app, pygame.K_f)
    assert screen.view.flipped != flipped and screen.ply == 7
    assert screen.view.board == game.position_at(7).board
    click_element(app, screen.buttons["flip"])
    assert screen.view.flipped == flipped


class Stub(Screen):
    name = "stub"
    calls: list[dict] = []

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app)
        Stub.calls.append(kwargs)


def test_play_from_here_opens_the_set_up_with_the_shown_position(app):
    app.registry.register("config", Stub)
    Stub.calls = []
    game = long_game()
    screen = open_replay(app, game, ply=6)
    assert screen.buttons["from_here"].is_enabled
    click_element(app, screen.buttons["from_here"])
    assert isinstance(app.screens.top, Stub)
    assert Stub.calls[-1] == {"variant": "khet", "fen": game.position_at(6).fen()}
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.top is screen
    # the last position has no Pharaoh left: no game can start from it
    post_key(app, pygame.K_END)
    assert not screen.buttons["from_here"].is_enabled


def test_play_from_here_is_off_without_a_config_screen(app):
    registry_entries = {e.name: e for e in app.registry.entries()}
    del app.registry._entries["config"]
    try:
        screen = open_replay(app, long_game(), ply=3)
        assert not screen.buttons["from_here"].is_enabled
        screen.play_from_here()
        assert app.screens.top is screen
    finally:
        app.registry._entries["config"] = registry_entries["config"]


def test_a_leiserchess_record_replays(app):
    game = next(g for g in samples.make_sample_games(5, seed=5) if g.variant.startswith("leiserchess"))
    screen = open_replay(app, game)
    assert len(screen.view.board) == 64
    post_key(app, pygame.K_END)
    assert screen.fen() == game.position_at().fen()
    for _ in range(len(game.moves)):
        post_key(app, pygame.K_LEFT, frames=1)
    assert screen.ply == 0 and screen.fen() == game.start_position().fen()


def test_a_record_with_a_bad_move_replays_up_to_it(app):
    data = long_game().to_json()
    data["moves"][4]["move"] = "a1a1"
    data["final"] = None
    game = Game.from_json(data, check_moves=False)
    line = GameLine.from_game(game, partial=True)
    assert len(line) == 4 and "move 5" in line.problem
    screen = open_replay(app, game)
    assert screen.last_ply == 4
    assert any("damaged" in t.text for t in app.toasts.items)
    post_key(app, pygame.K_END)
    assert "stops here" in screen.status_lines()[1]


def test_clocks_and_captured_pieces_follow_the_ply(app):
    game = next(g for g in samples.make_sample_games(7, seed=5) if g.time_control is not None)
    line = GameLine.from_game(game)
    tc = game.time_control
    assert line.clocks_at(0) == (tc.initial, tc.initial)
    first = game.start_position().turn
    spent = game.moves[0].seconds
    assert line.clocks_at(1)[first] == pytest.approx(tc.initial - spent + tc.increment)
    lost = [len(line.lost(ply)[0]) + len(line.lost(ply)[1]) for ply in range(len(line) + 1)]
    assert lost == sorted(lost)  # pieces only ever leave the board
    screen = open_replay(app, game, ply=len(game.moves))
    run_frames(app, 2)  # draws the cards with clocks and captured pieces
    assert screen.line.clocks_at(screen.ply) == line.clocks_at(len(line))


def test_escape_goes_back(app):
    screen = open_replay(app, long_game())
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.top is not screen and app.screens.names() == ["menu"]


def test_resizing_to_a_small_window(app):
    screen = open_replay(app, long_game(), ply=10)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    run_frames(app, 3)
    assert app.screens.top is screen and screen.ply == 10
    assert screen.view.rect.right <= screen.side_panel.left and screen.side_panel.bottom <= 600
    rect = screen.moves.move_rect(10)
    assert screen.moves.inner.top <= rect.top and rect.bottom <= screen.moves.inner.bottom
