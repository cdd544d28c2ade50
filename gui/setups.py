"""Custom starting positions saved by the board editor, in ``saves/setups/`` (one JSON file each).

The config screen lists them beside the built-in setups. A damaged file is reported by name and
left where it is; saving is atomic and never overwrites another setup unless asked to.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from game import Position
from game.errors import LaserChessError
from game.fileio import atomic_write_text, loads_json
from game.limits import control_character, is_version, shown
from game.variants import VARIANTS
from gui import paths

FORMAT = "laser-chess-setup"
VERSION = 1
MAX_NAME = 60


class SetupExistsError(Exception):
    """A setup of that name exists already (ask the player before overwriting)."""


@dataclass(frozen=True)
class CustomSetup:
    name: str
    variant: str
    fen: str
    path: Path


def setups_dir() -> Path:
    return paths.saves_dir() / "setups"


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
    return slug or "setup"


def setup_path(name: str, variant: str) -> Path:
    return setups_dir() / f"{variant}-{_slug(name)}.json"


def load_setup(path: Path) -> CustomSetup:
    """Read one setup file; raises ValueError with a reason (the file is left untouched)."""
    try:
        data = loads_json(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"{path.name}: not a readable setup file ({shown(exc, 60)})") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path.name}: not a setup file")
    if not is_version(data.get("version"), VERSION):
        raise ValueError(f"{path.name}: unknown setup version {shown(data.get('version'), 20)}")
    name, variant, fen = data.get("name"), data.get("variant"), data.get("fen")
    if not isinstance(name, str) or not name.strip() or variant not in VARIANTS or not isinstance(fen, str):
        raise ValueError(f"{path.name}: the setup's name, rule set or position is missing")
    if control_character(name) is not None or control_character(fen) is not None:
        raise ValueError(f"{path.name}: the setup's name or position holds a control character")
    if len(name.strip()) > MAX_NAME:
        raise ValueError(f"{path.name}: the setup's name is longer than {MAX_NAME} characters")
    try:
        Position.from_fen(fen, variant)
    except LaserChessError as exc:
        raise ValueError(f"{path.name}: invalid position: {exc}") from exc
    return CustomSetup(name.strip(), variant, fen, path)


def list_setups(variant: str | None = None) -> tuple[list[CustomSetup], list[str]]:
    """Saved setups (of one rule set, or all), sorted by name, and messages for unreadable files."""
    folder = setups_dir()
    found: list[CustomSetup] = []
    problems: list[str] = []
    if not folder.is_dir():
        return found, problems
    for path in sorted(folder.glob("*.json")):
        try:
            setup = load_setup(path)
        except ValueError as exc:
            problems.append(str(exc))
            continue
        if variant is None or setup.variant == variant:
            found.append(setup)
    found.sort(key=lambda s: s.name.lower())
    return found, problems


def save_setup(name: str, variant: str, fen: str, overwrite: bool = False) -> CustomSetup:
    """Save a named setup; raises SetupExistsError on a clash (unless ``overwrite``), ValueError if
    the name is empty or the position is not playable."""
    name = name.strip()
    if not name:
        raise ValueError("give the setup a name")
    if len(name) > MAX_NAME:
        raise ValueError(f"the name is too long ({MAX_NAME} characters at most)")
    Position.from_fen(fen, variant)  # raises PositionError (a ValueError) naming the fault
    path = setup_path(name, variant)
    if path.exists() and not overwrite:
        raise SetupExistsError(f"a setup named {name!r} exists already")
    data = {"format": FORMAT, "version": VERSION, "name": name, "variant": variant, "fen": fen}
    atomic_write_text(path, json.dumps(data, indent=1))
    return CustomSetup(name, variant, fen, path)


def delete_setup(setup: CustomSetup) -> None:
    setup.path.unlink(missing_ok=True)
