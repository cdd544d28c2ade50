"""The Board editor: build a starting position, check it, and share it.

Pieces come from the palette on the left (click a tile, then click squares; or drag a tile onto
the board); pieces on the board are dragged to move them and dragged off the board to remove
them. Right-click, the mouse wheel, ``Q``/``E`` (or the arrow keys) and the Rotate buttons turn a
piece; the red Eraser, ``Delete`` and "Empty board" remove pieces. The right-hand column chooses the
rule set and the side to move, loads built-in and saved setups, mirrors one side onto the other,
undoes and redoes, lists what is wrong with the position in plain words (errors stop play, warnings
do not), saves the position by name and opens the New game screen with it. Under the board the
position string follows every change; it can be copied, pasted or typed in.

The editing itself (history, mirror, checks) is :class:`gui.editor_model.BoardEdit`; this module
is its layout, input and drawing. The work in progress is kept while the app runs, so leaving the
editor loses nothing.
"""

from __future__ import annotations

import logging
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine

from game.errors import LaserChessError
from game.pieces import Kind, make_code
from game.variants import KHET, VARIANTS, get_variant
from game.variants.base import Variant
from gui import clipboard
from gui.art.fonts import font, wrap_text
from gui.audio import CLICK, MOVE, ROTATE
from gui.colours import (
    AMBER,
    DELETE_ICON,
    DISABLED,
    EMPTY_ICON,
    ERROR_TINT,
    GOLD,
    GREEN,
    HINT,
    INFO_BLUE,
    MUTED,
    NOTE_ERROR,
    NOTE_OK,
    NOTE_WARNING,
    RED,
    ROW_GLOW,
    SMALL_TEXT,
    TEXT,
    WARM_RED,
)
from gui.editor_model import BoardEdit, Check, default_board, read_position
from gui.layout import px, style, tier
from gui.screen import Screen
from gui.screens.settings import tick_image
from gui.setups import SetupExistsError, delete_setup, list_setups, save_setup
from gui.widgets.board_view import DRAG_THRESHOLD, BoardView, Decorations
from gui.widgets.chrome import draw_background, draw_section_rule, draw_title, panel
from gui.widgets.form import FormRows
from gui.widgets.home_button import home_button_rect
from gui.widgets.icons import icon
from gui.widgets.palette import ERASER, SELECT, PiecePalette
from gui.widgets.toast import ERROR

if TYPE_CHECKING:
    from gui.app import App

log = logging.getLogger(__name__)

NOTE_SECONDS = {"ok": 5.0, "info": 6.0, "warning": 10.0, "error": 14.0}  # how long a note stays
FEN_LIMIT = 400
SAVED_SUFFIX = " (saved)"  # how the config screen marks saved setups too
NO_SETUP = ("Choose\u2026", "")

BEAM = WARM_RED
ICON_DIM = DISABLED

