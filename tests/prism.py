"""Prism: a tiny TEST-ONLY rule set that uses every field of the rules core.

Eight piece kinds (codes above 64), two actions a turn, a half-made turn in the position string,
extra state (has the side fired this turn), capture by landing, rotation to an orientation, fire
as an action, promotion, a chance square, beams that split, charge, count surface hits and
explode with a delay, both Kings falling to one shot (a draw) and "no legal action loses".
It is registered only by the tests (``register()``); the program never offers it.

Board 6×6, files a-f, ranks 1-6; White (bottom) moves first. A turn is two actions, each one of:
step one square orthogonally to an empty square (the King may also capture an enemy piece there);
rotate a piece that can rotate to another shape; fire one's Laser (once a turn); a Pawn stepping
onto the far rank promotes to a Mirror or a Bouncer; a piece stepping onto the portal c3 is sent
to an empty square chance chooses (each outcome is its own action); "--" ends the turn early.
"""

from __future__ import annotations

from game.errors import PositionError
from game.geometry import EAST, NORTH, SOUTH, WEST, geometry
from game.laser import BeamRules
from game.move import Move
from game.outcome import Outcome, Termination
from game.pieceset import (
    KILL,
    PASS,
    STOP,
    Op,
    Optic,
    PieceKind,
    PieceSet,
    back,
    reflect,
    split,
    turning,
)
from game.position import ActionWriter, Position
from game.variants.base import Problem, Variant
from game.variants.presentation import Controls, Presentation

GEO = geometry(6, 6, 1)
PORTAL = GEO.parse_square("c3")
KING, LASER, MIRROR, BOUNCER, SPLITTER, CHARGER, WALL, PAWN = range(1, 9)


def _charged(table: dict[int, Optic]):
    """Optics at orientation 0 where a fully charged beam destroys whatever it strikes."""
    return turning(lambda travel, charge: KILL if charge >= 2 else table[travel])


def _always(answer: Optic):
    return lambda orientation, travel, charge: answer


PRISM_PIECES = PieceSet(
    (
        PieceKind(
            KING, "K", "King", _always(KILL), shapes=1, royal=True, can_rotate=False, captures=True, value=0
        ),
        PieceKind(LASER, "L", "Laser", _always(KILL), emitter=True, value=0, drawing="sphinx"),
        PieceKind(
            MIRROR,
            "M",
            "Mirror",
            _charged(
                {
                    NORTH: reflect(EAST, 0),
                    WEST: reflect(SOUTH, 0),
                    EAST: reflect(NORTH, 1),
                    SOUTH: reflect(WEST, 1),
                }
            ),
            shapes=2,
            value=200,
            drawing="scarab",
        ),
        PieceKind(
            BOUNCER,
            "B",
            "Bouncer",
            _charged({NORTH: back(NORTH, 1, 0), SOUTH: back(SOUTH, 1, 1), EAST: PASS, WEST: PASS}),
            shapes=2,
            value=150,
            drawing="anubis",
        ),
        PieceKind(
            SPLITTER,
            "S",
            "Splitter",
            _charged({SOUTH: split(EAST, WEST, surface=0), NORTH: KILL, EAST: KILL, WEST: KILL}),
            value=180,
            drawing="pyramid",
        ),
        PieceKind(
            CHARGER,
            "C",
            "Charger",
            turning({NORTH: Optic(Op.PASS, charge=2), EAST: KILL, SOUTH: KILL, WEST: KILL}),
            value=160,
            drawing="pyramid",
        ),
        PieceKind(
            WALL,
            "W",
            "Wall",
            turning(lambda t, c: KILL if c >= 2 else STOP),
            shapes=1,
            can_rotate=False,
            value=120,
            drawing="pharaoh",
        ),
        PieceKind(
            PAWN,
            "P",
            "Pawn",
            _charged({NORTH: KILL, EAST: KILL, SOUTH: reflect(EAST, 0), WEST: reflect(NORTH, 0)}),
            value=100,
            drawing="pyramid",
        ),
    ),
    max_charge=2,
)

START = "w0l2k0s2m2c2/p2p2p2p2p2p2/6/6/P0P0P0P0P0P0/C0M0S0K0L0W0 w 0 0"


