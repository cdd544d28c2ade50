"""Leiserchess 2017/2018 move rules on hand-built positions (rules/leiserchess.md).

Every position is written as ``{square: token}`` with the spec's two-letter tokens; Kings are
placed so that their beams do nothing unless a test wants them to.
"""

import random

import pytest

from game import IllegalMoveError, Position
from game.geometry import EAST, NORTH, SOUTH, WEST
from game.move import Move
from game.pieces import ABSORB, DESTROY, Color, Kind, beam_effect, make_code
from game.variants import Leiserchess2017Options
from game.variants.leiserchess import GEO, LEISERCHESS_2017, LEISERCHESS_2018, PAWN_TOKENS

L17, L18 = LEISERCHESS_2017, LEISERCHESS_2018
NO_ZOMBIES = Leiserchess2017Options(zombies=False)
# Tangerine fires up the empty h-file, Lavender along the empty rank 7: both beams leave the board.
QUIET_KINGS = {"h0": "NN", "a7": "ee"}


def build(pieces, turn=0, variant=L17, options=None, kings=True) -> Position:
    placed = dict(QUIET_KINGS) if kings else {}
    placed.update(pieces)
    board = [0] * GEO.size
    for name, token in placed.items():
        code, _ = variant.read_piece(token, 0, "test")
        board[GEO.parse_square(name)] = code
    return Position.from_fen(variant.board_fen(board, turn), variant, options)


def sq(name: str) -> int:
    return GEO.parse_square(name)


def squares(*names: str) -> frozenset[int]:
    return frozenset(sq(n) for n in names)


def texts(pos: Position) -> set[str]:
    return {pos.move_text(m) for m in pos.legal_moves}


def token(pos: Position, name: str) -> str | None:
    code = pos.board[sq(name)]
    return pos.variant.piece_token(code) if code else None


def illegal(pos: Position, text: str) -> str:
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move(text)
    return str(err.value)


# ---------------------------------------------------------------- optics
# The spec's table: beam travelling (row) x pawn orientation NW NE SE SW -> result.
OPTICS_TABLE = {
    NORTH: {"NW": DESTROY, "NE": DESTROY, "SE": EAST, "SW": WEST},
    EAST: {"NW": NORTH, "NE": DESTROY, "SE": DESTROY, "SW": SOUTH},
    SOUTH: {"NW": WEST, "NE": EAST, "SE": DESTROY, "SW": DESTROY},
    WEST: {"NW": DESTROY, "NE": NORTH, "SE": SOUTH, "SW": DESTROY},
}


@pytest.mark.parametrize("travel", OPTICS_TABLE)
@pytest.mark.parametrize("name", PAWN_TOKENS)
@pytest.mark.parametrize("color", [0, 1])
def test_pawn_optics_match_the_spec_table(travel, name, color):
    code = make_code(Kind.PAWN, color, PAWN_TOKENS.index(name))
    assert beam_effect(code, travel) == OPTICS_TABLE[travel][name]


@pytest.mark.parametrize("travel", [NORTH, EAST, SOUTH, WEST])
@pytest.mark.parametrize("orientation", range(4))
def test_king_is_destroyed_from_every_side(travel, orientation):
    for color in (0, 1):
        assert beam_effect(make_code(Kind.KING, color, orientation), travel) == DESTROY
        assert beam_effect(make_code(Kind.KING, color, orientation), travel) != ABSORB


@pytest.mark.parametrize(
    ("pawn", "end_square", "effect"),
    [
        ("NW", "e7", "off board"),
        ("NE", "e3", "destroyed"),
        ("SE", "e3", "destroyed"),
        ("SW", "e0", "off board"),
    ],
)
def test_pawn_faces_on_the_board(pawn, end_square, effect):
    # A Tangerine King on a3 fires east into a Pawn on e3.
    pos = build({"a3": "EE", "e3": pawn, "h7": "ww"}, kings=False)
    shot = pos.beam(0)
    assert shot.effect == effect
    assert shot.path[-1].square == sq(end_square)


def test_rotation_letters_turn_the_way_the_spec_says():
    pos = build({"c2": "NW", "d2": "NW", "e2": "NW"})
    pos.push_text("c2R")
    assert token(pos, "c2") == "NE"
    pos.pop()
    pos.push_text("c2L")
    assert token(pos, "c2") == "SW"
    pos.pop()
    pos.push_text("c2U")
    assert token(pos, "c2") == "SE"
    pos = build({"h0": "NN"}, variant=L18)
    pos.push_text("h0R")
    assert token(pos, "h0") == "EE"


