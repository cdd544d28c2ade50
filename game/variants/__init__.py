"""The variants the engine plays, by name."""

from __future__ import annotations

from game.variants.base import Problem, RuleOptions, Variant
from game.variants.khet import KHET
from game.variants.laserchess87 import LASERCHESS87
from game.variants.laserchess98 import LASERCHESS98
from game.variants.leiserchess import LEISERCHESS_2017, LEISERCHESS_2018
from game.variants.lousychess import LOUSYCHESS

VARIANTS: dict[str, Variant] = {
    KHET.name: KHET,
    LEISERCHESS_2017.name: LEISERCHESS_2017,
    LEISERCHESS_2018.name: LEISERCHESS_2018,
    LOUSYCHESS.name: LOUSYCHESS,
    LASERCHESS87.name: LASERCHESS87,
    LASERCHESS98.name: LASERCHESS98,
}


def get_variant(name: str) -> Variant:
    try:
        return VARIANTS[name]
    except KeyError:
        raise KeyError(f"unknown variant {name!r}; known: {', '.join(VARIANTS)}") from None


__all__ = [
    "KHET",
    "LASERCHESS87",
    "LASERCHESS98",
    "LEISERCHESS_2017",
    "LEISERCHESS_2018",
    "LOUSYCHESS",
    "VARIANTS",
    "Problem",
    "RuleOptions",
    "Variant",
    "get_variant",
]
