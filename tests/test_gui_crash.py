"""The main loop survives an exception in a screen: a failure is injected into a game in progress
and the app writes the traceback to a log in the data folder (path shown), saves the game, and
shows the error panel whose Back to menu and Copy details work."""

from __future__ import annotations

import pygame

from game import Game
from gui import clipboard, paths
from gui.crash import CrashScreen
from gui.screens.game import GameScreen
from gui.testing import click_element, run_frames


class Injected(RuntimeError):
    pass


def fail(*_args, **_kwargs):
    raise Injected("injected failure for the test")


def test_a_failing_screen_is_logged_saved_and_answered_with_the_error_panel(quick_app, data_dir):
    app = quick_app
    game = Game.new("khet")
    app.screens.push("game", game=game)
    run_frames(app, 2)
    screen = app.screens.top
    assert isinstance(screen, GameScreen)
    screen.play_move(screen.position.parse_move("j1L"))
    run_frames(app, 2)
    screen.update = fail  # type: ignore[method-assign]
    run_frames(app, 2)  # the frame that fails, then one with the panel

    crash = app.screens.top
    assert isinstance(crash, CrashScreen) and app.running
    logs = list((paths.data_dir() / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text(encoding="utf-8")
    assert "Injected: injected failure for the test" in text and "Traceback" in text
    assert str(logs[0]) in crash.message()  # the path is shown
    saved = [Game.load(p) for p in paths.saves_dir().glob("*.json")]
    assert [g.game_id for g in saved] == [game.game_id] and [m.text for m in saved[0].moves] == ["j1L"]

    click_element(app, crash.copy_button)
    copied, _ = clipboard.get_text()
    assert copied is not None and "Injected: injected failure" in copied

    click_element(app, crash.menu_button)
    run_frames(app, 2)
    assert app.screens.names() == ["menu"] and app.running


def test_a_failure_while_drawing_or_handling_events_is_caught_too(quick_app):
    app = quick_app
    menu = app.screens.top
    menu.draw = fail  # type: ignore[method-assign]
    run_frames(app, 2)
    assert isinstance(app.screens.top, CrashScreen)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    run_frames(app, 3)
    assert app.screens.names() == ["menu"] and app.screens.top is not menu


def test_the_crash_screen_itself_failing_ends_the_program(quick_app):
    app = quick_app
    app.screens.top.update = fail  # type: ignore[method-assign]
    run_frames(app, 1)
    crash = app.screens.top
    assert isinstance(crash, CrashScreen)
    crash.update = fail  # type: ignore[method-assign]
    try:
        run_frames(app, 1)
    except Injected:
        pass
    else:
        raise AssertionError("a failing crash screen must not be caught again")
