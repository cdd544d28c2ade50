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
from pygame_gui.elements import UIButton, UITextEntryLine
from pygame_gui.windows import UIFileDialog

from game import Game
from game.errors import RecordError
from gui import clipboard, library, paths, samples
from gui.art.fonts import font
from gui.colours import LABEL_TEXT
from gui.layout import px
from gui.library import GameEntry, LibraryError
from gui.models.past_games import (
    NAV_KEYS,
    PastGames,
    PathBar,
    enabled_actions,
    exports_dir,
    nav_target,
    sentence,
)
from gui.screen import Screen
from gui.screens import browser_panels as panels
from gui.screens.browser_panels import DELETE_CONFIRM, FORMAT_LABELS, Row
from gui.widgets.chrome import draw_background, draw_title, panel
from gui.widgets.game_card import CardStrip, date_label
from gui.widgets.home_button import home_button_rect
from gui.widgets.toast import ERROR

__all__ = ["DELETE_CONFIRM", "BrowserScreen", "exports_dir", "screenshot_browser"]

KEYS = {  # the keys that move the selection, by name (gui.models.past_games.nav_target)
    pygame.K_RIGHT: "right",
    pygame.K_LEFT: "left",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
    pygame.K_PAGEDOWN: "pagedown",
    pygame.K_PAGEUP: "pageup",
}
assert set(KEYS.values()) == set(NAV_KEYS)


