"""The app's screens and their registration.

:func:`register_builtin_screens` is the one place that lists them. A screen with a
``menu_label`` gets a main-menu button; the menu shows buttons only for registered screens.
Names the menu knows: ``config`` ("Play", order 10), ``editor`` ("Board editor", 20),
``puzzles`` ("Puzzles", 25), ``browser`` ("Past games", 30), ``settings`` ("Settings", 40).
Screens reached from other screens (``game``, ``replay``, ``puzzle``, ``lessons``, ``learn``)
register without a label.
"""

from __future__ import annotations

from gui.screen import ScreenRegistry


def register_builtin_screens(registry: ScreenRegistry) -> None:
    from gui.screens.browser import BrowserScreen, screenshot_browser
    from gui.screens.config import ConfigScreen
    from gui.screens.editor import EditorScreen, screenshot_editor
    from gui.screens.game import GameScreen, screenshot_game_screen
    from gui.screens.learn import LearnScreen, screenshot_learn
    from gui.screens.lessons import LessonsScreen, screenshot_lessons
    from gui.screens.menu import MainMenuScreen
    from gui.screens.puzzle import PuzzleScreen, screenshot_puzzle
    from gui.screens.puzzles import PuzzlesScreen, screenshot_puzzles
    from gui.screens.replay import ReplayScreen, screenshot_replay
    from gui.screens.rules import RulesScreen
    from gui.screens.settings import SettingsScreen

    registry.register("menu", MainMenuScreen)
    registry.register("config", ConfigScreen, menu_label="Play", menu_order=10)
    registry.register(
        "editor", EditorScreen, menu_label="Board editor", menu_order=20, screenshot=screenshot_editor
    )
    registry.register("game", GameScreen, screenshot=screenshot_game_screen)
    registry.register(
        "browser", BrowserScreen, menu_label="Past games", menu_order=30, screenshot=screenshot_browser
    )
    registry.register("replay", ReplayScreen, screenshot=screenshot_replay)
    registry.register("rules", RulesScreen, menu_label="Rules", menu_order=35)
    registry.register("settings", SettingsScreen, menu_label="Settings", menu_order=40)
    registry.register(
        "puzzles", PuzzlesScreen, menu_label="Puzzles", menu_order=25, screenshot=screenshot_puzzles
    )
    registry.register("puzzle", PuzzleScreen, screenshot=screenshot_puzzle)  # Puzzles' Lousy Chess kind
    registry.register("learn", LearnScreen, screenshot=screenshot_learn)  # the replay's "learn from mistakes"
    # Lessons: from the Rules screen and the Puzzles screen (the menu is full with Continue)
    registry.register("lessons", LessonsScreen, screenshot=screenshot_lessons)
