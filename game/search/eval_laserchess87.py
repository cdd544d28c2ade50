"""Evaluation of Laser Chess 1987 positions for the generic search (centi-units, side to move).

Material (the piece set's values), then the two lasers: what each side's shot would destroy if
it fired now, traced with the rules' own tracer (splits, static board, the hypersquare). The side
to move gains part of what its shot would win (more while it still has its fire this turn); its
opponent's shot is a threat to be met. A shot that would fell the enemy King is worth most of a
win; one that would fell one's own King is simply not fired (no credit, no penalty).
"""

from __future__ import annotations

from game.position import Position
from game.search.generic import Hooks, register
from game.variants.laserchess87 import FIRED, used_of

KING_SHOT = 5000  # the King on a beam: most of a win, the search finds the rest
MINE_NOW = 2  # share (1/MINE_NOW) of a shot's gain while the fire is still available this turn
MINE_LATER = 4
THEIRS = 3
CENTRE = (0, 1, 2, 3, 4, 3, 2, 1, 0)  # per file/rank: a little for pieces off the edges


def shot_gain(pos: Position, color: int) -> int:
    """What ``color``'s laser would gain by firing now: enemy material (or King) minus own."""
    emitter = pos.lasers[color]
    if emitter < 0:
        return 0
    value = pos.variant.pieces.value
    is_royal = pos.variant.is_royal
    gain = 0
    own_king = False
    for _sq, code, _step in pos.beam_from(emitter).removed:
        mine = code >> 2 & 1 == color
        if is_royal[code]:
            if mine:
                own_king = True
            else:
                gain += KING_SHOT
        else:
            gain += -value[code] if mine else value[code]
    return 0 if own_king else max(gain, 0)


def evaluate(pos: Position) -> int:
    """Centi-units for the side to move."""
    stm = pos.turn
    value = pos.variant.pieces.value
    score = 0
    width = pos.geometry.width
    for sq, code in enumerate(pos.board):
        if code:
            v = value[code] + 3 * (CENTRE[sq % width] + CENTRE[sq // width])
            score += v if code >> 2 & 1 == stm else -v
    mine = shot_gain(pos, stm)
    if mine:
        score += mine // (MINE_LATER if used_of(pos) & FIRED else MINE_NOW)
    theirs = shot_gain(pos, stm ^ 1)
    if theirs:
        score -= theirs // THEIRS
    return score


def noisy(pos: Position, code: int) -> bool:
    """Quiescence searches fires and captures by landing."""
    if code >> 30 & 1:
        return True
    frm, to = code & 255, code >> 8 & 255
    target = pos.board[to]
    return frm != to and bool(target) and target >> 2 & 1 != pos.turn and not code >> 37


register("laserchess87", Hooks(evaluate=evaluate, noisy=noisy))
