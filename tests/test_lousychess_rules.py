"""Lousy Chess rules (rules/lousychess.md §1-4): every move rule and end rule on hand-built positions."""

from __future__ import annotations

import random

import pytest

from game import IllegalMoveError, InvalidMoveError, Position, PositionError, RuleOptions, Termination
from game.perft import perft
from game.variants.lousychess import LOUSYCHESS, PROMOTED, QUEEN, is_light, move_number

V = "lousychess"
sq = LOUSYCHESS.geometry.parse_square


def moves_from(fen: str, square: str) -> set[str]:
    pos = Position.from_fen(fen, V)
    return {pos.move_text(m)[3:] for m in pos.legal_moves if m.from_square == sq(square)}


def test_start_position_and_square_colours():
    pos = Position.setup(variant=V)
    assert pos.fen() == "kqbnr/ppppp/5/5/PPPPP/RNBQK w 1"
    assert sorted(pos.move_text(m) for m in pos.legal_moves) == [
        "a2-a3",
        "b1-a3",
        "b1-c3",
        "b2-b3",
        "c2-c3",
        "d2-d3",
        "e2-e3",
    ]
    assert not is_light(sq("a1")) and not is_light(sq("a3")) and not is_light(sq("c1"))
    assert is_light(sq("a2")) and is_light(sq("b1")) and is_light(sq("c2")) and is_light(sq("e2"))


def test_king_steps_in_eight_directions_and_captures():
    fen = "k4/5/1pP2/1K3/5/5 w 1"
    assert moves_from(fen, "b3") == {"a2", "b2", "c2", "a3", "c3", "a4", "b4"}  # c4 own pawn; b4 captured


def test_king_may_step_into_attack():
    fen = "k4/5/5/1r3/5/K4 w 1"  # the rook on b3 attacks b1, a3 ... the King may still go there
    assert moves_from(fen, "a1") == {"a2", "b1", "b2"}


def test_sliders_stop_at_the_first_piece_and_capture_enemies():
    fen = "k4/5/1p3/5/1R1P1/K4 w 1"
    assert moves_from(fen, "b2") == {"b1", "a2", "c2", "b3", "b4"}
    fen = "k4/5/5/2Q2/5/K3r w 1"  # a1 is White's own King; e1 a Black Rook to capture
    expected = "a3 b3 d3 e3 c1 c2 c4 c5 c6 b2 b4 a5 d2 e1 d4 e5"
    assert moves_from(fen, "c3") == set(expected.split())


def test_knight_jumps():
    assert moves_from("k4/5/5/5/5/N3K w 1", "a1") == {"b3", "c2"}
    assert moves_from("k4/5/5/2N2/5/4K w 1", "c3") == {"a2", "a4", "b1", "b5", "d1", "d5", "e2", "e4"}


def test_bishop_slides_diagonally_and_steps_orthogonally_to_empty_squares_only():
    fen = "k4/5/1p3/2B2/2p2/K4 w 1"
    got = moves_from(fen, "c3")
    assert {"b4", "d4", "e5", "d2", "e1", "b2"} <= got  # b4 captures, diagonals open
    assert {"b3", "d3"} <= got  # orthogonal steps to empty squares
    assert "c2" not in got  # an orthogonal step never captures
    assert "c4" in got and "c5" not in got  # one step only
    pos = Position.from_fen(fen, V)
    with pytest.raises(IllegalMoveError, match="empty square only"):
        pos.parse_move("c3-c2")


def test_a_bishop_changes_colour_with_its_orthogonal_step():
    pos = Position.from_fen("k4/5/5/2B2/5/K4 w 1", V)
    assert not is_light(sq("c3"))
    pos.push_text("c3-c4")
    assert is_light(sq("c4")) and pos.board[sq("c4")] >> 3 == 12


def test_pawns_step_one_square_and_capture_diagonally_forward_only():
    fen = "k4/5/5/1p1p1/2P2/K4 w 1"
    assert moves_from(fen, "c2") == {"c3", "b3", "d3"}
    assert moves_from("k4/5/5/2p2/2P2/K4 w 1", "c2") == set()  # blocked; no diagonal onto empty
    assert moves_from("k4/5/5/5/2P2/K4 w 1", "c2") == {"c3"}  # no double step
    assert moves_from("k4/2p2/1P1P1/5/5/K4 b 1", "c5") == {"c4", "b4", "d4"}  # Black goes down


