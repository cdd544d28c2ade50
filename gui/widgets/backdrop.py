"""Full-window backgrounds: a dark engraved-stone floor with a vignette (every screen), and the
main menu's laser show, where beams leave Sphinxes, bounce off mirrors and blow up a target.

The laser show places its pieces like a real shot (mirrors turned the right way) on both sides of
a keep-out area (the menu's title and buttons). ``update`` advances it; ``draw`` only reads.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.pieces import Kind
from gui.art.beam import ParticleBurst, beam_width, draw_beam
from gui.art.board import apply_texture
from gui.art.pieces import palette_for, piece_surface
from gui.art.render import mix, scale_rgb, soft_blur
from gui.art.schemes import Scheme, get_scheme
from gui.colours import (
    BLACK,
    GLASS_EDGE,
    GROUT_LIGHT,
    GROUT_SHADOW,
    LIGHT_VEIL,
    OPAQUE,
    OUTLINE_TINT,
    PANEL_DROP,
    SHINE_TINT,
    WHITE,
)

DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)  # screen rows grow downward: north is -1

_FLOOR_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def cell_size(size: tuple[int, int]) -> int:
    return max(44, size[1] // 7)


def floor_surface(size: tuple[int, int], scheme: Scheme) -> pygame.Surface:
    """The dark stone floor with engraved tiles and a vignette, cached per size and scheme."""
    key = (size, scheme.name)
    surf = _FLOOR_CACHE.get(key)
    if surf is not None:
        _FLOOR_CACHE.move_to_end(key)
        return surf
    w, h = max(1, size[0]), max(1, size[1])
    c = cell_size((w, h))
    surf = pygame.Surface((w, h))
    base = mix(scheme.backdrop, mix(scheme.dark, BLACK, 0.72), 0.55)
    alt = mix(base, WHITE, 0.025)
    ox, oy = _grid_origin((w, h), c)
    for row in range(-1, h // c + 2):
        for col in range(-1, w // c + 2):
            surf.fill(alt if (row + col) % 2 else base, (ox + col * c, oy + row * c, c, c))
    apply_texture(surf, surf.get_rect(), seed=23, strength=1.2)
    lines = pygame.Surface((w, h), pygame.SRCALPHA)
    for col in range(-1, w // c + 2):
        x = ox + col * c
        pygame.draw.line(lines, GROUT_SHADOW, (x, 0), (x, h), 2)
        pygame.draw.line(lines, GROUT_LIGHT, (x + 2, 0), (x + 2, h), 1)
    for row in range(-1, h // c + 2):
        y = oy + row * c
        pygame.draw.line(lines, GROUT_SHADOW, (0, y), (w, y), 2)
        pygame.draw.line(lines, GROUT_LIGHT, (0, y + 2), (w, y + 2), 1)
    surf.blit(lines, (0, 0))
    surf.blit(vignette((w, h)), (0, 0))
    _FLOOR_CACHE[key] = surf
    if len(_FLOOR_CACHE) > 6:
        _FLOOR_CACHE.popitem(last=False)
    return surf


def _grid_origin(size: tuple[int, int], c: int) -> tuple[int, int]:
    w, h = size
    return ((w % c) // 2 - c // 2 if (w // c) % 2 == 0 else (w % c) // 2, (h % c) // 2)


def vignette(size: tuple[int, int], strength: int = 200) -> pygame.Surface:
    """Dark edges fading to clear in the middle (per-pixel alpha)."""
    sw, sh = 48, 27
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5) / sw * 2 - 1
            dy = (y + 0.5) / sh * 2 - 1
            d = min(1.0, math.sqrt(dx * dx * 0.8 + dy * dy * 1.1))
            small.set_at((x, y), (0, 0, 0, int(strength * d**2.4)))
    return pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))


def draw_glass_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int = 16, alpha: int = 200) -> None:
    """A dark translucent panel with a soft shadow and a fine gold edge (behind widgets)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    layer, pad = _glass_panel(rect.width, rect.height, radius, alpha)
    surface.blit(layer, (rect.x - pad, rect.y - pad))


