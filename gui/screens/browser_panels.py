"""The Past games screen's widgets and drawings: the toolbar (sort, filters, Import), the action bar,
the export / import path bar that takes its place, the file dialog, and what is drawn in the panel
(the game's details under the strip, the path bar's note, the empty strip's words, the count).

What they show comes from gui.models.past_games; gui/screens/browser.py places them and maps events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine
from pygame_gui.windows import UIFileDialog

from gui.art.fonts import font, wrap_text
from gui.colours import BODY_TEXT, BROWSER_HINT, DETAIL_TEXT, ERROR_NOTE, GOLD, LABEL_TEXT, MUTED, RULE, TEXT
from gui.layout import px, style, tier
from gui.library import GameEntry
from gui.models.past_games import ACTIONS, DROPS, PastGames, detail_rows
from gui.widgets.chrome import header_rect
from gui.widgets.form import BUTTON_TEXT_PAD, make_button
from gui.widgets.home_button import home_button_rect

DELETE_CONFIRM = "Really delete?"
SHORT_LABELS = {"Copy start position": "Copy start", "Copy final position": "Copy final"}
FORMAT_LABELS = {"text": "as Text", "json": "as JSON"}  # the export format button
PATH_BAR = ("path_label", "path", "format", "browse", "confirm", "cancel")


@dataclass(frozen=True)
class Row:
    """A row of controls across the window: its top, the window's margin, the gap and the height."""

    y: int
    margin: int
    gap: int
    height: int


def _font(size: tuple[int, int], bold: bool = False) -> pygame.font.Font:
    return font({"s": 14, "m": 16, "l": 20}[tier(size)], bold=bold)


