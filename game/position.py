"""Position: the board, the side to move, and exact push/pop with incremental hashing.

One move path for every rule set: :meth:`Position.push` checks an action, the variant's
:meth:`~game.variants.base.Variant.apply` makes it through an :class:`ActionWriter` (which keeps
the hash, the emitter squares and an undo journal, and writes the :class:`~game.effects.Effects`
report as the action happens), and :meth:`Position.pop` takes it back. A turn may be several
actions pushed one at a time (``part`` counts the actions already made this turn; it is hashed).

The hot path of perft and the search is ``make_code(code)`` / ``unmake_code()``: no check, no
report. Which code makes them is the variant's choice (:attr:`Variant.maker`): by default the same
``apply`` through the journal (:class:`JournalMaker`); Khet and Leiserchess choose their own fast
maker over their tables (:mod:`game.variants.swapfire`). Every action, whoever made it, leaves one
:class:`Undo` record on the stack.

What actions exist is the variant's business (:meth:`Variant.generate`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

from game.effects import BOTH, Change, Effects, PieceMove, Removal
from game.errors import IllegalMoveError
from game.laser import BeamTrace, Shot, fire, trace, trace_beams
from game.move import Move
from game.pieces import STANDARD_PIECES, Color, Piece
from game.pieceset import PART_KEYS
from game.zobrist import SIDE_KEY, hash_board

if TYPE_CHECKING:
    from game.outcome import Outcome
    from game.variants.base import RuleOptions, Variant

# Rotation look-up of the built-in kinds: ROTATE[rotation][code] is the code after turning that
# piece (each piece set has its own, sized from its kinds: ``variant.pieces.rotate``).
ROTATE: tuple[list[int], ...] = STANDARD_PIECES.rotate
UNROTATE: tuple[list[int], ...] = STANDARD_PIECES.unrotate


class Undo:
    """Everything :meth:`Position.pop` needs to take one action back, whichever maker made it.

    A fast maker fills the first five fields and undoes the rest by inverting its action (its
    records are reused, so it never allocates on the hot path); the journal of the
    :class:`ActionWriter` path lists every square it changed, and the turn state it replaced.
    The hash before an action is not kept here: ``Position.hashes`` has every one.
    """

    __slots__ = (
        "code",
        "removed",
        "quiet_plies",
        "laser0",
        "laser1",
        "journal",
        "part",
        "turn",
        "loser",
        "extra",
        "turn_hits",
        "effects",
    )

    def __init__(self) -> None:
        self.code = 0  # the action's code
        self.removed: tuple[int, ...] = ()  # what left the board, as flat (square, piece code, ...) pairs
        self.quiet_plies = 0
        self.laser0 = -1  # the emitter squares before it
        self.laser1 = -1
        # Journaled actions only (None: made by a fast maker, undone by its inverse):
        self.journal: list[tuple[int, int]] | None = None  # (square, code before), in order
        self.part = 0
        self.turn = 0
        self.loser = -1
        self.extra: tuple[int, ...] = ()
        self.turn_hits: dict[tuple[int, int], int] = {}
        self.effects: Effects | None = None  # the report, for actions made by push

    def copy(self) -> Undo:
        other = Undo()
        for name in Undo.__slots__:
            setattr(other, name, getattr(self, name))
        return other


class MakeCode(Protocol):
    """``pos.make_code(code)``: make a legal action code; returns what left the board as flat
    (square, piece code, ...) pairs. ``hit`` (a fast maker's hint: where the mover's shot stops,
    -2 unknown) and ``shots`` (a list to append the shots' traces to) may be ignored."""

    def __call__(
        self, code: int, shots: list[Shot] | None = None, _fire: Callable[..., int] = fire, hit: int = -2
    ) -> tuple[int, ...]: ...


class Maker(Protocol):
    """How a variant makes and unmakes action codes on a position (chosen by the variant)."""

    def bind(self, pos: Position) -> tuple[MakeCode, Callable[[], int]]:
        """``pos``'s ``make_code`` and ``unmake_code``."""
        ...


class JournalMaker:
    """The default maker: the variant's ``apply`` through an :class:`ActionWriter`, undone from
    the writer's journal (exact for any rule a variant writes)."""

    def bind(self, pos: Position) -> tuple[MakeCode, Callable[[], int]]:
        def make_code(
            code: int, shots: list[Shot] | None = None, _fire: Callable[..., int] = fire, hit: int = -2
        ) -> tuple[int, ...]:
            # ``hit`` is ignored: an action's shots depend on its turn state
            return pos.apply_journaled(Move.from_code(code))[0].removed

        return make_code, pos.unmake_journaled


JOURNAL = JournalMaker()


class Position:
    """A position of some variant with its move history (for undo, repetition and Ko).

    ``board``, ``lasers`` and ``hashes`` are changed in place and never replaced: a maker holds them.
    """

    __slots__ = (
        "variant",
        "options",
        "geometry",
        "board",
        "turn",
        "hash",
        "lasers",
        "loser",
        "quiet_plies",
        "part",
        "extra",
        "hashes",
        "make_code",
        "unmake_code",
        "ply",
        "_records",
        "_zobrist",
        "_is_laser",
        "_turn_hits",
        "_legal_key",
        "_legal",
        "_legal_set",
    )

    make_code: MakeCode
    unmake_code: Callable[[], int]

    def __init__(
        self,
        variant: Variant,
        board: list[int],
        turn: int,
        options: RuleOptions | None = None,
    ) -> None:
        self.variant = variant
        self.options = variant.options_type.of(options) if options is not None else variant.default_options()
        self.geometry = variant.geometry
        self.board = list(board)
        self.turn = int(turn)
        self._zobrist = variant.pieces.zobrist
        self._is_laser = variant.pieces.is_laser
        self.part = 0  # actions already made in the current turn
        self.extra: tuple[int, ...] = variant.initial_extra(self.board)  # the variant's own state (hashed)
        self.hash = self.zobrist_from_scratch()
        self.lasers = variant.find_lasers(self.board)  # [first's emitter square, second's] or -1
        # Colour whose royal piece fell, BOTH (2) if both fell at once (a draw), -1 while both stand.
        self.loser = -1
        self.quiet_plies = 0  # plies since a piece was last removed (ply-limit house rule)
        # One record per action made: _records[:ply]; a fast maker keeps the ones above for reuse.
        self._records: list[Undo] = []
        self.ply = 0  # actions made since this position object was created (a ply is one action)
        self.hashes: list[int] = [self.hash]  # hash after every ply, for repetition and Ko
        self._turn_hits: dict[tuple[int, int], int] = {}  # reflecting-surface hits this turn
        self._legal_key: tuple[int, int] | None = None  # (hash, plies) the cached legal actions are of
        self._legal: tuple[int, ...] = ()  # in generation order
        self._legal_set: frozenset[int] = frozenset()
        self.make_code, self.unmake_code = variant.maker.bind(self)

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_fen(
        cls, fen: str, variant: Variant | str = "khet", options: RuleOptions | None = None
    ) -> Position:
        """Parse a position string; raises :class:`PositionError` naming what is wrong."""
        from game.variants import get_variant

        v = get_variant(variant) if isinstance(variant, str) else variant
        board, turn, part, extra = v.parse_state(fen, options)
        pos = cls(v, board, turn, options)
        if part or extra is not None:
            pos.set_turn_state(part, extra)
        return pos

    def set_turn_state(self, part: int, extra: tuple[int, ...] | None = None) -> None:
        """Start from the middle of a turn (``part`` actions made) with the variant's extra state."""
        if not 0 <= part < self.variant.turn_actions:
            raise ValueError(f"a turn of {self.variant.title} has {self.variant.turn_actions} actions")
        self.part = part
        if extra is not None:
            self.extra = tuple(extra)
        self.hash = self.zobrist_from_scratch()
        self.hashes[:] = [self.hash]

    @classmethod
    def setup(
        cls, name: str | None = None, variant: Variant | str = "khet", options: RuleOptions | None = None
    ) -> Position:
        """A named starting position of the variant (its default one if no name is given)."""
        from game.variants import get_variant

        v = get_variant(variant) if isinstance(variant, str) else variant
        return cls.from_fen(v.start_fen(name, options), v, options)

    def copy(self, history: bool = True) -> Position:
        """An independent copy; with ``history`` the undo stack and repetition history come along."""
        other = object.__new__(type(self))
        other.variant = self.variant
        other.options = self.options
        other.geometry = self.geometry
        other.board = list(self.board)
        other.turn = self.turn
        other.hash = self.hash
        other.lasers = list(self.lasers)
        other.loser = self.loser
        other.quiet_plies = self.quiet_plies
        other.part = self.part
        other.extra = self.extra
        # A fast maker's records are reused in place: the copy gets its own.
        live = self._records[: self.ply] if history else []
        other._records = [r if r.journal is not None else r.copy() for r in live]
        other.ply = len(live)
        other.hashes = list(self.hashes) if history else [self.hash]
        other._zobrist = self._zobrist
        other._is_laser = self._is_laser
        other._turn_hits = dict(self._turn_hits)
        other._legal_key = self._legal_key
        other._legal = self._legal
        other._legal_set = self._legal_set
        other.make_code, other.unmake_code = self.variant.maker.bind(other)
        return other

    def fen(self) -> str:
        return self.variant.position_fen(self)

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r}, {self.variant.name!r})"

    def __eq__(self, other: object) -> bool:
        """Same variant, placement, side to move, part of turn and extra state (history is not compared)."""
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.variant is other.variant
            and self.turn == other.turn
            and self.part == other.part
            and self.board == other.board
            and self.extra == other.extra
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    # ----------------------------------------------------------------- queries
    def piece_at(self, square: int) -> Piece | None:
        code = self.board[square]
        return Piece.from_code(code) if code else None

    def pieces(self, color: int | None = None) -> Iterator[tuple[int, Piece]]:
        for sq, code in enumerate(self.board):
            if code and (color is None or (code >> 2) & 1 == color):
                yield sq, Piece.from_code(code)

    @property
    def side_to_move(self) -> Color:
        return Color(self.turn)

    @property
    def fallen(self) -> tuple[int, ...]:
        """The colours whose royal piece has fallen: (), (c,) or (0, 1) (a draw)."""
        if self.loser < 0:
            return ()
        return (0, 1) if self.loser == BOTH else (self.loser,)

    @property
    def actions_left(self) -> int:
        """How many more actions the side to move may still make this turn (at most)."""
        return self.variant.turn_actions - self.part

    @property
    def turn_started(self) -> bool:
        """Has the side to move already made an action of this turn (so it cannot switch turns)?"""
        return self.part > 0

    @property
    def history(self) -> list[Move]:
        """The actions pushed on this object, oldest first."""
        return [Move.from_code(rec.code) for rec in self._records[: self.ply]]

    move_stack = history  # the python-chess name

    def zobrist_from_scratch(self) -> int:
        return hash_board(self.board, self.turn, self._zobrist, self.part) ^ self.variant.extra_hash(self)

    # ----------------------------------------------------------------- moves
    def generate_codes(self) -> list[int]:
        """Legal moves as int codes, a new list each call (the hot path of perft and the search)."""
        if self.loser >= 0:
            return []
        return self.variant.generate(self)

    def legal_codes(self) -> tuple[int, ...]:
        """The legal action codes in generation order, generated once per position and kept.

        The set belongs to the position as it stands: any push, pop, make or unmake moves on to
        another position (told apart by its hash and ply), whose set is generated when asked for.
        Screens ask this many times a frame; the search calls :meth:`generate_codes` instead.
        """
        key = (self.hash, len(self.hashes))
        if self._legal_key != key:
            self._legal = tuple(self.generate_codes())
            self._legal_set = frozenset(self._legal)
            self._legal_key = key
        return self._legal

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves, generated lazily when first iterated, counted or searched."""
        return LegalMoves(self)

    def is_legal(self, move: Move) -> bool:
        self.legal_codes()
        return move.code in self._legal_set

    def has_legal_moves(self) -> bool:
        """Has the side to move any legal action? Read from :meth:`legal_codes` when this position's
        set is already known (a screen asked for it), else generated and not kept (the search
        asks this at every node and keeps no sets)."""
        if self._legal_key == (self.hash, len(self.hashes)):
            return bool(self._legal)
        return bool(self.generate_codes())

    def is_legal_code(self, code: int) -> bool:
        self.legal_codes()
        return code in self._legal_set

    def moves_from(self, square: int) -> list[Move]:
        """The legal actions that start on ``square`` (its piece's moves, turns, fire), in order."""
        return [Move.from_code(c) for c in self.legal_codes() if c & 255 == square]

    def movable_squares(self) -> frozenset[int]:
        """The squares some legal action starts from (the pieces the side to move may use now)."""
        return frozenset(c & 255 for c in self.legal_codes())

    def parse_move(self, text: str) -> Move:
        """The legal move the text names; raises InvalidMoveError / IllegalMoveError with a reason."""
        move = self.variant.parse_move_text(text.strip(), self.geometry)
        if not self.is_legal(move):
            raise IllegalMoveError(
                f"{text.strip()} is not legal here: {self.variant.illegal_reason(self, move)}"
            )
        return move

    def move_text(self, move: Move) -> str:
        return self.variant.move_text(move)

    def action_cost(self, move: Move) -> int:
        """How many of the turn's actions the legal action ``move`` uses (:meth:`Variant.action_cost`):
        1 when the turn goes on after it, else every action left."""
        return self.variant.action_cost(self, move)

    def push(self, move: Move) -> Effects:
        """Play a legal action (checked) and return its effects report (beam trees included)."""
        if not self.is_legal(move):
            raise IllegalMoveError(
                f"{self.move_text(move)} is not legal here: {self.variant.illegal_reason(self, move)}"
            )
        return self.push_unchecked(move)

    def push_unchecked(self, move: Move) -> Effects:
        """:meth:`push` for an action already known to be legal (taken from :attr:`legal_moves` or
        :meth:`legal_codes` of this position): no check, the same report. Text typed by a player
        and moves read from files go through :meth:`push` or :meth:`push_text`, which check."""
        color = self.turn
        rec, w = self.apply_journaled(move)
        effects = Effects(
            move,
            color,
            moved=tuple(w.moved),
            rotated=tuple(w.rotated),
            captured=tuple(w.captured),
            promoted=tuple(w.promoted),
            placed=tuple(w.placed),
            beams=tuple(w.beams),
            removed=tuple(w.removed),
            fallen=self.fallen,
            turn_over=w.turn_over,
        )
        rec.effects = effects
        return effects

    def push_text(self, text: str) -> Effects:
        return self.push(self.parse_move(text))

    def push_code(self, code: int) -> None:
        """Play a move code known to be legal, with no report (the variant's maker: fast)."""
        self.make_code(code)

    def pop(self) -> Move:
        """Take back the last action exactly (board, hash, side, part of turn, counters)."""
        return Move.from_code(self.unmake_code())

    @property
    def last_removed(self) -> tuple[int, ...]:
        """What the last action removed, as flat (square, piece code, ...) pairs."""
        return self._records[self.ply - 1].removed

    @property
    def last_move_code(self) -> int | None:
        """The code of the last move pushed on this object, None at the start of its history."""
        return self._records[self.ply - 1].code if self.ply else None

    @property
    def last_effects(self) -> Effects | None:
        """The report of the last action if it was pushed with :meth:`push` (None after push_code)."""
        return self._records[self.ply - 1].effects if self.ply else None

    @property
    def last_shots(self) -> list[Shot]:
        """The beam trees fired by the last action pushed with :meth:`push` (empty for push_code)."""
        effects = self.last_effects
        return list(effects.beams) if effects is not None else []

    # ----------------------------------------------------------------- the journaled path
    def apply_journaled(self, move: Move) -> tuple[Undo, ActionWriter]:
        """Make ``move`` with the variant's :meth:`~Variant.apply` through an :class:`ActionWriter`
        (for makers and :meth:`push`); pushes its :class:`Undo` record and returns it with the writer."""
        variant = self.variant
        rec = Undo()
        rec.code = move.code
        rec.quiet_plies = self.quiet_plies
        rec.laser0, rec.laser1 = self.lasers
        rec.journal = []
        rec.part = self.part
        rec.turn = self.turn
        rec.loser = self.loser
        rec.extra = self.extra
        rec.turn_hits = dict(self._turn_hits)
        old_extra_hash = variant.extra_hash(self)
        writer = ActionWriter(self, move, rec.journal)
        variant.apply(self, move, writer)
        h = self.hash ^ old_extra_hash
        if writer.extra is not None:
            self.extra = writer.extra
        h ^= PART_KEYS[self.part] if self.part else 0
        if writer.turn_over or self.part + 1 >= variant.turn_actions:
            writer.turn_over = True
            self.part = 0
            self.turn ^= 1
            h ^= SIDE_KEY
            self._turn_hits = {}
        else:
            self.part += 1
            h ^= PART_KEYS[self.part]
        self.hash = h ^ variant.extra_hash(self)
        self.hashes.append(self.hash)
        rec.removed = tuple(x for r in writer.removed + writer.captured for x in (r.square, r.code))
        self.quiet_plies = 0 if rec.removed else rec.quiet_plies + 1
        del self._records[self.ply :]  # (a journal record is never reused)
        self._records.append(rec)
        self.ply += 1
        return rec, writer

    def unmake_journaled(self) -> int:
        """Take back the last action made by :meth:`apply_journaled`; returns its code."""
        self.ply -= 1
        rec = self._records.pop(self.ply)
        board = self.board
        assert rec.journal is not None
        for square, old in reversed(rec.journal):
            board[square] = old
        self.quiet_plies = rec.quiet_plies
        self.lasers[0] = rec.laser0
        self.lasers[1] = rec.laser1
        self.part = rec.part
        self.turn = rec.turn
        self.loser = rec.loser
        self.extra = rec.extra
        self._turn_hits = rec.turn_hits
        self.hashes.pop()
        self.hash = self.hashes[self.ply]
        return rec.code

    # ----------------------------------------------------------------- the laser
    def beam(self, color: int | None = None) -> Shot:
        """Where ``color``'s laser would go if it fired now (for overlays and warnings).

        For a set whose beams split or charge this is the whole tree of the general tracer.
        """
        color = self.turn if color is None else color
        emitter = self.lasers[color]
        if emitter < 0:
            return Shot((), None, None, "off board")
        return self.beam_from(emitter).beams[0]

    def beam_from(self, square: int, direction: int | None = None) -> BeamTrace:
        """Every beam a fire from ``square`` would make now (nothing changes), as a tree."""
        board = self.board
        d = board[square] & 3 if direction is None else direction
        pieces = self.variant.pieces
        if pieces.simple and not self.variant.beam_rules.static_board:
            shot = trace(board, self.geometry, square, d, pieces.fast_optics)
            hit = shot.hit_square
            removed = ((hit, board[hit], shot.end_step),) if shot.destroyed and hit is not None else ()
            return BeamTrace((shot,), (), removed, len(shot.path) - 1)
        return trace_beams(
            board, self.geometry, pieces, square, d, self.variant.beam_rules, 0, dict(self._turn_hits)
        )

    def royal_in_beam(self, color: int) -> bool:
        """Would ``color``'s Pharaoh/King be destroyed if the opponent's laser fired now?"""
        emitter = self.lasers[1 - color]
        if emitter < 0:
            return False
        is_royal = self.variant.is_royal
        return any(
            code and is_royal[code] and code >> 2 & 1 == color
            for _sq, code, _step in self.beam_from(emitter).removed
        )

    # ----------------------------------------------------------------- game end
    def repetition_count(self) -> int:
        """How many times the current arrangement (with side to move) has occurred in the history."""
        return self.hashes.count(self.hash)

    def is_game_over(self) -> bool:
        return self.outcome() is not None or not self.generate_codes()

    def outcome(self, claim_draw: bool = False) -> Outcome | None:
        """The result decided by the board alone (destroyed royal piece, draws by rule)."""
        from game.outcome import position_outcome

        return position_outcome(self, claim_draw)


class ActionWriter:
    """The only way a variant's :meth:`Variant.apply` changes a position: journaled and reported.

    Every change goes through :meth:`put`, which keeps the hash, the emitter squares and the undo
    journal right; the higher-level methods also say what happened for the effects report.
    """

    def __init__(self, pos: Position, move: Move, journal: list[tuple[int, int]] | None = None) -> None:
        self.pos = pos
        self.move = move
        self.board = pos.board  # read it freely; change it only through the methods below
        self.color = pos.turn
        self.journal: list[tuple[int, int]] = [] if journal is None else journal  # (square, code before)
        self.moved: list[PieceMove] = []
        self.rotated: list[Change] = []
        self.captured: list[Removal] = []
        self.promoted: list[Change] = []
        self.placed: list[PieceMove] = []
        self.beams: list[Shot] = []
        self.removed: list[Removal] = []
        self.turn_over = False
        self.extra: tuple[int, ...] | None = None
        self._next_step = 0  # where a further fire of this action starts on the beam clock

    # ------------------------------------------------------------ primitives
    def put(self, square: int, code: int) -> None:
        """Set one square (hash, emitters and journal follow)."""
        pos = self.pos
        board = pos.board
        old = board[square]
        if old == code:
            return
        self.journal.append((square, old))
        keys = pos._zobrist
        pos.hash ^= keys[old << 7 | square] ^ keys[code << 7 | square]
        board[square] = code
        is_laser = pos._is_laser
        if old and is_laser[old] and pos.lasers[old >> 2 & 1] == square:
            pos.lasers[old >> 2 & 1] = -1
        if code and is_laser[code]:
            pos.lasers[code >> 2 & 1] = square

    def fall(self, code: int) -> None:
        """Note that a piece left the board: a royal's fall decides the game."""
        if code and self.pos.variant.is_royal[code]:
            color = code >> 2 & 1
            loser = self.pos.loser
            self.pos.loser = color if loser < 0 or loser == color else BOTH

    # ------------------------------------------------------------ reported changes
    def step(self, frm: int, to: int) -> int:
        """Move the piece on ``frm`` to ``to``; whatever stood there is captured. Returns it (or 0)."""
        board = self.board
        piece, victim = board[frm], board[to]
        if victim:
            self.captured.append(Removal(to, victim))
            self.fall(victim)
        self.put(to, piece)
        self.put(frm, 0)
        self._moved(frm, to, piece)
        return victim

    def _moved(self, frm: int, to: int, piece: int) -> None:
        """Record a displacement, joined to the same piece's earlier leg in this action."""
        for i, m in enumerate(self.moved):
            if m.to == frm and m.code == piece:
                self.moved[i] = PieceMove(m.frm, to, piece)
                return
        self.moved.append(PieceMove(frm, to, piece))

    def swap(self, a: int, b: int) -> None:
        board = self.board
        p, q = board[a], board[b]
        self.put(a, q)
        self.put(b, p)
        self._moved(a, b, p)
        if q:
            self._moved(b, a, q)

    def relocate(self, frm: int, to: int) -> None:
        """A piece sent by chance from ``frm`` to the empty square ``to``."""
        piece = self.board[frm]
        self.put(to, piece)
        self.put(frm, 0)
        self.placed.append(PieceMove(frm, to, piece))

    def rotate(self, square: int, rotation: int) -> None:
        """Turn the piece on ``square`` by a relative rotation (``game.move``'s CLOCKWISE, ...)."""
        before = self.board[square]
        after = self.pos.variant.pieces.rotate[rotation][before]
        self.put(square, after)
        self.rotated.append(Change(square, before, after))

    def rotate_to(self, square: int, orientation: int) -> None:
        before = self.board[square]
        after = (before & ~3) | (orientation & 3)
        self.put(square, after)
        self.rotated.append(Change(square, before, after))

    def promote(self, square: int, kind: int) -> None:
        before = self.board[square]
        after = kind << 3 | (before & 7)
        self.put(square, after)
        self.promoted.append(Change(square, before, after))

    def remove(self, square: int) -> None:
        """Take a piece off without a beam (a rule of the variant)."""
        code = self.board[square]
        self.put(square, 0)
        self.removed.append(Removal(square, code))
        self.fall(code)

    def fire(self, square: int, direction: int | None = None, charge: int = 0) -> BeamTrace:
        """Fire from ``square`` with the variant's beam rules; remove what the beams destroyed.

        A second fire in the same action (Leiserchess 2017's re-fire) starts on the beam clock
        where the last one ended, so the report animates them one after the other."""
        pos = self.pos
        variant = pos.variant
        board = self.board
        d = board[square] & 3 if direction is None else direction
        result = trace_beams(
            board,
            pos.geometry,
            variant.pieces,
            square,
            d,
            variant.beam_rules,
            charge,
            pos._turn_hits,
            self._next_step,
        )
        index = len(self.beams)
        self.beams.extend(result.beams)
        self._next_step = max(b.end_step for root in result.beams for b in root.walk()) + 1
        for sq, code, step in result.removed:
            self.put(sq, 0)
            self.removed.append(Removal(sq, code, step, index))
            self.fall(code)
        return result

    def set_extra(self, extra: tuple[int, ...]) -> None:
        """Replace the variant's extra state (e.g. which Pawns have not moved; ints only)."""
        self.extra = tuple(extra)

    def end_turn(self) -> None:
        """The turn is over after this action: the other side moves next."""
        self.turn_over = True


class LegalMoves:
    """A lazy view of the legal moves (python-chess style): iterate, count, test membership."""

    __slots__ = ("_position", "_codes")

    def __init__(self, position: Position) -> None:
        self._position = position
        self._codes: tuple[int, ...] | None = None

    def _get(self) -> tuple[int, ...]:
        if self._codes is None:
            self._codes = self._position.legal_codes()
        return self._codes

    def __iter__(self) -> Iterator[Move]:
        return (Move.from_code(c) for c in self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __bool__(self) -> bool:
        return bool(self._get())

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and move.code in self._get()

    def __repr__(self) -> str:
        names = self._position.geometry.names
        return f"<LegalMoves: {', '.join(m.text(names) for m in self)}>"
