"""Leiserchess position strings and move notation: round trips and specific error messages."""

import random

import pytest

from game import InvalidMoveError, Position, PositionError, RuleOptions
from game.move import CLOCKWISE, HALF_TURN, Move
from game.pieces import Color, Kind, Piece
from game.variants import VARIANTS, Leiserchess2017Options, get_variant
from game.variants.leiserchess import GEO, LEISERCHESS_2017, LEISERCHESS_2018, OPENING_2017, OPENING_2018

L17, L18 = LEISERCHESS_2017, LEISERCHESS_2018
BOTH = ["leiserchess2017", "leiserchess2018"]


# ---------------------------------------------------------------- the variants' data
def test_registered_with_names_titles_and_sides():
    assert VARIANTS["leiserchess2017"] is L17 and get_variant("leiserchess2018") is L18
    assert (L17.title, L18.title) == ("Leiserchess 2017", "Leiserchess 2018")
    for v in (L17, L18):
        assert v.side_names == ("Tangerine", "Lavender")
        assert v.side_letters == ("W", "B")
        assert v.royal_kind == v.laser_kind == Kind.KING and v.royal_name == "King"
        assert v.kinds == (Kind.KING, Kind.PAWN)
        assert set(v.reserved) == {-1}
        assert v.king_kill_is_leaf and v.quiet_ply_limit == 100
        assert (v.geometry.width, v.geometry.height, v.geometry.first_rank) == (8, 8, 0)
    assert L17.refire and not L18.refire


def test_openings_are_the_spec_strings():
    assert L17.setup_fen("Opening") == OPENING_2017
    assert OPENING_2017 == "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W"
    assert L18.setup_fen() == OPENING_2018
    assert OPENING_2018 == "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W"


@pytest.mark.parametrize("variant", BOTH)
def test_openings_are_half_turn_symmetric(variant):
    pos = Position.setup(variant=variant)
    assert pos.turn == Color.FIRST
    for square, piece in pos.pieces():
        image = pos.piece_at(GEO.rotate180(square))
        assert image == Piece(piece.kind, piece.color.other, (piece.orientation + 2) % 4)
    assert len(list(pos.pieces(0))) == len(list(pos.pieces(1))) == 8


def test_pieces_read_as_the_spec_describes():
    pos = Position.setup(variant="leiserchess2017")
    assert pos.piece_at(GEO.parse_square("h0")) == Piece(Kind.KING, Color.FIRST, 0)  # NN faces north
    assert pos.piece_at(GEO.parse_square("a7")) == Piece(Kind.KING, Color.SECOND, 2)  # ss faces south
    assert pos.piece_at(GEO.parse_square("d0")) == Piece(Kind.PAWN, Color.FIRST, 1)  # SE
    assert pos.piece_at(GEO.parse_square("a3")) == Piece(Kind.PAWN, Color.SECOND, 3)  # nw


# ---------------------------------------------------------------- position strings
@pytest.mark.parametrize("variant", BOTH)
def test_every_token_round_trips(variant):
    v = get_variant(variant)
    fen = "NNNESESWNW3/8/8/8/8/8/8/ssneseswnw3 B"
    pos = Position.from_fen(fen, v)
    assert pos.fen() == fen and pos.turn == 1
    for tokens in (("NN", "EE", "SS", "WW"), ("nn", "ee", "ss", "ww")):
        for t in tokens:
            code, end = v.read_piece(t, 0, "rank 0")
            assert end == 2 and v.piece_token(code) == t


@pytest.mark.parametrize("variant", BOTH)
def test_round_trip_along_random_games(variant):
    rng = random.Random(7)
    pos = Position.setup(variant=variant)
    for _ in range(60):
        fen = pos.fen()
        again = Position.from_fen(fen, variant)
        assert again.fen() == fen and again == pos and again.hash == pos.hash
        moves = pos.generate_codes()
        if not moves:
            break
        pos.push_code(rng.choice(moves))


MALFORMED = [
    ("ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN", "the side to move is missing"),
    ("ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN w", "'W' (Tangerine) or 'B' (Lavender)"),
    ("ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/3SE3NN W", "has 7 ranks"),
    (
        "ss3nw4/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W",
        "rank 7 ('ss3nw4') describes more than 8",
    ),
    (
        "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE2NN W",
        "rank 0 ('3SE2NN') describes 7 squares",
    ),
    ("ss3xx3/8/8/8/8/8/8/7NN W", "rank 7 ('ss3xx3'): unknown piece letter 'x'"),
    ("Ss7/8/8/8/8/8/8/7NN W", "'Ss' mixes upper and lower case"),
    ("ss3ns3/8/8/8/8/8/8/7NN W", "'ns' is not a Leiserchess piece"),
    ("ss7/8/8/8/8/8/8/6NNN W", "'N' must be followed by a second letter (found the end of the rank)"),
    ("ss7/8/8/8/8/8/8/N1NN5 W", "'N' must be followed by a second letter (found '1')"),
    ("ss7/8/8/8/8/8/8/7N- W", "(found '-')"),
    ("ss7/8/8/8/8/8/8/8 W", "Tangerine has no King"),
    ("ss6nn/8/8/8/8/8/8/7NN W", "Lavender has 2 Kings; exactly one is allowed"),
    ("ss7/8/8/8/8/8/8/07NN W", "rank 0: '07' is not a valid count"),
    ("ss7//8/8/8/8/8/7NN W", "rank 6 is empty"),
    ("sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa b", "not 'b'"),
    ("sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa W", "'sc' is not"),
    ("", "empty"),
    ("ss7/8/8/8/8/8/8/7NN W extra", "unexpected text after the side to move"),
]


