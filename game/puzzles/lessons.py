"""Lessons: a short course per rule set, each step a small board and a task the rules check.

A :class:`Step` sets a position and asks for one turn. After each action the player makes, the
step's :class:`Check` list is read against the rules' own reports of that turn (each action's
:class:`~game.effects.Effects` and the position after it): "the piece on e5 was destroyed", "a
beam split", "the enemy King fell", "your King is safe from every reply"... A step is passed
when every check holds; a complete turn that misses one is told why (:func:`judge`).

The courses themselves are data (:mod:`game.puzzles.courses`); a test plays each step's
``solution`` through :func:`judge` and checks that some other turn fails it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.chance import resolve
from game.effects import Effects
from game.pieces import code_color
from game.position import Position
from game.puzzles.prover import Prover
from game.variants import get_variant

CHECK_KINDS = (
    "destroy",  # the piece that stood on ``square`` was destroyed by a beam
    "royal",  # the enemy royal fell (and yours did not)
    "safe",  # your royal stands and no enemy turn can destroy it next
    "keep",  # none of your pieces was destroyed
    "swap",  # two pieces traded squares
    "split",  # a beam split
    "charge",  # a beam was fully charged
    "hyper",  # chance moved a piece (the hypersquare or the Hypercube)
    "capture",  # a piece was captured by landing on it
    "null",  # a null move
    "zombie",  # you moved an enemy piece (a Leiserchess 2017 zombie)
    "sidestep",  # a Bishop stepped one square orthogonally
    "promote",  # a Pawn was promoted
    "fire",  # you fired a laser
    "refire",  # the laser fired again after a zap (Leiserchess 2017)
    "actions",  # you made ``count`` actions this turn
    "reach",  # your piece of kind ``letter`` stands on ``square``
)


@dataclass(frozen=True)
class Check:
    """One condition on the player's turn (see CHECK_KINDS)."""

    kind: str
    square: str = ""
    letter: str = ""
    count: int = 0


@dataclass(frozen=True)
class Step:
    """One step of a course: what it teaches, the board, the task and its checks, a hint, and a
    solution (the actions of one turn, in move text) the tests play."""

    title: str
    text: str
    task: str
    fen: str
    checks: tuple[Check, ...]
    hint: str
    hint_squares: tuple[str, ...]
    solution: tuple[str, ...]
    prelude: tuple[str, ...] = ()  # moves played from ``fen`` first (history the rules read: Ko)

    def position(self, variant: str) -> Position:
        """The step's board, with its prelude played (so the rules see that history)."""
        pos = Position.from_fen(self.fen, get_variant(variant))
        for text in self.prelude:
            pos.push(pos.parse_move(text))
        return pos


@dataclass(frozen=True)
class Course:
    variant: str
    title: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Judgement:
    """How the player's turn so far measures up: passed, finished (the turn is over), and what
    is still missing in words."""

    passed: bool
    finished: bool
    missing: str = ""


def _square(pos: Position, name: str) -> int:
    sq = pos.geometry.parse_square(name)
    if sq is None:
        raise ValueError(f"{name!r} is not a square of {pos.variant.title}")
    return sq


