"""touching_moves equals the filtered full move list, in the same order, on many positions."""

from __future__ import annotations

import random

import pytest

from game.position import Position
from game.search.evaluate import Evaluator
from game.search.movegen import touching_moves
from game.variants import RuleOptions, get_variant


def touching(pos: Position, mask: int) -> list[int]:
    return [c for c in pos.generate_codes() if mask >> (c & 255) & 1 or mask >> (c >> 8 & 255) & 1 or c >> 18]


def positions(variant: str, count: int, seed: int, options: RuleOptions | None = None):
    rng = random.Random(seed)
    v = get_variant(variant)
    for setup in v.setups:
        pos = Position.setup(setup, variant, options)
        for _ in range(count):
            moves = pos.generate_codes()
            if not moves or pos.loser >= 0:
                break
            yield pos
            pos.push_code(rng.choice(moves))


@pytest.mark.parametrize("swap", [False, True])
def test_khet_touching_moves_match_the_filtered_list(swap):
    rng = random.Random(5)
    v = get_variant("khet")
    ev = Evaluator(v)
    checked = 0
    for pos in positions("khet", 40, 11 + swap, RuleOptions(swap_into_reserved=swap)):
        beams = ev.beams(pos.board, pos.lasers)
        masks = [beams[0][2], beams[1][2], beams[0][2] | beams[1][2], rng.getrandbits(80), 0, (1 << 80) - 1]
        for mask in masks:
            assert touching_moves(pos, mask) == touching(pos, mask)
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("variant", ["leiserchess2017", "leiserchess2018"])
def test_other_rule_sets_fall_back_to_the_filter(variant):
    rng = random.Random(3)
    for pos in positions(variant, 15, 2):
        mask = rng.getrandbits(64)
        assert touching_moves(pos, mask) == touching(pos, mask)
