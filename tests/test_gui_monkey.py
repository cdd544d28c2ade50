"""A random-event run: 1,000 random clicks, keys, wheel turns, drags and resizes over the main menu
and the settings screen must raise nothing (and leave valid settings behind)."""

from __future__ import annotations

import json
import random

import pygame

from gui.app import App
from gui.screen import ScreenRegistry
from gui.screens.menu import MainMenuScreen
from gui.screens.settings import SettingsScreen
from gui.settings import load_settings

KEYS = [
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_F11,
    pygame.K_a,
    pygame.K_q,
    pygame.K_e,
    pygame.K_f,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_BACKSPACE,
]
SIZES = [(640, 480), (800, 600), (1024, 768), (1280, 720), (1600, 900), (1920, 1080), (300, 200), (2000, 700)]


def widget_points(app: App) -> list[tuple[int, int]]:
    """Centres of the visible widgets (so many random clicks land on something)."""
    points = []
    for element in app.ui.get_sprite_group().sprites():
        if element.visible and element.rect.width > 0:
            points.append(element.rect.center)
    screen = app.screens.top
    swatches = getattr(screen, "swatches", None)
    if swatches is not None:
        points.extend(rect.center for _, rect in swatches.cells)
    return points


def random_event(rng: random.Random, app: App) -> list[pygame.event.Event]:
    w, h = app.window_size
    roll = rng.random()
    if roll < 0.45:
        targets = widget_points(app)
        if targets and rng.random() < 0.7:
            x, y = rng.choice(targets)
            pos = (x + rng.randint(-6, 6), y + rng.randint(-4, 4))
        else:
            pos = (rng.randrange(w), rng.randrange(h))
        button = rng.choice((1, 1, 1, 2, 3))
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    if roll < 0.75:
        key = rng.choice(KEYS)
        mod = rng.choice((0, 0, pygame.KMOD_SHIFT))
        return [
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0),
        ]
    if roll < 0.85:
        start = (rng.randrange(w), rng.randrange(h))
        end = (rng.randrange(w), rng.randrange(h))
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=end, rel=(end[0] - start[0], end[1] - start[1]), buttons=(1, 0, 0)
            ),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ]
    if roll < 0.93:
        return [
            pygame.event.Event(
                pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False, precise_x=0.0, precise_y=1.0
            )
        ]
    size = rng.choice(SIZES)
    return [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]


def test_thousand_random_events_raise_nothing(data_dir):
    rng = random.Random(20240611)
    registry = ScreenRegistry()  # this run covers the shell's own screens: menu and settings
    registry.register("menu", MainMenuScreen)
    registry.register("settings", SettingsScreen, menu_label="Settings", menu_order=40)
    app = App((1280, 720), registry=registry)
    quits = 0
    visited = set()
    try:
        for i in range(1000):
            if i % 100 == 0 and app.screens.names() == ["menu"]:
                app.screens.push("settings")  # spend time on both screens
            for event in random_event(rng, app):
                pygame.event.post(event)
            app.step(1 / 60)
            visited.add(app.screens.top.name)
            if not app.running:  # "Quit" was clicked: note it and carry on
                quits += 1
                app.running = True
        for _ in range(40):
            app.step(1 / 60)
    finally:
        app.shutdown()
    assert visited == {"menu", "settings"}
    result = load_settings(data_dir / "settings.json")
    assert result.notice is None  # what the random run saved is a valid settings file
    json.loads((data_dir / "settings.json").read_text())
