"""Learn from your mistakes: each move of yours the analysis marked, as a puzzle ("find a better
move"), reached from the replay of an analysed game.

The board shows the position before the mistake. The player's answer is accepted when it is the
engine's move, wins at once, or, searched by the engine in its worker process as the analysis did,
gives away less than the analysis's "good" margin against the best move (game/puzzles/mistakes.py).
A miss is taken back after its shot has been shown; Show best plays the engine's move with its
beam. The panel counts the mistakes found.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game.analysis import MARK_NAMES, STRENGTHS
from game.move import Move
from game.position import Position
from game.puzzles.mistakes import Mistake, Verdict, judge, mistakes, quick_verdict
from game.record import Game
from game.search.limits import SearchResult
from game.search.worker import GameState, SearchWorker, WorkerError
from game.variants import get_variant
from gui.colours import ALERT, BRIGHT_GOLD, HEADING, MUTED, PROMPT_BLUE, STATUS_TEXT, SUCCESS_TEXT
from gui.colours import MARK_BLUNDERED as MISTAKE_ARROW
from gui.layout import px, style
from gui.puzzle_board import PuzzleBoard
from gui.puzzle_text import Para, draw_paras
from gui.screen import Screen
from gui.widgets.chrome import draw_background, panel
from gui.widgets.form import button_text_width, row_rects
from gui.widgets.move_arrow import draw_move_arrow
from gui.widgets.player_panel import draw_panel_title, side_panel_layout

RETRY_AFTER = 1.2  # seconds a missed answer stays on the board before it is taken back


class LearnScreen(Screen):
    name = "learn"
    title = "Learn from your mistakes"

    def __init__(self, app, game: Game, sides: tuple[int, ...] | None = None, **kw) -> None:
        super().__init__(app, **kw)
        self.game = game
        self.items: list[Mistake] = mistakes(game, game.analysis, sides) if game.analysis is not None else []
        self.found: set[int] = set()  # indexes of the mistakes answered well
        self.board = PuzzleBoard(app, get_variant(game.variant))
        self.worker: SearchWorker | None = None
        self.buttons: dict[str, UIButton] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.index = 0
        self.position: Position | None = None
        self.answer: Move | None = None
        self.played: Move | None = None  # the mistake, drawn as a faint red arrow
        self.checking = False
        self.verdict: Verdict | None = None
        self.shown = False  # the best move was shown
        self.wait = 0.0  # counts down before a missed answer is taken back
        self.scroll = 0
        self._overflow = 0
        if self.items:
            self.open(0)

    @property
    def mistake(self) -> Mistake | None:
        return self.items[self.index] if self.items else None

    # ------------------------------------------------------------ one mistake
    def open(self, index: int) -> None:
        self._cancel()
        self.index = index
        mistake = self.items[index]
        self.position = mistake.position()
        self.played = self.position.parse_move(mistake.played)
        self.answer, self.verdict, self.shown, self.wait = None, None, False, 0.0
        self.board.view.set_flipped(mistake.mover == 1)
        self.board.view.show_position(self.position.board)
        self._refresh()

    def player_move(self, move: Move) -> None:
        mistake, pos = self.mistake, self.position
        if mistake is None or pos is None or self.answer is not None:
            return
        self.board.play(move)
        self.answer = pos.history[-1]
        quick = quick_verdict(mistake, pos, self.answer)
        if quick is not None:
            self._verdict(quick)
        else:
            self.checking = True
            if self.worker is None:
                self.worker = SearchWorker()
            state = GameState(
                mistake.state.variant,
                mistake.state.start_fen,
                tuple(m.code for m in pos.history),
                mistake.state.options,
            )
            strength = self.game.analysis.strength if self.game.analysis is not None else "quick"
            # an analysis saved under a strength this program does not name is checked at quick
            self.worker.start(state, limits=STRENGTHS.get(strength, STRENGTHS["quick"]).limits())
        self._refresh()

    def _verdict(self, verdict: Verdict) -> None:
        self.checking = False
        self.verdict = verdict
        if verdict.accepted:
            self.found.add(self.index)
        else:
            self.wait = RETRY_AFTER

    def show_best(self) -> None:
        mistake, pos = self.mistake, self.position
        if mistake is None or pos is None or mistake.best is None:
            return
        self._cancel()
        while pos.ply > len(mistake.state.moves):
            pos.pop()
        self.board.view.show_position(pos.board)
        self.answer, self.verdict, self.shown, self.wait = None, None, True, 0.0
        self.board.play(pos.parse_move(mistake.best))
        self._refresh()

    def _cancel(self) -> None:
        if self.worker is not None and self.checking:
            self.worker.cancel()
        self.checking = False

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.board.update(dt)
        if (
            self.checking
            and self.worker is not None
            and self.position is not None
            and self.mistake is not None
        ):
            for item in self.worker.poll():
                if isinstance(item, SearchResult):
                    self._verdict(judge(self.mistake, self.position, item))
                    self._refresh()
                elif isinstance(item, WorkerError):
                    self.checking = False
                    self.verdict = Verdict(False, 0.0, True)
                    self.wait = RETRY_AFTER
                    self._refresh()
        if self.wait > 0 and not self.board.view.busy:
            self.wait = max(0.0, self.wait - dt)
            if self.wait == 0 and self.position is not None and self.mistake is not None:
                while self.position.ply > len(self.mistake.state.moves):
                    self.position.pop()
                self.board.view.show_position(self.position.board)
                self.answer = None
                self._refresh()

    @property
    def animating(self) -> bool:
        return self.board.view.busy or self.checking or self.wait > 0

    def exit(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        super().exit()

    # ------------------------------------------------------------ widgets
    def _refresh(self) -> None:
        if self.position is not None:
            self.board.show(self.position, self.answer is None and not self.shown)
        states = {
            "previous": self.index > 0,
            "next": self.index + 1 < len(self.items),
            "best": self.mistake is not None and self.mistake.best is not None and not self.checking,
        }
        for key, ok in states.items():
            button = self.buttons.get(key)
            if button is not None:
                button.enable() if ok else button.disable()

    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        ui = self.app.ui
        layout = side_panel_layout(size, False, control_rows=3)
        self.panel_rect = layout.panel
        self.board.view.set_area(layout.board_area)
        pad = max(8, px(14, size))
        inner = layout.panel.inflate(-2 * pad, -2 * pad)
        row_h, gap = layout.row_h, layout.gap
        specs = [
            ("previous", "Previous", "The mistake before"),
            ("best", "Show best", "Play the engine's move with its beam"),
            ("next", "Next", "The next mistake"),
        ]
        needs = [button_text_width(ui, size, text) for _k, text, _t in specs]
        bottom = inner.bottom - row_h
        self.buttons = {}
        for (key, text, tip), rect in zip(
            specs, row_rects(needs, inner.x, bottom, inner.width, row_h, gap), strict=True
        ):
            self.buttons[key] = UIButton(
                rect, text, ui, container=root, object_id=style("btn", size), tool_tip_text=tip
            )
        bottom -= row_h + gap
        if self.board.action_keys():
            self.board.build(root, pygame.Rect(inner.x, bottom, inner.width, row_h), size, gap)
            bottom -= row_h + gap
        self.text_rect = pygame.Rect(inner.x, inner.y, inner.width, bottom - inner.y)
        self._refresh()

    def teardown(self) -> None:
        self.buttons = {}
        self.board.teardown()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if key == "previous" and self.index > 0:
                self.open(self.index - 1)
            elif key == "next" and self.index + 1 < len(self.items):
                self.open(self.index + 1)
            elif key == "best":
                self.show_best()
            if key is not None:
                return True
        if event.type == pygame.MOUSEWHEEL and self._overflow:
            self.scroll = max(0, min(self._overflow, self.scroll - event.y * 20))
            return True
        move = self.board.handle_event(event) if self.answer is None and not self.shown else None
        if move is not None:
            self.player_move(move)
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_background(surface, self.app.settings.board_scheme)
        self.board.draw(surface)
        if self.played is not None and self.answer is None and not self.shown and not self.board.view.busy:
            draw_move_arrow(surface, self.board.view, self.played, MISTAKE_ARROW, 110)  # what was played
        panel(surface, self.panel_rect)
        total = len(self.items)
        draw_panel_title(surface, self.panel_rect, "Your mistakes", f"found {len(self.found)} of {total}")
        self._overflow = draw_paras(
            surface, self.paragraphs(), self.text_rect, max(12, px(17, size)), self.scroll
        )

    def paragraphs(self) -> list[Para]:
        mistake = self.mistake
        if mistake is None:
            return [Para("No mistakes of yours were marked in this game's analysis.", STATUS_TEXT)]
        v = get_variant(self.game.variant)
        side = v.side_names[mistake.mover]
        out = [
            Para(f"Mistake {self.index + 1} of {len(self.items)}", HEADING, bold=True, scale=1.15, after=0.1),
            Para(f"Move {mistake.ply}: {side} played {mistake.played} ({MARK_NAMES[mistake.mark]}).", MUTED),
            Para(f"Find a better move for {side}.", BRIGHT_GOLD, bold=True),
        ]
        verdict = self.verdict
        if self.checking:
            out.append(Para("Asking the engine…", PROMPT_BLUE))
        elif verdict is not None and verdict.accepted:
            best = f" The engine's choice: {mistake.best}." if mistake.best else ""
            out.append(Para(f"Good move!{best}", SUCCESS_TEXT, bold=True))
        elif verdict is not None:
            lost = f" It gives away {verdict.drop * 100:.0f} % of your chances." if verdict.drop else ""
            out.append(Para(f"Not quite.{lost} Try again.", ALERT, bold=True))
        elif self.shown and mistake.best:
            out.append(Para(f"The engine plays {mistake.best}.", PROMPT_BLUE))
        if self.index in self.found and verdict is None:
            out.append(Para("You found a good move here.", MUTED, scale=0.85))
        return out


def sample_game() -> Game:
    """Khet's Dynasty setup where Silver opens j3j2 and its own beam destroys its Pharaoh (the
    rules page's example), analysed by the engine (quick setting): the pictures' mistake."""
    from game.analysis import analyse_game
    from game.record import MoveRecord

    game = Game.new("khet", setup="Dynasty")
    game.moves = [MoveRecord("j3j2")]
    game.analysis = analyse_game(game, "quick")
    return game


def screenshot_learn(app) -> LearnScreen:
    return LearnScreen(app, game=sample_game())
