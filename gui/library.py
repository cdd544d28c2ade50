"""The past-games library: an index of the records in ``saves/`` for the browser.

Listing is quick because a record stores its final position: each file is read once without
replaying its moves (``Game.load(check_moves=False)``) and the summary is cached by path,
modification time and size, so opening the browser again reads only new or changed files.
Board thumbnails are drawn on demand and cached the same way. A file that cannot be read is
listed with the reason and never touched. No rules live here: what a record means comes from
``game``.
"""

from __future__ import annotations

import json
import math
import os
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from game import Game, Player, get_variant
from game.errors import LaserChessError, RecordError
from game.fileio import atomic_write_text, loads_json
from game.line import full_moves
from gui.wording import first_turn, move_sides

if TYPE_CHECKING:
    import pygame

# ----------------------------------------------------------------------------- one record


@dataclass
class GameEntry:
    """One file in the saves folder: the game read from it (without replay), or why it could not be."""

    path: Path
    mtime_ns: int
    size: int
    game: Game | None
    error: str | None = None

    @property
    def readable(self) -> bool:
        return self.game is not None

    @property
    def unfinished(self) -> bool:
        return self.game is not None and not self.game.finished

    @property
    def started(self) -> datetime:
        """When the game started (the file's time when the record does not say)."""
        if self.game is not None and self.game.started_at:
            try:
                return datetime.fromisoformat(self.game.started_at)
            except ValueError:
                pass
        return datetime.fromtimestamp(self.mtime_ns / 1e9)

    @property
    def move_count(self) -> int:
        """Actions recorded (plies): for replay positions, not for players."""
        return len(self.game.moves) if self.game is not None else 0

    @cached_property
    def full_moves(self) -> int:
        """Moves as players count them and the card shows them: a turn of each side is one move,
        however many actions a turn holds (what "Most moves" sorts by)."""
        game = self.game
        if game is None:
            return 0
        texts = tuple(m.text for m in game.moves)
        sides = move_sides(game.variant, game.start_fen, texts)
        return full_moves(len(texts), first_turn(game.start_fen, game.variant), sides)

    @property
    def duration(self) -> float:
        """Seconds played: the move times, else the time between start and end."""
        if self.game is None:
            return 0.0
        total = self.game.duration_seconds
        if total <= 0 and self.game.ended_at:
            try:
                total = (datetime.fromisoformat(self.game.ended_at) - self.started).total_seconds()
            except ValueError:
                total = 0.0
        return max(0.0, total)

    @property
    def opponent_kind(self) -> str:
        """ "cpu" when a CPU played either side, else "human" (two players at one computer)."""
        if self.game is None:
            return "unknown"
        return "cpu" if any(p.kind == "cpu" for p in self.game.players) else "human"

    @property
    def result_kind(self) -> str:
        """ "human" or "cpu" (who won), "draw", "unfinished" or "unreadable"."""
        game = self.game
        if game is None:
            return "unreadable"
        if game.outcome is None:
            return "unfinished"
        if game.outcome.winner is None:
            return "draw"
        return game.players[int(game.outcome.winner)].kind

    @property
    def variant_title(self) -> str:
        if self.game is None:
            return ""
        return get_variant(self.game.variant).title

    @property
    def setup_label(self) -> str:
        if self.game is None:
            return ""
        return self.game.setup or "Custom position"

    def player_labels(self) -> tuple[str, str]:
        if self.game is None:
            return ("", "")
        return (player_label(self.game.players[0]), player_label(self.game.players[1]))

    def result_text(self) -> str:
        game = self.game
        if game is None:
            return "Unreadable"
        if game.outcome is None:
            return "Unfinished"
        v = get_variant(game.variant)
        return game.outcome.describe(v.side_names, v.royal_name)

    def final_fen(self) -> str:
        assert self.game is not None
        return self.game.final_position_fen()

    @property
    def key(self) -> tuple[str, int, int]:
        return (str(self.path), self.mtime_ns, self.size)


def player_label(player: Player) -> str:
    if player.script:  # a scripted engine (Lousy Chess): its letter and seed
        return f"Engine {player.script}"
    if player.kind == "cpu":
        return f"CPU {player.level}" if player.level else "CPU"
    return player.name or "Human"


def format_when(when: datetime) -> str:
    """``"Fri 13 Mar 2026  ·  22:10"``."""
    return f"{when:%a} {when.day} {when:%b %Y}  ·  {when:%H:%M}"


def format_duration(seconds: float) -> str:
    """``"42 s"``, ``"12:05"`` or ``"1:02:05"`` (a dash for a value no clock can show)."""
    if not math.isfinite(seconds) or seconds < 0:
        return "–"
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# ----------------------------------------------------------------------------- the folder

_ENTRIES: dict[str, GameEntry] = {}  # path -> entry, valid while mtime and size match


