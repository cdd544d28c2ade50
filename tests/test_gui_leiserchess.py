"""Leiserchess 2017 and 2018 played through the game screen by clicks and keys, to the end."""

from __future__ import annotations

import random

import pygame
import pytest

from game import Game, Player
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN
from gui.screens.game import GameScreen
from gui.testing import post_click, post_key, run_frames

KEYS = {CLOCKWISE: pygame.K_e, COUNTER_CLOCKWISE: pygame.K_q, HALF_TURN: pygame.K_u}


@pytest.fixture
def app(quick_app):
    return quick_app


def click(app, screen: GameScreen, square: int) -> None:
    post_click(app, screen.view.square_rect(square).center)


def play_by_input(app, screen: GameScreen, move) -> None:
    """Enter a move the way a player would: clicks for squares, keys for rotations."""
    click(app, screen, move.from_square)
    if move.from_square == move.to_square:
        if move.rotation:
            post_key(app, KEYS[move.rotation])
        else:
            click(app, screen, move.from_square)  # null move: click the selected King again
        return
    click(app, screen, move.to_square)
    if move.then_square is not None:
        click(app, screen, move.then_square)
    elif move.rotation:
        post_key(app, KEYS[move.rotation])


def choose(pos, rng: random.Random):
    """Zap the enemy King if possible, never zap one's own, otherwise any move."""
    moves = list(pos.legal_moves)
    safe = []
    for move in moves:
        pos.push(move)
        lost = pos.loser
        pos.pop()
        if lost == 1 - pos.turn:
            return move
        if lost < 0:
            safe.append(move)
    return rng.choice(safe or moves)


@pytest.mark.parametrize(
    "variant", [pytest.param("leiserchess2017", marks=pytest.mark.slow), "leiserchess2018"]
)  # a whole game of each; the 2017 one (zombies, pins, null moves) is the long correctness run
def test_game_played_through_the_gui(app, variant):
    game = Game.new(variant, players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    rng = random.Random(7)
    kinds = set()
    for _ in range(300):
        s = screen.session
        if s.finished:
            break
        move = choose(s.position, rng)
        kinds.add(
            "null"
            if move.is_null
            else "rot"
            if move.is_rotation
            else "3sq"
            if move.then_square is not None
            else "swaprot"
            if move.rotation
            else "step"
        )
        before = len(s.game.moves)
        play_by_input(app, screen, move)
        run_frames(app, 2)
        assert len(s.game.moves) == before + 1, f"{s.position.move_text(move)} was not entered"
        assert (
            s.game.moves[-1].text == s.position.move_texts()[-1]
            if hasattr(s.position, "move_texts")
            else True
        )
    s = screen.session
    assert s.finished, "the game reaches an end"
    replayed = Game.from_json(s.game.to_json())
    assert replayed.position_at().fen() == s.position.fen()
    assert "step" in kinds and "rot" in kinds


def first_move(pos, predicate):
    return next(m for m in pos.legal_moves if predicate(m))


@pytest.mark.parametrize("kind", ["three squares", "swap and rotate"])
def test_2018_two_part_moves_by_clicks(app, kind):
    fen = "ss7/8/8/3se4/3NW4/8/8/7NN W"  # Tangerine's d3 Pawn stands next to Lavender's d4 Pawn
    game = Game.new("leiserchess2018", fen=fen, players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    pos = screen.session.position
    if kind == "three squares":
        move = first_move(pos, lambda m: m.then_square is not None)
    else:
        move = first_move(
            pos, lambda m: m.then_square is None and m.rotation and m.from_square != m.to_square
        )
    click(app, screen, move.from_square)
    click(app, screen, move.to_square)
    assert screen.session.game.moves == []  # the swap alone is not a move: the rest is asked for
    assert screen.input.has_selection and screen.input.targets() or move.rotation
    if move.then_square is not None:
        click(app, screen, move.then_square)
    else:
        post_key(app, KEYS[move.rotation])
    assert screen.session.position.move_stack == [move]


def test_2017_null_move_by_clicking_the_king_twice(app):
    # Tangerine's King on h0 fires north up the h-file into the opaque side of a Lavender Pawn: a zap, so the
    # null move is legal.
    fen = "ss7/7nw/8/8/8/8/8/7NN W"
    game = Game.new("leiserchess2017", fen=fen, players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    king = screen.session.position.geometry.parse_square("h0")
    click(app, screen, king)
    assert "null move" in screen.status_text()[0]
    click(app, screen, king)
    assert screen.session.move_texts() == ["h0h0"]
    assert screen.session.position.piece_at(screen.session.position.geometry.parse_square("h6")) is None
