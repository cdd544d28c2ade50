"""Laser Chess 1987 (rules/laserchess87.md): beam table, actions and costs, chance, shots, ends."""

from __future__ import annotations

import random

import pytest

from game import Move, Position
from game.chance import group, needs_draw, outcomes, resolve
from game.errors import IllegalMoveError, InvalidMoveError, PositionError
from game.outcome import Termination
from game.perft import perft, perft_collapsed
from game.variants import LaserChess87Options
from game.variants.laserchess87 import (
    BLOCK,
    DIAGONAL,
    GEO,
    HYPERCUBE,
    HYPERSQUARE,
    KING,
    LASER,
    SPLITTER,
    START,
    STRAIGHT,
    TRIANGLE,
)
from game.variants.laserchess87 import LASERCHESS87 as V

sq = GEO.parse_square
N, E, S, W = range(4)
GREEN, RED = 0, 1


def code(kind: int, color: int, o: int = 0) -> int:
    return kind << 3 | color << 2 | o


def position(pieces: dict[str, int], turn: int = GREEN, part: str = "") -> Position:
    """A hand-built position from {square name: piece code}, read back through its position string."""
    board = [0] * GEO.size
    for name, c in pieces.items():
        board[sq(name)] = c
    return Position.from_fen(V.board_fen(board, turn) + part, "laserchess87")


def names(squares) -> set[str]:
    return {GEO.names[s] for s in squares}


# ---------------------------------------------------------------- the beam table, every orientation
# §3, column o = 0, by direction of travel N, E, S, W: "X" destroyed, "-" passes, a letter is the
# direction the beam leaves in, "EW" splits into both.
TABLE = {
    KING: ("X", "X", "X", "X"),
    LASER: ("X", "X", "X", "X"),
    HYPERCUBE: ("-", "-", "-", "-"),
    BLOCK: ("X", "X", "N", "X"),
    DIAGONAL: ("E", "N", "W", "S"),
    STRAIGHT: ("S", "-", "N", "-"),
    SPLITTER: ("EW", "S", "X", "S"),
    TRIANGLE: ("X", "N", "W", "X"),
}
SHAPES = {KING: 1, HYPERCUBE: 1, DIAGONAL: 2, STRAIGHT: 2}


def expected(kind: int, o: int, travel: int) -> str:
    """ "Rotating a piece's o by one turns every row of its table with it" (§3)."""
    answer = TABLE[kind][(travel - o) % 4]
    if answer in ("X", "-"):
        return answer
    return "".join(sorted("NESW"[("NESW".index(ch) + o) % 4] for ch in answer))


# A Green Laser two squares from c3 firing into it, for each direction of travel.
SHOOTER = {N: ("c1", 0), E: ("a3", 1), S: ("c5", 2), W: ("e3", 3)}
CASES = [
    (kind, o, travel)
    for kind in TABLE
    for o in range(SHAPES.get(kind, 4) if SHAPES.get(kind, 4) > 1 else 1)
    for travel in range(4)
]


def observed(kind: int, o: int, travel: int) -> str:
    shooter, facing = SHOOTER[travel]
    pieces = {shooter: code(LASER, GREEN, facing), "c3": code(kind, RED, o), "h7": code(KING, GREEN)}
    if kind != KING:
        pieces["i8"] = code(KING, RED)
    pos = position(pieces)
    effects = pos.push(Move.fire_from(sq(shooter)))
    root = effects.beams[0]
    target = sq("c3")
    if root.effect == "split":
        assert root.hit_square == target
        return "".join(sorted("NESW"[c.path[0].exit] for c in root.children))
    if root.effect == "destroyed" and root.hit_square == target:
        assert target in {r.square for r in effects.removed} and not pos.board[target]
        return "X"
    step = next(s for s in root.path if s.square == target)
    assert step.entry == travel and pos.board[target] == code(kind, RED, o)
    return "-" if step.exit == travel else "NESW"[step.exit]


@pytest.mark.parametrize(("kind", "o", "travel"), CASES)
def test_every_row_of_the_beam_table_in_every_orientation(kind, o, travel):
    assert observed(kind, o, travel) == expected(kind, o, travel)


