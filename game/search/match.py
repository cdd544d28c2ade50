"""Engine-versus-engine matches: alternate setups and colours, adjudicate long games, estimate Elo."""

from __future__ import annotations

import math
import multiprocessing as mp
import random
import signal
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from game.chance import needs_draw, resolve
from game.errors import LaserChessError
from game.move import Move
from game.position import Position
from game.search.engine import make_engine
from game.search.levels import Level, get_level
from game.search.lifeline import die_with_parent
from game.search.limits import Limits, Randomness, format_score
from game.search.protocol import EngineProcess, EngineProcessError, position_line
from game.variants import RuleOptions, get_variant
from game.variants.base import Variant

DEFAULT_SETUPS = ("Classic", "Imhotep", "Dynasty", "Mercury", "Sophie")
JUDGE_DEPTH = 2  # the ply-limit judge's search depth (quiescence on top)
PLY_LIMIT = "ply limit (adjudicated)"


@dataclass(frozen=True)
class PlayerSpec:
    """One side of a match: a level, optionally with its time budget or depth cap replaced, or an
    outside program speaking the engine line protocol (``command``; it gets the movetime/depth).
    ``weights``: evaluation weights for our engine (game/search/weights.py), shown as ``weights_name``."""

    level: Level
    movetime: float | None = None  # seconds, replaces the level's budget
    depth: int | None = None  # replaces the level's depth cap
    command: str | None = None  # a program speaking game/search/protocol.py, instead of our engine
    weights: Any = None  # our engine's evaluation weights (None: the rule set's defaults)
    weights_name: str | None = None
    # Nodes a search may visit, instead of a time budget: a measurement the machine's load cannot
    # change (the ladder's --nps); the depth cap still holds.
    nodes: int | None = None

    @classmethod
    def parse(
        cls, name: str, movetime: float | None = None, depth: int | None = None, command: str | None = None
    ) -> PlayerSpec:
        return cls(get_level(name), movetime, depth, command)

    @property
    def name(self) -> str:
        if self.command is not None:
            return self.command
        return self.level.name + (f"[{self.weights_name}]" if self.weights_name else "")

    @property
    def label(self) -> str:
        if self.command is not None:
            limit = f"{self.movetime:g}s" if self.movetime is not None else f"d{self.depth}"
            return f"{self.command!r} ({limit})"
        extra = []
        if self.nodes is not None:
            extra.append(f"{self.nodes:,d} nodes")
        elif self.movetime is not None:
            extra.append(f"{self.movetime:g}s")
        if self.depth is not None:
            extra.append(f"d{self.depth}")
        return self.name + (f" ({', '.join(extra)})" if extra else "")

    def limits(self, variant: Variant | None = None) -> Limits:
        """The limits of one search in ``variant`` (a level's depth cap may depend on the rule set)."""
        if self.command is not None:
            return Limits(depth=self.depth, movetime=self.movetime)
        if self.nodes is not None:
            depth = self.depth if self.depth is not None else self.level.depth_in(variant)
            return Limits(depth=depth, nodes=self.nodes)
        return Limits(
            depth=self.depth if self.depth is not None else self.level.depth_in(variant),
            movetime=self.movetime if self.movetime is not None else self.level.seconds,
        )

    def randomness(self, variant: Variant | None = None) -> Randomness | None:
        return self.level.randomness(variant)


@dataclass(frozen=True)
class GameSpec:
    index: int
    variant: str
    setup: str
    first: PlayerSpec  # plays the side that moves first
    second: PlayerSpec
    a_moves_first: bool  # is player A (the match's first player) the side that moves first
    seed: int
    max_plies: int
    # At the ply limit a side the judge finds this many centi-units ahead wins (0: always a draw).
    adjudicate: int = 0


