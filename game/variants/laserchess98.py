"""LaserChess 98 (rules/laserchess98.md): fired lasers, half-actions, splitting and charging beams.

Eight kinds on an 8×8 board; Blue (bottom) moves first. A turn is one piece move, or two
half-actions (rotate a piece to another shape, fire one of one's Lasers) in any mix, so a turn is
up to two pushed actions (``turn_actions = 2``; ``Position.part`` is 1 between the two halves).
Beams are traced by the core's stepped tracer (game/laser.py ``trace_beams``) with this set's
optics and :data:`BEAM_RULES`: charge (Straight Mirrors raise it, Chargers set it to full),
explosions that block for two steps, ten hits per reflecting surface a turn, a 10,000-step cap.

The extra state is one int: a bit per square holding a Pawn that has not moved yet (its double
step). Position strings: ``placement side halves-left unmoved-pawns`` (docs/rules/laserchess98.md).
"""

from __future__ import annotations

from game.effects import Change
from game.errors import PositionError
from game.geometry import EAST, NORTH, SOUTH, WEST, geometry
from game.laser import BeamRules
from game.limits import shown
from game.move import ORIENTATION_LETTERS, Move
from game.outcome import Outcome, Termination
from game.pieceset import (
    KILL,
    PASS,
    STOP,
    Op,
    Optic,
    OpticsFn,
    PieceKind,
    PieceSet,
    back,
    reflect,
    split,
    turning,
)
from game.position import ActionWriter, Position
from game.variants.base import Problem, RuleOptions, Variant
from game.variants.notation import State
from game.variants.presentation import Controls, Presentation
from game.variants.profile import BEGINNER_SHALLOW, EngineProfile

GEO = geometry(8, 8, 1)
BLUE, RED = 0, 1
# Kind numbers above the built-in sets' (1-7) so no table or picture mistakes one for a Khet piece.
PAWN, DIAGONAL, STRAIGHT, SPLITTER, CHARGER, BLOCKER, LASER, KING = range(9, 17)
FULL = 2  # the charge of a "charged" (red) beam; 1 is half-charged (orange)


def _charged_kill(table: dict[int, Optic]) -> OpticsFn:
    """Optics at orientation 0 where a fully charged beam destroys the piece whatever it strikes."""
    return turning(lambda travel, charge: KILL if charge >= FULL else table[travel])


def _straight(travel: int, charge: int) -> Optic:
    """Straight Mirror at orientation 0 (surface east-west): parallel beams pass; a perpendicular
    one comes straight back one charge level higher (surface 0 = south face, 1 = north face),
    or, already charged, destroys it."""
    if travel in (EAST, WEST):
        return PASS
    if charge >= FULL:
        return KILL
    return back(travel, 1, 0 if travel == NORTH else 1)


def _always(answer: Optic) -> OpticsFn:
    return lambda orientation, travel, charge: answer


LC98_PIECES = PieceSet(
    (
        PieceKind(
            PAWN,
            "P",
            "Pawn",
            _charged_kill({NORTH: KILL, EAST: KILL, SOUTH: reflect(EAST, 0), WEST: reflect(NORTH, 0)}),
            value=100,
            drawing="lc98_pawn",
        ),
        PieceKind(
            DIAGONAL,
            "D",
            "Diagonal Mirror",
            _charged_kill(
                {
                    NORTH: reflect(EAST, 0),
                    WEST: reflect(SOUTH, 0),
                    EAST: reflect(NORTH, 1),
                    SOUTH: reflect(WEST, 1),
                }
            ),
            shapes=2,
            value=320,
            drawing="lc98_diagonal",
        ),
        PieceKind(
            STRAIGHT, "M", "Straight Mirror", turning(_straight), shapes=2, value=260, drawing="lc98_straight"
        ),
        PieceKind(
            SPLITTER,
            "S",
            "Beam Splitter",
            _charged_kill({SOUTH: split(EAST, WEST, surface=0), NORTH: KILL, EAST: KILL, WEST: KILL}),
            value=300,
            drawing="lc98_splitter",
        ),
        PieceKind(
            CHARGER,
            "C",
            "Charger",
            turning({NORTH: Optic(Op.PASS, charge=FULL), EAST: KILL, SOUTH: KILL, WEST: KILL}),
            captures=True,
            value=280,
            drawing="lc98_charger",
        ),
        PieceKind(
            BLOCKER,
            "B",
            "Blocker",
            lambda o, travel, charge: KILL if charge >= FULL else STOP,
            shapes=1,
            can_rotate=False,
            value=220,
            drawing="lc98_blocker",
        ),
        PieceKind(LASER, "L", "Laser", _always(KILL), emitter=True, value=450, drawing="lc98_laser"),
        PieceKind(
            KING,
            "K",
            "King",
            _always(KILL),
            shapes=1,
            royal=True,
            can_rotate=False,
            captures=True,
            value=0,
            drawing="lc98_king",
        ),
    ),
    max_charge=FULL,
)
SHAPES = [0] * 32
for _k in LC98_PIECES.kinds:
    SHAPES[_k.number] = _k.shapes
