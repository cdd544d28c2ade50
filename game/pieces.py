"""Piece kinds, colours, orientations and the optics table that says what a beam does to each.

A piece on the board is a small int code ``kind << 3 | color << 2 | orientation`` so that the
board is a flat list of ints and every optics question is a single list look-up:
``OPTICS[code << 2 | travel_direction]`` gives the outgoing direction (0-3), ``ABSORB`` or
``DESTROY``. :class:`Piece` is the readable value the public API hands out.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from game.geometry import DIRECTION_NAMES, EAST, NORTH, SOUTH, WEST

ABSORB = -1  # the beam stops; nothing happens
DESTROY = -2  # the beam stops; the piece is removed

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


def code_kind(code: int) -> int:
    return code >> 3


def code_color(code: int) -> int:
    return (code >> 2) & 1


def code_orientation(code: int) -> int:
    return code & 3


class Piece(NamedTuple):
    """A piece as the public API shows it: what it is, whose it is, which way it faces."""

    kind: Kind
    color: Color
    orientation: int  # quarter turns clockwise from north (see rules/khet.md "Orientation")

    @property
    def code(self) -> int:
        return make_code(self.kind, self.color, self.orientation)

    @classmethod
    def from_code(cls, code: int) -> Piece:
        return cls(Kind(code >> 3), Color((code >> 2) & 1), code & 3)


def _optics(kind: int, orientation: int, travel: int) -> int:
    """What a beam travelling ``travel`` does when it enters a piece (the single source of optics)."""
    face = (travel + 2) & 3  # the face of the piece the beam strikes
    r = orientation
    if kind in (Kind.SPHINX,):
        return ABSORB
    if kind in (Kind.PHARAOH, Kind.KING):
        return DESTROY
    if kind == Kind.SCARAB:
        # a/c = "/" (a north-moving beam turns east); b/d = "\".
        return travel ^ 1 if r % 2 == 0 else 3 - travel
    if kind in (Kind.PYRAMID, Kind.PAWN):
        # Mirror faces r and r+1 (a = NE): a beam striking one leaves through the other.
        if face == r:
            return (r + 1) & 3
        if face == (r + 1) & 3:
            return r
        return DESTROY
    if kind == Kind.ANUBIS:
        return ABSORB if face == r else DESTROY
    raise ValueError(f"unknown piece kind {kind}")


OPTICS: list[int] = [DESTROY] * (64 * 4)
for _kind in Kind:
    for _color in (0, 1):
        for _orient in range(4):
            for _travel in (NORTH, EAST, SOUTH, WEST):
                OPTICS[make_code(_kind, _color, _orient) << 2 | _travel] = _optics(_kind, _orient, _travel)


def beam_effect(code: int, travel: int) -> int:
    """Outgoing direction, ABSORB or DESTROY for a beam travelling ``travel`` into piece ``code``."""
    return OPTICS[code << 2 | travel]


def describe_effect(effect: int) -> str:
    if effect == ABSORB:
        return "absorbed"
    if effect == DESTROY:
        return "destroyed"
    return f"reflected {DIRECTION_NAMES[effect]}"
