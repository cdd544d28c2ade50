"""The analysis graph (who stood better, ply by ply; a click jumps there) and the evaluation bar.

Both show the first player's expected score (0..1, from :func:`game.analysis.win_chance`), so a
forced win is the top or the bottom and big scores flatten out instead of leaving the picture.
Custom drawn; ``handle_event`` is the only method that changes state.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.analysis import BEST, BLUNDERED, INACCURATE, MISTAKEN, SELF_SHOT
from gui.art.fonts import text_image
from gui.colours import (
    BAR_MIDDLE,
    CURSOR_LINE,
    DOT_RIM,
    EDGE,
    EVAL_LINE,
    EVEN_LINE,
    FIRST_SHARE,
    GOLD,
    HINT,
    MARK_BEST,
    MARK_BLUNDERED,
    MARK_INACCURATE,
    MARK_MISTAKEN,
    MARK_SELF_SHOT,
    RGB,
    SECOND_SHARE,
)

MARK_COLOURS: dict[str, RGB] = {
    BEST: MARK_BEST,
    INACCURATE: MARK_INACCURATE,
    MISTAKEN: MARK_MISTAKEN,
    BLUNDERED: MARK_BLUNDERED,
    SELF_SHOT: MARK_SELF_SHOT,
}


class EvalGraph:
    """One point per ply inside ``rect``; marks as coloured dots; the current ply as a gold line."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.values: list[float | None] = []  # per ply; None: not analysed yet
        self.marks: list[str] = []  # per move (ply - 1)
        self.current = 0
        self.hovered: int | None = None
        self._dragging = False
        self.empty_text = ""

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def set_data(self, values: Sequence[float | None], marks: Sequence[str] = ()) -> None:
        self.values = list(values)
        self.marks = list(marks)

    @property
    def plot(self) -> pygame.Rect:
        return self.rect.inflate(-8, -8)

    def x_of(self, ply: int) -> float:
        plot = self.plot
        n = max(1, len(self.values) - 1)
        return plot.x + plot.w * ply / n

    def y_of(self, value: float) -> float:
        plot = self.plot
        return plot.bottom - plot.h * max(0.0, min(1.0, value))

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        if not self.values or not self.rect.collidepoint(pos):
            return None
        plot = self.plot
        n = max(1, len(self.values) - 1)
        return max(0, min(len(self.values) - 1, round((pos[0] - plot.x) / max(1, plot.w) * n)))

    def handle_event(self, event: pygame.event.Event) -> int | None:
        """A ply to jump to (click or drag on the graph), else None."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            ply = self.ply_at(event.pos)
            self._dragging = ply is not None
            return ply
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.ply_at(event.pos)
            if self._dragging and event.buttons[0] and self.hovered is not None:
                return self.hovered
        return None

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        if rect.w < 20 or rect.h < 12:
            return
        radius = max(4, min(10, rect.h // 8))
        pygame.draw.rect(surface, SECOND_SHARE, rect, border_radius=radius)
        plot = self.plot
        known = [(i, v) for i, v in enumerate(self.values) if v is not None]
        if len(known) >= 2:
            points = [(self.x_of(i), self.y_of(v)) for i, v in known]
            area = [(points[0][0], plot.bottom), *points, (points[-1][0], plot.bottom)]
            pygame.draw.polygon(surface, FIRST_SHARE, area)
            pygame.draw.lines(surface, EVAL_LINE, False, points, 2)
        label = None
        gap = pygame.Rect(0, 0, 0, 0)
        if not known and self.empty_text:
            label = text_image(self.empty_text, max(11, min(16, rect.h // 5)), False, HINT)
            gap = label.get_rect(center=rect.center).inflate(12, 0)
        mid = plot.centery
        for x in range(plot.x, plot.right, 8):
            end = min(x + 4, plot.right)
            if not (gap.left <= end and x <= gap.right and gap.top <= mid <= gap.bottom):
                pygame.draw.line(surface, EVEN_LINE, (x, mid), (end, mid), 1)  # the hint is never crossed out
        if label is not None:
            surface.blit(label, label.get_rect(center=rect.center))
        if self.values:
            x = round(self.x_of(self.current))
            pygame.draw.line(surface, GOLD, (x, rect.y + 2), (x, rect.bottom - 3), 2)
            if self.hovered is not None and self.hovered != self.current:
                hx = round(self.x_of(self.hovered))
                pygame.draw.line(surface, CURSOR_LINE, (hx, rect.y + 2), (hx, rect.bottom - 3), 1)
        dot = max(3, min(6, rect.h // 20))
        for ply, mark in enumerate(self.marks, start=1):
            colour = MARK_COLOURS.get(mark)
            value = self.values[ply] if ply < len(self.values) else None
            if colour is None or value is None:
                continue
            size = max(2, dot // 2) if mark == BEST else dot  # best moves: small, the errors stand out
            centre = (round(self.x_of(ply)), round(self.y_of(value)))
            pygame.draw.circle(surface, DOT_RIM, centre, size + 1)
            pygame.draw.circle(surface, colour, centre, size)
        pygame.draw.rect(surface, EDGE, rect, 1, border_radius=radius)


def draw_eval_bar(
    surface: pygame.Surface, rect: pygame.Rect, value: float | None, first_at_bottom: bool
) -> None:
    """A vertical bar: the first player's expected score fills from their side of the board."""
    if rect.w < 4 or rect.h < 20:
        return
    pygame.draw.rect(surface, SECOND_SHARE, rect, border_radius=3)
    if value is not None:
        share = round(rect.h * max(0.0, min(1.0, value)))
        fill = pygame.Rect(rect.x, rect.bottom - share if first_at_bottom else rect.y, rect.w, share)
        pygame.draw.rect(surface, FIRST_SHARE, fill, border_radius=3)
    pygame.draw.line(surface, BAR_MIDDLE, (rect.x, rect.centery), (rect.right - 1, rect.centery), 1)
    pygame.draw.rect(surface, EDGE, rect, 1, border_radius=3)
