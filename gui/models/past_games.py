"""The Past games screen's model: which records are listed and in what order, what the selected
one allows, the words the screen shows about them, and the export / import path bar (no pygame).

:class:`PastGames` is the folder's records sorted and filtered; :class:`PathBar` is the bar that
asks where to export a game or which file to import, with its note (what it is for, or why the
last try failed). The screen (gui/screens/browser.py) maps events to these and draws them.
"""

from __future__ import annotations

import os
from pathlib import Path

from game import RuleOptions
from game.variants import VARIANTS
from gui import library, paths
from gui.library import OPPONENT_FILTERS, RESULT_FILTERS, SORTS, GameEntry, LibraryError

SORT_LABELS = {key: label for key, (label, _, _) in SORTS.items()}
DROPS: tuple[tuple[str, dict[str, str], str], ...] = (  # the toolbar's drop-downs: key, options, tip
    ("sort", SORT_LABELS, "Order of the games"),
    ("opponent", OPPONENT_FILTERS, "Show games against the CPU, or between two players"),
    ("result", RESULT_FILTERS, "Show games by how they ended"),
)
ACTIONS = (
    ("replay", "Replay", "Watch this game move by move (Enter or double-click)"),
    ("resume", "Resume", "Carry on playing this unfinished game"),
    ("copy_start", "Copy start position", "Copy the position string the game started from"),
    ("copy_final", "Copy final position", "Copy the position string of the game's last position"),
    ("export", "Export…", "Write this game to a file of your choice"),
    ("delete", "Delete", "Delete this game's file (asks for a second click)"),
)
NAV_KEYS = ("right", "left", "home", "end", "pagedown", "pageup")  # keys that move the selection


def exports_dir() -> Path:
    return paths.data_dir() / "exports"


class PastGames:
    """The records of ``folder`` (read through the library's cache), sorted and filtered."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.entries: list[GameEntry] = []
        self.shown: list[GameEntry] = []
        self.sort = "newest"
        self.opponent = "any"
        self.result = "any"

    def refresh(self) -> None:
        """Read the folder again (unchanged files come from the cache) and arrange."""
        self.entries = library.scan(self.folder)
        self.arrange()

    def arrange(self) -> None:
        self.shown = library.arrange(self.entries, self.sort, self.opponent, self.result)

    def choice(self, key: str) -> str:
        """The value a drop-down (``sort``, ``opponent``, ``result``) shows."""
        return {"sort": self.sort, "opponent": self.opponent, "result": self.result}[key]

    def set_view(
        self, sort: str | None = None, opponent: str | None = None, result: str | None = None
    ) -> None:
        """Change the order or the filters (unknown values are ignored)."""
        if sort is not None and sort in SORTS:
            self.sort = sort
        if opponent is not None and opponent in OPPONENT_FILTERS:
            self.opponent = opponent
        if result is not None and result in RESULT_FILTERS:
            self.result = result
        self.arrange()

    def chosen(self, key: str, text: str) -> dict[str, str]:
        """The view a drop-down's chosen ``text`` asks for, as :meth:`set_view` arguments."""
        options = dict((k, o) for k, o, _ in DROPS)[key]
        values = [value for value, label in options.items() if label == text]
        return {key: values[0]} if values else {}

    def show_all(self) -> None:
        """Newest first, no filter: every game shown (after an import)."""
        self.sort, self.opponent, self.result = "newest", "any", "any"
        self.arrange()

    def remove(self, entry: GameEntry) -> None:
        """Forget a deleted game."""
        self.entries = [e for e in self.entries if e.path != entry.path]
        self.arrange()

    def index_of(self, path: Path) -> int | None:
        return next((i for i, entry in enumerate(self.shown) if entry.path == path), None)

    def header_text(self) -> str:
        """``"8 games  ·  1 unreadable  ·  3 shown"``."""
        count = len(self.entries)
        bad = sum(1 for e in self.entries if not e.readable)
        text = f"{count} game{'s' if count != 1 else ''}"
        if bad:
            text += f"  ·  {bad} unreadable"
        if len(self.shown) != count:
            text += f"  ·  {len(self.shown)} shown"
        return text

    def empty_lines(self) -> tuple[str, str]:
        """What the empty strip says: no games at all, or none that match the filters."""
        if self.entries:
            return (
                "No games match these filters.",
                "Choose “All opponents” and “All results” to see every game.",
            )
        return (
            "No past games yet.",
            "Every game you play is saved here. You can also import a game file with the button above.",
        )


