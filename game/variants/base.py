"""The variant contract: a rule set is a :class:`Variant` subclass that sets some data and a hook.

The contract is split by concern, each part with defaults for everything a simple laser rule
set does not need (docs/architecture.md, "How to add a rule set"):

* **rules** -- this class: the board, pieces and setups as class attributes, and the hooks the
  :class:`~game.position.Position` calls: :meth:`Variant.generate` (the one hook a new rule set
  must write), :meth:`Variant.apply` (by default the action as its :class:`~game.move.Move`
  says), the endings, :meth:`Variant.problems` and :meth:`Variant.illegal_reason` (by default
  worded from the legal actions);
* **options** -- :attr:`Variant.options_type`, a frozen dataclass of the rule set's own options
  (game/variants/options.py);
* **notation** -- the :class:`~game.variants.notation.Notation` mixin: position strings and
  move text, from the piece set by default;
* **presentation** -- :attr:`Variant.presentation` (game/variants/presentation.py): what the
  screens show (controls, rules text, special squares, setup notes);
* **engine profile** -- :attr:`Variant.engine` (game/variants/profile.py): how the CPU plays it.

A variant object is immutable: its data are class attributes (a subclass changes what it
needs, as python-chess's variants do) and the tables built from them are made once, when the
object is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from game.chance import decisions
from game.errors import PositionError
from game.geometry import Geometry
from game.laser import BeamRules
from game.move import Move
from game.pieces import Kind
from game.pieceset import PieceSet
from game.position import JOURNAL
from game.variants.notation import Notation
from game.variants.options import OptionSpec, RuleOptions
from game.variants.presentation import Controls, Presentation
from game.variants.profile import EngineProfile

if TYPE_CHECKING:
    from game.outcome import Outcome
    from game.position import ActionWriter, Maker, Position


@dataclass(frozen=True)
class Problem:
    """A finding of position validation: an error makes the position unplayable, a warning doesn't."""

    severity: Literal["error", "warning"]
    message: str
    rule: str = ""  # "reserved": a piece on the other colour's square (a rule option may allow it)
    squares: tuple[int, ...] = ()  # the squares the finding is about (the editor outlines them)


