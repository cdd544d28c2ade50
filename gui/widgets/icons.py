"""Small vector icons drawn with pygame (supersampled, then smoothed), for buttons whose meaning an
icon says better than a word: rotate, undo, copy, paste, delete, erase, mirror, save, play, and
the status marks of a checklist (ok, warning, error, info, laser).

``icon(name, size, colour)`` returns a cached transparent square surface.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from gui.colours import CLEAR, ICON_INK, ICON_TIP, TEXT

RGB = tuple[int, int, int]
SCALE = 4  # supersampling factor

_Painter = Callable[[pygame.Surface, float, RGB], None]
_PAINTERS: dict[str, _Painter] = {}


def _painter(name: str) -> Callable[[_Painter], _Painter]:
    def register(fn: _Painter) -> _Painter:
        _PAINTERS[name] = fn
        return fn

    return register


def names() -> list[str]:
    return sorted(_PAINTERS)


@lru_cache(maxsize=256)
def icon(name: str, size: int, colour: RGB = TEXT) -> pygame.Surface:
    """The icon ``name`` in a ``size`` x ``size`` square, drawn in ``colour``."""
    size = max(6, int(size))
    side = size * SCALE
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    painter = _PAINTERS.get(name)
    if painter is None:
        raise KeyError(f"no icon called {name!r}")
    painter(big, side / 24.0, (colour[0], colour[1], colour[2]))  # drawn on a 24-unit grid
    return pygame.transform.smoothscale(big, (size, size))


# ----------------------------------------------------------------------------- drawing helpers


def _pts(u: float, points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(x * u, y * u) for x, y in points]


def _line(
    surf: pygame.Surface,
    colour: RGB | tuple[int, int, int, int],
    points: Sequence[tuple[float, float]],
    width: float,
) -> None:
    """A polyline with round joins and caps."""
    w = max(1, round(width))
    if len(points) >= 2:
        pygame.draw.lines(surf, colour, False, points, w)
    for p in points:
        pygame.draw.circle(surf, colour, p, w / 2)


def _arc(
    cx: float, cy: float, r: float, start_deg: float, end_deg: float, steps: int = 28
) -> list[tuple[float, float]]:
    """Points on a circle, angles in degrees clockwise from 12 o'clock (screen coordinates)."""
    out = []
    for i in range(steps + 1):
        a = math.radians(start_deg + (end_deg - start_deg) * i / steps)
        out.append((cx + r * math.sin(a), cy - r * math.cos(a)))
    return out


def _arrow_head(
    surf: pygame.Surface, colour: RGB, tip: tuple[float, float], direction: float, length: float
) -> None:
    """A filled arrow head at ``tip`` pointing along ``direction`` (radians, screen coordinates)."""
    back = direction + math.pi
    spread = math.radians(32)
    left = (tip[0] + length * math.cos(back - spread), tip[1] + length * math.sin(back - spread))
    right = (tip[0] + length * math.cos(back + spread), tip[1] + length * math.sin(back + spread))
    pygame.draw.polygon(surf, colour, [tip, left, right])


def _rotate_arrow(surf: pygame.Surface, u: float, colour: RGB, clockwise: bool) -> None:
    """A circle open at the top with an arrow head on one end (the refresh-style rotate icon)."""
    cx, cy, r = 12.0, 13.0, 7.0
    start, end = (25.0, 290.0) if clockwise else (-25.0, -290.0)
    _line(surf, colour, _pts(u, _arc(cx, cy, r, start, end)), 2.4 * u)
    a = math.radians(end)
    tip_x, tip_y = cx + r * math.sin(a), cy - r * math.cos(a)
    # the tangent along the direction of travel, in screen coordinates
    sign = 1 if clockwise else -1
    direction = math.atan2(math.sin(a) * sign, math.cos(a) * sign)
    reach = 3.2
    tip = ((tip_x + reach * math.cos(direction)) * u, (tip_y + reach * math.sin(direction)) * u)
    _arrow_head(surf, colour, tip, direction, 7 * u)


@_painter("rotate_cw")
def _rotate_cw(surf: pygame.Surface, u: float, colour: RGB) -> None:
    _rotate_arrow(surf, u, colour, True)


