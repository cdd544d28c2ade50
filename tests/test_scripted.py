"""The five scripted engines (rules/lousychess.md §5-6): both worked examples, every goal, the quirks."""

from __future__ import annotations

import random

import pytest

from game import Position
from game.__main__ import main
from game.scripted import (
    LETTERS,
    ScriptedEngine,
    ScriptError,
    base_digits,
    digits,
    play_game,
    switch_target,
)
from game.variants.lousychess import GEO, is_light

V = "lousychess"
sq = GEO.parse_square


def engine(spec: str, serial: str = "CH3SS5", sane: bool = False) -> ScriptedEngine:
    return ScriptedEngine.parse(spec, serial, sane)


def test_base_number_and_digit_streams_of_the_sheet():
    assert base_digits("CH3SS5") == "38319195"
    assert base_digits("sh1hj3") == "19818103"  # the sheet's 198181031981... repeats it
    assert digits(2, "SH1HJ3", 10)[1:] == [3, 2, 0, 1, 9, 0, 0, 3, 4]
    assert digits(7, "SH1HJ3", 10)[1:] == [8, 7, 5, 6, 4, 5, 5, 8, 9]
    # The repeated base number: B[9] = 1 and B[10] = 9 are its first two digits again.
    assert digits(2, "SH1HJ3", 11)[9:] == [(3 + 1) % 10, (4 + 9) % 10]


def test_first_worked_example_white_L4_first_move():
    pos = Position.setup(variant=V)
    choice = engine("L4").explain(pos)
    assert choice.goal_text == "move from a light square to a dark square"
    assert choice.candidates == ("a2-a3", "b1-a3", "b1-c3", "c2-c3", "e2-e3")
    assert choice.ascending and choice.digit == 7 and choice.index == 2
    assert pos.move_text(choice.move) == "b1-c3"
    assert digits(4, "CH3SS5", 3)[2] == 5  # White's next digit


def test_second_worked_example_white_L8_eighth_move():
    pos = Position.from_fen("k1n1r/2ppp/p2Q1/Nq2P/PP3/R1B1K w 8", V)
    choice = engine("L8").explain(pos)
    assert choice.goal == 2  # no king capture, no light->dark move: dark->dark
    assert choice.candidates == ("c1-d2", "d4-b4", "d4-c3", "d4-c5", "d4-d2", "d4-e5", "e1-d2")
    assert choice.ascending and choice.digit == 7 and choice.index == 0
    assert pos.move_text(choice.move) == "c1-d2"
    assert digits(8, "CH3SS5", 21)[1:] == [1, 9, 2, 3, 2, 3, 2, 7, 0, 8, 1, 2, 1, 2, 1, 6, 9, 7, 0, 1]


def test_odd_digit_sorts_descending():
    pos = Position.setup(variant=V)
    pos.push_text("b1-c3")
    # Black K with seed 1 on CH3SS5: r0 = 1 (odd) -> descending, r1 = 4.
    choice = engine("K1").explain(pos)
    assert not choice.ascending and list(choice.candidates) == sorted(choice.candidates, reverse=True)
    assert choice.index == 4 % len(choice.candidates)


def test_every_engine_captures_the_king_first():
    for letter in LETTERS:
        pos = Position.from_fen("k4/5/5/5/5/R3K w 3", V)
        choice = engine(letter + "0").explain(pos)
        assert choice.goal == 0 and choice.candidates == ("a1-a6",)


def test_dark_squares_are_lava():
    pos = Position.setup(variant=V)
    choice = engine("D0").explain(pos)
    assert choice.goal == 1
    for name in choice.candidates:
        assert not is_light(sq(name[:2])) and is_light(sq(name[3:]))
    # White's only piece, the King, stands on a light square: no dark -> light move, so light -> light.
    pos = Position.from_fen("k4/5/5/5/K4/5 w 1", V)
    choice = engine("D0").explain(pos)
    assert choice.goal == 2 and choice.candidates == ("a2-b1", "a2-b3")


def test_the_king_must_die_moves_strictly_closer():
    pos = Position.from_fen("4k/5/5/5/5/R3K w 2", V)
    choice = engine("K0").explain(pos)
    assert choice.goal == 1
    # The Rook on a1 (distance 9 from e6) may go anywhere on its file or rank that is closer.
    assert set(choice.candidates) == {
        "a1-a2",
        "a1-a3",
        "a1-a4",
        "a1-a5",
        "a1-a6",
        "a1-b1",
        "a1-c1",
        "a1-d1",
        "e1-e2",  # e1-d2 keeps the distance (5): not closer
    }


