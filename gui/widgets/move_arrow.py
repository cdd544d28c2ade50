"""An engine move drawn on the board: an arrow for a step or swap, a curled arrow for a turn in
place, and the laser shot that move would fire as a faint beam (used by analysis, hints)."""

from __future__ import annotations

import math

import pygame

from game.move import COUNTER_CLOCKWISE, Move
from game.position import Position
from gui.art.beam import beam_width, draw_beam
from gui.colours import ARROW_GREEN
from gui.widgets.board_view import BoardView

ARROW = ARROW_GREEN


def _head(surface: pygame.Surface, tip: tuple[float, float], angle: float, size: float, colour) -> None:
    left = (tip[0] - size * math.cos(angle - 0.5), tip[1] - size * math.sin(angle - 0.5))
    right = (tip[0] - size * math.cos(angle + 0.5), tip[1] - size * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, colour, [tip, left, right])


def _straight(surface: pygame.Surface, a, b, width: int, colour, head: bool) -> None:
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    size = width * 2.6
    end = (b[0] - math.cos(angle) * size * 0.6, b[1] - math.sin(angle) * size * 0.6) if head else b
    pygame.draw.line(surface, colour, a, end, width)
    if head:
        _head(surface, b, angle, size, colour)


def draw_move_arrow(
    surface: pygame.Surface, view: BoardView, move: Move, colour=ARROW, alpha: int = 200
) -> None:
    """The move as an arrow over the board (drawn on a see-through layer)."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    rgba = (*colour, alpha)
    square = view.layout.square
    width = max(3, square // 9)
    if move.from_square == move.to_square:  # a turn in place (or a Leiserchess null move)
        cx, cy = view.square_center(move.from_square)
        r = square * 0.36
        ccw = move.rotation == COUNTER_CLOCKWISE  # a half-turn board flip keeps the sense of turning
        start, stop = math.radians(40), math.radians(320)
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = (round(cx), round(cy))
        pygame.draw.arc(layer, rgba, box, start, stop, width)
        # the arc's point at angle t is (cx + r cos t, cy - r sin t) (screen y grows downwards)
        t = stop if ccw else start
        direction = math.atan2(-math.cos(t), -math.sin(t)) if ccw else math.atan2(math.cos(t), math.sin(t))
        tip = (cx + r * math.cos(t), cy - r * math.sin(t))
        _head(layer, tip, direction, width * 2.4, rgba)
    else:
        points = [view.square_center(move.from_square), view.square_center(move.to_square)]
        if move.then_square is not None:
            points.append(view.square_center(move.then_square))
        for i in range(len(points) - 1):
            _straight(layer, points[i], points[i + 1], width, rgba, i == len(points) - 2)
        pygame.draw.circle(layer, rgba, [round(v) for v in points[0]], width)
    surface.blit(layer, (0, 0))


def move_squares(move: Move) -> tuple[int, ...]:
    """The squares a move touches, in order and without repeats (tinted on the board)."""
    return tuple(
        dict.fromkeys(s for s in (move.from_square, move.to_square, move.then_square) if s is not None)
    )


def move_shots(position: Position, text: str) -> tuple[Move, list] | None:
    """The move ``text`` in ``position`` and the shots it would fire (None if it does not fit)."""
    try:
        move = position.parse_move(text)
    except Exception:  # a stored line that does not fit this position: show nothing
        return None
    pos = position.copy(history=True)
    return move, list(pos.push(move).beams)


def draw_faint_shots(surface: pygame.Surface, view: BoardView, shots: list, intensity: float = 0.35) -> None:
    """Shots as a faint, still beam (where a suggested move's laser would go)."""
    half = beam_width(view.layout.square)
    for shot in shots:
        draw_beam(surface, view.shot_points(shot), 1.0, view.scheme.beam, half, 0.0, intensity, False, False)