def read_entry(path: Path, stat: os.stat_result | None = None) -> GameEntry:
    """The entry for one file, from the cache when the file has not changed."""
    try:
        st = stat or path.stat()
    except OSError as exc:
        return GameEntry(path, 0, 0, None, f"cannot be read ({exc.strerror or exc})")
    cached = _ENTRIES.get(str(path))
    if cached is not None and cached.mtime_ns == st.st_mtime_ns and cached.size == st.st_size:
        return cached
    try:
        game = Game.load(path, check_moves=False)
        if game.final_fen is None:
            game.final_position_fen()  # an older record: replay it once, here
        entry = GameEntry(path, st.st_mtime_ns, st.st_size, game)
    except (RecordError, LaserChessError) as exc:
        entry = GameEntry(path, st.st_mtime_ns, st.st_size, None, _reason(exc, path))
    except Exception as exc:  # noqa: BLE001 - a damaged file must never stop the list
        entry = GameEntry(path, st.st_mtime_ns, st.st_size, None, f"damaged ({exc})")
    _ENTRIES[str(path)] = entry
    return entry


def _reason(exc: Exception, path: Path) -> str:
    text = str(exc)
    prefix = f"{path.name}: "
    return text[len(prefix) :] if text.startswith(prefix) else text


def scan(folder: Path) -> list[GameEntry]:
    """Every ``*.json`` file directly in ``folder`` (sub-folders such as ``setups/`` are not games)."""
    entries: list[GameEntry] = []
    try:
        items = list(os.scandir(folder))
    except OSError:
        return entries
    for item in items:
        if not item.name.endswith(".json") or item.name.startswith("."):
            continue
        try:
            if not item.is_file():
                continue
            st = item.stat()
        except OSError:
            continue
        entries.append(read_entry(Path(item.path), st))
    return entries


def latest_unfinished(folder: Path) -> GameEntry | None:
    """The unfinished game played most recently (the main menu's Continue), or None."""
    open_games = [e for e in scan(folder) if e.unfinished and e.move_count > 0]
    return max(open_games, key=lambda e: (e.mtime_ns, e.started), default=None)


def forget(path: Path) -> None:
    """Drop a file's cached entry and thumbnails (after deleting it)."""
    _ENTRIES.pop(str(path), None)
    for key in [k for k in _THUMBS if k[0] == str(path)]:
        del _THUMBS[key]


def clear_caches() -> None:
    _ENTRIES.clear()
    _THUMBS.clear()


# ----------------------------------------------------------------------------- sort and filter

SORTS: dict[str, tuple[str, Callable[[GameEntry], tuple], bool]] = {
    # key: (label, sort key, reverse)
    "newest": ("Newest first", lambda e: (e.started, e.path.name), True),
    "oldest": ("Oldest first", lambda e: (e.started, e.path.name), False),
    "longest": ("Most moves", lambda e: (e.full_moves, e.started), True),
    "shortest": ("Fewest moves", lambda e: (e.full_moves, e.started), False),
    "result": (
        "By result",
        lambda e: (
            ("human", "cpu", "draw", "unfinished", "unreadable").index(e.result_kind),
            -e.started.timestamp(),
        ),
        False,
    ),
}

OPPONENT_FILTERS: dict[str, str] = {"any": "All opponents", "cpu": "Against the CPU", "human": "Two players"}
RESULT_FILTERS: dict[str, str] = {
    "any": "All results",
    "human": "Won by a person",
    "cpu": "Won by the CPU",
    "draw": "Draws",
    "unfinished": "Unfinished",
}


def arrange(entries: Iterable[GameEntry], sort: str = "newest", opponent: str = "any", result: str = "any"):
    """Entries filtered by opponent kind and result, then sorted. Unreadable files are listed
    only when no filter is set (nothing is known about them)."""
    chosen = []
    for entry in entries:
        if opponent != "any" and entry.opponent_kind != opponent:
            continue
        if result != "any" and entry.result_kind != result:
            continue
        chosen.append(entry)
    _, key, reverse = SORTS.get(sort, SORTS["newest"])
    chosen.sort(key=key, reverse=reverse)
    return chosen


# ----------------------------------------------------------------------------- thumbnails

_THUMBS: OrderedDict[tuple, pygame.Surface] = OrderedDict()
THUMB_CACHE_SIZE = 300


def cached_thumbnail(entry: GameEntry, size: tuple[int, int], scheme: str) -> pygame.Surface | None:
    return _THUMBS.get((str(entry.path), entry.mtime_ns, entry.size, size, scheme))


def thumbnail(entry: GameEntry, size: tuple[int, int], scheme: str) -> pygame.Surface | None:
    """A picture of the game's final position fitted into ``size`` (None for unreadable files)."""
    if entry.game is None:
        return None
    key = (str(entry.path), entry.mtime_ns, entry.size, size, scheme)
    img = _THUMBS.get(key)
    if img is not None:
        _THUMBS.move_to_end(key)
        return img
    import pygame

    from gui.widgets.board_view import BoardView

    board = final_board(entry)
    if board is None:
        return None
    view = BoardView(get_variant(entry.game.variant), scheme, coordinates=False)
    view.set_area(pygame.Rect((0, 0), size))
    view.show_position(board)
    img = pygame.Surface(view.rect.size, pygame.SRCALPHA)
    view.origin = (0, 0)
    view.draw(img)
    _THUMBS[key] = img
    if len(_THUMBS) > THUMB_CACHE_SIZE:
        _THUMBS.popitem(last=False)
    return img


