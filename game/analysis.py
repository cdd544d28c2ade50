"""Game analysis: the engine's view of every position of a game, and a mark for every move.

The engine (``game.search``) searches each position of the game at a chosen strength. Each score
is turned into an *expected score* (win chance, draws counting half) with a logistic curve, and
each move is judged by how much expected score it gave away, the way chess sites do it:

=============  ==========================================================================
mark           when (``drop`` = mover's expected score before the move minus after it)
=============  ==========================================================================
best           the move is the engine's best move in the position before it, or it wins
good           drop < 0.10
``?!``         inaccuracy: 0.10 <= drop < 0.20
``?``          mistake: 0.20 <= drop < 0.30
``??``         blunder: drop >= 0.30
self-shot      a blunder, mistake or inaccuracy whose move puts the mover's own royal piece
               in the enemy beam (or shoots it with the mover's own laser)
=============  ==========================================================================

``win_chance(score) = 1 / (1 + exp(-WIN_SCALE * score))`` with ``WIN_SCALE = 0.004`` per
centi-Pyramid: one Pyramid ahead (+1.00) is 60 %, three Pyramids 77 %, five 88 %; a forced win
is 100 %. Accuracy per move is the formula chess sites use,
``103.1668 * exp(-0.04354 * 100 * drop) - 3.1669`` clamped to 0..100, and a player's accuracy
is the mean over their moves.

The work is split so one piece of code serves the command line and the GUI: an
:class:`AnalysisRun` hands out one search job at a time (a :class:`GameState` and
:class:`Limits`) and takes the engine's :class:`SearchResult` back. :func:`analyse_game` runs
the jobs in this process; the replay screen sends them to the search worker process.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.chance import resolve
from game.errors import RecordError
from game.limits import is_version
from game.line import GameLine
from game.move import Move
from game.position import Position
from game.record import Game
from game.search.engine import Engine, make_engine
from game.search.limits import MATE, MATE_BOUND, Limits, SearchResult, format_score
from game.search.worker import GameState, SearchWorker, WorkerError
from game.variants import get_variant

VERSION = 1  # of the "analysis" section of a game record
WIN_SCALE = 0.004  # logistic slope per centi-Pyramid (see the module docs)
INACCURACY = 0.10
MISTAKE = 0.20
BLUNDER = 0.30

BEST, GOOD, INACCURATE, MISTAKEN, BLUNDERED, SELF_SHOT = "best", "good", "?!", "?", "??", "self-shot"
MARKS = (BEST, GOOD, INACCURATE, MISTAKEN, BLUNDERED, SELF_SHOT)
MARK_NAMES = {
    BEST: "best move",
    GOOD: "good move",
    INACCURATE: "inaccuracy",
    MISTAKEN: "mistake",
    BLUNDERED: "blunder",
    SELF_SHOT: "self-shot",
}


@dataclass(frozen=True)
class Strength:
    """How hard the engine looks at each position."""

    name: str
    depth: int | None
    seconds: float
    description: str

    def limits(self) -> Limits:
        return Limits(depth=self.depth, movetime=self.seconds)


STRENGTHS: dict[str, Strength] = {
    s.name: s
    for s in (
        Strength("quick", 4, 0.4, "depth 4, at most 0.4 s a position"),
        Strength("deep", None, 2.0, "2 s a position, as deep as that goes"),
    )
}


def get_strength(name: str) -> Strength:
    try:
        return STRENGTHS[name.strip().lower()]
    except KeyError:
        raise KeyError(f"unknown strength {name!r}; choose one of {', '.join(STRENGTHS)}") from None


def win_chance(score: int) -> float:
    """Expected score (0..1) of the side the engine ``score`` is for."""
    if score >= MATE_BOUND:
        return 1.0
    if score <= -MATE_BOUND:
        return 0.0
    return 1.0 / (1.0 + math.exp(-WIN_SCALE * score))


def move_accuracy(drop: float) -> float:
    """0..100 for one move from the expected score it gave away."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * 100.0 * max(0.0, drop)) - 3.1669))


