"""A variant-agnostic search for the rule sets the Khet-specialised engine cannot play.

:class:`GenericEngine` has the same interface as :class:`game.search.engine.Engine` (``search``
with :class:`Limits`, progress reports, :class:`Randomness`; ``clear``; ``evaluate``), so the
levels, the worker process and matches use either one; :func:`make_engine` picks (the one place
that decides). It knows nothing of any rule set beyond the public Position API:

* iterative-deepening negamax alpha-beta with a principal-variation re-search; a turn of several
  actions (``Position.part``) is searched ply by ply with the sign flipped only when the side to
  move changes;
* a transposition table on the position hash (mate scores stored relative to the node);
* move ordering: the table's move, captures by landing (most valuable victim first), two killers
  per ply, then a history score;
* a quiescence search over the variant's *noisy* moves (by default captures by landing);
* limits: depth, nodes, movetime / deadline (through the shared :class:`TimeManager`) and a stop
  signal; a :class:`Progress` after every completed depth;
* a per-variant evaluation hook (:func:`register`): a function of the position that returns
  centi-units for the side to move; without one, material by the piece set's values.

A variant's evaluation module registers itself and is imported by :func:`_register_builtin`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.chance import CHANCE_BITS, DECISION
from game.effects import BOTH
from game.move import Move
from game.position import Position
from game.search.budget import CHECK_EVERY, Budget, choose, per_second
from game.search.engine import INF, Engine
from game.search.limits import MATE, MATE_BOUND, Limits, Progress, Randomness, SearchResult
from game.variants.base import Variant

EXACT, LOWER, UPPER = 0, 1, 2
MAX_PLY = 64
FIRST_LOOK = 16  # a timed search reads the clock this early, then as TimeManager.look says
TT_ENTRIES = 1_000_000
QDEPTH = 8
THREAT_PLIES = 3  # quiescence tries the variant's threat actions in its first plies only


@dataclass(frozen=True)
class Hooks:
    """What a variant tells the generic search (all optional)."""

    evaluate: Callable[[Position], int] | None = None  # centi-units for the side to move
    noisy: Callable[[Position, int], bool] | None = None  # searched in quiescence
    weights: Any = None  # the evaluation's default weights (a frozen dataclass), when it has some
    make_evaluate: Callable[[Any], Callable[[Position], int]] | None = None  # evaluate for other weights
    # Quiet actions that may set up a winning action later in the same turn (a mirror turned into
    # a line to the enemy King, then a fire): quiescence tries them near its root too.
    threats: Callable[[Position], list[int]] | None = None
    # The noisy actions listed directly, in the order generation gives them (else filtered from all).
    noisy_moves: Callable[[Position], list[int]] | None = None


HOOKS: dict[str, Hooks] = {}


CHANCE_FLAG = DECISION  # marks a decision code whose outcomes chance picks (never a Move bit)
CHANCE_SAMPLE = 6  # outcomes averaged per chance node
# A won or lost outcome counts as this much in the mean (about a King's shot in the evaluations):
# a win the search sees at once (a King landing beside the enemy King takes it) must not outweigh
# losses hidden behind its horizon (the enemy taking that King on its next turn).
CHANCE_CAP = 5_000


def register(variant_name: str, hooks: Hooks) -> None:
    """Give the generic search a variant's evaluation (and which moves quiescence searches)."""
    HOOKS[variant_name] = hooks


def uses_generic(variant: Variant) -> bool:
    """Does this rule set need the generic search? (The Khet engine plays the fast-path variants.)"""
    return not variant.fast_codes


def make_engine(variant: Variant | None = None, weights: Any = None) -> Engine | GenericEngine:
    """The engine that plays ``variant``: the one place deciding between the two searches.

    ``weights``: evaluation weights of that variant (game/search/weights.py), None for the defaults."""
    if variant is not None and uses_generic(variant):
        return GenericEngine(weights=weights)
    from game.native import make_native_engine  # the native core where it is built (game/native.py)

    return make_native_engine(variant, weights=weights)


