"""The Lessons screen: a short interactive course per rule set (game/puzzles/courses.py).

Each step sets a small board with the side to move's beam drawn on it, says what the rule is and
what to do; the rules check the turn the player makes (game/puzzles/lessons.py). Hint rings the
pieces to use and says how; Try again resets the step; the steps passed are kept in the
settings, and the numbered buttons jump to any step. Reached from the Rules screen (for the
rule set shown there) and the Puzzles screen.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.effects import Effects
from game.move import Move
from game.position import Position
from game.puzzles.courses import COURSES, course
from game.puzzles.lessons import Judgement, Step, judge
from game.puzzles.progress import Progress
from game.variants import VARIANTS, get_variant
from gui.colours import ALERT, BRIGHT_GOLD, HEADING, MUTED, PROMPT_BLUE, STATUS_TEXT, SUCCESS_TEXT
from gui.colours import GREEN as DONE_TICK
from gui.layout import px, style
from gui.puzzle_board import PuzzleBoard, board_and_rule_set_drop
from gui.puzzle_text import Para, draw_paras
from gui.screen import Screen
from gui.widgets.chrome import draw_background, panel
from gui.widgets.form import button_text_width, row_rects
from gui.widgets.player_panel import draw_panel_title


class LessonsScreen(Screen):
    name = "lessons"
    title = "Lessons"

    def __init__(self, app, variant: str | None = None, step: int | None = None, **kw) -> None:
        super().__init__(app, **kw)
        self.progress = Progress.from_json(app.settings.puzzles)
        self.variant_name = variant if variant in COURSES else next(iter(COURSES))
        self.board = PuzzleBoard(app, get_variant(self.variant_name))
        self.board.show_beam = True
        self.buttons: dict[str, UIButton] = {}
        self.step_buttons: list[UIButton] = []
        self.drops: dict[str, UIDropDownMenu] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.index = 0
        self.start: Position | None = None
        self.position: Position | None = None
        self.reports: list[Effects] = []
        self.verdict: Judgement | None = None
        self.hinted = False
        self.scroll = 0
        self._overflow = 0
        done = self.progress.lessons.get(self.variant_name, [])
        first_open = next((i for i in range(len(self.course.steps)) if i not in done), 0)
        self.open_step(step if step is not None and 0 <= step < len(self.course.steps) else first_open)

    @property
    def course(self):
        return course(self.variant_name)

    @property
    def step(self) -> Step:
        return self.course.steps[self.index]

    # ------------------------------------------------------------ the step
    def open_step(self, index: int) -> None:
        self.index = index
        self.start = self.step.position(self.variant_name)
        self.position = self.start.copy()
        self.reports, self.verdict, self.hinted, self.scroll = [], None, False, 0
        self.board.view.show_position(self.position.board)
        self._refresh()

    def player_move(self, move: Move) -> None:
        if self.position is None or self.start is None or self.verdict is not None:
            return
        self.reports.append(self.board.play(move))
        verdict = judge(self.step, self.start, self.position, self.reports)
        if verdict.passed:
            self.verdict = verdict
            self.progress.lesson_done(self.variant_name, self.index)
            self.app.settings.puzzles = self.progress.to_json()
            self.app.save_settings()
        elif verdict.finished:
            self.verdict = verdict
        self._refresh()

    def resume(self) -> None:
        self.progress = Progress.from_json(self.app.settings.puzzles)  # the Puzzles screen may have saved
        super().resume()

    def done(self, index: int) -> bool:
        return index in self.progress.lessons.get(self.variant_name, [])

    def _refresh(self) -> None:
        pos = self.position
        if pos is not None:
            names = self.step.hint_squares if self.hinted else ()
            squares = tuple(sq for sq in map(pos.geometry.parse_square, names) if sq is not None)
            self.board.show(pos, self.verdict is None, squares)
        last = self.index >= len(self.course.steps) - 1
        states = {
            "hint": self.verdict is None,
            "again": bool(self.reports),
            "next": not last and (self.verdict is not None and self.verdict.passed or self.done(self.index)),
        }
        for key, ok in states.items():
            button = self.buttons.get(key)
            if button is not None:
                button.enable() if ok else button.disable()
        for i, button in enumerate(self.step_buttons):
            button.select() if i == self.index else button.unselect()

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        ui = self.app.ui
        layout, inner, drop = board_and_rule_set_drop(self.board, ui, root, size, COURSES, self.variant_name)
        self.panel_rect = layout.panel
        self.drops = {"variant": drop}
        row_h, gap = layout.row_h, layout.gap
        x, w, y = inner.x, inner.width, inner.y
        steps = len(self.course.steps)
        labels = [str(i + 1) for i in range(steps)]
        needs = [button_text_width(ui, size, t, "segment") for t in labels]
        self.step_buttons = []
        for i, rect in enumerate(row_rects(needs, x, y, w, row_h, 3)):
            tip = self.course.steps[i].title
            self.step_buttons.append(
                UIButton(
                    rect, labels[i], ui, container=root, object_id=style("segment", size), tool_tip_text=tip
                )
            )
        y += row_h + gap
        self.buttons = {}
        bottom = inner.bottom - row_h
        specs = [
            ("hint", "Hint", "Ring the pieces to use and say how (H)"),
            ("again", "Try again", "Set the step's board up again (R)"),
            ("next", "Next step", "On to the next rule (N)"),
        ]
        needs = [button_text_width(ui, size, text) for _k, text, _t in specs]
        for (key, text, tip), rect in zip(specs, row_rects(needs, x, bottom, w, row_h, gap), strict=True):
            self.buttons[key] = UIButton(
                rect, text, ui, container=root, object_id=style("btn", size), tool_tip_text=tip
            )
        bottom -= row_h + gap
        if self.board.action_keys():
            self.board.build(root, pygame.Rect(x, bottom, w, row_h), size, gap)
            bottom -= row_h + gap
        self.text_rect = pygame.Rect(x, y, w, bottom - y)
        self._refresh()

    def teardown(self) -> None:
        self.buttons, self.drops, self.step_buttons = {}, {}, []
        self.board.teardown()

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.drops.get(
            "variant"
        ):
            name = next(v.name for v in VARIANTS.values() if v.title == event.text)
            if name != self.variant_name:
                self.variant_name = name
                self.board.set_variant(get_variant(name))
                done = self.progress.lessons.get(name, [])
                self.open_step(next((i for i in range(len(self.course.steps)) if i not in done), 0))
                self.resize(self.app.window_size)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.step_buttons:
                self.open_step(self.step_buttons.index(event.ui_element))
                return True
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if key is not None:
                self._button(key)
                return True
        if event.type == pygame.MOUSEWHEEL and self._overflow:
            self.scroll = max(0, min(self._overflow, self.scroll - event.y * 20))
            return True
        if event.type == pygame.KEYDOWN and not self.board.input.has_selection:
            key = {pygame.K_h: "hint", pygame.K_r: "again", pygame.K_n: "next"}.get(event.key)
            if key is not None and self.buttons.get(key) is not None and self.buttons[key].is_enabled:
                self._button(key)
                return True
        move = self.board.handle_event(event) if self.verdict is None else None
        if move is not None:
            self.player_move(move)
            return True
        return super().handle_event(event)

    def _button(self, key: str) -> None:
        if key == "hint":
            self.hinted = True
        elif key == "again":
            self.open_step(self.index)
            return
        elif key == "next" and self.index + 1 < len(self.course.steps):
            self.open_step(self.index + 1)
            self.resize(self.app.window_size)  # the step buttons' ticks
            return
        self._refresh()

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.board.update(dt)

    @property
    def animating(self) -> bool:
        return self.board.view.busy

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_background(surface, self.app.settings.board_scheme)
        self.board.draw(surface)
        panel(surface, self.panel_rect)
        passed = len(self.progress.lessons.get(self.variant_name, []))
        draw_panel_title(
            surface, self.panel_rect, "Lessons", f"{passed} of {len(self.course.steps)} steps done"
        )
        self._overflow = draw_paras(
            surface, self.paragraphs(), self.text_rect, max(12, px(17, size)), self.scroll
        )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """A green bar along the foot of each step button already passed."""
        for i, button in enumerate(self.step_buttons):
            if self.done(i):
                r = button.rect
                width = max(2, r.height // 10)
                y = r.bottom - width - 2
                pygame.draw.line(surface, DONE_TICK, (r.x + 5, y), (r.right - 6, y), width)

    def paragraphs(self) -> list[Para]:
        step = self.step
        out = [
            Para(f"{self.index + 1}. {step.title}", HEADING, bold=True, scale=1.15, after=0.3),
            Para(step.text, STATUS_TEXT),
            Para(step.task, BRIGHT_GOLD, bold=True),
        ]
        if self.hinted:
            out.append(Para(f"Hint: {step.hint}", PROMPT_BLUE))
        verdict = self.verdict
        if verdict is not None and verdict.passed:
            last = self.index >= len(self.course.steps) - 1
            tail = "That was the last step: the course is done." if last else "Next step when you are ready."
            out.append(Para(f"Well done! {tail}", SUCCESS_TEXT, bold=True))
        elif verdict is not None:
            out.append(Para(f"Not yet: {verdict.missing}. Try again.", ALERT, bold=True))
        elif self.reports and self.position is not None:
            left = self.position.variant.turn_progress(self.position)
            out.append(Para(f"Go on: {left}." if left else "Go on.", PROMPT_BLUE))
        prompt = self.board.input.prompt
        if prompt:
            out.append(Para(prompt, PROMPT_BLUE))
        if self.done(self.index) and verdict is None:
            out.append(Para("You passed this step before.", MUTED, scale=0.85))
        return out


def screenshot_lessons(app) -> LessonsScreen:
    return LessonsScreen(app, variant="khet", step=1)
