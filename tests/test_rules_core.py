"""The rules core: piece sets size every table, the general tracer, effects reports, journaled turns."""

from __future__ import annotations

import random

import pytest

from game import Move, Position, get_variant
from game.laser import BeamRules, trace, trace_beams
from game.outcome import Termination
from game.pieces import KHET_PIECES, LEISERCHESS_PIECES, STANDARD_PIECES
from game.pieceset import Op, PieceKind, PieceSet, turning
from tests.prism import BOUNCER, LASER, MIRROR, PRISM, PRISM_PIECES, register

register()
GEO = PRISM.geometry
sq = GEO.parse_square


def random_positions(variant: str, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    pos = Position.setup(variant=variant)
    out = []
    while len(out) < count:
        moves = pos.generate_codes()
        if not moves or pos.loser >= 0:
            pos = Position.setup(variant=variant)
            continue
        pos.push_code(rng.choice(moves))
        out.append(pos.copy(history=False))
    return out


@pytest.mark.parametrize("variant", ["khet", "leiserchess2017", "leiserchess2018"])
def test_general_tracer_agrees_with_the_fast_single_beam_tracer(variant):
    v = get_variant(variant)
    for pos in random_positions(variant, 60, 7):
        for color in (0, 1):
            emitter = pos.lasers[color]
            if emitter < 0:
                continue
            d = pos.board[emitter] & 3
            fast = trace(pos.board, v.geometry, emitter, d, v.pieces.fast_optics)
            general = trace_beams(pos.board, v.geometry, v.pieces, emitter, d)
            (root,) = general.beams
            assert (root.path, root.effect, root.hit_square, root.children) == (
                fast.path,
                fast.effect,
                fast.hit_square,
                (),
            )
            assert [r[:2] for r in general.removed] == (
                [(fast.hit_square, pos.board[fast.hit_square])] if fast.destroyed else []
            )


def test_tables_are_sized_from_the_piece_set():
    assert KHET_PIECES.size == 48 and LEISERCHESS_PIECES.size == 64 and STANDARD_PIECES.size == 64
    assert PRISM_PIECES.size == 72  # eight kinds: codes above 64
    assert len(PRISM_PIECES.fast_optics) == 72 * 4 and len(PRISM_PIECES.zobrist) == 72 * 128
    assert not PRISM_PIECES.simple and KHET_PIECES.simple
    keys = PRISM_PIECES.zobrist
    mirror0, mirror2 = MIRROR << 3, MIRROR << 3 | 2  # two-sided: o and o + 2 are one shape
    assert keys[mirror0 << 7 | 5] == keys[mirror2 << 7 | 5]
    assert keys[(MIRROR << 3 | 1) << 7 | 5] != keys[mirror0 << 7 | 5]
    pawn = 8 << 3
    assert len({keys[c << 7 | 9] for c in range(pawn, pawn + 8)}) == 8
    with pytest.raises(ValueError):
        PieceSet((PieceKind(1, "A", "A", turning({}), shapes=3),))


def test_khet_effects_report_the_slides_turns_and_the_hit_step():
    pos = Position.setup("Dynasty")
    effects = pos.push_text("j3j2")
    assert [(m.frm, m.to) for m in effects.moved] == [(GEO_K("j3"), GEO_K("j2"))]
    (shot,) = effects.beams
    (removal,) = effects.removed
    assert removal.square == shot.hit_square == GEO_K("e2") and removal.step == shot.end_step
    assert effects.fallen == (0,) and pos.outcome().reason is Termination.ROYAL_DESTROYED
    pos.pop()
    effects = pos.push_text("e5R")
    assert effects.rotated and effects.rotated[0].square == GEO_K("e5") and not effects.moved


def GEO_K(name: str) -> int:
    return get_variant("khet").geometry.parse_square(name)


def test_leiserchess_2017_refired_shots_follow_each_other_in_steps():
    pos = Position.setup(variant="leiserchess2017")
    rng = random.Random(3)
    for _ in range(400):
        moves = list(pos.legal_moves)
        if not moves or pos.outcome():
            pos = Position.setup(variant="leiserchess2017")
            continue
        effects = pos.push(rng.choice(moves))
        if len(effects.beams) > 1:
            for a, b in zip(effects.beams, effects.beams[1:], strict=False):
                assert b.start_step == a.end_step + 1
            assert [r.step for r in effects.removed] == sorted(r.step for r in effects.removed)
            return
    pytest.fail("no re-fire in 400 random moves")


def test_a_split_beam_fells_both_kings_and_the_game_is_a_draw():
    pos = Position.from_fen("6/6/K01s22k0/6/6/2L03 w 0 0", PRISM)
    effects = pos.push(Move.fire_from(sq("c1")))
    (root,) = effects.beams
    assert root.effect == "split" and len(root.children) == 2
    assert {c.path[0].square for c in root.children} == {sq("c4")}
    assert {r.square for r in effects.removed} == {sq("a4"), sq("f4")}
    assert effects.fallen == (0, 1) and pos.fallen == (0, 1)
    outcome = pos.outcome()
    assert outcome.winner is None and outcome.reason is Termination.BOTH_ROYALS_DESTROYED
    assert not effects.turn_over and pos.part == 1  # the first of two actions


def test_a_straight_bounce_charges_the_beam_which_then_destroys():
    pos = Position.from_fen("5k0/2B03/6/6/6/K01L03 w 0 0", PRISM)
    effects = pos.push(Move.fire_from(sq("c1")))
    (root,) = effects.beams
    (child,) = root.children
    assert child.charge == 1 and child.start_step == root.end_step == 4
    assert child.hit_square == sq("c1") and child.destroyed
    assert [(r.square, r.step) for r in effects.removed] == [(sq("c1"), 8)]
    assert pos.lasers[0] == -1


DELAY = "5k0/M01l02M1/6/M11s22M0/6/K01L03 w 0 0"


def test_a_destroyed_piece_blocks_beams_for_two_steps():
    pos = Position.from_fen(DELAY, PRISM)
    effects = pos.push(Move.fire_from(sq("c1")))
    assert [(r.square, r.step) for r in effects.removed] == [(sq("c5"), 8)]
    ends = {b.effect for b in effects.all_beams() if not b.children}
    assert ends == {"destroyed", "blocked"}


def test_a_static_board_shot_strikes_the_same_piece_twice_and_removes_it_once():
    pos = Position.from_fen(DELAY, PRISM)
    rules = BeamRules(static_board=True, loop_guard=True)
    result = trace_beams(pos.board, GEO, PRISM_PIECES, sq("c1"), 0, rules)
    assert [b.effect for b in result.beams[0].walk() if not b.children] == ["destroyed", "destroyed"]
    assert [r[0] for r in result.removed] == [sq("c5")]


def test_surface_hits_are_counted_over_a_turn():
    pos = Position.from_fen("5k0/6/2M03/6/6/K01L03 w 0 0", PRISM)
    hits: dict = {}
    rules = BeamRules(surface_hits=1)
    first = trace_beams(pos.board, GEO, PRISM_PIECES, sq("c1"), 0, rules, 0, hits)
    assert not first.removed and hits == {(sq("c4"), 0): 1}
    second = trace_beams(pos.board, GEO, PRISM_PIECES, sq("c1"), 0, rules, 0, hits)
    assert [r[0] for r in second.removed] == [sq("c4")]  # the second hit on that face breaks it
    assert second.hits[-1].op is Op.DESTROY


def test_step_cap_ends_a_shot():
    pos = Position.from_fen("5k0/6/6/6/6/K01L03 w 0 0", PRISM)
    result = trace_beams(pos.board, GEO, PRISM_PIECES, sq("c1"), 0, BeamRules(step_cap=3))
    assert result.beams[0].effect == "capped" and result.beam_steps == 3


def test_two_action_turns_push_and_pop_part_by_part():
    pos = Position.setup(variant="prism")
    start_hash = pos.hash
    first = pos.push(pos.parse_move("e1*"))  # fire: Prism's Laser kills its own Pawn on e2
    assert not first.turn_over and pos.turn == 0 and pos.part == 1 and pos.actions_left == 1
    assert pos.fen().endswith("w 1 1") and pos.hash == pos.zobrist_from_scratch()
    assert Move.fire_from(sq("e1")) not in pos.legal_moves  # once a turn
    second = pos.push(pos.parse_move("--"))
    assert second.turn_over and pos.turn == 1 and pos.part == 0 and pos.fen().endswith("b 0 0")
    assert Position.from_fen(pos.fen(), PRISM).hash == pos.hash
    pos.pop()
    pos.pop()
    assert pos.hash == start_hash and pos.fen() == PRISM.setup_fen()


def test_capture_promotion_and_chance_are_reported():
    pos = Position.from_fen("5k0/P05/6/6/1k04/K01L03 w 0 0", PRISM)
    effects = pos.push(pos.parse_move("a5a6=B"))
    assert effects.promoted[0].after >> 3 == BOUNCER and effects.moved[0].to == sq("a6")
    assert pos.move_text(effects.action) == "a5a6=B"
    effects = pos.push(pos.parse_move("a1b1"))
    assert effects.turn_over
    pos.push(pos.parse_move("f6f5"))
    effects = pos.push(pos.parse_move("b2b1"))  # the Black King captures the White King
    assert effects.captured[0].square == sq("b1") and pos.fallen == (0,)
    assert pos.outcome().winner == 1
    chance = Position.from_fen("5k0/6/6/6/2K03/3L02 w 0 0", PRISM)
    move = chance.parse_move("c2c3@f1")
    effects = chance.push(move)
    assert effects.placed[0].to == sq("f1") and chance.board[sq("f1")] >> 3 == 1
    assert effects.slides == [(chance.board[sq("f1")], sq("c2"), sq("f1"))]


def test_no_legal_action_is_decided_by_the_variant():
    pos = Position.from_fen("5k0/6/6/6/6/K01L03 w 0 0", PRISM)
    assert LASER  # the set has a Laser; Prism says a side with no action loses
    outcome = PRISM.no_moves_outcome(pos)
    assert outcome.winner == 1 and outcome.reason is Termination.NO_MOVES


@pytest.mark.parametrize("variant", ["khet", "laserchess98", "laserchess87", "prism"])
def test_legal_actions_are_generated_once_per_position_and_follow_push_and_pop(variant, monkeypatch):
    pos = Position.setup(variant=variant)
    v = pos.variant
    calls = []
    real = type(v).generate

    def counting(self, p):
        calls.append(p.fen())
        return real(self, p)

    monkeypatch.setattr(type(v), "generate", counting)
    first = pos.legal_codes()
    assert list(first) == pos.generate_codes() and len(calls) == 2  # generate_codes never caches
    calls.clear()
    moves = list(pos.legal_moves)
    assert all(pos.is_legal(m) for m in moves) and pos.legal_codes() is first and not calls
    pos.push(moves[0])
    assert pos.legal_codes() != first and len(calls) == 1
    pos.make_code(pos.legal_codes()[0])  # the hot path moves on too: a new position, a new set
    assert list(pos.legal_codes()) == pos.generate_codes()
    pos.unmake_code()
    pos.pop()
    assert pos.legal_codes() == first


@pytest.mark.parametrize("variant", ["khet", "leiserchess2018", "laserchess98", "laserchess87"])
def test_an_unchecked_push_gives_the_checked_pushs_report(variant):
    pos = Position.setup(variant=variant)
    other = pos.copy()
    for move in list(pos.legal_moves)[:25]:
        assert pos.push(move) == other.push_unchecked(move)
        assert pos.fen() == other.fen() and pos.hash == other.hash
        pos.pop()
        other.pop()


def test_piece_values_and_codes_answer_what_screens_ask_without_bit_operations():
    from game.pieces import (
        Color,
        Kind,
        Piece,
        code_color,
        code_kind,
        code_kind_color,
        code_orientation,
        make_code,
        turned,
        with_orientation,
    )

    scarab = make_code(Kind.SCARAB, 1, 3)
    assert (code_kind(scarab), code_color(scarab), code_orientation(scarab)) == (Kind.SCARAB, 1, 3)
    assert code_kind_color(scarab) == (Kind.SCARAB, 1)
    assert with_orientation(scarab, 5) == make_code(Kind.SCARAB, 1, 1)
    assert turned(scarab, 1) == make_code(Kind.SCARAB, 1, 0) and turned(scarab, -1, 2) == make_code(3, 1, 0)
    assert KHET_PIECES.turned(scarab, 2) == make_code(Kind.SCARAB, 1, 1)  # two shapes: 0 or 1
    assert KHET_PIECES.get(scarab).name == "Scarab" and KHET_PIECES.get(0) is None
    assert KHET_PIECES.code_of(Kind.SCARAB, 1, 3) == scarab
    piece = Piece.from_code(scarab)
    assert piece.color is Color.SECOND and piece.turned(2).orientation == 1
    assert piece.facing(0).code == scarab - 3 and piece.is_same_piece(piece.turned(1))
    assert not piece.is_same_piece(Piece(Kind.PYRAMID, Color.SECOND, 3))


def test_moves_and_reports_answer_what_screens_ask():
    from game.move import code_from_square, code_to_square

    pos = Position.setup(variant="khet")
    j1 = pos.geometry.at("j1")
    assert [pos.move_text(m) for m in pos.moves_from(j1)] == ["j1L"]
    assert pos.movable_squares() == frozenset(code_from_square(c) for c in pos.generate_codes())
    move = pos.parse_move("d1d2")
    assert (code_from_square(move.code), code_to_square(move.code)) == (move.from_square, move.to_square)
    assert move.squares == (pos.geometry.at("d1"), pos.geometry.at("d2")) and Move.null(5).is_null
    pos = Position.from_fen("7k/7p2/2S12S22/8/8/2S0L11S32/P02D11D02/7K b 2 -", "laserchess98")
    effects = pos.push_text("d3*")
    assert effects.removed and all(r.color == r.piece.color == r.code >> 2 & 1 for r in effects.removed)
