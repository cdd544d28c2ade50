"""Moves as small immutable values, with a compact int code used by the hot paths.

Code layout: bits 0-7 from-square, 8-15 to-square, 16-17 rotation (0 none, 1 clockwise,
2 counter-clockwise, 3 half turn), 18+ ``then_square + 1`` (Leiserchess 2018's second step
after a swap, 0 if none). A rotation has ``from == to``; so does the Leiserchess null move.
"""

from __future__ import annotations

from dataclasses import dataclass

NO_ROTATION, CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN = 0, 1, 2, 3
ROTATION_LETTERS = {CLOCKWISE: "R", COUNTER_CLOCKWISE: "L", HALF_TURN: "U"}
ROTATION_TURNS = {NO_ROTATION: 0, CLOCKWISE: 1, COUNTER_CLOCKWISE: 3, HALF_TURN: 2}


def encode(from_square: int, to_square: int, rotation: int = 0, then_square: int | None = None) -> int:
    code = from_square | to_square << 8 | rotation << 16
    if then_square is not None:
        code |= (then_square + 1) << 18
    return code


@dataclass(frozen=True, slots=True)
class Move:
    """One action: a step or swap (``from`` → ``to``), a rotation in place, or both (2018 swaps)."""

    from_square: int
    to_square: int
    rotation: int = NO_ROTATION
    then_square: int | None = None

    @property
    def code(self) -> int:
        return encode(self.from_square, self.to_square, self.rotation, self.then_square)

    @classmethod
    def from_code(cls, code: int) -> Move:
        then = code >> 18
        return cls(code & 255, code >> 8 & 255, code >> 16 & 3, then - 1 if then else None)

    @property
    def is_rotation(self) -> bool:
        return self.from_square == self.to_square and self.rotation != NO_ROTATION

    @property
    def is_null(self) -> bool:
        return self.from_square == self.to_square and self.rotation == NO_ROTATION

    def text(self, square_names: tuple[str, ...]) -> str:
        """Move notation (``e4e5``, ``c4R``, ``d5e4f5``, ``e4d5R``) given the board's square names."""
        frm = square_names[self.from_square]
        if self.is_rotation:
            return frm + ROTATION_LETTERS[self.rotation]
        out = frm + square_names[self.to_square]
        if self.then_square is not None:
            out += square_names[self.then_square]
        if self.rotation:
            out += ROTATION_LETTERS[self.rotation]
        return out
