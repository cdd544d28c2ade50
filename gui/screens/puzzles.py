"""The Puzzles screen: engine-proven puzzles for every rule set, rated with Glicko-2.

Pick a rule set and a theme (or any), then Next, the puzzle of the day, or a streak (puzzles
getting harder until the first miss). The player moves on the board; a right turn is answered
with the line's reply, a wrong one with its refutation (the reply that shows why it fails), then
Retry takes it back. Hint rings the piece to move; Solution plays the whole line with its beams.
A hint, the solution or a wrong turn make the first try a miss for the rating. The position opens
in the analysis board (a two-player game with the study tools) or in the editor. For Lousy Chess
the original module puzzle is one more kind, on its own screen.
"""

from __future__ import annotations

import datetime
import random

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.move import Move
from game.puzzles.model import Puzzle, find, of_theme, playable, puzzle_of_the_day
from game.puzzles.progress import Progress
from game.puzzles.trainer import Attempt, Verdict
from game.variants import VARIANTS, get_variant
from gui.colours import ALERT, BRIGHT_GOLD, MUTED, PROMPT_BLUE, STATUS_TEXT, SUCCESS_TEXT
from gui.layout import px
from gui.puzzle_board import PuzzleBoard
from gui.puzzle_refute import Refuter
from gui.puzzle_text import Para, draw_paras
from gui.screen import Screen
from gui.screens import puzzles_panel
from gui.screens.puzzles_panel import ANY, MODULE, News
from gui.widgets.chrome import draw_background, panel
from gui.widgets.player_panel import draw_panel_title


