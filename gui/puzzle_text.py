"""Paragraphs drawn into a panel whole: the font shrinks (down to a floor) until every line fits,
and only past the floor does the text scroll by its ``offset``; nothing is ever cut with "…"."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gui.art.fonts import font, wrap_text

FLOOR = 10  # the smallest font size tried before the text scrolls instead


@dataclass(frozen=True)
class Para:
    """One paragraph: its text, colour, weight, and the space after it (in line heights)."""

    text: str
    colour: tuple[int, int, int]
    bold: bool = False
    after: float = 0.35
    scale: float = 1.0  # relative size (a heading is larger)


def layout(
    paras: list[Para], width: int, size: int
) -> tuple[list[tuple[pygame.font.Font, Para, list[str]]], int]:
    """Each paragraph wrapped in a font of ``size`` (scaled), and the height of them all."""
    out = []
    height = 0
    for p in paras:
        f = font(max(FLOOR, round(size * p.scale)), bold=p.bold)
        lines = wrap_text(f, p.text, width, max_lines=200) if p.text else [""]
        out.append((f, p, lines))
        height += len(lines) * f.get_linesize() + round(p.after * f.get_linesize())
    return out, height


def fitted(
    paras: list[Para], rect: pygame.Rect, size: int
) -> tuple[list[tuple[pygame.font.Font, Para, list[str]]], int]:
    """The largest size (from ``size`` down to the floor) at which the paragraphs fit ``rect``."""
    for s in range(size, FLOOR - 1, -1):
        laid, height = layout(paras, rect.width, s)
        if height <= rect.height:
            return laid, height
    return layout(paras, rect.width, FLOOR)


def draw_paras(
    surface: pygame.Surface, paras: list[Para], rect: pygame.Rect, size: int, offset: int = 0
) -> int:
    """Draw ``paras`` into ``rect`` (clipped, scrolled up by ``offset`` px if they are taller);
    returns how far they overflow (0 when all of them show)."""
    laid, height = fitted(paras, rect, size)
    overflow = max(0, height - rect.height)
    y = rect.y - min(offset, overflow)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for f, p, lines in laid:
        for line in lines:
            if line:
                surface.blit(f.render(line, True, p.colour), (rect.x, y))
            y += f.get_linesize()
        y += round(p.after * f.get_linesize())
    surface.set_clip(clip)
    return overflow
