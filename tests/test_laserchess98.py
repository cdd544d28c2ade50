"""LaserChess 98 (rules/laserchess98.md): pieces, turns, beams, endings, text forms, setups."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import Move, Position
from game.errors import IllegalMoveError, InvalidMoveError, PositionError
from game.geometry import EAST, NORTH, SOUTH, WEST
from game.laser import BeamRules, trace_beams
from game.outcome import Termination
from game.variants.laserchess98 import (
    BEAM_RULES,
    BLOCKER,
    CHARGER,
    DIAGONAL,
    GEO,
    KING,
    LASER,
    LASERCHESS98,
    LC98_PIECES,
    PAWN,
    PROMOTIONS,
    SETUP_NOTES,
    SETUPS,
    SPLITTER,
    STRAIGHT,
)

V = "laserchess98"
sq = GEO.parse_square
name = GEO.names


def pos_of(fen: str) -> Position:
    return Position.from_fen(fen, V)


def removed_names(effects) -> list[str]:
    return sorted(name[r.square] for r in effects.removed)


# ---------------------------------------------------------------- the piece table, every row
def expected(kind: int, o: int, t: int, c: int):
    """The spec's table written independently of the piece set: ("go", out dirs, charge),
    ("absorb",) or ("destroy",) for a beam of charge ``c`` travelling ``t`` into the piece."""
    enter = (t + 2) & 3  # the side of the square the beam comes in through
    if kind == PAWN:
        faces = {o, (o + 1) & 3}  # the hypotenuse faces these two ways
        if c == 2 or enter not in faces:
            return ("destroy",)
        return ("go", ((faces - {enter}).pop(),), c)
    if kind == DIAGONAL:
        if c == 2:
            return ("destroy",)
        slash = {NORTH: EAST, EAST: NORTH, SOUTH: WEST, WEST: SOUTH}
        backslash = {NORTH: WEST, WEST: NORTH, SOUTH: EAST, EAST: SOUTH}
        return ("go", ((slash if o % 2 == 0 else backslash)[t],), c)
    if kind == STRAIGHT:
        parallel = (EAST, WEST) if o % 2 == 0 else (NORTH, SOUTH)
        if t in parallel:
            return ("go", (t,), c)
        return ("destroy",) if c == 2 else ("go", ((t + 2) & 3,), c + 1)
    if kind == SPLITTER:
        if t == (o + 2) & 3 and c < 2:
            return ("go", tuple(sorted(((o + 1) & 3, (o + 3) & 3))), c)
        return ("destroy",)
    if kind == CHARGER:
        return ("go", (t,), 2) if t == o else ("destroy",)
    if kind == BLOCKER:
        return ("destroy",) if c == 2 else ("absorb",)
    return ("destroy",)  # Laser, King


def observed(kind: int, o: int, t: int, c: int):
    board = [0] * 64
    target = sq("d4")
    board[target] = kind << 3 | 4 | o  # a Red piece (who owns it does not matter)
    start = GEO.step[target << 2 | ((t + 2) & 3)]  # the square the beam comes from
    result = trace_beams(board, GEO, LC98_PIECES, start, t, BEAM_RULES, charge=c)
    (root,) = result.beams
    at = root.path[1]
    assert at.square == target and at.entry == t
    destroyed = [r[0] for r in result.removed] == [target]
    if root.effect == "destroyed":
        assert destroyed
        return ("destroy",)
    assert not destroyed
    if root.effect == "absorbed":
        return ("absorb",)
    if at.exit is not None:
        return ("go", (at.exit,), root.charge)
    assert root.effect == "split" and root.hit_square == target
    return ("go", tuple(sorted(child.path[0].exit for child in root.children)), root.children[0].charge)


@pytest.mark.parametrize("kind", [PAWN, DIAGONAL, STRAIGHT, SPLITTER, CHARGER, BLOCKER, LASER, KING])
def test_every_piece_in_every_orientation_and_charge_meets_the_beam_as_the_table_says(kind):
    shapes = LC98_PIECES.by_number[kind].shapes
    for o in range(shapes):
        for t in range(4):
            for c in range(3):
                assert observed(kind, o, t, c) == expected(kind, o, t, c), (kind, o, t, c)


def test_spot_checks_of_the_table_in_words():
    # a charged beam passes a Straight Mirror parallel to it and is re-charged by a Charger's back
    assert expected(STRAIGHT, 0, EAST, 2) == ("go", (EAST,), 2) == observed(STRAIGHT, 0, EAST, 2)
    assert observed(CHARGER, 1, EAST, 2) == ("go", (EAST,), 2)
    # half-charged beams bounce orange -> red; a Pawn's hypotenuse turns a half-charged beam
    assert observed(STRAIGHT, 1, WEST, 1) == ("go", (EAST,), 2)
    assert observed(PAWN, 0, SOUTH, 1) == ("go", (EAST,), 1)


# ---------------------------------------------------------------- moves
def targets(fen: str, frm: str) -> set[str]:
    pos = pos_of(fen)
    return {
        name[m.to_square]
        for m in pos.legal_moves
        if m.from_square == sq(frm) and not m.fire and not m.is_rotation
    }


def test_piece_moves_and_captures_by_landing():
    # d4 piece, Blue Pawn on d6 blocking, Red Pawn on f4 (capturable by Charger/King only)
    base = "3k4/8/3P04/8/{}1p22/8/8/4K3 b 2 -"
    fen = base.format("3D0")
    assert targets(fen, "d4") == {"d5", "d3", "d2", "d1", "c4", "b4", "a4", "e4"}
    assert targets(base.format("3M1"), "d4") == targets(fen, "d4")
    assert targets(base.format("3S0"), "d4") == {
        "c5", "b6", "a7", "e5", "f6", "g7", "h8", "c3", "b2", "a1", "e3", "f2", "g1",
    }  # fmt: skip
    knight = {"c6", "e6", "b5", "f5", "b3", "f3", "c2", "e2"}
    assert targets(base.format("3C0"), "d4") == knight
    assert targets("3k4/8/2p01p03/8/3C04/8/8/4K3 b 2 -", "d4") == knight  # captures Red on c6, e6
    assert targets("3k4/8/2p01p03/8/3B4/8/8/4K3 b 2 -", "d4") == knight - {"c6", "e6"}
    assert targets(base.format("3L0"), "d4") == {"c5", "d5", "e5", "c4", "e4", "c3", "d3", "e3"}
    assert targets("8/8/8/3k4/4K3/8/8/8 b 2 -", "e4") == {"d3", "e3", "f3", "d4", "f4", "f5", "e5"}
    assert targets("8/8/8/3k4/4Kp22/8/8/8 b 2 -", "e4") >= {"f4"}  # King captures, not the King


def test_pawn_steps_double_step_and_no_capture():
    fen = "4k3/p0p06/8/8/8/1p06/P0P06/4K3 b 2 a2b2a7b7"
    assert targets(fen, "a2") == {"a3", "a4", "a1"}
    assert targets(fen, "b2") == {"b1"}  # blocked by the Red Pawn on b3: no capture, no jump
    pos = pos_of(fen)
    pos.push_text("a2a4")
    assert pos.turn == 1 and pos.fen().endswith(" r 2 b2a7b7")
    assert targets(pos.fen(), "a7") == {"a6", "a5", "a8"}
    pos.push_text("a7a6")
    pos.push_text("a4a3")
    pos.push_text("a6a7")  # back on its starting square, but it has moved
    pos.push_text("a3a2")
    assert targets(pos.fen(), "a7") == {"a6", "a8"}
    # a Pawn that never moved may still double-step after being rotated
    pos = pos_of(fen)
    pos.push_text("a2>E")
    pos.push_text("a2>S")
    pos.push_text("b3b4")
    assert "a2a4" in {pos.move_text(m) for m in pos.legal_moves}


@pytest.mark.parametrize("kind", PROMOTIONS)
def test_promotion_to_each_piece_keeps_the_pawns_orientation(kind):
    letter = LC98_PIECES.by_number[kind].letter
    pos = pos_of("4k3/P37/8/8/8/8/8/4K3 b 2 -")
    texts = {pos.move_text(m) for m in pos.legal_moves if m.from_square == sq("a7")}
    assert {t for t in texts if "=" in t} == {f"a7a8={LC98_PIECES.by_number[k].letter}" for k in PROMOTIONS}
    effects = pos.push_text(f"a7a8={letter}")
    code = pos.board[sq("a8")]
    shapes = LC98_PIECES.by_number[kind].shapes
    assert code >> 3 == kind and code >> 2 & 1 == 0 and code & 3 == 3 % shapes
    assert effects.promoted and effects.promoted[0].after == code and effects.turn_over
    with pytest.raises(IllegalMoveError, match="promoted"):
        pos_of("4k3/P37/8/8/8/8/8/4K3 b 2 -").push_text("a7a8")
    with pytest.raises(IllegalMoveError):
        pos_of("4k3/P37/8/8/8/8/8/4K3 b 2 -").push_text("a7a8=K")


def test_a_pawn_never_promotes_to_a_pawn_and_every_promotion_reads_back():
    # Spec §3 (our ruling): any piece but a King or a Pawn -- a Pawn left on the far rank could
    # never move again, and the position string refuses one.
    assert PAWN not in PROMOTIONS and KING not in PROMOTIONS
    pos = pos_of("7k/1P06/8/8/8/8/8/7K b 2 -")
    texts = {pos.move_text(m) for m in pos.legal_moves}
    assert "b7b8=P" not in texts and "b7b8=D" in texts
    with pytest.raises(IllegalMoveError, match="never to a King or a Pawn"):
        pos.push_text("b7b8=P")
    start = pos_of("4k3/P17/8/8/8/8/8/4K3 b 2 -")
    for move in list(start.legal_moves):
        start.push(move)
        assert Position.from_fen(start.fen(), V).fen() == start.fen(), start.move_text(move)
        start.pop()


def test_red_promotes_on_rank_1():
    pos = pos_of("4k3/8/8/8/8/8/7p0/K7 r 2 -")
    pos.push_text("h2h1=L")
    assert pos.board[sq("h1")] == LASER << 3 | 4


# ---------------------------------------------------------------- turns
def test_every_turn_shape():
    start = "4k3/8/8/8/8/8/3P04/3L0K3 b 2 d2"
    # a move is a whole turn
    pos = pos_of(start)
    effects = pos.push_text("d2d4")
    assert effects.turn_over and pos.turn == 1 and pos.part == 0
    shapes = [("d2>E", "d1>W"), ("d2>E", "d1*"), ("d1*", "d1>E"), ("d1*", "d1*"), ("d2>E", "d2>N")]
    for first, second in shapes:
        pos = pos_of(start)
        e1 = pos.push_text(first)
        assert not e1.turn_over and pos.turn == 0 and pos.part == 1
        assert pos.fen().split()[2] == "1" and pos.actions_left == 1
        with pytest.raises(IllegalMoveError, match="finish it with a rotation or a fire"):
            pos.parse_move("e1f1")
        e2 = pos.push_text(second)
        assert e2.turn_over and pos.turn == 1 and pos.part == 0
        pos.pop()
        pos.pop()
        assert pos.fen() == pos_of(start).fen()


def test_a_turn_ends_after_one_half_action_when_no_second_exists():
    # Blue's Laser shoots into a Straight Mirror, the beam comes back and destroys it: Blue has
    # only a King left, which cannot rotate, so the turn passes at once.
    pos = pos_of("4k3/8/8/8/3m04/8/8/3L0K3 b 2 -")
    effects = pos.push_text("d1*")
    assert removed_names(effects) == ["d1"] and effects.turn_over and pos.turn == 1


def test_hit_counts_are_kept_over_the_turn_and_cleared_after_it():
    pos = pos_of("4k3/8/8/8/8/3D04/8/3L0K3 b 2 -")  # d1 fires into d3 "/" -> east off the board
    pos.push_text("d1*")
    assert pos._turn_hits == {(sq("d3"), 0): 1}
    pos.push_text("d1*")
    assert pos._turn_hits == {}


# ---------------------------------------------------------------- beams
def fire(fen: str, laser: str):
    pos = pos_of(fen)
    return pos, pos.push_text(laser + "*")


def test_a_split_whose_two_beams_both_destroy():
    pos, effects = fire(SETUPS["Splitter cascade"], "d1")
    assert removed_names(effects) == ["b7", "f7"]
    steps = {name[r.square]: r.step for r in effects.removed}
    assert steps == {"b7": 8, "f7": 8}
    root = effects.beams[0]
    assert root.effect == "split" and len(root.children) == 2
    assert all(child.effect == "split" and len(child.children) == 2 for child in root.children)


def test_explosions_block_two_steps_then_let_a_later_beam_pass():
    pos, effects = fire(SETUPS["Charging corridor"], "e1")
    assert [(name[r.square], r.step) for r in effects.removed] == [("b3", 11), ("b8", 24)]
    passes = [
        (b.start_step + i, b.charge)
        for b in effects.all_beams()
        for i, s in enumerate(b.path)
        if s.square == sq("b3") and s.exit is not None and s.entry is not None and s.exit == s.entry
    ]
    assert passes == [(15, 1), (19, 2)]  # half-charged south, then fully charged north
    assert {b.charge for b in effects.all_beams()} == {0, 1, 2}
    # The same corridor one square shorter: the beam comes back to b3 at step 13, while the
    # Pawn destroyed at step 11 still blocks it.
    pos, effects = fire("7k/1m06/8/8/D04D12/D1P02S2D02/8/1M02L02K b 2 -", "e1")
    blocked = [b for b in effects.all_beams() if b.effect == "blocked"]
    assert [(name[b.hit_square], b.end_step) for b in blocked] == [("b3", 13)]
    assert removed_names(effects) == ["b3"]


def test_a_charged_beam_through_a_charger_breaks_a_blocker_and_a_second_fire_wins():
    pos, effects = fire(SETUPS["Charger and Blocker"], "d1")
    assert removed_names(effects) == ["d6"] and not effects.turn_over
    assert [b.charge for b in effects.all_beams()] == [0, 2]
    effects = pos.push_text("d1*")
    assert removed_names(effects) == ["d8"] and effects.fallen == (1,)
    assert pos.outcome().winner == 0 and pos.outcome().reason is Termination.ROYAL_DESTROYED
    assert not pos.generate_codes()


def test_the_tenth_hit_is_the_last_a_surface_takes_in_a_turn():
    pos, effects = fire(SETUPS["Hit-count loop"], "d3")
    assert [(name[r.square], r.step) for r in effects.removed] == [("d3", 6), ("f3", 122)]
    tip_hits = [b for b in effects.all_beams() if b.hit_square == sq("f3")]
    assert len(tip_hits) == 11 and tip_hits[-1].effect == "destroyed"
    assert all(b.effect == "split" for b in tip_hits[:10])


def test_without_hit_counts_the_loop_runs_into_the_step_cap():
    board = pos_of(SETUPS["Hit-count loop"]).board
    rules = BeamRules(explode_delay=2, surface_hits=None, step_cap=10_000)
    result = trace_beams(board, GEO, LC98_PIECES, sq("d3"), EAST, rules)
    assert 9_990 < result.beam_steps <= 10_000
    assert any(b.effect == "capped" for b in result.beams[0].walk())
    assert BEAM_RULES.step_cap == 10_000


def test_your_own_beam_destroys_your_own_pieces():
    pos, effects = fire("4k3/8/8/8/8/8/3P04/3L0K3 b 2 d2", "d1")  # d2 Pawn's short side faces d1
    assert removed_names(effects) == ["d2"] and pos.fen().endswith(" b 1 -")


# ---------------------------------------------------------------- endings
def test_both_kings_destroyed_by_one_shot_is_a_draw():
    pos, effects = fire("8/8/8/8/1K1S21k2/8/8/3L04 b 2 -", "d1")
    assert removed_names(effects) == ["b4", "f4"] and effects.is_draw_by_royals
    outcome = pos.outcome()
    assert outcome.winner is None and outcome.reason is Termination.BOTH_ROYALS_DESTROYED


def test_a_king_destroyed_by_the_first_half_action_ends_the_game_at_once():
    pos, effects = fire("3k4/8/8/8/8/8/8/3L0K3 b 2 -", "d1")
    assert effects.turn_over and effects.fallen == (1,) and pos.outcome().winner == 0
    assert not pos.generate_codes()


def test_stalemate_when_no_laser_and_no_pawn_is_left():
    pos = pos_of("4k3/8/8/2D05/8/8/8/4K3 b 2 -")
    assert pos.outcome().reason is Termination.STALEMATE and pos.outcome().winner is None
    # ... also when a shot destroys the last Pawn (here Blue's own)
    pos, effects = fire("4k3/8/8/8/8/8/3P04/3L0K3 b 2 d2", "d1")
    assert pos.outcome() is None
    pos.push_text("d1*")  # the beam now leaves the board: nothing changes
    assert pos.outcome() is None


def test_a_side_with_no_possible_turn_draws():
    # Blue: King a1 walled in by its own Blockers, whose every jump is taken by Red Blockers.
    fen = "7k/7p2/8/8/bbb5/b1bb4/BB1b4/KBbb4 b 2 -"
    pos = pos_of(fen)
    assert pos.generate_codes() == []
    assert pos.outcome().reason is Termination.NO_MOVES and pos.outcome().winner is None


# ---------------------------------------------------------------- text forms
def test_start_position_string_round_trips_and_is_the_documented_one():
    pos = Position.setup(variant=V)
    assert pos.fen() == SETUPS["Reconstructed layout"]
    assert Position.from_fen(pos.fen(), V).hash == pos.hash
    for fen in SETUPS.values():
        assert pos_of(fen).fen() == fen
    assert set(SETUP_NOTES) == set(SETUPS) and "reconstructed" in SETUP_NOTES["Reconstructed layout"]


@pytest.mark.parametrize(
    "fen, message",
    [
        ("8/8/8/8/8/8/8/4K3 b 2 -", "Red must have exactly one King"),
        ("4k3/8/8/8/8/8/8/4K3 b 2", "four fields"),
        ("4k3/8/8/8/8/8/8/4K3 b 3 -", "half-actions left must be 2"),
        ("4k3/8/8/8/8/8/8/4K3 x 2 -", "side to move"),
        ("4k3/8/8/8/8/8/8/4K2D b 2 -", "orientation digit"),
        ("4k3/8/8/8/8/8/8/4KQ03 b 2 -", "not a LaserChess 98 piece"),
        ("4k3/8/8/8/8/8/P07/4K3 b 2 a3", "does not hold a Pawn"),
        ("4k3/8/8/8/8/8/8/4K3 b 2 z9", "not a square"),
        ("P03k3/8/8/8/8/8/8/4K3 b 2 -", "far rank"),
    ],
)
def test_bad_position_strings_get_a_specific_error(fen, message):
    with pytest.raises(PositionError, match=message):
        pos_of(fen)


def test_placement_and_side_alone_mean_a_whole_turn_with_home_pawns_unmoved():
    """The board editor writes placement and side only; the rules read that as a whole turn."""
    start = pos_of(SETUPS["Reconstructed layout"])
    short = Position.from_fen(" ".join(SETUPS["Reconstructed layout"].split()[:2]), V)
    assert short.fen() == start.fen() and short.hash == start.hash and short.part == 0
    demo = Position.from_fen("7k/1p03p02/8/8/8/1S11S21S32/8/3L03K b", V)
    assert demo.fen().endswith(" b 2 b7f7")


def test_notation_of_every_action_round_trips():
    pos = Position.setup(variant=V)
    for move in pos.legal_moves:
        text = pos.move_text(move)
        assert pos.parse_move(text) == move
    assert {"d1*", "c2>E", "d2d4", "b1c3", "a2a3"} <= {pos.move_text(m) for m in pos.legal_moves}
    with pytest.raises(IllegalMoveError, match="only a Laser fires"):
        pos.parse_move("c1*")
    with pytest.raises(IllegalMoveError, match="keeps its shape"):
        pos.parse_move("a1>S")
    with pytest.raises(IllegalMoveError, match="cannot be rotated"):
        pos.parse_move("e1>E")
    with pytest.raises(InvalidMoveError):
        pos.parse_move("d1**")


# ---------------------------------------------------------------- the reconstructed start (§2)
def first_turns(pos: Position):
    """Every first turn that fires: fire, fire + fire, rotate + fire (effects of the whole turn)."""
    for first in list(pos.legal_moves):
        if not (first.fire or first.is_rotation):
            continue
        e1 = pos.push(first)
        if first.fire:
            yield [e1]
        if not e1.turn_over:
            for second in list(pos.legal_moves):
                if second.fire:
                    yield [e1, pos.push(second)]
                    pos.pop()
        pos.pop()


@pytest.mark.parametrize("side", [0, 1])
def test_the_start_position_meets_the_constraints_of_section_2(side):
    fen = SETUPS["Reconstructed layout"].replace(" b 2 ", " r 2 " if side else " b 2 ")
    pos = pos_of(fen)
    laser = next(s for s, c in enumerate(pos.board) if c and c >> 3 == LASER and c >> 2 & 1 == side)
    effects = pos.copy().push(Move.fire_from(laser))
    (root,) = effects.beams
    assert not effects.removed and len(root.path) - 1 >= 4
    if side == 0:
        assert [name[s.square] for s in root.path] == [
            "d1",
            "d2",
            "c2",
            "c3",
            "c4",
            "c5",
            "c6",
            "c7",
            "b7",
            "b8",
        ]
    count = 0
    for turn in first_turns(pos):
        count += 1
        for effects in turn:
            assert all(r.code >> 2 & 1 == side for r in effects.removed), [
                pos.move_text(e.action) for e in turn
            ]
    assert count > 30


# ---------------------------------------------------------------- push/pop/hash invariants
@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(sorted(SETUPS)))
def test_random_games_keep_push_pop_and_hash_exact(rng, setup):
    pos = Position.setup(setup, V)
    fens = [pos.fen()]
    hashes = [pos.hash]
    for _ in range(40):
        codes = pos.generate_codes()
        if not codes or pos.outcome() is not None:
            break
        pos.push(Move.from_code(rng.choice(codes)))
        assert pos.hash == pos.zobrist_from_scratch()
        if pos.loser < 0:
            again = Position.from_fen(pos.fen(), V)
            assert again.hash == pos.hash and again.fen() == pos.fen()
        fens.append(pos.fen())
        hashes.append(pos.hash)
    while len(fens) > 1:
        pos.pop()
        fens.pop()
        hashes.pop()
        assert pos.fen() == fens[-1] and pos.hash == hashes[-1]


def test_registered_everywhere_by_its_id():
    from game.variants import VARIANTS

    assert VARIANTS[V] is LASERCHESS98 and LASERCHESS98.title == "LaserChess 98"
    assert LASERCHESS98.side_names == ("Blue", "Red") and LASERCHESS98.turn_actions == 2