def classify(drop: float, played_best: bool, exposed: bool) -> str:
    """The mark of one move (thresholds in the module docs)."""
    if played_best:
        return BEST
    if drop >= INACCURACY and exposed:
        return SELF_SHOT
    if drop >= BLUNDER:
        return BLUNDERED
    if drop >= MISTAKE:
        return MISTAKEN
    if drop >= INACCURACY:
        return INACCURATE
    return GOOD


@dataclass(frozen=True)
class PositionEval:
    """The engine's verdict on one position: score for the first player (colour 0), best line."""

    score: int
    pv: tuple[str, ...] = ()  # best move first; empty when the game is over
    depth: int = 0  # 0: decided by the rules, not searched

    @property
    def best(self) -> str | None:
        return self.pv[0] if self.pv else None

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "pv": list(self.pv), "depth": self.depth}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PositionEval:
        return cls(int(data["score"]), tuple(str(t) for t in data.get("pv", ())), int(data.get("depth", 0)))


@dataclass(frozen=True)
class MoveEval:
    """One move judged: ``before``/``after`` are the mover's expected scores."""

    ply: int  # 1 for the first move
    text: str
    mover: int
    before: float
    after: float
    mark: str
    best: str | None  # the engine's move in the position before this one
    pv: tuple[str, ...]  # the engine's line from that position

    @property
    def drop(self) -> float:
        return max(0.0, self.before - self.after)

    @property
    def accuracy(self) -> float:
        return move_accuracy(self.drop)


@dataclass
class Analysis:
    """The analysis of one game: one :class:`PositionEval` per position and one mark per move."""

    strength: str
    positions: list[PositionEval]
    marks: list[str]
    seconds: float = field(default=0.0, compare=False)  # how long the analysis took
    movers: list[int] | None = field(default=None, compare=False)  # who made each move (None: ask the game)

    def fits(self, game: Game) -> bool:
        """Does this analysis belong to ``game`` as it stands (same number of moves)?"""
        return len(self.positions) == len(game.moves) + 1 and len(self.marks) == len(game.moves)

    def score(self, ply: int) -> int:
        return self.positions[ply].score

    def graph_value(self, ply: int) -> float:
        """The first player's expected score at ``ply`` (what the graph and bar show)."""
        return win_chance(self.positions[ply].score)

    def movers_of(self, game: Game) -> list[int]:
        """Who made each move of ``game`` (a turn may be several actions): the run's, or read
        from the game's line once (an analysis loaded from a record)."""
        if self.movers is None or len(self.movers) != len(game.moves):
            self.movers = GameLine.from_game(game).sides
        return self.movers

    def moves(self, game: Game) -> list[MoveEval]:
        out = []
        for i, (record, mover) in enumerate(zip(game.moves, self.movers_of(game), strict=True), start=1):
            sign = 1 if mover == 0 else -1
            prev = self.positions[i - 1]
            out.append(
                MoveEval(
                    i,
                    record.text,
                    mover,
                    win_chance(sign * prev.score),
                    win_chance(sign * self.positions[i].score),
                    self.marks[i - 1],
                    prev.best,
                    prev.pv,
                )
            )
        return out

    def summary(self, game: Game) -> list[PlayerSummary]:
        """Accuracy and counts for the first player (colour 0) and the second."""
        moves = self.moves(game)
        out = []
        for color in (0, 1):
            mine = [m for m in moves if m.mover == color]
            acc = sum(m.accuracy for m in mine) / len(mine) if mine else None
            out.append(
                PlayerSummary(
                    acc,
                    sum(m.mark == INACCURATE for m in mine),
                    sum(m.mark == MISTAKEN for m in mine),
                    sum(m.mark in (BLUNDERED, SELF_SHOT) for m in mine),
                    sum(m.mark == SELF_SHOT for m in mine),
                )
            )
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "strength": self.strength,
            "seconds": round(self.seconds, 2),
            "positions": [p.to_json() for p in self.positions],
            "marks": list(self.marks),
        }

    @classmethod
    def from_json(cls, data: object) -> Analysis:
        """Raises ValueError (with a reason) for a damaged section or one from a newer version."""
        if not isinstance(data, dict):
            raise ValueError("the analysis is not an object")
        if not is_version(data.get("version"), VERSION):
            raise ValueError(f"analysis version {data.get('version')!r}; this program reads {VERSION}")
        try:
            positions = [PositionEval.from_json(p) for p in data["positions"]]
            marks = [str(m) for m in data["marks"]]
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"the analysis is damaged: {exc}") from exc
        if any(m not in MARKS for m in marks) or len(positions) != len(marks) + 1:
            raise ValueError("the analysis is damaged: marks do not fit the positions")
        return cls(str(data.get("strength", "")), positions, marks, float(data.get("seconds", 0.0)))


