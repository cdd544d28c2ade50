"""Each move kind, each reserved-square case, and the whole-turn behaviour (move, then fire)."""

import pytest

from game import IllegalMoveError, Position
from game.geometry import EAST, NORTH, SOUTH, WEST
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, Move
from game.variants import KhetOptions
from tests.helpers import GEO, khet_position, sq


def texts(pos: Position) -> set[str]:
    return {pos.move_text(m) for m in pos.legal_moves}


def test_pyramid_steps_to_eight_empty_neighbours_and_rotates_both_ways():
    pos = khet_position({"e4": "Pa"})
    moves = {t for t in texts(pos) if t.startswith("e4")}
    assert moves == {"e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5", "e4R", "e4L"}


def test_step_only_to_empty_squares():
    pos = khet_position({"e4": "Pa", "e5": "Pa", "f5": "pa"})
    moves = texts(pos)
    assert "e4e5" not in moves and "e4f5" not in moves
    with pytest.raises(IllegalMoveError, match="occupied; only a Scarab may swap"):
        pos.parse_move("e4f5")


def test_rotation_changes_orientation_both_ways():
    pos = khet_position({"e4": "Pa"})
    pos.push_text("e4R")
    assert pos.piece_at(sq("e4")).orientation == 1
    pos.pop()
    pos.push_text("e4L")
    assert pos.piece_at(sq("e4")).orientation == 3


def test_pharaoh_steps_but_never_rotates():
    pos = khet_position({})
    moves = {t for t in texts(pos) if t.startswith("e1")}
    assert moves == {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}
    with pytest.raises(IllegalMoveError, match="Pharaoh cannot rotate"):
        pos.parse_move("e1R")


def test_scarab_has_one_rotation():
    pos = khet_position({"e4": "Ra"})
    assert "e4R" in texts(pos) and "e4L" not in texts(pos)
    with pytest.raises(IllegalMoveError, match="one rotation"):
        pos.parse_move("e4L")
    pos.push_text("e4R")
    assert pos.piece_at(sq("e4")).orientation == 1


@pytest.mark.parametrize("target", ["Pa", "pa", "Na", "nc"])
def test_scarab_swaps_with_pyramid_or_anubis_of_either_colour(target):
    pos = khet_position({"e4": "Ra", "f5": target})
    assert "e4f5" in texts(pos)
    pos.push_text("e4f5")
    assert pos.piece_at(sq("f5")).kind.name == "SCARAB"
    assert pos.piece_at(sq("e4")).kind.name in ("PYRAMID", "ANUBIS")
    assert pos.piece_at(sq("e4")).orientation == "abcd".index(target[1])  # nothing rotates


@pytest.mark.parametrize("target", ["Ra", "rb", "Fa"])
def test_scarab_never_swaps_with_scarab_or_pharaoh(target):
    frame = {"e4": "Ra", "f5": target}
    if target == "Fa":
        frame["e1"] = "Pa"  # move the frame's Pharaoh out of the way: f5 holds it
    pos = khet_position(frame)
    assert "e4f5" not in texts(pos)
    with pytest.raises(IllegalMoveError, match="swap only with a Pyramid or an Anubis"):
        pos.parse_move("e4f5")


def test_scarab_never_swaps_with_sphinx():
    pos = khet_position({"i2": "Ra"})
    assert "i2j1" not in texts(pos)


def test_sphinx_turns_between_its_two_facings_only():
    pos = khet_position({"g1": "Nb", "c8": "nd"})  # Anubis shields guard the Pharaohs on ranks 1 and 8
    silver = {t for t in texts(pos) if t.startswith("j1")}
    assert silver == {"j1L"}  # north -> west
    pos.push_text("j1L")
    assert pos.piece_at(sq("j1")).orientation == WEST
    pos.push_text("a8L")  # red: south -> east
    assert pos.piece_at(sq("a8")).orientation == EAST
    assert {t for t in texts(pos) if t.startswith("j1")} == {"j1R"}
    with pytest.raises(IllegalMoveError, match="never moves"):
        pos.parse_move("j1j2")


def test_sphinx_facing_constants():
    pos = Position.setup("Classic")
    assert pos.piece_at(sq("j1")).orientation == NORTH
    assert pos.piece_at(sq("a8")).orientation == SOUTH


# ---------------------------------------------------------------- reserved squares
def test_silver_may_not_enter_red_reserved_squares():
    pos = khet_position({"b3": "Pa", "h1": "Pa"})
    moves = texts(pos)
    assert not {"b3a2", "b3a3", "b3a4", "h1i1"} & moves
    assert "b3b4" in moves and "h1h2" in moves
    with pytest.raises(IllegalMoveError, match="reserved for Red"):
        pos.parse_move("b3a3")
    with pytest.raises(IllegalMoveError, match="reserved for Red"):
        pos.parse_move("h1i1")


