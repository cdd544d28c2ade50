"""The replay: a recorded game on the game screen's board and move list, read-only.

``←``/``→`` step (each forward step slides the piece and fires that move's laser again),
``Home``/``End`` jump to the start and the end, a click on a move jumps there, ``Space``
starts and stops autoplay (with a speed control), ``F`` flips the board. "Play from here"
opens the game set-up with the position on the board.

Every position is computed once when the screen opens, by replaying the record's moves through
the rules, so stepping is instant and the board always matches the record.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game import Game, Piece, Player, Position, get_variant
from game.analysis import Strength, analyse_game
from game.effects import Effects
from game.errors import LaserChessError
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
from gui.notation import readable_texts
from gui.screen import Screen
from gui.settings import LASER_SQUARES_PER_SECOND
from gui.widgets.analysis_panel import AnalysisPanel, mark_suffix
from gui.widgets.board_view import BoardView, Decorations
from gui.widgets.chrome import draw_background, panel
from gui.widgets.move_arrow import move_squares
from gui.widgets.move_list import MoveList
from gui.widgets.player_panel import draw_panel_title, draw_player_card, side_panel_layout
from gui.wording import full_moves

AUTOPLAY_PAUSE = 1.2  # seconds between moves at 1x, after each move's animation
SPEEDS: dict[str, float] = {"½×": 0.5, "1×": 1.0, "2×": 2.0, "4×": 4.0}
NAV = (
    ("first", "Start of the game (Home)"),
    ("prev", "Previous move (Left arrow)"),
    ("play", "Play the moves one after another (Space)"),
    ("next", "Next move, with its laser shot (Right arrow)"),
    ("last", "End of the game (End)"),
)


@dataclass
class Ply:
    """One position of the game and the move that led to it (none for ply 0)."""

    board: list[int]
    fen: str
    turn: int
    text: str = ""
    effects: Effects | None = None  # what the move did (None for ply 0)
    squares: tuple[int, ...] = ()  # the move's squares, tinted on the board
    lost: tuple[tuple[Piece, ...], tuple[Piece, ...]] = ((), ())  # pieces each side has lost so far
    clocks: tuple[float, float] | None = None  # time left on each clock after this move
    playable: bool = True  # a legal starting position (a game can be started from it)


def replay_positions(game: Game) -> tuple[list[Ply], str | None]:
    """Every position of ``game`` from the start; stops at a move that cannot be played and says
    why (the second value), so a damaged record still shows what it can."""
    pos = game.start_position()
    variant = pos.variant
    tc = game.time_control
    clocks = [tc.initial, tc.initial] if tc else None
    lost: list[list[Piece]] = [[], []]

    def playable(position: Position) -> bool:
        try:
            Position.from_fen(position.fen(), variant, game.options)
        except LaserChessError:
            return False
        return position.loser < 0

    plies = [
        Ply(
            list(pos.board),
            pos.fen(),
            pos.turn,
            clocks=(clocks[0], clocks[1]) if clocks else None,
            playable=playable(pos),
        )
    ]
    for number, record in enumerate(game.moves, start=1):
        mover = pos.turn
        try:
            move = pos.parse_move(record.text)
            effects = pos.push(move)
        except LaserChessError as exc:
            return plies, f"move {number} ({record.text}) cannot be played: {exc}"
        for gone in effects.lost:
            lost[gone.code >> 2 & 1].append(Piece.from_code(gone.code))
        if clocks is not None and tc is not None:
            clocks[mover] = max(0.0, clocks[mover] - record.seconds) + tc.increment
        squares = move_squares(move)
        plies.append(
            Ply(
                list(pos.board),
                pos.fen(),
                pos.turn,
                record.text,
                effects,
                squares,
                (tuple(lost[0]), tuple(lost[1])),
                (clocks[0], clocks[1]) if clocks else None,
                playable(pos),
            )
        )
    return plies, None


def replay_texts(game: Game, plies) -> list[str]:
    """The move list's readable notation; the plain texts when a damaged record stops the replay."""
    try:
        return readable_texts(game)[: len(plies) - 1]
    except LaserChessError:
        return [p.text for p in plies[1:]]


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
        self.plies, self.problem = replay_positions(game)
        self.ply = max(0, min(ply, self.last_ply))
        s = app.settings
        self.view = BoardView(self.variant, s.board_scheme, s.show_coordinates)
        humans = [c for c in (0, 1) if game.players[c].kind == "human"]
        self.view.set_flipped(humans == [1])
        self.moves = MoveList(pygame.Rect(0, 0, 200, 200))
        self.sides = [p.turn for p in self.plies[:-1]]  # who made each move (a turn may be several)
        self.moves.set_moves(replay_texts(game, self.plies), first_side=self.plies[0].turn, sides=self.sides)
        self.moves.set_current(self.ply)
        self.study = AnalysisPanel(app, game, self.view, path)  # analysis: strip, bar, best move
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
        return len(self.plies) - 1

    @property
    def current(self) -> Ply:
        return self.plies[self.ply]

    def fen(self) -> str:
        """The position string of the position on the board."""
        return self.current.fen

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
        p = self.plies[ply]
        if animate and ply > 0:
            self.view.show_effects(p.board, p.effects)
            audio = self.app.audio
            audio.play(MOVE if p.effects is not None and p.effects.slides else ROTATE)
            if p.effects is not None and p.effects.beams and self.view.laser_speed is not None:
                audio.play(LASER)
            self.pending_hit = p.effects is not None and p.effects.destroyed
            if self.pending_hit and self.view.laser_speed is None:
                audio.play(HIT)
                self.pending_hit = False
        else:
            self.view.show_position(p.board)
            self.pending_hit = False
        self.view.deco = Decorations(last_move=p.squares)
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
        if "config" not in self.app.registry or not self.current.playable:
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
            "from_here": "config" in self.app.registry and self.current.playable,
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
        p = self.current
        n = self.last_ply
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
            where = f"Move {self.ply} of {n}"
            sides, first = self.sides, self.plies[0].turn
            if any(a == b for a, b in zip(sides, sides[1:], strict=False)):  # turns of several actions
                turns = full_moves(self.ply, first, sides), full_moves(n, first, sides)
                where = f"Move {turns[0]} of {turns[1]}, action {self.ply} of {n}"
            main = f"{where}:  {p.text}  {mark_suffix(self.study.mark(self.ply))}".rstrip()
        verdict = self.study.status_text(self.ply)
        if verdict and not (self.ply == n and self.problem is None):
            return main, verdict, TEXT
        if self.ply == n and self.problem is None:
            outcome = self.game.outcome
            if outcome is not None:
                return main, outcome.describe(names, self.variant.royal_name), BRIGHT_GOLD
            return main, f"Unfinished game · {names[p.turn]} to move", UNFINISHED_TEXT
        if self.ply == n and self.problem is not None:
            return main, f"The record stops here: {self.problem}", PROBLEM_TEXT
        return main, f"{names[p.turn]} to move" + ("  ·  autoplay" if self.playing else ""), TEXT

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

    def _draw_status(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        rect = self.status_rect
        pygame.draw.rect(surface, STATUS_BG, rect, border_radius=px(8, size))
        pygame.draw.rect(surface, STATUS_EDGE, rect, 1, border_radius=px(8, size))
        main, sub, colour = self.status_lines()
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
        p = self.current
        draw_player_card(
            surface,
            rect,
            self.variant,
            self.view.scheme,
            color,
            self.side_label(color),
            active=p.turn == color and not (self.ply == self.last_ply and self.game.outcome is not None),
            captured=p.lost[1 - color],  # the opponent's pieces this side has destroyed
            clock=p.clocks[color] if p.clocks is not None else None,
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