class BrowserScreen(Screen):
    name = "browser"
    title = "Past games"

    def __init__(self, app, folder: Path | str | None = None, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.folder = Path(folder) if folder is not None else paths.saves_dir()
        self.games = PastGames(self.folder)
        self.bar = PathBar()
        self.strip = CardStrip()
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.details_rect = pygame.Rect(0, 0, 0, 0)
        self.widgets: dict[str, Any] = {}
        self.actions: dict[str, UIButton] = {}
        self.file_dialog: UIFileDialog | None = None
        self.last_copied: str | None = None
        self._temp: tempfile.TemporaryDirectory | None = None  # sample folder (screenshots)
        self.refresh()

    # ------------------------------------------------------------ data (the models')
    @property
    def entries(self) -> list[GameEntry]:
        return self.games.entries

    @property
    def shown(self) -> list[GameEntry]:
        return self.games.shown

    @property
    def mode(self) -> str | None:
        return self.bar.mode

    @property
    def bar_note(self) -> tuple[str, str] | None:
        return self.bar.note

    @property
    def selected(self) -> GameEntry | None:
        return self.strip.selected_entry

    def refresh(self) -> None:
        """Read the folder again (unchanged files come from the cache) and re-arrange."""
        self.games.refresh()
        self._arranged()

    def _arranged(self, keep: GameEntry | None = None) -> None:
        """The strip shows the games as now arranged (``keep`` stays selected if still shown)."""
        self.strip.set_entries(self.shown, keep)
        self._update_actions()

    def set_view(
        self, sort: str | None = None, opponent: str | None = None, result: str | None = None
    ) -> None:
        """Change the order or the filters (keeps the selected game selected if still shown)."""
        keep = self.selected
        self.games.set_view(sort, opponent, result)
        self._arranged(keep)

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        w, h = size
        margin = max(14, px(28, size))
        gap = max(8, px(14, size))
        ctrl_h = max(28, px(38, size))
        self.strip.scheme = self.app.settings.board_scheme
        y = home_button_rect(size).bottom + gap
        ui = self.app.ui
        self.widgets = panels.build_toolbar(ui, root, size, Row(y, margin, gap, ctrl_h), self.games)
        # the strip panel, then the action bar under it
        top = y + ctrl_h + gap
        bar = Row(h - margin - ctrl_h, margin, gap, ctrl_h)
        self.panel_rect = pygame.Rect(margin, top, w - 2 * margin, bar.y - gap - top)
        pad = max(12, px(20, size))
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        detail_line = font(LABEL_TEXT.at(size)).get_linesize() + 1
        self.strip.set_rect(inner, size, reserve=4 * detail_line + px(12, size))
        top = self.strip.rect.bottom + gap
        self.details_rect = pygame.Rect(inner.x, top, inner.w, inner.bottom - top)
        self.actions = panels.build_actions(ui, root, size, bar)
        self.widgets.update(panels.build_path_bar(ui, root, size, bar, self.bar.fmt))
        self._show_path_bar(self.mode)
        self.confirm.cancel()
        self._update_actions()

    def teardown(self) -> None:
        if self.file_dialog is not None:
            self.file_dialog.kill()
            self.file_dialog = None
        self.widgets = {}
        self.actions = {}

    def _show_path_bar(self, mode: str | None) -> None:
        """Open the export / import path bar (``mode``, already opened in the model), or close it."""
        if mode is None:
            self.bar.close()
        panels.show_path_bar(self.widgets, self.actions, mode)
        entry: UITextEntryLine | None = self.widgets.get("path")
        if mode is None:
            if entry is not None and entry.is_focused:
                entry.unfocus()  # keys go to the strip again
                self.app.ui.set_focus_set(None)
            return
        if entry is None:
            return
        text = self.bar.path_text
        entry.set_text(text)
        self.app.ui.set_focus_set(entry)
        with contextlib.suppress(Exception):
            entry.edit_position = len(text)

    def _update_actions(self) -> None:
        registry = self.app.registry
        enabled = enabled_actions(self.selected, "replay" in registry, "game" in registry)
        for key, button in self.actions.items():
            button.enable() if enabled[key] else button.disable()
        if not self.confirm.armed("delete") and "delete" in self.actions:
            self.actions["delete"].set_text("Delete")

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for key in ("sort", "opponent", "result"):
                if event.ui_element is self.widgets.get(key):
                    self.set_view(**self.games.chosen(key, event.text))
                    return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._pressed(event.ui_element):
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.widgets.get("path"):
            self.confirm_path()
            return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.file_dialog:
            self.bar.path_text = str(event.text)
            entry = self.widgets.get("path")
            if entry is not None:
                entry.set_text(self.bar.path_text)
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

    def _pressed(self, element) -> bool:
        """A button of the action bar, the toolbar or the path bar."""
        for key, button in self.actions.items():
            if element is button:
                self.do(key)
                return True
        presses = {
            "import": lambda: self.open_path_bar("import"),
            "confirm": self.confirm_path,
            "cancel": lambda: self._show_path_bar(None),
            "browse": self._open_file_dialog,
            "format": self.switch_export_format,
        }
        for key, press in presses.items():
            if element is self.widgets.get(key):
                press()
                return True
        return False

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
        if key in KEYS:
            if self.shown:
                strip = self.strip
                per_page = max(1, strip.rect.w // (strip.card_w + strip.gap))
                strip.select(nav_target(KEYS[key], strip.selected, len(self.shown), per_page))
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
        self.games.remove(entry)
        self.strip.set_entries(self.shown)
        if self.shown:
            self.strip.select(min(index, len(self.shown) - 1))
        self._update_actions()

    def open_path_bar(self, mode: str) -> None:
        if self.bar.open(mode, self.selected):
            self._show_path_bar(mode)

    def _typed_path(self) -> str:
        entry = self.widgets.get("path")
        return entry.get_text() if entry is not None else self.bar.path_text

    def confirm_path(self) -> None:
        target = self.bar.take(self._typed_path())
        if target is None:
            return
        if self.mode == "export":
            self.export_to(target)
        elif self.mode == "import":
            self.import_from(target)

    def switch_export_format(self) -> None:
        """Text <-> JSON: the button's label and the ending of the file name follow."""
        text = self._typed_path().strip()
        path_text = self.bar.switch_format(text)
        button = self.widgets.get("format")
        if button is not None:
            button.set_text(FORMAT_LABELS[self.bar.fmt])
        entry = self.widgets.get("path")
        if text and entry is not None:
            entry.set_text(path_text)

    def export_to(self, target: Path) -> Path | None:
        entry = self.selected
        if entry is None:
            return None
        written = self.bar.export(entry, target)
        if written is not None:
            self._show_path_bar(None)
            self.app.notify(f"Exported to {written}")
        return written

    def import_from(self, source: Path) -> Path | None:
        saved = self.bar.import_file(source, self.folder)
        if saved is None:
            return None
        self._show_path_bar(None)
        self.refresh()
        if self.games.index_of(saved) is None:
            self.games.show_all()
            self._arranged()
            self.resize(self.app.window_size)  # drop-downs cannot change their choice in place
        self._select_imported(saved)
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
            self.app.notify(sentence(exc), "error")
            return None
        self.games.refresh()
        self.games.show_all()
        self._arranged()
        self.resize(self.app.window_size)
        self._select_imported(saved)
        self.app.notify("Imported the game from the clipboard.")
        return saved

    def _select_imported(self, saved: Path) -> None:
        index = self.games.index_of(saved)
        if index is not None:
            self.strip.select(index)
        self._selection_changed()

    def _open_file_dialog(self) -> None:
        if self.file_dialog is None:
            start = self.bar.path_text or str(exports_dir())
            self.file_dialog = panels.file_dialog(self.app.ui, self.app.window_size, self.mode, start)

    # ------------------------------------------------------------ lifecycle
    def resume(self) -> None:
        super().resume()
        keep = self.selected
        self.games.refresh()  # a replay or a resumed game may have changed files
        self._arranged(keep)

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
        draw_background(surface, self.app.settings.board_scheme)
        title = draw_title(surface, "Past games")
        panels.draw_count(surface, self.games.header_text(), title)
        panel(surface, self.panel_rect)
        if self.shown:
            self.strip.draw(surface)
            if self.mode is None:
                panels.draw_details(surface, self.details_rect, self.selected)
        else:
            panels.draw_empty(surface, self.panel_rect, self.games.empty_lines())
        if self.mode is not None and self.bar_note is not None:
            details = self.details_rect if self.shown else None
            panels.draw_bar_note(surface, self.bar_note, self.panel_rect, details)


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
    written = samples.write_sample_games(folder, count=9, seed=11)
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
