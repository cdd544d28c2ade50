"""Beam tracing: the one place that decides where a laser goes and what it hits.

``fire`` is the hot path used by ``Position.push`` (no allocation unless a segment list is
passed); ``trace`` wraps it into a :class:`Shot` with the full square-by-square path, which the
GUI animates, so the GUI never re-implements optics.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.geometry import Geometry
from game.pieces import ABSORB, DESTROY, OPTICS, Piece

OFF_BOARD = -3  # effect of a beam that leaves the board
MAX_HOPS = 256  # a reflection path cannot loop, but the tracer still caps its length


_HOPS = range(MAX_HOPS)


def fire(
    board: list[int],
    rays: tuple[tuple[int, ...], ...],
    start: int,
    direction: int,
    segments: list[tuple[int, int, int, int]] | None = None,
    _optics: list[int] = OPTICS,  # bound once: a local is faster than a global in this hot loop
) -> int:
    """Trace a beam leaving ``start`` in ``direction``; return the square of the destroyed piece or -1.

    With ``segments`` given, append one ``(from_sq, direction, to_sq, effect)`` per straight run:
    ``effect`` is the outgoing direction at a mirror, ``ABSORB``/``DESTROY`` where it stops on a
    piece, or ``OFF_BOARD`` (``to_sq`` then is the last square before the edge, or -1 if none).
    """
    sq = start
    for _ in _HOPS:
        ray = rays[sq << 2 | direction]
        for target in ray:
            if board[target]:
                break
        else:
            if segments is not None:
                segments.append((sq, direction, ray[-1] if ray else -1, OFF_BOARD))
            return -1
        effect = _optics[board[target] << 2 | direction]
        if segments is not None:
            segments.append((sq, direction, target, effect))
        if effect >= 0:
            sq = target
            direction = effect
            continue
        return target if effect == DESTROY else -1
    return -1


@dataclass(frozen=True, slots=True)
class BeamStep:
    """One square on the beam's path: the direction the beam entered it and the one it left by.

    ``entry`` is None on the emitter's own square; ``exit`` is None where the beam stops.
    """

    square: int
    entry: int | None
    exit: int | None


@dataclass(frozen=True, slots=True)
class Shot:
    """A whole shot: its path square by square and what happened at its end."""

    path: tuple[BeamStep, ...]
    hit_square: int | None  # the square where the beam stopped on a piece, None if it left the board
    hit_piece: Piece | None
    effect: str  # "destroyed", "absorbed" or "off board"

    @property
    def destroyed(self) -> bool:
        return self.effect == "destroyed"


def trace(board: list[int], geo: Geometry, start: int, direction: int) -> Shot:
    """The full path of a beam leaving ``start`` in ``direction`` on ``board`` (nothing is changed)."""
    segments: list[tuple[int, int, int, int]] = []
    fire(board, geo.rays, start, direction, segments)
    steps: list[BeamStep] = []
    entry: int | None = None
    sq = start
    for seg_from, d, seg_to, effect in segments:
        # The square the segment starts on (emitter or mirror) is left in direction d.
        steps.append(BeamStep(sq, entry, d))
        for through in geo.rays[seg_from << 2 | d]:
            if through == seg_to:
                break
            steps.append(BeamStep(through, d, d))
        else:
            seg_to = -1
        if effect == OFF_BOARD:
            if seg_to >= 0:
                steps.append(BeamStep(seg_to, d, d))
            return Shot(tuple(steps), None, None, "off board")
        entry = d
        sq = seg_to
        if effect < 0:
            steps.append(BeamStep(seg_to, d, None))
            return Shot(
                tuple(steps),
                seg_to,
                Piece.from_code(board[seg_to]),
                "destroyed" if effect == DESTROY else "absorbed",
            )
    return Shot(tuple(steps), None, None, "off board")


__all__ = ["ABSORB", "DESTROY", "OFF_BOARD", "BeamStep", "Shot", "fire", "trace"]
