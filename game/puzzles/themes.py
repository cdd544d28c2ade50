"""The puzzle themes, what each one asks, and the proofs that a position is a puzzle of one.

Every theme is a measure of a turn of the solver (the side to move), and a position is a puzzle of
the theme when exactly one turn meets the measure at every step of the solver's side:

* ``win1``/``win2``/``win3`` (*win in N turns*): the enemy royal falls by the end of the solver's
  N-th turn whatever the defender does, and no faster; the defender's replies in the stored line
  resist longest. Proof depth ``2N - 1`` turns.
* ``save`` (*save your royal*): exactly one turn leaves the solver's royal standing with no enemy
  turn that destroys it (and no turn wins at once). Proof depth 2 turns.
* ``material`` (*win material*): exactly one turn gains at least the smallest piece's value
  against every reply (royals falling count as a win or a loss), and no turn wins at once. Proof
  depth 2 turns.
* ``trap`` (*win material by a trap*, made by the self-shot generator): exactly one turn leaves
  every reply either a piece down or with the solver winning at once next turn (and no turn wins
  at once); the stored line goes on with a best defence (the royal kept past the solver's next
  turn, least material lost), and every best defence destroys one of the defender's own pieces
  with its own beam (:func:`prove_trap`). Proof depth 3 turns.

Motifs are tags read from the proven line's effects report: a self-shot (the defender's own beam
destroys its piece), a swap, a split or charged beam, a beam through the Hypercube, the Lousy
Chess bishop's side step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.move import Move
from game.pieceset import PieceSet
from game.position import Position
from game.puzzles.prover import Leaf, Prover, Turn

WIN_THEMES = {"win1": 1, "win2": 2, "win3": 3}
THEMES = ("win1", "win2", "win3", "save", "material", "trap")
THEME_NAMES = {
    "win1": "Win in 1",
    "win2": "Win in 2",
    "win3": "Win in 3",
    "save": "Save your royal",
    "material": "Win material",
    "trap": "Win material by a trap",
}
MOTIFS = ("self-shot", "swap", "splitter", "charge", "hypercube", "side-step")
MOTIF_NAMES = {
    "self-shot": "Self-shot trap",
    "swap": "Swap",
    "splitter": "Splitter",
    "charge": "Charged beam",
    "hypercube": "Through the Hypercube",
    "side-step": "Bishop's side step",
}


def theme_label(key: str) -> str:
    """A theme's or motif's name for players."""
    return THEME_NAMES.get(key) or MOTIF_NAMES.get(key, key)


BASE_RATING = {"win1": 1000, "save": 1150, "material": 1250, "trap": 1400, "win2": 1450, "win3": 1750}


@dataclass(frozen=True)
class Proof:
    """A proven puzzle: its theme, the line (turns of action codes, solver first, alternating), the
    proof's depth in turns, the actions it made, the solver's choices at the start, and for
    ``material`` the least gain (in the piece set's values)."""

    theme: str
    line: tuple[tuple[int, ...], ...]
    depth: int
    nodes: int
    options: int
    gain: int = 0


def material(pos: Position, color: int) -> int:
    """``color``'s material minus the other side's, in the piece set's values."""
    return sum(map(_signed_values(pos.variant.pieces, color).__getitem__, pos.board))


_SIGNED: dict[int, tuple[PieceSet, tuple[list[int], list[int]]]] = {}


def _signed_values(pieces: PieceSet, color: int) -> list[int]:
    """Each code's value for ``color``: its own pieces count up, the other side's down (a table
    summed over the board: the proofs ask for material hundreds of thousands of times)."""
    cached = _SIGNED.get(id(pieces))
    if cached is None or cached[0] is not pieces:
        white = [-v if code >> 2 & 1 else v for code, v in enumerate(pieces.value)]
        cached = _SIGNED[id(pieces)] = (pieces, (white, [-v for v in white]))
    return cached[1][color]


def smallest_piece(pos: Position) -> int:
    """The least positive value of a kind of the set: what "winning material" must gain at least."""
    return min(k.value for k in pos.variant.pieces.kinds if k.value > 0)


# ------------------------------------------------------------------ win in N
def prove_win(prover: Prover, pos: Position, n: int) -> Proof | None:
    """A proof that ``pos`` is a *win in n* puzzle, or None (see the module docs)."""
    solver = pos.turn
    start = prover.nodes
    if prover.decided(pos) is not None:
        return None
    if n > 1 and prover.wins(pos, solver, n - 1):
        return None  # a faster win: a puzzle of a smaller N, if any
    options = len(prover.turns(pos))
    line: list[tuple[int, ...]] = []
    if not _win_line(prover, pos, solver, n, line):
        return None
    return Proof(f"win{n}", tuple(line), 2 * n - 1, prover.nodes - start, options)


def _win_line(prover: Prover, pos: Position, solver: int, k: int, line: list[tuple[int, ...]]) -> bool:
    """Extend ``line`` from a solver's step that must win within ``k`` turns: exactly one turn wins,
    then a longest-resisting reply, and so on; False if a step has no unique answer."""
    found = prover.winning_turns(pos, k, 2)
    if len(found) != 1 or found[0].chance:
        return False
    mine = found[0]
    line.append(mine.codes)
    with prover.playing(pos, mine):
        if prover.decided(pos) == solver:
            return True
        kept = len(line)
        for reply, resist in _longest_replies(prover, pos, solver, k - 1):
            line.append(reply.codes)
            with prover.playing(pos, reply):
                if resist == 0 or _win_line(prover, pos, solver, resist, line):
                    return True
            del line[kept:]
    line.pop()
    return False


def _longest_replies(prover: Prover, pos: Position, solver: int, most: int) -> list[tuple[Turn, int]]:
    """Up to three replies (no chance) that hold out all ``most`` turns, the ones that gain the
    defender most material first; if every reply destroys the defender's own royal, the first."""
    defender = pos.turn
    scored: list[tuple[int, int, Turn]] = []
    self_kills: list[Turn] = []
    for i, reply in enumerate(prover.turns(pos)):
        if reply.chance:
            continue
        with prover.playing(pos, reply):
            if prover.decided(pos) == solver:
                self_kills.append(reply)
            else:
                scored.append((-material(pos, defender), i, reply))
    scored.sort(key=lambda t: (t[0], t[1]))
    chosen: list[tuple[Turn, int]] = []
    for _score, _i, reply in scored:
        with prover.playing(pos, reply):
            holds = most <= 1 or not prover.wins(pos, solver, most - 1)
        if holds:
            chosen.append((reply, most))
            if len(chosen) == 3:
                break
    if not chosen and not scored and self_kills:
        chosen.append((self_kills[0], 0))
    return chosen


# ------------------------------------------------------------------ save your royal
def prove_save(prover: Prover, pos: Position, checking: bool = False) -> Proof | None:
    """A proof that exactly one turn keeps the solver's royal from falling next turn
    (``checking``: see :func:`_the_one_turn`)."""
    solver = pos.turn
    start = prover.nodes
    if prover.decided(pos) is not None:
        return None

    def safe(p: Position) -> bool:
        return prover.decided(p) is None and not prover.wins(p, 1 - solver, 1)

    found = _the_one_turn(prover, pos, safe, checking, fewest=3)
    if found is None:
        return None
    saving, options = found
    return Proof("save", (saving.codes,), 2, prover.nodes - start, options)


# ------------------------------------------------------------------ win material
def prove_material(prover: Prover, pos: Position, checking: bool = False) -> Proof | None:
    """A proof that exactly one turn wins at least the smallest piece against every reply
    (``checking``: see :func:`_the_one_turn`; the least gain is then not measured, 0)."""
    solver = pos.turn
    start = prover.nodes
    if prover.decided(pos) is not None:
        return None
    base = material(pos, solver)
    after_reply = _piece_up(prover, solver, base, smallest_piece(pos), or_winning_next=False)

    def after_mine(p: Position) -> bool:
        result = prover.decided(p)
        if result is not None:
            return result == solver
        return prover.every_turn(p, after_reply)

    found = _the_one_turn(prover, pos, after_mine, checking)
    if found is None:
        return None
    mine, options = found
    gain = 0
    if not checking:
        with prover.playing(pos, mine):
            gain = _least_gain(prover, pos, solver, base)
    return Proof("material", (mine.codes,), 2, prover.nodes - start, options, gain)


def _piece_up(prover: Prover, solver: int, base: int, need: int, or_winning_next: bool) -> Leaf:
    """The leaf after a reply shared by *win material* and the *trap*: a decided game counts as
    the solver's win or loss, else the solver is ``need`` up on ``base`` (or, for the trap, wins
    at once on its next turn)."""

    def after_reply(p: Position) -> bool:
        result = prover.decided(p)
        if result is not None:
            return result == solver
        return material(p, solver) - base >= need or (or_winning_next and prover.wins(p, solver, 1))

    return after_reply


def _the_one_turn(
    prover: Prover, pos: Position, leaf: Leaf, checking: bool, fewest: int = 1
) -> tuple[Turn, int] | None:
    """The one turn of the side to move after which ``leaf`` holds (and how many turns it has),
    or None: no turn or several do, it has fewer than ``fewest`` turns, the turn is a chance, or
    a turn wins at once (a win puzzle, not this theme's). The generator asks every turn first
    whether it wins at once, then ``leaf``: a proof's size is stored with the puzzle, so that order
    stays. ``checking`` (the re-proof of a stored puzzle) asks both in one pass, a turn made once."""
    solver = pos.turn

    def won(p: Position) -> bool:
        return prover.decided(p) == solver

    if not checking and prover.winning_turns(pos, 1, 1):
        return None
    turns = prover.turns(pos)
    if len(turns) < fewest:
        return None
    found: list[Turn] = []
    for turn in turns:
        if not checking:
            good = prover.after_turn(pos, turn, leaf)
        elif turn.chance:
            if prover.after_turn(pos, turn, won):
                return None
            good = prover.after_turn(pos, turn, leaf)
        else:
            with prover.playing(pos, turn):
                if won(pos):
                    return None
                good = leaf(pos)
        if good:
            found.append(turn)
            if len(found) > 1:
                return None
    if len(found) != 1 or found[0].chance:
        return None
    return found[0], len(turns)


def _least_gain(prover: Prover, pos: Position, solver: int, base: int) -> int:
    """The solver's smallest material gain over the defender's replies (chance outcomes included)."""
    least: list[int] = []

    def note(p: Position) -> bool:
        if prover.decided(p) is None:
            least.append(material(p, solver) - base)
        return True

    prover.every_turn(pos, note)
    return min(least) if least else 0


# ------------------------------------------------------------------ win material by a trap
def prove_trap(prover: Prover, pos: Position, checking: bool = False) -> Proof | None:
    """A proof that ``pos`` is a self-shot trap (see the module docs), or None: the one turn of
    :func:`trap_turn`, after which every best defence (the royal standing after the solver's
    next turn, least lost) destroys one of the defender's own pieces with its own beam. The line
    is that turn and the first best defence in the prover's order of turns."""
    start = prover.nodes
    found = trap_turn(prover, pos, checking)
    if found is None:
        return None
    mine, options = found
    solver = pos.turn
    base = material(pos, solver)
    with prover.playing(pos, mine):
        best = best_defences(prover, pos, solver, base)
        if not best or not all(self_shot(pos, reply) for _gain, reply in best):
            return None  # every reply loses the royal (a win in 2), or a defence avoids the self-shot
        gain, reply = best[0]
    return Proof("trap", (mine.codes, reply.codes), 3, prover.nodes - start, options, gain)


def trap_turn(prover: Prover, pos: Position, checking: bool = False) -> tuple[Turn, int] | None:
    """The one turn after which every reply leaves the solver at least the smallest piece up or
    winning at once (a royal falling counts as a win or a loss; no turn may win at once), with
    the number of turns; None if no turn or several do (``checking``: see :func:`_the_one_turn`)."""
    solver = pos.turn
    if prover.decided(pos) is not None:
        return None
    base = material(pos, solver)
    after_reply = _piece_up(prover, solver, base, smallest_piece(pos), or_winning_next=True)

    def after_mine(p: Position) -> bool:
        return prover.decided(p) is None and prover.every_turn(p, after_reply)

    return _the_one_turn(prover, pos, after_mine, checking)


def best_defences(prover: Prover, pos: Position, solver: int, base: int) -> list[tuple[int, Turn]]:
    """The defender's replies (no chance) that keep its royal past the solver's next turn and
    lose least material, each with the solver's gain, in the prover's order of turns."""
    kept: list[tuple[int, Turn]] = []
    for reply in prover.turns(pos):
        if reply.chance:
            continue
        with prover.playing(pos, reply):
            if prover.decided(pos) is not None or prover.wins(pos, solver, 1):
                continue
            kept.append((material(pos, solver) - base, reply))
    least = min((gain for gain, _reply in kept), default=0)
    return [(gain, reply) for gain, reply in kept if gain == least]


def self_shot(pos: Position, turn: Turn) -> bool:
    """Does the side to move destroy one of its own pieces with its own beam in ``turn`` (no
    chance)? Read from the effects reports of the turn's actions, as :func:`motifs` reads a line."""
    mover = pos.turn
    work = pos.copy()
    hit = False
    for code in turn.codes:
        effects = work.push(Move.from_code(code))
        hit = hit or any(r.beam >= 0 and r.code >> 2 & 1 == mover for r in effects.removed)
    return hit


# ------------------------------------------------------------------ motifs and rating
def motifs(pos: Position, line: tuple[tuple[int, ...], ...]) -> tuple[str, ...]:
    """The motifs of a proven line, read from each action's effects report (``pos`` unchanged)."""
    solver = pos.turn
    variant = pos.variant
    kinds = variant.pieces
    found: set[str] = set()
    work = pos.copy()
    for turn in line:
        for code in turn:
            move = Move.from_code(code)
            board = list(work.board)
            mover = work.turn
            effects = work.push(move)
            piece = board[move.from_square]
            if mover == solver:
                swapped = len(effects.moved) >= 2 and board[move.to_square] and not effects.captured
                if swapped and move.from_square != move.to_square:
                    found.add("swap")
                name = kinds.name(piece) if piece else ""
                if name == "Bishop" and _orthogonal_step(work, move):
                    found.add("side-step")
                for root in effects.beams:
                    for beam in root.walk():
                        if beam.effect == "split" and len(beam.children) > 1:
                            found.add("splitter")
                        if beam.charge > 0:
                            found.add("charge")
                        for step in beam.path[1:]:
                            here = board[step.square]
                            if here and kinds.name(here) == "Hypercube":
                                found.add("hypercube")
            else:
                if any(r.beam >= 0 and r.code >> 2 & 1 == mover for r in effects.removed):
                    found.add("self-shot")
    return tuple(m for m in MOTIFS if m in found)


def _orthogonal_step(pos: Position, move: Move) -> bool:
    geo = pos.geometry
    dx = abs(geo.file_of(move.to_square) - geo.file_of(move.from_square))
    dy = abs(geo.rank_of(move.to_square) - geo.rank_of(move.from_square))
    return dx + dy == 1


def initial_rating(proof: Proof, tags: tuple[str, ...]) -> int:
    """A first guess of a puzzle's difficulty (Glicko-2 moves it as players try it): the theme's
    base, more for many choices at the start, more for a self-shot (hard to see) or another motif."""
    rating = BASE_RATING[proof.theme]
    rating += max(-250, min(250, round(120 * math.log2(max(1, proof.options) / 40))))
    rating += 100 if "self-shot" in tags else 0
    rating += 50 * len([t for t in tags if t != "self-shot"])
    return int(rating)
