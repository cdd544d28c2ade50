"""A game being played: the live position, its record, clocks, takebacks, draws and autosave.

Pure logic with no pygame, so whole games can be tested without a window. The game screen
drives it (``tick`` every frame, ``play`` for each move) and draws what it reports.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from game import Game, Outcome, Piece, Player, Position, RecordError, Termination
from game.chance import needs_draw, resolve
from game.effects import Effects
from game.move import Move
from game.pieces import Color
from game.search.levels import get_level

AUTOSAVE_EVERY = 2  # plies between saves of an unfinished game
LOW_TIME = 20.0  # seconds left at which a clock shows its warning
UNDOABLE_ENDINGS = (
    Termination.ROYAL_DESTROYED,
    Termination.BOTH_ROYALS_DESTROYED,
    Termination.REPETITION,
    Termination.PLY_LIMIT,
)


DEFAULT_LEVEL = "Medium"  # the CPU's level when a record names one this program does not know


def known_levels(game: Game) -> list[str]:
    """Give every CPU player of ``game`` a level this program knows (a record may name one it does
    not, e.g. from a newer version): an unknown one becomes :data:`DEFAULT_LEVEL`, as settings do.
    Returns a notice per change."""
    notices = []
    players = list(game.players)
    for color, player in enumerate(players):
        if player.kind != "cpu" or player.script:
            continue
        try:
            level = get_level(player.level or DEFAULT_LEVEL).name
        except KeyError:
            notices.append(f"The CPU level {player.level!r} is unknown here: it plays at {DEFAULT_LEVEL}.")
            level = DEFAULT_LEVEL
        players[color] = replace(player, level=level)
    game.players = (players[0], players[1])
    return notices


@dataclass
class DrawOffer:
    """A pending draw offer from ``by`` (a colour), open until the other side answers or moves."""

    by: int


class GameSession:
    """One game in progress (or finished) with everything the game screen needs to show."""

    def __init__(self, game: Game, saves_folder: Path | None = None, clock_waits: bool = False) -> None:
        self.game = game
        self.clock_waits = clock_waits  # a side's clock starts after its first move (lichess)
        self.saves_folder = saves_folder
        self.position: Position = game.position_at()
        self.start_position: Position = game.start_position()
        tc = game.time_control
        self.remaining: list[float] | None = [tc.initial, tc.initial] if tc else None
        if tc and self.remaining is not None:
            # A resumed game: charge each side the time its moves took (plus increments).
            for ply, record in enumerate(game.moves):
                side = (self.start_position.turn + ply) % 2
                waited = clock_waits and ply < 2  # each side's first move was not on its clock
                self.remaining[side] += tc.increment - (0.0 if waited else record.seconds)
        self.notices: list[str] = known_levels(game)  # what the screen should tell the player
        self.move_seconds = 0.0  # time spent on the current move so far
        self.draw_offer: DrawOffer | None = None
        self.save_error: str | None = None
        self._unsaved_plies = 0
        self.last_saved: Path | None = None

    # ------------------------------------------------------------ queries
    @property
    def variant(self):
        return self.position.variant

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome

    @property
    def finished(self) -> bool:
        return self.game.outcome is not None

    def player(self, color: int) -> Player:
        return self.game.players[color]

    def is_cpu(self, color: int) -> bool:
        return self.game.players[color].kind == "cpu"

    @property
    def cpu_to_move(self) -> bool:
        return not self.finished and self.is_cpu(self.turn)

    @property
    def against_cpu(self) -> bool:
        return self.is_cpu(0) or self.is_cpu(1)

    def move_texts(self) -> list[str]:
        return [m.text for m in self.game.moves]

    def low_time(self, color: int) -> bool:
        return self.remaining is not None and self.remaining[color] <= LOW_TIME

    def captured(self, color: int) -> list[Piece]:
        """Pieces of ``color`` destroyed so far (shown beside the board by their captors)."""
        start = Counter(p.kind for _, p in self.start_position.pieces(color))
        now = Counter(p.kind for _, p in self.position.pieces(color))
        lost = start - now
        return [Piece(kind, Color(color), 0) for kind in sorted(lost) for _ in range(lost[kind])]

    def can_claim_draw(self) -> bool:
        return not self.finished and self.position.repetition_count() >= 3

    def can_undo(self) -> bool:
        if self.outcome is not None and self.outcome.reason not in UNDOABLE_ENDINGS:
            return False
        if not self.game.moves:
            return False
        if self.against_cpu:
            # Back to a position where a human is to move, with at least one human move undone.
            humans = [c for c in (0, 1) if not self.is_cpu(c)]
            return bool(humans) and any(
                (self.start_position.turn + ply) % 2 in humans for ply in range(len(self.game.moves))
            )
        return True

    # ------------------------------------------------------------ time
    def has_moved(self, color: int) -> bool:
        """Has ``color`` made a move in this game yet?"""
        n = len(self.game.moves)
        return n >= (1 if self.start_position.turn == color else 2)

    @property
    def clock_running(self) -> bool:
        """The side to move's clock counts down now (a clock game, not over, and, when the clock
        waits, after that side's first move)."""
        if self.remaining is None or self.finished:
            return False
        return not self.clock_waits or self.has_moved(self.turn)

    def tick(self, dt: float) -> None:
        """Advance the clock of the side to move by ``dt`` seconds; a clock at zero loses."""
        if self.finished:
            return
        self.move_seconds += dt
        remaining = self.remaining
        if remaining is not None and self.clock_running:
            remaining[self.turn] = max(0.0, remaining[self.turn] - dt)
            if remaining[self.turn] <= 0.0:
                self._end(Outcome.win(1 - self.turn, Termination.TIMEOUT))

    # ------------------------------------------------------------ actions
    def play(self, move: Move) -> Effects:
        """Play a legal action for the side to move; returns its effects report to animate."""
        if self.finished:
            raise RecordError("the game is over")
        mover = self.turn
        move = self.resolve(move)
        text = self.position.move_text(move)
        effects = self.position.push(move)
        self.game.add_move(text, self.move_seconds, self.position.fen())
        self.move_seconds = 0.0
        if self.remaining is not None and self.game.time_control and effects.turn_over:
            self.remaining[mover] += self.game.time_control.increment  # once a turn, not per action
        if self.draw_offer is not None and self.draw_offer.by != mover:
            self.draw_offer = None  # moving instead of accepting declines the offer
        outcome = self.position.outcome()
        if outcome is not None:
            self._end(outcome)
        else:
            self._unsaved_plies += 1
            if self._unsaved_plies >= AUTOSAVE_EVERY:
                self.save()
        return effects

    def resolve(self, move: Move) -> Move:
        """The action ``move`` becomes: chance (a hypersquare, a displacement) is the game's, so
        whatever square the input named, the outcome is drawn from a generator seeded by the game
        and the ply (the same draw every time it is asked at this ply)."""
        if move.chance is not None or needs_draw(self.position, move):
            return resolve(self.position, replace(move, chance=None), self.chance_rng())
        return move

    def chance_rng(self) -> random.Random:
        """The seeded generator that draws the next chance outcome (game id and ply: reproducible)."""
        return random.Random(f"{self.game.game_id}/{len(self.game.moves)}")

    def undo(self) -> int:
        """Take back one move (two players) or back to the human's turn (against the CPU)."""
        if not self.can_undo():
            return 0
        if self.finished:
            self.game.outcome = None
            self.game.ended_at = None
        undone = 0
        while self.game.moves:
            self.position.pop()
            self.game.undo_move(self.position.fen())
            undone += 1
            if not self.against_cpu or not self.is_cpu(self.turn):
                break
        self.move_seconds = 0.0
        self.draw_offer = None
        self.save()
        return undone

    def resign(self, color: int) -> None:
        if not self.finished:
            self._end(Outcome.win(1 - color, Termination.RESIGNATION))

    def offer_draw(self, color: int) -> None:
        if not self.finished:
            self.draw_offer = DrawOffer(color)

    def accept_draw(self, color: int) -> bool:
        if self.finished or self.draw_offer is None or self.draw_offer.by == color:
            return False
        self._end(Outcome.draw(Termination.AGREEMENT))
        return True

    def claim_draw(self) -> bool:
        if not self.can_claim_draw():
            return False
        self._end(Outcome.draw(Termination.REPETITION))
        return True

    def _end(self, outcome: Outcome) -> None:
        self.game.finish(outcome)
        self.draw_offer = None
        self.save()

    # ------------------------------------------------------------ files
    def save(self) -> Path | None:
        """Write the record (finished or not) to the saves folder; errors are kept for the UI."""
        if self.saves_folder is None or not self.game.moves:
            return None
        try:
            self.last_saved = self.game.save(self.saves_folder)
            self.save_error = None
        except (OSError, RecordError) as exc:
            self.save_error = f"could not save the game: {exc}"
        self._unsaved_plies = 0
        return self.last_saved
