"""Small builders for hand-made positions in tests."""

from game import KHET, Position
from game.pieces import Kind, make_code
from game.variants.khet import GEO, LETTER_KIND, ORIENT_LETTERS


def board_from(pieces: dict[str, str]) -> list[int]:
    """A Khet board from ``{"e4": "Pa", "f5": "rb"}`` (position-string tokens)."""
    board = [0] * GEO.size
    for square, token in pieces.items():
        kind = LETTER_KIND[token[0].upper()]
        color = 0 if token[0].isupper() else 1
        board[GEO.parse_square(square)] = make_code(kind, color, ORIENT_LETTERS.index(token[1]))
    return board


KINGS = {"j1": "Sa", "a8": "sc", "e1": "Fa", "f8": "fc"}  # a minimal legal frame


def khet_position(pieces: dict[str, str], turn: int = 0, frame: bool = True) -> Position:
    """A Khet position with both Sphinxes and Pharaohs (unless overridden) plus ``pieces``."""
    placed = dict(KINGS) if frame else {}
    placed.update(pieces)
    pos = Position(KHET, board_from(placed), turn)
    # Round-trip through the position string so hand-built positions are valid ones.
    return Position.from_fen(pos.fen())


def sq(name: str) -> int:
    return GEO.parse_square(name)


__all__ = ["GEO", "Kind", "board_from", "khet_position", "sq"]
