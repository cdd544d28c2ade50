"""Actions as small immutable values, with a compact int code used by the hot paths.

A :class:`Move` is one action of a turn: a step, swap or capture (``from`` → ``to``), a rotation
(relative: ``rotation``; or to an orientation: ``orientation``), a fire of the emitter on
``from_square``, a promotion (``promotion`` = the new kind), a null move, and the result of a
chance event (``chance`` = the square chance chose). Which of these a variant uses is its rules'
business; what an action did on a board is in its :class:`~game.effects.Effects`.

Code layout: bits 0-7 from-square, 8-15 to-square, 16-17 rotation (0 none, 1 clockwise,
2 counter-clockwise, 3 half turn), 18-26 ``then_square + 1`` (Leiserchess 2018's second step
after a swap, 0 if none), 27-29 ``orientation + 1``, 30 fire, 31-36 ``promotion + 1``,
37-45 ``chance + 1``. Khet and Leiserchess codes use bits 0-26 only. A rotation has
``from == to``; so does the Leiserchess null move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

NO_ROTATION, CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN = 0, 1, 2, 3
ROTATION_LETTERS = {CLOCKWISE: "R", COUNTER_CLOCKWISE: "L", HALF_TURN: "U"}
ROTATION_TURNS = {NO_ROTATION: 0, CLOCKWISE: 1, COUNTER_CLOCKWISE: 3, HALF_TURN: 2}
ORIENTATION_LETTERS = "NESW"  # rotate-to notation: c4>E


class ActionKind(Enum):
    """What kind of action a Move is (a swap, a capture or a step is told apart by the board)."""

    MOVE = "move"
    ROTATE = "rotate"
    FIRE = "fire"
    NULL = "null"


def code_from_square(code: int) -> int:
    """The from-square of a move code (without building the :class:`Move`)."""
    return code & 255


def code_to_square(code: int) -> int:
    """The to-square of a move code (without building the :class:`Move`)."""
    return code >> 8 & 255


def encode(
    from_square: int,
    to_square: int,
    rotation: int = 0,
    then_square: int | None = None,
    orientation: int | None = None,
    fire: bool = False,
    promotion: int | None = None,
    chance: int | None = None,
) -> int:
    code = from_square | to_square << 8 | rotation << 16
    if then_square is not None:
        code |= (then_square + 1) << 18
    if orientation is not None:
        code |= (orientation + 1) << 27
    if fire:
        code |= 1 << 30
    if promotion is not None:
        code |= (promotion + 1) << 31
    if chance is not None:
        code |= (chance + 1) << 37
    return code


@dataclass(frozen=True, slots=True)
class Move:
    """One action: a step or swap (``from`` → ``to``), a rotation in place, or both (2018 swaps)."""

    from_square: int
    to_square: int
    rotation: int = NO_ROTATION
    then_square: int | None = None
    orientation: int | None = None  # rotate to this orientation (0-3)
    fire: bool = False  # fire the emitter on from_square
    promotion: int | None = None  # kind number the moved piece becomes
    chance: int | None = None  # the square a chance event chose

    @property
    def code(self) -> int:
        return encode(
            self.from_square,
            self.to_square,
            self.rotation,
            self.then_square,
            self.orientation,
            self.fire,
            self.promotion,
            self.chance,
        )

    @classmethod
    def from_code(cls, code: int) -> Move:
        then = code >> 18 & 511
        if code < 1 << 27:
            return cls(code & 255, code >> 8 & 255, code >> 16 & 3, then - 1 if then else None)
        orient = code >> 27 & 7
        promo = code >> 31 & 63
        chance = code >> 37 & 511
        return cls(
            code & 255,
            code >> 8 & 255,
            code >> 16 & 3,
            then - 1 if then else None,
            orient - 1 if orient else None,
            bool(code >> 30 & 1),
            promo - 1 if promo else None,
            chance - 1 if chance else None,
        )

    @classmethod
    def fire_from(cls, square: int) -> Move:
        return cls(square, square, fire=True)

    @classmethod
    def null(cls, square: int) -> Move:
        """The null move of the piece on ``square`` (Leiserchess 2017's King; an End turn)."""
        return cls(square, square)

    @property
    def squares(self) -> tuple[int, ...]:
        """The squares the action names, in order (from, to[, then]; one square for an action in place)."""
        if self.from_square == self.to_square:
            return (self.from_square,)
        if self.then_square is None:
            return (self.from_square, self.to_square)
        return (self.from_square, self.to_square, self.then_square)

    @classmethod
    def rotate_to(cls, square: int, orientation: int) -> Move:
        return cls(square, square, orientation=orientation)

    @property
    def kind(self) -> ActionKind:
        if self.fire:
            return ActionKind.FIRE
        if self.is_rotation:
            return ActionKind.ROTATE
        if self.is_null:
            return ActionKind.NULL
        return ActionKind.MOVE

    @property
    def is_rotation(self) -> bool:
        return self.from_square == self.to_square and (
            self.rotation != NO_ROTATION or self.orientation is not None
        )

    @property
    def is_null(self) -> bool:
        return (
            self.from_square == self.to_square
            and self.rotation == NO_ROTATION
            and self.orientation is None
            and not self.fire
        )

    def text(self, square_names: tuple[str, ...], kind_letters: Mapping[int, str] | None = None) -> str:
        """Move notation (``e4e5``, ``c4R``, ``d5e4f5``, ``e4d5R``; ``c4>E``, ``d1*``, ``a7a8=Q``,
        ``e4e5@c7``) given the board's square names and the piece set's letters."""
        frm = square_names[self.from_square]
        if self.fire:
            return frm + "*"
        if self.is_rotation:
            if self.orientation is not None:
                return frm + ">" + ORIENTATION_LETTERS[self.orientation]
            return frm + ROTATION_LETTERS[self.rotation]
        out = frm + square_names[self.to_square]
        if self.then_square is not None:
            out += square_names[self.then_square]
        if self.rotation:
            out += ROTATION_LETTERS[self.rotation]
        if self.promotion is not None:
            letter = (kind_letters or {}).get(self.promotion, str(self.promotion))
            out += "=" + letter
        if self.chance is not None:
            out += "@" + square_names[self.chance]
        return out