def build_toolbar(ui, root: UIContainer, size: tuple[int, int], row: Row, games: PastGames) -> dict[str, Any]:
    """Sort and filters on the left, import on the right."""
    w, f = size[0], _font(size)
    widgets: dict[str, Any] = {}
    x = row.margin
    import_w = f.size("Import a game…")[0] + px(40, size)
    room = w - 2 * row.margin - import_w - row.gap
    for key, options, tip in DROPS:
        drop_w = min(max(f.size(t)[0] for t in options.values()) + px(64, size), (room - 2 * row.gap) // 3)
        drop = UIDropDownMenu(
            list(options.values()),
            options[games.choice(key)],
            pygame.Rect(x, row.y, drop_w, row.height),
            ui,
            container=root,
            object_id=style("drop", size),
        )
        drop.set_tooltip(tip)
        widgets[key] = drop
        x += drop_w + row.gap
    widgets["import"] = make_button(
        ui,
        root,
        size,
        pygame.Rect(w - row.margin - import_w, row.y, import_w, row.height),
        "Import a game…",
        tip="Add a game file (.json) to your past games; it is checked first",
    )
    return widgets


def build_actions(ui, root: UIContainer, size: tuple[int, int], row: Row) -> dict[str, UIButton]:
    """The action bar: Replay, Resume, Copy start/final, Export, Delete (short labels when narrow)."""
    w, bf = size[0], _font(size, bold=True)
    labels = [text for _, text, _ in ACTIONS]
    widths = [bf.size(text)[0] + px(34, size) for text in labels]
    widths[-1] = max(widths[-1], bf.size(DELETE_CONFIRM)[0] + px(30, size))
    if sum(widths) + row.gap * (len(ACTIONS) - 1) > w - 2 * row.margin:  # a small window: short labels
        labels = [SHORT_LABELS.get(text, text) for text in labels]
        widths = [bf.size(text)[0] + BUTTON_TEXT_PAD + 2 for text in labels]
        widths[-1] = max(widths[-1], bf.size(DELETE_CONFIRM)[0] + BUTTON_TEXT_PAD + 2)
    total = sum(widths) + row.gap * (len(ACTIONS) - 1)
    scale = min(1.0, (w - 2 * row.margin) / total)
    x = row.margin
    actions: dict[str, UIButton] = {}
    for (key, _, tip), text, bw in zip(ACTIONS, labels, widths, strict=True):
        bw = int(bw * scale)
        actions[key] = make_button(
            ui,
            root,
            size,
            pygame.Rect(x, row.y, bw, row.height),
            text,
            tip=tip,
            kind="danger" if key == "delete" else "btn",
        )
        x += bw + int(row.gap * scale)
    return actions


def build_path_bar(ui, root: UIContainer, size: tuple[int, int], row: Row, fmt: str) -> dict[str, Any]:
    """The path bar for export / import (in place of the actions while open)."""
    w, f, bf = size[0], _font(size), _font(size, bold=True)
    label_w = f.size("Import from")[0] + px(12, size)
    small_w = [bf.size(t)[0] + px(30, size) for t in ("Browse…", "Import", "Cancel")]
    format_w = max(bf.size(t)[0] for t in FORMAT_LABELS.values()) + px(30, size)
    entry_w = w - 2 * row.margin - label_w - sum(small_w) - format_w - 4 * row.gap
    x, y, h = row.margin, row.y, row.height
    widgets: dict[str, Any] = {}
    widgets["path_label"] = UILabel(
        pygame.Rect(x, y, label_w, h), "Export to", ui, container=root, object_id=style("label", size)
    )
    x += label_w
    widgets["path"] = UITextEntryLine(
        pygame.Rect(x, y, entry_w, h), ui, container=root, object_id=style("label", size)
    )
    x += entry_w + row.gap
    widgets["format"] = make_button(
        ui,
        root,
        size,
        pygame.Rect(x, y, format_w, h),
        FORMAT_LABELS[fmt],
        tip="Export as readable text (headers, moves, result) or as a JSON record "
        "(with each move's time); click to switch. A name ending .txt or .json chooses too.",
    )
    x += format_w + row.gap
    for key, text, bw in zip(
        ("browse", "confirm", "cancel"), ("Browse…", "Export", "Cancel"), small_w, strict=True
    ):
        widgets[key] = make_button(ui, root, size, pygame.Rect(x, y, bw, h), text)
        x += bw + row.gap
    return widgets


def show_path_bar(widgets: dict[str, Any], actions: dict[str, UIButton], mode: str | None) -> None:
    """The path bar's widgets shown for ``mode`` ("export" also shows the format button) in place of
    the action bar, or hidden (None) with the action bar back."""
    for key in PATH_BAR:
        widget = widgets.get(key)
        if widget is not None:
            shown = mode is not None and (key != "format" or mode == "export")
            widget.show() if shown else widget.hide()
    for button in actions.values():
        button.hide() if mode else button.show()
    if mode is not None:
        widgets["path_label"].set_text("Export to" if mode == "export" else "Import from")
        widgets["confirm"].set_text("Export" if mode == "export" else "Import")


def file_dialog(ui, window: tuple[int, int], mode: str | None, start: str) -> UIFileDialog:
    """The file chooser of Browse…: where to export, or a game file to import."""
    w, h = window
    rect = pygame.Rect(0, 0, min(w - 40, 620), min(h - 40, 480))
    rect.center = (w // 2, h // 2)
    return UIFileDialog(
        rect,
        ui,
        window_title="Choose where to export" if mode == "export" else "Choose a game file",
        initial_file_path=start,
        allow_existing_files_only=mode == "import",
        allowed_suffixes={".json", ".txt"} if mode == "import" else None,
    )


def draw_count(surface: pygame.Surface, text: str, title: pygame.Rect) -> None:
    """How many games there are, in the header left of the home button (if it fits after the title)."""
    size = surface.get_size()
    hint = font(max(11, px(15, size))).render(text, True, BROWSER_HINT)
    home = home_button_rect(size)
    rect = hint.get_rect(midright=(home.left - px(18, size), header_rect(size).centery))
    if rect.left > title.right + px(20, size):
        surface.blit(hint, rect)


def draw_bar_note(
    surface: pygame.Surface, note: tuple[str, str], panel_rect: pygame.Rect, details: pygame.Rect | None
) -> None:
    """What the open path bar is for, or why the last try failed (just above the bar; in the
    details' place under the strip when there are games)."""
    size = surface.get_size()
    kind, text = note
    f = font(BODY_TEXT.at(size), bold=kind == "error")
    colour = ERROR_NOTE if kind == "error" else DETAIL_TEXT
    pad = max(12, px(20, size))
    lines = wrap_text(f, text, panel_rect.w - 2 * pad)[:3]
    y = panel_rect.bottom - pad - len(lines) * f.get_linesize()
    if details is not None:
        top = details.top
        pygame.draw.line(surface, RULE, (details.x, top), (details.right, top), 1)
        y = min(y, top + max(8, px(12, size)))
    for line in lines:
        surface.blit(f.render(line, True, colour), (panel_rect.x + pad, y))
        y += f.get_linesize()


def draw_details(surface: pygame.Surface, rect: pygame.Rect, entry: GameEntry | None) -> None:
    """More about the selected game under the strip: position strings, file, rules."""
    size = surface.get_size()
    fs = LABEL_TEXT.at(size)
    f, bold = font(fs), font(fs, bold=True)
    line = f.get_linesize() + 1
    if entry is None or rect.h < line * 2:
        return
    pygame.draw.line(surface, RULE, (rect.x, rect.y), (rect.right, rect.y), 1)
    rows = detail_rows(entry)
    label_w = max(bold.size(label)[0] for label, _ in rows) + px(18, size)
    y = rect.y + max(5, px(8, size))
    for label, value in rows:
        if y + line > rect.bottom:
            break
        surface.blit(bold.render(label, True, GOLD), (rect.x, y))
        width = rect.w - label_w
        text = value
        if f.size(text)[0] > width:
            while len(text) > 1 and f.size(text + "…")[0] > width:
                text = text[:-1]
            text += "…"
        surface.blit(f.render(text, True, DETAIL_TEXT), (rect.x + label_w, y))
        y += line


def draw_empty(surface: pygame.Surface, rect: pygame.Rect, lines: tuple[str, str]) -> None:
    """The empty strip's two lines, centred in the panel ``rect``."""
    size = surface.get_size()
    big = font(max(16, px(24, size)), bold=True).render(lines[0], True, TEXT)
    small = font(BODY_TEXT.at(size)).render(lines[1], True, MUTED)
    cy = rect.centery
    surface.blit(big, big.get_rect(midbottom=(rect.centerx, cy - 4)))
    surface.blit(small, small.get_rect(midtop=(rect.centerx, cy + 8)))
