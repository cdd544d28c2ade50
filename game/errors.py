"""Exceptions a user can cause; every message names what is wrong in plain language."""


class LaserChessError(Exception):
    """Base class for errors raised by the rules package."""


class PositionError(LaserChessError, ValueError):
    """A position string (FEN) is malformed or describes an impossible position."""


class MoveError(LaserChessError, ValueError):
    """Base class for move-text problems."""


class InvalidMoveError(MoveError):
    """The move text is not written in the move notation at all."""


class IllegalMoveError(MoveError):
    """The move text is well formed but the move is not legal in this position."""


class RecordError(LaserChessError):
    """A game record file is missing, corrupt, or from an unknown format version."""
