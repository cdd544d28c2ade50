"""The one search plays LaserChess 98: beam-threat evaluation, wins, parries, every level."""

from __future__ import annotations

import random

import pytest

from game import Move, Position
from game.search.engine import MATE_BOUND, Engine, Limits, make_engine
from game.search.eval_laserchess98 import KING_SHOT, evaluate, threat
from game.search.levels import LEVELS
from game.variants.laserchess98 import SETUPS

V = "laserchess98"


def test_the_start_position_is_level_and_threat_free():
    pos = Position.setup(variant=V)
    assert threat(list(pos.board), 0) == 0 and threat(list(pos.board), 1) == 0
    assert evaluate(pos) == 0
    red = Position.from_fen(SETUPS["Reconstructed layout"].replace(" b 2 ", " r 2 "), V)
    assert evaluate(red) == 0


def test_threats_count_what_a_fire_now_or_after_one_rotation_destroys():
    board = list(Position.setup("Splitter cascade", V).board)
    assert threat(board, 0) == 200  # two Red Pawns
    # The Blue Laser faces east: only after rotating it north does the shot hit the Red King.
    board = list(Position.from_fen("3k4/8/8/8/8/8/8/3L01K2 b 2 -", V).board)
    board[3] = board[3] & ~3 | 1
    assert threat(board, 0, rotate=False) == 0
    assert threat(board, 0) == KING_SHOT
    # A mirror the beam meets first, rotated, sends the beam to the King
    board = list(Position.from_fen("8/8/8/8/8/3D13k/8/3L01K2 b 2 -", V).board)
    assert threat(board, 0, rotate=False) == 0 and threat(board, 0) == KING_SHOT


def test_threats_count_a_second_fire_through_what_the_first_cleared():
    from game.search.eval_laserchess98 import Lc98Evaluation, Lc98Weights

    # From a self-play game: Red's first fire takes a Blue Pawn (100); a second fire of the same
    # turn runs where the Pawn stood and destroys the Blue King.
    fen = "m0bs1kl2s01d0/p11p2p11p2p2p2/8/1p26/4c23/8/1P2P01P31P3P2/D0C3S1L0KS2BM0 b 2 b2c2e2g2h2a7c7d7f7g7h7"
    board = list(Position.from_fen(fen, V).board)
    assert threat(board, 1) == 100 + KING_SHOT
    assert Lc98Evaluation(Lc98Weights(second_fire=0)).threat(board, 1) == 100
    assert threat(board, 1, rotate=False) == 100  # with one half-action left there is no second fire


def test_the_engine_wins_with_two_fires_in_one_turn():
    pos = Position.setup("Charger and Blocker", V)
    result = Engine().search(pos, Limits(depth=3))
    assert result.move_text == "d1*" and result.score >= MATE_BOUND


def test_the_engine_parries_a_shot_at_its_king():
    # Red's Laser on e8 looks down the e file at the Blue King on e1: Blue must act.
    pos = Position.from_fen("4l22k/8/8/8/8/8/P07/4K3 b 2 a2", V)
    result = Engine().search(pos, Limits(depth=3))
    assert result.score > -MATE_BOUND
    pos.push(Move.from_code(result.move))
    while pos.turn == 0:
        pos.push(next(iter(pos.legal_moves)))
    pos.push_text("e8*")
    assert pos.loser != 0


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_a_legal_action(level):
    pos = Position.setup(variant=V)
    engine = make_engine(pos.variant)
    lv = LEVELS[level]
    for _ in range(3):  # a whole turn and a half, half-actions included
        result = engine.search(pos, lv.limits(seconds=0.2), None, lv.randomness(), random.Random(1))
        move = Move.from_code(result.move)
        assert move in pos.legal_moves
        pos.push(move)


def test_no_level_plays_a_null_pair_of_half_actions():
    """Issue 28 #14: Easy turned a piece and turned it back (g8>N then g8>S), wasting its turn."""
    pos = Position.setup(variant=V)
    pos.push_text("a1>E")
    undo = pos.parse_move("a1>N").code
    for name in LEVELS:
        level = LEVELS[name]
        for seed in range(3):
            limits = Limits(depth=min(level.limits(variant=pos.variant).depth or 2, 2))
            r = make_engine(pos.variant).search(
                pos, limits, None, level.randomness(pos.variant), level.rng(seed)
            )
            assert r.move != undo and undo not in r.root_scores, (name, seed)
