"""The Lousy Chess puzzle (rules/lousychess.md §7): enter the rest of a game two scripted engines play.

The screen deals a puzzle (or takes engines and a serial typed in), shows the board some plies
before the end with the display of the original module (both engines with their seeds, the
serial, the move number) and each engine's name and goals, so it can be solved from the screen
alone. The player enters every remaining move of both sides: click the piece, then its
destination. A wrong piece or destination is a strike (a red flash and a message); "Show the next
move" marks it on the board and also counts as a strike; three strikes lose. Solved and failed
puzzles are counted in the settings.
"""

from __future__ import annotations

import random

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UITextEntryLine

from game.move import code_from_square, code_to_square
from game.pieces import code_color
from game.scripted import (
    GOALS,
    NAMES,
    Puzzle,
    ScriptedEngine,
    ScriptError,
    deal_puzzle,
    make_puzzle,
    move_name,
)
from game.variants import get_variant
from game.variants.lousychess import move_number
from gui.art import chessmen
from gui.art.fonts import blit_lines, blit_wrapped, fit_text, fitting_font, font
from gui.colours import (
    ALERT,
    BODY_TEXT,
    BRIGHT_GOLD,
    DIM,
    RESULT_TITLE,
    SMALL_TEXT,
    STATUS_TEXT,
    SUCCESS_TEXT,
)
from gui.layout import px, style
from gui.screen import Screen
from gui.widgets.board_view import BoardView
from gui.widgets.chrome import draw_background, panel
from gui.widgets.form import button_text_width
from gui.widgets.player_panel import draw_panel_title, panel_title_band, side_panel_layout

MAX_STRIKES = 3
FLASH = 0.6  # seconds a strike's red flash lasts