@_painter("rotate_ccw")
def _rotate_ccw(surf: pygame.Surface, u: float, colour: RGB) -> None:
    _rotate_arrow(surf, u, colour, False)


def _hook_arrow(surf: pygame.Surface, u: float, colour: RGB, mirrored: bool) -> None:
    def fx(x: float) -> float:
        return 24 - x if mirrored else x

    body = [(8.0, 20.0), (13.5, 20.0), *_arc(13.5, 14.5, 5.5, 180, 0, 20), (7.0, 9.0)]
    _line(surf, colour, _pts(u, [(fx(x), y) for x, y in body]), 2.4 * u)
    _arrow_head(surf, colour, (fx(2.6) * u, 9 * u), 0.0 if mirrored else math.pi, 6.4 * u)


@_painter("undo")
def _undo(surf: pygame.Surface, u: float, colour: RGB) -> None:
    _hook_arrow(surf, u, colour, False)


@_painter("redo")
def _redo(surf: pygame.Surface, u: float, colour: RGB) -> None:
    _hook_arrow(surf, u, colour, True)


@_painter("copy")
def _copy(surf: pygame.Surface, u: float, colour: RGB) -> None:
    w = max(1, round(2 * u))
    pygame.draw.rect(surf, colour, pygame.Rect(4 * u, 3 * u, 11 * u, 13 * u), w, border_radius=round(2 * u))
    pygame.draw.rect(surf, colour, pygame.Rect(9 * u, 8 * u, 11 * u, 13 * u), border_radius=round(2 * u))
    hole = pygame.Rect(11 * u, 10 * u, 7 * u, 9 * u)
    pygame.draw.rect(surf, CLEAR, hole, border_radius=round(1 * u))


@_painter("paste")
def _paste(surf: pygame.Surface, u: float, colour: RGB) -> None:
    w = max(1, round(2 * u))
    pygame.draw.rect(
        surf, colour, pygame.Rect(4.5 * u, 4.5 * u, 15 * u, 17 * u), w, border_radius=round(2 * u)
    )
    pygame.draw.rect(
        surf, colour, pygame.Rect(8.5 * u, 2.5 * u, 7 * u, 4.5 * u), border_radius=round(1.5 * u)
    )
    for y in (11.5, 15.5):
        _line(surf, colour, _pts(u, [(8.5, y), (15.5, y)]), 1.8 * u)


@_painter("trash")
def _trash(surf: pygame.Surface, u: float, colour: RGB) -> None:
    _line(surf, colour, _pts(u, [(4, 6.5), (20, 6.5)]), 2.2 * u)
    _line(surf, colour, _pts(u, [(9.5, 6), (10, 3.5), (14, 3.5), (14.5, 6)]), 1.8 * u)
    body = _pts(u, [(6, 8.5), (18, 8.5), (16.8, 21), (7.2, 21)])
    pygame.draw.polygon(surf, colour, body)
    for x in (10, 14):
        _line(surf, CLEAR, _pts(u, [(x, 11.5), (x, 18)]), 1.6 * u)


@_painter("eraser")
def _eraser(surf: pygame.Surface, u: float, colour: RGB) -> None:
    # a block tilted 45 degrees: the coloured body and a pale rubber tip
    def rot(x: float, y: float) -> tuple[float, float]:
        c, s = math.cos(math.radians(-40)), math.sin(math.radians(-40))
        x, y = x - 12, y - 12
        return (12 + x * c - y * s, 11 + x * s + y * c)

    body = [rot(x, y) for x, y in ((9, 7), (21, 7), (21, 15), (9, 15))]
    tip = [rot(x, y) for x, y in ((3, 7), (9, 7), (9, 15), (3, 15))]
    pygame.draw.polygon(surf, colour, _pts(u, body))
    pygame.draw.polygon(surf, ICON_TIP, _pts(u, tip))
    pygame.draw.polygon(surf, colour, _pts(u, tip), max(1, round(1.4 * u)))
    _line(surf, colour, _pts(u, [(4, 21), (20, 21)]), 1.6 * u)


