"""Arrows and circles a player draws on the board to think aloud, as on lichess: drag with the right
mouse button from one square to another for an arrow, right-click a square for a circle (again to
remove it). Shift draws in red, Ctrl or Alt in blue, else green. They go with the next move.

Kept by the board (:class:`gui.widgets.board_view.BoardView` ``sketch``); the app feeds it the
right-button events over a board of a screen that allows it (``Screen.sketch_boards``), so the
right button never turns a piece there: turning stays on its buttons and keys.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from gui.colours import SKETCH_BLUE as BLUE
from gui.colours import SKETCH_GREEN as GREEN
from gui.colours import SKETCH_RED as RED

ALPHA = 170


def colour_for(mods: int) -> tuple[int, int, int]:
    if mods & pygame.KMOD_SHIFT:
        return RED
    if mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return BLUE
    return GREEN


@dataclass
class Sketch:
    """The arrows and circles on one board, and the right-button drag in progress."""

    arrows: dict[tuple[int, int], tuple[int, int, int]] = field(default_factory=dict)  # (from, to) -> colour
    circles: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # square -> colour
    pressed: int | None = None  # the square the right button went down on
    pointer: tuple[int, int] | None = None  # where the drag is now (for the arrow being drawn)
    colour: tuple[int, int, int] = GREEN

    @property
    def empty(self) -> bool:
        return not self.arrows and not self.circles

    def clear(self) -> None:
        self.arrows.clear()
        self.circles.clear()
        self.pressed = self.pointer = None

    def handle_event(
        self, event: pygame.event.Event, square_at: Callable[[tuple[int, int]], int | None]
    ) -> bool:
        """A right-button press, drag or release over the board (True: the event was the sketch's)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            square = square_at(event.pos)
            if square is None:
                return False
            self.pressed, self.pointer = square, event.pos
            self.colour = colour_for(pygame.key.get_mods())
            return True
        if event.type == pygame.MOUSEMOTION and self.pressed is not None:
            self.pointer = event.pos
            return False  # the board still hears where the mouse is
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.pressed is not None:
            start, self.pressed, self.pointer = self.pressed, None, None
            end = square_at(event.pos)
            if end is None:
                return True
            if end == start:
                self._toggle(self.circles, start)
            else:
                self._toggle(self.arrows, (start, end))
            return True
        return False

    def _toggle(self, marks: dict, key: object) -> None:
        if marks.get(key) == self.colour:
            del marks[key]
        else:
            marks[key] = self.colour


def draw_sketch(
    surface: pygame.Surface,
    sketch: Sketch,
    centre_of: Callable[[int], tuple[float, float]],
    square: int,
    area: pygame.Rect,
) -> None:
    """Every circle and arrow (and the arrow being dragged) over the board ``area``, translucent."""
    if sketch.empty and sketch.pressed is None:
        return
    layer = pygame.Surface(area.size, pygame.SRCALPHA)

    def local(p: tuple[float, float]) -> tuple[float, float]:
        return (p[0] - area.x, p[1] - area.y)

    width = max(3, square // 9)
    for sq, colour in sketch.circles.items():
        pygame.draw.circle(layer, (*colour, ALPHA), local(centre_of(sq)), square * 0.45, max(2, square // 14))
    for (a, b), colour in sketch.arrows.items():
        _arrow(layer, local(centre_of(a)), local(centre_of(b)), colour, width, square)
    if sketch.pressed is not None and sketch.pointer is not None:
        start = centre_of(sketch.pressed)
        if math.dist(start, sketch.pointer) > square * 0.5:
            _arrow(layer, local(start), local(sketch.pointer), sketch.colour, width, square)
    surface.blit(layer, area)


def _arrow(
    layer: pygame.Surface,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: tuple[int, int, int],
    width: int,
    square: int,
) -> None:
    """A thick arrow from the middle of one square to the edge of the head at the other."""
    length = math.dist(a, b)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    head = min(length * 0.6, square * 0.42)
    tip = (b[0] - ux * square * 0.12, b[1] - uy * square * 0.12)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    start = (a[0] + ux * square * 0.18, a[1] + uy * square * 0.18)
    px, py = -uy, ux
    half = width / 2
    shaft = [
        (start[0] + px * half, start[1] + py * half),
        (base[0] + px * half, base[1] + py * half),
        (base[0] - px * half, base[1] - py * half),
        (start[0] - px * half, start[1] - py * half),
    ]
    spread = head * 0.55
    point = [
        tip,
        (base[0] + px * spread, base[1] + py * spread),
        (base[0] - px * spread, base[1] - py * spread),
    ]
    rgba = (*colour, ALPHA)
    pygame.draw.polygon(layer, rgba, shaft)
    pygame.draw.polygon(layer, rgba, point)