@lru_cache(maxsize=16)
def _glass_panel(width: int, height: int, radius: int, alpha: int) -> tuple[pygame.Surface, int]:
    pad = max(6, radius)
    layer = pygame.Surface((width + pad * 2, height + pad * 2), pygame.SRCALPHA)
    inner = pygame.Rect(pad, pad, width, height)
    pygame.draw.rect(layer, PANEL_DROP, inner.move(0, pad // 3), border_radius=radius)
    layer = soft_blur(layer, max(1, pad // 2))
    pygame.draw.rect(layer, (16, 18, 25, alpha), inner, border_radius=radius)
    top = pygame.Rect(inner.x, inner.y, inner.width, max(1, inner.height // 3))
    sheen = pygame.Surface(top.size, pygame.SRCALPHA)
    for y in range(top.height):
        a = int(14 * (1 - y / top.height))
        pygame.draw.line(sheen, (255, 255, 255, a), (0, y), (top.width, y))
    mask = pygame.Surface(top.size, pygame.SRCALPHA)
    mask_rect = mask.get_rect().inflate(0, radius * 2).move(0, radius)
    pygame.draw.rect(mask, OPAQUE, mask_rect, border_radius=radius)
    sheen.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    layer.blit(sheen, top)
    pygame.draw.rect(layer, GLASS_EDGE, inner, 1, border_radius=radius)
    return layer, pad


# ----------------------------------------------------------------------------- the laser show


@dataclass
class _Route:
    """One staged shot: pieces on cells (col, row), beam cells, and what happens at the end."""

    pieces: dict[tuple[int, int], tuple[Kind | int, int, int]]  # cell -> (kind, colour, orientation)
    beam: list[tuple[int, int]]  # emitter cell, each mirror cell, last cell
    direction_out: int  # travel direction after the last cell (if the beam leaves the screen)
    target: tuple[int, int] | None  # cell of a piece destroyed at the end
    absorbed: bool  # ends on an Anubis shield
    leaves: bool  # leaves the screen


@dataclass
class _Side:
    cells: frozenset[tuple[int, int]]  # the (col, row) cells this side may use
    route: _Route | None = None
    t: float = 0.0
    burst: ParticleBurst | None = None
    destroyed: bool = False
    hidden: set = field(default_factory=set)


SPEED_CELLS = 8.0
HOLD = 1.4
FADE = 0.6
PAUSE = 0.9


def _pyramid_orientation(travel: int, out: int) -> int:
    face = (travel + 2) % 4
    return face if out == (face + 1) % 4 else out


def _scarab_orientation(travel: int, out: int) -> int:
    return 0 if out == travel + 1 - 2 * (travel % 2) else 1  # north and east pair, south and west


class LaserShow:
    """Animated beams on the stone floor, kept clear of ``keep_out`` (the menu column)."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)
        self.size = (0, 0)
        self.cell = 64
        self.origin = (0, 0)
        self.scheme = get_scheme(None)
        self.sides: list[_Side] = []
        self.time = 0.0
        self._scene: pygame.Surface | None = None
        self._scene_key: tuple | None = None
        self._grid = (0, -1, 0, -1)  # first/last fully visible column and row

    # ------------------------------------------------------------ layout
    def layout(
        self,
        size: tuple[int, int],
        keep_out: pygame.Rect | Sequence[pygame.Rect],
        scheme: str | Scheme | None,
        bottom_band: int = 0,
    ) -> None:
        """Stage shots for a window of ``size`` on the cells clear of the ``keep_out`` rectangles
        (title, buttons) and of a ``bottom_band`` of pixels at the bottom (footer text)."""
        self.size = size
        self.scheme = get_scheme(scheme)
        self.cell = cell_size(size)
        self.origin = _grid_origin(size, self.cell)
        c = self.cell
        cols = [
            i
            for i in range(-1, size[0] // c + 2)
            if self._cell_rect(i, 0).left >= 0 and self._cell_rect(i, 0).right <= size[0]
        ]
        rows = [
            j
            for j in range(-1, size[1] // c + 2)
            if self._cell_rect(0, j).top >= 0 and self._cell_rect(0, j).bottom <= size[1] - bottom_band
        ]
        self._grid = (
            min(cols, default=0),
            max(cols, default=-1),
            min(rows, default=0),
            max(rows, default=-1),
        )
        rects = [keep_out] if isinstance(keep_out, pygame.Rect) else list(keep_out)
        margin = c // 5
        blocked = [pygame.Rect(r).inflate(2 * margin, 2 * margin) for r in rects]
        allowed = {
            (i, j)
            for i in cols
            for j in rows
            if not any(self._cell_rect(i, j).colliderect(b) for b in blocked)
        }
        middle = size[0] / 2
        self.sides = []
        for half in (
            frozenset(cell for cell in allowed if self._centre(cell)[0] < middle),
            frozenset(cell for cell in allowed if self._centre(cell)[0] >= middle),
        ):
            if len(half) >= 4:
                self.sides.append(_Side(half))
        for index, side in enumerate(self.sides):
            side.route = self._new_route(side.cells)
            side.t = -index * 0.8  # the sides take turns
        self._scene_key = None

    def _cell_rect(self, col: int, row: int) -> pygame.Rect:
        return pygame.Rect(
            self.origin[0] + col * self.cell, self.origin[1] + row * self.cell, self.cell, self.cell
        )

    def _centre(self, cell: tuple[int, int]) -> tuple[float, float]:
        r = self._cell_rect(*cell)
        return (r.x + r.w / 2, r.y + r.h / 2)

    # ------------------------------------------------------------ staging
    def _new_route(self, cells: frozenset[tuple[int, int]]) -> _Route | None:
        for _ in range(80):
            route = self._try_route(cells)
            if route is not None:
                self._add_bystanders(route, cells)
                return route
        return None

    def _add_bystanders(self, route: _Route, cells: frozenset[tuple[int, int]]) -> None:
        """A couple of idle pieces off the beam's path, so the floor looks like a game."""
        path: set[tuple[int, int]] = set()
        for a, b in zip(route.beam, route.beam[1:], strict=False):
            steps = max(abs(a[0] - b[0]), abs(a[1] - b[1]))
            for k in range(steps + 1):
                path.add(
                    (a[0] + (b[0] - a[0]) * k // max(1, steps), a[1] + (b[1] - a[1]) * k // max(1, steps))
                )
        if route.leaves and len(route.beam) >= 2:
            c, r = route.beam[-1]
            while (c, r) in cells or self._on_screen((c, r)):
                path.add((c, r))
                c, r = c + DX[route.direction_out], r + DY[route.direction_out]
        free = sorted(cells - path - set(route.pieces))
        for cell in self.rng.sample(free, min(len(free), self.rng.randint(1, 3))):
            kind = self.rng.choice((Kind.PYRAMID, Kind.PYRAMID, Kind.SCARAB, Kind.ANUBIS))
            route.pieces[cell] = (kind, self.rng.randint(0, 1), self.rng.randint(0, 3))

    def _on_screen(self, cell: tuple[int, int]) -> bool:
        c0, c1, r0, r1 = self._grid
        return c0 <= cell[0] <= c1 and r0 <= cell[1] <= r1

    def _try_route(self, cells: frozenset[tuple[int, int]]) -> _Route | None:
        """A random shot through ``cells``: a Sphinx at the top or bottom of a column, 1-4 mirrors
        turned so the beam really reflects, and an ending (a shield, a target, or off screen)."""
        rng = self.rng
        column = rng.choice(sorted({cell[0] for cell in cells}))
        rows = sorted(r for c, r in cells if c == column)
        if rng.random() < 0.5:
            start, travel = (column, rows[-1]), 0  # bottom, firing north
        else:
            start, travel = (column, rows[0]), 2  # top, firing south
        colour = rng.randint(0, 1)
        pieces: dict[tuple[int, int], tuple[Kind | int, int, int]] = {start: (Kind.SPHINX, colour, travel)}
        beam = [start]
        used = {start}
        pos = start
        turns = rng.randint(1, 4)
        for leg in range(turns + 1):
            ahead = []
            c, r = pos
            while True:
                c, r = c + DX[travel], r + DY[travel]
                if (c, r) not in cells or (c, r) in used:
                    break
                ahead.append((c, r))
            if not ahead:
                return None
            if leg == turns:
                ending = rng.random()
                if ending < 0.25 and not self._on_screen((c, r)):  # the ray runs off the screen
                    beam.append(ahead[-1])
                    return _Route(pieces, beam, travel, None, False, True)
                cell = rng.choice(ahead)
                face = (travel + 2) % 4
                if ending < 0.45:
                    pieces[cell] = (Kind.ANUBIS, 1 - colour, face)
                    beam.append(cell)
                    return _Route(pieces, beam, travel, None, True, False)
                kind = rng.choice((Kind.PYRAMID, Kind.PYRAMID, Kind.ANUBIS, Kind.PHARAOH))
                orientation = (face + 2) % 4 if kind == Kind.PYRAMID else (face + 1) % 4
                pieces[cell] = (kind, 1 - colour, orientation)
                beam.append(cell)
                return _Route(pieces, beam, travel, cell, False, False)
            cell = rng.choice(ahead)
            out = (travel + rng.choice((1, 3))) % 4
            if rng.random() < 0.3:
                pieces[cell] = (Kind.SCARAB, rng.randint(0, 1), _scarab_orientation(travel, out))
            else:
                pieces[cell] = (Kind.PYRAMID, rng.randint(0, 1), _pyramid_orientation(travel, out))
            used.update(ahead[: ahead.index(cell) + 1])
            beam.append(cell)
            pos, travel = cell, out
        return None

    def _points(self, route: _Route) -> list[tuple[float, float]]:
        points = [self._centre(cell) for cell in route.beam]
        if route.leaves:
            d = route.direction_out
            x, y = points[-1]
            far = max(self.size) + self.cell
            points[-1] = (x + DX[d] * far, y + DY[d] * far)
        elif len(points) >= 2:
            # stop at the face of the last piece, not its centre
            (ax, ay), (bx, by) = points[-2], points[-1]
            dist = math.hypot(bx - ax, by - ay) or 1.0
            back = self.cell * 0.3
            points[-1] = (bx - (bx - ax) / dist * back, by - (by - ay) / dist * back)
        return points

    # ------------------------------------------------------------ animation
    def _duration(self, route: _Route) -> float:
        length: float = sum(
            abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(route.beam, route.beam[1:], strict=False)
        )
        if route.leaves:
            length += max(self.size) / self.cell
        return max(0.3, length / SPEED_CELLS)

    def update(self, dt: float) -> None:
        self.time += dt
        for side in self.sides:
            side.t += dt
            if side.burst is not None:
                side.burst.update(dt)
                if not side.burst.alive:
                    side.burst = None
            route = side.route
            if route is None:
                continue
            travel = self._duration(route)
            if route.target is not None and not side.destroyed and side.t >= travel:
                side.destroyed = True
                kind, colour, _ = route.pieces[route.target]
                palette = palette_for(kind, colour, self.scheme)
                side.burst = ParticleBurst(
                    self._centre(route.target),
                    self.cell,
                    self.scheme.beam,
                    (palette.body, palette.trim, palette.base),
                    seed=self.rng.randint(0, 10**6),
                )
                self._scene_key = None
            if side.t >= travel + HOLD + FADE + PAUSE:
                side.route = self._new_route(side.cells)
                side.t = 0.0
                side.destroyed = False
                self._scene_key = None
        self._refresh_scene()

    def next_change_in(self) -> float | None:
        """Seconds until the show looks different: 0 while a beam runs, fades or a piece bursts;
        the rest of the pause between two shots otherwise."""
        waits = []
        for side in self.sides:
            if side.burst is not None:
                return 0.0
            route = side.route
            if route is None:
                continue
            travel = self._duration(route)
            if side.t < travel + HOLD + FADE:
                return 0.0
            waits.append(travel + HOLD + FADE + PAUSE - side.t)
        return max(0.0, min(waits)) if waits else None

    def _refresh_scene(self) -> None:
        key = (self.size, self.scheme.name, tuple((id(s.route), s.destroyed) for s in self.sides))
        if key == self._scene_key and self._scene is not None:
            return
        self._scene_key = key
        scene = floor_surface(self.size, self.scheme).copy()
        size = int(self.cell * 0.94)
        for side in self.sides:
            route = side.route
            if route is None:
                continue
            for cell, (kind, colour, orientation) in route.pieces.items():
                if side.destroyed and cell == route.target:
                    continue
                img = piece_surface(kind, colour, orientation, size, self.scheme)
                scene.blit(img, img.get_rect(center=self._centre(cell)))
        dim = pygame.Surface(self.size, pygame.SRCALPHA)
        dim.fill(LIGHT_VEIL)
        scene.blit(dim, (0, 0))
        self._scene = scene

    def draw(self, surface: pygame.Surface) -> None:
        if self._scene is not None and self._scene.get_size() == surface.get_size():
            surface.blit(self._scene, (0, 0))
        else:
            surface.blit(floor_surface(surface.get_size(), self.scheme), (0, 0))
        half = beam_width(self.cell) - 1
        for side in self.sides:
            route = side.route
            if route is None or side.t <= 0:
                continue
            travel = self._duration(route)
            progress = min(1.0, side.t / travel)
            fade_t = side.t - travel - HOLD
            intensity = 1.0 if fade_t <= 0 else max(0.0, 1.0 - fade_t / FADE)
            if intensity > 0:
                draw_beam(
                    surface,
                    self._points(route),
                    progress,
                    self.scheme.beam,
                    half,
                    self.time,
                    intensity,
                    True,
                    not route.leaves,
                )
            if side.burst is not None:
                side.burst.draw(surface)


def glow_text(
    text: str,
    f: pygame.font.Font,
    top: tuple[int, int, int],
    bottom: tuple[int, int, int],
    glow: tuple[int, int, int],
) -> pygame.Surface:
    """Title lettering: a vertical gold gradient, a dark outline and a soft coloured glow."""
    base = f.render(text, True, WHITE)
    w, h = base.get_size()
    pad = max(6, h // 3)
    out = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    halo = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    tinted = base.copy()
    tinted.fill((*glow, 255), special_flags=pygame.BLEND_RGBA_MULT)
    halo.blit(tinted, (pad, pad))
    halo = soft_blur(halo, max(2, h // 6))
    out.blit(halo, (0, 0))
    outline = base.copy()
    outline.fill(OUTLINE_TINT, special_flags=pygame.BLEND_RGBA_MULT)
    thickness = max(1, h // 28)
    for dx in range(-thickness, thickness + 1):
        for dy in range(-thickness, thickness + 2):
            if dx * dx + dy * dy <= (thickness + 1) ** 2:
                out.blit(outline, (pad + dx, pad + dy))
    gradient = pygame.Surface((1, 2), pygame.SRCALPHA)
    gradient.set_at((0, 0), (*top, 255))
    gradient.set_at((0, 1), (*bottom, 255))
    gradient = pygame.transform.smoothscale(gradient, (w, h))
    fill = base.copy()
    fill.blit(gradient, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    # a bright rim along the top half of each letter
    shine = base.copy()
    shine.fill(SHINE_TINT, special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(fill, (pad, pad))
    out.blit(shine, (pad, pad - max(1, h // 40)), special_flags=0)
    out.blit(fill, (pad, pad + max(1, h // 60)))
    return out


__all__ = ["LaserShow", "draw_glass_panel", "floor_surface", "glow_text", "vignette", "scale_rgb"]
