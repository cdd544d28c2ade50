"""A grid of board-colour swatches (custom drawn): each shows a corner of the board in that
scheme with a piece of each side; the chosen one has a gold frame and a tick."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.pieces import Kind
from gui.art.board import apply_texture, engraved_symbol
from gui.art.fonts import font
from gui.art.pieces import piece_surface
from gui.art.render import mix, scale_rgb
from gui.art.schemes import Scheme
from gui.colours import GOLD, SWATCH_LABEL, SWATCH_RING, TICK_INK, WHITE


@lru_cache(maxsize=32)
def swatch_image(scheme: Scheme, w: int, h: int) -> pygame.Surface:
    """A small board corner in ``scheme``: 4 x 2 squares in the frame, a reserved square, two pieces."""
    w, h = max(8, w), max(8, h)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, h // 8)
    pygame.draw.rect(surf, scheme.frame, surf.get_rect(), border_radius=radius)
    border = max(3, h // 9)
    inner = surf.get_rect().inflate(-2 * border, -2 * border)
    tiles = pygame.Surface(inner.size)
    cols, rows = 4, 2
    tw, th = inner.width / cols, inner.height / rows
    for r in range(rows):
        for c in range(cols):
            colour = scheme.light if (r + c) % 2 == 0 else scheme.dark
            rect = pygame.Rect(
                round(c * tw),
                round(r * th),
                round((c + 1) * tw) - round(c * tw),
                round((r + 1) * th) - round(r * th),
            )
            tiles.fill(colour, rect)
    apply_texture(tiles, tiles.get_rect(), seed=5)
    # the right-hand column: a square reserved for each side
    for r in range(rows):
        owner = r  # top: first side, bottom: second side
        rect = pygame.Rect(
            round(3 * tw), round(r * th), inner.width - round(3 * tw), round((r + 1) * th) - round(r * th)
        )
        tint = pygame.Surface(rect.size, pygame.SRCALPHA)
        tint.fill((*scheme.reserved(owner), 130))
        tiles.blit(tint, rect)
        symbol = engraved_symbol(owner, max(6, int(min(rect.size) * 0.55)), scheme.reserved(owner))
        tiles.blit(symbol, symbol.get_rect(center=rect.center))
    piece = max(6, int(min(tw, th) * 1.0))
    first = piece_surface(Kind.PYRAMID, 0, 1, piece, scheme)
    second = piece_surface(Kind.PYRAMID, 1, 3, piece, scheme)
    tiles.blit(first, first.get_rect(center=(tw * 0.5, th * 1.5)))
    tiles.blit(second, second.get_rect(center=(tw * 1.5, th * 0.5)))
    surf.blit(tiles, inner)
    pygame.draw.rect(surf, mix(scheme.frame, WHITE, 0.25), surf.get_rect(), 1, border_radius=radius)
    return surf


@lru_cache(maxsize=4)
def _glow(w: int, h: int) -> pygame.Surface:
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(glow, (*GOLD, 110), glow.get_rect().inflate(-4, -4), border_radius=10)
    return pygame.transform.gaussian_blur(glow, 4)


class SwatchGrid:
    """Clickable scheme swatches laid out in ``rect`` (screen coordinates)."""

    def __init__(self, rect: pygame.Rect, schemes: Sequence[Scheme], selected: str, label_size: int) -> None:
        self.rect = pygame.Rect(rect)
        self.schemes = list(schemes)
        self.selected = selected
        self.hovered: str | None = None
        self.label_font = font(label_size, bold=True)
        self.cells: list[tuple[Scheme, pygame.Rect]] = []
        self._layout()

    def _layout(self) -> None:
        """The column count that gives the biggest swatches fitting both width and height."""
        count = max(1, len(self.schemes))
        gap = max(8, self.rect.width // 36)
        label_h = self.label_font.get_linesize() + 4
        max_w = max(60, self.rect.width // 4)
        sizes = {}
        for cols in range(1, count + 1):
            rows = -(-count // cols)
            by_width = (self.rect.width - gap * (cols - 1)) / cols
            by_height = ((self.rect.height - gap * (rows - 1)) / rows - label_h) / 0.58
            sizes[cols] = int(min(by_width, by_height, max_w))
        biggest = max(sizes.values())
        # fewest rows whose swatches are still nearly as big as the biggest possible
        cols = next(c for c in range(count, 0, -1) if sizes[c] >= 0.7 * biggest and sizes[c] >= 64 or c == 1)
        if sizes[cols] < 0.7 * biggest:
            cols = max(sizes, key=lambda c: sizes[c])
        cell_w = max(24, sizes[cols])
        rows = -(-count // cols)
        cols = -(-count // rows)  # balance the rows (3 + 2 rather than 4 + 1)
        cell_h = max(14, int(cell_w * 0.58))
        left = self.rect.x + (self.rect.width - (cols * cell_w + (cols - 1) * gap)) // 2
        self.cells = []
        for i, scheme in enumerate(self.schemes):
            r, c = divmod(i, cols)
            x = left + c * (cell_w + gap)
            y = self.rect.y + r * (cell_h + label_h + gap)
            self.cells.append((scheme, pygame.Rect(x, y, cell_w, cell_h)))
        self.used_height = rows * (cell_h + label_h) + (rows - 1) * gap

    def scheme_at(self, pos: tuple[int, int]) -> str | None:
        label_h = self.label_font.get_linesize() + 4
        for scheme, rect in self.cells:
            if rect.union(rect.move(0, label_h)).collidepoint(pos):
                return scheme.name
        return None

    def handle_event(self, event: pygame.event.Event) -> str | None:
        """A left click on a swatch: the name of that scheme (also recorded as selected)."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.scheme_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            name = self.scheme_at(event.pos)
            if name is not None:
                self.selected = name
                return name
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for scheme, rect in self.cells:
            img = swatch_image(scheme, rect.width, rect.height)
            chosen = scheme.name == self.selected
            if chosen:
                surface.blit(_glow(rect.width + 16, rect.height + 16), rect.inflate(16, 16))
            surface.blit(img, rect)
            if chosen:
                pygame.draw.rect(surface, GOLD, rect.inflate(6, 6), 3, border_radius=max(4, rect.height // 7))
                badge_r = max(7, rect.height // 6)
                centre = (rect.right - badge_r // 2, rect.top + badge_r // 2)
                pygame.draw.circle(surface, scale_rgb(GOLD, 0.35), (centre[0], centre[1] + 1), badge_r + 1)
                pygame.draw.circle(surface, GOLD, centre, badge_r)
                k = badge_r / 7
                tick = [
                    (centre[0] - 3.5 * k, centre[1]),
                    (centre[0] - 1 * k, centre[1] + 2.8 * k),
                    (centre[0] + 3.8 * k, centre[1] - 2.8 * k),
                ]
                pygame.draw.lines(surface, TICK_INK, False, tick, max(2, round(1.8 * k)))
            elif scheme.name == self.hovered:
                pygame.draw.rect(
                    surface, SWATCH_RING, rect.inflate(4, 4), 2, border_radius=max(4, rect.height // 7)
                )
            colour = GOLD if chosen else SWATCH_LABEL
            label = self.label_font.render(scheme.label, True, colour)
            if label.get_width() > rect.width + 6:
                label = pygame.transform.smoothscale_by(label, (rect.width + 6) / label.get_width())
            surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
