"""The game screen: the board, both players with clocks and captured pieces, the status line, the
move list, and the controls (rotate, takeback, draw, resign, flip).

The game itself is the controller's (gui/models/game_controller.py: the session and its line, the
players, premoves, browsing); this screen maps events to the controller's intents, animates what
was played and draws what the controller exposes. The side panel (cards, status box, buttons) is
gui/screens/game_panel.py. The CPU thinks in a worker process, so the window keeps its frame rate.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIContainer

from game import Game, Move, Position
from game.effects import Effects
from gui import clipboard
from gui.art import chessmen
from gui.art.schemes import get_scheme
from gui.audio import GAME_OVER, HIT, LASER, MOVE, ROTATE
from gui.colours import (
    BRIGHT_GOLD,
    DANGER_TEXT,
    NOTICE_TEXT,
    PALE_BLUE,
    PROMPT_BLUE,
    QUIET_TEXT,
    SELF_HIT,
    STATUS_TEXT,
    WARM_RED,
)
from gui.models.game_controller import GameController, Premove
from gui.models.game_status import InputFacts, status_line
from gui.notation import game_to_text
from gui.paths import saves_dir
from gui.rules_pages import topic_for
from gui.screen import Screen
from gui.screens.game_panel import ROTATION_BUTTONS, GamePanel
from gui.settings import LASER_SQUARES_PER_SECOND
from gui.widgets.board_view import BoardView
from gui.widgets.chrome import draw_background
from gui.widgets.move_input import MoveInput
from gui.widgets.move_list import MoveList
from gui.widgets.player_panel import clock_change_in, panel_title_band
from gui.widgets.shot_preview import ShotPreview, ShotPreviewer, costly_squares
from gui.widgets.study_tools import GameStudy

STATUS_COLOURS = {
    "result": BRIGHT_GOLD,
    "browse": PALE_BLUE,
    "error": WARM_RED,
    "self_hit": SELF_HIT,
    "notice": NOTICE_TEXT,
    "prompt": PROMPT_BLUE,
    "premove": PALE_BLUE,
    "quiet": QUIET_TEXT,
    "danger": DANGER_TEXT,
    "offer": BRIGHT_GOLD,
    "turn": STATUS_TEXT,
}
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
        self.study = GameStudy(self)  # the threats overlay and the hint's arrow
        self.previewer = ShotPreviewer()
        self.preview: ShotPreview | None = None  # the shot of the move being pointed at
        self.pending_hit = False
        self.over_announced = self.controller.finished
        self._shown_plies = -1  # plies the move list shows (refreshed when the line changes)
        self._apply_settings()
        self.view.show_position(self.position.board)
        self._refresh_move_list()
        self._sync_input()
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

    # ------------------------------------------------------------ the board
    def _sync_input(self) -> None:
        """Give the move input the position the controller says (live, premover's, or none)."""
        c = self.controller
        busy = self.view.busy
        position = c.input_position(busy)
        self.input.enabled = position is not None
        self.input.set_position(position, c.line.last_move_squares(c.shown_ply))
        self.view.trace = list(self.position.last_shots) if c.live else []
        self._update_preview()
        self.view.overlay = []
        if self.app.settings.show_my_beam and c.live and c.human_turn and not busy:
            self.view.overlay = [self.position.beam(self.session.turn)]
        self._marks()

    def _update_preview(self) -> None:
        """Draw the beam of the move being pointed at, and mark what it would destroy."""
        c = self.controller
        preview = self.app.settings.preview_shot and not self.view.busy and not c.premoving
        move = self.input.preview_move() if preview else None
        dragged = self.input.dragging
        hidden = {self.input.selected} if dragged and self.input.selected is not None else set()
        self.view.costly = costly_squares(self.input.position, self.input.targets())
        if move is None:
            self.preview = None
            self.view.preview_shots, self.view.preview_hits = [], {}
            self.view.preview_chances, self.view.preview_chanced = {}, 0
            self.view.deco.preview = None
            self.view.deco.hidden = frozenset(hidden)
            return
        self.preview = self.previewer.preview(self.position, move)
        self.view.preview_shots = list(self.preview.shots)
        self.view.preview_hits = dict(self.preview.hits)
        self.view.preview_chances = dict(self.preview.chances)
        self.view.preview_chanced = self.preview.chanced
        if move.from_square != move.to_square:
            hidden.add(move.from_square)  # the piece is shown faded where it leaves, ghosted where it goes
        self.view.deco.hidden = frozenset(hidden)
        self.view.deco.preview = None if dragged else self.preview.ghost

    def _marks(self) -> None:
        c = self.controller
        marks: dict[int, str] = {}
        if c.live and not c.finished:
            marks = dict(self.variant.badges(self.position))
            if c.premove is not None:
                move = c.premove.move
                for sq in (move.from_square, move.to_square, move.then_square):
                    if sq is not None:
                        marks[sq] = "pre"
        self.view.deco.marks = marks

    def _animate(self, effects: Effects) -> None:
        """Show an action being played (slides, turns, the beam) and sound it."""
        self.view.show_effects(self.position.board, effects)
        audio = self.app.audio
        audio.play(MOVE if effects.slides else ROTATE)
        if effects.beams and self.view.laser_speed is not None:
            audio.play(LASER)
        self.pending_hit = effects.destroyed
        if self.pending_hit and self.view.laser_speed is None:
            audio.play(HIT)
            self.pending_hit = False

    def _after_play(self) -> None:
        """Whatever was played since the last frame: animate it, refresh the list and the input."""
        played = self.controller.take_played()
        if not played:
            return
        self.view.skip_animation()
        for effects in played[:-1]:
            self.view.show_effects(self.position.board, effects)  # several at once: the last shows
        self._animate(played[-1])
        if self.confirm.armed("draw"):
            self.confirm.cancel()
        self._refresh_move_list()
        self._sync_input()

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
        self._after_play()
        self._marks()

    def type_move(self, text: str) -> bool:
        """A typed move (``e4e5``, ``c4R``): played or queued if legal, else the reason is shown."""
        if not text.strip():
            return False
        if self.view.busy and self.controller.human_turn:
            self.controller.typed_error = f"{text.strip()}: wait for the last move to be shown"
            return False
        was_browsing = not self.controller.live
        done = self.controller.type_move(text)
        if was_browsing:
            self._show_browsed()
        entry = self.panel.entry
        if done and entry is not None:
            entry.set_text("")
        if done:
            self.input.clear()
            self._after_play()
            self._marks()
        return done

    def browse(self, ply: int | None) -> None:
        """Show an earlier position (None: the live one) from the line's snapshot: O(1)."""
        if self.controller.browse(ply):
            self._show_browsed()

    def _show_browsed(self) -> None:
        c = self.controller
        self.view.skip_animation()
        self.view.show_position(self.position.board if c.live else c.line.board_at(c.shown_ply))
        self.moves.set_current(c.shown_ply)
        self._sync_input()

    def undo(self) -> None:
        self.view.skip_animation()
        if self.controller.undo():
            self.view.show_position(self.position.board)
            self._refresh_move_list()
            self.over_announced = False
            self.panel.close_over_panel()
        self._sync_input()

    def show_last_shot(self) -> None:
        """Fire the last move's laser again on screen (L): to see what happened once more."""
        effects = self.position.last_effects
        if effects is not None and effects.beams and self.controller.live and not self.view.busy:
            self.view.show_effects(self.position.board, effects, slide=False)
            self.app.audio.play(LASER)
            self._sync_input()

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        inp = self.input
        own: tuple[str, ...] = ()
        if self.preview is not None and self.preview.self_kill:
            names = self.position.geometry.names
            own = tuple(names[sq] for sq, mine in self.preview.hits.items() if mine)
        spin = self.view.spin if inp.dragging and self.view.spin is not None else None
        facts = InputFacts(
            notice=inp.notice,
            prompt=inp.prompt,
            hover_reason=inp.hover_reason,
            has_selection=inp.has_selection,
            turning=self.position.geometry.names[spin[0]] if spin is not None else None,
            null_move=inp.null_move() is not None,
            own_hits=own,
        )
        chance = self.preview.words(self.position.geometry.names) if self.preview is not None else None
        if chance is not None and not own:  # where chance may send the piece, what the move costs
            return chance, STATUS_COLOURS["notice"]
        study = self.study.status() if self.preview is None else None
        text, kind = status_line(self.controller, facts, study[0] if study is not None else None)
        if kind == "study" and study is not None:
            return study
        return text, STATUS_COLOURS[kind]

    # ------------------------------------------------------------ buttons
    def _button(self, element) -> bool:
        found = self.panel.key_of(element)
        if found is None:
            return False
        kind, key = found
        if kind == "over":
            self._over_button(key)
        else:
            self._control(key)
        self.panel.refresh()
        return True

    def _over_button(self, key: str) -> None:
        if key == "rematch":
            self.app.screens.replace("game", game=self.controller.rematch())
        elif key == "review" and "replay" in self.app.registry:
            game = self.session.game
            self.app.screens.push("replay", game=game, ply=len(game.moves))
        elif key == "menu":
            self.app.screens.home()

    def _control(self, key: str) -> None:
        c = self.controller
        if key in ("hint", "threats", "pause", "step", "speed"):
            self._study(key)
        elif key in ROTATION_BUTTONS or key in ("fire", "end_turn"):
            if key == "fire":
                move = self.input.fire_move()
            elif key == "end_turn":
                move = self.input.end_turn_move()
            else:
                move = self.input.rotation_move(ROTATION_BUTTONS[key])
            if move is not None:
                self.submit(move)
        elif key == "undo":
            self.undo()
        elif key == "flip":
            self.flip()
        elif key == "mute":
            self.toggle_mute()
        elif key == "resign":
            if self.confirm.press("resign", "Resign? Press Resign again to give up this game."):
                c.resign()
        elif key == "draw":
            if c.draw_choice() != "offer" or self.confirm.press("draw", "Offer a draw? Press Draw again."):
                c.draw()
                self._show_notices()
        elif key == "style":
            self.toggle_piece_style()

    def _study(self, key: str) -> None:
        c = self.controller
        if key == "hint":
            c.request_hint()
        elif key == "threats":
            self.study.toggle_threats()
        elif key == "pause":
            c.pause()
        elif key == "step":
            c.step_once()
        elif key == "speed":
            c.next_speed()
        self.panel.refresh()

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
        if self._status_click(event) or self._premove_event(event):
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
            self._update_preview()
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

    def _premove_event(self, event: pygame.event.Event) -> bool:
        """Right-click and Esc clear a queued premove; in a two-player clock game a press on a piece
        of the side not to move switches the input to premoving (and back)."""
        c = self.controller
        side = c.premove_side()
        if side is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if c.premove is not None and not self.input.has_selection:
                c.clear_premove()
                self._marks()
                return True
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or not self.view.rect.collidepoint(event.pos):
            return False
        sq = self.view.square_at(event.pos)
        piece = self.position.piece_at(sq) if sq is not None else None
        movers = piece is not None and piece.color == self.session.turn and c.human_turn
        if event.button == 3 and c.premove is not None and not movers:
            c.clear_premove()  # right-click clears, as on lichess
            self.input.clear()
            self._marks()
            return True
        if piece is not None and sq not in self.input.targets() and c.want_premoving(piece.color == side):
            self._sync_input()
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """A key the screen handles itself (True), before the board input gets it."""
        inp, key = self.input, event.key
        if key == pygame.K_ESCAPE and inp.has_selection:
            inp.clear()  # Esc drops the selection (and a half-entered swap) first
            self._update_preview()
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
            move = inp.fire_move() if inp.enabled else None
            if move is not None:  # X fires the selected Laser, or the only one: as the Fire button
                self.submit(move)
        elif key == pygame.K_m and not ctrl:
            self.toggle_mute()
        elif STUDY_KEYS.get(key) in self.buttons:
            self._study(STUDY_KEYS[key])
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
        was_busy = self.view.busy
        self.view.update(dt)
        if self.pending_hit and not self.view.beam_running:
            self.app.audio.play(HIT)
            self.pending_hit = False
        if was_busy and not self.view.busy:
            self._sync_input()
        self.controller.update(dt, busy=self.view.busy)
        self._after_play()
        self._show_notices()
        if self.controller.finished and not self.over_announced and not self.view.busy:
            self.over_announced = True
            self.app.audio.play(GAME_OVER)
            self._sync_input()
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
        self._sync_input()
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
