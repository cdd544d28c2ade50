"""Laser Chess (Compute!, 1987): two actions a turn, the hypersquare e5 and the Hypercube.

The spec is ``rules/laserchess87.md``. A turn is two actions: a one-square orthogonal move, a
rotation to any orientation or a fire (once a turn); a two-square straight move or a diagonal step
costs both. Only the King and the Blocks capture by landing (enemy pieces, once a turn). The
Hypercube may move onto any piece, which chance sends to an empty square; a piece moving onto the
hypersquare e5 vanishes and chance puts it on an empty square. Each chance outcome is its own
action code (``Move.chance`` = the square), so a record and an undo are exact; who draws the
outcome (the game's seeded generator, never the engine) is :mod:`game.chance`'s business.

A shot runs on a static board with one loop guard shared by all its beams (at most three at
once, after splits); e5 absorbs beams; everything struck falls when the shot ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.chance import DECISION
from game.effects import PieceMove
from game.errors import PositionError
from game.geometry import EAST, NORTH, SOUTH, WEST, geometry
from game.laser import BeamRules
from game.limits import shown
from game.move import ORIENTATION_LETTERS, Move, encode
from game.outcome import Outcome, Termination
from game.pieceset import KILL, PASS, Optic, OpticsFn, PieceKind, PieceSet, back, reflect, split, turning
from game.position import ActionWriter, Position
from game.variants.base import Problem, RuleOptions, Variant
from game.variants.notation import State
from game.variants.options import option
from game.variants.presentation import Controls, Presentation
from game.variants.profile import EngineProfile

GEO = geometry(9, 9, 1)
HYPERSQUARE = GEO.at("e5")
GREEN, RED = 0, 1

# Kind numbers (above the built-in Khet/Leiserchess numbers so no screen mistakes them for those).
KING, LASER, HYPERCUBE, BLOCK, DIAGONAL, STRAIGHT, SPLITTER, TRIANGLE = range(9, 17)

# Once-a-turn things already used this turn: the variant's extra state (one int, hashed).
FIRED, CAPTURED, DISPLACED, HYPERED = 1, 2, 4, 8
USED_LETTERS = ((FIRED, "f"), (CAPTURED, "c"), (DISPLACED, "x"), (HYPERED, "h"))


def _always(answer: Optic) -> OpticsFn:
    return lambda orientation, travel, charge: answer


# §3's beam table, o = 0 column, by direction of travel; each turns with the piece (``turning``).
PIECES = PieceSet(
    (
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
            drawing="lc-king",
        ),
        PieceKind(LASER, "L", "Laser", _always(KILL), emitter=True, value=400, drawing="lc-laser"),
        PieceKind(
            HYPERCUBE,
            "H",
            "Hypercube",
            _always(PASS),
            shapes=1,
            can_rotate=False,
            indestructible=True,
            value=250,
            drawing="lc-hypercube",
        ),
        PieceKind(
            BLOCK,
            "B",
            "Block",
            turning({NORTH: KILL, EAST: KILL, SOUTH: back(SOUTH, surface=0), WEST: KILL}),
            captures=True,
            value=150,
            drawing="lc-block",
        ),
        PieceKind(
            DIAGONAL,
            "D",
            "Diagonal mirror",
            turning(
                {
                    NORTH: reflect(EAST, 0),
                    EAST: reflect(NORTH, 0),
                    SOUTH: reflect(WEST, 1),
                    WEST: reflect(SOUTH, 1),
                }
            ),
            shapes=2,
            indestructible=True,
            value=300,
            drawing="lc-diagonal",
            plural="Diagonal mirrors",
        ),
        PieceKind(
            STRAIGHT,
            "S",
            "Straight mirror",
            turning({NORTH: back(NORTH, surface=0), EAST: PASS, SOUTH: back(SOUTH, surface=1), WEST: PASS}),
            shapes=2,
            indestructible=True,
            value=200,
            drawing="lc-straight",
            plural="Straight mirrors",
        ),
        PieceKind(
            SPLITTER,
            "X",
            "Beam splitter",
            turning(
                {
                    NORTH: split(EAST, WEST, surface=0),
                    EAST: reflect(SOUTH, 1),
                    SOUTH: KILL,
                    WEST: reflect(SOUTH, 2),
                }
            ),
            value=350,
            drawing="lc-splitter",
            plural="Beam splitters",
        ),
        PieceKind(
            TRIANGLE,
            "T",
            "Triangular mirror",
            turning({NORTH: KILL, EAST: reflect(NORTH, 0), SOUTH: reflect(WEST, 0), WEST: KILL}),
            value=100,
            drawing="lc-triangle",
            plural="Triangular mirrors",
        ),
    )
)

START_COUNTS = {KING: 1, LASER: 1, HYPERCUBE: 1, BLOCK: 4, DIAGONAL: 2, STRAIGHT: 2, SPLITTER: 1, TRIANGLE: 6}
START = "t2t2d1l2khd0t3t3/t3b2b2x2s0s1b2b2t2/9/9/9/9/9/T0B0B0S1S0X0B0B0T1/T1T1D0HKL0D1T0T0 g"

# The Rules screen's text where the generic one (one move, then the laser fires) does not fit.
RULES_TEXT = (
    (
        "goal",
        "Goal",
        "Destroy the enemy King: with a shot of your Laser (firing is one of your actions), or by "
        "landing on it with your King or a Block. A beam does not care whose piece it hits: your own "
        "King in your own beam loses too, and both Kings in one shot is a draw.",
    ),
    (
        "moves",
        "Two actions a turn",
        "A turn is two actions, each one of: move a piece one square straight; rotate a piece to any "
        "orientation (not the King or the Hypercube; the mirrors have two); fire your Laser (once a "
        "turn). A two-square straight move or a diagonal step costs both actions (the middle or a "
        "corner square must be empty and not e5). Only the King and the Blocks capture, by landing on "
        "an enemy piece, once a turn. The tag on your card says how many actions are left.",
    ),
    (
        "laser",
        "The laser",
        "A shot runs on a board that does not change while it runs: a struck piece stays until the "
        "shot ends and still turns the other beams. A beam on a splitter's apex splits in two; a beam "
        "ends where any beam of the shot already went the same way, so a shot has at most three beams. "
        "The hypersquare absorbs beams. Everything struck is removed when the shot ends, your own "
        "pieces too. Point at a move to see its shot.",
    ),
    (
        "hypersquare",
        "The hypersquare",
        "A piece that moves onto e5 (the violet square) vanishes and reappears on a random empty "
        "square, once a turn. The game draws the square and writes it in the move: e4e5@c7.",
    ),
    (
        "chance",
        "The Hypercube",
        "The Hypercube may move onto any piece of either colour; that piece is sent to a random empty "
        "square (once a turn), written d1e1@e4. Beams pass through the Hypercube and never destroy it.",
    ),
)

_DIAGONALS = ((1, 1), (1, -1), (-1, -1), (-1, 1))


def _diagonal_steps() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per square: (target, corner, corner) of each diagonal step that stays on the board."""
    out = []
    for sq in range(GEO.size):
        x, y = GEO.file_of(sq), GEO.rank_of(sq)
        steps = []
        for dx, dy in _DIAGONALS:
            if 0 <= x + dx < GEO.width and 0 <= y + dy < GEO.height:
                steps.append((GEO.square(x + dx, y + dy), GEO.square(x + dx, y), GEO.square(x, y + dy)))
        out.append(tuple(steps))
    return tuple(out)


