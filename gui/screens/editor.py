"""The Board editor: build a starting position, check it, and share it.

Pieces come from the palette on the left (click a tile, then click squares; or drag a tile onto
the board); pieces on the board are dragged to move them and dragged off the board to remove
them. Right-click, the mouse wheel, ``Q``/``E`` (or the arrow keys) and the Rotate buttons turn a
piece; the red Eraser, ``Delete`` and "Empty board" remove pieces. The right-hand column chooses the
rule set and the side to move, loads built-in and saved setups, mirrors one side onto the other,
undoes and redoes, lists what is wrong with the position in plain words (errors stop play, warnings
do not), saves the position by name and opens the New game screen with it. Under the board the
position string follows every change; it can be copied, pasted or typed in.

The editing itself (history, mirror, checks) is :class:`gui.editor_model.BoardEdit`; this screen
keeps what follows from it in step and dispatches events. Its parts: the layout
(gui/screens/editor_layout.py), the mouse and keys (editor_input.py), the panels it draws
(editor_panels.py) and the setups and position string (editor_files.py). The work in progress is
kept while the app runs, so leaving the editor loses nothing.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game.errors import LaserChessError
from game.pieces import Color, Kind, Piece, code_color
from game.variants import KHET, VARIANTS, get_variant
from game.variants.base import Variant
from gui.audio import MOVE, ROTATE
from gui.editor_model import BoardEdit, Check, default_board, read_position
from gui.screen import Screen
from gui.screens.editor_files import SetupFiles
from gui.screens.editor_input import EditorInput
from gui.screens.editor_layout import build_editor, build_setup_drop
from gui.screens.editor_panels import EditorPanels
from gui.widgets.board_view import BoardView
from gui.widgets.chrome import draw_background, draw_section_rule, draw_title, panel
from gui.widgets.move_input import BoardPress
from gui.widgets.palette import PiecePalette

if TYPE_CHECKING:
    from gui.app import App

NOTE_SECONDS = {"ok": 5.0, "info": 6.0, "warning": 10.0, "error": 14.0}  # how long a note stays


@dataclass
class _Draft:
    """The editor's work kept between visits (per app, in memory)."""

    edit: BoardEdit
    name: str
    source: str


_DRAFTS: weakref.WeakKeyDictionary[Any, _Draft] = weakref.WeakKeyDictionary()