CHECK_COLOURS = {"error": RED, "warning": AMBER, "ok": GREEN, "laser": BEAM, "info": INFO_BLUE}
NOTE_COLOURS = {"error": NOTE_ERROR, "warning": NOTE_WARNING, "ok": NOTE_OK}
CHECK_ICONS = {"error": "error", "warning": "warning", "ok": "ok", "laser": "laser", "info": "info"}


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
        self.press: dict[str, Any] | None = None
        self.checks: list[Check] = []
        self.errors: list[str] = []
        self.check_scroll = 0
        self.notes: dict[str, tuple[str, str]] = {}
        self.note_ages: dict[str, float] = {}
        self._save_label_overwrite = False
        self.demo_hover: int | None = None  # screenshots: a square the "mouse" is over
        self.widgets: dict[str, Any] = {}
        self.icon_buttons: list[tuple[UIButton, str, tuple[int, int, int], bool]] = []
        self.segments: dict[int, UIButton] = {}
        self.sections: list[pygame.Rect] = []
        self.columns: tuple[pygame.Rect, ...] = ()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.check_rect = pygame.Rect(0, 0, 0, 0)
        self.fen_note_rect = pygame.Rect(0, 0, 0, 0)
        self.save_note_rect = pygame.Rect(0, 0, 0, 0)
        self._setup_rect = pygame.Rect(0, 0, 0, 0)
        self._rebuild_later = False
        self._built_variant = self.variant.name
        self._refresh()
        if start_error:
            self._note("fen", "error", f"The position given could not be read: {start_error}")

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
            self._refresh()
            if sound:
                self.app.audio.play(sound)
        return changed

    def place(self, sq: int, code: int) -> bool:
        changed = self.edit.place(sq, code)
        self.selected = sq
        self._changed(changed, MOVE)
        self._decorate()
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
            self._note(
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
            self._decorate()
            return True
        self._note("fen", "info", "Pick a piece on the board (or in the palette) to turn it.")
        return False

    def empty_board(self) -> bool:
        self.selected = None
        return self._changed(self.edit.empty())

    def set_turn(self, turn: int) -> bool:
        changed = self._changed(self.edit.set_turn(turn))
        self._sync_segments()
        return changed

    def mirror(self, source: int) -> bool:
        before = self.edit.state
        skipped = self.edit.mirror(source)
        changed = self._changed(self.edit.state != before)
        if skipped:
            names = ", ".join(self.variant.geometry.names[sq] for sq in skipped)
            self._note(
                "fen",
                "warning",
                f"Not mirrored: {names} (their images are taken by other "
                f"{self.variant.side_names[source]} pieces).",
            )
        elif changed:
            other = self.variant.side_names[1 - source]
            self._note("fen", "ok", f"{other} now mirrors {self.variant.side_names[source]}.")
        return changed

    def undo(self) -> bool:
        return self._history(self.edit.undo())

    def redo(self) -> bool:
        return self._history(self.edit.redo())

    def _history(self, changed: bool) -> bool:
        if changed:
            if self.selected is not None and not self.board[self.selected]:
                self.selected = None
            self._refresh()
        return changed

    def set_variant(self, name: str) -> bool:
        changed = self.edit.set_variant(name)
        if changed:
            self.source = f"builtin:{next(iter(self.variant.setups))}"
            self.selected = None
            self._refresh()
        return changed

    def load_option(self, option_id: str) -> bool:
        """Load a setup chosen in the "Start from" list (built-in or saved)."""
        if not option_id:
            return False
        kind, _, key = option_id.partition(":")
        fen: str | None = None
        name: str | None = None
        if kind == "builtin":
            fen = self.variant.setups.get(key)
        elif kind == "saved":
            found = next((s for s in list_setups(self.variant.name)[0] if s.path.name == key), None)
            if found is not None:
                fen, name = found.fen, found.name
        if fen is None:
            self._note("save", "error", "That setup is no longer there.")
            self._rebuild_later = True
            return False
        try:
            changed = self.edit.load(fen)
        except LaserChessError as exc:
            self._note("save", "error", f"That setup could not be read: {exc}")
            return False
        self.source = option_id
        self.selected = None
        self._rebuild_later = True  # the drop-down shows "Choose..." again; the bin knows the setup
        self._note("fen", "ok", f"Loaded \u201c{name or key}\u201d.")
        if name is not None:
            self.name_text = name
            entry = self.widgets.get("name")
            if entry is not None:
                entry.set_text(name)
        self._refresh()
        return changed

    def apply_fen(self, text: str) -> bool:
        """Read a position string (typed or pasted); on an error the board is left as it is."""
        text = "".join(ch if ch.isprintable() else " " for ch in str(text or "")).strip()
        if not text:
            self._note("fen", "error", "The position string is empty.")
            return False
        try:
            changed = self.edit.load(text)
        except LaserChessError as exc:
            self._note("fen", "error", sentence_of(f"Not applied: {exc}"))
            return False
        except Exception as exc:  # odd text must never take the editor down
            log.exception("position string %r", text[:80])
            self._note("fen", "error", f"Not applied: that text is not a position string ({exc}).")
            return False
        self.selected = None
        self._refresh()
        self._note("fen", "ok", "Position applied." if changed else "That position is on the board already.")
        return True

    def copy_fen(self) -> bool:
        if clipboard.put_text(self.fen):
            self._note("fen", "ok", "Position string copied to the clipboard.")
            return True
        self._note(
            "fen",
            "warning",
            "The system clipboard is not available here, so the string was copied inside the app "
            "only: Paste works in this window.",
        )
        return False

    def paste_fen(self) -> bool:
        text, from_system = clipboard.get_text()
        if not text or not text.strip():
            self._note("fen", "error", "There is nothing to paste: the clipboard is empty.")
            return False
        line = " ".join(text.split())
        entry = self.widgets.get("fen")
        if entry is not None:
            shown = "".join(ch for ch in line if ch.isprintable())[:FEN_LIMIT]
            try:
                entry.set_text(shown)
            except Exception:  # the text is still checked below
                log.info("the position box refused the pasted text")
        ok = self.apply_fen(line)
        if ok and not from_system:
            self._note("fen", "ok", "Pasted from the in-app clipboard.")
        return ok

    def save(self, overwrite: bool = False) -> bool:
        name = self.name_text.strip()
        if not name:
            self._note("save", "error", "Type a name for the setup first.")
            entry = self.widgets.get("name")
            if entry is not None:
                self.app.ui.set_focus_set(entry)
            return False
        if self.errors:
            self._note("save", "error", sentence_of(f"Fix this first: {self.errors[0]}"))
            return False
        if self.confirm_overwrite == name:
            overwrite = True
        try:
            setup = save_setup(name, self.variant.name, self.fen, overwrite=overwrite)
        except SetupExistsError:
            self.confirm.press(
                f"overwrite:{name}", f"\u201c{name}\u201d exists already: click Overwrite to replace it."
            )
            self._set_save_label()
            return False
        except (ValueError, LaserChessError) as exc:
            self._note("save", "error", sentence_of(f"Not saved: {exc}"))
            return False
        except OSError as exc:
            self._note("save", "error", sentence_of(f"Not saved: {exc.strerror or exc}"))
            return False
        self.confirm.cancel()
        self._set_save_label()
        self.source = f"saved:{setup.path.name}"
        self._note("save", "ok", f"Saved \u201c{setup.name}\u201d: the New game screen lists it.")
        self.app.audio.play(CLICK)
        self._rebuild_later = True
        self._store()
        return True

    def delete_source(self) -> bool:
        """The red bin: delete the saved setup chosen in "Start from" (a second click confirms)."""
        kind, _, key = self.source.partition(":")
        if kind != "saved":
            return False
        setup = next((s for s in list_setups(self.variant.name)[0] if s.path.name == key), None)
        if setup is None:
            self.source = ""
            self._rebuild_later = True
            return False
        if not self.confirm.press(
            f"delete:{key}", f"Click the red bin again to delete \u201c{setup.name}\u201d."
        ):
            return False
        try:
            delete_setup(setup)
        except OSError as exc:
            self._note("save", "error", sentence_of(f"Not deleted: {exc.strerror or exc}"))
            return False
        self.source = ""
        self._note("save", "ok", f"Deleted \u201c{setup.name}\u201d (the board is unchanged).")
        self._rebuild_later = True
        self._store()
        return True

    def play_from_here(self) -> bool:
        if "config" not in self.app.registry:
            return False
        if self.errors:
            self._note("save", "error", sentence_of(f"Fix this first: {self.errors[0]}"))
            return False
        self._store()
        self.app.screens.push("config", variant=self.variant.name, fen=self.fen)
        return True

    # ------------------------------------------------------------ derived state
    def _refresh(self) -> None:
        """Everything that follows from the position: checks, beams, board, palette, widgets."""
        if self.variant is not self.view.variant:
            self.view.set_variant(self.variant)
            self.palette.set_variant(self.variant)
            self.selected = None
        if self.variant.name != self._built_variant:
            self._rebuild_later = True  # the side names on buttons, the rule-set drop-down
            if self.confirm_overwrite:
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
        self._decorate()
        self._sync_widgets()
        self._store()

    def setup_note(self) -> str:
        """The description of the built-in setup last loaded, while the board is still that setup."""
        kind, _, key = self.source.partition(":")
        note = self.variant.setup_notes.get(key, "") if kind == "builtin" else ""
        if not note:
            return ""
        board, turn = read_position(self.variant, self.variant.setups[key])
        return note if (board, turn) == (self.board, self.edit.turn) else ""

    def _decorate(self) -> None:
        hover_check = self._check_at(self.mouse)
        if hover_check is not None and hover_check.squares:
            alerts = frozenset(hover_check.squares)
        else:
            alerts = frozenset(
                sq for c in self.checks if c.kind == "error" for sq in c.squares if self.board[sq]
            )
        hover = None
        preview = None
        press = self.press
        square = self.view.square_at(self.mouse) if self.mouse[0] >= 0 else None
        if square is None and self.demo_hover is not None:
            square = self.demo_hover
        dragging = press is not None and press["dragging"]
        if dragging:
            hover = square
        elif square is not None and press is None:
            tool = self.palette.selected
            if tool > 0:
                hover = square
                if self.board[square] != tool:
                    preview = (square, tool)
            elif tool == ERASER and self.board[square]:
                hover = square
        hidden: frozenset[int] = frozenset()
        if dragging and press is not None and press["origin"] == "board":
            hidden = frozenset({press["square"]})
        selected = self.selected if self.selected is not None and self.board[self.selected] else None
        self.view.deco = Decorations(
            selected=selected, hidden=hidden, hover=hover, preview=preview, alerts=alerts
        )

    def _store(self) -> None:
        _DRAFTS[self.app] = _Draft(self.edit, self.name_text, self.source)

    def _note(self, where: str, kind: str, text: str) -> None:
        self.notes[where] = (kind, text)
        self.note_ages[where] = 0.0

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        self._rebuild_later = False
        self._built_variant = self.variant.name
        w, h = size
        ui = self.app.ui
        small = tier(size) == "s"  # a small window: tight margins and columns, so the board keeps its size
        margin = 8 if small else max(14, px(28, size))
        home = home_button_rect(size)
        self.panel = pygame.Rect(margin, home.bottom + px(14, size), w - 2 * margin, 0)
        self.panel.height = h - self.panel.top - margin
        pad = 8 if small else max(12, px(24, size))
        gap = 8 if small else max(14, px(28, size))
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        self.sections = []
        self.widgets = {}
        self.icon_buttons = []
        self.segments = {}

        # vertical rhythm of the right-hand column: 6 rows, 3 headings, the check list, Play
        unit = inner.height / (6 + 3 * 0.9 + 4.2 + 1.3 + 0.7)
        row_h = int(max(26, min(px(40, size), unit)))
        head_h = int(row_h * 0.9)
        ctrl_h = max(24, int(row_h * 0.84))
        small_gap = max(4, px(8, size))

        # columns: palette | board and position string | controls and checks
        right_w = 192 if small else max(262, min(px(400, size), int(inner.width * 0.31)))
        rows_khet = max(
            6, len(self.variant.kinds) + 1
        )  # palette rows: one per kind (at least Khet's five) + tools
        tools_block = head_h + row_h + small_gap
        side_label = font(max(11, int(px(60, size) * 0.24)), bold=True).get_linesize() + 2
        by_height = (
            inner.height - head_h - tools_block - side_label - small_gap * (rows_khet + 2)
        ) // rows_khet
        tile = max(26, min(30 if w < 720 else px(62, size), by_height))  # 640 wide: the board first
        left_w = max(2 * tile + max(4, tile // 9), font(px(18, size), bold=True).size("Pieces")[0] + 6)
        left = pygame.Rect(inner.x, inner.y, left_w, inner.height)
        right = pygame.Rect(inner.right - right_w, inner.y, right_w, inner.height)
        centre = pygame.Rect(left.right + gap, inner.y, right.left - gap - left.right - gap, inner.height)
        self.columns = (left, centre, right)

        def heading(text: str, column: pygame.Rect, top: int) -> pygame.Rect:
            rect = pygame.Rect(column.x, top, column.width, head_h)
            UILabel(rect, text, ui, container=root, object_id=style("heading", size))
            self.sections.append(rect)
            return rect

        # --- left: the palette and the rotate buttons
        y = heading("Pieces", left, left.y).bottom + small_gap // 2
        pal_area = pygame.Rect(left.x, y, left.width, left.bottom - tools_block - y - small_gap)
        self.palette.set_area(pal_area, tile)
        # the Rotate buttons right under the tiles (or at the bottom, if the tiles reach it)
        ry = min(left.bottom - row_h, pal_area.y + self.palette.used_height + 2 * small_gap + head_h)
        heading("Rotate", left, ry - head_h - small_gap // 2)
        half = (left.width - small_gap) // 2
        self._icon_button(
            "rotate_ccw", pygame.Rect(left.x, ry, half, ctrl_h), "Turn counter-clockwise (Q or \u2190)"
        )
        self._icon_button(
            "rotate_cw",
            pygame.Rect(left.right - half, ry, half, ctrl_h),
            "Turn clockwise (E, \u2192 or right-click)",
        )

        # --- centre: the board, the position string and its buttons
        note_h = 2 * font(SMALL_TEXT.at(size)).get_linesize() + 2  # two lines of a note
        fen_y = centre.bottom - note_h - ctrl_h - 4
        # the board takes what is left above; when the width limits it, the row moves up under it
        self.view.set_area(pygame.Rect(centre.x, centre.y, centre.width, fen_y - small_gap - centre.y))
        self.view.set_area(pygame.Rect(centre.x, centre.y, centre.width, self.view.rect.height))
        fen_y = self.view.rect.bottom + small_gap
        icon_w = ctrl_h if small else max(ctrl_h, int(ctrl_h * 1.25))
        apply_w = max(70, font(self._button_font_size("btn"), bold=True).size("Apply")[0] + 28)
        narrow = centre.width - apply_w - 2 * icon_w - 3 * small_gap < centre.width * 0.45
        if narrow:
            apply_w = icon_w  # a tick instead of the word, so the box keeps some width
        entry_w = centre.width - apply_w - 2 * icon_w - 3 * small_gap
        entry = UITextEntryLine(
            pygame.Rect(centre.x, fen_y, entry_w, ctrl_h), ui, container=root, object_id=style("label", size)
        )
        entry.set_text_length_limit(FEN_LIMIT)
        entry.set_text(self.fen)
        self.widgets["fen"] = entry
        x = centre.x + entry_w + small_gap
        apply_tip = "Read the position string in the box (Enter does the same)"
        apply_rect = pygame.Rect(x, fen_y, apply_w, ctrl_h)
        if narrow:
            self.widgets["apply"] = self._icon_button("ok", apply_rect, apply_tip, colour=NOTE_OK)
        else:
            self.widgets["apply"] = UIButton(
                apply_rect, "Apply", ui, container=root, object_id=style("btn", size), tool_tip_text=apply_tip
            )
        x += apply_w + small_gap
        self.widgets["copy"] = self._icon_button(
            "copy", pygame.Rect(x, fen_y, icon_w, ctrl_h), "Copy the position string (Ctrl+C)"
        )
        x += icon_w + small_gap
        self.widgets["paste"] = self._icon_button(
            "paste", pygame.Rect(x, fen_y, icon_w, ctrl_h), "Paste a position string (Ctrl+V)"
        )
        self.fen_note_rect = pygame.Rect(centre.x, fen_y + ctrl_h + 4, centre.width, note_h)

        # --- right: position controls, the checks, saving and playing
        label_font = font({"s": 14, "m": 16, "l": 20}[tier(size)])
        start_label = "Setup" if small else "Start from"  # a narrow column: the shorter word
        labels = ("Rule set", "To move", start_label, "Mirror")
        label_w = max(
            int(right.width * 0.3), max(label_font.size(t)[0] for t in labels) + (8 if small else 12)
        )
        ctrl_x = right.x + label_w
        ctrl_w = right.right - ctrl_x

        form = FormRows(ui, root, size, right, label_w, row_h, ctrl_h, label_gap=6)
        label, ctrl = form.label, form.ctrl

        label("Rule set", y)
        options: list[str | tuple[str, str]] = [(v.title, v.name) for v in VARIANTS.values()]
        current = (self.variant.title, self.variant.name)
        self.widgets["variant"] = UIDropDownMenu(
            options, current, ctrl(y), ui, container=root, object_id=style("drop", size)
        )
        y += row_h
        label("To move", y)
        seg_gap = 4
        seg_w = (ctrl_w - seg_gap) // 2
        for color in (0, 1):
            button = UIButton(
                ctrl(y, ctrl_x + color * (seg_w + seg_gap), seg_w),
                self.variant.side_names[color],
                ui,
                container=root,
                object_id=style("segment", size),
                tool_tip_text=f"{self.variant.side_names[color]} moves first from this position",
            )
            self.segments[color] = button
        y += row_h
        label(start_label, y)
        trash_w = ctrl_h if small else max(ctrl_h, int(ctrl_h * 1.15))
        self._setup_rect = ctrl(y, width=ctrl_w - trash_w - seg_gap)
        self._build_setup_drop(root, size)
        self.widgets["delete"] = self._icon_button(
            "trash",
            ctrl(y, right.right - trash_w, trash_w),
            self._delete_tip(),
            colour=DELETE_ICON,
            style_name="danger",
        )
        y += row_h
        label("Mirror", y)
        for color in (0, 1):
            other = self.variant.side_names[1 - color]
            self.widgets[f"mirror{color}"] = UIButton(
                ctrl(y, ctrl_x + color * (seg_w + seg_gap), seg_w),
                self.variant.side_names[color],
                ui,
                container=root,
                object_id=style("btn", size),
                tool_tip_text=(
                    f"Give {other} the 180\u00b0 image of {self.variant.side_names[color]}'s pieces "
                    f"({other}'s own pieces are replaced)"
                ),
            )
        y += row_h
        btn_font = font(self._button_font_size("btn"), bold=True)
        empty_need = (
            btn_font.size("Empty board")[0] + self._icon_size(pygame.Rect(0, 0, 1, ctrl_h), "btn") + 40
        )
        empty_w = min(right.width - 2 * (icon_w + seg_gap) - seg_gap, max(empty_need, label_w + seg_w))
        self.widgets["empty"] = self._icon_button(
            "trash",
            ctrl(y, right.x, empty_w),
            "Remove every piece (Undo brings them back)",
            text="Empty board",
            colour=EMPTY_ICON,
            style_name="danger",
        )
        self.widgets["undo"] = self._icon_button(
            "undo", ctrl(y, right.right - 2 * icon_w - seg_gap, icon_w), "Undo (Ctrl+Z)"
        )
        self.widgets["redo"] = self._icon_button(
            "redo", ctrl(y, right.right - icon_w, icon_w), "Redo (Ctrl+Y)"
        )
        y += row_h

        # bottom up: Play, the save note, the save row, the Save heading
        bottom = right.bottom
        if "config" in self.app.registry:
            play_h = max(32, int(row_h * 1.2))
            self.widgets["play"] = self._icon_button(
                "play",
                pygame.Rect(right.x, bottom - play_h, right.width, play_h),
                "Open the New game screen with this position",
                text="Play from here",
                style_name="menu",
                colour=GOLD,
            )
            bottom -= play_h + small_gap
        self.save_note_rect = pygame.Rect(right.x, bottom - note_h, right.width, note_h)
        bottom = self.save_note_rect.top - 2
        save_y = bottom - row_h
        save_w = max(90, font({"s": 14, "m": 16, "l": 20}[tier(size)], bold=True).size("Overwrite")[0] + 56)
        name_y, name_w = save_y, right.width - save_w - seg_gap
        if small:  # a narrow column: the name gets a row of its own, Save goes under it
            name_y, name_w = save_y - row_h, right.width
        name_entry = UITextEntryLine(
            ctrl(name_y, right.x, name_w),
            ui,
            container=root,
            object_id=style("label", size),
            placeholder_text="Setup name",
        )
        name_entry.set_text_length_limit(60)
        if self.name_text:
            name_entry.set_text(self.name_text)
        self.widgets["name"] = name_entry
        self.widgets["save"] = self._icon_button(
            "save",
            ctrl(save_y, right.right - save_w, save_w),
            "Save to saves/setups (Ctrl+S)",
            text="Overwrite" if self.confirm_overwrite else "Save",
        )
        save_head = heading("Save", right, name_y - head_h)

        check_head = heading("Check", right, y + small_gap // 2)
        toggle_font = font({"s": 14, "m": 16, "l": 20}[tier(size)])
        box = max(toggle_font.get_height(), int(ctrl_h * 0.72))  # the label is as tall as the box
        toggle_w = box + 10 + toggle_font.size("Show lasers")[0]
        self.widgets["beams"] = UICheckBox(
            pygame.Rect(right.right - toggle_w, check_head.y + (check_head.height - box) // 2 - 2, box, box),
            "Show lasers",
            ui,
            container=root,
            initial_state=self.show_beams,
            object_id=style("toggle", size),
            tool_tip_text="Draw where each side's laser would go now",
        )
        self.check_rect = pygame.Rect(
            right.x,
            check_head.bottom + small_gap // 2,
            right.width,
            save_head.top - small_gap - check_head.bottom,
        )
        self._sync_widgets()
        if self.demo_hover is not None:
            self.mouse = tuple(int(v) for v in self.view.square_center(self.demo_hover))  # type: ignore[assignment]
            self._decorate()

    def _delete_tip(self) -> str:
        kind, _, key = self.source.partition(":")
        if kind == "saved":
            found = next((s for s in list_setups(self.variant.name)[0] if s.path.name == key), None)
            if found is not None:
                return f"Delete the saved setup \u201c{found.name}\u201d (click twice)"
        return "Deletes a saved setup: load it with Start from first"

    def _build_setup_drop(self, root: UIContainer | None = None, size: tuple[int, int] | None = None) -> None:
        root = root or self.root
        size = size or self.app.window_size
        old = self.widgets.get("setup")
        if old is not None:
            old.kill()
        options: list[str | tuple[str, str]] = [NO_SETUP]
        options += [(name, f"builtin:{name}") for name in self.variant.setups]
        saved, problems = list_setups(self.variant.name)
        options += [(s.name + SAVED_SUFFIX, f"saved:{s.path.name}") for s in saved]
        for problem in problems[:2]:
            self.app.notify(f"A saved setup could not be read: {problem}", ERROR)
        # Always shown as "Choose...": a drop-down does not report choosing its shown option again,
        # and loading the same setup twice (to start over) must work.
        current = NO_SETUP
        limit = max(120, self.panel.bottom - self._setup_rect.bottom - 10)
        self.widgets["setup"] = UIDropDownMenu(
            options,
            current,
            self._setup_rect,
            self.app.ui,
            container=root,
            object_id=style("drop", size),
            expansion_height_limit=limit,
        )
        self.widgets["setup"].set_tooltip("Load a built-in or saved setup (Undo takes it back)")

    def _icon_button(
        self,
        name: str,
        rect: pygame.Rect,
        tip: str,
        *,
        text: str = "",
        colour: tuple[int, int, int] = TEXT,
        style_name: str = "btn",
    ) -> UIButton:
        """A button showing an icon (drawn over it in draw_overlay), with an optional word beside it."""
        size = self.app.window_size
        label = ""
        if text:
            f = font(self._button_font_size(style_name), bold=True)
            icon_size = self._icon_size(rect, style_name)
            spaces = 1
            while f.size(" " * spaces)[0] < icon_size + 6:
                spaces += 1
            label = " " * spaces + text
        button = UIButton(
            rect,
            label,
            self.app.ui,
            container=self.root,
            object_id=style(style_name, size),
            tool_tip_text=tip,
        )
        self.icon_buttons.append((button, name, colour, bool(text)))
        return button

    def _button_font_size(self, style_name: str) -> int:
        sizes = {"menu": {"s": 19, "m": 24, "l": 30}}.get(style_name, {"s": 14, "m": 16, "l": 20})
        return sizes[tier(self.app.window_size)]

    def _icon_size(self, rect: pygame.Rect, style_name: str) -> int:
        if style_name == "menu":
            return max(12, int(rect.height * 0.5))
        return max(12, int(rect.height * 0.62))

    def teardown(self) -> None:
        self.widgets = {}
        self.icon_buttons = []
        self.segments = {}

    def resume(self) -> None:
        super().resume()
        self._rebuild_later = True  # saved setups may have changed on the screen above

    def _sync_widgets(self) -> None:
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
            if button is not None:
                if enabled and not button.is_enabled:
                    button.enable()
                elif not enabled and button.is_enabled:
                    button.disable()
        self._sync_segments()

    def _sync_segments(self) -> None:
        for color, button in self.segments.items():
            if color == self.turn:
                button.select()
            else:
                button.unselect()

    @property
    def confirm_overwrite(self) -> str | None:
        """The setup name whose overwrite is armed (a second Save replaces it), if any."""
        key = self.confirm.key if self.confirm.armed() else None
        return key.removeprefix("overwrite:") if key and key.startswith("overwrite:") else None

    def _set_save_label(self) -> None:
        button = self.widgets.get("save")
        if button is None:
            return
        self._save_label_overwrite = bool(self.confirm_overwrite)
        text = "Overwrite" if self._save_label_overwrite else "Save"
        pad = button.text[: len(button.text) - len(button.text.lstrip(" "))]
        button.set_text(pad + text)

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
                    self._sync_widgets()
                return True
            if event.ui_element is self.widgets.get("name"):
                self.name_text = event.text
                self.save()
                return True
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.widgets.get("name"):
                self.name_text = event.text
                if self.confirm_overwrite and self.confirm_overwrite != event.text.strip():
                    self.confirm.cancel()
                    self._set_save_label()
                self._store()
                return True
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            if event.ui_element is self.widgets.get("beams"):
                self.show_beams = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
                self._refresh()
                return True
        elif event.type == pygame.MOUSEMOTION:
            self._mouse_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if self._mouse_down(event.pos, event.button):
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            if self._mouse_up(event.pos, event.button):
                return True
        elif event.type == pygame.MOUSEWHEEL:
            if self._wheel(event.y or event.x):
                return True
        elif event.type == pygame.KEYDOWN and self._key(event):
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

    def _mouse_motion(self, pos: tuple[int, int]) -> None:
        self.mouse = (int(pos[0]), int(pos[1]))
        self.demo_hover = None
        self.palette.handle_motion(self.mouse)
        press = self.press
        if press is not None:
            if not press["dragging"]:
                dx, dy = pos[0] - press["pos"][0], pos[1] - press["pos"][1]
                if dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD:
                    self._start_drag(press)
            if press["dragging"] and press.get("code"):
                self.view.drag = (press["code"], self.mouse)
            if press["origin"] == "erase":
                sq = self.view.square_at(self.mouse)
                if sq is not None and self.edit.clear_square(sq):
                    if self.selected == sq:
                        self.selected = None
                    self._refresh()
        self._decorate()

    def _start_drag(self, press: dict[str, Any]) -> None:
        origin = press["origin"]
        if origin == "board" and self.board[press["square"]]:
            press["dragging"] = True
            press["code"] = self.board[press["square"]]
            self.selected = press["square"]
        elif origin == "palette" and press["tool"] > 0:
            press["dragging"] = True
            press["code"] = press["tool"]

    def _mouse_down(self, pos: tuple[int, int], button: int) -> bool:
        self.mouse = (int(pos[0]), int(pos[1]))
        self.demo_hover = None
        if self.press is not None:
            self._cancel_press()
        tool = self.palette.tool_at(pos)
        if tool is not None:
            if button == 1:
                if tool == self.palette.selected and tool != SELECT:
                    self.palette.select(SELECT)  # a second click puts the tool down
                else:
                    self.palette.select(tool)
                    self.selected = None
                self.app.audio.play(CLICK)
                self.press = {"origin": "palette", "tool": tool, "pos": pos, "button": 1, "dragging": False}
            else:
                self.palette.rotate(tool, 1)
                self.app.audio.play(ROTATE)
            self._decorate()
            return True
        sq = self.view.square_at(pos)
        if sq is None:
            return False
        if button == 1 and self.palette.selected == ERASER:
            self.press = {"origin": "erase", "pos": pos, "button": 1, "dragging": False}
            self.edit.begin_stroke()
            if self.edit.clear_square(sq):
                if self.selected == sq:
                    self.selected = None
                self._refresh()
            return True
        self.press = {"origin": "board", "square": sq, "pos": pos, "button": button, "dragging": False}
        self._decorate()
        return True

    def _mouse_up(self, pos: tuple[int, int], button: int) -> bool:
        press = self.press
        if press is None or press["button"] != button:
            return False
        self.press = None
        self.view.drag = None
        self.mouse = (int(pos[0]), int(pos[1]))
        target = self.view.square_at(pos)
        origin = press["origin"]
        if origin == "erase":
            self.edit.end_stroke()
            self._refresh()
            return True
        if press["dragging"]:
            if origin == "board":
                frm = press["square"]
                if target is None:
                    self.erase(frm)  # dragged off the board: put away
                elif target != frm:
                    self.move_piece(frm, target)
            elif origin == "palette" and target is not None:
                self.place(target, press["code"])
            self._decorate()
            return True
        if origin == "palette":
            return True
        sq = press["square"]
        if button == 3:
            self.rotate_square(sq, 1)
        else:
            tool = self.palette.selected
            if tool > 0:
                if self.board[sq] == tool:
                    self.selected = sq
                else:
                    self.place(sq, tool)
            else:
                self.selected = sq if self.board[sq] and self.selected != sq else None
        self._decorate()
        return True

    def _cancel_press(self) -> None:
        press = self.press
        self.press = None
        self.view.drag = None
        if press is not None and press["origin"] == "erase":
            self.edit.end_stroke()
            self._refresh()
        self._decorate()

    def _wheel(self, amount: int) -> bool:
        if not amount:
            return False
        pos = self.mouse
        turns = 1 if amount > 0 else -1
        if self.check_rect.collidepoint(pos):
            self.check_scroll = max(0, min(len(self.checks) - 1, self.check_scroll - turns))
            return True
        tool = self.palette.tool_at(pos)
        if tool is not None and tool > 0:
            self.palette.rotate(tool, turns)
            self.app.audio.play(ROTATE)
            return True
        sq = self.view.square_at(pos)
        if sq is not None and self.board[sq]:
            self.rotate_square(sq, turns)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE and self.press is not None:
            self._cancel_press()
            return True
        if ctrl:
            if key == pygame.K_z:
                return self.redo() if shift else self.undo()
            if key == pygame.K_y:
                return self.redo()
            if key == pygame.K_c:
                return self.copy_fen()
            if key == pygame.K_v:
                return self.paste_fen()
            if key == pygame.K_s:
                return self.save()
            return False
        if key in (pygame.K_e, pygame.K_RIGHT):
            self.rotate(1)
            return True
        if key in (pygame.K_q, pygame.K_LEFT):
            self.rotate(-1)
            return True
        if key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            if self.selected is not None and self.board[self.selected]:
                self.erase(self.selected)
            else:
                self._note("fen", "info", "Select a piece first, then press Delete to remove it.")
            return True
        if key == pygame.K_f:
            self.view.set_flipped(not self.view.flipped)
            return True
        return False

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if getattr(self, "_rebuild_later", False) and self.root is not None:
            self._rebuild_later = False
            self._teardown()
            self._build()
        if self._save_label_overwrite and not self.confirm_overwrite:
            self._set_save_label()  # the overwrite confirmation ran out
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
        self._draw_hint(surface, title)
        self.palette.draw(surface)
        self.view.draw(surface, with_drag=False)
        self._draw_checks(surface)
        for key, rect in (("fen", self.fen_note_rect), ("save", self.save_note_rect)):
            self._draw_note(surface, key, rect)

    def _draw_hint(self, surface: pygame.Surface, title: pygame.Rect) -> None:
        size = surface.get_size()
        tool = self.palette.hovered if self.palette.hovered is not None else self.palette.selected
        if tool > 0:
            text = (
                f"{self.palette.describe(tool)}: click squares to place it, or drag it in; the wheel turns it"
            )
        elif tool == ERASER:
            text = "Eraser: click or sweep over pieces to remove them"
        else:
            text = "Drag pieces to move them, off the board to remove them; right-click or wheel turns them"
        f = font(SMALL_TEXT.at(size))
        home = home_button_rect(size)
        room = home.left - px(18, size) - (title.right + px(20, size))
        if room < 80:
            return
        lines = wrap_text(f, text, room)[:2]
        line_h = f.get_linesize()
        top = home.centery - len(lines) * line_h // 2
        for i, line in enumerate(lines):
            img = f.render(line, True, HINT)
            surface.blit(img, img.get_rect(topright=(home.left - px(18, size), top + i * line_h)))

    def _check_layout(self) -> list[tuple[Check, pygame.Rect, list[str]]]:
        rect = self.check_rect
        if rect.width <= 0 or rect.height <= 0:
            return []
        size = self.app.window_size
        f = font(SMALL_TEXT.at(size))
        line_h = f.get_linesize()
        icon_size = max(12, int(line_h * 0.92))
        text_w = rect.width - icon_size - 10
        out: list[tuple[Any, pygame.Rect, list[str]]] = []
        y = rect.y
        shown = self.checks[self.check_scroll :]
        for i, check in enumerate(shown):
            lines = wrap_text(f, check.text, text_w)
            height = len(lines) * line_h
            remaining = len(shown) - i - 1
            need_more_line = remaining > 0
            if y + height + (line_h if need_more_line else 0) > rect.bottom and out:
                break
            out.append((check, pygame.Rect(rect.x, y, rect.width, height), lines))
            y += height + max(3, line_h // 4)
        return out

    def _check_at(self, pos: tuple[int, int]) -> Check | None:
        if not self.check_rect.collidepoint(pos):
            return None
        for check, rect, _ in self._check_layout():
            if rect.collidepoint(pos):
                return check
        return None

    def _draw_checks(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        f = font(SMALL_TEXT.at(size))
        line_h = f.get_linesize()
        icon_size = max(12, int(line_h * 0.92))
        layout = self._check_layout()
        hovered = self._check_at(self.mouse)
        for check, rect, lines in layout:
            colour = CHECK_COLOURS.get(check.kind, TEXT)
            if check is hovered and check.squares:
                glow = pygame.Surface(rect.inflate(8, 4).size, pygame.SRCALPHA)
                pygame.draw.rect(glow, ROW_GLOW, glow.get_rect(), border_radius=6)
                surface.blit(glow, rect.inflate(8, 4))
            img = icon(CHECK_ICONS.get(check.kind, "info"), icon_size, colour)
            surface.blit(img, (rect.x, rect.y + (line_h - icon_size) // 2))
            text_colour = ERROR_TINT if check.kind == "error" else TEXT
            for i, line in enumerate(lines):
                surface.blit(f.render(line, True, text_colour), (rect.x + icon_size + 8, rect.y + i * line_h))
        hidden_before = self.check_scroll
        hidden_after = len(self.checks) - self.check_scroll - len(layout)
        if hidden_after > 0 or hidden_before > 0:
            parts = []
            if hidden_before:
                parts.append(f"{hidden_before} above")
            if hidden_after:
                parts.append(f"{hidden_after} more below")
            more = font(max(10, px(13, size)), bold=True).render(
                " \u00b7 ".join(parts) + " (scroll)", True, HINT
            )
            surface.blit(more, more.get_rect(bottomright=self.check_rect.bottomright))

    def _note_font(self) -> pygame.font.Font:
        return font(SMALL_TEXT.at(self.app.window_size))

    def _draw_note(self, surface: pygame.Surface, key: str, rect: pygame.Rect) -> None:
        """A note under the position string or the save row: icon and words, wrapped to the
        lines there is room for (the last one cut with an ellipsis). The position string's place
        shows a hint when there is no note."""
        if rect.width <= 0:
            return
        note = self.notes.get(key)
        f = self._note_font()
        line_h = f.get_linesize()
        if note is None:
            if key != "fen":
                return
            kind, text, colour, left = (
                "",
                "Position string: edit it and press Enter, or paste one.",
                HINT,
                rect.x,
            )
        else:
            kind, text = note
            colour = NOTE_COLOURS.get(kind, MUTED)
            icon_size = max(10, int(line_h * 0.85))
            img = icon(CHECK_ICONS.get(kind, "info"), icon_size, CHECK_COLOURS.get(kind, MUTED))
            surface.blit(img, (rect.x, rect.y + (line_h - icon_size) // 2))
            left = rect.x + icon_size + 6
        lines = wrap_text(f, text, rect.right - left)
        room = max(1, rect.height // line_h)
        if len(lines) > room:
            lines = lines[:room]
            last = lines[-1]
            while last and f.size(last + "\u2026")[0] > rect.right - left:
                last = last[:-1]
            lines[-1] = last.rstrip() + "\u2026"
        for i, line in enumerate(lines):
            surface.blit(f.render(line, True, colour), (left, rect.y + i * line_h))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        for button, name, colour, with_text in self.icon_buttons:
            if not button.visible:
                continue
            rect = button.rect
            style_name = "menu" if button is self.widgets.get("play") else "btn"
            size = self._icon_size(rect, style_name)
            tint = colour if button.is_enabled else ICON_DIM
            img = icon(name, size, tint)
            if with_text:
                f = font(self._button_font_size(style_name), bold=True)
                total = f.size(button.text)[0]
                pad = f.size(button.text[: len(button.text) - len(button.text.lstrip(" "))])[0]
                left = rect.centerx - total // 2
                surface.blit(img, img.get_rect(midright=(left + pad - 4, rect.centery)))
            else:
                surface.blit(img, img.get_rect(center=rect.center))
        widget = self.widgets.get("beams")
        if isinstance(widget, UICheckBox) and widget.is_checked and widget.visible:
            tick = tick_image(min(widget.rect.size))
            surface.blit(tick, tick.get_rect(center=widget.rect.center))
        self.view.draw_drag(surface)


# ----------------------------------------------------------------------------- helpers


def sentence_of(text: str) -> str:
    """``text`` ending in exactly one full stop (messages from the rules have none)."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


def screenshot_editor(app: App) -> EditorScreen:
    """The editor with a half-built position: Silver's half of Classic done, Red's begun (no Red
    Pharaoh yet: an error in the Check list), the Red Pharaoh chosen in the palette over f8."""
    board = default_board(KHET)
    geo = KHET.geometry
    keep_red = {geo.parse_square(n) for n in ("a8", "d8", "c7", "a4", "a5")}
    for sq, code in enumerate(board):
        if code and code >> 2 & 1 and sq not in keep_red:
            board[sq] = 0
    fen = KHET.board_fen(board, 0)
    screen = EditorScreen(app, variant="khet", fen=fen)
    screen.palette.select(make_code(Kind.PHARAOH, 1, 2))
    screen.demo_hover = geo.parse_square("f8")
    screen.selected = geo.parse_square("c7")
    screen._decorate()
    return screen


__all__ = ["EditorScreen", "screenshot_editor"]
