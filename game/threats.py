"""Threats: where the opponent's laser would strike now, after their most damaging turn of one
piece, or after a move of mine (what the Threats overlay of the game screen shows).

Everything here is read from the rules (moves made and taken back on copies); nothing is guessed.

>>> from game import Position
>>> pos = Position.setup("Classic")
>>> [t.victims for t in threats(pos, pos.turn)]
[()]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.laser import Shot
from game.move import Move
from game.position import Position


@dataclass(frozen=True)
class Threat:
    """An enemy shot: the beams, the move before it (None: fired now), and what of mine it destroys."""

    shots: tuple[Shot, ...]
    move: str | None
    victims: tuple[int, ...]  # squares of my pieces it destroys
    royal: bool  # one of them is my royal piece


def _victims(pos: Position, shots: Iterable[Shot], me: int) -> tuple[tuple[int, ...], bool]:
    squares, royal = [], False
    for shot in shots:
        piece = shot.hit_piece
        if shot.destroyed and piece is not None and piece.color == me and shot.hit_square is not None:
            squares.append(shot.hit_square)
            royal = royal or pos.variant.is_royal[piece.code]
    return tuple(squares), royal


def has_lasers(pos: Position) -> bool:
    """Does this rule set fire lasers at all (threats mean nothing without them)?"""
    return bool(pos.variant.laser_kind)


def with_side_to_move(pos: Position, color: int) -> Position:
    """The same board with ``color`` to move (history dropped): to ask what that side could do."""
    fields = pos.fen().split(" ")
    fields[1] = pos.variant.side_letters[color]  # the field after the board names the side to move
    return Position.from_fen(" ".join(fields), pos.variant, pos.options)


def threats(pos: Position, me: int) -> list[Threat]:
    """The opponent's shot if fired now, then (when it destroys something of mine) the opponent's
    most damaging single rotation (a Sphinx/King turn included) and its shots."""
    if not has_lasers(pos):
        return []
    opp = 1 - me
    now = pos.beam(opp)
    victims, royal = _victims(pos, (now,), me)
    out = [Threat((now,), None, victims, royal)]
    try:
        theirs = with_side_to_move(pos, opp)
    except Exception:  # a position the other side could not be to move in (it has no laser)
        return out
    best: tuple[tuple[int, int], Threat] | None = None
    names = pos.geometry.names
    for move in theirs.legal_moves:
        if move.from_square != move.to_square or not move.rotation:
            continue
        shots = theirs.push(move).beams
        hit, hit_royal = _victims(theirs, shots, me)
        theirs.pop()
        if not hit:
            continue
        rank = (int(hit_royal), len(hit))
        if best is None or rank > best[0]:
            best = (rank, Threat(tuple(shots), move.text(names), hit, hit_royal))
    if best is not None:
        out.append(best[1])
    return out


def exposure_after(pos: Position, move: Move, me: int) -> Threat:
    """After my ``move`` (and my shot): the opponent's shot if fired at once, and what of mine it
    destroys (which of my pieces would stand in the enemy beam)."""
    after = pos.copy(history=True)
    after.push(move)
    if after.loser >= 0:
        return Threat((), None, (), False)
    shot = after.beam(1 - me)
    victims, royal = _victims(after, (shot,), me)
    return Threat((shot,), None, victims, royal)
