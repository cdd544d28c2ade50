"""Lousy Chess (rules/lousychess.md): 5×6 chess with no laser, king capture, forced promotion.

The six chessmen move as in chess, plus the Bishop's orthogonal step to an empty square; pawns
step one square and capture diagonally forward; a pawn reaching the last rank becomes a Queen at
once — a *promoted* Queen, its own kind (:data:`PROMOTED`), because the scripted engines treat it
differently (rules/lousychess.md §5). There is no check: capturing the King wins, a side with no
move loses, and the game is drawn after Black's 40th move. The ply count since the start is the
variant's extra state (it decides the draw, so it is part of the position string and the hash).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from game.errors import InvalidMoveError, PositionError
from game.geometry import Geometry, geometry
from game.limits import shown
from game.move import Move
from game.outcome import Outcome, Termination
from game.pieceset import STOP, Optic, PieceKind, PieceSet
from game.variants.base import Problem, RuleOptions, Variant
from game.variants.notation import State
from game.variants.presentation import Controls, Presentation
from game.variants.profile import SPREAD_LOW_LEVELS, EngineProfile

if TYPE_CHECKING:
    from game.position import ActionWriter, Position

GEO = geometry(5, 6, 1)
WIDTH, HEIGHT = GEO.width, GEO.height
WHITE, BLACK = 0, 1
# Kind numbers above the built-in Khet/Leiserchess ones (1-7), so Piece.from_code never reads a
# chessman as a Sphinx.
KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN, PROMOTED = range(9, 16)
MAX_PLIES = 80  # drawn after Black's 40th move
START = "kqbnr/ppppp/5/5/PPPPP/RNBQK w 1"


def _still(orientation: int, travel: int, charge: int) -> Optic:
    return STOP  # no beams in this game; every table still needs an answer


def _kind(number: int, letter: str, name: str, value: int, **kw: Any) -> PieceKind:
    kw.setdefault("drawing", "chess-" + name.lower())  # the GUI's chessmen (gui/art/chessmen.py)
    return PieceKind(
        number, letter, name, _still, shapes=1, can_rotate=False, captures=True, value=value, **kw
    )


LOUSY_PIECES = PieceSet(
    (
        _kind(KING, "K", "King", 0, royal=True),
        _kind(QUEEN, "Q", "Queen", 900),
        _kind(ROOK, "R", "Rook", 500),
        _kind(BISHOP, "B", "Bishop", 330),
        _kind(KNIGHT, "N", "Knight", 300),
        _kind(PAWN, "P", "Pawn", 100),
        # Written "Q~" in position strings (crazyhouse's mark for a promoted piece).
        _kind(PROMOTED, "Q~", "Promoted queen", 900, drawing="chess-queen", plural="Promoted queens"),
    )
)
LETTERS = {KING: "K", QUEEN: "Q", ROOK: "R", BISHOP: "B", KNIGHT: "N", PAWN: "P", PROMOTED: "Q~"}
READ = {"K": KING, "Q": QUEEN, "R": ROOK, "B": BISHOP, "N": KNIGHT, "P": PAWN}
NAMES = {KING: "King", QUEEN: "Queen", ROOK: "Rook", BISHOP: "Bishop", KNIGHT: "Knight", PAWN: "Pawn"}
NAMES[PROMOTED] = "Queen"

# Square tables: sq = rank * 5 + file, rank 0 = rank 1.
ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAG = ((1, 1), (1, -1), (-1, -1), (-1, 1))
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def _on(x: int, y: int) -> bool:
    return 0 <= x < WIDTH and 0 <= y < HEIGHT


def _steps(deltas: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(GEO.size):
        x, y = sq % WIDTH, sq // WIDTH
        out.append(tuple((y + dy) * WIDTH + x + dx for dx, dy in deltas if _on(x + dx, y + dy)))
    return tuple(out)


def _rays(deltas: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for sq in range(GEO.size):
        x, y = sq % WIDTH, sq // WIDTH
        rays = []
        for dx, dy in deltas:
            ray = []
            cx, cy = x + dx, y + dy
            while _on(cx, cy):
                ray.append(cy * WIDTH + cx)
                cx += dx
                cy += dy
            if ray:
                rays.append(tuple(ray))
        out.append(tuple(rays))
    return tuple(out)


KING_TARGETS = _steps(ORTHO + DIAG)
KNIGHT_TARGETS = _steps(KNIGHT_STEPS)
ORTHO_STEPS = _steps(ORTHO)
ROOK_RAYS = _rays(ORTHO)
BISHOP_RAYS = _rays(DIAG)
QUEEN_RAYS = _rays(ORTHO + DIAG)
# Per colour: the square straight ahead (-1 off the board) and the two diagonal capture squares.
PAWN_PUSH = tuple(
    tuple(
        sq + WIDTH * (1 - 2 * c) if 0 <= sq // WIDTH + (1 - 2 * c) < HEIGHT else -1 for sq in range(GEO.size)
    )
    for c in (WHITE, BLACK)
)
PAWN_TAKES = tuple(_steps(((-1, 1 - 2 * c), (1, 1 - 2 * c))) for c in (WHITE, BLACK))
LAST_RANK = (HEIGHT - 1, 0)
SLIDER_RAYS = {QUEEN: QUEEN_RAYS, PROMOTED: QUEEN_RAYS, ROOK: ROOK_RAYS, BISHOP: BISHOP_RAYS}


def is_light(sq: int) -> bool:
    """a1 is dark: a square is light when file index + rank number is even (rules §1)."""
    return (sq % WIDTH + sq // WIDTH + 1) % 2 == 0


def piece_kind(code: int) -> int:
    """The kind of a piece code with a promoted Queen read as a Queen (for movement and art)."""
    kind = code >> 3
    return QUEEN if kind == PROMOTED else kind


def targets(board: list[int], sq: int) -> list[int]:
    """Every square the piece on ``sq`` may move to (pseudo-legal: there is no check)."""
    code = board[sq]
    color = code >> 2 & 1
    kind = code >> 3
    out: list[int] = []
    if kind == PAWN:
        t = PAWN_PUSH[color][sq]
        if t >= 0 and not board[t]:
            out.append(t)
        for t in PAWN_TAKES[color][sq]:
            q = board[t]
            if q and q >> 2 & 1 != color:
                out.append(t)
        return out
    if kind in (KNIGHT, KING):
        for t in (KNIGHT_TARGETS if kind == KNIGHT else KING_TARGETS)[sq]:
            q = board[t]
            if not q or q >> 2 & 1 != color:
                out.append(t)
        return out
    for ray in SLIDER_RAYS[kind][sq]:
        for t in ray:
            q = board[t]
            if q:
                if q >> 2 & 1 != color:
                    out.append(t)
                break
            out.append(t)
    if kind == BISHOP:
        out.extend(t for t in ORTHO_STEPS[sq] if not board[t])
    return out


class LousyChess(Variant):
    """The rule set of rules/lousychess.md (the scripted engines are in game/scripted.py)."""

    name = "lousychess"
    title = "Lousy Chess"
    geometry = GEO
    side_names = ("White", "Black")
    side_letters = ("w", "b")
    pieces = LOUSY_PIECES
    setups = {"Start": START}
    king_kill_is_leaf = True
    presentation = Presentation(
        description=(
            "Chess on 5×6 squares with no check: capture the King to win. Bishops may also step "
            "to an adjacent empty square; pawns promote to a Queen; drawn after 40 moves each."
        ),
        square_colours=True,
        controls=Controls(turn=False),  # chessmen never turn, fire or pass
    )
    engine = EngineProfile(
        search="game.search.eval_lousychess:LousyProfile", level_overrides=SPREAD_LOW_LEVELS, scripted=True
    )

    # ------------------------------------------------------------ moves
    def generate(self, pos: Position) -> list[int]:
        if ply_of(pos) >= MAX_PLIES:
            return []
        board = pos.board
        turn = pos.turn
        out: list[int] = []
        for sq, code in enumerate(board):
            if code and code >> 2 & 1 == turn:
                out.extend(sq | t << 8 for t in targets(board, sq))
        return out

    def apply(self, pos: Position, move: Move, w: ActionWriter) -> None:
        frm, to = move.from_square, move.to_square
        w.step(frm, to)
        code = pos.board[to]
        if code >> 3 == PAWN and to // WIDTH == LAST_RANK[code >> 2 & 1]:
            w.promote(to, PROMOTED)
        w.set_extra((ply_of(pos) + 1,))

    def no_moves_outcome(self, pos: Position) -> Outcome:
        if ply_of(pos) >= MAX_PLIES:
            return Outcome.draw(Termination.MOVE_LIMIT)
        return Outcome.win(1 - pos.turn, Termination.NO_MOVES)

    def initial_extra(self, board: list[int]) -> tuple[int, ...]:
        return (0,)

    def illegal_reason(self, pos: Position, move: Move) -> str:
        names = GEO.names
        if pos.loser >= 0:
            return "the game is over: a King has been captured"
        if ply_of(pos) >= MAX_PLIES:
            return "the game is over: drawn after 40 moves each"
        frm, to = move.from_square, move.to_square
        code = pos.board[frm]
        if not code:
            return f"there is no piece on {names[frm]}"
        color = code >> 2 & 1
        piece = f"the {self.side_names[color]} {NAMES[code >> 3]} on {names[frm]}"
        if color != pos.turn:
            return f"{piece} is not yours; {self.side_names[pos.turn]} is to move"
        if move.code != Move(frm, to).code:
            return "a move is just from-square and to-square, e.g. b1-c3 (promotion is automatic)"
        target = pos.board[to]
        if target and target >> 2 & 1 == color:
            return f"{names[to]} holds your own {NAMES[target >> 3]}"
        kind = code >> 3
        if kind == PAWN:
            return "a pawn steps one square straight ahead to an empty square, or captures diagonally ahead"
        if kind == BISHOP and to in ORTHO_STEPS[frm] and target:
            return "a bishop's orthogonal step goes to an empty square only (it never captures that way)"
        if kind in SLIDER_RAYS and any(to in ray for ray in SLIDER_RAYS[kind][frm]):
            return f"a piece stands in the way between {names[frm]} and {names[to]}"
        return f"a {NAMES[kind]} cannot move from {names[frm]} to {names[to]}"

    # ------------------------------------------------------------ text
    def move_text(self, move: Move) -> str:
        names = GEO.names
        return f"{names[move.from_square]}-{names[move.to_square]}"

    def parse_move_text(self, text: str, geo: Geometry) -> Move:
        if not text:
            raise InvalidMoveError("the move text is empty")
        m = _MOVE.fullmatch(text.strip().lower())
        if m is None:
            raise InvalidMoveError(f"{shown(text, 30)} is not a move: write from-to, e.g. b1-c3 (or b1c3)")
        frm, to = GEO.parse_square(m.group(1)), GEO.parse_square(m.group(2))
        if frm is None or to is None:
            raise InvalidMoveError(f"{shown(text, 30)}: the board has files a-e and ranks 1-6")
        if frm == to:
            raise InvalidMoveError(f"{shown(text, 30)}: a move goes to another square")
        return Move(frm, to)

    def read_piece(self, text: str, i: int, rank_name: str) -> tuple[int, int]:
        ch = text[i]
        kind = READ.get(ch.upper()) if ch.isascii() and ch.isalpha() else None
        if kind is None:
            raise PositionError(
                f"{rank_name}: unknown piece letter {shown(ch, 5)} (use K Q R B N P, upper case for "
                f"White, lower case for Black; Q~ for a promoted Queen)"
            )
        color = WHITE if ch.isupper() else BLACK
        if i + 1 < len(text) and text[i + 1] == "~":
            if kind != QUEEN:
                raise PositionError(f"{rank_name}: only a Queen can be marked promoted (Q~), not {ch}~")
            return PROMOTED << 3 | color << 2, i + 2
        return kind << 3 | color << 2, i + 1

    def parse_state(self, text: str, options: RuleOptions | None = None, check: bool = True) -> State:
        board, turn = self.parse_fen(text, check, options)
        parts = text.split()
        number = _move_number(parts[2]) if len(parts) == 3 else 1
        ply = 2 * (number - 1) + turn
        if ply > MAX_PLIES:
            raise PositionError(f"move {number} is past the end of the game (drawn after move 40)")
        return board, turn, 0, (ply,)

    def parse_fen(
        self, text: str, check: bool = True, options: RuleOptions | None = None
    ) -> tuple[list[int], int]:
        """Placement and side to move; the move number after them is checked and skipped."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) == 3:
            _move_number(parts[2])
            text = " ".join(parts[:2])
        return super().parse_fen(text, check, options)

    def position_fen(self, pos: Position) -> str:
        return f"{self.board_fen(pos.board, pos.turn)} {ply_of(pos) // 2 + 1}"

    def problems(self, board: list[int]) -> list[Problem]:
        found: list[Problem] = []
        names = GEO.names
        kings = [0, 0]
        for sq, code in enumerate(board):
            if not code:
                continue
            kind, color = code >> 3, code >> 2 & 1
            if kind == KING:
                kings[color] += 1
            elif kind == PAWN and sq // WIDTH in (0, HEIGHT - 1):
                side = self.side_names[color]
                message = f"the {side} pawn on {names[sq]} stands on the first or last rank"
                found.append(Problem("error", message, squares=(sq,)))
        for color in (WHITE, BLACK):
            if kings[color] != 1:
                side = self.side_names[color]
                found.append(Problem("error", f"{side} has {kings[color]} Kings; exactly one is needed"))
        return found


def _move_number(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3 or int(text) < 1:
        raise PositionError(f"the move number must be a whole number from 1, not {shown(text)}")
    return int(text)


_MOVE = re.compile(r"([a-z][0-9]{1,2})-?([a-z][0-9]{1,2})")


def ply_of(pos: Position) -> int:
    """Plies played since the start of the game (0 at the start; 80 ends it in a draw)."""
    extra = pos.extra
    return extra[0] if extra else 0


def move_number(pos: Position) -> int:
    """The full-move number (1 at the start; Black's reply has the same number as White's move)."""
    return ply_of(pos) // 2 + 1


LOUSYCHESS = LousyChess()
