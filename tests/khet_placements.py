"""The Silver placements of rules/khet.md, and a builder that mirrors them into full setups.

Tests compare the position strings in game/variants/khet.py with what this builds, so the
strings are checked against the spec's own wording.
"""

from game.pieces import Kind, make_code
from game.variants.khet import GEO, KHET

FACING = {"N": 0, "E": 1, "S": 2, "W": 3}
PYRAMID = {"NE": 0, "SE": 1, "SW": 2, "NW": 3}
SCARAB = {"/": 0, "\\": 1}

# kind, square, orientation word, as written in the spec (Silver side only)
PLACEMENTS = {
    "Imhotep": "S j1 N; F e1; N d1 N; N f1 N; R c1 /; R e4 /; P b4 NW; P b5 SW; P d3 SW; P d6 NW; "
    "P e5 SE; P j4 SW; P j5 NW",
    "Dynasty": "S j1 N; F e2; N e1 N; N e3 N; R d3 /; R h4 \\; P d1 NW; P e5 NW; P f1 NE; P f3 NE; "
    "P g5 SE; P j3 SW; P j4 NW",
    "Mercury": "S j1 W; F e1; N e2 N; N e3 N; R g3 /; R j8 /; P d1 NW; P d2 NW; P e5 NW; P f1 NE; "
    "P i5 SW; P j3 NW; P j4 SW",
    "Sophie": "S j1 N; F f1; N e2 W; N g2 N; R c4 \\; R h6 /; P d1 NW; P e3 NW; P f3 NE; P f8 NW; "
    "P j3 SW; P j6 NW; P j7 SW",
}
KINDS = {"S": Kind.SPHINX, "F": Kind.PHARAOH, "N": Kind.ANUBIS, "R": Kind.SCARAB, "P": Kind.PYRAMID}


def build(name: str) -> str:
    board = [0] * GEO.size
    for item in PLACEMENTS[name].split(";"):
        words = item.split()
        kind = KINDS[words[0]]
        sq = GEO.parse_square(words[1])
        if kind == Kind.PHARAOH:
            orient = 0
        elif kind == Kind.SCARAB:
            orient = SCARAB[words[2]]
        elif kind == Kind.PYRAMID:
            orient = PYRAMID[words[2]]
        else:
            orient = FACING[words[2]]
        board[sq] = make_code(kind, 0, orient)
        red_orient = orient if kind == Kind.SCARAB else (orient + 2) % 4
        board[GEO.rotate180(sq)] = make_code(kind, 1, red_orient)
    return KHET.board_fen(board, 0)


if __name__ == "__main__":
    for setup in PLACEMENTS:
        print(f'    "{setup}": "{build(setup)}",')