@dataclass(frozen=True)
class PlayerSummary:
    accuracy: float | None  # None: no moves
    inaccuracies: int
    mistakes: int
    blunders: int  # self-shots included
    self_shots: int

    def text(self) -> str:
        acc = "—" if self.accuracy is None else f"{self.accuracy:.0f}%"
        return f"{acc}  ?! {self.inaccuracies}  ? {self.mistakes}  ?? {self.blunders}"


def _exposes(pos: Position, mover: int) -> bool:
    """After the move just played: is the mover's royal shot, or newly in the enemy beam?"""
    if pos.loser == mover:
        return True
    if pos.loser >= 0 or not pos.royal_in_beam(mover):
        return False
    code = pos.unmake_code()
    before = pos.royal_in_beam(mover)
    pos.make_code(code)
    return not before


def _forced(pos: Position) -> bool:
    """Only one move does not destroy the mover's own royal (the engine answers without searching)."""
    mover = pos.turn
    viable = 0
    for code in pos.legal_codes():  # the position's kept set: the outcome read it already
        pos.make_code(code)
        ok = pos.loser != mover
        pos.unmake_code()
        viable += ok
        if viable > 1:
            return False
    return viable == 1


@dataclass
class _Slot:
    state: GameState
    turn: int
    fixed: PositionEval | None  # decided by the rules: no search
    forced: bool
    result: PositionEval | None = None


