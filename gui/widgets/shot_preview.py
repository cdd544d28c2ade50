"""See the shot before you commit: what a candidate move's laser would do, asked of the rules.

The rules package does the optics (a copy of the position plays the move); this module only
packages the answer for the board view: the beams, and each square whose piece would be
destroyed with whether that piece is the mover's own (drawn in a warning colour).
"""

from __future__ import annotations

from dataclasses import dataclass, field

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

    @property
    def self_kill(self) -> bool:
        return any(self.hits.values())


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
        if len(self._cache) > 64:
            self._cache.clear()
        result = ShotPreview(move, shots, hits, ghost)
        self._cache[key] = result
        return result
