"""The Puzzles screen's side panel: its widgets and its text, apart from the puzzle flow.

The screen (gui/screens/puzzles.py) decides what a move, a button or a drop-down means; this module
lays out the panel beside the board (rule set and theme drop-downs, the three rows of buttons and
the rule set's action buttons, the room left for text), says which buttons a phase allows, and
writes the panel's paragraphs (the puzzle, the task, the player's standing, the news, the solution).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.puzzles.model import Puzzle, playable, theme_counts
from game.puzzles.progress import Progress
from game.puzzles.themes import MOTIF_NAMES, theme_label
from game.puzzles.trainer import Attempt
from game.variants import VARIANTS, get_variant
from gui.colours import HEADING, MUTED, PROMPT_BLUE, RGB, STATUS_TEXT
from gui.layout import style
from gui.puzzle_board import PuzzleBoard, board_and_rule_set_drop
from gui.puzzle_text import Para
from gui.widgets.form import button_text_width, make_button, row_rects

ANY = "Any theme"
MODULE = "Module puzzle (scripted engines)"

# (key, label, tool tip) of each row of buttons: the top row under the drop-downs, the others
# from the panel's bottom up
CHOOSE_ROW = (
    ("next", "Next", "Another puzzle near your rating (N)"),
    ("daily", "Daily", "The puzzle of the day"),
    ("streak", "Streak", "Harder and harder until the first miss"),
)
OPEN_ROW = (
    ("analysis", "Analysis", "Open this position on the analysis board"),
    ("editor", "Editor", "Open this position in the editor"),
    ("lessons", "Lessons", "The rule set's course, step by step"),
)
HELP_ROW = (
    ("hint", "Hint", "Ring the piece to move (counts as a miss) (H)"),
    ("solution", "Solution", "Play the solution with its beams (counts as a miss)"),
    ("retry", "Retry", "Take your turn back and try again (R)"),
)


def theme_options(variant_name: str) -> list[tuple[str, str]]:
    """(label, key) of each theme and motif the rule set has puzzles of, with counts; the Lousy
    Chess module puzzle is one more kind where the rule set has scripted engines."""
    items = playable(variant_name)
    out = [(f"{ANY} ({len(items)})", ANY)]
    out += [(f"{theme_label(key)} ({n})", key) for key, n in theme_counts(items)]
    if get_variant(variant_name).engine.scripted:
        out.append((MODULE, MODULE))
    return out


@dataclass
class PanelWidgets:
    """What :func:`build_panel` made: the panel's rectangle, the room for text, the widgets."""

    panel: pygame.Rect
    text: pygame.Rect
    drops: dict[str, UIDropDownMenu] = field(default_factory=dict)
    buttons: dict[str, UIButton] = field(default_factory=dict)


def build_panel(
    board: PuzzleBoard, ui, root: UIContainer, size: tuple[int, int], variant_name: str, theme: str
) -> PanelWidgets:
    """The board beside the panel: drop-downs on top, then Next/Daily/Streak, the text, and from
    the bottom up Analysis/Editor/Lessons, Hint/Solution/Retry and the board's action buttons."""
    layout, inner, drop = board_and_rule_set_drop(board, ui, root, size, VARIANTS, variant_name)
    row_h, gap = layout.row_h, layout.gap
    x, w, y = inner.x, inner.width, inner.y
    options = theme_options(variant_name)
    current = next((label for label, key in options if key == theme), options[0][0])
    theme_drop = UIDropDownMenu(
        [label for label, _ in options],
        current,
        pygame.Rect(x, y, w, row_h),
        ui,
        container=root,
        object_id=style("drop", size),
    )
    made = PanelWidgets(layout.panel, pygame.Rect(0, 0, 0, 0), {"variant": drop, "theme": theme_drop})

    def row(specs: tuple[tuple[str, str, str], ...], top: int) -> None:
        needs = [button_text_width(ui, size, text) for _k, text, _t in specs]
        for (key, text, tip), rect in zip(specs, row_rects(needs, x, top, w, row_h, gap), strict=True):
            made.buttons[key] = make_button(ui, root, size, rect, text, tip)

    y += row_h + gap
    row(CHOOSE_ROW, y)
    y += row_h + gap
    bottom = inner.bottom
    for specs in (OPEN_ROW, HELP_ROW):
        row(specs, bottom - row_h)
        bottom -= row_h + gap
    if board.action_keys():
        board.build(root, pygame.Rect(x, bottom - row_h, w, row_h), size, gap)
        bottom -= row_h + gap
    made.text = pygame.Rect(x, y, w, bottom - y - gap)
    return made


def button_states(phase: str, attempt: Attempt | None, variant_name: str) -> dict[str, bool]:
    """Which buttons a phase of the puzzle allows (the others are greyed)."""
    return {
        "hint": phase == "play",
        "solution": phase in ("play", "wrong"),
        "retry": phase in ("wrong", "solved"),
        "analysis": attempt is not None,
        "editor": attempt is not None,
        "daily": bool(playable(variant_name)),
    }


@dataclass(frozen=True)
class News:
    """What the screen has to say now: its message (and colour), a note (the rating change, the
    end of a streak) and the board input's prompt."""

    message: str
    colour: RGB
    note: str
    prompt: str


def paragraphs(
    attempt: Attempt | None, progress: Progress, mode: str, streak: int, phase: str, news: News
) -> list[Para]:
    """The panel's text: the puzzle, the task, the player's standing, the news, the solution."""
    out: list[Para] = []
    if attempt is not None:
        out += _puzzle_heading(attempt.puzzle, progress, mode)
        out.append(Para(attempt.task(), STATUS_TEXT))
    out.append(Para(f"Streak {streak} · best {progress.best_streak}", MUTED, scale=0.85))
    if news.message:
        out.append(Para(news.message, news.colour, bold=True))
    if news.note:
        out.append(Para(news.note, MUTED))
    if news.prompt:
        out.append(Para(news.prompt, PROMPT_BLUE))
    if attempt is not None and (phase == "showing" or (phase == "solved" and attempt.missed)):
        out.append(Para(f"Solution: {attempt.solution_text()}", STATUS_TEXT))
    return out


def _puzzle_heading(p: Puzzle, progress: Progress, mode: str) -> list[Para]:
    title = f"{theme_label(p.theme)} · {get_variant(p.variant).title}"
    motifs = f" · {', '.join(MOTIF_NAMES[m] for m in p.motifs)}" if p.motifs else ""
    rated = progress.puzzle_rating(p).rating
    day = "Puzzle of the day · " if mode == "daily" else ""
    return [
        Para(title, HEADING, bold=True, scale=1.15, after=0.1),
        Para(f"{day}#{p.id} · rated {rated:.0f}{motifs}", MUTED, scale=0.85),
    ]
