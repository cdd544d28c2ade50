"""The New game screen's layout: the form of choices on the left (one labelled row each) and the
position on the right (its board, the position string and the words under it).

Layout constants are named here; :func:`build_form` makes the widgets for a window size and hands
them to the screen (``screen.widgets``, ``screen.segments``), which reacts to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine

from game.search.ladder import level_ratings
from game.search.levels import LEVELS
from game.variants import VARIANTS
from gui.art.fonts import font, wrap_text
from gui.colours import SMALL_TEXT
from gui.layout import px, style, tier
from gui.models.new_game import CLOCKS, CUSTOM, PLY_LIMITS, REPETITION
from gui.widgets.chrome import header_rect
from gui.widgets.form import FormRows, button_text_width, make_button, row_rects

if TYPE_CHECKING:
    from gui.screens.config import ConfigScreen

FORM_SHARE = 0.46  # the form column's share of the panel's width (the position gets the rest)
FORM_ROWS = 11.4  # ten rows of choices and the Start button, in row heights
ROW_MAX = 46  # px of a row at 1280 x 720 (rows shrink to fit smaller windows, to 26 px)
CONTROL_SHARE = 0.8  # a control's height in its row
LABEL_SHARE = 0.32  # the labels' share of the form's width (at least the widest label)
SEGMENT_GAP = 4  # px between the buttons of a segmented choice
START_SHARE = 1.15  # the Start button's height in rows
HEADING_SHARE = 0.9  # the Position heading's height in rows
HINT_ROWS = 1.5  # room for the words under the position string, in rows
FEN_LIMIT = 400  # characters of a position string


@dataclass
class FormLayout:
    """Where the rows go for one window size."""

    left: pygame.Rect
    right: pygame.Rect
    row_h: int
    ctrl_h: int
    label_w: int
    rows: FormRows
    sections: list[pygame.Rect] = field(default_factory=list)

    @property
    def ctrl_x(self) -> int:
        return self.left.x + self.label_w

    @property
    def ctrl_w(self) -> int:
        return self.left.width - self.label_w


def build_form(screen: ConfigScreen, root: UIContainer, size: tuple[int, int]) -> None:
    """Every widget of the New game screen for a window of ``size``."""
    ui = screen.app.ui
    w, h = size
    head = header_rect(size)
    margin = max(14, px(28, size))
    screen.panel = pygame.Rect(margin, head.bottom + px(16, size), w - 2 * margin, 0)
    screen.panel.height = h - screen.panel.top - margin
    pad, gap = max(12, px(24, size)), max(14, px(30, size))
    inner = screen.panel.inflate(-2 * pad, -2 * pad)
    left = pygame.Rect(inner.x, inner.y, int((inner.width - gap) * FORM_SHARE), inner.height)
    right = pygame.Rect(left.right + gap, inner.y, inner.right - left.right - gap, inner.height)
    row_h = int(max(26, min(px(ROW_MAX, size), left.height / FORM_ROWS)))
    ctrl_h = max(24, int(row_h * CONTROL_SHARE))
    label_font = font({"s": 14, "m": 16, "l": 20}[tier(size)])
    label_w = max(int(left.width * LABEL_SHARE), label_font.size("Repetition")[0] + 14)
    layout = FormLayout(
        left, right, row_h, ctrl_h, label_w, FormRows(ui, root, size, left, label_w, row_h, ctrl_h)
    )
    screen.widgets, screen.segments = {}, {}
    form = Form(screen, root, size, layout)
    y = form.game_rows(left.y)
    y = form.rule_rows(y)
    form.hints_row(y)
    form.start_button()
    form.position_column()
    screen.sections = layout.sections


class Form:
    """The rows of one build (see :func:`build_form`)."""

    def __init__(
        self, screen: ConfigScreen, root: UIContainer, size: tuple[int, int], layout: FormLayout
    ) -> None:
        self.screen, self.root, self.size, self.layout = screen, root, size, layout
        self.ui = screen.app.ui
        self.model = screen.model
        self.choices = screen.model.choices

    # ------------------------------------------------------------ one control
    def dropdown(self, key: str, options: list[str], current: str, top: int) -> UIDropDownMenu:
        if current not in options:
            options = [*options, current]
        shown: list[str | tuple[str, str]] = [*options]
        menu = UIDropDownMenu(
            shown,
            current,
            self.layout.rows.ctrl(top),
            self.ui,
            container=self.root,
            object_id=style("drop", self.size),
        )
        self.screen.widgets[key] = menu
        return menu

    def segments(
        self, key: str, options: dict[str, str], current: str, top: int, enabled: bool = True
    ) -> None:
        lay, size = self.layout, self.size
        needs = [button_text_width(self.ui, size, text, "segment") for text in options.values()]
        rects = row_rects(needs, lay.ctrl_x, 0, lay.ctrl_w, 1, SEGMENT_GAP)
        buttons: dict[str, UIButton] = {}
        for rect, (value, text) in zip(rects, options.items(), strict=True):
            button = make_button(
                self.ui, self.root, size, lay.rows.ctrl(top, rect.x, rect.width), text, kind="segment"
            )
            if value == current:
                button.select()
            if not enabled:
                button.disable()
            buttons[value] = button
        self.screen.segments[key] = buttons

    def fits_segments(self, labels: Any) -> bool:
        width = sum(button_text_width(self.ui, self.size, t, "segment") + SEGMENT_GAP for t in labels)
        return width <= self.layout.ctrl_w

    def entry(self, key: str, top: int, text: str, tip: str) -> None:
        entry = UITextEntryLine(
            self.layout.rows.ctrl(top), self.ui, container=self.root, object_id=style("entry", self.size)
        )
        entry.set_text_length_limit(24)
        entry.set_text(text)
        entry.set_tooltip(tip)
        if self.choices.opponent not in ("script", "engines"):
            entry.disable()
        self.screen.widgets[key] = entry

    def checkbox(self, key: str, top: int, text: str, tip: str, state: bool) -> None:
        lay = self.layout
        box = max(16, int(lay.ctrl_h * 0.8))
        self.screen.widgets[key] = UICheckBox(
            pygame.Rect(lay.left.x + 2, top + (lay.row_h - box) // 2, box, box),
            text,
            self.ui,
            container=self.root,
            tool_tip_text=tip,
            initial_state=state,
            object_id=style("toggle", self.size),
        )

    # ------------------------------------------------------------ the rows
    def game_rows(self, y: int) -> int:
        """Rule set, setup, opponent, level(s), side, clock."""
        c, label, row_h = self.choices, self.layout.rows.label, self.layout.row_h
        label("Rule set", y)
        self.dropdown("variant", [v.title for v in VARIANTS.values()], self.model.variant.title, y)
        y += row_h
        label("Setup", y)
        setups = self.model.setup_names()
        self.dropdown("setup", [*setups, CUSTOM] if c.setup is None else setups, c.setup or CUSTOM, y)
        y += row_h
        label("Opponent", y)
        opponents = self.model.opponents()
        if c.opponent not in opponents:
            c.opponent = "cpu"
        self.screen.opponent_choices = {text: value for value, text in opponents.items()}
        if self.fits_segments(opponents.values()):
            self.segments("opponent", opponents, c.opponent, y)
        else:  # a small window: a drop-down reads in full
            self.dropdown("opponent", list(opponents.values()), opponents[c.opponent], y)
        y += row_h
        y = self.level_rows(y)
        label("Clock", y)
        self.dropdown("clock", list(CLOCKS), c.clock, y)
        return y + row_h

    def level_rows(self, y: int) -> int:
        """The CPU's level and the side the person plays; when watching, both CPUs' levels."""
        c, label, row_h = self.choices, self.layout.rows.label, self.layout.row_h
        names = self.model.variant.side_names
        watching = c.opponent == "watch"
        label(f"{names[0]} CPU" if watching else "CPU level", y)
        # Each level with its rating where the ladder measured this rule set ("Medium · Elo 1350";
        # the font has no "≈").
        rated = level_ratings(self.model.variant.name)
        texts = {name: f"{name} · Elo {rated[name]}" if name in rated else name for name in LEVELS}
        self.screen.level_choices = {text: name for name, text in texts.items()}
        level = self.dropdown("level", list(texts.values()), texts.get(c.level, c.level), y)
        if c.opponent not in ("cpu", "watch"):
            level.disable()
        y += row_h
        if watching:  # the second CPU's level takes the place of "Play as"
            label(f"{names[1]} CPU", y)
            self.dropdown("level2", list(texts.values()), texts.get(c.level2, c.level2), y)
            return y + row_h
        label("Play as", y)
        sides = {"first": names[0], "second": names[1], "random": "Random"}
        if self.fits_segments(sides.values()):
            self.segments("side", sides, c.side, y, enabled=c.opponent in ("cpu", "script"))
        else:  # long side names in a small window: a drop-down reads in full
            self.screen.side_choices = {text: value for value, text in sides.items()}
            menu = self.dropdown("side", list(sides.values()), sides[c.side], y)
            if c.opponent not in ("cpu", "script"):
                menu.disable()
        return y + row_h

    def rule_rows(self, y: int) -> int:
        """The scripted engines and their serial, or the draw rules; then the rule set's own options."""
        c, label, row_h = self.choices, self.layout.rows.label, self.layout.row_h
        if self.model.variant.engine.scripted:  # the engines' rows instead of draw rules it has not
            label("Engines" if c.opponent == "engines" else "Engine", y)
            shown = " ".join(c.engines.split()[: 2 if c.opponent == "engines" else 1])
            self.entry("engines", y, shown, "letter + seed: L4 (two for Engine vs engine)")
            y += row_h
            label("Serial", y)
            self.entry("serial", y, c.serial, "letters and digits, e.g. CH3SS5")
            y += row_h
        else:
            label("Repetition", y)
            self.dropdown("repetition", list(REPETITION.values()), REPETITION[c.repetition_rule()], y)
            y += row_h
            label("Move limit", y)
            self.dropdown("ply_limit", list(PLY_LIMITS), c.ply_limit, y)
            y += row_h
        for spec in self.model.variant.option_specs:  # the variant's own house rules, as it declares them
            value = self.model.rule_value(spec)
            if spec.kind == "bool":
                self.checkbox("rule:" + spec.key, y, spec.label, spec.help, bool(value))
            else:
                label(spec.label, y)
                values = [str(v) for v in spec.choices] if spec.kind == "choice" else [str(value)]
                self.dropdown("rule:" + spec.key, values, str(value), y)
            y += row_h
        return y

    def hints_row(self, y: int) -> None:
        if self.choices.opponent == "cpu":
            tip = "Show the Hint button in this game: the engine's best move on request"
            self.checkbox("hints", y, "Allow hints (the record counts them)", tip, self.choices.hints)

    def start_button(self) -> None:
        left, row_h = self.layout.left, self.layout.row_h
        start_h = max(34, int(row_h * START_SHARE))
        self.screen.widgets["start"] = make_button(
            self.ui,
            self.root,
            self.size,
            pygame.Rect(left.x, left.bottom - start_h, left.width, start_h),
            "Start game",
            kind="menu",
        )

    def position_column(self) -> None:
        """The Position heading (with the Rules button), the board, the string and the words."""
        screen, right, size = self.screen, self.layout.right, self.size
        heading = pygame.Rect(right.x, right.y, right.width, int(self.layout.row_h * HEADING_SHARE))
        UILabel(heading, "Position", self.ui, container=self.root, object_id=style("heading", size))
        self.layout.sections.append(heading)
        if "rules" in screen.app.registry:
            self.rules_button(heading)
        entry_h = self.layout.ctrl_h
        hint_h = int(self.layout.row_h * HINT_ROWS)
        if self.model.setup_note():  # room for the setup's description under the position string
            f = font(SMALL_TEXT.at(size))
            lines = len(wrap_text(f, self.model.hint_text(), right.width, 12))
            hint_h = max(hint_h, min(lines * f.get_linesize() + 4, right.height // 3))
        entry_rect = pygame.Rect(right.x, right.bottom - hint_h - entry_h - 4, right.width, entry_h)
        entry = UITextEntryLine(entry_rect, self.ui, container=self.root, object_id=style("entry", size))
        entry.set_text_length_limit(FEN_LIMIT)
        entry.set_text(self.choices.fen)
        screen.widgets["fen"] = entry
        screen.hint_rect = pygame.Rect(right.x, entry_rect.bottom + 6, right.width, hint_h)
        screen.preview.set_area(
            pygame.Rect(right.x, heading.bottom + 6, right.width, entry_rect.top - heading.bottom - 14)
        )

    def rules_button(self, heading: pygame.Rect) -> None:
        right, size = self.layout.right, self.size
        text = f"Rules of {self.model.variant.title}"
        width = button_text_width(self.ui, size, text) + 8
        if width > right.width * 0.6:
            text, width = "Rules", button_text_width(self.ui, size, "Rules") + 8
        self.screen.widgets["rules"] = make_button(
            self.ui,
            self.root,
            size,
            pygame.Rect(right.right - width, heading.y, width, heading.height - 4),
            text,
            tip="How this rule set is played, with small animated boards",
        )