# ---------------------------------------------------------------- 2017: moves and swaps
def test_2017_a_piece_has_eight_steps_and_three_rotations():
    pos = build({"d3": "NE"})
    assert {t for t in texts(pos) if t.startswith("d3")} == {
        "d3c2", "d3d2", "d3e2", "d3c3", "d3e3", "d3c4", "d3d4", "d3e4", "d3R", "d3L", "d3U",
    }  # fmt: skip


def test_2017_swaps_with_any_piece_keeping_orientations():
    pos = build({"d3": "NE", "d4": "sw", "e3": "SE", "c4": "NW"})
    moves = texts(pos)
    assert {"d3d4", "d3e3", "d3c4"} <= moves  # enemy Pawn, own Pawns
    pos.push_text("d3d4")
    assert (token(pos, "d3"), token(pos, "d4")) == ("sw", "NE")


def test_2017_kings_swap_with_kings_and_pawns():
    # Tangerine King d3 fires east along rank 3, Lavender King e4 fires west along rank 4.
    pos = build({"d3": "EE", "e4": "ww", "c2": "SE"}, kings=False)
    assert {"d3e4", "d3c2"} <= texts(pos)
    pos.push_text("d3e4")
    assert (token(pos, "d3"), token(pos, "e4")) == ("ww", "EE")
    assert pos.lasers == [sq("e4"), sq("d3")]
    assert pos.hash == pos.zobrist_from_scratch()
    pos.pop()
    pos.push_text("c2d3")  # an own Pawn swaps with its King
    assert (token(pos, "c2"), token(pos, "d3")) == ("EE", "SE")
    assert pos.lasers[0] == sq("c2")


def test_2017_swapping_identical_pieces_is_ko_unless_the_laser_zaps():
    pos = build({"d2": "SE", "e3": "SE"})
    assert "d2e3" not in texts(pos) and "e3d2" not in texts(pos)
    assert "changes nothing" in illegal(pos, "d2e3")
    # With a Lavender Pawn in Tangerine's beam (opaque side), the same swap zaps it: legal.
    pos = build({"d2": "SE", "e3": "SE", "h5": "nw"})
    assert {"d2e3", "e3d2"} <= texts(pos)
    pos.push_text("d2e3")
    assert token(pos, "h5") is None


# ---------------------------------------------------------------- 2017: null move
def test_2017_null_move_is_legal_only_if_the_shot_zaps():
    pos = build({"h4": "nw"})  # the Lavender Pawn shows its opaque side to Tangerine's beam
    assert "h0h0" in texts(pos)
    pos.push_text("h0h0")
    assert token(pos, "h4") is None and token(pos, "h0") == "NN"
    assert pos.quiet_plies == 0

    pos = build({"h4": "se"})  # a mirror sends the beam off the board: nothing zapped
    assert "h0h0" not in texts(pos)
    assert "zaps nothing" in illegal(pos, "h0h0")


def test_2017_only_the_king_makes_a_null_move():
    pos = build({"h4": "nw", "c2": "NE"})
    assert "only the King" in illegal(pos, "c2c2")


# ---------------------------------------------------------------- 2017: re-fire
def test_2017_laser_refires_after_every_zap():
    pos = build({"h2": "ne", "h4": "NE", "h6": "ne"})
    shots = pos.push(Move(sq("h0"), sq("h0"))).beams  # null move
    assert [s.effect for s in shots] == ["destroyed", "destroyed", "destroyed", "off board"]
    assert [token(pos, n) for n in ("h2", "h4", "h6")] == [None, None, None]
    assert pos.loser == -1
    pos.pop()
    assert [token(pos, n) for n in ("h2", "h4", "h6")] == ["ne", "NE", "ne"]


def test_2017_refire_stops_at_a_king():
    pos = build({"h0": "NN", "h7": "ss", "h2": "ne", "h4": "ne", "a0": "NE"}, kings=False)
    shots = pos.push_text("a0R").beams
    assert [s.effect for s in shots] == ["destroyed", "destroyed", "destroyed"]
    assert pos.loser == 1
    assert pos.outcome().winner == Color.FIRST
    assert "King destroyed" in pos.outcome().describe(L17.side_names, L17.royal_name)
    assert pos.legal_moves.__len__() == 0


