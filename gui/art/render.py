"""A tiny vector renderer for the art: lit 3-D facets drawn top-down, supersampled, soft shadows.

Shapes are described in a local square from -1 to 1 (x right, y down, z up toward the viewer).
Each facet is a 3-D polygon; its normal, a fixed light from the top left and a material give its
colour, so shading stays consistent however a piece is rotated. A :class:`Canvas` draws at a
multiple of the final size and :meth:`Canvas.finish` scales it down (antialiasing) and adds a
soft drop shadow.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from gui.art.contrast import MIN_GRAPHIC_CONTRAST, RIM_DARK, RIM_LIGHT, most_contrasting, worst_contrast

RGB = tuple[int, int, int]
Vec2 = tuple[float, float]
Vec3 = tuple[float, float, float]


def normalize(v: Sequence[float]) -> Vec3:
    length = math.sqrt(sum(c * c for c in v)) or 1.0
    return (v[0] / length, v[1] / length, v[2] / length)


LIGHT: Vec3 = normalize((-0.55, -0.7, 0.75))  # from the surface toward the light: top left, up
HALFWAY: Vec3 = normalize((LIGHT[0], LIGHT[1], LIGHT[2] + 1.0))


@dataclass(frozen=True)
class Material:
    ambient: float
    diffuse: float
    specular: float
    shininess: float
    tint: float  # how much the highlight takes the surface colour (metals) vs white (lacquer)


METAL = Material(ambient=0.34, diffuse=0.78, specular=0.85, shininess=14.0, tint=0.45)
GLOSS = Material(ambient=0.40, diffuse=0.70, specular=0.95, shininess=40.0, tint=0.0)
CHROME = Material(ambient=0.62, diffuse=0.42, specular=1.25, shininess=8.0, tint=0.15)
GOLD = Material(ambient=0.40, diffuse=0.75, specular=1.0, shininess=16.0, tint=0.7)
MATTE = Material(ambient=0.50, diffuse=0.60, specular=0.15, shininess=6.0, tint=0.0)


def clamp8(v: float) -> int:
    return 0 if v < 0 else 255 if v > 255 else int(v)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    return (
        clamp8(a[0] + (b[0] - a[0]) * t),
        clamp8(a[1] + (b[1] - a[1]) * t),
        clamp8(a[2] + (b[2] - a[2]) * t),
    )


def scale_rgb(c: Sequence[int], k: float) -> RGB:
    return (clamp8(c[0] * k), clamp8(c[1] * k), clamp8(c[2] * k))


def shade(base: Sequence[int], normal: Vec3, material: Material) -> RGB:
    """Blinn-Phong colour of a flat facet with this normal under the fixed light."""
    ndl = max(0.0, normal[0] * LIGHT[0] + normal[1] * LIGHT[1] + normal[2] * LIGHT[2])
    ndh = max(0.0, normal[0] * HALFWAY[0] + normal[1] * HALFWAY[1] + normal[2] * HALFWAY[2])
    k = material.ambient + material.diffuse * ndl
    spec = material.specular * ndh**material.shininess
    highlight = mix((255, 255, 255), base, material.tint)
    return (
        clamp8(base[0] * k + highlight[0] * spec),
        clamp8(base[1] * k + highlight[1] * spec),
        clamp8(base[2] * k + highlight[2] * spec),
    )


def facet_normal(points: Sequence[Vec3]) -> Vec3:
    """Normal of a planar 3-D polygon (Newell's method), turned to face the viewer (+z)."""
    nx = ny = nz = 0.0
    count = len(points)
    for i in range(count):
        x1, y1, z1 = points[i]
        x2, y2, z2 = points[(i + 1) % count]
        nx += (y1 - y2) * (z1 + z2)
        ny += (z1 - z2) * (x1 + x2)
        nz += (x1 - x2) * (y1 + y2)
    n = normalize((nx, ny, nz))
    return n if n[2] >= 0 else (-n[0], -n[1], -n[2])


def rotate(point: Vec2, quarter_turns: int) -> Vec2:
    """Rotate a local point clockwise (as seen on screen, y down) by quarter turns."""
    x, y = point
    for _ in range(quarter_turns % 4):
        x, y = -y, x
    return (x, y)


def rotate3(point: Vec3, quarter_turns: int) -> Vec3:
    x, y = rotate((point[0], point[1]), quarter_turns)
    return (x, y, point[2])


def offset_polygon(points: Sequence[Vec2], distance: float) -> list[Vec2]:
    """Move every edge of a convex polygon inward by ``distance`` (either winding)."""
    count = len(points)
    area = sum(
        points[i][0] * points[(i + 1) % count][1] - points[(i + 1) % count][0] * points[i][1]
        for i in range(count)
    )
    sign = 1.0 if area > 0 else -1.0
    lines = []
    for i in range(count):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % count]
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1.0
        # inward normal for this winding
        nx, ny = -dy / length * sign, dx / length * sign
        lines.append(((x1 + nx * distance, y1 + ny * distance), (dx, dy)))
    result = []
    for i in range(count):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        cross = d1[0] * d2[1] - d1[1] * d2[0]
        if abs(cross) < 1e-9:
            result.append(p2)
            continue
        t = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / cross
        result.append((p1[0] + d1[0] * t, p1[1] + d1[1] * t))
    return result


