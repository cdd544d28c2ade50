"""Rule options: the house rules every rule set has, and the options each rule set declares, typed.

A rule set's options are a frozen dataclass deriving from :class:`RuleOptions` whose own fields are
made with :func:`option` (label, help, summary): ``KhetOptions(swap_into_reserved=True)``. The
variant names its class (``Variant.options_type``), positions hold an instance of it
(``Variant.options_of(pos)`` reads it typed), and the config screen, records and the game browser
read the declared fields through :meth:`RuleOptions.specs`, so no screen knows which rule set has
which option. Records store every option by key; a record's keys another rule set declared (old
records stored ``swap_into_reserved`` and ``zombies`` for every game) are ignored on loading.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, TypeVar, cast

_O = TypeVar("_O", bound="RuleOptions")


@dataclass(frozen=True)
class OptionSpec:
    """A rule option as the screens and records see it (built from an :func:`option` field)."""

    key: str  # the field's name, and the key in records
    label: str  # the control's label
    help: str  # tool tip / rules text
    default: bool | int | str = False
    kind: Literal["bool", "int", "choice"] = "bool"
    choices: tuple[str, ...] = ()  # for kind "choice"
    summary: str = ""  # how the game browser states a non-default value ("no zombie moves")

    def check(self, value: object) -> bool | int | str:
        """The value if it fits this option; raises ValueError naming what is wrong."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"rule option {self.key!r} must be true or false, not {value!r}")
        elif self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"rule option {self.key!r} must be a whole number, not {value!r}")
        elif value not in self.choices:
            raise ValueError(f"rule option {self.key!r} must be one of {', '.join(self.choices)}")
        assert isinstance(value, bool | int | str)
        return value


def option(default: Any, label: str, help: str, summary: str = "", choices: tuple[str, ...] = ()) -> Any:
    """A rule option field of a :class:`RuleOptions` subclass: its default and how screens word it."""
    if isinstance(default, bool):
        kind = "bool"
    elif isinstance(default, int):
        kind = "int"
    else:
        kind = "choice"
    return field(default=default, metadata={"option": (label, help, summary, kind, tuple(choices))})


@dataclass(frozen=True, eq=False)
class RuleOptions:
    """The house rules every rule set has; a rule set's own options subclass this."""

    repetition: Literal["claim", "auto"] = "claim"
    ply_limit: int | None = None  # draw after this many plies without a piece removed

    def __post_init__(self) -> None:
        if self.repetition not in ("claim", "auto"):
            raise ValueError(f"unknown repetition rule {self.repetition!r}")
        limit = self.ply_limit
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0):
            raise ValueError(f"ply limit must be a positive whole number, not {limit!r}")
        for spec in self.specs():
            spec.check(getattr(self, spec.key))

    @classmethod
    def specs(cls) -> tuple[OptionSpec, ...]:
        """The options this class declares, in declaration order."""
        return _specs(cls)

    @property
    def rules(self) -> tuple[tuple[str, object], ...]:
        """The declared options that differ from their defaults, as sorted (key, value) pairs."""
        return tuple(
            sorted((s.key, getattr(self, s.key)) for s in self.specs() if getattr(self, s.key) != s.default)
        )

    def _key(self) -> tuple[object, ...]:
        return (self.repetition, self.ply_limit, self.rules)

    def __eq__(self, other: object) -> bool:
        """Equal when the house rules and every non-default option agree (whatever the class:
        a rule set's options at their defaults equal plain ``RuleOptions``)."""
        if not isinstance(other, RuleOptions):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def get(self, key: str, default: object = None) -> object:
        """An option by key (``default`` when this rule set does not declare it)."""
        return getattr(self, key) if key in _keys(type(self)) else default

    def with_rule(self: _O, key: str, value: object) -> _O:
        if not any(s.key == key for s in self.specs()):
            raise TypeError(f"{type(self).__name__} has no rule option {key!r}")
        return replace(self, **cast(dict[str, Any], {key: value}))

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"repetition": self.repetition, "ply_limit": self.ply_limit}
        for spec in self.specs():
            out[spec.key] = getattr(self, spec.key)
        return out

    @classmethod
    def from_json(cls: type[_O], data: object) -> _O:
        """Options of this class from a record's object; keys this class does not declare are
        ignored (another rule set's options); raises ValueError naming a bad value."""
        if not isinstance(data, dict):
            raise ValueError("rule options must be an object")
        values: dict[str, Any] = {
            "repetition": data.get("repetition", "claim"),
            "ply_limit": data.get("ply_limit"),
        }
        for spec in cls.specs():
            if spec.key in data:
                value = data[spec.key]
                values[spec.key] = spec.check(bool(value) if spec.kind == "bool" else value)
        return cls(**values)

    @classmethod
    def of(cls: type[_O], options: RuleOptions | None) -> _O:
        """``options`` as this class: the house rules and the options both declare are kept."""
        if options is None:
            return cls()
        if type(options) is cls:
            return options
        return cls.from_json(options.to_json())


_SPECS: dict[type[RuleOptions], tuple[OptionSpec, ...]] = {}
_KEYS: dict[type[RuleOptions], frozenset[str]] = {}


def _keys(cls: type[RuleOptions]) -> frozenset[str]:
    known = _KEYS.get(cls)
    if known is None:
        known = _KEYS[cls] = frozenset(f.name for f in fields(cls))
    return known


def _specs(cls: type[RuleOptions]) -> tuple[OptionSpec, ...]:
    known = _SPECS.get(cls)
    if known is not None:
        return known
    out = []
    for f in fields(cls):
        meta = f.metadata.get("option")
        if meta is not None:
            label, help_text, summary, kind, choices = meta
            out.append(OptionSpec(f.name, label, help_text, f.default, kind, choices, summary))  # type: ignore[arg-type]
    _SPECS[cls] = tuple(out)
    return _SPECS[cls]


__all__ = ["OptionSpec", "RuleOptions", "option"]
