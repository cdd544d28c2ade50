"""Python's cycle collector paused around a search and its answer.

The search tree makes no reference cycles, yet its millions of short-lived tuples would start a
collection every few hundred nodes; and the first collection after a long search (its caches
hold millions of objects) takes 0.1 s. Paused around the search *and the sending of its answer*,
that collection runs after the answer is out (the engine protocol then collects at once, while
the opponent thinks), never between the search's end and its answer.
"""

from __future__ import annotations

import gc
from types import TracebackType


class collector_paused:  # noqa: N801 (used as a function: ``with collector_paused():``)
    """The cycle collector off for the block, restored as it was however the block ends.

    A class, not a generator: leaving a generator-based context manager allocates while the
    block's objects are still alive, so a collection would walk a whole search's caches there."""

    __slots__ = ("was",)

    def __enter__(self) -> None:
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self.was:
            gc.enable()
