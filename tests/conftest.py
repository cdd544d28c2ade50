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