def test_2018_laser_fires_once():
    pos = build({"h0": "NN", "h7": "ss", "h2": "ne", "h4": "ne", "a0": "NE"}, variant=L18, kings=False)
    shots = pos.push_text("a0R").beams
    assert [s.effect for s in shots] == ["destroyed"]
    assert token(pos, "h2") is None and token(pos, "h4") == "ne"
    assert pos.loser == -1


# ---------------------------------------------------------------- 2017: pinning
PIN = {
    "a7": "ss",  # Lavender fires south: a5 turns the beam east, e5 shows it an opaque side
    "h0": "NN",
    "a5": "NE",
    "e5": "SE",
    "b4": "NW",
    "d6": "NW",
}


def test_2017_pawns_on_the_enemy_beam_are_pinned():
    pos = build(PIN, kings=False)
    assert L17.pinned_squares(pos) == squares("a5", "e5")
    moves = texts(pos)
    assert not any(m.startswith(("a5", "e5")) for m in moves)
    assert {"d6R", "d6d5", "b4b3"} <= moves
    assert "pinned" in illegal(pos, "a5a4")
    assert "pinned" in illegal(pos, "e5R")


def test_2017_an_unpinned_piece_may_swap_with_a_pinned_pawn():
    pos = build(PIN, kings=False)
    assert {"b4a5", "d6e5"} <= texts(pos)
    pos.push_text("b4a5")
    assert (token(pos, "a5"), token(pos, "b4")) == ("NW", "NE")


def test_2017_own_laser_does_not_pin_own_pawns():
    pos = build(PIN, turn=1, kings=False)
    assert L17.pinned_squares(pos) == frozenset()
    # Lavender to move: Tangerine's beam runs up the empty h-file, so nothing of Lavender's is pinned.
    assert "a7a6" in texts(pos)


def test_2018_has_no_pinning():
    pos = build(PIN, variant=L18, kings=False)
    assert not hasattr(L18, "pinned_squares") and L18.badges(pos) == {}
    assert {"a5a4", "e5R"} <= texts(pos)


# ---------------------------------------------------------------- 2017: zombies
@pytest.mark.parametrize("zombie", ["se", "ne"])  # a mirror on the beam, or the opaque side at its end
def test_2017_enemy_pawns_on_own_beam_are_zombies(zombie):
    pos = build({"h3": zombie, "a3": "nw"})
    assert L17.zombie_squares(pos) == squares("h3")
    moves = texts(pos)
    assert {"h3g4", "h3h2", "h3R", "h3U"} <= moves
    assert not any(m.startswith("a3") for m in moves)
    pos.push_text("h3g4")
    assert token(pos, "g4") == zombie  # still Lavender's
    assert "is not yours and not a zombie" in illegal(build({"h3": zombie, "a3": "nw"}), "a3a2")


def test_2017_zombies_off_reproduces_the_2016_rules():
    pos = build({"h3": "se"}, options=NO_ZOMBIES)
    assert L17.zombie_squares(pos) == frozenset()
    assert not any(m.startswith("h3") for m in texts(pos))
    assert "is not yours; Tangerine is to move" in illegal(pos, "h3g4")


def test_2017_a_zombie_on_its_owners_beam_is_still_movable():
    # h3 reflects Tangerine's beam and shows its opaque side to Lavender's own beam from h7.
    pos = build({"h0": "NN", "h7": "ss", "h3": "se"}, kings=False)
    assert L17.zombie_squares(pos) == squares("h3")
    assert L17.pinned_squares(pos) == frozenset()
    assert "h3g3" in texts(pos)


def test_2017_enemy_king_is_never_a_zombie():
    pos = build({"h0": "NN", "h5": "ss"}, kings=False)
    assert L17.zombie_squares(pos) == frozenset()
    assert not any(m.startswith("h5") for m in texts(pos))


def test_2018_has_no_zombies():
    pos = build({"h3": "se"}, variant=L18)
    assert not hasattr(L18, "zombie_squares") and L18.badges(pos) == {}
    assert "only own pieces move" in illegal(pos, "h3g4")


