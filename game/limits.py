"""Limits for reading outside text (typed, pasted, or from files) and the short echo of it.

Every reader of a position string, move text or record checks lengths against these caps before
doing any work, accepts only ASCII digits (``str.isdigit`` also accepts ``²`` and other Unicode
digits, which ``int`` then refuses or turns into huge numbers), rejects non-finite numbers, and
quotes at most :data:`ECHO_CHARS` characters of the input in its message.
"""

from __future__ import annotations

import math
import re

ECHO_CHARS = 80
MAX_POSITION_CHARS = 400  # a 10 x 8 Khet or 8 x 8 Leiserchess string is under 200
MAX_RANK_CHARS = 40  # two letters per square on a 10-wide board is 20
MAX_MOVE_CHARS = 24  # "a1b2c3" is the longest move text
MAX_RECORD_MOVES = 100_000
MAX_SECONDS = 10 * 365 * 24 * 3600.0  # ten years: any longer clock value is damage


def shown(text: object, limit: int = ECHO_CHARS) -> str:
    """``repr`` of ``text`` cut to about ``limit`` characters, saying how long the whole was."""
    if not isinstance(text, str):
        r = repr(text)
        return r if len(r) <= limit else r[:limit] + "…"
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"


def is_version(value: object, version: int) -> bool:
    """True when a file's ``"version"`` field is exactly ``version`` (JSON's ``true`` is not 1, nor 1.0)."""
    return type(value) is int and value == version


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def control_character(text: str) -> str | None:
    """The first control character (C0, DEL, C1) or lone surrogate in ``text``, or None. Such a
    character cannot be drawn, copied to the system clipboard or written as UTF-8, so texts read
    from outside (names, setups, times in a record) refuse it."""
    found = _CONTROL.search(text)
    return found.group() if found else None


def is_ascii_digits(text: str) -> bool:
    """True for a non-empty run of the digits 0-9 only."""
    return text.isascii() and text.isdigit()


def is_ascii_digit(ch: str) -> bool:
    return "0" <= ch <= "9" and len(ch) == 1


def finite_number(value: object, what: str, low: float = 0.0, high: float = MAX_SECONDS) -> float:
    """``value`` as a float if it is a real JSON number within ``[low, high]``, else ValueError."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{what} must be a number, not {shown(value)}")
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise ValueError(f"{what} must be between {low:g} and {high:g}, not {shown(value)}")
    return number