def holds(check: Check, start: Position, pos: Position, reports: list[Effects], mover: int) -> bool:
    """Does ``check`` hold for the actions ``reports`` that took ``start`` to ``pos``?"""
    kind = check.kind
    beams = [b for e in reports for root in e.beams for b in root.walk()]
    if kind == "destroy":
        sq = _square(start, check.square)
        target = start.board[sq]
        return bool(target) and any(r.square == sq and r.code == target for e in reports for r in e.removed)
    if kind == "royal":
        return pos.loser == 1 - mover
    if kind == "safe":
        if pos.loser >= 0:
            return pos.loser == 1 - mover
        if pos.turn == mover:
            return False  # the turn is not over: the enemy has not had its say yet
        return not Prover(200_000).wins(pos, 1 - mover, 1)
    if kind == "keep":
        lost = [r for e in reports for r in (*e.removed, *e.captured) if code_color(r.code) == mover]
        return not lost
    if kind == "swap":  # the displaced piece lands where the mover came from (a 2018 swap steps on)
        return any(a.frm == b.to for e in reports for a in e.moved for b in e.moved if a is not b)
    if kind == "split":
        return any(b.effect == "split" and len(b.children) > 1 for b in beams)
    if kind == "charge":
        return any(b.charge >= 2 for b in beams)
    if kind == "hyper":
        return any(e.placed for e in reports)
    if kind == "capture":
        return any(e.captured for e in reports)
    if kind == "null":
        return any(e.action.is_null for e in reports)
    if kind == "zombie":
        return any(
            code_color(m.code) != mover
            for e in reports
            for m in e.moved
            if e.color == mover and m.frm == e.action.from_square
        )
    if kind == "sidestep":
        return any(_side_step(start, e) for e in reports)
    if kind == "promote":
        return any(e.promoted for e in reports)
    if kind == "fire":
        return any(e.action.fire for e in reports)
    if kind == "refire":
        return any(len(e.beams) >= 2 for e in reports)
    if kind == "actions":
        return len(reports) >= check.count
    if kind == "reach":
        sq = _square(pos, check.square)
        code = pos.board[sq]
        kind_letter = pos.variant.pieces.kind(code).letter if code else ""
        return bool(code) and code_color(code) == mover and kind_letter.upper() == check.letter.upper()
    raise ValueError(f"unknown check {kind!r}")


def _side_step(start: Position, e: Effects) -> bool:
    geo = start.geometry
    for m in e.moved:
        if start.variant.pieces.kind(m.code).name != "Bishop":
            continue
        dx = abs(geo.file_of(m.to) - geo.file_of(m.frm))
        dy = abs(geo.rank_of(m.to) - geo.rank_of(m.frm))
        if dx + dy == 1:
            return True
    return False


MISSING = {
    "destroy": "the piece on {square} still stands",
    "royal": "the enemy {royal} still stands",
    "safe": "your {royal} can still be destroyed next turn",
    "keep": "you lost a piece of your own",
    "swap": "no swap was made",
    "split": "no beam split",
    "charge": "no beam was charged",
    "hyper": "nothing went through the hypersquare",
    "capture": "nothing was captured by landing",
    "null": "that was not the null move",
    "zombie": "you did not move an enemy piece",
    "sidestep": "no Bishop stepped sideways",
    "promote": "no Pawn was promoted",
    "fire": "you did not fire",
    "refire": "the laser did not fire again",
    "actions": "use {count} actions",
    "reach": "no piece of yours stands on {square}",
}


def judge(step: Step, start: Position, pos: Position, reports: list[Effects]) -> Judgement:
    """The player's turn so far (``reports`` took ``start`` to ``pos``) against the step's checks."""
    mover = start.turn
    finished = pos.turn != mover or pos.loser >= 0
    failed = [c for c in step.checks if not holds(c, start, pos, reports, mover)]
    if not failed:
        return Judgement(True, finished)
    royal = start.variant.royal_name
    words = [MISSING[c.kind].format(square=c.square, royal=royal, count=c.count) for c in failed]
    return Judgement(False, finished, "; ".join(words))


def step_position(course: Course, index: int) -> Position:
    return course.steps[index].position(course.variant)


def play_solution(course: Course, index: int) -> tuple[Judgement, Position]:
    """Play a step's stored solution and judge it (what the tests do to every step)."""
    step = course.steps[index]
    start = step_position(course, index)
    pos = start.copy()
    reports = []
    verdict = Judgement(False, False, "no action")
    rng = random.Random(0)  # a chance move's outcome (the hypersquare lesson)
    for text in step.solution:
        move = pos.variant.parse_move_text(text, pos.geometry)
        reports.append(pos.push(resolve(pos, move, rng)))
        verdict = judge(step, start, pos, reports)
        if verdict.passed:
            break
    return verdict, pos
