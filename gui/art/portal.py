"""Special squares and chance moves: the look of a square with a rule of its own (Laser Chess 1987's
hypersquare, from ``variant.presentation.special_squares``) and the swirl a piece vanishes into and
reappears from when chance moves it (an effects report's ``placed`` moves).

Drawn with vectors like the rest of the art; the square is cached per size.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from gui.art.render import mix

VOID = (14, 8, 34)  # the square's deep centre
RIM = (104, 64, 176)  # its edge
GLOW = (196, 156, 255)  # rings, arms and the swirl of a chance move


@lru_cache(maxsize=16)
def special_square_surface(size: int) -> pygame.Surface:
    """A square-sized tile: a violet well with rings and four spiral arms (never a piece's look)."""
    size = max(4, int(size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    steps = max(8, size // 3)
    for i in range(steps, 0, -1):  # radial gradient, dark in the middle
        t = i / steps
        pygame.draw.circle(surf, (*mix(VOID, RIM, t**1.6), 255), (c, c), c * 1.42 * t)
    width = max(1, size // 28)
    for k, r in enumerate((0.46, 0.33, 0.2)):
        ring = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(ring, (*GLOW, 150 - 35 * k), (c, c), c * r * 2, width)
        surf.blit(ring, (0, 0))
    arms = pygame.Surface((size, size), pygame.SRCALPHA)
    for arm in range(4):  # a swirl: four arms winding into the centre
        points = []
        for j in range(12):
            t = j / 11
            angle = arm * math.pi / 2 + t * 2.2
            radius = c * 0.9 * (1 - t) + c * 0.06
            points.append((c + math.cos(angle) * radius, c + math.sin(angle) * radius))
        pygame.draw.lines(arms, (*GLOW, 120), False, points, max(1, size // 22))
    surf.blit(arms, (0, 0))
    pygame.draw.circle(surf, (240, 228, 255), (c, c), max(1.5, size * 0.05))
    pygame.draw.rect(surf, (*GLOW, 230), surf.get_rect(), max(1, size // 24))
    return surf


def draw_swirl(surface: pygame.Surface, centre: tuple[float, float], size: int, t: float, out: bool) -> None:
    """Rings of light at a chance move's end: closing in as a piece vanishes (``out=False``, ``t``
    0..1), opening out as it reappears (``out=True``)."""
    t = min(1.0, max(0.0, t))
    fade = math.sin(math.pi * t)
    if fade <= 0.01:
        return
    glow = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
    c = size
    for k in range(3):
        phase = (t + k / 3) % 1.0
        r = size * (0.15 + 0.75 * (phase if out else 1 - phase))
        alpha = int(200 * fade * (1 - k / 4))
        pygame.draw.circle(glow, (*GLOW, alpha), (c, c), r, max(2, size // 14))
    pygame.draw.circle(glow, (*GLOW, int(90 * fade)), (c, c), size * 0.45)
    surface.blit(glow, glow.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_trail(
    surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float], size: int, alpha: int
) -> None:
    """A dotted arc from where a piece vanished to where it reappears (the player sees where it went)."""
    if alpha <= 0:
        return
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    lift = min(length * 0.25, size * 1.5)
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    dots = max(3, int(length / max(6, size * 0.3)))
    points = []
    for i in range(1, dots):
        t = i / dots
        bend = 4 * t * (1 - t) * lift
        points.append((x0 + (x1 - x0) * t + nx * bend, y0 + (y1 - y0) * t + ny * bend))
    r = max(1.5, size * 0.05)
    left, top = min(p[0] for p in points) - r - 1, min(p[1] for p in points) - r - 1
    right, bottom = max(p[0] for p in points) + r + 1, max(p[1] for p in points) + r + 1
    layer = pygame.Surface((int(right - left) + 1, int(bottom - top) + 1), pygame.SRCALPHA)
    for x, y in points:
        pygame.draw.circle(layer, (*GLOW, alpha), (x - left, y - top), r)
    surface.blit(layer, (int(left), int(top)))


__all__ = ["GLOW", "draw_swirl", "draw_trail", "special_square_surface"]