class Variant(Notation):
    """A rule set: its data (class attributes) and the hooks :class:`~game.position.Position` calls."""

    # ------------------------------------------------------------ rules data (override what you need)
    name: str  # the id in records and on the command line
    title: str  # the name players read
    geometry: Geometry
    pieces: PieceSet  # every kind of piece: names, letters, roles, optics, values (game.pieceset)
    setups: Mapping[str, str]  # name -> position string (the first is the default)
    side_names: tuple[str, str] = ("White", "Black")
    side_letters: tuple[str, str] = ("w", "b")  # side-to-move letters in position strings
    reserved: tuple[int, ...] = ()  # per square: -1 free, else the only colour that may stand there
    beam_rules: BeamRules = BeamRules()
    turn_actions: int = 1  # most actions in one turn (a rule set may end a turn earlier)
    # How make_code/unmake_code make actions: by default apply() through the journal; Khet and
    # Leiserchess choose their fast swap-rotate-fire maker (game/variants/swapfire.py)
    maker: Maker = JOURNAL
    options_type: type[RuleOptions] = RuleOptions  # the rule set's own options (options.py)
    king_kill_is_leaf: bool = False  # perft convention (see rules specs)
    quiet_ply_limit: int | None = None  # built-in draw after this many plies with nothing removed
    # ------------------------------------------------------------ the other parts
    presentation: Presentation = Presentation()
    engine: EngineProfile = EngineProfile()

    # ------------------------------------------------------------ made from the data
    kinds: tuple[int, ...]  # kind numbers of the set, palette order
    laser_kind: int  # the set's (first) emitter kind, 0 if none
    royal_kind: int  # the set's (first) royal kind, 0 if none
    royal_name: str
    is_laser: list[bool]
    is_royal: list[bool]
    forbidden: tuple[frozenset[int], frozenset[int]]  # per colour: squares it may not stand on

    def __init__(self) -> None:
        for needed in ("name", "title", "geometry", "pieces", "setups"):
            if not hasattr(self, needed):
                raise TypeError(f"{type(self).__name__} does not say its {needed}")
        if not self.setups:
            raise TypeError(f"{type(self).__name__} has no setup")
        pieces = self.pieces
        self.setups = MappingProxyType(dict(self.setups))
        self.kinds = tuple(
            Kind(k.number) if k.number in Kind._value2member_map_ else k.number for k in pieces.kinds
        )
        self.laser_kind = next(iter(pieces.emitter_numbers()), 0)
        self.royal_kind = next(iter(pieces.royal_numbers()), 0)
        self.royal_name = pieces.kind(self.royal_kind, False).name if self.royal_kind else "King"
        self.is_laser = pieces.is_laser
        self.is_royal = pieces.is_royal
        reserved = self.reserved or (-1,) * self.geometry.size
        if len(reserved) != self.geometry.size:
            raise TypeError(
                f"{type(self).__name__}: reserved has {len(reserved)} squares, not {self.geometry.size}"
            )
        self.reserved = tuple(reserved)
        self.forbidden = (
            frozenset(sq for sq, r in enumerate(reserved) if r == 1),
            frozenset(sq for sq, r in enumerate(reserved) if r == 0),
        )
        self._frozen = True

    def __setattr__(self, key: str, value: Any) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError(f"{self.title} is immutable: make a subclass to change {key!r}")
        object.__setattr__(self, key, value)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    @property
    def refire(self) -> bool:
        return self.beam_rules.refire

    @property
    def fast_codes(self) -> bool:
        """Are the actions swap-rotate-fire codes made by the fast maker (what the Khet engine plays)?"""
        from game.variants.swapfire import SWAP_FIRE

        return self.maker is SWAP_FIRE

    # ------------------------------------------------------------ options
    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        """The rule set's own options as the screens and records see them."""
        return self.options_type.specs()

    def default_options(self, against_cpu: bool = False) -> RuleOptions:
        return self.options_type(repetition="auto" if against_cpu else "claim")

    def options(self, options: RuleOptions | None = None, **rules: object) -> RuleOptions:
        """``options`` (None: the defaults) as this rule set's options, with ``rules`` set; a key
        this rule set does not declare raises TypeError."""
        out = self.options_type.of(options)
        for key, value in rules.items():
            out = out.with_rule(key, value)
        return out

    def check_board(self, board: list[int], options: RuleOptions | None) -> None:
        """Raise PositionError naming the first error of :meth:`problems` that ``options`` do not allow."""
        allowed = self.allowed_problems(options)
        for problem in self.problems(board):
            if problem.severity == "error" and problem.rule not in allowed:
                raise PositionError(problem.message)

    def allowed_problems(self, options: RuleOptions | None) -> frozenset[str]:
        """The :attr:`Problem.rule` kinds ``options`` allow in a position string (Khet's swaps
        onto reserved squares)."""
        return frozenset()

    # ------------------------------------------------------------ setups
    def setup_fen(self, name: str | None = None) -> str:
        if name is None:
            return next(iter(self.setups.values()))
        key = name.strip().lower()
        for setup_name, fen in self.setups.items():
            if setup_name.lower() == key:
                return fen
        raise KeyError(f"{self.title} has no setup named {name!r}; try {', '.join(self.setups)}")

    def start_fen(self, name: str | None = None, options: RuleOptions | None = None) -> str:
        """The position string a game from a named setup starts with under ``options`` (a rule set
        whose options change the start, e.g. who moves first, overrides this)."""
        return self.setup_fen(name)

    def find_lasers(self, board: list[int]) -> list[int]:
        lasers = [-1, -1]
        for sq, code in enumerate(board):
            if code and self.is_laser[code]:
                lasers[code >> 2 & 1] = sq
        return lasers

    def piece_name(self, code: int) -> str:
        return self.pieces.name(code)

    # ------------------------------------------------------------ rules hooks
    def generate(self, pos: Position) -> list[int]:
        """Legal action codes of the side to move (the next action of the turn): the one hook
        every rule set writes (``Move(frm, to).code``, ``Move.fire_from(sq).code``, ...)."""
        raise NotImplementedError(f"{type(self).__name__} must say which actions are legal (generate)")

    def generate_decisions(self, pos: Position) -> list[int]:
        """:meth:`generate` with each chance decision once (``chance.decisions``): what a search
        chooses among. A rule set with chance may build this list directly (much cheaper)."""
        return decisions(self.generate(pos))

    def apply(self, pos: Position, move: Move, w: ActionWriter) -> None:
        """Make a legal action through the writer: every push of every rule set comes here.

        The default makes what the action says: a fire, a turn by or to an orientation, or a move
        (capturing whatever stands on the target) with its second step, turn, promotion and
        chance landing square; a null action ends the turn. Override for anything more (a laser
        that fires by itself after a move, counters in the extra state); call ``w.end_turn()``
        when a turn is over before ``turn_actions`` actions are made.
        """
        frm, to = move.from_square, move.to_square
        if move.fire:
            w.fire(frm)
        elif move.orientation is not None:
            w.rotate_to(frm, move.orientation)
        elif move.is_null:
            w.end_turn()
        elif frm == to:
            w.rotate(frm, move.rotation)
        else:
            w.step(frm, to)
            end = to
            if move.then_square is not None:
                w.step(to, move.then_square)
                end = move.then_square
            if move.rotation:
                w.rotate(end, move.rotation)
            if move.promotion is not None:
                w.promote(end, move.promotion)
            if move.chance is not None:
                w.relocate(end, move.chance)

    def action_cost(self, pos: Position, move: Move) -> int:
        """How many of the turn's actions the legal action ``move`` uses: 1 when the turn goes on
        after it, else every action still left (an action that ends the turn early, or the game,
        uses the rest). The screens ask it of every destination of a selected piece (the "costs
        both actions" ring), so a rule set of several actions a turn answers it from its rules;
        this default plays the action to see (one push and pop). With one action left (every turn
        of a one-action rule set) nothing is played."""
        left = pos.actions_left
        if left <= 1:
            return left
        turn = pos.turn
        pos.push(move)
        try:
            return left if pos.turn != turn or pos.loser >= 0 else 1
        finally:
            pos.pop()

    def no_moves_outcome(self, pos: Position) -> Outcome:
        """The result when the side to move has no legal action (a draw unless the rules say else)."""
        from game.outcome import Outcome, Termination

        return Outcome.draw(Termination.NO_MOVES)

    def rule_outcome(self, pos: Position) -> Outcome | None:
        """An ending the rule set's own rules decide from the board (e.g. a stalemate), or None."""
        return None

    def initial_extra(self, board: list[int]) -> tuple[int, ...]:
        """The rule set's extra state for a position read from a string (ints; hashed)."""
        return ()

    def extra_hash(self, pos: Position) -> int:
        """The hash contribution of the extra state (0 for none)."""
        extra = pos.extra
        return hash(extra) & 0xFFFFFFFFFFFFFFFF if extra else 0

    def problems(self, board: list[int]) -> list[Problem]:
        """Everything wrong (errors) or unusual (warnings) with a placement. The default: pieces
        of the set only, and exactly one royal piece a side when the set has one."""
        found: list[Problem] = []
        royals: list[list[int]] = [[], []]
        for sq, code in enumerate(board):
            if not code:
                continue
            kind = self.pieces.get(code)
            if kind is None:
                name = self.geometry.names[sq]
                found.append(
                    Problem("error", f"the piece on {name} is not a {self.title} piece", squares=(sq,))
                )
            elif kind.royal:
                royals[code >> 2 & 1].append(sq)
        if self.royal_kind:
            for color in (0, 1):
                n = len(royals[color])
                if n != 1:
                    side = self.side_names[color]
                    found.append(
                        Problem(
                            "error",
                            f"{side} has {n} {self.pieces.kind(self.royal_kind, False).plural_name(n)}; "
                            f"exactly one is needed",
                            squares=tuple(royals[color]),
                        )
                    )
        return found

    def illegal_reason(self, pos: Position, move: Move) -> str:
        """Why a well-formed action is not legal, in words a player understands. The default is
        worded from the legal actions (what the piece may do instead); a rule set overrides it
        to name the rule that forbids the action."""
        names = self.geometry.names
        if pos.loser >= 0 or not pos.legal_codes():
            return (
                "the game is over" if pos.loser >= 0 else f"{self.side_names[pos.turn]} has no legal action"
            )
        frm = move.from_square
        code = pos.board[frm] if 0 <= frm < self.geometry.size else 0
        if not code:
            return f"there is no piece on {names[frm]}"
        kind = self.pieces.get(code)
        piece = f"the {self.side_names[code >> 2 & 1]} {kind.name if kind else 'piece'} on {names[frm]}"
        if code >> 2 & 1 != pos.turn:
            return f"{piece} is not yours; {self.side_names[pos.turn]} is to move"
        options = pos.moves_from(frm)
        if not options:
            return f"{piece} has no legal action now"
        shown = [self.move_text(m) for m in options[:8]]
        more = f" and {len(options) - 8} more" if len(options) > 8 else ""
        return f"{piece} cannot do that; it may play {', '.join(shown)}{more}"

    def badges(self, pos: Position) -> dict[int, str]:
        """Square -> a rule's word for the piece there now ("pin", "zombie"): the board draws it."""
        return {}

    # ------------------------------------------------------------ presentation queries
    @property
    def controls(self) -> Controls:
        """The action controls to show: the presentation's, else derived from the piece set, the
        notation and the actions of the first setup (turns by or to an orientation, fire)."""
        given = self.presentation.controls
        if given is not None:
            return given
        return self._derived_controls

    @property
    def _derived_controls(self) -> Controls:
        cached = self.__dict__.get("_controls")
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        from game.position import Position

        turns = any(k.can_rotate and k.shapes > 1 for k in self.pieces.kinds)
        codes = [Move.from_code(c) for c in Position.from_fen(self.setup_fen(), self).generate_codes()]
        rotate_to = any(m.orientation is not None for m in codes)
        fire = any(m.fire for m in codes)
        controls = Controls(
            turn=turns,
            half_turn=turns and (self.allows_half_turn() or rotate_to),
            rotate_to=rotate_to,
            fire=fire,
        )
        object.__setattr__(self, "_controls", controls)
        return controls

    def turn_progress(self, pos: Position) -> str | None:
        """What is left of the turn in progress, in a player's words, for the game screen's turn
        indicator: the presentation's ``turn_words``, else "2 actions left" / "1 action left" for
        turns of several actions; None when a turn is a single action (nothing to show)."""
        words = self.presentation.turn_words
        if words:
            return words[min(pos.part, len(words) - 1)]
        if self.turn_actions == 1:
            return None
        left = pos.actions_left
        return f"{left} action{'' if left == 1 else 's'} left"


__all__ = ["Controls", "OptionSpec", "Presentation", "Problem", "RuleOptions", "Variant"]
