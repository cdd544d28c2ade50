"""Little Khet: a TEST-ONLY rule set written from docs/architecture.md's guide alone.

Khet 2.0 on a 6x6 board with one new kind, the Obelisk: a stone block that stops a beam from
every side and is never destroyed; it steps like the others and cannot turn. It is the guide's
first example ("Khet on another board, with a piece of your own") and proves the guide: the
conformance suite, the random events on every screen and the command line run on it
(tests/test_little_khet.py). The program never offers it: ``register()`` adds it for a test.
"""

from __future__ import annotations

from game.geometry import geometry
from game.pieces import KHET_PIECES
from game.pieceset import STOP, PieceKind, PieceSet
from game.variants.khet import Khet
from game.variants.presentation import Presentation

OBELISK = 8  # a kind number of its own in this set (1-31)

OBELISK_KIND = PieceKind(
    OBELISK,
    "O",
    "Obelisk",
    lambda orientation, travel, charge: STOP,  # a beam stops on it, from every side
    shapes=1,
    can_rotate=False,
    indestructible=True,
    facing=False,
    value=120,
)


class LittleKhet(Khet):
    """Khet 2.0's rules on 6x6, with an Obelisk a side (test only)."""

    name = "littlekhet"
    title = "Little Khet (test only)"
    geometry = geometry(6, 6, 1)
    pieces = PieceSet((*KHET_PIECES.kinds, OBELISK_KIND))
    sphinx_homes = ("f1", "a6")
    standard_counts = {1: 1, 2: 1, 3: 1, 4: 3, 5: 1, OBELISK: 1}  # kind -> pieces a side
    setups = {"Small": "sc1fa1nc1/2pb1rb1/pd1oa1Pb1/1pd1Oa1Pb/1Rd1Pd2/1Na1Fa1Sa b"}
    presentation = Presentation(
        description="Khet 2.0 on six by six squares, with an Obelisk a side: it stops every beam.",
        setup_notes={"Small": "Each side's Obelisk guards the middle."},
    )


LITTLE_KHET = LittleKhet()


def register() -> LittleKhet:
    """Add Little Khet to the variant registry (undo with :func:`unregister`)."""
    from game.variants import VARIANTS

    VARIANTS[LITTLE_KHET.name] = LITTLE_KHET
    return LITTLE_KHET


def unregister() -> None:
    from game.variants import VARIANTS

    VARIANTS.pop(LITTLE_KHET.name, None)
