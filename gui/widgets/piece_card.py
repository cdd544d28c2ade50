"""The piece card: one piece drawn large with what a beam does on each of its faces (reflect, pass,
split, absorb, destroyed...), the squares it moves to, and what each action costs in this rule set.

Shown over the board, in the corner away from the piece, when the pointer rests on a piece or
when the player presses I (:class:`gui.widgets.board_view.BoardView` keeps the timer). Every word
and mark comes from :mod:`gui.rules_facts`, so the card can only say what the rules do.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.pieces import Piece
from game.pieceset import Op
from game.variants import get_variant
from game.variants.base import Variant
from gui.art.fonts import font, wrap_text
from gui.art.pieces import piece_surface
from gui.art.schemes import Scheme, get_scheme
from gui.colours import (
    CARD_GRID,
    FACE_ABSORB,
    FACE_BACK,
    FACE_DESTROYED,
    FACE_PASS,
    FACE_REFLECT,
    FACE_SPLIT,
    GOLD,
    HEADING,
    MUTED,
    PANEL_SHADE,
    REACH_BOTH,
    REACH_ONE,
    TEXT,
)
from gui.rules_facts import FACE_WORDS, movement_words, piece_facts, turn_facts

CARD_DELAY = 1.2  # seconds the pointer rests on a piece before its card shows
FACE_COLOURS = {  # the face labels: one colour per kind of answer
    Op.PASS: FACE_PASS,
    Op.REFLECT: FACE_REFLECT,
    Op.BACK: FACE_BACK,
    Op.SPLIT: FACE_SPLIT,
    Op.ABSORB: FACE_ABSORB,
    Op.DESTROY: FACE_DESTROYED,
}


def card_lines(variant: Variant, kind_number: int) -> list[tuple[str, str]]:
    """(label, words) for the card's text: how the piece moves and turns, its laser, what each
    of its actions costs in this rule set, and its role."""
    facts = piece_facts(variant.name, kind_number)
    turn = turn_facts(variant.name)
    lines = [("Moves", movement_words(facts))]
    if facts.rotates:
        lines.append(("Turns", "to any facing" if facts.kind.shapes == 4 else "between its two shapes"))
    else:
        lines.append(("Turns", "never"))
    if facts.fires:
        lines.append(("Laser", "you fire it" + (", once a turn" if turn.fire_once else "")))
    elif facts.kind.emitter and turn.fires == "auto":
        lines.append(("Laser", "fires by itself after every move"))
    costs = [f"a move {turn.cost_words('move')}"] if facts.steps else []
    if facts.rotates:
        costs.append(f"a turn {turn.cost_words('rotate')}")
    if facts.fires:
        costs.append(f"a fire {turn.cost_words('fire')}")
    if costs:
        lines.append(("Costs", ", ".join(costs)))
    role = []
    if facts.kind.royal:
        role.append("lose it and you lose")
    if facts.kind.captures:
        role.append("captures by landing on an enemy piece")
    if facts.kind.indestructible:
        role.append("no beam destroys it")
    if role:
        lines.append(("Note", "; ".join(role)))
    return lines


def face_labels(variant: Variant, code: int, flipped: bool = False) -> dict[int, tuple[str, Op]]:
    """Screen side (0 top, 1 right, 2 bottom, 3 left) -> (word, op) for the face of the piece
    ``code`` seen on that side (the card turns the labels with the piece)."""
    piece = Piece.from_code(code)
    facts = piece_facts(variant.name, int(piece.kind))
    facing = piece.orientation if facts.kind.facing else 0
    out = {}
    for side in range(4):
        world = (side + 2) % 4 if flipped else side
        face = (world - facing) % 4
        op = facts.faces[face].op
        out[side] = (FACE_WORDS[op], op)
    return out


def card_rect(board: pygame.Rect, square: pygame.Rect) -> pygame.Rect:
    """The card's place: the corner of the board farthest from the piece, about half its size."""
    w = max(150, int(board.w * 0.5))
    h = max(170, int(board.h * 0.62))
    w, h = min(w, board.w), min(h, board.h)
    right = square.centerx < board.centerx
    below = square.centery < board.centery
    rect = pygame.Rect(0, 0, w, h)
    rect.right = board.right - 4 if right else board.x + w + 4
    rect.bottom = board.bottom - 4 if below else board.y + h + 4
    return rect


def draw_piece_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    variant: Variant,
    code: int,
    scheme: Scheme | str,
    flipped: bool = False,
) -> None:
    """The card for the piece ``code`` in ``rect`` (drawn once, then kept: a still screen with a
    card up costs no more than without)."""
    surface.blit(card_surface(variant.name, code, rect.size, get_scheme(scheme).name, flipped), rect)


