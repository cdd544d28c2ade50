"""Argument types for ``python -m game``: the parser itself refuses values outside the limits
(depth 0 or less, no nodes, no time, an empty position string) with a clear message and exit
status 2, so no command ever starts a search that cannot end or recurses without a floor."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from game.limits import MAX_POSITION_CHARS, is_ascii_digits, shown

MAX_DEPTH = 64  # deeper than any search or perft run can finish


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


def positive_number(text: str) -> float:
    """An argparse type: a finite number above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {shown(text, 30)}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {shown(text, 30)}")
    return value


def position_text(text: str) -> str:
    """An argparse type: a non-empty position string of sensible length (parsed later)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the position string is empty (leave out --fen for a setup)")
    if len(text) > MAX_POSITION_CHARS:
        raise argparse.ArgumentTypeError(f"the position string is {len(text):,} characters long")
    return text


depth = whole_number(1, MAX_DEPTH)
count = whole_number(1)
milliseconds = whole_number(1, unit="ms")