@pytest.mark.parametrize(
    ("kind", "o", "travel", "answer"),
    [
        # named facings of §3 and §5, written out from the words, not from the rotation rule
        (TRIANGLE, 2, W, "S"),  # mirror SE: a beam from the east turns south
        (TRIANGLE, 2, N, "E"),  # mirror SE: a beam from the south turns east
        (TRIANGLE, 2, S, "X"),  # its north side is vulnerable
        (TRIANGLE, 1, W, "N"),  # mirror NE
        (TRIANGLE, 3, E, "S"),  # mirror SW
        (BLOCK, 2, N, "S"),  # face S: straight back
        (BLOCK, 1, W, "E"),  # face E
        (BLOCK, 1, S, "X"),
        (SPLITTER, 2, S, "EW"),  # apex N: a beam travelling south splits
        (SPLITTER, 1, E, "NS"),  # apex W
        (SPLITTER, 1, S, "W"),  # arm: turns toward the apex
        (SPLITTER, 1, W, "X"),  # base
        (DIAGONAL, 1, N, "W"),  # "\"
        (STRAIGHT, 1, E, "W"),  # "|" straight back
        (STRAIGHT, 1, N, "-"),
    ],
)
def test_named_facings(kind, o, travel, answer):
    assert observed(kind, o, travel) == answer


def test_mirrors_and_the_hypercube_are_never_destroyed_and_the_hypersquare_absorbs():
    for kind in (DIAGONAL, STRAIGHT, HYPERCUBE):
        assert all(expected(kind, o, t) != "X" for o in range(4) for t in range(4))
    pos = position(
        {"e1": code(LASER, GREEN), "a1": code(KING, GREEN), "i9": code(KING, RED), "e9": code(BLOCK, RED, 1)}
    )
    root = pos.push(Move.fire_from(sq("e1"))).beams[0]
    assert root.effect == "absorbed" and root.path[-1].square == HYPERSQUARE and pos.board[sq("e9")]


# ---------------------------------------------------------------- the spec's free test
def test_green_firing_at_once_from_the_start_destroys_its_own_laser():
    pos = Position.setup(variant="laserchess87")
    assert pos.fen() == START and pos.turn == GREEN
    effects = pos.push(pos.parse_move("f1*"))
    assert names(r.square for r in effects.removed) == {"g2", "f1"}
    assert pos.lasers[GREEN] == -1 and not effects.turn_over and pos.actions_left == 1
    assert not any(Move(m.from_square, m.to_square).fire for m in pos.legal_moves)
    west = next(c for c in effects.beams[0].children if c.path[0].exit == W)
    assert [GEO.names[s.square] for s in west.path] == ["f2", "e2", "d2", "e2", "f2", "f1"]


def test_reds_first_shot_is_the_mirror_image():
    pos = Position.from_fen(START.replace(" g", " r"), "laserchess87")
    effects = pos.push(pos.parse_move("d9*"))
    assert names(r.square for r in effects.removed) == {"c8", "d9"}


def test_who_moves_first_is_an_option():
    assert Position.setup(variant="laserchess87").turn == GREEN
    options = LaserChess87Options(red_first=True)
    red = Position.setup(variant="laserchess87", options=options)
    assert red.turn == RED and red.fen() == START[:-1] + "r"
    assert LaserChess87Options.from_json(options.to_json()).red_first is True
    assert V.options(red_first=True) == options
    assert [s.key for s in V.option_specs] == ["red_first"]


# ---------------------------------------------------------------- actions and their cost
def test_a_one_square_move_is_one_action_and_the_turn_goes_on():
    pos = Position.setup(variant="laserchess87")
    effects = pos.push(pos.parse_move("a2a3"))
    assert not effects.turn_over and pos.turn == GREEN and pos.part == 1 and pos.fen().endswith("g 1 -")
    effects = pos.push(pos.parse_move("b2b3"))
    assert effects.turn_over and pos.turn == RED and pos.part == 0


@pytest.mark.parametrize("text", ["a2a4", "a2b3"])
def test_two_square_and_diagonal_moves_cost_both_actions(text):
    pos = Position.setup(variant="laserchess87")
    effects = pos.push(pos.parse_move(text))
    assert effects.turn_over and pos.turn == RED
    pos = Position.setup(variant="laserchess87")
    pos.push(pos.parse_move("i2i3"))
    with pytest.raises(IllegalMoveError, match="cost both actions"):
        pos.parse_move(text)


def test_two_square_and_diagonal_conditions():
    pieces = {"a1": code(KING, GREEN), "i9": code(KING, RED)}
    pieces |= {"c4": code(BLOCK, GREEN), "e6": code(BLOCK, GREEN)}
    pieces |= {"d4": code(TRIANGLE, GREEN), "c5": code(TRIANGLE, RED)}
    pos = position(pieces)
    with pytest.raises(IllegalMoveError, match="d4 empty"):
        pos.parse_move("c4e4")  # middle occupied
    with pytest.raises(IllegalMoveError, match="d4 or c5 empty"):
        pos.parse_move("c4d5")  # both corners occupied
    with pytest.raises(IllegalMoveError, match="c5 empty"):
        pos.parse_move("c4c6")
    del pieces["c5"]
    pos = position(pieces)
    assert pos.parse_move("c4d5")  # one corner empty is enough
    # e6 to e4 would pass the hypersquare; to d5 the corners are d6 (empty) and e5 (hyper)
    assert pos.parse_move("e6d5")
    pieces["d6"] = code(TRIANGLE, RED)
    pos = position(pieces)
    with pytest.raises(IllegalMoveError, match="not the hypersquare"):
        pos.parse_move("e6e4")
    with pytest.raises(IllegalMoveError, match="not the hypersquare"):
        pos.parse_move("e6d5")
    with pytest.raises(IllegalMoveError, match="out of reach"):
        pos.parse_move("c4c7")


