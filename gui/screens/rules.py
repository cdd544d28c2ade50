"""The Rules screen: one page per rule set, one section at a time, each with a small board that
plays the rule over and over. Reached from the main menu, the New game screen, and by clicking the
game's status line (which opens the section its message is about).

Keyboard: Up/Down choose a section, Left/Right the rule set, Esc goes back.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game import Position
from game.variants import VARIANTS, get_variant
from gui.art.fonts import blit_wrapped, font
from gui.art.pieces import piece_surface
from gui.colours import BODY_TEXT, GOLD, HEADING, LARGE_TEXT, PAGE_TEXT
from gui.layout import px, style
from gui.notation import readable_move
from gui.rules_facts import distinct_kinds
from gui.rules_pages import Section, page
from gui.screen import Screen
from gui.settings import LASER_SQUARES_PER_SECOND
from gui.widgets.board_view import BoardView
from gui.widgets.chrome import draw_background, draw_title, header_rect, panel
from gui.widgets.form import button_text_width, row_rects
from gui.widgets.move_list import move_image

SHOW_START = 1.2  # seconds the start position stands before the move
HOLD_AFTER = 2.6  # seconds the result stands before the demo starts again


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
        self.clock = 0.0
        self.played = False
        self.tabs: dict[str, UIButton] = {}
        self.section_buttons: list[UIButton] = []
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.pieces_rect = pygame.Rect(0, 0, 0, 0)
        self._restart_demo()

    @property
    def section(self) -> Section:
        return self.sections[self.index]

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        ui = self.app.ui
        w, h = size
        head = header_rect(size)
        margin = max(10, px(28, size))
        gap = max(6, px(12, size))
        row_h = max(28, px(40, size))
        titles = [get_variant(n).title for n in VARIANTS]
        needs = [button_text_width(ui, size, t, "segment") for t in titles]
        self.tabs = {}
        top = head.bottom + px(10, size)
        # As many rows of tabs as the rule sets need at this width, each row filled edge to edge.
        rows: list[list[int]] = [[]]
        for i, need in enumerate(needs):
            row = rows[-1]
            if row and sum(needs[j] + 24 for j in row) + need + 24 > w - 2 * margin:
                rows.append(row := [])
            row.append(i)
        rects: list[pygame.Rect] = []
        for r, row in enumerate(rows):
            tab_w = min(w - 2 * margin, sum(needs[j] + 24 for j in row))
            y = top + r * (row_h + 4)
            rects += row_rects([needs[j] for j in row], margin, y, tab_w, row_h, 4)
        for name, text, rect in zip(VARIANTS, titles, rects, strict=True):
            button = UIButton(rect, text, ui, container=root, object_id=style("segment", size))
            if name == self.variant_name:
                button.select()
            self.tabs[name] = button
        top += (len(rows) - 1) * (row_h + 4)
        self.panel_rect = pygame.Rect(margin, top + row_h + gap, w - 2 * margin, 0)
        self.panel_rect.height = h - margin - self.panel_rect.top
        pad = max(8, px(18, size))
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        list_w = max(button_text_width(ui, size, s.title) for s in self.sections) + 8
        list_w = min(list_w, int(inner.width * 0.4))
        self.section_buttons = []
        step = min(row_h + 4, inner.height // max(1, len(self.sections)))
        for i, section in enumerate(self.sections):
            rect = pygame.Rect(inner.x, inner.y + i * step, list_w, step - 4)
            button = UIButton(rect, section.title, ui, container=root, object_id=style("segment", size))
            if i == self.index:
                button.select()
            self.section_buttons.append(button)
        right = pygame.Rect(
            inner.x + list_w + gap * 2, inner.y, inner.right - inner.x - list_w - gap * 2, inner.height
        )
        self.title_rect = pygame.Rect(right.x, right.y, right.width, max(22, px(34, size)))
        caption_h = max(18, px(26, size))
        if right.width > right.height * 1.3:  # wide: the text beside the board
            text_w = int(right.width * 0.42)
            self.text_rect = pygame.Rect(
                right.x, self.title_rect.bottom + 4, text_w, right.bottom - self.title_rect.bottom
            )
            board_area = pygame.Rect(
                right.x + text_w + gap * 2, right.y, right.width - text_w - gap * 2, right.height - caption_h
            )
        else:
            text_h = int(right.height * 0.34)
            self.text_rect = pygame.Rect(right.x, self.title_rect.bottom + 4, right.width, text_h)
            top = self.text_rect.bottom + gap
            board_area = pygame.Rect(right.x, top, right.width, right.bottom - top - caption_h)
        self.pieces_rect = board_area
        self.view.set_area(board_area)
        self.caption_rect = pygame.Rect(board_area.x, self.view.rect.bottom + 2, board_area.width, caption_h)

    def teardown(self) -> None:
        self.tabs, self.section_buttons = {}, []

    # ------------------------------------------------------------ state
    def _restart_demo(self) -> None:
        demo = self.section.demo
        self.clock = 0.0
        self.played = False
        variant = get_variant(self.variant_name)
        if demo is None:
            self.view.show_position([0] * variant.geometry.size)
            self.view.deco.marks = {}
            return
        pos = Position.from_fen(demo.fen, variant)
        self.view.show_position(pos.board)
        marks = {sq: "pin" for sq in variant.pinned_squares(pos)}
        marks.update({sq: "zombie" for sq in variant.zombie_squares(pos)})
        self.view.deco.marks = marks
        self.view.deco.selected = demo.move.from_square
        self.view.deco.last_move = ()

    def choose_section(self, index: int) -> None:
        self.index = max(0, min(len(self.sections) - 1, index))
        for i, button in enumerate(self.section_buttons):
            button.select() if i == self.index else button.unselect()
        self._restart_demo()

    def choose_variant(self, name: str) -> None:
        if name not in VARIANTS or name == self.variant_name:
            return
        key = self.section.key
        self.variant_name = name
        self.sections = page(name)
        keys = [s.key for s in self.sections]
        self.index = keys.index(key) if key in keys else 0
        self.view.set_variant(get_variant(name))
        self._restart_demo()
        self.resize(self.app.window_size)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.tabs.items():
                if event.ui_element is button:
                    self.choose_variant(name)
                    return True
            for i, button in enumerate(self.section_buttons):
                if event.ui_element is button:
                    self.choose_section(i)
                    return True
        if event.type == pygame.KEYDOWN:
            names = list(VARIANTS)
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.choose_section(self.index + (1 if event.key == pygame.K_DOWN else -1))
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                i = names.index(self.variant_name) + (1 if event.key == pygame.K_RIGHT else -1)
                self.choose_variant(names[i % len(names)])
                return True
        return super().handle_event(event)

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.view.update(dt)
        demo = self.section.demo
        if demo is None:
            return
        self.clock += dt
        if not self.played and self.clock >= SHOW_START:
            self.played = True
            pos = Position.from_fen(demo.fen, get_variant(self.variant_name))
            effects = pos.push(demo.move)
            self.view.deco.selected = None
            self.view.deco.last_move = tuple(
                s
                for s in (demo.move.from_square, demo.move.to_square, demo.move.then_square)
                if s is not None
            )
            self.view.show_effects(pos.board, effects)
        elif self.played and not self.view.busy and self.clock >= SHOW_START + HOLD_AFTER + 1.0:
            self._restart_demo()

    @property
    def animating(self) -> bool:
        return self.section.demo is not None

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_background(surface, self.app.settings.board_scheme)
        draw_title(surface, f"Rules · {get_variant(self.variant_name).title}")
        panel(surface, self.panel_rect)
        section = self.section
        title = font(max(16, px(26, size)), bold=True).render(section.title, True, HEADING)
        surface.blit(title, self.title_rect.topleft)
        f = font(LARGE_TEXT.at(size))
        lines = max(2, self.text_rect.height // f.get_linesize())
        blit_wrapped(surface, section.text, f, PAGE_TEXT, self.text_rect, max_lines=lines, centred=False)
        if section.key == "pieces":
            self._draw_pieces(surface)
            return
        if section.demo is None:
            return
        self.view.draw(surface)
        demo = section.demo
        pos = Position.from_fen(demo.fen, get_variant(self.variant_name))
        side = pos.variant.side_names[pos.turn]
        text = f"{side} plays {readable_move(pos, demo.move)}"
        cap = move_image(text, BODY_TEXT.at(size), True, GOLD)
        surface.blit(cap, cap.get_rect(midtop=(self.view.rect.centerx, self.caption_rect.y)))

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        """Each kind in both colours, faces drawn by the same art as the board, with its name."""
        variant = get_variant(self.variant_name)
        area = self.pieces_rect
        kinds = distinct_kinds(variant)
        n = len(kinds)
        cell = max(24, min(area.width // max(1, n), area.height // 2))
        f = font(max(11, min(px(18, surface.get_size()), cell // 5)), bold=True)
        x0 = area.x + (area.width - cell * n) // 2
        for i, kind in enumerate(kinds):
            x = x0 + i * cell
            for color in (0, 1):
                img = piece_surface(kind, color, 0, int(cell * 0.8), self.app.settings.board_scheme)
                surface.blit(
                    img, img.get_rect(center=(x + cell // 2, area.y + cell // 2 + color * cell * 0.85))
                )
            name = f.render(kind.name, True, PAGE_TEXT)
            surface.blit(name, name.get_rect(midtop=(x + cell // 2, area.y + int(cell * 1.8))))
