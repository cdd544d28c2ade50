"""Lousy Chess in the GUI by posted events: a whole game against a scripted engine from the New game
screen, engine against engine, FULL/FLAT pieces, the record, and the puzzle solved and failed."""

from __future__ import annotations

import random

import pygame
import pytest

from game import Game, Player
from gui.art import chessmen
from gui.screens.config import ConfigScreen
from gui.screens.game import GameScreen
from gui.screens.puzzle import MAX_STRIKES, PuzzleScreen
from gui.testing import click_element, post_click, post_key, run_frames


@pytest.fixture
def app(quick_app):
    return quick_app


def click_square(app, view, sq: int) -> None:
    post_click(app, view.square_rect(sq).center)


def choose(app, drop, option_id: str) -> None:
    """Open a drop-down and click the option with this id."""
    click_element(app, drop)
    items = drop.current_state.options_selection_list.item_list
    index = [o[1] for o in drop.options_list].index(option_id)
    click_element(app, items[index]["button_element"], frames=4)


def type_into(app, entry, text: str) -> None:
    """Click a text box, clear it and type ``text`` (posted events, as a keyboard does)."""
    click_element(app, entry)
    post_key(app, pygame.K_a, mod=pygame.KMOD_CTRL, frames=1)
    post_key(app, pygame.K_BACKSPACE, frames=1)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    run_frames(app, 2)


def test_a_game_against_a_scripted_engine_to_the_end(app):
    app.screens.push("config", variant="lousychess")
    run_frames(app, 2)
    config = app.screens.top
    assert isinstance(config, ConfigScreen)
    choose(app, config.widgets["opponent"], "An engine")
    config = app.screens.top
    assert config.choices.opponent == "script"
    type_into(app, config.widgets["engines"], "K3")
    type_into(app, config.widgets["serial"], "CH3SS5")
    assert config.choices.engines == "K3" and not config.error
    click_element(app, config.widgets["start"])
    screen = app.screens.top
    assert isinstance(screen, GameScreen)
    black = screen.session.player(1)
    assert black.script == "K3" and black.serial == "CH3SS5"
    rng = random.Random(5)
    for _ in range(200):
        if screen.session.finished:
            break
        if screen.session.turn == 0 and not screen.view.busy:
            move = rng.choice(list(screen.position.legal_moves))
            click_square(app, screen.view, move.from_square)
            click_square(app, screen.view, move.to_square)
        run_frames(app, 12, 0.1)  # the engine answers after its delay
    assert screen.session.finished
    game = screen.session.game
    assert game.players[1].script == "K3"
    # The engine's moves are exactly what the scripted engine plays in each position.
    from game.scripted import ScriptedEngine

    k3 = ScriptedEngine.parse("K3", "CH3SS5")
    pos = game.start_position()
    for record in game.moves:
        if pos.turn == 1:
            assert pos.move_text(k3.choose(pos)) == record.text
        pos.push_text(record.text)
    saved = Game.load(screen.session.save())
    assert saved.players[1].script == "K3" and saved.players[1].serial == "CH3SS5"


def test_engines_watched_with_pause_speed_and_both_piece_styles(app):
    game = Game.new(
        "lousychess",
        None,
        players=(Player("cpu", script="L4", serial="CH3SS5"), Player("cpu", script="K0", serial="CH3SS5")),
    )
    app.screens.push("game", game=game)
    screen = app.screens.top
    assert screen.study.watching
    click_element(app, screen.buttons["pause"])
    played = len(screen.session.game.moves)
    run_frames(app, 30, 0.1)
    assert len(screen.session.game.moves) == played  # paused
    click_element(app, screen.buttons["step"])
    run_frames(app, 5, 0.1)
    assert len(screen.session.game.moves) == played + 1  # one step
    click_element(app, screen.buttons["pause"])
    click_element(app, screen.buttons["speed"])
    before = chessmen.style()
    click_element(app, screen.buttons["style"])
    assert chessmen.style() != before and app.settings.piece_style == chessmen.style()
    post_key(app, ord("p"))
    assert chessmen.style() == before
    for _ in range(100):
        if screen.session.finished:
            break
        run_frames(app, 10, 0.1)
    texts = [m.text for m in screen.session.game.moves]
    assert texts[:4] == ["b1-c3", "d5-d4", "a2-a3", "d6-e4"]  # as `python -m game scripted` plays it
    assert screen.session.outcome.winner == 0


def solve_moves(screen: PuzzleScreen) -> list[int]:
    return list(screen.puzzle.moves[screen.pos.ply :])


def test_a_puzzle_solved_by_clicks(app):
    app.screens.push("puzzle", seed=3)
    screen = app.screens.top
    assert isinstance(screen, PuzzleScreen)
    solved = app.settings.puzzles_solved
    for code in solve_moves(screen):
        click_square(app, screen.view, code & 255)
        click_square(app, screen.view, code >> 8 & 255)
        run_frames(app, 20)
    assert screen.result == "solved" and screen.strikes == 0
    assert app.settings.puzzles_solved == solved + 1


def test_a_puzzle_failed_by_strikes_and_the_hint_counts(app):
    app.screens.push("puzzle", seed=4)
    screen = app.screens.top
    failed = app.settings.puzzles_failed
    code = screen.expected
    click_element(app, screen.buttons["hint"])  # strike 1, and the move is marked
    assert screen.strikes == 1 and (code & 255) in screen.view.deco.rings
    wrong = next(
        sq
        for sq, c in enumerate(screen.pos.board)
        if c and c >> 2 & 1 == screen.pos.turn and sq != code & 255
    )
    click_square(app, screen.view, wrong)  # strike 2: the wrong piece
    assert screen.strikes == 2 and screen.flash > 0 and "Strike" in screen.message
    click_square(app, screen.view, code & 255)  # the right piece ...
    to = code >> 8 & 255
    bad = next(sq for sq in range(30) if sq not in (to, code & 255) and not screen.pos.board[sq])
    click_square(app, screen.view, bad)  # ... to the wrong square: strike 3
    assert screen.strikes == MAX_STRIKES and screen.result == "failed"
    assert app.settings.puzzles_failed == failed + 1
    click_element(app, screen.buttons["new"])
    assert screen.result is None and screen.strikes == 0


def test_a_puzzle_from_typed_engines_and_serial(app):
    app.screens.push("puzzle", seed=1)
    screen = app.screens.top
    type_into(app, screen.entries["engines"], "L4 K0")
    type_into(app, screen.entries["serial"], "CH3SS5")
    click_element(app, screen.buttons["deal"])
    assert screen.puzzle.white.label == "L4" and screen.puzzle.serial == "CH3SS5"
    type_into(app, screen.entries["engines"], "L4 L0")
    click_element(app, screen.buttons["deal"])
    assert "different" in screen.message and screen.puzzle.white.label == "L4"
