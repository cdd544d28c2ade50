"""The board editor's panels drawn by the screen itself: the hint line under the title, the Check
list (wrapped, scrolled, a hovered check lights its squares), the notes under the position string
and the save row, and the icons over the icon buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UICheckBox

from gui.art.fonts import font, wrap_text
from gui.colours import (
    AMBER,
    DISABLED,
    ERROR_TINT,
    GREEN,
    HINT,
    INFO_BLUE,
    MUTED,
    NOTE_ERROR,
    NOTE_OK,
    NOTE_WARNING,
    RED,
    ROW_GLOW,
    SMALL_TEXT,
    TEXT,
    WARM_RED,
)
from gui.editor_model import Check
from gui.layout import px
from gui.screens.editor_layout import button_font_size, icon_size
from gui.screens.settings import tick_image
from gui.widgets.home_button import home_button_rect
from gui.widgets.icons import icon
from gui.widgets.palette import ERASER

if TYPE_CHECKING:
    from gui.screens.editor import EditorScreen

CHECK_COLOURS = {"error": RED, "warning": AMBER, "ok": GREEN, "laser": WARM_RED, "info": INFO_BLUE}
NOTE_COLOURS = {"error": NOTE_ERROR, "warning": NOTE_WARNING, "ok": NOTE_OK}
CHECK_ICONS = {"error": "error", "warning": "warning", "ok": "ok", "laser": "laser", "info": "info"}
ICON_DIM = DISABLED


class EditorPanels:
    """What one editor screen draws besides its board and widgets."""

    def __init__(self, screen: EditorScreen) -> None:
        self.screen = screen

    def draw_hint(self, surface: pygame.Surface, title: pygame.Rect) -> None:
        palette = self.screen.palette
        size = surface.get_size()
        tool = palette.hovered if palette.hovered is not None else palette.selected
        if tool > 0:
            text = f"{palette.describe(tool)}: click squares to place it, or drag it in; the wheel turns it"
        elif tool == ERASER:
            text = "Eraser: click or sweep over pieces to remove them"
        else:
            text = "Drag pieces to move them, off the board to remove them; right-click or wheel turns them"
        f = font(SMALL_TEXT.at(size))
        home = home_button_rect(size)
        room = home.left - px(18, size) - (title.right + px(20, size))
        if room < 80:
            return
        lines = wrap_text(f, text, room)[:2]
        line_h = f.get_linesize()
        top = home.centery - len(lines) * line_h // 2
        for i, line in enumerate(lines):
            img = f.render(line, True, HINT)
            surface.blit(img, img.get_rect(topright=(home.left - px(18, size), top + i * line_h)))

    def check_layout(self) -> list[tuple[Check, pygame.Rect, list[str]]]:
        screen = self.screen
        rect = screen.check_rect
        if rect.width <= 0 or rect.height <= 0:
            return []
        size = screen.app.window_size
        f = font(SMALL_TEXT.at(size))
        line_h = f.get_linesize()
        icon_size = max(12, int(line_h * 0.92))
        text_w = rect.width - icon_size - 10
        out: list[tuple[Any, pygame.Rect, list[str]]] = []
        y = rect.y
        shown = screen.checks[screen.check_scroll :]
        for i, check in enumerate(shown):
            lines = wrap_text(f, check.text, text_w)
            height = len(lines) * line_h
            remaining = len(shown) - i - 1
            need_more_line = remaining > 0
            if y + height + (line_h if need_more_line else 0) > rect.bottom and out:
                break
            out.append((check, pygame.Rect(rect.x, y, rect.width, height), lines))
            y += height + max(3, line_h // 4)
        return out

    def check_at(self, pos: tuple[int, int]) -> Check | None:
        screen = self.screen
        if not screen.check_rect.collidepoint(pos):
            return None
        for check, rect, _ in self.check_layout():
            if rect.collidepoint(pos):
                return check
        return None

    def draw_checks(self, surface: pygame.Surface) -> None:
        screen = self.screen
        size = surface.get_size()
        f = font(SMALL_TEXT.at(size))
        line_h = f.get_linesize()
        icon_size = max(12, int(line_h * 0.92))
        layout = self.check_layout()
        hovered = self.check_at(screen.mouse)
        for check, rect, lines in layout:
            colour = CHECK_COLOURS.get(check.kind, TEXT)
            if check is hovered and check.squares:
                glow = pygame.Surface(rect.inflate(8, 4).size, pygame.SRCALPHA)
                pygame.draw.rect(glow, ROW_GLOW, glow.get_rect(), border_radius=6)
                surface.blit(glow, rect.inflate(8, 4))
            img = icon(CHECK_ICONS.get(check.kind, "info"), icon_size, colour)
            surface.blit(img, (rect.x, rect.y + (line_h - icon_size) // 2))
            text_colour = ERROR_TINT if check.kind == "error" else TEXT
            for i, line in enumerate(lines):
                surface.blit(f.render(line, True, text_colour), (rect.x + icon_size + 8, rect.y + i * line_h))
        hidden_before = screen.check_scroll
        hidden_after = len(screen.checks) - screen.check_scroll - len(layout)
        if hidden_after > 0 or hidden_before > 0:
            parts = []
            if hidden_before:
                parts.append(f"{hidden_before} above")
            if hidden_after:
                parts.append(f"{hidden_after} more below")
            more = font(max(10, px(13, size)), bold=True).render(
                " \u00b7 ".join(parts) + " (scroll)", True, HINT
            )
            surface.blit(more, more.get_rect(bottomright=screen.check_rect.bottomright))

    def note_font(self) -> pygame.font.Font:
        screen = self.screen
        return font(SMALL_TEXT.at(screen.app.window_size))

    def draw_note(self, surface: pygame.Surface, key: str, rect: pygame.Rect) -> None:
        """A note under the position string or the save row: icon and words, wrapped to the
        lines there is room for (the last one cut with an ellipsis). The position string's place
        shows a hint when there is no note."""
        screen = self.screen
        if rect.width <= 0:
            return
        note = screen.notes.get(key)
        f = self.note_font()
        line_h = f.get_linesize()
        if note is None:
            if key != "fen":
                return
            kind, text, colour, left = (
                "",
                "Position string: edit it and press Enter, or paste one.",
                HINT,
                rect.x,
            )
        else:
            kind, text = note
            colour = NOTE_COLOURS.get(kind, MUTED)
            icon_size = max(10, int(line_h * 0.85))
            img = icon(CHECK_ICONS.get(kind, "info"), icon_size, CHECK_COLOURS.get(kind, MUTED))
            surface.blit(img, (rect.x, rect.y + (line_h - icon_size) // 2))
            left = rect.x + icon_size + 6
        lines = wrap_text(f, text, rect.right - left)
        room = max(1, rect.height // line_h)
        if len(lines) > room:
            lines = lines[:room]
            last = lines[-1]
            while last and f.size(last + "\u2026")[0] > rect.right - left:
                last = last[:-1]
            lines[-1] = last.rstrip() + "\u2026"
        for i, line in enumerate(lines):
            surface.blit(f.render(line, True, colour), (left, rect.y + i * line_h))

    def draw_icons(self, surface: pygame.Surface) -> None:
        """The icons over the icon buttons (crisp at every size), and the Show lasers tick."""
        screen = self.screen
        for button, name, colour, with_text in screen.icon_buttons:
            if not button.visible:
                continue
            rect = button.rect
            style_name = "menu" if button is screen.widgets.get("play") else "btn"
            tint = colour if button.is_enabled else ICON_DIM
            img = icon(name, icon_size(rect, style_name), tint)
            if with_text:
                f = font(button_font_size(screen.app.window_size, style_name), bold=True)
                total = f.size(button.text)[0]
                pad = f.size(button.text[: len(button.text) - len(button.text.lstrip(" "))])[0]
                left = rect.centerx - total // 2
                surface.blit(img, img.get_rect(midright=(left + pad - 4, rect.centery)))
            else:
                surface.blit(img, img.get_rect(center=rect.center))
        widget: Any = screen.widgets.get("beams")
        if isinstance(widget, UICheckBox) and widget.is_checked and widget.visible:
            tick = tick_image(min(widget.rect.size))
            surface.blit(tick, tick.get_rect(center=widget.rect.center))
