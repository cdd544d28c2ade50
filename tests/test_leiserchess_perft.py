"""Leiserchess perft (rules/leiserchess.md "perft"): the counts of the MIT 6.172 reference engines."""

import pytest

from game import Position, perft
from game.perft import divide
from game.variants import Leiserchess2017Options
from game.variants.leiserchess import GEO, LEISERCHESS_2017, LEISERCHESS_2018

NO_ZOMBIES = Leiserchess2017Options(zombies=False)

# (variant, options, depth 1, 2, 3). 2017 with zombies off reproduces the 2016 reference engine.
TABLE = {
    "2017 zombies off": ("leiserchess2017", NO_ZOMBIES, (65, 4227, 281_474)),
    "2018": ("leiserchess2018", None, (61, 3757, 239_197)),
    # No reference engine has 2017's zombies; this is this engine's own count, kept as a regression.
    "2017 zombies on": ("leiserchess2017", None, (65, 4227, 281_484)),
}


def opening(case: str) -> Position:
    variant, options, _ = TABLE[case]
    return Position.setup(variant=variant, options=options)


@pytest.mark.parametrize("case", TABLE)
@pytest.mark.parametrize("depth", [1, 2])
def test_perft_shallow(case, depth):
    assert perft(opening(case), depth) == TABLE[case][2][depth - 1]


@pytest.mark.slow
@pytest.mark.parametrize("case", TABLE)
def test_perft_depth3(case):
    pos = opening(case)
    before = (pos.fen(), pos.hash, list(pos.lasers))
    assert perft(pos, 3) == TABLE[case][2][2]
    assert (pos.fen(), pos.hash, list(pos.lasers)) == before


@pytest.mark.parametrize("case", ["2017 zombies off", "2018"])
def test_divide_sums_to_perft(case):
    parts = divide(opening(case), 2)
    assert len(parts) == TABLE[case][2][0]
    assert sum(n for _, n in parts) == TABLE[case][2][1]


def test_default_setup_is_the_opening():
    assert list(LEISERCHESS_2017.setups) == ["Opening"]
    assert list(LEISERCHESS_2018.setups) == ["Opening"]
    assert Position.setup("opening", "leiserchess2018").fen() == LEISERCHESS_2018.setup_fen()


@pytest.mark.parametrize("variant", ["leiserchess2017", "leiserchess2018"])
def test_a_move_that_zaps_a_king_is_a_leaf_counted_one(variant):
    # Tangerine's beam runs up the h-file into the Lavender King: most moves zap it.
    pos = Position.from_fen("7ss/8/8/8/8/8/1SE6/3NW3NN W", variant)
    kills = 0
    for text, count in divide(pos, 3):
        move = pos.parse_move(text)
        pos.push(move)
        if pos.loser == 1:
            kills += 1
            assert count == 1
            assert perft(pos, 2) == 0  # a finished game has no moves below it...
        pos.pop()
    assert kills > 0
    # ...but perft counts the zapping move itself as one leaf at any remaining depth.
    assert perft(pos, 3) == sum(n for _, n in divide(pos, 3))


def test_cli_perft_runs_for_leiserchess(capsys):
    from game.__main__ import main

    assert main(["perft", "--variant", "leiserchess2018", "--depth", "2"]) == 0
    assert "perft(2) = 3757" in capsys.readouterr().out


def test_geometry_numbers_ranks_from_zero():
    assert GEO.name(0) == "a0" and GEO.name(63) == "h7"
