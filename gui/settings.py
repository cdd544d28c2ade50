"""User settings: a typed dataclass with defaults, and its tolerant, atomic ``settings.json`` file.

Loading never fails: a missing file gives the defaults; a partial file gives defaults for the
missing keys; a value of the wrong type or out of range is reset to its default (with a notice);
an unreadable or garbage file gives the defaults, is moved aside to ``settings.json.bad`` (never
overwritten: a numbered name is used if that exists) and a notice says so. Saving writes a
temporary file in the same folder and renames it over the old one, so a crash never leaves a
half-written file.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from game.fileio import atomic_write_text, loads_json
from game.limits import is_version
from gui.art.schemes import DEFAULT_SCHEME, SCHEMES

FORMAT_VERSION = 1

DISPLAY_MODES: tuple[str, ...] = ("windowed", "fullscreen")
LASER_SPEEDS: tuple[str, ...] = ("off", "fast", "normal", "slow")

# Squares per second the beam travels at each laser speed (None: drawn at once, no animation).
LASER_SQUARES_PER_SECOND: dict[str, float | None] = {
    "off": None,
    "fast": 36.0,
    "normal": 18.0,
    "slow": 8.0,
}

MIN_WINDOW = (640, 480)
MAX_WINDOW = (7680, 4320)  # 8K; a bigger window is damage (16384 x 16384 took 4.7 GB and 40 s)


@dataclass
class Settings:
    """Everything the Settings screen changes, with its default value."""

    display_mode: str = "windowed"
    window_width: int = 1280
    window_height: int = 720
    music_volume: float = 0.35
    sfx_volume: float = 0.8
    muted: bool = False  # the game screen's mute button (M); the volumes are kept
    board_scheme: str = DEFAULT_SCHEME
    piece_animation: bool = True
    laser_speed: str = "normal"
    show_legal_moves: bool = True
    show_coordinates: bool = True
    show_my_beam: bool = False
    preview_shot: bool = True  # draw the beam a move would fire before it is made
    clock_after_first_move: bool = True  # a side's clock starts after its first move
    new_game: dict[str, Any] = field(default_factory=dict)  # New game's last choices (checked there)
    piece_style: str = "full"  # chessmen (Lousy Chess): "full" or "flat", switchable in the game
    puzzles_solved: int = 0  # Lousy Chess module puzzles (the Puzzle screen)
    puzzles_failed: int = 0
    # puzzle ratings, results, best streak and lesson steps done (game.puzzles.progress.Progress)
    puzzles: dict[str, Any] = field(default_factory=dict)
    version: int = field(default=FORMAT_VERSION, repr=False)

    @property
    def fullscreen(self) -> bool:
        return self.display_mode == "fullscreen"

    @property
    def window_size(self) -> tuple[int, int]:
        return (self.window_width, self.window_height)

    @property
    def laser_squares_per_second(self) -> float | None:
        """Beam speed for animations; None means "off" (show the whole beam at once)."""
        return LASER_SQUARES_PER_SECOND[self.laser_speed]

    def copy(self) -> Settings:
        return replace(self)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


_CHOICES: dict[str, tuple[str, ...]] = {
    "display_mode": DISPLAY_MODES,
    "laser_speed": LASER_SPEEDS,
    "board_scheme": tuple(SCHEMES),
    "piece_style": ("full", "flat"),
}
_RANGES: dict[str, tuple[float, float]] = {
    "music_volume": (0.0, 1.0),
    "sfx_volume": (0.0, 1.0),
    "window_width": (MIN_WINDOW[0], MAX_WINDOW[0]),
    "window_height": (MIN_WINDOW[1], MAX_WINDOW[1]),
    "puzzles_solved": (0, 10**9),
    "puzzles_failed": (0, 10**9),
}


@dataclass
class LoadResult:
    """What :func:`load_settings` found: the settings, a notice for the user (or None), and
    whether the file should be (re)written with the result (missing or repaired)."""

    settings: Settings
    notice: str | None = None
    needs_save: bool = False
    moved_to: Path | None = None
    keep_file: bool = False  # written by a newer version: read what is understood, never overwrite it


def _valid_value(name: str, value: Any, default: Any) -> tuple[bool, Any]:
    """Check one value read from JSON against the type and range of its default."""
    if isinstance(default, bool):
        return (isinstance(value, bool), value)
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            return (False, default)
        low, high = _RANGES.get(name, (-(2**31), 2**31))
        return (low <= value <= high, value)
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return (False, default)
        low, high = _RANGES.get(name, (float("-inf"), float("inf")))
        value = float(value)
        return (low <= value <= high, value)
    if isinstance(default, dict):
        return (isinstance(value, dict), value)
    if isinstance(default, str):
        return (isinstance(value, str) and value in _CHOICES.get(name, (value,)), value)
    return (False, default)


def settings_from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Build Settings from a parsed JSON object: missing keys get defaults, bad values are reset.

    Returns the settings and the names of the keys whose values were rejected.
    """
    defaults = Settings()
    values: dict[str, Any] = {}
    rejected: list[str] = []
    for f in fields(Settings):
        if f.name == "version" or f.name not in data:
            continue
        ok, value = _valid_value(f.name, data[f.name], getattr(defaults, f.name))
        if ok:
            values[f.name] = value
        else:
            rejected.append(f.name)
    return replace(defaults, **values), rejected


