"""The variants the engine plays, by name."""

from __future__ import annotations

from game.variants.base import Problem, RuleOptions, Variant
from game.variants.khet import KHET, KhetOptions
from game.variants.laserchess87 import LASERCHESS87, LaserChess87Options
from game.variants.laserchess98 import LASERCHESS98
from game.variants.leiserchess import LEISERCHESS_2017, LEISERCHESS_2018, Leiserchess2017Options
from game.variants.lousychess import LOUSYCHESS
from game.variants.options import OptionSpec

VARIANTS: dict[str, Variant] = {
    KHET.name: KHET,
    LEISERCHESS_2017.name: LEISERCHESS_2017,
    LEISERCHESS_2018.name: LEISERCHESS_2018,
    LOUSYCHESS.name: LOUSYCHESS,
    LASERCHESS87.name: LASERCHESS87,
    LASERCHESS98.name: LASERCHESS98,
}


def option_spec(key: str) -> OptionSpec | None:
    """The rule option some registered rule set declares under ``key`` (None if none does)."""
    for variant in VARIANTS.values():
        for spec in variant.option_specs:
            if spec.key == key:
                return spec
    return None


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
    "KhetOptions",
    "LaserChess87Options",
    "Leiserchess2017Options",
    "OptionSpec",
    "Problem",
    "RuleOptions",
    "Variant",
    "get_variant",
    "option_spec",
]