# ---------------------------------------------------------------- Ko
def test_2017_ko_forbids_swapping_straight_back():
    pos = build({"e3": "NE", "f4": "nw"})
    pos.push_text("e3f4")
    assert (token(pos, "e3"), token(pos, "f4")) == ("nw", "NE")
    assert "e3f4" not in texts(pos)
    assert "Ko rule" in illegal(pos, "e3f4")
    assert "Tangerine's last move" in illegal(pos, "e3f4")
    # A lone position string has no history, so the same move is legal there.
    fresh = Position.from_fen(pos.fen(), L17)
    assert "e3f4" in texts(fresh)
    # Two plies later the position before the opponent's last move is a different one.
    pos.push_text("a7a6")
    pos.push_text("h0g0")
    assert "e3f4" in texts(pos)


def test_ko_does_not_apply_after_a_zap():
    # The same triangle as below, but Tangerine's move turns its beam onto f4's opaque side:
    # undoing it cannot bring the zapped Pawn back, so it is no Ko.
    pos = build({"d0": "NN", "a7": "ee", "d5": "SE", "e4": "sw", "f4": "ne"}, variant=L18, kings=False)
    pos.push_text("d5e4d4")
    assert token(pos, "f4") is None and pos.quiet_plies == 0
    assert "d5d4e4" in texts(pos)


def test_2018_ko_forbids_undoing_a_triangle_swap():
    pos = build({"d5": "NE", "e4": "sw"}, variant=L18)
    pos.push_text("d5e4d4")
    assert (token(pos, "d5"), token(pos, "e4"), token(pos, "d4")) == ("sw", None, "NE")
    assert "d5d4e4" not in texts(pos)
    assert "Ko rule" in illegal(pos, "d5d4e4")
    assert "d5d4R" in texts(pos)
    assert "d5d4e4" in texts(Position.from_fen(pos.fen(), L18))


def test_2018_has_no_board_unchanged_clause_to_need():
    # No 2018 move leaves the board unchanged: rotations always turn, swaps are with enemies.
    pos = Position.setup(variant="leiserchess2018")
    before = list(pos.board)
    for move in pos.legal_moves:
        pos.push(move)
        changed = pos.board != before
        pos.pop()
        assert changed


# ---------------------------------------------------------------- 2018: moves and swaps
SWAP18 = {"d4": "NE", "e5": "sw", "c5": "SW"}


def test_2018_basic_moves_go_to_empty_squares_only():
    pos = build(SWAP18, variant=L18)
    moves = texts(pos)
    assert {"d4c4", "d4d3", "d4R", "d4L", "d4U"} <= moves
    assert "d4c5" not in moves
    assert "occupied by the Tangerine Pawn on c5" in illegal(pos, "d4c5")


def test_2018_swap_then_step():
    pos = build(SWAP18, variant=L18)
    assert "d4e5f6" in texts(pos)
    pos.push_text("d4e5f6")
    assert (token(pos, "d4"), token(pos, "e5"), token(pos, "f6")) == ("sw", None, "NE")
    assert pos.hash == pos.zobrist_from_scratch()
    pos.pop()
    assert (token(pos, "d4"), token(pos, "e5"), token(pos, "f6")) == ("NE", "sw", None)


def test_2018_swap_then_rotate():
    pos = build(SWAP18, variant=L18)
    assert {"d4e5R", "d4e5L", "d4e5U"} <= texts(pos)
    pos.push_text("d4e5R")
    assert (token(pos, "d4"), token(pos, "e5")) == ("sw", "SE")


def test_2018_king_swaps_with_an_enemy_king():
    pos = build({"d3": "EE", "e4": "ww"}, variant=L18, kings=False)
    assert "d3e4f5" in texts(pos)
    pos.push_text("d3e4f5")
    assert pos.lasers == [sq("f5"), sq("d3")]