class PuzzlesScreen(Screen):
    name = "puzzles"
    title = "Puzzles"

    def __init__(self, app, variant: str | None = None, puzzle_id: str | None = None, **kw) -> None:
        super().__init__(app, **kw)
        self.variant_name = variant if variant in VARIANTS else next(iter(VARIANTS))
        self.theme = ANY
        self.rng = random.Random()
        self.progress = Progress.from_json(app.settings.puzzles)
        self.board = PuzzleBoard(app, get_variant(self.variant_name))
        self.refuter = Refuter()
        self.buttons: dict[str, UIButton] = {}
        self.drops: dict[str, UIDropDownMenu] = {}
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.attempt: Attempt | None = None
        self.queue: list[Move] = []  # moves to show one after another (a reply, a refutation, the solution)
        self.phase = "play"  # play, reply, refute, wrong, solved, showing, empty
        self.mode = "next"  # next, daily, streak
        self.streak = 0
        self.message = ""
        self.message_colour = STATUS_TEXT
        self.rated = False
        self.hint_square: int | None = None
        self.note = ""  # the rating change, the end of a streak
        self.wrong = ""  # the player's wrong turn, in move text
        self.refutation: list[Move] = []
        self.scroll = 0
        self._overflow = 0
        chosen = find(puzzle_id) if puzzle_id else None
        if chosen is not None:
            self.variant_name = chosen.variant
        self.start(chosen) if chosen is not None else self.next_puzzle()

    # ------------------------------------------------------------ the collection
    def puzzles(self) -> list[Puzzle]:
        """The chosen rule set's puzzles of the chosen theme or motif."""
        return of_theme(playable(self.variant_name), None if self.theme == ANY else self.theme)

    def theme_options(self) -> list[tuple[str, str]]:
        """(label, key) of each theme and motif the rule set has puzzles of, with counts."""
        return puzzles_panel.theme_options(self.variant_name)

    # ------------------------------------------------------------ choosing a puzzle
    def next_puzzle(self) -> None:
        self.mode = "next" if self.mode != "streak" else "streak"
        pool = self.puzzles()
        chosen = (
            self.progress.streak_puzzle(pool, self.streak, self.rng)
            if self.mode == "streak"
            else self.progress.next_puzzle(pool, self.rng)
        )
        self.start(chosen)

    def daily(self) -> None:
        self.mode = "daily"
        self.start(puzzle_of_the_day(list(playable(self.variant_name)), datetime.date.today()))

    def start_streak(self) -> None:
        self.mode, self.streak = "streak", 0
        self.next_puzzle()

    def start(self, puzzle: Puzzle | None) -> None:
        self.refuter.cancel()
        self.queue, self.hint_square, self.scroll, self.rated, self.note = [], None, 0, False, ""
        if puzzle is None:
            self.attempt, self.phase = None, "empty"
            self.message = "No puzzles of this theme here yet."
            self.message_colour = MUTED
            self.board.position = None
            self._refresh()
            return
        if puzzle.variant != self.board.variant.name:
            self.board.set_variant(get_variant(puzzle.variant))
        self.attempt = Attempt(puzzle)
        self.board.view.set_flipped(self.attempt.solver == 1)  # the solver plays up the board
        self.phase = "play"
        self.board.view.show_position(self.attempt.position.board)
        self.message = "Your move." if self.mode != "daily" else "The puzzle of the day. Your move."
        self.message_colour = PROMPT_BLUE
        self._refresh()

    # ------------------------------------------------------------ the player's moves
    def player_move(self, move: Move) -> None:
        attempt = self.attempt
        if attempt is None or self.phase != "play":
            return
        self.hint_square = None
        self.board.play(move)
        verdict = attempt.judge()
        if verdict is Verdict.MORE:
            left = attempt.position.variant.turn_progress(attempt.position)
            self.message, self.message_colour = f"Go on: {left}." if left else "Go on.", PROMPT_BLUE
        elif verdict is Verdict.SOLVED:
            self._solved()
        elif verdict is Verdict.RIGHT:
            self.phase = "reply"
            self.queue = list(attempt.reply)
            self.message, self.message_colour = "Right! Now the reply…", SUCCESS_TEXT
        else:
            self._missed()
            self.phase = "refute"
            self.wrong = attempt.texts(attempt.turn_start)
            self.message, self.message_colour = f"{self.wrong} is not the answer: the reply…", ALERT
            self.refuter.start(attempt)
        self._refresh()

    def _solved(self) -> None:
        assert self.attempt is not None
        self.phase = "solved"
        clean = not self.attempt.missed
        self._rate(solved=clean)
        if self.mode == "streak" and clean:
            self.streak += 1
            self.progress.best_streak = max(self.progress.best_streak, self.streak)
            self._save()
        self.message = "Solved!" if clean else "Solved, with help."
        if self.mode == "streak" and clean:
            self.message += f" Streak {self.streak}: Next goes on."
        self.message_colour = BRIGHT_GOLD

    def _missed(self) -> None:
        if self.attempt is not None:
            self.attempt.missed = True
        self._rate(solved=False)
        if self.mode == "streak":
            self.note += f". The streak ends at {self.streak} (best {self.progress.best_streak})."
            self.streak = 0
            self.mode = "next"

    def _rate(self, solved: bool) -> None:
        """Count the first try once: a solve without help, or the first miss."""
        if self.rated or self.attempt is None:
            return
        self.rated = True
        before, after = self.progress.record(self.attempt.puzzle, solved)
        change = round(after.rating) - round(before.rating)
        self.note = f"Your rating: {after.rating:.0f} ({change:+d})"
        self._save()

    def resume(self) -> None:
        self.progress = Progress.from_json(self.app.settings.puzzles)  # the Lessons screen may have saved
        super().resume()

    def _save(self) -> None:
        self.app.settings.puzzles = self.progress.to_json()
        self.app.save_settings()

    # ------------------------------------------------------------ help
    def show_hint(self) -> None:
        if self.attempt is None or self.phase != "play":
            return
        self.hint_square = self.attempt.hint_square()
        if not self.rated:
            self._missed()
        if self.hint_square is not None:
            name = self.attempt.position.geometry.names[self.hint_square]
            self.message, self.message_colour = f"Hint: the piece on {name} acts first.", PROMPT_BLUE
        self._refresh()

    def show_solution(self) -> None:
        attempt = self.attempt
        if attempt is None or self.phase in ("showing", "empty") or attempt.finished:
            return
        self.refuter.cancel()
        attempt.missed = True
        if not self.rated:
            self._missed()
        attempt.retry()
        self.board.view.show_position(attempt.position.board)
        self.queue = [m for turn in attempt.moves[attempt.step :] for m in turn]
        self.phase = "showing"
        self.message, self.message_colour = "The solution:", PROMPT_BLUE
        self._refresh()

    def retry(self) -> None:
        attempt = self.attempt
        if attempt is None or self.phase == "empty":
            return
        self.refuter.cancel()
        self.queue = []
        if self.phase in ("solved", "showing"):
            attempt.restart()
        else:
            attempt.retry()
        self.phase = "play"
        self.board.view.show_position(attempt.position.board)
        self.message, self.message_colour = "Try again: your move.", PROMPT_BLUE
        self._refresh()

    def open_in(self, where: str) -> None:
        if self.attempt is None:
            return
        puzzle = self.attempt.puzzle
        if where == "editor":
            self.app.screens.push("editor", variant=puzzle.variant, fen=puzzle.fen)
        else:
            from game.record import Game

            self.app.screens.push("game", game=Game.new(puzzle.variant, fen=puzzle.fen))

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.board.update(dt)
        if self.phase == "refute" and not self.queue:
            reply = self.refuter.poll()
            if reply is not None:
                self.queue, self.refutation = list(reply), list(reply)
                if not reply:
                    self._refuted()
        if self.queue and not self.board.view.busy and self.attempt is not None:
            self.board.play(self.queue.pop(0))
            if not self.queue:
                self._queue_done()
            self._refresh()

    def _queue_done(self) -> None:
        attempt = self.attempt
        assert attempt is not None
        if self.phase == "reply":
            if attempt.replied():
                self._solved()
            else:
                self.phase = "play"
                self.message, self.message_colour = "Right! Your move again.", SUCCESS_TEXT
        elif self.phase == "refute":
            self._refuted()
        elif self.phase == "showing":
            attempt.step = len(attempt.moves)
            attempt.finished = True
            self.phase = "solved"
            self.message, self.message_colour = "That was the solution. Retry or Next.", MUTED

    def _refuted(self) -> None:
        """The refutation has been shown: say what it did (the theme's measure)."""
        attempt = self.attempt
        assert attempt is not None
        self.phase = "wrong"
        self.message = (
            f"{attempt.refuted_words(self.wrong, len(self.refutation))} Retry, or see the Solution."
        )
        self.message_colour = ALERT

    @property
    def animating(self) -> bool:
        return self.board.view.busy or bool(self.queue) or self.phase == "refute"

    def exit(self) -> None:
        self.refuter.close()
        super().exit()

    # ------------------------------------------------------------ widgets
    def _refresh(self) -> None:
        pos = self.attempt.position if self.attempt is not None else None
        if pos is not None:
            hints = () if self.hint_square is None else (self.hint_square,)
            self.board.show(pos, self.phase == "play", hints)
        else:
            self.board.input.set_position(None)
        for key, ok in puzzles_panel.button_states(self.phase, self.attempt, self.variant_name).items():
            button = self.buttons.get(key)
            if button is not None:
                button.enable() if ok else button.disable()
        streak = self.buttons.get("streak")
        if streak is not None:
            streak.select() if self.mode == "streak" else streak.unselect()

    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        made = puzzles_panel.build_panel(self.board, self.app.ui, root, size, self.variant_name, self.theme)
        self.panel_rect, self.text_rect = made.panel, made.text
        self.drops, self.buttons = made.drops, made.buttons
        self._refresh()

    def teardown(self) -> None:
        self.buttons, self.drops = {}, {}
        self.board.teardown()

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return self._dropdown(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if key is not None:
                self._button(key)
                return True
        if event.type == pygame.MOUSEWHEEL and self._overflow:
            self.scroll = max(0, min(self._overflow, self.scroll - event.y * 20))
            return True
        if event.type == pygame.KEYDOWN and not self.board.input.has_selection:
            keys = {pygame.K_n: "next", pygame.K_h: "hint", pygame.K_r: "retry"}
            key = keys.get(event.key)
            if key is not None and (self.buttons.get(key) is None or self.buttons[key].is_enabled):
                self._button(key)
                return True
        if self.phase == "play":
            move = self.board.handle_event(event)
            if move is not None:
                self.player_move(move)
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.board.view.rect.collidepoint(
            event.pos
        ):
            return True
        return super().handle_event(event)

    def _button(self, key: str) -> None:
        actions = {
            "next": self.next_puzzle,
            "daily": self.daily,
            "streak": self.start_streak,
            "hint": self.show_hint,
            "solution": self.show_solution,
            "retry": self.retry,
            "analysis": lambda: self.open_in("analysis"),
            "editor": lambda: self.open_in("editor"),
            "lessons": lambda: self.app.screens.push("lessons", variant=self.variant_name),
        }
        actions[key]()

    def _dropdown(self, event: pygame.event.Event) -> bool:
        if event.ui_element is self.drops.get("variant"):
            name = next(v.name for v in VARIANTS.values() if v.title == event.text)
            if name != self.variant_name:
                self.variant_name, self.theme = name, ANY
                self.board.set_variant(get_variant(name))
                self.next_puzzle()
                self.resize(self.app.window_size)
            return True
        if event.ui_element is self.drops.get("theme"):
            key = next((k for label, k in self.theme_options() if label == event.text), ANY)
            if key == MODULE:
                self.app.screens.push("puzzle")
                return True
            self.theme = key
            if self.mode == "daily":
                self.mode = "next"
            self.next_puzzle()
            return True
        return False

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_background(surface, self.app.settings.board_scheme)
        self.board.draw(surface)
        panel(surface, self.panel_rect)
        rating = self.progress.rating(self.variant_name)
        draw_panel_title(
            surface, self.panel_rect, "Puzzles", f"Your rating {rating.rating:.0f} ± {rating.rd:.0f}"
        )
        self._overflow = draw_paras(
            surface, self.paragraphs(), self.text_rect, max(12, px(17, size)), self.scroll
        )

    def paragraphs(self) -> list[Para]:
        """The panel's text (gui/screens/puzzles_panel.py writes it)."""
        news = News(self.message, self.message_colour, self.note, self.board.input.prompt or "")
        return puzzles_panel.paragraphs(self.attempt, self.progress, self.mode, self.streak, self.phase, news)


def screenshot_puzzles(app) -> PuzzlesScreen:
    """A Khet puzzle for the screenshots."""
    screen = PuzzlesScreen(app, variant="khet")
    screen.rng.seed(1)
    return screen
