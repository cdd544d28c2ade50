"""LaserChess 98's engine profile: material plus beam threats; fires in quiescence.

A side's laser is a threat only when fired, and a whole turn can rotate then fire, so a leaf's
material is not enough: for each side we trace what its Lasers would destroy if fired now, and
after one rotation (of the Laser itself, or of the first piece its beam meets), with the core's
tracer, and take the best net gain (enemy pieces destroyed minus own; a King counts
:data:`KING_SHOT`). The side to move can cash its threat (fully if it has a whole turn, which
allows rotate + fire; fire-now only with one half-action left); the other side's threat counts
less, since the side to move may parry it first. A whole turn may also fire twice: the second
shot runs where the first cleared its way, with the surfaces' hit counts of the turn carried over
(the 11th hit on a surface destroys its piece), and counts :attr:`Lc98Weights.second_fire`
sixtieths of its gain. Charged beams (a Straight Mirror's straight-back reflection, a Charger's
back) are the tracer's: what they destroy is in every shot counted here. Quiescence searches
fires (a fire is "noisy").
Scores are cached by position hash (half-actions transpose a lot: rotate A then B = B then A).

The numbers are :class:`Lc98Weights` (tools/tune.py fits them; ``match --white-weights`` plays
them); the module-level functions use the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.laser import trace_beams
from game.position import Position
from game.search.profile import Profile
from game.variants.base import Variant
from game.variants.laserchess98 import BEAM_RULES, GEO, KING, LASER, LC98_PIECES, PAWN, SHAPES

SHARE = 60  # the threat shares are sixtieths (the defaults 3/4 and 1/2 exactly)
_CACHE_MAX = 200_000


def _default_values() -> dict[int, int]:
    return {number: LC98_PIECES.value[number << 3] for number in sorted(LC98_PIECES.by_number)}


@dataclass(frozen=True)
class Lc98Weights:
    """The evaluation's numbers (centi-units; the threat shares in sixtieths)."""

    values: dict[int, int] = field(default_factory=_default_values)  # by piece kind number
    king_shot: int = 5_000  # a shot at a King (far above material, below the search's mate scores)
    own_threat: int = 45  # share of the side to move's threat it is credited with
    enemy_threat: int = 30  # share of the other side's threat held against the side to move
    pawn_step: int = 6  # per rank a Pawn has advanced (promotion is worth a piece)
    second_fire: int = 60  # share of a whole turn's second fire (after the first's removals, hits kept)


