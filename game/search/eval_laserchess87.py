"""Laser Chess 1987's engine profile: its evaluation (centi-units, side to move), its noisy actions
and its threats.

Material (the piece set's values), then the two lasers: what each side's shot would destroy if
it fired now, traced with the rules' own tracer (splits, static board, the hypersquare). The side
to move gains part of what its shot would win (more while it still has its fire this turn); its
opponent's shot is a threat to be met. A shot that would fell the enemy King is worth most of a
win; one that would fell one's own King is simply not fired (no credit, no penalty). A Hypercube
next to the enemy King threatens the same turn's kill by chance: landing on the King sends it to a
random empty square, and the fire that follows kills it there when the square is on the beam
(:meth:`Lc87Evaluation.cube_chance`); a side's threat is the larger of that and its shot's gain.

The numbers are :class:`Lc87Weights` (tools/tune.py fits them; ``match --white-weights`` plays
them); the module-level :func:`evaluate` uses the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter

from game.move import encode
from game.position import Position
from game.search.profile import NOISY_KEY, ORDER_CAPTURE, Info, Profile, Stage
from game.variants.base import Variant
from game.variants.laserchess87 import (
    CAPTURED,
    CAPTURES,
    DIAGONAL_STEPS,
    FIRED,
    HYPERCUBE,
    HYPERSQUARE,
    LASERCHESS87,
    STEP,
    action_cost,
    used_of,
)

SHARE = 60  # the shares below are sixtieths (so the defaults 1/2, 1/4 and 1/3 are exact)
CENTRE = (0, 1, 2, 3, 4, 3, 2, 1, 0)  # per file/rank: a little for pieces off the edges


def _reaches() -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """Per square: the squares a piece can come from in one action of a turn's start, each with
    the squares of which one must be open (empty, not e5) for it: none for a neighbour, the middle
    square for two squares straight, the two corners for a diagonal step."""
    out = []
    for sq in range(GEO_SIZE):
        ways: list[tuple[int, tuple[int, ...]]] = []
        for d in range(4):
            mid = STEP[sq << 2 | d]
            if mid >= 0:
                ways.append((mid, ()))
                far = STEP[mid << 2 | d]
                if far >= 0:
                    ways.append((far, (mid,)))
        ways.extend((t, (c1, c2)) for t, c1, c2 in DIAGONAL_STEPS[sq])
        out.append(tuple(ways))
    return tuple(out)


GEO_SIZE = LASERCHESS87.geometry.size
REACHES = _reaches()
NEIGHBOURS = tuple(tuple(t for t in STEP[sq << 2 : sq * 4 + 4] if t >= 0) for sq in range(GEO_SIZE))
AROUND = tuple(itemgetter(*around) for around in NEIGHBOURS)  # board -> the pieces next to a square


def king_reachable(board: list[int], king: int, enemy: int) -> bool:
    """Could one of ``enemy``'s capturing pieces (King, Blocks) land on ``king`` in one action of
    its next turn? (A move needs an open path; the once-a-turn capture limit is the caller's.)"""
    for frm, path in REACHES[king]:
        p = board[frm]
        if (
            p
            and p >> 2 & 1 == enemy
            and p >> 3 in CAPTURES
            and (not path or any(not board[c] and c != HYPERSQUARE for c in path))
        ):
            return True
    return False


def _default_values() -> dict[int, int]:
    pieces = LASERCHESS87.pieces
    return {number: pieces.value[number << 3] for number in sorted(pieces.by_number)}


@dataclass(frozen=True)
class Lc87Weights:
    """The evaluation's numbers (centi-units; ``*_share`` in sixtieths of a shot's gain)."""

    values: dict[int, int] = field(default_factory=_default_values)  # by piece kind number
    king_shot: int = 5000  # the King on a beam: most of a win, the search finds the rest
    mine_now: int = 30  # share of our shot's gain while our fire is still available this turn
    mine_later: int = 15  # ...once it is spent (next turn)
    theirs: int = 20  # share of the opponent's shot's gain held against us
    centre: int = 3  # per step off the edges (file and rank); not for the Kings
    king_reach: int = 1500  # our King where an enemy King or Block can land on it next turn
    reach_king: int = 600  # the enemy King where ours or a Block of ours can land on it
    cube_king: int = 60  # share of a Hypercube displacement's chance to put the enemy King on our beam


Removed = tuple[tuple[int, int, int], ...]  # (square, piece code, step) of each piece a shot destroys


class ShotMemo:
    """The last shot traced from each emitter (its square and orientation), kept while it is valid.

    The board does not change while a Laser Chess 1987 shot runs, so a shot depends only on what
    stands on the squares its beams pass: while every one of them holds the same piece, the same
    beams run and destroy the same pieces. A search's neighbouring positions mostly differ off the
    beams, so checking those squares (a dozen or two) replaces most traces."""

    def __init__(self) -> None:
        self.entries: dict[int, tuple[tuple[tuple[int, int], ...], Removed, frozenset[int]]] = {}

    def shot(self, pos: Position, emitter: int) -> tuple[Removed, frozenset[int]]:
        """What a fire from ``emitter`` would destroy now, and every square its beams pass."""
        board = pos.board
        key = emitter << 16 | board[emitter]
        entry = self.entries.get(key)
        if entry is not None:
            cells, removed, path = entry
            for sq, code in cells:
                if board[sq] != code:
                    break
            else:
                return removed, path
        trace = pos.beam_from(emitter)
        path = frozenset(step.square for beam in trace.beams for shot in beam.walk() for step in shot.path)
        self.entries[key] = (tuple((sq, board[sq]) for sq in path), trace.removed, path)
        return trace.removed, path


SHOTS = ShotMemo()  # shared: an entry is checked against the board, so any search may use any entry
assert LASERCHESS87.beam_rules.surface_hits is None  # the memo relies on no hit counts between shots


def _find(board: list[int], codes: tuple[int, ...]) -> int:
    """The square of the first of ``codes`` on ``board`` (a King), or -1."""
    for code in codes:
        if code in board:
            return board.index(code)
    return -1


class Lc87Evaluation:
    """The evaluation function for one set of weights (callable on a position)."""

    def __init__(self, weights: Lc87Weights | None = None) -> None:
        self.w = w = weights or Lc87Weights()
        pieces = LASERCHESS87.pieces
        self.value = value = [w.values.get(code >> 3, pieces.value[code]) for code in range(pieces.size)]
        # Per piece code, per square: its material and centre bonus, for Green (Red's negated).
        width, size = LASERCHESS87.geometry.width, GEO_SIZE
        royal = LASERCHESS87.is_royal
        centre = [0 if royal[code] else w.centre for code in range(pieces.size)]
        bonus = [CENTRE[sq % width] + CENTRE[sq // width] for sq in range(size)]
        self.square_value = [
            [(1 - 2 * (code >> 2 & 1)) * (value[code] + centre[code] * bonus[sq]) for sq in range(size)]
            for code in range(pieces.size)
        ]
        codes = range(pieces.size)
        self.king_codes = tuple(
            tuple(code for code in codes if royal[code] and code >> 2 & 1 == color) for color in (0, 1)
        )
        self.cube_codes = tuple(
            frozenset(code for code in codes if code >> 3 == HYPERCUBE and code >> 2 & 1 == color)
            for color in (0, 1)
        )

    def cube_chance(self, pos: Position, color: int, king: int) -> int:
        """What ``color``'s Hypercube next to the enemy King (on ``king``) threatens: landing on the
        King sends it to a random empty square (any but e5, the square the cube left included), and
        the same turn's fire kills it if that square is on the beam. Worth :attr:`cube_king` sixtieths
        of :attr:`king_shot` times the chance of that (the shot's path as it runs now; 0 without a
        Laser or without the cube there)."""
        board = pos.board
        emitter = pos.lasers[color]
        cube = next((sq for sq in NEIGHBOURS[king] if board[sq] in self.cube_codes[color]), -1)
        if emitter < 0 or cube < 0:
            return 0
        path = SHOTS.shot(pos, emitter)[1]
        hits = sum(1 for sq in path if not board[sq] and sq != HYPERSQUARE) + (cube in path)
        return self.w.king_shot * self.w.cube_king // SHARE * hits // board.count(0)

    def shot_gain(self, pos: Position, color: int) -> int:
        """What ``color``'s laser would gain by firing now: enemy material (or King) minus own."""
        emitter = pos.lasers[color]
        if emitter < 0:
            return 0
        value = self.value
        is_royal = pos.variant.is_royal
        gain = 0
        own_king = False
        for _sq, code, _step in SHOTS.shot(pos, emitter)[0]:
            mine = code >> 2 & 1 == color
            if is_royal[code]:
                if mine:
                    own_king = True
                else:
                    gain += self.w.king_shot
            else:
                gain += -value[code] if mine else value[code]
        return 0 if own_king else max(gain, 0)

    def __call__(self, pos: Position) -> int:
        """Centi-units for the side to move."""
        w = self.w
        stm = pos.turn
        board = pos.board
        table = self.square_value
        score = sum([table[code][sq] for sq, code in enumerate(board) if code])
        if stm:
            score = -score
        kings = [_find(board, codes) for codes in self.king_codes]
        if kings[stm] >= 0 and king_reachable(board, kings[stm], stm ^ 1):
            score -= w.king_reach
        if kings[stm ^ 1] >= 0 and not used_of(pos) & CAPTURED and king_reachable(board, kings[stm ^ 1], stm):
            score += w.reach_king
        mine = self.shot_gain(pos, stm)
        king = kings[stm ^ 1]  # a whole turn: our cube lands on that King, then we fire
        if not pos.part and king >= 0 and not self.cube_codes[stm].isdisjoint(AROUND[king](board)):
            mine = max(mine, self.cube_chance(pos, stm, king))
        if mine:
            score += mine * (w.mine_later if used_of(pos) & FIRED else w.mine_now) // SHARE
        theirs = self.shot_gain(pos, stm ^ 1)
        king = kings[stm]
        if king >= 0 and not self.cube_codes[stm ^ 1].isdisjoint(AROUND[king](board)):
            theirs = max(theirs, self.cube_chance(pos, stm ^ 1, king))
        if theirs:
            score -= theirs * w.theirs // SHARE
        return score


_DEFAULT = Lc87Evaluation()
KING_SHOT = _DEFAULT.w.king_shot


def shot_gain(pos: Position, color: int) -> int:
    """:meth:`Lc87Evaluation.shot_gain` with the default weights."""
    return _DEFAULT.shot_gain(pos, color)


def evaluate(pos: Position) -> int:
    """Centi-units for the side to move (the default weights)."""
    return _DEFAULT(pos)


def king_lines(pos: Position, color: int) -> set[int]:
    """Squares from which a beam would run straight into ``color``'s King: along its file and rank
    up to and including the first piece (the hypersquare absorbs beams, so a line stops before it)."""
    board = pos.board
    is_royal = pos.variant.is_royal
    king = next((sq for sq, c in enumerate(board) if c and is_royal[c] and c >> 2 & 1 == color), -1)
    lines: set[int] = set()
    if king < 0:
        return lines
    step = pos.geometry.step
    for d in range(4):
        sq = step[king << 2 | d]
        while sq >= 0 and sq != HYPERSQUARE:
            lines.add(sq)
            if board[sq]:
                break
            sq = step[sq << 2 | d]
    return lines


def threats(pos: Position) -> list[int]:
    """Quiet first actions that may set up a fire at the enemy King in the same turn.

    At the start of a turn with the fire unspent, a rotation or one-square move on a square where
    our beam passes and which sees the enemy King in a straight, empty line can turn the beam onto
    the King; the second action fires. Quiescence tries these (the fire is a noisy action), so a
    search that stops after its own turn still sees the opponent's move-then-fire."""
    if pos.part or used_of(pos) & FIRED:
        return []
    stm = pos.turn
    emitter = pos.lasers[stm]
    if emitter < 0:
        return []
    pivots = king_lines(pos, stm ^ 1)
    if not pivots:
        return []
    pivots &= SHOTS.shot(pos, emitter)[1]
    if not pivots:
        return []
    out = []
    for code in LASERCHESS87.generate_decisions(pos):
        if code >> 30 & 1 or code >> 37:
            continue  # fires are noisy already; chance moves are not threats
        frm, to = code & 255, code >> 8 & 255
        if (frm in pivots or to in pivots) and (frm == to or action_cost(frm, to) == 1):
            out.append(code)
    return out


def noisy(pos: Position, code: int) -> bool:
    """Quiescence searches fires and captures by landing."""
    if code >> 30 & 1:
        return True
    frm, to = code & 255, code >> 8 & 255
    target = pos.board[to]
    return frm != to and bool(target) and target >> 2 & 1 != pos.turn and not code >> 37


def noisy_moves(pos: Position) -> list[int]:
    """What quiescence tries: captures by landing, and the fire only when it would gain (a shot
    that destroys nothing of the enemy's, or more of our own, is never the move that changes
    the score)."""
    used = used_of(pos)
    if used & CAPTURED:  # (no capture left this turn: at most the fire, no list to generate)
        laser = pos.lasers[pos.turn]
        if used & FIRED or laser < 0 or shot_gain(pos, pos.turn) <= 0:
            return []
        return [encode(laser, laser, fire=True)]
    moves = LASERCHESS87.noisy_actions(pos)
    if any(c >> 30 & 1 for c in moves) and shot_gain(pos, pos.turn) <= 0:
        return [c for c in moves if not c >> 30 & 1]
    return moves


class Lc87Profile(Profile):
    """The default profile with this evaluation; chance decisions scored by their mean; quiescence
    searches captures and a gaining fire, and in its first plies the set-ups for a shot at the King
    (:func:`threats`)."""

    def __init__(self, variant: Variant, weights: Lc87Weights | None = None) -> None:
        super().__init__(variant, weights)
        self.evaluation = _DEFAULT if weights is None else Lc87Evaluation(weights)

    @classmethod
    def default_weights(cls, variant: Variant) -> Lc87Weights:
        return Lc87Weights()

    def evaluate(self, pos: Position) -> int:
        return self.evaluation(pos)

    def noisy(self, code: int) -> bool:
        return noisy(self.pos, code)

    def noisy_moves(self) -> list[int]:
        return noisy_moves(self.pos)

    def threats(self) -> list[int]:
        return threats(self.pos)

    def outcomes(self, decision: int) -> list[int]:
        """Straight from the rules' generator (no list of every action to filter): the piece sent
        off (the mover from e5, or the one the Hypercube lands on) may land on any empty square but
        e5, the square the mover left included, in board order."""
        board = self.board
        frm = decision & 255
        squares = [e for e, c in enumerate(board) if not c and e != HYPERSQUARE]
        squares.append(frm)
        squares.sort()
        return [decision | (e + 1) << 37 for e in squares]

    def stage_one(self, info: Info, tt_move: int, killers: list[int], hist: dict[int, int]) -> Stage | int:
        """The default first stage with the noisy test inlined (a fire, or a capture by landing: no
        chance decision captures)."""
        pos = self.pos
        moves = LASERCHESS87.generate_decisions(pos)
        board = self.board
        value = self.value
        stm = pos.turn
        bits = self.code_bits
        tactical: list[int] = []
        quiet: list[int] = []
        for c in moves:
            if c == tt_move:
                continue
            if c >> 30 & 1:
                tactical.append(NOISY_KEY << bits | c)
                continue
            frm, to = c & 255, c >> 8 & 255
            target = board[to]
            if target and frm != to and target >> 2 & 1 != stm and not c >> 37:
                tactical.append((ORDER_CAPTURE + value[target] * 64 - value[board[frm]]) << bits | c)
            else:
                quiet.append(c)
        return tactical, [], {}, -2, len(moves), quiet, False
