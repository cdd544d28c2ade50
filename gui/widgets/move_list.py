"""The move list shared by the game screen and the replay: moves in numbered pairs
("1.  c1c2   h8h7"), the current ply highlighted and kept in view, the mouse wheel and a scroll
thumb to scroll, and a click on a move answering the ply to jump to.

It is custom drawn (no pygame-gui widgets), so it never competes with pygame-gui for events.
``handle_event`` is the only place that changes state; ``draw`` only reads.

Plies count moves applied: ply 0 is the start position, ply ``n`` the position after ``n`` moves,
so the move at list index ``i`` is ply ``i + 1``. Each side has its column and each row is one
move number. Where a turn is several actions (LaserChess 98's half-actions, Laser Chess 1987's
two actions) the screen passes the side of every ply: a whole turn shares one cell, its actions
side by side when they fit and on more lines of the same row when they do not, so the opponent's
turn always sits beside it. Each action keeps its own highlight and click.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from gui.art.fonts import fit_text, font, text_image
from gui.colours import (
    BLACK,
    EDGE,
    GOLD,
    GOLD_DARK,
    HINT,
    HOVER,
    INK,
    LIST_PANEL,
    LIST_TRACK,
    SELF_HIT,
    SELF_HIT_ON_GOLD,
    STRIPE,
    TEXT,
    THUMB,
)

PANEL = LIST_PANEL
THUMB_HOT = GOLD


def _fit(text: str, size: int, bold: bool, width: int) -> str:
    return fit_text(font(size, bold), text, width)


SWAP, KILL, SELF_KILL = "\u21c4", "\u00d7", "self\u00d7"
WARN = SELF_HIT
WARN_ON_GOLD = SELF_HIT_ON_GOLD  # on the current move's gold highlight (amber would vanish)


@lru_cache(maxsize=512)
def move_image(text: str, size: int, bold: bool, colour: tuple[int, int, int]) -> pygame.Surface:
    """A move in readable notation, drawn: the swap sign as a drawn double arrow (the font has
    no arrows), a shot at one's own piece in amber with "!" (dark red on the gold highlight,
    where dark ``INK`` text marks the current move)."""
    parts: list[pygame.Surface] = []
    f = font(size, bold)
    space = f.size(" ")[0]
    for i, token in enumerate(text.split(" ")):
        if i:
            parts.append(pygame.Surface((space, 1), pygame.SRCALPHA))
        if token.startswith(SELF_KILL):
            warn = WARN_ON_GOLD if colour == INK else WARN
            parts.append(f.render(KILL + token[len(SELF_KILL) :] + "!", True, warn))
            continue
        pieces = token.split(SWAP)
        for j, piece in enumerate(pieces):
            if j:
                parts.append(_swap_arrows(f.get_height(), colour))
            parts.append(f.render(piece, True, colour))
    width = sum(p.get_width() for p in parts)
    out = pygame.Surface((max(1, width), f.get_height()), pygame.SRCALPHA)
    x = 0
    for p in parts:
        out.blit(p, (x, (out.get_height() - p.get_height()) // 2))
        x += p.get_width()
    return out


def _swap_arrows(height: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """⇄ drawn: an arrow right above an arrow left."""
    w = max(8, int(height * 0.62))
    img = pygame.Surface((w + 2, height), pygame.SRCALPHA)
    t = max(1, height // 14)
    head = max(2, height // 7)
    for y, right in ((height * 0.40, True), (height * 0.64, False)):
        y = int(y)
        pygame.draw.line(img, colour, (1, y), (w, y), t)
        tip = w if right else 1
        back = tip - head if right else tip + head
        pygame.draw.line(img, colour, (tip, y), (back, y - head), t)
        pygame.draw.line(img, colour, (tip, y), (back, y + head), t)
    return img


def fit_move(text: str, size: int, bold: bool, width: int) -> str:
    """The move's image, dropping shot marks (then ellipsising) until it fits ``width``."""
    tokens = text.split(" ")
    while len(tokens) > 1 and move_image(" ".join(tokens), size, bold, BLACK).get_width() > width:
        tokens.pop()
    text = " ".join(tokens)
    if move_image(text, size, bold, BLACK).get_width() > width:
        text = _fit(text.replace(SWAP, "-"), size, bold, width)
    return text


