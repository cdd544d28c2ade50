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

from datetime import datetime
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game import Game, Player, Position, RecordError, get_variant
from game.analysis import Strength, analyse_game
from game.line import GameLine
from gui.art.fonts import fit_text, font
from gui.art.schemes import get_scheme
from gui.audio import HIT, LASER, MOVE, ROTATE
from gui.colours import (
    BODY_TEXT,
    BRIGHT_GOLD,
    DISABLED,
    GOLD,
    LABEL_TEXT,
    PROBLEM_TEXT,
    SMALL_TEXT,
    STATUS_BG,
    STATUS_EDGE,
    TEXT,
    UNFINISHED_TEXT,
)
from gui.layout import px, style
from gui.library import format_when, player_label
from gui.screen import Screen
from gui.settings import LASER_SQUARES_PER_SECOND
from gui.widgets.analysis_panel import AnalysisPanel, mark_suffix
from gui.widgets.board_view import BoardView, Decorations
from gui.widgets.chrome import draw_background, panel
from gui.widgets.move_list import MoveList
from gui.widgets.player_panel import draw_panel_title, draw_player_card, panel_title_band, side_panel_layout

AUTOPLAY_PAUSE = 1.2  # seconds between moves at 1x, after each move's animation
SPEEDS: dict[str, float] = {"½×": 0.5, "1×": 1.0, "2×": 2.0, "4×": 4.0}
NAV = (
    ("first", "Start of the game (Home)"),
    ("prev", "Previous move (Left arrow)"),
    ("play", "Play the moves one after another (Space)"),
    ("next", "Next move, with its laser shot (Right arrow)"),
    ("last", "End of the game (End)"),
)


