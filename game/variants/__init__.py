"""The variants the engine plays, by name."""

from __future__ import annotations

from game.variants.base import Problem, RuleOptions, Variant
from game.variants.khet import KHET

VARIANTS: dict[str, Variant] = {KHET.name: KHET}


def get_variant(name: str) -> Variant:
    try:
        return VARIANTS[name]
    except KeyError:
        raise KeyError(f"unknown variant {name!r}; known: {', '.join(VARIANTS)}") from None


__all__ = ["KHET", "VARIANTS", "Problem", "RuleOptions", "Variant", "get_variant"]