class MoveList:
    """A scrollable list of moves in numbered pairs inside ``rect`` (screen coordinates)."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        font_size: int | None = None,
        empty_text: str = "No moves yet",
    ) -> None:
        self.moves: list[str] = []
        self.current = 0
        self.first_side = 0  # 1 when the game started with the second player to move
        self.first_number = 1
        self.empty_text = empty_text
        self._font_size = font_size
        self.scroll = 0  # pixels scrolled from the top
        self.hovered: int | None = None  # a ply under the mouse
        self._thumb_drag: tuple[int, int] | None = None  # (mouse y at press, scroll at press)
        self._thumb_hot = False
        self.annotations: dict[int, tuple[str, tuple[int, int, int]]] = {}  # ply -> (mark, colour)
        self._sides: list[int] = []  # the side of each ply's move
        self._turns: dict[tuple[int, int], list[int]] = {}  # (row, column) -> the plies of its turn
        self._row_of: list[int] = []  # the row of each ply's move, ply 1 first
        self._spots: dict[int, tuple[int, int, int, int]] = {}  # ply -> (row, line, x, width) in its cell
        self._row_lines: list[int] = []  # lines each row takes
        self._row_top: list[int] = [0]  # each row's top (in lines) from the list's top; then the total
        self._numbers: dict[int, int] = {}  # row -> the move number written on it
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.set_rect(rect)

    # ------------------------------------------------------------ layout
    def set_rect(self, rect: pygame.Rect | Sequence[int]) -> None:
        self.rect = pygame.Rect(rect)
        self._lay_out(self._sides)
        self.scroll = -1  # lay out afresh: the current move in the middle (or the end in view)
        self._reveal(self.current)
        self._clamp_scroll()

    @property
    def font_size(self) -> int:
        if self._font_size is not None:
            return self._font_size
        return max(12, min(20, self.rect.w // 16))

    @property
    def row_height(self) -> int:
        return font(self.font_size).get_linesize() + max(4, self.font_size // 2)

    @property
    def pad(self) -> int:
        return max(4, self.font_size // 3)

    @property
    def inner(self) -> pygame.Rect:
        """Where the rows go (inside the padding)."""
        return self.rect.inflate(-2 * self.pad, -2 * self.pad)

    @property
    def row_count(self) -> int:
        return len(self._row_lines)

    @property
    def content_height(self) -> int:
        return self._row_top[-1] * self.row_height

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.inner.h)

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Number, first-move and second-move columns (x and width only; y and h are 0)."""
        inner = self.inner
        bar = self._bar_width() if self.max_scroll else 0
        num_w = font(self.font_size).size(f"{max(99, self.first_number + self.row_count)}.")[0] + self.pad
        move_w = max(1, (inner.w - bar - num_w) // 2)
        number = pygame.Rect(inner.x, 0, num_w, 0)
        first = pygame.Rect(number.right, 0, move_w, 0)
        second = pygame.Rect(first.right, 0, move_w, 0)
        return number, first, second

    def _bar_width(self) -> int:
        return max(6, self.font_size // 2)

    # ------------------------------------------------------------ content
    def set_moves(
        self,
        texts: Sequence[str],
        first_side: int = 0,
        first_number: int = 1,
        sides: Sequence[int] | None = None,
    ) -> None:
        """Show these moves; ``first_side`` 1 means the first move was the second player's.
        ``sides`` (the side of each move) is needed only where a side may act twice in a row."""
        at_end = self.current >= len(self.moves)
        self.moves = list(texts)
        self.first_side = 1 if first_side else 0
        self.first_number = max(1, int(first_number))
        if sides is None or len(sides) < len(self.moves):
            sides = [(self.first_side + i) % 2 for i in range(len(self.moves))]
        self._lay_out([1 if side else 0 for side in sides[: len(self.moves)]])
        if at_end:
            self.current = len(self.moves)
        self.current = max(0, min(self.current, len(self.moves)))
        if self.hovered is not None and self.hovered > len(self.moves):
            self.hovered = None
        self._clamp_scroll()
        self._reveal(self.current)

    def set_annotations(self, marks: dict[int, tuple[str, tuple[int, int, int]]]) -> None:
        """Marks drawn after moves (the analysis's ``?!``, ``??``...): ply -> (text, colour). An
        action that shares its cell makes room for its mark (the cell is laid out again)."""
        if dict(marks) != self.annotations:
            self.annotations = dict(marks)
            self._place_actions(self.row_count)

    def set_current(self, ply: int) -> None:
        """Highlight the move that led to ``ply`` (0: nothing) and scroll it into view."""
        self.current = max(0, min(int(ply), len(self.moves)))
        self._reveal(self.current)

    def _lay_out(self, sides: list[int]) -> None:
        """Rows, cells and the place of every action: a turn (a side's consecutive plies) goes in
        its side's column, beside the other side's turn before it when that cell is free, else on
        a new row; its actions share the cell, wrapping onto more lines of the row when needed."""
        self._sides = list(sides)
        self._turns, self._numbers, self._row_of = {}, {}, []
        row, number, last = -1, self.first_number - 1, None
        for ply, side in enumerate(sides, start=1):
            if side == last and row >= 0:
                self._turns[(row, side)].append(ply)  # the same turn goes on
            else:
                if row < 0 or side == 0 or (row, side) in self._turns:
                    row += 1
                    if side == 0 or row == 0:
                        number += 1  # a first-column turn begins (or the list does): numbered
                        self._numbers[row] = number
                self._turns[(row, side)] = [ply]
            self._row_of.append(row)
            last = side
        self._place_actions(row + 1)

    def _place_actions(self, rows: int) -> None:
        """Where each action of each turn sits in its cell (line and x), and each row's height
        (placed again once if that brings or takes away the scroll bar, which narrows the columns)."""
        bar = bool(self.max_scroll)
        self._place_in_columns(rows)
        if bool(self.max_scroll) != bar:
            self._place_in_columns(rows)

    def _place_in_columns(self, rows: int) -> None:
        self._spots, self._row_lines = {}, [1] * rows
        if not self._turns:
            self._row_top = [0]
            return
        _, first, _ = self._columns()
        size = self.font_size
        pad = max(4, size // 3)  # the text's inset in its highlight (as drawn)
        gap = font(size, True).size("·")[0] + 4  # room for the dot between two actions
        for (row, _col), plies in self._turns.items():
            if len(plies) == 1:
                self._spots[plies[0]] = (row, 0, 0, first.w)
                continue
            line, x = 0, 0
            for ply in plies:
                width = move_image(self.moves[ply - 1], size, True, BLACK).get_width() + 2 * pad + 4
                note = self.annotations.get(ply)
                if note is not None:  # its mark goes after it in the same highlight
                    width += text_image(note[0], size, True, BLACK).get_width() + 2
                if x > 0 and x + width > first.w:
                    line, x = line + 1, 0
                self._spots[ply] = (row, line, x, min(width, first.w))
                x += width + gap
            self._row_lines[row] = max(self._row_lines[row], line + 1)
        tops = [0]
        for lines in self._row_lines:
            tops.append(tops[-1] + lines)
        self._row_top = tops

    def _row_y(self, row: int) -> int:
        """The top of a row, in pixels from the top of the content."""
        return self._row_top[row] * self.row_height

    def _row_at(self, y: int) -> int | None:
        """The row drawn at content height ``y`` (pixels from the top), if any."""
        line = y // self.row_height
        for row in range(len(self._row_lines)):
            if self._row_top[row] <= line < self._row_top[row + 1]:
                return row
        return None

    def _reveal(self, ply: int) -> None:
        if ply <= 0 or ply > len(self._row_of):
            self.scroll = 0
            return
        row = self._row_of[ply - 1]
        top = self._row_y(row)
        bottom = self._row_y(row + 1)
        view = self.inner.h
        if top < self.scroll or bottom > self.scroll + view:
            # out of view: bring it to the middle, so the moves around it show too
            self.scroll = top - (view - (bottom - top)) // 2
        self._clamp_scroll()

    def _clamp_scroll(self) -> None:
        self.scroll = max(0, min(int(self.scroll), self.max_scroll))

    def scroll_by(self, pixels: int) -> None:
        self.scroll += pixels
        self._clamp_scroll()

    # ------------------------------------------------------------ geometry for clicks and tests
    def move_rect(self, ply: int) -> pygame.Rect | None:
        """The screen rectangle of the move that makes ``ply`` (even when scrolled out of view):
        its whole cell for a turn of one action, its own part of the cell otherwise."""
        if not 1 <= ply <= len(self.moves) or ply not in self._spots:
            return None
        row, line, x, width = self._spots[ply]
        _, first, second = self._columns()
        column = first if self._sides[ply - 1] == 0 else second
        y = self.inner.y + self._row_y(row) + line * self.row_height - self.scroll
        return pygame.Rect(column.x + x, y, width, self.row_height)

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The ply whose move is drawn at ``pos``, if any."""
        inner = self.inner
        if not inner.collidepoint(pos):
            return None
        row = self._row_at(pos[1] - inner.y + self.scroll)
        if row is None:
            return None
        for col in (0, 1):
            for ply in self._turns.get((row, col), ()):
                rect = self.move_rect(ply)
                if rect is not None and rect.collidepoint(pos):
                    return ply
        return None

    def _thumb_rect(self) -> pygame.Rect | None:
        if not self.max_scroll:
            return None
        inner = self.inner
        bar = self._bar_width()
        track = pygame.Rect(inner.right - bar, inner.y, bar, inner.h)
        h = max(bar * 3, int(track.h * inner.h / max(1, self.content_height)))
        h = min(h, track.h)
        y = track.y + int((track.h - h) * self.scroll / self.max_scroll)
        return pygame.Rect(track.x, y, bar, h)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> int | None:
        """Scrolls on the wheel and the thumb; returns the ply of a clicked move, else None."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.scroll_by(-int(event.y) * self.row_height)
            return None
        if event.type == pygame.MOUSEMOTION:
            if self._thumb_drag is not None:
                start_y, start_scroll = self._thumb_drag
                thumb = self._thumb_rect()
                if thumb is not None:
                    span = max(1, self.inner.h - thumb.h)
                    self.scroll = start_scroll + int((event.pos[1] - start_y) * self.max_scroll / span)
                    self._clamp_scroll()
                return None
            thumb = self._thumb_rect()
            self._thumb_hot = bool(thumb and thumb.inflate(6, 0).collidepoint(event.pos))
            self.hovered = self.ply_at(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._thumb_drag = None
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.rect.collidepoint(event.pos):
                return None
            thumb = self._thumb_rect()
            if thumb is not None:
                if thumb.inflate(6, 0).collidepoint(event.pos):
                    self._thumb_drag = (event.pos[1], self.scroll)
                    return None
                if event.pos[0] >= thumb.x - 3:  # a click on the track pages toward it
                    self.scroll_by(self.inner.h if event.pos[1] > thumb.centery else -self.inner.h)
                    return None
            return self.ply_at(event.pos)
        return None

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        if rect.w <= 0 or rect.h <= 0:
            return
        radius = max(6, self.font_size // 2)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, PANEL, panel.get_rect(), border_radius=radius)
        surface.blit(panel, rect)
        pygame.draw.rect(surface, EDGE, rect, 1, border_radius=radius)
        size = self.font_size
        inner = self.inner
        if not self.moves:
            label = text_image(self.empty_text, size, False, HINT)
            surface.blit(label, label.get_rect(center=inner.center))
            return
        old_clip = surface.get_clip()
        surface.set_clip(inner.clip(old_clip) if old_clip else inner)
        number, first, second = self._columns()
        rh = self.row_height
        first_row = self._row_at(self.scroll) or 0
        last_row = self._row_at(self.scroll + inner.h)
        last_row = self.row_count - 1 if last_row is None else last_row
        cell_pad = max(4, size // 3)
        for row in range(first_row, last_row + 1):
            y = inner.y + self._row_y(row) - self.scroll
            height = self._row_lines[row] * rh
            if row % 2:
                stripe = pygame.Surface((second.right - number.x, height), pygame.SRCALPHA)
                stripe.fill(STRIPE)
                surface.blit(stripe, (number.x, y))
            if row in self._numbers:
                num = text_image(f"{self._numbers[row]}.", size, False, HINT)
                surface.blit(num, num.get_rect(midright=(number.right - self.pad, y + rh // 2)))
            for col, column in enumerate((first, second)):
                plies = self._turns.get((row, col), [])
                if not plies and row == 0 and col == 0:  # the game began with the second column's side
                    dots = text_image("…", size, False, HINT)
                    surface.blit(dots, dots.get_rect(midleft=(column.x + cell_pad, y + rh // 2)))
                for i, ply in enumerate(plies):
                    self._draw_action(surface, ply, radius, cell_pad, joined=i > 0)
        surface.set_clip(old_clip)
        self._draw_thumb(surface)

    def _draw_action(
        self, surface: pygame.Surface, ply: int, radius: int, cell_pad: int, joined: bool
    ) -> None:
        """One action: its highlight (current, hovered), its text and its analysis mark; a dot
        before each later action of the same turn."""
        rect = self.move_rect(ply)
        if rect is None or ply > len(self.moves):
            return
        size = self.font_size
        cell = rect.inflate(-2, -2)
        current = ply == self.current
        if current:
            pygame.draw.rect(surface, GOLD_DARK, cell, border_radius=max(3, radius // 2))
            pygame.draw.rect(
                surface, GOLD, cell.inflate(-2, -2).move(0, -1), border_radius=max(3, radius // 2)
            )
        elif ply == self.hovered:
            pygame.draw.rect(surface, HOVER, cell, border_radius=max(3, radius // 2))
        if joined and self._spots[ply][2] > 0:
            dot = text_image("·", size, True, HINT)
            surface.blit(dot, dot.get_rect(midright=(cell.x, cell.centery)))
        room = cell.w - 2 * cell_pad
        note = self.annotations.get(ply)
        if note is not None:
            badge = text_image(note[0], size, True, INK if current else note[1])
            surface.blit(badge, badge.get_rect(midright=(cell.right - cell_pad, cell.centery)))
            room -= badge.get_width() + 2
        text = fit_move(self.moves[ply - 1], size, current, room)
        img = move_image(text, size, current, INK if current else TEXT)
        surface.blit(img, img.get_rect(midleft=(cell.x + cell_pad - 1, cell.centery)))

    def _draw_thumb(self, surface: pygame.Surface) -> None:
        inner = self.inner
        thumb = self._thumb_rect()
        if thumb is not None:
            track = pygame.Rect(thumb.x, inner.y, thumb.w, inner.h)
            pygame.draw.rect(surface, LIST_TRACK, track, border_radius=thumb.w // 2)
            hot = self._thumb_hot or self._thumb_drag is not None
            pygame.draw.rect(surface, THUMB_HOT if hot else THUMB, thumb, border_radius=thumb.w // 2)
