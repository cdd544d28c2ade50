"""What every variant provides: board shape, piece set, beam rules, setups and a few hooks.

A variant is data plus small hooks; :class:`game.position.Position` does the rest (push/pop,
firing, hashing). Every variant makes its actions in :meth:`Variant.apply` through a journaled
:class:`~game.position.ActionWriter`, and a turn may be several actions (``turn_actions``); a
variant may choose a fast ``maker`` for the hot path (Khet and Leiserchess: swap-rotate-fire, in
game/variants/swapfire.py). See docs/architecture.md, "How to add a rule set".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from game.chance import decisions
from game.errors import InvalidMoveError, PositionError
from game.geometry import Geometry
from game.laser import BeamRules
from game.limits import MAX_MOVE_CHARS, MAX_POSITION_CHARS, MAX_RANK_CHARS, is_ascii_digit, shown
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN, ORIENTATION_LETTERS, Move
from game.pieces import Kind
from game.pieceset import PieceSet
from game.position import JOURNAL

if TYPE_CHECKING:
    from game.outcome import Outcome
    from game.position import ActionWriter, Maker, Position


@dataclass(frozen=True)
class Controls:
    """Which action controls the GUI shows for a variant (capability query, not a rule check:
    each control still plays only a legal action)."""

    turn: bool = True  # turn left / turn right buttons (a relative quarter turn, or the next shape)
    half_turn: bool = False  # a half-turn button
    rotate_to: bool = False  # rotations are to an orientation (the turn buttons pick the next one)
    fire: bool = False  # firing is an action: a Fire button
    promotion: tuple[int, ...] = ()  # kinds a promotion may choose (a chooser when more than one)
    end_turn: bool = False  # a turn of several actions may end early: an End turn button
    null: bool = False  # a null move (Leiserchess 2017's King)


@dataclass(frozen=True)
class OptionSpec:
    """A house rule or rule choice a variant declares: the config screen, records and the game
    browser read these, so no screen needs to know which variant has which option."""

    key: str  # the name in RuleOptions and in records
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
        return value


# Every option any registered variant declares, by key (filled as variants are made): records
# and RuleOptions read them without knowing which variant declared what.
DECLARED_OPTIONS: dict[str, OptionSpec] = {}


@dataclass(frozen=True, init=False)
class RuleOptions:
    """House rules and rule choices a game is played with.

    ``repetition`` and ``ply_limit`` are the house rules every variant has; the rest are the
    options variants declare (:attr:`Variant.option_specs`), kept in ``rules`` and read as
    attributes (``options.zombies``) with the declared default when not set. Records store all of
    them by key, so old records (which stored ``swap_into_reserved`` and ``zombies``) still load.
    """

    repetition: Literal["claim", "auto"]
    ply_limit: int | None  # draw after this many plies without a piece removed
    rules: tuple[tuple[str, object], ...]  # variant options that differ from their default, sorted

    def __init__(
        self,
        repetition: Literal["claim", "auto"] = "claim",
        ply_limit: int | None = None,
        rules: dict[str, object] | None = None,
        **named: object,
    ) -> None:
        values = dict(rules or {}, **named)
        kept = []
        for key, value in sorted(values.items()):
            spec = DECLARED_OPTIONS.get(key)
            if spec is None:
                raise TypeError(f"no variant declares a rule option {key!r}")
            if spec.check(value) != spec.default:
                kept.append((key, value))
        object.__setattr__(self, "repetition", repetition)
        object.__setattr__(self, "ply_limit", ply_limit)
        object.__setattr__(self, "rules", tuple(kept))

    def __getattr__(self, key: str) -> object:
        spec = DECLARED_OPTIONS.get(key)
        if spec is None:
            raise AttributeError(key)
        value = dict(self.rules).get(key, spec.default)
        # Kept on the instance (immutable, so it never changes): move generators read options per node.
        object.__setattr__(self, key, value)
        return value

    def get(self, key: str) -> object:
        return getattr(self, key)

    def with_rule(self, key: str, value: object) -> RuleOptions:
        return RuleOptions(self.repetition, self.ply_limit, dict(self.rules, **{key: value}))

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"repetition": self.repetition, "ply_limit": self.ply_limit}
        for key in DECLARED_OPTIONS:
            out[key] = getattr(self, key)
        return out

    @classmethod
    def from_json(cls, data: object) -> RuleOptions:
        if not isinstance(data, dict):
            raise ValueError("rule options must be an object")
        rep = data.get("repetition", "claim")
        if rep not in ("claim", "auto"):
            raise ValueError(f"unknown repetition rule {rep!r}")
        limit = data.get("ply_limit")
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0):
            raise ValueError(f"ply limit must be a positive whole number, not {limit!r}")
        rules: dict[str, object] = {}
        for key, spec in DECLARED_OPTIONS.items():
            if key in data:
                value = data[key]
                rules[key] = spec.check(bool(value) if spec.kind == "bool" else value)
        return cls(repetition=rep, ply_limit=limit, rules=rules)


@dataclass(frozen=True)
class Problem:
    """A finding of position validation: an error makes the position unplayable, a warning doesn't."""

    severity: Literal["error", "warning"]
    message: str
    rule: str = ""  # "reserved": a piece on the other colour's square (allowed by a house rule)
    squares: tuple[int, ...] = ()  # the squares the finding is about (the editor outlines them)


