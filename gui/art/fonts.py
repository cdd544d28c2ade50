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


_cut_log: list[str] | None = None  # while a list: every text shortened to fit is written into it


def record_cut_text(log: list[str] | None) -> None:
    """Start (with a list) or stop (None) noting every text that had to be shortened or overflowed
    its box: the layout test fails on any, so custom-drawn text is checked like widget labels."""
    global _cut_log
    _cut_log = log


def _note_cut(what: str) -> None:
    if _cut_log is not None:
        _cut_log.append(what)


MAX_WRAP_CHARS = 4000  # text beyond this is never shown (a notice or label is not a document)
MAX_LINES = 60


def _fitting_length(f: pygame.font.Font, text: str, width: int, suffix: str = "") -> int:
    """How many leading characters of ``text`` (at least 1) fit ``width`` pixels followed by
    ``suffix``: a binary search, so a 4,000-character word costs a dozen measurements, not 4,000.
    A glyph is at least a pixel wide, so no more than ``width`` characters are ever measured."""
    lo, hi = 1, max(1, min(len(text), width))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid] + suffix)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def wrap_text(f: pygame.font.Font, text: str, width: int, max_lines: int = MAX_LINES) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels (long words are split). At most
    ``max_lines`` lines (the last one ellipsised), so the time is bounded whatever the text."""
    width = max(1, width)
    cut_short = len(text) > MAX_WRAP_CHARS
    lines: list[str] = []
    for paragraph in text[:MAX_WRAP_CHARS].split("\n"):
        line = ""
        for word in paragraph.split(" "):
            if len(lines) > max_lines:
                break
            candidate = f"{line} {word}" if line else word
            if len(candidate) <= width and f.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while len(word) > 1 and len(lines) <= max_lines and f.size(word[: width + 1])[0] > width:
                cut = _fitting_length(f, word, width)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
        if len(lines) > max_lines:
            break
    if len(lines) > max_lines or cut_short:
        _note_cut(f"{text[:60]!r} needs more than {max_lines} lines of {width} px")
        lines = lines[:max_lines]
        lines[-1] = fit_text(f, lines[-1] + "…", width)
    return lines


def fit_text(f: pygame.font.Font, text: str, width: int) -> str:
    """``text``, cut with an ellipsis if it is wider than ``width`` pixels (bounded time)."""
    head = text[: max(1, width) + 1]
    if len(head) == len(text) and f.size(text)[0] <= width:
        return text
    cut = head[: _fitting_length(f, head, width, "…")].rstrip() + "…"
    _note_cut(f"{text[:60]!r} cut to {cut!r} in {width} px")
    return cut


@lru_cache(maxsize=1024)
def text_image(text: str, size: int, bold: bool, colour: tuple[int, int, int]) -> pygame.Surface:
    """Rendered text, cached (lists and cards draw the same strings every frame)."""
    return font(size, bold).render(text, True, colour)


def blit_lines(
    surface: pygame.Surface,
    text: str,
    f: pygame.font.Font,
    colour: tuple[int, int, int],
    topleft: tuple[int, int],
    width: int,
    indent: int = 0,
    max_lines: int = 4,
) -> int:
    """Draw ``text`` wrapped to ``width`` from ``topleft`` (lines after the first indented by
    ``indent`` px, as under a list number); returns the y below the last line."""
    x, y = topleft
    lines = wrap_text(f, text, max(1, width - indent), max_lines)
    for i, line in enumerate(lines):
        surface.blit(f.render(line, True, colour), (x + (indent if i else 0), y))
        y += f.get_linesize()
    return y


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
    lines = wrap_text(f, text, rect.width, max_lines)
    step = f.get_linesize()
    if len(lines) * step > rect.height + 2:
        _note_cut(f"{text[:60]!r}: {len(lines)} lines of {step} px overflow a box {rect.height} px high")
    y = rect.centery - len(lines) * step // 2 if centred else rect.y
    for line in lines:
        surface.blit(f.render(line, True, colour), (rect.x, y))
        y += step


def fitting_font(
    text: str, box: pygame.Rect, size: int, bold: bool = False, smallest: int = 10
) -> tuple[pygame.font.Font, int]:
    """The largest font (from ``size`` down to ``smallest`` px) in which ``text`` wraps into ``box``
    whole, and its number of lines: a message is never cut off while a smaller font would do."""
    for s in range(size, smallest - 1, -1):
        f = font(s, bold=bold)
        lines = len(wrap_text(f, text, box.width, 12))
        if lines * f.get_linesize() <= box.height:
            return f, lines
    f = font(smallest, bold=bold)
    return f, max(1, box.height // f.get_linesize())
