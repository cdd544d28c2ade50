"""Where the app's files live: the data folder (settings.json, saves/) and the bundled assets.

The data folder is, in order of precedence: the ``--data-dir`` command-line option (handed over by
the entry point through :func:`set_data_dir`; as with most programs, an option given on the command
line wins over the environment), the ``LASERCHESS_DATA`` environment variable, the project folder
when the code runs from a checkout (the folder holding ``main.py`` and ``pyproject.toml``), else the
platform's user data folder (``platformdirs``: e.g. ``~/.local/share/laser-chess`` on Linux) -- an
installed copy never writes into site-packages.

The assets are the checkout's top-level ``assets/`` folder; an installed copy carries them as the
package data ``gui/assets`` (the setuptools mapping is in ``setup.py``).
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "LASERCHESS_DATA"
APP_NAME = "laser-chess"

_GUI_DIR = Path(__file__).resolve().parent
_PROJECT_DIR = _GUI_DIR.parent
_cli_data_dir: Path | None = None


def project_dir() -> Path:
    """The folder containing gui/ (in a checkout: also main.py and assets/)."""
    return _PROJECT_DIR


def running_from_checkout() -> bool:
    """True when gui/ sits in a source checkout (plain or editable install), not in site-packages."""
    return (_PROJECT_DIR / "pyproject.toml").is_file() and (_PROJECT_DIR / "main.py").is_file()


def assets_dir() -> Path:
    """The installed package data if present, else the checkout's assets/ folder."""
    installed = _GUI_DIR / "assets"
    if (installed / "theme.json").is_file():
        return installed
    return _PROJECT_DIR / "assets"


def user_data_dir() -> Path:
    """The platform's per-user data folder for this app (not created here)."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def set_data_dir(path: str | os.PathLike[str] | None) -> None:
    """Record the ``--data-dir`` option (None clears it); it wins over the environment variable."""
    global _cli_data_dir
    _cli_data_dir = Path(path).expanduser() if path else None


def data_dir() -> Path:
    """The folder for settings.json and saves/ (see the module docstring for the precedence)."""
    if _cli_data_dir is not None:
        return _cli_data_dir
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    if running_from_checkout():
        return _PROJECT_DIR
    return user_data_dir()


def settings_path() -> Path:
    return data_dir() / "settings.json"


def saves_dir() -> Path:
    return data_dir() / "saves"


def tidy_data_folder() -> int:
    """Remove temporary files that interrupted writes left in the data folder, saves/ and
    saves/setups/ (see :func:`game.fileio.remove_stale_temp_files`); returns how many."""
    from game.fileio import remove_stale_temp_files

    folders = (data_dir(), saves_dir(), saves_dir() / "setups")
    return sum(remove_stale_temp_files(folder) for folder in folders)
