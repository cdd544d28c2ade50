"""Engine-versus-engine matches: alternate setups and colours, adjudicate long games, estimate Elo."""

from __future__ import annotations

import math
import multiprocessing as mp
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.position import Position
from game.search.engine import Engine, Limits, Randomness
from game.search.levels import Level, get_level
from game.variants import RuleOptions, get_variant

DEFAULT_SETUPS = ("Classic", "Imhotep", "Dynasty", "Mercury", "Sophie")


@dataclass(frozen=True)
class PlayerSpec:
    """One side of a match: a level, optionally with its time budget or depth cap replaced."""

    level: Level
    movetime: float | None = None  # seconds, replaces the level's budget
    depth: int | None = None  # replaces the level's depth cap

    @classmethod
    def parse(cls, name: str, movetime: float | None = None, depth: int | None = None) -> PlayerSpec:
        return cls(get_level(name), movetime, depth)

    @property
    def label(self) -> str:
        extra = []
        if self.movetime is not None:
            extra.append(f"{self.movetime:g}s")
        if self.depth is not None:
            extra.append(f"d{self.depth}")
        return self.level.name + (f" ({', '.join(extra)})" if extra else "")

    def limits(self) -> Limits:
        return Limits(
            depth=self.depth if self.depth is not None else self.level.depth,
            movetime=self.movetime if self.movetime is not None else self.level.seconds,
        )

    def randomness(self) -> Randomness | None:
        return self.level.randomness()


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
    engines = (Engine(), Engine())
    rngs = (players[0].level.rng(spec.seed * 2), players[1].level.rng(spec.seed * 2 + 1))
    depth_sum = [0, 0]
    depth_n = [0, 0]
    moves: list[str] = []
    result, reason = "1/2-1/2", "ply limit (adjudicated)"
    while True:
        outcome = pos.outcome()
        if outcome is not None:
            result, reason = outcome.result, outcome.reason_text(pos.variant.royal_name)
            break
        if pos.ply >= spec.max_plies:
            break
        side = pos.turn
        player = players[side]
        r = engines[side].search(pos, player.limits(), None, player.randomness(), rngs[side])
        if r.move is None:
            result, reason = "1/2-1/2", "no legal moves"
            break
        depth_sum[side] += r.depth
        depth_n[side] += 1
        moves.append(r.move_text or "")
        pos.push_code(r.move)
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
    )


def schedule(
    a: PlayerSpec,
    b: PlayerSpec,
    games: int,
    setups: tuple[str, ...] = DEFAULT_SETUPS,
    variant: str = "khet",
    seed: int = 1,
    max_plies: int = 200,
) -> list[GameSpec]:
    """Games in pairs: each setup is played twice with colours swapped."""
    v = get_variant(variant)
    names = [v.setup_fen(s) and s for s in setups]  # validates the names
    out = []
    for i in range(games):
        setup = names[(i // 2) % len(names)]
        a_first = i % 2 == 0
        first, second = (a, b) if a_first else (b, a)
        out.append(GameSpec(i, variant, setup, first, second, a_first, seed + i, max_plies))
    return out


def run_games(specs: list[GameSpec], jobs: int = 1) -> Iterator[GameResult]:
    """Results in completion order; ``jobs`` > 1 plays that many games at once in worker processes."""
    if jobs <= 1:
        for spec in specs:
            yield play_game(spec)
        return
    ctx = mp.get_context("spawn")
    with ctx.Pool(jobs) as pool:
        yield from pool.imap_unordered(play_game, specs)


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
        return "inf" if x == math.inf else "-inf" if x == -math.inf else f"{x:+.0f}"

    if math.isfinite(est) and math.isfinite(low) and math.isfinite(high):
        return f"{est:+.0f} ± {(high - low) / 2:.0f} (95%: {low:+.0f} .. {high:+.0f})"
    return f"{f(est)} (95%: {f(low)} .. {f(high)})"


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
) -> tuple[int, int, int, list[GameResult]]:
    """Play the match; returns A's wins, draws, losses and the games in order."""
    specs = schedule(a, b, games, setups, variant, seed, max_plies)
    results = []
    for res in run_games(specs, jobs):
        results.append(res)
        if report is not None:
            report(res)
    results.sort(key=lambda r: r.index)
    wins = sum(1 for r in results if r.a_score == 1.0)
    losses = sum(1 for r in results if r.a_score == 0.0)
    return wins, len(results) - wins - losses, losses, results
