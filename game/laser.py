"""Beam tracing: the one place that decides where a laser goes and what it hits.

Two tracers, one result type:

* ``fire`` is the hot path for piece sets whose beams never split or charge (Khet, Leiserchess):
  one beam, no allocation unless a segment list is passed; ``trace`` wraps it into a :class:`Shot`
  with the full square-by-square path.
* ``trace_beams`` is the general stepped tracer every variant can use: every live beam advances one
  square per step, all together; beams split (children), carry a charge, count hits per reflecting
  surface, destroy with a delay (a dying piece still blocks for a few steps), or run on a static
  board with one loop guard shared by all beams; a step cap ends any shot. What a variant's beams
  do is data: its :class:`~game.pieceset.PieceSet` optics and its :class:`BeamRules`.

A :class:`Shot` is one beam segment (straight runs and mirror turns included) from ``start_step``
with one ``charge``; where it splits or its charge changes it ends and its ``children`` go on, so
a shot is a tree. The GUI animates exactly these trees and never re-implements optics.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from game.geometry import Geometry
from game.pieces import OPTICS, Piece
from game.pieceset import ABSORB, DESTROY, KILL, Op, PieceSet

OFF_BOARD = -3  # effect of a beam that leaves the board
MAX_HOPS = 256  # a reflection path cannot loop, but the tracer still caps its length


_HOPS = range(MAX_HOPS)


def fire(
    board: list[int],
    rays: tuple[tuple[int, ...], ...],
    start: int,
    direction: int,
    segments: list[tuple[int, int, int, int]] | None = None,
    _optics: list[int] = OPTICS,  # the piece set's fast_optics (bound: a local is fast here)
) -> int:
    """Trace a beam leaving ``start`` in ``direction``; return the square of the destroyed piece or -1.

    With ``segments`` given, append one ``(from_sq, direction, to_sq, effect)`` per straight run:
    ``effect`` is the outgoing direction at a mirror, ``ABSORB``/``DESTROY`` where it stops on a
    piece, or ``OFF_BOARD`` (``to_sq`` then is the last square before the edge, or -1 if none).
    """
    sq = start
    if segments is None:  # the hot path: no record
        for _ in _HOPS:
            for target in rays[sq << 2 | direction]:
                if board[target]:
                    break
            else:
                return -1
            effect = _optics[board[target] << 2 | direction]
            if effect >= 0:
                sq = target
                direction = effect
                continue
            return target if effect == DESTROY else -1
        return -1
    for _ in _HOPS:
        ray = rays[sq << 2 | direction]
        for target in ray:
            if board[target]:
                break
        else:
            segments.append((sq, direction, ray[-1] if ray else -1, OFF_BOARD))
            return -1
        effect = _optics[board[target] << 2 | direction]
        segments.append((sq, direction, target, effect))
        if effect >= 0:
            sq = target
            direction = effect
            continue
        return target if effect == DESTROY else -1
    return -1


@dataclass(frozen=True, slots=True)
class BeamStep:
    """One square on the beam's path: the direction the beam entered it and the one it left by.

    ``entry`` is None on the emitter's own square; ``exit`` is None where the beam stops.
    """

    square: int
    entry: int | None
    exit: int | None


@dataclass(frozen=True, slots=True)
class Shot:
    """One beam of a shot: its path square by square, what happened at its end, and what followed.

    ``path[i]`` is entered at step ``start_step + i`` (``path[0]`` is the emitter, splitter or
    mirror it starts from). ``effect`` is "destroyed", "absorbed", "off board", "blocked" (by a
    piece exploding there), "looped" (the loop guard), "capped" (the step cap) or "split" (the beam
    ends and its ``children`` go on: a split, or a change of charge).
    """

    path: tuple[BeamStep, ...]
    hit_square: int | None  # the square where the beam stopped on a piece, None if it left the board
    hit_piece: Piece | None
    effect: str
    start_step: int = 0
    charge: int = 0
    children: tuple[Shot, ...] = ()

    @property
    def destroyed(self) -> bool:
        return self.effect == "destroyed"

    @property
    def end_step(self) -> int:
        """The step at which this beam enters its last square."""
        return self.start_step + len(self.path) - 1

    def walk(self) -> Iterator[Shot]:
        """This beam and every beam that follows it, depth first (no recursion: trees nest deep)."""
        stack = [self]
        while stack:
            shot = stack.pop()
            yield shot
            stack.extend(reversed(shot.children))

    @property
    def squares(self) -> frozenset[int]:
        """Every square any beam of this tree passes."""
        return frozenset(s.square for b in self.walk() for s in b.path)


def trace(board: list[int], geo: Geometry, start: int, direction: int, optics: list[int] = OPTICS) -> Shot:
    """The full path of a beam leaving ``start`` in ``direction`` on ``board`` (nothing is changed)."""
    segments: list[tuple[int, int, int, int]] = []
    fire(board, geo.rays, start, direction, segments, optics)
    steps: list[BeamStep] = []
    entry: int | None = None
    sq = start
    for seg_from, d, seg_to, effect in segments:
        # The square the segment starts on (emitter or mirror) is left in direction d.
        steps.append(BeamStep(sq, entry, d))
        for through in geo.rays[seg_from << 2 | d]:
            if through == seg_to:
                break
            steps.append(BeamStep(through, d, d))
        else:
            seg_to = -1
        if effect == OFF_BOARD:
            if seg_to >= 0:
                steps.append(BeamStep(seg_to, d, d))
            return Shot(tuple(steps), None, None, "off board")
        entry = d
        sq = seg_to
        if effect < 0:
            steps.append(BeamStep(seg_to, d, None))
            return Shot(
                tuple(steps),
                seg_to,
                Piece.from_code(board[seg_to]),
                "destroyed" if effect == DESTROY else "absorbed",
            )
    return Shot(tuple(steps), None, None, "off board")


@dataclass(frozen=True)
class BeamRules:
    """How a variant's beams behave beyond the optics of its pieces."""

    static_board: bool = False  # pieces struck stay until the shot ends, then all go (1987)
    loop_guard: bool = False  # a beam may not enter a square in a direction any beam already did
    explode_delay: int = 0  # steps a destroyed piece keeps blocking beams before it is gone (98: 2)
    surface_hits: int | None = None  # hits a reflecting surface takes in a turn; the next destroys
    step_cap: int = 10_000  # beam-steps one fire may take
    absorbing: frozenset[int] = frozenset()  # squares that absorb every beam (1987's hypersquare)
    refire: bool = False  # fire again after each destroyed piece (Leiserchess 2017)