class ReplayScreen(Screen):
    name = "replay"
    title = "Replay"

    def __init__(
        self, app, game: Game | None = None, ply: int = 0, path: Path | None = None, **kwargs: Any
    ) -> None:
        super().__init__(app, **kwargs)
        if game is None:
            game = Game.new()
        self.game = game
        self.variant = get_variant(game.variant)
        try:
            self.line = GameLine.from_game(game, partial=True)
        except RecordError as exc:  # the start position itself is damaged: an empty replay
            self.line = GameLine(Position.setup(None, self.variant), game.time_control)
            self.line.problem = str(exc)
        self.problem = self.line.problem
        self.ply = max(0, min(ply, self.last_ply))
        s = app.settings
        self.view = BoardView(self.variant, s.board_scheme, s.show_coordinates)
        humans = [c for c in (0, 1) if game.players[c].kind == "human"]
        self.view.set_flipped(humans == [1])
        self.moves = MoveList(pygame.Rect(0, 0, 200, 200))
        line = self.line
        self.moves.set_moves(line.readables, first_side=line.first_turn, sides=line.sides)
        self.moves.set_current(self.ply)
        self.study = AnalysisPanel(app, game, self.view, path, self.line)  # analysis: strip, bar, best move
        self._marked = self.study.analysis
        self.moves.set_annotations(self.study.marks_for_list())
        self.playing = False
        self.speed = "1×"
        self.wait = 0.0  # seconds until autoplay's next move
        self.pending_hit = False
        self.demo_step_at: float | None = None  # screenshots: play the next move after this long
        self.buttons: dict[str, UIButton] = {}
        self.speed_buttons: dict[str, UIButton] = {}
        self.side_panel = pygame.Rect(0, 0, 0, 0)
        self.cards: dict[int, pygame.Rect] = {}
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.speed_label = pygame.Rect(0, 0, 0, 0)
        try:
            self.when_text = format_when(datetime.fromisoformat(game.started_at))
        except (TypeError, ValueError):
            self.when_text = ""
        self._apply_settings()
        self._show(self.ply, animate=False)
        if self.problem:
            app.notify(f"This record is damaged: {self.problem}. The replay stops before it.", "error")

    # ------------------------------------------------------------ state
    @property
    def last_ply(self) -> int:
        return len(self.line)

    def fen(self) -> str:
        """The position string of the position on the board."""
        return self.line.fen_at(self.ply)

    @property
    def playable(self) -> bool:
        """May a game start from the position on the board (no royal piece has fallen)?"""
        return self.ply == 0 or not self.line[self.ply - 1].effects.fallen

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
        self.ply = ply
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
        ply = max(0, min(int(ply), self.last_ply))
        if ply == self.ply and not self.view.busy:
            return
        self._show(ply, animate=ply == self.ply + 1)

    def step(self, delta: int) -> None:
        self.goto(self.ply + delta)

    def toggle_play(self) -> None:
        if self.playing:
            self.playing = False
        else:
            if self.ply >= self.last_ply:
                self.goto(0)
            self.playing = self.last_ply > 0
            self.wait = 0.25
        self._refresh_buttons()

    def set_speed(self, label: str) -> None:
        if label not in SPEEDS:
            return
        self.speed = label
        for name, button in self.speed_buttons.items():
            button.select() if name == label else button.unselect()

    def flip(self) -> None:
        self.view.set_flipped(not self.view.flipped)
        self.resize(self.app.window_size)

    def play_from_here(self) -> None:
        if "config" not in self.app.registry or not self.playable:
            return
        self.playing = False
        self.app.screens.push("config", variant=self.game.variant, fen=self.fen())

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        ui = self.app.ui
        layout = side_panel_layout(size, self.view.flipped, control_rows=3)
        self.side_panel, self.cards, self.status_rect = layout.panel, layout.cards, layout.status
        self.view.set_area(self.study.layout(layout.board_area, size))
        self.study.place_bar()
        self.study.build(root, size)
        self.moves.set_rect(layout.moves)
        inner, row_h, gap = layout.controls, layout.row_h, layout.gap
        by = inner.y
        self.buttons = {}
        nav_w = (inner.width - 4 * gap) // 5
        for i, (key, tip) in enumerate(NAV):
            self.buttons[key] = UIButton(
                pygame.Rect(inner.x + i * (nav_w + gap), by, nav_w, row_h),
                "",
                ui,
                container=root,
                object_id=style("btn", size),
                tool_tip_text=tip,
            )
        by += row_h + gap
        label_w = font(LABEL_TEXT.at(size), bold=True).size("Speed")[0] + px(14, size)
        self.speed_label = pygame.Rect(inner.x, by, label_w, row_h)
        seg_w = (inner.width - label_w - 3 * gap) // 4
        self.speed_buttons = {}
        for i, label in enumerate(SPEEDS):
            button = UIButton(
                pygame.Rect(inner.x + label_w + i * (seg_w + gap), by, seg_w, row_h),
                label,
                ui,
                container=root,
                object_id=style("segment", size),
                tool_tip_text="How fast autoplay moves on",
            )
            if label == self.speed:
                button.select()
            self.speed_buttons[label] = button
        by += row_h + gap
        flip_w = (inner.width - gap) * 2 // 5
        self.buttons["flip"] = UIButton(
            pygame.Rect(inner.x, by, flip_w, row_h),
            "Flip",
            ui,
            container=root,
            object_id=style("btn", size),
            tool_tip_text="Turn the board around (F)",
        )
        self.buttons["from_here"] = UIButton(
            pygame.Rect(inner.x + flip_w + gap, by, inner.width - flip_w - gap, row_h),
            "Play from here",
            ui,
            container=root,
            object_id=style("btn", size),
            tool_tip_text="Start a new game from the position on the board",
        )
        self._refresh_buttons()

    def teardown(self) -> None:
        self.buttons = {}
        self.speed_buttons = {}
        self.study.teardown()

    def exit(self) -> None:
        self.study.cancel()  # leaving: the analysis worker stops at once
        super().exit()

    def suspend(self) -> None:
        self.study.cancel()
        super().suspend()

    def _refresh_buttons(self) -> None:
        b = self.buttons
        if not b:
            return
        at_start, at_end = self.ply <= 0, self.ply >= self.last_ply
        states = {
            "first": not at_start,
            "prev": not at_start,
            "play": self.last_ply > 0,
            "next": not at_end,
            "last": not at_end,
            "flip": True,
            "from_here": "config" in self.app.registry and self.playable,
        }
        for key, enabled in states.items():
            button = b.get(key)
            if button is not None and button.is_enabled != enabled:
                button.enable() if enabled else button.disable()

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self.study.handle_event(event)
        if used is True:
            self.playing = False
            return True
        if isinstance(used, int) and not isinstance(used, bool):
            self.playing = False
            self._show(max(0, min(used, self.last_ply)), animate=used == self.ply + 1)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for label, button in self.speed_buttons.items():
                if event.ui_element is button:
                    self.set_speed(label)
                    return True
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if key is not None:
                self._button(key)
                return True
        ply = self.moves.handle_event(event)
        if ply is not None:
            self.playing = False
            self.goto(ply)
            return True
        if event.type == pygame.MOUSEWHEEL and self.view.rect.collidepoint(pygame.mouse.get_pos()):
            self.playing = False
            self.step(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_LEFT: lambda: self.step(-1),
                pygame.K_RIGHT: lambda: self.step(1),
                pygame.K_UP: lambda: self.step(-1),
                pygame.K_DOWN: lambda: self.step(1),
                pygame.K_HOME: lambda: self.goto(0),
                pygame.K_END: lambda: self.goto(self.last_ply),
            }
            action = keys.get(event.key)
            if action is not None:
                self.playing = False
                action()
                self._refresh_buttons()
                return True
            if event.key == pygame.K_SPACE:
                self.toggle_play()
                return True
            if event.key == pygame.K_f:
                self.flip()
                return True
        return super().handle_event(event)

    def _button(self, key: str) -> None:
        if key == "play":
            self.toggle_play()
            return
        if key == "flip":
            self.flip()
            return
        if key == "from_here":
            self.play_from_here()
            return
        self.playing = False
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
        if self.playing and not self.view.busy:
            self.wait -= dt
            if self.wait <= 0:
                if self.ply >= self.last_ply:
                    self.playing = False
                    self._refresh_buttons()
                else:
                    self.step(1)
                    self.wait = AUTOPLAY_PAUSE / SPEEDS[self.speed]

    @property
    def animating(self) -> bool:
        return (
            self.playing or self.view.effects_running or self.demo_step_at is not None or self.study.running
        )

    # ------------------------------------------------------------ drawing
    def side_label(self, color: int) -> str:
        return f"{self.variant.side_names[color]} · {player_label(self.game.players[color])}"

    def status_lines(self) -> tuple[str, str, tuple[int, int, int]]:
        """The status box: a main line, a second line, and the main line's colour."""
        names = self.variant.side_names
        line, n = self.line, self.last_ply
        turn = line.turn_at(self.ply)
        var = self.study.variation
        if var is not None:
            step = var.steps[var.index]
            where = f"move {var.base}" if var.base else "the start"
            return (
                f"Engine line from {where}",
                f"{var.index} of {len(var.steps) - 1}: {step.text}  ·  Esc: back",
                GOLD,
            )
        if self.ply == 0:
            main = "Start position"
        else:
            p = line[self.ply - 1]
            # full moves, as the move list numbers them; the action too where a side acts twice
            where = f"Move {p.number} of {line.full_move()}, {names[p.side]}"
            if line.several_actions:
                where += f", action {self.ply} of {n}"
            main = f"{where}:  {p.readable}  {mark_suffix(self.study.mark(self.ply))}".rstrip()
        verdict = self.study.status_text(self.ply)
        if verdict and not (self.ply == n and self.problem is None):
            return main, verdict, TEXT
        if self.ply == n and self.problem is None:
            outcome = self.game.outcome
            if outcome is not None:
                return main, outcome.describe(names, self.variant.royal_name), BRIGHT_GOLD
            return main, f"Unfinished game · {names[turn]} to move", UNFINISHED_TEXT
        if self.ply == n and self.problem is not None:
            return main, f"The record stops here: {self.problem}", PROBLEM_TEXT
        return main, f"{names[turn]} to move" + ("  ·  autoplay" if self.playing else ""), TEXT

    sketch_boards = True  # right-drag arrows, right-click circles, gone with the next step

    def notice_rect(self, size: tuple[int, int]) -> pygame.Rect:
        return panel_title_band(size, self.side_panel)  # notices over the title, never the board or panel

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_background(surface, self.app.settings.board_scheme)
        self.view.draw(surface)
        self.study.draw_board_extras(surface)
        draw_panel_title(surface, self.side_panel, "Replay", self.when_text or "")
        panel(surface, self.side_panel)
        for color, rect in self.cards.items():
            self._draw_card(surface, color, rect)
        self._draw_status(surface)
        self.moves.draw(surface)
        self.study.draw(surface)
        f = font(LABEL_TEXT.at(size), bold=True)
        label = f.render("Speed", True, GOLD)
        surface.blit(label, label.get_rect(midleft=(self.speed_label.x, self.speed_label.centery)))

    def status_rows(self, size: tuple[int, int]) -> tuple[str, str, tuple[int, int, int]]:
        """:meth:`status_lines` as the status box shows them at window ``size``: where the panel is
        too narrow for the main line, the move goes to the second line, before the verdict."""
        main, sub, colour = self.status_lines()
        where, _, move = main.partition(":  ")
        width = self.status_rect.inflate(-px(16, size), 0).w
        if move and font(BODY_TEXT.at(size), bold=True).size(main)[0] > width:
            main, sub = where, f"{move}  \u00b7  {sub}"
        return main, sub, colour

    def _draw_status(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        rect = self.status_rect
        pygame.draw.rect(surface, STATUS_BG, rect, border_radius=px(8, size))
        pygame.draw.rect(surface, STATUS_EDGE, rect, 1, border_radius=px(8, size))
        main, sub, colour = self.status_rows(size)
        inner = rect.inflate(-px(16, size), -px(6, size))
        big = font(BODY_TEXT.at(size), bold=True)
        small = font(SMALL_TEXT.at(size))
        total = big.get_linesize() + small.get_linesize()
        y = rect.centery - total // 2
        surface.blit(big.render(fit_text(big, main, inner.w), True, TEXT), (inner.x, y))
        surface.blit(
            small.render(fit_text(small, sub, inner.w), True, colour), (inner.x, y + big.get_linesize())
        )

    def _draw_card(self, surface: pygame.Surface, color: int, rect: pygame.Rect) -> None:
        line, ply = self.line, self.ply
        clocks = line.clocks_at(ply)
        finished = ply == self.last_ply and self.game.outcome is not None
        draw_player_card(
            surface,
            rect,
            self.variant,
            self.view.scheme,
            color,
            self.side_label(color),
            active=line.turn_at(ply) == color and not finished,
            captured=line.captured_by(color, ply),  # the opponent's pieces that fell to this side
            clock=clocks[color] if clocks is not None else None,
        )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        for key, button in self.buttons.items():
            if key in ("first", "prev", "play", "next", "last") and button.visible:
                colour = TEXT if button.is_enabled else DISABLED
                icon = "pause" if key == "play" and self.playing else key
                _draw_icon(surface, icon, button.rect, colour)


def _draw_icon(surface: pygame.Surface, icon: str, rect: pygame.Rect, colour) -> None:
    """Media-control glyphs drawn as shapes (crisp at every size, no font needed)."""
    s = max(6, min(rect.w, rect.h) * 0.36)
    cx, cy = rect.center

    def triangle(tip_x: float, direction: int) -> None:
        base = tip_x - direction * s * 0.9
        pygame.draw.polygon(surface, colour, [(tip_x, cy), (base, cy - s * 0.6), (base, cy + s * 0.6)])

    bar = max(2, int(s * 0.22))
    if icon in ("play", "pause"):
        pygame.draw.circle(surface, colour, (cx, cy), s * 1.05, max(2, int(s * 0.14)))
    if icon == "play":
        triangle(cx + s * 0.5, 1)
    elif icon == "pause":
        for dx in (-s * 0.26, s * 0.26):
            pygame.draw.rect(
                surface, colour, pygame.Rect(cx + dx - bar / 2 - 1, cy - s * 0.55, bar + 2, s * 1.1)
            )
    elif icon == "next":
        triangle(cx + s * 0.45, 1)
    elif icon == "prev":
        triangle(cx - s * 0.45, -1)
    elif icon == "last":
        triangle(cx + s * 0.3, 1)
        pygame.draw.rect(surface, colour, pygame.Rect(cx + s * 0.35, cy - s * 0.6, bar, s * 1.2))
    elif icon == "first":
        triangle(cx - s * 0.3, -1)
        pygame.draw.rect(surface, colour, pygame.Rect(cx - s * 0.35 - bar, cy - s * 0.6, bar, s * 1.2))


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
