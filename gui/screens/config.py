"""The New game screen: opponent and level, side, rule set, setup or a pasted position, clock and
house rules, with a live board preview. Start opens the game screen.

The choices made here are remembered for the next visit, and across runs in settings.json
(``new_game``; stale or invalid saved values fall back to the defaults one by one).
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Literal

import pygame
import pygame_gui
from pygame_gui.core import UIContainer, UIElement
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine

from game import Game, Player, Position, RuleOptions, TimeControl
from game.errors import LaserChessError
from game.scripted import NAMES, ScriptedEngine, ScriptError, random_engines, random_serial
from game.search.levels import LEVELS
from game.variants import VARIANTS, get_variant
from game.variants.base import DECLARED_OPTIONS, OptionSpec
from gui.art.fonts import blit_wrapped, fitting_font, font, wrap_text
from gui.colours import MUTED, PROBLEM_TEXT, SMALL_TEXT, VEIL
from gui.layout import px, style, tier
from gui.screen import Screen
from gui.screens.settings import tick_image
from gui.setups import list_setups
from gui.widgets.board_view import BoardView
from gui.widgets.chrome import draw_background, draw_section_rule, draw_title, header_rect, panel
from gui.widgets.form import FormRows, button_text_width, row_rects

CLOCKS: dict[str, TimeControl | None] = {
    "No clock": None,
    "1 min": TimeControl(60),
    "3 min": TimeControl(180),
    "5 min": TimeControl(300),
    "10 min": TimeControl(600),
    "30 min": TimeControl(1800),
    "3 + 2": TimeControl(180, 2),
    "5 + 3": TimeControl(300, 3),
    "10 + 5": TimeControl(600, 5),
}
PLY_LIMITS: dict[str, int | None] = {"Off": None, "50 moves": 100, "100 moves": 200, "150 moves": 300}
REPETITION = {"claim": "Claim a draw", "auto": "Automatic draw"}
CUSTOM = "Custom position"
SAVED_SUFFIX = " (saved)"


@dataclass
class Choices:
    """Everything the screen lets the player choose (kept between visits)."""

    variant: str = "khet"
    setup: str | None = "Classic"  # None: a custom position string
    fen: str = ""
    opponent: str = "cpu"  # "friend", "cpu", "watch" (CPU against CPU); "script", "engines" (scripted)
    level: str = "Medium"  # the CPU's (when watching: the first player's)
    level2: str = "Medium"  # the second player's level when watching
    hints: bool = False  # hints allowed against the CPU
    side: str = "first"  # "first", "second" or "random"
    clock: str = "No clock"
    repetition: str | None = None  # None: the default for the opponent kind
    ply_limit: str = "Off"
    rules: dict = field(default_factory=dict)  # the variant's declared options (key -> value)
    engines: str = ""  # scripted engines, "L4" or "L4 K0"; dealt at random when empty
    serial: str = ""  # their serial; dealt at random when empty

    def repetition_rule(self) -> Literal["claim", "auto"]:
        """The chosen repetition rule, else the default for the opponent (automatic against the CPU)."""
        if self.repetition == "claim":
            return "claim"
        if self.repetition == "auto":
            return "auto"
        return "auto" if self.opponent != "friend" else "claim"


_ALLOWED: dict[str, Collection[object]] = {
    "variant": VARIANTS,
    "level": LEVELS,
    "level2": LEVELS,
    "clock": CLOCKS,
    "opponent": ("friend", "cpu", "watch", "script", "engines"),
    "side": ("first", "second", "random"),
    "repetition": (None, "claim", "auto"),
}


def _fits_option(key: object, value: object) -> bool:
    spec = DECLARED_OPTIONS.get(key) if isinstance(key, str) else None
    if spec is None:
        return False
    try:
        spec.check(value)
    except ValueError:
        return False
    return True


def choices_from_saved(data: object) -> Choices:
    """Choices from settings.json's ``new_game``: each value of the wrong type or no longer
    offered (a removed rule set, level or clock) is replaced by its default."""
    defaults = Choices()
    if not isinstance(data, dict):
        return defaults
    values: dict = {}
    for f in fields(Choices):
        if f.name not in data:
            continue
        value, default = data[f.name], getattr(defaults, f.name)
        if f.name in ("setup", "repetition"):
            ok = value is None or isinstance(value, str)
        elif f.name == "rules":  # an option no rule set declares, or a value that does not fit, is dropped
            ok = isinstance(value, dict)
            if ok:
                value = {k: v for k, v in value.items() if _fits_option(k, v)}
        else:
            ok = type(value) is type(default)
        if ok and f.name in _ALLOWED:
            ok = value in _ALLOWED[f.name]
        if ok:
            values[f.name] = value
    return replace(defaults, **values)


class ConfigScreen(Screen):
    name = "config"
    title = "New game"
    remembered = Choices()

    def __init__(
        self, app, variant: str | None = None, fen: str | None = None, setup: str | None = None, **kw
    ):
        super().__init__(app, **kw)
        if ConfigScreen.remembered == Choices():  # first visit this run: last run's choices
            ConfigScreen.remembered = choices_from_saved(app.settings.new_game)
        self.choices = replace(ConfigScreen.remembered)
        if not self.choices.engines or not self.choices.serial:  # deal scripted engines, shown
            self.choices.engines = self.choices.engines or random_engines(2)
            self.choices.serial = self.choices.serial or random_serial()
        if variant is not None and variant in VARIANTS:
            if variant != self.choices.variant:
                self.choices.setup = None
            self.choices.variant = variant
        if setup is not None:
            self.choices.setup = setup
            self.choices.fen = ""
        if fen is not None:
            self.choices.setup = None
            self.choices.fen = fen
        if not self.choices.fen:
            self.choices.fen = self._setup_fen(self.choices.setup)
        self.preview = BoardView(get_variant(self.choices.variant), app.settings.board_scheme)
        self.error: str | None = None
        self.hint_rect = pygame.Rect(0, 0, 0, 0)
        self.engine_note = ""  # the chosen scripted engines' names, shown under the position
        self.turn = 0
        self.widgets: dict[str, UIElement] = {}
        self.segments: dict[str, dict[str, UIButton]] = {}
        self.side_choices: dict[str, str] = {}  # drop-down text -> side, when sides are a drop-down
        self.opponent_choices: dict[str, str] = {}  # drop-down text -> opponent kind
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.sections: list[pygame.Rect] = []
        self._validate()

    # ------------------------------------------------------------ choices
    def _remember(self, choices: Choices) -> None:
        """Keep the choices for the next visit, and in settings.json for the next run."""
        ConfigScreen.remembered = replace(choices)
        saved = asdict(choices)
        if saved != self.app.settings.new_game:
            self.app.update_settings(new_game=saved)

    @property
    def variant(self):
        return get_variant(self.choices.variant)

    def _setup_names(self) -> list[str]:
        names = list(self.variant.setups)
        saved, _ = list_setups(self.choices.variant)
        names += [s.name + SAVED_SUFFIX for s in saved]
        return names

    def _setup_fen(self, name: str | None) -> str:
        variant = get_variant(self.choices.variant)
        if name is None:
            return variant.setup_fen()
        if name.endswith(SAVED_SUFFIX):
            for saved in list_setups(self.choices.variant)[0]:
                if saved.name + SAVED_SUFFIX == name:
                    return saved.fen
        try:
            return variant.setup_fen(name)
        except KeyError:
            self.choices.setup = next(iter(variant.setups))
            return variant.setup_fen()

    def _validate(self) -> None:
        try:
            pos = Position.from_fen(self.choices.fen, self.variant)
        except LaserChessError as exc:
            self.error = str(exc)
            return
        self.error = self._engine_error()
        self.turn = pos.turn
        self.preview.show_position(pos.board)

    def rule_options(self) -> RuleOptions:
        repetition = self.choices.repetition_rule()
        declared = {spec.key for spec in self.variant.option_specs}
        return RuleOptions(
            repetition=repetition,
            ply_limit=PLY_LIMITS.get(self.choices.ply_limit),
            rules={k: v for k, v in self.choices.rules.items() if k in declared},
        )

    def _rule_value(self, spec: OptionSpec) -> object:
        return self.choices.rules.get(spec.key, spec.default)

    def make_game(self, rng: random.Random | None = None) -> Game:
        """The game the current choices describe (raises PositionError for a bad position)."""
        c = self.choices
        machines = self.variant.scripted_engines and c.opponent in ("script", "engines")
        scripts = self.engines() if machines else []
        if c.opponent == "engines" and scripts:
            players = tuple(Player("cpu", script=e.label, serial=e.serial) for e in scripts[:2])  # type: ignore[assignment]
        elif c.opponent in ("cpu", "script"):
            side = c.side if c.side != "random" else (rng or random).choice(("first", "second"))
            human, cpu = Player("human", "You"), Player("cpu", level=c.level)
            if c.opponent == "script" and scripts:
                cpu = Player("cpu", script=scripts[0].label, serial=scripts[0].serial)
            players = (human, cpu) if side == "first" else (cpu, human)
        elif c.opponent == "watch":
            players = (Player("cpu", level=c.level), Player("cpu", level=c.level2))
        else:
            names = self.variant.side_names
            players = (Player("human", names[0]), Player("human", names[1]))
        setup = c.setup.removesuffix(SAVED_SUFFIX) if c.setup else None
        return Game.new(
            c.variant,
            setup,
            fen=c.fen,
            players=players,
            time_control=CLOCKS.get(c.clock),
            options=self.rule_options(),
            hints_allowed=c.opponent == "cpu" and c.hints,
        )

    def engines(self) -> list[ScriptedEngine]:
        """The scripted engines typed in (one, or two for "Engine vs engine"); ScriptError if bad."""
        want = 2 if self.choices.opponent == "engines" else 1
        specs = self.choices.engines.split()
        if len(specs) < want:
            raise ScriptError("name two engines, e.g. L4 K0" if want == 2 else "name an engine, e.g. L4")
        return [ScriptedEngine.parse(spec, self.choices.serial) for spec in specs[:want]]

    def _engine_error(self) -> str | None:
        if not self.variant.scripted_engines or self.choices.opponent not in ("script", "engines"):
            return None
        specs = self.choices.engines.split()
        if self.choices.opponent == "engines" and len(specs) == 1:  # one typed: deal it an opponent
            other = next(e for e in random_engines(2).split() if e[0] != specs[0][:1].upper())
            self.choices.engines = f"{specs[0]} {other}"
        try:
            engines = self.engines()
        except ScriptError as exc:
            return str(exc)
        self.engine_note = "  vs  ".join(f"{e.label}: {NAMES[e.letter]}" for e in engines)
        return None

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        ui = self.app.ui
        w, h = size
        head = header_rect(size)
        margin = max(14, px(28, size))
        self.panel = pygame.Rect(margin, head.bottom + px(16, size), w - 2 * margin, 0)
        self.panel.height = h - self.panel.top - margin
        pad = max(12, px(24, size))
        gap = max(14, px(30, size))
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        left = pygame.Rect(inner.x, inner.y, int((inner.width - gap) * 0.46), inner.height)
        right = pygame.Rect(left.right + gap, inner.y, inner.right - left.right - gap, inner.height)
        c = self.choices
        self.widgets, self.segments, self.sections = {}, {}, []

        rows = 11.4  # ten rows of choices and the Start button
        row_h = int(max(26, min(px(46, size), left.height / rows)))
        ctrl_h = max(24, int(row_h * 0.8))
        label_font = font({"s": 14, "m": 16, "l": 20}[tier(size)])
        label_w = max(int(left.width * 0.32), label_font.size("Repetition")[0] + 14)
        ctrl_x, ctrl_w = left.x + label_w, left.width - label_w
        y = left.y

        form = FormRows(ui, root, size, left, label_w, row_h, ctrl_h)
        label, ctrl = form.label, form.ctrl

        def dropdown(key: str, options: list[str], current: str, top: int) -> None:
            if current not in options:
                options = [*options, current]
            shown: list[str | tuple[str, str]] = [*options]
            self.widgets[key] = UIDropDownMenu(
                shown, current, ctrl(top), ui, container=root, object_id=style("drop", size)
            )

        def segments(key: str, options: dict[str, str], current: str, top: int, enabled: bool = True) -> None:
            gap_px = 4
            needs = [button_text_width(ui, size, text, "segment") for text in options.values()]
            rects = row_rects(needs, ctrl_x, 0, ctrl_w, 1, gap_px)
            self.segments[key] = {}
            for rect, (value, text) in zip(rects, options.items(), strict=True):
                button = UIButton(
                    ctrl(top, rect.x, rect.width),
                    text,
                    ui,
                    container=root,
                    object_id=style("segment", size),
                )
                if value == current:
                    button.select()
                if not enabled:
                    button.disable()
                self.segments[key][value] = button

        def entry_at(top: int, text: str, tip: str) -> UITextEntryLine:
            entry = UITextEntryLine(ctrl(top), ui, container=root, object_id=style("entry", size))
            entry.set_text_length_limit(24)
            entry.set_text(text)
            entry.set_tooltip(tip)
            if c.opponent not in ("script", "engines"):
                entry.disable()
            return entry

        label("Rule set", y)
        dropdown("variant", [v.title for v in VARIANTS.values()], self.variant.title, y)
        y += row_h
        label("Setup", y)
        setups = self._setup_names()
        dropdown("setup", [*setups, CUSTOM] if c.setup is None else setups, c.setup or CUSTOM, y)
        y += row_h
        label("Opponent", y)
        opponents = {"friend": "A friend", "cpu": "The CPU", "watch": "CPU vs CPU"}
        scripted = self.variant.scripted_engines
        if scripted:  # the rule set's scripted engines as opponents (game/scripted.py)
            opponents |= {"script": "An engine", "engines": "Engine vs engine"}
        if c.opponent not in opponents:
            c.opponent = "cpu"
        self.opponent_choices = {text: value for value, text in opponents.items()}
        if sum(button_text_width(ui, size, t, "segment") + 4 for t in opponents.values()) <= ctrl_w:
            segments("opponent", opponents, c.opponent, y)
        else:  # a small window: a drop-down reads in full
            dropdown("opponent", list(opponents.values()), opponents[c.opponent], y)
        y += row_h
        names = self.variant.side_names
        watching = c.opponent == "watch"
        label(f"{names[0]} CPU" if watching else "CPU level", y)
        dropdown("level", list(LEVELS), c.level, y)
        if c.opponent not in ("cpu", "watch"):
            self.widgets["level"].disable()
        y += row_h
        if watching:  # the second CPU's level takes the place of "Play as"
            label(f"{names[1]} CPU", y)
            dropdown("level2", list(LEVELS), c.level2, y)
            y += row_h
        else:
            label("Play as", y)
            sides = {"first": names[0], "second": names[1], "random": "Random"}
            needs = sum(button_text_width(ui, size, t, "segment") + 4 for t in sides.values())
            if needs <= ctrl_w:
                segments("side", sides, c.side, y, enabled=c.opponent in ("cpu", "script"))
            else:  # long side names in a small window: a drop-down reads in full
                self.side_choices = {text: value for value, text in sides.items()}
                dropdown("side", list(sides.values()), sides[c.side], y)
                if c.opponent not in ("cpu", "script"):
                    self.widgets["side"].disable()
            y += row_h
        label("Clock", y)
        dropdown("clock", list(CLOCKS), c.clock, y)
        y += row_h
        if scripted:  # the engines' rows instead of draw rules this rule set does not have
            label("Engines" if c.opponent == "engines" else "Engine", y)
            shown = " ".join(c.engines.split()[: 2 if c.opponent == "engines" else 1])
            self.widgets["engines"] = entry_at(y, shown, "letter + seed: L4 (two for Engine vs engine)")
            y += row_h
            label("Serial", y)
            self.widgets["serial"] = entry_at(y, c.serial, "letters and digits, e.g. CH3SS5")
            y += row_h
        else:
            label("Repetition", y)
            rep = c.repetition_rule()
            dropdown("repetition", list(REPETITION.values()), REPETITION[rep], y)
            y += row_h
            label("Move limit", y)
            dropdown("ply_limit", list(PLY_LIMITS), c.ply_limit, y)
            y += row_h
        box = max(16, int(ctrl_h * 0.8))
        for spec in self.variant.option_specs:  # the variant's own house rules, as it declares them
            if spec.kind == "bool":
                self.widgets["rule:" + spec.key] = UICheckBox(
                    pygame.Rect(left.x + 2, y + (row_h - box) // 2, box, box),
                    spec.label,
                    ui,
                    container=root,
                    tool_tip_text=spec.help,
                    initial_state=bool(self._rule_value(spec)),
                    object_id=style("toggle", size),
                )
            else:
                label(spec.label, y)
                values = (
                    [str(v) for v in spec.choices] if spec.kind == "choice" else [str(self._rule_value(spec))]
                )
                dropdown("rule:" + spec.key, values, str(self._rule_value(spec)), y)
            y += row_h
        if c.opponent == "cpu":
            self.widgets["hints"] = UICheckBox(
                pygame.Rect(left.x + 2, y + (row_h - box) // 2, box, box),
                "Allow hints (the record counts them)",
                ui,
                container=root,
                tool_tip_text="Show the Hint button in this game: the engine's best move on request",
                initial_state=c.hints,
                object_id=style("toggle", size),
            )
        start_h = max(34, int(row_h * 1.15))
        self.widgets["start"] = UIButton(
            pygame.Rect(left.x, left.bottom - start_h, left.width, start_h),
            "Start game",
            ui,
            container=root,
            object_id=style("menu", size),
        )

        # Right column: the position
        heading = pygame.Rect(right.x, right.y, right.width, int(row_h * 0.9))
        UILabel(heading, "Position", ui, container=root, object_id=style("heading", size))
        self.sections.append(heading)
        if "rules" in self.app.registry:
            rules_text = f"Rules of {self.variant.title}"
            rules_w = button_text_width(ui, size, rules_text) + 8
            if rules_w > right.width * 0.6:
                rules_text, rules_w = "Rules", button_text_width(ui, size, "Rules") + 8
            self.widgets["rules"] = UIButton(
                pygame.Rect(right.right - rules_w, heading.y, rules_w, heading.height - 4),
                rules_text,
                ui,
                container=root,
                object_id=style("btn", size),
                tool_tip_text="How this rule set is played, with small animated boards",
            )
        entry_h = ctrl_h
        hint_h = int(row_h * 1.5)
        if self._setup_note():  # room for the setup's description under the position string
            f = font(SMALL_TEXT.at(size))
            lines = len(wrap_text(f, self._hint_text(), right.width, 12))
            hint_h = max(hint_h, min(lines * f.get_linesize() + 4, right.height // 3))
        entry_rect = pygame.Rect(right.x, right.bottom - hint_h - entry_h - 4, right.width, entry_h)
        entry = UITextEntryLine(entry_rect, ui, container=root, object_id=style("entry", size))
        entry.set_text_length_limit(400)
        entry.set_text(c.fen)
        self.widgets["fen"] = entry
        self.hint_rect = pygame.Rect(right.x, entry_rect.bottom + 6, right.width, hint_h)
        self.preview.set_area(
            pygame.Rect(right.x, heading.bottom + 6, right.width, entry_rect.top - heading.bottom - 14)
        )
        self._show_validation()

    def teardown(self) -> None:
        self.widgets, self.segments = {}, {}

    def _show_validation(self) -> None:
        start = self.widgets.get("start")
        if isinstance(start, UIButton):
            if self.error:
                start.disable()
            else:
                start.enable()

    def _rebuild(self) -> None:
        self._validate()
        self._remember(self.choices)
        self.resize(self.app.window_size)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        c = self.choices
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            key = next((k for k, w in self.widgets.items() if w is event.ui_element), None)
            if key == "variant":
                name = next(v.name for v in VARIANTS.values() if v.title == event.text)
                if name != c.variant:
                    c.variant, c.setup = name, next(iter(get_variant(name).setups))
                    c.fen = self._setup_fen(c.setup)
                    self.preview.set_variant(self.variant)
                    self._validate()
                    self._rebuild()
            elif key == "setup" and event.text != CUSTOM:
                c.setup = event.text
                c.fen = self._setup_fen(c.setup)
                self._validate()
                self._rebuild()
            elif key == "level":
                c.level = event.text
            elif key == "level2":
                c.level2 = event.text
            elif key == "opponent":
                c.opponent, c.repetition = self.opponent_choices.get(event.text, c.opponent), None
                self._remember(c)
                self._rebuild()
                return True
            elif key == "side":
                c.side = self.side_choices.get(event.text, c.side)
            elif key == "clock":
                c.clock = event.text
            elif key == "repetition":
                c.repetition = next(k for k, v in REPETITION.items() if v == event.text)
            elif key == "ply_limit":
                c.ply_limit = event.text
            self._remember(c)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get("fen"):
            self.set_fen(event.text)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in (
            self.widgets.get("engines"),
            self.widgets.get("serial"),
        ):
            key = "engines" if event.ui_element is self.widgets.get("engines") else "serial"
            setattr(c, key, event.text.strip().upper())
            self._remember(c)
            self._validate()
            self._show_validation()
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            checked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            for spec in self.variant.option_specs:
                if event.ui_element is self.widgets.get("rule:" + spec.key):
                    c.rules = dict(c.rules, **{spec.key: checked})
            if event.ui_element is self.widgets.get("hints"):
                c.hints = checked
            self._remember(c)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, buttons in self.segments.items():
                for value, button in buttons.items():
                    if event.ui_element is button:
                        setattr(c, key, value)
                        if key == "opponent":
                            c.repetition = None
                        self._rebuild()
                        return True
            if event.ui_element is self.widgets.get("start"):
                self.start()
                return True
            if event.ui_element is self.widgets.get("rules"):
                self.app.screens.push("rules", variant=c.variant)
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            fen_entry = self.widgets.get("fen")
            if not (isinstance(fen_entry, UITextEntryLine) and fen_entry.is_focused):
                self.start()
                return True
        return super().handle_event(event)

    def set_fen(self, text: str) -> None:
        """A position string typed or pasted: validate it live; a setup's string selects the setup."""
        c = self.choices
        c.fen = text.strip()
        self._validate()
        match = next((n for n in self._setup_names() if self._setup_fen(n) == c.fen), None)
        if match != c.setup:
            c.setup = match
            self._remember(c)
            dropdown = self.widgets.get("setup")
            if isinstance(dropdown, UIDropDownMenu):
                self._rebuild()  # the setup list shows the custom entry (or the matching setup)
                self._refocus_fen(text)
                return
        self._show_validation()

    def _refocus_fen(self, text: str) -> None:
        """After a rebuild the new position field keeps the keyboard, the text and the cursor, so
        typing goes on where it was."""
        entry = self.widgets.get("fen")
        if isinstance(entry, UITextEntryLine):
            if entry.get_text() != text:
                entry.set_text(text)
            self.app.ui.set_focus_set(entry)
            entry.edit_position = len(text)

    def start(self) -> None:
        if self.error:
            self.app.notify(f"Cannot start: {self.error}", "error")
            return
        self._remember(self.choices)
        game = self.make_game()
        if "game" not in self.app.registry:
            self.app.notify("The game screen is not available.", "error")
            return
        self.app.screens.replace("game", game=game)

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.preview.update(dt)

    def _setup_note(self) -> str:
        """The chosen built-in setup's one-line description (what to try in it), or ""."""
        return self.variant.setup_notes.get(self.choices.setup or "", "")

    def _hint_text(self) -> str:
        """The words under the position string: the setup's description, whose turn, the engines."""
        side = self.variant.side_names[self.turn]
        note = self._setup_note()
        if note:
            hint = f"{note}. {side} to move."
        else:
            paste = "Paste or type a position string above to play from it."
            hint = f"{self.variant.title}, {side} to move. {paste}"
        if self.engine_note and self.choices.opponent in ("script", "engines"):
            hint = f"{self.engine_note}. Serial {self.choices.serial}. {hint}"
        return hint

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface, self.app.settings.board_scheme)
        draw_title(surface, "New game")
        panel(surface, self.panel)
        for rect in self.sections:
            draw_section_rule(surface, rect)
        self.preview.draw(surface)
        size = surface.get_size()
        f = font(SMALL_TEXT.at(size))
        if self.error:
            blit_wrapped(
                surface, f"Cannot start: {self.error}", f, PROBLEM_TEXT, self.hint_rect, centred=False
            )
        else:
            hint = self._hint_text()
            f, lines = fitting_font(hint, self.hint_rect, SMALL_TEXT.at(size), smallest=9)
            blit_wrapped(surface, hint, f, MUTED, self.hint_rect, max_lines=lines, centred=False)
        if self.error:
            frame = self.preview.rect
            veil = pygame.Surface(frame.size, pygame.SRCALPHA)
            veil.fill(VEIL)
            surface.blit(veil, frame)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        for widget in self.widgets.values():
            if isinstance(widget, UICheckBox) and widget.is_checked and widget.visible:
                tick = tick_image(min(widget.rect.size))
                surface.blit(tick, tick.get_rect(center=widget.rect.center))