class Lc98Evaluation:
    """The evaluation function for one set of weights (callable on a position; own score cache)."""

    def __init__(self, weights: Lc98Weights | None = None) -> None:
        self.w = w = weights or Lc98Weights()
        self.value = [w.values.get(code >> 3, LC98_PIECES.value[code]) for code in range(LC98_PIECES.size)]
        self.cache: dict[int, int] = {}

    def _gain(self, color: int, removed: tuple[tuple[int, int, int], ...]) -> int:
        gain = 0
        king_shot = self.w.king_shot
        value = self.value
        for _sq, code, _step in removed:
            v = king_shot if code >> 3 == KING else value[code]
            gain += v if code >> 2 & 1 != color else -v
        return gain

    def _fire(
        self, board: list[int], square: int, hits: dict[tuple[int, int], int] | None = None
    ) -> tuple[int, int, tuple[tuple[int, int, int], ...]]:
        """(net gain for the Laser's owner, first square its beam stops on or turns at or -1, what
        it destroys); ``hits`` carries the turn's surface hit counts (updated in place)."""
        result = trace_beams(board, GEO, LC98_PIECES, square, board[square] & 3, BEAM_RULES, 0, hits)
        color = board[square] >> 2 & 1
        first = -1
        root = result.beams[0]
        for step in root.path[1:]:
            if board[step.square]:
                first = step.square
                break
        return self._gain(color, result.removed), first, result.removed

    def _fire_twice(self, board: list[int], square: int) -> tuple[int, int]:
        """(the best of one fire and fire + fire, first square of the first fire's beam): a whole
        turn may fire twice, and the second shot runs where the first cleared its way, against the
        surfaces' hit counts of the turn so far (the 11th hit on a surface destroys its piece)."""
        hits: dict[tuple[int, int], int] = {}
        now, first, removed = self._fire(board, square, hits)
        if (
            not removed
            or now < 0
            or not self.w.second_fire
            or any(code >> 3 == KING for _s, code, _t in removed)
        ):
            return now, first  # (a shot at a King ends the game: no second fire)
        saved = [(sq, board[sq]) for sq, _code, _step in removed]
        for sq, _code in saved:
            board[sq] = 0
        again = 0
        if board[square]:  # (the Laser survived its own shot)
            again = self._fire(board, square, hits)[0]
        for sq, code in saved:
            board[sq] = code
        return now + max(again, 0) * self.w.second_fire // SHARE, first

    def threat(self, board: list[int], color: int, rotate: bool = True) -> int:
        """The best net gain ``color``'s Lasers offer by firing now, or (``rotate``) after one rotation."""
        best = 0
        for sq, code in enumerate(board):
            if not code or code >> 3 != LASER or code >> 2 & 1 != color:
                continue
            now, first = self._fire_twice(board, sq) if rotate else self._fire(board, sq)[:2]
            best = max(best, now)
            if not rotate:
                continue
            for o in range(4):
                if o != code & 3:
                    board[sq] = code & ~3 | o
                    best = max(best, self._fire(board, sq)[0])
            board[sq] = code
            if first >= 0 and board[first] >> 2 & 1 == color:
                piece = board[first]
                shapes = SHAPES[piece >> 3]
                for o in range(1, shapes):
                    board[first] = piece & ~3 | ((piece & 3) + o) % shapes
                    best = max(best, self._fire(board, sq)[0])
                board[first] = piece
        return best

    def __call__(self, pos: Position) -> int:
        """Centi-pawns for the side to move: material, Pawn advance, beam threats."""
        key = pos.hash
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        w = self.w
        board = list(pos.board)
        stm = pos.turn
        score = 0
        for sq, code in enumerate(board):
            if not code:
                continue
            value = self.value[code]
            if code >> 3 == PAWN:
                rank = sq >> 3
                value += w.pawn_step * (rank - 1 if code >> 2 & 1 == 0 else 6 - rank)
            score += value if code >> 2 & 1 == stm else -value
        own = self.threat(board, stm, rotate=pos.part == 0)
        enemy = self.threat(board, 1 - stm)
        score += (w.own_threat * own - w.enemy_threat * enemy) // SHARE
        if len(self.cache) >= _CACHE_MAX:
            self.cache.clear()
        self.cache[key] = score
        return score


_DEFAULT = Lc98Evaluation()
KING_SHOT = _DEFAULT.w.king_shot


def threat(board: list[int], color: int, rotate: bool = True) -> int:
    """:meth:`Lc98Evaluation.threat` with the default weights."""
    return _DEFAULT.threat(board, color, rotate)


def evaluate(pos: Position) -> int:
    """Centi-pawns for the side to move (the default weights)."""
    return _DEFAULT(pos)


class Lc98Profile(Profile):
    """The default profile (every action) with this evaluation; quiescence searches the fires."""

    def __init__(self, variant: Variant, weights: Lc98Weights | None = None) -> None:
        super().__init__(variant, weights)
        self.evaluation = _DEFAULT if weights is None else Lc98Evaluation(weights)

    @classmethod
    def default_weights(cls, variant: Variant) -> Lc98Weights:
        return Lc98Weights()

    def evaluate(self, pos: Position) -> int:
        return self.evaluation(pos)

    def noisy(self, code: int) -> bool:
        """Quiescence searches fires (they are what changes material)."""
        return bool(code >> 30 & 1)


__all__ = ["KING_SHOT", "Lc98Evaluation", "Lc98Profile", "Lc98Weights", "evaluate", "threat"]
