"""The one search of every rule set: iterative deepening PVS with a transposition table, in pure Python.

Written once over the rule set's engine profile (game/search/profile.py; Khet and the Leiserchess
editions: game/search/beams.py), which makes the moves, evaluates, and lists the moves in stages:

* negamax alpha-beta with principal-variation search, aspiration windows at the root, a
  transposition table keyed by the position's Zobrist hash, null-move pruning (where the rule set
  has a pass), late-move reductions, reverse futility and futility pruning, move-count pruning, and
  an extension when one's royal piece is in danger;
* staged move ordering: the table's move first (before anything is generated), then the profile's
  first stage (captures by their gain, searched before the rest is even generated), then the rest:
  killers and parries, moves the profile marks as touching the action, quiet moves by history, and
  losing moves last; quiet moves late in the order are reduced or pruned, never the others;
* a quiescence search over the profile's noisy moves (and its evasions when the royal is in danger);
* turns of several actions: when the same side acts again its score is the child's, not negated;
  a chance decision scores the mean of its outcomes (a sample of them inside the tree);
* repetition and ply-limit draws score 0, so the engine avoids them when ahead and seeks them when
  behind; wins and losses are scored by distance (``MATE - plies``).

Limits: depth, nodes, time (movetime, a clock's soft plan, an absolute deadline) and a stop signal; a
progress callback gets a :class:`Progress` after every completed depth; a level's randomness chooses
among the root moves within its margin of the best. docs/engine.md describes the algorithm exactly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from itertools import filterfalse
from typing import Any

from game.chance import DECISION
from game.move import Move
from game.position import Position
from game.search.budget import CHECK_EVERY, Budget, choose, per_second
from game.search.collector import collector_paused
from game.search.limits import (
    MATE,
    MATE_BOUND,
    Limits,
    Progress,
    Randomness,
    SearchOptions,
    SearchResult,
)
from game.search.limits import format_score as format_score  # re-exported (moved to limits.py)
from game.search.profile import (
    DANGER,
    ORDER_CAPTURE,
    ORDER_ESCAPE,
    ORDER_KILLER,
    WINS,
    Info,
    Profile,
    make_profile,
)
from game.variants.base import Variant
from game.zobrist import SIDE_KEY

INF = 1_000_000
MAX_PLY = 96
EXACT, LOWER, UPPER = 0, 1, 2
HISTORY_MAX = 1 << 24
EVAL_CACHE_ENTRIES = 300_000
# Move-count pruning: at depth 1 and 2 (non-PV) only this many quiet moves (touching no beam) are tried.
LATE_MOVES = (999, 10, 20)
# ...and at depth 3 on a turn's later action (multi-action rule sets: the opponent's whole reply turn
# is still to come below it), this many.
LATE_PART = 20
CHANCE_SAMPLE = 6  # outcomes averaged per chance node inside the tree
# A won or lost outcome counts as this much in a chance mean (about a King's shot in the evaluations):
# a win the search sees at once must not outweigh losses hidden behind its horizon.
CHANCE_CAP = 5_000
# Each outcome of a chance node is searched in the node's window widened by this much (a full window
# made every gamble a principal-variation search: 92 % of Laser Chess 1987's depth-4 nodes).
CHANCE_MARGIN = 200
THREAT_PLIES = 3  # quiescence tries the profile's threats in its first plies only
_EMPTY: list[int] = []
_DONE = 2 * INF  # (_next_stage: the node's moves are all searched; never a score)


class SearchStopped(Exception):
    """Raised inside the tree when a limit or the stop signal ends the search."""


class Engine:
    """The searcher: its own transposition table, history and evaluation cache (keep one per CPU
    player); it plays every rule set through that rule set's profile."""

    # Slots: the search reads its state on every node (a slot is faster than a dict of 40 names).
    __slots__ = (
        "options",
        "clock",
        "weights",
        "tt",
        "history",
        "killers",
        "_profiles",
        "cache",
        "_cache_variant",
        "iter_best",
        "nodes",
        "timer",
        "deadline",
        "stop_fn",
        "node_limit",
        "random_margin",
        "pos",
        "profile",
        "s0",
        "play",
        "multi",
        "chance",
        "rule_ends",
        "code_mask",
        "next_check",
        "_last_look",
        "pv",
        "info_at",
        "path",
        "ply_limit",
        "leaf_q",
        "max_q",
        "threat_plies",
        "delta_margin",
        "root_nodes",
        "root_depth",
    )
    iter_best: tuple[int, int, list[int]] | None
    deadline: float | None
    node_limit: int | None
    stop_fn: Callable[[], bool] | None

    def __init__(
        self,
        options: SearchOptions | None = None,
        weights: Any = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.options = options or SearchOptions()
        self.clock = clock  # seconds; tests pass a fake one (Limits.deadline is on this clock)
        self.weights = weights  # evaluation weights (None: the rule set's defaults)
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history: list[dict[int, int]] = [{}, {}]
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]
        self._profiles: dict[str, Profile] = {}
        self.cache: dict[int, Info] = {}
        self._cache_variant: str | None = None
        # The best root move of the iteration in progress (set by _root; not reset in search(),
        # where a compiled core would take the attribute as narrowed to None).
        self.iter_best = None
        self.nodes = 0

    # ------------------------------------------------------------------ public helpers
    def clear(self) -> None:
        """Forget everything learned (new game)."""
        self.tt.clear()
        self.cache.clear()
        for table in self.history:
            table.clear()

    def profile_for(self, variant: Variant) -> Profile:
        """The engine profile of ``variant`` with this engine's weights (made once)."""
        got = self._profiles.get(variant.name)
        if got is None or got.variant is not variant:
            got = self._profiles[variant.name] = make_profile(variant, self.weights)
        return got

    def evaluate(self, pos: Position) -> int:
        """The static evaluation of ``pos`` for its side to move (what quiescence stands on)."""
        return self.profile_for(pos.variant).evaluate(pos)

    # ------------------------------------------------------------------ the search
    def search(
        self,
        pos: Position,
        limits: Limits | None = None,
        on_progress: Callable[[Progress], None] | None = None,
        randomness: Randomness | None = None,
        rng: random.Random | None = None,
    ) -> SearchResult:
        """Search ``pos`` (left unchanged) within ``limits``; return the move to play.

        Python's cycle collector is paused meanwhile (game/search/collector.py): the tree makes no
        reference cycles, yet its millions of short-lived tuples would start a collection every few
        hundred nodes."""
        with collector_paused():
            budget = self._begin(pos, limits, randomness)
            return self._deepen(budget, on_progress, randomness, rng)

    def _begin(self, pos: Position, limits: Limits | None, randomness: Randomness | None) -> Budget:
        """Set up the search of ``pos``: limits, the profile, the tables kept between searches."""
        budget = Budget.of(limits, self.clock, MAX_PLY - 8)
        self.timer = budget.timer
        self.deadline = budget.timer.deadline
        self.stop_fn = budget.stop
        self.node_limit = budget.nodes
        self.random_margin = randomness.margin if randomness else 0
        self.pos = p = pos.copy(history=True)
        self.profile = profile = self.profile_for(p.variant)
        if self._cache_variant != p.variant.name:  # a new rule set: forget what was learned
            self.clear()
            self._cache_variant = p.variant.name
        self.s0 = profile.begin(p)
        self.play = profile.play  # (bound once: the search's most frequent call)
        self.multi = profile.multi
        self.chance = profile.chance
        self.rule_ends = profile.rule_ends
        self.code_mask = (1 << profile.code_bits) - 1
        self.nodes = 0
        # Limits are checked every CHECK_EVERY nodes (a few ms), often enough to stop within the budget.
        self.next_check = budget.first_check
        self._last_look = (0, budget.timer.start)  # (nodes, clock) at the last limit check
        self.pv: list[list[int]] = [_EMPTY] * (MAX_PLY + 2)
        self.info_at: list[Info | None] = [None] * (MAX_PLY + 2)  # each node's analysis, for its children
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]
        self.history = [{k: v >> 2 for k, v in table.items() if v >= 4} for table in self.history]
        if len(self.tt) > self.options.tt_entries:
            self.tt.clear()
        counts: dict[int, int] = {}
        for h in p.hashes[:-1]:
            counts[h] = counts.get(h, 0) + 1
        # The positions that are a draw when reached: those on the line being searched (each node's
        # is added while its moves are searched) and those the game has already seen twice (a third
        # time; a node never adds one of those, it returns the draw first).
        self.path: set[int] = {h for h, n in counts.items() if n >= 2}
        self.ply_limit = p.options.ply_limit or p.variant.quiet_ply_limit or 0
        self.leaf_q = self.options.quiescence  # a child at depth 0 is a quiescence node
        shallow = randomness is not None and randomness.shallow
        self.max_q = 0 if shallow else self.options.qsearch_depth
        self.threat_plies = 0 if randomness is not None and randomness.blind else THREAT_PLIES
        self.delta_margin = profile.delta_margin
        return budget

    def _deepen(
        self,
        budget: Budget,
        on_progress: Callable[[Progress], None] | None,
        randomness: Randomness | None,
        rng: random.Random | None,
    ) -> SearchResult:
        """Iterative deepening from depth 1 until a limit (or a forced result) ends it."""
        randomness = randomness if randomness and randomness.margin > 0 else None
        root_moves = self._root_moves(rng)
        if not root_moves:
            return SearchResult(None, None, 0, 0, (), 0, 0.0, 0)
        best = (root_moves[0][1], root_moves[0][0] if root_moves[0][0] <= -MATE_BOUND else 0)
        best_pv: list[int] = [best[0]]
        completed = 0
        stopped = False
        # Only one move that does not lose at once, or an immediate kill: answer without searching.
        viable = [c for sc, c in root_moves if sc > -MATE_BOUND]
        instant = root_moves[0][0] >= MATE_BOUND or len(viable) == 1
        root_scores: dict[int, int] = {c: sc for sc, c in root_moves} if instant else {}
        if instant:
            best = (best[0], root_moves[0][0] if root_moves[0][0] >= MATE_BOUND else 0)
            completed = 1
        order = [c for _, c in root_moves]
        self.root_nodes: dict[int, int] = {}
        depth = 1
        settled_at: tuple[int, int] | None = None  # (best move, score) of the last completed iteration
        while not instant and depth <= budget.max_depth:
            try:
                score, scores = self._iteration(order, depth, best[1], randomness is not None)
            except SearchStopped:
                stopped = True
                # The unfinished iteration searched the previous best move first; a move that beat
                # it there (or its own deeper score) is the better information.
                if self.iter_best is not None:
                    best, best_pv = (self.iter_best[1], self.iter_best[0]), self.iter_best[2]
                break
            completed = depth
            budget.timer.iteration_done()
            best = (self.pv[0][0] if self.pv[0] else order[0], score)
            was, settled_at = settled_at, best
            best_pv = list(self.pv[0]) or [best[0]]
            root_scores = scores
            self._reorder(order, best[0], scores)
            if on_progress is not None:
                elapsed = budget.elapsed()
                texts = self._texts(best_pv)
                on_progress(
                    Progress(depth, score, texts, self.nodes, elapsed, per_second(self.nodes, elapsed))
                )
            if abs(score) >= MATE_BOUND and depth >= MATE - abs(score) + 1:
                break
            if not budget.another_depth(self.nodes, was, settled_at):
                break
            depth += 1
        return self._result(budget, best, best_pv, root_scores, completed, stopped, randomness, rng)

    def _iteration(
        self, order: list[int], depth: int, score: int, random_root: bool
    ) -> tuple[int, dict[int, int]]:
        """One depth of the root: in an aspiration window around the last score from depth 4."""
        self.root_depth = depth
        s0, stm = self.s0, self.pos.turn
        if not (self.options.aspiration and depth >= 4 and not random_root and abs(score) < MATE_BOUND):
            return self._root(order, depth, -INF, INF, s0, stm)
        window = 35
        alpha, beta = score - window, score + window
        while True:
            score, scores = self._root(order, depth, alpha, beta, s0, stm)
            if score <= alpha:
                alpha = max(-INF, alpha - window * 4)
                window *= 4
            elif score >= beta:
                beta = min(INF, beta + window * 4)
                window *= 4
            else:
                return score, scores
            if window > 1000:
                alpha, beta = -INF, INF

    def _reorder(self, order: list[int], best_move: int, scores: dict[int, int]) -> None:
        """The next iteration's root order: best first, then by score, then by effort."""
        nodes_per_move = self.root_nodes
        order.sort(
            key=lambda c: (c == best_move, scores.get(c, -INF), nodes_per_move.get(c, 0)), reverse=True
        )

    def _texts(self, codes: list[int]) -> tuple[str, ...]:
        move_text = self.pos.variant.move_text
        return tuple(move_text(Move.from_code(c & ~DECISION)) for c in codes)

    def _result(
        self,
        budget: Budget,
        best: tuple[int, int],
        best_pv: list[int],
        root_scores: dict[int, int],
        completed: int,
        stopped: bool,
        randomness: Randomness | None,
        rng: random.Random | None,
    ) -> SearchResult:
        """The answer: the best move, or the level's random choice among the moves near it. A chance
        decision is returned as the decision (no outcome): the game draws the outcome."""
        best_move, best_score = best
        chosen = choose(root_scores, best_move, best_score, randomness, rng)
        elapsed = budget.elapsed()
        line = best_pv if chosen == best_move else [chosen]
        return SearchResult(
            chosen & ~DECISION,
            self._texts([chosen])[0],
            root_scores.get(chosen, best_score) if chosen != best_move else best_score,
            completed,
            self._texts(line),
            self.nodes,
            elapsed,
            per_second(self.nodes, elapsed),
            stopped,
            best_move & ~DECISION,
            {c & ~DECISION: v for c, v in root_scores.items()},
        )

    # ------------------------------------------------------------------ limits
    def _check(self) -> None:
        if self.node_limit and self.nodes >= self.node_limit:
            raise SearchStopped
        if self.stop_fn is not None and self.stop_fn():
            raise SearchStopped
        step = CHECK_EVERY
        if self.deadline is not None:
            now = self.clock()
            if now >= self.deadline:
                raise SearchStopped
            # Near the deadline look more often: at most half the nodes that still fit, at the
            # speed since the last look, so the overshoot stays far below the safety margin.
            last_nodes, last_time = self._last_look
            if self.nodes > last_nodes and now > last_time:
                fit = (self.deadline - now) * (self.nodes - last_nodes) / (now - last_time)
                step = max(16, min(CHECK_EVERY, int(fit / 2)))
            self._last_look = (self.nodes, now)
        step += self.nodes
        self.next_check = min(step, self.node_limit) if self.node_limit else step

    # ------------------------------------------------------------------ root
    def _root_moves(self, rng: random.Random | None = None) -> list[tuple[int, int]]:
        """(ordering score, code) for every root move, best first; immediate results are exact.

        With ``rng`` the moves are shuffled first, so equal moves are tried (and chosen) in a
        seed-dependent order: games differ without weakening the search.
        """
        pos = self.pos
        profile = self.profile
        codes = profile.root_moves()
        if rng is not None:
            rng.shuffle(codes)
        out = []
        stm = pos.turn
        value = profile.value
        # The last action of a turn that leaves the board as the turn found it (LaserChess 98's
        # g8>N then g8>S) is a null pair: never chosen while there is anything else to play.
        turn_start = pos.hashes[pos.ply - pos.part] ^ SIDE_KEY if self.multi and pos.part else None
        null_pairs = []
        for c in codes:
            if c & DECISION:
                out.append((0, c))  # (its outcomes are chance's: scored by the search)
                continue
            removed = pos.make_code(c)
            done = self._decided(1, stm)
            null_pair = pos.hash == turn_start and pos.turn != stm
            pos.unmake_code()
            if null_pair and done is None:
                null_pairs.append((0, c))
                continue
            if done is not None:
                out.append((done, c))
                continue
            gain = 0
            for i in range(1, len(removed), 2):
                v = value[removed[i]]
                gain += -v if removed[i] >> 2 & 1 == stm else v
            out.append((gain, c))
        out.sort(key=lambda t: t[0], reverse=True)
        return out or null_pairs

    def _decided(self, ply: int, stm: int) -> int | None:
        """After a move by ``stm`` (the child is at ``ply``): its exact score for ``stm`` if the rules
        have decided the game (a royal fell, or the rule set's own ending), else None."""
        pos = self.pos
        loser = pos.loser
        if 0 <= loser < 2:  # one royal fell (BOTH, 2: a draw, is the profile's to score)
            return -(MATE - ply) if loser == stm else MATE - ply
        if loser < 0 and not self.rule_ends:
            return None
        done = self.profile.terminal(ply)
        if done is None:
            return None
        return done if self.multi and pos.turn == stm else -done

    def _root(
        self, order: list[int], depth: int, alpha: int, beta: int, s: int, stm: int
    ) -> tuple[int, dict[int, int]]:
        pos = self.pos
        scores: dict[int, int] = {}
        best = -INF
        self.iter_best = None
        self.pv[0] = _EMPTY
        h = pos.hash
        self.path.add(h)
        self._info(h, 0, s)
        margin = self.random_margin
        first = True
        for c in order:
            n0 = self.nodes
            decided = None
            if self.chance and c & DECISION:
                sc = self._root_chance(c & ~DECISION, depth, stm, alpha, beta, best, first)
            else:
                s2 = self.profile.play(c, s)
                decided = self._decided(1, stm)
                if decided is not None:
                    sc = decided
                elif margin and not first:
                    # Randomness chooses among the moves within the margin of the best: a null window
                    # just below (best - margin) tells whether a move is one (its fail-soft score, a
                    # lower bound, weights the choice); only a move that may beat the best is
                    # searched with the full window.
                    floor = best - margin - 1
                    sc = self._child(depth - 1, floor, floor + 1, 1, s2, stm)
                    if sc > best:
                        sc = self._child(depth - 1, best, beta, 1, s2, stm)
                elif first:
                    sc = self._child(depth - 1, alpha, beta, 1, s2, stm)
                else:
                    sc = self._child(depth - 1, alpha, alpha + 1, 1, s2, stm)
                    if alpha < sc < beta:
                        sc = self._child(depth - 1, alpha, beta, 1, s2, stm)
                pos.unmake_code()
            first = False
            self.root_nodes[c] = self.nodes - n0
            scores[c] = sc
            if sc > best:
                best = sc
                if sc > alpha:
                    alpha = sc
                    self.pv[0] = [c] + self.pv[1] if decided is None else [c]
                    self.iter_best = (sc, c, list(self.pv[0]))
                    if sc >= beta:
                        break
        self.path.discard(h)
        return best, scores

    def _root_chance(
        self, decision: int, depth: int, stm: int, alpha: int, beta: int, best: int, first: bool
    ) -> int:
        """A root gamble's score, searched in the windows a plain root move would be: the first in
        the full window, the others in a null window at alpha, or (with a level's randomness) just
        below the best minus the margin, re-searched when it may beat the best."""
        if first:
            return self._chance(decision, depth, 0, stm, alpha, beta)
        floor = best - self.random_margin - 1 if self.random_margin else alpha
        sc = self._chance(decision, depth, 0, stm, floor, floor + 1)
        if sc > max(alpha, best) and sc < beta:
            sc = self._chance(decision, depth, 0, stm, max(alpha, best), beta)
        return sc

    def _child(self, depth: int, alpha: int, beta: int, ply: int, s: int, stm: int) -> int:
        """The score for ``stm`` of the child just made (``ply`` is the child's), searched ``depth``
        plies: negated when the other side is to move there, as it is when the same side acts again."""
        if self.multi and self.pos.turn == stm:
            return self._negamax(depth, alpha, beta, ply, s, True)
        return -self._negamax(depth, -beta, -alpha, ply, s, True)

    def _chance(self, decision: int, depth: int, ply: int, stm: int, alpha: int, beta: int) -> int:
        """A chance node: the mean over the decision's outcomes of their scores, for ``stm`` in the
        window (alpha, beta).

        Every outcome is equally likely. More than CHANCE_SAMPLE outcomes are sampled evenly over the
        list (the squares in board order), a fixed sample that does not depend on the game's
        generator: the search never sees the draw the game will make; inside the tree each is
        searched a ply shallower than a plain action. A root decision that sends a royal to a random square is
        averaged over every outcome, each searched at most two plies: a sample would miss the squares
        where it falls at once. Win/loss scores are capped (CHANCE_CAP) so one outcome cannot stand
        for all. Each outcome is searched in the node's window: a null window (the mean of bounds on
        the same side of it is a bound on that side: the test PVS asks), or a principal variation's
        widened by CHANCE_MARGIN (re-searched so when a null window's mean lands inside it)."""
        pos = self.pos
        outcomes = self.profile.outcomes(decision)
        n = len(outcomes)
        royal = pos.variant.is_royal
        if ply == 0 and (royal[pos.board[decision & 255]] or royal[pos.board[decision >> 8 & 255]]):
            depth = min(depth, 2)
        else:
            if n > CHANCE_SAMPLE:
                outcomes = [outcomes[i * n // CHANCE_SAMPLE] for i in range(CHANCE_SAMPLE)]
            if ply >= 1 and depth >= 2:
                depth -= 1  # inside the tree, a gamble is searched a ply shallower than a plain action
        if alpha - CHANCE_MARGIN >= CHANCE_CAP or beta + CHANCE_MARGIN <= -CHANCE_CAP:
            return CHANCE_CAP if alpha > 0 else -CHANCE_CAP  # (no mean can reach into the window)
        if beta - alpha > 1:
            lo, hi = alpha - CHANCE_MARGIN, beta + CHANCE_MARGIN
        else:
            lo, hi = alpha, beta
        total = 0
        for code in outcomes:
            s2 = self.profile.play(code, 0)
            done = self._decided(ply + 1, stm)
            score = done if done is not None else self._child(depth - 1, lo, hi, ply + 1, s2, stm)
            pos.unmake_code()
            total += max(-CHANCE_CAP, min(CHANCE_CAP, score))
        return total // len(outcomes)

    # ------------------------------------------------------------------ interior nodes
    def _info(self, h: int, ply: int, s: int) -> Info:
        """The node's analysis (cached by hash; the profile is given its parent's, at
        ``info_at[ply - 1]``), kept for its children at ``info_at[ply]``."""
        info = self.cache.get(h)
        if info is None:
            info = self.profile.analyse(h, self.pos.turn, s, ply, self.info_at[ply - 1] if ply else None)
            self._cache(h, info)
        self.info_at[ply] = info
        return info

    def _cache(self, h: int, info: Info) -> None:
        cache = self.cache
        if len(cache) >= EVAL_CACHE_ENTRIES:
            cache.clear()
        cache[h] = info

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int, s: int, null_ok: bool) -> int:
        pos = self.pos
        h = pos.hash
        self.pv[ply] = _EMPTY
        # Draws by repetition (within the line searched, or a third time counting the game: ``path``)
        # and by the ply limit.
        if h in self.path:
            return 0
        if self.ply_limit and pos.quiet_plies >= self.ply_limit:
            return 0
        if depth <= 0 or ply >= MAX_PLY:
            if self.options.quiescence:
                return self._qsearch(alpha, beta, ply, s, 0)
            return self._leaf(ply, s)
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        # Mate-distance pruning: nothing here can beat a win already found closer to the root.
        if alpha < -MATE + ply:
            alpha = -MATE + ply
            if alpha >= beta:
                return alpha
        if beta > MATE - ply - 1:
            beta = MATE - ply - 1
            if alpha >= beta:
                return beta
        pv_node = beta - alpha > 1
        tt_move = 0
        entry = self.tt.get(h)
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth and not pv_node:
                if e_score >= MATE_BOUND:
                    e_score -= ply
                elif e_score <= -MATE_BOUND:
                    e_score += ply
                if (
                    e_flag == EXACT
                    or (e_flag == LOWER and e_score >= beta)
                    or (e_flag == UPPER and e_score <= alpha)
                ):
                    return e_score
        # A node the table did not settle: a win seen at once, the danger extension, pruning, moves.
        profile = self.profile
        info = self.cache.get(h)
        if info is None:
            info = profile.analyse(h, pos.turn, s, ply, self.info_at[ply - 1] if ply else None)
            self._cache(h, info)
        self.info_at[ply] = info
        threats = info[1]
        if threats & WINS:
            win = profile.won(info, ply)
            if win >= 0:
                self._store(h, MAX_PLY, EXACT, MATE - ply - 1, ply, win)
                return MATE - ply - 1
        in_danger = bool(threats & DANGER)
        opts = self.options
        if in_danger and opts.extensions and ply < 2 * self.root_depth + 2:
            depth += 1
        static: int = info[0]
        if not pv_node and not in_danger and -MATE_BOUND < beta < MATE_BOUND:
            # Reverse futility: far above beta with little depth left.
            if opts.futility and depth <= 3 and static - 120 * depth >= beta:
                return static - 120 * depth
            if opts.null_move and null_ok and depth >= 3 and static >= beta:
                cut = self._null_move(depth, beta, ply, s, info)
                if cut is not None:
                    return cut
        return self._moves(depth, alpha, beta, ply, s, info, tt_move, in_danger, pv_node)

    def _null_move(self, depth: int, beta: int, ply: int, s: int, info: Info) -> int | None:
        """Null-move pruning: pass (where the rule set has a pass) and still fail high?"""
        null = self.profile.null_move(info)
        if null is None:
            return None
        pos = self.pos
        h = pos.hash
        r = 3 if depth >= 6 else 2
        s2 = self.profile.play(null[0], s, null[1])
        if pos.loser >= 0:
            pos.unmake_code()
            return None
        self.path.add(h)
        sc = -self._negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, s2, False)
        self.path.discard(h)
        pos.unmake_code()
        if sc >= beta:
            return beta if sc >= MATE_BOUND else sc
        return None

    def _moves(
        self,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        s: int,
        info: Info,
        tt_move: int,
        in_danger: bool,
        pv_node: bool,
    ) -> int:
        """Search the node's moves (:meth:`_search_order`) and store the result in the table."""
        h = self.pos.hash
        self.path.add(h)
        node = _Node(depth, alpha, beta, ply, s, pv_node, in_danger, info, tt_move)
        done = self._search_order(node)
        self.path.discard(h)
        if done is not None:
            return done  # a win seen in the first stage, no legal move, or every move losing at once
        best = node.best
        if best == -INF:
            best = node.alpha
        flag = LOWER if best >= beta else (EXACT if best > alpha else UPPER)
        move = node.best_move or tt_move
        # (_store, inlined on the path every searched node ends on)
        if best >= MATE_BOUND:
            self.tt[h] = (depth, flag, best + ply, move)
        elif best <= -MATE_BOUND:
            self.tt[h] = (depth, flag, best - ply, move)
        else:
            self.tt[h] = (depth, flag, best, move)
        return best

    def _search_order(self, node: _Node) -> int | None:
        """The move loop over an order that grows in stages (:meth:`_next_stage`): the table's move
        (when it refutes, nothing else is generated), the profile's first stage, its second. Each
        move is made and scored for the side to move: a decided game exactly, a chance decision by
        its mean, the same side acting again by the child's own score, else negated, at depth 1 by
        quiescence, the first move with the full window and the others in a null window (reduced
        when late, :meth:`_reduction`), re-searched as PVS does. Quiet moves late in the order are
        pruned as :meth:`_next_stage` set (and searched after all when everything else loses); a
        cut-off by a move after the captures teaches the killers and the history (:meth:`_learn`)."""
        pos, pv, path, play, unmake = self.pos, self.pv, self.path, self.play, self.pos.unmake_code
        depth, alpha, beta, ply, s, stm = node.depth, node.alpha, node.beta, node.ply, node.s, pos.turn
        chance, multi, rule_ends, ply_limit = self.chance, self.multi, self.rule_ends, self.ply_limit
        leaf = depth <= 1 and self.leaf_q
        mask, order, pruned = self.code_mask, node.order, node.pruned
        best, searched, quiets, i = -INF, 0, 0, 0
        hits, hint, lmr, futile, late, n_caps, n_hard, n_tac = {}, -2, False, False, 999, 0, 0, 0
        while True:
            if i >= len(order):
                done = self._next_stage(node, alpha, best, searched)
                if done is not None:
                    return None if done == _DONE else done
                hits, hint, lmr, futile, late = node.hits, node.default_hit, node.lmr, node.futile, node.late
                n_caps, n_hard, n_tac = node.bands
                continue
            if i >= n_tac and searched:
                if futile or quiets >= late:  # (so are all the moves after this one)
                    pruned += [x & mask for x in order[i:]]
                    i = len(order)
                    continue
                quiets += 1
            c = order[i] & mask
            r = self._reduction(i, searched, depth, n_tac) if lmr and i >= n_hard and searched >= 3 else 0
            if chance and c & DECISION:
                sc = self._chance(c & ~DECISION, depth - r, ply, stm, alpha, alpha + 1 if searched else beta)
                if searched and alpha < sc < beta:
                    sc = self._chance(c & ~DECISION, depth, ply, stm, alpha, beta)
                pv[ply + 1] = _EMPTY
            else:
                s2 = play(c, s, hits.get(c, hint))
                decided = self._decided(ply + 1, stm) if pos.loser >= 0 or rule_ends else None
                if decided is not None:
                    sc = decided
                    pv[ply + 1] = _EMPTY
                elif multi and pos.turn == stm:
                    sc = self._negamax(depth - 1, alpha, beta, ply + 1, s2, True)  # the same side again
                elif leaf:  # quiescence called directly, after the draw tests _negamax makes first
                    if pos.hash in path or (ply_limit and pos.quiet_plies >= ply_limit):
                        pv[ply + 1] = _EMPTY
                        sc = 0
                    elif not searched:
                        sc = -self._qsearch(-beta, -alpha, ply + 1, s2, 0)
                    else:
                        sc = -self._qsearch(-alpha - 1, -alpha, ply + 1, s2, 0)
                        if alpha < sc < beta:
                            sc = -self._qsearch(-beta, -alpha, ply + 1, s2, 0)
                elif not searched:
                    sc = -self._negamax(depth - 1, -beta, -alpha, ply + 1, s2, True)
                else:
                    sc = -self._negamax(depth - 1 - r, -alpha - 1, -alpha, ply + 1, s2, True)
                    if r and sc > alpha:
                        sc = -self._negamax(depth - 1, -alpha - 1, -alpha, ply + 1, s2, True)
                    if alpha < sc < beta:
                        sc = -self._negamax(depth - 1, -beta, -alpha, ply + 1, s2, True)
                unmake()
            searched += 1
            i += 1
            if sc > best:
                best = sc
                if sc > alpha:
                    alpha = sc
                    node.best_move = c
                    if node.pv_node:
                        pv[ply] = [c] + pv[ply + 1]
                    if sc >= beta:
                        if i > n_caps:
                            self._learn(c, depth, ply)
                        break
        node.best, node.alpha = best, alpha
        return None

    def _next_stage(self, node: _Node, alpha: int, best: int, searched: int) -> int | None:
        """The order is exhausted: append the next stage (None), or say the node is over (_DONE,
        with its result in ``node``; or an exact score when it ends without a search)."""
        stage = node.stage
        node.stage += 1
        if stage == 0:  # the table's move
            if node.tt_move:
                node.order.append(node.tt_move)
                node.hits = {node.tt_move: self.profile.tt_hint(node.info, node.tt_move)}
                node.bands = (1, 1, 1)
            return None
        if stage == 1:
            return self._first_stage(node, alpha)
        if stage == 2:
            return self._expand(node, searched)
        if node.pruned and best <= -MATE_BOUND:
            node.order += node.pruned  # everything searched loses: the pruned moves may hold the defence
            node.pruned, node.futile, node.late = [], False, 999
            node.stage = 3
            return None
        if node.pruned and node.futile and node.static + 150 * node.depth > best:
            best = node.static + 150 * node.depth  # fail-soft bound for the moves futility skipped
        node.best, node.alpha = best, alpha
        return _DONE

    def _first_stage(self, node: _Node, alpha: int) -> int | None:
        """The profile's first stage: its captures next (the rest of it keyed for after them), or a
        win it saw on the way. Sets the pruning of quiet moves, from alpha after the table's move."""
        ply = node.ply
        killers, hist = self.killers[ply], self.history[self.pos.turn]
        stage = self.profile.stage_one(node.info, node.tt_move, killers, hist)
        if isinstance(stage, int):  # a move that wins at once
            self._store(self.pos.hash, MAX_PLY, EXACT, MATE - ply - 1, ply, stage)
            self.pv[ply] = [stage]
            return MATE - ply - 1
        tactical, bad, node.hits, node.default_hit, generated, rest, all_later = stage
        tactical.sort(reverse=True)
        bits = self.profile.code_bits
        n_caps = 0
        while n_caps < len(tactical) and tactical[n_caps] >> bits >= ORDER_CAPTURE:
            n_caps += 1
        later = tactical if all_later else tactical[n_caps:]  # (all: nothing searched before the rest)
        if not all_later:
            node.order += tactical[:n_caps]
        n = len(node.order)
        # Until the rest is generated the bands end after the captures (nothing is pruned or reduced).
        node.bands = (n, n, n)
        node.pending = (later, bad, rest, generated)
        opts = self.options
        depth = node.depth
        selective = not node.pv_node and not node.in_danger and alpha > -MATE_BOUND
        node.futile = selective and opts.futility and depth <= 2 and node.static + 150 * depth <= alpha
        node.late = (
            LATE_MOVES[depth] if selective and opts.move_count_pruning and depth < len(LATE_MOVES) else 999
        )
        if depth == 3 and selective and opts.move_count_pruning and self.multi and self.pos.part:
            node.late = LATE_PART
        node.lmr = opts.lmr and depth >= 3 and not node.in_danger
        return None

    def _expand(self, node: _Node, searched: int) -> int | None:
        """Append the profile's second stage to the order, with the search's ordering of the quiet
        moves (killers, then history) and the bands of the whole order: [0, n_caps) captures,
        [n_caps, n_hard) killers and parries, [n_hard, n_tac) the profile's other keyed moves, then the
        quiet moves, then the losing ones. An exact score when there is nothing to search."""
        assert node.pending is not None
        later, bad, rest, generated = node.pending
        killers, hist = self.killers[node.ply], self.history[self.pos.turn]
        more, cold, more_bad, more_generated = self.profile.stage_two(rest, node.tt_move, killers, hist)
        tactical = later + more
        bad = bad + more_bad
        if cold:
            cold = self._order_quiet(cold, tactical, killers, hist)
        order = node.order
        if not generated + more_generated:
            return self.profile.no_moves(node.ply)
        if not tactical and not cold and not bad and not searched and not order:
            return -(MATE - node.ply - 1)  # every move loses at once (destroys our own royal)
        tactical.sort(reverse=True)
        bad.sort(reverse=True)
        bits = self.profile.code_bits
        base = len(order)
        j = 0
        while j < len(tactical) and tactical[j] >> bits >= ORDER_CAPTURE:
            j += 1
        n_caps = base + j
        while j < len(tactical) and tactical[j] >> bits >= ORDER_ESCAPE:
            j += 1
        node.bands = (n_caps, base + j, base + len(tactical))
        order += tactical
        order += cold
        if bad:
            order += bad
        return None

    def _order_quiet(
        self, cold: list[int], tactical: list[int], killers: list[int], hist: dict[int, int]
    ) -> list[int]:
        """Quiet moves: the killers among them join the keyed moves; the rest by history, best first,
        in generation order among equals (every stored value is at least 1, so the moves without one
        keep their order at the end)."""
        k1, k2 = killers
        bits = self.profile.code_bits
        promoted = []
        for k in (k1, k2):
            if k and k in cold:
                tactical.append((ORDER_KILLER + (k == k1)) << bits | k)
                promoted.append(k)
        for k in promoted:
            cold.remove(k)
        if hist:
            ranked = list(filter(hist.__contains__, cold))
            if ranked:
                ranked.sort(key=hist.__getitem__, reverse=True)
                cold = ranked + list(filterfalse(hist.__contains__, cold))
        if self.chance:  # gambles after the plain quiet moves: the first pruned and reduced
            gambles = [c for c in cold if c & DECISION]
            if gambles:
                cold = [c for c in cold if not c & DECISION] + gambles
        return cold

    def _reduction(self, i: int, searched: int, depth: int, n_tac: int) -> int:
        """Late-move reduction of the ``i``-th move: quiet moves more, and sooner, than keyed ones."""
        lmr_late = self.options.lmr_late
        if i >= n_tac:
            r = 1 if searched < lmr_late else 2
            if searched >= 3 * lmr_late and depth >= 6:
                r = 3
        elif searched >= self.options.lmr_hot_after:
            r = 1
        else:
            r = 0
        return depth - 2 if r >= depth - 1 else r

    def _learn(self, c: int, depth: int, ply: int) -> None:
        """A quiet move refuted the node: remember it as a killer and in the history."""
        killers = self.killers[ply]
        if c != killers[0]:
            killers[1] = killers[0]
            killers[0] = c
        stm = self.pos.turn
        hist = self.history[stm]
        v = hist.get(c, 0) + depth * depth
        hist[c] = v
        if v > HISTORY_MAX:
            self.history[stm] = {m: x >> 1 for m, x in hist.items() if x > 1}

    def _store(self, h: int, depth: int, flag: int, score: int, ply: int, move: int) -> None:
        if score >= MATE_BOUND:
            score += ply
        elif score <= -MATE_BOUND:
            score -= ply
        self.tt[h] = (depth, flag, score, move)

    def _leaf(self, ply: int, s: int) -> int:
        """Plain static evaluation (quiescence switched off)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        self.pv[ply] = _EMPTY
        score: int = self._info(self.pos.hash, ply, s)[0]
        return score

    # ------------------------------------------------------------------ quiescence
    def _qsearch(self, alpha: int, beta: int, ply: int, s: int, qply: int) -> int:
        """Stand pat on the static score, then the profile's noisy moves (only a royal kill when no
        capture can lift the score to alpha: delta pruning); evasions when the royal is in danger."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        self.pv[ply] = _EMPTY
        pos = self.pos
        profile = self.profile
        h = pos.hash
        info = self.cache.get(h)
        if info is None:
            info = profile.analyse(h, pos.turn, s, ply, self.info_at[ply - 1] if ply else None)
            cache = self.cache
            if len(cache) >= EVAL_CACHE_ENTRIES:
                cache.clear()
            cache[h] = info
        self.info_at[ply] = info
        if info[1]:
            if info[1] & WINS:
                return MATE - ply - 1
            return self._evasions(alpha, beta, ply, s, qply, info)
        stand: int = info[0]
        if stand >= beta or qply >= self.max_q or ply >= MAX_PLY:
            return stand
        kills_only = stand + self.delta_margin <= alpha
        if stand > alpha:
            alpha = stand
        best = stand
        play = profile.play
        unmake = pos.unmake_code
        stm = pos.turn
        rule_ends, multi = self.rule_ends, self.multi
        for c, hit in profile.q_moves(info, qply < self.threat_plies, kills_only):
            s2 = play(c, s, hit)
            if pos.loser >= 0 or rule_ends:
                done = self._decided(ply + 1, stm)
                if done is not None:
                    unmake()
                    if done >= MATE_BOUND:
                        return done
                    if done > best:  # (a draw; a loss is never chosen)
                        best = done
                        if done > alpha:
                            alpha = done
                            if done >= beta:
                                break
                    continue
            if kills_only or not profile.q_gained():
                unmake()
                continue
            if multi and pos.turn == stm:
                sc = self._qsearch(alpha, beta, ply + 1, s2, qply + 1)
            else:
                sc = -self._qsearch(-beta, -alpha, ply + 1, s2, qply + 1)
            unmake()
            if sc > best:
                best = sc
                if sc > alpha:
                    alpha = sc
                    if sc >= beta:
                        break
        return best

    def _evasions(self, alpha: int, beta: int, ply: int, s: int, qply: int, info: Info) -> int:
        """Our royal is in danger: only the moves that parry it count (none: the loss next move)."""
        pos = self.pos
        profile = self.profile
        stm = pos.turn
        best = -(MATE - ply - 2)  # nothing parries: the enemy shot lands next move
        if best >= beta:
            return best
        for c in profile.evasions(info):
            s2 = profile.play(c, s)
            done = self._decided(ply + 1, stm) if pos.loser >= 0 or self.rule_ends else None
            if done is not None:
                pos.unmake_code()
                if done >= MATE_BOUND:
                    return done
                continue
            if not profile.parried():
                pos.unmake_code()
                continue
            if self.multi and pos.turn == stm:
                sc = self._qsearch(max(alpha, best), beta, ply + 1, s2, qply + 1)
            else:
                sc = -self._qsearch(-beta, -max(alpha, best), ply + 1, s2, qply + 1)
            pos.unmake_code()
            if sc > best:
                best = sc
                if sc >= beta:
                    break
        return best


