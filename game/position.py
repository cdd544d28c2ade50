"""Position: the board, the side to move, and exact push/pop with incremental hashing.

Every pushed action returns an :class:`~game.effects.Effects` report and :meth:`Position.pop`
undoes it exactly. Two ways to make an action, one interface:

* the **fast path** (Khet, Leiserchess: ``variant.fast_codes``): ``make_code``/``unmake_code``
  swap the contents of two squares (a step is a swap with an empty square), optionally a second
  swap (Leiserchess 2018), optionally rotate the moved piece, then fire the mover's laser (once,
  or again after every zap if the variant re-fires) and pass the turn — one action, one turn;
* the **journaled path** (every other variant): the variant's :meth:`Variant.apply` makes the
  action through an :class:`ActionWriter`, which records every change for an exact undo and says
  when the turn is over, so a turn may be several actions pushed one at a time (``part`` counts
  the actions already made in the current turn; it is part of the hash).

What actions exist is the variant's business (:meth:`Variant.generate`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

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

_NOTHING_REMOVED: tuple[int, ...] = ()


class Position:
    """A position of some variant with its move history (for undo, repetition and Ko)."""

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
        "_stack",
        "hashes",
        "_effects",
        "_rays",
        "_is_laser",
        "_zobrist",
        "_optics",
        "_rotate",
        "_turn_hits",
        "_is_royal",
        "_refires",
        "_legal_key",
        "_legal",
        "_legal_set",
    )

    def __new__(cls, variant: Variant | None = None, *args: Any, **kwargs: Any) -> Position:
        # Variants without fast codes get the journaled subclass, whoever builds the position.
        if cls is Position and variant is not None and not variant.fast_codes:
            cls = ActionPosition
        return object.__new__(cls)

    def __init__(
        self,
        variant: Variant,
        board: list[int],
        turn: int,
        options: RuleOptions | None = None,
    ) -> None:
        self.variant = variant
        self.options = options if options is not None else variant.default_options()
        self.geometry = variant.geometry
        self.board = list(board)
        self.turn = int(turn)
        pieces = variant.pieces
        self._zobrist = pieces.zobrist
        self._optics = pieces.fast_optics
        self._rotate = pieces.rotate
        self.part = 0  # actions already made in the current turn (journaled variants)
        self.hash = hash_board(self.board, self.turn, self._zobrist)
        self.lasers = variant.find_lasers(self.board)  # [first's emitter square, second's] or -1
        # Colour whose royal piece fell, BOTH (2) if both fell at once (a draw), -1 while both stand.
        self.loser = -1
        self.quiet_plies = 0  # plies since a piece was last removed (ply-limit house rule)
        # One record per action: (code, hash, removed, quiet plies, laser0, laser1[, journal, saved]).
        self._stack: list[tuple[Any, ...]] = []
        self.hashes: list[int] = [self.hash]  # hash after every ply, for repetition and Ko
        self._effects: list[Effects | None] = []  # reports of the actions pushed with push()
        self._rays = self.geometry.rays
        self._is_laser = variant.is_laser
        self._is_royal = variant.is_royal
        self._refires = variant.refire  # fire again after each zap (read once: make_code is hot)
        self._turn_hits: dict[tuple[int, int], int] = {}  # reflecting-surface hits this turn
        self._legal_key: tuple[int, int] | None = None  # (hash, plies) the cached legal actions are of
        self._legal: tuple[int, ...] = ()  # in generation order
        self._legal_set: frozenset[int] = frozenset()

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
        raise ValueError(f"{self.variant.title} has one action a turn and no extra state")

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
        other._stack = list(self._stack) if history else []
        other.hashes = list(self.hashes) if history else [self.hash]
        other._effects = list(self._effects) if history else []
        other._rays = self._rays
        other._is_laser = self._is_laser
        other._is_royal = self._is_royal
        other._refires = self._refires
        other._zobrist = self._zobrist
        other._optics = self._optics
        other._rotate = self._rotate
        other._turn_hits = dict(self._turn_hits)
        other._legal_key = self._legal_key
        other._legal = self._legal
        other._legal_set = self._legal_set
        return other

    def fen(self) -> str:
        return self.variant.position_fen(self)

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r}, {self.variant.name!r})"

    def __eq__(self, other: object) -> bool:
        """Same variant, placement and side to move (history is not compared)."""
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.variant is other.variant
            and self.turn == other.turn
            and self.part == other.part
            and self.board == other.board
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
    def ply(self) -> int:
        """Actions pushed since this position object was created (a ply is one action)."""
        return len(self._stack)

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
        return [Move.from_code(rec[0]) for rec in self._stack]

    move_stack = history  # the python-chess name

    def zobrist_from_scratch(self) -> int:
        return hash_board(self.board, self.turn, self._zobrist, self.part) ^ self.variant.extra_hash(self)

    # ----------------------------------------------------------------- moves
    def generate_codes(self) -> list[int]:
        """Legal moves as int codes (the fast path used by perft and the search)."""
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
        effects = self._push_reported(move)
        self._effects.append(effects)
        return effects

    def _push_reported(self, move: Move) -> Effects:
        """Make ``move`` with the fast path and describe what it did (the slow, reporting way)."""
        before = list(self.board)
        color = self.turn
        shots: list[Shot] = []
        removed = self.make_code(move.code, shots)
        frm, to, then = move.from_square, move.to_square, move.then_square
        moved: list[PieceMove] = []
        if frm != to:
            moved.append(PieceMove(frm, to if then is None else then, before[frm]))
            if before[to]:
                moved.append(PieceMove(to, frm, before[to]))
        rotated: tuple[Change, ...] = ()
        if move.rotation:
            end = to  # a rotation after a swap turns the piece where it landed
            turned = self._rotate[move.rotation][before[frm]]
            rotated = (Change(end, before[frm], turned),)
        # Re-fired shots (Leiserchess 2017) follow each other: each starts where the last one ended.
        start = 0
        for i, shot in enumerate(shots):
            if start:
                shots[i] = replace(shot, start_step=start)
            start = shots[i].end_step + 1
        # Each shot destroyed at most the piece at its end: pair removals with the shots in order.
        removals = []
        hits = [i for i, s in enumerate(shots) if s.destroyed]
        for n, i in enumerate(range(0, len(removed), 2)):
            beam = hits[n] if n < len(hits) else -1
            step = shots[beam].end_step if beam >= 0 else 0
            removals.append(Removal(removed[i], removed[i + 1], step, beam))
        return Effects(
            move,
            color,
            moved=tuple(moved),
            rotated=rotated,
            beams=tuple(shots),
            removed=tuple(removals),
            fallen=self.fallen,
        )

    def push_text(self, text: str) -> Effects:
        return self.push(self.parse_move(text))

    def push_code(self, code: int) -> None:
        """Play a move code known to be legal, without recording the beam path (hot path)."""
        self.make_code(code)
        self._effects.append(None)

    def pop(self) -> Move:
        """Take back the last action exactly (board, hash, side, part of turn, counters)."""
        code = self.unmake_code()
        if self._effects:
            self._effects.pop()
        return Move.from_code(code)

    @property
    def last_removed(self) -> tuple[int, ...]:
        """What the last move's shot(s) removed, as flat (square, piece code, ...) pairs."""
        removed: tuple[int, ...] = self._stack[-1][2]
        return removed

    @property
    def last_move_code(self) -> int | None:
        """The code of the last move pushed on this object, None at the start of its history."""
        return self._stack[-1][0] if self._stack else None

    @property
    def last_effects(self) -> Effects | None:
        """The report of the last action pushed with :meth:`push` (None after push_code)."""
        return self._effects[-1] if self._effects else None

    @property
    def last_shots(self) -> list[Shot]:
        """The beam trees fired by the last action pushed with :meth:`push` (empty for push_code)."""
        effects = self.last_effects
        return list(effects.beams) if effects is not None else []

    def make_code(
        self, code: int, shots: list[Shot] | None = None, _fire: Callable[..., int] = fire, hit: int = -2
    ) -> tuple[int, ...]:
        """Play a move code known to be legal; return what its shot removed as (square, piece, ...).

        The hot path of perft and the search: no legality check and, unless ``shots`` is given, no beam
        path is recorded and :attr:`last_shots` is not kept. Undo with :meth:`unmake_code`.
        A caller that already knows where the mover's (first) shot stops on the board after the move
        passes ``hit`` (the square of the piece it destroys, or -1) and the beam is not traced again.
        """
        # fire is bound as a default and the tables read once: locals are fast on this hot path.
        _zobrist = self._zobrist
        board = self.board
        frm = code & 255
        to = code >> 8 & 255
        old_hash = h = self.hash
        lasers = self.lasers
        laser0, laser1 = lasers
        is_laser = self._is_laser
        if frm != to:
            p = board[frm]
            q = board[to]
            board[to] = p
            board[frm] = q
            h ^= _zobrist[p << 7 | frm] ^ _zobrist[p << 7 | to]  # (an empty square hashes as nothing)
            if is_laser[p]:
                lasers[p >> 2 & 1] = to
            if q:
                h ^= _zobrist[q << 7 | to] ^ _zobrist[q << 7 | frm]
                if is_laser[q]:
                    lasers[q >> 2 & 1] = frm
            then = code >> 18
            if then:
                then -= 1
                board[then] = p
                board[to] = 0
                h ^= _zobrist[p << 7 | to] ^ _zobrist[p << 7 | then]
                if is_laser[p]:
                    lasers[p >> 2 & 1] = then
        rot = code >> 16 & 3
        if rot:
            p = board[to]
            q = self._rotate[rot][p]
            board[to] = q
            h ^= _zobrist[p << 7 | to] ^ _zobrist[q << 7 | to]

        # Fire the mover's laser.
        color = self.turn
        removed = _NOTHING_REMOVED
        loser = -1
        emitter = lasers[color]
        if emitter >= 0:
            if shots is None:
                if hit == -2:
                    hit = _fire(board, self._rays, emitter, board[emitter] & 3, None, self._optics)
            else:
                shot = trace(board, self.geometry, emitter, board[emitter] & 3, self._optics)
                shots.append(shot)
                hit = shot.hit_square if shot.destroyed and shot.hit_square is not None else -1
            if hit >= 0:
                victim = board[hit]
                board[hit] = 0
                h ^= _zobrist[victim << 7 | hit]
                removed = (hit, victim)
                if is_laser[victim]:
                    lasers[victim >> 2 & 1] = -1
                if self._is_royal[victim]:
                    loser = victim >> 2 & 1
                elif self._refires:
                    removed, loser, h = self._refire(emitter, removed, h, shots)
        self.loser = loser
        old_quiet = self.quiet_plies
        self.quiet_plies = 0 if removed else old_quiet + 1
        self.turn = color ^ 1
        h ^= SIDE_KEY
        self.hash = h
        self.hashes.append(h)
        self._stack.append((code, old_hash, removed, old_quiet, laser0, laser1))
        return removed

    def _refire(
        self, emitter: int, removed: tuple[int, ...], h: int, shots: list[Shot] | None
    ) -> tuple[tuple[int, ...], int, int]:
        """Fire again after each zap until the beam hits a King or leaves (Leiserchess 2017)."""
        board = self.board
        removed_list = list(removed)
        while board[emitter]:
            if shots is None:
                hit = fire(board, self.geometry.rays, emitter, board[emitter] & 3, None, self._optics)
            else:
                shot = trace(board, self.geometry, emitter, board[emitter] & 3, self._optics)
                shots.append(shot)
                hit = shot.hit_square if shot.destroyed and shot.hit_square is not None else -1
            if hit < 0:
                break
            victim = board[hit]
            board[hit] = 0
            h ^= self._zobrist[victim << 7 | hit]
            removed_list += (hit, victim)
            if self.variant.is_laser[victim]:
                self.lasers[victim >> 2 & 1] = -1
            if self.variant.is_royal[victim]:
                return tuple(removed_list), victim >> 2 & 1, h
        return tuple(removed_list), -1, h

    def unmake_code(self) -> int:
        """Take back the last :meth:`make_code` exactly; return its move code."""
        code: int
        code, self.hash, removed, self.quiet_plies, laser0, laser1 = self._stack.pop()
        board = self.board
        if removed:
            if len(removed) == 2:  # one piece removed: the usual case
                board[removed[0]] = removed[1]
            else:
                for i in range(len(removed) - 2, -1, -2):
                    board[removed[i]] = removed[i + 1]
        frm = code & 255
        to = code >> 8 & 255
        rot = code >> 16 & 3
        if rot:
            board[to] = self._rotate[(0, 2, 1, 3)[rot]][board[to]]
        if frm != to:
            then = code >> 18
            if then:
                then -= 1
                board[to] = board[then]
                board[then] = 0
            p = board[to]
            board[to] = board[frm]
            board[frm] = p
        lasers = self.lasers
        lasers[0] = laser0
        lasers[1] = laser1
        self.turn ^= 1
        self.hashes.pop()
        self.loser = -1
        return code

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
            shot = trace(board, self.geometry, square, d, self._optics)
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

    def __init__(self, pos: ActionPosition, move: Move) -> None:
        self.pos = pos
        self.move = move
        self.board = pos.board  # read it freely; change it only through the methods below
        self.color = pos.turn
        self.journal: list[tuple[int, int]] = []  # (square, code before), in order
        self.moved: list[PieceMove] = []
        self.rotated: list[Change] = []
        self.captured: list[Removal] = []
        self.promoted: list[Change] = []
        self.placed: list[PieceMove] = []
        self.beams: list[Shot] = []
        self.removed: list[Removal] = []
        self.turn_over = False
        self.extra: tuple[int, ...] | None = None

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
        """Fire from ``square`` with the variant's beam rules; remove what the beams destroyed."""
        pos = self.pos
        variant = pos.variant
        board = self.board
        d = board[square] & 3 if direction is None else direction
        result = trace_beams(
            board, pos.geometry, variant.pieces, square, d, variant.beam_rules, charge, pos._turn_hits
        )
        index = len(self.beams)
        self.beams.extend(result.beams)
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


