"""What the main loop draws and when: a still screen, a running clock and the menu's show cost
only the frames that change what is seen (CPU use on a real window: tools/measure_cpu.py)."""

from __future__ import annotations

import pygame
import pytest

from game import Game, Player, TimeControl
from gui.testing import run_frames
from gui.widgets.player_panel import clock_change_in, format_clock


def clock_game(app, seconds: float = 300.0):
    app.settings.clock_after_first_move = False
    game = Game.new("khet", players=(Player("human"), Player("human")), time_control=TimeControl(seconds))
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    return screen


def test_a_running_clock_draws_once_a_second_not_sixty_times(quick_app):
    """A clock game kept the loop at 60 frames/s (31-36 % of a core on a real window)."""
    app = quick_app
    screen = clock_game(app)
    assert screen.session.clock_running
    left = screen.session.remaining[0]
    delay = screen.next_frame_in()
    assert 0 < delay <= 1.01 and app.idle and app.frame_delay() <= delay
    assert format_clock(left - delay) != format_clock(left)  # the next frame shows a new second
    assert format_clock(left - delay + 0.02) == format_clock(left)  # ... and no frame before it


def test_the_loop_sleeps_until_the_clock_changes(quick_app, monkeypatch):
    app = quick_app
    clock_game(app)
    app.toasts.items.clear()
    waits = []

    def wait(timeout=0):
        waits.append(timeout)
        return pygame.event.Event(pygame.NOEVENT)

    monkeypatch.setattr(pygame.event, "wait", wait)
    app.wait()
    assert waits and 5 <= waits[0] <= 1010


def test_clock_change_in_follows_the_shown_time():
    for left in (599.999, 125.3, 61.0, 20.2, 10.7):
        wait = clock_change_in(left)
        assert format_clock(left - wait) != format_clock(left), left
        assert format_clock(left - wait + 0.01) == format_clock(left), left
    assert clock_change_in(9.5) == pytest.approx(0.1)


def test_a_long_frame_still_counts_on_the_clock(quick_app, monkeypatch):
    """Frames a second apart: each update advances the clock by the whole second (it was cut to
    0.1 s a frame, so a clock drawn once a second would have run ten times slow)."""
    app = quick_app
    screen = clock_game(app)
    before = screen.session.remaining[0]

    class SlowClock:
        def get_time(self) -> int:
            return 1000  # ms since the last frame

    monkeypatch.setattr(app, "clock", SlowClock())
    app.step()
    assert screen.session.remaining[0] == pytest.approx(before - 1.0)


def test_a_still_game_and_a_still_menu_let_the_loop_sleep(quick_app):
    app = quick_app
    app.screens.reset("menu")
    run_frames(app, 2)
    menu = app.screens.top
    assert menu.frame_rate <= 30 and app.target_fps <= 30  # the show is a decoration: 30 frames/s
    for side in menu.show.sides:  # between two shots nothing moves
        if side.route is not None:
            side.t = menu.show._duration(side.route) + 2.05
    assert menu.next_frame_in() is not None and menu.next_frame_in() > 0
    game = Game.new("khet", players=(Player("human"), Player("human")))
    app.screens.push("game", game=game)
    run_frames(app, 3)
    app.toasts.items.clear()
    assert app.screens.top.next_frame_in() is None and app.frame_delay() >= 0.5


def test_frames_are_shown_without_a_gl_texture_on_linux(quick_app):
    import os
    import sys

    if sys.platform.startswith("linux"):
        assert os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") == "0"
