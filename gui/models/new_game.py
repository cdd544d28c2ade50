"""The New game screen's model: what the player has chosen and the game it describes (no pygame).

:class:`Choices` is everything the screen offers (remembered between visits and in settings.json,
each saved value checked by :func:`choices_from_saved`); :class:`NewGame` answers what the screen
shows from them: the setups of the rule set, the position string of a setup, whether the position
(and the scripted engines typed in) can start a game, the words under the position, and the game.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass, field, fields, replace
from typing import Literal

from game import Game, Player, Position, RuleOptions, TimeControl
from game.errors import LaserChessError
from game.scripted import NAMES, ScriptedEngine, ScriptError, random_engines
from game.search.levels import LEVELS
from game.variants import VARIANTS, get_variant, option_spec
from game.variants.base import Variant
from game.variants.options import OptionSpec
from gui.setups import list_setups

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
OPPONENTS = {"friend": "A friend", "cpu": "The CPU", "watch": "CPU vs CPU"}
SCRIPTED_OPPONENTS = {"script": "An engine", "engines": "Engine vs engine"}


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
    spec = option_spec(key) if isinstance(key, str) else None
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


class NewGame:
    """The choices and what follows from them (see the module docstring)."""

    def __init__(self, choices: Choices) -> None:
        self.choices = choices
        self.error: str | None = None  # why the game cannot start (a bad position or engine)
        self.turn = 0  # who moves first from the chosen position
        self.board: list[int] = []  # the chosen position's board (the preview shows it)
        self.engine_note = ""  # the chosen scripted engines' names, shown under the position

    @property
    def variant(self) -> Variant:
        return get_variant(self.choices.variant)

    def opponents(self) -> dict[str, str]:
        """Opponent kind -> its label; the rule set's scripted engines where it has them."""
        return OPPONENTS | SCRIPTED_OPPONENTS if self.variant.engine.scripted else dict(OPPONENTS)

    def setup_names(self) -> list[str]:
        names = list(self.variant.setups)
        saved, _ = list_setups(self.choices.variant)
        names += [s.name + SAVED_SUFFIX for s in saved]
        return names

    def setup_fen(self, name: str | None) -> str:
        """The position string of a built-in or saved setup (an unknown one: the rule set's first)."""
        variant = self.variant
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

    def choose_variant(self, name: str) -> bool:
        """Another rule set: its first setup. True if it changed."""
        c = self.choices
        if name == c.variant or name not in VARIANTS:
            return False
        c.variant, c.setup = name, next(iter(get_variant(name).setups))
        c.fen = self.setup_fen(c.setup)
        self.validate()
        return True

    def choose_setup(self, name: str) -> None:
        self.choices.setup = name
        self.choices.fen = self.setup_fen(name)
        self.validate()

    def set_fen(self, text: str) -> bool:
        """A position string typed or pasted; a setup's own string selects that setup. True when
        the chosen setup changed (the screen shows another list entry)."""
        c = self.choices
        c.fen = text.strip()
        self.validate()
        match = next((n for n in self.setup_names() if self.setup_fen(n) == c.fen), None)
        if match == c.setup:
            return False
        c.setup = match
        return True

    def validate(self) -> None:
        """Can the chosen position (and engines) start a game? Sets :attr:`error`, :attr:`turn` and
        :attr:`board`."""
        try:
            pos = Position.from_fen(self.choices.fen, self.variant)
        except LaserChessError as exc:
            self.error = str(exc)
            return
        self.error = self._engine_error()
        self.turn = pos.turn
        self.board = list(pos.board)

    def rule_options(self) -> RuleOptions:
        declared = {spec.key for spec in self.variant.option_specs}
        house = RuleOptions(
            repetition=self.choices.repetition_rule(), ply_limit=PLY_LIMITS.get(self.choices.ply_limit)
        )
        return self.variant.options(house, **{k: v for k, v in self.choices.rules.items() if k in declared})

    def rule_value(self, spec: OptionSpec) -> object:
        return self.choices.rules.get(spec.key, spec.default)

    def make_game(self, rng: random.Random | None = None) -> Game:
        """The game the current choices describe (raises PositionError for a bad position)."""
        c = self.choices
        setup = c.setup.removesuffix(SAVED_SUFFIX) if c.setup else None
        return Game.new(
            c.variant,
            setup,
            fen=c.fen,
            players=self._players(rng),
            time_control=CLOCKS.get(c.clock),
            options=self.rule_options(),
            hints_allowed=c.opponent == "cpu" and c.hints,
        )

    def _players(self, rng: random.Random | None) -> tuple[Player, Player]:
        c = self.choices
        machines = self.variant.engine.scripted and c.opponent in ("script", "engines")
        scripts = self.engines() if machines else []
        if c.opponent == "engines" and scripts:
            first, second = (Player("cpu", script=e.label, serial=e.serial) for e in scripts[:2])
            return first, second
        if c.opponent in ("cpu", "script"):
            side = c.side if c.side != "random" else (rng or random).choice(("first", "second"))
            human, cpu = Player("human", "You"), Player("cpu", level=c.level)
            if c.opponent == "script" and scripts:
                cpu = Player("cpu", script=scripts[0].label, serial=scripts[0].serial)
            return (human, cpu) if side == "first" else (cpu, human)
        if c.opponent == "watch":
            return Player("cpu", level=c.level), Player("cpu", level=c.level2)
        names = self.variant.side_names
        return Player("human", names[0]), Player("human", names[1])

    def engines(self) -> list[ScriptedEngine]:
        """The scripted engines typed in (one, or two for "Engine vs engine"); ScriptError if bad."""
        want = 2 if self.choices.opponent == "engines" else 1
        specs = self.choices.engines.split()
        if len(specs) < want:
            raise ScriptError("name two engines, e.g. L4 K0" if want == 2 else "name an engine, e.g. L4")
        return [ScriptedEngine.parse(spec, self.choices.serial) for spec in specs[:want]]

    def _engine_error(self) -> str | None:
        if not self.variant.engine.scripted or self.choices.opponent not in ("script", "engines"):
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

    def setup_note(self) -> str:
        """The chosen built-in setup's one-line description (what to try in it), or ""."""
        return self.variant.presentation.setup_notes.get(self.choices.setup or "", "")

    def hint_text(self) -> str:
        """The words under the position string: the setup's description, whose turn, the engines."""
        side = self.variant.side_names[self.turn]
        note = self.setup_note()
        if note:
            hint = f"{note}. {side} to move."
        else:
            paste = "Paste or type a position string above to play from it."
            hint = f"{self.variant.title}, {side} to move. {paste}"
        if self.engine_note and self.choices.opponent in ("script", "engines"):
            hint = f"{self.engine_note}. Serial {self.choices.serial}. {hint}"
        return hint
