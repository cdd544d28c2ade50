"""Lousy Chess's engine profile: material, king safety, pawns, mobility.

There is no check in Lousy Chess, so a King left en prise is simply lost: the search sees that
(captures are searched in quiescence); the evaluation adds what it cannot see at a leaf — how
many squares around each King the enemy attacks, how many friends shield it, how far the pawns
have come (promotion is a Queen), and how many squares each side's pieces reach.
"""

from __future__ import annotations

from game.position import Position
from game.search.profile import Profile
from game.variants.lousychess import (
    HEIGHT,
    KING,
    KING_TARGETS,
    PAWN,
    PAWN_TAKES,
    WIDTH,
    targets,
)

VALUES = {KING: 0, 10: 900, 11: 500, 12: 330, 13: 300, PAWN: 100, 15: 900}
KING_ATTACKED = 60  # the King itself attacked (by the side not to move: a threat to parry)
RING_ATTACKED = 14  # per attacked square next to the King
SHIELD = 8  # per own piece next to the King
MOBILITY = 3  # per square reached
PAWN_STEP = 10  # per rank advanced
PAWN_NEAR = 45  # one step from promotion
CENTRE = tuple(
    6 - 2 * (abs(2 * (sq % WIDTH) - (WIDTH - 1)) + abs(2 * (sq // WIDTH) - (HEIGHT - 1))) // 2
    for sq in range(WIDTH * HEIGHT)
)


def evaluate(pos: Position) -> int:
    """Centi-pawns for the side to move."""
    board = pos.board
    score = [0, 0]
    attacks: list[set[int]] = [set(), set()]
    kings = [-1, -1]
    for sq, code in enumerate(board):
        if not code:
            continue
        color = code >> 2 & 1
        kind = code >> 3
        score[color] += VALUES[kind]
        if kind == PAWN:
            rank = sq // WIDTH
            advanced = rank - 1 if color == 0 else HEIGHT - 2 - rank
            score[color] += advanced * PAWN_STEP + (PAWN_NEAR if advanced == HEIGHT - 3 else 0)
            attacks[color].update(PAWN_TAKES[color][sq])
            continue
        if kind == KING:
            kings[color] = sq
        reach = targets(board, sq)
        attacks[color].update(reach)
        score[color] += MOBILITY * len(reach) + (CENTRE[sq] if kind != KING else 0)
    for color in (0, 1):
        k = kings[color]
        if k < 0:
            continue
        enemy = attacks[1 - color]
        ring = KING_TARGETS[k]
        score[color] -= RING_ATTACKED * sum(1 for t in ring if t in enemy)
        score[color] += SHIELD * sum(1 for t in ring if board[t] and board[t] >> 2 & 1 == color)
        if k in enemy:
            score[color] -= KING_ATTACKED
    stm = pos.turn
    return score[stm] - score[1 - stm]


class LousyProfile(Profile):
    """The default profile (every action; captures by landing in quiescence) with this evaluation."""

    def evaluate(self, pos: Position) -> int:
        return evaluate(pos)
