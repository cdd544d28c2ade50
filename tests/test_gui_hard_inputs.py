"""Hostile data met by the app: Unicode digits pasted or stored in records, infinite clock values,
huge texts in notices and records, oversized or BOM-marked settings, leftover temporary files.
Each reproduces a crash or freeze of the starting code; now each is a clear message or a
refusal, the frame loop keeps running, and the user's files are left exactly as they were."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pygame

from game import Game
from gui import library, paths
from gui.art import fonts
from gui.screens.browser import BrowserScreen
from gui.screens.config import ConfigScreen
from gui.settings import load_settings
from gui.testing import click_element, run_frames

KHET = "sc3ncfcncpb2/2pc7/3Pd6/pa1Pc1rbra1pb1Pd/pb1Pd1RaRb1pa1Pc/6pb3/7Pa2/2PdNaFaNa3Sa b"
SQUARED = KHET.replace("2pc7", "2pc²", 1)


def write_record(folder: Path, name: str, **changes) -> Path:
    game = Game.new("khet")
    game.add_move("j1L", 1.0)
    data = game.to_json()
    data.update(changes)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.json"))}


def open_browser(app) -> BrowserScreen:
    app.screens.push("browser")
    run_frames(app, 4)
    screen = app.screens.top
    assert isinstance(screen, BrowserScreen)
    return screen


def test_a_unicode_digit_pasted_in_new_game_is_an_error_not_a_crash(quick_app):
    quick_app.screens.push("config")
    run_frames(quick_app, 2)
    screen = quick_app.screens.top
    assert isinstance(screen, ConfigScreen)
    screen.set_fen(SQUARED)
    run_frames(quick_app, 2)
    assert screen.error and len(screen.error) < 300
    screen.set_fen("7" * 5000 + " b")
    run_frames(quick_app, 2)
    assert screen.error and len(screen.error) < 300


def test_records_holding_unicode_digits_or_infinite_times_never_crash_the_browser(quick_app):
    folder = paths.saves_dir()
    write_record(folder, "a-final.json", final=SQUARED)
    write_record(folder, "b-start.json", start=SQUARED, final=None)
    write_record(folder, "c-huge.json", start="8/" * 10_000 + " b", final=None)
    inf = write_record(folder, "d-inf.json")
    inf.write_text(inf.read_text(encoding="utf-8").replace('"seconds": 1.0', '"seconds": 1e999'), "utf-8")
    write_record(folder, "e-nan.json", moves=[{"move": "j1L", "seconds": float("nan")}])
    before = snapshot(folder)
    screen = open_browser(quick_app)
    for i in range(len(screen.shown)):
        screen.strip.select(i, jump=True)
        run_frames(quick_app, 2)
        for action in ("replay", "resume"):
            button = screen.actions[action]
            if button.is_enabled:
                quick_app.toasts.items.clear()
                click_element(quick_app, button)
                while quick_app.screens.top is not screen:
                    quick_app.screens.pop()
                run_frames(quick_app, 1)
    errors = {e.path.name: e.error for e in screen.entries if not e.readable}
    assert {"b-start.json", "c-huge.json", "d-inf.json", "e-nan.json"} <= set(errors)
    assert all(len(text) < 300 for text in errors.values())
    assert snapshot(folder) == before  # refused, never rewritten


def test_continue_on_a_record_with_a_bad_start_position_is_a_notice(quick_app):
    folder = paths.saves_dir()
    write_record(folder, "x.json", start=SQUARED)  # the stored final position is a good one
    quick_app.screens.clear()
    quick_app.screens.push("menu")
    run_frames(quick_app, 2)
    menu = quick_app.screens.top
    assert menu.continue_entry is not None
    menu.continue_game()
    run_frames(quick_app, 2)
    assert quick_app.screens.top is menu and "cannot be resumed" in quick_app.toasts.items[-1].text


def test_format_duration_takes_any_float():
    assert library.format_duration(float("inf")) == "–"
    assert library.format_duration(float("nan")) == "–"
    assert library.format_duration(-3) == "–"
    assert library.format_duration(65) == "1:05"


class CountingFont:
    """A font that counts its measurements (the cost of wrapping is the number of size calls)."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font, self.calls = font, 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        return self.font.size(text)


def test_wrapping_and_fitting_a_long_word_take_few_measurements():
    pygame.font.init()
    f = CountingFont(fonts.font(17))
    lines = fonts.wrap_text(f, "x" * 4000, 400)  # type: ignore[arg-type]
    assert len(lines) <= fonts.MAX_LINES and all(f.font.size(line)[0] <= 400 for line in lines)
    assert f.calls < 2000  # the starting code measured ~4,000 prefixes per line
    f.calls = 0
    text = fonts.fit_text(f, "y" * 1_000_000, 300)  # type: ignore[arg-type]
    assert text.endswith("…") and f.font.size(text)[0] <= 300 and f.calls < 40


def test_a_4000_character_notice_keeps_the_frame_loop_going(quick_app):
    quick_app.notify("z" * 4000, "error")
    start = time.perf_counter()
    run_frames(quick_app, 3)
    assert time.perf_counter() - start < 3.0  # the starting code took 7.5 s a frame


def test_settings_with_a_huge_window_or_a_byte_order_mark(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"window_width": 16384, "window_height": 16384}), encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings.window_size == (1280, 720) and loaded.notice
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"sfx_volume": 0.25}).encode())
    loaded = load_settings(path)
    assert loaded.moved_to is None and loaded.settings.sfx_volume == 0.25
    assert path.exists()


def test_leftover_temporary_files_are_removed_at_start(data_dir):
    from gui.app import App

    saves = paths.saves_dir()
    saves.mkdir(parents=True, exist_ok=True)
    old = saves / ".20260101-game.json.abc123.tmp"
    fresh = saves / ".20260102-game.json.def456.tmp"
    other = saves / "notes.tmp"
    for p in (old, fresh, other):
        p.write_text("partial", encoding="utf-8")
    stale = time.time() - 2 * 3600
    os.utime(old, (stale, stale))
    app = App((800, 600), sound=False)
    try:
        assert not old.exists() and fresh.exists() and other.exists()
    finally:
        app.shutdown()


def test_new_game_choices_saved_with_bad_values_open_and_start(data_dir):
    # The starting code: KeyError 'bogus' building New game; ValueError from RuleOptions on Start.
    from gui.app import App

    bad = {"repetition": "bogus", "variant": "leiserchess2017", "rules": {"zombies": "x", "nope": 1}}
    for saved in (bad, {"rules": {"swap_into_reserved": 5}}, {"repetition": 7}):
        (data_dir / "settings.json").write_text(json.dumps({"new_game": saved}))
        ConfigScreen.remembered = ConfigScreen.remembered.__class__()
        app = App((1280, 720), sound=False)
        try:
            screen = app.screens.push("config")
            run_frames(app, 2)
            assert isinstance(screen, ConfigScreen) and screen.choices.rules == {}
            assert screen.rule_options().repetition == "auto"  # the default against the CPU
            click_element(app, screen.widgets["start"])
            run_frames(app, 2)
            assert app.screens.top.name == "game"
        finally:
            app.shutdown()
            ConfigScreen.remembered = ConfigScreen.remembered.__class__()
