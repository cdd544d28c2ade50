"""A live preview for the Settings screen: a real Classic game playing itself on the shared board
view, so every board setting (colours, coordinates, legal-move dots, piece and laser animation,
"show my beam") is seen working the moment it changes."""

from __future__ import annotations

import random

import pygame

from game import Position
from game.move import Move
from gui.art.schemes import get_scheme
from gui.settings import Settings
from gui.widgets.board_view import BoardView, Decorations

SELECT_SECONDS = 1.3  # how long a piece stays selected (with its dots) before it moves
AFTER_SECONDS = 0.9  # pause after a move's animation
PLIES = 8  # moves before the demo starts again


class SettingsPreview:
    """A small self-playing board. ``apply(settings)`` each frame; ``update``; ``draw``."""

    def __init__(self, seed: int = 3) -> None:
        self.rng = random.Random(seed)
        self.position = Position.setup("Classic")
        self.view = BoardView(self.position.variant)
        self.view.show_position(self.position.board)
        self.phase = "select"
        self.timer = 0.0
        self.move: Move | None = None
        self.show_legal = True
        self.show_beam = False
        self._targets: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
        self._choose()

    def set_area(self, rect: pygame.Rect) -> None:
        self.view.set_area(rect)

    @property
    def rect(self) -> pygame.Rect:
        return self.view.rect

    def apply(self, settings: Settings) -> None:
        """Mirror the board-related settings (cheap; called every frame)."""
        scheme = get_scheme(settings.board_scheme)
        if self.view.scheme is not scheme:
            self.view.scheme = scheme
        self.view.coordinates = settings.show_coordinates
        self.view.laser_speed = settings.laser_squares_per_second
        self.view.piece_animation = settings.piece_animation
        self.show_legal = settings.show_legal_moves
        self.show_beam = settings.show_my_beam
        self._decorate()

    def _choose(self) -> None:
        """Pick the next move: one that destroys an enemy piece if there is one, else any step."""
        moves = list(self.position.legal_moves)
        if not moves:
            self.move = None
            self._targets = (frozenset(), frozenset())
            return
        turn = self.position.turn
        good = []
        for move in moves:
            effects = self.position.push(move)
            hit_enemy = any(r.color != turn for r in effects.lost)
            hit_own = any(r.color == turn for r in effects.lost)
            self.position.pop()
            if hit_enemy and not hit_own:
                good.append(move)
        steps = [m for m in moves if not m.is_rotation and m.from_square != m.to_square]
        self.move = self.rng.choice(good or steps or moves)
        frm = self.move.from_square
        targets = {m.to_square for m in moves if m.from_square == frm and m.to_square != frm}
        board = self.position.board
        self._targets = (
            frozenset(t for t in targets if board[t] == 0),
            frozenset(t for t in targets if board[t] != 0),
        )

    def _decorate(self) -> None:
        deco = Decorations(last_move=self.view.deco.last_move)
        if self.phase == "select" and self.move is not None:
            frm = self.move.from_square
            deco.selected = frm
            if self.show_legal:
                deco.dots, deco.rings = self._targets
        self.view.deco = deco
        self.view.overlay = [self.position.beam(self.position.turn)] if self.show_beam else []

    def update(self, dt: float) -> None:
        self.timer += dt
        if self.phase == "select" and self.timer >= SELECT_SECONDS:
            self._play()
        elif self.phase == "play" and not self.view.busy:
            self.phase = "after"
            self.timer = 0.0
        elif self.phase == "after" and self.timer >= AFTER_SECONDS:
            if self.position.is_game_over() or self.position.ply >= PLIES or self.move is None:
                self.position = Position.setup("Classic")
                self.view.show_position(self.position.board)
                self.view.deco = Decorations()
            self._choose()
            self.phase = "select"
            self.timer = 0.0
        self.view.update(dt)
        self._decorate()

    def _play(self) -> None:
        if self.move is None:
            self.phase = "after"
            return
        move = self.move
        effects = self.position.push(move)
        self.view.show_effects(self.position.board, effects)
        self.view.deco = Decorations(last_move=(move.from_square, move.to_square))
        self.phase = "play"
        self.timer = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