@pytest.mark.parametrize("variant", BOTH)
@pytest.mark.parametrize(("fen", "message"), MALFORMED)
def test_malformed_strings_name_the_fault(variant, fen, message):
    with pytest.raises(PositionError) as err:
        Position.from_fen(fen, variant)
    assert message in str(err.value)


def test_problems_warn_about_nonstandard_piece_counts():
    board, _ = L17.parse_fen("ss7/8/8/8/8/8/2SE5/7NN W")
    problems = L17.problems(board)
    assert {p.severity for p in problems} == {"warning"}
    messages = [p.message for p in problems]
    assert "Tangerine has 1 Pawn (the standard set has 7)" in messages
    assert "Lavender has 0 Pawns (the standard set has 7)" in messages
    assert L18.problems(L18.parse_fen(OPENING_2018)[0]) == []


def test_problems_report_missing_and_extra_kings_as_errors():
    board = [0] * 64
    board[0] = Piece(Kind.KING, Color.FIRST, 0).code
    board[1] = Piece(Kind.KING, Color.FIRST, 1).code
    board[2] = Piece(Kind.SPHINX, Color.SECOND, 0).code
    errors = [p.message for p in L17.problems(board) if p.severity == "error"]
    assert "Tangerine has 2 Kings; exactly one is allowed" in errors
    assert "Lavender has no King" in errors
    assert "the Sphinx on c0 is not a Leiserchess piece" in errors


# ---------------------------------------------------------------- move text
@pytest.mark.parametrize("variant", BOTH)
def test_every_legal_move_round_trips_along_random_games(variant):
    rng = random.Random(11)
    seen = set()
    pos = Position.setup(variant=variant)
    for _ in range(40):
        for move in pos.legal_moves:
            text = pos.move_text(move)
            seen.add(len(text))
            assert pos.parse_move(text) == move
            assert Move.from_code(move.code) == move
        moves = pos.generate_codes()
        if not moves:
            break
        pos.push_code(rng.choice(moves))
    assert seen == ({3, 4} if variant == "leiserchess2017" else {3, 4, 5, 6})


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("d5e4f5", Move(GEO.parse_square("d5"), GEO.parse_square("e4"), 0, GEO.parse_square("f5"))),
        ("e4d5R", Move(GEO.parse_square("e4"), GEO.parse_square("d5"), CLOCKWISE)),
        ("g2U", Move(GEO.parse_square("g2"), GEO.parse_square("g2"), HALF_TURN)),
        ("h0h0", Move(GEO.parse_square("h0"), GEO.parse_square("h0"))),
        ("a7b6", Move(GEO.parse_square("a7"), GEO.parse_square("b6"))),
    ],
)
def test_notation_forms(text, move):
    assert L18.parse_move_text(text, GEO) == move
    assert move.text(GEO.names) == text


def test_handout_swap_moves_parse_in_their_positions():
    pos = Position.setup(variant="leiserchess2018")
    for text in ["g4g5", "e6e7", "g5g4", "e7e6", "g4L", "b3L", "g4h5", "b4R", "f3e4"]:
        pos.push_text(text)
    move = pos.parse_move("d5e4f5")
    assert pos.move_text(move) == "d5e4f5" and move.then_square == GEO.parse_square("f5")
    pos.push(move)
    pos = Position.from_fen("8/8/3ss4/4NE3/8/8/8/7NN W", "leiserchess2018")
    assert pos.move_text(pos.parse_move("e4d5R")) == "e4d5R"
    pos = Position.setup(variant="leiserchess2017")
    assert pos.move_text(pos.parse_move("g3U")) == "g3U"


@pytest.mark.parametrize(
    ("variant", "text", "message"),
    [
        ("leiserchess2017", "d5e4f5", "names 3 squares"),
        ("leiserchess2017", "e4d5R", "cannot both step and rotate"),
        ("leiserchess2018", "d5e4f5R", "a three-square move has no rotation"),
        ("leiserchess2018", "d5e4f5g6", "names 4 squares"),
        ("leiserchess2017", "i0i1", "i0 is not a square on this board"),
        ("leiserchess2017", "a8a7", "a8 is not a square on this board"),
        ("leiserchess2018", "g2", "add a destination square or a rotation"),
        ("leiserchess2018", "g2X", "is not a move"),
    ],
)
def test_malformed_move_texts(variant, text, message):
    with pytest.raises(InvalidMoveError) as err:
        Position.setup(variant=variant).parse_move(text)
    assert message in str(err.value)


def test_rule_options_carry_zombies():
    opts = Leiserchess2017Options(zombies=False)
    assert Leiserchess2017Options.from_json(opts.to_json()) == opts and opts.rules == (("zombies", False),)
    assert Position.setup(variant="leiserchess2017").options.get("zombies") is True
    with pytest.raises(TypeError):
        RuleOptions().with_rule("zombies", False)  # plain options declare no zombies
