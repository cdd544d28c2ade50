"""What a rule set's rules do, found by asking them (no pygame).

Who fires the laser and when, how many actions a turn holds and what each kind of action costs,
how each kind of piece moves and what a beam does on each of its faces: all read from the
variant's data (its piece set's optics and roles) and its move generator (seeded playouts and
small probe positions), never written by hand. The Rules pages, the piece card and the move
preview read these facts, so none of them can say something the rules do not do.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Literal

from game import Move, Position
from game.geometry import EAST, NORTH, SOUTH, WEST
from game.pieces import Piece
from game.pieceset import Op, Optic, PieceKind
from game.variants import get_variant
from game.variants.base import Variant

Fires = Literal["auto", "action", "none"]
ActionClass = Literal["move", "rotate", "fire"]
FACES = (NORTH, EAST, SOUTH, WEST)  # the faces of a piece at orientation 0, clockwise from its front
FACE_NAMES = ("front", "right", "back", "left")
FACE_WORDS = {  # what a beam striking a face does, in a word (the piece card's labels)
    Op.PASS: "pass",
    Op.REFLECT: "reflect",
    Op.BACK: "back",
    Op.SPLIT: "split",
    Op.ABSORB: "absorb",
    Op.DESTROY: "destroyed",
}


@dataclass(frozen=True)
class TurnFacts:
    """How a turn of a rule set goes, found by playing it."""

    actions: int  # most actions in one turn
    fires: Fires  # "auto": the mover's laser fires after every move; "action": firing is an action
    fire_once: bool  # at most one fire a turn (when firing is an action)
    costs: dict[ActionClass, frozenset[int]]  # actions each kind of action uses from a turn's start

    def cost_words(self, what: ActionClass) -> str:
        """ "one action", "both actions", "one or both actions", "the whole turn"."""
        costs = self.costs.get(what, frozenset())
        if self.actions == 1 or not costs:
            return "the whole turn"
        if costs == {self.actions}:
            return "the whole turn" if self.half_actions else "both actions"
        if costs == {1}:
            return "one half-action" if self.half_actions else "one action"
        return "one or both actions"

    @property
    def half_actions(self) -> bool:
        """A move is a whole turn and only the other actions come in halves (LaserChess 98)."""
        return self.actions == 2 and self.costs.get("move") == frozenset({2})


@dataclass(frozen=True)
class PieceFacts:
    """What one kind of piece does, found from its optics and by moving it on a probe board."""

    kind: PieceKind
    faces: tuple[Optic, ...]  # what an ordinary beam does on its front, right, back and left face
    charged_faces: tuple[Optic, ...] | None  # the same for a fully charged beam, when that differs
    steps: dict[tuple[int, int], int]  # destination (dx, dy) from the piece -> actions it costs
    jumps: bool  # reaches squares past a piece in the way (a chess knight)
    rotates: bool  # may turn (to another shape)
    fires: bool  # its owner fires it (an action); an emitter of an automatic laser has fires False

    @property
    def moves(self) -> bool:
        return bool(self.steps)


def classify(move: Move) -> ActionClass:
    if move.fire:
        return "fire"
    if move.from_square == move.to_square:
        return "rotate"
    return "move"


def _playout_positions(v: Variant, plies: int = 40, seed: int = 11) -> Iterator[Position]:
    """Positions at the start of a turn met along seeded random playouts from each setup."""
    rng = random.Random(seed)
    for fen in v.setups.values():
        pos = Position.from_fen(fen, v)
        for _ in range(plies):
            if pos.outcome() is not None:
                break
            moves = list(pos.legal_moves)
            if not moves:
                break
            if pos.part == 0:
                yield pos
            rng.shuffle(moves)
            if not play_on(pos, moves):
                break


def play_on(pos: Position, moves: list[Move], tries: int = 8) -> bool:
    """Go on with a playout: push the first of ``moves`` (shuffled) that does not end the game, trying
    ``tries`` of them; False (nothing pushed) when each ends it."""
    for move in moves[:tries]:
        pos.push(move)
        if pos.outcome() is None:
            return True
        pos.pop()
    return False


SAMPLES_PER_CLASS = 6  # moves of each kind whose cost is tried in each playout position


def _probe(pos: Position, move: Move) -> tuple[int | None, bool]:
    """(actions ``move`` uses, None when it ends the game; whether another fire may follow it in
    the same turn): one push, one pop."""
    left, turn = pos.actions_left, pos.turn
    pos.push(move)
    try:
        if pos.outcome() is not None:
            return None, False  # a turn cut short by the end of the game says nothing about costs
        over = pos.turn != turn
        again = not over and move.fire and any(m.fire for m in pos.legal_moves)
        return (left if over else 1), again
    finally:
        pos.pop()


@cache
def turn_facts(variant_name: str) -> TurnFacts:
    """The facts of a turn, from a few hundred moves of seeded playouts: a rule set of one action
    a turn only needs to know which kinds of action exist; the others try the cost of a few moves
    of each kind in each position (cheap enough to ask for on the first piece card)."""
    v = get_variant(variant_name)
    costs: dict[ActionClass, set[int]] = {}
    fire_again = False
    fired = False
    for pos in _playout_positions(v):
        tried: dict[ActionClass, int] = {}
        for move in pos.legal_moves:
            what = classify(move)
            if v.turn_actions == 1:
                costs.setdefault(what, set()).add(1)
                continue
            if tried.get(what, 0) >= SAMPLES_PER_CLASS:
                continue
            tried[what] = tried.get(what, 0) + 1
            cost, again = _probe(pos, move)
            if cost is None:
                continue
            costs.setdefault(what, set()).add(cost)
            if what == "fire" and cost == 1:
                fired = True
                fire_again = fire_again or again
    if "fire" in costs:
        fires: Fires = "action"
    else:
        fires = "auto" if v.laser_kind else "none"
    return TurnFacts(
        actions=v.turn_actions,
        fires=fires,
        fire_once=fires == "action" and v.turn_actions > 1 and fired and not fire_again,
        costs={k: frozenset(c) for k, c in costs.items()},
    )


def _faces(kind: PieceKind, charge: int) -> tuple[Optic, ...]:
    """What a beam striking each face (front, right, back, left at orientation 0) does: a beam
    striking a face travels opposite to the direction the face looks."""
    return tuple(kind.optics(0, (face + 2) % 4, charge) for face in FACES)


def _probe_position(v: Variant, kind: PieceKind) -> tuple[Position, int] | None:
    """A position with the first side to move, only the royal and emitting pieces of the default
    setup left, and a ``kind`` of the first side on the most central free square (the setup's own
    piece, when it is royal or an emitter): where its moves show on an open board."""
    start = Position.from_fen(v.setup_fen(), v)
    board = [0] * v.geometry.size
    own: tuple[int, Piece] | None = None
    for sq, piece in start.pieces():
        info = v.pieces.by_number[piece.kind]
        if info.royal or info.emitter:
            board[sq] = piece.code
            if piece.kind == kind.number and piece.color == start.turn and own is None:
                own = (sq, piece)
    geo = v.geometry
    cx, cy = (geo.width - 1) / 2, (geo.height - 1) / 2
    free = [
        sq
        for sq in range(geo.size)
        if not board[sq] and v.reserved[sq] in (-1, start.turn) and sq not in v.presentation.special_squares
    ]
    if not free:
        return None
    centre = min(free, key=lambda sq: (abs(geo.file_of(sq) - cx) + abs(geo.rank_of(sq) - cy), sq))
    orientation = 0
    if own is not None:
        board[own[0]] = 0
        orientation = own[1].orientation if kind.facing else 0
    board[centre] = v.pieces.code_of(kind.number, start.turn, orientation)
    try:
        pos = Position(v, board, start.turn)
    except (ValueError, KeyError, IndexError):
        return None
    return pos, centre


@cache
def piece_facts(variant_name: str, number: int) -> PieceFacts:
    v = get_variant(variant_name)
    kind = v.pieces.by_number[number]
    faces = _faces(kind, 0)
    charged = _faces(kind, v.pieces.max_charge) if v.pieces.max_charge else None
    if charged is not None and [f.op for f in charged] == [f.op for f in faces]:
        charged = None
    steps: dict[tuple[int, int], int] = {}
    rotates = fires = jumps = False
    probe = _probe_position(v, kind)
    if probe is not None:
        pos, sq = probe
        geo = v.geometry
        x, y = geo.file_of(sq), geo.rank_of(sq)
        sign = 1 if pos.turn == 0 else -1  # "up" is towards the other side
        for move in pos.legal_moves:
            if move.from_square != sq:
                continue
            what = classify(move)
            if what == "fire":
                fires = True
            elif what == "rotate":
                rotates = rotates or not move.is_null
            else:
                to = move.to_square
                offset = ((geo.file_of(to) - x) * sign, (geo.rank_of(to) - y) * sign)
                if offset not in steps:
                    steps[offset] = pos.action_cost(move)
        jumps = any(abs(dx) + abs(dy) == 3 and abs(dx) in (1, 2) and abs(dy) in (1, 2) for dx, dy in steps)
    return PieceFacts(kind, faces, charged, steps, jumps, rotates, fires)


def distinct_kinds(v: Variant) -> list[PieceKind]:
    """The set's kinds, one per name (a promoted Queen is still a Queen), palette order."""
    seen: dict[str, PieceKind] = {}
    for kind in v.pieces.kinds:
        seen.setdefault(kind.name, kind)
    return list(seen.values())


