"""Move notation in and out, with a specific reason for every bad or illegal move text."""

import pytest

from game import IllegalMoveError, InvalidMoveError, Position
from game.move import Move

CLASSIC_MOVES = ["c1c2", "c1R", "c1L", "e4d3", "e4R", "j1L", "f1g2"]


@pytest.mark.parametrize("text", CLASSIC_MOVES)
def test_move_text_round_trip(text):
    pos = Position.setup("Classic")
    move = pos.parse_move(text)
    assert pos.move_text(move) == text
    assert Move.from_code(move.code) == move


def test_every_legal_move_round_trips_through_text():
    pos = Position.setup("Classic")
    for move in pos.legal_moves:
        assert pos.parse_move(pos.move_text(move)) == move


BAD_SYNTAX = [
    ("", "empty"),
    ("hello", "is not a move"),
    ("e4", "add a destination square or a rotation"),
    ("e4e5e6", "names 3 squares"),
    ("z4e5", "z4 is not a square on this board"),
    ("e9e5", "e9 is not a square on this board"),
    ("k1k2", "k1 is not a square on this board"),
    ("e4X", "is not a move"),
    ("e4U", "has no half-turn"),
    ("e4e5R", "cannot both step and rotate"),
    ("E4E5", "is not a move"),
    ("e4-e5", "is not a move"),
]


@pytest.mark.parametrize(("text", "message"), BAD_SYNTAX)
def test_malformed_move_texts(text, message):
    with pytest.raises(InvalidMoveError) as err:
        Position.setup("Classic").parse_move(text)
    assert message in str(err.value)


ILLEGAL = [
    ("e6e7", "there is no piece on e6"),
    ("a4a3", "is not yours; Silver is to move"),
    ("c1c3", "c3 is not next to c1"),
    ("d1e1", "e1 is occupied; only a Scarab may swap"),
    ("e1R", "the Pharaoh cannot rotate"),
    ("j1R", "the Sphinx would face off the board"),
    ("j1i1", "the Sphinx never moves"),
    ("e4L", "a Scarab has one rotation"),
    ("c1b1", None),  # b1 is Silver's own reserved square: legal
    ("h2i1", "i1 is reserved for Red"),
    ("e4e5", "a Scarab may swap only with a Pyramid or an Anubis, not a Scarab"),
]


@pytest.mark.parametrize(("text", "message"), ILLEGAL)
def test_illegal_move_texts_name_the_reason(text, message):
    pos = Position.setup("Classic")
    if message is None:
        assert pos.parse_move(text)
        return
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move(text)
    assert message in str(err.value)


def test_moves_after_game_over_are_refused_with_reason():
    pos = Position.setup("Dynasty")
    pos.push_text("j3j2")
    with pytest.raises(IllegalMoveError, match="game is over"):
        pos.parse_move("a8R")
