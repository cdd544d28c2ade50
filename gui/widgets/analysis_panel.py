"""The replay's analysis: a strip under the board and a bar beside it.

Before an analysis: the strength (Quick / Deep) and an Analyse button. While it runs (in the
search worker process, one position at a time): a progress bar, Cancel, and the graph growing.
Afterwards: each player's accuracy and counts, the graph (click or drag to jump), the evaluation
bar, the engine's best move at the shown position as an arrow with its faint beam, its best
line as move buttons that step into the line on the board (``←``/``→`` inside it, ``Esc`` back),
and, when a person's moves were marked, **Learn** (``L``): each of those moves as a puzzle
(gui/screens/learn.py).

The replay screen owns the board and the move list; this object owns everything else about the
analysis and is told which ply is shown (:meth:`show_ply`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game import Game, Move, Position, Shot
from game.analysis import (
    BEST,
    GOOD,
    MARK_NAMES,
    SELF_SHOT,
    STRENGTHS,
    Analysis,
    BackgroundAnalysis,
    score_text,
    win_chance,
)
from game.effects import Effects
from game.errors import LaserChessError
from game.fileio import atomic_write_text
from game.line import GameLine
from gui.art.fonts import fit_text, font, text_image
from gui.colours import (
    EDGE,
    FILL,
    GOLD,
    INK,
    KNOB,
    MUTED,
    RADIUS,
    SECOND_TEXT,
    SMALL_RADIUS,
    SMALL_TEXT,
    TEXT,
    TRACK,
)
from gui.layout import px
from gui.widgets.board_view import BoardView, Decorations
from gui.widgets.eval_graph import MARK_COLOURS, EvalGraph, draw_eval_bar
from gui.widgets.form import make_button
from gui.widgets.move_arrow import draw_faint_shots, draw_move_arrow, move_shots, move_squares


@dataclass
class _LineStep:
    board: list[int]
    effects: Effects | None  # what the move did (None for the line's start)
    squares: tuple[int, ...]
    text: str


@dataclass
class Variation:
    """The engine's line from ``base`` (a ply of the game) on the board, ``index`` moves into it."""

    base: int
    steps: list[_LineStep]
    index: int = 0


def mark_suffix(mark: str | None) -> str:
    """What the move list and status show after a move: ``•`` (best), ``?!``, ``?``, ``??``, ``×``
    (self-shot); nothing for a good move. (Glyphs the bundled font has.)"""
    if mark is None or mark == GOOD:
        return ""
    return {BEST: "•", SELF_SHOT: "×"}.get(mark, mark)


