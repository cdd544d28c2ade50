"""The replay: a recorded game on the game screen's board and move list, read-only.

``←``/``→`` step (each forward step slides the piece and fires that move's laser again),
``Home``/``End`` jump to the start and the end, a click on a move jumps there, ``Space``
starts and stops autoplay (with a speed control), ``F`` flips the board. "Play from here"
opens the game set-up with the position on the board.

The game's line (game/line.py) is built once when the screen opens, one push per move, and each
step shows a ply's snapshot, effects, clocks and lost pieces from it: stepping is instant and the
board, the clocks and the captured pieces are the ones the live game showed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game import Game, Player
from game.analysis import Strength, analyse_game
from gui.art.schemes import get_scheme
from gui.audio import HIT, LASER, MOVE, ROTATE
from gui.colours import BRIGHT_GOLD, GOLD, PROBLEM_TEXT, TEXT, UNFINISHED_TEXT
from gui.models.replay_model import SPEEDS, ReplayModel, Status
from gui.screen import Screen
from gui.screens.replay_panel import ReplayControls, draw_status, fit_status
from gui.settings import LASER_SQUARES_PER_SECOND
from gui.widgets.analysis_panel import AnalysisPanel, mark_suffix
from gui.widgets.board_view import BoardView, Decorations
from gui.widgets.chrome import draw_background, panel
from gui.widgets.move_list import MoveList
from gui.widgets.player_panel import draw_panel_title, draw_player_card, panel_title_band, side_panel_layout

__all__ = ["SPEEDS", "ReplayScreen", "screenshot_replay"]

TONES = {  # the status box's second line: its colour by what it says
    "engine": GOLD,
    "text": TEXT,
    "outcome": BRIGHT_GOLD,
    "unfinished": UNFINISHED_TEXT,
    "problem": PROBLEM_TEXT,
}


class ReplayScreen(Screen):
    name = "replay"
    title = "Replay"

    def __init__(
        self, app, game: Game | None = None, ply: int = 0, path: Path | None = None, **kwargs: Any
    ) -> None:
        super().__init__(app, **kwargs)
        self.model = model = ReplayModel(game if game is not None else Game.new(), ply)
        self.game, self.variant, self.line = model.game, model.variant, model.line  # fixed for the visit
        self.problem = model.problem
        s = app.settings
        self.view = BoardView(self.variant, s.board_scheme, s.show_coordinates)
        humans = [c for c in (0, 1) if self.game.players[c].kind == "human"]
        self.view.set_flipped(humans == [1])
        self.moves = MoveList(pygame.Rect(0, 0, 200, 200))
        self.moves.set_moves(self.line.readables, first_side=self.line.first_turn, sides=self.line.sides)
        self.moves.set_current(self.ply)
        self.study = AnalysisPanel(app, self.game, self.view, path, self.line)  # strip, bar, best move
        self._marked = self.study.analysis
        self.moves.set_annotations(self.study.marks_for_list())
        self.controls = ReplayControls()
        self.pending_hit = False
        self.demo_step_at: float | None = None  # screenshots: play the next move after this long
        self.side_panel = pygame.Rect(0, 0, 0, 0)
        self.cards: dict[int, pygame.Rect] = {}
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self._apply_settings()
        self._show(self.ply, animate=False)
        if self.problem:
            app.notify(f"This record is damaged: {self.problem}. The replay stops before it.", "error")

    # ------------------------------------------------------------ state (the model's)
    @property
    def ply(self) -> int:
        return self.model.ply

    @property
    def last_ply(self) -> int:
        return self.model.last_ply

    @property
    def playing(self) -> bool:
        return self.model.playing

    @property
    def speed(self) -> str:
        return self.model.speed

    @property
    def buttons(self) -> dict[str, UIButton]:
        return self.controls.buttons

    @property
    def speed_buttons(self) -> dict[str, UIButton]:
        return self.controls.speed_buttons

    def fen(self) -> str:
        """The position string of the position on the board."""
        return self.model.fen()

    def _apply_settings(self) -> None:
        s = self.app.settings
        scheme = get_scheme(s.board_scheme)
        if self.view.scheme is not scheme:
            self.view.scheme = scheme
        self.view.coordinates = s.show_coordinates
        self.view.laser_speed = LASER_SQUARES_PER_SECOND.get(s.laser_speed, 18.0)
        self.view.piece_animation = s.piece_animation

    def _show(self, ply: int, animate: bool) -> None:
        self.view.skip_animation()
        self.model.ply = ply
        board = self.line.board_at(ply)
        if animate and ply > 0:
            effects = self.line[ply - 1].effects
            self.view.show_effects(board, effects)
            audio = self.app.audio
            audio.play(MOVE if effects.slides else ROTATE)
            if effects.beams and self.view.laser_speed is not None:
                audio.play(LASER)
            self.pending_hit = effects.destroyed
            if self.pending_hit and self.view.laser_speed is None:
                audio.play(HIT)
                self.pending_hit = False
        else:
            self.view.show_position(board)
            self.pending_hit = False
        self.view.deco = Decorations(last_move=self.line.last_move_squares(ply))
        self.moves.set_current(ply)
        self.study.show_ply(ply)
        self._refresh_buttons()

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves: the next move is animated, any other jump is
        shown at once."""
        ply = self.model.clamp(ply)
        if ply == self.ply and not self.view.busy:
            return
        self._show(ply, animate=ply == self.ply + 1)

    def step(self, delta: int) -> None:
        self.goto(self.ply + delta)

    def toggle_play(self) -> None:
        first = self.model.toggle_play()
        if first is not None:
            self.goto(first)
        self._refresh_buttons()

    def set_speed(self, label: str) -> None:
        if self.model.set_speed(label):
            self.controls.select_speed(label)

    def flip(self) -> None:
        self.view.set_flipped(not self.view.flipped)
        self.resize(self.app.window_size)

    def play_from_here(self) -> None:
        if "config" not in self.app.registry or not self.model.playable:
            return
        self.model.playing = False
        self.app.screens.push("config", variant=self.game.variant, fen=self.fen())

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        layout = side_panel_layout(size, self.view.flipped, control_rows=3)
        self.side_panel, self.cards, self.status_rect = layout.panel, layout.cards, layout.status
        self.view.set_area(self.study.layout(layout.board_area, size))
        self.study.place_bar()
        self.study.build(root, size)
        self.moves.set_rect(layout.moves)
        self.controls.build(self.app.ui, root, size, layout.controls, (layout.row_h, layout.gap), self.speed)
        self._refresh_buttons()

    def teardown(self) -> None:
        self.controls.teardown()
        self.study.teardown()

    def exit(self) -> None:
        self.study.cancel()  # leaving: the analysis worker stops at once
        super().exit()

    def suspend(self) -> None:
        self.study.cancel()
        super().suspend()

    def _refresh_buttons(self) -> None:
        if self.controls.buttons:
            self.controls.enable(self.model.enabled("config" in self.app.registry))

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self.study.handle_event(event)
        if used is True:
            self.model.playing = False
            return True
        if isinstance(used, int) and not isinstance(used, bool):
            self.model.playing = False
            self._show(self.model.clamp(used), animate=used == self.ply + 1)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = self.controls.pressed(event.ui_element)
            if pressed is not None:
                kind, key = pressed
                self.set_speed(key) if kind == "speed" else self._button(key)
                return True
        ply = self.moves.handle_event(event)
        if ply is not None:
            self.model.playing = False
            self.goto(ply)
            return True
        if event.type == pygame.MOUSEWHEEL and self.view.rect.collidepoint(pygame.mouse.get_pos()):
            self.model.playing = False
            self.step(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return True
        return super().handle_event(event)

    def _key(self, key: int) -> bool:
        moves = {
            pygame.K_LEFT: "prev",
            pygame.K_RIGHT: "next",
            pygame.K_UP: "prev",
            pygame.K_DOWN: "next",
            pygame.K_HOME: "first",
            pygame.K_END: "last",
            pygame.K_SPACE: "play",
            pygame.K_f: "flip",
        }
        if key not in moves:
            return False
        self._button(moves[key])
        return True

    def _button(self, key: str) -> None:
        """A media button, Flip or Play from here, clicked or by its key."""
        if key == "play":
            self.toggle_play()
            return
        if key == "flip":
            self.flip()
            return
        if key == "from_here":
            self.play_from_here()
            return
        self.model.playing = False
        if key == "first":
            self.goto(0)
        elif key == "prev":
            self.step(-1)
        elif key == "next":
            self.step(1)
        elif key == "last":
            self.goto(self.last_ply)
        self._refresh_buttons()

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._apply_settings()
        self.study.update(dt)
        if self.study.analysis is not self._marked:
            self._marked = self.study.analysis
            self.moves.set_annotations(self.study.marks_for_list())
        if self.demo_step_at is not None:
            self.demo_step_at -= dt
            if self.demo_step_at <= 0:
                self.demo_step_at = None
                self.step(1)
        self.view.update(dt)
        if self.pending_hit and not self.view.beam_running:
            self.app.audio.play(HIT)
            self.pending_hit = False
        was_playing = self.playing
        if self.model.tick(dt, self.view.busy):
            self.step(1)
        elif was_playing and not self.playing:
            self._refresh_buttons()

    @property
    def animating(self) -> bool:
        return (
            self.playing or self.view.effects_running or self.demo_step_at is not None or self.study.running
        )

    # ------------------------------------------------------------ drawing
    def side_label(self, color: int) -> str:
        return self.model.side_label(color)

    def _status(self) -> Status:
        study = self.study
        mark = mark_suffix(study.mark(self.ply))
        return self.model.status(study.variation, mark, study.status_text(self.ply))

    def status_lines(self) -> tuple[str, str, tuple[int, int, int]]:
        """The status box: a main line, a second line, and the second line's colour."""
        status = self._status()
        return status.main, status.sub, TONES[status.tone]

    def status_rows(self, size: tuple[int, int]) -> tuple[str, str, tuple[int, int, int]]:
        """:meth:`status_lines` as the status box shows them at window ``size`` (the move on the
        second line where the panel is too narrow)."""
        status = fit_status(self._status(), self.status_rect, size)
        return status.main, status.sub, TONES[status.tone]

    sketch_boards = True  # right-drag arrows, right-click circles, gone with the next step

    def notice_rect(self, size: tuple[int, int]) -> pygame.Rect:
        return panel_title_band(size, self.side_panel)  # notices over the title, never the board or panel

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface, self.app.settings.board_scheme)
        self.view.draw(surface)
        self.study.draw_board_extras(surface)
        draw_panel_title(surface, self.side_panel, "Replay", self.model.when_text)
        panel(surface, self.side_panel)
        for color, rect in self.cards.items():
            card = self.model.card(color)
            draw_player_card(
                surface,
                rect,
                self.variant,
                self.view.scheme,
                color,
                card.label,
                active=card.active,
                captured=card.captured,
                clock=card.clock,
            )
        draw_status(surface, self.status_rect, *self.status_rows(surface.get_size()))
        self.moves.draw(surface)
        self.study.draw(surface)
        self.controls.draw(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.controls.draw_icons(surface, self.playing)


# A Khet game from ``python -m game match --white easy --black beginner --time-scale 0.1`` (1-0).
DEMO_MOVES = (
    "c1R g8g7 d1L a4b3 c5b5 a5b4 j5j6 g3f2 c4L f8e7 f1L b4a4 f4g5 e7f8 e4d3 f5e4 h2g3 e8d8 g3f3 f8e8 f3g4 "
    "e5d6 d3e2 e8e7 b5b6 a4L g5h5 g7f6 g4f5 d6e5 c4R e5f5 h5i6 d8L b6c5 f2f3 c5b5 g5h4 i6i7 h8i8 e2d1 e4f3 "
    "c4c5 h4h3 e2R f5e5 i7h8 e5d4 h8g7 f6g6 j4j5 g6h5 f5g5 a4R j6i6"
)


def screenshot_replay(app) -> ReplayScreen:
    """A CPU game, analysed, shown in the middle: the engine's best move as an arrow with its beam."""
    game = Game.new("khet", "Classic", players=(Player("cpu", level="Easy"), Player("cpu", level="Beginner")))
    pos = game.start_position()
    for text in DEMO_MOVES.split():
        pos.push(pos.parse_move(text))
        game.add_move(text, 2.0)
    if (outcome := pos.outcome()) is not None:
        game.finish(outcome)
    # A real analysis, shallower than the quick setting so the screenshot run stays fast.
    game.analysis = analyse_game(game, Strength("screenshot", 2, 1.0, "depth 2"))
    screen = ReplayScreen(app, game=game, ply=21)
    screen.demo_step_at = 0.3
    return screen