@dataclass(frozen=True)
class GameResult:
    index: int
    setup: str
    a_moves_first: bool
    result: str  # "1-0", "0-1", "1/2-1/2" (first mover's view)
    reason: str
    plies: int
    seconds: float
    depths: tuple[float, float]  # mean completed depth of the first and second mover
    moves: tuple[str, ...]
    failure: str | None = None  # an outside engine failed (died, timed out, answered nonsense)

    @property
    def a_score(self) -> float:
        """Points for player A (1, 0.5 or 0)."""
        first = {"1-0": 1.0, "0-1": 0.0}.get(self.result, 0.5)
        return first if self.a_moves_first else 1.0 - first


def play_game(spec: GameSpec) -> GameResult:
    """Play one game to the end (or to the ply cap, adjudicated a draw)."""
    start = time.monotonic()
    options = RuleOptions(repetition="auto")
    pos = Position.setup(spec.setup, spec.variant, options)
    players = (spec.first, spec.second)
    engines = (make_engine(pos.variant, spec.first.weights), make_engine(pos.variant, spec.second.weights))
    rngs = (players[0].level.rng(spec.seed * 2), players[1].level.rng(spec.seed * 2 + 1))
    chance_rng = random.Random(f"chance/{spec.seed}")
    depth_sum = [0, 0]
    depth_n = [0, 0]
    moves: list[str] = []
    result, reason = "1/2-1/2", PLY_LIMIT
    outside: list[EngineProcess | None] = [None, None]
    failure = None
    try:
        for side, player in enumerate(players):
            if player.command is not None:
                try:
                    started = outside[side] = EngineProcess(player.command)
                    started.send("newgame")
                except EngineProcessError as exc:
                    failure = str(exc)
                    result, reason = ("0-1" if side == 0 else "1-0"), f"{player.command} failed: {exc}"
        while failure is None:
            outcome = pos.outcome()
            if outcome is not None:
                result, reason = outcome.result, outcome.reason_text(pos.variant.royal_name)
                break
            if pos.ply >= spec.max_plies:
                break
            side = pos.turn
            player = players[side]
            program = outside[side]
            if program is not None:
                try:
                    move, depth = _outside_move(program, pos, spec, moves, player)
                except (EngineProcessError, LaserChessError) as exc:
                    failure = str(exc)
                    result = "0-1" if side == 0 else "1-0"
                    reason = f"{player.command} failed: {exc}"
                    break
            else:
                r = engines[side].search(
                    pos, player.limits(pos.variant), None, player.randomness(pos.variant), rngs[side]
                )
                move, depth = r.move, r.depth
            if move is None:
                result, reason = "1/2-1/2", "no legal moves"
                break
            depth_sum[side] += depth
            depth_n[side] += 1
            # A chance decision's outcome is drawn by the game's own generator, never the engine.
            action = resolve(pos, Move.from_code(move), chance_rng)
            moves.append(pos.move_text(action))
            pos.push_code(action.code)
    finally:
        for program in outside:
            if program is not None:
                program.close()
    if reason == PLY_LIMIT and spec.adjudicate > 0:
        result, reason = adjudicate(pos, spec.adjudicate)
    return GameResult(
        spec.index,
        spec.setup,
        spec.a_moves_first,
        result,
        reason,
        pos.ply,
        time.monotonic() - start,
        (depth_sum[0] / max(1, depth_n[0]), depth_sum[1] / max(1, depth_n[1])),
        tuple(moves),
        failure,
    )


def adjudicate(pos: Position, threshold: int) -> tuple[str, str]:
    """The result of a game stopped at the ply limit: a judge that plays for neither side (a fresh
    engine of the rule set, :data:`JUDGE_DEPTH` plies and quiescence, no randomness) scores the
    position; the side ahead by ``threshold`` centi-units or more wins, else it is a draw. Levels
    that cannot finish a won game in time (a Pharaoh walled in by mirrors) are told apart by it."""
    score = make_engine(pos.variant).search(pos, Limits(depth=JUDGE_DEPTH)).score
    ahead = pos.turn if score >= 0 else 1 - pos.turn
    judged = f"{pos.variant.side_names[ahead]} {format_score(abs(score))}"
    if abs(score) < threshold:
        return "1/2-1/2", f"{PLY_LIMIT}, judged close: {judged}"
    return ("1-0" if ahead == 0 else "0-1"), f"ply limit, adjudicated: {judged}"


