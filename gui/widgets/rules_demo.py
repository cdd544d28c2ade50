"""A Rules page's board you play: it waits for the player to make the move the page teaches (with a
hint, and the move shown on request), then plays it with its beam.

The board takes the game's own move entry (:class:`gui.widgets.move_input.MoveInput`: clicks,
drags, Q/E/U to turn, a double-click to fire), so the page teaches the moves the game takes.
Only the taught move is played; any other legal move gets a word about what the page shows.
"""

from __future__ import annotations

from enum import Enum

import pygame

from game import Move, Position
from game.chance import decision_code
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN, ORIENTATION_LETTERS
from game.variants.base import Variant
from gui.notation import readable_move
from gui.rules_pages import Demo
from gui.widgets.board_view import BoardView
from gui.widgets.move_input import MoveInput
from gui.widgets.sketch import GREEN

TURN_WORDS = {CLOCKWISE: "clockwise (E)", COUNTER_CLOCKWISE: "anticlockwise (Q)", HALF_TURN: "half round (U)"}


class DemoState(Enum):
    WAITING = "waiting"  # for the player's move
    PLAYING = "playing"  # the move and its beam on screen
    DONE = "done"  # shown; Space or Again starts over


def hint_for(pos: Position, move: Move) -> str:
    """The move in a player's words: what to do with which piece, and how."""
    names = pos.geometry.names
    code = pos.board[move.from_square]
    piece = pos.variant.pieces.kind(code).name if code else "piece"
    frm, to = names[move.from_square], names[move.to_square]
    if move.fire:
        return f"fire the {piece} on {frm}: double-click it"
    if move.is_null:
        return f"click the {piece} on {frm} twice: it stays, and its shot still fires"
    if move.orientation is not None:
        facing = ["north", "east", "south", "west"][move.orientation]
        letter = ORIENTATION_LETTERS[move.orientation]
        return f"turn the {piece} on {frm} to face {facing} ({letter}): click it, then Q or E"
    if move.from_square == move.to_square:
        return f"turn the {piece} on {frm} {TURN_WORDS.get(move.rotation, '')}: click it, then the key"
    if move.then_square is not None:
        return f"swap the {piece} on {frm} with {to}, then step it to {names[move.then_square]}"
    if move.rotation:
        return f"swap the {piece} on {frm} with {to}, then turn it {TURN_WORDS.get(move.rotation, '')}"
    if move.chance is not None:
        return f"move the {piece} on {frm} to {to}: chance chooses where it lands"
    return f"move the {piece} on {frm} to {to}"


def same_move(played: Move, taught: Move) -> bool:
    """The taught move, whatever chance chose (the page shows the outcome it was written for)."""
    return decision_code(played.code) == decision_code(taught.code)


class RulesDemo:
    """One page's board: the position, the taught move, and the player's input."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self.input = MoveInput(view)
        self.demo: Demo | None = None
        self.variant: Variant | None = None
        self.position: Position | None = None
        self.state = DemoState.WAITING
        self.hinted = False  # the player asked for the hint: the move is drawn as an arrow
        self.note: str | None = None  # what the last refused move was told

    def start(self, demo: Demo | None, variant: Variant) -> None:
        """Set the page's position up and wait for the player."""
        self.demo, self.variant = demo, variant
        self.state = DemoState.WAITING
        self.hinted = False
        self.note = None
        self.view.sketch.clear()
        if demo is None:
            self.position = None
            self.input.set_position(None)
            self.view.show_position([0] * variant.geometry.size)
            self.view.deco.marks = {}
            return
        self.position = Position.from_fen(demo.fen, variant)
        self.view.show_position(self.position.board)
        self.input.set_position(self.position)
        self._marks()

    def _marks(self) -> None:
        assert self.position is not None and self.variant is not None
        marks = dict(self.variant.badges(self.position))
        self.view.deco.marks = marks

    @property
    def hint(self) -> str:
        """What the caption says now."""
        if self.demo is None or self.position is None:
            return ""
        side = self.position.variant.side_names[self.position.turn]
        if self.state is not DemoState.WAITING:
            start = Position.from_fen(self.demo.fen, self.position.variant)
            mover = start.variant.side_names[start.turn]  # the position has moved on: not its side to move
            return f"{mover} played {readable_move(start, self.demo.move)}. Space or Again: try it again"
        if self.note:
            return self.note
        how = hint_for(self.position, self.demo.move)
        return f"Your move as {side}: {how}" if self.hinted else f"Your move as {side}: H for a hint"

    def show_hint(self) -> None:
        """H: the taught move, as an arrow from the piece to where it goes."""
        if self.demo is None or self.state is not DemoState.WAITING:
            return
        self.hinted = True
        move = self.demo.move
        self.view.sketch.clear()
        if move.to_square != move.from_square:
            self.view.sketch.arrows[(move.from_square, move.to_square)] = GREEN
        else:
            self.view.sketch.circles[move.from_square] = GREEN

    def show_me(self) -> None:
        """Play the taught move for the player."""
        if self.demo is not None and self.state is DemoState.WAITING:
            self._play(self.demo.move)

    def again(self) -> None:
        if self.variant is not None:
            self.start(self.demo, self.variant)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Board input while waiting; True when the event was the board's."""
        if self.state is not DemoState.WAITING or self.position is None or self.demo is None:
            return False
        if event.type == pygame.KEYDOWN and event.key not in (pygame.K_q, pygame.K_e, pygame.K_u):
            return False  # the page's keys stay the page's
        pos = getattr(event, "pos", None)
        on_board = pos is not None and self.view.rect.collidepoint(pos)
        move = self.input.handle_event(event)
        if move is None:
            return on_board and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if same_move(move, self.demo.move):
            self._play(self.demo.move)
        else:
            self.note = (
                f"{self.position.move_text(move)} is legal, but this page shows another move: "
                f"{hint_for(self.position, self.demo.move)}"
            )
            self.hinted = True
            self.input.set_position(self.position)
        return True

    def _play(self, move: Move) -> None:
        assert self.position is not None
        self.input.set_position(None)
        effects = self.position.push(move)
        self.view.deco.selected = None
        self.view.deco.dots = self.view.deco.rings = frozenset()
        self.view.deco.last_move = tuple(
            s for s in (move.from_square, move.to_square, move.then_square) if s is not None
        )
        self.view.show_effects(self.position.board, effects)
        self.state = DemoState.PLAYING

    def update(self, dt: float) -> None:
        self.view.update(dt)
        if self.state is DemoState.PLAYING and not self.view.busy:
            self.state = DemoState.DONE
