"""Where the app's files live: the data folder (settings.json, saves/) and the bundled assets.

The data folder is, in order of precedence: the ``LASERCHESS_DATA`` environment variable, the
``--data-dir`` command-line option (handed over by the entry point through :func:`set_data_dir`),
else the project folder (the folder that holds ``main.py``).
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "LASERCHESS_DATA"

_PROJECT_DIR = Path(__file__).resolve().parent.parent
_cli_data_dir: Path | None = None


def project_dir() -> Path:
    """The folder containing main.py, gui/ and assets/."""
    return _PROJECT_DIR


def assets_dir() -> Path:
    return _PROJECT_DIR / "assets"


def set_data_dir(path: str | os.PathLike[str] | None) -> None:
    """Record the ``--data-dir`` option (None clears it). The environment variable still wins."""
    global _cli_data_dir
    _cli_data_dir = Path(path).expanduser() if path else None


def data_dir() -> Path:
    """The folder for settings.json and saves/ (see the module docstring for the precedence)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    if _cli_data_dir is not None:
        return _cli_data_dir
    return _PROJECT_DIR


def settings_path() -> Path:
    return data_dir() / "settings.json"


def saves_dir() -> Path:
    return data_dir() / "saves"