def final_board(entry: GameEntry) -> list[int] | None:
    """The squares of the game's last position: read from the stored position string (a Pharaoh
    may be gone, so the placement rules are not checked), or else by replaying the moves."""
    game = entry.game
    if game is None:
        return None
    try:
        # Placement and side come first in every variant's string; later fields are its own state.
        head = " ".join(entry.final_fen().split()[:2])
        return get_variant(game.variant).parse_fen(head, check=False)[0]
    except (LaserChessError, KeyError):
        pass
    try:
        return game.position_at().board
    except (LaserChessError, RecordError):
        return None


# ----------------------------------------------------------------------------- export, import, delete


class LibraryError(Exception):
    """Something the user asked for could not be done; the message says why in plain words."""


EXPORT_SUFFIXES = {"text": ".txt", "json": ".json"}  # a format's file ending (and back)


def export_format(path: Path | str, default: str = "text") -> str:
    """The format a file name asks for by its ending (``.txt`` text, ``.json`` a record), else
    ``default``."""
    suffix = Path(path).suffix.lower()
    return next((fmt for fmt, end in EXPORT_SUFFIXES.items() if end == suffix), default)


def export_path(target: Path | str, fmt: str, name: str = "game") -> Path:
    """Where an export in ``fmt`` goes: a folder gets ``name`` in it; a file name without a
    ``.txt``/``.json`` ending gets the format's ending."""
    target = Path(target).expanduser()
    if target.is_dir():
        target = target / name
    if target.suffix.lower() not in EXPORT_SUFFIXES.values():
        target = target.with_name(target.name + EXPORT_SUFFIXES[fmt])
    return target


def export_game(entry: GameEntry, target: Path, fmt: str = "json") -> Path:
    """Write the game (checked by replaying it) to ``target``, never over a file: as readable text
    (headers, moves and result, as "Copy game as text") or as a JSON record (move times too). A
    ``.txt`` or ``.json`` ending chooses the format; any other name gets ``fmt``'s ending."""
    from gui.notation import game_to_text

    target = export_path(target, fmt, entry.path.stem)
    fmt = export_format(target, fmt)
    if target.exists():
        raise LibraryError(f"{target} already exists; choose another name")
    try:
        game = Game.load(entry.path, check_moves=True)
    except RecordError as exc:
        raise LibraryError(f"this game cannot be exported: {exc}") from exc
    text = game_to_text(game) if fmt == "text" else json.dumps(game.to_json(), indent=1)
    try:
        atomic_write_text(target, text)
    except OSError as exc:
        raise LibraryError(f"could not write {target}: {exc.strerror or exc}") from exc
    return target


def import_game(source: Path, folder: Path) -> Path:
    """Check a record file by replaying it, then save a copy into ``folder``. A game already
    there (same id) is not copied again; nothing is ever overwritten."""
    source = Path(source).expanduser()
    if source.is_dir():
        raise LibraryError(f"{source} is a folder; give the path of a game file (.json or .txt)")
    try:
        if source.suffix.lower() == ".txt":
            game = _game_from_text_file(source)
        else:
            game = Game.load(source, check_moves=True)
    except RecordError as exc:
        raise LibraryError(f"not imported: {exc}") from exc
    return _add_imported(game, folder)


def import_text(text: str, folder: Path) -> Path:
    """Add a game given as plain text ("Copy game as text") or as a JSON record."""
    from gui.notation import game_from_text, looks_like_game_text

    try:
        if looks_like_game_text(text):
            game = game_from_text(text)
        else:
            try:
                data = loads_json(text)
            except ValueError as exc:
                raise RecordError("the clipboard holds neither a game text nor a game record") from exc
            game = Game.from_json(data, check_moves=True)
    except RecordError as exc:
        raise LibraryError(f"not imported: {exc}") from exc
    return _add_imported(game, folder)


def _game_from_text_file(source: Path) -> Game:
    from gui.notation import game_from_text

    try:
        text = source.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{source.name}: cannot be read ({exc})") from exc
    return game_from_text(text)


def same_game(a: Game, b: Game) -> bool:
    """Are two records the same game? The same id, or (a pasted text has no id) the same rule
    set, start, moves and start time."""
    if a.game_id and a.game_id == b.game_id:
        return True
    return (a.variant, a.start_fen, a.started_at, [m.text for m in a.moves]) == (
        b.variant,
        b.start_fen,
        b.started_at,
        [m.text for m in b.moves],
    )


def _add_imported(game: Game, folder: Path) -> Path:
    for entry in scan(folder):
        if entry.game is not None and same_game(entry.game, game):
            raise LibraryError(f"this game is already in your past games ({entry.path.name})")
    try:
        return game.save(folder)
    except RecordError as exc:
        raise LibraryError(f"not imported: {exc}") from exc
    except OSError as exc:
        raise LibraryError(f"could not write to {folder}: {exc.strerror or exc}") from exc


def delete_game(entry: GameEntry) -> None:
    try:
        entry.path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise LibraryError(f"could not delete {entry.path.name}: {exc.strerror or exc}") from exc
    forget(entry.path)
