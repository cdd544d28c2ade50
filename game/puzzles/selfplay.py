"""Seeded self-play players of three strengths, the generator's source of positions.

They are the puzzles package's own, built on the public Position API (no engine), so a collection
reproduces from its seed whatever becomes of the search: ``wild`` plays at random but takes a win
it sees; ``greedy`` takes the action that destroys most (never its own royal); ``careful`` is
greedy and also avoids ending its turn where the opponent wins at once (checked by the prover).
Every choice is made among the legal codes sorted, so the order the rules list them in never
changes a game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.chance import DECISION
from game.position import Position
from game.puzzles.prover import Prover
from game.puzzles.themes import material

LEVELS = ("wild", "greedy", "careful")
LEVEL_WEIGHTS = (1, 2, 4)  # how often the generator picks each: careful losers make forced wins
WIN, LOSS = 100_000, -100_000


@dataclass
class Game:
    """A self-play game: the turn-start positions (as position strings) and how it ended."""

    white: str
    black: str
    positions: list[str]
    winner: int | None


def _resolve(pos: Position, decision: int, rng: random.Random) -> int:
    """An action code for a choice (chance draws its outcome from ``rng``)."""
    outs = Prover.outcomes(pos, decision)
    return outs[rng.randrange(len(outs))] if decision & DECISION else outs[0]


def _score(pos: Position, code: int, mover: int) -> int:
    """What one action does at once, for ``mover``: a win, a loss, or the material it changes."""
    before = material(pos, mover)
    pos.make_code(code)
    try:
        if pos.loser >= 0:
            return WIN if pos.loser == 1 - mover else LOSS
        return material(pos, mover) - before
    finally:
        pos.unmake_code()


def choose_action(pos: Position, level: str, rng: random.Random, prover: Prover, checks: int = 1000) -> int:
    """The next action of the side to move, as a code ready to make (``careful`` tries at most
    ``checks`` actions of each score for safety, where the prover is slow)."""
    mover = pos.turn
    choices = sorted(Prover.decisions(pos))
    if not choices:
        raise ValueError("no action to choose")
    plain = [c for c in choices if not c & DECISION]
    scored = sorted(((_score(pos, c, mover), c) for c in plain), reverse=True)
    if scored and scored[0][0] == WIN:
        return scored[0][1]
    if level == "wild" or not scored:
        return _resolve(pos, rng.choice(choices), rng)
    safe = [(s, c) for s, c in scored if s > LOSS] or scored
    if level == "greedy":
        best = safe[0][0]
        return rng.choice([c for s, c in safe if s == best])
    # careful: the best-scoring action after which the opponent cannot win at once
    groups: dict[int, list[int]] = {}
    for s, c in safe:
        groups.setdefault(s, []).append(c)
    for s in sorted(groups, reverse=True):
        group = groups[s]
        rng.shuffle(group)
        for c in group[:checks]:
            pos.make_code(c)
            try:
                ends_turn = pos.turn != mover
                lost = ends_turn and pos.loser < 0 and prover.wins(pos, 1 - mover, 1)
            finally:
                pos.unmake_code()
            if not lost:
                return c
    return safe[0][1]


def play_game(
    variant: str, white: str, black: str, rng: random.Random, max_turns: int = 120, checks: int = 1000
) -> Game:
    """One game between two levels from the rule set's first setup."""
    pos = Position.setup(None, variant)
    prover = Prover()
    positions: list[str] = []
    levels = (white, black)
    turns = 0
    while turns < max_turns and pos.loser < 0:
        if pos.part == 0:
            if Prover.decided(pos) is not None or not Prover.decisions(pos):
                break
            positions.append(pos.fen())
            turns += 1
            prover = Prover()  # a fresh memo per turn: it only remembers this position's answers
        code = choose_action(pos, levels[pos.turn], rng, prover, checks)
        pos.make_code(code)
    result = Prover.decided(pos)
    return Game(white, black, positions, result if result in (0, 1) else None)
