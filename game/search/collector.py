"""Python's cycle collector paused around a search and its answer.

The search tree makes no reference cycles, yet its millions of short-lived tuples would start a
collection every few hundred nodes; and the first collection after a long search (its caches
hold millions of objects) takes 0.1 s. Paused around the search *and the sending of its answer*,
that collection runs after the answer is out (the engine protocol then collects at once, while
the opponent thinks), never between the search's end and its answer.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cycle collector off for the block, restored as it was however the block ends."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