# ----------------------------------------------------------------------------- words


def movement_words(facts: PieceFacts) -> str:
    """How a piece moves, in a few words ("steps one square in any direction", "jumps like a
    chess knight", "slides any number of squares diagonally, not past a piece, or steps one square
    straight"), read from the squares it reaches on the probe board."""
    steps = facts.steps
    if not steps:
        return "never moves"
    vectors = set(steps)
    if all(dx == 0 for dx, _ in vectors):
        return (
            "moves straight ahead" if all(dy > 0 for _, dy in vectors) else "steps one square ahead or back"
        )
    straight = {(dx, dy) for dx, dy in vectors if dx == 0 or dy == 0}
    diagonal = {(dx, dy) for dx, dy in vectors if abs(dx) == abs(dy)}
    costs = set(steps.values())
    if len(costs) > 1:  # Laser Chess 1987: the near squares cost one action, the far ones both
        near = " or ".join(_step_words({v for v, c in steps.items() if c == min(costs)}))
        far = " or ".join(_step_words({v for v, c in steps.items() if c == max(costs)}))
        return f"{near} (one action), or {far} (both actions)"
    parts = []
    if vectors - straight - diagonal:
        parts.append("jumps like a chess knight")
    parts += _step_words(straight | diagonal)
    return ", or ".join(parts)


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _step_words(vectors: set[tuple[int, int]]) -> list[str]:
    straight = {v for v in vectors if v[0] == 0 or v[1] == 0}
    diagonal = vectors - straight

    def slides(line: set[tuple[int, int]]) -> bool:  # reaches two squares away and the one between
        return any(max(abs(dx), abs(dy)) >= 2 and (_sign(dx), _sign(dy)) in line for dx, dy in line)

    long_straight, long_diagonal = slides(straight), slides(diagonal)
    if long_straight and long_diagonal:
        return ["slides any number of squares in any direction, not past a piece"]
    out = []
    if long_straight:
        out.append("slides any number of squares straight, not past a piece")
    if long_diagonal:
        out.append("slides any number of squares diagonally, not past a piece")
    if not long_straight and straight:
        two = any(max(abs(dx), abs(dy)) == 2 for dx, dy in straight)
        ones = any(max(abs(dx), abs(dy)) == 1 for dx, dy in straight)
        if ones and not long_diagonal and diagonal and not two:
            return out + ["steps one square in any direction"]
        out.append("moves two squares straight" if two and not ones else "steps one square straight")
    if not long_diagonal and diagonal:
        out.append("steps one square diagonally")
    return out