class PuzzleScreen(Screen):
    name = "puzzle"
    title = "Puzzle"

    def __init__(self, app, puzzle: Puzzle | None = None, seed: int | None = None, **kw) -> None:
        super().__init__(app, **kw)
        self.rng = random.Random(seed)
        self.view = BoardView(
            get_variant("lousychess"), app.settings.board_scheme, app.settings.show_coordinates
        )
        self.buttons: dict[str, UIButton] = {}
        self.entries: dict[str, UITextEntryLine] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.message = ""
        self.message_colour = DIM
        self.flash = 0.0
        self.start(puzzle or deal_puzzle(self.rng))

    # ------------------------------------------------------------ the puzzle
    def start(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.pos = puzzle.position()
        self.strikes = 0
        self.selected: int | None = None
        self.hinted = False
        self.result: str | None = None  # "solved" or "failed"
        self.message = "Enter the engines' moves: click a piece, then its destination."
        self.message_colour = DIM
        self.view.show_position(self.pos.board)
        self._decorate()

    @property
    def expected(self) -> int | None:
        """The code of the move the engines play next (None when the game is over)."""
        index = self.pos.ply  # the position holds the whole game so far
        return self.puzzle.moves[index] if index < len(self.puzzle.moves) else None

    def engine_to_move(self) -> ScriptedEngine:
        return self.puzzle.white if self.pos.turn == 0 else self.puzzle.black

    def click_square(self, sq: int) -> None:
        """A click on the board: pick up the right piece, or strike."""
        code = self.expected
        if self.result is not None or code is None:
            return
        frm, to = code_from_square(code), code_to_square(code)
        piece = self.pos.board[sq]
        if self.selected is None or (piece and code_color(piece) == self.pos.turn and sq != to):
            if not piece or code_color(piece) != self.pos.turn:
                return  # not a piece that can be picked up: nothing happens
            if sq != frm:
                self.strike(
                    sq, f"Strike! {self.engine_to_move().label} does not move the piece on {self._name(sq)}."
                )
                self.selected = None
            else:
                self.selected = sq
                self.message, self.message_colour = f"Now its destination ({self._name(sq)} picked up).", DIM
            self._decorate()
            return
        if sq == to:
            self.play(code)
        else:
            self.strike(sq, f"Strike! The piece on {self._name(frm)} does not go to {self._name(sq)}.")
        self._decorate()

    def play(self, code: int) -> None:
        before = self.pos.copy(history=False)
        effects = self.pos.push(before.variant.parse_move_text(move_name(code), before.geometry))
        self.view.show_effects(self.pos.board, effects)
        self.selected = None
        self.hinted = False
        if self.expected is None:
            self.result = "solved"
            self.app.settings.puzzles_solved += 1
            self.app.save_settings()
            self.message, self.message_colour = "Solved! Every move entered.", BRIGHT_GOLD
        else:
            self.message, self.message_colour = f"Right: {move_name(code)}. Next move?", SUCCESS_TEXT

    def strike(self, sq: int, text: str) -> None:
        self.strikes += 1
        self.flash = FLASH
        self.flash_square = sq
        if self.strikes >= MAX_STRIKES:
            self.result = "failed"
            self.app.settings.puzzles_failed += 1
            self.app.save_settings()
            rest = [move_name(c) for c in self.puzzle.moves[self.pos.ply :]]
            self.message = f"{text} Three strikes: the puzzle is lost. The moves were {' '.join(rest)}."
        else:
            self.message = f"{text} ({self.strikes} of {MAX_STRIKES})"
        self.message_colour = ALERT

    def show_next(self) -> None:
        """Mark the next move on the board; it counts as a strike."""
        code = self.expected
        if self.result is not None or code is None:
            return
        self.hinted = True
        self.strike(code_from_square(code), f"The next move is {move_name(code)} (a strike).")
        self._decorate()

    def deal_typed(self) -> None:
        """A puzzle from the engines and serial typed in."""
        specs = self.entries["engines"].get_text().split()
        serial = self.entries["serial"].get_text().strip().upper()
        try:
            if len(specs) != 2:
                raise ScriptError("type two engines (letter and seed), e.g. L4 K0")
            white, black = (ScriptedEngine.parse(s, serial) for s in specs)
            if white.letter == black.letter or white.seed == black.seed:
                raise ScriptError("the two engines need different letters and different seeds")
            self.start(make_puzzle(white, black, self.rng))
        except ScriptError as exc:
            self.message, self.message_colour = str(exc), ALERT

    def _name(self, sq: int) -> str:
        return self.pos.geometry.names[sq]

    def _decorate(self) -> None:
        deco = self.view.deco
        deco.selected = self.selected
        code = self.expected
        deco.rings = (
            frozenset({code_from_square(code), code_to_square(code)})
            if self.hinted and code is not None
            else frozenset()
        )
        deco.alerts = frozenset({self.flash_square}) if self.flash > 0 else frozenset()
        history = self.pos.history
        deco.last_move = (history[-1].from_square, history[-1].to_square) if history else ()

    flash_square = -1

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        ui = self.app.ui
        layout = side_panel_layout(size, False, control_rows=4)
        self.panel = layout.panel
        self.view.set_area(layout.board_area)
        inner, row_h, gap = layout.controls, layout.row_h, layout.gap
        self.info_rect = pygame.Rect(
            layout.panel.x + gap * 2,
            layout.panel.y + gap * 2,
            inner.width,
            inner.top - layout.panel.y - 3 * gap,
        )
        half = (inner.width - gap) // 2
        y = inner.y

        def button(key: str, text: str, rect: pygame.Rect, tip: str) -> None:
            self.buttons[key] = UIButton(
                rect, text, ui, container=root, object_id=style("btn", size), tool_tip_text=tip
            )

        def entry(key: str, rect: pygame.Rect, text: str, placeholder: str) -> None:
            e = UITextEntryLine(
                rect, ui, container=root, object_id=style("entry", size), placeholder_text=placeholder
            )
            e.set_text_length_limit(20)
            if text:
                e.set_text(text)
            self.entries[key] = e

        self.buttons, self.entries = {}, {}
        button(
            "hint",
            "Show next move" if button_text_width(ui, size, "Show next move") <= half else "Next move",
            pygame.Rect(inner.x, y, half, row_h),
            "Marks the next move; counts as a strike",
        )
        button(
            "style",
            f"Pieces: {chessmen.style().upper()}",
            pygame.Rect(inner.x + half + gap, y, half, row_h),
            "FULL or FLAT pieces (P)",
        )
        y += row_h + gap
        entry("engines", pygame.Rect(inner.x, y, half, row_h), "", "engines: L4 K0")
        entry("serial", pygame.Rect(inner.x + half + gap, y, half, row_h), "", "serial: CH3SS5")
        y += row_h + gap
        button(
            "deal",
            "Deal these",
            pygame.Rect(inner.x, y, half, row_h),
            "A puzzle from the engines and serial typed above",
        )
        button("new", "New puzzle", pygame.Rect(inner.x + half + gap, y, half, row_h), "Deal a random puzzle")

    def teardown(self) -> None:
        self.buttons, self.entries = {}, {}

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if key == "hint":
                self.show_next()
            elif key == "style":
                chessmen.set_style("flat" if chessmen.style() == "full" else "full")
                self.app.settings.piece_style = chessmen.style()
                self.app.save_settings()
                self.buttons["style"].set_text(f"Pieces: {chessmen.style().upper()}")
            elif key == "deal":
                self.deal_typed()
            elif key == "new":
                self.start(deal_puzzle(self.rng))
            if key is not None:
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.entries.values():
            self.deal_typed()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.view.busy:
            sq = self.view.square_at(event.pos)
            if sq is not None:
                self.click_square(sq)
                return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_p
            and not any(e.is_focused for e in self.entries.values())
        ):
            chessmen.set_style("flat" if chessmen.style() == "full" else "full")
            self.app.settings.piece_style = chessmen.style()
            if "style" in self.buttons:
                self.buttons["style"].set_text(f"Pieces: {chessmen.style().upper()}")
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.view.update(dt)
        if self.flash > 0:
            self.flash = max(0.0, self.flash - dt)
            if self.flash == 0:
                self._decorate()

    @property
    def animating(self) -> bool:
        return self.view.busy or self.view.effects_running or self.flash > 0

    def notice_rect(self, size: tuple[int, int]) -> pygame.Rect:
        return panel_title_band(size, self.panel)  # notices over the title, never the board or panel

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_background(surface, self.app.settings.board_scheme)
        self.view.draw(surface)
        if self.flash > 0:
            veil = pygame.Surface(self.view.rect.size, pygame.SRCALPHA)
            veil.fill((200, 30, 20, int(90 * self.flash / FLASH)))
            surface.blit(veil, self.view.rect)
        panel(surface, self.panel)
        self._draw_display(surface, size)
        if self.result is not None:
            self._draw_result(surface, size)

    def _draw_display(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        r = self.info_rect
        x, y = r.x, r.y
        head = font(max(16, px(24, size)), bold=True)
        body = font(SMALL_TEXT.at(size))
        small = font(max(10, px(13, size)))
        lh = body.get_linesize()
        p = self.puzzle
        draw_panel_title(surface, self.panel, "Lousy Chess puzzle")  # above the panel, as in a game
        for side, engine in (("White", p.white), ("Black", p.black)):
            active = (side == "White") == (self.pos.turn == 0) and self.result is None
            title = f"{side}: {engine.label} · {NAMES[engine.letter]}"
            surface.blit(
                body.render(fit_text(body, title, r.width), True, BRIGHT_GOLD if active else STATUS_TEXT),
                (x, y),
            )
            y += lh
            for i, goal in enumerate(GOALS[engine.letter], 1):
                number = f"  {i}. "
                y = blit_lines(surface, number + goal, small, DIM, (x, y), r.width, small.size(number)[0])
            y += 4
        turn = "White" if self.pos.turn == 0 else "Black"
        left = len(p.moves) - self.pos.ply
        facts = f"Serial {p.serial} · move {move_number(self.pos)} · {turn} to move · {left} to enter"
        y = blit_lines(surface, facts, body, STATUS_TEXT, (x, y), r.width) + 4
        marks = "".join("X " if i < self.strikes else "_ " for i in range(MAX_STRIKES))
        strikes = head.render(f"Strikes: {marks}", True, ALERT if self.strikes else DIM)
        surface.blit(strikes, (x, y))
        counts = f"Solved {self.app.settings.puzzles_solved} · failed {self.app.settings.puzzles_failed}"
        counts_img = small.render(counts, True, DIM)  # on the Strikes line, at the right
        surface.blit(counts_img, counts_img.get_rect(bottomright=(r.right, y + strikes.get_height() - 4)))
        y += head.get_linesize() + 4
        # the whole message (a failed puzzle's moves too) in the room left: never cut with "…"
        room = pygame.Rect(x, y, r.width, r.bottom - y)
        f, lines = fitting_font(self.message, room, SMALL_TEXT.at(size), smallest=9)
        blit_wrapped(surface, self.message, f, self.message_colour, room, max_lines=lines, centred=False)

    def _draw_result(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        board = self.view.rect
        box = pygame.Rect(0, 0, min(board.width - 20, max(300, px(420, size))), max(110, px(140, size)))
        box.center = board.center
        panel(surface, box, alpha=235)
        solved = self.result == "solved"
        title = "Solved!" if solved else "Puzzle failed"
        big = font(RESULT_TITLE.at(size), bold=True).render(title, True, BRIGHT_GOLD if solved else ALERT)
        surface.blit(big, big.get_rect(midtop=(box.centerx, box.y + px(14, size))))
        note = "New puzzle deals another." if solved else "Three strikes. New puzzle deals another."
        small = font(BODY_TEXT.at(size)).render(note, True, STATUS_TEXT)
        surface.blit(small, small.get_rect(midbottom=(box.centerx, box.bottom - px(16, size))))


def screenshot_puzzle(app) -> PuzzleScreen:
    """The same puzzle every time, for the screenshots."""
    return PuzzleScreen(app, seed=15)