@_painter("pointer")
def _pointer(surf: pygame.Surface, u: float, colour: RGB) -> None:
    shape = _pts(u, [(6, 3), (6, 19), (10, 15.5), (13, 21.5), (15.8, 20.2), (12.9, 14.4), (18, 14)])
    pygame.draw.polygon(surf, colour, shape)


@_painter("mirror")
def _mirror(surf: pygame.Surface, u: float, colour: RGB) -> None:
    left = _pts(u, [(3, 19), (10, 5), (10, 19)])
    pygame.draw.polygon(surf, colour, left)
    right = _pts(u, [(21, 5), (14, 19), (14, 5)])
    pygame.draw.polygon(surf, colour, right, max(1, round(1.8 * u)))
    for y in range(2, 23, 4):
        _line(surf, colour, _pts(u, [(12, y), (12, y + 1.6)]), 1.4 * u)


@_painter("save")
def _save(surf: pygame.Surface, u: float, colour: RGB) -> None:
    outer = _pts(u, [(4, 4), (17, 4), (20, 7), (20, 20), (4, 20)])
    pygame.draw.polygon(surf, colour, outer)
    pygame.draw.rect(surf, CLEAR, pygame.Rect(7.5 * u, 4 * u, 8 * u, 5.5 * u))
    pygame.draw.rect(surf, colour, pygame.Rect(12 * u, 5 * u, 2.4 * u, 3.5 * u))
    pygame.draw.rect(surf, CLEAR, pygame.Rect(7 * u, 12.5 * u, 10 * u, 6 * u), border_radius=round(u))


@_painter("play")
def _play(surf: pygame.Surface, u: float, colour: RGB) -> None:
    pygame.draw.polygon(surf, colour, _pts(u, [(7, 4), (20, 12), (7, 20)]))


@_painter("ok")
def _ok(surf: pygame.Surface, u: float, colour: RGB) -> None:
    pygame.draw.circle(surf, colour, (12 * u, 12 * u), 10 * u)
    _line(surf, ICON_INK, _pts(u, [(7.2, 12.4), (10.6, 15.8), (16.8, 8.6)]), 2.4 * u)


@_painter("error")
def _error(surf: pygame.Surface, u: float, colour: RGB) -> None:
    pygame.draw.circle(surf, colour, (12 * u, 12 * u), 10 * u)
    dark = ICON_INK
    _line(surf, dark, _pts(u, [(8.3, 8.3), (15.7, 15.7)]), 2.4 * u)
    _line(surf, dark, _pts(u, [(15.7, 8.3), (8.3, 15.7)]), 2.4 * u)


@_painter("warning")
def _warning(surf: pygame.Surface, u: float, colour: RGB) -> None:
    tri = _pts(u, [(12, 2.5), (22.5, 20.5), (1.5, 20.5)])
    pygame.draw.polygon(surf, colour, tri)
    dark = ICON_INK
    _line(surf, dark, _pts(u, [(12, 8.5), (12, 13.8)]), 2.4 * u)
    pygame.draw.circle(surf, dark, (12 * u, 17.4 * u), 1.4 * u)


@_painter("info")
def _info(surf: pygame.Surface, u: float, colour: RGB) -> None:
    pygame.draw.circle(surf, colour, (12 * u, 12 * u), 10 * u)
    dark = ICON_INK
    pygame.draw.circle(surf, dark, (12 * u, 7.4 * u), 1.5 * u)
    _line(surf, dark, _pts(u, [(12, 11), (12, 17)]), 2.4 * u)


@_painter("laser")
def _laser(surf: pygame.Surface, u: float, colour: RGB) -> None:
    # a beam leaving an emitter and bouncing off a mirror
    pygame.draw.circle(surf, colour, (5 * u, 19 * u), 3 * u)
    _line(surf, colour, _pts(u, [(5, 19), (5, 6), (19, 6)]), 1.8 * u)
    _line(surf, colour, _pts(u, [(2, 9), (8, 3)]), 1.6 * u)
    _arrow_head(surf, colour, (22 * u, 6 * u), 0.0, 5 * u)


__all__ = ["icon", "names"]
