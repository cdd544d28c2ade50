"""The replay's side panel below the move list: the media buttons, the autoplay speed, Flip and "Play
from here" (:class:`ReplayControls`), and the status box (:func:`fit_status`, :func:`draw_status`).

What the buttons do and say comes from gui.models.replay_model; this module places and draws them.
"""

from __future__ import annotations

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from gui.art.fonts import fit_text, font
from gui.colours import BODY_TEXT, DISABLED, GOLD, LABEL_TEXT, SMALL_TEXT, STATUS_BG, STATUS_EDGE, TEXT
from gui.layout import px
from gui.models.replay_model import NAV_KEYS, SPEEDS, Status
from gui.widgets.form import make_button

NAV_TIPS = {
    "first": "Start of the game (Home)",
    "prev": "Previous move (Left arrow)",
    "play": "Play the moves one after another (Space)",
    "next": "Next move, with its laser shot (Right arrow)",
    "last": "End of the game (End)",
}


class ReplayControls:
    """Three rows of buttons in the panel: the media buttons, Speed ½× 1× 2× 4×, Flip and Play from here."""

    def __init__(self) -> None:
        self.buttons: dict[str, UIButton] = {}
        self.speed_buttons: dict[str, UIButton] = {}
        self.speed_label = pygame.Rect(0, 0, 0, 0)

    def build(
        self,
        ui,
        root: UIContainer,
        size: tuple[int, int],
        area: pygame.Rect,
        row: tuple[int, int],
        speed: str,
    ) -> None:
        """Place the rows in ``area``; ``row`` is (row height, gap); ``speed`` is selected."""
        row_h, gap = row
        by = area.y
        self.buttons = {}
        nav_w = (area.width - 4 * gap) // 5
        for i, key in enumerate(NAV_KEYS):
            self.buttons[key] = make_button(
                ui,
                root,
                size,
                pygame.Rect(area.x + i * (nav_w + gap), by, nav_w, row_h),
                "",
                tip=NAV_TIPS[key],
            )
        by += row_h + gap
        label_w = font(LABEL_TEXT.at(size), bold=True).size("Speed")[0] + px(14, size)
        self.speed_label = pygame.Rect(area.x, by, label_w, row_h)
        seg_w = (area.width - label_w - 3 * gap) // 4
        self.speed_buttons = {}
        for i, label in enumerate(SPEEDS):
            button = make_button(
                ui,
                root,
                size,
                pygame.Rect(area.x + label_w + i * (seg_w + gap), by, seg_w, row_h),
                label,
                tip="How fast autoplay moves on",
                kind="segment",
            )
            if label == speed:
                button.select()
            self.speed_buttons[label] = button
        by += row_h + gap
        flip_w = (area.width - gap) * 2 // 5
        self.buttons["flip"] = make_button(
            ui, root, size, pygame.Rect(area.x, by, flip_w, row_h), "Flip", tip="Turn the board around (F)"
        )
        self.buttons["from_here"] = make_button(
            ui,
            root,
            size,
            pygame.Rect(area.x + flip_w + gap, by, area.width - flip_w - gap, row_h),
            "Play from here",
            tip="Start a new game from the position on the board",
        )

    def teardown(self) -> None:
        self.buttons = {}
        self.speed_buttons = {}

    def pressed(self, element) -> tuple[str, str] | None:
        """("speed", label) or ("button", key) for a pressed element of the panel, else None."""
        for label, button in self.speed_buttons.items():
            if element is button:
                return ("speed", label)
        key = next((k for k, b in self.buttons.items() if b is element), None)
        return ("button", key) if key is not None else None

    def select_speed(self, label: str) -> None:
        for name, button in self.speed_buttons.items():
            button.select() if name == label else button.unselect()

    def enable(self, states: dict[str, bool]) -> None:
        for key, enabled in states.items():
            button = self.buttons.get(key)
            if button is not None and button.is_enabled != enabled:
                button.enable() if enabled else button.disable()

    def draw(self, surface: pygame.Surface) -> None:
        """The "Speed" label before its buttons."""
        f = font(LABEL_TEXT.at(surface.get_size()), bold=True)
        label = f.render("Speed", True, GOLD)
        surface.blit(label, label.get_rect(midleft=(self.speed_label.x, self.speed_label.centery)))

    def draw_icons(self, surface: pygame.Surface, playing: bool) -> None:
        """The media buttons' glyphs (over the buttons: the overlay pass)."""
        for key, button in self.buttons.items():
            if key in NAV_KEYS and button.visible:
                colour = TEXT if button.is_enabled else DISABLED
                icon = "pause" if key == "play" and playing else key
                _draw_icon(surface, icon, button.rect, colour)