def rounded_rect(half_w: float, half_h: float, radius: float, steps: int = 5) -> list[Vec2]:
    """A convex rounded rectangle centred on the origin, clockwise on screen from the top left."""
    radius = min(radius, half_w, half_h)
    corners = (
        (-half_w + radius, -half_h + radius, math.pi),
        (half_w - radius, -half_h + radius, 1.5 * math.pi),
        (half_w - radius, half_h - radius, 0.0),
        (-half_w + radius, half_h - radius, 0.5 * math.pi),
    )
    points: list[Vec2] = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = start + (math.pi / 2) * i / steps
            points.append((cx + math.cos(a) * radius, cy + math.sin(a) * radius))
    return points


def circle_points(radius: float, steps: int = 32, cx: float = 0.0, cy: float = 0.0) -> list[Vec2]:
    return [
        (cx + math.cos(2 * math.pi * i / steps) * radius, cy + math.sin(2 * math.pi * i / steps) * radius)
        for i in range(steps)
    ]


class Canvas:
    """A supersampled drawing surface in local coordinates (-1..1 maps onto the square)."""

    def __init__(self, size: int, supersample: int | None = None, extent: float = 1.0) -> None:
        self.size = max(1, int(size))
        if supersample is None:
            supersample = 4 if self.size <= 48 else 3 if self.size <= 128 else 2
        self.factor = supersample
        self.hi = self.size * supersample
        self.surface = pygame.Surface((self.hi, self.hi), pygame.SRCALPHA)
        self.half = self.hi / 2.0
        self.unit = self.hi / 2.0 / extent

    def px(self, p: Sequence[float]) -> tuple[float, float]:
        return (self.half + p[0] * self.unit, self.half + p[1] * self.unit)

    def length(self, d: float) -> float:
        return d * self.unit

    def polygon(self, points: Iterable[Sequence[float]], colour: Sequence[int]) -> None:
        pts = [self.px(p) for p in points]
        if len(pts) >= 3:
            pygame.draw.polygon(self.surface, colour, pts)

    def facet(self, points: Sequence[Vec3], base: Sequence[int], material: Material) -> None:
        self.polygon(points, shade(base, facet_normal(points), material))

    def line(self, a: Sequence[float], b: Sequence[float], colour: Sequence[int], width: float) -> None:
        pygame.draw.line(self.surface, colour, self.px(a), self.px(b), max(1, round(self.length(width))))

    def circle(self, centre: Sequence[float], radius: float, colour: Sequence[int], width: float = 0) -> None:
        w = 0 if width <= 0 else max(1, round(self.length(width)))
        pygame.draw.circle(self.surface, colour, self.px(centre), max(1.0, self.length(radius)), w)

    def overlay(self, layer: pygame.Surface, flags: int = 0) -> None:
        self.surface.blit(layer, (0, 0), special_flags=flags)

    def new_layer(self) -> pygame.Surface:
        return pygame.Surface((self.hi, self.hi), pygame.SRCALPHA)

    def finish(
        self,
        shadow: float = 0.55,
        shadow_offset: Vec2 = (0.05, 0.08),
        blur: float = 0.06,
        rim_against: Sequence[Sequence[int]] = (),
    ) -> pygame.Surface:
        """Scale down to the final size and put a soft drop shadow under the drawing. With
        ``rim_against`` (the colours the drawing will stand on), a drawing whose edge would not
        stand out from one of them gets a rim that does (:func:`add_rim`)."""
        out = self._composed(shadow, shadow_offset, blur)
        if rim_against and needs_rim(out, rim_against):
            rim = max(2, round(self.size / 24)) * self.factor  # final pixels inside the silhouette
            add_rim(self.surface, rim_against, 2 * rim)
            out = self._composed(shadow, shadow_offset, blur)
        return out

    def _composed(self, shadow: float, shadow_offset: Vec2, blur: float) -> pygame.Surface:
        small = pygame.transform.smoothscale(self.surface, (self.size, self.size))
        if shadow <= 0:
            return small
        out = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        silhouette = small.copy()
        silhouette.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
        silhouette.fill((255, 255, 255, int(255 * shadow)), special_flags=pygame.BLEND_RGBA_MULT)
        radius = max(1, round(self.size * blur))
        silhouette = soft_blur(silhouette, radius)
        half = self.size / 2.0
        out.blit(silhouette, (round(shadow_offset[0] * half), round(shadow_offset[1] * half)))
        out.blit(small, (0, 0))
        return out


