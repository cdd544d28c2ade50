"""Leiserchess 2017 and 2018 (rules/leiserchess.md): 8×8, one King and seven Pawns a side.

Both editions share the engine of :mod:`game.position` (swap-based make/unmake, the King's laser,
hashing); this module only says which moves exist and why others do not:

* **2017** (``leiserchess2017``): any piece steps to any adjacent square, swapping with whatever
  stands there (own or enemy, King included), or rotates; the King's null move (``h0h0``) is
  legal when the shot zaps something; Pawns on the enemy King's beam are pinned; enemy Pawns on
  the mover's own beam are zombies the mover may move (rule option ``zombies``); the laser
  re-fires after every zap.
* **2018** (``leiserchess2018``): only own pieces move; a basic move steps to an adjacent empty
  square or rotates; a swap with an adjacent enemy piece is followed by a mandatory extra basic
  move of the same piece (``d5e4f5`` or ``e4d5R``); the laser fires once.

Both have the Ko rule (a move may not recreate the position before the opponent's last move; in
2017 it may not leave the board unchanged either). Ko needs history, so a position built from a
lone string has no Ko restriction until a move has been pushed.

GUI queries: :meth:`Leiserchess2017.badges` (pinned Pawns and zombies), from
:meth:`Leiserchess2017.pinned_squares` and :meth:`Leiserchess2017.zombie_squares`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.errors import PositionError
from game.geometry import geometry
from game.laser import MAX_HOPS, BeamRules, fire
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN, NO_ROTATION, Move
from game.pieces import LEISERCHESS_PIECES, OPTICS, Kind, code_color, code_kind, make_code
from game.variants import swapfire
from game.variants.base import Problem, Variant
from game.variants.options import RuleOptions, option
from game.variants.presentation import Controls, Presentation
from game.variants.profile import EngineProfile
from game.variants.swapfire import SWAP_FIRE

if TYPE_CHECKING:
    from game.position import ActionWriter, Maker, Position

GEO = geometry(8, 8, 0)
TANGERINE, LAVENDER = 0, 1
KING, PAWN = int(Kind.KING), int(Kind.PAWN)
KIND_NAMES = {KING: "King", PAWN: "Pawn"}
SIDE_NAMES = ("Tangerine", "Lavender")

# Two-letter tokens (upper case = Tangerine). Orientation = quarter turns clockwise from north:
# a King faces (fires) N/E/S/W; a Pawn's mirror faces NE/SE/SW/NW.
KING_TOKENS = ("NN", "EE", "SS", "WW")
PAWN_TOKENS = ("NE", "SE", "SW", "NW")
TOKEN_PIECE = {t: (KING, o) for o, t in enumerate(KING_TOKENS)} | {
    t: (PAWN, o) for o, t in enumerate(PAWN_TOKENS)
}
TOKEN_LETTERS = "NESW"
STANDARD_PAWNS = 7

_ROT_CW = CLOCKWISE << 16
_ROT_CCW = COUNTER_CLOCKWISE << 16
_ROT_HALF = HALF_TURN << 16

OPENING_2017 = "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W"
OPENING_2018 = "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W"


def beam_pawns(board: list[int], start: int, direction: int) -> list[int]:
    """Squares of the Pawns a beam leaving ``start`` meets, in order, up to where it stops.

    A Pawn whose opaque side the beam strikes is included (it is on the path); the beam stops
    there, at a King, or at the edge. This is the single shot that pins (2017) and makes zombies.
    """
    rays = GEO.rays
    found: list[int] = []
    sq = start
    for _ in range(MAX_HOPS):
        for target in rays[sq << 2 | direction]:
            code = board[target]
            if code:
                break
        else:
            return found
        if code >> 3 == PAWN:
            found.append(target)
        effect = OPTICS[code << 2 | direction]
        if effect < 0:
            return found
        sq = target
        direction = effect
    return found


class Leiserchess(Variant):
    """What both editions share: board, pieces, position strings, validation, Ko, queries."""

    edition = 0
    geometry = GEO
    side_names = SIDE_NAMES
    side_letters = ("W", "B")
    pieces = LEISERCHESS_PIECES
    maker: Maker = SWAP_FIRE
    engine = EngineProfile(search="game.search.beams:BeamProfile")
    king_kill_is_leaf = True
    quiet_ply_limit = 100  # 50 moves by each side without a Pawn zapped

    def apply(self, pos: Position, move: Move, w: ActionWriter) -> None:
        """Swap (2018: and the extra step or turn) or rotate, then the mover's King fires
        (2017: again after every zap) -- game/variants/swapfire.py."""
        swapfire.apply(pos, move, w)

    # 2017's pins and zombies are Leiserchess2017's (badges, pinned_squares, zombie_squares).

    # ------------------------------------------------------------ move text
    def allows_half_turn(self) -> bool:
        return True

    # ------------------------------------------------------------ Ko
    def _drop_ko(self, pos: Position, out: list[int]) -> None:
        """Remove from ``out`` the moves that would recreate the position before the opponent's move.

        Only possible if the opponent's last move zapped nothing and ours zaps nothing, and then
        our move must change exactly squares the opponent's move changed; those few candidates
        are made and their hash compared with the position two plies back.
        """
        last = pos.last_move_code  # the opponent's last move code
        if last is None:
            return  # no history: a lone position string has no Ko restriction
        if pos.quiet_plies == 0:
            return  # the last move zapped: pieces are gone for good, the earlier position is too
        then = last >> 18
        touched = {last & 255, last >> 8 & 255}
        if then:
            touched.add(then - 1)
        target = pos.hashes[-2]
        make = pos.make_code
        unmake = pos.unmake_code
        bad = []
        for code in out:
            then = code >> 18
            if (code & 255) in touched and (code >> 8 & 255) in touched and (not then or then - 1 in touched):
                make(code)
                if pos.hash == target:
                    bad.append(code)
                unmake()
        for code in bad:
            out.remove(code)

    def _is_ko(self, pos: Position, move: Move) -> bool:
        """Would ``move`` recreate the position before the opponent's last move?"""
        if pos.last_move_code is None:
            return False
        trial = pos.copy()
        trial.make_code(move.code)
        return trial.hash == pos.hashes[-2]

    # ------------------------------------------------------------ illegal-move helpers
    def _describe(self, code: int, square: int) -> str:
        return f"the {self.side_names[code_color(code)]} {KIND_NAMES[code_kind(code)]} on {GEO.names[square]}"

    def _common_reason(self, pos: Position, move: Move) -> str | None:
        """Reasons shared by both editions (checked first), or None."""
        if pos.loser >= 0:
            return f"the game is over: the {self.side_names[pos.loser]} King has been zapped"
        if not pos.board[move.from_square]:
            return f"there is no piece on {GEO.names[move.from_square]}"
        return None

    def _ko_reason(self, pos: Position) -> str:
        return (
            "the Ko rule forbids it: it would recreate the position before "
            f"{self.side_names[1 - pos.turn]}'s last move"
        )

    # ------------------------------------------------------------ position strings
    def piece_token(self, code: int) -> str:
        token = (KING_TOKENS if code >> 3 == KING else PAWN_TOKENS)[code & 3]
        return token if code_color(code) == TANGERINE else token.lower()

    def read_piece(self, text: str, i: int, rank_name: str) -> tuple[int, int]:
        ch = text[i]
        if not ch.isalpha() or ch.upper() not in TOKEN_LETTERS:
            raise PositionError(
                f"{rank_name} ({text!r}): unknown piece letter {ch!r}; pieces are two letters: "
                f"NN EE SS WW for a King, NE SE SW NW for a Pawn (upper case Tangerine, "
                f"lower case Lavender)"
            )
        if i + 1 >= len(text) or not text[i + 1].isalpha():
            found = repr(text[i + 1]) if i + 1 < len(text) else "the end of the rank"
            raise PositionError(
                f"{rank_name} ({text!r}): the piece letter {ch!r} must be followed by a second "
                f"letter (found {found}); pieces are two letters, e.g. NN or se"
            )
        token = text[i : i + 2]
        if ch.isupper() != text[i + 1].isupper():
            raise PositionError(
                f"{rank_name} ({text!r}): {token!r} mixes upper and lower case; write both letters "
                f"upper case for Tangerine or lower case for Lavender"
            )
        piece = TOKEN_PIECE.get(token.upper())
        if piece is None:
            raise PositionError(
                f"{rank_name} ({text!r}): {token!r} is not a Leiserchess piece; Kings are "
                f"NN EE SS WW (the way they fire), Pawns NE SE SW NW (the way the mirror faces)"
            )
        kind, orientation = piece
        return make_code(kind, TANGERINE if ch.isupper() else LAVENDER, orientation), i + 2

    def problems(self, board: list[int]) -> list[Problem]:
        found: list[Problem] = []
        kings = [0, 0]
        pawns = [0, 0]
        for sq, code in enumerate(board):
            if not code:
                continue
            kind, color = code_kind(code), code_color(code)
            if kind == KING:
                kings[color] += 1
            elif kind == PAWN:
                pawns[color] += 1
            else:
                name = Kind(kind).name.title() if kind in set(Kind) else f"piece code {code}"
                found.append(
                    Problem(
                        "error", f"the {name} on {GEO.names[sq]} is not a Leiserchess piece", squares=(sq,)
                    )
                )
        for color in (TANGERINE, LAVENDER):
            side = self.side_names[color]
            if kings[color] == 0:
                found.append(Problem("error", f"{side} has no King"))
            elif kings[color] > 1:
                found.append(
                    Problem(
                        "error",
                        f"{side} has {kings[color]} Kings; exactly one is allowed",
                        squares=tuple(
                            sq for sq, c in enumerate(board) if c and c >> 3 == KING and c >> 2 & 1 == color
                        ),
                    )
                )
            if pawns[color] != STANDARD_PAWNS:
                n = pawns[color]
                found.append(
                    Problem(
                        "warning",
                        f"{side} has {n} Pawn{'s' if n != 1 else ''} (the standard set has {STANDARD_PAWNS})",
                    )
                )
        return found


