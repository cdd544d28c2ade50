"""Scripted engines (Lousy Chess, game/scripted.py) as players in the game screen.

Their moves are instant to compute, so they are played here (no worker process) after a short
pause, so that a person playing one sees the reply arrive; a watched engine-against-engine game
gets its pause, speed and step from the game screen's watching controls instead.
"""

from __future__ import annotations

from game import Move, Player, Position
from game.scripted import NAMES, ScriptedEngine

REPLY_DELAY = 0.5  # seconds before an engine answers a person


def engine_of(player: Player) -> ScriptedEngine | None:
    """The scripted engine a player record names (None for people and our CPU)."""
    if not player.script or not player.serial:
        return None
    return ScriptedEngine.parse(player.script, player.serial)


def describe(player: Player) -> str:
    """``L4 · Light squares are lava``."""
    return f"{player.script} · {NAMES[player.script[0]]}" if player.script else player.label()


class ScriptedTurns:
    """Plays one scripted move after its delay."""

    def __init__(self) -> None:
        self._engine: ScriptedEngine | None = None
        self._wait = 0.0

    @property
    def active(self) -> bool:
        return self._engine is not None

    def start(self, player: Player, delay: float = REPLY_DELAY) -> None:
        self._engine = engine_of(player)
        self._wait = delay

    def cancel(self) -> None:
        self._engine = None

    def tick(self, dt: float, pos: Position) -> Move | None:
        """The engine's move once its delay has passed (None while waiting)."""
        if self._engine is None:
            return None
        self._wait -= dt
        if self._wait > 0:
            return None
        engine, self._engine = self._engine, None
        return engine.choose(pos)