def test_promotion_to_a_queen_that_remembers_it_was_a_pawn():
    pos = Position.from_fen("k2r1/2P2/5/5/5/K4 w 1", V)
    effects = pos.push_text("c5-c6")
    code = pos.board[sq("c6")]
    assert code >> 3 == PROMOTED and effects.promoted and effects.promoted[0].after == code
    assert pos.fen() == "k1Q~r1/5/5/5/5/K4 b 1"
    assert Position.from_fen(pos.fen(), V).board == pos.board
    pos.pop()
    effects = pos.push_text("c5d6")  # by capture too
    assert pos.board[sq("d6")] >> 3 == PROMOTED and effects.captured
    pos.push_text("a6-a5")
    # The promoted Queen moves like a Queen.
    assert {"d1", "a3", "e5", "e6", "c6", "b6", "a6"} == moves_from(pos.fen(), "d6") & {
        "d1",
        "a3",
        "e5",
        "e6",
        "c6",
        "b6",
        "a6",
    }
    black = Position.from_fen("k4/5/5/5/3p1/K4 b 1", V)
    black.push_text("d2-d1")
    assert black.board[sq("d1")] >> 3 == PROMOTED and black.fen().startswith("k4/5/5/5/5/K2q~1 w")


def test_plain_queen_and_promoted_queen_differ_in_hash_and_string():
    a = Position.from_fen("k4/5/5/5/5/K1Q2 w 1", V)
    b = Position.from_fen("k4/5/5/5/5/K1Q~2 w 1", V)
    assert a.board[sq("c1")] >> 3 == QUEEN and b.board[sq("c1")] >> 3 == PROMOTED
    assert a.hash != b.hash and len(a.legal_moves) == len(b.legal_moves)


def test_capturing_the_king_ends_the_game_at_once():
    pos = Position.from_fen("k4/5/5/5/5/R3K w 1", V)
    effects = pos.push_text("a1-a6")
    assert effects.fallen == (1,) and pos.outcome().winner == 0
    assert pos.outcome().reason is Termination.ROYAL_DESTROYED
    assert not pos.legal_moves


def test_a_side_with_no_move_loses():
    # Every White piece is boxed in by its own men (the b5 Knight's squares are all White's).
    pos = Position.from_fen("kBBBB/PNPPP/PPPPP/PPPPP/PPPPP/KRRRR w 1", V)
    assert not pos.legal_moves
    outcome = pos.outcome()
    assert outcome.winner == 1 and outcome.reason is Termination.NO_MOVES


def test_drawn_after_blacks_fortieth_move():
    pos = Position.from_fen("k4/p4/5/5/P4/K4 b 40", V)
    assert pos.outcome() is None and move_number(pos) == 40
    pos.push_text("a6-b6")
    assert pos.fen().endswith("w 41")
    outcome = pos.outcome()
    assert outcome.winner is None and outcome.reason is Termination.MOVE_LIMIT
    assert not pos.legal_moves
    pos.pop()
    assert pos.outcome() is None


def test_a_king_capture_on_the_last_move_still_wins():
    pos = Position.from_fen("k4/5/5/5/5/R3K w 40", V)
    pos.push_text("a1-a6")
    assert pos.outcome().winner == 0


def test_no_repetition_draw():
    pos = Position.from_fen("k4/5/5/5/5/K4 w 1", V, RuleOptions(repetition="auto"))
    start = list(pos.board)
    for _ in range(3):
        for text in ("a1-b1", "a6-b6", "b1-a1", "b6-a6"):
            pos.push_text(text)
    assert pos.board == start  # the same placement a fourth time: play goes on
    assert pos.outcome() is None and pos.outcome(claim_draw=True) is None


def test_move_text_forms():
    pos = Position.setup(variant=V)
    assert pos.parse_move("b1-c3") == pos.parse_move("b1c3") == pos.parse_move(" B1-C3 ")
    assert pos.move_text(pos.parse_move("b1c3")) == "b1-c3"
    for bad in ("", "b1", "b1-", "b1-f3", "b1-c7", "b1--c3", "b1-b1", "Nc3"):
        with pytest.raises(InvalidMoveError):
            pos.parse_move(bad)
    with pytest.raises(IllegalMoveError, match="no piece"):
        pos.parse_move("c3-c4")
    with pytest.raises(IllegalMoveError, match="not yours"):
        pos.parse_move("a5-a4")
    with pytest.raises(IllegalMoveError, match="your own"):
        pos.parse_move("a1-a2")


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("kqbnr/ppppp/5/5/PPPPP/RNBQ1 w 1", "White has 0 Kings"),
        ("kqbnk/ppppp/5/5/PPPPP/RNBQK w 1", "Black has 2 Kings"),
        ("kqbnr/ppppp/5/5/PPPP1/RNBQP w 1", "first or last rank"),
        ("kqbnp/ppppp/5/5/PPPPP/RNBQK w 1", "first or last rank"),
        ("kqbnr/ppppp/5/5/PPPPP/RNBQK w 0", "move number"),
        ("kqbnr/ppppp/5/5/PPPPP/RNBQK w 42", "past the end"),
        ("kqbnr/ppppp/5/5/PPPPP/RNBQX w 1", "unknown piece"),
        ("kqbnr/ppppp/5/5/PPPPP/~NBQK w 1", "unknown piece"),
        ("kqbnr/ppppp/5/5/PPPPP/RNR~K1 w 1", "only a Queen"),
        ("kqbnr/ppppp/5/5/PPPPP w 1", "ranks"),
    ],
)
def test_bad_position_strings_are_refused_with_a_reason(fen, message):
    with pytest.raises(PositionError, match=message):
        Position.from_fen(fen, V)


