"""The rotation handle drawn on a selected piece that may turn (drag it round to spin the piece)."""

from __future__ import annotations

import math

import pygame

HANDLE_FILL = (24, 26, 34)
HANDLE_RING = (240, 206, 112)


def draw_handle(surface: pygame.Surface, centre: tuple[float, float], radius: float, degrees: float) -> None:
    """A dark disc with a gold ring and a circular arrow, turned ``degrees`` clockwise."""
    radius = max(5.0, radius)
    cx, cy = centre
    pygame.draw.circle(surface, (0, 0, 0), (cx + 1, cy + 2), radius + 1)
    pygame.draw.circle(surface, HANDLE_FILL, (cx, cy), radius)
    pygame.draw.circle(surface, HANDLE_RING, (cx, cy), radius, max(1, round(radius / 6)))
    arc = radius * 0.55
    width = max(1, round(radius / 5))
    start = math.radians(-degrees) + 0.5  # pygame arcs run counter-clockwise from east
    box = pygame.Rect(0, 0, arc * 2, arc * 2)
    box.center = (round(cx), round(cy))
    pygame.draw.arc(surface, HANDLE_RING, box, start, start + 4.4, width)
    tip = start  # the arrowhead at the arc's clockwise end
    tx, ty = cx + arc * math.cos(tip), cy - arc * math.sin(tip)
    # the tangent there points clockwise (down-right of the arc's start)
    dx, dy = math.sin(tip), math.cos(tip)
    head = radius * 0.4
    nx, ny = -dy, dx
    points = [
        (tx + dx * head, ty + dy * head),
        (tx + nx * head * 0.6, ty + ny * head * 0.6),
        (tx - nx * head * 0.6, ty - ny * head * 0.6),
    ]
    pygame.draw.polygon(surface, HANDLE_RING, points)
