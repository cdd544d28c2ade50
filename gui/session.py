"""A game being played: its line (game.line.GameLine: the one history), the time on the move being
thought about, takebacks, draws and autosave.

Pure logic with no pygame, so whole games can be tested without a window. The game controller
drives it (``tick`` every frame, ``play`` for each move); clocks and captured pieces are read from
the line, so the live game, a resumed one and the replay show the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

from game import Game, Outcome, Piece, Player, Position, RecordError, Termination
from game.chance import needs_draw, resolve
from game.effects import Effects
from game.line import GameLine
from game.move import Move
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

    def __init__(self, game: Game, saves_folder: Path | None = None, clock_waits: bool | None = None) -> None:
        """``clock_waits`` (the player's setting) applies to a game not yet begun: a side's first
        turn is then not on its clock. A resumed game keeps what its record says."""
        tc = game.time_control
        if tc is not None and clock_waits is not None and not game.moves and tc.waits != clock_waits:
            game.time_control = replace(tc, waits=clock_waits)
        self.game = game
        self.saves_folder = saves_folder
        self.line = GameLine.from_game(game)
        self.notices: list[str] = known_levels(game)  # what the screen should tell the player
        # time spent on the move not yet made (a resumed game: as much as when it was left)
        self.move_seconds = game.move_seconds if not game.finished else 0.0
        self.draw_offer: DrawOffer | None = None
        self.save_error: str | None = None
        self._unsaved_plies = 0
        self.last_saved: Path | None = None

    # ------------------------------------------------------------ queries
    @property
    def position(self) -> Position:
        return self.line.position

    @property
    def start_position(self) -> Position:
        return self.line.start

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
    def humans(self) -> list[int]:
        return [c for c in (0, 1) if not self.is_cpu(c)]

    @property
    def cpu_to_move(self) -> bool:
        return not self.finished and self.is_cpu(self.turn)

    @property
    def against_cpu(self) -> bool:
        return self.is_cpu(0) or self.is_cpu(1)

    def move_texts(self) -> list[str]:
        return self.line.texts

    @property
    def remaining(self) -> list[float] | None:
        """Each side's time left now: the line's clocks less the time on the move being made."""
        clocks = self.line.clocks_at(len(self.line))
        if clocks is None:
            return None
        out = list(clocks)
        if self.clock_running:
            out[self.turn] = max(0.0, out[self.turn] - self.move_seconds)
        return out

    def low_time(self, color: int) -> bool:
        remaining = self.remaining
        return remaining is not None and remaining[color] <= LOW_TIME

    def captured(self, color: int) -> list[Piece]:
        """Pieces of ``color`` lost so far, in the order they fell (shown beside their captors)."""
        return list(self.line.lost()[color])

    def can_claim_draw(self) -> bool:
        return not self.finished and self.position.repetition_count() >= 3

    def can_undo(self) -> bool:
        if self.outcome is not None and self.outcome.reason not in UNDOABLE_ENDINGS:
            return False
        if not self.line:
            return False
        if self.against_cpu:
            # Back to a position where a human is to move, with at least one human move undone.
            return self.line.moved_by(self.humans)
        return True

    # ------------------------------------------------------------ time
    def has_moved(self, color: int) -> bool:
        """Has ``color`` completed a turn in this game yet?"""
        return self.line.has_moved(color)

    @property
    def clock_running(self) -> bool:
        """The side to move's clock counts down now (a clock game, not over, and, when the clock
        waits, after that side's first turn)."""
        tc = self.game.time_control
        if tc is None or self.finished:
            return False
        return not tc.waits or self.has_moved(self.turn)

    def tick(self, dt: float) -> None:
        """The side to move thinks ``dt`` seconds more; a clock at zero loses."""
        if self.finished:
            return
        self.move_seconds += dt
        remaining = self.remaining
        if remaining is not None and self.clock_running and remaining[self.turn] <= 0.0:
            self._end(Outcome.win(1 - self.turn, Termination.TIMEOUT))

    # ------------------------------------------------------------ actions
    def play(self, move: Move) -> Effects:
        """Play a legal action for the side to move; returns its effects report to animate."""
        if self.finished:
            raise RecordError("the game is over")
        mover = self.turn
        move = self.resolve(move)
        effects = self.line.push(move, self.move_seconds).effects
        self.move_seconds = 0.0
        if self.draw_offer is not None and self.draw_offer.by != mover:
            self.draw_offer = None  # moving instead of accepting declines the offer
        self.position.legal_codes()  # the new position's moves, once: the outcome and the input read them
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
        return random.Random(f"{self.game.game_id}/{len(self.line)}")

    def undo(self) -> int:
        """Take back one action (two players) or back to the human's turn (against the CPU).

        A takeback gives no time back to the side that takes its move back: the time its undone
        actions took (and any spent since) stays on the move it now makes again."""
        if not self.can_undo():
            return 0
        if self.finished:
            self.game.outcome = None
            self.game.ended_at = None
        mover_before = self.turn
        spent = {mover_before: self.move_seconds}
        undone = 0
        while self.line:
            ply = self.line.pop()
            spent[ply.side] = spent.get(ply.side, 0.0) + ply.seconds
            undone += 1
            if not self.against_cpu or not self.is_cpu(self.turn):
                break
        self.move_seconds = spent.get(self.turn, 0.0)
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
        self.game.move_seconds = 0.0 if self.finished else round(self.move_seconds, 3)
        if self.saves_folder is None or not self.game.moves:
            return None
        try:
            self.last_saved = self.game.save(self.saves_folder)
            self.save_error = None
        except (OSError, RecordError) as exc:
            self.save_error = f"could not save the game: {exc}"
        self._unsaved_plies = 0
        return self.last_saved
