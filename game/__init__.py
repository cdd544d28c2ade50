"""Laser chess rules and search: pure Python, no GUI (python-chess style API).

>>> from game import Position
>>> pos = Position.setup("Classic")
>>> len(pos.legal_moves)
77
"""

from game.errors import (
    IllegalMoveError,
    InvalidMoveError,
    LaserChessError,
    MoveError,
    PositionError,
    RecordError,
)
from game.geometry import EAST, NORTH, SOUTH, WEST, Geometry
from game.laser import BeamStep, Shot
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN, Move
from game.outcome import Outcome, Termination
from game.perft import perft
from game.pieces import Color, Kind, Piece
from game.position import Position
from game.record import Game, MoveRecord, Player, TimeControl
from game.variants import KHET, VARIANTS, Problem, RuleOptions, Variant, get_variant

__all__ = [
    "CLOCKWISE",
    "COUNTER_CLOCKWISE",
    "EAST",
    "HALF_TURN",
    "KHET",
    "NORTH",
    "SOUTH",
    "VARIANTS",
    "WEST",
    "BeamStep",
    "Color",
    "Game",
    "Geometry",
    "IllegalMoveError",
    "InvalidMoveError",
    "Kind",
    "LaserChessError",
    "Move",
    "MoveError",
    "MoveRecord",
    "Outcome",
    "Piece",
    "Player",
    "Position",
    "PositionError",
    "Problem",
    "RecordError",
    "RuleOptions",
    "Shot",
    "Termination",
    "TimeControl",
    "Variant",
    "get_variant",
    "perft",
]
