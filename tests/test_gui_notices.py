"""Notices and tool tips belong to their screen and show in its own strip: they never cover a
clock, a player's panel, the board or a button, and never ride onto another screen."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import Game, Player
from gui.testing import post_key, run_frames
from gui.widgets.toast import notice_box

COPY_NOTICE = "The game is on the clipboard as text: Ctrl+V in Past games imports it."


def visible_widgets(app) -> list[pygame.Rect]:
    return [
        e.rect
        for e in app.ui.get_sprite_group().sprites()
        if e.visible and not isinstance(e, pygame_gui.core.UIContainer) and e.rect.w > 0
    ]


@pytest.mark.parametrize("size", [(640, 480), (1280, 720)])
def test_the_game_screens_notice_strip_covers_nothing(quick_app, size):
    """A notice sat at the bottom of the window over the clock, the player's card and buttons."""
    app = quick_app
    app._on_window_resized(size)
    game = Game.new("khet", players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 3)
    app.notify(COPY_NOTICE)
    box = notice_box(COPY_NOTICE, screen.notice_rect(size), size)
    assert box == screen.notice_rect(size)  # the message fits its strip whole
    panel = screen.panel
    keep_clear = [screen.view.rect, panel.status_rect, screen.moves.rect, *panel.cards.values()]
    keep_clear += visible_widgets(app)
    assert not [r for r in keep_clear if box.colliderect(r)]


@pytest.mark.parametrize("name", ["config", "browser", "editor", "settings", "rules"])
def test_every_screens_notice_strip_covers_no_widget(quick_app, name):
    app = quick_app
    size = (640, 480)
    app._on_window_resized(size)
    screen = app.screens.push(name)
    run_frames(app, 3)
    strip = screen.notice_rect(size)
    home = screen.home_button.rect
    clashes = [r for r in visible_widgets(app) if r != home and strip.colliderect(r)]
    assert not clashes, (name, strip, clashes)


def test_a_notice_belongs_to_its_screen(quick_app):
    """The "copied to clipboard" notice rode from the game onto the Replay screen."""
    app = quick_app
    game = Game.new("khet", players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    post_key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert screen.notices.current is not None and "clipboard" in screen.notices.current.text
    rules = app.screens.push("rules")
    run_frames(app, 2)
    assert app.toasts is rules.notices and rules.notices.current is None
    surface_before = app.surface.copy()
    strip = rules.notice_rect(app.window_size)
    run_frames(app, 1)
    assert app.surface.subsurface(strip).get_at((5, 5)) == surface_before.subsurface(strip).get_at((5, 5))
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.top is screen and screen.notices.current is None  # about a moment gone


def test_a_notice_sent_while_a_screen_is_made_is_that_screens(quick_app):
    from gui.screen import Screen

    class Noisy(Screen):
        name = "noisy"

        def __init__(self, app, **kw) -> None:
            super().__init__(app, **kw)
            app.notify("made with a warning")

    app = quick_app
    menu = app.screens.top
    app.registry.register("noisy", Noisy)
    noisy = app.screens.push("noisy")
    assert noisy.notices.current.text == "made with a warning" and menu.notices.current is None


def test_tool_tips_show_in_the_strip_not_over_the_widgets(quick_app, monkeypatch):
    """A tool tip was a box over the buttons and panels next to the widget pointed at."""
    app = quick_app
    app.screens.push("config")
    run_frames(app, 2)
    screen = app.screens.top
    button = next(b for b in app.ui.get_sprite_group().sprites() if getattr(b, "tool_tip_text", None))
    pointer = [button.rect.center]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer[0])
    run_frames(app, 90)  # past the tool tip's delay
    assert screen.hint == button.tool_tip_text
    tips = [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UITooltip)]
    assert not tips
    pointer[0] = (2, app.window_size[1] - 2)
    run_frames(app, 3)
    assert screen.hint is None
