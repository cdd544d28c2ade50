"""The effects report of one pushed action: everything the action did, in the order it happened.

:meth:`game.position.Position.push` returns one :class:`Effects` per action. It is the single
description the GUI animates (slides, turns, beams, bursts) and the screens read ("which pieces
moved", "did anything fall"), so no screen re-derives what a move did from two boards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from game.laser import Shot
from game.move import Move
from game.pieces import Piece

BOTH = 2  # Position.loser when both royals fell in one action: a draw


@dataclass(frozen=True, slots=True)
class PieceMove:
    """A piece leaving ``frm`` for ``to`` (one leg: a 2018 swap-and-step is two legs)."""

    frm: int
    to: int
    code: int

    @property
    def piece(self) -> Piece:
        return Piece.from_code(self.code)

    @property
    def color(self) -> int:
        return self.code >> 2 & 1


@dataclass(frozen=True, slots=True)
class Change:
    """A piece on ``square`` changing from ``before`` to ``after`` (a rotation or a promotion)."""

    square: int
    before: int
    after: int

    @property
    def color(self) -> int:
        return self.after >> 2 & 1


@dataclass(frozen=True, slots=True)
class Removal:
    """A piece taken off: by a beam at ``step`` of beam ``beam`` (index in ``beams``), or by landing."""

    square: int
    code: int
    step: int = 0
    beam: int = -1  # -1: captured by landing

    @property
    def piece(self) -> Piece:
        return Piece.from_code(self.code)

    @property
    def color(self) -> int:
        """Whose piece left the board."""
        return self.code >> 2 & 1


def join_legs(moves: Iterable[PieceMove]) -> list[tuple[int, int, int]]:
    """(code, from, to) per piece, a piece's consecutive legs joined into one slide (what a board
    animates, so a piece that moves twice in one report slides once, from its first square to its last)."""
    out: list[tuple[int, int, int]] = []
    for m in moves:
        for i, (code, frm, to) in enumerate(out):
            if to == m.frm and code == m.code:
                out[i] = (code, frm, m.to)
                break
        else:
            out.append((m.code, m.frm, m.to))
    return out


@dataclass(frozen=True, slots=True)
class Effects:
    """What one action did, as a report (not a sequence): ``fallen`` lists the colours whose royal
    piece fell with it."""

    action: Move
    color: int  # who acted
    moved: tuple[PieceMove, ...] = ()  # simultaneous displacements (a swap is two; a piece's legs are joined)
    rotated: tuple[Change, ...] = ()
    captured: tuple[Removal, ...] = ()  # by landing
    promoted: tuple[Change, ...] = ()
    placed: tuple[PieceMove, ...] = ()  # moved by chance (a hypersquare or displacement)
    beams: tuple[Shot, ...] = ()  # the root of every beam tree fired, in firing order
    removed: tuple[Removal, ...] = ()  # destroyed by beams, in order
    fallen: tuple[int, ...] = ()
    turn_over: bool = True  # False when the turn still expects more actions

    @property
    def moved_squares(self) -> list[tuple[int, int]]:
        """(from, to) of every piece that changed square, chance moves included."""
        return [(m.frm, m.to) for m in self.moved + self.placed]

    @property
    def slides(self) -> list[tuple[int, int, int]]:
        """Each piece that changed square as (code, from, to), a piece's legs joined into one."""
        return join_legs(self.moved + self.placed)

    def replay(self, board: list[int]) -> list[int]:
        """The board after this action, from the board before it and this report alone.

        Order: the displacements (all at once; whatever stood on a target is captured), then
        rotations and promotions, chance moves, and last the pieces the beams destroyed. The
        conformance suite checks this equals the position the rules produce, for every variant.
        """
        out = list(board)
        for m in self.moved:
            out[m.frm] = 0
        for m in self.moved:
            out[m.to] = m.code
        for c in self.rotated + self.promoted:
            out[c.square] = c.after
        for m in self.placed:
            if out[m.frm] == m.code:  # a displaced piece's square now holds the displacer
                out[m.frm] = 0
            out[m.to] = m.code
        for r in self.removed:
            out[r.square] = 0
        return out

    @property
    def lost(self) -> tuple[Removal, ...]:
        """Every piece that left the board: captured by landing or destroyed by a beam."""
        return self.captured + self.removed

    @property
    def is_draw_by_royals(self) -> bool:
        return len(self.fallen) == 2

    def all_beams(self) -> Iterator[Shot]:
        for root in self.beams:
            yield from root.walk()

    @property
    def destroyed(self) -> bool:
        return bool(self.removed)


__all__ = ["BOTH", "Change", "Effects", "PieceMove", "Removal"]
