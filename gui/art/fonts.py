"""Fonts for text the app draws itself (titles, board coordinates): the Noto Sans faces that ship
with pygame-gui, so custom-drawn text matches the widgets. Falls back to pygame's default font."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

import pygame


@cache
def _font_file(bold: bool) -> str | None:
    try:
        import pygame_gui.data

        folder = Path(pygame_gui.data.__file__).parent
    except (ImportError, AttributeError, TypeError):
        return None
    candidate = folder / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
    return str(candidate) if candidate.exists() else None


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached Font of this pixel size."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(6, int(size))
    path = _font_file(bold)
    try:
        return pygame.font.Font(path, size)
    except (OSError, pygame.error):
        f = pygame.font.Font(None, size)
        f.set_bold(bold)
        return f


def wrap_text(f: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels (long words are split)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if f.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while f.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and f.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def fit_text(f: pygame.font.Font, text: str, width: int) -> str:
    """``text``, cut with an ellipsis if it is wider than ``width`` pixels."""
    if f.size(text)[0] <= width:
        return text
    while len(text) > 1 and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


@lru_cache(maxsize=1024)
def text_image(text: str, size: int, bold: bool, colour: tuple[int, int, int]) -> pygame.Surface:
    """Rendered text, cached (lists and cards draw the same strings every frame)."""
    return font(size, bold).render(text, True, colour)


def blit_wrapped(
    surface: pygame.Surface,
    text: str,
    f: pygame.font.Font,
    colour: tuple[int, int, int],
    rect: pygame.Rect,
    max_lines: int = 2,
    centred: bool = True,
) -> None:
    """Draw ``text`` wrapped into ``rect`` (at most ``max_lines``, the last one ellipsised),
    vertically centred or from the top."""
    lines = wrap_text(f, text, rect.width)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and f.size(last + "…")[0] > rect.width:
            last = last[:-1]
        lines[-1] = last + "…"
    step = f.get_linesize()
    y = rect.centery - len(lines) * step // 2 if centred else rect.y
    for line in lines:
        surface.blit(f.render(line, True, colour), (rect.x, y))
        y += step
