"""Position strings in and out: round trips, the setups against the spec, and specific errors."""

import pytest

from game import KHET, Position, PositionError
from game.pieces import Kind
from tests.helpers import GEO
from tests.khet_placements import PLACEMENTS, build

SETUPS = ["Classic", "Imhotep", "Dynasty", "Mercury", "Sophie"]


@pytest.mark.parametrize("setup", SETUPS)
def test_setup_round_trip(setup):
    fen = KHET.setup_fen(setup)
    assert Position.from_fen(fen).fen() == fen


@pytest.mark.parametrize("setup", list(PLACEMENTS))
def test_setup_strings_match_the_spec_placements(setup):
    assert KHET.setup_fen(setup) == build(setup)


@pytest.mark.parametrize("setup", SETUPS)
def test_setups_are_half_turn_symmetric(setup):
    pos = Position.setup(setup)
    for square, piece in pos.pieces():
        image = pos.piece_at(GEO.rotate180(square))
        assert image is not None and image.kind == piece.kind and image.color != piece.color
        if piece.kind == Kind.SCARAB:
            assert image.orientation % 2 == piece.orientation % 2
        elif piece.kind != Kind.PHARAOH:
            assert image.orientation == (piece.orientation + 2) % 4


def test_classic_counts_and_side():
    pos = Position.setup("Classic")
    assert pos.turn == 0 and len(list(pos.pieces(0))) == 13 and len(list(pos.pieces(1))) == 13


def test_red_to_move_and_scarab_orientation_kept_as_read():
    fen = "sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rdrc1pb1Pd/pb1Pd1RcRd1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa r"
    pos = Position.from_fen(fen)
    assert pos.turn == 1 and pos.fen() == fen
    # c/d Scarabs hash like a/b ones (same shape).
    assert (
        pos.hash
        == Position.from_fen(
            fen.replace("Rc", "Ra").replace("Rd", "Rb").replace("rd", "rb").replace("rc", "ra")
        ).hash
    )


CLASSIC = "sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa b"

BAD = [
    ("", "empty"),
    ("   ", "empty"),
    (CLASSIC.split()[0], "side to move is missing"),
    (CLASSIC[:-1] + "x", "side to move must be 'b'"),
    (CLASSIC + " extra", "unexpected text after the side to move"),
    ("sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/2PdNaFaNa3Sa b", "7 ranks"),
    ("sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa/10 b", "9 ranks"),
    (CLASSIC.replace("2pc7", "2pc6"), "rank 7 ('2pc6') describes 9 squares, expected 10"),
    (CLASSIC.replace("2pc7", "2pc8"), "rank 7 ('2pc8') describes more than 10 squares"),
    (CLASSIC.replace("2pc7", "2xc7"), "rank 7: unknown piece letter 'x'"),
    (CLASSIC.replace("2pc7", "2p7"), "rank 7: the piece 'p' must be followed by an orientation letter"),
    (CLASSIC.replace("2pc7", "2pe7"), "found 'e'"),
    (CLASSIC.replace("2pc7", "2pc07"), "'07' is not a valid count"),
    (CLASSIC.replace("2pc7", "2pc7/"), "9 ranks"),
    (CLASSIC.replace("6pb3", ""), "rank 3 is empty"),
    (CLASSIC.replace("7Pa2", "7Fa2"), "Silver has 2 Pharaohs"),
    (CLASSIC.replace("fc", "nc"), "Red has no Pharaoh"),
    (CLASSIC.replace("3Sa b", "3Pa b").replace("7Pa2", "7Sa2"), "Silver Sphinx must stand on j1, not h2"),
    (CLASSIC.replace("3Sa b", "3Sb b"), "Silver Sphinx on j1 faces off the board"),
    (CLASSIC.replace("sc3", "sa3"), "Red Sphinx on a8 faces off the board"),
    (CLASSIC.replace("pb1Pd1RaRb", "Pb1Pd1RaRb"), "Silver Pyramid on a4 stands on a square reserved for Red"),
    (CLASSIC.replace("NaFaNa3Sa", "NaFaNa2PaSa"), "Silver Pyramid on i1 stands on a square reserved for Red"),
    (CLASSIC.replace("7Pa2", "9pa"), "Red Pyramid on j2 stands on a square reserved for Silver"),
    (CLASSIC.replace("3Sa b", "3Pa b"), "Silver has no Sphinx"),
]


@pytest.mark.parametrize(("fen", "message"), BAD)
def test_malformed_position_strings_give_specific_errors(fen, message):
    with pytest.raises(PositionError) as err:
        Position.from_fen(fen)
    assert message in str(err.value)


def test_problems_warn_about_non_standard_piece_counts():
    board, _ = KHET.parse_fen(CLASSIC.replace("7Pa2", "10"))
    warnings = [p.message for p in KHET.problems(board) if p.severity == "warning"]
    assert warnings == ["Silver has 6 Pyramids (the standard set has 7)"]


def test_lenient_reading_for_finished_games():
    no_red_pharaoh = CLASSIC.replace("fc", "1")
    with pytest.raises(PositionError, match="Red has no Pharaoh"):
        KHET.parse_fen(no_red_pharaoh)
    board, turn = KHET.parse_fen(no_red_pharaoh, check=False)
    assert turn == 0 and sum(1 for c in board if c) == 25
    with pytest.raises(PositionError, match="describes 9 squares"):
        KHET.parse_fen(CLASSIC.replace("2pc7", "2pc6"), check=False)  # the structure is still checked


def test_problem_messages_use_proper_plurals():
    board, _ = KHET.parse_fen(CLASSIC.replace("NaFaNa3Sa", "1Fa4Sa"), check=False)
    warnings = [p.message for p in KHET.problems(board)]
    assert "Silver has 0 Anubis (the standard set has 2)" in warnings
    board, _ = KHET.parse_fen(CLASSIC.replace("7Pa2", "7Sa2"), check=False)
    assert "Silver has 2 Sphinxes; exactly one is allowed" in [p.message for p in KHET.problems(board)]
