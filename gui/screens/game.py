"""The game screen: the board, both players with clocks and captured pieces, the status line, the
move list, and the controls (rotate, takeback, draw, resign, flip). The CPU thinks in a worker
process; this screen only polls it, so the window keeps its full frame rate.

The rules live in the session (gui.session.GameSession) and the position; this screen turns
input into moves, animates what the rules report, and draws.
"""

from __future__ import annotations

import random

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UITextEntryLine

from game import Game, Move, Position
from game.errors import LaserChessError
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN
from game.pieces import Piece, code_color
from game.search.levels import get_level
from game.search.limits import Progress, SearchResult
from game.search.worker import SearchWorker, WorkerError
from gui import clipboard
from gui.art import chessmen
from gui.art.fonts import blit_wrapped, fitting_font, font
from gui.art.schemes import get_scheme
from gui.audio import GAME_OVER, HIT, LASER, MOVE, ROTATE
from gui.colours import (
    BOARD_VEIL,
    BODY_TEXT,
    BRIGHT_GOLD,
    DANGER_TEXT,
    HEADING,
    LARGE_TEXT,
    LINK_MARK,
    NOTICE_TEXT,
    PALE_BLUE,
    PROMPT_BLUE,
    QUIET_TEXT,
    RESULT_LINE,
    RESULT_TITLE,
    SELF_HIT,
    STATUS_BG,
    STATUS_EDGE,
    STATUS_TEXT,
    WARM_RED,
)
from gui.layout import px, style
from gui.notation import game_to_text, readable_move, readable_plies
from gui.paths import saves_dir
from gui.rules_pages import topic_for
from gui.screen import Screen
from gui.scripted_play import REPLY_DELAY, ScriptedTurns, describe
from gui.session import GameSession
from gui.settings import LASER_SQUARES_PER_SECOND
from gui.widgets.board_view import BoardView
from gui.widgets.chrome import draw_background, panel
from gui.widgets.form import button_text_width, row_rects, split_rows
from gui.widgets.move_input import MoveInput
from gui.widgets.move_list import MoveList
from gui.widgets.player_panel import draw_panel_title, draw_player_card, side_panel_layout
from gui.widgets.shot_preview import ShotPreview, ShotPreviewer
from gui.widgets.study_tools import WATCH_SPEEDS, GameStudy
from gui.wording import full_moves, move_count

DRAW_LABELS = ("Draw", "Claim draw", "Accept draw", "Sure?")  # every text the Draw button shows
MUTE_LABELS = ("Sound on", "Muted")  # the mute button names the current state
MUTE_SPEC = ("mute", MUTE_LABELS, "Turn all sound off or on (M); the volumes are in Settings")
ROTATION_BUTTONS = {"rotate_left": COUNTER_CLOCKWISE, "rotate_right": CLOCKWISE, "rotate_half": HALF_TURN}
CPU_ACCEPTS_DRAW_BELOW = -150  # the CPU takes a draw offer when its own score is this bad


def status_font(text: str, box: pygame.Rect, size: int) -> tuple[pygame.font.Font, int]:
    """The largest bold font (down to 10 px) in which ``text`` wraps into ``box`` whole, and the
    number of lines: the status line is never cut off."""
    return fitting_font(text, box, size, bold=True)


