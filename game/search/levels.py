"""Difficulty levels: named presets of one engine (time budget, depth cap, controlled randomness).

A level never makes the engine play an illegal move, and never a move that loses at once
(destroys its own royal, or walks into a shot it saw) while another move exists: the randomness
only chooses among moves whose searched score is within ``margin`` of the best one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.search.limits import Limits, Randomness

if TYPE_CHECKING:
    from game.variants.base import Variant


@dataclass(frozen=True)
class Level:
    """One difficulty preset."""

    name: str
    seconds: float  # time budget per move
    depth: int  # depth cap (plies, quiescence on top)
    margin: int = 0  # randomness: candidates score within this many centi-units of the best
    temperature: float = 1.0  # randomness: softmax temperature over those candidates
    blind: bool = False  # does not look for the opponent's set-up shots (Randomness.blind)
    shallow: bool = False  # no quiescence: judges the position at its depth as it stands
    description: str = ""

    def depth_in(self, variant: Variant | None) -> int:
        """This level's depth cap in ``variant``."""
        return self.in_variant(variant).depth

    def in_variant(self, variant: Variant | None) -> Level:
        """This level as ``variant`` plays it (a rule set may set its own:
        ``variant.engine.level_overrides``)."""
        changes = variant.engine.level_overrides.get(self.name) if variant is not None else None
        if not changes:
            return self
        return replace(
            self,
            depth=int(changes.get("depth", self.depth)),
            margin=int(changes.get("margin", self.margin)),
            temperature=float(changes.get("temperature", self.temperature)),
            blind=bool(changes.get("blind", self.blind)),
            shallow=bool(changes.get("shallow", self.shallow)),
        )

    def limits(
        self, stop: object = None, seconds: float | None = None, variant: Variant | None = None
    ) -> Limits:
        """The search limits of this level in ``variant`` (``seconds`` overrides the time budget)."""
        return Limits(
            depth=self.depth_in(variant), movetime=self.seconds if seconds is None else seconds, stop=stop
        )

    def randomness(self, variant: Variant | None = None) -> Randomness | None:
        """How this level strays from its best move in ``variant``."""
        level = self.in_variant(variant)
        if level.margin <= 0 and not level.blind and not level.shallow:
            return None
        return Randomness(level.margin, level.temperature, level.blind, level.shallow)

    def rng(self, seed: int | None) -> random.Random:
        """The random source for this level's choices (deterministic for a given seed)."""
        return random.Random(seed)


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level(
            "Beginner",
            0.5,
            1,
            margin=300,
            temperature=90,
            description="looks one move ahead and often picks a weaker move",
        ),
        Level(
            "Easy",
            1.0,
            2,
            margin=120,
            temperature=45,
            description="looks two moves ahead, sometimes picks a weaker move",
        ),
        Level(
            "Medium",
            2.0,
            4,
            margin=25,
            temperature=10,
            description="four moves ahead, rarely strays from its best move",
        ),
        Level(
            "Hard",
            5.0,
            6,
            description="six moves ahead (or as far as 5 seconds allow), always its best move",
        ),
        Level(
            "Expert",
            15.0,
            60,
            description="searches as deep as 15 seconds allow, always its best move",
        ),
    )
}


def get_level(name: str) -> Level:
    """The level called ``name`` (case-insensitive); KeyError naming the levels otherwise."""
    for key, level in LEVELS.items():
        if key.lower() == name.strip().lower():
            return level
    raise KeyError(f"unknown level {name!r}; choose one of {', '.join(LEVELS)}")
