"""The notation part of the variant contract: position strings and move text, with defaults.

Everything here has a default built from the rule set's :class:`~game.pieceset.PieceSet` and
geometry, so a laser rule set writes none of it:

* a piece is its kind's letter (upper case for the first side, lower case for the second),
  followed by its orientation digit when its kind has more than one shape (``D1``, ``L0``, ``K``);
* a position string is the placement (ranks from the top, digits for empty squares), a space and
  the side-to-move letter; rule sets whose strings carry more (a turn half made, counters)
  override :meth:`Notation.parse_state` and :meth:`Notation.position_fen` together;
* an action is written ``e4e5`` (step, swap or capture), ``c4R``/``c4L``/``c4U`` (turn by),
  ``c4>E`` (turn to), ``d1*`` (fire), ``a7a8=D`` (promotion), ``e4e5@c7`` (a chance landing square),
  ``d5e4f5`` / ``e4d5R`` (a second part).

Override only for chess-style text (Lousy Chess: ``b1-c3``, ``Q~``) or a rule set's own
tradition (Khet's orientation letters ``a-d``, Leiserchess's two-letter pieces).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.errors import InvalidMoveError, PositionError
from game.geometry import Geometry
from game.limits import MAX_MOVE_CHARS, MAX_POSITION_CHARS, MAX_RANK_CHARS, is_ascii_digit, shown
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN, ORIENTATION_LETTERS, Move

if TYPE_CHECKING:
    from game.pieceset import PieceKind, PieceSet
    from game.position import Position
    from game.variants.options import RuleOptions

State = tuple[list[int], int, int, "tuple[int, ...] | None"]  # board, side, actions made, extra state


class Notation:
    """Position strings and move text (a base of :class:`~game.variants.base.Variant`)."""

    # What the notation reads of the rule set (the Variant's data).
    title: str
    geometry: Geometry
    pieces: PieceSet
    side_names: tuple[str, str]
    side_letters: tuple[str, str]

    def check_board(self, board: list[int], options: RuleOptions | None) -> None:
        """Raise PositionError naming a placement's first rule problem (the rules part says which)."""
        raise NotImplementedError

    # ------------------------------------------------------------ pieces
    def piece_token(self, code: int) -> str:
        """A piece as written in a position string."""
        kind = self.pieces.kind(code)
        letter = kind.letter if not code >> 2 & 1 else kind.letter.lower()
        return letter if kind.shapes == 1 else letter + str((code & 3) % kind.shapes)

    def read_piece(self, text: str, i: int, rank_name: str) -> tuple[int, int]:
        """Parse the piece written at ``text[i:]``; return (code, next index) or raise PositionError."""
        kind = _kind_at(self, text, i)
        if kind is None:
            listing = ", ".join(f"{k.letter} {k.name}" for k in self.pieces.kinds)
            raise PositionError(
                f"{rank_name}: unknown piece letter {shown(text[i], 5)}: not a {self.title} piece "
                f"({listing}; upper case {self.side_names[0]}, lower case {self.side_names[1]})"
            )
        color = 0 if text[i].isupper() else 1
        i += len(kind.letter)
        if kind.shapes == 1:  # no orientation digit: a digit after it counts empty squares
            return kind.number << 3 | color << 2, i
        digits = "0123"[: kind.shapes]
        if i >= len(text) or text[i] not in digits:
            raise PositionError(
                f"{rank_name}: the {kind.name} ({kind.letter if not color else kind.letter.lower()}) "
                f"needs its orientation digit {' or '.join(digits)} after it"
            )
        return kind.number << 3 | color << 2 | int(text[i]), i + 1

    @property
    def kind_letters(self) -> dict[int, str]:
        return {k.number: k.letter for k in self.pieces.kinds}

    # ------------------------------------------------------------ position strings
    def parse_state(self, text: str, options: RuleOptions | None = None, check: bool = True) -> State:
        """Board, side to move, actions made this turn and extra state from a position string.

        Rule sets whose strings carry more than placement and side override this and
        :meth:`position_fen` together; placement and side come first, and the later fields
        should be optional (the editor writes placement and side). ``check=False`` reads the
        form only (no rule problems: the editor's half-built positions).
        """
        board, turn = self.parse_fen(text, check, options)
        return board, turn, 0, None

    def position_fen(self, pos: Position) -> str:
        """The position string of a position (rule sets with more state extend it)."""
        return self.board_fen(pos.board, pos.turn)

    def parse_fen(
        self, text: str, check: bool = True, options: RuleOptions | None = None
    ) -> tuple[list[int], int]:
        """Board and side to move from placement and side; raises PositionError naming the fault.

        ``check=False`` only reads the placement (no piece-count or placement rules): for showing
        a finished game's last position, where a royal piece may be gone.
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
        board = self.read_placement(placement)
        if check:
            self.check_board(board, options)
        return board, self.side_letters.index(side)

    def read_placement(self, placement: str) -> list[int]:
        """The board a placement describes (ranks from the top, separated by '/')."""
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
            x = i = 0
            while i < len(rank_text):
                if is_ascii_digit(rank_text[i]):
                    j = i
                    while j < len(rank_text) and is_ascii_digit(rank_text[j]):
                        j += 1
                    if rank_text[i] == "0":
                        raise PositionError(
                            f"{rank_name}: '{rank_text[i:j]}' is not a valid count of empty squares"
                        )
                    x += int(rank_text[i:j])
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
        return board

    def board_fen(self, board: list[int], turn: int) -> str:
        """Placement and side to move of a board."""
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
    def move_text(self, move: Move) -> str:
        """The text of an action (the inverse of :meth:`parse_move_text`)."""
        return move.text(self.geometry.names, self.kind_letters)

    def parse_move_text(self, text: str, geo: Geometry) -> Move:
        """The action a text names (syntax only; legality is checked by the Position)."""
        if not text:
            raise InvalidMoveError("the move text is empty")
        if len(text) > MAX_MOVE_CHARS:
            raise InvalidMoveError(f"{shown(text, 30)} is too long to be a move")
        marked = self._parse_action_suffix(text, geo)
        if marked is not None:
            return marked
        squares, rotation = _squares_and_turn(text, geo)
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
        mark = next((m for m in ("*", ">", "=", "@") if m in text), None)
        if mark is None:
            return None
        head, _, tail = text.partition(mark)
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
        base = self.parse_move_text(head, geo)
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
        """May a rotation be a half turn (``U``)?"""
        return False

    def max_move_squares(self) -> int:
        """Most squares an action names (3: a swap and a second step, Leiserchess 2018)."""
        return 2


def _kind_at(variant: Notation, text: str, i: int) -> PieceKind | None:
    """The kind whose letter is written at ``text[i:]`` (the longest letter that fits)."""
    ch = text[i]
    if not (ch.isascii() and ch.isalpha()):
        return None
    found = None
    for kind in variant.pieces.kinds:
        letter = kind.letter
        if text[i : i + len(letter)].upper() == letter.upper() and (
            found is None or len(letter) > len(found.letter)
        ):
            found = kind
    return found


def _squares_and_turn(text: str, geo: Geometry) -> tuple[list[int], int]:
    """The squares named in ``text`` and the relative rotation letter at its end (0 for none)."""
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
    return squares, rotation


__all__ = ["Notation", "State"]