class AnalysisPanel:
    """See the module docs. ``save_path`` is the record file the analysis is written into."""

    def __init__(
        self,
        app: Any,
        game: Game,
        view: BoardView,
        save_path: Path | None = None,
        line: GameLine | None = None,
    ) -> None:
        self.app = app
        self.game = game
        self.line = line  # the replay's game line: positions from its moves, not from the record's texts
        self.view = view
        self.save_path = save_path
        analysis = game.analysis
        self.analysis: Analysis | None = analysis if analysis is not None and analysis.fits(game) else None
        self.strength = "quick"
        self.job: BackgroundAnalysis | None = None
        self.graph = EvalGraph()
        self.graph.empty_text = "Analyse to see who stood better, move by move"
        self.buttons: dict[str, UIButton] = {}
        self.strip = pygame.Rect(0, 0, 0, 0)
        self.row_a = pygame.Rect(0, 0, 0, 0)
        self.row_b = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.progress_rect = pygame.Rect(0, 0, 0, 0)
        self.tokens: list[tuple[pygame.Rect, int]] = []  # best-line buttons: rect, moves into the line
        self.ply = 0
        self.variation: Variation | None = None
        self._best: dict[int, tuple[Move, list[Shot]] | None] = {}
        self._size = (1280, 720)
        self._gap = 6
        self._mistakes: tuple[Analysis, int] | None = None  # (the analysis, its marked moves of people)
        self._refresh_graph()

    # ------------------------------------------------------------ state
    def mistake_count(self) -> int:
        """How many moves of the people in the game the analysis marked (the Learn screen's puzzles)."""
        analysis = self.analysis
        if analysis is None:
            return 0
        if self._mistakes is None or self._mistakes[0] is not analysis:
            from game.puzzles.mistakes import mistakes

            self._mistakes = (analysis, len(mistakes(self.game, analysis)))
        return self._mistakes[1]

    def learn(self) -> None:
        """Open "learn from your mistakes" on this game's marked moves."""
        if not self.running and self.mistake_count():
            self.app.screens.push("learn", game=self.game)

    @property
    def running(self) -> bool:
        return self.job is not None and not self.job.finished

    def mark(self, ply: int) -> str | None:
        if self.analysis is None or not 1 <= ply <= len(self.analysis.marks):
            return None
        return self.analysis.marks[ply - 1]

    def marks_for_list(self) -> dict[int, tuple[str, tuple[int, int, int]]]:
        """Ply -> (suffix, colour) for the move list."""
        out = {}
        if self.analysis is not None:
            for ply, mark in enumerate(self.analysis.marks, start=1):
                suffix = mark_suffix(mark)
                if suffix:
                    out[ply] = (suffix, MARK_COLOURS.get(mark, TEXT))
        return out

    def status_text(self, ply: int) -> str:
        """The analysis's word on the move that led to ``ply`` (for the status line)."""
        mark = self.mark(ply)
        if mark is None or self.analysis is None:
            return ""
        return f"{MARK_NAMES[mark]} · {score_text(self.analysis.positions[ply])}"

    def _refresh_graph(self) -> None:
        if self.analysis is not None:
            self.graph.set_data([win_chance(p.score) for p in self.analysis.positions], self.analysis.marks)
        elif self.job is not None:
            scores = self.job.run.partial_scores()
            self.graph.set_data([None if s is None else win_chance(s) for s in scores])
        else:
            self.graph.set_data([])
        self.graph.current = self.ply

    # ------------------------------------------------------------ analysis
    def start(self, strength: str | None = None) -> None:
        """Analyse the game in the worker process (replacing any analysis when it completes)."""
        self.cancel()
        self.strength = strength or self.strength
        try:
            self.job = BackgroundAnalysis(self.game, self.strength, line=self.line)
        except (LaserChessError, OSError) as exc:
            self.app.notify(f"The analysis could not start: {exc}", "error")
            self.job = None
        self._refresh_graph()
        self._sync_buttons()

    def cancel(self) -> None:
        """Stop a running analysis (its worker process ends at once)."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
            self._refresh_graph()
            self._sync_buttons()

    def update(self, dt: float) -> None:
        job = self.job
        if job is None:
            return
        done = job.poll()
        if not done:
            self._refresh_graph()
            return
        self.job = None
        if job.error is not None:
            self.app.notify(f"The analysis stopped: {job.error}", "error")
        elif job.analysis is not None:
            self.analysis = job.analysis
            self.game.analysis = job.analysis
            self._best.clear()
            self._save()
        self._refresh_graph()
        self._sync_buttons()

    def _save(self) -> None:
        """Write the analysis into the game's record file (when the game has one)."""
        path = self.save_path
        if path is None:
            from gui.paths import saves_dir

            candidate = saves_dir() / self.game.file_name()
            path = candidate if candidate.exists() else None
        if path is None:
            return
        try:
            atomic_write_text(path, json.dumps(self.game.to_json(), indent=1))
        except OSError as exc:
            self.app.notify(f"The analysis could not be saved: {exc}", "error")

    # ------------------------------------------------------------ the shown position
    def show_ply(self, ply: int) -> None:
        self.ply = ply
        self.variation = None
        self.graph.current = ply

    def best_move(self, ply: int) -> tuple[Move, list[Shot]] | None:
        """The engine's move at ``ply`` and the shots it would fire (cached)."""
        if self.analysis is None or not 0 <= ply < len(self.analysis.positions):
            return None
        if ply not in self._best:
            best = self.analysis.positions[ply].best
            self._best[ply] = None if best is None else move_shots(self._position_at(ply), best)
        return self._best[ply]

    def _position_at(self, ply: int) -> Position:
        """The game's position after ``ply`` actions, with its history."""
        return self.line.position_at(ply) if self.line is not None else self.game.position_at(ply)

    def enter_line(self, moves: int) -> None:
        """Show the position ``moves`` plies into the engine's best line from the shown ply."""
        if self.analysis is None:
            return
        base = self.variation.base if self.variation is not None else self.ply
        pv = self.analysis.positions[base].pv
        if self.variation is None or self.variation.base != base:
            self.variation = Variation(base, self._line_steps(base, pv))
        var = self.variation
        moves = max(0, min(moves, len(var.steps) - 1))
        forward = moves == var.index + 1
        var.index = moves
        step = var.steps[moves]
        self.view.skip_animation()
        if forward:
            self.view.show_effects(step.board, step.effects)
        else:
            self.view.show_position(step.board)
        self.view.deco = Decorations(last_move=step.squares)

    def _line_steps(self, base: int, pv: tuple[str, ...]) -> list[_LineStep]:
        pos: Position = self._position_at(base)
        steps = [_LineStep(list(pos.board), None, (), "")]
        for text in pv:
            try:
                move = pos.parse_move(text)
            except LaserChessError:
                break
            effects = pos.push(move)
            steps.append(_LineStep(list(pos.board), effects, move_squares(move), text))
            if pos.loser >= 0:
                break
        return steps

    # ------------------------------------------------------------ layout
    def layout(self, board_area: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
        """Take the strip and the bar's room out of ``board_area``; returns what is left for the board."""
        self._size = size
        gap = max(6, px(10, size))
        strip_h = max(112, min(px(230, size), int(board_area.h * 0.3)))
        self.strip = pygame.Rect(board_area.x, board_area.bottom - strip_h, board_area.w, strip_h)
        small = font(SMALL_TEXT.at(size)).get_linesize()
        row_a_h = max(max(26, px(34, size)), 2 * small + 4)
        self.row_a = pygame.Rect(self.strip.x, self.strip.y, self.strip.w, row_a_h)
        self.row_b = pygame.Rect(self.strip.x, self.strip.bottom - small - 6, self.strip.w, small + 6)
        self.graph.set_rect(
            pygame.Rect(
                self.strip.x, self.row_a.bottom + 4, self.strip.w, self.row_b.y - self.row_a.bottom - 8
            )
        )
        bar_w = max(10, px(16, size))
        self._bar_room = bar_w + gap // 2
        return pygame.Rect(
            board_area.x + self._bar_room,
            board_area.y,
            board_area.w - self._bar_room,
            board_area.h - strip_h - gap,
        )

    def place_bar(self) -> None:
        """Put the evaluation bar beside the board (call after the board is placed)."""
        r = self.view.rect
        w = max(10, px(16, self._size))
        self.bar = pygame.Rect(r.x - self._bar_room, r.y, w, r.h)

    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        ui = self.app.ui
        h = max(24, min(self.row_a.h, px(34, size)))
        y = self.row_a.centery - h // 2
        gap = self._gap = max(4, px(6, size))
        seg_w = max(56, px(78, size))
        go_w = max(100, px(124, size))
        x = self.row_a.x
        self.buttons = {}
        for name in STRENGTHS:
            tip = f"{name.capitalize()}: {STRENGTHS[name].description}"
            self.buttons[name] = make_button(
                ui, root, size, pygame.Rect(x, y, seg_w, h), name.capitalize(), tip=tip, kind="segment"
            )
            x += seg_w + gap
        self.buttons["analyse"] = make_button(
            ui,
            root,
            size,
            pygame.Rect(x, y, go_w, h),
            "Analyse",
            tip="Let the engine go through every position of the game (A)",
        )
        cancel_w = max(70, px(90, size))
        self.buttons["cancel"] = make_button(
            ui,
            root,
            size,
            pygame.Rect(self.row_a.right - cancel_w, y, cancel_w, h),
            "Cancel",
            tip="Stop the analysis",
        )
        self.progress_rect = pygame.Rect(self.row_a.x, y, self.row_a.w - cancel_w - gap, h)
        self.buttons["deeper"] = make_button(
            ui,
            root,
            size,
            pygame.Rect(self.row_a.right - go_w, y, go_w, h),
            "Deep again",
            tip="Analyse once more at the deep setting (" + STRENGTHS["deep"].description + ")",
        )
        learn_w = max(70, px(90, size))
        self.buttons["learn"] = make_button(
            ui,
            root,
            size,
            pygame.Rect(self.row_a.right - go_w - gap - learn_w, y, learn_w, h),
            "Learn",
            tip="Try each of your marked moves again as a puzzle: find a better move (L)",
        )
        self._sync_buttons()

    def teardown(self) -> None:
        self.buttons = {}

    def _sync_buttons(self) -> None:
        if not self.buttons:
            return
        idle = not self.running
        fresh = idle and self.analysis is None
        show = {
            "quick": fresh,
            "deep": fresh,
            "analyse": fresh,
            "cancel": self.running,
            "deeper": idle and self.analysis is not None and self.analysis.strength != "deep",
            "learn": idle and self.mistake_count() > 0,
        }
        learn, deeper = self.buttons["learn"], self.buttons["deeper"]
        right = deeper.relative_rect.x - self._gap if show["deeper"] else deeper.relative_rect.right
        x = right - learn.relative_rect.w
        if learn.relative_rect.x != x:  # beside Deep again, or at the right end without it
            learn.set_relative_position((x, learn.relative_rect.y))
        for name, visible in show.items():
            button = self.buttons[name]
            if visible and not button.visible:
                button.show()
            elif not visible and button.visible:
                button.hide()
        for name in STRENGTHS:
            b = self.buttons[name]
            b.select() if name == self.strength else b.unselect()

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> int | bool | None:
        """A ply to jump to (graph), True when the event was used here, else None."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self._button(name)
                    return True
        ply = self.graph.handle_event(event)
        if ply is not None:
            return ply
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, moves in self.tokens:
                if rect.collidepoint(event.pos):
                    self.enter_line(moves)
                    return True
        if event.type == pygame.KEYDOWN:
            if self.variation is not None:
                if event.key in (pygame.K_RIGHT, pygame.K_DOWN):
                    self.enter_line(self.variation.index + 1)
                    return True
                if event.key in (pygame.K_LEFT, pygame.K_UP):
                    if self.variation.index == 0:
                        return self.variation.base
                    self.enter_line(self.variation.index - 1)
                    return True
                if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                    return self.variation.base
            if event.key == pygame.K_a and not self.running and self.analysis is None:
                self.start()
                return True
            if event.key == pygame.K_l and not self.running and self.mistake_count():
                self.learn()
                return True
        return None

    def _button(self, name: str) -> None:
        if name in STRENGTHS:
            self.strength = name
            self._sync_buttons()
        elif name == "analyse":
            self.start()
        elif name == "deeper":
            self.start("deep")
        elif name == "cancel":
            self.cancel()
        elif name == "learn":
            self.learn()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self.graph.draw(surface)
        small = SMALL_TEXT.at(size)
        if self.running and self.job is not None:
            self._draw_progress(surface, small)
        elif self.analysis is not None:
            self._draw_summary(surface, small)
        self._draw_line(surface, small)
        bar_value = None
        if self.analysis is not None:
            bar_value = win_chance(self.analysis.positions[self.ply].score)
        draw_eval_bar(surface, self.bar, bar_value, first_at_bottom=not self.view.flipped)

    def _draw_progress(self, surface: pygame.Surface, size: int) -> None:
        job = self.job
        assert job is not None
        rect = self.progress_rect
        pygame.draw.rect(surface, TRACK, rect, border_radius=RADIUS)
        filled = rect.copy()
        filled.w = round(rect.w * job.progress)
        if filled.w > 0:
            pygame.draw.rect(surface, FILL, filled, border_radius=RADIUS)
        pygame.draw.rect(surface, EDGE, rect, 1, border_radius=6)
        done, total = job.run.finished_count, job.run.total
        text = f"Analysing ({job.run.strength.name}): {done} of {total} positions"
        f = font(size, True)
        label = f.render(fit_text(f, text, rect.w - 12), True, TEXT)
        surface.blit(label, label.get_rect(center=rect.center))

    def _draw_summary(self, surface: pygame.Surface, size: int) -> None:
        analysis = self.analysis
        assert analysis is not None
        from game import get_variant

        names = get_variant(self.game.variant).side_names
        shown = [b.rect.x for k, b in self.buttons.items() if k in ("deeper", "learn") and b.visible]
        right = min(shown) - 8 if shown else self.row_a.right
        width = right - self.row_a.x
        texts = []
        for summary in analysis.summary(self.game):
            acc = "—" if summary.accuracy is None else f"{summary.accuracy:.0f}%"
            texts.append(
                f"accuracy {acc} · {summary.inaccuracies} ?! · {summary.mistakes} ? · {summary.blunders} ??"
            )
        texts = [f"{name}: {text}" for name, text in zip(names, texts, strict=False)]
        # whole in a smaller font where the buttons leave little room (640x480), cut only below 9 px
        fits = (s for s in range(size, 8, -1) if all(font(s).size(t)[0] <= width for t in texts))
        size = next(fits, 9)
        f = font(size)
        line = f.get_linesize()
        y = self.row_a.centery - line
        for color, text in enumerate(texts):
            img = text_image(fit_text(f, text, width), size, False, TEXT if color == 0 else SECOND_TEXT)
            surface.blit(img, (self.row_a.x, y + color * line))

    def _draw_line(self, surface: pygame.Surface, size: int) -> None:
        """The engine's best line from the shown position, as buttons to step into it."""
        self.tokens = []
        if self.analysis is None:
            return
        base = self.variation.base if self.variation is not None else self.ply
        ev = self.analysis.positions[base]
        rect = self.row_b
        f = font(size)
        bold = font(size, True)
        x = rect.x
        head = "Best line:" if ev.pv else f"Result: {score_text(ev)}"
        img = bold.render(head, True, GOLD)
        surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
        x += img.get_width() + 8
        if ev.pv:
            score = bold.render(score_text(ev), True, MUTED)
            surface.blit(score, score.get_rect(midleft=(x, rect.centery)))
            x += score.get_width() + 10
        current = self.variation.index if self.variation is not None else 0
        for i, text in enumerate(ev.pv, start=1):
            img = f.render(text, True, INK if i == current else TEXT)
            box = img.get_rect(midleft=(x + 4, rect.centery)).inflate(8, 2)
            if box.right > rect.right:
                more = f.render("…", True, MUTED)
                surface.blit(more, more.get_rect(midleft=(x, rect.centery)))
                break
            pygame.draw.rect(surface, GOLD if i == current else KNOB, box, border_radius=SMALL_RADIUS)
            surface.blit(img, img.get_rect(center=box.center))
            self.tokens.append((box, i))
            x = box.right + 4

    def draw_board_extras(self, surface: pygame.Surface) -> None:
        """Over the board: the engine's best move at the shown position and its faint beam."""
        if self.analysis is None or self.variation is not None or self.view.busy:
            return
        best = self.best_move(self.ply)
        if best is None:
            return
        move, shots = best
        draw_faint_shots(surface, self.view, shots)
        draw_move_arrow(surface, self.view, move)
