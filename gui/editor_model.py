"""The board editor's working position, without any drawing: the placement, the side to move and
the rule set, every editing action with undo and redo, and the plain-language check of the result.

Rules come from the variant (``Variant.problems`` and the laser tracer); this module only phrases
them for the Check list and keeps the history.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.laser import Shot
from game.pieces import STANDARD_PIECES, code_color, code_kind_color, code_orientation
from game.pieceset import PieceSet
from game.position import Position
from game.variants import KHET, VARIANTS, get_variant
from game.variants.base import Variant

UNDO_LIMIT = 300
SQUARE_NAME = re.compile(r"\b([a-z])(\d{1,2})\b")


@dataclass(frozen=True)
class EditorState:
    """What undo and redo restore."""

    variant: str
    board: tuple[int, ...]
    turn: int


@dataclass(frozen=True)
class Check:
    """One line of the Check list: its kind ("error", "warning", "ok", "laser"), its words, and
    the squares it is about."""

    kind: str
    text: str
    squares: tuple[int, ...] = ()


@dataclass(frozen=True)
class Analysis:
    """Everything the Check list and the board overlay show for one position."""

    checks: tuple[Check, ...]
    errors: tuple[str, ...]  # rule errors: the position cannot be played or saved
    shots: tuple[Shot, ...]  # each side's laser as it would fire now (empty without both lasers)


def kind_name(kind: int, variant: Variant | None = None) -> str:
    """ "Sphinx", "Pyramid", "King" ... for a piece kind (named by the variant's piece set)."""
    pieces = variant.pieces if variant is not None else STANDARD_PIECES
    found = pieces.by_number.get(int(kind))
    return found.name if found is not None else f"piece {kind}"


def read_position(variant: Variant, text: str) -> tuple[list[int], int]:
    """Board and side to move from a position string, checking its form only: a half-built
    position (no Pharaoh yet, say) is fine here, since the editor lists rule problems itself.
    Raises PositionError (a ValueError) with a plain message."""
    board, turn, _part, _extra = variant.parse_state(" ".join(str(text).split()), check=False)
    return board, turn


def default_board(variant: Variant) -> list[int]:
    board, _turn, _part, _extra = variant.parse_state(variant.setup_fen())
    return board


def mirror_board(variant: Variant, board: list[int], source: int) -> tuple[list[int], list[int]]:
    """``source``'s pieces kept, the other side's replaced by their 180-degree image (square
    turned about the centre, facing turned half round; a Scarab keeps its a/b spelling).
    Returns the board and the squares of source pieces whose image falls on another source
    piece (those are left out)."""
    size = variant.geometry.size
    out = [c if c and code_color(c) == source else 0 for c in board]
    skipped: list[int] = []
    for sq, code in enumerate(board):
        if not code or code_color(code) != source:
            continue
        target = size - 1 - sq
        if out[target]:
            if target != sq:
                skipped.append(sq)
            continue
        kind, color = code_kind_color(code)
        other = variant.pieces.code_of(kind, 1 - color, code_orientation(code))
        out[target] = rotated(other, 2, variant.pieces)  # the other colour, turned half round
    return out, skipped


def rotated(code: int, turns: int, pieces: PieceSet = STANDARD_PIECES) -> int:
    """A piece code turned by quarter ``turns``, spelt with the lowest orientation of its shape
    (a two-sided mirror flips between its two diagonals, keeping the short a/b spelling)."""
    return pieces.turned(code, turns)


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class BoardEdit:
    """The position being edited and its undo history. Every action returns True if it changed
    something (and can then be undone)."""

    def __init__(self, variant: Variant | str = KHET, board: list[int] | None = None, turn: int = 0) -> None:
        self.variant: Variant = get_variant(variant) if isinstance(variant, str) else variant
        self.board: list[int] = list(board) if board is not None else default_board(self.variant)
        self.turn = turn
        self.undo_states: list[EditorState] = []
        self.redo_states: list[EditorState] = []
        self._stroke: EditorState | None = None

    # ------------------------------------------------------------ state and history
    @property
    def state(self) -> EditorState:
        return EditorState(self.variant.name, tuple(self.board), self.turn)

    def restore(self, state: EditorState) -> None:
        self.variant = get_variant(state.variant)
        self.board = list(state.board)
        self.turn = state.turn

    @property
    def fen(self) -> str:
        return self.variant.board_fen(self.board, self.turn)

    def change(
        self, board: list[int] | None = None, turn: int | None = None, variant: Variant | None = None
    ) -> bool:
        before = self.state
        if variant is not None:
            self.variant = variant
        if board is not None:
            self.board = list(board)
        if turn is not None:
            self.turn = turn
        if self.state == before:
            return False
        self._push_undo(before)
        return True

    def _push_undo(self, before: EditorState) -> None:
        self.undo_states.append(before)
        del self.undo_states[:-UNDO_LIMIT]
        self.redo_states.clear()

    def undo(self) -> bool:
        if not self.undo_states:
            return False
        self.redo_states.append(self.state)
        self.restore(self.undo_states.pop())
        return True

    def redo(self) -> bool:
        if not self.redo_states:
            return False
        self.undo_states.append(self.state)
        self.restore(self.redo_states.pop())
        return True

    def begin_stroke(self) -> None:
        """Several changes (an eraser sweep) that undo as one."""
        self._stroke = self.state

    def end_stroke(self) -> bool:
        before, self._stroke = self._stroke, None
        if before is None or before == self.state:
            return False
        self._push_undo(before)
        return True

    def clear_square(self, sq: int) -> bool:
        """Inside a stroke: remove a piece without a history entry of its own."""
        if not self.board[sq]:
            return False
        self.board[sq] = 0
        return True

    # ------------------------------------------------------------ actions
    def place(self, sq: int, code: int) -> bool:
        board = list(self.board)
        board[sq] = code
        return self.change(board)

    def erase(self, sq: int) -> bool:
        if not self.board[sq]:
            return False
        board = list(self.board)
        board[sq] = 0
        return self.change(board)

    def move(self, frm: int, to: int) -> bool:
        if frm == to or not self.board[frm]:
            return False
        board = list(self.board)
        board[to], board[frm] = board[frm], 0
        return self.change(board)

    def turns_matter(self, sq: int) -> bool:
        """False for a piece whose facing means nothing (one shape: a Khet Pharaoh)."""
        code = self.board[sq]
        kind = self.variant.pieces.get(code)
        return kind is not None and kind.facing and kind.shapes > 1

    def rotate(self, sq: int, turns: int) -> bool:
        if not self.turns_matter(sq):
            return False
        board = list(self.board)
        board[sq] = rotated(board[sq], turns, self.variant.pieces)
        return self.change(board)

    def empty(self) -> bool:
        return self.change([0] * self.variant.geometry.size)

    def set_turn(self, turn: int) -> bool:
        return self.change(turn=turn % 2)

    def mirror(self, source: int) -> list[int]:
        """Give the other side the 180-degree image of ``source``'s pieces; returns the squares
        that could not be mirrored (see :func:`mirror_board`)."""
        board, skipped = mirror_board(self.variant, self.board, source)
        self.change(board)
        return skipped

    def set_variant(self, name: str) -> bool:
        """Another rule set, starting from its default setup."""
        if name == self.variant.name or name not in VARIANTS:
            return False
        variant = get_variant(name)
        return self.change(default_board(variant), 0, variant)

    def load(self, fen: str) -> bool:
        """Read a position string (raises PositionError; nothing changes then)."""
        board, turn = read_position(self.variant, fen)
        return self.change(board, turn)

    # ------------------------------------------------------------ checking
    def counts(self) -> dict[tuple[int, int], int]:
        """(kind, colour) -> how many are on the board."""
        out: dict[tuple[int, int], int] = {}
        for code in self.board:
            if code:
                key = code_kind_color(code)
                out[key] = out.get(key, 0) + 1
        return out

    def analyse(self) -> Analysis:
        v = self.variant
        problems = v.problems(self.board)
        errors = tuple(p.message for p in problems if p.severity == "error")
        checks: list[Check] = []
        if not errors:
            checks.append(Check("ok", "Ready to play: the position follows the rules."))
        checks += [
            Check("error", sentence(p.message), p.squares or self.squares_in(p.message))
            for p in problems
            if p.severity == "error"
        ]
        beam_checks, shots = self._beams()
        checks += beam_checks
        checks += [
            Check("warning", sentence(p.message), p.squares or self.squares_in(p.message))
            for p in problems
            if p.severity == "warning"
        ]
        return Analysis(tuple(checks), errors, tuple(shots))

    def _beams(self) -> tuple[list[Check], list[Shot]]:
        """Where each side's laser would go now: hits first, then shots that leave the board."""
        v = self.variant
        lasers = v.find_lasers(self.board)
        if min(lasers) < 0:
            return [], []
        pos = Position(v, self.board, self.turn)
        hits: list[Check] = []
        clear: list[Check] = []
        shots: list[Shot] = []
        for color in (0, 1):
            trace = pos.beam_from(lasers[color])  # every beam of the shot (splits included)
            shots.extend(trace.beams)
            side = v.side_names[color]
            if trace.removed:
                victims = [self._piece_words(color, sq, code) for sq, code, _step in trace.removed]
                listed = victims[0] if len(victims) == 1 else ", ".join(victims[:-1]) + " and " + victims[-1]
                text = f"{side}'s laser, fired now, would destroy {listed}"
                losers = sorted({code_color(code) for _sq, code, _s in trace.removed if v.is_royal[code]})
                if len(losers) == 2:
                    text += f": both {v.royal_name}s fall, a draw"
                elif losers:
                    text += f": {v.side_names[losers[0]]} would lose"
                hits.append(Check("warning", text + ".", tuple(sq for sq, _c, _s in trace.removed)))
                continue
            stops = [b.hit_square for root in trace.beams for b in root.walk() if b.hit_piece]
            sq = next((s for s in stops if s is not None), None)
            if sq is None:
                clear.append(Check("laser", f"{side}'s laser leaves the board."))
                continue
            words = self._piece_words(color, sq, self.board[sq])
            hits.append(Check("laser", f"{side}'s laser stops harmlessly on {words}.", (sq,)))
        return hits + clear, shots

    def _piece_words(self, color: int, sq: int, code: int) -> str:
        """``its own Block on g2`` / ``the Red King on e9``, as seen from ``color``'s laser."""
        v = self.variant
        owner = "its own" if code_color(code) == color else f"the {v.side_names[code_color(code)]}"
        return f"{owner} {v.piece_name(code)} on {v.geometry.names[sq]}"

    def squares_in(self, text: str) -> tuple[int, ...]:
        geo = self.variant.geometry
        out = []
        for match in SQUARE_NAME.finditer(text):
            sq = geo.parse_square(match.group(0))
            if sq is not None:
                out.append(sq)
        return tuple(out)


__all__ = [
    "Analysis",
    "BoardEdit",
    "Check",
    "EditorState",
    "default_board",
    "kind_name",
    "mirror_board",
    "read_position",
    "rotated",
    "sentence",
]
