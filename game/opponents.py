"""Opponents: one protocol for everything that picks moves — our search, scripted players, tools.

An opponent has ``choose(position, limits) -> Move | None``: the next action for the side to move
(None when it has none), and ``player() -> Player``: how a game record names it, so a record
says who played each side. A turn of several actions is chosen action by action;
:func:`choose_turn` collects a whole turn on a copy. The GUI runs the search in its worker
process (:class:`game.search.worker.SearchWorker`, asynchronous); :class:`SearchOpponent` is the
same search in-process for tools, matches and tests. Lousy Chess's scripted engines
(:class:`game.scripted.ScriptedEngine`) implement the same protocol.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from game.move import Move
from game.position import Position
from game.record import Player
from game.search.limits import Limits

if TYPE_CHECKING:
    from game.search.engine import Engine


@runtime_checkable
class Opponent(Protocol):
    """Anything that plays a side."""

    def choose(self, position: Position, limits: object = None) -> Move | None: ...

    def player(self) -> Player: ...


def choose_turn(opponent: Opponent, position: Position, limits: object = None) -> list[Move]:
    """The actions of one whole turn of the side to move, chosen one by one on a copy."""
    pos = position.copy()
    mover = pos.turn
    actions: list[Move] = []
    while pos.turn == mover and pos.outcome() is None:
        move = opponent.choose(pos, limits)
        if move is None:
            break
        actions.append(move)
        effects = pos.push(move)
        if effects.turn_over:
            break
    return actions


class SearchOpponent:
    """Our search at a level, in this process (the GUI uses the same search in its worker)."""

    def __init__(self, level: str = "Medium", seed: int | None = None) -> None:
        from game.search.levels import get_level

        self.level = get_level(level)
        self.rng = self.level.rng(seed)
        self._engine: Engine | None = None  # made on the first move (it keeps its tables)

    def choose(self, position: Position, limits: object = None) -> Move | None:
        from game.search.engine import make_engine

        if limits is None:
            limits = self.level.limits(variant=position.variant)
        elif not isinstance(limits, Limits):
            raise TypeError(f"limits must be a Limits, not {type(limits).__name__}")
        if self._engine is None:
            self._engine = make_engine(position.variant)
        engine = self._engine
        result = engine.search(position, limits, None, self.level.randomness(position.variant), self.rng)
        return Move.from_code(result.move) if result.move is not None else None

    def player(self) -> Player:
        return Player("cpu", level=self.level.name)


class RandomOpponent:
    """Plays a uniformly random legal action (a scripted player for tests and tools)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, position: Position, limits: object = None) -> Move | None:
        codes = position.generate_codes()
        return Move.from_code(self.rng.choice(codes)) if codes else None

    def player(self) -> Player:
        return Player("program", "Random" if self.seed is None else f"Random (seed {self.seed})")


def play_game(opponents: tuple[Opponent, Opponent], position: Position, max_plies: int = 10_000) -> Position:
    """Play ``position`` to its end (or ``max_plies`` actions); returns the final position."""
    pos = position.copy()
    while pos.outcome() is None and pos.ply < max_plies:
        move = opponents[pos.turn].choose(pos)
        if move is None:
            break
        pos.push(move)
    return pos


__all__ = ["Opponent", "RandomOpponent", "SearchOpponent", "choose_turn", "play_game"]
