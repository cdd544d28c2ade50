"""How games end: the Outcome record and the board-decided endings (draw rules, destroyed royals)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from game.pieces import Color

if TYPE_CHECKING:
    from game.position import Position


class Termination(Enum):
    """Why a game ended; the value is the phrase shown to players."""

    ROYAL_DESTROYED = "Pharaoh destroyed"
    BOTH_ROYALS_DESTROYED = "both Pharaohs destroyed"
    RESIGNATION = "resignation"
    AGREEMENT = "draw agreed"
    REPETITION = "threefold repetition"
    PLY_LIMIT = "move limit without a capture"
    TIMEOUT = "time forfeit"
    NO_MOVES = "no legal moves"
    MOVE_LIMIT = "move limit reached"  # a fixed number of moves each (Lousy Chess: 40)
    STALEMATE = "stalemate"  # a rule of the variant (LaserChess 98: no Laser and no Pawn left)


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: ``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``, the reason, the winner."""

    result: str
    reason: Termination
    winner: Color | None

    @classmethod
    def win(cls, winner: int, reason: Termination) -> Outcome:
        return cls("1-0" if winner == 0 else "0-1", reason, Color(winner))

    @classmethod
    def draw(cls, reason: Termination) -> Outcome:
        return cls("1/2-1/2", reason, None)

    def reason_text(self, royal_name: str = "Pharaoh") -> str:
        """Why the game ended, in words (the variant names its royal piece: Pharaoh or King)."""
        if self.reason is Termination.ROYAL_DESTROYED:
            return f"{royal_name} destroyed"
        if self.reason is Termination.BOTH_ROYALS_DESTROYED:
            return f"both {royal_name}s destroyed"
        return str(self.reason.value)

    def describe(self, side_names: tuple[str, str], royal_name: str = "Pharaoh") -> str:
        """A sentence for the game-over panel, e.g. 'Red wins: Pharaoh destroyed'."""
        reason = self.reason_text(royal_name)
        if self.winner is None:
            return f"Draw: {reason}"
        return f"{side_names[self.winner]} wins: {reason}"

    def to_json(self) -> dict[str, Any]:
        return {"result": self.result, "reason": self.reason.name, "winner": self.winner}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        winner = data.get("winner")
        if winner not in (None, 0, 1):
            raise ValueError(f"bad winner {winner!r}")
        reason = Termination[data["reason"]]
        result = data["result"]
        expected = "1/2-1/2" if winner is None else ("1-0" if winner == 0 else "0-1")
        if result != expected:
            raise ValueError(f"result {result!r} does not match winner {winner!r}")
        return cls(result, reason, None if winner is None else Color(winner))


def position_outcome(pos: Position, claim_draw: bool = False) -> Outcome | None:
    """The outcome the position itself decides, or None while play goes on.

    ``claim_draw`` answers whether a repetition draw would be granted if the side to move claimed
    it now; with the ``auto`` repetition rule it is granted without a claim.
    """
    fallen = pos.fallen
    if len(fallen) == 2:
        return Outcome.draw(Termination.BOTH_ROYALS_DESTROYED)
    if fallen:
        return Outcome.win(1 - fallen[0], Termination.ROYAL_DESTROYED)
    ruled = pos.variant.rule_outcome(pos)
    if ruled is not None:
        return ruled
    options = pos.options
    if (claim_draw or options.repetition == "auto") and pos.repetition_count() >= 3:
        return Outcome.draw(Termination.REPETITION)
    limit = options.ply_limit or pos.variant.quiet_ply_limit
    if limit and pos.quiet_plies >= limit:
        return Outcome.draw(Termination.PLY_LIMIT)
    if not pos.has_legal_moves():
        return pos.variant.no_moves_outcome(pos)
    return None
