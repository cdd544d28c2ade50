"""The presentation part of the variant contract: what the screens show of a rule set, as data.

Every field has a default a laser rule set can keep: the controls are derived from its pieces and
notation, the turn indicator from its turn's length, the Rules screen's text from its rules.
The screens read nothing else about a rule set's looks (the pieces' pictures are
``PieceKind.drawing``), so no screen names a rule set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Controls:
    """Which action controls the GUI shows for a rule set (capability query, not a rule check:
    each control still plays only a legal action)."""

    turn: bool = True  # turn left / turn right buttons (a relative quarter turn, or the next shape)
    half_turn: bool = False  # a half-turn button
    rotate_to: bool = False  # rotations are to an orientation (the turn buttons pick the next one)
    fire: bool = False  # firing is an action: a Fire button
    promotion: tuple[int, ...] = ()  # kinds a promotion may choose (a chooser when more than one)
    end_turn: bool = False  # a turn of several actions may end early: an End turn button
    null: bool = False  # a null move (Leiserchess 2017's King)


@dataclass(frozen=True)
class Presentation:
    """What the screens show of a rule set besides its pieces (all optional)."""

    description: str = ""  # a few sentences for the game browser and the Rules screen
    setup_notes: Mapping[str, str] = field(default_factory=dict)  # setup name -> one-line description
    # (section key, title, text) for the Rules screen: replaces the generic text of that section
    # ("goal", "moves", "laser") or adds a section (a special square's name, "chance", ...)
    rules_text: tuple[tuple[str, str, str], ...] = ()
    # squares with a rule of their own, by name (Laser Chess 1987's hypersquare): every board draws
    # them as special squares and says what they are
    special_squares: Mapping[int, str] = field(default_factory=dict)
    square_colours: bool = False  # the rules read light and dark squares: the board shows them clearly
    controls: Controls | None = None  # None: derived from the piece set and the notation
    # what the turn indicator says after 0, 1, ... actions of a turn ("Whole turn", "1 half-action
    # left"); empty: "2 actions left" / "1 action left" for turns of several actions, nothing otherwise
    turn_words: tuple[str, ...] = ()

    def __post_init__(self) -> None:  # read-only mappings: a rule set's presentation never changes
        object.__setattr__(self, "setup_notes", MappingProxyType(dict(self.setup_notes)))
        object.__setattr__(self, "special_squares", MappingProxyType(dict(self.special_squares)))


__all__ = ["Controls", "Presentation"]