def _outside_move(
    program: EngineProcess, pos: Position, spec: GameSpec, moves: list[str], player: PlayerSpec
) -> tuple[int | None, int]:
    """Ask an outside engine for its move (checked for legality) and the depth it reported."""
    limits = player.limits()
    # Generous: a depth-limited search may take a while; a timed one must answer near its budget.
    timeout = 5.0 + 3 * limits.movetime if limits.movetime is not None else 600.0
    text, info = program.search(position_line(spec.variant, spec.setup, None, moves), limits, timeout)
    if text is None:
        if pos.generate_codes():
            raise EngineProcessError("answered no move although legal moves exist")
        return None, 0
    move = pos.variant.parse_move_text(text, pos.geometry)
    if move.chance is not None or not needs_draw(pos, move):
        move = pos.parse_move(text)  # checked (a chance decision's outcome is drawn by the game)
    return move.code, int(info.get("depth", 0))


def schedule(
    a: PlayerSpec,
    b: PlayerSpec,
    games: int,
    setups: tuple[str, ...] = DEFAULT_SETUPS,
    variant: str = "khet",
    seed: int = 1,
    max_plies: int = 200,
    adjudicate: int = 0,
) -> list[GameSpec]:
    """Games in pairs: each setup is played twice with colours swapped."""
    v = get_variant(variant)
    names = [v.setup_fen(s) and s for s in setups]  # validates the names
    out = []
    for i in range(games):
        setup = names[(i // 2) % len(names)]
        a_first = i % 2 == 0
        first, second = (a, b) if a_first else (b, a)
        out.append(GameSpec(i, variant, setup, first, second, a_first, seed + i, max_plies, adjudicate))
    return out


def run_games(specs: list[GameSpec], jobs: int = 1) -> Iterator[GameResult]:
    """Results in completion order; ``jobs`` > 1 plays that many games at once in worker processes."""
    if jobs <= 1:
        for spec in specs:
            yield play_game(spec)
        return
    ctx = mp.get_context("spawn")
    with ctx.Pool(jobs, initializer=_pool_worker_start) as pool:
        yield from pool.imap_unordered(play_game, specs)


def _pool_worker_start() -> None:
    """A match's worker: it dies with the match, and leaves Ctrl+C to the match (which stops it
    and reports the games so far) instead of printing a traceback of its own."""
    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def elo_difference(wins: int, draws: int, losses: int) -> tuple[float, float, float]:
    """Elo difference with a 95% interval (low, high) from a match score (logistic model).

    The interval comes from the standard error of the mean score per game; a perfect or nil
    score has an infinite estimate and a finite bound on the other side.
    """
    n = wins + draws + losses
    if n == 0:
        return 0.0, -math.inf, math.inf
    p = (wins + 0.5 * draws) / n
    var = (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p**2) / n
    se = math.sqrt(var / n) if n > 1 else 0.5
    if se == 0:  # all results equal: use the spread a single different result would give
        se = math.sqrt(p * (1 - p) / n) if 0 < p < 1 else 0.5 / math.sqrt(n)

    def elo(x: float) -> float:
        if x <= 0:
            return -math.inf
        if x >= 1:
            return math.inf
        return -400 * math.log10(1 / x - 1)

    return elo(p), elo(p - 1.96 * se), elo(p + 1.96 * se)


def format_elo(wins: int, draws: int, losses: int) -> str:
    est, low, high = elo_difference(wins, draws, losses)

    def f(x: float) -> str:
        return f"{x + 0.0:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")  # never "-0"

    if math.isfinite(est) and math.isfinite(low) and math.isfinite(high):
        return f"{f(est)} ± {(high - low) / 2:.0f} (95%: {f(low)} .. {f(high)})"
    return f"{f(est)} (95%: {f(low)} .. {f(high)})"


def sprt_llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """Log-likelihood ratio of "A is elo1 stronger" against "A is elo0 stronger" (normal approximation
    of the trinomial game results, as chess engine testers use for an SPRT)."""
    n = wins + draws + losses
    if n == 0:
        return 0.0
    mean = (wins + 0.5 * draws) / n
    # The spread is estimated with one extra win and one extra loss, so that a few results all
    # alike cannot decide the test by themselves.
    var = ((wins + 1) * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + (losses + 1) * mean**2) / (n + 2)

    def expected(elo: float) -> float:
        return 1 / (1 + 10 ** (-elo / 400))

    s0, s1 = expected(elo0), expected(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def sprt_verdict(
    wins: int, draws: int, losses: int, elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05
) -> str | None:
    """``"H1"`` (A is at least elo1 better), ``"H0"`` (at most elo0) or None (keep playing)."""
    llr = sprt_llr(wins, draws, losses, elo0, elo1)
    if llr >= math.log((1 - beta) / alpha):
        return "H1"
    if llr <= math.log(beta / (1 - alpha)):
        return "H0"
    return None


@dataclass
class MatchRecord:
    """The games a match played, in order, and why it stopped early (if it did)."""

    results: list[GameResult]
    stopped: str | None = None  # "sprt", "interrupted" (Ctrl+C) or "failure" (an outside engine failed)

    @property
    def score(self) -> tuple[int, int, int]:
        """Player A's wins, draws and losses."""
        wins = sum(1 for r in self.results if r.a_score == 1.0)
        losses = sum(1 for r in self.results if r.a_score == 0.0)
        return wins, len(self.results) - wins - losses, losses

    @property
    def failure(self) -> GameResult | None:
        return next((r for r in self.results if r.failure is not None), None)


def play_match(
    a: PlayerSpec,
    b: PlayerSpec,
    games: int,
    setups: tuple[str, ...] = DEFAULT_SETUPS,
    jobs: int = 1,
    seed: int = 1,
    max_plies: int = 200,
    variant: str = "khet",
    report: Callable[[GameResult], None] | None = None,
    sprt: tuple[float, float] | None = None,
    adjudicate: int = 0,
) -> MatchRecord:
    """Play the match until its games are played, the SPRT decides (``sprt=(elo0, elo1)``,
    alpha = beta = 5%, ``games`` the most it plays), an outside engine fails, or Ctrl+C.
    ``adjudicate``: a game at the ply limit goes to a side that far ahead (:func:`adjudicate`)."""
    specs = schedule(a, b, games, setups, variant, seed, max_plies, adjudicate)
    record = MatchRecord([])
    played = run_games(specs, jobs)
    try:
        for res in played:
            record.results.append(res)
            if report is not None:
                report(res)
            if res.failure is not None:
                record.stopped = "failure"
                break
            if sprt is not None and sprt_verdict(*record.score, *sprt) is not None:
                record.stopped = "sprt"
                break
    except KeyboardInterrupt:
        record.stopped = "interrupted"
    finally:
        if isinstance(played, Generator):
            played.close()  # ends the worker pool of an early stop
    record.results.sort(key=lambda r: r.index)
    return record


def run_match(
    a: PlayerSpec,
    b: PlayerSpec,
    games: int,
    setups: tuple[str, ...] = DEFAULT_SETUPS,
    jobs: int = 1,
    seed: int = 1,
    max_plies: int = 200,
    variant: str = "khet",
    report: Callable[[GameResult], None] | None = None,
    sprt: tuple[float, float] | None = None,
) -> tuple[int, int, int, list[GameResult]]:
    """Play the match (:func:`play_match`); returns A's wins, draws, losses and the games in order."""
    record = play_match(a, b, games, setups, jobs, seed, max_plies, variant, report, sprt)
    return (*record.score, record.results)