def fit_status(status: Status, rect: pygame.Rect, size: tuple[int, int]) -> Status:
    """``status`` as the box ``rect`` shows it at window ``size``: where the box is too narrow for the
    main line, the move goes to the second line, before the verdict."""
    where, _, move = status.main.partition(":  ")
    width = rect.inflate(-px(16, size), 0).w
    if move and font(BODY_TEXT.at(size), bold=True).size(status.main)[0] > width:
        return Status(where, f"{move}  \u00b7  {status.sub}", status.tone)
    return status


def draw_status(surface: pygame.Surface, rect: pygame.Rect, main: str, sub: str, colour) -> None:
    """The status box: the main line in bold, the second line in ``colour`` under it."""
    size = surface.get_size()
    pygame.draw.rect(surface, STATUS_BG, rect, border_radius=px(8, size))
    pygame.draw.rect(surface, STATUS_EDGE, rect, 1, border_radius=px(8, size))
    inner = rect.inflate(-px(16, size), -px(6, size))
    big = font(BODY_TEXT.at(size), bold=True)
    small = font(SMALL_TEXT.at(size))
    total = big.get_linesize() + small.get_linesize()
    y = rect.centery - total // 2
    surface.blit(big.render(fit_text(big, main, inner.w), True, TEXT), (inner.x, y))
    surface.blit(small.render(fit_text(small, sub, inner.w), True, colour), (inner.x, y + big.get_linesize()))


def _draw_icon(surface: pygame.Surface, icon: str, rect: pygame.Rect, colour) -> None:
    """Media-control glyphs drawn as shapes (crisp at every size, no font needed)."""
    s = max(6, min(rect.w, rect.h) * 0.36)
    cx, cy = rect.center

    def triangle(tip_x: float, direction: int) -> None:
        base = tip_x - direction * s * 0.9
        pygame.draw.polygon(surface, colour, [(tip_x, cy), (base, cy - s * 0.6), (base, cy + s * 0.6)])

    bar = max(2, int(s * 0.22))
    if icon in ("play", "pause"):
        pygame.draw.circle(surface, colour, (cx, cy), s * 1.05, max(2, int(s * 0.14)))
    if icon == "play":
        triangle(cx + s * 0.5, 1)
    elif icon == "pause":
        for dx in (-s * 0.26, s * 0.26):
            pygame.draw.rect(
                surface, colour, pygame.Rect(cx + dx - bar / 2 - 1, cy - s * 0.55, bar + 2, s * 1.1)
            )
    elif icon == "next":
        triangle(cx + s * 0.45, 1)
    elif icon == "prev":
        triangle(cx - s * 0.45, -1)
    elif icon == "last":
        triangle(cx + s * 0.3, 1)
        pygame.draw.rect(surface, colour, pygame.Rect(cx + s * 0.35, cy - s * 0.6, bar, s * 1.2))
    elif icon == "first":
        triangle(cx - s * 0.3, -1)
        pygame.draw.rect(surface, colour, pygame.Rect(cx - s * 0.35 - bar, cy - s * 0.6, bar, s * 1.2))