@dataclass(frozen=True)
class Hit:
    """A beam meeting a piece: when, where, which piece, and what the optics said."""

    step: int
    square: int
    code: int
    op: Op


@dataclass(frozen=True)
class BeamTrace:
    """Everything one fire did: its beam tree(s), every hit, and the pieces to remove."""

    beams: tuple[Shot, ...]
    hits: tuple[Hit, ...]
    removed: tuple[tuple[int, int, int], ...]  # (square, piece code, step it was destroyed), in order
    beam_steps: int  # beam-square advances taken (the step cap counts these)


@dataclass(eq=False)
class _Node:
    start_step: int
    charge: int
    path: list[BeamStep]
    effect: str = ""
    hit_square: int | None = None
    hit_code: int = 0
    children: list[_Node] = field(default_factory=list)

    def freeze(self) -> Shot:
        """The immutable tree; without recursion, since a long shot nests thousands deep."""
        order: list[_Node] = []
        stack = [self]
        while stack:
            node = stack.pop()
            order.append(node)
            stack.extend(node.children)
        frozen: dict[int, Shot] = {}
        for node in reversed(order):  # children before their parent
            frozen[id(node)] = Shot(
                tuple(node.path),
                node.hit_square,
                Piece.from_code(node.hit_code) if node.hit_code else None,
                node.effect or "off board",
                node.start_step,
                node.charge,
                tuple(frozen[id(c)] for c in node.children),
            )
        return frozen[id(self)]


