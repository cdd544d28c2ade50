"""A game line: the one history of a game, read by every screen that shows it.

A line is built once from a record (each move parsed and checked, then pushed once) or extended by
each live push, and each ply keeps what showing it needs: the action, its texts (the rules'
notation and the readable one with swaps and shot victims), who made it, the effects report the
real push returned, both clocks after it, the pieces each side has lost so far, and a snapshot of
the board. So the live game, browsing back in it, a resumed game, the replay, analysis and export
all read the same facts, and clocks, captured pieces, "who moved" and "has moved" are computed once,
from the effects and the rule set's turn structure (a turn may be several actions), never from
the parity of a ply.

Clocks: a side's time for a turn is the sum of its actions' times, charged as they are made; the
increment is added once, when its turn ends. With ``TimeControl.waits`` a side's first turn is
not on its clock (lichess's "the clock starts after the first move"). The time spent on a move
not yet made is the caller's (a session keeps it and writes it into the record when it saves).

Full moves are counted as players count them (:func:`full_moves`): a move is a turn of each side,
and a game the second side begins counts that turn as move 1. Plies are only for code.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.effects import Effects
from game.errors import IllegalMoveError, LaserChessError, RecordError
from game.move import Move
from game.pieces import Piece
from game.position import Position

if TYPE_CHECKING:
    from game.record import Game, TimeControl

SWAP = "\u21c4"  # e5⇄d6: the two pieces changed places
KILL = "\u00d7"  # ×h8: the shot destroyed the piece on h8
SELF_KILL = "self" + KILL  # self×j5: ... one of the mover's own pieces

Lost = tuple[tuple[Piece, ...], tuple[Piece, ...]]
Board = bytes | tuple[int, ...]


def full_moves(plies: int, first_turn: int = 0, sides: Sequence[int] | None = None) -> int:
    """How many full moves ``plies`` actions make, counting a started move as one. With ``sides``
    (who made each ply; a turn may be several) a move is a turn of each side; without them each
    ply is one turn (the rule sets of one action a turn)."""
    if plies <= 0:
        return 0
    if sides is None or len(sides) < plies:
        return (plies + first_turn + 1) // 2
    started = 1 if sides[0] else 0  # a game the second side begins counts that turn as move 1
    return started + sum(1 for i in range(plies) if not sides[i] and (i == 0 or sides[i - 1]))


def readable_text(names: Sequence[str], text: str, move: Move, effects: Effects) -> str:
    """``text`` (the rules' notation of ``move``) with what the action did: ``e5⇄d6`` for a swap,
    ``c4b3 ×h8`` for a piece the shot (or the landing) destroyed, ``self×j5`` for one of the
    mover's own."""
    frm, to = move.from_square, move.to_square
    if frm != to and any(m.frm == to and m.to == frm for m in effects.moved):
        head = names[frm]  # a swap: the piece on the target went back to where the mover stood
        text = f"{head}{SWAP}{text[len(head) :]}"
    marks = [
        f"{SELF_KILL if Piece.from_code(r.code).color == effects.color else KILL}{names[r.square]}"
        for r in effects.removed + effects.captured
    ]
    return " ".join([text, *marks])


def _snapshot(board: list[int]) -> Board:
    """The board kept compactly (a byte a square when every code fits in one)."""
    try:
        return bytes(board)
    except ValueError:
        return tuple(board)


@dataclass(frozen=True, slots=True)
class LinePly:
    """One action of the line and the position it led to."""

    move: Move
    text: str  # the rules' notation, as the record stores it
    readable: str  # with swaps and shot victims marked (the move list's text)
    side: int  # who made it
    effects: Effects  # what the real push did (animated by the board, read for captures)
    seconds: float  # how long it took
    clocks: tuple[float, float] | None  # each side's time left after it (None: no clock)
    lost: Lost  # the pieces each side has lost so far, in the order they fell
    board: Board  # the board after it
    turn: int  # the side to move after it
    number: int  # the full move it belongs to (1 for the first turn of each side)
    turns_done: tuple[int, int]  # whole turns each side has completed so far

    @property
    def turn_over(self) -> bool:
        return self.effects.turn_over


class GameLine:
    """The plies of one game from its start position, with the live position after the last one.

    Build it with :meth:`from_game` (a record) or from a start position and :meth:`push` each
    action; :meth:`pop` takes the last one back. When it is made from a :class:`~game.record.Game`
    the line keeps that record's moves in step (push appends, pop removes).
    """

    def __init__(
        self,
        start: Position,
        time_control: TimeControl | None = None,
        game: Game | None = None,
    ) -> None:
        self.start = start.copy(history=False)
        self.position = start.copy()
        self.time_control = time_control
        self.game = game
        self.plies: list[LinePly] = []
        self.problem: str | None = None  # why a record's moves stop early (from_game with partial)
        self._start_board = _snapshot(start.board)

    # ------------------------------------------------------------ building
    @classmethod
    def from_game(cls, game: Game, partial: bool = False) -> GameLine:
        """The line of a record: each move parsed (checked: it comes from a file) and pushed once.
        A move that cannot be played raises RecordError, or with ``partial`` ends the line there
        (:attr:`problem` says why), so a damaged record still shows what it can."""
        try:
            start = game.start_position()
        except LaserChessError as exc:
            raise RecordError(f"the start position is invalid: {exc}") from exc
        line = cls(start, game.time_control)
        pos = line.position
        for number, record in enumerate(game.moves, start=1):
            try:
                move = pos.parse_move(record.text)
                line._append(move, record.seconds, record.text)
            except LaserChessError as exc:
                reason = f"move {number} ({record.text}) cannot be played: {exc}"
                if not partial:
                    raise RecordError(reason) from exc
                line.problem = reason
                break
        line.game = game if line.problem is None else None  # a damaged record is only shown
        return line

    def push(self, move: Move, seconds: float = 0.0) -> LinePly:
        """Play ``move``, a legal action of the side to move (checked against the position's legal
        set, which the screen has asked for already: no generation), and keep it; the record, if
        any, gets it too."""
        pos = self.position
        if not pos.is_legal(move):
            raise IllegalMoveError(
                f"{pos.move_text(move)} is not legal here: {pos.variant.illegal_reason(pos, move)}"
            )
        ply = self._append(move, seconds, pos.move_text(move))
        if self.game is not None:
            self.game.add_move(ply.text, seconds, self.position.fen())
        return ply

    def _append(self, move: Move, seconds: float, text: str) -> LinePly:
        pos = self.position
        side = pos.turn
        effects = pos.push_unchecked(move)  # checked by the caller (push) or parsed (from_game)
        last = self.plies[-1] if self.plies else None
        turns = list(last.turns_done if last is not None else (0, 0))
        clocks = self._clocks_after(last, side, seconds, effects.turn_over, turns[side] == 0)
        lost = self.lost(len(self.plies))
        if effects.lost:
            gone = [list(lost[0]), list(lost[1])]
            for removal in effects.removed + effects.captured:
                piece = Piece.from_code(removal.code)
                gone[piece.color].append(piece)
            lost = (tuple(gone[0]), tuple(gone[1]))
        if effects.turn_over:
            turns[side] += 1
        number = 1 if last is None else last.number + (side == 0 and last.side == 1)
        ply = LinePly(
            move,
            text,
            readable_text(pos.geometry.names, text, move, effects),
            side,
            effects,
            round(float(seconds), 3),
            clocks,
            lost,
            _snapshot(pos.board),
            pos.turn,
            number,
            (turns[0], turns[1]),
        )
        self.plies.append(ply)
        return ply

    def _clocks_after(
        self, last: LinePly | None, side: int, seconds: float, turn_over: bool, first_turn: bool
    ) -> tuple[float, float] | None:
        tc = self.time_control
        if tc is None:
            return None
        clocks = list(last.clocks) if last is not None and last.clocks is not None else [tc.initial] * 2
        if not (tc.waits and first_turn):
            clocks[side] = max(0.0, clocks[side] - seconds)
        if turn_over:
            clocks[side] += tc.increment  # once a turn, however many actions it had
        return (clocks[0], clocks[1])

    def pop(self) -> LinePly:
        """Take the last action back (the record, if any, loses it too)."""
        ply = self.plies.pop()
        self.position.pop()
        if self.game is not None:
            self.game.undo_move(self.position.fen())
        return ply

    # ------------------------------------------------------------ reading
    def __len__(self) -> int:
        return len(self.plies)

    def __iter__(self) -> Iterator[LinePly]:
        return iter(self.plies)

    def __getitem__(self, index: int) -> LinePly:
        return self.plies[index]

    @property
    def first_turn(self) -> int:
        return self.start.turn

    @property
    def texts(self) -> list[str]:
        return [p.text for p in self.plies]

    @property
    def readables(self) -> list[str]:
        return [p.readable for p in self.plies]

    @property
    def sides(self) -> list[int]:
        return [p.side for p in self.plies]

    def board_at(self, ply: int) -> list[int]:
        """The board after ``ply`` actions (0: the start), from its snapshot."""
        return list(self.plies[ply - 1].board if ply > 0 else self._start_board)

    def turn_at(self, ply: int) -> int:
        return self.plies[ply - 1].turn if ply > 0 else self.start.turn

    def clocks_at(self, ply: int) -> tuple[float, float] | None:
        """Each side's time left after ``ply`` actions (the time control's start at ply 0)."""
        if ply > 0:
            return self.plies[ply - 1].clocks
        tc = self.time_control
        return None if tc is None else (tc.initial, tc.initial)

    def lost(self, ply: int | None = None) -> Lost:
        """The pieces each side (by colour) has lost after ``ply`` actions (default: all)."""
        ply = len(self.plies) if ply is None else ply
        return self.plies[ply - 1].lost if ply > 0 else ((), ())

    def captured_by(self, color: int, ply: int | None = None) -> tuple[Piece, ...]:
        """The opponent's pieces that fell while ``color`` played (shown beside its name)."""
        return self.lost(ply)[1 - color]

    def turns_done(self, ply: int | None = None) -> tuple[int, int]:
        ply = len(self.plies) if ply is None else ply
        return self.plies[ply - 1].turns_done if ply > 0 else (0, 0)

    def has_moved(self, color: int, ply: int | None = None) -> bool:
        """Has ``color`` completed a turn (all its actions) by ply ``ply`` (default: now)?"""
        return self.turns_done(ply)[color] > 0

    def moved_by(self, colors: Sequence[int]) -> bool:
        """Has any of ``colors`` made an action in this line?"""
        return any(p.side in colors for p in self.plies)

    def last_move_squares(self, ply: int | None = None) -> tuple[int, ...]:
        """The squares of the action that led to ply ``ply`` (tinted on the board)."""
        ply = len(self.plies) if ply is None else ply
        if ply <= 0:
            return ()
        m = self.plies[ply - 1].move
        return tuple(dict.fromkeys(s for s in (m.from_square, m.to_square, m.then_square) if s is not None))

    def full_move(self, ply: int | None = None) -> int:
        """The full move (players' counting) that ply ``ply`` belongs to; 0 at the start."""
        ply = len(self.plies) if ply is None else ply
        return self.plies[ply - 1].number if ply > 0 else 0

    @property
    def several_actions(self) -> bool:
        """Does a side make several actions in a row somewhere in this line?"""
        return any(a.side == b.side for a, b in zip(self.plies, self.plies[1:], strict=False))

    def position_at(self, ply: int) -> Position:
        """An independent position after ``ply`` actions, with its history (the moves are known
        legal: pushed again without checks)."""
        if ply >= len(self.plies):
            return self.position.copy()
        pos = self.start.copy()
        for p in self.plies[:ply]:
            pos.push_code(p.move.code)
        return pos

    def fen_at(self, ply: int) -> str:
        return self.position_at(ply).fen() if ply < len(self.plies) else self.position.fen()
