"""Turns clicks, drags and keys on a :class:`BoardView` into legal moves.

Only moves the rules offer can come out of it: it asks the position for its legal moves and
shows them (dots on empty squares, rings on swap targets). Two-part moves (Leiserchess 2018's
swap followed by a step or rotation) are entered in two steps. A selected piece turns by keys
(``Q``/``E``/``U``, the arrows) or the screen's rotation buttons, and if it may turn it shows a
handle in its square's lower-right corner: dragging it spins the piece, and the release turns it
by the nearest quarter turns (as in LaserChess 98). A double-click on a piece that can fire (a
LaserChess 98 Laser) fires it. The right button is not the input's: on the game and replay boards
it draws arrows and circles (gui/widgets/sketch.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN, ROTATION_TURNS, Move
from game.pieces import code_orientation
from game.position import Position
from gui.widgets.board_view import DRAG_THRESHOLD, BoardView, Decorations

ROTATE_KEYS = {
    pygame.K_e: CLOCKWISE,
    pygame.K_RIGHT: CLOCKWISE,
    pygame.K_q: COUNTER_CLOCKWISE,
    pygame.K_LEFT: COUNTER_CLOCKWISE,
    pygame.K_u: HALF_TURN,
}
PICK_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
CURSOR_STEPS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
DOUBLE_CLICK_MS = 450  # two presses on one square within this time are a double-click
QUARTER_TURNS = {1: CLOCKWISE, 2: HALF_TURN, 3: COUNTER_CLOCKWISE}  # clockwise quarter turns -> rotation


@dataclass
class BoardPress:
    """A mouse button held down on the board (or on the editor's palette) that becomes a drag once
    the mouse has moved :data:`DRAG_THRESHOLD` pixels: the game's move input and the board editor
    share it, so a drag starts, and a click stays a click, the same way on both."""

    pos: tuple[int, int]
    button: int = 1
    square: int | None = None  # the board square pressed (None: not on the board)
    origin: str = "board"  # the editor also presses its palette ("palette") and the eraser ("erase")
    tool: int = 0  # the palette tool pressed (the editor)
    code: int = 0  # the piece carried once dragging
    selected: bool = False  # the square was already selected when pressed (a second click)
    dragging: bool = False

    def moved(self, pos: tuple[int, int]) -> bool:
        """The mouse is at ``pos``: True when this motion starts the drag."""
        if self.dragging or math.dist(self.pos, pos) < DRAG_THRESHOLD:
            return False
        self.dragging = True
        return True


def screen_angle(centre: tuple[float, float], point: tuple[float, float]) -> float:
    """Degrees clockwise on screen from straight up, of ``point`` seen from ``centre``."""
    return math.degrees(math.atan2(point[0] - centre[0], centre[1] - point[1])) % 360.0


class MoveInput:
    """The game screen's move entry on a shared board view."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self.position: Position | None = None
        self.enabled = True
        self.show_legal = True
        self.last_move: tuple[int, ...] = ()
        self.selected: int | None = None
        self._pending: tuple[int, int] | None = None  # (from, swap square) of a two-part move
        self._promotions: list[Move] = []  # the promotions of one move, waiting for the player's pick
        self._codes: tuple[int, ...] = ()  # the position's legal actions (its cached set)
        self._press: BoardPress | None = None  # the left button held on a piece
        self.hover_reason: str | None = None  # why the hovered square is not a legal destination
        self._hover_square: int | None = None
        self.hover_rotation: int | None = None  # a rotation button under the mouse (preview it)
        self.hover_fire = False  # the Fire button is under the mouse (preview the shot)
        self.cursor: int | None = None  # the keyboard's board cursor (None: not shown)
        self.notice: str | None = None  # why the last keyboard pick was refused
        self._shown_live: list[int] = []  # the position's board when it was handed over
        self.clock = pygame.time.get_ticks  # milliseconds, for double-clicks (tests may replace it)
        self._last_press: tuple[int, int] | None = None  # (square, time) of the last press
        self._spin: tuple[int, float] | None = None  # (square, mouse angle at the press): turning by handle

    # ------------------------------------------------------------ state
    def set_position(self, position: Position | None, last_move: tuple[int, ...] = ()) -> None:
        if position is not self.position or (position is not None and position.board != self._shown_live):
            # a new position: whoever changed it redraws the board, so a half-entered swap is
            # dropped without putting the old board back
            self._pending = None
        self.position = position
        self._shown_live = list(position.board) if position is not None else []
        self._codes = position.legal_codes() if position is not None else ()
        self.last_move = last_move
        self.clear()

    def clear(self) -> None:
        """Drop the selection; a half-entered two-part move is cancelled and the board shows the
        live position again."""
        if self._pending is not None and self.position is not None:
            self.view.show_position(self.position.board)
        self.selected = None
        self._pending = None
        self._promotions = []
        self._press = None
        self._spin = None
        self.view.drag = None
        self.view.spin = None
        self.hover_reason = None
        self._hover_square = None
        self._refresh()

    def movable(self, sq: int) -> bool:
        return self.position is not None and sq in self.position.movable_squares()

    def _moves_from(self, sq: int) -> list[Move]:
        return self.position.moves_from(sq) if self.position is not None else []

    def targets(self) -> dict[int, Move]:
        """Destination square -> move, for the current selection (or the pending second part)."""
        out: dict[int, Move] = {}
        if self._pending is not None:
            frm, mid = self._pending
            for m in self._moves_from(frm):
                if m.to_square == mid and m.then_square is not None:
                    out[m.then_square] = m
            return out
        if self.selected is None:
            return out
        for m in self._moves_from(self.selected):
            if m.to_square != m.from_square and m.then_square is None and not m.rotation:
                out.setdefault(m.to_square, m)  # promotions and chance outcomes: the first one
            elif m.to_square != m.from_square and m.to_square not in out:
                out[m.to_square] = m  # first part of a two-part move
        return out

    def rotation_move(self, rotation: int) -> Move | None:
        """The legal rotation of the selected piece (or of the pending swap) in that direction."""
        if self._pending is not None:
            frm, mid = self._pending
            wanted = [m for m in self._moves_from(frm) if m.to_square == mid and m.rotation == rotation]
        elif self.selected is not None:
            wanted = [m for m in self._moves_from(self.selected) if m.is_rotation and m.rotation == rotation]
            if not wanted and self.position is not None:  # rotations to an orientation: the next one that way
                facing = code_orientation(self.position.board[self.selected])
                turns = ROTATION_TURNS[rotation]
                for step in range(1, 4):
                    target = (facing + turns * step) % 4
                    wanted = [m for m in self._moves_from(self.selected) if m.orientation == target]
                    if wanted:
                        break
        else:
            return None
        return wanted[0] if wanted else None

    def turn_move(self, square: int, quarter_turns: int) -> Move | None:
        """The legal rotation that turns the piece on ``square`` by ``quarter_turns`` clockwise
        (to that orientation, or by that relative turn), or None."""
        if self.position is None or not quarter_turns % 4:
            return None
        code = self.position.board[square]
        kind = self.position.variant.pieces.kind(code)
        target = (code_orientation(code) + quarter_turns) % 4
        rotations = [m for m in self._moves_from(square) if m.is_rotation]
        for m in rotations:
            if m.orientation is not None and kind.same_shape(m.orientation, target):
                return m
        wanted = QUARTER_TURNS[quarter_turns % 4]
        return next((m for m in rotations if m.orientation is None and m.rotation == wanted), None)

    @property
    def handle_square(self) -> int | None:
        """The square whose rotation handle is shown: the selected piece, if it may turn now."""
        sq = self.selected
        if sq is None or self._pending is not None or self._promotions or not self.enabled:
            return None
        return sq if any(m.is_rotation for m in self._moves_from(sq)) else None

    def _spin_turns(self, pos: tuple[int, int]) -> int:
        """Quarter turns clockwise the handle has been dragged round the piece's centre."""
        assert self._spin is not None
        sq, start = self._spin
        delta = (screen_angle(self.view.square_center(sq), pos) - start) % 360.0
        return round(delta / 90.0) % 4

    def spin_move(self) -> Move | None:
        """The rotation the handle points at now (for the shot preview), or None."""
        if self._spin is None or self.view.spin is None:
            return None
        sq, _start = self._spin
        return self.turn_move(sq, round(self.view.spin[2] / 90.0) % 4)

    def fire_move(self) -> Move | None:
        """Fire the selected emitter, or the side's only emitter that may fire now."""
        fires = [m for m in map(Move.from_code, self._codes) if m.fire]
        if self.selected is not None:
            mine = [m for m in fires if m.from_square == self.selected]
            if mine:
                return mine[0]
        return fires[0] if len(fires) == 1 else None

    def end_turn_move(self) -> Move | None:
        """The action that ends a turn of several actions early, if the variant has one now."""
        if self.position is None or not self.position.variant.controls.end_turn:
            return None
        ends = [m for m in map(Move.from_code, self._codes) if m.is_null]
        return ends[0] if ends else None

    def null_move(self) -> Move | None:
        """The selected piece's null move (Leiserchess 2017's King), if it is legal now."""
        if self.selected is None or self._pending is not None:
            return None
        null = Move.null(self.selected)
        return null if self.position is not None and self.position.is_legal(null) else None

    def explain(self, square: int | None) -> str | None:
        """Why the selected piece cannot go to ``square`` (None if it can, or nothing is selected)."""
        pos = self.position
        if pos is None or square is None or self.selected is None or self._pending is not None:
            return None
        if square == self.selected or square in self.targets():
            return None
        names = pos.geometry.names
        reason = pos.variant.illegal_reason(pos, Move(self.selected, square))
        return f"{names[self.selected]} to {names[square]}: {reason}"

    def _hover(self, pos: tuple[int, int]) -> None:
        square = self.view.square_at(pos)
        if square is None:
            return  # off the board the last message stays, so it can be clicked (it links to the rule)
        if square != self._hover_square:
            self._hover_square = square
            self.hover_reason = self.explain(square)

    def _refresh(self) -> None:
        pos = self.position
        targets = self.targets()
        dots: set[int] = set()
        rings: set[int] = set()
        if self.show_legal and pos is not None:
            for sq in targets:
                (rings if pos.board[sq] else dots).add(sq)
        selected = self._pending[1] if self._pending is not None else self.selected
        press = self._press
        self.view.deco = Decorations(
            selected=selected,
            last_move=self.last_move,
            dots=frozenset(dots),
            rings=frozenset(rings),
            marks=self.view.deco.marks,
            hover=self.cursor,
            hidden=frozenset({press.square})
            if press and press.dragging and press.square is not None
            else frozenset(),
            handle=self.handle_square if self._spin is None else None,
        )

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> Move | None:
        """Feed an event; returns a complete legal move when the player has made one."""
        if not self.enabled or self.position is None:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press_at(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if event.type == pygame.MOUSEMOTION and self._spin is not None:
            sq, at_press = self._spin
            angle = (screen_angle(self.view.square_center(sq), event.pos) - at_press) % 360.0
            self.view.spin = (sq, self.position.board[sq], angle)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._spin is not None:
            return self._release_spin(event.pos)
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            self._press.moved(event.pos)
            pressed = self._press.square
            if self._dragging and pressed is not None:
                self.view.drag = (self.position.board[pressed], event.pos)
                self._refresh()
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            return self._release_at(event.pos)
        if event.type == pygame.KEYDOWN and self._cursor_key(event.key):
            return self._cursor_pick() if event.key in PICK_KEYS and self._picked else None
        if event.type == pygame.KEYDOWN and self._promotions:
            letter = getattr(event, "unicode", "").upper()
            letters = self.position.variant.kind_letters
            chosen = [m for m in self._promotions if letters.get(m.promotion or 0, "").upper() == letter]
            return self._done(chosen[0]) if chosen else None
        if event.type == pygame.KEYDOWN and event.key in ROTATE_KEYS and self.has_selection:
            move = self.rotation_move(ROTATE_KEYS[event.key])
            return self._done(move) if move else None
        return None

    # ------------------------------------------------------------ keyboard cursor
    _picked = False

    def _cursor_key(self, key: int) -> bool:
        """Arrows move the board cursor (Up/Down, Enter or Space show it first); Enter/Space pick
        up and drop. Returns True when the key was the cursor's."""
        self._picked = False
        if self.cursor is None:
            if key not in (pygame.K_UP, pygame.K_DOWN, *PICK_KEYS):
                return False  # Left/Right keep turning the selected piece or browsing moves
            self.show_cursor()
            return True
        if key in CURSOR_STEPS:
            self.move_cursor(*CURSOR_STEPS[key])
            return True
        if key in PICK_KEYS:
            self._picked = True
            return True
        return False

    def show_cursor(self) -> None:
        geo = self.position.geometry if self.position is not None else self.view.variant.geometry
        start = self.selected if self.selected is not None else (self.last_move or (None,))[-1]
        if start is None:
            start = self.view.square_at(self.view.rect.center)
        self.cursor = start if start is not None else geo.size // 2
        self._point_at(self.cursor)

    def hide_cursor(self) -> None:
        self.cursor = None
        self._refresh()

    def move_cursor(self, dx: int, dy: int) -> None:
        """One square left/right/up/down as seen on screen (so a flipped board still feels right)."""
        if self.cursor is None:
            return
        r = self.view.square_rect(self.cursor)
        target = self.view.square_at((r.centerx + dx * r.width, r.centery + dy * r.height))
        if target is not None:
            self.cursor = target
            self._point_at(target)

    def _point_at(self, square: int) -> None:
        self._hover_square = square
        self.hover_reason = self.explain(square)
        self.notice = None
        self._refresh()

    def _cursor_pick(self) -> Move | None:
        """Enter/Space on the cursor's square: what a click there does."""
        sq, pos = self.cursor, self.position
        if sq is None or pos is None:
            return None
        targets = self.targets()
        if sq in targets:
            return self._choose(targets[sq], sq)
        if self._pending is None and self.selected == sq:
            null = self.null_move()
            if null is not None:
                return self._done(null)
            self.selected = None
            self._point_at(sq)
            return None
        if self._pending is None and self.movable(sq):
            self.selected = sq
            self._point_at(sq)
            return None
        if self.has_selection:
            self.notice = self.explain(sq) or self.hover_reason
        else:
            name = pos.geometry.names[sq]
            code = pos.board[sq]
            whose = pos.variant.side_names[pos.turn]
            self.notice = (
                f"Nothing to pick up on {name}"
                if not code
                else f"The piece on {name} cannot move now ({whose} is to move)"
            )
        return None

    def intermediate_board(self) -> list[int]:
        """The board between the two parts of a swap: the two pieces have changed places."""
        assert self.position is not None and self._pending is not None
        board = list(self.position.board)
        frm, mid = self._pending
        board[frm], board[mid] = board[mid], board[frm]
        return board

    @property
    def prompt(self) -> str | None:
        """What is still expected while a turn is half entered (None otherwise)."""
        if self._promotions and self.position is not None:
            pieces = self.position.variant.pieces
            kinds = [
                pieces.by_number[m.promotion] for m in self._promotions if m.promotion in pieces.by_number
            ]
            choices = ", ".join(f"{k.letter} {k.name}" for k in kinds)
            return f"Promote to: press {choices} (Esc cancels)"
        if self._pending is None or self.position is None:
            return None
        square = self.position.geometry.names[self._pending[1]]
        return f"Finish the swap: step or rotate the piece on {square} (Esc cancels the swap)"

    def preview_move(self) -> Move | None:
        """The complete move the player is pointing at (a target under the mouse or the dragged
        piece, a rotation button under the mouse, the Fire button, or a selected Laser under the
        mouse), for the shot preview; None if there is none."""
        if self.position is None or not self.enabled:
            return None
        if self.hover_fire:
            return self.fire_move()
        if not self.has_selection:
            return None
        if self._spin is not None:
            return self.spin_move()
        if self.hover_rotation is not None:
            return self.rotation_move(self.hover_rotation)
        if self._hover_square is not None and self._hover_square == self.selected and not self._dragging:
            return next((m for m in self._moves_from(self.selected) if m.fire), None)  # its shot
        move = self.targets().get(self._hover_square) if self._hover_square is not None else None
        if move is None or (self._pending is None and (move.then_square is not None or move.rotation)):
            return None  # nothing pointed at, or only the first part of a two-part move
        return move

    @property
    def _dragging(self) -> bool:
        return self._press is not None and self._press.dragging

    @property
    def dragging(self) -> bool:
        return self._dragging or self._spin is not None

    @property
    def choosing_promotion(self) -> bool:
        """A promotion square was picked and the player must say which piece (by its letter)."""
        return bool(self._promotions)

    @property
    def has_selection(self) -> bool:
        return self.selected is not None or self._pending is not None or bool(self._promotions)

    def _press_at(self, pos: tuple[int, int]) -> Move | None:
        sq = self.view.square_at(pos)
        if sq is None:
            self.clear()
            return None
        now, last = self.clock(), self._last_press
        self._last_press = (sq, now)
        handle = self.handle_square
        if handle is not None and self.view.handle_rect(handle).collidepoint(pos):
            self._spin = (handle, screen_angle(self.view.square_center(handle), pos))
            self.view.spin = (handle, self.position.board[handle], 0.0) if self.position else None
            self._refresh()
            return None
        if last is not None and last[0] == sq and now - last[1] <= DOUBLE_CLICK_MS:
            fire = next((m for m in self._moves_from(sq) if m.fire), None)
            if fire is not None:
                self._last_press = None
                return self._done(fire)  # a double-click on a Laser fires it
        targets = self.targets()
        if sq in targets:
            return self._choose(targets[sq], sq)
        if self._pending is None and self.movable(sq):
            was_selected = self.selected == sq
            self.selected = sq
            self._press = BoardPress(pos, 1, sq, selected=was_selected)
            self._refresh()
            return None
        self.clear()
        return None

    def _release_spin(self, pos: tuple[int, int]) -> Move | None:
        """The handle let go: turn the piece by the nearest quarter turns, if that is legal."""
        assert self._spin is not None
        sq = self._spin[0]
        turns = self._spin_turns(pos)
        self._spin = None
        self.view.spin = None
        move = self.turn_move(sq, turns) if turns else None
        if turns and move is None and self.position is not None:
            kind = self.position.variant.pieces.kind(self.position.board[sq])
            self.notice = f"The {kind.name} on {self.position.geometry.names[sq]} cannot turn that way now"
        self._refresh()
        return self._done(move) if move is not None else None

    def _release_at(self, pos: tuple[int, int]) -> Move | None:
        if self._press is None:
            return None
        sq, was_selected, dragged = self._press.square, self._press.selected, self._press.dragging
        self._press = None
        self.view.drag = None
        if dragged:
            target = self.view.square_at(pos)
            targets = self.targets()
            if target is not None and target in targets:
                return self._choose(targets[target], target)
            self._refresh()  # illegal drop: the piece snaps back, still selected
            return None
        if was_selected and self.view.square_at(pos) == sq:
            null = self.null_move()
            if null is not None:
                return self._done(null)  # a second click on a King with a null move plays it
            self.clear()  # a second click on the selected piece deselects it
        return None

    def _choose(self, move: Move, square: int) -> Move | None:
        if move.promotion is not None:
            same = [
                m
                for m in map(Move.from_code, self._codes)
                if (m.from_square, m.to_square, m.then_square)
                == (move.from_square, move.to_square, move.then_square)
                and m.promotion is not None
            ]
            if len({m.promotion for m in same}) > 1:
                self._promotions = same  # ask which piece (the variant's letters; Esc cancels)
                self._refresh()
                return None
        if self._pending is None and (move.then_square is not None or move.rotation):
            # First half of a two-part move: show the position after the swap; ask for the rest.
            self._pending = (move.from_square, square)
            self.view.show_position(self.intermediate_board())
            self._refresh()
            return None
        return self._done(move)

    def _done(self, move: Move) -> Move:
        self.clear()
        return move
