"""Argument types for ``python -m game``: the parser itself refuses values outside the limits
(depth 0 or less, no nodes, no time, an empty position string) with a clear message and exit
status 2, so no command ever starts a search that cannot end or recurses without a floor."""

from __future__ import annotations

import argparse
import math
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from game.errors import LaserChessError
from game.limits import MAX_POSITION_CHARS, is_ascii_digits, shown


class UsageError(LaserChessError):
    """A bad value on the command line found after parsing (a folder, a program): exit status 2."""


class CommandFailed(Exception):
    """The command could not do its work (an outside engine died, a file could not be written):
    exit status 1, with this message."""


MAX_DEPTH = 64  # deeper than any search or perft run can finish
MAX_MOVE_MS = 3_600_000  # an hour a move: longer is a typing mistake, not a plan
MAX_TIME_SCALE = 100.0  # Expert's 15 s becomes 25 minutes a move
MAX_ELO = 1000  # an SPRT between hypotheses further apart decides nothing useful


def whole_number(low: int, high: int | None = None, unit: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number written in ASCII digits, within ``[low, high]``."""
    suffix = f" {unit}" if unit else ""

    def parse(text: str) -> int:
        digits = text.strip()
        sign = -1 if digits.startswith("-") else 1
        body = digits.lstrip("+-")
        if not is_ascii_digits(body) or len(body) > 18:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {shown(text, 30)}")
        value = sign * int(body)
        if value < low or (high is not None and value > high):
            limit = f"at least {low}" if high is None else f"from {low} to {high}"
            raise argparse.ArgumentTypeError(f"must be {limit}{suffix}, not {value}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in its messages
    return parse


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {shown(text, 30)}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, got {shown(text, 30)}")
    return value


def number_above(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite number above ``low``, at most ``high``."""

    def parse(text: str) -> float:
        value = _number(text)
        if not low < value <= high:
            raise argparse.ArgumentTypeError(
                f"must be above {low:g} and at most {high:g}, not {shown(text, 30)}"
            )
        return value

    parse.__name__ = "number"
    return parse


def elo_bounds(text: str) -> tuple[float, float]:
    """An argparse type for ``--sprt ELO0,ELO1``: two finite Elo differences, ELO0 below ELO1."""
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"expected two Elo values such as 0,50, got {shown(text, 30)}")
    elo0, elo1 = (_number(part) for part in parts)
    if not (-MAX_ELO <= elo0 < elo1 <= MAX_ELO):
        raise argparse.ArgumentTypeError(
            f"ELO0 must be below ELO1, both from {-MAX_ELO} to {MAX_ELO}, not {shown(text, 30)}"
        )
    return elo0, elo1


def position_text(text: str) -> str:
    """An argparse type: a non-empty position string of sensible length (parsed later)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the position string is empty (leave out --fen for a setup)")
    if len(text) > MAX_POSITION_CHARS:
        raise argparse.ArgumentTypeError(f"the position string is {len(text):,} characters long")
    return text


depth = whole_number(1, MAX_DEPTH)
count = whole_number(1)
games = whole_number(1, 1_000_000)  # each game is planned before the first is played
jobs = whole_number(1, 64)  # processes
plies = whole_number(1, 1_000_000)
milliseconds = whole_number(1, MAX_MOVE_MS, unit="ms")
time_scale = number_above(0, MAX_TIME_SCALE)


def parse_args(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """``parser.parse_args(argv)``, refusing ``--option=--``: Python 3.11's argparse hands such an
    option an empty list instead of calling its type, so every checked value could become ``[]``."""
    args = parser.parse_args(argv)
    for action in _all_actions(parser):
        if action.option_strings and action.nargs is None and getattr(args, action.dest, None) == []:
            parser.error(f"argument {'/'.join(action.option_strings)}: expected one argument")
    return args


def _all_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    actions = list(parser._actions)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                actions += _all_actions(sub)
    return actions


def level(text: str) -> str:
    """An argparse type: a level's name, any case (Beginner, Easy, Medium, Hard, Expert)."""
    from game.search.levels import LEVELS

    for name in LEVELS:
        if name.lower() == text.strip().lower():
            return name
    raise argparse.ArgumentTypeError(f"no level {shown(text, 30)}; choose one of {', '.join(LEVELS)}")


level.__name__ = "level"


def writable_folder(text: str, option: str) -> Path:
    """The folder ``text`` names, made if needed, once it is known that files can be written into it
    (UsageError otherwise: a file, an unreachable or read-only place)."""
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise UsageError(f"{option}: {shown(text, 60)} is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise UsageError(f"{option}: cannot write into {shown(text, 60)}: {exc.strerror or exc}") from None
    return path
