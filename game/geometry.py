"""Squares, directions and precomputed neighbour/ray tables for a rectangular board.

Squares are plain ints: ``sq = rank_index * width + file_index`` with rank index 0 at the
bottom (the first player's side). The tables are built once per board shape and shared, so
move generation and beam tracing are list look-ups instead of arithmetic and bounds checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

# Directions a beam travels / a piece faces: quarter turns clockwise from north.
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTION_NAMES = ("N", "E", "S", "W")
DX = (0, 1, 0, -1)
DY = (1, 0, -1, 0)

# The eight step directions (orthogonal and diagonal), as (dx, dy).
STEPS8 = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Geometry:
    """A board shape: its size, how ranks are numbered, and the look-up tables derived from it."""

    width: int
    height: int
    first_rank: int = 1  # the number written for the bottom rank (1 for Khet, 0 for Leiserchess)
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    rays: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    step: tuple[int, ...] = field(init=False, repr=False, compare=False)
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        neighbours: list[tuple[int, ...]] = []
        rays: list[tuple[int, ...]] = []
        step: list[int] = []
        names: list[str] = []
        for sq in range(w * h):
            x, y = sq % w, sq // w
            names.append(f"{FILE_LETTERS[x]}{y + self.first_rank}")
            neighbours.append(
                tuple((y + dy) * w + x + dx for dx, dy in STEPS8 if 0 <= x + dx < w and 0 <= y + dy < h)
            )
            for d in range(4):
                ray = []
                cx, cy = x + DX[d], y + DY[d]
                while 0 <= cx < w and 0 <= cy < h:
                    ray.append(cy * w + cx)
                    cx += DX[d]
                    cy += DY[d]
                rays.append(tuple(ray))
                step.append(ray[0] if ray else -1)
        object.__setattr__(self, "neighbours", tuple(neighbours))
        object.__setattr__(self, "rays", tuple(rays))  # index: sq * 4 + direction
        object.__setattr__(self, "step", tuple(step))  # next square in a direction, or -1
        object.__setattr__(self, "names", tuple(names))

    @property
    def size(self) -> int:
        return self.width * self.height

    def square(self, file_index: int, rank_index: int) -> int:
        return rank_index * self.width + file_index

    def file_of(self, sq: int) -> int:
        return sq % self.width

    def rank_of(self, sq: int) -> int:
        return sq // self.width

    def name(self, sq: int) -> str:
        return self.names[sq]

    def parse_square(self, text: str) -> int | None:
        """The square a name like ``e4`` denotes, or None if it is not on this board."""
        if not 2 <= len(text) <= 4:
            return None
        x = FILE_LETTERS.find(text[0])
        if x < 0 or x >= self.width or not (text[1:].isascii() and text[1:].isdigit()):
            return None
        y = int(text[1:]) - self.first_rank
        if not 0 <= y < self.height:
            return None
        return y * self.width + x

    def at(self, text: str) -> int:
        """The square named ``text``, for names written in the code (raises ValueError if off the board)."""
        sq = self.parse_square(text)
        if sq is None:
            raise ValueError(f"{text!r} is not a square of a {self.width}x{self.height} board")
        return sq

    def rotate180(self, sq: int) -> int:
        """The square's image under a half turn of the board (used for setup symmetry)."""
        return self.size - 1 - sq


@cache
def geometry(width: int, height: int, first_rank: int = 1) -> Geometry:
    """The shared tables for a board shape (built once)."""
    return Geometry(width, height, first_rank)
