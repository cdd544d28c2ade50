"""LaserChess 98 evaluation for the generic search: material plus beam threats.

A side's laser is a threat only when fired, and a whole turn can rotate then fire, so a leaf's
material is not enough: for each side we trace what its Lasers would destroy if fired now, and
after one rotation (of the Laser itself, or of the first piece its beam meets), with the core's
tracer, and take the best net gain (enemy pieces destroyed minus own; a King counts
:data:`KING_SHOT`). The side to move can cash its threat (fully if it has a whole turn, which
allows rotate + fire; fire-now only with one half-action left); the other side's threat counts
less, since the side to move may parry it first. Quiescence searches fires (a fire is "noisy").
Scores are cached by position hash (half-actions transpose a lot: rotate A then B = B then A).
"""

from __future__ import annotations

from game.laser import trace_beams
from game.position import Position
from game.search.generic import Hooks, register
from game.variants.laserchess98 import BEAM_RULES, GEO, KING, LASER, LC98_PIECES, PAWN, SHAPES

VALUES = LC98_PIECES.value
KING_SHOT = 5_000  # a shot at a King (far above material, below the search's mate scores)
OWN_THREAT = 3  # quarters of the side to move's threat it is credited with
ENEMY_THREAT = 2  # quarters of the other side's threat held against the side to move
PAWN_STEP = 6  # per rank a Pawn has advanced (promotion is worth a piece)
_CACHE: dict[int, int] = {}
_CACHE_MAX = 200_000


def _gain(board: list[int], color: int, removed: tuple[tuple[int, int, int], ...]) -> int:
    gain = 0
    for _sq, code, _step in removed:
        value = KING_SHOT if code >> 3 == KING else VALUES[code]
        gain += value if code >> 2 & 1 != color else -value
    return gain


def _fire(board: list[int], square: int) -> tuple[int, int]:
    """(net gain for the Laser's owner, first square its beam stops on or turns at, or -1)."""
    result = trace_beams(board, GEO, LC98_PIECES, square, board[square] & 3, BEAM_RULES)
    color = board[square] >> 2 & 1
    first = -1
    root = result.beams[0]
    for step in root.path[1:]:
        if board[step.square]:
            first = step.square
            break
    return _gain(board, color, result.removed), first


def threat(board: list[int], color: int, rotate: bool = True) -> int:
    """The best net gain ``color``'s Lasers offer by firing now, or (``rotate``) after one rotation."""
    best = 0
    for sq, code in enumerate(board):
        if not code or code >> 3 != LASER or code >> 2 & 1 != color:
            continue
        now, first = _fire(board, sq)
        best = max(best, now)
        if not rotate:
            continue
        for o in range(4):
            if o != code & 3:
                board[sq] = code & ~3 | o
                best = max(best, _fire(board, sq)[0])
        board[sq] = code
        if first >= 0 and board[first] >> 2 & 1 == color:
            piece = board[first]
            shapes = SHAPES[piece >> 3]
            for o in range(1, shapes):
                board[first] = piece & ~3 | ((piece & 3) + o) % shapes
                best = max(best, _fire(board, sq)[0])
            board[first] = piece
    return best


def evaluate(pos: Position) -> int:
    """Centi-pawns for the side to move: material, Pawn advance, beam threats."""
    key = pos.hash
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    board = list(pos.board)
    stm = pos.turn
    score = 0
    for sq, code in enumerate(board):
        if not code:
            continue
        value = VALUES[code]
        if code >> 3 == PAWN:
            rank = sq >> 3
            value += PAWN_STEP * (rank - 1 if code >> 2 & 1 == 0 else 6 - rank)
        score += value if code >> 2 & 1 == stm else -value
    own = threat(board, stm, rotate=pos.part == 0)
    enemy = threat(board, 1 - stm)
    score += (OWN_THREAT * own - ENEMY_THREAT * enemy) // 4
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[key] = score
    return score


def noisy(pos: Position, code: int) -> bool:
    """Quiescence searches fires (they are what changes material)."""
    return bool(code >> 30 & 1)


register("laserchess98", Hooks(evaluate=evaluate, noisy=noisy))

__all__ = ["KING_SHOT", "evaluate", "noisy", "threat"]
