"""The side panel shared by the game and replay screens: where the board, the two player cards,
the status line, the move list and the control rows go, and how a player card is drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.pieces import Piece
from game.variants.base import Variant
from gui.art.fonts import fit_text, font
from gui.art.pieces import piece_surface
from gui.art.schemes import Scheme
from gui.colours import (
    ALERT,
    BODY_TEXT,
    CARD_IDLE,
    CARD_IDLE_EDGE,
    CLOCK_ACTIVE,
    CLOCK_LOW_BG,
    DIM,
    GOLD,
    HEADING,
    MUTED,
    RAISED,
    SMALL_TEXT,
    TAG_BG_GOLD,
    TEXT,
)
from gui.layout import px
from gui.widgets.home_button import home_button_rect


@dataclass(frozen=True)
class SidePanel:
    """Rectangles of a board-and-panel screen (screen coordinates)."""

    board_area: pygame.Rect
    panel: pygame.Rect
    cards: dict[int, pygame.Rect]  # colour -> its player card (the top one is the far side)
    status: pygame.Rect
    moves: pygame.Rect
    controls: pygame.Rect  # rows of buttons between the move list and the lower card
    row_h: int
    gap: int


def side_panel_layout(size: tuple[int, int], flipped: bool, control_rows: int) -> SidePanel:
    w, h = size
    margin = max(10, px(20, size))
    home = home_button_rect(size)
    side_w = max(250, min(px(380, size), int(w * 0.33)))
    panel = pygame.Rect(w - margin - side_w, home.bottom + px(10, size), side_w, 0)
    panel.height = h - panel.top - margin
    board_area = pygame.Rect(margin, margin, panel.left - 2 * margin, h - 2 * margin)
    pad = max(8, px(14, size))
    inner = panel.inflate(-2 * pad, -2 * pad)
    card_h = max(54, px(72, size))
    row_h = max(28, px(38, size))
    gap = max(4, px(6, size))
    top_color = 0 if flipped else 1
    cards = {
        top_color: pygame.Rect(inner.x, inner.y, inner.width, card_h),
        1 - top_color: pygame.Rect(inner.x, inner.bottom - card_h, inner.width, card_h),
    }
    status = pygame.Rect(inner.x, inner.y + card_h + gap, inner.width, max(42, px(56, size)))
    bottom = inner.bottom - card_h - gap
    controls_h = control_rows * row_h + max(0, control_rows - 1) * gap
    controls = pygame.Rect(inner.x, bottom - controls_h, inner.width, controls_h)
    moves = pygame.Rect(inner.x, status.bottom + gap, inner.width, controls.top - gap - status.bottom - gap)
    return SidePanel(board_area, panel, cards, status, moves, controls, row_h, gap)


def format_clock(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` past an hour), or ``0:s.t`` with tenths under ten seconds, like lichess."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"0:{seconds:04.1f}"
    whole = int(seconds)
    if whole >= 3600:
        return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"
    return f"{whole // 60}:{whole % 60:02d}"


def clock_change_in(seconds: float) -> float:
    """Seconds until :func:`format_clock` shows a running clock differently (just after its
    next whole second; a tenth under ten seconds), so the window is drawn only then."""
    if seconds <= 10.05:
        return 0.1
    return seconds - int(seconds) + 0.005


def draw_player_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    variant: Variant,
    scheme: Scheme,
    color: int,
    label: str,
    active: bool,
    captured: Sequence[Piece],
    clock: float | None = None,
    low_time: bool = False,
    note: str | None = None,
    turn_note: str | None = None,
) -> None:
    """One player: the royal piece in their colour, their name, the opponent's pieces they have
    destroyed, and their clock (red and boxed when low) or a short note such as the CPU's depth.
    ``turn_note`` (the rule set's "1 action left") is a gold tag after the name of the side to move."""
    size = surface.get_size()
    pygame.draw.rect(surface, RAISED if active else CARD_IDLE, rect, border_radius=px(10, size))
    pygame.draw.rect(
        surface, GOLD if active else CARD_IDLE_EDGE, rect, 2 if active else 1, border_radius=px(10, size)
    )
    icon = max(20, rect.height // 2)
    surface.blit(
        piece_surface(variant.pieces.by_number[variant.royal_kind], color, 0, icon, scheme),
        (rect.x + px(8, size), rect.y + px(6, size)),
    )
    x = rect.x + icon + px(14, size)
    right_w = 0
    if clock is not None:
        colour = ALERT if low_time else (CLOCK_ACTIVE if active else DIM)
        img = font(max(15, px(24, size)), bold=True).render(format_clock(clock), True, colour)
        box = img.get_rect(midright=(rect.right - px(12, size), rect.centery))
        if low_time and active:
            pygame.draw.rect(surface, CLOCK_LOW_BG, box.inflate(12, 6), border_radius=6)
        surface.blit(img, box)
        right_w = box.w + px(16, size)
    elif note:
        img = font(max(11, px(13, size))).render(note, True, DIM)
        box = img.get_rect(midright=(rect.right - px(12, size), rect.centery))
        surface.blit(img, box)
        right_w = box.w + px(16, size)
    name_font = font(BODY_TEXT.at(size), bold=True)
    room = rect.right - x - right_w - 8
    tag = turn_tag(turn_note, room, size) if turn_note else None
    if tag is not None:
        room -= tag.get_width() + px(8, size)
    name = name_font.render(fit_text(name_font, label, max(1, room)), True, TEXT)
    name_pos = (x, rect.y + px(8, size))
    surface.blit(name, name_pos)
    if tag is not None:
        centre_y = name_pos[1] + name.get_height() // 2
        surface.blit(tag, tag.get_rect(midleft=(x + name.get_width() + px(8, size), centre_y)))
    small = max(12, rect.height // 3)
    for piece in list(captured)[:10]:
        surface.blit(
            piece_surface(variant.pieces.by_number[piece.kind], piece.color, 0, small, scheme),
            (x, rect.bottom - small - px(6, size)),
        )
        x += int(small * 0.8)


def turn_tag(text: str, room: int, size: tuple[int, int]) -> pygame.Surface:
    """The turn indicator: ``text`` in gold on a dark pill, at most ``room`` pixels wide."""
    f = font(SMALL_TEXT.at(size), bold=True)
    pad = max(4, px(7, size))
    img = f.render(fit_text(f, text, max(1, room - 2 * pad)), True, GOLD)
    tag = pygame.Surface((img.get_width() + 2 * pad, img.get_height() + 4), pygame.SRCALPHA)
    box = tag.get_rect()
    pygame.draw.rect(tag, TAG_BG_GOLD, box, border_radius=box.height // 2)
    pygame.draw.rect(tag, GOLD, box, 1, border_radius=box.height // 2)
    tag.blit(img, (pad, 2))
    return tag


def draw_panel_title(surface: pygame.Surface, panel: pygame.Rect, title: str, subtitle: str = "") -> None:
    """The screen's title above the side panel, level with the home button, and a quieter
    subtitle (the setup's name, the time control) beside it, whole: wrapped onto a second line,
    and the title drawn smaller, when one line has no room for it."""
    size = surface.get_size()
    home = home_button_rect(size)
    band = panel_title_band(size, panel).inflate(0, px(12, size))
    title_img, sub_font, lines = _fit_title(title, subtitle, band, size)
    surface.blit(title_img, title_img.get_rect(midleft=(band.x, home.centery)))
    if not lines:
        return
    x = band.x + title_img.get_width() + px(14, size)
    step = sub_font.get_linesize()
    y = home.centery + 2 - step * len(lines) // 2
    for line in lines:
        surface.blit(sub_font.render(line, True, MUTED), (x, y))
        y += step


def panel_title_band(size: tuple[int, int], panel: pygame.Rect) -> pygame.Rect:
    """The band above a side panel, level with the home button: the screen's title, and its
    notice strip (a notice covers the title for a while, never a clock, a card or a button)."""
    home = home_button_rect(size)
    left = panel.x + px(4, size)
    return pygame.Rect(left, home.top, max(40, home.left - 6 - left), home.height)


def _fit_title(
    title: str, subtitle: str, band: pygame.Rect, size: tuple[int, int]
) -> tuple[pygame.Surface, pygame.font.Font, list[str]]:
    """The title image and the subtitle's font and lines: the largest title (and subtitle) with
    which the subtitle fits the band whole, on one or two lines."""
    gap = px(14, size)
    big, small = max(18, px(28, size)), SMALL_TEXT.at(size)
    for shrink in range(0, 9):
        title_img = font(max(12, big - 2 * shrink), bold=True).render(title, True, HEADING)
        sub_font = font(max(10, small - shrink // 3))
        if not subtitle:
            return title_img, sub_font, []
        room = band.width - title_img.get_width() - gap
        if room <= 0:
            continue
        lines = _subtitle_lines(sub_font, subtitle, room)
        if lines and len(lines) * sub_font.get_linesize() <= band.height:
            return title_img, sub_font, lines
    sub_font = font(10)
    room = max(1, band.width - title_img.get_width() - gap)
    return title_img, sub_font, [fit_text(sub_font, subtitle, room)]


def _subtitle_lines(f: pygame.font.Font, text: str, room: int) -> list[str] | None:
    """``text`` on one line, or two broken at a " · " or a space, each within ``room``; None if
    neither fits."""
    if f.size(text)[0] <= room:
        return [text]
    for sep in (" \u00b7 ", " "):
        parts = text.split(sep)
        for cut in range(len(parts) - 1, 0, -1):
            first, second = sep.join(parts[:cut]).strip(), sep.join(parts[cut:]).strip()
            if f.size(first)[0] <= room and f.size(second)[0] <= room:
                return [first, second]
    return None