@lru_cache(maxsize=16)
def card_surface(
    variant_name: str, code: int, card_size: tuple[int, int], scheme_name: str, flipped: bool
) -> pygame.Surface:
    """The card, drawn on a surface of its own."""
    variant = get_variant(variant_name)
    scheme = get_scheme(scheme_name)
    rect = pygame.Rect((0, 0), card_size)
    piece = Piece.from_code(code)
    kind = variant.pieces.by_number[int(piece.kind)]
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = max(6, rect.w // 24)
    pygame.draw.rect(layer, PANEL_SHADE, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*GOLD, 255), layer.get_rect(), 2, border_radius=radius)
    pad = max(6, rect.w // 28)
    title_font = font(max(12, rect.w // 14), bold=True)
    title = title_font.render(f"{variant.side_names[int(piece.color)]} {kind.name}", True, HEADING)
    layer.blit(title, (pad, pad))
    top = pad + title.get_height() + pad // 2
    art_h = int((rect.h - top) * 0.46)
    label = max(10, rect.w // 24)  # the face labels' font size (the side ones stand on end)
    label_h = font(label, bold=True).get_linesize()
    art = max(24, min(art_h - 2 * label_h, rect.w // 2 - pad - 2 * label_h - 4))
    piece_box = pygame.Rect(0, 0, art, art)
    piece_box.center = (pad + label_h + 2 + art // 2, top + art_h // 2)
    orientation = (piece.orientation + (2 if flipped else 0)) % 4
    layer.blit(piece_surface(kind, int(piece.color), orientation, art, scheme), piece_box)
    if variant.laser_kind:
        _draw_faces(layer, piece_box, face_labels(variant, code, flipped), label)
    grid = pygame.Rect(rect.w // 2 + pad // 2, top, rect.w // 2 - pad - pad // 2, art_h)
    _draw_moves(layer, grid, variant, int(piece.kind), flipped != bool(piece.color))
    text_box = pygame.Rect(pad, top + art_h + pad // 2, rect.w - 2 * pad, rect.h - top - art_h - pad)
    _draw_lines(layer, text_box, card_lines(variant, int(piece.kind)))
    return layer


def _draw_faces(
    layer: pygame.Surface, box: pygame.Rect, labels: dict[int, tuple[str, Op]], size: int
) -> None:
    f = font(size, bold=True)
    anchors = {
        0: {"midbottom": (box.centerx, box.top - 1)},
        1: {"midleft": (box.right + 2, box.centery)},
        2: {"midtop": (box.centerx, box.bottom + 1)},
        3: {"midright": (box.left - 2, box.centery)},
    }
    for side, (word, op) in labels.items():
        img = f.render(word, True, FACE_COLOURS[op])
        if side in (1, 3):
            img = pygame.transform.rotate(img, -90 if side == 1 else 90)
        layer.blit(img, img.get_rect(**anchors[side]))


def _draw_moves(
    layer: pygame.Surface, box: pygame.Rect, variant: Variant, kind: int, upside_down: bool
) -> None:
    """The squares the piece reaches on an open board around it: a green dot for one action, an
    amber ring for both (or the whole turn where only a move fills it)."""
    facts = piece_facts(variant.name, kind)
    turn = turn_facts(variant.name)
    reach = max([2] + [max(abs(dx), abs(dy)) for dx, dy in facts.steps])
    reach = min(reach, 3)
    n = 2 * reach + 1
    cell = max(6, min(box.w, box.h) // n)
    grid = pygame.Rect(0, 0, cell * n, cell * n)
    grid.center = box.center
    for gy in range(n):
        for gx in range(n):
            shade = CARD_GRID[(gx + gy) % 2]
            layer.fill(shade, (grid.x + gx * cell, grid.y + gy * cell, cell, cell))
    centre = pygame.Rect(grid.x + reach * cell, grid.y + reach * cell, cell, cell)
    pygame.draw.rect(layer, GOLD, centre, max(1, cell // 6))
    whole = turn.actions > 1 and not turn.half_actions
    for (dx, dy), cost in facts.steps.items():
        if max(abs(dx), abs(dy)) > reach:
            continue
        sx, sy = (-dx, dy) if upside_down else (dx, -dy)
        c = (grid.x + (reach + sx) * cell + cell // 2, grid.y + (reach + sy) * cell + cell // 2)
        if cost > 1 and whole:
            pygame.draw.circle(layer, REACH_BOTH, c, max(2, cell // 3), max(1, cell // 8))
        else:
            pygame.draw.circle(layer, REACH_ONE, c, max(2, cell // 4))
    if any(max(abs(dx), abs(dy)) > reach for dx, dy in facts.steps):
        more = font(max(9, cell // 2)).render("and on", True, MUTED)
        layer.blit(more, more.get_rect(midtop=(grid.centerx, grid.bottom + 1)))


def _draw_lines(layer: pygame.Surface, box: pygame.Rect, lines: list[tuple[str, str]]) -> None:
    """The card's words, a bold "Label:" and its words per line, in the largest font that fits."""
    texts = [f"{label}: {words}" for label, words in lines]
    size = max(9, min(18, box.w // 13))
    while size > 9:
        f = font(size)
        if sum(len(wrap_text(f, t, box.w)) for t in texts) * f.get_linesize() <= box.h:
            break
        size -= 1
    f, bold = font(size), font(size, bold=True)
    y = box.y
    for (label, _), text in zip(lines, texts, strict=True):
        for i, row in enumerate(wrap_text(f, text, box.w)):
            x = box.x
            if i == 0 and row.startswith(f"{label}:"):
                head = bold.render(f"{label}:", True, GOLD)
                layer.blit(head, (x, y))
                x += head.get_width()
                row = row[len(label) + 1 :]
            layer.blit(f.render(row, True, TEXT), (x, y))
            y += f.get_linesize()