def test_rotations_are_one_action_to_any_orientation():
    pos = Position.setup(variant="laserchess87")
    texts = {pos.move_text(m) for m in pos.legal_moves if m.orientation is not None}
    assert {"a2>E", "a2>S", "a2>W"} <= texts and "a2>N" not in texts  # triangle: three others
    assert {"d2>N"} & texts and not {"d2>S", "d2>W"} & texts  # two-state mirror: one other
    assert not any(t.startswith(("e1>", "d1>")) for t in texts)  # King and Hypercube never
    with pytest.raises(IllegalMoveError, match="cannot be rotated"):
        pos.parse_move("e1>E")
    with pytest.raises(IllegalMoveError, match="two orientations"):
        pos.parse_move("d2>S")
    effects = pos.push(pos.parse_move("f1>E"))
    assert effects.rotated[0].after & 3 == 1 and not effects.turn_over


def test_fire_once_a_turn_and_only_with_a_laser():
    pos = position({"a1": code(KING, GREEN), "i9": code(KING, RED), "c1": code(LASER, GREEN, 1)})
    pos.push(pos.parse_move("c1*"))
    with pytest.raises(IllegalMoveError, match="already fired"):
        pos.parse_move("c1*")
    pos.push(pos.parse_move("c1c2"))
    pos.push(pos.parse_move("i9i8"))
    pos.push(pos.parse_move("i8i9"))
    assert pos.parse_move("c2*")  # a new turn
    no_laser = position({"a1": code(KING, GREEN), "i9": code(KING, RED)})
    assert not any(m.fire for m in no_laser.legal_moves)


def test_capture_by_landing_king_and_blocks_enemies_only_once_a_turn():
    pieces = {
        "a1": code(KING, GREEN),
        "a2": code(TRIANGLE, RED),
        "c3": code(BLOCK, GREEN),
        "c4": code(TRIANGLE, RED),
        "g3": code(TRIANGLE, GREEN),
        "g4": code(TRIANGLE, RED),
        "b1": code(BLOCK, GREEN),
        "i9": code(KING, RED),
    }
    pos = position(pieces)
    with pytest.raises(IllegalMoveError, match="only the King and the Blocks"):
        pos.parse_move("g3g4")
    with pytest.raises(IllegalMoveError, match="enemy pieces only"):
        pos.parse_move("a1b1")
    effects = pos.push(pos.parse_move("c3c4"))
    assert effects.captured[0].square == sq("c4") and pos.fen().endswith("g 1 c")
    with pytest.raises(IllegalMoveError, match="once a turn"):
        pos.parse_move("a1a2")
    pos.pop()
    effects = pos.push(pos.parse_move("a1a2"))  # the King captures too
    assert names(r.square for r in effects.captured) == {"a2"}


def test_capturing_the_king_wins():
    pos = position({"a1": code(KING, GREEN), "a3": code(BLOCK, GREEN), "a4": code(KING, RED)})
    effects = pos.push(pos.parse_move("a3a4"))
    assert effects.fallen == (RED,)
    outcome = pos.outcome()
    assert outcome.winner == GREEN and outcome.reason is Termination.ROYAL_DESTROYED
    assert not pos.generate_codes()


def test_the_turn_ends_early_only_when_no_second_action_is_possible():
    # Green: a King boxed in by its two Hypercubes. The displacement (once a turn) sends the Red
    # Block to the square the Hypercube left: nothing Green has can act any more.
    pieces = {
        "a1": code(KING, GREEN),
        "a2": code(HYPERCUBE, GREEN),
        "b2": code(HYPERCUBE, GREEN),
        "b1": code(BLOCK, RED, 1),
        "a3": code(BLOCK, RED, 1),
        "c1": code(BLOCK, RED, 1),
        "c2": code(BLOCK, RED, 1),
        "b3": code(BLOCK, RED, 1),
        "c3": code(BLOCK, RED, 1),
        "i9": code(KING, RED),
    }
    pos = position(pieces)
    effects = pos.push(pos.parse_move("b2b1@b2"))
    assert effects.turn_over and pos.turn == RED and pos.part == 0
    pos.pop()
    effects = pos.push(pos.parse_move("b2b1@h5"))
    assert not effects.turn_over and pos.turn == GREEN  # b2 is free: Green still has an action