# A Pawn promotes to any piece but a King or a Pawn (a Pawn on the far rank could never move again).
PROMOTIONS = (DIAGONAL, STRAIGHT, SPLITTER, CHARGER, BLOCKER, LASER)
BEAM_RULES = BeamRules(explode_delay=2, surface_hits=10, step_cap=10_000)


def _jumps(offsets: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(GEO.size):
        x, y = GEO.file_of(sq), GEO.rank_of(sq)
        out.append(
            tuple(GEO.square(x + dx, y + dy) for dx, dy in offsets if 0 <= x + dx < 8 and 0 <= y + dy < 8)
        )
    return tuple(out)


KNIGHT = _jumps(((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)))


def _diagonal_rays() -> tuple[tuple[int, ...], ...]:
    rays = []
    for sq in range(GEO.size):
        x, y = GEO.file_of(sq), GEO.rank_of(sq)
        for dx, dy in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
            ray = []
            cx, cy = x + dx, y + dy
            while 0 <= cx < 8 and 0 <= cy < 8:
                ray.append(GEO.square(cx, cy))
                cx, cy = cx + dx, cy + dy
            rays.append(tuple(ray))
    return tuple(rays)


DIAGONAL_RAYS = _diagonal_rays()  # [sq << 2 | d], d = NE, SE, SW, NW
HOME_RANK = (1, 6)  # the ranks (indices) each side's Pawns start on
FAR_RANK = (7, 0)

START = (
    "m0bs2kl2s2c2d0/p2p0p2p2p0p2p2p2/8/8/8/8/P0P0P0P2P0P0P2P0/D0C0S0L0KS0BM0 b 2 "
    "a2b2c2d2e2f2g2h2a7b7c7d7e7f7g7h7"
)

SETUPS = {
    "Reconstructed layout": START,
    "Splitter cascade": "7k/1p03p02/8/8/8/1S11S21S32/8/3L03K b 2 -",
    "Charging corridor": "1m05k/8/8/8/D04D12/D1P02S2D02/8/1M02L02K b 2 -",
    "Charger and Blocker": "3k4/8/3b4/8/8/3C04/8/3L03K b 2 -",
    "Hit-count loop": "7k/7p2/2S12S22/8/8/2S0L11S32/P02D11D02/7K b 2 -",
}
SETUP_NOTES = {
    "Reconstructed layout": (
        "LaserChess 98 \u2014 reconstructed layout: the original board was never published"
    ),
    "Splitter cascade": "Fire d1: three splitters make four beams; two destroy the Red Pawns on b7 and f7",
    "Charging corridor": (
        "Fire e1: b3 explodes just in time for a beam to come back half-, then fully charged and break b8"
    ),
    "Charger and Blocker": "Fire d1: the charged beam breaks the Blocker on d6; fire again to hit the King",
    "Hit-count loop": "Fire d3: four splitters loop the beam until the tip of f3 takes its 11th hit",
}
# The Rules screen's sections this rule set adds to the generic ones.
RULES_TEXT = (
    (
        "promotion",
        "Promotion",
        "A Pawn that reaches the far rank is promoted as part of that move, keeping its orientation, "
        "to any piece but a King or a Pawn: the game asks which, and the piece's letter key chooses "
        "(written a7a8=D).",
    ),
)


class LaserChess98(Variant):
    """LaserChess 98 (see the module docstring and rules/laserchess98.md)."""

    name = "laserchess98"
    engine = EngineProfile(
        search="game.search.eval_laserchess98:Lc98Profile",
        # Easy keeps the common choice (within 120, temperature 45): with SPREAD_LOW_LEVELS' 60/20
        # it played Medium's moves at a tenth of the time, and Beginner no quiescence (shallow)
        level_overrides=BEGINNER_SHALLOW,
    )
    title = "LaserChess 98"
    geometry = GEO
    side_names = ("Blue", "Red")
    side_letters = ("b", "r")
    pieces = LC98_PIECES
    setups = SETUPS
    beam_rules = BEAM_RULES
    turn_actions = 2
    presentation = Presentation(
        description=(
            "Chess-like pieces with mirrors and lasers you fire yourself: a turn is one move or "
            "two half-actions (rotate, fire). Beams split, charge up (orange, red) and loop; "
            "destroy the enemy King. Start position reconstructed."
        ),
        setup_notes=SETUP_NOTES,
        rules_text=RULES_TEXT,
        # turn buttons (to the next orientation that way), a half turn, Fire, the promotion chooser
        controls=Controls(half_turn=True, rotate_to=True, fire=True, promotion=PROMOTIONS),
        turn_words=("Whole turn", "1 half-action left"),  # a move or two half-actions; then one
    )

    # ------------------------------------------------------------ actions
    def generate(self, pos: Position) -> list[int]:
        board = pos.board
        turn = pos.turn
        whole = pos.part == 0
        unmoved = pos.extra[0] if pos.extra else 0
        rays = GEO.rays
        up = 8 if turn == BLUE else -8
        far = FAR_RANK[turn]
        out: list[int] = []
        append = out.append
        for sq, p in enumerate(board):
            if not p or (p >> 2 & 1) != turn:
                continue
            kind = p >> 3
            if whole:
                if kind == PAWN:
                    for t in (sq + up, sq - up):
                        if 0 <= t < 64 and not board[t]:
                            if t >> 3 == far:
                                for promo in PROMOTIONS:
                                    append(t << 8 | sq | (promo + 1) << 31)
                            else:
                                append(t << 8 | sq)
                    if unmoved >> sq & 1:
                        t = sq + up
                        if not board[t] and not board[t + up]:
                            append((t + up) << 8 | sq)
                elif kind in (DIAGONAL, STRAIGHT):
                    for d in range(4):
                        for t in rays[sq << 2 | d]:
                            if board[t]:
                                break
                            append(t << 8 | sq)
                elif kind == SPLITTER:
                    for d in range(4):
                        for t in DIAGONAL_RAYS[sq << 2 | d]:
                            if board[t]:
                                break
                            append(t << 8 | sq)
                else:
                    targets = KNIGHT[sq] if kind in (CHARGER, BLOCKER) else GEO.neighbours[sq]
                    captures = kind in (CHARGER, KING)
                    for t in targets:
                        q = board[t]
                        if not q or (captures and (q >> 2 & 1) != turn and q >> 3 != KING):
                            append(t << 8 | sq)
            shapes = SHAPES[kind]
            if shapes > 1:
                now = (p & 3) % shapes
                for o in range(shapes):
                    if o != now:
                        append(sq << 8 | sq | (o + 1) << 27)
            if kind == LASER:
                append(sq << 8 | sq | 1 << 30)
        return out

    def apply(self, pos: Position, move: Move, w: ActionWriter) -> None:
        mask = pos.extra[0] if pos.extra else 0
        frm = move.from_square
        if move.fire:
            result = w.fire(frm)
            for sq, _code, _step in result.removed:
                mask &= ~(1 << sq)
            if pos.loser >= 0:
                w.end_turn()  # a King fell: the game is decided at once
        elif move.orientation is not None:
            w.rotate_to(frm, move.orientation)
        else:
            to = move.to_square
            w.step(frm, to)
            mask &= ~(1 << frm | 1 << to)
            if move.promotion is not None:
                w.promote(to, move.promotion)
                shapes = SHAPES[move.promotion]
                code = w.board[to]
                if (code & 3) >= shapes:  # a shape-less piece has orientation 0; mirrors 0 or 1
                    before = w.promoted[-1].before
                    w.put(to, code & ~3 | (code & 3) % shapes)
                    w.promoted[-1] = Change(to, before, w.board[to])
            w.end_turn()
        if pos.part == 0 and not w.turn_over and not self._has_half_action(w.board, pos.turn):
            w.end_turn()  # nothing left to rotate or fire: the turn ends after its first half
        w.set_extra((mask,))

    def action_cost(self, pos: Position, move: Move) -> int:
        """Answered from the rules, never by playing: a move is the whole turn; a rotation leaves
        the turned piece to turn again (one half-action); a fire ends the turn when a King falls
        or no piece of the side that can turn outlives the shot (its trace, no push)."""
        left = pos.actions_left
        if left <= 1:
            return left
        if not move.fire:
            return 1 if move.orientation is not None else left
        is_royal = self.is_royal
        removed = pos.beam_from(move.from_square).removed
        if any(is_royal[code] for _sq, code, _step in removed):
            return left
        board = list(pos.board)
        for sq, _code, _step in removed:
            board[sq] = 0
        return 1 if self._has_half_action(board, pos.turn) else left

    @staticmethod
    def _has_half_action(board: list[int], color: int) -> bool:
        return any(p and p >> 2 & 1 == color and SHAPES[p >> 3] > 1 for p in board)

    def rule_outcome(self, pos: Position) -> Outcome | None:
        """Stalemate (a draw): both Kings stand and no Laser and no Pawn is left on the board."""
        for p in pos.board:
            if p and (p >> 3 == LASER or p >> 3 == PAWN):
                return None
        return Outcome.draw(Termination.STALEMATE)

    def initial_extra(self, board: list[int]) -> tuple[int, ...]:
        """Every Pawn on its side's home rank counts as not moved yet."""
        return (_home_pawns(board),)

    def illegal_reason(self, pos: Position, move: Move) -> str:
        if pos.loser >= 0:
            return "the game is over"
        names = GEO.names
        frm = move.from_square
        code = pos.board[frm] if 0 <= frm < GEO.size else 0
        if not code:
            return f"there is no piece on {names[frm]}"
        if code >> 2 & 1 != pos.turn:
            return f"the piece on {names[frm]} is not {self.side_names[pos.turn]}'s"
        kind = self.pieces.kind(code)
        if move.fire:
            return (
                f"only a Laser fires; {names[frm]} holds a {kind.name}"
                if code >> 3 != LASER
                else "cannot fire"
            )
        if move.is_rotation:
            if not kind.can_rotate:
                return f"a {kind.name} cannot be rotated"
            if move.orientation is not None and kind.same_shape(move.orientation, code & 3):
                if move.orientation != code & 3:
                    other = ORIENTATION_LETTERS[(code & 3) % kind.shapes ^ 1]
                    return (
                        f"turned that way a {kind.name} keeps its shape; "
                        f"the other shape is {names[frm]}>{other}"
                    )
                return f"the {kind.name} already faces that way (a rotation must change its shape)"
            return "rotate to a named orientation, e.g. c2>E"
        if pos.part:
            return "the turn began with a half-action: finish it with a rotation or a fire"
        to = move.to_square
        if code >> 3 == PAWN and to >> 3 == FAR_RANK[pos.turn] and move.promotion is None:
            letters = ", ".join("=" + self.pieces.kind(k, False).letter for k in PROMOTIONS)
            return f"a Pawn reaching the far rank is promoted: add one of {letters}"
        if move.promotion is not None and (code >> 3 != PAWN or move.promotion not in PROMOTIONS):
            return "only a Pawn reaching the far rank is promoted, and never to a King or a Pawn"
        target = pos.board[to]
        if target and (target >> 2 & 1) == pos.turn:
            return f"{names[to]} holds one of your own pieces"
        if target and target >> 3 == KING:
            return "no piece may capture a King by landing on it"
        if target and not kind.captures:
            return f"a {kind.name} never captures by landing"
        return f"a {kind.name} does not move like that ({_MOVES[code >> 3]})"

    def problems(self, board: list[int]) -> list[Problem]:
        out = []
        for s in (BLUE, RED):
            kings = sum(1 for c in board if c and c >> 3 == KING and c >> 2 & 1 == s)
            if kings != 1:
                out.append(Problem("error", f"{self.side_names[s]} must have exactly one King, not {kings}"))
        for sq, c in enumerate(board):
            if c and c >> 3 == PAWN and sq >> 3 == FAR_RANK[c >> 2 & 1]:
                out.append(
                    Problem(
                        "error",
                        f"the {self.side_names[c >> 2 & 1]} Pawn on {GEO.names[sq]} "
                        "stands on its far rank unpromoted",
                    )
                )
        return out

    # ------------------------------------------------------------ text (pieces: the default notation)
    def parse_state(self, text: str, options: RuleOptions | None = None, check: bool = True) -> State:
        if not isinstance(text, str) or not text.strip():
            raise PositionError("the position string is empty")
        parts = text.split()
        if len(parts) not in (2, 4):
            raise PositionError(
                "a LaserChess 98 position is four fields: placement, side to move (b/r), "
                "half-actions left this turn (2 or 1) and the unmoved Pawns' squares (or -), "
                f"not {len(parts)} (placement and side alone mean a whole turn, every Pawn on its "
                "starting rank not moved yet)"
            )
        board, turn = self.parse_fen(" ".join(parts[:2]), check, options)
        if len(parts) == 2:  # the board editor's form: a whole turn, the Pawns' default state
            return board, turn, 0, None
        if parts[2] not in ("1", "2"):
            raise PositionError(
                "half-actions left must be 2 (a whole turn) or 1 (one half-action left), "
                f"not {shown(parts[2])}"
            )
        mask = 0
        field = parts[3]
        if field != "-":
            i = 0
            while i < len(field):
                sq = GEO.parse_square(field[i : i + 2])
                if sq is None:
                    raise PositionError(f"unmoved Pawns: {shown(field[i : i + 2])} is not a square")
                code = board[sq]
                if not code or code >> 3 != PAWN or sq >> 3 != HOME_RANK[code >> 2 & 1]:
                    raise PositionError(
                        f"unmoved Pawns: {GEO.names[sq]} does not hold a Pawn on its own side's starting rank"
                    )
                mask |= 1 << sq
                i += 2
        return board, turn, 2 - int(parts[2]), (mask,)

    def position_fen(self, pos: Position) -> str:
        extra = pos.extra
        mask = extra[0] if extra else 0
        unmoved = "".join(GEO.names[sq] for sq in range(GEO.size) if mask >> sq & 1) or "-"
        return f"{self.board_fen(pos.board, pos.turn)} {2 - pos.part} {unmoved}"


def _home_pawns(board: list[int]) -> int:
    mask = 0
    for sq, c in enumerate(board):
        if c and c >> 3 == PAWN and sq >> 3 == HOME_RANK[c >> 2 & 1]:
            mask |= 1 << sq
    return mask


_MOVES = {
    PAWN: "one square up or down, two up on its first move",
    DIAGONAL: "any distance orthogonally, not past a piece",
    STRAIGHT: "any distance orthogonally, not past a piece",
    SPLITTER: "any distance diagonally, not past a piece",
    CHARGER: "a knight's jump",
    BLOCKER: "a knight's jump",
    LASER: "one square in any direction",
    KING: "one square in any direction",
}

LASERCHESS98 = LaserChess98()