class GameScreen(Screen):
    name = "game"
    title = "Game"

    def __init__(
        self, app, game: Game | None = None, reshow_last_shot_after: float | None = None, **kw
    ) -> None:
        super().__init__(app, **kw)
        self.reshow_at = reshow_last_shot_after  # seconds until the last shot is shown again
        if game is None:
            game = Game.new()
        self.session = GameSession(game, saves_dir(), clock_waits=app.settings.clock_after_first_move)
        self.variant = self.session.variant
        for notice in self.session.notices:
            app.notify(notice, "error")
        s = app.settings
        self.view = BoardView(self.variant, s.board_scheme, s.show_coordinates)
        self.input = MoveInput(self.view)
        humans = [c for c in (0, 1) if not self.session.is_cpu(c)]
        self.view.set_flipped(humans == [1])
        self.moves = MoveList(pygame.Rect(0, 0, 200, 200))
        # the move list's notation (swaps and shot victims) and who made each move
        self.readable, self.sides = readable_plies(game)
        self.moves.set_moves(self.readable, first_side=self.session.start_position.turn, sides=self.sides)
        self.moves.set_current(len(game.moves))
        self.worker: SearchWorker | None = SearchWorker() if self.session.against_cpu else None
        self.thinking: Progress | None = None
        self.searching = False
        self.scripted = ScriptedTurns()  # scripted engines' moves (no worker: they are instant)
        self.cpu_score: int | None = None  # the CPU's last score, from its own point of view
        self.rng = random.Random()
        self.view_ply: int | None = None  # browsing an earlier position (None: the live one)
        self.pending_hit = False
        self.over_announced = self.session.finished
        self.error: str | None = None
        self._derived_cache: dict = {}
        self.premove: tuple[int, Move, str] | None = None  # (side, move, its text) queued
        self.premoving = False  # the move input holds the premover's position, not the live one
        self._premove_pos: tuple[tuple, Position] | None = None  # (key, position) cached
        self.typed_error: str | None = None  # why the typed move was refused
        self.widgets: dict[str, UITextEntryLine] = {}
        self.previewer = ShotPreviewer()
        self.preview: ShotPreview | None = None  # the shot of the move being pointed at
        self.deepest = 0  # deepest depth the CPU completed in its last search (for display)
        self.buttons: dict[str, UIButton] = {}
        self.over_buttons: dict[str, UIButton] = {}
        self.study = GameStudy(self)  # hint, threats, watching a CPU-vs-CPU game
        self.side_panel = pygame.Rect(0, 0, 0, 0)
        self.cards: dict[int, pygame.Rect] = {}
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.over_rect = pygame.Rect(0, 0, 0, 0)
        self._apply_settings()
        self.view.show_position(self.session.position.board)
        self._sync_input()

    # ------------------------------------------------------------ helpers
    @property
    def position(self):
        return self.session.position

    def side_label(self, color: int) -> str:
        player = self.session.player(color)
        side = self.variant.side_names[color]
        if player.script:
            return f"{side} · {describe(player)}"
        if player.kind == "cpu":
            return f"{side} · CPU {player.level}"
        if self.session.against_cpu:
            return f"{side} · You"
        return side

    def _apply_settings(self) -> None:
        s = self.app.settings
        self.view.scheme = get_scheme(s.board_scheme)
        self.view.coordinates = s.show_coordinates
        self.view.laser_speed = LASER_SQUARES_PER_SECOND.get(s.laser_speed, 18.0)
        self.view.piece_animation = s.piece_animation
        self.input.show_legal = s.show_legal_moves

    def _last_move_squares(self, ply: int | None = None) -> tuple[int, ...]:
        moves = self.position.history
        n = len(moves) if ply is None else ply
        if n == 0 or n > len(moves):
            return ()
        m = moves[n - 1]
        return tuple(dict.fromkeys(s for s in (m.from_square, m.to_square, m.then_square) if s is not None))

    def _derived(self) -> dict:
        """Facts about the live position that drawing needs, computed once per position."""
        key = (self.position.hash, len(self.session.game.moves))
        if self._derived_cache.get("key") != key:
            s = self.session
            self._derived_cache = {
                "key": key,
                "captured": {c: s.captured(c) for c in (0, 1)},
                "royal_in_beam": self.position.royal_in_beam(s.turn),
            }
        return self._derived_cache

    def _human_turn(self) -> bool:
        return not self.session.finished and not self.session.is_cpu(self.session.turn)

    def _sync_input(self) -> None:
        """Give the move input the live position when a human may move, the premover's position
        while a premove may be entered, else lock it."""
        live = self.view_ply is None
        side = self.premove_side() if live and not self.view.busy else None
        if side is None:
            self.premoving = False
        elif not self._human_turn():
            self.premoving = True  # against the CPU, its turn is the human's time to premove
        if self.premoving and side is not None:
            self.input.enabled = True
            self.input.set_position(self.premove_position(side), self._last_move_squares())
        elif live and self._human_turn() and not self.view.busy:
            self.input.enabled = True
            self.input.set_position(self.position, self._last_move_squares())
        else:
            self.input.enabled = False
            self.input.set_position(None, self._last_move_squares(self.view_ply))
        self.view.trace = list(self.position.last_shots) if live else []
        self._update_preview()
        self.view.overlay = []
        if self.app.settings.show_my_beam and live and self._human_turn() and not self.view.busy:
            self.view.overlay = [self.position.beam(self.session.turn)]
        self._marks()

    def _update_preview(self) -> None:
        """Draw the beam of the move being pointed at, and mark what it would destroy."""
        preview = self.app.settings.preview_shot and not self.view.busy and not self.premoving
        move = self.input.preview_move() if preview else None
        dragged = self.input.dragging
        hidden = {self.input.selected} if dragged and self.input.selected is not None else set()
        if move is None:
            self.preview = None
            self.view.preview_shots, self.view.preview_hits = [], {}
            self.view.deco.preview = None
            self.view.deco.hidden = frozenset(hidden)
            return
        self.preview = self.previewer.preview(self.position, move)
        self.view.preview_shots = list(self.preview.shots)
        self.view.preview_hits = dict(self.preview.hits)
        if move.from_square != move.to_square:
            hidden.add(move.from_square)  # the piece is shown faded where it leaves, ghosted where it goes
        self.view.deco.hidden = frozenset(hidden)
        self.view.deco.preview = None if dragged else self.preview.ghost

    def _marks(self) -> None:
        pos = self.position
        marks: dict[int, str] = {}
        if self.view_ply is None and not self.session.finished:
            marks = dict(self.variant.badges(pos))
            if self.premove is not None:
                move = self.premove[1]
                for sq in (move.from_square, move.to_square, move.then_square):
                    if sq is not None:
                        marks[sq] = "pre"
        self.view.deco.marks = marks

    # ------------------------------------------------------------ premoves
    def premove_side(self) -> int | None:
        """The side that may queue a move now: the human while the CPU is to move, or in a
        two-player clock game the side that just moved."""
        s = self.session
        if s.finished or self.view_ply is not None:
            return None
        if s.against_cpu and s.is_cpu(s.turn) and not s.is_cpu(1 - s.turn):
            return 1 - s.turn
        if not s.against_cpu and s.game.time_control is not None:
            return 1 - s.turn
        return None

    def premove_position(self, side: int) -> Position:
        """The live board with ``side`` to move: premoves are entered on it like any move (dots,
        rings, two-part swaps, turns); whether one is still legal is asked when its turn comes."""
        pos = self.position
        key = (pos.hash, len(self.session.game.moves), side)
        if self._premove_pos is None or self._premove_pos[0] != key:
            self._premove_pos = (key, Position(pos.variant, list(pos.board), side, pos.options))
        return self._premove_pos[1]

    def clear_premove(self) -> None:
        self.premove = None
        self._marks()

    def queue_premove(self, move: Move) -> None:
        """Keep a move entered during the opponent's turn, to be played when the turn comes."""
        side = self.premove_side()
        if side is None:
            return
        self.premove = (side, move, self.premove_position(side).move_text(move))
        self._marks()

    def _input_move(self, move: Move) -> None:
        """A complete move from the board, the keys or the turn buttons: played, or queued as a
        premove while the input holds the premover's position."""
        if self.premoving:
            self.input.clear()
            self.queue_premove(move)
        else:
            self.play_move(move)

    def _premove_event(self, event: pygame.event.Event) -> bool:
        """Right-click and Esc clear a queued premove; in a two-player clock game a press on a
        piece of the side not to move switches the input to premoving (and back). True when
        the event was used up."""
        side = self.premove_side()
        if side is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.premove is not None and not self.input.has_selection:
                self.clear_premove()
                return True
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or not self.view.rect.collidepoint(event.pos):
            return False
        sq = self.view.square_at(event.pos)
        code = self.position.board[sq] if sq is not None else 0
        movers = code and code_color(code) == self.session.turn and self._human_turn()
        if event.button == 3 and self.premove is not None and not movers:
            self.clear_premove()  # right-click clears, as on lichess
            self.input.clear()
            return True
        if self._human_turn() and code and sq not in self.input.targets():
            wanted = code_color(code) == side
            if wanted != self.premoving:
                self.premoving = wanted
                self._sync_input()
        return False

    def _play_premove(self) -> None:
        """The premover's turn has come: play the queued move if it is legal now, else drop it."""
        if self.premove is None or self.view.busy or self.view_ply is not None:
            return
        side, move, text = self.premove
        if self.session.finished or self.session.turn != side:
            return
        self.premove = None
        if move.code in self.position.generate_codes():
            self.input.clear()
            self.play_move(move)
        else:
            self.app.notify(f"Premove {text} dropped: it is not legal now.")
            self._marks()

    # ------------------------------------------------------------ layout
    def _control_specs(self) -> list[list[tuple[str, tuple[str, ...], str]]]:
        """The control buttons in two groups (rotations; game actions), each as (key, the labels
        it can show, longest first ... shortest, tooltip)."""
        controls = self.variant.controls
        rotations: list[tuple[str, tuple[str, ...], str]] = [
            ("rotate_left", ("Turn left", "Left"), "Rotate the selected piece counter-clockwise (Q)"),
            ("rotate_right", ("Turn right", "Right"), "Rotate the selected piece clockwise (E)"),
        ]
        if not controls.turn:
            rotations = []  # the variant's pieces never turn
        if controls.half_turn:
            rotations.insert(1, ("rotate_half", ("Half turn", "Half"), "Turn the selected piece around (U)"))
        if controls.fire:
            rotations.append(
                ("fire", ("Fire",), "Fire the selected laser, or your only one (X, or double-click a laser)")
            )
        if controls.end_turn:
            rotations.append(("end_turn", ("End turn", "End"), "End your turn without its remaining actions"))
        threats = ("threats", ("Threats",), "Show where the enemy laser could strike (T)")
        kinds = self.variant.pieces.kinds
        style = [("style", ("Pieces: FULL", "FULL"), "Draw the pieces FULL or FLAT (P)")]
        style = style if any(k.art in chessmen.DRAWINGS for k in kinds) else []
        lasers = [threats] if self.variant.pieces.emitter_numbers() else []  # no laser: no threats
        if not any(k.can_rotate for k in kinds):  # nothing turns: the row holds the piece style
            rotations = list(style)
            style = []
        if self.study.watching:  # CPU against CPU: watching controls instead of moves
            speeds = tuple(f"Speed {name}" for name in WATCH_SPEEDS)
            watch = [
                ("pause", ("Resume", "Pause"), "Pause or resume the game (Space)"),
                ("step", ("Step",), "Play one move while paused (N)"),
                ("speed", speeds, "The pause between moves"),
            ]
            flip = ("flip", ("Flip",), "Turn the board around (F)")
            return [watch, [*lasers, *rotations, *style, flip, MUTE_SPEC]]
        study = [*lasers, *style]
        if self.study.hints_allowed:
            study.insert(0, ("hint", ("Hint",), "Show the engine's best move here (H); hints are counted"))
        actions = [
            *study,
            ("undo", ("Undo",), "Take back your last move (against the CPU: your move and its reply)"),
            ("draw", DRAW_LABELS, "Offer a draw, or claim one on threefold repetition"),
            ("resign", ("Resign", "Sure?"), "Give up this game (press twice)"),
            ("flip", ("Flip",), "Turn the board around (F)"),
            MUTE_SPEC,
        ]
        return [rotations, actions]

    def _move_example(self) -> str:
        """Examples of the notation for the move field: Khet's, or a legal move of this game."""
        if any(k.can_rotate for k in self.variant.pieces.kinds) and not self.variant.controls.rotate_to:
            return "e4e5, c4R"
        moves = list(self.session.start_position.legal_moves)
        # a move and, where pieces turn to an orientation, a rotation (e.g. "a2a3, c1>E")
        examples = [m for m in moves if m.from_square != m.to_square and m.chance is None][:1]
        examples += [m for m in moves if m.orientation is not None][:1]
        return ", ".join(self.variant.move_text(m) for m in examples) or "from-to"

    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        ui = self.app.ui
        rotations, actions = self._control_specs()
        probe = side_panel_layout(size, self.view.flipped, control_rows=2)
        width, gap = probe.controls.width, probe.gap

        def need(labels: tuple[str, ...], kind: str = "btn") -> int:
            return max(button_text_width(ui, size, t, kind) for t in labels)

        # rotations: one row, with the short labels when the long ones do not fit
        long_fit = sum(need(labels[:1]) for _, labels, _ in rotations) + gap * (len(rotations) - 1) <= width
        rotation_labels = [labels[0] if long_fit else labels[-1] for _, labels, _ in rotations]
        action_needs = [need(labels, "danger" if k == "resign" else "btn") for k, labels, _ in actions]
        action_rows = split_rows(action_needs, width, gap)
        layout = side_panel_layout(size, self.view.flipped, control_rows=2 + len(action_rows))
        self.side_panel, self.cards, self.status_rect = layout.panel, layout.cards, layout.status
        self.view.set_area(layout.board_area)
        self.moves.set_rect(layout.moves)
        inner, row_h = layout.controls, layout.row_h

        def button(key: str, text: str, rect: pygame.Rect, tip: str) -> None:
            kind = "danger" if key == "resign" else "btn"
            self.buttons[key] = UIButton(
                rect, text, ui, container=root, object_id=style(kind, size), tool_tip_text=tip
            )

        self.buttons = {}
        entry = UITextEntryLine(
            pygame.Rect(inner.x, inner.y, width, row_h),
            ui,
            container=root,
            object_id=style("entry", size),
            placeholder_text="CPU against CPU: watching"
            if self.study.watching
            else f"Type a move ({self._move_example()}) and Enter",
        )
        if self.study.watching:
            entry.disable()  # no moves to type while watching
        entry.set_text_length_limit(24)
        entry.set_tooltip("Tab or / puts the keyboard here; Esc gives it back to the board")
        self.widgets = {"move_entry": entry}
        by = inner.y + row_h + gap
        needs = [button_text_width(ui, size, t) for t in rotation_labels]
        for (key, _, tip), text, rect in zip(
            rotations, rotation_labels, row_rects(needs, inner.x, by, width, row_h, gap), strict=True
        ):
            button(key, text, rect, tip)
        by += row_h + gap
        for row in action_rows:
            rects = row_rects([action_needs[i] for i in row], inner.x, by, width, row_h, gap)
            for i, rect in zip(row, rects, strict=True):
                key, labels, tip = actions[i]
                button(key, labels[0], rect, tip)
            by += row_h + gap
        self.over_buttons = {}
        if self.session.finished:
            self._build_over_panel()
        self._refresh_buttons()

    def _build_over_panel(self) -> None:
        if self.root is None:
            return
        size = self.app.window_size
        board = self.view.rect
        w = min(board.width - 40, max(320, px(460, size)))
        h = max(150, px(190, size))
        self.over_rect = pygame.Rect(0, 0, w, h)
        self.over_rect.center = board.center
        gap = max(6, px(10, size))
        bw = (w - 4 * gap) // 3
        bh = max(30, px(40, size))
        y = self.over_rect.bottom - bh - gap * 2
        for i, (key, text) in enumerate(
            (("rematch", "Rematch"), ("review", "Review"), ("menu", "Main menu"))
        ):
            rect = pygame.Rect(self.over_rect.x + gap + i * (bw + gap), y, bw, bh)
            self.over_buttons[key] = UIButton(
                rect, text, self.app.ui, container=self.root, object_id=style("btn", size)
            )
        if "replay" not in self.app.registry:
            self.over_buttons["review"].disable()

    def teardown(self) -> None:
        self.buttons, self.over_buttons, self.widgets = {}, {}, {}

    def _refresh_buttons(self) -> None:
        b = self.buttons
        if not b:
            return
        self._refresh_study_buttons()
        if "mute" in b:
            mute_text = MUTE_LABELS[1] if self.app.settings.muted else MUTE_LABELS[0]
            if b["mute"].text != mute_text:
                b["mute"].set_text(mute_text)
        if self.study.watching:
            return
        s = self.session
        can_act = not s.finished and self.view_ply is None
        for key, rotation in ROTATION_BUTTONS.items():
            if key in b:
                enabled = self.input.enabled and self.input.rotation_move(rotation) is not None
                b[key].enable() if enabled else b[key].disable()
        for key, find in (("fire", self.input.fire_move), ("end_turn", self.input.end_turn_move)):
            if key in b:
                b[key].enable() if self.input.enabled and find() is not None else b[key].disable()
        style_text = f"Pieces: {chessmen.style().upper()}"
        if "style" in b and b["style"].text != style_text:
            b["style"].set_text(style_text)
        human_moves = can_act and self._human_turn() or (can_act and s.cpu_to_move and s.against_cpu)
        b["undo"].enable() if s.can_undo() and not self.view.busy and self.view_ply is None else b[
            "undo"
        ].disable()
        b["resign"].enable() if human_moves else b["resign"].disable()
        b["draw"].enable() if human_moves else b["draw"].disable()
        draw_text = "Draw"
        if s.can_claim_draw():
            draw_text = "Claim draw"
        elif s.draw_offer is not None and not s.is_cpu(s.turn) and s.draw_offer.by != s.turn:
            draw_text = "Accept draw"
        if self.confirm.armed("draw"):
            draw_text = "Sure?"
        if b["draw"].text != draw_text:
            b["draw"].set_text(draw_text)
        resign_text = "Sure?" if self.confirm.armed("resign") else "Resign"
        if b["resign"].text != resign_text:
            b["resign"].set_text(resign_text)

    def _refresh_study_buttons(self) -> None:
        b, study = self.buttons, self.study
        if "threats" in b:
            b["threats"].select() if study.threats_on else b["threats"].unselect()
        if "hint" in b:
            b["hint"].enable() if study.can_hint() and not self.view.busy else b["hint"].disable()
        if "pause" in b:
            text = "Resume" if study.paused else "Pause"
            if b["pause"].text != text:
                b["pause"].set_text(text)
            live = not self.session.finished
            b["pause"].enable() if live else b["pause"].disable()
            b["step"].enable() if live and study.paused and not self.searching else b["step"].disable()
            speed = f"Speed {study.speed}"
            if b["speed"].text != speed:
                b["speed"].set_text(speed)

    # ------------------------------------------------------------ moves
    def play_move(self, move: Move) -> None:
        """Play a legal move for the side to move and start showing it."""
        move = self.session.resolve(move)  # a chance outcome is drawn before it is written
        self.readable.append(readable_move(self.position, move))
        self.sides.append(self.position.turn)
        effects = self.session.play(move)
        self.view.show_effects(self.position.board, effects)
        audio = self.app.audio
        audio.play(MOVE if effects.slides else ROTATE)
        if effects.beams and self.view.laser_speed is not None:
            audio.play(LASER)
        self.pending_hit = effects.destroyed
        if self.pending_hit and self.view.laser_speed is None:
            audio.play(HIT)
            self.pending_hit = False
        self.view_ply = None
        self.typed_error = None
        self.study.moved()
        if self.confirm.armed("draw"):
            self.confirm.cancel()
        self._refresh_move_list()
        self._sync_input()
        if self.session.save_error:
            self.app.notify(self.session.save_error, "error")

    def _start_cpu(self) -> None:
        if self.worker is None or self.searching:
            return
        player = self.session.player(self.session.turn)
        if player.script:
            self.scripted.start(player, 0.0 if self.study.watching else REPLY_DELAY)
            self.searching = True
            return
        level = get_level(player.level or "Medium")
        self.worker.start(self.position, level=level, seed=self.rng.randrange(1 << 30))
        self.searching = True
        self.thinking = None

    def _cancel_cpu(self) -> None:
        if self.worker is not None and self.searching:
            self.worker.cancel()
        self.scripted.cancel()
        self.searching = False
        self.thinking = None

    def _poll_cpu(self) -> None:
        if self.worker is None or not self.searching:
            return
        for item in self.worker.poll():
            if isinstance(item, Progress):
                self.thinking = item
                self.deepest = item.depth
            elif isinstance(item, SearchResult):
                self.searching = False
                self.thinking = None
                self.cpu_score = item.score
                if item.move is not None and self.session.cpu_to_move:
                    self.play_move(Move.from_code(item.move))
            elif isinstance(item, WorkerError):
                self.searching = False
                self.thinking = None
                self.error = f"The CPU stopped: {item.message}. Press Takeback or wait to retry."
                self.app.notify(self.error, "error")

    def undo(self) -> None:
        self._cancel_cpu()
        self.view.skip_animation()
        self.premove = None  # a takeback drops a queued premove (it was meant for another position)
        if self.session.undo():
            self.view.show_position(self.position.board)
            self._refresh_move_list()
            self.over_announced = False
            self._close_over_panel()
            self.error = None
        self._sync_input()

    def _refresh_move_list(self) -> None:
        del self.readable[len(self.session.game.moves) :]  # after a takeback
        del self.sides[len(self.session.game.moves) :]
        self.moves.set_moves(self.readable, first_side=self.session.start_position.turn, sides=self.sides)
        self.moves.set_current(len(self.session.game.moves))

    def show_last_shot(self) -> None:
        """Fire the last move's laser again on screen (L): to see what happened once more."""
        effects = self.position.last_effects
        if effects is not None and effects.beams and self.view_ply is None and not self.view.busy:
            self.view.show_effects(self.position.board, effects, slide=False)
            self.app.audio.play(LASER)
            self._sync_input()

    def _close_over_panel(self) -> None:
        for button in self.over_buttons.values():
            button.kill()
        self.over_buttons = {}

    # ------------------------------------------------------------ browsing earlier positions
    def browse(self, ply: int | None) -> None:
        total = len(self.session.game.moves)
        if ply is not None and (ply >= total or ply < 0):
            ply = None if ply is not None and ply >= total else 0
        if ply == self.view_ply:
            return
        self.view.skip_animation()
        self.view_ply = ply
        board = self.position.board if ply is None else self.session.game.position_at(ply).board
        self.view.show_position(board)
        self.moves.set_current(total if ply is None else ply)
        self._sync_input()

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.session
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element) or super().handle_event(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.widgets.get(
            "move_entry"
        ):
            self.type_move(event.text)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get(
            "move_entry"
        ):
            self.typed_error = None
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.status_rect.collidepoint(event.pos)
            and "rules" in self.app.registry
        ):
            # every status-line message links to the rule it is about
            self.app.screens.push("rules", variant=self.variant.name, topic=topic_for(self.status_text()[0]))
            return True
        if self._premove_event(event):
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and self.view_ply is not None
            and self.view.rect.collidepoint(event.pos)
        ):
            self.browse(None)  # a click on the board while browsing returns to the live position
            return True
        ply = self.moves.handle_event(event)
        if ply is not None:
            self.browse(ply)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.input.has_selection:
                self.input.clear()  # Esc drops the selection (and a half-entered swap) first
                self._update_preview()
                return True
            if event.key == pygame.K_ESCAPE and self.input.cursor is not None:
                self.input.hide_cursor()  # then the board cursor; a third Esc leaves
                return True
            if self.input.choosing_promotion:  # the letter keys name the piece: no shortcuts now
                move = self.input.handle_event(event)
                if move is not None:
                    self._input_move(move)
                return True
            if event.key in (pygame.K_TAB, pygame.K_SLASH) and "move_entry" in self.widgets:
                self.app.ui.set_focus_set(self.widgets["move_entry"])  # type a move
                return True
            if event.key == pygame.K_c and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.copy_game_text()
                return True
            if event.key == pygame.K_f:
                self.flip()
                return True
            if event.key == pygame.K_p and "style" in self.buttons:
                self.toggle_piece_style()
                return True
            if event.key == pygame.K_l:
                self.show_last_shot()
                return True
            if event.key == pygame.K_x and "fire" in self.buttons:
                move = self.input.fire_move() if self.input.enabled else None
                if move is not None:  # X fires the selected Laser, or the only one that may fire
                    self.input.clear()
                    self._input_move(move)  # a premove during the opponent's turn, as the Fire button
                return True
            if event.key == pygame.K_m and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.toggle_mute()
                return True
            study_key = {
                pygame.K_h: "hint",
                pygame.K_t: "threats",
                pygame.K_SPACE: "pause",
                pygame.K_n: "step",
            }
            if study_key.get(event.key) in self.buttons:
                self._study_button(study_key[event.key])
                return True
            if (not self.input.has_selection and self.input.cursor is None) or self.view_ply is not None:
                step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key)
                current = len(s.game.moves) if self.view_ply is None else self.view_ply
                if step is not None:
                    self.browse(current + step)
                    return True
                if event.key == pygame.K_HOME:
                    self.browse(0)
                    return True
                if event.key == pygame.K_END:
                    self.browse(None)
                    return True
        if event.type == pygame.MOUSEMOTION:
            over = next(
                (
                    rotation
                    for key, rotation in ROTATION_BUTTONS.items()
                    if key in self.buttons and self.buttons[key].rect.collidepoint(event.pos)
                ),
                None,
            )
            self.input.hover_rotation = over  # a rotation button under the mouse: preview that turn
            fire = self.buttons.get("fire")
            self.input.hover_fire = fire is not None and fire.rect.collidepoint(event.pos)  # its shot
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN):
            move = self.input.handle_event(event)
            self._update_preview()
            if move is not None:
                self._input_move(move)
                return True
            if event.type != pygame.MOUSEMOTION and event.type != pygame.KEYDOWN:
                return True
        return super().handle_event(event)

    def copy_game_text(self) -> str:
        """Ctrl+C: the game as plain text with headers (Past games imports it back)."""
        text = game_to_text(self.session.game)
        if clipboard.put_text(text):
            self.app.notify("The game is on the clipboard as text: Ctrl+V in Past games imports it.")
        else:
            self.app.notify("No system clipboard: the game is on the app's own one (Ctrl+V in Past games).")
        return text

    def type_move(self, text: str) -> bool:
        """A typed move (``e4e5``, ``c4R``): played if legal, else the rules' reason is shown."""
        text = text.strip()
        entry = self.widgets.get("move_entry")
        if not text:
            return False
        if self.view_ply is not None:
            self.browse(None)
        side = self.premove_side()
        premove = not self._human_turn() and side is not None  # typed during the CPU's turn: queued
        if (not self._human_turn() and not premove) or self.view.busy:
            self.typed_error = (
                f"{text}: wait for your turn" if not self.session.finished else "The game is over"
            )
            return False
        try:
            move = (
                self.premove_position(side) if premove and side is not None else self.position
            ).parse_move(text)
        except LaserChessError as exc:
            self.typed_error = str(exc)
            return False
        self.typed_error = None
        if entry is not None:
            entry.set_text("")
        self.input.clear()
        if premove:
            self.queue_premove(move)
        else:
            self.play_move(move)
        return True

    def _button(self, element) -> bool:
        s = self.session
        for over_key, button in self.over_buttons.items():
            if element is button:
                if over_key == "rematch":
                    self.rematch()
                elif over_key == "review" and "replay" in self.app.registry:
                    self.app.screens.push("replay", game=s.game, ply=len(s.game.moves))
                elif over_key == "menu":
                    self.app.screens.home()
                return True
        key = next((k for k, b in self.buttons.items() if b is element), None)
        if key is None:
            return False
        if key in ("hint", "threats", "pause", "step", "speed"):
            self._study_button(key)
        elif key in ROTATION_BUTTONS or key in ("fire", "end_turn"):
            if key == "fire":
                move = self.input.fire_move()
            elif key == "end_turn":
                move = self.input.end_turn_move()
            else:
                move = self.input.rotation_move(ROTATION_BUTTONS[key])
            if move is not None:
                self.input.clear()
                self._input_move(move)
        elif key == "undo":
            self.undo()
        elif key == "flip":
            self.flip()
        elif key == "mute":
            self.toggle_mute()
        elif key == "resign":
            if self.confirm.press("resign", "Resign? Press Resign again to give up this game."):
                self._cancel_cpu()
                humans = [c for c in (0, 1) if not s.is_cpu(c)]
                s.resign(s.turn if s.turn in humans else humans[0])
        elif key == "draw":
            self._draw_pressed()
        elif key == "style":
            self.toggle_piece_style()
        self._refresh_buttons()
        return True

    def _study_button(self, key: str) -> None:
        study = self.study
        if key == "hint":
            study.request_hint()
        elif key == "threats":
            study.toggle_threats()
        elif key == "pause":
            study.paused = not study.paused
        elif key == "step" and study.paused:
            study.step_once = True
        elif key == "speed":
            study.next_speed()
        self._refresh_buttons()

    def toggle_piece_style(self) -> None:
        """FULL <-> FLAT chessmen, at any time (remembered in the settings)."""
        chessmen.set_style("flat" if chessmen.style() == "full" else "full")
        self.app.settings.piece_style = chessmen.style()
        self.app.save_settings()

    def _draw_pressed(self) -> None:
        s = self.session
        if s.can_claim_draw():
            s.claim_draw()
            return
        offer = s.draw_offer
        if offer is not None and not s.is_cpu(s.turn) and offer.by != s.turn:
            s.accept_draw(s.turn)
            return
        if not self.confirm.press("draw", "Offer a draw? Press Draw again to offer it."):
            return
        mover = s.turn if not s.is_cpu(s.turn) else 1 - s.turn
        s.offer_draw(mover)
        cpu = 1 - mover
        if s.is_cpu(cpu):
            if self.cpu_score is not None and self.cpu_score <= CPU_ACCEPTS_DRAW_BELOW:
                self._cancel_cpu()
                s.accept_draw(cpu)
            else:
                s.draw_offer = None
                self.app.notify("The CPU declines the draw.")
        else:
            self.app.notify(f"{self.variant.side_names[mover]} offers a draw.")

    def toggle_mute(self) -> None:
        """Sound on/off for the whole app; saved with the other settings."""
        self.app.update_settings(muted=not self.app.settings.muted)
        self._refresh_buttons()

    def flip(self) -> None:
        self.view.set_flipped(not self.view.flipped)
        self.resize(self.app.window_size)

    def rematch(self) -> None:
        old = self.session.game
        game = Game(
            start_fen=old.start_fen,
            variant=old.variant,
            setup=old.setup,
            options=old.options,
            players=(old.players[1], old.players[0]),
            time_control=old.time_control,
            hints_allowed=old.hints_allowed,
        )
        self.app.screens.replace("game", game=game)

    # ------------------------------------------------------------ leaving
    def request_leave(self, proceed) -> None:
        s = self.session
        leave = "Leave the game? Press again to leave: it is saved, and Continue or Past games resumes it."
        if s.finished or not s.game.moves or self.confirm.press("leave", leave):
            self.confirm.cancel()
            proceed()

    def exit(self) -> None:
        self.study.close()
        self._cancel_cpu()
        self.session.save()
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        super().exit()

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._apply_settings()
        if self.reshow_at is not None:
            self.reshow_at -= dt
            if self.reshow_at <= 0:
                self.reshow_at = None
                self.show_last_shot()
        was_busy = self.view.busy
        self.view.update(dt)
        if self.pending_hit and not self.view.beam_running:
            self.app.audio.play(HIT)
            self.pending_hit = False
        s = self.session
        if not self.view.busy:
            if was_busy:
                self._sync_input()
            self._play_premove()
            s.tick(dt)
            if s.cpu_to_move and not self.searching and self.error is None and self.study.may_start_cpu(dt):
                self._start_cpu()
        if self.searching and self.scripted.active and not self.view.busy:
            move = self.scripted.tick(dt, self.position)
            if not self.scripted.active:
                self.searching = False
                if move is not None and s.cpu_to_move:
                    self.play_move(move)
        self._poll_cpu()
        self.study.update(dt)
        if s.finished and not self.over_announced and not self.view.busy:
            self.over_announced = True
            self._cancel_cpu()
            self.app.audio.play(GAME_OVER)
            self._sync_input()
            self._build_over_panel()
        self._refresh_buttons()

    @property
    def animating(self) -> bool:
        """Frames are needed while something moves: a shot or slide, a running clock, the CPU
        thinking (its depth is shown), a replayed shot still to come."""
        s = self.session
        clock_running = s.clock_running
        return (
            self.view.busy
            or self.view.effects_running
            or self.searching
            or (s.cpu_to_move and self.error is None)
            or clock_running
            or self.reshow_at is not None
            or self.input.dragging
            or self.study.thinking
        )

    def turn_note(self) -> str | None:
        """What is left of the live turn, in the rule set's words ("1 action left"), or None (a
        finished game, an earlier position on the board, or a rule set of one move a turn)."""
        if self.session.finished or self.view_ply is not None:
            return None
        return self.variant.turn_progress(self.position)

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        s = self.session
        names = self.variant.side_names
        if s.outcome is not None:  # the game is over
            return s.outcome.describe(names, self.variant.royal_name), BRIGHT_GOLD
        if self.view_ply is not None:
            first = s.start_position.turn
            here = full_moves(self.view_ply, first, self.sides)
            total = full_moves(len(s.game.moves), first, self.sides)
            return (
                f"Viewing move {here} of {total} — End returns to the game",
                PALE_BLUE,
            )
        if self.error:
            return self.error, WARM_RED
        study = self.study.status() if self.preview is None else None
        if study is not None:
            return study
        if self.preview is not None and self.preview.self_kill:
            own = [self.position.geometry.names[sq] for sq, mine in self.preview.hits.items() if mine]
            return f"Careful: this move's shot destroys your own piece on {', '.join(own)}", SELF_HIT
        if self.typed_error:
            return self.typed_error, WARM_RED
        if self.input.notice:
            return self.input.notice, NOTICE_TEXT
        if self.input.prompt:
            return self.input.prompt, PROMPT_BLUE
        if self.input.hover_reason:
            return self.input.hover_reason, NOTICE_TEXT
        turn = s.turn
        if self.premove is not None:
            return f"Premove {self.premove[2]} queued (right-click or Esc clears)", PALE_BLUE
        if self.premoving and self.input.has_selection:
            return "Premove: click where it should go, or Q/E to turn (Esc drops it)", PALE_BLUE
        if s.is_cpu(turn):
            depth = f" (depth {self.thinking.depth})" if self.thinking else ""
            return f"{names[turn]} (CPU) is thinking…{depth}", QUIET_TEXT
        if self._derived()["royal_in_beam"]:
            whose = "Your" if s.against_cpu else f"{names[turn]}'s"
            return f"{whose} {self.variant.royal_name} is in the enemy beam!", DANGER_TEXT
        if s.draw_offer is not None and s.draw_offer.by != turn:
            return f"{names[s.draw_offer.by]} offers a draw: Accept, or move to decline", BRIGHT_GOLD
        if s.can_claim_draw():
            return "Threefold repetition: you may claim a draw", BRIGHT_GOLD
        if self.input.null_move() is not None:
            return "Click the King again for a null move (it must zap something)", PROMPT_BLUE
        text = f"Your move ({names[turn]})" if s.against_cpu else f"{names[turn]} to move"
        left = self.turn_note()
        return (f"{text} · {left}" if left else text), STATUS_TEXT

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_background(surface, self.app.settings.board_scheme)
        self.view.draw(surface)
        self.study.draw(
            surface, self.input.preview_move() if self.input.enabled and not self.premoving else None
        )
        game = self.session.game
        details = [game.setup or "Custom position"]
        if game.time_control is not None:
            details.append(game.time_control.label())
        draw_panel_title(surface, self.side_panel, self.variant.title, " · ".join(details))
        panel(surface, self.side_panel)
        for color, rect in self.cards.items():
            self._draw_card(surface, color, rect)
        text, colour = self.status_text()
        pygame.draw.rect(surface, STATUS_BG, self.status_rect, border_radius=px(8, size))
        pygame.draw.rect(surface, STATUS_EDGE, self.status_rect, 1, border_radius=px(8, size))
        box = self.status_rect.inflate(-px(16, size), -px(6, size))
        box.width -= px(18, size)  # room for the "?" that says the line links to the rules
        f, lines = status_font(text, box, BODY_TEXT.at(size))
        blit_wrapped(surface, text, f, colour, box, max_lines=lines)
        if "rules" in self.app.registry:
            r = max(6, px(8, size))
            centre = (self.status_rect.right - r - px(6, size), self.status_rect.centery)
            pygame.draw.circle(surface, STATUS_EDGE, centre, r, 1)
            mark = font(max(9, r + 3), bold=True).render("?", True, LINK_MARK)
            surface.blit(mark, mark.get_rect(center=centre))
        self.moves.draw(surface)
        if self.session.finished and self.over_buttons:
            self._draw_over(surface)

    def _draw_card(self, surface: pygame.Surface, color: int, rect: pygame.Rect) -> None:
        s = self.session
        thinking = self.thinking if not s.finished and s.turn == color and s.is_cpu(color) else None
        draw_player_card(
            surface,
            rect,
            self.variant,
            self.view.scheme,
            color,
            self.side_label(color),
            active=not s.finished and s.turn == color,
            captured=self._shown_captures(self._derived()["captured"][1 - color]),
            clock=s.remaining[color] if s.remaining is not None else None,
            low_time=s.low_time(color),
            note=f"depth {thinking.depth}" if thinking is not None else None,
            turn_note=self.turn_note() if s.turn == color else None,
        )

    def _shown_captures(self, captured: list[Piece]) -> list[Piece]:
        """The captured pieces, less those still standing on the board while a shot is shown
        (a piece counts once it has burst)."""
        out = list(captured)
        for code in self.view.unburst():
            kind, color = code >> 3, code >> 2 & 1
            same = [i for i, p in enumerate(out) if int(p.kind) == kind and int(p.color) == color]
            if same:
                del out[same[-1]]
        return out

    def _draw_over(self, surface: pygame.Surface) -> None:
        outcome = self.session.outcome
        if outcome is None:  # only a finished game has this panel
            return
        size = surface.get_size()
        veil = pygame.Surface(self.view.rect.size, pygame.SRCALPHA)
        veil.fill(BOARD_VEIL)
        surface.blit(veil, self.view.rect)
        panel(surface, self.over_rect, alpha=235)
        s = self.session
        title = "Draw" if outcome.winner is None else f"{self.variant.side_names[outcome.winner]} wins"
        if outcome.winner is not None and s.against_cpu and not self.study.watching:
            title = "You win!" if not s.is_cpu(outcome.winner) else "The CPU wins"
        won = outcome.winner
        winner = s.player(won) if won is not None else None
        if won is not None and winner is not None and winner.script:
            title = f"Engine {winner.script} wins" if s.is_cpu(1 - int(won)) else "The engine wins"
        big = font(RESULT_TITLE.at(size), bold=True).render(title, True, HEADING)
        surface.blit(big, big.get_rect(midtop=(self.over_rect.centerx, self.over_rect.y + px(16, size))))
        reason = outcome.reason_text(self.variant.royal_name)
        moves = move_count(len(s.game.moves), s.start_position.turn, self.sides)
        small = font(LARGE_TEXT.at(size)).render(
            f"{reason[0].upper()}{reason[1:]} · {moves}",
            True,
            RESULT_LINE,
        )
        surface.blit(small, small.get_rect(midtop=(self.over_rect.centerx, self.over_rect.y + px(62, size))))


SCREENSHOT_MOVES = ("j5j6", "c7d8", "j6j7", "h5g5", "d6d5", "d8L", "j7R", "e5d4", "f4g4", "g3f3", "j4j5")


def screenshot_game_screen(app) -> GameScreen:
    """A two-player Classic game in progress, its last shot in flight when the picture is taken."""
    game = Game.new("khet", "Classic")
    pos = game.start_position()
    for text in SCREENSHOT_MOVES:
        pos.push(pos.parse_move(text))
        game.add_move(text, 4.0)
    screen = GameScreen(app, game=game, reshow_last_shot_after=1.05)
    screen.session.saves_folder = None  # a picture, not a game to keep
    return screen
