"""Chance actions: a decision (what the player chose) and its outcomes (what chance chose).

A variant with chance (Laser Chess 1987's hypersquare and Hypercube) lists one action code per
outcome, the chosen square in ``Move.chance``; all outcomes of one decision are equally likely.
The player (or the engine) picks a *decision*; the game draws its outcome from its own seeded
generator (:func:`resolve`), and the resolved action — outcome included — is what is pushed,
written in the move text (``e4e5@c7``) and stored in the record, so replay and undo are exact.
The engine never sees the draw: it scores a decision by the mean over its outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.errors import IllegalMoveError
from game.move import Move

if TYPE_CHECKING:
    from game.position import Position

CHANCE_BITS = 511 << 37  # Move.code bits holding ``chance + 1``
DECISION = 1 << 50  # marks a code standing for a decision whose outcome chance picks (never a Move bit)


def decisions(codes: list[int]) -> list[int]:
    """The action codes with each chance decision once, marked DECISION, in place of its outcomes
    (the order kept: each where its first outcome was). What a search chooses among."""
    if not any(c & CHANCE_BITS for c in codes):
        return codes
    out: list[int] = []
    seen: set[int] = set()
    for c in codes:
        if c & CHANCE_BITS:
            d = (c & ~CHANCE_BITS) | DECISION
            if d not in seen:
                seen.add(d)
                out.append(d)
        else:
            out.append(c)
    return out


def decision_code(code: int) -> int:
    """The code of the decision an action code belongs to (its chance square cleared)."""
    return code & ~CHANCE_BITS


def is_chance(code: int) -> bool:
    return bool(code & CHANCE_BITS)


def group(codes: Iterable[int]) -> dict[int, list[int]]:
    """Action codes grouped by decision, in first-seen order: decision -> its outcome codes."""
    out: dict[int, list[int]] = {}
    for code in codes:
        out.setdefault(code & ~CHANCE_BITS, []).append(code)
    return out


def outcomes(pos: Position, move: Move) -> list[Move]:
    """The legal outcomes of a decision (itself only, when it involves no chance)."""
    key = decision_code(move.code)
    return [Move.from_code(c) for c in pos.legal_codes() if c & ~CHANCE_BITS == key]


def needs_draw(pos: Position, move: Move) -> bool:
    """Is ``move`` a decision whose outcome chance must still choose?"""
    if move.chance is not None:
        return False
    found = outcomes(pos, move)
    return bool(found) and found[0].chance is not None


def resolve(pos: Position, move: Move, rng: random.Random) -> Move:
    """The action to push for ``move``: itself if it is complete, else one outcome drawn by ``rng``.

    Raises IllegalMoveError (with the rules' reason) when no outcome of it is legal.
    """
    if move.chance is not None or pos.is_legal(move):
        return move
    found = outcomes(pos, move)
    if not found:
        raise IllegalMoveError(
            f"{pos.move_text(move)} is not legal here: {pos.variant.illegal_reason(pos, move)}"
        )
    return found[rng.randrange(len(found))]


__all__ = ["CHANCE_BITS", "decision_code", "group", "is_chance", "needs_draw", "outcomes", "resolve"]
