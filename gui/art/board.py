"""The board: textured stone squares in a bevelled frame, engraved symbols on reserved squares,
coordinates in the frame. :class:`BoardLayout` maps squares to pixels and back (also flipped).

Squares follow the rules package: ``sq = rank_index * files + file_index``, rank index 0 at the
bottom (the first side), so with ``flipped=False`` file a is on the left and rank 1 at the bottom.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

import pygame

from gui.art.fonts import font
from gui.art.render import Canvas, circle_points, clamp8, mix, scale_rgb, soft_blur
from gui.art.schemes import RGB, Scheme, get_scheme

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class BoardLayout:
    """Pixel geometry of a drawn board: ``margin`` is the frame width around the squares."""

    files: int
    ranks: int
    square: int
    margin: int
    flipped: bool = False

    @property
    def size(self) -> tuple[int, int]:
        return (self.files * self.square + 2 * self.margin, self.ranks * self.square + 2 * self.margin)

    @property
    def play_rect(self) -> pygame.Rect:
        return pygame.Rect(self.margin, self.margin, self.files * self.square, self.ranks * self.square)

    def cell(self, sq: int) -> tuple[int, int]:
        """Column and row on screen (row 0 at the top) of a square."""
        file_index, rank_index = sq % self.files, sq // self.files
        if self.flipped:
            return (self.files - 1 - file_index, rank_index)
        return (file_index, self.ranks - 1 - rank_index)

    def square_rect(self, sq: int) -> pygame.Rect:
        col, row = self.cell(sq)
        return pygame.Rect(
            self.margin + col * self.square, self.margin + row * self.square, self.square, self.square
        )

    def square_center(self, sq: int) -> tuple[float, float]:
        col, row = self.cell(sq)
        return (self.margin + (col + 0.5) * self.square, self.margin + (row + 0.5) * self.square)

    def square_at(self, pos: tuple[float, float]) -> int | None:
        """The square under a point given relative to the board's top-left corner, or None."""
        x = pos[0] - self.margin
        y = pos[1] - self.margin
        if x < 0 or y < 0 or self.square <= 0:
            return None
        col, row = int(x // self.square), int(y // self.square)
        if col >= self.files or row >= self.ranks:
            return None
        if self.flipped:
            return row * self.files + (self.files - 1 - col)
        return (self.ranks - 1 - row) * self.files + col


def margin_for(square: int) -> int:
    return max(10, round(square * 0.44))


def fit_layout(files: int, ranks: int, max_w: int, max_h: int, flipped: bool = False) -> BoardLayout:
    """The largest board (square size in whole pixels) that fits in max_w x max_h."""
    files, ranks = max(1, files), max(1, ranks)
    square = max(4, int(min(max_w / (files + 0.88), max_h / (ranks + 0.88))))
    while square > 4 and (
        files * square + 2 * margin_for(square) > max_w or ranks * square + 2 * margin_for(square) > max_h
    ):
        square -= 1
    return BoardLayout(files, ranks, square, margin_for(square), flipped)


_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_CACHE_LIMIT = 8


def board_surface(
    files: int,
    ranks: int,
    reserved: Mapping[int, int] | None,
    scheme: str | Scheme | None,
    square: int,
    coordinates: bool = True,
    first_rank: int = 1,
    flipped: bool = False,
    checkered: bool = False,
) -> pygame.Surface:
    """The board drawn at ``square`` pixels per square (size: ``BoardLayout.size``), cached.

    ``reserved`` maps a square to the colour (0 first side, 1 second) it is reserved for.
    ``checkered`` draws light and dark squares far apart (a rule set whose rules read them).
    """
    sch = get_scheme(scheme)
    square = max(4, min(int(square), 512))
    reserved_items = tuple(sorted((int(k), int(v) % 2) for k, v in (reserved or {}).items()))
    key = (files, ranks, reserved_items, sch.name, square, bool(coordinates), first_rank, flipped, checkered)
    surf = _CACHE.get(key)
    if surf is not None:
        _CACHE.move_to_end(key)
        return surf
    layout = BoardLayout(files, ranks, square, margin_for(square), flipped)
    surf = _draw_board(layout, dict(reserved_items), sch, coordinates, first_rank, checkered)
    _CACHE[key] = surf
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.popitem(last=False)
    return surf


# ----------------------------------------------------------------------------- texture


def noise_surface(
    size: tuple[int, int], cells: tuple[int, int], seed: int, low: int, high: int
) -> pygame.Surface:
    """Smooth grey value noise: ``cells`` random values stretched to ``size``, mapped to low..high."""
    cw, ch = max(1, cells[0]), max(1, cells[1])
    rng = random.Random(seed)
    indexed = pygame.image.frombytes(rng.randbytes(cw * ch), (cw, ch), "P")
    span = high - low
    indexed.set_palette([(low + i * span // 255,) * 3 for i in range(256)])
    small = pygame.Surface((cw, ch), 0, 24)
    small.blit(indexed, (0, 0))
    return pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))


def apply_texture(target: pygame.Surface, rect: pygame.Rect, seed: int, strength: float = 1.0) -> None:
    """Give a flat area a subtle stone texture (three octaves of value noise, multiplied in)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    area = target.subsurface(rect)
    w, h = rect.size
    lo = lambda k: clamp8(255 - k * strength)  # noqa: E731
    for octave, (cells, k) in enumerate(
        (((4, 3), 26), ((w // 14 + 2, h // 14 + 2), 18), ((w // 3 + 2, h // 3 + 2), 22))
    ):
        area.blit(
            noise_surface((w, h), cells, seed * 7 + octave, lo(k), 255),
            (0, 0),
            special_flags=pygame.BLEND_RGB_MULT,
        )


# ----------------------------------------------------------------------------- symbols


def _ankh(cv: Canvas, colour: tuple[int, int, int, int]) -> None:
    surf = cv.surface
    loop = pygame.Rect(0, 0, cv.length(0.62), cv.length(0.78))
    loop.center = (round(cv.px((0, -0.34))[0]), round(cv.px((0, -0.34))[1]))
    pygame.draw.ellipse(surf, colour, loop, max(1, round(cv.length(0.16))))
    cv.polygon([(-0.09, -0.02), (0.09, -0.02), (0.13, 0.86), (-0.13, 0.86)], colour)
    cv.polygon([(-0.6, 0.04), (0.6, 0.04), (0.6, 0.22), (-0.6, 0.22)], colour)


def _eye(cv: Canvas, colour: tuple[int, int, int, int]) -> None:
    surf = cv.surface
    # almond
    upper = [(x / 10.0, -0.05 - 0.3 * (1 - (x / 10.0 / 0.8) ** 2)) for x in range(-8, 9)]
    lower = [(x / 10.0, -0.05 + 0.22 * (1 - (x / 10.0 / 0.8) ** 2)) for x in range(8, -9, -1)]
    w = max(1, round(cv.length(0.1)))
    pygame.draw.lines(surf, colour, True, [cv.px(p) for p in upper + lower], w)
    cv.circle((0.0, -0.07), 0.17, colour)
    # brow
    brow = [(x / 10.0, -0.58 - 0.1 * (1 - (x / 10.0 / 0.85) ** 2)) for x in range(-8, 9)]
    pygame.draw.lines(surf, colour, False, [cv.px(p) for p in brow], w)
    # the markings below: a straight drop and a curl
    cv.polygon([(-0.12, 0.12), (0.0, 0.12), (-0.16, 0.78), (-0.28, 0.78)], colour)
    curl = [(0.25 + 0.0, 0.15), (0.35, 0.45), (0.55, 0.7)] + [
        (0.62 + 0.16 * c, 0.62 - 0.16 * s) for c, s in ((-0.2, 0.98), (-0.9, 0.4), (-0.7, -0.7), (0.3, -0.95))
    ]
    pygame.draw.lines(surf, colour, False, [cv.px(p) for p in curl], w)


@cache
def _symbol(kind: int, size: int) -> pygame.Surface:
    cv = Canvas(size, extent=1.0)
    (_ankh if kind == 0 else _eye)(cv, (255, 255, 255, 255))
    return pygame.transform.smoothscale(cv.surface, (size, size))


def engraved_symbol(kind: int, size: int, tone: RGB) -> pygame.Surface:
    """The reserved-square symbol (0 ankh for the first side, 1 eye for the second), engraved:
    a dark cut with a light lower-right lip, over ``tone``-coloured stone."""
    base = _symbol(kind, size)
    out = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    light = base.copy()
    light.fill((*mix(tone, (255, 255, 255), 0.6), 150), special_flags=pygame.BLEND_RGBA_MULT)
    dark = base.copy()
    dark.fill((*scale_rgb(tone, 0.42), 215), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(light, (2, 2))
    out.blit(dark, (0, 0))
    return out


# ----------------------------------------------------------------------------- the board


def _draw_board(
    layout: BoardLayout,
    reserved: dict[int, int],
    scheme: Scheme,
    coordinates: bool,
    first_rank: int,
    checkered: bool = False,
) -> pygame.Surface:
    w, h = layout.size
    sq = layout.square
    m = layout.margin
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, m // 2)
    # frame: a bevelled slab
    frame = scheme.frame
    pygame.draw.rect(surf, scale_rgb(frame, 0.6), (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surf, mix(frame, (255, 255, 255), 0.16), (0, 0, w - 2, h - 2), border_radius=radius)
    pygame.draw.rect(surf, frame, (2, 2, w - 4, h - 4), border_radius=radius)
    apply_texture(surf, pygame.Rect(2, 2, w - 4, h - 4), seed=11, strength=0.8)
    # re-round the corners after texturing (the texture painted the whole rectangle)
    corner_mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(corner_mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    surf.blit(corner_mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    # gold inlay around the play area
    inlay = pygame.Rect(
        m - max(3, m // 5), m - max(3, m // 5), w - 2 * m + 2 * max(3, m // 5), h - 2 * m + 2 * max(3, m // 5)
    )
    pygame.draw.rect(surf, (206, 160, 72), inlay, max(1, m // 14), border_radius=max(2, m // 6))
    # the play area sits in a groove: dark upper-left lip, light lower-right lip
    play = layout.play_rect
    pygame.draw.rect(surf, scale_rgb(frame, 0.45), play.inflate(4, 4))
    pygame.draw.rect(surf, mix(frame, (255, 255, 255), 0.25), play.inflate(4, 4).move(1, 1))
    # squares
    squares = pygame.Surface(play.size)
    for s in range(layout.files * layout.ranks):
        file_index, rank_index = s % layout.files, s // layout.files
        colour = scheme.light if (file_index + rank_index) % 2 else scheme.dark
        if checkered:
            light = (file_index + rank_index) % 2
            colour = mix(colour, (255, 255, 255), 0.25) if light else scale_rgb(colour, 0.62)
        r = layout.square_rect(s).move(-m, -m)
        squares.fill(colour, r)
    apply_texture(squares, squares.get_rect(), seed=5)
    tint = pygame.Surface((sq, sq), pygame.SRCALPHA)
    for s, owner in reserved.items():
        if not 0 <= s < layout.files * layout.ranks:
            continue
        r = layout.square_rect(s).move(-m, -m)
        tone = scheme.reserved(owner)
        tint.fill((*tone, 120))
        squares.blit(tint, r)
        sym_size = max(6, int(sq * 0.5))
        symbol = engraved_symbol(owner, sym_size, mix(tone, squares.get_at(r.center)[:3], 0.3))
        squares.blit(symbol, symbol.get_rect(center=r.center))
    # bevel every tile: light top/left edge, dark bottom/right edge
    edge = max(1, sq // 40)
    hi = pygame.Surface((sq, sq), pygame.SRCALPHA)
    pygame.draw.rect(hi, (255, 255, 255, 60), (0, 0, sq, edge))
    pygame.draw.rect(hi, (255, 255, 255, 60), (0, 0, edge, sq))
    pygame.draw.rect(hi, (0, 0, 0, 70), (0, sq - edge, sq, edge))
    pygame.draw.rect(hi, (0, 0, 0, 70), (sq - edge, 0, edge, sq))
    for s in range(layout.files * layout.ranks):
        squares.blit(hi, layout.square_rect(s).move(-m, -m))
    # a soft inner shadow from the frame onto the squares
    shade_layer = pygame.Surface(play.size, pygame.SRCALPHA)
    pygame.draw.rect(shade_layer, (0, 0, 0, 90), shade_layer.get_rect(), max(2, sq // 10))
    shade_layer = soft_blur(shade_layer, max(1, sq // 12))
    squares.blit(shade_layer, (0, 0))
    surf.blit(squares, play)
    if coordinates:
        _draw_coordinates(surf, layout, scheme, first_rank)
    return surf


def _draw_coordinates(surf: pygame.Surface, layout: BoardLayout, scheme: Scheme, first_rank: int) -> None:
    m, sq = layout.margin, layout.square
    size = max(8, min(int(m * 0.62), int(sq * 0.34)))
    f = font(size, bold=True)
    colour = scheme.frame_text
    shadow = scale_rgb(scheme.frame, 0.4)
    w, h = layout.size

    def put(text: str, center: tuple[float, float]) -> None:
        img = f.render(text, True, colour)
        dark = f.render(text, True, shadow)
        rect = img.get_rect(center=(round(center[0]), round(center[1])))
        surf.blit(dark, rect.move(-1, -1))
        surf.blit(img, rect)

    for col in range(layout.files):
        file_index = layout.files - 1 - col if layout.flipped else col
        x = m + (col + 0.5) * sq
        put(FILE_LETTERS[file_index % 26], (x, h - m / 2))
        put(FILE_LETTERS[file_index % 26], (x, m / 2))
    for row in range(layout.ranks):
        rank_index = row if layout.flipped else layout.ranks - 1 - row
        y = m + (row + 0.5) * sq
        put(str(rank_index + first_rank), (m / 2, y))
        put(str(rank_index + first_rank), (w - m / 2, y))


__all__ = [
    "BoardLayout",
    "board_surface",
    "fit_layout",
    "margin_for",
    "apply_texture",
    "noise_surface",
    "circle_points",
]
