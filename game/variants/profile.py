"""The engine part of the variant contract: how the CPU plays a rule set.

The search (game/search/) owns the protocol; a rule set only names its profile and adjusts the
levels. Nothing here imports the search, so the rules never depend on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

# Beginner picks among its near-best moves almost evenly, Easy strays less far: for rule sets where
# one ply more alone does not set the two apart (the chess-like Lousy Chess), measured with
# `python -m game ladder` (docs/engine.md#levels).
SPREAD_LOW_LEVELS: Mapping[str, Mapping[str, int]] = {
    "Beginner": {"temperature": 200},
    "Easy": {"margin": 60, "temperature": 20},
}
# Beginner also without quiescence (judges the position at depth 1 as it stands): LaserChess 98,
# where Easy keeps the common choice so that Medium plays apart from it (docs/engine.md#levels).
BEGINNER_SHALLOW: Mapping[str, Mapping[str, int]] = {"Beginner": {"temperature": 200, "shallow": 1}}


@dataclass(frozen=True)
class EngineProfile:
    """How the CPU plays a rule set (all optional)."""

    # "module:Class" of the rule set's search profile, imported by game/search when first needed;
    # "" is the default profile (the laser evaluation built from the optics, material otherwise)
    search: str = ""
    # level name -> the settings that level takes here instead of its own ("depth", "margin",
    # "temperature"; game/search/levels.py): where a ply more costs many times the time, or the
    # evaluation's scale differs, adjacent levels stay apart
    level_overrides: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    scripted: bool = False  # has scripted engines as opponents (game/scripted.py)

    def __post_init__(self) -> None:
        frozen = {name: MappingProxyType(dict(v)) for name, v in self.level_overrides.items()}
        object.__setattr__(self, "level_overrides", MappingProxyType(frozen))


__all__ = ["BEGINNER_SHALLOW", "SPREAD_LOW_LEVELS", "EngineProfile"]
