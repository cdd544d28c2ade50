"""The uniqueness prover: exact, full-width searches over whole turns, on the public Position API.

A puzzle is accepted only when this module proves it. It plays every legal action with
``make_code``/``unmake_code`` and asks the rules what happened (``loser``, ``rule_outcome``,
``no_moves_outcome``); it knows no rule set. Nothing is pruned by judgement: a branch is left only
when its answer is already decided (the first winning choice of the side that chooses, the first
refutation of the side that must answer), which cannot hide a second solution because every
alternative at a solver's step is searched to the end for the measure of the theme.

Words used here:

* a **turn** is every action a side makes before the other side moves (Khet's one move and shot;
  LaserChess 98's move or two half-actions; Laser Chess 1987's two actions). Two action orders
  that leave the same position are the same turn.
* **chance** (Laser Chess 1987's hypersquare and Hypercube) is played out in full and counted
  against whoever wants to force something: a side forces a result only if it follows from
  every square chance may choose. So a chance move is never a puzzle's answer, and a defence
  that leans on chance is refuted for every outcome.
* ``wins(pos, attacker, n)``: whatever the other side does, the attacker's turns can bring down
  the other side's royal piece (by any beam or capture, its own included) by the end of the
  attacker's ``n``-th turn from here, while the attacker's own royal stands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from game.chance import CHANCE_BITS, DECISION
from game.position import Position
from game.variants.base import Variant

FIRE_BIT = 1 << 30  # Move code bit of a fire action (game.move)
BOTH = 2  # Position.loser when both royals fell at once

Leaf = Callable[[Position], bool]


class ProofTooLarge(Exception):
    """The search passed its node budget: nothing was proven either way (the generator skips the
    candidate; a proof is never cut short into a wrong answer)."""


@dataclass(frozen=True)
class Turn:
    """One choice of the side to move: its action codes. With ``chance`` set, the last code is a
    chance decision (``game.chance.DECISION``) whose outcome the game draws, and the rest of the
    turn is chosen after seeing it."""

    codes: tuple[int, ...]
    chance: bool = False


class Prover:
    """Exact AND/OR searches with a memo of proven answers (keyed by the position, the position two
    actions back -- the Leiserchess Ko rule reads it -- the attacker and the turns left)."""

    def __init__(self, max_nodes: int | None = None) -> None:
        self.nodes = 0  # actions made, the unit of a proof's size
        self.max_nodes = max_nodes
        self._memo: dict[tuple[int, int, int, int], bool] = {}
        self._killers: dict[int, int] = {}  # actions done so far -> the last refutation found there

    # ------------------------------------------------------------ the rules, as the prover sees them
    def make(self, pos: Position, code: int) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise ProofTooLarge(f"more than {self.max_nodes:,} actions")
        pos.make_code(code)

    @staticmethod
    def decisions(pos: Position) -> list[int]:
        """The choices of the side to move: action codes, each chance decision once (DECISION)."""
        if pos.loser >= 0:
            return []
        return list(pos.variant.generate_decisions(pos))

    @staticmethod
    def outcomes(pos: Position, decision: int) -> list[int]:
        """The action codes one choice may turn into (several for a chance decision)."""
        if not decision & DECISION:
            return [decision]
        key = decision & ~DECISION
        return [c for c in pos.generate_codes() if c & ~CHANCE_BITS == key]

    @staticmethod
    def decided(pos: Position) -> int | None:
        """The winner (0/1), 2 for a draw, or None while play goes on -- without generating moves,
        except where running out of moves would win (Lousy Chess) and the side to move may have none."""
        loser = pos.loser
        if loser >= 0:
            return 2 if loser == BOTH else 1 - loser
        variant = pos.variant
        ruled = variant.rule_outcome(pos)
        if ruled is not None:
            return 2 if ruled.winner is None else int(ruled.winner)
        if type(variant).no_moves_outcome is Variant.no_moves_outcome:
            return None  # the default: no moves is a draw, nobody's win (skipped: a fifth of a proof)
        stuck = variant.no_moves_outcome(pos)
        if stuck.winner is not None and not pos.generate_codes():
            return int(stuck.winner)
        return None

    @staticmethod
    def turn_over(pos: Position, mover: int) -> bool:
        return pos.turn != mover or pos.loser >= 0

    # ------------------------------------------------------------ whole turns
    def every_turn(self, pos: Position, leaf: Leaf, depth: int = 0) -> bool:
        """Does ``leaf`` hold after every turn the side to move can make (each chance outcome too)?"""
        return self._turns(pos, leaf, False, depth)

    def some_turn(self, pos: Position, leaf: Leaf, depth: int = 0) -> bool:
        """Has the side to move a turn after which ``leaf`` holds whatever chance draws?"""
        return self._turns(pos, leaf, True, depth)

    def _turns(self, pos: Position, leaf: Leaf, choose: bool, depth: int) -> bool:
        mover = pos.turn
        codes = self.decisions(pos)
        if not codes:
            # no action at all: the game ends (an action position always has one, or ended its turn)
            return leaf(pos)
        if choose:
            codes = _noisy_first(pos, codes)
        else:
            killer = self._killers.get(depth)
            if killer is not None and killer in codes:
                codes.remove(killer)
                codes.insert(0, killer)
        for decision in codes:
            good = True
            for code in self.outcomes(pos, decision):
                self.make(pos, code)
                try:
                    if self.turn_over(pos, mover):
                        good = leaf(pos)
                    else:
                        good = self._turns(pos, leaf, choose, depth + 1)
                finally:
                    pos.unmake_code()
                if not good:
                    break
            if choose and good:
                return True
            if not choose and not good:
                self._killers[depth] = decision
                return False
        return not choose

    def turns(self, pos: Position) -> list[Turn]:
        """Every distinct turn of the side to move: action orders that leave the same position are
        one turn; a turn with a chance decision stops at that decision (``Turn.chance``)."""
        mover = pos.turn
        out: list[Turn] = []
        seen: set[tuple[int, int]] = set()

        def walk(prefix: tuple[int, ...]) -> None:
            for decision in self.decisions(pos):
                if decision & DECISION:
                    out.append(Turn((*prefix, decision), True))
                    continue
                self.make(pos, decision)
                try:
                    if self.turn_over(pos, mover):
                        key = (pos.hash, pos.loser)
                        if key not in seen:
                            seen.add(key)
                            out.append(Turn((*prefix, decision)))
                    else:
                        walk((*prefix, decision))
                finally:
                    pos.unmake_code()

        walk(())
        return out

    def after_turn(self, pos: Position, turn: Turn, leaf: Leaf) -> bool:
        """Does ``leaf`` hold after ``turn`` (for a chance turn: after every outcome, the rest of
        the turn chosen by its side once the outcome is known)?"""
        mover = pos.turn
        made = 0
        try:
            for code in turn.codes[:-1]:
                self.make(pos, code)
                made += 1
            last = turn.codes[-1]
            for code in self.outcomes(pos, last):
                self.make(pos, code)
                try:
                    good = leaf(pos) if self.turn_over(pos, mover) else self.some_turn(pos, leaf)
                finally:
                    pos.unmake_code()
                if not good:
                    return False
            return True
        finally:
            for _ in range(made):
                pos.unmake_code()

    @contextmanager
    def playing(self, pos: Position, turn: Turn) -> Iterator[Position]:
        """``pos`` with a turn without chance made, taken back on leaving (also on an exception)."""
        made = 0
        try:
            for code in turn.codes:
                self.make(pos, code)
                made += 1
            yield pos
        finally:
            for _ in range(made):
                pos.unmake_code()

    # ------------------------------------------------------------ forced wins
    def wins(self, pos: Position, attacker: int, turns: int) -> bool:
        """Can ``attacker`` force the fall of the other royal by the end of its ``turns``-th turn?"""
        result = self.decided(pos)
        if result is not None:
            return result == attacker
        if turns <= 0:
            return False
        hashes = pos.hashes
        key = (pos.hash, hashes[-2] if len(hashes) > 1 else 0, attacker, turns)
        known = self._memo.get(key)
        if known is not None:
            return known
        depth = len(hashes)
        if pos.turn == attacker:
            answer = self.some_turn(pos, lambda p: self._after_attack(p, attacker, turns), depth)
        else:
            answer = self.every_turn(pos, lambda p: self.wins(p, attacker, turns), depth)
        self._memo[key] = answer
        return answer

    def _after_attack(self, pos: Position, attacker: int, turns: int) -> bool:
        """After an attacker's turn with ``turns`` counted: won now, or still forcing with one less."""
        if turns <= 1:
            return self.decided(pos) == attacker
        return self.wins(pos, attacker, turns - 1)

    def fastest_win(self, pos: Position, attacker: int, most: int) -> int | None:
        """The fewest attacker turns that force the win (0 if already won), None if more than ``most``."""
        for n in range(most + 1):
            if self.wins(pos, attacker, n):
                return n
        return None

    def winning_turns(self, pos: Position, turns: int, limit: int = 2) -> list[Turn]:
        """The turns of the side to move that force a win within ``turns`` of its turns (at most
        ``limit`` are looked for: a puzzle needs to know "one" or "more than one")."""
        attacker = pos.turn
        found: list[Turn] = []
        for turn in self.turns(pos):
            if self.after_turn(pos, turn, lambda p: self._after_attack(p, attacker, turns)):
                found.append(turn)
                if len(found) >= limit:
                    break
        return found


def _noisy_first(pos: Position, codes: list[int]) -> list[int]:
    """Fires and actions onto an occupied square first: where a side that wants something finds it
    soonest (the order only changes how fast an answer comes, never the answer)."""
    board = pos.board
    noisy = [c for c in codes if c & FIRE_BIT or (c >> 8 & 255) != (c & 255) and board[c >> 8 & 255]]
    if not noisy:
        return codes
    chosen = set(noisy)
    return noisy + [c for c in codes if c not in chosen]
