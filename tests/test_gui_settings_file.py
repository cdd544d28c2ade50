"""Settings model and settings.json: defaults, round trip, tolerant loading, atomic saving, data folder."""

from __future__ import annotations

import json
import os

import pytest

from gui import paths
from gui.art.schemes import SCHEMES
from gui.settings import LASER_SPEEDS, Settings, load_settings, save_settings, settings_from_dict


def test_data_dir_precedence(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "env"))
    paths.set_data_dir(tmp_path / "cli")
    try:
        assert paths.data_dir() == tmp_path / "cli"  # the option wins over the environment
        paths.set_data_dir(None)
        assert paths.data_dir() == tmp_path / "env"
        monkeypatch.delenv(paths.ENV_VAR)
        assert paths.data_dir() == paths.project_dir()
        assert (paths.project_dir() / "main.py").exists()
    finally:
        paths.set_data_dir(None)


def test_tests_use_the_temporary_data_folder(data_dir):
    assert paths.settings_path() == data_dir / "settings.json"
    assert paths.saves_dir() == data_dir / "saves"


def test_missing_file_gives_defaults(data_dir):
    result = load_settings(data_dir / "settings.json")
    assert result.settings == Settings()
    assert result.notice is None
    assert result.needs_save


def test_round_trip(data_dir):
    path = data_dir / "settings.json"
    changed = Settings(
        display_mode="fullscreen",
        music_volume=0.1,
        sfx_volume=0.55,
        board_scheme="contrast",
        piece_animation=False,
        laser_speed="slow",
        show_legal_moves=False,
        show_coordinates=False,
        show_my_beam=True,
        window_width=900,
        window_height=700,
    )
    save_settings(changed, path)
    result = load_settings(path)
    assert result.settings == changed
    assert result.notice is None
    assert not result.needs_save
    assert [p.name for p in data_dir.iterdir()] == ["settings.json"]  # no temporary file left


def test_every_choice_is_accepted():
    for scheme in SCHEMES:
        assert settings_from_dict({"board_scheme": scheme}) == (Settings(board_scheme=scheme), [])
    for speed in LASER_SPEEDS:
        assert settings_from_dict({"laser_speed": speed})[0].laser_speed == speed
    assert Settings(laser_speed="off").laser_squares_per_second is None
    assert (
        Settings(laser_speed="slow").laser_squares_per_second
        < Settings(laser_speed="fast").laser_squares_per_second
    )


def test_partial_file_keeps_what_is_there(data_dir):
    path = data_dir / "settings.json"
    path.write_text(json.dumps({"music_volume": 0.2, "show_my_beam": True, "unknown": 5}))
    result = load_settings(path)
    assert result.settings == Settings(music_volume=0.2, show_my_beam=True)
    assert result.notice is None
    assert result.needs_save  # missing keys get written out


@pytest.mark.parametrize(
    "key, value",
    [
        ("music_volume", "loud"),
        ("music_volume", 3.0),
        ("sfx_volume", True),
        ("board_scheme", "rainbow"),
        ("laser_speed", 7),
        ("display_mode", None),
        ("show_my_beam", "yes"),
        ("window_width", 10),
        ("window_height", 2.5),
    ],
)
def test_bad_values_are_reset_with_a_notice(data_dir, key, value):
    path = data_dir / "settings.json"
    path.write_text(json.dumps({key: value, "laser_speed": "fast"} if key != "laser_speed" else {key: value}))
    result = load_settings(path)
    assert getattr(result.settings, key) == getattr(Settings(), key)
    assert result.notice and key.replace("_", " ") in result.notice
    assert path.exists()  # a partly good file is repaired in place, not moved


@pytest.mark.parametrize(
    "content",
    [
        b'{"music_volume": 0.5, "board_sch',  # truncated
        b"\x00\xff\xfe garbage \x89PNG",  # not text
        b"[1, 2, 3]",  # JSON, but not an object
        b"",  # empty
        b"{" * 5000 + b"}" * 5000,  # absurdly nested
    ],
)
def test_corrupt_file_is_kept_aside(data_dir, content):
    path = data_dir / "settings.json"
    path.write_bytes(content)
    result = load_settings(path)
    assert result.settings == Settings()
    assert result.notice and "settings.json.bad" in result.notice
    assert not path.exists()
    assert (data_dir / "settings.json.bad").read_bytes() == content


def test_earlier_bad_file_is_never_overwritten(data_dir):
    path = data_dir / "settings.json"
    (data_dir / "settings.json.bad").write_text("first")
    path.write_text("second {")
    result = load_settings(path)
    assert (data_dir / "settings.json.bad").read_text() == "first"
    assert (data_dir / "settings.json.bad.1").read_text() == "second {"
    assert "settings.json.bad.1" in result.notice


def test_save_is_atomic(data_dir, monkeypatch):
    path = data_dir / "settings.json"
    save_settings(Settings(music_volume=0.3), path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_settings(Settings(music_volume=0.9), path)
    assert path.read_bytes() == before  # the old file is untouched
    assert [p.name for p in data_dir.iterdir()] == ["settings.json"]  # and no temporary file left


def test_save_into_an_impossible_folder_raises_oserror(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OSError):
        save_settings(Settings(), blocker / "settings.json")
