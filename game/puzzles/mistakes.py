"""Learn from your mistakes: the player's marked moves of an analysed game, each a puzzle.

After a game is analysed (game/analysis.py), every move of a person's side that the analysis
marked as an inaccuracy, a mistake, a blunder or a self-shot becomes a position to try again:
"find a better move". An answer is accepted when the engine's best move is played, when it wins at
once, or when the engine, searching the position after it as the analysis did, finds it gives away
less than the analysis's own "good" margin (``INACCURACY``: 0.10 of expected score) compared with
the best move. The search runs where the caller likes (the screen's worker process); this module
only says what to search and how to read the answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.analysis import BLUNDERED, INACCURACY, INACCURATE, MISTAKEN, SELF_SHOT, Analysis, win_chance
from game.move import Move
from game.position import Position
from game.record import Game
from game.search.limits import SearchResult
from game.search.worker import GameState

MARGIN = INACCURACY  # an answer giving away less than this against the best move is good enough
MISTAKE_MARKS = (INACCURATE, MISTAKEN, BLUNDERED, SELF_SHOT)


@dataclass(frozen=True)
class Mistake:
    """One marked move: where it was played (its index in the game, 1 for the first), what was
    played and what the engine preferred, and the mover's expected score with the best move."""

    ply: int
    mover: int
    mark: str
    played: str
    best: str | None
    before: float  # the mover's expected score (0..1) with best play
    after: float  # ... after the move played
    state: GameState  # the position before the move, with the game's history

    def position(self) -> Position:
        return self.state.position()


def mistakes(game: Game, analysis: Analysis, sides: tuple[int, ...] | None = None) -> list[Mistake]:
    """The marked moves of ``sides`` (default: the sides a person played), in game order."""
    if not analysis.fits(game):
        return []
    if sides is None:
        sides = tuple(c for c in (0, 1) if game.players[c].kind == "human")
    pos = game.start_position()
    start = GameState.from_position(pos)
    out: list[Mistake] = []
    for i, record in enumerate(game.moves, start=1):
        mover = pos.turn
        mark = analysis.marks[i - 1]
        if mover in sides and mark in MISTAKE_MARKS:
            sign = 1 if mover == 0 else -1
            codes = tuple(m.code for m in pos.history)
            state = GameState(start.variant, start.start_fen, codes, start.options)
            out.append(
                Mistake(
                    i,
                    mover,
                    mark,
                    record.text,
                    analysis.positions[i - 1].best,
                    win_chance(sign * analysis.positions[i - 1].score),
                    win_chance(sign * analysis.positions[i].score),
                    state,
                )
            )
        pos.push(pos.parse_move(record.text))
    return out


@dataclass(frozen=True)
class Verdict:
    """How an answer measures up: accepted or not, and the expected score it gives away."""

    accepted: bool
    drop: float
    decided: bool = False  # the rules decided it (a win or a loss at once), no search


def quick_verdict(mistake: Mistake, pos_after: Position, answer: Move) -> Verdict | None:
    """The verdict without a search when there is one: the engine's own move, or a royal falling."""
    if pos_after.loser >= 0:
        won = pos_after.loser == 1 - mistake.mover
        return Verdict(won, 0.0 if won else mistake.before, True)
    text = mistake.position().move_text(answer)
    if mistake.best is not None and text == mistake.best:
        return Verdict(True, 0.0, True)
    return None


def judge(mistake: Mistake, pos_after: Position, result: SearchResult) -> Verdict:
    """The verdict from the engine's search of the position after the answer (``result.score`` is
    for the side to move there, as in the analysis)."""
    sign_after = 1 if pos_after.turn == 0 else -1
    first = sign_after * result.score  # for the first player (colour 0)
    mine = win_chance(first if mistake.mover == 0 else -first)
    drop = max(0.0, mistake.before - mine)
    return Verdict(drop < MARGIN, drop)
