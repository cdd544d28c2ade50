"""The game screen's board side: which position the move input works on (live, the premover's, or
none), the shot preview of the move pointed at, badges and premove marks, and showing what was
played (slides, beams, sounds) or browsed (a snapshot of the line, at once)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.effects import Effects
from game.move import Move
from game.position import Position
from gui.audio import HIT, LASER, MOVE, ROTATE
from gui.models.game_status import InputFacts
from gui.widgets.shot_preview import ShotPreview, ShotPreviewer, costly_squares

if TYPE_CHECKING:
    from gui.screens.game import GameScreen


class GameBoard:
    """The board of one game screen (``screen.view`` drawn, ``screen.input`` read)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.previewer = ShotPreviewer()
        self.preview: ShotPreview | None = None  # the shot of the move being pointed at
        self.pending_hit = False  # a burst still to sound when the beam arrives
        self._costly: tuple[object, frozenset[int]] = (None, frozenset())

    def sync(self) -> None:
        """Give the move input the position the controller says (live, premover's, or none)."""
        screen = self.screen
        c, view = screen.controller, screen.view
        busy = view.busy
        position = c.input_position(busy)
        screen.input.enabled = position is not None
        screen.input.set_position(position, c.line.last_move_squares(c.shown_ply))
        view.trace = list(c.position.last_shots) if c.live else []
        self.update_preview()
        view.overlay = []
        if screen.app.settings.show_my_beam and c.live and c.human_turn and not busy:
            view.overlay = [c.position.beam(c.session.turn)]
        self.mark()

    def update_preview(self) -> None:
        """Draw the beam of the move being pointed at, and mark what it would destroy."""
        screen = self.screen
        view, inp = screen.view, screen.input
        preview = screen.app.settings.preview_shot and not view.busy and not screen.controller.premoving
        move = inp.preview_move() if preview else None
        dragged = inp.dragging
        hidden = {inp.selected} if dragged and inp.selected is not None else set()
        view.costly = self.costly(inp.position, inp.targets())
        if move is None:
            self.preview = None
            view.preview_shots, view.preview_hits = [], {}
            view.preview_chances, view.preview_chanced = {}, 0
            view.deco.preview = None
            view.deco.hidden = frozenset(hidden)
            return
        self.preview = self.previewer.preview(screen.controller.position, move)
        view.preview_shots = list(self.preview.shots)
        view.preview_hits = dict(self.preview.hits)
        view.preview_chances = dict(self.preview.chances)
        view.preview_chanced = self.preview.chanced
        if move.from_square != move.to_square:
            hidden.add(move.from_square)  # the piece is shown faded where it leaves, ghosted where it goes
        view.deco.hidden = frozenset(hidden)
        view.deco.preview = None if dragged else self.preview.ghost

    def costly(self, position: Position | None, targets: dict[int, Move]) -> frozenset[int]:
        """The destinations whose move uses both actions of the turn, once per position and
        selection (the shipped rule sets answer from their rules; a rule set on the variant's
        default plays each move to find out: not on every mouse motion)."""
        key = (
            None
            if position is None
            else (position.hash, len(position.hashes), frozenset(m.code for m in targets.values()))
        )
        if key != self._costly[0]:
            self._costly = (key, costly_squares(position, targets))
        return self._costly[1]

    def mark(self) -> None:
        """Badges of the live position (pins, zombies) and the squares of a queued premove."""
        c = self.screen.controller
        marks: dict[int, str] = {}
        if c.live and not c.finished:
            marks = dict(c.variant.badges(c.position))
            if c.premove is not None:
                for sq in c.premove.move.squares:
                    marks[sq] = "pre"
        self.screen.view.deco.marks = marks

    def input_facts(self) -> InputFacts:
        """What the move input is doing, for the status line."""
        inp, view = self.screen.input, self.screen.view
        spin = view.spin if inp.dragging and view.spin is not None else None
        names = self.screen.controller.position.geometry.names
        return InputFacts(
            notice=inp.notice,
            prompt=inp.prompt,
            hover_reason=inp.hover_reason,
            has_selection=inp.has_selection,
            turning=names[spin[0]] if spin is not None else None,
            null_move=inp.null_move() is not None,
            own_hits=self.own_hits(),
        )

    def own_hits(self) -> tuple[str, ...]:
        """Own pieces the pointed move's shot would destroy (for the status line's warning)."""
        if self.preview is None or not self.preview.self_kill:
            return ()
        names = self.screen.controller.position.geometry.names
        return tuple(names[sq] for sq, mine in self.preview.hits.items() if mine)

    def premove_event(self, event: pygame.event.Event) -> bool:
        """Right-click and Esc clear a queued premove; in a two-player clock game a press on a piece
        of the side not to move switches the input to premoving (and back). True: used up."""
        screen = self.screen
        c, inp, view = screen.controller, screen.input, screen.view
        side = c.premove_side()
        if side is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if c.premove is not None and not inp.has_selection:
                c.clear_premove()
                self.mark()
                return True
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or not view.rect.collidepoint(event.pos):
            return False
        sq = view.square_at(event.pos)
        piece = c.position.piece_at(sq) if sq is not None else None
        movers = piece is not None and piece.color == c.session.turn and c.human_turn
        if event.button == 3 and c.premove is not None and not movers:
            c.clear_premove()  # right-click clears, as on lichess
            inp.clear()
            self.mark()
            return True
        if piece is not None and sq not in inp.targets() and c.want_premoving(piece.color == side):
            self.sync()
        return False

    # ------------------------------------------------------------ showing
    def animate(self, effects: Effects) -> None:
        """Show an action being played (slides, turns, the beam) and sound it."""
        screen = self.screen
        view, audio = screen.view, screen.app.audio
        view.show_effects(screen.controller.position.board, effects)
        audio.play(MOVE if effects.slides else ROTATE)
        if effects.beams and view.laser_speed is not None:
            audio.play(LASER)
        self.pending_hit = effects.destroyed
        if self.pending_hit and view.laser_speed is None:
            audio.play(HIT)
            self.pending_hit = False

    def show_played(self) -> bool:
        """Whatever was played since the last frame: animated (several at once: the last one)."""
        screen = self.screen
        played = screen.controller.take_played()
        if not played:
            return False
        screen.view.skip_animation()
        for effects in played[:-1]:
            screen.view.show_effects(screen.controller.position.board, effects)
        self.animate(played[-1])
        self.sync()
        return True

    def show_browsed(self) -> None:
        """The position the controller's cursor is on, from the line's snapshot (at once)."""
        screen = self.screen
        c = screen.controller
        screen.view.skip_animation()
        screen.view.show_position(c.position.board if c.live else c.line.board_at(c.shown_ply))
        screen.moves.set_current(c.shown_ply)
        self.sync()

    def show_last_shot(self) -> None:
        """Fire the last move's laser again on screen (L): to see what happened once more."""
        screen = self.screen
        c = screen.controller
        effects = c.position.last_effects
        if effects is not None and effects.beams and c.live and not screen.view.busy:
            screen.view.show_effects(c.position.board, effects, slide=False)
            screen.app.audio.play(LASER)
            self.sync()

    def update(self, dt: float) -> None:
        """Animations move on; the burst sounds when the beam arrives; the input follows the end."""
        screen = self.screen
        was_busy = screen.view.busy
        screen.view.update(dt)
        if self.pending_hit and not screen.view.beam_running:
            screen.app.audio.play(HIT)
            self.pending_hit = False
        if was_busy and not screen.view.busy:
            self.sync()