@dataclass(frozen=True, eq=False)
class Leiserchess2017Options(RuleOptions):
    """Leiserchess 2017's rule option."""

    zombies: bool = option(
        True,
        "Zombies",
        "Move enemy Pawns standing on your own beam (2017 rule; off: 2016 rules)",
        summary="no zombie moves",
    )


class Leiserchess2017(Leiserchess):
    """Leiserchess 2017: swap with anything, null move, pinning, zombies, re-fire, Ko."""

    edition = 2017
    name = "leiserchess2017"
    title = "Leiserchess 2017"
    setups = {"Opening": OPENING_2017}
    beam_rules = BeamRules(refire=True)
    options_type = Leiserchess2017Options
    presentation = Presentation(controls=Controls(half_turn=True, null=True))

    def zombies_on(self, pos: Position) -> bool:
        options = pos.options
        assert isinstance(options, Leiserchess2017Options)
        return options.zombies

    def badges(self, pos: Position) -> dict[int, str]:
        """Pinned Pawns ("pin") and the enemy Pawns the mover may move ("zombie")."""
        marks = {sq: "pin" for sq in self.pinned_squares(pos)}
        marks.update({sq: "zombie" for sq in self.zombie_squares(pos)})
        return marks

    def pinned_squares(self, pos: Position) -> frozenset[int]:
        """Squares of the side to move's Pawns on the enemy King's beam: they may not move or rotate."""
        enemy_king = pos.lasers[pos.turn ^ 1]
        if enemy_king < 0:
            return frozenset()
        board = pos.board
        turn = pos.turn
        return frozenset(
            sq for sq in beam_pawns(board, enemy_king, board[enemy_king] & 3) if board[sq] >> 2 & 1 == turn
        )

    def zombie_squares(self, pos: Position) -> frozenset[int]:
        """Squares of enemy Pawns on the mover's own beam, which it may move (empty if zombies are off)."""
        own_king = pos.lasers[pos.turn]
        if own_king < 0 or not self.zombies_on(pos):
            return frozenset()
        board = pos.board
        turn = pos.turn
        return frozenset(
            sq for sq in beam_pawns(board, own_king, board[own_king] & 3) if board[sq] >> 2 & 1 != turn
        )

    def generate(self, pos: Position) -> list[int]:
        board = pos.board
        turn = pos.turn
        lasers = pos.lasers
        neighbours = GEO.neighbours
        own_king = lasers[turn]
        enemy_king = lasers[turn ^ 1]
        pinned = beam_pawns(board, enemy_king, board[enemy_king] & 3) if enemy_king >= 0 else ()
        # Does the mover's shot zap something if the board stays as it is? Decides the null move
        # and swaps of identical pieces (otherwise the board would be unchanged: Ko).
        zaps = own_king >= 0 and fire(board, GEO.rays, own_king, board[own_king] & 3) >= 0
        movable = [
            sq
            for sq, p in enumerate(board)
            if p and (p >> 2 & 1) == turn and not (p >> 3 == PAWN and sq in pinned)
        ]
        if own_king >= 0 and self.zombies_on(pos):
            movable += [
                sq for sq in beam_pawns(board, own_king, board[own_king] & 3) if (board[sq] >> 2 & 1) != turn
            ]
        out: list[int] = []
        append = out.append
        for sq in movable:
            p = board[sq]
            for t in neighbours[sq]:
                if zaps or board[t] != p:
                    append(sq | t << 8)
            base = sq | sq << 8
            append(base | _ROT_CW)
            append(base | _ROT_CCW)
            append(base | _ROT_HALF)
            if sq == own_king and zaps:
                append(base)  # the null move
        self._drop_ko(pos, out)
        return out

    def illegal_reason(self, pos: Position, move: Move) -> str:
        reason = self._common_reason(pos, move)
        if reason:
            return reason
        names = GEO.names
        frm, to = move.from_square, move.to_square
        board = pos.board
        code = board[frm]
        piece = self._describe(code, frm)
        if move.then_square is not None:
            return "Leiserchess 2017 has no three-square moves (that is 2018's swap notation)"
        if frm != to and move.rotation:
            return "a move cannot both step and rotate"
        turn = pos.turn
        if code_color(code) != turn and frm not in self.zombie_squares(pos):
            mover = self.side_names[turn]
            if code_kind(code) == PAWN and self.zombies_on(pos):
                return (
                    f"{piece} is not yours and not a zombie (only enemy Pawns on {mover}'s own "
                    f"laser path may be moved); {mover} is to move"
                )
            return f"{piece} is not yours; {mover} is to move"
        if frm in self.pinned_squares(pos):
            return (
                f"{piece} is pinned by the {self.side_names[1 - turn]} King's laser: it may not "
                f"move or rotate (another piece may still swap with it)"
            )
        own_king = pos.lasers[turn]
        zaps = own_king >= 0 and fire(board, GEO.rays, own_king, board[own_king] & 3) >= 0
        if move.is_null:
            if code_kind(code) != KING or code_color(code) != turn:
                return "only the King makes a null move (write the King's square twice, e.g. h0h0)"
            if not zaps:
                return "a null move is legal only if the laser zaps something, and here it zaps nothing"
        elif not move.is_rotation:
            if to not in GEO.neighbours[frm]:
                return f"{names[to]} is not next to {names[frm]}: pieces step one square"
            if board[to] == code and not zaps:
                return (
                    "swapping two identical pieces changes nothing and the laser zaps nothing; "
                    "the Ko rule forbids a move that leaves the board unchanged"
                )
        if self._is_ko(pos, move):
            return self._ko_reason(pos)
        return "that move is not allowed"


