"""The main menu: the title over an animated laser show, and a button for every registered screen
that has a menu label (Play, Board editor, Past games, Settings), plus Quit. When an unfinished
game is saved, a Continue button on top resumes the most recent one.

Keyboard: Up/Down (or Tab) choose a button, Enter or Space presses it.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import metadata

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game import Game, LaserChessError
from gui import library
from gui.art.fonts import font
from gui.colours import HINT, MENU_HALO, SUBTITLE_RULE, SUBTITLE_TEXT, TITLE_FACE, TITLE_GLOW
from gui.layout import px, style, ui_scale
from gui.paths import saves_dir
from gui.screen import Screen, ScreenEntry
from gui.widgets.backdrop import LaserShow, draw_glass_panel, glow_text

TITLE = "LASER CHESS"
CONTINUE = ScreenEntry("continue", Screen, menu_label="Continue", menu_order=0)  # a marker, never built
# the four families of the six rule sets (Leiserchess 2017/2018, Laser Chess 1987 / LaserChess 98)
SUBTITLE = "KHET  \u00b7  LEISERCHESS  \u00b7  LASER CHESS  \u00b7  LOUSY CHESS"


def _letter_spaced(text: str) -> str:
    """Letters one space apart, words three, the names around a dot four."""
    names = (name.split() for name in text.split("\u00b7"))
    return "    \u00b7    ".join("   ".join(" ".join(word) for word in words) for words in names)


@lru_cache(maxsize=8)
def _title_images(size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Surface]:
    scale = ui_scale(size)
    title = glow_text(TITLE, font(round(84 * scale), bold=True), TITLE_FACE, TITLE_GLOW, MENU_HALO)
    sub_font = font(round(19 * scale), bold=True)
    subtitle = sub_font.render(_letter_spaced(SUBTITLE), True, SUBTITLE_TEXT)
    return title, subtitle


def _version() -> str:
    try:
        return "v" + metadata.version("laser-chess")
    except metadata.PackageNotFoundError:
        return "development version"


class MainMenuScreen(Screen):
    name = "menu"
    title = "Main menu"
    show_home_button = False

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, **kwargs)
        self.show = LaserShow()
        self.buttons: list[tuple[UIButton, ScreenEntry | None]] = []
        self.focus: int | None = None
        self.continue_entry: library.GameEntry | None = None
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.subtitle_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.version = _version()

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        w, h = size
        self.continue_entry = self._unfinished_game()
        resume = [CONTINUE] if self.continue_entry is not None else []
        entries: list[ScreenEntry | None] = [*resume, *self.app.registry.menu_entries(), None]
        title, subtitle = _title_images(size)
        button_w = min(px(400, size), max(px(300, size), int(w * 0.26)))
        button_h = px(56, size)
        gap = px(14, size)
        column_h = len(entries) * button_h + (len(entries) - 1) * gap
        title_top = int(h * 0.07)
        self.title_rect = title.get_rect(midtop=(w // 2, title_top))
        self.subtitle_rect = subtitle.get_rect(midtop=(w // 2, self.title_rect.bottom - px(10, size)))
        space_top = self.subtitle_rect.bottom + px(34, size)
        space_bottom = h - px(56, size)
        room = space_bottom - space_top - px(26, size)
        if column_h > room:  # Continue adds a button: close the ranks rather than run off the window
            gap = max(4, px(6, size))
            button_h = max(px(40, size), (room - (len(entries) - 1) * gap) // len(entries))
            column_h = len(entries) * button_h + (len(entries) - 1) * gap
        top = max(space_top + px(26, size), space_top + (space_bottom - space_top - column_h) // 2)
        self.buttons = []
        for i, entry in enumerate(entries):
            rect = pygame.Rect(0, 0, button_w, button_h)
            rect.midtop = (w // 2, top + i * (button_h + gap))
            label = (entry.menu_label or entry.name) if entry is not None else "Quit"
            button = UIButton(rect, label, manager=self.app.ui, container=root, object_id=style("menu", size))
            self.buttons.append((button, entry))
        first, last = self.buttons[0][0].rect, self.buttons[-1][0].rect
        self.panel_rect = pygame.Rect(first.left, first.top, first.width, last.bottom - first.top).inflate(
            px(56, size), px(56, size)
        )
        heading = self.title_rect.union(self.subtitle_rect).inflate(px(40, size), 0)
        heading.width = max(heading.width, self.subtitle_rect.width + 2 * px(110, size))
        heading.centerx = w // 2
        self.show.layout(
            size, [heading, self.panel_rect], self.app.settings.board_scheme, bottom_band=px(40, size)
        )
        if self.focus is not None:
            self.focus = min(self.focus, len(self.buttons) - 1)
            self.buttons[self.focus][0].select()

    def teardown(self) -> None:
        self.buttons = []

    # ------------------------------------------------------------ input
    def _unfinished_game(self) -> library.GameEntry | None:
        if "game" not in self.app.registry:
            return None
        return library.latest_unfinished(saves_dir())

    def activate(self, entry: ScreenEntry | None) -> None:
        if entry is None:
            self.app.request_quit()
        elif entry is CONTINUE:
            self.continue_game()
        else:
            self.app.screens.push(entry.name)

    def continue_game(self) -> None:
        """Resume the most recent unfinished game (checked move by move before it is shown)."""
        if self.continue_entry is None:
            return
        try:
            game = Game.load(self.continue_entry.path)
        except LaserChessError as exc:
            self.app.notify(f"That game cannot be resumed: {exc}", "error")
            return
        self.app.screens.push("game", game=game)

    def _move_focus(self, step: int) -> None:
        if not self.buttons:
            return
        if self.focus is not None:
            self.buttons[self.focus][0].unselect()
        self.focus = 0 if self.focus is None else (self.focus + step) % len(self.buttons)
        self.buttons[self.focus][0].select()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for button, entry in self.buttons:
                if event.ui_element is button:
                    self.activate(entry)
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key == pygame.K_UP:
                self._move_focus(-1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None:
                self.app.audio.play("click")
                self.activate(self.buttons[self.focus][1])
                return True
            if event.key == pygame.K_ESCAPE:
                return True  # the bottom of the stack: nothing to go back to
        return super().handle_event(event)

    # ------------------------------------------------------------ frame
    def resume(self) -> None:
        super().resume()
        # the board colours may have changed in Settings; a game may have been left unfinished
        latest = self._unfinished_game()
        changed = (latest and latest.path) != (self.continue_entry and self.continue_entry.path)
        if (self.show.scheme.name != self.app.settings.board_scheme or changed) and self.root is not None:
            self.resize(self.app.window_size)

    def update(self, dt: float) -> None:
        self.show.update(dt)

    frame_rate = 30  # a decoration: half the game's frame rate looks as smooth and costs half
    paints_window = True  # the show's floor covers the window

    @property
    def animating(self) -> bool:
        return self.show.next_change_in() == 0.0

    def next_frame_in(self) -> float | None:
        return self.show.next_change_in()

    def notice_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The footer band under the buttons (no home button here)."""
        band, margin = px(44, size), px(12, size)
        return pygame.Rect(margin, size[1] - band - px(6, size), size[0] - 2 * margin, band)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self.show.draw(surface)
        title, subtitle = _title_images(size)
        surface.blit(title, self.title_rect)
        surface.blit(subtitle, self.subtitle_rect)
        # ornament: thin gold rules either side of the subtitle
        y = self.subtitle_rect.centery
        span = px(70, size)
        for x0, x1 in (
            (self.subtitle_rect.left - px(16, size) - span, self.subtitle_rect.left - px(16, size)),
            (self.subtitle_rect.right + px(16, size), self.subtitle_rect.right + px(16, size) + span),
        ):
            pygame.draw.line(surface, SUBTITLE_RULE, (x0, y), (x1, y), max(1, px(2, size)))
        draw_glass_panel(surface, self.panel_rect, radius=px(20, size), alpha=185)
        f = font(max(12, px(14, size)))
        colour = HINT
        margin = px(18, size)
        left = f.render(self.version, True, colour)
        surface.blit(left, left.get_rect(bottomleft=(margin, size[1] - margin)))
        right = f.render("F11 full screen  \u00b7  arrow keys and Enter to choose", True, colour)
        surface.blit(right, right.get_rect(bottomright=(size[0] - margin, size[1] - margin)))