def nav_target(key: str, current: int | None, count: int, per_page: int) -> int:
    """The card a navigation key (:data:`NAV_KEYS`) selects among ``count`` cards."""
    at = current if current is not None else 0
    target = {
        "right": at + 1,
        "left": at - 1,
        "home": 0,
        "end": count - 1,
        "pagedown": at + per_page,
        "pageup": at - per_page,
    }[key]
    return max(0, min(target, count - 1))


def enabled_actions(entry: GameEntry | None, can_replay: bool, can_resume: bool) -> dict[str, bool]:
    """Which action buttons work for the selected ``entry`` (a readable game, or any file to delete)."""
    readable = entry is not None and entry.readable
    return {
        "replay": readable and can_replay,
        "resume": readable and entry is not None and entry.unfinished and can_resume,
        "copy_start": readable,
        "copy_final": readable,
        "export": readable,
        "delete": entry is not None,
    }


def detail_rows(entry: GameEntry) -> list[tuple[str, str]]:
    """More about a game under the strip: position strings, rules and file; or why it is unreadable."""
    game = entry.game
    if game is None:
        return [
            ("File", str(entry.path.name)),
            ("Problem", entry.error or "unknown"),
            ("", "The file is left as it is. Delete it here, or repair it by hand."),
        ]
    return [
        ("Start position", game.start_fen),
        ("Final position", entry.final_fen()),
        ("Rules", rules_text(entry)),
        ("File", str(entry.path.name)),
    ]


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


def sentence(exc: Exception) -> str:
    """An error's text with a capital first letter."""
    text = str(exc)
    return text[:1].upper() + text[1:]


class PathBar:
    """The export / import path bar: open (``mode``), the path typed, the export format and its note."""

    def __init__(self) -> None:
        self.mode: str | None = None  # "export" or "import" while the bar is open
        self.path_text = ""
        self.fmt = "json"  # "json" or "text": the export format the player chose
        self.note: tuple[str, str] | None = None  # (kind, text) shown above the bar

    def open(self, mode: str, entry: GameEntry | None) -> bool:
        """Open the bar to export ``entry`` (a readable game) or to import a file; False if it cannot."""
        folder = exports_dir()
        if mode == "export":
            if entry is None or not entry.readable:
                return False
            self.path_text = str(library.export_path(folder / entry.path.stem, self.fmt))
            self.note = (
                "info",
                "Where should the game be written? Type a file path, or choose Browse…; "
                "the button beside it chooses text or JSON.",
            )
        else:
            self.path_text = str(folder) + os.sep
            self.note = (
                "info",
                "Type the path of a game file (.json, or .txt from Copy game as text), or Browse…; "
                "it is checked before it is added.",
            )
        self.mode = mode
        return True

    def close(self) -> None:
        self.mode = None
        self.note = None

    def switch_format(self, text: str) -> str:
        """Text <-> JSON; returns the path ``text`` with the file ending of the new format."""
        self.fmt = "json" if self.fmt == "text" else "text"
        if text:
            path = Path(text)
            if path.suffix.lower() in library.EXPORT_SUFFIXES.values():
                path = path.with_suffix("")
            self.path_text = str(library.export_path(path, self.fmt))
        return self.path_text

    def take(self, text: str) -> Path | None:
        """The path typed, or None with a note asking for one."""
        self.path_text = text.strip()
        if not self.path_text:
            self.note = ("error", "Type the path of a file first.")
            return None
        return Path(self.path_text)

    def export(self, entry: GameEntry, target: Path) -> Path | None:
        """Write the game; the file written, or None with the reason in the note."""
        try:
            return library.export_game(entry, target, self.fmt)
        except LibraryError as exc:
            self.note = ("error", f"Not exported: {exc}")
            return None

    def import_file(self, source: Path, folder: Path) -> Path | None:
        """Add a game file to ``folder`` (checked first); the record saved, or None with the reason."""
        try:
            return library.import_game(source, folder)
        except LibraryError as exc:
            self.note = ("error", sentence(exc))
            return None