def trace_beams(
    board: list[int],
    geo: Geometry,
    pieces: PieceSet,
    start: int,
    direction: int,
    rules: BeamRules = BeamRules(),
    charge: int = 0,
    surface_hits: dict[tuple[int, int], int] | None = None,
    start_step: int = 0,
) -> BeamTrace:
    """Trace every beam of one fire from ``start`` (nothing on ``board`` is changed).

    Beams advance one square per step, all together; every interaction happens as a beam enters
    a square, against the piece as it was at the start of that step, so the result never depends
    on an order between beams. ``surface_hits`` (per (square, surface)) is updated in place so a
    variant can count hits over a whole turn. The fire leaves ``start`` at ``start_step`` of the
    beam clock (a second fire of one action follows the first).
    """
    optic_table = pieces.optic_table
    max_charge = pieces.max_charge
    steps = geo.step
    hits_seen = surface_hits if surface_hits is not None else {}
    limit = rules.surface_hits
    root = _Node(start_step, charge, [BeamStep(start, None, direction)])
    live: list[tuple[_Node, int, int, int]] = [(root, start, direction, charge)]  # node, square, dir, charge
    gone_at: dict[int, int] = {}  # square -> step its piece was destroyed
    # The loop guard holds (square, direction) pairs a beam has *entered*: the emitter's square was
    # never entered, so a beam that comes back into it meets the emitter (and may destroy it).
    guard: set[int] = set()
    hits: list[Hit] = []
    removed: list[tuple[int, int, int]] = []
    struck: set[int] = set()
    beam_steps = 0
    step = start_step
    while live:
        step += 1
        if beam_steps + len(live) > rules.step_cap:
            for node, _sq, _d, _c in live:
                node.effect = "capped"
            break
        beam_steps += len(live)
        entering: dict[int, list[tuple[_Node, int, int]]] = {}
        for node, sq, d, c in live:
            target = steps[sq << 2 | d]
            if target < 0:
                node.effect = "off board"
                continue
            if rules.loop_guard:
                key = target << 2 | d
                if key in guard:
                    node.effect = "looped"
                    continue
                guard.add(key)
            entering.setdefault(target, []).append((node, d, c))
        live = []
        for target, group in entering.items():
            if target in rules.absorbing:
                for node, d, _c in group:
                    node.path.append(BeamStep(target, d, None))
                    node.effect = "absorbed"
                continue
            code = board[target]
            dead = gone_at.get(target)
            if dead is not None and not rules.static_board:
                if step - dead <= rules.explode_delay:
                    for node, d, _c in group:
                        node.path.append(BeamStep(target, d, None))
                        node.effect, node.hit_square = "blocked", target
                    continue
                code = 0
            if not code:
                for node, d, c in group:
                    node.path.append(BeamStep(target, d, d))
                    live.append((node, target, d, c))
                continue
            answers = [optic_table[code << 2 | d][min(c, max_charge)] for _n, d, c in group]
            if limit is not None:
                for i, answer in enumerate(answers):
                    if answer.surface >= 0 and answer.op is not Op.DESTROY:
                        key2 = (target, answer.surface)
                        hits_seen[key2] = hits_seen.get(key2, 0) + 1
                        if hits_seen[key2] > limit:
                            answers[i] = KILL
            destroyed = any(a.op is Op.DESTROY for a in answers)
            # On a static board each beam meets the piece as if intact, even in the step that
            # destroys it; otherwise a piece destroyed by one beam stops every beam entering with it.
            alone = rules.static_board
            for (node, d, c), answer in zip(group, answers, strict=True):
                op = answer.op if alone else (Op.DESTROY if destroyed else answer.op)
                hits.append(Hit(step, target, code, op))
                if op is Op.DESTROY or op is Op.ABSORB:
                    node.path.append(BeamStep(target, d, None))
                    node.effect = "destroyed" if op is Op.DESTROY else "absorbed"
                    node.hit_square, node.hit_code = target, code
                elif op is Op.PASS and answer.charge is None and not answer.charge_step:
                    node.path.append(BeamStep(target, d, d))
                    live.append((node, target, d, c))
                elif op is Op.SPLIT:
                    node.path.append(BeamStep(target, d, None))
                    node.effect, node.hit_square = "split", target
                    for out in answer.out:
                        child = _Node(step, c, [BeamStep(target, None, out)])
                        node.children.append(child)
                        live.append((child, target, out, c))
                else:  # REFLECT, BACK or PASS, changing the charge
                    out = answer.out[0] if answer.out else d
                    new_charge = answer.charge if answer.charge is not None else c
                    new_charge = min(new_charge + answer.charge_step, max_charge)
                    if new_charge == c:
                        node.path.append(BeamStep(target, d, out))
                        live.append((node, target, out, c))
                    else:
                        node.path.append(BeamStep(target, d, None))
                        node.effect, node.hit_square = "split", target
                        child = _Node(step, new_charge, [BeamStep(target, None, out)])
                        node.children.append(child)
                        live.append((child, target, out, new_charge))
            if destroyed and target not in struck:
                struck.add(target)
                removed.append((target, code, step))
                gone_at[target] = step
    return BeamTrace((root.freeze(),), tuple(hits), tuple(removed), beam_steps)


__all__ = [
    "ABSORB",
    "DESTROY",
    "OFF_BOARD",
    "BeamRules",
    "BeamStep",
    "BeamTrace",
    "Hit",
    "Shot",
    "fire",
    "trace",
    "trace_beams",
]
