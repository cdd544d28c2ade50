"""Zobrist keys: one random 64-bit number per (piece code, square), and one for the side to move.

Index: ``piece_code << 7 | square`` (boards up to 128 squares). Each piece set builds its own
table sized from its kinds (:attr:`game.pieceset.PieceSet.zobrist`); orientations of the same
shape share keys (a Khet Scarab's c/d are a/b: rules/khet.md). ``ZOBRIST`` is the table of the
built-in kinds. Code 0 (empty) hashes to 0 so updates can XOR unconditionally.
"""

from __future__ import annotations

from game.pieces import STANDARD_PIECES
from game.pieceset import PART_KEYS, SIDE_KEY

SQUARES = 128
ZOBRIST: list[int] = STANDARD_PIECES.zobrist


def hash_board(board: list[int], turn: int, keys: list[int] = ZOBRIST, part: int = 0) -> int:
    """The hash of a whole position computed from scratch (the incremental one must equal it).

    ``part`` is how many actions of the current turn are already made (turns of several actions).
    """
    h = SIDE_KEY if turn else 0
    if part:
        h ^= PART_KEYS[part]
    for sq, code in enumerate(board):
        if code:
            h ^= keys[code << 7 | sq]
    return h


__all__ = ["PART_KEYS", "SIDE_KEY", "SQUARES", "ZOBRIST", "hash_board"]
