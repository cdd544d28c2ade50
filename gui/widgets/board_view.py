"""The one board widget: draws a board with pieces, highlights, drags, sliding pieces and laser
shots, and maps screen points to squares. The game, editor, config preview and replay all use it.

It holds only what it shows (a list of piece codes and decorations); screens decide what that is.
``update(dt)`` advances animations; ``draw`` reads state and never changes it. An action is shown
from its :class:`~game.effects.Effects` report and nothing else: the pieces slide, then one beam
clock runs (in steps, at the laser speed) over every beam tree of the report at once — each beam
segment starts at its start step, splits fan out, charges change colour — and each destroyed piece
glows from the step the report gives and bursts when the rules say it explodes (``explode_delay``
steps later: LaserChess 98's explosions happen two steps late). A piece moved by chance (the
report's ``placed``: a hypersquare, a Hypercube's displacement) waits until the slides are done,
then vanishes into a swirl where it was and reappears out of one where chance put it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.effects import Effects, join_legs
from game.geometry import DX, DY
from game.laser import Shot
from game.pieces import code_color, code_orientation
from game.pieceset import PieceKind
from game.variants.base import Variant
from gui.art.beam import ParticleBurst, beam_colours, beam_width, draw_beam, draw_doomed
from gui.art.board import BoardLayout, board_surface, fit_layout
from gui.art.handle import draw_handle
from gui.art.pieces import palette_for, piece_surface
from gui.art.portal import draw_swirl, draw_trail, special_square_surface
from gui.art.schemes import get_scheme
from gui.colours import (
    ALERT_FRAME,
    CHANCE_EDGE,
    CHANCE_INK,
    COSTLY_RIM,
    CROSS_RIM,
    DOT_DARK,
    DOT_LIGHT,
    HOVER_GLOW,
    KILL_RED,
    SELF_HIT,
    SWAP_RING,
    TAG_BG,
    TAG_EDGE,
    WARNING_INK,
    WHITE,
)
from gui.widgets.piece_card import CARD_DELAY, card_rect, draw_piece_card
from gui.widgets.sketch import Sketch, draw_sketch

SLIDE_SECONDS = 0.16
WARP_SECONDS = 0.7  # a piece moved by chance: it vanishes (first half) and reappears (second half)
BEAM_FADE_SECONDS = 0.45
DRAG_THRESHOLD = 5  # pixels the mouse must travel before a press becomes a drag


@dataclass
class _EffectsShow:
    """The beams of one effects report on screen: one clock in steps for every beam tree."""

    beams: tuple[Shot, ...]
    removals: list[tuple[int, int, int, int]]  # (burst step, struck step, square, code) still on screen
    end: float  # the last step any beam reaches or any piece bursts
    clock: float = 0.0  # steps since the fire
    fade: float = 0.0  # seconds since every beam arrived

    @property
    def arrived(self) -> bool:
        return self.clock >= self.end


@dataclass
class _Slide:
    pieces: list[tuple[int, int, int]]  # (code, from_sq, to_sq)
    t: float = 0.0


@dataclass
class _Warp:
    pieces: list[tuple[int, int, int]]  # (code, from_sq, to_sq) moved by chance
    t: float = 0.0


@dataclass
class Decorations:
    """What is drawn over the squares besides the pieces."""

    selected: int | None = None
    last_move: tuple[int, ...] = ()
    dots: frozenset[int] = frozenset()  # legal destinations on empty squares
    rings: frozenset[int] = frozenset()  # legal swap targets
    marks: dict[int, str] = field(default_factory=dict)  # square -> badge text ("pin", "zombie")
    hidden: frozenset[int] = frozenset()  # squares whose piece is drawn faded (drag origin)
    hover: int | None = None  # a square outlined as the target under the mouse (drop, click)
    preview: tuple[int, int] | None = None  # (square, piece code) drawn faintly: what a click puts there
    alerts: frozenset[int] = frozenset()  # squares outlined in red: something is wrong there
    handle: int | None = None  # a square whose piece shows its rotation handle (drag it to turn)


class BoardView:
    """Draws a position of ``variant`` inside an area of the window."""

    def __init__(self, variant: Variant, scheme: str | None = None, coordinates: bool = True) -> None:
        self.variant = variant
        self.scheme = get_scheme(scheme)
        self.coordinates = coordinates
        self.flipped = False
        self.area = pygame.Rect(0, 0, 400, 400)
        self.layout: BoardLayout = fit_layout(variant.geometry.width, variant.geometry.height, 400, 400)
        self.origin = (0, 0)
        self.board: list[int] = [0] * variant.geometry.size
        self.deco = Decorations()
        self.drag: tuple[int, tuple[int, int]] | None = None  # (piece code, mouse position)
        self.spin: tuple[int, int, float] | None = None  # (square, code, degrees clockwise): a turn by handle
        self.overlay: list[Shot] = []  # faint beams ("show my beam")
        self.trace: list[Shot] = []  # the last shot, very faint, until the next move
        self.preview_shots: list[Shot] = []  # the beam a candidate move would fire
        self.preview_hits: dict[int, bool] = {}  # squares it would clear -> True if the mover's own
        self.preview_chances: dict[int, float] = {}  # squares chance may send a piece to -> odds
        self.preview_chanced = 0  # the piece chance would move (drawn faintly on each of them)
        self.costly: frozenset[int] = frozenset()  # destinations whose move uses both actions
        self.laser_speed: float | None = 18.0  # squares per second; None = no animation
        self.piece_animation = True
        self._slide: _Slide | None = None
        self._warp: _Warp | None = None
        self._show: _EffectsShow | None = None
        self._bursts: list[ParticleBurst] = []
        self._layer_cache: tuple[tuple, Shot, pygame.Surface] | None = None  # the last still trace drawn
        self._stroke_cache: dict[tuple, tuple[Shot, list[tuple[Shot, tuple[tuple[float, float], ...]]]]] = {}
        self._time = 0.0
        self.sketch = Sketch()  # the player's arrows and circles (right button); gone with the next move
        self.cards = True  # a piece's card shows when the pointer rests on it (I shows it at once)
        self.card_pinned: int | None = None  # a square whose card the player asked for (I)
        self._rest: tuple[int | None, float] = (None, 0.0)  # the square under the pointer, seconds there
        self.set_area(self.area)

    # ------------------------------------------------------------ layout
    def set_variant(self, variant: Variant) -> None:
        self.variant = variant
        self.board = [0] * variant.geometry.size
        self.deco = Decorations()
        self.set_area(self.area)

    def set_area(self, rect: pygame.Rect) -> None:
        """Fit the board, centred, into ``rect`` (screen coordinates)."""
        self.area = pygame.Rect(rect)
        geo = self.variant.geometry
        self.layout = fit_layout(geo.width, geo.height, self.area.w, self.area.h, self.flipped)
        w, h = self.layout.size
        self.origin = (self.area.centerx - w // 2, self.area.centery - h // 2)

    def set_flipped(self, flipped: bool) -> None:
        self.flipped = flipped
        self.set_area(self.area)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.origin, self.layout.size)

    def square_at(self, pos: tuple[int, int]) -> int | None:
        return self.layout.square_at((pos[0] - self.origin[0], pos[1] - self.origin[1]))

    def square_rect(self, sq: int) -> pygame.Rect:
        return self.layout.square_rect(sq).move(self.origin)

    def handle_rect(self, sq: int) -> pygame.Rect:
        """The rotation handle of the piece on ``sq``: the lower-right corner of its square."""
        r = self.square_rect(sq)
        side = max(12, round(r.w * 0.34))
        return pygame.Rect(r.right - side, r.bottom - side, side, side)

    def square_center(self, sq: int) -> tuple[float, float]:
        x, y = self.layout.square_center(sq)
        return (x + self.origin[0], y + self.origin[1])

    # ------------------------------------------------------------ animation
    @property
    def animating(self) -> bool:
        return bool(self._slide or self._warp or self.beam_running)

    @property
    def beam_running(self) -> bool:
        """True while a beam of the shown action is still travelling."""
        return self._show is not None and not self._show.arrived

    @property
    def shown_beams(self) -> tuple[Shot, ...]:
        """The beam trees on screen now (empty when none are)."""
        return self._show.beams if self._show is not None else ()

    @property
    def busy(self) -> bool:
        """True while a move is still being shown (input should wait)."""
        return self.animating

    def show_position(self, board: list[int]) -> None:
        """Show a board at once, cancelling any animation (and the player's arrows: the position
        they were about is gone)."""
        if board != self.board:
            self.sketch.clear()
        self.board = list(board)
        self._slide = None
        self._warp = None
        self._show = None

    def show_effects(self, board_after: list[int], effects: Effects | None, slide: bool = True) -> None:
        """Animate one action from its effects report: slide its pieces, then run its beams.

        ``board_after`` is the position after the action; pieces the beams destroy stay on screen
        until their step comes, then burst. ``slide=False`` replays only the beams. The player's
        arrows and circles go with the move.
        """
        if slide:
            self.sketch.clear()
        self.board = list(board_after)
        self._slide = None
        self._warp = None
        self._show = None
        if effects is None:
            return
        rules = self.variant.beam_rules
        delay = rules.explode_delay  # a struck piece bursts this many steps later
        removals = sorted((r.step + delay, r.step, r.square, r.code) for r in effects.removed if r.beam >= 0)
        if rules.static_board and effects.beams:  # struck pieces stand until the whole shot ends
            last = max(b.end_step for b in effects.all_beams())
            removals = [(max(burst, last), step, sq, code) for burst, step, sq, code in removals]
        for _burst, _step, sq, code in reversed(removals):
            self.board[sq] = code
        if slide and self.piece_animation:
            slides = join_legs(effects.moved)
            self._slide = _Slide(slides) if slides else None
            chance = [(m.code, m.frm, m.to) for m in effects.placed]
            self._warp = _Warp(chance) if chance else None
        if effects.beams:
            end = max([b.end_step for b in effects.all_beams()] + [r[0] for r in removals])
            self._show = _EffectsShow(effects.beams, removals, float(max(1, end)))
        if self.laser_speed is None:
            self.skip_animation()

    def skip_animation(self) -> None:
        self._slide = None
        self._warp = None
        show = self._show
        if show is not None:
            show.clock = show.end
            show.fade = BEAM_FADE_SECONDS
            self._finish_removals(all_now=True)

    def _finish_removals(self, all_now: bool = False) -> None:
        show = self._show
        if show is None:
            return
        while show.removals and (all_now or show.removals[0][0] <= show.clock):
            _burst, _step, sq, code = show.removals.pop(0)
            self.board[sq] = 0
            if not all_now or self.laser_speed is not None:
                self._burst(sq, code)

    def _burst(self, sq: int, code: int) -> None:
        palette = palette_for(self._kind(code), code_color(code), self.scheme)
        self._bursts.append(
            ParticleBurst(
                self.square_center(sq),
                self.layout.square,
                self.scheme.beam,
                (palette.body, palette.trim, palette.base),
                seed=sq * 131 + code,
            )
        )

    def update(self, dt: float) -> None:
        self._time += dt
        square, rested = self._rest
        pointer = self._pointer_square()
        self._rest = (pointer, rested + dt if pointer == square else 0.0)
        if self.card_pinned is not None and self.card_pinned not in (pointer, self.deco.hover):
            self.card_pinned = None  # the pointer and the cursor moved on
        if self._slide is not None:
            self._slide.t += dt
            if self._slide.t >= SLIDE_SECONDS:
                self._slide = None
        elif self._warp is not None:
            self._warp.t += dt
            if self._warp.t >= WARP_SECONDS:
                self._warp = None
        elif self._show is not None:
            show = self._show
            if show.arrived:
                show.fade += dt
                if show.fade >= BEAM_FADE_SECONDS:
                    self._show = None
            else:
                show.clock = min(show.end, show.clock + dt * (self.laser_speed or 1e9))
                self._finish_removals()
        for burst in self._bursts:
            burst.update(dt)
        self._bursts = [b for b in self._bursts if b.alive]

    # ------------------------------------------------------------ the piece card
    def _pointer_square(self) -> int | None:
        """The square under the mouse pointer (None when it is off the board or the window)."""
        if not pygame.display.get_init() or not pygame.mouse.get_focused():
            return None  # no window (a board drawn off screen) or the pointer is elsewhere
        return self.square_at(pygame.mouse.get_pos())

    def _card_ready(self, square: int | None) -> bool:
        return (
            square is not None
            and 0 <= square < len(self.board)
            and bool(self.board[square])
            and self.deco.selected is None
            and self.drag is None
            and self.spin is None
        )

    @property
    def card_square(self) -> int | None:
        """The square whose piece card shows now: asked for with I, or rested on by the pointer
        for a moment while no piece is picked up and nothing moves."""
        if not self.cards or self.drag is not None or self.spin is not None or self.animating:
            return None
        if self.card_pinned is not None and 0 <= self.card_pinned < len(self.board):
            return self.card_pinned if self.board[self.card_pinned] else None
        square, rested = self._rest
        return square if self._card_ready(square) and rested >= CARD_DELAY else None

    def toggle_card(self) -> None:
        """I: show the card of the piece under the keyboard cursor (else the pointer) now, or hide it."""
        if self.card_square is not None:
            self.card_pinned = None
            self._rest = (self._rest[0], float("-inf"))  # not again until the pointer moves on
            return
        square = self.deco.hover if self.deco.hover is not None else self._pointer_square()
        if square is not None and 0 <= square < len(self.board) and self.board[square]:
            self.card_pinned = square

    def next_change_in(self) -> float | None:
        """Seconds until the board looks different by itself (0 while something moves; the
        moment the card of a piece the pointer rests on is due)."""
        if self.effects_running:
            return 0.0
        square, rested = self._rest
        if self.cards and self._card_ready(square) and 0 <= rested < CARD_DELAY:
            return CARD_DELAY - rested
        return None

    def draw_card(self, surface: pygame.Surface) -> None:
        square = self.card_square
        if square is not None:
            rect = card_rect(self.rect, self.square_rect(square))
            draw_piece_card(surface, rect, self.variant, self.board[square], self.scheme, self.flipped)

    def doomed(self) -> list[int]:
        """Squares whose piece a running beam has struck and that has not burst yet (it still
        blocks beams: the rules' delayed explosion)."""
        show = self._show
        if show is None:
            return []
        return [sq for _burst, step, sq, _code in show.removals if step <= show.clock]

    def unburst(self) -> list[int]:
        """Codes of the pieces the shown shot destroys that are still on the board (not burst yet)."""
        show = self._show
        return [code for _burst, _step, _sq, code in show.removals] if show is not None else []

    @property
    def effects_running(self) -> bool:
        """Anything still moving on the board (for frame pacing)."""
        return bool(self._slide or self._warp or self._show or self._bursts)

    def animated_pieces(self) -> list[tuple[int, tuple[float, float], float]]:
        """Pieces an animation draws now, away from their square on the board: (code, centre in
        pixels, scale 0..1). A piece chance will move waits on its origin square while the slides
        run (a displaced piece stays under the Hypercube coming in), shrinks there to nothing in the
        first half of the warp and grows on its new square in the second."""
        out: list[tuple[int, tuple[float, float], float]] = []
        warp = self._warp
        if self._slide is not None:
            t = min(1.0, self._slide.t / SLIDE_SECONDS)
            t = 1 - (1 - t) ** 3
            slid = set()
            for code, frm, to in self._slide.pieces:
                (ax, ay), (bx, by) = self.square_center(frm), self.square_center(to)
                out.append((code, (ax + (bx - ax) * t, ay + (by - ay) * t), 1.0))
                slid.add((code, to))
            for code, frm, _to in warp.pieces if warp is not None else ():
                if (code, frm) not in slid:  # the slid piece itself is already drawn
                    out.insert(0, (code, self.square_center(frm), 1.0))
        elif warp is not None:
            half = WARP_SECONDS / 2
            for code, frm, to in warp.pieces:
                if warp.t < half:
                    out.append((code, self.square_center(frm), 1.0 - warp.t / half))
                else:
                    u = min(1.0, (warp.t - half) / half)
                    grow = 1 + 2.70158 * (u - 1) ** 3 + 1.70158 * (u - 1) ** 2  # ease out, a little past 1
                    out.append((code, self.square_center(to), max(0.0, grow)))
        return out

    def beams_drawn(self) -> list[tuple[Shot, float]]:
        """Each beam of the shown action on screen now, with how far along its path it is (0..1).
        One clock runs every beam tree, so the beams of a split travel on together."""
        show = self._show
        if show is None or self._slide is not None or self._warp is not None:
            return []
        out = []
        for root in show.beams:
            for beam in root.walk():
                if show.clock >= beam.start_step and beam.path:
                    out.append((beam, min(1.0, (show.clock - beam.start_step) / max(1, len(beam.path) - 1))))
        return out

    def _hidden_by_animation(self) -> set[int]:
        """Squares whose piece (on the board already) an animation is still bringing there."""
        hidden = {to for _, _, to in self._slide.pieces} if self._slide else set()
        if self._warp is not None:
            hidden.update(to for _, _, to in self._warp.pieces)
        return hidden

    def _draw_animated(self, surface: pygame.Surface) -> None:
        size = self.layout.square
        warp = self._warp
        if warp is not None and self._slide is None:
            half = WARP_SECONDS / 2
            for _code, frm, to in warp.pieces:
                a, b = self.square_center(frm), self.square_center(to)
                draw_trail(surface, a, b, size, int(150 * min(1.0, 2.5 * min(warp.t, WARP_SECONDS - warp.t))))
                if warp.t < half:
                    draw_swirl(surface, a, size, warp.t / half, out=False)
                else:
                    draw_swirl(surface, b, size, (warp.t - half) / half, out=True)
        for code, centre, scale in self.animated_pieces():
            if scale <= 0.02:
                continue
            img = self._piece(code, size)
            if scale != 1.0:
                spin = 0.0 if self._slide is not None else 220.0 * (1.0 - min(scale, 1.0))
                img = pygame.transform.rotozoom(img, spin, scale)
            surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _draw_special_squares(self, surface: pygame.Surface) -> None:
        """Squares with a rule of their own (the variant's data), e.g. Laser Chess 1987's hypersquare."""
        for sq in self.variant.presentation.special_squares:
            if 0 <= sq < len(self.board):
                surface.blit(special_square_surface(self.layout.square), self.square_rect(sq))

    # ------------------------------------------------------------ drawing
    def _piece(self, code: int, size: int) -> pygame.Surface:
        orientation = code_orientation(code)
        if self.flipped:
            orientation = (orientation + 2) % 4
        return piece_surface(self._kind(code), code_color(code), orientation, size, self.scheme)

    def _kind(self, code: int) -> PieceKind:
        """The piece set's description of a code (the art draws what it names)."""
        return self.variant.pieces.kind(code)

    def shot_points(self, shot: Shot) -> list[tuple[float, float]]:
        """Pixel points of a shot: emitter, each turn, and where it stops or leaves the board."""
        if not shot.path:
            return []
        points = [self.square_center(shot.path[0].square)]
        for step in shot.path[1:-1]:
            if step.entry != step.exit:
                points.append(self.square_center(step.square))
        last = shot.path[-1]
        cx, cy = self.square_center(last.square)
        if last.exit is None:
            # Stops on a piece: end at the face it strikes (a little before the centre).
            d = last.entry if last.entry is not None else 0
            sign = -1 if self.flipped else 1
            off = self.layout.square * 0.22
            points.append((cx - DX[d] * off * sign, cy + DY[d] * off * sign))
        else:
            if len(shot.path) > 1 and last.entry != last.exit:
                points.append((cx, cy))
            d = last.exit
            sign = -1 if self.flipped else 1
            reach = self.layout.square * 0.5 + self.layout.margin * 0.6
            points.append((cx + DX[d] * reach * sign, cy - DY[d] * reach * sign))
        return points

    def draw(self, surface: pygame.Surface, with_drag: bool = True) -> None:
        """Draw the board; ``with_drag=False`` leaves the dragged piece for :meth:`draw_drag` (so a
        screen can draw it over its widgets)."""
        self._draw_squares(surface)
        self._draw_pieces(surface)
        self._draw_animated(surface)
        self._draw_beams(surface)
        for burst in self._bursts:
            burst.draw(surface)
        draw_sketch(surface, self.sketch, self.square_center, self.layout.square, self.rect)
        self.draw_card(surface)
        if with_drag:
            self.draw_drag(surface)

    def _draw_squares(self, surface: pygame.Surface) -> None:
        """The board, its special squares and tints, the legal-move dots and the costly rings."""
        layout = self.layout
        geo = self.variant.geometry
        reserved = {sq: r for sq, r in enumerate(self.variant.reserved) if r >= 0}
        surface.blit(
            board_surface(
                geo.width,
                geo.height,
                reserved,
                self.scheme,
                layout.square,
                self.coordinates,
                geo.first_rank,
                self.flipped,
                self.variant.presentation.square_colours,
            ),
            self.origin,
        )
        size = layout.square
        self._draw_special_squares(surface)
        self._draw_tints(surface)
        for sq in self.deco.dots:
            r = self.square_rect(sq)
            pygame.draw.circle(surface, DOT_DARK, r.center, max(3, size // 7))
            pygame.draw.circle(surface, DOT_LIGHT, r.center, max(2, size // 7 - 2))
        self._draw_costly(surface)

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        """The standing pieces (faded where hidden), the ghost of a previewed one, outlines, the
        rotation handle, swap rings and badges."""
        size = self.layout.square
        sliding = self._hidden_by_animation()
        spinning = self.spin[0] if self.spin is not None else None
        for sq, code in enumerate(self.board):
            if not code or sq in sliding or sq == spinning:
                continue
            img = self._piece(code, size)
            if sq in self.deco.hidden:
                img = img.copy()
                img.set_alpha(90)
            surface.blit(img, self.square_rect(sq))
        if self.deco.preview is not None:
            sq, code = self.deco.preview
            if 0 <= sq < len(self.board) and code:
                ghost = self._piece(code, size).copy()
                ghost.set_alpha(120)
                surface.blit(ghost, self.square_rect(sq))
        self._draw_outlines(surface)
        if self.spin is not None:
            self._draw_spin(surface, *self.spin)
        elif self.deco.handle is not None and 0 <= self.deco.handle < len(self.board):
            r = self.handle_rect(self.deco.handle)
            draw_handle(surface, r.center, r.w * 0.42, 0.0)
        for sq in self.deco.rings:
            r = self.square_rect(sq)
            pygame.draw.circle(surface, SWAP_RING, r.center, int(size * 0.46), max(2, size // 16))
        for sq, text in self.deco.marks.items():
            self._draw_badge(surface, sq, text)

    def _draw_beams(self, surface: pygame.Surface) -> None:
        """The last shot's trace, the previewed shot and its hits, chances, overlays, the shot on show."""
        half = beam_width(self.layout.square)
        colours = beam_colours(self.scheme, self.variant.pieces.max_charge)
        if self._show is None and self._slide is None and self._warp is None:
            for shot in self.trace:
                self._draw_tree(surface, shot, colours, half, 0.0, 0.22, False)
        for shot in self.preview_shots:
            self._draw_tree(surface, shot, colours, half, self._time, 0.6, True)
        for sq, own in self.preview_hits.items():
            self._draw_hit_mark(surface, sq, own)
        self._draw_chances(surface)
        for shot in self.overlay:
            self._draw_tree(surface, shot, colours, half, self._time, 0.35, False)
        show = self._show
        if show is None:
            return
        intensity = 1.0 - min(1.0, show.fade / BEAM_FADE_SECONDS) if show.arrived else 1.0
        points_of = {id(b): pts for root in show.beams for b, pts in self._strokes(root)}
        drawn: set[tuple] = set()
        for beam, progress in self.beams_drawn():
            points = points_of.get(id(beam))
            key = (points, beam.charge, progress)
            if points is None or key in drawn:
                continue  # a loop retraces its path: each stroke once
            drawn.add(key)
            colour = colours[min(beam.charge, len(colours) - 1)]
            width = round(half * (1 + 0.2 * beam.charge))  # a charged beam is drawn wider too
            draw_beam(surface, points, progress, colour, width, self._time, intensity)
        if self._slide is None and self._warp is None:
            for sq in self.doomed():
                draw_doomed(surface, self.square_rect(sq), colours[-1], self._time)

    def _draw_costly(self, surface: pygame.Surface) -> None:
        """A destination whose move uses both actions of the turn: an amber ring and a "2"."""
        from gui.art.fonts import font

        size = self.layout.square
        for sq in self.costly & (self.deco.dots | self.deco.rings):
            r = self.square_rect(sq)
            pygame.draw.circle(surface, COSTLY_RIM, r.center, max(5, size // 5), max(2, size // 20))
            label = font(max(9, size // 4), bold=True).render("2", True, COSTLY_RIM)
            surface.blit(label, label.get_rect(topright=(r.right - max(2, size // 12), r.top + 1)))

    def _draw_chances(self, surface: pygame.Surface) -> None:
        """Every square chance may send the piece to: the piece faint there, and its odds."""
        if not self.preview_chances:
            return
        from gui.art.fonts import font

        size = self.layout.square
        ghost = self._piece(self.preview_chanced, size).copy() if self.preview_chanced else None
        if ghost is not None:
            ghost.set_alpha(70)
        f = font(max(8, size // 5), bold=True)
        for sq, odds in self.preview_chances.items():
            r = self.square_rect(sq)
            if ghost is not None:
                surface.blit(ghost, r)
            pygame.draw.rect(
                surface, CHANCE_EDGE, r.inflate(-2, -2), max(1, size // 28), border_radius=size // 10
            )
            text = f"{odds * 100:.0f}%" if odds >= 0.095 else f"{odds * 100:.1f}%"
            label = f.render(text, True, CHANCE_INK)
            box = label.get_rect(midbottom=(r.centerx, r.bottom - 1)).inflate(4, 0)
            pygame.draw.rect(surface, TAG_BG, box, border_radius=3)
            surface.blit(label, label.get_rect(center=box.center))

    def _draw_spin(self, surface: pygame.Surface, sq: int, code: int, degrees: float) -> None:
        """A piece being turned by its handle: drawn turned as far as the mouse, the handle with it."""
        r = self.square_rect(sq)
        img = pygame.transform.rotozoom(self._piece(code, r.w), -degrees, 1.0)
        surface.blit(img, img.get_rect(center=r.center))
        handle = self.handle_rect(sq)
        cx, cy = r.center
        hx, hy = handle.centerx - cx, handle.centery - cy
        a = math.radians(degrees)
        x, y = cx + hx * math.cos(a) - hy * math.sin(a), cy + hx * math.sin(a) + hy * math.cos(a)
        draw_handle(surface, (x, y), handle.w * 0.42, degrees)

    def _draw_tree(
        self,
        surface: pygame.Surface,
        root: Shot,
        colours: tuple[tuple[int, int, int], ...],
        half: int,
        time: float,
        intensity: float,
        flare: bool,
    ) -> None:
        """A beam tree drawn still (trace, preview, overlay): every split beam, in its charge's colour.
        A tree of several beams is drawn on one layer made faint once (not a layer per beam)."""
        strokes = {(points, beam.charge): beam for beam, points in self._strokes(root)}
        if len(strokes) == 1 or intensity >= 0.99:
            for (points, charge), _beam in strokes.items():
                colour = colours[min(charge, len(colours) - 1)]
                draw_beam(surface, points, 1.0, colour, half, time, intensity, False, flare)
            return
        size = surface.get_size()
        key = (id(root), self.origin, self.layout.square, self.flipped, intensity, colours, size)
        if time == 0.0 and self._layer_cache is not None and self._layer_cache[0] == key:
            surface.blit(self._layer_cache[2], (0, 0))  # a still trace: drawn once, blitted after
            return
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        width = max(2, round(half * (0.6 + 0.4 * intensity)))  # as draw_beam narrows a faint beam
        for (points, charge), _beam in strokes.items():
            colour = colours[min(charge, len(colours) - 1)]
            draw_beam(layer, points, 1.0, colour, width, time, 1.0, False, flare)
        layer.set_alpha(max(0, min(255, round(intensity * 255))))
        surface.blit(layer, (0, 0))
        if time == 0.0:
            self._layer_cache = (key, root, layer)

    def _strokes(self, root: Shot) -> list[tuple[Shot, tuple[tuple[float, float], ...]]]:
        """Every beam of a tree with its pixel points, worked out once per tree and board layout."""
        key = (id(root), self.origin, self.layout.square, self.flipped)
        cached = self._stroke_cache.get(key)
        if cached is None or cached[0] is not root:
            if len(self._stroke_cache) > 16:
                self._stroke_cache.clear()
            strokes = [(b, tuple(self.shot_points(b))) for b in root.walk() if b.path]
            cached = (root, [(b, pts) for b, pts in strokes if len(pts) >= 2])
            self._stroke_cache[key] = cached
        return cached[1]

    def draw_drag(self, surface: pygame.Surface) -> None:
        """The piece being dragged, under the mouse (part of :meth:`draw` unless asked not to be)."""
        if self.drag is not None:
            code, mouse = self.drag
            img = self._piece(code, int(self.layout.square * 1.08))
            surface.blit(img, img.get_rect(center=mouse))

    def _draw_outlines(self, surface: pygame.Surface) -> None:
        """Red frames on alert squares; a light frame on the hovered square."""
        size = self.layout.square
        width = max(2, size // 18)
        for sq in self.deco.alerts:
            if 0 <= sq < len(self.board):
                r = self.square_rect(sq).inflate(-width, -width)
                pygame.draw.rect(surface, ALERT_FRAME, r, width, border_radius=max(2, size // 12))
        hover = self.deco.hover
        if hover is not None and 0 <= hover < len(self.board):
            r = self.square_rect(hover)
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            glow.fill(HOVER_GLOW)
            surface.blit(glow, r)
            frame = max(3, size // 14)  # the cursor: a frame in the scheme's most visible colour
            pygame.draw.rect(surface, self.scheme.cursor_rim, r, frame + 2)
            pygame.draw.rect(surface, self.scheme.cursor, r.inflate(-2, -2), frame)

    def _draw_tints(self, surface: pygame.Surface) -> None:
        size = self.layout.square
        tint = pygame.Surface((size, size), pygame.SRCALPHA)
        tint.fill((*self.scheme.highlight, 70))
        for sq in self.deco.last_move:
            surface.blit(tint, self.square_rect(sq))
        if self.deco.selected is not None:
            strong = pygame.Surface((size, size), pygame.SRCALPHA)
            strong.fill((*self.scheme.highlight, 120))
            r = self.square_rect(self.deco.selected)
            surface.blit(strong, r)
            pygame.draw.rect(surface, WHITE, r, max(2, size // 24))

    def _draw_hit_mark(self, surface: pygame.Surface, sq: int, own: bool) -> None:
        """A piece the previewed shot would destroy: a red cross on an enemy piece; an amber
        warning triangle with "!" on one's own (shape and colour both differ)."""
        r = self.square_rect(sq)
        width = max(2, r.w // 14)
        if own:
            colour = SELF_HIT
            pygame.draw.rect(surface, colour, r.inflate(-width, -width), width + 1, border_radius=r.w // 8)
            s = r.w * 0.2  # a warning triangle in the top-left corner, the piece still visible
            cx, cy = r.x + width + s + 2, r.y + width + s + 1
            tri = [(cx, cy - s), (cx - s, cy + s * 0.8), (cx + s, cy + s * 0.8)]
            pygame.draw.polygon(surface, WARNING_INK, [(x, y + 2) for x, y in tri])
            pygame.draw.polygon(surface, colour, tri)
            from gui.art.fonts import font

            mark = font(max(8, int(s * 1.2)), bold=True).render("!", True, WARNING_INK)
            surface.blit(mark, mark.get_rect(center=(cx, cy + s * 0.25)))
        else:
            colour = KILL_RED
            d = r.w * 0.3
            c = r.center
            for sign in (1, -1):
                a, b = (c[0] - d, c[1] - d * sign), (c[0] + d, c[1] + d * sign)
                pygame.draw.line(surface, CROSS_RIM, a, b, width + 3)
                pygame.draw.line(surface, colour, a, b, width + 1)
            pygame.draw.circle(surface, colour, c, int(r.w * 0.44), width)

    def _draw_badge(self, surface: pygame.Surface, sq: int, text: str) -> None:
        from gui.art.fonts import font

        r = self.square_rect(sq)
        f = font(max(9, r.h // 6), bold=True)
        label = f.render(text, True, WHITE)
        box = label.get_rect().inflate(6, 2)
        box.topright = (r.right - 2, r.top + 2)
        pygame.draw.rect(surface, TAG_BG, box, border_radius=4)
        pygame.draw.rect(surface, TAG_EDGE, box, 1, border_radius=4)
        surface.blit(label, label.get_rect(center=box.center))