class EditorScreen(Screen):
    name = "editor"
    title = "Board editor"

    def __init__(self, app: App, variant: str | None = None, fen: str | None = None, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        draft = _DRAFTS.get(app)
        self.name_text = ""
        self.source = ""  # option id of the setup last loaded ("builtin:Classic", "saved:<file>")
        start_error: str | None = None
        if variant is None and fen is None and draft is not None:
            self.edit = draft.edit
            self.name_text, self.source = draft.name, draft.source
        else:
            v = get_variant(variant) if variant in VARIANTS else KHET
            self.edit = BoardEdit(v)
            if fen:
                try:
                    board, turn = read_position(v, fen)
                    self.edit = BoardEdit(v, board, turn)
                except LaserChessError as exc:
                    start_error = str(exc)
            else:
                self.source = f"builtin:{next(iter(v.setups))}"
        s = app.settings
        self.view = BoardView(self.variant, s.board_scheme, s.show_coordinates)
        self.palette = PiecePalette(self.variant, s.board_scheme)
        self.show_beams = True
        self.selected: int | None = None
        self.mouse: tuple[int, int] = (-1, -1)
        self.press: BoardPress | None = None  # the mouse button held (editor_input.py)
        self.checks: list[Check] = []
        self.errors: list[str] = []
        self.check_scroll = 0
        self.notes: dict[str, tuple[str, str]] = {}
        self.note_ages: dict[str, float] = {}
        self.save_label_overwrite = False
        self.demo_hover: int | None = None  # screenshots: a square the "mouse" is over
        self.files = SetupFiles(self)
        self.input = EditorInput(self)
        self.panels = EditorPanels(self)
        self.widgets: dict[str, Any] = {}
        self.icon_buttons: list[tuple[UIButton, str, tuple[int, int, int], bool]] = []
        self.segments: dict[int, UIButton] = {}
        self.sections: list[pygame.Rect] = []
        self.columns: tuple[pygame.Rect, ...] = ()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.check_rect = pygame.Rect(0, 0, 0, 0)
        self.fen_note_rect = pygame.Rect(0, 0, 0, 0)
        self.save_note_rect = pygame.Rect(0, 0, 0, 0)
        self.setup_rect = pygame.Rect(0, 0, 0, 0)
        self.rebuild_later = False
        self._built_variant = self.variant.name
        self.refresh()
        if start_error:
            self.note("fen", "error", f"The position given could not be read: {start_error}")

    # ------------------------------------------------------------ the position (read-only views)
    @property
    def variant(self) -> Variant:
        return self.edit.variant

    @property
    def board(self) -> list[int]:
        return self.edit.board

    @property
    def turn(self) -> int:
        return self.edit.turn

    @property
    def fen(self) -> str:
        return self.edit.fen

    # ------------------------------------------------------------ editing actions
    def _changed(self, changed: bool, sound: str | None = None) -> bool:
        """After a model action: redraw what follows from the position (and play a sound)."""
        if changed:
            self.refresh()
            if sound:
                self.app.audio.play(sound)
        return changed

    def place(self, sq: int, code: int) -> bool:
        changed = self.edit.place(sq, code)
        self.selected = sq
        self._changed(changed, MOVE)
        self.decorate()
        return changed

    def erase(self, sq: int) -> bool:
        if self.selected == sq:
            self.selected = None
        return self._changed(self.edit.erase(sq))

    def move_piece(self, frm: int, to: int) -> bool:
        changed = self.edit.move(frm, to)
        if changed:
            self.selected = to
        return self._changed(changed, MOVE)

    def rotate_square(self, sq: int, turns: int) -> bool:
        if not self.board[sq]:
            return False
        if not self.edit.turns_matter(sq):
            self.note(
                "fen", "info", f"A {self.variant.royal_name} has no facing: turning it changes nothing."
            )
            return False
        return self._changed(self.edit.rotate(sq, turns), ROTATE)

    def rotate(self, turns: int) -> bool:
        """The Rotate buttons and keys: the selected piece, else the palette's chosen piece."""
        if self.selected is not None and self.board[self.selected]:
            return self.rotate_square(self.selected, turns)
        if self.palette.selected > 0:
            self.palette.rotate(self.palette.selected, turns)
            self.app.audio.play(ROTATE)
            self.decorate()
            return True
        self.note("fen", "info", "Pick a piece on the board (or in the palette) to turn it.")
        return False

    def empty_board(self) -> bool:
        self.selected = None
        return self._changed(self.edit.empty())

    def set_turn(self, turn: int) -> bool:
        changed = self._changed(self.edit.set_turn(turn))
        self.sync_segments()
        return changed

    def mirror(self, source: int) -> bool:
        before = self.edit.state
        skipped = self.edit.mirror(source)
        changed = self._changed(self.edit.state != before)
        if skipped:
            names = ", ".join(self.variant.geometry.names[sq] for sq in skipped)
            self.note(
                "fen",
                "warning",
                f"Not mirrored: {names} (their images are taken by other "
                f"{self.variant.side_names[source]} pieces).",
            )
        elif changed:
            other = self.variant.side_names[1 - source]
            self.note("fen", "ok", f"{other} now mirrors {self.variant.side_names[source]}.")
        return changed

    def undo(self) -> bool:
        return self._history(self.edit.undo())

    def redo(self) -> bool:
        return self._history(self.edit.redo())

    def _history(self, changed: bool) -> bool:
        if changed:
            if self.selected is not None and not self.board[self.selected]:
                self.selected = None
            self.refresh()
        return changed

    def set_variant(self, name: str) -> bool:
        changed = self.edit.set_variant(name)
        if changed:
            self.source = f"builtin:{next(iter(self.variant.setups))}"
            self.selected = None
            self.refresh()
        return changed

    # ------------------------------------------------------------ derived state
    def refresh(self) -> None:
        """Everything that follows from the position: checks, beams, board, palette, widgets."""
        if self.variant is not self.view.variant:
            self.view.set_variant(self.variant)
            self.palette.set_variant(self.variant)
            self.selected = None
        if self.variant.name != self._built_variant:
            self.rebuild_later = True  # the side names on buttons, the rule-set drop-down
            if self.files.confirm_overwrite:
                self.confirm.cancel()  # a name clash was in the other rule set's files
        analysis = self.edit.analyse()
        self.checks = list(analysis.checks)
        note = self.setup_note()
        if note:
            self.checks.insert(0, Check("info", note))  # what the loaded setup is there to show
        self.errors = list(analysis.errors)
        self.check_scroll = min(self.check_scroll, max(0, len(self.checks) - 1))
        self.view.show_position(self.board)
        self.view.overlay = list(analysis.shots) if self.show_beams else []
        self.palette.counts = self.edit.counts()
        self.decorate()
        self.sync_widgets()
        self.store()

    def setup_note(self) -> str:
        """The description of the built-in setup last loaded, while the board is still that setup."""
        kind, _, key = self.source.partition(":")
        note = self.variant.presentation.setup_notes.get(key, "") if kind == "builtin" else ""
        if not note:
            return ""
        board, turn = read_position(self.variant, self.variant.setups[key])
        return note if (board, turn) == (self.board, self.edit.turn) else ""

    def decorate(self) -> None:
        """The board's marks: selection, hover, the piece about to be placed, the checks' squares."""
        self.view.deco = self.input.decorations()

    def store(self) -> None:
        _DRAFTS[self.app] = _Draft(self.edit, self.name_text, self.source)

    def note(self, where: str, kind: str, text: str) -> None:
        self.notes[where] = (kind, text)
        self.note_ages[where] = 0.0

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        self.rebuild_later = False
        self._built_variant = self.variant.name
        build_editor(self, root, size)
        if self.demo_hover is not None:
            x, y = self.view.square_center(self.demo_hover)
            self.mouse = (int(x), int(y))
            self.decorate()

    def rebuild_setups(self) -> None:
        """The "Start from" list again (a setup was saved or deleted)."""
        build_setup_drop(self)

    def teardown(self) -> None:
        self.widgets = {}
        self.icon_buttons = []
        self.segments = {}

    def resume(self) -> None:
        super().resume()
        self.rebuild_later = True  # saved setups may have changed on the screen above

    def sync_widgets(self) -> None:
        """Enable/disable and relabel widgets to match the state (cheap; after every change)."""
        if not self.widgets:
            return
        entry = self.widgets.get("fen")
        if entry is not None and not entry.is_focused and entry.get_text() != self.fen:
            entry.set_text(self.fen)
        for key, enabled in (
            ("undo", bool(self.edit.undo_states)),
            ("redo", bool(self.edit.redo_states)),
            ("delete", self.source.startswith("saved:")),
            ("play", not self.errors),
        ):
            button = self.widgets.get(key)
            if button is not None and enabled != button.is_enabled:
                button.enable() if enabled else button.disable()
        self.sync_segments()

    def sync_segments(self) -> None:
        for color, button in self.segments.items():
            button.select() if color == self.turn else button.unselect()

    # ------------------------------------------------------------ setups and the position string
    def load_option(self, option_id: str) -> bool:
        return self.files.load_option(option_id)

    def apply_fen(self, text: str) -> bool:
        return self.files.apply_fen(text)

    def copy_fen(self) -> bool:
        return self.files.copy_fen()

    def paste_fen(self) -> bool:
        return self.files.paste_fen()

    def save(self, overwrite: bool = False) -> bool:
        return self.files.save(overwrite)

    def delete_source(self) -> bool:
        return self.files.delete_source()

    def play_from_here(self) -> bool:
        return self.files.play_from_here()

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self._button(event.ui_element):
                return True
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            option_id = getattr(event, "selected_option_id", None)
            if event.ui_element is self.widgets.get("variant"):
                self.set_variant(option_id or "")
                return True
            if event.ui_element is self.widgets.get("setup"):
                self.load_option(option_id or "")
                return True
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if event.ui_element is self.widgets.get("fen"):
                if self.apply_fen(event.text):  # on an error the box keeps the text to fix
                    self.app.ui.set_focus_set(None)
                    self.sync_widgets()
                return True
            if event.ui_element is self.widgets.get("name"):
                self.name_text = event.text
                self.save()
                return True
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.widgets.get("name"):
                self.name_text = event.text
                if self.files.confirm_overwrite and self.files.confirm_overwrite != event.text.strip():
                    self.confirm.cancel()
                    self.files.set_save_label()
                self.store()
                return True
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            if event.ui_element is self.widgets.get("beams"):
                self.show_beams = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
                self.refresh()
                return True
        elif event.type == pygame.MOUSEMOTION:
            self.input.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if self.input.press(event.pos, event.button):
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            if self.input.release(event.pos, event.button):
                return True
        elif event.type == pygame.MOUSEWHEEL:
            if self.input.wheel(event.y or event.x):
                return True
        elif event.type == pygame.KEYDOWN and self.input.key(event):
            return True
        return super().handle_event(event)

    def _button(self, element: Any) -> bool:
        w = self.widgets
        actions = {
            "apply": lambda: self.apply_fen(w["fen"].get_text()),
            "copy": self.copy_fen,
            "paste": self.paste_fen,
            "delete": self.delete_source,
            "mirror0": lambda: self.mirror(0),
            "mirror1": lambda: self.mirror(1),
            "empty": self.empty_board,
            "undo": self.undo,
            "redo": self.redo,
            "save": self.save,
            "play": self.play_from_here,
        }
        for key, action in actions.items():
            if w.get(key) is not None and element is w[key]:
                action()
                return True
        for color, button in self.segments.items():
            if element is button:
                self.set_turn(color)
                return True
        for button, name, _, _ in self.icon_buttons:
            if element is button and name in ("rotate_cw", "rotate_ccw"):
                self.rotate(1 if name == "rotate_cw" else -1)
                return True
        return False

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if self.rebuild_later and self.root is not None:
            self.rebuild_later = False
            self._teardown()
            self._build()
        if self.save_label_overwrite and not self.files.confirm_overwrite:
            self.files.set_save_label()  # the overwrite confirmation ran out
        for key in list(self.notes):
            self.note_ages[key] = self.note_ages.get(key, 0.0) + dt
            if self.note_ages[key] > NOTE_SECONDS.get(self.notes[key][0], 8.0):
                del self.notes[key]
        scheme = self.app.settings.board_scheme
        if self.view.scheme.name != scheme:
            self.resize(self.app.window_size)
        self.view.coordinates = self.app.settings.show_coordinates
        self.view.update(dt)

    @property
    def animating(self) -> bool:
        return bool(self.view.overlay) or self.press is not None

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface, self.app.settings.board_scheme)
        title = draw_title(surface, "Board editor")
        panel(surface, self.panel)
        for rect in self.sections:
            draw_section_rule(surface, rect)
        self.panels.draw_hint(surface, title)
        self.palette.draw(surface)
        self.view.draw(surface, with_drag=False)
        self.panels.draw_checks(surface)
        for key, rect in (("fen", self.fen_note_rect), ("save", self.save_note_rect)):
            self.panels.draw_note(surface, key, rect)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.panels.draw_icons(surface)
        self.view.draw_drag(surface)


# ----------------------------------------------------------------------------- helpers


def screenshot_editor(app: App) -> EditorScreen:
    """The editor with a half-built position: Silver's half of Classic done, Red's begun (no Red
    Pharaoh yet: an error in the Check list), the Red Pharaoh chosen in the palette over f8."""
    board = default_board(KHET)
    geo = KHET.geometry
    keep_red = {geo.parse_square(n) for n in ("a8", "d8", "c7", "a4", "a5")}
    for sq, code in enumerate(board):
        if code and code_color(code) == Color.SECOND and sq not in keep_red:
            board[sq] = 0
    fen = KHET.board_fen(board, 0)
    screen = EditorScreen(app, variant="khet", fen=fen)
    screen.palette.select(Piece(Kind.PHARAOH, Color.SECOND, 2).code)
    screen.demo_hover = geo.parse_square("f8")
    screen.selected = geo.parse_square("c7")
    screen.decorate()
    return screen


__all__ = ["EditorScreen", "screenshot_editor"]