def edge_colour(surface: pygame.Surface, threshold: int = 200) -> tuple[float, float, float] | None:
    """The mean colour along a drawing's silhouette: its opaque pixels next to clear ones (a soft
    shadow, never above ``threshold`` alpha, counts as clear). None for an empty drawing."""
    points = pygame.mask.from_surface(surface, threshold).outline()
    if not points:
        return None
    total = [0, 0, 0]
    for point in points:
        c = surface.get_at(point)
        total[0] += c.r
        total[1] += c.g
        total[2] += c.b
    return (total[0] / len(points), total[1] / len(points), total[2] / len(points))


def needs_rim(surface: pygame.Surface, backgrounds: Sequence[Sequence[int]]) -> bool:
    """Does a drawing's edge have less than 3:1 contrast with one of ``backgrounds``?"""
    edge = edge_colour(surface)
    return edge is not None and worst_contrast(edge, backgrounds) < MIN_GRAPHIC_CONTRAST


def add_rim(surface: pygame.Surface, backgrounds: Sequence[Sequence[int]], width: int) -> None:
    """Outline a drawing, centred on its silhouette, in whichever of a light and a dark rim
    stands out most from ``backgrounds`` (the half outside the silhouette is clipped away, so
    the drawing keeps its size)."""
    rim = most_contrasting((RIM_LIGHT, RIM_DARK), backgrounds)
    shape = pygame.mask.from_surface(surface, 200)
    points = shape.outline()
    if len(points) < 3:
        return
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.lines(layer, rim, True, points, width)
    for point in points[:: max(1, len(points) // 96)]:  # round the corners of a thick line
        pygame.draw.circle(layer, rim, point, width // 2)
    inside = shape.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    layer.blit(inside, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # keep the inner half only
    surface.blit(layer, (0, 0))


def soft_blur(surface: pygame.Surface, radius: float) -> pygame.Surface:
    """A Gaussian blur that works on a reduced copy for large radii (same look, far cheaper)."""
    radius = max(1, int(round(radius)))
    factor = min(4, radius // 3)
    if factor < 2:
        return pygame.transform.gaussian_blur(surface, radius)
    w, h = surface.get_size()
    small = pygame.transform.smoothscale(surface, (max(1, w // factor), max(1, h // factor)))
    small = pygame.transform.gaussian_blur(small, max(1, radius // factor))
    return pygame.transform.smoothscale(small, (w, h))


def masked(layer: pygame.Surface, mask_source: pygame.Surface) -> pygame.Surface:
    """A copy of ``layer`` whose alpha is multiplied by the alpha of ``mask_source``."""
    alpha_only = mask_source.copy()
    alpha_only.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
    result = layer.copy()
    result.blit(alpha_only, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return result


def linear_gradient(
    size: tuple[int, int], start: Sequence[int], end: Sequence[int], vertical: bool = True
) -> pygame.Surface:
    """A smooth two-colour RGBA gradient (top to bottom, or left to right)."""
    w, h = max(1, size[0]), max(1, size[1])
    seed = pygame.Surface((1, 2) if vertical else (2, 1), pygame.SRCALPHA)
    c0 = tuple(start) if len(start) == 4 else (*start, 255)
    c1 = tuple(end) if len(end) == 4 else (*end, 255)
    seed.set_at((0, 0), c0)
    seed.set_at((0, 1) if vertical else (1, 0), c1)
    # Stretch to 2*n then crop the middle so the ends are the pure colours.
    big = pygame.transform.smoothscale(seed, (w, h * 2) if vertical else (w * 2, h))
    if vertical:
        return big.subsurface((0, h // 2, w, h)).copy()
    return big.subsurface((w // 2, 0, w, h)).copy()


def radial_glow(
    radius: int, colour: Sequence[int], falloff: float = 2.2, core: float = 0.0
) -> pygame.Surface:
    """A round glow sprite (RGB, black background) for additive blending."""
    radius = max(1, int(radius))
    size = radius * 2 + 1
    surf = pygame.Surface((size, size))
    steps = min(radius, 48)
    for i in range(steps, 0, -1):
        r = radius * i / steps
        t = 1.0 - i / steps  # 0 at the rim, ~1 at the centre
        k = t**falloff
        c = scale_rgb(colour, k)
        if core > 0 and i / steps < core:
            c = mix(c, (255, 255, 255), 1.0 - (i / steps) / core)
        pygame.draw.circle(surf, c, (radius, radius), max(1, round(r)))
    return surf