def test_2018_swap_moves_generated_exactly():
    pos = build(SWAP18, variant=L18)
    swaps = {t for t in texts(pos) if t.startswith("d4e5")}
    steps = {f"d4e5{GEO.name(u)}" for u in GEO.neighbours[sq("e5")] if u not in (sq("d4"),)}
    assert swaps == steps | {"d4e5R", "d4e5L", "d4e5U"}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("d4e5", "must make an extra basic move"),
        ("d4e5d4", "cannot go back to d4"),
        ("d4e5g7", "g7 is not next to e5"),
        ("d4e5d6", None),
        ("d4c4R", "is a whole move"),
        ("d4c4b4", "is a whole move"),
        ("d4d6", "d6 is not next to d4"),
        ("c5b6", None),
        ("h0h0", "no null move"),
        ("e5f5", "not yours"),
        ("a1a2", "there is no piece on a1"),
    ],
)
def test_2018_illegal_moves_name_the_reason(text, reason):
    pos = build(SWAP18, variant=L18)
    if reason is None:
        assert pos.parse_move(text)
    else:
        assert reason in illegal(pos, text)


def test_2018_extra_step_cannot_be_a_second_swap():
    pos = build({"d4": "NE", "e5": "sw", "f6": "sw"}, variant=L18)
    assert "d4e5f6" not in texts(pos)
    assert "second swap" in illegal(pos, "d4e5f6")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("e4e5", "there is no piece on e4"),
        ("a7a6", "is not yours"),
        ("d0d2", "d2 is not next to d0"),
        ("h0h0", "zaps nothing"),
        ("d0d0", "only the King"),
        ("f4g3", "changes nothing"),
    ],
)
def test_2017_illegal_moves_name_the_reason(text, reason):
    pos = Position.setup(variant="leiserchess2017")
    assert reason in illegal(pos, text)


def test_game_over_refuses_moves_with_a_reason():
    pos = build({"h0": "NN", "h7": "ss", "a0": "NE"}, kings=False)
    pos.push_text("a0R")
    assert pos.loser == 1
    assert "game is over" in illegal(pos, "h7h6")


# ---------------------------------------------------------------- the handouts' example games
def words(text: str) -> list[str]:
    return text.split()


GAME_2018 = words(
    """
g4g5 e6e7 g5g4 e7e6 g4L b3L g4h5 b4R f3e4 d5e4f5 f2e3 f5g5 h5g6 g5h4 h0g0 c4R e3e4 b3b2
g0f0 d6d7 d5c5b5 h4g3f2 e2f2g2 c4b3 e4d5R d7L d5e6e7 b2b1 e1d0 e4d3 b5c4 d5c4c3 d5R e2f3
g2g3 f3g3g2 f3e4 d7L e4d3c4 a7b7 c4b5 e4d5d6 h4g5 g2f3 e4f3e2 e4f3 e2f3g3 b7a7 b5a4 b4a4b5
b4b5a6 d7e7f6 g5f6e5 a7L g6g5f5 d6d7L f0e1 d7c7 e1e0 b4c3 f5g6f6 b3c2 f6f5 c2d1c0 c2b2 b1a1
d0c0R a1b2c1 e5e6 c3c2 a1b1 c1L b1R d0R e0L c1b2 b1b2c1 b1a1 c1b2 a1b2a3 e6U a3R e6d5 a7R
f5e6 c2U a1b1 c7U e0f0 c2d2 b1c1 c7b7 d5L d2e3 f0g1 e3f3 g1h1 f3g3 e6f5 g3h3
"""
)

GAME_2017 = words(
    """
h4g5 a3a2 g3R a2a1 e1U b4R f4e3 c3R d0d1 d6U f2L a1b1 d1U b4c4 g3f3 a7b6 h0g1 e7e6
e3f2 b1b0 g5f4 e5L e1e0 e5f4
"""
)


def test_the_2018_handout_game_replays_to_its_result():
    pos = Position.setup(variant="leiserchess2018")
    for text in GAME_2018:
        pos.push_text(text)
    assert pos.outcome().result == "0-1"  # Lavender's last move zaps the Tangerine King


@pytest.mark.parametrize("options", [None, NO_ZOMBIES])
def test_the_2017_handout_game_replays(options):
    pos = Position.setup(variant="leiserchess2017", options=options)
    for text in GAME_2017:
        pos.push_text(text)
    assert pos.fen() == "8/1ss1senw3/2nw1SE3/2ne2sw2/2ne1NESW2/3SE1SE2/3NW2NN1/1nw2NW3 W"
    for _ in GAME_2017:
        pos.pop()
    assert pos.fen() == L17.setup_fen()