FACE_PHRASES = {  # (one face does, several faces do)
    Op.PASS: ("lets a beam through", "let a beam through"),
    Op.REFLECT: ("turns a beam 90°", "turn a beam 90°"),
    Op.BACK: ("sends a beam straight back", "send a beam straight back"),
    Op.SPLIT: ("splits a beam in two", "split a beam in two"),
    Op.ABSORB: ("stops a beam", "stop a beam"),
    Op.DESTROY: ("is vulnerable", "are vulnerable"),
}
COUNT_WORDS = {1: "one face", 2: "two faces", 3: "three faces"}


def _phrase(optic: Optic, count: int) -> str:
    words = FACE_PHRASES[optic.op][0 if count == 1 else 1]
    if optic.op is Op.PASS and optic.charge:
        words += ", charging it"
    return words


def optics_words(faces: tuple[Optic, ...]) -> str:
    """What beams do to a piece: "a beam on any face destroys it", "its front stops a beam; a beam
    on any other face destroys it", "two faces turn a beam 90° and two faces are vulnerable"."""
    ops = [f.op for f in faces]
    kinds = list(dict.fromkeys(ops))
    if len(kinds) == 1:
        return {
            Op.PASS: "beams pass through it",
            Op.REFLECT: "every face turns a beam 90°",
            Op.BACK: "every face sends a beam straight back",
            Op.SPLIT: "every face splits a beam",
            Op.ABSORB: "it stops every beam",
            Op.DESTROY: "a beam on any face destroys it",
        }[kinds[0]]
    if len(kinds) == 2 and ops.count(Op.DESTROY) == 3:
        face = next(i for i, op in enumerate(ops) if op is not Op.DESTROY)
        return f"its {FACE_NAMES[face]} {_phrase(faces[face], 1)}; a beam on any other face destroys it"
    parts = []
    for op in kinds:
        count = ops.count(op)
        parts.append(f"{COUNT_WORDS[count]} {_phrase(faces[ops.index(op)], count)}")
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def piece_words(v: Variant, facts: PieceFacts) -> str:
    """One sentence about a piece for the Rules screen, every clause from its facts."""
    kind = facts.kind
    clauses = [movement_words(facts)]
    if facts.rotates:
        clauses.append("turns" if kind.shapes == 4 else "turns between its two shapes")
    if kind.captures:
        clauses.append("captures by landing on an enemy piece")
    if kind.emitter:
        clauses.append(
            "its laser is fired by its owner" if facts.fires else "fires the laser after every move"
        )
    if kind.royal:
        clauses.append("lose it and you lose")
    text = "; ".join(clauses)
    if not v.laser_kind:
        return text + "."
    optics = optics_words(facts.faces)
    if facts.charged_faces is not None:
        optics += "; a charged beam: " + optics_words(facts.charged_faces)
    elif kind.indestructible:
        optics += ", and no beam destroys it"
    return f"{text}. Beams: {optics}."
