"""Game cards in a horizontally scrolling strip, for the past-games browser.

Each card shows a small board of the game's final position, when it was played, who played,
the rule set and setup, the result and its reason, the number of moves and how long it took.
A file that could not be read gets a card saying why. The selected card has a green border.

The strip is custom drawn (no pygame-gui widgets): the mouse wheel, the scroll bar and the
arrow keys scroll it; a click selects a card, a double click opens it. Thumbnails are drawn in
``update`` a few per frame for the cards in view (cached by file and modification time), so a
folder of hundreds of games opens at once; ``draw`` only reads.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game import Game, get_variant
from gui.art.fonts import fit_text, font, text_image, wrap_text
from gui.art.pieces import palette_for
from gui.art.render import mix
from gui.art.schemes import get_scheme
from gui.colours import (
    AMBER,
    BLACK,
    CARD_BG,
    CARD_EDGE,
    CHIP_INK,
    CPU_ORANGE,
    DAMAGED_BG,
    DAMAGED_EDGE,
    DAMAGED_MARK,
    DOT_OUTLINE,
    DRAW_BLUE,
    GOLD,
    MUTED,
    OPAQUE,
    RAISED,
    RED,
    SCROLL_THUMB,
    SCROLL_TRACK,
    SELECTED,
    TEXT,
)
from gui.layout import px
from gui.library import GameEntry, cached_thumbnail, format_duration, format_when, thumbnail
from gui.wording import plural

RESULT_COLOURS = {
    "human": GOLD,
    "cpu": CPU_ORANGE,
    "draw": DRAW_BLUE,
    "unfinished": AMBER,
    "unreadable": RED,
}

DOUBLE_CLICK_SECONDS = 0.45
THUMB_BUDGET_SECONDS = 0.012  # time per frame spent drawing new thumbnails


def _fit(text: str, size: int, bold: bool, width: int) -> str:
    return fit_text(font(size, bold), text, width)


def _shrink(text: str, size: int, bold: bool, width: int, least: int = 3) -> int:
    """The largest font size, down to ``least`` px smaller, in which ``text`` fits ``width``
    (a narrow card says "Red wins: Pharaoh destroyed" a little smaller rather than cut it)."""
    for s in range(size, max(9, size - least) - 1, -1):
        if font(s, bold).size(text)[0] <= width:
            return s
    return size


@lru_cache(maxsize=8)
def _green_glow(w: int, h: int, radius: int) -> pygame.Surface:
    pad = 10
    glow = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(glow, (*SELECTED, 120), pygame.Rect(pad, pad, w, h), border_radius=radius)
    return pygame.transform.gaussian_blur(glow, 6)


@lru_cache(maxsize=8)
def _card_back(w: int, h: int, radius: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*CARD_BG, 242), surf.get_rect(), border_radius=radius)
    sheen = pygame.Surface((w, max(1, h // 3)), pygame.SRCALPHA)
    for y in range(sheen.get_height()):
        pygame.draw.line(sheen, (255, 255, 255, int(12 * (1 - y / sheen.get_height()))), (0, y), (w, y))
    mask = pygame.Surface(sheen.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(
        mask,
        OPAQUE,
        mask.get_rect().inflate(0, radius * 2).move(0, radius),
        border_radius=radius,
    )
    sheen.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(sheen, (0, 0))
    return surf


def accuracy_text(game: Game) -> str:
    """``Accuracy 86% · 83%`` (first player, second) once the game has been analysed, else empty."""
    analysis = game.analysis
    if analysis is None or not analysis.fits(game):
        return ""
    figures = [s.accuracy for s in analysis.summary(game)]
    return "Accuracy " + " · ".join("—" if a is None else f"{a:.0f}%" for a in figures)


def date_label(entry: GameEntry) -> str:
    return format_when(entry.started)


class CardStrip:
    """Cards for ``entries`` in one scrolling row inside ``rect`` (screen coordinates)."""

    def __init__(
        self, rect: pygame.Rect | Sequence[int] = (0, 0, 400, 300), scheme: str | None = None
    ) -> None:
        self.entries: list[GameEntry] = []
        self.selected: int | None = None
        self.hovered: int | None = None
        self.scheme = scheme or ""
        self.scroll = 0.0
        self.target = 0.0
        self.time = 0.0
        self._last_click: tuple[int, float] | None = None
        self._thumb_drag: tuple[int, float] | None = None
        self.window_size = (1280, 720)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.set_rect(rect)

    # ------------------------------------------------------------ layout
    def set_rect(
        self, rect: pygame.Rect | Sequence[int], window_size: tuple[int, int] | None = None, reserve: int = 0
    ) -> None:
        """Lay the strip out at the top of ``rect``, keeping ``reserve`` pixels free below it: cards
        as big as the height allows (within a readable range). ``self.rect`` gets the strip's height."""
        area = pygame.Rect(rect)
        if window_size is not None:
            self.window_size = window_size
        size = self.window_size
        self.font_size = max(12, min(22, px(15, size)))
        self.pad = max(8, px(12, size))
        self.gap = max(10, px(16, size))
        self.bar_h = max(8, px(10, size))
        self.radius = max(8, px(12, size))
        line = font(self.font_size).get_linesize()
        self.text_h = int(line * 6.3) + self.pad
        room = area.h - self.bar_h - self.gap
        thumb_room = room - reserve - self.text_h - 2 * self.pad
        by_height = int(thumb_room * 1.22) + 2 * self.pad  # a 10 x 8 board in its frame
        widest = max(180, int(area.w / 2.6))
        self.card_w = max(180, min(widest, by_height))
        thumb_h = int((self.card_w - 2 * self.pad) / 1.22)
        self.card_h = min(max(self.text_h + 2 * self.pad + 40, room), thumb_h + self.text_h + 2 * self.pad)
        self.rect = pygame.Rect(area.x, area.y, area.w, self.card_h + self.gap + self.bar_h)
        self._clamp()
        self.reveal(self.selected, jump=True)

    @property
    def content_width(self) -> int:
        n = len(self.entries)
        return n * self.card_w + max(0, n - 1) * self.gap

    @property
    def max_scroll(self) -> float:
        return float(max(0, self.content_width - self.rect.w))

    def card_rect(self, index: int, scroll: float | None = None) -> pygame.Rect:
        s = self.scroll if scroll is None else scroll
        x = self.rect.x + index * (self.card_w + self.gap) - round(s)
        return pygame.Rect(x, self.rect.y, self.card_w, self.card_h)

    def thumb_area(self, card: pygame.Rect) -> pygame.Rect:
        h = card.h - 2 * self.pad - self.text_h
        return pygame.Rect(card.x + self.pad, card.y + self.pad, card.w - 2 * self.pad, max(20, h))

    def visible_indices(self) -> range:
        step = self.card_w + self.gap
        first = max(0, int(self.scroll // step))
        last = min(len(self.entries) - 1, int((self.scroll + self.rect.w) // step))
        return range(first, last + 1)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        for i in self.visible_indices():
            if self.card_rect(i).collidepoint(pos):
                return i
        return None

    def track_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.bottom - self.bar_h, self.rect.w, self.bar_h)

    def thumb_rect(self) -> pygame.Rect | None:
        if self.max_scroll <= 0:
            return None
        track = self.track_rect()
        w = max(self.bar_h * 4, int(track.w * self.rect.w / max(1, self.content_width)))
        x = track.x + int((track.w - w) * self.scroll / self.max_scroll)
        return pygame.Rect(x, track.y, w, track.h)

    # ------------------------------------------------------------ content and selection
    def set_entries(self, entries: Sequence[GameEntry], keep: GameEntry | None = None) -> None:
        """Show ``entries``; keep the card for the same file selected if it is still there."""
        previous = keep or self.selected_entry
        self.entries = list(entries)
        self.selected = None
        if previous is not None:
            for i, entry in enumerate(self.entries):
                if entry.path == previous.path:
                    self.selected = i
                    break
        if self.selected is None and self.entries:
            self.selected = 0
        self.hovered = None
        self._clamp()
        self.reveal(self.selected, jump=True)

    @property
    def selected_entry(self) -> GameEntry | None:
        if self.selected is None or not 0 <= self.selected < len(self.entries):
            return None
        return self.entries[self.selected]

    def select(self, index: int | None, jump: bool = False) -> None:
        if not self.entries or index is None:
            self.selected = None
            return
        self.selected = max(0, min(index, len(self.entries) - 1))
        self.reveal(self.selected, jump)

    def reveal(self, index: int | None, jump: bool = False) -> None:
        """Scroll (smoothly, or at once with ``jump``) so the card ``index`` is fully in view."""
        if index is None or not self.entries:
            return
        left = index * (self.card_w + self.gap)
        right = left + self.card_w
        if left < self.target:
            self.target = float(left)
        elif right > self.target + self.rect.w:
            self.target = float(right - self.rect.w)
        self._clamp()
        if jump or abs(self.target - self.scroll) > 2 * self.rect.w:
            self.scroll = self.target  # far away: go at once (no pictures drawn on the way)

    def scroll_by(self, pixels: float, jump: bool = False) -> None:
        self.target += pixels
        self._clamp()
        if jump:
            self.scroll = self.target

    def _clamp(self) -> None:
        self.target = max(0.0, min(self.target, self.max_scroll))
        self.scroll = max(0.0, min(self.scroll, self.max_scroll))

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> str | None:
        """Returns "select" when a card was clicked, "open" on a double click, else None."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                amount = event.x if abs(event.x) > abs(event.y) else -event.y
                self.scroll_by(amount * (self.card_w + self.gap) * 0.5)
            return None
        if event.type == pygame.MOUSEMOTION:
            if self._thumb_drag is not None:
                start_x, start_scroll = self._thumb_drag
                thumb = self.thumb_rect()
                if thumb is not None:
                    span = max(1, self.rect.w - thumb.w)
                    self.target = start_scroll + (event.pos[0] - start_x) * self.max_scroll / span
                    self._clamp()
                    self.scroll = self.target
                return None
            self.hovered = self.index_at(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._thumb_drag = None
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self.thumb_rect()
            if thumb is not None and self.track_rect().inflate(0, 8).collidepoint(event.pos):
                if thumb.collidepoint(event.pos):
                    self._thumb_drag = (event.pos[0], self.scroll)
                else:
                    self.scroll_by(self.rect.w * (1 if event.pos[0] > thumb.centerx else -1))
                return None
            index = self.index_at(event.pos)
            if index is None:
                return None
            now = self.time
            double = (
                self._last_click is not None
                and self._last_click[0] == index
                and now - self._last_click[1] <= DOUBLE_CLICK_SECONDS
            )
            self._last_click = None if double else (index, now)
            self.select(index)
            return "open" if double else "select"
        return None

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.time += dt
        diff = self.target - self.scroll
        if abs(diff) < 0.5:
            self.scroll = self.target
        else:
            self.scroll += diff * min(1.0, dt * 14)
        self.render_thumbnails(THUMB_BUDGET_SECONDS)

    def render_thumbnails(self, budget: float | None = None) -> int:
        """Draw missing thumbnails of the cards in view (and the next ones), within ``budget``
        seconds (None: all of them). Returns how many were drawn."""
        started = time.perf_counter()
        drawn = 0
        visible = self.visible_indices()
        wanted = list(visible) + [i for i in (visible.stop, visible.stop + 1) if i < len(self.entries)]
        for i in wanted:
            entry = self.entries[i]
            if not entry.readable:
                continue
            size = self.thumb_area(self.card_rect(i)).size
            if cached_thumbnail(entry, size, self.scheme) is None:
                thumbnail(entry, size, self.scheme)
                drawn += 1
                if budget is not None and time.perf_counter() - started > budget:
                    break
        return drawn

    @property
    def animating(self) -> bool:
        return abs(self.target - self.scroll) >= 0.5

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        old_clip = surface.get_clip()
        clip = self.rect.inflate(12, 2 * self.gap)
        surface.set_clip(clip.clip(old_clip) if old_clip else clip)
        for i in self.visible_indices():
            self._draw_card(surface, i)
        surface.set_clip(old_clip)
        thumb = self.thumb_rect()
        if thumb is not None:
            track = self.track_rect()
            pygame.draw.rect(surface, SCROLL_TRACK, track, border_radius=track.h // 2)
            hot = self._thumb_drag is not None or thumb.collidepoint(pygame.mouse.get_pos())
            pygame.draw.rect(surface, GOLD if hot else SCROLL_THUMB, thumb, border_radius=thumb.h // 2)

    def _draw_card(self, surface: pygame.Surface, index: int) -> None:
        entry = self.entries[index]
        card = self.card_rect(index)
        selected = index == self.selected
        if selected:
            glow = _green_glow(card.w, card.h, self.radius)
            surface.blit(glow, (card.x - 10, card.y - 10))
        surface.blit(_card_back(card.w, card.h, self.radius), card)
        area = self.thumb_area(card)
        if entry.readable:
            self._draw_board(surface, entry, area)
            self._draw_details(surface, entry, card, area)
        else:
            self._draw_unreadable(surface, entry, card, area)
        if selected:
            pygame.draw.rect(
                surface, SELECTED, card, max(2, px(3, self.window_size)), border_radius=self.radius
            )
        elif index == self.hovered:
            pygame.draw.rect(surface, GOLD, card, 2, border_radius=self.radius)
        else:
            pygame.draw.rect(surface, CARD_EDGE, card, 1, border_radius=self.radius)

    def _draw_board(self, surface: pygame.Surface, entry: GameEntry, area: pygame.Rect) -> None:
        img = cached_thumbnail(entry, area.size, self.scheme)
        if img is not None:
            rect = img.get_rect(center=area.center)
            surface.blit(img, rect)
        else:
            rect = pygame.Rect(0, 0, area.w, int(area.w * 0.8))
            rect.h = min(rect.h, area.h)
            rect.center = area.center
            pygame.draw.rect(surface, RAISED, rect, border_radius=6)
        if entry.unfinished:
            self._badge(surface, "UNFINISHED", AMBER, (rect.x + 6, rect.y + 6))

    def _badge(self, surface: pygame.Surface, text: str, colour, topleft: tuple[int, int]) -> None:
        size = max(10, self.font_size - 3)
        label = text_image(text, size, True, CHIP_INK)
        box = label.get_rect().inflate(size, size // 2)
        box.topleft = topleft
        pygame.draw.rect(surface, colour, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, mix(colour, BLACK, 0.4), box, 1, border_radius=box.h // 2)
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_details(
        self, surface: pygame.Surface, entry: GameEntry, card: pygame.Rect, area: pygame.Rect
    ) -> None:
        game = entry.game
        assert game is not None
        fs = self.font_size
        width = card.w - 2 * self.pad
        x = card.x + self.pad
        line = font(fs).get_linesize()
        y = (
            area.bottom
            + self.pad // 2
            + max(0, (card.bottom - self.pad - area.bottom - self.pad // 2 - int(line * 6.3)) // 2)
        )

        def put(text: str, size: int, bold: bool, colour, top: int) -> None:
            size = _shrink(text, size, bold, width)
            img = text_image(_fit(text, size, bold, width), size, bold, colour)
            surface.blit(img, (x, top + (font(self.font_size).get_linesize() - img.get_height()) // 2))

        put(date_label(entry), fs, True, TEXT, y)
        y += int(line * 1.1)
        self._draw_players(surface, entry, x, y, width)
        y += line
        rules = f"{entry.variant_title}  ·  {entry.setup_label}"
        put(rules, fs - 1, False, MUTED, y)
        y += line
        put(entry.result_text(), fs, True, RESULT_COLOURS[entry.result_kind], y)
        y += int(line * 1.05)
        parts = [
            plural(entry.full_moves, "move"),
            format_duration(entry.duration),
        ]
        if game.time_control is not None:
            parts.append(game.time_control.label())
        put("  ·  ".join(parts), fs - 1, False, MUTED, y)
        accuracy = accuracy_text(game)
        if accuracy:
            put(accuracy, fs - 1, False, MUTED, y + line)

    def _draw_players(self, surface: pygame.Surface, entry: GameEntry, x: int, y: int, width: int) -> None:
        game = entry.game
        assert game is not None
        fs = self.font_size
        variant = get_variant(game.variant)
        scheme = get_scheme(self.scheme or None)
        names = entry.player_labels()
        line = font(fs).get_linesize()
        dot = max(4, fs // 3)
        vs = text_image(" vs ", fs - 1, False, MUTED)
        room = width - vs.get_width() - 6 * dot  # for both names
        fs = _shrink(names[0] + names[1], fs, False, room)
        needs = [font(fs).size(name)[0] for name in names]
        # a short name ("You") leaves its room to the other; two long ones share it
        if needs[0] + needs[1] <= room or needs[0] <= room // 2:
            room0 = needs[0]
        elif needs[1] <= room // 2:
            room0 = room - needs[1]
        else:
            room0 = room // 2
        rooms = (max(20, room0), max(20, room - room0))
        cx = x
        for side in (0, 1):
            colour = palette_for(variant.pieces.by_number[variant.royal_kind], side, scheme).body
            pygame.draw.circle(surface, colour, (cx + dot, y + line // 2), dot)
            pygame.draw.circle(surface, DOT_OUTLINE, (cx + dot, y + line // 2), dot, 1)
            cx += 2 * dot + dot
            img = text_image(_fit(names[side], fs, False, rooms[side]), fs, False, TEXT)
            surface.blit(img, (cx, y + (line - img.get_height()) // 2))
            cx += img.get_width()
            if side == 0:
                surface.blit(vs, (cx, y + (line - vs.get_height()) // 2))
                cx += vs.get_width()

    def _draw_unreadable(
        self, surface: pygame.Surface, entry: GameEntry, card: pygame.Rect, area: pygame.Rect
    ) -> None:
        plate = pygame.Rect(0, 0, area.w, min(area.h, int(area.w * 0.8)))
        plate.center = area.center
        pygame.draw.rect(surface, DAMAGED_BG, plate, border_radius=8)
        pygame.draw.rect(surface, DAMAGED_EDGE, plate, 1, border_radius=8)
        r = max(12, min(plate.w, plate.h) // 5)
        pygame.draw.circle(surface, RED, plate.center, r)
        mark = text_image("!", int(r * 1.5), True, DAMAGED_MARK)
        surface.blit(mark, mark.get_rect(center=(plate.centerx, plate.centery + 1)))
        fs = self.font_size
        width = card.w - 2 * self.pad
        x = card.x + self.pad
        line = font(fs).get_linesize()
        y = area.bottom + self.pad // 2
        for part in wrap_text(font(fs, True), entry.path.name, width, 2):  # any file name: two lines
            surface.blit(text_image(part, fs, True, TEXT), (x, y))
            y += line
        y += int(line * 0.1)
        surface.blit(text_image("Unreadable", fs, True, RED), (x, y))
        y += line
        small = fs - 1
        lines = wrap_text(font(small), entry.error or "unknown problem", width)
        room = max(1, (card.bottom - self.pad - y) // font(small).get_linesize())
        if len(lines) > room:
            lines = lines[:room]
            lines[-1] = _fit(lines[-1] + "…", small, False, width)
        for text in lines:
            surface.blit(text_image(text, small, False, MUTED), (x, y))
            y += font(small).get_linesize()