DIAGONAL_STEPS = _diagonal_steps()
STEP = GEO.step
ROTATABLE = {k.number: k.shapes for k in PIECES.kinds if k.can_rotate}
CAPTURES = frozenset(k.number for k in PIECES.kinds if k.captures)


def used_of(pos: Position) -> int:
    extra = pos.extra
    return extra[0] if extra else 0


def action_cost(frm: int, to: int) -> int:
    """Actions a move from ``frm`` to ``to`` costs: 1 for one square orthogonally, else 2."""
    return 1 if abs(frm - to) in (1, GEO.width) and to in STEP[frm << 2 : frm * 4 + 4] else 2


@dataclass(frozen=True, eq=False)
class LaserChess87Options(RuleOptions):
    """Laser Chess 1987's rule option: who moves first."""

    red_first: bool = option(
        False,
        "Red moves first",
        "The sources disagree on who starts a game of Laser Chess 1987: Green by default.",
        summary="Red moved first",
    )


class LaserChess87(Variant):
    """Laser Chess 1987 (see the module docstring and rules/laserchess87.md)."""

    name = "laserchess87"
    title = "Laser Chess 1987"
    geometry = GEO
    side_names = ("Green", "Red")
    side_letters = ("g", "r")
    pieces = PIECES
    setups = {"Compute! 1987": START}
    beam_rules = BeamRules(static_board=True, loop_guard=True, absorbing=frozenset({HYPERSQUARE}))
    turn_actions = 2
    options_type = LaserChess87Options
    presentation = Presentation(
        description=(
            "Compute! magazine's Laser Chess (1987) on a 9x9 board: two actions a turn (moves, "
            "rotations, one fire), beams that split, the hypersquare e5 and the Hypercube send "
            "pieces to random squares."
        ),
        rules_text=RULES_TEXT,
        special_squares={HYPERSQUARE: "hypersquare"},
        # turn buttons pick the next orientation (a half turn too); firing is an action
        controls=Controls(half_turn=True, rotate_to=True, fire=True),
    )
    engine = EngineProfile(
        search="game.search.eval_laserchess87:Lc87Profile",
        # A ply is one action and each costs several times the last, so the levels' time budgets
        # give Easy and Medium the same depth (2) at a tenth of their time, and two levels at one
        # depth play alike here (the side that moves first wins). So Easy looks one action ahead
        # and is blind to the opponent's set-up shots (no threats in quiescence); Beginner has no
        # quiescence at all and picks among its near-best moves almost evenly; Medium and above
        # see the threats (docs/engine.md#levels).
        level_overrides={
            "Beginner": {"blind": 1, "shallow": 1, "temperature": 200},
            "Easy": {"depth": 1, "blind": 1},
        },
    )

    def start_fen(self, name: str | None = None, options: RuleOptions | None = None) -> str:
        """The setup with Red to move when the ``red_first`` option is on."""
        fen = self.setup_fen(name)
        if isinstance(options, LaserChess87Options) and options.red_first:
            return fen.replace(" g", " r", 1)
        return fen

    # ------------------------------------------------------------ actions
    def generate(self, pos: Position) -> list[int]:
        return self.actions(pos.board, pos.turn, pos.part, used_of(pos))

    def generate_decisions(self, pos: Position) -> list[int]:
        """Each chance decision once (no list of 45 outcomes per Hypercube or e5 move to collapse)."""
        return self.actions(pos.board, pos.turn, pos.part, used_of(pos), decide=True)

    def noisy_actions(self, pos: Position) -> list[int]:
        """Only the fire and the captures by landing, in :meth:`generate`'s order (quiescence)."""
        return self.actions(pos.board, pos.turn, pos.part, used_of(pos), noisy=True)

    def actions(
        self,
        board: list[int],
        turn: int,
        part: int,
        used: int,
        first_only: bool = False,
        decide: bool = False,
        noisy: bool = False,
    ) -> list[int]:
        """Legal action codes for ``turn`` with ``part`` actions made and ``used`` once-a-turn things
        spent; ``first_only`` stops at the first one found (is any action possible?); ``decide``
        lists a chance decision once, marked ``DECISION``, instead of one code per outcome;
        ``noisy`` lists only the fire and the captures by landing."""
        out: list[int] = []
        empties: list[int] | None = None
        step = STEP
        hyper = HYPERSQUARE
        for sq, p in enumerate(board):
            if not p or p >> 2 & 1 != turn:
                continue
            kind = p >> 3
            shapes = ROTATABLE.get(kind)
            if noisy:
                if kind == LASER and not used & FIRED:
                    out.append(encode(sq, sq, fire=True))
                if kind not in CAPTURES or used & CAPTURED:
                    continue
            else:
                if shapes is not None:
                    now = (p & 3) % shapes
                    for o in range(shapes):
                        if o != now:
                            out.append(encode(sq, sq, orientation=o))
                    if first_only and out:
                        return out
                if kind == LASER and not used & FIRED:
                    out.append(encode(sq, sq, fire=True))
            targets = [t for t in step[sq << 2 : sq * 4 + 4] if t >= 0]
            if not part:
                for d in range(4):
                    mid = step[sq << 2 | d]
                    if mid >= 0 and not board[mid] and mid != hyper:
                        far = step[mid << 2 | d]
                        if far >= 0:
                            targets.append(far)
                for t, c1, c2 in DIAGONAL_STEPS[sq]:
                    if (not board[c1] and c1 != hyper) or (not board[c2] and c2 != hyper):
                        targets.append(t)
            for t in targets:
                q = board[t]
                if t == hyper:
                    if used & HYPERED or noisy:
                        continue
                elif not q:
                    if not noisy:
                        out.append(sq | t << 8)
                    continue
                elif kind == HYPERCUBE:
                    if used & DISPLACED:
                        continue
                elif not (kind in CAPTURES and q >> 2 & 1 != turn and not used & CAPTURED):
                    continue
                else:
                    out.append(sq | t << 8)
                    continue
                if decide:
                    out.append(sq | t << 8 | DECISION)
                    continue
                # A chance outcome per empty square after the move (never e5; the square left included).
                if empties is None:
                    empties = [e for e, c in enumerate(board) if not c and e != hyper]
                for e in sorted([*empties, sq]):
                    out.append(encode(sq, t, chance=e))
            if first_only and out:
                return out
        return out

    def apply(self, pos: Position, move: Move, w: ActionWriter) -> None:
        used = used_of(pos)
        board = pos.board
        frm, to = move.from_square, move.to_square
        if move.fire:
            w.fire(frm)
            used |= FIRED
        elif move.orientation is not None:
            w.rotate_to(frm, move.orientation)
        elif to == HYPERSQUARE:
            assert move.chance is not None
            w.step(frm, to)
            w.relocate(to, move.chance)
            used |= HYPERED
        elif board[to] and board[frm] >> 3 == HYPERCUBE:
            assert move.chance is not None
            cube, other = board[frm], board[to]
            w.put(to, cube)
            w.put(frm, 0)
            w.put(move.chance, other)
            w.moved.append(PieceMove(frm, to, cube))
            w.placed.append(PieceMove(to, move.chance, other))
            used |= DISPLACED
        else:
            if w.step(frm, to):
                used |= CAPTURED
        if not move.fire and move.orientation is None and action_cost(frm, to) == 2:
            w.end_turn()
        # A turn ends early only when no second action is possible.
        if (
            pos.part == 0
            and not w.turn_over
            and pos.loser < 0
            and not self.actions(board, pos.turn, 1, used, first_only=True)
        ):
            w.end_turn()
        w.set_extra((0,) if w.turn_over or pos.part + 1 >= self.turn_actions else (used,))

    def action_cost(self, pos: Position, move: Move) -> int:
        """Answered from the rules, never by playing. A two-square or diagonal move costs both
        actions and a turned piece may turn again; any other action ends the turn early only when
        the game ends (a King destroyed or captured) or no second action is possible: the board
        after it (the step, the chance square, the shot's trace) is asked, as :meth:`apply` asks."""
        left = pos.actions_left
        if left <= 1:
            return left
        frm, to = move.from_square, move.to_square
        board, used = pos.board, used_of(pos)
        after = list(board)
        if move.fire:
            removed = pos.beam_from(frm).removed
            if any(self.is_royal[code] for _sq, code, _step in removed):
                return left
            for sq, _code, _step in removed:
                after[sq] = 0
            used |= FIRED
        elif move.orientation is not None:
            return 1
        elif action_cost(frm, to) == 2:  # (the module's cost of a move by its squares)
            return left
        else:
            piece, q = board[frm], board[to]
            after[frm] = 0
            if to == HYPERSQUARE:
                assert move.chance is not None
                after[move.chance] = piece
                used |= HYPERED
            elif q and piece >> 3 == HYPERCUBE:
                assert move.chance is not None
                after[to], after[move.chance] = piece, q
                used |= DISPLACED
            elif q and self.is_royal[q]:
                return left  # a King captured by landing: the game is over
            else:
                after[to] = piece
                used |= CAPTURED if q else 0
        return 1 if self.actions(after, pos.turn, 1, used, first_only=True) else left

    def initial_extra(self, board: list[int]) -> tuple[int, ...]:
        return (0,)

    def no_moves_outcome(self, pos: Position) -> Outcome:
        return Outcome.draw(Termination.NO_MOVES)

    def illegal_reason(self, pos: Position, move: Move) -> str:
        names = GEO.names
        if pos.loser >= 0:
            return f"the game is over: a {self.royal_name} has been destroyed"
        frm, to = move.from_square, move.to_square
        code = pos.board[frm]
        if not code:
            return f"there is no piece on {names[frm]}"
        kind, color = code >> 3, code >> 2 & 1
        info = PIECES.by_number[kind]
        piece = f"the {self.side_names[color]} {info.name} on {names[frm]}"
        if color != pos.turn:
            return f"{piece} is not yours; {self.side_names[pos.turn]} is to move"
        used = used_of(pos)
        if move.then_square is not None or move.promotion is not None or move.rotation:
            return (
                "Laser Chess 1987 actions are moves (e4e5), rotations to an orientation (c4>E) "
                "and fires (f1*)"
            )
        if move.fire:
            if kind != LASER:
                return f"{piece} is not a Laser; only the Laser fires"
            return "you have already fired this turn (one fire a turn)"
        if move.orientation is not None:
            if not info.can_rotate:
                return f"the {info.name} cannot be rotated"
            if info.shapes == 2 and move.orientation >= 2:
                return f"a {info.name} has two orientations: {names[frm]}>N and {names[frm]}>E"
            return f"{piece} already faces {ORIENTATION_LETTERS[move.orientation]}"
        if frm == to:
            return "a move needs another square"
        cost = action_cost(frm, to)
        dx = abs(GEO.file_of(frm) - GEO.file_of(to))
        dy = abs(GEO.rank_of(frm) - GEO.rank_of(to))
        if (dx, dy) not in ((0, 1), (1, 0), (0, 2), (2, 0), (1, 1)):
            return (
                f"{names[to]} is out of reach: one square straight, or two straight or one "
                f"diagonally (both actions)"
            )
        if cost == 2 and pos.part:
            return "two-square and diagonal moves cost both actions; you have one action left"
        if (dx, dy) in ((0, 2), (2, 0)):
            mid = (frm + to) // 2
            if pos.board[mid] or mid == HYPERSQUARE:
                return f"a two-square move needs {names[mid]} empty and not the hypersquare"
        if (dx, dy) == (1, 1):
            c1 = GEO.square(GEO.file_of(to), GEO.rank_of(frm))
            c2 = GEO.square(GEO.file_of(frm), GEO.rank_of(to))
            if not any(not pos.board[c] and c != HYPERSQUARE for c in (c1, c2)):
                return f"a diagonal step needs {names[c1]} or {names[c2]} empty and not the hypersquare"
        q = pos.board[to]
        chance_needed = to == HYPERSQUARE or (q and kind == HYPERCUBE)
        if to == HYPERSQUARE and used & HYPERED:
            return "the hypersquare may be entered once a turn"
        if q and kind == HYPERCUBE and used & DISPLACED:
            return "the Hypercube displaces a piece once a turn"
        if chance_needed:
            if move.chance is None:
                what = "the piece" if to == HYPERSQUARE else "the displaced piece"
                return (
                    f"{what} goes to a random empty square the game draws; in text name it, e.g. "
                    f"{names[frm]}{names[to]}@a5"
                )
            return f"{names[move.chance]} is not an empty square the piece could land on"
        if move.chance is not None:
            return "only a move onto the hypersquare or a Hypercube's displacement has a chance square (@)"
        if q:
            if kind not in CAPTURES:
                return f"{names[to]} is occupied; only the King and the Blocks capture by landing"
            if q >> 2 & 1 == color:
                return "the King and the Blocks capture enemy pieces only"
            if used & CAPTURED:
                return "a capture by landing is allowed once a turn"
        return "that action is not possible here"

    # ------------------------------------------------------------ text (pieces: the default notation)
    def parse_state(self, text: str, options: RuleOptions | None = None, check: bool = True) -> State:
        if not isinstance(text, str):
            raise PositionError("the position string is empty")
        parts = text.split()
        if len(parts) in (3,) or len(parts) > 4:
            raise PositionError(
                "a Laser Chess 1987 position is: placement, side to move (g/r), and optionally "
                "the actions made this turn (0/1) and what was used this turn (- or letters f c x h)"
            )
        board, turn = self.parse_fen(" ".join(parts[:2]), check, options)
        if len(parts) == 2:
            return board, turn, 0, (0,)
        part_text, used_text = parts[2], parts[3]
        if part_text not in ("0", "1"):
            raise PositionError(f"actions made this turn must be 0 or 1, not {shown(part_text)}")
        used = 0
        if used_text != "-":
            for ch in used_text:
                bit = next((b for b, letter in USED_LETTERS if letter == ch), None)
                if bit is None or used & bit:
                    raise PositionError(
                        f"used this turn must be '-' or the letters f (fired), c (captured), "
                        f"x (displaced), h (hypersquare), each once; not {shown(used_text)}"
                    )
                used |= bit
        if part_text == "0" and used:
            raise PositionError("nothing can have been used this turn before its first action")
        return board, turn, int(part_text), (used,)

    def position_fen(self, pos: Position) -> str:
        text = self.board_fen(pos.board, pos.turn)
        if not pos.part:
            return text
        used = used_of(pos)
        letters = "".join(letter for bit, letter in USED_LETTERS if used & bit) or "-"
        return f"{text} {pos.part} {letters}"

    def problems(self, board: list[int]) -> list[Problem]:
        found: list[Problem] = []
        if board[HYPERSQUARE]:
            found.append(Problem("error", "e5 is the hypersquare: no piece can stand on it"))
        counts = {(c, k): 0 for c in (GREEN, RED) for k in START_COUNTS}
        for code in board:
            if not code:
                continue
            if code >> 3 not in START_COUNTS:
                found.append(Problem("error", f"piece code {code} is not a Laser Chess 1987 piece"))
                continue
            counts[code >> 2 & 1, code >> 3] += 1
        for color in (GREEN, RED):
            side = self.side_names[color]
            for kind, most in START_COUNTS.items():
                n = counts[color, kind]
                info = PIECES.by_number[kind]
                if kind == KING and n == 0:
                    found.append(Problem("error", f"{side} has no King"))
                elif kind in (KING, LASER) and n > 1:
                    found.append(Problem("error", f"{side} has {n} {info.plural_name(n)}; at most one"))
                elif n > most:
                    found.append(
                        Problem(
                            "warning", f"{side} has {n} {info.plural_name(n)} (the game starts with {most})"
                        )
                    )
            if counts[color, LASER] == 0:
                found.append(Problem("warning", f"{side} has no Laser and cannot fire"))
        return found


LASERCHESS87 = LaserChess87()

__all__ = [
    "BLOCK",
    "DIAGONAL",
    "GEO",
    "HYPERCUBE",
    "HYPERSQUARE",
    "KING",
    "LASER",
    "LASERCHESS87",
    "PIECES",
    "SPLITTER",
    "START",
    "STRAIGHT",
    "TRIANGLE",
    "LaserChess87",
    "action_cost",
]
