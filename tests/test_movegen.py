"""touching_moves and moves_apart equal the filtered full move list, in the same order, on many positions;
the search's incremental shot (shot_along) equals the full trace (shot_after)."""

from __future__ import annotations

import random

import pytest

from game.position import Position
from game.search.beams import beam_entries, shot_after, shot_along
from game.search.evaluate import Evaluator
from game.search.movegen import moves_apart, touching_moves
from game.variants import KhetOptions, RuleOptions, get_variant
from game.variants.khet import SCARAB


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
    for pos in positions("khet", 40, 11 + swap, KhetOptions(swap_into_reserved=swap)):
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


def apart(pos: Position, mine: int, theirs: int) -> tuple[list[int], list[int]]:
    rest = [c for c in touching(pos, (1 << 128) - 1) if c not in touching(pos, mine)]
    near = [c for c in rest if c in touching(pos, theirs)]
    return near, [c for c in rest if c not in near]


@pytest.mark.parametrize(("variant", "swap"), [("khet", False), ("khet", True), ("leiserchess2018", False)])
def test_moves_apart_split_the_rest_of_the_filtered_list(variant, swap):
    rng = random.Random(9)
    v = get_variant(variant)
    checked = 0
    options = KhetOptions(swap_into_reserved=swap) if swap else None
    for pos in positions(variant, 30, 4 + swap, options):
        if variant == "khet":
            beams = Evaluator(v).beams(pos.board, pos.lasers)
            pairs = [(beams[pos.turn][2], beams[pos.turn ^ 1][2]), (rng.getrandbits(80), rng.getrandbits(80))]
        else:
            pairs = [(rng.getrandbits(64), rng.getrandbits(64))]
        for mine, theirs in pairs:
            assert moves_apart(pos, mine, theirs) == apart(pos, mine, theirs)
            checked += 1
    assert checked >= 30


def test_shot_along_equals_the_full_trace():
    """Traced from the first beam square a move changes (and shared by a piece's steps off the
    beam), the shot of every move touching the beam is the one a full trace finds."""
    v = get_variant("khet")
    ev = Evaluator(v)
    checked = hits = 0
    for pos in positions("khet", 40, 21):
        board = pos.board
        emitter = pos.lasers[pos.turn]
        path = ev.beams(board, pos.lasers)[pos.turn][2]
        entries = beam_entries(board, ev.rays, emitter, ev.size)
        assert [s for s in range(ev.size) if entries[s] < 1 << 24] == [
            s for s in range(ev.size) if path >> s & 1
        ]
        vacated: dict[int, tuple[int, int]] = {}
        before = list(board)
        for c in touching_moves(pos, path):
            want = shot_after(board, ev.rays, c, emitter)
            assert shot_along(board, ev.rays, c, emitter, entries, vacated, ev) == want
            checked += 1
            hits += want != 0
        assert board == before
    assert checked > 1500 and hits > 300


def test_touching_moves_with_entries_leave_out_only_steps_the_beam_stops_at():
    """With the beam's entries, touching_moves drops exactly the steps from off the beam onto an
    empty beam square where the beam then destroys or stops on the piece; none of them changes the
    shot into one that destroys an enemy piece (what quiescence looks for), and some are dropped."""
    v = get_variant("khet")
    ev = Evaluator(v)
    optics = v.pieces.fast_optics
    dropped = kept = 0
    for pos in positions("khet", 40, 31):
        board = pos.board
        emitter = pos.lasers[pos.turn]
        path = ev.beams(board, pos.lasers)[pos.turn][2]
        entries = beam_entries(board, ev.rays, emitter, ev.size)
        every = touching_moves(pos, path)
        got = touching_moves(pos, path, None, entries)
        stops = [
            c
            for c in every
            if not path >> (c & 255) & 1
            and c >> 16 == 0
            and not board[c >> 8 & 255]
            and board[c & 255] >> 3 != SCARAB  # (reflects on every side: never left out)
            and optics[board[c & 255] << 2 | (entries[c >> 8 & 255] & 3)] < 0
        ]
        assert got == [c for c in every if c not in stops]
        for c in stops:
            victim = shot_after(board, ev.rays, c, emitter) & 0xFFFF
            assert not victim or victim >> 2 & 1 == pos.turn
        dropped += len(stops)
        kept += len(got)
    assert dropped > 100 and kept > 1000