class ActionPosition(Position):
    """A position of a variant without fast codes: actions made by the variant through a journal."""

    __slots__ = ("extra",)

    def __init__(
        self, variant: Variant, board: list[int], turn: int, options: RuleOptions | None = None, part: int = 0
    ) -> None:
        super().__init__(variant, board, turn, options)
        self.extra: tuple[int, ...] = variant.initial_extra(self.board)
        self.part = part
        self.hash = self.zobrist_from_scratch()
        self.hashes = [self.hash]

    def set_turn_state(self, part: int, extra: tuple[int, ...] | None = None) -> None:
        if not 0 <= part < self.variant.turn_actions:
            raise ValueError(f"a turn of {self.variant.title} has {self.variant.turn_actions} actions")
        self.part = part
        if extra is not None:
            self.extra = tuple(extra)
        self.hash = self.zobrist_from_scratch()
        self.hashes = [self.hash]

    def copy(self, history: bool = True) -> ActionPosition:
        other = super().copy(history)
        other.extra = self.extra  # type: ignore[attr-defined]
        return other  # type: ignore[return-value]

    def make_code(
        self, code: int, shots: list[Shot] | None = None, _fire: Callable[..., int] = fire, hit: int = -2
    ) -> tuple[int, ...]:
        self._make(Move.from_code(code))  # ``hit`` is ignored: an action's shots depend on its turn state
        removed: tuple[int, ...] = self._stack[-1][2]
        return removed

    def _make(self, move: Move) -> ActionWriter:
        variant = self.variant
        saved = (
            self.hash,
            self.quiet_plies,
            self.lasers[0],
            self.lasers[1],
            self.part,
            self.turn,
            self.loser,
            self.extra,
            dict(self._turn_hits),
        )
        old_extra_hash = variant.extra_hash(self)
        writer = ActionWriter(self, move)
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
        removed_flat: tuple[int, ...] = tuple(
            x for r in writer.removed + writer.captured for x in (r.square, r.code)
        )
        self.quiet_plies = 0 if removed_flat else saved[1] + 1
        self._stack.append(
            (move.code, saved[0], removed_flat, saved[1], saved[2], saved[3], writer.journal, saved)
        )
        return writer

    def unmake_code(self) -> int:
        code: int
        code, _h, _removed, _q, _l0, _l1, journal, saved = self._stack.pop()
        board = self.board
        for square, old in reversed(journal):
            board[square] = old
        (
            self.hash,
            self.quiet_plies,
            self.lasers[0],
            self.lasers[1],
            self.part,
            self.turn,
            self.loser,
            self.extra,
            self._turn_hits,
        ) = saved
        self.hashes.pop()
        return code

    def _push_reported(self, move: Move) -> Effects:
        color = self.turn
        w = self._make(move)
        return Effects(
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
