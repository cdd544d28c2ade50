"""See the shot before you commit: what a candidate move's laser would do, asked of the rules.

The rules package does the optics (a copy of the position plays the move); this module only
packages the answer for the board view: the beams, and each square whose piece would be
destroyed with whether that piece is the mover's own (drawn in a warning colour). A move whose
end chance decides (Laser Chess 1987's hypersquare and Hypercube) is shown with every square it
may land on and its chance, never as one certain square; and a move that uses more than one of
the turn's actions says so before it is made.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.chance import outcomes
from game.laser import Shot
from game.move import Move
from game.pieces import code_color
from game.position import Position


@dataclass(frozen=True)
class ShotPreview:
    """The outcome of one candidate move: beams, destroyed squares, the moved piece's new place."""

    move: Move
    shots: tuple[Shot, ...]
    hits: dict[int, bool] = field(default_factory=dict)  # square -> True when the mover's own piece
    ghost: tuple[int, int] | None = None  # (square, piece code) where the moved piece ends up
    chances: dict[int, float] = field(default_factory=dict)  # square chance may send a piece to -> odds
    chanced: int = 0  # the piece code chance moves (the mover's, or the one a Hypercube displaces)
    cost: int = 1  # actions of the turn the move uses
    actions_left: int = 1  # actions the turn had before it

    @property
    def self_kill(self) -> bool:
        return any(self.hits.values())

    @property
    def uses_every_action(self) -> bool:
        """The move uses more than one action: the turn ends with it (the player should know)."""
        return self.cost > 1 and self.cost >= self.actions_left

    def words(self, names: tuple[str, ...]) -> str | None:
        """What the status line says about the move pointed at: where chance may send a piece and
        what it costs; None when there is nothing to say."""
        parts = []
        if self.chances:
            n = len(self.chances)
            parts.append(f"chance picks one of {n} squares, {100 / n:.1f} % each")
        if self.uses_every_action:
            parts.append("uses both actions")
        if not parts:
            return None
        text = "; ".join(parts)
        return f"{names[self.move.from_square]}{names[self.move.to_square]}: {text}"


class ShotPreviewer:
    """Computes previews on demand and keeps the last few (hovering back and forth is free)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int, int], ShotPreview] = {}

    def preview(self, position: Position, move: Move) -> ShotPreview:
        key = (position.hash, position.turn, move.code)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        mover = position.turn
        after = position.copy(history=False)
        effects = after.push_unchecked(move)  # a move of the input: from the position's legal set
        shots = effects.beams
        gone = {r.square: r.code for r in effects.lost}
        hits = {sq: code_color(code) == mover for sq, code in gone.items()}
        # Where the moved piece ends up, as it will look there (turned, promoted).
        dest = next((to for _c, frm, to in effects.slides if frm == move.from_square), move.to_square)
        code = after.board[dest] or gone.get(dest, 0)
        ghost = (dest, code) if code else None
        chances, chanced = self._chances(position, move, after)
        if chances:  # chance decides where the piece goes: no certain square, no certain shot
            ghost, shots, hits = None, (), {}
        if len(self._cache) > 64:
            self._cache.clear()
        result = ShotPreview(
            move, shots, hits, ghost, chances, chanced, position.action_cost(move), position.actions_left
        )
        self._cache[key] = result
        return result

    @staticmethod
    def _chances(position: Position, move: Move, after: Position) -> tuple[dict[int, float], int]:
        """Every square chance may send a piece to with this move, each equally likely, and the
        piece it sends (empty when the move involves no chance)."""
        if move.chance is None:
            return {}, 0
        found = outcomes(position, move)
        if len(found) < 2:
            return {}, 0
        squares = [m.chance for m in found if m.chance is not None]
        return {sq: 1 / len(squares) for sq in squares}, after.board[move.chance]


def costly_squares(position: Position | None, targets: dict[int, Move]) -> frozenset[int]:
    """The destinations whose move uses more than one action of the turn (a ring on the board)."""
    if position is None or position.actions_left < 2:
        return frozenset()
    return frozenset(sq for sq, move in targets.items() if position.action_cost(move) > 1)