class _Node:
    """One interior node's state while its moves are searched (see :meth:`Engine._search_order`)."""

    __slots__ = (
        "depth",
        "alpha",
        "beta",
        "ply",
        "s",
        "pv_node",
        "in_danger",
        "info",
        "static",
        "tt_move",
        "stage",
        "best",
        "best_move",
        "order",
        "bands",
        "hits",
        "default_hit",
        "pending",
        "pruned",
        "futile",
        "late",
        "lmr",
    )

    def __init__(
        self,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        s: int,
        pv_node: bool,
        in_danger: bool,
        info: Info,
        tt_move: int,
    ) -> None:
        self.depth = depth
        self.alpha = alpha  # (the result: raised as moves improve on it)
        self.beta = beta
        self.ply = ply
        self.s = s  # the profile's incremental score here
        self.pv_node = pv_node
        self.in_danger = in_danger
        self.info = info  # the profile's analysis of the node
        self.static: int = info[0]
        self.tt_move = tt_move
        self.stage = 0  # next: 0 the table's move, 1 the first stage, 2 the second, 3 the end
        self.best = -INF
        self.best_move = 0
        self.order: list[int] = []  # ordering keys (``key << code_bits | move``) or plain moves
        self.bands = (0, 0, 0)  # end of the captures, of the killers and parries, of the keyed moves
        self.hits: dict[int, int] = {}  # the profile's hint for each move it classified
        self.default_hit = -2  # ...and for the others
        # what the second stage needs: (moves keyed later, losing moves, the profile's rest, count)
        self.pending: tuple[list[int], list[int], Any, int] | None = None
        self.pruned: list[int] = []  # quiet moves pruned (searched after all if everything else loses)
        self.futile = False  # quiet moves are futile here (set with the first stage)
        self.late = 999  # quiet moves after this many are pruned
        self.lmr = False  # late moves are reduced


def make_engine(variant: Variant | None = None, weights: Any = None) -> Engine:
    """An engine for ``variant`` (every rule set has the one search; ``weights``: that rule set's
    evaluation weights, None for its defaults): the native core's where it is built and serves the
    rule set (game/native.py), else this Python one."""
    from game.native import make_native_engine

    return make_native_engine(variant, weights=weights)