def _bad_file_name(path: Path) -> Path:
    """settings.json.bad, or settings.json.bad.N when earlier bad files are still there."""
    candidate = path.with_name(path.name + ".bad")
    n = 1
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.bad.{n}")
        n += 1
    return candidate


def load_settings(path: Path) -> LoadResult:
    """Read settings from ``path``; never raises (see the module docstring)."""
    if not path.exists():
        return LoadResult(Settings(), None, needs_save=True)
    try:
        text = path.read_bytes().decode("utf-8-sig")  # editors on Windows may add a byte-order mark
        data = loads_json(text)
        if not isinstance(data, dict):
            raise ValueError("the file does not hold a JSON object")
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        reason = _describe_error(exc)
        notice: str | None
        moved: Path | None = None
        try:
            moved = _bad_file_name(path)
            os.replace(path, moved)
        except OSError:
            moved = None
        if moved is not None:
            notice = (
                f"Your settings file could not be read ({reason}). Default settings are in use; "
                f"the old file was kept as {moved.name}."
            )
        else:
            notice = (
                f"Your settings file could not be read ({reason}). Default settings are in use "
                "for this session."
            )
        return LoadResult(Settings(), notice, needs_save=moved is not None, moved_to=moved)
    version = data.get("version", FORMAT_VERSION)
    newer = type(version) is int and version > FORMAT_VERSION
    settings, rejected = settings_from_dict(data)
    if newer:
        notice = (
            f"Your settings file was written by a newer version of Laser Chess (format {version}). "
            "It is read as far as this version understands it and left unchanged: "
            "changes you make now last until you quit."
        )
        return LoadResult(settings, notice, keep_file=True)
    notice = None
    if rejected:
        names = ", ".join(name.replace("_", " ") for name in rejected)
        notice = f"Some settings had invalid values and were reset to their defaults: {names}."
    missing = any(f.name not in data for f in fields(Settings))
    wrong_version = not is_version(version, FORMAT_VERSION)  # "version": true, "1", 0, ...
    return LoadResult(settings, notice, needs_save=bool(rejected) or missing or wrong_version)


def _describe_error(exc: BaseException) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"not valid JSON at line {exc.lineno}, column {exc.colno}"
    if isinstance(exc, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, OSError):
        return exc.strerror or exc.__class__.__name__
    return str(exc)


def save_settings(settings: Settings, path: Path) -> None:
    """Write ``settings`` atomically (temporary file + rename). Raises OSError on failure."""
    atomic_write_text(path, json.dumps(settings.to_json(), indent=2, sort_keys=True) + "\n")