class Leiserchess2018(Leiserchess):
    """Leiserchess 2018: own pieces only, step to empty or rotate, swap + extra move, one shot, Ko."""

    edition = 2018
    name = "leiserchess2018"
    title = "Leiserchess 2018"
    setups = {"Opening": OPENING_2018}

    def max_move_squares(self) -> int:
        return 3

    def generate(self, pos: Position) -> list[int]:
        board = pos.board
        turn = pos.turn
        neighbours = GEO.neighbours
        out: list[int] = []
        append = out.append
        for sq, p in enumerate(board):
            if not p or (p >> 2 & 1) != turn:
                continue
            base = sq | sq << 8
            append(base | _ROT_CW)
            append(base | _ROT_CCW)
            append(base | _ROT_HALF)
            for t in neighbours[sq]:
                q = board[t]
                if not q:
                    append(sq | t << 8)
                elif (q >> 2 & 1) != turn:
                    # Swap, then a mandatory basic move of the same piece from t: a rotation or a
                    # step to an empty neighbour of t (sq is not empty: the enemy piece is there).
                    swap = sq | t << 8
                    append(swap | _ROT_CW)
                    append(swap | _ROT_CCW)
                    append(swap | _ROT_HALF)
                    for u in neighbours[t]:
                        if not board[u]:
                            append(swap | (u + 1) << 18)
        self._drop_ko(pos, out)
        return out

    def illegal_reason(self, pos: Position, move: Move) -> str:
        reason = self._common_reason(pos, move)
        if reason:
            return reason
        names = GEO.names
        board = pos.board
        frm, to, then = move.from_square, move.to_square, move.then_square
        code = board[frm]
        piece = self._describe(code, frm)
        turn = pos.turn
        if code_color(code) != turn:
            return f"{piece} is not yours; {self.side_names[turn]} is to move (only own pieces move)"
        if move.is_null:
            return "Leiserchess 2018 has no null move: move or rotate a piece"
        if not move.is_rotation:
            if to not in GEO.neighbours[frm]:
                return f"{names[to]} is not next to {names[frm]}: pieces step one square"
            target = board[to]
            if not target:
                if then is not None or move.rotation != NO_ROTATION:
                    return (
                        f"a step to the empty square {names[to]} is a whole move; only a swap "
                        f"with an enemy piece is followed by an extra move"
                    )
            elif code_color(target) == turn:
                return (
                    f"{names[to]} is occupied by {self._describe(target, to)}; in Leiserchess 2018 "
                    f"a piece may step only to an empty square or swap with an enemy piece"
                )
            elif then is None and move.rotation == NO_ROTATION:
                return (
                    f"after swapping with {self._describe(target, to)} the piece must make an extra "
                    f"basic move: add a square (e.g. {names[frm]}{names[to]}"
                    f"{names[GEO.neighbours[to][0]]}) or a rotation (e.g. {names[frm]}{names[to]}R)"
                )
            elif then is not None:
                if then == frm:
                    return (
                        f"the extra move cannot go back to {names[frm]}: the swapped "
                        f"{KIND_NAMES[code_kind(target)]} now stands there"
                    )
                if then not in GEO.neighbours[to]:
                    return f"{names[then]} is not next to {names[to]}: the extra move is one step"
                if board[then]:
                    return (
                        f"the extra step must go to an empty square, and {names[then]} is occupied "
                        f"(a swap cannot be followed by a second swap)"
                    )
        if self._is_ko(pos, move):
            return self._ko_reason(pos)
        return "that move is not allowed"


LEISERCHESS_2017 = Leiserchess2017()
LEISERCHESS_2018 = Leiserchess2018()
