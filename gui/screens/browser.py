"""The past-games browser: every record in ``saves/`` as a card in a horizontal strip.

Sort by date, length or result; filter by opponent and result. The selected card has a green
border; double-click, ``Enter`` or Replay opens it in the replay screen. Unfinished games can
be resumed. Start and final position strings can be copied; a game can be exported to a file,
one can be imported (checked by replaying it first), and one deleted (asks for a second click).
A file that cannot be read is shown with the reason and never touched.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine
from pygame_gui.windows import UIFileDialog

from game import Game, RuleOptions
from game.errors import RecordError
from game.variants import VARIANTS
from gui import clipboard, library, paths
from gui.art.fonts import font, wrap_text
from gui.colours import BODY_TEXT, BROWSER_HINT, DETAIL_TEXT, ERROR_NOTE, GOLD, LABEL_TEXT, MUTED, RULE, TEXT
from gui.layout import px, style, tier
from gui.library import OPPONENT_FILTERS, RESULT_FILTERS, SORTS, GameEntry, LibraryError
from gui.screen import Screen
from gui.widgets.chrome import draw_background, draw_title, header_rect, panel
from gui.widgets.form import BUTTON_TEXT_PAD
from gui.widgets.game_card import CardStrip, date_label
from gui.widgets.home_button import home_button_rect
from gui.widgets.toast import ERROR

DELETE_CONFIRM = "Really delete?"
ACTIONS = (
    ("replay", "Replay", "Watch this game move by move (Enter or double-click)"),
    ("resume", "Resume", "Carry on playing this unfinished game"),
    ("copy_start", "Copy start position", "Copy the position string the game started from"),
    ("copy_final", "Copy final position", "Copy the position string of the game's last position"),
    ("export", "Export…", "Write this game to a file of your choice"),
    ("delete", "Delete", "Delete this game's file (asks for a second click)"),
)

SHORT_LABELS = {"Copy start position": "Copy start", "Copy final position": "Copy final"}
FORMAT_LABELS = {"text": "as Text", "json": "as JSON"}  # the export format button


def exports_dir() -> Path:
    return paths.data_dir() / "exports"


class BrowserScreen(Screen):
    name = "browser"
    title = "Past games"

    def __init__(self, app, folder: Path | str | None = None, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.folder = Path(folder) if folder is not None else paths.saves_dir()
        self.entries: list[GameEntry] = []
        self.shown: list[GameEntry] = []
        self.sort = "newest"
        self.opponent = "any"
        self.result = "any"
        self.strip = CardStrip()
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.details_rect = pygame.Rect(0, 0, 0, 0)
        self.widgets: dict[str, Any] = {}
        self.actions: dict[str, UIButton] = {}
        self.mode: str | None = None  # "export" or "import" while the path bar is open
        self.path_text = ""
        self.export_fmt = "json"  # "json" or "text": the export format the player chose
        self.bar_note: tuple[str, str] | None = None  # (kind, text) shown above the path bar
        self.file_dialog: UIFileDialog | None = None
        self.last_copied: str | None = None
        self._temp: tempfile.TemporaryDirectory | None = None  # sample folder (screenshots)
        self.refresh()

    # ------------------------------------------------------------ data
    def refresh(self) -> None:
        """Read the folder again (unchanged files come from the cache) and re-arrange."""
        self.entries = library.scan(self.folder)
        self.arrange()

    def arrange(self, keep: GameEntry | None = None) -> None:
        self.shown = library.arrange(self.entries, self.sort, self.opponent, self.result)
        self.strip.set_entries(self.shown, keep)
        self._update_actions()

    @property
    def selected(self) -> GameEntry | None:
        return self.strip.selected_entry

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        w, h = size
        margin = max(14, px(28, size))
        gap = max(8, px(14, size))
        ctrl_h = max(28, px(38, size))
        self.widgets = {}
        self.actions = {}
        self.strip.scheme = self.app.settings.board_scheme
        y = home_button_rect(size).bottom + gap
        self._build_toolbar(root, size, y, margin, gap, ctrl_h)
        # the strip panel, then the action bar under it
        top = y + ctrl_h + gap
        bar_y = h - margin - ctrl_h
        self.panel_rect = pygame.Rect(margin, top, w - 2 * margin, bar_y - gap - top)
        pad = max(12, px(20, size))
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        detail_line = font(LABEL_TEXT.at(size)).get_linesize() + 1
        self.strip.set_rect(inner, size, reserve=4 * detail_line + px(12, size))
        top = self.strip.rect.bottom + gap
        self.details_rect = pygame.Rect(inner.x, top, inner.w, inner.bottom - top)
        self._build_actions(root, size, bar_y, margin, gap, ctrl_h)
        self._build_path_bar(root, size, bar_y, margin, gap, ctrl_h)
        self._show_path_bar(self.mode)
        self.confirm.cancel()
        self._update_actions()

    def _build_toolbar(
        self, root: UIContainer, size: tuple[int, int], y: int, margin: int, gap: int, ctrl_h: int
    ) -> None:
        """Sort and filters on the left, import on the right."""
        w, ui = size[0], self.app.ui
        f = font({"s": 14, "m": 16, "l": 20}[tier(size)])
        drops = (
            ("sort", {k: v[0] for k, v in SORTS.items()}, self.sort, "Order of the games"),
            (
                "opponent",
                OPPONENT_FILTERS,
                self.opponent,
                "Show games against the CPU, or between two players",
            ),
            ("result", RESULT_FILTERS, self.result, "Show games by how they ended"),
        )
        x = margin
        import_w = f.size("Import a game…")[0] + px(40, size)
        room = w - 2 * margin - import_w - gap
        for key, options, current, tip in drops:
            drop_w = min(max(f.size(t)[0] for t in options.values()) + px(64, size), (room - 2 * gap) // 3)
            drop = UIDropDownMenu(
                list(options.values()),
                options[current],
                pygame.Rect(x, y, drop_w, ctrl_h),
                ui,
                container=root,
                object_id=style("drop", size),
            )
            drop.set_tooltip(tip)
            self.widgets[key] = drop
            x += drop_w + gap
        self.widgets["import"] = UIButton(
            pygame.Rect(w - margin - import_w, y, import_w, ctrl_h),
            "Import a game…",
            ui,
            container=root,
            object_id=style("btn", size),
            tool_tip_text="Add a game file (.json) to your past games; it is checked first",
        )

    def _build_actions(
        self, root: UIContainer, size: tuple[int, int], bar_y: int, margin: int, gap: int, ctrl_h: int
    ) -> None:
        """The action bar: Replay, Resume, Copy start/final, Export, Delete (short labels when narrow)."""
        w = size[0]
        bf = font({"s": 14, "m": 16, "l": 20}[tier(size)], bold=True)
        labels = [text for _, text, _ in ACTIONS]
        widths = [bf.size(text)[0] + px(34, size) for text in labels]
        widths[-1] = max(widths[-1], bf.size(DELETE_CONFIRM)[0] + px(30, size))
        if sum(widths) + gap * (len(ACTIONS) - 1) > w - 2 * margin:  # a small window: short labels
            labels = [SHORT_LABELS.get(text, text) for text in labels]
            widths = [bf.size(text)[0] + BUTTON_TEXT_PAD + 2 for text in labels]
            widths[-1] = max(widths[-1], bf.size(DELETE_CONFIRM)[0] + BUTTON_TEXT_PAD + 2)
        total = sum(widths) + gap * (len(ACTIONS) - 1)
        scale = min(1.0, (w - 2 * margin) / total)
        x = margin
        for (key, _, tip), text, bw in zip(ACTIONS, labels, widths, strict=True):
            bw = int(bw * scale)
            self.actions[key] = UIButton(
                pygame.Rect(x, bar_y, bw, ctrl_h),
                text,
                self.app.ui,
                container=root,
                object_id=style("danger" if key == "delete" else "btn", size),
                tool_tip_text=tip,
            )
            x += bw + int(gap * scale)

    def _build_path_bar(
        self, root: UIContainer, size: tuple[int, int], bar_y: int, margin: int, gap: int, ctrl_h: int
    ) -> None:
        """The path bar for export / import (in place of the actions while open)."""
        w, ui = size[0], self.app.ui
        f = font({"s": 14, "m": 16, "l": 20}[tier(size)])
        bf = font({"s": 14, "m": 16, "l": 20}[tier(size)], bold=True)
        label_w = f.size("Import from")[0] + px(12, size)
        small_w = [bf.size(t)[0] + px(30, size) for t in ("Browse…", "Import", "Cancel")]
        format_w = max(bf.size(t)[0] for t in FORMAT_LABELS.values()) + px(30, size)
        entry_w = w - 2 * margin - label_w - sum(small_w) - format_w - 4 * gap
        x = margin
        self.widgets["path_label"] = UILabel(
            pygame.Rect(x, bar_y, label_w, ctrl_h),
            "Export to",
            ui,
            container=root,
            object_id=style("label", size),
        )
        x += label_w
        self.widgets["path"] = UITextEntryLine(
            pygame.Rect(x, bar_y, entry_w, ctrl_h), ui, container=root, object_id=style("label", size)
        )
        x += entry_w + gap
        self.widgets["format"] = UIButton(
            pygame.Rect(x, bar_y, format_w, ctrl_h),
            FORMAT_LABELS[self.export_fmt],
            ui,
            container=root,
            object_id=style("btn", size),
            tool_tip_text="Export as readable text (headers, moves, result) or as a JSON record "
            "(with each move's time); click to switch. A name ending .txt or .json chooses too.",
        )
        x += format_w + gap
        for key, text, bw in zip(
            ("browse", "confirm", "cancel"), ("Browse…", "Export", "Cancel"), small_w, strict=True
        ):
            self.widgets[key] = UIButton(
                pygame.Rect(x, bar_y, bw, ctrl_h), text, ui, container=root, object_id=style("btn", size)
            )
            x += bw + gap

    def teardown(self) -> None:
        if self.file_dialog is not None:
            self.file_dialog.kill()
            self.file_dialog = None
        self.widgets = {}
        self.actions = {}

    def _show_path_bar(self, mode: str | None) -> None:
        """Open the export / import path bar (``mode``), or close it (None)."""
        self.mode = mode
        if mode is None:
            self.bar_note = None
        bar = ("path_label", "path", "format", "browse", "confirm", "cancel")
        for key in bar:
            widget = self.widgets.get(key)
            if widget is not None:
                shown = mode is not None and (key != "format" or mode == "export")
                widget.show() if shown else widget.hide()
        for button in self.actions.values():
            button.hide() if mode else button.show()
        if mode is None:
            entry = self.widgets.get("path")
            if entry is not None and entry.is_focused:
                entry.unfocus()  # keys go to the strip again
                self.app.ui.set_focus_set(None)
            return
        self.widgets["path_label"].set_text("Export to" if mode == "export" else "Import from")
        self.widgets["confirm"].set_text("Export" if mode == "export" else "Import")
        path_entry: UITextEntryLine = self.widgets["path"]
        path_entry.set_text(self.path_text)
        self.app.ui.set_focus_set(path_entry)
        with contextlib.suppress(Exception):
            path_entry.edit_position = len(self.path_text)

    def _update_actions(self) -> None:
        entry = self.selected
        readable = entry is not None and entry.readable
        enabled = {
            "replay": readable and "replay" in self.app.registry,
            "resume": readable and entry is not None and entry.unfinished and "game" in self.app.registry,
            "copy_start": readable,
            "copy_final": readable,
            "export": readable,
            "delete": entry is not None,
        }
        for key, button in self.actions.items():
            button.enable() if enabled[key] else button.disable()
        if not self.confirm.armed("delete") and "delete" in self.actions:
            self.actions["delete"].set_text("Delete")

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for key, options in (
                ("sort", {k: v[0] for k, v in SORTS.items()}),
                ("opponent", OPPONENT_FILTERS),
                ("result", RESULT_FILTERS),
            ):
                if event.ui_element is self.widgets.get(key):
                    for value, text in options.items():
                        if text == event.text:
                            self.set_view(**{key: value})
                    return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.actions.items():
                if event.ui_element is button:
                    self.do(key)
                    return True
            if event.ui_element is self.widgets.get("import"):
                self.open_path_bar("import")
                return True
            if event.ui_element is self.widgets.get("confirm"):
                self.confirm_path()
                return True
            if event.ui_element is self.widgets.get("cancel"):
                self._show_path_bar(None)
                return True
            if event.ui_element is self.widgets.get("browse"):
                self._open_file_dialog()
                return True
            if event.ui_element is self.widgets.get("format"):
                self.switch_export_format()
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.widgets.get("path"):
            self.confirm_path()
            return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.file_dialog:
            self.path_text = str(event.text)
            entry = self.widgets.get("path")
            if entry is not None:
                entry.set_text(self.path_text)
            self.file_dialog = None
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.file_dialog:
            self.file_dialog = None
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        action = self.strip.handle_event(event)
        if action is not None:
            self._selection_changed()
            if action == "open":
                self.do("replay")
            return True
        return super().handle_event(event)

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE and self.mode is not None:
            self._show_path_bar(None)
            return True
        if self.mode is not None:
            return False
        if key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.import_clipboard()
            return True
        strip = self.strip
        if key in (
            pygame.K_RIGHT,
            pygame.K_LEFT,
            pygame.K_HOME,
            pygame.K_END,
            pygame.K_PAGEUP,
            pygame.K_PAGEDOWN,
        ):
            if not self.shown:
                return True
            current = strip.selected if strip.selected is not None else 0
            per_page = max(1, strip.rect.w // (strip.card_w + strip.gap))
            target = {
                pygame.K_RIGHT: current + 1,
                pygame.K_LEFT: current - 1,
                pygame.K_HOME: 0,
                pygame.K_END: len(self.shown) - 1,
                pygame.K_PAGEDOWN: current + per_page,
                pygame.K_PAGEUP: current - per_page,
            }[key]
            strip.select(max(0, min(target, len(self.shown) - 1)))
            self._selection_changed()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.do("replay")
            return True
        if key == pygame.K_DELETE:
            self.do("delete")
            return True
        if key == pygame.K_c and event.mod & pygame.KMOD_CTRL:
            self.do("copy_start" if event.mod & pygame.KMOD_SHIFT else "copy_final")
            return True
        return False

    def _selection_changed(self) -> None:
        self.confirm.cancel()
        self._update_actions()

    def set_view(
        self, sort: str | None = None, opponent: str | None = None, result: str | None = None
    ) -> None:
        """Change the order or the filters (keeps the selected game selected if still shown)."""
        keep = self.selected
        if sort is not None and sort in SORTS:
            self.sort = sort
        if opponent is not None and opponent in OPPONENT_FILTERS:
            self.opponent = opponent
        if result is not None and result in RESULT_FILTERS:
            self.result = result
        self.arrange(keep)

    # ------------------------------------------------------------ actions
    def do(self, action: str) -> None:
        entry = self.selected
        button = self.actions.get(action)
        if button is not None and not button.is_enabled:
            return
        if entry is None:
            return
        if action == "replay":
            self.open_replay(entry)
        elif action == "resume":
            self.resume_game(entry)
        elif action in ("copy_start", "copy_final"):
            self.copy_position(entry, final=action == "copy_final")
        elif action == "export":
            self.open_path_bar("export")
        elif action == "delete":
            self.delete_pressed()

    def _load_checked(self, entry: GameEntry) -> Game | None:
        """The game replayed and checked, or None (with a notice) if its moves do not fit."""
        try:
            return Game.load(entry.path, check_moves=True)
        except RecordError as exc:
            self.app.notify(f"This game cannot be opened: {exc}", ERROR)
            return None

    def open_replay(self, entry: GameEntry) -> None:
        if not entry.readable or "replay" not in self.app.registry:
            return
        game = self._load_checked(entry)
        if game is not None:
            self.app.screens.push("replay", game=game, path=entry.path)

    def resume_game(self, entry: GameEntry) -> None:
        if not entry.unfinished or "game" not in self.app.registry:
            return
        game = self._load_checked(entry)
        if game is not None:
            self.app.screens.push("game", game=game)

    def copy_position(self, entry: GameEntry, final: bool) -> None:
        game = entry.game
        if game is None:
            return
        text = entry.final_fen() if final else game.start_fen
        self.last_copied = text
        which = "final" if final else "start"
        if clipboard.put_text(text):
            self.app.notify(f"The {which} position string is on the clipboard: {text}")
        else:
            self.app.notify(f"No clipboard here; the {which} position string is: {text}")

    def delete_pressed(self) -> None:
        button = self.actions.get("delete")
        if not self.confirm.press("delete", "Delete this game? Press Delete again to delete it."):
            if button is not None:
                button.set_text(DELETE_CONFIRM)
            return
        entry = self.selected
        if entry is None:
            return
        try:
            library.delete_game(entry)
        except LibraryError as exc:
            self.app.notify(str(exc).capitalize(), ERROR)
            return
        what = f"the game of {date_label(entry)}" if entry.readable else entry.path.name
        self.app.notify(f"Deleted {what}.")
        index = self.strip.selected or 0
        self.entries = [e for e in self.entries if e.path != entry.path]
        self.shown = library.arrange(self.entries, self.sort, self.opponent, self.result)
        self.strip.set_entries(self.shown)
        if self.shown:
            self.strip.select(min(index, len(self.shown) - 1))
        self._update_actions()

    def open_path_bar(self, mode: str) -> None:
        folder = exports_dir()
        if mode == "export":
            entry = self.selected
            if entry is None or not entry.readable:
                return
            self.path_text = str(library.export_path(folder / entry.path.stem, self.export_fmt))
            self.bar_note = (
                "info",
                "Where should the game be written? Type a file path, or choose Browse…; "
                "the button beside it chooses text or JSON.",
            )
        else:
            self.path_text = str(folder) + os.sep
            self.bar_note = (
                "info",
                "Type the path of a game file (.json, or .txt from Copy game as text), or Browse…; "
                "it is checked before it is added.",
            )
        self._show_path_bar(mode)

    def confirm_path(self) -> None:
        entry_widget = self.widgets.get("path")
        text = entry_widget.get_text().strip() if entry_widget is not None else self.path_text.strip()
        self.path_text = text
        if not text:
            self.bar_note = ("error", "Type the path of a file first.")
            return
        if self.mode == "export":
            self.export_to(Path(text))
        elif self.mode == "import":
            self.import_from(Path(text))

    def switch_export_format(self) -> None:
        """Text <-> JSON: the button's label and the ending of the file name follow."""
        self.export_fmt = "json" if self.export_fmt == "text" else "text"
        button = self.widgets.get("format")
        if button is not None:
            button.set_text(FORMAT_LABELS[self.export_fmt])
        entry = self.widgets.get("path")
        text = entry.get_text().strip() if entry is not None else self.path_text
        if text:
            path = Path(text)
            if path.suffix.lower() in library.EXPORT_SUFFIXES.values():
                path = path.with_suffix("")
            self.path_text = str(library.export_path(path, self.export_fmt))
            if entry is not None:
                entry.set_text(self.path_text)

    def export_to(self, target: Path) -> Path | None:
        entry = self.selected
        if entry is None:
            return None
        try:
            written = library.export_game(entry, target, self.export_fmt)
        except LibraryError as exc:
            self.bar_note = ("error", f"Not exported: {exc}")
            return None
        self._show_path_bar(None)
        self.app.notify(f"Exported to {written}")
        return written

    def import_from(self, source: Path) -> Path | None:
        try:
            saved = library.import_game(source, self.folder)
        except LibraryError as exc:
            text = str(exc)
            self.bar_note = ("error", text[:1].upper() + text[1:])
            return None
        self._show_path_bar(None)
        self.entries = library.scan(self.folder)
        self.arrange()
        if not any(entry.path == saved for entry in self.shown):
            self.sort, self.opponent, self.result = "newest", "any", "any"
            self.arrange()
            self.resize(self.app.window_size)  # drop-downs cannot change their choice in place
        for i, entry in enumerate(self.shown):
            if entry.path == saved:
                self.strip.select(i)
        self._selection_changed()
        self.app.notify(f"Imported {source.name}.")
        return saved

    def import_clipboard(self) -> Path | None:
        """Ctrl+V: add the game on the clipboard (a copied game text or a record)."""
        text, _ = clipboard.get_text()
        if not text:
            self.app.notify("The clipboard is empty: copy a game first (Ctrl+C in a game).", "error")
            return None
        try:
            saved = library.import_text(text, self.folder)
        except LibraryError as exc:
            self.app.notify(str(exc)[:1].upper() + str(exc)[1:], "error")
            return None
        self.entries = library.scan(self.folder)
        self.sort, self.opponent, self.result = "newest", "any", "any"
        self.arrange()
        self.resize(self.app.window_size)
        for i, entry in enumerate(self.shown):
            if entry.path == saved:
                self.strip.select(i)
        self._selection_changed()
        self.app.notify("Imported the game from the clipboard.")
        return saved

    def _open_file_dialog(self) -> None:
        if self.file_dialog is not None:
            return
        w, h = self.app.window_size
        rect = pygame.Rect(0, 0, min(w - 40, 620), min(h - 40, 480))
        rect.center = (w // 2, h // 2)
        start = self.path_text or str(exports_dir())
        self.file_dialog = UIFileDialog(
            rect,
            self.app.ui,
            window_title="Choose where to export" if self.mode == "export" else "Choose a game file",
            initial_file_path=start,
            allow_existing_files_only=self.mode == "import",
            allowed_suffixes={".json", ".txt"} if self.mode == "import" else None,
        )

    # ------------------------------------------------------------ lifecycle
    def resume(self) -> None:
        super().resume()
        keep = self.selected
        self.entries = library.scan(self.folder)  # a replay or a resumed game may have changed files
        self.arrange(keep)

    def exit(self) -> None:
        super().exit()
        if self._temp is not None:
            self._temp.cleanup()
            self._temp = None

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        button = self.actions.get("delete")
        if button is not None and button.text == DELETE_CONFIRM and not self.confirm.armed("delete"):
            self._update_actions()
        self.strip.scheme = self.app.settings.board_scheme
        self.strip.update(dt)

    @property
    def animating(self) -> bool:
        return self.strip.animating

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_background(surface, self.app.settings.board_scheme)
        title = draw_title(surface, "Past games")
        head = header_rect(size)
        count = len(self.entries)
        bad = sum(1 for e in self.entries if not e.readable)
        text = f"{count} game{'s' if count != 1 else ''}"
        if bad:
            text += f"  ·  {bad} unreadable"
        if len(self.shown) != count:
            text += f"  ·  {len(self.shown)} shown"
        hint = font(max(11, px(15, size))).render(text, True, BROWSER_HINT)
        home = home_button_rect(size)
        rect = hint.get_rect(midright=(home.left - px(18, size), head.centery))
        if rect.left > title.right + px(20, size):
            surface.blit(hint, rect)
        panel(surface, self.panel_rect)
        if self.shown:
            self.strip.draw(surface)
            if self.mode is None:
                self._draw_details(surface)
        else:
            self._draw_empty(surface)
        if self.mode is not None:
            self._draw_bar_note(surface)

    def _draw_bar_note(self, surface: pygame.Surface) -> None:
        """What the open path bar is for, or why the last try failed (just above the bar)."""
        if self.bar_note is None:
            return
        size = surface.get_size()
        kind, text = self.bar_note
        f = font(BODY_TEXT.at(size), bold=kind == "error")
        colour = ERROR_NOTE if kind == "error" else DETAIL_TEXT
        pad = max(12, px(20, size))
        width = self.panel_rect.w - 2 * pad
        lines = wrap_text(f, text, width)[:3]
        y = self.panel_rect.bottom - pad - len(lines) * f.get_linesize()
        if self.shown:
            top = self.details_rect.top
            pygame.draw.line(surface, RULE, (self.details_rect.x, top), (self.details_rect.right, top), 1)
            y = min(y, top + max(8, px(12, size)))
        for line in lines:
            surface.blit(f.render(line, True, colour), (self.panel_rect.x + pad, y))
            y += f.get_linesize()

    def _draw_details(self, surface: pygame.Surface) -> None:
        """More about the selected game under the strip: position strings, file, rules."""
        rect = self.details_rect
        entry = self.selected
        size = surface.get_size()
        fs = LABEL_TEXT.at(size)
        f, bold = font(fs), font(fs, bold=True)
        line = f.get_linesize() + 1
        if entry is None or rect.h < line * 2:
            return
        pygame.draw.line(surface, RULE, (rect.x, rect.y), (rect.right, rect.y), 1)
        if entry.readable:
            game = entry.game
            assert game is not None
            rows = [
                ("Start position", game.start_fen),
                ("Final position", entry.final_fen()),
                ("Rules", rules_text(entry)),
                ("File", str(entry.path.name)),
            ]
        else:
            rows = [
                ("File", str(entry.path.name)),
                ("Problem", entry.error or "unknown"),
                ("", "The file is left as it is. Delete it here, or repair it by hand."),
            ]
        label_w = max(bold.size(label)[0] for label, _ in rows) + px(18, size)
        y = rect.y + max(5, px(8, size))
        for label, value in rows:
            if y + line > rect.bottom:
                break
            surface.blit(bold.render(label, True, GOLD), (rect.x, y))
            width = rect.w - label_w
            text = value
            if f.size(text)[0] > width:
                while len(text) > 1 and f.size(text + "…")[0] > width:
                    text = text[:-1]
                text += "…"
            surface.blit(f.render(text, True, DETAIL_TEXT), (rect.x + label_w, y))
            y += line

    def _draw_empty(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self.entries:
            lines = (
                "No games match these filters.",
                "Choose “All opponents” and “All results” to see every game.",
            )
        else:
            lines = (
                "No past games yet.",
                "Every game you play is saved here. You can also import a game file with the button above.",
            )
        big = font(max(16, px(24, size)), bold=True).render(lines[0], True, TEXT)
        small = font(BODY_TEXT.at(size)).render(lines[1], True, MUTED)
        cy = self.panel_rect.centery
        surface.blit(big, big.get_rect(midbottom=(self.panel_rect.centerx, cy - 4)))
        surface.blit(small, small.get_rect(midtop=(self.panel_rect.centerx, cy + 8)))


def rule_summaries(variant_name: str, options: RuleOptions) -> list[str]:
    """The variant's own options that differ from their defaults, as the variant words them."""
    variant = VARIANTS.get(variant_name)
    if variant is None:
        return []
    return [
        spec.summary or f"{spec.label}: {getattr(options, spec.key)}"
        for spec in variant.option_specs
        if getattr(options, spec.key) != spec.default
    ]


def rules_text(entry: GameEntry) -> str:
    """The rule set and the house rules a game was played with, in words."""
    game = entry.game
    assert game is not None
    options = game.options
    parts = [entry.variant_title]
    parts.append(
        "threefold repetition draws at once"
        if options.repetition == "auto"
        else "draws claimed on threefold repetition"
    )
    if options.ply_limit:
        parts.append(f"draw after {options.ply_limit} plies without a capture")
    parts += rule_summaries(game.variant, options)
    if game.time_control is not None:
        tc = game.time_control
        parts.append(
            f"clock {tc.initial / 60:g} min" + (f" + {tc.increment:g} s a move" if tc.increment else "")
        )
    return "  ·  ".join(parts)


def _analyse_for_screenshot(paths: list[Path]) -> None:
    """Analyse a few sample records (a shallow but real analysis) so their cards show accuracy."""
    from game.analysis import Strength, analyse_game
    from game.fileio import atomic_write_text

    for path in paths:
        game = Game.load(path)
        game.analysis = analyse_game(game, Strength("screenshot", 1, 0.5, "depth 1"))
        atomic_write_text(path, json.dumps(game.to_json(), indent=1))


def screenshot_browser(app) -> BrowserScreen:
    """A browser over a temporary folder of sample games (never the user's saves)."""
    temp = tempfile.TemporaryDirectory(prefix="laserchess-shot-")
    folder = Path(temp.name)
    written = library.write_sample_games(folder, count=9, seed=11)
    _analyse_for_screenshot(written[:3])
    damaged = folder / "20260309-184400-damaged.json"
    damaged.write_text('{"format": "laser-chess-game", "version": 1, "moves": [', encoding="utf-8")
    stamp = datetime(2026, 3, 9, 18, 44).timestamp()
    os.utime(damaged, (stamp, stamp))
    screen = BrowserScreen(app, folder=folder)
    screen._temp = temp
    screen.strip.select(1, jump=True)
    screen._update_actions()
    return screen