@dataclass(eq=False)
class Variant:
    """Base class: fields are the variant's data; methods are the hooks Position calls."""

    name: str
    title: str
    geometry: Geometry
    side_names: tuple[str, str]
    side_letters: tuple[str, str]  # side-to-move letters in position strings
    pieces: PieceSet  # every kind of piece: names, letters, roles, optics, values (game.pieceset)
    reserved: tuple[int, ...]  # per square: -1 free, else the only colour that may stand there
    setups: dict[str, str]  # name -> position string (first is the default)
    beam_rules: BeamRules = field(default_factory=BeamRules)
    # How make_code/unmake_code make actions: by default apply() through the journal; Khet and
    # Leiserchess choose their fast swap-rotate-fire maker (game/variants/swapfire.py)
    maker: Maker = JOURNAL
    turn_actions: int = 1  # most actions in one turn (a variant may end a turn earlier)
    king_kill_is_leaf: bool = False  # perft convention (see rules specs)
    quiet_ply_limit: int | None = None  # built-in draw after this many plies with nothing removed
    description: str = ""  # a few sentences for the game browser and the rules screen
    option_specs: tuple[OptionSpec, ...] = ()  # the variant's own house rules (config screen)
    setup_notes: dict[str, str] = field(default_factory=dict)  # setup name -> one-line description
    scripted_engines: bool = False  # has scripted engines as opponents (game/scripted.py)
    square_colours: bool = False  # the rules read light and dark squares: the board shows them clearly
    # squares with a rule of their own, by name (Laser Chess 1987's hypersquare): every board draws
    # them as special squares and says what they are
    special_squares: dict[int, str] = field(default_factory=dict)
    # (section key, title, text) for the Rules screen: replaces the generic text of that section
    # ("goal", "moves", "laser") or adds a section (a special square's name, "chance", ...)
    rules_text: tuple[tuple[str, str, str], ...] = ()
    # level name -> the settings that level takes here instead of its own ("depth", "margin",
    # "temperature"; search/levels.py): where a ply more costs many times the time, or the
    # evaluation's scale differs, adjacent levels stay apart
    level_overrides: dict[str, dict[str, int]] = field(default_factory=dict)
    kinds: tuple[int, ...] = field(init=False)  # kind numbers of the set, palette order
    laser_kind: int = field(init=False)  # the set's (first) emitter kind, 0 if none
    royal_kind: int = field(init=False)  # the set's (first) royal kind, 0 if none
    royal_name: str = field(init=False)
    is_laser: list[bool] = field(init=False, repr=False)
    is_royal: list[bool] = field(init=False, repr=False)
    forbidden: tuple[frozenset[int], frozenset[int]] = field(init=False, repr=False)

    @property
    def refire(self) -> bool:
        return self.beam_rules.refire

    @property
    def fast_codes(self) -> bool:
        """Are the actions swap-rotate-fire codes made by the fast maker (what the Khet engine plays)?"""
        from game.variants.swapfire import SWAP_FIRE

        return self.maker is SWAP_FIRE

    def __post_init__(self) -> None:
        numbers = tuple(k.number for k in self.pieces.kinds)
        self.kinds = tuple(Kind(n) if n in Kind._value2member_map_ else n for n in numbers)
        self.laser_kind = next(iter(self.pieces.emitter_numbers()), 0)
        self.royal_kind = next(iter(self.pieces.royal_numbers()), 0)
        self.royal_name = self.pieces.kind(self.royal_kind, False).name if self.royal_kind else "King"
        self.is_laser = self.pieces.is_laser
        self.is_royal = self.pieces.is_royal
        for spec in self.option_specs:
            known = DECLARED_OPTIONS.setdefault(spec.key, spec)
            if known.default != spec.default or known.kind != spec.kind:
                raise ValueError(f"rule option {spec.key!r} is declared twice differently")
        self.forbidden = (
            frozenset(sq for sq, r in enumerate(self.reserved) if r == 1),
            frozenset(sq for sq, r in enumerate(self.reserved) if r == 0),
        )

    # ------------------------------------------------------------ data helpers
    def default_options(self, against_cpu: bool = False) -> RuleOptions:
        return RuleOptions(repetition="auto" if against_cpu else "claim")

    def setup_fen(self, name: str | None = None) -> str:
        if name is None:
            return next(iter(self.setups.values()))
        key = name.strip().lower()
        for setup_name, fen in self.setups.items():
            if setup_name.lower() == key:
                return fen
        raise KeyError(f"{self.title} has no setup named {name!r}; try {', '.join(self.setups)}")

    def start_fen(self, name: str | None = None, options: RuleOptions | None = None) -> str:
        """The position string a game from a named setup starts with under ``options`` (a variant
        whose options change the start, e.g. who moves first, overrides this)."""
        return self.setup_fen(name)

    def find_lasers(self, board: list[int]) -> list[int]:
        lasers = [-1, -1]
        for sq, code in enumerate(board):
            if code and self.is_laser[code]:
                lasers[code >> 2 & 1] = sq
        return lasers

    def side_name(self, color: int) -> str:
        return self.side_names[color]

    # ------------------------------------------------------------ hooks
    def generate(self, pos: Position) -> list[int]:
        """Legal action codes of the side to move (the next action of the turn)."""
        raise NotImplementedError

    def generate_decisions(self, pos: Position) -> list[int]:
        """:meth:`generate` with each chance decision once (``chance.decisions``): what a search
        chooses among. A variant with chance may build this list directly (much cheaper)."""
        return decisions(self.generate(pos))

    def apply(self, pos: Position, move: Move, w: ActionWriter) -> None:
        """Make a legal action through the writer: every push of every variant comes here.

        Call ``w.end_turn()`` when the turn is over before ``turn_actions`` actions are made.
        """
        raise NotImplementedError(f"{self.title} does not say how its actions are made")

    # ------------------------------------------------------------ capability queries (GUI)
    @property
    def controls(self) -> Controls:
        """The action controls to show (derived from the notation the variant allows)."""
        turns = any(k.can_rotate and k.shapes > 1 for k in self.pieces.kinds)
        return Controls(turn=turns, half_turn=turns and self.allows_half_turn())

    def turn_progress(self, pos: Position) -> str | None:
        """What is left of the turn in progress, in a player's words ("1 action left"), for the
        game screen's turn indicator; None when a turn is a single move (nothing to show).

        Each rule set words its own turn (actions, half-actions), so no screen needs to know
        which rule set it shows."""
        return None

    def badges(self, pos: Position) -> dict[int, str]:
        """Square -> badge text drawn on a piece now ("pin", "zombie")."""
        marks = {sq: "pin" for sq in self.pinned_squares(pos)}
        marks.update({sq: "zombie" for sq in self.zombie_squares(pos)})
        return marks

    def no_moves_outcome(self, pos: Position) -> Outcome:
        """The result when the side to move has no legal action (a draw unless the rules say else)."""
        from game.outcome import Outcome, Termination

        return Outcome.draw(Termination.NO_MOVES)

    def rule_outcome(self, pos: Position) -> Outcome | None:
        """An ending the variant's own rules decide from the board (e.g. a stalemate), or None."""
        return None

    def initial_extra(self, board: list[int]) -> tuple[int, ...]:
        """The variant's extra state for a position read from a string (ints; hashed)."""
        return ()

    def extra_hash(self, pos: Position) -> int:
        """The hash contribution of the extra state (0 for none)."""
        extra = getattr(pos, "extra", ())
        return hash(extra) & 0xFFFFFFFFFFFFFFFF if extra else 0

    def move_text(self, move: Move) -> str:
        """The text of an action (the inverse of :meth:`parse_move_text`)."""
        return move.text(self.geometry.names, self.kind_letters)

    @property
    def kind_letters(self) -> dict[int, str]:
        return {k.number: k.letter for k in self.pieces.kinds}

    def parse_state(
        self, text: str, options: RuleOptions | None = None
    ) -> tuple[list[int], int, int, tuple[int, ...] | None]:
        """Board, side to move, actions made this turn and extra state from a position string.

        Variants whose strings carry more than placement and side (a turn half made, unmoved
        Pawns, counters) override this and :meth:`position_fen` together; placement and side come
        first, and the later fields should be optional (the editor writes placement and side).
        """
        board, turn = self.parse_fen(text, options=options)
        return board, turn, 0, None

    def position_fen(self, pos: Position) -> str:
        """The position string of a position (variants with more state extend it)."""
        return self.board_fen(pos.board, pos.turn)

    def piece_name(self, code: int) -> str:
        return self.pieces.name(code)

    def illegal_reason(self, pos: Position, move: Move) -> str:
        """Why a well-formed move is not legal, in words a player understands."""
        raise NotImplementedError

    def piece_token(self, code: int) -> str:
        raise NotImplementedError

    def read_piece(self, text: str, i: int, rank_name: str) -> tuple[int, int]:
        """Parse the piece written at ``text[i:]``; return (code, next index) or raise PositionError."""
        raise NotImplementedError

    def problems(self, board: list[int]) -> list[Problem]:
        """Everything wrong (errors) or unusual (warnings) with a placement."""
        return []

    def pinned_squares(self, pos: Position) -> frozenset[int]:
        """Squares of the side to move's pieces that may not move now (Leiserchess 2017 pins)."""
        return frozenset()

    def zombie_squares(self, pos: Position) -> frozenset[int]:
        """Squares of enemy pieces the side to move may move as its own (Leiserchess 2017 zombies)."""
        return frozenset()

    # ------------------------------------------------------------ position strings
    def parse_fen(
        self, text: str, check: bool = True, options: RuleOptions | None = None
    ) -> tuple[list[int], int]:
        """Board and side to move from a position string; raises PositionError naming the fault.

        ``check=False`` only reads the placement (no piece-count or placement rules): for showing
        a finished game's last position, where a Pharaoh/King may be gone. ``options`` with
        ``swap_into_reserved`` accepts pieces on reserved squares (that rule's swaps put them there).
        """
        if not isinstance(text, str) or not text.strip():
            raise PositionError("the position string is empty")
        if len(text) > MAX_POSITION_CHARS:
            raise PositionError(
                f"the position string is {len(text):,} characters long; "
                f"a {self.title} position needs far fewer (at most {MAX_POSITION_CHARS})"
            )
        parts = text.split()
        if len(parts) == 1:
            raise PositionError(
                f"the side to move is missing: add ' {self.side_letters[0]}' or "
                f"' {self.side_letters[1]}' after the placement"
            )
        if len(parts) > 2:
            raise PositionError(f"unexpected text after the side to move: {shown(' '.join(parts[2:]))}")
        placement, side = parts
        if side not in self.side_letters:
            raise PositionError(
                f"the side to move must be {self.side_letters[0]!r} ({self.side_names[0]}) or "
                f"{self.side_letters[1]!r} ({self.side_names[1]}), not {shown(side)}"
            )
        geo = self.geometry
        ranks = placement.split("/")
        if len(ranks) != geo.height:
            raise PositionError(
                f"the placement has {len(ranks)} ranks separated by '/', expected {geo.height}"
            )
        board = [0] * geo.size
        for row, rank_text in enumerate(ranks):
            y = geo.height - 1 - row
            rank_name = f"rank {y + geo.first_rank}"
            if not rank_text:
                raise PositionError(f"{rank_name} is empty (use a digit for empty squares)")
            if len(rank_text) > MAX_RANK_CHARS:
                raise PositionError(f"{rank_name} ({shown(rank_text, 20)}) is too long for {geo.width} files")
            x = 0
            i = 0
            while i < len(rank_text):
                ch = rank_text[i]
                if is_ascii_digit(ch):
                    j = i
                    while j < len(rank_text) and is_ascii_digit(rank_text[j]):
                        j += 1
                    run = int(rank_text[i:j])
                    if run == 0 or rank_text[i] == "0":
                        raise PositionError(
                            f"{rank_name}: '{rank_text[i:j]}' is not a valid count of empty squares"
                        )
                    x += run
                    i = j
                else:
                    code, i = self.read_piece(rank_text, i, rank_name)
                    if x < geo.width:
                        board[y * geo.width + x] = code
                    x += 1
                if x > geo.width:
                    raise PositionError(
                        f"{rank_name} ({rank_text!r}) describes more than {geo.width} squares"
                    )
            if x < geo.width:
                raise PositionError(
                    f"{rank_name} ({rank_text!r}) describes {x} squares, expected {geo.width}"
                )
        lenient = "reserved" if options is not None and options.swap_into_reserved else None
        problems = self.problems(board) if check else []
        errors = [p.message for p in problems if p.severity == "error" and p.rule != lenient]
        if errors:
            raise PositionError(errors[0])
        return board, self.side_letters.index(side)

    def board_fen(self, board: list[int], turn: int) -> str:
        geo = self.geometry
        rows = []
        for y in range(geo.height - 1, -1, -1):
            out = []
            empty = 0
            for x in range(geo.width):
                code = board[y * geo.width + x]
                if code:
                    if empty:
                        out.append(str(empty))
                        empty = 0
                    out.append(self.piece_token(code))
                else:
                    empty += 1
            if empty:
                out.append(str(empty))
            rows.append("".join(out))
        return "/".join(rows) + " " + self.side_letters[turn]

    # ------------------------------------------------------------ move text
    def parse_move_text(self, text: str, geo: Geometry) -> Move:
        """The move a text names (syntax only; legality is checked by the Position)."""
        if not text:
            raise InvalidMoveError("the move text is empty")
        if len(text) > MAX_MOVE_CHARS:
            raise InvalidMoveError(f"{shown(text, 30)} is too long to be a move")
        extra = self._parse_action_suffix(text, geo)
        if extra is not None:
            return extra
        squares: list[int] = []
        i = 0
        rotation = 0
        while i < len(text):
            ch = text[i]
            if ch.isalpha() and ch.islower() and i + 1 < len(text) and is_ascii_digit(text[i + 1]):
                j = i + 1
                while j < len(text) and is_ascii_digit(text[j]):
                    j += 1
                sq = geo.parse_square(text[i:j])
                if sq is None:
                    raise InvalidMoveError(f"{text!r}: {text[i:j]} is not a square on this board")
                squares.append(sq)
                i = j
            elif ch in "RLU" and i == len(text) - 1:
                rotation = {"R": CLOCKWISE, "L": COUNTER_CLOCKWISE, "U": HALF_TURN}[ch]
                i += 1
            else:
                raise InvalidMoveError(
                    f"{text!r} is not a move: write steps and swaps as from-square + to-square "
                    f"(e.g. e4e5) and rotations as square + R or L (e.g. c4R)"
                )
        if rotation == HALF_TURN and not self.allows_half_turn():
            raise InvalidMoveError(f"{text!r}: {self.title} has no half-turn (U) rotation")
        if not squares or len(squares) > self.max_move_squares():
            raise InvalidMoveError(f"{text!r} names {len(squares)} squares; that is not a move")
        if len(squares) == 1:
            if not rotation:
                raise InvalidMoveError(f"{text!r}: add a destination square or a rotation (R/L)")
            return Move(squares[0], squares[0], rotation)
        if len(squares) == 3:
            if rotation:
                raise InvalidMoveError(f"{text!r}: a three-square move has no rotation")
            return Move(squares[0], squares[1], 0, squares[2])
        if rotation and self.max_move_squares() < 3:
            raise InvalidMoveError(f"{text!r}: a move cannot both step and rotate in {self.title}")
        return Move(squares[0], squares[1], rotation)

    def _parse_action_suffix(self, text: str, geo: Geometry) -> Move | None:
        """The actions of the general notation: ``d1*`` fire, ``c4>E`` rotate to, ``a7a8=Q``
        promote, ``e4e5@c7`` a chance landing square. None for the plain forms."""
        for mark in ("*", ">", "=", "@"):
            if mark in text:
                break
        else:
            return None
        head, _, tail = text.partition(mark)
        base = self.parse_move_text(head, geo) if mark in "=@" else None
        if mark == "*":
            sq = geo.parse_square(head)
            if sq is None or tail:
                raise InvalidMoveError(f"{text!r}: a fire is the emitter's square and '*', e.g. d1*")
            return Move.fire_from(sq)
        if mark == ">":
            sq = geo.parse_square(head)
            if sq is None or len(tail) != 1 or tail not in ORIENTATION_LETTERS:
                raise InvalidMoveError(
                    f"{text!r}: a rotation to an orientation is the square, '>' and N, E, S or W, e.g. c4>E"
                )
            return Move.rotate_to(sq, ORIENTATION_LETTERS.index(tail))
        assert base is not None
        if mark == "=":
            kind = self.pieces.by_letter.get(tail.upper()) if len(tail) == 1 else None
            if kind is None:
                raise InvalidMoveError(f"{text!r}: {tail!r} is not a piece letter of {self.title}")
            return Move(
                base.from_square, base.to_square, base.rotation, base.then_square, promotion=kind.number
            )
        sq = geo.parse_square(tail)
        if sq is None:
            raise InvalidMoveError(f"{text!r}: {tail!r} is not a square on this board")
        return Move(
            base.from_square,
            base.to_square,
            base.rotation,
            base.then_square,
            base.orientation,
            base.fire,
            base.promotion,
            sq,
        )

    def allows_half_turn(self) -> bool:
        return False

    def max_move_squares(self) -> int:
        return 2