def test_mirror_reflects_the_last_move_with_the_same_kind():
    pos = Position.setup(variant=V)
    assert engine("M0").explain(pos).goal == 3  # White's first move: nothing to mirror
    pos.push_text("b1-c3")
    choice = engine("M0").explain(pos)
    assert choice.goal == 1 and choice.candidates == ("d6-c4",)  # b1->d6, c3->c4, a Knight
    pos.push_text("d6-c4")
    choice = engine("M0").explain(pos)
    # d6-c4 mirrors to b1-c3, but White's Knight has left b1: goal 2, every Knight move.
    assert choice.goal == 2 and choice.candidates and all(n.startswith("c3-") for n in choice.candidates)


def test_mirror_after_a_promotion_moves_a_queen():
    pos = Position.from_fen("4k/1Q3/5/5/3p1/K4 b 5", V)
    pos.push_text("d2-d1")  # promotes: the piece on d1 is now a Queen
    choice = engine("M0").explain(pos)
    assert choice.goal == 1 and choice.candidates == ("b5-b6",)  # d2->b5, d1->b6, with a Queen
    pos2 = Position.from_fen("4k/5/1Q3/5/3p1/K4 b 5", V)
    pos2.push_text("d2-d1")
    choice = engine("M0").explain(pos2)
    assert choice.goal == 2 and all(n.startswith("b4-") for n in choice.candidates)  # Queen moves


def test_switch_sides_targets_and_the_promoted_queen_quirk():
    white_king = Position.setup(variant=V).board[sq("e1")]
    assert switch_target(white_king, sq("e1")) == (0, 5)  # a6
    pos = Position.from_fen("k4/5/5/2Q~2/5/4K w 9", V)
    promoted = pos.board[sq("c3")]
    assert switch_target(promoted, sq("c3")) == (-1, 5)  # one file left of a6, for both colours
    black = Position.from_fen("k4/5/5/2q~2/5/4K w 9", V).board[sq("c3")]
    assert switch_target(black, sq("c3")) == (-1, 5)
    assert switch_target(promoted, sq("c3"), sane_promoted=True) == (1, 5)  # b6
    quirk = engine("S0").explain(pos)
    sane = engine("S0", sane=True).explain(pos)
    queen = {n for n in quirk.candidates if n.startswith("c3-")}
    sane_queen = {n for n in sane.candidates if n.startswith("c3-")}
    assert "c3-a3" in queen and "c3-a3" not in sane_queen  # a3 is closer to (-1, 6) only
    assert "c3-d4" not in queen and "c3-d4" not in sane_queen


def test_switch_sides_pawns_aim_at_their_own_file():
    pos = Position.from_fen("k4/5/5/1p3/2P2/4K w 3", V)
    choice = engine("S0").explain(pos)
    pawn = {n for n in choice.candidates if n.startswith("c2-")}
    assert pawn == {"c2-c3"}  # c2xb3 is not closer to c5
    black = Position.from_fen("k4/5/5/1p3/2P2/4K b 3", V)
    choice = engine("S0").explain(black)
    assert {n for n in choice.candidates if n.startswith("b3-")} == {"b3-b2"}


@pytest.mark.parametrize("bad", ["", "AB-12", "É1", "A" * 21])
def test_bad_serials_are_refused(bad):
    with pytest.raises(ScriptError):
        engine("L4", bad)


@pytest.mark.parametrize("bad", ["X4", "L", "L10", "4L", "LL"])
def test_bad_engine_names_are_refused(bad):
    with pytest.raises(ScriptError):
        engine(bad)


def test_engine_games_always_end_and_are_repeatable():
    rng = random.Random(15)
    for _ in range(25):
        serial = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(6))
        w = engine(rng.choice(LETTERS) + str(rng.randrange(10)), serial)
        b = engine(rng.choice(LETTERS) + str(rng.randrange(10)), serial)
        pos = play_game(w, b)
        assert pos.outcome() is not None and pos.ply <= 80
        assert [m.code for m in play_game(w, b).history] == [m.code for m in pos.history]


def test_scripted_command(capsys):
    assert main(["scripted", "--white", "L4", "--black", "K0", "--serial", "CH3SS5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith(" 1. b1-c3")
    assert out[-1].split(" (")[0] in ("White wins", "Black wins", "draw")
    assert main(["scripted", "--white", "Q4", "--black", "K0", "--serial", "CH3SS5"]) == 2


def test_one_opponents_protocol_for_scripted_engines_and_our_search():
    from game.opponents import Opponent, SearchOpponent

    pos = Position.setup(variant=V)
    scripted = engine("L4")
    cpu = SearchOpponent("Beginner", seed=1)
    assert isinstance(scripted, Opponent) and isinstance(cpu, Opponent)
    assert pos.move_text(scripted.choose(pos)) == "b1-c3"
    assert cpu.choose(pos) in pos.legal_moves
    khet = Position.setup("Classic")
    assert cpu.choose(khet) in khet.legal_moves  # the same player on any rule set