# ---------------------------------------------------------------- chance: hypersquare and Hypercube
def test_hypersquare_outcomes_are_actions_replayed_from_a_record_and_undone_exactly():
    pos = position(
        {"e4": code(BLOCK, GREEN), "e6": code(BLOCK, GREEN), "a1": code(KING, GREEN), "i9": code(KING, RED)}
    )
    start_fen, start_hash = pos.fen(), pos.hash
    decision = Move(sq("e4"), HYPERSQUARE)
    found = outcomes(pos, decision)
    empties = [s for s, c in enumerate(pos.board) if not c and s != HYPERSQUARE] + [sq("e4")]
    assert len(found) == 81 - 4 - 1 + 1
    assert sorted(m.chance for m in found) == sorted(empties) and needs_draw(pos, decision)
    with pytest.raises(IllegalMoveError, match="random empty square"):
        pos.parse_move("e4e5")
    move = resolve(pos, decision, random.Random(5))
    again = resolve(pos, decision, random.Random(5))
    assert move == again and move.chance is not None  # the seeded generator draws the same
    text = pos.move_text(move)
    assert text.startswith("e4e5@")
    effects = pos.push(move)
    landing = move.chance
    assert effects.moved[0].to == HYPERSQUARE and effects.placed[0].to == landing
    assert pos.board[landing] >> 3 == BLOCK and not pos.board[HYPERSQUARE]
    assert pos.fen().endswith("g 1 h")
    with pytest.raises(IllegalMoveError, match="once a turn"):
        pos.parse_move("e6e5@a5")
    pos.push(pos.parse_move("a1a2"))
    record = [pos.move_text(m) for m in pos.history]
    replay = Position.from_fen(start_fen, "laserchess87")
    for t in record:
        replay.push(replay.parse_move(t))
    assert replay.fen() == pos.fen() and replay.hash == pos.hash
    pos.pop()
    pos.pop()
    assert pos.fen() == start_fen and pos.hash == start_hash


def test_hypercube_displacement_is_chance_replayed_and_undone_exactly():
    pos = Position.setup(variant="laserchess87")
    before = list(pos.board)
    cube_moves = group(c for c in pos.generate_codes() if pos.board[c & 255] >> 3 == HYPERCUBE)
    assert {GEO.names[c >> 8 & 255] for c in cube_moves} == {"c1", "d2", "e1"}
    assert all(len(v) == 45 for v in cube_moves.values())  # 44 empty squares (not e5) + d1
    effects = pos.push(pos.parse_move("d1e1@e4"))  # the Hypercube displaces its own King
    assert effects.moved[0].frm == sq("d1") and effects.placed[0].frm == sq("e1")
    assert pos.board[sq("e4")] >> 3 == KING and pos.board[sq("e1")] >> 3 == HYPERCUBE
    with pytest.raises(IllegalMoveError, match="once a turn"):
        pos.parse_move("e1e2@e3")
    record = [pos.move_text(m) for m in pos.history]
    assert record == ["d1e1@e4"]
    replay = Position.setup(variant="laserchess87")
    replay.push(replay.parse_move(record[0]))
    assert replay.fen() == pos.fen()
    pos.pop()
    assert pos.board == before and pos.hash == pos.zobrist_from_scratch()
    # the displaced piece may land where the Hypercube came from
    effects = pos.push(pos.parse_move("d1d2@d1"))
    assert pos.board[sq("d1")] >> 3 == STRAIGHT and pos.board[sq("d2")] >> 3 == HYPERCUBE


def test_no_piece_may_stand_on_the_hypersquare():
    with pytest.raises(PositionError, match="hypersquare"):
        Position.from_fen("4k4/9/9/9/4B04/9/9/9/4K4 g", "laserchess87")


# ---------------------------------------------------------------- shots
def test_a_three_beam_shot():
    pos = position(
        {
            "b1": code(LASER, GREEN, 0),
            "b3": code(SPLITTER, GREEN, 0),  # apex S: splits E + W
            "g3": code(SPLITTER, RED, 1),  # apex W: the east beam splits N + S
            "g7": code(KING, RED),
            "g1": code(BLOCK, RED, 1),
            "a3": code(TRIANGLE, RED, 0),
            "i1": code(KING, GREEN),
        }
    )
    effects = pos.push(pos.parse_move("b1*"))
    leaves = [b for b in effects.all_beams() if not b.children]
    assert len(leaves) == 3 and all(b.effect == "destroyed" for b in leaves)
    assert names(r.square for r in effects.removed) == {"g7", "g1", "a3"}
    assert pos.outcome().winner == GREEN


