"""The board editor's files and texts: loading a built-in or saved setup, saving one by name
(Overwrite asks first), deleting a saved one (the red bin, twice), the position string typed,
copied and pasted, and "Play from here". Every outcome is a note the screen shows."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.errors import LaserChessError
from gui import clipboard
from gui.audio import CLICK
from gui.screens.editor_layout import FEN_LIMIT
from gui.setups import SetupExistsError, delete_setup, list_setups, save_setup

if TYPE_CHECKING:
    from gui.screens.editor import EditorScreen

log = logging.getLogger(__name__)


def sentence_of(text: str) -> str:
    """``text`` ending in exactly one full stop (messages from the rules have none)."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


class SetupFiles:
    """The files and texts of one editor screen (see the module docstring)."""

    def __init__(self, screen: EditorScreen) -> None:
        self.screen = screen

    def load_option(self, option_id: str) -> bool:
        """Load a setup chosen in the "Start from" list (built-in or saved)."""
        screen = self.screen
        if not option_id:
            return False
        kind, _, key = option_id.partition(":")
        fen: str | None = None
        name: str | None = None
        if kind == "builtin":
            fen = screen.variant.setups.get(key)
        elif kind == "saved":
            found = next((s for s in list_setups(screen.variant.name)[0] if s.path.name == key), None)
            if found is not None:
                fen, name = found.fen, found.name
        if fen is None:
            screen.note("save", "error", "That setup is no longer there.")
            screen.rebuild_later = True
            return False
        try:
            changed = screen.edit.load(fen)
        except LaserChessError as exc:
            screen.note("save", "error", f"That setup could not be read: {exc}")
            return False
        screen.source = option_id
        screen.selected = None
        screen.rebuild_later = True  # the drop-down shows "Choose..." again; the bin knows the setup
        screen.note("fen", "ok", f"Loaded \u201c{name or key}\u201d.")
        if name is not None:
            screen.name_text = name
            entry = screen.widgets.get("name")
            if entry is not None:
                entry.set_text(name)
        screen.refresh()
        return changed

    def apply_fen(self, text: str) -> bool:
        """Read a position string (typed or pasted); on an error the board is left as it is."""
        screen = self.screen
        text = "".join(ch if ch.isprintable() else " " for ch in str(text or "")).strip()
        if not text:
            screen.note("fen", "error", "The position string is empty.")
            return False
        try:
            changed = screen.edit.load(text)
        except LaserChessError as exc:
            screen.note("fen", "error", sentence_of(f"Not applied: {exc}"))
            return False
        except Exception as exc:  # odd text must never take the editor down
            log.exception("position string %r", text[:80])
            screen.note("fen", "error", f"Not applied: that text is not a position string ({exc}).")
            return False
        screen.selected = None
        screen.refresh()
        screen.note("fen", "ok", "Position applied." if changed else "That position is on the board already.")
        return True

    def copy_fen(self) -> bool:
        screen = self.screen
        if clipboard.put_text(screen.fen):
            screen.note("fen", "ok", "Position string copied to the clipboard.")
            return True
        screen.note(
            "fen",
            "warning",
            "The system clipboard is not available here, so the string was copied inside the app "
            "only: Paste works in this window.",
        )
        return False

    def paste_fen(self) -> bool:
        screen = self.screen
        text, from_system = clipboard.get_text()
        if not text or not text.strip():
            screen.note("fen", "error", "There is nothing to paste: the clipboard is empty.")
            return False
        line = " ".join(text.split())
        entry = screen.widgets.get("fen")
        if entry is not None:
            shown = "".join(ch for ch in line if ch.isprintable())[:FEN_LIMIT]
            try:
                entry.set_text(shown)
            except Exception:  # the text is still checked below
                log.info("the position box refused the pasted text")
        ok = self.apply_fen(line)
        if ok and not from_system:
            screen.note("fen", "ok", "Pasted from the in-app clipboard.")
        return ok

    def save(self, overwrite: bool = False) -> bool:
        screen = self.screen
        name = screen.name_text.strip()
        if not name:
            screen.note("save", "error", "Type a name for the setup first.")
            entry = screen.widgets.get("name")
            if entry is not None:
                screen.app.ui.set_focus_set(entry)
            return False
        if screen.errors:
            screen.note("save", "error", sentence_of(f"Fix this first: {screen.errors[0]}"))
            return False
        if self.confirm_overwrite == name:
            overwrite = True
        try:
            setup = save_setup(name, screen.variant.name, screen.fen, overwrite=overwrite)
        except SetupExistsError:
            screen.confirm.press(
                f"overwrite:{name}", f"\u201c{name}\u201d exists already: click Overwrite to replace it."
            )
            self.set_save_label()
            return False
        except (ValueError, LaserChessError) as exc:
            screen.note("save", "error", sentence_of(f"Not saved: {exc}"))
            return False
        except OSError as exc:
            screen.note("save", "error", sentence_of(f"Not saved: {exc.strerror or exc}"))
            return False
        screen.confirm.cancel()
        self.set_save_label()
        screen.source = f"saved:{setup.path.name}"
        screen.note("save", "ok", f"Saved \u201c{setup.name}\u201d: the New game screen lists it.")
        screen.app.audio.play(CLICK)
        screen.rebuild_later = True
        screen.store()
        return True

    def delete_source(self) -> bool:
        """The red bin: delete the saved setup chosen in "Start from" (a second click confirms)."""
        screen = self.screen
        kind, _, key = screen.source.partition(":")
        if kind != "saved":
            return False
        setup = next((s for s in list_setups(screen.variant.name)[0] if s.path.name == key), None)
        if setup is None:
            screen.source = ""
            screen.rebuild_later = True
            return False
        if not screen.confirm.press(
            f"delete:{key}", f"Click the red bin again to delete \u201c{setup.name}\u201d."
        ):
            return False
        try:
            delete_setup(setup)
        except OSError as exc:
            screen.note("save", "error", sentence_of(f"Not deleted: {exc.strerror or exc}"))
            return False
        screen.source = ""
        screen.note("save", "ok", f"Deleted \u201c{setup.name}\u201d (the board is unchanged).")
        screen.rebuild_later = True
        screen.store()
        return True

    @property
    def confirm_overwrite(self) -> str | None:
        """The setup name whose overwrite is armed (a second Save replaces it), if any."""
        screen = self.screen
        key = screen.confirm.key if screen.confirm.armed() else None
        return key.removeprefix("overwrite:") if key and key.startswith("overwrite:") else None

    def set_save_label(self) -> None:
        screen = self.screen
        button = screen.widgets.get("save")
        if button is None:
            return
        screen.save_label_overwrite = bool(self.confirm_overwrite)
        text = "Overwrite" if screen.save_label_overwrite else "Save"
        pad = button.text[: len(button.text) - len(button.text.lstrip(" "))]
        button.set_text(pad + text)

    def play_from_here(self) -> bool:
        screen = self.screen
        if "config" not in screen.app.registry:
            return False
        if screen.errors:
            screen.note("save", "error", sentence_of(f"Fix this first: {screen.errors[0]}"))
            return False
        screen.store()
        screen.app.screens.push("config", variant=screen.variant.name, fen=screen.fen)
        return True

    def delete_tip(self) -> str:
        """The red bin's tooltip: the saved setup it would delete."""
        screen = self.screen
        kind, _, key = screen.source.partition(":")
        if kind == "saved":
            found = next((s for s in list_setups(screen.variant.name)[0] if s.path.name == key), None)
            if found is not None:
                return f"Delete the saved setup \u201c{found.name}\u201d (click twice)"
        return "Deletes a saved setup: load it with Start from first"
