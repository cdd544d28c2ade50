"""The board editor's layout: three columns in a glass panel — the palette and the Rotate buttons,
the board with the position string under it, and the controls (rule set, side to move, setups,
mirror, undo), the Check list, saving and "Play from here".

:func:`build_editor` makes the widgets for a window size into the screen's ``widgets``,
``segments`` and ``icon_buttons`` and sets the rectangles the screen draws in; the screen reacts
to the widgets. The proportions are named below.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine

from game.variants import VARIANTS
from gui.art.fonts import font
from gui.colours import DELETE_ICON, EMPTY_ICON, GOLD, NOTE_OK, SMALL_TEXT, TEXT
from gui.layout import px, style, tier
from gui.setups import list_setups
from gui.widgets.form import FormRows, make_button
from gui.widgets.home_button import home_button_rect
from gui.widgets.toast import ERROR

if TYPE_CHECKING:
    from gui.screens.editor import EditorScreen

FEN_LIMIT = 400  # characters of a position string
NAME_LIMIT = 60  # characters of a setup's name
SAVED_SUFFIX = " (saved)"  # how the New game screen marks saved setups too
NO_SETUP = ("Choose\u2026", "")
# the right-hand column's height in rows: 6 rows of controls, 3 headings (0.9 each), the check
# list (4.2), the save row and its note (1.3) and Play (0.7)
RIGHT_ROWS = 6 + 3 * 0.9 + 4.2 + 1.3 + 0.7
ROW_MAX = 40  # px of a row at 1280 x 720 (26 px at least)
HEADING_SHARE = 0.9  # a heading's height in rows
CONTROL_SHARE = 0.84  # a control's height in its row
RIGHT_SHARE = 0.31  # the right column's share of the panel's width (262-400 px; 192 in a small window)
LABEL_SHARE = 0.3  # the labels' share of the right column
TILE_MAX = 62  # px of a palette tile at 1280 x 720 (30 in a window under 720 px wide: the board first)
SEGMENT_GAP = 4  # px between two buttons of a row
PLAY_SHARE = 1.2  # the Play button's height in rows
CHECK_BOX_SHARE = 0.72  # the Show lasers box in a control's height


def button_font_size(size: tuple[int, int], style_name: str) -> int:
    """The font size of a button style (the theme's) at a window size."""
    sizes = {"menu": {"s": 19, "m": 24, "l": 30}}.get(style_name, {"s": 14, "m": 16, "l": 20})
    return sizes[tier(size)]


def icon_size(rect: pygame.Rect, style_name: str) -> int:
    """The icon drawn on a button of ``rect``."""
    return max(12, int(rect.height * (0.5 if style_name == "menu" else 0.62)))


@dataclass
class Grid:
    """The columns and row sizes of one window size."""

    left: pygame.Rect
    centre: pygame.Rect
    right: pygame.Rect
    row_h: int
    head_h: int
    ctrl_h: int
    small_gap: int
    tile: int
    small: bool


def build_editor(screen: EditorScreen, root: UIContainer, size: tuple[int, int]) -> None:
    """Every widget of the editor for a window of ``size`` (see the module docstring)."""
    screen.sections, screen.widgets, screen.icon_buttons, screen.segments = [], {}, [], {}
    layout = EditorLayout(screen, root, size, _grid(screen, size))
    layout.palette_column()
    layout.position_row()
    y = layout.position_controls()
    layout.checks_and_saving(y)
    screen.sync_widgets()


def _grid(screen: EditorScreen, size: tuple[int, int]) -> Grid:
    w, h = size
    small = tier(size) == "s"  # a small window: tight margins and columns, so the board keeps its size
    margin = 8 if small else max(14, px(28, size))
    home = home_button_rect(size)
    screen.panel = pygame.Rect(margin, home.bottom + px(14, size), w - 2 * margin, 0)
    screen.panel.height = h - screen.panel.top - margin
    pad = 8 if small else max(12, px(24, size))
    gap = 8 if small else max(14, px(28, size))
    inner = screen.panel.inflate(-2 * pad, -2 * pad)
    row_h = int(max(26, min(px(ROW_MAX, size), inner.height / RIGHT_ROWS)))
    head_h = int(row_h * HEADING_SHARE)
    ctrl_h = max(24, int(row_h * CONTROL_SHARE))
    small_gap = max(4, px(8, size))
    right_w = 192 if small else max(262, min(px(400, size), int(inner.width * RIGHT_SHARE)))
    rows = max(6, len(screen.variant.kinds) + 1)  # palette rows: one per kind (at least Khet's five) + tools
    tools_block = head_h + row_h + small_gap
    side_label = font(max(11, int(px(60, size) * 0.24)), bold=True).get_linesize() + 2
    by_height = (inner.height - head_h - tools_block - side_label - small_gap * (rows + 2)) // rows
    tile = max(26, min(30 if w < 720 else px(TILE_MAX, size), by_height))
    left_w = max(2 * tile + max(4, tile // 9), font(px(18, size), bold=True).size("Pieces")[0] + 6)
    left = pygame.Rect(inner.x, inner.y, left_w, inner.height)
    right = pygame.Rect(inner.right - right_w, inner.y, right_w, inner.height)
    centre = pygame.Rect(left.right + gap, inner.y, right.left - gap - left.right - gap, inner.height)
    screen.columns = (left, centre, right)
    return Grid(left, centre, right, row_h, head_h, ctrl_h, small_gap, tile, small)


class EditorLayout:
    """The widgets of one build (see :func:`build_editor`)."""

    def __init__(self, screen: EditorScreen, root: UIContainer, size: tuple[int, int], grid: Grid) -> None:
        self.screen, self.root, self.size, self.g = screen, root, size, grid
        self.ui = screen.app.ui
        self.note_h = 2 * font(SMALL_TEXT.at(size)).get_linesize() + 2  # two lines of a note
        self.icon_w = grid.ctrl_h if grid.small else max(grid.ctrl_h, int(grid.ctrl_h * 1.25))

    def heading(self, text: str, column: pygame.Rect, top: int) -> pygame.Rect:
        rect = pygame.Rect(column.x, top, column.width, self.g.head_h)
        UILabel(rect, text, self.ui, container=self.root, object_id=style("heading", self.size))
        self.screen.sections.append(rect)
        return rect

    def icon_button(
        self,
        name: str,
        rect: pygame.Rect,
        tip: str,
        *,
        text: str = "",
        colour: tuple[int, int, int] = TEXT,
        style_name: str = "btn",
    ) -> UIButton:
        """A button showing an icon (drawn over it by the panels), with an optional word beside it."""
        label = ""
        if text:
            f = font(button_font_size(self.size, style_name), bold=True)
            spaces = 1
            while f.size(" " * spaces)[0] < icon_size(rect, style_name) + 6:
                spaces += 1
            label = " " * spaces + text
        button = make_button(self.ui, self.root, self.size, rect, label, tip=tip, kind=style_name)
        self.screen.icon_buttons.append((button, name, colour, bool(text)))
        return button

    # ------------------------------------------------------------ left: the palette
    def palette_column(self) -> None:
        g, screen = self.g, self.screen
        left = g.left
        y = self.heading("Pieces", left, left.y).bottom + g.small_gap // 2
        tools_block = g.head_h + g.row_h + g.small_gap
        area = pygame.Rect(left.x, y, left.width, left.bottom - tools_block - y - g.small_gap)
        screen.palette.set_area(area, g.tile)
        # the Rotate buttons right under the tiles (or at the bottom, if the tiles reach it)
        ry = min(left.bottom - g.row_h, area.y + screen.palette.used_height + 2 * g.small_gap + g.head_h)
        self.heading("Rotate", left, ry - g.head_h - g.small_gap // 2)
        half = (left.width - g.small_gap) // 2
        ccw = pygame.Rect(left.x, ry, half, g.ctrl_h)
        self.icon_button("rotate_ccw", ccw, "Turn counter-clockwise (Q or \u2190)")
        cw = pygame.Rect(left.right - half, ry, half, g.ctrl_h)
        self.icon_button("rotate_cw", cw, "Turn clockwise (E, \u2192 or right-click)")

    # ------------------------------------------------------------ centre: board and position string
    def position_row(self) -> None:
        g, screen, w = self.g, self.screen, self.screen.widgets
        centre, gap, ctrl_h = g.centre, g.small_gap, g.ctrl_h
        fen_y = centre.bottom - self.note_h - ctrl_h - 4
        # the board takes what is left above; when the width limits it, the row moves up under it
        screen.view.set_area(pygame.Rect(centre.x, centre.y, centre.width, fen_y - gap - centre.y))
        screen.view.set_area(pygame.Rect(centre.x, centre.y, centre.width, screen.view.rect.height))
        fen_y = screen.view.rect.bottom + gap
        icon_w = self.icon_w
        apply_w = max(70, font(button_font_size(self.size, "btn"), bold=True).size("Apply")[0] + 28)
        narrow = centre.width - apply_w - 2 * icon_w - 3 * gap < centre.width * 0.45
        if narrow:
            apply_w = icon_w  # a tick instead of the word, so the box keeps some width
        entry_w = centre.width - apply_w - 2 * icon_w - 3 * gap
        entry = UITextEntryLine(
            pygame.Rect(centre.x, fen_y, entry_w, ctrl_h),
            self.ui,
            container=self.root,
            object_id=style("label", self.size),
        )
        entry.set_text_length_limit(FEN_LIMIT)
        entry.set_text(screen.fen)
        w["fen"] = entry
        x = centre.x + entry_w + gap
        tip = "Read the position string in the box (Enter does the same)"
        rect = pygame.Rect(x, fen_y, apply_w, ctrl_h)
        if narrow:
            w["apply"] = self.icon_button("ok", rect, tip, colour=NOTE_OK)
        else:
            w["apply"] = make_button(self.ui, self.root, self.size, rect, "Apply", tip=tip)
        x += apply_w + gap
        w["copy"] = self.icon_button(
            "copy", pygame.Rect(x, fen_y, icon_w, ctrl_h), "Copy the position string (Ctrl+C)"
        )
        x += icon_w + gap
        w["paste"] = self.icon_button(
            "paste", pygame.Rect(x, fen_y, icon_w, ctrl_h), "Paste a position string (Ctrl+V)"
        )
        screen.fen_note_rect = pygame.Rect(centre.x, fen_y + ctrl_h + 4, centre.width, self.note_h)

    # ------------------------------------------------------------ right: the controls
    def position_controls(self) -> int:
        """Rule set, side to move, Start from (with the bin), Mirror, Empty board / Undo / Redo."""
        g, screen, w = self.g, self.screen, self.screen.widgets
        right, row_h, ctrl_h = g.right, g.row_h, g.ctrl_h
        label_font = font({"s": 14, "m": 16, "l": 20}[tier(self.size)])
        start_label = "Setup" if g.small else "Start from"  # a narrow column: the shorter word
        widest = max(label_font.size(t)[0] for t in ("Rule set", "To move", start_label, "Mirror"))
        self.label_w = max(int(right.width * LABEL_SHARE), widest + (8 if g.small else 12))
        form = FormRows(self.ui, self.root, self.size, right, self.label_w, row_h, ctrl_h, label_gap=6)
        self.form = form
        y = right.y + g.head_h + g.small_gap // 2  # level with the first palette tile
        form.label("Rule set", y)
        options: list[str | tuple[str, str]] = [(v.title, v.name) for v in VARIANTS.values()]
        current = (screen.variant.title, screen.variant.name)
        w["variant"] = UIDropDownMenu(
            options, current, form.ctrl(y), self.ui, container=self.root, object_id=style("drop", self.size)
        )
        y += row_h
        form.label("To move", y)
        self.side_buttons(y, "segment")
        y += row_h
        form.label(start_label, y)
        trash_w = ctrl_h if g.small else max(ctrl_h, int(ctrl_h * 1.15))
        screen.setup_rect = form.ctrl(y, width=self.ctrl_w - trash_w - SEGMENT_GAP)
        build_setup_drop(screen, self.root, self.size)
        w["delete"] = self.icon_button(
            "trash",
            form.ctrl(y, right.right - trash_w, trash_w),
            screen.files.delete_tip(),
            colour=DELETE_ICON,
            style_name="danger",
        )
        y += row_h
        form.label("Mirror", y)
        self.side_buttons(y, "btn")
        y += row_h
        self.history_row(y)
        return y + row_h

    @property
    def ctrl_w(self) -> int:
        return self.g.right.width - self.label_w

    def side_buttons(self, y: int, kind: str) -> None:
        """Two buttons named after the sides: who moves first ("segment"), or Mirror ("btn")."""
        screen, names = self.screen, self.screen.variant.side_names
        seg_w = (self.ctrl_w - SEGMENT_GAP) // 2
        for color in (0, 1):
            rect = self.form.ctrl(y, self.g.right.x + self.label_w + color * (seg_w + SEGMENT_GAP), seg_w)
            if kind == "segment":
                tip = f"{names[color]} moves first from this position"
            else:
                other = names[1 - color]
                tip = f"Give {other} the 180\u00b0 image of {names[color]}'s pieces "
                tip += f"({other}'s own pieces are replaced)"
            button = make_button(self.ui, self.root, self.size, rect, names[color], tip=tip, kind=kind)
            if kind == "segment":
                screen.segments[color] = button
            else:
                screen.widgets[f"mirror{color}"] = button

    def history_row(self, y: int) -> None:
        g, w, right, icon_w = self.g, self.screen.widgets, self.g.right, self.icon_w
        btn_font = font(button_font_size(self.size, "btn"), bold=True)
        need = btn_font.size("Empty board")[0] + icon_size(pygame.Rect(0, 0, 1, g.ctrl_h), "btn") + 40
        seg_w = (self.ctrl_w - SEGMENT_GAP) // 2
        empty_w = min(right.width - 2 * (icon_w + SEGMENT_GAP) - SEGMENT_GAP, max(need, self.label_w + seg_w))
        w["empty"] = self.icon_button(
            "trash",
            self.form.ctrl(y, right.x, empty_w),
            "Remove every piece (Undo brings them back)",
            text="Empty board",
            colour=EMPTY_ICON,
            style_name="danger",
        )
        undo = self.form.ctrl(y, right.right - 2 * icon_w - SEGMENT_GAP, icon_w)
        w["undo"] = self.icon_button("undo", undo, "Undo (Ctrl+Z)")
        w["redo"] = self.icon_button("redo", self.form.ctrl(y, right.right - icon_w, icon_w), "Redo (Ctrl+Y)")

    def checks_and_saving(self, y: int) -> None:
        """Bottom up: Play, the save note, the save row, the Save heading; then the Check list."""
        g, screen, right = self.g, self.screen, self.g.right
        bottom = right.bottom
        if "config" in screen.app.registry:
            play_h = max(32, int(g.row_h * PLAY_SHARE))
            screen.widgets["play"] = self.icon_button(
                "play",
                pygame.Rect(right.x, bottom - play_h, right.width, play_h),
                "Open the New game screen with this position",
                text="Play from here",
                style_name="menu",
                colour=GOLD,
            )
            bottom -= play_h + g.small_gap
        screen.save_note_rect = pygame.Rect(right.x, bottom - self.note_h, right.width, self.note_h)
        name_y = self.save_row(screen.save_note_rect.top - 2 - g.row_h)
        save_head = self.heading("Save", right, name_y - g.head_h)
        check_head = self.heading("Check", right, y + g.small_gap // 2)
        toggle_font = font({"s": 14, "m": 16, "l": 20}[tier(self.size)])
        box = max(toggle_font.get_height(), int(g.ctrl_h * CHECK_BOX_SHARE))  # as tall as the label
        toggle_w = box + 10 + toggle_font.size("Show lasers")[0]
        screen.widgets["beams"] = UICheckBox(
            pygame.Rect(right.right - toggle_w, check_head.y + (check_head.height - box) // 2 - 2, box, box),
            "Show lasers",
            self.ui,
            container=self.root,
            initial_state=screen.show_beams,
            object_id=style("toggle", self.size),
            tool_tip_text="Draw where each side's laser would go now",
        )
        top = check_head.bottom + g.small_gap // 2
        screen.check_rect = pygame.Rect(
            right.x, top, right.width, save_head.top - g.small_gap - check_head.bottom
        )

    def save_row(self, save_y: int) -> int:
        """The setup's name and Save (Overwrite while armed); returns the name row's top."""
        g, screen, right = self.g, self.screen, self.g.right
        save_w = max(
            90, font({"s": 14, "m": 16, "l": 20}[tier(self.size)], bold=True).size("Overwrite")[0] + 56
        )
        name_y, name_w = save_y, right.width - save_w - SEGMENT_GAP
        if g.small:  # a narrow column: the name gets a row of its own, Save goes under it
            name_y, name_w = save_y - g.row_h, right.width
        entry = UITextEntryLine(
            self.form.ctrl(name_y, right.x, name_w),
            self.ui,
            container=self.root,
            object_id=style("label", self.size),
            placeholder_text="Setup name",
        )
        entry.set_text_length_limit(NAME_LIMIT)
        if screen.name_text:
            entry.set_text(screen.name_text)
        screen.widgets["name"] = entry
        screen.widgets["save"] = self.icon_button(
            "save",
            self.form.ctrl(save_y, right.right - save_w, save_w),
            "Save to saves/setups (Ctrl+S)",
            text="Overwrite" if screen.files.confirm_overwrite else "Save",
        )
        return name_y


def build_setup_drop(
    screen: EditorScreen, root: UIContainer | None = None, size: tuple[int, int] | None = None
) -> None:
    """The "Start from" list: the built-in setups and the saved ones (rebuilt when those change)."""
    root = root or screen.root
    size = size or screen.app.window_size
    old = screen.widgets.get("setup")
    if old is not None:
        old.kill()
    options: list[str | tuple[str, str]] = [NO_SETUP]
    options += [(name, f"builtin:{name}") for name in screen.variant.setups]
    saved, problems = list_setups(screen.variant.name)
    options += [(s.name + SAVED_SUFFIX, f"saved:{s.path.name}") for s in saved]
    for problem in problems[:2]:
        screen.app.notify(f"A saved setup could not be read: {problem}", ERROR)
    # Always shown as "Choose...": a drop-down does not report choosing its shown option again,
    # and loading the same setup twice (to start over) must work.
    limit = max(120, screen.panel.bottom - screen.setup_rect.bottom - 10)
    menu = UIDropDownMenu(
        options,
        NO_SETUP,
        screen.setup_rect,
        screen.app.ui,
        container=root,
        object_id=style("drop", size),
        expansion_height_limit=limit,
    )
    menu.set_tooltip("Load a built-in or saved setup (Undo takes it back)")
    screen.widgets["setup"] = menu
