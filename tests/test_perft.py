"""perft counts from rules/khet.md: the strongest single check of move generation and optics."""

import pytest

from game import Position, perft
from game.perft import divide

TABLE = {
    "Classic": (77, 5920, 451_859),
    "Imhotep": (73, 5343, 387_073),
    "Dynasty": (70, 4854, 334_850),
}


@pytest.mark.parametrize("setup", TABLE)
@pytest.mark.parametrize("depth", [1, 2])
def test_perft_shallow(setup, depth):
    assert perft(Position.setup(setup), depth) == TABLE[setup][depth - 1]


@pytest.mark.slow
@pytest.mark.parametrize("setup", TABLE)
def test_perft_depth3(setup):
    pos = Position.setup(setup)
    before = (pos.fen(), pos.hash)
    assert perft(pos, 3) == TABLE[setup][2]
    assert (pos.fen(), pos.hash) == before


def test_divide_sums_to_perft():
    pos = Position.setup("Classic")
    parts = divide(pos, 2)
    assert len(parts) == 77
    assert sum(n for _, n in parts) == 5920


def test_destroyed_pharaoh_counts_zero_below():
    # Dynasty: j3j2 kills Silver's own Pharaoh, so that subtree is empty at any depth > 0.
    pos = Position.setup("Dynasty")
    pos.push_text("j3j2")
    assert pos.loser == 0
    assert perft(pos, 0) == 1
    assert perft(pos, 1) == 0
    assert perft(pos, 2) == 0