# ---------------------------------------------------------------- a literal reading of the rules
def reference_moves(pos: Position) -> set[int]:
    """The legal moves computed the slow, literal way (trace the beams, make and compare boards)."""
    if pos.loser >= 0:
        return set()  # a King has been zapped: the game is over
    variant, board, turn = pos.variant, pos.board, pos.turn
    own = [s for s, c in enumerate(board) if c and c >> 2 & 1 == turn]
    candidates: list[Move] = []
    if variant is L17:

        def path_pawns(color):
            path = pos.beam(color).path[1:]
            return {st.square for st in path if board[st.square] and board[st.square] >> 3 == Kind.PAWN}

        pinned = {s for s in path_pawns(1 - turn) if board[s] >> 2 & 1 == turn}
        zombies = {s for s in path_pawns(turn) if board[s] >> 2 & 1 != turn} if pos.options.zombies else set()
        for s in [s for s in own if s not in pinned] + sorted(zombies):
            candidates += [Move(s, t) for t in GEO.neighbours[s]]
            candidates += [Move(s, s, r) for r in (1, 2, 3)]
            if board[s] >> 3 == Kind.KING and board[s] >> 2 & 1 == turn:
                candidates.append(Move(s, s))
    else:
        for s in own:
            candidates += [Move(s, s, r) for r in (1, 2, 3)]
            for t in GEO.neighbours[s]:
                if not board[t]:
                    candidates.append(Move(s, t))
                elif board[t] >> 2 & 1 != turn:
                    candidates += [Move(s, t, r) for r in (1, 2, 3)]
                    after = list(board)
                    after[s], after[t] = after[t], after[s]
                    candidates += [Move(s, t, 0, u) for u in GEO.neighbours[t] if not after[u]]
    before_opponent = None
    if pos.ply:
        before_opponent = pos.copy()
        before_opponent.pop()
    legal = set()
    for move in candidates:
        child = pos.copy()
        child.push_code(move.code)
        if variant is L17 and child.board == board:
            continue  # leaves the board unchanged
        if before_opponent is not None and child == before_opponent:
            continue  # Ko
        legal.add(move.code)
    return legal


@pytest.mark.parametrize(
    ("variant", "options", "seed"),
    [("leiserchess2017", None, 1), ("leiserchess2017", NO_ZOMBIES, 2), ("leiserchess2018", None, 3)],
)
def test_generation_matches_a_literal_reading_in_random_games(variant, options, seed):
    rng = random.Random(seed)
    kos = checked = special = 0
    for game in range(10):
        pos = Position.setup(variant=variant, options=options)
        if game:  # a random placement: beams cross the board, so pins and zombies come up
            pos = Position(pos.variant, random_board(rng), rng.randrange(2), options)
        for _ply in range(30):
            codes = pos.generate_codes()
            assert len(codes) == len(set(codes))
            expected = reference_moves(pos)
            assert set(codes) == expected, pos.fen()
            badges = pos.variant.badges(pos)
            frozen = {sq for sq, word in badges.items() if word == "pin"}
            assert not any(c & 255 in frozen for c in codes)
            assert {sq for sq, word in badges.items() if word == "zombie"} <= {c & 255 for c in codes}
            checked += 1
            if pos.ply and len(expected) < len(reference_moves_without_ko(pos)):
                kos += 1
            if not codes or pos.outcome() is not None:
                break
            # Prefer swaps (the moves Ko is about), so undo situations come up often.
            swaps = [c for c in codes if pos.board[c >> 8 & 255] and c & 255 != c >> 8 & 255]
            pos.push_code(rng.choice(swaps if swaps and rng.random() < 0.7 else codes))
            assert pos.hash == pos.zobrist_from_scratch()
            special += bool(pos.variant.badges(pos))
    assert checked > 150
    assert kos > 0  # Ko actually came up and both readings agreed on it
    assert special > 0 or variant == "leiserchess2018"  # and so did pins or zombies


def random_board(rng: random.Random) -> list[int]:
    board = [0] * GEO.size
    cells = rng.sample(range(GEO.size), 16)
    for i, cell in enumerate(cells):
        kind = Kind.KING if i % 8 == 0 else Kind.PAWN
        board[cell] = make_code(kind, i // 8, rng.randrange(4))
    return board


def reference_moves_without_ko(pos: Position) -> set[int]:
    lone = pos.copy(history=False)
    return reference_moves(lone)