def test_both_kings_destroyed_by_one_shot_is_a_draw():
    pos = position(
        {
            "b1": code(LASER, GREEN, 0),
            "b3": code(SPLITTER, GREEN, 0),
            "h3": code(KING, RED),
            "a3": code(KING, GREEN),
        }
    )
    effects = pos.push(pos.parse_move("b1*"))
    assert effects.fallen == (0, 1)
    outcome = pos.outcome()
    assert outcome.winner is None and outcome.reason is Termination.BOTH_ROYALS_DESTROYED


def test_static_board_a_struck_piece_still_reflects_and_the_loop_guard_stops_a_return():
    # The east beam destroys the Red triangle on its vulnerable side; the west beam comes round
    # and meets the same triangle's mirror later: on the static board it still reflects.
    pos = position(
        {
            "c1": code(LASER, GREEN, 0),
            "c3": code(SPLITTER, GREEN, 0),  # beams E and W along rank 3
            "g3": code(TRIANGLE, RED, 1),  # mirror NE: from the west its vulnerable side (X)
            "a3": code(DIAGONAL, GREEN, 1),  # "\": W -> N
            "a7": code(DIAGONAL, GREEN, 0),  # "/": N -> E
            "g7": code(DIAGONAL, GREEN, 1),  # "\": E -> S, down to g3 from the north
            "i9": code(KING, RED),
            "i1": code(KING, GREEN),
        }
    )
    effects = pos.push(pos.parse_move("c1*"))
    beams = list(effects.all_beams())
    g3 = sq("g3")
    through = [s for b in beams for s in b.path if s.square == g3]
    assert [(s.entry, s.exit) for s in through] == [(E, None), (S, E)]  # destroyed, then reflects
    assert names(r.square for r in effects.removed) >= {"g3"}


def test_a_beam_that_comes_back_into_its_own_laser_destroys_it():
    # Spec §3: a Laser is destroyed from every side, and a beam ends as a loop only where a beam of
    # this shot already *entered* a square in the same direction; the shot starts on the Laser's
    # square, it never entered it. b2 fires north; the four mirrors bring the beam back north into b2.
    pos = Position.from_fen("8k/9/9/9/9/1D01D15/9/1L07/1D11D04K g", "laserchess87")
    effects = pos.push(pos.parse_move("b2*"))
    assert [GEO.names[r.square] for r in effects.removed] == ["b2"]
    assert [b.effect for b in effects.all_beams()] == ["destroyed"]
    assert pos.lasers[GREEN] == -1 and not pos.board[sq("b2")]
    assert pos.fen() == "8k/9/9/9/9/1D01D15/9/9/1D11D04K g 1 f"
    pos.pop()
    assert pos.board[sq("b2")] == code(LASER, GREEN, 0) and pos.lasers[GREEN] == sq("b2")


# ---------------------------------------------------------------- text
def test_position_strings_round_trip_and_bad_text_gets_a_specific_error():
    pos = Position.setup(variant="laserchess87")
    pos.push(pos.parse_move("f1*"))
    again = Position.from_fen(pos.fen(), "laserchess87")
    assert again.fen() == pos.fen() and again.hash == pos.hash and again.part == 1
    bad = {
        START.replace("T0B0B0S1", "T0B0B0S2"): "orientation digit 0 or 1",
        START.replace("HK", "QK"): "unknown piece letter",
        START + " 0 f": "before its first action",
        START + " 2 -": "0 or 1",
        START + " 1 z": r"f \(fired\)",
        START + " 1": "optionally",
        START.replace("/T1T1", "/T1T1T1"): "more than 9 squares",
        START.replace("HKL0", "HL0"): "describes 8 squares",
    }
    for text, message in bad.items():
        with pytest.raises(PositionError, match=message):
            Position.from_fen(text, "laserchess87")
    no_king = "9/9/9/9/9/9/9/9/4k4 g"
    with pytest.raises(PositionError, match="Green has no King"):
        Position.from_fen(no_king, "laserchess87")
    problems = V.problems(Position.setup(variant="laserchess87").board[:40] + [0] * 41)
    assert [p.message for p in problems if p.severity == "error"] == ["Red has no King"]  # ranks 6-9 cleared
    assert "Red has no Laser and cannot fire" in [p.message for p in problems]


def test_move_text_round_trips_and_bad_text_is_refused():
    pos = Position.setup(variant="laserchess87")
    for move in pos.legal_moves:
        assert pos.parse_move(pos.move_text(move)) == move
    bad = {"f1": "destination", "e1e3x": "not a move", "a2>Q": "orientation", "z9z8": "not a square"}
    for text, message in bad.items():
        with pytest.raises(InvalidMoveError, match=message):
            pos.parse_move(text)


