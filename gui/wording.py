"""Small wording rules shared by every screen: plurals, and moves counted as chess players count
them (a move is one turn of each side; a game that starts with the second side still counts its
first turn as move 1: game.line.full_moves, the one counting)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.line import full_moves


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 move``, ``2 moves``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def move_count(plies: int, first_turn: int = 0, sides: Sequence[int] | None = None) -> str:
    """``1 move``, ``12 moves``: full moves, like the numbers in the move list."""
    return plural(full_moves(plies, first_turn, sides), "move")


@lru_cache(maxsize=1024)
def first_turn(start_fen: str, variant: str) -> int:
    """Which side moves first from a start position (0 when the string cannot be read)."""
    from game import Position
    from game.errors import LaserChessError

    try:
        return Position.from_fen(start_fen, variant).turn
    except (LaserChessError, KeyError, ValueError):
        return 0


@lru_cache(maxsize=256)
def move_sides(variant: str, start_fen: str, moves: tuple[str, ...]) -> tuple[int, ...] | None:
    """Who made each move of a game whose turns may be several actions (the moves replayed once,
    then remembered), for counting its moves in turns; None for a rule set of one action a turn
    or a record whose moves cannot be played."""
    from game import Position
    from game.errors import LaserChessError
    from game.variants import get_variant

    try:
        if get_variant(variant).turn_actions <= 1:
            return None
        pos = Position.from_fen(start_fen, variant)
        sides = []
        for text in moves:
            sides.append(pos.turn)
            pos.push(pos.parse_move(text))
    except (LaserChessError, KeyError, ValueError):
        return None
    return tuple(sides)