def engine_for(variant: Variant, engines: dict[type, Engine | GenericEngine]) -> Engine | GenericEngine:
    """The engine of ``engines`` (kept by kind, so each keeps its tables) that plays ``variant``."""
    kind = GenericEngine if uses_generic(variant) else Engine
    engine = engines.get(kind)
    if engine is None:
        engine = engines[kind] = make_engine(variant)
    return engine


def material(pos: Position) -> int:
    """Default evaluation: the piece set's values, side to move minus the other side."""
    value = pos.variant.pieces.value
    stm = pos.turn
    score = 0
    for code in pos.board:
        if code:
            score += value[code] if code >> 2 & 1 == stm else -value[code]
    return score


def captures_by_landing(pos: Position, code: int) -> bool:
    target = pos.board[code >> 8 & 255]
    return bool(target) and target >> 2 & 1 != pos.turn and (code & 255) != (code >> 8 & 255)


class _Stopped(Exception):
    pass


class GenericEngine:
    """Alpha-beta over any variant's public Position API (see the module docs)."""

    def __init__(
        self, clock: Callable[[], float] = time.monotonic, quiescence: bool = True, weights: Any = None
    ) -> None:
        self.weights = weights  # evaluation weights (None: the variant's defaults)
        self._eval_fns: dict[str, Callable[[Position], int]] = {}
        self.clock = clock  # seconds; tests pass a fake one (Limits.deadline is on this clock)
        self.quiescence = quiescence  # tests turn it off to compare with plain minimax
        self.qdepth = QDEPTH if quiescence else 0  # per search: 0 for a shallow level
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history: dict[int, int] = {}
        self.nodes = 0
        self._variant: str | None = None

    def clear(self) -> None:
        """Forget everything learned (new game)."""
        self.tt.clear()
        self.history.clear()

    def hooks(self, pos: Position) -> Hooks:
        return HOOKS.get(pos.variant.name, Hooks())

    def evaluation_for(self, pos: Position) -> Callable[[Position], int]:
        """The evaluation of ``pos``'s variant with this engine's weights."""
        name = pos.variant.name
        fn = self._eval_fns.get(name)
        if fn is None:
            hooks = self.hooks(pos)
            if self.weights is not None and hooks.make_evaluate is not None:
                fn = hooks.make_evaluate(self.weights)
            else:
                fn = hooks.evaluate or material
            self._eval_fns[name] = fn
        return fn

    def evaluate(self, pos: Position) -> int:
        """The static evaluation of ``pos`` for its side to move."""
        return self.evaluation_for(pos)(pos)

    # ------------------------------------------------------------------ search
    def search(
        self,
        pos: Position,
        limits: Limits | None = None,
        on_progress: Callable[[Progress], None] | None = None,
        randomness: Randomness | None = None,
        rng: random.Random | None = None,
    ) -> SearchResult:
        """Search ``pos`` (left unchanged) within ``limits``; return the move to play."""
        budget = Budget.of(limits, self.clock, MAX_PLY - 8)
        self.timer = timer = budget.timer
        self.stop_fn = budget.stop
        self.node_limit = budget.nodes
        # A timed search looks early (to learn its speed), then as often as TimeManager.look says.
        first = budget.first_check
        self.next_check = first if timer.deadline is None else min(FIRST_LOOK, first)
        self.nodes = 0
        blind = randomness is not None and randomness.blind
        self.qdepth = 0 if not self.quiescence or (randomness is not None and randomness.shallow) else QDEPTH
        randomness = randomness if randomness and randomness.margin > 0 else None
        max_depth = budget.max_depth
        self.pos = p = pos.copy(history=True)
        if self._variant != p.variant.name:
            self.clear()
            self._variant = p.variant.name
        if len(self.tt) > TT_ENTRIES:
            self.tt.clear()
        hooks = self.hooks(p)
        self.eval_fn = self.evaluation_for(p)
        self.noisy = hooks.noisy or captures_by_landing
        self.threats = None if blind else hooks.threats
        self.noisy_moves = hooks.noisy_moves
        self.values = p.variant.pieces.value
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]
        self.path: list[int] = [p.hash]
        names_of = p.variant.move_text
        moves = p.variant.generate_decisions(p)
        if not moves or p.outcome() is not None:
            return SearchResult(None, None, 0, 0, (), 0, 0.0, 0)
        order = self._order(moves, 0, self.tt.get(p.hash, (0, 0, 0, 0))[3])
        best_move, best_score, best_pv = order[0], 0, [order[0]]
        root_scores: dict[int, int] = {}
        completed = 0
        stopped = False
        settled: tuple[int, int] | None = None
        for depth in range(1, max_depth + 1):
            try:
                score, move, scores, pv = self._root(order, depth, randomness)
            except _Stopped:
                stopped = True
                break
            completed = depth
            timer.iteration_done()
            was, settled = settled, (move, score)
            best_move, best_score, best_pv, root_scores = move, score, pv, scores
            order.sort(key=lambda c: (c == move, scores.get(c, -INF)), reverse=True)
            if on_progress is not None:
                texts = tuple(names_of(Move.from_code(c & ~CHANCE_FLAG)) for c in pv)
                elapsed = budget.elapsed()
                on_progress(
                    Progress(depth, score, texts, self.nodes, elapsed, per_second(self.nodes, elapsed))
                )
            if abs(score) >= MATE_BOUND and depth >= MATE - abs(score):
                break
            if len(order) == 1 and depth >= 2:
                break
            if not budget.another_depth(self.nodes, was, settled):
                break
        chosen = choose(root_scores, best_move, best_score, randomness, rng)
        elapsed = budget.elapsed()
        pv_codes = best_pv if chosen == best_move else [chosen]
        # A chance decision is returned as the decision (no outcome): the game draws the outcome.
        pv_codes = [c & ~CHANCE_FLAG for c in pv_codes]
        root_scores = {c & ~CHANCE_FLAG: v for c, v in root_scores.items()}
        chosen &= ~CHANCE_FLAG
        best_move &= ~CHANCE_FLAG
        return SearchResult(
            chosen,
            names_of(Move.from_code(chosen)),
            root_scores.get(chosen, best_score) if chosen != best_move else best_score,
            completed,
            tuple(names_of(Move.from_code(c)) for c in pv_codes),
            self.nodes,
            elapsed,
            per_second(self.nodes, elapsed),
            stopped,
            best_move,
            dict(root_scores),
        )

    def _root(
        self, order: list[int], depth: int, randomness: Randomness | None
    ) -> tuple[int, int, dict[int, int], list[int]]:
        p = self.pos
        stm = p.turn
        alpha = -INF
        best = -INF
        best_move = order[0]
        scores: dict[int, int] = {}
        pv: list[int] = [best_move]
        margin = randomness.margin if randomness else 0
        for i, c in enumerate(order):
            if i == 0:
                score, child_pv = self._child(c, depth, -INF, INF, 1, stm)
            elif margin:
                # As in the Khet engine: a null window just below (best - margin) tells whether a
                # move is a candidate (its fail-soft score, a lower bound, weights the choice);
                # only one that may beat the best is searched with the full window.
                floor = best - margin - 1
                score, child_pv = self._child(c, depth, floor, floor + 1, 1, stm)
                if score > best:
                    score, child_pv = self._child(c, depth, best, INF, 1, stm)
            else:
                score, child_pv = self._child(c, depth, alpha, alpha + 1, 1, stm)
                if score > alpha:
                    score, child_pv = self._child(c, depth, alpha, INF, 1, stm)
            scores[c] = score
            if score > best:
                best, best_move, pv = score, c, [c, *child_pv]
            if score > alpha:
                alpha = score
        self._store(p.hash, depth, EXACT, best, 0, best_move)
        return best, best_move, scores, pv

    def _child(self, c: int, depth: int, alpha: int, beta: int, ply: int, stm: int) -> tuple[int, list[int]]:
        """Score of playing ``c`` (for ``stm``) searched to ``depth - 1`` more plies, and its line."""
        if c & CHANCE_FLAG:
            return self._chance(c & ~CHANCE_FLAG, depth, ply, stm), []
        p = self.pos
        p.make_code(c)
        self.path.append(p.hash)
        try:
            if p.turn == stm:  # the same side acts again (a turn of several actions)
                score, line = self._negamax(depth - 1, alpha, beta, ply)
            else:
                score, line = self._negamax(depth - 1, -beta, -alpha, ply)
                score = -score
        finally:
            self.path.pop()
            p.unmake_code()
        return score, line

    def _chance(self, decision: int, depth: int, ply: int, stm: int) -> int:
        """A chance node: the mean over the decision's outcomes of their full-window scores.

        Every outcome is equally likely. With more than CHANCE_SAMPLE outcomes the mean is taken
        over CHANCE_SAMPLE of them spread evenly over the list (the squares in board order), a
        fixed sample that does not depend on the game's generator: the search never sees the
        draw the game will make. A decision at the root that sends a King to a random square
        (onto e5, or displaced by a Hypercube) is averaged over every outcome, each searched at
        most two plies deep (the rest of the turn, and the opponent's captures and shots in
        quiescence): a sample would miss the squares where it falls at once, and a full search
        of each would cost dozens of moves' time. Win/loss scores are capped (CHANCE_CAP) so one
        outcome cannot stand for all.
        """
        p = self.pos
        outcomes = [c for c in p.generate_codes() if c & ~CHANCE_BITS == decision]
        n = len(outcomes)
        royal = p.variant.is_royal
        if ply <= 1 and (royal[p.board[decision & 255]] or royal[p.board[decision >> 8 & 255]]):
            depth = min(depth, 2)  # every square, each judged to the end of the next turn's start
        elif n > CHANCE_SAMPLE:
            outcomes = [outcomes[i * n // CHANCE_SAMPLE] for i in range(CHANCE_SAMPLE)]
        if ply >= 2 and depth >= 2:
            depth -= 1  # inside the tree, a gamble is searched a ply shallower than a plain action
        total = 0
        for code in outcomes:
            score, _line = self._child(code, depth, -INF, INF, ply, stm)
            total += max(-CHANCE_CAP, min(CHANCE_CAP, score))
        return total // len(outcomes)

    def _terminal(self, ply: int) -> int | None:
        """The score of a decided position for its side to move, or None."""
        p = self.pos
        loser = p.loser
        if loser >= 0:
            if loser == BOTH:
                return 0
            return -(MATE - ply) if loser == p.turn else MATE - ply
        ruled = p.variant.rule_outcome(p)  # an ending of the variant's own (LaserChess 98 stalemate)
        if ruled is not None:
            if ruled.winner is None:
                return 0
            return MATE - ply if int(ruled.winner) == p.turn else -(MATE - ply)
        limit = p.options.ply_limit or p.variant.quiet_ply_limit
        if limit and p.quiet_plies >= limit:
            return 0
        if self.path.count(p.hash) > 1:  # a repetition inside the search: no progress
            return 0
        return None

    def _no_moves(self, ply: int) -> int:
        outcome = self.pos.variant.no_moves_outcome(self.pos)
        if outcome.winner is None:
            return 0
        return MATE - ply if int(outcome.winner) == self.pos.turn else -(MATE - ply)

    def _check(self) -> None:
        if self.node_limit and self.nodes >= self.node_limit:
            raise _Stopped
        if self.stop_fn is not None and self.stop_fn():
            raise _Stopped
        step = self.timer.look(self.nodes, CHECK_EVERY)
        if step < 0:
            raise _Stopped
        self.next_check = self.nodes + step

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> tuple[int, list[int]]:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        done = self._terminal(ply)
        if done is not None:
            return done, []
        if depth <= 0 or ply >= MAX_PLY:
            return self._quiesce(alpha, beta, ply, self.qdepth), []
        p = self.pos
        h = p.hash
        entry = self.tt.get(h)
        tt_move = 0
        if entry is not None:
            e_depth, flag, e_score, tt_move = entry
            if e_depth >= depth:
                score = e_score
                if e_score >= MATE_BOUND:
                    score -= ply
                elif e_score <= -MATE_BOUND:
                    score += ply
                if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
                    return score, [tt_move] if tt_move else []
        moves = p.variant.generate_decisions(p)
        if not moves:
            return self._no_moves(ply), []
        alpha0 = alpha
        best = -INF
        best_move = 0
        line: list[int] = []
        stm = p.turn
        for i, c in enumerate(self._order(moves, ply, tt_move)):
            if i == 0:
                score, child = self._child(c, depth, alpha, beta, ply + 1, stm)
            else:
                score, child = self._child(c, depth, alpha, alpha + 1, ply + 1, stm)
                if alpha < score < beta:
                    score, child = self._child(c, depth, alpha, beta, ply + 1, stm)
            if score > best:
                best, best_move, line = score, c, [c, *child]
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not self.noisy(p, c):
                            k = self.killers[ply]
                            if k[0] != c:
                                k[1], k[0] = k[0], c
                            self.history[c] = self.history.get(c, 0) + depth * depth
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self._store(h, depth, flag, best, ply, best_move)
        return best, line

    def _quiesce(self, alpha: int, beta: int, ply: int, left: int) -> int:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        p = self.pos
        stand = self.eval_fn(p)
        if stand >= beta or left <= 0 or ply >= MAX_PLY:
            return stand
        alpha = max(alpha, stand)
        if self.noisy_moves is not None:
            moves = self.noisy_moves(p)
        else:
            moves = [c for c in p.variant.generate_decisions(p) if not c & DECISION and self.noisy(p, c)]
        quiet: list[int] = []
        if self.threats is not None and left > QDEPTH - THREAT_PLIES:
            quiet = [c for c in self.threats(p) if c not in moves]
        if not moves and not quiet:
            return stand
        stm = p.turn
        best = stand
        for c in [*self._order(moves, ply, 0), *quiet]:
            p.make_code(c)
            try:
                done = self._terminal(ply + 1)
                if done is None:
                    if p.turn == stm:
                        score = self._quiesce(alpha, beta, ply + 1, left - 1)
                    else:
                        score = -self._quiesce(-beta, -alpha, ply + 1, left - 1)
                else:
                    score = done if p.turn == stm else -done
            finally:
                p.unmake_code()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _order(self, moves: list[int], ply: int, tt_move: int) -> list[int]:
        board = self.pos.board
        values = self.values
        killers = self.killers[ply] if ply < len(self.killers) else (0, 0)
        history = self.history
        turn = self.pos.turn

        def key(c: int) -> int:
            if c == tt_move:
                return 1 << 40
            victim = board[c >> 8 & 255]
            if victim and victim >> 2 & 1 != turn and (c & 255) != (c >> 8 & 255):
                return (1 << 32) + values[victim] * 64 - values[board[c & 255]]
            if c == killers[0]:
                return 1 << 31
            if c == killers[1]:
                return (1 << 31) - 1
            return history.get(c, 0)

        return sorted(moves, key=key, reverse=True)

    def _store(self, h: int, depth: int, flag: int, score: int, ply: int, move: int) -> None:
        if score >= MATE_BOUND:
            score += ply
        elif score <= -MATE_BOUND:
            score -= ply
        self.tt[h] = (depth, flag, score, move)


def _register_builtin() -> None:
    """Import the evaluations of the variants this search plays (each module registers itself)."""
    from game.search import eval_laserchess87, eval_laserchess98, eval_lousychess  # noqa: F401


_register_builtin()

__all__ = [
    "HOOKS",
    "GenericEngine",
    "Hooks",
    "engine_for",
    "make_engine",
    "material",
    "register",
    "uses_generic",
]
