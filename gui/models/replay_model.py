"""The replay's model: the game's line, the ply shown, autoplay, and what the panel says (no pygame).

The line (game/line.py) is built once from the record, one push per move; every question the replay
screen asks (the position string shown, may a game start here, which buttons work, the status box's
words, a player card's clock and captured pieces) is answered from it here, so the screen only draws
and maps events to :meth:`ReplayModel.goto`, :meth:`toggle_play` and :meth:`tick`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from game import Game, Piece, Position, RecordError, get_variant
from game.line import GameLine
from gui.library import format_when, player_label

AUTOPLAY_PAUSE = 1.2  # seconds between moves at 1x, after each move's animation
AUTOPLAY_FIRST = 0.25  # seconds before autoplay's first move
SPEEDS: dict[str, float] = {"½×": 0.5, "1×": 1.0, "2×": 2.0, "4×": 4.0}
NAV_KEYS = ("first", "prev", "play", "next", "last")  # the media buttons, left to right


class _Step(Protocol):
    text: str


class EngineLine(Protocol):
    """The analysis panel's engine line on the board (gui.widgets.analysis_panel.Variation)."""

    base: int
    index: int

    @property
    def steps(self) -> Sequence[_Step]: ...


@dataclass(frozen=True)
class Status:
    """The status box: a main line, a second line, and what the second line is (its colour)."""

    main: str
    sub: str
    tone: str  # "engine", "text", "outcome", "unfinished" or "problem"


@dataclass(frozen=True)
class CardFacts:
    """A player card at the ply shown."""

    label: str
    active: bool
    captured: tuple[Piece, ...]
    clock: float | None


class ReplayModel:
    """A recorded game's line and the replay's cursor over it (see the module docs)."""

    def __init__(self, game: Game, ply: int = 0) -> None:
        self.game = game
        self.variant = get_variant(game.variant)
        try:
            self.line = GameLine.from_game(game, partial=True)
        except RecordError as exc:  # the start position itself is damaged: an empty replay
            self.line = GameLine(Position.setup(None, self.variant), game.time_control)
            self.line.problem = str(exc)
        self.problem = self.line.problem
        self.ply = self.clamp(ply)
        self.playing = False
        self.speed = "1×"
        self.wait = 0.0  # seconds until autoplay's next move
        try:
            self.when_text = format_when(datetime.fromisoformat(game.started_at))
        except (TypeError, ValueError):
            self.when_text = ""

    # ------------------------------------------------------------ the cursor
    @property
    def last_ply(self) -> int:
        return len(self.line)

    def clamp(self, ply: int) -> int:
        return max(0, min(int(ply), self.last_ply))

    def fen(self) -> str:
        """The position string of the position shown."""
        return self.line.fen_at(self.ply)

    @property
    def playable(self) -> bool:
        """May a game start from the position shown (no royal piece has fallen)?"""
        return self.ply == 0 or not self.line[self.ply - 1].effects.fallen

    # ------------------------------------------------------------ autoplay
    def toggle_play(self) -> int | None:
        """Start or stop autoplay; returns the ply to show first (the start, when at the end)."""
        if self.playing:
            self.playing = False
            return None
        restart = self.ply >= self.last_ply
        self.playing = self.last_ply > 0
        self.wait = AUTOPLAY_FIRST
        return 0 if restart else None

    def set_speed(self, label: str) -> bool:
        if label not in SPEEDS:
            return False
        self.speed = label
        return True

    def tick(self, dt: float, busy: bool) -> bool:
        """Autoplay's clock: True when the next move is due (the board is not ``busy`` animating).
        At the end autoplay stops."""
        if not self.playing or busy:
            return False
        self.wait -= dt
        if self.wait > 0:
            return False
        if self.ply >= self.last_ply:
            self.playing = False
            return False
        self.wait = AUTOPLAY_PAUSE / SPEEDS[self.speed]
        return True

    # ------------------------------------------------------------ what the panel shows
    def enabled(self, can_start_games: bool) -> dict[str, bool]:
        """Which buttons work at the ply shown (``can_start_games``: a New game screen exists)."""
        at_start, at_end = self.ply <= 0, self.ply >= self.last_ply
        return {
            "first": not at_start,
            "prev": not at_start,
            "play": self.last_ply > 0,
            "next": not at_end,
            "last": not at_end,
            "flip": True,
            "from_here": can_start_games and self.playable,
        }

    def side_label(self, color: int) -> str:
        return f"{self.variant.side_names[color]} · {player_label(self.game.players[color])}"

    def card(self, color: int) -> CardFacts:
        line, ply = self.line, self.ply
        clocks = line.clocks_at(ply)
        finished = ply == self.last_ply and self.game.outcome is not None
        return CardFacts(
            self.side_label(color),
            active=line.turn_at(ply) == color and not finished,
            captured=line.captured_by(color, ply),  # the opponent's pieces that fell to this side
            clock=clocks[color] if clocks is not None else None,
        )

    def status(self, variation: EngineLine | None, mark: str, verdict: str) -> Status:
        """The status box at the ply shown: the engine line being looked at, or the move made (with
        its analysis ``mark``) and the analysis's ``verdict``, the result, or whose turn it is."""
        if variation is not None:
            step = variation.steps[variation.index]
            where = f"move {variation.base}" if variation.base else "the start"
            return Status(
                f"Engine line from {where}",
                f"{variation.index} of {len(variation.steps) - 1}: {step.text}  ·  Esc: back",
                "engine",
            )
        main = self._move_text(mark)
        names, ply, n = self.variant.side_names, self.ply, self.last_ply
        at_end = ply == n
        if verdict and not (at_end and self.problem is None):
            return Status(main, verdict, "text")
        if at_end and self.problem is None:
            outcome = self.game.outcome
            if outcome is not None:
                return Status(main, outcome.describe(names, self.variant.royal_name), "outcome")
            return Status(main, f"Unfinished game · {names[self.line.turn_at(ply)]} to move", "unfinished")
        if at_end:
            return Status(main, f"The record stops here: {self.problem}", "problem")
        autoplay = "  ·  autoplay" if self.playing else ""
        return Status(main, f"{names[self.line.turn_at(ply)]} to move{autoplay}", "text")

    def _move_text(self, mark: str) -> str:
        """ "Start position", or the move that led here in full moves, as the move list numbers
        them (the action too where a side acts several times in a row)."""
        if self.ply == 0:
            return "Start position"
        line = self.line
        p = line[self.ply - 1]
        where = f"Move {p.number} of {line.full_move()}, {self.variant.side_names[p.side]}"
        if line.several_actions:
            where += f", action {self.ply} of {self.last_ply}"
        return f"{where}:  {p.readable}  {mark}".rstrip()
