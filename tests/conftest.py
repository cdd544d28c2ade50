"""Shared test set-up: headless SDL and a temporary data folder for every test."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Point the app's data folder (settings.json, saves/) at a fresh temporary folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("LASERCHESS_DATA", str(folder))
    return folder


@pytest.fixture
def quick_app(data_dir):
    """The whole app at 1280×720, silent, with animations off so moves take effect at once."""
    from gui import library
    from gui.app import App
    from gui.screens.config import Choices, ConfigScreen
    from gui.testing import run_frames

    library.clear_caches()
    ConfigScreen.remembered = Choices()
    application = App((1280, 720), sound=False)
    application.settings.laser_speed = "off"
    application.settings.piece_animation = False
    run_frames(application, 2)
    yield application
    application.shutdown()
