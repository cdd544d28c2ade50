"""Position: the board, the side to move, and exact push/pop with incremental hashing.

Making a move is shared by every variant: swap the contents of two squares (a step is a swap
with an empty square), optionally a second swap (Leiserchess 2018), optionally rotate the moved
piece, then fire the mover's laser (once, or again after every zap if the variant re-fires).
What moves exist is the variant's business (:meth:`Variant.generate`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.errors import IllegalMoveError
from game.laser import Shot, fire, trace
from game.move import Move
from game.pieces import Color, Piece
from game.zobrist import SIDE_KEY, ZOBRIST, hash_board

if TYPE_CHECKING:
    from game.variants.base import RuleOptions, Variant

# Rotation look-up: ROTATE[rotation][code] is the code after turning that piece.
ROTATE: tuple[list[int], ...] = tuple(
    [(c & ~3) | ((c + turns) & 3) if c else 0 for c in range(64)] for turns in (0, 1, 3, 2)
)
UNROTATE: tuple[list[int], ...] = (ROTATE[0], ROTATE[2], ROTATE[1], ROTATE[3])

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
        "_stack",
        "hashes",
        "_shots",
        "_rays",
        "_is_laser",
    )

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
        self.hash = hash_board(self.board, self.turn)
        self.lasers = variant.find_lasers(self.board)  # [first's emitter square, second's] or -1
        self.loser = -1  # colour whose Pharaoh/King was destroyed, -1 while both stand
        self.quiet_plies = 0  # plies since a piece was last removed (ply-limit house rule)
        self._stack: list[tuple] = []
        self.hashes: list[int] = [self.hash]  # hash after every ply, for repetition and Ko
        self._shots: list[list[Shot]] = []  # shots of the moves pushed with push()
        self._rays = self.geometry.rays
        self._is_laser = variant.is_laser

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_fen(
        cls, fen: str, variant: Variant | str = "khet", options: RuleOptions | None = None
    ) -> Position:
        """Parse a position string; raises :class:`PositionError` naming what is wrong."""
        from game.variants import get_variant

        v = get_variant(variant) if isinstance(variant, str) else variant
        board, turn = v.parse_fen(fen, options=options)
        return cls(v, board, turn, options)

    @classmethod
    def setup(
        cls, name: str | None = None, variant: Variant | str = "khet", options: RuleOptions | None = None
    ) -> Position:
        """A named starting position of the variant (its default one if no name is given)."""
        from game.variants import get_variant

        v = get_variant(variant) if isinstance(variant, str) else variant
        return cls.from_fen(v.setup_fen(name), v, options)

    def copy(self, history: bool = True) -> Position:
        """An independent copy; with ``history`` the undo stack and repetition history come along."""
        other = Position.__new__(Position)
        other.variant = self.variant
        other.options = self.options
        other.geometry = self.geometry
        other.board = list(self.board)
        other.turn = self.turn
        other.hash = self.hash
        other.lasers = list(self.lasers)
        other.loser = self.loser
        other.quiet_plies = self.quiet_plies
        other._stack = list(self._stack) if history else []
        other.hashes = list(self.hashes) if history else [self.hash]
        other._shots = list(self._shots) if history else []
        other._rays = self._rays
        other._is_laser = self._is_laser
        return other

    def fen(self) -> str:
        return self.variant.board_fen(self.board, self.turn)

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r}, {self.variant.name!r})"

    def __eq__(self, other: object) -> bool:
        """Same variant, placement and side to move (history is not compared)."""
        if not isinstance(other, Position):
            return NotImplemented
        return self.variant is other.variant and self.turn == other.turn and self.board == other.board

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
        """Plies pushed since this position object was created."""
        return len(self._stack)

    @property
    def move_stack(self) -> list[Move]:
        return [Move.from_code(rec[0]) for rec in self._stack]

    def zobrist_from_scratch(self) -> int:
        return hash_board(self.board, self.turn)

    # ----------------------------------------------------------------- moves
    def generate_codes(self) -> list[int]:
        """Legal moves as int codes (the fast path used by perft and the search)."""
        if self.loser >= 0:
            return []
        return self.variant.generate(self)

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves, generated lazily when first iterated, counted or searched."""
        return LegalMoves(self)

    def is_legal(self, move: Move) -> bool:
        return move.code in self.generate_codes()

    def parse_move(self, text: str) -> Move:
        """The legal move the text names; raises InvalidMoveError / IllegalMoveError with a reason."""
        move = self.variant.parse_move_text(text.strip(), self.geometry)
        if not self.is_legal(move):
            raise IllegalMoveError(
                f"{text.strip()} is not legal here: {self.variant.illegal_reason(self, move)}"
            )
        return move

    def move_text(self, move: Move) -> str:
        return move.text(self.geometry.names)

    def push(self, move: Move) -> list[Shot]:
        """Play a legal move (checked) and return the shot(s) its laser fired, path included."""
        if not self.is_legal(move):
            raise IllegalMoveError(
                f"{self.move_text(move)} is not legal here: {self.variant.illegal_reason(self, move)}"
            )
        shots: list[Shot] = []
        self.make_code(move.code, shots)
        self._shots.append(shots)
        return shots

    def push_text(self, text: str) -> list[Shot]:
        return self.push(self.parse_move(text))

    def push_code(self, code: int) -> None:
        """Play a move code known to be legal, without recording the beam path (hot path)."""
        self.make_code(code)
        self._shots.append(_NO_SHOTS)

    def pop(self) -> Move:
        """Take back the last move exactly (board, hash, side, counters)."""
        code = self.unmake_code()
        self._shots.pop()
        return Move.from_code(code)

    @property
    def last_removed(self) -> tuple[int, ...]:
        """What the last move's shot(s) removed, as flat (square, piece code, ...) pairs."""
        return self._stack[-1][2]

    @property
    def last_move_code(self) -> int | None:
        """The code of the last move pushed on this object, None at the start of its history."""
        return self._stack[-1][0] if self._stack else None

    @property
    def last_shots(self) -> list[Shot]:
        """The shots fired by the last move pushed with :meth:`push` (empty for push_code)."""
        return self._shots[-1] if self._shots else []

    def make_code(
        self, code: int, shots: list[Shot] | None = None, _zobrist: list[int] = ZOBRIST, _fire=fire
    ) -> tuple[int, ...]:
        """Play a move code known to be legal; return what its shot removed as (square, piece, ...).

        The hot path of perft and the search: no legality check and, unless ``shots`` is given, no beam
        path is recorded and :attr:`last_shots` is not kept. Undo with :meth:`unmake_code`.
        """
        # ZOBRIST and fire are bound as defaults: locals are faster than globals on this hot path.
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
            h ^= (
                _zobrist[p << 7 | frm]
                ^ _zobrist[p << 7 | to]
                ^ _zobrist[q << 7 | to]
                ^ _zobrist[q << 7 | frm]
            )
            if is_laser[p]:
                lasers[p >> 2 & 1] = to
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
            q = ROTATE[rot][p]
            board[to] = q
            h ^= _zobrist[p << 7 | to] ^ _zobrist[q << 7 | to]

        # Fire the mover's laser.
        color = self.turn
        removed = _NOTHING_REMOVED
        loser = -1
        emitter = lasers[color]
        if emitter >= 0:
            if shots is None:
                hit = _fire(board, self._rays, emitter, board[emitter] & 3)
            else:
                shot = trace(board, self.geometry, emitter, board[emitter] & 3)
                shots.append(shot)
                hit = shot.hit_square if shot.destroyed else -1
            if hit >= 0:
                victim = board[hit]
                board[hit] = 0
                h ^= _zobrist[victim << 7 | hit]
                removed = (hit, victim)
                if is_laser[victim]:
                    lasers[victim >> 2 & 1] = -1
                if self.variant.is_royal[victim]:
                    loser = victim >> 2 & 1
                elif self.variant.refire:
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
                hit = fire(board, self.geometry.rays, emitter, board[emitter] & 3)
            else:
                shot = trace(board, self.geometry, emitter, board[emitter] & 3)
                shots.append(shot)
                hit = shot.hit_square if shot.destroyed else -1
            if hit < 0:
                break
            victim = board[hit]
            board[hit] = 0
            h ^= ZOBRIST[victim << 7 | hit]
            removed_list += (hit, victim)
            if self.variant.is_laser[victim]:
                self.lasers[victim >> 2 & 1] = -1
            if self.variant.is_royal[victim]:
                return tuple(removed_list), victim >> 2 & 1, h
        return tuple(removed_list), -1, h

    def unmake_code(self) -> int:
        """Take back the last :meth:`make_code` exactly; return its move code."""
        code, self.hash, removed, self.quiet_plies, laser0, laser1 = self._stack.pop()
        board = self.board
        if removed:
            for i in range(len(removed) - 2, -1, -2):
                board[removed[i]] = removed[i + 1]
        frm = code & 255
        to = code >> 8 & 255
        rot = code >> 16 & 3
        if rot:
            board[to] = UNROTATE[rot][board[to]]
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
        """Where ``color``'s laser would go if it fired now (for overlays and warnings)."""
        color = self.turn if color is None else color
        emitter = self.lasers[color]
        if emitter < 0:
            return Shot((), None, None, "off board")
        return trace(self.board, self.geometry, emitter, self.board[emitter] & 3)

    def royal_in_beam(self, color: int) -> bool:
        """Would ``color``'s Pharaoh/King be destroyed if the opponent's laser fired now?"""
        shot = self.beam(1 - color)
        return (
            shot.destroyed
            and shot.hit_piece is not None
            and shot.hit_piece.color == color
            and self.variant.is_royal[shot.hit_piece.code]
        )

    # ----------------------------------------------------------------- game end
    def repetition_count(self) -> int:
        """How many times the current arrangement (with side to move) has occurred in the history."""
        return self.hashes.count(self.hash)

    def is_game_over(self) -> bool:
        return self.outcome() is not None or not self.generate_codes()

    def outcome(self, claim_draw: bool = False):  # -> Outcome | None
        """The result decided by the board alone (destroyed royal piece, draws by rule)."""
        from game.outcome import position_outcome

        return position_outcome(self, claim_draw)


_NO_SHOTS: list[Shot] = []


class LegalMoves:
    """A lazy view of the legal moves (python-chess style): iterate, count, test membership."""

    __slots__ = ("_position", "_codes")

    def __init__(self, position: Position) -> None:
        self._position = position
        self._codes: list[int] | None = None

    def _get(self) -> list[int]:
        if self._codes is None:
            self._codes = self._position.generate_codes()
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
