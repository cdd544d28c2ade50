"""The board editor's input: the mouse on the palette and the board (click, drag, sweep with the
eraser, right-click and the wheel to turn) and its keys, turned into the editor's actions.

A press is a :class:`gui.widgets.move_input.BoardPress`, the same as the game's: it becomes a drag
after the same few pixels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gui.audio import CLICK, ROTATE
from gui.widgets.board_view import Decorations
from gui.widgets.move_input import BoardPress
from gui.widgets.palette import ERASER, SELECT

if TYPE_CHECKING:
    from gui.screens.editor import EditorScreen


class EditorInput:
    """Mouse and keys of one editor screen (its ``press`` and ``mouse`` are the shared state)."""

    def __init__(self, screen: EditorScreen) -> None:
        self.screen = screen

    def decorations(self) -> Decorations:
        """The board's marks now: the selected piece, the square under the mouse, the piece a
        palette tool would place there, a dragged piece's empty origin, and the squares of the
        hovered check (else of every error)."""
        screen = self.screen
        hover_check = screen.panels.check_at(screen.mouse)
        if hover_check is not None and hover_check.squares:
            alerts = frozenset(hover_check.squares)
        else:
            alerts = frozenset(
                sq for c in screen.checks if c.kind == "error" for sq in c.squares if screen.board[sq]
            )
        hover = None
        preview = None
        press = screen.press
        square = screen.view.square_at(screen.mouse) if screen.mouse[0] >= 0 else None
        if square is None and screen.demo_hover is not None:
            square = screen.demo_hover
        dragging = press is not None and press.dragging
        if dragging:
            hover = square
        elif square is not None and press is None:
            tool = screen.palette.selected
            if tool > 0:
                hover = square
                if screen.board[square] != tool:
                    preview = (square, tool)
            elif tool == ERASER and screen.board[square]:
                hover = square
        hidden: frozenset[int] = frozenset()
        if dragging and press is not None and press.origin == "board" and press.square is not None:
            hidden = frozenset({press.square})
        selected = screen.selected if screen.selected is not None and screen.board[screen.selected] else None
        return Decorations(selected=selected, hidden=hidden, hover=hover, preview=preview, alerts=alerts)

    def motion(self, pos: tuple[int, int]) -> None:
        screen = self.screen
        screen.mouse = (int(pos[0]), int(pos[1]))
        screen.demo_hover = None
        screen.palette.handle_motion(screen.mouse)
        press = screen.press
        if press is not None:
            if press.moved(pos):
                self._start_drag(press)
            if press.dragging and press.code:
                screen.view.drag = (press.code, screen.mouse)
            if press.origin == "erase":
                sq = screen.view.square_at(screen.mouse)
                if sq is not None and screen.edit.clear_square(sq):
                    if screen.selected == sq:
                        screen.selected = None
                    screen.refresh()
        screen.decorate()

    def _start_drag(self, press: BoardPress) -> None:
        """The press has become a drag: of a piece on the board, or of a palette tile."""
        screen = self.screen
        if press.origin == "board" and press.square is not None and screen.board[press.square]:
            press.code = screen.board[press.square]
            screen.selected = press.square
        elif press.origin == "palette" and press.tool > 0:
            press.code = press.tool
        else:
            press.dragging = False  # nothing to carry: the press stays a click

    def press(self, pos: tuple[int, int], button: int) -> bool:
        screen = self.screen
        screen.mouse = (int(pos[0]), int(pos[1]))
        screen.demo_hover = None
        if screen.press is not None:
            self.cancel()
        tool = screen.palette.tool_at(pos)
        if tool is not None:
            if button == 1:
                if tool == screen.palette.selected and tool != SELECT:
                    screen.palette.select(SELECT)  # a second click puts the tool down
                else:
                    screen.palette.select(tool)
                    screen.selected = None
                screen.app.audio.play(CLICK)
                screen.press = BoardPress(pos, 1, origin="palette", tool=tool)
            else:
                screen.palette.rotate(tool, 1)
                screen.app.audio.play(ROTATE)
            screen.decorate()
            return True
        sq = screen.view.square_at(pos)
        if sq is None:
            return False
        if button == 1 and screen.palette.selected == ERASER:
            screen.press = BoardPress(pos, 1, origin="erase")
            screen.edit.begin_stroke()
            if screen.edit.clear_square(sq):
                if screen.selected == sq:
                    screen.selected = None
                screen.refresh()
            return True
        screen.press = BoardPress(pos, button, sq)
        screen.decorate()
        return True

    def release(self, pos: tuple[int, int], button: int) -> bool:
        screen = self.screen
        press = screen.press
        if press is None or press.button != button:
            return False
        screen.press = None
        screen.view.drag = None
        screen.mouse = (int(pos[0]), int(pos[1]))
        target = screen.view.square_at(pos)
        origin = press.origin
        if origin == "erase":
            screen.edit.end_stroke()
            screen.refresh()
            return True
        if press.dragging:
            if origin == "board" and press.square is not None:
                frm = press.square
                if target is None:
                    screen.erase(frm)  # dragged off the board: put away
                elif target != frm:
                    screen.move_piece(frm, target)
            elif origin == "palette" and target is not None:
                screen.place(target, press.code)
            screen.decorate()
            return True
        sq = press.square
        if origin == "palette" or sq is None:
            return True
        if button == 3:
            screen.rotate_square(sq, 1)
        else:
            tool = screen.palette.selected
            if tool > 0:
                if screen.board[sq] == tool:
                    screen.selected = sq
                else:
                    screen.place(sq, tool)
            else:
                screen.selected = sq if screen.board[sq] and screen.selected != sq else None
        screen.decorate()
        return True

    def cancel(self) -> None:
        screen = self.screen
        press = screen.press
        screen.press = None
        screen.view.drag = None
        if press is not None and press.origin == "erase":
            screen.edit.end_stroke()
            screen.refresh()
        screen.decorate()

    def wheel(self, amount: int) -> bool:
        screen = self.screen
        if not amount:
            return False
        pos = screen.mouse
        turns = 1 if amount > 0 else -1
        if screen.check_rect.collidepoint(pos):
            screen.check_scroll = max(0, min(len(screen.checks) - 1, screen.check_scroll - turns))
            return True
        tool = screen.palette.tool_at(pos)
        if tool is not None and tool > 0:
            screen.palette.rotate(tool, turns)
            screen.app.audio.play(ROTATE)
            return True
        sq = screen.view.square_at(pos)
        if sq is not None and screen.board[sq]:
            screen.rotate_square(sq, turns)
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        screen = self.screen
        key = event.key
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE and screen.press is not None:
            self.cancel()
            return True
        if ctrl:
            if key == pygame.K_z:
                return screen.redo() if shift else screen.undo()
            if key == pygame.K_y:
                return screen.redo()
            if key == pygame.K_c:
                return screen.copy_fen()
            if key == pygame.K_v:
                return screen.paste_fen()
            if key == pygame.K_s:
                return screen.save()
            return False
        if key in (pygame.K_e, pygame.K_RIGHT):
            screen.rotate(1)
            return True
        if key in (pygame.K_q, pygame.K_LEFT):
            screen.rotate(-1)
            return True
        if key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            if screen.selected is not None and screen.board[screen.selected]:
                screen.erase(screen.selected)
            else:
                screen.note("fen", "info", "Select a piece first, then press Delete to remove it.")
            return True
        if key == pygame.K_f:
            screen.view.set_flipped(not screen.view.flipped)
            return True
        return False