@dataclass
class AnalysisRun:
    """Analyse ``game`` one search job at a time (see the module docs); no process of its own.

    ``next_job()`` gives ``(index, state, limits)`` or None when every job is out;
    ``feed(index, result)`` takes the engine's answer; ``done`` and ``progress`` say how far it is;
    ``result()`` builds the :class:`Analysis`.
    """

    game: Game
    strength: Strength = field(default_factory=lambda: STRENGTHS["quick"])
    line: GameLine | None = field(default=None, repr=False)  # the game's line, if a screen has it
    slots: list[_Slot] = field(init=False)
    exposed: list[bool] = field(init=False)
    seconds: float = 0.0

    def __post_init__(self) -> None:
        """Walk the game's line (read once from the record unless given): one push a ply of moves
        known legal, the mover of each from the line, never from the parity of the ply."""
        line = self.line if self.line is not None else GameLine.from_game(self.game)
        if len(line) != len(self.game.moves):  # a damaged record's line stops early
            raise RecordError(line.problem or "the line does not hold this game's moves")
        self.line = line
        pos = line.start.copy()
        start = GameState.from_position(pos)
        self.slots = [self._slot(pos, start, 0)]
        self.exposed = []
        codes: list[int] = []
        for i, ply in enumerate(line, start=1):
            pos.push_code(ply.move.code)
            self.exposed.append(_exposes(pos, ply.side))
            codes.append(ply.move.code)
            state = GameState(start.variant, start.start_fen, tuple(codes), start.options)
            self.slots.append(self._slot(pos, state, i))
        self._next = 0

    def _slot(self, pos: Position, state: GameState, index: int) -> _Slot:
        pos.legal_codes()  # generated once: the outcome and the forced-move check both read it
        fixed = None
        if pos.loser >= 0:
            fixed = PositionEval(MATE if pos.loser == 1 else -MATE)
        elif pos.outcome(claim_draw=index == len(self.game.moves)) is not None:
            fixed = PositionEval(0)
        return _Slot(state, pos.turn, fixed, fixed is None and _forced(pos))

    @property
    def total(self) -> int:
        return len(self.slots)

    @property
    def finished_count(self) -> int:
        return sum(s.fixed is not None or s.result is not None for s in self.slots)

    @property
    def progress(self) -> float:
        return self.finished_count / self.total

    @property
    def done(self) -> bool:
        return self.finished_count == self.total

    def partial_scores(self) -> list[int | None]:
        """Each position's score for the first player so far (None: not searched yet)."""
        out: list[int | None] = []
        for slot in self.slots:
            ev = slot.fixed or slot.result
            out.append(None if ev is None else ev.score)
        return out

    def next_job(self) -> tuple[int, GameState, Limits] | None:
        while self._next < len(self.slots):
            i = self._next
            self._next += 1
            if self.slots[i].fixed is None:
                return i, self.slots[i].state, self.strength.limits()
        return None

    def feed(self, index: int, result: SearchResult) -> None:
        slot = self.slots[index]
        sign = 1 if slot.turn == 0 else -1
        self.seconds += result.seconds
        best = result.best_move if result.best_move is not None else result.move
        pv = result.pv
        if best is not None and best != result.move:  # a level's randomness chose: keep the best
            pv = ()
        slot.result = PositionEval(sign * result.score, tuple(pv), max(1, result.depth))

    def result(self) -> Analysis:
        if not self.done:
            raise ValueError("the analysis is not finished")
        evals: list[PositionEval] = []
        for slot in self.slots:
            found = slot.fixed or slot.result
            if found is None:
                raise ValueError("the analysis is not finished")
            evals.append(found)
        # A forced move is answered without a search (score 0): take the next position's score
        # when the forced move is the one played.
        for i in range(len(evals) - 2, -1, -1):
            if self.slots[i].forced and evals[i].best == self.game.moves[i].text:
                evals[i] = PositionEval(evals[i + 1].score, evals[i].pv, evals[i].depth)
        assert self.line is not None
        movers = self.line.sides
        analysis = Analysis(self.strength.name, evals, [], self.seconds, movers)
        marks = []
        for i, (record, mover) in enumerate(zip(self.game.moves, movers, strict=True), start=1):
            sign = 1 if mover == 0 else -1
            before = win_chance(sign * evals[i - 1].score)
            after = win_chance(sign * evals[i].score)
            won = self.slots[i].fixed is not None and after == 1.0  # every winning shot is a best move
            best = won or evals[i - 1].best == record.text
            marks.append(classify(before - after, best, self.exposed[i - 1]))
        analysis.marks = marks
        return analysis


