"""The New game screen: opponent and level, side, rule set, setup or a pasted position, clock and
house rules, with a live board preview. Start opens the game screen.

The choices and what follows from them are the model's (gui/models/new_game.py); the layout is
gui/screens/config_form.py; this screen reacts to its widgets and draws. The choices are remembered
for the next visit, and across runs in settings.json (``new_game``; stale or invalid saved values
fall back to the defaults one by one).
"""

from __future__ import annotations

from dataclasses import asdict, replace

import pygame
import pygame_gui
from pygame_gui.core import UIContainer, UIElement
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UITextEntryLine

from game import Game
from game.scripted import random_engines, random_serial
from game.variants import VARIANTS
from gui.art.fonts import blit_wrapped, fitting_font, font
from gui.colours import MUTED, PROBLEM_TEXT, SMALL_TEXT, VEIL
from gui.models.new_game import CUSTOM, REPETITION, Choices, NewGame, choices_from_saved
from gui.screen import Screen
from gui.screens.config_form import build_form
from gui.screens.settings import tick_image
from gui.widgets.board_view import BoardView
from gui.widgets.chrome import draw_background, draw_section_rule, draw_title, panel

__all__ = ["Choices", "ConfigScreen"]


class ConfigScreen(Screen):
    name = "config"
    title = "New game"
    remembered = Choices()

    def __init__(
        self, app, variant: str | None = None, fen: str | None = None, setup: str | None = None, **kw
    ):
        super().__init__(app, **kw)
        if ConfigScreen.remembered == Choices():  # first visit this run: last run's choices
            ConfigScreen.remembered = choices_from_saved(app.settings.new_game)
        choices = replace(ConfigScreen.remembered)
        if not choices.engines or not choices.serial:  # deal scripted engines, shown
            choices.engines = choices.engines or random_engines(2)
            choices.serial = choices.serial or random_serial()
        if variant is not None and variant in VARIANTS and variant != choices.variant:
            # another rule set: its first setup, never the remembered one's position string
            choices.variant, choices.setup, choices.fen = variant, next(iter(VARIANTS[variant].setups)), ""
        if setup is not None:
            choices.setup, choices.fen = setup, ""
        if fen is not None:
            choices.setup, choices.fen = None, fen
        self.model = NewGame(choices)
        if not choices.fen:
            choices.fen = self.model.setup_fen(choices.setup)
        self.preview = BoardView(self.model.variant, app.settings.board_scheme)
        self.hint_rect = pygame.Rect(0, 0, 0, 0)
        self.widgets: dict[str, UIElement] = {}
        self.segments: dict[str, dict[str, UIButton]] = {}
        self.side_choices: dict[str, str] = {}  # drop-down text -> side, when sides are a drop-down
        self.level_choices: dict[str, str] = {}  # drop-down text ("Medium · Elo 1350") -> level
        self.opponent_choices: dict[str, str] = {}  # drop-down text -> opponent kind
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.sections: list[pygame.Rect] = []
        self._validate()

    # ------------------------------------------------------------ the model
    @property
    def choices(self) -> Choices:
        return self.model.choices

    @property
    def error(self) -> str | None:
        return self.model.error

    @property
    def turn(self) -> int:
        return self.model.turn

    @property
    def variant(self):
        return self.model.variant

    def make_game(self, rng=None) -> Game:
        return self.model.make_game(rng)

    def rule_options(self):
        return self.model.rule_options()

    def _hint_text(self) -> str:
        return self.model.hint_text()

    def _validate(self) -> None:
        self.model.validate()
        if self.model.error is None:
            self.preview.show_position(self.model.board)

    def _remember(self, choices: Choices) -> None:
        """Keep the choices for the next visit, and in settings.json for the next run."""
        ConfigScreen.remembered = replace(choices)
        saved = asdict(choices)
        if saved != self.app.settings.new_game:
            self.app.update_settings(new_game=saved)

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        build_form(self, root, size)
        self._show_validation()

    def teardown(self) -> None:
        self.widgets, self.segments = {}, {}

    def _show_validation(self) -> None:
        start = self.widgets.get("start")
        if isinstance(start, UIButton):
            start.disable() if self.error else start.enable()

    def _rebuild(self) -> None:
        self._validate()
        self._remember(self.choices)
        self.resize(self.app.window_size)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        widget = getattr(event, "ui_element", None)
        key = next((k for k, w in self.widgets.items() if w is widget), None) if widget is not None else None
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and key is not None:
            self._dropdown(key, event.text)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and key in ("fen", "engines", "serial"):
            self._typed(key, event.text)
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED) and key:
            checked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if key.startswith("rule:"):
                self.choices.rules = dict(self.choices.rules, **{key.removeprefix("rule:"): checked})
            elif key == "hints":
                self.choices.hints = checked
            self._remember(self.choices)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._pressed(widget, key):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            fen_entry = self.widgets.get("fen")
            if not (isinstance(fen_entry, UITextEntryLine) and fen_entry.is_focused):
                self.start()
                return True
        return super().handle_event(event)

    def _dropdown(self, key: str, text: str) -> None:
        """A drop-down's new choice."""
        c = self.choices
        if key == "variant":
            name = next(v.name for v in VARIANTS.values() if v.title == text)
            if self.model.choose_variant(name):
                self.preview.set_variant(self.variant)
                self._rebuild()
            return
        if key == "setup":
            if text != CUSTOM:
                self.model.choose_setup(text)
                self._rebuild()
            return
        if key == "opponent":
            c.opponent, c.repetition = self.opponent_choices.get(text, c.opponent), None
            self._rebuild()
            return
        if key == "side":
            c.side = self.side_choices.get(text, c.side)
        elif key == "repetition":
            c.repetition = next(k for k, v in REPETITION.items() if v == text)
        elif key in ("level", "level2"):
            setattr(c, key, self.level_choices.get(text, text))
        elif key in ("clock", "ply_limit"):
            setattr(c, key, text)
        elif key.startswith("rule:"):
            spec = next((s for s in self.variant.option_specs if "rule:" + s.key == key), None)
            if spec is not None:
                value = next((v for v in spec.choices if str(v) == text), text)
                c.rules = dict(c.rules, **{spec.key: value})
        self._remember(c)

    def _typed(self, key: str, text: str) -> None:
        """The position string, or the scripted engines or their serial, typed."""
        if key == "fen":
            self.set_fen(text)
            return
        setattr(self.choices, key, text.strip().upper())
        self._remember(self.choices)
        self._validate()
        self._show_validation()

    def _pressed(self, widget: object, key: str | None) -> bool:
        for name, buttons in self.segments.items():
            for value, button in buttons.items():
                if widget is button:
                    setattr(self.choices, name, value)
                    if name == "opponent":
                        self.choices.repetition = None
                    self._rebuild()
                    return True
        if key == "start":
            self.start()
            return True
        if key == "rules":
            self.app.screens.push("rules", variant=self.choices.variant)
            return True
        return False

    def set_fen(self, text: str) -> None:
        """A position string typed or pasted: validate it live; a setup's string selects the setup."""
        changed = self.model.set_fen(text)
        self._validate()
        if changed:
            self._remember(self.choices)
            if isinstance(self.widgets.get("setup"), UIDropDownMenu):
                self._rebuild()  # the setup list shows the custom entry (or the matching setup)
                self._refocus_fen(text)
                return
        self._show_validation()

    def _refocus_fen(self, text: str) -> None:
        """After a rebuild the new position field keeps the keyboard, the text and the cursor, so
        typing goes on where it was."""
        entry = self.widgets.get("fen")
        if isinstance(entry, UITextEntryLine):
            if entry.get_text() != text:
                entry.set_text(text)
            self.app.ui.set_focus_set(entry)
            entry.edit_position = len(text)

    def start(self) -> None:
        if self.error:
            self.app.notify(f"Cannot start: {self.error}", "error")
            return
        self._remember(self.choices)
        game = self.make_game()
        if "game" not in self.app.registry:
            self.app.notify("The game screen is not available.", "error")
            return
        self.app.screens.replace("game", game=game)

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.preview.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface, self.app.settings.board_scheme)
        draw_title(surface, "New game")
        panel(surface, self.panel)
        for rect in self.sections:
            draw_section_rule(surface, rect)
        self.preview.draw(surface)
        size = surface.get_size()
        if self.error:
            f = font(SMALL_TEXT.at(size))
            blit_wrapped(
                surface, f"Cannot start: {self.error}", f, PROBLEM_TEXT, self.hint_rect, centred=False
            )
            veil = pygame.Surface(self.preview.rect.size, pygame.SRCALPHA)
            veil.fill(VEIL)
            surface.blit(veil, self.preview.rect)
        else:
            hint = self.model.hint_text()
            f, lines = fitting_font(hint, self.hint_rect, SMALL_TEXT.at(size), smallest=9)
            blit_wrapped(surface, hint, f, MUTED, self.hint_rect, max_lines=lines, centred=False)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        for widget in self.widgets.values():
            if isinstance(widget, UICheckBox) and widget.is_checked and widget.visible:
                tick = tick_image(min(widget.rect.size))
                surface.blit(tick, tick.get_rect(center=widget.rect.center))
