"""Zobrist keys: one random 64-bit number per (piece code, square), and one for the side to move.

Index: ``piece_code << 7 | square`` (boards up to 128 squares). Code 0 (empty) hashes to 0 so
updates can XOR unconditionally. Scarab orientations c/d share the keys of a/b because the
two diagonals are the same shape (rules/khet.md: a≡c, b≡d).
"""

from __future__ import annotations

import random

from game.pieces import Kind, make_code

SQUARES = 128
_rng = random.Random(0x1A5E5C4E55)
ZOBRIST: list[int] = [0] * (64 * SQUARES)
for _code in range(8, 64):
    for _sq in range(SQUARES):
        ZOBRIST[_code << 7 | _sq] = _rng.getrandbits(64)
for _color in (0, 1):
    for _orient in (2, 3):
        _same = make_code(Kind.SCARAB, _color, _orient - 2)
        _code = make_code(Kind.SCARAB, _color, _orient)
        for _sq in range(SQUARES):
            ZOBRIST[_code << 7 | _sq] = ZOBRIST[_same << 7 | _sq]
SIDE_KEY: int = _rng.getrandbits(64)


def hash_board(board: list[int], turn: int) -> int:
    """The hash of a whole position computed from scratch (the incremental one must equal it)."""
    h = SIDE_KEY if turn else 0
    for sq, code in enumerate(board):
        if code:
            h ^= ZOBRIST[code << 7 | sq]
    return h