def analyse_game(
    game: Game,
    strength: str | Strength = "quick",
    engine: Engine | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse ``game`` in this process (the command line; tests). ``on_progress(done, total)``."""
    run = AnalysisRun(game, get_strength(strength) if isinstance(strength, str) else strength)
    engine = engine or make_engine(get_variant(game.variant))  # the search that plays this rule set
    while (job := run.next_job()) is not None:
        index, state, limits = job
        run.feed(index, engine.search(state.position(), limits))
        if on_progress is not None:
            on_progress(run.finished_count, run.total)
    return run.result()


class BackgroundAnalysis:
    """An :class:`AnalysisRun` whose searches run in a :class:`SearchWorker` process.

    Call :meth:`poll` every frame (it never blocks); when it returns True the work is over:
    ``analysis`` holds the result, or ``error`` says why there is none. :meth:`cancel` stops the
    search at once (and ends the process if this object started it).
    """

    def __init__(
        self,
        game: Game,
        strength: str | Strength = "quick",
        worker: SearchWorker | None = None,
        line: GameLine | None = None,
    ):
        self.run = AnalysisRun(game, get_strength(strength) if isinstance(strength, str) else strength, line)
        self.worker = worker or SearchWorker()
        self._own_worker = worker is None
        self._current: int | None = None
        self._started = time.monotonic()
        self.analysis: Analysis | None = None
        self.error: str | None = None
        self.cancelled = False
        self._send()

    @property
    def progress(self) -> float:
        return self.run.progress

    @property
    def finished(self) -> bool:
        return self.analysis is not None or self.error is not None or self.cancelled

    def _send(self) -> None:
        job = self.run.next_job()
        if job is None:
            self._current = None
            return
        self._current = job[0]
        self.worker.start(job[1], limits=job[2])

    def poll(self) -> bool:
        """Collect what the worker finished and send the next position; True once finished."""
        if self.finished:
            return True
        for item in self.worker.poll():
            if isinstance(item, WorkerError):
                self.error = item.message
                return True
            if isinstance(item, SearchResult) and self._current is not None:
                self.run.feed(self._current, item)
                self._send()
        if self._current is None and self.run.done:
            self.analysis = self.run.result()
            self.analysis.seconds = time.monotonic() - self._started
            if self._own_worker:
                self.worker.close()
        return self.finished

    def cancel(self) -> None:
        """Stop now; nothing more is sent and the result is never built."""
        if self.finished:
            return
        self.cancelled = True
        self.worker.cancel()
        if self._own_worker:
            self.worker.close()


def engine_game(
    variant: str = "khet", setup: str | None = None, plies: int = 60, depth: int = 2, seed: int = 3
) -> Game:
    """A game the engine plays against itself (depth-capped, the Easy level's randomness, seeded):
    the same game every time, for benchmarks, screenshots and tests."""
    from game.search.levels import get_level

    game = Game.new(variant, setup)
    pos = game.start_position()
    engine, rng, level = make_engine(get_variant(variant)), random.Random(seed), get_level("Easy")
    while len(game.moves) < plies and pos.outcome() is None:
        r = engine.search(pos, Limits(depth=depth), None, level.randomness(), rng)
        if r.move is None:
            break
        action = resolve(pos, Move.from_code(r.move), rng)  # chance: drawn here, not by the engine
        game.add_move(pos.move_text(action), 0.0)
        pos.push_code(action.code)
    if (outcome := pos.outcome()) is not None:
        game.finish(outcome)
    return game


def score_text(ev: PositionEval) -> str:
    """A score for people, from the first player's view: ``+1.25``, ``win3`` (plies), ``1-0``."""
    if ev.depth == 0:
        return "1-0" if ev.score >= MATE_BOUND else "0-1" if ev.score <= -MATE_BOUND else "draw"
    return format_score(ev.score)


def format_table(game: Game, analysis: Analysis, names: tuple[str, str]) -> str:
    """The ``python -m game analyse`` table: per move ply, mover, move, score, mark, engine's best."""
    lines = [f"{'ply':>4}  {'side':<10} {'move':<8} {'score':>8}  {'mark':<10} best line"]
    for m in analysis.moves(game):
        score = score_text(analysis.positions[m.ply])
        best = "" if m.mark == BEST else " ".join(m.pv[:4])
        lines.append(f"{m.ply:>4}  {names[m.mover]:<10} {m.text:<8} {score:>8}  {m.mark:<10} {best}".rstrip())
    lines.append("")
    for color, s in enumerate(analysis.summary(game)):
        acc = "—" if s.accuracy is None else f"{s.accuracy:.1f}%"
        lines.append(
            f"{names[color]:<10} accuracy {acc:>6}   inaccuracies {s.inaccuracies}  mistakes {s.mistakes}  "
            f"blunders {s.blunders} (self-shots {s.self_shots})"
        )
    return "\n".join(lines)