def test_position_string_without_move_number_starts_at_move_one():
    assert Position.from_fen("kqbnr/ppppp/5/5/PPPPP/RNBQK b", V).fen() == "kqbnr/ppppp/5/5/PPPPP/RNBQK b 1"


def test_push_pop_hash_and_strings_on_random_games():
    rng = random.Random(15)
    for _ in range(30):
        pos = Position.setup(variant=V)
        fens = [pos.fen()]
        while pos.outcome() is None:
            pos.push(rng.choice(list(pos.legal_moves)))
            assert pos.hash == pos.zobrist_from_scratch()
            again = Position.from_fen(pos.fen(), V) if pos.loser < 0 else None
            if again is not None:
                assert again.board == pos.board and again.hash == pos.hash
            fens.append(pos.fen())
        while pos.ply:
            fens.pop()
            pos.pop()
            assert pos.fen() == fens[-1] and pos.hash == pos.zobrist_from_scratch()


# ---------------------------------------------------------------- perft against an independent mover
def _reference_moves(board: dict, white: bool) -> list[tuple]:
    """A deliberately plain move generator written from the spec (no shared tables)."""
    out = []
    for (x, y), p in board.items():
        if p.isupper() != white:
            continue
        kind = p[0].upper()

        def enemy(t):
            return t in board and board[t].isupper() != white

        def free(t):
            return 0 <= t[0] < 5 and 0 <= t[1] < 6 and t not in board

        def on(t):
            return 0 <= t[0] < 5 and 0 <= t[1] < 6

        if kind == "P":
            dy = 1 if white else -1
            if free((x, y + dy)):
                out.append(((x, y), (x, y + dy)))
            for dx in (-1, 1):
                if enemy((x + dx, y + dy)):
                    out.append(((x, y), (x + dx, y + dy)))
            continue
        if kind in "KN":
            deltas = (
                [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b]
                if kind == "K"
                else [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
            )
            for dx, dy in deltas:
                t = (x + dx, y + dy)
                if on(t) and (free(t) or enemy(t)):
                    out.append(((x, y), t))
            continue
        dirs = []
        if kind in "QR":
            dirs += [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if kind in "QB":
            dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        for dx, dy in dirs:
            t = (x + dx, y + dy)
            while on(t):
                if t in board:
                    if enemy(t):
                        out.append(((x, y), t))
                    break
                out.append(((x, y), t))
                t = (t[0] + dx, t[1] + dy)
        if kind == "B":
            for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
                if free((x + dx, y + dy)):
                    out.append(((x, y), (x + dx, y + dy)))
    return out


def _reference_perft(board: dict, white: bool, depth: int) -> int:
    moves = _reference_moves(board, white)
    if depth == 1:
        return len(moves)
    total = 0
    for frm, to in moves:
        nb = dict(board)
        piece = nb.pop(frm)
        taken = nb.get(to)
        if piece.upper() == "P" and to[1] == (5 if white else 0):
            piece = "Q" if white else "q"
        nb[to] = piece
        if taken is not None and taken.upper() == "K":
            total += 1  # a King capture ends the game: a leaf
        else:
            total += _reference_perft(nb, not white, depth - 1)
    return total


def _board_of(pos: Position) -> dict:
    out = {}
    for square, code in enumerate(pos.board):
        if code:
            letter = LOUSYCHESS.piece_token(code)[0]
            out[(square % 5, square // 5)] = letter
    return out


SECOND = "k1n1r/2ppp/p2Q1/Nq2P/PP3/R1B1K w 8"  # the spec's second worked example


@pytest.mark.parametrize(
    ("fen", "counts"),
    [
        ("kqbnr/ppppp/5/5/PPPPP/RNBQK w 1", (7, 49, 473, 4627)),
        (SECOND, None),
        ("k4/1P3/5/5/3p1/K4 w 1", None),
    ],
)
def test_perft_matches_an_independent_generator(fen, counts):
    pos = Position.from_fen(fen, V)
    for depth in (1, 2, 3):
        expected = _reference_perft(_board_of(pos), pos.turn == 0, depth)
        assert perft(pos, depth) == expected
        if counts:
            assert expected == counts[depth - 1]
    if counts:
        assert perft(pos, 4) == counts[3]
