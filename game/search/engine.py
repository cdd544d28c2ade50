"""The CPU player's search: iterative deepening PVS with a transposition table, in pure Python.

Highlights (docs/engine.md):

* negamax alpha-beta with principal-variation search, aspiration windows at the root,
  a transposition table keyed by the position's Zobrist hash, null-move pruning (the "pass"
  fires the laser without moving, which is what any move far from the beams does), late-move
  reductions, reverse futility and futility pruning, and an extension when one's royal piece is in
  the enemy beam;
* laser-aware move classification: a move that touches none of the squares the mover's beam
  crosses leaves the shot unchanged, so only the few moves that touch it are made in advance to see
  what they destroy (a royal kill returns at once, self-kills are dropped, captures go first);
* a quiescence search over moves that destroy an enemy piece, and over every parry when the
  side to move's royal is in the enemy beam;
* repetition and ply-limit draws score 0, so the engine avoids them when ahead and seeks them
  when behind; wins and losses are scored by distance (``MATE - plies``).

Limits: depth, nodes, time (movetime or an absolute deadline) and a stop signal; a progress
callback gets a :class:`Progress` after every completed depth.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from itertools import filterfalse
from typing import Any

from game.laser import fire
from game.move import Move
from game.pieces import OPTICS
from game.pieceset import DESTROY
from game.position import ROTATE, Position
from game.search.budget import CHECK_EVERY, Budget, choose, per_second
from game.search.collector import collector_paused
from game.search.evaluate import NO_EXPOSURE, OFF_BOARD, Evaluator, Weights, trace_beam
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
from game.search.movegen import generates_by_region, moves_apart, square_flags, touching_moves

INF = 1_000_000
MAX_PLY = 96
EXACT, LOWER, UPPER = 0, 1, 2

CODE_BITS = 27
CODE_MASK = (1 << CODE_BITS) - 1
HISTORY_MAX = 1 << 24

# Move-ordering bands (the key is shifted above the move code, see _order).
ORDER_TT = 1 << 34
ORDER_CAPTURE = 1 << 31
ORDER_KILLER = 1 << 30
ORDER_ESCAPE = 1 << 29
ORDER_TOUCH = 1 << 26  # changes our own beam (without destroying anything)
ORDER_TOUCH_THEIRS = 1 << 25  # changes the enemy beam
ORDER_BAD = -(1 << 32)

EVAL_CACHE_ENTRIES = 300_000
ENTRIES_MEMO = 50_000  # beam traces whose entries (beam_entries) are kept
# Move-count pruning: at depth 1 and 2 (non-PV) only this many quiet moves (touching no beam) are tried.
LATE_MOVES = (999, 10, 20)
NO_BEAM = (-1, OFF_BOARD, 0, 0)
HIT_SHIFT = 16  # shot_after's answer: the square of the piece destroyed above the piece code
VICTIM_MASK = (1 << HIT_SHIFT) - 1
_EMPTY: list[int] = []


def shot_after(board: list[int], rays: tuple[tuple[int, ...], ...], c: int, emitter: int) -> int:
    """What move ``c`` (no third square) would destroy with a single shot: 0 for nothing, else
    ``square << HIT_SHIFT | piece code`` (``& VICTIM_MASK`` is the piece, ``>> HIT_SHIFT`` the square
    the search hands to ``make_code`` so the move's shot is not traced a second time).

    The move is applied to ``board`` only for the trace and undone before returning: this is
    the cheap way to learn what a move does to the beam without a full make/unmake.
    """
    frm = c & 255
    to = c >> 8 & 255
    p = board[frm]
    q = board[to]
    if frm != to:
        board[to] = p
        board[frm] = q
        if emitter == frm:
            emitter = to
        elif emitter == to:
            emitter = frm
    rot = c >> 16 & 3
    if rot:
        board[to] = ROTATE[rot][board[to]]
    victim = 0
    if emitter >= 0:
        hit = fire(board, rays, emitter, board[emitter] & 3)
        if hit >= 0:
            victim = board[hit] | hit << HIT_SHIFT
    board[frm] = p
    board[to] = q
    return victim


OFF_PATH = 1 << 24  # beam_entries: a square the beam never enters


def beam_entries(board: list[int], rays: tuple[tuple[int, ...], ...], emitter: int, size: int) -> list[int]:
    """Per square, ``order << 2 | direction`` of the beam's first pass (the emitter is order 0 with
    its facing), OFF_PATH where the beam never goes: what :func:`shot_along` starts from."""
    entries = [OFF_PATH] * size
    segments: list[tuple[int, int, int, int]] = []
    d = board[emitter] & 3
    fire(board, rays, emitter, d, segments)
    entries[emitter] = d
    n = 4
    for frm, d, to, _ in segments:
        for t in rays[frm << 2 | d]:
            if entries[t] == OFF_PATH:
                entries[t] = n | d
                n += 4
            if t == to:
                break
    return entries


def shot_along(
    board: list[int],
    rays: tuple[tuple[int, ...], ...],
    c: int,
    emitter: int,
    entries: list[int],
    vacated: dict[int, tuple[int, int]],
    ev: Evaluator,
) -> int:
    """:func:`shot_after` (same answer), traced only from the first square of the beam the move
    changes: the beam up to it is the same, and there it meets the square's new content.

    A piece stepping off the beam lets it run on through the square it left, the same for each of
    its steps unless it lands on that new beam: ``vacated`` (one per node) keeps that trace."""
    frm = c & 255
    to = c >> 8 & 255
    ef = entries[frm]
    et = entries[to]
    if ef <= et:
        start = frm
        d = ef
    else:
        start = to
        d = et
    if start == emitter or d == OFF_PATH or c >> 18:
        return shot_after(board, rays, c, emitter)
    d &= 3
    p = board[frm]
    q = board[to]
    if start == frm and not q and frm != to and not c >> 16 & 3:
        got = vacated.get(frm)
        if got is None:
            board[frm] = 0
            stop, effect, new_path, _ = trace_beam(board, rays, ev.upto, ev.full, ev.size, frm, d)
            board[frm] = p
            got = vacated[frm] = (board[stop] | stop << HIT_SHIFT if effect == DESTROY else 0, new_path)
        if not got[1] >> to & 1:
            return got[0]
    if frm != to:
        board[to] = p
        board[frm] = q
    rot = c >> 16 & 3
    if rot:
        board[to] = ROTATE[rot][board[to]]
    piece = board[start]
    if not piece:
        hit = fire(board, rays, start, d)
    else:
        effect = OPTICS[piece << 2 | d]
        if effect >= 0:
            hit = fire(board, rays, start, effect)
        else:
            hit = start if effect == DESTROY else -1
    victim = board[hit] | hit << HIT_SHIFT if hit >= 0 else 0
    board[frm] = p
    board[to] = q
    return victim


class SearchStopped(Exception):
    """Raised inside the tree when a limit or the stop signal ends the search."""


class Engine:
    """A searcher with its own transposition table and history (keep one per CPU player)."""

    # Declared here so the compiled core (mypyc) gives them their full types.
    iter_best: tuple[int, int, list[int]] | None
    deadline: float | None
    node_limit: int | None
    stop_fn: Callable[[], bool] | None

    def __init__(
        self,
        options: SearchOptions | None = None,
        weights: Weights | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.options = options or SearchOptions()
        self.clock = clock  # seconds; tests pass a fake one (Limits.deadline is on this clock)
        self.weights = weights  # evaluation weights (None: the variant's defaults)
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history: list[dict[int, int]] = [{}, {}]
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]
        self._evaluators: dict[str, Evaluator] = {}
        self.cache: dict[int, tuple[Any, ...]] = {}
        self._cache_variant: str | None = None
        # The best root move of the iteration in progress (set by _root; not reset in search(),
        # where the compiled core would take the attribute as narrowed to None).
        self.iter_best = None
        self.nodes = 0
        self.by_region = True

    # ------------------------------------------------------------------ public helpers
    def clear(self) -> None:
        """Forget everything learned (new game)."""
        self.tt.clear()
        self.cache.clear()
        for table in self.history:
            table.clear()

    def evaluator(self, pos: Position) -> Evaluator:
        ev = self._evaluators.get(pos.variant.name)
        if ev is None or ev.variant is not pos.variant:
            ev = self._evaluators[pos.variant.name] = Evaluator(pos.variant, self.weights)
        return ev

    def evaluate(self, pos: Position) -> int:
        """The static evaluation of ``pos`` for its side to move (what quiescence stands on)."""
        ev = self.evaluator(pos)
        board = pos.board
        beams = ev.beams(board, pos.lasers)
        stm = pos.turn
        return ev.evaluate(board, stm, ev.psq_sum(board), ev.royal_squares(board), beams[stm], beams[stm ^ 1])

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

        Python's cycle collector is paused meanwhile: the tree makes no reference cycles, yet its
        millions of short-lived tuples and lists would start a collection every few hundred nodes
        (3-4 % of the time). It is switched back on (if it was on) however the search ends."""
        with collector_paused():
            return self._search(pos, limits, on_progress, randomness, rng)

    def _search(
        self,
        pos: Position,
        limits: Limits | None,
        on_progress: Callable[[Progress], None] | None,
        randomness: Randomness | None,
        rng: random.Random | None,
    ) -> SearchResult:
        budget = Budget.of(limits, self.clock, MAX_PLY - 8)
        self.timer = timer = budget.timer
        start = timer.start
        self._start = start
        self.deadline = timer.deadline
        self.stop_fn = budget.stop
        self.node_limit = budget.nodes
        max_depth = budget.max_depth
        randomness = randomness if randomness and randomness.margin > 0 else None
        self.random_margin = randomness.margin if randomness else 0

        self.pos = p = pos.copy(history=True)
        self.board = p.board
        self.ev = ev = self.evaluator(p)
        if self._cache_variant != p.variant.name:  # a new rule set: forget what was learned
            self.clear()
            self._cache_variant = p.variant.name
        self.psq = ev.psq
        self.royals = ev.royal_squares(p.board)
        self.nodes = 0
        # Limits are checked every CHECK_EVERY nodes (a few ms), often enough to stop within the budget.
        self.next_check = budget.first_check
        self._last_look = (0, start)  # (nodes, clock) at the last limit check
        self.pv: list[list[int]] = [_EMPTY] * (MAX_PLY + 2)
        # Each node's analysis, for its children.
        self.info_at: list[tuple[Any, ...] | None] = [None] * (MAX_PLY + 2)
        self.entries_memo: dict[int, tuple[tuple[int, int, int, int], list[int]]] = {}
        self.changed = 0  # squares the last move made changed (bitmask)
        self.removed: tuple[int, ...] = ()  # what the last move's shot removed (see make_code)
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]
        self.history = [{k: v >> 2 for k, v in table.items() if v >= 4} for table in self.history]
        if len(self.tt) > self.options.tt_entries:
            self.tt.clear()
        counts: dict[int, int] = {}
        for h in p.hashes[:-1]:
            counts[h] = counts.get(h, 0) + 1
        self.hist_rep = counts
        self.path: set[int] = set()
        limit = p.options.ply_limit or p.variant.quiet_ply_limit
        self.ply_limit = limit or 0
        self.max_q = self.options.qsearch_depth
        self.virtual_shots = not p.variant.refire  # one shot per move: a move's effect can be simulated
        self.by_region = generates_by_region(p)
        self.delta_margin = max(ev.value[c] for c in range(8, len(ev.value)) if not ev.is_royal[c]) // 2 + 150

        names = p.geometry.names
        root_moves = self._root_moves(rng)
        s0 = ev.psq_sum(p.board)
        stm = p.turn

        def texts(codes: list[int]) -> tuple[str, ...]:
            return tuple(Move.from_code(c).text(names) for c in codes)

        if not root_moves:
            return SearchResult(None, None, 0, 0, (), 0, 0.0, 0)

        best_move = root_moves[0][1]
        best_score = root_moves[0][0] if root_moves[0][0] <= -MATE_BOUND else 0
        best_pv: list[int] = [best_move]
        completed = 0
        stopped = False
        root_scores: dict[int, int] = {}
        # Only one move that does not lose at once, or an immediate kill: answer without searching.
        viable = [c for sc, c in root_moves if sc > -MATE_BOUND]
        instant = root_moves[0][0] >= MATE_BOUND or len(viable) == 1
        if instant:
            best_score = root_moves[0][0] if root_moves[0][0] >= MATE_BOUND else 0
            completed = 1
            root_scores = {c: sc for sc, c in root_moves}
        order = [c for _, c in root_moves]
        self.root_nodes: dict[int, int] = {}
        score = 0
        depth = 1
        settled_at: tuple[int, int] | None = None  # (best move, score) of the last completed iteration
        while not instant and depth <= max_depth:
            self.root_depth = depth
            try:
                if self.options.aspiration and depth >= 4 and not randomness and abs(score) < MATE_BOUND:
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
                            break
                        if window > 1000:
                            alpha, beta = -INF, INF
                else:
                    score, scores = self._root(order, depth, -INF, INF, s0, stm)
            except SearchStopped:
                stopped = True
                # The unfinished iteration searched the previous best move first; a move that beat
                # it there (or its own deeper score) is the better information.
                if self.iter_best is not None:
                    best_score, best_move, best_pv = self.iter_best[0], self.iter_best[1], self.iter_best[2]
                break
            completed = depth
            timer.iteration_done()
            best_move = self.pv[0][0] if self.pv[0] else order[0]
            was = settled_at
            settled_at = (best_move, score)
            best_score = score
            best_pv = list(self.pv[0]) or [best_move]
            root_scores = scores
            # Next iteration: best first, then by score, then by effort.
            nodes_per_move = self.root_nodes
            order.sort(
                key=lambda c: (c == best_move, scores.get(c, -INF), nodes_per_move.get(c, 0)), reverse=True
            )
            if on_progress is not None:
                elapsed = budget.elapsed()
                nps = per_second(self.nodes, elapsed)
                on_progress(Progress(depth, score, texts(best_pv), self.nodes, elapsed, nps))
            if abs(score) >= MATE_BOUND and depth >= MATE - abs(score) + 1:
                break
            if not budget.another_depth(self.nodes, was, settled_at):
                break
            depth += 1

        chosen = choose(root_scores, best_move, best_score, randomness, rng)
        elapsed = budget.elapsed()
        return SearchResult(
            chosen,
            Move.from_code(chosen).text(names),
            root_scores.get(chosen, best_score) if chosen != best_move else best_score,
            completed,
            texts(best_pv) if chosen == best_move else texts([chosen]),
            self.nodes,
            elapsed,
            per_second(self.nodes, elapsed),
            stopped,
            best_move,
            dict(root_scores),
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
        """(ordering score, code) for every legal move, best first; immediate results are exact.

        With ``rng`` the moves are shuffled first, so equal moves are tried (and chosen) in a
        seed-dependent order: games differ without weakening the search.
        """
        pos = self.pos
        codes = pos.generate_codes()
        if rng is not None:
            rng.shuffle(codes)
        out = []
        opp = pos.turn ^ 1
        for c in codes:
            removed = pos.make_code(c)
            loser = pos.loser
            pos.unmake_code()
            if loser >= 0:
                out.append((MATE - 1 if loser == opp else -(MATE - 1), c))
            else:
                gain = 0
                for i in range(1, len(removed), 2):
                    v = self.ev.value[removed[i]]
                    gain += v if removed[i] >> 2 & 1 == opp else -v
                out.append((gain, c))
        out.sort(key=lambda t: t[0], reverse=True)
        return out

    def _root(
        self, order: list[int], depth: int, alpha: int, beta: int, s: int, stm: int
    ) -> tuple[int, dict[int, int]]:
        pos = self.pos
        opp = stm ^ 1
        scores: dict[int, int] = {}
        best = -INF
        self.iter_best = None
        self.pv[0] = _EMPTY
        h = pos.hash
        self.path.add(h)
        info = self.cache.get(h)
        self.info_at[0] = info if info is not None else self._analyse(h, stm, s, 0)
        margin = self.random_margin
        first = True
        for c in order:
            n0 = self.nodes
            s2 = self._play(c, s)
            loser = pos.loser
            if loser >= 0:
                sc = MATE - 1 if loser == opp else -(MATE - 1)
            elif margin and not first:
                # Randomness chooses among the moves within the margin of the best: a null window
                # just below (best - margin) tells whether a move is one (its fail-soft score, a
                # lower bound, weights the choice); only a move that may beat the best is
                # searched with the full window.
                floor = best - margin - 1
                sc = -self._negamax(depth - 1, -floor - 1, -floor, 1, s2, True)
                if sc > best:
                    sc = -self._negamax(depth - 1, -beta, -best, 1, s2, True)
            elif first:
                sc = -self._negamax(depth - 1, -beta, -alpha, 1, s2, True)
            else:
                sc = -self._negamax(depth - 1, -alpha - 1, -alpha, 1, s2, True)
                if alpha < sc < beta:
                    sc = -self._negamax(depth - 1, -beta, -alpha, 1, s2, True)
            self._unplay()
            first = False
            self.root_nodes[c] = self.nodes - n0
            scores[c] = sc
            if sc > best:
                best = sc
                if sc > alpha:
                    alpha = sc
                    self.pv[0] = [c] + self.pv[1] if loser < 0 else [c]
                    self.iter_best = (sc, c, list(self.pv[0]))
                    if sc >= beta:
                        break
        self.path.discard(h)
        return best, scores

    # ------------------------------------------------------------------ make / unmake with bookkeeping
    def _play(self, c: int, s: int, hit: int = -2) -> int:
        """Make move ``c`` and return the updated material+placement sum (first player's view).

        ``hit``: where the move's shot stops when the caller knows it (see ``Position.make_code``).
        """
        board = self.board
        psq = self.psq
        frm = c & 255
        to = c >> 8 & 255
        pf = board[frm]
        pt = board[to]
        then = c >> 18
        if then:
            th = then - 1
            pth = board[th]
        removed = self.pos.make_code(c, None, fire, hit)
        if frm == to:
            s += psq[board[to] << 7 | to] - psq[pf << 7 | to]
        elif pt:
            s += (
                psq[board[frm] << 7 | frm] + psq[board[to] << 7 | to] - psq[pf << 7 | frm] - psq[pt << 7 | to]
            )
        else:  # a step to an empty square leaves ``frm`` empty (an empty square counts 0)
            s += psq[board[to] << 7 | to] - psq[pf << 7 | frm]
        changed = 1 << frm | 1 << to
        if then:
            s += psq[board[th] << 7 | th] - psq[pth << 7 | th]
            changed |= 1 << th
        if removed:
            for i in range(0, len(removed), 2):
                sq = removed[i]
                changed |= 1 << sq
                if sq != frm and sq != to and (not then or sq != th):
                    s -= psq[removed[i + 1] << 7 | sq]
        self.changed = changed
        self.removed = removed
        return s

    def _unplay(self) -> None:
        self.pos.unmake_code()

    def _royal_squares(self, board: list[int]) -> list[int]:
        """Where each royal piece stands (cached; royals step one square, so look nearby first)."""
        royals = self.royals
        is_royal = self.ev.is_royal
        for color in (0, 1):
            r = royals[color]
            code = board[r] if r >= 0 else 0
            if code and is_royal[code] and code >> 2 & 1 == color:
                continue
            for t in self.ev.neighbours[r] if r >= 0 else ():
                code = board[t]
                if code and is_royal[code] and code >> 2 & 1 == color:
                    royals[color] = t
                    break
            else:
                royals[color] = self.ev.royal_squares(board)[color]
        return royals

    def _analyse(self, h: int, stm: int, s: int, ply: int) -> tuple[Any, ...]:
        """Static score, both beams' traces and both royals' exposure (cached by hash).

        The parent's traces and exposures are reused when the move that led here changed none of
        the squares they depend on (most moves are far from both beams and both royals).
        """
        board = self.board
        ev = self.ev
        parent = self.info_at[ply - 1] if ply else None
        if parent is not None:
            changed = self.changed
            _, p_mine, p_theirs, e0, e1 = parent
            # The side to move here is the parent's opponent: the beams swap roles.
            if changed & p_theirs[2]:
                e = self.pos.lasers[stm]
                mine = (
                    trace_beam(board, ev.rays, ev.upto, ev.full, ev.size, e, board[e] & 3)
                    if e >= 0
                    else NO_BEAM
                )
            else:
                mine = p_theirs
            if changed & p_mine[2]:
                e = self.pos.lasers[stm ^ 1]
                theirs = (
                    trace_beam(board, ev.rays, ev.upto, ev.full, ev.size, e, board[e] & 3)
                    if e >= 0
                    else NO_BEAM
                )
            else:
                theirs = p_mine
            if e0 is NO_EXPOSURE:
                e0 = None
            elif changed & e0[1]:
                e0 = None if changed & e0[6] else ev.exposure_near(board, e0, 0)
            if e1 is NO_EXPOSURE:
                e1 = None
            elif changed & e1[1]:
                e1 = None if changed & e1[6] else ev.exposure_near(board, e1, 1)
        else:
            mine, theirs = self._beams(stm)
            e0 = e1 = None
        if e0 is None or e1 is None:
            royals = self._royal_squares(board)
            if e0 is None:
                e0 = ev.exposure(board, royals[0], 0) if royals[0] >= 0 else NO_EXPOSURE
            if e1 is None:
                e1 = ev.exposure(board, royals[1], 1) if royals[1] >= 0 else NO_EXPOSURE
        if stm == 0:
            static = ev.score(board, 0, s, mine, theirs, e0, e1)
        else:
            static = ev.score(board, 1, s, mine, theirs, e1, e0)
        info = (static, mine, theirs, e0, e1)
        cache = self.cache
        if len(cache) >= EVAL_CACHE_ENTRIES:
            cache.clear()
        cache[h] = info
        return info

    def _entries_of(self, beam: tuple[int, int, int, int], emitter: int) -> list[int]:
        """:func:`beam_entries` of the side to move's ``beam`` (its trace, fired from ``emitter``).

        A trace is reused by every child whose move touched none of its squares, and so is the
        course along them: the entries are kept with the trace object (held, so its id stays its)."""
        memo = self.entries_memo
        got = memo.get(id(beam))
        if got is not None and got[0] is beam:
            return got[1]
        entries = beam_entries(self.board, self.ev.rays, emitter, self.ev.size)
        if len(memo) >= ENTRIES_MEMO:
            memo.clear()
        memo[id(beam)] = (beam, entries)
        return entries

    def _beams(self, stm: int) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
        board = self.board
        ev = self.ev
        lasers = self.pos.lasers
        e = lasers[stm]
        mine = trace_beam(board, ev.rays, ev.upto, ev.full, ev.size, e, board[e] & 3) if e >= 0 else NO_BEAM
        e = lasers[stm ^ 1]
        theirs = trace_beam(board, ev.rays, ev.upto, ev.full, ev.size, e, board[e] & 3) if e >= 0 else NO_BEAM
        return mine, theirs

    # ------------------------------------------------------------------ interior nodes
    def _negamax(self, depth: int, alpha: int, beta: int, ply: int, s: int, null_ok: bool) -> int:
        pos = self.pos
        h = pos.hash
        self.pv[ply] = _EMPTY
        # Draws by repetition (within the line searched, or a third time counting the game) and ply limit.
        if h in self.path or self.hist_rep.get(h, 0) >= 2:
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

        board = self.board
        stm = pos.turn
        opp = stm ^ 1
        ev = self.ev
        is_royal = ev.is_royal
        info = self.cache.get(h)
        if info is None:
            info = self._analyse(h, stm, s, ply)
        self.info_at[ply] = info
        static: int
        static, mine, theirs, _, _ = info
        my_stop, my_effect, my_path, _ = mine
        my_victim = board[my_stop] if my_effect == DESTROY else 0
        if my_victim and is_royal[my_victim] and my_victim >> 2 & 1 == opp:
            kill = self._free_kill(my_path)
            if kill:
                self._store(h, MAX_PLY, EXACT, MATE - ply - 1, ply, kill)
                return MATE - ply - 1
        their_stop, their_effect, their_path, _ = theirs
        their_victim = board[their_stop] if their_effect == DESTROY else 0
        in_danger = bool(their_victim) and is_royal[their_victim] and their_victim >> 2 & 1 == stm
        opts = self.options
        if in_danger and opts.extensions and ply < 2 * self.root_depth + 2:
            depth += 1

        if not pv_node and not in_danger and -MATE_BOUND < beta < MATE_BOUND:
            # Reverse futility: far above beta with little depth left.
            if opts.futility and depth <= 3 and static - 120 * depth >= beta:
                return static - 120 * depth
            # Null move: pass (the laser still fires, as after any move away from the beams).
            if opts.null_move and null_ok and depth >= 3 and static >= beta:
                r = 3 if depth >= 6 else 2
                e = pos.lasers[stm]
                null = (e | e << 8) if e >= 0 else 0
                s2 = self._play(null, s, my_stop if my_effect == DESTROY else -1)  # the shot as it is
                if pos.loser < 0:
                    self.path.add(h)
                    sc = -self._negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, s2, False)
                    self.path.discard(h)
                    self._unplay()
                    if sc >= beta:
                        return beta if sc >= MATE_BOUND else sc
                else:
                    self._unplay()

        # ---- the transposition table's move first: when it refutes, nothing else is generated
        best = -INF
        best_move = 0
        orig_alpha = alpha
        searched = 0
        path = self.path
        pv = self.pv
        path.add(h)
        # At depth 1 every child is a quiescence node: it is called directly after the draw tests
        # _negamax would make first (one Python call less per leaf).
        leaf = depth <= 1 and opts.quiescence
        ply_limit = self.ply_limit
        hist_rep = self.hist_rep
        if tt_move:
            if tt_move >> 18 or my_path >> (tt_move & 255) & 1 or my_path >> (tt_move >> 8 & 255) & 1:
                s2 = self._play(tt_move, s)
            else:
                s2 = self._play(tt_move, s, my_stop if my_effect == DESTROY else -1)
            loser = pos.loser
            if loser >= 0:
                sc = MATE - ply - 1 if loser == opp else -(MATE - ply - 1)
            elif leaf:
                h2 = pos.hash
                if h2 in path or hist_rep.get(h2, 0) >= 2 or (ply_limit and pos.quiet_plies >= ply_limit):
                    pv[ply + 1] = _EMPTY  # a draw, as _negamax would score it
                    sc = 0
                else:
                    sc = -self._qsearch(-beta, -alpha, ply + 1, s2, 0)
            else:
                sc = -self._negamax(depth - 1, -beta, -alpha, ply + 1, s2, True)
            pos.unmake_code()
            searched = 1
            best = sc
            if sc > alpha:
                alpha = sc
                best_move = tt_move
                if pv_node:
                    pv[ply] = [tt_move] + pv[ply + 1] if loser < 0 else [tt_move]
                if sc >= beta:
                    path.discard(h)
                    self._store(h, depth, LOWER, sc, ply, tt_move)
                    return sc

        # ---- staged move generation. Only a move touching our beam can change what our shot
        # destroys, so those moves alone are generated and classified first: the captures among
        # them are searched before anything else is generated, and most nodes that a capture
        # refutes never generate the rest (moves touching the enemy beam, killers, quiet moves).
        hist = self.history[stm]
        killers = self.killers[ply]
        k1, k2 = killers
        value = ev.value
        make = pos.make_code
        unmake = pos.unmake_code
        free_gain = 0
        free_self_kill = False
        if my_victim:
            if my_victim >> 2 & 1 == opp:
                free_gain = value[my_victim] + 1
            elif is_royal[my_victim]:
                free_self_kill = True
            else:
                free_gain = -value[my_victim] - 1
        threatened = their_victim and their_victim >> 2 & 1 == stm
        virtual = self.virtual_shots
        rays = ev.rays
        emitter = pos.lasers[stm]
        # Where our unchanged shot stops: the shot of every move that touches none of our beam.
        my_hit = my_stop if my_effect == DESTROY else -1
        moves = None if self.by_region else pos.generate_codes()  # one full list for both stages
        hot_mine = touching_moves(pos, my_path, moves)
        generated = len(hot_mine)
        tactical: list[int] = []  # (key << CODE_BITS | move), sorted before use
        bad: list[int] = []
        # Move -> the square of the piece its shot destroys, known from the classification; a move
        # not there destroys nothing if its shot was simulated (-1), else make_code traces it (-2).
        hits: dict[int, int] = {}
        no_hit = -1 if virtual else -2
        along = virtual and emitter >= 0 and self.by_region  # (elsewhere lasers move: whole traces pay)
        entries = _EMPTY
        if along:
            got = self.entries_memo.get(id(mine))  # (_entries_of's usual answer, without the call)
            entries = got[1] if got is not None and got[0] is mine else self._entries_of(mine, emitter)
        vacated: dict[int, tuple[int, int]] = {}
        for c in hot_mine:
            if c == tt_move:
                continue
            if virtual and not c >> 18:
                if along:
                    shot = shot_along(board, rays, c, emitter, entries, vacated, ev)
                else:
                    shot = shot_after(board, rays, c, emitter)
                victim = shot & VICTIM_MASK
                if not victim:
                    key = ORDER_TOUCH + hist.get(c, 0)
                    if c in (k1, k2):
                        key = ORDER_KILLER + (c == k1)
                elif is_royal[victim]:
                    if victim >> 2 & 1 == opp:
                        path.discard(h)
                        self._store(h, MAX_PLY, EXACT, MATE - ply - 1, ply, c)
                        self.pv[ply] = [c]
                        return MATE - ply - 1
                    continue  # destroys our own royal: a loss, never worth searching
                else:
                    hits[c] = shot >> HIT_SHIFT
                    if victim >> 2 & 1 == opp:
                        key = ORDER_CAPTURE + (value[victim] + 1) * 4096
                    else:
                        key = ORDER_BAD - (value[victim] + 1) * 4096
            else:
                removed = make(c)
                loser = pos.loser
                unmake()
                if loser >= 0:
                    if loser == opp:
                        path.discard(h)
                        self._store(h, MAX_PLY, EXACT, MATE - ply - 1, ply, c)
                        self.pv[ply] = [c]
                        return MATE - ply - 1
                    continue
                if removed:
                    gain = 0
                    for i in range(1, len(removed), 2):
                        v = value[removed[i]] + 1
                        gain += v if removed[i] >> 2 & 1 == opp else -v
                    key = (ORDER_CAPTURE if gain > 0 else ORDER_BAD) + gain * 4096
                else:
                    key = ORDER_TOUCH + hist.get(c, 0)
                    if c in (k1, k2):
                        key = ORDER_KILLER + (c == k1)
            if key >= 0:
                tactical.append(key << CODE_BITS | c)
            else:
                bad.append(key << CODE_BITS | c)
        tactical.sort(reverse=True)
        n_caps = 0
        n_tac = len(tactical)
        while n_caps < n_tac and tactical[n_caps] >> CODE_BITS >= ORDER_CAPTURE:
            n_caps += 1
        # Until the rest is generated the bands end after the captures (nothing is pruned or reduced).
        n_hard = n_tac = n_caps
        # The moves to search, in order: ordering keys (``key << CODE_BITS | move``) or plain move
        # codes; ``& CODE_MASK`` gives the move either way (only the searched ones are decoded).
        order = tactical[:n_caps]
        later = tactical[n_caps:]  # beam-touching moves that capture nothing, searched with the rest
        rest_pending = True
        if free_gain or free_self_kill:
            # Our shot already hits something: every move off our beam fires it, so the captures
            # are not all on our beam; build the whole order now.
            order = []
            later = tactical

        # ---- search the moves
        quiets = 0
        selective = not pv_node and not in_danger and alpha > -MATE_BOUND
        futile = selective and opts.futility and depth <= 2 and static + 150 * depth <= alpha
        late = LATE_MOVES[depth] if selective and opts.move_count_pruning and depth < len(LATE_MOVES) else 999
        lmr = opts.lmr and depth >= 3 and not in_danger
        lmr_hot_after = opts.lmr_hot_after
        lmr_late = opts.lmr_late
        pruned: list[int] = []
        on_mine = square_flags(my_path)
        i = 0
        while True:
            if i >= len(order):
                if not rest_pending:
                    break
                # ---- the second stage: the moves that do not touch our beam, and the order of all
                rest_pending = False
                theirs_only, cold = moves_apart(pos, my_path, their_path, moves)
                generated += len(cold) + len(theirs_only)
                tactical = later
                for c in theirs_only:
                    if c == tt_move:
                        continue
                    if free_gain:
                        key = (
                            (ORDER_CAPTURE if free_gain > 0 else ORDER_BAD)
                            + free_gain * 4096
                            + hist.get(c, 0)
                        )
                    elif free_self_kill:
                        continue
                    else:
                        # Changes what the enemy beam does: a parry when it hits one of ours.
                        key = (ORDER_ESCAPE if threatened else ORDER_TOUCH_THEIRS) + hist.get(c, 0)
                        if key < ORDER_KILLER and c in (k1, k2):
                            key = ORDER_KILLER + (c == k1)
                    if key >= 0:
                        tactical.append(key << CODE_BITS | c)
                    else:
                        bad.append(key << CODE_BITS | c)
                if tt_move and tt_move in cold:
                    cold.remove(tt_move)
                if cold:
                    if free_self_kill:
                        cold = []
                    elif free_gain:
                        band = ORDER_CAPTURE if free_gain > 0 else ORDER_BAD
                        for c in cold:
                            key = band + free_gain * 4096 + hist.get(c, 0)
                            (tactical if key >= 0 else bad).append(key << CODE_BITS | c)
                        cold = []
                    else:
                        promoted = []
                        for k in (k1, k2):
                            if k and k in cold:
                                tactical.append((ORDER_KILLER + (k == k1)) << CODE_BITS | k)
                                promoted.append(k)
                        for k in promoted:
                            cold.remove(k)
                        if hist:
                            # By history, best first, in generation order among equals; every stored
                            # value is at least 1, so the moves without one keep their order at the end.
                            ranked = list(filter(hist.__contains__, cold))
                            if ranked:
                                ranked.sort(key=hist.__getitem__, reverse=True)
                                cold = ranked + list(filterfalse(hist.__contains__, cold))
                if not generated:
                    path.discard(h)  # no legal move at all
                    return 0
                if not tactical and not cold and not bad and not searched and not order:
                    # Every move destroys our own royal piece.
                    path.discard(h)
                    return -(MATE - ply - 1)
                tactical.sort(reverse=True)
                bad.sort(reverse=True)
                # Bands of the final order: [0, n_caps) TT and captures; [n_caps, n_hard) killers and
                # parries; [n_hard, n_tac) beam-touching moves; then cold quiet moves; then bad moves.
                base = len(order)
                n_more = len(tactical)
                j = 0
                while j < n_more and tactical[j] >> CODE_BITS >= ORDER_CAPTURE:
                    j += 1
                n_caps = base + j
                while j < n_more and tactical[j] >> CODE_BITS >= ORDER_ESCAPE:
                    j += 1
                n_hard = base + j
                n_tac = base + n_more
                order += tactical
                order += cold
                if bad:
                    order += bad
                continue
            c = order[i] & CODE_MASK
            if i >= n_tac and searched:
                # A move that touches no beam (or loses material): prune it when the node looks
                # hopeless or enough quiet moves were tried.
                if futile or quiets >= late:
                    pruned.append(c)
                    i += 1
                    if i == len(order) and best <= -MATE_BOUND:
                        # Everything searched loses: the pruned moves may hold the only defence.
                        order += pruned
                        pruned = []
                        futile = False
                        late = 999
                    continue
                quiets += 1
            frm = c & 255
            to = c >> 8 & 255
            if c >> 18:
                hit = -2
            elif on_mine[frm] or on_mine[to]:
                hit = hits.get(c, no_hit)
            else:
                hit = my_hit  # off our beam: the shot is the one this node already traced
            s2 = self._play(c, s, hit)
            loser = pos.loser
            if loser >= 0:
                sc = MATE - ply - 1 if loser == opp else -(MATE - ply - 1)
            elif leaf:
                h2 = pos.hash
                if h2 in path or hist_rep.get(h2, 0) >= 2 or (ply_limit and pos.quiet_plies >= ply_limit):
                    pv[ply + 1] = _EMPTY  # a draw, as _negamax would score it
                    sc = 0
                elif not searched:
                    sc = -self._qsearch(-beta, -alpha, ply + 1, s2, 0)
                else:  # (no reduction at depth 1)
                    sc = -self._qsearch(-alpha - 1, -alpha, ply + 1, s2, 0)
                    if alpha < sc < beta:
                        sc = -self._qsearch(-beta, -alpha, ply + 1, s2, 0)
            elif not searched:
                sc = -self._negamax(depth - 1, -beta, -alpha, ply + 1, s2, True)
            else:
                r = 0
                if lmr and i >= n_hard and searched >= 3:
                    # Moves touching no beam are reduced more, and sooner, than beam-touching ones.
                    if i >= n_tac:
                        r = 1 if searched < lmr_late else 2
                        if searched >= 3 * lmr_late and depth >= 6:
                            r = 3
                    elif searched >= lmr_hot_after:
                        r = 1
                    if r >= depth - 1:
                        r = depth - 2
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
                    best_move = c
                    if pv_node:
                        pv[ply] = [c] + pv[ply + 1] if loser < 0 else [c]
                    if sc >= beta:
                        if i > n_caps:
                            if c != k1:
                                killers[1] = k1
                                killers[0] = c
                            v = hist.get(c, 0) + depth * depth
                            hist[c] = v
                            if v > HISTORY_MAX:
                                self.history[stm] = {m: x >> 1 for m, x in hist.items() if x > 1}
                        break
            if i == len(order) and pruned and best <= -MATE_BOUND and not rest_pending:
                order += pruned
                pruned = []
                futile = False
                late = 999
        if pruned and futile and static + 150 * depth > best:
            best = static + 150 * depth  # fail-soft bound for the moves futility pruning skipped
        path.discard(h)
        if best == -INF:
            best = alpha
        flag = LOWER if best >= beta else (EXACT if best > orig_alpha else UPPER)
        # (_store, inlined on the path every searched node ends on)
        if best >= MATE_BOUND:
            self.tt[h] = (depth, flag, best + ply, best_move or tt_move)
        elif best <= -MATE_BOUND:
            self.tt[h] = (depth, flag, best - ply, best_move or tt_move)
        else:
            self.tt[h] = (depth, flag, best, best_move or tt_move)
        return best

    def _store(self, h: int, depth: int, flag: int, score: int, ply: int, move: int) -> None:
        if score >= MATE_BOUND:
            score += ply
        elif score <= -MATE_BOUND:
            score -= ply
        self.tt[h] = (depth, flag, score, move)

    def _free_kill(self, my_path: int) -> int:
        """A move off our beam (the beam then fires unchanged into the enemy royal), verified."""
        pos = self.pos
        for c in pos.variant.generate(pos):
            frm = c & 255
            to = c >> 8 & 255
            if not (my_path >> frm & 1 or my_path >> to & 1 or c >> 18):
                pos.make_code(c)
                won = pos.loser == pos.turn
                pos.unmake_code()
                if won:
                    return c
        return 0

    def _leaf(self, ply: int, s: int) -> int:
        """Plain static evaluation (quiescence switched off)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        self.pv[ply] = _EMPTY
        stm = self.pos.turn
        info = self.cache.get(self.pos.hash)
        if info is None:
            info = self._analyse(self.pos.hash, stm, s, ply)
        score: int = info[0]
        return score

    # ------------------------------------------------------------------ quiescence
    def _qsearch(self, alpha: int, beta: int, ply: int, s: int, qply: int) -> int:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        self.pv[ply] = _EMPTY
        pos = self.pos
        board = self.board
        stm = pos.turn
        opp = stm ^ 1
        ev = self.ev
        is_royal = ev.is_royal
        h = pos.hash
        info = self.cache.get(h)
        if info is None:
            info = self._analyse(h, stm, s, ply)
        self.info_at[ply] = info
        stand: int
        stand, mine, theirs, _, _ = info
        my_stop, my_effect, my_path, _ = mine
        if my_effect == DESTROY:
            victim = board[my_stop]
            if is_royal[victim] and victim >> 2 & 1 == opp:
                return MATE - ply - 1
        their_stop, their_effect, _, _ = theirs
        if their_effect == DESTROY:
            victim = board[their_stop]
            if is_royal[victim] and victim >> 2 & 1 == stm:
                return self._evasions(alpha, beta, ply, s, qply, mine, theirs)
        if stand >= beta or qply >= self.max_q or ply >= MAX_PLY:
            return stand
        # Delta pruning: no capture can lift a score this far below alpha, only a royal kill can.
        kills_only = stand + self.delta_margin <= alpha
        if stand > alpha:
            alpha = stand
        best = stand
        virtual = self.virtual_shots
        rays = ev.rays
        emitter = pos.lasers[stm]
        play = self._play
        unmake = pos.unmake_code
        value = ev.value
        # Only a move touching our beam changes our shot (and only such moves that it may turn onto
        # an enemy piece: ``entries`` leaves out pieces stepping into the beam that it stops at).
        entries = None
        if virtual and emitter >= 0 and self.by_region:
            got = self.entries_memo.get(id(mine))  # (_entries_of's usual answer, without the call)
            entries = got[1] if got is not None and got[0] is mine else self._entries_of(mine, emitter)
        moves = touching_moves(pos, my_path, None, entries)
        vacated: dict[int, tuple[int, int]] = {}
        for c in moves:
            hit = -2
            if virtual and not c >> 18:
                if entries is not None:
                    shot = shot_along(board, rays, c, emitter, entries, vacated, ev)
                else:
                    shot = shot_after(board, rays, c, emitter)
                victim = shot & VICTIM_MASK
                if not victim or (victim >> 2 & 1 == stm and not is_royal[victim]):
                    continue
                if kills_only and not is_royal[victim]:
                    continue
                hit = shot >> HIT_SHIFT
            s2 = play(c, s, hit)
            loser = pos.loser
            if loser >= 0:
                unmake()
                if loser == opp:
                    return MATE - ply - 1
                continue
            if kills_only:
                unmake()
                continue
            removed = self.removed
            if not removed:
                unmake()
                continue
            gain = 0
            for i in range(1, len(removed), 2):
                v = value[removed[i]]
                gain += v if removed[i] >> 2 & 1 == opp else -v
            if gain <= 0:
                unmake()
                continue
            sc = -self._qsearch(-beta, -alpha, ply + 1, s2, qply + 1)
            unmake()
            if sc > best:
                best = sc
                if sc > alpha:
                    alpha = sc
                    if sc >= beta:
                        break
        return best

    def _evasions(
        self,
        alpha: int,
        beta: int,
        ply: int,
        s: int,
        qply: int,
        mine: tuple[Any, ...],
        theirs: tuple[Any, ...],
    ) -> int:
        """Our royal is in the enemy beam: only moves that take it out of the beam matter."""
        pos = self.pos
        board = self.board
        stm = pos.turn
        opp = stm ^ 1
        is_royal = self.ev.is_royal
        rays = self.ev.rays
        lasers = pos.lasers
        best = -(MATE - ply - 2)  # nothing parries: the enemy shot lands next move
        if best >= beta:
            return best
        my_stop, my_effect, my_path, _ = mine
        their_path = theirs[2]
        if not (my_effect == DESTROY and their_path >> my_stop & 1):
            # Unless our unchanged shot removes a piece from the enemy beam, a parry has to touch
            # one of the two beams.
            moves = touching_moves(pos, my_path | their_path)
        else:
            moves = pos.generate_codes()
        for c in moves:
            s2 = self._play(c, s)
            loser = pos.loser
            if loser >= 0:
                self._unplay()
                if loser == opp:
                    return MATE - ply - 1
                continue
            e = lasers[opp]
            if e >= 0:
                hit = fire(board, rays, e, board[e] & 3)
                if hit >= 0 and is_royal[board[hit]] and board[hit] >> 2 & 1 == stm:
                    self._unplay()
                    continue
            sc = -self._qsearch(-beta, -max(alpha, best), ply + 1, s2, qply + 1)
            self._unplay()
            if sc > best:
                best = sc
                if sc >= beta:
                    break
        return best
