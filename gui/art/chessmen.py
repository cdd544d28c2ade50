"""Chessmen drawn by the project (Lousy Chess): two styles, FULL (lit, rounded) and FLAT (icons).

As in the original module the player may switch between the two sets at any time
(:func:`set_style`; the game screen's FULL/FLAT button and the settings). A piece kind asks for
one of these pictures through its ``drawing`` (``"chess-king"`` ... ``"chess-pawn"``); the
outlines are symmetric half-profiles mirrored about the vertical axis (the Knight is drawn whole).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from gui.art.render import Canvas, masked, mix, scale_rgb

STYLES = ("full", "flat")
_style = ["full"]

Vec = tuple[float, float]

# Half profiles (right side, top to bottom), local coordinates -1..1 with y down.
_PAWN = [(0.0, -0.62), (0.2, -0.58), (0.27, -0.42), (0.2, -0.25), (0.3, -0.18), (0.3, -0.1), (0.16, -0.06),
         (0.22, 0.3), (0.4, 0.5), (0.52, 0.62), (0.52, 0.78), (0.0, 0.78)]  # fmt: skip
_ROOK = [(0.0, -0.7), (0.1, -0.7), (0.1, -0.56), (0.26, -0.56), (0.26, -0.7), (0.44, -0.7), (0.44, -0.38),
         (0.3, -0.26), (0.3, 0.34), (0.46, 0.48), (0.54, 0.62), (0.54, 0.78), (0.0, 0.78)]  # fmt: skip
_BISHOP = [(0.0, -0.86), (0.09, -0.8), (0.09, -0.68), (0.22, -0.55), (0.3, -0.33), (0.26, -0.14),
           (0.14, -0.04), (0.3, 0.04), (0.3, 0.12), (0.16, 0.16), (0.24, 0.44), (0.5, 0.6), (0.52, 0.78),
           (0.0, 0.78)]  # fmt: skip
_QUEEN = [(0.0, -0.86), (0.07, -0.8), (0.08, -0.62), (0.2, -0.72), (0.24, -0.55), (0.4, -0.66),
          (0.34, -0.2), (0.2, -0.1), (0.3, -0.02), (0.3, 0.08), (0.18, 0.12), (0.26, 0.44), (0.52, 0.6),
          (0.54, 0.78), (0.0, 0.78)]  # fmt: skip
_KING = [(0.0, -0.92), (0.06, -0.92), (0.06, -0.84), (0.15, -0.84), (0.15, -0.74), (0.06, -0.74),
         (0.06, -0.62), (0.3, -0.58), (0.4, -0.42), (0.3, -0.2), (0.2, -0.1), (0.3, -0.02), (0.3, 0.08),
         (0.18, 0.12), (0.26, 0.44), (0.52, 0.6), (0.54, 0.78), (0.0, 0.78)]  # fmt: skip
_KNIGHT = [(-0.1, -0.8), (0.05, -0.66), (0.3, -0.56), (0.5, -0.3), (0.46, 0.2), (0.36, 0.44), (0.52, 0.6),
           (0.54, 0.78), (-0.54, 0.78), (-0.52, 0.6), (-0.34, 0.44), (-0.1, 0.06), (-0.34, 0.0),
           (-0.56, -0.04), (-0.62, -0.2), (-0.36, -0.48), (-0.2, -0.6), (-0.18, -0.78)]  # fmt: skip

DRAWINGS = {
    "chess-pawn": _PAWN,
    "chess-rook": _ROOK,
    "chess-bishop": _BISHOP,
    "chess-queen": _QUEEN,
    "chess-king": _KING,
    "chess-knight": _KNIGHT,
}

# (body, outline, highlight) per colour and style.
_COLOURS = {
    ("full", 0): ((236, 228, 210), (70, 58, 44), (255, 252, 244)),
    ("full", 1): ((58, 54, 64), (16, 14, 18), (150, 146, 160)),
    ("flat", 0): ((250, 250, 250), (20, 20, 20), (250, 250, 250)),
    ("flat", 1): ((24, 24, 24), (235, 235, 235), (24, 24, 24)),
}


def style() -> str:
    """The style chessmen are drawn in now (``"full"`` or ``"flat"``)."""
    return _style[0]


def set_style(name: str) -> None:
    """Switch the chessmen's style; the piece cache keys on it, so the next frame shows it."""
    if name not in STYLES:
        raise ValueError(f"unknown chess piece style {name!r}; use {' or '.join(STYLES)}")
    _style[0] = name


def outline(drawing: str) -> list[Vec]:
    """The closed outline of a chessman (the half profile mirrored; the Knight as drawn)."""
    half = DRAWINGS[drawing]
    if drawing == "chess-knight":
        return list(half)
    return list(half) + [(-x, y) for x, y in reversed(half[1:-1])]


def draw(
    drawing: str,
    color: int,
    size: int,
    which: str | None = None,
    rim_against: Sequence[Sequence[int]] = (),
) -> pygame.Surface:
    """A chessman in a ``size`` square, transparent around it; outlined where its edge would not
    stand out from the ``rim_against`` colours (the board's squares)."""
    which = which or style()
    body, edge, light = _COLOURS[which, color % 2]
    cv = Canvas(size)
    shape = outline(drawing)
    pts = [cv.px(p) for p in shape]
    width = max(1, round(cv.length(0.045 if which == "flat" else 0.035)))
    if which == "flat":
        pygame.draw.polygon(cv.surface, body, pts)
        pygame.draw.polygon(cv.surface, edge, pts, width)
        _details(cv, drawing, edge, width)
        return cv.finish(shadow=0, rim_against=rim_against)
    # FULL: a lit body (bright on the left, shaded on the right), a rim and a soft shadow.
    layer = cv.new_layer()
    pygame.draw.polygon(layer, (255, 255, 255, 255), pts)
    grad = pygame.Surface((cv.hi, cv.hi), pygame.SRCALPHA)
    for x in range(0, cv.hi, max(1, cv.hi // 64)):
        t = x / cv.hi
        if t < 0.62:
            shade = mix(light, body, min(1.0, t * 1.6))
        else:
            shade = mix(body, scale_rgb(body, 0.62), (t - 0.62) / 0.38)
        pygame.draw.line(grad, (*shade, 255), (x, 0), (x, cv.hi), max(1, cv.hi // 64))
    cv.overlay(masked(grad, layer))
    pygame.draw.polygon(cv.surface, edge, pts, width)
    _details(cv, drawing, edge, width)
    return cv.finish(shadow=0.5, shadow_offset=(0.05, 0.07), blur=0.05, rim_against=rim_against)


def _details(cv: Canvas, drawing: str, edge: Sequence[int], width: int) -> None:
    """Marks inside the outline that tell the pieces apart at a glance."""
    line = cv.line
    w = width / cv.unit
    if drawing == "chess-bishop":
        line((0.04, -0.5), (0.16, -0.3), edge, w)
    elif drawing == "chess-knight":
        cv.circle((0.12, -0.42), 0.06, edge)
        line((-0.16, -0.62), (-0.06, -0.5), edge, w)
    elif drawing in ("chess-queen", "chess-king"):
        line((-0.3, -0.02), (0.3, -0.02), edge, w)
    elif drawing == "chess-rook":
        line((-0.3, -0.26), (0.3, -0.26), edge, w)
    if drawing != "chess-knight":
        line((-0.48, 0.6), (0.48, 0.6), edge, w)


__all__ = ["DRAWINGS", "STYLES", "draw", "outline", "set_style", "style"]
