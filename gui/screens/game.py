"""The game screen: the board, both players with clocks and captured pieces, the status line, the
move list, and the controls (rotate, takeback, draw, resign, flip).

The game itself is the controller's (gui/models/game_controller.py: the session and its line, the
players, premoves, browsing); this screen maps events to the controller's intents, animates what
was played and draws what the controller exposes. The side panel (cards, status box, buttons) is
gui/screens/game_panel.py. The CPU thinks in a worker process, so the window keeps its frame rate.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame
import pygame_gui
from pygame_gui.core import UIContainer

from game import Game, Move, Position
from gui import clipboard
from gui.art import chessmen
from gui.art.schemes import get_scheme
from gui.audio import GAME_OVER
from gui.models.game_controller import GameController, Premove
from gui.models.game_status import status_line
from gui.notation import game_to_text
from gui.paths import saves_dir
from gui.rules_pages import topic_for
from gui.screen import Screen
from gui.screens.game_board import GameBoard
from gui.screens.game_panel import ROTATION_BUTTONS, STATUS_COLOURS, GamePanel
from gui.settings import LASER_SQUARES_PER_SECOND
from gui.widgets.board_view import BoardView
from gui.widgets.chrome import draw_background
from gui.widgets.move_input import MoveInput
from gui.widgets.move_list import MoveList
from gui.widgets.player_panel import clock_change_in, panel_title_band
from gui.widgets.study_tools import GameStudy

STUDY_KEYS = {pygame.K_h: "hint", pygame.K_t: "threats", pygame.K_SPACE: "pause", pygame.K_n: "step"}
BROWSE_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


class GameScreen(Screen):
    name = "game"
    title = "Game"

    def __init__(
        self, app, game: Game | None = None, reshow_last_shot_after: float | None = None, **kw
    ) -> None:
        super().__init__(app, **kw)
        self.reshow_at = reshow_last_shot_after  # seconds until the last shot is shown again
        self.controller = GameController(
            game or Game.new(), saves_dir(), clock_waits=app.settings.clock_after_first_move
        )
        self.variant = self.controller.variant
        s = app.settings
        self.view = BoardView(self.variant, s.board_scheme, s.show_coordinates)
        self.input = MoveInput(self.view)
        self.view.set_flipped(self.session.humans == [1])
        self.moves = MoveList(pygame.Rect(0, 0, 200, 200))
        self.panel = GamePanel(self)
        self.board = GameBoard(self)
        self.study = GameStudy(self)  # the threats overlay and the hint's arrow
        self.over_announced = self.controller.finished
        self._shown_plies = -1  # plies the move list shows (refreshed when the line changes)
        self._apply_settings()
        self.view.show_position(self.position.board)
        self._refresh_move_list()
        self.board.sync()
        self._show_notices()

    # ------------------------------------------------------------ what the controller holds
    @property
    def session(self):
        return self.controller.session

    @property
    def position(self) -> Position:
        return self.controller.position

    @property
    def premove(self) -> Premove | None:
        return self.controller.premove

    @property
    def premoving(self) -> bool:
        return self.controller.premoving

    @property
    def preview(self):
        return self.board.preview

    @property
    def view_ply(self) -> int | None:
        return self.controller.view_ply

    @property
    def buttons(self):
        return self.panel.buttons

    @property
    def over_buttons(self):
        return self.panel.over_buttons

    @property
    def widgets(self):
        return {"move_entry": self.panel.entry} if self.panel.entry is not None else {}

    def turn_note(self) -> str | None:
        return self.controller.turn_note()

    def _apply_settings(self) -> None:
        s = self.app.settings
        self.view.scheme = get_scheme(s.board_scheme)
        self.view.coordinates = s.show_coordinates
        self.view.laser_speed = LASER_SQUARES_PER_SECOND.get(s.laser_speed, 18.0)
        self.view.piece_animation = s.piece_animation
        self.input.show_legal = s.show_legal_moves

    def _show_notices(self) -> None:
        for text, kind in self.controller.take_notices():
            self.app.notify(text, kind)

    def _after_play(self) -> None:
        if self.board.show_played():
            if self.confirm.armed("draw"):
                self.confirm.cancel()
            self._refresh_move_list()

    def _refresh_move_list(self) -> None:
        line = self.controller.line
        if self._shown_plies != len(line) or self.moves.moves != line.readables:
            self.moves.set_moves(line.readables, first_side=line.first_turn, sides=line.sides)
            self._shown_plies = len(line)
        self.moves.set_current(self.controller.shown_ply)

    # ------------------------------------------------------------ intents (also used by tests)
    def play_move(self, move: Move) -> None:
        """Play a legal move for the side to move and start showing it."""
        self.controller.play(move)
        self._after_play()

    def submit(self, move: Move) -> None:
        """A complete move from the board, a key or a button: played or queued as a premove."""
        self.input.clear()
        self.controller.submit(move)
        self._show_submitted()

    def _show_submitted(self) -> None:
        self._after_play()
        self.board.mark()

    def type_move(self, text: str) -> bool:
        """A typed move (``e4e5``, ``c4R``): the controller reads it and submits it as a click
        would (played or queued), else the reason is shown."""
        if not text.strip():
            return False
        if self.view.busy and self.controller.human_turn:
            self.controller.typed_error = f"{text.strip()}: wait for the last move to be shown"
            return False
        was_browsing = not self.controller.live
        done = self.controller.type_move(text)
        if was_browsing:
            self.board.show_browsed()
        entry = self.panel.entry
        if done and entry is not None:
            entry.set_text("")
        if done:
            self.input.clear()
            self._show_submitted()
        return done

    def browse(self, ply: int | None) -> None:
        """Show an earlier position (None: the live one) from the line's snapshot: O(1)."""
        if self.controller.browse(ply):
            self.board.show_browsed()

    def undo(self) -> None:
        self.view.skip_animation()
        if self.controller.undo():
            self.view.show_position(self.position.board)
            self._refresh_move_list()
            self.over_announced = False
            self.panel.close_over_panel()
        self.board.sync()

    def show_last_shot(self) -> None:
        self.board.show_last_shot()

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        facts = self.board.input_facts()
        chance = self.preview.words(self.position.geometry.names) if self.preview is not None else None
        if chance is not None and not facts.own_hits:  # where chance may send the piece, what the move costs
            return chance, STATUS_COLOURS["notice"]
        study = self.study.status() if self.preview is None else None
        text, kind = status_line(self.controller, facts, study[0] if study is not None else None)
        if kind == "study" and study is not None:
            return study
        return text, STATUS_COLOURS[kind]

    # ------------------------------------------------------------ buttons (and their keys)
    def _button(self, element) -> bool:
        found = self.panel.key_of(element)
        if found is None:
            return False
        self.press(found[1])
        return True

    def press(self, key: str) -> None:
        """What a button does (a key that is its shortcut does the same)."""
        action = self._actions().get(key)
        if action is not None:
            action()
        self.panel.refresh()

    def _actions(self) -> dict[str, Callable[[], object]]:
        c, inp = self.controller, self.input
        rotations = {
            key: partial(self._submit_found, inp.rotation_move, r) for key, r in ROTATION_BUTTONS.items()
        }
        return {
            "rematch": lambda: self.app.screens.replace("game", game=c.rematch()),
            "review": self._review,
            "menu": self.app.screens.home,
            "hint": c.request_hint,
            "threats": self.study.toggle_threats,
            "pause": c.pause,
            "step": c.step_once,
            "speed": c.next_speed,
            "fire": partial(self._submit_found, inp.fire_move),
            "end_turn": partial(self._submit_found, inp.end_turn_move),
            **rotations,
            "undo": self.undo,
            "flip": self.flip,
            "mute": self.toggle_mute,
            "style": self.toggle_piece_style,
            "resign": self._resign,
            "draw": self._draw,
        }

    def _submit_found(self, find: Callable[..., Move | None], *args: int) -> None:
        move = find(*args) if self.input.enabled else None
        if move is not None:
            self.submit(move)

    def _review(self) -> None:
        if "replay" in self.app.registry:
            game = self.session.game
            self.app.screens.push("replay", game=game, ply=len(game.moves))

    def _resign(self) -> None:
        if self.confirm.press("resign", "Resign? Press Resign again to give up this game."):
            self.controller.resign()

    def _draw(self) -> None:
        c = self.controller
        if c.draw_choice() != "offer" or self.confirm.press("draw", "Offer a draw? Press Draw again."):
            c.draw()
            self._show_notices()

    def toggle_piece_style(self) -> None:
        """FULL <-> FLAT chessmen, at any time (remembered in the settings)."""
        chessmen.set_style("flat" if chessmen.style() == "full" else "full")
        self.app.settings.piece_style = chessmen.style()
        self.app.save_settings()

    def toggle_mute(self) -> None:
        """Sound on/off for the whole app; saved with the other settings."""
        self.app.update_settings(muted=not self.app.settings.muted)
        self.panel.refresh()

    def flip(self) -> None:
        self.view.set_flipped(not self.view.flipped)
        self.resize(self.app.window_size)

    def copy_game_text(self) -> str:
        """Ctrl+C: the game as plain text with headers (Past games imports it back)."""
        text = game_to_text(self.session.game)
        if clipboard.put_text(text):
            self.app.notify("The game is on the clipboard as text: Ctrl+V in Past games imports it.")
        else:
            self.app.notify("No system clipboard: the game is on the app's own one (Ctrl+V in Past games).")
        return text

    # ------------------------------------------------------------ layout and leaving
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        self.panel.build(root, size)

    def teardown(self) -> None:
        self.panel.teardown()

    def request_leave(self, proceed) -> None:
        s = self.session
        leave = "Leave the game? Press again to leave: it is saved, and Continue or Past games resumes it."
        if s.finished or not s.game.moves or self.confirm.press("leave", leave):
            self.confirm.cancel()
            proceed()

    def exit(self) -> None:
        self.controller.close()
        super().exit()

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element) or super().handle_event(event)
        entry = self.panel.entry
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is entry:
            self.type_move(event.text)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is entry:
            self.controller.typed_error = None
            return True
        if self._status_click(event) or self.board.premove_event(event):
            return True
        browsing = not self.controller.live
        if browsing and event.type == pygame.MOUSEBUTTONDOWN and self.view.rect.collidepoint(event.pos):
            self.browse(None)  # a click on the board while browsing returns to the live position
            return True
        ply = self.moves.handle_event(event)
        if ply is not None:
            self.browse(ply)
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self._hover_buttons(event.pos)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN):
            move = self.input.handle_event(event)
            self.board.update_preview()
            if move is not None:
                self.submit(move)
                return True
            if event.type != pygame.MOUSEMOTION and event.type != pygame.KEYDOWN:
                return True
        return super().handle_event(event)

    def _status_click(self, event: pygame.event.Event) -> bool:
        """Every status-line message links to the rule it is about."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or "rules" not in self.app.registry:
            return False
        if not self.panel.status_rect.collidepoint(event.pos):
            return False
        self.app.screens.push("rules", variant=self.variant.name, topic=topic_for(self.status_text()[0]))
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        """A key the screen handles itself (True), before the board input gets it."""
        inp, key = self.input, event.key
        if key == pygame.K_ESCAPE and inp.has_selection:
            inp.clear()  # Esc drops the selection (and a half-entered swap) first
            self.board.update_preview()
            return True
        if key == pygame.K_ESCAPE and inp.cursor is not None:
            inp.hide_cursor()  # then the board cursor; a third Esc leaves
            return True
        if inp.choosing_promotion:  # the letter keys name the piece: no shortcuts now
            move = inp.handle_event(event)
            if move is not None:
                self.submit(move)
            return True
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if key in (pygame.K_TAB, pygame.K_SLASH) and self.panel.entry is not None:
            self._focus_entry()
        elif key == pygame.K_c and ctrl:
            self.copy_game_text()
        elif key == pygame.K_f:
            self.flip()
        elif key == pygame.K_p and "style" in self.buttons:
            self.toggle_piece_style()
        elif key == pygame.K_l:
            self.show_last_shot()
        elif key == pygame.K_x and "fire" in self.buttons:
            self.press("fire")  # the selected Laser, or the only one: as the Fire button
        elif key == pygame.K_m and not ctrl:
            self.toggle_mute()
        elif STUDY_KEYS.get(key) in self.buttons:
            self.press(STUDY_KEYS[key])
        else:
            return self._browse_key(key)
        return True

    def _browse_key(self, key: int) -> bool:
        """Left/Right step through the game, Home/End jump (when no piece is selected)."""
        if (self.input.has_selection or self.input.cursor is not None) and self.controller.live:
            return False
        if key in BROWSE_KEYS:
            step = self.controller.shown_ply + BROWSE_KEYS[key]
            self.browse(step if step < len(self.controller.line) else None)
        elif key == pygame.K_HOME:
            self.browse(0)
        elif key == pygame.K_END:
            self.browse(None)
        else:
            return False
        return True

    def _focus_entry(self) -> None:
        """Tab or /: type a move. A refused move's text is selected, so the next typing replaces it."""
        entry = self.panel.entry
        if entry is None:
            return
        self.app.ui.set_focus_set(entry)
        text = entry.get_text()
        if text:
            entry.select_range = [0, len(text)]
            entry.edit_position = len(text)
            entry.redraw()

    def _hover_buttons(self, pos: tuple[int, int]) -> None:
        """A rotation button or Fire under the mouse: preview that turn or that shot."""
        b = self.buttons
        over = [r for key, r in ROTATION_BUTTONS.items() if key in b and b[key].rect.collidepoint(pos)]
        self.input.hover_rotation = over[0] if over else None
        fire = b.get("fire")
        self.input.hover_fire = fire is not None and fire.rect.collidepoint(pos)

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._apply_settings()
        if self.reshow_at is not None:
            self.reshow_at -= dt
            if self.reshow_at <= 0:
                self.reshow_at = None
                self.show_last_shot()
        self.board.update(dt)
        self.controller.update(dt, busy=self.view.busy)
        self._after_play()
        self._show_notices()
        if self.controller.finished and not self.over_announced and not self.view.busy:
            self.over_announced = True
            self.app.audio.play(GAME_OVER)
            self.board.sync()
            self.panel.build_over_panel()
        self.panel.refresh()

    @property
    def animating(self) -> bool:
        """Frames are needed while something moves: a shot or slide, the CPU thinking (its depth
        is shown), a replayed shot still to come. A running clock needs a frame only when its
        shown time changes (:meth:`next_frame_in`)."""
        c = self.controller
        return (
            self.view.busy
            or self.view.effects_running
            or c.searching
            or c.cpu_waiting
            or self.reshow_at is not None
            or self.input.dragging
            or c.hint_pending is not None
        )

    def next_frame_in(self) -> float | None:
        s = self.session
        waits = [super().next_frame_in()]
        if s.clock_running and s.remaining is not None:
            waits.append(clock_change_in(s.remaining[s.turn]))
        return min((w for w in waits if w is not None), default=None)

    sketch_boards = True  # right-drag arrows, right-click circles (turning stays on buttons and keys)

    def right_press_used(self, event: pygame.event.Event) -> bool:
        """A right-click on the board clears a premove, as on lichess (it draws nothing then)."""
        if self.controller.premove is None:
            return False
        self.controller.clear_premove()
        self.input.clear()
        self.board.sync()
        return True

    def notice_rect(self, size: tuple[int, int]) -> pygame.Rect:
        return panel_title_band(size, self.panel.side_panel)  # over the title, never board or panel

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface, self.app.settings.board_scheme)
        self.view.draw(surface)
        pointed = self.input.preview_move() if self.input.enabled and not self.controller.premoving else None
        self.study.draw(surface, pointed)
        self.panel.draw(surface, self.status_text())


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
