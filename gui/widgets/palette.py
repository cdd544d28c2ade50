"""The board editor's piece palette: every piece kind of a variant in both colours, plus the
Select and Eraser tools, as clickable tiles (custom drawn).

A tool is an int: a piece code (what a click on the board puts there), :data:`SELECT` (click picks
a piece, drags move it) or :data:`ERASER`. Each piece tile keeps its own facing, which the mouse
wheel over the tile (or the screen's rotate buttons) turns; a small badge counts that piece on the
board.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.pieces import code_color, code_kind_color, code_orientation, make_code
from game.variants.base import Variant
from gui.art.fonts import font
from gui.art.pieces import piece_surface
from gui.art.render import mix
from gui.art.schemes import Scheme, get_scheme
from gui.colours import (
    BADGE_INK,
    BLACK,
    ERASER_BG,
    ERASER_CHOSEN_EDGE,
    ERASER_EDGE,
    ERASER_HOT,
    ERASER_HOT_EDGE,
    ERROR_TINT,
    GOLD,
    MUTED,
    RED,
    TEXT,
    TILE_BG,
    TILE_EDGE,
    TILE_HOT,
    TILE_HOT_EDGE,
    TILE_SHINE,
)
from gui.editor_model import kind_name
from gui.widgets.icons import icon

SELECT = 0
ERASER = -1


def default_orientation(kind: int, color: int) -> int:
    """How a fresh piece faces: toward the opponent (north for the first side, south for the second)."""
    return 0 if color == 0 else 2


@lru_cache(maxsize=16)
def same_piece(a: int, b: int) -> bool:
    """Are two tools the same piece (kind and colour), whichever way each faces?"""
    return a > 0 and b > 0 and code_kind_color(a) == code_kind_color(b)


def _tile_glow(w: int, h: int, colour: tuple[int, int, int]) -> pygame.Surface:
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(glow, (*colour, 120), glow.get_rect().inflate(-6, -6), border_radius=10)
    return pygame.transform.gaussian_blur(glow, 4)


class PiecePalette:
    """Tiles for every piece of ``variant`` (a column per side) and the two tools, in ``rect``."""

    def __init__(self, variant: Variant, scheme: str | Scheme | None = None) -> None:
        self.scheme = get_scheme(scheme)
        self.variant = variant
        self.selected = SELECT
        self.hovered: int | None = None
        self.counts: dict[tuple[int, int], int] = {}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tile = 48
        self._gap = 6
        self._head_h = 20
        self.used_height = 0
        self.tiles: list[tuple[int, pygame.Rect]] = []
        self.headers: list[tuple[str, pygame.Rect]] = []
        self.orientation: dict[tuple[int, int], int] = {}
        self.set_variant(variant)

    # ------------------------------------------------------------ state
    def set_variant(self, variant: Variant) -> None:
        self.variant = variant
        self.orientation = {
            (int(kind), color): default_orientation(int(kind), color)
            for kind in variant.kinds
            for color in (0, 1)
        }
        self.selected = SELECT
        self.hovered = None
        if self.rect.width:
            self.set_area(self.rect, self.tile)

    def code_for(self, kind: int, color: int) -> int:
        return make_code(kind, color, self.orientation.get((kind, color), default_orientation(kind, color)))

    def piece_tools(self) -> list[int]:
        return [t for t, _ in self.tiles if t > 0]

    def select(self, tool: int) -> None:
        """Make ``tool`` the active one (a piece code is matched by kind and colour)."""
        if tool > 0:
            kind, color = code_kind_color(tool)
            self.orientation[kind, color] = code_orientation(tool)
            tool = self.code_for(kind, color)
        self.selected = tool

    def rotate(self, tool: int, turns: int) -> int:
        """Turn the piece of a tile by quarter ``turns``; returns the tile's new tool code."""
        if tool <= 0:
            return tool
        kind, color = code_kind_color(tool)
        self.orientation[kind, color] = (self.orientation.get((kind, color), 0) + turns) % 4
        new = self.code_for(kind, color)
        if same_piece(self.selected, tool):
            self.selected = new
        self._retile()
        return new

    def describe(self, tool: int) -> str:
        if tool == ERASER:
            return "Eraser: click or drag over pieces to remove them"
        if tool == SELECT:
            return "Select: click a piece to pick it, drag to move it"
        kind, color = code_kind_color(tool)
        return f"{self.variant.side_names[color]} {kind_name(kind, self.variant)}"

    # ------------------------------------------------------------ layout
    def set_area(self, rect: pygame.Rect, tile: int) -> None:
        """Lay the tiles out from the top of ``rect``, at most ``tile`` pixels each."""
        self.rect = pygame.Rect(rect)
        rows = len(self.variant.kinds) + 1  # the piece rows and the tools row
        gap = max(4, tile // 9)
        head_h = self._head_font(tile).get_linesize() + 2
        by_width = (self.rect.width - gap) // 2
        by_height = (self.rect.height - head_h - gap * (rows + 1)) // rows
        self.tile = max(20, min(tile, by_width, by_height))
        self._gap = gap
        self._head_h = head_h
        self._retile()

    def _head_font(self, tile: int) -> pygame.font.Font:
        return font(max(11, int(tile * 0.24)), bold=True)

    def _retile(self) -> None:
        t, gap = self.tile, self._gap
        width = 2 * t + gap
        x0 = self.rect.x + (self.rect.width - width) // 2
        y = self.rect.y
        self.headers = []
        for color in (0, 1):
            self.headers.append(
                (self.variant.side_names[color], pygame.Rect(x0 + color * (t + gap), y, t, self._head_h))
            )
        y += self._head_h + gap // 2
        self.tiles = []
        for kind in self.variant.kinds:
            for color in (0, 1):
                rect = pygame.Rect(x0 + color * (t + gap), y, t, t)
                self.tiles.append((self.code_for(int(kind), color), rect))
            y += t + gap
        y += gap
        self.tiles.append((SELECT, pygame.Rect(x0, y, t, t)))
        self.tiles.append((ERASER, pygame.Rect(x0 + t + gap, y, t, t)))
        self.used_height = y + t - self.rect.y

    def tool_at(self, pos: tuple[int, int]) -> int | None:
        for tool, rect in self.tiles:
            if rect.collidepoint(pos):
                return tool
        return None

    def tile_rect(self, tool: int) -> pygame.Rect | None:
        """The tile of a tool (piece codes are matched by kind and colour, not facing)."""
        for t, rect in self.tiles:
            if t == tool or same_piece(t, tool):
                return rect
        return None

    @property
    def bounds(self) -> pygame.Rect:
        """The area the tiles cover (dropping a dragged piece here puts it away)."""
        if not self.tiles:
            return pygame.Rect(self.rect.topleft, (0, 0))
        out = self.tiles[0][1].unionall([r for _, r in self.tiles])
        return out.inflate(self._gap * 2, self._gap * 2)

    # ------------------------------------------------------------ input
    def handle_motion(self, pos: tuple[int, int]) -> None:
        self.hovered = self.tool_at(pos)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        t = self.tile
        head = self._head_font(t)
        for text, rect in self.headers:
            img = head.render(text, True, MUTED)
            room = rect.width + self._gap - 4  # a little space between the two names
            if img.get_width() > room:
                img = pygame.transform.smoothscale_by(img, room / img.get_width())
            surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.bottom)))
        radius = max(4, t // 7)
        badge_font = font(max(9, int(t * 0.22)), bold=True)
        for tool, rect in self.tiles:
            chosen = tool == self.selected or same_piece(tool, self.selected)
            hovered = tool == self.hovered or (self.hovered is not None and same_piece(tool, self.hovered))
            eraser = tool == ERASER
            accent = RED if eraser else GOLD
            if chosen:
                surface.blit(_tile_glow(rect.width + 14, rect.height + 14, accent), rect.inflate(14, 14))
            if eraser:
                bg = ERASER_HOT if hovered or chosen else ERASER_BG
                border = ERASER_CHOSEN_EDGE if chosen else (ERASER_HOT_EDGE if hovered else ERASER_EDGE)
            else:
                bg = TILE_HOT if hovered or chosen else TILE_BG
                border = accent if chosen else (TILE_HOT_EDGE if hovered else TILE_EDGE)
            pygame.draw.rect(surface, bg, rect, border_radius=radius)
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, TILE_SHINE, (0, 0, rect.width, rect.height // 2), border_radius=radius)
            surface.blit(shade, rect)
            pygame.draw.rect(surface, border, rect, 3 if chosen else 1, border_radius=radius)
            if tool > 0:
                img = piece_surface(
                    self.variant.pieces.kind(tool),
                    code_color(tool),
                    code_orientation(tool),
                    int(t * 0.9),
                    self.scheme,
                )
                surface.blit(img, img.get_rect(center=rect.center))
                count = self.counts.get(code_kind_color(tool), 0)
                if count:
                    label = badge_font.render(str(count), True, BADGE_INK)
                    box = label.get_rect().inflate(8, 0)
                    box.width = max(box.width, box.height)
                    box.bottomright = (rect.right + 3, rect.bottom + 3)
                    pygame.draw.rect(
                        surface, mix(GOLD, BLACK, 0.5), box.move(0, 1), border_radius=box.height // 2
                    )
                    pygame.draw.rect(surface, GOLD, box, border_radius=box.height // 2)
                    surface.blit(label, label.get_rect(center=box.center))
            else:
                name = "eraser" if eraser else "pointer"
                colour = ERROR_TINT if eraser else TEXT
                size = int(t * 0.5)
                img = icon(name, size, colour)
                caption = "Erase" if eraser else "Select"
                label_font = font(max(9, int(t * 0.2)), bold=True)
                label = label_font.render(caption, True, colour)
                if t >= 40 and label.get_width() <= t - 4:
                    total = size + label.get_height() - 2
                    top = rect.centery - total // 2
                    surface.blit(img, img.get_rect(midtop=(rect.centerx, top)))
                    surface.blit(label, label.get_rect(midtop=(rect.centerx, top + size - 2)))
                else:
                    surface.blit(img, img.get_rect(center=rect.center))


__all__ = ["ERASER", "SELECT", "PiecePalette", "default_orientation"]