# ---------------------------------------------------------------- perft
def test_perft_from_the_start():
    pos = Position.setup(variant="laserchess87")
    assert perft(pos, 1) == 210  # 75 decisions without chance + 3 Hypercube moves x 45 outcomes
    assert perft_collapsed(pos, 1) == 78
    assert perft(pos, 2) == 22609
    assert round(perft_collapsed(pos, 2), 2) == 4815.27
    assert pos.fen() == START


# ---------------------------------------------------------------- the engine: chance nodes
def test_the_engine_scores_a_chance_decision_by_the_mean_of_its_outcomes_and_never_picks_one():
    from game.search.engine import CHANCE_SAMPLE, Engine, Limits
    from game.search.eval_laserchess87 import evaluate
    from game.search.limits import SearchOptions

    pos = position({"e4": code(BLOCK, GREEN), "a1": code(KING, GREEN), "i9": code(KING, RED)})
    engine = Engine(SearchOptions(quiescence=False))
    result = engine.search(pos, Limits(depth=1))
    decision = Move(sq("e4"), HYPERSQUARE).code
    assert decision in result.root_scores
    found = [m.code for m in outcomes(pos, Move.from_code(decision))]
    sample = [found[i * len(found) // CHANCE_SAMPLE] for i in range(CHANCE_SAMPLE)]
    scores = []
    for c in sample:  # Green acts again after its first action: the score is Green's own
        pos.push_code(c)
        scores.append(evaluate(pos))
        pos.pop()
    assert result.root_scores[decision] == sum(scores) // len(scores)
    assert all(Move.from_code(c).chance is None for c in result.root_scores)
    start = Position.setup(variant="laserchess87")
    for depth in (1, 2):
        r = Engine().search(start, Limits(depth=depth))
        move = Move.from_code(r.move)
        assert move.chance is None and resolve(start, move, random.Random(1)) in start.legal_moves


# ---------------------------------------------------------------- the engine: move-then-fire threats
THREAT = "l26k1/9/9/9/9/9/9/8L0/d03K4"  # Red's a1 mirror, turned, sends Red's a9 shot along rank 1


def kills_in_one_turn(pos: Position) -> list[str]:
    """Every two-action turn of the side to move that destroys the enemy King (brute force)."""
    found = []
    side = pos.turn
    for first in list(pos.legal_moves):
        pos.push(first)
        if pos.loser == 1 - side:
            found.append(pos.variant.move_text(first))
        elif pos.turn == side:
            for second in list(pos.legal_moves):
                pos.push(second)
                if pos.loser == 1 - side:
                    found.append(f"{pos.variant.move_text(first)} {pos.variant.move_text(second)}")
                pos.pop()
        pos.pop()
    return found


def test_threat_actions_are_the_moves_that_can_turn_the_beam_onto_the_king():
    from game.search.eval_laserchess87 import threats

    red = Position.from_fen(f"{THREAT} r", "laserchess87")
    assert kills_in_one_turn(red) == ["a1>E a9*"]
    assert sorted(red.move_text(Move.from_code(c)) for c in threats(red)) == ["a1>E", "a1a2", "a1b1"]
    assert threats(Position.from_fen(f"{THREAT} r 1 -", "laserchess87")) == []  # no fire left after it
    assert threats(Position.from_fen(f"{THREAT} r 1 f", "laserchess87")) == []
    assert threats(Position.setup(variant="laserchess87")) == []  # no King in a line of a beam


def test_a_search_ending_with_its_own_turn_sees_the_opponents_move_then_fire():
    from game.search.engine import Engine, Limits

    green = Position.from_fen(f"{THREAT} g 1 -", "laserchess87")  # Green's last action of the turn
    result = Engine().search(green, Limits(depth=1))
    green.push(Move.from_code(result.move))
    assert kills_in_one_turn(green) == []  # the King stepped off rank 1 (or the line was closed)


def test_the_search_lists_chance_decisions_once_and_noisy_actions_as_filtering_would():
    from game.chance import DECISION, decisions
    from game.search.eval_laserchess87 import noisy

    rng = random.Random(87)
    pos = Position.setup(variant="laserchess87")
    seen_decision = 0
    for _ in range(600):
        if pos.loser >= 0:
            pos = Position.setup(variant="laserchess87")
        codes = pos.generate_codes()
        direct = V.generate_decisions(pos)
        assert direct == decisions(codes)
        assert V.noisy_actions(pos) == [c for c in codes if noisy(pos, c)]
        seen_decision += sum(1 for c in direct if c & DECISION)
        pos.push_code(rng.choice(codes))
    assert seen_decision > 100  # the walk met many Hypercube and e5 decisions


def test_the_evaluation_fears_a_king_an_enemy_block_can_land_on_next_turn():
    from game.search.eval_laserchess87 import Lc87Weights, evaluate, king_reachable

    far = position({"e1": code(KING, GREEN), "a9": code(KING, RED), "e4": code(BLOCK, RED)})
    near = position({"e1": code(KING, GREEN), "a9": code(KING, RED), "e3": code(BLOCK, RED)})
    walled = position(
        {"e1": code(KING, GREEN), "a9": code(KING, RED), "e3": code(BLOCK, RED), "e2": code(BLOCK, GREEN)}
    )
    diagonal = position({"e1": code(KING, GREEN), "a9": code(KING, RED), "d2": code(BLOCK, RED)})
    for pos, reachable in ((far, False), (near, True), (walled, False), (diagonal, True)):
        assert king_reachable(pos.board, sq("e1"), RED) is reachable
    # The Block's value is the same in both: only the reach to the King differs (no centre bonus for Kings).
    w = Lc87Weights()
    assert (
        evaluate(far) - evaluate(near) == w.king_reach - w.centre
    )  # Red's Block on e4 is a step more central


@pytest.mark.parametrize(
    ("fen", "gamble", "depth"),
    [
        # From lost games. Red's Hypercube displaced its own King (f9e9): a sample of six squares
        # looked safe, but the King fell on b3 among Green's Blocks.
        (
            "t0t2d1l2khd0t3t3/t3b2b22s1b21t2/3x2s02b21/9/9/7B01/2B06/T0T1B0S1S0X2B01T1/T11D0HKL2D1T0T0 r",
            "f9e9",
            2,
        ),
        # Green's d1e1 scored +74: on e8 the King would take Red's King at once (a win the search
        # sees), on five squares it is taken next turn (losses beyond quiescence at Green's turn).
        (
            "t2t0d1l2khd0t3t3/2b3x22b2b2t2/t32s05/1b23s13/9/9/2S12X11T11/T2B2B11S01B3B01/T1T1D0HKL0D1T0T0 g",
            "d1e1",
            1,
        ),
        (
            "t2t0d1l2khd0t3t3/2b3x22b2b2t2/t32s05/1b23s13/9/9/2S12X11T11/T2B2B11S01B3B01/T1T1D0HKL0D1T0T0 g",
            "d1e1",
            2,
        ),
    ],
)
def test_the_engine_does_not_gamble_its_king_on_a_hypercube_displacement(fen: str, gamble: str, depth: int):
    """Judged over every square, each to the opponent's reply, displacing one's own King is bad (its
    root score is a bound, as every move's but the best: each outcome is searched in a null window)."""
    from game.search.engine import Engine, Limits

    pos = Position.from_fen(fen, "laserchess87")
    result = Engine().search(pos, Limits(depth=depth))
    code = Move(sq(gamble[:2]), sq(gamble[2:])).code
    assert result.move != code
    assert result.root_scores[code] < result.score


def test_a_level_with_randomness_does_not_prefer_root_gambles():
    """A root gamble is searched as deep as a plain action and in the windows a plain root move gets
    (a ply shallower, its outcomes missed the opponent's reply that the plain moves' searches saw, and
    Beginner's randomness then chose a Hypercube landing on its own pieces in every game)."""
    from game.chance import DECISION
    from game.search.engine import Engine, Limits
    from game.search.limits import Randomness

    pos = Position.from_fen(
        "t0t2d1l2khd0t3t3/t3b2b22s1b21t2/3x2s02b21/9/9/7B01/2B06/T0T1B0S1S0X2B01T1/T11D0HKL2D1T0T0 r",
        "laserchess87",
    )
    gambles = {c & ~DECISION for c in pos.variant.generate_decisions(pos) if c & DECISION}
    chosen = [
        Engine().search(pos, Limits(depth=2), randomness=Randomness(300, 1.0), rng=random.Random(seed)).move
        for seed in range(8)
    ]
    assert gambles and not gambles & set(chosen)


def test_quiescence_fires_only_a_shot_that_gains():
    from game.search.eval_laserchess87 import noisy_moves

    start = Position.setup(variant="laserchess87")
    fire = Move(sq("f1"), sq("f1"), fire=True).code
    assert fire in start.generate_codes() and fire not in noisy_moves(start)  # it would destroy its own Laser
    red = Position.from_fen(f"{THREAT} r", "laserchess87")
    red.push(red.parse_move("a1>E"))
    assert noisy_moves(red) == [Move(sq("a9"), sq("a9"), fire=True).code]  # now it fells the Green King


def test_a_whole_turn_and_the_reply_are_searched_in_tens_of_thousands_of_nodes():
    """Depth 3 from the start (Green's two actions and Red's first) took 294k nodes when every chance
    decision in the tree was searched full-width at full depth and quiescence tried every fire;
    deterministic counts, so this fails if the search tree grows back."""
    from game.search.engine import Engine, Limits

    result = Engine().search(Position.setup(variant="laserchess87"), Limits(depth=3))
    assert result.depth == 3 and result.nodes < 50_000


def test_two_whole_turns_are_searched_in_under_forty_thousand_nodes():
    """Depth 4 from the start (Green's turn and Red's whole reply turn): 198k nodes while each
    outcome of a gamble was searched in a full window (92 % of the tree under chance nodes), 27k
    with the node's window and the gambles ordered after the plain quiet moves, 24k with move-count
    pruning on a turn's second action at depth 3 (24,561 with root gambles as deep as plain moves)."""
    from game.search.engine import Engine, Limits

    result = Engine().search(Position.setup(variant="laserchess87"), Limits(depth=4))
    assert result.depth == 4 and result.nodes < 40_000


def test_the_low_levels_take_this_rule_sets_settings_and_the_others_keep_theirs():
    from game.search.levels import LEVELS
    from game.search.limits import Randomness
    from game.search.match import PlayerSpec
    from game.variants import get_variant

    khet = get_variant("khet")
    own = {
        "Beginner": (1, Randomness(300, 200, blind=True, shallow=True)),
        "Easy": (1, Randomness(120, 45, blind=True)),
    }
    for name, level in LEVELS.items():
        depth, randomness = own.get(name, (level.depth, level.randomness()))
        assert level.limits(variant=V).depth == depth == PlayerSpec.parse(name).limits(V).depth
        assert level.randomness(V) == randomness == PlayerSpec.parse(name).randomness(V)
        assert level.limits(variant=khet).depth == level.depth == level.limits().depth
        assert level.randomness(khet) == level.randomness()
    assert PlayerSpec.parse("Easy", depth=3).limits(V).depth == 3  # an explicit cap still wins


def test_a_blind_level_does_not_see_the_opponents_move_then_fire():
    from game.search.engine import Engine, Limits
    from game.search.limits import Randomness

    green = Position.from_fen(f"{THREAT} g 1 -", "laserchess87")
    seeing = Engine().search(green, Limits(depth=1))
    blind = Engine().search(green, Limits(depth=1), randomness=Randomness(blind=True))
    assert Move.from_code(seeing.move) != Move.from_code(blind.move)
    green.push(Move.from_code(blind.move))
    assert kills_in_one_turn(green) == ["a1>E a9*"]  # the blind search walked into it


def test_a_shallow_level_judges_the_position_at_its_depth_as_it_stands():
    from game.search.engine import Engine, Limits
    from game.search.limits import Randomness, SearchOptions

    start = Position.setup(variant="laserchess87")
    plain = Engine(SearchOptions(quiescence=False)).search(start, Limits(depth=2))
    shallow = Engine().search(start, Limits(depth=2), randomness=Randomness(shallow=True))
    full = Engine().search(start, Limits(depth=2))
    assert shallow.nodes == plain.nodes < full.nodes and shallow.score == plain.score


def test_the_evaluation_prices_a_hypercube_next_to_the_enemy_king_by_its_chance_to_land_it_on_the_beam():
    from game.search.eval_laserchess87 import Lc87Evaluation, Lc87Weights, evaluate

    # Green's Laser on a1 fires up the empty a file (8 squares); its Hypercube on e8 stands next to the
    # Red King: landing on it sends the King to one of 77 squares (76 empty but e5, and e8's left square).
    pieces = {"a1": code(LASER, GREEN), "i1": code(KING, GREEN), "e9": code(KING, RED)}
    pieces["e8"] = code(HYPERCUBE, GREEN)
    w = Lc87Weights()
    chance = w.king_shot * 8 // 77
    plain = Lc87Evaluation(Lc87Weights(cube_king=0))
    green = position(pieces)
    assert evaluate(green) - plain(green) == chance * w.mine_now // 60
    red = position(pieces, RED)
    assert evaluate(red) - plain(red) == -(chance * w.theirs // 60)
    # With one action left Green cannot land the cube and fire: no credit.
    one_left = position(pieces, part=" 1 -")
    assert one_left.part == 1 and evaluate(one_left) == plain(one_left)
    # Away from the King the cube threatens nothing.
    away = position({**{k: v for k, v in pieces.items() if k != "e8"}, "e7": code(HYPERCUBE, GREEN)})
    assert evaluate(away) == plain(away)