class Prism(Variant):
    """The test-only rule set (see the module docstring)."""

    name = "prism"
    title = "Prism (test only)"
    geometry = GEO
    pieces = PRISM_PIECES
    setups = {"Start": START}
    beam_rules = BeamRules(explode_delay=2, surface_hits=3, step_cap=400)
    turn_actions = 2
    presentation = Presentation(
        controls=Controls(
            half_turn=True, rotate_to=True, fire=True, promotion=(MIRROR, BOUNCER), end_turn=True
        )
    )

    # ------------------------------------------------------------ actions
    def generate(self, pos: Position) -> list[int]:
        board = pos.board
        turn = pos.turn
        fired = pos.extra[0] if pos.extra else 0
        out: list[int] = []
        last_rank = GEO.height - 1 if turn == 0 else 0
        for sq, p in enumerate(board):
            if not p or p >> 2 & 1 != turn:
                continue
            kind = p >> 3
            for d in range(4):
                t = GEO.step[sq << 2 | d]
                if t < 0:
                    continue
                q = board[t]
                if q and not (kind == KING and q >> 2 & 1 != turn):
                    continue
                if t == PORTAL:
                    for landing, code in enumerate(board):
                        if not code and landing != PORTAL and landing != sq:
                            out.append(Move(sq, t, chance=landing).code)
                elif kind == PAWN and GEO.rank_of(t) == last_rank:
                    out.append(Move(sq, t, promotion=MIRROR).code)
                    out.append(Move(sq, t, promotion=BOUNCER).code)
                else:
                    out.append(Move(sq, t).code)
            info = PRISM_PIECES.by_number[kind]
            if info.can_rotate:
                for o in range(info.shapes):
                    if o != (p & 3) % info.shapes:
                        out.append(Move.rotate_to(sq, o).code)
            if info.emitter and not fired:
                out.append(Move.fire_from(sq).code)
        if pos.part:
            out.append(Move(0, 0).code)  # end the turn early
        return out

    def apply(self, pos: Position, move: Move, w: ActionWriter) -> None:
        fired = pos.extra[0] if pos.extra else 0
        if move.fire:
            w.fire(move.from_square)
            w.set_extra((1,))
        elif move.is_null:
            w.end_turn()
        elif move.orientation is not None:
            w.rotate_to(move.from_square, move.orientation)
        else:
            w.step(move.from_square, move.to_square)
            if move.promotion is not None:
                w.promote(move.to_square, move.promotion)
            if move.chance is not None:
                w.relocate(move.to_square, move.chance)
        if pos.part + 1 >= self.turn_actions or w.turn_over:
            w.set_extra((0,))
        elif not move.fire:
            w.set_extra((fired,))

    def no_moves_outcome(self, pos) -> Outcome:
        return Outcome.win(1 - pos.turn, Termination.NO_MOVES)

    def initial_extra(self, board: list[int]) -> tuple[int, ...]:
        return (0,)

    # ------------------------------------------------------------ text
    def piece_token(self, code: int) -> str:
        letter = PRISM_PIECES.by_number[code >> 3].letter
        return (letter if not code >> 2 & 1 else letter.lower()) + str(code & 3)

    def read_piece(self, text: str, i: int, rank_name: str) -> tuple[int, int]:
        kind = PRISM_PIECES.by_letter.get(text[i].upper())
        if kind is None or i + 1 >= len(text) or text[i + 1] not in "0123":
            raise PositionError(f"{rank_name}: {text[i : i + 2]!r} is not a Prism piece")
        return kind.number << 3 | (0 if text[i].isupper() else 4) | int(text[i + 1]), i + 2

    def parse_state(self, text: str, options=None, check: bool = True):
        parts = text.split()
        if len(parts) == 2:  # placement and side alone: a turn's start, nothing fired yet
            parts += ["0", "0"]
        if len(parts) != 4 or parts[2] not in ("0", "1") or parts[3] not in ("0", "1"):
            raise PositionError("a Prism position is: placement, side, actions made (0/1), fired (0/1)")
        board, turn = self.parse_fen(" ".join(parts[:2]), check)
        return board, turn, int(parts[2]), (int(parts[3]),)

    def position_fen(self, pos) -> str:
        fired = pos.extra[0] if pos.extra else 0
        return f"{self.board_fen(pos.board, pos.turn)} {pos.part} {fired}"

    def move_text(self, move: Move) -> str:
        return "--" if move.is_null else super().move_text(move)

    def parse_move_text(self, text: str, geo):
        return Move(0, 0) if text == "--" else super().parse_move_text(text, geo)

    def problems(self, board: list[int]) -> list[Problem]:
        kings = [sum(1 for c in board if c and c >> 3 == KING and c >> 2 & 1 == s) for s in (0, 1)]
        return [Problem("error", f"{self.side_names[s]} has no King") for s in (0, 1) if kings[s] == 0]


PRISM = Prism()


def register() -> Prism:
    """Add Prism to the variant registry (tests only)."""
    from game.variants import VARIANTS

    VARIANTS[PRISM.name] = PRISM
    return PRISM
