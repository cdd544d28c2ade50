"""The native core's rules: every perft count through it, and move for move the same legal moves,
boards, hashes, removals and game ends as the Python rules (game/native.py, native/board.c)."""

from __future__ import annotations

import random

import pytest

from game import Position, native, perft
from game.variants import KhetOptions, Leiserchess2017Options
from tests.native_positions import POSITIONS

pytestmark = pytest.mark.skipif(not native.available(), reason="the native core is not built (pip install .)")

KHET_PERFT = {
    "Classic": (77, 5920, 451_859),
    "Imhotep": (73, 5343, 387_073),
    "Dynasty": (70, 4854, 334_850),
}
LEISERCHESS_PERFT = {
    "2017 zombies off": ("leiserchess2017", Leiserchess2017Options(zombies=False), (65, 4227, 281_474)),
    "2017 zombies on": ("leiserchess2017", None, (65, 4227, 281_484)),
    "2018": ("leiserchess2018", None, (61, 3757, 239_197)),
}


@pytest.mark.parametrize("setup", KHET_PERFT)
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_khet_perft_through_the_native_core(setup, depth):
    assert native.perft(Position.setup(setup), depth) == KHET_PERFT[setup][depth - 1]


@pytest.mark.parametrize("case", LEISERCHESS_PERFT)
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_leiserchess_perft_through_the_native_core(case, depth):
    variant, options, counts = LEISERCHESS_PERFT[case]
    assert native.perft(Position.setup(variant=variant, options=options), depth) == counts[depth - 1]


def test_a_destroyed_pharaoh_counts_zero_below():
    pos = Position.setup("Dynasty")
    pos.push_text("j3j2")  # Silver's own beam destroys its Pharaoh
    assert [native.perft(pos, d) for d in (0, 1, 2)] == [1, 0, 0]


def test_swaps_onto_reserved_squares_follow_the_option():
    # A Silver Scarab on j4 (Silver's file) next to a Red Pyramid on i5: the swap puts the Pyramid
    # on j4, a square reserved for Silver, legal only with the option.
    fen = "sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pbpbPd/pb1Pd1RaRb1pa1Rb/6pb3/7Pa2/2PdNaFaNa3Sa b"
    counts = set()
    for allowed in (False, True):
        pos = Position.from_fen(fen, "khet", KhetOptions(swap_into_reserved=allowed))
        assert native.new_core(pos).generate() == pos.generate_codes()
        assert native.perft(pos, 2) == perft(pos, 2)
        counts.add(len(pos.generate_codes()))
    assert len(counts) == 2


def state(pos: Position) -> tuple[object, ...]:
    return (list(pos.board), pos.turn, pos.hash, pos.loser, pos.quiet_plies, tuple(pos.lasers))


def play_along(pos: Position, seed: int, plies: int) -> None:
    """Random play on the Python position and the native core side by side, compared at every ply."""
    core = native.new_core(pos)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = pos.generate_codes()
        assert core.generate() == moves
        if not moves:
            return
        code = rng.choice(moves)
        removed = core.make(code)
        assert removed == pos.make_code(code)
        board, turn, h, loser, quiet, lasers, scratch = core.state()
        assert (board, turn, h, loser, quiet, lasers) == state(pos)
        assert scratch == h  # the incremental hash is the hash of the board
        if pos.loser >= 0:
            core.unmake()
            pos.unmake_code()
            board, turn, h, loser, quiet, lasers, _ = core.state()
            assert (board, turn, h, loser, quiet, lasers) == state(pos)


@pytest.mark.parametrize("variant", ["khet", "leiserchess2017", "leiserchess2018"])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_match_the_python_rules_move_for_move(variant, seed):
    setup = ["Classic", "Imhotep", "Dynasty", "Mercury"][seed] if variant == "khet" else None
    options = Leiserchess2017Options(zombies=seed % 2 == 0) if variant == "leiserchess2017" else None
    play_along(Position.setup(setup, variant, options), seed, 160)


@pytest.mark.parametrize("variant", sorted(POSITIONS))
def test_fixed_positions_with_history_generate_the_same_moves(variant):
    """Ko needs the moves played before: the core gets the last one and the hash before it."""
    for fen, moves in POSITIONS[variant]:
        pos = Position.from_fen(fen, variant)
        for text in moves.split():
            pos.push_text(text)
        core = native.new_core(pos)
        assert core.generate() == pos.generate_codes(), fen
        for code in pos.generate_codes():
            assert core.make(code) == pos.make_code(code)
            assert core.generate() == pos.generate_codes()  # Ko below the root too
            core.unmake()
            pos.unmake_code()


KO_GAMES = {
    "leiserchess2017": "h4U b4U e1L c5b6 f4L a7L g3g2 a3a2 f4e3 e5f6 g2f1 f6g6 e1R d6c6 d2c3",
    "leiserchess2018": "d1U d5d4 g4U b3a4 e1L b4a4 f2L e6f6 e2d2 c5d5 g3R f6g5 d2d3 c4d3R c4d4L d3d4R d3c3 "
    "g5h5 g4g5 a4R f3g2 d5c5 f2g1 h5R d1c1 a7b7 g2h3 a4L h0U a4L g5g4 a4R c3d4d3",
}


@pytest.mark.parametrize("variant", sorted(KO_GAMES))
def test_the_core_drops_the_moves_ko_forbids(variant):
    pos = Position.setup(variant=variant)
    for text in KO_GAMES[variant].split():
        pos.push_text(text)
    lone = Position.from_fen(pos.fen(), variant)
    forbidden = set(lone.generate_codes()) - set(pos.generate_codes())
    assert forbidden  # the game's last move can be undone: Ko forbids it
    assert native.new_core(pos).generate() == pos.generate_codes()
    assert set(native.new_core(lone).generate()) == set(lone.generate_codes())
