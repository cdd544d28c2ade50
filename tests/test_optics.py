"""Every piece × every face × every orientation, through the real beam tracer.

Expected results are derived from the spec's wording, not from the optics table: an NE Pyramid
turns a south-moving beam east and a west-moving one north (and rotating the whole picture by
a quarter turn rotates the answer); an Anubis absorbs only at its front; a "/" Scarab turns a
north-moving beam east.
"""

import pytest

from game.geometry import EAST, NORTH, SOUTH, WEST
from game.laser import trace
from game.pieces import Kind, make_code
from tests.helpers import GEO, sq

TARGET = sq("e4")
# Where a beam must start to arrive at e4 travelling in each direction.
START = {NORTH: sq("e2"), EAST: sq("c4"), SOUTH: sq("e6"), WEST: sq("g4")}


def shoot(kind: Kind, orientation: int, travel: int, color: int = 0):
    board = [0] * GEO.size
    board[TARGET] = make_code(kind, color, orientation)
    return trace(board, GEO, START[travel], travel)


def expected_pyramid(orientation: int, travel: int):
    # Orientation 0 (NE): S -> E, W -> N; rotate the picture by `orientation` quarter turns.
    base = {(SOUTH + orientation) % 4: (EAST + orientation) % 4, (WEST + orientation) % 4: orientation}
    return base.get(travel, "destroyed")


SCARAB_SLASH = {NORTH: EAST, EAST: NORTH, SOUTH: WEST, WEST: SOUTH}
SCARAB_BACKSLASH = {NORTH: WEST, WEST: NORTH, SOUTH: EAST, EAST: SOUTH}


def outcome_at_target(shot):
    step = next(s for s in shot.path if s.square == TARGET)
    if step.exit is None:
        return shot.effect
    return step.exit


@pytest.mark.parametrize("color", [0, 1])
@pytest.mark.parametrize("orientation", range(4))
@pytest.mark.parametrize("travel", [NORTH, EAST, SOUTH, WEST])
def test_pyramid(color, orientation, travel):
    assert outcome_at_target(shoot(Kind.PYRAMID, orientation, travel, color)) == expected_pyramid(
        orientation, travel
    )


@pytest.mark.parametrize("orientation", range(4))
@pytest.mark.parametrize("travel", [NORTH, EAST, SOUTH, WEST])
def test_scarab_reflects_from_every_side(orientation, travel):
    table = SCARAB_SLASH if orientation % 2 == 0 else SCARAB_BACKSLASH
    assert outcome_at_target(shoot(Kind.SCARAB, orientation, travel)) == table[travel]


def test_slash_scarab_turns_north_beam_east():
    shot = shoot(Kind.SCARAB, 0, NORTH)  # 'a' = "/"
    assert [GEO.name(s.square) for s in shot.path][-6:] == ["e4", "f4", "g4", "h4", "i4", "j4"]
    assert shot.effect == "off board"


@pytest.mark.parametrize("orientation", range(4))
@pytest.mark.parametrize("travel", [NORTH, EAST, SOUTH, WEST])
def test_anubis_front_absorbs_other_faces_vulnerable(orientation, travel):
    front_hit = (travel + 2) % 4 == orientation  # beam comes at the face it looks toward
    assert outcome_at_target(shoot(Kind.ANUBIS, orientation, travel)) == (
        "absorbed" if front_hit else "destroyed"
    )


@pytest.mark.parametrize("orientation", range(4))
@pytest.mark.parametrize("travel", [NORTH, EAST, SOUTH, WEST])
def test_pharaoh_destroyed_from_every_side(orientation, travel):
    assert outcome_at_target(shoot(Kind.PHARAOH, orientation, travel)) == "destroyed"


@pytest.mark.parametrize("orientation", range(4))
@pytest.mark.parametrize("travel", [NORTH, EAST, SOUTH, WEST])
def test_sphinx_absorbs_every_beam(orientation, travel):
    assert outcome_at_target(shoot(Kind.SPHINX, orientation, travel)) == "absorbed"


def test_empty_board_beam_leaves():
    board = [0] * GEO.size
    shot = trace(board, GEO, sq("j1"), NORTH)
    assert [GEO.name(s.square) for s in shot.path] == [f"j{r}" for r in range(1, 9)]
    assert shot.path[0].entry is None and shot.path[-1].exit == NORTH
    assert shot.hit_square is None and shot.effect == "off board"


def test_beam_from_edge_square_facing_out_has_only_its_square():
    board = [0] * GEO.size
    shot = trace(board, GEO, sq("j1"), EAST)
    assert [s.square for s in shot.path] == [sq("j1")]
    assert shot.effect == "off board"
