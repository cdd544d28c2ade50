"""Colours, piece codes, and the piece sets of Khet and Leiserchess (see :mod:`game.pieceset`).

A piece on the board is a small int code ``kind << 3 | color << 2 | orientation`` so that the
board is a flat list of ints and every optics question is a single list look-up in the variant's
set: ``pieces.fast_optics[code << 2 | travel_direction]`` gives the outgoing direction (0-3),
``ABSORB`` or ``DESTROY``. :class:`Piece` is the readable value the public API hands out.
``OPTICS`` is the table of the built-in kinds together (Khet's and Leiserchess's numbers differ).
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from game.geometry import DIRECTION_NAMES, EAST, NORTH, SOUTH, WEST
from game.pieceset import ABSORB, DESTROY, KILL, STOP, Optic, OpticsFn, PieceKind, PieceSet, reflect, turning

EMPTY = 0


class Color(IntEnum):
    """The side: FIRST moves first (Silver in Khet, Tangerine in Leiserchess)."""

    FIRST = 0
    SECOND = 1

    @property
    def other(self) -> Color:
        return Color(1 - self)


class Kind(IntEnum):
    SPHINX = 1
    PHARAOH = 2
    SCARAB = 3
    PYRAMID = 4
    ANUBIS = 5
    KING = 6
    PAWN = 7


KIND_LETTERS = {
    Kind.SPHINX: "S",
    Kind.PHARAOH: "F",
    Kind.SCARAB: "R",
    Kind.PYRAMID: "P",
    Kind.ANUBIS: "N",
    Kind.KING: "K",
    Kind.PAWN: "P",
}


def make_code(kind: int, color: int, orientation: int) -> int:
    return (kind << 3) | (color << 2) | (orientation & 3)


# The code's parts, for code that holds boards of ints (screens, editors): nothing outside the
# rules core needs to know the layout.
def code_kind(code: int) -> int:
    """The kind number of a piece code (0 for an empty square)."""
    return code >> 3


def code_color(code: int) -> int:
    """The colour (0 first player, 1 second) of a piece code."""
    return (code >> 2) & 1


def code_orientation(code: int) -> int:
    """Quarter turns clockwise from north of a piece code."""
    return code & 3


def code_kind_color(code: int) -> tuple[int, int]:
    """(kind, colour) of a piece code: which piece it is, whatever way it faces."""
    return code >> 3, (code >> 2) & 1


def with_orientation(code: int, orientation: int) -> int:
    """The same piece facing ``orientation`` (taken modulo 4)."""
    return (code & ~3) | (orientation & 3)


def turned(code: int, quarter_turns: int, shapes: int = 4) -> int:
    """The same piece turned ``quarter_turns`` clockwise (negative: anticlockwise); with ``shapes``
    of 1 or 2 the orientation is written in its shortest form (0, or 0-1)."""
    return (code & ~3) | ((code + quarter_turns) & 3) % shapes


_KIND_NUMBERS = frozenset(int(k) for k in Kind)


class Piece(NamedTuple):
    """A piece as the public API shows it: what it is, whose it is, which way it faces."""

    kind: Kind  # a plain int for kinds of other piece sets (see game.pieceset)
    color: Color
    orientation: int  # quarter turns clockwise from north (see rules/khet.md "Orientation")

    @property
    def code(self) -> int:
        return make_code(self.kind, self.color, self.orientation)

    @classmethod
    def from_code(cls, code: int) -> Piece:
        k = code >> 3
        return cls(Kind(k) if k in _KIND_NUMBERS else k, Color((code >> 2) & 1), code & 3)  # type: ignore[arg-type]

    def facing(self, orientation: int) -> Piece:
        """The same piece facing ``orientation`` (modulo 4)."""
        return self._replace(orientation=orientation & 3)

    def turned(self, quarter_turns: int) -> Piece:
        """The same piece turned ``quarter_turns`` clockwise (negative: anticlockwise)."""
        return self._replace(orientation=(self.orientation + quarter_turns) & 3)

    def is_same_piece(self, other: Piece) -> bool:
        """Same kind and colour, whichever way each faces."""
        return self.kind == other.kind and self.color == other.color


# Optics at orientation 0 per direction of travel (N, E, S, W); they turn with the piece.
# A Pyramid's (and a Leiserchess Pawn's) mirror faces north and east; a Scarab at 0 is "/".
_PYRAMID = turning({NORTH: KILL, EAST: KILL, SOUTH: reflect(EAST, 0), WEST: reflect(NORTH, 0)})
_SCARAB = turning(
    {NORTH: reflect(EAST, 0), WEST: reflect(SOUTH, 0), EAST: reflect(NORTH, 1), SOUTH: reflect(WEST, 1)}
)
_ANUBIS = turning({NORTH: KILL, EAST: KILL, SOUTH: STOP, WEST: KILL})


def _always(answer: Optic) -> OpticsFn:
    return lambda orientation, travel, charge: answer


SPHINX_KIND = PieceKind(
    Kind.SPHINX,
    "S",
    "Sphinx",
    _always(STOP),
    emitter=True,
    indestructible=True,
    value=0,
    plural="Sphinxes",
    drawing="sphinx",
)
PHARAOH_KIND = PieceKind(
    Kind.PHARAOH,
    "F",
    "Pharaoh",
    _always(KILL),
    royal=True,
    can_rotate=False,
    value=0,
    facing=False,
    drawing="pharaoh",
)
SCARAB_KIND = PieceKind(
    Kind.SCARAB, "R", "Scarab", _SCARAB, shapes=2, indestructible=True, value=250, drawing="scarab"
)
PYRAMID_KIND = PieceKind(Kind.PYRAMID, "P", "Pyramid", _PYRAMID, value=100, drawing="pyramid")
ANUBIS_KIND = PieceKind(Kind.ANUBIS, "N", "Anubis", _ANUBIS, value=110, plural="Anubis", drawing="anubis")
KING_KIND = PieceKind(
    Kind.KING, "K", "King", _always(KILL), royal=True, emitter=True, value=0, drawing="king"
)
PAWN_KIND = PieceKind(Kind.PAWN, "P", "Pawn", _PYRAMID, value=100, drawing="pawn")

KHET_PIECES = PieceSet((SPHINX_KIND, PHARAOH_KIND, SCARAB_KIND, PYRAMID_KIND, ANUBIS_KIND))
LEISERCHESS_PIECES = PieceSet((KING_KIND, PAWN_KIND))
# Every kind of the built-in sets (their numbers do not clash): the shared tables below are its.
STANDARD_PIECES = KHET_PIECES.merged(LEISERCHESS_PIECES)


def built_in(pieces: PieceSet) -> bool:
    """Are all the kinds of ``pieces`` built-in Khet/Leiserchess ones? (The tables shared by
    every set of them, ``OPTICS`` and the search's beam tracer, hold no other kind.)"""
    return all(STANDARD_PIECES.by_number.get(k.number) is k for k in pieces.kinds)


OPTICS: list[int] = STANDARD_PIECES.fast_optics


def beam_effect(code: int, travel: int) -> int:
    """Outgoing direction, ABSORB or DESTROY for a beam travelling ``travel`` into piece ``code``."""
    return OPTICS[code << 2 | travel]


def describe_effect(effect: int) -> str:
    if effect == ABSORB:
        return "absorbed"
    if effect == DESTROY:
        return "destroyed"
    return f"reflected {DIRECTION_NAMES[effect]}"
