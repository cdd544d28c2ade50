"""The Rules screen: one page per rule set, one section at a time, each with a small board that waits
for the player to make the move the section teaches (H for a hint, Show me plays it), then plays
it with its beam. Reached from the main menu, the New game screen, and by clicking the game's
status line (which opens the section its message is about).

Keyboard: Up/Down choose a section, Left/Right the rule set, H a hint, Space again, Esc goes back;
on the board, Q/E/U turn the picked piece. In a small window the rule sets and the sections are two
drop-down lists, so the board keeps the room it needs.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.variants import VARIANTS, get_variant
from gui.art.fonts import font, wrap_text
from gui.art.pieces import piece_surface
from gui.colours import BODY_TEXT, GOLD, HEADING, LARGE_TEXT, PAGE_TEXT, SCROLL_THUMB, SCROLL_TRACK
from gui.layout import px, style
from gui.rules_facts import distinct_kinds
from gui.rules_pages import Section, page
from gui.screen import Screen
from gui.settings import LASER_SQUARES_PER_SECOND
from gui.widgets.board_view import BoardView
from gui.widgets.chrome import draw_background, draw_title, header_rect, panel
from gui.widgets.form import button_text_width, make_button, row_rects
from gui.widgets.piece_card import card_rect, draw_piece_card
from gui.widgets.rules_demo import DemoState, RulesDemo

COMPACT_BELOW = (960, 620)  # a window narrower or lower than this gets the compact layout


class RulesScreen(Screen):
    name = "rules"
    title = "Rules"

    def __init__(self, app, variant: str | None = None, topic: str | None = None, **kw) -> None:
        super().__init__(app, **kw)
        self.variant_name = variant if variant in VARIANTS else next(iter(VARIANTS))
        self.sections: tuple[Section, ...] = page(self.variant_name)
        keys = [s.key for s in self.sections]
        self.index = keys.index(topic) if topic in keys else 0
        self.view = BoardView(get_variant(self.variant_name), app.settings.board_scheme)
        self.view.laser_speed = LASER_SQUARES_PER_SECOND.get(app.settings.laser_speed) or 14.0
        self.demo = RulesDemo(self.view)
        self.tabs: dict[str, UIButton] = {}
        self.section_buttons: list[UIButton] = []
        self.buttons: dict[str, UIButton] = {}
        self.drops: dict[str, UIDropDownMenu] = {}
        self.compact = False
        self.lessons_button: UIButton | None = None  # this rule set's course (the Lessons screen)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.pieces_rect = pygame.Rect(0, 0, 0, 0)
        self.text_scroll = 0  # lines of the section's text scrolled past (a long text in a small window)
        self.hovered_kind: int | None = None  # a piece of the Pieces section under the pointer
        self.demo.start(self.section.demo, get_variant(self.variant_name))

    @property
    def section(self) -> Section:
        return self.sections[self.index]

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        w, h = size
        head = header_rect(size)
        margin = max(10, px(28, size))
        gap = max(6, px(12, size))
        row_h = max(28, px(40, size))
        self.compact = w < COMPACT_BELOW[0] or h < COMPACT_BELOW[1]
        self.tabs, self.section_buttons, self.buttons, self.drops = {}, [], {}, {}
        top = head.bottom + px(10, size)
        if self.compact:
            top = self._build_drops(root, size, top, margin, gap, row_h)
        else:
            top = self._build_tabs(root, size, top, margin, row_h)
        self.panel_rect = pygame.Rect(margin, top + gap, w - 2 * margin, h - margin - top - gap)
        pad = max(8, px(18, size))
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        right = inner
        if not self.compact:
            list_w = min(
                max(button_text_width(self.app.ui, size, s.title) for s in self.sections) + 8,
                inner.w * 2 // 5,
            )
            step = min(row_h + 4, inner.height // max(1, len(self.sections)))
            for i, section in enumerate(self.sections):
                rect = pygame.Rect(inner.x, inner.y + i * step, list_w, step - 4)
                button = make_button(self.app.ui, root, size, rect, section.title, kind="segment")
                if i == self.index:
                    button.select()
                self.section_buttons.append(button)
            right = pygame.Rect(
                inner.x + list_w + gap * 2, inner.y, inner.right - inner.x - list_w - gap * 2, inner.h
            )
        self._lay_out_page(root, size, right, gap, row_h)

    def _build_tabs(self, root: UIContainer, size: tuple[int, int], top: int, margin: int, row_h: int) -> int:
        """A row (or rows) of rule-set tabs, each row filled edge to edge; returns the bottom."""
        ui, w = self.app.ui, size[0]
        titles = [get_variant(n).title for n in VARIANTS]
        needs = [button_text_width(ui, size, t, "segment") for t in titles]
        rows: list[list[int]] = [[]]
        for i, need in enumerate(needs):
            row = rows[-1]
            if row and sum(needs[j] + 24 for j in row) + need + 24 > w - 2 * margin:
                rows.append(row := [])
            row.append(i)
        rects: list[pygame.Rect] = []
        for r, row in enumerate(rows):
            tab_w = min(w - 2 * margin, sum(needs[j] + 24 for j in row))
            rects += row_rects([needs[j] for j in row], margin, top + r * (row_h + 4), tab_w, row_h, 4)
        for name, text, rect in zip(VARIANTS, titles, rects, strict=True):
            button = make_button(ui, root, size, rect, text, kind="segment")
            if name == self.variant_name:
                button.select()
            self.tabs[name] = button
        return top + len(rows) * (row_h + 4) - 4

    def _build_drops(
        self, root: UIContainer, size: tuple[int, int], top: int, margin: int, gap: int, row_h: int
    ) -> int:
        """Two drop-down lists side by side: the rule set and the section; returns the bottom."""
        width = (size[0] - 2 * margin - gap) // 2
        choices: tuple[tuple[str, list[str | tuple[str, str]], str], ...] = (
            ("variant", [get_variant(n).title for n in VARIANTS], get_variant(self.variant_name).title),
            ("section", [s.title for s in self.sections], self.section.title),
        )
        for i, (key, options, current) in enumerate(choices):
            rect = pygame.Rect(margin + i * (width + gap), top, width, row_h)
            self.drops[key] = UIDropDownMenu(
                options, current, rect, self.app.ui, container=root, object_id=style("drop", size)
            )
        return top + row_h

    def _lay_out_page(
        self, root: UIContainer, size: tuple[int, int], right: pygame.Rect, gap: int, row_h: int
    ) -> None:
        """The section's title and text beside (or above) its board, the caption and the buttons."""
        self.title_rect = pygame.Rect(right.x, right.y, right.width, max(22, px(34, size)))
        caption_h = max(18, px(26, size)) * 2
        buttons_h = max(26, px(34, size))
        if right.width > right.height * 1.05:  # wide: the text beside the board
            text_w = int(right.width * (0.38 if self.compact else 0.42))
            self.text_rect = pygame.Rect(
                right.x, self.title_rect.bottom + 4, text_w, right.bottom - self.title_rect.bottom - 4
            )
            board_area = pygame.Rect(
                right.x + text_w + gap * 2, right.y, right.width - text_w - gap * 2, right.height
            )
        else:
            text_h = int(right.height * 0.3)
            self.text_rect = pygame.Rect(right.x, self.title_rect.bottom + 4, right.width, text_h)
            top = self.text_rect.bottom + gap
            board_area = pygame.Rect(right.x, top, right.width, right.bottom - top)
        # the rule set's course on the Lessons screen: a button under the text
        lessons_w = button_text_width(self.app.ui, size, "Lessons")
        lessons_h = max(26, px(34, size))
        self.text_rect.height -= lessons_h + gap
        self.lessons_button = make_button(
            self.app.ui,
            root,
            size,
            pygame.Rect(self.text_rect.x, self.text_rect.bottom + gap, lessons_w, lessons_h),
            "Lessons",
            tip="Learn this rule set step by step, on boards you play",
        )
        self.pieces_rect = board_area
        board = board_area.copy()
        board.height -= caption_h + buttons_h + gap
        self.view.set_area(board)
        self.caption_rect = pygame.Rect(board_area.x, self.view.rect.bottom + 2, board_area.width, caption_h)
        labels = (("hint", "Hint (H)"), ("show", "Show me"), ("again", "Again"))
        widths = [button_text_width(self.app.ui, size, text) for _, text in labels]
        x = board_area.centerx - (sum(widths) + gap * 2) // 2
        for (key, text), bw in zip(labels, widths, strict=True):
            rect = pygame.Rect(x, self.caption_rect.bottom + 2, bw, buttons_h)
            self.buttons[key] = make_button(self.app.ui, root, size, rect, text)
            x += bw + gap
        self._update_buttons()

    def teardown(self) -> None:
        self.tabs, self.section_buttons, self.buttons, self.drops = {}, [], {}, {}
        self.lessons_button = None

    def _update_buttons(self) -> None:
        has_board = self.section.demo is not None and self.section.key != "pieces"
        waiting = self.demo.state is DemoState.WAITING
        for key, button in self.buttons.items():
            shown = has_board and (waiting if key in ("hint", "show") else not waiting)
            button.show() if shown else button.hide()

    # ------------------------------------------------------------ state
    def choose_section(self, index: int) -> None:
        self.index = max(0, min(len(self.sections) - 1, index))
        for i, button in enumerate(self.section_buttons):
            button.select() if i == self.index else button.unselect()
        self.text_scroll = 0
        self.demo.start(self.section.demo, get_variant(self.variant_name))
        if self.drops:
            self.resize(self.app.window_size)  # a drop-down cannot change its choice in place
        else:
            self._update_buttons()

    def choose_variant(self, name: str) -> None:
        if name not in VARIANTS or name == self.variant_name:
            return
        key = self.section.key
        self.variant_name = name
        self.hovered_kind = None  # the piece card was of the other rule set's pieces
        self.sections = page(name)
        keys = [s.key for s in self.sections]
        self.index = keys.index(key) if key in keys else 0
        self.text_scroll = 0
        self.view.set_variant(get_variant(name))
        self.demo.start(self.section.demo, get_variant(name))
        self.resize(self.app.window_size)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._button(event.ui_element):
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.drops.get("variant"):
                titles = {get_variant(n).title: n for n in VARIANTS}
                self.choose_variant(titles.get(event.text, self.variant_name))
                return True
            if event.ui_element is self.drops.get("section"):
                sections = [s.title for s in self.sections]
                self.choose_section(sections.index(event.text) if event.text in sections else self.index)
                return True
        if self.section.key != "pieces" and self.demo.handle_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.text_rect.collidepoint(pygame.mouse.get_pos()):
            self._scroll_text(-int(event.y))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered_kind = self._kind_at(event.pos) if self.section.key == "pieces" else None
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return True
        return super().handle_event(event)

    def _button(self, element: object) -> bool:
        if element is self.lessons_button and "lessons" in self.app.registry:
            self.app.screens.push("lessons", variant=self.variant_name)
            return True
        for name, button in self.tabs.items():
            if element is button:
                self.choose_variant(name)
                return True
        for i, button in enumerate(self.section_buttons):
            if element is button:
                self.choose_section(i)
                return True
        actions = {"hint": self.demo.show_hint, "show": self.demo.show_me, "again": self.demo.again}
        for key, action in actions.items():
            if element is self.buttons.get(key):
                action()
                self._update_buttons()
                return True
        return False

    def _key(self, key: int) -> bool:
        names = list(VARIANTS)
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.choose_section(self.index + (1 if key == pygame.K_DOWN else -1))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = names.index(self.variant_name) + (1 if key == pygame.K_RIGHT else -1)
            self.choose_variant(names[i % len(names)])
        elif key == pygame.K_h:
            self.demo.show_hint()
        elif key == pygame.K_SPACE and self.demo.state is not DemoState.WAITING:
            self.demo.again()
            self._update_buttons()
        else:
            return False
        return True

    # ------------------------------------------------------------ frame
    @property
    def animating(self) -> bool:
        return self.view.effects_running

    def update(self, dt: float) -> None:
        state = self.demo.state
        self.demo.update(dt)
        if self.demo.state is not state:
            self._update_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_background(surface, self.app.settings.board_scheme)
        draw_title(surface, f"Rules · {get_variant(self.variant_name).title}")
        panel(surface, self.panel_rect)
        section = self.section
        title = font(max(16, px(26, size)), bold=True).render(section.title, True, HEADING)
        surface.blit(title, self.title_rect.topleft)
        self._draw_text(surface)
        if section.key == "pieces":
            self._draw_pieces(surface)
            return
        if section.demo is None:
            return
        self.view.draw(surface)
        f = font(BODY_TEXT.at(size), bold=True)
        lines = wrap_text(f, self.demo.hint, self.caption_rect.width, 2)
        y = self.caption_rect.y
        for line in lines:
            img = f.render(line, True, GOLD)
            surface.blit(img, img.get_rect(midtop=(self.caption_rect.centerx, y)))
            y += f.get_linesize()

    def _text_layout(self, size: tuple[int, int]) -> tuple[pygame.font.Font, list[str], int]:
        """The section's words whole: the largest font (down to 11 px) that fits the text box,
        its lines, and how many lines show at once (the wheel scrolls the rest)."""
        box = self.text_rect
        for s in range(LARGE_TEXT.at(size), 10, -1):
            f = font(s)
            lines = wrap_text(f, self.section.text, box.width - 8, 400)
            if len(lines) * f.get_linesize() <= box.height:
                break
        return f, lines, max(1, box.height // f.get_linesize())

    def _scroll_text(self, lines: int) -> None:
        _, text, rows = self._text_layout(self.app.window_size)
        self.text_scroll = max(0, min(self.text_scroll + lines, len(text) - rows))

    def _draw_text(self, surface: pygame.Surface) -> None:
        box = self.text_rect
        f, lines, rows = self._text_layout(surface.get_size())
        top = min(self.text_scroll, max(0, len(lines) - rows))
        for i, line in enumerate(lines[top : top + rows]):
            surface.blit(f.render(line, True, PAGE_TEXT), (box.x, box.y + i * f.get_linesize()))
        if len(lines) > rows:  # a scroll bar says there is more
            track = pygame.Rect(box.right - 4, box.y, 4, box.height)
            pygame.draw.rect(surface, SCROLL_TRACK, track, border_radius=2)
            thumb_h = max(12, box.height * rows // len(lines))
            thumb_y = box.y + (box.height - thumb_h) * top // max(1, len(lines) - rows)
            pygame.draw.rect(surface, SCROLL_THUMB, (track.x, thumb_y, 4, thumb_h), border_radius=2)

    def _piece_cells(self) -> list[tuple[int, pygame.Rect]]:
        """Each kind of the rule set and its cell in the Pieces section."""
        variant = get_variant(self.variant_name)
        kinds = distinct_kinds(variant)
        area = self.pieces_rect
        cols = max(
            1, min(len(kinds), (len(kinds) + 1) // 2 if area.width < area.height * 1.6 else len(kinds))
        )
        rows = -(-len(kinds) // cols)
        cell = max(24, min(area.width // cols, area.height // (rows * 2)))
        x0 = area.x + (area.width - cell * cols) // 2
        return [
            (
                kind.number,
                pygame.Rect(x0 + (i % cols) * cell, area.y + (i // cols) * cell * 2, cell, cell * 2),
            )
            for i, kind in enumerate(kinds)
        ]

    def _kind_at(self, pos: tuple[int, int]) -> int | None:
        return next((number for number, rect in self._piece_cells() if rect.collidepoint(pos)), None)

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        """Each kind in both colours with its name; the card of the one under the pointer."""
        variant = get_variant(self.variant_name)
        scheme = self.app.settings.board_scheme
        for number, rect in self._piece_cells():
            kind = variant.pieces.by_number[number]
            cell = rect.width
            for color in (0, 1):
                img = piece_surface(kind, color, 0, int(cell * 0.8), scheme)
                surface.blit(
                    img, img.get_rect(center=(rect.centerx, rect.y + cell // 2 + int(color * cell * 0.8)))
                )
            f = font(max(10, min(px(16, surface.get_size()), cell // 5)), bold=True)
            name = f.render(kind.name, True, PAGE_TEXT)
            surface.blit(name, name.get_rect(midtop=(rect.centerx, rect.y + int(cell * 1.7))))
        if self.hovered_kind is not None:
            cells = dict(self._piece_cells())
            code = variant.pieces.code_of(self.hovered_kind, 0, 0)
            area = self.panel_rect.inflate(-8, -8)
            draw_piece_card(
                surface, card_rect(area, cells[self.hovered_kind]), variant, code, self.view.scheme
            )