def test_red_may_not_enter_silver_reserved_squares():
    pos = khet_position({"i5": "pa", "c8": "pa"}, turn=1)
    moves = texts(pos)
    assert not {"i5j4", "i5j5", "i5j6", "c8b8"} & moves
    with pytest.raises(IllegalMoveError, match="reserved for Silver"):
        pos.parse_move("c8b8")


def test_own_reserved_squares_are_fine():
    pos = khet_position({"i5": "Pa"})
    assert {"i5j4", "i5j5", "i5j6"} <= texts(pos)


def test_scarab_may_not_swap_onto_square_reserved_for_other_colour():
    pos = khet_position({"b4": "Ra", "a4": "pa"})
    assert "b4a4" not in texts(pos)


def test_displaced_piece_may_not_land_on_reserved_square_by_default():
    # Silver Scarab on i4 (free square); a Red pyramid on... the displaced piece lands on i4, free.
    # Put the Scarab on j4 (Silver-only) and swap a Red pyramid from i4 onto j4: forbidden by default.
    pos = khet_position({"j4": "Ra", "i4": "pa"})
    assert "j4i4" not in texts(pos)
    with pytest.raises(IllegalMoveError, match="swapped piece would land on j4"):
        pos.parse_move("j4i4")
    allowed = Position.from_fen(pos.fen(), options=KhetOptions(swap_into_reserved=True))
    assert "j4i4" in texts(allowed)


def test_displaced_own_piece_on_own_reserved_square_is_fine():
    pos = khet_position({"j4": "Ra", "i4": "Pa"})
    assert "j4i4" in texts(pos)


# ---------------------------------------------------------------- whole turns
def test_move_then_own_laser_fires_and_can_kill_own_pharaoh():
    pos = Position.setup("Dynasty")
    shots = pos.push_text("j3j2").beams
    assert shots[0].destroyed and GEO.name(shots[0].hit_square) == "e2"
    assert pos.loser == 0
    outcome = pos.outcome()
    assert outcome.winner == 1 and outcome.result == "0-1"
    assert not list(pos.legal_moves)


def test_friendly_fire_removes_own_piece():
    # Silver pyramid on j5 facing NE: the north-moving beam from j1 hits its south face: destroyed.
    pos = khet_position({"j5": "Pa", "c3": "Pa"})
    shots = pos.push_text("c3c4").beams
    assert shots[0].destroyed and shots[0].hit_square == sq("j5")
    assert pos.piece_at(sq("j5")) is None
    pos.pop()
    assert pos.piece_at(sq("j5")).orientation == 0


def test_anubis_front_blocks_a_shot():
    pos = khet_position({"j5": "Nc"})  # facing south, toward the Sphinx
    shots = pos.push_text("e1d1").beams
    assert shots[0].effect == "absorbed"
    assert pos.piece_at(sq("j5")) is not None


def test_only_one_piece_removed_per_shot():
    pos = khet_position({"j4": "Pa", "j6": "Pa"})
    pos.push_text("e1d1")
    assert pos.piece_at(sq("j4")) is None and pos.piece_at(sq("j6")) is not None


def test_classic_opening_shot_path():
    pos = Position.setup("Classic")
    shot = pos.beam(0)
    corners = [GEO.name(s.square) for s in shot.path if s.entry is not None and s.entry != s.exit]
    assert corners == ["j4", "h4", "h5", "j5"]
    assert GEO.name(shot.path[-1].square) == "j8" and shot.effect == "off board"
    red = pos.beam(1)
    corners = [GEO.name(s.square) for s in red.path if s.entry is not None and s.entry != s.exit]
    assert corners == ["a5", "c5", "c4", "a4"] and red.effect == "off board"


@pytest.mark.parametrize("setup", ["Classic", "Imhotep", "Dynasty", "Mercury", "Sophie"])
def test_every_setup_opening_shots_leave_the_board(setup):
    pos = Position.setup(setup)
    assert pos.beam(0).effect == "off board"
    assert pos.beam(1).effect == "off board"


def test_push_rejects_illegal_move_objects():
    pos = Position.setup("Classic")
    with pytest.raises(IllegalMoveError):
        pos.push(Move(sq("e1"), sq("e1"), CLOCKWISE))
    with pytest.raises(IllegalMoveError):
        pos.push(Move(sq("c1"), sq("c1"), COUNTER_CLOCKWISE + 1))


def test_legal_moves_view_is_lazy_and_consistent():
    pos = Position.setup("Classic")
    view = pos.legal_moves
    assert len(view) == 77 and bool(view)
    first = next(iter(view))
    assert first in view and pos.is_legal(first)
