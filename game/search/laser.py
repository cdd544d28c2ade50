"""The default engine profile of a laser rule set: material plus what the beams threaten.

Any rule set whose piece set has an emitter and names no profile of its own plays with this one
(game/search/profile.py picks it), so a new laser rule set gets an evaluation that sees its beams
from its first game. Everything comes from the piece set's optics, through the public
:meth:`Position.beam_from` tracer (splits, charge and the rule set's beam rules included):

* **threats**: for each side, the best net gain (enemy pieces destroyed minus own, a royal counting
  :attr:`LaserWeights.royal_shot`) of firing one of its emitters as the board stands, or after one
  rotation of that emitter or of the first own piece its beam meets (one action away). The side to
  move can cash its threat, so it is credited with a larger share than the other side's, which the
  side to move may still parry;
* **exposed royals** are part of the threats: a beam that would destroy a royal is worth
  ``royal_shot``, far above material;
* **guards**: each own piece that stands next to one's royal and reflects or blocks (anything but
  a pass-through piece) shields it from beams arriving on that side;
* **mobility**: emitters that can turn (more directions to threaten from).

Quiescence searches captures by landing and fire actions. Scores are cached by position hash.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.pieceset import PASS
from game.position import Position
from game.search.profile import Profile
from game.variants.base import Variant

SHARE = 60  # the threat shares are sixtieths
CACHE_ENTRIES = 200_000
FIRE_BIT = 1 << 30  # game/move.py's code layout: bit 30 is a fire


@dataclass(frozen=True)
class LaserWeights:
    """The default laser evaluation's numbers (centi-units; threat shares in sixtieths)."""

    royal_shot: int = 5_000  # a beam that destroys a royal (far above material, below mate scores)
    own_threat: int = 40  # share of the side to move's threat it is credited with
    enemy_threat: int = 20  # share of the other side's threat held against the side to move
    guard: int = 12  # per own blocking piece next to one's royal
    turning_emitter: int = 5  # per emitter that can be turned


class LaserProfile(Profile):
    """Material, beam threats now and one rotation away, royal guards (see the module docs)."""

    def __init__(self, variant: Variant, weights: LaserWeights | None = None) -> None:
        super().__init__(variant, weights)
        self.w = weights or LaserWeights()
        pieces = variant.pieces
        self.is_laser = pieces.is_laser
        self.can_rotate = pieces.can_rotate
        self.shapes = [k.shapes if (k := pieces.get(code)) is not None else 1 for code in range(pieces.size)]
        # A piece that lets every beam through (whatever its charge) guards nothing.
        optics = pieces.optic_table
        self.blocks = [
            pieces.get(code) is not None and any(o != PASS for d in range(4) for o in optics[code << 2 | d])
            for code in range(pieces.size)
        ]
        self.neighbours = variant.geometry.neighbours
        self.cache: dict[int, int] = {}

    @classmethod
    def default_weights(cls, variant: Variant) -> LaserWeights:
        return LaserWeights()

    def noisy(self, code: int) -> bool:
        """Captures by landing, and fires (what changes material)."""
        return bool(code & FIRE_BIT) or super().noisy(code)

    # ------------------------------------------------------------ evaluation
    def evaluate(self, pos: Position) -> int:
        """Centi-units for the side to move: material, guards, turning emitters, beam threats."""
        key = pos.hash
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        w = self.w
        value, is_laser, can_rotate = self.value, self.is_laser, self.can_rotate
        royal = self.variant.is_royal
        stm = pos.turn
        board = pos.board
        score = 0
        emitters: list[list[int]] = [[], []]
        for sq, code in enumerate(board):
            if not code:
                continue
            side = code >> 2 & 1
            v = value[code]
            if is_laser[code]:
                emitters[side].append(sq)
                if can_rotate[code]:
                    v += w.turning_emitter
            if royal[code]:
                v += w.guard * self._guards(board, sq, side)
            score += v if side == stm else -v
        own = self.threat(pos, emitters[stm], stm)
        enemy = self.threat(pos, emitters[1 - stm], 1 - stm)
        score += (w.own_threat * own - w.enemy_threat * enemy) // SHARE
        if len(self.cache) >= CACHE_ENTRIES:
            self.cache.clear()
        self.cache[key] = score
        return score

    def _guards(self, board: list[int], sq: int, side: int) -> int:
        """Own pieces next to the royal on ``sq`` that stop or turn a beam."""
        blocks = self.blocks
        return sum(
            1 for t in self.neighbours[sq] if board[t] and board[t] >> 2 & 1 == side and blocks[board[t]]
        )

    def threat(self, pos: Position, emitters: list[int], side: int) -> int:
        """The best net gain ``side`` can get from one fire of its emitters, as the board stands or
        after one rotation of the emitter or of the first own piece its beam meets (never below 0)."""
        best = 0
        board = pos.board
        for sq in emitters:
            code = board[sq]
            now, first = self._fire(pos, sq, side)
            best = max(best, now)
            for turned in self._turns(code):
                board[sq] = turned
                best = max(best, self._fire(pos, sq, side)[0])
            board[sq] = code
            if first >= 0 and board[first] >> 2 & 1 == side:
                piece = board[first]
                for turned in self._turns(piece):
                    board[first] = turned
                    best = max(best, self._fire(pos, sq, side)[0])
                board[first] = piece
        return best

    def _turns(self, code: int) -> list[int]:
        """The other shapes ``code`` can be turned to (none for a piece that cannot rotate)."""
        if not self.can_rotate[code]:
            return []
        shapes = self.shapes[code]
        return [code & ~3 | ((code & 3) + q) % shapes for q in range(1, shapes)]

    def _fire(self, pos: Position, sq: int, side: int) -> tuple[int, int]:
        """(net gain for ``side`` of a fire from ``sq`` now, the first occupied square of its beam
        or -1)."""
        result = pos.beam_from(sq)
        royal_shot = self.w.royal_shot
        value, royal = self.value, self.variant.is_royal
        gain = 0
        for _sq, code, _step in result.removed:
            v = royal_shot if royal[code] else value[code]
            gain += v if code >> 2 & 1 != side else -v
        board = pos.board
        first = -1
        for step in result.beams[0].path[1:]:
            if board[step.square]:
                first = step.square
                break
        return gain, first


__all__ = ["LaserProfile", "LaserWeights"]
